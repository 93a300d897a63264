"""genlearn.course.widget_state: saving from the browser keeps the explorers' stored state; make site refuses
stale state; the server loads the hook.

Oracles: the committed lesson files themselves. A save is simulated as
JupyterLab's page makes it (the notebook as JSON from the page: integral
floats written as integers, and, with the widget manager's saveState on,
``metadata.widgets`` replaced by the models live in the kernel); after the
server's pre-save hook the written file must be the committed file, byte for
byte. The hook runs inside real JupyterLab and Notebook 7 servers in
tests/browser/test_autosave.py, in ``make lab`` in tests/test_lab_server.py and
on a JupyterHub in tests/hub/.
"""
import copy
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import lessons
from genlearn.course import widget_state

ROOT = Path(__file__).resolve().parent.parent
WITH_EXPLORERS = [p for p in lessons.lessons() if widget_state._models(json.loads(p.read_text()))]


class FakeContents:
    """What the hook uses of a FileContentsManager: the file behind an API path, and a log."""

    def __init__(self, root):
        self.root = Path(root)
        self.log = logging.getLogger("test")

    def _get_os_path(self, path):
        return str(self.root / path)


def as_the_page_sends_it(nb):
    """The notebook as JupyterLab's page serialises it: JSON numbers, 40.0 becomes 40."""
    def js(value):
        if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
            return int(value)
        if isinstance(value, dict):
            return {k: js(v) for k, v in value.items()}
        if isinstance(value, list):
            return [js(v) for v in value]
        return value
    return js(json.loads(json.dumps(nb)))


def save(tmp_path, path, content):
    """Run the hook as the server does before writing; return the text it would write."""
    model = {"type": "notebook", "format": "json", "content": content}
    widget_state.keep_stored_state(model=model, path=path.name, contents_manager=FakeContents(path.parent))
    out = tmp_path / "written.ipynb"
    nbformat.write(nbformat.from_dict(model["content"]), out)  # as jupyter_server writes it
    return out.read_text(encoding="utf-8")


def test_there_are_lessons_with_explorers():
    assert len(WITH_EXPLORERS) >= 3


@pytest.mark.parametrize("lesson", WITH_EXPLORERS, ids=[p.stem for p in WITH_EXPLORERS])
def test_saving_an_unrun_lesson_writes_the_committed_file(lesson, tmp_path):
    """Opened, not run, saved with saveState on: the page sends an empty widget state."""
    path = tmp_path / lesson.name
    shutil.copy(lesson, path)
    page = as_the_page_sends_it(nbformat.read(lesson, as_version=4))
    page["metadata"]["widgets"][widget_state.WIDGET_STATE_MIME]["state"] = {}
    assert save(tmp_path, path, page) == lesson.read_text(encoding="utf-8")


@pytest.mark.parametrize("lesson", WITH_EXPLORERS[:1], ids=[p.stem for p in WITH_EXPLORERS[:1]])
def test_saving_with_save_state_off_writes_the_committed_file(lesson, tmp_path):
    """JupyterLab's default (saveState off): the page sends the state as loaded; numbers as JSON."""
    path = tmp_path / lesson.name
    shutil.copy(lesson, path)
    page = as_the_page_sends_it(nbformat.read(lesson, as_version=4))
    assert save(tmp_path, path, page) == lesson.read_text(encoding="utf-8")


WITHOUT_EXPLORERS = [p for p in lessons.lessons() if p not in WITH_EXPLORERS]


@pytest.mark.parametrize("lesson", WITHOUT_EXPLORERS, ids=[p.stem for p in WITHOUT_EXPLORERS])
def test_saving_a_notebook_without_widgets_adds_no_widget_state(lesson, tmp_path):
    """The page adds an empty widget state to a notebook that shows no widget (00_start_here): not written."""
    path = tmp_path / lesson.name
    shutil.copy(lesson, path)
    page = as_the_page_sends_it(nbformat.read(lesson, as_version=4))
    assert "widgets" not in page["metadata"]
    page["metadata"]["widgets"] = widget_state.state({})
    assert save(tmp_path, path, page) == lesson.read_text(encoding="utf-8")


def _explorer_cell(nb):
    return next(c for c in nb["cells"] if widget_state._view_ids(c))


def test_run_and_saved_with_save_state_off_keeps_the_stored_explorer(tmp_path):
    """Run in a kernel and saved with saveState off: the explorer's output names a model the file does
    not store; the cell (source unchanged) gets back its stored output, so it stays live on reopening."""
    lesson = WITH_EXPLORERS[0]
    path = tmp_path / lesson.name
    shutil.copy(lesson, path)
    page = as_the_page_sends_it(nbformat.read(lesson, as_version=4))
    cell = _explorer_cell(page)
    cell["outputs"] = [widget_state.view("f" * 32)]
    cell["execution_count"] = 99
    assert save(tmp_path, path, page) == lesson.read_text(encoding="utf-8")


def test_a_changed_cell_and_live_state_are_saved_as_the_page_has_them(tmp_path):
    """What the learner did is saved: an edited explorer cell keeps its new output, and models the
    page stores (saveState on, run) replace nothing of theirs."""
    lesson = WITH_EXPLORERS[0]
    path = tmp_path / lesson.name
    shutil.copy(lesson, path)
    page = as_the_page_sends_it(nbformat.read(lesson, as_version=4))
    cell = _explorer_cell(page)
    cell["source"] += "\n# my change"
    cell["outputs"] = [widget_state.view("e" * 32)]
    live = {"f" * 32: {"answer": 42}}
    other = next(c for c in page["cells"] if c["cell_type"] == "code" and c is not cell)
    other["outputs"] = [widget_state.view("f" * 32)]
    page["metadata"]["widgets"] = widget_state.state(live)
    written = nbformat.reads(save(tmp_path, path, page), as_version=4)
    mine = next(c for c in written.cells if c.get("id") == cell["id"])
    assert widget_state._view_ids(mine) == ["e" * 32] and mine.source.endswith("# my change")
    models = widget_state._models(written)
    assert models["f" * 32]["state"] == {"answer": 42} and "e" * 32 not in models


