"""Presenter view (genlearn.course.present, Voilà) and accessibility audits (axe-core).

* Voilà serves a small lesson (:func:`small_lesson`: prose, a figure of
  lesson 02's module, a printed line and lesson 02's explorer; Voilà runs what
  it serves; nbval runs the real lessons in ``make test``) and that lesson's explorer alone, with the same command
  line ``make present`` uses (:func:`genlearn.course.present.voila_command`), on
  127.0.0.1 and a free port. Chromium opens them at 1280x720 with every
  request that leaves the server aborted and counted. Oracles: zero such
  requests; no code on the page; the explorer's controls, figure and readout
  lie inside the viewport without scrolling; text at least 16 CSS px; the
  numbers the page drew equal numpy's (``GaussianExplorer.expected_state``).
  A screenshot goes to tests/artifacts/ (gitignored).
* axe-core (npm, installed by ``make test-all`` into .venv/node; injected from
  that local file, never from a CDN) audits the presenter's explorer page with every rule it has (best
  practices too): zero serious or critical violations, apart from the precise exclusions in ``EXCLUDED``
  (rule id and selector, each with its reason). The WCAG audit of the presenter in Voilà's light and dark
  themes is test_accessibility.py's; the static pages (genlearn.course.export, the site and the handouts)
  are audited there and in test_site.py, in the light and the dark scheme.

Without npm's axe-core the audits are skipped with a warning, like the other
browser tests without Chromium.
"""
import functools
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import warnings
from contextlib import contextmanager
from pathlib import Path

import pytest

from genlearn.course import export, present
from genlearn.explorers.explorer import state_mismatches
from genlearn.explorers.multivariate_gaussian import GaussianExplorer
from lab_driver import REPO, explorer, explorer_state, free_port, guard_requests, readout_text, screenshot
from test_accessibility import audit_presenter

ARTIFACTS = REPO / "tests" / "artifacts"
AXE = REPO / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
NAME = "Multivariate Gaussian explorer"
PRESENTER_VIEWPORT = {"width": 1280, "height": 720}

#: axe-core findings we cannot fix, each pinned to a rule id and a CSS selector (a substring of
#: axe's node target), with the reason. Everything else serious or critical fails the test.
EXCLUDED = {}


# ---------------------------------------------------------------------------
# servers
# ---------------------------------------------------------------------------
class Voila:
    """Voilà serving one notebook, as ``make present`` starts it, in an isolated Jupyter config."""

    def __init__(self, notebook):
        self.notebook = Path(notebook)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="genlearn-voila-"))
        env = present.voila_env()
        for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                         ("IPYTHONDIR", "ipython")]:
            (self.tmp / sub).mkdir()
            env[var] = str(self.tmp / sub)
        cmd = present.voila_command(self.notebook, port=self.port, open_browser=False)
        self.log = self.tmp / "voila.log"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True, cwd=REPO)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with {self.proc.returncode}:\n{self.log_text()}")
            try:
                urllib.request.urlopen(self.url + "/voila/static/voila.js", timeout=5).close()
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.3)
        self.__exit__()
        raise RuntimeError(f"voila did not answer within 120 s:\n{self.log_text()}")

    def log_text(self):
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:  # the server's process group: Voilà and its kernels
            os.killpg(self.proc.pid, 9)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait(timeout=10)
        shutil.rmtree(self.tmp, ignore_errors=True)


