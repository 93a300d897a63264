"""Naive Bayes: Bernoulli and multinomial event models, categorical with m-estimates.

All three assume the features are independent given the class, so
``log p(x, y=k) = log phi_y[k] + sum_j log p(x_j | y=k)``, computed in log space
so that long documents do not underflow.

=================  ==========================  ===========================  ==================
model              a feature is                p(x_j | y=k)                 smoothing
=================  ==========================  ===========================  ==================
BernoulliNB        present (1) or absent (0)   phi_{j|k} or 1 - phi_{j|k}   alpha (pseudo-count)
MultinomialNB      a count (word occurrences)  phi_{j|k} ** x_j             alpha (pseudo-count)
CategoricalNB      one of k_j values (any      the m-estimate of the value  m (virtual examples)
                   type: strings, numbers)
=================  ==========================  ===========================  ==================

Zero probabilities. With ``alpha=0`` or ``m=0`` the estimates are the plain
maximum-likelihood ones, and a feature value never seen with class ``k`` in
training gets probability 0 there, so ``p(x, y=k) = 0`` for any example with
that value. Bayes' rule is then applied as it stands:

* if some class still has ``p(x, y) > 0``, the zero classes get posterior
  exactly 0 and the others share the rest (with two classes: exactly 0 and 1);
* if every class has ``p(x, y) = 0``, the posterior is 0/0 and the row is
  ``NaN``; ``predict`` then returns the class with the largest prior.

Both cases come with a :class:`ZeroProbabilityWarning` naming the feature
values, because a certainty that rests on one zero count deserves a second look;
``alpha > 0`` or ``m > 0`` (e.g. Laplace smoothing) removes every zero.

The three models share one ``fit`` and implement scikit-learn's contract for
discrete naive Bayes (its ``_BaseDiscreteNB``): ``_count(X, Y)`` (the counts
per class), ``_update_feature_log_prob(alpha)`` (``phi_`` and its log, from the
counts; CategoricalNB's smoothing parameter is ``m``) and
``_joint_log_likelihood(X)`` (``log p(x, y=k)``), with ``_check_X`` and
``_check_X_y`` validating the data. genlearn adds ``_check_smoothing()`` (the
smoothing parameter, checked; CategoricalNB's ``m`` per attribute) and
``_zero_features(X, rows)`` (the values that the warning names);
CategoricalNB's m-estimate also needs its prior ``p`` (``_check_prior()``).
"""
import warnings
from numbers import Real

import numpy as np
import scipy.sparse as sp
from sklearn.utils.validation import validate_data

from ._base import GenerativeClassifier
from ._validation import (_check_shape, _plain, check_is_fitted, check_nonnegative, check_y,
                          validate_X, validate_X_y)

__all__ = ["m_estimate", "BernoulliNB", "MultinomialNB", "CategoricalNB",
           "ZeroProbabilityWarning"]


class ZeroProbabilityWarning(RuntimeWarning):
    """An example has a feature value whose estimated probability is 0 in a class.

    Examples
    --------
    >>> import warnings
    >>> model = MultinomialNB(alpha=0).fit([[1, 0], [0, 1]], ["a", "b"])
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     proba = model.predict_proba([[1, 0], [1, 1]])
    >>> proba          # row 1: word 0 never seen in "b", so p(b | x) = 0; row 2 adds word 1, never in "a": 0/0
    array([[ 1.,  0.],
           [nan, nan]])
    >>> caught[0].category.__name__
    'ZeroProbabilityWarning'
    """


