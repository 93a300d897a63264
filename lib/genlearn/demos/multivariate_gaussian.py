"""Figures and tables of notebook 02, the multivariate Gaussian (its explorer:
:class:`genlearn.explorers.multivariate_gaussian.GaussianExplorer`).

Functions
---------
preset_params      slider values (mu1, mu2, sigma1, sigma2, rho) of a preset
summary            |Sigma|, eigenvalues and peak height of N(mu, Sigma)
preset_table       those numbers for every preset, as fixed-width text
surface_mesh       the vertices of the explorer's 3-D surface
draw_gaussian      a new figure: 3-D surface and contours of one Gaussian
preset_figure      the surfaces (and contours) of several presets side by side
ellipse_points     a contour ellipse of N(mu, Sigma) (:func:`genlearn.gaussian.ellipse_points`)
sample_moments     sample mean and both forms of the sample covariance
near_singular_table  |Sigma|, smallest eigenvalue and peak as rho approaches 1

Every number comes from :mod:`genlearn.gaussian`.

Examples
--------
>>> round(summary([0.0, 0.0], [[1.0, 0.5], [0.5, 1.0]])["det"], 6)
0.75
"""
import numpy as np
from matplotlib import patheffects
from mpl_toolkits.mplot3d import Axes3D  # noqa: F401  (registers the 3-D projection)

from .. import gaussian
from ..gaussian import ellipse_points
from . import style
from .style import PALETTE

__all__ = ["PRESETS", "FIGURE_GROUPS", "preset_params", "summary", "preset_table", "surface_mesh",
           "draw_gaussian", "preset_figure", "sample_moments", "near_singular_table",
           "ellipse_points", "RADII", "Z_TIERS", "AXIS_COLORS", "AXIS_LINESTYLES"]

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

#: Mahalanobis radii r of the contour ellipses: each is the level set where the
#: density equals peak * exp(-r**2 / 2).
RADII = (1.0, 2.0, 3.0)

#: Heights of the z-axis; the smallest that fits the peak is used, so the
#: surfaces of similar Gaussians are drawn to the same scale.
Z_TIERS = (0.3, 0.6, 1.2, 2.4)

#: Colours of the principal axes (short, long), from the suite's palette.
AXIS_COLORS = (PALETTE["orange"], PALETTE["vermillion"])
#: ... and line styles: the two axes differ in dash as well as colour (orange and vermillion are close),
#: in the static figures (matplotlib) and on the explorer's page (the canvas dash pattern, CSS px)
AXIS_LINESTYLES = ("-", "--")


#: Mahalanobis radii of the rings and angles of the rays of the 3-D surface
#: mesh (:func:`surface_mesh`), and the (ring, angle) indices published.
SURFACE_RADII = np.linspace(0.0, 3.5, 29)
SURFACE_ANGLES = np.linspace(0.0, 2.0 * np.pi, 49)
SURFACE_PROBES = ((0, 4, 8, 12, 16, 20, 24, 28), (0, 6, 12, 18, 24, 30, 36, 42, 48))

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


def _zmax(peak):
    """Top of the z-axis: the smallest of :data:`Z_TIERS` that fits the peak (with 5% room)."""
    for z in Z_TIERS:
        if peak <= 0.95 * z:
            return z
    return Z_TIERS[-1]


def surface_mesh(mu, Sigma):
    """Vertices of the explorer's 3-D surface, shape (rings, angles, 3): x, y and the density.

    The mesh follows the Gaussian: vertex (k, j) sits at Mahalanobis radius
    ``SURFACE_RADII[k]`` in direction ``SURFACE_ANGLES[j]``,
    ``x = mu + r V diag(sqrt(lambda)) (cos t, sin t)``, so a narrow or
    strongly correlated bump is sampled as finely as a round one (a fixed
    x-y grid gave spikes at rho = 0.95). A ray that leaves the plotting box
    ``[-LIM, LIM]^2`` stops on its edge: ``r`` is capped per direction at
    the box. Heights are ``peak * exp(-r^2 / 2)``, the density there.
    """
    mu = np.asarray(mu, dtype=float)
    values, vectors = gaussian.principal_axes(Sigma)
    A = vectors * np.sqrt(values)                     # x = mu + r A u
    u = np.stack([np.cos(SURFACE_ANGLES), np.sin(SURFACE_ANGLES)])
    d = A @ u                                         # (2, angles): direction of each ray
    with np.errstate(divide="ignore", invalid="ignore"):
        hit = np.where(d != 0, (np.sign(d) * _LIM - mu[:, None]) / d, np.inf)
    rmax = hit.min(axis=0)                            # where each ray meets the box
    r = np.minimum(SURFACE_RADII[:, None], rmax[None, :])   # (rings, angles)
    x = mu[0] + r * d[0]
    y = mu[1] + r * d[1]
    peak = summary(mu, Sigma)["peak"]
    return np.stack([x, y, peak * np.exp(-0.5 * r * r)], axis=-1)


