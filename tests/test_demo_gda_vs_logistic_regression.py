"""Notebook 04 (GDA versus logistic regression) and its demo module.

Every number printed in a checked cell (tag ``nbval-check-output``) of the notebook is
recomputed here independently -- scikit-learn's LinearDiscriminantAnalysis and
LogisticRegression, scipy's distributions and a plain numpy Newton iteration --
and compared with the output stored in the notebook (which nbval compares with
a fresh run).
"""
import re

import numpy as np
import pytest
from scipy.stats import multivariate_normal, norm, poisson
from sklearn.datasets import load_breast_cancer
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.model_selection import train_test_split

from notebook_outputs import NUMBER, checked_output, numbers_after
from tolerances import CONDITIONED, EXACT, ROUNDING, half_unit

from genlearn.datasets import (make_gaussian_classes, make_lognormal_classes,
                               make_poisson_classes)
from genlearn.demos import gaussian_discriminant_analysis as demo03
from genlearn.demos import gda_vs_logistic_regression as demo

NOTEBOOK = "04_gda_vs_logistic_regression.ipynb"
GENERATORS = {"gaussian": make_gaussian_classes, "poisson": make_poisson_classes,
              "lognormal": make_lognormal_classes}


def theta_after(label, text):
    """``(theta..., theta0)`` printed as ``label [a b ...], theta0 = c``."""
    start = text.index(label) + len(label)
    line = text[start:].splitlines()[0]
    inside = line[line.index("[") + 1:line.index("]")]
    theta = [float(v) for v in re.findall(NUMBER, inside)]
    return np.array(theta + [numbers_after("theta0 =", line, 1)[0]])


def sk_logistic(**kw):
    return SkLogistic(solver="newton-cholesky", tol=1e-12, max_iter=1000, **kw)


def sk_unpenalised():
    return sk_logistic(C=np.inf)


@pytest.fixture(scope="module")
def out():
    return checked_output(NOTEBOOK)


# -- section 1: Newton on the tumours --------------------------------------------------
@pytest.fixture(scope="module")
def tumors():
    data = load_breast_cancer()
    names = list(data.feature_names)
    X = data.data[:, [names.index(f) for f in demo03.TUMOR_FEATURES]]
    y = (data.target == 0).astype(int)
    return train_test_split(X, y, stratify=y, **demo03.TUMOR_SPLIT)


def test_notebook_logistic_and_gda_on_tumors(out, tumors):
    X_train, X_test, y_train, y_test = tumors
    lr = sk_unpenalised().fit(X_train, y_train)
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X_train, y_train)
    # tol: theta printed by numpy (8 decimals at most) and theta0 to 6: half a unit of the 6th, 5e-7; the two Newton
    # fits (decrement 1e-10, newton-cholesky tol=1e-12) agree to 1e-11 (Hessian condition 1e5): 1e-9 covers them
    np.testing.assert_allclose(theta_after("logistic: theta =", out),
                               [*lr.coef_[0], lr.intercept_[0]], atol=half_unit(6, 1e-9))
    np.testing.assert_allclose(theta_after("GDA:      theta =", out),
                               [*lda.coef_[0], lda.intercept_[0]], atol=half_unit(6))
    p = lr.predict_proba(X_train)[np.arange(len(y_train)), y_train]
    # tol: printed to 6 decimals; the two fits agree to 1e-9
    assert numbers_after("training set: logistic", out, 1)[0] == pytest.approx(np.log(p).sum(), abs=half_unit(6, 1e-9))
    acc = numbers_after("test accuracy: logistic", out, 3)
    # tol: accuracies are counts over 171 test points, printed to 6 decimals
    assert acc[0] == pytest.approx(lr.score(X_test, y_test), abs=half_unit(6))
    assert acc[1] == pytest.approx(lda.score(X_test, y_test), abs=half_unit(6))


def test_newton_path_is_monotone_and_quadratic(tumors):
    from genlearn import LogisticRegression

    X_train, _, y_train, _ = tumors
    path = LogisticRegression().fit(X_train, y_train).loglik_path_
    # non-decreasing up to rounding: fit accepts a step down of at most 1e-12 |l| (the converged step is ~1e-14)
    assert np.all(np.diff(path) >= -1e-12 * np.abs(path[:-1]))
    gap = path[-1] - path[:-1]
    gap = gap[gap > 1e-9]
    # quadratic convergence at the end: the gap shrinks faster and faster
    ratios = gap[1:] / gap[:-1]
    assert ratios[-1] < ratios[0] and ratios[-1] < 0.1
    fig = demo.plot_newton_convergence(LogisticRegression().fit(X_train, y_train))
    assert len(fig.axes[0].lines) == 1


# -- section 2: learning curves ---------------------------------------------------------
def _scenario_sample(scenario):
    kw = demo.SCENARIOS[scenario]["kwargs"]
    return lambda m, random_state: GENERATORS[scenario](m=m, random_state=random_state, **kw)


def _sklearn_errors(scenario, m, model, transform=None, n_repeats=20, seed=0):
    """Mean test error over the repetitions, refitted with scikit-learn."""
    sample = _scenario_sample(scenario)
    Xp, yp = demo.draw_training_pools(sample, n_repeats, int(demo.SIZES.max()), seed)
    X_test, y_test = sample(20000, seed + 10_000)
    f = (lambda A: A) if transform is None else transform
    errs = [1 - model().fit(f(Xp[r, :m]), yp[r, :m]).score(f(X_test), y_test)
            for r in range(n_repeats)]
    return float(np.mean(errs))


def _curve_block(out, scenario):
    title = demo.SCENARIOS[scenario]["title"]
    start = out.index(title)
    nxt = [out.index(demo.SCENARIOS[s]["title"]) for s in demo.SCENARIOS
           if out.index(demo.SCENARIOS[s]["title"]) > start]
    return out[start:min(nxt) if nxt else start + 1000]


def _lda():
    return LinearDiscriminantAnalysis(solver="lsqr")


@pytest.mark.filterwarnings("ignore:Only one sample available")  # a class with 1 of 10 examples
@pytest.mark.parametrize("scenario", list(demo.SCENARIOS))
def test_notebook_learning_curve_endpoints(out, scenario):
    block = _curve_block(out, scenario)
    for name, model, transform in [("GDA ", _lda, None),
                                   ("logistic regression", sk_unpenalised, None),
                                   ("GDA on log x", _lda, np.log)]:
        if name == "GDA on log x" and scenario != "lognormal":
            assert name not in block
            continue
        printed_end = numbers_after(f"{name.strip():20s} m = 10,000:", block, 1)[0]
        # tol: printed to 6 decimals; the errors are counts, and no test point lies within rounding of these boundaries
        # (the nearest at 1e-6 of the size of its terms: _on_boundary), so only the print rounds
        assert printed_end == pytest.approx(_sklearn_errors(scenario, 10000, model, transform),
                                            abs=half_unit(6)), (scenario, name)
        if name.startswith("GDA"):
            printed_start = numbers_after(f"{name.strip():20s} m = 10:", block, 1)[0]
            # tol: as above
            assert printed_start == pytest.approx(_sklearn_errors(scenario, 10, model, transform),
                                                  abs=half_unit(6)), (scenario, name)


