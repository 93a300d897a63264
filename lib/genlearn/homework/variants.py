"""Each student's own numbers: the data of a homework drawn from the student's seed.

An instructor hands every student a notebook of their own (``python -m
genlearn.course.variants personalise``): its cell ``MY_SEED = ...`` holds a
seed derived on the instructor's side from a course secret, the assignment and
the student's id (:func:`genlearn.course.variants.student_seed`). The seed
reveals nothing about the secret or about another student's seed. From it,
:func:`draw` makes that student's data here, and :func:`answers` computes the
expected answers with genlearn, the reference; the notebook's self-check
(:func:`genlearn.homework.variant_checks.check_my_answers`) and the grader's
hidden test both call :func:`answers`, so no table of answers exists anywhere.

Only plain numpy draws the data: while a homework is graded, the sandbox
blocks genlearn's implementations of its tasks, not this draw.

Homework 1 (``hw1_gda``): 40 examples of two Gaussian classes (two features,
a shared covariance) and one query point; the answers are the maximum
likelihood estimates phi, mu0, mu1, Sigma and p(y = 1 | query).
Homework 2 (``hw2_naive_bayes_spam``): 10 to 16 short invented text messages
over a fixed vocabulary of twelve words (five that lean to spam, five that lean
to ham, two of both), labelled ham (0) or spam (1) with 3 or more of each, one
query message with a word repeated, and a smoothing parameter alpha (0.5, 1 or
2); every word of the vocabulary occurs in the messages, so the vocabulary is
the same sorted list for every seed. The answers are p(y = spam), the smoothed
multinomial estimates log phi_{j|y}, log p(query | y) for both classes and
p(spam | query). The draw never reads the SMS Spam Collection.
Homework 3 (``hw3_m_estimate``): a table of twelve "deliveries" with three
named attributes and a Yes/No class, one query and an equivalent sample size
m; the answers are Task 4's three numbers for them.

Examples
--------
>>> from genlearn.homework import variants
>>> mine = variants.draw("hw3_m_estimate", 12345)
>>> sorted(mine)
['X', 'm', 'x', 'y']
>>> mine["X"].shape, sorted(set(mine["y"].tolist()))
((12, 3), ['No', 'Yes'])
>>> again = variants.draw("hw3_m_estimate", 12345)
>>> bool((again["X"] == mine["X"]).all()) and again["m"] == mine["m"]
True
>>> sorted(variants.answers("hw3_m_estimate", 12345))
['p_yes', 'score_no', 'score_yes']
>>> variants.draw("hw1_gda", 12345)["X"].shape, variants.answers("hw1_gda", 12345)["Sigma"].shape
((40, 2), (2, 2))
>>> spam = variants.draw("hw2_naive_bayes_spam", 12345)
>>> sorted(spam), sorted(set(spam["y"].tolist())), spam["alpha"] in (0.5, 1.0, 2.0)
(['alpha', 'query', 'texts', 'y'], [0, 1], True)
>>> variants.answers("hw2_naive_bayes_spam", 12345)["log_phi"].shape
(2, 12)
"""
import numpy as np

__all__ = ["ASSIGNMENTS", "draw", "answers", "ANSWER_NAMES", "HW2_WORDS", "found_expected"]

#: per assignment, the answers :func:`answers` returns, in the order ``my_answers()`` returns them
ANSWER_NAMES = {"hw1_gda": ("phi", "mu0", "mu1", "Sigma", "p_query"),
                "hw2_naive_bayes_spam": ("phi_spam", "log_phi", "log_px", "p_spam"),
                "hw3_m_estimate": ("score_yes", "score_no", "p_yes")}

#: the assignments that have per-student data
ASSIGNMENTS = tuple(ANSWER_NAMES)

#: hw2's vocabulary: words that lean to spam, words that lean to ham, words of both classes
_HW2_SPAM_WORDS = ("cash", "claim", "free", "prize", "win")
_HW2_HAM_WORDS = ("home", "later", "lunch", "mum", "tonight")
_HW2_BOTH_WORDS = ("call", "now")
#: the sorted vocabulary every hw2 draw uses in full (Task 1's build_vocabulary finds exactly these words)
HW2_WORDS = tuple(sorted(_HW2_SPAM_WORDS + _HW2_HAM_WORDS + _HW2_BOTH_WORDS))
_HW2_ALPHAS = (0.5, 1.0, 2.0)

