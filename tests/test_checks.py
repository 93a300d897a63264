"""genlearn.homework.checks: right answers pass, typical wrong answers get a message naming the mistake.

The right answers are computed here with plain numpy, not with genlearn.
"""
from collections import Counter

import numpy as np
import pytest

from genlearn.homework import checks
from genlearn.homework.checks import CheckFailed
from genlearn.datasets import load_demo_sms, make_gaussian_classes, stolen_cars
from genlearn.text import tokenize


def fails(match, func, *args, **kwargs):
    with pytest.raises(CheckFailed, match=match):
        func(*args, **kwargs)


# --- homework 1 ------------------------------------------------------------------

@pytest.fixture(scope="module")
def gda_data():
    X, y = make_gaussian_classes(m=200, phi=0.3, random_state=4)
    m = len(y)
    phi = y.mean()
    mu0, mu1 = X[y == 0].mean(0), X[y == 1].mean(0)
    Z = X - np.where(y[:, None] == 1, mu1, mu0)
    Sigma = Z.T @ Z / m
    return X, y, phi, mu0, mu1, Sigma


def test_gda_mle(gda_data, capsys):
    X, y, phi, mu0, mu1, Sigma = gda_data
    m, m0 = len(y), int((y == 0).sum())
    checks.check_gda_mle(X, y, phi, mu0, mu1, Sigma)
    assert capsys.readouterr().out.startswith("OK")
    fails(r"fraction of examples with y = 0", checks.check_gda_mle, X, y, 1 - phi, mu0, mu1, Sigma)
    fails(r"divide it by m", checks.check_gda_mle, X, y, y.sum(), mu0, mu1, Sigma)
    fails(r"did you divide by the number of examples of that class \(m_0 = %d\), not by m = %d" % (m0, m),
          checks.check_gda_mle, X, y, phi, X[y == 0].sum(0) / m, mu1, Sigma)
    fails(r"swapped", checks.check_gda_mle, X, y, phi, mu1, mu0, Sigma)
    fails(r"shape \(2,\)", checks.check_gda_mle, X, y, phi, mu0[None, :], mu1, Sigma)
    Z = X - np.where(y[:, None] == 1, mu1, mu0)
    fails(r"m - 1", checks.check_gda_mle, X, y, phi, mu0, mu1, Z.T @ Z / (m - 1))
    Zall = X - X.mean(0)
    fails(r"mean of its own class", checks.check_gda_mle, X, y, phi, mu0, mu1, Zall.T @ Zall / m)
    fails(r"not symmetric", checks.check_gda_mle, X, y, phi, mu0, mu1, Sigma + np.array([[0, 1], [0, 0]]))
    fails(r"shape \(2, 2\).*\(200, 200\)", checks.check_gda_mle, X, y, phi, mu0, mu1, Z @ Z.T / m)


def _logpdf(X, mu, S):
    Z = X - mu
    return (-0.5 * np.sum(Z @ np.linalg.inv(S) * Z, axis=1) - 0.5 * np.log(np.linalg.det(S))
            - np.log(2 * np.pi))


def test_gda_posterior(gda_data):
    X, y, phi, mu0, mu1, Sigma = gda_data
    a0 = _logpdf(X, mu0, Sigma) + np.log(1 - phi)
    a1 = _logpdf(X, mu1, Sigma) + np.log(phi)
    right = 1 / (1 + np.exp(a0 - a1))
    params = (phi, mu0, mu1, Sigma)
    checks.check_gda_posterior(X, *params, right)
    checks.check_gda_posterior(X, *params, right.tolist())  # a list is as good as an array
    fails(r"^gda_posterior: .*p\(y = 0 \| x\)", checks.check_gda_posterior, X, *params, 1 - right)
    fails(r"left out the class prior", checks.check_gda_posterior, X, *params,
          1 / (1 + np.exp(_logpdf(X, mu0, Sigma) - _logpdf(X, mu1, Sigma))))
    fails(r"p\(x, y = 1\).*divide by", checks.check_gda_posterior, X, *params, np.exp(a1))
    fails(r"only p\(y = 1 \| x\)", checks.check_gda_posterior, X, *params, np.c_[1 - right, right])
    far = np.array([[1e3, -1e3], [-1e3, 1e3]])
    fails(r"underflow", checks.check_gda_posterior, far, *params, np.array([np.nan, np.nan]))


