"""Every lesson as a learner meets it after Run All: opened in JupyterLab in headless
Chromium, looked at, and its sliders moved with the keyboard.

The lessons opened are the committed ones (the ``lab_server`` fixture's
root), trusted: JupyterLab renders their stored outputs and widget state as
it renders a run notebook, without running them (nbval runs them in
``make test``). A notebook that runs cleanly can still show a kernel
picker, "Loading widget...", a raw ``VBox(children=...)`` text, a broken image,
an explorer that draws nothing, or a slider that does nothing; these tests
catch exactly that. On the same page, each lesson is audited for accessibility in
JupyterLab Light and Dark (test_accessibility.audit_lab_lesson) and every
predict-then-reveal question it asks is answered by keyboard
(test_predict_reveal.check_question): a lesson opens once for all of it. The
start page is also opened and run as Binder opens it.
Screenshots of each notebook are saved under pytest's temporary folder and
named in the report when a test fails.
"""
import re
from pathlib import Path

import pytest

from test_accessibility import audit_lab_lesson
from test_predict_reveal import QUESTIONS, check_question
from lab_driver import (
    REPO, LabServer, NotebookProblem, find_problems, interactive_figures,
    move_slider, open_notebook, run_all_cells, saved_widgets_shown, screenshot,
)

NOTEBOOK_DIR = REPO / "notebooks"
EXCLUDED = [NOTEBOOK_DIR / "homework"]  # student versions: they stop at their stubs by design
START = "notebooks/00_start_here.ipynb"


def notebooks():
    found = []
    for path in sorted(NOTEBOOK_DIR.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts or any(ex in path.parents for ex in EXCLUDED):
            continue
        found.append(path.relative_to(REPO).as_posix())
    return found


def check_interactive_figures(page, problems):
    """Move each interactive figure's slider and check figure and readout follow."""
    figures = interactive_figures(page)
    for fig in figures:
        where = f"interactive figure {fig['index'] + 1} (cell {fig['cell']})"
        if fig["slider"] is None:
            problems.append(f"{where}: no slider found in its panel")
            continue
        before, after = move_slider(page, fig["index"])
        label = f"{where}, slider {fig['slider']!r} {before['value']} -> {after['value']}"
        if after["value"] == before["value"]:
            problems.append(f"{label}: the arrow keys did not move the slider")
            continue
        if not after["ok"]:
            problems.append(f"{label}: the figure is not rendered after the change")
        if after["src"] == before["src"] or after["digest"] == before["digest"]:
            problems.append(f"{label}: the figure did not change")
        if not any(before["readouts"]):
            problems.append(f"{label}: no readout (widgets.HTML) next to the figure")
        elif after["readouts"] == before["readouts"]:
            problems.append(f"{label}: the readout did not change: {before['readouts']}")
    return figures


def fail_if(problems, path, page):
    if problems:
        extra = ""
        if page.genlearn_errors:
            extra = "\nJavaScript errors: " + "; ".join(page.genlearn_errors[:5])
        pytest.fail(f"{path}: {len(problems)} problem(s) in JupyterLab:\n  - "
                    + "\n  - ".join(problems) + extra, pytrace=False)


@pytest.mark.parametrize("path", notebooks())
def test_notebook_in_jupyterlab(path, lab_server, lab_page, tmp_path):
    page = lab_page
    stem = Path(path).stem
    try:
        open_notebook(page, lab_server, path)
    except NotebookProblem as exc:
        screenshot(page, tmp_path / f"{stem}-open.png")
        pytest.fail(str(exc), pytrace=False)
    problems = saved_widgets_shown(page, lambda: open_notebook(page, lab_server, path), path)
    screenshot(page, tmp_path / f"{stem}-run.png")
    check_interactive_figures(page, problems)
    screenshot(page, tmp_path / f"{stem}-sliders.png")
    fail_if(problems, path, page)
    # on the same page: the accessibility audit in Light and Dark, then every predict-then-reveal question
    audit_lab_lesson(page, lab_server, path)
    for name in sorted(n for n, (nb, _, _) in QUESTIONS.items() if f"notebooks/{nb}" == path):
        check_question(page, name)
    assert not page.genlearn_errors, page.genlearn_errors


def readme_urlpath():
    """The url path the README's Binder badge opens (default: the start notebook)."""
    readme = REPO / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.exists() else ""
    m = re.search(r"mybinder\.org/v2/[^\s)\]]*?[?&]urlpath=([^\s)&\]]+)", text)
    if m:
        return m.group(1).replace("%2F", "/").replace("%2f", "/")
    return f"lab/tree/{START}"


def binder_wrapper():
    """repo2docker runs ``binder/start`` (when present) around the server command."""
    start = REPO / "binder" / "start"
    if not start.exists():
        return []
    return [str(start)] if start.stat().st_mode & 0o111 else ["bash", str(start)]


def test_binder_start_page(chromium, tmp_path):
    """Binder's launch: the server started from the repository root with no root
    option (plus binder/start, if any), opened at the README badge's url path."""
    urlpath = readme_urlpath()
    assert urlpath.startswith("lab/tree/"), f"the Binder badge should open JupyterLab, not {urlpath!r}"
    target = urlpath[len("lab/tree/"):]
    assert (REPO / target).exists(), f"the Binder badge opens {target}, which does not exist"
    with LabServer(root_dir=None, cwd=REPO, wrapper=binder_wrapper()) as server:
        page = chromium.new_page()
        page.genlearn_errors = []
        try:
            try:
                open_notebook(page, server, target, reset=False)
            except NotebookProblem as exc:
                screenshot(page, tmp_path / "binder-open.png")
                pytest.fail(str(exc), pytrace=False)
            run_all_cells(page)
            problems = find_problems(page)
            screenshot(page, tmp_path / "binder.png")
            fail_if(problems, target, page)
        finally:
            page.close()