def _exact_poisson_by_rule(lam0, lam1, phi, top=50):
    """The Poisson Bayes error summed another way: over the counts of the first n - 1 features
    (0 to ``top - 1``), the Bayes rule's linear log-odds decides from which count of the last
    feature on it says class 1, and scipy's Poisson cdf gives each class's mass on the wrong side."""
    lam0, lam1 = np.asarray(lam0, dtype=float), np.asarray(lam1, dtype=float)
    theta = np.log(lam1 / lam0)                          # the log-odds of Poisson classes, linear in x
    theta0 = -(lam1 - lam0).sum() + np.log(phi / (1 - phi))
    assert theta[-1] > 0                                 # a larger last count favours class 1
    grid = np.stack(np.meshgrid(*[np.arange(top)] * (len(lam0) - 1), indexing="ij"), axis=-1).reshape(-1, len(lam0) - 1)
    w0 = np.prod(poisson.pmf(grid, lam0[:-1]), axis=1)
    w1 = np.prod(poisson.pmf(grid, lam1[:-1]), axis=1)
    last = np.floor(-(grid @ theta[:-1] + theta0) / theta[-1])   # the rule says 1 from last + 1 on
    wrong1 = poisson.cdf(last, lam1[-1])                 # class 1 called 0
    wrong0 = poisson.sf(last, lam0[-1])                  # class 0 called 1
    return float(phi * w1 @ wrong1 + (1 - phi) * w0 @ wrong0)


def _lognormal_density(mu, Sigma):
    """The density of x when log x ~ N(mu, Sigma), in the original coordinates."""
    gauss = multivariate_normal(mu, Sigma)
    return lambda x1, x2: gauss.pdf([np.log(x1), np.log(x2)]) / (x1 * x2)


def test_exact_bayes_errors_against_independent_computations():
    """Oracles: (a) Phi(-3.5 / 2), the Mahalanobis distance the scenario is built with; (b) the sum
    over counts done another way (the rule, scipy's Poisson cdf); (c) scipy's dblquad of
    min(phi p1(x), (1 - phi) p0(x)) over the positive quadrant in the original x, no closed form."""
    from scipy.integrate import dblquad

    # tol: the same closed form, Delta computed from mu and Sigma instead of given: rounding only
    assert demo.bayes_error("gaussian") == pytest.approx(norm.cdf(-3.5 / 2), rel=1e-12)
    kw = demo.SCENARIOS["poisson"]["kwargs"]
    # tol: two sums of the same ~10^5 positive terms, rounding only; each leaves out tails below 1e-15
    assert demo.bayes_error("poisson") == pytest.approx(_exact_poisson_by_rule(*kw["lam"], kw["phi"]), abs=1e-13)
    kw = demo.SCENARIOS["lognormal"]["kwargs"]
    f0, f1 = (_lognormal_density(mu, kw["Sigma"]) for mu in kw["mu"])
    phi = kw["phi"]
    by_quad, quad_err = dblquad(lambda x2, x1: min(phi * f1(x1, x2), (1 - phi) * f0(x1, x2)),
                                0, np.inf, 0, np.inf, epsabs=1e-10, epsrel=1e-10)
    assert quad_err < 1e-9
    # tol: dblquad asked for 1e-10 absolute; ten times its own estimate of its error
    assert demo.bayes_error("lognormal") == pytest.approx(by_quad, abs=10 * max(quad_err, 1e-10))
    with pytest.raises(ValueError, match="unknown scenario"):
        demo.bayes_error("laplace")
    with pytest.raises(ValueError, match="unknown scenario"):
        demo.bayes_rule_error("laplace", np.zeros((1, 2)), np.zeros(1))


def test_gaussian_bayes_error_with_unequal_priors():
    """The closed form for phi != 1/2 against scipy's quadrature of min(phi p1, (1 - phi) p0) in one dimension."""
    from scipy.integrate import quad

    from genlearn.demos.gda_vs_logistic_regression import _gaussian_bayes_error

    phi, delta = 0.2, 1.3
    kink = delta / 2 + np.log((1 - phi) / phi) / delta      # where phi p1 = (1 - phi) p0
    f = lambda x: min(phi * norm.pdf(x, delta), (1 - phi) * norm.pdf(x))
    by_quad = quad(f, -np.inf, kink, epsabs=1e-12)[0] + quad(f, kink, np.inf, epsabs=1e-12)[0]
    # tol: each quad asked for 1e-12 absolute, split at the kink so that both integrands are smooth
    assert _gaussian_bayes_error(phi, [0.0], [delta], [[1.0]]) == pytest.approx(by_quad, abs=1e-10)


def _bayes_rule_on_test_set(scenario):
    """The true posterior's error on the 20,000 test points, from scipy's densities."""
    kw = demo.SCENARIOS[scenario]["kwargs"]
    X, y = _scenario_sample(scenario)(20000, 10_000)
    if scenario == "poisson":
        lp = [poisson(lam).logpmf(X).sum(axis=1) for lam in np.asarray(kw["lam"])]
    else:
        Z = np.log(X) if scenario == "lognormal" else X
        lp = [multivariate_normal(mu, kw["Sigma"]).logpdf(Z) for mu in kw["mu"]]
    return np.mean((lp[1] + np.log(kw["phi"]) > lp[0] + np.log(1 - kw["phi"])) != (y == 1))


def test_notebook_bayes_errors(out):
    """Cell 24: under each title the exact Bayes error, then the Bayes rule's error on the test set."""
    kw = demo.SCENARIOS["poisson"]["kwargs"]
    exact = {"gaussian": norm.cdf(-3.5 / 2), "poisson": _exact_poisson_by_rule(*kw["lam"], kw["phi"]),
             "lognormal": demo.bayes_error("lognormal")}   # (c): checked against dblquad above
    for scenario in demo.SCENARIOS:
        block = _curve_block(out, scenario)
        # tol: printed to 6 decimals, so half a unit of the last place, 5e-7
        assert numbers_after("Bayes error (exact)", block, 1)[0] == pytest.approx(exact[scenario], abs=5e-7)
        printed = numbers_after("the Bayes rule's error on the test set:", block, 1)[0]
        # tol: printed to 6 decimals, 5e-7 (a count of test points over 20,000 is exact to 5e-5 steps)
        assert printed == pytest.approx(_bayes_rule_on_test_set(scenario), abs=5e-7), scenario
    # "Bayes error" heads the exact value only: every number printed after those words is an exact one
    for match in re.finditer(r"Bayes error[^\n]*?(" + NUMBER + r")\s*$", out, flags=re.M):
        value = float(match.group(1))
        # tol: each printed to 6 decimals, 5e-7; the Laplace example's e^-1 / 2 is the fourth exact value
        assert min(abs(value - e) for e in [*exact.values(), np.exp(-1) / 2]) <= 5e-7, match.group(0)