def test_gda_boundary(gda_data):
    X, y, phi, mu0, mu1, Sigma = gda_data
    Si = np.linalg.inv(Sigma)
    theta = Si @ (mu1 - mu0)
    theta0 = -0.5 * (mu1 @ Si @ mu1 - mu0 @ Si @ mu0) + np.log(phi / (1 - phi))
    params = (phi, mu0, mu1, Sigma)
    checks.check_gda_boundary(*params, theta, theta0)
    checks.check_gda_boundary(*params, list(theta), np.array([theta0]))
    fails(r"^gda_boundary: .*wrong way", checks.check_gda_boundary, *params, -theta, theta0)
    fails(r"not by Sigma", checks.check_gda_boundary, *params, Sigma @ (mu1 - mu0), theta0)
    fails(r"missing the prior term", checks.check_gda_boundary, *params, theta,
          theta0 - np.log(phi / (1 - phi)))


def _sk_accuracies(Xtr, ytr, Xte, yte):
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.linear_model import LogisticRegression as SkLogistic

    gda = LinearDiscriminantAnalysis(solver="lsqr").fit(Xtr, ytr)
    logit = SkLogistic(C=np.inf, solver="newton-cholesky").fit(Xtr, ytr)
    return {"gda": gda.score(Xte, yte), "logistic": logit.score(Xte, yte)}


def test_evaluate_is_checked_alone(gda_data, capsys):
    X, y = gda_data[:2]
    Xtr, ytr, Xte, yte = X[:150], y[:150], X[150:], y[150:]
    right = _sk_accuracies(Xtr, ytr, Xte, yte)
    train = _sk_accuracies(Xtr, ytr, Xtr, ytr)
    space = {}
    exec("def evaluate(X_train, y_train, X_test, y_test):\n"
         "    phi, mu0, mu1, Sigma = fit_gda(X_train, y_train)\n"
         "    return RESULT", space)
    # the student's fit_gda is broken, yet Task 4 passes: the check puts genlearn's in its place
    space["fit_gda"] = lambda X, y: (_ for _ in ()).throw(NotImplementedError())
    space["RESULT"] = right
    checks.check_evaluate(space["evaluate"], Xtr, ytr, Xte, yte)
    out = capsys.readouterr().out
    assert out.startswith("OK: evaluate")
    assert space["fit_gda"] is not checks._reference_fit_gda  # and the student's function is back
    space["RESULT"] = {"gda": train["gda"], "logistic": right["logistic"]}
    fails(r"training set", checks.check_evaluate, space["evaluate"], Xtr, ytr, Xte, yte)
    space["RESULT"] = {"gda": 100 * right["gda"], "logistic": right["logistic"]}
    fails(r"not a percentage", checks.check_evaluate, space["evaluate"], Xtr, ytr, Xte, yte)
    space["RESULT"] = [0.8, 0.8]
    fails(r'keys "gda" and "logistic"', checks.check_evaluate, space["evaluate"], Xtr, ytr, Xte, yte)
    space["RESULT"] = {"gda": 0.123, "logistic": right["logistic"]}
    with pytest.raises(CheckFailed) as info:
        checks.check_evaluate(space["evaluate"], Xtr, ytr, Xte, yte)
    assert f"{right['gda']:.3f}" not in str(info.value)  # never the answer


def test_compare_raw_and_log():
    from genlearn.datasets import make_lognormal_classes

    L, y = make_lognormal_classes(m=300, mu=[[0.0, 0.0], [1.5, 0.5]], Sigma=[[1.0, 0.4], [0.4, 0.6]],
                                  random_state=1)
    args = (L[:200], y[:200], L[200:], y[200:])
    space = {"np": np}
    exec("def compare_raw_and_log(a, b, c, d):\n"
         "    return {'raw': evaluate(a, b, c, d), 'log': evaluate(np.log(a), b, np.log(c), d)}\n"
         "def train_only(a, b, c, d):\n"
         "    return {'raw': evaluate(a, b, c, d), 'log': evaluate(np.log(a), b, c, d)}", space)
    checks.check_compare_raw_and_log(space["compare_raw_and_log"], *args)
    fails(r"test features too", checks.check_compare_raw_and_log, space["train_only"], *args)


