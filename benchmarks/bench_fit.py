"""Fit and predict_proba times of genlearn's estimators against scikit-learn's.

Both libraries get the same data in the same run: m examples, n features, two
Gaussian classes with different covariance matrices (overlapping, so logistic
regression has a finite MLE).  Each timing is the best of ``--repeat`` runs.
A ratio above 1 means genlearn is faster.

Usage::

    python benchmarks/bench_fit.py              # m = 1,000,000, n = 20
    python benchmarks/bench_fit.py --m 100000   # a quick run
    python benchmarks/bench_fit.py --threads 1  # one BLAS thread for both (steadier
                                                # timings on a busy machine)
"""
import argparse
import time

import numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression as SkLogisticRegression
from sklearn.naive_bayes import GaussianNB as SkGaussianNB

import genlearn


def make_data(m, n, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(m) < 0.4).astype(int)
    A0 = rng.normal(size=(n, n)) / np.sqrt(n)
    A1 = rng.normal(size=(n, n)) / np.sqrt(n)
    X = rng.standard_normal((m, n))
    X[y == 0] = X[y == 0] @ (np.eye(n) + 0.3 * A0).T
    X[y == 1] = X[y == 1] @ (np.eye(n) + 0.3 * A1).T + 0.5
    return X, y


def best_time(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--m", type=float, default=1e6, help="examples (default 1e6)")
    parser.add_argument("--n", type=int, default=20, help="features (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--threads", type=int, default=None,
                        help="limit BLAS threads for both libraries (default: no limit)")
    args = parser.parse_args()
    if args.threads is not None:
        from threadpoolctl import threadpool_limits
        threadpool_limits(args.threads)
    m, n = int(args.m), args.n
    X, y = make_data(m, n)
    pairs = [
        ("GDA vs LDA(solver='lsqr')", genlearn.GDA(),
         LinearDiscriminantAnalysis(solver="lsqr")),
        ("GDA vs LDA() default svd", genlearn.GDA(), LinearDiscriminantAnalysis()),
        ("QDA vs QDA(reg_param=0)", genlearn.QDA(), QuadraticDiscriminantAnalysis()),
        ("GaussianNB vs GaussianNB()", genlearn.GaussianNB(), SkGaussianNB()),
        ("Logistic vs lbfgs (default)", genlearn.LogisticRegression(),
         SkLogisticRegression(C=np.inf, max_iter=1000)),
        ("Logistic vs newton-cholesky", genlearn.LogisticRegression(),
         SkLogisticRegression(C=np.inf, solver="newton-cholesky")),
    ]
    threads = "default" if args.threads is None else args.threads
    print(f"m = {m:,}, n = {n}, two classes; best of {args.repeat}; BLAS threads: {threads}; "
          "ratio = scikit-learn time / genlearn time")
    header = (f"{'estimator':30s} {'fit genlearn':>12s} {'fit sklearn':>12s} {'ratio':>6s}"
              f" {'proba genlearn':>15s} {'proba sklearn':>14s} {'ratio':>6s}")
    print(header)
    print("-" * len(header))
    for name, ours, theirs in pairs:
        fit_ours = best_time(lambda: ours.fit(X, y), args.repeat)
        fit_theirs = best_time(lambda: theirs.fit(X, y), args.repeat)
        proba_ours = best_time(lambda: ours.predict_proba(X), args.repeat)
        proba_theirs = best_time(lambda: theirs.predict_proba(X), args.repeat)
        gap = np.abs(ours.predict_proba(X[:1000]) - theirs.predict_proba(X[:1000])).max()
        print(f"{name:30s} {fit_ours:11.3f}s {fit_theirs:11.3f}s {fit_theirs / fit_ours:5.1f}x"
              f" {proba_ours:14.3f}s {proba_theirs:13.3f}s {proba_theirs / proba_ours:5.1f}x"
              f"   (max |p diff| {gap:.1e})")


if __name__ == "__main__":
    main()
