"""Notebook 03 (Gaussian discriminant analysis) and its demo module.

Every number printed in a checked cell (tag ``nbval-check-output``) of the notebook is
recomputed here independently -- with scikit-learn's
LinearDiscriminantAnalysis, scipy.stats and plain numpy MLE formulas -- and
compared with the output stored in the notebook (which nbval in turn compares
with a fresh run). The explorer's numpy twin (``GDAExplorer.expected_state``,
what its page must publish) is checked against scikit-learn and scipy here; the
page itself against that twin in tests/browser/test_explorers.py.
"""
import re

import numpy as np
import pytest
from scipy.special import expit
from scipy.stats import multivariate_normal
from sklearn.datasets import load_breast_cancer
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.model_selection import train_test_split

from notebook_outputs import checked_output, numbers_after
from tolerances import ROUNDING, half_unit

from genlearn.datasets import make_gaussian_classes
from genlearn.demos import gaussian_discriminant_analysis as demo
from genlearn.explorers import gaussian_discriminant_analysis as ex_demo

NOTEBOOK = "03_gaussian_discriminant_analysis.ipynb"


# -- helpers -------------------------------------------------------------------
def equation_after(label, text):
    """``(theta1, theta2, theta0)`` from a printed ``a x1 + b x2 - c = 0`` after ``label``."""
    start = text.index(label) + len(label)
    line = text[start:].splitlines()[0]
    match = re.match(r"\s*(-?)([\d.]+) x1 ([-+]) ([\d.]+) x2 ([-+]) ([\d.]+) = 0", line)
    assert match, f"no boundary equation in {line!r}"
    s1, a, s2, b, s0, c = match.groups()
    return np.array([float(a) * (-1 if s1 else 1), float(b) * (-1 if s2 == "-" else 1),
                     float(c) * (-1 if s0 == "-" else 1)])


@pytest.fixture(scope="module")
def out():
    return checked_output(NOTEBOOK)


@pytest.fixture(scope="module")
def worked():
    """The seeded data set and its MLE, by scikit-learn and by plain numpy."""
    X, y = make_gaussian_classes(**demo.WORKED_EXAMPLE)
    lda = LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True).fit(X, y)
    m = len(y)
    phi = np.sum(y == 1) / m
    mu = np.array([X[y == k].sum(axis=0) / np.sum(y == k) for k in (0, 1)])
    Sigma = sum(np.outer(x - mu[k], x - mu[k]) for x, k in zip(X, y)) / m
    return dict(X=X, y=y, lda=lda, phi=phi, mu=mu, Sigma=Sigma)


def joint_loglik(X, y, phi, mu0, mu1, Sigma):
    """sum_i log p(x_i, y_i) with scipy's multivariate normal."""
    lp0 = multivariate_normal(mu0, Sigma).logpdf(X) + np.log(1 - phi)
    lp1 = multivariate_normal(mu1, Sigma).logpdf(X) + np.log(phi)
    return float(np.sum(np.where(y == 1, lp1, lp0)))


# -- the worked numbers of the notebook -----------------------------------------
def test_notebook_mle_matches_sklearn_and_numpy(out, worked):
    lda = worked["lda"]
    assert worked["phi"] == pytest.approx(lda.priors_[1], abs=1e-15)  # tol: one division each: an ulp
    np.testing.assert_allclose(worked["mu"], lda.means_, atol=ROUNDING)
    np.testing.assert_allclose(worked["Sigma"], lda.covariance_, atol=ROUNDING)
    # tol: printed with 6 decimals, numpy's arrays too (the lesson's print options): half a unit; LDA: the same algebra
    assert numbers_after("phi   =", out, 1)[0] == pytest.approx(worked["phi"], abs=half_unit(6))
    np.testing.assert_allclose(numbers_after("mu0   =", out, 2), lda.means_[0], atol=half_unit(6))
    # tol: as above
    np.testing.assert_allclose(numbers_after("mu1   =", out, 2), lda.means_[1], atol=half_unit(6))
    np.testing.assert_allclose(numbers_after("Sigma =", out, 4), lda.covariance_.ravel(), atol=half_unit(6))


