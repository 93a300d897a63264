"""The GDA explorer of notebook 03: move the true model, drag the training points, watch both boundaries.

Its page (``gaussian_discriminant_analysis.js``) samples, fits and draws every frame, and lets the
learner drag, add and remove training points; :meth:`GDAExplorer.expected_state` is its numpy twin.
The data it draws and the lesson's figures are in :mod:`genlearn.demos.gaussian_discriminant_analysis`.
"""
import numpy as np
import traitlets

from .. import gaussian
from .._base import sigmoid
from ..demos.gaussian_discriminant_analysis import (_LIMITS, EXPLORER_SETTING, boundary_equation, fit_error,
                                                    plot_explorer_state, sample_explorer_data)
from ..demos.geometry import boundary_from_parameters, line_in_box
from ..demos.seeded_draws import SEED_MAX, seeded_draws
from . import describe
from .explorer import Menu, Slider, Whole, fmt
# what a press does and which points are accepted, shared with lessons 04 and 05's explorers
from .points import FLAT, MIN_PER_CLASS, POINTER_MODES, PointsExplorer, check_training_points  # noqa: F401

__all__ = ["GDAExplorer", "EXPLORER_RADII", "OUTLIER_AT", "DRAWS", "ELLIPSE_NUM", "ELLIPSE_PROBES", "SHADE_N",
           "SHADE_PROBES"]

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


_START = EXPLORER_SETTING


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

    phi = Slider(0.1, 0.9, 0.05, _START["phi"], "φ = p(y = 1)", digits=2, why=_KEEPS)
    mu0_1 = Slider(-2.5, 2.5, 0.1, _START["mu0_1"], "μ₀ along x₁", digits=1)
    mu0_2 = Slider(-2.5, 2.5, 0.1, _START["mu0_2"], "μ₀ along x₂", digits=1)
    mu1_1 = Slider(-2.5, 2.5, 0.1, _START["mu1_1"], "μ₁ along x₁", digits=1)
    mu1_2 = Slider(-2.5, 2.5, 0.1, _START["mu1_2"], "μ₁ along x₂", digits=1)
    sigma1 = Slider(0.3, 1.5, 0.05, _START["sigma1"], "σ₁ (sd of x₁)", digits=2, why=_KEEPS)
    sigma2 = Slider(0.3, 1.5, 0.05, _START["sigma2"], "σ₂ (sd of x₂)", digits=2, why=_KEEPS)
    rho = Slider(-0.9, 0.9, 0.05, _START["rho"], "ρ (correlation)", digits=2, why=_KEEPS)
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
        if len(self.noise) == self.m:  # (not while the constructor sets the first values)
            self.follow_sample()

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
        """The training points, GDA fitted to them and the true boundary
        (:func:`~genlearn.demos.gaussian_discriminant_analysis.plot_explorer_state`)."""
        return plot_explorer_state(*self.data(), self.phi, self.mu0, self.mu1, self.Sigma)
