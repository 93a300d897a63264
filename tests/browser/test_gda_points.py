"""Lesson 03's GDA explorer with the learner's hands on the training points and the sample (issue 33).

Real input, as a learner gives it: Playwright's mouse (pressed, moved in steps, released)
drags a point, adds one of the chosen class and removes one; the DevTools protocol's touch
events drag one as a finger does; the keyboard alone chooses a point, picks it up, moves it
and drops it. Oracle: after each edit the page's ``data-state`` holds every training point;
``GDAExplorer(**params)`` given those points (``set_points``) computes with genlearn's
``GDA().fit`` what the page must publish (1e-9 relative; readouts and the description of the
picture, which names the fitted boundary, to the letter), and the
edit itself is checked against the pointer's or the keys' path in data coordinates. The m
slider, the New sample button and a typed seed draw on the page a sample that must equal the
one ``genlearn.demos.seeded_draws`` draws in Python (1e-12), and the fit genlearn's.
"""
import numpy as np

from tolerances import ROUNDING

from genlearn.explorers.gaussian_discriminant_analysis import OUTLIER_AT, GDAExplorer
from lab_driver import explorer_state, lesson_explorers, readout_text, screenshot
from points_driver import PointsPage, assert_only_moved, lonely_point
from test_explorers import open_explorer

NOTEBOOK = next(nb for nb, cls in lesson_explorers() if cls is GDAExplorer)
#: What the figure's canvas is called (its accessible name begins so).
FIGURE = "The training points"


def twin(state):
    """genlearn's GDA explorer with the page's parameters and the page's kind of draws."""
    return GDAExplorer(draws=state["sample"]["draws"], **state["params"])


def open_points(page, server):
    """Lesson 03's GDA explorer, its points edited on its one figure."""
    root = open_explorer(page, server, NOTEBOOK, GDAExplorer._title)
    return PointsPage(root, twin, [FIGURE], GDAExplorer.class_traits()["limits"].default())


def test_mouse_drags_adds_and_removes_points(lab_server, lab_page, tmp_path):
    page = lab_page
    ex = open_points(page, lab_server)
    ex.figure().scroll_into_view_if_needed()
    before = ex.check("first frame")
    X0 = np.array(before["sample"]["X"])
    m = len(X0)

    # drag: press on a point, move in steps, release
    i = lonely_point(before)
    target = X0[i] + [1.5, -1.2]
    ex.drag(X0[i], target)
    state = ex.check("after a drag")
    X = np.array(state["sample"]["X"])
    assert_only_moved(X0, X, i, target)
    assert state["fitted"]["mu0"] != before["fitted"]["mu0"] or state["fitted"]["mu1"] != before["fitted"]["mu1"]
    assert "Moved point" in ex.summary()

    # add a point of class 1 where there is none
    ex.pointer_mode("add a point with y = 1")
    ex.click([-5.0, 5.0])
    state = ex.check("after adding a point")
    assert len(state["sample"]["X"]) == m + 1 and state["sample"]["y"][-1] == 1
    assert np.abs(np.array(state["sample"]["X"][-1]) - [-5.0, 5.0]).max() < 0.05
    assert state["sample"]["counts"] == [before["sample"]["counts"][0], before["sample"]["counts"][1] + 1]

    # remove it again
    ex.pointer_mode("remove a point")
    ex.click(state["sample"]["X"][-1])
    state = ex.check("after removing the point")
    assert np.array_equal(state["sample"]["X"], X.tolist()) and state["sample"]["y"] == before["sample"]["y"]

    # Shift+press removes in any mode
    ex.pointer_mode("drag a point")
    j = lonely_point(state, k=0)
    ex.click(X[j], shift=True)
    state = ex.check("after Shift+click")
    assert np.array_equal(state["sample"]["X"], np.delete(X, j, 0).tolist())

    # the outlier preset: the first point with y = 0 to the corner
    ex.act(lambda: ex.root.get_by_role("button", name="Outlier: move one point far away").click())
    state = ex.check("outlier preset")
    first0 = state["sample"]["y"].index(0)
    assert state["sample"]["X"][first0] == list(OUTLIER_AT)
    screenshot(page, tmp_path / "gda-points.png")
    assert not page.genlearn_errors, page.genlearn_errors