def test_notebook_log_likelihood(out, worked):
    w = worked
    ll = joint_loglik(w["X"], w["y"], w["phi"], w["mu"][0], w["mu"][1], w["Sigma"])
    # tol: printed with 6 decimals; the same closed form
    assert numbers_after("log-likelihood (genlearn) =", out, 1)[0] == pytest.approx(ll, abs=half_unit(6))
    assert numbers_after("log-likelihood (by hand)  =", out, 1)[0] == pytest.approx(ll, abs=half_unit(6))
    truth = demo.WORKED_EXAMPLE
    changes = {
        "true parameters": (truth["phi"], *truth["mu"], truth["Sigma"]),
        "phi + 0.05": (w["phi"] + 0.05, w["mu"][0], w["mu"][1], w["Sigma"]),
        "mu1 shifted by 0.1": (w["phi"], w["mu"][0], w["mu"][1] + 0.1, w["Sigma"]),
        "Sigma x 1.1": (w["phi"], w["mu"][0], w["mu"][1], 1.1 * w["Sigma"]),
    }
    for label, args in changes.items():
        delta = joint_loglik(w["X"], w["y"], *args) - ll
        assert delta < 0, "the MLE must beat every perturbed parameter"
        # tol: printed with 6 decimals
        assert numbers_after(label, out, 1)[0] == pytest.approx(delta, abs=half_unit(6)), label


def test_notebook_theta(out, worked):
    lda = worked["lda"]  # binary LDA: coef_ = theta, intercept_ = theta0
    theta, theta0 = lda.coef_[0], lda.intercept_[0]
    # tol: printed by numpy with 6 decimals, with 6, and with 4 (the equation): half a unit
    np.testing.assert_allclose(numbers_after("theta  =", out, 2), theta, atol=half_unit(6))
    assert numbers_after("theta0 =", out, 1)[0] == pytest.approx(theta0, abs=half_unit(6))
    np.testing.assert_allclose(equation_after("boundary:", out), [*theta, theta0], atol=half_unit(4))


def test_notebook_far_point_density_is_not_the_posterior(out, worked):
    mu0, mu1 = worked["mu"]
    x_far = mu1 + 3 * (mu1 - mu0)
    np.testing.assert_allclose(numbers_after("x = ", out, 2), x_far, atol=half_unit(6))  # tol: numpy, 6 decimals
    density = multivariate_normal(mu1, worked["Sigma"]).pdf(x_far)
    posterior = worked["lda"].predict_proba(x_far[None, :])[0, 1]
    # tol: 6 significant digits (half a unit of the 6th: 5e-6 relative at most) and 6 decimals
    assert numbers_after("p(x | y=1)  =", out, 1)[0] == pytest.approx(density, rel=half_unit(5))
    assert numbers_after("p(y=1 | x)  =", out, 1)[0] == pytest.approx(posterior, abs=half_unit(6))
    assert density < 1e-6 and posterior > 0.99


def test_sigmoid_identity_below_1e12(out, worked):
    """GDA's posterior (genlearn, log space) equals the sigmoid of the closed-form
    theta (numpy) and Bayes' rule with scipy's densities, on the notebook's grid."""
    from genlearn import GDA

    assert "sigmoid(theta^T x + theta0)| is below 1e-12" in out  # printed after its assert
    X, y, mu, Sigma, phi = worked["X"], worked["y"], worked["mu"], worked["Sigma"], worked["phi"]
    P = np.linalg.inv(Sigma)
    theta = P @ (mu[1] - mu[0])
    theta0 = -0.5 * mu[1] @ P @ mu[1] + 0.5 * mu[0] @ P @ mu[0] + np.log(phi / (1 - phi))
    g = np.linspace(-10, 12, 201)
    grid = np.array(np.meshgrid(g, g)).reshape(2, -1).T
    p_genlearn = GDA().fit(X, y).predict_proba(grid)[:, 1]
    assert np.max(np.abs(p_genlearn - expit(grid @ theta + theta0))) < 1e-12
    log_odds = (multivariate_normal(mu[1], Sigma).logpdf(grid) + np.log(phi)
                - multivariate_normal(mu[0], Sigma).logpdf(grid) - np.log(1 - phi))
    assert np.max(np.abs(p_genlearn - expit(log_odds))) < 1e-12


@pytest.fixture(scope="module")
def tumors():
    data = load_breast_cancer()
    names = list(data.feature_names)
    X = data.data[:, [names.index(f) for f in demo.TUMOR_FEATURES]]
    y = (data.target == 0).astype(int)  # malignant = 1
    X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, **demo.TUMOR_SPLIT)
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X_train, y_train)
    return dict(lda=lda, X_train=X_train, X_test=X_test, y_train=y_train, y_test=y_test)


