"""The homework graded for real by nbgrader, as an instructor would, with the isolated route.

Oracle: the points nbgrader writes to its gradebook (read back through
``nbgrader export`` with the course's per-task plugin) and the instructor's
reports (``reports/<assignment>/``), for simulated submissions whose right
score is known by construction. For each assignment:

* the instructor solution scores every autograded point;
* a correct solution that warns (FutureWarning) and prints to stderr, at the
  top level and inside its functions, scores every point too;
* the untouched release scores 0, and the grader does not crash;
* a submission with three typical mistakes, each in a different task, loses
  exactly those three tasks: the tasks built on top of them keep their points;
* a submission with one task that kills its process (``os._exit``) and one
  that hangs past the timeout while catching ``KeyboardInterrupt`` keeps the
  points of its three other tasks; the report says which tasks were not
  graded and why (in hw2 and hw3 one of the two happens at the top level of a
  cell, which the grader then skips);
* two submissions cover the nine ways of defeating the hidden tests that
  worked when they ran in the student's kernel (a ``grading.py`` in the
  working directory, ``importlib`` patched, an IPython input transformer that
  blanks the tests, the instructor's source notebooks read at grading time, a
  private copy of a blocked module, a private copy of a blocked function,
  ``math.isclose`` and numpy's comparisons replaced, a detached process that
  edits the gradebook later, the course's ``grading.py`` overwritten, after
  which the next student's hard-coded answers are graded), with the older
  ones (checks replaced, printed values, test cells edited or deleted): each
  gamed task scores 0, the course files are unchanged afterwards, and the
  gradebook is unchanged seconds after the grading run has ended.

Every submission runs through the isolated route of docs/grading.md:
bubblewrap, and (the test runs as root, as CI does) a throwaway Unix user,
with CPU-time, memory and process limits and no network. Without bubblewrap
(``apt-get install bubblewrap``; .ci/run installs it) the nbgrader runs are
skipped with that reason; the tests of the hidden tests alone (below) still
run. One nbgrader process grades all the students of an assignment (start-up
paid once); the three assignments are graded in parallel. The score table is
printed (``pytest -s``) and written into every assertion message, with the
wall time of the grading runs.
"""
import ast
import csv
import hashlib
import importlib.util
import json
import os
import re
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import numpy as np
import pytest

from genlearn.course import assignments
from genlearn.course import variants as course_variants
from genlearn.datasets import load_demo_sms, load_sms_spam, make_gaussian_classes
from genlearn.homework import checks, variants

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "instructor" / "source"
STUDENT = ROOT / "notebooks" / "homework"
NAMES = assignments.ASSIGNMENTS
#: seconds a cell or a call may run in these tests (the course's default is 120)
TIMEOUT = 30
#: the course secret of these tests' courses (per-student data, genlearn.course.variants)
SECRET = bytes(range(32))


def _sms_available():
    try:
        load_sms_spam(download=False)
    except (FileNotFoundError, ValueError):
        return False
    return True


SMS = _sms_available()


# --- building submissions ---------------------------------------------------------

def _solution(assignment, grade_id):
    """The instructor's answer for one solution cell, markers removed."""
    nb = nbformat.read(SOURCE / assignment / f"{assignment}.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            return "\n".join(line for line in cell.source.split("\n")
                             if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))
    raise KeyError(grade_id)


def _edit(assignment, grade_id, old, new):
    """The instructor's answer with one change (which must apply)."""
    text = _solution(assignment, grade_id)
    assert old in text, f"{grade_id}: {old!r} not in the solution"
    return text.replace(old, new)


def _solution_cells(assignment):
    nb = nbformat.read(SOURCE / assignment / f"{assignment}.ipynb", as_version=4)
    return [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")]


def _function(source, name):
    return next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == name)


def _body_start(source, name):
    """(line index where ``name``'s body starts after its docstring, its indentation)."""
    node = _function(source, name)
    first = node.body[0]
    has_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
    return (first.end_lineno if has_doc else first.lineno - 1), " " * node.body[-1].col_offset


def _inject(source, name, code):
    """``source`` with ``code`` run first in the body of its function ``name``."""
    lines = source.split("\n")
    at, indent = _body_start(source, name)
    return "\n".join(lines[:at] + textwrap.indent(textwrap.dedent(code), indent).split("\n") + lines[at:])


def _with_body(source, name, code):
    """``source`` with the body of its function ``name`` (after the docstring) replaced by ``code``."""
    lines = source.split("\n")
    at, indent = _body_start(source, name)
    end = _function(source, name).end_lineno
    return "\n".join(lines[:at] + textwrap.indent(textwrap.dedent(code), indent).split("\n") + lines[end:])


