"""Static HTML pages of executed notebooks whose explorers still move, with no server and no CDN.

An explorer (:mod:`genlearn.explorers.explorer`) is an anywidget widget whose page
code computes and draws every frame, so it needs no kernel once its state is
known. This module turns a notebook into a folder that works from any static
web server, or from the disk, with no network at all:

* the notebook's widget state (``metadata.widgets``: every trait, the
  explorer's JavaScript included) is embedded in the page, as nbconvert does;
* ipywidgets' own HTML widget manager (``@jupyter-widgets/html-manager``,
  ``embed-amd.js``), RequireJS and MathJax 2 are copied from local files into
  ``<out>/_static/``, and anywidget's front end is the AMD build shipped
  inside the anywidget Python package (``anywidget/nbextension/index.js``),
  registered with RequireJS before the manager asks for it: the manager's
  fall-back to a CDN is never reached.

The npm packages are fetched once, at build time, with ``npm pack`` into
``<sys.prefix>/share/genlearn/web`` (``make test`` does it;
``python -m genlearn.course.export --install-assets``). Nothing is fetched when a
page is viewed.

Commands::

    python -m genlearn.course.export notebooks/02_multivariate_gaussian.ipynb out/
    python -m genlearn.course.export --execute notebooks/02_multivariate_gaussian.ipynb out/
    python -m genlearn.course.export --store-state notebooks/02_multivariate_gaussian.ipynb
    python -m genlearn.course.export --install-assets

The first writes ``out/02_multivariate_gaussian.html`` and ``out/_static/``
from the notebook as stored; ``--execute`` runs a copy first (in a temporary
folder, the notebook's folder as working directory). ``--store-state``
executes a copy and writes back into the notebook only the outputs of cells
that display widgets and ``metadata.widgets`` (everything else, prose
included, is left as it is on disk), so that a reopened notebook shows each
explorer's default picture without a kernel. It also stamps the notebook with the
versions it was run with (:func:`stamp_versions`).

Functions
---------
install_assets   fetch the web assets with npm (once; cached by version)
npm_pack         ``npm pack`` packages into a folder (also MathJax 3 for the handouts, Pyodide for lite)
dark_scheme_css  JupyterLab Dark's colours for readers whose browser asks for a dark scheme
execute          run a notebook in a temporary copy; widget state kept (drop_defaults=False)
store_state      write an executed copy's widget outputs and state into a notebook, and stamp it
stamp_versions   record in a notebook's metadata the versions it was run with
coalesce_streams merge consecutive stream outputs, as JupyterLab does when it saves
export_html      one notebook -> out/<name>.html + out/_static/
write_static     out/_static/ alone (shared by the pages of a site)
"""
import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from genlearn.course.widget_state import reachable

__all__ = ["ASSET_DIR", "NPM_PACKAGES", "install_assets", "npm_pack", "assets_ready", "execute", "store_state",
           "stamp_versions",
           "coalesce_streams", "export_html", "write_static", "dark_scheme_css", "WIDGET_STATE_MIME",
           "WIDGET_VIEW_MIME"]

WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"

#: Where the fetched web assets live: inside the environment, like Jupyter's share/ files.
ASSET_DIR = Path(sys.prefix) / "share" / "genlearn" / "web"

#: npm package -> (version, [(path inside the package, path under ASSET_DIR)]).
NPM_PACKAGES = {
    "@jupyter-widgets/html-manager": ("1.0.15", [("dist/", "html-manager/")]),
    "requirejs": ("2.3.8", [("require.js", "require.js")]),
    # MathJax 2, as nbconvert's "lab" template configures it; only what TeX -> CommonHTML needs.
    "mathjax": ("2.7.9", [(p, f"mathjax/{p}") for p in (
        "MathJax.js", "config/TeX-AMS_CHTML-full.js", "config/Safe.js", "extensions/", "jax/input/TeX/",
        "jax/output/CommonHTML/", "jax/element/", "localization/en/", "fonts/HTML-CSS/TeX/woff/")]),
}
_SKIP_SUFFIXES = (".map", ".eot", ".svg", ".ttf",   # source maps; fonts that woff/woff2 replace
                  "/embed.js", "/libembed-amd.js")    # the manager's other builds (not used)
