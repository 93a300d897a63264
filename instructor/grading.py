"""The hidden tests of the genlearn homework (instructor material, never released).

The grader (``genlearn.course.autograde``, selected in ``nbgrader_config.py``)
loads this file from the course folder after checking its sha256, in its own
process, where no student code ever runs. :data:`TASKS` names, for every graded
cell of ``source/<assignment>/<assignment>.ipynb``, the test below and the
student's functions it needs. A test gets those functions as *remote*
functions: calling one runs the student's function in a disposable sandbox
process (``genlearn.course.sandbox``) and brings back its result as plain data
(numbers, strings, lists, dicts, arrays), which the test then checks here.
Whatever a submission patches in its own process (numpy, ``math``,
``importlib``, IPython, ``genlearn.homework.checks``) never reaches these
comparisons.

* **fresh data.** Each test draws new data from ``os.urandom`` at grading time,
  so values printed in the notebook cannot be hard-coded;
* **independent references.** Expected values are computed here with plain
  numpy, never through ``genlearn``; the one exception is Task 7 of each
  homework, the student's own numbers, whose reference is genlearn's
  (``genlearn.homework.variants.answers``, the same draw the notebook makes
  from the seed the grader derives for the student);
* **no delegation.** In the sandbox, genlearn's and scikit-learn's
  implementations of what the homework asks for (:data:`BLOCKED`) are replaced
  by stubs that raise: calling ``genlearn.GDA`` or ``m_estimate``, or a private
  copy of them, scores 0;
* **one bug, one task.** A task's function gets reference inputs, and the
  functions it builds on are replaced by the reference versions below while it
  runs (:func:`substituted`; the references run here, never in the sandbox): a
  wrong ``fit_gda`` costs Task 1 only, a wrong ``m_estimate`` Task 1 of
  homework 3 only;
* **one acceptance rule.** Arrays may come back as lists, tuples or ndarrays of
  the right shape (``np.asarray(value, dtype=float)``), as the visible checks
  in ``genlearn.homework.checks`` accept.

A failure raises ``AssertionError`` with a short message naming the function,
the property that fails and, where numbers are compared, the value found and
the value expected (on data drawn at grading time); :data:`LESSONS` names the
lesson section the feedback links to. :class:`SetupError` is the
grader's problem (missing data): the grader stops and says so, rather than give
a student 0 for it.
"""
import contextlib
import math
import os
from fractions import Fraction

import numpy as np

RTOL, ATOL = 1e-6, 1e-9

# what each homework must not delegate to (modules: every function and class in them; "module:Name": one
# function or class; "module:Class.method": one method), in the sandbox. These are also the library code that
# a submission's functions are compared with for near copies (LIBRARY). The self-checks hold reference
# versions of every task, so they are switched off too.
CHECKS = "genlearn.homework.checks"
HW1_BLOCK = ("genlearn.discriminant", "genlearn.gaussian", "genlearn._fast:class_statistics",
             "sklearn.discriminant_analysis", "sklearn.naive_bayes",
             "scipy.stats._multivariate:multivariate_normal_gen.logpdf",
             "scipy.stats._multivariate:multivariate_normal_gen.pdf",
             "scipy.stats._multivariate:multivariate_normal_frozen.logpdf",
             "scipy.stats._multivariate:multivariate_normal_frozen.pdf", CHECKS)
HW2_BLOCK = ("genlearn.naive_bayes", "genlearn.text:Vocabulary", "genlearn.text:top_indicative_words",
             "genlearn.text:_Tokenizer", "genlearn.text:_token_ids", "genlearn.text:_raw_counts",
             "sklearn.naive_bayes", "sklearn.feature_extraction.text", CHECKS)
HW3_BLOCK = ("genlearn.naive_bayes", "sklearn.naive_bayes", CHECKS)

#: genlearn's modules a homework notebook may use (the others are switched off whole, private ones, the
#: lessons' demos and explorers included), each with what it is for; the parts of them that compute a task's
#: answer are in the lists above and in EVERY_BLOCK. tests/test_grading.py checks this against the package.
GENLEARN_ALLOWED = {
    "genlearn": "the package, which imports its modules when first used",
    "genlearn._base": "sigmoid, logsumexp and the estimators' base classes (LogisticRegression's)",
    "genlearn._validation": "input checks (LogisticRegression's)",
    "genlearn._fast": "LogisticRegression's blocked products (its class statistics are switched off in hw1)",
    "genlearn.logistic": "hw1 Task 4 compares GDA with genlearn's LogisticRegression",
    "genlearn.datasets": "the notebooks' data",
    "genlearn.text": "tokenize (hw2); its vocabulary and counts are switched off in hw2",
    "genlearn.homework": "the package of the self-checks",
    "genlearn.homework.variants": "Task 7's data (draw); its answers are switched off",
    "genlearn.course": "the grader's own modules: the sandbox's worker runs them",
}

#: switched off while any homework is graded: Task 7's expected answers, and the per-student self-check
EVERY_BLOCK = ("genlearn.homework.variants:answers", "genlearn.homework.variant_checks")