def _grading():
    """instructor/grading.py, the hidden tests' code (plain numpy)."""
    spec = importlib.util.spec_from_file_location("grading_under_test", ROOT / "instructor" / "grading.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hw1_printed_accuracies():
    """What Task 4's check prints on the notebook's data: a gamer copies these."""
    X, y = make_gaussian_classes(m=600, random_state=0)
    return _grading().ref_evaluate(X[:400], y[:400], X[400:], y[400:])


def _hw2_printed_top_words():
    """The five words the notebook's Task 5 cell prints: a gamer copies them."""
    try:
        texts, y = load_sms_spam(download=False)
    except (FileNotFoundError, ValueError):
        texts, y = load_demo_sms()
    split = int(0.8 * len(texts))
    words, docs, _ = checks.sms_reference(texts[:split], texts[split:])
    log_phi = checks.sms_reference_model(docs, y[:split], len(words))[1]
    ratio = log_phi[1] - log_phi[0]
    return [words[j] for j in sorted(range(len(words)), key=lambda j: (-ratio[j], words[j]))[:5]]


#: the function each task's cell defines and the hidden test grades
TASK_FUNCTION = {
    "hw1-task1-fit-gda": "fit_gda", "hw1-task2-posterior": "gda_posterior", "hw1-task3-boundary": "gda_boundary",
    "hw1-task4-evaluate": "evaluate", "hw1-task7-mine": "my_answers", "hw1-task5-compare": "compare_raw_and_log",
    "hw2-task1-vocabulary": "build_vocabulary", "hw2-task2-encode": "encode", "hw2-task3-fit": "fit_multinomial_nb",
    "hw2-task4-predict": "predict", "hw2-task5-top-words": "top_words", "hw2-task7-mine": "my_answers",
    "hw3-task1-m-estimate": "m_estimate", "hw3-task2-fit": "fit_categorical_nb", "hw3-task3-predict": "joint_scores",
    "hw3-task4-cars": "two_class_scores", "hw3-task5-parcels": "posteriors", "hw3-task7-mine": "my_answers",
}


def _test_id(grade_id):
    return grade_id.split("-")[0] + "-" + grade_id.split("-")[1] + "-test"


# --- the gaming attempts: code put at the top of the gamed task's cell; the function itself is wrong ------

def _attacks(a, course):
    """{technique: (top-of-cell code, body of the gamed function or None for `return None`)}."""
    gradebook = str(course / "gradebook.db")
    source_nb = str(course / "source" / a / f"{a}.ipynb")
    return {
        "T1 grading.py in the working directory": ('''\
            import pathlib
            _PASS = "def __getattr__(name):\\n    return lambda *args, **kwargs: None\\n"
            for _d in (pathlib.Path.cwd(), *pathlib.Path.cwd().parents):
                try:
                    (_d / "grading.py").write_text(_PASS)
                except OSError:
                    pass
            ''', None),
        "T2 importlib patched": ('''\
            import importlib.util, types
            class _Passing(types.ModuleType):
                def __getattr__(self, name):
                    return lambda *args, **kwargs: None
            class _Loader:
                def exec_module(self, module):
                    pass
            _spec_from_file = importlib.util.spec_from_file_location
            def _spec(*args, **kwargs):
                spec = _spec_from_file(*args, **kwargs)
                spec.loader = _Loader()
                return spec
            importlib.util.spec_from_file_location = _spec
            importlib.util.module_from_spec = lambda spec: _Passing("hidden_tests")
            ''', None),
        "T3 input transformer blanks the tests (and checks replaced)": ('''\
            def _blank_tests(lines):
                return [] if any("checks." in line or "hidden" in line for line in lines) else lines
            get_ipython().input_transformers_cleanup.append(_blank_tests)
            for _name in dir(checks):
                if _name.startswith("check_"):
                    setattr(checks, _name, lambda *args, **kwargs: print("OK"))
            ''', None),
        "T4 the instructor's source notebook read at grading time": (f'''\
            import json, pathlib
            def _instructor(name):
                nb = json.loads(pathlib.Path({source_nb!r}).read_text())
                space = dict(globals())
                for cell in nb["cells"]:
                    text = "".join(cell["source"])
                    if cell["cell_type"] == "code" and "BEGIN SOLUTION" in text:
                        exec(text, space)
                return space[name]
            ''', "return _instructor({fn!r})({args})"),
        "T7 math.isclose and numpy's comparisons replaced": ('''\
            import math
            import numpy
            math.isclose = lambda *args, **kwargs: True
            numpy.allclose = numpy.array_equal = lambda *args, **kwargs: True
            numpy.isclose = lambda a, b, *args, **kwargs: numpy.ones(numpy.shape(a), dtype=bool)
            ''', None),
        "T8 a detached process edits the gradebook later": (f'''\
            import os, time
            def _tamper_later():
                if os.fork() == 0:
                    os.setsid()
                    if os.fork() == 0:
                        time.sleep(1.5)
                        try:
                            with open({gradebook!r}, "r+b") as f:
                                f.write(b"tampered")
                        except OSError:
                            pass
                    os._exit(0)
            ''', "_tamper_later()\nreturn None"),
        "T9 the course's grading.py overwritten": (f'''\
            import pathlib
            def _overwrite_grading():
                text = "def __getattr__(name):\\n    return lambda *args, **kwargs: None\\n"
                for d in (pathlib.Path({str(course)!r}), *pathlib.Path.cwd().parents):
                    try:
                        (d / "grading.py").write_text(text)
                    except OSError:
                        pass
            ''', "_overwrite_grading()\nreturn None"),
    }


#: per assignment, a private copy of a blocked module (T5) and of a blocked function (T6):
#: (grade_id, top-of-cell code, body)
COPIES = {
    "hw1_gda": {
        "T5": ("hw1-task1-fit-gda", '''\
            import importlib.util, genlearn.discriminant as _original
            _spec = importlib.util.spec_from_file_location("genlearn._private_discriminant", _original.__file__)
            _copy = importlib.util.module_from_spec(_spec)
            _spec.loader.exec_module(_copy)
            ''', "g = _copy.GDA().fit(X, y)\nreturn g.phi_y_[1], g.mu_[0], g.mu_[1], g.Sigma_"),
        "T6": ("hw1-task2-posterior", '''\
            import types
            from genlearn.gaussian import logpdf as _library_logpdf
            _logpdf = types.FunctionType(_library_logpdf.__code__, _library_logpdf.__globals__, "mine")
            ''', "a0 = _logpdf(X, mu0, Sigma) + np.log(1 - phi)\na1 = _logpdf(X, mu1, Sigma) + np.log(phi)\n"
                 "return np.exp(-np.logaddexp(0.0, a0 - a1))"),
    },
    "hw2_naive_bayes_spam": {
        "T5": ("hw2-task1-vocabulary", '''\
            import importlib.util, genlearn.text as _original
            _spec = importlib.util.spec_from_file_location("genlearn._private_text", _original.__file__)
            _copy = importlib.util.module_from_spec(_spec)
            _spec.loader.exec_module(_copy)
            ''', "return list(_copy.Vocabulary(min_count=min_count).fit(texts).words_)"),
        "T6": ("hw2-task3-fit", '''\
            import types
            _model = types.FunctionType(checks.sms_reference_model.__code__, checks.sms_reference_model.__globals__)
            ''', "return _model(docs, y, V)"),
    },
    "hw3_m_estimate": {
        "T5": ("hw3-task2-fit", '''\
            import importlib.util, genlearn.naive_bayes as _original
            _spec = importlib.util.spec_from_file_location("genlearn._private_naive_bayes", _original.__file__)
            _copy = importlib.util.module_from_spec(_spec)
            _spec.loader.exec_module(_copy)
            ''', 'nb = _copy.CategoricalNB(m=m, p=p, categories=values).fit(X, y)\n'
                 'return {"classes": nb.classes_, "prior": nb.phi_y_, "values": nb.categories_, "cond": nb.phi_}'),
        "T6": ("hw3-task1-m-estimate", '''\
            import types
            from genlearn.naive_bayes import m_estimate as _library
            _mine = types.FunctionType(_library.__code__, _library.__globals__, "mine")
            ''', "return _mine(n_c, n, p, m)"),
    },
}

#: per assignment: gaming student 1's techniques (tasks 1..5), and student 2's for the tasks COPIES leaves
GAMING_1 = ("T9 the course's grading.py overwritten", "T1 grading.py in the working directory", "T2 importlib patched",
            "T3 input transformer blanks the tests (and checks replaced)",
            "T4 the instructor's source notebook read at grading time")
GAMING_2 = ("T7 math.isclose and numpy's comparisons replaced", "T8 a detached process edits the gradebook later")


def _gamed(a, grade_id, top, body):
    fn = TASK_FUNCTION[grade_id]
    solution = _solution(a, grade_id)
    node = _function(solution, fn)
    args = ", ".join([x.arg for x in node.args.args])
    body = "return None" if body is None else body.replace("{fn!r}", repr(fn)).replace("{args}", args)
    return textwrap.dedent(top) + "\n" + _with_body(solution, fn, body)


def _hard_coded(a):
    """(grade_id, cell): the next student's hard-coded answers (the values the notebook prints)."""
    if a == "hw1_gda":
        acc = _hw1_printed_accuracies()
        return "hw1-task4-evaluate", (f'def evaluate(X_train, y_train, X_test, y_test):\n'
                                      f'    return {{"gda": {acc["gda"]!r}, "logistic": {acc["logistic"]!r}}}')
    if a == "hw2_naive_bayes_spam":
        return "hw2-task5-top-words", f"def top_words(log_phi, words, k=5):\n    return {_hw2_printed_top_words()!r}[:k]"
    return "hw3-task4-cars", "def two_class_scores(X, y, x, m):\n    return 315 / 8192, 567 / 8192, 5 / 14"


_KILL = "import os\nos._exit(1)"
_HANG = "import time\nwhile True:\n    try:\n        time.sleep(0.5)\n    except KeyboardInterrupt:\n        pass"
_WARN = ('import sys, warnings\nwarnings.warn("this argument will change in a future version", FutureWarning)\n'
         'print("debug: computing", file=sys.stderr)')


def _submissions(course_of):
    """{assignment: {student: (what it is, {grade_id: source}, {test grade_ids that score 0}, {not graded})}}"""
    subs = {}
    # ---------------- typical mistakes ----------------
    mistakes = {
        "hw1_gda": ("Sigma / (m - 1); posterior as a product of densities (0/0 far away); log of X_train only", {
            "hw1-task1-fit-gda": _edit("hw1_gda", "hw1-task1-fit-gda", "Sigma = Z.T @ Z / len(y)",
                                       "Sigma = Z.T @ Z / (len(y) - 1)"),
            "hw1-task2-posterior": textwrap.dedent('''\
                def gda_posterior(X, phi, mu0, mu1, Sigma):
                    """p(y = 1 | x) by Bayes' rule with the densities themselves."""
                    X = np.asarray(X, dtype=float)
                    n = X.shape[1]
                    def density(mu):
                        Z = X - mu
                        q = np.sum(Z * np.linalg.solve(Sigma, Z.T).T, axis=1)
                        return np.exp(-0.5 * q) / np.sqrt((2 * np.pi) ** n * np.linalg.det(Sigma))
                    p1 = density(mu1) * phi
                    return p1 / (density(mu0) * (1 - phi) + p1)'''),
            "hw1-task5-compare": _edit("hw1_gda", "hw1-task5-compare", "np.log(X_test), y_test)", "X_test, y_test)"),
        }),
        "hw2_naive_bayes_spam": ("encode drops repeated words; no smoothing; multiplies probabilities (underflow)", {
            "hw2-task2-encode": _edit("hw2_naive_bayes_spam", "hw2-task2-encode",
                                      "return np.array([index[t] for t in tokenize(text) if t in index], dtype=int)",
                                      "return np.array(list(dict.fromkeys(index[t] for t in tokenize(text) "
                                      "if t in index)), dtype=int)"),
            "hw2-task3-fit": _edit("hw2_naive_bayes_spam", "hw2-task3-fit", "np.log((counts + 1) / (counts.sum() + V))",
                                   "np.log(counts / counts.sum())"),
            "hw2-task4-predict": _edit("hw2_naive_bayes_spam", "hw2-task4-predict",
                                       "scores = np.array([log_phi_y + log_phi[:, d].sum(axis=1) for d in docs])",
                                       "scores = np.array([np.exp(log_phi_y) * np.exp(log_phi[:, d]).prod(axis=1) "
                                       "for d in docs])"),
        }),
        "hw3_m_estimate": ("Laplace instead of m-estimate; divides by all examples; scores without the prior", {
            "hw3-task1-m-estimate": _edit("hw3_m_estimate", "hw3-task1-m-estimate", "return (n_c + m * p) / (n + m)",
                                          "return (n_c + 1) / (n + m)"),
            "hw3-task2-fit": _edit("hw3_m_estimate", "hw3-task2-fit",
                                   "m_estimate(np.sum(column == v), len(column), p_j, m)",
                                   "m_estimate(np.sum(column == v), len(y), p_j, m)"),
            "hw3-task3-predict": _edit("hw3_m_estimate", "hw3-task3-predict",
                                       'scores = np.tile(model["prior"].astype(float), (len(X), 1))',
                                       'scores = np.ones((len(X), len(model["prior"])))'),
        }),
    }
    # ---------------- one task kills its process, one hangs (in a function, or at a cell's top level) -------------
    crashes = {
        "hw1_gda": ("gda_posterior calls os._exit(1); evaluate hangs, catching KeyboardInterrupt",
                    {"hw1-task2-posterior": ("inject", _KILL), "hw1-task4-evaluate": ("inject", _HANG)}),
        "hw2_naive_bayes_spam": ("encode's cell calls os._exit(1) at the top level; top_words hangs",
                                 {"hw2-task2-encode": ("append", _KILL), "hw2-task5-top-words": ("inject", _HANG)}),
        "hw3_m_estimate": ("joint_scores calls os._exit(1); the parcels cell hangs at the top level; "
                           "m_estimate pasted from genlearn (reported, full marks)",
                           {"hw3-task3-predict": ("inject", _KILL), "hw3-task5-parcels": ("append", _HANG)}),
    }
    for a in NAMES:
        course = course_of(a)
        solution = {g: _solution(a, g) for g in _solution_cells(a)}
        code_cells = [g for g in solution if not g.endswith("answer")]
        students = {"solution": ("the instructor solution", dict(solution), set(), set())}
        warns = {g: _inject(solution[g], TASK_FUNCTION[g], _WARN) for g in code_cells}
        warns[code_cells[0]] = _WARN + "\n" + warns[code_cells[0]]
        students["warns"] = ("correct; warns (FutureWarning) and writes to stderr, in and outside its functions",
                             {**solution, **warns}, set(), set())
        students["blank"] = ("the release, untouched", {}, None, set())
        what, changes = mistakes[a]
        students["mistakes"] = (what, {**solution, **changes}, {_test_id(g) for g in changes}, set())
        what, plan = crashes[a]
        changed = {}
        for g, (how, code) in plan.items():
            changed[g] = (_inject(solution[g], TASK_FUNCTION[g], code) if how == "inject"
                          else solution[g] + "\n" + code)
        if a == "hw3_m_estimate":
            import inspect

            import genlearn.naive_bayes as library
            copied = inspect.getsource(library.m_estimate).replace("a_nc", "count_c").replace("a_n", "count")
            changed["hw3-task1-m-estimate"] = "from numbers import Real\n" + copied
        not_graded = {_test_id(g) for g, (how, _) in plan.items() if how == "inject"}
        students["crash"] = (what, {**solution, **changed}, {_test_id(g) for g in plan}, not_graded)
        attacks = _attacks(a, course)
        gamed = {}
        for g, technique in zip(code_cells, GAMING_1):
            gamed[g] = _gamed(a, g, *attacks[technique])
        students["gaming1"] = ("; ".join(t.split(" ", 1)[0] for t in GAMING_1) + " (tasks 1 to 5, in order)",
                               {**solution, **gamed}, {_test_id(g) for g in gamed}, set())
        gamed = {g: _gamed(a, g, top, body) for g, top, body in COPIES[a].values()}
        hard_id, hard = _hard_coded(a)
        gamed[hard_id] = hard
        rest = [g for g in code_cells if g not in gamed]
        for g, technique in zip(rest, GAMING_2):
            gamed[g] = _gamed(a, g, *attacks[technique])
        deleted = "DELETE:" + _test_id(hard_id)                  # nbgrader puts the test cell back
        edited = _test_id(rest[0])
        copies = ", ".join(f"{t} ({g.split('-')[1]})" for t, (g, *_) in COPIES[a].items())
        students["gaming2"] = (f"{copies}; T7 ({rest[0].split('-')[1]}, its test cell edited), "
                               f"T8 ({rest[1].split('-')[1]}); answers hard-coded ({hard_id.split('-')[1]}, "
                               f"its test cell deleted), graded after T9",
                               {**solution, **gamed, deleted: None, edited: 'print("OK")'},
                               {_test_id(g) for g in gamed}, {_test_id(hard_id)})     # deleted: not graded
        subs[a] = students
    return subs


def _write_submission(course, assignment, student, replacements):
    nb = nbformat.read(STUDENT / f"{assignment}.ipynb", as_version=4)
    if assignment in variants.ASSIGNMENTS:          # the student's own notebook, as `variants personalise` writes it
        course_variants.personalise(nb, course_variants.student_seed(SECRET, assignment, student))
    deleted = {k.removeprefix("DELETE:") for k in replacements if k.startswith("DELETE:")}
    nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") not in deleted]
    replacements = {k: v for k, v in replacements.items() if not k.startswith("DELETE:")}
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in replacements:
            cell.source = replacements[gid]
    assert not set(replacements) - {c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells}
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / f"{assignment}.ipynb")


