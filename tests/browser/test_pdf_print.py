"""``make pdf`` (genlearn.course.pdf): every lesson printed by Chromium, read back with Debian's poppler-utils.

The lessons are printed once per module from their stored outputs, on A4, with
the session's Chromium (the browser fixture of conftest.py); the first lesson
is printed on US Letter too. Oracles:

* ``pdfinfo``: one PDF per lesson, of the paper asked for (A4 595 x 842 pt,
  Letter 612 x 792 pt);
* ``pdftotext``: every number the lesson's checked cells print (tag
  ``nbval-check-output``: the worked numbers that tests/test_demo_*.py assert
  against closed forms, scipy and scikit-learn) is in the text; no line of a
  code cell's source is (lines that the lesson's prose or outputs quote
  themselves excepted); each explorer is there as its caption, with the
  parameters of its stored widget state;
* ``pdftoppm``: every page, rendered at low resolution, has dark pixels.

Without poppler-utils the tests are skipped with that reason (``.ci/run``
installs it).
"""
import re
import shutil
import subprocess
import warnings

import nbformat
import pytest

from genlearn.course import export, pdf, site
from lab_driver import REPO, web_assets_or_skip

LESSONS = site.lesson_pages(REPO)
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?!\w)")
PAPER_POINTS = {"a4": (595.92, 842.88), "letter": (612.0, 792.0)}


def _poppler_or_skip():
    missing = [tool for tool in ("pdftotext", "pdftoppm", "pdfinfo") if shutil.which(tool) is None]
    if missing:
        reason = f"PDF tests skipped: no {', '.join(missing)} (apt-get install poppler-utils)"
        warnings.warn(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def printed(chromium, tmp_path_factory):
    """{(paper, lesson stem): PDF path}: every lesson on A4, the first on Letter too."""
    _poppler_or_skip()
    web_assets_or_skip("PDF tests")
    out = tmp_path_factory.mktemp("pdf")
    paths = pdf.write_pdfs(out, LESSONS, papers=("a4",), context=chromium)
    paths += pdf.write_pdfs(out, LESSONS[:1], papers=("letter",), context=chromium)
    return {(p.parent.name, p.stem): p for p in paths}


def _text(path):
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def _flat(text):
    return " ".join(text.split())


def test_one_pdf_per_lesson_on_its_paper(printed):
    assert sorted(printed) == sorted([("a4", p.stem) for p in LESSONS] + [("letter", LESSONS[0].stem)])
    for (paper, stem), path in printed.items():
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
        size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
        got = (float(size.group(1)), float(size.group(2)))
        # tol: pdfinfo rounds the page size; A4 is 595.28 x 841.89 points, printed to about a point
        assert got == pytest.approx(PAPER_POINTS[paper], abs=1.5), f"{stem} on {paper}: {got} pt"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_worked_numbers_and_explorers_without_code(printed, lesson):
    nb = nbformat.read(lesson, as_version=4)
    text = _flat(_text(printed["a4", lesson.stem]))
    checked = ["".join(o.get("text", "")) + o.get("data", {}).get("text/plain", "")
               for c in nb.cells if "nbval-check-output" in c.metadata.get("tags", []) for o in c.outputs]
    numbers = {n for out in checked for n in NUMBER.findall(out)}
    assert numbers, f"{lesson.stem} prints no checked number"
    missing = sorted(n for n in numbers if not re.search(rf"(?<![\w.]){re.escape(n)}(?![\w])", text))
    assert not missing, f"{lesson.stem}.pdf lacks the worked numbers {missing[:10]}"

    quoted = _flat(" ".join(c.source for c in nb.cells if c.cell_type == "markdown") + " ".join(
        "".join(o.get("text", "")) + o.get("data", {}).get("text/plain", "") for c in nb.cells
        for o in c.get("outputs", [])))
    code = {_flat(line) for c in nb.cells if c.cell_type == "code" for line in c.source.splitlines()}
    shown = sorted(line for line in code if len(line) >= 20 and line not in quoted and line in text)
    assert not shown, f"{lesson.stem}.pdf shows code: {shown[:3]}"

    state = nb.metadata.get("widgets", {}).get(export.WIDGET_STATE_MIME, {}).get("state", {})
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(export.WIDGET_VIEW_MIME)
            model = state.get(view["model_id"], {}).get("state", {}) if view else {}
            if model.get("_anywidget_id") == pdf.PREDICT:  # a question: printed as asked, never answered
                assert _flat(model["question"]) in text, f"{lesson.stem}.pdf lacks the question {model['name']}"
                assert "by genlearn:" not in text, f"{lesson.stem}.pdf prints an answer"
            elif view:
                name = re.findall(r"(\w+Explorer)\(", cell.source)[-1]
                caption = re.search(rf"Explorer {name}, frozen at its stored setting: (.*?)\.(?: |$)", text)
                assert caption, f"{lesson.stem}.pdf has no caption for its {name}"
                model = state[view["model_id"]]["state"]
                for pair in re.split(r", (?=\w+ = )", caption.group(1)):
                    key, value = pair.split(" = ", 1)
                    stored = model[key]
                    assert value.strip("“”") == (f"{stored:g}" if isinstance(stored, float) else str(stored)), \
                        f"{name}'s caption says {key} = {value}, its stored state {stored!r}"


def test_every_page_has_ink(printed, tmp_path):
    for (paper, stem), path in printed.items():
        subprocess.run(["pdftoppm", "-r", "24", "-gray", str(path), str(tmp_path / f"{paper}-{stem}")], check=True)
        pages = sorted(tmp_path.glob(f"{paper}-{stem}-*.pgm"))
        assert pages, f"{stem}.pdf ({paper}) has no page"
        for page in pages:
            data = page.read_bytes()
            header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
            pixels = data[header.end():]
            assert min(pixels) < 160, f"{stem}.pdf ({paper}): page {page.stem.rsplit('-', 1)[1]} is blank"
