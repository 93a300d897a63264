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
from numbers import Real

import numpy as np
from scipy.linalg import LinAlgError, cho_factor, cho_solve

from sklearn.exceptions import ConvergenceWarning

from ._base import (BaseEstimator, ClassifierMixin, _block_rows, _log_sigmoid, logsumexp,
                    sigmoid)
from ._validation import check_nonnegative, check_positive_int, validate_X, validate_X_y
from .gaussian import _describe_singular

__all__ = ["LogisticRegression", "SeparableDataWarning", "ConvergenceWarning"]


class SeparableDataWarning(ConvergenceWarning):
    """The classes are (almost) linearly separable: the unpenalised MLE does not exist.

    A subclass of scikit-learn's :class:`~sklearn.exceptions.ConvergenceWarning`
    (which genlearn also raises, itself, when ``max_iter`` is reached).

    Examples
    --------
    >>> import warnings
    >>> from genlearn import LogisticRegression
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
    >>> caught[0].category.__name__
    'SeparableDataWarning'
    """


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


# -- The two models. Each gives Newton's method a start (the intercept-only MLE),
#    scores(theta), objective(scores, theta), derivatives(scores, theta) -> (gradient,
#    minus the Hessian), and separates(scores): is every example on its own side? --

def _binary_model(X1, y, penalty):
    """Two classes: ``theta`` (n+1,), scores ``z = X1 theta``, as in the module docstring."""
    def objective(z, theta):  # the log-likelihood minus the penalty
        # y log h + (1 - y) log(1 - h) = y log h + (1 - y) (log h - z) = log h - (1 - y) z
        return _log_sigmoid(z).sum() - (1.0 - y) @ z - 0.5 * penalty @ theta ** 2

    def derivatives(z, theta):
        h = sigmoid(z)
        hessian, gradient = _weighted_gram(X1, h * (1.0 - h), y - h)
        return gradient - penalty * theta, hessian + np.diag(penalty)

    def scores(theta):
        return X1 @ theta

    def separates(z):
        return np.all((2.0 * y - 1.0) * z > 0)

    start = np.zeros(X1.shape[1])
    start[-1] = np.log(y.mean() / (1.0 - y.mean()))
    return start, scores, objective, derivatives, separates


def _softmax_model(X1, y_index, K, penalty):
    """K > 2 classes, class 0 the reference: the free parameters are ``Theta``
    (K-1, n+1), flattened; the gradient block of class a is ``X^T (1{y=a} - p_a)``
    and the Hessian block (a, b) is ``-X^T diag(p_a (1{a=b} - p_b)) X``."""
    m, d = X1.shape
    Y = np.eye(K)[y_index]
    penalties = np.tile(penalty, K - 1)

    def scores(flat):
        return np.hstack([np.zeros((m, 1)), X1 @ flat.reshape(K - 1, d).T])

    def objective(Z, flat):
        return np.sum(Y * (Z - logsumexp(Z, axis=1, keepdims=True))) - 0.5 * penalties @ flat ** 2

    def derivatives(Z, flat):
        P = np.exp(Z - logsumexp(Z, axis=1, keepdims=True))
        gradient = (X1.T @ (Y - P)[:, 1:]).T.ravel() - penalties * flat
        H = np.empty((K - 1, d, K - 1, d))
        for a in range(1, K):
            for b in range(a, K):
                block = _weighted_gram(X1, P[:, a] * ((a == b) - P[:, b]))
                H[a - 1, :, b - 1, :] = block
                H[b - 1, :, a - 1, :] = block.T
        return gradient, H.reshape(len(flat), len(flat)) + np.diag(penalties)

    def separates(Z):
        return np.all(Z[np.arange(m), y_index] > np.where(Y > 0, -np.inf, Z).max(axis=1))

    counts = Y.sum(axis=0)
    start = np.zeros((K - 1, d))
    start[:, -1] = np.log(counts[1:] / counts[0])
    return start.ravel(), scores, objective, derivatives, separates


# -- Newton's method ----------------------------------------------------------------

