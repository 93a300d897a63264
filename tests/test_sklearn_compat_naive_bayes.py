"""Naive Bayes estimators are scikit-learn estimators: its checks, feature names,
bad input with messages that name the fix, and property tests.

Oracles: scikit-learn's own estimator checks (``parametrize_with_checks``); the
mathematics (posteriors sum to 1; neither the order of the training rows nor the
names of the labels can change a naive Bayes model).
"""
import warnings

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import NotFittedError
from sklearn.utils import get_tags
from sklearn.utils.estimator_checks import parametrize_with_checks

from tolerances import ROUNDING

from genlearn import BernoulliNB, CategoricalNB, MultinomialNB
from genlearn.datasets import stolen_cars
from sklearn_versions import OLD_CHECK_FAILURES

ESTIMATORS = [BernoulliNB(), MultinomialNB(), CategoricalNB()]

# Checks expected to fail, each for a reason that is a design decision. The
# test below asserts that they still fail, so that a fixed one is noticed.
EXPECTED_FAILURES = {
    # scikit-learn runs this check, for any estimator with decision_function, on
    # raw blob data with negative values, without applying the positive_only tag
    # that MultinomialNB declares; MultinomialNB refuses negative counts by design.
    ("MultinomialNB", "check_decision_proba_consistency"),
    # The test rows hold values never seen in fit; CategoricalNB refuses unseen
    # categories by design (declare them with categories=... to give them an
    # m-estimate) rather than guess a probability for them.
    ("CategoricalNB", "check_decision_proba_consistency"),
}


def _check_name(param):
    check = (param.values if hasattr(param, "values") else param)[1]
    return getattr(check, "func", check).__name__


_ALL_CHECKS = parametrize_with_checks(ESTIMATORS)
_CHECKS = list(_ALL_CHECKS.args[1])  # a generator in scikit-learn < 1.8
# Left out, as for the Gaussian models (tests/test_sklearn_compat.py):
# check_array_api_input, since genlearn computes with NumPy only (scikit-learn
# runs it only with SCIPY_ARRAY_API=1 set before scipy is imported).


@pytest.mark.parametrize(
    _ALL_CHECKS.args[0],
    [p for p in _CHECKS if _check_name(p) != "check_array_api_input"],
    **_ALL_CHECKS.kwargs)
def test_sklearn_estimator_checks(estimator, check):
    key = (type(estimator).__name__, getattr(check, "func", check).__name__)
    if key in EXPECTED_FAILURES:
        with pytest.raises((AssertionError, ValueError)):
            check(estimator)
    elif key in OLD_CHECK_FAILURES:
        with pytest.raises(TypeError, match="Cannot cast ufunc 'subtract' output"):
            check(estimator)
    else:
        check(estimator)


def test_expected_failures_are_real_checks():
    names = {(type(p.values[0] if hasattr(p, "values") else p[0]).__name__, _check_name(p))
             for p in _CHECKS}
    assert EXPECTED_FAILURES <= names


def test_tags_declared_per_estimator():
    b, m, c = (get_tags(e) for e in ESTIMATORS)
    assert b.input_tags.sparse and m.input_tags.sparse and not c.input_tags.sparse
    assert m.input_tags.positive_only and not b.input_tags.positive_only
    assert not c.input_tags.positive_only  # any values, negative numbers included
    assert c.input_tags.categorical and c.input_tags.string
    assert not b.input_tags.string and not m.input_tags.string
    for t in (b, m, c):
        assert t.estimator_type == "classifier" and t.classifier_tags.multi_class
        assert t.target_tags.required and not t.input_tags.allow_nan


# -- feature names and n_features_in_ ------------------------------------------------

def _counts(seed=0, m=40, n=4):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=m)
    X = rng.poisson(1.0 + 2.0 * y[:, None] * (np.arange(n) % 2), size=(m, n))
    return X, y


@pytest.mark.parametrize("cls", [BernoulliNB, MultinomialNB])
def test_dataframe_column_order_mismatch_raises(cls):
    X, y = _counts()
    df = pd.DataFrame(X, columns=["win", "cash", "see", "you"])
    model = cls().fit(df, y)
    assert model.n_features_in_ == 4
    assert model.feature_names_in_.tolist() == ["win", "cash", "see", "you"]
    np.testing.assert_array_equal(model.predict_proba(df), cls().fit(X, y).predict_proba(X))
    with pytest.raises(ValueError, match="Feature names must be in the same order"):
        model.predict_proba(df[["cash", "win", "see", "you"]])
    with pytest.raises(ValueError, match="X has 3 features, but .* is expecting 4.*same columns"), \
            pytest.warns(UserWarning, match="X does not have valid feature names"):
        model.predict(X[:, :3])