def m_estimate(n_c, n, p, m):
    """The m-estimate of a probability: ``(n_c + m * p) / (n + m)``.

    ``n_c`` of ``n`` training examples of a class have the attribute value; ``p``
    is a prior guess for the probability and ``m`` says how many "virtual
    examples" that guess is worth. ``m = 0`` gives the relative frequency
    ``n_c / n``; with ``p = 1/k`` for an attribute with ``k`` values, ``m = k``
    is Laplace (add-one) smoothing.

    Parameters
    ----------
    n_c : int or array-like
        Number of examples of the class with this attribute value.
    n : int or array-like
        Number of examples of the class.
    p : float or array-like
        Prior estimate, in [0, 1].
    m : float or array-like
        Equivalent sample size, >= 0.

    Returns
    -------
    float or ndarray
        For plain Python numbers (including :class:`fractions.Fraction`) the
        arithmetic is done exactly in that type; otherwise a float array.

    Examples
    --------
    >>> from genlearn import m_estimate
    >>> m_estimate(3, 5, 0.5, 3)          # P(Red | Yes) in the stolen-car example
    0.5625
    >>> from fractions import Fraction
    >>> m_estimate(1, 5, Fraction(1, 2), 3)
    Fraction(5, 16)
    """
    for name, v in (("n_c", n_c), ("n", n), ("p", p), ("m", m)):
        a = np.asarray(v)
        if isinstance(v, bool) or a.dtype.kind not in "iuf" and not isinstance(v, Real):
            raise ValueError(f"m_estimate needs numbers: {name} = {v!r} is not a number (or an array "
                             f"of numbers); pass e.g. m_estimate(3, 5, 0.5, 3).")
    a_nc, a_n, a_p, a_m = arrays = [np.asarray(v, dtype=float) for v in (n_c, n, p, m)]
    if not all(np.isfinite(a).all() for a in arrays):
        raise ValueError("m_estimate needs finite numbers; got NaN or infinity.")
    if np.any(a_nc < 0) or np.any(a_n < 0):
        raise ValueError("Counts n_c and n must be >= 0.")
    if np.any(a_nc > a_n):
        raise ValueError(
            "n_c (examples of the class with the value) cannot exceed n (examples of "
            "the class): check the order of the arguments, m_estimate(n_c, n, p, m)."
        )
    if np.any((a_p < 0) | (a_p > 1)):
        raise ValueError(f"p is a prior probability and must lie in [0, 1]; got {p}.")
    if np.any(a_m < 0):
        raise ValueError(f"m (the equivalent sample size) must be >= 0; got {m}.")
    if np.any(a_n + a_m == 0):
        raise ValueError(
            "n + m = 0: with no examples and m = 0 the estimate is 0/0. Use m > 0."
        )
    if all(isinstance(v, Real) for v in (n_c, n, p, m)):  # exact in their own type
        return (n_c + m * p) / (n + m)
    return (a_nc + a_m * a_p) / (a_n + a_m)


def _check_alpha(alpha, name="alpha"):
    return check_nonnegative(alpha, name, "1.0 is Laplace smoothing, 0 is no smoothing")


def _format_names(names, limit=8):
    names = list(names)
    shown = ", ".join(repr(s) if isinstance(s, str) else str(s) for s in names[:limit])
    if len(names) > limit:
        shown += f", ... ({len(names) - limit} more)"
    return shown


