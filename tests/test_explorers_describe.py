"""genlearn.explorers.describe: each explorer's description of its picture, against independent facts.

The contract (tests/test_explorer_contract.py) holds the page's text equal to these
descriptions; here the descriptions are held to the geometry. Oracles: numpy.linalg.eigh
(the tilt and stretch of a Gaussian's ellipses), the class densities of scipy.stats
(where a boundary lies and which side is class 1's), scikit-learn's QDA (which region a
conic boundary gives class 1), scikit-learn's naive Bayes classifiers (who wins and by how
much), counts of the notes' table by hand (the m-estimate's scores); and describe.js,
run in Node.js on cases that reach every branch, must write the same text.
"""
import json
import math
import re

import numpy as np
import pytest
from scipy.stats import multivariate_normal, norm
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
from sklearn.naive_bayes import BernoulliNB as SkBernoulliNB
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB

from tolerances import ROUNDING, half_unit

from genlearn import gaussian
from genlearn.explorers import describe
from genlearn.demos import naive_bayes_text as nbt
from genlearn.explorers import naive_bayes_text as ex_nbt
from genlearn.demos.generative_vs_discriminative import XMAX, XMIN
from genlearn.explorers.generative_vs_discriminative import BayesExplorer
from genlearn.demos.m_estimate_stolen_cars import CLASSES, QUERY, load_table
from genlearn.explorers.m_estimate_stolen_cars import MEstimateExplorer
from genlearn.explorers.multivariate_gaussian import GaussianExplorer
from genlearn.explorers.gaussian_discriminant_analysis import GDAExplorer
from genlearn.demos.qda_lda_naive_bayes import GALLERY, explorer_models
from genlearn.explorers.qda_lda_naive_bayes import BoundaryExplorer
from node_twin import _run, sources

NUMBER = r"(-?\d+(?:\.\d+)?)"


def numbers_after(text, prefix):
    return [float(v) for v in re.findall(re.escape(prefix) + NUMBER, text)]


# ----------------------------------------------------------------------------- 02: the Gaussian

@pytest.mark.parametrize("s1, s2, rho", [(1.0, 1.0, 0.5), (3 ** 0.5, 1.0, 0.8 / 3 ** 0.5), (1.0, 2.0, -0.3),
                                         (2.0, 0.5, 0.0), (0.5, 2.0, 0.0), (1.3, 1.3, -0.9), (0.7, 1.9, 0.6)])
def test_gaussian_tilt_and_stretch_are_eigh_s(s1, s2, rho):
    """The long axis's angle is the eigenvector of eigh's larger eigenvalue (to the printed degree),
    the stretch sqrt(lambda_max / lambda_min), the reaches sqrt(lambda)."""
    text = GaussianExplorer(preset="", mu1=0.5, mu2=-1.0, sigma1=s1, sigma2=s2, rho=rho).description()
    lam, vec = np.linalg.eigh(gaussian.covariance(s1, s2, rho))
    angle = math.degrees(math.atan2(vec[1, 1], vec[0, 1]))
    angle = (angle + 90) % 180 - 90   # an axis: (-90, 90]
    angle = 90.0 if angle == -90 else angle
    (shown,) = numbers_after(text, "the long axis at ")
    assert abs(shown - angle) <= 0.5 + 1e-9 or abs(abs(shown - angle) - 180) <= 0.5 + 1e-9, text
    # tol: printed with 2 decimals
    assert numbers_after(text, "ellipses are ") == [pytest.approx(math.sqrt(lam[1] / lam[0]), abs=half_unit(2))]
    assert numbers_after(text, "reaches ") == [pytest.approx(math.sqrt(lam[1]), abs=half_unit(2))]
    assert numbers_after(text, "centred at (") == [0.5]  # tol: exact: the mean set
    words = {"horizontal": abs(angle) < 22.5, "vertical": abs(angle) > 67.5,
             "lower left to upper right": 22.5 < angle < 67.5, "upper left to lower right": -67.5 < angle < -22.5}
    assert [w for w, right in words.items() if right and w in text], text


def test_gaussian_circle():
    text = GaussianExplorer(preset="Sigma = 2 I").description()
    # tol: printed with 2 decimals
    assert "circles" in text and numbers_after(text, "has radius ") == [pytest.approx(math.sqrt(2), abs=half_unit(2))]


# ----------------------------------------------------------------------------- lines (03, 05's LDA)

