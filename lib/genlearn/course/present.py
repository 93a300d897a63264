"""Presenter view: a lesson, or one explorer alone, as a clean full-screen page without code.

Voilà runs the notebook in a fresh kernel and shows every cell's outputs and
no inputs (``strip_sources``), with genlearn's Voilà template
(``share/voila/templates/genlearn``: large text, no CDN links). The explorers
are anywidget widgets: Voilà's widget manager loads anywidget's front end from
the local server, and the page draws every frame itself.

Commands (``make present NB=02`` runs the first)::

    python -m genlearn.course.present 02                    # lesson 02, whole
    python -m genlearn.course.present 02 --only explorer    # lesson 02's explorer alone
    python -m genlearn.course.present 02 --port 9999 --no-browser --theme dark
    python -m genlearn.course.present 02 --course path/to/genlearn   # from outside the checkout

The lessons are those of the course folder (``--course DIR``; by default the
checkout around the current directory, see :mod:`genlearn.course.folder`).

``--only explorer`` builds a small notebook in a temporary folder: the
lesson's title, the code cells before the lesson's first explorer (run with
``%%capture``, so they show nothing) and the explorer's cell itself.

Functions
---------
find_lesson        "02" -> <course>/notebooks/02_multivariate_gaussian.ipynb
explorer_notebook  the one-explorer notebook of a lesson
voila_command      the command line that serves a notebook (used by the tests too)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from genlearn.course.folder import LESSON_GLOB, course_folder

__all__ = ["TEMPLATE_ROOT", "find_lesson", "explorer_notebook", "voila_command", "voila_env"]

#: A Jupyter data folder that holds genlearn's Voilà template (voila/templates/genlearn).
TEMPLATE_ROOT = Path(__file__).resolve().parent / "share"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
#: The JupyterLab extensions the presenter page loads (widgets, anywidget, code colours).
LAB_EXTENSIONS = ["@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager", "anywidget",
                  "jupyterlab_pygments"]


def find_lesson(name, course=None):
    """The lesson notebook named by its number ("02", "2") or its path.

    ``course`` is the course folder whose ``notebooks/`` holds the lessons
    (default: the checkout around the current directory). Raises ValueError
    naming the lessons there are when nothing matches.
    """
    path = Path(name)
    if path.suffix == ".ipynb" and path.is_file():
        return path.resolve()
    folder = course_folder(course) / "notebooks"
    if re.fullmatch(r"\d{1,2}", str(name)):
        found = sorted(folder.glob(f"{int(name):02d}_*.ipynb"))
        if found:
            return found[0].resolve()
    lessons = ", ".join(p.name[:2] for p in sorted(folder.glob(LESSON_GLOB)))
    raise ValueError(f"no lesson {name!r}: name one by its number (one of {lessons}), "
                     f"e.g. `make present NB=02`, or give a notebook's path.")


def _shows_widget(cell):
    return cell.cell_type == "code" and any(WIDGET_VIEW_MIME in o.get("data", {})
                                            for o in cell.get("outputs", []))


def explorer_notebook(lesson, out_dir):
    """Write ``out_dir/<lesson>_explorer.ipynb``: the lesson's first explorer alone.

    The explorer is the first code cell whose stored output is a widget. The
    code cells before it run first, each under ``%%capture`` (nothing shown),
    in the lesson's folder as working directory. Raises ValueError when the
    lesson shows no widget.
    """
    import nbformat

    lesson = Path(lesson)
    nb = nbformat.read(lesson, as_version=4)
    at = next((i for i, c in enumerate(nb.cells) if _shows_widget(c)), None)
    if at is None:
        raise ValueError(f"{lesson.name} stores no widget output, so it has no explorer to show alone: "
                         "present the whole lesson (drop --only), or store the explorer's state "
                         "(python -m genlearn.course.export --store-state).")
    title = next((line.lstrip("# ").strip() for c in nb.cells if c.cell_type == "markdown"
                  for line in c.source.splitlines() if line.startswith("# ")), lesson.stem)
    v4 = nbformat.v4
    cells = [v4.new_markdown_cell(f"## {title}: explorer"),
             v4.new_code_cell(f"%%capture\nimport os\nos.chdir({str(lesson.parent)!r})")]
    cells += [v4.new_code_cell("%%capture\n" + c.source) for c in nb.cells[:at]
              if c.cell_type == "code" and c.source.strip()]
    cells.append(v4.new_code_cell(nb.cells[at].source))
    small = v4.new_notebook(cells=cells, metadata={"kernelspec": nb.metadata["kernelspec"]})
    out = Path(out_dir) / f"{lesson.stem}_explorer.ipynb"
    nbformat.write(small, out)
    return out


def voila_env(env=None):
    """The environment Voilà needs to find genlearn's template (JUPYTER_PATH)."""
    env = dict(os.environ if env is None else env)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), env.get("JUPYTER_PATH")) if p)
    return env


def voila_command(notebook, port=8866, open_browser=True, theme="light", ip="127.0.0.1"):
    """The ``voila`` command line that serves ``notebook`` with genlearn's template."""
    voila = Path(sys.executable).with_name("voila")
    cmd = [str(voila) if voila.exists() else "voila", str(notebook), "--template=genlearn",
           f"--port={port}", f"--Voila.ip={ip}", "--strip_sources=True", f"--theme={theme}",
           "--Voila.port_retries=0"]
    # only the front ends the lessons use: other installed lab extensions (nbgrader's, with
    # the test extras) expect JupyterLab's own services and fail inside Voilà's page
    cmd += [f"--VoilaConfiguration.extension_allowlist={name}" for name in LAB_EXTENSIONS]
    if not open_browser:
        cmd.append("--no-browser")
    return cmd


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m genlearn.course.present", description=__doc__.splitlines()[0])
    ap.add_argument("lesson", help='a lesson number ("02") or a notebook path')
    ap.add_argument("--only", choices=["explorer"], help="show the lesson's first explorer alone")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--no-browser", action="store_true", help="print the URL, open no browser")
    ap.add_argument("--theme", choices=["light", "dark"], default="light")
    ap.add_argument("--course", default=None, help="the course folder, a checkout of genlearn "
                    "(default: the one around the current directory)")
    args = ap.parse_args(argv)
    try:
        lesson = find_lesson(args.lesson, args.course)
    except ValueError as exc:
        ap.error(str(exc))
    with tempfile.TemporaryDirectory(prefix="genlearn-present-") as tmp:
        notebook = explorer_notebook(lesson, tmp) if args.only else lesson
        cmd = voila_command(notebook, port=args.port, open_browser=not args.no_browser, theme=args.theme)
        print(f"presenting {notebook.name} at http://127.0.0.1:{args.port}/ (Ctrl+C stops)", flush=True)
        try:
            return subprocess.call(cmd, env=voila_env())
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())
