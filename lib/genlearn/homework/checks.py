"""Self-checks for the homework: compare a student's function with genlearn's.

Each ``check_*`` function takes what a homework task asks for (numbers,
arrays, or the student's function itself) together with the inputs. It
recomputes the answer with genlearn's reference implementation and, when the
two differ, raises :class:`CheckFailed` with a short message that names the
function at fault and the likely mistake ("did you divide by the number of
examples of that class?", "this looks like the unsmoothed estimate"), never
the expected value. When the answer is right it prints one line starting with
``OK``.

Each check tests one task: it gets the inputs of that task from the notebook
(fixed parameters, the course's own encoding of the messages), or, for a task
whose function calls the functions of earlier tasks, it runs the student's
function with genlearn's versions of those in their place. A mistake in Task 1
therefore shows up in Task 1's check only. Arrays may be numpy arrays or plain
lists of the right shape, here and in the graders' hidden tests.

How the messages are found: for every task, the usual mistakes are computed
from the reference too (dividing by m instead of the class count, forgetting
the +|V|, swapping the classes, ...). If the student's answer equals one of
them, the message names that mistake; otherwise it says which entry differs.

The graders' hidden tests (in the instructor material) do not use this module:
a student can replace these functions in the notebook, but not the tests.

Homework 1 (GDA): :func:`check_gda_mle`, :func:`check_gda_posterior`,
:func:`check_gda_boundary`, :func:`check_evaluate`, :func:`check_compare_raw_and_log`.
Homework 2 (naive Bayes spam filter): :func:`check_vocabulary`,
:func:`check_encoding`, :func:`check_multinomial_nb`, :func:`check_predictions`,
:func:`check_top_words`; the course's encoding and estimates for Tasks 3 to 5:
:func:`sms_reference`, :func:`sms_reference_model`.
Homework 3 (m-estimate): :func:`check_m_estimate`, :func:`check_categorical_nb`,
:func:`check_scores_and_posteriors`, :func:`check_two_class_scores` (with
:func:`check_stolen_car_scores`), :func:`check_posteriors`.

Examples
--------
>>> import numpy as np
>>> from genlearn.homework import checks
>>> X = np.array([[0.0, 1.0], [1.0, 0.0], [0.0, 0.0], [3.0, 3.0], [4.0, 2.0], [3.0, 2.0]])
>>> y = np.array([0, 0, 0, 1, 1, 1])
>>> phi = 0.5; mu0 = X[:3].mean(0); mu1 = X[3:].mean(0)
>>> Z = X - np.where(y[:, None] == 1, mu1, mu0)
>>> checks.check_gda_mle(X, y, phi, mu0, mu1, Z.T @ Z / len(y))
OK: phi, mu0, mu1 and Sigma are the maximum likelihood estimates.
>>> checks.check_gda_mle(X, y, phi, X[:3].sum(0) / 6, mu1, Z.T @ Z / 6)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
genlearn.homework.checks.CheckFailed: fit_gda: mu0 is off: did you divide by the number of examples of that class ...
"""
import contextlib
import warnings
from collections import Counter

import numpy as np

__all__ = [
    "CheckFailed",
    "check_gda_mle", "check_gda_posterior", "check_gda_boundary", "check_evaluate",
    "check_compare_raw_and_log",
    "check_vocabulary", "check_encoding", "check_multinomial_nb", "check_predictions",
    "check_top_words", "sms_reference", "sms_reference_model",
    "check_m_estimate", "check_categorical_nb", "check_scores_and_posteriors",
    "check_two_class_scores", "check_posteriors", "check_stolen_car_scores",
]

RTOL = 1e-6
ATOL = 1e-9


class CheckFailed(AssertionError):
    """A homework answer differs from the reference; the message says how."""


def _ok(message):
    print("OK: " + message)


def _fail(message):
    raise CheckFailed(message)


def _close(a, b, rtol=RTOL, atol=ATOL):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True))


def _array(value, name, shape, meaning, finite=True, allow_nan=False):
    """``value`` as a float array of ``shape``, or a failure that explains the shape."""
    if value is None:
        _fail(f"{name} is None: the function must return it (did you forget `return`?).")
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        _fail(f"{name} must be numbers ({meaning}); got {type(value).__name__}.")
    if arr.shape != tuple(shape):
        hint = ""
        if arr.ndim == 2 and arr.shape[::-1] == tuple(shape):
            hint = " It is transposed."
        elif arr.size == int(np.prod(shape)):
            hint = f" It has the right number of entries: reshape it to {tuple(shape)}."
        _fail(f"{name} should have shape {tuple(shape)} ({meaning}); yours has shape "
              f"{arr.shape}.{hint}")
    if (np.isnan(arr).any() and not allow_nan) or (finite and not np.isfinite(arr).all()):
        _fail(f"{name} contains NaN or infinity: look for a division by zero or log(0).")
    return arr


def _match(value, candidates):
    """The message of the first candidate (message, array) that ``value`` equals."""
    for message, cand in candidates:
        if _close(value, cand):
            return message
    return None


def _worst(value, ref, name):
    """Where ``value`` is furthest from the reference (never the expected value itself)."""
    value, ref = np.asarray(value, dtype=float), np.asarray(ref, dtype=float)
    err = np.abs(value - ref)
    idx = np.unravel_index(int(np.argmax(err)), err.shape) if err.ndim else ()
    where = f" at index {tuple(int(i) for i in idx)}" if idx else ""
    return f"{name} differs from the reference{where}, by {float(err[idx]):.3g}."