def test_notebook_bayes_rule_on_the_gaussian_test_set(out):
    """Cell 26, the check by hand for (a), and the prose of cells 25 and 27 against the printed numbers."""
    bayes = _bayes_rule_on_test_set("gaussian")
    exact = norm.cdf(-3.5 / 2)
    se = np.sqrt(exact * (1 - exact) / 20000)
    # tol: printed to 4 decimals, 5e-5
    assert numbers_after("(a) Delta =", out, 1)[0] == pytest.approx(3.5, abs=5e-5)
    # tol: printed to 6 decimals, 5e-7
    assert numbers_after("exact Bayes error Phi(-Delta/2) =", out, 1)[0] == pytest.approx(exact, abs=5e-7)
    printed = numbers_after("the Bayes rule's error on this test set:", out, 3)
    # tol: printed to 6, 2 and 4 decimals: half a unit of each last place
    for got, want, half in zip(printed, [bayes, (bayes - exact) / se, se], [5e-7, 5e-3, 5e-5]):
        assert got == pytest.approx(want, abs=half)
    # the prose: the standard error about 0.0014, and the Bayes rule itself below the exact value on this test set
    assert round(se, 4) == pytest.approx(0.0014, abs=1e-12)  # tol: a 4-decimal rounding compared, rounding only
    assert bayes < exact
    # at m = 10,000 both models are below the exact value, and within 0.0004 of the Bayes rule on the test set
    block = _curve_block(out, "gaussian")
    for name in ("GDA", "logistic regression"):
        end = numbers_after(f"{name:20s} m = 10,000:", block, 1)[0]
        assert end < exact and abs(end - bayes) < 4e-4, name
    # (b): the test set harder than average (0.0220 against the exact 0.0206), logistic within 0.0001 of the rule;
    # (c): GDA on log x within 0.0002 of it, 0.2380 against 0.2379, the exact 0.2384
    kw = demo.SCENARIOS["poisson"]["kwargs"]
    rule_b, exact_b = _bayes_rule_on_test_set("poisson"), _exact_poisson_by_rule(*kw["lam"], kw["phi"])
    end_b = numbers_after(f"{'logistic regression':20s} m = 10,000:", _curve_block(out, "poisson"), 1)[0]
    rule_c, exact_c = _bayes_rule_on_test_set("lognormal"), demo.bayes_error("lognormal")
    end_c = numbers_after(f"{'GDA on log x':20s} m = 10,000:", _curve_block(out, "lognormal"), 1)[0]
    # tol: the prose rounds to 4 decimals, half a unit 5e-5
    assert [rule_b, exact_b, end_c, rule_c, exact_c] == pytest.approx([0.0220, 0.0206, 0.2380, 0.2379, 0.2384],
                                                                       abs=5e-5)
    assert rule_b > exact_b and abs(end_b - rule_b) < 1e-4 and abs(end_c - rule_c) < 2e-4


def test_notebook_exact_bayes_errors_by_hand(out):
    """The by-hand cell of (b) and (c): the sum over counts done by the rule, and Delta in log x from the
    2 x 2 inverse written out, (s22 d1^2 - 2 s12 d1 d2 + s11 d2^2) / (s11 s22 - s12^2)."""
    kw = demo.SCENARIOS["poisson"]["kwargs"]
    line = out[out.index("(b) the sum over"):].splitlines()[0]
    assert line.startswith(f"(b) the sum over {40 ** 4:,} vectors of counts:")   # counts 0 to 39, four features
    # tol: printed to 6 decimals, half a unit 5e-7
    assert numbers_after("vectors of counts:", out, 1)[0] == pytest.approx(
        _exact_poisson_by_rule(*kw["lam"], kw["phi"]), abs=5e-7)
    (s11, s12), (_, s22) = demo.SCENARIOS["lognormal"]["kwargs"]["Sigma"]
    d1, d2 = np.subtract(*demo.SCENARIOS["lognormal"]["kwargs"]["mu"][::-1])
    delta = np.sqrt((s22 * d1**2 - 2 * s12 * d1 * d2 + s11 * d2**2) / (s11 * s22 - s12**2))
    got = numbers_after("(c) Delta =", out, 1)[0], numbers_after("in log x, Phi(-Delta/2) =", out, 1)[0]
    # tol: printed to 4 and 6 decimals, half a unit of each last place
    assert got[0] == pytest.approx(delta, abs=5e-5) and got[1] == pytest.approx(norm.cdf(-delta / 2), abs=5e-7)


# -- cell 29: the learning-curve table and the separable training sets ----------------------------
def _separation_kind(X, y):
    """None, "complete" or "quasi": complete separation when some (w, b) puts every example strictly
    on its own side (the largest common margin t of an LP is positive), quasi when only _separable holds."""
    from scipy.optimize import linprog

    if not _separable(X, y):
        return None
    Z = (2.0 * y - 1)[:, None] * np.column_stack([X, np.ones(len(X))])
    n = Z.shape[1]
    res = linprog(np.r_[np.zeros(n), -1.0], A_ub=np.column_stack([-Z, np.ones(len(Z))]), b_ub=np.zeros(len(Z)),
                  bounds=[(-1, 1)] * n + [(None, 1)], method="highs")
    return "complete" if -res.fun > 1e-9 else "quasi"


def _linear_error(model, X_test, y_test):
    """Test error of a fitted binary scikit-learn linear classifier, from its coef_ and intercept_ (what its
    predict does, without the checks that cost more than the product on 20,000 points)."""
    return np.mean((X_test @ model.coef_[0] + model.intercept_[0] > 0) != (y_test == model.classes_[1]))


@pytest.fixture(scope="module")
def curve_reference():
    """Mean test error of every model of the learning curves at every size, refitted: scikit-learn's LDA for
    GDA (on x, and on log x), scikit-learn's unpenalised logistic regression where the training set is not
    separable; on a separable set no MLE exists and genlearn's fit is used, as in paired_reference. Also the
    separable sets by the linear programme, and how many of them only quasi-separable."""
    import warnings

    ref = {}
    for scenario in demo.SCENARIOS:
        sample = _scenario_sample(scenario)
        Xp, yp = demo.draw_training_pools(sample, 20, int(demo.SIZES.max()), 0)
        X_test, y_test = sample(20000, 10_000)
        errs = {name: np.empty((20, len(demo.SIZES))) for name in ("GDA", "logistic", "GDA on log x")}
        kinds = []
        for r in range(20):
            settled = False     # a prefix of this pool found not separable, with [X, 1] of full rank
            for j, m in enumerate(demo.SIZES):
                X, y = Xp[r, :m], yp[r, :m]
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)  # sklearn: a class with 1 of 10 examples
                    errs["GDA"][r, j] = _linear_error(_lda().fit(X, y), X_test, y_test)
                    if scenario == "lognormal":
                        errs["GDA on log x"][r, j] = _linear_error(_lda().fit(np.log(X), y), np.log(X_test), y_test)
                # The training sets are prefixes of one pool. Once a prefix is not separable and its [X, 1] has
                # full column rank, no longer one is: a (w, b) with every margin >= 0 on it is 0 on all of the
                # prefix's rows, so (w, b) = 0. The linear programme is needed until then only.
                kind = None if settled else _separation_kind(X, y)
                settled = settled or (kind is None and np.linalg.matrix_rank(np.column_stack([X, np.ones(m)]))
                                      == X.shape[1] + 1)
                kinds.append(kind)
                errs["logistic"][r, j] = (_genlearn_logistic_error(X, y, X_test, y_test) if kind else
                                          _linear_error(sk_unpenalised().fit(X, y), X_test, y_test))
        if scenario != "lognormal":
            del errs["GDA on log x"]
        ref[scenario] = {"mean": {k: v.mean(axis=0) for k, v in errs.items()},
                         "separable": sum(k is not None for k in kinds), "quasi": kinds.count("quasi")}
    return ref


