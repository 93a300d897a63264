"""Submissions that attack the grader, graded by the real route: nbgrader autograde through SandboxGrade.

Oracle: the points nbgrader writes to its gradebook (``nbgrader export`` with the
course's per-task plugin) for submissions whose right score is known by
construction: 0 on every task the submission games (its function is not written,
it only replays what it took from the grader or the library), full marks on every
task it does right, also beside a task it gets wrong. Each attack is one student
of one course; one nbgrader process grades all the students of an assignment, and
the three assignments are graded in parallel (docs/grading.md, "What the defences
stop, and what they do not", lists them). The attacks:

* **harvest** (hw1, hw2, hw3): the test cells of the tasks graded with reference
  functions (hw1 Tasks 5 and 7, hw2 and hw3 Task 7) moved to the top of the
  notebook; the student's function, called while such a test runs, collects from
  the worker's stack frames whatever the grader sent with the call, writes it to
  the scratch folder, and the student's other tasks replay it instead of being
  written. The references never reach the worker and the tests run in the
  released order: the replaying tasks score 0.
* **private** (hw1 ``fit_gda`` through ``genlearn._fast.class_statistics``, the core
  of ``genlearn.GDA.fit``; hw2 ``build_vocabulary`` through ``genlearn.text``'s
  private counter): the task scores 0 and the report names the delegation.
* **decorated** (hw1, hw2, hw3): a wrong first task, and the tasks that build on
  it right but decorated (``np.errstate``, ``functools.lru_cache``, a
  ``functools.wraps`` wrapper), a lambda, a class with a method: only the wrong
  task scores 0.
* **copy7** (hw1, hw3): ``my_answers`` returns ``genlearn.homework.variants.answers``
  for its own seed: switched off while grading, Task 7 scores 0.
* **duplicated** (hw3): a graded test cell pasted twice and another deleted: the
  submission is graded (nbgrader alone gives up on the whole of it), those two
  tasks are not graded, with a line in the feedback and the class summary.

Needs bubblewrap (the isolated route, as in tests/test_grading.py) and, for hw2,
the real SMS Spam Collection (GENLEARN_DATA).
"""
import copy
import csv
import json
import textwrap
from concurrent.futures import ThreadPoolExecutor

import nbformat
import pytest

import test_grading as tg
from genlearn.course import assignments
from genlearn.course import variants as course_variants

# --- the attacks' code -----------------------------------------------------------------

#: put at the top of a cell: collects what the grader sent with the running call (its references' source,
#: the functions bound in their place) into the scratch folder, which outlives the call
HARVEST = '''\
import inspect as _inspect, sys as _sys
def _harvest():
    found = []
    frame = _sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if isinstance(value, dict):
                text = value.get("references")
                if isinstance(text, str) and text:
                    found.append(text)
                for ref in value.values():
                    try:
                        if callable(ref) and getattr(ref, "__name__", "").startswith("ref_"):
                            found.append(_inspect.getsource(ref))
                    except (OSError, TypeError):
                        pass
        frame = frame.f_back
    if found:
        with open("harvest.py", "a") as fh:
            fh.write("\\n\\n".join(found) + "\\n")
'''

#: the reference of grading.py a harvesting student replays for each function
REF = {"fit_gda": "ref_fit_gda", "gda_posterior": "ref_gda_posterior", "evaluate": "ref_evaluate",
       "build_vocabulary": "ref_build_vocabulary", "encode": "ref_encode", "fit_multinomial_nb": "ref_multinomial_nb",
       "predict": "ref_predict", "fit_categorical_nb": "ref_categorical_nb", "joint_scores": "ref_joint_scores",
       "predict_proba": "ref_predict_proba", "two_class_scores": "ref_two_class_scores"}

REPLAY = '''\
_space = {}
exec("import math\\nimport numpy as np\\nfrom fractions import Fraction\\n" + open("harvest.py").read(), _space)
return _space[%r](%s)'''


def _args(assignment, grade_id, fn):
    node = tg._function(tg._solution(assignment, grade_id), fn)
    return ", ".join(a.arg for a in node.args.args)


def _replay(assignment, grade_id, fn):
    """The cell of ``grade_id`` with ``fn`` replaying the harvested reference instead of being written."""
    return tg._with_body(tg._solution(assignment, grade_id), fn, REPLAY % (REF[fn], _args(assignment, grade_id, fn)))


