"""Input checks shared by every estimator.

Each check raises a ``ValueError`` whose message names the problem *and* the
fix, because the people reading it are learning.
"""
from numbers import Real

import numpy as np


class NotFittedError(ValueError, AttributeError):
    """Raised when ``predict`` (or similar) is called before ``fit``."""


def check_is_fitted(estimator, attribute="classes_"):
    """Raise :class:`NotFittedError` unless ``estimator`` has been fitted."""
    if not hasattr(estimator, attribute):
        name = type(estimator).__name__
        raise NotFittedError(
            f"This {name} is not fitted yet: call {name}.fit(X, y) with training "
            "data before using it to predict."
        )


def check_X(X, *, n_features=None, estimator=None):
    """Return ``X`` as a finite 2-D float array of shape (m, n).

    Parameters
    ----------
    X : array-like of shape (m, n)
    n_features : int, optional
        The number of features seen in ``fit``; a mismatch raises.
    estimator : object, optional
        Used only to name the estimator in messages.
    """
    who = type(estimator).__name__ if estimator is not None else "the model"
    try:
        X = np.asarray(X, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            f"X must contain numbers only ({exc}); encode categories as numbers "
            "or use genlearn.CategoricalNB for string attributes."
        ) from None
    if X.ndim == 1:
        raise ValueError(
            f"X is 1-D with shape {X.shape}, but {who} expects a 2-D array of shape "
            "(m examples, n features): use X.reshape(-1, 1) if it is one feature, "
            "or X.reshape(1, -1) if it is one example."
        )
    if X.ndim != 2:
        raise ValueError(
            f"X must be 2-D with shape (m examples, n features); got {X.ndim}-D "
            f"shape {X.shape}. Reshape it, e.g. X.reshape(len(X), -1)."
        )
    if X.shape[0] == 0:
        raise ValueError("X has no rows: pass at least one example.")
    # (a finite sum proves every entry finite; only otherwise look closer)
    if not np.isfinite(X.sum()) and not np.isfinite(X).all():
        bad = np.argwhere(~np.isfinite(X))[0]
        kind = "NaN" if np.isnan(X[tuple(bad)]) else "infinity"
        count = int((~np.isfinite(X)).sum())
        raise ValueError(
            f"X contains {count} NaN or infinite value(s), the first ({kind}) at row "
            f"{bad[0]}, column {bad[1]}: drop those rows or fill them in (e.g. with the "
            "column mean) before fitting or predicting."
        )
    if n_features is not None and X.shape[1] != n_features:
        raise ValueError(
            f"X has {X.shape[1]} feature(s), but {who} was fitted with {n_features}: "
            "pass the same columns, in the same order, as in fit."
        )
    return X


def _plain(value):
    """``np.int64(3)`` -> ``3`` and ``np.str_('a')`` -> ``'a'``, for messages."""
    return value.item() if isinstance(value, np.generic) else value


def check_nonnegative(value, name, hint):
    """Return ``value`` as a float if it is a finite number >= 0, else raise.

    ``hint`` says what the number means, e.g. ``"1.0 is Laplace smoothing"``.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Real) \
            or not np.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a number >= 0 ({hint}); got {value!r}.")
    return float(value)


def check_y(y, m):
    """Return ``(classes, y_index)`` for labels ``y`` of length ``m``.

    ``classes`` are the sorted unique labels; ``y_index[i]`` is the position of
    ``y[i]`` in ``classes``.  Labels may be numbers or strings.
    """
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        y = y.ravel()
    if y.ndim != 1:
        raise ValueError(
            f"y must be 1-D with one label per example; got shape {y.shape}. "
            "Use y.ravel() if it is a column."
        )
    if len(y) != m:
        raise ValueError(
            f"X and y have different lengths: X has {m} rows but y has {len(y)} labels. "
            "Each example (row of X) needs exactly one label."
        )
    if y.dtype.kind == "f" and not np.isfinite(y).all():
        raise ValueError("y contains NaN or infinity: every example needs a valid label.")
    classes, y_index = np.unique(y, return_inverse=True)
    if len(classes) < 2:
        raise ValueError(
            f"y has only one class ({_plain(classes[0])!r}): a classifier needs examples "
            "of at least two classes. Check the labels, or the train/test split."
            if len(classes) == 1
            else "y is empty: pass at least one labelled example per class."
        )
    return classes, y_index.ravel()


def check_X_y(X, y, *, estimator=None):
    """Check ``X`` with :func:`check_X` and ``y`` with :func:`check_y`."""
    X = check_X(X, estimator=estimator)
    classes, y_index = check_y(y, X.shape[0])
    return X, classes, y_index
