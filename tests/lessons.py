"""Every lesson executed once per test session, and shared (docs/testing.md).

The tests that need an executed lesson (tests/test_lesson_runs.py's checks of the
printed numbers and of errors, the browser tests that open the lessons in
JupyterLab and Notebook 7) ask :func:`lesson_run` for it instead of running
the notebook themselves. A run is a subprocess that executes a copy with
nbclient, as JupyterLab's Run All would (the lesson's folder as working
directory, the widgets' state stored, ``nbclient``'s defaults otherwise), and
writes the executed copy under the session's temporary folder. pytest-xdist's
workers share that folder (the parent of each worker's own), and a lock file
per run makes the first worker that asks run it and the others wait for it
and read it.

Runs are made as learners run lessons where nothing is set up: with
``GENLEARN_DATA`` unset and an empty user cache (no SMS Spam Collection),
``GENLEARN_OFFLINE=1`` and every connection to another machine refused in
the kernel (an IPython start-up file installs :mod:`no_network`). A lesson
that says it fell back to invented data runs a second time with
``GENLEARN_DATA`` as the tests have it, and that run is the one shared.

Checked cells carry the cell tag ``nbval-check-output`` (the tag nbval
understands): their outputs must reproduce the stored ones, compared as nbval
does (text, not pictures). :func:`checked_mismatches` compares.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from genlearn.course.lite import lock_file

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
HERE = Path(__file__).resolve().parent
CHECK_TAG = "nbval-check-output"
#: Output keys not compared (as nbval: pictures, metadata, widget ids).
NOT_COMPARED = ("image/png", "image/jpeg", "image/svg+xml", "application/vnd.jupyter.widget-view+json")
#: How a lesson says that it runs on invented data instead of the real corpus.
FALLBACK = re.compile(r"\binvented\b", re.IGNORECASE)


def lessons():
    """The numbered notebooks under notebooks/ (the start page and the lessons), in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def homework_sources():
    """The homework with its solutions (instructor/source/<assignment>/<assignment>.ipynb)."""
    return sorted((ROOT / "instructor" / "source").glob("*/*.ipynb"))


def data_available():
    folder = os.environ.get("GENLEARN_DATA")
    return bool(folder) and (Path(folder) / "SMSSpamCollection").is_file()


# ---------------------------------------------------------------------------
# where runs are kept
# ---------------------------------------------------------------------------
_SESSION = {}


def set_session_dir(tmp_path_factory):
    """Called once per process by the ``lesson_runs`` fixture: the folder shared by every xdist worker."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    _SESSION["dir"] = root / "lesson-runs"
    _SESSION["dir"].mkdir(exist_ok=True)
    return _SESSION["dir"]


def session_dir():
    if "dir" not in _SESSION:
        raise RuntimeError("ask for the lesson_runs fixture first (conftest.py)")
    return _SESSION["dir"]


class Run:
    """An executed copy of a notebook: ``path`` (on disk), ``nb`` (nbformat), ``error`` (text or None)."""

    def __init__(self, source, path, data, error):
        self.source, self.path, self.data, self.error = Path(source), Path(path), data, error
        self._nb = None

    @property
    def nb(self):
        if self._nb is None:
            import nbformat

            self._nb = nbformat.read(self.path, as_version=4)
        return self._nb

    def outputs_text(self):
        """Everything the run printed or displayed as text, one string."""
        parts = []
        for cell in self.nb.cells:
            for out in cell.get("outputs", []):
                parts.append(out.get("text", ""))
                for key in ("text/plain", "text/html", "text/markdown"):
                    parts.append(out.get("data", {}).get(key, ""))
        return "\n".join(p if isinstance(p, str) else "".join(p) for p in parts)

    def fell_back(self):
        return bool(FALLBACK.search(self.outputs_text()))


def kernel_environment(data, folder):
    """The environment of a run's kernel (see the module)."""
    env = dict(os.environ)
    env["GENLEARN_OFFLINE"] = "1"
    env.pop("MPLBACKEND", None)
    ipython = folder / "ipython"
    startup = ipython / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (startup / "00-no-network.py").write_text(
        f"import sys\nsys.path.insert(0, {str(HERE)!r})\nimport no_network\nno_network.install()\n"
        "sys.path.remove(sys.path[0])\n")
    env["IPYTHONDIR"] = str(ipython)
    if not data:
        env.pop("GENLEARN_DATA", None)
        empty = folder / "empty-cache"
        empty.mkdir(exist_ok=True)
        env["XDG_CACHE_HOME"] = str(empty)
    return env


