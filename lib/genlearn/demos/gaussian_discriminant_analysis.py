"""Figures and tables of notebook 03, Gaussian discriminant analysis (its explorer:
:class:`genlearn.explorers.gaussian_discriminant_analysis.GDAExplorer`).

Functions
---------
boundary_from_parameters   theta, theta0 of the log-odds for given phi, mu0, mu1, Sigma (from .geometry)
boundary_equation          "1.23 x1 - 0.45 x2 + 0.67 = 0" as text
ellipse                    points of a contour ellipse of N(mu, Sigma)
line_in_box                the two ends of the line theta^T x + theta0 = 0 inside a box (from .geometry)
plot_gda_fit               the picture of the notes: data, both fitted Gaussians, the straight boundary
sample_explorer_data       the explorer's data: fixed noise, reshaped by the sliders
fit_error                  the fitted GDA's errors against the true model, as the explorer reports them
plot_explorer_state        the explorer's still picture: the points, the fitted and the true boundary
worked_example             the seeded training set of the notebook (WORKED_EXAMPLE)
tumor_split                two tumour features, split into training and test sets
excess_error               exact extra error of a linear rule over the Bayes rule, for a GDA model
sampling_gaps              excess error of GDA fitted to the explorer's sample, over m and seeds

Every static figure is a :class:`matplotlib.figure.Figure` made here (not by pyplot).
"""
import math

import numpy as np

from .. import gaussian
from ..explorers.explorer import fmt
from ..explorers.points import MIN_PER_CLASS
from . import style
from .geometry import boundary_from_parameters, line_in_box

__all__ = ["boundary_from_parameters", "boundary_equation", "ellipse", "line_in_box",
           "plot_gda_fit", "sample_explorer_data", "EXPLORER_SETTING", "fit_error", "plot_explorer_state",
           "WORKED_EXAMPLE", "worked_example", "TUMOR_FEATURES", "tumor_split", "excess_error", "sampling_gaps"]

CLASS_STYLE = {k: dict(color=style.class_color(k), marker=style.class_marker(k), label=f"y = {k}")
               for k in (0, 1)}

_LIMITS = (-6.0, 6.0)


def boundary_equation(theta, theta0, digits=3):
    """The boundary ``theta^T x + theta0 = 0`` written with numbers, e.g. ``1.2 x1 - 0.5 x2 + 3 = 0``."""
    terms = []
    for j, t in enumerate(np.ravel(theta), 1):
        sign = "-" if t < 0 else "+"
        terms.append((sign, f"{fmt(abs(t), digits)} x{j}"))
    sign = "-" if theta0 < 0 else "+"
    terms.append((sign, fmt(abs(theta0), digits)))
    first_sign, first = terms[0]
    text = ("-" if first_sign == "-" else "") + first
    for s, t in terms[1:]:
        text += f" {s} {t}"
    return text + " = 0"


def ellipse(mu, Sigma, r=1.0, num=100):
    """Points on the contour ``(x - mu)^T Sigma^{-1} (x - mu) = r^2`` of a 2-D Gaussian.

    The semi-axes point along the eigenvectors of Sigma, with lengths
    ``r * sqrt(eigenvalue)`` (see :func:`genlearn.gaussian.principal_axes`).

    Returns
    -------
    xy : ndarray of shape (num, 2)
        A closed curve (the last point equals the first).
    """
    return gaussian.ellipse_points(mu, Sigma, r, num)


