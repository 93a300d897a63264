"""From text messages to count vectors, and back to words.

tokenize              split a message into lower-case word tokens
Vocabulary            the word list; turns texts into a scipy.sparse count matrix
top_indicative_words  the words a naive Bayes model finds most telling for a class

The tokenizer rule
------------------
The text is lower-cased with :meth:`str.lower`; a token is then a maximal run
of letters and digits (any alphabet; the underscore does not count), where
an apostrophe between two such runs stays inside the token. So
``"Don't WIN £1000 now!!"`` gives ``["don't", "win", "1000", "now"]``:
punctuation, symbols and white space only separate tokens, and one-character
tokens such as ``"u"`` or ``"2"`` (common in text messages) are kept.
"""
import re
from collections import Counter, defaultdict
from itertools import count, islice

import numpy as np
import scipy.sparse as sp

__all__ = ["tokenize", "Vocabulary", "top_indicative_words", "TOKEN_PATTERN"]

#: The regular expression of :func:`tokenize`, applied to lower-cased text.
TOKEN_PATTERN = r"[^\W_]+(?:'[^\W_]+)*"
_findall = re.compile(TOKEN_PATTERN).findall


def tokenize(text):
    """Split ``text`` into lower-case word tokens (see the module docstring).

    Parameters
    ----------
    text : str

    Returns
    -------
    list of str

    Examples
    --------
    >>> from genlearn.text import tokenize
    >>> tokenize("Don't WIN £1000 now!! Call 0800-123, u r a winner")
    ["don't", 'win', '1000', 'now', 'call', '0800', '123', 'u', 'r', 'a', 'winner']
    """
    if not isinstance(text, str):
        raise ValueError(
            f"tokenize expects a string; got {type(text).__name__}. For a list of "
            "messages use [tokenize(t) for t in texts]."
        )
    return _findall(text.lower())


def _check_texts(texts):
    if isinstance(texts, str):
        raise ValueError(
            "texts must be a list of messages, not a single string: wrap it, e.g. "
            "vocabulary.transform([text])."
        )
    texts = list(texts)
    if set(map(type, texts)) <= {str}:  # the common case, checked at C speed
        return texts
    for i, t in enumerate(texts):
        if not isinstance(t, str):
            raise ValueError(
                f"texts[{i}] is a {type(t).__name__}, not a string: every message must "
                "be text (replace missing messages by '')."
            )
    return texts


# Tokenizing a corpus fast, a chunk of texts at a time. The texts of a chunk
# are lower-cased, joined with " NUL " and encoded as UTF-8. A byte table then
# turns every ASCII byte that is not a letter, digit, apostrophe or NUL into a
# space, and bytes.split() cuts the result into candidate tokens; non-ASCII
# bytes count as letters here. Each distinct candidate that contains an
# apostrophe or a non-ASCII byte is re-split with the exact str rule
# (TOKEN_PATTERN). Since the candidate alphabet contains the token alphabet,
# every true token lies inside one candidate, so the result equals tokenize()
# applied to each text (tests check this property on random Unicode text).
# Chunks of about _CHUNK_CHARS characters bound the memory: only one chunk's
# joined text and token list exist at a time; what is kept is a sparse count
# matrix per chunk.
_KEEP = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'\x00")
_BYTE_TABLE = bytes(c if (c in _KEEP or c >= 0x80) else 0x20 for c in range(256))
_CHUNK_CHARS = 1 << 20  # about 1 MB of text: the speed of one big chunk, a bounded peak


