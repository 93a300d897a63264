"""genlearn.explorers.multivariate_gaussian: the lesson's explorers against their numpy twin and independent
oracles, each test stating its own. The lesson's figures and tables: tests/test_demo_multivariate_gaussian.py."""
import math
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import multivariate_normal

from tolerances import EXACT, ROUNDING

from genlearn import gaussian
from genlearn.demos import multivariate_gaussian as mg
from genlearn.explorers import multivariate_gaussian as ex_mg
from genlearn.demos import style
from test_demo_multivariate_gaussian import _reference, closed_form


@pytest.mark.parametrize("name", list(mg.PRESETS))
def test_preset_sliders_reproduce_sigma_and_stay_in_range(name):
    p = mg.preset_params(name)
    mu, S = mg.PRESETS[name]
    for key, value in p.items():
        trait = ex_mg.GaussianExplorer.class_traits()[key]
        assert trait.lo <= value <= trait.hi, key
    np.testing.assert_allclose(gaussian.covariance(p["sigma1"], p["sigma2"], p["rho"]), S,
                               rtol=ROUNDING, atol=1e-15)
    np.testing.assert_allclose([p["mu1"], p["mu2"]], mu, rtol=EXACT)  # tol: the parameters given, stored


# ---------------------------------------------------------------- the explorer
# Oracle: scipy's multivariate_normal and the 2x2 closed forms. The page's own numbers
# are compared with expected_state in tests/test_explorer_contract.py.
VALUES = [
    dict(mu1=0.0, mu2=0.0, sigma1=1.0, sigma2=1.0, rho=0.0),
    dict(mu1=0.7, mu2=-1.2, sigma1=1.7, sigma2=0.6, rho=0.45),
    dict(mu1=-2.0, mu2=2.0, sigma1=0.5, sigma2=0.5, rho=-0.95),  # a corner of the slider box
    dict(mu1=2.0, mu2=-2.0, sigma1=2.0, sigma2=2.0, rho=0.95),
]


@pytest.mark.parametrize("v", VALUES)
def test_explorer_traits_give_sigma_and_summary(v):
    ex = ex_mg.GaussianExplorer(**v)
    mu, S = _reference(v)
    np.testing.assert_array_equal(ex.mu, mu)
    np.testing.assert_allclose(ex.Sigma, S, rtol=1e-15)  # tol: the same products of the parameters: an ulp
    det, lam, peak = closed_form(S.tolist())
    s = ex.summary()
    assert s["det"] == pytest.approx(det, rel=ROUNDING)
    np.testing.assert_allclose(s["eigenvalues"], lam, rtol=ROUNDING)
    assert s["peak"] == pytest.approx(peak, rel=ROUNDING)
    assert ex.preset == _preset_of(v)


def _preset_of(v):
    """The menu shows the identity preset for its exact values, nothing otherwise."""
    return ex_mg.DEFAULT_PRESET if v == mg.preset_params(ex_mg.DEFAULT_PRESET) else ""