def line_point(text, theta, theta0):
    """The point the text says the line crosses, and a point on the side it gives class 1."""
    m = re.search(r"crosses x(₁|₂) = " + NUMBER, text)
    v = float(m.group(2))
    on = np.array([v, 0.0]) if m.group(1) == "₁" else np.array([0.0, v])
    step = {"above": (0, 1), "below": (0, -1), "to the right of": (1, 0), "to the left of": (-1, 0)}
    side = re.search(r"class 1 is more likely (above|below|to the right of|to the left of) it", text).group(1)
    return on, on + np.array(step[side])


@pytest.mark.parametrize("setting", [{}, dict(mu1_1=-1.0, mu1_2=2.0, rho=-0.6), dict(mu0_1=2.0, mu1_1=-2.0, rho=0.0),
                                     dict(mu0_2=1.5, mu1_2=-1.5, mu0_1=0.0, mu1_1=0.3, phi=0.2)])
def test_gda_true_boundary_where_the_class_densities_tie(setting):
    """At the point the text names, phi N(x; mu1, Sigma) = (1 - phi) N(x; mu0, Sigma) (to the printed
    digit); one unit toward the side it names, class 1 is the more likely; the slope as printed."""
    ex = GDAExplorer(**setting)
    text = ex.description()
    true = text.split(". The fitted")[0]
    S = ex.Sigma

    def log_odds(x):
        return (math.log(ex.phi) + multivariate_normal(ex.mu1, S).logpdf(x)
                - math.log(1 - ex.phi) - multivariate_normal(ex.mu0, S).logpdf(x))

    on, inside = line_point(true, None, None)
    grad = np.linalg.solve(S, ex.mu1 - ex.mu0)   # the log-odds' gradient, to turn rounding into a bound
    assert abs(log_odds(on)) <= 0.005 * np.abs(grad).max() + 1e-9, true
    assert log_odds(inside) > 0, true
    slope = math.degrees(math.atan(-grad[0] / grad[1])) if grad[1] else 90.0
    m = re.search(r"(rising|falling) at (\d+)°", true)
    if m:
        # tol: printed in whole degrees
        assert (1 if m.group(1) == "rising" else -1) * int(m.group(2)) == pytest.approx(slope, abs=half_unit(0))


def test_gda_equal_means_say_there_is_no_boundary():
    text = GDAExplorer(mu0_1=1.0, mu0_2=0.8).description()
    assert text.startswith("There is no true boundary") and "The fitted boundary (dashed)" in text


def test_newton_names_the_iterate_s_boundary_and_gda_s():
    """Lesson 04: at iterate 0 (theta = 0) no boundary; at each later iterate the point the text names
    lies on theta_k^T x + theta0_k = 0 (to the printed digit), class 1's side has theta_k^T x + theta0_k > 0,
    and GDA's sentence names GDA's own boundary (genlearn.GDA on the explorer's points)."""
    from genlearn import GDA
    from genlearn.explorers.gda_vs_logistic_regression import NewtonExplorer

    ex = NewtonExplorer()
    thetas, _, _ = ex.path()
    assert ex.description().startswith("At iterate 0 logistic regression has no boundary yet")
    gda = GDA().fit(*ex.data())
    for k in range(1, len(thetas)):
        ex.step = k
        text = ex.description()
        newton, closed = text.split(". GDA's closed-form boundary")
        assert newton.startswith(f"At iterate {k} the logistic boundary (solid) is a straight line")
        t = thetas[k]
        on, inside = line_point(newton, None, None)
        assert abs(t[:2] @ on + t[2]) <= 0.005 * np.abs(t[:2]).max() + 1e-9, newton
        assert t[:2] @ inside + t[2] > 0, newton
        on, inside = line_point(closed, None, None)
        assert abs(gda.theta_ @ on + gda.theta0_) <= 0.005 * np.abs(gda.theta_).max() + 1e-9, closed
        assert gda.theta_ @ inside + gda.theta0_ > 0, closed


# ----------------------------------------------------------------------------- 05: conics

def sk_qda(sigma1, sigma2, rho):
    """scikit-learn's QDA on the explorer's data, with the MLE covariances (reg_param 0, 1/m_k)."""
    ex = BoundaryExplorer(sigma1=sigma1, sigma2=sigma2, rho=rho)
    X, y, _ = explorer_models(sigma1, sigma2, rho, ex.x0, ex.z1)
    return ex, QuadraticDiscriminantAnalysis(store_covariance=True).fit(X, y), X, y


def qda_text(ex):
    return re.search(r"QDA: (.*?)\. LDA:", ex.description()).group(1)


