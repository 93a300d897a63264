"""A class of ten graded by nbgrader on per-student data (hw3, then hw2), its feedback, and its grades exported.

Oracle: the expected answers of each student's own data (genlearn.homework.variants.answers, itself
checked against closed forms in tests/test_variants.py: the m-estimate for hw3, the smoothed multinomial
counts for hw2), the scores known by construction of each submission, and nbgrader's gradebook read back
through ``nbgrader.api.Gradebook``. Runs the isolated route (bubblewrap) as tests/test_grading.py does;
skipped with the reason without bubblewrap, and hw2's class without the real SMS Spam Collection
(GENLEARN_DATA), which grading hw2 needs.
"""
import csv
import json
import re

import nbformat
import numpy as np
import pytest

from tolerances import ROUNDING

from genlearn.course import assignments, grades
from genlearn.course import variants as course_variants
from genlearn.homework import variants

from test_grading import (ROOT, SECRET, SMS, TIMEOUT, _edit, _grading, _needs_bwrap, _solution, _solution_cells,
                          _test_cells)

#: per assignment: s05's mistake in Task 1 (what, {grade_id: source}), s06's wrong my_answers (what, source),
#: and the lesson section Task 7's feedback links to (notebook, the start of the heading's anchor)
CLASSES = {
    "hw3_m_estimate": {
        "task1": ("m_estimate is Laplace smoothing",
                  {"hw3-task1-m-estimate": "def m_estimate(n_c, n, p, m):\n    return (n_c + 1) / (n + m)"}),
        "mine": ("my_answers on the stolen cars instead of their own table",
                 "def my_answers():\n    return two_class_scores(X_cars, y_cars, ['Red', 'SUV', 'Domestic'], 3)"),
        "lesson": ("08_m_estimate_stolen_cars", "3.-The-query-(Red,-SUV,-Domestic)"),
    },
    "hw2_naive_bayes_spam": {
        "task1": ("build_vocabulary counts messages, not occurrences",
                  {"hw2-task1-vocabulary": lambda: _edit("hw2_naive_bayes_spam", "hw2-task1-vocabulary",
                                                         "for token in tokenize(text))",
                                                         "for token in set(tokenize(text)))")}),
        "mine": ("my_answers counts the query's repeated word once",
                 lambda: _edit("hw2_naive_bayes_spam", "hw2-task7-mine",
                               "log_phi_mine[:, encode(query_mine, index_mine)]",
                               "log_phi_mine[:, np.unique(encode(query_mine, index_mine))]")),
        "lesson": ("06_naive_bayes_text", "5.-The-multinomial-event-model"),
    },
}


def _seed(A, student):
    return course_variants.student_seed(SECRET, A, student)


def _source(value):
    return value() if callable(value) else value


def _literal(value):
    """Python source of one answer, as a student would type it in."""
    return repr(np.asarray(value).tolist()) if np.ndim(value) else repr(float(value))


def _class(A, released):
    """{student: (what, notebook)}: four correct, two partly correct, two copied, one blank, one more correct."""
    solution = {g: _solution(A, g) for g in _solution_cells(A)}
    plan = CLASSES[A]
    mine = f"{A[:3]}-task7-mine"

    def notebook(student, changes=None, seed_of=None):
        nb = nbformat.read(released, as_version=4)
        course_variants.personalise(nb, _seed(A, seed_of or student))
        cells = {**solution, **(changes or {})} if changes is not None else {}
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if gid in cells:
                cell.source = cells[gid]
        return nb

    s02 = ", ".join(_literal(v) for v in variants.answers(A, _seed(A, "s02")).values())
    out = {f"s0{i}": ("correct", notebook(f"s0{i}", {})) for i in (1, 2, 3, 4)}
    what, changes = plan["task1"]
    out["s05"] = (what, notebook("s05", {g: _source(v) for g, v in changes.items()}))
    what, source = plan["mine"]
    out["s06"] = (what, notebook("s06", {mine: _source(source)}))
    out["s07"] = ("hands in s01's notebook (s01's MY_SEED)", notebook("s07", {}, seed_of="s01"))
    out["s08"] = ("types in s02's numbers", notebook("s08", {mine: "def my_answers():\n    return " + s02}))
    out["s09"] = ("blank", notebook("s09"))
    out["s10"] = ("correct", notebook("s10", {}))
    return out


def _loses(A):
    """The tasks each student loses (all other autograded tasks score full marks; None: every task)."""
    mine = f"{A[:3]}-task7-test"
    return {"s05": {f"{A[:3]}-task1-test"}, "s06": {mine}, "s07": {mine}, "s08": {mine}, "s09": None}


