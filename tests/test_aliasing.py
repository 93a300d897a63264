"""A fitted model never aliases the arrays it was given: every estimator, every array.

The oracle is the model itself, just after ``fit``: a deep copy of every attribute it holds (fitted and
private, ``vars(model)``) and its ``predict_proba`` on fixed points. Then every array passed to the
constructor or to ``fit`` (``X``, ``y``, ``priors``, ``m``, ``p``, ``categories``, ``feature_names``) is
overwritten in place with other values, and the model must hold and predict exactly what it did: nothing is
recomputed, so the comparison is bitwise. scikit-learn's ``test_qda_prior_copy`` is the model of these tests;
before genlearn copied them, ``QDA(priors=p)`` stored ``p`` itself and ``p[0] = 0.01`` moved its predictions.
"""
import copy

import numpy as np
import pytest
import scipy.sparse as sp

from genlearn import GDA, QDA, BernoulliNB, CategoricalNB, GaussianNB, LogisticRegression, MultinomialNB


def _equal(a, b):
    """Bitwise equality of two attribute values: arrays, sparse matrices, lists, dicts, numbers."""
    if sp.issparse(a) or sp.issparse(b):
        return sp.issparse(a) and sp.issparse(b) and a.shape == b.shape and (a != b).nnz == 0
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        # tol: none; an attribute left alone is the same bits (NaN where it was NaN)
        return np.array_equal(np.asarray(a), np.asarray(b), equal_nan=np.asarray(a).dtype.kind in "fc")
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_equal, a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, float) and a != a:  # tol: not a comparison, x != x tests for NaN
        return b != b  # tol: the same NaN test
    return a == b  # tol: none; a number left alone is the same number


def _snapshot(model, points):
    state = {k: v for k, v in vars(model).items() if k not in model.get_params()}
    return copy.deepcopy(state), model.predict_proba(points).copy()


def _assert_unchanged(model, points, before):
    state, proba = before
    now, proba_now = _snapshot(model, points)
    assert now.keys() == state.keys()
    changed = [k for k in state if not _equal(state[k], now[k])]
    assert not changed, f"{type(model).__name__}: attributes changed with the caller's arrays: {changed}"
    # tol: none; the same fitted numbers give the same posteriors, bit for bit
    np.testing.assert_array_equal(proba_now, proba)


def _gaussian_data():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(0, 1, (30, 3)), rng.normal(2, 1.5, (30, 3))])
    y = np.repeat([0, 1], 30)
    return X, y


@pytest.mark.parametrize("cls", [GDA, QDA, GaussianNB])
def test_gaussian_models_copy_priors_X_and_y(cls):
    X, y = _gaussian_data()
    priors = np.array([0.5, 0.5])
    points = np.array([[0.1, 0.1, 0.1], [1.0, 1.0, 1.0], [2.0, 2.5, 1.5]])
    model = cls(priors=priors).fit(X, y)
    before = _snapshot(model, points)
    priors[0] = 0.01
    X[:] = 100.0
    y[:] = y[::-1].copy()
    _assert_unchanged(model, points, before)


@pytest.mark.parametrize("cls", [GDA, QDA, GaussianNB])
def test_gaussian_models_keep_the_priors_as_given(cls):
    # float64 priors are the case that aliased (np.asarray of another dtype converts, so copies anyway)
    X, y = _gaussian_data()
    priors = np.array([0.25, 0.75], dtype=np.float64)
    model = cls(priors=priors).fit(X, y)
    priors *= 2.0
    # tol: exact; 0.25 and 0.75 are binary fractions, stored as given
    assert model.phi_y_.tolist() == [0.25, 0.75]


def test_logistic_regression_copies_X_and_y():
    X, y = _gaussian_data()
    X += 1e3  # far from 0: the fit shifts the data by a centre it keeps (_shift)
    points = X[[0, 30, 59]].copy()
    model = LogisticRegression(C=1.0).fit(X, y)
    before = _snapshot(model, points)
    X[:] = -7.0
    y[:] = 1 - y
    _assert_unchanged(model, points, before)


def test_logistic_regression_copies_X_and_y_with_three_classes():
    X, y = _gaussian_data()
    y = y.copy()
    y[::3] = 2
    points = X[:4].copy()
    model = LogisticRegression(C=1.0).fit(X, y)
    before = _snapshot(model, points)
    X[:] = 0.0
    y[:] = 0
    _assert_unchanged(model, points, before)


def _counts():
    rng = np.random.default_rng(1)
    y = np.repeat(np.array(["ham", "spam"]), 20)
    X = rng.poisson(np.where(y[:, None] == "ham", [3.0, 1.0, 0.5, 2.0], [0.5, 2.0, 3.0, 1.0])).astype(float)
    return X, y


@pytest.mark.parametrize("cls", [MultinomialNB, BernoulliNB])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_count_models_copy_X_y_and_feature_names(cls, sparse):
    X, y = _counts()
    points = X[[0, 25]].copy()
    names = np.array(["free", "call", "win", "home"], dtype=object)
    X_fit = sp.csr_matrix(X) if sparse else X
    model = cls(alpha=0.5).fit(X_fit, y, feature_names=names)
    before = _snapshot(model, points)
    names[:] = "changed"
    if sparse:
        X_fit.data[:] = 9.0
    X[:] = 9.0
    y[:] = "ham"
    _assert_unchanged(model, points, before)
    assert model.feature_names_.tolist() == ["free", "call", "win", "home"]


def test_bernoulli_copies_X_that_is_already_binary():
    # binarize=None uses X as it is (no threshold, so no new array): nothing of it may be kept
    X, y = _counts()
    X = (X > 1).astype(float)
    points = X[[0, 25]].copy()
    model = BernoulliNB(binarize=None).fit(X, y)
    before = _snapshot(model, points)
    X[:] = 1.0 - X
    _assert_unchanged(model, points, before)


def test_categorical_copies_X_y_m_p_categories_and_feature_names():
    X = np.array([["Red", "SUV", "Domestic"], ["Red", "Sports", "Imported"], ["Yellow", "SUV", "Imported"],
                  ["Yellow", "Sports", "Domestic"], ["Red", "Sports", "Domestic"], ["Yellow", "SUV", "Domestic"]],
                 dtype=object)
    y = np.array(["Yes", "No", "No", "Yes", "Yes", "No"], dtype=object)
    points = X[:3].copy()
    m = np.array([3.0, 2.0, 1.0])
    origin = {"Domestic": 0.25, "Imported": 0.75}
    p = [None, None, origin]
    categories = [np.array(["Red", "Yellow", "Blue"], dtype=object), np.array(["SUV", "Sports"], dtype=object),
                  np.array(["Domestic", "Imported"], dtype=object)]
    names = np.array(["Color", "Type", "Origin"], dtype=object)
    model = CategoricalNB(m=m, p=p, categories=categories).fit(X, y, feature_names=names)
    before = _snapshot(model, points)
    m[:] = 0.0
    origin["Domestic"], origin["Imported"] = 0.9, 0.1
    p[0] = 0.5
    for c in categories:
        c[::-1] = c.copy()
    names[:] = "x"
    X[:] = "Red"
    y[:] = "No"
    _assert_unchanged(model, points, before)


def test_the_helper_sees_a_change():
    # The oracle can fail: an attribute changed after fit is reported by name.
    X, y = _gaussian_data()
    points = X[:2].copy()
    model = QDA().fit(X, y)
    before = _snapshot(model, points)
    model.phi_y_[0] = 0.01
    with pytest.raises(AssertionError, match="phi_y_"):
        _assert_unchanged(model, points, before)
