"""A change of theme or colour scheme while an explorer is open redraws it in the new ink, at once.

canvas.js draws axes, ticks and labels in the explorer's ink: its canvases' computed CSS colour, which
explorer.css takes from JupyterLab's theme (or the static pages' ``prefers-color-scheme``). The ink is read
once per canvas; explorer.js (``onThemeChange``) watches the body's ``data-jp-theme-light`` /
``data-jp-theme-name`` and the ``(prefers-color-scheme: dark)`` media query and redraws every panel with the
ink read again (``restyle``), with no resize needed.

Oracles (:func:`check_redrawn`), for every lesson explorer that draws a figure, on the lesson's page that
tests/browser/test_notebooks_in_lab.py opens once for all its checks, after the accessibility audit left it in
JupyterLab Dark: switched to JupyterLab Light and back through JupyterLab's Settings > Theme menu:

* the explorer's ink as ``test_accessibility.INK_JS`` reads it changes, and has at least 4.5:1 contrast with
  the background behind the explorer (WCAG 1.4.3), in both themes;
* every canvas that draws in ink last drew with that colour (canvas.js keeps the colour a canvas read in its
  ``data-ink``), and the figure's pixels show it: more opaque pixels of exactly the new ink than before the
  switch, fewer of the old one (the text's solid cores are drawn in the ink itself);
* no canvas changed its size: the redraw came from the theme, not from a resize.

On a static page (``genlearn.course.export``, served from 127.0.0.1) the same when the reader's colour scheme
changes from light to dark (Chromium's emulated ``prefers-color-scheme``).
"""

import pytest

from genlearn.course import export
from lab_driver import (
    REPO, drawn, lesson_explorers, open_guarded, serve_folder,
    web_assets_or_skip,
)
from test_accessibility import INK_JS, contrast, rgb

#: (notebook, explorer class) of every lesson explorer that draws a figure (a question,
#: genlearn.explorers.predict, has none: test_accessibility's ``draws`` uses the same rule)
DRAWING = [(nb, cls) for nb, cls in lesson_explorers(rebuildable=False)
           if not cls.__module__.startswith("genlearn.explorers.predict")]

#: JavaScript: root -> keeps a copy of the pixels of each of the explorer's canvases (for COUNT_JS).
SNAPSHOT_JS = """el => {
  el.glBefore = Array.from(el.querySelectorAll('canvas')).map(c =>
    c.width && c.height ? c.getContext('2d').getImageData(0, 0, c.width, c.height).data : new Uint8ClampedArray());
}"""

#: JavaScript: (root, [rgb, ...]) -> the ink each of the explorer's canvases last drew in (data-ink), their
#: sizes, and, before (SNAPSHOT_JS) and now, the count of opaque pixels of exactly each colour over its canvases.
COUNT_JS = """(el, colours) => {
  const canvases = Array.from(el.querySelectorAll('canvas'));
  const count = (images) => colours.map(rgb => {
    let n = 0;
    for (const d of images) for (let i = 0; i < d.length; i += 4)
      if (d[i + 3] === 255 && d[i] === rgb[0] && d[i + 1] === rgb[1] && d[i + 2] === rgb[2]) n += 1;
    return n;
  });
  const now = canvases.map(c =>
    c.width && c.height ? c.getContext('2d').getImageData(0, 0, c.width, c.height).data : new Uint8ClampedArray());
  return {inks: canvases.filter(c => c.dataset.ink).map(c => c.dataset.ink),
          sizes: canvases.map(c => c.width + 'x' + c.height), before: count(el.glBefore), now: count(now)};
}"""


def ink_and_background(root):
    colours = root.evaluate(INK_JS)
    return rgb(colours["ink"])[0], rgb(colours["bg"])[0], colours


def check_redrawn(page, root, change, where):
    """``change()`` switches the theme: the explorer's canvases redraw in the new ink, at the same size."""
    old_ink, _, _ = ink_and_background(root)
    sizes = root.evaluate("el => Array.from(el.querySelectorAll('canvas')).map(c => c.width + 'x' + c.height)")
    assert root.evaluate("el => el.querySelectorAll('canvas[data-ink]').length"), \
        f"{where}: no canvas drew in ink (canvas.js ink() sets data-ink)"
    root.evaluate(SNAPSHOT_JS)
    frames = int(root.get_attribute("data-frames"))
    change()
    page.wait_for_function("([el, n]) => Number(el.dataset.frames) > n", arg=[root.element_handle(), frames],
                           timeout=10_000)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    new_ink, bg, colours = ink_and_background(root)
    assert new_ink != old_ink, f"{where}: the explorer's ink did not change: {colours}"
    ratio = contrast(new_ink, bg)
    assert ratio >= 4.5, f"{where}: the new ink has {ratio:.2f}:1 contrast with the background: {colours}"
    got = root.evaluate(COUNT_JS, [[round(c) for c in old_ink], [round(c) for c in new_ink]])
    assert got["sizes"] == sizes, f"{where}: a canvas was resized: {sizes} -> {got['sizes']}"
    assert set(got["inks"]) == {colours["ink"]}, f"{where}: canvases last drew in {got['inks']}, not {colours['ink']}"
    (old_before, new_before), (old_now, new_now) = got["before"], got["now"]
    assert new_now > new_before and old_now < old_before, \
        f"{where}: opaque pixels of the old ink {old_before} -> {old_now}, of the new ink {new_before} -> {new_now}"


@pytest.fixture(scope="module")
def exported(course_notebooks, tmp_path_factory):
    """Lesson 01 as committed (its stored state is current: tests/test_widget_state.py), exported and served."""
    web_assets_or_skip("static page colour scheme test")
    out = tmp_path_factory.mktemp("scheme")
    notebook = DRAWING[0][0]
    export.export_html(course_notebooks / notebook, out)
    with serve_folder(out) as base:
        yield base, f"{base}/{REPO.joinpath(notebook).stem}.html", DRAWING[0][1]


def test_colour_scheme_change_redraws_a_static_page(chromium, exported):
    """The reader's colour scheme changes from light to dark while the exported page is open."""
    base, url, cls = exported
    page = open_guarded(chromium, url, base)
    try:
        page.emulate_media(color_scheme="light")
        root = drawn(page, page.get_by_role("group", name=cls._title, exact=True).first)
        check_redrawn(page, root, lambda: page.emulate_media(color_scheme="dark"), f"{cls._title}: dark scheme")
        assert page.outside == [], f"requests left localhost: {page.outside[:5]}"
    finally:
        page.close()
