"""Notebook 02 (the multivariate Gaussian): explorer, presets and every checked number.

Reference values come from closed forms for 2x2 matrices, from scipy and from
plain numpy, never from genlearn itself. The notebook's stored outputs are
parsed and compared with those references too, so the printed numbers cannot
drift from the truth unnoticed.
"""
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import multivariate_normal

from genlearn import gaussian
from genlearn.demos import multivariate_gaussian as mg
from genlearn.explorers import multivariate_gaussian as ex_mg
from genlearn.demos import style
from lessons import is_checked

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "02_multivariate_gaussian.ipynb"

# The Gaussians pictured in the notes, written out again here (not taken from mg.PRESETS).
NOTES = [
    ((0, 0), [[1, 0], [0, 1]]), ((0, 0), [[0.6, 0], [0, 0.6]]), ((0, 0), [[2, 0], [0, 2]]),
    ((0, 0), [[1, 0.5], [0.5, 1]]), ((0, 0), [[1, 0.8], [0.8, 1]]),
    ((0, 0), [[1, -0.5], [-0.5, 1]]), ((0, 0), [[1, -0.8], [-0.8, 1]]),
    ((0, 0), [[3, 0.8], [0.8, 1]]),
    ((1, 0), [[1, 0], [0, 1]]), ((-0.5, 0), [[1, 0], [0, 1]]), ((-1, -1.5), [[1, 0], [0, 1]]),
]


def closed_form(S):
    """|Sigma|, eigenvalues (ascending) and peak of a 2x2 Sigma = [[a, b], [b, c]]."""
    (a, b), (_, c) = S
    det = a * c - b * b
    half = math.sqrt(((a - c) / 2) ** 2 + b * b)
    return det, ((a + c) / 2 - half, (a + c) / 2 + half), 1 / (2 * math.pi * math.sqrt(det))


def stored_outputs():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    out = {}
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if is_checked(cell):
            text = "".join("".join(o.get("text", "")) for o in cell["outputs"])
            out[src] = text
    return out


def stored(fragment):
    matches = [text for src, text in stored_outputs().items() if fragment in src]
    assert len(matches) == 1, f"expected one checked cell containing {fragment!r}"
    return matches[0]


# ---------------------------------------------------------------- presets
def test_presets_are_exactly_the_figures_of_the_notes():
    got = [(tuple(mu), S.tolist()) for mu, S in mg.PRESETS.values()]
    assert got == [(tuple(float(v) for v in mu), np.array(S, float).tolist()) for mu, S in NOTES]
    for names in mg.FIGURE_GROUPS.values():
        assert len(names) == 3 and set(names) <= set(mg.PRESETS)
    assert set().union(*mg.FIGURE_GROUPS.values()) == set(mg.PRESETS)


@pytest.mark.parametrize("name", list(mg.PRESETS))
def test_summary_matches_closed_forms(name):
    mu, S = mg.PRESETS[name]
    det, lam, peak = closed_form(S.tolist())
    s = mg.summary(mu, S)
    assert s["det"] == pytest.approx(det, rel=1e-12)
    np.testing.assert_allclose(s["eigenvalues"], lam, rtol=1e-12)
    assert s["peak"] == pytest.approx(peak, rel=1e-12)
    assert s["peak"] == pytest.approx(multivariate_normal(mu, S).pdf(mu), rel=1e-12)


