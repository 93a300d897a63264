"""GDA, QDA and GaussianNB against scikit-learn, scipy and the MLE formulas."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from scipy.special import logsumexp
from scipy.stats import multivariate_normal
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.discriminant_analysis import (LinearDiscriminantAnalysis,
                                           QuadraticDiscriminantAnalysis)
from sklearn.naive_bayes import GaussianNB as SkGaussianNB

from tolerances import EXACT, ROUNDING

from genlearn import GDA, QDA, GaussianNB, NotFittedError, sigmoid
from sklearn_versions import QDA_IS_MLE, QDA_REASON

MODELS = [GDA, QDA, GaussianNB]


@pytest.fixture(scope="module")
def cancer():
    return load_breast_cancer(return_X_y=True)


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


def sklearn_twin(model):
    # scikit-learn's QDA divides by m_k (the MLE) since 1.6; its default rank
    # tolerance rejects the unscaled breast-cancer features, so it is lowered.
    return {
        GDA: LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True),
        QDA: QuadraticDiscriminantAnalysis(reg_param=0, tol=1e-12, store_covariance=True),
        GaussianNB: SkGaussianNB(var_smoothing=0),
    }[model]


def make_classes(seed, m=60, n=3, K=2):
    rng = np.random.default_rng(seed)
    y = np.arange(m) % K
    X = rng.normal(size=(m, n)) * rng.uniform(0.5, 2, size=n) + y[:, None] * rng.normal(size=n)
    return X, y


# -- correctness against oracles -------------------------------------------------

@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("data", ["cancer", "iris"])
def test_probabilities_equal_sklearn(model, data, request):
    if model is QDA and not QDA_IS_MLE:
        pytest.skip(QDA_REASON)
    X, y = request.getfixturevalue(data)
    ours, theirs = model().fit(X, y), sklearn_twin(model).fit(X, y)
    # tol: the same closed forms another way; probabilities move by p(1 - p) times the log-odds' rounding, and the
    # log-odds on the data are well determined even where Sigma is ill-conditioned: 1e-8
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-8)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    np.testing.assert_allclose(ours.phi_y_, theirs.priors_ if model is not GaussianNB
                               else theirs.class_prior_, rtol=ROUNDING)
    np.testing.assert_allclose(ours.mu_, theirs.means_ if model is not GaussianNB
                               else theirs.theta_, rtol=ROUNDING)
    if model is GDA:
        # tol: covariances by other sums: rounding relative to the largest entries (the features span 1e-3 to 1e3),
        # 1e-9; QDA's scikit-learn twin goes through an SVD
        np.testing.assert_allclose(ours.Sigma_, theirs.covariance_, rtol=1e-9)
    elif model is QDA:
        # tol: scikit-learn's QDA covariance comes from an SVD of the centred data: rounding times the spread of
        # singular values, 1e-7
        np.testing.assert_allclose(ours.Sigma_, np.array(theirs.covariance_), rtol=1e-7,
                                   atol=1e-12 * np.abs(ours.Sigma_).max())
    else:
        # tol: as above
        np.testing.assert_allclose(ours.var_, theirs.var_, rtol=1e-9)
        # tol: rounding of log-densities summed over 30 features
        np.testing.assert_allclose(ours.predict_joint_log_proba(X),
                                   theirs.predict_joint_log_proba(X), rtol=1e-10)


@pytest.mark.parametrize("data", ["cancer", "iris"])
def test_qda_equals_scipy_densities(data, request):
    """Posterior from scipy's densities with the MLE of each class (np.cov, bias=True)."""
    X, y = request.getfixturevalue(data)
    # scipy's eigenvalue cut-off calls the raw tumour features (scales 1e-3 to 1e3) singular
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    classes = np.unique(y)
    joint = np.column_stack([
        np.log(np.mean(y == k)) + multivariate_normal(
            X[y == k].mean(axis=0), np.cov(X[y == k].T, bias=True)).logpdf(X)
        for k in classes])
    expected = np.exp(joint - logsumexp(joint, axis=1, keepdims=True))
    # tol: the same log-densities from scipy, through log-sum-exp: probabilities within rounding of terms ~1e3
    np.testing.assert_allclose(QDA().fit(X, y).predict_proba(X), expected, atol=1e-8)


