"""WCAG 2.2 AA on every surface: axe-core, reflow and touch on a phone, dark scheme contrast.

Surfaces: the course site (``genlearn.course.site build``) and every lesson's handout (``site.handouts``),
built once per session (conftest's ``course_build``) and served from 127.0.0.1, each page audited at
a desktop size and at one phone size (each lesson's site page at one and its handout at the other); the Voilà
presenter view of a lesson's explorer (``make present ONLY=explorer``, light and ``--theme dark``: ``audit_presenter``,
called by test_presenter.py on the pages it opened);
every lesson in JupyterLab (the session's ``lab_server``, JupyterLab Light and Dark: ``audit_lab_lesson``, called
by test_notebooks_in_lab.py on the page it opened); every lesson in
JupyterLite, its cells run, JupyterLab Light and Dark (``audit_lite_lesson``, called by test_lite.py right
after it runs the lesson, on the same page: a lesson runs once), the start notebook and the reset page.

Oracles:

* axe-core (npm, installed by ``make test-all``; injected from that local file) with the rule tags
  ``wcag2a wcag2aa wcag21a wcag21aa wcag22aa`` finds no violation of any impact, in the light and
  the dark colour scheme (``prefers-color-scheme``: the site and handouts follow it, see
  ``genlearn.course.export.dark_scheme_css``). In JupyterLab and Voilà a finding may only be one of
  ``CHROME``: their own interface's, or how JupyterLab renders an output, each with its upstream report
  (JupyterLite's interface is JupyterLab's: the same list).
* At 320x640 or 390x844, in a touch phone's context (``is_mobile``, ``has_touch``): no page
  scrolls sideways (WCAG 1.4.10); every explorer lies inside the width; every control of an
  explorer and every link of the site's bar is at least 24x24 CSS px (WCAG 2.5.8); a vertical swipe
  (touch events sent through the Chrome DevTools Protocol) that starts on a figure that does not
  use the drag scrolls the page; a figure that uses the drag (``DRAGGED``) keeps its keyboard way.
* In the dark scheme each explorer's ink (the text colour its canvases draw axes and labels in,
  canvas.js ``ink``) has a contrast of at least 4.5:1 with its background.

Without axe-core (no npm) the audits are skipped with a warning, as in test_presenter.py.
"""
import json
import re
import warnings

import pytest

from genlearn.course import site
from lab_driver import (
    CHROMIUM, CHROMIUM_ARGS, REPO, drawn, guard_requests, use_lab_theme,
)
from points_driver import touch_path

AXE = REPO / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SCHEMES = ["light", "dark"]
PHONES = {"320x640": (320, 640), "390x844": (390, 844)}
SITE_PAGES = ["index.html", *(nb.stem + ".html" for nb in site.lesson_pages(REPO) + site.extra_pages(REPO)),
              "homework.html", "run.html"]
HANDOUTS = [nb.stem + ".html" for nb in site.lesson_pages(REPO) + site.extra_pages(REPO)]
PAGES = [f"site/{p}" for p in SITE_PAGES] + [f"handouts/{p}" for p in HANDOUTS]

#: Findings of axe-core that only an upstream change can fix, in JupyterLab's own interface or in how it
#: renders a lesson's output: rule id -> {CSS class of the element or an ancestor (or a substring of axe's
#: target): upstream report}. Any other finding fails the test, in the lesson's content or in the chrome.
CHROME = {
    # toolbar buttons (jp-button) carry aria-pressed, which their role does not allow
    "aria-allowed-attr": {"jp-button": "https://github.com/jupyterlab/jupyterlab/issues/16891"},
    # the notebook's cell list has role="feed" but its children are not articles (JupyterLab's notebook ARIA,
    # tracked as a whole there; no report of this rule alone)
    "aria-required-children": {"jp-WindowedPanel-viewport": "https://github.com/jupyterlab/jupyterlab/issues/14765"},
    # the heading's collapse button is an icon with no accessible name: no upstream report found; the closest
    # is the fix of the same defect on toolbar buttons (jupyterlab#16263, closed by #16262)
    "button-name": {"jp-collapseHeadingButton": "https://github.com/jupyterlab/jupyterlab/issues/16263"},
    # each code cell's editor (CodeMirror's textbox) has no accessible name: CodeMirror leaves the label to the
    # application (codemirror/dev#1127); JupyterLab's cells' labels are tracked in jupyterlab#10347
    "aria-input-field-name": {"cm-content": "https://github.com/jupyterlab/jupyterlab/issues/10347"},
    # JupyterLab draws an image output with no alt attribute: a notebook cannot give one (the lessons say what
    # each figure shows in the text beside it; the static pages carry nbconvert's alt text)
    "image-alt": {"jp-RenderedImage": "https://github.com/jupyter/enhancement-proposals/issues/120"},
}

