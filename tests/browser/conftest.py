"""Fixtures for the browser tests: one JupyterLab server and one headless
Chromium per pytest session (per xdist worker: ``--dist loadscope`` keeps each
module's tests on one worker).

The server's root is ``course_notebooks``: a folder whose ``notebooks/`` holds
every notebook as committed, with its stored outputs and its explorers' widget
state, trusted as ``make lab`` trusts the lessons. The browser tests open those
and drive them without running them (small notebooks of their own, where a test
needs a kernel); nbval runs the lessons in ``make test``. The course site and
the handouts are built once per session (``course_build``).

Without Debian's Chromium at /usr/bin/chromium every test here is skipped with
that reason, and a warning in pytest's summary says so: ``make test`` still
passes on such a machine, and ``.ci/run`` installs Chromium first.
"""
import os
import shutil
import warnings
from pathlib import Path

import pytest

from lab_driver import (
    CHROMIUM, REPO, LabServer, chromium_available, launch_chromium, new_tab, screenshot, serve_folder,
    web_assets_or_skip,
)

HERE = Path(__file__).resolve().parent

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # the test extras are not installed
    sync_playwright = None

if sync_playwright is None:
    SKIP_REASON = ("browser tests skipped: Playwright for Python is not installed "
                   "(pip install -e '.[test]')")
elif not chromium_available():
    SKIP_REASON = (f"browser tests skipped: no Chromium at {CHROMIUM} "
                   "(install it with `apt-get install chromium`; .ci/run does)")
else:
    SKIP_REASON = None


def pytest_configure(config):
    config.addinivalue_line("markers", "lite: runs every lesson in the browser kernel of the JupyterLite site "
                                       "(minutes); pytest -m 'not lite' leaves it out of a quick run")


def pytest_collection_modifyitems(config, items):
    if SKIP_REASON is None:
        return
    mine = [it for it in items if HERE in Path(str(it.path)).resolve().parents]
    if not mine:
        return
    for item in mine:
        item.add_marker(pytest.mark.skip(reason=SKIP_REASON))
    # a plain UserWarning (pytest-xdist's controller cannot import a class defined here to rebuild it)
    warnings.warn(f"BrowserTestsSkipped: {len(mine)} {SKIP_REASON}", stacklevel=1)


@pytest.fixture(scope="session")
def course_notebooks(tmp_path_factory):
    """A folder with notebooks/<lesson>.ipynb: every notebook as committed, with its stored outputs and
    widget state, as a clone gives it to a learner (nbval runs the lessons in `make test`;
    tests/test_widget_state.py checks that their stored explorers are complete and current)."""
    root = tmp_path_factory.mktemp("course")
    (root / "notebooks").mkdir()
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        shutil.copy(path, root / "notebooks" / path.name)
    return root


@pytest.fixture(scope="session")
def course_build(tmp_path_factory):
    """The course site (``genlearn.course.site build``, with its JupyterLite copy) in ``site/`` and every
    lesson's handout in ``handouts/``, from the notebooks as committed: built once per test session, by
    the first xdist worker that asks (the others wait for it and share the folder)."""
    from genlearn.course import site
    from genlearn.course.lite import lock_file

    web_assets_or_skip("site and handout tests")
    if not (site.MATHJAX3_DIR / f"tex-svg-full-{site.MATHJAX3_VERSION}.js").exists() and not shutil.which("npm"):
        pytest.skip("site and handout tests skipped: MathJax 3 not fetched and no npm (apt-get install npm)")
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "course-build"
    with lock_file(folder.with_suffix(".lock")):
        if not (folder / "built").exists():
            shutil.rmtree(folder, ignore_errors=True)
            site.build(folder / "site", course=REPO)
            site.handouts(folder / "handouts", course=REPO)
            (folder / "built").touch()
    return folder


@pytest.fixture(scope="session")
def course_pages(course_build):
    """``course_build`` served from 127.0.0.1: the base URL (``/site/…``, ``/handouts/…``)."""
    with serve_folder(course_build) as base:
        yield base


@pytest.fixture(scope="session")
def lab_server(course_notebooks):
    """JupyterLab on 127.0.0.1, free port, random token, root = ``course_notebooks``, lessons trusted."""
    server = LabServer(root_dir=course_notebooks).start()
    server.trust(sorted((course_notebooks / "notebooks").glob("*.ipynb")))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def chromium(pw_session):
    """A persistent Chromium context with a fresh profile, for the session."""
    context, cleanup = launch_chromium(pw_session)
    yield context
    cleanup()


@pytest.fixture
def lab_page(chromium, lab_server, tmp_path):
    """A new tab, with no kernel left by an earlier test (its widget models would replace the
    notebook's stored ones); afterwards it is closed and every kernel is shut down."""
    lab_server.shutdown_kernels()
    page = new_tab(chromium, tmp_path)
    yield page
    page.close()
    try:
        lab_server.shutdown_kernels()
    except Exception:
        pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On failure, screenshot the page and attach its path (and any JavaScript
    errors) to the report, and to the JUnit XML as a property."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    page = funcargs.get("lab_page") or funcargs.get("lesson_page")  # test_notebooks_in_lab: a lesson's page
    if page is None or page.is_closed():
        return
    shot = screenshot(page, Path(page.genlearn_shots) / "failure.png")
    shots = sorted(str(p) for p in Path(page.genlearn_shots).glob("*.png"))
    text = "screenshots:\n  " + "\n  ".join(shots) if shot or shots else "no screenshot"
    if page.genlearn_errors:
        text += "\nJavaScript errors in the page:\n  " + "\n  ".join(page.genlearn_errors[:10])
    report.sections.append(("browser", text))
    for s in shots:
        item.user_properties.append(("screenshot", s))
