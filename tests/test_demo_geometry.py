"""genlearn.demos.geometry, the geometry lessons 03 and 04 share.

Oracles: scipy.stats' Gaussian log-densities (the log-odds of the GDA model) and
the line's equation, evaluated at the points returned.
"""
import numpy as np
import pytest
from scipy.stats import multivariate_normal

from tolerances import EXACT, ROUNDING

from genlearn.demos import gaussian_discriminant_analysis, gda_vs_logistic_regression, geometry


def test_the_lessons_use_the_shared_functions():
    for module in (gaussian_discriminant_analysis, gda_vs_logistic_regression):
        assert module.boundary_from_parameters is geometry.boundary_from_parameters
        assert module.line_in_box is geometry.line_in_box


def test_boundary_from_parameters_is_the_log_odds():
    rng = np.random.default_rng(1)
    phi, mu0, mu1 = 0.3, np.array([0.5, -1.0]), np.array([2.0, 1.5])
    Sigma = np.array([[1.2, -0.4], [-0.4, 0.6]])
    theta, theta0 = geometry.boundary_from_parameters(phi, mu0, mu1, Sigma)
    X = rng.normal(0, 3, size=(50, 2))
    log_odds = (multivariate_normal(mu1, Sigma).logpdf(X) + np.log(phi)
                - multivariate_normal(mu0, Sigma).logpdf(X) - np.log(1 - phi))
    # tol: the same log-odds from scipy's densities: rounding of terms ~10
    np.testing.assert_allclose(X @ theta + theta0, log_odds, atol=1e-10)
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        geometry.boundary_from_parameters(1.0, mu0, mu1, Sigma)
    with pytest.raises(ValueError, match="positive definite"):
        geometry.boundary_from_parameters(0.5, mu0, mu1, [[1.0, 2.0], [2.0, 1.0]])


def test_line_in_box():
    x, y = geometry.line_in_box([1.0, 1.0], -1.0, (-2, 2), (-2, 2))
    assert len(x) == 2
    np.testing.assert_allclose(x + y - 1.0, 0.0, atol=ROUNDING)
    assert np.all((np.abs(x) <= 2 + 1e-9) & (np.abs(y) <= 2 + 1e-9))
    x, y = geometry.line_in_box([0.0, 2.0], -1.0, (-2, 2), (-2, 2))  # horizontal, x2 = 0.5
    # tol: exact: the box's edges, and 0.5 = 1/2 from one division
    np.testing.assert_allclose(sorted(x), [-2, 2], rtol=EXACT)
    np.testing.assert_allclose(y, 0.5, rtol=EXACT)
    for theta, theta0 in (([0.0, 0.0], 1.0), ([1.0, 0.0], -10.0)):  # no line / outside
        assert geometry.line_in_box(theta, theta0, (-2, 2), (-2, 2))[0].size == 0