# --- homework 2 ------------------------------------------------------------------

@pytest.fixture(scope="module")
def sms():
    texts, y = load_demo_sms()
    counts = Counter(t for text in texts for t in tokenize(text))
    words = sorted(counts)
    index = {w: j for j, w in enumerate(words)}
    docs = [np.array([index[t] for t in tokenize(text)], dtype=int) for text in texts]
    V = len(words)
    C = np.zeros((2, V))
    for d, label in zip(docs, y):
        np.add.at(C[label], d, 1)
    log_phi = np.log((C + 1) / (C.sum(1, keepdims=True) + V))
    log_phi_y = np.log(np.array([np.mean(y == 0), np.mean(y == 1)]))
    return texts, y, counts, words, index, docs, V, C, log_phi_y, log_phi


def test_vocabulary(sms):
    texts, y, counts, words = sms[:4]
    checks.check_vocabulary(texts, words)
    fails(r"alphabetical order", checks.check_vocabulary, texts, words[::-1])
    fails(r"more than once", checks.check_vocabulary, texts, words + words[:1])
    fails(r"upper-case", checks.check_vocabulary, texts, [w.upper() for w in words])
    fails(r"at least min_count = 2", checks.check_vocabulary, texts, words, min_count=2)
    docfreq = Counter(w for t in texts for w in set(tokenize(t)))
    by_docs = sorted(w for w, c in docfreq.items() if c >= 2)
    if by_docs != sorted(w for w, c in counts.items() if c >= 2):
        fails(r"not the number of messages", checks.check_vocabulary, texts, by_docs, min_count=2)


def test_encoding(sms):
    texts, y, counts, words, index, docs = sms[:6]
    checks.check_encoding(texts, index, docs)
    repeated = next(i for i, d in enumerate(docs) if len(set(d.tolist())) < len(d))
    once = list(docs)
    once[repeated] = np.unique(docs[repeated])
    fails(r"repeated words must be repeated", checks.check_encoding, texts, index, once)


def test_multinomial_nb(sms):
    texts, y, counts, words, index, docs, V, C, log_phi_y, log_phi = sms
    checks.check_multinomial_nb(docs, y, V, log_phi_y, log_phi)
    N = C.sum(1, keepdims=True)
    fails(r"forget the \+\|V\|", checks.check_multinomial_nb, docs, y, V, log_phi_y, np.log((C + 1) / N))
    with np.errstate(divide="ignore"):
        unsmoothed = np.log(C / N)
    fails(r"unsmoothed estimate", checks.check_multinomial_nb, docs, y, V, log_phi_y,
          unsmoothed)
    n_docs = np.array([[np.sum(y == 0)], [np.sum(y == 1)]])
    fails(r"number of words in class k", checks.check_multinomial_nb, docs, y, V, log_phi_y,
          np.log((C + 1) / (n_docs + V)))
    fails(r"not logarithms", checks.check_multinomial_nb, docs, y, V, log_phi_y, np.exp(log_phi))
    fails(r"rows are swapped", checks.check_multinomial_nb, docs, y, V, log_phi_y, log_phi[::-1])
    fails(r"apply np.log", checks.check_multinomial_nb, docs, y, V, np.exp(log_phi_y), log_phi)


def test_predictions(sms):
    texts, y, counts, words, index, docs, V, C, log_phi_y, log_phi = sms
    right = np.array([np.argmax(log_phi_y + log_phi[:, d].sum(1)) for d in docs])
    checks.check_predictions(docs, log_phi_y, log_phi, right)
    fails(r"flipped", checks.check_predictions, docs, log_phi_y, log_phi, 1 - right)
    skewed = np.log([1 - 1e-30, 1e-30])
    right_skewed = np.array([np.argmax(skewed + log_phi[:, d].sum(1)) for d in docs])
    no_prior = np.array([np.argmax(log_phi[:, d].sum(1)) for d in docs])
    assert not np.array_equal(right_skewed, no_prior)
    fails(r"left out the prior", checks.check_predictions, docs, skewed, log_phi, no_prior)
    long_docs = [np.tile(d, 200) for d in docs]
    with np.errstate(under="ignore"):
        product = np.array([np.argmax(np.exp(log_phi_y) * np.prod(np.exp(log_phi[:, d]), axis=1))
                            for d in long_docs])
    right_long = np.array([np.argmax(log_phi_y + log_phi[:, d].sum(1)) for d in long_docs])
    if not np.array_equal(product, right_long):
        fails(r"add logarithms", checks.check_predictions, long_docs, log_phi_y, log_phi, product)


