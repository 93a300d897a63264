"""Notebook 05 (QDA, LDA, Gaussian naive Bayes): every checked number against an
independent value, and the plots and the explorer's numbers against the theory.

Oracles: numpy's class means and (1/m_k) covariances, scikit-learn's
QuadraticDiscriminantAnalysis (its covariance rescaled from 1/(m_k - 1) to the
MLE's 1/m_k, in versions that store the unbiased one), scipy's multivariate
normal, scikit-learn's own LDA, QDA and GaussianNB on the same cross-validation
folds, and, for the penalised softmax regression, a scipy L-BFGS fit of the
same objective (scikit-learn penalises every class's weights, genlearn all but
the reference class's: on one fold of one shuffle the two differ by one wine).
"""
import functools
import json
import re
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import minimize
from scipy.stats import multivariate_normal
from sklearn.datasets import load_wine
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression as SkLogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB as SkGaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from genlearn import QDA
from genlearn.demos import qda_lda_naive_bayes as demo
from genlearn.explorers import qda_lda_naive_bayes as ex_demo
from lessons import is_checked
from notebook_outputs import numbers_after
from tolerances import CONDITIONED, EXACT, ROUNDING, half_unit

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "05_qda_lda_naive_bayes.ipynb"
FLOAT = r"-?\d+\.\d+"


# --------------------------------------------------------------------------- helpers

def _abc_closed_form(pi, mu, Sigma):
    """A, b, c of the log-odds from plain parameters (the notes' formulas, with the 1/2)."""
    P0, P1 = np.linalg.inv(Sigma[0]), np.linalg.inv(Sigma[1])
    A = 0.5 * (P0 - P1)
    b = P1 @ mu[1] - P0 @ mu[0]
    c = (np.log(pi[1] / pi[0]) + 0.5 * np.log(np.linalg.det(Sigma[0]) / np.linalg.det(Sigma[1]))
         - 0.5 * mu[1] @ P1 @ mu[1] + 0.5 * mu[0] @ P0 @ mu[0])
    return A, b, c


def _numpy_parameters(X, y):
    pi = np.bincount(y) / len(y)
    mu = np.stack([X[y == k].mean(axis=0) for k in (0, 1)])
    Sigma = np.stack([np.cov(X[y == k].T, bias=True) for k in (0, 1)])
    return pi, mu, Sigma


def _sklearn_parameters(X, y):
    sk = QuadraticDiscriminantAnalysis(reg_param=0.0, store_covariance=True).fit(X, y)
    Sigma = np.asarray(sk.covariance_)
    if np.allclose(Sigma[0], np.cov(X[y == 0].T, ddof=1), rtol=ROUNDING):
        # older scikit-learn stores the unbiased 1/(m_k - 1) estimate; the MLE divides by m_k
        counts = np.bincount(y)
        Sigma = np.stack([S * (m - 1) / m for S, m in zip(Sigma, counts)])
    return sk.priors_, sk.means_, Sigma


