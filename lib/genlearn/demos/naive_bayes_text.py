"""Corpora and figures behind notebook 06 (naive Bayes for text).

The notebook builds a spam filter twice: first by hand on :data:`TOY_MESSAGES`,
twelve invented messages small enough to count on paper (the counting is
written out in its cells, with genlearn's estimators as the check), then with
:class:`genlearn.BernoulliNB` and :class:`genlearn.MultinomialNB` on the SMS
Spam Collection. This module holds the corpora (:func:`toy_features`,
:func:`load_corpus`, :func:`train_spam_filters`, which notebook 07 reuses for
its calibration study) and the figures, as plain functions that the tests
call too. The lesson's two explorers, the Laplace parameter alpha and a
message's p(spam), are in :mod:`genlearn.explorers.naive_bayes_text`.
"""
import warnings
from dataclasses import dataclass, field

import numpy as np

from .. import datasets, text
from .._base import logsumexp
from ..naive_bayes import BernoulliNB, MultinomialNB
from . import style

# ---------------------------------------------------------------------------
# The toy corpus (invented for this notebook)
# ---------------------------------------------------------------------------

#: Twelve INVENTED messages (label, text): 1 = spam, 0 = ham. Small enough to
#: count by hand; no word appears in every message of a class, so plain maximum
#: likelihood gives finite scores to :data:`TOY_QUERY`.
TOY_MESSAGES = (
    (1, "WIN your free prize now!"),
    (1, "Free cash, call now"),
    (1, "Claim your prize: reply WIN"),
    (1, "You won cash! Claim now"),
    (1, "Free ringtone, reply now"),
    (0, "Are you free for lunch?"),
    (0, "Call me when you get home"),
    (0, "Running late, see you soon"),
    (0, "Can you call mum now?"),
    (0, "Lunch at home, see you"),
    (0, "Did mum win the game?"),
    (0, "Reply when you are free"),
)

#: The message classified step by step: every one of its words occurs in both
#: classes of the toy corpus.
TOY_QUERY = "Reply now: win free call"

#: A message with a word ("bonus") that no training message contains.
UNSEEN_QUERY = "Free bonus now"
UNSEEN_WORD = "bonus"

SPAM, HAM = 1, 0


def toy_corpus():
    """The twelve invented messages as ``(texts, y)``, y = 1 for spam."""
    texts = [t for _, t in TOY_MESSAGES]
    y = np.array([label for label, _ in TOY_MESSAGES], dtype=int)
    return texts, y


def toy_features(extra_texts=(), binary=True):
    """Vocabulary and feature matrix of the toy corpus.

    The vocabulary is built from the training messages *and* ``extra_texts``:
    it plays the role of a dictionary that knows more words than the training
    set, which is how a word can have a column and yet zero training counts.

    Returns
    -------
    vocab : genlearn.text.Vocabulary
    X : ndarray of shape (12, |V|)
        Presence (``binary=True``) or counts of each word in each message.
    y : ndarray of shape (12,)
    """
    texts, y = toy_corpus()
    vocab = text.Vocabulary().fit(list(texts) + list(extra_texts))
    X = _dense(vocab.transform(texts, binary=binary))
    return vocab, X, y


def _dense(X):
    return np.asarray(X.toarray() if hasattr(X, "toarray") else X)


def words_of(vocab):
    return [str(w) for w in vocab.words_]


# ---------------------------------------------------------------------------
# Counting parameters
# ---------------------------------------------------------------------------

def parameter_counts(n=50_000):
    """Parameters of ``p(x | y)`` for binary ``x`` of length ``n``, per class and
    with the prior.

    Returns a dict with ``full`` = 2**n - 1 (one probability per possible
    vector, less one because they sum to 1), its number of decimal digits, and
    ``naive`` = 2 n + 1 (one phi_{j|y} per word and class, plus phi_y).
    """
    n = int(n)
    if n < 1:
        raise ValueError(f"n (the vocabulary size) must be at least 1; got {n}.")
    full = 2 ** n - 1
    # 2**n is never a power of 10, so 2**n - 1 has floor(n log10 2) + 1 digits;
    # counted exactly here, without converting a 15,000-digit number to text.
    digits = 1
    while 10 ** digits <= full:
        digits *= 2
    lo, hi = digits // 2, digits  # 10**lo <= full < 10**hi (or lo = 0)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if 10 ** mid <= full else (lo, mid)
    return {"n": n, "full": full, "full_digits": hi, "naive": 2 * n + 1}


