"""Logistic regression by Newton's method, against scikit-learn and first principles."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.linear_model import LogisticRegression as SkLogisticRegression

from tolerances import ROUNDING

from genlearn import LogisticRegression, NotFittedError
from genlearn.logistic import ConvergenceWarning, SeparableDataWarning


@pytest.fixture(scope="module")
def cancer8():
    X, y = load_breast_cancer(return_X_y=True)
    return X[:, :8], y  # all 30 features are linearly separable; 8 are not


def sk(C=np.inf):
    return SkLogisticRegression(C=C, solver="newton-cholesky", tol=1e-12, max_iter=1000)


def make_overlapping(seed, m=200, n=3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(m, n))
    y = (X @ rng.normal(size=n) + rng.logistic(size=m) * 2 > 0).astype(int)
    y[:2] = [0, 1]
    return X, y


def test_unpenalised_fit_equals_sklearn_newton_cholesky(cancer8):
    X, y = cancer8
    ours, theirs = LogisticRegression().fit(X, y), sk().fit(X, y)
    # tol: two Newton fits, each converged (decrement 1e-10; newton-cholesky at tol=1e-12): the probabilities on the
    # data are well determined (1e-8) even where theta is not; theta itself to cond(H) eps = 3e-6 normwise in the worst
    # direction (Hessian condition 1.3e10 on these raw features), which rounding does not align with: held at 1e-6
    # under make test-numerics
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-8)
    np.testing.assert_allclose(ours.theta_, theirs.coef_[0], rtol=1e-6)  # tol: (above)
    assert ours.theta0_ == pytest.approx(theirs.intercept_[0], rel=1e-6)  # tol: (above)
    # tol: the log-likelihood is flat at the optimum (theta's error enters squared): rounding of a sum of 569 terms
    assert ours.log_likelihood(X, y) == pytest.approx(
        theirs.predict_log_proba(X)[np.arange(len(y)), y].sum(), rel=1e-10)


def test_penalised_fit_equals_sklearn(cancer8):
    X, y = cancer8
    ours, theirs = LogisticRegression(C=0.5).fit(X, y), sk(C=0.5).fit(X, y)
    # tol: as above; the penalty makes the Hessian better conditioned
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-8)
    np.testing.assert_allclose(ours.theta_, theirs.coef_[0], rtol=1e-6, atol=1e-10)


def test_softmax_equals_sklearn_multinomial():
    X, y = load_wine(return_X_y=True)
    X = X[:, :5]
    ours, theirs = LogisticRegression().fit(X, y), sk().fit(X, y)
    # tol: the probabilities of two converged Newton fits (see above)
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-8)
    assert ours.theta_.shape == (3, 5) and not ours.theta_[0].any()
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))


def test_newton_converges_fast_to_a_stationary_point(cancer8):
    X, y = cancer8
    model = LogisticRegression().fit(X, y)
    assert model.n_iter_ <= 15
    path = model.loglik_path_
    assert path.shape == (model.n_iter_ + 1,)
    # Newton starts from the intercept-only MLE: h = fraction of positives for everyone.
    q = y.mean()
    # tol: the intercept-only MLE in closed form, log(q / (1 - q)): rounding
    assert path[0] == pytest.approx(len(y) * (q * np.log(q) + (1 - q) * np.log(1 - q)), rel=ROUNDING)
    assert np.all(np.diff(path) >= -1e-9)
    assert path[-1] == pytest.approx(model.log_likelihood(X, y), rel=ROUNDING)
    # The gradient X^T (y - h), computed independently, vanishes at the MLE.
    h = 1 / (1 + np.exp(-(X @ model.theta_ + model.theta0_)))
    X1 = np.c_[X, np.ones(len(y))]
    scale = np.abs(X1).sum(axis=0)
    assert np.all(np.abs(X1.T @ (y - h)) <= 1e-8 * scale)


def test_affine_invariance_of_newton():
    X, y = make_overlapping(0)
    base = LogisticRegression().fit(X, y)
    scaled = LogisticRegression().fit(X * [1e3, 1e-2, 5.0] + 7.0, y)
    assert scaled.n_iter_ == base.n_iter_
    # tol: Newton is affine invariant in exact arithmetic; the rescaled features (1e3 to 1e-2) cost rounding times that
    # spread, 1e5: 1e-9 on the probabilities
    np.testing.assert_allclose(scaled.predict_proba(X * [1e3, 1e-2, 5.0] + 7.0),
                               base.predict_proba(X), atol=1e-9)


def test_separable_data_warn_instead_of_overflow():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 0, 1, 1])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = LogisticRegression().fit(X, y)
    kinds = {w.category for w in caught}
    assert kinds == {SeparableDataWarning}, [str(w.message) for w in caught]
    message = str(caught[0].message)
    assert "separable" in message and "diverge" in message and "C=" in message
    assert np.isfinite(model.theta_).all() and np.isfinite(model.theta0_)
    assert model.score(X, y) == 1.0  # tol: exact: every point right
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        LogisticRegression(C=1.0).fit(X, y)  # a penalty makes the fit well defined
    X3, y3 = load_breast_cancer(return_X_y=True)
    with pytest.warns(SeparableDataWarning):
        LogisticRegression().fit(X3, y3)


def test_max_iter_reached_warns():
    X, y = make_overlapping(1)
    with pytest.warns(ConvergenceWarning, match="max_iter=1"):
        model = LogisticRegression(max_iter=1).fit(X, y)
    assert model.n_iter_ == 1


def test_far_points_and_labels(cancer8):
    X, y = cancer8
    model = LogisticRegression().fit(X, y)
    far = np.vstack([np.full(8, 1e200), np.full(8, -1e200), X[0] * 1e6])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        proba = model.predict_proba(far)
        log_proba = model.predict_log_proba(far)
    assert np.isfinite(proba).all() and not np.isnan(log_proba).any()
    # tol: normalised probabilities, within rounding of 1 (default rtol 1e-7)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), names=st.sampled_from([("no", "yes"), (-1, 1)]))
def test_properties_shuffle_and_rename(seed, names):
    X, y = make_overlapping(seed, m=80, n=2)
    base = LogisticRegression().fit(X, y)
    proba = base.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0, rtol=ROUNDING)
    order = np.random.default_rng(seed).permutation(len(y))
    shuffled = LogisticRegression().fit(X[order], y[order])
    # tol: the same fit in another order: rounding, grown by the Newton solves
    np.testing.assert_allclose(shuffled.predict_proba(X), proba, atol=1e-8)
    renamed = LogisticRegression().fit(X, np.array(names)[y])
    assert renamed.classes_.tolist() == list(names)
    # tol: the same data with the labels renamed: the same arithmetic, rounding
    np.testing.assert_allclose(renamed.theta_, base.theta_, rtol=1e-10)


def test_bad_input():
    X, y = make_overlapping(2)
    with pytest.raises(ValueError, match=r"1-D.*reshape"):
        LogisticRegression().fit(X[:, 0], y)
    bad = X.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        LogisticRegression().fit(bad, y)
    with pytest.raises(ValueError, match="different lengths"):
        LogisticRegression().fit(X, y[:-1])
    with pytest.raises(ValueError, match="only one class"):
        LogisticRegression().fit(X, np.ones(len(y)))
    with pytest.raises(NotFittedError, match=r"fit\(X, y\)"):
        LogisticRegression().predict(X)
    fitted = LogisticRegression().fit(X, y)
    with pytest.raises(ValueError, match="fitted with 3"):
        fitted.predict_proba(X[:, :2])
    with pytest.raises(ValueError, match="not seen in fit"):
        fitted.log_likelihood(X, y + 5)
    for params, word in [({"C": 0}, "C must"), ({"C": -1.0}, "C must"),
                         ({"max_iter": 0}, "max_iter"), ({"tol": -1}, "tol")]:
        with pytest.raises(ValueError, match=word):
            LogisticRegression(**params).fit(X, y)


def test_dependent_features_name_them():
    X, y = make_overlapping(3)
    with pytest.raises(ValueError, match=r"features 0 and 3 .*C=1.0"):
        LogisticRegression().fit(np.c_[X, 2 * X[:, 0]], y)
    with pytest.raises(ValueError, match=r"feature 3 is constant.*intercept"):
        LogisticRegression().fit(np.c_[X, np.ones(len(y))], y)
    LogisticRegression(C=1.0).fit(np.c_[X, 2 * X[:, 0]], y)


def make_large(K, m=120_000, seed=3):
    """m examples, 4 features, K overlapping classes (softmax model with noise)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(m, 4)) * [1.0, 3.0, 0.5, 2.0] + [0.0, 5.0, -1.0, 0.0]
    scores = X @ rng.normal(size=(4, K)) + rng.gumbel(size=(m, K)) * 2
    return X, scores.argmax(axis=1)


