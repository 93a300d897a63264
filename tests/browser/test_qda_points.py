"""Lesson 05's QDA / LDA / naive Bayes explorer with the learner's hands on the training points (issue 33).

Real input, as a learner gives it: Playwright's mouse drags a point in one panel, adds one of
either class and removes one (menu and Shift+press), presses *Outlier*; the DevTools protocol's
touch events drag one as a finger does; the keyboard alone chooses, moves, adds and removes.
Oracle: after each edit the page's ``data-state`` holds every training point, and
``BoundaryExplorer(**params)`` given those points (``set_points``) computes with genlearn's
``QDA().fit``, ``GDA().fit`` (LDA) and ``GaussianNB().fit`` what the page must publish (1e-9
relative; readouts to the letter).
"""
import numpy as np

from genlearn.demos.explorer import state_mismatches
from genlearn.demos.qda_lda_naive_bayes import EXPLORER_LIM, OUTLIER_AT, BoundaryExplorer
from lab_driver import explorer_state, lesson_explorers, readout_text, screenshot
from test_explorers import open_explorer
from test_gda_points import lonely_point, pointer_mode, settle

NOTEBOOK = next(nb for nb, cls in lesson_explorers() if cls is BoundaryExplorer)
#: The panels' canvases are called so (their accessible names begin so); the first takes the keys.
PANELS = ("QDA: one full", "LDA (GDA): one shared", "naive Bayes: diagonal")


def check_fit(root, where):
    """The page's three fits equal genlearn's on the page's own points; returns the state."""
    state = explorer_state(root)
    ex = BoundaryExplorer(**state["params"])
    ex.set_points(state["sample"]["X"], state["sample"]["y"])
    expected = ex.expected_state()
    problems = state_mismatches(state, expected, rtol=1e-9)
    assert not problems, f"{where}: the page disagrees with genlearn:\n  " + "\n  ".join(problems[:12])
    assert readout_text(root) == expected["readouts"], where
    return state


def panel(root, k=0):
    return root.get_by_role("img", name=PANELS[k])


def to_page(root, x, k=0):
    """Page coordinates (CSS pixels) of the data point x in panel k, from its plot box (data-box)."""
    canvas = panel(root, k)
    bx, by, size = (float(v) for v in canvas.get_attribute("data-box").split())
    r = canvas.bounding_box()
    lo, hi = EXPLORER_LIM
    return r["x"] + bx + (x[0] - lo) / (hi - lo) * size, r["y"] + by + (hi - x[1]) / (hi - lo) * size


def frames_of(root):
    return int(root.get_attribute("data-frames"))


def test_mouse_drags_adds_and_removes_points(lab_server, lab_page, tmp_path):
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, BoundaryExplorer._title)
    panel(root, 1).scroll_into_view_if_needed()
    before = check_fit(root, "first frame")
    X0 = np.array(before["sample"]["X"])
    m = len(X0)

    # drag a point in the middle (LDA) panel: every panel's fit follows
    i = lonely_point(before)
    target = X0[i] + [1.2, -1.0]
    frames = frames_of(root)
    page.mouse.move(*to_page(root, X0[i], 1))
    page.mouse.down()
    page.mouse.move(*to_page(root, target, 1), steps=20)
    page.mouse.up()
    settle(page, root, frames)
    state = check_fit(root, "after a drag")
    X = np.array(state["sample"]["X"])
    assert np.abs(X[i] - target).max() < 0.05, (X[i], target)
    assert np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0)), "the drag moved other points"
    assert all(state["models"][k]["mu"] != before["models"][k]["mu"] for k in state["models"])
    assert "Moved point" in root.locator(".gl-summary").inner_text()

    # add a point of class 0 in the QDA panel, remove it in the naive Bayes panel
    pointer_mode(root, "add a point with y = 0")
    frames = frames_of(root)
    page.mouse.click(*to_page(root, [5.0, -3.5], 0))
    settle(page, root, frames)
    state = check_fit(root, "after adding a point")
    assert len(state["sample"]["X"]) == m + 1 and state["sample"]["y"][-1] == 0
    assert np.abs(np.array(state["sample"]["X"][-1]) - [5.0, -3.5]).max() < 0.05
    pointer_mode(root, "remove a point")
    frames = frames_of(root)
    page.mouse.click(*to_page(root, state["sample"]["X"][-1], 2))
    settle(page, root, frames)
    state = check_fit(root, "after removing the point")
    assert np.array_equal(state["sample"]["X"], X.tolist())

    # Shift+press removes in any mode
    pointer_mode(root, "drag a point")
    j = lonely_point(state, k=1)
    frames = frames_of(root)
    page.keyboard.down("Shift")
    page.mouse.click(*to_page(root, X[j], 0))
    page.keyboard.up("Shift")
    settle(page, root, frames)
    state = check_fit(root, "after Shift+click")
    assert np.array_equal(state["sample"]["X"], np.delete(X, j, 0).tolist())

    # the outlier preset: the first point with y = 0 to the corner
    frames = frames_of(root)
    root.get_by_role("button", name="Outlier: move one point far away").click()
    settle(page, root, frames)
    state = check_fit(root, "outlier preset")
    assert state["sample"]["X"][state["sample"]["y"].index(0)] == list(OUTLIER_AT)
    screenshot(page, tmp_path / "qda-points.png")
    assert not page.genlearn_errors, page.genlearn_errors