@contextlib.contextmanager
def _replaced(func, **replacements):
    """Run ``func`` with some global names (the functions of other tasks) replaced.

    A task's check calls the student's function with genlearn's versions of the
    functions it builds on, so that a mistake in an earlier task does not show
    up again here.
    """
    space = getattr(func, "__globals__", {})
    missing = object()
    saved = {name: space.get(name, missing) for name in replacements}
    space.update(replacements)
    try:
        yield
    finally:
        for name, old in saved.items():
            if old is missing:
                space.pop(name, None)
            else:
                space[name] = old


def _call(func, *args, **kwargs):
    """``func(*args)``; a crash becomes a failure that names the function."""
    name = getattr(func, "__name__", "your function")
    try:
        return func(*args, **kwargs)
    except NotImplementedError:
        raise
    except Exception as exc:  # noqa: BLE001 - reported to the student, shortened
        text = str(exc).splitlines()[0][:160] if str(exc) else ""
        _fail(f"{name} raised {type(exc).__name__}: {text}")


def _binary(y):
    y = np.asarray(y)
    if not np.isin(y, (0, 1)).all() or len(np.unique(y)) != 2:
        _fail("These checks expect labels y in {0, 1} with both classes present.")
    return y.astype(int)


# ---------------------------------------------------------------------------
# Homework 1: Gaussian discriminant analysis
# ---------------------------------------------------------------------------

def check_gda_mle(X, y, phi, mu0, mu1, Sigma):
    """Check the GDA maximum likelihood estimates (CS229 notation).

    ``phi = p(y = 1)``, ``mu0`` and ``mu1`` the class means (shape (n,)) and
    ``Sigma`` the shared covariance (n, n) with divisor m.
    """
    from ..discriminant import GDA

    X = np.asarray(X, dtype=float)
    y = _binary(y)
    m, n = X.shape
    ref = GDA().fit(X, y)
    m0, m1 = int((y == 0).sum()), int((y == 1).sum())

    phi_arr = np.asarray(phi, dtype=float)
    if phi_arr.size != 1:
        _fail(f"fit_gda: phi should be one number, p(y = 1); yours has shape {phi_arr.shape}. "
              "For two classes the prior is a single Bernoulli parameter.")
    phi = float(phi_arr.ravel()[0])
    if not np.isclose(phi, ref.phi_y_[1]):
        msg = _match(phi, [
            ("phi is p(y = 1), but yours is the fraction of examples with y = 0.", ref.phi_y_[0]),
            (f"phi is the number of examples with y = 1 ({m1}); divide it by m = {m} to get a probability.", m1),
        ])
        _fail("fit_gda: " + (msg or "phi should be the fraction of examples with y = 1."))

    for k, (name, mu, mk) in enumerate((("mu0", mu0, m0), ("mu1", mu1, m1))):
        mu = _array(mu, name, (n,), "one mean per feature")
        if _close(mu, ref.mu_[k]):
            continue
        other = 1 - k
        msg = _match(mu, [
            (f"{name} is the mean of class {other}: mu0 and mu1 are swapped "
             f"(mu{k} averages the examples with y = {k}).", ref.mu_[other]),
            (f"did you divide by the number of examples of that class (m_{k} = {mk}), not by "
             f"m = {m}? mu{k} is the average over the examples with y = {k} only.",
             ref.mu_[k] * mk / m),
            (f"{name} is the mean of all examples; it should average only the examples "
             f"with y = {k}.", X.mean(axis=0)),
        ])
        _fail(f"fit_gda: {name} is off: " + (msg or _worst(mu, ref.mu_[k], name)))

    Sigma = _array(Sigma, "Sigma", (n, n), "one row and column per feature")
    if not np.allclose(Sigma, Sigma.T):
        _fail("fit_gda: Sigma is not symmetric: a covariance matrix equals its transpose. Build it "
              "from (x - mu)(x - mu)^T terms, e.g. Z.T @ Z with Z the centred rows.")
    if not _close(Sigma, ref.Sigma_):
        mu_i = ref.mu_[y]
        Z = X - mu_i
        scatter = Z.T @ Z
        Zall = X - X.mean(axis=0)
        Z0, Z1 = Z[y == 0], Z[y == 1]
        msg = _match(Sigma, [
            (f"Sigma is divided by m - 1 = {m - 1}; the maximum likelihood estimate divides "
             f"by m = {m}.", scatter / (m - 1)),
            ("Sigma is divided by m - 2 (the unbiased pooled estimate); the maximum likelihood "
             f"estimate divides by m = {m}.", scatter / (m - 2)),
            ("each example must be centred on the mean of its own class, mu_{y(i)}; you used "
             "the mean of all examples.", Zall.T @ Zall / m),
            ("Sigma is the average of the two class covariances; GDA pools the scatter of both "
             f"classes and divides the sum by m = {m}.", (Z0.T @ Z0 / m0 + Z1.T @ Z1 / m1) / 2),
            (f"Sigma uses only the examples of class 0; sum over all m = {m} examples.", Z0.T @ Z0 / m0),
            (f"Sigma uses only the examples of class 1; sum over all m = {m} examples.", Z1.T @ Z1 / m1),
            ("Sigma is the sum of (x - mu)(x - mu)^T without dividing by m.", scatter),
            ("Sigma has only its diagonal: keep the covariances between features too "
             "(that is GDA; the diagonal version is Gaussian naive Bayes).", np.diag(np.diag(scatter / m))),
        ])
        _fail("fit_gda: Sigma is off: " + (msg or _worst(Sigma, ref.Sigma_, "Sigma")))
    _ok("phi, mu0, mu1 and Sigma are the maximum likelihood estimates.")


