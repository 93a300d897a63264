"""The course site (``genlearn.course.site build``) and a one-file handout, in Chromium with no network.

The site is built once per session (conftest's ``course_build``), from the
notebooks as committed (stored outputs and widget state), and served by a plain static
file server on 127.0.0.1. Every request that is not for that server is aborted
and recorded. Oracles, page by page:

* the page loads with no console error and no request leaving localhost;
* math is typeset: once MathJax is done, the visible text (code excluded)
  holds no raw ``$…$``, ``$$``, ``\\(`` or ``\\[``;
* every explorer on the page responds to its controls: a key pressed on each
  of its sliders (found by role and accessible name), or text typed into a
  text box when it has no slider, changes its canvas pixels;
* the numbers of each lesson explorer that Python rebuilds (``lab_driver.lesson_explorers``), as stored and
  after its controls moved, equal its numpy twin's (``cls.example(**params).expected_state()``, 1e-9
  relative; readouts and description to the letter): the explorer computes in the page, with no kernel;
* every lesson whose notebook shows a widget has that many live explorers
  (a notebook whose explorer is still the kernel-side kind is named in the
  failure message);
* every internal link (``<a href>``) resolves to a file of the site (200);
* every predict-then-reveal question of the lesson, answered by keyboard (test_predict_reveal.check_question);
* on the same page, the accessibility audit of test_accessibility.py (``audit_static_page``: axe-core in
  the light and dark schemes, the explorers' ink, print), so that a page loads once for all it proves.

The same checks run on one handout opened as a ``file://`` URL.
"""
import json
import re
import shutil
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from genlearn.course import export, site
from lab_driver import REPO, canvas_digest, check_page_state, explorer_state, lesson_explorers, open_guarded
from test_accessibility import audit_static_page
from test_predict_reveal import QUESTIONS, check_question

WIDGET_VIEW = export.WIDGET_VIEW_MIME
PAGES = ["index.html", *(nb.stem + ".html" for nb in site.lesson_pages(REPO) + site.extra_pages(REPO)),
         "homework.html", "run.html"]
#: the handout opened from the disk: a lesson with an explorer
HANDOUT = "02_multivariate_gaussian.html"

RAW_MATH = re.compile(r"\$\$|\\\(|\\\[|\$[^$\s][^$]*\$")


@pytest.fixture(scope="module")
def built(course_build, course_pages):
    """The site, built once per session (conftest's ``course_build``) and served: (folder, base URL)."""
    return course_build / "site", course_pages + "/site"


@pytest.fixture(scope="module")
def handout(course_build, tmp_path_factory):
    """One lesson's handout of the session's build, copied alone into a folder (nothing beside it to load)."""
    out = tmp_path_factory.mktemp("handout")
    shutil.copy(course_build / "handouts" / HANDOUT, out / HANDOUT)
    return out / HANDOUT


def wait_for_math(page):
    """Until MathJax (2 on the site, 3 in the handouts) has typeset the page."""
    page.wait_for_function("() => window.MathJax && ((MathJax.Hub && MathJax.isReady) || "
                           "(MathJax.startup && MathJax.startup.promise))")
    page.evaluate("""() => MathJax.startup ? MathJax.startup.promise.then(() => true) :
        new Promise((done) => MathJax.Hub.Queue(() => done(true)))""")


def raw_math(page):
    """Raw TeX left in the visible text (code cells, outputs in <pre>, scripts excluded)."""
    text = page.evaluate("""() => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll('pre, code, script, style, textarea, .jp-InputArea').forEach(e => e.remove());
        return copy.innerText; }""")
    return RAW_MATH.findall(text)


def live_explorers(page, expected, timeout=60):
    """The explorer roots on the page once ``expected`` of them have drawn (or the timeout)."""
    try:
        page.wait_for_function(
            "n => Array.from(document.querySelectorAll('.genlearn-explorer'))"
            ".filter(e => Number(e.dataset.frames) > 0).length >= n", arg=expected, timeout=timeout * 1000)
    except Exception:
        pass
    roots = page.locator(".genlearn-explorer")
    return [roots.nth(i) for i in range(roots.count())]


