"""What every lesson promises, checked on the committed notebooks (no kernel needed).

* **Checks stop on a mismatch.** A "check by hand" or a derivation check must
  raise when the two sides disagree, never print them and carry on. The scan
  below finds every *comparison cell* of every lesson and requires an
  assertion in it; every ``assert`` of a lesson must say what disagreed.
* **The notes' slips, on one page.** ``notebooks/notes_slips.ipynb`` numbers
  every slip of the lecture notes, says which kind it is (an error, a slip of
  notation, of wording, or an opinion) and names the lesson section that
  corrects it; that section carries a pointer line back to the page. Both
  directions are compared here. Statements once listed as slips and found
  right keep their old number in the page's "Right after all" table, and no
  lesson points to them as slips.
* **Each lesson ends with Summary, Exercises and Sources, one cell each**, and
  no lesson reaches into a module's private names (``demo._helper``).

Oracle: the stored notebook JSON, read as text; the definitions are spelled
out beside each regular expression, and the tests after them show what they
catch and what they leave alone.
"""
import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00_"))
SLIPS_PAGE = NOTEBOOKS / "notes_slips.ipynb"


def _cells(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))["cells"]


def _source(cell):
    return "".join(cell["source"])


def _printed(cell):
    """What a code cell printed (stdout and stderr streams)."""
    return "".join("".join(o.get("text", "")) for o in cell.get("outputs", []) if o["output_type"] == "stream")


# ---------------------------------------------------------------- comparison cells must assert

#: (a) the paragraph just before the cell announces a check ("Check by hand", "Check:", "check them")
ANNOUNCED = re.compile(r"\bcheck\b", re.IGNORECASE)
#: (b) the cell computes a twin by hand: a label "by hand" or a name such as by_hand, theta_hand
BY_HAND = re.compile(r"by[ _]hand|\b\w+_hand\b", re.IGNORECASE)
#: (c) one line prints the same number (4 or more decimals) after two different "=" labels
SAME_NUMBER_TWICE = re.compile(r"=\s*(-?\d+\.\d{4,}(?:e[-+]?\d+)?)(?![\d.])[^\n]*?=\s*\1(?![\d.])")
#: (d) the cell prints the truth value of a comparison ("... agree: True", print(np.allclose(...)))
PRINTS_TRUTH = re.compile(r":\s*(?:True|False)\s*$", re.MULTILINE)
PRINTED_TEST = re.compile(r"print\([^\n]*np\.(?:allclose|isclose|array_equal)\(")

ASSERTS = re.compile(r"^\s*assert\b|\bnp\.testing\.assert_\w+\(", re.MULTILINE)


def _intro(cells, i):
    """The last paragraph of the Markdown cell just before cell ``i`` ("" if none)."""
    if i == 0 or cells[i - 1]["cell_type"] != "markdown":
        return ""
    return _source(cells[i - 1]).strip().split("\n\n")[-1]


def comparison_reasons(cells, i):
    """Why code cell ``i`` is a comparison cell (an empty list: it is not one)."""
    cell = cells[i]
    printed = _printed(cell)
    if cell["cell_type"] != "code" or not printed.strip():
        return []
    src = _source(cell)
    reasons = []
    if ANNOUNCED.search(_intro(cells, i)):
        reasons.append("announced as a check")
    if BY_HAND.search(src):
        reasons.append("computes a twin by hand")
    if SAME_NUMBER_TWICE.search(printed):
        reasons.append("prints one number under two labels")
    if PRINTS_TRUTH.search(printed) or PRINTED_TEST.search(src):
        reasons.append("prints the truth value of a comparison")
    return reasons


def unasserted_comparisons(path):
    """(cell index, reasons) of every comparison cell of a lesson that has no assertion."""
    cells = _cells(path)
    found = []
    for i, cell in enumerate(cells):
        reasons = comparison_reasons(cells, i)
        if reasons and not ASSERTS.search(_source(cell)):
            found.append((i, reasons))
    return found


def asserts_without_message(path):
    """(cell index, the assert statement) for every ``assert`` of a lesson that has no message."""
    found = []
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        src = "\n".join(line for line in _source(cell).splitlines() if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Assert) and node.msg is None:
                found.append((i, ast.get_source_segment(src, node)))
    return found


def _nb(*cells):
    """A notebook of (cell_type, source, printed) triples, as the scan reads them."""
    out = []
    for kind, src, printed in cells:
        cell = {"cell_type": kind, "source": src}
        if kind == "code":
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": printed}] if printed else []
        out.append(cell)
    return out


@pytest.mark.parametrize("cells, reason", [
    (_nb(("markdown", "Check by hand: the library must hold the same numbers.", ""),
         ("code", "print(nb.phi_)", "[0.2 0.4]\n")), "announced as a check"),
    (_nb(("code", "by_hand = 1 / 3\nprint(by_hand, lib())", "0.333333 0.333333\n")), "computes a twin by hand"),
    (_nb(("code", "print(a, b)", "  y=0: p(x1=1, x2=1 | y) = 0.0100   p(x1=1 | y) p(x2=1 | y) = 0.0100\n")),
     "prints one number under two labels"),
    (_nb(("code", "print('agree:', np.allclose(a, b))", "agree: True\n")), "prints the truth value of a comparison"),
])
def test_scan_finds_comparison_cells(cells, reason):
    assert reason in comparison_reasons(cells, len(cells) - 1)


