"""Logistic regression fitted by Newton's method (the discriminative counterpart of GDA).

The model is ``p(y=1 | x) = sigmoid(theta^T x + theta0)``.  With ``x0 = 1``
appended to every example (so ``theta0`` is one more coordinate of theta),
the log-likelihood of m examples and its derivatives are::

    l(theta)  = sum_i  y_i log h_i + (1 - y_i) log(1 - h_i),   h_i = sigmoid(theta^T x_i)
    gradient  = X^T (y - h)
    Hessian   = -X^T S X,    S = diag(h_i (1 - h_i))

and Newton's method repeats ``theta <- theta + (X^T S X)^{-1} X^T (y - h)``
(solved with a Cholesky factorisation, not an inverse).  It usually
converges in a handful of iterations, and it is affine invariant: rescaling
the features does not change the number of iterations.

An optional L2 penalty ``-||theta||^2 / (2 C)`` (not on the intercept) adds
``-theta / C`` to the gradient and ``-I / C`` to the Hessian; it matches
scikit-learn's ``C``.  More than two classes use the softmax (multinomial)
model with class 0 as reference, fitted by the same Newton iteration.
"""
import warnings

import numpy as np
from scipy.linalg import LinAlgError, cho_factor, cho_solve

from ._base import (BaseEstimator, ClassifierMixin, _block_rows, _log_sigmoid,
                    _sigmoid_pair, logsumexp)
from ._validation import check_is_fitted, check_X, check_X_y
from .gaussian import _describe_singular

__all__ = ["LogisticRegression", "SeparableDataWarning", "ConvergenceWarning"]


class SeparableDataWarning(UserWarning):
    """The classes are linearly separable, so the unpenalised MLE does not exist."""


class ConvergenceWarning(UserWarning):
    """Newton's method stopped at ``max_iter`` before meeting ``tol``."""


def _weighted_gram(X1, w, r=None):
    """``X1^T diag(w) X1`` (and ``X1^T r`` if ``r`` is given), in one pass over ``X1``.

    The rows are taken in blocks small enough to stay in the CPU cache.
    """
    d = X1.shape[1]
    rows = _block_rows(d)
    gram = np.zeros((d, d))
    vec = np.zeros(d)
    for start in range(0, X1.shape[0], rows):
        B = X1[start:start + rows]
        gram += B.T @ (B * w[start:start + rows, None])
        if r is not None:
            vec += r[start:start + rows] @ B
    return gram if r is None else (gram, vec)