def controls_respond(page, root):
    """Press a key on every slider of the explorer (by role and name); when it has no
    slider, type into its text box. Returns the controls that changed no pixel. A predict-then-reveal
    question has no figure: tests/browser/test_predict_reveal.py drives those on the static pages."""
    if root.get_attribute("data-predict") is not None:
        return []
    dead = []
    labels = root.evaluate("""el => Array.from(el.querySelectorAll('input[type=range]'))
        .map(i => (i.labels && i.labels[0] ? i.labels[0].textContent : i.getAttribute('aria-label')))""")
    if not labels and root.get_by_role("textbox").count() == 0:  # buttons only (lesson 04's Newton explorer)
        before = canvas_digest(page, root)
        root.get_by_role("button").first.click()
        page.wait_for_timeout(400)
        return [] if canvas_digest(page, root) != before else ["first button"]
    if not labels:
        box = root.get_by_role("textbox").first
        before = canvas_digest(page, root)
        box.fill("win a free prize now call")
        page.wait_for_timeout(400)
        return [] if canvas_digest(page, root) != before else ["text box"]
    for label in labels:
        control = root.get_by_role("slider", name=label, exact=True)
        control.scroll_into_view_if_needed()
        before = canvas_digest(page, root)
        control.focus()
        at_end = control.evaluate("i => Number(i.value) >= Number(i.max)")
        page.keyboard.press("Home" if at_end else "End")
        page.wait_for_timeout(300)
        if canvas_digest(page, root) == before:
            dead.append(label)
    return dead


def twin_checked(root, cls, where, own_points=False):
    """The page's numbers for the explorer's current parameters equal ``cls``'s numpy twin's (the explorer
    scrolled into view: the page renders its text only near the screen, content-visibility: auto). With
    ``own_points``, an explorer of training points is given the page's points too (points_driver's oracle)."""
    root.scroll_into_view_if_needed()
    root.page.wait_for_function("el => [...el.querySelectorAll('[role=status]')].every(e => e.innerText.trim())",
                                arg=root.element_handle(), timeout=10_000)  # its text laid out
    state = explorer_state(root)
    draws = state.get("sample", {}).get("draws")  # lesson 03's: numpy's draws as stored, the page's after m moved
    twin = cls.example(**state["params"], **({"draws": draws} if draws else {}))
    if own_points and hasattr(twin, "set_points"):
        twin.set_points(state["sample"]["X"], state["sample"]["y"])
    check_page_state(root, state, twin.expected_state(), where)


