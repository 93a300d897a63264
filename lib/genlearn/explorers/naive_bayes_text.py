"""The two explorers of notebook 06 (naive Bayes for text), drawn in the browser.

:class:`LaplaceExplorer` moves the Laplace parameter alpha and shows p(spam | x) of a message
with an unseen word; :class:`MessageExplorer` classifies a message the learner types, word by
word. Both share one page, ``naive_bayes_text.js``, which computes and draws every frame from
data sent once (one ES module serves both, hence one Python module for the two); their
``expected_state()`` is the genlearn twin. The corpora and the lesson's figures are in
:mod:`genlearn.demos.naive_bayes_text`.
"""
import warnings

import numpy as np
import traitlets

from .. import text
from ..demos.naive_bayes_text import (ALPHA_GRID, ALPHA_MAX, HAM, SPAM, UNSEEN_QUERY, UNSEEN_WORD, _dense,
                                      plot_alpha_curve, plot_message_words, posterior_spam, toy_features, words_of)
from ..naive_bayes import BernoulliNB, MultinomialNB
from . import describe
from .explorer import Explorer, Listen, Slider, TextBox, fmt

__all__ = ["LaplaceExplorer", "MessageExplorer", "laplace_data", "message_data", "DEFAULT_MESSAGE",
           "MESSAGE_MAX_CHARS", "N_TOP_WORDS", "N_UNKNOWN_SHOWN", "N_TOKENS_PUBLISHED"]

def laplace_data():
    """What the alpha explorer's page gets once: the toy counts behind :data:`UNSEEN_QUERY`.

    Returns a dict: ``words`` (the vocabulary of the toy corpus plus the
    query), ``counts`` {"spam": [...], "ham": [...]} (messages of the class
    containing each word), ``n`` {"spam": 5, "ham": 7}, ``x`` (1 where the query
    contains the word) and ``word`` (:data:`UNSEEN_WORD`).
    """
    vocab, X, y = toy_features([UNSEEN_QUERY])
    x = _dense(vocab.transform([UNSEEN_QUERY], binary=True))[0]
    B = X > 0
    return {"words": words_of(vocab), "word": UNSEEN_WORD, "query": UNSEEN_QUERY,
            "counts": {"spam": B[y == SPAM].sum(axis=0).astype(int).tolist(),
                       "ham": B[y == HAM].sum(axis=0).astype(int).tolist()},
            "n": {"spam": int(np.sum(y == SPAM)), "ham": int(np.sum(y == HAM))},
            "x": x.astype(int).tolist()}


def _laplace_readouts(alpha, phi_spam, phi_ham, posterior, c_spam, c_ham, n_spam, n_ham):
    """The alpha explorer's readout lines (``posterior`` None: the 0/0 case)."""
    a, a2 = fmt(alpha, 2), fmt(2 * alpha, 2)
    w = UNSEEN_WORD
    lines = [f"α = {a}",
             f"φ({w} | spam) = ({c_spam} + {a}) / ({n_spam} + {a2}) = {fmt(phi_spam, 4)}",
             f"φ({w} | ham) = ({c_ham} + {a}) / ({n_ham} + {a2}) = {fmt(phi_ham, 4)}"]
    if posterior is None:
        lines.append(f"p(spam | x) = 0/0: undefined (NaN): φ({w}) = 0 in both classes, "
                     "so both joints are 0")
    else:
        lines.append(f"p(spam | x) = {fmt(posterior, 4)} → {'spam' if posterior > 0.5 else 'ham'}")
    return lines