def test_keyboard_alone_moves_adds_and_removes_a_point(lab_server, lab_page):
    """Tab reaches the figure from the last control (New sample); arrows choose a point, Enter picks it up,
    arrows move it by 0.1, Enter drops it; 1 adds a point of class 1 at the fitted mu1; Delete
    removes it. Every step is announced (aria-live) and checked with genlearn."""
    page = lab_page
    ex = open_points(page, lab_server)
    ex.check("first frame")
    ex.tab_to_figure(ex.root.get_by_role("button", name="New sample"))  # the last control before the figure
    assert ex.root.locator(".gl-summary").get_attribute("aria-live") == "polite"
    # ArrowRight: the point with the next larger x1 after point 1 (chosen when the figure took the focus)
    _, state = ex.move_by_keys(0, ["ArrowRight"], ["ArrowUp", "ArrowUp", "ArrowRight"], "moved by the keyboard")
    # 1: a point of class 1 at the fitted mu1, picked up, moved left, removed
    ex.add_and_remove_by_keys(1, state["fitted"]["mu1"], ["ArrowLeft"], "a point added by the keyboard")
    assert not page.genlearn_errors, page.genlearn_errors


def test_touch_drags_a_point(lab_server, lab_page):
    """A finger (touch events through the DevTools protocol, with touch emulation on) drags a
    point as the mouse does: the page takes the gesture (touch-action: none), not the scroller."""
    page = lab_page
    ex = open_points(page, lab_server)
    ex.figure().scroll_into_view_if_needed()
    assert ex.figure().evaluate("c => getComputedStyle(c).touchAction") == "none"
    before = ex.check("first frame")
    X0 = np.array(before["sample"]["X"])
    i = lonely_point(before)
    target = X0[i] + [-1.0, 1.5]
    ex.touch_drag(X0[i], target)
    state = ex.check("after a touch drag")
    assert_only_moved(X0, state["sample"]["X"], i, target)
    assert not page.genlearn_errors, page.genlearn_errors


def test_m_slider_new_sample_and_typed_seed_draw_what_python_draws(lab_server, lab_page):
    """The keyboard on the m slider (End: 2,000, Home: 10), the New sample button (seed + 1) and
    a typed seed: each time the page's points equal the twin's sample of the same m and seed
    (the page's generator; 1e-12) and the page's fit genlearn's on them (1e-9)."""
    page = lab_page
    ex = open_points(page, lab_server)
    root = ex.root
    first = ex.check("first frame")
    assert first["sample"]["draws"] == "numpy" and first["params"]["m"] == 200  # the lesson's sample
    m_slider = root.get_by_role("slider", name="m (examples)")
    seed_box = root.get_by_role("spinbutton", name="seed", exact=True)
    assert seed_box.input_value() == "0"

    def drawn(what, m, seed):
        state = ex.check(what)
        assert state["sample"]["draws"] == "mulberry32", what
        assert (state["params"]["m"], state["params"]["seed"]) == (m, seed), what
        X, y = GDAExplorer(draws="mulberry32", **state["params"]).sample()
        np.testing.assert_allclose(state["sample"]["X"], X, rtol=0, atol=ROUNDING, err_msg=what)
        assert state["sample"]["y"] == y.tolist(), what
        assert readout_text(root)[-1] == f"sample drawn with seed {seed} by the page's generator (mulberry32)"
        return state

    act = ex.act
    act(lambda: (m_slider.focus(), page.keyboard.press("End")))
    big = drawn("m slider at its top", 2000, 0)
    act(lambda: page.keyboard.press("Home"))
    drawn("m slider at its bottom", 10, 0)
    act(lambda: m_slider.fill("500"))
    drawn("m slider at 500", 500, 0)
    act(lambda: root.get_by_role("button", name="New sample").click())
    one = drawn("New sample", 500, 1)
    assert seed_box.input_value() == "1" and one["sample"]["X"] != big["sample"]["X"][:500]
    act(lambda: (seed_box.fill("123456"), seed_box.press("Enter")))
    drawn("a typed seed", 500, 123456)
    # a seed that is no 32-bit whole number is refused, and said so
    act(lambda: (seed_box.fill("-3"), seed_box.press("Enter")))
    assert seed_box.input_value() == "123456" and explorer_state(root)["params"]["seed"] == 123456
    assert "the seed is a whole number" in ex.summary()
    assert not page.genlearn_errors, page.genlearn_errors
