"""genlearn.text: tokenizer rule, Vocabulary against scikit-learn's CountVectorizer,
unknown-word counting and the most indicative words."""
from collections import Counter

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB

from tolerances import ROUNDING

from genlearn.datasets import load_demo_sms
from genlearn.naive_bayes import BernoulliNB, MultinomialNB
from genlearn.text import (TOKEN_PATTERN, Vocabulary, _token_ids, tokenize,
                           top_indicative_words)


@pytest.mark.parametrize("text, tokens", [
    ("Hello World", ["hello", "world"]),
    ("Don't WIN £1000 now!!", ["don't", "win", "1000", "now"]),
    ("call 0800-123 or txt STOP", ["call", "0800", "123", "or", "txt", "stop"]),
    ("u r 2 gr8", ["u", "r", "2", "gr8"]),
    ("snake_case and 'quoted' words'", ["snake", "case", "and", "quoted", "words"]),
    ("Ça coûte 5€, ÉTÉ", ["ça", "coûte", "5", "été"]),
    ("www.example.com/win", ["www", "example", "com", "win"]),
    ("", []),
    ("!!! ... ???", []),
])
def test_tokenize_rule(text, tokens):
    assert tokenize(text) == tokens


def test_tokenize_rejects_non_strings():
    with pytest.raises(ValueError, match="expects a string"):
        tokenize(["a", "b"])
    with pytest.raises(ValueError, match="single string"):
        Vocabulary().fit("just one message")
    with pytest.raises(ValueError, match=r"texts\[1\]"):
        Vocabulary().fit(["ok", None])


def sklearn_counts(train, test, binary=False, min_df=None):
    cv = CountVectorizer(token_pattern=TOKEN_PATTERN, lowercase=True, binary=binary)
    cv.fit(train)
    return cv.get_feature_names_out().tolist(), cv.transform(test)


def test_vocabulary_matches_countvectorizer_on_demo_corpus():
    texts, _ = load_demo_sms()
    train, test = texts[:30], texts[30:] + ["completely unseen zzz words"]
    vocab = Vocabulary().fit(train)
    words, ref = sklearn_counts(train, test)
    assert vocab.words_ == words
    assert vocab.vocabulary_ == {w: j for j, w in enumerate(words)}
    X = vocab.transform(test)
    assert sp.issparse(X) and X.shape == (len(test), len(words))
    assert (X != ref).nnz == 0
    Xb = vocab.transform(test, binary=True)
    assert (Xb != sklearn_counts(train, test, binary=True)[1]).nnz == 0
    Xf = Vocabulary().fit_transform(train)
    assert (Xf != sklearn_counts(train, train)[1]).nnz == 0


def test_unknown_words_are_ignored_and_counted():
    vocab = Vocabulary().fit(["win cash now", "see you now"])
    X = vocab.transform(["WIN big, win NOW", "", "nothing known here", "see"])
    assert X.toarray().tolist() == [
        [0, 1, 0, 2, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0],
    ]
    assert vocab.n_unknown_ == 4
    assert vocab.unknown_per_text_.tolist() == [1, 0, 3, 0]
    assert vocab.unknown_words_ == Counter({"big": 1, "nothing": 1, "known": 1, "here": 1})
    # total tokens = known counts + unknown
    texts = load_demo_sms()[0]
    vocab = Vocabulary().fit(texts[:20])
    X = vocab.transform(texts[20:])
    assert X.sum() + vocab.n_unknown_ == sum(len(tokenize(t)) for t in texts[20:])


def test_min_count_drops_rare_words():
    texts, _ = load_demo_sms()
    counts = Counter(w for t in texts for w in tokenize(t))
    vocab = Vocabulary(min_count=3).fit(texts)
    assert vocab.words_ == sorted(w for w, c in counts.items() if c >= 3)
    assert vocab.counts_.tolist() == [counts[w] for w in vocab.words_]
    assert vocab.n_dropped_ == sum(1 for c in counts.values() if c < 3)
    assert len(vocab) == len(vocab.words_) and "now" in vocab
    with pytest.raises(ValueError, match="min_count"):
        Vocabulary(min_count=0).fit(texts)