@pytest.mark.parametrize("name", list(mg.PRESETS))
def test_preset_sliders_reproduce_sigma_and_stay_in_range(name):
    p = mg.preset_params(name)
    mu, S = mg.PRESETS[name]
    for key, value in p.items():
        trait = ex_mg.GaussianExplorer.class_traits()[key]
        assert trait.lo <= value <= trait.hi, key
    np.testing.assert_allclose(gaussian.covariance(p["sigma1"], p["sigma2"], p["rho"]), S,
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose([p["mu1"], p["mu2"]], mu)


def test_unknown_preset_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown preset"):
        mg.preset_params("Sigma = 5 I")


def test_notebook_preset_table_matches_closed_forms():
    text = stored("preset_table()")
    rows = text.strip().splitlines()[1:]
    assert len(rows) == len(NOTES)
    for row, (mu, S) in zip(rows, NOTES):
        det, lam, peak = closed_form(S)
        nums = [float(v) for v in row.split()[-4:]]
        np.testing.assert_allclose(nums, [det, *lam, peak], rtol=5e-6)


def test_notebook_check_by_hand_density():
    text = stored("by_hand = ")
    # quadratic form = 1 for x = (1, 0.5), so the density is exp(-1/2) / (2 pi sqrt(0.75))
    expected = multivariate_normal([0, 0], [[1, 0.5], [0.5, 1]]).pdf([1, 0.5])
    assert expected == pytest.approx(math.exp(-0.5) / (2 * math.pi * math.sqrt(0.75)))
    values = [float(v) for v in re.findall(r":\s*([0-9.]+)", text)]
    assert len(values) == 3
    np.testing.assert_allclose(values, expected, rtol=5e-6)


def test_notebook_principal_axes_of_3_08_08_1():
    text = stored("principal_axes(Sigma)")
    lam = [2 - math.sqrt(1.64), 2 + math.sqrt(1.64)]
    for line in text.splitlines()[:2]:
        np.testing.assert_allclose([float(v) for v in re.findall(r"[0-9.]+", line)], lam, rtol=5e-6)
    # long axis: (b, lambda - a) normalised, with b = 0.8, a = 3
    v = np.array([0.8, lam[1] - 3.0]) / math.hypot(0.8, lam[1] - 3.0)
    line = text.splitlines()[3]
    nums = [float(x) for x in re.findall(r"-?[0-9]+\.[0-9]+", line)]
    np.testing.assert_allclose(nums[:2], v, rtol=5e-6)
    assert nums[2] == pytest.approx(math.degrees(math.atan2(v[1], v[0])), abs=1e-4)
    assert "True" in text.splitlines()[2]


def test_notebook_near_singular_table():
    text = stored("near_singular_table()")
    rows = text.strip().splitlines()[1:]
    rhos = [0.5, 0.9, 0.99, 0.999, 0.9999]
    assert len(rows) == len(rhos)
    for row, rho in zip(rows, rhos):
        nums = [float(v) for v in row.split()]
        det = 1 - rho * rho
        np.testing.assert_allclose(nums, [rho, det, 1 - rho, 1 / (2 * math.pi * math.sqrt(det))],
                                   rtol=5e-6)


# ---------------------------------------------------------------- samples and the slip
def _sample():
    mu = np.array([1.0, -0.5])
    S = np.array([[3.0, 0.8], [0.8, 1.0]])
    return mu, S, gaussian.sample(mu, S, size=100_000, rng=0)


def _matrix_numbers(text):
    return np.array([float(v) for v in re.findall(r"-?[0-9]+\.[0-9]*", text)])


def test_notebook_sample_moments_match_numpy():
    mu, S, X = _sample()
    text = stored('moments["mean"]')
    blocks = text.split("mean of")
    mean = np.mean(X, axis=0)
    cov = np.cov(X.T, bias=True)
    np.testing.assert_allclose(_matrix_numbers(blocks[0]), mean, atol=1e-4)
    np.testing.assert_allclose(_matrix_numbers(blocks[1].split(":", 1)[1]), cov.ravel(), atol=1e-4)
    np.testing.assert_allclose(_matrix_numbers(blocks[2].split(":", 1)[1]), cov.ravel(), atol=1e-4)
    assert text.strip().endswith("True")
    # and the sample really is close to the parameters
    np.testing.assert_allclose(mean, mu, atol=0.02)
    np.testing.assert_allclose(cov, S, atol=0.05)


def test_sample_moments_function_against_numpy():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(500, 3)) @ rng.normal(size=(3, 3)) + 5.0
    m = mg.sample_moments(X)
    np.testing.assert_allclose(m["mean"], X.mean(axis=0))
    np.testing.assert_allclose(m["cov_centered"], np.cov(X.T, bias=True), rtol=1e-12)
    np.testing.assert_allclose(m["cov_moments"], np.cov(X.T, bias=True), rtol=1e-9)
    with pytest.raises(ValueError, match="non-empty"):
        mg.sample_moments(np.zeros(3))


