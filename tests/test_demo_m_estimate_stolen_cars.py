"""Notebook 08 and its demo module against exact fractions computed here.

The expected values are computed in this file from the raw table of the lecture
notes, typed in again below, with ``fractions.Fraction``: nothing here comes
from genlearn. The notebook's checked outputs are then asserted to contain these
values (nbval compares the stored outputs with a fresh run).
"""
import json
import math
import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from tolerances import ROUNDING, half_unit

from genlearn.demos import m_estimate_stolen_cars as demo
from lessons import is_checked

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "08_m_estimate_stolen_cars.ipynb"

RAW = """\
1 Red Sports Domestic Yes
2 Red Sports Domestic No
3 Red Sports Domestic Yes
4 Yellow Sports Domestic No
5 Yellow Sports Imported Yes
6 Yellow SUV Imported No
7 Yellow SUV Imported Yes
8 Yellow SUV Domestic No
9 Red SUV Imported No
10 Red Sports Imported Yes"""
TABLE = [line.split()[1:] for line in RAW.splitlines()]
HALF = Fraction(1, 2)


def f_cond(value_index, value, cls, m, p, table=TABLE):
    n = sum(r[3] == cls for r in table)
    n_c = sum(r[3] == cls and r[value_index] == value for r in table)
    return (n_c + m * p) / (n + m)


def f_score(query, cls, m, p, table=TABLE):
    s = Fraction(sum(r[3] == cls for r in table), len(table))
    for j, v in enumerate(query):
        s *= f_cond(j, v, cls, m, p, table)
    return s


def f_post_yes(query, m, p, table=TABLE):
    a, b = f_score(query, "Yes", m, p, table), f_score(query, "No", m, p, table)
    return a / (a + b)


QUERY = ("Red", "SUV", "Domestic")


@pytest.fixture(scope="module")
def data():
    return demo.load_table()


# --- the fractions themselves (so that this file can fail on a wrong table) ---

def test_reference_fractions_are_those_of_the_notes():
    conds = {c: [f_cond(j, v, c, 3, HALF) for j, v in enumerate(QUERY)] for c in ("Yes", "No")}
    assert conds == {"Yes": [Fraction(9, 16), Fraction(5, 16), Fraction(7, 16)],
                     "No": [Fraction(7, 16), Fraction(9, 16), Fraction(9, 16)]}
    assert f_score(QUERY, "Yes", 3, HALF) == Fraction(315, 8192)
    assert f_score(QUERY, "No", 3, HALF) == Fraction(567, 8192)
    assert f_post_yes(QUERY, 3, HALF) == Fraction(5, 14)


def _two_places(x, how):
    """The exact fraction ``x`` kept to two decimals: cut off ("truncated") or rounded half up."""
    hundredths = math.floor(x * 100) if how == "truncated" else math.floor(x * 100 + Fraction(1, 2))
    return Fraction(hundredths, 100)


