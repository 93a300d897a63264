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

from genlearn.demos.explorer import state_mismatches
from genlearn.demos.gaussian_discriminant_analysis import OUTLIER_AT, GDAExplorer
from lab_driver import description_text, explorer_state, lesson_explorers, readout_text, screenshot
from test_explorers import open_explorer

NOTEBOOK = next(nb for nb, cls in lesson_explorers() if cls is GDAExplorer)
#: What the figure's canvas is called (its accessible name begins so).
FIGURE = "The training points"


def check_fit(root, where):
    """The page's fit equals genlearn's on the page's own points; returns the state."""
    state = explorer_state(root)
    ex = GDAExplorer(draws=state["sample"]["draws"], **state["params"])
    ex.set_points(state["sample"]["X"], state["sample"]["y"])
    expected = ex.expected_state()
    problems = state_mismatches(state, expected, rtol=1e-9)
    assert not problems, f"{where}: the page disagrees with genlearn:\n  " + "\n  ".join(problems[:12])
    assert readout_text(root) == expected["readouts"], where
    assert description_text(root) == expected["description"], f"{where}: the description of the picture"
    return state


def figure(root):
    return root.get_by_role("img", name=FIGURE)


def to_page(root, x):
    """Page coordinates (CSS pixels) of the data point x, from the canvas's plot box (data-box)."""
    canvas = figure(root)
    bx, by, size = (float(v) for v in canvas.get_attribute("data-box").split())
    r = canvas.bounding_box()
    lo, hi = -6.0, 6.0
    return r["x"] + bx + (x[0] - lo) / (hi - lo) * size, r["y"] + by + (hi - x[1]) / (hi - lo) * size


def lonely_point(state, k=None):
    """The index of the point (of class k) farthest from every other one, well inside the box."""
    X, y = np.array(state["sample"]["X"]), np.array(state["sample"]["y"])
    D = np.linalg.norm(X[:, None] - X[None], axis=-1) + np.eye(len(X)) * 1e9
    ok = (np.abs(X).max(axis=1) < 4.5) & (True if k is None else y == k)
    return int(np.argmax(np.where(ok, D.min(axis=1), -1)))


def pointer_mode(root, text):
    root.get_by_role("combobox", name="a press on the figure").select_option(label=text)
    root.page.wait_for_timeout(50)


def settle(page, root, frames):
    page.wait_for_function("([el, n]) => Number(el.dataset.frames) > n && el.dataset.settled === 'true'",
                           arg=[root.element_handle(), frames], timeout=10_000)


def test_mouse_drags_adds_and_removes_points(lab_server, lab_page, tmp_path):
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, GDAExplorer._title)
    figure(root).scroll_into_view_if_needed()
    before = check_fit(root, "first frame")
    X0 = np.array(before["sample"]["X"])
    m = len(X0)

    # drag: press on a point, move in steps, release
    i = lonely_point(before)
    target = X0[i] + [1.5, -1.2]
    frames = int(root.get_attribute("data-frames"))
    page.mouse.move(*to_page(root, X0[i]))
    page.mouse.down()
    page.mouse.move(*to_page(root, target), steps=20)
    page.mouse.up()
    settle(page, root, frames)
    state = check_fit(root, "after a drag")
    X = np.array(state["sample"]["X"])
    assert np.abs(X[i] - target).max() < 0.05, (X[i], target)  # a CSS pixel is 12 / size data units
    assert np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0)), "the drag moved other points"
    assert state["fitted"]["mu0"] != before["fitted"]["mu0"] or state["fitted"]["mu1"] != before["fitted"]["mu1"]
    assert "Moved point" in root.locator(".gl-summary").inner_text()

    # add a point of class 1 where there is none
    pointer_mode(root, "add a point with y = 1")
    frames = int(root.get_attribute("data-frames"))
    page.mouse.click(*to_page(root, [-5.0, 5.0]))
    settle(page, root, frames)
    state = check_fit(root, "after adding a point")
    assert len(state["sample"]["X"]) == m + 1 and state["sample"]["y"][-1] == 1
    assert np.abs(np.array(state["sample"]["X"][-1]) - [-5.0, 5.0]).max() < 0.05
    assert state["sample"]["counts"] == [before["sample"]["counts"][0], before["sample"]["counts"][1] + 1]

    # remove it again
    pointer_mode(root, "remove a point")
    frames = int(root.get_attribute("data-frames"))
    page.mouse.click(*to_page(root, state["sample"]["X"][-1]))
    settle(page, root, frames)
    state = check_fit(root, "after removing the point")
    assert np.array_equal(state["sample"]["X"], X.tolist()) and state["sample"]["y"] == before["sample"]["y"]

    # Shift+press removes in any mode
    pointer_mode(root, "drag a point")
    j = lonely_point(state, k=0)
    frames = int(root.get_attribute("data-frames"))
    page.keyboard.down("Shift")
    page.mouse.click(*to_page(root, X[j]))
    page.keyboard.up("Shift")
    settle(page, root, frames)
    state = check_fit(root, "after Shift+click")
    assert np.array_equal(state["sample"]["X"], np.delete(X, j, 0).tolist())

    # the outlier preset: the first point with y = 0 to the corner
    frames = int(root.get_attribute("data-frames"))
    root.get_by_role("button", name="Outlier: move one point far away").click()
    settle(page, root, frames)
    state = check_fit(root, "outlier preset")
    first0 = state["sample"]["y"].index(0)
    assert state["sample"]["X"][first0] == list(OUTLIER_AT)
    screenshot(page, tmp_path / "gda-points.png")
    assert not page.genlearn_errors, page.genlearn_errors