class LogisticRegression(ClassifierMixin, BaseEstimator):
    """Logistic (and softmax) regression, fitted by Newton's method.

    Parameters
    ----------
    C : float, default=inf
        Inverse strength of an L2 penalty ``||theta||^2 / (2 C)`` on the
        coefficients (not the intercept).  ``inf`` means no penalty: the plain
        maximum-likelihood fit of the lecture notes.  With more than two
        classes the penalty applies to the K-1 rows scored against class 0, so
        penalised softmax fits differ from scikit-learn's symmetric penalty.
    max_iter : int, default=100
        Maximum number of Newton iterations.
    tol : float, default=1e-10
        Stop when the Newton decrement ``g^T H^{-1} g / 2`` (the predicted gain
        in log-likelihood of the step just taken) is at most ``tol``.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
        Class labels, sorted; ``classes_[1]`` is the "positive" class y = 1.
    theta_ : ndarray of shape (n,) for two classes, (K, n) for more
        Coefficients.  With K > 2, row k scores class k against class 0
        (row 0 is zero).
    theta0_ : float for two classes, ndarray of shape (K,) for more
        Intercept(s).
    n_iter_ : int
        Newton iterations performed.
    loglik_path_ : ndarray of shape (n_iter_ + 1,)
        The objective (log-likelihood, minus the penalty if ``C < inf``) at
        the start, the intercept-only model (theta = 0, theta0 = log-odds of
        the class fractions), and after every iteration: it never decreases.
    n_features_in_ : int
        Number of features n seen in fit.

    Examples
    --------
    >>> import numpy as np
    >>> from genlearn import LogisticRegression
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]])
    >>> y = np.array([0, 0, 1, 0, 1, 1])
    >>> model = LogisticRegression().fit(X, y)
    >>> model.n_iter_ < 10
    True
    >>> model.predict([[0.5], [4.5]])
    array([0, 1])
    """

    def __init__(self, C=np.inf, max_iter=100, tol=1e-10):
        self.C = C
        self.max_iter = max_iter
        self.tol = tol

    # -- fitting ---------------------------------------------------------------
    def _check_params(self):
        C, max_iter, tol = self.C, self.max_iter, self.tol
        if isinstance(C, (bool, np.bool_)) or not np.isscalar(C) or not C > 0:
            raise ValueError(
                f"C must be a positive number (the inverse penalty strength) or np.inf for "
                f"no penalty; got {C!r}."
            )
        if isinstance(max_iter, (bool, np.bool_)) or not isinstance(max_iter, (int, np.integer)) \
                or max_iter < 1:
            raise ValueError(f"max_iter must be a whole number >= 1; got {max_iter!r}.")
        if isinstance(tol, (bool, np.bool_)) or not np.isscalar(tol) or not tol >= 0:
            raise ValueError(f"tol must be a number >= 0; got {tol!r}.")
        return float(C), int(max_iter), float(tol)

    def fit(self, X, y):
        """Maximise the (penalised) conditional log-likelihood by Newton's method.

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Labels (numbers or strings), at least two classes.

        Returns
        -------
        self
        """
        C, max_iter, tol = self._check_params()
        X, classes, y_index = check_X_y(X, y, estimator=self)
        m, n = X.shape
        K = len(classes)
        X1 = np.empty((m, n + 1))  # x0 = 1 last, so theta = (coefficients, intercept)
        X1[:, :n] = X
        X1[:, n] = 1.0
        penalty = np.full(n + 1, 0.0 if np.isinf(C) else 1.0 / C)
        penalty[n] = 0.0  # the intercept is not penalised
        if K == 2:
            theta, path, n_iter = self._newton_binary(X1, y_index.astype(float), penalty,
                                                      max_iter, tol)
            self.theta_, self.theta0_ = theta[:n], float(theta[n])
        else:
            Theta, path, n_iter = self._newton_softmax(X1, y_index, K, penalty, max_iter, tol)
            full = np.vstack([np.zeros(n + 1), Theta])  # class 0 is the reference
            self.theta_, self.theta0_ = full[:, :n], full[:, n]
        self.classes_ = classes
        self.n_features_in_ = n
        self.n_iter_ = n_iter
        self.loglik_path_ = np.array(path)
        return self

    def _newton_binary(self, X1, y, penalty, max_iter, tol):
        """Newton's method for two classes, exactly as in the module docstring."""
        # Start from the intercept-only MLE, log-odds of the class fractions.
        theta = np.zeros(X1.shape[1])
        theta[-1] = np.log(y.mean() / (1.0 - y.mean()))

        def objective(z, theta):
            # y log h + (1 - y) log(1 - h) = y log h + (1 - y) (log h - z) = log h - (1 - y) z
            return (_log_sigmoid(z).sum() - (1.0 - y) @ z
                    - 0.5 * penalty @ theta ** 2)

        z = np.full(X1.shape[0], theta[-1])
        path = [objective(z, theta)]
        for it in range(1, max_iter + 1):
            with np.errstate(over="ignore"):  # exp(-z) = inf gives h = 0, as it should
                h = 1.0 / (1.0 + np.exp(-z))
            hessian, gradient = _weighted_gram(X1, h * (1.0 - h), y - h)
            hessian += np.diag(penalty)
            gradient -= penalty * theta
            step = self._newton_step(hessian, gradient, it, X1)
            if step is None:
                return theta, path, it - 1
            theta, z, value, decrement = self._line_search(
                theta, step, gradient, path[-1], lambda t: X1 @ t, objective)
            path.append(value)
            if penalty[0] == 0 and np.all((2.0 * y - 1.0) * z > 0):
                self._warn_separable(theta)
                return theta, path, it
            if decrement <= tol:
                return theta, path, it
        self._warn_not_converged(max_iter)
        return theta, path, max_iter

    def _newton_softmax(self, X1, y_index, K, penalty, max_iter, tol):
        """Newton's method for the softmax model with class 0 as reference.

        The free parameters are ``Theta`` (K-1, n+1); the gradient block of class
        a is ``X^T (1{y=a} - p_a)`` and the Hessian block (a, b) is
        ``-X^T diag(p_a (1{a=b} - p_b)) X``.
        """
        m, d = X1.shape
        Y = np.zeros((m, K))
        Y[np.arange(m), y_index] = 1.0
        Theta = np.zeros((K - 1, d))
        counts = Y.sum(axis=0)
        Theta[:, -1] = np.log(counts[1:] / counts[0])  # the intercept-only MLE

        def scores(flat):
            return np.hstack([np.zeros((m, 1)), X1 @ flat.reshape(K - 1, d).T])

        def objective(Z, flat):
            log_p = Z - logsumexp(Z, axis=1, keepdims=True)
            return np.sum(Y * log_p) - 0.5 * np.tile(penalty, K - 1) @ flat ** 2

        Z = scores(Theta.ravel())
        path = [objective(Z, Theta.ravel())]
        for it in range(1, max_iter + 1):
            P = np.exp(Z - logsumexp(Z, axis=1, keepdims=True))
            G = (X1.T @ (Y - P)[:, 1:]).T - penalty * Theta
            H = np.empty((K - 1, d, K - 1, d))
            for a in range(1, K):
                for b in range(a, K):
                    w = P[:, a] * ((a == b) - P[:, b])
                    block = _weighted_gram(X1, w)
                    H[a - 1, :, b - 1, :] = block
                    H[b - 1, :, a - 1, :] = block.T
                H[a - 1, :, a - 1, :] += np.diag(penalty)
            gradient = G.ravel()
            step = self._newton_step(H.reshape((K - 1) * d, (K - 1) * d), gradient, it, X1)
            if step is None:
                return Theta, path, it - 1
            flat, Z, value, decrement = self._line_search(
                Theta.ravel(), step, gradient, path[-1], scores, objective)
            Theta = flat.reshape(K - 1, d)
            path.append(value)
            others = np.where(Y > 0, np.inf, Z).max(axis=1)
            if penalty[0] == 0 and np.all(Z[np.arange(m), y_index] > others):
                self._warn_separable(Theta)
                return Theta, path, it
            if decrement <= tol:
                return Theta, path, it
        self._warn_not_converged(max_iter)
        return Theta, path, max_iter

    def _newton_step(self, hessian, gradient, it, X1):
        """Solve ``(-Hessian) step = gradient`` by Cholesky; ``None`` if it is singular."""
        try:
            return cho_solve(cho_factor(hessian, lower=True), gradient)
        except LinAlgError:
            pass
        if it == 1:
            # At theta = 0 the Hessian is a multiple of X1^T X1: singular means
            # constant or linearly dependent features.
            n = X1.shape[1] - 1
            what = _describe_singular(np.cov(X1[:, :n], rowvar=False).reshape(n, n))
            raise ValueError(
                f"The Hessian of the log-likelihood is singular because {what} (a constant "
                "feature duplicates the intercept). Drop or combine those features, or add "
                "an L2 penalty with a finite C, e.g. C=1.0."
            )
        warnings.warn(
            "Newton's method stopped: the Hessian became singular, which happens when the "
            "classes are (almost) separable and the coefficients grow without bound. Use a "
            "finite C (an L2 penalty), e.g. C=1.0, for a well-defined fit.",
            SeparableDataWarning, stacklevel=4)
        return None

    @staticmethod
    def _line_search(theta, step, gradient, current, scores_of, objective):
        """Take the Newton step, halving it while it would lower the objective."""
        decrement = 0.5 * gradient @ step
        t = 1.0
        for _ in range(40):
            new = theta + t * step
            Z = scores_of(new)
            value = objective(Z, new)
            if value >= current - 1e-12 * abs(current):
                return new, Z, value, t * decrement
            t /= 2.0
        return theta, scores_of(theta), current, 0.0

    @staticmethod
    def _warn_separable(theta):
        warnings.warn(
            "The training data are linearly separable: the log-likelihood keeps growing as "
            "the coefficients grow, so the unpenalised maximum-likelihood estimate does not "
            "exist (theta diverges to infinity). Newton's method stopped at a theta that "
            f"separates the data (|theta| = {np.linalg.norm(theta):.3g}, an arbitrary "
            "scale). Use a finite C (an L2 penalty), e.g. C=1.0, for a unique fit.",
            SeparableDataWarning, stacklevel=4)

    @staticmethod
    def _warn_not_converged(max_iter):
        warnings.warn(
            f"Newton's method did not reach tol within max_iter={max_iter} iterations; "
            "increase max_iter, or check the data (e.g. nearly separable classes).",
            ConvergenceWarning, stacklevel=4)

    # -- prediction ------------------------------------------------------------
    def decision_function(self, X):
        """``theta^T x + theta0`` (the log-odds), shape (m,); (m, K) scores for K > 2."""
        check_is_fitted(self)
        X = check_X(X, n_features=self.n_features_in_, estimator=self)
        if self.theta_.ndim == 1:
            return X @ self.theta_ + self.theta0_
        return X @ np.ascontiguousarray(self.theta_.T) + self.theta0_

    def predict_log_proba(self, X):
        """``log p(y=k | x)``, shape (m, K), computed without overflow."""
        z = self.decision_function(X)
        if z.ndim == 1:
            return np.column_stack([_log_sigmoid(-z), _log_sigmoid(z)])
        return z - logsumexp(z, axis=1, keepdims=True)

    def predict_proba(self, X):
        """``p(y=k | x)``, shape (m, K); each row sums to 1."""
        z = self.decision_function(X)
        if z.ndim == 1:
            return _sigmoid_pair(z)
        return np.exp(z - logsumexp(z, axis=1, keepdims=True))

    def predict(self, X):
        """The most probable class for each row of ``X``."""
        z = self.decision_function(X)
        index = (z > 0).astype(int) if z.ndim == 1 else np.argmax(z, axis=1)
        return self.classes_[index]

    def log_likelihood(self, X, y):
        """Conditional log-likelihood ``sum_i log p(y_i | x_i)`` of labelled data."""
        log_p = self.predict_log_proba(X)
        y = np.asarray(y)
        if y.shape != (log_p.shape[0],):
            raise ValueError(
                f"X and y have different lengths: X has {log_p.shape[0]} rows but y has "
                f"{y.size} labels. Each example needs exactly one label."
            )
        index = np.searchsorted(self.classes_, y)
        index = np.minimum(index, len(self.classes_) - 1)
        unknown = self.classes_[index] != y
        if unknown.any():
            raise ValueError(
                f"y contains labels not seen in fit: {sorted(set(y[unknown].tolist()))}; "
                f"the model knows {self.classes_.tolist()}."
            )
        return float(log_p[np.arange(len(y)), index].sum())
