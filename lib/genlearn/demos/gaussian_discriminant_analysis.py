"""Figures and widget callbacks for notebook 03, Gaussian discriminant analysis.

Functions
---------
boundary_from_parameters   theta, theta0 of the log-odds theta^T x + theta0 for given phi, mu0, mu1, Sigma
boundary_equation          "1.23 x1 - 0.45 x2 + 0.67 = 0" as text
ellipse                    points of a contour ellipse of N(mu, Sigma)
line_in_box                the two ends of the line theta^T x + theta0 = 0 inside a box
plot_gda_fit               the picture of the notes: data, both fitted Gaussians, the straight boundary
sample_explorer_data       the explorer's data: fixed noise, reshaped by the sliders
make_explorer              the interactive GDA explorer (figure, update function, sliders)
explorer_panel             the explorer, ready to display in a notebook
worked_example             the seeded training set of the notebook (WORKED_EXAMPLE)
tumor_split                two tumour features, split into training and test sets
excess_error               exact extra error of a linear rule over the Bayes rule, for a GDA model
sampling_gaps              excess error of GDA fitted to the explorer's sample, over m and seeds

Every figure is a :class:`matplotlib.figure.Figure` made here (not by pyplot),
so the same code serves the static plots and the redraw-in-place widget.
"""
from types import SimpleNamespace

import numpy as np
from matplotlib.figure import Figure

from .. import gaussian
from .._base import sigmoid
from . import style

__all__ = ["boundary_from_parameters", "boundary_equation", "ellipse", "line_in_box",
           "plot_gda_fit", "sample_explorer_data", "make_explorer", "explorer_panel",
           "EXPLORER_RANGES", "WORKED_EXAMPLE", "worked_example", "TUMOR_FEATURES",
           "tumor_split", "excess_error", "sampling_gaps"]

CLASS_STYLE = {k: dict(color=style.class_color(k), marker=style.class_marker(k), label=f"y = {k}")
               for k in (0, 1)}

#: (min, max, step, initial value) of every slider of the explorer. The ranges
#: keep Sigma positive definite (|rho| <= 0.9, sigma >= 0.3) and both classes
#: populated (0.1 <= phi <= 0.9), so no slider position can crash the figure.
EXPLORER_RANGES = {
    "phi": (0.1, 0.9, 0.05, 0.5),
    "mu0_1": (-2.5, 2.5, 0.1, -1.0),
    "mu0_2": (-2.5, 2.5, 0.1, -0.5),
    "mu1_1": (-2.5, 2.5, 0.1, 1.0),
    "mu1_2": (-2.5, 2.5, 0.1, 0.8),
    "sigma1": (0.3, 1.5, 0.05, 1.0),
    "sigma2": (0.3, 1.5, 0.05, 0.7),
    "rho": (-0.9, 0.9, 0.05, 0.4),
}
_LIMITS = (-6.0, 6.0)


def boundary_from_parameters(phi, mu0, mu1, Sigma):
    """The log-odds of the GDA model as a linear function ``theta^T x + theta0``.

    With a shared Sigma the quadratic terms cancel and::

        log p(y=1|x) / p(y=0|x) = theta^T x + theta0,
        theta  = Sigma^{-1} (mu1 - mu0),
        theta0 = -1/2 mu1^T Sigma^{-1} mu1 + 1/2 mu0^T Sigma^{-1} mu0 + log(phi / (1 - phi)).

    Parameters
    ----------
    phi : float in (0, 1)
        ``p(y = 1)``.
    mu0, mu1 : array-like of shape (n,)
    Sigma : array-like of shape (n, n)
        Symmetric positive definite.

    Returns
    -------
    theta : ndarray of shape (n,)
    theta0 : float

    Examples
    --------
    >>> theta, theta0 = boundary_from_parameters(0.5, [0, 0], [2, 0], [[1, 0], [0, 1]])
    >>> theta.tolist(), theta0
    ([2.0, 0.0], -2.0)
    """
    if not 0.0 < phi < 1.0:
        raise ValueError(f"phi is the probability p(y=1) and must be strictly between 0 and 1; "
                         f"got {phi!r}.")
    Sigma = gaussian.check_covariance(Sigma)
    mu0 = np.asarray(mu0, dtype=float)
    mu1 = np.asarray(mu1, dtype=float)
    # One Cholesky solve for both means: no inverse.
    a0, a1 = np.linalg.solve(Sigma, np.column_stack([mu0, mu1])).T
    theta = a1 - a0
    theta0 = -0.5 * mu1 @ a1 + 0.5 * mu0 @ a0 + np.log(phi / (1.0 - phi))
    return theta, float(theta0)