def _harvesting(assignment, grade_id, fn):
    """The solution of ``grade_id`` (right), collecting what the grader sends while ``fn`` runs."""
    return HARVEST + "\n" + tg._inject(tg._solution(assignment, grade_id), fn, "_harvest()")


#: per assignment: the test cells moved to the top, the cells that harvest and the cells that replay
HARVESTS = {
    "hw1_gda": (("hw1-task5-test", "hw1-task7-test"), ("hw1-task5-compare", "hw1-task7-mine"),
                ("hw1-task1-fit-gda", "hw1-task2-posterior", "hw1-task4-evaluate")),
    "hw2_naive_bayes_spam": (("hw2-task7-test",), ("hw2-task7-mine",),
                             ("hw2-task1-vocabulary", "hw2-task2-encode", "hw2-task3-fit", "hw2-task4-predict")),
    "hw3_m_estimate": (("hw3-task7-test",), ("hw3-task7-mine",), ("hw3-task2-fit", "hw3-task3-predict",
                                                                   "hw3-task4-cars")),
}

#: the functions defined in each replaying cell
CELL_FUNCTIONS = {"hw3-task3-predict": ("joint_scores", "predict_proba")}

PRIVATE = {
    "hw1_gda": ("hw1-task1-fit-gda", '''\
        def fit_gda(X, y):
            from genlearn import _fast
            X, y = np.asarray(X, dtype=float), np.asarray(y).astype(int)
            counts, mu, scatter, _, _ = _fast.class_statistics(X, y, 2, "pooled")
            return float(counts[1] / counts.sum()), mu[0], mu[1], scatter / len(y)'''),
    "hw2_naive_bayes_spam": ("hw2-task1-vocabulary", '''\
        def build_vocabulary(texts, min_count=1):
            from genlearn import text as _text
            words, X = _text._raw_counts(list(texts))
            counts = np.asarray(X.sum(axis=0)).ravel()
            return sorted(w for w, c in zip(words, counts) if c >= min_count)'''),
}

ERRSTATE = '@np.errstate(all="ignore")\n'
LRU = "import functools\n\n@functools.lru_cache(maxsize=None)\n"
WRAPS = ("import functools\n\ndef _traced(f):\n    @functools.wraps(f)\n    def wrapper(*args, **kwargs):\n"
         "        return f(*args, **kwargs)\n    return wrapper\n\n@_traced\n")


def _decorated(assignment):
    """{grade_id: source}: a wrong first task; the tasks built on it right, decorated or written unusually."""
    s = {g: tg._solution(assignment, g) for g in tg._solution_cells(assignment)}
    if assignment == "hw1_gda":
        return {
            # the class means swapped: evaluate's accuracy with it would be wrong
            "hw1-task1-fit-gda": tg._edit(assignment, "hw1-task1-fit-gda", "return phi, mu0, mu1, Sigma",
                                          "return phi, mu1, mu0, Sigma"),
            "hw1-task4-evaluate": ERRSTATE + s["hw1-task4-evaluate"],
            # a class with a method, and the function a lambda calling it
            "hw1-task5-compare": textwrap.dedent('''\
                class _Comparison:
                    def run(self, X_train, y_train, X_test, y_test):
                        return {"raw": evaluate(X_train, y_train, X_test, y_test),
                                "log": evaluate(np.log(X_train), y_train, np.log(X_test), y_test)}

                compare_raw_and_log = lambda X_train, y_train, X_test, y_test: _Comparison().run(
                    X_train, y_train, X_test, y_test)'''),
            "hw1-task7-mine": LRU + s["hw1-task7-mine"],
        }
    if assignment == "hw2_naive_bayes_spam":
        # encode drops repeated words: my_answers' counts with it would be wrong (a wrong vocabulary would not:
        # every word of Task 7's twelve occurs in every draw)
        return {
            "hw2-task2-encode": tg._edit(assignment, "hw2-task2-encode",
                                         "return np.array([index[t] for t in tokenize(text) if t in index], dtype=int)",
                                         "return np.array(list(dict.fromkeys(index[t] for t in tokenize(text) "
                                         "if t in index)), dtype=int)"),
            "hw2-task7-mine": ERRSTATE + s["hw2-task7-mine"],
        }
    return {
        "hw3-task1-m-estimate": tg._edit(assignment, "hw3-task1-m-estimate", "return (n_c + m * p) / (n + m)",
                                         "return (n_c + 1) / (n + m)"),
        "hw3-task2-fit": WRAPS + s["hw3-task2-fit"],
        "hw3-task4-cars": ERRSTATE + s["hw3-task4-cars"],
        "hw3-task5-parcels": textwrap.dedent('''\
            def _fit_then(predict):
                def run(X, y, values, queries, m):
                    return predict(fit_categorical_nb(X, y, m=m, values=values), queries)
                return run

            def posteriors(X, y, values, queries, m):
                return _fit_then(lambda model, queries: predict_proba(model, queries))(X, y, values, queries, m)'''),
        "hw3-task7-mine": LRU + s["hw3-task7-mine"],
    }


