"""Presenter view: a lesson, or one of its explorers alone, as a clean full-screen page without code.

Voilà runs the notebook in a fresh kernel and shows every cell's outputs and
no inputs (``strip_sources``), with genlearn's Voilà template
(``share/voila/templates/genlearn``: projector-sized text, no CDN links, one
``##`` section per screen). The explorers are anywidget widgets: Voilà's
widget manager loads anywidget's front end from the local server, and the
page draws every frame itself.

Commands (``make present NB=02`` runs the first)::

    python -m genlearn.course.present 02                        # lesson 02, section by section
    python -m genlearn.course.present 02 --only explorer        # lesson 02's (first) explorer alone
    python -m genlearn.course.present 06 --only explorer:2      # lesson 06's second explorer
    python -m genlearn.course.present 06 --only message         # ... the same, by its name
    python -m genlearn.course.present 02 --answers              # with the exercises' worked answers
    python -m genlearn.course.present 02 --port 9999 --no-browser --theme dark
    python -m genlearn.course.present 02 --course path/to/genlearn   # from outside the checkout

The lessons are those of the course folder (``--course DIR``; by default the
checkout around the current directory, see :mod:`genlearn.course.folder`).
A request that cannot be met (no such lesson, explorer or answer key, a port
in use) ends with one line that says so and what to do, and exit status 2.

``--only`` builds a small notebook in a temporary folder: the lesson's title,
the code cells before the chosen explorer (run with ``%%capture``, so they
show nothing) and the explorer's cell itself. An explorer is a code cell whose
stored output is a widget; its name is the class its cell builds
(``MessageExplorer``), which may be shortened to ``message``.

``--answers`` (an instructor's switch, off by default) adds the worked answers
of ``instructor/answers/<lesson>.md`` under the lesson's exercises, each
folded behind its own "Answer to exercise k" button and opened one at a time.
The answers go only into this temporary copy: the lessons, the site, the
handouts and every other students' build are made without them.

Functions
---------
find_lesson        "02" -> <course>/notebooks/02_multivariate_gaussian.ipynb
explorers          the explorers a lesson shows: [(cell index, class name)]
choose_explorer    "explorer", "explorer:2", "message" -> one of them
explorer_notebook  the one-explorer notebook of a lesson
answer_cells       the worked answers of a lesson, one folded Markdown cell each
lesson_notebook    a copy of the lesson with its answers, to present
voila_command      the command line that serves a notebook (used by the tests too)
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from genlearn.course.folder import LESSON_GLOB, course_folder

__all__ = ["TEMPLATE_ROOT", "find_lesson", "explorers", "choose_explorer", "explorer_notebook", "answer_cells",
           "lesson_notebook", "voila_command", "voila_env"]

#: A Jupyter data folder that holds genlearn's Voilà template (voila/templates/genlearn).
TEMPLATE_ROOT = Path(__file__).resolve().parent / "share"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
#: The JupyterLab extensions the presenter page loads (widgets, anywidget, code colours).
LAB_EXTENSIONS = ["@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager", "anywidget",
                  "jupyterlab_pygments"]
#: The class an explorer's cell builds: the last ``SomethingExplorer(`` in its source.
_EXPLORER_CLASS = re.compile(r"\b([A-Z]\w*Explorer)\s*\(")
#: A worked answer's heading in instructor/answers/<lesson>.md: "## Exercise 3 — dividing by m - 2".
_ANSWER_HEADING = re.compile(r"^## Exercise (\d+)\b\s*[—–:-]*\s*(.*)$", re.M)


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


def _read(lesson):
    import nbformat

    return nbformat.read(Path(lesson), as_version=4)


def explorers(lesson):
    """The explorers ``lesson`` shows, in order: ``[(cell index, class name)]``.

    An explorer is a code cell whose stored output is a widget and whose
    source builds an explorer: its name is the last ``...Explorer(`` the
    source calls. (Other widgets, such as a prediction to commit, are not
    explorers.)
    """
    nb = _read(lesson)
    found = []
    for i, cell in enumerate(nb.cells):
        names = _EXPLORER_CLASS.findall(cell.source) if cell.cell_type == "code" else []
        if names and _shows_widget(cell):
            found.append((i, names[-1]))
    return found


def _listing(found):
    return ", ".join(f"{k} {name}" for k, (_, name) in enumerate(found, 1))


def choose_explorer(lesson, which="explorer"):
    """The explorer of ``lesson`` that ``which`` names, as ``(number, cell index, class name)``.

    ``which`` is ``"explorer"`` (the first), ``"explorer:k"`` (the k-th,
    from 1), ``"explorer:NAME"`` or ``NAME``, where NAME is the explorer's
    class (``MessageExplorer``, any case) or the class without its
    ``Explorer`` suffix (``message``). Raises ValueError, in one line that
    lists the lesson's explorers, when there is no such explorer.
    """
    lesson = Path(lesson)
    found = explorers(lesson)
    if not found:
        builds = any(c.cell_type == "code" and _EXPLORER_CLASS.search(c.source) for c in _read(lesson).cells)
        fix = (f"store its explorers' state (python -m genlearn.course.export --store-state {lesson.name}), "
               "or present the whole lesson (drop ONLY=)" if builds
               else "present the whole lesson (drop ONLY= / --only)")
        raise ValueError(f"{lesson.name} shows no explorer, so there is none to show alone: {fix}.")
    spec = str(which).strip()
    key = spec.split(":", 1)[1].strip() if spec.lower().startswith("explorer:") else spec
    if key.lower() in ("explorer", ""):
        key = "1"
    if key.isdigit():
        k = int(key)
        if 1 <= k <= len(found):
            return (k, *found[k - 1])
        raise ValueError(f"{lesson.name} has {len(found)} explorer(s) ({_listing(found)}), no explorer {k}: "
                         f"choose one of them, e.g. ONLY=explorer:{len(found)} (--only explorer:{len(found)}).")
    wanted = key.lower().removesuffix("explorer")
    for k, (index, name) in enumerate(found, 1):
        if name.lower().removesuffix("explorer") == wanted:
            return k, index, name
    raise ValueError(f"{lesson.name} has no explorer named {key!r}; its explorers are {_listing(found)}: "
                     "name one by its number (ONLY=explorer:2) or its name (ONLY=message).")


def _title(nb, lesson):
    return next((line.lstrip("# ").strip() for c in nb.cells if c.cell_type == "markdown"
                 for line in c.source.splitlines() if line.startswith("# ")), Path(lesson).stem)


def _chdir_cell(lesson):
    """A cell that shows nothing and makes the lesson's folder the kernel's working directory."""
    import nbformat

    return nbformat.v4.new_code_cell(f"%%capture\nimport os\nos.chdir({str(Path(lesson).resolve().parent)!r})")


def explorer_notebook(lesson, out_dir, which="explorer"):
    """Write ``out_dir/<lesson>_explorer.ipynb``: one explorer of the lesson alone.

    ``which`` chooses the explorer (:func:`choose_explorer`; by default the
    first). The code cells before it run first, each under ``%%capture``
    (nothing shown), in the lesson's folder as working directory. Raises
    ValueError when the lesson has no such explorer.
    """
    import nbformat

    lesson = Path(lesson)
    _, at, name = choose_explorer(lesson, which)
    nb = _read(lesson)
    v4 = nbformat.v4
    cells = [v4.new_markdown_cell(f"## {_title(nb, lesson)}: {name}"), _chdir_cell(lesson)]
    cells += [v4.new_code_cell("%%capture\n" + c.source) for c in nb.cells[:at]
              if c.cell_type == "code" and c.source.strip()]
    cells.append(v4.new_code_cell(nb.cells[at].source))
    # metadata.genlearn.view: the presenter's template lays the page out for one explorer
    small = v4.new_notebook(cells=cells, metadata={"kernelspec": nb.metadata["kernelspec"],
                                                   "genlearn": {"view": "explorer"}})
    out = Path(out_dir) / f"{lesson.stem}_explorer.ipynb"
    nbformat.write(small, out)
    return out


def _answers_file(lesson, course=None):
    lesson = Path(lesson)
    folder = course_folder(course if course is not None else lesson.parent.parent)
    return folder / "instructor" / "answers" / f"{lesson.stem}.md"


def answer_cells(lesson, course=None):
    """The worked answers of ``lesson``'s exercises, one Markdown cell each, folded.

    Read from ``instructor/answers/<lesson>.md`` of the course folder (by
    default the one that holds the lesson), one ``## Exercise k — title``
    section per exercise. Each cell is a ``<details>`` element of the group
    ``gl-answers`` (the browser opens one at a time) whose summary reads
    "Answer to exercise k — title". Raises ValueError naming the file when
    it is missing or has no exercise.
    """
    import nbformat

    path = _answers_file(lesson, course)
    if not path.is_file():
        raise ValueError(f"no answer key for {Path(lesson).name}: {path} is missing; present the lesson "
                         "without its answers (drop ANSWERS=1 / --answers).")
    text = path.read_text(encoding="utf-8")
    heads = list(_ANSWER_HEADING.finditer(text))
    if not heads:
        raise ValueError(f"{path} has no '## Exercise k' section; present the lesson without --answers.")
    cells = []
    for head, nxt in zip(heads, heads[1:] + [None]):
        body = text[head.end():nxt.start() if nxt else len(text)].strip()
        title = f"Answer to exercise {head.group(1)}" + (f" — {head.group(2).strip()}" if head.group(2) else "")
        cell = nbformat.v4.new_markdown_cell(
            f'<details class="gl-answer" name="gl-answers">\n<summary>{title}</summary>\n\n{body}\n\n</details>')
        cell.metadata["tags"] = ["instructor-answer"]
        cells.append(cell)
    return cells


def lesson_notebook(lesson, out_dir, answers=False, course=None):
    """The notebook to present for the whole lesson: the lesson itself, or with ``answers`` a copy in
    ``out_dir`` whose exercises are followed by their worked answers (:func:`answer_cells`)."""
    import nbformat

    lesson = Path(lesson)
    if not answers:
        return lesson
    nb = _read(lesson)
    at = next((i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"
               and re.match(r"##\s+Exercises\b", c.source)), None)
    if at is None:
        raise ValueError(f"{lesson.name} has no '## Exercises' section to put its answers under; "
                         "present it without --answers.")
    nb.cells[at + 1:at + 1] = answer_cells(lesson, course)
    nb.cells.insert(0, _chdir_cell(lesson))
    out = Path(out_dir) / lesson.name
    nbformat.write(nb, out)
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


def _port_in_use(port, ip="127.0.0.1"):
    with socket.socket() as s:
        try:
            s.bind((ip, port))
        except OSError:
            return True
    return False


class _OneLineParser(argparse.ArgumentParser):
    """Refuses a command line in one line (argparse's default adds the usage above it)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message}\n")


def main(argv=None):
    ap = _OneLineParser(prog="python -m genlearn.course.present", description=__doc__.splitlines()[0])
    ap.add_argument("lesson", nargs="?", help='a lesson number ("02") or a notebook path')
    ap.add_argument("--only", metavar="EXPLORER", help='show one explorer alone: "explorer" (the first), '
                    '"explorer:2" (the second), or its name ("message" or "MessageExplorer")')
    ap.add_argument("--answers", action="store_true", help="instructors: add the exercises' worked answers "
                    "(instructor/answers/), each behind its own button")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--no-browser", action="store_true", help="print the URL, open no browser")
    ap.add_argument("--theme", choices=["light", "dark"], default="light")
    ap.add_argument("--course", default=None, help="the course folder, a checkout of genlearn "
                    "(default: the one around the current directory)")
    args = ap.parse_args(argv)
    if not args.lesson:
        ap.error("name a lesson by its number, e.g. `make present NB=02` (python -m genlearn.course.present 02)")
    if args.only and args.answers:
        ap.error("--answers shows under a whole lesson's exercises; drop --only (ONLY=) or --answers (ANSWERS=)")
    with tempfile.TemporaryDirectory(prefix="genlearn-present-") as tmp:
        try:
            lesson = find_lesson(args.lesson, args.course)
            if args.only:
                notebook = explorer_notebook(lesson, tmp, args.only)
            else:
                notebook = lesson_notebook(lesson, tmp, answers=args.answers, course=args.course)
        except ValueError as exc:
            ap.error(str(exc))
        if _port_in_use(args.port):
            ap.error(f"port {args.port} is in use (another presenter?): choose another, "
                     f"e.g. PORT=9999 (--port 9999)")
        cmd = voila_command(notebook, port=args.port, open_browser=not args.no_browser, theme=args.theme)
        print(f"presenting {notebook.name} at http://127.0.0.1:{args.port}/ (Ctrl+C stops)", flush=True)
        try:
            return subprocess.call(cmd, env=voila_env())
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())