def test_other_files_and_new_paths_are_left_alone(tmp_path):
    model = {"type": "file", "format": "text", "content": "hello"}
    widget_state.keep_stored_state(model=model, path="a.txt", contents_manager=FakeContents(tmp_path))
    assert model["content"] == "hello"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x")]
    nb.cells[0].outputs = [nbformat.from_dict(widget_state.view("a" * 32))]
    model = {"type": "notebook", "content": json.loads(nbformat.writes(nb))}
    before = copy.deepcopy(model)
    widget_state.keep_stored_state(model=model, path="new.ipynb", contents_manager=FakeContents(tmp_path))
    assert model == before


def test_every_lesson_stores_complete_and_current_explorer_state():
    """What make site checks: every explorer shown has its model stored, with today's JavaScript
    and traits. After changing an explorer, store again:
    python -m genlearn.course.export --store-state notebooks/NN_name.ipynb"""
    found = {p.name: widget_state.problems(p) for p in lessons.lessons()}
    assert not any(found.values()), {k: v for k, v in found.items() if v}


def _damaged(lesson, folder, change):
    nb = nbformat.read(lesson, as_version=4)
    change(nb)
    path = folder / lesson.name
    nbformat.write(nb, path)
    return path


def test_problems_name_missing_and_stale_explorers(tmp_path):
    lesson = WITH_EXPLORERS[0]
    emptied = _damaged(lesson, tmp_path, lambda nb: nb.metadata.widgets[widget_state.WIDGET_STATE_MIME]
                       .__setitem__("state", {}))
    assert widget_state.problems(emptied) and all("not stored" in p for p in widget_state.problems(emptied))

    def older_js(nb):
        for model in widget_state._models(nb).values():
            if "_esm" in model["state"]:
                model["state"]["_esm"] += "\n// an older version"
                model["state"]["no_longer_a_trait"] = 1
    stale = _damaged(lesson, tmp_path, older_js)
    found = widget_state.problems(stale)
    assert any("stored JavaScript differs" in p for p in found), found
    assert any("no longer traits: no_longer_a_trait" in p for p in found), found


@pytest.mark.parametrize("command", ["build", "handouts"])
def test_make_site_refuses_a_lesson_whose_explorers_were_lost(command, tmp_path):
    """`make site` / `make handouts` exit 1 and say which lesson, which explorer, and how to restore it."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", folder)
    lesson = WITH_EXPLORERS[0]
    _damaged(lesson, folder, lambda nb: nb.metadata.pop("widgets"))
    done = subprocess.run([sys.executable, "-m", "genlearn.course.site", command, str(tmp_path / "out"),
                           "--course", str(tmp_path)], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    label = widget_state._explorer_class(next(iter(
        m for m in widget_state._models(json.loads(lesson.read_text())).values()
        if "_anywidget_id" in m["state"]))).__name__
    for text in (lesson.name, label, "widget state is not stored", f"git checkout -- notebooks/{lesson.name}",
                 f"python -m genlearn.course.export --store-state notebooks/{lesson.name}"):
        assert text in done.stderr, (text, done.stderr)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").glob("*.html"))


def test_the_save_hook_is_enabled_in_this_environment():
    """genlearn's Jupyter server configuration is installed where the servers of the environment read it."""
    config = Path(sys.prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / "genlearn.json"
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        pytest.skip("not running in the project's .venv (make lab / make test install the configuration)")
    assert json.loads(config.read_text())["ServerApp"]["jpserver_extensions"]["genlearn.course.widget_state"] is True


class FakeServer:
    """What the extension's loader uses of a ServerApp: the contents manager's pre-save hooks, a log."""

    def __init__(self):
        self.hooks = []
        self.contents_manager = type("Contents", (), {"register_pre_save_hook": self.hooks.append})()
        self.log = logging.getLogger("test")


def test_the_server_loads_the_save_hook():
    """As jupyter_server loads a jpserver_extensions entry: its extension points, each one's loader."""
    from jupyter_server.extension.manager import ExtensionPackage

    package = ExtensionPackage(name="genlearn.course.widget_state", enabled=True)
    assert package.validate() and list(package.extension_points) == ["genlearn.course.widget_state"]
    server = FakeServer()
    package.load_all_points(server)
    assert server.hooks == [widget_state.keep_stored_state]


def test_the_server_extension_is_cheap_to_import():
    """Every Jupyter server imports it: only the standard library, and of genlearn only its own packages."""
    done = subprocess.run([sys.executable, "-c", "import sys, genlearn.course.widget_state\n"
                           "print(' '.join(sorted(sys.modules)))"], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert {m for m in loaded if m.startswith("genlearn")} == {"genlearn", "genlearn.course",
                                                               "genlearn.course.widget_state"}
    heavy = {"numpy", "scipy", "sklearn", "matplotlib", "nbformat", "IPython", "anywidget", "ipywidgets"}
    assert not heavy & {m.split(".")[0] for m in loaded}