def _laplace_state(alpha):
    """Everything the alpha explorer's page publishes but ``params``, with genlearn's BernoulliNB."""
    vocab, X, y = toy_features([UNSEEN_QUERY])
    x = _dense(vocab.transform([UNSEEN_QUERY], binary=True))[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = BernoulliNB(alpha=alpha).fit(X, y)
    s, hm = (int(np.flatnonzero(model.classes_ == k)[0]) for k in (SPAM, HAM))
    post = posterior_spam(BernoulliNB, X, y, x, alpha)
    post = None if np.isnan(post) else post
    j = vocab.vocabulary_[UNSEEN_WORD]
    B = X > 0
    curve = [posterior_spam(BernoulliNB, X, y, x, a) for a in ALPHA_GRID]
    lines = _laplace_readouts(alpha, model.phi_[s, j], model.phi_[hm, j], post,
                             int(B[y == SPAM, j].sum()), int(B[y == HAM, j].sum()),
                             int(np.sum(y == SPAM)), int(np.sum(y == HAM)))
    return {"phi": {"spam": model.phi_[s].tolist(), "ham": model.phi_[hm].tolist()},
            "posterior": post,
            "curve": curve,
            "readouts": lines,
            "description": describe.laplace(alpha, post, ALPHA_GRID, curve)}


class LaplaceExplorer(Explorer):
    """The Laplace parameter alpha and p(spam | "Free bonus now"), drawn in the browser.

    One slider sets alpha. The page (``naive_bayes_text.js``) gets the toy
    counts once (:func:`laplace_data`) and computes, at every frame, the
    smoothed ``phi = (c + alpha) / (n_y + 2 alpha)`` of every word, the
    Bernoulli naive Bayes posterior of :data:`UNSEEN_QUERY` in log space (0/0 at
    alpha = 0, which the readout says), and the curve of that posterior against
    alpha; :meth:`expected_state` is its genlearn twin.

    Attributes
    ----------
    alpha : float
        The slider value, in [0, :data:`ALPHA_MAX`] (a ValueError says so otherwise).

    Examples
    --------
    >>> ex = LaplaceExplorer(alpha=1.0)
    >>> ex.expected_state()["readouts"][-1]
    'p(spam | x) = 0.9317 → spam'
    """

    _js = "naive_bayes_text.js"
    _title = "Laplace smoothing explorer"
    _listen = Listen("curve", f"p(spam | x) as α grows from {ALPHA_GRID[0]:g} to {ALPHA_MAX:g}", 0.0, 1.0)

    alpha = Slider(0.0, ALPHA_MAX, 0.05, 1.0, "α (Laplace)", digits=2, why="alpha >= 0 is a pseudo-count")

    view = traitlets.Unicode("laplace").tag(sync=True)
    data = traitlets.Dict().tag(sync=True)
    alpha_grid = traitlets.List(list(ALPHA_GRID)).tag(sync=True)

    @traitlets.default("data")
    def _default_data(self):
        return laplace_data()

    def expected_state(self):
        """Everything the page publishes in ``data-state`` now, computed with genlearn's BernoulliNB.

        Keys: ``phi`` {"spam", "ham"}: the smoothed phi of every word (vocabulary
        order); ``posterior``: p(spam | "Free bonus now") (None at alpha = 0: 0/0);
        ``curve``: the posterior at every alpha of :data:`ALPHA_GRID`;
        ``readouts`` and ``params``.
        """
        return dict(_laplace_state(self.alpha), params=self.params())

    def static_figure(self):
        """:func:`plot_alpha_curve` at the current alpha (where widgets cannot run)."""
        return plot_alpha_curve(self.alpha)


#: The message the message explorer starts with.
DEFAULT_MESSAGE = "Congratulations! You won a free prize, call now"
#: The longest message the message explorer accepts (its text box stops there too).
MESSAGE_MAX_CHARS = 50_000
#: Words shown per direction (towards spam, towards ham) in the message explorer.
N_TOP_WORDS = 4
#: Distinct unknown words named in the readout (the rest are counted).
N_UNKNOWN_SHOWN = 6
#: Tokens the page publishes for the tests (a long message publishes its first ones).
N_TOKENS_PUBLISHED = 200


def _count_text(n, word):
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def message_data(model, vocab):
    """What the message explorer's page gets once: the fitted multinomial model as counts.

    ``words`` (the vocabulary in column order, joined by spaces), ``counts``
    {"spam", "ham"} (the model's ``feature_count_``: occurrences of each word in
    the training messages of the class, joined by commas), ``class_count``
    {"spam", "ham"} and ``alpha``. The
    page turns them into the model's ``class_log_prior_`` and
    ``feature_log_prob_`` = log((count + alpha) / (words in the class + alpha |V|))
    once: counts are integers, about a quarter of the size of the 2|V|
    log-probabilities written out in full.
    """
    if not isinstance(model, MultinomialNB) or not hasattr(model, "feature_count_"):
        raise ValueError("model must be a fitted genlearn.MultinomialNB, e.g. "
                         "demo.train_spam_filters(corpus).multinomial.")
    if sorted(np.asarray(model.classes_).tolist()) != [HAM, SPAM]:
        raise ValueError(f"model must have the classes 0 (ham) and 1 (spam); got {list(model.classes_)}.")
    words = words_of(vocab)
    if len(words) != model.feature_count_.shape[1]:
        raise ValueError(f"vocab has {len(words)} words but the model was fitted on "
                         f"{model.feature_count_.shape[1]} columns: pass the vocabulary it was fitted with.")
    fc = np.asarray(model.feature_count_)
    if not np.array_equal(fc, np.round(fc)):
        raise ValueError("the model was not fitted on word counts (its feature_count_ is not whole numbers).")
    s, hm = (int(np.flatnonzero(model.classes_ == k)[0]) for k in (SPAM, HAM))
    # One string per list (tokens hold no spaces): the notebook stores this state, and a JSON
    # list would take a line per number there.
    return {"words": " ".join(words),
            "counts": {"spam": ",".join(map(str, fc[s].astype(int))),
                       "ham": ",".join(map(str, fc[hm].astype(int)))},
            "class_count": {"spam": int(model.class_count_[s]), "ham": int(model.class_count_[hm])},
            "alpha": float(model.alpha)}


def _message_state(message, model, vocab):
    """Everything the message explorer's page publishes for ``message`` but ``params``, with genlearn.

    Keys: ``tokens`` (:func:`genlearn.text.tokenize`, the first
    :data:`N_TOKENS_PUBLISHED`), ``n_tokens``, ``n_known`` (tokens in the
    vocabulary), ``log_prior`` and ``log_joint`` {"spam", "ham"} (log p(y) and
    log p(x, y) under the fitted model), ``p_spam`` (``predict_proba``),
    ``log_odds`` (log p(spam | x) - log p(ham | x)), ``top`` {"spam", "ham"}: the
    words pushing most towards each class as ``[word, count, count * (log
    phi_spam - log phi_ham)]``, and ``readouts`` (the lines shown).
    """
    tokens = text.tokenize(message)
    s, hm = (int(np.flatnonzero(model.classes_ == k)[0]) for k in (SPAM, HAM))
    C = vocab.transform([message])
    counts = _dense(C)[0]
    flp = model.feature_log_prob_
    log_joint = counts @ flp.T + model.class_log_prior_
    p_spam = float(model.predict_proba(C)[0, s])
    log_p = model.predict_log_proba(C)[0]
    log_odds = float(log_p[s] - log_p[hm])
    index = vocab.vocabulary_
    seen, unknown = {}, {}
    for t in tokens:
        if t in index:
            seen[t] = seen.get(t, 0) + 1
        else:
            unknown[t] = unknown.get(t, 0) + 1
    lp_s, lp_h = flp[s].tolist(), flp[hm].tolist()   # Python floats: the page's arithmetic, step by step
    contrib = [[w, c, c * (lp_s[index[w]] - lp_h[index[w]])] for w, c in seen.items()]
    # strongest first; the sorts are stable, so tied words keep their order of first appearance
    top = {"spam": sorted([r for r in contrib if r[2] > 0], key=lambda r: -r[2])[:N_TOP_WORDS],
           "ham": sorted([r for r in contrib if r[2] < 0], key=lambda r: r[2])[:N_TOP_WORDS]}
    n_known = sum(seen.values())
    prior = float(np.exp(model.class_log_prior_[s]))
    lines = []
    if not tokens:
        lines.append("no words: the message is empty or holds only spaces and punctuation")
    else:
        lines.append(f"{_count_text(len(tokens), 'word')}: {n_known:,} in the vocabulary, "
                     f"{len(tokens) - n_known:,} not (ignored)")
    lines.append(f"p(spam | message) = {fmt(p_spam, 4)} → {'spam' if p_spam > 0.5 else 'ham'} "
                 "(multinomial naive Bayes)")
    if n_known == 0:
        lines.append(f"no known word: p(spam | message) is the prior p(spam) = {fmt(prior, 4)}")
    else:
        lines.append(f"log p(spam | x) − log p(ham | x) = {fmt(log_odds, 2)}")
    for cls in ("spam", "ham"):
        shown = ", ".join(f"{w} ×{c} ({'' if fmt(v, 2).startswith('-') else '+'}{fmt(v, 2)})"
                          for w, c, v in top[cls])
        lines.append(f"words pushing towards {cls}: {shown or 'none'}")
    if unknown:
        names = list(unknown)
        more = len(names) - N_UNKNOWN_SHOWN
        lines.append("not in the vocabulary: " + ", ".join(names[:N_UNKNOWN_SHOWN])
                     + (f" and {more:,} more" if more > 0 else ""))
    return {"tokens": tokens[:N_TOKENS_PUBLISHED], "n_tokens": len(tokens), "n_known": n_known,
            "log_prior": {"spam": float(model.class_log_prior_[s]), "ham": float(model.class_log_prior_[hm])},
            "log_joint": {"spam": float(log_joint[s]), "ham": float(log_joint[hm])},
            "p_spam": p_spam, "log_odds": log_odds, "top": top, "readouts": lines,
            "description": describe.message(top, p_spam)}


class MessageExplorer(Explorer):
    """Type a message, see p(spam | message): the fitted multinomial filter, run in the browser.

    The page (``naive_bayes_text.js``) gets the fitted model once, as counts
    (:func:`message_data`), and at every keystroke tokenizes the text exactly as
    :func:`genlearn.text.tokenize` does, adds up the log-probabilities of the
    known words (log space: no underflow however long the message), and shows
    p(spam), the words that push the answer most each way (also as bars), and
    the ignored words, as a bounded summary; :meth:`expected_state` is its twin
    (with the model's ``predict_proba``).

    Parameters
    ----------
    model : genlearn.MultinomialNB
        Fitted on word counts with classes 0 (ham) and 1 (spam).
    vocab : genlearn.text.Vocabulary
        The vocabulary the model was fitted with.
    message : str, default=DEFAULT_MESSAGE

    Attributes
    ----------
    message : str
        The text in the box; at most :data:`MESSAGE_MAX_CHARS` characters (a
        ValueError says so otherwise).

    Examples
    --------
    >>> from genlearn import MultinomialNB, text
    >>> texts = ["free prize now", "win cash now", "lunch at home", "see you at lunch"]
    >>> vocab = text.Vocabulary().fit(texts)
    >>> model = MultinomialNB().fit(vocab.transform(texts), [1, 1, 0, 0])
    >>> ex = MessageExplorer(model, vocab, message="Free lunch!")
    >>> ex.expected_state()["readouts"][0]
    '2 words: 2 in the vocabulary, 0 not (ignored)'
    """

    _js = "naive_bayes_text.js"
    _title = "Spam probability of a message"

    message = TextBox(DEFAULT_MESSAGE, "message", max_chars=MESSAGE_MAX_CHARS)

    view = traitlets.Unicode("message").tag(sync=True)
    data = traitlets.Dict().tag(sync=True)
    limits = traitlets.Dict({"top": N_TOP_WORDS, "unknown_shown": N_UNKNOWN_SHOWN,
                             "tokens_published": N_TOKENS_PUBLISHED}).tag(sync=True)

    def __init__(self, model, vocab, **params):
        self._model, self._vocab = model, vocab
        self.data = message_data(model, vocab)
        super().__init__(**params)

    @classmethod
    def example(cls, **params):
        """An explorer of a multinomial filter fitted to four short messages."""
        texts = ["free prize now", "win cash now", "lunch at home", "see you at lunch"]
        vocab = text.Vocabulary().fit(texts)
        return cls(MultinomialNB().fit(vocab.transform(texts), [1, 1, 0, 0]), vocab, **params)

    def expected_state(self):
        """Everything the page publishes in ``data-state`` now, computed with genlearn.

        Keys: ``tokens`` (:func:`genlearn.text.tokenize`, the first
        :data:`N_TOKENS_PUBLISHED`), ``n_tokens``, ``n_known`` (tokens in the
        vocabulary), ``log_prior`` and ``log_joint`` {"spam", "ham"} (log p(y) and
        log p(x, y) under the fitted model), ``p_spam`` (``predict_proba``),
        ``log_odds`` (log p(spam | x) - log p(ham | x)), ``top`` {"spam", "ham"}:
        the words pushing most towards each class as ``[word, count, count * (log
        phi_spam - log phi_ham)]``, ``readouts`` (the lines shown) and ``params``.
        """
        return dict(_message_state(self.message, self._model, self._vocab), params=self.params())

    def static_figure(self):
        """The words pushing the current message towards each class, as bars
        (:func:`~genlearn.demos.naive_bayes_text.plot_message_words`)."""
        st = self.expected_state()
        return plot_message_words(st["top"], st["p_spam"])
