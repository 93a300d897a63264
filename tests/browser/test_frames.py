"""What a drag leaves for a screen reader: the description is spoken when the control rests.

While a control moves (a burst of input less than explorer.js's QUIET_MS apart) an explorer draws
drafts, and its polite live region (the description of the picture, ``.gl-description``) is not
written on every input: a screen reader would queue one sentence per frame. Once the control rests,
the region holds the description of the final state, to the letter
(``cls.example(**params).expected_state()["description"]``, genlearn.explorers.describe), and so do the
readouts and the published numbers (lab_driver.check_page_state).

The drag is real mouse input (Playwright's mouse: trusted pointer events), on a slider of lesson
02's explorer and on a training point of lesson 03's.
"""
import pytest

from genlearn.explorers.gaussian_discriminant_analysis import GDAExplorer
from genlearn.explorers.multivariate_gaussian import GaussianExplorer
from genlearn.explorers.qda_lda_naive_bayes import BoundaryExplorer
from lab_driver import (canvas_digest, check_page_state, explorer, explorer_state, open_notebook,
                        saved_widgets_shown)
from points_driver import PointsPage, lonely_point

#: JavaScript: root -> from now on counts the explorer's draft frames (el.glDrafts: frames drawn while the
#: control moves, data-settled "false"), the writes to its description's live region made by a draft
#: (el.glDraftWrites; a mutation observer's callback runs right after the frame that made the change),
#: and the input events of its controls and canvases (el.glInputs).
COUNT_JS = """el => {
  const region = el.querySelector('.gl-description'), draft = () => el.dataset.settled === 'false';
  Object.assign(el, {glDrafts: 0, glDraftWrites: 0, glInputs: 0});
  new MutationObserver((m) => { if (draft()) el.glDraftWrites += m.length; })
    .observe(region, {subtree: true, childList: true, characterData: true});
  new MutationObserver(() => { if (draft()) el.glDrafts += 1; })
    .observe(el, {attributes: true, attributeFilter: ['data-frames']});
  el.addEventListener('input', () => { el.glInputs += 1; }, true);
  el.addEventListener('pointermove', (e) => { if (e.buttons) el.glInputs += 1; }, true);
}"""


def open_explorer(page, server, notebook, name):
    open_notebook(page, server, notebook)
    problems = saved_widgets_shown(page, lambda: open_notebook(page, server, notebook), notebook)
    assert not problems, problems
    return explorer(page, name)


def rested(page, root):
    """Wait until the explorer has drawn its full frame after the drag; returns its state."""
    page.wait_for_function("el => el.dataset.settled === 'true'", arg=root.element_handle(), timeout=30_000)
    page.wait_for_timeout(400)  # QUIET_MS after the last input, and its frame
    page.wait_for_function("el => el.dataset.settled === 'true'", arg=root.element_handle(), timeout=30_000)
    return explorer_state(root)


def drag(page, path):
    """Press at path[0], move through the rest one position a frame, release."""
    page.mouse.move(*path[0])
    page.mouse.down()
    for xy in path[1:]:
        page.mouse.move(*xy)
        page.wait_for_timeout(16)
    page.mouse.up()


def counted(root, where):
    """The drag was drawn as drafts, and no draft wrote the description: a screen reader hears it
    when the control rests (an input that comes alone, more than QUIET_MS after the one before, is
    drawn in full and spoken: a slow machine may make a few of those)."""
    drafts, writes, inputs = root.evaluate("el => [el.glDrafts, el.glDraftWrites, el.glInputs]")
    assert inputs >= 20, f"{where}: the drag made only {inputs} input events"
    assert drafts >= 5, f"{where}: only {drafts} draft frames for {inputs} inputs"
    assert writes == 0, f"{where}: {drafts} draft frames wrote the description {writes} times"


