"""Figures and widget callbacks for notebook 03, Gaussian discriminant analysis.

Functions
---------
boundary_from_parameters   theta, theta0 of the log-odds for given phi, mu0, mu1, Sigma (from .geometry)
boundary_equation          "1.23 x1 - 0.45 x2 + 0.67 = 0" as text
ellipse                    points of a contour ellipse of N(mu, Sigma)
line_in_box                the two ends of the line theta^T x + theta0 = 0 inside a box (from .geometry)
plot_gda_fit               the picture of the notes: data, both fitted Gaussians, the straight boundary
sample_explorer_data       the explorer's data: fixed noise, reshaped by the sliders
worked_example             the seeded training set of the notebook (WORKED_EXAMPLE)
tumor_split                two tumour features, split into training and test sets
excess_error               exact extra error of a linear rule over the Bayes rule, for a GDA model
sampling_gaps              excess error of GDA fitted to the explorer's sample, over m and seeds

Classes
-------
GDAExplorer                the interactive figure: an anywidget explorer whose page
                           (``gaussian_discriminant_analysis.js``) samples, fits and
                           draws every frame, and lets the learner drag, add and remove
                           training points; its ``expected_state`` is the numpy twin.

Every static figure is a :class:`matplotlib.figure.Figure` made here (not by pyplot).
"""
import math

import numpy as np
import traitlets

from .. import gaussian
from .._base import sigmoid
from . import describe, style
from .explorer import Menu, Slider, Whole, fmt
from .geometry import boundary_from_parameters, line_in_box
# shared with lesson 04's explorer: what a press does, which points are accepted
from .points import FLAT, MIN_PER_CLASS, POINTER_MODES, PointsExplorer, check_training_points  # noqa: F401
from .seeded_draws import SEED_MAX, seeded_draws

__all__ = ["boundary_from_parameters", "boundary_equation", "ellipse", "line_in_box",
           "plot_gda_fit", "sample_explorer_data", "GDAExplorer", "EXPLORER_RADII", "WORKED_EXAMPLE",
           "worked_example", "TUMOR_FEATURES", "tumor_split", "excess_error", "sampling_gaps"]

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


#: Mahalanobis radii of the explorer's contour ellipses, points on each, and
#: the indices of the points the page publishes for the tests.
EXPLORER_RADII = (1.0, 2.0)
ELLIPSE_NUM = 73
ELLIPSE_PROBES = (0, 12, 24, 36, 48, 60, 72)

#: Points per side of the explorer's shading of p(y=1|x) over the box, and the
#: grid indices (in x1 and in x2) at which the page publishes the posterior.
SHADE_N = 121
SHADE_PROBES = (0, 30, 60, 90, 120)

#: Why the sliders' ranges are what they are (quoted by the ValueError for a value outside).
_KEEPS = "the ranges keep Sigma positive definite and both classes populated"

#: Where the outlier preset puts the first point with y = 0: a corner of the box, past class 1.
OUTLIER_AT = (5.5, 5.5)


def _line(theta, theta0):
    x1, x2 = line_in_box(theta, theta0, _LIMITS, _LIMITS)
    return [x1.tolist(), x2.tolist()]


#: How the explorer's sample was drawn (its ``draws`` trait), as the readouts say it.
DRAWS = {"numpy": "numpy's default_rng (the lesson's sample)",
         "mulberry32": "the page's generator (mulberry32)"}


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