class _Tokenizer:
    """Turns chunks of texts into token ids, with one word list for all chunks.

    ``words`` holds the distinct tokens in order of first appearance; the id of
    a token is its position there.
    """

    def __init__(self):
        self.words = []
        self._word_index = {}
        self._cand_index = defaultdict(count().__next__)
        self._cand_index[b"\x00"]  # the text separator is candidate 0
        self._n_cands = 1
        # For each candidate: its one word id (-1 if it has 0 or several), and
        # where its word ids start in _flat and how many there are.
        self._single = np.full(1, -1, dtype=np.intp)
        self._flat = np.zeros(0, dtype=np.intp)
        self._offsets = np.zeros(1, dtype=np.intp)
        self._lens = np.zeros(1, dtype=np.intp)

    def _resolve_new_candidates(self):
        new = list(islice(self._cand_index, self._n_cands, None))
        if not new:
            return
        self._n_cands += len(new)
        pieces = []
        for cand in new:
            if cand.isascii() and b"'" not in cand:
                parts = (cand.decode("ascii"),)
            else:
                parts = _findall(cand.decode("utf-8", "surrogatepass"))
            ids = []
            for w in parts:
                j = self._word_index.get(w)
                if j is None:
                    j = self._word_index[w] = len(self.words)
                    self.words.append(w)
                ids.append(j)
            pieces.append(ids)
        lens = np.fromiter(map(len, pieces), dtype=np.intp, count=len(pieces))
        flat = np.fromiter((j for ids in pieces for j in ids), dtype=np.intp,
                           count=int(lens.sum()))
        local = np.concatenate(([0], np.cumsum(lens)[:-1])).astype(np.intp)
        single = np.full(len(pieces), -1, dtype=np.intp)
        one = lens == 1
        single[one] = flat[local[one]]
        self._single = np.concatenate((self._single, single))
        self._offsets = np.concatenate((self._offsets, len(self._flat) + local))
        self._flat = np.concatenate((self._flat, flat))
        self._lens = np.concatenate((self._lens, lens))

    def chunk(self, texts):
        """``(ids, rows)``: the word id of every token of ``texts`` and the
        index of its text (within the chunk), in reading order."""
        m = len(texts)
        empty = np.zeros(0, dtype=np.intp)
        if m == 0:
            return empty, empty
        big = " \x00 ".join(texts).lower()
        if big.count("\x00") != m - 1:  # a text contains NUL, which only separates tokens
            big = " \x00 ".join(t.replace("\x00", " ") for t in texts).lower()
        raw = big.encode("utf-8", "surrogatepass").translate(_BYTE_TABLE).split()
        del big
        get = self._cand_index.__getitem__
        raw_ids = np.fromiter(map(get, raw), dtype=np.intp, count=len(raw))
        del raw
        self._resolve_new_candidates()
        rows_raw = np.cumsum(raw_ids == 0)
        keep = raw_ids != 0
        raw_ids, rows_raw = raw_ids[keep], rows_raw[keep]
        ids = self._single[raw_ids]
        if (ids >= 0).all():  # every candidate is exactly one word: the usual case
            return ids, rows_raw
        L = self._lens[raw_ids]
        starts = np.repeat(self._offsets[raw_ids], L)
        within = np.arange(int(L.sum()), dtype=np.intp) - np.repeat(np.cumsum(L) - L, L)
        return self._flat[starts + within], np.repeat(rows_raw, L)


def _token_ids(texts):
    """Tokenize ``texts`` in one chunk; return ``(words, ids, rows)``: the
    distinct tokens in order of first appearance, and for every token
    occurrence its index in ``words`` and the index of its text."""
    tok = _Tokenizer()
    ids, rows = tok.chunk(list(texts))
    return tok.words, ids, rows


def _chunk_bounds(texts, chunk_chars):
    """Start indices of chunks of consecutive texts of about ``chunk_chars`` characters."""
    ends = np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + 3)
    cuts = np.searchsorted(ends, np.arange(chunk_chars, int(ends[-1]) if len(ends) else 0,
                                           chunk_chars), side="right")
    return np.unique(np.concatenate(([0], cuts, [len(texts)])))


def _raw_counts(texts, chunk_chars=None):
    """``(words, X)``: the distinct tokens of ``texts`` in order of first
    appearance, and the counts ``X[i, j]`` of ``words[j]`` in ``texts[i]``, a
    CSR matrix with int32 column indices, built a chunk of texts at a time."""
    tok = _Tokenizer()
    m = len(texts)
    bounds = _chunk_bounds(texts, chunk_chars or _CHUNK_CHARS)
    indptr = np.zeros(m + 1, dtype=np.int64)
    indices, data = [], []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        ids, rows = tok.chunk(texts[lo:hi])
        # rows are non-decreasing, so CSR needs only the row lengths; scipy sums
        # duplicate (row, word) entries, which leaves one entry per distinct word.
        part_ptr = np.zeros(hi - lo + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=hi - lo), out=part_ptr[1:])
        part = sp.csr_matrix((np.ones(len(ids), dtype=np.int32), ids.astype(np.int32),
                              part_ptr), shape=(hi - lo, max(len(tok.words), 1)))
        del ids, rows
        part.sum_duplicates()
        # compact int32 copies (sum_duplicates leaves views of the per-token arrays)
        indices.append(np.array(part.indices, dtype=np.int32))
        data.append(np.array(part.data, dtype=np.int32))
        indptr[lo + 1:hi + 1] = part.indptr[1:] + indptr[lo]
        del part
    n_words = len(tok.words)
    empty = [np.zeros(0, dtype=np.int32)]
    all_data = np.concatenate(data or empty, dtype=np.int64)
    data.clear()  # free the parts before the next concatenation
    all_indices = np.concatenate(indices or empty)
    indices.clear()
    X = sp.csr_matrix((all_data, all_indices, indptr), shape=(m, n_words))
    return tok.words, X