#: Colour map of the density (the explorer's page draws with the same one).
DENSITY_CMAP = "viridis"
#: How the static figures draw each encoding (the legend is built from the same dicts).
_ELLIPSE = dict(color="white", ls="-", lw=1.5, antialiased=False,  # sharp at 2x, and a small PNG
                path_effects=[patheffects.withStroke(linewidth=2.6, foreground="0.25")])
_AXIS_LINES = (dict(color=AXIS_COLORS[0], ls=AXIS_LINESTYLES[0], lw=3.0),    # short axis
               dict(color=AXIS_COLORS[1], ls=AXIS_LINESTYLES[1], lw=3.0))   # long axis (vermillion: dashed)
_TICKS = (-3, 0, 3)


def _pretty(x):
    return f"{round(float(x), 2) + 0.0:g}"  # + 0.0 turns -0 into 0


def _title(mu, S):
    """``μ = (.., ..)`` and ``Σ = [[.., ..], [.., ..]]`` on two lines."""
    p = _pretty
    return (f"μ = ({p(mu[0])}, {p(mu[1])})\n"
            f"Σ = [[{p(S[0, 0])}, {p(S[0, 1])}], [{p(S[1, 0])}, {p(S[1, 1])}]]")


def _legend_handles():
    radii = ", ".join(f"{r:g}" for r in RADII)
    return [style.key(f"ellipses at r = {radii}", **_ELLIPSE),
            style.key("short principal axis ±√λ₁ v₁", **_AXIS_LINES[0]),
            style.key("long principal axis ±√λ₂ v₂", **_AXIS_LINES[1]),
            style.key("mean μ", **style.MEAN_MARKER)]


def _surface(ax, X, Y, Z, zmax, lim):
    """The density as a 3-D surface (flat facets, no edges: small when stored at 2x)."""
    ax.plot_surface(X, Y, Z, cmap=DENSITY_CMAP, vmin=0, vmax=zmax, rstride=1, cstride=1,
                    linewidth=0, antialiased=False, shade=False)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), zlim=(0, zmax), xticks=_TICKS, yticks=_TICKS,
           zticks=[0, zmax])
    ax.set_xlabel("$x_1$", labelpad=-2)
    ax.set_ylabel("$x_2$", labelpad=-2)
    ax.set_zlabel("density", labelpad=-2)
    ax.tick_params(pad=-2)
    ax.view_init(elev=28, azim=-60)


def _contours(ax, mu, S, info, FX, FY, levels, lim):
    """The density from above (filled bands), the ellipses, both principal axes and μ."""
    cf = ax.contourf(FX, FY, gaussian.pdf(np.stack([FX, FY], axis=-1), mu, S), levels=levels,
                     cmap=DENSITY_CMAP, vmin=0, vmax=levels[-1])
    for r in RADII:
        pts = ellipse_points(mu, S, r)
        ax.plot(pts[:, 0], pts[:, 1], **_ELLIPSE)
    _draw_axes(ax, mu, info)
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), xticks=_TICKS, yticks=_TICKS, aspect="equal",
           xlabel="$x_1$", ylabel="$x_2$")
    return cf


def _draw_axes(ax, mu, info):
    for lam, v, line in zip(info["eigenvalues"], info["eigenvectors"].T, _AXIS_LINES):
        half = np.sqrt(lam) * v
        ax.plot([mu[0] - half[0], mu[0] + half[0]], [mu[1] - half[1], mu[1] + half[1]], **line)
    ax.plot([mu[0]], [mu[1]], **style.MEAN_MARKER)