def parameter_report(n=50_000):
    """The two parameter counts as text (the huge one by its first and last
    digits)."""
    c = parameter_counts(n)
    d = c["full_digits"]
    if d <= 24:
        shown = str(c["full"])
    else:
        head = c["full"] // 10 ** (d - 8)
        tail = c["full"] % 10 ** 8
        shown = f"{head}...{tail:08d}"
    return (f"vocabulary size n = {c['n']:,}\n"
            f"full model, per class:  2^n - 1 = {shown} ({d:,} digits)\n"
            f"naive Bayes, both classes and the prior:  2n + 1 = {c['naive']:,}")


# ---------------------------------------------------------------------------
# Laplace smoothing (the alpha explorer: genlearn.explorers.naive_bayes_text)
# ---------------------------------------------------------------------------

#: The top of the Laplace parameter's slider (its bottom is 0, where the posterior of
#: :data:`UNSEEN_QUERY` is 0/0, which the explorer says).
ALPHA_MAX = 5.0

#: The alpha values of the explorer's curve (alpha = 0 is left out: 0/0 there).
ALPHA_GRID = tuple(float(a) for a in np.linspace(0.0, ALPHA_MAX, 101)[1:])


def posterior_spam(model_cls, X, y, x, alpha):
    """``p(spam | x)`` from ``model_cls(alpha=alpha)``; NaN (no warning shown)
    in the 0/0 case."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = model_cls(alpha=alpha).fit(X, y)
        proba = model.predict_proba(np.atleast_2d(x))
    col = int(np.flatnonzero(model.classes_ == SPAM)[0])
    return float(proba[0, col])


def plot_alpha_curve(alpha=1.0, ax=None):
    """p(spam | "Free bonus now") against the Laplace parameter, with ``alpha`` marked.

    Bernoulli naive Bayes on the toy corpus; the prior p(spam) and the decision
    threshold 1/2 are drawn as horizontal lines. At alpha = 0 the posterior is
    0/0 and no marker is drawn. Returns the matplotlib Figure.
    """
    vocab, X, y = toy_features([UNSEEN_QUERY])
    x = _dense(vocab.transform([UNSEEN_QUERY], binary=True))[0]
    curve = [posterior_spam(BernoulliNB, X, y, x, a) for a in ALPHA_GRID]
    if ax is None:
        fig = style.new_figure((7.2, 3.8))
        ax = fig.subplots()
    ax.plot(ALPHA_GRID, curve, color=style.class_color(SPAM), ls=style.CLASS_LINESTYLES[SPAM], lw=2,
            label="p(spam | x), α > 0")
    p = posterior_spam(BernoulliNB, X, y, x, alpha)
    if not np.isnan(p):
        ax.plot([alpha], [p], "o", color="black", ms=9, label=f"α = {alpha:g}: {p:.4f}")
    prior = float(np.mean(y == SPAM))
    ax.axhline(prior, label=f"prior p(spam) = {prior:.3f}", **style.REFERENCE)
    ax.axhline(0.5, color="0.6", lw=0.8, ls=":", label="decision threshold 1/2")
    ax.set_xlim(-0.1, ALPHA_MAX + 0.15)
    ax.set_ylim(0, 1)
    ax.set_xlabel("Laplace parameter α")
    ax.set_ylabel(f'p(spam | "{UNSEEN_QUERY}")')
    ax.legend(loc="lower right")
    ax.set_title(f'Laplace smoothing and the unseen word "{UNSEEN_WORD}"')
    return ax.figure


# ---------------------------------------------------------------------------
# Underflow
# ---------------------------------------------------------------------------

def long_message(repeats):
    """:data:`TOY_QUERY` repeated ``repeats`` times: 5 * repeats words."""
    return " ".join([TOY_QUERY] * int(repeats))


def underflow_demo(model, vocab, message):
    """``p(x, y)`` of a message under a fitted multinomial model, two ways.

    ``plain``: the product prior * prod_w phi_{w|y}^{count_w} in floating point;
    ``log``: the same sum in log space. Returns a dict with both per class
    (spam first), the plain posterior (NaN if both products are 0) and the
    log-sum-exp posterior.
    """
    counts = _dense(vocab.transform([message]))[0]
    order = [int(np.flatnonzero(model.classes_ == k)[0]) for k in (SPAM, HAM)]
    phi = np.asarray(model.phi_)[order]
    prior = np.asarray(model.phi_y_)[order]
    with np.errstate(under="ignore"):
        plain = np.array([prior[k] * np.prod(phi[k] ** counts) for k in range(2)])
    log = np.log(prior) + counts @ np.log(phi).T
    with np.errstate(invalid="ignore"):
        plain_post = plain[0] / plain.sum()
    log_post = np.exp(log - logsumexp(log))
    return {"n_words": int(counts.sum()), "plain": plain, "plain_posterior": plain_post,
            "log": log, "log_posterior": log_post,
            "log10_ham_posterior": float((log[1] - logsumexp(log)) / np.log(10))}


def underflow_figure(model, vocab, max_repeats=200):
    """log10 p(x, y) against message length: where the plain product hits 0.0."""
    reps = np.arange(1, max_repeats + 1)
    logs, zeros = [], []
    for r in reps:
        d = underflow_demo(model, vocab, long_message(r))
        logs.append(d["log"] / np.log(10))
        zeros.append(bool(np.all(d["plain"] == 0.0)))
    logs = np.array(logs)
    n_words = 5 * reps
    fig = style.new_figure((8.0, 4.6))
    ax = fig.subplots()
    for k, name in ((SPAM, "spam"), (HAM, "ham")):
        ax.plot(n_words, logs[:, 1 - k], label=f"log10 p(x, {name})",
                **{**style.class_style(k), "marker": None})
    tiny = np.log10(np.nextafter(0, 1))
    ax.axhline(tiny, label="smallest positive float64, 5e-324", **style.REFERENCE)
    zeros = np.array(zeros)
    if zeros.any():
        first = n_words[np.argmax(zeros)]
        ax.axvline(first, color="0.35", ls="-", lw=1.2,
                   label="both plain products are 0.0 from here")
        ax.text(first + 10, logs.min() * 0.9,
                f"both plain products are 0.0\n(0/0) from {first} words")
    ax.set_xlabel("number of words in the message")
    ax.set_ylabel("log10 of the joint probability")
    ax.set_title("Joint probabilities of ever longer messages")
    ax.legend(loc="upper right")
    return fig


# ---------------------------------------------------------------------------
# Bernoulli against multinomial
# ---------------------------------------------------------------------------

def repetition_figure(word="free", max_repeats=10, alpha=1.0):
    """p(spam | the word repeated r times) for both event models.

    The Bernoulli model only sees whether the word occurs, so its answer does
    not move; the multinomial model multiplies one factor per occurrence.
    Returns ``(fig, data)`` with data = {"r", "bernoulli", "multinomial"}.
    """
    vocab, B, y = toy_features(binary=True)
    _, C, _ = toy_features(binary=False)
    bnb = BernoulliNB(alpha=alpha).fit(B, y)
    mnb = MultinomialNB(alpha=alpha).fit(C, y)
    r = np.arange(1, max_repeats + 1)
    msgs = [" ".join([word] * k) for k in r]
    s_b = int(np.flatnonzero(bnb.classes_ == SPAM)[0])
    s_m = int(np.flatnonzero(mnb.classes_ == SPAM)[0])
    pb = bnb.predict_proba(_dense(vocab.transform(msgs, binary=True)))[:, s_b]
    pm = mnb.predict_proba(_dense(vocab.transform(msgs)))[:, s_m]
    fig = style.new_figure((8.0, 4.4))
    ax = fig.subplots()
    ax.plot(r, pb, label="Bernoulli: presence only", **style.model_style("Bernoulli naive Bayes"))
    ax.plot(r, pm, label="multinomial: one factor per occurrence",
            **style.model_style("multinomial naive Bayes"))
    ax.set_xlabel(f'how many times "{word}" is repeated')
    ax.set_ylabel("p(spam | message)")
    ax.set_ylim(0, 1.02)
    ax.set_title(f'A message that repeats "{word}": the two event models')
    ax.legend(loc="lower right")
    return fig, {"r": r, "bernoulli": pb, "multinomial": pm}


# ---------------------------------------------------------------------------
# The real corpus
# ---------------------------------------------------------------------------

#: The split of the lecture's spam exercise: first 4,459 messages for training,
#: the last 1,115 for testing.
N_TRAIN_REAL = 4459
REAL_NAME = "SMS Spam Collection v.1"
DEMO_NAME = "INVENTED demo corpus (not the SMS Spam Collection)"

CITATION = (
    "Almeida, T.A., Gómez Hidalgo, J.M., Yamakami, A. Contributions to the Study "
    "of SMS Spam Filtering: New Collection and Results. Proceedings of the 2011 "
    "ACM Symposium on Document Engineering (DOCENG'11), Mountain View, CA, USA, "
    "2011. Corpus page: http://www.dt.fee.unicamp.br/~tiago/smsspamcollection/"
)


@dataclass
class Corpus:
    """Messages, labels, and where they came from."""
    texts: list
    y: np.ndarray
    is_real: bool
    name: str
    note: str = ""


def load_corpus(download=True):
    """The SMS Spam Collection if it can be found or fetched, else the demo corpus.

    Never raises for a missing corpus: the returned :class:`Corpus` says which
    one was loaded (``is_real``) and, for the fallback, why (``note``).
    """
    try:
        texts, y = datasets.load_sms_spam(download=download)
        return Corpus(list(texts), np.asarray(y), True, REAL_NAME)
    except (FileNotFoundError, ValueError) as exc:
        texts, y = datasets.load_demo_sms()
        first = str(exc).splitlines()[0]
        note = ("The SMS Spam Collection could not be loaded here "
                f"({first}). Falling back to genlearn's small INVENTED demo corpus: "
                "every number below describes made-up messages, not real spam.")
        return Corpus(list(texts), np.asarray(y), False, DEMO_NAME, note)


def show_corpus(corpus):
    """Say in the notebook which corpus was loaded: one printed line for the real one; for the
    invented demo corpus, a framed note (and the same text where HTML is not shown) that says why
    and that every number below describes made-up messages.

    >>> show_corpus(Corpus(["hi"], np.array([0]), True, REAL_NAME))
    Loaded the SMS Spam Collection v.1: 1 real text messages.
    """
    if corpus.is_real:
        print(f"Loaded the {corpus.name}: {len(corpus.texts):,} real text messages.")
        return
    import html

    from IPython.display import HTML, display

    box = HTML("<div role='note' style='border:2px solid #c00;padding:6px'><b>Note.</b> "
               f"{html.escape(corpus.note)}</div>")
    display({"text/html": box.data, "text/plain": f"Note. {corpus.note}"}, raw=True)


def split(corpus):
    """Train/test indices: the lecture's split for the real corpus; every 4th
    message held out for the (class-sorted) demo corpus."""
    m = len(corpus.texts)
    if corpus.is_real:
        idx = np.arange(m)
        return idx[:N_TRAIN_REAL], idx[N_TRAIN_REAL:]
    test = np.arange(m) % 4 == 3
    return np.flatnonzero(~test), np.flatnonzero(test)


@dataclass
class SpamFilters:
    """Both event models trained on one split, with everything the notebook shows."""
    corpus: Corpus
    train: np.ndarray
    test: np.ndarray
    vocab: object
    multinomial: object
    bernoulli: object
    accuracy: dict = field(default_factory=dict)
    confusion: dict = field(default_factory=dict)
    proba: dict = field(default_factory=dict)
    top_words: list = field(default_factory=list)


def confusion_matrix(y_true, y_pred):
    """2x2 counts: rows true (ham, spam), columns predicted (ham, spam)."""
    cm = np.zeros((2, 2), dtype=int)
    np.add.at(cm, (np.asarray(y_true, dtype=int), np.asarray(y_pred, dtype=int)), 1)
    return cm


def train_spam_filters(corpus, alpha=1.0, k=5):
    """Fit multinomial and Bernoulli naive Bayes on the training part of ``corpus``."""
    train, test = split(corpus)
    texts = corpus.texts
    tr_texts = [texts[i] for i in train]
    te_texts = [texts[i] for i in test]
    y_tr, y_te = corpus.y[train], corpus.y[test]
    vocab = text.Vocabulary().fit(tr_texts)
    C_tr, C_te = vocab.transform(tr_texts), vocab.transform(te_texts)
    mnb = MultinomialNB(alpha=alpha).fit(C_tr, y_tr)
    bnb = BernoulliNB(alpha=alpha).fit(C_tr, y_tr)
    res = SpamFilters(corpus, train, test, vocab, mnb, bnb)
    for name, model in (("multinomial", mnb), ("bernoulli", bnb)):
        pred = model.predict(C_te)
        res.accuracy[name] = float(np.mean(pred == y_te))
        res.confusion[name] = confusion_matrix(y_te, pred)
        s = int(np.flatnonzero(model.classes_ == SPAM)[0])
        res.proba[name] = model.predict_proba(C_te)[:, s]
    res.top_words = [str(w) for w in _top_words(mnb, vocab, k)]
    return res


def _top_words(model, vocab, k):
    out = text.top_indicative_words(model, vocab, k=k)
    return [w[0] if isinstance(w, tuple) else w for w in out]


def spam_report(res):
    """The numbers of the real-data section, as fixed-format text.

    Contains no file path or timing, so it is the same wherever the corpus was
    read from; its first line names the corpus, so a stored copy shows which
    corpus produced it.
    """
    c = res.corpus
    m, n_spam = len(c.texts), int(np.sum(c.y == SPAM))
    n_te_spam = int(np.sum(c.y[res.test] == SPAM))
    lines = [f"corpus: {c.name}: {m:,} messages, {n_spam:,} spam",
             f"training: {len(res.train):,} messages; test: {len(res.test):,} messages "
             f"({n_te_spam} spam)",
             f"vocabulary: {len(res.vocab.words_):,} words from the training messages",
             "test accuracy:",
             f"  multinomial naive Bayes  {res.accuracy['multinomial']:.6f}",
             f"  Bernoulli naive Bayes    {res.accuracy['bernoulli']:.6f}",
             f"most indicative spam words: {', '.join(res.top_words)}"]
    return "\n".join(lines)


def confusion_text(res):
    lines = []
    for name in ("multinomial", "bernoulli"):
        cm = res.confusion[name]
        lines += [f"{name.capitalize()}: rows = true class, columns = predicted",
                  f"{'':>10}{'ham':>8}{'spam':>8}",
                  f"{'ham':>10}{cm[0, 0]:>8}{cm[0, 1]:>8}",
                  f"{'spam':>10}{cm[1, 0]:>8}{cm[1, 1]:>8}"]
    return "\n".join(lines)


def confusion_figure(res):
    """Both confusion matrices side by side; every cell shows its count (log-scaled shading)."""
    fig = style.new_figure((8.0, 4.0))
    axes = fig.subplots(1, 2)
    for ax, name in zip(axes, ("multinomial", "bernoulli")):
        cm = res.confusion[name]
        ax.imshow(cm, cmap="Blues", norm=_LogNorm1())
        for i in range(2):
            for j in range(2):
                ax.text(j, i, str(cm[i, j]), ha="center", va="center", fontsize=15,
                        color="white" if cm[i, j] > cm.max() / 3 else "black")
        ax.set_xticks([0, 1], ["ham", "spam"])
        ax.set_yticks([0, 1], ["ham", "spam"])
        ax.set_xlabel("predicted")
        ax.set_ylabel("true")
        ax.set_title(f"{name.capitalize()}: accuracy {res.accuracy[name]:.3f}")
    return fig


def _LogNorm1():
    from matplotlib.colors import LogNorm
    return LogNorm(vmin=1)


def misclassified(res, model="multinomial", n=3):
    """The ``n`` most confident false positives and false negatives:
    a list of (kind, p_spam, text), worst mistake of each kind first."""
    y_te = res.corpus.y[res.test]
    p = res.proba[model]
    pred = (p > 0.5).astype(int)
    out = []
    for kind, mask in (("ham flagged as spam", (y_te == HAM) & (pred == SPAM)),
                       ("spam let through", (y_te == SPAM) & (pred == HAM))):
        idx = np.flatnonzero(mask)
        wrongness = np.abs(p[idx] - (y_te[idx] == SPAM))  # how far from the truth
        for i in idx[np.argsort(-wrongness, kind="stable")][:n]:
            out.append((kind, float(p[i]), res.corpus.texts[res.test[i]]))
    return out


def misclassified_text(res, model="multinomial", n=3):
    rows = misclassified(res, model, n)
    if not rows:
        return "no misclassified test messages"
    return "\n".join(f"[{kind}, p(spam) = {p:.3f}] {t}" for kind, p, t in rows)


def plot_message_words(top, p_spam):
    """The message explorer's still picture, where widgets cannot run: the words pushing a message
    towards each class, as bars. ``top``: ``{"spam": rows, "ham": rows}``, each row ``(word, count, push)``
    with push = count × (log φ(word | spam) − log φ(word | ham)); ``p_spam`` the message's p(spam | x)."""
    rows = top["spam"] + top["ham"]
    fig = style.new_figure((7.2, 0.9 + 0.38 * max(len(rows), 1)))
    ax = fig.subplots()
    ax.barh([f"{w} ×{c}" for w, c, _ in rows][::-1], [v for *_, v in rows][::-1],
            color=[style.class_color(SPAM if v > 0 else HAM) for *_, v in rows][::-1])
    ax.axvline(0, color="black", lw=1)
    ax.set_xlabel("count × (log φ(word | spam) − log φ(word | ham))")
    ax.set_ylabel("word × count in the message")
    ax.set_title(f"p(spam | message) = {p_spam:.4f}: the words that push most each way")
    return fig
