"""Every lesson run in the browser, with no server and no network: the JupyterLite site
(genlearn.course.lite, ``make lite``) in headless Chromium.

The site is built once (and again only when its inputs change: notebooks, genlearn,
the build module, the pins; genlearn.course.lite skips an up-to-date folder) and served
by a plain static file server on 127.0.0.1. Chromium sends every request for another
host to a proxy that refuses it and records it (lite_driver.OutsideRequests): that
covers the page, the Pyodide kernel's web worker and the service worker alike, and
each test asserts that none was made.

For every lesson (the notebooks ``NN_*.ipynb``, found by glob): Run > Run All Cells in
the browser kernel; no error output; every checked cell (tag ``nbval-check-output`` or
the comment ``# NBVAL_CHECK_OUTPUT``, the cells nbval checks) prints exactly the text
stored in the lesson; one control of the lesson's first explorer moved with the
keyboard changes the picture; then, on the same page, axe-core finds no WCAG 2.2 AA
violation in the lesson, in JupyterLab Light and Dark (test_accessibility.audit_lite_lesson;
so does it on the start notebook and the reset page). One homework notebook (hw2, on the
invented demo corpus, as the real one is absent in the browser) runs with the
instructor's solutions pasted into the answer cells: every self-check prints its "OK".
A student's edit survives a reload, and both reset paths bring the original back.

Lessons run three to a class; each class has one browser and one page (a learner
opening one lesson after another; each lesson gets its own kernel, as in JupyterLite),
and pytest-xdist (--dist loadscope) gives each class to one worker, so the groups run
in parallel where cores are free. The build is shared by all (a file lock lets one
worker build while the others wait).
"""
import json
import re
import shutil
import warnings
from pathlib import Path

import pytest

import lite_driver as D
from lab_driver import REPO, canvas_digest, explorer_frames, new_tab, screenshot, wait_for_frame
from test_accessibility import audit_lite_lesson, axe, report

from genlearn.course import lite

pytestmark = pytest.mark.lite

NOTEBOOKS = REPO / "notebooks"
LESSONS = [p.name for p in lite.lessons(NOTEBOOKS)
           if p.parent == NOTEBOOKS and p.name not in (lite.START, lite.SLIPS)]
HOMEWORK = "homework/hw2_naive_bayes_spam.ipynb"
SOLUTIONS = REPO / "instructor" / "source" / "hw2_naive_bayes_spam" / "hw2_naive_bayes_spam.ipynb"
CHECK_TAG = "nbval-check-output"
CHECK_COMMENT = "# NBVAL_CHECK_OUTPUT"


@pytest.fixture(scope="module")
def site():
    """The built site (genlearn.course.lite.build; a no-op when it is up to date)."""
    if not lite.TOOLS_ENV.joinpath("bin", "jupyter-lite").exists():
        pytest.skip(f"JupyterLite tests skipped: no build tools in {lite.TOOLS_ENV} (run `make lite` or `make test`)")
    runtime = lite.CACHE / f"pyodide-{lite.PYODIDE_VERSION}" / "runtime"
    if not runtime.exists() and shutil.which("npm") is None:
        reason = "JupyterLite tests skipped: no npm to fetch the Pyodide runtime (apt-get install npm)"
        warnings.warn(reason)
        pytest.skip(reason)
    folder = D.site_folder()
    summary = lite.build(folder, course=REPO, offline=True)  # tests never use the network
    return folder, summary


@pytest.fixture(scope="class")
def browser(site, pw_session):
    """One Chromium for the module, its other hosts proxied to a recorder; the site served on 127.0.0.1."""
    from lab_driver import serve_folder

    proxy = D.OutsideRequests()
    context, cleanup = D.launch(pw_session, proxy)
    with serve_folder(site[0]) as base:
        page = new_tab(context)
        yield page, base, proxy
    cleanup()
    proxy.close()


@pytest.fixture
def lite_page(browser, tmp_path):
    page, base, proxy = browser
    page.genlearn_shots = tmp_path
    before = len(proxy.requests)
    yield page, base
    assert proxy.requests[before:] == [], f"requests that tried to leave the machine: {proxy.requests[before:]}"


def _stream(outputs, name="stdout"):
    return "".join("".join(o["text"]) if isinstance(o["text"], list) else o["text"]
                   for o in outputs if o["output_type"] == "stream" and o["name"] == name)


def _checked_text(outputs):
    """What a checked cell printed (stdout) and returned (text/plain), as nbval compares them."""
    results = ["".join(o["data"]["text/plain"]) for o in outputs
               if o["output_type"] == "execute_result" and "text/plain" in o.get("data", {})]
    return _stream(outputs) + "\n".join(results)


