"""Static HTML export of the notebooks with explorers: no kernel, no server code, no network.

The committed notebook (with the widget state it stores) is exported with
``genlearn.course.export.export_html`` and served by a plain static file server on
127.0.0.1. Chromium opens it with every request that is not for that server
aborted and recorded. Oracle: the explorer draws its default state, a slider
dragged with the mouse changes the pictures (canvas pixels), the page's
numbers equal numpy's for the new parameters, zero requests leave localhost
and the console shows no error.

Without the web assets (fetched by npm at build time: ``make test`` does it)
these tests are skipped with a warning, like the other browser tests without
Chromium.
"""
import time

import pytest

from genlearn.course import export
from genlearn.explorers.explorer import state_mismatches
from lab_driver import (REPO, canvas_digest, explorer, explorer_state, lesson_explorers, open_guarded, readout_text,
                        screenshot, serve_folder, web_assets_or_skip)
from test_explorers import slider_names

#: (notebook, explorer class): each lesson explorer, dragged by its last slider (or its first button pressed)
EXPORTED = lesson_explorers()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The exported pages, served from 127.0.0.1 on a free port."""
    web_assets_or_skip("static export tests")
    out = tmp_path_factory.mktemp("site")
    for notebook in sorted({nb for nb, _ in EXPORTED}):
        export.export_html(REPO / notebook, out)
    with serve_folder(out) as base:
        yield base


def settled_box(page, slider, timeout=30):
    """The slider's bounding box once the page stops moving (MathJax typesets the math
    after load and shifts everything below it)."""
    slider.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => !window.MathJax || !MathJax.Hub || (MathJax.Hub.queue.pending === 0"
        " && MathJax.Hub.queue.running === 0)", timeout=timeout * 1000)
    box, t_end = slider.bounding_box(), time.monotonic() + timeout
    while time.monotonic() < t_end:
        page.wait_for_timeout(300)
        slider.scroll_into_view_if_needed()
        again = slider.bounding_box()
        if again == box:
            return box
        box = again
    return box


def drag_to_end(page, slider):
    """Press the mouse on the slider's thumb and drag it to the right end, in steps."""
    box = settled_box(page, slider)
    lo, hi, value = (float(slider.get_attribute(a)) for a in ("min", "max", "value"))
    y = box["y"] + box["height"] / 2
    x0 = box["x"] + 8 + (box["width"] - 16) * (value - lo) / (hi - lo)
    page.mouse.move(x0, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] + 20, y, steps=20)
    page.mouse.up()


@pytest.mark.parametrize("notebook, cls", EXPORTED, ids=[cls.__name__ for _, cls in EXPORTED])
def test_exported_page_moves_offline(site, chromium, notebook, cls, tmp_path):
    page = open_guarded(chromium, f"{site}/{notebook.split('/')[-1].replace('.ipynb', '.html')}", site + "/")
    try:
        root = explorer(page, cls._title)
        default = explorer_state(root)
        assert not state_mismatches(default, cls.example(**default["params"]).expected_state())
        before = canvas_digest(page, root)
        if slider_names(cls):
            drag_to_end(page, root.get_by_role("slider", name=slider_names(cls)[-1], exact=True))
        else:  # an explorer with no slider (lesson 04's Newton explorer): its first button (Step)
            root.get_by_role("button").first.click()
        page.wait_for_timeout(300)
        after = explorer_state(root)
        assert after["params"] != default["params"], "dragging the slider (pressing the button) changed nothing"
        assert canvas_digest(page, root) != before, "the figure did not change"
        expected = cls.example(**after["params"]).expected_state()
        problems = state_mismatches(after, expected)
        assert not problems, problems[:10]
        assert readout_text(root) == expected["readouts"]
        screenshot(page, tmp_path / "static.png")
        assert page.outside == [], f"requests left localhost: {page.outside[:5]}"
        assert page.errors == [], f"console errors: {page.errors[:5]}"
        assert not page.locator(".jp-OutputArea-output").get_by_text("Error displaying widget").count()
    finally:
        page.close()