_STATIC = "_static"

#: The page template: nbconvert's "lab" page, offline, with genlearn's stylesheet (the file says how).
_TEMPLATE = Path(__file__).resolve().parent / "share" / "nbconvert" / "genlearn.html.j2"


def _stamp():
    return {name: [version, paths] for name, (version, paths) in NPM_PACKAGES.items()}


def assets_ready(asset_dir=ASSET_DIR):
    """True when ``asset_dir`` holds the assets of the versions in :data:`NPM_PACKAGES`."""
    stamp = Path(asset_dir) / "versions.json"
    return stamp.exists() and json.loads(stamp.read_text()) == json.loads(json.dumps(_stamp()))


def npm_pack(specs, folder, npm="npm", error=RuntimeError):
    """Fetch the npm packages ``specs`` (``name@version``) as tarballs into ``folder`` with
    ``npm pack`` (the registry's files as published; nothing of theirs runs). Returns the
    tarballs' paths, as npm names them (one line each, in the order of ``specs``). Raises
    ``error`` with npm's own message when npm fails (the caller has checked that npm exists)."""
    done = subprocess.run([npm, "pack", "--silent", *specs], cwd=folder, capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        raise error(f"`npm pack {' '.join(specs)}` failed:\n{done.stderr[-2000:]}")
    return [Path(folder) / line.strip() for line in done.stdout.splitlines() if line.strip()]


def install_assets(asset_dir=ASSET_DIR, npm="npm"):
    """Fetch the npm packages (``npm pack``) and unpack the needed files into ``asset_dir``.

    Does nothing when they are already there. Raises RuntimeError, naming the
    fix, when npm is missing or fails.
    """
    asset_dir = Path(asset_dir)
    if assets_ready(asset_dir):
        return asset_dir
    if shutil.which(npm) is None:
        raise RuntimeError(
            "npm is needed once, to fetch the web assets of the static pages "
            "(@jupyter-widgets/html-manager, requirejs, mathjax): install Node.js and npm "
            "(Debian: apt-get install npm) and run `python -m genlearn.course.export --install-assets`.")
    with tempfile.TemporaryDirectory(prefix="genlearn-npm-") as tmp:
        tarballs = npm_pack([f"{name}@{version}" for name, (version, _) in NPM_PACKAGES.items()], tmp, npm)
        staging = Path(tmp) / "web"
        for (name, (_, paths)), tarball in zip(NPM_PACKAGES.items(), tarballs):
            with tarfile.open(tarball) as tar:
                for member in tar.getmembers():
                    if not member.isfile() or member.name.endswith(_SKIP_SUFFIXES):
                        continue
                    inner = member.name.split("/", 1)[1]  # strip "package/"
                    for src, dst in paths:
                        if inner == src or (src.endswith("/") and inner.startswith(src)):
                            target = staging / (dst + inner[len(src):] if src.endswith("/") else dst)
                            target.parent.mkdir(parents=True, exist_ok=True)
                            target.write_bytes(tar.extractfile(member).read())
        (staging / "versions.json").write_text(json.dumps(_stamp()))
        if asset_dir.exists():
            shutil.rmtree(asset_dir)
        asset_dir.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(staging, asset_dir)
    return asset_dir


def _anywidget_amd():
    """anywidget's front end as an AMD module (shipped in the anywidget Python package)."""
    import anywidget

    path = Path(anywidget.__file__).parent / "nbextension" / "index.js"
    if not path.exists():
        raise RuntimeError(f"{path} is missing: reinstall anywidget (pip install -e .).")
    return path


def execute(path, timeout=300):
    """Run the notebook at ``path`` in a temporary copy; returns the executed notebook.

    The working directory is the notebook's folder (as in JupyterLab). nbclient
    keeps the full state of every widget (``store_widget_state``; every trait,
    defaults included, the equivalent of ``drop_defaults=False``) in
    ``metadata.widgets``.
    """
    import nbformat
    from nbclient import NotebookClient

    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name=nb.metadata.get("kernelspec", {}).get(
        "name", "python3"), resources={"metadata": {"path": str(path.parent.resolve())}},
        store_widget_state=True)
    client.execute()
    return nb