def test_top_words(sms):
    words, log_phi = sms[3], sms[9]
    ratio = log_phi[1] - log_phi[0]
    order = sorted(range(len(words)), key=lambda j: (-ratio[j], words[j]))
    right = [words[j] for j in order[:5]]
    checks.check_top_words(log_phi, words, right)
    by_spam = [words[j] for j in sorted(range(len(words)), key=lambda j: (-log_phi[1, j], words[j]))[:5]]
    assert by_spam != right
    fails(r"most frequent words in spam, not the most indicative", checks.check_top_words,
          log_phi, words, by_spam)
    ham = [words[j] for j in sorted(range(len(words)), key=lambda j: (ratio[j], words[j]))[:5]]
    fails(r"most indicative of ham", checks.check_top_words, log_phi, words, ham)
    fails(r"wrong order", checks.check_top_words, log_phi, words, right[::-1])
    fails(r"exactly k = 5", checks.check_top_words, log_phi, words, right[:3])


# --- homework 3 ------------------------------------------------------------------

def test_m_estimate():
    checks.check_m_estimate(lambda n_c, n, p, m: (n_c + m * p) / (n + m))
    fails(r"unsmoothed estimate", checks.check_m_estimate, lambda n_c, n, p, m: n_c / n)
    fails(r"forget m in the denominator", checks.check_m_estimate, lambda n_c, n, p, m: (n_c + m * p) / n)
    fails(r"should add m \* p", checks.check_m_estimate, lambda n_c, n, p, m: (n_c + p) / (n + m))
    fails(r"forget `return`", checks.check_m_estimate, lambda n_c, n, p, m: None)


def _cat_model(X, y, m, nclass=None):
    classes = np.unique(y)
    values = [np.unique(X[:, j]) for j in range(X.shape[1])]
    cond = []
    for j, vals in enumerate(values):
        t = np.empty((len(classes), len(vals)))
        for a, c in enumerate(classes):
            col = X[y == c, j]
            n = len(col) if nclass is None else nclass
            for b, v in enumerate(vals):
                t[a, b] = (np.sum(col == v) + m / len(vals)) / (n + m)
        cond.append(t)
    return {"classes": classes, "prior": np.array([np.mean(y == c) for c in classes]),
            "values": values, "cond": cond}


def test_categorical_nb():
    X, y = stolen_cars()
    checks.check_categorical_nb(X, y, 3, _cat_model(X, y, 3))
    fails(r"divide by the number of examples of that class", checks.check_categorical_nb,
          X, y, 3, _cat_model(X, y, 3, nclass=len(y)))
    fails(r"unsmoothed estimate", checks.check_categorical_nb, X, y, 3, _cat_model(X, y, 0))
    bad = _cat_model(X, y, 3)
    bad["cond"][0] = bad["cond"][0] + 0.05
    fails(r"probabilities do not sum to 1", checks.check_categorical_nb, X, y, 3, bad)
    counts = _cat_model(X, y, 3)
    counts["prior"] = np.array([5, 5])
    fails(r"counts: divide", checks.check_categorical_nb, X, y, 3, counts)


