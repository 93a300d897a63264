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

How the numbers are kept accurate and fast:

* The features are centred internally (by a rough mean, when a mean is large
  compared with the spread): with a common offset such as 1e8, the raw
  columns are nearly parallel to the column of ones and the Hessian is
  numerically singular.  The coefficients are reported in the user's units.
* ``X^T S X`` is a symmetric product ``A^T A`` with ``A = sqrt(S) [X - c, 1]``,
  built block by block (no copy of ``[X, 1]``: :class:`genlearn._fast.ShiftedRows`),
  and each Newton system is solved after scaling the Hessian to unit diagonal.
* From 100,000 examples on, Newton's method first fits every 16th example and
  jumps to that fit: each pass over all the data is the expensive part, and
  from there it takes about half as many.
* When the maximum-likelihood estimate does not exist because the classes
  are separable, completely or only partly ("quasi-separation"), a linear
  program checks it and a :class:`SeparableDataWarning` says so.
"""
import warnings
from numbers import Real

import numpy as np
import scipy.sparse as sp
from scipy.linalg import LinAlgError, cho_factor, cho_solve
from scipy.optimize import linprog
from sklearn.exceptions import ConvergenceWarning

from . import _fast
from ._base import BaseEstimator, ClassifierMixin, _linear_scores, _log_sigmoid, logsumexp, sigmoid
from ._validation import check_nonnegative, check_positive_int, validate_X, validate_X_y
from .gaussian import _describe_singular

__all__ = ["LogisticRegression", "SeparableDataWarning", "ConvergenceWarning"]

class SeparableDataWarning(ConvergenceWarning):
    """The classes are (partly) linearly separable: the unpenalised MLE does not exist.

    A subclass of scikit-learn's :class:`~sklearn.exceptions.ConvergenceWarning`
    (which genlearn itself raises when ``max_iter`` is reached).

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


# -- The two models. Each gives Newton's method a start (the intercept-only MLE),
#    scores(v), objective(scores, v), derivatives(scores, v) -> (gradient, minus the
#    Hessian), and margins(scores): how far each example is on its own side. --------

def _binary_model(data, y, penalty):
    """Two classes: ``v = (theta, theta0)`` in shifted coordinates, ``z = (x - c) theta + theta0``."""
    def scores(v):
        return data.dot(v[:-1]) + v[-1]

    def objective(z, v):  # the log-likelihood minus the penalty
        # y log h + (1 - y) log(1 - h) = y log h + (1 - y) (log h - z) = log h - (1 - y) z
        return _log_sigmoid(z).sum() - (1.0 - y) @ z - 0.5 * penalty @ v ** 2

    def derivatives(z, v):
        h = sigmoid(z)
        H, g = data.gram((h * (1.0 - h))[:, None], (y - h)[:, None])
        return g[:, 0] - penalty * v, H[0] + np.diag(penalty)

    def margins(z):
        return (2.0 * y - 1.0) * z

    start = np.zeros(data.n + 1)
    start[-1] = np.log(y.mean() / (1.0 - y.mean()))
    return start, scores, objective, derivatives, margins


