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

from tolerances import CONDITIONED, ROUNDING, half_unit

from genlearn import gaussian
from genlearn.demos import multivariate_gaussian as mg
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
    assert s["det"] == pytest.approx(det, rel=ROUNDING)
    np.testing.assert_allclose(s["eigenvalues"], lam, rtol=ROUNDING)
    assert s["peak"] == pytest.approx(peak, rel=ROUNDING)
    assert s["peak"] == pytest.approx(multivariate_normal(mu, S).pdf(mu), rel=ROUNDING)


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
        # tol: 6 significant digits (.6g): half a unit of the 6th, at most 5e-6 relative
        np.testing.assert_allclose(nums, [det, *lam, peak], rtol=half_unit(5))


def test_notebook_check_by_hand_density():
    text = stored("by_hand = ")
    # quadratic form = 1 for x = (1, 0.5), so the density is exp(-1/2) / (2 pi sqrt(0.75))
    expected = multivariate_normal([0, 0], [[1, 0.5], [0.5, 1]]).pdf([1, 0.5])
    # tol: scipy and the closed form: rounding
    assert expected == pytest.approx(math.exp(-0.5) / (2 * math.pi * math.sqrt(0.75)), rel=ROUNDING)
    values = [float(v) for v in re.findall(r":\s*([0-9.]+)", text)]
    assert len(values) == 3
    np.testing.assert_allclose(values, expected, atol=half_unit(6))  # tol: printed with 6 decimals


def test_notebook_principal_axes_of_3_08_08_1():
    text = stored("principal_axes(Sigma)")
    lam = [2 - math.sqrt(1.64), 2 + math.sqrt(1.64)]
    for line in text.splitlines()[:2]:
        # tol: rounded to 6 decimals
        np.testing.assert_allclose([float(v) for v in re.findall(r"[0-9.]+", line)], lam, atol=half_unit(6))
    # long axis: (b, lambda - a) normalised, with b = 0.8, a = 3
    v = np.array([0.8, lam[1] - 3.0]) / math.hypot(0.8, lam[1] - 3.0)
    line = text.splitlines()[3]
    nums = [float(x) for x in re.findall(r"-?[0-9]+\.[0-9]+", line)]
    # tol: 6 decimals (the vector) and 4 (the angle)
    np.testing.assert_allclose(nums[:2], v, atol=half_unit(6))
    assert nums[2] == pytest.approx(math.degrees(math.atan2(v[1], v[0])), abs=half_unit(4))
    assert "True" in text.splitlines()[2]


def test_notebook_general_2x2_inverse():
    """Oracle: scipy.linalg.inv of the notes' [[3, 0.8], [0.8, 1]] and its determinant 3 - 0.64."""
    from scipy import linalg
    lines = stored("S_inv = np.array([[s22, -s12]").strip().splitlines()
    # tol: printed to 4 decimals, so half a unit of the last place, 5e-5
    assert [float(v) for v in re.findall(r"-?[0-9]+\.[0-9]+", lines[0])] == pytest.approx([2.36], abs=5e-5)
    got = [float(v) for v in re.findall(r"-?[0-9]+\.[0-9]+", lines[1])]
    # tol: printed to 6 decimals, so half a unit of the last place, 5e-7
    np.testing.assert_allclose(got, linalg.inv([[3.0, 0.8], [0.8, 1.0]]).ravel(), rtol=0, atol=5e-7)


def test_notebook_axis_ends_are_at_mahalanobis_distance_2():
    """Oracle: mu + 2 sqrt(lambda) q with (lambda, q) from the closed-form eigenvalues, (b, lambda - a) for q,
    and the quadratic form with the 2x2 inverse written out: 4 at each of the four ends."""
    rows = stored("squared distances of the axis ends").strip().splitlines()
    cases = ([[1, 0.5], [0.5, 1]], [[1, -0.8], [-0.8, 1]], [[3, 0.8], [0.8, 1]])
    assert len(rows) == len(cases)
    for row, S in zip(rows, cases):
        (a, b), (_, c) = S
        det, lams, _ = closed_form(S)
        expected = []
        for lam in lams:
            q = np.array([b, lam - a]) / math.hypot(b, lam - a)
            for sign in (1, -1):
                u, v = sign * 2 * math.sqrt(lam) * q
                expected.append((c * u * u - 2 * b * u * v + a * v * v) / det)
        got = [float(v) for v in re.findall(r"[0-9]+\.[0-9]+", row.split("ends:")[1])]
        # tol: printed to 6 decimals, so half a unit of the last place, 5e-7
        assert got == pytest.approx(expected, abs=5e-7)
        assert expected == pytest.approx([4.0] * 4, rel=1e-12)  # tol: the same algebra, rounding only


