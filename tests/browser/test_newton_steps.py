"""Lesson 04's Newton explorer: Newton's method one step at a time, on points the learner drags.

Real input, as a learner gives it: Playwright clicks Step, Back and Reset, presses their keys (N, B,
R) with the focus on the explorer, drags a training point with the mouse and chooses the separable
data set. Oracle: after each input the page's ``data-state`` holds every training point and the
iterates 0..k it drew; ``NewtonExplorer(**params)`` given those points computes them with genlearn's
own Newton iteration (``newton_path``), and the page must publish the same (1e-9 relative;
readouts and the description of the picture to the letter). The input and the oracle are
``points_driver``'s, shared with lessons 03 and 05.

The lesson opens once (``newton``, one page for the module): the tests run in order on it, each from
where the one before left the explorer (its data set, points and step).
"""
import numpy as np
import pytest

from genlearn.demos.gda_vs_logistic_regression import NEWTON_LIMITS
from genlearn.explorers.gda_vs_logistic_regression import NewtonExplorer
from lab_driver import explorer_state, lesson_explorers, new_tab, readout_text, screenshot
from points_driver import PointsPage, assert_only_moved, lonely_point
from test_explorers import open_explorer

NOTEBOOK = next(nb for nb, cls in lesson_explorers() if cls is NewtonExplorer)
#: What the figure's canvas is called (its accessible name begins so).
FIGURE = "The training points"


def twin(state):
    """genlearn's Newton explorer with the page's parameters."""
    return NewtonExplorer(**state["params"])


@pytest.fixture(scope="module")
def lesson_page(chromium, lab_server, tmp_path_factory):
    """One tab for the module's tests (conftest's ``lab_page``, opened once): the failure hook screenshots it."""
    lab_server.shutdown_kernels()
    page = new_tab(chromium, tmp_path_factory.mktemp("newton"))
    yield page
    page.close()
    lab_server.shutdown_kernels()


@pytest.fixture(scope="module")
def newton(lesson_page, lab_server):
    """Lesson 04's Newton explorer, its points edited on its one figure."""
    root = open_explorer(lesson_page, lab_server, NOTEBOOK, NewtonExplorer._title)
    return PointsPage(root, twin, [FIGURE], NEWTON_LIMITS)


def button(root, name):
    return root.get_by_role("button", name=name, exact=True)


def test_step_back_and_reset_by_buttons_and_keys(newton, lesson_page, tmp_path):
    page, ex = lesson_page, newton
    root = ex.root
    raw_cells = page.locator(".jp-Notebook .jp-RawCell").count()
    state = ex.check("first frame")
    assert state["newton"]["shown"] == 0 and button(root, "◀ Back").get_attribute("aria-disabled") == "true"
    last = state["newton"]["last"]
    logliks = []
    # Step by the button, k times: each iterate is genlearn's
    for k in range(1, 4):
        ex.act(lambda: button(root, "Step ▶").click())
        state = ex.check(f"Step clicked {k} times")
        assert state["newton"]["shown"] == k == state["params"]["step"]
        logliks = state["newton"]["loglik"]
    # by the keyboard: N steps, B goes back, R resets (the focus anywhere on the explorer)
    button(root, "Step ▶").focus()
    for k in range(4, last + 1):
        ex.act(lambda: page.keyboard.press("n"))
        state = ex.check(f"N pressed to step {k}")
        assert state["newton"]["shown"] == k
    logliks = state["newton"]["loglik"]
    # overlapping classes: l never decreases, up to rounding (a step down of at most 1e-12 |l| is accepted)
    assert np.all(np.diff(logliks) >= -1e-12 * np.abs(logliks[:-1])), logliks
    assert button(root, "Step ▶").get_attribute("aria-disabled") == "true"
    assert "converged" in state["readouts"][1]
    page.keyboard.press("n")  # past the last iterate: nothing changes
    page.wait_for_timeout(200)
    assert explorer_state(root)["newton"]["shown"] == last
    ex.act(lambda: page.keyboard.press("b"))
    assert ex.check("B pressed")["newton"]["shown"] == last - 1
    ex.act(lambda: button(root, "◀ Back").click())
    assert ex.check("Back clicked")["newton"]["shown"] == last - 2
    ex.act(lambda: page.keyboard.press("r"))
    assert ex.check("R pressed")["newton"]["shown"] == 0
    ex.act(lambda: button(root, "Step ▶").click())
    ex.act(lambda: button(root, "Reset").click())
    assert ex.check("Reset clicked")["newton"]["shown"] == 0
    # the keys did not reach JupyterLab's command mode (R would make the active cell a raw one)
    assert page.locator(".jp-Notebook .jp-RawCell").count() == raw_cells
    screenshot(page, tmp_path / "newton-steps.png")
    assert not page.genlearn_errors, page.genlearn_errors


def test_a_dragged_point_changes_every_iterate(newton, lesson_page):
    """At step 3 the mouse drags a point across the boundary: the page's iterates 0..3 are genlearn's on the
    new points (the start too: the log-odds of the classes do not change, the path does), and the keyboard
    alone moves the same point by the keys' steps."""
    page, ex = lesson_page, newton
    assert ex.check("the start")["newton"]["shown"] == 0
    button(ex.root, "Step ▶").focus()
    for _ in range(3):
        ex.press("n")
    before = ex.check("three steps")
    X0 = np.array(before["sample"]["X"])
    i = lonely_point(before, within=None)  # a press on it picks it and no other
    target = np.clip(X0[i] + [2.0, -1.5], NEWTON_LIMITS[0] + 0.5, NEWTON_LIMITS[1] - 0.5)
    ex.figure().scroll_into_view_if_needed()
    ex.drag(X0[i], target)
    state = ex.check("after a drag")
    assert_only_moved(X0, state["sample"]["X"], i, target)
    assert state["newton"]["shown"] == 3
    # tol: a dragged point moves the Newton iterates by O(0.1), far beyond 1e-6
    assert not np.allclose(state["newton"]["theta"][1:], before["newton"]["theta"][1:], rtol=1e-6)
    assert "Moved point" in ex.summary()
    # the keyboard: focus the figure (the dragged point stays chosen), pick it up, move it up twice, drop it
    ex.figure().focus()
    page.wait_for_timeout(100)
    ex.move_by_keys(i, [], ["ArrowUp", "ArrowUp"], "moved by the keyboard")
    assert not page.genlearn_errors, page.genlearn_errors


def test_separable_data_run_away(newton, lesson_page):
    """The separable data set: |theta| grows step after step, l rises towards 0, every point ends on its own
    side, and the page says that no maximum exists."""
    page, ex = lesson_page, newton
    root = ex.root
    ex.act(lambda: root.get_by_role("combobox", name="data set").select_option(label="separable classes"))
    if ex.check("separable data set")["newton"]["shown"]:  # the data set keeps the step: back to the start
        ex.act(lambda: button(root, "Reset").click())
    state = ex.check("separable data set, at the start")
    assert state["newton"]["shown"] == 0
    button(root, "Step ▶").focus()
    for k in range(1, 21):
        ex.act(lambda: page.keyboard.press("n"))
    state = ex.check("20 steps on separable data")
    norms = np.hypot(*np.array(state["newton"]["theta"])[:, :2].T)
    assert np.all(np.diff(norms[10:]) > 2.6) and norms[20] > 40, norms
    assert np.all(np.diff(state["newton"]["loglik"]) > 0) and state["newton"]["loglik"][-1] > -1e-5
    assert state["newton"]["separated"] and "no maximum exists" in readout_text(root)[5]
    assert not page.genlearn_errors, page.genlearn_errors
