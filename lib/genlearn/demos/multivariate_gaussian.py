"""Figures and the slider explorer of notebook 02, the multivariate Gaussian.

Functions
---------
preset_params      slider values (mu1, mu2, sigma1, sigma2, rho) of a preset
summary            |Sigma|, eigenvalues and peak height of N(mu, Sigma)
preset_table       those numbers for every preset, as fixed-width text
draw_gaussian      a new figure: 3-D surface and contours of one Gaussian
preset_figure      the surfaces (and contours) of several presets side by side
compact_png        a figure as a small palette PNG for the stored notebook
ellipse_points     a contour ellipse of N(mu, Sigma)
sample_moments     sample mean and both forms of the sample covariance
near_singular_table  |Sigma|, smallest eigenvalue and peak as rho approaches 1

Classes
-------
GaussianExplorer   the interactive figure: its :meth:`~GaussianExplorer.update`
                   moves the artists in place and returns the HTML readout.
BlitLiveFigure     a LiveFigure that re-renders only the moving artists.

Every number in the explorer comes from :mod:`genlearn.gaussian`; this module
only lays out and draws.

Examples
--------
>>> ex = GaussianExplorer()
>>> html = ex.update(mu1=0.0, mu2=0.0, sigma1=1.0, sigma2=1.0, rho=0.5)
>>> round(summary([0, 0], [[1, .5], [.5, 1]])["det"], 6)
0.75
"""
import io
from contextlib import contextmanager, nullcontext

import ipywidgets as widgets
import numpy as np
import PIL.Image
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from mpl_toolkits.mplot3d import Axes3D  # noqa: F401  (registers the 3-D projection)

from .. import gaussian
from .live import LiveFigure, interactive_panel, slider

__all__ = ["PRESETS", "FIGURE_GROUPS", "SLIDER_RANGES", "preset_params", "summary",
           "preset_table", "draw_gaussian", "preset_figure", "GaussianExplorer", "BlitLiveFigure",
           "sample_moments", "near_singular_table", "ellipse_points", "compact_png",
           "RADII", "FILL_RADII"]

_I = np.eye(2)
_ZERO = (0.0, 0.0)

#: Every Gaussian drawn in the lecture notes: name -> (mu, Sigma).
PRESETS = {
    "Sigma = I (standard normal)": (_ZERO, _I),
    "Sigma = 0.6 I": (_ZERO, 0.6 * _I),
    "Sigma = 2 I": (_ZERO, 2.0 * _I),
    "Sigma = [[1, 0.5], [0.5, 1]]": (_ZERO, [[1.0, 0.5], [0.5, 1.0]]),
    "Sigma = [[1, 0.8], [0.8, 1]]": (_ZERO, [[1.0, 0.8], [0.8, 1.0]]),
    "Sigma = [[1, -0.5], [-0.5, 1]]": (_ZERO, [[1.0, -0.5], [-0.5, 1.0]]),
    "Sigma = [[1, -0.8], [-0.8, 1]]": (_ZERO, [[1.0, -0.8], [-0.8, 1.0]]),
    "Sigma = [[3, 0.8], [0.8, 1]]": (_ZERO, [[3.0, 0.8], [0.8, 1.0]]),
    "mu = (1, 0), Sigma = I": ((1.0, 0.0), _I),
    "mu = (-0.5, 0), Sigma = I": ((-0.5, 0.0), _I),
    "mu = (-1, -1.5), Sigma = I": ((-1.0, -1.5), _I),
}
PRESETS = {k: (np.array(m, dtype=float), np.array(S, dtype=float)) for k, (m, S) in PRESETS.items()}

#: The figures of the notes, three Gaussians each, in the order they appear.
FIGURE_GROUPS = {
    "shrinking and growing Sigma": ["Sigma = I (standard normal)", "Sigma = 0.6 I", "Sigma = 2 I"],
    "positive correlation": ["Sigma = I (standard normal)", "Sigma = [[1, 0.5], [0.5, 1]]",
                             "Sigma = [[1, 0.8], [0.8, 1]]"],
    "negative correlation and unequal variances": [
        "Sigma = [[1, -0.5], [-0.5, 1]]", "Sigma = [[1, -0.8], [-0.8, 1]]",
        "Sigma = [[3, 0.8], [0.8, 1]]"],
    "moving the mean": ["mu = (1, 0), Sigma = I", "mu = (-0.5, 0), Sigma = I",
                        "mu = (-1, -1.5), Sigma = I"],
}

