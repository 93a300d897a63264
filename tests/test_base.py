"""The shared numerics of genlearn._base and the label handling of genlearn._validation.

Oracles: scipy.special (logsumexp, expit), np.unique, and exact powers of two.
"""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import expit
from scipy.special import logsumexp as scipy_logsumexp
from sklearn.base import BaseEstimator as SkBaseEstimator
from sklearn.base import ClassifierMixin as SkClassifierMixin

from tolerances import ROUNDING

from genlearn import GDA, LogisticRegression, logsumexp, sigmoid
from genlearn._base import BaseEstimator, ClassifierMixin, GenerativeClassifier, _linear_scores, _row_scale
from genlearn._validation import _unique_labels, check_y


def test_the_base_classes_are_scikit_learns():
    assert BaseEstimator is SkBaseEstimator
    assert issubclass(ClassifierMixin, SkClassifierMixin)
    assert issubclass(GenerativeClassifier, SkBaseEstimator)
    for model in (GDA(), LogisticRegression()):
        tags = model.__sklearn_tags__()
        assert tags.estimator_type == "classifier" and not tags.input_tags.sparse


@pytest.mark.parametrize("a", [
    np.array([[0.0, 1.0, 2.0], [1000.0, 1001.0, -5.0], [-1e308, -1e308, 0.0]]),
    np.array([[-np.inf, -np.inf, -np.inf], [-np.inf, 0.0, 3.0], [700.0, 710.0, 720.0]]),
])
def test_logsumexp_matches_scipy(a):
    with np.errstate(divide="ignore"):
        # tol: the same log-sum-exp: rounding, relative (infinities compare exactly)
        np.testing.assert_allclose(logsumexp(a, axis=1), scipy_logsumexp(a, axis=1), rtol=ROUNDING)


def test_sigmoid_matches_scipy_without_overflow():
    z = np.array([-1e308, -800.0, -30.0, 0.0, 1e-20, 30.0, 800.0, 1e308])
    with np.errstate(over="raise", invalid="raise"):
        np.testing.assert_allclose(sigmoid(z), expit(z), rtol=1e-15, atol=0)  # tol: the same function: an ulp


@given(st.lists(st.floats(min_value=-1e308, max_value=1e308, allow_nan=False), min_size=1,
                max_size=5))
@settings(max_examples=50, deadline=None)
def test_row_scale_is_a_power_of_two_bringing_rows_into_one_to_two(row):
    X = np.array([row])
    t = _row_scale(X)[0]
    # tol: exact: a power of two
    assert np.frexp(t)[0] == 0.5  # an exact power of two
    top = np.abs(X).max()
    assert (1.0 <= top / t < 2.0) if top > 0 else t == 1.0  # tol: exact: a power of two


def test_linear_scores_stay_finite_far_away():
    W = np.array([[1.0, -1.0, 0.5], [2.0, 0.0, -3.0]])  # (n, K) = (2, 3)
    b = np.array([0.1, 0.2, 0.3])
    X = np.array([[1.0, 2.0], [1e300, 1e300], [-1e308, 5e307], [1e200, -1e200]])
    S = _linear_scores(X, W, b)
    np.testing.assert_allclose(S[0], X[0] @ W + b, rtol=ROUNDING)  # tol: near rows: X @ W + b, to rounding
    assert np.isfinite(S.max(axis=1)).all() and not np.isnan(S).any()
    # far away, the direction decides: the largest score is that of (X / |X|) @ W
    np.testing.assert_array_equal(S[1:].argmax(axis=1), (X[1:] / np.abs(X[1:]).max(axis=1,
                                  keepdims=True) @ W).argmax(axis=1))
    z = _linear_scores(np.array([[1e308, -1e308]]), np.array([1.0, 1.0]), 0.5)
    assert not np.isnan(z).any()


@given(st.lists(st.integers(-3, 40), min_size=1, max_size=30))
@settings(max_examples=50, deadline=None)
def test_unique_labels_by_counting_equals_np_unique(labels):
    y = np.array(labels)
    classes, index = _unique_labels(y)
    ref_classes, ref_index = np.unique(y, return_inverse=True)
    np.testing.assert_array_equal(classes, ref_classes)
    np.testing.assert_array_equal(index, ref_index.ravel())


def test_boolean_and_string_labels():
    classes, index = check_y(np.array([True, False, True]), 3)
    assert classes.tolist() == [False, True] and index.tolist() == [1, 0, 1]
    classes, index = check_y(["spam", "ham", "spam"], 3)
    assert classes.tolist() == ["ham", "spam"] and index.tolist() == [1, 0, 1]
    with pytest.raises(ValueError, match="mixes strings and numbers"):
        check_y(np.array(["a", 1, "b"], dtype=object), 3)
