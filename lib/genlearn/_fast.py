"""Speed without changing a number: the passes over the data, blocked for the CPU cache, on one BLAS thread.

The estimators state their maximum-likelihood estimates plainly (``discriminant``,
``logistic``); what makes them fast on a million examples lives here, so that
reading a fit does not mean reading its loops:

================  ==================================================================
one_blas_thread   BLAS on one thread inside a ``with`` block (threadpoolctl)
block_rows        rows per block, so that a block of X stays in the CPU cache
by_row_blocks     ``f(X)`` computed block by block (predictions of large X)
rough_centre(s)   a shift that keeps sums of squares accurate (1e6 +- 1 data)
class_statistics  counts, means and scatter matrices of the classes in one pass
ShiftedRows       ``x - shift`` read in blocks: products and weighted Gram matrices
================  ==================================================================

Each function says the plain numpy expression it equals; ``tests/test_fast.py``
checks those equalities, and ``benchmarks/bench_fit.py`` measures the gain.
"""
import numpy as np

from ._validation import check_finite

__all__ = ["one_blas_thread", "block_rows", "by_row_blocks", "rough_centre", "rough_centres",
           "class_statistics", "ShiftedRows"]

_BLAS = None


def one_blas_thread():
    """Context manager: BLAS runs on one thread inside it.

    genlearn's fits and predictions are many modest products (n is small);
    with two or more BLAS threads, each product waits for every thread, and a
    busy machine (a shared classroom server) makes that wait long.  One thread
    is as fast when the machine is quiet and does not collapse when it is not
    (``benchmarks/bench_fit.py`` measures both).
    """
    global _BLAS
    if _BLAS is None:
        from threadpoolctl import ThreadpoolController
        _BLAS = ThreadpoolController()  # inspecting the libraries takes ms: once
    return _BLAS.limit(limits=1, user_api="blas")


