"""What every genlearn classifier shares: parameters, and Bayes' rule in log space.

A classifier only has to say how it scores the classes: a generative one gives
``log p(x, y=k)`` (:meth:`GenerativeClassifier.predict_joint_log_proba`),
logistic regression ``theta^T x + theta0``.  Turning scores into posteriors,
predictions and accuracy is the same for all of them, and lives here
(:class:`ClassifierMixin`), with the numerics they share: ``logsumexp``,
``sigmoid`` and its logarithm, safe for any input.

The estimator machinery itself is scikit-learn's: ``BaseEstimator`` (parameters,
``clone``, ``repr``) and ``ClassifierMixin`` (``score``, tags) are its classes.
"""
import numpy as np
from scipy.special import expit
from sklearn.base import BaseEstimator
from sklearn.base import ClassifierMixin as _SkClassifierMixin

from ._validation import check_is_fitted

__all__ = ["BaseEstimator", "ClassifierMixin", "GenerativeClassifier", "logsumexp", "sigmoid"]


def logsumexp(a, axis=-1, keepdims=False):
    """``log(sum(exp(a)))`` along ``axis``, without overflow or underflow.

    Rows that are all ``-inf`` give ``-inf``.
    """
    a = np.asarray(a, dtype=float)
    a_max = np.max(a, axis=axis, keepdims=True)
    a_max = np.where(np.isfinite(a_max), a_max, 0.0)
    with np.errstate(divide="ignore", over="ignore"):  # a - a_max = -inf gives exp = 0
        out = np.log(np.sum(np.exp(a - a_max), axis=axis, keepdims=True)) + a_max
    return out if keepdims else np.squeeze(out, axis=axis)


def sigmoid(z):
    """The logistic function ``1 / (1 + exp(-z))``, safe for large ``|z|``.

    For very negative z, ``exp(-z)`` overflows to inf and the result is exactly 0
    (scipy's ``expit``: one pass, no warning).
    """
    return expit(np.asarray(z, dtype=float))


def _log_sigmoid(z):
    """``log sigmoid(z) = -log(1 + exp(-z)) = min(z, 0) - log(1 + exp(-|z|))``,
    without overflow for any z (exp's argument is never positive)."""
    t = np.abs(z)
    np.negative(t, out=t)
    np.exp(t, out=t)
    np.log1p(t, out=t)
    return np.subtract(np.minimum(z, 0.0), t, out=t)


def _sigmoid_pair(z):
    """Columns ``[sigmoid(-z), sigmoid(z)]``: the two class probabilities for log-odds z.

    Each column is computed directly (not as 1 - the other), so tiny
    probabilities keep their precision; exp overflow gives exactly 0.
    """
    out = np.empty((len(z), 2))
    with np.errstate(over="ignore"):
        np.exp(z, out=out[:, 0])
        np.exp(-z, out=out[:, 1])
    out += 1.0
    return np.reciprocal(out, out=out)


def _row_scale(X):
    """A power of two per row, ``t`` with ``1 <= max_j |X_ij| / t < 2`` (1 for zero rows).

    Dividing by a power of two is exact, so ``X / t`` loses nothing and cannot
    overflow later products.
    """
    top = np.abs(X).max(axis=1)
    exponent = np.frexp(np.where(top > 0, top, 1.0))[1]
    return np.ldexp(1.0, exponent - 1)


