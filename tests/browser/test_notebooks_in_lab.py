"""Every lesson as a learner meets it after Run All: opened in JupyterLab in headless
Chromium, looked at, and its sliders moved with the keyboard; every check of a lesson's
page runs on one page load of that lesson.

The lessons opened are the committed ones (the ``lab_server`` fixture's
root), trusted: JupyterLab renders their stored outputs and widget state as
it renders a run notebook, without running them (nbval runs them in
``make test``). A notebook that runs cleanly can still show a kernel
picker, "Loading widget...", a raw ``VBox(children=...)`` text, a broken image,
an explorer that draws nothing (every explorer the file shows must be live on
opening, scrolled to from top to bottom), or a slider that does nothing; the first test
of each lesson catches exactly that. Then, on the same page (``lesson_page``,
one per lesson; the tests of a lesson run in order on it):

* the accessibility audit in JupyterLab Light and Dark
  (test_accessibility.audit_lab_lesson), and each explorer the lesson is the first
  to show redrawn in the new ink at each theme switch (test_theme_change.check_redrawn);
* every predict-then-reveal question, answered by keyboard (test_predict_reveal.check_question);
* every declared control of each explorer the lesson is the first to show, moved to its end
  against the numpy twin (test_explorers.check_controls);
* the Listen button of each explorer that declares a curve (test_listen.check_listen).

Lessons are grouped three to a class: pytest-xdist (--dist loadscope) gives each class to
one worker. The start page is also opened and run as Binder opens it.
Screenshots of each notebook are saved under pytest's temporary folder and
named in the report when a test fails.
"""
import re
from pathlib import Path

import pytest

from test_accessibility import THEME_SETTINGS, audit_lab_lesson
from test_explorers import EXPLORERS, check_controls
from test_listen import LISTENING, RECORD_AUDIO, SILENT, check_listen
from test_predict_reveal import QUESTIONS, check_question
from test_theme_change import DRAWING, check_redrawn
from lab_driver import (
    REPO, LabServer, NotebookProblem, explorer, explorers_in, find_problems, interactive_figures,
    move_slider, new_tab, open_notebook, run_all_cells, saved_widgets_shown, screenshot, survey, use_lab_theme,
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


def of_lesson(rows, lesson):
    """The explorer classes of ``rows`` ((notebook, class) pairs) whose notebook is ``lesson``."""
    return [cls for nb, cls in rows if nb == lesson]


@pytest.fixture(scope="class")
def lesson_page(request, chromium, lab_server, tmp_path_factory):
    """One tab for all the tests of ``lesson``: its Web Audio recorded from the start (test_listen), the
    lesson opened as committed; no kernel left by an earlier test (its widget models would replace the
    notebook's stored ones). Afterwards the tab is closed, every kernel shut down, JupyterLab's theme
    setting back to its default."""
    lesson = request.cls.LESSON
    lab_server.shutdown_kernels()
    page = new_tab(chromium, tmp_path_factory.mktemp(Path(lesson).stem))
    page.add_init_script(RECORD_AUDIO)
    page.genlearn_opened = None
    try:
        open_notebook(page, lab_server, lesson)
        page.genlearn_opened = saved_widgets_shown(page, lambda: open_notebook(page, lab_server, lesson), lesson)
    except NotebookProblem as exc:
        screenshot(page, page.genlearn_shots / "open.png")
        page.genlearn_opened = [str(exc)]
    yield page
    page.close()
    (lab_server.tmp / "settings" / THEME_SETTINGS).unlink(missing_ok=True)
    try:
        lab_server.shutdown_kernels()
    except Exception:
        pass


class _Lesson:
    """A lesson's tests, in this order, on its one page (``lesson_page``)."""
    LESSON = None

    def test_notebook_in_jupyterlab(self, lesson_page, lab_server):
        page, lesson = lesson_page, self.LESSON
        problems = list(page.genlearn_opened)
        fail_if(problems, lesson, page)
        screenshot(page, page.genlearn_shots / "run.png")
        # every explorer the file shows is live on opening, before any cell ran (it drew a frame)
        expected = explorers_in(REPO / lesson)
        if expected:
            live, dead = survey(page, expected, reopen=lambda: open_notebook(page, lab_server, lesson), what=lesson)
            if len(live) < expected:
                problems.append(f"{len(live)} of {expected} explorers live on opening ({live}; not live: {dead})")
        check_interactive_figures(page, problems)
        screenshot(page, page.genlearn_shots / "sliders.png")
        fail_if(problems, lesson, page)
        assert not page.genlearn_errors, page.genlearn_errors

    def test_meets_wcag_and_redraws_on_theme_change(self, lesson_page, lab_server):
        """audit_lab_lesson (Light, then Dark); then each explorer the lesson is the first to show, back to
        Light and to Dark again through JupyterLab's Settings > Theme menu: redrawn in the new ink."""
        page, lesson = lesson_page, self.LESSON
        audit_lab_lesson(page, lab_server, lesson)
        for cls in of_lesson(DRAWING, lesson):
            root = explorer(page, cls._title)
            for theme in ("JupyterLab Light", "JupyterLab Dark"):
                check_redrawn(page, root, lambda theme=theme: use_lab_theme(page, theme), f"{cls._title}: {theme}")
        assert not page.genlearn_errors, page.genlearn_errors

    def test_asks_every_question(self, lesson_page):
        page, lesson = lesson_page, self.LESSON
        for name in sorted(n for n, (nb, _, _) in QUESTIONS.items() if f"notebooks/{nb}" == lesson):
            check_question(page, name)
        assert not page.genlearn_errors, page.genlearn_errors

    def test_every_declared_control_moves_its_parameter(self, lesson_page):
        page, lesson = lesson_page, self.LESSON
        for cls in of_lesson(EXPLORERS, lesson):
            check_controls(page, explorer(page, cls._title), cls)
        assert not page.genlearn_errors, page.genlearn_errors

    def test_listen_plays_the_declared_curve(self, lesson_page):
        page, lesson = lesson_page, self.LESSON
        for cls in of_lesson(LISTENING, lesson):
            check_listen(page, explorer(page, cls._title), cls)
        for cls in of_lesson(SILENT, lesson):  # an explorer of the same lesson with no curve: no button
            assert explorer(page, cls._title).get_by_role("button", name="Listen").count() == 0, cls.__name__
        assert not page.genlearn_errors, page.genlearn_errors


def _applies(test, lesson):
    """Whether a test of ``_Lesson`` has anything to check in ``lesson`` (a class has no test that would pass
    checking nothing)."""
    rows = {"test_asks_every_question": [(f"notebooks/{nb}", None) for nb, _, _ in QUESTIONS.values()],
            "test_every_declared_control_moves_its_parameter": EXPLORERS,
            "test_listen_plays_the_declared_curve": LISTENING + SILENT}.get(test)
    return rows is None or any(nb == lesson for nb, _ in rows)


# one class a lesson (TestLesson03GaussianDiscriminantAnalysis, ...): pytest-xdist (--dist loadscope) gives
# each class to one worker, which opens the lesson once for all its tests
for _lesson in notebooks():
    _name = "TestLesson" + "".join(w.capitalize() for w in Path(_lesson).stem.split("_"))
    globals()[_name] = type(_name, (_Lesson,), {
        "LESSON": _lesson, **{t: None for t in dir(_Lesson) if t.startswith("test_") and not _applies(t, _lesson)}})


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