def test_notes_printed_factors_are_the_exact_fractions_truncated_not_rounded():
    """Slip 45. Oracle: the exact fractions 9/16, 5/16 and 7/16 kept to two decimals both ways, compared
    digit for digit (as fractions, no tolerance) with what the notes print: every factor is the exact value
    cut off after two digits; rounding agrees except for 7/16 = 0.4375, rounded .44, printed .43 (twice)."""
    conds = {c: [f_cond(j, v, c, 3, HALF) for j, v in enumerate(QUERY)] for c in ("Yes", "No")}
    differs = []
    for c in ("Yes", "No"):
        for j, (printed, exact) in enumerate(zip(demo.NOTES_CONDITIONALS[c], conds[c])):
            printed = Fraction(str(printed))
            assert printed == _two_places(exact, "truncated"), f"{c}, attribute {j}: not the truncation"
            if printed != _two_places(exact, "rounded"):
                differs.append((c, j, exact))
    assert differs == [("Yes", 2, Fraction(7, 16)), ("No", 0, Fraction(7, 16))]
    assert _two_places(Fraction(7, 16), "rounded") == Fraction(44, 100)
    # the scores to three places: .069 is the exact 567/8192 either way; .037 is neither way the exact
    # 315/8192 (.038), but the product of the already cut-off factors, 0.037324
    exact = {"Yes": Fraction(315, 8192), "No": Fraction(567, 8192)}
    three = lambda x, d: Fraction(math.floor(x * 1000 + d), 1000)
    assert Fraction(str(demo.NOTES_SCORES["No"])) == three(exact["No"], 0) == three(exact["No"], Fraction(1, 2))
    assert Fraction(str(demo.NOTES_SCORES["Yes"])) not in {three(exact["Yes"], 0), three(exact["Yes"], Fraction(1, 2))}
    early = Fraction("0.5") * Fraction("0.56") * Fraction("0.31") * Fraction("0.43")
    assert Fraction(str(demo.NOTES_SCORES["Yes"])) == three(early, 0) == three(early, Fraction(1, 2))


def test_table_is_the_notes_table(data):
    X, y = data
    assert X.tolist() == [r[:3] for r in TABLE]
    assert y.tolist() == [r[3] for r in TABLE]


# --- the demo functions --------------------------------------------------------

def test_counts(data):
    X, y = data
    assert demo.counts(X, y) == {"Yes": (5, [3, 1, 2]), "No": (5, [2, 3, 3])}
    with pytest.raises(ValueError, match="one value per column"):
        demo.counts(X, y, ("Red", "SUV"))


@pytest.mark.parametrize("m,p", [(0, Fraction(1, 2)), (3, Fraction(1, 2)), (7, Fraction(1, 5)),
                                 (2.5, Fraction(9, 10))])
def test_conditionals_scores_posterior(data, m, p):
    X, y = data
    m_f = Fraction(m)
    cond = demo.conditionals(X, y, m, float(p))
    sc = demo.scores(X, y, m, float(p))
    for c in ("Yes", "No"):
        expected = [float(f_cond(j, v, c, m_f, p)) for j, v in enumerate(QUERY)]
        np.testing.assert_allclose(cond[c], expected, rtol=ROUNDING)
        assert sc[c] == pytest.approx(float(f_score(QUERY, c, m_f, p)), rel=ROUNDING)
    assert demo.posterior(X, y, m, float(p)) == pytest.approx(float(f_post_yes(QUERY, m_f, p)), rel=ROUNDING)


def test_no_flip_for_the_notes_query(data):
    X, y = data
    for p in (0.05, 0.3, 0.5, 0.95):
        assert demo.decision_flips(X, y, p) == []
        # independent: score ratio (1 + mp) / (3 + mp) < 1 for every m
        for m in (0, 1, 10, 1000):
            assert f_post_yes(QUERY, Fraction(m), Fraction(p)) < HALF


def test_flip_found_where_there_is_one():
    toy = [["Red", "", "", "Yes"]] + [["Yellow", "", "", "Yes"]] * 5 + \
          [["Red", "", "", "No"]] * 2 + [["Yellow", "", "", "No"]] * 2
    X = np.array([[r[0]] for r in toy])
    y = np.array([r[3] for r in toy])
    flips = demo.decision_flips(X, y, 0.5, query=("Red",))
    assert flips == [pytest.approx(6.0, abs=1e-9)]  # tol: the flip point in closed form: rounding of a few ratios
    # independent: the posterior is exactly 1/2 at m = 6 and on opposite sides around it
    post = lambda m: f_post_yes(("Red",), Fraction(m), HALF, table=toy)
    assert post(6) == HALF and post(5) < HALF < post(7)
    assert demo.decision_flips(X, y, 0.5, query=("Red",), m_max=5) == []