def small_lesson(folder):
    """A lesson in miniature, as the lessons are written: prose, a figure, a print, an explorer."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    nb.cells = [md("# 02 · The multivariate Gaussian, in brief"),
                md("The density of $x \\in \\mathbb{R}^2$ with mean $\\mu$ and covariance $\\Sigma$."),
                code("%matplotlib inline\nimport numpy as np\n"
                     "from genlearn.demos import multivariate_gaussian as demo\n"
                     "from genlearn.explorers import multivariate_gaussian as explorers"),
                md("## 1. Contours\n\nIts contours are ellipses."),
                code("from IPython.display import display\n"
                     "display(demo.draw_gaussian(np.zeros(2), np.array([[1.0, 0.5], [0.5, 1.0]])))"),
                md("**Figure.** The density of N(0, Σ) as a surface and as contour ellipses."),
                # a heading in the middle of a cell, as the lessons have them
                md("The ellipses tilt with the correlation.\n\n## 2. The determinant\n\n"
                   "The determinant of $\\Sigma$ measures the spread."),
                code("print('|Sigma| =', np.linalg.det([[1.0, 0.5], [0.5, 1.0]]))"),
                md("## 3. The explorer\n\nMove the sliders."),
                code("explorers.GaussianExplorer()"),
                md("## Summary"),
                md("The mean moves the centre; the covariance shapes the ellipses.")]
    path = Path(folder) / "02_small_lesson.ipynb"
    nbformat.write(nb, path)
    export.store_state(path)  # as the lessons store their explorers (present --only needs it)
    return path


@pytest.fixture(scope="module")
def lesson_server(tmp_path_factory):
    with Voila(small_lesson(tmp_path_factory.mktemp("lesson"))) as server:
        yield server


@pytest.fixture(scope="module")
def explorer_server(tmp_path_factory):
    lesson = small_lesson(tmp_path_factory.mktemp("lesson"))
    notebook = present.explorer_notebook(lesson, tmp_path_factory.mktemp("present"))
    with Voila(notebook) as server:
        yield server


@pytest.fixture(scope="module")
def dark_explorer_server(tmp_path_factory):
    """The explorer alone in Voilà's dark theme (``--theme dark``)."""
    lesson = small_lesson(tmp_path_factory.mktemp("lesson"))
    notebook = present.explorer_notebook(lesson, tmp_path_factory.mktemp("present"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(present, "voila_command", functools.partial(present.voila_command, theme="dark"))
        with Voila(notebook) as server:
            yield server


# ---------------------------------------------------------------------------
# pages
# ---------------------------------------------------------------------------
@contextmanager
def offline_tab(chromium, base):
    """A tab at 1280x720 whose requests outside ``base`` are aborted and recorded
    (``tab.outside``, ``tab.errors``: lab_driver.guard_requests); closed on leaving."""
    tab = guard_requests(chromium.new_page(), base + "/")
    tab.set_viewport_size(PRESENTER_VIEWPORT)
    tab.set_default_timeout(90_000)
    try:
        yield tab
    finally:
        tab.close()


@contextmanager
def open_presenter(chromium, server, tmp_path):
    """The Voilà page in an offline tab, once its cells are rendered."""
    with offline_tab(chromium, server.url) as tab:
        tab.goto(server.url + "/", wait_until="load", timeout=180_000)
        tab.wait_for_selector("#rendered_cells", state="visible", timeout=180_000)
        yield tab


def section_titles(notebook):
    """The presenter's sections of a notebook, from its Markdown: the title, then every "## " heading."""
    import nbformat

    lines = [line for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "markdown"
             for line in c.source.splitlines()]
    return [next(line[2:] for line in lines if line.startswith("# "))] + [
        line[3:] for line in lines if line.startswith("## ")]


def shown_section(page):
    """(number, title) of the section the presenter shows, from its bar ("3 / 5 · 2. The determinant")."""
    text = page.locator(".gl-steps [aria-live]").inner_text()
    where, title = text.split(" · ", 1)
    number = int(where.split("/")[0])
    assert page.evaluate("() => document.body.dataset.section") == str(number)
    return number, title


def text_sizes(page, root_selector):
    """Computed font sizes (CSS px) of every element that shows its own text under the selector."""
    return page.evaluate("""sel => {
      const out = [];
      for (const root of document.querySelectorAll(sel))
        for (const el of root.querySelectorAll('*')) {
          if (el.closest('svg, style, script, .MathJax, mjx-container')) continue;
          const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
          const box = el.getBoundingClientRect();
          if (!own || box.width === 0 || box.height === 0) continue;
          out.push([el.tagName.toLowerCase() + '.' + el.className, el.textContent.trim().slice(0, 30),
                    parseFloat(getComputedStyle(el).fontSize)]);
        }
      return out;
    }""", root_selector)


# ---------------------------------------------------------------------------
# presenter view
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("width, height", [(1280, 720), (1920, 1080)])
def test_explorer_alone_fits_the_projector_and_reads_from_the_back(chromium, explorer_server, tmp_path, width, height):
    """The explorer alone, its controls, figure and readout inside the screen without scrolling, and
    filling it: at least 90 % of its width, and down to at least 80 % of its height. The text the explorer
    draws on its canvases (ticks, axis names) is at least 18 CSS px: the presenter view sets
    --gl-canvas-font-size, and each canvas keeps in data-min-font the smallest size canvas.js's textStyle drew
    its text at (every canvas text is drawn in that style). At 1280x720, on the same page, the audits
    (``audit`` here, and test_accessibility.audit_presenter in Voilà's light theme)."""
    with open_presenter(chromium, explorer_server, tmp_path) as page:
        page.set_viewport_size({"width": width, "height": height})
        root = explorer(page, NAME, timeout=120)
        page.wait_for_timeout(500)  # a resize lays the figures out again
        assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0], "the page had to scroll"
        parts = {
            "controls": root.get_by_role("slider").all() + root.locator("select, button").all(),
            "figure": root.locator("canvas").all(),
            "readout": [root.get_by_role("status")],
        }
        for what, locators in parts.items():
            assert locators, f"the explorer shows no {what}"
            for loc in locators:
                box = loc.bounding_box()
                assert box and box["width"] > 0 and box["height"] > 0, f"{what} is not shown"
                inside = (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width
                          and box["y"] + box["height"] <= height)
                assert inside, f"{what} lies outside the {width}x{height} view: {box}"
        box = root.bounding_box()
        assert box["width"] >= 0.9 * width and box["y"] + box["height"] >= 0.8 * height, \
            f"the explorer does not fill the {width}x{height} screen: {box}"
        small = [s for s in text_sizes(page, "#rendered_cells") if s[2] < 16]
        assert not small, f"text smaller than 16 CSS px: {small[:8]}"
        state = explorer_state(root)
        expected = GaussianExplorer(**state["params"]).expected_state()
        assert not state_mismatches(state, expected)
        assert readout_text(root) == expected["readouts"]
        ARTIFACTS.mkdir(exist_ok=True)
        assert screenshot(page, ARTIFACTS / f"presenter_02_explorer_{width}.png")
        assert page.locator(".jp-CodeCell .jp-InputArea:visible, .jp-CodeMirrorEditor:visible").count() == 0
        sizes = root.evaluate("""el => Array.from(el.querySelectorAll('canvas'))
            .filter(c => c.dataset.minFont).map(c => [c.getAttribute('aria-label') || c.className,
                                                      Number(c.dataset.minFont)])""")
        assert sizes, "no canvas of the explorer drew text"
        small = [s for s in sizes if s[1] < 18]
        assert not small, f"canvas text smaller than 18 CSS px at {width}x{height}: {small}"
        if width == 1280:
            problems = audit(page)
            assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
            audit_presenter(page, "light")
        assert page.outside == [], f"requests left localhost: {page.outside[:5]}"
        assert page.errors == [], f"console errors: {page.errors[:5]}"


@pytest.mark.parametrize("width, height", [(1280, 720), (1920, 1080)])
def test_static_figures_read_from_the_back(chromium, lesson_server, tmp_path, width, height):
    """The smallest text of a static figure is at least 18 CSS px on a projector. Oracle: the figure
    itself, drawn here by the same call as the lesson's cell (its smallest font in points, shown at
    style.DPI pixels per inch in a notebook, where the image's width attribute is its width), times the
    scale the page shows the image at (its rendered width over that attribute)."""
    import numpy as np
    from matplotlib.text import Text

    from genlearn.demos import multivariate_gaussian as demo
    from genlearn.demos import style

    fig = demo.draw_gaussian(np.zeros(2), np.array([[1.0, 0.5], [0.5, 1.0]]))
    smallest_pt = min(t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip())
    with open_presenter(chromium, lesson_server, tmp_path) as page:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_selector("body.gl-stepping .gl-steps", timeout=60_000)
        img = page.locator(".jp-RenderedImage img").first
        for _ in range(len(section_titles(lesson_server.notebook))):
            if img.is_visible():
                break
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(300)
        shown = img.bounding_box()["width"] / float(img.get_attribute("width"))
        smallest_px = smallest_pt * style.DPI / 72 * shown
        assert smallest_px >= 18, (f"the figure's smallest text is {smallest_px:.1f} CSS px at {width}x{height} "
                                   f"({smallest_pt} pt shown at {shown:.2f} times its notebook size)")
        assert page.errors == [], f"console errors: {page.errors[:5]}"


def test_lesson_without_code(chromium, lesson_server, tmp_path):
    """A lesson whole: prose, figures and the explorer, no code, one section a screen, stepped by the
    keys a clicker sends; every section audited by axe-core (one page load: Voilà runs the lesson for each)."""
    with open_presenter(chromium, lesson_server, tmp_path) as page:
        page.wait_for_selector("body.gl-stepping .gl-steps", timeout=60_000)
        titles = section_titles(lesson_server.notebook)
        assert shown_section(page) == (1, titles[0])
        # Page Down (a clicker's "next") visits every section in order, scrolling a long one first
        visited, problems = [], []
        for _ in range(6 * len(titles)):
            at = shown_section(page)
            if not visited or visited[-1] != at:
                visited.append(at)
                problems += audit(page) if AXE.exists() else []
            if at[0] == len(titles) and page.evaluate(
                    "() => { const s = document.getElementById('rendered_cells');"
                    " return s.scrollTop + s.clientHeight >= s.scrollHeight - 2; }"):
                break
            page.keyboard.press("PageDown")
        assert visited == list(enumerate(titles, 1)), f"Page Down visited {visited}"
        assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
        if not AXE.exists():
            warnings.warn(f"accessibility audit skipped: no {AXE.relative_to(REPO)} (make test installs it with npm)")
        page.keyboard.press("Home")
        assert shown_section(page)[0] == 1
        page.keyboard.press("End")
        assert shown_section(page)[0] == len(titles)
        for k in range(len(titles) - 1, 0, -1):
            page.keyboard.press("ArrowLeft")
            assert shown_section(page)[0] == k
        page.keyboard.press("PageUp")
        assert shown_section(page)[0] == 1, "Page Up at the top of the first section stays there"
        # the explorer's section: the arrow keys on its slider move the slider, not the section
        explorer_section = next(k for k, t in enumerate(titles, 1) if "explorer" in t)
        for _ in range(explorer_section - 1):
            page.keyboard.press("ArrowRight")
        root = explorer(page, NAME, timeout=300)
        state = explorer_state(root)
        assert not state_mismatches(state, GaussianExplorer(**state["params"]).expected_state())
        slider = root.get_by_role("slider").first
        slider.focus()
        before = slider.input_value()
        page.keyboard.press("ArrowRight")
        assert shown_section(page)[0] == explorer_section and slider.input_value() != before
        page.keyboard.press("Escape")
        page.keyboard.press("ArrowRight")
        assert shown_section(page)[0] == explorer_section + 1, "Esc gives the arrow keys back to the sections"
        page.keyboard.press("ArrowLeft")

        assert page.locator(".jp-CodeCell .jp-InputArea:visible, .jp-CodeMirrorEditor:visible").count() == 0, \
            "the presenter view shows code"
        assert page.locator(".jp-RenderedMarkdown").count() > 5, "the lesson's prose is missing"
        assert page.locator(".jp-RenderedImage img").count() > 0, "the lesson's figures are missing"
        body = page.evaluate("() => parseFloat(getComputedStyle("
                             "document.querySelector('.jp-RenderedMarkdown p')).fontSize)")
        assert body >= 16, f"body text is {body} px"
        ARTIFACTS.mkdir(exist_ok=True)
        screenshot(page, ARTIFACTS / "presenter_02_lesson.png")
        assert page.outside == [], f"requests left localhost: {page.outside[:5]}"
        assert page.errors == [], f"console errors: {page.errors[:5]}"


# ---------------------------------------------------------------------------
# axe-core
# ---------------------------------------------------------------------------
def audit(page):
    """axe-core's serious and critical violations on the page, less ``EXCLUDED``:
    [(rule id, impact, help, [targets])]."""
    if not AXE.exists():
        reason = f"accessibility audit skipped: no {AXE.relative_to(REPO)} (make test installs it with npm)"
        warnings.warn(reason)
        pytest.skip(reason)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']}))"
                               ".violations.map(v => [v.id, v.impact, v.help,"
                               " v.nodes.map(n => n.target.join(' ') + ' ' + n.html.slice(0, 160))])")
    found = []
    for rule, impact, help_, targets in violations:
        if impact not in ("serious", "critical"):
            continue
        allowed = EXCLUDED.get(rule, {})
        left = [t for t in targets if not any(sel in t.split(" <", 1)[0] for sel in allowed)]
        if left:
            found.append((rule, impact, help_, left[:6]))
    return found


def test_explorer_alone_in_the_dark_theme_meets_wcag(chromium, dark_explorer_server, tmp_path):
    """``make present ONLY=explorer PRESENT_ARGS="--theme dark"``: test_accessibility.audit_presenter."""
    with open_presenter(chromium, dark_explorer_server, tmp_path) as page:
        explorer(page, NAME, timeout=120)
        audit_presenter(page, "dark")
        assert page.outside == [], f"requests left localhost: {page.outside[:5]}"
