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
from genlearn.demos.explorer import state_mismatches
from genlearn.demos.gaussian_discriminant_analysis import GDAExplorer
from genlearn.demos.generative_vs_discriminative import BayesExplorer
from genlearn.demos.m_estimate_stolen_cars import MEstimateExplorer
from genlearn.demos.multivariate_gaussian import GaussianExplorer
from genlearn.demos.naive_bayes_text import LaplaceExplorer
from genlearn.demos.qda_lda_naive_bayes import BoundaryExplorer
from lab_driver import (REPO, canvas_digest, explorer, explorer_state, readout_text, screenshot, serve_folder,
                        web_assets_or_skip)

#: (notebook, accessible name of the explorer, its class, label of a slider to drag)
EXPORTED = [
    ("notebooks/01_generative_vs_discriminative.ipynb", "Bayes explorer", BayesExplorer, "φ = P(elephant)"),
    ("notebooks/08_m_estimate_stolen_cars.ipynb", "m-estimate explorer", MEstimateExplorer, "m (virtual examples)"),
    ("notebooks/02_multivariate_gaussian.ipynb", "Multivariate Gaussian explorer", GaussianExplorer,
     "ρ (correlation)"),
    ("notebooks/03_gaussian_discriminant_analysis.ipynb", "GDA explorer", GDAExplorer, "ρ (correlation)"),
    ("notebooks/05_qda_lda_naive_bayes.ipynb", "QDA, LDA and naive Bayes boundary explorer", BoundaryExplorer,
     "ρ (class 1)"),
    ("notebooks/06_naive_bayes_text.ipynb", "Laplace smoothing explorer", LaplaceExplorer, "α (Laplace)"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The exported pages, served from 127.0.0.1 on a free port."""
    web_assets_or_skip("static export tests")
    out = tmp_path_factory.mktemp("site")
    for notebook, *_ in EXPORTED:
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


@pytest.mark.parametrize("notebook, name, cls, label", EXPORTED, ids=[e[1] for e in EXPORTED])
def test_exported_page_moves_offline(site, chromium, notebook, name, cls, label, tmp_path):
    page = chromium.new_page()
    outside, errors = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    def guard(route):
        if route.request.url.startswith(site + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", guard)
    try:
        page.goto(f"{site}/{notebook.split('/')[-1].replace('.ipynb', '.html')}", wait_until="load")
        root = explorer(page, name)
        default = explorer_state(root)
        assert not state_mismatches(default, cls(**default["params"]).expected_state())
        before = canvas_digest(page, root)
        drag_to_end(page, root.get_by_role("slider", name=label, exact=True))
        page.wait_for_timeout(300)
        after = explorer_state(root)
        assert after["params"] != default["params"], "dragging the slider changed no parameter"
        assert canvas_digest(page, root) != before, "the figure did not change"
        expected = cls(**after["params"]).expected_state()
        problems = state_mismatches(after, expected)
        assert not problems, problems[:10]
        assert readout_text(root) == expected["readouts"]
        screenshot(page, tmp_path / "static.png")
        assert outside == [], f"requests left localhost: {outside[:5]}"
        assert errors == [], f"console errors: {errors[:5]}"
        assert not page.get_by_text("Error displaying widget").count()
    finally:
        page.close()