def _curve_table(out, scenario):
    """The rows of cell 29's table for ``scenario``: label -> array of 13 numbers."""
    lines = out[out.index(f"{scenario}: mean test error over the 20 training sets\n"):].splitlines()[1:]
    rows = {}
    for line in lines:
        label = line[3:13].strip() if not line.startswith("   GDA on log x") else "GDA on log x"
        values = re.findall(NUMBER, line[len("   GDA on log x"):] if label == "GDA on log x" else line[13:])
        if len(values) != len(demo.SIZES) or label in rows:
            break
        rows[label] = np.array([float(v) for v in values])
    return rows


def test_notebook_learning_curve_table(out, curve_reference):
    """Cell 29 (nbval-check-output): every mean of the table, and the separable counts that cell 54 quotes."""
    for scenario, ref in curve_reference.items():
        rows = _curve_table(out, scenario)
        np.testing.assert_array_equal(rows["m"], demo.SIZES)
        assert set(rows) == {"m", *ref["mean"]}, scenario
        for name, mean in ref["mean"].items():
            # Logistic regression: scikit-learn's and genlearn's unpenalised fits on nearly separable sets, where the
            # likelihood is flat along the near-separating direction, differ by a few test points in 20,000 (5e-5,
            # as in the penalised curves). GDA: the same closed form, a test point flips only within rounding.
            slack = 5e-5 if name == "logistic" else 1e-9
            # tol: printed to 3 decimals, half a unit of the last place 5e-4, plus the solvers' slack above
            np.testing.assert_allclose(rows[name], mean, rtol=0, atol=5e-4 + slack, err_msg=f"{scenario} {name}")
    counts = {s: ref["separable"] for s, ref in curve_reference.items()}
    quasi = {s: ref["quasi"] for s, ref in curve_reference.items()}
    assert f"met separable data: {counts} out of {20 * len(demo.SIZES)}" in out
    assert f"of them only quasi-separable: {quasi}" in out
    # the prose: quasi-separation happens with the Poisson counts only; cell 54 quotes scenario (a)'s count
    assert quasi["poisson"] > 0 and quasi["gaussian"] == quasi["lognormal"] == 0
    assert f"met separable data on {counts['gaussian']} of the 260 training sets of scenario (a)" in _markdown(NOTEBOOK)


def _markdown(notebook):
    """All the Markdown of ``notebook``, one string."""
    import json

    from notebook_outputs import NOTEBOOKS

    nb = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_learning_curves_match_sklearn_fit_by_fit():
    """The vectorised test errors equal scikit-learn's, repetition by repetition."""
    sizes = [10, 40, 300]
    res = demo.learning_curves("gaussian", sizes=sizes, n_repeats=3, m_test=2000, seed=5)
    sample = _scenario_sample("gaussian")
    Xp, yp = demo.draw_training_pools(sample, 3, 300, 5)
    X_test, y_test = sample(2000, 5 + 10_000)
    for r in range(3):
        for j, m in enumerate(sizes):
            lda = _lda().fit(Xp[r, :m], yp[r, :m])
            # tol: a count over the same test set
            assert res["errors"]["GDA"][r, j] == pytest.approx(1 - lda.score(X_test, y_test), abs=ROUNDING)
    err = res["errors"]["GDA"]
    # tol: the same errors averaged another way: rounding only
    np.testing.assert_allclose(res["mean"]["GDA"], err.mean(axis=0), rtol=ROUNDING)
    np.testing.assert_allclose(res["se"]["GDA"], err.std(axis=0, ddof=1) / np.sqrt(3), rtol=ROUNDING)


def test_training_pools_hold_both_classes_from_the_start():
    X, y = demo.draw_training_pools(_scenario_sample("poisson"), 5, 50, seed=3)
    assert X.shape == (5, 50, 4) and y.shape == (5, 50)
    assert np.all(y[:, 0] != y[:, 1])
    with pytest.raises(ValueError, match="single class"):
        demo.draw_training_pools(lambda m, random_state: (np.zeros((m, 1)), np.zeros(m)), 2, 5)


def test_sizes_span_10_to_10000_on_a_log_scale():
    assert demo.SIZES[0] == 10 and demo.SIZES[-1] == 10000 and len(demo.SIZES) >= 10
    steps = np.diff(np.log10(demo.SIZES))
    # tol: sizes rounded to integers: log10 m moves by at most 0.5 / (m ln 10), 0.012 at m = 18, at each end of a step
    np.testing.assert_allclose(steps, 0.25, atol=0.5 / (10 ** 1.25 * np.log(10)) + 0.5 / (10 ** 1.5 * np.log(10)))


def test_plot_learning_curves_has_lines_and_bands():
    res = demo.learning_curves("gaussian", sizes=[10, 100], n_repeats=2, m_test=500)
    fig = demo.plot_learning_curves(res, bayes=0.04)
    ax = fig.axes[0]
    assert ax.get_xscale() == "log"
    assert len(ax.collections) == 2  # one band per model
    np.testing.assert_allclose(ax.lines[0].get_ydata(), res["mean"]["GDA"], rtol=EXACT)  # tol: the array plotted


# -- section 3: the log fix ---------------------------------------------------------------
def test_notebook_log_fix(out):
    kw = demo.SCENARIOS["lognormal"]["kwargs"]
    X, y = make_lognormal_classes(**demo.LOGNORMAL_FIX, **kw)
    Xt, yt = make_lognormal_classes(m=20000, random_state=8, **kw)
    raw = 1 - _lda().fit(X, y).score(Xt, yt)
    lr = 1 - sk_unpenalised().fit(X, y).score(Xt, yt)
    lda_log = _lda().fit(np.log(X), y)
    logx = 1 - lda_log.score(np.log(Xt), yt)
    # tol: test errors are counts, printed to 6 decimals
    assert numbers_after("test error, GDA on x:", out, 1)[0] == pytest.approx(raw, abs=half_unit(6))
    assert numbers_after("test error, logistic on x:", out, 1)[0] == pytest.approx(lr, abs=half_unit(6))
    assert numbers_after("test error, GDA on log x:", out, 1)[0] == pytest.approx(logx, abs=half_unit(6))
    assert logx < lr < raw  # the claim of the notebook on this data set
    # tol: printed to 6 decimals at most; LDA and GDA are the same closed form
    np.testing.assert_allclose(theta_after("GDA on log x: theta =", out),
                               [*lda_log.coef_[0], lda_log.intercept_[0]], atol=half_unit(6))


