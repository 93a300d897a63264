"""Gaussian generative classifiers: GDA (LDA), QDA and Gaussian naive Bayes.

All three model ``y ~ Categorical(phi_y)`` and ``x | y=k ~ N(mu_k, Sigma_k)`` and
fit by maximum likelihood:

* ``phi_y[k]`` = fraction of the training examples in class k,
* ``mu_k``  = mean of the examples in class k,
* ``Sigma`` = average outer product of the deviations from the class means.

They differ in one thing only, how Sigma is estimated from the per-class
scatter matrices ``S_k = sum_{i: y_i = k} (x_i - mu_k)(x_i - mu_k)^T``:

=============  ==========================  ===========================
model          Sigma                       decision boundary
=============  ==========================  ===========================
GDA  (LDA)     one shared: (sum_k S_k)/m   linear (a hyperplane)
QDA            one per class: S_k / m_k    quadratic
GaussianNB     diag(S_k) / m_k per class   quadratic, axis-aligned
=============  ==========================  ===========================

so one shared base class does everything else: the sufficient statistics
(counts, means and scatter matrices, in one pass over the data:
:func:`genlearn._fast.class_statistics`), the Cholesky factor ``L`` of each
Sigma (never ``Sigma^{-1}``), and ``log p(x, y=k)`` in log space.
"""
import warnings

import numpy as np
from scipy.linalg.lapack import dtrtri

from . import _fast
from ._base import GenerativeClassifier, _linear_scores, _row_scale
from ._validation import _plain, check_is_fitted, check_nonnegative, validate_X, validate_X_y
from .gaussian import _describe_singular

__all__ = ["GDA", "QDA", "GaussianNB"]

_LOG_2PI = np.log(2.0 * np.pi)
# A feature whose variance left after regressing on the other features is at
# most this fraction of its own variance makes Sigma (numerically) singular.
_SINGULAR_RTOL = 1e-10