def test_vocabulary_errors_and_inverse():
    with pytest.raises(ValueError, match="not fitted"):
        Vocabulary().transform(["a"])
    vocab = Vocabulary().fit(["b a c"])
    assert vocab.inverse_transform(vocab.transform(["c c x a"])) == ["a", "c"]
    assert repr(vocab) == "Vocabulary()  # 3 words"
    empty = vocab.transform([])
    assert empty.shape == (0, 3)


def test_top_indicative_words_by_hand():
    texts = ["win cash now", "cash prize win win", "see you soon", "see you at home now"]
    y = [1, 1, 0, 0]
    vocab = Vocabulary().fit(texts)
    model = MultinomialNB(alpha=1.0).fit(vocab.transform(texts), y)
    top = top_indicative_words(model, vocab, k=3)
    # by hand: spam has 7 words, ham 8, vocabulary 9 words (alpha = 1):
    # phi_win|spam = (3+1)/16, phi_win|ham = (0+1)/17 -> log(17/4)
    assert top[0][0] == "win"
    # tol: the log of a ratio of the same fractions: rounding
    assert top[0][1] == pytest.approx(np.log(17 / 4), rel=ROUNDING)
    # cash: (2+1)/16 vs 1/17 -> log(51/16); prize: 2/16 vs 1/17 -> log(34/16)
    assert [w for w, _ in top] == ["win", "cash", "prize"]
    assert top[1][1] == pytest.approx(np.log(51 / 16), rel=ROUNDING)  # tol: as above
    # the reverse direction gives ham words
    ham_top = top_indicative_words(model, vocab.words_, k=2, positive=0, negative=1)
    assert [w for w, _ in ham_top] == ["see", "you"]


def test_top_indicative_words_agree_with_sklearn_ranking():
    texts, y = load_demo_sms()
    vocab = Vocabulary()
    X = vocab.fit_transform(texts)
    ours = top_indicative_words(MultinomialNB().fit(X, y), vocab, k=8)
    ref = SkMultinomialNB().fit(X, y)
    ratio = ref.feature_log_prob_[1] - ref.feature_log_prob_[0]
    # tol: scikit-learn's log-probabilities of the same counts: rounding
    np.testing.assert_allclose([r for _, r in ours], np.sort(ratio)[::-1][:8], rtol=1e-10)
    for word, r in ours:  # each listed ratio is that word's ratio
        assert ratio[vocab.vocabulary_[word]] == pytest.approx(r, rel=1e-10)  # tol: as above
    assert len({w for w, _ in ours}) == 8
    # equal ratios (words with equal counts) are listed alphabetically
    for (w1, r1), (w2, r2) in zip(ours, ours[1:]):
        assert r1 > r2 or w1 < w2
    bern = top_indicative_words(BernoulliNB().fit(X, y), vocab, k=3)
    assert len(bern) == 3


def test_top_indicative_words_bad_input():
    vocab = Vocabulary().fit(["a b", "c d"])
    model = MultinomialNB().fit(vocab.transform(["a b", "c d"]), ["x", "y"])
    with pytest.raises(ValueError, match="fitted"):
        top_indicative_words(MultinomialNB(), vocab)
    with pytest.raises(ValueError, match="3 words but the model has 4"):
        top_indicative_words(model, ["a", "b", "c"])
    with pytest.raises(ValueError, match="not a class"):
        top_indicative_words(model, vocab, positive="spam")
    with pytest.raises(ValueError, match="positive integer"):
        top_indicative_words(model, vocab, k=0)


# -- the fast corpus path equals tokenize() text by text ----------------------------

_alphabet = st.sampled_from(list("aZ9 '_-!.:£€’éÉßİΣσΑ\u00a0\n\t\x00😀ǅ\u0307")
                            + ["don't", "x'y", "''"])