def test_notebook_tumors(out, tumors):
    lda = tumors["lda"]
    part = out[out.index("(benign)") - 200:]
    # tol: printed with 6 decimals, by numpy with 6 and with 4 (the equation): half a unit
    assert numbers_after("phi   =", part, 1)[0] == pytest.approx(lda.priors_[1], abs=half_unit(6))
    np.testing.assert_allclose(numbers_after("mu0   =", part, 2), lda.means_[0], atol=half_unit(6))
    np.testing.assert_allclose(numbers_after("mu1   =", part, 2), lda.means_[1], atol=half_unit(6))
    np.testing.assert_allclose(equation_after("boundary:", part),
                               [*lda.coef_[0], lda.intercept_[0]], atol=half_unit(4))
    train_acc = lda.score(tumors["X_train"], tumors["y_train"])
    test_acc = lda.score(tumors["X_test"], tumors["y_test"])
    # tol: accuracies (counts) printed with 6 decimals
    assert numbers_after("training accuracy =", part, 1)[0] == pytest.approx(train_acc, abs=half_unit(6))
    assert numbers_after("test accuracy     =", part, 1)[0] == pytest.approx(test_acc, abs=half_unit(6))
    assert len(tumors["y_test"]) == 171 and test_acc == pytest.approx(154 / 171, rel=ROUNDING)


def test_tumor_split_is_the_sklearn_split(tumors):
    X_train, X_test, y_train, y_test = demo.tumor_split()
    np.testing.assert_array_equal(X_train, tumors["X_train"])
    np.testing.assert_array_equal(y_test, tumors["y_test"])


# -- demo functions --------------------------------------------------------------
def test_boundary_equation_text():
    assert demo.boundary_equation([1.5, -0.25], 3.0, digits=2) == "1.50 x1 - 0.25 x2 + 3.00 = 0"
    assert demo.boundary_equation([-1.0, 2.0], -0.5, digits=1) == "-1.0 x1 + 2.0 x2 - 0.5 = 0"


def test_ellipse_is_a_mahalanobis_contour():
    mu, Sigma = np.array([1.0, -2.0]), np.array([[2.0, 0.9], [0.9, 1.0]])
    for r in (1.0, 2.0):
        xy = demo.ellipse(mu, Sigma, r)
        d = xy - mu
        maha = np.einsum("ij,jk,ik->i", d, np.linalg.inv(Sigma), d)
        # tol: points put on the ellipse by the eigenvectors, read back by the inverse: rounding, conditioned
        np.testing.assert_allclose(maha, r * r, rtol=1e-10)


def test_plot_gda_fit_draws_boundary_on_the_line():
    from genlearn import GDA

    X, y = make_gaussian_classes(**demo.WORKED_EXAMPLE)
    model = GDA().fit(X, y)
    fig = demo.plot_gda_fit(model, X, y)
    boundary = [line for line in fig.axes[0].lines if line.get_label().startswith("boundary")]
    assert len(boundary) == 1
    bx, by = boundary[0].get_data()
    # tol: the line drawn from theta in closed form: rounding of terms of size ~100 (unscaled features)
    np.testing.assert_allclose(model.theta_[0] * bx + model.theta_[1] * by + model.theta0_, 0,
                               atol=1e-9)


# -- the explorer ------------------------------------------------------------------
# Oracles: the sample redrawn here with numpy's Cholesky, scikit-learn's LDA fitted to it
# (lsqr solver, store_covariance: the MLE with Sigma divided by m), scipy's densities for the
# true log-odds, the Mahalanobis distance for the ellipses.
INITIAL = {k: v for k, v in ex_demo.GDAExplorer.defaults().items() if k not in ("m", "seed", "pointer")}


def _oracle_sample(params):
    rng = np.random.default_rng(params.get("seed", 0))
    m = params.get("m", 200)
    noise, order = rng.standard_normal((m, 2)), rng.permutation(m)
    s1, s2, rho = params["sigma1"], params["sigma2"], params["rho"]
    Sigma = np.array([[s1 ** 2, rho * s1 * s2], [rho * s1 * s2, s2 ** 2]])
    y = np.zeros(m, dtype=int)
    y[order[:int(round(params["phi"] * m))]] = 1
    mu = np.array([[params["mu0_1"], params["mu0_2"]], [params["mu1_1"], params["mu1_2"]]])
    return mu[y] + noise @ np.linalg.cholesky(Sigma).T, y, mu, Sigma


