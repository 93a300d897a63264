"""The self-check of Task 7 (each student's own data), beside :mod:`genlearn.homework.checks`.

:func:`check_my_answers` calls the student's ``my_answers()`` with genlearn's
versions of the tasks it builds on and compares what it returns with
:func:`genlearn.homework.variants.answers` for the notebook's ``MY_SEED``: a
wrong value fails naming the answer and the property it lacks (and, for a
table, the entry furthest off), never the value expected, which a student
could type in instead of computing it.

Examples
--------
>>> from genlearn.homework import variant_checks, variants
>>> mine = variants.answers("hw3_m_estimate", 7)
>>> variant_checks.check_my_answers("hw3_m_estimate", 7, lambda: tuple(mine.values()))  # doctest: +ELLIPSIS
OK: your numbers for MY_SEED = 7: score_yes = ...
"""
import numpy as np

from . import checks
from .variants import ANSWER_NAMES, _check, answers

__all__ = ["check_my_answers"]


def check_my_answers(assignment, seed, my_answers):
    """Check ``my_answers()`` against :func:`answers` for ``seed`` (the notebook's self-check).

    ``my_answers`` runs with genlearn's versions of the earlier tasks in place
    of the student's (hw1: Tasks 1 and 2; hw2: Tasks 1 to 4; hw3: Tasks 2 to
    4), so that a mistake there costs that task only. A wrong number
    fails with the value found and the value expected for this seed.
    """
    _check(assignment, seed)
    names = ANSWER_NAMES[assignment]
    references = {
        "hw1_gda": {"fit_gda": checks._reference_fit_gda, "gda_posterior": checks._reference_gda_posterior},
        "hw2_naive_bayes_spam": {"build_vocabulary": _reference_build_vocabulary, "encode": _reference_encode,
                                 "fit_multinomial_nb": checks.sms_reference_model, "predict": _reference_predict},
        "hw3_m_estimate": dict(checks._CATEGORICAL_REFERENCES, two_class_scores=_reference_two_class_scores),
    }[assignment]
    with checks._replaced(my_answers, **references):
        out = checks._call(my_answers)
    if not isinstance(out, (tuple, list)) or len(out) != len(names):
        checks._fail(f"my_answers should return {len(names)} values: {', '.join(names)}.")
    expected = answers(assignment, seed)
    for name, value in zip(names, out):
        value = checks._array(value, f"my_answers' {name}", np.shape(expected[name]), "as in the task")
        if not np.allclose(value, expected[name], rtol=1e-9, atol=1e-12):
            checks._fail(f"my_answers: {name} is not that of your data (MY_SEED = {seed}): {PROPERTIES[name]}"
                         f"{_where(value, expected[name])}. Did you use the data of the cell above?")
    checks._ok(f"your numbers for MY_SEED = {seed}: " + ", ".join(_shown(n, expected[n]) for n in names))


#: what each answer is, said when it is wrong (the expected value is never shown)
PROPERTIES = {
    "phi": "it is not the fraction of your examples in class 1",
    "mu0": "it is not the mean of your examples of class 0",
    "mu1": "it is not the mean of your examples of class 1",
    "Sigma": "it is not the shared covariance of your data with divisor m (Task 1)",
    "p_query": "it is not p(y = 1 | x_mine) under your estimates (Task 2)",
    "phi_spam": "it is not the fraction of spam among your messages",
    "log_phi": "it is not the log of your messages' word frequencies smoothed with alpha_mine",
    "log_px": "it is not the sum of log phi over the query's words, each occurrence counted",
    "p_spam": "it is not p(y = 1 | query_mine) under your estimates",
    "score_yes": "it is not P(Yes) prod_j P(x_j | Yes) of your table, with m_mine and p = 1/k_j",
    "score_no": "it is not P(No) prod_j P(x_j | No) of your table, with m_mine and p = 1/k_j",
    "p_yes": "it is not score_yes / (score_yes + score_no) of your table",
}


def _where(value, expected):
    """' (the entry at index (i, j) is off the most)' for a table; '' for one number."""
    err = np.abs(np.asarray(value, dtype=float) - np.asarray(expected, dtype=float))
    if err.ndim == 0:
        return ""
    i = np.unravel_index(int(np.nanargmax(np.where(np.isnan(err), np.inf, err))), err.shape)
    return f" (the entry at index {tuple(int(k) for k in i)} is off the most)"


def _shown(name, value):
    """``name = value`` for the OK line; a table of more than six numbers by its shape only."""
    if np.size(value) > 6:
        return f"{name} (shape {np.shape(value)})"
    return f"{name} = {np.round(value, 6).tolist()}"


def _reference_build_vocabulary(texts, min_count=1):
    from ..text import Vocabulary

    return list(Vocabulary(min_count=min_count).fit(texts).words_)


def _reference_encode(text, index):
    from ..text import tokenize

    return np.array([index[t] for t in tokenize(text) if t in index], dtype=int)


def _reference_predict(docs, log_phi_y, log_phi):
    log_phi = np.asarray(log_phi, dtype=float)
    jll = np.asarray(checks._count_matrix(docs, log_phi.shape[1]) @ log_phi.T) + np.asarray(log_phi_y, dtype=float)
    return np.argmax(jll, axis=1)


def _reference_two_class_scores(X, y, x, m):
    model = checks._reference_categorical_nb(X, y, m)
    s = checks._reference_joint_scores(model, [x])[0]
    classes = [str(c) for c in np.asarray(model["classes"]).tolist()]
    yes, no = float(s[classes.index("Yes")]), float(s[classes.index("No")])
    return yes, no, yes / (yes + no)