def test_description_spoken_when_a_slider_rests(lab_server, lab_page):
    page = lab_page
    nb = "notebooks/02_multivariate_gaussian.ipynb"
    root = open_explorer(page, lab_server, nb, GaussianExplorer._title)
    slider = root.get_by_role("slider", name="ρ (correlation)", exact=True)
    slider.scroll_into_view_if_needed()
    before = explorer_state(root)["params"]["rho"]
    box = slider.bounding_box()
    y, x0, x1 = box["y"] + box["height"] / 2, box["x"] + box["width"] / 2, box["x"] + box["width"] * 0.9
    root.evaluate(COUNT_JS)
    drag(page, [(x0 + (x1 - x0) * k / 40, y) for k in range(41)])
    state = rested(page, root)
    # the live region's text included, to the letter
    check_page_state(root, state, GaussianExplorer.example(**state["params"]).expected_state(), "ρ dragged, at rest")
    counted(root, "ρ dragged")
    assert state["params"]["rho"] > before + 0.3, (before, state["params"]["rho"])
    assert not page.genlearn_errors, page.genlearn_errors


def test_description_spoken_when_a_dragged_point_rests(lab_server, lab_page):
    import numpy as np

    page = lab_page
    root = open_explorer(page, lab_server, "notebooks/03_gaussian_discriminant_analysis.ipynb", GDAExplorer._title)
    # the oracle: genlearn's GDA explorer with the page's parameters, fitted to the page's points
    points = PointsPage(root, lambda state: GDAExplorer(draws=state["sample"]["draws"], **state["params"]),
                        ["The training points"], GDAExplorer.class_traits()["limits"].default())
    points.figure().scroll_into_view_if_needed()
    state = explorer_state(root)
    i = lonely_point(state, within=3.5)
    start = np.array(state["sample"]["X"][i])
    root.evaluate(COUNT_JS)
    # half a turn round a circle of radius 1.5 from the point: the fitted boundary turns on every move
    centre, turn = start - [1.5, 0], np.linspace(0, np.pi, 41)
    drag(page, [points.to_page(centre + 1.5 * np.array([np.cos(t), np.sin(t)])) for t in turn])
    rested(page, root)
    after = points.check("a point dragged, at rest")  # the live region's text included, to the letter
    counted(root, "a point dragged")
    assert np.abs(np.array(after["sample"]["X"][i]) - (centre - [1.5, 0])).max() < 0.1, "the point did not follow"
    assert not page.genlearn_errors, page.genlearn_errors


@pytest.mark.parametrize("notebook, name, control", [
    ("notebooks/02_multivariate_gaussian.ipynb", GaussianExplorer._title, "ρ (correlation)"),
    ("notebooks/05_qda_lda_naive_bayes.ipynb", BoundaryExplorer._title, "σ₁ (class 1, x₁)"),
], ids=["02", "05"])
def test_the_picture_at_rest_after_drafts_is_the_full_one(lab_server, lab_page, notebook, name, control):
    """Drafts draw a cheaper picture (coarser grids, 05's still points with the axes): once a burst of
    input that leaves the parameters where they were rests, every canvas of the explorer (layers
    included) holds what the frame drawn before the burst, alone, held."""
    page = lab_page
    root = open_explorer(page, lab_server, notebook, name)
    slider = root.get_by_role("slider", name=control, exact=True)
    slider.scroll_into_view_if_needed()
    slider.focus()
    page.keyboard.press("ArrowRight")  # a frame drawn alone, by the page (05: its own sample)
    before = rested(page, root)
    picture = canvas_digest(page, root)
    root.evaluate(COUNT_JS)
    for key in ["ArrowLeft"] * 8 + ["ArrowRight"] * 8:  # a burst: drawn as drafts
        page.keyboard.press(key)
    after = rested(page, root)
    assert root.evaluate("el => el.glDrafts") > 0, "the burst drew no draft"
    assert after["params"] == before["params"], (before["params"], after["params"])
    assert canvas_digest(page, root) == picture, "the picture at rest after drafts differs from the one before"
    assert not page.genlearn_errors, page.genlearn_errors