def _reference(texts):
    per_text = [tokenize(t) for t in texts]
    return [w for ws in per_text for w in ws], [i for i, ws in enumerate(per_text) for _ in ws]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(_alphabet, max_size=12).map("".join), max_size=6))
def test_corpus_tokenizer_equals_tokenize(texts):
    words, ids, rows = _token_ids(texts)
    flat, ref_rows = _reference(texts)
    assert [words[i] for i in ids] == flat
    assert rows.tolist() == ref_rows


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=40), max_size=5))
def test_corpus_tokenizer_equals_tokenize_on_any_unicode(texts):
    words, ids, rows = _token_ids(texts)
    flat, ref_rows = _reference(texts)
    assert [words[i] for i in ids] == flat and rows.tolist() == ref_rows


def test_non_ascii_texts_match_countvectorizer():
    texts = ["Ça coûte £5, don’t you think?", "ÉTÉ été, naïve café", "x'£y 'quoted' it's",
             "İstanbul ΣΟΦΙΑ σοφίας", "emoji😀word tab\tsep"]
    vocab = Vocabulary()
    X = vocab.fit_transform(texts)
    words, ref = sklearn_counts(texts, texts)
    assert vocab.words_ == words and (X != ref).nnz == 0
    assert Vocabulary().fit(texts).transform(texts).toarray().tolist() == X.toarray().tolist()


def test_docstring_examples_run():
    import doctest

    import genlearn.text as module

    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


# -- chunked counting: the same matrix whatever the chunk size --------------------

@pytest.mark.parametrize("chunk_chars", [1, 7, 50, 10**6])
def test_chunked_counts_do_not_depend_on_the_chunk_size(monkeypatch, chunk_chars):
    """Chunks of one text each, of a few texts, and the whole corpus at once give
    the same words, counts and unknown-word bookkeeping as CountVectorizer."""
    from genlearn import text

    texts, _ = load_demo_sms()
    texts = texts + ["Ça coûte £5, don’t", "x'£y 'quoted' it's", "", "İstanbul ΣΟΦΙΑ"]
    train, test = texts[::2], texts[1::2]
    monkeypatch.setattr(text, "_CHUNK_CHARS", chunk_chars)
    vocab = Vocabulary()
    X = vocab.fit_transform(train)
    words, ref = sklearn_counts(train, train)
    assert vocab.words_ == words and (X != ref).nnz == 0
    assert X.dtype == np.int64 and X.has_sorted_indices
    Xt = vocab.transform(test)
    assert (Xt != sklearn_counts(train, test)[1]).nnz == 0
    flat = [w for t in test for w in tokenize(t)]
    unknown = Counter(w for w in flat if w not in vocab.vocabulary_)
    assert vocab.unknown_words_ == unknown and vocab.n_unknown_ == sum(unknown.values())
    assert vocab.unknown_per_text_.tolist() == [
        sum(w not in vocab.vocabulary_ for w in tokenize(t)) for t in test]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(_alphabet, max_size=8).map("".join), max_size=8),
       st.integers(1, 40))
def test_raw_counts_in_chunks_equal_one_chunk(texts, chunk_chars):
    from genlearn.text import _raw_counts

    words1, X1 = _raw_counts(texts, chunk_chars=10**9)
    words2, X2 = _raw_counts(texts, chunk_chars=chunk_chars)
    assert words1 == words2 and X1.shape == X2.shape and (X1 != X2).nnz == 0
    flat, rows = _reference(texts)
    assert int(X2.sum()) == len(flat)


def test_chunk_bounds_cover_every_text_once():
    from genlearn.text import _chunk_bounds

    texts = ["a" * n for n in (5, 0, 12, 3, 40, 1)]
    for chunk in (1, 10, 30, 1000):
        b = _chunk_bounds(texts, chunk).tolist()
        assert b[0] == 0 and b[-1] == len(texts) and b == sorted(set(b))
    assert _chunk_bounds([], 10).tolist() == [0]
