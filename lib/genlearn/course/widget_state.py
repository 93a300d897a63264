"""The explorers' widget state stored in notebook files: kept when Jupyter saves, checked before publishing.

A lesson stores the state of each explorer it shows (every trait, its
JavaScript included) in ``metadata.widgets``, beside the outputs that
display it. With that state a reopened notebook, an exported page and a
handout show a live explorer without any kernel (:mod:`genlearn.course.export`
writes it). Two things used to break it:

* **Saving from the browser.** JupyterLab's and Notebook 7's widget manager
  (``@jupyter-widgets/jupyterlab-manager``) replaces ``metadata.widgets`` on
  save with the models that are live in the kernel *now*, when its setting
  ``saveState`` is on. A notebook opened and not run has none, so a save wrote
  an empty state and the explorers were gone; with ``saveState`` on the
  manager also marks the notebook modified as soon as it renders the stored
  widgets, so JupyterLab's autosave did that on its own two minutes after
  opening. With ``saveState`` off (JupyterLab's default, which genlearn
  keeps) the stored state is left alone, but a notebook that was run and
  saved shows new widget ids that the stored state does not have. And any
  save through the browser rewrites numbers (``40.0`` becomes ``40``: the
  page's JSON has no integer/float distinction), so an untouched lesson
  differed from the commit.
* **Code changing under the stored state.** An explorer whose JavaScript or
  traits changed needs its state stored again.

:func:`keep_stored_state` is a pre-save hook of the Jupyter server (so it
holds in JupyterLab, Notebook 7, on Binder and on a JupyterHub alike, with
any front-end settings). genlearn enables it as a server extension in every
environment it is installed into (pip installs
``etc/jupyter/jupyter_server_config.d/genlearn.json``, which names this
module). Every Jupyter server imports it, learners' too: it imports only the
standard library (nbformat when a notebook is read), and so does
``genlearn.course``'s ``__init__``. Before a notebook is written it compares
the notebook with the file on disk:

1. a widget view whose model the saved notebook lacks gets the model stored
   in the file (the page had no state to replace it with);
2. a cell whose source is unchanged but whose widget view names a model that
   is nowhere (run in a kernel, saved with ``saveState`` off) gets back the
   outputs stored in the file, with their models;
3. every part of the notebook equal in value to the file's is written as the
   file has it, so a save that changes nothing leaves the file byte for byte
   as it was (``git diff`` stays empty);
4. an empty widget state is not written into a notebook whose file has none
   (the manager adds one to a notebook that shows no widget).

:func:`problems` lists what is missing or out of date in a notebook's stored
state; ``make site`` and ``make handouts`` refuse to publish a lesson that
has any (:mod:`genlearn.course.site`).

Functions
---------
keep_stored_state   the server's pre-save hook (rules 1-4 above)
restore             the same on two notebook dicts (what the hook does)
problems            missing or stale explorer state of a notebook file, as text
refusal             the message of ``make site`` for notebooks with problems
reachable           the widget models an output needs (its layout, ...)

Examples
--------
>>> saved = {"cells": [{"cell_type": "code", "id": "a", "source": "x", "execution_count": 1,
...          "metadata": {}, "outputs": [view("m1")]}], "metadata": {"widgets": state({"m1": {"n": 2.0}})}}
>>> page = {"cells": [{"cell_type": "code", "id": "a", "source": "x", "execution_count": 1,
...         "metadata": {}, "outputs": [view("m1")]}], "metadata": {"widgets": state({})}}
>>> merged = restore(page, saved)
>>> merged == saved, merged["metadata"]["widgets"] is saved["metadata"]["widgets"]
(True, True)
"""
import copy
import importlib
import json
import os

__all__ = ["WIDGET_STATE_MIME", "WIDGET_VIEW_MIME", "keep_stored_state", "restore", "problems", "refusal",
           "reachable", "view", "state"]

WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def view(model_id):
    """A display_data output showing the widget ``model_id`` (for examples and tests)."""
    return {"output_type": "display_data", "metadata": {},
            "data": {WIDGET_VIEW_MIME: {"model_id": model_id, "version_major": 2, "version_minor": 0},
                     "text/plain": "widget"}}


def state(models):
    """``metadata.widgets`` holding ``models`` (model id -> its traits), as a notebook stores it."""
    return {WIDGET_STATE_MIME: {"version_major": 2, "version_minor": 0, "state": {
        mid: {"model_module": "anywidget", "model_module_version": "~0.11.*", "model_name": "AnyModel",
              "state": traits} for mid, traits in models.items()}}}


