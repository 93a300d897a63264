"""Turn ``# NBVAL_CHECK_OUTPUT`` comments into the cell tag ``nbval-check-output``.

    python tests/tag_checked_cells.py notebooks/*.ipynb instructor/source/*/*.ipynb

A checked cell is marked by a tag in its metadata (what nbval reads, as it reads the comment), not by a
comment in its source. For every code cell whose source has a line ``# NBVAL_CHECK_OUTPUT``,
the line is removed and the tag added; the file is written back only if something changed, with
nbformat (as every notebook of the suite is written). Prints what it changed.
"""
import re
import sys

import nbformat

TAG = "nbval-check-output"
COMMENT = re.compile(r"^[ \t]*#[ \t]*NBVAL_CHECK_OUTPUT[ \t]*\n?", re.M)


def convert(path):
    """Convert one notebook in place; returns the number of cells tagged."""
    nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code" or not COMMENT.search(cell.source):
            continue
        cell.source = COMMENT.sub("", cell.source)
        tags = cell.metadata.setdefault("tags", [])
        if TAG not in tags:
            tags.append(TAG)
        count += 1
    if count:
        nbformat.write(nb, path)
    return count


def main(paths):
    for path in paths:
        n = convert(path)
        if n:
            print(f"{path}: {n} cell(s) tagged {TAG}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