@pytest.mark.parametrize("v", VALUES)
def test_explorer_state_against_scipy(v):
    """Every number the page must publish, checked against scipy and closed forms."""
    ex = ex_mg.GaussianExplorer(**v)
    mu, S = _reference(v)
    ref = multivariate_normal(mu, S)
    det, lam, peak = closed_form(S.tolist())
    st = ex.expected_state()
    assert st["params"] == {**v, "preset": _preset_of(v), "azimuth": -60.0, "elevation": 28.0}
    assert st["det"] == pytest.approx(det, rel=ROUNDING) and st["peak"] == pytest.approx(peak, rel=ROUNDING)
    assert st["peak"] <= 0.95 * st["zmax"] and st["zmax"] in mg.Z_TIERS
    smaller = [z for z in mg.Z_TIERS if z < st["zmax"]]
    assert not smaller or st["peak"] > 0.95 * max(smaller)  # the smallest tier that fits
    # heat-map probes: the density at grid points of [-4, 4]^2
    g = np.linspace(-4, 4, ex_mg.HEAT_N)[list(ex_mg.HEAT_PROBES)]
    np.testing.assert_array_equal(st["heat"]["x"], g)
    X, Y = np.meshgrid(g, g)
    # tol: densities from scipy another way: rounding of exps, relative; atol for the ones that underflow
    np.testing.assert_allclose(st["heat"]["z"], ref.pdf(np.dstack([X, Y])), rtol=1e-9, atol=1e-300)
    # contour ellipses: Mahalanobis radius r, density peak * exp(-r^2 / 2)
    Sinv = np.linalg.inv(S)
    for pts, r in zip(st["ellipses"], mg.RADII):
        d = np.array(pts) - mu
        assert len(pts) == 73
        # tol: points put on the ellipses by the eigenvectors, read back by the inverse and the density: rounding,
        # conditioned
        np.testing.assert_allclose(np.einsum("ij,jk,ik->i", d, Sinv, d), r * r, rtol=1e-9)
        np.testing.assert_allclose(ref.pdf(np.array(pts)), peak * math.exp(-r * r / 2), rtol=1e-9)  # tol: (above)
    # principal axes: centred at mu, half-length sqrt(lambda), along an eigenvector
    for (p0, p1), lam_j in zip(st["axes"], lam):
        p0, p1 = np.array(p0), np.array(p1)
        np.testing.assert_allclose((p0 + p1) / 2, mu, atol=ROUNDING)
        half = (p1 - p0) / 2
        # tol: the half-axes from the eigendecomposition: rounding, conditioned
        assert np.linalg.norm(half) == pytest.approx(math.sqrt(lam_j), rel=1e-9)
        np.testing.assert_allclose(S @ half, lam_j * half, atol=1e-9)
    # surface vertices lie on the density, inside the box
    xyz = np.array(st["surface"])
    # tol: densities from scipy another way: rounding of exps
    np.testing.assert_allclose(xyz[:, 2], ref.pdf(xyz[:, :2]), rtol=1e-9)
    assert np.abs(xyz[:, :2]).max() <= 4.0 + 1e-12
    # readouts
    assert st["readouts"][2] == f"|Σ| = {det:.4f}"
    assert st["readouts"][3] == f"eigenvalues λ = {lam[0]:.4f}, {lam[1]:.4f}"
    assert st["readouts"][4] == f"peak 1/(2π|Σ|^½) = {peak:.4f}"


def _corners():
    import itertools
    sliders = {k: ex_mg.GaussianExplorer.class_traits()[k] for k in ("mu1", "mu2", "sigma1", "sigma2", "rho")}
    for combo in itertools.product(*[(t.lo, t.hi) for t in sliders.values()]):
        yield dict(zip(sliders, combo))


def test_every_slider_corner_gives_a_faithful_surface():
    """At every corner of the slider box (rho = +-0.95 with sigma = 0.5 included) the mesh
    is finite and lies on the density; between neighbouring vertices the drawn (linear)
    surface stays within 3% of the peak of the true density at the midpoint (no spikes,
    no sawtooth: a fixed 25 x 25 grid was off by most of the peak at rho = 0.95); and it
    covers every point of the box where the density exceeds 1% of the peak (Mahalanobis
    radius < sqrt(2 ln 100) = 3.03 < 3.5, the outer ring)."""
    for v in _corners():
        mu, S = _reference(v)
        ref = multivariate_normal(mu, S)
        mesh = mg.surface_mesh(mu, S)
        peak = ref.pdf(mu)
        assert np.isfinite(mesh).all()
        # tol: as above; atol for the ones that underflow
        np.testing.assert_allclose(mesh[..., 2], ref.pdf(mesh[..., :2]), rtol=1e-9, atol=1e-300)
        for a, b in ((mesh[1:], mesh[:-1]), (mesh[:, 1:], mesh[:, :-1])):
            mid = (a + b) / 2
            assert np.abs(mid[..., 2] - ref.pdf(mid[..., :2])).max() <= 0.03 * peak, v
        assert np.abs(mesh[..., :2]).max() <= 4.0 + 1e-12
        # a ray that stays inside the box reaches the outer ring's radius
        d = mesh[-1, :, :2] - mu
        d2 = np.einsum("...i,ij,...j->...", d, np.linalg.inv(S), d)
        inside = np.abs(mesh[-1, :, :2]).max(axis=1) < 4.0 - 1e-9
        # tol: points put on the rim by the eigenvectors, read back by the inverse: rounding, conditioned
        np.testing.assert_allclose(d2[inside], mg.SURFACE_RADII[-1] ** 2, rtol=1e-9)
        assert mg.SURFACE_RADII[-1] > math.sqrt(2 * math.log(100))
        assert "nan" not in " ".join(ex_mg.GaussianExplorer(**v).readouts()).lower()