def run(source, data=False, timeout=300):
    """The run of notebook ``source`` (with or without the data), made now or read from this session."""
    source = Path(source)
    folder = session_dir()
    kind = "data" if data else "nodata"
    out = folder / kind / source.relative_to(ROOT)
    out.parent.mkdir(parents=True, exist_ok=True)
    failed = out.with_suffix(".error")
    with lock_file(out.with_suffix(".lock")):
        if not out.exists():
            done = subprocess.run(
                [sys.executable, __file__, str(source), str(out), str(timeout)],
                env=kernel_environment(data, folder), capture_output=True, text=True, cwd=ROOT)
            if done.returncode != 0:
                failed.write_text((done.stdout + done.stderr)[-6000:] or f"exit status {done.returncode}")
            if not out.exists():
                raise RuntimeError(f"{source.name} could not be executed:\n{failed.read_text()}")
        error = failed.read_text() if failed.exists() else None
    return Run(source, out, data, error)


def lesson_run(source):
    """The run the checks share: without the data, or, for a lesson that fell back to invented
    data there, with the data (when the tests have it), as a learner with the data runs it."""
    nodata = run(source)
    if nodata.error is None and nodata.fell_back() and data_available():
        return run(source, data=True)
    return nodata


# ---------------------------------------------------------------------------
# the comparison of checked cells
# ---------------------------------------------------------------------------
def is_checked(cell):
    return cell.get("cell_type") == "code" and CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def _comparable(outputs):
    """The outputs of a cell as nbval compares them: kind and text, no pictures or metadata."""
    found = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            text = out.get("text", "")
            found.append((kind, out.get("name"), "".join(text) if isinstance(text, list) else text))
        elif kind in ("display_data", "execute_result"):
            data = {k: ("".join(v) if isinstance(v, list) else v) for k, v in out.get("data", {}).items()
                    if k not in NOT_COMPARED}
            found.append(("display", json.dumps(data, sort_keys=True)))
        elif kind == "error":
            found.append((kind, out.get("ename"), out.get("evalue")))
    # consecutive stream pieces are one text (the kernel may split a print)
    merged = []
    for item in found:
        if merged and item[0] == "stream" and merged[-1][0] == "stream" and merged[-1][1] == item[1]:
            merged[-1] = ("stream", item[1], merged[-1][2] + item[2])
        else:
            merged.append(item)
    return merged


def checked_mismatches(source, run_):
    """(cell index, stored, executed) for every checked cell whose outputs differ."""
    import nbformat

    stored = nbformat.read(source, as_version=4)
    executed = {c.get("id"): c for c in run_.nb.cells}
    found = []
    for i, cell in enumerate(stored.cells):
        if not is_checked(cell):
            continue
        other = executed.get(cell.get("id"))
        got = _comparable(other.get("outputs", [])) if other is not None else [("missing cell",)]
        want = _comparable(cell.get("outputs", []))
        if got != want:
            found.append((i, want, got))
    return found


def errors(run_):
    """(cell index, text) for every error output and every traceback written to stderr."""
    found = []
    for i, cell in enumerate(run_.nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                found.append((i, f"{out.get('ename')}: {out.get('evalue')}"))
            elif out.get("output_type") == "stream" and out.get("name") == "stderr":
                text = "".join(out.get("text", ""))
                if re.search(r"Traceback|^\w*(Error|Exception)\b", text, re.M):
                    found.append((i, text.strip()[:400]))
    return found


def _execute(source, out, timeout):
    """Run in the subprocess: execute ``source`` into ``out``; exit 1 (after writing it) on an error."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(source, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name=nb.metadata.get("kernelspec", {}).get("name", "python3"),
                            resources={"metadata": {"path": str(Path(source).parent)}}, store_widget_state=True)
    status = 0
    try:
        client.execute()
    except CellExecutionError as exc:
        print(str(exc)[-4000:], file=sys.stderr)
        status = 1
    nbformat.write(nb, out)
    return status


if __name__ == "__main__":
    sys.exit(_execute(sys.argv[1], sys.argv[2], int(sys.argv[3])))