class _BaseDiscreteNB(GenerativeClassifier):
    """Shared machinery: one ``fit``, zero-probability warnings, predictions.

    As scikit-learn's ``_BaseDiscreteNB``, a model states how it validates,
    counts and scores, and ``fit`` runs those steps in one order:
    ``_check_X_y``, ``_count``, ``_check_smoothing``,
    ``_update_feature_log_prob``, then the class priors. A model implements

    * ``_check_X(X)`` and ``_check_X_y(X, y)``: validate ``X`` (at predict time
      against fit) and turn it into what the model counts;
    * ``_count(X, Y)``: the counts, a sufficient statistic (``class_count_``
      and the model's feature counts);
    * ``_check_smoothing()``: the smoothing parameter, checked (``alpha`` by
      default);
    * ``_update_feature_log_prob(alpha)``: ``phi_`` and ``feature_log_prob_``
      from the counts;
    * ``_joint_log_likelihood(X)``: ``log p(x, y=k)``, ``-inf`` where a feature
      value has probability 0;
    * ``_zero_features(X, rows)``: the feature values responsible, named for
      the :class:`ZeroProbabilityWarning`.

    Posteriors are the base class's Bayes' rule in log space, which already
    gives exact 0 and 1 for a class with ``p(x, y) = 0`` and NaN for 0/0; only
    ``predict`` adds a rule for the 0/0 rows.
    """

    # The name of the smoothing parameter, for messages.
    _smoothing = "alpha"

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = True
        # Trained on real-valued blobs (scikit-learn's generic check data), a
        # model of counts or categories is not expected to be accurate.
        tags.classifier_tags.poor_score = True
        return tags

    # -- the contract ----------------------------------------------------------
    def _check_X(self, X):  # pragma: no cover - abstract
        """Validate ``X`` against fit, used only in the predict methods.

        Returns what :meth:`_joint_log_likelihood` scores, shape (m, n).
        """
        raise NotImplementedError

    def _check_X_y(self, X, y):  # pragma: no cover - abstract
        """Validate ``X`` and ``y`` in fit (setting ``n_features_in_``).

        Returns ``(X, classes, y_index)``: what :meth:`_count` counts, shape
        (m, n), the sorted class labels, shape (K,), and each example's position
        in them, shape (m,).
        """
        raise NotImplementedError

    def _count(self, X, Y):  # pragma: no cover - abstract
        """Set the counts that the probabilities are estimated from.

        The counts are a sufficient statistic of the training data:
        ``class_count_`` and the model's counts per class and feature.

        Parameters
        ----------
        X : ndarray or scipy.sparse matrix of shape (m, n)
            The training examples, as returned by :meth:`_check_X_y`.
        Y : ndarray of shape (m, K)
            The labels one-hot: ``Y[i, k] = 1`` if example i is of class k.
        """
        raise NotImplementedError

    def _check_smoothing(self):
        """The smoothing parameter ``alpha``, checked: a number >= 0."""
        return _check_alpha(self.alpha)

    def _update_feature_log_prob(self, alpha):  # pragma: no cover - abstract
        """Set ``phi_`` and ``feature_log_prob_`` from the counts.

        Parameters
        ----------
        alpha : float
            The smoothing parameter, as returned by :meth:`_check_smoothing`.
        """
        raise NotImplementedError

    def _joint_log_likelihood(self, X):  # pragma: no cover - abstract
        """``log p(x, y=k)`` for each row of ``X`` (from :meth:`_check_X`), shape (m, K).

        ``-inf`` where a feature value has estimated probability 0 in class k.
        """
        raise NotImplementedError

    def _zero_features(self, X, rows):  # pragma: no cover - abstract
        """Names of the feature values of ``X[rows]`` with probability 0 in some class."""
        raise NotImplementedError

    # -- shared ----------------------------------------------------------------
    def fit(self, X, y, feature_names=None):
        """Count the training data per class and estimate ``phi_y_`` and ``phi_``.

        Parameters
        ----------
        X : array-like, DataFrame or scipy.sparse matrix, shape (m, n)
            Counts or 0/1 features (:class:`MultinomialNB`, :class:`BernoulliNB`,
            which accept sparse matrices), or attribute values of any type,
            strings or numbers (:class:`CategoricalNB`).
        y : array-like of shape (m,)
            Labels; numbers or strings.
        feature_names : sequence of str, optional
            Names of the columns (e.g. ``Vocabulary.words_``, or
            ``("Color", "Type", "Origin")``), used in messages and stored as
            ``feature_names_``. (A DataFrame's column names are stored as
            ``feature_names_in_`` and checked at predict time, as in
            scikit-learn.)

        Returns
        -------
        self
        """
        X, classes, y_index = self._check_X_y(X, y)
        self._store_feature_names(feature_names, X.shape[1])
        Y = np.zeros((len(y_index), len(classes)))
        Y[np.arange(len(y_index)), y_index] = 1.0  # one-hot labels, (m, K)
        self.classes_ = classes
        self._count(X, Y)
        self._update_feature_log_prob(self._check_smoothing())
        self.phi_y_ = self.class_count_ / self.class_count_.sum()
        self.class_log_prior_ = np.log(self.phi_y_)
        return self

    def _store_feature_names(self, feature_names, n):
        """Names given to fit (e.g. ``Vocabulary.words_``), used in messages only."""
        if feature_names is None:
            if hasattr(self, "feature_names_"):
                del self.feature_names_
            return
        names = np.array(feature_names, dtype=object)  # a copy: kept, it must not follow the caller's array
        if names.shape != (n,):
            raise ValueError(
                f"feature_names must have one name per column of X ({n}); got "
                f"{names.shape[0] if names.ndim else 1}."
            )
        self.feature_names_ = names

    def _feature_label(self, j):
        for attr in ("feature_names_", "feature_names_in_"):
            names = getattr(self, attr, None)
            if names is not None:
                return names[j]
        return f"x{j}"

    def predict_joint_log_proba(self, X):
        """``log p(x, y=k)`` for each example and class, shape (m, K).

        Entries are ``-inf`` where a feature value has estimated probability 0
        in that class (only possible without smoothing); a
        :class:`ZeroProbabilityWarning` then names the features.
        """
        check_is_fitted(self)
        X = self._check_X(X)
        jll = self._joint_log_likelihood(X)
        zero = np.isneginf(jll)
        rows = np.flatnonzero(zero.any(axis=1))
        if rows.size:
            n_all = int(zero[rows].all(axis=1).sum())
            warnings.warn(
                f"{type(self).__name__}({self._smoothing}=0): {rows.size} example(s) (first "
                f"at row {rows[0]}) contain feature values never seen with some class in "
                f"training: {_format_names(self._zero_features(X, rows))}. Their estimated "
                "probability is 0, so p(x, y) = 0 for that class and its posterior is exactly "
                "0, a certainty resting on a zero count"
                + (f"; for {n_all} of these example(s) p(x, y) = 0 in every class, so the "
                   "posterior is 0/0 (NaN) and predict returns the class with the largest "
                   "prior" if n_all else "")
                + f". Use {self._smoothing} > 0 (e.g. Laplace smoothing) to fix this.",
                ZeroProbabilityWarning, stacklevel=3,
            )
        return jll

    def predict_log_proba(self, X):
        """Log posterior ``log p(y=k | x)``, shape (m, K), by Bayes' rule.

        A class whose likelihood is 0 because of a zero estimate gets ``-inf``
        (posterior exactly 0); a row where every class has likelihood 0 is
        ``NaN`` (0/0). Both come with a :class:`ZeroProbabilityWarning`.
        """
        return super().predict_log_proba(X)

    def predict_proba(self, X):
        """Posterior ``p(y=k | x)``, shape (m, K); each row sums to 1.

        A class whose likelihood is 0 because of a zero estimate (``alpha=0`` /
        ``m=0`` and a value never seen with that class) gets exactly 0, the
        others share 1. A row where every class has likelihood 0 is 0/0 and is
        returned as ``NaN``. Both come with a :class:`ZeroProbabilityWarning`.
        """
        return super().predict_proba(X)

    def predict(self, X):
        """The class with the largest posterior probability, shape (m,).

        This is the argmax of :meth:`predict_proba` (the first class on a tie).
        For a row whose posterior is NaN (0/0: every class has likelihood 0,
        see the module docstring) it is the class with the largest prior
        ``phi_y_`` (the first such class on a tie), the best guess when the
        example itself gives no usable evidence.
        """
        s = self._log_odds_or_scores(X)
        if s.ndim == 1:  # two classes: the log-odds z, NaN for 0/0
            index, undefined = (s > 0).astype(np.intp), np.isnan(s)
        else:
            index, undefined = np.argmax(s, axis=1), np.isneginf(s).all(axis=1)
        index[undefined] = np.argmax(self.class_log_prior_)
        return self.classes_[index]


