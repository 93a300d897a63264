"""The kernels nbval starts for the notebooks: a learner's new machine.

nbval (``pytest --nbval-lax``) runs each notebook in a kernel of its own and
makes every code cell a test item; a cell tagged ``nbval-check-output`` must
print its stored output.

The kernel inherits the environment of the test process, so
:func:`environment` sets it around the setup in which nbval starts a
notebook's kernel: as a learner's new machine, ``GENLEARN_DATA`` unset and an
empty user cache (no SMS Spam Collection), ``GENLEARN_OFFLINE=1``, and every
connection to another machine refused inside the kernel (an IPython start-up
file installs tests/no_network.py).

The lessons' cells that print numbers of the real corpus (tag ``sms-corpus``)
are not tagged ``nbval-check-output``: without the corpus they print numbers of
an invented one. tests/test_demo_naive_bayes_text.py and
tests/test_demo_calibration_and_costs.py assert their stored outputs instead.
"""
import atexit
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
_FOLDER = {}


def is_nbval_cell(item):
    return type(item).__name__ == "IPyNbCell" and hasattr(item, "cell")


def _folder():
    """This process's IPython profile (the start-up file) and empty cache, made once, removed at exit."""
    if "root" not in _FOLDER:
        root = Path(tempfile.mkdtemp(prefix="genlearn-nbval-"))
        atexit.register(shutil.rmtree, root, True)
        startup = root / "ipython" / "profile_default" / "startup"
        startup.mkdir(parents=True)
        (startup / "00-no-network.py").write_text(
            f"import sys\nsys.path.insert(0, {str(HERE)!r})\nimport no_network\nno_network.install()\n"
            "sys.path.remove(sys.path[0])\n")
        (root / "empty-cache").mkdir()
        _FOLDER["root"] = root
    return _FOLDER["root"]


def kernel_environment():
    """The environment of a notebook's kernel: offline, no network, no corpus, an empty cache."""
    root = _folder()
    env = dict(os.environ)
    env["GENLEARN_OFFLINE"] = "1"
    env["IPYTHONDIR"] = str(root / "ipython")
    env.pop("MPLBACKEND", None)   # the notebook's inline backend, not the tests' Agg
    env.pop("GENLEARN_DATA", None)
    env["XDG_CACHE_HOME"] = str(root / "empty-cache")
    return env


@contextmanager
def environment(item):
    """Around an item's setup: if nbval is about to start its notebook's kernel, the kernel's environment."""
    notebook = getattr(item, "parent", None)
    if not is_nbval_cell(item) or getattr(notebook, "kernel", None) is not None:
        yield
        return
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(kernel_environment())
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
