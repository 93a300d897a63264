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
from itertools import count

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


# Tokenizing a whole corpus at once. The texts are lower-cased, joined with " NUL "
# and encoded as UTF-8. A byte table then turns every ASCII byte that is not
# a letter, digit, apostrophe or NUL into a space, and bytes.split() cuts the
# result into candidate tokens; non-ASCII bytes count as letters here. Each
# distinct candidate that contains an apostrophe or a non-ASCII byte is
# re-split with the exact str rule (TOKEN_PATTERN). Since the candidate
# alphabet contains the token alphabet, every true token lies inside one
# candidate, so the result equals tokenize() applied to each text (tests
# check this property on random Unicode text).
_KEEP = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'\x00")
_BYTE_TABLE = bytes(c if (c in _KEEP or c >= 0x80) else 0x20 for c in range(256))


def _token_ids(texts):
    """Tokenize ``texts``; return ``(words, ids, rows)``: the distinct tokens in
    order of first appearance, and for every token occurrence its index in
    ``words`` and the index of its text."""
    m = len(texts)
    empty = np.zeros(0, dtype=np.intp)
    if m == 0:
        return [], empty, empty
    big = " \x00 ".join(texts).lower()
    if big.count("\x00") != m - 1:  # a text contains NUL, which only separates tokens
        big = " \x00 ".join(t.replace("\x00", " ") for t in texts).lower()
    raw = big.encode("utf-8", "surrogatepass").translate(_BYTE_TABLE).split()
    index = defaultdict(count().__next__)
    index[b"\x00"]  # the text separator gets id 0
    raw_ids = np.fromiter(map(index.__getitem__, raw), dtype=np.intp, count=len(raw))
    rows_raw = np.cumsum(raw_ids == 0)
    words, word_index, pieces = [], {}, [empty]
    simple = True
    for cand in list(index)[1:]:
        if cand.isascii() and b"'" not in cand:
            parts = (cand.decode("ascii"),)
        else:
            parts = _findall(cand.decode("utf-8", "surrogatepass"))
            simple = simple and len(parts) == 1
        ids_c = []
        for w in parts:
            j = word_index.get(w)
            if j is None:
                j = word_index[w] = len(words)
                words.append(w)
            ids_c.append(j)
        pieces.append(np.array(ids_c, dtype=np.intp))
    lens = np.fromiter(map(len, pieces), dtype=np.intp, count=len(pieces))
    lens[0] = 0
    flat_pieces = np.concatenate(pieces)
    offsets = np.concatenate(([0], np.cumsum(lens)[:-1]))
    if simple:  # every candidate is exactly one word
        keep = raw_ids != 0
        return words, flat_pieces[offsets[raw_ids[keep]]], rows_raw[keep]
    L = lens[raw_ids]
    total = int(L.sum())
    starts = np.repeat(offsets[raw_ids], L)
    within = np.arange(total, dtype=np.intp) - np.repeat(np.cumsum(L) - L, L)
    return words, flat_pieces[starts + within], np.repeat(rows_raw, L)


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

    def _fit_ids(self, words, ids):
        """Learn from tokenized text; return the column of each distinct token
        (-1 if dropped)."""
        self._check_min_count()
        counts = np.bincount(ids, minlength=len(words))
        kept = sorted(np.flatnonzero(counts >= self.min_count), key=words.__getitem__)
        column = np.full(len(words), -1, dtype=np.intp)
        column[kept] = np.arange(len(kept), dtype=np.intp)
        self.words_ = [words[j] for j in kept]
        self.vocabulary_ = {w: j for j, w in enumerate(self.words_)}
        self.counts_ = counts[kept].astype(np.int64)
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
        words, ids, _ = _token_ids(_check_texts(texts))
        self._fit_ids(words, ids)
        return self

    def _count_matrix(self, m, words, ids, rows, column, binary):
        n = len(self.words_)
        cols = column[ids]
        known = cols >= 0
        unknown_rows = rows[~known]
        self.unknown_per_text_ = np.bincount(unknown_rows, minlength=m)
        self.n_unknown_ = int(unknown_rows.size)
        per_word = np.bincount(ids[~known], minlength=len(words))
        self.unknown_words_ = Counter({words[j]: int(per_word[j])
                                       for j in np.flatnonzero(per_word)})
        # rows are non-decreasing, so CSR needs only the row lengths; duplicate
        # (row, column) entries are summed by scipy.
        lengths = np.bincount(rows[known], minlength=m)
        indptr = np.zeros(m + 1, dtype=np.int64)
        np.cumsum(lengths, out=indptr[1:])
        X = sp.csr_matrix((np.ones(int(known.sum()), dtype=np.int64), cols[known], indptr),
                          shape=(m, n))
        X.sum_duplicates()
        if binary:
            X.data[:] = 1
        return X

    def transform(self, texts, binary=False):
        """Count the known words of each text.

        Words not in the vocabulary are ignored; how many there were is stored
        in ``n_unknown_``, ``unknown_per_text_`` and ``unknown_words_``.

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
        texts = _check_texts(texts)
        words, ids, rows = _token_ids(texts)
        get = self.vocabulary_.get
        column = np.fromiter((get(w, -1) for w in words), dtype=np.intp, count=len(words))
        return self._count_matrix(len(texts), words, ids, rows, column, binary)

    def fit_transform(self, texts, binary=False):
        """:meth:`fit` then :meth:`transform` the same texts, tokenizing once."""
        texts = _check_texts(texts)
        words, ids, rows = _token_ids(texts)
        column = self._fit_ids(words, ids)
        return self._count_matrix(len(texts), words, ids, rows, column, binary)

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