def test_categorical_dataframe_names_and_order():
    X, y = stolen_cars()
    df = pd.DataFrame(X, columns=["Color", "Type", "Origin"])
    model = CategoricalNB(m=3, p=0.5).fit(df, y)
    assert model.n_features_in_ == 3 and model.feature_names_in_.tolist() == list(df.columns)
    # the notes' car (row 0 of the notes is a red domestic sports car): same as on arrays
    np.testing.assert_array_equal(model.predict_proba(df),
                                  CategoricalNB(m=3, p=0.5).fit(X, y).predict_proba(X))
    with pytest.raises(ValueError, match="Feature names must be in the same order"):
        model.predict(df[["Type", "Color", "Origin"]])
    # messages use the column names
    with pytest.raises(ValueError, match="Color has value 'Blue'"):
        model.predict(pd.DataFrame([["Blue", "SUV", "Domestic"]], columns=df.columns))


def test_feature_names_argument_is_for_messages_only():
    """fit(..., feature_names=words) names features in warnings, and predicting on
    a plain array afterwards gives no warning about feature names."""
    X = np.array([[1, 0], [0, 1]])
    model = MultinomialNB(alpha=0).fit(X, ["a", "b"], feature_names=["win", "see"])
    assert model.feature_names_.tolist() == ["win", "see"]
    assert not hasattr(model, "feature_names_in_")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.predict_proba([[1, 0]])
    assert [w.category.__name__ for w in caught] == ["ZeroProbabilityWarning"]
    assert "'win'" in str(caught[0].message)  # never seen in class "b"
    # refitting without names forgets them
    assert not hasattr(model.fit(X, ["a", "b"]), "feature_names_")


# -- bad input: a ValueError that names the fix ---------------------------------------

COUNT_MODELS = [BernoulliNB, MultinomialNB]
X4, Y4 = np.array([[1, 0], [2, 1], [0, 3], [1, 4]]), np.array([0, 0, 1, 1])


@pytest.mark.parametrize("cls", COUNT_MODELS + [CategoricalNB])
@pytest.mark.parametrize("y, match", [
    (np.array([0.1, 0.7, 1.3, 2.9]), "looks continuous.*classifiers need class labels"),
    (np.array([0, None, 1, 1], dtype=object), "missing label"),
    (None, "requires y to be passed"),
    (np.array([1, 1, 1, 1]), "only one class"),
    (np.array([0, 1, 1]), "different lengths"),
])
def test_bad_labels(cls, y, match):
    with pytest.raises(ValueError, match=match):
        cls().fit(X4, y)


@pytest.mark.parametrize("cls", COUNT_MODELS)
@pytest.mark.parametrize("X, match", [
    (np.zeros((4, 0)), "0 feature"),
    (X4 + 1j, "complex"),
    (np.array([["1", "0"], ["2", "1"], ["0", "3"], ["1", "4"]]), "strings.*astype\\(float\\)"),
    (np.array([[1, 0], [np.nan, 1], [0, 3], [1, 4]]), "NaN.*row 1, column 0"),
    (np.array([1, 2, 0, 1]), "Reshape your data"),
    (None, "X is None"),
])
def test_count_models_bad_X(cls, X, match):
    with pytest.raises(ValueError, match=match):
        cls().fit(X, Y4)


@pytest.mark.parametrize("X, match", [
    (np.zeros((4, 0)), "0 feature"),
    (np.array([[1 + 1j], [2j], [1], [0]]), "Complex data not supported"),
    (sp.csr_matrix(X4), "sparse.*does not support.*toarray"),
    (np.array([["a", 1.0], ["b", np.nan], ["a", 2.0], ["b", 1.0]], dtype=object),
     "NaN.*'missing'"),
    (np.array([1.0, np.inf, 0.0, 2.0])[:, None], "infinity.*'missing'"),
    (np.array(["a", "b", "a", "b"]), "Reshape your data"),
    (None, "X is None"),
])
def test_categorical_bad_X(X, match):
    with pytest.raises(ValueError, match=match):
        CategoricalNB().fit(X, Y4)


def test_categorical_mixed_types_and_ragged():
    X = np.array([["a"], [1], ["b"], [2]], dtype=object)
    with pytest.raises(ValueError, match="mixes types.*astype\\(str\\)"):
        CategoricalNB().fit(X, Y4)
    with pytest.raises(ValueError, match="rectangular"):
        CategoricalNB().fit([["a", "b"], ["a"], ["b", "b"], ["a", "a"]], Y4)


@pytest.mark.parametrize("cls", COUNT_MODELS)
def test_sparse_counts_are_supported(cls):
    dense = cls().fit(X4, Y4)
    for fmt in (sp.csr_matrix, sp.csc_matrix, sp.coo_matrix, sp.csr_array):
        model = cls().fit(fmt(X4), Y4)
        np.testing.assert_allclose(model.predict_proba(fmt(X4)), dense.predict_proba(X4),
                                   rtol=ROUNDING)


