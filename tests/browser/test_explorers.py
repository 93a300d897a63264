"""The explorers in JupyterLab, driven as a learner does, checked against numpy.

Oracle: every explorer page publishes the numbers of its current frame in the
``data-state`` attribute of its root element, with the trait values it used
(``params``). The test rebuilds the same explorer in Python,
``cls(**params)``, and compares the page's numbers with its
``expected_state()`` (genlearn and numpy) to 1e-9 relative; the readouts a
screen reader gets (role="status") must equal the expected lines. Controls
are found by their accessible names, never by position.

To add an explorer: one line in ``EXPLORERS`` (notebook, the explorer's
accessible name, its Python class); see /work/coord/EXPLORER_PROTOCOL.md.
"""
import pytest

from genlearn.demos.explorer import state_mismatches
from genlearn.demos.multivariate_gaussian import GaussianExplorer
from lab_driver import (
    canvas_digest, explorer, explorer_state, find_problems, open_notebook, press_on, readout_text,
    run_all_cells, screenshot,
)

#: (notebook, accessible name of the explorer, its Python class)
EXPLORERS = [
    ("notebooks/02_multivariate_gaussian.ipynb", "Multivariate Gaussian explorer", GaussianExplorer),
]


def check_against_numpy(root, cls, where):
    """The page's numbers and readouts equal those of ``cls(**params)``; returns the state."""
    state = explorer_state(root)
    expected = cls(**state["params"]).expected_state()
    problems = state_mismatches(state, expected, rtol=1e-9)
    assert not problems, f"{where}: the page disagrees with numpy:\n  " + "\n  ".join(problems[:12])
    assert readout_text(root) == expected["readouts"], where
    return state


def slider_names(root):
    return [s.get_attribute("aria-label") or s.evaluate("e => e.labels[0].textContent")
            for s in root.get_by_role("slider").all()]


def open_explorer(page, server, notebook, name):
    open_notebook(page, server, notebook)
    run_all_cells(page)
    problems = find_problems(page)
    assert not problems, problems
    return explorer(page, name)


@pytest.mark.parametrize("notebook, name, cls", EXPLORERS, ids=[e[1] for e in EXPLORERS])
def test_every_control_to_both_ends(notebook, name, cls, lab_server, lab_page, tmp_path):
    """Each slider to its maximum (End) and minimum (Home); each menu option chosen."""
    page = lab_page
    root = open_explorer(page, lab_server, notebook, name)
    check_against_numpy(root, cls, "first frame")
    names = slider_names(root)
    assert names, "no slider in the explorer"
    for control in names:
        for key, attr in (("End", "max"), ("Home", "min")):
            before = canvas_digest(page, root)
            value = press_on(page, root, control, key)
            target = root.get_by_role("slider", name=control, exact=True)
            assert float(value) == float(target.get_attribute(attr)), f"{control}: {key} did not reach the {attr}"
            check_against_numpy(root, cls, f"{control} at its {attr}")
            assert canvas_digest(page, root) != before or key == "Home" and control == names[0], \
                f"{control} {key}: the picture did not change"
    screenshot(page, tmp_path / "explorer-ends.png")
    for menu in root.get_by_role("combobox").all():
        label = menu.evaluate("e => e.labels[0].textContent")
        for option in menu.locator("option").all():
            text = option.inner_text()
            menu.select_option(label=text)
            page.wait_for_timeout(50)
            check_against_numpy(root, cls, f"{label} = {text!r}")
    assert not page.genlearn_errors, page.genlearn_errors


def test_gaussian_presets_are_exact_and_reapply(lab_server, lab_page):
    """A preset sets exact values (Sigma = 0.6 I gives |Sigma| = 0.3600, not 0.3515), and
    choosing the shown preset again after moving a slider applies it again."""
    page = lab_page
    root = open_explorer(page, lab_server, *EXPLORERS[0][:2])
    menu = root.get_by_role("combobox", name="preset")
    menu.select_option(label="Sigma = [[3, 0.8], [0.8, 1]]")
    page.wait_for_timeout(50)
    state = check_against_numpy(root, GaussianExplorer, "preset [[3, .8], [.8, 1]]")
    assert state["params"]["sigma1"] == 3 ** 0.5 and state["Sigma"][0][1] == pytest.approx(0.8, rel=1e-15)
    menu.select_option(label="Sigma = 0.6 I")
    page.wait_for_timeout(50)
    assert "|Σ| = 0.3600" in readout_text(root)
    press_on(page, root, "ρ (correlation)", "ArrowRight")
    state = check_against_numpy(root, GaussianExplorer, "rho moved")
    assert state["preset"] == "" and state["params"]["rho"] == 0.01
    menu.select_option(label="Sigma = 0.6 I")
    page.wait_for_timeout(50)
    state = check_against_numpy(root, GaussianExplorer, "preset chosen again")
    assert state["params"]["rho"] == 0.0 and "|Σ| = 0.3600" in readout_text(root)