def test_keyboard_alone_moves_adds_and_removes_a_point(lab_server, lab_page):
    """Tab reaches the QDA panel from the Outlier button; arrows choose a point, Enter picks it
    up, arrows move it by 0.1, Enter drops it; 0 adds a point of class 0 at QDA's fitted mu0;
    Delete removes it. Every step is checked with genlearn."""
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, BoundaryExplorer._title)
    before = check_fit(root, "first frame")
    X0 = np.array(before["sample"]["X"])
    root.get_by_role("button", name="Outlier: move one point far away").focus()
    page.keyboard.press("Tab")
    page.wait_for_timeout(100)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''").startswith(PANELS[0])
    summary = root.locator(".gl-summary")

    def press(key):
        frames = frames_of(root)
        page.keyboard.press(key)
        settle(page, root, frames)

    press("ArrowUp")               # the point with the next larger x2 after point 1
    order = sorted(range(len(X0)), key=lambda k: (X0[k, 1], k))
    i = order[order.index(0) + 1]
    assert summary.inner_text().startswith(f"Chose point {i + 1} of {len(X0)}")
    press("Enter")
    for key in ("ArrowDown", "ArrowLeft", "ArrowLeft"):
        press(key)
    press("Enter")
    state = check_fit(root, "moved by the keyboard")
    X = np.array(state["sample"]["X"])
    np.testing.assert_allclose(X[i], X0[i] + [-0.2, -0.1], rtol=0, atol=1e-12)
    assert np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0))

    mu0 = state["models"]["QDA"]["mu"][0]
    press("0")                     # a point of class 0 at the fitted mu0, picked up
    state = check_fit(root, "added by the keyboard")
    assert state["sample"]["y"][-1] == 0 and state["sample"]["X"][-1] == mu0
    press("Delete")
    state = check_fit(root, "removed by the keyboard")
    assert np.array_equal(state["sample"]["X"], X.tolist())
    assert summary.inner_text().startswith("Removed point")
    assert not page.genlearn_errors, page.genlearn_errors


def test_touch_drags_a_point(lab_server, lab_page):
    """A finger (touch events through the DevTools protocol) drags a point in the naive Bayes panel."""
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, BoundaryExplorer._title)
    panel(root, 2).scroll_into_view_if_needed()
    assert all(panel(root, k).evaluate("c => getComputedStyle(c).touchAction") == "none" for k in range(3))
    before = check_fit(root, "first frame")
    X0 = np.array(before["sample"]["X"])
    i = lonely_point(before)
    target = X0[i] + [-1.0, 1.2]
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    frames = frames_of(root)
    start, end = np.array(to_page(root, X0[i], 2)), np.array(to_page(root, target, 2))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [dict(zip("xy", start))]})
    for t in np.linspace(0, 1, 16)[1:]:
        x, y = start + t * (end - start)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settle(page, root, frames)
    state = check_fit(root, "after a touch drag")
    X = np.array(state["sample"]["X"])
    assert np.abs(X[i] - target).max() < 0.05, (X[i], target)
    assert np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0))
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
    cdp.detach()
    assert not page.genlearn_errors, page.genlearn_errors