#: (min, max, step) of each slider. |rho| <= 0.95 and sigma >= 0.5 keep Sigma
#: positive definite, so no slider position can produce an invalid density.
SLIDER_RANGES = {
    "mu1": (-2.0, 2.0, 0.05),
    "mu2": (-2.0, 2.0, 0.05),
    "sigma1": (0.5, 2.0, 0.01),
    "sigma2": (0.5, 2.0, 0.01),
    "rho": (-0.95, 0.95, 0.01),
}

#: Mahalanobis radii r of the contour ellipses: each is the level set where the
#: density equals peak * exp(-r**2 / 2).
RADII = (1.0, 2.0, 3.0)

#: Radii of the filled contour bands of the explorer, outermost first.
FILL_RADII = np.arange(3.0, 0.0, -0.25)

_ZTIERS = (0.3, 0.6, 1.2, 2.4)  # z-axis heights; the smallest that fits the peak is used
_LIM = 4.0


def preset_params(name):
    """Slider values ``dict(mu1, mu2, sigma1, sigma2, rho)`` that reproduce a preset.

    ``sigma_i = sqrt(Sigma_ii)`` and ``rho = Sigma_12 / (sigma1 sigma2)``.
    """
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; choose one of {list(PRESETS)}.")
    mu, S = PRESETS[name]
    s1, s2 = np.sqrt(S[0, 0]), np.sqrt(S[1, 1])
    return dict(mu1=float(mu[0]), mu2=float(mu[1]), sigma1=float(s1), sigma2=float(s2),
                rho=float(S[0, 1] / (s1 * s2)))


def summary(mu, Sigma):
    """|Sigma|, eigenvalues (ascending) and peak height 1 / (2 pi |Sigma|^(1/2)).

    The peak is the density at ``x = mu``, computed with :func:`genlearn.gaussian.pdf`.

    Returns
    -------
    dict with keys ``det`` (float), ``eigenvalues`` (ndarray (2,)),
    ``eigenvectors`` (ndarray (2, 2), unit columns) and ``peak`` (float).
    """
    S = gaussian.check_covariance(Sigma)
    values, vectors = gaussian.principal_axes(S)
    return dict(det=float(np.linalg.det(S)), eigenvalues=values, eigenvectors=vectors,
                peak=float(gaussian.pdf(np.asarray(mu, dtype=float), mu, S)))


def preset_table():
    """One line per preset: |Sigma|, the two eigenvalues and the peak height (6 s.f.)."""
    lines = [f"{'preset':32s} {'|Sigma|':>9s} {'lambda_1':>9s} {'lambda_2':>9s} {'peak':>9s}"]
    for name, (mu, S) in PRESETS.items():
        s = summary(mu, S)
        lam = s["eigenvalues"]
        lines.append(f"{name:32s} {s['det']:9.6g} {lam[0]:9.6g} {lam[1]:9.6g} {s['peak']:9.6g}")
    return "\n".join(lines)


def ellipse_points(mu, Sigma, r, num=73):
    """Points of the contour ``(x - mu)^T Sigma^{-1} (x - mu) = r^2``, shape (num, 2).

    With Sigma = V diag(lambda) V^T the ellipse is ``mu + r V diag(sqrt(lambda)) u``
    for unit vectors u: its semi-axes lie along the eigenvectors and have
    lengths ``r sqrt(lambda_j)``.
    """
    values, vectors = gaussian.principal_axes(Sigma)
    t = np.linspace(0.0, 2.0 * np.pi, num)
    u = np.stack([np.cos(t), np.sin(t)])
    return np.asarray(mu, dtype=float) + (r * (vectors * np.sqrt(values)) @ u).T