def _linear_scores(X, W, b):
    """``X @ W + b`` (W of shape (n,) or (n, K)), with a finite answer for far-away rows.

    A row with huge entries (1e300) can overflow ``X @ W`` to inf or NaN.  Such
    rows are recomputed as ``t * ((X / t) @ W)`` minus the largest score in the
    row (the same for every class, so the posterior is unchanged): the class(es)
    with the largest score keep a finite score, the others may reach -inf.  For
    log-odds (1-D) only NaN needs this; +-inf is the right limit.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        S = X @ W + b
    bad = np.isnan(S) if S.ndim == 1 else ~np.isfinite(S).all(axis=1)
    if bad.any():
        t = _row_scale(X[bad])
        U = (X[bad] / t[:, None]) @ W
        with np.errstate(over="ignore"):
            if S.ndim == 1:
                S[bad] = t * U + b
            else:
                S[bad] = t[:, None] * (U - U.max(axis=1, keepdims=True)) + b
    return S


class ClassifierMixin(_SkClassifierMixin):
    """Posteriors and predictions from class scores: Bayes' rule in log space.

    Built on scikit-learn's ``ClassifierMixin`` (``score``, the classifier
    tags).  A subclass implements one method, ``_scores(X)``, which validates
    ``X`` and returns either

    * shape (m, K): ``log p(y=k | x)`` up to a term that is the same for every
      class (a generative model gives ``log p(x, y=k)``), or
    * shape (m,), two classes only: the log-odds
      ``z = log p(y=1 | x) - log p(y=0 | x)``, when that is cheaper.

    Every prediction below goes through that one method.  With two classes
    only ``z`` matters, and ``p(y=1 | x) = sigmoid(z)``.
    """

    def _scores(self, X):  # pragma: no cover - abstract
        raise NotImplementedError

    def _log_odds_or_scores(self, X):
        check_is_fitted(self)
        s = self._scores(X)
        if s.ndim == 2 and len(self.classes_) == 2:
            with np.errstate(invalid="ignore"):  # -inf - -inf: p(x, y) = 0 in both classes
                return s[:, 1] - s[:, 0]
        return s

    def decision_function(self, X):
        """Log-odds ``log p(y=1|x) - log p(y=0|x)``, shape (m,), for two classes;
        for more, class scores of shape (m, K) (log-posteriors up to a constant per row)."""
        return self._log_odds_or_scores(X)

    def predict_log_proba(self, X):
        """Log posterior ``log p(y=k | x)``, shape (m, K), by Bayes' rule in log space."""
        s = self._log_odds_or_scores(X)
        if s.ndim == 1:
            return np.column_stack([_log_sigmoid(-s), _log_sigmoid(s)])
        with np.errstate(invalid="ignore", over="ignore"):  # scores of far points: +-inf
            return s - logsumexp(s, axis=1, keepdims=True)

    def predict_proba(self, X):
        """Posterior ``p(y=k | x)``, shape (m, K); each row sums to 1."""
        s = self._log_odds_or_scores(X)
        if s.ndim == 1:
            return _sigmoid_pair(s)
        with np.errstate(invalid="ignore", over="ignore"):  # s - max may overflow to -inf: p = 0
            P = np.exp(s - s.max(axis=1, keepdims=True))
        return P / P.sum(axis=1, keepdims=True)

    def predict(self, X):
        """The class with the largest posterior probability, shape (m,)."""
        s = self._log_odds_or_scores(X)
        if s.ndim == 1:
            return self.classes_[(s > 0).astype(int)]
        return self.classes_[np.argmax(s, axis=1)]

    def _class_index(self, y, m):
        """Position in ``classes_`` of each of the ``m`` labels ``y``; unknown labels raise."""
        y = np.asarray(y).ravel()
        if len(y) != m:
            raise ValueError(
                f"X and y have different lengths: X has {m} rows but y has {len(y)} labels. "
                "Each example needs exactly one label."
            )
        unknown = ~np.isin(y, self.classes_)
        if unknown.any():
            raise ValueError(
                f"y contains labels not seen in fit: {sorted(set(y[unknown].tolist()))}; "
                f"the model knows {self.classes_.tolist()}."
            )
        return np.searchsorted(self.classes_, y)


class GenerativeClassifier(ClassifierMixin, BaseEstimator):
    """Base class: subclasses implement ``fit`` and ``predict_joint_log_proba``.

    Everything else follows from Bayes' rule,
    ``p(y=k | x) = p(x, y=k) / sum_j p(x, y=j)``, computed in log space.
    """

    def predict_joint_log_proba(self, X):  # pragma: no cover - abstract
        """Return ``log p(x, y=k)`` for every row of ``X`` and class ``k``."""
        raise NotImplementedError

    def _scores(self, X):
        return self.predict_joint_log_proba(X)

    def log_likelihood(self, X, y):
        """Joint log-likelihood ``sum_i log p(x_i, y_i)`` of labelled data."""
        jll = self.predict_joint_log_proba(X)
        return float(jll[np.arange(len(jll)), self._class_index(y, len(jll))].sum())