def _reference_fit_gda(X, y):
    """genlearn's GDA, returned the way Task 1 asks: phi, mu0, mu1, Sigma."""
    from ..discriminant import GDA

    model = GDA().fit(np.asarray(X, dtype=float), _binary(y))
    return float(model.phi_y_[1]), model.mu_[0].copy(), model.mu_[1].copy(), model.Sigma_.copy()


def _reference_gda_posterior(X, phi, mu0, mu1, Sigma):
    from .. import gaussian

    X = np.asarray(X, dtype=float)
    a0 = gaussian.logpdf(X, mu0, Sigma) + np.log(1 - phi)
    a1 = gaussian.logpdf(X, mu1, Sigma) + np.log(phi)
    return np.exp(-np.logaddexp(0.0, a0 - a1))


def _gda_params(phi, mu0, mu1, Sigma):
    phi = float(phi)
    mu0, mu1 = np.asarray(mu0, dtype=float), np.asarray(mu1, dtype=float)
    return phi, mu0, mu1, np.asarray(Sigma, dtype=float)


def check_gda_posterior(X, phi, mu0, mu1, Sigma, proba):
    """Check ``proba[i] = p(y = 1 | X[i])`` for the given GDA parameters."""
    from .. import gaussian

    phi, mu0, mu1, Sigma = _gda_params(phi, mu0, mu1, Sigma)
    X = np.asarray(X, dtype=float)
    proba_arr = np.asarray(proba, dtype=float) if proba is not None else None
    if proba_arr is not None and proba_arr.shape == (len(X), 2):
        _fail(f"gda_posterior: return only p(y = 1 | x), shape ({len(X)},), not both columns.")
    proba = _array(proba, "gda_posterior's result", (len(X),), "p(y = 1 | x) for each example",
                   finite=False, allow_nan=True)
    ref = _reference_gda_posterior(X, phi, mu0, mu1, Sigma)
    if _close(proba, ref):
        _ok("gda_posterior gives p(y = 1 | x).")
        return
    if not np.isfinite(proba).all():
        _fail("gda_posterior: NaN or infinity. Far from the data both densities underflow to 0 and "
              "p(x|y=1)phi / p(x) is 0/0: compute a_k = log p(x|y=k) + log p(y=k) and 1 / (1 + e^(a0 - a1)).")
    l0, l1 = gaussian.logpdf(X, mu0, Sigma), gaussian.logpdf(X, mu1, Sigma)
    with np.errstate(all="ignore"):
        candidates = [
            ("this is p(y = 0 | x): the classes are swapped.", 1.0 - ref),
            ("this looks like p(x, y = 1): divide by p(x) = p(x|y=0)(1 - phi) + p(x|y=1) phi.",
             np.exp(l1) * phi),
            ("this is a log-probability: exponentiate and normalise.", l1 + np.log(phi)),
            ("you left out the class prior phi.", 1.0 / (1.0 + np.exp(np.clip(l0 - l1, -700, 700)))),
        ]
    msg = _match(proba, candidates)
    if msg is None and (np.any(proba < 0) or np.any(proba > 1)):
        msg = "some values are outside [0, 1]: did you return the log-odds or an unnormalised score?"
    _fail("gda_posterior: " + (msg or _worst(proba, ref, "p(y = 1 | x)")))


def check_gda_boundary(phi, mu0, mu1, Sigma, theta, theta0):
    """Check ``theta`` (n,) and ``theta0`` with p(y=1|x) = sigmoid(theta^T x + theta0) for these parameters."""
    phi, mu0, mu1, S = _gda_params(phi, mu0, mu1, Sigma)
    n = len(mu0)
    theta = _array(theta, "gda_boundary's theta", (n,), "one weight per feature")
    theta0_arr = np.asarray(theta0, dtype=float)
    if theta0_arr.size != 1:
        _fail(f"gda_boundary: theta0 should be one number (the intercept); it has shape {theta0_arr.shape}.")
    theta0 = float(theta0_arr.ravel()[0])
    t_ref = np.linalg.solve(S, mu1 - mu0)
    log_odds = np.log(phi / (1 - phi))
    t0_ref = -0.5 * (mu1 @ np.linalg.solve(S, mu1) - mu0 @ np.linalg.solve(S, mu0)) + log_odds
    if not _close(theta, t_ref):
        msg = _match(theta, [
            ("theta points the wrong way: large theta^T x must mean class 1.", -t_ref),
            ("multiply (mu1 - mu0) by the inverse of Sigma, not by Sigma.", S @ (mu1 - mu0)),
            ("theta is missing Sigma^-1.", mu1 - mu0),
        ])
        _fail("gda_boundary: " + (msg or _worst(theta, t_ref, "theta")))
    if not np.isclose(theta0, t0_ref, rtol=RTOL, atol=1e-8):
        msg = _match(theta0, [
            ("theta0 is missing the prior term log(phi / (1 - phi)).", t0_ref - log_odds),
            ("the prior term has the wrong sign.", t0_ref - 2 * log_odds),
            ("theta0 has the wrong sign.", -t0_ref),
            ("the quadratic terms are missing the factor 1/2.", 2 * (t0_ref - log_odds) + log_odds),
        ])
        _fail("gda_boundary: " + (msg or "theta0 differs from the reference."))
    _ok("gda_boundary gives the GDA posterior as a logistic function.")