_HW3_ATTRIBUTES = (("Courier", ("A", "B", "C")), ("Size", ("Small", "Medium", "Large")),
                   ("Day", ("Weekday", "Weekend")))


def _check(assignment, seed):
    if assignment not in ASSIGNMENTS:
        raise ValueError(f"{assignment!r} has no per-student data; the assignments with it are {ASSIGNMENTS}.")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer (the MY_SEED of your notebook); got {seed!r}.")


def _draw_hw1(r):
    m, m1 = 40, int(r.integers(12, 21))
    A = r.normal(size=(2, 2))
    Sigma = A @ A.T / 2 + 0.5 * np.eye(2)
    mu = np.round(r.normal(scale=2.0, size=(2, 2)), 1)
    y = r.permutation(np.r_[np.zeros(m - m1, int), np.ones(m1, int)])
    X = np.round(mu[y] + r.normal(size=(m, 2)) @ np.linalg.cholesky(Sigma).T, 2)
    return {"X": X, "y": y, "x": np.round(mu.mean(axis=0) + r.normal(size=2), 2)}


def _message(r, words):
    """``words`` in a random order as a short text message: a capital first letter, maybe a final mark."""
    text = " ".join(words[r.permutation(len(words))])
    return text[0].upper() + text[1:] + str(r.choice(["", ".", "!", "?"]))