def boundary_equation(theta, theta0, digits=3):
    """The boundary ``theta^T x + theta0 = 0`` written with numbers, e.g. ``1.2 x1 - 0.5 x2 + 3 = 0``."""
    terms = []
    for j, t in enumerate(np.ravel(theta), 1):
        sign = "-" if t < 0 else "+"
        terms.append((sign, f"{abs(t):.{digits}f} x{j}"))
    sign = "-" if theta0 < 0 else "+"
    terms.append((sign, f"{abs(theta0):.{digits}f}"))
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


def line_in_box(theta, theta0, xlim, ylim):
    """The segment of the line ``theta[0] x1 + theta[1] x2 + theta0 = 0`` inside a box.

    Returns
    -------
    x1, x2 : ndarray of shape (2,) each, or empty arrays when the line misses
    the box or does not exist (``theta == 0``: no boundary, one class wins everywhere).
    """
    a, b = float(theta[0]), float(theta[1])
    (x_lo, x_hi), (y_lo, y_hi) = xlim, ylim
    scale = max(abs(a), abs(b))
    if scale < 1e-12:
        return np.array([]), np.array([])
    pts = []
    if abs(b) > 1e-12 * scale:  # crossings with the vertical edges
        for x in (x_lo, x_hi):
            y = -(a * x + theta0) / b
            if y_lo - 1e-9 <= y <= y_hi + 1e-9:
                pts.append((x, y))
    if abs(a) > 1e-12 * scale:  # crossings with the horizontal edges
        for y in (y_lo, y_hi):
            x = -(b * y + theta0) / a
            if x_lo - 1e-9 <= x <= x_hi + 1e-9:
                pts.append((x, y))
    if len(pts) < 2:
        return np.array([]), np.array([])
    pts = np.array(pts)
    # the two crossings farthest apart (corners can be found twice)
    d = ((pts[:, None, :] - pts[None, :, :]) ** 2).sum(-1)
    i, j = np.unravel_index(np.argmax(d), d.shape)
    return pts[[i, j], 0], pts[[i, j], 1]


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


def sample_explorer_data(phi, mu0, mu1, Sigma, noise, order):
    """The explorer's training set: fixed noise reshaped by the current parameters.

    The same standard-normal ``noise`` (m, 2) and the same random ``order`` are
    used for every slider position: the first ``round(phi * m)`` examples of
    ``order`` are labelled 1, and ``x = mu_y + L z`` with ``Sigma = L L^T``. So
    moving a slider moves the same points smoothly instead of drawing new ones.
    Every draw is an exact sample of the GDA model with these parameters
    (with the class counts fixed at ``round(phi m)``).

    Returns
    -------
    X : ndarray of shape (m, 2)
    y : ndarray of int, shape (m,)
    """
    m = len(noise)
    y = np.zeros(m, dtype=int)
    y[order[: int(round(phi * m))]] = 1
    L = np.linalg.cholesky(Sigma)
    mu = np.where(y[:, None] == 1, np.asarray(mu1, float), np.asarray(mu0, float))
    return mu + noise @ L.T, y