#: Figures that use a drag (so a swipe on them does not scroll) and the keyboard way to do the same
#: (WCAG 2.5.7): explorer name -> (canvas accessible name prefix, how to check the alternative).
DRAGGED = {
    "Multivariate Gaussian explorer": ("3-D surface", "slider:turn"),
    "GDA explorer": ("The training points", "focusable"),
    "Newton's method, step by step": ("The training points", "focusable"),
    # the points are dragged in any of the three panels; the keyboard edits them on the first (QDA's)
    "QDA, LDA and naive Bayes boundary explorer": (("QDA", "LDA", "naive Bayes"), "focusable"),
}


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
def axe(page, context="document"):
    """axe-core's violations of the WCAG A/AA rules (2.0 to 2.2) on the page:
    [{rule, impact, help, nodes: [{target, html, summary}]}]."""
    if not AXE.exists():
        reason = f"accessibility audit skipped: no {AXE.relative_to(REPO)} (make test-all installs it with npm)"
        warnings.warn(reason)
        pytest.skip(reason)
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate(f"""async (tags) => (await axe.run({context},
        {{runOnly: {{type: 'tag', values: tags}}, resultTypes: ['violations']}})).violations.map(v => (
        {{rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => (
          {{target: n.target.join(' '), html: n.html.slice(0, 160), summary: (n.failureSummary || '').slice(0, 300),
            ours: !!document.querySelector(n.target.join(' '))?.closest(
              '.jp-OutputArea-output, .jp-RenderedMarkdown, .jp-MarkdownOutput, .genlearn-explorer'),
            classes: (() => {{ const out = [];
              for (let e = document.querySelector(n.target.join(' ')); e && e !== document.body; e = e.parentElement)
                out.push(e.tagName.toLowerCase(), ...e.classList);
              return out; }})()}}))}}))""",
                         TAGS)


def outside_chrome_list(violations):
    """The findings not listed in ``CHROME`` (by the element's or an ancestor's class or tag, or axe's target)."""
    left = []
    for v in violations:
        listed = CHROME.get(v["rule"], {})
        nodes = [n for n in v["nodes"] if not any(k in n["classes"] or k in n["target"] for k in listed)]
        if nodes:
            left.append({**v, "nodes": nodes[:6]})
    return left


def report(violations):
    """One line a finding: rule (impact), where ('ours' in a lesson's content, else 'chrome'), the element."""
    return "\n".join(f"{v['rule']} ({v['impact']}) {'ours' if n['ours'] else 'chrome'}: {n['target']} {n['html'][:90]}"
                     f" | {n['summary'].splitlines()[1].strip() if n['summary'].count(chr(10)) else ''}"
                     for v in violations for n in v["nodes"])


def settle(page, timeout=60):
    """Until every explorer of the page has drawn and MathJax (2 or 3) has typeset the page."""
    page.wait_for_function("() => Array.from(document.querySelectorAll('.genlearn-explorer'))"
                           ".every(e => Number(e.dataset.frames) > 0)", timeout=timeout * 1000)
    page.wait_for_function("() => !window.MathJax || (MathJax.startup ? !!MathJax.startup.promise :"
                           " !MathJax.Hub || (MathJax.Hub.queue.pending === 0 && MathJax.Hub.queue.running === 0))",
                           timeout=timeout * 1000)
    page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise.then(() => true) : true")