def _widget_models(nb):
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE_MIME, {}).get("state", {})
    return state


def coalesce_streams(nb):
    """Merge each run of consecutive stream outputs of one name (stdout, stderr) into one, in place.

    A kernel may flush one ``print`` in several messages; JupyterLab merges them
    when it saves, so a notebook stored unmerged changes on its first save.
    """
    from nbconvert.preprocessors import CoalesceStreamsPreprocessor

    for cell in nb.cells:
        CoalesceStreamsPreprocessor().preprocess_cell(cell, {}, 0)
    return nb


def stamp_versions(nb, executed=None):
    """Record in ``nb.metadata["genlearn"]["last_run_with"]`` the versions this notebook ran with, in place.

    Python's version as the kernel reported it (``language_info`` of the ``executed`` notebook, when
    given) and those of numpy, scipy, scikit-learn, matplotlib, ipywidgets, anywidget and genlearn in this
    environment, the one whose kernel ran it (:func:`genlearn.versions.run_versions`). docs/lessons.md
    says what the stamp means. Returns ``nb``.
    """
    from genlearn.versions import run_versions

    found = run_versions()
    kernel_python = (executed.metadata if executed is not None else {}).get("language_info", {}).get("version")
    if kernel_python:
        found["python"] = kernel_python
    nb.metadata.setdefault("genlearn", {})["last_run_with"] = found
    return nb


def store_state(path, timeout=300):
    """Execute a copy of the notebook and store its explorers' outputs and state in ``path``.

    Only the outputs of code cells that display a widget (matched by cell id)
    and ``metadata.widgets`` are written; the notebook is re-read just before
    writing, so prose edited meanwhile is kept. Only the models the displayed
    widgets need are stored, and the notebook is stamped with the versions it ran with
    (:func:`stamp_versions`). Returns the number of widget outputs stored.
    """
    import nbformat

    path = Path(path)
    executed = execute(path, timeout=timeout)
    views = {}
    for cell in executed.cells:
        if cell.cell_type == "code" and any(WIDGET_VIEW_MIME in o.get("data", {}) for o in cell.outputs):
            views[cell.get("id")] = cell
    models = _widget_models(executed)
    needed = reachable(models, [o["data"][WIDGET_VIEW_MIME]["model_id"]
                                 for c in views.values() for o in c.outputs
                                 if WIDGET_VIEW_MIME in o.get("data", {})])
    nb = nbformat.read(path, as_version=4)
    stored = 0
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.get("id") in views:
            if cell.source != views[cell.id].source:
                raise RuntimeError(f"cell {cell.id} of {path} changed while it was executed; run again.")
            cell.outputs = views[cell.id].outputs
            cell.execution_count = views[cell.id].execution_count
            stored += 1
    coalesce_streams(nb)
    stamp_versions(nb, executed)
    if needed:
        nb.metadata["widgets"] = {WIDGET_STATE_MIME: {
            "version_major": 2, "version_minor": 0, "state": {k: models[k] for k in needed}}}
    else:
        nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    return stored


def write_static(out_dir, asset_dir=ASSET_DIR):
    """Copy the web assets and anywidget's AMD build into ``out_dir/_static/`` (replaced)."""
    static = Path(out_dir) / _STATIC
    if static.exists():
        shutil.rmtree(static)
    shutil.copytree(asset_dir, static)
    shutil.copy(_anywidget_amd(), static / "anywidget.js")
    return static