def test_notebook_slip_in_the_derivation():
    mu, S, X = _sample()
    text = stored("E[ZZ^T] - E[Z](Z - E[Z])^T")
    parts = text.split("E[ZZ^T]")[1:]
    EZZ = X.T @ X / len(X)
    cov = np.cov(X.T, bias=True)
    np.testing.assert_allclose(_matrix_numbers(parts[0].split(":", 1)[1]), cov.ravel(), atol=1e-4)
    # the notes' last line, averaged over Z, is E[ZZ^T], not the covariance
    np.testing.assert_allclose(_matrix_numbers(parts[1].split(":", 1)[1]), EZZ.ravel(), atol=1e-4)
    np.testing.assert_allclose(_matrix_numbers(parts[2].split(":", 1)[1]), EZZ.ravel(), atol=1e-4)
    assert not np.allclose(EZZ, cov, atol=0.1)


def test_notebook_mass_inside_ellipses():
    mu, S, X = _sample()
    text = stored("gaussian.mahalanobis")
    d2 = np.einsum("ij,jk,ik->i", X - mu, np.linalg.inv(S), X - mu)
    for line, r in zip(text.strip().splitlines(), (1, 2, 3)):
        inside, theory = [float(v) for v in re.findall(r"[0-9]\.[0-9]+", line)]
        assert inside == pytest.approx(np.mean(d2 <= r * r), abs=1e-4)
        assert theory == pytest.approx(1 - math.exp(-r * r / 2), abs=1e-4)


# ---------------------------------------------------------------- the explorer
# Oracle: scipy's multivariate_normal and the 2x2 closed forms. The page's own numbers
# are compared with expected_state in tests/test_explorer_contract.py.
VALUES = [
    dict(mu1=0.0, mu2=0.0, sigma1=1.0, sigma2=1.0, rho=0.0),
    dict(mu1=0.7, mu2=-1.2, sigma1=1.7, sigma2=0.6, rho=0.45),
    dict(mu1=-2.0, mu2=2.0, sigma1=0.5, sigma2=0.5, rho=-0.95),  # a corner of the slider box
    dict(mu1=2.0, mu2=-2.0, sigma1=2.0, sigma2=2.0, rho=0.95),
]


def _reference(v):
    mu = np.array([v["mu1"], v["mu2"]])
    c = v["rho"] * v["sigma1"] * v["sigma2"]
    S = np.array([[v["sigma1"] ** 2, c], [c, v["sigma2"] ** 2]])
    return mu, S


@pytest.mark.parametrize("v", VALUES)
def test_explorer_traits_give_sigma_and_summary(v):
    ex = ex_mg.GaussianExplorer(**v)
    mu, S = _reference(v)
    np.testing.assert_array_equal(ex.mu, mu)
    np.testing.assert_allclose(ex.Sigma, S, rtol=1e-15)
    det, lam, peak = closed_form(S.tolist())
    s = ex.summary()
    assert s["det"] == pytest.approx(det, rel=1e-12)
    np.testing.assert_allclose(s["eigenvalues"], lam, rtol=1e-12)
    assert s["peak"] == pytest.approx(peak, rel=1e-12)
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
    assert st["det"] == pytest.approx(det, rel=1e-12) and st["peak"] == pytest.approx(peak, rel=1e-12)
    assert st["peak"] <= 0.95 * st["zmax"] and st["zmax"] in mg.Z_TIERS
    smaller = [z for z in mg.Z_TIERS if z < st["zmax"]]
    assert not smaller or st["peak"] > 0.95 * max(smaller)  # the smallest tier that fits
    # heat-map probes: the density at grid points of [-4, 4]^2
    g = np.linspace(-4, 4, ex_mg.HEAT_N)[list(ex_mg.HEAT_PROBES)]
    np.testing.assert_array_equal(st["heat"]["x"], g)
    X, Y = np.meshgrid(g, g)
    np.testing.assert_allclose(st["heat"]["z"], ref.pdf(np.dstack([X, Y])), rtol=1e-9, atol=1e-300)
    # contour ellipses: Mahalanobis radius r, density peak * exp(-r^2 / 2)
    Sinv = np.linalg.inv(S)
    for pts, r in zip(st["ellipses"], mg.RADII):
        d = np.array(pts) - mu
        assert len(pts) == 73
        np.testing.assert_allclose(np.einsum("ij,jk,ik->i", d, Sinv, d), r * r, rtol=1e-9)
        np.testing.assert_allclose(ref.pdf(np.array(pts)), peak * math.exp(-r * r / 2), rtol=1e-9)
    # principal axes: centred at mu, half-length sqrt(lambda), along an eigenvector
    for (p0, p1), lam_j in zip(st["axes"], lam):
        p0, p1 = np.array(p0), np.array(p1)
        np.testing.assert_allclose((p0 + p1) / 2, mu, atol=1e-12)
        half = (p1 - p0) / 2
        assert np.linalg.norm(half) == pytest.approx(math.sqrt(lam_j), rel=1e-9)
        np.testing.assert_allclose(S @ half, lam_j * half, atol=1e-9)
    # surface vertices lie on the density, inside the box
    xyz = np.array(st["surface"])
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
        np.testing.assert_allclose(mesh[..., 2], ref.pdf(mesh[..., :2]), rtol=1e-9, atol=1e-300)
        for a, b in ((mesh[1:], mesh[:-1]), (mesh[:, 1:], mesh[:, :-1])):
            mid = (a + b) / 2
            assert np.abs(mid[..., 2] - ref.pdf(mid[..., :2])).max() <= 0.03 * peak, v
        assert np.abs(mesh[..., :2]).max() <= 4.0 + 1e-12
        # a ray that stays inside the box reaches the outer ring's radius
        d = mesh[-1, :, :2] - mu
        d2 = np.einsum("...i,ij,...j->...", d, np.linalg.inv(S), d)
        inside = np.abs(mesh[-1, :, :2]).max(axis=1) < 4.0 - 1e-9
        np.testing.assert_allclose(d2[inside], mg.SURFACE_RADII[-1] ** 2, rtol=1e-9)
        assert mg.SURFACE_RADII[-1] > math.sqrt(2 * math.log(100))
        assert "nan" not in " ".join(ex_mg.GaussianExplorer(**v).readouts()).lower()


