"""Speed of the text pipeline: tokenize, count and fit naive Bayes.

genlearn (text.Vocabulary + naive_bayes.MultinomialNB) against scikit-learn
(CountVectorizer + MultinomialNB), on the SMS Spam Collection replicated
``--copies`` times (default 20, about 111,000 messages), in one run. The
pipelines run in turn, ``--repeat`` rounds, and each keeps its best time; the ratio
sklearn / genlearn > 1 means genlearn is faster.

    .venv/bin/python benchmarks/bench_text.py [--copies 20] [--repeat 5]

Without the real corpus (see genlearn.datasets.load_sms_spam) the invented
demo corpus is used instead, replicated to a similar size, and a note says so.
"""
import argparse
import platform
import time

import numpy as np
import sklearn
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB

from genlearn.datasets import load_demo_sms, load_sms_spam
from genlearn.naive_bayes import MultinomialNB
from genlearn.text import TOKEN_PATTERN, Vocabulary


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
    outs = [None] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            outs[i] = fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best, outs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    try:
        texts, y = load_sms_spam(download=False)
        source = "UCI SMS Spam Collection"
        copies = args.copies
    except FileNotFoundError:
        texts, y = load_demo_sms()
        source = "INVENTED demo corpus (real corpus not found)"
        copies = args.copies * 5574 // len(texts)
    texts, y = texts * copies, np.tile(y, copies)

    (t_gen, t_sk, t_sk_same), ((model, X), _, (ref2, Xs2)) = best_times(
        [lambda: genlearn_pipeline(texts, y),
         lambda: sklearn_pipeline(texts, y),
         lambda: sklearn_pipeline(texts, y, TOKEN_PATTERN)], args.repeat)
    n_tokens = int(X.sum())

    # same model? (same token rule -> same matrix -> same parameters)
    assert (X != Xs2).nnz == 0
    np.testing.assert_allclose(model.feature_log_prob_, ref2.feature_log_prob_, rtol=1e-10)

    print(f"corpus: {source}, x{copies} = {len(texts):,} messages, {n_tokens:,} tokens, "
          f"{X.shape[1]:,} words")
    print(f"python {platform.python_version()}, numpy {np.__version__}, "
          f"scikit-learn {sklearn.__version__}; best of {args.repeat}")
    print(f"{'pipeline (tokenize + count + fit)':<52}{'seconds':>9}{'ratio':>8}")
    print(f"{'genlearn Vocabulary + MultinomialNB':<52}{t_gen:9.3f}{1.0:8.2f}")
    print(f"{'sklearn CountVectorizer() + MultinomialNB':<52}{t_sk:9.3f}{t_sk / t_gen:8.2f}")
    print(f"{'sklearn CountVectorizer(genlearn token rule) + NB':<52}{t_sk_same:9.3f}"
          f"{t_sk_same / t_gen:8.2f}")
    print(f"speed-up of genlearn over scikit-learn (default CountVectorizer): "
          f"{t_sk / t_gen:.2f}x")


if __name__ == "__main__":
    main()