def test_notebook_axis_angles():
    """Oracle: the long axis (b, lambda_max - a) of each 2x2 Sigma from the closed-form eigenvalues, so
    [[1, 0.5], [0.5, 1]] is at 45 degrees, [[1, -0.8], [-0.8, 1]] at 135 and [[3, 0.8], [0.8, 1]] at 19.33."""
    rows = stored("long axis by tan 2a").strip().splitlines()
    cases = ([[1, 0.5], [0.5, 1]], [[1, -0.8], [-0.8, 1]], [[3, 0.8], [0.8, 1]])
    assert len(rows) == len(cases)
    for row, S in zip(rows, cases):
        _, (_, hi), _ = closed_form(S)
        (a, b), _ = S
        angle = math.degrees(math.atan2(hi - a, b)) % 180
        got = [float(v) for v in re.findall(r"([0-9]+\.[0-9]+) degrees", row)]
        # tol: printed to 4 decimals, so half a unit of the last place, 5e-5
        assert got == pytest.approx([angle, angle], abs=5e-5)
    # tol: exact in binary for 45, rounding only for 135 = (180 + atan2(0.8, -0.8) in degrees) mod 180
    assert math.degrees(math.atan2(0.8, -0.8)) == pytest.approx(135.0, rel=1e-12)


def test_notebook_near_singular_table():
    text = stored("near_singular_table()")
    rows = text.strip().splitlines()[1:]
    rhos = [0.5, 0.9, 0.99, 0.999, 0.9999]
    assert len(rows) == len(rhos)
    for row, rho in zip(rows, rhos):
        nums = [float(v) for v in row.split()]
        det = 1 - rho * rho
        # tol: rho printed exactly (4 decimals), the rest with 6 significant digits: at most 5e-6 relative
        np.testing.assert_allclose(nums, [rho, det, 1 - rho, 1 / (2 * math.pi * math.sqrt(det))],
                                   rtol=half_unit(5))


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
    # tol: numpy prints with 4 decimals here (the cell sets precision=4)
    np.testing.assert_allclose(_matrix_numbers(blocks[0]), mean, atol=half_unit(4))
    np.testing.assert_allclose(_matrix_numbers(blocks[1].split(":", 1)[1]), cov.ravel(), atol=half_unit(4))
    np.testing.assert_allclose(_matrix_numbers(blocks[2].split(":", 1)[1]), cov.ravel(), atol=half_unit(4))
    assert text.strip().endswith("True")
    # and the sample really is close to the parameters
    # tol: a draw of m = 100,000: four standard errors of the mean, sqrt(S_jj / m), and of the covariance,
    # sqrt((S_ii S_jj + S_ij^2) / m)
    np.testing.assert_array_less(np.abs(mean - mu), 4 * np.sqrt(np.diag(S) / len(X)))
    np.testing.assert_array_less(np.abs(cov - S), 4 * np.sqrt((np.outer(np.diag(S), np.diag(S)) + S ** 2) / len(X)))


def test_sample_moments_function_against_numpy():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(500, 3)) @ rng.normal(size=(3, 3)) + 5.0
    m = mg.sample_moments(X)
    np.testing.assert_allclose(m["mean"], X.mean(axis=0), rtol=ROUNDING)
    np.testing.assert_allclose(m["cov_centered"], np.cov(X.T, bias=True), rtol=ROUNDING)
    # tol: E[xx^T] - xbar xbar^T cancels (means ~5 against variances ~1): rounding times ~25, within 1e-9
    np.testing.assert_allclose(m["cov_moments"], np.cov(X.T, bias=True), rtol=1e-9)
    with pytest.raises(ValueError, match="non-empty"):
        mg.sample_moments(np.zeros(3))