# -- section 4: separable data ------------------------------------------------------------
def test_separable_example_is_separable():
    X, y = demo.separable_example()
    svm_like = sk_logistic(C=1e6).fit(X, y)
    assert svm_like.score(X, y) == 1.0  # tol: exact: a fraction of correct points


def test_notebook_newton_diverges_on_separable_data(out):
    X, y = demo.separable_example()
    X1 = np.column_stack([X, np.ones(len(X))])
    theta = np.zeros(3)
    norms, lls = [0.0], [len(y) * np.log(0.5)]
    for _ in range(20):  # textbook Newton, written independently of the notebook
        p = 1 / (1 + np.exp(-X1 @ theta))
        W = p * (1 - p)
        theta = theta + np.linalg.solve((X1 * W[:, None]).T @ X1, X1.T @ (y - p))
        z = X1 @ theta
        norms.append(np.linalg.norm(theta[:2]))
        lls.append(-np.sum(np.log1p(np.exp(-np.abs(z))) + np.maximum(0, np.where(y == 1, -z, z))))
    for k in (0, 1, 2, 5, 10, 15, 20):
        got = numbers_after(f"iteration {k:2d}: |theta| =", out, 2)
        # tol: printed with 4 decimals (|theta|) and 4 of the mantissa (log-likelihood): half a unit; the two
        # Newton runs are the same steps, to rounding
        assert got[0] == pytest.approx(norms[k], abs=half_unit(4))
        assert got[1] == pytest.approx(lls[k], rel=half_unit(4))
    assert norms[20] > 5 * norms[5]  # grows without bound
    lda = _lda().fit(X, y)
    assert numbers_after("GDA: |theta| =", out, 1)[0] == pytest.approx(  # tol: printed with 4 decimals
        np.linalg.norm(lda.coef_[0]), abs=half_unit(4))


def test_notebook_penalty_path(out):
    X, y = demo.separable_example()
    norms = []
    for C in [1.0, 1e2, 1e4, 1e6, 1e8]:
        sk = sk_logistic(C=C).fit(X, y)
        norms.append(np.linalg.norm(sk.coef_[0]))
        # tol: printed with 2 decimals; both fits converge to 1e-9
        assert numbers_after(f"C = {C:8.0e}:  |theta| =", out, 1)[0] == pytest.approx(
            norms[-1], abs=half_unit(2))
    assert np.all(np.diff(norms) > 0)


def test_plot_separation_and_log_fix_figures():
    from genlearn import GDA

    X, y = demo.separable_example()
    fig = demo.plot_separation(X, y, np.arange(5.0), 4.5)
    assert len(fig.axes) == 2
    # tol: exact: the values plotted
    np.testing.assert_allclose(fig.axes[1].lines[0].get_ydata(), np.arange(5.0), rtol=EXACT)
    kw = demo.SCENARIOS["lognormal"]["kwargs"]
    X, y = make_lognormal_classes(m=200, random_state=0, **kw)
    g_raw, g_log = GDA().fit(X, y), GDA().fit(np.log(X), y)
    fig = demo.plot_log_fix(X, y, g_raw, g_log)
    assert len(fig.axes) == 2
    assert fig.axes[1].get_xscale() == "log" and fig.axes[1].get_yscale() == "log"
    for ax in fig.axes:  # both panels: the log-x curve and the raw-x line are the boundaries
        curve = [ln for ln in ax.lines if ln.get_label() == "GDA on log x"][0]
        x1, x2 = curve.get_data()
        ok = x2 > 0
        # tol: the curves are the boundaries in closed form, evaluated in float: rounding of terms of size ~10
        np.testing.assert_allclose(g_log.decision_function(np.log(np.column_stack([x1, x2])[ok])),
                                   0, atol=1e-8)  # tol: rounding of terms of size ~10
        line = [ln for ln in ax.lines if ln.get_label() == "GDA on x"][0]
        # tol: as above
        np.testing.assert_allclose(g_raw.decision_function(np.column_stack(line.get_data())), 0,
                                   atol=1e-8)


# -- issue 18: the hand Newton check, efficiency, near separation, penalty, a lucky wrong model --
def _newton_path(X, y, n_iter):
    """Textbook Newton from theta = 0, written independently of the notebook."""
    X1 = np.column_stack([X, np.ones(len(X))])
    theta, lls = np.zeros(X1.shape[1]), []
    for it in range(n_iter + 1):
        z = X1 @ theta
        lls.append(-np.sum(np.log1p(np.exp(-np.abs(z))) + np.maximum(0, np.where(y == 1, -z, z))))
        if it < n_iter:
            p = 1 / (1 + np.exp(-z))
            theta = theta + np.linalg.solve((X1 * (p * (1 - p))[:, None]).T @ X1, X1.T @ (y - p))
    return np.array(lls)


def test_notebook_hand_newton_reaches_the_sklearn_optimum(out, tumors):
    X_train, _, y_train, _ = tumors
    printed = numbers_after("(from theta = 0):", out, 11)
    # tol: printed by numpy with 6 decimals; the same Newton steps computed another way agree to 1e-9
    assert printed[0] == pytest.approx(len(y_train) * np.log(0.5), abs=half_unit(6, 1e-9))  # h = 1/2 everywhere
    np.testing.assert_allclose(printed, _newton_path(X_train, y_train, 10), atol=half_unit(6, 1e-9))
    lr = sk_unpenalised().fit(X_train, y_train)
    p = lr.predict_proba(X_train)[np.arange(len(y_train)), y_train]
    # tol: as above, with scikit-learn's fit
    assert printed[-1] == pytest.approx(np.log(p).sum(), abs=half_unit(6, 1e-9))
    assert "converged theta and log-likelihood agree with genlearn" in out  # the asserting cell ran


def test_notebook_gda_is_the_more_efficient_estimator(out):
    """Oracle: scikit-learn's LDA and unpenalised logistic regression on the same 200 pools."""
    def sample(m, random_state):
        return make_gaussian_classes(m=m, mu=((0.0,), (2.5,)), Sigma=((1.0,),),
                                     random_state=random_state)

    Xp, yp = demo.draw_training_pools(sample, 200, 200, 1)
    slopes = {"GDA": [], "logistic regression": []}
    for r in range(200):
        slopes["GDA"].append(_lda().fit(Xp[r], yp[r]).coef_[0, 0])
        slopes["logistic regression"].append(sk_unpenalised().fit(Xp[r], yp[r]).coef_[0, 0])
    for name, s in slopes.items():
        got = numbers_after(f"{name:20s} mean of theta =", out, 2)
        # tol: printed with 4 decimals; each of the 200 slopes is a converged fit (the two agree to 1e-9)
        assert got[0] == pytest.approx(np.mean(s), abs=half_unit(4, 1e-9))
        assert got[1] == pytest.approx(np.var(s, ddof=1), abs=half_unit(4, 1e-9))
    ratio = np.var(slopes["GDA"], ddof=1) / np.var(slopes["logistic regression"], ddof=1)
    # tol: as above
    assert numbers_after("variance ratio GDA / logistic:", out, 1)[0] == pytest.approx(ratio, abs=half_unit(4, 1e-9))
    assert ratio < 0.6  # "about half as much"


