"""The multivariate normal distribution N(mu, Sigma).

Functions
---------
pdf, logpdf        the density and its logarithm at the rows of ``X``
sample             draw examples with a Cholesky factor (no inverse)
covariance         the 2x2 Sigma built from two standard deviations and a correlation
principal_axes     eigenvalues (ascending) and unit eigenvectors of Sigma
check_covariance   ValueError unless Sigma is square, symmetric, positive definite

The log-density of x in R^n is::

    log p(x) = -1/2 (x - mu)^T Sigma^{-1} (x - mu) - 1/2 log det(2 pi Sigma)

We never form ``Sigma^{-1}``: with the Cholesky factor ``Sigma = L L^T`` the
quadratic form is ``||z||^2`` where ``L z = x - mu`` (a triangular solve), and
``log det Sigma = 2 sum(log diag L)``.

Examples
--------
>>> import numpy as np
>>> from genlearn import gaussian
>>> Sigma = gaussian.covariance(1.0, 2.0, 0.5)
>>> Sigma
array([[1., 1.],
       [1., 4.]])
>>> round(float(gaussian.pdf([0.0, 0.0], [0.0, 0.0], Sigma)), 6)
0.091888
"""
import numpy as np
from scipy.linalg import solve_triangular

__all__ = ["pdf", "logpdf", "sample", "covariance", "principal_axes", "ellipse_points",
           "check_covariance", "mahalanobis"]

_LOG_2PI = np.log(2.0 * np.pi)