def _reference_evaluate(X_train, y_train, X_test, y_test):
    from ..logistic import LogisticRegression

    y_train, y_test = _binary(y_train), _binary(y_test)
    proba = _reference_gda_posterior(X_test, *_reference_fit_gda(X_train, y_train))
    logit = LogisticRegression().fit(X_train, y_train)
    return {"gda": float(np.mean((proba > 0.5) == y_test)), "logistic": float(logit.score(X_test, y_test))}


def _check_accuracies(result, ref, train, what):
    if not isinstance(result, dict) or set(result) != {"gda", "logistic"}:
        _fail(f'{what} should be a dict with exactly the keys "gda" and "logistic".')
    for key in ("gda", "logistic"):
        value = np.asarray(result[key], dtype=float)
        if value.size != 1:
            _fail(f"{what}[{key!r}] should be one number, the test accuracy.")
        value = float(value.ravel()[0])
        if np.isclose(value, ref[key]):
            continue
        if np.isclose(value, 100 * ref[key]):
            _fail(f"{what}[{key!r}]: give the accuracy as a fraction in [0, 1], not a percentage.")
        if train is not None and np.isclose(value, train[key]):
            _fail(f"{what}[{key!r}] is the accuracy on the training set: evaluate on the test set.")
        if np.isclose(value, 1 - ref[key]):
            _fail(f"{what}[{key!r}] is the error rate (1 - accuracy), or the classes are swapped.")
        _fail(f"{what}[{key!r}] is not the test accuracy.")


def check_evaluate(evaluate, X_train, y_train, X_test, y_test):
    """Check the function ``evaluate(X_train, y_train, X_test, y_test)`` of homework 1, Task 4.

    It runs with genlearn's ``fit_gda`` and ``gda_posterior`` in place of the
    student's, so that only this task is tested, and prints the accuracies.
    """
    with _replaced(evaluate, fit_gda=_reference_fit_gda, gda_posterior=_reference_gda_posterior):
        result = _call(evaluate, X_train, y_train, X_test, y_test)
    ref = _reference_evaluate(X_train, y_train, X_test, y_test)
    train = _reference_evaluate(X_train, y_train, X_train, y_train)
    _check_accuracies(result, ref, train, "evaluate's result")
    _ok(f"evaluate returns the test accuracies: GDA {float(result['gda']):.3f}, "
        f"logistic regression {float(result['logistic']):.3f}.")


def check_compare_raw_and_log(compare_raw_and_log, X_train, y_train, X_test, y_test):
    """Check ``compare_raw_and_log`` (homework 1, Task 5), with genlearn's ``evaluate`` in place of the student's."""
    with _replaced(compare_raw_and_log, evaluate=_reference_evaluate):
        result = _call(compare_raw_and_log, X_train, y_train, X_test, y_test)
    if not isinstance(result, dict) or set(result) != {"raw", "log"}:
        _fail('compare_raw_and_log should return a dict with exactly the keys "raw" and "log".')
    raw = _reference_evaluate(X_train, y_train, X_test, y_test)
    _check_accuracies(result["raw"], raw, None, 'compare_raw_and_log(...)["raw"]')
    logged = _reference_evaluate(np.log(X_train), y_train, np.log(X_test), y_test)
    if _close([result["log"].get("gda", np.nan), result["log"].get("logistic", np.nan)]
              if isinstance(result["log"], dict) else [np.nan],
              [_reference_evaluate(np.log(X_train), y_train, X_test, y_test)[k] for k in ("gda", "logistic")]):
        _fail('compare_raw_and_log: take the logarithm of the test features too, not only of the training ones.')
    _check_accuracies(result["log"], logged, None, 'compare_raw_and_log(...)["log"]')
    _ok(f"compare_raw_and_log: raw features GDA {raw['gda']:.3f}, logistic {raw['logistic']:.3f}; "
        f"log features GDA {logged['gda']:.3f}, logistic {logged['logistic']:.3f}.")


# ---------------------------------------------------------------------------
# Homework 2: naive Bayes spam filter
# ---------------------------------------------------------------------------

def _tokens(texts):
    from ..text import tokenize

    return [tokenize(t) for t in texts]


