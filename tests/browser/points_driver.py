"""Drive an explorer whose training points the learner edits, as a learner does: shared by the
browser tests of lesson 03's GDA explorer (test_gda_points.py), lesson 05's QDA / LDA / naive
Bayes explorer (test_qda_points.py) and lesson 04's Newton explorer (test_newton_steps.py), and
by benchmarks/bench_browser.py's point drags.

Real input only: Playwright's mouse (pressed, moved in steps, released), touch events sent
through the Chrome DevTools Protocol (``Input.dispatchTouchEvent``, as a finger gives them), and
key presses on the focused figure. :class:`PointsPage` gives each input and waits for the full
frame it makes (``data-frames`` grew and ``data-settled`` is not "false").

Oracle (:meth:`PointsPage.check`): after each edit the page's ``data-state`` holds every training
point (``sample.X``, ``sample.y``) and the parameters it used (``params``); genlearn's explorer
built from those parameters and given those points (``set_points``) computes, with genlearn's own
fits, what the page must publish (``expected_state()``: 1e-9 relative, readouts and the
description of the picture to the letter; :func:`lab_driver.check_page_state`). The edit itself
is checked against the pointer's path in data coordinates (:func:`assert_only_moved`: a CSS pixel
is about 0.02 data units on these figures) or against the keys pressed (:func:`chosen_after`,
:func:`moved_by`: the keyboard's rules of points.js, written again here in Python).
"""
import numpy as np

from lab_driver import check_page_state, explorer_frames, explorer_state
from tolerances import ROUNDING

#: How far one arrow key moves a picked-up point, in data units (points.js: KEY_STEP).
KEY_STEP = 0.1
#: Each arrow key's direction and axis (0: x1, 1: x2), as points.js reads them.
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowDown": (-1, 1), "ArrowUp": (1, 1)}
#: How close (data units) a dragged point must end to where the pointer took it: a CSS pixel is
#: (hi - lo) / size data units, about 0.02 on the lessons' figures.
DRAG_TOLERANCE = 0.05


def lonely_point(state, k=None, within=4.5):
    """The index of the training point (of class ``k``; any class for None) farthest from every
    other one, among those with both coordinates inside (-within, within) (``within=None``: all):
    a press on it picks it and no other, and a drag from it stays inside the figure."""
    X, y = np.array(state["sample"]["X"]), np.array(state["sample"]["y"])
    D = np.linalg.norm(X[:, None] - X[None], axis=-1) + np.eye(len(X)) * 1e9
    ok = np.ones(len(X), bool) if within is None else np.abs(X).max(axis=1) < within
    if k is not None:
        ok &= y == k
    return int(np.argmax(np.where(ok, D.min(axis=1), -1)))


def page_mapping(canvas, lim):
    """A function from a data point to its page coordinates (CSS pixels) on ``canvas``, whose plot
    square (its ``data-box``: left, top, size in CSS pixels) spans ``lim`` = (lo, hi) on both axes.
    The canvas's place is read once: scroll it into view first."""
    bx, by, size = (float(v) for v in canvas.get_attribute("data-box").split())
    r = canvas.bounding_box()
    lo, hi = lim

    def to_page(x):
        return r["x"] + bx + (x[0] - lo) / (hi - lo) * size, r["y"] + by + (hi - x[1]) / (hi - lo) * size

    return to_page


def touch_path(cdp, start, end, steps):
    """A finger put down at ``start`` (viewport CSS pixels), moved in ``steps`` equal steps to
    ``end`` and lifted: touch events through the DevTools protocol session ``cdp``."""
    start, end = np.asarray(start, float), np.asarray(end, float)

    def touch(kind, points):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", [{"x": start[0], "y": start[1]}])
    for k in range(1, steps + 1):
        x, y = start + k / steps * (end - start)
        touch("touchMove", [{"x": x, "y": y}])
    touch("touchEnd", [])