@pytest.mark.parametrize("kind", sorted(GALLERY))
def test_qda_conic_regions_are_scikit_learn_s(kind):
    """Each gallery setting is named its conic; scikit-learn's QDA gives class 1 the region the text names:
    far out (ellipse), far along the branches' axis and not at the centre (hyperbola), far into the cup
    (parabola), one unit to the named side (line)."""
    ex, sk, *_ = sk_qda(*GALLERY[kind])
    text = qda_text(ex)
    assert text.startswith({"ellipse": "an ellipse", "hyperbola": "a hyperbola", "parabola": "a parabola",
                            "line": "a straight line"}[kind]), text

    def class1(x):
        return sk.predict_proba(np.atleast_2d(x))[0, 1] > 0.5

    if kind == "ellipse":
        centre = np.array(numbers_after(text, "around (") + numbers_after(text, ", ")[:1])
        assert class1([300.0, 300.0]) == ("outside" in text) != class1(centre), text
    elif kind == "hyperbola":
        x0, y0 = numbers_after(text, "centred at (")[0], numbers_after(text, ", ")[0]
        axis = {"to the left and right": (1, 0), "up and down": (0, 1)}[re.search(r"open (.*?);", text).group(1)]
        far = [np.array([x0, y0]) + 300 * s * np.array(axis) for s in (1, -1)]
        inside = "inside the two branches" in text
        assert all(class1(p) == inside for p in far) and class1([x0, y0]) != inside, text
    elif kind == "parabola":
        toward = {"left": (-1, 0), "right": (1, 0), "top": (0, 1), "bottom": (0, -1)}[
            re.search(r"opening toward the (\w+)", text).group(1)]
        assert class1(1000 * np.array(toward, dtype=float)) == ("inside" in text), text
    else:
        on, inside = line_point(text, None, None)
        assert class1(inside) and abs(sk.predict_proba([on])[0, 1] - 0.5) < 0.01, text


def test_conic_none_and_degenerate_cases():
    """A log-odds that never changes sign names the class that wins everywhere; degenerate curves say so."""
    assert describe.conic([[-1.0, 0], [0, -2.0]], [0.0, 0.0], -1.0, "none") == \
        "no boundary: class 0 is more likely everywhere"
    assert describe.conic([[0.0, 0], [0, 0.0]], [0.0, 0.0], 2.0, "none").startswith("no boundary: class 1")
    assert describe.conic([[1.0, 0], [0, -1.0]], [0.0, 0.0], 0.0, "two crossing lines") == \
        "a degenerate curve (two crossing lines)"


# ----------------------------------------------------------------------------- 01: the posterior

@pytest.mark.parametrize("setting", [{}, dict(mu_dog=90.0, mu_elephant=50.0), dict(phi=0.9, sigma=30.0),
                                     dict(phi=0.02, mu_dog=89.0, mu_elephant=90.0, sigma=30.0)])
def test_bayes_posterior_crosses_one_half_where_the_weighted_densities_tie(setting):
    ex = BayesExplorer(**setting)
    p = ex.params()
    text = ex.description()
    (t,) = numbers_after(text, "cross" + ("es one half at " if "crosses" in text else " at "))

    def log_odds(x):
        return (math.log(p["phi"]) + norm.logpdf(x, p["mu_elephant"], p["sigma"])
                - math.log(1 - p["phi"]) - norm.logpdf(x, p["mu_dog"], p["sigma"]))

    def post(x):
        return 1 / (1 + math.exp(-log_odds(x)))

    # printed to 0.1 kg: the log-odds there is at most 0.05 kg times its slope from zero
    assert abs(log_odds(t)) <= 0.05 * abs(p["mu_elephant"] - p["mu_dog"]) / p["sigma"] ** 2 + 1e-9
    rises = post(XMAX) > post(XMIN)
    assert ("rises" in text) == rises and ("falls" in text) != rises
    if "stays" in text:
        assert ("stays above" in text) == (post(XMIN) > 0.5) == (post(XMAX) > 0.5)
    heights = numbers_after(text, "kg, ")
    assert heights == [pytest.approx(p["phi"] / (1 - p["phi"]), abs=half_unit(2))]  # tol: printed with 2 decimals


def test_bayes_equal_means():
    assert "flat at φ = 0.20" in BayesExplorer(mu_dog=60.0, mu_elephant=60.0).description()


# ----------------------------------------------------------------------------- 06: who wins