def check_vocabulary(texts, words, min_count=1):
    """Check the vocabulary: sorted distinct tokens occurring at least ``min_count`` times."""
    from ..text import Vocabulary

    ref = Vocabulary(min_count=min_count).fit(texts).words_
    if isinstance(words, (set, dict)) or not hasattr(words, "__len__"):
        _fail(f"words should be a list of strings, sorted alphabetically; got a {type(words).__name__}.")
    words = list(words)
    if words == ref:
        _ok(f"the vocabulary has the expected {len(ref)} words.")
        return
    if len(set(words)) != len(words):
        dup = next(w for w, c in Counter(words).items() if c > 1)
        _fail(f"the vocabulary lists some words more than once (e.g. {dup!r}): each word once.")
    if any(w != w.lower() for w in words if isinstance(w, str)):
        _fail("the vocabulary has upper-case letters: tokens are lower-cased "
              "(use genlearn.text.tokenize).")
    if set(words) == set(ref):
        _fail("the right words, but not in alphabetical order: sort them (sorted(...)).")
    all_words = Vocabulary(min_count=1).fit(texts).words_
    if min_count > 1 and set(words) == set(all_words):
        _fail(f"keep only words that occur at least min_count = {min_count} times; yours "
              "keeps every word.")
    doc_counts = Counter(w for toks in _tokens(texts) for w in set(toks))
    if set(words) == {w for w, c in doc_counts.items() if c >= min_count}:
        _fail("count every occurrence of a word, not the number of messages containing it.")
    missing = sorted(set(ref) - set(words))[:3]
    extra = sorted(set(words) - set(ref))[:3]
    _fail(f"the vocabulary should have {len(ref)} words, yours has {len(words)}; missing "
          f"e.g. {missing}, unexpected e.g. {extra}. Use genlearn.text.tokenize on each text.")


def check_encoding(texts, index, docs):
    """Check ``docs[i]``: the word indices of ``texts[i]``, one per known token."""
    toks = _tokens(texts)
    if len(docs) != len(texts):
        _fail(f"encode: encode every message: {len(texts)} texts but {len(docs)} encoded documents.")
    for i, (t, d) in enumerate(zip(toks, docs)):
        ref = Counter(index[w] for w in t if w in index)
        mine = Counter(int(v) for v in np.asarray(d).ravel())
        if mine == ref:
            continue
        if set(mine) == set(ref) and all(c == 1 for c in mine.values()):
            _fail(f"encode: message {i}: each word appears once in your encoding, but repeated words "
                  "must be repeated: the multinomial model counts every occurrence.")
        if sum(ref.values()) < len(t) and sum(mine.values()) == len(t):
            _fail(f"encode: message {i}: words that are not in the vocabulary must be left out.")
        _fail(f"encode: message {i} ({len(t)} tokens) gives {sum(mine.values())} indices, "
              f"{sum((mine & ref).values())} of them right; expected {sum(ref.values())}.")
    _ok("every message is encoded as its sequence of word indices.")


def _count_matrix(docs, V):
    import scipy.sparse as sp

    rows = np.repeat(np.arange(len(docs)), [len(np.asarray(d).ravel()) for d in docs])
    cols = np.concatenate([np.asarray(d, dtype=int).ravel() for d in docs]) if len(docs) else []
    return sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(docs), V))


def sms_reference(texts_train, texts_test, min_count=1):
    """The course's vocabulary and encoding: ``words``, ``docs_train``, ``docs_test``.

    Homework 2 feeds these to the functions of Tasks 3 to 5, so that their checks
    do not depend on the student's Tasks 1 and 2. While a homework is graded,
    this helper is switched off inside the student's functions.
    """
    from ..text import Vocabulary, tokenize

    vocab = Vocabulary(min_count=min_count).fit(texts_train)
    index = vocab.vocabulary_

    def encoded(texts):
        return [np.array([index[t] for t in tokenize(x) if t in index], dtype=int) for x in texts]

    return list(vocab.words_), encoded(texts_train), encoded(texts_test)


def sms_reference_model(docs, y, V):
    """The course's Laplace-smoothed multinomial estimates ``log_phi_y`` (2,), ``log_phi`` (2, V)."""
    from ..naive_bayes import MultinomialNB

    model = MultinomialNB(alpha=1.0).fit(_count_matrix(docs, V), _binary(y))
    return model.class_log_prior_.copy(), model.feature_log_prob_.copy()


def check_multinomial_nb(docs, y, V, log_phi_y, log_phi):
    """Check the multinomial event model with Laplace smoothing, in log space.

    ``log_phi_y`` (2,) holds log p(y = k); ``log_phi`` (2, V) holds
    log phi_{j | y = k} (row 0: ham, row 1: spam).
    """
    from ..naive_bayes import MultinomialNB

    y = _binary(y)
    X = _count_matrix(docs, V)
    ref = MultinomialNB(alpha=1.0).fit(X, y)
    log_phi_y = _array(log_phi_y, "log_phi_y", (2,), "log p(y = k) for k = 0, 1")
    if not _close(log_phi_y, ref.class_log_prior_):
        msg = _match(log_phi_y, [
            ("log_phi_y holds probabilities, not their logarithms: apply np.log.", ref.phi_y_),
            ("log_phi_y is in the wrong order: entry 0 is ham (y = 0), entry 1 spam.",
             ref.class_log_prior_[::-1]),
        ])
        _fail("log_phi_y is off: " + (msg or "it should be the log of the fraction of messages "
                                             "in each class."))
    # -inf is allowed here: it is what the unsmoothed estimate gives, named below
    log_phi = _array(log_phi, "log_phi", (2, V), "one row per class, one column per word", finite=False)
    if _close(log_phi, ref.feature_log_prob_):
        _ok("the word probabilities are the Laplace-smoothed multinomial estimates.")
        return
    counts = ref.feature_count_
    words = counts.sum(axis=1, keepdims=True)
    n_docs = ref.class_count_[:, None]
    with np.errstate(divide="ignore"):
        candidates = [
            ("log_phi holds probabilities, not logarithms: apply np.log.",
             ref.phi_),
            ("the rows are swapped: row 0 is ham (y = 0), row 1 spam.",
             ref.feature_log_prob_[::-1]),
            ("did you forget the +|V| in the denominator? With +1 on every count the "
             "denominator must grow by the vocabulary size |V| so that each row sums to 1.",
             np.log((counts + 1) / words)),
            ("this looks like the unsmoothed estimate: add 1 to every count and |V| to the "
             "denominator (Laplace smoothing), or unseen words get probability 0.",
             np.log(counts / words)),
            ("divide by the number of words in class k (plus |V|), not by the number of "
             "messages: the multinomial model counts word positions.",
             np.log((counts + 1) / (n_docs + V))),
            ("this is the Bernoulli-style denominator (messages + 2); the multinomial model "
             "divides by the number of words in the class plus |V|.",
             np.log((counts + 1) / (n_docs + 2))),
        ]
    msg = _match(log_phi, candidates)
    if msg is None:
        sums = np.exp(log_phi).sum(axis=1)
        if not np.allclose(sums, 1.0, atol=1e-6):
            msg = (f"probabilities do not sum to 1 over the vocabulary (row sums "
                   f"{np.round(sums, 4).tolist()}): each row is a distribution over words.")
    _fail("log_phi is off: " + (msg or _worst(log_phi, ref.feature_log_prob_, "log_phi")))


