"""The explorers in Notebook 7 (the classic-style UI, package ``notebook``), driven as a learner does.

The same ``jupyter lab`` server (lab_driver.LabServer) serves Notebook 7 at
``/notebooks/<path>``. This module starts its own server whose root is a
temporary folder holding a small notebook, written here, that shows one of each explorer class with
default parameters (``EXPLORERS`` of test_explorers.py). Nothing is written
under the repository, and no lesson runs again.

Oracles:

* (a lesson opened in Notebook 7 with its explorers live before anything runs,
  and saved unchanged, is tests/browser/test_autosave.py's;)
* in the generated notebook, every explorer, found by its accessible name,
  draws a first frame whose numbers equal numpy's
  (``test_explorers.check_against_numpy``: ``cls.example(**params).expected_state()``
  to 1e-9 relative, readouts equal line for line); after one key press
  (End) on its first slider, found by name, the slider is at its maximum, the
  picture (canvas pixels) changed, and the new numbers again equal numpy's;
* no JavaScript error in the page (apart from one thrown by Notebook 7 itself,
  ``KNOWN_NOTEBOOK7_ERRORS``).
"""
import re

import nbformat
import pytest

from lab_driver import (
    CELLS_RAN_JS, LabServer, canvas_digest, explorer, find_problems, press_on, screenshot,
)
from test_explorers import EXPLORERS, check_against_numpy, slider_names

#: Notebook 7.6.5 itself throws this on opening any notebook, before any cell runs: its keyboard
#: shortcuts plugin (notebook_core, on the settings registry's pluginChanged) reads
#: registry.plugins[id].schema for a plugin the registry has not loaded yet. A race reported
#: upstream as jupyter/notebook#7862 (open). Any other page error fails the tests.
KNOWN_NOTEBOOK7_ERRORS = {"Cannot read properties of undefined (reading 'schema')"}

GALLERY = "explorers_gallery.ipynb"

READY_JS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel');
  if (!panel || !panel.querySelector('.jp-Cell')) return false;
  return document.querySelector('.lm-MenuBar-itemLabel') !== null;
}"""

ALL_RUN_JS = f"() => ({CELLS_RAN_JS})(document.querySelector('.jp-NotebookPanel'))"


def gallery_notebook():
    """One cell of imports, then one cell per explorer class (default parameters)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                 "name": "python3"}
    imports = sorted({f"from {cls.__module__} import {cls.__name__}" for *_, cls in EXPLORERS})
    nb.cells.append(nbformat.v4.new_code_cell("\n".join(imports)))
    for *_, cls in EXPLORERS:
        nb.cells.append(nbformat.v4.new_code_cell(f"{cls.__name__}()"))
    return nb


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory):
    """Overrides conftest's server for this module: root = a temporary folder."""
    root = tmp_path_factory.mktemp("nb7root")
    nbformat.write(gallery_notebook(), root / GALLERY)
    server = LabServer(root_dir=root).start()
    yield server
    server.stop()


def kernel_idle(server):
    sessions = server.api("GET", "/api/sessions")
    return bool(sessions) and all(s["kernel"]["execution_state"] == "idle" for s in sessions)


def open_in_notebook7(page, server, path, timeout=90):
    """Open ``path`` in Notebook 7 and wait for the page and an idle kernel."""
    page.goto(f"{server.url}/notebooks/{path}?token={server.token}", wait_until="domcontentloaded")
    page.wait_for_function(READY_JS, timeout=timeout * 1000, polling=200)
    for _ in range(timeout * 5):
        if page.locator(".jp-Dialog").count():
            raise AssertionError(f"{path}: a dialog instead of a kernel: "
                                 f"{page.locator('.jp-Dialog').first.inner_text()[:300]!r}")
        if kernel_idle(server):
            break
        page.wait_for_timeout(200)
    else:
        raise AssertionError(f"{path}: the kernel did not become idle in {timeout} s")


def run_all_from_menu(page, server, timeout=180):
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_timeout(500)
    page.wait_for_function(ALL_RUN_JS, timeout=timeout * 1000, polling=250)
    for _ in range(timeout * 5):
        if kernel_idle(server):
            return
        page.wait_for_timeout(200)


def test_every_explorer_in_notebook7(lab_server, lab_page, tmp_path):
    """One of each explorer class: first frame and one key press on a slider, checked with numpy."""
    page = lab_page
    open_in_notebook7(page, lab_server, GALLERY)
    run_all_from_menu(page, lab_server)
    problems = find_problems(page)
    assert not problems, problems
    for _, cls in EXPLORERS:
        name = cls._title
        root = explorer(page, name)
        check_against_numpy(root, cls, f"{name}: first frame")
        if not slider_names(cls):  # no slider (lesson 04's Newton explorer): its first button, Step
            before = canvas_digest(page, root)
            root.get_by_role("button").first.click()
            page.wait_for_timeout(400)
            assert canvas_digest(page, root) != before, f"{name}: its first button changed no pixel"
            check_against_numpy(root, cls, f"{name}: first button pressed")
            continue
        control = slider_names(cls)[0]
        before = canvas_digest(page, root)
        value = press_on(page, root, control, "End")
        target = root.get_by_role("slider", name=control, exact=True)
        # tol: exact: the slider's max, as the page reads it back
        assert float(value) == float(target.get_attribute("max")), f"{name}: {control} did not reach its max"
        assert canvas_digest(page, root) != before, f"{name}: {control} moved, the picture did not change"
        check_against_numpy(root, cls, f"{name}: {control} at its max")
    screenshot(page, tmp_path / "gallery.png")
    errors = [e for e in page.genlearn_errors if e not in KNOWN_NOTEBOOK7_ERRORS]
    assert not errors, errors