COPY7 = '''\
def my_answers():
    from genlearn.homework import variants as _variants
    got = _variants.answers(%r, MY_SEED)
    return tuple(got[name] for name in _variants.ANSWER_NAMES[%r])'''


def _students(assignment):
    """{student: (what, {grade_id: source}, moves, {test ids scoring 0}, {test ids with full marks})}.

    ``moves`` are the test cells moved to the top; a source None deletes the cell, a key ``"DUP:<id>"``
    pastes a second copy of the test cell ``<id>`` below the first."""
    tests = {g for g, (_, auto) in tg._test_cells(assignment).items() if auto}
    solution = {g: tg._solution(assignment, g) for g in tg._solution_cells(assignment)}
    out = {}
    moved, harvest, replay = HARVESTS[assignment]
    changes = {g: _harvesting(assignment, g, tg.TASK_FUNCTION[g]) for g in harvest}
    for g in replay:
        cell = tg._solution(assignment, g)
        for fn in CELL_FUNCTIONS.get(g, (tg.TASK_FUNCTION[g],)):
            node = tg._function(cell, fn)
            args = ", ".join(a.arg for a in node.args.args)
            cell = tg._with_body(cell, fn, REPLAY % (REF[fn], args))
        changes[g] = cell
    zero = {tg._test_id(g) for g in replay}
    out["harvest"] = (f"tests {', '.join(moved)} moved to the top; {', '.join(replay)} replay what the grader "
                      "sent", {**solution, **changes}, moved, zero, tests - zero)
    if assignment in PRIVATE:
        g, code = PRIVATE[assignment]
        out["private"] = (f"{tg.TASK_FUNCTION[g]} through a private genlearn module",
                          {**solution, g: textwrap.dedent(code)}, (), {tg._test_id(g)}, tests - {tg._test_id(g)})
    changes = _decorated(assignment)
    wrong = {tg._test_id(next(iter(changes)))}
    out["decorated"] = ("a wrong first task; the tasks built on it decorated (np.errstate, lru_cache, "
                        "functools.wraps), a lambda, a class", {**solution, **changes}, (), wrong, tests - wrong)
    seven = next(g for g in solution if g.endswith("task7-mine"))
    if assignment != "hw2_naive_bayes_spam":
        out["copy7"] = ("my_answers returns variants.answers() for its seed",
                        {**solution, seven: COPY7 % (assignment, assignment)}, (), {tg._test_id(seven)},
                        tests - {tg._test_id(seven)})
    if assignment == "hw3_m_estimate":
        dup, gone = "hw3-task2-test", "hw3-task5-test"
        out["duplicated"] = (f"{dup} pasted twice, {gone} deleted", {**solution, f"DUP:{dup}": None,
                                                                     f"DELETE:{gone}": None},
                             (), {dup, gone}, tests - {dup, gone})
    return out


def _write(course, assignment, student, replacements, moves):
    nb = nbformat.read(tg.STUDENT / f"{assignment}.ipynb", as_version=4)
    course_variants.personalise(nb, course_variants.student_seed(tg.SECRET, assignment, student))

    def gid(cell):
        return cell.metadata.get("nbgrader", {}).get("grade_id")

    deleted = {k.removeprefix("DELETE:") for k in replacements if k.startswith("DELETE:")}
    pasted = {k.removeprefix("DUP:") for k in replacements if k.startswith("DUP:")}
    cells = []
    for cell in nb.cells:
        if gid(cell) in deleted:
            continue
        if gid(cell) in replacements:
            cell.source = replacements[gid(cell)]
        cells.append(cell)
        if gid(cell) in pasted:               # Jupyter gives a pasted cell an id of its own
            cells.append(copy.deepcopy(cell))
            cells[-1].id = cell.id + "-pasted"
    top = [c for c in cells if gid(c) in moves]
    rest = [c for c in cells if gid(c) not in moves]
    setup = next(i for i, c in enumerate(rest) if c.cell_type == "code")
    nb.cells = rest[:setup + 1] + top + rest[setup + 1:]
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / f"{assignment}.ipynb")