@pytest.mark.parametrize("cells", [
    _nb(("markdown", "Twelve short messages.", ""), ("code", "print(texts)", "spam | WIN now\n")),
    _nb(("markdown", "Check by hand below.", ""), ("code", "import numpy as np", "")),   # prints nothing
    _nb(("code", "print(table)", "0.5625   0.4375\n0.4375   0.5625\n")),                 # a table, no labels
    _nb(("code", "print(f'p = {p:.4f}, q = {q:.4f}')", "p = 0.2500, q = 0.2501\n")),       # different numbers
])
def test_scan_leaves_other_cells_alone(cells):
    assert comparison_reasons(cells, len(cells) - 1) == []


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_comparison_cell_asserts(path):
    """Issue 30: a check that only prints lets a student's run carry on past a mismatch."""
    bad = unasserted_comparisons(path)
    assert not bad, (f"{path.name}: comparison cells that print without asserting (add an assert whose message "
                     "says what disagreed): " + "; ".join(f"cell {i} ({', '.join(r)})" for i, r in bad))


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_assert_says_what_disagreed(path):
    bad = asserts_without_message(path)
    assert not bad, f"{path.name}: asserts without a message: " + "; ".join(f"cell {i}: {s[:70]}" for i, s in bad)


# ---------------------------------------------------------------- the slips page and the lessons agree

#: a row of a slips table: | slip | kind | note, where | what the note says | what is right | where it is corrected |
SLIP_ROW = re.compile(r"^\| (\d+) \| (\w+) \| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$")
#: the kinds of slip the page distinguishes (defined in its introduction)
KINDS = ("error", "notation", "wording", "opinion")
#: a row of the "Right after all" table: | was slip (a number or —) | note, where | says | why right | where |
RIGHT_ROW = re.compile(r"^\| (\d+|—) \| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$")
RIGHT_HEADING = "## Right after all"
#: a place in the last column: "06 §5" (section 5 of lesson 06) or "05 intro" (before its first section)
PLACE = re.compile(r"\b(\d\d) (§\d+|intro)\b")
#: the pointer line a lesson carries where it corrects a slip
POINTER = re.compile(r"\*Slips? ([\d, and]+) on \[the notes' slips page\]\(notes_slips\.ipynb\)\.\*")
SECTION = re.compile(r"^## (\d+)\. ", re.MULTILINE)


def _places(text):
    return {" ".join(p) for p in PLACE.findall(text)}


def slips_table(cells=None):
    """{slip number: (set of places, the row)} from the slips page (its slip tables, not "Right after all")."""
    rows = {}
    for cell in cells if cells is not None else _cells(SLIPS_PAGE):
        if cell["cell_type"] != "markdown" or _source(cell).lstrip().startswith(RIGHT_HEADING):
            continue
        for line in _source(cell).splitlines():
            m = SLIP_ROW.match(line.strip())
            if m:
                number = int(m.group(1))
                assert number not in rows, f"slip {number} is numbered twice on the slips page"
                rows[number] = (_places(m.group(6)), line)
    return rows


def slip_kinds(cells=None):
    """{slip number: its kind} from the slips page."""
    return {n: SLIP_ROW.match(row.strip()).group(2) for n, (_, row) in slips_table(cells).items()}


def right_after_all(cells=None):
    """[(old slip number or None, set of places, the row)] of the page's "Right after all" table."""
    found = []
    for cell in cells if cells is not None else _cells(SLIPS_PAGE):
        if cell["cell_type"] == "markdown" and _source(cell).lstrip().startswith(RIGHT_HEADING):
            for line in _source(cell).splitlines():
                m = RIGHT_ROW.match(line.strip())
                if m and m.group(1) != "was slip":
                    found.append((None if m.group(1) == "—" else int(m.group(1)), _places(m.group(5)), line))
    return found


def _numbers(text):
    return {int(n) for n in re.findall(r"\d+", text)}


def pointers(path):
    """{slip number: set of places ("06 §5", "05 intro")} of the pointer lines in a lesson."""
    found, section = {}, "intro"
    for cell in _cells(path):
        if cell["cell_type"] != "markdown":
            continue
        src = _source(cell)
        # a pointer belongs to the section it is in; a cell may open a new section after its first lines
        pieces = re.split(r"(?m)^(?=## \d+\. )", src)
        for piece in pieces:
            m = SECTION.match(piece)
            if m:
                section = "§" + m.group(1)
            for p in POINTER.finditer(piece):
                for n in _numbers(p.group(1)):
                    found.setdefault(n, set()).add(f"{path.name[:2]} {section}")
    return found


