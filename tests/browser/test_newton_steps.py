"""Lesson 04's Newton explorer: Newton's method one step at a time, on points the learner drags.

Real input, as a learner gives it: Playwright clicks Step, Back and Reset, presses their keys (N, B,
R) with the focus on the explorer, drags a training point with the mouse and chooses the separable
data set. Oracle: after each input the page's ``data-state`` holds every training point and the
iterates 0..k it drew; ``NewtonExplorer(**params)`` given those points computes them with genlearn's
own Newton iteration (``newton_path``), and the page must publish the same (1e-9 relative;
readouts to the letter).
"""
import numpy as np

from genlearn.demos.explorer import state_mismatches
from genlearn.demos.gda_vs_logistic_regression import NEWTON_LIMITS, NewtonExplorer
from lab_driver import explorer_state, lesson_explorers, readout_text, screenshot
from test_explorers import open_explorer

NOTEBOOK = next(nb for nb, cls in lesson_explorers() if cls is NewtonExplorer)
#: What the figure's canvas is called (its accessible name begins so).
FIGURE = "The training points"


def check_twin(root, where):
    """The page's iterates equal genlearn's on the page's own points; returns the state."""
    state = explorer_state(root)
    ex = NewtonExplorer(**state["params"])
    ex.set_points(state["sample"]["X"], state["sample"]["y"])
    expected = ex.expected_state()
    problems = state_mismatches(state, expected, rtol=1e-9)
    assert not problems, f"{where}: the page disagrees with genlearn:\n  " + "\n  ".join(problems[:12])
    assert readout_text(root) == expected["readouts"], where
    return state


def settle(page, root, frames):
    page.wait_for_function("([el, n]) => Number(el.dataset.frames) > n && el.dataset.settled === 'true'",
                           arg=[root.element_handle(), frames], timeout=10_000)


def act(page, root, do):
    """Give one input (do()) and wait for the full frame it makes."""
    frames = int(root.get_attribute("data-frames"))
    do()
    settle(page, root, frames)


def button(root, name):
    return root.get_by_role("button", name=name, exact=True)


def test_step_back_and_reset_by_buttons_and_keys(lab_server, lab_page, tmp_path):
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, NewtonExplorer._title)
    raw_cells = page.locator(".jp-Notebook .jp-RawCell").count()
    state = check_twin(root, "first frame")
    assert state["newton"]["shown"] == 0 and button(root, "◀ Back").get_attribute("aria-disabled") == "true"
    last = state["newton"]["last"]
    logliks = []
    # Step by the button, k times: each iterate is genlearn's
    for k in range(1, 4):
        act(page, root, lambda: button(root, "Step ▶").click())
        state = check_twin(root, f"Step clicked {k} times")
        assert state["newton"]["shown"] == k == state["params"]["step"]
        logliks = state["newton"]["loglik"]
    # by the keyboard: N steps, B goes back, R resets (the focus anywhere on the explorer)
    button(root, "Step ▶").focus()
    for k in range(4, last + 1):
        act(page, root, lambda: page.keyboard.press("n"))
        state = check_twin(root, f"N pressed to step {k}")
        assert state["newton"]["shown"] == k
    logliks = state["newton"]["loglik"]
    assert np.all(np.diff(logliks) >= 0), logliks  # overlapping classes: l never decreases
    assert button(root, "Step ▶").get_attribute("aria-disabled") == "true"
    assert "converged" in state["readouts"][1]
    page.keyboard.press("n")  # past the last iterate: nothing changes
    page.wait_for_timeout(200)
    assert explorer_state(root)["newton"]["shown"] == last
    act(page, root, lambda: page.keyboard.press("b"))
    assert check_twin(root, "B pressed")["newton"]["shown"] == last - 1
    act(page, root, lambda: button(root, "◀ Back").click())
    assert check_twin(root, "Back clicked")["newton"]["shown"] == last - 2
    act(page, root, lambda: page.keyboard.press("r"))
    assert check_twin(root, "R pressed")["newton"]["shown"] == 0
    act(page, root, lambda: button(root, "Step ▶").click())
    act(page, root, lambda: button(root, "Reset").click())
    assert check_twin(root, "Reset clicked")["newton"]["shown"] == 0
    # the keys did not reach JupyterLab's command mode (R would make the active cell a raw one)
    assert page.locator(".jp-Notebook .jp-RawCell").count() == raw_cells
    screenshot(page, tmp_path / "newton-steps.png")
    assert not page.genlearn_errors, page.genlearn_errors


