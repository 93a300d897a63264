"""genlearn.gaussian against scipy.stats and closed forms."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from tolerances import ROUNDING, draw_cov, draw_mean

from genlearn import gaussian


def random_spd(rng, n):
    A = rng.normal(size=(n, n))
    return A @ A.T + 0.1 * np.eye(n)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 6))
def test_pdf_and_logpdf_equal_scipy(seed, n):
    rng = np.random.default_rng(seed)
    Sigma, mu = random_spd(rng, n), rng.normal(size=n)
    X = rng.normal(size=(40, n)) * 2
    oracle = stats.multivariate_normal(mu, Sigma)
    # tol: the same density another way (scipy): rounding of log-dets and quadratic forms of size ~10, relative; atol
    # for the densities that underflow
    np.testing.assert_allclose(gaussian.logpdf(X, mu, Sigma), oracle.logpdf(X), rtol=1e-10,
                               atol=1e-10)
    np.testing.assert_allclose(gaussian.pdf(X, mu, Sigma), oracle.pdf(X), rtol=1e-10,  # tol: (above)
                               atol=1e-300)


def test_shapes_single_point_grid_and_one_dimensional():
    Sigma = gaussian.covariance(1.0, 2.0, 0.5)
    assert isinstance(gaussian.pdf([0.0, 0.0], [0.0, 0.0], Sigma), float)
    # 1 / (2 pi sqrt(det Sigma)), det = 1 * 4 - 1 = 3
    assert gaussian.pdf([0.0, 0.0], [0.0, 0.0], Sigma) == pytest.approx(  # tol: a few operations: ulps
        1 / (2 * np.pi * np.sqrt(3.0)), rel=1e-14)
    grid = np.stack(np.meshgrid(np.linspace(-2, 2, 5), np.linspace(-1, 1, 3)), axis=-1)
    out = gaussian.pdf(grid, [0.0, 0.0], Sigma)
    assert out.shape == (3, 5)
    np.testing.assert_allclose(out, stats.multivariate_normal([0, 0], Sigma).pdf(grid),
                               rtol=ROUNDING)
    x = np.linspace(-3, 3, 7)
    np.testing.assert_allclose(gaussian.pdf(x, 1.0, 4.0), stats.norm(1.0, 2.0).pdf(x),
                               rtol=ROUNDING)
    # tol: a few operations: ulps
    assert gaussian.pdf(0.0, 0.0, 1.0) == pytest.approx(1 / np.sqrt(2 * np.pi), rel=1e-14)


def test_mahalanobis_closed_form():
    Sigma = np.diag([4.0, 9.0])
    # tol: a quadratic form by a solve: rounding
    assert gaussian.mahalanobis([2.0, 3.0], [0.0, 0.0], Sigma) == pytest.approx(2.0, rel=ROUNDING)


def test_far_points_logpdf_finite_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = gaussian.logpdf([[1e150, -1e150]], [0.0, 0.0], np.eye(2))
        assert np.isfinite(value).all() and value[0] < -1e299


def test_sample_moments_and_reproducibility():
    mu = np.array([1.0, -2.0])
    Sigma = gaussian.covariance(1.5, 0.5, -0.7)
    X = gaussian.sample(mu, Sigma, size=200_000, rng=0)
    assert X.shape == (200_000, 2)
    np.testing.assert_array_less(np.abs(X.mean(axis=0) - mu), draw_mean(np.diag(Sigma), len(X)))
    np.testing.assert_array_less(np.abs(np.cov(X.T) - Sigma), draw_cov(Sigma, len(X)))
    np.testing.assert_array_equal(gaussian.sample(mu, Sigma, 5, rng=3),
                                  gaussian.sample(mu, Sigma, 5, rng=3))
    assert gaussian.sample(mu, Sigma, 0, rng=0).shape == (0, 2)
    with pytest.raises(ValueError, match="size"):
        gaussian.sample(mu, Sigma, 2.5)


def test_covariance_entries_and_errors():
    np.testing.assert_array_equal(gaussian.covariance(2.0, 3.0, 0.5),
                                  [[4.0, 3.0], [3.0, 9.0]])
    with pytest.raises(ValueError, match="sigma1.*positive"):
        gaussian.covariance(0.0, 1.0, 0.0)
    with pytest.raises(ValueError, match="sigma2.*positive"):
        gaussian.covariance(1.0, -1.0, 0.0)
    for rho in (1.0, -1.0, 1.5, np.nan):
        with pytest.raises(ValueError, match="rho.*strictly between -1 and 1"):
            gaussian.covariance(1.0, 1.0, rho)


@settings(max_examples=30, deadline=None)
@given(a=st.floats(0.1, 10), c=st.floats(0.1, 10), r=st.floats(-0.95, 0.95))
def test_principal_axes_closed_form_2x2(a, c, r):
    Sigma = gaussian.covariance(np.sqrt(a), np.sqrt(c), r)
    b = Sigma[0, 1]
    half_gap = np.sqrt(((a - c) / 2) ** 2 + b ** 2)
    values, vectors = gaussian.principal_axes(Sigma)
    np.testing.assert_allclose(values, [(a + c) / 2 - half_gap, (a + c) / 2 + half_gap],
                               rtol=1e-9, atol=ROUNDING)
    # tol: unit eigenvectors and their equation, from LAPACK: rounding (default rtol 1e-7)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=0), 1.0)
    np.testing.assert_allclose(Sigma @ vectors, vectors * values, atol=1e-9)
    assert (vectors[np.argmax(np.abs(vectors), axis=0), [0, 1]] > 0).all()


def test_check_covariance_errors_say_which():
    with pytest.raises(ValueError, match=r"square.*shape \(3,\)"):
        gaussian.check_covariance([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match=r"square.*shape \(2, 3\)"):
        gaussian.check_covariance(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"not symmetric: Sigma\[0, 1\] = 0.5 but Sigma\[1, 0\] = 0"):
        gaussian.check_covariance([[1.0, 0.5], [0.0, 1.0]])
    with pytest.raises(ValueError, match="not positive definite: its smallest eigenvalue is -1"):
        gaussian.check_covariance([[1.0, 2.0], [2.0, 1.0]])
    with pytest.raises(ValueError, match="not positive definite: its smallest eigenvalue is 0"):
        gaussian.check_covariance([[1.0, 1.0], [1.0, 1.0]])
    with pytest.raises(ValueError, match="NaN"):
        gaussian.check_covariance([[np.nan, 0.0], [0.0, 1.0]])
    with pytest.raises(ValueError, match="not positive definite"):
        gaussian.pdf([0.0, 0.0], [0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]])
    np.testing.assert_array_equal(gaussian.check_covariance(2.0), [[2.0]])


def test_mu_and_point_shape_errors():
    with pytest.raises(ValueError, match="mu has 3 entries but Sigma is 2x2"):
        gaussian.pdf([0.0, 0.0], [0.0, 0.0, 0.0], np.eye(2))
    with pytest.raises(ValueError, match="2 coordinate"):
        gaussian.pdf(np.zeros((4, 3)), [0.0, 0.0], np.eye(2))


def test_describe_singular_names_features():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 3))
    assert gaussian._describe_singular(np.cov(np.c_[X, X[:, 1]].T)).startswith(
        "features 1 and 3 are linearly dependent")
    assert gaussian._describe_singular(np.cov(np.c_[X, np.ones(30)].T)) == "feature 3 is constant"
    assert gaussian._describe_singular(np.cov(np.c_[X, X[:, 0] - X[:, 2]].T)).startswith(
        "features 0, 2 and 3 are linearly dependent")


# ---------------------------------------------------------------- covariance: bad input (issue 29)
@pytest.mark.parametrize("args", [("2", 1.0, 0.0), (1.0, None, 0.0), (1.0, 1.0, "0.5"), (True, 1.0, 0.0),
                                  ([1.0], 1.0, 0.0)])
def test_covariance_refuses_what_is_not_a_number(args):
    with pytest.raises(ValueError, match="must be a number"):
        gaussian.covariance(*args)


@pytest.mark.parametrize("scale", [1e200, 1e-200])
def test_covariance_refuses_variances_that_overflow_or_underflow(scale):
    with pytest.raises(ValueError, match="overflow or underflow a float; rescale"):
        gaussian.covariance(scale, 1.0, 0.5)


def test_covariance_accepts_numpy_numbers():
    S = gaussian.covariance(np.float32(2.0), np.int64(3), np.float64(-0.5))
    np.testing.assert_array_equal(S, [[4.0, -3.0], [-3.0, 9.0]])