def test_a_fixed_grid_would_not_be_faithful():
    """The oracle above can fail: the old 25 x 25 grid over [-4, 4]^2 at rho = 0.95,
    sigma = 0.5 misses the ridge by far more than 3% of the peak."""
    mu, S = _reference(dict(mu1=0.0, mu2=0.0, sigma1=0.5, sigma2=0.5, rho=0.95))
    ref = multivariate_normal(mu, S)
    g = np.linspace(-4, 4, 25)
    X, Y = np.meshgrid(g, g)
    Z = ref.pdf(np.dstack([X, Y]))
    mid = np.dstack([(X[1:, 1:] + X[:-1, :-1]) / 2, (Y[1:, 1:] + Y[:-1, :-1]) / 2])
    err = np.abs((Z[1:, 1:] + Z[:-1, :-1]) / 2 - ref.pdf(mid)).max()
    assert err > 0.03 * ref.pdf(mu)


def test_presets_set_exact_values_and_reapply():
    ex = ex_mg.GaussianExplorer(preset="Sigma = 0.6 I")
    assert ex.sigma1 == math.sqrt(0.6) and ex.rho == 0.0
    assert ex.summary()["det"] == pytest.approx(0.36, rel=1e-15)
    assert "|Σ| = 0.3600" in ex.readouts()
    ex.rho = 0.5                      # a slider moves: the menu shows no preset any more
    assert ex.preset == ""
    ex.preset = "Sigma = 0.6 I"       # choosing the same preset again applies it again
    assert ex.rho == 0.0 and ex.preset == "Sigma = 0.6 I"
    ex.preset = "Sigma = [[3, 0.8], [0.8, 1]]"
    np.testing.assert_allclose(ex.Sigma, [[3, 0.8], [0.8, 1]], rtol=1e-15)
    assert "|Σ| = 2.3600" in ex.readouts()
    for name in mg.PRESETS:
        ex.preset = name
        mu, S = mg.PRESETS[name]
        np.testing.assert_allclose(ex.Sigma, S, rtol=1e-15, atol=1e-16)
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


def test_static_figures_build():
    for names in mg.FIGURE_GROUPS.values():
        fig = mg.preset_figure(names)
        assert len(fig.axes) == 7  # three surfaces, three contour panels, one colour bar
    fig = mg.draw_gaussian([0, 0], [[1, 0.3], [0.3, 1]])
    assert len(fig.axes) == 3  # surface, contours, colour bar
    assert "Σ = [[1, 0.3], [0.3, 1]]" in fig.get_suptitle()
    with pytest.raises(ValueError, match="unknown preset"):
        mg.preset_figure(["nope"])
    with pytest.raises(ValueError, match="positive definite"):
        mg.draw_gaussian([0, 0], [[1, 1], [1, 1]])