def plot_gda_fit(model, X, y, ax=None, feature_names=("x1", "x2"), radii=(1.0, 2.0),
                 title=None, X_test=None, y_test=None, class_names=("y = 0", "y = 1")):
    """Training set, the contours of both fitted Gaussians and the straight boundary.

    The two Gaussians share Sigma, so their ellipses have the same shape and
    orientation and differ only in their centres; the boundary is the line
    where ``p(y=1|x) = 0.5``, i.e. ``theta^T x + theta0 = 0``. Every encoding
    (points, held-out points, ellipses, means, boundary) is named in the legend,
    to the right of the axes.

    Parameters
    ----------
    model : fitted genlearn.GDA on two features and classes {0, 1}
    X : ndarray of shape (m, 2)
    y : ndarray of shape (m,)
    ax : matplotlib Axes, optional
        A new figure is made when omitted.
    feature_names : pair of str
    radii : Mahalanobis radii of the contours drawn
    X_test, y_test : optional held-out points, drawn hollow
    class_names : pair of str, used in the legend
    title : str, optional
        Default: what the picture shows, with mu and Sigma.

    Returns
    -------
    fig : matplotlib.figure.Figure
    """
    if ax is None:
        fig = style.new_figure((8.8, 5.0))
        ax = fig.subplots()
    fig = ax.figure
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    classes = list(model.classes_)
    allX = X if X_test is None else np.vstack([X, X_test])
    xlim, ylim = style.data_limits(allX)
    style.scatter_classes(ax, X, y, classes=classes, s=18, alpha=0.6,
                          names=[f"train, {name}" for name in class_names])
    if X_test is not None:
        style.scatter_classes(ax, X_test, y_test, classes=classes, hollow=True, s=30,
                              alpha=0.8, names=[f"held out, {name}" for name in class_names])
    radii_text = ", ".join(f"{r:g}" for r in radii)
    keys = []
    for k in range(len(classes)):
        line = dict(color=style.class_color(k), ls=style.CLASS_LINESTYLES[k], lw=1.5)
        for r in radii:
            xy = ellipse(model.mu_[k], model.Sigma_, r)
            ax.plot(xy[:, 0], xy[:, 1], **line)
        keys.append(style.key(f"N(μ{'₀₁'[k]}, Σ) at r = {radii_text}", **line))
    ax.plot(*model.mu_.T, **style.MEAN_MARKER)
    keys.append(style.key("fitted means μ₀, μ₁", **style.MEAN_MARKER))
    bx, by = line_in_box(model.theta_, model.theta0_, xlim, ylim)
    ax.plot(bx, by, label="boundary p(y=1|x) = 1/2", **style.BOUNDARY)
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    ax.set_xlabel(feature_names[0])
    ax.set_ylabel(feature_names[1])
    handles, _ = ax.get_legend_handles_labels()
    ax.legend(handles=handles[:-1] + keys + handles[-1:], loc="upper left",
              bbox_to_anchor=(1.02, 1.0), title="r: Mahalanobis radius")
    ax.set_title(title or "GDA: N(μ₀, Σ) and N(μ₁, Σ) with one shared Σ")
    return fig


#: The true model the GDA explorer starts from (its sliders' defaults), also the setting of :func:`sampling_gaps`.
EXPLORER_SETTING = dict(phi=0.5, mu0_1=-1.0, mu0_2=-0.5, mu1_1=1.0, mu1_2=0.8, sigma1=1.0, sigma2=0.7, rho=0.4)


def sample_explorer_data(phi, mu0, mu1, Sigma, noise, order):
    """The explorer's training set: fixed noise reshaped by the current parameters.

    The same standard-normal ``noise`` (m, 2) and the same random ``order`` are
    used for every slider position: the first ``round(phi * m)`` examples of
    ``order`` are labelled 1, and ``x = mu_y + L z`` with ``Sigma = L L^T``. So
    moving a slider moves the same points smoothly instead of drawing new ones.
    Every draw is an exact sample of the GDA model with these parameters
    (with the class counts fixed at ``round(phi m)``, kept between
    :data:`MIN_PER_CLASS` and ``m - MIN_PER_CLASS`` so that a small m still
    has a fit).

    Returns
    -------
    X : ndarray of shape (m, 2)
    y : ndarray of int, shape (m,)
    """
    m = len(noise)
    y = np.zeros(m, dtype=int)
    y[order[: min(max(int(round(phi * m)), MIN_PER_CLASS), m - MIN_PER_CLASS)]] = 1
    L = np.linalg.cholesky(Sigma)
    mu = np.where(y[:, None] == 1, np.asarray(mu1, float), np.asarray(mu0, float))
    return mu + noise @ L.T, y


def fit_error(fit, phi, mu0, mu1, Sigma):
    """How far GDA's fit is from the true model: ``mu0``, ``mu1`` (Euclidean distances of
    the means), ``Sigma`` (Frobenius norm of Sigma_hat - Sigma) and ``angle``, in degrees in
    [0, 180], between the fitted and the true theta (None when the true theta is 0: no true
    boundary), computed as ``atan2(|cross|, dot)``, accurate at small angles too."""
    theta, _ = boundary_from_parameters(phi, mu0, mu1, Sigma)
    t = fit.theta_
    angle = None
    if not np.allclose(theta, 0.0):
        angle = math.degrees(math.atan2(abs(t[0] * theta[1] - t[1] * theta[0]), t[0] * theta[0] + t[1] * theta[1]))
    return dict(mu0=math.hypot(*(fit.mu_[0] - mu0)), mu1=math.hypot(*(fit.mu_[1] - mu1)),
                Sigma=math.sqrt(float(((fit.Sigma_ - Sigma) ** 2).sum())), angle=angle)