# ---------------------------------------------------------------------------
# reading a notebook dict
# ---------------------------------------------------------------------------
def _models(nb):
    """The stored widget models of notebook dict ``nb`` (model id -> model), possibly empty."""
    widgets = (nb.get("metadata") or {}).get("widgets") or {}
    return (widgets.get(WIDGET_STATE_MIME) or {}).get("state") or {}


def _text(source):
    """A cell source as one string (nbformat allows a list of lines too)."""
    return "".join(source) if isinstance(source, list) else source


def _view_ids(cell):
    """The widget model ids the outputs of ``cell`` display, in order."""
    ids = []
    for out in cell.get("outputs") or []:
        ref = (out.get("data") or {}).get(WIDGET_VIEW_MIME)
        if isinstance(ref, dict) and ref.get("model_id"):
            ids.append(ref["model_id"])
    return ids


def reachable(models, roots):
    """The model ids reachable from ``roots`` through ``"IPY_MODEL_<id>"`` references, roots first."""
    seen, todo = [], list(roots)
    while todo:
        mid = todo.pop(0)
        if mid in seen or mid not in models:
            continue
        seen.append(mid)
        text = json.dumps(models[mid].get("state", {}))
        todo += [part[:32] for part in text.split("IPY_MODEL_")[1:]]
    return seen


def _same(a, b):
    """Equal as JSON values, numbers by value (``40 == 40.0``) but booleans only to booleans."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def _as_saved(new, old):
    """``new`` with every part equal in value to ``old``'s written as ``old`` has it (rule 3)."""
    if _same(new, old):
        return old
    if isinstance(new, dict) and isinstance(old, dict):
        return {k: _as_saved(v, old[k]) if k in old else v for k, v in new.items()}
    if isinstance(new, list) and isinstance(old, list) and len(new) == len(old):
        return [_as_saved(x, y) for x, y in zip(new, old)]
    return new


# ---------------------------------------------------------------------------
# the save hook
# ---------------------------------------------------------------------------
def restore(new, old):
    """Notebook dict ``new`` (about to be saved) with what file ``old`` stores kept (rules 1-4).

    ``old`` is left unchanged; parts of it may be shared by the result.
    """
    new = copy.deepcopy(new)
    old_models = _models(old)
    new_models = dict(_models(new))
    old_cells = {c.get("id"): c for c in old.get("cells", []) if c.get("id")}
    wanted = []  # ids of models to copy from the file
    for cell in new.get("cells", []):
        missing = [mid for mid in _view_ids(cell) if mid not in new_models]
        if not missing:
            continue
        if all(mid in old_models for mid in missing):                      # rule 1
            wanted += missing
            continue
        before = old_cells.get(cell.get("id"))
        if (before is not None and _text(before.get("source")) == _text(cell.get("source")) and _view_ids(before)
                and all(mid in old_models for mid in _view_ids(before))):  # rule 2
            cell["outputs"] = copy.deepcopy(before.get("outputs", []))
            cell["execution_count"] = before.get("execution_count")
            wanted += _view_ids(before)
    for mid in reachable(old_models, wanted):
        new_models.setdefault(mid, old_models[mid])
    if new_models != _models(new):
        widgets = new.setdefault("metadata", {}).setdefault("widgets", {})
        stored = widgets.setdefault(WIDGET_STATE_MIME, {"version_major": 2, "version_minor": 0})
        stored["state"] = new_models
    merged = {k: v for k, v in new.items() if k != "cells"}
    merged = _as_saved(merged, {k: v for k, v in old.items() if k != "cells"})
    merged["cells"] = [_as_saved(c, old_cells[c.get("id")]) if c.get("id") in old_cells else c
                       for c in new.get("cells", [])]
    if _same(merged["cells"], old.get("cells")):
        merged["cells"] = old["cells"]
    meta = merged.get("metadata")
    if isinstance(meta, dict) and "widgets" in meta and "widgets" not in old.get("metadata", {}) \
            and not _models(merged):                                      # rule 4
        merged["metadata"] = _as_saved({k: v for k, v in meta.items() if k != "widgets"}, old.get("metadata", {}))
    return {k: merged[k] for k in new}