def _is_checked(cell):
    source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    return CHECK_TAG in cell.get("tags", cell.get("metadata", {}).get("tags", [])) or CHECK_COMMENT in source


def _problems(cells):
    problems = []
    for cell in cells:
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                problems.append(f"cell {cell['id']}: {out['ename']}: {out['evalue'][:300]}")
            elif out["output_type"] == "stream" and out["name"] == "stderr" and re.search(
                    r"Traceback|^\s*\w*(Error|Exception)\b", _stream([out], "stderr"), re.M):
                problems.append(f"cell {cell['id']}: error on stderr: {_stream([out], 'stderr')[:300]}")
    return problems


def _move_first_explorer(page):
    """Press an arrow key on the first slider of the lesson's first explorer; returns
    ``(name, control, picture before, picture after)`` or None when the lesson has no explorer."""
    scroller = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"
    # (a predict-then-reveal question has no slider: tests/browser/test_predict_reveal.py drives those)
    root = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .genlearn-explorer:not([data-predict])").first
    # JupyterLab renders only the cells near the view: scroll from the top until one is in the page
    page.evaluate("s => document.querySelector(s).scrollTo(0, 0)", scroller)
    for _ in range(300):
        if root.count():
            break
        at_end = page.evaluate("""s => { const e = document.querySelector(s);
            const end = e.scrollTop + e.clientHeight >= e.scrollHeight - 2;
            e.scrollBy(0, e.clientHeight * 0.8); return end; }""", scroller)
        page.wait_for_timeout(120)
        if at_end and not root.count():
            return None
    root.scroll_into_view_if_needed()
    page.wait_for_function("el => el.dataset.state && Number(el.dataset.frames) > 0",
                           arg=root.element_handle(), timeout=60_000, polling=100)
    slider = root.get_by_role("slider").first
    control = slider.get_attribute("aria-label") or slider.get_attribute("name") or "slider"
    before = canvas_digest(page, root), root.get_attribute("data-state")
    slider.focus()
    for key in ("ArrowRight", "ArrowLeft"):  # ArrowLeft when the slider already sits at its maximum
        value, frames = slider.input_value(), explorer_frames(root)
        page.keyboard.press(key)
        if slider.input_value() != value:
            wait_for_frame(page, root, frames)
            break
    after = canvas_digest(page, root), root.get_attribute("data-state")
    return root.get_attribute("aria-label"), control, before, after


def _stored_cells(name):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return {c["id"]: c for c in nb["cells"] if c["cell_type"] == "code"}


def _has_explorer(name):
    """True when the lesson displays a widget (its explorers are anywidget widgets)."""
    return any(o.get("output_type") == "display_data" and "application/vnd.jupyter.widget-view+json" in o["data"]
               for c in _stored_cells(name).values() for o in c.get("outputs", []))


class _Lessons:
    """A few lessons in one browser and page; pytest-xdist (--dist loadscope) runs each class on
    one worker, so the groups of lessons run in parallel on free cores."""
    LESSONS = ()

    def test_lesson_runs_in_the_browser(self, lesson, lite_page):
        run_lesson(lesson, lite_page)

    def test_lesson_meets_wcag_in_light_and_dark(self, lesson, lite_page):
        """The lesson just run, on the same page: test_accessibility.audit_lite_lesson (axe-core, JupyterLite
        Light and Dark). Run alone (pytest -k), it runs the lesson first."""
        page, _ = lite_page
        if getattr(page, "genlearn_ran", None) != lesson:
            run_lesson(lesson, lite_page)
        audit_lite_lesson(page, lesson)


def pytest_generate_tests(metafunc):
    if "lesson" in metafunc.fixturenames:
        # scope="class": pytest runs a lesson's tests one after the other (its run, then its audit on the
        # same page), so that each lesson is run once
        metafunc.parametrize("lesson", metafunc.cls.LESSONS, scope="class")


# three lessons a group: each group's browser start and first visit are paid once
for _i in range(0, len(LESSONS), 3):
    _name = f"TestLessons{LESSONS[_i][:2]}"
    globals()[_name] = type(_name, (_Lessons,), {"LESSONS": tuple(LESSONS[_i:_i + 3])})


