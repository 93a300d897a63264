"""Put the version check first in each lesson's first code cell, run the lesson, and stamp its versions.

    GENLEARN_DATA=../shared/data/sms_spam .venv/bin/python tests/version_check_cells.py notebooks/0*.ipynb

For each notebook named:

1. its first code cell begins with :data:`CHECK_LINES` (``import genlearn`` and
   ``genlearn.check_versions()``, before ``%matplotlib inline`` and every other import, so that a package
   older than genlearn needs is named before it can fail); a later ``import genlearn`` line of that cell
   is dropped, the first line imports it now. A cell that begins so already is left as it is.
2. the notebook is run top to bottom in a copy, in this environment (``genlearn.course.export.execute``,
   offline), and if no cell fails it is stamped with the versions it ran with
   (``genlearn.course.export.stamp_versions``: ``metadata.genlearn.last_run_with``).

Nothing else is rewritten: the stored outputs, the widget state and the cell ids stay as they are (the check
prints nothing in an environment that satisfies pyproject.toml). The file is written with nbformat, as every
notebook of the suite is. Re-executing a lesson the usual way (docs/lessons.md, "Executing a lesson") stamps
it too, through ``--store-state``.
"""
import os
import sys

import nbformat

CHECK_LINES = ("import genlearn\n"
               "genlearn.check_versions()  # first: names any package older than genlearn needs\n")


def add_check(nb):
    """Begin the first code cell with :data:`CHECK_LINES`, in place; returns whether it changed."""
    cell = next(c for c in nb.cells if c.cell_type == "code")
    if cell.source.startswith(CHECK_LINES):
        return False
    lines = cell.source.splitlines(keepends=True)
    rest = "".join(line for line in lines if line.rstrip("\n") != "import genlearn")
    cell.source = CHECK_LINES + ("" if rest.startswith("\n") else "\n") + rest
    return True


def main(paths):
    os.environ["GENLEARN_OFFLINE"] = "1"  # as every run of a lesson in the suite
    from genlearn.course import export

    for path in paths:
        nb = nbformat.read(path, as_version=4)
        changed = add_check(nb)
        nbformat.write(nb, path)  # the copy that runs must have the check
        executed = export.execute(path)  # raises, naming the cell, when one fails: then no stamp
        nb = nbformat.read(path, as_version=4)
        export.stamp_versions(nb, executed)
        nbformat.write(nb, path)
        stamp = nb.metadata["genlearn"]["last_run_with"]
        print(f"{path}: {'check added, ' if changed else ''}ran with "
              + ", ".join(f"{k} {v}" for k, v in stamp.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
