"""Notebook 01 (generative vs discriminative): Bayes' rule, threshold, explorer and fits.

References are scipy.stats.norm, a root finder, plain numpy maximum likelihood
and scikit-learn's logistic regression; the notebook's stored checked outputs
are parsed and compared with them.
"""
import json
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import brentq
from scipy.stats import norm
from sklearn.linear_model import LogisticRegression as SkLogisticRegression

from tolerances import ROUNDING, half_unit

from genlearn.demos import generative_vs_discriminative as gd
from lessons import is_checked

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "01_generative_vs_discriminative.ipynb"
TRUTH = dict(phi=0.2, mu_dog=40.0, mu_elephant=100.0, sigma=15.0)


def ref_posterior(x, phi, mu_dog, mu_elephant, sigma):
    a = phi * norm.pdf(x, mu_elephant, sigma)
    b = (1 - phi) * norm.pdf(x, mu_dog, sigma)
    return a / (a + b)


def ref_threshold(phi, mu_dog, mu_elephant, sigma):
    lo, hi = sorted((mu_dog, mu_elephant))
    return brentq(lambda x: ref_posterior(x, phi, mu_dog, mu_elephant, sigma) - 0.5,
                  lo - 10 * sigma, hi + 10 * sigma, xtol=1e-12)


def stored(fragment):
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    found = []
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if is_checked(cell) and fragment in src:
            found.append("".join("".join(o.get("text", "")) for o in cell["outputs"]))
    assert len(found) == 1, f"expected one checked cell containing {fragment!r}"
    return found[0]


def numbers(line):
    return [float(v) for v in re.findall(r"-?\d+\.\d+(?:e[-+]\d+)?", line)]


# ---------------------------------------------------------------- the model
def test_defaults_are_the_notebook_model():
    assert gd.DEFAULTS == TRUTH


@pytest.mark.parametrize("params", [TRUTH, dict(phi=0.5, mu_dog=60.0, mu_elephant=70.0, sigma=20.0),
                                    dict(phi=0.9, mu_dog=90.0, mu_elephant=50.0, sigma=6.0)])
def test_posterior_and_joint_match_scipy(params):
    x = np.linspace(0, 180, 97)
    # tol: the same posterior from log-densities and from scipy's pdfs: rounding of exps of terms up to ~30
    np.testing.assert_allclose(gd.posterior(x, **params), ref_posterior(x, **params), rtol=1e-10)
    j0, j1 = gd.joint(x, **params)
    np.testing.assert_allclose(j0, (1 - params["phi"]) * norm.pdf(x, params["mu_dog"], params["sigma"]),
                               rtol=ROUNDING)
    np.testing.assert_allclose(j1, params["phi"] * norm.pdf(x, params["mu_elephant"], params["sigma"]),
                               rtol=ROUNDING)


def test_posterior_is_finite_far_from_both_means():
    p = gd.posterior(np.array([-1e4, 1e4]), **TRUTH)
    assert np.all(np.isfinite(p))
    assert p[0] == pytest.approx(0.0, abs=ROUNDING) and p[1] == pytest.approx(1.0, abs=ROUNDING)


@pytest.mark.parametrize("phi", [0.02, 0.2, 0.5, 0.8, 0.98])
@pytest.mark.parametrize("means", [(40.0, 100.0), (80.0, 60.0)])
def test_threshold_is_the_root_of_posterior_one_half(phi, means):
    params = dict(phi=phi, mu_dog=means[0], mu_elephant=means[1], sigma=15.0)
    # tol: two closed forms of the threshold: rounding of terms ~100 times log-odds, within 1e-8
    assert gd.threshold(**params) == pytest.approx(ref_threshold(**params), abs=1e-8)


def test_equal_means_have_no_threshold():
    assert gd.threshold(0.3, 60.0, 60.0, 10.0) is None


@pytest.mark.parametrize("bad, match", [(dict(phi=0.0), "phi"), (dict(phi=1.0), "phi"),
                                         (dict(sigma=0.0), "sigma")])
def test_bad_parameters_are_clear_errors(bad, match):
    with pytest.raises(ValueError, match=match):
        gd.posterior(50.0, **{**TRUTH, **bad})


