"""genlearn.course.grades: the gradebook exported for Canvas, Moodle and as plain CSV, parsed back.

Oracle: nbgrader's own gradebook (``nbgrader.api.Gradebook``), filled here through its API with known
scores, and the columns each LMS documents for its CSV grade import (Canvas: Student, ID, SIS User ID,
SIS Login ID, Section, one column per assignment and a "Points Possible" row; Moodle: an identifier
column mapped to a user field, then one column per grade item).
"""
import csv
import os
import sys

import pytest

from genlearn.course import grades

pytest.importorskip("nbgrader")

CANVAS_IDS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
MOODLE_IDS = ["Username", "Email address", "First name", "Last name"]
#: (student, assignment): autograded points of each of its two cells; None: no submission
SCORES = {("ada", "hw1"): (3, 2), ("ada", "hw2"): (1.5, 0), ("bob", "hw1"): (0, 0), ("cy", "hw2"): (4, 2)}


@pytest.fixture(autouse=True)
def _alembic_on_path(monkeypatch):
    # nbgrader starts `alembic` from PATH to create a gradebook: the folder of this Python first
    monkeypatch.setenv("PATH", os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]))


def _gradebook(tmp_path):
    from nbgrader.api import Gradebook

    db = f"sqlite:///{tmp_path / 'gradebook.db'}"
    with Gradebook(db, "genlearn") as gb:
        for name in ("hw1", "hw2"):
            gb.add_assignment(name)
            gb.add_notebook(name, name)
            for cell, points in (("t1", 4), ("t2", 2)):
                gb.add_grade_cell(cell, name, name, max_score=points, cell_type="code")
        gb.add_student("ada", first_name="Ada", last_name="Lovelace", email="ada@example.org", lms_user_id="101")
        gb.add_student("bob", first_name="Bob", last_name="Ng", email="bob@example.org")
        gb.add_student("cy")
        for (student, name), points in SCORES.items():
            gb.add_submission(name, student)
            for cell, got in zip(("t1", "t2"), points):
                gb.find_grade(cell, name, name, student).auto_score = got
        gb.db.commit()
        expected = {(s.id, a.name): gb.find_submission(a.name, s.id).score if (s.id, a.name) in SCORES else None
                    for s in gb.students for a in gb.assignments}
    return db, expected


def _read(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


def _num(text):
    return None if text == "" else float(text)


def test_canvas_export_has_canvas_columns_points_possible_and_the_gradebook_scores(tmp_path):
    db, expected = _gradebook(tmp_path)
    table = _read(grades.export("canvas", tmp_path / "canvas.csv", db))
    assert table[0] == CANVAS_IDS + ["hw1", "hw2"]
    # tol: exact: whole points, stored and read back
    assert table[1][0] == "Points Possible" and [float(x) for x in table[1][5:]] == [6.0, 6.0]
    by_login = {row[3]: row for row in table[2:]}
    assert set(by_login) == {"ada", "bob", "cy"}
    assert by_login["ada"][:2] == ["Lovelace, Ada", "101"]
    for (student, name), score in expected.items():
        got = _num(by_login[student][table[0].index(name)])
        # tol: points stored as numbers and read back from the CSV: exact for these halves and units (default rel 1e-6)
        assert got == pytest.approx(score) if score is not None else got is None, (student, name)
    assert expected["ada", "hw1"] == 5 and expected["cy", "hw1"] is None     # the oracle itself is not empty


def test_moodle_export_has_an_identifier_column_and_one_column_per_grade_item(tmp_path):
    db, expected = _gradebook(tmp_path)
    table = _read(grades.export("moodle", tmp_path / "moodle.csv", db, assignment="hw2"))
    assert table[0] == MOODLE_IDS + ["hw2"]
    rows = {row[0]: row for row in table[1:]}
    assert rows["ada"][1:4] == ["ada@example.org", "Ada", "Lovelace"]
    for student in ("ada", "bob", "cy"):
        got, want = _num(rows[student][4]), expected[student, "hw2"]
        # tol: as above
        assert got == pytest.approx(want) if want is not None else got is None


def test_plain_csv_has_totals_and_bad_input_is_refused(tmp_path):
    db, expected = _gradebook(tmp_path)
    table = _read(grades.export("csv", tmp_path / "grades.csv", db))
    assert table[0] == ["student_id", "last_name", "first_name", "email", "hw1", "hw2", "total"]
    assert table[1] == ["points possible", "", "", "", "6", "6", "12"]
    totals = {row[0]: float(row[-1]) for row in table[2:]}
    # tol: sums of halves and units: exact (default rel 1e-6)
    assert totals == pytest.approx({s: sum(v for (t, _), v in expected.items() if t == s and v) for s in totals})
    with pytest.raises(ValueError, match="unknown format 'blackboard'"):
        grades.export("blackboard", tmp_path / "x.csv", db)
    with pytest.raises(ValueError, match="no assignment 'hw9'"):
        grades.export("canvas", tmp_path / "x.csv", db, assignment="hw9")


def test_the_command_writes_what_export_writes_and_names_a_missing_gradebook(tmp_path, capsys):
    """``python -m genlearn.course.grades export``: the same file as :func:`grades.export`; without a gradebook
    a ValueError that says how to make one (autograde) or name it (--db)."""
    db, _ = _gradebook(tmp_path)
    out = tmp_path / "by-command.csv"
    assert grades.main(["export", "--format", "canvas", "--db", db, "--out", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    assert _read(out) == _read(grades.export("canvas", tmp_path / "by-function.csv", db))
    course = tmp_path / "course"
    (course / "notebooks").mkdir(parents=True)
    (course / "notebooks" / "00_start_here.ipynb").write_text("{}", encoding="utf-8")
    (course / "instructor").mkdir()
    with pytest.raises(ValueError, match="gradebook.db is missing: autograde first, or name it with --db"):
        grades.main(["export", "--format", "moodle", "--course", str(course)])