def _draw_hw2(r):
    words = np.array(HW2_WORDS)
    lean = np.array([1 if w in _HW2_SPAM_WORDS else -1 if w in _HW2_HAM_WORDS else 0 for w in HW2_WORDS])
    m = int(r.integers(10, 17))
    n_spam = int(r.integers(3, m // 2 + 1))
    y = r.permutation(np.r_[np.zeros(m - n_spam, int), np.ones(n_spam, int)])
    # a class writes its own words four times as often as the other class's, the shared words twice as often
    weights = [np.select([lean == (2 * k - 1), lean == 0], [4.0, 2.0], 1.0) for k in (0, 1)]
    tokens = [list(r.choice(len(words), size=int(r.integers(3, 7)), p=weights[k] / weights[k].sum())) for k in y]
    # every word at least once (in a message of the class it leans to), so that the vocabulary is HW2_WORDS
    used = {int(j) for t in tokens for j in t}
    for j in (j for j in range(len(words)) if j not in used):
        own = np.flatnonzero(y == int(lean[j] > 0)) if lean[j] else np.arange(m)
        tokens[int(r.choice(own))].append(j)
    query = list(r.choice(len(words), size=int(r.integers(3, 6)), replace=False))
    query.append(query[int(r.integers(len(query)))])      # one word twice: the multinomial model counts it twice
    return {"texts": [_message(r, words[t]) for t in tokens], "y": y, "query": _message(r, words[query]),
            "alpha": float(r.choice(_HW2_ALPHAS))}


def _draw_hw3(r):
    m_examples = 12
    # every value occurs at least once, so that p = 1/k_j is the same with or without declared values
    columns = [r.permutation(np.r_[values, r.choice(values, size=m_examples - len(values))])
               for _, values in _HW3_ATTRIBUTES]
    n_yes = int(r.integers(3, 8))
    y = r.permutation(np.array(["Yes"] * n_yes + ["No"] * (m_examples - n_yes)))
    x = np.array([str(r.choice(values)) for _, values in _HW3_ATTRIBUTES])
    return {"X": np.column_stack(columns), "y": y, "x": x, "m": int(r.integers(1, 6))}


def draw(assignment, seed):
    """The data of ``assignment`` for the student whose seed is ``seed``.

    Parameters
    ----------
    assignment : str
        One of :data:`ASSIGNMENTS`.
    seed : int
        The student's seed (``MY_SEED`` in their notebook).

    Returns
    -------
    data : dict
        For ``hw1_gda``: ``"X"`` (40, 2), ``"y"`` (40,) in {0, 1} with 12 to
        20 ones, ``"x"`` a query point (2,). For ``hw2_naive_bayes_spam``:
        ``"texts"`` a list of 10 to 16 messages (str) that use every word of
        :data:`HW2_WORDS`, ``"y"`` (len(texts),) in {0, 1} (1: spam) with 3 to
        len(texts) // 2 spam, ``"query"`` a message (str) with one word twice
        and ``"alpha"`` the smoothing parameter (0.5, 1.0 or 2.0). For
        ``hw3_m_estimate``: ``"X"``
        (12, 3) attribute values (strings, every value present), ``"y"``
        (12,) ``"Yes"``/``"No"`` with both classes present, ``"x"`` a query
        (3,) and ``"m"`` the equivalent sample size (1 to 5).
    """
    _check(assignment, seed)
    draws = {"hw1_gda": _draw_hw1, "hw2_naive_bayes_spam": _draw_hw2, "hw3_m_estimate": _draw_hw3}
    return draws[assignment](np.random.default_rng(int(seed)))


def answers(assignment, seed):
    """The expected answers of ``assignment`` for ``seed``, computed with genlearn (a dict, :data:`ANSWER_NAMES`).

    For ``hw1_gda``: ``phi`` = p(y = 1), ``mu0``, ``mu1`` (2,) and ``Sigma``
    (2, 2), the maximum likelihood estimates of :class:`genlearn.GDA`, and
    ``p_query`` = p(y = 1 | x) at the query. For ``hw2_naive_bayes_spam``, with
    :class:`genlearn.MultinomialNB` (``alpha`` of the draw) on the counts of
    :class:`genlearn.text.Vocabulary`: ``phi_spam`` = p(y = 1), ``log_phi``
    (2, 12) the smoothed log phi_{j|y=k} (row 0 ham, row 1 spam, columns in
    the order of :data:`HW2_WORDS`), ``log_px`` (2,) = log p(query | y = k),
    the sum of log phi_{x_t|k} over the query's words, and ``p_spam`` =
    p(y = 1 | query). For ``hw3_m_estimate``: Task 4's
    ``score_yes`` and ``score_no`` (P(v) prod_j P(x_j | v) with m-estimates,
    p = 1/k_j) and ``p_yes`` = P(Yes | x), for the student's table, query and m.
    """
    data = draw(assignment, seed)
    if assignment == "hw1_gda":
        from ..discriminant import GDA

        model = GDA().fit(data["X"], data["y"])
        return {"phi": float(model.phi_y_[1]), "mu0": model.mu_[0].copy(), "mu1": model.mu_[1].copy(),
                "Sigma": model.Sigma_.copy(), "p_query": float(model.predict_proba(data["x"][None, :])[0, 1])}
    if assignment == "hw2_naive_bayes_spam":
        from ..naive_bayes import MultinomialNB
        from ..text import Vocabulary

        vocabulary = Vocabulary().fit(data["texts"])
        model = MultinomialNB(alpha=data["alpha"]).fit(vocabulary.transform(data["texts"]), data["y"])
        x = vocabulary.transform([data["query"]])
        return {"phi_spam": float(model.phi_y_[1]), "log_phi": model.feature_log_prob_.copy(),
                "log_px": model.predict_joint_log_proba(x)[0] - model.class_log_prior_,
                "p_spam": float(model.predict_proba(x)[0, 1])}
    from ..naive_bayes import CategoricalNB

    model = CategoricalNB(m=data["m"]).fit(data["X"], data["y"])
    scores = np.exp(model.predict_joint_log_proba(data["x"][None, :])[0])
    classes = model.classes_.tolist()
    yes, no = float(scores[classes.index("Yes")]), float(scores[classes.index("No")])
    return {"score_yes": yes, "score_no": no, "p_yes": yes / (yes + no)}


def found_expected(value, expected):
    """'found v, expected e' at the entry furthest from ``expected`` (a scalar or an array)."""
    value, expected = np.asarray(value, dtype=float), np.asarray(expected, dtype=float)
    err = np.abs(value - expected)
    i = np.unravel_index(int(np.argmax(err)), err.shape) if err.ndim else ()
    at = f" at index {tuple(int(k) for k in i)}" if i else ""
    return f"found {float(value[i]):.6g}{at}, expected {float(expected[i]):.6g}"