def _readout_lines(m_k, theta, theta0, fit, accuracy, error, draws, seed):
    """The explorer's readouts, as the page prints them (one string a line).

    ``m_k`` = (examples with y = 0, with y = 1); ``theta, theta0``: the true
    boundary; ``fit``: :class:`genlearn.GDA` fitted to the sample, whose
    training accuracy is ``accuracy``; ``error``: :func:`fit_error`;
    ``draws``, ``seed``: how the sample was drawn.
    """
    f3 = lambda x: fmt(x, 3)  # noqa: E731
    if np.allclose(theta, 0.0):
        true_line = "none: μ₀ = μ₁, so p(y=1|x) = φ everywhere"
    else:
        true_line = boundary_equation(theta, theta0)
    mu, S = fit.mu_, fit.Sigma_
    return [
        f"m = {m_k[0] + m_k[1]}: {m_k[0]} with y = 0, {m_k[1]} with y = 1",
        f"true θ = Σ⁻¹(μ₁ − μ₀) = [{f3(theta[0])}, {f3(theta[1])}]",
        f"true θ₀ = {f3(theta0)}",
        f"true boundary: {true_line}",
        f"fitted φ = {f3(fit.phi_y_[1])}, training accuracy = {f3(accuracy)}",
        f"fitted μ₀ = ({f3(mu[0, 0])}, {f3(mu[0, 1])}), μ₁ = ({f3(mu[1, 0])}, {f3(mu[1, 1])})",
        f"fitted Σ = [[{f3(S[0, 0])}, {f3(S[0, 1])}], [{f3(S[1, 0])}, {f3(S[1, 1])}]]",
        f"fitted θ = [{f3(fit.theta_[0])}, {f3(fit.theta_[1])}], θ₀ = {f3(fit.theta0_)}",
        f"fitted boundary: {boundary_equation(fit.theta_, fit.theta0_)}",
        f"fitted − true: θ by [{f3(fit.theta_[0] - theta[0])}, {f3(fit.theta_[1] - theta[1])}], "
        f"θ₀ by {f3(fit.theta0_ - theta0)}",
        f"fitted − true: |μ̂₀ − μ₀| = {f3(error['mu0'])}, |μ̂₁ − μ₁| = {f3(error['mu1'])}, "
        f"‖Σ̂ − Σ‖ = {f3(error['Sigma'])}, boundaries' angle "
        + ("none (no true boundary)" if error["angle"] is None else f"{fmt(error['angle'], 2)}°"),
        f"sample drawn with seed {seed} by {DRAWS[draws]}",
    ]