def check_predictions(docs, log_phi_y, log_phi, pred):
    """Check ``pred``: the most likely class of each document under the given parameters."""
    log_phi_y = np.asarray(log_phi_y, dtype=float)
    log_phi = np.asarray(log_phi, dtype=float)
    X = _count_matrix(docs, log_phi.shape[1])
    jll = np.asarray(X @ log_phi.T) + log_phi_y
    ref = np.argmax(jll, axis=1)
    pred = _array(pred, "pred", (len(docs),), "one label per message").astype(int)
    if np.array_equal(pred, ref):
        _ok(f"all {len(ref)} predictions are right for these parameters.")
        return
    no_prior = np.argmax(np.asarray(X @ log_phi.T), axis=1)
    Xb = X.copy()
    Xb.data[:] = 1.0
    once = np.argmax(np.asarray(Xb @ log_phi.T) + log_phi_y, axis=1)
    with np.errstate(under="ignore"):
        direct = np.exp(np.asarray(X @ log_phi.T) + log_phi_y)
    product = np.argmax(direct, axis=1)
    if np.array_equal(pred, 1 - ref):
        _fail("every prediction is flipped: predict 1 (spam) when the spam score is larger.")
    if not np.array_equal(no_prior, ref) and np.array_equal(pred, no_prior):
        _fail("you left out the prior: the score of class k is log phi_y[k] + sum of "
              "log phi[k, word] over the words of the message.")
    if not np.array_equal(once, ref) and np.array_equal(pred, once):
        _fail("a word that occurs twice must count twice: sum over every word position, "
              "not over the distinct words.")
    if not np.array_equal(product, ref) and np.array_equal(pred, product):
        _fail("multiplying probabilities underflows to 0 for long messages: add logarithms "
              "instead of multiplying probabilities.")
    wrong = int((pred != ref).sum())
    _fail(f"{wrong} of {len(ref)} predictions differ, the first for message "
          f"{int(np.flatnonzero(pred != ref)[0])}.")


def check_top_words(log_phi, words, top, k=5):
    """Check ``top``: the ``k`` words with the largest log(phi_spam / phi_ham), largest first."""
    log_phi = np.asarray(log_phi, dtype=float)
    words = list(words)
    ratio = log_phi[1] - log_phi[0]
    order = sorted(range(len(words)), key=lambda j: (-ratio[j], words[j]))
    ref = [words[j] for j in order[:k]]
    top = [t[0] if isinstance(t, (tuple, list)) else t for t in top]
    if len(top) != k:
        _fail(f"top_words: return exactly k = {k} words; yours has {len(top)}.")
    if top == ref:
        _ok(f"top_words returns the {k} most indicative spam words, largest ratio first.")
        return

    def top_by(score):
        return [words[j] for j in sorted(range(len(words)), key=lambda j: (-score[j], words[j]))[:k]]

    if set(top) == set(ref):
        _fail("top_words: the right words in the wrong order: the largest ratio comes first.")
    if top == top_by(log_phi[1]):
        _fail("top_words: these are the most frequent words in spam, not the most indicative: rank by "
              "log(phi_spam / phi_ham) = log_phi[1] - log_phi[0], so that words common in "
              "both classes drop out.")
    if top == top_by(-ratio):
        _fail("top_words: these are the words most indicative of ham: rank by log_phi[1] - log_phi[0], "
              "largest first.")
    if top == top_by(ratio)[::-1] or top == [words[j] for j in order[::-1][:k]]:
        _fail("top_words: you took the smallest ratios: sort in decreasing order.")
    _fail(f"top_words: {sum(w in ref for w in top)} of your {k} words are among the {k} most indicative.")


# ---------------------------------------------------------------------------
# Homework 3: m-estimate and categorical naive Bayes
# ---------------------------------------------------------------------------

_M_CASES = [(3, 5, 0.5, 3), (1, 5, 0.5, 3), (0, 4, 1 / 3, 3), (2, 2, 0.25, 0), (4, 10, 0.2, 10),
            (0, 3, 0.5, 2)]