@pytest.mark.parametrize("cls, params, match", [
    (MultinomialNB, dict(alpha="1"), "alpha must be a number >= 0.*got '1'"),
    (MultinomialNB, dict(alpha=None), "alpha must be a number"),
    (MultinomialNB, dict(alpha=-0.5), "alpha must be a number >= 0"),
    (MultinomialNB, dict(alpha=True), "alpha must be a number"),
    (MultinomialNB, dict(alpha=np.nan), "alpha must be a number"),
    (BernoulliNB, dict(alpha=[1, 2]), "alpha must be a number"),
    (BernoulliNB, dict(binarize="0"), "binarize must be a number .* or None"),
    (BernoulliNB, dict(binarize=np.inf), "binarize must be a number"),
    (CategoricalNB, dict(m="1"), "m must be a number >= 0"),
    (CategoricalNB, dict(m=-1), "m must be a number >= 0"),
    (CategoricalNB, dict(p="0.5"), "p entries must be None, a number or a dict"),
    (CategoricalNB, dict(categories="auto"), "categories must be None .* one list of values"),
    (CategoricalNB, dict(categories=5), "categories must be None"),
])
def test_wrong_hyper_parameter_types(cls, params, match):
    with pytest.raises(ValueError, match=match):
        cls(**params).fit(X4, Y4)


def test_multinomial_negative_counts_message_names_the_fix():
    with pytest.raises(ValueError, match="Negative values in data passed to MultinomialNB.*"
                                         "row 1, column 0.*Vocabulary.transform"):
        MultinomialNB().fit(np.array([[1, 0], [-2, 1], [0, 3], [1, 4]]), Y4)
    with pytest.raises(ValueError, match="row 0, column 1"):
        MultinomialNB().fit(X4, Y4).predict(sp.csr_matrix([[0, -1]]))


@pytest.mark.parametrize("model", ESTIMATORS, ids=lambda e: type(e).__name__)
def test_not_fitted_is_sklearns_error(model):
    with pytest.raises(NotFittedError, match="not fitted yet: call .*fit"):
        model.predict(X4)


# -- property tests ----------------------------------------------------------------------

def _relabel(y, K, seed):
    """Rename the K labels by a random permutation into strings that sort differently."""
    names = np.array([f"c{v}" for v in np.random.default_rng(seed).permutation(K)])
    return names[y]


def _invariance(make, X, y, Xq, K, seed):
    model = make().fit(X, y)
    p = model.predict_proba(Xq)
    np.testing.assert_allclose(p.sum(axis=1), 1.0, rtol=0, atol=ROUNDING)
    assert np.isfinite(p).all() and (p >= 0).all()
    # training rows in another order: the same model
    order = np.random.default_rng(seed).permutation(len(y))
    p_perm = make().fit(X[order], y[order]).predict_proba(Xq)
    # tol: the same fit in another order, or with the classes renamed: rounding of sums of logs
    np.testing.assert_allclose(p_perm, p, rtol=0, atol=1e-9)
    # labels renamed: the same posteriors, column for column
    names = _relabel(y, K, seed)
    renamed = make().fit(X, names)
    new_name = np.array([names[np.flatnonzero(y == k)[0]] for k in model.classes_])
    cols = np.searchsorted(renamed.classes_, new_name)  # column of each old class
    p_renamed = renamed.predict_proba(Xq)
    np.testing.assert_allclose(p_renamed[:, cols], p, rtol=0, atol=1e-9)  # tol: as above
    # predict picks a class of largest posterior (on an exact tie, the first in
    # classes_, which renaming may change)
    chosen = np.searchsorted(renamed.classes_, renamed.predict(Xq))
    np.testing.assert_array_equal(p_renamed[np.arange(len(Xq)), chosen], p_renamed.max(axis=1))


def _labels(draw_seed, m, K):
    y = np.random.default_rng(draw_seed).integers(0, K, size=m)
    y[:K] = np.arange(K)  # every class present
    return y


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), K=st.integers(2, 4), scale=st.sampled_from([1, 10, 1000]),
       alpha=st.floats(1e-3, 10.0))
def test_count_models_sum_to_one_and_are_invariant(seed, K, scale, alpha):
    rng = np.random.default_rng(seed)
    m, n = 30, 6
    y = _labels(seed, m, K)
    X = rng.poisson(scale * rng.uniform(0.1, 2.0, size=(K, n))[y])
    Xq = rng.poisson(scale * rng.uniform(0.1, 2.0, size=(8, n)))
    for cls in COUNT_MODELS:
        _invariance(lambda: cls(alpha=alpha), X, y, Xq, K, seed)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), K=st.integers(2, 4), m_est=st.floats(0.01, 20.0))
def test_categorical_sums_to_one_and_is_invariant(seed, K, m_est):
    rng = np.random.default_rng(seed)
    m, n = 30, 4
    y = _labels(seed, m, K)
    X = np.column_stack([rng.integers(0, 3, size=m) for _ in range(n)])
    X[:3] = np.arange(3)[:, None]  # every value seen
    letters = np.array(["red", "green", "blue"])
    X = letters[X]
    Xq = letters[rng.integers(0, 3, size=(8, n))]
    _invariance(lambda: CategoricalNB(m=m_est), X, y, Xq, K, seed)
