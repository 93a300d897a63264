"""Geometry shared by the lessons' figures: the GDA log-odds as a line, and a line clipped to a box.

Lesson 03 (GDA) draws its boundary with these, and lesson 04 (GDA vs logistic
regression) the Bayes rule of its scenarios and the boundary on separable
data; no lesson's module imports another's, so they live here.

Functions
---------
boundary_from_parameters   theta, theta0 of the log-odds theta^T x + theta0 for given phi, mu0, mu1, Sigma
line_in_box                the two ends of the line theta^T x + theta0 = 0 inside a box
"""
import numpy as np

from .. import gaussian

__all__ = ["boundary_from_parameters", "line_in_box"]


def boundary_from_parameters(phi, mu0, mu1, Sigma):
    """The log-odds of the GDA model as a linear function ``theta^T x + theta0``.

    With a shared Sigma the quadratic terms cancel and::

        log p(y=1|x) / p(y=0|x) = theta^T x + theta0,
        theta  = Sigma^{-1} (mu1 - mu0),
        theta0 = -1/2 mu1^T Sigma^{-1} mu1 + 1/2 mu0^T Sigma^{-1} mu0 + log(phi / (1 - phi)).

    Parameters
    ----------
    phi : float in (0, 1)
        ``p(y = 1)``.
    mu0, mu1 : array-like of shape (n,)
    Sigma : array-like of shape (n, n)
        Symmetric positive definite.

    Returns
    -------
    theta : ndarray of shape (n,)
    theta0 : float

    Examples
    --------
    >>> theta, theta0 = boundary_from_parameters(0.5, [0, 0], [2, 0], [[1, 0], [0, 1]])
    >>> theta.tolist(), theta0
    ([2.0, 0.0], -2.0)
    """
    if not 0.0 < phi < 1.0:
        raise ValueError(f"phi is the probability p(y=1) and must be strictly between 0 and 1; "
                         f"got {phi!r}.")
    Sigma = gaussian.check_covariance(Sigma)
    mu0 = np.asarray(mu0, dtype=float)
    mu1 = np.asarray(mu1, dtype=float)
    # One Cholesky solve for both means: no inverse.
    a0, a1 = np.linalg.solve(Sigma, np.column_stack([mu0, mu1])).T
    theta = a1 - a0
    theta0 = -0.5 * mu1 @ a1 + 0.5 * mu0 @ a0 + np.log(phi / (1.0 - phi))
    return theta, float(theta0)


def line_in_box(theta, theta0, xlim, ylim):
    """The segment of the line ``theta[0] x1 + theta[1] x2 + theta0 = 0`` inside a box.

    Returns
    -------
    x1, x2 : ndarray of shape (2,) each, or empty arrays when the line misses
    the box or does not exist (``theta == 0``: no boundary, one class wins everywhere).
    """
    a, b = float(theta[0]), float(theta[1])
    (x_lo, x_hi), (y_lo, y_hi) = xlim, ylim
    scale = max(abs(a), abs(b))
    if scale < 1e-12:
        return np.array([]), np.array([])
    pts = []
    if abs(b) > 1e-12 * scale:  # crossings with the vertical edges
        for x in (x_lo, x_hi):
            y = -(a * x + theta0) / b
            if y_lo - 1e-9 <= y <= y_hi + 1e-9:
                pts.append((x, y))
    if abs(a) > 1e-12 * scale:  # crossings with the horizontal edges
        for y in (y_lo, y_hi):
            x = -(b * y + theta0) / a
            if x_lo - 1e-9 <= x <= x_hi + 1e-9:
                pts.append((x, y))
    if len(pts) < 2:
        return np.array([]), np.array([])
    pts = np.array(pts)
    # the two crossings farthest apart (corners can be found twice)
    d = ((pts[:, None, :] - pts[None, :, :]) ** 2).sum(-1)
    i, j = np.unravel_index(np.argmax(d), d.shape)
    return pts[[i, j], 0], pts[[i, j], 1]