def check_covariance(Sigma, *, name="Sigma"):
    """Return ``Sigma`` as a float array, or raise a ValueError saying what is wrong.

    A covariance matrix must be square, symmetric and positive definite (all
    eigenvalues > 0).  A 1x1 Sigma may be given as a number (the variance).

    Parameters
    ----------
    Sigma : array-like of shape (n, n)
    name : str, default="Sigma"
        Used in the messages.

    Returns
    -------
    Sigma : ndarray of shape (n, n)

    Examples
    --------
    >>> check_covariance([[1.0, 2.0], [2.0, 1.0]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Sigma is not positive definite: its smallest eigenvalue is -1 (it must be > 0). ...
    """
    try:
        S = np.asarray(Sigma, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a square matrix of numbers; got {Sigma!r}.") from None
    if S.ndim == 0:
        S = S.reshape(1, 1)
    if S.ndim != 2 or S.shape[0] != S.shape[1] or S.shape[0] == 0:
        raise ValueError(
            f"{name} must be a square (n, n) matrix, but it has shape {S.shape}. "
            "For n features pass an n-by-n array, e.g. np.eye(n)."
        )
    if not np.isfinite(S).all():
        raise ValueError(f"{name} contains NaN or infinity: every entry must be a finite number.")
    scale = max(np.abs(S).max(), np.finfo(float).tiny)
    asym = np.abs(S - S.T).max()
    if asym > 1e-10 * scale:
        i, j = np.unravel_index(np.argmax(np.abs(S - S.T)), S.shape)
        raise ValueError(
            f"{name} is not symmetric: {name}[{i}, {j}] = {S[i, j]:.6g} but "
            f"{name}[{j}, {i}] = {S[j, i]:.6g}. A covariance matrix satisfies "
            f"Sigma[i, j] == Sigma[j, i]; use ({name} + {name}.T) / 2 if the difference "
            "is rounding."
        )
    S = (S + S.T) / 2.0
    try:
        np.linalg.cholesky(S)
    except np.linalg.LinAlgError:
        smallest = np.linalg.eigvalsh(S)[0]
        raise ValueError(
            f"{name} is not positive definite: its smallest eigenvalue is {smallest:.6g} "
            "(it must be > 0). Check the variances are positive and every correlation is "
            "strictly between -1 and 1, or add a small multiple of the identity, "
            f"e.g. {name} + 1e-6 * np.eye(n)."
        ) from None
    return S


def _as_points(X, n):
    """``X`` as an array whose last axis has length ``n`` (the point's coordinates)."""
    X = np.asarray(X, dtype=float)
    if n == 1 and (X.ndim == 0 or X.shape[-1] != 1):
        X = X[..., None]  # a 1-D Gaussian: every number is a point
    if X.ndim == 0 or X.shape[-1] != n:
        raise ValueError(
            f"X must hold points with {n} coordinate(s) along its last axis (shape (m, {n}) "
            f"or ({n},)), to match mu and Sigma; got shape {X.shape}."
        )
    return X


def _mu_Sigma(mu, Sigma):
    S = check_covariance(Sigma)
    n = S.shape[0]
    mu = np.asarray(mu, dtype=float).reshape(-1)
    if mu.shape != (n,):
        raise ValueError(
            f"mu has {mu.size} entries but Sigma is {n}x{n}: the mean needs one entry per "
            "feature, the same number as the rows of Sigma."
        )
    if not np.isfinite(mu).all():
        raise ValueError("mu contains NaN or infinity: every entry must be a finite number.")
    return mu, S


def _squared_distance(X, mu, Sigma):
    """``(x - mu)^T Sigma^{-1} (x - mu)`` for each point of ``X``, with ``log det Sigma / 2``.

    With ``Sigma = L L^T`` this is ``||z||^2`` where ``L z = x - mu``.
    """
    mu, S = _mu_Sigma(mu, Sigma)
    X = _as_points(X, len(mu))
    L = np.linalg.cholesky(S)
    z = solve_triangular(L, X.reshape(-1, len(mu)).T - mu[:, None], lower=True,
                         check_finite=False)
    return np.einsum("ij,ij->j", z, z).reshape(X.shape[:-1]), np.log(np.diag(L)).sum()


def _float_if_0d(a):
    return float(a) if a.ndim == 0 else a


def logpdf(X, mu, Sigma):
    """Log-density of N(mu, Sigma) at each point of ``X``.

    Parameters
    ----------
    X : array-like of shape (m, n), (n,), or any (..., n) grid of points
        For a 1-D Gaussian (n = 1) any array of numbers.
    mu : array-like of shape (n,)
    Sigma : array-like of shape (n, n)
        Symmetric positive definite; checked by :func:`check_covariance`.

    Returns
    -------
    ndarray of shape ``X.shape[:-1]`` (a float for a single point)

    Examples
    --------
    >>> round(logpdf([1.0, 0.0], [0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]]), 6)  # -1/2 - log(2 pi)
    -2.337877
    """
    maha, half_logdet = _squared_distance(X, mu, Sigma)
    n = np.size(mu)
    return _float_if_0d(-0.5 * maha - half_logdet - 0.5 * n * _LOG_2PI)


def pdf(X, mu, Sigma):
    """Density of N(mu, Sigma) at each point of ``X``: ``exp(logpdf(X, mu, Sigma))``.

    Parameters
    ----------
    X : array-like of shape (m, n), (n,), or any (..., n) grid of points
        For a 1-D Gaussian (n = 1) any array of numbers.
    mu : array-like of shape (n,)
    Sigma : array-like of shape (n, n)
        Symmetric positive definite.

    Returns
    -------
    ndarray of shape ``X.shape[:-1]`` (a float for a single point)

    Examples
    --------
    >>> round(float(pdf(0.0, 0.0, 1.0)), 6)  # 1 / sqrt(2 pi)
    0.398942
    """
    return np.exp(logpdf(X, mu, Sigma))


def mahalanobis(X, mu, Sigma):
    """Squared Mahalanobis distance ``(x - mu)^T Sigma^{-1} (x - mu)`` for each point.

    The contour ellipses of the density are the sets where this is constant.

    Parameters
    ----------
    X : array-like of shape (m, n), (n,), or any (..., n) grid of points
    mu : array-like of shape (n,)
    Sigma : array-like of shape (n, n)
        Symmetric positive definite.

    Returns
    -------
    ndarray of shape ``X.shape[:-1]`` (a float for a single point)

    Examples
    --------
    >>> mahalanobis([2.0, 3.0], [0.0, 0.0], [[4.0, 0.0], [0.0, 9.0]])  # 2^2/4 + 3^2/9
    2.0
    """
    return _float_if_0d(_squared_distance(X, mu, Sigma)[0])


def sample(mu, Sigma, size, rng=None):
    """Draw ``size`` examples from N(mu, Sigma).

    With ``Sigma = L L^T`` and z ~ N(0, I), ``x = mu + L z`` has covariance Sigma.

    Parameters
    ----------
    mu : array-like of shape (n,)
    Sigma : array-like of shape (n, n)
    size : int
        Number of examples m.
    rng : None, int or numpy.random.Generator
        Seed or generator, for reproducible draws.

    Returns
    -------
    X : ndarray of shape (size, n)

    Examples
    --------
    >>> X = sample([0.0, 0.0], covariance(1.0, 1.0, 0.9), size=5000, rng=0)
    >>> X.shape
    (5000, 2)
    """
    mu, S = _mu_Sigma(mu, Sigma)
    if isinstance(size, (bool, np.bool_)) or not isinstance(size, (int, np.integer)) or size < 0:
        raise ValueError(f"size must be a non-negative whole number of examples; got {size!r}.")
    rng = np.random.default_rng(rng)
    L = np.linalg.cholesky(S)
    Z = rng.standard_normal((int(size), len(mu)))
    return mu + Z @ L.T


def covariance(sigma1, sigma2, rho):
    """The 2x2 covariance matrix with standard deviations sigma1, sigma2 and correlation rho.

    ::

        Sigma = [[sigma1**2,             rho * sigma1 * sigma2],
                 [rho * sigma1 * sigma2, sigma2**2            ]]

    Parameters
    ----------
    sigma1, sigma2 : float > 0
    rho : float with -1 < rho < 1

    Returns
    -------
    Sigma : ndarray of shape (2, 2)

    Examples
    --------
    >>> covariance(2.0, 3.0, -0.5)
    array([[ 4., -3.],
           [-3.,  9.]])
    """
    for name, value in (("sigma1", sigma1), ("sigma2", sigma2), ("rho", rho)):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
            raise ValueError(f"{name} must be a number; got {value!r}. For a matrix of your own use "
                             "check_covariance(Sigma).")
    for name, s in (("sigma1", sigma1), ("sigma2", sigma2)):
        if not np.isfinite(s) or s <= 0:
            raise ValueError(
                f"{name} is a standard deviation and must be a positive finite number; "
                f"got {s!r}."
            )
    if not np.isfinite(rho) or not -1.0 < rho < 1.0:
        raise ValueError(
            f"rho is a correlation and must be strictly between -1 and 1 (at +-1 Sigma is "
            f"singular and the density does not exist); got {rho!r}."
        )
    c = rho * sigma1 * sigma2
    Sigma = np.array([[sigma1 * sigma1, c], [c, sigma2 * sigma2]], dtype=float)
    if not np.isfinite(Sigma).all() or min(Sigma[0, 0], Sigma[1, 1]) == 0.0:
        raise ValueError(
            f"sigma1 = {sigma1!r} and sigma2 = {sigma2!r} give variances {Sigma[0, 0]!r} and {Sigma[1, 1]!r}, "
            "which overflow or underflow a float; rescale the data to standard deviations between "
            "about 1e-150 and 1e150."
        )
    return Sigma


def principal_axes(Sigma):
    """Eigenvalues (ascending) and unit eigenvectors of Sigma: the axes of its ellipses.

    The contour ``(x - mu)^T Sigma^{-1} (x - mu) = r^2`` is an ellipse (ellipsoid)
    whose semi-axis along ``vectors[:, j]`` has length ``r * sqrt(values[j])``.

    Parameters
    ----------
    Sigma : array-like of shape (n, n)

    Returns
    -------
    values : ndarray of shape (n,)
        Variances along the axes, smallest first.
    vectors : ndarray of shape (n, n)
        Column ``j`` is the unit eigenvector of ``values[j]``; each is signed so
        that its largest-magnitude entry is positive (a reproducible choice).

    Examples
    --------
    >>> values, vectors = principal_axes([[2.0, 1.0], [1.0, 2.0]])
    >>> values
    array([1., 3.])
    """
    S = check_covariance(Sigma)
    values, vectors = np.linalg.eigh(S)
    idx = np.argmax(np.abs(vectors), axis=0)
    signs = np.sign(vectors[idx, np.arange(vectors.shape[1])])
    return values, vectors * signs


def ellipse_points(mu, Sigma, r=1.0, num=73):
    """Points of the 2-D contour ``(x - mu)^T Sigma^{-1} (x - mu) = r^2``, shape (num, 2).

    With ``Sigma = V diag(lambda) V^T`` the ellipse is ``mu + r V diag(sqrt(lambda)) u``
    for unit vectors ``u``: its semi-axes lie along the eigenvectors (see
    :func:`principal_axes`) with lengths ``r sqrt(lambda_j)``. The curve is
    closed: the last point equals the first.

    Parameters
    ----------
    mu : array-like of shape (2,)
    Sigma : array-like of shape (2, 2)
        Symmetric positive definite.
    r : float, default=1.0
        Mahalanobis radius of the contour.
    num : int, default=73
        Number of points (73 gives one every 5 degrees).

    Examples
    --------
    >>> xy = ellipse_points([1, 0], [[4.0, 0.0], [0.0, 1.0]], r=2.0, num=9)
    >>> d = xy - [1, 0]
    >>> np.allclose(d[:, 0] ** 2 / 4 + d[:, 1] ** 2, 2.0 ** 2), np.allclose(xy[0], xy[-1])
    (True, True)
    """
    mu = np.asarray(mu, dtype=float)
    if mu.shape != (2,):
        raise ValueError(f"ellipse_points draws 2-D contours: mu must have shape (2,), got {mu.shape}.")
    values, vectors = principal_axes(Sigma)
    t = np.linspace(0.0, 2.0 * np.pi, num)
    u = np.stack([np.cos(t), np.sin(t)])
    return mu + (r * (vectors * np.sqrt(values)) @ u).T


def _describe_singular(Sigma, tol=1e-12, scale=None):
    """Name the features that make a (nearly) singular covariance matrix singular.

    Returns a phrase such as ``"feature 3 is constant"`` or ``"features 1 and 4
    are linearly dependent (...)"``.  A feature counts as constant when its
    variance is at most ``tol * scale`` (``scale``: a variance per feature, by
    default the largest variance in Sigma); otherwise the features loading on
    the smallest eigenvalue(s) of the correlation matrix are named.
    """
    S = np.asarray(Sigma, dtype=float)
    d = np.diag(S)
    if scale is None:
        scale = d.max()
    constant = np.flatnonzero(d <= tol * np.maximum(scale, np.finfo(float).tiny))
    if constant.size:
        return (f"feature {constant[0]} is constant" if constant.size == 1
                else f"features {_list(constant)} are constant")
    R = S / np.sqrt(np.outer(d, d))  # the correlation matrix
    values, vectors = np.linalg.eigh(R)
    null = values <= max(tol * len(d), values[0])
    # Features that take part in a linear dependence load on a null eigenvector.
    loading = np.abs(vectors[:, null]).max(axis=1)
    involved = np.flatnonzero(loading > 0.05)
    if involved.size == 1:
        return f"feature {involved[0]} is almost constant"
    if involved.size == 2:
        return (f"features {_list(involved)} are linearly dependent "
                "(one is a multiple of the other, e.g. a duplicated column)")
    return (f"features {_list(involved)} are linearly dependent "
            "(one is a linear combination of the others)")


def _list(idx):
    idx = [str(int(i)) for i in idx]
    return idx[0] if len(idx) == 1 else ", ".join(idx[:-1]) + " and " + idx[-1]
