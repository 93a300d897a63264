"""Build the student versions of the homework from the instructor notebooks.

The instructor notebooks in ``notebooks/homework/`` mark their answers the way
nbgrader does:

* in a code cell, the lines between ``### BEGIN SOLUTION`` and
  ``### END SOLUTION`` are the answer. In the student version they become
  ``# YOUR CODE HERE`` and ``raise NotImplementedError()``, at the same
  indentation, so a function keeps its signature and docstring and fails
  loudly only when it is called;
* in a markdown cell, the same markers enclose a written answer, replaced by
  ``YOUR ANSWER HERE``;
* lines between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS`` are
  grading tests the students do not see: they are removed.

Outputs and execution counts are cleared; everything else (cell ids, nbgrader
metadata, kernelspec) is kept, so the result is stable and diffs stay small.

Run ``python -m genlearn.homework`` (or ``make homework``) to regenerate
``notebooks/homework/student/``; ``--check`` only reports whether the files on
disk are up to date. nbgrader users can instead run
``nbgrader generate_assignment`` on the same sources (see the README).
"""
import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat

__all__ = ["SOURCE_DIR", "STUDENT_DIR", "ASSIGNMENTS", "strip_solutions", "student_notebook",
           "generate", "main"]

_ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIR = _ROOT / "notebooks" / "homework"
STUDENT_DIR = SOURCE_DIR / "student"
ASSIGNMENTS = ("hw1_gda.ipynb", "hw2_naive_bayes_spam.ipynb", "hw3_m_estimate.ipynb")

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
CODE_STUB = ("# YOUR CODE HERE", "raise NotImplementedError()")
MARKDOWN_STUB = "YOUR ANSWER HERE"


def _regions(lines, begin, end, where):
    """Yield (start, stop) line indices of the regions ``begin ... end``."""
    start = None
    for i, line in enumerate(lines):
        text = line.strip()
        if text == begin:
            if start is not None:
                raise ValueError(f"{where}: '{begin}' at line {i + 1} inside another region.")
            start = i
        elif text == end:
            if start is None:
                raise ValueError(f"{where}: '{end}' at line {i + 1} without '{begin}'.")
            yield start, i
            start = None
    if start is not None:
        raise ValueError(f"{where}: '{begin}' at line {start + 1} is never closed by '{end}'.")


def strip_solutions(source, cell_type="code", where="cell"):
    """The student version of one cell's source text.

    Solution regions become stubs (code) or ``YOUR ANSWER HERE`` (markdown);
    hidden-test regions disappear.

    Examples
    --------
    >>> src = '''def f(x):
    ...     \"\"\"Twice x.\"\"\"
    ...     ### BEGIN SOLUTION
    ...     return 2 * x
    ...     ### END SOLUTION'''
    >>> print(strip_solutions(src))
    def f(x):
        \"\"\"Twice x.\"\"\"
        # YOUR CODE HERE
        raise NotImplementedError()
    """
    lines = source.split("\n")
    for begin, end in ((BEGIN_HIDDEN, END_HIDDEN), (BEGIN_SOLUTION, END_SOLUTION)):
        out, pos = [], 0
        for start, stop in _regions(lines, begin, end, where):
            out.extend(lines[pos:start])
            if begin == BEGIN_SOLUTION:
                if cell_type == "code":
                    indent = re.match(r"\s*", lines[start]).group(0)
                    out.extend(indent + s for s in CODE_STUB)
                else:
                    out.append(MARKDOWN_STUB)
            pos = stop + 1
        out.extend(lines[pos:])
        lines = out
    return "\n".join(lines)


def student_notebook(nb, name="notebook"):
    """A copy of notebook ``nb`` with solutions stubbed, hidden tests and outputs removed."""
    nb = copy.deepcopy(nb)
    for i, cell in enumerate(nb.cells):
        src = cell.source if isinstance(cell.source, str) else "".join(cell.source)
        if cell.cell_type in ("code", "markdown"):
            cell.source = strip_solutions(src, cell.cell_type, where=f"{name}, cell {i}")
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    return nb


def _render(nb):
    return nbformat.writes(nb) + "\n"


def generate(source_dir=SOURCE_DIR, dest_dir=STUDENT_DIR, names=ASSIGNMENTS, check=False):
    """Write (or with ``check=True`` compare) the student versions.

    Returns the list of student files that were changed (or are out of date).
    """
    source_dir, dest_dir = Path(source_dir), Path(dest_dir)
    changed = []
    for name in names:
        src = source_dir / name
        if not src.is_file():
            raise FileNotFoundError(f"instructor notebook {src} not found.")
        nb = nbformat.read(src, as_version=4)
        text = _render(student_notebook(nb, name))
        dest = dest_dir / name
        if not dest.is_file() or dest.read_text(encoding="utf-8") != text:
            changed.append(dest)
            if not check:
                dest_dir.mkdir(parents=True, exist_ok=True)
                dest.write_text(text, encoding="utf-8")
    return changed


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m genlearn.homework",
        description="Generate the student versions of the genlearn homework.")
    parser.add_argument("--source", default=str(SOURCE_DIR), help="instructor notebooks")
    parser.add_argument("--dest", default=str(STUDENT_DIR), help="where to write student notebooks")
    parser.add_argument("--check", action="store_true",
                        help="only report whether the student versions are up to date")
    args = parser.parse_args(argv)
    changed = generate(args.source, args.dest, check=args.check)
    if args.check:
        for path in changed:
            print(f"out of date: {path}")
        return 1 if changed else 0
    for path in changed:
        print(f"wrote {path}")
    if not changed:
        print("student versions already up to date")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