def widget_cells(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    return sum(WIDGET_VIEW in o.get("data", {}) for c in nb["cells"] if c["cell_type"] == "code"
               for o in c.get("outputs", []))


def internal_links(page):
    return page.evaluate("() => Array.from(document.querySelectorAll('a[href]')).map(a => a.href)")


@pytest.mark.parametrize("name", PAGES)
def test_site_page_offline(built, chromium, name):
    folder, base = built
    page = open_guarded(chromium, f"{base}/{name}", base + "/")
    try:
        wait_for_math(page)
        assert raw_math(page) == [], f"{name}: raw TeX in the text: {raw_math(page)[:5]}"
        stem = name[:-len(".html")]
        notebook = REPO / "notebooks" / f"{stem}.ipynb"
        expected = widget_cells(notebook) if notebook.exists() else 0
        roots = live_explorers(page, expected, timeout=60 if expected else 1)
        live = [r for r in roots if int(r.get_attribute("data-frames") or 0) > 0]
        assert len(live) >= expected, (f"{name}: {len(live)} live explorers of {expected} widget outputs "
                                       "(a notebook whose explorer still needs a kernel?)")
        twins = {cls._title: cls for nb, cls in lesson_explorers() if Path(nb).stem == stem}
        for root in roots:  # as stored, and below after its controls moved
            if root.get_attribute("aria-label") in twins:
                twin_checked(root, twins[root.get_attribute("aria-label")], f"{name}: as stored")
        dead = {root.get_attribute("aria-label"): controls_respond(page, root) for root in roots}
        assert not any(dead.values()), f"{name}: controls that changed no pixel: {dead}"
        shown = [root.get_attribute("aria-label") for root in roots]
        assert set(twins) <= set(shown), f"{name}: explorers not on the page: {set(twins) - set(shown)}"
        for root, label in zip(roots, shown):
            if label in twins:
                twin_checked(root, twins[label], f"{name}: its controls moved", own_points=True)
        broken = []
        for href in internal_links(page):
            if not href.startswith(base + "/"):
                continue
            rel = urllib.parse.urlsplit(href).path[len(urllib.parse.urlsplit(base).path):].lstrip("/")
            try:
                with urllib.request.urlopen(f"{base}/{rel}", timeout=10) as r:
                    ok = r.status == 200
            except Exception:
                ok = False
            if not ok or not (folder / urllib.parse.unquote(rel)).is_file():
                broken.append(href)
        assert broken == [], f"{name}: links that do not resolve: {broken}"
        assert not page.locator(".jp-OutputArea-output").get_by_text("Error displaying widget").count()
        for question in sorted(q for q, (nb, _, _) in QUESTIONS.items() if nb == f"{stem}.ipynb"):
            check_question(page, question)  # test_predict_reveal.py: hidden, committed by keyboard, reset
        audit_static_page(page, f"site/{name}")   # accessibility, on the same page (test_accessibility.py)
        assert page.outside == [], f"{name}: requests left localhost: {page.outside[:5]}"
        assert page.errors == [], f"{name}: console errors: {page.errors[:5]}"
    finally:
        page.close()


def answer_fingerprints():
    """Phrases of the worked answers (instructor/answers/): every run of plain text (no math, no code) of at
    least 40 characters in the first two lines of each answer."""
    found = []
    for key in sorted((REPO / "instructor" / "answers").glob("[0-9][0-9]_*.md")):
        bodies = re.split(r"^## Exercise \d+.*$", key.read_text(encoding="utf-8"), flags=re.M)[1:]
        for body in bodies:
            lines = " ".join(body.strip().splitlines()[:2])
            found += [" ".join(p.split()) for p in re.split(r"\$[^$]*\$|`[^`]*`|\*\*|[*_]", lines)
                      if len(p.strip()) >= 40]
    return found


def page_text(path):
    """The text of an HTML page as a reader sees it (tags dropped, entities decoded, spaces collapsed)."""
    import html

    text = re.sub(r"<script.*?</script>|<style.*?</style>", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def test_site_holds_no_instructor_material(built):
    folder, _ = built
    fingerprints = answer_fingerprints()
    assert len(fingerprints) > 20, "too few phrases of the answer keys to look for"
    leaked = {p.name: [f for f in fingerprints if f in page_text(p)] for p in folder.glob("*.html")}
    assert not any(leaked.values()), f"pages that show worked answers: { {k: v[:2] for k, v in leaked.items() if v} }"
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert not [n for n in names if "instructor" in n or "source/" in n]
    assert {f"homework/{p.name}" for p in (REPO / "notebooks" / "homework").glob("*.ipynb")} <= names
    for n in (n for n in names if n.startswith("homework/")):
        text = (folder / n).read_text(encoding="utf-8")
        assert "### BEGIN SOLUTION" not in text and "### BEGIN HIDDEN TESTS" not in text, n


def test_handout_works_from_the_disk(handout, chromium):
    assert [p.name for p in handout.parent.iterdir()] == [HANDOUT], "the handout must be alone"
    text = page_text(handout)
    assert not [f for f in answer_fingerprints() if f in text], "the handout shows worked answers"
    page = open_guarded(chromium, handout.as_uri(), handout.as_uri())
    try:
        wait_for_math(page)
        assert raw_math(page) == [], f"raw TeX in the text: {raw_math(page)[:5]}"
        expected = widget_cells(REPO / "notebooks" / HANDOUT.replace(".html", ".ipynb"))
        roots = live_explorers(page, expected)
        assert len(roots) == expected >= 1
        dead = {root.get_attribute("aria-label"): controls_respond(page, root) for root in roots}
        assert not any(dead.values()), f"controls that changed no pixel: {dead}"
        # links stay inside the file, or point to another handout of the course (same folder)
        links = [h for h in internal_links(page) if h.startswith("file:")
                 and urllib.parse.urlsplit(h).path != urllib.parse.urlsplit(handout.as_uri()).path
                 and not re.search(r"/(?:[0-9]{2}_[^/]+|notes_slips)\.html$", urllib.parse.urlsplit(h).path)]
        assert links == [], f"the handout links to other files: {links}"
        assert page.outside == [], f"requests left the file: {page.outside[:5]}"
        assert page.errors == [], f"console errors: {page.errors[:5]}"
        assert not page.locator(".jp-OutputArea-output").get_by_text("Error displaying widget").count()
    finally:
        page.close()


def test_every_question_is_asked_on_a_site_page():
    """test_site_page_offline asks each lesson's questions on the page it opens: no question is left out."""
    left_out = sorted(q for q, (nb, _, _) in QUESTIONS.items() if nb.replace(".ipynb", ".html") not in PAGES)
    assert len(QUESTIONS) >= 14 and not left_out, f"questions no site page asks: {left_out}"