def test_sample_animals():
    x, y = gd.sample_animals(5000, rng=0, **TRUTH)
    assert x.shape == (5000, 1) and y.shape == (5000,)
    # tol: a draw of m = 5000: four standard errors of a proportion (phi = 0.2), of a mean (sigma = 15 over the
    # ~1000 elephants) and of a standard deviation (sigma / sqrt(2 m_0))
    assert y.mean() == pytest.approx(0.2, abs=4 * np.sqrt(0.2 * 0.8 / len(y)))
    assert x[y == 1].mean() == pytest.approx(100, abs=4 * 15 / np.sqrt(np.sum(y == 1)))  # tol: as above
    # tol: as above
    assert x[y == 0].std() == pytest.approx(15, abs=4 * 15 / np.sqrt(2 * np.sum(y == 0)))
    with pytest.raises(ValueError, match="m must be"):
        gd.sample_animals(1, **TRUTH)


# ---------------------------------------------------------------- the notebook's numbers
def test_notebook_bayes_rule_by_hand():
    lines = stored("joint_dog, joint_ele =").strip().splitlines()
    j_dog = 0.8 * norm.pdf(80, 40, 15)
    j_ele = 0.2 * norm.pdf(80, 100, 15)
    expected = [j_dog, j_ele, j_dog + j_ele, j_ele / (j_dog + j_ele), j_ele / (j_dog + j_ele)]
    got = [numbers(line)[-1] for line in lines]
    # tol: 6 decimals of the mantissa (.6e: 5e-7 relative) and of a probability 0.78 (.6f: under 1e-6 relative)
    np.testing.assert_allclose(got, expected, rtol=5e-6)


def test_notebook_argmax_needs_no_evidence():
    assert stored("by_joint").strip().endswith("True")


def test_notebook_threshold_and_prior_table():
    lines = stored("threshold by hand").strip().splitlines()
    t = ref_threshold(**TRUTH)
    # tol: printed with 6 decimals
    np.testing.assert_allclose([numbers(l)[-1] for l in lines[:2]], [t, t], atol=half_unit(6))
    assert numbers(lines[2])[-1] == pytest.approx(0.5, abs=half_unit(6))
    rows = stored("for p in (0.05").strip().splitlines()
    for row, phi in zip(rows, (0.05, 0.2, 0.5, 0.8, 0.95)):
        # tol: printed with 4 decimals
        assert numbers(row)[-1] == pytest.approx(ref_threshold(phi, 40, 100, 15), abs=half_unit(4))
    assert len(rows) == 5


def test_notebook_fits_match_numpy_mle_and_sklearn():
    x, y = gd.sample_animals(300, rng=1, **TRUTH)
    x = x[:, 0]
    phi = y.mean()
    mu0, mu1 = x[y == 0].mean(), x[y == 1].mean()
    var = (np.sum((x[y == 0] - mu0) ** 2) + np.sum((x[y == 1] - mu1) ** 2)) / len(x)
    theta_gda = (mu1 - mu0) / var
    theta0_gda = (mu0**2 - mu1**2) / (2 * var) + math.log(phi / (1 - phi))
    sk = SkLogisticRegression(C=np.inf, solver="newton-cholesky", tol=1e-12, max_iter=1000).fit(x[:, None], y)
    lines = stored("print(f\"truth").strip().splitlines()
    # tol: printed with 4 or 6 decimals: half a unit of the 4th; closed forms, and Newton fits converged to 1e-9
    assert numbers(lines[0]) == pytest.approx([60 / 225, ref_threshold(**TRUTH)], abs=half_unit(4))
    assert numbers(lines[1]) == pytest.approx([phi, mu0, mu1, math.sqrt(var)], abs=half_unit(4))
    # tol: as above
    assert numbers(lines[2]) == pytest.approx([theta_gda, -theta0_gda / theta_gda], abs=half_unit(4))
    assert numbers(lines[3]) == pytest.approx(
        [sk.coef_[0, 0], -sk.intercept_[0] / sk.coef_[0, 0]], abs=half_unit(4, 1e-9))


def test_notebook_small_sample_is_separable():
    x, y = gd.sample_animals(30, rng=0, **TRUTH)
    x = x[:, 0]
    assert x[y == 0].max() < x[y == 1].min()  # separable, so no logistic MLE exists
    lines = stored("X30, y30").strip().splitlines()
    assert lines[0].endswith("True") and lines[1].endswith("True")
    mu0, mu1 = x[y == 0].mean(), x[y == 1].mean()
    var = (np.sum((x[y == 0] - mu0) ** 2) + np.sum((x[y == 1] - mu1) ** 2)) / len(x)
    phi = y.mean()
    t = (mu0 + mu1) / 2 + var / (mu1 - mu0) * math.log((1 - phi) / phi)
    assert numbers(lines[2])[-1] == pytest.approx(t, abs=half_unit(4))  # tol: printed with 4 decimals