@pytest.mark.parametrize("model", MODELS)
def test_mle_matches_the_formulas(model):
    """phi = class fractions, mu = class means, Sigma = average outer product."""
    X, y = make_classes(1, m=50, n=3, K=3)
    fitted = model().fit(X, y)
    m = len(y)
    outer = {k: sum(np.outer(x - X[y == k].mean(0), x - X[y == k].mean(0)) for x in X[y == k])
             for k in range(3)}
    # tol: counts and means another way: rounding (default rtol 1e-7, far above it)
    np.testing.assert_allclose(fitted.phi_y_, [np.mean(y == k) for k in range(3)])
    np.testing.assert_allclose(fitted.mu_, [X[y == k].mean(axis=0) for k in range(3)])
    if model is GDA:
        expected = sum(outer.values()) / m
    else:
        expected = np.array([outer[k] / np.sum(y == k) for k in range(3)])
        if model is GaussianNB:
            expected = expected * np.eye(3)
    np.testing.assert_allclose(fitted.Sigma_, expected, rtol=ROUNDING, atol=1e-14)


@pytest.mark.parametrize("model", MODELS)
def test_joint_log_proba_and_log_likelihood_equal_scipy(model):
    X, y = make_classes(2, m=40, n=2, K=2)
    fitted = model().fit(X, y)
    Sigmas = [fitted.Sigma_] * 2 if model is GDA else fitted.Sigma_
    expected = np.column_stack([
        np.log(fitted.phi_y_[k]) + stats.multivariate_normal(fitted.mu_[k], Sigmas[k]).logpdf(X)
        for k in range(2)])
    np.testing.assert_allclose(fitted.predict_joint_log_proba(X), expected, rtol=ROUNDING)
    assert fitted.log_likelihood(X, y) == pytest.approx(expected[np.arange(40), y].sum(),
                                                        rel=ROUNDING)


def test_many_blocks_and_large_offsets():
    """One pass in blocks, and a feature with a huge mean, lose no precision."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(3000, 50))  # 50 features: several blocks of rows
    y = rng.integers(0, 2, size=3000)
    base = QDA().fit(X, y)
    shifted = QDA().fit(X + 1e6, y)
    # tol: mu + 1e6 is held to an ulp of 1e6 (2e-10 absolute); Sigma loses no digit to the shift when centred first:
    # rounding of 1e6 twice
    np.testing.assert_allclose(shifted.mu_, base.mu_ + 1e6, rtol=1e-15)
    np.testing.assert_allclose(shifted.Sigma_, base.Sigma_, atol=1e-8)  # tol: as above
    np.testing.assert_allclose(base.Sigma_[1], np.cov(X[y == 1].T, bias=True), atol=ROUNDING)


def test_gda_sigmoid_identity_and_theta_formula(cancer):
    X, y = cancer
    model = GDA().fit(X, y)
    np.testing.assert_allclose(model.predict_proba(X)[:, 1],
                               sigmoid(X @ model.theta_ + model.theta0_), atol=ROUNDING)
    # CS229: theta = Sigma^{-1} (mu1 - mu0), computed here with an independent solver.
    mu0, mu1 = model.mu_
    theta = np.linalg.solve(model.Sigma_, mu1 - mu0)
    # tol: theta = Sigma^{-1} (mu1 - mu0) by two solvers; cond(Sigma) ~ 3e11 on these raw features bounds the
    # difference by cond eps = 6e-5 normwise in the worst direction, which rounding does not align with; held at 1e-6
    # under make test-numerics
    np.testing.assert_allclose(model.theta_, theta, rtol=1e-6)
    theta0 = (-0.5 * (mu1 @ np.linalg.solve(model.Sigma_, mu1)
                      - mu0 @ np.linalg.solve(model.Sigma_, mu0))
              + np.log(model.phi_y_[1] / model.phi_y_[0]))
    assert model.theta0_ == pytest.approx(theta0, rel=1e-6)  # tol: as above
    assert not hasattr(GDA().fit(*load_iris(return_X_y=True)), "theta_")


@pytest.mark.parametrize("model", MODELS)
def test_quadratic_form_gives_the_log_odds(model, cancer):
    X, y = cancer
    fitted = model().fit(X, y)
    A, b, c = fitted.quadratic_form()
    log_odds = np.einsum("ij,jk,ik->i", X, A, X) + X @ b + c
    # tol: the same quadratic form expanded: rounding of terms up to |x|^2 |A| ~ 1e6 (raw features), so atol 1e-6
    np.testing.assert_allclose(log_odds, fitted.decision_function(X), rtol=1e-8, atol=1e-6)
    p1 = fitted.predict_proba(X)[:, 1]
    # tol: the probabilities from those log-odds: p(1 - p) times 1e-6
    np.testing.assert_allclose(p1, sigmoid(log_odds), atol=1e-8)
    if model is GDA:
        assert not A.any()
    with pytest.raises(ValueError, match="two classes"):
        model().fit(*load_iris(return_X_y=True)).quadratic_form()


@pytest.mark.parametrize("model", MODELS)
def test_phi_is_the_deprecated_name_of_the_class_priors(model):
    """phi_y_ is p(y = k) on every classifier (as on the naive Bayes models, where phi_ is
    the table of p(x_j | y)); the Gaussian models' former phi_ still answers, with a FutureWarning."""
    assert not hasattr(model(), "phi_") and not hasattr(model(), "phi_y_")
    X, y = make_classes(4)
    fitted = model().fit(X, y)
    with pytest.warns(FutureWarning, match=rf"{model.__name__}\.phi_ is renamed phi_y_.*Write \.phi_y_"):
        old = fitted.phi_
    assert old is fitted.phi_y_
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model().fit(X, y).predict_proba(X)  # the library itself never uses the old name
        fitted.quadratic_form()


