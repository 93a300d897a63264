"""Predict, then reveal (genlearn.explorers.predict): the questions of the lessons and the widget.

Oracles: each question's answer, stored in its lesson's widget state, is computed
here again without genlearn's estimators: closed forms (Bayes' rule with scipy's
normal density, the threshold formula, the eigenvalues of a 2x2 matrix, the
m-estimate's fractions of the notes), scikit-learn (LDA with the pooled
maximum-likelihood covariance, unpenalised logistic regression) or counts. The
widget's page is the numpy twin's (``tests/test_explorer_contract.py`` checks
``Predict`` as every explorer); here also that nothing of the answer is in the
page's state before the commit, and that bad questions fail clearly.
"""
import json
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import multivariate_normal, norm

from genlearn.explorers.explorer import fmt
from genlearn.explorers.predict import Predict, parse_number
from node_twin import frames

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IDENT = "genlearn.explorers.predict.Predict"


def stored_questions():
    """``{name: (lesson, stored traits, the markdown cell before the widget's cell)}`` of every lesson."""
    found = {}
    for path in LESSONS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        models = nb.get("metadata", {}).get("widgets", {}).get(
            "application/vnd.jupyter.widget-state+json", {}).get("state", {})
        shown = {}
        for i, cell in enumerate(nb["cells"]):
            for out in cell.get("outputs", []):
                view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
                if view:
                    shown[view["model_id"]] = "".join(nb["cells"][i - 1]["source"])
        for model_id, model in models.items():
            state = model.get("state", {})
            if state.get("_anywidget_id") == IDENT:
                assert state["name"] not in found, f"two questions named {state['name']}"
                found[state["name"]] = (path.name, state, shown.get(model_id, ""))
    return found


QUESTIONS = stored_questions()