def run_lesson(lesson, lite_page):
    page, base = lite_page
    page.genlearn_ran = None
    D.open_lesson(page, base, lesson)
    D.run_all(page)
    page.genlearn_ran = lesson  # its explorers are live in the page (audit_lite_lesson's starting point)
    cells = D.cell_outputs(page)
    screenshot(page, page.genlearn_shots / f"{Path(lesson).stem}.png")
    problems = _problems(cells)
    stored = _stored_cells(lesson)
    checked = [c for c in cells if _is_checked(c)]
    assert checked or not any(_is_checked(c) for c in stored.values()), "the checked cells went missing"
    for cell in cells:  # e.g. "Matplotlib is building the font cache" (lite.matplotlib_fontlist_wheel)
        said = _stream(cell["outputs"], "stderr")
        if cell["id"] in stored and said != _stream(stored[cell["id"]]["outputs"], "stderr"):
            problems.append(f"cell {cell['id']} wrote to stderr, which it does not in JupyterLab: {said[:300]!r}")
    for cell in checked:
        want = _checked_text(stored[cell["id"]]["outputs"])
        got = _checked_text(cell["outputs"])
        if got != want:
            problems.append(f"checked cell {cell['id']} printed\n{got}\ninstead of the stored\n{want}")
    assert not problems, f"{lesson} in JupyterLite:\n  - " + "\n  - ".join(problems)
    if _has_explorer(lesson):
        moved = _move_first_explorer(page)
        assert moved is not None, f"{lesson}: no explorer on the page after Run All"
        name, control, before, after = moved
        assert after[0] != before[0], f"{lesson}: explorer {name!r}: {control} moved, the picture did not change"
        assert after[1] != before[1], f"{lesson}: explorer {name!r}: {control} moved, its numbers did not change"


def _solution(source):
    """The instructor's answer: the lines between the solution markers, markers dropped."""
    lines = source.splitlines()
    kept = [ln for ln in lines if ln.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION")]
    assert len(kept) == len(lines) - 2 * sum(ln.strip() == "### BEGIN SOLUTION" for ln in lines)
    return "\n".join(kept) + "\n"


def run_homework_with_answers(lite_page):
    page, base = lite_page
    answers = {c["metadata"]["nbgrader"]["grade_id"]: _solution("".join(c["source"]))
               for c in json.loads(SOLUTIONS.read_text(encoding="utf-8"))["cells"]
               if c["metadata"].get("nbgrader", {}).get("solution") and c["cell_type"] == "code"}
    D.open_lesson(page, base, HOMEWORK)
    cells = D.cell_outputs(page)
    pasted = 0
    for cell in cells:
        grade_id = (cell["nbgrader"] or {}).get("grade_id")
        if grade_id in answers:
            D.set_cell_source(page, cell["id"], answers[grade_id])
            pasted += 1
    assert pasted == len(answers), f"pasted {pasted} of the {len(answers)} answers"
    D.run_all(page)
    cells = D.cell_outputs(page)
    problems = _problems(cells)
    assert not problems, f"{HOMEWORK} with the instructor's answers:\n  - " + "\n  - ".join(problems)
    tests = [c for c in cells if (c["nbgrader"] or {}).get("grade")]
    assert tests, "no self-check cells found"
    for cell in tests:
        assert "OK: " in _stream(cell["outputs"]), f"self-check cell {cell['id']} printed no OK:\n{cell['outputs']}"
    printed = "".join(_stream(c["outputs"]) for c in cells)
    assert "Real corpus not available" in printed and "INVENTED demo corpus" in printed, printed[:1000]


def test_matplotlib_font_list_is_in_the_site(site):
    """Oracle: Pyodide's own matplotlib (lite.matplotlib_fontlist_wheel runs it in Node.js). The site's
    lock enters the font list, verified by sha256, for the matplotlib version it serves, and genlearn
    depends on it; the list is of that matplotlib's FontManager version and names only the fonts
    matplotlib ships (relative paths). A lesson that printed "building the font cache" would fail
    run_lesson's stderr check."""
    import hashlib
    import zipfile

    pyodide = site[0] / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    entry = lock["matplotlib-fontlist"]
    assert entry["version"] == lock["matplotlib"]["version"] and entry["imports"] == []
    assert "matplotlib-fontlist" in lock["genlearn"]["depends"]
    wheel = pyodide / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    fonts = json.loads(zipfile.ZipFile(wheel).read("matplotlib/fontlist.json"))
    assert fonts["_version"] == 330, "matplotlib 3.8's FontManager.__version__"
    names = [f["fname"] for f in fonts["ttflist"] + fonts["afmlist"]]
    assert "fonts/ttf/DejaVuSans.ttf" in names and not any(n.startswith("/") for n in names)


def test_the_kernel_starts_with_its_packages_preloaded(site):
    """Oracle: the Pyodide kernel's own worker (the site's copy of jupyterlite-pyodide-kernel). Every package
    its ``initKernel`` would install one by one with piplite once Pyodide is up, and micropip and piplite
    themselves, are named in the site's ``loadPyodideOptions.packages`` (spelled as the worker spells them:
    it skips a name it finds there), so that Pyodide loads them while its runtime starts; and every name
    there has an entry in the site's lock, its wheel verified by sha256 (Pyodide would refuse to start)."""
    import hashlib

    folder = site[0]
    settings = json.loads((folder / "jupyter-lite.json").read_text())["jupyter-config-data"]
    preload = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"][
        "loadPyodideOptions"]["packages"]
    scripts = (p.read_text() for p in (folder / "extensions" / "@jupyterlite" / "pyodide-kernel-extension"
                                       / "static").glob("*.js"))
    workers = [source for source in scripts if "async initKernel(" in source]
    assert workers, "no worker of the Pyodide kernel holds initKernel: see lite.PRELOAD against its source"
    for source in workers:
        found = re.search(r"async initKernel\(\w+\)\{let \w+=[^;]*?\|\|\[\],\w+=(\[[^\]]*\])", source)
        assert found, "the kernel's initKernel no longer lists its packages as before: compare lite.PRELOAD"
        assert set(json.loads(found.group(1))) <= set(preload), (json.loads(found.group(1)), preload)
        assert 'includes("micropip")' in source and 'includes("piplite")' in source
    assert {"micropip", "piplite", "genlearn"} <= set(preload)
    pyodide = folder / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    for name in preload:
        entry = lock[lite.normalize(name)]
        wheel = pyodide / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name