def test_priors_and_reg():
    X, y = make_classes(4)
    ours = GDA(priors=[0.2, 0.8]).fit(X, y)
    theirs = LinearDiscriminantAnalysis(solver="lsqr", priors=[0.2, 0.8]).fit(X, y)
    np.testing.assert_allclose(ours.phi_y_, [0.2, 0.8], rtol=EXACT)  # tol: the priors given, stored
    # sklearn weights the class covariances by the priors; compare decisions only
    # tol: a few terms normalised: rounding
    np.testing.assert_allclose(ours.predict_proba(X).sum(axis=1), 1.0, rtol=ROUNDING)
    assert theirs.priors_.tolist() == [0.2, 0.8]  # tol: exact: the priors given
    for model in MODELS:
        plain, ridge = model().fit(X, y), model(reg=0.5).fit(X, y)
        # tol: the ridge added to the same sums: rounding (default rtol 1e-7)
        np.testing.assert_allclose(ridge.Sigma_ - plain.Sigma_,
                                   0.5 * np.eye(3) * np.ones_like(plain.Sigma_))


@pytest.mark.parametrize("model", MODELS)
def test_far_points_give_finite_probabilities_without_warnings(model, cancer):
    X, y = cancer
    fitted = model().fit(X, y)
    far = np.vstack([np.full(30, 1e8), np.full(30, -1e8), X[0] * 1e5, X[0] - 1e6])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        proba = fitted.predict_proba(far)
        log_proba = fitted.predict_log_proba(far)
        joint = fitted.predict_joint_log_proba(far)
    assert np.isfinite(proba).all() and np.isfinite(joint).all()
    assert not np.isnan(log_proba).any()
    # tol: normalised probabilities: within rounding of 1 (default rtol 1e-7)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)


# -- property tests ------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), K=st.integers(2, 4), model=st.sampled_from(MODELS))
def test_rows_sum_to_one_and_shuffling_changes_nothing(seed, K, model):
    X, y = make_classes(seed, m=12 * K, n=3, K=K)
    fitted = model().fit(X, y)
    proba = fitted.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0, rtol=ROUNDING)
    order = np.random.default_rng(seed).permutation(len(y))
    shuffled = model().fit(X[order], y[order])
    for name in ("phi_y_", "mu_", "Sigma_"):
        np.testing.assert_allclose(getattr(shuffled, name), getattr(fitted, name),
                                   rtol=1e-9, atol=ROUNDING)
    # tol: the same sums in another order: probabilities within rounding of log-odds ~10
    np.testing.assert_allclose(shuffled.predict_proba(X), proba, atol=1e-9)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), model=st.sampled_from(MODELS),
       names=st.sampled_from([("ham", "spam"), (-1, 1), (2.0, 7.0)]))