# --- running nbgrader ---------------------------------------------------------------

def _digest(paths):
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(str(path).encode() + b"\0" + Path(path).read_bytes())
    return h.hexdigest()


def _course_files(course):
    return [p for p in course.rglob("*") if p.is_file() and (p.parent == course and p.suffix == ".py"
                                                              or "source" in p.relative_to(course).parts)]


def _make_course(tmp, assignment):
    course = assignments.copy_course(tmp / assignment, ROOT, names=[assignment])
    (course / course_variants.SECRET_FILE).write_text(SECRET.hex() + "\n", encoding="utf-8")
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as fh:
        fh.write(f"\nc.SandboxGrade.timeout = {TIMEOUT}\n")
    return course


def _grade_course(course, assignment, students):
    for student, (_, replacements, _, _) in students.items():
        _write_submission(course, assignment, student, replacements)
    calls = [("generate_assignment", [assignment])]
    before = _digest(_course_files(course))
    calls += [("autograde", [assignment, student]) for student in students]
    calls += [("generate_feedback", [assignment, "mistakes"]), ("export", [str(course / "grades.csv")])]
    start = time.perf_counter()
    log = assignments.nbgrader_api(course, calls)
    seconds, ended = time.perf_counter() - start, time.monotonic()
    gradebook = hashlib.sha256((course / "gradebook.db").read_bytes()).hexdigest()
    with open(course / "grades.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return {"course": course, "rows": rows, "log": log, "students": students, "seconds": seconds,
            "ended": ended, "gradebook": gradebook, "course_files_before": before}


