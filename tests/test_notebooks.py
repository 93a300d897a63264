"""Every notebook is run by the tests, opens without a kernel picker, has no
stored errors, and is linked from the start page."""
import json
import re
from pathlib import Path

import pytest

import lessons

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(
    p for p in (ROOT / "notebooks").rglob("*.ipynb")
    if "student" not in p.relative_to(ROOT / "notebooks").parts and ".ipynb_checkpoints" not in p.parts
)
IDS = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_notebooks():
    assert (ROOT / "notebooks" / "00_start_here.ipynb") in NOTEBOOKS


def nbval_notebooks():
    """The notebooks `make test` hands to nbval: the globs of the Makefile's NBVAL_NOTEBOOKS."""
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = re.search(r"^NBVAL_NOTEBOOKS := (.*)$", make, re.M).group(1)
    return {str(p.relative_to(ROOT)) for pattern in re.findall(r"\$\(wildcard ([^)]+)\)", line)
            for p in ROOT.glob(pattern)}


def test_every_notebook_with_code_is_run_by_nbval():
    """`make test` runs through nbval every notebook under notebooks/ that has code, but the homework's
    student versions (stubs to fill in: graded, not run; tests/test_homework.py tests them), and the
    homework with its solutions (instructor/source/)."""
    run = nbval_notebooks()
    expected = {i for i, p in zip(IDS, NOTEBOOKS) if not i.startswith("notebooks/homework/")
                and any(c["cell_type"] == "code" for c in _load(p)["cells"])}
    expected |= {str(p.relative_to(ROOT)) for p in lessons.homework_sources()}
    assert run == expected, (f"not run by nbval in make test: {sorted(expected - run)}; "
                             f"run but not a lesson: {sorted(run - expected)}")


def test_every_lesson_has_checked_cells():
    """nbval's comparison is no empty promise: every lesson (not the start page) tags some cells."""
    for path in lessons.lessons()[1:]:
        assert any(lessons.is_checked(c) for c in _load(path)["cells"]), \
            f"{path.name} tags no cell nbval-check-output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_metadata_and_outputs(path):
    nb = _load(path)
    spec = nb["metadata"].get("kernelspec")
    assert spec and spec.get("name") == "python3", f"{path.name}: set kernelspec metadata (python3)"
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        outputs = cell.get("outputs", [])
        assert not any(o["output_type"] == "error" for o in outputs), f"{path.name}: cell {i} has an error output"
        src = "".join(cell["source"])
        assert "NBVAL_CHECK_OUTPUT" not in src, (
            f"{path.name}: cell {i} marks a checked cell by a comment; tag it instead "
            "(python tests/tag_checked_cells.py notebooks/*.ipynb)")
        if lessons.is_checked(cell):
            assert outputs, f"{path.name}: cell {i} is checked but has no stored output"
        # JupyterLab merges consecutive stream outputs when it saves: stored unmerged, the file changes on
        # the first save (tests/browser/test_autosave.py shows it; genlearn.course.export.coalesce_streams merges)
        for a, b in zip(outputs, outputs[1:]):
            assert not (a["output_type"] == b["output_type"] == "stream" and a["name"] == b["name"]), (
                f"{path.name}: cell {i} stores two consecutive {a['name']} outputs; merge them with "
                "genlearn.course.export.coalesce_streams (python -m genlearn.course.export --store-state does)")


def test_start_page_links_every_notebook():
    start = ROOT / "notebooks" / "00_start_here.ipynb"
    text = "\n".join("".join(c["source"]) for c in _load(start)["cells"] if c["cell_type"] == "markdown")
    links = set(re.findall(r"\]\(([^)]+\.ipynb)\)", text))
    for path in NOTEBOOKS:
        if path == start:
            continue
        rel = str(path.relative_to(start.parent))
        assert rel in links, f"00_start_here.ipynb does not link {rel}"
    for link in links:
        assert (start.parent / link).is_file(), f"00_start_here.ipynb links {link}, which does not exist"


# ---------------------------------------------------------------- no stored failed comparison
# A "check by hand" must stop the notebook on a mismatch, never print False (issue 18). This scans what
# every lesson printed for a comparison whose value is False or nan. A label is a comparison when it
# names one (same, agree, match, equal, identical, close, check, by hand, consistent, below) or, for False,
# compares with "=" or "<". Not comparisons: "A == 0: False" (a property), "m = 0: [nan, nan]" (a value
# that is undefined on purpose) and a table cell "nan".
_WORDS = r"\b(?:same|agree\w*|match\w*|equal\w*|identical|close|check\w*|by hand|consistent|below)\b"
FAILED_COMPARISON = re.compile(
    r"(?:" + _WORDS + r"|(?<![=<>!])=(?!=)|<)[^:\n]*:\s*(?:True\s+)*False\b"   # "same path as genlearn: False"
    r"|" + _WORDS + r"[^:\n]*:\s*\[?nan\b"                                     # "agree to 1e-10: nan"
    r"|\b(?:by hand|genlearn|scipy|scikit-learn|sklearn|exact|theory|closed form)\s*[:=]\s*\[?nan\b",  # "by hand = nan"
    re.IGNORECASE,
)