def audit_presenter(page, scheme):
    """The presenter view (Voilà), its explorer drawn: no WCAG A/AA violation but ``CHROME``'s; the explorer's
    ink keeps 4.5:1 against its background, and in Voilà's dark theme that background is dark. Called by
    tests/browser/test_presenter.py on the page it has just checked."""
    problems = outside_chrome_list(axe(page))
    assert not problems, f"presenter ({scheme}):\n" + report(problems)
    colours = page.locator(".genlearn-explorer").first.evaluate(INK_JS)
    ratio = contrast(rgb(colours["ink"])[0], rgb(colours["bg"])[0])
    assert ratio >= 4.5, f"presenter ({scheme}): the explorer's ink has {ratio:.2f}:1 contrast: {colours}"
    if scheme == "dark":
        assert luminance(rgb(colours["bg"])[0]) < 0.05, f"the explorer stays light in Voilà's dark theme: {colours}"


def luminance(rgb):
    """WCAG relative luminance of an (r, g, b) colour, 0-255."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(lin, rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted([luminance(a), luminance(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rgb(css):
    """'rgb(1, 2, 3)' or 'rgba(1, 2, 3, a)' -> ((1, 2, 3), a)."""
    nums = [float(x) for x in re.findall(r"[\d.]+", css)]
    return tuple(nums[:3]), (nums[3] if len(nums) > 3 else 1.0)


#: JavaScript: the explorer's ink (its canvases' computed colour) and the colour behind it (the first
#: ancestor with an opaque background, or white: what a page shows under a transparent one).
INK_JS = """el => {
  const canvas = el.querySelector('canvas');
  let bg = 'rgb(255, 255, 255)';
  for (let e = canvas; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    const a = c.startsWith('rgba') ? parseFloat(c.split(',')[3]) : 1;
    if (a > 0.99) { bg = c; break; }
  }
  return {ink: getComputedStyle(canvas).color, bg};
}"""


# ---------------------------------------------------------------------------
# the site and the handouts
# ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pages(course_pages):
    """The site and the handouts, built once per session (conftest's ``course_build``) and served."""
    return course_pages


@pytest.fixture(scope="module")
def phone_browser(pw_session):
    """A second Chromium of the module, whose contexts emulate phones (is_mobile, has_touch)."""
    browser = pw_session.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def audit_static_page(page, name):
    """A page of the site or a handout, loaded: no WCAG A/AA violation of any impact, light and dark; in the
    dark scheme the page is dark and each explorer's ink keeps 4.5:1 against its background; printed, each
    slider is its label and value. Leaves the page in the light scheme, on screen. Called on the page it
    has just checked by tests/browser/test_site.py (site pages) and by :func:`test_axe_handout` (one load)."""
    settle(page)
    found, inks = {}, []
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        page.wait_for_timeout(300)  # the scheme's styles applied
        found[scheme] = axe(page)
        for root in page.locator(".genlearn-explorer:has(canvas)").all():
            colours = root.evaluate(INK_JS)
            (ink, _), (bg, _) = rgb(colours["ink"]), rgb(colours["bg"])
            inks.append((scheme, root.get_attribute("aria-label"), round(contrast(ink, bg), 2), colours))
    assert not any(found.values()), f"{name}:\n" + "\n".join(f"{k}:\n{report(v)}" for k, v in found.items() if v)
    body = rgb(page.evaluate("() => getComputedStyle(document.body).backgroundColor"))[0]
    assert luminance(body) < 0.05, f"{name}: the page stays light in the dark scheme ({body})"
    low = [i for i in inks if i[2] < 4.5]
    assert not low, f"{name}: explorers whose axes and labels have less than 4.5:1 contrast: {low}"
    # on paper each slider is a caption of its value: no track, its label and current value shown
    page.emulate_media(media="print", color_scheme="light")
    printed = page.evaluate("""() => Array.from(document.querySelectorAll('.genlearn-explorer input[type=range]'))
        .map(i => [getComputedStyle(i).display, i.labels[0].getBoundingClientRect().width > 0,
                   i.parentElement.querySelector('output').textContent.trim()])""")
    page.emulate_media(media="screen", color_scheme="light")
    assert all(d == "none" and label and value for d, label, value in printed), \
        f"{name}: printed sliders (display, label shown, value): {printed}"


@pytest.mark.parametrize("name", [f"handouts/{p}" for p in HANDOUTS])
def test_axe_handout(pages, chromium, name):
    """Every handout, audited (:func:`audit_static_page`); the site's pages are audited by test_site.py."""
    page = guard_requests(chromium.new_page(), pages + "/")
    try:
        page.emulate_media(color_scheme="light")
        page.goto(f"{pages}/{name}", wait_until="load")
        audit_static_page(page, name)
        assert page.outside == [], f"{name}: requests left localhost: {page.outside[:5]}"
    finally:
        page.close()


def show_each_explorer(page):
    """Scroll to each explorer and let it draw at its width: a page lays out (content-visibility: auto)
    and an explorer resizes its figures only when it comes near the screen, as a reader scrolls."""
    for root in page.locator(".genlearn-explorer").all():
        root.evaluate("e => e.scrollIntoView({block: 'center'})")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.wait_for_timeout(150)
    page.evaluate("() => window.scrollTo(0, 0)")


#: JavaScript: what a phone's reader meets on the page (the viewport's width in CSS px as argument).
REFLOW_JS = """vw => {
  const box = e => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right),
                                                                  Math.round(r.width), Math.round(r.height)]; };
  const name = e => (e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].textContent)
                     || e.textContent || e.tagName).trim().slice(0, 40);
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const doc = document.scrollingElement;
  const wide = [];
  for (const root of document.querySelectorAll('.genlearn-explorer')) {
    const [l, r] = box(root);
    if (l < -1 || r > vw + 1) wide.push([root.getAttribute('aria-label'), l, r]);
    for (const c of root.querySelectorAll('canvas.gl-canvas, input, select, button, output, .gl-readouts')) {
      const [cl, cr] = box(c);
      if (shown(c) && (cl < -1 || cr > vw + 1)) wide.push([root.getAttribute('aria-label') + ': ' + name(c), cl, cr]);
    }
  }
  const targets = Array.from(document.querySelectorAll(
      '.genlearn-explorer input, .genlearn-explorer select, .genlearn-explorer button, .gl-site-nav a'))
    .filter(shown).map(e => [name(e), ...box(e).slice(2)]).filter(([, w, h]) => w < 24 || h < 24);
  // each control's label, control and value side by side, none over another
  for (const cell of document.querySelectorAll('.genlearn-explorer .gl-control')) {
    const parts = Array.from(cell.children).filter(shown).map(e => [name(e), e.getBoundingClientRect()]);
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++) {
        const [p, q] = [parts[i][1], parts[j][1]];
        const dx = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const dy = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (dx > 1 && dy > 1) wide.push(['overlapping: ' + parts[i][0], parts[j][0]]);
      }
  }
  // the labels the figures drew (canvas.js keeps each one's box): none cut off, no two overlapping
  const texts = [];
  for (const stack of document.querySelectorAll('.genlearn-explorer .gl-stack')) {
    const {width: W, height: H} = stack.getBoundingClientRect();
    const boxes = Array.from(stack.querySelectorAll('canvas')).flatMap(c => c.glTexts || [])
      .filter(b => b[4].trim());
    const where = stack.closest('.genlearn-explorer').getAttribute('aria-label');
    for (const b of boxes)
      if (b[0] < -1 || b[1] < -1 || b[2] > W + 1 || b[3] > H + 1) texts.push([where, 'cut off', b[4]]);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [p, q] = [boxes[i], boxes[j]];
        const dx = Math.min(p[2], q[2]) - Math.max(p[0], q[0]), dy = Math.min(p[3], q[3]) - Math.max(p[1], q[1]);
        if (dx > 1 && dy > 1) texts.push([where, 'overlap', p[4], q[4]]);
      }
  }
  return {scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, wide, targets, texts};
}"""


#: every site page and every handout at one phone size: each lesson's site page at one size and its handout
#: at the other, so that both sizes see every lesson's content and each page loads once
PHONE_CASES = [(name, list(PHONES)[i % 2]) for i, name in enumerate(PAGES)]


@pytest.mark.parametrize("name, phone", PHONE_CASES)
def test_phone_reflow_targets_and_swipe(pages, phone_browser, phone, name):
    """At 320 and 390 CSS px, with touch: no sideways scrolling, every explorer inside the width,
    every target at least 24x24 CSS px, and a vertical swipe on each figure that does not use the drag
    scrolls the page (one that does keeps its keyboard way, ``DRAGGED``)."""
    width, height = PHONES[phone]
    context = phone_browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                        has_touch=True, device_scale_factor=2)
    try:
        page = guard_requests(context.new_page(), pages + "/")
        page.set_default_timeout(60_000)
        page.goto(f"{pages}/{name}", wait_until="load")
        settle(page)
        show_each_explorer(page)
        seen = page.evaluate(REFLOW_JS, width)
        assert seen["scrollWidth"] <= seen["clientWidth"], (
            f"{name} at {phone}: the page scrolls sideways ({seen['scrollWidth']} > {seen['clientWidth']} px)")
        assert seen["wide"] == [], f"{name} at {phone}: explorers or their parts outside the width: {seen['wide']}"
        assert seen["targets"] == [], f"{name} at {phone}: targets smaller than 24x24 CSS px: {seen['targets']}"
        assert seen["texts"] == [], f"{name} at {phone}: labels of a figure cut off or overlapping: {seen['texts']}"
        cdp = context.new_cdp_session(page)
        stuck = []
        for canvas in page.locator(".genlearn-explorer canvas.gl-canvas").all():
            label = canvas.get_attribute("aria-label")
            explorer_name = canvas.evaluate("c => c.closest('.genlearn-explorer').getAttribute('aria-label')")
            if canvas.evaluate("c => getComputedStyle(c).touchAction") == "none":
                prefix, alternative = DRAGGED.get(explorer_name, ("", None))
                assert alternative and label.startswith(prefix), (
                    f"{name}: {explorer_name}'s figure {label!r} takes the drag but is not in DRAGGED")
                if alternative == "focusable":  # a figure of the explorer takes the focus and the keys
                    assert canvas.evaluate("""c => !!c.closest('.genlearn-explorer')
                        .querySelector('canvas[tabindex="0"]')"""), f"{label!r}: no keyboard alternative to the drag"
                else:
                    sliders = canvas.evaluate("""c => Array.from(c.closest('.genlearn-explorer')
                        .querySelectorAll('input[type=range]')).map(i => i.labels[0].textContent.trim())""")
                    assert any(s.startswith(alternative.split(":")[1]) for s in sliders), \
                        f"{label!r}: no slider {alternative} beside it ({sliders})"
                continue
            canvas.evaluate("c => c.scrollIntoView({block: 'center'})")
            page.wait_for_timeout(100)
            box = canvas.bounding_box()
            before = page.evaluate("() => window.scrollY")
            x, y = box["x"] + box["width"] / 2, min(box["y"] + box["height"] / 2, height - 10)
            touch_path(cdp, (x, y), (x, y - 150), steps=8)  # a finger's swipe up by 150 px
            page.wait_for_timeout(400)
            if page.evaluate("() => window.scrollY") <= before:
                stuck.append(f"{explorer_name}: {label[:50]}")
        assert stuck == [], f"{name}: a vertical swipe on these figures did not scroll the page: {stuck}"
        assert page.outside == [], f"{name}: requests left localhost: {page.outside[:5]}"
    finally:
        context.close()