@pytest.mark.parametrize("C, K", [(np.inf, 2), (0.01, 2), (np.inf, 3)])
def test_large_data_start_from_the_fit_of_a_sample(C, K, monkeypatch):
    """From 100,000 examples on, Newton's method jumps first to the fit of every 4th-16th
    row.  Oracle: the same data fitted from the usual start (the sample start switched
    off) -- the same maximum, in more iterations -- and scikit-learn's Newton solver."""
    import genlearn.logistic as logistic
    X, y = make_large(K)
    warm = LogisticRegression(C=C).fit(X, y)
    monkeypatch.setattr(logistic, "_SAMPLE_FROM", 10 ** 9)
    plain = LogisticRegression(C=C).fit(X, y)
    assert warm.n_iter_ < plain.n_iter_
    assert warm.loglik_path_[0] == plain.loglik_path_[0]  # the intercept-only start
    assert np.all(np.diff(warm.loglik_path_) >= -1e-12 * abs(warm.loglik_path_[-1]))  # rounding
    assert warm.loglik_path_[-1] == pytest.approx(plain.loglik_path_[-1], rel=ROUNDING)
    # tol: two starts, one optimum: each fit stops at a decrement of 1e-10, which leaves theta within 1e-8 relative
    np.testing.assert_allclose(warm.theta_, plain.theta_, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(warm.predict_proba(X), plain.predict_proba(X), atol=1e-10)
    if K == 2:
        ref = sk(C).fit(X, y)
        # tol: against scikit-learn's Newton: as in test_unpenalised_fit_equals_sklearn_newton_cholesky
        np.testing.assert_allclose(warm.theta_, ref.coef_[0], rtol=1e-6)


def test_large_data_with_a_separable_sample_starts_as_usual():
    """Every 4th row is separable (x > 0 is class 1) but the others overlap near 0: the
    sample's fit does not converge, so there is no start from it; Newton's method
    starts from the intercept-only model and finds the MLE (which exists) without a
    warning.  Oracle: scikit-learn's Newton solver."""
    import genlearn.logistic as logistic
    x = np.linspace(-1, 1, 100_001)[:-1]
    y = (x > 0).astype(int)
    near = (np.abs(x) < 0.05) & (np.arange(len(x)) % 4 != 0)
    y[near] = rng_labels = np.random.default_rng(0).integers(0, 2, near.sum())
    assert rng_labels.min() == 0 and rng_labels.max() == 1
    X = x[:, None]
    assert logistic._sample_start(X, np.zeros(1), y, 2, np.zeros(2), 100) is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = LogisticRegression().fit(X, y)
    # tol: against scikit-learn's Newton: as in test_unpenalised_fit_equals_sklearn_newton_cholesky
    np.testing.assert_allclose(model.theta_, sk().fit(X, y).coef_[0], rtol=1e-6)