@pytest.mark.parametrize("alpha", [0.05, 0.5, 1.0, 3.0, 5.0])
def test_laplace_winner_and_odds_are_scikit_learn_s(alpha):
    vocab, X, y = nbt.toy_features([nbt.UNSEEN_QUERY])
    x = np.asarray(vocab.transform([nbt.UNSEEN_QUERY], binary=True).toarray()
                   if hasattr(vocab.transform([nbt.UNSEEN_QUERY]), "toarray")
                   else vocab.transform([nbt.UNSEEN_QUERY], binary=True))
    sk = SkBernoulliNB(alpha=alpha, force_alpha=True).fit(np.asarray(X) > 0, y)
    p = sk.predict_proba(x > 0)[0, list(sk.classes_).index(nbt.SPAM)]
    text = ex_nbt.LaplaceExplorer(alpha=alpha).description()
    winner = "spam" if p > 0.5 else "ham"
    assert f"{winner} wins" in text
    # tol: printed with 2 decimals
    assert numbers_after(text, "wins, ") == [pytest.approx(max(p, 1 - p) / min(p, 1 - p), abs=half_unit(2))]
    assert "there is no dot" in ex_nbt.LaplaceExplorer(alpha=0.0).description()


@pytest.mark.parametrize("message", ["free prize now", "see you at lunch", "lunch now free cash", "zebra", ""])
def test_message_bars_and_winner_are_scikit_learn_s(message):
    ex = ex_nbt.MessageExplorer.example(message=message)
    texts = ["free prize now", "win cash now", "lunch at home", "see you at lunch"]
    from genlearn import text as gtext

    vocab = gtext.Vocabulary().fit(texts)
    sk = SkMultinomialNB(alpha=1.0).fit(vocab.transform(texts), [1, 1, 0, 0])
    counts = np.asarray(vocab.transform([message]).toarray() if hasattr(vocab.transform([message]), "toarray")
                        else vocab.transform([message]))[0]
    p = sk.predict_proba(counts[None])[0, 1]
    push = {w: counts[j] * (sk.feature_log_prob_[1, j] - sk.feature_log_prob_[0, j])
            for w, j in vocab.vocabulary_.items() if counts[j]}
    text = ex.description()
    toward = {k: re.findall(r"“([^”]+)”", m.group(1)) if (m := re.search(rf"toward {k}: ([^;.]*)", text)) else []
              for k in ("spam", "ham")}
    assert sorted(toward["spam"]) == sorted(w for w, v in push.items() if v > 0)
    assert sorted(toward["ham"]) == sorted(w for w, v in push.items() if v < 0)
    if push:
        assert re.search(r"The longest bar is “([^”]+)”", text).group(1) == max(push, key=lambda w: abs(push[w]))
    else:
        assert text.startswith("No bars")
    if not push:   # no known word, and the toy prior is one half: a tie (1e-12: scikit-learn's rounding)
        assert p == pytest.approx(0.5, abs=ROUNDING)
        assert text.endswith("a tie: spam and ham are equally likely.")
        return
    assert f"{'spam' if p > 0.5 else 'ham'} wins" in text
    # tol: printed with 2 decimals
    assert numbers_after(text, "wins, ") == [pytest.approx(max(p, 1 - p) / min(p, 1 - p), abs=half_unit(2))]


# ----------------------------------------------------------------------------- 08: the m-estimate

@pytest.mark.parametrize("m, p", [(3.0, 0.5), (0.0, 0.5), (10.0, 0.2), (30.0, 0.95)])
def test_m_estimate_scores_counted_by_hand(m, p):
    X, y = load_table()
    X, y = np.asarray(X), np.asarray(y)
    score = {}
    for c in CLASSES:
        rows = X[y == c]
        s = len(rows) / len(y)
        for j, v in enumerate(QUERY):
            s *= (np.sum(rows[:, j] == v) + m * p) / (len(rows) + m)
        score[c] = s
    text = MEstimateExplorer(m=m, p=p).description()
    if score["Yes"] == 0 and score["No"] == 0:
        assert "no decision" in text
        return
    win, lose = sorted(CLASSES, key=lambda c: -score[c])
    assert f"{win} wins" in text
    if score[lose]:
        # tol: printed with 2 decimals
        assert numbers_after(text, f"the {win} score is ") == [pytest.approx(score[win] / score[lose],
                                                                             abs=half_unit(2))]
    assert (f"is {'above' if win == 'Yes' else 'below'} one half") in text


# ----------------------------------------------------------------------------- the shared pieces