# ---------------------------------------------------------------------------
# JupyterLab
# ---------------------------------------------------------------------------
THEME_SETTINGS = "@jupyterlab/apputils-extension/themes.jupyterlab-settings"


def draws(notebook):
    """Whether the notebook shows an explorer that draws a figure (a question, genlearn.explorers.predict, does not)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    models = nb.get("metadata", {}).get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    ids = [m.get("state", {}).get("_anywidget_id", "") for m in models.get("state", {}).values()]
    return any(i.startswith("genlearn.explorers.") and not i.startswith("genlearn.explorers.predict.") for i in ids)


def audit_lab_lesson(page, server, lesson):
    """A lesson open in JupyterLab (at its first explorer, when it has one: JupyterLab draws only the cells
    near the view, and the whole content is audited on the static pages), audited in JupyterLab Light, then
    in Dark, switched on the same page in the Settings > Theme menu: no violation in the lesson's cells; in
    JupyterLab's own chrome only the listed ones (``CHROME``); the explorer's ink keeps 4.5:1 against its
    background in both. Called by tests/browser/test_notebooks_in_lab.py on the page it has just checked
    (a lesson opens once); the page is left in Dark, the server's settings in Light."""
    settings = server.tmp / "settings" / THEME_SETTINGS
    try:
        found = {}
        for theme in ["JupyterLab Light", "JupyterLab Dark"]:
            if theme != "JupyterLab Light":
                use_lab_theme(page, theme)
            if draws(REPO / lesson):
                root = drawn(page, page.locator(
                    ".jp-NotebookPanel:not(.lm-mod-hidden) .genlearn-explorer:has(canvas.gl-canvas)").first)
                page.wait_for_timeout(300)  # the explorer redraws in the theme's ink
                colours = root.evaluate(INK_JS)
                ratio = contrast(rgb(colours["ink"])[0], rgb(colours["bg"])[0])
                assert ratio >= 4.5, f"{lesson} in {theme}: the explorer's ink has {ratio:.2f}:1 contrast: {colours}"
            found[theme] = outside_chrome_list(axe(page))
        assert not any(found.values()), f"{lesson}:\n" + "\n".join(
            f"{t}:\n{report(v)}" for t, v in found.items() if v)
    finally:
        settings.unlink(missing_ok=True)  # the menu saved the choice: the other tests start from Light