def _one_blas_thread():
    """Run tiny linear algebra on one BLAS thread.

    A slider update does only small solves and products; letting BLAS wake
    its thread pool for them made an update 2-3x slower on a 2-core machine.
    threadpoolctl ships with scikit-learn; without it nothing is limited.
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover
        return nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


class BlitLiveFigure(LiveFigure):
    """A :class:`LiveFigure` that redraws only its moving artists (blitting).

    Axes, ticks, labels and 3-D panes do not change when a slider moves, yet
    drawing them is most of the cost of a full render. They are rendered once
    into a cached background; each refresh pastes that background, draws the
    artists listed in ``moving`` on top and encodes the PNG (RGB, fast zlib
    level). Backgrounds are cached per value of ``key()``, so a figure whose
    static part takes a few states (e.g. a few z-axis ranges) renders each
    state fully only once. Call :meth:`invalidate` after changing anything
    static that ``key`` does not describe.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    moving : list of Artist
        Artists whose data change; they are marked animated, so a full draw
        leaves them out of the background.
    key : callable returning a hashable, optional
        Describes the current state of the static part of the figure.
    hold : callable returning bool, optional
        While it returns True, :meth:`refresh` does nothing (to batch changes).
    """

    def __init__(self, fig, moving, key=None, hold=None):
        self._moving = list(moving)
        for artist in self._moving:
            artist.set_animated(True)
        self._backgrounds = {}
        self._key = key or (lambda: None)
        self._hold = hold or (lambda: False)
        super().__init__(fig)

    def invalidate(self):
        """Forget the cached backgrounds (they are redrawn when next needed)."""
        self._backgrounds.clear()

    def png(self):
        with _one_blas_thread():
            return self._png()

    def _png(self):
        canvas = self.fig.canvas
        key = self._key()
        if key not in self._backgrounds:
            canvas.draw()
            self._backgrounds[key] = canvas.copy_from_bbox(self.fig.bbox)
        else:
            canvas.restore_region(self._backgrounds[key])
            for ax in self.fig.axes:  # a 3-D axes projects with the matrix of its
                if hasattr(ax, "get_proj"):  # last full draw: bring it up to date
                    ax.M = ax.get_proj()
                    ax.invM = np.linalg.inv(ax.M)
        renderer = canvas.get_renderer()
        for artist in self._moving:
            if hasattr(artist, "do_3d_projection"):
                artist.do_3d_projection()
            artist.draw(renderer)
        rgb = np.asarray(canvas.buffer_rgba())[..., :3]
        buf = io.BytesIO()
        PIL.Image.fromarray(np.ascontiguousarray(rgb)).save(buf, format="png", compress_level=1)
        return buf.getvalue()

    def refresh(self):
        if not self._hold():
            super().refresh()


def _zmax(peak):
    for z in _ZTIERS:
        if peak <= 0.95 * z:
            return z
    return _ZTIERS[-1]


def _readout_html(mu, S, info, zmax):
    lam = info["eigenvalues"]
    return (
        "<div style='font-family:monospace;font-size:13px;line-height:1.5'>"
        f"&mu; = ({mu[0]:.2f}, {mu[1]:.2f})<br>"
        f"&Sigma; = [[{S[0, 0]:.3f}, {S[0, 1]:.3f}], [{S[1, 0]:.3f}, {S[1, 1]:.3f}]]<br>"
        f"|&Sigma;| = {info['det']:.4f}<br>"
        f"eigenvalues &lambda; = {lam[0]:.4f}, {lam[1]:.4f}<br>"
        f"peak 1/(2&pi;|&Sigma;|<sup>1/2</sup>) = {info['peak']:.4f}<br>"
        f"<span style='color:#666'>z-axis up to {zmax:g}</span></div>"
    )


class GaussianExplorer:
    """The density of N(mu, Sigma) in 2-D: surface and contours that sliders redraw in place.

    The figure is built once. :meth:`update` recomputes the density on a fixed
    grid and changes the data of the existing artists (surface polygons,
    filled contours, contour lines, principal axes); nothing is created or
    removed. The contours of a Gaussian are exact ellipses, so they are drawn
    from the eigen-decomposition of Sigma rather than by a contouring
    algorithm on a grid: exact, and cheap to redraw. The filled bands are the
    ellipses at radii :data:`FILL_RADII`, each coloured by the density on it,
    ``peak * exp(-r**2 / 2)``, with the colour scale of the surface.

    Parameters
    ----------
    grid : int, default=25
        Points per side of the 3-D surface mesh.
    figsize : (float, float), default=(8.0, 3.4)
    dpi : float, default=72

    Attributes
    ----------
    fig : matplotlib.figure.Figure
    live : LiveFigure
        Shows ``fig`` as an image widget; ``live.refresh()`` re-renders it.
    surface : Poly3DCollection
        ``surface_z()`` gives the heights of its mesh, shape (grid, grid).
    fills : PolyCollection
        The filled ellipses, outermost first; ``fills.get_array()`` holds the
        density level of each.
    ellipses : list of Line2D
        The contours at radii :data:`RADII`.
    axes_lines : list of Line2D
        The principal axes: segments from ``mu - sqrt(lambda_j) v_j`` to
        ``mu + sqrt(lambda_j) v_j``, smallest eigenvalue first.
    state : dict
        mu, Sigma and :func:`summary` of the last update.
    """

    def __init__(self, grid=25, figsize=(8.0, 3.4), dpi=72):
        self.grid = int(grid)
        if self.grid < 3:
            raise ValueError(f"grid must be at least 3 points per side; got {grid!r}.")
        lim = _LIM
        g = np.linspace(-lim, lim, self.grid)
        self._X, self._Y = np.meshgrid(g, g)
        self._XY = np.stack([self._X, self._Y], axis=-1)
        t = np.linspace(0.0, 2.0 * np.pi, 73)
        self._circle = np.stack([np.cos(t), np.sin(t)])  # unit circle, mapped to ellipses
        # Corner indices of each quad of the mesh, for Poly3DCollection verts.
        k = self.grid
        i, j = np.meshgrid(np.arange(k - 1), np.arange(k - 1), indexing="ij")
        base = (i * k + j).ravel()
        self._quads = np.stack([base, base + 1, base + k + 1, base + k], axis=1)
        self._quad_xy = np.stack([self._X.ravel()[self._quads], self._Y.ravel()[self._quads]],
                                 axis=-1)

        fig = Figure(figsize=figsize, dpi=dpi, layout=None)
        fig.subplots_adjust(left=0.0, right=0.97, bottom=0.13, top=0.97, wspace=0.15)
        ax3 = fig.add_subplot(1, 2, 1, projection="3d")
        ax2 = fig.add_subplot(1, 2, 2)
        self.fig, self.ax3d, self.ax2d = fig, ax3, ax2

        zero = np.zeros_like(self._X)
        self.surface = ax3.plot_surface(self._X, self._Y, zero, cmap="viridis",
                                        vmin=0.0, vmax=_ZTIERS[0], rstride=1, cstride=1,
                                        linewidth=0, antialiased=False)
        self._surface_verts = np.concatenate(
            [self._quad_xy, np.zeros(self._quad_xy.shape[:-1] + (1,))], axis=-1)
        ax3.set(xlim=(-lim, lim), ylim=(-lim, lim), zlim=(0, _ZTIERS[0]),
                xlabel="$x_1$", ylabel="$x_2$")
        ax3.view_init(elev=28, azim=-60)
        ax3.tick_params(labelsize=7, pad=0)
        self._zmax = _ZTIERS[0]

        ax2.set_facecolor(self.surface.get_cmap()(0.0))  # density ~ 0 outside the bands
        self.fills = PolyCollection([], cmap="viridis", edgecolors="none", antialiased=False)
        self.fills.set_clim(0.0, _ZTIERS[0])
        ax2.add_collection(self.fills)
        self.ellipses = [ax2.plot([], [], color="w", lw=1.0, alpha=0.9)[0] for _ in RADII]
        self.axes_lines = [ax2.plot([], [], color=c, lw=2.0)[0] for c in ("#ff7f0e", "#d62728")]
        (self.center,) = ax2.plot([], [], "w+", ms=8)
        ax2.set(xlim=(-lim, lim), ylim=(-lim, lim), xlabel="$x_1$", ylabel="$x_2$",
                aspect="equal")
        ax2.tick_params(labelsize=7)
        self._hold = False
        moving = [self.surface, self.fills, *self.ellipses, *self.axes_lines, self.center]
        self.live = BlitLiveFigure(fig, moving, key=lambda: self._zmax,
                                   hold=lambda: self._hold)
        self.state = {}

    def surface_z(self):
        """Heights of the surface mesh as drawn, shape (grid, grid)."""
        z = np.empty(self.grid * self.grid)
        z[self._quads.ravel()] = self._surface_verts[..., 2].ravel()
        return z.reshape(self.grid, self.grid)

    def update(self, mu1, mu2, sigma1, sigma2, rho):
        """Redraw for new slider values and return the HTML readout.

        Parameters
        ----------
        mu1, mu2 : float
            The mean.
        sigma1, sigma2 : float > 0
            Standard deviations.
        rho : float in (-1, 1)
            Correlation; ``Sigma = gaussian.covariance(sigma1, sigma2, rho)``.
        """
        with _one_blas_thread():
            return self._update(mu1, mu2, sigma1, sigma2, rho)

    def _update(self, mu1, mu2, sigma1, sigma2, rho):
        mu = np.array([mu1, mu2], dtype=float)
        S = gaussian.covariance(sigma1, sigma2, rho)
        info = summary(mu, S)
        self.state = dict(mu=mu, Sigma=S, **info)
        if self._hold:
            return None

        zmax = _zmax(info["peak"])
        if zmax != self._zmax:
            self._zmax = zmax
            self.ax3d.set_zlim(0, zmax)
            self.surface.set_clim(0.0, zmax)
            self.fills.set_clim(0.0, zmax)

        Z = gaussian.pdf(self._XY, mu, S)
        zq = Z.ravel()[self._quads]
        # (quads, 4, 3): kept, because matplotlib has no public getter for 3-D vertices
        self._surface_verts = np.concatenate([self._quad_xy, zq[..., None]], axis=-1)
        self.surface.set_verts(self._surface_verts)
        self.surface.set_array(zq.mean(axis=1))

        values, vectors = info["eigenvalues"], info["eigenvectors"]
        unit = ((vectors * np.sqrt(values)) @ self._circle).T  # the r = 1 ellipse, centred
        self.fills.set_verts([mu + r * unit for r in FILL_RADII])
        self.fills.set_array(info["peak"] * np.exp(-0.5 * np.square(FILL_RADII)))
        for line, r in zip(self.ellipses, RADII):
            pts = mu + r * unit
            line.set_data(pts[:, 0], pts[:, 1])
        for line, lam, v in zip(self.axes_lines, values, vectors.T):
            half = np.sqrt(lam) * v
            line.set_data([mu[0] - half[0], mu[0] + half[0]], [mu[1] - half[1], mu[1] + half[1]])
        self.center.set_data([mu[0]], [mu[1]])
        return _readout_html(mu, S, info, zmax)

    def render(self, **values):
        """``update(**values)`` then render the PNG, as one slider move does; returns the PNG."""
        html = self.update(**values)
        self.live.refresh()
        return html

    @contextmanager
    def hold(self):
        """Apply several slider changes with one redraw (used by the preset menu)."""
        self._hold = True
        try:
            yield
        finally:
            self._hold = False

    def panel(self, preset="Sigma = I (standard normal)"):
        """The widget: sliders, a preset menu, the readout and the live figure."""
        start = preset_params(preset)
        sliders = {name: slider(start[name], *SLIDER_RANGES[name], name,
                                readout_format=".3f" if name.startswith(("sigma", "rho"))
                                else ".2f")
                   for name in SLIDER_RANGES}
        readout = widgets.HTML()
        box = interactive_panel(self.update, self.live, readout=readout, **sliders)
        menu = widgets.Dropdown(options=list(PRESETS), value=preset, description="preset",
                                layout=widgets.Layout(width="320px"))

        def on_preset(change):
            values = preset_params(change["new"])
            with self.hold():  # five slider changes, one redraw
                for name, w in sliders.items():
                    w.value = values[name]
            readout.value = self.update(**{name: w.value for name, w in sliders.items()})
            self.live.refresh()

        menu.observe(on_preset, names="value")
        return widgets.VBox([menu, box])


def draw_gaussian(mu, Sigma, grid=25, figsize=(8.0, 3.4), dpi=72, fig=None, contour="lines"):
    """A new figure with the 3-D surface and a contour plot of N(mu, Sigma).

    This is the straightforward way: every call creates the figure, both axes,
    the surface and a ``contourf``. It is right for static figures, and it is
    the "naive" baseline that ``benchmarks/bench_widgets.py`` times.
    """
    mu = np.asarray(mu, dtype=float)
    S = gaussian.check_covariance(Sigma)
    info = summary(mu, S)
    g = np.linspace(-_LIM, _LIM, grid)
    X, Y = np.meshgrid(g, g)
    Z = gaussian.pdf(np.stack([X, Y], axis=-1), mu, S)
    zmax = _zmax(info["peak"])
    fig = fig or Figure(figsize=figsize, dpi=dpi)
    ax3 = fig.add_subplot(1, 2, 1, projection="3d")
    ax3.plot_surface(X, Y, Z, cmap="viridis", vmin=0, vmax=zmax, rstride=1, cstride=1,
                     linewidth=0, antialiased=False)
    ax3.set(xlim=(-_LIM, _LIM), ylim=(-_LIM, _LIM), zlim=(0, zmax), xlabel="$x_1$",
            ylabel="$x_2$")
    ax3.view_init(elev=28, azim=-60)
    ax3.tick_params(labelsize=7, pad=0)
    ax2 = fig.add_subplot(1, 2, 2)
    ax2.contourf(X, Y, Z, levels=12, cmap="viridis", vmin=0, vmax=zmax)
    for r in RADII:
        pts = ellipse_points(mu, S, r)
        ax2.plot(pts[:, 0], pts[:, 1], color="w", lw=1.0)
    _draw_axes(ax2, mu, info)
    ax2.set(xlim=(-_LIM, _LIM), ylim=(-_LIM, _LIM), xlabel="$x_1$", ylabel="$x_2$",
            aspect="equal")
    ax2.tick_params(labelsize=7)
    return fig


def _draw_axes(ax, mu, info):
    for lam, v, c in zip(info["eigenvalues"], info["eigenvectors"].T, ("#ff7f0e", "#d62728")):
        half = np.sqrt(lam) * v
        ax.plot([mu[0] - half[0], mu[0] + half[0]], [mu[1] - half[1], mu[1] + half[1]],
                color=c, lw=2.0)
    ax.plot([mu[0]], [mu[1]], "w+", ms=8)


def preset_figure(names, contours=True, grid=25, dpi=72):
    """Surfaces (top row) and contour plots (bottom row) of the named presets.

    A static figure, for readers without a running kernel. Every panel of a row
    shares the same z-range and the same contour levels, so heights and level
    sets can be compared across panels. The contour panels look like the
    explorer's: filled bands of the density, the ellipses at Mahalanobis radii
    :data:`RADII` in white, and the principal axes (orange: short, red: long),
    each of half-length ``sqrt(lambda_j)``.
    """
    names = list(names)
    for name in names:
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; choose from {list(PRESETS)}.")
    k = len(names)
    rows = 2 if contours else 1
    fig = Figure(figsize=(3.1 * k, 3.0 * rows), dpi=dpi)
    lim = _LIM - 1
    g = np.linspace(-lim, lim, grid)
    X, Y = np.meshgrid(g, g)
    XY = np.stack([X, Y], axis=-1)
    fine = np.linspace(-lim, lim, 121)  # contours are cheap: use a finer grid
    FX, FY = np.meshgrid(fine, fine)
    FXY = np.stack([FX, FY], axis=-1)
    zmax = max(_zmax(summary(*PRESETS[n])["peak"]) for n in names)
    levels = np.linspace(0.0, zmax, 13)
    for col, name in enumerate(names):
        mu, S = PRESETS[name]
        info = summary(mu, S)
        Z = gaussian.pdf(XY, mu, S)
        ax = fig.add_subplot(rows, k, col + 1, projection="3d")
        ax.plot_surface(X, Y, Z, cmap="viridis", vmin=0, vmax=zmax, rstride=1, cstride=1,
                        linewidth=0.2, edgecolor=(0, 0, 0, 0.25))
        ax.set(zlim=(0, zmax))
        ax.set_xlabel("$x_1$", fontsize=7, labelpad=-6)
        ax.set_ylabel("$x_2$", fontsize=7, labelpad=-6)
        ax.view_init(elev=28, azim=-60)
        ax.tick_params(labelsize=6, pad=0)
        ax.set_title(name.replace("Sigma", "Σ").replace("mu", "μ"), fontsize=8)
        if contours:
            ax2 = fig.add_subplot(rows, k, k + col + 1)
            ax2.contourf(FX, FY, gaussian.pdf(FXY, mu, S), levels=levels, cmap="viridis",
                         vmin=0, vmax=zmax)
            for r in RADII:
                pts = ellipse_points(mu, S, r)
                ax2.plot(pts[:, 0], pts[:, 1], color="w", lw=0.8)
            _draw_axes(ax2, mu, info)
            ax2.set(aspect="equal", xlim=(-lim, lim), ylim=(-lim, lim))
            ax2.set_xlabel("$x_1$", fontsize=7, labelpad=1)
            ax2.set_ylabel("$x_2$", fontsize=7, labelpad=0)
            ax2.tick_params(labelsize=6)
    fig.subplots_adjust(left=0.04, right=0.98, bottom=0.07, top=0.93, wspace=0.3, hspace=0.2)
    return fig


def compact_png(fig, colors=128):
    """``fig`` as an IPython image with a palette of ``colors`` colours (a small PNG).

    Shaded 3-D surfaces make large true-colour PNGs; 128 colours look the same
    and keep the stored notebook small. The palette is built by octree
    quantisation, which keeps colours that cover few pixels (thin coloured
    lines such as the orange principal axis); median cut merged them into
    their neighbours. Returns ``IPython.display.Image``.
    """
    from IPython.core.pylabtools import print_figure
    from IPython.display import Image

    png = print_figure(fig, "png", bbox_inches="tight")
    rgb = PIL.Image.open(io.BytesIO(png)).convert("RGB")
    small = rgb.quantize(colors, method=PIL.Image.Quantize.FASTOCTREE,
                         dither=PIL.Image.Dither.NONE)
    buf = io.BytesIO()
    small.save(buf, format="png", optimize=True)
    return Image(data=buf.getvalue(), format="png")


def sample_moments(X):
    """Sample mean and the sample covariance computed two ways (MLE, divide by m).

    Returns
    -------
    dict with ``mean`` (n,), ``cov_centered`` = mean of (x - xbar)(x - xbar)^T,
    and ``cov_moments`` = mean of x x^T minus xbar xbar^T; the two are equal
    up to rounding, which is the identity Cov(Z) = E[Z Z^T] - E[Z] E[Z]^T
    applied to the empirical distribution.
    """
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or len(X) == 0:
        raise ValueError(f"X must be a non-empty (m, n) array of examples; got shape {X.shape}.")
    m = len(X)
    xbar = X.mean(axis=0)
    D = X - xbar
    return dict(mean=xbar, cov_centered=D.T @ D / m,
                cov_moments=X.T @ X / m - np.outer(xbar, xbar))


def near_singular_table(rhos=(0.5, 0.9, 0.99, 0.999, 0.9999)):
    """How Sigma = [[1, rho], [rho, 1]] degenerates as rho approaches 1.

    One line per rho: |Sigma| = 1 - rho^2, the smallest eigenvalue 1 - rho and
    the peak height 1 / (2 pi sqrt(1 - rho^2)), each computed by genlearn.
    """
    lines = [f"{'rho':>7s} {'|Sigma|':>11s} {'lambda_min':>11s} {'peak':>11s}"]
    for rho in rhos:
        S = gaussian.covariance(1.0, 1.0, rho)
        s = summary([0.0, 0.0], S)
        lines.append(f"{rho:7.4f} {s['det']:11.6g} {s['eigenvalues'][0]:11.6g} {s['peak']:11.6g}")
    return "\n".join(lines)