def failed_comparisons(nb):
    """(cell index, line) for every stored output line that reports a failed comparison."""
    found = []
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            found += [(i, line.strip()) for line in text.splitlines() if FAILED_COMPARISON.search(line)]
    return found


@pytest.mark.parametrize("line", [
    "same path as genlearn: False",
    "GDA = averages: False",
    "logistic gradient = 0: False",
    "the two agree to 1e-10: False",
    "largest |p(y=1|x) - sigmoid(theta^T x + theta0)| < 1e-12: False",
    "same as by hand: True False True",
    "QDA          largest gap below 1e-10: False   A == 0: False",
    "P(elephant | x) by hand     = nan",
    "by hand: nan",
    "same decision at every weight: nan",
])
def test_failed_comparison_is_detected(line):
    assert FAILED_COMPARISON.search(line), line


@pytest.mark.parametrize("line", [
    "same path as genlearn: True",
    "QDA          largest gap below 1e-10: True   A == 0: False   A diagonal: False",
    "posterior for a blue car with m = 0: [nan, nan]",
    "plain product: p(x, spam) = 0, p(x, ham) = 0  ->  p(spam | x) = nan",
    "p(spam | x) = 0 / 0: undefined (NaN)",
    "6           0.275            nan          0.307          0.323",
    "classes separated in the sample: False",
])
def test_legitimate_output_is_not_a_failed_comparison(line):
    assert not FAILED_COMPARISON.search(line), line


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_stored_output_shows_a_failed_comparison(path):
    bad = failed_comparisons(_load(path))
    assert not bad, (f"{path.name} printed a failed comparison (make the cell assert, so a mismatch stops the "
                     f"notebook, and fix the cause): " + "; ".join(f"cell {i}: {line}" for i, line in bad))


def test_start_page_has_the_notation_table():
    """Issue 18: a notation table, the clashing letters named (the slips of the notes: tests/test_lessons.py)."""
    start = ROOT / "notebooks" / "00_start_here.ipynb"
    cells = ["".join(c["source"]) for c in _load(start)["cells"] if c["cell_type"] == "markdown"]
    notation = next(c for c in cells if c.startswith("## Notation"))
    for letter in ("$m$", "$n$", "$\\phi$", "$\\sigma$", "$g(t)$", "$K$, $k$"):
        assert f"| {letter}" in notation, f"notation table: no row for {letter}"
    assert "feature map" in notation and "standard deviation" in notation and "08 and hw3" in notation


def _exercise_count(path):
    """The numbered items of the lesson's Exercises cell (0 if it has none)."""
    cells = ["".join(c["source"]) for c in _load(path)["cells"] if c["cell_type"] == "markdown"]
    exercises = [c for c in cells if c.lstrip().startswith("## Exercises")]
    return len(re.findall(r"^\d+\. ", exercises[0], re.M)) if exercises else 0


ANSWERS = ROOT / "instructor" / "answers"
LESSONS = [p for p in NOTEBOOKS if p.parent.name == "notebooks" and re.match(r"\d\d_", p.name)]


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_answer_key_covers_every_exercise(path):
    """Every lesson's exercises have a key: instructor/answers/<notebook>.md, one '## Exercise k' per exercise."""
    n = _exercise_count(path)
    if n == 0:
        assert path.stem == "00_start_here", f"{path.name} has no exercises"
        return
    key_file = ANSWERS / f"{path.stem}.md"
    assert key_file.is_file(), f"no answer key for {path.name}: write {key_file.relative_to(ROOT)}"
    key = key_file.read_text(encoding="utf-8")
    found = [int(k) for k in re.findall(r"^## Exercise (\d+)\b", key, re.M)]
    assert found == list(range(1, n + 1)), f"{path.stem}: answers for exercises {found}, notebook has {n}"


def test_answer_keys_are_not_in_the_lessons():
    for path in NOTEBOOKS:
        assert "instructor/answers" not in path.read_text(encoding="utf-8"), f"{path.name} links the answer keys"


#: Test machinery that learners should not meet: a test file, the tests' folder, nbval's marker comment.
TEST_MACHINERY = re.compile(r"\btests/|\btest_\w+\.py\b|\bconftest\.py\b|NBVAL_", re.IGNORECASE)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_learner_facing_text_names_the_test_machinery(path):
    """What a learner reads (Markdown, outputs, and the code cells they run) names no test file and carries no
    nbval marker comment: checked cells are marked by their tag (docs/testing.md). The explorers' stored
    JavaScript in the notebook's metadata is not learner-facing text."""
    for i, cell in enumerate(_load(path)["cells"]):
        texts = ["".join(cell["source"])]
        for out in cell.get("outputs", []):
            texts.append("".join(out.get("text", "")))
            texts += ["".join(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
        found = [m.group(0) for t in texts for m in TEST_MACHINERY.finditer(t)]
        assert not found, f"{path.name}: cell {i} shows {found[:3]}; say it without naming the tests' files"