def test_notebook_near_separation(out):
    """Oracle: scikit-learn's unpenalised fit, its inverse Fisher information in numpy, LDA."""
    rows = out[out.index("logistic theta   std. error   GDA theta"):].splitlines()[1:6]
    slopes, ses = [], []
    for row, s in zip(rows, [1.0, 0.3, 0.1, 0.03, 0.01]):
        X, y = demo.near_separation_example(s)
        lr = sk_unpenalised().fit(X, y)
        X1 = np.column_stack([X, np.ones(len(X))])
        p = lr.predict_proba(X)[:, 1]
        se = np.sqrt(np.linalg.inv(X1.T @ (X1 * (p * (1 - p))[:, None]))[0, 0])
        got = [float(v) for v in re.findall(NUMBER, row)]
        # tol: printed with 3 decimals; the two converged Newton fits agree to 1e-12 even at s = 0.01 (std. error 21)
        assert got[0] == s  # tol: s is printed exactly (2 decimals)
        assert got[1] == pytest.approx(lr.coef_[0, 0], abs=half_unit(3, 1e-9))
        assert got[2] == pytest.approx(se, abs=half_unit(3, 1e-9))
        # tol: LDA's closed form, to rounding
        assert got[3] == pytest.approx(_lda().fit(X, y).coef_[0, 0], abs=half_unit(3))
        slopes.append(got[1])
        ses.append(got[2])
        # tol: exact: a fraction of correct points
        assert sk_logistic(C=1e6).fit(X[:-1], y[:-1]).score(X[:-1], y[:-1]) == 1.0  # separable without it
    assert ses[-1] > slopes[-1] and np.all(np.diff(ses) > 0)  # the prose's claims
    with pytest.raises(ValueError, match="s must be > 0"):
        demo.near_separation_example(0.0)


def _separable(X, y):
    """Linear programme for "the unpenalised MLE does not exist" (Albert and Anderson, 1984):
    complete or quasi-complete separation, i.e. some (w, b) with (2y - 1)(w.x + b) >= 0 for
    every example and > 0 for at least one. Maximise the sum of these margins with |w|, |b| <= 1:
    the optimum is positive exactly then. (Poisson counts have ties: quasi-separation happens.)"""
    from scipy.optimize import linprog

    Z = (2.0 * y - 1)[:, None] * np.column_stack([X, np.ones(len(X))])
    res = linprog(-Z.sum(axis=0), A_ub=-Z, b_ub=np.zeros(len(X)),
                  bounds=[(-1, 1)] * Z.shape[1], method="highs")
    return res.status == 0 and -res.fun > 1e-9


@pytest.mark.filterwarnings("ignore:Only one sample available")
def test_notebook_penalised_learning_curves(out):
    """Oracle: scikit-learn refits (unpenalised, C=1, LDA) and a linear programme for separability."""
    sizes = demo.SIZES[demo.SIZES <= 316]
    for scenario in ("gaussian", "poisson"):
        block = out[out.index(demo.SCENARIOS[scenario]["title"] + "\n    separable"):]
        sample = _scenario_sample(scenario)
        Xp, yp = demo.draw_training_pools(sample, 20, int(sizes.max()), 0)
        X_test, y_test = sample(20000, 10_000)
        n_sep = sum(_separable(Xp[r, :m], yp[r, :m]) for r in range(20) for m in sizes)
        assert numbers_after("separable training sets:", block, 2).tolist() == [n_sep, 140]
        for name, model in [("GDA", _lda), ("logistic regression", sk_unpenalised),
                            ("logistic, C=1", lambda: sk_logistic(C=1.0))]:
            line = block[block.index(f"{name:20s} m = 10:"):].splitlines()[0]
            # unpenalised fits on separable sets stop at an arbitrary scale: only m = 316 is unique
            checks = [(316, numbers_after("m = 316:", line, 1)[0])]
            if name == "logistic regression":
                assert "(no unique value)" in line
            else:
                checks.append((10, numbers_after("m = 10:", line, 1)[0]))
            for m, printed in checks:
                errs = [1 - model().fit(Xp[r, :m], yp[r, :m]).score(X_test, y_test)
                        for r in range(20)]
                # the unpenalised fit on a nearly separable Poisson set differs between solvers
                # by a few test points in 20,000: 5e-5; the others are unique optima
                tol = 5e-5 if name == "logistic regression" else 1e-6
                # tol: (the comment above)
                assert printed == pytest.approx(np.mean(errs), abs=tol), (scenario, name, m)


def test_penalised_curves_default_sizes():
    res, bayes = demo.penalised_curves(sizes=[10, 20], n_repeats=2, scenarios=("gaussian",))
    assert set(res["gaussian"]["mean"]) == {"GDA", "logistic regression", "logistic, C=1"}
    assert 0 < bayes["gaussian"] < 0.5


def test_notebook_misspecified_gda_reaches_the_bayes_error(out):
    """Oracle: scikit-learn's LDA boundary and scipy's Laplace distribution."""
    from scipy.stats import laplace

    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, size=10_000)
    X = (2.0 * y + rng.laplace(size=10_000))[:, None]
    lda = _lda().fit(X, y)
    b = -lda.intercept_[0] / lda.coef_[0, 0]
    # tol: printed with 4 decimals
    assert numbers_after("GDA boundary: x =", out, 1)[0] == pytest.approx(b, abs=half_unit(4))
    err = 0.5 * laplace.sf(b) + 0.5 * laplace.cdf(b - 2)
    bayes = 0.5 * laplace.sf(1) + 0.5 * laplace.cdf(-1)
    # tol: printed with 6 decimals; closed forms
    assert numbers_after("error of GDA's boundary:", out, 1)[0] == pytest.approx(err, abs=half_unit(6))
    assert numbers_after("Bayes error e^-1 / 2:", out, 1)[0] == pytest.approx(bayes, abs=half_unit(6))
    assert 0 <= err - bayes < 1e-4


# -- section 2: the learning curves, paired (issue 30) -----------------------------------------
PAIRED_SIZES = demo.SIZES[demo.SIZES <= 1000]


def _paired_block(out, scenario):
    """The rows printed for ``scenario`` by the paired-differences cell, as arrays."""
    start = out.index(f"{scenario}\n   m   ")
    lines = out[start:].splitlines()[1:5]
    rows = {}
    for line in lines:
        label = line[:18].strip()
        rows[label] = [float(v.split("/")[0]) for v in line[18:].split()]
    return {k: np.array(v) for k, v in rows.items()}


