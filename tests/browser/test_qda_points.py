"""Lesson 05's QDA / LDA / naive Bayes explorer with the learner's hands on the training points (issue 33).

Real input, as a learner gives it: Playwright's mouse drags a point in one panel, adds one of
either class and removes one (menu and Shift+press), presses *Outlier*; the DevTools protocol's
touch events drag one as a finger does; the keyboard alone chooses, moves, adds and removes.
Oracle: after each edit the page's ``data-state`` holds every training point, and
``BoundaryExplorer(**params)`` given those points (``set_points``) computes with genlearn's
``QDA().fit``, ``GDA().fit`` (LDA) and ``GaussianNB().fit`` what the page must publish (1e-9
relative; readouts and the description of the picture to the letter). The input and the
oracle are ``points_driver``'s, shared with lessons 03 and 04.
"""
import numpy as np

from genlearn.demos.qda_lda_naive_bayes import EXPLORER_LIM
from genlearn.explorers.qda_lda_naive_bayes import OUTLIER_AT, BoundaryExplorer
from lab_driver import lesson_explorers, screenshot
from points_driver import PointsPage, assert_only_moved, lonely_point
from test_explorers import open_explorer

NOTEBOOK = next(nb for nb, cls in lesson_explorers() if cls is BoundaryExplorer)
#: The panels' canvases are called so (their accessible names begin so); the first takes the keys.
PANELS = ("QDA: one full", "LDA (GDA): one shared", "naive Bayes: diagonal")


def twin(state):
    """genlearn's boundary explorer (its three fits) with the page's parameters."""
    return BoundaryExplorer(**state["params"])


def open_points(page, server):
    """Lesson 05's boundary explorer, its points edited on any of its three panels."""
    root = open_explorer(page, server, NOTEBOOK, BoundaryExplorer._title)
    return PointsPage(root, twin, PANELS, EXPLORER_LIM)


def test_mouse_drags_adds_and_removes_points(lab_server, lab_page, tmp_path):
    page = lab_page
    ex = open_points(page, lab_server)
    ex.figure(1).scroll_into_view_if_needed()
    before = ex.check("first frame")
    X0 = np.array(before["sample"]["X"])
    m = len(X0)

    # drag a point in the middle (LDA) panel: every panel's fit follows
    i = lonely_point(before)
    target = X0[i] + [1.2, -1.0]
    ex.drag(X0[i], target, 1)
    state = ex.check("after a drag")
    X = np.array(state["sample"]["X"])
    assert_only_moved(X0, X, i, target)
    assert all(state["models"][k]["mu"] != before["models"][k]["mu"] for k in state["models"])
    assert "Moved point" in ex.summary()

    # add a point of class 0 in the QDA panel, remove it in the naive Bayes panel
    ex.pointer_mode("add a point with y = 0")
    ex.click([5.0, -3.5], 0)
    state = ex.check("after adding a point")
    assert len(state["sample"]["X"]) == m + 1 and state["sample"]["y"][-1] == 0
    assert np.abs(np.array(state["sample"]["X"][-1]) - [5.0, -3.5]).max() < 0.05
    ex.pointer_mode("remove a point")
    ex.click(state["sample"]["X"][-1], 2)
    state = ex.check("after removing the point")
    assert np.array_equal(state["sample"]["X"], X.tolist())

    # Shift+press removes in any mode
    ex.pointer_mode("drag a point")
    j = lonely_point(state, k=1)
    ex.click(X[j], 0, shift=True)
    state = ex.check("after Shift+click")
    assert np.array_equal(state["sample"]["X"], np.delete(X, j, 0).tolist())

    # the outlier preset: the first point with y = 0 to the corner
    ex.act(lambda: ex.root.get_by_role("button", name="Outlier: move one point far away").click())
    state = ex.check("outlier preset")
    assert state["sample"]["X"][state["sample"]["y"].index(0)] == list(OUTLIER_AT)
    screenshot(page, tmp_path / "qda-points.png")
    assert not page.genlearn_errors, page.genlearn_errors


def test_keyboard_alone_moves_adds_and_removes_a_point(lab_server, lab_page):
    """Tab reaches the QDA panel from the Outlier button; arrows choose a point, Enter picks it
    up, arrows move it by 0.1, Enter drops it; 0 adds a point of class 0 at QDA's fitted mu0;
    Delete removes it. Every step is checked with genlearn."""
    page = lab_page
    ex = open_points(page, lab_server)
    ex.check("first frame")
    ex.tab_to_figure(ex.root.get_by_role("button", name="Outlier: move one point far away"))
    # ArrowUp: the point with the next larger x2 after point 1 (chosen when the panel took the focus)
    _, state = ex.move_by_keys(0, ["ArrowUp"], ["ArrowDown", "ArrowLeft", "ArrowLeft"], "moved by the keyboard")
    # 0: a point of class 0 at QDA's fitted mu0, picked up, removed
    ex.add_and_remove_by_keys(0, state["models"]["QDA"]["mu"][0], [], "a point added by the keyboard")
    assert not page.genlearn_errors, page.genlearn_errors


def test_touch_drags_a_point(lab_server, lab_page):
    """A finger (touch events through the DevTools protocol) drags a point in the naive Bayes panel."""
    page = lab_page
    ex = open_points(page, lab_server)
    ex.figure(2).scroll_into_view_if_needed()
    assert all(ex.figure(k).evaluate("c => getComputedStyle(c).touchAction") == "none" for k in range(3))
    before = ex.check("first frame")
    X0 = np.array(before["sample"]["X"])
    i = lonely_point(before)
    target = X0[i] + [-1.0, 1.2]
    ex.touch_drag(X0[i], target, 2)
    state = ex.check("after a touch drag")
    assert_only_moved(X0, state["sample"]["X"], i, target)
    assert not page.genlearn_errors, page.genlearn_errors