def test_scores_and_posteriors():
    model = {"classes": np.array(["No", "Yes"]), "prior": np.array([0.4, 0.6]),
             "values": [np.array(["a", "b"]), np.array(["u", "v"])],
             "cond": [np.array([[0.7, 0.3], [0.2, 0.8]]), np.array([[0.5, 0.5], [0.1, 0.9]])]}
    q = np.array([["a", "u"], ["b", "v"]])
    scores = np.array([[0.4 * 0.7 * 0.5, 0.6 * 0.2 * 0.1], [0.4 * 0.3 * 0.5, 0.6 * 0.8 * 0.9]])
    proba = scores / scores.sum(1, keepdims=True)
    checks.check_scores_and_posteriors(model, q, scores, proba)
    checks.check_scores_and_posteriors(model, q, scores.tolist(), proba.tolist())
    fails(r"^joint_scores: the class prior", checks.check_scores_and_posteriors, model, q,
          scores / model["prior"], proba)
    fails(r"^predict_proba: probabilities do not sum to 1", checks.check_scores_and_posteriors, model, q,
          scores, scores)


def test_two_class_scores_and_posteriors_use_reference_helpers(capsys):
    X, y = stolen_cars()
    space = {}
    exec("def two_class_scores(X, y, x, m):\n"
         "    model = fit_categorical_nb(X, y, m=m)\n"
         "    s = joint_scores(model, [x])[0]\n"
         "    c = list(model['classes'])\n"
         "    return s[c.index('Yes')], s[c.index('No')], s[c.index('Yes')] / s.sum()\n"
         "def posteriors(X, y, values, queries, m):\n"
         "    return predict_proba(fit_categorical_nb(X, y, m=m, values=values), queries)\n"
         "def forgets_values(X, y, values, queries, m):\n"
         "    return predict_proba(fit_categorical_nb(X, y, m=m), queries)\n", space)
    checks.check_two_class_scores(space["two_class_scores"])
    assert "fit_categorical_nb" not in space  # the reference helpers are gone again
    X_p = np.array([["A", "S"], ["B", "L"], ["C", "S"], ["A", "L"]])
    y_p = np.array(["No", "No", "Yes", "Yes"])
    values = [["A", "B", "C", "D"], ["L", "S"]]  # D never seen: p = 1/4, not 1/3
    q = np.array([["C", "S"], ["B", "L"]])
    checks.check_posteriors(space["posteriors"], X_p, y_p, values, q, m=2)
    checks.check_posteriors(space["posteriors"], X_p, y_p, values, q, m=0)
    assert capsys.readouterr().out.count("OK") == 3
    fails(r"declared values", checks.check_posteriors, space["forgets_values"], X_p, y_p, values, q, m=2)


def test_stolen_car_scores():
    checks.check_stolen_car_scores(315 / 8192, 567 / 8192, 5 / 14)
    fails(r"rounded factors", checks.check_stolen_car_scores, 0.5 * 0.56 * 0.31 * 0.43, 567 / 8192, 5 / 14)
    fails(r"not the posterior", checks.check_stolen_car_scores, 315 / 8192, 567 / 8192, 315 / 8192)


def test_sms_reference_matches_a_plain_encoding(sms):
    texts, y, counts, words, index, docs, V, C, log_phi_y, log_phi = sms
    ref_words, ref_docs, ref_test = checks.sms_reference(texts, texts[:5])
    assert ref_words == words
    assert all(np.array_equal(a, b) for a, b in zip(ref_docs, docs))
    lpy, lp = checks.sms_reference_model(docs, y, V)
    # tol: the reference model another way: rounding (default rtol 1e-7)
    np.testing.assert_allclose(lpy, log_phi_y)
    np.testing.assert_allclose(lp, log_phi)


def test_messages_are_short_and_never_give_the_answer(sms):
    texts, y, counts, words, index, docs = sms[:6]
    long_texts = [" ".join([texts[0]] * 400)]
    wrong = [np.array([0] * 5)]
    with pytest.raises(CheckFailed) as info:
        checks.check_encoding(long_texts, index, wrong)
    assert len(str(info.value)) < 300 and "encode" in str(info.value)
    log_phi = sms[9]
    with pytest.raises(CheckFailed) as info:
        checks.check_top_words(log_phi, words, words[:5])
    ratio = log_phi[1] - log_phi[0]
    best = words[int(np.argmax(ratio))]
    assert best not in str(info.value).split("top_words")[1] or best in words[:5]
    with pytest.raises(CheckFailed) as info:
        checks.check_m_estimate(lambda n_c, n, p, m: 0.123456)
    assert "0.5625" not in str(info.value) and str(info.value).startswith("m_estimate")