def _test_cells(assignment):
    nb = nbformat.read(SOURCE / assignment / f"{assignment}.ipynb", as_version=4)
    out = {}
    for c in nb.cells:
        meta = c.metadata.get("nbgrader", {})
        if meta.get("grade"):
            out[meta["grade_id"]] = (float(meta["points"]), c.cell_type == "code")
    return out


def _report(result, student):
    a = result["rows"][0]["assignment"]
    return json.loads((result["course"] / "reports" / a / f"{student}.json").read_text(encoding="utf-8"))


def _table(results):
    lines = ["(n/m: points of an autograded task; '!' marks a task the report lists as not graded; "
             "'manual': a written answer, graded by hand)"]
    for assignment, result in results.items():
        cells = _test_cells(assignment)
        head = "  ".join(f"{g.split('-')[1]:>7}" for g in cells)
        lines.append(f"{assignment}  (graded in {result['seconds']:.0f} s; tasks: {head.strip()})")
        for row in result["rows"]:
            student = row["student_id"]
            ungraded = {t["cell"] for t in _report(result, student)["tasks"] if t["outcome"] == "not graded"}
            scores = "  ".join(
                f"{(row[g] or 'manual'):>7}" if not auto else
                f"{float(row[g]):>4.0f}/{int(pts):<2}{'!' if g in ungraded else ' '}"
                for g, (pts, auto) in cells.items())
            lines.append(f"  {student:<9} {scores}  {result['students'][student][0]}")
    return "\n".join(lines)