def test_all_eight_combinations(data):
    X, y = data
    for m in (0, 3):
        queries, pred, post = demo.all_combinations(X, y, m=m)
        assert len(queries) == 8
        assert {tuple(q) for q in queries.tolist()} == set(product(["Red", "Yellow"], ["SUV", "Sports"],
                                                                    ["Domestic", "Imported"]))
        for q, c, pr in zip(queries.tolist(), pred, post):
            exact = f_post_yes(tuple(q), Fraction(m), HALF)
            assert pr == pytest.approx(float(exact), abs=ROUNDING)
            assert c == ("Yes" if exact > HALF else "No")


# --- the notebook's printed numbers ----------------------------------------------

def _checked_outputs():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    texts = []
    for cell in nb["cells"]:
        if is_checked(cell):
            out = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                          for o in cell.get("outputs", []))
            texts.append(out)
    return texts


def _expected_numbers():
    """Every number the checked cells may print, computed from the raw table."""
    ok = set()

    def add(fr, digits=(2, 3, 4, 5, 6)):
        ok.add(str(fr))
        if fr.denominator != 1:
            ok.update({str(fr.numerator), str(fr.denominator)})
        for d in digits:
            ok.add(f"{float(fr):.{d}f}")
        ok.add(repr(float(fr)))

    ok.update(str(i) for i in range(0, 31))  # counts, m values, row numbers
    ok.update({"0.0", "0.1", "0.5", "0.9", "0.50", "1.0"})
    for c in ("Yes", "No"):
        for j, v in enumerate(QUERY):
            add(f_cond(j, v, c, 3, HALF))
        add(f_score(QUERY, c, 3, HALF))
        add(f_score(QUERY, c, 3, HALF) / (f_score(QUERY, "Yes", 3, HALF) + f_score(QUERY, "No", 3, HALF)))
    # the notes' rounded products
    add(Fraction("0.5") * Fraction("0.56") * Fraction("0.31") * Fraction("0.43"))
    add(Fraction("0.5") * Fraction("0.43") * Fraction("0.56") * Fraction("0.56"))
    for m in (0, 1, 2, 3, 10, 30):
        add(f_post_yes(QUERY, Fraction(m), HALF))
        add(1 - f_post_yes(QUERY, Fraction(m), HALF))
    for q in product(["Red", "Yellow"], ["Sports", "SUV"], ["Domestic", "Imported"]):
        for m in (0, 3):
            add(f_post_yes(q, Fraction(m), HALF))
    toy = [["Red", "", "", "Yes"]] + [["Yellow", "", "", "Yes"]] * 5 + \
          [["Red", "", "", "No"]] * 2 + [["Yellow", "", "", "No"]] * 2
    for m in (0, 6, 12):
        add(f_post_yes(("Red",), Fraction(m), HALF, table=toy))
    without7 = TABLE[:6] + TABLE[7:]
    for m in (0, 3):
        for c in ("Yes", "No"):
            add(f_score(("Red", "SUV", "Imported"), c, Fraction(m), HALF, table=without7))
    add(Fraction(6))
    # the posterior-mean section: Beta parameters n_c + m p and n - n_c + m (1 - p), and Laplace on 0 of 4
    for c in ("Yes", "No"):
        n = sum(r[3] == c for r in TABLE)
        for j, v in enumerate(QUERY):
            n_c = sum(r[3] == c and r[j] == v for r in TABLE)
            add(n_c + 3 * HALF)
            add(n - n_c + 3 * (1 - HALF))
    add(Fraction(0 + 1, 4 + 2))
    return ok


def test_notebook_prints_only_numbers_derived_from_the_table():
    texts = _checked_outputs()
    assert len(texts) >= 12
    ok = _expected_numbers()
    printed = set()
    for t in texts:
        printed.update(re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?:/\d+)?", t))
    unexplained = sorted(n for n in printed if n not in ok and not ("/" in n and all(x in ok for x in n.split("/"))))
    assert not unexplained, f"numbers printed by notebook 08 with no independent value: {unexplained}"