def test_separable_data_run_away(lab_server, lab_page):
    """The separable data set: |theta| grows step after step, l rises towards 0, every point ends on its own
    side, and the page says that no maximum exists."""
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, NewtonExplorer._title)
    act(page, root, lambda: root.get_by_role("combobox", name="data set").select_option(label="separable classes"))
    state = check_twin(root, "separable data set")
    button(root, "Step ▶").focus()
    for k in range(1, 21):
        act(page, root, lambda: page.keyboard.press("n"))
    state = check_twin(root, "20 steps on separable data")
    norms = np.hypot(*np.array(state["newton"]["theta"])[:, :2].T)
    assert np.all(np.diff(norms[10:]) > 2.6) and norms[20] > 40, norms
    assert np.all(np.diff(state["newton"]["loglik"]) > 0) and state["newton"]["loglik"][-1] > -1e-5
    assert state["newton"]["separated"] and "no maximum exists" in readout_text(root)[5]
    assert not page.genlearn_errors, page.genlearn_errors


def to_page(root, x):
    """Page coordinates (CSS pixels) of the data point x, from the canvas's plot box (data-box)."""
    canvas = root.get_by_role("img", name=FIGURE)
    bx, by, size = (float(v) for v in canvas.get_attribute("data-box").split())
    r = canvas.bounding_box()
    lo, hi = NEWTON_LIMITS
    return r["x"] + bx + (x[0] - lo) / (hi - lo) * size, r["y"] + by + (hi - x[1]) / (hi - lo) * size


def test_a_dragged_point_changes_every_iterate(lab_server, lab_page):
    """At step 3 the mouse drags a point across the boundary: the page's iterates 0..3 are genlearn's on the
    new points (the start too: the log-odds of the classes do not change, the path does), and the keyboard
    alone moves a point the same way."""
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, NewtonExplorer._title)
    button(root, "Step ▶").focus()
    for _ in range(3):
        act(page, root, lambda: page.keyboard.press("n"))
    before = check_twin(root, "three steps")
    X0 = np.array(before["sample"]["X"])
    D = np.linalg.norm(X0[:, None] - X0[None], axis=-1) + np.eye(len(X0)) * 1e9
    i = int(np.argmax(D.min(axis=1)))  # the loneliest point: a press on it picks it and no other
    target = np.clip(X0[i] + [2.0, -1.5], NEWTON_LIMITS[0] + 0.5, NEWTON_LIMITS[1] - 0.5)
    root.get_by_role("img", name=FIGURE).scroll_into_view_if_needed()
    frames = int(root.get_attribute("data-frames"))
    page.mouse.move(*to_page(root, X0[i]))
    page.mouse.down()
    page.mouse.move(*to_page(root, target), steps=20)
    page.mouse.up()
    settle(page, root, frames)
    state = check_twin(root, "after a drag")
    X = np.array(state["sample"]["X"])
    assert np.abs(X[i] - target).max() < 0.05 and np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0))
    assert state["newton"]["shown"] == 3
    assert not np.allclose(state["newton"]["theta"][1:], before["newton"]["theta"][1:], rtol=1e-6)
    assert "Moved point" in root.locator(".gl-summary").inner_text()
    # the keyboard: focus the figure, pick the chosen point up, move it up twice, drop it
    root.get_by_role("img", name=FIGURE).focus()
    for key in ("Enter", "ArrowUp", "ArrowUp", "Enter"):
        act(page, root, lambda key=key: page.keyboard.press(key))
    state = check_twin(root, "moved by the keyboard")
    assert np.abs(np.array(state["sample"]["X"]) - X).max() > 0.19
    assert not page.genlearn_errors, page.genlearn_errors