def test_renaming_labels_only_renames_classes(seed, model, names):
    X, y = make_classes(seed, m=30, n=2)
    base = model().fit(X, y)
    renamed = model().fit(X, np.array(names)[y])
    assert renamed.classes_.tolist() == sorted(names)
    np.testing.assert_allclose(renamed.predict_proba(X), base.predict_proba(X), rtol=ROUNDING)
    np.testing.assert_array_equal(renamed.predict(X), np.array(names)[base.predict(X)])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 5))
def test_gda_sigmoid_identity_property(seed, n):
    X, y = make_classes(seed, m=40, n=n)
    model = GDA().fit(X, y)
    Z = np.random.default_rng(seed).normal(size=(20, n)) * 5
    np.testing.assert_allclose(model.predict_proba(Z)[:, 1],
                               sigmoid(Z @ model.theta_ + model.theta0_), atol=ROUNDING)


# -- bad input -------------------------------------------------------------------------

@pytest.mark.parametrize("model", MODELS)
def test_bad_X_and_y(model):
    X, y = make_classes(5)
    bad = X.copy()
    bad[3, 1] = np.nan
    with pytest.raises(ValueError, match="NaN.*row 3, column 1.*drop those rows or fill"):
        model().fit(bad, y)
    bad[3, 1] = np.inf
    with pytest.raises(ValueError, match="infinit"):
        model().fit(bad, y)
    with pytest.raises(ValueError, match=r"1-D.*reshape\(-1, 1\)"):
        model().fit(X[:, 0], y)
    with pytest.raises(ValueError, match="different lengths"):
        model().fit(X, y[:-1])
    with pytest.raises(ValueError, match="only one class"):
        model().fit(X, np.zeros(len(y)))
    fitted = model().fit(X, y)
    with pytest.raises(ValueError, match="3 feature.*fitted with 2|2 feature.*fitted with 3"):
        fitted.predict(X[:, :2])
    with pytest.raises(NotFittedError, match=r"fit\(X, y\)"):
        model().predict(X)
    with pytest.raises(ValueError, match=r"fit\(X, y\)"):
        model().predict_proba(X)
    with pytest.raises(ValueError, match="reg must be"):
        model(reg=-1.0).fit(X, y)
    with pytest.raises(ValueError, match="priors must be 2 positive numbers summing to 1"):
        model(priors=[0.5, 0.6]).fit(X, y)


def test_qda_class_with_too_few_examples():
    X, y = make_classes(6, m=30, n=4)
    y = y.copy()
    y[:] = 0
    y[:3] = 1  # class 1 has 3 examples, a 4x4 Sigma needs 5
    with pytest.raises(ValueError, match=r"class 1 has only 3 example.*at least 5.*reg"):
        QDA().fit(X, y)
    QDA(reg=1e-3).fit(X, y)  # the documented fix works
    GDA().fit(X, y)  # a shared Sigma is fine
    y[:] = 0
    y[0] = 1
    with pytest.raises(ValueError, match="class 1 has only 1 example"):
        GaussianNB().fit(X, y)


@pytest.mark.parametrize("model", MODELS)
def test_singular_sigma_names_the_features_and_suggests_reg(model):
    X, y = make_classes(7, m=40, n=3)
    if model is not GaussianNB:  # a duplicate is no problem for a diagonal Sigma
        with pytest.raises(ValueError, match=r"singular: features 1 and 3 .*duplicated.*reg"):
            model().fit(np.c_[X, X[:, 1]], y)
        with pytest.raises(ValueError, match=r"features 0, 2 and 3 are linearly dep.*reg"):
            model().fit(np.c_[X, 2 * X[:, 0] - X[:, 2]], y)
    with pytest.raises(ValueError, match=r"singular: feature 3 is constant.*reg"):
        model().fit(np.c_[X, np.full(40, 5.0)], y)
    fitted = model(reg=1e-6).fit(np.c_[X, np.full(40, 5.0)], y)
    assert np.isfinite(fitted.predict_proba(np.c_[X, np.full(40, 5.0)])).all()


def test_feature_constant_within_one_class():
    X, y = make_classes(8, m=40, n=2)
    X = np.c_[X, np.where(y == 0, 1.0, np.arange(40.0))]
    GDA().fit(X, y)  # the pooled Sigma is fine
    for model in (QDA, GaussianNB):
        with pytest.raises(ValueError, match=r"class 0 is singular: feature 2 is constant within"):
            model().fit(X, y)
