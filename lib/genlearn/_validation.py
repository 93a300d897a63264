"""Input checks shared by every estimator.

Each check raises a ``ValueError`` whose message names the problem *and* the
fix, because the people reading it are learning.  The bookkeeping that
scikit-learn defines (``n_features_in_``, ``feature_names_in_``, the warning
for a DataFrame's columns in another order) is scikit-learn's own
``validate_data``; genlearn only adds clearer words in front of it.
"""
from numbers import Integral, Real

import numpy as np
import scipy.sparse as sp
from sklearn.exceptions import NotFittedError
from sklearn.utils.validation import column_or_1d, validate_data

__all__ = ["NotFittedError", "check_is_fitted", "check_X", "check_y", "check_X_y", "check_finite",
           "validate_X", "validate_X_y", "check_nonnegative", "check_positive_int"]


def check_is_fitted(estimator, attribute="classes_"):
    """Raise scikit-learn's :class:`~sklearn.exceptions.NotFittedError` unless fitted."""
    if not hasattr(estimator, attribute):
        name = type(estimator).__name__
        raise NotFittedError(
            f"This {name} is not fitted yet: call {name}.fit(X, y) with training "
            "data before using it to predict."
        )


def _who(estimator):
    return type(estimator).__name__ if estimator is not None else "the model"


def _check_kind(X, who, accept_sparse):
    """Refuse what ``np.asarray(X, dtype=float)`` would wrongly accept or garble.

    Strings (even numeric ones), complex numbers, sparse matrices where they are
    not supported and ``None`` for X each get a message that says what to do.
    """
    if X is None:
        raise ValueError(f"X is None: pass the examples, an array of shape (m, n), to {who}.")
    if sp.issparse(X):
        if not accept_sparse:
            raise ValueError(
                f"X is a scipy.sparse matrix, which {who} does not support: a Gaussian model "
                "subtracts the class means from every example, so nothing stays sparse, and "
                "its covariance matrix is dense (n x n) anyway. Convert it with X.toarray() "
                "if it fits in memory, or use MultinomialNB or BernoulliNB for sparse counts."
            )
        kinds = {X.dtype.kind}
    elif hasattr(X, "dtypes") and hasattr(X, "columns"):  # a DataFrame: every column
        kinds = {getattr(dt, "kind", "O") for dt in np.atleast_1d(X.dtypes)}
    elif isinstance(X, np.ndarray):
        kinds = {X.dtype.kind}
    else:
        try:
            kinds = {np.asarray(X).dtype.kind}
        except ValueError:  # ragged lists
            raise ValueError(
                "X must be a rectangular table of numbers (m rows of n features each); the "
                "rows have different lengths. Pad or drop features so every row has n values."
            ) from None
    if kinds & {"U", "S"} or ("O" in kinds and _holds_strings(X)):
        raise ValueError(
            f"X must contain numbers only, but it contains strings: {who} does arithmetic on "
            "features. Convert numeric text with X.astype(float), encode categories as "
            "numbers, or use genlearn.CategoricalNB for string attributes."
        )
    if "c" in kinds:
        raise ValueError(
            "X contains complex numbers (Complex data not supported): the Gaussian and "
            "logistic models need real features. Pass X.real and X.imag as separate "
            "features, or np.abs(X)."
        )


def _holds_strings(X):
    values = np.asarray(X.values if hasattr(X, "values") else X, dtype=object).ravel()
    return any(isinstance(v, (str, bytes)) for v in values)


def _check_shape(X, who):
    """2-D, with at least one row and one column."""
    if X.ndim == 1:
        raise ValueError(
            f"X is 1-D with shape {X.shape}, but {who} expects a 2-D array of shape "
            "(m examples, n features). Reshape your data: X.reshape(-1, 1) if it is one "
            "feature, or X.reshape(1, -1) if it is one example."
        )
    if X.ndim != 2:
        raise ValueError(
            f"X must be 2-D with shape (m examples, n features); got {X.ndim}-D "
            f"shape {X.shape}. Reshape it, e.g. X.reshape(len(X), -1)."
        )
    if X.shape[0] == 0:
        raise ValueError("X has no rows: pass at least one example.")
    if X.shape[1] == 0:
        raise ValueError(
            f"X has 0 feature(s) (shape={X.shape}) while a minimum of 1 is required: "
            "pass at least one column of features."
        )