def check_m_estimate(func):
    """Check a function ``func(n_c, n, p, m)`` against (n_c + m p) / (n + m)."""
    from ..naive_bayes import m_estimate

    mistakes = [
        ("this looks like the unsmoothed estimate n_c / n: m and p are ignored.",
         lambda n_c, n, p, m: n_c / n),
        ("did you forget m in the denominator? It is (n_c + m p) / (n + m): the m virtual "
         "examples count in the total too.", lambda n_c, n, p, m: (n_c + m * p) / n),
        ("the numerator adds p; it should add m * p (m virtual examples, a fraction p of them "
         "with the value).", lambda n_c, n, p, m: (n_c + p) / (n + m)),
        ("the denominator should add m, not m * p.", lambda n_c, n, p, m: (n_c + m * p) / (n + m * p)),
        ("this is Laplace smoothing (n_c + 1) / (n + m); the m-estimate adds m * p to the "
         "numerator.", lambda n_c, n, p, m: (n_c + 1) / (n + m)),
    ]
    got_all, ref_all = [], []
    for case in _M_CASES:
        got = _call(func, *case)
        if got is None:
            _fail("m_estimate returned None: did you forget `return`?")
        got_all.append(float(got))
        ref_all.append(float(m_estimate(*case)))
    if _close(got_all, ref_all):
        _ok("m_estimate(n_c, n, p, m) = (n_c + m p) / (n + m).")
        return
    for message, wrong in mistakes:
        if _close(got_all, [wrong(*c) for c in _M_CASES]):
            _fail("m_estimate: " + message)
    i = int(np.argmax(np.abs(np.subtract(got_all, ref_all))))
    _fail(f"m_estimate{_M_CASES[i]} differs from (n_c + m p) / (n + m).")


def check_categorical_nb(X, y, m, model, p=None, categories=None):
    """Check a fitted categorical naive Bayes ``model`` (a dict) against CategoricalNB.

    ``model`` holds ``"classes"`` (K,), ``"prior"`` (K,), ``"values"`` (a list
    with the sorted values of each attribute) and ``"cond"`` (a list of (K, k_j)
    arrays: row c, column v is P(x_j = v | y = c)). ``categories`` lists the
    possible values of each attribute when some never occur in ``X``.
    """
    from ..naive_bayes import CategoricalNB

    X, y = np.asarray(X), np.asarray(y)
    ref = CategoricalNB(m=m, p=p, categories=categories).fit(X, y)
    if not isinstance(model, dict) or not {"classes", "prior", "values", "cond"} <= set(model):
        _fail('model should be a dict with the keys "classes", "prior", "values" and "cond".')
    if list(np.asarray(model["classes"]).tolist()) != ref.classes_.tolist():
        _fail(f"classes should be the sorted labels {ref.classes_.tolist()}.")
    K = len(ref.classes_)
    prior = _array(model["prior"], "prior", (K,), "one probability per class")
    if not _close(prior, ref.phi_y_):
        counts = ref.class_count_
        msg = _match(prior, [("the prior should be the fraction of examples in each class; yours "
                              "are the counts: divide by the number of examples.", counts)])
        _fail("prior is off: " + (msg or _worst(prior, ref.phi_y_, "prior")))
    if len(model["cond"]) != X.shape[1] or len(model["values"]) != X.shape[1]:
        _fail(f"give one value list and one table per attribute ({X.shape[1]}).")
    n = ref.class_count_[:, None]
    for j, (vals, cond, cats, counts, pj, mj) in enumerate(zip(
            model["values"], model["cond"], ref.categories_, ref.category_count_, ref.p_, ref.m_)):
        if list(np.asarray(vals).tolist()) != cats.tolist():
            _fail(f"values of attribute {j} should be {cats.tolist()} (sorted, or as declared).")
        cond = _array(cond, f"cond[{j}]", (K, len(cats)), "row: class, column: value")
        expected = ref.phi_[j]
        if _close(cond, expected):
            continue
        k = len(cats)
        msg = _match(cond, [
            (f"did you divide by the number of examples of that class? Attribute {j}: n is the "
             "count of the class, not the number of all examples.",
             (counts + mj * pj) / (len(y) + mj)),
            (f"this looks like the unsmoothed estimate n_c / n (attribute {j}): add m p to the "
             "numerator and m to the denominator.", counts / n),
            (f"the table is transposed or its rows are swapped: row c is the class "
             f"{ref.classes_.tolist()}[c].", expected[::-1]),
        ])
        if msg is None:
            sums = cond.sum(axis=1)
            if not np.allclose(sums, 1.0):
                msg = (f"probabilities do not sum to 1 over the {k} values of attribute {j} "
                       f"(row sums {np.round(sums, 4).tolist()}): with p = 1/k_j = 1/{k} and the "
                       "same m for every value, each row is a distribution.")
        _fail(f"cond[{j}] is off: " + (msg or _worst(cond, expected, f"cond[{j}]")))
    _ok("priors and every conditional table match the m-estimates.")


def _reference_categorical_nb(X, y, m, p=None, values=None):
    """genlearn's CategoricalNB, returned as the dict of homework 3, Task 2."""
    from ..naive_bayes import CategoricalNB

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = CategoricalNB(m=m, p=p, categories=values).fit(np.asarray(X), np.asarray(y))
    return {"classes": ref.classes_.copy(), "prior": np.asarray(ref.phi_y_, dtype=float).copy(),
            "values": [np.asarray(c) for c in ref.categories_], "cond": [np.asarray(t, dtype=float) for t in ref.phi_]}