def test_fit_models_and_static_figures():
    x, y = gd.sample_animals(300, rng=1, **TRUTH)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gda, logreg = gd.fit_models(x, y)
    fig = gd.contrast_figure(x, y, gda, logreg, TRUTH)
    assert len(fig.axes) == 1 and len(fig.axes[0].lines) == 5
    fig = gd.class_figure(**TRUTH)
    assert len(fig.axes) == 2
    t = ref_threshold(**TRUTH)
    top, bottom = fig.axes
    # tol: the drawn threshold and posterior: closed forms, rounding (terms ~100, exps of ~30)
    np.testing.assert_allclose(bottom.lines[1].get_xdata(), [t, t], atol=1e-8)
    x = top.lines[0].get_xdata()  # tol: as above
    np.testing.assert_allclose(bottom.lines[0].get_ydata(), ref_posterior(x, **TRUTH), rtol=1e-10)
    assert len(gd.class_figure(0.3, 60.0, 60.0, 10.0).axes[1].lines) == 2  # no threshold line


# ---------------------------------------------------------------- slips of the notes (issue 18)
def test_notebook_odds_form_of_bayes_rule():
    """Oracle: scipy densities; prior odds phi/(1-phi), likelihood ratio, odds -> probability."""
    lines = stored("prior_odds = phi / (1 - phi)").strip().splitlines()
    ratio = norm.pdf(80, 100, 15) / norm.pdf(80, 40, 15)
    assert ratio == pytest.approx(math.exp((40**2 - 20**2) / (2 * 15**2)), rel=ROUNDING)  # tol: closed form, exp(8/3)
    post_odds = 0.25 * ratio
    # tol: printed with 4 and 6 decimals
    assert numbers(lines[0]) == pytest.approx([0.2, 0.25], abs=half_unit(4))
    assert numbers(lines[1])[-1] == pytest.approx(ratio, abs=half_unit(6))
    assert numbers(lines[2]) == pytest.approx([post_odds, ref_posterior(80.0, **TRUTH)], abs=half_unit(6))
    assert post_odds / (1 + post_odds) == pytest.approx(ref_posterior(80.0, **TRUTH), rel=ROUNDING)


def test_notebook_best_match_without_the_prior_is_not_bayes_rule():
    """Slip 50. Oracle: scipy's normal densities and Bayes' rule at 72 kg, between the midpoint and the threshold."""
    lines = stored("match_dog, match_ele = dens(72.0").strip().splitlines()
    dog, ele = norm.pdf(72.0, 40.0, 15.0), norm.pdf(72.0, 100.0, 15.0)
    assert 70.0 < 72.0 < ref_threshold(**TRUTH) and ele > dog and ref_posterior(72.0, **TRUTH) < 0.5
    # tol: printed with 7 significant digits (.6e), so half a unit of the last place, relative 5e-7
    assert numbers(lines[0]) == pytest.approx([dog, ele], rel=5e-7)
    assert "best match: elephant" in lines[0] and "Bayes' rule: dog" in lines[1]
    # tol: printed to 6 decimals, so half a unit of the last place, 5e-7
    assert numbers(lines[1]) == pytest.approx([ref_posterior(72.0, **TRUTH)], abs=5e-7)


def test_notebook_poisson_classes_have_a_logistic_posterior():
    """Oracle: scipy's Poisson pmf and Bayes' rule, against log(l1/l0) x - (l1 - l0) + log(phi/(1-phi))."""
    from scipy.stats import poisson
    line = stored("from scipy.stats import poisson").strip()
    theta, theta0 = math.log(3.0), -4.0 + math.log(0.25)
    k = np.arange(21)
    a, b = 0.2 * poisson.pmf(k, 6.0), 0.8 * poisson.pmf(k, 2.0)
    np.testing.assert_allclose(a / (a + b), 1 / (1 + np.exp(-(theta * k + theta0))), rtol=ROUNDING)
    assert numbers(line) == pytest.approx([theta, -theta0], abs=half_unit(6))  # tol: printed with 6 decimals


def test_check_by_hand_cells_assert():
    """The GDA/logistic check-by-hand cell raises on a mismatch instead of printing False."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    src = [ "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code" and "mu_hand" in "".join(c["source"])]
    assert len(src) == 1 and src[0].count("assert np.allclose") == 2 and "print(\"GDA = averages:\"" not in src[0]