def block_rows(n):
    """Rows per block when streaming over an (m, n) array: about 256 kB, at most 2048.

    Small blocks stay in the CPU cache; more than ~2048 rows also hits a slow
    path of OpenBLAS for the thin products ``B^T B`` used here.
    """
    return int(min(2048, max(64, 2 ** 15 // max(n, 1))))


def by_row_blocks(f, X, width, cost):
    """``f(X)`` of shape (m, width), computed on blocks of rows that stay in the CPU cache.

    ``f`` maps a block of rows to one row of output per input row; ``cost`` is
    the number of floats ``f`` touches per row (it sizes the blocks).
    """
    out = np.empty((len(X), width))
    rows = block_rows(cost)
    for start in range(0, len(X), rows):
        out[start:start + rows] = f(X[start:start + rows])
    return out


def rough_centre(X):
    """A centre to shift ``X`` by before summing squares: the mean of at most ~4096
    evenly spaced rows, or zeros when every feature's mean is already within one
    standard deviation of 0 (a shift would gain no precision: skip its cost)."""
    sample = X[:: max(1, len(X) // 4096)]
    centre = sample.mean(axis=0)
    return np.zeros_like(centre) if (np.abs(centre) <= sample.std(axis=0)).all() else centre


def class_statistics(X, y, K, kind):
    """Counts, means and scatter matrices of the classes, from one pass over ``X``.

    ``kind`` is ``"pooled"`` (GDA: one scatter matrix summed over the classes),
    ``"full"`` (QDA: one per class) or ``"diagonal"`` (GaussianNB: only the
    diagonals).  Sums of squares of raw values cancel badly when a feature's
    mean is large compared with its spread (1e6 +- 1), so each example is first
    shifted by a rough centre of its class, taken from a sample of the rows.
    When every rough centre is already within one standard deviation of 0,
    the shift would gain nothing and ``X`` is used as it is.

    Without a shift, GDA needs ``X^T X`` and the class sums, and GaussianNB the
    class sums of x and of x^2: one pass over ``X`` in blocks that stay in the
    CPU cache.  QDA, and every model when a shift is needed, take the rows of
    each class in turn, in blocks, shifted in place.

    Returns
    -------
    counts : (K,) number of examples m_k in each class
    mu : (K, n) class means
    scatter : ``S_k = sum_{y_i = k} (x_i - mu_k)(x_i - mu_k)^T`` of shape (K, n, n);
        for "pooled" their sum, shape (n, n); for "diagonal" the diagonals, (K, n).
    shift : (n,) a centre of the data to predict in (zeros when no shift is needed)
    mu_shifted : (K, n) ``mu - shift``, without the rounding of ``mu``
    """
    m, n = X.shape
    counts = np.bincount(y, minlength=K).astype(float)
    sums = np.zeros((K, n))
    # NaN or infinity in X: no numpy warnings here, the check below names the problem.
    with one_blas_thread(), np.errstate(invalid="ignore", over="ignore"):
        centre = rough_centres(X, y, K)
        if not centre.any() and kind != "full":
            # No shift: one pass over X, in blocks that stay in the CPU cache.  Per
            # block B: GDA the symmetric product B^T B (BLAS syrk), GaussianNB the
            # squares B * B; then, while B is still in the cache, the class sums as one
            # product per class with its 0/1 indicator row (BLAS gemv).
            indicator = np.empty((K, m))
            for k in range(K):
                np.equal(y, k, out=indicator[k])
            squares = np.zeros((n, n) if kind == "pooled" else (K, n))
            rows = 4 * block_rows(n)
            for start in range(0, m, rows):
                B = X[start:start + rows]
                I = indicator[:, start:start + rows]
                if kind == "pooled":
                    squares += B.T @ B
                else:
                    B2 = B * B
                for k in range(K):
                    sums[k] += I[k] @ B
                    if kind == "diagonal":
                        squares[k] += I[k] @ B2
        elif kind == "pooled":
            squares = np.zeros((n, n))
            rows = block_rows(n)
            for start in range(0, m, rows):
                yb = y[start:start + rows]
                B = X[start:start + rows] - centre[yb]
                squares += B.T @ B
                sums += np.eye(K)[yb].T @ B
        else:
            squares = np.zeros((K, n) if kind == "diagonal" else (K, n, n))
            rows = block_rows(n)
            for k in range(K):
                members = np.flatnonzero(y == k)
                for start in range(0, len(members), rows):
                    B = X[members[start:start + rows]]
                    if centre.any():
                        B -= centre[k]
                    sums[k] += B.sum(axis=0)
                    squares[k] += np.einsum("ij,ij->j", B, B) if kind == "diagonal" else B.T @ B
    # A sum of squares is finite only if every value is: X was checked on the way.
    if not np.isfinite(np.einsum("...jj->...j", squares) if kind != "diagonal" else squares).all():
        check_finite(X)  # raises, naming the first NaN or infinity
        raise ValueError(
            "X has values so large that their squares overflow (above about 1e154): "
            "rescale the features, e.g. divide them by their standard deviations."
        )
    # Move from the rough centres to the class means: S = sum (x-c)(x-c)^T - m_k d d^T
    # with d = mu_k - c = sums_k / m_k.
    d = sums / counts[:, None]
    if kind == "diagonal":
        scatter = np.maximum(squares - counts[:, None] * d * d, 0.0)
    else:
        outer = counts[:, None, None] * d[:, :, None] * d[:, None, :]
        scatter = squares - (outer.sum(axis=0) if kind == "pooled" else outer)
        scatter = (scatter + np.swapaxes(scatter, -1, -2)) / 2.0
    mu = centre + d
    # Predict in coordinates centred on the data (zero when no shift was needed).
    shift = (counts @ mu) / m if centre.any() else np.zeros(n)
    return counts, mu, scatter, shift, centre - shift + d


def rough_centres(X, y, K):
    """A rough mean of each class, (K, n), from at most ~4096 evenly spaced rows;
    all zeros if every one lies within one standard deviation of 0."""
    m, n = X.shape
    step = max(1, m // 4096)
    Xs, ys = X[::step], y[::step]
    centre = np.empty((K, n))
    for k in range(K):
        rows = Xs[ys == k]
        centre[k] = rows.mean(axis=0) if len(rows) else X[np.argmax(y == k)]
    spread = Xs.std(axis=0)
    return np.zeros((K, n)) if (np.abs(centre) <= spread).all() else centre


class ShiftedRows:
    """The training examples seen as ``x - shift``, read in blocks that stay in cache.

    Nothing of the size of X is ever copied: each block is shifted on the fly.
    """

    def __init__(self, X, shift):
        self.X, self.shift = X, shift
        self.m, self.n = X.shape
        self.rows = block_rows(self.n + 1)

    def blocks(self):
        for start in range(0, self.m, self.rows):
            B = self.X[start:start + self.rows]
            yield start, (B - self.shift if self.shift.any() else B)

    def dot(self, T):
        """``(x_i - shift) @ T`` for every example; T of shape (n,) or (n, J)."""
        if not self.shift.any():
            return self.X @ T
        out = np.empty((self.m,) + T.shape[1:])
        for start, B in self.blocks():
            out[start:start + len(B)] = B @ T
        return out

    def gram(self, weights, residuals):
        """Weighted sums over the examples, with ``x~ = (x - shift, 1)``.

        Returns ``H[p] = sum_i weights[i, p] x~_i x~_i^T`` for each column p of
        ``weights`` (m, P), all >= 0, shape (P, n+1, n+1), and
        ``g = sum_i x~_i residuals[i]``, shape (n+1, J).  Each weighted block is
        one symmetric product ``A^T A`` (BLAS syrk) with ``A = sqrt(w) x~``.
        """
        n, P = self.n, weights.shape[1]
        H = np.zeros((P, n + 1, n + 1))
        g = np.zeros((n + 1, residuals.shape[1]))
        buf = np.empty((self.rows, n + 1))
        root = np.sqrt(weights)
        for start, B in self.blocks():
            stop = start + len(B)
            A = buf[:len(B)]
            for p in range(P):
                np.multiply(B, root[start:stop, p, None], out=A[:, :n])
                A[:, n] = root[start:stop, p]
                H[p] += A.T @ A
            R = residuals[start:stop]
            g[:n] += B.T @ R
            g[n] += R.sum(axis=0)
        return H, g