def _saved_notebook(contents_manager, path):
    """The notebook at API ``path`` as the file holds it now (a dict), or None."""
    os_path = getattr(contents_manager, "_get_os_path", None)
    if os_path is None:  # a contents manager that is not backed by files
        return None
    os_path = os_path(path)
    if not os.path.isfile(os_path):
        return None
    import nbformat

    try:
        return nbformat.read(os_path, as_version=4)
    except Exception:  # not a readable notebook: nothing to keep
        return None


def keep_stored_state(model, path, contents_manager, **kwargs):
    """Pre-save hook of the Jupyter server: keep the file's stored widget state (see the module).

    Called by the server as ``hook(model=..., path=..., contents_manager=...)``
    before it writes a file; changes ``model["content"]`` of a notebook only.
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    old = _saved_notebook(contents_manager, path)
    if old is None:
        return
    merged = restore(model["content"], old)
    if merged is not model["content"]:
        kept = len(_models(merged)) - len(_models(model["content"]))
        if kept > 0:
            contents_manager.log.info("genlearn: kept %d stored widget model(s) of %s", kept, path)
        model["content"] = merged


def _jupyter_server_extension_points():
    return [{"module": "genlearn.course.widget_state"}]


def _load_jupyter_server_extension(serverapp):
    """Register :func:`keep_stored_state` with the server's contents manager."""
    serverapp.contents_manager.register_pre_save_hook(keep_stored_state)
    serverapp.log.info("genlearn: saving a notebook keeps its explorers' stored widget state")


# ---------------------------------------------------------------------------
# the check before publishing
# ---------------------------------------------------------------------------
def _explorer_class(model):
    """The explorer class a stored model was made by (``_anywidget_id``), or None if not genlearn's."""
    name = model.get("state", {}).get("_anywidget_id", "")
    if not name.startswith("genlearn."):
        return None
    module, _, cls = name.rpartition(".")
    try:
        return getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError):
        return None


def _label(cell, model):
    if model is not None:
        return model.get("state", {}).get("_anywidget_id", "").rpartition(".")[2] or "widget"
    for out in cell.get("outputs", []):
        text = (out.get("data") or {}).get("text/plain", "")
        text = "".join(text) if isinstance(text, list) else text
        if text:
            return text.split(":")[0].strip()[:60]
    return "widget"


def problems(path):
    """What is missing or out of date in the stored explorer state of the notebook at ``path``.

    A list of strings, one per explorer shown by the notebook (empty: all is
    well). An explorer is missing when its output names a model the notebook
    does not store; out of date when its stored JavaScript (``_esm``) or its
    set of traits differs from what its class (``_anywidget_id``) has now.
    """
    import nbformat

    nb = nbformat.read(path, as_version=4)
    models = _models(nb)
    found = []
    for index, cell in enumerate(nb.cells, 1):
        for mid in _view_ids(cell):
            model = models.get(mid)
            where = f"{_label(cell, model)} (cell {index})"
            if model is None:
                found.append(f"{where}: its widget state is not stored in the notebook")
                continue
            cls = _explorer_class(model)
            if cls is None:
                continue
            stored = model.get("state", {})
            if stored.get("_esm") != str(getattr(cls, "_esm", "")):
                found.append(f"{where}: its stored JavaScript differs from today's "
                             f"({cls.__module__.rpartition('.')[2]}.js and the shared modules it imports)")
            # anywidget adds _esm, _css and _anywidget_id as traits of each instance
            traits = set(cls.class_trait_names(sync=True)) | {"_esm", "_anywidget_id"}
            traits |= {"_css"} if hasattr(cls, "_css") else set()
            if set(stored) != traits:
                lost, extra = sorted(traits - set(stored)), sorted(set(stored) - traits)
                found.append(f"{where}: its stored traits differ from {cls.__name__}'s today"
                             + (f" (not stored: {', '.join(lost)})" if lost else "")
                             + (f" (no longer traits: {', '.join(extra)})" if extra else ""))
    return found


def refusal(paths):
    """One message for every notebook in ``paths`` with :func:`problems`, or None when there are none."""
    lines = []
    for path in paths:
        found = problems(path)
        if found:
            lines += [f"{path}: " + p for p in found]
            lines.append(f"  restore the committed file:   git checkout -- {path}")
            lines.append(f"  or store today's state:       python -m genlearn.course.export --store-state {path}")
    if not lines:
        return None
    return ("The stored state of these explorers is missing or out of date, so their pages would show a "
            "static picture instead of a live explorer:\n" + "\n".join(lines))