def test_pointer_and_table_formats():
    row = "| 7 | notation | N1, event models | $\\phi_y=p(y)$ | $\\phi_y=p(y=1)$ | 06 §5; 08 §7 |"
    right = "| 5 | N2, footnote | needs $p(x)$ | the formula divides by $p(x)$ | 01 §2 |"
    cells = [{"cell_type": "markdown", "source": "| slip | ... |\n|---|---|\n" + row},
             {"cell_type": "markdown", "source": "## Right after all\n\n| was slip | ... |\n|---|\n" + right
              + "\n| — | N4 | starts at random | concave | 04 §1 |"}]
    assert slips_table(cells) == {7: ({"06 §5", "08 §7"}, row)}
    assert slip_kinds(cells) == {7: "notation"}
    assert [(n, places) for n, places, _ in right_after_all(cells)] == [(5, {"01 §2"}), (None, {"04 §1"})]
    assert _numbers(POINTER.search("*Slips 3, 4 and 12 on [the notes' slips page](notes_slips.ipynb).*").group(1)) \
        == {3, 4, 12}
    assert POINTER.search("*Slip 5 on [the notes' slips page](notes_slips.ipynb).*")
    assert not POINTER.search("slip 5 on the slips page")


def test_slips_page_numbers_its_slips_without_gaps():
    """A number once given stays with its slip, or with the "Right after all" entry it became."""
    table = slips_table()
    withdrawn = [n for n, _, _ in right_after_all() if n is not None]
    assert len(table) >= 40, "the slips page lists fewer slips than the notes have"
    assert not set(table) & set(withdrawn), f"slips {sorted(set(table) & set(withdrawn))} are also 'right after all'"
    numbers = sorted([*table, *withdrawn])
    assert numbers == list(range(1, len(numbers) + 1)), \
        "number the slips 1, 2, 3, ... without gaps (a withdrawn number stays in the 'Right after all' table)"
    for number, (places, row) in table.items():
        assert places, f"slip {number}: name the lesson section that corrects it (e.g. '06 §5'): {row[:80]}"
        assert all(PLACE.fullmatch(p) for p in places)


def test_every_slip_has_a_kind():
    """Issue 57: a slip of notation or an opinion is not called an error; the page defines each kind."""
    kinds = slip_kinds()
    wrong = {n: k for n, k in kinds.items() if k not in KINDS}
    assert not wrong, f"slips with a kind other than {KINDS}: {wrong}"
    intro = _source(_cells(SLIPS_PAGE)[0])
    for kind in KINDS:
        assert f"**{kind}**" in intro, f"the slips page's introduction does not define the kind {kind!r}"
    assert set(kinds.values()) == set(KINDS), "a kind the page defines is used by no slip: drop it"


def test_right_after_all_entries_say_why_and_where():
    entries = right_after_all()
    assert entries, "the slips page has no 'Right after all' table"
    lessons = {p.name[:2] for p in LESSONS}
    for number, places, row in entries:
        assert places and {p[:2] for p in places} <= lessons, f"name the lesson section that says so: {row[:80]}"
        reason = RIGHT_ROW.match(row.strip()).group(4)
        assert len(reason.split()) >= 8, f"say why the note is right, not only that it is: {row[:80]}"


def test_every_slip_is_flagged_where_the_page_says():
    """The page's places and the lessons' pointer lines agree, in both directions."""
    table = slips_table()
    flagged = {}
    for path in LESSONS:
        for number, places in pointers(path).items():
            flagged.setdefault(number, set()).update(places)
    lessons = {p.name[:2] for p in LESSONS}
    for number, (places, row) in table.items():
        assert {p[:2] for p in places} <= lessons, f"slip {number} names a lesson that does not exist: {row[:80]}"
        missing = places - flagged.get(number, set())
        assert not missing, (f"slip {number} should be flagged in {sorted(missing)} with the line "
                             f"'*Slip {number} on [the notes' slips page](notes_slips.ipynb).*': {row[:80]}")
    for number, places in flagged.items():
        assert number in table, f"lessons point to slip {number} ({sorted(places)}), which the slips page lacks"
        extra = places - table[number][0]
        assert not extra, f"slip {number} is flagged in {sorted(extra)}, but the slips page names {table[number][0]}"


def test_start_page_points_to_the_slips_page():
    start = _cells(NOTEBOOKS / "00_start_here.ipynb")
    text = "\n".join(_source(c) for c in start if c["cell_type"] == "markdown")
    assert "(notes_slips.ipynb)" in text
    assert not slips_table(start), "the slips table lives on notes_slips.ipynb, not on the start page"


# ---------------------------------------------------------------- structure of a lesson

@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_ends_with_summary_exercises_and_sources(path):
    markdown = [_source(c).strip() for c in _cells(path) if c["cell_type"] == "markdown"]
    last = markdown[-3:]
    for text, heading in zip(last, ("## Summary", "## Exercises", "## Sources")):
        assert text.startswith(heading + "\n"), f"{path.name}: a cell of its own must start with {heading!r}"
        assert not re.search(r"(?m)^## ", text.split("\n", 1)[1]), f"{path.name}: {heading} shares its cell"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_uses_no_private_name(path):
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code":
            private = re.findall(r"\b\w+\._[A-Za-z]\w*", _source(cell))
            assert not private, f"{path.name} cell {i} uses private names {private}: make them public or inline them"
