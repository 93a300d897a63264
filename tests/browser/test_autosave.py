"""JupyterLab and Notebook 7 with their default settings (autosave on): opening, trusting, autosaving and
saving the lessons never changes them.

A git repository in a temporary folder holds a copy of every lesson, as a
fresh clone does. JupyterLab runs on it with its default settings but two:
its news and update checks are off (they would reach the internet), and its
autosave interval is 10 s instead of 120 s (:data:`AUTOSAVE_S`: what is
tested is the save hook on an autosave, not JupyterLab's timer). Autosave is
on, as by default; genlearn's save hook is loaded as in every environment
genlearn is installed into. Then, as a learner would:

* the lessons are trusted as ``make lab`` trusts them, but one, which is
  opened untrusted and trusted from JupyterLab's command palette ("Trust
  Notebook"); one lesson is opened in Notebook 7 instead of JupyterLab;
* every lesson is opened, each in its own window, and not run;
* after the last window opened, the test waits past the first autosave
  (:data:`AUTOSAVE_S` and 5 s), then saves every window (Ctrl+S).

Oracles: every file was written again (its modification time moved), yet
``git status`` and ``git diff`` in the copy are empty (every byte as
committed); every explorer's stored state is complete and current
(genlearn.course.widget_state.problems); the untrusted lesson showed each
explorer's static picture with the line that says how to bring it to life,
and live explorers once trusted. (That every explorer of a trusted lesson is
live on opening is tests/browser/test_notebooks_in_lab.py's survey of each lesson.)
"""
import functools
import shutil
import subprocess
import time

import pytest

import lessons
from genlearn.course import widget_state
from lab_driver import NO_NETWORK_SETTINGS, LabServer, explorers_in, open_notebook, screenshot, survey
from test_notebook7 import open_in_notebook7

#: JupyterLab's autosave interval in this test (its default is 120 s): the first autosave comes this long
#: after a notebook opened, and the test waits 5 s more.
AUTOSAVE_S = 10
PAST_AUTOSAVE_S = AUTOSAVE_S + 5
SETTINGS = {**NO_NETWORK_SETTINGS,
            "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosaveInterval": AUTOSAVE_S}}


def _git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True,
                          env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@localhost", "PATH": "/usr/bin:/bin",
                               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@localhost"}).stdout


def trust_from_the_palette(page):
    """Command palette > "Trust Notebook" > Trust, as a learner does."""
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    page.keyboard.press("Control+Shift+C")
    page.keyboard.type("Trust Notebook")
    page.locator(".lm-CommandPalette-item", has_text="Trust Notebook").first.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_timeout(1500)


def save_with_ctrl_s(page):
    page.locator(".jp-NotebookPanel .jp-Cell .jp-InputPrompt").first.click()
    page.keyboard.press("Control+s")


@pytest.fixture
def course(tmp_path):
    """A git repository holding the lessons, committed."""
    root = tmp_path / "course"
    (root / "notebooks").mkdir(parents=True)
    for path in lessons.lessons():
        shutil.copy(path, root / "notebooks" / path.name)
    _git("init", "-q", cwd=root)
    _git("add", "-A", cwd=root)
    _git("commit", "-q", "-m", "the lessons", cwd=root)
    return root


def test_opening_trusting_autosaving_and_saving_change_no_lesson(course, chromium, tmp_path):
    files = sorted((course / "notebooks").glob("*.ipynb"))
    with_explorers = [p for p in files if explorers_in(p)]
    assert len(with_explorers) >= 2, "too few lessons with explorers to test"
    in_notebook7, untrusted = with_explorers[0], with_explorers[-1]
    before = {p: p.stat().st_mtime_ns for p in files}
    with LabServer(root_dir=course, settings=SETTINGS) as server:
        server.trust([p for p in files if p != untrusted])
        pages, problems = {}, []
        try:
            for path in files:
                rel = path.relative_to(course).as_posix()
                page = chromium.new_page()
                page.set_default_timeout(60_000)
                pages[path] = page
                if path == in_notebook7:
                    open_in_notebook7(page, server, rel)
                else:
                    open_notebook(page, server, rel)
                if path != untrusted:
                    continue  # its explorers live on opening: test_notebooks_in_lab.py surveys every lesson
                live, dead = survey(page, 0, explorers_in(path),
                                    reopen=functools.partial(open_notebook, page, server, rel), what=rel)
                if live or len(dead) < explorers_in(path):
                    problems.append(f"{path.name} (untrusted): {len(live)} live explorer(s), "
                                    f"{len(dead)} static picture(s) of {explorers_in(path)}")
                for text in dead:
                    if "run this cell" not in text.lower():
                        problems.append(f"{path.name}: a static picture without the line that says how "
                                        f"to bring it to life: {text[:150]!r}")
            opened = time.monotonic()
            trust_from_the_palette(pages[untrusted])
            live, _ = survey(pages[untrusted], explorers_in(untrusted))
            if len(live) < explorers_in(untrusted):
                problems.append(f"{untrusted.name}: {len(live)} of {explorers_in(untrusted)} explorers live "
                                "after Trust Notebook")
            left = PAST_AUTOSAVE_S - (time.monotonic() - opened)
            if left > 0:
                time.sleep(left)
            for page in pages.values():
                save_with_ctrl_s(page)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and any(p.stat().st_mtime_ns == before[p] for p in files):
                time.sleep(0.5)
            for path, page in pages.items():
                screenshot(page, tmp_path / f"{path.stem}.png")
        finally:
            for page in pages.values():
                page.close()
        log = server.log()
    unsaved = [p.name for p in files if p.stat().st_mtime_ns == before[p]]
    assert not unsaved, f"Ctrl+S wrote no file for {unsaved}:\n{log}"
    changed = _git("status", "--porcelain", cwd=course).strip()
    diff = (_git("diff", "--stat", cwd=course) + "\n" + _git("diff", cwd=course)[:4000]).strip()
    stale = {p.name: widget_state.problems(p) for p in files if widget_state.problems(p)}
    assert not changed and not diff and not stale, (
        f"the lessons changed on disk:\n{changed}\n{diff}\nexplorer state: {stale}")
    assert "Pre-save hook failed" not in log, log
    assert not problems, "\n".join(problems)