class Vocabulary:
    """The list of known words, and the map from texts to word-count vectors.

    Parameters
    ----------
    min_count : int, default=1
        Keep only words that occur at least this many times in the texts given
        to :meth:`fit` (counting every occurrence).

    Attributes
    ----------
    words_ : list of str, length n
        The known words, in alphabetical order; column ``j`` of a count matrix
        counts ``words_[j]``.
    vocabulary_ : dict
        Word -> column index.
    counts_ : ndarray of shape (n,)
        How often each word occurred in the training texts.
    n_dropped_ : int
        Distinct training words dropped by ``min_count``.
    n_unknown_ : int
        After :meth:`transform`: tokens not in the vocabulary (ignored).
    unknown_per_text_ : ndarray of shape (number of texts,)
        After :meth:`transform`: unknown tokens in each text.
    unknown_words_ : collections.Counter
        After :meth:`transform`: the unknown words and how often each occurred.

    Examples
    --------
    >>> from genlearn.text import Vocabulary
    >>> vocab = Vocabulary().fit(["win cash now", "see you now"])
    >>> vocab.words_
    ['cash', 'now', 'see', 'win', 'you']
    >>> vocab.transform(["now now win", "free cash"]).toarray()
    array([[0, 2, 0, 1, 0],
           [1, 0, 0, 0, 0]])
    >>> vocab.n_unknown_, dict(vocab.unknown_words_)
    (1, {'free': 1})
    """

    def __init__(self, min_count=1):
        self.min_count = min_count

    def __repr__(self):
        extra = "" if self.min_count == 1 else f"min_count={self.min_count!r}"
        size = f"  # {len(self.words_)} words" if hasattr(self, "words_") else ""
        return f"Vocabulary({extra}){size}"

    def __len__(self):
        self._check_fitted()
        return len(self.words_)

    def __contains__(self, word):
        self._check_fitted()
        return word in self.vocabulary_

    def _check_fitted(self):
        if not hasattr(self, "vocabulary_"):
            raise ValueError(
                "This Vocabulary is not fitted yet: call vocabulary.fit(texts) with the "
                "training messages first."
            )

    def _check_min_count(self):
        mc = self.min_count
        if isinstance(mc, bool) or not isinstance(mc, (int, np.integer)) or mc < 1:
            raise ValueError(f"min_count must be an integer >= 1; got {mc!r}.")

    def _fit_counts(self, words, X):
        """Learn from the raw counts of :func:`_raw_counts`; return the column of
        each distinct token (-1 if dropped)."""
        self._check_min_count()
        counts = np.asarray(X.sum(axis=0), dtype=np.int64).ravel()  # no copy of X
        kept = sorted(np.flatnonzero(counts >= self.min_count), key=words.__getitem__)
        column = np.full(len(words), -1, dtype=np.intp)
        column[kept] = np.arange(len(kept), dtype=np.intp)
        self.words_ = [words[j] for j in kept]
        self.vocabulary_ = {w: j for j, w in enumerate(self.words_)}
        self.counts_ = counts[kept]
        self.n_dropped_ = len(words) - len(kept)
        return column

    def fit(self, texts):
        """Learn the vocabulary from training texts.

        Parameters
        ----------
        texts : sequence of str

        Returns
        -------
        self
        """
        self._check_min_count()
        self._fit_counts(*_raw_counts(_check_texts(texts)))
        return self

    def _count_matrix(self, words, X, column, binary):
        """Raw counts (columns: ``words``) -> counts of the known words (columns:
        ``words_``), with the unknown tokens recorded."""
        m, n = X.shape[0], len(self.words_)
        cols = column.astype(np.int32)[X.indices]  # int32, like the indices of X
        unknown = cols < 0
        if unknown.any():
            per_entry_row = np.repeat(np.arange(m), np.diff(X.indptr))[unknown]
            weights = X.data[unknown]
            self.unknown_per_text_ = np.bincount(per_entry_row, weights=weights,
                                                 minlength=m).astype(np.int64)
            per_word = np.bincount(X.indices[unknown], weights=weights,
                                   minlength=len(words)).astype(np.int64)
            known = ~unknown
            kept_before = np.concatenate(([0], np.cumsum(known)))
            X = sp.csr_matrix((X.data[known], cols[known], kept_before[X.indptr]),
                              shape=(m, n))
        else:
            self.unknown_per_text_ = np.zeros(m, dtype=np.int64)
            per_word = np.zeros(len(words), dtype=np.int64)
            X = sp.csr_matrix((X.data, cols, X.indptr), shape=(m, n))
        del cols, unknown
        self.n_unknown_ = int(self.unknown_per_text_.sum())
        self.unknown_words_ = Counter({words[j]: int(per_word[j])
                                       for j in np.flatnonzero(per_word)})
        X.has_sorted_indices = False
        X.sort_indices()  # columns are alphabetical; tokens came in reading order
        if binary:
            X.data[:] = 1
        return X

    def transform(self, texts, binary=False):
        """Count the known words of each text.

        Words not in the vocabulary are ignored; how many there were is stored
        in ``n_unknown_``, ``unknown_per_text_`` and ``unknown_words_``. The
        texts are tokenized a chunk at a time, so memory grows with the counts,
        not with the length of the corpus.

        Parameters
        ----------
        texts : sequence of str
        binary : bool, default=False
            If True, 1 if the word occurs (any number of times), else 0: the
            features of the Bernoulli event model.

        Returns
        -------
        X : scipy.sparse.csr_matrix of int64, shape (len(texts), len(words_))
        """
        self._check_fitted()
        words, X = _raw_counts(_check_texts(texts))
        get = self.vocabulary_.get
        column = np.fromiter((get(w, -1) for w in words), dtype=np.intp, count=len(words))
        return self._count_matrix(words, X, column, binary)

    def fit_transform(self, texts, binary=False):
        """:meth:`fit` then :meth:`transform` the same texts, tokenizing once."""
        self._check_min_count()
        words, X = _raw_counts(_check_texts(texts))
        column = self._fit_counts(words, X)
        return self._count_matrix(words, X, column, binary)

    def inverse_transform(self, x):
        """The known words present in one count vector (or a 1-row matrix)."""
        self._check_fitted()
        x = (x.toarray() if sp.issparse(x) else np.asarray(x)).ravel()
        if x.size != len(self.words_):
            raise ValueError(
                f"x has {x.size} entries but the vocabulary has {len(self.words_)} words."
            )
        return [self.words_[j] for j in np.flatnonzero(x)]