def chosen_after(X, selected, key):
    """The point an arrow ``key`` chooses after point ``selected`` (points.js's rule, not its
    code): the next in the order of the key's axis (ties by index), stopping at either end."""
    direction, axis = ARROWS[key]
    order = sorted(range(len(X)), key=lambda j: (X[j][axis], j))
    return order[min(len(order) - 1, max(0, order.index(selected) + direction))]


def moved_by(keys):
    """How far the arrow ``keys`` move a picked-up point: ``[dx1, dx2]`` in data units."""
    delta = np.zeros(2)
    for key in keys:
        direction, axis = ARROWS[key]
        delta[axis] += direction * KEY_STEP
    return delta


def assert_only_moved(X0, X, i, target, tol=DRAG_TOLERANCE):
    """Point ``i`` of ``X0`` is now at ``target`` (within ``tol`` in each coordinate) and every
    other point is where it was, to the bit."""
    X0, X = np.asarray(X0), np.asarray(X)
    assert np.abs(X[i] - target).max() < tol, (X[i], target)
    assert np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0)), "the edit moved other points"


class PointsPage:
    """An explorer's root element (a Playwright locator) whose training points are edited on its
    figures, with genlearn's twin to check each frame against.

    Parameters
    ----------
    root : Locator
        The explorer's root element (``lab_driver.explorer``).
    twin : callable
        ``twin(state)``: genlearn's explorer with the page's parameters (``state["params"]``),
        before its points are set.
    figures : sequence of str
        The accessible names (their beginnings) of the figures the points are edited on; the
        first takes the keys.
    lim : (float, float)
        The figures' plot square in data units, [lo, hi] on both axes.
    """

    def __init__(self, root, twin, figures, lim):
        self.root, self.page = root, root.page
        self.twin, self.figures, self.lim = twin, tuple(figures), tuple(lim)

    # the oracle -----------------------------------------------------------------------------
    def check(self, where):
        """The page's numbers, readouts and description equal genlearn's on the page's own points;
        returns the page's state."""
        state = explorer_state(self.root)
        ex = self.twin(state)
        ex.set_points(state["sample"]["X"], state["sample"]["y"])
        check_page_state(self.root, state, ex.expected_state(), where, oracle="genlearn")
        return state

    def summary(self):
        """What the explorer's live summary (aria-live) says now."""
        return self.root.locator(".gl-summary").inner_text()

    # input, each waited for -----------------------------------------------------------------
    def act(self, do):
        """Give one input (``do()``) and wait for the full frame it makes."""
        frames = explorer_frames(self.root)
        do()
        self.page.wait_for_function(
            "([el, n]) => Number(el.dataset.frames) > n && el.dataset.settled === 'true'",
            arg=[self.root.element_handle(), frames], timeout=10_000)

    def press(self, key):
        """Press ``key`` (on whatever has the focus) and wait for the frame it makes."""
        self.act(lambda: self.page.keyboard.press(key))

    def figure(self, k=0):
        """Figure ``k``'s canvas."""
        return self.root.get_by_role("img", name=self.figures[k])

    def to_page(self, x, k=0):
        """Page coordinates (CSS pixels) of the data point ``x`` on figure ``k``."""
        return page_mapping(self.figure(k), self.lim)(x)

    def pointer_mode(self, text):
        """Choose what a press on the figures does (the menu's option ``text``)."""
        self.root.get_by_role("combobox", name="a press on the figure").select_option(label=text)
        self.page.wait_for_timeout(50)

    def drag(self, a, b, k=0, steps=20):
        """The mouse pressed on data point ``a`` of figure ``k``, moved in ``steps`` to ``b``, released."""
        mouse = self.page.mouse

        def do():
            mouse.move(*self.to_page(a, k))
            mouse.down()
            mouse.move(*self.to_page(b, k), steps=steps)
            mouse.up()

        self.act(do)

    def click(self, x, k=0, shift=False):
        """The mouse pressed and released at data point ``x`` of figure ``k`` (with Shift held)."""
        keyboard = self.page.keyboard

        def do():
            if shift:
                keyboard.down("Shift")
            self.page.mouse.click(*self.to_page(x, k))
            if shift:
                keyboard.up("Shift")

        self.act(do)

    def touch_drag(self, a, b, k=0, steps=15):
        """A finger (touch emulation on, events through the DevTools protocol) put down on data
        point ``a`` of figure ``k``, moved in ``steps`` to ``b`` and lifted."""
        cdp = self.page.context.new_cdp_session(self.page)
        cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        try:
            self.act(lambda: touch_path(cdp, self.to_page(a, k), self.to_page(b, k), steps))
        finally:
            cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
            cdp.detach()

    # the keyboard -----------------------------------------------------------------------------
    def tab_to_figure(self, control):
        """Focus ``control`` (a locator), press Tab: the first figure must take the focus."""
        control.focus()
        self.page.keyboard.press("Tab")
        self.page.wait_for_timeout(100)
        name = self.page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")
        assert name.startswith(self.figures[0]), f"Tab from the control reached {name!r}, not the figure"

    def move_by_keys(self, selected, choose, moves, where):
        """With the focus on the figure and point ``selected`` chosen: the arrow keys ``choose``
        choose another point, Enter picks it up, the arrow keys ``moves`` move it, Enter drops it.
        Each step is announced in the live summary; afterwards the chosen point (chosen_after) has
        moved by moved_by(moves) (1e-12) and no other point has moved. Returns (index, state)."""
        X0 = np.array(explorer_state(self.root)["sample"]["X"])
        m, i = len(X0), selected
        for key in choose:
            self.press(key)
            i = chosen_after(X0, i, key)
            assert self.summary().startswith(f"Chose point {i + 1} of {m}"), (where, key, self.summary())
        self.press("Enter")
        assert self.summary().startswith(f"Picked up point {i + 1} of {m}"), (where, self.summary())
        for key in moves:
            self.press(key)
        self.press("Enter")
        assert self.summary().startswith(f"Dropped point {i + 1} of {m}"), (where, self.summary())
        state = self.check(where)
        X = np.array(state["sample"]["X"])
        np.testing.assert_allclose(X[i], X0[i] + moved_by(moves), rtol=0, atol=ROUNDING, err_msg=where)
        assert np.array_equal(np.delete(X, i, 0), np.delete(X0, i, 0)), f"{where}: other points moved"
        return i, state

    def add_and_remove_by_keys(self, k, at, moves, where):
        """With the focus on the figure: the key ``k`` (0 or 1) adds a point of class ``k`` at ``at``
        (where the explorer puts it, e.g. its fitted mean of class k) and picks it up, the arrow keys
        ``moves`` move it (moved_by, 1e-12), Delete removes it; each step checked, and the points
        are those of before at the end. Returns the last state."""
        before = explorer_state(self.root)["sample"]
        m = len(before["X"])
        self.press(str(k))
        state = self.check(f"{where}: added")
        X, y = state["sample"]["X"], state["sample"]["y"]
        assert len(X) == m + 1 and y[-1] == k and X[:-1] == before["X"] and y[:-1] == before["y"], where
        assert X[-1] == list(at), (where, X[-1], at)
        if moves:
            for key in moves:
                self.press(key)
            state = self.check(f"{where}: moved")
            np.testing.assert_allclose(state["sample"]["X"][-1], np.add(at, moved_by(moves)), rtol=0, atol=ROUNDING,
                                       err_msg=where)
        self.press("Delete")
        state = self.check(f"{where}: removed")
        assert state["sample"]["X"] == before["X"] and state["sample"]["y"] == before["y"], where
        assert self.summary().startswith(f"Removed point {m + 1} of {m + 1} (y = {k})"), (where, self.summary())
        return state