def genlearn_modules():
    """The dotted names of every module of the installed genlearn package (its files; nothing is imported)."""
    import importlib.util
    from pathlib import Path

    (folder,) = importlib.util.find_spec("genlearn").submodule_search_locations
    names = []
    for path in sorted(Path(folder).rglob("*.py")):
        parts = ("genlearn", *path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if all((Path(folder, *parts[1:i]) / "__init__.py").is_file() for i in range(2, len(parts))):
            names.append(".".join(parts))
    return names


def _allowed(module):
    return any(module == a or module.startswith(a + ".") and a == "genlearn.course" for a in GENLEARN_ALLOWED)


def _blocked(explicit):
    """A homework's blocked list: its own, EVERY_BLOCK and every genlearn module not allowed."""
    return (*explicit, *EVERY_BLOCK, *(m for m in genlearn_modules() if not _allowed(m)))


def rng():
    """A generator seeded from the operating system: new data at every grading."""
    return np.random.default_rng(int.from_bytes(os.urandom(8), "little"))


def fail(message):
    raise AssertionError(message)


class SetupError(RuntimeError):
    """A problem of the grader's (missing data): the grader stops instead of scoring the task."""


# ---------------------------------------------------------------------------
# Calling the student's functions
# ---------------------------------------------------------------------------

@contextlib.contextmanager
def substituted(func, **replacements):
    """Call ``func`` with some of the names it looks up globally replaced (by reference functions).

    For a function running in the student's sandbox the references stay here:
    the sandbox binds each name, in the notebook's namespace and for one call,
    to a stub that forwards its arguments to this process, which runs the
    reference and sends back only that call's result. For a plain function
    (the in-process tests of this file) its globals are swapped while the
    block runs.
    """
    if hasattr(func, "substituting"):
        with func.substituting(replacements):
            yield
        return
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


def call(func, *args, **kwargs):
    """``func(*args)``; its exceptions become a failure that names the function.

    A call the sandbox had to abort (the process died, the time or a resource
    limit ran out) is not a failure of this test: it propagates, and the
    grader reports the task as not graded, with the reason.
    """
    name = getattr(func, "__name__", "the function")
    if not callable(func):
        fail(f"{name} is not a function.")
    try:
        return func(*args, **kwargs)
    except NotImplementedError:
        fail(f"{name} is not implemented yet.")
    except Exception as exc:  # noqa: BLE001 - any crash is this task's failure
        if getattr(exc, "grading_aborted", False):
            raise
        message = getattr(exc, "grading_message", None)
        if message:
            fail(message)
        text = str(exc).splitlines()[0][:200] if str(exc) else ""
        kind = getattr(exc, "type_name", type(exc).__name__)
        fail(f"{name} raised {kind} on data drawn at grading time: {text}")


def array(value, shape, what, finite=True):
    """The acceptance rule shared with genlearn.homework.checks: numbers of the right shape."""
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        fail(f"{what} must be numbers; got {type(value).__name__}.")
    if arr.shape != tuple(shape):
        fail(f"{what} should have shape {tuple(shape)}; it has shape {arr.shape}.")
    if finite and not np.isfinite(arr).all():
        fail(f"{what} contains NaN or infinity.")
    return arr


def scalar(value, what):
    try:
        arr = np.asarray(float(value) if isinstance(value, Fraction) else value, dtype=float)
    except (TypeError, ValueError):
        fail(f"{what} must be a number; got {type(value).__name__}.")
    if arr.size != 1:
        fail(f"{what} should be one number; it has shape {arr.shape}.")
    return float(arr.ravel()[0])


def close(value, ref, what, rtol=RTOL, atol=ATOL, equal_nan=False):
    try:
        value = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        fail(what)
    ref = np.asarray(ref, dtype=float)
    if value.shape != ref.shape:
        fail(f"{what} Found shape {value.shape}, expected {ref.shape}.")
    if not np.allclose(value, ref, rtol=rtol, atol=atol, equal_nan=equal_nan):
        fail(f"{what} {found_expected(value, ref)}")


def found_expected(value, ref):
    """'Found v, expected r' at the entry furthest from the reference (the feedback's values)."""
    with np.errstate(invalid="ignore"):
        err = np.where(np.isnan(value) & np.isnan(ref), 0.0, np.abs(value - ref))
    i = np.unravel_index(int(np.nanargmax(np.where(np.isnan(err), np.inf, err))), err.shape) if err.ndim else ()
    at = f" at index {tuple(int(k) for k in i)}" if i else ""
    return f"Found {float(value[i]):.6g}{at}, expected {float(ref[i]):.6g}."


# ---------------------------------------------------------------------------
# Homework 1: GDA
# ---------------------------------------------------------------------------

def gaussian_classes(r, m=None, n=None, lognormal=False):
    """Two Gaussian classes, a shared random covariance, unequal class sizes."""
    m = int(r.integers(150, 260)) if m is None else m
    n = int(r.integers(2, 5)) if n is None else n
    A = r.normal(size=(n, n))
    Sigma = A @ A.T / n + 0.5 * np.eye(n)
    mu = r.normal(scale=1.0, size=(2, n))
    # classes that overlap (Mahalanobis distance 1 to 2.5 between the means): never nearly separable,
    # so every Newton solver finds the same logistic regression
    d = mu[1] - mu[0]
    mu[1] = mu[0] + d * r.uniform(1.0, 2.5) / np.sqrt(d @ np.linalg.solve(Sigma, d))
    m1 = int(round(m * r.uniform(0.25, 0.4)))
    y = r.permutation(np.r_[np.zeros(m - m1, int), np.ones(m1, int)])
    L = np.linalg.cholesky(Sigma)
    X = mu[y] + r.normal(size=(m, n)) @ L.T
    if lognormal:
        X = np.exp(0.6 * X)
    return X, y


def ref_fit_gda(X, y):
    X, y = np.asarray(X, float), np.asarray(y)
    phi = float(np.mean(y == 1))
    mu0, mu1 = X[y == 0].mean(axis=0), X[y == 1].mean(axis=0)
    Z = X - np.where((y == 1)[:, None], mu1, mu0)
    return phi, mu0, mu1, Z.T @ Z / len(y)


def ref_gda_posterior(X, phi, mu0, mu1, Sigma):
    X = np.asarray(X, float)
    P = np.linalg.inv(Sigma)
    q0 = np.einsum("ij,jk,ik->i", X - mu0, P, X - mu0)
    q1 = np.einsum("ij,jk,ik->i", X - mu1, P, X - mu1)
    d = -0.5 * (q0 - q1) + math.log(1 - phi) - math.log(phi)   # a0 - a1
    return np.exp(-np.logaddexp(0.0, d))


def ref_gda_boundary(phi, mu0, mu1, Sigma):
    P = np.linalg.inv(Sigma)
    theta = P @ (mu1 - mu0)
    theta0 = -0.5 * (mu1 @ P @ mu1 - mu0 @ P @ mu0) + math.log(phi / (1 - phi))
    return theta, float(theta0)


def ref_logistic_predict(X_train, y_train, X_test, iterations=50):
    """Unpenalised logistic regression by Newton's method (IRLS), with an intercept."""
    A = np.c_[np.ones(len(X_train)), X_train]
    theta = np.zeros(A.shape[1])
    for _ in range(iterations):
        p = np.exp(-np.logaddexp(0.0, -(A @ theta)))
        w = np.maximum(p * (1 - p), 1e-12)
        step = np.linalg.lstsq((A * w[:, None]).T @ A, A.T @ (y_train - p), rcond=None)[0]
        theta += step
        if np.max(np.abs(step)) < 1e-12:
            break
    return (np.c_[np.ones(len(X_test)), X_test] @ theta > 0).astype(int)


def ref_evaluate(X_train, y_train, X_test, y_test):
    proba = ref_gda_posterior(X_test, *ref_fit_gda(X_train, y_train))
    return {"gda": float(np.mean((proba > 0.5) == y_test)),
            "logistic": float(np.mean(ref_logistic_predict(X_train, y_train, X_test) == y_test))}


#: hw1's accuracy checks: 400 fresh examples, the first 250 to train, 150 to test; the slack
#: is one test example (Newton solvers may disagree on a point at the boundary)
HW1_M, HW1_SPLIT = 400, 250
HW1_SLACK = 1.0 / (HW1_M - HW1_SPLIT) + 1e-9


def _accuracies(result, ref, what):
    if not isinstance(result, dict) or set(result) != {"gda", "logistic"}:
        fail(f'{what} should be a dict with the keys "gda" and "logistic".')
    for key in ("gda", "logistic"):
        if abs(scalar(result[key], f"{what}[{key!r}]") - ref[key]) > HW1_SLACK:
            fail(f"{what}[{key!r}] is not the test accuracy on data drawn at grading time.")


def _two_draws(refs, lognormal=False):
    """Two fresh splits (X_train, y_train, X_test, y_test), each with refs(split) (a dict of
    accuracy dicts), drawn so that some accuracy differs between them by more than twice the
    slack: an answer that ignores the data (accuracies printed earlier, copied) cannot pass
    both. One draw alone let the accuracies that notebook prints pass about 6 times in 100."""
    r, draws = rng(), []
    for _ in range(1000):
        X, y = gaussian_classes(r, m=HW1_M, lognormal=lognormal)
        split = (X[:HW1_SPLIT], y[:HW1_SPLIT], X[HW1_SPLIT:], y[HW1_SPLIT:])
        ref = refs(split)
        if draws and max(abs(ref[w][k] - draws[0][1][w][k]) for w in ref for k in ref[w]) <= 2 * HW1_SLACK:
            continue  # too close to the first draw's accuracies: draw again
        draws.append((split, ref))
        if len(draws) == 2:
            return draws
    raise RuntimeError("no two draws with different accuracies in 1000 tries")


def hw1_fit_gda(fit_gda):
    r = rng()
    for _ in range(2):
        X, y = gaussian_classes(r)
        out = call(fit_gda, X, y)
        if not isinstance(out, (tuple, list)) or len(out) != 4:
            fail("fit_gda should return four values: phi, mu0, mu1, Sigma.")
        n = X.shape[1]
        ref = ref_fit_gda(X, y)
        close(scalar(out[0], "fit_gda: phi"), ref[0], "fit_gda: phi is not p(y = 1) on fresh data.")
        for name, value, expected, shape in (("mu0", out[1], ref[1], (n,)), ("mu1", out[2], ref[2], (n,)),
                                             ("Sigma", out[3], ref[3], (n, n))):
            close(array(value, shape, f"fit_gda: {name}"), expected,
                  f"fit_gda: {name} is not the maximum likelihood estimate on fresh data "
                  f"(unequal classes, {n} features).")


def _gda_params(r):
    X, y = gaussian_classes(r)
    return X, ref_fit_gda(X, y)


def hw1_gda_posterior(gda_posterior):
    r = rng()
    X, params = _gda_params(r)
    n = X.shape[1]
    far = np.r_[r.normal(scale=1e3, size=(4, n)), 1e3 * np.eye(n)]
    for points, what in ((X, "points near the data"), (far, "points far from the data")):
        out = array(call(gda_posterior, points, *params), (len(points),),
                    f"gda_posterior's result at {what}")
        close(out, ref_gda_posterior(points, *params),
              f"gda_posterior: p(y = 1 | x) is wrong at {what} (fresh data).")


def hw1_gda_boundary(gda_boundary):
    r = rng()
    X, params = _gda_params(r)
    out = call(gda_boundary, *params)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        fail("gda_boundary should return two values: theta and theta0.")
    theta_ref, theta0_ref = ref_gda_boundary(*params)
    close(array(out[0], (X.shape[1],), "gda_boundary: theta"), theta_ref,
          "gda_boundary: theta is wrong on fresh data.")
    close(scalar(out[1], "gda_boundary: theta0"), theta0_ref, "gda_boundary: theta0 is wrong on fresh data.")


def hw1_evaluate(evaluate):
    for args, ref in _two_draws(lambda split: {"": ref_evaluate(*split)}):
        with substituted(evaluate, fit_gda=ref_fit_gda, gda_posterior=ref_gda_posterior):
            out = call(evaluate, *args)
        _accuracies(out, ref[""], "evaluate's result")


def hw1_compare_raw_and_log(compare_raw_and_log):
    def refs(split):
        logged = (np.log(split[0]), split[1], np.log(split[2]), split[3])
        return {"raw": ref_evaluate(*split), "log": ref_evaluate(*logged)}

    for args, ref in _two_draws(refs, lognormal=True):
        with substituted(compare_raw_and_log, evaluate=ref_evaluate):
            out = call(compare_raw_and_log, *args)
        if not isinstance(out, dict) or set(out) != {"raw", "log"}:
            fail('compare_raw_and_log should return a dict with the keys "raw" and "log".')
        _accuracies(out["raw"], ref["raw"], 'compare_raw_and_log(...)["raw"]')
        _accuracies(out["log"], ref["log"], 'compare_raw_and_log(...)["log"]')


# ---------------------------------------------------------------------------
# Homework 2: naive Bayes spam filter
# ---------------------------------------------------------------------------

_LETTERS = np.array(list("abcdefghijklmnopqrstuvwxyz"))


def pseudo_words(r, size):
    """Distinct lower-case words of letters only: genlearn.text.tokenize keeps them whole."""
    words = set()
    while len(words) < size:
        words.add("".join(r.choice(_LETTERS, size=int(r.integers(3, 8)))))
    return sorted(words)


def render(r, tokens):
    """A message whose tokens are ``tokens``: random case and punctuation between them."""
    parts = []
    for t in tokens:
        t = t.upper() if r.random() < 0.15 else (t.capitalize() if r.random() < 0.15 else t)
        parts.append(t + str(r.choice([" ", " ", " ", ", ", "! ", " - ", "... "])))
    return "".join(parts).strip()


def token_corpus(r, n_texts=60, n_words=40):
    words = pseudo_words(r, n_words)
    # Zipf-like frequencies, so that some words occur once and others often
    weights = 1.0 / np.arange(1, n_words + 1)
    weights = r.permutation(weights / weights.sum())
    weights[0] = 0.0                        # words[0] occurs in one message only, three times:
    weights /= weights.sum()                # min_count counts occurrences, not messages
    tokens = [list(r.choice(words, size=int(r.integers(0, 15)), p=weights)) for _ in range(n_texts)]
    tokens[int(r.integers(n_texts))] += [words[0]] * 3
    return tokens, [render(r, t) for t in tokens]


def hw2_build_vocabulary(build_vocabulary):
    r = rng()
    tokens, texts = token_corpus(r)
    counts = {}
    for toks in tokens:
        for t in toks:
            counts[t] = counts.get(t, 0) + 1
    for min_count in (1, 3):
        ref = sorted(w for w, c in counts.items() if c >= min_count)
        out = call(build_vocabulary, texts, min_count)
        if isinstance(out, (set, dict, str)) or not hasattr(out, "__len__"):
            fail("build_vocabulary should return a list of strings.")
        if [str(w) for w in out] != ref:
            fail(f"build_vocabulary(texts, min_count={min_count}) is wrong on fresh messages.")


def hw2_encode(encode):
    r = rng()
    tokens, texts = token_corpus(r, n_texts=30)
    vocab = sorted({t for toks in tokens for t in toks})
    known = [w for w in vocab if r.random() < 0.7]
    index = {w: int(j) for j, w in zip(r.permutation(len(known)), known)}
    for toks, text in zip(tokens, texts):
        out = call(encode, text, dict(index))
        try:
            got = [int(v) for v in np.asarray(out).ravel()]
        except (TypeError, ValueError):
            fail("encode should return word indices (integers).")
        if got != [index[t] for t in toks if t in index]:
            fail("encode is wrong on fresh messages.")


def ref_multinomial_nb(docs, y, V):
    y = np.asarray(y)
    log_phi_y = np.log([np.mean(y == 0), np.mean(y == 1)])
    counts = np.zeros((2, V))
    for d, label in zip(docs, y):
        np.add.at(counts[label], np.asarray(d, dtype=int), 1)
    log_phi = np.log((counts + 1) / (counts.sum(axis=1, keepdims=True) + V))
    return log_phi_y, log_phi


def _docs(r, V, n_docs, log_phi=None, lengths=(0, 30)):
    y = (r.random(n_docs) < 0.3).astype(int)
    if y.sum() in (0, n_docs):
        y[:2] = (0, 1)
    if log_phi is None:
        p = r.dirichlet(np.full(V, 0.5), size=2)
        p[1, : V // 5] = 0          # words never seen in spam: smoothing matters
        p[1] /= p[1].sum()
    else:
        p = np.exp(log_phi)
    docs = [r.choice(V, size=int(r.integers(*lengths)), p=p[label]) for label in y]
    return docs, y


def hw2_fit_multinomial_nb(fit_multinomial_nb):
    r = rng()
    V = int(r.integers(30, 60))
    docs, y = _docs(r, V, int(r.integers(50, 90)))
    out = call(fit_multinomial_nb, docs, y, V)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        fail("fit_multinomial_nb should return two values: log_phi_y and log_phi.")
    ref_y, ref = ref_multinomial_nb(docs, y, V)
    close(array(out[0], (2,), "fit_multinomial_nb: log_phi_y"), ref_y,
          "fit_multinomial_nb: log_phi_y is wrong on fresh messages (unequal classes).")
    close(array(out[1], (2, V), "fit_multinomial_nb: log_phi", finite=False), ref,
          "fit_multinomial_nb: log_phi is wrong on fresh messages (some words never occur in spam).")


def hw2_predict(predict):
    r = rng()
    V = int(r.integers(30, 60))
    log_phi = np.log(r.dirichlet(np.full(V, 1.0), size=2))
    log_phi_y = np.log([0.35, 0.65])
    docs, _ = _docs(r, V, 40, log_phi=log_phi, lengths=(1, 20))
    long_docs, _ = _docs(r, V, 10, log_phi=log_phi, lengths=(2000, 3000))   # products underflow
    docs = docs + long_docs + [np.zeros(0, dtype=int)]                     # an empty message: the prior
    ref = np.array([int(np.argmax(log_phi_y + log_phi[:, d].sum(axis=1))) for d in docs])
    out = call(predict, docs, log_phi_y.copy(), log_phi.copy())
    got = array(out, (len(docs),), "predict's result")
    if not np.array_equal(got[:40], ref[:40]):
        fail("predict is wrong on short fresh messages.")
    if not np.array_equal(got[40:50], ref[40:50]):
        fail("predict is wrong on long messages (thousands of words).")
    if got[50] != ref[50]:
        fail("predict is wrong on an empty message (the prior decides).")
    words, docs_train, docs_test, y_train, y_test = sms_split()
    log_phi_y, log_phi = ref_multinomial_nb(docs_train, y_train, len(words))
    pred = array(call(predict, docs_test, log_phi_y, log_phi), (len(docs_test),), "predict's result")
    if np.mean(pred == y_test) < 0.975:
        fail("predict: the accuracy on the SMS test set is too low.")


def ref_build_vocabulary(texts, min_count=1):
    from genlearn.text import tokenize

    counts = {}
    for text in texts:
        for token in tokenize(text):
            counts[token] = counts.get(token, 0) + 1
    return sorted(w for w, c in counts.items() if c >= min_count)


def ref_encode(text, index):
    from genlearn.text import tokenize

    return np.array([index[t] for t in tokenize(text) if t in index], dtype=int)


def ref_predict(docs, log_phi_y, log_phi):
    log_phi_y, log_phi = np.asarray(log_phi_y, float), np.asarray(log_phi, float)
    return np.array([int(np.argmax(log_phi_y + log_phi[:, np.asarray(d, dtype=int)].sum(axis=1))) for d in docs])


_SMS = {}


def sms_split():
    """The real SMS Spam Collection as the notebook splits it: words, docs_train, docs_test, y_train, y_test.

    Grading needs the real corpus (the notebook falls back to an invented demo
    corpus when it is missing); without it the grader stops with this message.
    """
    if not _SMS:
        from genlearn.datasets import load_sms_spam
        from genlearn.homework import checks

        try:
            texts, y = load_sms_spam(download=False)
        except (FileNotFoundError, ValueError) as exc:
            raise SetupError(
                "Grading needs the real SMS Spam Collection, not the invented demo corpus: set GENLEARN_DATA to "
                "the folder holding the file SMSSpamCollection (docs/grading.md).") from exc
        split = int(0.8 * len(texts))
        words, docs_train, docs_test = checks.sms_reference(texts[:split], texts[split:])
        _SMS["split"] = (words, docs_train, docs_test, np.asarray(y[:split]), np.asarray(y[split:]))
    return _SMS["split"]


def hw2_top_words(top_words):
    r = rng()
    V = int(r.integers(20, 40))
    words = pseudo_words(r, V)
    log_phi = np.log(r.dirichlet(np.ones(V), size=2))
    j = int(np.argmax(log_phi[1] - log_phi[0]))
    k_tie = (j + 1) % V
    log_phi[:, k_tie] = log_phi[:, j]            # a tie at the top: alphabetical order decides
    ratio = log_phi[1] - log_phi[0]
    order = sorted(range(V), key=lambda i: (-ratio[i], words[i]))
    for k in (3, 5):
        out = call(top_words, log_phi.copy(), list(words), k)
        if isinstance(out, (str, set, dict)) or not hasattr(out, "__len__"):
            fail("top_words should return a list of words.")
        if [str(w) for w in out] != [words[i] for i in order[:k]]:
            fail(f"top_words(log_phi, words, k={k}) is wrong on a fresh model.")


# ---------------------------------------------------------------------------
# Homework 3: m-estimate and categorical naive Bayes
# ---------------------------------------------------------------------------

def ref_m_estimate(n_c, n, p, m):
    return (n_c + m * p) / (n + m)


def hw3_m_estimate(m_estimate):
    r = rng()
    for _ in range(6):
        n = int(r.integers(1, 30))
        n_c, m = int(r.integers(0, n + 1)), float(r.choice([0, 1, 2.5, 3, 10]))
        p = float(r.uniform(0.05, 0.95))
        got = scalar(call(m_estimate, n_c, n, p, m), "m_estimate's result")
        if not math.isclose(got, (n_c + m * p) / (n + m), rel_tol=1e-9):
            fail("m_estimate is wrong on fresh counts.")
    n = int(r.integers(2, 12))
    n_c, m, p = int(r.integers(0, n + 1)), int(r.integers(1, 6)), Fraction(1, int(r.integers(2, 6)))
    if call(m_estimate, n_c, n, p, m) != Fraction(n_c + m * p) / (n + m):
        fail("m_estimate should be exact with Fraction arguments (plain arithmetic is).")


def category_table(r, K=None):
    """A random table of named values with unequal class counts and an unseen value."""
    K = int(r.integers(2, 4)) if K is None else K
    classes = np.array(["late", "lost", "ok"][:K]) if K <= 3 else np.array([f"c{i}" for i in range(K)])
    sizes = r.permutation(np.arange(3, 3 + 3 * K, 3))      # unequal class counts
    y = r.permutation(np.repeat(classes, sizes))
    values, columns = [], []
    for j in range(3):
        k = int(r.integers(2, 5))
        vals = [f"{'uvw'[j]}{i}" for i in range(k)]
        col = r.choice(vals[:-1], size=len(y))            # the last value is never seen
        values.append(vals)
        columns.append(col)
    return np.column_stack(columns), y, values


def ref_categorical_nb(X, y, m, p=None, values=None):
    X, y = np.asarray(X), np.asarray(y)
    classes = np.unique(y)
    prior = np.array([np.mean(y == c) for c in classes])
    values = [np.unique(X[:, j]) for j in range(X.shape[1])] if values is None else [np.asarray(v) for v in values]
    cond = []
    for j, vals in enumerate(values):
        pj = {v: 1 / len(vals) for v in vals} if p is None else p[j]      # a distribution over the values
        table = np.array([[(np.sum(X[y == c, j] == v) + m * pj[v]) / (np.sum(y == c) + m) for v in vals]
                          for c in classes])
        cond.append(table)
    return {"classes": classes, "prior": prior, "values": values, "cond": cond}


def ref_joint_scores(model, X):
    X = np.asarray(X)
    scores = np.tile(np.asarray(model["prior"], float), (len(X), 1))
    for j, (vals, table) in enumerate(zip(model["values"], model["cond"])):
        cols = [list(vals).index(v) for v in X[:, j]]
        scores = scores * np.asarray(table)[:, cols].T
    return scores


def ref_predict_proba(model, X):
    s = ref_joint_scores(model, X)
    with np.errstate(invalid="ignore"):
        return s / s.sum(axis=1, keepdims=True)


def _model_equal(out, ref, what):
    if not isinstance(out, dict) or not {"classes", "prior", "values", "cond"} <= set(out):
        fail(f'{what} should be a dict with the keys "classes", "prior", "values" and "cond".')
    if [str(c) for c in np.asarray(out["classes"]).tolist()] != ref["classes"].tolist():
        fail(f'{what}: "classes" is wrong.')
    K = len(ref["classes"])
    close(array(out["prior"], (K,), f'{what}: "prior"'), ref["prior"], f'{what}: "prior" is wrong.')
    if len(out["values"]) != len(ref["values"]) or len(out["cond"]) != len(ref["cond"]):
        fail(f'{what}: one value list and one table per attribute.')
    for j, (vals, table, rvals, rtable) in enumerate(zip(out["values"], out["cond"], ref["values"], ref["cond"])):
        if [str(v) for v in np.asarray(vals).tolist()] != [str(v) for v in rvals]:
            fail(f'{what}: "values"[{j}] is wrong.')
        close(array(table, rtable.shape, f'{what}: "cond"[{j}]'), rtable,
              f'{what}: "cond"[{j}] is wrong (classes of unequal size, a value never seen).')


def hw3_fit_categorical_nb(fit_categorical_nb):
    r = rng()
    X, y, values = category_table(r)
    m = float(r.choice([1.0, 2.5, 4.0]))
    # a prior guess that is a distribution over each attribute's values, not uniform (the task text, lesson 08)
    priors = [{v: float(w) for v, w in zip(vals, r.dirichlet(np.full(len(vals), 2.0)))} for vals in values]
    with substituted(fit_categorical_nb, m_estimate=ref_m_estimate):     # a wrong m_estimate costs Task 1 only
        out = [call(fit_categorical_nb, X, y, m), call(fit_categorical_nb, X, y, m, p=priors, values=values),
               call(fit_categorical_nb, X, y, 0, values=values)]
    _model_equal(out[0], ref_categorical_nb(X, y, m), "fit_categorical_nb(X, y, m)")
    _model_equal(out[1], ref_categorical_nb(X, y, m, p=priors, values=values),
                 "fit_categorical_nb(X, y, m, p, values) with a prior p[j] = {value: prior} for each attribute")
    _model_equal(out[2], ref_categorical_nb(X, y, 0, values=values), "fit_categorical_nb(X, y, m=0, values=values)")


def hw3_scores_and_posteriors(joint_scores, predict_proba):
    r = rng()
    X, y, values = category_table(r)
    model = ref_categorical_nb(X, y, float(r.choice([1.0, 3.0])), values=values)
    queries = np.column_stack([r.choice(v, size=6) for v in values])
    K = len(model["classes"])
    scores = array(call(joint_scores, model, queries.copy()), (6, K), "joint_scores' result")
    close(scores, ref_joint_scores(model, queries), "joint_scores is wrong on a fresh model.", rtol=1e-9)
    with substituted(predict_proba, joint_scores=ref_joint_scores):
        proba = call(predict_proba, model, queries.copy())
    close(array(proba, (6, K), "predict_proba's result"), ref_predict_proba(model, queries),
          "predict_proba is wrong on a fresh model.", rtol=1e-9)


def _yes_no_table(r):
    X, y, values = category_table(r, K=2)
    y = np.where(y == y[0], "Yes", "No")
    if len(set(y)) < 2:
        y[-1] = "No" if y[0] == "Yes" else "Yes"
    return X, y, values


def hw3_two_class_scores(two_class_scores):
    r = rng()
    X, y, values = _yes_no_table(r)
    x = [str(X[i, j]) for j, i in enumerate(r.integers(0, len(X), size=X.shape[1]))]
    m = float(r.choice([1.0, 3.0, 5.0]))
    with substituted(two_class_scores, fit_categorical_nb=ref_categorical_nb, joint_scores=ref_joint_scores,
                     predict_proba=ref_predict_proba):
        out = call(two_class_scores, X, y, x, m)
    if not isinstance(out, (tuple, list)) or len(out) != 3:
        fail("two_class_scores should return three numbers.")
    model = ref_categorical_nb(X, y, m)
    s = ref_joint_scores(model, [x])[0]
    yes, no = s[list(model["classes"]).index("Yes")], s[list(model["classes"]).index("No")]
    close([scalar(v, "two_class_scores' result") for v in out], [yes, no, yes / (yes + no)],
          "two_class_scores is wrong on a fresh table.", rtol=1e-9)


def hw3_posteriors(posteriors):
    r = rng()
    X, y, values = category_table(r)
    queries = np.column_stack([r.choice(v, size=5) for v in values])
    queries[0] = [v[-1] for v in values]                   # values never seen: 0/0 when m = 0
    for m in (0, float(r.choice([1.0, 4.0]))):
        with substituted(posteriors, fit_categorical_nb=ref_categorical_nb, joint_scores=ref_joint_scores,
                         predict_proba=ref_predict_proba):
            with np.errstate(all="ignore"):
                out = call(posteriors, X, y, values, queries.copy(), m)
        K = len(np.unique(y))
        got = array(out, (5, K), "posteriors' result", finite=False)
        with np.errstate(all="ignore"):
            ref = ref_predict_proba(ref_categorical_nb(X, y, m, values=values), queries)
        close(got, ref, f"posteriors(..., m={m:g}) is wrong on a fresh table with unseen values.",
              rtol=1e-9, equal_nan=True)


def ref_two_class_scores(X, y, x, m):
    model = ref_categorical_nb(X, y, m)
    s = ref_joint_scores(model, [x])[0]
    yes, no = s[list(model["classes"]).index("Yes")], s[list(model["classes"]).index("No")]
    return float(yes), float(no), float(yes / (yes + no))


def my_answers_test(my_answers, variant):
    """Task 7 of every homework: the student's own numbers, for the seed the grader derives for this student
    (never the notebook's).

    The expected answers are genlearn's (genlearn.homework.variants.answers), for the draw of that seed.
    ``my_answers`` runs with the reference versions of the earlier tasks (:data:`MY_ANSWERS_REFERENCES`).
    When the numbers are wrong, ``variant["answers_of"]`` lists the students whose numbers they are (the
    report's).
    """
    from genlearn.homework import variants

    assignment = variant["assignment"]
    with substituted(my_answers, **MY_ANSWERS_REFERENCES[assignment]):
        out = call(my_answers)
    names = variants.ANSWER_NAMES[assignment]
    if not isinstance(out, (tuple, list)) or len(out) != len(names):
        fail(f"my_answers should return {len(names)} values: {', '.join(names)}.")
    expected = variants.answers(assignment, variant["seed"])
    got = [array(v, np.shape(expected[name]), f"my_answers' {name}") for name, v in zip(names, out)]

    def same(answers):
        return all(np.allclose(g, answers[n], rtol=1e-9, atol=1e-12) for g, n in zip(got, names))

    if same(expected):
        return
    variant["answers_of"] = [s for s, seed in variant["others"].items() if same(variants.answers(assignment, seed))]
    name = next(n for g, n in zip(got, names) if not np.allclose(g, expected[n], rtol=1e-9, atol=1e-12))
    fail(f"my_answers: {name} is not that of your own data: "
         f"{variants.found_expected(got[names.index(name)], expected[name])} "
         "(MY_SEED must stay the one your notebook came with).")


#: what my_answers gets in place of the student's earlier tasks
MY_ANSWERS_REFERENCES = {
    "hw1_gda": {"fit_gda": ref_fit_gda, "gda_posterior": ref_gda_posterior},
    "hw2_naive_bayes_spam": {"build_vocabulary": ref_build_vocabulary, "encode": ref_encode,
                             "fit_multinomial_nb": ref_multinomial_nb, "predict": ref_predict},
    "hw3_m_estimate": {"fit_categorical_nb": ref_categorical_nb, "joint_scores": ref_joint_scores,
                       "predict_proba": ref_predict_proba, "two_class_scores": ref_two_class_scores},
}


# ---------------------------------------------------------------------------
# The graded cells
# ---------------------------------------------------------------------------

#: every autograded cell (its nbgrader grade_id): the test and the student's functions it is given, in the
#: order of the released notebooks, which is the order the grader grades them in whatever the submission's order
TASKS = {
    "hw1-task1-test": (hw1_fit_gda, ("fit_gda",)),
    "hw1-task2-test": (hw1_gda_posterior, ("gda_posterior",)),
    "hw1-task3-test": (hw1_gda_boundary, ("gda_boundary",)),
    "hw1-task4-test": (hw1_evaluate, ("evaluate",)),
    "hw1-task5-test": (hw1_compare_raw_and_log, ("compare_raw_and_log",)),
    "hw1-task7-test": (my_answers_test, ("my_answers",)),
    "hw2-task1-test": (hw2_build_vocabulary, ("build_vocabulary",)),
    "hw2-task2-test": (hw2_encode, ("encode",)),
    "hw2-task3-test": (hw2_fit_multinomial_nb, ("fit_multinomial_nb",)),
    "hw2-task4-test": (hw2_predict, ("predict",)),
    "hw2-task5-test": (hw2_top_words, ("top_words",)),
    "hw2-task7-test": (my_answers_test, ("my_answers",)),
    "hw3-task1-test": (hw3_m_estimate, ("m_estimate",)),
    "hw3-task2-test": (hw3_fit_categorical_nb, ("fit_categorical_nb",)),
    "hw3-task3-test": (hw3_scores_and_posteriors, ("joint_scores", "predict_proba")),
    "hw3-task4-test": (hw3_two_class_scores, ("two_class_scores",)),
    "hw3-task5-test": (hw3_posteriors, ("posteriors",)),
    "hw3-task7-test": (my_answers_test, ("my_answers",)),
}

#: where the lessons teach each task: (notebook in notebooks/, section heading); the feedback links there
LESSONS = {
    "hw1-task1-test": ("03_gaussian_discriminant_analysis.ipynb", "2. Maximum likelihood, by hand"),
    "hw1-task2-test": ("03_gaussian_discriminant_analysis.ipynb", "4. From GDA to logistic regression, step by step"),
    "hw1-task3-test": ("03_gaussian_discriminant_analysis.ipynb", "4. From GDA to logistic regression, step by step"),
    "hw1-task4-test": ("04_gda_vs_logistic_regression.ipynb", "1. Logistic regression by Newton's method"),
    "hw1-task5-test": ("04_gda_vs_logistic_regression.ipynb", "3. Making GDA competitive again: model $\\log x$"),
    "hw1-task7-test": ("03_gaussian_discriminant_analysis.ipynb", "2. Maximum likelihood, by hand"),
    "hw2-task1-test": ("06_naive_bayes_text.ipynb", "6. The real thing: the SMS Spam Collection"),
    "hw2-task2-test": ("06_naive_bayes_text.ipynb", "5. The multinomial event model"),
    "hw2-task3-test": ("06_naive_bayes_text.ipynb", "3. The 0/0 problem, and Laplace smoothing"),
    "hw2-task4-test": ("06_naive_bayes_text.ipynb", "4. Underflow: why the product must be taken in log space"),
    "hw2-task5-test": ("06_naive_bayes_text.ipynb", "6. The real thing: the SMS Spam Collection"),
    "hw2-task7-test": ("06_naive_bayes_text.ipynb", "5. The multinomial event model"),
    "hw3-task1-test": ("08_m_estimate_stolen_cars.ipynb", "1. The m-estimate"),
    "hw3-task2-test": ("08_m_estimate_stolen_cars.ipynb", "2. The ten cars"),
    "hw3-task3-test": ("08_m_estimate_stolen_cars.ipynb", "4. The two scores: rounded too early versus exact"),
    "hw3-task4-test": ("08_m_estimate_stolen_cars.ipynb", "3. The query (Red, SUV, Domestic) with $m = 3$, $p = 0.5$"),
    "hw3-task5-test": ("08_m_estimate_stolen_cars.ipynb", "7. Two special cases"),
    "hw3-task7-test": ("08_m_estimate_stolen_cars.ipynb", "3. The query (Red, SUV, Domestic) with $m = 3$, $p = 0.5$"),
}

#: per assignment, the library code the near-copy report compares the submission's functions with
LIBRARY = {"hw1_gda": HW1_BLOCK, "hw2_naive_bayes_spam": HW2_BLOCK, "hw3_m_estimate": HW3_BLOCK}

#: per assignment, the implementations switched off in the sandbox
BLOCKED = {assignment: _blocked(explicit) for assignment, explicit in LIBRARY.items()}