def test_presets_set_exact_values_and_reapply():
    ex = ex_mg.GaussianExplorer(preset="Sigma = 0.6 I")
    assert ex.sigma1 == math.sqrt(0.6) and ex.rho == 0.0  # tol: exact: sqrt of the value set, and the value set
    assert ex.summary()["det"] == pytest.approx(0.36, rel=1e-15)  # tol: a product of two square roots: ulps
    assert "|Σ| = 0.3600" in ex.readouts()
    ex.rho = 0.5                      # a slider moves: the menu shows no preset any more
    assert ex.preset == ""
    ex.preset = "Sigma = 0.6 I"       # choosing the same preset again applies it again
    assert ex.rho == 0.0 and ex.preset == "Sigma = 0.6 I"  # tol: exact: the value set
    ex.preset = "Sigma = [[3, 0.8], [0.8, 1]]"
    # tol: the preset's entries, rebuilt from sigmas and rho: ulps
    np.testing.assert_allclose(ex.Sigma, [[3, 0.8], [0.8, 1]], rtol=1e-15)
    assert "|Σ| = 2.3600" in ex.readouts()
    for name in mg.PRESETS:
        ex.preset = name
        mu, S = mg.PRESETS[name]
        np.testing.assert_allclose(ex.Sigma, S, rtol=1e-15, atol=1e-16)  # tol: as above; atol for the zero off-diagonal
        np.testing.assert_array_equal(ex.mu, mu)


def test_explorer_sends_its_constants_and_the_suite_palette():
    from genlearn.demos import style

    ex = ex_mg.GaussianExplorer()
    state = ex.get_state()
    assert state["palette"] == style.PALETTE and state["class_colors"] == list(style.CLASS_COLORS)
    assert state["presets"] == {k: mg.preset_params(k) for k in mg.PRESETS}
    assert state["z_tiers"] == list(mg.Z_TIERS)


def test_slider_ranges_keep_sigma_positive_definite():
    traits = ex_mg.GaussianExplorer.class_traits()
    assert -1 < traits["rho"].lo and traits["rho"].hi < 1
    assert traits["sigma1"].lo > 0 and traits["sigma2"].lo > 0


def test_principal_axes_differ_without_colour_in_both_figures():
    """Orange and vermillion look alike (on a projector, to a colour-blind reader): the two principal
    axes also differ in dash, in the static figure (matplotlib's line style) and on the explorer's page
    (the dash pattern it is sent, ``axis_styles``), the same way in both: short solid, long dashed."""
    fig = mg.preset_figure(["Sigma = [[3, 0.8], [0.8, 1]]"])
    static = {line.get_color(): line.get_linestyle() for line in fig.axes[1].get_lines() if len(line.get_xdata()) == 2}
    live = {s["color"]: s["dash"] for s in ex_mg.GaussianExplorer().axis_styles}
    assert set(static) == set(live) == set(mg.AXIS_COLORS)
    short, long_ = mg.AXIS_COLORS
    assert static[short] == "-" and live[short] == []
    assert static[long_] == "--" and len(live[long_]) == 2 and min(live[long_]) > 0
    js = (Path(ex_mg.__file__).parent / "multivariate_gaussian.js").read_text(encoding="utf-8")
    assert 'model.get("axis_styles")' in js and "axisStyles[j].dash" in js, "the page must draw the declared dashes"


def test_explorer_fallback_picture_is_stored_at_2x():
    """Oracle: the PNG header (bytes 16-24: width, height) against the display size the
    bundle's metadata declares: twice the pixels, as an untrusted notebook shows it."""
    import struct

    data, metadata = ex_mg.GaussianExplorer()._repr_mimebundle_()
    width, height = struct.unpack(">II", data["image/png"][16:24])
    size = metadata["image/png"]
    assert (width // 2, height // 2) == (size["width"], size["height"])
    assert size["width"] >= 0.8 * 8.8 * style.DPI  # draw_gaussian's width, shown unshrunk