def top_indicative_words(model, vocabulary, k=5, positive=None, negative=None):
    """The ``k`` words with the largest ``log(phi_{w|positive} / phi_{w|negative})``.

    For a spam filter (labels 0/1 or "ham"/"spam") the defaults compare the
    last class (spam) with the first (ham): the words whose presence most
    raises the odds of spam.

    Parameters
    ----------
    model : fitted BernoulliNB or MultinomialNB
        Anything with ``classes_`` and ``feature_log_prob_`` of shape (K, n).
    vocabulary : Vocabulary or sequence of str
        The words of the columns, in order.
    k : int, default=5
    positive, negative : class labels, optional
        Default: ``model.classes_[-1]`` and ``model.classes_[0]``.

    Returns
    -------
    list of (word, log_ratio) tuples, largest ratio first (ties alphabetical).

    Examples
    --------
    >>> from genlearn.naive_bayes import MultinomialNB
    >>> from genlearn.text import Vocabulary, top_indicative_words
    >>> texts = ["win cash now", "cash prize win", "see you soon", "see you at home"]
    >>> vocab = Vocabulary().fit(texts)
    >>> model = MultinomialNB().fit(vocab.transform(texts), [1, 1, 0, 0])
    >>> [w for w, _ in top_indicative_words(model, vocab, k=2)]
    ['cash', 'win']
    """
    if not hasattr(model, "feature_log_prob_") or not hasattr(model, "classes_"):
        raise ValueError(
            "model must be a fitted BernoulliNB or MultinomialNB: call model.fit(X, y) first."
        )
    flp = np.asarray(model.feature_log_prob_, dtype=float)
    if flp.ndim != 2:
        raise ValueError("model.feature_log_prob_ must have shape (K classes, n words).")
    words = vocabulary.words_ if isinstance(vocabulary, Vocabulary) else list(vocabulary)
    if len(words) != flp.shape[1]:
        raise ValueError(
            f"The vocabulary has {len(words)} words but the model has {flp.shape[1]} "
            "features: pass the Vocabulary used to build the training matrix."
        )
    classes = list(np.asarray(model.classes_).tolist())
    positive = classes[-1] if positive is None else positive
    negative = classes[0] if negative is None else negative
    for name, label in (("positive", positive), ("negative", negative)):
        if label not in classes:
            raise ValueError(f"{name}={label!r} is not a class of the model ({classes}).")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"k must be a positive integer; got {k!r}.")
    with np.errstate(invalid="ignore"):
        ratio = flp[classes.index(positive)] - flp[classes.index(negative)]
    ratio = np.where(np.isnan(ratio), -np.inf, ratio)
    order = np.lexsort((np.arange(len(words)), -ratio))[:k]
    return [(words[j], float(ratio[j])) for j in order]