def plot_explorer_state(X, y, phi, mu0, mu1, Sigma):
    """The GDA explorer's still picture, where widgets cannot run: the training points ``X`` (m, 2), ``y``
    (m,), GDA fitted to them (:func:`plot_gda_fit`) and the boundary of the true model (dotted)."""
    from .. import GDA

    fig = plot_gda_fit(GDA().fit(X, y), X, y,
                       title=f"GDA fitted to the explorer's {len(y)} points")
    ax = fig.axes[0]
    theta, theta0 = boundary_from_parameters(phi, mu0, mu1, Sigma)
    ax.plot(*line_in_box(theta, theta0, ax.get_xlim(), ax.get_ylim()),
            label="true boundary", **style.REFERENCE)
    legend = ax.get_legend()
    handles = list(legend.legend_handles) + [ax.lines[-1]]
    labels = [t.get_text() for t in legend.texts]
    labels[-1] = "fitted " + labels[-1]  # plot_gda_fit's boundary is the fitted one
    ax.legend(handles=handles, labels=labels + ["true boundary"], loc="upper left",
              bbox_to_anchor=(1.02, 1.0), title="r: Mahalanobis radius")
    return fig


#: The seeded data set of notebook 03: the true model its numbers are fitted to.
WORKED_EXAMPLE = dict(m=300, phi=0.4, mu=((0.0, 0.0), (2.0, 1.0)),
                      Sigma=((1.0, 0.5), (0.5, 1.5)), random_state=3)

#: The two tumour features and the held-out split of notebook 03.
TUMOR_FEATURES = ("mean radius", "mean texture")
TUMOR_SPLIT = dict(test_size=0.3, random_state=0)


def worked_example():
    """The seeded training set of notebook 03, drawn from :data:`WORKED_EXAMPLE`.

    Returns
    -------
    X : ndarray of shape (300, 2)
    y : ndarray of int, shape (300,)
    """
    from ..datasets import make_gaussian_classes

    return make_gaussian_classes(**WORKED_EXAMPLE)


def tumor_split():
    """The two tumour features of :data:`TUMOR_FEATURES`, split 70 / 30 (stratified, seeded).

    Returns
    -------
    X_train, X_test, y_train, y_test : ndarrays (y = 1 for malignant)
    """
    from sklearn.model_selection import train_test_split

    from ..datasets import load_tumors

    X, y, names = load_tumors(return_feature_names=True)
    idx = [list(names).index(f) for f in TUMOR_FEATURES]
    return train_test_split(X[:, idx], y, stratify=y, **TUMOR_SPLIT)


def excess_error(theta, theta0, phi, mu0, mu1, Sigma):
    """How much more often the rule ``theta^T x + theta0 > 0`` errs than the Bayes rule.

    Both errors are exact for the GDA model (phi, mu0, mu1, Sigma): along
    the direction ``theta`` each class is a 1-D Gaussian with mean
    ``theta^T mu_k + theta0`` and standard deviation ``sqrt(theta^T Sigma theta)``,
    so ``error = (1 - phi) Phi(a_0 / s) + phi Phi(-a_1 / s)``. The Bayes rule
    is the same formula at the true ``theta``, ``theta0``.

    Returns
    -------
    float, >= 0
    """
    from scipy.special import ndtr  # the standard normal cdf Phi

    Sigma = np.asarray(Sigma, dtype=float)
    mu0, mu1 = np.asarray(mu0, dtype=float), np.asarray(mu1, dtype=float)

    def error(t, t0):
        t = np.asarray(t, dtype=float)
        s = np.sqrt(t @ Sigma @ t)
        return (1 - phi) * ndtr((t @ mu0 + t0) / s) + phi * ndtr(-(t @ mu1 + t0) / s)

    return float(error(theta, theta0) - error(*boundary_from_parameters(phi, mu0, mu1, Sigma)))


def sampling_gaps(sizes=(50, 200, 800, 3200), seeds=range(50), **setting):
    """Excess error of GDA fitted to the explorer's sample, for several m and seeds.

    ``setting`` holds slider values (default: :data:`EXPLORER_SETTING`, the initial ones of the
    explorer, :class:`genlearn.explorers.gaussian_discriminant_analysis.GDAExplorer`); each (m, seed)
    draws the explorer's training set exactly as the explorer does with that ``m`` and ``seed``.

    Returns
    -------
    gaps : ndarray of shape (len(sizes), len(seeds))
    """
    from .. import GDA

    p = {**EXPLORER_SETTING, **setting}
    mu0, mu1 = np.array([p["mu0_1"], p["mu0_2"]]), np.array([p["mu1_1"], p["mu1_2"]])
    Sigma = gaussian.covariance(p["sigma1"], p["sigma2"], p["rho"])
    gaps = np.empty((len(sizes), len(seeds)))
    for i, m in enumerate(sizes):
        for j, seed in enumerate(seeds):
            rng = np.random.default_rng(seed)
            noise = rng.standard_normal((m, 2))
            order = rng.permutation(m)
            X, y = sample_explorer_data(p["phi"], mu0, mu1, Sigma, noise, order)
            fit = GDA().fit(X, y)
            gaps[i, j] = excess_error(fit.theta_, fit.theta0_, p["phi"], mu0, mu1, Sigma)
    return gaps