def check_finite(X):
    """Raise the NaN/infinity message of :func:`check_X` if ``X`` has such a value."""
    _check_values(X)


def _check_values(X):
    """Every value finite, or a message with the row and column of the first bad one."""
    data = X.data if sp.issparse(X) else X
    # (a finite sum proves every entry finite; only otherwise look closer)
    with np.errstate(over="ignore", invalid="ignore"):
        finite = np.isfinite(data.sum())
    if not finite and not np.isfinite(data).all():
        dense_bad = ~np.isfinite(X.toarray() if sp.issparse(X) else X)
        bad = np.argwhere(dense_bad)[0]
        value = (X.toarray() if sp.issparse(X) else X)[tuple(bad)]
        kind = "NaN" if np.isnan(value) else "infinity"
        raise ValueError(
            f"X contains {int(dense_bad.sum())} NaN or infinite value(s), the first ({kind}) "
            f"at row {bad[0]}, column {bad[1]}: drop those rows or fill them in (e.g. with "
            "the column mean) before fitting or predicting."
        )


def check_X(X, *, n_features=None, estimator=None, accept_sparse=False):
    """Return ``X`` as a finite 2-D float array of shape (m, n).

    This plain check does not touch the estimator; estimators use
    :func:`validate_X`, which also records and checks feature names.

    Parameters
    ----------
    X : array-like of shape (m, n)
    n_features : int, optional
        The number of features seen in ``fit``; a mismatch raises.
    estimator : object, optional
        Used only to name the estimator in messages.
    accept_sparse : bool, default=False
        Pass scipy.sparse input through (as CSR) instead of refusing it.
    """
    who = _who(estimator)
    _check_kind(X, who, accept_sparse)
    if sp.issparse(X):
        X = sp.csr_matrix(X, dtype=float)
    else:
        X = np.asarray(X, dtype=float)
    _check_shape(X, who)
    _check_values(X)
    if n_features is not None and X.shape[1] != n_features:
        raise ValueError(
            f"X has {X.shape[1]} feature(s), but {who} was fitted with {n_features}: "
            "pass the same columns, in the same order, as in fit."
        )
    return X


def validate_X(estimator, X, *, reset, accept_sparse=False, check_finite=True):
    """:func:`check_X`, plus scikit-learn's bookkeeping of the columns.

    With ``reset=True`` (in ``fit``) it sets ``estimator.n_features_in_`` and,
    for a DataFrame, ``feature_names_in_``; with ``reset=False`` it checks them
    (a DataFrame with the columns in another order raises).  An estimator
    whose first pass over ``X`` proves it finite anyway (a sum of squares is
    finite only if every entry is) may pass ``check_finite=False`` and call
    :func:`check_finite` itself when that sum is not finite.
    """
    who = _who(estimator)
    _check_kind(X, who, accept_sparse)
    if not sp.issparse(X) and not hasattr(X, "columns"):
        X = np.asarray(X, dtype=float)
        _check_shape(X, who)  # genlearn's messages before scikit-learn's
    try:
        X = validate_data(estimator, X, reset=reset, dtype=np.float64,
                          accept_sparse="csr" if accept_sparse else False,
                          ensure_all_finite=False)
    except ValueError as exc:
        if str(exc).startswith("X has ") and "is expecting" in str(exc):
            raise ValueError(
                f"{str(exc).rstrip('.')} (it was fitted with {estimator.n_features_in_}): "
                "pass the same columns, in the same order, as in fit."
            ) from None
        raise
    _check_shape(X, who)
    if check_finite:
        _check_values(X)
    return X