def _lda_posterior(X, y, x):
    """p(y=1 | x) of scikit-learn's LDA (solver "lsqr": the pooled maximum-likelihood covariance)."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    return LinearDiscriminantAnalysis(solver="lsqr").fit(X, y).predict_proba(np.atleast_2d(x))[:, 1]


def _far_posterior():
    from genlearn.demos import gaussian_discriminant_analysis as demo

    X, y = demo.worked_example()
    mu0, mu1 = X[y == 0].mean(axis=0), X[y == 1].mean(axis=0)
    return _lda_posterior(X, y, mu1 + 3 * (mu1 - mu0))[0]


def _prior_shift():
    """How far the boundary slides along mu0 -> mu1 when phi goes from 0.5 to 0.9, as a fraction of it.

    Closed form: theta^T x + theta0 along x = mu0 + t (mu1 - mu0) is Delta^2 (t - 1/2) + logit(phi), with
    Delta^2 the squared Mahalanobis distance of the means; it is 0 at t = 1/2 - logit(phi) / Delta^2, so the
    crossing moves by -(logit(0.9) - logit(0.5)) / Delta^2 = -log(9) / Delta^2. The estimates by numpy."""
    from genlearn.demos import gaussian_discriminant_analysis as demo

    X, y = demo.worked_example()
    mu = np.array([X[y == 0].mean(axis=0), X[y == 1].mean(axis=0)])
    D = X - mu[y]
    d = mu[1] - mu[0]
    return -np.log(9) / (d @ np.linalg.solve(D.T @ D / len(y), d))


def _conditional_fit():
    """Logistic regression's conditional log-likelihood minus GDA's (LDA's), on the training tumours."""
    from sklearn.linear_model import LogisticRegression

    from genlearn.demos import gaussian_discriminant_analysis as demo

    X, _, y, _ = demo.tumor_split()
    logistic = LogisticRegression(C=np.inf, solver="newton-cholesky", tol=1e-14, max_iter=200).fit(X, y)
    p_log = logistic.predict_proba(X)[np.arange(len(y)), y]
    p_lda = np.where(y == 1, _lda_posterior(X, y, X), 1 - _lda_posterior(X, y, X))
    return np.log(p_log).sum() - np.log(p_lda).sum()


def _newton_runaway():
    """|theta| at Newton step 20 minus at step 10 on the separable data of lesson 04, by a plain numpy Newton
    method (full steps, raw coordinates, no stop) from genlearn's start, the intercept-only model."""
    from scipy.special import expit

    from genlearn.demos import gda_vs_logistic_regression as demo

    X, y = demo.separable_example()
    A = np.column_stack([X, np.ones(len(X))])
    theta, norms = np.array([0.0, 0.0, np.log(y.mean() / (1 - y.mean()))]), [0.0]
    for _ in range(20):
        h = expit(A @ theta)
        theta = theta + np.linalg.solve(A.T @ (A * (h * (1 - h))[:, None]), A.T @ (y - h))
        norms.append(np.hypot(theta[0], theta[1]))
    return norms[20] - norms[10]


def _unseen_word_evidence():
    """p(x) of "Free bonus now" with alpha = 0: zero when no training message of either class has "bonus"."""
    from genlearn.demos import naive_bayes_text as demo

    vocab, X, y = demo.toy_features([demo.UNSEEN_QUERY])
    bonus = vocab.vocabulary_[demo.UNSEEN_WORD]
    counts = [np.asarray(X[y == k][:, bonus]).sum() for k in (0, 1)]
    return 0.0 if counts == [0, 0] else float("nan")


def _repeat_change():
    """scikit-learn's BernoulliNB: p(spam | "free" x 10) - p(spam | "free"), on the toy messages."""
    from sklearn.naive_bayes import BernoulliNB

    from genlearn.demos import naive_bayes_text as demo

    vocab, B, y = demo.toy_features(binary=True)
    p = BernoulliNB(alpha=1.0).fit(B, y).predict_proba(vocab.transform(["free", " ".join(["free"] * 10)],
                                                                       binary=True).toarray())
    return p[1, 1] - p[0, 1]


def _threshold(phi, mu0=40.0, mu1=100.0, s=15.0):
    return (mu0 + mu1) / 2 + s**2 / (mu1 - mu0) * np.log((1 - phi) / phi)


def _quadratic_eigenvalues(rho):
    """Eigenvalues of A = -(Sigma1^-1 - I) / 2 for Sigma1 with unit variances and correlation rho:
    Sigma1's eigenvalues are 1 -+ rho."""
    return [-(1 / (1 - rho) - 1) / 2, -(1 / (1 + rho) - 1) / 2]


def _p80():
    ele, dog = 0.2 * norm.pdf(80, 100, 15), 0.8 * norm.pdf(80, 40, 15)
    return ele / (ele + dog)


def _outlier_least():
    """The smallest fraction of the explorer's square (201 x 201) whose predicted class flips when the
    first point of class 0 moves to (6, 5) (LDA's): scikit-learn's QDA (MLE covariances),
    LDA and GaussianNB (no variance smoothing) fitted before and after, on the explorer's sample."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
    from sklearn.naive_bayes import GaussianNB

    from genlearn.demos import qda_lda_naive_bayes as demo
    from genlearn.explorers import qda_lda_naive_bayes as ex_demo

    X, y = ex_demo.BoundaryExplorer().sample()
    moved = X.copy()
    moved[np.flatnonzero(y == 0)[0]] = [6.0, 5.0]
    g = np.linspace(*demo.EXPLORER_LIM, 201)
    square = np.stack(np.meshgrid(g, g), axis=-1).reshape(-1, 2)
    models = {"QDA": lambda: QuadraticDiscriminantAnalysis(reg_param=0.0),
              "LDA": lambda: LinearDiscriminantAnalysis(solver="lsqr"),
              "naive Bayes": lambda: GaussianNB(var_smoothing=0.0)}
    flips = {name: np.mean(make().fit(X, y).predict(square) != make().fit(moved, y).predict(square))
             for name, make in models.items()}
    assert min(flips, key=flips.get) == "LDA", flips  # the option the oracle names below
    return min(flips.values())


#: name -> (the oracle of value, the right option or None for a number question, rtol)
ORACLES = {
    "01-posterior-80kg": (_p80, None, 1e-9),
    "01-rare-threshold": (lambda: _threshold(0.05) - _threshold(0.2), "+", 1e-9),
    "02-correlated-peak": (lambda: multivariate_normal([0, 0], [[1, 0.8], [0.8, 1]]).pdf([0, 0])
                           - multivariate_normal([0, 0]).pdf([0, 0]), "+", 1e-9),
    "02-long-axis": (lambda: np.degrees(0.5 * np.arctan2(2 * 0.8, 3 - 1)), None, 1e-9),
    "03-far-posterior": (_far_posterior, None, 1e-9),
    "03-prior-shift": (_prior_shift, "-", 1e-9),
    # two Newton fits run to convergence (scikit-learn's to tol 1e-14): their difference agrees to 1e-9
    "04-conditional-fit": (_conditional_fit, "+", 1e-9),
    # on separable data the iterates run away: genlearn's path (no stop) against plain Newton steps
    "04-newton-runaway": (_newton_runaway, "+", 1e-9),
    "05-boundary-kind": (lambda: np.prod(_quadratic_eigenvalues(0.6)), "hyperbola", 1e-9),
    # naive Bayes' A is 0 up to rounding: its largest |eigenvalue| is 0 (atol 1e-15)
    "05-naive-bayes-line": (lambda: 0.0, "line", 1e-9),
    "05-outlier-least": (_outlier_least, "LDA", 1e-9),
    "06-unseen-word": (_unseen_word_evidence, "undefined", 1e-9),
    "06-repeat-free": (_repeat_change, "0", 1e-9),
    "07-cost-threshold": (lambda: 10 / 11, None, 1e-9),
    "08-exact-posterior": (lambda: float(Fraction(5, 14)), None, 1e-9),
    "08-large-m-flip": (lambda: float(Fraction(8, 17) - Fraction(1, 2)), "-", 1e-9),
}


def test_every_lesson_asks_and_enough_questions():
    """At least one question in every lesson after the start page, at least twelve in all, each
    with an oracle here, and each named after its lesson."""
    assert len(QUESTIONS) >= 12, sorted(QUESTIONS)
    by_lesson = {lesson for lesson, _, _ in QUESTIONS.values()}
    assert by_lesson >= {p.name for p in LESSONS[1:]}, f"lessons without a question: " \
        f"{sorted({p.name for p in LESSONS[1:]} - by_lesson)}"
    assert set(QUESTIONS) == set(ORACLES), set(QUESTIONS) ^ set(ORACLES)
    for name, (lesson, _, _) in QUESTIONS.items():
        assert lesson[:3] == name[:2] + "_", f"{name} is shown in {lesson}"
        plan = ROOT / "instructor" / "lecture_plans" / lesson.replace(".ipynb", ".md")
        assert f"`{name}`" in plan.read_text(encoding="utf-8"), f"{plan.name} does not list the question {name}"


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_answer_equals_the_oracle(name):
    """The value the lesson computed with genlearn, stored in the widget, equals the independent one;
    a choice's right option is the oracle's."""
    _, state, _ = QUESTIONS[name]
    oracle, option, rtol = ORACLES[name]
    expected = float(oracle())
    # tol: (ORACLES): each question's own tolerance, from how its value is computed; atol for a value of 0
    assert np.isclose(state["value"], expected, rtol=rtol, atol=1e-15), (state["value"], expected)
    if option is None:
        assert state["kind"] == "number"
    else:
        assert state["kind"] == "choice" and state["answer"] == option, state["answer"]


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_stored_hidden_and_misconception_beside_it(name):
    """The lesson stores the question unanswered (the static pages and the handouts start hidden);
    the sentence before it says which misconception it targets."""
    _, state, before = QUESTIONS[name]
    assert state["committed"] == 0 and state["guess"] == "", name
    assert "Predict, then reveal." in before and re.search(r"\(It targets .+\)", before), before
    assert state["misconception"].strip()


def _leaks(page, state):
    """Texts of the answer found in a page state published before the commit."""
    text = json.dumps(page)
    shown = [fmt(state["value"], state["digits"])]
    if state["kind"] == "choice":
        shown.append(dict(map(tuple, state["options"]))[state["answer"]])
    return [s for s in shown if s in text and s not in state["question"]] + \
        [k for k in ("value", "answer", "error", "right") if k in page]


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_answer_hidden_before_commit_and_shown_after(name):
    """The page's state (Node.js) holds nothing of the answer before the commit, for an empty,
    a wrong and a right guess; after it, the twin's value and verdict."""
    _, state, _ = QUESTIONS[name]
    data = {k: state[k] for k in Predict.class_traits() if k in state and not k.startswith("_")
            and k not in Predict._params and k not in ("layout", "title", "parameters")}
    right = state["answer"] if state["kind"] == "choice" else repr(state["value"])
    wrong = next(v for v, _ in state["options"] if v != state["answer"]) if state["kind"] == "choice" else "-1e20"
    explorers = [Predict(data=data, guess=g, committed=c) for c in (0, 1) for g in ("", wrong, right)]
    pages = frames(explorers)
    for ex, page in zip(explorers, pages):
        assert page == json.loads(json.dumps(ex.expected_state())), ex.params()
        if not ex.committed:
            # an empty or wrong guess shows nothing of the answer (a right one echoes the guess itself)
            leaks = _leaks(page, state) if ex.guess != right else [
                k for k in ("value", "answer", "error", "right") if k in page]
            assert not leaks and page["revealed"] is False, (ex.guess, leaks)
        else:
            assert page["revealed"] is True and page["value"] == state["value"]
            assert page["right"] is (ex.guess == right), (ex.guess, page["right"])


def test_parse_number_twins():
    """parse_number (Python) and parseNumber (predict.js) read the same numbers: through the page's
    frame, in Node.js, for typed guesses of every form."""
    typed = ["0.25", " 0,25 ", ".5", "5.", "−0.5", "+3", "1e-3", "2E2", "1e21", "9.99e20", "1/4", "", " ",
             "0x10", "1_000", "inf", "nan", "1e", "--1", "0.1.2", "٣", "１", "1\u00a0", "12%", "1,000.5"]
    explorers = [Predict.example(guess=t) for t in typed]
    for t, ex, page in zip(typed, explorers, frames(explorers)):
        assert page == json.loads(json.dumps(ex.expected_state())), t
    # tol: exact: the decimals parse to their nearest floats, as the literals do
    assert [parse_number(t) for t in ("0,25", "−2e-1", "1/4", "1e21", "٣", "１")] == [0.25, -0.2, None, None,
                                                                                      None, None]


def test_reveal_feedback_readouts():
    """The feedback lines: the guess, genlearn's value, the distance and the verdict, then why."""
    q = Predict.number("99-demo", "What is 1/4?", 0.25, digits=2, tolerance=0.01, label="1/4",
                       misconception="a fraction is not a decimal", explain="One of four parts.")
    assert q.readouts() == ["Type your guess, then press Commit (or Enter)."]
    q.guess = "0,3"
    assert q.readouts() == ["Your guess: 0.30. Press Commit to see genlearn's answer."]
    q.committed = 1
    assert q.readouts() == ["Your guess: 0.30", "1/4 by genlearn: 0.25", "Off by 0.05: not within ±0.01.",
                            "One of four parts.", "The trap: a fraction is not a decimal"]
    s = Predict.sign("99-sign", "Up or down?", -2.0, ("down", "flat", "up"), digits=1, label="change",
                     misconception="m")
    # tol: exact: the value given
    assert (s.answer, s.value, s.options) == ("-", -2.0, [["-", "down"], ["0", "flat"], ["+", "up"]])
    s.guess, s.committed = "+", 1
    assert s.readouts()[:3] == ["Your answer: up", "genlearn: down (change by genlearn: -2.0)", "Not this time."]
    assert Predict.sign("99-zero", "?", 0.0, ("a", "b", "c"), digits=1, label="x", misconception="m").answer == "0"


def test_the_html_fallback_holds_the_question_not_the_answer():
    """Where widgets cannot run (an untrusted notebook, the PDF), the question shows, not the answer."""
    q = Predict.choice("99-demo", "Which is larger?", [("a", "the first"), ("b", "the second")], "b",
                       value=0.123456, digits=4, label="difference", misconception="m", explain="Because.")
    data, _ = q._repr_mimebundle_()
    assert "Which is larger?" in data["text/html"] and "the second" in data["text/html"]
    assert "0.1235" not in data["text/html"] and "Because." not in data["text/html"]


@pytest.mark.parametrize("build, message", [
    (lambda: Predict.number("posterior", "q", 0.5, digits=2, tolerance=0.1, label="p", misconception="m"),
     r"name 'posterior': use the lesson's number and a few words, e.g. '01-posterior-80kg'"),
    (lambda: Predict.number("01-x", "q", 0.5, digits=2, tolerance=0.1, label="p", misconception=" "),
     r"01-x: give the question and the misconception it targets"),
    (lambda: Predict.number("01-x", "q", float("nan"), digits=2, tolerance=0.1, label="p", misconception="m"),
     r"01-x: value nan is not a finite number below 1e21; pass the number genlearn computed"),
    (lambda: Predict.number("01-x", "q", 0.5, digits=13, tolerance=0.1, label="p", misconception="m"),
     r"01-x: digits = 13; choose a whole number of decimals in \[0, 12\]"),
    (lambda: Predict.number("01-x", "q", 0.5, digits=2, tolerance=-1, label="p", misconception="m"),
     r"01-x: tolerance = -1.0; give a finite number >= 0"),
    (lambda: Predict.choice("01-x", "q", [("a", "A"), ("b", "B")], "c", value=1, digits=2, label="p",
                            misconception="m"),
     r"01-x: the answer 'c' is not one of the options \['a', 'b'\]; pass the value of the right option"),
    (lambda: Predict.choice("01-x", "q", [("a", "A"), ("a", "B")], "a", value=1, digits=2, label="p",
                            misconception="m"),
     r"01-x: give at least two options with distinct values"),
    (lambda: Predict.sign("01-x", "q", 1.0, ("down", "up"), digits=2, label="p", misconception="m"),
     r"01-x: texts must be three: what a negative, a zero and a positive change mean"),
    (lambda: Predict.example(committed=2), r"committed = 2 is outside its range; choose a whole number in \[0, 1\]"),
])
def test_bad_questions_fail_clearly(build, message):
    with pytest.raises(ValueError, match=message):
        build()


def test_question_cells_build_no_explorer():
    """A question's cell calls no ``...Explorer(``: the presenter and the PDFs take a cell that shows a
    widget and builds one for that explorer (genlearn.course.present's ``ONLY=explorer:2`` would count it)."""
    from genlearn.course import present

    for path in LESSONS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and "Predict." in source:
                assert not present._EXPLORER_CLASS.search(source), f"{path.name}: {source[:80]!r}"