# ---------------------------------------------------------------------------
# Count-based models: Bernoulli and multinomial
# ---------------------------------------------------------------------------

class _CountNB(_BaseDiscreteNB):
    """Bernoulli and multinomial: counts of each feature per class, dense or sparse."""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = True  # scipy.sparse counts, e.g. from text.Vocabulary
        return tags

    def _check_X(self, X):
        return validate_X(self, X, reset=False, accept_sparse=True)

    def _check_X_y(self, X, y):
        return validate_X_y(self, X, y, accept_sparse=True)

    def _count(self, X, Y):
        self.class_count_ = Y.sum(axis=0)
        self.feature_count_ = np.asarray(X.T @ Y).T  # (K, n), works for dense and sparse X

    def _zero_features(self, X, rows):
        """Names of the features j with x_j > 0 where some phi_kj = 0."""
        present = _dense(X[rows]) > 0
        hit = present & (self.phi_ == 0).any(axis=0)
        return [self._feature_label(j) for j in np.flatnonzero(hit.any(axis=0))]


def _dense(X):
    return X.toarray() if sp.issparse(X) else X


def _safe_log(a):
    with np.errstate(divide="ignore"):
        return np.log(a)


class MultinomialNB(_CountNB):
    """Naive Bayes with the multinomial event model, for word counts.

    A document is a sequence of words, each drawn independently from the
    class's word distribution ``phi_{.|y}``. With ``x_j`` the number of times
    word ``j`` occurs,

    ``log p(x, y=k) = log phi_y[k] + sum_j x_j log phi_{j|y=k}``

    (the probability of the word sequence; the multinomial coefficient is the
    same for every class and is left out). The estimates are

    ``phi_{j|y=k} = (count of word j in class k + alpha) / (words in class k + alpha n)``.

    Parameters
    ----------
    alpha : float, default=1.0
        Additive (Laplace/Lidstone) smoothing; 0 for none.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
        Class labels, sorted.
    class_count_ : ndarray of shape (K,)
        Training examples per class.
    feature_count_ : ndarray of shape (K, n)
        Total count of each feature (word) per class.
    phi_y_ : ndarray of shape (K,)
        Class priors ``p(y=k)``.
    phi_ : ndarray of shape (K, n)
        ``phi_{j|y=k}``; each row sums to 1.
    feature_log_prob_ : ndarray of shape (K, n)
        ``log phi_``.
    class_log_prior_ : ndarray of shape (K,)
        ``log phi_y_``.
    n_features_in_ : int
        Number of features n (vocabulary size).
    feature_names_in_ : ndarray of shape (n,)
        Column names, only if ``X`` was a DataFrame with string column names;
        predicting on columns in another order then raises.
    feature_names_ : ndarray of shape (n,)
        Only if ``feature_names`` were given to :meth:`fit`; used in messages.

    Examples
    --------
    >>> import numpy as np
    >>> from genlearn import MultinomialNB
    >>> X = np.array([[2, 1, 0], [3, 0, 0], [0, 1, 4], [0, 2, 3]])
    >>> y = np.array(["ham", "ham", "spam", "spam"])
    >>> model = MultinomialNB(alpha=1.0).fit(X, y)
    >>> model.phi_.round(3)
    array([[0.667, 0.222, 0.111],
           [0.077, 0.308, 0.615]])
    >>> model.predict([[0, 0, 1], [1, 0, 0]]).tolist()
    ['spam', 'ham']
    """

    def __init__(self, alpha=1.0):
        self.alpha = alpha

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.positive_only = True  # counts: negative values raise
        return tags

    def _check_X(self, X):
        return self._check_non_negative(super()._check_X(X))

    def _check_X_y(self, X, y):
        X, classes, y_index = super()._check_X_y(X, y)
        return self._check_non_negative(X), classes, y_index

    def _check_non_negative(self, X):
        values = X.data if sp.issparse(X) else X
        negative = values < 0
        if negative.any():
            r, c = np.argwhere((X < 0).toarray() if sp.issparse(X) else negative)[0]
            raise ValueError(
                f"Negative values in data passed to MultinomialNB: it needs non-negative "
                f"counts, but X has {int(negative.sum())} negative value(s), the first "
                f"{X[r, c]:g} at row {r}, column {c}. Use word counts (e.g. "
                "genlearn.text.Vocabulary.transform), BernoulliNB for present/absent "
                "features, or GaussianNB for real-valued features."
            )
        return X

    def _update_feature_log_prob(self, alpha):
        counts = self.feature_count_
        totals = counts.sum(axis=1, keepdims=True) + alpha * counts.shape[1]
        if np.any(totals == 0):
            k = int(np.flatnonzero(totals.ravel() == 0)[0])
            raise ValueError(
                f"Class {self.classes_[k]!r} has no words at all in training and "
                "alpha=0, so its word probabilities are 0/0. Use alpha > 0."
            )
        self.phi_ = (counts + alpha) / totals
        self.feature_log_prob_ = _safe_log(self.phi_)

    def _joint_log_likelihood(self, X):
        flp = self.feature_log_prob_
        impossible = np.isneginf(flp)  # phi = 0 (alpha = 0 only)
        jll = np.asarray(X @ np.where(impossible, 0.0, flp).T) + self.class_log_prior_
        if impossible.any():
            jll[np.asarray(X @ impossible.T.astype(float)) > 0] = -np.inf
        return jll


