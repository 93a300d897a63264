"""genlearn.explorers.m_estimate_stolen_cars: the lesson's explorers against their numpy twin and independent
oracles, each test stating its own. The lesson's figures and tables: tests/test_demo_m_estimate_stolen_cars.py."""
from fractions import Fraction

import numpy as np
import pytest

from tolerances import ROUNDING

from genlearn.demos import m_estimate_stolen_cars as demo
from genlearn.explorers import m_estimate_stolen_cars as ex_demo
from test_demo_m_estimate_stolen_cars import HALF, QUERY, f_cond, f_post_yes


def test_explorer_state_is_the_exact_fractions():
    """Oracle: Fraction arithmetic on the raw table (f_cond, f_post_yes)."""
    ex = ex_demo.MEstimateExplorer()
    st = ex.expected_state()
    for c in ("Yes", "No"):
        # tol: exact fractions (Fraction) against floats: an ulp or two
        np.testing.assert_allclose(st["conditionals"][c],
                                   [float(f_cond(j, v, c, 3, HALF)) for j, v in enumerate(QUERY)],
                                   rtol=1e-15)
    # tol: products of three fractions and a ratio: ulps
    assert st["scores"] == pytest.approx({"Yes": 315 / 8192, "No": 567 / 8192}, rel=1e-15)
    assert st["posterior"] == pytest.approx(5 / 14, rel=1e-15) and st["decision"] == "No"
    ms = np.asarray(st["curve_m"])
    # tol: the grid of m, the same linspace
    np.testing.assert_allclose(ms, np.linspace(0, 30, 121)[::12], rtol=ROUNDING)
    # tol: exact fractions against floats through a few products: ulps
    np.testing.assert_allclose(st["curve"], [float(f_post_yes(QUERY, Fraction(m).limit_denominator(), HALF))
                                             for m in ms], rtol=1e-14)
    assert st["readouts"] == [
        "m = 3.0, p = 0.50",
        "P(Red | Yes) = 0.5625, P(Red | No) = 0.4375",
        "P(SUV | Yes) = 0.3125, P(SUV | No) = 0.5625",
        "P(Domestic | Yes) = 0.4375, P(Domestic | No) = 0.5625",
        "score Yes = 0.03845, score No = 0.06921",
        "P(Yes | x) = 0.3571 -> decision: No",
    ]
    assert st["params"] == {"m": 3.0, "p": 0.5}
    assert ex_demo.MEstimateExplorer(**st["params"]).expected_state() == st
    ex.m, ex.p = 0.0, 0.2
    st = ex.expected_state()
    # tol: relative frequencies (m = 0) and their posterior: ulps
    assert st["posterior"] == pytest.approx(0.25, rel=ROUNDING)
    assert st["conditionals"]["Yes"][0] == pytest.approx(0.6, rel=ROUNDING)


def test_explorer_sends_the_counts_once():
    ex = ex_demo.MEstimateExplorer()
    assert ex.counts == {"Yes": [5, [3, 1, 2]], "No": [5, [2, 3, 3]]} and ex.m_rows == 10
    assert "application/vnd.jupyter.widget-view+json" in ex._repr_mimebundle_()[0]


def test_every_slider_value_is_valid():
    m_slider, p_slider = (ex_demo.MEstimateExplorer.class_traits()[k] for k in ("m", "p"))
    for m in np.arange(m_slider.lo, m_slider.hi + m_slider.step / 2, 5 * m_slider.step):
        for p in (p_slider.lo, 0.5, p_slider.hi):
            st = ex_demo.MEstimateExplorer(m=float(m), p=float(p)).expected_state()
            assert not any("nan" in line.lower() or "inf" in line.lower() for line in st["readouts"])
            assert 0 < st["posterior"] < 1 and all(0 < v < 1 for v in st["curve"])


def test_a_tie_prints_as_the_page_prints_it():
    """m = 3, p = 0.75: P(Red | Yes) = (3 + 3 * 0.75) / (5 + 3) = 0.65625 exactly, a tie at four
    decimals; the readout rounds it away from zero, as the page does (Python's own format
    would print 0.6562). Oracle: the fraction 21/32, rounded by hand."""
    st = ex_demo.MEstimateExplorer(m=3.0, p=0.75).expected_state()
    assert st["conditionals"]["Yes"][0] == 21 / 32 == 0.65625  # tol: exact: 21/32 in binary
    assert st["readouts"][1] == "P(Red | Yes) = 0.6563, P(Red | No) = 0.5313"


def test_zero_counts_give_exact_zero_and_one_not_nan():
    """The zero-probability policy (exact 0 and 1 when one class has a zero, None for 0/0)."""
    X = np.array([["Red", "SUV", "Domestic"], ["Yellow", "Sports", "Imported"]])
    y = np.array(["Yes", "No"])
    st = ex_demo.MEstimateExplorer(X, y, m=0.0, p=0.5).expected_state()
    # tol: exact: a zero count, a posterior of 1
    assert st["scores"]["No"] == 0.0 and st["posterior"] == 1.0 and st["decision"] == "Yes"
    assert st["readouts"][-1] == "P(Yes | x) = 1.0000 -> decision: Yes"
    X2 = np.array([["Yellow", "SUV", "Domestic"], ["Yellow", "Sports", "Imported"]])
    st = ex_demo.MEstimateExplorer(X2, y, m=0.0, p=0.5).expected_state()
    assert st["posterior"] is None and "0/0" in st["readouts"][-1] and "nan" not in st["readouts"][-1]


def test_mp_figure_draws_the_exact_fractions():
    """Oracle: Fraction arithmetic on the raw table; the static picture of the explorer."""
    fig = demo.mp_figure(3.0, 0.5)
    ax_c, ax_s, ax_m = fig.axes
    expected = [float(f_cond(j, v, c, 3, HALF)) for c in ("Yes", "No") for j, v in enumerate(QUERY)]
    # tol: the bars drawn, against exact fractions: ulps
    np.testing.assert_allclose([b.get_height() for b in ax_c.patches], expected, rtol=ROUNDING)
    np.testing.assert_allclose([b.get_height() for b in ax_s.patches], [315 / 8192, 567 / 8192], rtol=ROUNDING)
    assert ax_m.lines[1].get_ydata()[0] == pytest.approx(5 / 14, rel=ROUNDING)  # tol: ulps
    assert ex_demo.MEstimateExplorer().static_figure() is not None
