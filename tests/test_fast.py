"""genlearn._fast: the blocked passes over the data equal their plain numpy expressions.

Oracles: the plain formulas written out in numpy here (class means and scatter matrices,
``(X - c) @ T``, weighted Gram matrices), and threadpoolctl's own report of the BLAS threads.
"""
import numpy as np
import pytest
from threadpoolctl import threadpool_info

from tolerances import ROUNDING

from genlearn import _fast


def _blas_threads():
    return {i["filepath"]: i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}


def test_one_blas_thread_inside_and_the_default_after():
    before = _blas_threads()
    with _fast.one_blas_thread():
        inside = list(_blas_threads().values())
    assert inside and all(t == 1 for t in inside)
    assert _blas_threads() == before


def _data(m, n, K, offset, seed=0):
    rng = np.random.default_rng(seed)
    y = np.arange(m) % K  # every class present, in blocks of mixed classes
    rng.shuffle(y)
    X = rng.normal(size=(m, n)) * (1.0 + y[:, None]) + offset + y[:, None]
    return X, y


@pytest.mark.parametrize("kind", ["pooled", "full", "diagonal"])
@pytest.mark.parametrize("offset", [0.0, 1e6])  # 1e6: the rough-centre shift is used
def test_class_statistics_are_the_plain_sums(kind, offset):
    m, n, K = 9000, 3, 3  # more rows than one block
    X, y = _data(m, n, K, offset)
    counts, mu, scatter, shift, mu_shifted = _fast.class_statistics(X, y, K, kind)
    plain_mu = np.array([X[y == k].mean(axis=0) for k in range(K)])
    plain_S = np.array([(X[y == k] - plain_mu[k]).T @ (X[y == k] - plain_mu[k]) for k in range(K)])
    expected = {"pooled": plain_S.sum(axis=0), "full": plain_S,
                "diagonal": np.einsum("kjj->kj", plain_S)}[kind]
    np.testing.assert_array_equal(counts, np.bincount(y))
    np.testing.assert_allclose(mu, plain_mu, rtol=ROUNDING)
    # tol: scatter sums in blocks, with and without a shift: rounding of m terms, relative to their size (atol 1e-9 m
    # for the entries that cancel); the shifted means lose the digits of the offset (up to 1e3): 1e-6
    np.testing.assert_allclose(scatter, expected, rtol=1e-9, atol=1e-9 * m)
    np.testing.assert_allclose(mu_shifted, mu - shift, rtol=1e-9, atol=1e-6)  # tol: (above)
    assert (shift == 0).all() == (offset == 0.0)  # tol: exact: the offset given


def test_class_statistics_name_values_whose_squares_overflow():
    X, y = _data(100, 2, 2, 0.0)
    X[5, 1] = 1e200
    with pytest.raises(ValueError, match="squares overflow.*rescale"):
        _fast.class_statistics(X, y, 2, "pooled")
    X[5, 1] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        _fast.class_statistics(X, y, 2, "pooled")


def test_by_row_blocks_is_f_of_the_whole_array():
    X = np.random.default_rng(1).normal(size=(5000, 4))
    W = np.arange(12.0).reshape(4, 3)
    # tol: blocks of the same product: a few ulps
    np.testing.assert_allclose(_fast.by_row_blocks(lambda B: B @ W, X, 3, cost=12), X @ W, rtol=1e-13)


@pytest.mark.parametrize("offset", [0.0, 50.0])
def test_shifted_rows_products_and_gram(offset):
    rng = np.random.default_rng(2)
    X = rng.normal(size=(7000, 3)) + offset
    shift = _fast.rough_centre(X)
    assert (shift == 0).all() == (offset == 0.0)  # tol: exact: the offset given
    data = _fast.ShiftedRows(X, shift)
    Xt = np.column_stack([X - shift, np.ones(len(X))])  # x~ = (x - shift, 1)
    T = rng.normal(size=(3, 2))
    np.testing.assert_allclose(data.dot(T), (X - shift) @ T, rtol=ROUNDING, atol=ROUNDING)
    w, r = rng.uniform(size=(len(X), 2)), rng.normal(size=(len(X), 2))
    H, g = data.gram(w, r)
    for p in range(2):
        # tol: the same products in blocks: rounding
        np.testing.assert_allclose(H[p], Xt.T @ (w[:, p, None] * Xt), rtol=1e-10)
    np.testing.assert_allclose(g, Xt.T @ r, rtol=1e-10, atol=1e-9)
