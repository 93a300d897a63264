"""A class of ten graded by nbgrader on per-student data (hw3), its feedback, and its grades exported.

Oracle: the expected answers of each student's own table (genlearn.homework.variants.answers, itself
checked against the m-estimate closed form in tests/test_variants.py), the scores known by construction
of each submission, and nbgrader's gradebook read back through ``nbgrader.api.Gradebook``. Runs the
isolated route (bubblewrap) as tests/test_grading.py does; skipped with the reason without bubblewrap.
"""
import csv
import json
import re

import nbformat
import pytest

from genlearn.course import assignments, grades
from genlearn.course import variants as course_variants
from genlearn.homework import variants

from test_grading import ROOT, SECRET, TIMEOUT, _needs_bwrap, _solution, _solution_cells

A = "hw3_m_estimate"
MINE = "hw3-task7-test"


def _seed(student):
    return course_variants.student_seed(SECRET, A, student)


def _class(released):
    """{student: (what, notebook)}: four correct, two partly correct, two copied, one blank, one more correct."""
    solution = {g: _solution(A, g) for g in _solution_cells(A)}

    def notebook(student, changes=None, seed_of=None):
        nb = nbformat.read(released, as_version=4)
        course_variants.personalise(nb, _seed(seed_of or student))
        cells = {**solution, **(changes or {})} if changes is not None else {}
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if gid in cells:
                cell.source = cells[gid]
        return nb

    s02 = ", ".join(repr(v) for v in variants.answers(A, _seed("s02")).values())
    out = {f"s0{i}": ("correct", notebook(f"s0{i}", {})) for i in (1, 2, 3, 4)}
    out["s05"] = ("m_estimate is Laplace smoothing", notebook("s05", {
        "hw3-task1-m-estimate": "def m_estimate(n_c, n, p, m):\n    return (n_c + 1) / (n + m)"}))
    out["s06"] = ("my_answers on the stolen cars instead of their own table", notebook("s06", {
        "hw3-task7-mine": "def my_answers():\n"
                          "    return two_class_scores(X_cars, y_cars, ['Red', 'SUV', 'Domestic'], 3)"}))
    out["s07"] = ("hands in s01's notebook (s01's MY_SEED)", notebook("s07", {}, seed_of="s01"))
    out["s08"] = ("types in s02's numbers", notebook("s08", {
        "hw3-task7-mine": "def my_answers():\n    return " + s02}))
    out["s09"] = ("blank", notebook("s09"))
    out["s10"] = ("correct", notebook("s10", {}))
    return out


#: the tasks each student loses (all other autograded tasks score full marks)
LOSES = {"s05": {"hw3-task1-test"}, "s06": {MINE}, "s07": {MINE}, "s08": {MINE}, "s09": None}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    _needs_bwrap()
    course = assignments.copy_course(tmp_path_factory.mktemp("class") / A, ROOT, names=[A])
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as fh:
        fh.write(f"\nc.SandboxGrade.timeout = {TIMEOUT}\n")
    (course / course_variants.SECRET_FILE).write_text(SECRET.hex() + "\n", encoding="utf-8")
    assignments.nbgrader_api(course, [("generate_assignment", [A])])
    students = _class(course / "release" / A / f"{A}.ipynb")
    for student, (_, nb) in students.items():
        folder = course / "submitted" / student / A
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{A}.ipynb")
    assignments.nbgrader_api(course, [("autograde", [A, s]) for s in students]
                             + [("generate_feedback", [A, "s07"])])
    return course, students


def _reports(course):
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (course / "reports" / A).glob("*.json")}


def test_the_released_notebooks_differ_in_data_and_expected_answers(graded):
    course, students = graded
    seeds = {s: course_variants.seed_of_notebook_source([c.source for c in nb.cells])
             for s, (_, nb) in students.items()}
    own = {s: seeds[s] for s in students if s != "s07"}
    assert own == {s: _seed(s) for s in own} and len(set(own.values())) == len(own)
    tables = {s: variants.draw(A, seed)["X"].tobytes() for s, seed in own.items()}
    answers = {s: tuple(variants.answers(A, seed).values()) for s, seed in own.items()}
    assert len(set(tables.values())) == len(own) and len(set(answers.values())) == len(own)


def test_own_work_scores_full_marks_and_another_students_answers_score_0(graded):
    course, students = graded
    reports = _reports(course)
    assert set(reports) == set(students)
    for student, report in reports.items():
        loses = LOSES.get(student, set())
        for task in report["tasks"]:
            zero = loses is None or task["cell"] in loses
            assert (task["outcome"] == "passed") != zero, (student, students[student][0], task)


def test_copied_work_is_reported_with_whose_it_is(graded):
    course, _ = graded
    reports = _reports(course)
    assert reports["s07"]["variant"] == {"seed_in_notebook": "student s01", "answers_of": ["s01"]}
    assert reports["s08"]["variant"] == {"seed_in_notebook": "own", "answers_of": ["s02"]}
    assert reports["s01"]["variant"] == {"seed_in_notebook": "own", "answers_of": []}
    summary = (course / "reports" / A / "summary.md").read_text(encoding="utf-8")
    assert re.search(r"\| s07 \|.*MY_SEED is student s01", summary), summary
    assert "answers are those of s02" in summary, summary
    assert "| s01 |" not in summary, summary


def test_feedback_names_the_check_the_values_and_the_lesson_section(graded):
    course, _ = graded
    (page,) = (course / "feedback" / "s07" / A).glob("*.html")
    html = page.read_text(encoding="utf-8")
    expected = variants.answers(A, _seed("s07"))["score_yes"]
    found = variants.answers(A, _seed("s01"))["score_yes"]
    assert "my_answers: score_yes is not that of your own data" in html
    assert f"found {found:.6g}, expected {expected:.6g}" in html
    assert "08_m_estimate_stolen_cars" in html and "3.-The-query-(Red,-SUV,-Domestic)" in html
    assert "my_answers_test" not in html and "ref_" not in html          # the hidden test's code stays hidden


def test_the_canvas_and_moodle_exports_re_import_with_the_gradebook_scores(graded, tmp_path, monkeypatch):
    import os
    import sys

    from nbgrader.api import Gradebook

    course, students = graded
    monkeypatch.setenv("PATH", os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]))
    db = f"sqlite:///{course / 'gradebook.db'}"
    with Gradebook(db, "genlearn") as gb:
        book = {s: gb.find_submission(A, s).score for s in students}
        possible = gb.find_assignment(A).max_score
    assert book["s01"] == possible - 3 and book["s09"] == 0      # 3: the written answer, graded by hand
    assert book["s07"] == book["s01"] - 4                         # Task 7's 4 points lost
    for fmt, ident, first in (("canvas", "SIS Login ID", 2), ("moodle", "Username", 1)):
        path = grades.export(fmt, tmp_path / f"{fmt}.csv", db, assignment=A)
        with open(path, newline="", encoding="utf-8") as fh:
            table = list(csv.reader(fh))
        header = table[0]
        if fmt == "canvas":
            assert header[:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
            assert table[1][0] == "Points Possible" and float(table[1][header.index(A)]) == possible
        else:
            assert header[:4] == ["Username", "Email address", "First name", "Last name"]
        got = {row[header.index(ident)]: float(row[header.index(A)]) for row in table[first:]}
        assert got == pytest.approx(book), fmt
