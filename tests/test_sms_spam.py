"""Naive Bayes on the real UCI SMS Spam Collection.

Split of the exercise: the first 4,459 messages train, the last 1,115 test.
These tests need the real corpus (found through GENLEARN_DATA, set by the
repository's conftest.py); without it they skip with the reason shown, and
they never download anything.
"""
import numpy as np
import pytest
from sklearn.feature_extraction.text import CountVectorizer
from sklearn import naive_bayes as sk

from genlearn.datasets import load_sms_spam
from genlearn.naive_bayes import BernoulliNB, MultinomialNB
from genlearn.text import TOKEN_PATTERN, Vocabulary, tokenize, top_indicative_words

N_TRAIN, N_TEST = 4459, 1115


@pytest.fixture(scope="module")
def corpus():
    try:
        texts, y = load_sms_spam(download=False)
    except FileNotFoundError as exc:
        pytest.skip(f"real SMS Spam Collection not available (no download in tests): "
                    f"{str(exc).splitlines()[0]}")
    return texts, y


@pytest.fixture(scope="module")
def split(corpus):
    texts, y = corpus
    vocab = Vocabulary()
    X_train = vocab.fit_transform(texts[:N_TRAIN])
    X_test = vocab.transform(texts[N_TRAIN:])
    return vocab, X_train, y[:N_TRAIN], X_test, y[N_TRAIN:]


def test_the_test_suite_is_offline():
    """conftest.py: GENLEARN_OFFLINE is set, and reaching another machine fails at once."""
    import os
    import socket
    import time

    assert os.environ.get("GENLEARN_OFFLINE") == "1"
    t0 = time.perf_counter()
    with pytest.raises(OSError, match="tests must not use the network"):
        socket.create_connection(("archive.ics.uci.edu", 443), timeout=5)
    with pytest.raises(OSError, match="tests must not use the network"):
        socket.socket().connect(("192.0.2.1", 80))  # an IP address, no name lookup
    assert time.perf_counter() - t0 < 1.0
    with socket.socket() as server:  # this machine stays reachable (lab server tests)
        server.bind(("127.0.0.1", 0))
        server.listen()
        socket.create_connection(server.getsockname(), timeout=5).close()


def test_corpus_size_and_labels(corpus):
    texts, y = corpus
    assert len(texts) == 5574 == N_TRAIN + N_TEST
    assert int(y.sum()) == 747 and set(np.unique(y)) == {0, 1}


def test_multinomial_accuracy(split):
    vocab, Xtr, ytr, Xte, yte = split
    acc = MultinomialNB(alpha=1.0).fit(Xtr, ytr).score(Xte, yte)
    print(f"\nMultinomialNB(alpha=1) test accuracy on SMS spam: {acc:.4f}")
    assert Xte.shape[0] == N_TEST
    assert acc >= 0.975


def test_bernoulli_accuracy(split):
    vocab, Xtr, ytr, Xte, yte = split
    acc = BernoulliNB(alpha=1.0).fit(Xtr, ytr).score(Xte, yte)
    print(f"\nBernoulliNB(alpha=1) test accuracy on SMS spam: {acc:.4f}")
    assert acc >= 0.97


def test_same_probabilities_as_sklearn_on_real_text(split):
    vocab, Xtr, ytr, Xte, yte = split
    # the count matrix itself equals CountVectorizer's with the same token rule
    texts, _ = load_sms_spam(download=False)
    cv = CountVectorizer(token_pattern=TOKEN_PATTERN).fit(texts[:N_TRAIN])
    assert cv.get_feature_names_out().tolist() == vocab.words_
    for ours, ref in [(MultinomialNB(alpha=0.5), sk.MultinomialNB(alpha=0.5)),
                      (BernoulliNB(alpha=1.0), sk.BernoulliNB(alpha=1.0))]:
        p = ours.fit(Xtr, ytr).predict_proba(Xte)
        q = ref.fit(Xtr, ytr).predict_proba(Xte)
        # tol: scikit-learn's naive Bayes on the same counts: rounding of log-probabilities summed over the vocabulary
        np.testing.assert_allclose(p, q, rtol=1e-10, atol=1e-10)


def test_unknown_words_in_test_messages(split, corpus):
    vocab = split[0]
    texts, _ = corpus
    test_tokens = {w for t in texts[N_TRAIN:] for w in tokenize(t)}
    unseen = test_tokens - set(vocab.words_)
    vocab.transform(texts[N_TRAIN:])
    assert set(vocab.unknown_words_) == unseen and vocab.n_unknown_ >= len(unseen) > 0


def test_top_spam_words_look_like_spam(split):
    vocab, Xtr, ytr, _, _ = split
    top = [w for w, _ in top_indicative_words(MultinomialNB().fit(Xtr, ytr), vocab, k=10)]
    print("\nmost indicative spam words:", top)
    assert {"claim", "prize"} <= set(top)