def check_y(y, m):
    """Return ``(classes, y_index)`` for labels ``y`` of length ``m``.

    ``classes`` are the sorted unique labels; ``y_index[i]`` is the position of
    ``y[i]`` in ``classes``.  Labels may be numbers or strings; a column vector
    is accepted with scikit-learn's ``DataConversionWarning``.
    """
    if y is None:
        raise ValueError(
            "This classifier requires y to be passed, but the target y is None: call "
            "fit(X, y) with one class label per row of X."
        )
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        y = column_or_1d(y, warn=True)
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
    if y.dtype.kind == "O":
        missing = np.flatnonzero([v is None or (isinstance(v, float) and v != v) for v in y])
        if missing.size:
            raise ValueError(
                f"y contains {missing.size} missing label(s) (None or NaN), the first at "
                f"position {missing[0]}: every example needs a class label. Drop those rows "
                "from X and y, or fill in their labels."
            )
        text = [isinstance(v, str) for v in y]
        if any(text) and not all(text):
            raise ValueError(
                "y mixes strings and numbers as labels: use one type, e.g. y.astype(str)."
            )
    if y.dtype.kind == "c":
        raise ValueError("y contains complex numbers: class labels must be numbers or strings.")
    if y.dtype.kind == "f":
        if not np.isfinite(y).all():
            raise ValueError(
                "y contains NaN or infinity: every example needs a valid label. Drop those "
                "rows from X and y, or fill in their labels."
            )
        if (y != np.round(y)).any():
            raise ValueError(
                "Unknown label type: 'continuous'. y looks continuous; classifiers need "
                "class labels (a few distinct values such as 0/1 or strings), but y has "
                "non-integer values. For a numeric target use a regression model; to classify, "
                "make labels first, e.g. y = (y > threshold) or np.digitize(y, bins)."
            )
    classes, y_index = _unique_labels(y)
    if len(classes) < 2:
        raise ValueError(
            f"y has only one class ({_plain(classes[0])!r}): a classifier needs examples "
            "of at least two classes. Check the labels, or the train/test split."
            if len(classes) == 1
            else "y is empty: pass at least one labelled example per class."
        )
    return classes, y_index


def _unique_labels(y):
    """``np.unique(y, return_inverse=True)``, by counting for small integer labels."""
    if y.dtype.kind in "iub" and y.size:
        lo, hi = int(y.min()), int(y.max())
        if hi - lo < 4 * y.size + 1024:
            shifted = y.astype(np.intp) - lo if lo or y.dtype != np.intp else y
            present = np.bincount(shifted) > 0
            classes = (np.flatnonzero(present) + lo).astype(y.dtype)
            if present.all():  # labels lo, lo+1, ..., hi: the index is y - lo
                return classes, shifted
            return classes, (np.cumsum(present) - 1)[shifted]
    classes, y_index = np.unique(y, return_inverse=True)
    return classes, y_index.ravel()


def check_X_y(X, y, *, estimator=None):
    """Check ``X`` with :func:`check_X` and ``y`` with :func:`check_y`."""
    X = check_X(X, estimator=estimator)
    classes, y_index = check_y(y, X.shape[0])
    return X, classes, y_index


def validate_X_y(estimator, X, y, *, accept_sparse=False, check_finite=True):
    """For ``fit``: :func:`validate_X` with ``reset=True``, then :func:`check_y`.

    Returns ``(X, classes, y_index)``.
    """
    if y is None:
        name = _who(estimator)
        raise ValueError(
            f"{name} requires y to be passed, but the target y is None: call "
            f"{name}.fit(X, y) with one class label per row of X."
        )
    X = validate_X(estimator, X, reset=True, accept_sparse=accept_sparse,
                   check_finite=check_finite)
    classes, y_index = check_y(y, X.shape[0])
    return X, classes, y_index


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


def check_positive_int(value, name, hint):
    """Return ``value`` as an int if it is a whole number >= 1, else raise."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Integral) or value < 1:
        raise ValueError(f"{name} must be a whole number >= 1 ({hint}); got {value!r}.")
    return int(value)
