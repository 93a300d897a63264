"""Read what a notebook printed in its checked cells (cell tag ``nbval-check-output``), so that
tests can assert those numbers against independent computations."""
import json
import re
from pathlib import Path

import numpy as np

from lessons import is_checked

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NUMBER = r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"


def checked_output(notebook):
    """The stored stdout of every checked cell of ``notebook``, concatenated."""
    nb = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    text = []
    for cell in nb["cells"]:
        if is_checked(cell):
            for out in cell["outputs"]:
                if out["output_type"] == "stream":
                    text.append("".join(out["text"]))
    return "\n".join(text)


def numbers_after(label, text, count):
    """The first ``count`` numbers printed after ``label`` (brackets and spaces skipped)."""
    start = text.index(label) + len(label)
    found = re.findall(NUMBER, text[start:start + 400])
    assert len(found) >= count, f"expected {count} numbers after {label!r}"
    return np.array([float(v) for v in found[:count]])