def _on_boundary(model, X_test):
    """Test points on ``model``'s boundary up to rounding: theta.x + theta0 within CONDITIONED of the size of
    its terms. Their side is decided by the last bits of theta, which move with the CPU, the BLAS and the
    versions; on a quasi-separated Poisson set the boundary found runs through lattice points that hold
    test points, exactly in exact arithmetic (25 test points at m = 100, set 17). The nearest test points
    off a boundary sit at 1e-6 of that size, far beyond rounding."""
    if hasattr(model, "theta_"):  # genlearn's
        theta, theta0 = model.theta_, float(model.theta0_)
    else:
        theta, theta0 = model.coef_[0], model.intercept_[0]
    f = X_test @ theta + theta0
    return int(np.sum(np.abs(f) <= CONDITIONED * (np.abs(X_test) @ np.abs(theta) + abs(theta0))))


def _genlearn_logistic(X, y):
    from genlearn import LogisticRegression
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return LogisticRegression().fit(X, y)


def _genlearn_logistic_error(X, y, X_test, y_test):
    return 1 - _genlearn_logistic(X, y).score(X_test, y_test)


@pytest.fixture(scope="module")
def paired_reference():
    """GDA minus logistic regression, per training set, recomputed: scikit-learn's LDA for GDA, and
    scikit-learn's unpenalised logistic regression wherever the training set is not separable. On a
    separable set no MLE exists (any separating direction fits); there genlearn's fit is used, so
    the difference there is genlearn's, as printed. With each difference, the number of test points
    that lie on one of its two boundaries up to rounding (``_on_boundary``): the difference of that set
    on another machine is known only to within that many test points."""
    ref = {}
    for scenario in demo.SCENARIOS:
        sample = _scenario_sample(scenario)
        Xp, yp = demo.draw_training_pools(sample, 20, int(demo.SIZES.max()), 0)
        X_test, y_test = sample(20000, 10_000)
        diff = np.empty((20, len(PAIRED_SIZES)))
        ties = np.zeros((20, len(PAIRED_SIZES)), dtype=int)
        for r in range(20):
            for j, m in enumerate(PAIRED_SIZES):
                X, y = Xp[r, :m], yp[r, :m]
                gda = _lda().fit(X, y)
                logistic = _genlearn_logistic(X, y) if _separable(X, y) else sk_unpenalised().fit(X, y)
                diff[r, j] = logistic.score(X_test, y_test) - gda.score(X_test, y_test)
                ties[r, j] = _on_boundary(gda, X_test) + _on_boundary(logistic, X_test)
        ref[scenario] = diff, ties / len(y_test)
    return ref


@pytest.mark.filterwarnings("ignore:Only one sample available")
def test_notebook_paired_differences(out, paired_reference):
    for scenario, (diff, reach) in paired_reference.items():
        rows = _paired_block(out, scenario)
        np.testing.assert_array_equal(rows["m"], PAIRED_SIZES)
        # tol: printed with 4 decimals; each set's difference may move by its share of test points on a boundary
        # (reach): the mean by their mean, the standard error by their root sum of squares / sqrt(19 * 20)
        # (the standard deviation is 1-Lipschitz in the norm of the centred vector)
        mean_tol = half_unit(4, reach.mean(axis=0))
        se_tol = half_unit(4, np.sqrt((reach ** 2).sum(axis=0)) / np.sqrt(len(diff) * (len(diff) - 1)))
        mean_off = np.abs(rows["GDA - logistic"] - diff.mean(axis=0))
        se_off = np.abs(rows["standard error"] - diff.std(axis=0, ddof=1) / np.sqrt(len(diff)))
        assert np.all(mean_off <= mean_tol), (scenario, mean_off, mean_tol)
        assert np.all(se_off <= se_tol), (scenario, se_off, se_tol)
        # a set whose difference is within its reach of zero may count either way
        wins = rows["GDA lower on"]
        assert np.all(((diff < -reach).sum(axis=0) <= wins) & (wins <= (diff < reach).sum(axis=0))), scenario


def test_notebook_reading_of_the_paired_differences(out):
    """The prose of section 2, against the printed (and independently checked) paired table."""
    col = {int(m): j for j, m in enumerate(PAIRED_SIZES)}
    a, b, c = (_paired_block(out, s) for s in ("gaussian", "poisson", "lognormal"))
    d, se, wins = a["GDA - logistic"], a["standard error"], a["GDA lower on"]
    big = [col[m] for m in (56, 100, 178, 316, 562, 1000)]
    # (a) lower by 0.001 to 0.008, 2.8 to 4.5 standard errors, on 13 to 18 sets from m = 56 to 1000
    assert np.all(-d[big] >= 0.0009) and np.all(-d[big] <= 0.0085)
    assert 2.75 <= min(-d[big] / se[big]) and max(-d[big] / se[big]) < 4.55
    assert min(wins[big]) == 13 and max(wins[big]) == 18
    # ... indistinguishable below: m = 18 within one standard error, lower on 10 sets; m = 32 on 9 sets only
    assert abs(d[col[18]]) < se[col[18]] and wins[col[18]] == 10
    # tol: the prose's 3 decimals: round() gives the float nearest the decimal, as the literal does
    assert round(d[col[32]], 3) == -0.017 and round(se[col[32]], 3) == 0.008 and wins[col[32]] == 9
    # (b) m = 10: -0.010 +- 0.005 on 14 sets; m = 18..178 within 0.002 of zero; crossing at 316
    d, se, wins = b["GDA - logistic"], b["standard error"], b["GDA lower on"]
    # tol: as above
    assert round(d[0], 3) == -0.010 and round(se[0], 3) == 0.005 and wins[0] == 14
    mid = [col[m] for m in (18, 32, 56, 100, 178)]
    assert np.all(np.abs(d[mid]) <= 0.0020) and 0.0015 <= se[mid].min() and se[mid].max() < 0.0035
    assert min(wins[mid]) == 5 and max(wins[mid]) == 10
    # tol: as above
    assert round(d[col[316]], 3) == 0.004 and round(se[col[316]], 3) == 0.001 and d[col[1000]] > 0.005
    # (c) GDA on raw x worse from m = 18 on by 0.019 to 0.026, by 2 or more standard errors; m = 10 within one
    d, se = c["GDA - logistic"], c["standard error"]
    assert np.all(d[1:] >= 0.0185) and np.all(d[1:] < 0.0265) and np.all(d[1:] / se[1:] > 2)
    assert abs(d[0]) < se[0]


