"""Fixtures for the browser tests: one JupyterLab server and one headless
Chromium per pytest session (per xdist worker: ``--dist loadscope`` keeps each
module's tests on one worker).

The server's root is ``executed_course``: a folder whose ``notebooks/`` holds
every lesson as the test session executed it once (tests/lessons.py), with
its outputs and its explorers' widget state, trusted as ``make lab`` trusts
the lessons. The browser tests open those and drive them; they do not run the
lessons again (small notebooks of their own, where a test needs a kernel).

Without Debian's Chromium at /usr/bin/chromium every test here is skipped with
that reason, and a warning in pytest's summary says so: ``make test`` still
passes on such a machine, and ``.ci/run`` installs Chromium first.
"""
import json
import warnings
from pathlib import Path

import pytest

from lab_driver import CHROMIUM, LabServer, chromium_available, launch_chromium, screenshot

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


class BrowserTestsSkipped(UserWarning):
    """Shown in pytest's warnings summary when the browser tests cannot run."""


def pytest_collection_modifyitems(config, items):
    if SKIP_REASON is None:
        return
    mine = [it for it in items if HERE in Path(str(it.path)).resolve().parents]
    if not mine:
        return
    for item in mine:
        item.add_marker(pytest.mark.skip(reason=SKIP_REASON))
    warnings.warn(BrowserTestsSkipped(f"{len(mine)} {SKIP_REASON}"), stacklevel=1)


@pytest.fixture(scope="session")
def executed_course(lesson_runs, tmp_path_factory):
    """A folder with notebooks/<lesson>.ipynb: every lesson as executed once this session."""
    import shutil

    root = tmp_path_factory.mktemp("executed-course")
    (root / "notebooks").mkdir()
    # last lesson first: tests/test_lesson_runs.py, on another xdist worker, runs them first to last, so
    # the two workers execute different lessons at once until they meet (each run happens once)
    for path in reversed(lesson_runs.lessons()):
        run = lesson_runs.lesson_run(path)
        if run.error is not None:
            pytest.fail(f"{path.name} did not run (tests/test_lesson_runs.py says why)", pytrace=False)
        shutil.copy(run.path, root / "notebooks" / path.name)
    # the pages with no code (notebooks/notes_slips.ipynb): nothing to run, opened as they are
    for path in sorted((lesson_runs.ROOT / "notebooks").glob("*.ipynb")):
        if not (root / "notebooks" / path.name).exists():
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            assert not any(c["cell_type"] == "code" for c in cells), \
                f"{path.name} has code but is not a lesson that tests/lessons.py runs: name it NN_topic.ipynb"
            shutil.copy(path, root / "notebooks" / path.name)
    return root


@pytest.fixture(scope="session")
def lab_server(executed_course):
    """JupyterLab on 127.0.0.1, free port, random token, root = ``executed_course``, lessons trusted."""
    server = LabServer(root_dir=executed_course).start()
    server.trust(sorted((executed_course / "notebooks").glob("*.ipynb")))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pw_session():
    """Playwright, started once per session (a second sync_playwright() in the same process fails)."""
    with sync_playwright() as pw:
        yield pw


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
    page = chromium.new_page()
    page.set_default_timeout(60_000)
    page.genlearn_errors = []
    page.on("pageerror", lambda exc: page.genlearn_errors.append(str(exc)[:300]))
    page.genlearn_shots = tmp_path
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
    page = item.funcargs.get("lab_page") if hasattr(item, "funcargs") else None
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