class GDAExplorer(PointsExplorer):
    """The GDA model in 2-D, sampled and fitted in the browser: move the true model, watch both boundaries.

    Eight sliders set the true model: ``phi = p(y=1)``, the means ``mu0 =
    (mu0_1, mu0_2)``, ``mu1 = (mu1_1, mu1_2)`` and the shared ``Sigma =
    gaussian.covariance(sigma1, sigma2, rho)``. The page draws the training
    set of ``m`` points sampled from that model with fixed random draws (sent
    once: standard-normal ``noise`` and a random ``order``, reshaped by
    :func:`sample_explorer_data`, so the cloud moves smoothly), the contour
    ellipses of both true Gaussians, the true posterior p(y=1|x) as shading,
    the true boundary (solid) and the boundary of GDA fitted to the sample
    (dashed), and prints both as numbers. ``gaussian_discriminant_analysis.js``
    computes every frame (the sample, the MLE, theta, theta0, ellipses, the
    boundary segments); :meth:`expected_state` is its numpy twin.

    The training points are data the learner touches: ``points`` and ``labels``
    hold the sample the page draws and fits, and the page lets the learner drag a
    point, add one of either class and remove one (the ``pointer`` menu, Shift+press
    removes, and the keyboard: the figure takes the focus, arrows choose a point,
    Enter picks it up to move with the arrows, Delete removes it, 0 and 1 add one);
    each frame fits GDA to the current points and draws the fitted boundary and
    ellipses beside the true ones. Moving a slider of the true model draws the
    sample again from it (with the same fixed draws), as does :meth:`resample`.

    Parameters
    ----------
    m : int, default=200
        Size of the training set, between 10 and 2000 (each class keeps at least
        :data:`MIN_PER_CLASS` examples); the page's m slider sets it too.
    seed : int, default=0
        Seed of the fixed draws, a 32-bit whole number: with ``draws="numpy"``
        ``numpy.random.default_rng(seed)`` (first the (m, 2) standard-normal
        noise, then the permutation); with ``draws="mulberry32"``
        :func:`genlearn.demos.seeded_draws.seeded_draws`, which the page computes
        too (its *New sample* button and the m slider switch to it).
    draws : {"numpy", "mulberry32"}, default="numpy"
        Which generator draws the sample (:data:`DRAWS`).
    phi, mu0_1, mu0_2, mu1_1, mu1_2, sigma1, sigma2, rho : float
        Initial slider values.

    Attributes
    ----------
    phi, mu0_1, mu0_2, mu1_1, mu1_2, sigma1, sigma2, rho : float
        The slider values; each must lie in its slider's range (a ValueError
        says which): |rho| <= 0.9 and sigma >= 0.3 keep Sigma positive
        definite, 0.1 <= phi <= 0.9 keeps both classes populated.
    noise : list of [float, float], shape (m, 2)
    order : list of int, shape (m,)
        The fixed draws the sample is made from.
    pointer : {"move", "add0", "add1", "remove"}
        What a press on the figure does (:data:`POINTER_MODES`).
    points : list of [float, float], shape (m, 2)
    labels : list of int, shape (m,)
        The training points the page draws and fits (the sample of the true
        model until the learner or Python edits them). Set both at once with
        :meth:`set_points`; :func:`check_training_points` says what is refused.
    mu0, mu1 : ndarray of shape (2,)
        Read-only.
    Sigma : ndarray of shape (2, 2)
        Read-only, from :func:`genlearn.gaussian.covariance`.

    Examples
    --------
    >>> ex = GDAExplorer()
    >>> X, y = ex.sample()
    >>> X.shape, int(y.sum())
    ((200, 2), 100)
    >>> ex.phi = 0.3
    >>> int(ex.sample()[1].sum())
    60
    >>> ex.outlier()                       # the first point with y = 0 far away
    >>> ex.points[int(np.flatnonzero(np.array(ex.labels) == 0)[0])]
    [5.5, 5.5]
    """

    _js = "gaussian_discriminant_analysis.js"
    _title = "GDA explorer"

    phi = Slider(0.1, 0.9, 0.05, 0.5, "φ = p(y = 1)", digits=2, why=_KEEPS)
    mu0_1 = Slider(-2.5, 2.5, 0.1, -1.0, "μ₀ along x₁", digits=1)
    mu0_2 = Slider(-2.5, 2.5, 0.1, -0.5, "μ₀ along x₂", digits=1)
    mu1_1 = Slider(-2.5, 2.5, 0.1, 1.0, "μ₁ along x₁", digits=1)
    mu1_2 = Slider(-2.5, 2.5, 0.1, 0.8, "μ₁ along x₂", digits=1)
    sigma1 = Slider(0.3, 1.5, 0.05, 1.0, "σ₁ (sd of x₁)", digits=2, why=_KEEPS)
    sigma2 = Slider(0.3, 1.5, 0.05, 0.7, "σ₂ (sd of x₂)", digits=2, why=_KEEPS)
    rho = Slider(-0.9, 0.9, 0.05, 0.4, "ρ (correlation)", digits=2, why=_KEEPS)
    m = Whole(10, 2000, 200, "m (examples)", why="the page's m slider goes from 10 to 2000")
    seed = Whole(0, SEED_MAX, 0, "seed of the draws", why="seeds are 32-bit whole numbers")
    pointer = Menu(POINTER_MODES, "move", "a press on the figure")

    # The generator of the fixed draws (DRAWS), and the draws, sent once (and again if m or seed change).
    draws = traitlets.Enum(tuple(DRAWS), "numpy").tag(sync=True)
    noise = traitlets.List().tag(sync=True)
    order = traitlets.List().tag(sync=True)
    # (points, labels, min_per_class and flat: PointsExplorer's, the learner's training points)

    # Constants the page needs (the JavaScript keeps no copy).
    limits = traitlets.List(list(_LIMITS)).tag(sync=True)
    outlier_at = traitlets.List(list(OUTLIER_AT)).tag(sync=True)
    radii = traitlets.List(list(EXPLORER_RADII)).tag(sync=True)
    ellipse_num = traitlets.Int(ELLIPSE_NUM).tag(sync=True)
    ellipse_probes = traitlets.List(list(ELLIPSE_PROBES)).tag(sync=True)
    shade_n = traitlets.Int(SHADE_N).tag(sync=True)
    shade_probes = traitlets.List(list(SHADE_PROBES)).tag(sync=True)

    def __init__(self, draws="numpy", **params):
        self._building = True  # the draws are made once, when every parameter has its value
        self.draws = draws
        super().__init__(**params)
        self._building = False
        self._draw()

    @traitlets.observe("m", "seed", "draws")
    def _on_draws(self, change):
        if not getattr(self, "_building", False):
            self._draw()

    def new_sample(self, seed=None, m=None):
        """What the page's *New sample* button (seed + 1) and m slider do: draws from the page's
        generator (:func:`~genlearn.demos.seeded_draws.seeded_draws`) with this seed and m."""
        with self.hold_trait_notifications():
            self.draws = "mulberry32"
            self.seed = self.seed + 1 if seed is None else seed
            if m is not None:
                self.m = m

    @traitlets.observe("phi", "mu0_1", "mu0_2", "mu1_1", "mu1_2", "sigma1", "sigma2", "rho")
    def _on_true_model(self, change):
        if len(self.noise) != self.m:  # (not while the constructor sets the first values)
            return
        X, y = self.sample()
        # A slider moved on the page comes with the page's own sample (equal to this one to
        # rounding): keeping it sends nothing back, so no echo can overwrite a newer page state.
        if self.labels == y.tolist() and np.allclose(self.points, X, rtol=0, atol=1e-9):
            return
        self.set_points(X, y)

    def _draw(self):
        """The fixed draws: standard-normal noise (m, 2), then a permutation of range(m); the sample."""
        if self.draws == "numpy":
            rng = np.random.default_rng(self.seed)
            noise = rng.standard_normal((self.m, 2))
            order = rng.permutation(self.m)
        else:
            noise, order = seeded_draws(self.m, self.seed)
            # Draws the page made come with the page's own noise and sample (equal to these to the
            # last bits of log, cos and sin): keeping them sends no echo back to the page.
            if (self.order == order.tolist() and np.allclose(self.noise, noise, rtol=0, atol=1e-12)
                    and len(self.points) == self.m):
                return
        with self.hold_sync():
            self.noise = noise.tolist()
            self.order = order.tolist()
            self.resample()

    def resample(self):
        """Make the sample of the true model (:meth:`sample`) the training points again."""
        self.set_points(*self.sample())

    def outlier(self):
        """The outlier preset: the first point with y = 0 moves to :data:`OUTLIER_AT` (the page's button)."""
        X, y = self.data()
        X[np.flatnonzero(y == 0)[0]] = OUTLIER_AT
        self.set_points(X, y)

    mu0 = property(lambda self: np.array([self.mu0_1, self.mu0_2]), doc="The true mean of class 0.")
    mu1 = property(lambda self: np.array([self.mu1_1, self.mu1_2]), doc="The true mean of class 1.")
    Sigma = property(lambda self: gaussian.covariance(self.sigma1, self.sigma2, self.rho),
                     doc="The true shared covariance, :func:`genlearn.gaussian.covariance`.")

    def sample(self):
        """The training set the page draws now: ``X`` (m, 2), ``y`` (m,) (:func:`sample_explorer_data`)."""
        return sample_explorer_data(self.phi, self.mu0, self.mu1, self.Sigma,
                                    np.asarray(self.noise), np.asarray(self.order))

    def expected_state(self):
        """Everything the page publishes in ``data-state`` now, computed with genlearn.

        The training points are :meth:`data` (the sample, or what the learner made
        of it); the fit is :class:`genlearn.GDA` (Sigma divided by m); both
        boundaries come as ``theta``, ``theta0`` and ``line`` (the segment inside
        the box, :func:`line_in_box`, ``[x1s, x2s]``).

        Keys: ``sample`` (``counts`` per class, every point ``X`` and label ``y``),
        ``true`` (``Sigma``, ``theta``, ``theta0``, ``line``), ``fitted`` (``phi``,
        ``mu0``, ``mu1``, ``Sigma``, ``theta``, ``theta0``, ``line``, ``accuracy``,
        and ``ellipses``: the fitted contours, as the true ones), ``ellipses`` (the
        true contours ``[class][radius]`` at :data:`EXPLORER_RADII`, by
        :func:`genlearn.gaussian.ellipse_points` with :data:`ELLIPSE_NUM` points,
        the points :data:`ELLIPSE_PROBES`), ``posterior`` (the true p(y=1|x) on
        the shading grid at :data:`SHADE_PROBES`: ``p[i][j]`` at ``(x[j], y[i])``),
        ``readouts`` and ``params``.
        """
        from .. import GDA

        mu0, mu1, S = self.mu0, self.mu1, gaussian.check_covariance(self.Sigma)
        X, y = self.data()
        theta, theta0 = boundary_from_parameters(self.phi, mu0, mu1, S)
        fit = GDA().fit(X, y)
        accuracy = float(fit.score(X, y))
        error = fit_error(fit, self.phi, mu0, mu1, S)
        g = np.linspace(*_LIMITS, SHADE_N)[list(SHADE_PROBES)]
        G = np.stack(np.meshgrid(g, g), axis=-1)
        m_k = [int((y == 0).sum()), int((y == 1).sum())]

        def rings(mu, Sigma):
            return [gaussian.ellipse_points(mu, Sigma, r, ELLIPSE_NUM)[list(ELLIPSE_PROBES)].tolist()
                    for r in EXPLORER_RADII]

        return dict(
            sample=dict(counts=m_k, X=X.tolist(), y=y.tolist(), draws=self.draws),
            true=dict(Sigma=S.tolist(), theta=theta.tolist(), theta0=theta0, line=_line(theta, theta0)),
            fitted=dict(phi=float(fit.phi_y_[1]), mu0=fit.mu_[0].tolist(), mu1=fit.mu_[1].tolist(),
                        Sigma=fit.Sigma_.tolist(), theta=fit.theta_.tolist(), theta0=fit.theta0_,
                        line=_line(fit.theta_, fit.theta0_), accuracy=accuracy,
                        ellipses=[rings(mu, fit.Sigma_) for mu in fit.mu_], error=error),
            ellipses=[rings(mu, S) for mu in (mu0, mu1)],
            posterior=dict(x=g.tolist(), y=g.tolist(), p=sigmoid(G @ theta + theta0).tolist()),
            readouts=_readout_lines(m_k, theta, theta0, fit, accuracy, error, self.draws, self.seed),
            description=describe.gda(theta, theta0, fit.theta_, fit.theta0_),
            params=self.params(),
        )

    def static_figure(self):
        """The training points, GDA fitted to them (:func:`plot_gda_fit`) and the true boundary (dotted)."""
        from .. import GDA

        X, y = self.data()
        fig = plot_gda_fit(GDA().fit(X, y), X, y,
                           title=f"GDA fitted to the explorer's {len(y)} points")
        ax = fig.axes[0]
        theta, theta0 = boundary_from_parameters(self.phi, self.mu0, self.mu1, self.Sigma)
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

    ``setting`` holds slider values (default: the initial ones of
    :class:`GDAExplorer`); each (m, seed) draws the explorer's training set
    exactly as :class:`GDAExplorer` does with that ``m`` and ``seed``.

    Returns
    -------
    gaps : ndarray of shape (len(sizes), len(seeds))
    """
    from .. import GDA

    p = {**GDAExplorer.defaults(), **setting}
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
