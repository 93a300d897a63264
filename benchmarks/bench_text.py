"""Speed and memory of the text pipeline: tokenize, count and fit naive Bayes.

genlearn (text.Vocabulary + naive_bayes.MultinomialNB) against scikit-learn
(CountVectorizer + MultinomialNB), on the SMS Spam Collection replicated
``--copies`` times (default 20, about 111,000 messages), in one run:

* time, quiet: the pipelines run in turn, ``--repeat`` rounds, and each keeps
  its best time; ratio = scikit-learn's time / genlearn's (> 1: genlearn faster);
* time again while a busy process (a Python loop) runs, pinned to the last CPU
  where the system allows it; the script starts it and stops it;
* extra memory: the peak of memory allocated during one run of each pipeline,
  above what was allocated before it (tracemalloc: Python objects and NumPy
  arrays); ratio = genlearn's / scikit-learn's (< 1: genlearn needs less).

The machine's load average (os.getloadavg) is printed before and after: other
people's jobs change the times, less so the ratios. Aims: genlearn at least 1.5x
as fast as scikit-learn, with at most 1.5x its extra memory.

    .venv/bin/python benchmarks/bench_text.py [--copies 20] [--repeat 5]

The corpus is found as genlearn.datasets.load_sms_spam finds it (GENLEARN_DATA,
then the user cache; never downloaded here), else in ../shared/data/sms_spam
beside the checkout; without it the invented demo corpus is replicated to a
similar size, and the first line says so.
"""
import argparse
import gc
import os
import platform
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
import sklearn
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB
from threadpoolctl import threadpool_info

from genlearn.datasets import load_demo_sms, load_sms_spam
from genlearn.naive_bayes import MultinomialNB
from genlearn.text import TOKEN_PATTERN, Vocabulary

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "sms_spam"


def genlearn_pipeline(texts, y):
    X = Vocabulary().fit_transform(texts)
    return MultinomialNB(alpha=1.0).fit(X, y), X


def sklearn_pipeline(texts, y, token_pattern=None):
    cv = CountVectorizer() if token_pattern is None else CountVectorizer(token_pattern=token_pattern)
    X = cv.fit_transform(texts)
    return SkMultinomialNB(alpha=1.0).fit(X, y), X


def best_times(fns, repeat):
    """Run the pipelines in turn, ``repeat`` rounds, so that a change in the
    machine's load hits all of them; keep each one's best time."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            gc.collect()
            t0 = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def extra_memory(fn):
    """Peak bytes allocated while ``fn()`` runs, above the allocation before it."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        out = fn()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    del out
    return peak - base


class BusyProcess:
    """A Python process spinning on one CPU (the last one, if it can be pinned)."""

    def __enter__(self):
        self.proc = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        self.where = "unpinned"
        if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1:
            cpu = max(os.sched_getaffinity(0))
            try:
                os.sched_setaffinity(self.proc.pid, {cpu})
                self.where = f"pinned to CPU {cpu}"
            except OSError:
                pass
        time.sleep(0.5)  # let it start spinning
        return self

    def __exit__(self, *exc):
        self.proc.kill()
        self.proc.wait()


def load_corpus(copies):
    for data_home in (None, SHARED):
        try:
            texts, y = load_sms_spam(data_home=data_home, download=False)
            return texts * copies, np.tile(y, copies), f"UCI SMS Spam Collection, x{copies}"
        except FileNotFoundError:
            continue
    texts, y = load_demo_sms()
    k = copies * 5574 // len(texts)
    return texts * k, np.tile(y, k), f"INVENTED demo corpus (real corpus not found), x{k}"


def load_text():
    return "load average (1, 5, 15 min): " + ", ".join(f"{v:.2f}" for v in os.getloadavg())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    texts, y, source = load_corpus(args.copies)
    blas = ", ".join(f"{d['internal_api']} {d['num_threads']} thread(s)"
                     for d in threadpool_info() if d.get("user_api") == "blas") or "none found"
    print(f"corpus: {source} = {len(texts):,} messages")
    print(f"python {platform.python_version()}, numpy {np.__version__}, scikit-learn "
          f"{sklearn.__version__}; {os.cpu_count()} CPUs; BLAS: {blas}; best of {args.repeat}")
    print("before:", load_text())

    # The same model? (same token rule -> same matrix -> same parameters)
    model, X = genlearn_pipeline(texts, y)
    ref, Xs = sklearn_pipeline(texts, y, TOKEN_PATTERN)
    assert (X != Xs).nnz == 0
    np.testing.assert_allclose(model.feature_log_prob_, ref.feature_log_prob_, rtol=1e-10)
    print(f"{int(X.sum()):,} tokens, {X.shape[1]:,} words; genlearn's model equals "
          "scikit-learn's with the same token rule (feature_log_prob_ to 1e-10)")
    del model, X, ref, Xs

    pipelines = [
        ("genlearn Vocabulary + MultinomialNB", lambda: genlearn_pipeline(texts, y)),
        ("sklearn CountVectorizer() + MultinomialNB", lambda: sklearn_pipeline(texts, y)),
        ("sklearn CountVectorizer(genlearn's rule) + NB",
         lambda: sklearn_pipeline(texts, y, TOKEN_PATTERN)),
    ]
    fns = [fn for _, fn in pipelines]
    quiet = best_times(fns, args.repeat)
    with BusyProcess() as busy:
        loaded = best_times(fns, args.repeat)
        during = load_text()
    memory = [extra_memory(fn) for fn in fns]

    print(f"\n{'pipeline (tokenize + count + fit)':<47}{'quiet s':>9}{'busy s':>9}"
          f"{'extra MB':>10}")
    for (name, _), tq, tb, mem in zip(pipelines, quiet, loaded, memory):
        print(f"{name:<47}{tq:9.3f}{tb:9.3f}{mem / 1e6:10.1f}")
    print(f"(busy: one spinning process {busy.where}; during it, {during})")

    speed_q, speed_b = quiet[1] / quiet[0], loaded[1] / loaded[0]
    mem_ratio = memory[0] / memory[1]
    print("\nratios against scikit-learn's default CountVectorizer + MultinomialNB:")
    print(f"  speed, quiet: {speed_q:.2f}x as fast    (aim >= 1.5x: "
          f"{'met' if speed_q >= 1.5 else 'NOT met'})")
    print(f"  speed, busy:  {speed_b:.2f}x as fast    (aim >= 1.5x: "
          f"{'met' if speed_b >= 1.5 else 'NOT met'})")
    print(f"  extra memory: {mem_ratio:.2f}x scikit-learn's (aim <= 1.5x: "
          f"{'met' if mem_ratio <= 1.5 else 'NOT met'})")
    print(f"  (same token rule: speed {quiet[2] / quiet[0]:.2f}x quiet, "
          f"{loaded[2] / loaded[0]:.2f}x busy; memory {memory[0] / memory[2]:.2f}x)")
    print("after:", load_text())


if __name__ == "__main__":
    main()