def test_preset_figure_draws_scaled_principal_axes_in_visible_colours():
    """Each contour panel has the r = 1, 2, 3 ellipses and both principal axes,
    of half-lengths sqrt(2 -+ sqrt(1.64)) for [[3, .8], [.8, 1]]; the 2x PNG
    keeps the orange of the short axis (a quantised palette merged it into red once)."""
    import io

    import PIL.Image

    name = "Sigma = [[3, 0.8], [0.8, 1]]"
    fig = mg.preset_figure([name])
    ax = fig.axes[1]
    lines = ax.get_lines()
    half = {}
    for line in lines:
        x, y = line.get_data()
        if len(x) == 2:
            half[line.get_color()] = math.hypot(x[1] - x[0], y[1] - y[0]) / 2
    lam = [2 - math.sqrt(1.64), 2 + math.sqrt(1.64)]
    assert half[mg.AXIS_COLORS[0]] == pytest.approx(math.sqrt(lam[0]), rel=1e-9)
    assert half[mg.AXIS_COLORS[1]] == pytest.approx(math.sqrt(lam[1]), rel=1e-9)
    assert sum(len(l.get_xdata()) > 2 for l in lines) == len(mg.RADII)
    assert ax.get_xlabel() == "$x_1$" and ax.get_ylabel() == "$x_2$"
    png, _ = style.png_2x(fig)
    rgb = np.asarray(PIL.Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    orange = [int(mg.AXIS_COLORS[0][i:i + 2], 16) for i in (1, 3, 5)]
    assert (np.abs(rgb - orange).sum(axis=-1) < 60).sum() > 8


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


# ---------------------------------------------------------------- slips of the notes (issue 18)
def test_notebook_tilt_comes_from_the_correlation_not_the_size():
    """Oracle: |Sigma| = ac - b^2 and rho = b / sqrt(ac), written out for each matrix."""
    rows = stored("rho = S[0, 1]").strip().splitlines()
    expected = [(1.0, 0.0), (4.0, 0.0), (0.75, 0.5), (0.36, 0.8)]
    assert len(rows) == len(expected)
    for row, (det, rho) in zip(rows, expected):
        got = [float(v) for v in re.findall(r"=\s*(-?[0-9]+\.[0-9]+)", row)]
        assert got == pytest.approx([det, rho], abs=5e-3)
    # the point of the cell: the "larger" 2I is uncorrelated, the correlated matrix is "smaller" than I
    assert 4.0 > 1.0 > 0.36


def test_notebook_unequal_variances_alone_give_ellipses():
    """Oracle: closed-form eigenvalues; a diagonal Sigma has its long axis on x1 with ratio sqrt(a/c)."""
    rows = stored("axis ratio").strip().splitlines()
    assert len(rows) == 3
    for row, S in zip(rows, ([[3, 0], [0, 1]], [[1, 0.8], [0.8, 1]], [[3, 0.8], [0.8, 1]])):
        _, (lo, hi), _ = closed_form(S)
        (a, b), (_, c) = S
        angle = 0.0 if b == 0 else math.degrees(math.atan2(hi - a, b))
        ratio, got_angle = [float(v) for v in re.findall(r"[0-9]+\.[0-9]+", row.split("]]")[-1])]
        assert ratio == pytest.approx(math.sqrt(hi / lo), abs=5e-5)
        assert got_angle == pytest.approx(angle, abs=5e-5)
    assert math.sqrt(3) == pytest.approx(1.7321, abs=5e-5)


def test_explorer_fallback_picture_is_stored_at_2x():
    """Oracle: the PNG header (bytes 16-24: width, height) against the display size the
    bundle's metadata declares: twice the pixels, as an untrusted notebook shows it."""
    import struct

    data, metadata = ex_mg.GaussianExplorer()._repr_mimebundle_()
    width, height = struct.unpack(">II", data["image/png"][16:24])
    size = metadata["image/png"]
    assert (width // 2, height // 2) == (size["width"], size["height"])
    assert size["width"] >= 0.8 * 8.8 * style.DPI  # draw_gaussian's width, shown unshrunk
