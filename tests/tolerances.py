"""The tests' named tolerances, each defined with the reason it has (docs/testing.md, "Floating point").

A float comparison in ``tests/`` (``assert_allclose``, ``pytest.approx``, ``isclose``, ``allclose``, ``==`` or
``!=`` between floats, ``round(x, k) == v``) names one of these, or states its reason in a comment that starts
``# tol:`` on its line, on the two lines above it or at the head of the comment lines right above it
(``tests/test_repository.py`` enforces it). A tolerance comes
from its oracle (rounding, the print's half unit, the solver's stopping rule, the standard error of a draw, the
test points within reach of a boundary), never from what one machine's run happens to need: the same numbers move
in their last bits with the CPU (numpy's SIMD dispatch), the BLAS and its thread count, and the versions
(``make test-numerics`` runs the tests under those changes).

    from tolerances import ROUNDING, half_unit

    np.testing.assert_allclose(got, want, rtol=ROUNDING)
    assert shown == pytest.approx(recomputed, abs=half_unit(4))
"""

#: Exact: the same operations on the same inputs in the same order (a value stored and read back, a copy,
#: a cached result, a count or a small integer held in a float). Any difference is a bug, not rounding.
EXACT = 0.0

#: The same algebra computed another way (another summation order or BLAS kernel, another library's formula,
#: a closed form): rounding only. float64 keeps 16 digits (eps 2.2e-16); a sum, dot product or well-conditioned
#: solve over up to ~10^4 terms drifts by a few hundred ulps at most, far inside 1e-12. Relative (``rtol=``,
#: ``rel=``), or absolute for values of order one.
ROUNDING = 1e-12

#: Rounding amplified by conditioning: an inverse, a solve, a determinant or a log-sum-exp of the lessons' own
#: matrices (covariances and Hessians with condition numbers up to ~10^3, on features of very different scales):
#: condition number times a few hundred ulps, 1e-9 relative.
CONDITIONED = 1e-9


def half_unit(decimals, error=0.0):
    """Tolerance between a value printed with ``decimals`` places and its recomputation.

    Half a unit of the last printed place (what rounding to ``decimals`` places may move a value), plus
    ``error``, the recomputation's own error (its solver's tolerance, for instance), plus 1e-12 so that a
    value exactly on a tie (printed rounded either way) and the rounding of the recomputation both pass.

    >>> half_unit(4) == 0.5e-4 + 1e-12  # tol: the same sum, in the same order
    True
    """
    return 0.5 * 10.0 ** -decimals + error + 1e-12


def draw_mean(var, m, z=4.0):
    """Tolerance between the mean of ``m`` random draws of variance ``var`` and the true mean: ``z`` standard
    errors, sqrt(var / m). With z = 4 a correct sampler fails once in 16,000 coordinates; a seeded draw passes or
    fails for good, but another numpy's stream (or BLAS, in a Cholesky factor) draws another sample."""
    import numpy as np

    return z * np.sqrt(np.asarray(var, dtype=float) / m)


def draw_cov(Sigma, m, z=4.0):
    """Tolerance between the covariance of ``m`` Gaussian draws and ``Sigma``: ``z`` standard errors of each
    entry, sqrt((Sigma_ii Sigma_jj + Sigma_ij^2) / m) (see :func:`draw_mean`)."""
    import numpy as np

    S = np.atleast_2d(np.asarray(Sigma, dtype=float))
    d = np.diag(S)
    return z * np.sqrt((np.outer(d, d) + S ** 2) / m)