def _newton(theta, scores, objective, derivatives, separates, X1, unpenalised,
            max_iter, tol):
    """Maximise ``objective`` from ``theta``; return theta and the objective path."""
    Z = scores(theta)
    path = [objective(Z, theta)]
    for it in range(1, max_iter + 1):
        gradient, hessian = derivatives(Z, theta)
        step = _newton_step(hessian, gradient, it, X1)
        if step is None:
            return theta, path
        # Take the Newton step, halving it while it would lower the objective.
        decrement = 0.5 * gradient @ step  # the predicted gain, g^T H^{-1} g / 2
        for _ in range(40):
            new = theta + step
            Z_new = scores(new)
            value = objective(Z_new, new)
            if value >= path[-1] - 1e-12 * abs(path[-1]):
                theta, Z = new, Z_new
                break
            step, decrement = step / 2.0, decrement / 2.0
        else:
            value, decrement = path[-1], 0.0
        path.append(value)
        if unpenalised and separates(Z):
            warnings.warn(
                "The training data are linearly separable: the log-likelihood keeps "
                "growing as the coefficients grow, so the unpenalised maximum-likelihood "
                "estimate does not exist (theta diverges to infinity). Newton's method "
                "stopped at a theta that separates the data (|theta| = "
                f"{np.linalg.norm(theta):.3g}, an arbitrary scale). Use a finite C (an L2 "
                "penalty), e.g. C=1.0, for a unique fit.", SeparableDataWarning, stacklevel=3)
            return theta, path
        if decrement <= tol:
            return theta, path
    warnings.warn(
        f"Newton's method did not reach tol within max_iter={max_iter} iterations; "
        "increase max_iter, or check the data (e.g. nearly separable classes).",
        ConvergenceWarning, stacklevel=3)
    return theta, path


def _newton_step(hessian, gradient, it, X1):
    """Solve ``(-Hessian) step = gradient`` by Cholesky; ``None`` if it is singular."""
    try:
        return cho_solve(cho_factor(hessian, lower=True), gradient)
    except LinAlgError:
        pass
    if it == 1:
        # At the start the Hessian is a multiple of X1^T X1 (binary) or built from
        # it: singular means constant or linearly dependent features.
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
        C = self.C
        if isinstance(C, (bool, np.bool_)) or not isinstance(C, Real) or not C > 0:
            raise ValueError(
                f"C must be a positive number (the inverse penalty strength, e.g. C=1.0) or "
                f"np.inf for no penalty; got {C!r}"
                + (" (a string: write C=1.0, not C='1.0')." if isinstance(C, str) else ".")
            )
        max_iter = check_positive_int(self.max_iter, "max_iter", "Newton iterations, e.g. 100")
        tol = check_nonnegative(self.tol, "tol", "the Newton decrement at which to stop")
        return float(C), max_iter, tol

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
        X, classes, y_index = validate_X_y(self, X, y)
        m, n = X.shape
        K = len(classes)
        X1 = np.empty((m, n + 1))  # x0 = 1 last, so theta = (coefficients, intercept)
        X1[:, :n] = X
        X1[:, n] = 1.0
        penalty = np.full(n + 1, 0.0 if np.isinf(C) else 1.0 / C)
        penalty[n] = 0.0  # the intercept is not penalised
        model = (_binary_model(X1, y_index.astype(float), penalty) if K == 2
                 else _softmax_model(X1, y_index, K, penalty))
        theta, path = _newton(*model, X1, np.isinf(C), max_iter, tol)
        if K == 2:
            self.theta_, self.theta0_ = theta[:n], float(theta[n])
        else:
            full = np.vstack([np.zeros(n + 1), theta.reshape(K - 1, n + 1)])  # class 0: 0
            self.theta_, self.theta0_ = full[:, :n], full[:, n]
        self.classes_ = classes
        self.n_iter_ = len(path) - 1
        self.loglik_path_ = np.array(path)
        return self

    # -- prediction ------------------------------------------------------------
    def _scores(self, X):
        """``theta^T x + theta0``: the log-odds (m,) for two classes, (m, K) scores for more."""
        X = validate_X(self, X, reset=False)
        return X @ self.theta_.T + self.theta0_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = False
        tags.input_tags.allow_nan = False
        tags.classifier_tags.multi_class = True
        return tags

    def log_likelihood(self, X, y):
        """Conditional log-likelihood ``sum_i log p(y_i | x_i)`` of labelled data."""
        log_p = self.predict_log_proba(X)
        return float(log_p[np.arange(len(log_p)), self._class_index(y, len(log_p))].sum())