class BernoulliNB(_CountNB):
    """Naive Bayes with the multi-variate Bernoulli event model, binary features.

    Feature ``x_j`` says whether word (or property) ``j`` is present;
    ``x_j | y=k ~ Bernoulli(phi_{j|y=k})``, independently, so

    ``log p(x, y=k) = log phi_y[k] + sum_j [x_j log phi_{j|k} + (1 - x_j) log(1 - phi_{j|k})]``

    with ``phi_{j|y=k} = (examples of class k with x_j = 1 + alpha) / (examples of class k + 2 alpha)``.

    Parameters
    ----------
    alpha : float, default=1.0
        Additive smoothing; 0 for none.
    binarize : float or None, default=0.0
        Values greater than this become 1, the rest 0 (so counts become
        presence). None means X is already binary (0/1); anything else raises.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    class_count_ : ndarray of shape (K,)
    feature_count_ : ndarray of shape (K, n)
        Number of examples of each class with ``x_j = 1``.
    phi_y_ : ndarray of shape (K,)
    phi_ : ndarray of shape (K, n)
        ``phi_{j|y=k} = p(x_j = 1 | y = k)``.
    feature_log_prob_ : ndarray of shape (K, n)
        ``log phi_``.
    class_log_prior_ : ndarray of shape (K,)
    n_features_in_ : int
    feature_names_in_ : ndarray of shape (n,)
        Only if ``X`` was a DataFrame with string column names.
    feature_names_ : ndarray of shape (n,)
        Only if ``feature_names`` were given to :meth:`fit`; used in messages.

    Examples
    --------
    >>> import numpy as np
    >>> from genlearn import BernoulliNB
    >>> X = np.array([[1, 1, 0], [1, 0, 0], [0, 1, 1], [0, 0, 1]])
    >>> y = np.array([0, 0, 1, 1])
    >>> model = BernoulliNB(alpha=1.0).fit(X, y)
    >>> model.phi_
    array([[0.75, 0.5 , 0.25],
           [0.25, 0.5 , 0.75]])
    >>> model.predict_proba([[1, 0, 0]]).round(4)
    array([[0.9, 0.1]])
    """

    def __init__(self, alpha=1.0, binarize=0.0):
        self.alpha = alpha
        self.binarize = binarize

    def _check_X(self, X):
        return self._binarize(super()._check_X(X))

    def _check_X_y(self, X, y):
        X, classes, y_index = super()._check_X_y(X, y)
        return self._binarize(X), classes, y_index

    def _binarize(self, X):
        """Presence (0/1) from validated ``X``: ``X > binarize``, or X itself if 0/1."""
        b = self.binarize
        if b is not None and (isinstance(b, (bool, np.bool_)) or not isinstance(b, Real)
                              or not np.isfinite(b)):
            raise ValueError(
                f"binarize must be a number (the threshold: values above it count as "
                f"present) or None (X is already 0/1); got {b!r}."
            )
        if b is None:
            values = X.data if sp.issparse(X) else X
            if not np.isin(values, (0.0, 1.0)).all():
                raise ValueError(
                    "BernoulliNB(binarize=None) expects X to contain only 0 and 1; "
                    "use binarize=0.0 to turn counts into presence (x > 0)."
                )
            return X
        if sp.issparse(X) and b < 0:
            raise ValueError(
                "A negative binarize threshold would turn every implicit zero of a "
                "sparse matrix into 1: use binarize >= 0 or a dense X."
            )
        return (X > b).astype(float)  # dense or sparse

    def _update_feature_log_prob(self, alpha):
        self.phi_ = (self.feature_count_ + alpha) / (self.class_count_[:, None] + 2.0 * alpha)
        self.feature_log_prob_ = _safe_log(self.phi_)

    def _joint_log_likelihood(self, X):
        phi = self.phi_
        impossible_1, impossible_0 = phi == 0.0, phi == 1.0  # x_j = 1, x_j = 0 impossible
        log_p = np.where(impossible_1, 0.0, self.feature_log_prob_)
        log_q = np.where(impossible_0, 0.0, _safe_log(1.0 - phi))
        # sum_j x_j log phi_j + (1 - x_j) log(1 - phi_j), one product with X
        jll = np.asarray(X @ (log_p - log_q).T) + log_q.sum(axis=1) + self.class_log_prior_
        if impossible_1.any() or impossible_0.any():
            hits = (np.asarray(X @ (impossible_1.astype(float) - impossible_0).T)
                    + impossible_0.sum(axis=1))
            jll[hits > 0.5] = -np.inf
        return jll

    def _zero_features(self, X, rows):
        """Names of the features j with x_j = 1 where some phi_kj = 0, or x_j = 0 where
        some phi_kj = 1 (an absent feature has a factor 1 - phi in the likelihood)."""
        present = _dense(X[rows]) > 0
        hit = present & (self.phi_ == 0).any(axis=0) | ~present & (self.phi_ == 1).any(axis=0)
        return [self._feature_label(j) for j in np.flatnonzero(hit.any(axis=0))]