def make_explorer(m=200, seed=0, dpi=72, grid=120):
    """Build the GDA explorer: a figure and an ``update`` that redraws it in place.

    The sliders set the true model (phi, mu0, mu1 and the shared Sigma from
    sigma1, sigma2, rho). ``update`` re-draws the training set sampled from it,
    the contour ellipses (Mahalanobis radius 1 and 2) of both Gaussians, the
    background colour ``p(y=1|x)``, the true boundary (solid) and the boundary
    of :class:`genlearn.GDA` fitted to the sample (dashed), and returns an HTML
    readout with the boundary equation as numbers.

    Returns
    -------
    explorer : SimpleNamespace
        ``fig``, ``update(phi, mu0_1, mu0_2, mu1_1, mu1_2, sigma1, sigma2, rho)``,
        ``artists`` (dict of the matplotlib artists changed by ``update``),
        ``state`` (dict with the last X, y, theta, theta0 and fitted model) and
        ``ranges`` (:data:`EXPLORER_RANGES`).
    """
    from .. import GDA

    rng = np.random.default_rng(seed)
    noise = rng.standard_normal((m, 2))
    order = rng.permutation(m)

    fig = Figure(figsize=(5.6, 5.0), dpi=dpi)
    ax = fig.subplots()
    lo, hi = _LIMITS
    g = np.linspace(lo, hi, grid)
    G1, G2 = np.meshgrid(g, g)
    grid_pts = np.column_stack([G1.ravel(), G2.ravel()])
    art = {}
    art["posterior"] = ax.imshow(np.zeros((grid, grid)), extent=(lo, hi, lo, hi), origin="lower",
                                 cmap="RdBu_r", vmin=0.0, vmax=1.0, alpha=0.35,
                                 interpolation="bilinear")
    for k in (0, 1):
        st = CLASS_STYLE[k]
        art[f"points{k}"] = ax.scatter(np.zeros(1), np.zeros(1), s=14, marker=st["marker"],
                                       color=st["color"], label=st["label"])
        for r in (1, 2):
            (art[f"ellipse{k}_{r}"],) = ax.plot([], [], color=st["color"], lw=1.3)
        (art[f"mean{k}"],) = ax.plot([], [], marker="+", color="k", ms=12, mew=2, ls="none")
    (art["boundary"],) = ax.plot([], [], color="k", lw=2, label="true boundary")
    (art["fitted"],) = ax.plot([], [], color="k", lw=1.5, ls="--", label="GDA fitted to sample")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal")
    ax.set_xlabel("x1")
    ax.set_ylabel("x2")
    ax.legend(loc="upper left", fontsize=8, framealpha=0.85)
    title = ax.set_title("", fontsize=9)
    fig.tight_layout()
    state = {}

    def update(phi, mu0_1, mu0_2, mu1_1, mu1_2, sigma1, sigma2, rho):
        mu0 = np.array([mu0_1, mu0_2], dtype=float)
        mu1 = np.array([mu1_1, mu1_2], dtype=float)
        Sigma = gaussian.covariance(sigma1, sigma2, rho)
        X, y = sample_explorer_data(phi, mu0, mu1, Sigma, noise, order)
        theta, theta0 = boundary_from_parameters(phi, mu0, mu1, Sigma)
        for k, mu in ((0, mu0), (1, mu1)):
            art[f"points{k}"].set_offsets(X[y == k])
            for r in (1, 2):
                xy = ellipse(mu, Sigma, r)
                art[f"ellipse{k}_{r}"].set_data(xy[:, 0], xy[:, 1])
            art[f"mean{k}"].set_data([mu[0]], [mu[1]])
        art["posterior"].set_data(sigmoid(grid_pts @ theta + theta0).reshape(grid, grid))
        art["boundary"].set_data(*line_in_box(theta, theta0, _LIMITS, _LIMITS))
        model = GDA().fit(X, y)
        art["fitted"].set_data(*line_in_box(model.theta_, model.theta0_, _LIMITS, _LIMITS))
        acc = model.score(X, y)
        title.set_text(f"m = {m}: {int((y == 0).sum())} with y = 0, {int(y.sum())} with y = 1")
        state.update(X=X, y=y, theta=theta, theta0=theta0, model=model, Sigma=Sigma,
                     mu0=mu0, mu1=mu1, phi=phi)
        if np.allclose(theta, 0.0):
            true_line = ("no boundary: mu0 = mu1, so p(y=1|x) = phi everywhere and the "
                         "class with the larger prior wins")
        else:
            true_line = boundary_equation(theta, theta0)
        return (
            "<div style='font-family:monospace; font-size:12px; line-height:1.5'>"
            f"<b>true model</b><br>"
            f"theta = Sigma<sup>-1</sup>(mu1 - mu0) = [{theta[0]:.3f}, {theta[1]:.3f}]<br>"
            f"theta0 = {theta0:.3f}<br>"
            f"boundary: {true_line}<br><br>"
            f"<b>GDA fitted to the {m} points</b><br>"
            f"boundary: {boundary_equation(model.theta_, model.theta0_)}<br>"
            f"phi = {model.phi_[1]:.3f}, training accuracy = {acc:.3f}"
            "</div>"
        )

    return SimpleNamespace(fig=fig, update=update, artists=art, state=state,
                           ranges=EXPLORER_RANGES)


def explorer_panel(m=200, seed=0, dpi=72):
    """The GDA explorer as an ipywidgets box: sliders, readout and the live figure."""
    from .live import LiveFigure, interactive_panel, slider

    ex = make_explorer(m=m, seed=seed, dpi=dpi)
    labels = {"phi": "phi", "mu0_1": "mu0, x1", "mu0_2": "mu0, x2", "mu1_1": "mu1, x1",
              "mu1_2": "mu1, x2", "sigma1": "sigma1", "sigma2": "sigma2", "rho": "rho"}
    controls = {name: slider(init, lo, hi, step, labels[name])
                for name, (lo, hi, step, init) in EXPLORER_RANGES.items()}
    live = LiveFigure(ex.fig)
    return interactive_panel(ex.update, live, **controls)


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

    ``setting`` holds slider values (default: the initial ones of
    :data:`EXPLORER_RANGES`); each (m, seed) draws the explorer's training set
    exactly as :func:`make_explorer` does with that ``m`` and ``seed``.

    Returns
    -------
    gaps : ndarray of shape (len(sizes), len(seeds))
    """
    from .. import GDA

    p = {name: r[3] for name, r in EXPLORER_RANGES.items()}
    p.update(setting)
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