def test_notebook_prints_the_key_values():
    out = "\n".join(_checked_outputs())
    # conditionals as fractions and decimals, next to the notes' values
    for s in ("9/16", "5/16", "7/16", "0.5625", "0.3125", "0.4375", "0.56", "0.31", "0.43"):
        assert s in out
    # rounded-too-early against exact
    assert f"{0.5 * 0.56 * 0.31 * 0.43:.6f}" in out and "0.037324" in out
    assert "315/8192" in out and "567/8192" in out
    assert f"{315 / 8192:.6f}" in out and f"{567 / 8192:.6f}" in out
    assert "0.037" in out and "0.069" in out
    # posterior
    assert "P(Yes | x) = 5/14 = 0.357143" in out
    assert "P(No | x)  = 9/14 = 0.642857" in out
    # genlearn and scikit-learn: [No, Yes] order, same numbers
    assert out.count("[0.642857 0.357143]") == 2
    assert "prediction: No" in out
    assert f"[{567 / 8192:.6f} {315 / 8192:.6f}]".replace("0.0", "0.0") in out
    # no flip for the notes' car, one at m = 6 for the toy table
    assert out.count("flips at m = []") == 3 and "flips at m = [6.0]" in out
    # unseen value with m = 0: undefined posterior, and a warning
    assert "[nan, nan]" in out and "warned: True" in out
    # Laplace: m = 2 equals alpha = 1 equals (1 + 1) / (4 + 2) = 1/3
    assert "1/3 = 0.333333" in out and out.count("[0.666667 0.333333]") == 2


def test_notebook_common_factor_is_one_over_8192():
    """Each conditional is a multiple of 1/16 (m = 3, p = 1/2, n = 5), so the scores are multiples of 1/(2*16**3)."""
    common = Fraction(1, 2 * 16**3)
    assert common == Fraction(1, 8192) != Fraction(1, 2 * 8**3)
    for c, k in (("Yes", 315), ("No", 567)):
        assert f_score(QUERY, c, 3, HALF) == k * common
        assert all((f_cond(j, v, c, 3, HALF) * 16).denominator == 1 for j, v in enumerate(QUERY))
    out = "\n".join(_checked_outputs())
    assert "common factor 1/8192: score(Yes) = 315 x 1/8192, score(No) = 567 x 1/8192" in out


def test_notebook_m_estimate_is_the_beta_posterior_mean():
    """The printed Beta parameters and means against scipy's Beta distribution (oracle: conjugacy, scipy)."""
    from scipy import stats
    out = "\n".join(_checked_outputs())
    rows = re.findall(r"P\((\w+) \| (\w+)\): posterior Beta\(([\d/]+), ([\d/]+)\), "
                      r"mean by integration ([\d.]+), m-estimate ([\d/]+)", out)
    assert len(rows) == 6
    for value, cls, a, b, mean, m_est in rows:
        j = QUERY.index(value)
        n = sum(r[3] == cls for r in TABLE)
        n_c = sum(r[3] == cls and r[j] == value for r in TABLE)
        assert (Fraction(a), Fraction(b)) == (n_c + 3 * HALF, n - n_c + 3 * (1 - HALF))
        # tol: printed with 6 decimals; the exact fraction as a float
        assert float(mean) == pytest.approx(stats.beta(float(Fraction(a)), float(Fraction(b))).mean(), abs=half_unit(6))
        assert Fraction(m_est) == f_cond(j, value, cls, 3, HALF)
    # Laplace with a zero count: Beta(1, 1) prior, 0 of 4 -> Beta(1, 5), mean 1/6, mode 0
    post = stats.beta(1, 5)
    assert post.mean() == pytest.approx(1 / 6, rel=ROUNDING)  # tol: scipy's Beta mean: rounding
    assert f"posterior Beta(1, 5), mean {post.mean():.6f} (Laplace, 1/6), mode 0 (= MLE)" in out