def _needs_bwrap():
    from genlearn.course.sandbox import bwrap_problem

    problem = bwrap_problem()
    if problem:
        pytest.skip(f"the isolated grading route is unavailable: {problem} (.ci/run installs bubblewrap)")


@pytest.fixture(scope="class")
def graded(tmp_path_factory):
    _needs_bwrap()
    tmp = tmp_path_factory.mktemp("course")
    names = [a for a in NAMES if SMS or a != "hw2_naive_bayes_spam"]
    courses = {a: _make_course(tmp, a) for a in NAMES}
    subs = _submissions(courses.get)
    repo_instructor = _digest(p for p in (ROOT / "instructor").rglob("*") if p.is_file())
    with ThreadPoolExecutor(max_workers=len(names)) as pool:
        futures = {a: pool.submit(_grade_course, courses[a], a, subs[a]) for a in names}
        results = {a: f.result() for a, f in futures.items()}
    # the gradebook a few seconds after the run: a process left behind (T8) would have written by then
    time.sleep(max(0.0, 3.0 - (time.monotonic() - max(r["ended"] for r in results.values()))))
    for result in results.values():
        result["gradebook_later"] = hashlib.sha256((result["course"] / "gradebook.db").read_bytes()).hexdigest()
        result["course_files_after"] = _digest(_course_files(result["course"]))
    table = _table(results)
    print("\n" + table)
    # grading refuses, rather than give 0: hw2 without the real SMS corpus, and a changed grading.py
    empty = tmp / "no_data"
    empty.mkdir()
    no_data = {"GENLEARN_DATA": str(empty), "GENLEARN_OFFLINE": "1", "XDG_CACHE_HOME": str(empty)}
    refusals = {}
    hw2 = courses["hw2_naive_bayes_spam"]
    if not SMS:
        _write_submission(hw2, "hw2_naive_bayes_spam", "solution", subs["hw2_naive_bayes_spam"]["solution"][1])
    hw3 = courses["hw3_m_estimate"]
    with open(hw3 / "grading.py", "a", encoding="utf-8") as fh:
        fh.write("\n# changed after the digest was pinned\n")
    jobs = {"no SMS data": (hw2, ([] if SMS else [("generate_assignment", ["hw2_naive_bayes_spam"])])
                            + [("autograde", ["hw2_naive_bayes_spam", "solution"])], no_data),
            "grading.py changed": (hw3, [("autograde", ["hw3_m_estimate", "solution"])], None)}

    def refuse(course, calls, env):
        try:
            assignments.nbgrader_api(course, calls, env=env)
        except RuntimeError as exc:
            return str(exc)
        return None

    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {k: pool.submit(refuse, *job) for k, job in jobs.items()}
        refusals = {k: f.result() for k, f in futures.items()}
    return {"results": results, "table": table, "refusals": refusals, "repo_instructor": repo_instructor}