def _softmax_model(data, y_index, K, penalty):
    """K > 2 classes, class 0 the reference: the free parameters are ``Theta``
    (K-1, n+1), flattened; the gradient block of class a is ``X^T (1{y=a} - p_a)``
    and the Hessian block (a, b) is ``-X^T diag(p_a (1{a=b} - p_b)) X``."""
    m, d = data.m, data.n + 1
    Y = np.eye(K)[y_index]
    penalties = np.tile(penalty, K - 1)
    pairs = [(a, b) for a in range(1, K) for b in range(a, K)]

    def scores(flat):
        T = flat.reshape(K - 1, d)
        Z = np.zeros((m, K))
        Z[:, 1:] = data.dot(T[:, :-1].T) + T[:, -1]
        return Z

    def objective(Z, flat):
        return np.sum(Y * (Z - logsumexp(Z, axis=1, keepdims=True))) - 0.5 * penalties @ flat ** 2

    def derivatives(Z, flat):
        P = np.exp(Z - logsumexp(Z, axis=1, keepdims=True))
        # p_a (1 - p_a) on the diagonal blocks, p_a p_b (with a minus sign) off it
        weights = np.column_stack([P[:, a] * ((a == b) - P[:, b]) * (1 if a == b else -1)
                                   for a, b in pairs])
        blocks, g = data.gram(weights, (Y - P)[:, 1:])
        H = np.empty((K - 1, d, K - 1, d))
        for (a, b), block in zip(pairs, blocks):
            block = block if a == b else -block
            H[a - 1, :, b - 1, :] = block
            H[b - 1, :, a - 1, :] = block.T
        return g.T.ravel() - penalties * flat, H.reshape(len(flat), len(flat)) + np.diag(penalties)

    def margins(Z):
        return Z[np.arange(m), y_index] - np.where(Y > 0, -np.inf, Z).max(axis=1)

    counts = Y.sum(axis=0)
    start = np.zeros((K - 1, d))
    start[:, -1] = np.log(counts[1:] / counts[0])
    return start.ravel(), scores, objective, derivatives, margins


# -- Newton's method ----------------------------------------------------------------

#: Examples further than this on their own side of the boundary (log-odds > 15,
#: p > 1 - 3e-7) are a sign of quasi-separation, which a linear program then checks.
_SUSPICIOUS_MARGIN = 15.0

#: A Newton system whose unit-diagonal Hessian has a Cholesky pivot below this
#: (the fraction of a feature's weighted variance not explained by the others)
#: is treated as singular at the first step.
_SINGULAR_RTOL = 1e-13


def _newton(v, scores, objective, derivatives, margins, max_iter, tol, stop_if_separated,
            warm=None):
    """Maximise ``objective`` from ``v``; if ``warm`` (a better guess) is given, its
    first iteration jumps there instead, if that raises the objective.

    Returns ``(v, scores, path, status)``, status one of "converged",
    "separated" (every example strictly on its own side), "singular" (the
    Hessian became numerically singular) and "max_iter".
    """
    Z = scores(v)
    path = [objective(Z, v)]
    if warm is not None:
        Z_warm = scores(warm)
        value = objective(Z_warm, warm)
        if value > path[-1]:
            v, Z = warm, Z_warm
            path.append(value)
    for it in range(len(path), max_iter + 1):
        gradient, hessian = derivatives(Z, v)
        step = _newton_step(hessian, gradient, first=it == 1)
        if step is None:
            return v, Z, path, "singular"
        # Take the Newton step, halving it while it would lower the objective.
        decrement = 0.5 * gradient @ step  # the predicted gain, g^T H^{-1} g / 2
        for _ in range(40):
            new = v + step
            Z_new = scores(new)
            value = objective(Z_new, new)
            if value >= path[-1] - 1e-12 * abs(path[-1]):
                v, Z = new, Z_new
                break
            step, decrement = step / 2.0, decrement / 2.0
        else:
            value, decrement = path[-1], 0.0
        path.append(value)
        if stop_if_separated and (margins(Z) > 0).all():
            return v, Z, path, "separated"
        if decrement <= tol:
            return v, Z, path, "converged"
    return v, Z, path, "max_iter"


#: From this many examples on, Newton's method first fits an evenly spaced sample
#: of the rows (every 16th; every 4th to 15th below 400,000) and jumps to that fit:
#: already near the optimum, it then needs about half the passes over all the data.
_SAMPLE_FROM = 100_000