class TestInTheBrowser:
    def test_site_opens_on_the_start_notebook(self, site, lite_page):
        page, base = lite_page
        folder, summary = site
        assert summary["pyodide"] == lite.PYODIDE_VERSION
        assert {n for n in summary["notebooks"] if "/" not in n} == {lite.START, lite.SLIPS, *LESSONS}
        page.goto(f"{base}/", wait_until="domcontentloaded")
        page.wait_for_function(f"() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                               f" && window.jupyterapp.shell.currentWidget.context"
                               f" && window.jupyterapp.shell.currentWidget.context.path === {lite.START!r}",
                               timeout=180_000, polling=200)

    def test_start_notebook_and_reset_page_meet_wcag(self, lite_page):
        """The start notebook (where the site opens; nothing to run) as test_accessibility.audit_lite_lesson
        audits a lesson, and the site's own reset page: no axe-core finding, light and dark scheme."""
        page, base = lite_page
        D.open_lesson(page, base, lite.START)
        audit_lite_lesson(page, lite.START)
        page.goto(f"{base}/reset.html", wait_until="load")
        try:
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                found = axe(page)
                assert not found, f"reset.html ({scheme}):\n{report(found)}"
        finally:
            page.emulate_media(color_scheme="null")  # the next test's page as the browser starts it

    def test_homework_self_checks_pass_with_the_instructors_answers(self, lite_page):
        run_homework_with_answers(lite_page)

    def test_edits_persist_and_both_resets_bring_back_the_original(self, lite_page):
        """An edit saved in the browser (what the notebook's save does: the contents service) is there
        after the page is loaded anew; deleting the file brings back the original, and so does the
        Help menu's reset page."""
        page, base = lite_page
        lesson = LESSONS[-1]
        page.goto(f"{base}/lab/index.html", wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", polling=200)
        original = D.stored_text(page, lesson)
        D.save_edit(page, lesson, "# edited by a student\n")
        page.reload(wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", polling=200)
        assert "# edited by a student" in D.stored_text(page, lesson), "the saved edit did not survive a reload"
        # one notebook: delete it in the file browser (JupyterLite deletes the browser's copy only)
        page.evaluate("p => window.jupyterapp.serviceManager.contents.delete(p)", lesson)
        assert D.stored_text(page, lesson) == original
        # every notebook: Help -> Reset all notebooks... opens reset.html, whose button deletes the edits
        D.save_edit(page, lesson, "# edited again\n")
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Help$")).click()
        with page.context.expect_page() as opened:
            page.locator(".lm-Menu-itemLabel", has_text=lite.RESET_MENU.rstrip(".")).click()
        reset = opened.value
        reset.wait_for_load_state()
        assert reset.url == f"{base}/reset.html"
        page.goto(f"{base}/reset.html")  # the lab page holds the storage open: leave it first
        reset.get_by_role("button", name=re.compile("reset", re.I)).click()
        reset.get_by_role("status").filter(has_text="Done").wait_for()
        reset.close()
        page.goto(f"{base}/lab/index.html", wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", polling=200)
        assert D.stored_text(page, lesson) == original