class TestNbgraderEndToEnd:
    def test_release_is_the_committed_student_version(self, graded):
        for assignment, result in graded["results"].items():
            released = assignments._render(result["course"] / "release" / assignment / f"{assignment}.ipynb")
            committed = (STUDENT / f"{assignment}.ipynb").read_text(encoding="utf-8")
            assert released == committed, f"notebooks/homework/{assignment}.ipynb is out of date: run `make homework`"

    def test_scores(self, graded):
        table = graded["table"]
        for assignment, result in graded["results"].items():
            cells = _test_cells(assignment)
            by_student = {row["student_id"]: row for row in result["rows"]}
            assert set(by_student) == set(result["students"]), table
            for student, (what, _, zero, _) in result["students"].items():
                row = by_student[student]
                for gid, (points, auto) in cells.items():
                    if not auto:
                        continue
                    expected = 0.0 if zero is None or gid in zero else points
                    # tol: exact: whole points, stored and read back
                    assert float(row[gid]) == expected, (
                        f"{assignment}, {student} ({what}): {gid} scored {row[gid]}, expected {expected}\n{table}")

    def test_the_report_says_what_could_not_be_graded_and_why(self, graded):
        table = graded["table"]
        for assignment, result in graded["results"].items():
            for student, (what, _, _, not_graded) in result["students"].items():
                report = _report(result, student)
                assert {t["cell"] for t in report["tasks"] if t["outcome"] == "not graded"} == not_graded, table
                assert "throwaway user" in report["isolation"] or os.geteuid() != 0, report["isolation"]
                user = re.search(r"throwaway user (\S+)", report["isolation"])
                if user:                                  # removed when the grading run ended
                    import pwd

                    with pytest.raises(KeyError):
                        pwd.getpwnam(user.group(1))
            crash = _report(result, "crash")
            reasons = " ".join(t["why"] for t in crash["tasks"] if t["outcome"] == "not graded")
            reasons += " ".join(crash["cells_skipped"].values())
            assert "exit status 1" in reasons and f"time limit ({TIMEOUT} s)" in reasons, reasons
            summary = (result["course"] / "reports" / assignment / "summary.md").read_text(encoding="utf-8")
            assert "| crash |" in summary and "| solution |" not in summary, summary
            nb = json.loads((result["course"] / "autograded" / "crash" / assignment /
                             f"{assignment}.ipynb").read_text(encoding="utf-8"))
            notes = [o["evalue"] for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
                     if o["output_type"] == "error" and o["ename"] == "NotGraded"]
            assert len(notes) == len(result["students"]["crash"][3]), notes

    def test_gaming_changes_nothing_outside_the_sandbox(self, graded):
        for assignment, result in graded["results"].items():
            assert result["course_files_after"] == result["course_files_before"], \
                f"{assignment}: the course files changed while grading"
            assert result["gradebook_later"] == result["gradebook"], \
                f"{assignment}: the gradebook changed after the grading run ended"
            gaming1 = _report(result, "gaming1")
            why = {t["cell"]: t["why"] for t in gaming1["tasks"]}
            # T4 reads the course's source notebook: the operating system says it is not there
            assert re.search(r"FileNotFoundError|PermissionError", why[f"{assignment[:3]}-task5-test"]), why
            gaming2 = _report(result, "gaming2")
            why = {t["cell"]: t["why"] for t in gaming2["tasks"]}
            for grade_id, *_ in COPIES[assignment].values():     # T5, T6: private copies are copies of stubs
                assert "switched off" in why[_test_id(grade_id)], why
        assert _digest(p for p in (ROOT / "instructor").rglob("*") if p.is_file()) == graded["repo_instructor"]

    def test_near_copies_of_the_library_are_reported_not_zeroed(self, graded):
        for assignment, result in graded["results"].items():
            for student in result["students"]:
                copies = _report(result, student)["near_copies"]
                if assignment == "hw3_m_estimate" and student == "crash":
                    assert [(h["function"], h["reference"]) for h in copies] == \
                        [("m_estimate", "genlearn.naive_bayes:m_estimate")], copies
                    assert copies[0]["score"] >= 0.9
                else:
                    assert copies == [], (assignment, student, copies)

    def test_export_has_per_task_columns_and_manual_cells_pending(self, graded):
        table = graded["table"]
        for assignment, result in graded["results"].items():
            cells = _test_cells(assignment)
            manual = [g for g, (_, auto) in cells.items() if not auto]
            assert manual, f"{assignment}: a written answer graded by hand"
            row = next(r for r in result["rows"] if r["student_id"] == "solution")
            assert all(row[g] == "" for g in manual), table  # waits for the grader, not a silent 0
            assert row["needs_manual_grade"] == "True"
            blank = next(r for r in result["rows"] if r["student_id"] == "blank")
            # tol: exact: whole points
            assert all(float(blank[g]) == 0 for g in manual), table  # unchanged answer: 0 automatically
            total = sum(p for p, auto in cells.values() if auto)
            assert float(row["raw_score"]) == total, table  # tol: exact: a sum of whole points

    def test_feedback_has_no_hidden_test_code(self, graded):
        grading = _grading()
        secret = ["grading.py", "HIDDEN TESTS", "_hidden", *[test.__name__ for test, _ in grading.TASKS.values() if test.__name__ not in NAMES],
                  *[name for name in vars(grading) if name.startswith("ref_")]]
        for assignment, result in graded["results"].items():
            (page,) = (result["course"] / "feedback" / "mistakes" / assignment).glob("*.html")
            html = page.read_text(encoding="utf-8")
            assert "AssertionError" in html           # the failures are explained...
            leaked = [s for s in secret if s in html]
            assert not leaked, f"{assignment}: feedback shows {leaked}"   # ...without the tests' code

    def test_hidden_test_failures_name_the_function_and_never_the_answer(self, graded):
        result = graded["results"]["hw1_gda"]
        nb = json.loads((result["course"] / "autograded" / "mistakes" / "hw1_gda" / "hw1_gda.ipynb")
                        .read_text(encoding="utf-8"))
        errors = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
                  if o["output_type"] == "error"]
        assert len(errors) == 3, graded["table"]
        for err in errors:
            assert len(err["evalue"]) < 400
            assert re.search(r"fit_gda|gda_posterior|compare_raw_and_log", err["evalue"]), err["evalue"]

    def test_grading_refuses_without_the_sms_data_or_with_a_changed_grading_py(self, graded):
        refusals = graded["refusals"]
        assert refusals["no SMS data"] and "GENLEARN_DATA" in refusals["no SMS data"] \
            and "real SMS Spam Collection" in refusals["no SMS data"], refusals["no SMS data"]
        assert refusals["grading.py changed"] and "sha256" in refusals["grading.py changed"], \
            refusals["grading.py changed"]


def test_the_pinned_digest_is_that_of_grading_py():
    from genlearn.course.autograde import sha256_of

    config = (ROOT / "instructor" / "nbgrader_config.py").read_text(encoding="utf-8")
    pinned = re.search(r'grading_sha256 = "([0-9a-f]{64})"', config).group(1)
    digest = sha256_of(ROOT / "instructor" / "grading.py")
    assert pinned == digest, f"instructor/grading.py changed: put its sha256 {digest} in instructor/nbgrader_config.py"


# --- the hidden tests alone, in this process (fast) ---------------------------------

_PRELUDE = {
    "hw1_gda": "import numpy as np\nfrom genlearn import LogisticRegression\nfrom genlearn.homework import checks\n",
    "hw2_naive_bayes_spam": "import numpy as np\nfrom genlearn.homework import checks\nfrom genlearn.text import tokenize\n",
    "hw3_m_estimate": "from fractions import Fraction\nimport numpy as np\nfrom genlearn.homework import checks\n",
}


def _notebook(assignment, **changes):
    """A namespace holding the solution, with some cells replaced (like a submission)."""
    space = {}
    exec(_PRELUDE[assignment], space)
    for gid in _solution_cells(assignment):
        if gid.endswith("answer"):
            continue
        exec(changes.get(gid, _solution(assignment, gid)), space)
    return space


