"""The notebooks the tests know: the lessons and the homework with its solutions.

nbval runs them in ``make test`` (``pytest --nbval-lax``: each code cell a test
item, the cells tagged ``nbval-check-output`` compared with their stored
outputs; tests/nbval_kernel.py sets their kernel's environment). The tests
that read a notebook's stored outputs (tests/notebook_outputs.py) and the
browser tests that open the lessons find them here.
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHECK_TAG = "nbval-check-output"


def lessons():
    """The numbered notebooks under notebooks/ (the start page and the lessons), in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def homework_sources():
    """The homework with its solutions (instructor/source/<assignment>/<assignment>.ipynb)."""
    return sorted((ROOT / "instructor" / "source").glob("*/*.ipynb"))


def is_checked(cell):
    """A code cell whose printed output nbval compares with the stored one (``--nbval-lax``)."""
    return cell.get("cell_type") == "code" and CHECK_TAG in cell.get("metadata", {}).get("tags", [])