# -- issue 18: how the boundary gap depends on m --------------------------------------------
def _exact_error(theta, theta0, phi, mu0, mu1, Sigma):
    """Error of the rule theta^T x + theta0 > 0 on the GDA model, via scipy's normal cdf."""
    from scipy.stats import norm

    s = np.sqrt(theta @ Sigma @ theta)
    return (1 - phi) * norm.cdf((theta @ mu0 + theta0) / s) + phi * norm.cdf(-(theta @ mu1 + theta0) / s)


def _explorer_truth():
    p = INITIAL
    s1, s2, rho = p["sigma1"], p["sigma2"], p["rho"]
    Sigma = np.array([[s1 ** 2, rho * s1 * s2], [rho * s1 * s2, s2 ** 2]])
    return p["phi"], np.array([p["mu0_1"], p["mu0_2"]]), np.array([p["mu1_1"], p["mu1_2"]]), Sigma


def test_excess_error_matches_monte_carlo():
    """The closed form against 400,000 points drawn from the true model (scipy)."""
    phi, mu0, mu1, Sigma = _explorer_truth()
    rng = np.random.default_rng(7)
    y = rng.random(400_000) < phi
    X = np.where(y[:, None], mu1, mu0) + rng.multivariate_normal(np.zeros(2), Sigma, size=len(y))
    P = np.linalg.inv(Sigma)
    t_true = P @ (mu1 - mu0)
    t0_true = 0.5 * mu0 @ P @ mu0 - 0.5 * mu1 @ P @ mu1 + np.log(phi / (1 - phi))
    theta, theta0 = t_true + np.array([0.4, -0.3]), t0_true + 0.2
    mc = np.mean((X @ theta + theta0 > 0) != y) - np.mean((X @ t_true + t0_true > 0) != y)
    got = demo.excess_error(theta, theta0, phi, mu0, mu1, Sigma)
    d = np.mean((X @ theta + theta0 > 0) != (X @ t_true + t0_true > 0))
    # tol: the draw's error: the two rules' errors differ only where they disagree, a fraction d of the points,
    # so the Monte Carlo difference has standard error at most sqrt(d / m); four of them
    assert got == pytest.approx(mc, abs=4 * np.sqrt(d / len(y))) and got > 0
    # tol: the Bayes boundary's excess error is a difference of two equal expressions: rounding of terms ~0.1
    assert demo.excess_error(t_true, t0_true, phi, mu0, mu1, Sigma) == pytest.approx(0, abs=1e-15)


def test_notebook_boundary_gap_over_m_and_seeds(out):
    """Oracle: scikit-learn's LDA on the explorer's samples (redrawn here in numpy) and the
    exact error through scipy's normal cdf."""
    phi, mu0, mu1, Sigma = _explorer_truth()
    P = np.linalg.inv(Sigma)
    t_true = P @ (mu1 - mu0)
    t0_true = 0.5 * mu0 @ P @ mu0 - 0.5 * mu1 @ P @ mu1 + np.log(phi / (1 - phi))
    bayes = _exact_error(t_true, t0_true, phi, mu0, mu1, Sigma)
    L = np.linalg.cholesky(Sigma)
    sizes = (50, 200, 800, 3200)
    gaps = np.empty((4, 50))
    for i, m in enumerate(sizes):
        for seed in range(50):
            rng = np.random.default_rng(seed)
            noise = rng.standard_normal((m, 2))
            order = rng.permutation(m)
            y = np.zeros(m, dtype=int)
            y[order[:int(round(phi * m))]] = 1
            X = np.where(y[:, None] == 1, mu1, mu0) + noise @ L.T
            lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
            gaps[i, seed] = _exact_error(lda.coef_[0], lda.intercept_[0], phi, mu0, mu1,
                                         Sigma) - bayes
    table = out[out.index("median excess error   90th percentile"):].splitlines()[1:5]
    for row, m, g in zip(table, sizes, gaps):
        got = [float(v) for v in re.findall(r"[-+]?\d+(?:\.\d+)?", row)]
        # tol: m is printed exactly; the rest with 6 decimals (the same closed forms of fits that agree to rounding)
        assert got[0] == m
        assert got[1] == pytest.approx(np.median(g), abs=half_unit(6))
        assert got[2] == pytest.approx(np.quantile(g, 0.9), abs=half_unit(6))
    medians = np.median(gaps, axis=1)
    assert np.all(medians[1:] < medians[:-1] / 2.5)  # "about threefold" per factor 4 in m
    rank = np.mean(gaps[1] < gaps[1, 0])
    got = numbers_after("explorer's sample (m = 200, seed 0):", out, 2)
    # tol: 6 decimals; a percentage of 50 draws (a multiple of 2) printed to the unit
    assert got[0] == pytest.approx(gaps[1, 0], abs=half_unit(6))
    assert got[1] == pytest.approx(100 * rank, abs=0.5) and rank >= 0.85  # "almost nine in ten"


