"""Build the student versions of the homework, with nbgrader itself.

The instructor notebooks live in ``instructor/`` of the course folder (see
:mod:`genlearn.course.folder`; ``--course DIR``, by default the checkout
around the current directory). ``instructor/`` is an nbgrader course
directory: ``source/<assignment>/<assignment>.ipynb`` with solutions and
hidden tests, ``nbgrader_config.py``, ``grading.py`` with the hidden tests'
code. They mark their answers the nbgrader way:

* in a code cell, the lines between ``### BEGIN SOLUTION`` and
  ``### END SOLUTION`` are the answer; the student version has
  ``# YOUR CODE HERE`` and ``raise NotImplementedError()`` instead;
* in a markdown cell, the same markers enclose a written answer, replaced by
  ``YOUR ANSWER HERE``;
* lines between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS`` are
  grading tests the students do not see.

:func:`generate` copies the course directory to a temporary folder, runs
``nbgrader generate_assignment`` there and writes the released notebooks to
``<course>/notebooks/homework/<assignment>.ipynb``, the only homework files students are
linked to. nbgrader locks the test and set-up cells (``"locked": true``, not
editable, not deletable) and records their checksums, so that autograding
restores any cell a student changed or deleted.

Run ``python -m genlearn.course.assignments`` (or ``make homework``) to regenerate;
``--check`` only reports whether the files on disk are up to date. nbgrader is
a test dependency (``pip install -e '.[test]'``), not needed by learners.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from genlearn.course.folder import course_folder

__all__ = ["ASSIGNMENTS", "instructor_folder", "nbgrader", "nbgrader_api", "copy_course", "generate",
           "main"]

ASSIGNMENTS = ("hw1_gda", "hw2_naive_bayes_spam", "hw3_m_estimate")
COURSE_FILES = ("nbgrader_config.py", "grading.py", "task_export.py")


_API_RUNNER = """
import json, os, sys
from traitlets.config.loader import PyFileConfigLoader
from nbgrader.apps import NbGraderAPI
from nbgrader.coursedir import CourseDirectory
course, calls = sys.argv[1], json.loads(sys.argv[2])
os.chdir(course)
config = PyFileConfigLoader("nbgrader_config.py", path=course).load_config()
api = NbGraderAPI(coursedir=CourseDirectory(config=config, root=course), config=config)

def export(to):  # nbgrader export, with the plugin named in nbgrader_config.py
    from nbgrader.api import Gradebook
    from nbgrader.apps.exportapp import ExportApp
    app = ExportApp(coursedir=api.coursedir, parent=api)
    app.init_plugin()
    app.plugin_inst.to = to
    with Gradebook(api.coursedir.db_url, api.coursedir.course_id) as gb:
        app.plugin_inst.export(gb)
    return {"success": True, "log": f"exported to {to}"}

import time
for method, args in calls:
    start = time.perf_counter()
    result = export(*args) if method == "export" else getattr(api, method)(*args)
    print(f"== seconds {method} {' '.join(args)}: {time.perf_counter() - start:.3f}")
    if not result["success"]:
        sys.exit(f"{method}{tuple(args)} failed:\\n{result.get('log', '')}\\n{result.get('error', '')}")
    print(f"== {method}{tuple(args)}\\n{result.get('log', '')}")
"""


def _env():
    # nbgrader starts `alembic` from PATH: the folder of this Python comes first
    return {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}


def instructor_folder(course=None):
    """``instructor/`` of the course folder ``course`` (default: the checkout around the
    current directory); ValueError naming the fix when it holds no nbgrader course."""
    folder = course_folder(course) / "instructor"
    if not (folder / "source").is_dir():
        raise ValueError(f"{folder} holds no nbgrader course (no source/ folder): pass the course "
                         "folder of a genlearn checkout that keeps instructor/, e.g. --course path/to/genlearn.")
    return folder


def nbgrader_api(course, calls, timeout=1800, env=None):
    """Run several nbgrader operations in one process, in the nbgrader course directory ``course``.

    ``calls`` is a list of ``(method, args)`` of :class:`nbgrader.apps.NbGraderAPI`,
    e.g. ``[("generate_assignment", ["hw1_gda"]), ("autograde", ["hw1_gda", "alice"])]``,
    or ``("export", ["grades.csv"])`` for ``nbgrader export`` with the course's plugin.
    One process saves nbgrader's start-up (seconds) for every operation after the
    first. ``env`` adds environment variables (the kernels inherit them).
    Returns nbgrader's log; a failure raises RuntimeError with it.
    """
    proc = subprocess.run([sys.executable, "-c", _API_RUNNER, str(course), json.dumps(calls)],
                          cwd=course, env={**_env(), **(env or {})}, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"nbgrader failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return proc.stdout + proc.stderr


def nbgrader(*args, course, timeout=600):
    """Run the command line ``nbgrader <args>`` in the course directory ``course``; returns its output."""
    proc = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=_env(),
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"nbgrader {' '.join(args)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return proc.stdout + proc.stderr


def copy_course(dest, course=None, names=ASSIGNMENTS):
    """A copy of ``instructor/`` (configuration, hidden tests, sources) of the course folder
    ``course`` in ``dest``, for nbgrader to work in."""
    course_dir = instructor_folder(course)
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    for name in COURSE_FILES:
        shutil.copy(course_dir / name, dest / name)
    for name in names:
        shutil.copytree(course_dir / "source" / name, dest / "source" / name, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    return dest


def _render(path):
    """The released notebook, with keys sorted so that the file is stable."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    nb.get("metadata", {}).pop("widgets", None)
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def generate(course=None, names=ASSIGNMENTS, check=False, dest_dir=None):
    """Write (or with ``check=True`` compare) the student versions of the course folder ``course``.

    They go to ``dest_dir``, by default ``<course>/notebooks/homework``.
    Returns the list of student files that were changed (or are out of date).
    """
    dest_dir = Path(dest_dir) if dest_dir is not None else course_folder(course) / "notebooks" / "homework"
    changed = []
    with tempfile.TemporaryDirectory() as tmp:
        work = copy_course(tmp, course, names)
        nbgrader_api(work, [("generate_assignment", [name]) for name in names])
        for name in names:
            text = _render(work / "release" / name / f"{name}.ipynb")
            dest = dest_dir / f"{name}.ipynb"
            if not dest.is_file() or dest.read_text(encoding="utf-8") != text:
                changed.append(dest)
                if not check:
                    dest_dir.mkdir(parents=True, exist_ok=True)
                    dest.write_text(text, encoding="utf-8")
    return changed


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m genlearn.course.assignments",
        description="Generate the student versions of the genlearn homework with nbgrader.")
    parser.add_argument("--course", default=None, help="the course folder, a checkout of genlearn "
                        "(default: the one around the current directory)")
    parser.add_argument("--dest", default=None,
                        help="where to write the student notebooks (default: <course>/notebooks/homework)")
    parser.add_argument("--check", action="store_true",
                        help="only report whether the student versions are up to date")
    args = parser.parse_args(argv)
    try:
        instructor_folder(args.course)
    except ValueError as exc:
        parser.error(str(exc))
    changed = generate(args.course, check=args.check, dest_dir=args.dest)
    if args.check:
        for path in changed:
            print(f"out of date: {path} (run `make homework`)")
        return 1 if changed else 0
    for path in changed:
        print(f"wrote {path}")
    if not changed:
        print("student versions already up to date")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