def _sample_start(X, shift, y_index, K, penalty, max_iter):
    """Parameters fitted to every ``step``-th row (the penalty scaled to the sample's
    size), or None when that fit does not converge (e.g. a separable sample, or
    dependent features in it: the fit to all the data then starts as usual and
    decides).  A sample of separable data is separable, and one of dependent
    features is dependent, so those cases never get a start from the sample."""
    step = min(16, len(X) * 4 // _SAMPLE_FROM)
    data = _fast.ShiftedRows(X[::step].copy(), shift)
    start, *model = _model(data, y_index[::step], K, penalty / step)
    v, _, _, status = _newton(start, *model, max_iter, tol=1e-3, stop_if_separated=True)
    return v if status == "converged" else None


def _model(data, y_index, K, penalty):
    return (_binary_model(data, y_index.astype(float), penalty) if K == 2
            else _softmax_model(data, y_index, K, penalty))


def _newton_step(hessian, gradient, first):
    """Solve ``(-Hessian) step = gradient`` by Cholesky, after scaling to unit diagonal.

    Returns ``None`` if it is singular (at the first step, also if nearly so).
    """
    d = np.sqrt(np.diag(hessian))
    if not (d > 0).all():
        return None
    try:
        factor = cho_factor(hessian / d[:, None] / d[None, :], lower=True)
    except LinAlgError:
        return None
    if first and (np.diag(factor[0]) ** 2 <= _SINGULAR_RTOL).any():
        return None
    return cho_solve(factor, gradient / d) / d


def _separating_direction(data, y_index, K):
    """Is there a direction along which every example stays on its own side or moves
    further in (quasi-complete separation)?  Then the likelihood has no maximum.

    A linear program (after Konis, 2007): with ``x~ = ((x - shift) / sd, 1)``,
    maximise the sum of the margins ``(theta_{y_i} - theta_b)^T x~_i`` over the
    directions with every margin >= 0 and every coordinate in [-1, 1].  A
    positive optimum is a separating direction; it is checked again in plain
    arithmetic, so that solver tolerances never count as separation.
    """
    m, n = data.m, data.n
    Xc = data.X - data.shift
    sd = Xc.std(axis=0)
    Xt = np.column_stack([Xc / np.where(sd > 0, sd, 1.0), np.ones(m)])
    d = n + 1
    rows, cols, vals = [], [], []
    for b in range(K):  # the margin of each example i against each wrong class b
        keep = np.flatnonzero(y_index != b)
        for sign, cls in ((1.0, y_index[keep]), (-1.0, np.full(len(keep), b))):
            ok = cls != 0  # class 0 has no parameters (its scores are 0)
            rows.append(np.repeat(keep[ok] * K + b, d))
            cols.append(((cls[ok] - 1)[:, None] * d + np.arange(d)).ravel())
            vals.append(sign * Xt[keep[ok]].ravel())
    A = sp.coo_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
                      shape=(m * K, (K - 1) * d)).tocsr()
    A = A[np.flatnonzero(np.diff(A.indptr) > 0)]  # drop the empty rows (b = y_i)
    # (HiGHS's presolve can take seconds on these tall problems -- 14 s for 100,000
    # examples of one feature -- where the dual simplex alone takes 0.1 s.)
    result = linprog(-np.asarray(A.sum(axis=0)).ravel(), A_ub=-A, b_ub=np.zeros(A.shape[0]),
                     bounds=(-1, 1), method="highs-ds", options={"presolve": False})
    if result.status != 0 or -result.fun <= 1e-6:
        return False
    margin = A @ result.x
    return bool(margin.max() > 1e-6 and margin.min() >= -1e-9 * margin.max())


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
        Newton iterations performed (from m = 100,000 examples on, the first
        is the jump to the fit of every 16th example).
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
        # Work in centred coordinates, x - shift: theta is the same, the intercept moves.
        data = _fast.ShiftedRows(X, _fast.rough_centre(X))
        penalty = np.full(n + 1, 0.0 if np.isinf(C) else 1.0 / C)
        penalty[n] = 0.0  # the intercept is not penalised
        unpenalised = np.isinf(C)
        start, scores, objective, derivatives, margins = _model(data, y_index, K, penalty)
        with _fast.one_blas_thread():
            warm = (_sample_start(X, data.shift, y_index, K, penalty, max_iter)
                    if m >= _SAMPLE_FROM else None)
            v, Z, path, status = _newton(start, scores, objective, derivatives, margins,
                                         max_iter, tol, unpenalised, warm)
            if status == "singular" and len(path) == 1:
                self._raise_singular(derivatives(Z, v)[1][:n + 1, :n + 1], n)
            T = v.reshape(-1, n + 1)
            self._warn(status, unpenalised, max_iter, np.linalg.norm(T[:, :n]),
                       lambda: (margins(Z) > _SUSPICIOUS_MARGIN).any(),
                       lambda: _separating_direction(data, y_index, K))
        self._shift = data.shift
        if K == 2:
            self._coef, self._intercept = T[0, :n], T[0, n]
            self.theta_ = self._coef
            self.theta0_ = float(self._intercept - data.shift @ self._coef)
        else:
            full = np.vstack([np.zeros(n + 1), T])  # class 0 scores 0
            self._coef, self._intercept = full[:, :n].T.copy(), full[:, n]
            self.theta_ = full[:, :n]
            self.theta0_ = self._intercept - self.theta_ @ data.shift
        self.classes_ = classes
        self.n_iter_ = len(path) - 1
        self.loglik_path_ = np.array(path)
        return self

    @staticmethod
    def _raise_singular(hessian, n):
        # At the start the weights are the same for every example, so the Hessian is
        # a multiple of [X - c, 1]^T [X - c, 1]: singular means constant or linearly
        # dependent features.  Their covariance is the Schur complement of the 1s.
        cov = hessian[:n, :n] - np.outer(hessian[:n, n], hessian[:n, n]) / hessian[n, n]
        what = _describe_singular(cov)
        raise ValueError(
            f"The Hessian of the log-likelihood is singular because {what} (a constant "
            "feature duplicates the intercept). Drop or combine those features, or add "
            "an L2 penalty with a finite C, e.g. C=1.0."
        )

    @staticmethod
    def _warn(status, unpenalised, max_iter, size, suspicious, separable):
        """Say why Newton's method stopped, if it was not plain convergence."""
        if status == "separated":
            warnings.warn(
                "The training data are linearly separable: the log-likelihood keeps "
                "growing as the coefficients grow, so the unpenalised maximum-likelihood "
                "estimate does not exist (theta diverges to infinity). Newton's method "
                f"stopped at a theta that separates the data (|theta| = {size:.3g}, an "
                "arbitrary scale). Use a finite C (an L2 penalty), e.g. C=1.0, for a "
                "unique fit.", SeparableDataWarning, stacklevel=3)
            return
        # Converged with examples predicted with near certainty, stuck, or out of
        # iterations: is it quasi-separation?  (A linear program decides; it runs
        # only in these cases.)
        if unpenalised and (status != "converged" or suspicious()) and separable():
            warnings.warn(
                "The training data are quasi-separable: along some direction of the "
                "features, some examples are separated perfectly and the others lie on "
                "the boundary, so the log-likelihood keeps growing as the coefficients "
                "grow and the unpenalised maximum-likelihood estimate does not exist. "
                f"Newton's method stopped at |theta| = {size:.3g}, an arbitrary scale "
                "(a smaller tol gives a larger theta). Use a finite C (an L2 penalty), "
                "e.g. C=1.0, for a unique fit.", SeparableDataWarning, stacklevel=3)
        elif status == "max_iter":
            warnings.warn(
                f"Newton's method did not reach tol within max_iter={max_iter} iterations; "
                "increase max_iter.", ConvergenceWarning, stacklevel=3)
        elif status == "singular":
            warnings.warn(
                "Newton's method stopped: the Hessian became numerically singular (some "
                "fitted probabilities are 0 or 1 to machine precision). Use a finite C "
                "(an L2 penalty), e.g. C=1.0, for a well-defined fit.",
                ConvergenceWarning, stacklevel=3)

    # -- prediction ------------------------------------------------------------
    def _scores(self, X):
        """``theta^T x + theta0``: the log-odds (m,) for two classes, (m, K) scores for more.

        Computed as ``theta^T (x - c) + theta0'`` in the centred coordinates of the fit.
        """
        X = validate_X(self, X, reset=False)
        X = X - self._shift if self._shift.any() else X
        with _fast.one_blas_thread():
            return _linear_scores(X, self._coef, self._intercept)

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
