"""genlearn.course.export: saved widget state and offline static pages.

Oracles: the notebook JSON itself (what is stored, what is left alone) and
the text of the exported page (every script it loads is a local file). The
pages are opened in Chromium, offline, by tests/browser/test_site.py (the course site, built on it).
"""
import json
import platform
import shutil
from importlib import metadata

import nbformat
import pytest

from genlearn.course import export, widget_state
from genlearn.explorers.explorer import esm_text
from npm_stub import npm_stub


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """A notebook with prose, a printed number and a Gaussian explorer."""
    d = tmp_path_factory.mktemp("nb")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("Some prose with $x^2$."),
                nbformat.v4.new_code_cell("print(6 * 7)"),
                nbformat.v4.new_code_cell("from genlearn.explorers.multivariate_gaussian import GaussianExplorer\n"
                                          "GaussianExplorer(preset='Sigma = 0.6 I')")]
    path = d / "tiny.ipynb"
    nbformat.write(nb, path)
    assert export.store_state(path) == 1
    return path


def test_store_state_keeps_prose_and_stores_only_widget_outputs(tiny):
    nb = nbformat.read(tiny, as_version=4)
    assert nb.cells[0].source == "Some prose with $x^2$."
    assert nb.cells[1].outputs == []                     # not a widget cell: left as it was
    (out,) = nb.cells[2].outputs
    model_id = out["data"][export.WIDGET_VIEW_MIME]["model_id"]
    state = nb.metadata["widgets"][export.WIDGET_STATE_MIME]["state"]
    model = state[model_id]
    assert model["model_name"] == "AnyModel"
    traits = model["state"]
    assert traits["_esm"] == esm_text("multivariate_gaussian.js") and traits["_css"]  # the built ES module
    # numpy's sqrt(0.6) against pow(0.6, 0.5), which a libm may round the other way
    # tol: sqrt(0.6) from numpy and from the JSON state: an ulp
    assert traits["preset"] == "Sigma = 0.6 I" and traits["sigma1"] == pytest.approx(0.6 ** 0.5, rel=1e-15)
    # every trait is stored, defaults included (drop_defaults=False): the page needs them all
    assert {"palette", "colormap", "presets", "parameters", "azimuth", "rho"} <= set(traits)
    # only models the displayed widget needs (its layout), nothing left over
    assert set(state) == set(widget_state.reachable(state, [model_id]))


def test_store_state_stamps_the_versions_it_ran_with(tiny):
    # Oracle: each package's own metadata, read here; the kernel is this environment's Python
    nb = nbformat.read(tiny, as_version=4)
    assert nb.metadata["genlearn"]["last_run_with"] == {
        "python": platform.python_version(),
        **{name: metadata.version(name) for name in
           ("numpy", "scipy", "scikit-learn", "matplotlib", "ipywidgets", "anywidget", "genlearn")}}


@pytest.mark.skipif(not export.assets_ready() and shutil.which("npm") is None,
                    reason="no web assets and no npm to fetch them (apt-get install npm)")
def test_export_html_loads_local_files_only(tiny, tmp_path):
    page = export.export_html(tiny, tmp_path)
    html = page.read_text(encoding="utf-8")
    assert "cdn" not in html.lower().replace("data-jupyter-widgets-cdn", "")
    assert 'require.config({paths: {anywidget: "_static/anywidget"}})' in html
    for f in ("require.js", "anywidget.js", "html-manager/embed-amd.js", "mathjax/MathJax.js",
              "mathjax/config/TeX-AMS_CHTML-full.js", "mathjax/config/Safe.js"):
        assert (tmp_path / "_static" / f).is_file(), f
    state = json.loads(html.split('<script type="application/vnd.jupyter.widget-state+json">')[1]
                       .split("</script>")[0])
    assert any(m["model_name"] == "AnyModel" for m in state["state"].values())


def test_assets_need_npm_or_say_how_to_get_it(tmp_path):
    with pytest.raises(RuntimeError, match="apt-get install npm"):
        export.install_assets(tmp_path / "web", npm="no-such-npm-here")


def test_npm_pack_returns_each_packages_tarball_in_order(tmp_path):
    """Oracle: the npm stand-in (tests/npm_stub.py) writes one tarball a package and names it."""
    npm = npm_stub(tmp_path, {"index.js": "x"})
    out = tmp_path / "out"
    out.mkdir()
    tarballs = export.npm_pack(["requirejs@2.3.7", "@jupyter-widgets/html-manager@1.0.13"], out, npm)
    assert tarballs == [out / "requirejs-2.3.7.tgz", out / "jupyter-widgets-html-manager-1.0.13.tgz"]
    assert all(t.is_file() for t in tarballs)


def test_npm_pack_failure_names_the_packages_and_says_what_npm_said(tmp_path):
    npm = npm_stub(tmp_path, fail="npm error 404 Not Found - GET mathjax@9.9.9")
    with pytest.raises(RuntimeError, match=r"^`npm pack mathjax@9.9.9 a@1` failed:\n.*404 Not Found"):
        export.npm_pack(["mathjax@9.9.9", "a@1"], tmp_path, npm)