def test_notebook_slip_in_the_derivation():
    mu, S, X = _sample()
    text = stored("E[ZZ^T] - E[Z](Z - E[Z])^T")
    parts = text.split("E[ZZ^T]")[1:]
    EZZ = X.T @ X / len(X)
    cov = np.cov(X.T, bias=True)
    # tol: numpy prints with 4 decimals here
    np.testing.assert_allclose(_matrix_numbers(parts[0].split(":", 1)[1]), cov.ravel(), atol=half_unit(4))
    # the notes' last line, averaged over Z, is E[ZZ^T], not the covariance
    np.testing.assert_allclose(_matrix_numbers(parts[1].split(":", 1)[1]), EZZ.ravel(), atol=half_unit(4))
    np.testing.assert_allclose(_matrix_numbers(parts[2].split(":", 1)[1]), EZZ.ravel(), atol=half_unit(4))
    # tol: the slip adds E[Z]E[Z]^T (entries ~1 here), far beyond 0.1
    assert not np.allclose(EZZ, cov, atol=0.1)


def test_notebook_mass_inside_ellipses():
    mu, S, X = _sample()
    text = stored("d2 = gaussian.mahalanobis(X, mu, Sigma)")
    d2 = np.einsum("ij,jk,ik->i", X - mu, np.linalg.inv(S), X - mu)
    for line, r in zip(text.strip().splitlines(), (1, 2, 3)):
        inside, theory = [float(v) for v in re.findall(r"[0-9]\.[0-9]+", line)]
        # tol: printed with 4 decimals
        assert inside == pytest.approx(np.mean(d2 <= r * r), abs=half_unit(4))
        assert theory == pytest.approx(1 - math.exp(-r * r / 2), abs=half_unit(4))


def _reference(v):
    mu = np.array([v["mu1"], v["mu2"]])
    c = v["rho"] * v["sigma1"] * v["sigma2"]
    S = np.array([[v["sigma1"] ** 2, c], [c, v["sigma2"] ** 2]])
    return mu, S


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
    # tol: the plotted axes, from the eigendecomposition: rounding, conditioned
    assert half[mg.AXIS_COLORS[0]] == pytest.approx(math.sqrt(lam[0]), rel=CONDITIONED)
    assert half[mg.AXIS_COLORS[1]] == pytest.approx(math.sqrt(lam[1]), rel=CONDITIONED)
    assert sum(len(l.get_xdata()) > 2 for l in lines) == len(mg.RADII)
    assert ax.get_xlabel() == "$x_1$" and ax.get_ylabel() == "$x_2$"
    png, _ = style.png_2x(fig)
    rgb = np.asarray(PIL.Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    orange = [int(mg.AXIS_COLORS[0][i:i + 2], 16) for i in (1, 3, 5)]
    assert (np.abs(rgb - orange).sum(axis=-1) < 60).sum() > 8


# ---------------------------------------------------------------- slips of the notes (issue 18)
def test_notebook_tilt_comes_from_the_correlation_not_the_size():
    """Oracle: |Sigma| = ac - b^2 and rho = b / sqrt(ac), written out for each matrix."""
    rows = stored("rho = S[0, 1]").strip().splitlines()
    expected = [(1.0, 0.0), (4.0, 0.0), (0.75, 0.5), (0.36, 0.8)]
    assert len(rows) == len(expected)
    for row, (det, rho) in zip(rows, expected):
        got = [float(v) for v in re.findall(r"=\s*(-?[0-9]+\.[0-9]+)", row)]
        assert got == pytest.approx([det, rho], abs=half_unit(2))  # tol: printed with 2 decimals
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
        # tol: printed with 4 decimals (the last: the prose's sqrt(3) = 1.7321)
        assert ratio == pytest.approx(math.sqrt(hi / lo), abs=half_unit(4))
        assert got_angle == pytest.approx(angle, abs=half_unit(4))
    assert math.sqrt(3) == pytest.approx(1.7321, abs=half_unit(4))