# ---------------------------------------------------------------------------
# Categorical attributes with m-estimates
# ---------------------------------------------------------------------------

class CategoricalNB(_BaseDiscreteNB):
    """Naive Bayes for discrete attributes with any values, using m-estimates.

    Each attribute ``j`` takes one of ``k_j`` values (strings, numbers, ...).
    For value ``v`` and class ``c``,

    ``P(x_j = v | y = c) = (n_c + m p) / (n + m)``   (see :func:`m_estimate`)

    with ``n`` the training examples of class ``c`` and ``n_c`` those among them
    with ``x_j = v``. The class priors are the relative frequencies.

    Parameters
    ----------
    m : float or sequence of float, default=None
        Equivalent sample size, one for all attributes or one per attribute.
        None means ``m = k_j`` for attribute ``j``, which with ``p = 1/k_j`` is
        Laplace smoothing (scikit-learn's ``CategoricalNB(alpha=1)``; in general
        ``alpha = m / k_j``). 0 gives the unsmoothed relative frequencies.
    p : None, float, or sequence with one entry per attribute, default=None
        Prior estimate of each value's probability. None means ``1/k_j`` (every
        value equally likely); a float is used for every value of every
        attribute and must equal ``1/k_j`` for each (e.g. 0.5 for two values);
        per attribute, give None, a float, or a dict ``{value: prior}`` whose
        priors sum to 1.
    categories : None or sequence of sequences, default=None
        The possible values of each attribute. None takes the values seen in
        ``fit``. Give them to count values that are possible but absent from
        the training data in ``k_j``.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
        Class labels, sorted.
    class_count_ : ndarray of shape (K,)
    phi_y_ : ndarray of shape (K,)
        Class priors.
    categories_ : list of n ndarrays, the j-th of shape (k_j,)
        Values of each attribute, sorted (or as given in ``categories``).
    category_count_ : list of n ndarrays of shape (K, k_j)
        ``n_c``: training examples of each class with each value.
    m_ : ndarray of shape (n,)
        The equivalent sample size used for each attribute.
    p_ : list of n ndarrays of shape (k_j,)
        The prior estimate used for each value.
    phi_ : list of n ndarrays of shape (K, k_j)
        ``P(x_j = v | y = c)``; rows sum to 1.
    feature_log_prob_ : list of n ndarrays of shape (K, k_j)
        ``log phi_``.
    n_features_in_ : int
    feature_names_in_ : ndarray of shape (n,)
        Only if ``X`` was a DataFrame with string column names.
    feature_names_ : ndarray of shape (n,)
        Only if ``feature_names`` were given to :meth:`fit`; used in messages.

    Examples
    --------
    The stolen-car example: Red domestic SUV, m = 3, p = 1/2.

    >>> from genlearn import CategoricalNB
    >>> from genlearn.datasets import stolen_cars
    >>> X, y = stolen_cars()
    >>> model = CategoricalNB(m=3, p=0.5).fit(X, y)
    >>> model.classes_.tolist(), model.categories_[0].tolist()
    (['No', 'Yes'], ['Red', 'Yellow'])
    >>> model.phi_[0]                       # P(Color | Stolen?), rows No, Yes
    array([[0.4375, 0.5625],
           [0.5625, 0.4375]])
    >>> model.predict([["Red", "SUV", "Domestic"]]).tolist()
    ['No']
    >>> model.predict_proba([["Red", "SUV", "Domestic"]]).round(6)
    array([[0.642857, 0.357143]])
    """

    _smoothing = "m"

    def __init__(self, m=None, p=None, categories=None):
        self.m = m
        self.p = p
        self.categories = categories

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.categorical = True
        tags.input_tags.string = True  # values of any type, e.g. "Red", "SUV"
        return tags

    # -- validation ----------------------------------------------------------
    def _check_X(self, X):
        """Codes of the values of ``X`` in ``categories_``, shape (m, n)."""
        return self._encode(self._check_table(X, reset=False))

    def _check_X_y(self, X, y):
        """The table of values of ``X`` (encoded by :meth:`_count`, which learns
        ``categories_``), the classes and each example's class index."""
        if y is None:
            raise ValueError("CategoricalNB requires y to be passed, but the target y is None: "
                             "call CategoricalNB.fit(X, y) with one class label per row of X.")
        X = self._check_table(X, reset=True)
        classes, y_index = check_y(y, X.shape[0])
        return X, classes, y_index

    def _check_table(self, X, reset):
        """Check a table of attribute values of any type, shape (m, n).

        scikit-learn's ``validate_data`` keeps ``n_features_in_`` and a
        DataFrame's column names; genlearn's own messages come first.
        """
        if X is None:
            raise ValueError("X is None: pass the table of attribute values, shape (m, n), "
                             "to CategoricalNB.")
        if sp.issparse(X):
            raise ValueError(
                "X is a scipy.sparse matrix, which CategoricalNB does not support: its "
                "attributes are values (strings, numbers), not counts, so the table is "
                "dense. Convert it with X.toarray(), or use MultinomialNB or BernoulliNB "
                "for sparse counts."
            )
        if not hasattr(X, "columns"):
            try:
                X = np.asarray(X)
            except ValueError:  # ragged lists
                raise ValueError(
                    "X must be a rectangular table (m rows of n attribute values each); "
                    "the rows have different lengths."
                ) from None
            _check_shape(X, "CategoricalNB")
        try:
            return validate_data(self, X, reset=reset, dtype=None, ensure_all_finite=True)
        except ValueError as exc:
            msg = str(exc).rstrip(".")
            if "NaN" in msg or "infinity" in msg:
                raise ValueError(
                    f"{msg}: CategoricalNB needs a value for every attribute. Drop those "
                    "rows, or make a missing value a category of its own, e.g. replace "
                    "it by the string 'missing'."
                ) from None
            if msg.startswith("X has ") and "is expecting" in msg:
                raise ValueError(f"{msg}: pass the same columns, in the same order, as "
                                 "in fit.") from None
            raise

    def _attr_name(self, j):
        label = self._feature_label(j)
        return f"attribute {j}" if label == f"x{j}" else str(label)

    def _encode(self, X):
        """Codes (m, n): the position of each value of ``X`` in ``categories_``."""
        codes = np.empty(X.shape, dtype=np.intp)
        for j, cats in enumerate(self.categories_):
            lookup = {v: i for i, v in enumerate(cats.tolist())}
            codes[:, j] = [lookup.get(v, -1) for v in X[:, j].tolist()]
        if (codes < 0).any():
            r, j = np.argwhere(codes < 0)[0]
            known = self.categories_[j].tolist()
            raise ValueError(
                f"{self._attr_name(j)} has value {_plain(X[r, j])!r} (row {r}), "
                + (f"which is not in categories[{j}] = {known}: add it there."
                   if self.categories is not None else
                   f"never seen in fit (known values: {known}). If it is a possible "
                   "value, declare it with CategoricalNB(categories=...) so that the "
                   "m-estimate gives it a probability.")
            )
        return codes

    # -- counting and the m-estimates ------------------------------------------
    def _count(self, X, Y):
        """Learn ``categories_`` (given, or the values seen), encode ``X`` and count
        ``category_count_``: the examples of each class with each value."""
        categories = self.categories
        if isinstance(categories, (str, bytes)) or (
                categories is not None and not hasattr(categories, "__len__")):
            raise ValueError(
                "categories must be None (the values seen in fit) or one list of values "
                f"per attribute, e.g. [['Red', 'Yellow'], ['SUV', 'Sports']]; got {categories!r}."
            )
        n = X.shape[1]
        if categories is None:
            try:
                cats = [np.unique(X[:, j]) for j in range(n)]
            except TypeError:
                raise ValueError(
                    "A column of X mixes types that cannot be sorted (e.g. numbers and "
                    "strings): convert each attribute to one type, e.g. X.astype(str)."
                ) from None
        else:
            if len(categories) != n:
                raise ValueError(
                    f"categories must list the values of each of the {n} attributes; "
                    f"got {len(categories)} lists."
                )
            try:
                cats = [np.asarray(list(c)) for c in categories]
            except TypeError:
                raise ValueError("categories must hold one list of values per attribute; "
                                 f"got {categories!r}.") from None
            for j, c in enumerate(cats):
                if len(set(c.tolist())) != len(c) or len(c) == 0:
                    raise ValueError(f"categories[{j}] must be non-empty, without repeats.")
        self.categories_ = cats
        codes = self._encode(X)
        self.class_count_ = Y.sum(axis=0)
        # n_c per class and value: Y^T times the one-hot codes of attribute j, (K, k_j)
        self.category_count_ = [Y.T @ (codes[:, j, None] == np.arange(len(c)))
                                for j, c in enumerate(cats)]

    def _check_smoothing(self):
        """``m_``: the equivalent sample size m of each attribute, shape (n,).

        None is ``m = k_j``, Laplace smoothing with the default ``p = 1/k_j``.
        """
        m, n = self.m, len(self.categories_)
        if m is None:
            return np.array([len(c) for c in self.categories_], dtype=float)
        if np.ndim(m) == 0:
            return np.full(n, _check_alpha(m, "m"))
        m = list(m)
        if len(m) != n:
            raise ValueError(f"m must be one number or one per attribute ({n}); got {len(m)}.")
        return np.array([_check_alpha(v, "m") for v in m])

    def _check_prior(self):
        """``p_``: the m-estimate's prior estimate p of each value of each attribute."""
        n = len(self.categories_)
        p = self.p
        per_attr = [p] * n if (p is None or np.ndim(p) == 0) else list(p)
        if len(per_attr) != n:
            raise ValueError(f"p must be None, one number, or one entry per attribute ({n}); "
                             f"got {len(per_attr)} entries.")
        out = []
        for j, (pj, cats) in enumerate(zip(per_attr, self.categories_)):
            k = len(cats)
            if pj is None:
                out.append(np.full(k, 1.0 / k))
                continue
            if isinstance(pj, dict):
                missing = [v for v in cats.tolist() if v not in pj]
                extra = [v for v in pj if v not in set(cats.tolist())]
                if missing or extra:
                    raise ValueError(
                        f"p for {self._attr_name(j)} must give a prior for exactly its "
                        f"values {cats.tolist()}; missing {missing}, unknown {extra}."
                    )
                pv = np.array([float(pj[v]) for v in cats.tolist()])
            else:
                if not isinstance(pj, Real):
                    raise ValueError(f"p entries must be None, a number or a dict; got {pj!r}.")
                pv = np.full(k, float(pj))
            if np.any((pv < 0) | (pv > 1)) or not np.isclose(pv.sum(), 1.0):
                raise ValueError(
                    f"The priors p for {self._attr_name(j)} ({k} values "
                    f"{cats.tolist()}) sum to {pv.sum():g}, not 1. Use p=None (1/k for "
                    f"each value), p={1 / k:g}, or a dict {{value: prior}} summing to 1."
                )
            out.append(pv)
        return out

    def _update_feature_log_prob(self, m):
        """The m-estimates ``phi_`` from ``category_count_``, with ``m_`` and ``p_``.

        Parameters
        ----------
        m : ndarray of shape (n,)
            The equivalent sample size of each attribute, from :meth:`_check_smoothing`.
        """
        self.m_ = m
        self.p_ = self._check_prior()
        self.phi_ = [m_estimate(cnt, self.class_count_[:, None], pv[None, :], mj)
                     for cnt, pv, mj in zip(self.category_count_, self.p_, self.m_)]
        self.feature_log_prob_ = [_safe_log(t) for t in self.phi_]

    # -- scoring ---------------------------------------------------------------
    def _joint_log_likelihood(self, codes):
        jll = np.tile(self.class_log_prior_, (len(codes), 1))
        for j, flp in enumerate(self.feature_log_prob_):
            jll += flp[:, codes[:, j]].T  # log P(x_j | y), (m, K); -inf where P = 0
        return jll

    def _zero_features(self, codes, rows):
        """``"name=value"`` for each attribute value with probability 0 in some class."""
        found = []
        for j, flp in enumerate(self.feature_log_prob_):
            for code in codes[rows, j]:
                item = f"{self._attr_name(j)}={_plain(self.categories_[j][code])}"
                if np.isneginf(flp[:, code]).any() and item not in found:
                    found.append(item)
        return found