class _GaussianClassifier(GenerativeClassifier):
    """Shared code of GDA, QDA and GaussianNB; subclasses only estimate Sigma.

    A subclass implements ``_estimate_Sigma(counts, scatter)``, returning one
    (n, n) matrix shared by all classes (and sets ``_shared``) or a stack
    (K, n, n) of per-class matrices; ``_diagonal`` asks for the diagonal of the
    scatter matrices only; ``_min_examples(n)`` is the number of examples a
    class needs for its Sigma to be nonsingular without ``reg``.
    """

    _diagonal = False
    _shared = False

    def __init__(self, priors=None, reg=0.0):
        self.priors = priors
        self.reg = reg

    def _estimate_Sigma(self, counts, scatter):  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def phi_(self):
        """Deprecated name of :attr:`phi_y_`, the class priors."""
        if "phi_y_" not in self.__dict__:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute 'phi_'")
        warnings.warn(
            f"{type(self).__name__}.phi_ is renamed phi_y_ (the class priors p(y = k), the name "
            "they have on every genlearn classifier; on the naive Bayes models phi_ is the "
            "table of p(x_j | y)). Write .phi_y_; .phi_ will be removed in a future release.",
            FutureWarning, stacklevel=2)
        return self.phi_y_

    def _min_examples(self, n):
        return 1

    def _scores(self, X):
        return self._joint_log_proba(validate_X(self, X, reset=False))

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = False  # Sigma is dense (n x n), and so is x - mu
        tags.input_tags.allow_nan = False
        tags.classifier_tags.multi_class = True
        return tags

    # -- fitting ---------------------------------------------------------------
    def fit(self, X, y):
        """Fit phi_y, mu and Sigma by maximum likelihood.

        Parameters
        ----------
        X : array-like of shape (m, n)
        y : array-like of shape (m,)
            Class labels (numbers or strings); at least two classes.

        Returns
        -------
        self
        """
        reg = check_nonnegative(self.reg, "reg", "it is added to the diagonal of each "
                                "Sigma; try reg=0 for the pure MLE, or a small value like 1e-6")
        X, classes, y_index = validate_X_y(self, X, y, check_finite=False)
        m, n = X.shape
        K = len(classes)
        phi = self._check_priors(K)
        kind = "diagonal" if self._diagonal else "pooled" if self._shared else "full"
        counts, mu, scatter, shift, mu_shifted = _fast.class_statistics(X, y_index, K, kind)
        if reg == 0:
            self._check_counts(classes, counts, n, m)
        Sigma = self._estimate_Sigma(counts, scatter) + reg * np.eye(n)
        # Variance of each feature over all the data: the yardstick for "constant".
        within = scatter if self._diagonal else np.einsum("...jj->...j", scatter)
        within = within if self._shared else within.sum(axis=0)
        scale = (within + counts @ (mu_shifted - counts @ mu_shifted / m) ** 2) / m
        stack = Sigma[None] if self._shared else Sigma
        Ls = [self._cholesky(S, None if self._shared else classes[k], reg, scale)
              for k, S in enumerate(stack)]
        # Whitening matrices W = L^{-1} (LAPACK's triangular inverse, once at fit
        # time), stored transposed: the squared Mahalanobis distance of x to mu_k
        # is then ||x W^T - mu_k W^T||^2, one matrix product per class.  Prediction
        # works in the same shifted coordinates as the fit: x - shift, mu_k - shift.
        W_T = np.stack([dtrtri(L, lower=1)[0].T.copy() for L in Ls])
        self._shift = shift
        self._whiten_T = np.broadcast_to(W_T, (K, n, n))
        self._whiten_mu = np.einsum("kj,kjl->kl", mu_shifted, self._whiten_T)
        self._half_logdet = np.broadcast_to([np.log(np.diag(L)).sum() for L in Ls], (K,))

        self.classes_ = classes
        self.class_count_ = counts
        self.phi_y_ = phi if phi is not None else counts / m
        self.mu_ = mu
        self.Sigma_ = Sigma
        return self

    def _check_priors(self, K):
        if self.priors is None:
            return None
        try:
            # a copy (np.array, not np.asarray): fit stores it as phi_y_, which must not follow
            # later changes to the caller's array
            p = np.array(self.priors, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            p = np.array([np.nan])
        if p.shape != (K,) or not np.isfinite(p).all() or (p <= 0).any() \
                or abs(p.sum() - 1.0) > 1e-8:
            raise ValueError(
                f"priors must be {K} positive numbers summing to 1, one per class in "
                f"sorted label order; got {self.priors!r}. Use priors=None to take the "
                "class fractions of the training data."
            )
        return p

    def _check_counts(self, classes, counts, n, m):
        need = self._min_examples(n)
        few = np.flatnonzero(counts < need)
        if few.size:
            k = few[0]
            raise ValueError(
                f"class {_plain(classes[k])!r} has only {int(counts[k])} example(s), but "
                f"{type(self).__name__} needs at least {need} per class to estimate its "
                f"covariance matrix with {n} feature(s). Collect more examples, use a model "
                "with fewer parameters (GDA or GaussianNB), or set reg > 0, e.g. reg=1e-6."
            )
        if self._shared and m - len(classes) < n:
            raise ValueError(
                f"GDA needs at least n + K = {n + len(classes)} examples to estimate a "
                f"shared {n}x{n} covariance matrix, but got {m}. Collect more examples, "
                "use fewer features, or set reg > 0, e.g. reg=1e-6."
            )

    def _cholesky(self, S, label, reg, scale):
        """Cholesky factor of ``S``, or a ValueError naming the features that make it singular.

        ``S`` counts as singular when a feature is constant (its variance is at most
        a tiny fraction of its variance over all the data, ``scale``), or when the
        part of a feature's variance not explained by the other features is tiny.
        """
        constant = reg == 0 and (np.diag(S) <= _SINGULAR_RTOL * scale).any()
        try:
            L = np.linalg.cholesky(S)
        except np.linalg.LinAlgError:
            L = None
        if constant or L is None or (np.diag(L) ** 2 <= _SINGULAR_RTOL * np.diag(S)).any():
            where = "the shared Sigma" if label is None else f"Sigma of class {_plain(label)!r}"
            what = _describe_singular(S, tol=_SINGULAR_RTOL,
                                      scale=scale if reg == 0 else None)
            if what.endswith("constant"):
                what += " within every class" if label is None else " within that class"
            fix = ("increase reg" if reg > 0 else
                   "set reg > 0 (e.g. reg=1e-6; it is added to the diagonal of Sigma)")
            raise ValueError(
                f"{where} is singular: {what}. Drop or combine those features, or {fix}."
            )
        return L

    # -- prediction ------------------------------------------------------------
    def _centred(self, X):
        return X - self._shift if self._shift.any() else X

    def _mahalanobis(self, X):
        """Squared Mahalanobis distance of each row to each class mean, shape (m, K).

        ``X`` is already shifted.  All classes take one product per block of
        rows (for GaussianNB, W is diagonal and the product is elementwise).
        A row so far away that every distance overflows (beyond ~1e154) gets
        distances minus the smallest one, computed on the row divided by a
        power of two: the nearest class keeps 0, so the posterior stays defined.
        """
        n, K = X.shape[1], len(self.classes_)
        W = (np.stack([np.diag(W_T) for W_T in self._whiten_T]) if self._diagonal
             else self._whiten_T[0] if self._shared
             else np.concatenate(self._whiten_T, axis=1))
        with _fast.one_blas_thread(), np.errstate(over="ignore", invalid="ignore"):
            out = _fast.by_row_blocks(lambda B: self._distances(B, W), X, K, cost=n * K)
            bad = np.isnan(out).any(axis=1) | ~np.isfinite(out).any(axis=1)
            if bad.any():
                t = _row_scale(X[bad])
                q = self._distances(X[bad] / t[:, None], W, 1.0 / t)
                out[bad] = t[:, None] * (t[:, None] * (q - q.min(axis=1, keepdims=True)))
        return out

    def _distances(self, B, W, unit=None):
        """``||B W_k^T - mu_k W_k^T * unit||^2`` for each row of B and class k."""
        K, n = self._whiten_mu.shape
        W_mu = self._whiten_mu if unit is None else self._whiten_mu[None] * unit[:, None, None]
        if self._diagonal:
            Z = B[:, None, :] * W - W_mu
        elif self._shared:
            Z = (B @ W)[:, None, :] - W_mu
        else:
            Z = (B @ W).reshape(len(B), K, n) - W_mu
        return np.einsum("ikj,ikj->ik", Z, Z)

    def _joint_log_proba(self, X):
        return (np.log(self.phi_y_) - self._half_logdet - 0.5 * self.n_features_in_ * _LOG_2PI
                - 0.5 * self._mahalanobis(self._centred(X)))

    def predict_joint_log_proba(self, X):
        """``log p(x, y=k) = log phi_y[k] + log N(x; mu_k, Sigma_k)`` for each row and class.

        Parameters
        ----------
        X : array-like of shape (m, n)

        Returns
        -------
        ndarray of shape (m, K)
        """
        check_is_fitted(self)
        return self._joint_log_proba(validate_X(self, X, reset=False))

    def quadratic_form(self):
        """Log-odds of a binary model as ``x^T A x + b^T x + c``.

        With ``P_k = Sigma_k^{-1}`` (small n x n inverses, computed once for display)::

            A = -1/2 (P_1 - P_0)
            b = P_1 mu_1 - P_0 mu_0
            c = -1/2 (mu_1^T P_1 mu_1 - mu_0^T P_0 mu_0)
                - 1/2 log(det Sigma_1 / det Sigma_0) + log(phi_y[1] / phi_y[0])

        For GDA (one shared Sigma) ``A`` is exactly zero: the boundary is linear.

        Returns
        -------
        A : ndarray of shape (n, n)
        b : ndarray of shape (n,)
        c : float
        """
        check_is_fitted(self)
        if len(self.classes_) != 2:
            raise ValueError(
                f"quadratic_form() describes the log-odds of two classes, but this model has "
                f"{len(self.classes_)}: fit it on two classes (e.g. one class versus the rest)."
            )
        P0, P1 = [W_T @ W_T.T for W_T in self._whiten_T]  # Sigma^{-1} = W^T W
        mu0, mu1 = self.mu_
        A = -0.5 * (P1 - P0)
        b = P1 @ mu1 - P0 @ mu0
        c = (-0.5 * (mu1 @ P1 @ mu1 - mu0 @ P0 @ mu0)
             - (self._half_logdet[1] - self._half_logdet[0])
             + np.log(self.phi_y_[1] / self.phi_y_[0]))
        return A, b, float(c)


class GDA(_GaussianClassifier):
    """Gaussian discriminant analysis: one covariance matrix shared by all classes.

    The CS229 model, also called linear discriminant analysis (LDA)::

        y ~ Categorical(phi_y),   x | y=k ~ N(mu_k, Sigma)

    With a shared Sigma the quadratic terms cancel in the log-odds, so the
    posterior of a binary GDA is a logistic function of x:
    ``p(y=1 | x) = sigmoid(theta^T x + theta0)``.

    Parameters
    ----------
    priors : array-like of shape (K,), default=None
        Class probabilities phi_y; ``None`` takes the class fractions of ``y``.
    reg : float, default=0.0
        Added to the diagonal of Sigma (use it when Sigma is singular).

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
        Class labels, sorted.
    class_count_ : ndarray of shape (K,)
        Training examples m_k in each class.
    phi_y_ : ndarray of shape (K,)
        Class prior probabilities ``p(y = k)`` (named as on the naive Bayes
        models; ``phi_`` is its deprecated former name).
    mu_ : ndarray of shape (K, n)
        Class means.
    Sigma_ : ndarray of shape (n, n)
        The shared covariance matrix ``(1/m) sum_i (x_i - mu_{y_i})(x_i - mu_{y_i})^T``
        (plus ``reg`` on the diagonal).
    theta_ : ndarray of shape (n,)
        Two classes only: ``Sigma^{-1} (mu_1 - mu_0)``.
    theta0_ : float
        Two classes only: ``-1/2 (mu_1^T Sigma^{-1} mu_1 - mu_0^T Sigma^{-1} mu_0)
        + log(phi_y[1] / phi_y[0])``.
    n_features_in_ : int
        Number of features n seen in fit.

    Examples
    --------
    >>> import numpy as np
    >>> from genlearn import GDA
    >>> X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [3.0, 3.0], [4.0, 3.0], [3.0, 4.0]])
    >>> y = np.array([0, 0, 0, 1, 1, 1])
    >>> model = GDA().fit(X, y)
    >>> model.mu_
    array([[0.33333333, 0.33333333],
           [3.33333333, 3.33333333]])
    >>> model.predict([[1.0, 1.0], [3.0, 2.0]])
    array([0, 1])
    """

    _shared = True

    def _estimate_Sigma(self, counts, scatter):
        return scatter / counts.sum()  # scatter is already summed over the classes

    def fit(self, X, y):
        super().fit(X, y)
        # Linear scores: log p(x, y=k) = x^T w_k + b_k + (the same for every class),
        # with w_k = Sigma^{-1} mu_k = W^T W mu_k and b_k = -1/2 mu_k^T w_k + log phi_y[k],
        # kept in the shifted coordinates of the fit (x - shift, mu_k - shift).
        w = self._whiten_mu @ self._whiten_T[0].T
        b = -0.5 * np.einsum("kj,kj->k", self._whiten_mu, self._whiten_mu) + np.log(self.phi_y_)
        self._lin_w, self._lin_b = w.T.copy(), b
        if len(self.classes_) == 2:
            # log-odds: theta^T (x - shift) + theta0 - theta^T shift in the user's units
            self._lin_w, self._lin_b = w[1] - w[0], b[1] - b[0]
            self.theta_ = self._lin_w
            self.theta0_ = float(self._lin_b - self._shift @ self._lin_w)
        else:
            for name in ("theta_", "theta0_"):
                self.__dict__.pop(name, None)
        return self

    def _scores(self, X):
        # Linear in x: the log-odds for two classes, else K scores.
        X = self._centred(validate_X(self, X, reset=False))
        with _fast.one_blas_thread():
            return _linear_scores(X, self._lin_w, self._lin_b)


class QDA(_GaussianClassifier):
    """Quadratic discriminant analysis: one full covariance matrix per class.

    ::

        y ~ Categorical(phi_y),   x | y=k ~ N(mu_k, Sigma_k)

    The log-odds are a quadratic function of x (see :meth:`quadratic_form`).
    Each class needs more examples than features (m_k >= n + 1) for its
    Sigma_k to be invertible, unless ``reg > 0``.

    Parameters
    ----------
    priors : array-like of shape (K,), default=None
        Class probabilities phi_y; ``None`` takes the class fractions of ``y``.
    reg : float, default=0.0
        Added to the diagonal of every Sigma_k.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    class_count_ : ndarray of shape (K,)
    phi_y_ : ndarray of shape (K,)
    mu_ : ndarray of shape (K, n)
    Sigma_ : ndarray of shape (K, n, n)
        ``Sigma_k = (1/m_k) sum_{y_i = k} (x_i - mu_k)(x_i - mu_k)^T`` (the MLE,
        divided by m_k, not m_k - 1), plus ``reg`` on the diagonal.
    n_features_in_ : int

    Examples
    --------
    >>> import numpy as np
    >>> from genlearn import QDA
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(0, 1, (50, 2)), rng.normal(0, 3, (50, 2))])
    >>> y = np.repeat(["narrow", "wide"], 50)
    >>> QDA().fit(X, y).predict([[0.0, 0.0], [6.0, 6.0]])
    array(['narrow', 'wide'], dtype='<U6')
    """

    def _estimate_Sigma(self, counts, scatter):
        return scatter / counts[:, None, None]

    def _min_examples(self, n):
        return n + 1


class GaussianNB(_GaussianClassifier):
    """Gaussian naive Bayes: one diagonal covariance matrix per class.

    The naive Bayes assumption (features independent given the class) makes
    each Sigma_k diagonal, so only n variances per class are estimated::

        x_j | y=k ~ N(mu_kj, sigma_kj^2), independently for j = 1..n

    Parameters
    ----------
    priors : array-like of shape (K,), default=None
        Class probabilities phi_y; ``None`` takes the class fractions of ``y``.
    reg : float, default=0.0
        Added to every variance (scikit-learn's ``var_smoothing`` is the same
        idea, scaled by the largest variance).

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    class_count_ : ndarray of shape (K,)
    phi_y_ : ndarray of shape (K,)
    mu_ : ndarray of shape (K, n)
    var_ : ndarray of shape (K, n)
        Per-class variances ``(1/m_k) sum_{y_i = k} (x_ij - mu_kj)^2`` plus ``reg``.
    Sigma_ : ndarray of shape (K, n, n)
        The same variances as diagonal matrices.
    n_features_in_ : int

    Examples
    --------
    >>> import numpy as np
    >>> from genlearn import GaussianNB
    >>> X = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0], [6.0, 5.0], [7.0, 8.0], [8.0, 6.0]])
    >>> model = GaussianNB().fit(X, [0, 0, 0, 1, 1, 1])
    >>> model.var_
    array([[0.66666667, 0.66666667],
           [0.66666667, 1.55555556]])
    """

    _diagonal = True

    def _estimate_Sigma(self, counts, scatter):
        return (scatter / counts[:, None])[:, :, None] * np.eye(scatter.shape[1])

    def _min_examples(self, n):
        return 2

    def fit(self, X, y):
        super().fit(X, y)
        self.var_ = np.einsum("kjj->kj", self.Sigma_).copy()
        return self