def test_notebook_large_sample_variances(out):
    """Oracle: Gauss-Hermite quadrature (numpy) of the Fisher information of one example, and
    4 + 2 delta^2 for GDA (the delta method on the means and the pooled variance)."""
    from numpy.polynomial.hermite_e import hermegauss

    delta = 2.5
    t, w = hermegauss(80)
    w = w / w.sum()                                  # E over N(0, 1)
    fisher = np.zeros((2, 2))
    for shift in (0.0, delta):                       # the mixture of the two classes, half each
        x = t + shift
        h = 1 / (1 + np.exp(-(delta * x - delta**2 / 2)))
        v = np.column_stack([x, np.ones_like(x)])
        fisher += 0.5 * (v * (w * h * (1 - h))[:, None]).T @ v
    var_logistic = np.linalg.inv(fisher)[0, 0]
    var_gda = 4 + 2 * delta**2
    got = numbers_after("m Var(theta) for large m: GDA", out, 1)[0], numbers_after("logistic regression", out[
        out.index("m Var(theta) for large m"):], 1)[0]
    # tol: printed with 4 decimals; closed form, and 80-point Gauss-Hermite quadrature of a smooth integrand (~1e-12)
    assert got == (pytest.approx(var_gda, abs=half_unit(4)), pytest.approx(var_logistic, abs=half_unit(4)))
    assert numbers_after("variance ratio GDA / logistic for large m:", out, 1)[0] == pytest.approx(
        var_gda / var_logistic, abs=half_unit(4))
    assert numbers_after("so logistic regression needs", out, 1)[0] == pytest.approx(var_logistic / var_gda,
                                                                                 abs=half_unit(2))
    line = out[out.index("the large-m formulas at m = 200:"):].splitlines()[0]
    # tol: printed with 4 decimals
    assert [float(v) for v in re.findall(r"0\.\d{4}", line)] == pytest.approx([var_gda / 200, var_logistic / 200],
                                                                              abs=half_unit(4))
    # the prose: about 1.6 times the data, ratio 0.63; measured 0.187 against 0.130 and 0.092 against 0.083;
    # each within half a unit of its last digit, + 1e-12 for rounding (var_gda / 200 = 0.0825 is a tie)
    measured = {name: numbers_after(f"{name:20s} mean of theta =", out, 2)[1]
                for name in ("GDA", "logistic regression")}
    for value, prose, half in [(var_gda / var_logistic, 0.63, 0.005), (var_logistic / var_gda, 1.6, 0.05),
                               (var_logistic / 200, 0.130, 5e-4), (var_gda / 200, 0.083, 5e-4),
                               (measured["GDA"], 0.092, 5e-4), (measured["logistic regression"], 0.187, 5e-4)]:
        assert abs(value - prose) <= half + 1e-12, (value, prose)


# -- the Newton explorer (NewtonExplorer, newton_path) ------------------------------------
def plain_newton(X, y, steps):
    """Full Newton steps in raw coordinates from genlearn's start (the intercept-only model):
    the oracle of newton_path wherever no step needs halving."""
    from scipy.special import expit

    A = np.column_stack([X, np.ones(len(X))])
    theta = np.array([0.0, 0.0, np.log(y.mean() / (1 - y.mean()))])
    out = [theta]
    for _ in range(steps):
        h = expit(A @ theta)
        theta = theta + np.linalg.solve(A.T @ (A * (h * (1 - h))[:, None]), A.T @ (y - h))
        out.append(theta)
    return np.array(out)


def dragged(name, seed):
    """The explorer's data set with five points moved at random (as a learner's drags)."""
    X, y = demo.newton_data(name)
    rng = np.random.default_rng(seed)
    X = X.copy()
    X[rng.choice(len(X), 5, replace=False)] += rng.normal(scale=1.5, size=(5, 2))
    return X, y


@pytest.mark.parametrize("data", [demo.newton_data("overlap"), dragged("overlap", 1), dragged("overlap", 2),
                                  make_gaussian_classes(m=300, mu=((5.0, 5.0), (6.0, 5.5)),
                                                              Sigma=((1.0, 0.2), (0.2, 0.5)), random_state=3)],
                         ids=["overlap", "dragged-1", "dragged-2", "offset-300"])
def test_newton_path_is_logistic_regressions_newton_path(data):
    """Iterate k of newton_path is LogisticRegression(max_iter=k)'s fit (1e-9 relative), its last one
    genlearn's converged fit; the log-likelihood never decreases and is genlearn's loglik_path_."""
    import warnings

    from genlearn import LogisticRegression
    from genlearn.logistic import ConvergenceWarning

    X, y = data
    thetas, logliks, status = demo.newton_path(X, y)
    full = LogisticRegression().fit(X, y)
    assert status == "converged" and len(thetas) == full.n_iter_ + 1 < demo.NEWTON_STEPS
    np.testing.assert_allclose(logliks, full.loglik_path_, rtol=ROUNDING)
    # non-decreasing up to rounding: the last step at convergence is ~1e-15 either way, and fit accepts a step
    # down of at most 1e-12 |l| (a real decrease is many orders larger)
    assert np.all(np.diff(logliks) >= -1e-12 * np.abs(logliks[:-1]))
    for k in range(1, len(thetas)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            fit = LogisticRegression(max_iter=k).fit(X, y)
        np.testing.assert_allclose(thetas[k], [*fit.theta_, fit.theta0_], rtol=1e-9, atol=ROUNDING)
    # and the plain Newton method (the tumours' hand check, from the same start) agrees where no step halves
    # tol: the same Newton steps another way: rounding, grown by each step's solve (Hessian condition up to 1e5)
    np.testing.assert_allclose(thetas, plain_newton(X, y, len(thetas) - 1), rtol=1e-7, atol=1e-9)




def test_answer_key_exercise_2_bayes_errors():
    """instructor/answers Ex. 2: the exact Bayes error of rates (1, 1, 4, 2) against (6, 1, 4, 2), phi = 0.3 (scipy's
    Poisson pmf summed over the one informative feature's counts), and the Bayes rule's error on its test set."""
    from notebook_outputs import NOTEBOOKS

    text = (NOTEBOOKS.parent / "instructor" / "answers" / NOTEBOOK.replace(".ipynb", ".md")).read_text(encoding="utf-8")
    section = text[text.index("## Exercise 2"):text.index("## Exercise 3")]
    k = np.arange(200)
    exact = np.minimum(0.3 * poisson.pmf(k, 6.0), 0.7 * poisson.pmf(k, 1.0)).sum()
    lam = np.array([[1.0, 1.0, 4.0, 2.0], [6.0, 1.0, 4.0, 2.0]])
    X, y = make_poisson_classes(m=20000, lam=lam, phi=0.3, random_state=10_000)  # learning_curves' test set, seed 0
    lp = [poisson(rates).logpmf(X).sum(axis=1) for rates in lam]
    rule = np.mean((lp[1] + np.log(0.3) > lp[0] + np.log(0.7)) != (y == 1))
    se = np.sqrt(exact * (1 - exact) / 20000)
    # tol: the key gives 5 decimals, half a unit 5e-6
    assert numbers_after("The exact Bayes error is", section, 1)[0] == pytest.approx(exact, abs=5e-6)
    # tol: 4 decimals, 5e-5
    assert numbers_after("The true Bayes rule errs", section, 1)[0] == pytest.approx(rule, abs=5e-5)
    # tol: 1 and 4 decimals, half a unit of each
    assert numbers_after("on the 20,000 test points,", section, 1)[0] == pytest.approx((exact - rule) / se, abs=0.05)
    assert numbers_after("/20000} =", section, 1)[0] == pytest.approx(se, abs=5e-5)
    assert "below 0.0587" in section and round(exact, 4) == pytest.approx(0.0587, abs=1e-12)  # tol: rounding only