def test_wins_and_angles():
    assert describe.wins(0.8, "spam", "ham") == "spam wins, 4.00 times as likely as ham"
    assert describe.wins(0.2, "spam", "ham") == "ham wins, 4.00 times as likely as spam"
    assert describe.wins(0.5, "a", "b").startswith("a tie")
    assert describe.wins(0.5 + 2e-16, "a", "b").startswith("a tie"), "a tie up to the last bits"
    assert describe.wins(0.5 - 1e-6, "a", "b") == "b wins, 1.00 times as likely as a"
    assert "over a million" in describe.wins(1 - 1e-9, "a", "b")
    assert [describe.axis_angle(d) for d in (-90.0, 90.2, 135.0, -0.4, 269.6)] == [90, 90, -45, 0, 90]
    assert describe.line([0.0, 2.0], -1.0).startswith("a straight line horizontal that crosses x₂ = 0.50")
    assert describe.line([-2.0, 0.0], 1.0).startswith("a straight line vertical that crosses x₁ = 0.50")


#: Calls of every description function that reach each of its branches: [name, args].
CASES = [
    ["line", [[1.0, 2.0], -2.0]], ["line", [[2.0, -1.0], 0.5]], ["line", [[-1.0, 1.0], 0.3]],
    ["line", [[1.0, -1.0], 0.3]], ["line", [[0.0, -3.0], 1.0]], ["line", [[5.0, 0.0], -1.0]],
    ["conic", [[[-1.0, 0.2], [0.2, -0.5]], [0.3, 0.1], 1.0, "ellipse"]],
    ["conic", [[[1.0, 0.2], [0.2, 0.5]], [0.3, 0.1], -1.0, "ellipse"]],
    ["conic", [[[1.0, 0.0], [0.0, -1.0]], [0.0, 0.0], -1.0, "hyperbola"]],
    ["conic", [[[1.0, 0.0], [0.0, -1.0]], [0.0, 0.0], 1.0, "hyperbola"]],
    ["conic", [[[0.2, 0.6], [0.6, -0.3]], [0.5, -0.2], 0.4, "hyperbola"]],
    ["conic", [[[-1.0, 0.0], [0.0, 0.0]], [0.0, 1.0], 0.0, "parabola"]],
    ["conic", [[[1.0, 0.0], [0.0, 0.0]], [0.0, 1.0], 0.0, "parabola"]],
    ["conic", [[[0.0, 0.0], [0.0, -2.0]], [-1.0, 0.0], 0.0, "parabola"]],
    ["conic", [[[0.5, 0.5], [0.5, 0.5]], [1.0, -1.0], 0.0, "parabola"]],
    ["conic", [[[0.0, 0.0], [0.0, 0.0]], [1.0, 1.0], 0.5, "line"]],
    ["conic", [[[1.0, 0.0], [0.0, 0.0]], [0.0, 0.0], 0.0, "line"]],
    ["conic", [[[-1.0, 0.0], [0.0, -2.0]], [0.0, 0.0], -1.0, "none"]],
    ["conic", [[[0.0, 0.0], [0.0, 0.0]], [0.0, 0.0], 2.0, "none"]],
    ["conic", [[[1.0, 0.0], [0.0, -1.0]], [0.0, 0.0], 0.0, "two crossing lines"]],
    ["wins", [0.8, "spam", "ham"]], ["wins", [0.5, "spam", "ham"]], ["wins", [0.5 - 1e-16, "spam", "ham"]],
    ["wins", [0.5 + 1e-6, "spam", "ham"]], ["wins", [1e-9, "Yes", "No"]],
    ["wins", [0.125, "Yes", "No"]],
    ["predict", [True]], ["predict", [False]],
    ["newton", [0, [0.0, 0.0, 0.0], [1.0, 2.0], -2.0]], ["newton", [3, [2.0, -1.0, 0.5], [0.0, 0.0], 1.0]],
]


def test_describe_js_writes_the_same_text():
    """describe.js, in Node.js, on calls that reach every branch: the same text as describe.py."""
    js = {"line": "line", "conic": "conic", "wins": "wins", "predict": "describePredict", "newton": "describeNewton"}
    script = ("import * as d from './describe.js';\nlet text = '';\nfor await (const c of process.stdin) text += c;\n"
              "process.stdout.write(JSON.stringify(JSON.parse(text).map(([f, a]) => d[f](...a))));\n")
    got = _run(sources(), script, [[js[f], a] for f, a in CASES])
    want = [getattr(describe, f)(*a) for f, a in CASES]
    assert got == want, json.dumps([(g, w) for g, w in zip(got, want) if g != w], ensure_ascii=False, indent=1)