def _reference_joint_scores(model, X):
    X = np.asarray(X)
    scores = np.tile(np.asarray(model["prior"], dtype=float), (len(X), 1))
    for j, (vals, table) in enumerate(zip(model["values"], model["cond"])):
        vals = [str(v) for v in np.asarray(vals).tolist()]
        cols = [vals.index(str(v)) for v in X[:, j]]
        scores = scores * np.asarray(table, dtype=float)[:, cols].T
    return scores


def _reference_predict_proba(model, X):
    scores = _reference_joint_scores(model, X)
    with np.errstate(invalid="ignore"):
        return scores / scores.sum(axis=1, keepdims=True)


def check_scores_and_posteriors(model, X, scores, proba):
    """Check ``joint_scores(model, X)`` and ``predict_proba(model, X)`` (homework 3, Task 3) for a given model."""
    X = np.asarray(X)
    K = len(model["classes"])
    ref = _reference_joint_scores(model, X)
    scores = _array(scores, "joint_scores' result", (len(X), K), "one row per example, one column per class")
    if not _close(scores, ref):
        prior = np.asarray(model["prior"], dtype=float)
        msg = _match(scores, [
            ("the class prior P(v) is missing from the score.", ref / prior),
            ("the columns are swapped: column c is the class classes[c].", ref[:, ::-1]),
            ("these are log-scores: Task 3 asks for the product P(v) prod P(x_j | v) itself.", np.log(ref)),
        ])
        _fail("joint_scores: " + (msg or _worst(scores, ref, "the score")))
    ref_p = _reference_predict_proba(model, X)
    proba = _array(proba, "predict_proba's result", (len(X), K), "one row per example, one column per class")
    if not _close(proba, ref_p):
        msg = _match(proba, [("probabilities do not sum to 1: divide each row of scores by its sum.", ref)])
        if msg is None and not np.allclose(proba.sum(axis=1), 1.0):
            msg = "each row should sum to 1: normalise the scores."
        _fail("predict_proba: " + (msg or _worst(proba, ref_p, "the posterior")))
    _ok("joint_scores and predict_proba match the model's scores and posteriors.")


_CATEGORICAL_REFERENCES = {"fit_categorical_nb": _reference_categorical_nb,
                           "joint_scores": _reference_joint_scores,
                           "predict_proba": _reference_predict_proba}


def check_two_class_scores(two_class_scores):
    """Check ``two_class_scores(X, y, x, m)`` (homework 3, Task 4) on the stolen cars.

    It runs with genlearn's versions of Tasks 2 and 3 in place of the student's.
    """
    from ..datasets import stolen_cars

    X, y = stolen_cars()
    with _replaced(two_class_scores, **_CATEGORICAL_REFERENCES):
        out = _call(two_class_scores, X, y, ["Red", "SUV", "Domestic"], 3)
    if not isinstance(out, (tuple, list)) or len(out) != 3:
        _fail("two_class_scores should return three numbers: score of Yes, score of No, P(Yes | x).")
    check_stolen_car_scores(*out)


def check_posteriors(posteriors, X, y, values, queries, m):
    """Check ``posteriors(X, y, values, queries, m)`` (homework 3, Task 5) and print its rows.

    It runs with genlearn's versions of Tasks 2 and 3 in place of the student's.
    """
    with _replaced(posteriors, **_CATEGORICAL_REFERENCES), np.errstate(all="ignore"):
        out = _call(posteriors, X, y, values, queries, m)
    ref = _reference_predict_proba(_reference_categorical_nb(X, y, m, values=values), queries)
    got = _array(out, "posteriors' result", ref.shape, "one row per query, one column per class", finite=False,
                 allow_nan=True)
    if not _close(got, ref):
        msg = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            undeclared = _reference_categorical_nb(X, y, m)
        try:
            if _close(got, _reference_predict_proba(undeclared, queries)):
                msg = "pass the declared values on to fit_categorical_nb (values=values)."
        except ValueError:  # a query value unknown without the declaration
            pass
        _fail("posteriors: " + (msg or "the posteriors differ from the reference for these m and values."))
    _ok(f"posteriors with m = {m:g}: " + "; ".join(str(np.round(row, 4).tolist()) for row in got))


def check_stolen_car_scores(score_yes, score_no, p_yes):
    """Check the stolen-car scores for (Red, SUV, Domestic), m = 3, p = 1/2."""
    exact = {"score_yes": 315 / 8192, "score_no": 567 / 8192, "p_yes": 5 / 14}
    got = {"score_yes": score_yes, "score_no": score_no, "p_yes": p_yes}
    if np.isclose(float(score_yes), 0.5 * 0.56 * 0.31 * 0.43, rtol=1e-6):
        _fail("two_class_scores: score_yes is the product of the rounded factors .5 * .56 * .31 * .43 (the notes' "
              ".037): use the exact conditionals 9/16, 5/16, 7/16.")
    for key, value in got.items():
        if not np.isclose(float(value), exact[key], rtol=1e-9):
            if key == "p_yes" and np.isclose(float(value), exact["score_yes"]):
                _fail("two_class_scores: p_yes is the score, not the posterior: divide by score_yes + score_no.")
            _fail(f"two_class_scores: {key} differs from the exact value (see the task text for the scores).")
    _ok("315/8192, 567/8192 and P(Yes | x) = 5/14, as in the notes (without their rounding).")
