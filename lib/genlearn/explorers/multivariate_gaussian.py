"""The explorer of notebook 02: a Gaussian in 2-D, as a surface, a heat map and contour ellipses.

Its page (``multivariate_gaussian.js``) computes and draws every frame; every number comes from
:mod:`genlearn.gaussian`, and :meth:`GaussianExplorer.expected_state` is the page's numpy twin. The
lesson's figures are in :mod:`genlearn.demos.multivariate_gaussian`.

Examples
--------
>>> ex = GaussianExplorer()
>>> ex.rho = 0.5
>>> round(ex.summary()["det"], 6)
0.75
"""
import numpy as np
import traitlets

from .. import gaussian
from ..demos.multivariate_gaussian import (_LIM, AXIS_COLORS, AXIS_LINESTYLES, PRESETS, RADII, SURFACE_ANGLES,
                                           SURFACE_PROBES, SURFACE_RADII, Z_TIERS, _zmax, draw_gaussian,
                                           preset_params, summary, surface_mesh)
from . import describe
from .explorer import Explorer, Menu, Slider, fmt

__all__ = ["GaussianExplorer", "HEAT_N", "HEAT_PROBES", "DEFAULT_PRESET"]

_CANVAS_DASH = {"-": [], "--": [8, 5]}

#: Points per side of the explorer's heat map over [-LIM, LIM]^2, and the grid
#: indices (in x and in y) at which the page publishes the density for the tests.
HEAT_N = 201
HEAT_PROBES = (0, 25, 50, 75, 100, 125, 150, 175, 200)

#: The parameters that set N(mu, Sigma) (a preset sets them; moving one leaves the preset).
_GAUSSIAN = ("mu1", "mu2", "sigma1", "sigma2", "rho")


def _readout_lines(mu, Sigma):
    """The explorer's readouts for N(mu, Sigma), as the page prints them (one string a line)."""
    S = np.asarray(Sigma, dtype=float)
    s = summary(mu, S)
    lam = s["eigenvalues"]
    f4 = lambda x: fmt(x, 4)  # noqa: E731
    return [
        f"μ = ({fmt(mu[0], 2)}, {fmt(mu[1], 2)})",
        f"Σ = [[{f4(S[0, 0])}, {f4(S[0, 1])}], [{f4(S[1, 0])}, {f4(S[1, 1])}]]",
        f"|Σ| = {f4(s['det'])}",
        f"eigenvalues λ = {f4(lam[0])}, {f4(lam[1])}",
        f"peak 1/(2π|Σ|^½) = {f4(s['peak'])}",
        f"z-axis up to {fmt(_zmax(s['peak']), 1)}",
    ]


_PD = "the range keeps Sigma positive definite"
DEFAULT_PRESET = "Sigma = I (standard normal)"


