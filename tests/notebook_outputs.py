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


def stored_outputs(notebook, tag=None, contains=None):
    """The stored stdout of ``notebook``'s code cells, one string per cell: the cells tagged
    ``tag`` (metadata tags) or whose source contains ``contains`` (both: cells matching both)."""
    nb = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    outs = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        if tag and tag not in cell.get("metadata", {}).get("tags", []):
            continue
        if contains and contains not in "".join(cell["source"]):
            continue
        outs.append("".join("".join(o["text"]) for o in cell.get("outputs", [])
                            if o["output_type"] == "stream" and o["name"] == "stdout"))
    return outs


def number_after(label, text):
    """The number printed right after ``label`` (spaces skipped)."""
    m = re.search(re.escape(label) + r"\s+([0-9.]+)", text)
    assert m, f"{label!r} not found in:\n{text}"
    return float(m.group(1))


#: The first line of genlearn.demos.naive_bayes_text.spam_report on the real corpus.
REAL_CORPUS_REPORT = "corpus: SMS Spam Collection v.1: 5,574 messages, 747 spam"


def sms_or_skip():
    """The SMS Spam Collection (texts, y) through GENLEARN_DATA, or skip with the reason."""
    import pytest

    from genlearn import datasets

    try:
        return datasets.load_sms_spam(download=False)
    except FileNotFoundError as exc:
        pytest.skip("SMS Spam Collection not available (set GENLEARN_DATA to the folder "
                    f"holding SMSSpamCollection): real-corpus checks skipped. {str(exc)[:80]}")