def _grade(course, assignment, students):
    for student, (_, replacements, moves, _, _) in students.items():
        _write(course, assignment, student, replacements, moves)
    calls = [("generate_assignment", [assignment])]
    calls += [("autograde", [assignment, student]) for student in students]
    calls += [("generate_feedback", [assignment, s]) for s in students if s == "duplicated"]
    calls += [("export", [str(course / "grades.csv")])]
    log = assignments.nbgrader_api(course, calls)
    with open(course / "grades.csv", newline="", encoding="utf-8") as fh:
        rows = {r["student_id"]: r for r in csv.DictReader(fh)}
    return {"course": course, "rows": rows, "log": log, "students": students}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tg._needs_bwrap()
    tmp = tmp_path_factory.mktemp("red_team")
    names = [a for a in tg.NAMES if tg.SMS or a != "hw2_naive_bayes_spam"]
    courses = {a: tg._make_course(tmp, a) for a in names}
    with ThreadPoolExecutor(max_workers=len(names)) as pool:
        futures = {a: pool.submit(_grade, courses[a], a, _students(a)) for a in names}
        return {a: f.result() for a, f in futures.items()}


def _report(result, assignment, student):
    return json.loads((result["course"] / "reports" / assignment / f"{student}.json").read_text(encoding="utf-8"))


def _scores(result, assignment):
    cells = tg._test_cells(assignment)
    lines = []
    for student, row in result["rows"].items():
        lines.append(f"{student:<10} " + "  ".join(
            f"{g.split('-')[1]} {row[g] or '-'}/{pts:g}" for g, (pts, auto) in cells.items() if auto))
    return "\n".join(lines)


def test_hw2_is_graded_with_the_real_corpus():
    assert tg.SMS, "hw2's attacks need the real SMS Spam Collection: set GENLEARN_DATA (docs/grading.md)"


@pytest.mark.parametrize("assignment", tg.NAMES)
def test_each_attack_scores_what_it_must(graded, assignment):
    if assignment not in graded:
        pytest.skip("hw2 needs the real SMS Spam Collection (GENLEARN_DATA)")
    result = graded[assignment]
    cells = tg._test_cells(assignment)
    table = _scores(result, assignment) + "\n" + result["log"][-3000:]
    for student, (what, _, _, zero, full) in result["students"].items():
        row = result["rows"].get(student)
        assert row is not None, f"{student} ({what}) was not graded:\n{table}"
        # tol: exact; nbgrader's scores are 0 or the cell's points, whole numbers written as decimals
        for g in zero:
            assert float(row[g] or 0) == 0, f"{student} ({what}): {g} must score 0\n{table}"
        for g in full:  # tol: exact, whole points as above
            assert float(row[g]) == cells[g][0], f"{student} ({what}): {g} must have full marks\n{table}"


def test_delegation_to_private_modules_is_named_in_the_report(graded):
    for assignment, (grade_id, _) in PRIVATE.items():
        if assignment not in graded:
            continue
        report = _report(graded[assignment], assignment, "private")
        why = {t["cell"]: t["why"] for t in report["tasks"]}[tg._test_id(grade_id)]
        assert "switched off" in why, why
        assert any(d["function"] == tg.TASK_FUNCTION[grade_id] for d in report["delegations"]), report


def test_a_duplicated_or_deleted_test_cell_is_named_in_the_feedback_and_the_summary(graded):
    result = graded["hw3_m_estimate"]
    (page,) = (result["course"] / "feedback" / "duplicated" / "hw3_m_estimate").glob("*.html")
    html = page.read_text(encoding="utf-8")
    assert "hw3-task2-test appears 2 times" in html and "hw3-task5-test was deleted" in html, html[-3000:]
    summary = (result["course"] / "reports" / "hw3_m_estimate" / "summary.md").read_text(encoding="utf-8")
    line = next(x for x in summary.splitlines() if x.startswith("| duplicated "))
    assert "hw3-task2-test" in line and "hw3-task5-test" in line, summary