class GaussianExplorer(Explorer):
    """The density of N(mu, Sigma) in 2-D, drawn in the browser: surface, contours, readouts.

    Five sliders set ``mu = (mu1, mu2)`` and ``Sigma =
    gaussian.covariance(sigma1, sigma2, rho)``; a menu sets the Gaussians of
    the notes exactly (:data:`PRESETS`; ``Sigma = 0.6 I`` gives
    ``|Sigma| = 0.36``). Left: the density as a surface that can be turned
    (drag it, or the *turn* and *tilt* sliders). Right: the density from
    above as a heat map, with the contour ellipses at Mahalanobis radii
    :data:`RADII` (white) and the principal axes (orange: short, vermillion:
    long). Every frame is computed and drawn by ``multivariate_gaussian.js``;
    :meth:`expected_state` is its numpy twin.

    Parameters
    ----------
    preset : str, default="Sigma = I (standard normal)"
        A key of :data:`PRESETS` to start from; keyword arguments ``mu1``,
        ``rho``... given as well override it.

    Attributes
    ----------
    mu1, mu2, sigma1, sigma2, rho : float
        The slider values; each must lie in its slider's range (a ValueError
        says which): |rho| <= 0.95 and sigma >= 0.5 keep Sigma positive definite.
    preset : str
        The preset shown in the menu; "" once a slider has moved. Setting it
        applies that preset's exact values (again, if it is set anew).
    azimuth, elevation : float
        Viewing angles of the 3-D surface, in degrees.
    mu : ndarray of shape (2,)
        Read-only.
    Sigma : ndarray of shape (2, 2)
        Read-only, from :func:`genlearn.gaussian.covariance`.

    Examples
    --------
    >>> ex = GaussianExplorer(preset="Sigma = 0.6 I")
    >>> round(ex.summary()["det"], 12)
    0.36
    >>> ex.rho = 0.8
    >>> ex.preset, ex.Sigma.round(2).tolist()
    ('', [[0.6, 0.48], [0.48, 0.6]])
    """

    _js = "multivariate_gaussian.js"
    _title = "Multivariate Gaussian explorer"

    preset = Menu([("", "(set by the sliders)")] + [(k, k) for k in PRESETS], DEFAULT_PRESET, "preset",
                  why="'' for none")
    mu1 = Slider(-2.0, 2.0, 0.05, 0.0, "μ₁ (mean of x₁)", digits=2)
    mu2 = Slider(-2.0, 2.0, 0.05, 0.0, "μ₂ (mean of x₂)", digits=2)
    sigma1 = Slider(0.5, 2.0, 0.01, 1.0, "σ₁ (sd of x₁)", digits=3, why=_PD)
    sigma2 = Slider(0.5, 2.0, 0.01, 1.0, "σ₂ (sd of x₂)", digits=3, why=_PD)
    rho = Slider(-0.95, 0.95, 0.01, 0.0, "ρ (correlation)", digits=3, why=_PD)
    azimuth = Slider(-180.0, 180.0, 1.0, -60.0, "turn", unit="°", digits=0)
    elevation = Slider(5.0, 85.0, 1.0, 28.0, "tilt", unit="°", digits=0)

    # Constants the page needs, sent once (the JavaScript keeps no copy).
    presets = traitlets.Dict({name: preset_params(name) for name in PRESETS}).tag(sync=True)
    radii = traitlets.List(list(RADII)).tag(sync=True)
    z_tiers = traitlets.List(list(Z_TIERS)).tag(sync=True)
    lim = traitlets.Float(_LIM).tag(sync=True)
    heat_n = traitlets.Int(HEAT_N).tag(sync=True)
    heat_probes = traitlets.List(list(HEAT_PROBES)).tag(sync=True)
    surface_radii = traitlets.List(list(SURFACE_RADII)).tag(sync=True)
    surface_angles = traitlets.List(list(SURFACE_ANGLES)).tag(sync=True)
    surface_probes = traitlets.List([list(p) for p in SURFACE_PROBES]).tag(sync=True)
    # the principal axes' colour and dash pattern, short then long (as AXIS_COLORS, AXIS_LINESTYLES)
    axis_styles = traitlets.List([dict(color=c, dash=_CANVAS_DASH[ls])
                                  for c, ls in zip(AXIS_COLORS, AXIS_LINESTYLES)]).tag(sync=True)

    def __init__(self, preset=DEFAULT_PRESET, **params):
        # the preset's exact values, then the values given (which leave the preset if they differ)
        self._applying = True
        try:
            super().__init__(preset=preset, **{**(preset_params(preset) if preset else {}), **params})
        finally:
            self._applying = False
        self._leave_preset_if_moved()

    @traitlets.observe("preset")
    def _on_preset(self, change):
        if change["new"] and not self._applying:
            self._apply(change["new"])

    @traitlets.observe(*_GAUSSIAN)
    def _on_param(self, change):
        if not self._applying:
            self._leave_preset_if_moved()

    def _leave_preset_if_moved(self):
        if self.preset:
            exact = preset_params(self.preset)
            if any(getattr(self, k) != exact[k] for k in _GAUSSIAN):
                self.preset = ""

    def _apply(self, name):
        self._applying = True
        try:
            with self.hold_sync():
                for key, value in preset_params(name).items():
                    setattr(self, key, value)
        finally:
            self._applying = False

    @property
    def mu(self):
        return np.array([self.mu1, self.mu2])

    @property
    def Sigma(self):
        return gaussian.covariance(self.sigma1, self.sigma2, self.rho)

    def summary(self):
        """:func:`summary` of the current Gaussian: det, eigenvalues, eigenvectors, peak."""
        return summary(self.mu, self.Sigma)

    def static_figure(self):
        """:func:`draw_gaussian` of the current state (for untrusted notebooks)."""
        return draw_gaussian(self.mu, self.Sigma)

    def expected_state(self):
        """Everything the page publishes in ``data-state`` now, computed with genlearn.

        Keys: ``mu``, ``Sigma``, ``det``, ``eigenvalues``, ``eigenvectors``
        (columns, :func:`genlearn.gaussian.principal_axes`), ``peak``, ``zmax``,
        ``ellipses`` (the contours at :data:`RADII`, 73 points each, by
        :func:`genlearn.gaussian.ellipse_points`), ``axes`` (the principal axes
        as segments ``mu -+ sqrt(lambda_j) v_j``, short one first), ``heat``
        (the density on the heat-map grid at the probe indices
        :data:`HEAT_PROBES`: ``x``, ``y`` and ``z[i][j]`` = density at
        ``(x[j], y[i])``), ``surface`` (mesh vertices ``[x, y, z]`` at rings
        :data:`SURFACE_PROBES[0]` and angles :data:`SURFACE_PROBES[1]`),
        ``readouts``, ``preset`` and ``params``.
        """
        mu, S = self.mu, gaussian.check_covariance(self.Sigma)
        s = summary(mu, S)
        values, vectors = s["eigenvalues"], s["eigenvectors"]
        g = np.linspace(-_LIM, _LIM, HEAT_N)[list(HEAT_PROBES)]
        X, Y = np.meshgrid(g, g)
        mesh = surface_mesh(mu, S)
        rings, angles = SURFACE_PROBES
        return dict(
            mu=mu.tolist(), Sigma=S.tolist(), det=s["det"], eigenvalues=values.tolist(),
            eigenvectors=vectors.tolist(), peak=s["peak"], zmax=_zmax(s["peak"]),
            ellipses=[gaussian.ellipse_points(mu, S, r, num=73).tolist() for r in RADII],
            axes=[[(mu - np.sqrt(lam) * v).tolist(), (mu + np.sqrt(lam) * v).tolist()]
                  for lam, v in zip(values, vectors.T)],
            heat=dict(x=g.tolist(), y=g.tolist(), z=gaussian.pdf(np.stack([X, Y], -1), mu, S).tolist()),
            surface=mesh[np.ix_(list(rings), list(angles))].reshape(-1, 3).tolist(),
            readouts=_readout_lines(mu, S),
            description=describe.gaussian(mu, S),
            preset=self.preset,
            params=self.params(),
        )