@pytest.fixture(scope="module", params=list(CLASSES))
def graded(request, tmp_path_factory):
    """(the course folder, {student: (what, notebook)}, the assignment), graded and with s07's feedback."""
    A = request.param
    _needs_bwrap()
    if A == "hw2_naive_bayes_spam" and not SMS:
        pytest.skip("grading hw2 needs the real SMS Spam Collection: set GENLEARN_DATA to the folder holding "
                    "SMSSpamCollection")
    course = assignments.copy_course(tmp_path_factory.mktemp("class") / A, ROOT, names=[A])
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as fh:
        fh.write(f"\nc.SandboxGrade.timeout = {TIMEOUT}\n")
    (course / course_variants.SECRET_FILE).write_text(SECRET.hex() + "\n", encoding="utf-8")
    assignments.nbgrader_api(course, [("generate_assignment", [A])])
    students = _class(A, course / "release" / A / f"{A}.ipynb")
    for student, (_, nb) in students.items():
        folder = course / "submitted" / student / A
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{A}.ipynb")
    assignments.nbgrader_api(course, [("autograde", [A, s]) for s in students]
                             + [("generate_feedback", [A, "s07"])])
    return course, students, A


def _reports(course, A):
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (course / "reports" / A).glob("*.json")}


def _plain(values):
    """A dict of numbers and arrays (or a draw's messages) as comparable text."""
    return repr({k: np.asarray(v).tolist() for k, v in values.items()})


def test_the_released_notebooks_differ_in_data_and_expected_answers(graded):
    course, students, A = graded
    seeds = {s: course_variants.seed_of_notebook_source([c.source for c in nb.cells])
             for s, (_, nb) in students.items()}
    own = {s: seeds[s] for s in students if s != "s07"}
    assert own == {s: _seed(A, s) for s in own} and len(set(own.values())) == len(own)
    data = {s: _plain(variants.draw(A, seed)) for s, seed in own.items()}
    answers = {s: _plain(variants.answers(A, seed)) for s, seed in own.items()}
    assert len(set(data.values())) == len(own) and len(set(answers.values())) == len(own)


def test_own_work_scores_full_marks_and_another_students_answers_score_0(graded):
    course, students, A = graded
    reports = _reports(course, A)
    assert set(reports) == set(students)
    for student, report in reports.items():
        loses = _loses(A).get(student, set())
        for task in report["tasks"]:
            zero = loses is None or task["cell"] in loses
            assert (task["outcome"] == "passed") != zero, (student, students[student][0], task)


def test_copied_work_is_reported_with_whose_it_is(graded):
    course, _, A = graded
    reports = _reports(course, A)
    assert reports["s07"]["variant"] == {"seed_in_notebook": "student s01", "answers_of": ["s01"]}
    assert reports["s08"]["variant"] == {"seed_in_notebook": "own", "answers_of": ["s02"]}
    assert reports["s01"]["variant"] == {"seed_in_notebook": "own", "answers_of": []}
    summary = (course / "reports" / A / "summary.md").read_text(encoding="utf-8")
    assert re.search(r"\| s07 \|.*MY_SEED is student s01", summary), summary
    assert "answers are those of s02" in summary, summary
    assert "| s01 |" not in summary, summary


def test_feedback_names_the_check_the_values_and_the_lesson_section(graded):
    course, _, A = graded
    (page,) = (course / "feedback" / "s07" / A).glob("*.html")
    html = page.read_text(encoding="utf-8")
    expected, found = variants.answers(A, _seed(A, "s07")), variants.answers(A, _seed(A, "s01"))
    # the first answer that differs (s01's numbers: those of the seed s07's notebook carries)
    name = next(n for n in variants.ANSWER_NAMES[A]
                if not np.allclose(found[n], expected[n], rtol=1e-9, atol=ROUNDING))
    assert f"my_answers: {name} is not that of your own data" in html
    assert variants.found_expected(found[name], expected[name]) in html
    notebook, anchor = CLASSES[A]["lesson"]
    assert notebook in html and anchor in html
    hidden = ["my_answers_test", *[n for n in vars(_grading()) if n.startswith("ref_")]]
    assert not [n for n in hidden if n in html]                       # the hidden test's code stays hidden


def test_the_canvas_and_moodle_exports_re_import_with_the_gradebook_scores(graded, tmp_path, monkeypatch):
    import os
    import sys

    from nbgrader.api import Gradebook

    course, students, A = graded
    monkeypatch.setenv("PATH", os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]))
    db = f"sqlite:///{course / 'gradebook.db'}"
    with Gradebook(db, "genlearn") as gb:
        book = {s: gb.find_submission(A, s).score for s in students}
        possible = gb.find_assignment(A).max_score
    written = sum(points for points, auto in _test_cells(A).values() if not auto)   # graded by hand
    assert book["s01"] == possible - written and book["s09"] == 0
    assert book["s07"] == book["s01"] - 4                         # Task 7's 4 points lost
    for fmt, ident, first in (("canvas", "SIS Login ID", 2), ("moodle", "Username", 1)):
        path = grades.export(fmt, tmp_path / f"{fmt}.csv", db, assignment=A)
        with open(path, newline="", encoding="utf-8") as fh:
            table = list(csv.reader(fh))
        header = table[0]
        if fmt == "canvas":
            assert header[:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
            # tol: exact: points are whole numbers or halves, stored and read back
            assert table[1][0] == "Points Possible" and float(table[1][header.index(A)]) == possible
        else:
            assert header[:4] == ["Username", "Email address", "First name", "Last name"]
        got = {row[header.index(ident)]: float(row[header.index(A)]) for row in table[first:]}
        assert got == pytest.approx(book), fmt  # tol: points summed: halves and units, exact (default rel 1e-6)