def test_keyboard_alone_moves_adds_and_removes_a_point(lab_server, lab_page):
    """Tab reaches the figure from the last control (New sample); arrows choose a point, Enter picks it up,
    arrows move it by 0.1, Enter drops it; 1 adds a point of class 1 at the fitted mu1; Delete
    removes it. Every step is announced (aria-live) and checked with genlearn."""
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, GDAExplorer._title)
    before = check_fit(root, "first frame")
    X0 = np.array(before["sample"]["X"])
    root.get_by_role("button", name="New sample").focus()   # the last control before the figure
    page.keyboard.press("Tab")
    page.wait_for_timeout(100)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''").startswith(FIGURE)
    summary = root.locator(".gl-summary")
    assert summary.get_attribute("aria-live") == "polite"

    def press(key):
        frames = int(root.get_attribute("data-frames"))
        page.keyboard.press(key)
        settle(page, root, frames)

    press("ArrowRight")            # the point with the next larger x1 after point 1
    order = sorted(range(len(X0)), key=lambda k: (X0[k, 0], k))
    i = order[order.index(0) + 1]
    assert summary.inner_text().startswith(f"Chose point {i + 1} of {len(X0)}")
    press("Enter")
    for key in ("ArrowUp", "ArrowUp", "ArrowRight"):
        press(key)
    press("Enter")
    assert summary.inner_text().startswith(f"Dropped point {i + 1}")
    state = check_fit(root, "moved by the keyboard")
    X = np.array(state["sample"]["X"])
    np.testing.assert_allclose(X[i], X0[i] + [0.1, 0.2], rtol=0, atol=1e-12)
    assert np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0))

    mu1 = state["fitted"]["mu1"]
    press("1")                     # a point of class 1 at the fitted mu1, picked up
    state = check_fit(root, "added by the keyboard")
    assert state["sample"]["y"][-1] == 1 and len(state["sample"]["y"]) == len(X0) + 1
    assert state["sample"]["X"][-1] == mu1
    press("ArrowLeft")
    state = check_fit(root, "the new point moved")
    np.testing.assert_allclose(state["sample"]["X"][-1], np.array(mu1) - [0.1, 0.0], rtol=0, atol=1e-12)
    press("Delete")
    state = check_fit(root, "removed by the keyboard")
    assert np.array_equal(state["sample"]["X"], X.tolist())
    assert summary.inner_text().startswith("Removed point")
    assert not page.genlearn_errors, page.genlearn_errors


def test_touch_drags_a_point(lab_server, lab_page):
    """A finger (touch events through the DevTools protocol, with touch emulation on) drags a
    point as the mouse does: the page takes the gesture (touch-action: none), not the scroller."""
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, GDAExplorer._title)
    figure(root).scroll_into_view_if_needed()
    assert figure(root).evaluate("c => getComputedStyle(c).touchAction") == "none"
    before = check_fit(root, "first frame")
    X0 = np.array(before["sample"]["X"])
    i = lonely_point(before)
    target = X0[i] + [-1.0, 1.5]
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    frames = int(root.get_attribute("data-frames"))
    start, end = np.array(to_page(root, X0[i])), np.array(to_page(root, target))
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



def test_m_slider_new_sample_and_typed_seed_draw_what_python_draws(lab_server, lab_page):
    """The keyboard on the m slider (End: 2,000, Home: 10), the New sample button (seed + 1) and
    a typed seed: each time the page's points equal the twin's sample of the same m and seed
    (the page's generator; 1e-12) and the page's fit genlearn's on them (1e-9)."""
    page = lab_page
    root = open_explorer(page, lab_server, NOTEBOOK, GDAExplorer._title)
    first = check_fit(root, "first frame")
    assert first["sample"]["draws"] == "numpy" and first["params"]["m"] == 200  # the lesson's sample
    m_slider = root.get_by_role("slider", name="m (examples)")
    seed_box = root.get_by_role("spinbutton", name="seed", exact=True)
    assert seed_box.input_value() == "0"

    def drawn(what, m, seed):
        state = check_fit(root, what)
        assert state["sample"]["draws"] == "mulberry32", what
        assert (state["params"]["m"], state["params"]["seed"]) == (m, seed), what
        X, y = GDAExplorer(draws="mulberry32", **state["params"]).sample()
        np.testing.assert_allclose(state["sample"]["X"], X, rtol=0, atol=1e-12, err_msg=what)
        assert state["sample"]["y"] == y.tolist(), what
        assert readout_text(root)[-1] == f"sample drawn with seed {seed} by the page's generator (mulberry32)"
        return state

    def act(do):
        frames = int(root.get_attribute("data-frames"))
        do()
        settle(page, root, frames)

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
    frames = int(root.get_attribute("data-frames"))
    seed_box.fill("-3")
    seed_box.press("Enter")
    settle(page, root, frames)
    assert seed_box.input_value() == "123456" and explorer_state(root)["params"]["seed"] == 123456
    assert "the seed is a whole number" in root.locator(".gl-summary").inner_text()
    assert not page.genlearn_errors, page.genlearn_errors