def draw_gaussian(mu, Sigma, grid=25, figsize=(8.8, 5.0), fig=None):
    """A new figure with the 3-D surface and the contours of N(mu, Sigma), in the suite's style.

    Left: the density as a surface. Right: the density seen from above
    (filled bands, same colour scale, with a colour bar), the contour ellipses
    at Mahalanobis radii :data:`RADII` (white), the principal axes (orange
    solid: short, vermillion dashed: long, half-length ``sqrt(lambda_j)``)
    and the mean. The title gives mu and Sigma; a legend below names every
    line. Every call builds the whole figure (the "naive" baseline that
    ``benchmarks/bench_widgets.py`` times; pass ``fig`` to draw into one).
    """
    mu = np.asarray(mu, dtype=float)
    S = gaussian.check_covariance(Sigma)
    info = summary(mu, S)
    zmax = _zmax(info["peak"])
    g = np.linspace(-_LIM, _LIM, grid)
    X, Y = np.meshgrid(g, g)
    fine = np.linspace(-_LIM, _LIM, 121)  # contours are cheap: a finer grid
    FX, FY = np.meshgrid(fine, fine)
    fig = fig or style.new_figure(figsize)
    if fig.get_layout_engine() is not None:  # room for the 3-D panel's labels
        fig.get_layout_engine().set(wspace=0.12, h_pad=0.1)
    fig.suptitle("N(μ, Σ) with " + _title(mu, S).replace("\n", ", "))
    ax3 = fig.add_subplot(1, 2, 1, projection="3d")
    _surface(ax3, X, Y, gaussian.pdf(np.stack([X, Y], axis=-1), mu, S), zmax, _LIM)
    ax3.set_title("density as a surface")
    ax2 = fig.add_subplot(1, 2, 2)
    cf = _contours(ax2, mu, S, info, FX, FY, np.linspace(0.0, zmax, 13), _LIM)
    ax2.set_title("seen from above")
    fig.colorbar(cf, ax=ax2, label="density p(x)", ticks=[0, zmax / 2, zmax], shrink=0.9)
    style.figure_legend(fig, _legend_handles(), ncols=2)
    return fig


def preset_figure(names, contours=True, grid=25):
    """Surfaces (top row) and contour plots (bottom row) of the named presets.

    A static figure, for readers without a running kernel. Each column's
    title gives its mu and Sigma. Every panel of a row shares the same z-range
    and the same contour levels (one colour bar), so heights and level sets
    can be compared across panels. The contour panels look like the
    explorer's: filled bands of the density, the ellipses at Mahalanobis radii
    :data:`RADII` in white, the principal axes (orange solid: short,
    vermillion dashed: long), each of half-length ``sqrt(lambda_j)``, and the
    mean; the legend below names them.
    """
    names = list(names)
    for name in names:
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; choose from {list(PRESETS)}.")
    k = len(names)
    rows = 2 if contours else 1
    fig = style.new_figure((min(3.2 * k, style.MAX_WIDTH_IN), 3.3 * rows + 1.0))
    lim = _LIM - 1
    g = np.linspace(-lim, lim, grid)
    X, Y = np.meshgrid(g, g)
    fine = np.linspace(-lim, lim, 121)  # contours are cheap: use a finer grid
    FX, FY = np.meshgrid(fine, fine)
    zmax = max(_zmax(summary(*PRESETS[n])["peak"]) for n in names)
    levels = np.linspace(0.0, zmax, 13)
    flat = []
    for col, name in enumerate(names):
        mu, S = PRESETS[name]
        info = summary(mu, S)
        ax = fig.add_subplot(rows, k, col + 1, projection="3d")
        _surface(ax, X, Y, gaussian.pdf(np.stack([X, Y], axis=-1), mu, S), zmax, lim)
        ax.set_title(_title(mu, S))
        if contours:
            ax2 = fig.add_subplot(rows, k, k + col + 1)
            cf = _contours(ax2, mu, S, info, FX, FY, levels, lim)
            ax2.set_title("seen from above")
            flat.append(ax2)
    if contours:
        fig.colorbar(cf, ax=flat, label="density p(x)", ticks=[0, zmax / 2, zmax], shrink=0.9)
        style.figure_legend(fig, _legend_handles(), ncols=2)
    return fig


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