def _checked_outputs():
    """Text printed by each checked cell (tag ``nbval-check-output``) of the stored notebook."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if is_checked(cell):
            out.append("".join("".join(o.get("text", "")) for o in cell["outputs"]
                               if o["output_type"] == "stream"))
    return out


def _checked_output(startswith):
    matches = [t for t in _checked_outputs() if t.startswith(startswith)]
    assert len(matches) == 1, f"expected one checked cell printing {startswith!r}"
    return matches[0]


def _sklearn_cv_models():
    return {"LDA (GDA)": LinearDiscriminantAnalysis(solver="lsqr"),
            "QDA": QuadraticDiscriminantAnalysis(reg_param=0.0),
            "naive Bayes": SkGaussianNB(var_smoothing=0.0)}


def _reference_softmax_accuracy(X_train, y_train, X_test, y_test, C=1.0):
    """Penalised softmax regression with class 0 as reference, fitted by scipy's
    L-BFGS on standardised features: the model genlearn documents (scikit-learn
    penalises every class's weights, a slightly different fit)."""
    scaler = StandardScaler().fit(X_train)
    Z, Zt = scaler.transform(X_train), scaler.transform(X_test)
    m, n = Z.shape
    K = int(y_train.max()) + 1
    Z1 = np.column_stack([Z, np.ones(m)])
    Y = np.eye(K)[y_train]

    def objective(flat):
        W = np.vstack([np.zeros(n + 1), flat.reshape(K - 1, n + 1)])
        S = Z1 @ W.T
        S -= S.max(axis=1, keepdims=True)
        logp = S - np.log(np.exp(S).sum(axis=1, keepdims=True))
        pen = W[1:, :n]
        value = -np.sum(Y * logp) + np.sum(pen ** 2) / (2 * C)
        grad = (np.exp(logp) - Y).T @ Z1
        grad[:, :n] += W[:, :n] / C
        return value, grad[1:].ravel()

    res = minimize(objective, np.zeros((K - 1) * (n + 1)), jac=True, method="L-BFGS-B",
                   options={"gtol": 1e-8, "maxiter": 10_000})
    W = np.vstack([np.zeros(n + 1), res.x.reshape(K - 1, n + 1)])
    pred = np.argmax(np.column_stack([Zt, np.ones(len(Zt))]) @ W.T, axis=1)
    return float(np.mean(pred == y_test))


@functools.lru_cache(maxsize=None)
def _sklearn_cv(seed):
    """Fold accuracies of scikit-learn's LDA, QDA, GaussianNB and of the scipy
    reference logistic regression, on the notebook's folds."""
    X, y = load_wine(return_X_y=True)
    folds = StratifiedKFold(n_splits=10, shuffle=True, random_state=seed)
    out = {name: cross_val_score(m, X, y, cv=folds) for name, m in _sklearn_cv_models().items()}
    out["logistic regression"] = np.array([
        _reference_softmax_accuracy(X[tr], y[tr], X[te], y[te])
        for tr, te in folds.split(X, y)])
    return out


@pytest.fixture(scope="module")
def example():
    X, y = demo.two_class_example()
    return X, y


# --------------------------------------------------------------------------- A, b, c

@pytest.mark.parametrize("oracle", [_numpy_parameters, _sklearn_parameters])
def test_quadratic_form_of_the_seeded_example(example, oracle):
    X, y = example
    A, b, c = QDA().fit(X, y).quadratic_form()
    A_ref, b_ref, c_ref = _abc_closed_form(*oracle(X, y))
    np.testing.assert_allclose(A, A_ref, rtol=1e-9, atol=ROUNDING)
    np.testing.assert_allclose(b, b_ref, rtol=1e-9, atol=ROUNDING)
    # tol: the closed form through inverses and log-determinants: rounding, conditioned
    assert c == pytest.approx(c_ref, rel=CONDITIONED)


def test_quadratic_form_equals_scikit_learn_log_odds(example):
    X, y = example
    sk = QuadraticDiscriminantAnalysis(reg_param=0.0, store_covariance=True).fit(X, y)
    if not np.allclose(sk.covariance_[0], np.cov(X[y == 0].T, bias=True), rtol=ROUNDING):
        pytest.skip("this scikit-learn's QDA uses the 1/(m_k - 1) covariance, not the MLE")
    A, b, c = QDA().fit(X, y).quadratic_form()
    _, _, P = demo.grid((-4, 6), (-4, 5), 41)
    ours = np.einsum("ij,jk,ik->i", P, A, P) + P @ b + c
    # tol: scikit-learn's QDA decision from its SVD: rounding of terms ~10, conditioned
    np.testing.assert_allclose(ours, sk.decision_function(P), rtol=1e-9, atol=1e-9)


def test_notebook_prints_the_closed_form_abc(example):
    text = _checked_output("QDA on the seeded example")
    numbers = [float(v) for v in re.findall(FLOAT, text)]
    A_ref, b_ref, c_ref = _abc_closed_form(*_numpy_parameters(*example))
    expected = np.concatenate([A_ref.ravel(), b_ref, [c_ref]])
    # tol: printed with 6 decimals (c, and numpy's arrays: the lesson sets precision=6)
    np.testing.assert_allclose(numbers, expected, atol=half_unit(6))


def test_quadratic_form_matches_log_odds_on_a_grid(example):
    X, y = example
    fig, models = demo.plot_assumptions(X, y)
    for name, model in models.items():
        assert demo.quadratic_form_gap(model, (-4, 6), (-4, 5)) < 1e-10, name
    A_lda, b_lda, c_lda = demo.quadratic_form(models["LDA"])
    assert np.all(A_lda == 0)
    # LDA's b, c against scikit-learn's LDA (same MLE Sigma: sklearn's lsqr uses 1/m too)
    sk = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    # tol: the same closed form through a solve: rounding, conditioned
    np.testing.assert_allclose(b_lda, sk.coef_[0], rtol=CONDITIONED)
    assert c_lda == pytest.approx(sk.intercept_[0], rel=CONDITIONED)
    A_nb, _, _ = demo.quadratic_form(models["naive Bayes"])
    assert A_nb[0, 1] == 0 and A_nb[1, 0] == 0 and np.all(np.diag(A_nb) != 0)
    # the figure: three panels, each with four ellipses, two means and a boundary
    assert len(fig.axes) == 3
    assert all(len(ax.lines) == 6 for ax in fig.axes)


def test_notebook_grid_check_and_conics_are_stated():
    grid_text = _checked_output("QDA          x^T A x")
    assert grid_text.count("= log-odds to 1e-10") == 3  # printed after the cell's assert
    assert "QDA          x^T A x + b^T x + c = log-odds to 1e-10;  A is full" in grid_text
    assert "LDA          x^T A x + b^T x + c = log-odds to 1e-10;  A is zero" in grid_text
    assert "naive Bayes  x^T A x + b^T x + c = log-odds to 1e-10;  A is diagonal" in grid_text
    conics = _checked_output("QDA          eigenvalues")
    kinds = re.findall(r"boundary: (\w+)", conics)
    assert kinds == ["hyperbola", "line", "ellipse"]


def test_notebook_eigenvalues_of_A_match_closed_forms(example):
    """The eigenvalues the notebook prints for QDA, LDA and naive Bayes, against
    numpy's MLE parameters: full class covariances, their size-weighted average,
    and their diagonals."""
    X, y = example
    pi, mu, Sigma = _numpy_parameters(X, y)
    pooled = np.einsum("k,kij->ij", pi, Sigma)
    expected = {
        "QDA": _abc_closed_form(pi, mu, Sigma)[0],
        "LDA": _abc_closed_form(pi, mu, np.stack([pooled, pooled]))[0],
        "naive Bayes": _abc_closed_form(pi, mu, np.stack([np.diag(np.diag(S)) for S in Sigma]))[0],
    }
    text = _checked_output("QDA          eigenvalues")
    for name, A in expected.items():
        line = next(l for l in text.splitlines() if l.startswith(name))
        printed = [float(v) for v in re.findall(r"-?\d+\.\d*", line.split("[", 1)[1].split("]")[0])]
        np.testing.assert_allclose(printed, np.linalg.eigvalsh(A), atol=half_unit(6))  # tol: rounded to 6 decimals


def test_seeded_example_conics_follow_from_eigenvalues(example):
    X, y = example
    A, b, c = _abc_closed_form(*_numpy_parameters(X, y))
    lam = np.linalg.eigvalsh(A)
    assert lam[0] < 0 < lam[1]                       # opposite signs: hyperbola
    assert demo.conic_type(A, b, c) == "hyperbola"


# --------------------------------------------------------------------------- conic_type

@pytest.mark.parametrize("A, b, c, kind", [
    (np.eye(2), [0, 0], -1.0, "ellipse"),
    (np.eye(2), [0, 0], 1.0, "none"),
    (np.eye(2), [0, 0], 0.0, "point"),
    (-np.diag([1.0, 3.0]), [1.0, 2.0], 5.0, "ellipse"),
    (np.diag([1.0, -1.0]), [0, 0], -1.0, "hyperbola"),
    (np.diag([1.0, -1.0]), [0, 0], 0.0, "two crossing lines"),
    (np.diag([1.0, 0.0]), [0, 1.0], 0.0, "parabola"),
    (np.diag([1.0, 0.0]), [0, 0], -1.0, "two parallel lines"),
    (np.diag([1.0, 0.0]), [0, 0], 1.0, "none"),
    (np.diag([1.0, 0.0]), [0, 0], 0.0, "line"),
    (np.zeros((2, 2)), [1.0, -2.0], 3.0, "line"),
    (np.zeros((2, 2)), [0, 0], 3.0, "none"),
    ([[0.0, 1.0], [1.0, 0.0]], [0, 0], -1.0, "hyperbola"),   # x1 x2 = 1/2
])
def test_conic_type(A, b, c, kind):
    assert demo.conic_type(A, b, c) == kind


def test_conic_type_rejects_other_dimensions():
    with pytest.raises(ValueError, match="2x2"):
        demo.conic_type(np.eye(3), np.zeros(3), 0.0)


# --------------------------------------------------------------------------- the explorer

def _bayes_posterior(X, y, P, kind):
    """p(y=1 | x) by Bayes' rule with scipy's normal densities and numpy's MLE parameters."""
    pi, mu, Sigma = _numpy_parameters(X, y)
    if kind == "LDA":
        Sigma = np.stack([np.einsum("k,kij->ij", pi, Sigma)] * 2)
    elif kind == "naive Bayes":
        Sigma = np.stack([np.diag(np.diag(S)) for S in Sigma])
    joint = [pi[k] * multivariate_normal(mu[k], Sigma[k]).pdf(P) for k in (0, 1)]
    return joint[1] / (joint[0] + joint[1])


def test_gallery_shows_each_kind():
    fig, kinds = demo.plot_conic_gallery(num=40)
    assert kinds == {k: k for k in demo.GALLERY}
    assert len(fig.axes) == 4


def test_notebook_naive_bayes_boundary_is_a_line_with_equal_variances():
    """Oracle: numpy's per-class variances of the Predict's classes (sigma1 = sigma2 = 1, rho = 0.6), the
    naive Bayes A_jj = (1/v_0j - 1/v_1j) / 2, and QDA's A = (I - Sigma_1^-1) / 2 from numpy's inverse."""
    X, y = ex_demo.BoundaryExplorer.example(sigma1=1.0, sigma2=1.0, rho=0.6).data()
    v = np.array([X[y == k].var(axis=0) for k in (0, 1)])
    # tol: the explorer whitens its samples to these exact moments, so 1 up to rounding only
    np.testing.assert_allclose(v, 1.0, rtol=1e-12)
    assert np.abs(0.5 * (1 / v[0] - 1 / v[1])).max() < 1e-12  # tol: rounding only, as above
    eig = np.linalg.eigvalsh(0.5 * (np.eye(2) - np.linalg.inv(np.cov(X[y == 1].T, bias=True))))
    assert eig[0] < 0 < eig[1], "QDA's A has eigenvalues of both signs: a hyperbola"
    texts = [t for t in _checked_outputs() if "naive Bayes variances" in t]
    assert len(texts) == 1
    lines = texts[0].strip().splitlines()
    # tol: printed rounded to 6 decimals, so half a unit of the last place, 5e-7
    assert [float(x) for x in re.findall(FLOAT, lines[0])] == pytest.approx(v.ravel(), abs=5e-7)
    assert lines[1].endswith("boundary: line") and lines[2].endswith("boundary: hyperbola")


# --------------------------------------------------------------------------- three classes

def test_three_classes_predict_the_argmax_of_scipy_joint_densities():
    X, y = demo.three_class_example()
    fig, models = demo.plot_three_classes(X, y, num=30)
    P = np.random.default_rng(1).uniform(-4, 6, size=(2000, 2))
    for name, model in models.items():
        Sigmas = demo.class_covariances(model)
        if name == "QDA":
            for k in range(3):
                np.testing.assert_allclose(Sigmas[k], np.cov(X[y == k].T, bias=True), atol=ROUNDING)
        np.testing.assert_allclose(model.mu_, [X[y == k].mean(axis=0) for k in range(3)], atol=ROUNDING)
        scores = np.column_stack([np.log(np.mean(y == k)) + multivariate_normal(model.mu_[k], Sigmas[k]).logpdf(P)
                                  for k in range(3)])
        assert np.array_equal(model.predict(P), scores.argmax(axis=1)), name
    # the means are marked where they are
    for ax, model in zip(fig.axes, models.values()):
        marks = np.array([line.get_xydata()[0] for line in ax.lines])
        np.testing.assert_allclose(marks, model.mu_, rtol=EXACT)  # tol: exact: the means plotted


# --------------------------------------------------------------------------- too few examples

def test_too_few_examples_qda_fails_and_reg_rescues_it():
    r = demo.too_few_examples(n=10, sizes=(6, 11, 200), reps=4, m_test=500, reg=1.0)
    qda, qda_reg, lda = r["errors"]["QDA"], r["errors"]["QDA, reg=1"], r["errors"]["LDA"]
    assert np.isnan(qda[0]) and r["failed"]["QDA"].tolist() == [4, 0, 0]
    assert np.isfinite(qda_reg).all() and r["failed"]["QDA, reg=1"].sum() == 0
    assert qda[1] > 0.4 and qda[1] > lda[1] + 0.15     # barely more examples than features
    assert qda_reg[1] < qda[1] - 0.15                  # regularisation rescues it
    assert qda[2] < lda[2]                              # with enough data the true model wins
    assert 0 < r["bayes"] < qda[2]
    assert r["bayes_quad_error"] < 1e-9              # quad asked for 1e-11 absolute per class
    # tol: pytest's default rel 1e-6, rounding only (the test-set figure is a count over the 1,000 test points)
    assert r["m_test"] == 500 and r["bayes_rule_error"] * 1000 == pytest.approx(round(r["bayes_rule_error"] * 1000))
    fig = demo.plot_too_few_examples(r)
    assert len(fig.axes[0].lines) >= 4


# --------------------------------------------------------------------------- feature maps

def test_feature_map_columns():
    X = np.array([[2.0, 3.0, 5.0]])
    np.testing.assert_array_equal(demo.feature_map(X, "none"), X)
    np.testing.assert_array_equal(demo.feature_map(X, "squares"), [[2, 3, 5, 4, 9, 25]])
    np.testing.assert_array_equal(demo.feature_map(X, "quadratic"), [[2, 3, 5, 4, 9, 25, 6, 10, 15]])
    with pytest.raises(ValueError, match="kind"):
        demo.feature_map(X, "cubic")


def test_logistic_feature_maps_mimic_their_generative_twins(example):
    X, y = example
    fig, agreement = demo.plot_feature_maps(X, y, num=40)
    assert set(agreement) == {"none", "quadratic", "squares"}
    assert all(a > 0.9 for a in agreement.values())
    # the logistic fits agree with scikit-learn's unpenalised fit on the same features
    for kind, model in demo.feature_map_models().items():
        model.fit(X, y)
        sk = SkLogisticRegression(C=np.inf, solver="newton-cholesky", tol=1e-12, max_iter=200)
        sk.fit(demo.feature_map(X, kind), y)
        # tol: two converged Newton fits on quadratic features (x^2 against x: a Hessian condition ~1e6), theta to cond
        # eps and the stopping rules, 1e-5 relative
        np.testing.assert_allclose(model[-1].theta_, sk.coef_[0], rtol=1e-5, atol=1e-6)


# --------------------------------------------------------------------------- cross-validation

def test_cv_table_equals_scikit_learn_on_the_same_folds():
    X, y = load_wine(return_X_y=True)
    ours = demo.cv_table(X, y)
    ref = _sklearn_cv(0)
    assert list(ours) == list(ref)
    for name in ref:
        np.testing.assert_allclose(ours[name], ref[name], atol=ROUNDING, err_msg=name)
    # scikit-learn's own logistic regression (penalising every class) agrees on these folds
    sk = cross_val_score(make_pipeline(StandardScaler(), SkLogisticRegression(C=1.0)), X, y,
                         cv=StratifiedKFold(n_splits=10, shuffle=True, random_state=0))
    np.testing.assert_allclose(ours["logistic regression"], sk, atol=ROUNDING)


def test_notebook_cv_table_is_scikit_learn_s():
    text = _checked_output("model ")
    ref = _sklearn_cv(0)
    rows = {line[:19].strip(): [float(v) for v in re.findall(FLOAT, line[19:])]
            for line in text.splitlines()[1:5]}
    for name, s in ref.items():
        # tol: printed with 4 decimals; accuracies are counts
        np.testing.assert_allclose(rows[name], [s.mean(), s.std(), s.min()], atol=half_unit(4))
    best = max(ref, key=lambda k: ref[k].mean())
    assert best == "QDA"
    assert f"winner: QDA ({ref['QDA'].mean():.4f})" in text


def test_notebook_repeated_cv_is_scikit_learn_s():
    text = _checked_output("seed ")
    lines = text.splitlines()
    names = list(_sklearn_cv_models()) + ["logistic regression"]
    wins = dict.fromkeys(names, 0)
    for seed in range(10):
        ref = _sklearn_cv(seed)
        means = np.array([ref[n].mean() for n in names])
        row = lines[1 + seed].split()
        assert int(row[0]) == seed
        # tol: printed with 4 decimals; accuracies are counts
        np.testing.assert_allclose([float(v) for v in row[1:5]], means, atol=half_unit(4))
        best = [n for n, v in zip(names, means) if v >= means.max() - 1e-12]
        for n in best:
            wins[n] += 1
    assert lines[11] == ("best (ties count for each): "
                         f"LDA {wins['LDA (GDA)']}x, QDA {wins['QDA']}x, "
                         f"naive Bayes {wins['naive Bayes']}x, logistic {wins['logistic regression']}x")


# --------------------------------------------------------------------------- issue 18

def test_notebook_mle_versus_unbiased_variance():
    """Oracle: Python's statistics module (pvariance divides by m, variance by m - 1)."""
    import statistics

    text = _checked_output("divide by m:")
    got = [float(v) for v in re.findall(FLOAT, text)]
    v = [1.0, 2.0, 4.0, 7.0, 11.0]
    # tol: printed with 4 decimals
    assert got == pytest.approx([statistics.pvariance(v), statistics.variance(v)], abs=half_unit(4))


def test_notebook_one_feature_posterior_is_not_a_sigmoid_of_a_line():
    """Oracle: Bayes' rule with scipy's normal densities."""
    from scipy.stats import norm

    text = _checked_output("x = -2.0:")
    got = {float(x): float(p) for x, p in re.findall(r"x =\s*(-?\d+\.\d):\s+p\(y=1 \| x\) = (\d\.\d+)", text)}
    for x in (-2.0, 0.0, 2.0):
        wide, narrow = norm(0, 2).pdf(x), norm(0, 1).pdf(x)
        # tol: printed with 4 decimals
        assert got[x] == pytest.approx(wide / (wide + narrow), abs=half_unit(4))
    assert got[0.0] == pytest.approx(1 / 3, abs=half_unit(4))  # not monotone in x: no sigmoid of a line


def test_notebook_true_qda_and_logistic_coefficients(example):
    """Oracle: the closed form at the generating parameters, scikit-learn's QDA (MLE
    covariances) and scikit-learn's unpenalised logistic regression on the quadratic map."""
    X, y = example
    text = _checked_output("true      A:")
    rows = {line.split()[0]: [float(v) for v in re.findall(FLOAT, line)]
            for line in text.strip().splitlines()}
    A_t, b_t, c_t = _abc_closed_form((0.5, 0.5), np.array(demo.EXAMPLE_MU), np.array(demo.EXAMPLE_SIGMA))
    A_q, b_q, c_q = _abc_closed_form(*_sklearn_parameters(X, y))
    Z = np.column_stack([X, X ** 2, X[:, 0] * X[:, 1]])
    lr = SkLogisticRegression(C=np.inf, solver="newton-cholesky", tol=1e-12, max_iter=1000).fit(Z, y)
    w = lr.coef_[0]
    A_l = np.array([[w[2], w[4] / 2], [w[4] / 2, w[3]]])
    worst = {}
    for name, (A_, b_, c_) in {"true": (A_t, b_t, c_t), "QDA": (A_q, b_q, c_q),
                               "logistic": (A_l, w[:2], lr.intercept_[0])}.items():
        expected = [A_[0, 0], A_[0, 1], A_[1, 0], A_[1, 1], *b_, c_]
        worst[name] = max(np.abs(A_ - A_t).max(), np.abs(b_ - b_t).max(), abs(c_ - c_t))
        # tol: printed with 3 decimals; QDA in closed form, the logistic fit converged by Newton (to 1e-6 here)
        np.testing.assert_allclose(rows[name][:7], expected, atol=half_unit(3, 1e-6))
        assert rows[name][7] == pytest.approx(worst[name], abs=half_unit(3, 1e-6))
    # tol: the prose quotes the printed 3 decimals
    assert rows["logistic"][0] == pytest.approx(0.843, abs=half_unit(3))  # not close to QDA's 0.452
    assert worst["QDA"] < worst["logistic"] / 2.5  # "about a third"


def test_notebook_notes_A_without_the_half_does_not_match(example):
    """Oracle: scikit-learn's QDA parameters, the closed form with the notes' A (no 1/2), and
    scipy's log-densities for the log-odds, on the notebook's 101 x 101 grid."""
    X, y = example
    pi, mu, Sigma = _sklearn_parameters(X, y)
    A, b, c = _abc_closed_form(pi, mu, Sigma)
    xs, ys = np.linspace(-4, 6, 101), np.linspace(-4, 5, 101)
    P = np.column_stack([a.ravel() for a in np.meshgrid(xs, ys)])
    log_odds = (multivariate_normal(mu[1], Sigma[1]).logpdf(P) + np.log(pi[1])
                - multivariate_normal(mu[0], Sigma[0]).logpdf(P) - np.log(pi[0]))
    notes = np.einsum("ij,jk,ik->i", P, 2 * A, P) + P @ b + c
    text = _checked_output("largest gap with the notes' A:")
    # tol: .3g of the largest gap over the notebook's own grid, which need not be this 101 x 101 one: to 0.05
    assert float(re.findall(r"\d+\.?\d*", text)[0]) == pytest.approx(np.max(np.abs(notes - log_odds)), abs=0.05)


# -- issue 33: training points the learner drags, adds and removes ---------------------------
# Oracle: numpy's class means and (1/m_k) covariances and the closed-form A, b, c of the notes,
# on the edited points; Node runs the page's own frame() on the same points.


def _outlier_effect():
    """The explorer's sample before and after the Outlier preset, rebuilt here: the first point of
    class 0 moved to (6, 5); per model, det of class 0's covariance, the fraction of the 201 x 201
    square whose class (Bayes' rule with scipy's densities) flips, and the training accuracies."""
    X, y = ex_demo.BoundaryExplorer().sample()
    moved = X.copy()
    moved[np.flatnonzero(y == 0)[0]] = [6.0, 5.0]
    g = np.linspace(*demo.EXPLORER_LIM, 201)
    square = np.stack(np.meshgrid(g, g), axis=-1).reshape(-1, 2)
    rows = {}
    for name in demo.MODEL_NAMES:
        dets = []
        for Z in (X, moved):
            pi, _, Sigma = _numpy_parameters(Z, y)
            S0 = {"QDA": Sigma[0], "LDA": np.einsum("k,kij->ij", pi, Sigma),
                  "naive Bayes": np.diag(np.diag(Sigma[0]))}[name]
            dets.append(np.linalg.det(S0))
        classes = [_bayes_posterior(Z, y, square, name) > 0.5 for Z in (X, moved)]
        flips = np.mean(classes[0] != classes[1])
        acc = [np.mean((_bayes_posterior(Z, y, Z, name) > 0.5) == (y == 1)) for Z in (X, moved)]
        rows[name] = [*dets, flips, *acc]
    return X, moved, y, rows


def test_notebook_one_outlier_bends_the_curved_boundaries_most():
    """Lesson 05's "move the data, watch the fit": the Outlier preset's effect on the three models,
    as printed. Oracle: numpy's MLE parameters and Bayes' rule with scipy's normal densities on the
    sample rebuilt here, the outlier placed by hand."""
    X, moved, y, rows = _outlier_effect()
    text = _checked_output("outlier at (6.0, 5.0)")
    i = np.flatnonzero(y == 0)[0]
    # tol: printed by numpy with 6 decimals; then 4
    np.testing.assert_allclose(numbers_after("moved by", text, 2), (moved[i] - X[i]) / np.sum(y == 0),
                               atol=half_unit(6))
    for name, expected in rows.items():
        line = next(t for t in text.splitlines() if t.startswith(f"{name}  "))
        np.testing.assert_allclose([float(v) for v in re.findall(r"\d+\.\d{4}", line)], expected, atol=half_unit(4),
                                   err_msg=name)
    # the prose: LDA's boundary moves least, about a quarter as far as the two curved ones
    flips = {name: row[2] for name, row in rows.items()}
    assert min(flips, key=flips.get) == "LDA"
    assert all(0.15 < flips["LDA"] / flips[k] < 0.4 for k in ("QDA", "naive Bayes"))


# --------------------------------------------------------------------------- the exact Bayes error of the walruses

def _walrus_parameters():
    """The walrus classes rebuilt from the recipe of too_few_examples' docstring (seed 0: the rotation first)."""
    rng = np.random.default_rng(0)
    Q, _ = np.linalg.qr(rng.standard_normal((10, 10)))
    Sigma1 = Q @ np.diag(np.linspace(0.4, 2.5, 10)) @ Q.T
    return np.zeros(10), np.eye(10), np.full(10, 0.6), (Sigma1 + Sigma1.T) / 2, rng


def _tail_by_complex_inversion(mu0, Sigma0, mu1, Sigma1, mu, Sigma, t=0.0):
    """P(log p1(x) - log p0(x) > t) for x ~ N(mu, Sigma), by Gil-Pelaez on the complex characteristic function
    of z^T A z + b^T z + c (z ~ N(0, I) from a Cholesky factor, no completed squares): a second inversion formula."""
    from scipy.integrate import quad

    P0, P1 = np.linalg.inv(Sigma0), np.linalg.inv(Sigma1)
    L = np.linalg.cholesky(Sigma)
    A = L.T @ (P0 - P1) @ L / 2
    b = L.T @ ((P0 - P1) @ mu + P1 @ mu1 - P0 @ mu0)
    c = (-0.5 * (mu - mu1) @ P1 @ (mu - mu1) + 0.5 * (mu - mu0) @ P0 @ (mu - mu0)
         - 0.5 * np.log(np.linalg.det(Sigma1) / np.linalg.det(Sigma0)))
    lam, U = np.linalg.eigh(A)
    beta = U.T @ b

    def im_part(s):
        one = 1 - 2j * lam * s
        log_cf = 1j * s * (c - t) + np.sum(-0.5 * np.log(one) - s ** 2 * beta ** 2 / (2 * one))
        return np.exp(log_cf).imag / s

    value, err = quad(im_part, 0, np.inf, limit=1000, epsabs=1e-12, epsrel=1e-10)
    return 0.5 + value / np.pi, err / np.pi


def test_walrus_classes_follow_the_recipe():
    for got, want in zip(demo.walrus_classes(), _walrus_parameters()[:4]):
        np.testing.assert_array_equal(got, want)


@pytest.fixture(scope="module")
def walrus_exact():
    mu0, Sigma0, mu1, Sigma1, _ = _walrus_parameters()
    return demo.gaussian_bayes_error(mu0, Sigma0, mu1, Sigma1)


def test_walrus_exact_bayes_error_by_a_second_inversion(walrus_exact):
    """Oracle: Gil-Pelaez on the complex characteristic function, after a Cholesky (not symmetric) whitening."""
    mu0, Sigma0, mu1, Sigma1, _ = _walrus_parameters()
    (sf0, err0), (sf1, err1) = (_tail_by_complex_inversion(mu0, Sigma0, mu1, Sigma1, mu, S)
                                for mu, S in ((mu0, Sigma0), (mu1, Sigma1)))
    exact, quad_err = walrus_exact
    assert max(err0, err1, quad_err) < 1e-9
    # tol: two quadratures asked for 1e-11 and 1e-12 absolute; ten times their larger error estimate
    assert exact == pytest.approx(0.5 * sf0 + 0.5 * (1 - sf1), abs=10 * max(err0, err1, quad_err, 1e-11))


def test_walrus_exact_bayes_error_by_monte_carlo(walrus_exact):
    """Oracle: the true Bayes rule (scipy's normal densities) on 10^6 seeded draws of each class."""
    mu0, Sigma0, mu1, Sigma1, _ = _walrus_parameters()
    rng = np.random.default_rng(20261204)
    dens0, dens1 = multivariate_normal(mu0, Sigma0), multivariate_normal(mu1, Sigma1)
    wrong = [0, 0]
    m = 250_000
    for _ in range(4):
        X0, X1 = rng.multivariate_normal(mu0, Sigma0, m), rng.multivariate_normal(mu1, Sigma1, m)
        wrong[0] += np.sum(dens1.logpdf(X0) > dens0.logpdf(X0))
        wrong[1] += np.sum(dens1.logpdf(X1) <= dens0.logpdf(X1))
    e0, e1 = wrong[0] / (4 * m), wrong[1] / (4 * m)
    se = 0.5 * np.sqrt(e0 * (1 - e0) / (4 * m) + e1 * (1 - e1) / (4 * m))
    # tol: a Monte Carlo oracle, 4 of its standard errors (about 2.5e-4 each)
    assert walrus_exact[0] == pytest.approx(0.5 * e0 + 0.5 * e1, abs=4 * se)


def test_generalised_chi2_sf_against_scipy():
    """Imhof's integral against closed forms: equal weights (a scaled noncentral chi-square), a normal term
    alone, and weights 1, 1, -1, -1 (a difference of two chi-squares with 2 degrees of freedom, i.e. of two
    exponentials of mean 2: a Laplace variable of scale 2, P(Q > x) = exp(-x / 2) / 2 for x > 0)."""
    from scipy.stats import ncx2, norm

    nc = [0.5, 0.2, 1.0, 0.0, 0.3, 0.1]
    got, err = demo.generalised_chi2_sf([2.0] * 6, nc, offset=1.0, x=13.0)   # 2 chi'^2_6(2.1) + 1 > 13
    # tol: quad asked for 1e-11 absolute; ten times its own estimate, at least 1e-9
    assert got == pytest.approx(ncx2.sf(6.0, 6, sum(nc)), abs=max(10 * err, 1e-9))
    got, err = demo.generalised_chi2_sf([], [], offset=1.0, normal_sd=2.0, x=0.5)
    assert got == pytest.approx(norm.sf(0.5, 1.0, 2.0), abs=max(10 * err, 1e-9))  # tol: as above
    got, err = demo.generalised_chi2_sf([1.0, 1.0, -1.0, -1.0], [0.0] * 4, offset=-0.3, x=0.4)
    assert got == pytest.approx(np.exp(-0.7 / 2) / 2, abs=max(10 * err, 1e-9))  # tol: as above


def test_gaussian_bayes_error_with_a_shared_covariance():
    """With Sigma_0 = Sigma_1 the log-ratio is linear (the normal term alone): the closed form of notebook 04,
    for equal and unequal priors."""
    from scipy.stats import norm

    from genlearn.demos.gda_vs_logistic_regression import _gaussian_bayes_error

    Sigma = np.array([[1.0, 0.5], [0.5, 2.0]])
    mu0, mu1 = np.zeros(2), np.array([1.0, -0.5])
    delta = np.sqrt((mu1 - mu0) @ np.linalg.solve(Sigma, mu1 - mu0))
    for phi, want in ((0.5, norm.cdf(-delta / 2)), (0.3, _gaussian_bayes_error(0.3, mu0, mu1, Sigma))):
        got, err = demo.gaussian_bayes_error(mu0, Sigma, mu1, Sigma, phi=phi)
        # tol: quad asked for 1e-11 absolute; ten times its own estimate, at least 1e-9
        assert got == pytest.approx(want, abs=max(10 * err, 1e-9)), phi


def _walrus_test_set_error():
    """The true Bayes rule's error on too_few_examples' test set, redrawn as gaussian.sample draws it
    (after the rotation: 2,000 of class 0, then 2,000 of class 1, x = mu + z L^T), with scipy's densities."""
    mu0, Sigma0, mu1, Sigma1, rng = _walrus_parameters()
    X0 = rng.standard_normal((2000, 10))
    X1 = mu1 + rng.standard_normal((2000, 10)) @ np.linalg.cholesky(Sigma1).T
    dens0, dens1 = multivariate_normal(mu0, Sigma0), multivariate_normal(mu1, Sigma1)
    wrong = np.sum(dens1.logpdf(X0) > dens0.logpdf(X0)) + np.sum(dens1.logpdf(X1) <= dens0.logpdf(X1))
    return wrong / 4000


def test_notebook_walrus_bayes_errors(walrus_exact):
    """Cell 'Bayes error (exact)': the exact value, the Bayes rule on the test set, its standard error."""
    from notebook_outputs import stored_outputs

    (text,) = stored_outputs(NOTEBOOK.name, contains="Bayes error (exact)")
    exact = walrus_exact[0]
    # tol: printed to 3 decimals, half a unit, 5e-4
    assert numbers_after("Bayes error (exact):", text, 1)[0] == pytest.approx(exact, abs=5e-4)
    rule, se = numbers_after("the Bayes rule's error on the test set:", text, 2)
    # tol: printed to 3 and 4 decimals, half a unit of each
    assert rule == pytest.approx(_walrus_test_set_error(), abs=5e-4)
    assert se == pytest.approx(np.sqrt(exact * (1 - exact) / 4000), abs=5e-5)
    # the exact value is not the test-set figure in the printed digits (why the lesson prints both);
    # tol: the two differ by about 2e-3, four half-units of the third decimal, so rounding cannot merge them
    assert round(exact, 3) != round(_walrus_test_set_error(), 3)
    # "Bayes error" heads the exact value only, in every stored output of the lesson
    for out in stored_outputs(NOTEBOOK.name):
        for match in re.finditer(r"Bayes error[^\n]*?(" + FLOAT + r")", out):
            # tol: printed to 3 decimals, 5e-4
            assert float(match.group(1)) == pytest.approx(exact, abs=5e-4), match.group(0)
    # no curve dips below the exact value (so the lesson needs no word on why one could)
    table = text[:text.index("Bayes error")]
    errors = [float(v) for v in re.findall(FLOAT, table.split("\n", 1)[1])]
    assert len(errors) == 38 and min(errors) > exact


def test_lecture_plan_quotes_the_exact_walrus_bayes_error(walrus_exact):
    """The lecture plan's §5 row: the exact value, then the test-set figure."""
    text = (NOTEBOOK.parent.parent / "instructor" / "lecture_plans" / NOTEBOOK.name.replace(".ipynb", ".md")
            ).read_text(encoding="utf-8")
    # tol: 3 decimals, half a unit 5e-4
    assert numbers_after("the floor is the exact Bayes error", text, 1)[0] == pytest.approx(walrus_exact[0], abs=5e-4)
    # tol: 3 decimals, 5e-4
    assert numbers_after("the Bayes rule errs", text, 1)[0] == pytest.approx(_walrus_test_set_error(), abs=5e-4)


def test_answer_key_exercise_4_bayes_errors(walrus_exact):
    """instructor/answers Ex. 4 quotes the exact Bayes error and, labelled, the test-set figure."""
    text = (NOTEBOOK.parent.parent / "instructor" / "answers" / NOTEBOOK.name.replace(".ipynb", ".md")).read_text(
        encoding="utf-8")
    section = text[text.index("## Exercise 4"):text.index("## Exercise 5")]
    # tol: the key gives 3 decimals, half a unit 5e-4
    assert numbers_after("the exact Bayes error is", section, 1)[0] == pytest.approx(walrus_exact[0], abs=5e-4)
    # tol: 3 decimals, 5e-4
    assert numbers_after("the Bayes rule's error on the test set", section, 1)[0] == pytest.approx(
        _walrus_test_set_error(), abs=5e-4)