# ---------------------------------------------------------------------------
# JupyterLite (run from tests/browser/test_lite.py, on the lesson it has just run)
# ---------------------------------------------------------------------------
#: JavaScript: every cell of the open notebook put in the page. JupyterLab's windowed notebook (JupyterLite's
#: default) keeps only the cells near the view; without windowing the page holds what a reader meets while
#: scrolling through the lesson, and one audit sees all of it. Returns the number of cells.
ALL_CELLS_JS = """() => { const notebook = window.jupyterapp.shell.currentWidget.content;
  notebook.notebookConfig = {...notebook.notebookConfig, windowingMode: 'none'};
  return notebook.model.cells.length; }"""


def lite_theme(page, theme):
    """Switch JupyterLite to ``theme`` ("JupyterLab Light" or "JupyterLab Dark") with JupyterLab's own theme
    command, as its Settings > Theme menu does (the choice is kept in the browser's settings storage)."""
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    light = "false" if "Dark" in theme else "true"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=30_000)
    page.wait_for_timeout(300)  # the theme's styles applied


def audit_lite_lesson(page, lesson):
    """The lesson open in JupyterLite with its cells run (its explorers live, their outputs fresh from the
    browser's Python): with all its cells in the page, in JupyterLab Light and then Dark, axe-core finds no
    violation in the lesson's content, and in the interface only those of ``CHROME`` (JupyterLite's interface
    is JupyterLab's); each explorer's ink keeps 4.5:1 against its background, and in Dark that background is
    dark. Puts the Light theme back (the next lesson of the browser opens in it)."""
    total = page.evaluate(ALL_CELLS_JS)
    page.wait_for_function("n => document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell')"
                           ".length === n", arg=total, timeout=30_000)
    settle(page)
    found, inks = {}, []
    try:
        for theme in ["JupyterLab Light", "JupyterLab Dark"]:
            lite_theme(page, theme)
            found[theme] = outside_chrome_list(axe(page))
            for root in page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) "
                                     ".genlearn-explorer:has(canvas.gl-canvas)").all():
                colours = root.evaluate(INK_JS)
                (ink, _), (bg, _) = rgb(colours["ink"]), rgb(colours["bg"])
                if contrast(ink, bg) < 4.5 or ("Dark" in theme and luminance(bg) >= 0.05):
                    inks.append((theme, root.get_attribute("aria-label"), round(contrast(ink, bg), 2), colours))
    finally:
        lite_theme(page, "JupyterLab Light")
    assert not any(found.values()), f"{lesson} in JupyterLite:\n" + "\n".join(
        f"{theme}:\n{report(v)}" for theme, v in found.items() if v)
    assert not inks, f"{lesson} in JupyterLite: explorers with ink under 4.5:1 or a light background in Dark: {inks}"