def test_notebook_class_spread_of_the_tumours(out, tumors):
    """Oracle: statistics.pstdev on the scikit-learn split; the prose's reading of the numbers."""
    from statistics import pstdev

    spread = {}
    for k, name in ((0, "benign"), (1, "malignant")):
        rows = tumors["X_train"][tumors["y_train"] == k]
        spread[name] = [pstdev(rows[:, j].tolist()) for j in range(2)]
        line = out[out.index(f"{name:9s} ({len(rows)} tumours)"):].splitlines()[0]
        printed = [float(v) for v in re.findall(r"\d+\.\d{4}", line)]
        assert printed == pytest.approx(spread[name], abs=half_unit(4)), name  # tol: printed with 4 decimals
    # "almost twice as much in radius (3.28 against 1.79), but not in texture (3.92 against 4.13)"
    assert 1.8 < spread["malignant"][0] / spread["benign"][0] < 2
    assert spread["malignant"][1] < spread["benign"][1]
    # tol: the prose's 2 decimals: round() gives the float nearest the decimal, as the literals
    assert [round(v, 2) for v in spread["malignant"] + spread["benign"]] == [3.28, 3.92, 1.79, 4.13]


# -- issue 33: training points the learner drags, adds and removes ---------------------------
# Oracle: scikit-learn's LDA (the same MLE) fitted to the edited points.


def test_notebook_one_outlier_bends_the_fit(out):
    """Lesson 03's "move the data, watch the fit": the Outlier preset's effect, as printed.
    Oracle: the explorer's sample redrawn here with numpy, its first y = 0 point moved to
    (5.5, 5.5), scikit-learn's LDA on both sets and the exact error through scipy's normal cdf."""
    X, y, mu, Sigma = _oracle_sample({**INITIAL})
    moved = X.copy()
    i = int(np.flatnonzero(y == 0)[0])
    moved[i] = [5.5, 5.5]
    fits = [LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True).fit(Z, y) for Z in (X, moved)]
    phi, mu0, mu1, _ = _explorer_truth()
    P = np.linalg.inv(Sigma)
    bayes = _exact_error(P @ (mu1 - mu0), 0.5 * mu0 @ P @ mu0 - 0.5 * mu1 @ P @ mu1 + np.log(phi / (1 - phi)),
                         phi, mu0, mu1, Sigma)
    excess = [_exact_error(f.coef_[0], f.intercept_[0], phi, mu0, mu1, Sigma) - bayes for f in fits]
    text = out[out.index("mu0 moved by"):]
    shift = numbers_after("mu0 moved by", text, 3)
    # tol: printed by numpy with 6 decimals, with 2 and with 4: half a unit
    np.testing.assert_allclose(shift[:2], fits[1].means_[0] - fits[0].means_[0], atol=half_unit(6))
    assert shift[2] == pytest.approx(np.linalg.norm(moved[i] - X[i]), abs=half_unit(2))
    np.testing.assert_allclose(numbers_after("|Sigma|", text, 2),
                               [np.linalg.det(f.covariance_) for f in fits], atol=half_unit(4))
    # tol: printed by numpy, and with 6 decimals
    np.testing.assert_allclose(numbers_after("theta", text, 4),
                               np.concatenate([f.coef_[0] for f in fits]), atol=half_unit(6))
    np.testing.assert_allclose(numbers_after("excess error", text, 2), excess, atol=half_unit(6))
    # the prose: mu0 moves by a hundredth of the trip; the excess error "about triples"
    assert 2.5 < excess[1] / excess[0] < 3.5


# -- issue 33: sample size and new samples (the page's seeded generator) ------------------------
# Oracles: seeded_draws (whose page twin tests/test_seeded_draws.py checks in Node), numpy's norms
# and arccos for the distances of the fit from the truth, and the page's frame() in Node.