def dark_scheme_css():
    """CSS that turns the page dark when the reader's browser asks for a dark colour scheme
    (``prefers-color-scheme: dark``): the colour variables of JupyterLab's Dark theme (the
    ``:root`` block of the copy nbconvert's "lab" template ships). genlearn's stylesheet, before it,
    sets the code colours of a dark page for contrast; the explorers follow (explorer.css reads the
    theme's text and background colours)."""
    import re

    from jupyter_core.paths import jupyter_path

    # the Dark theme that nbconvert's "lab" template ships (its --theme dark)
    found = [Path(p) for p in jupyter_path("nbconvert", "templates", "lab", "static", "theme-dark.css")]
    theme = next((p for p in found if p.exists()), None)
    root = re.search(r":root\s*\{[^}]*\}", theme.read_text(encoding="utf-8")) if theme else None
    if root is None:
        raise RuntimeError("no colour variables of nbconvert's lab template's theme-dark.css (looked in "
                           f"{', '.join(map(str, found))}): reinstall nbconvert (pip install nbconvert).")
    return f"@media (prefers-color-scheme: dark) {{\n{root.group(0)}\n}}\n"


def export_html(path, out_dir, execute_first=False, timeout=300, asset_dir=ASSET_DIR, static=True, code=True):
    """Write ``out_dir/<notebook name>.html`` and ``out_dir/_static/``; returns the HTML path.

    The page loads only files under ``_static/`` (relative URLs), so the
    folder works from any web server or from the disk. ``execute_first`` runs
    a copy of the notebook first (:func:`execute`); otherwise the notebook
    must already carry its widget state (see :func:`store_state`), or its
    explorers show nothing. ``static=False`` leaves ``out_dir/_static/`` as
    it is (a site of many pages copies it once: :mod:`genlearn.course.site`).
    ``code=False`` leaves out the code cells' sources and the prompts (the
    printed lessons of :mod:`genlearn.course.pdf`).
    """
    import nbformat
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    from ..explorers.explorer import stylesheet

    path, out_dir = Path(path), Path(out_dir)
    nb = execute(path, timeout=timeout) if execute_first else nbformat.read(path, as_version=4)
    if any("text/vnd.mermaid" in o.get("data", {}) for c in nb.cells for o in c.get("outputs", [])):
        raise ValueError(f"{path} shows a Mermaid diagram, which the offline page cannot draw.")
    if not assets_ready(asset_dir):
        install_assets(asset_dir)
    if static:
        write_static(out_dir, asset_dir)

    exporter = HTMLExporter(
        template_name="lab",
        extra_loaders=[DictLoader({"genlearn.html.j2": _TEMPLATE.read_text(encoding="utf-8")})],
        template_file="genlearn.html.j2",
        require_js_url=f"{_STATIC}/require.js",
        widget_renderer_url=f"{_STATIC}/html-manager/embed-amd.js",
        mathjax_url=f"{_STATIC}/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe",
        exclude_input=not code, exclude_input_prompt=not code, exclude_output_prompt=not code,
    )
    html, _ = exporter.from_notebook_node(nb, resources={"genlearn_css": stylesheet() + dark_scheme_css()})
    if "https://cdn" in html or "unpkg.com" in html:
        raise RuntimeError("the exported page names a CDN; genlearn.course.export's template needs updating.")
    out = out_dir / (path.stem + ".html")
    out_dir.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m genlearn.course.export",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("notebook", nargs="?")
    ap.add_argument("out", nargs="?", help="output folder (export)")
    ap.add_argument("--execute", action="store_true", help="run a copy of the notebook first")
    ap.add_argument("--store-state", action="store_true",
                    help="store the explorers' outputs and widget state in the notebook itself")
    ap.add_argument("--install-assets", action="store_true", help="fetch the web assets with npm")
    args = ap.parse_args(argv)
    if args.install_assets:
        print(f"web assets in {install_assets()}")
        if not args.notebook:
            return 0
    if not args.notebook:
        ap.error("name a notebook")
    if args.store_state:
        n = store_state(args.notebook)
        print(f"{args.notebook}: stored {n} widget output(s) and their state")
        return 0
    if not args.out:
        ap.error("name an output folder")
    print(export_html(args.notebook, args.out, execute_first=args.execute))
    return 0


if __name__ == "__main__":
    sys.exit(main())