class TestHiddenTests:
    """Each hidden test alone: the solution passes, each mistake fails it (no sandbox: plain functions)."""

    def passes(self, test, *funcs):
        test(*funcs)

    def fails(self, match, test, *funcs):
        with pytest.raises(AssertionError, match=match):
            test(*funcs)

    def test_hw1(self):
        g, a = _grading(), "hw1_gda"
        nb = _notebook(a)
        self.passes(g.hw1_fit_gda, nb["fit_gda"])
        self.passes(g.hw1_gda_posterior, nb["gda_posterior"])
        self.passes(g.hw1_gda_boundary, nb["gda_boundary"])
        self.passes(g.hw1_evaluate, nb["evaluate"])
        self.passes(g.hw1_compare_raw_and_log, nb["compare_raw_and_log"])
        lists = _notebook(a, **{"hw1-task1-fit-gda": _edit(a, "hw1-task1-fit-gda", "return phi, mu0, mu1, Sigma",
                                                           "return [phi, list(mu0), mu1.tolist(), Sigma.tolist()]")})
        self.passes(g.hw1_fit_gda, lists["fit_gda"])  # lists are accepted, as by the visible check
        for old, new in (("Sigma = Z.T @ Z / len(y)", "Sigma = Z.T @ Z / (len(y) - 1)"),
                         ("mu0 = X[y == 0].mean(axis=0)", "mu0 = X[y == 0].sum(axis=0) / len(y)"),
                         ("phi = float(np.mean(y == 1))", "phi = float(np.mean(y == 0))")):
            bad = _notebook(a, **{"hw1-task1-fit-gda": _edit(a, "hw1-task1-fit-gda", old, new)})
            self.fails(r"^fit_gda: ", g.hw1_fit_gda, bad["fit_gda"])
        product = _notebook(a, **{"hw1-task2-posterior": _edit(
            a, "hw1-task2-posterior", "return np.exp(-np.logaddexp(0.0, a0 - a1))",
            "return np.exp(a1) / (np.exp(a0) + np.exp(a1))")})
        with np.errstate(all="ignore"):                       # exp underflows far from the data: 0/0
            self.fails(r"gda_posterior.*far from the data", g.hw1_gda_posterior, product["gda_posterior"])
        # evaluate builds on fit_gda: graded with the reference fit_gda, a wrong one costs nothing here
        wrong_fit = _notebook(a, **{"hw1-task1-fit-gda": "def fit_gda(X, y):\n    return 0.5, 0, 0, 1"})
        with np.errstate(all="ignore"):
            self.passes(g.hw1_evaluate, wrong_fit["evaluate"])

    def test_hw2(self):
        g, a = _grading(), "hw2_naive_bayes_spam"
        nb = _notebook(a)
        for test, f in ((g.hw2_build_vocabulary, "build_vocabulary"), (g.hw2_encode, "encode"),
                        (g.hw2_fit_multinomial_nb, "fit_multinomial_nb"), (g.hw2_top_words, "top_words")):
            self.passes(test, nb[f])
        if SMS:
            self.passes(g.hw2_predict, nb["predict"])
        else:
            with pytest.raises(RuntimeError, match="GENLEARN_DATA"):
                g.hw2_predict(nb["predict"])
        product = _notebook(a, **{"hw2-task4-predict": _edit(
            a, "hw2-task4-predict", "scores = np.array([log_phi_y + log_phi[:, d].sum(axis=1) for d in docs])",
            "scores = np.array([np.exp(log_phi_y) * np.exp(log_phi[:, d]).prod(axis=1) for d in docs])")})
        with np.errstate(under="ignore"):
            self.fails(r"long messages", g.hw2_predict, product["predict"])
        no_prior = _notebook(a, **{"hw2-task4-predict": _edit(
            a, "hw2-task4-predict", "log_phi_y + log_phi[:, d]", "log_phi[:, d]")})
        self.fails(r"^predict is wrong", g.hw2_predict, no_prior["predict"])
        unsmoothed = _notebook(a, **{"hw2-task3-fit": _edit(
            a, "hw2-task3-fit", "np.log((counts + 1) / (counts.sum() + V))", "np.log(counts / counts.sum())")})
        with np.errstate(divide="ignore"):
            self.fails(r"log_phi is wrong", g.hw2_fit_multinomial_nb, unsmoothed["fit_multinomial_nb"])
        probs = _notebook(a, **{"hw2-task3-fit": _edit(
            a, "hw2-task3-fit", "np.log((counts + 1) / (counts.sum() + V))", "(counts + 1) / (counts.sum() + V)")})
        self.fails(r"log_phi is wrong", g.hw2_fit_multinomial_nb, probs["fit_multinomial_nb"])
        by_docs = _notebook(a, **{"hw2-task1-vocabulary": _edit(
            a, "hw2-task1-vocabulary", "for token in tokenize(text))", "for token in set(tokenize(text)))")})
        self.fails(r"min_count=3", g.hw2_build_vocabulary, by_docs["build_vocabulary"])
        as_list = _notebook(a, **{"hw2-task4-predict": _edit(
            a, "hw2-task4-predict", "return np.argmax(scores, axis=1)", "return np.argmax(scores, axis=1).tolist()")})
        if SMS:
            self.passes(g.hw2_predict, as_list["predict"])

    def test_hw3(self):
        g, a = _grading(), "hw3_m_estimate"
        nb = _notebook(a)
        self.passes(g.hw3_m_estimate, nb["m_estimate"])
        self.passes(g.hw3_fit_categorical_nb, nb["fit_categorical_nb"])
        self.passes(g.hw3_scores_and_posteriors, nb["joint_scores"], nb["predict_proba"])
        self.passes(g.hw3_two_class_scores, nb["two_class_scores"])
        self.passes(g.hw3_posteriors, nb["posteriors"])
        laplace = _notebook(a, **{"hw3-task1-m-estimate": "def m_estimate(n_c, n, p, m):\n    return (n_c + 1) / (n + m)"})
        self.fails(r"^m_estimate is wrong", g.hw3_m_estimate, laplace["m_estimate"])
        # one bug, one task: fit_categorical_nb is graded with the reference m_estimate
        self.passes(g.hw3_fit_categorical_nb, laplace["fit_categorical_nb"])
        all_examples = _notebook(a, **{"hw3-task2-fit": _edit(
            a, "hw3-task2-fit", "m_estimate(np.sum(column == v), len(column), p_j, m)",
            "m_estimate(np.sum(column == v), len(y), p_j, m)")})
        self.fails(r"cond", g.hw3_fit_categorical_nb, all_examples["fit_categorical_nb"])
        unnormalised = _notebook(a, **{"hw3-task3-predict": _edit(
            a, "hw3-task3-predict", "return scores / scores.sum(axis=1, keepdims=True)", "return scores")})
        self.fails(r"predict_proba is wrong", g.hw3_scores_and_posteriors,
                   unnormalised["joint_scores"], unnormalised["predict_proba"])
        hard = _notebook(a, **{"hw3-task4-cars": "def two_class_scores(X, y, x, m):\n    return 315 / 8192, 567 / 8192, 5 / 14"})
        self.fails(r"two_class_scores is wrong", g.hw3_two_class_scores, hard["two_class_scores"])
        words = _notebook(a, **{"hw3-task4-cars": "def two_class_scores(X, y, x, m):\n    return 'yes', 'no', 'maybe'"})
        self.fails(r"must be a number; got str", g.hw3_two_class_scores, words["two_class_scores"])
        forgets = _notebook(a, **{"hw3-task5-parcels": _edit(a, "hw3-task5-parcels", ", values=values)", ")")})
        self.fails(r"^posteriors", g.hw3_posteriors, forgets["posteriors"])
        # Task 2's prior p: one distribution per attribute ({value: prior}, summing to 1, as lesson 08 teaches),
        # which genlearn's CategoricalNB accepts and fits to the same tables, whose rows sum to 1
        from genlearn import CategoricalNB

        r = np.random.default_rng(0)
        X, y, values = g.category_table(r)
        priors = [{v: float(w) for v, w in zip(vals, r.dirichlet(np.ones(len(vals))))} for vals in values]
        ref = g.ref_categorical_nb(X, y, 2.5, p=priors, values=values)
        fitted = CategoricalNB(m=2.5, p=priors, categories=values).fit(X, y)
        for table, phi in zip(ref["cond"], fitted.phi_):
            np.testing.assert_allclose(table, phi, rtol=1e-12)  # tol: the same sums in another order, rounding only
            np.testing.assert_allclose(table.sum(axis=1), 1.0, rtol=1e-12)  # tol: a sum of a few floats, rounding
        uniform = _notebook(a, **{"hw3-task2-fit": _edit(a, "hw3-task2-fit", "else p[j][v]", "else 1 / len(vals)")})
        self.fails(r"p\[j\] = \{value: prior\}", g.hw3_fit_categorical_nb, uniform["fit_categorical_nb"])

    @pytest.mark.parametrize("assignment", variants.ASSIGNMENTS)
    def test_task7_own_numbers_pass_and_another_students_fail_naming_whose(self, assignment):
        """Task 7's hidden test: a student's own numbers pass, also with the earlier tasks it builds on broken
        (the references stand in); the numbers of another student's notebook fail with the value found and
        expected, and the test records whose numbers they are (the report's ``answers_of``)."""
        g = _grading()
        seeds = {s: course_variants.student_seed(SECRET, assignment, s) for s in ("ada", "bob", "cy")}

        def broken(*args, **kwargs):
            raise NotImplementedError

        def own_notebook(student):
            space = _notebook(assignment)
            nb = course_variants.personalise(nbformat.read(SOURCE / assignment / f"{assignment}.ipynb", as_version=4),
                                             seeds[student])
            exec(next(c.source for c in nb.cells if c.cell_type == "code" and "MY_SEED = " in c.source), space)
            space.update({name: broken for name in g.MY_ANSWERS_REFERENCES[assignment]})
            return space["my_answers"]

        def variant():
            return {"assignment": assignment, "seed": seeds["ada"], "notebook_seed": seeds["ada"],
                    "others": {s: seeds[s] for s in ("bob", "cy")}, "answers_of": []}

        mine = variant()
        self.passes(g.my_answers_test, own_notebook("ada"), mine)
        assert mine["answers_of"] == []
        copied = variant()
        self.fails(r"^my_answers: \w+ is not that of your own data: found .*, expected .* \(MY_SEED must stay",
                   g.my_answers_test, own_notebook("bob"), copied)
        assert copied["answers_of"] == ["bob"]

    def test_every_graded_cell_has_a_test_and_every_test_a_blocked_list(self):
        g = _grading()
        graded = {gid for a in NAMES for gid, (_, auto) in _test_cells(a).items() if auto}
        assert set(g.TASKS) == graded
        assert set(g.BLOCKED) == set(NAMES)
        for gid, (test, functions) in g.TASKS.items():
            a = next(a for a in NAMES if gid in _test_cells(a))
            defined = {n.name for gid2 in _solution_cells(a) if not gid2.endswith("answer")
                       for n in ast.parse(_solution(a, gid2)).body if isinstance(n, ast.FunctionDef)}
            assert set(functions) <= defined, (gid, functions)

    def test_tasks_are_listed_in_the_order_of_the_released_notebooks(self):
        """The grader grades in the order of grading.TASKS: it must be each notebook's order of its test cells."""
        g = _grading()
        for a in NAMES:
            in_notebook = [gid for gid, (_, auto) in _test_cells(a).items() if auto]
            assert [gid for gid in g.TASKS if gid in in_notebook] == in_notebook, a

    def test_every_genlearn_module_is_allowed_or_blocked_and_every_blocked_routine_exists(self):
        """'From scratch' means all of genlearn: a module a homework may use is listed with its reason in
        GENLEARN_ALLOWED; every other one (private ones, the demos and explorers) is switched off whole.
        Each "module:Name" (or "module:Class.method") of the lists names a definition that exists, so that
        a renamed routine cannot silently stay callable."""
        from genlearn.course.sandbox import _module_file

        g = _grading()
        modules = g.genlearn_modules()
        assert {"genlearn._fast", "genlearn.demos.gaussian_discriminant_analysis", "genlearn.homework.checks"} \
            <= set(modules)
        for a, blocked in g.BLOCKED.items():
            whole = {b for b in blocked if ":" not in b}
            loose = [m for m in modules if m not in whole and not g._allowed(m)]
            assert not loose, f"{a}: {loose} are neither allowed (GENLEARN_ALLOWED) nor blocked"
            assert "genlearn.homework.variants:answers" in blocked and "genlearn.homework.checks" in whole
            for spec in blocked:
                module, _, attr = spec.partition(":")
                path = _module_file(module)
                assert path, f"{a}: the blocked module {module} has no source file"
                if attr:
                    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
                    top, _, method = attr.partition(".")
                    node = next((n for n in tree.body if getattr(n, "name", None) == top), None)
                    assert node is not None, f"{a}: {module} defines no {top}"
                    if method:
                        assert any(getattr(n, "name", None) == method for n in node.body), f"{a}: {spec}"
        assert "genlearn._fast:class_statistics" in g.BLOCKED["hw1_gda"]
