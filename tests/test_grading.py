"""The homework graded for real by nbgrader, as an instructor would.

Oracle: the points nbgrader writes to its gradebook (read back through
``nbgrader export`` with the course's per-task plugin), for simulated
submissions whose right score is known by construction:

* the instructor solution scores every autograded point;
* the untouched release scores 0, and the grader does not crash;
* a submission with three typical mistakes, each in a different task, loses
  exactly those three tasks: the tasks built on top of them keep their points;
* a submission with three gaming attempts (replaced check functions with
  hard-coded answers, values printed by the notebook or given by the task text,
  delegating to genlearn's own implementation) scores 0 on each gamed task and
  full marks on the others.

Each assignment has its own copy of the course directory (nbgrader's sqlite
gradebook is not shared between processes), graded in parallel, in one class
so that pytest-xdist's loadscope keeps the work on one worker. The score table
is printed (``pytest -s``) and written into every assertion message.
"""
import csv
import importlib.util
import json
import re
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import numpy as np
import pytest

from genlearn.homework import checks
from genlearn.course import assignments
from genlearn.datasets import load_demo_sms, load_sms_spam, make_gaussian_classes

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "instructor" / "source"
STUDENT = ROOT / "notebooks" / "homework"
NAMES = assignments.ASSIGNMENTS


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


def _submissions():
    """{assignment: {student: (what it is, {solution grade_id: source}, {test grade_ids that must score 0})}}"""
    subs = {}
    # ---------------- homework 1 ----------------
    a = "hw1_gda"
    acc = _hw1_printed_accuracies()
    subs[a] = {
        "mistakes": ("Sigma / (m - 1); posterior as a product of densities (0/0 far away); log of X_train only", {
            "hw1-task1-fit-gda": _edit(a, "hw1-task1-fit-gda", "Sigma = Z.T @ Z / len(y)", "Sigma = Z.T @ Z / (len(y) - 1)"),
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
            "hw1-task5-compare": _edit(a, "hw1-task5-compare", "np.log(X_test), y_test)", "X_test, y_test)"),
        }, {"hw1-task1-test", "hw1-task2-test", "hw1-task5-test"}),
        "gaming": ("checks replaced + constant fit_gda; gda_posterior via genlearn.gaussian; evaluate returns printed accuracies; test cell 5 deleted", {
            "hw1-task1-fit-gda": textwrap.dedent('''\
                checks.check_gda_mle = lambda *args, **kwargs: print("OK: phi, mu0, mu1 and Sigma ...")
                def fit_gda(X, y):
                    return 0.35, np.array([0.0, 0.0]), np.array([1.0, 1.0]), np.eye(2)'''),
            "hw1-task2-posterior": textwrap.dedent('''\
                from genlearn.gaussian import logpdf
                def gda_posterior(X, phi, mu0, mu1, Sigma):
                    a0 = logpdf(X, mu0, Sigma) + np.log(1 - phi)
                    a1 = logpdf(X, mu1, Sigma) + np.log(phi)
                    return np.exp(-np.logaddexp(0.0, a0 - a1))'''),
            "hw1-task4-evaluate": textwrap.dedent(f'''\
                def evaluate(X_train, y_train, X_test, y_test):
                    return {{"gda": {acc["gda"]!r}, "logistic": {acc["logistic"]!r}}}'''),
            "DELETE:hw1-task5-test": None,     # put back by nbgrader, and graded (the answer is right)
        }, {"hw1-task1-test", "hw1-task2-test", "hw1-task4-test"}),
    }
    # ---------------- homework 2 ----------------
    a = "hw2_naive_bayes_spam"
    top = _hw2_printed_top_words()
    subs[a] = {
        "mistakes": ("encode drops repeated words; no smoothing; multiplies probabilities (underflow)", {
            "hw2-task2-encode": _edit(a, "hw2-task2-encode",
                                      "return np.array([index[t] for t in tokenize(text) if t in index], dtype=int)",
                                      "return np.array(list(dict.fromkeys(index[t] for t in tokenize(text) if t in index)), dtype=int)"),
            "hw2-task3-fit": _edit(a, "hw2-task3-fit", "np.log((counts + 1) / (counts.sum() + V))",
                                   "np.log(counts / counts.sum())"),
            "hw2-task4-predict": _edit(a, "hw2-task4-predict",
                                       "scores = np.array([log_phi_y + log_phi[:, d].sum(axis=1) for d in docs])",
                                       "scores = np.array([np.exp(log_phi_y) * np.exp(log_phi[:, d]).prod(axis=1) for d in docs])"),
        }, {"hw2-task2-test", "hw2-task3-test", "hw2-task4-test"}),
        "gaming": ("vocabulary via genlearn.text.Vocabulary; fit via checks.sms_reference_model + its test cell edited; checks replaced + printed top words", {
            "hw2-task1-vocabulary": textwrap.dedent('''\
                from genlearn.text import Vocabulary
                def build_vocabulary(texts, min_count=1):
                    return list(Vocabulary(min_count=min_count).fit(texts).words_)'''),
            "hw2-task3-fit": textwrap.dedent('''\
                def fit_multinomial_nb(docs, y, V):
                    return checks.sms_reference_model(docs, y, V)'''),
            "hw2-task3-test": 'print("OK")',  # a locked test cell, edited: nbgrader restores it
            "hw2-task5-top-words": textwrap.dedent(f'''\
                checks.check_top_words = lambda *args, **kwargs: print("OK")
                def top_words(log_phi, words, k=5):
                    return {top!r}[:k]'''),
        }, {"hw2-task1-test", "hw2-task3-test", "hw2-task5-test"}),
    }
    # ---------------- homework 3 ----------------
    a = "hw3_m_estimate"
    subs[a] = {
        "mistakes": ("Laplace instead of m-estimate; divides by all examples; scores without the prior", {
            "hw3-task1-m-estimate": _edit(a, "hw3-task1-m-estimate", "return (n_c + m * p) / (n + m)",
                                          "return (n_c + 1) / (n + m)"),
            "hw3-task2-fit": _edit(a, "hw3-task2-fit", "m_estimate(np.sum(column == v), len(column), p_j, m)",
                                   "m_estimate(np.sum(column == v), len(y), p_j, m)"),
            "hw3-task3-predict": _edit(a, "hw3-task3-predict",
                                       'scores = np.tile(model["prior"].astype(float), (len(X), 1))',
                                       'scores = np.ones((len(X), len(model["prior"])))'),
        }, {"hw3-task1-test", "hw3-task2-test", "hw3-task3-test"}),
        "gaming": ("m_estimate via genlearn; checks replaced + CategoricalNB; the task text's 315/8192...; np.allclose replaced", {
            "hw3-task1-m-estimate": textwrap.dedent('''\
                def m_estimate(n_c, n, p, m):
                    from genlearn.naive_bayes import m_estimate as library_m_estimate
                    return library_m_estimate(n_c, n, p, m)'''),
            "hw3-task2-fit": textwrap.dedent('''\
                from genlearn import CategoricalNB
                checks.check_categorical_nb = lambda *args, **kwargs: print("OK")
                def fit_categorical_nb(X, y, m, p=None, values=None):
                    nb = CategoricalNB(m=m, p=p, categories=values).fit(X, y)
                    return {"classes": nb.classes_, "prior": nb.phi_y_, "values": nb.categories_, "cond": nb.phi_}'''),
            "hw3-task4-cars": textwrap.dedent('''\
                def two_class_scores(X, y, x, m):
                    return 315 / 8192, 567 / 8192, 5 / 14'''),
            "hw3-task5-parcels": textwrap.dedent('''\
                np.allclose = lambda *args, **kwargs: True      # every comparison passes...
                def posteriors(X, y, values, queries, m):
                    return np.full((len(queries), 2), 0.5)'''),
        }, {"hw3-task1-test", "hw3-task2-test", "hw3-task4-test", "hw3-task5-test"}),
    }
    for a, students in subs.items():
        solution = {g: _solution(a, g) for g in _solution_cells(a)}
        for student, (what, changes, zero) in students.items():  # the other tasks are right
            students[student] = (what, {**solution, **changes}, zero)
        students["solution"] = ("the instructor solution", solution, set())
        students["blank"] = ("the release, untouched", {}, None)  # None: every test cell 0
    if not SMS:
        # without the real corpus, grading hw2 must refuse (every task 0, see the no-data test):
        # the full matrix needs GENLEARN_DATA (conftest.py finds ../shared/data/sms_spam)
        subs["hw2_naive_bayes_spam"] = {s: (w + " [no SMS data: refused]", r, None)
                                        for s, (w, r, _) in subs["hw2_naive_bayes_spam"].items()}
    return subs


def _write_submission(course, assignment, student, replacements):
    nb = nbformat.read(STUDENT / f"{assignment}.ipynb", as_version=4)
    deleted = {k.removeprefix("DELETE:") for k in replacements if k.startswith("DELETE:")}
    nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") not in deleted]
    replacements = {k: v for k, v in replacements.items() if not k.startswith("DELETE:")}
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in replacements:
            cell.source = replacements[gid]
    # the gamers' solutions (and the solution) replace solution cells of this same release
    assert not set(replacements) - {c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells}
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / f"{assignment}.ipynb")


# --- running nbgrader ---------------------------------------------------------------

def _grade_course(tmp, assignment, students, env=None, tag=""):
    course = assignments.copy_course(tmp / f"{assignment}{tag}", ROOT, names=[assignment])
    for student, (_, replacements, _) in students.items():
        _write_submission(course, assignment, student, replacements)
    calls = [("generate_assignment", [assignment])]
    calls += [("autograde", [assignment, student]) for student in students]
    calls += [("export", [str(course / "grades.csv")])]
    log = assignments.nbgrader_api(course, calls, env=env)
    with open(course / "grades.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return course, rows, log


def _test_cells(assignment):
    nb = nbformat.read(SOURCE / assignment / f"{assignment}.ipynb", as_version=4)
    out = {}
    for c in nb.cells:
        meta = c.metadata.get("nbgrader", {})
        if meta.get("grade"):
            out[meta["grade_id"]] = (float(meta["points"]), c.cell_type == "code")
    return out


def _table(results):
    lines = []
    for assignment, (course, rows, _, students) in results.items():
        cells = _test_cells(assignment)
        head = "  ".join(f"{g.split('-')[1]:>7}" for g in cells)
        lines.append(f"{assignment}  (autograded / manual tasks: {head.strip()})")
        for row in rows:
            what = students[row["student_id"]][0]
            scores = "  ".join(f"{(row[g] or 'manual'):>7}" if not auto else f"{float(row[g]):>4.0f}/{int(pts):<2}"
                               for g, (pts, auto) in cells.items())
            lines.append(f"  {row['student_id']:<9} {scores}   {what}")
    return "\n".join(lines)


@pytest.fixture(scope="class")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("course")
    subs = _submissions()
    jobs = {a: (tmp, a, subs[a]) for a in NAMES}
    # hw2 once more, without the SMS data: grading must refuse the invented corpus
    empty = tmp / "no_data"
    empty.mkdir()
    no_data_env = {"GENLEARN_DATA": str(empty), "GENLEARN_OFFLINE": "1", "XDG_CACHE_HOME": str(empty)}
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {a: pool.submit(_grade_course, *args) for a, args in jobs.items()}
        no_data = pool.submit(_grade_course, tmp, "hw2_naive_bayes_spam",
                              {"solution": subs["hw2_naive_bayes_spam"]["solution"]}, no_data_env, "_no_data")
        results = {a: (*f.result(), subs[a]) for a, f in futures.items()}
        results_no_data = no_data.result()
    table = _table(results)
    print("\n" + table)
    return results, results_no_data, table


class TestNbgraderEndToEnd:
    def test_release_is_the_committed_student_version(self, graded):
        results, _, table = graded
        for assignment, (course, *_rest) in results.items():
            released = assignments._render(course / "release" / assignment / f"{assignment}.ipynb")
            committed = (STUDENT / f"{assignment}.ipynb").read_text(encoding="utf-8")
            assert released == committed, f"notebooks/homework/{assignment}.ipynb is out of date: run `make homework`"

    def test_scores(self, graded):
        results, _, table = graded
        for assignment, (course, rows, log, students) in results.items():
            cells = _test_cells(assignment)
            by_student = {row["student_id"]: row for row in rows}
            assert set(by_student) == set(students), table
            for student, (what, _, zero) in students.items():
                row = by_student[student]
                for gid, (points, auto) in cells.items():
                    if not auto:
                        continue
                    expected = 0.0 if zero is None or gid in zero else points
                    assert float(row[gid]) == expected, (
                        f"{assignment}, {student} ({what}): {gid} scored {row[gid]}, expected {expected}\n{table}")

    def test_export_has_per_task_columns_and_manual_cells_pending(self, graded):
        results, _, table = graded
        for assignment, (course, rows, log, students) in results.items():
            if assignment == "hw2_naive_bayes_spam" and not SMS:
                continue  # graded without its data: refused, every task 0 (test_scores)
            cells = _test_cells(assignment)
            manual = [g for g, (_, auto) in cells.items() if not auto]
            assert manual, f"{assignment}: a written answer graded by hand"
            row = next(r for r in rows if r["student_id"] == "solution")
            assert all(row[g] == "" for g in manual), table  # waits for the grader, not a silent 0
            assert row["needs_manual_grade"] == "True"
            blank = next(r for r in rows if r["student_id"] == "blank")
            assert all(float(blank[g]) == 0 for g in manual), table  # unchanged answer: 0 automatically
            total = sum(p for p, auto in cells.values() if auto)
            assert float(row["raw_score"]) == total, table

    def test_hw2_refuses_the_invented_corpus_when_graded(self, graded):
        _, (course, rows, log), table = graded
        (row,) = rows
        assert float(row["raw_score"]) == 0
        nb = json.loads((course / "autograded" / "solution" / "hw2_naive_bayes_spam" /
                         "hw2_naive_bayes_spam.ipynb").read_text(encoding="utf-8"))
        errors = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
                  if o["output_type"] == "error"]
        assert errors and "GENLEARN_DATA" in errors[0]["evalue"] and "real SMS Spam Collection" in errors[0]["evalue"]

    def test_hidden_test_failures_name_the_function_and_never_the_answer(self, graded):
        results, _, table = graded
        course, rows, log, students = results["hw1_gda"]
        nb = json.loads((course / "autograded" / "mistakes" / "hw1_gda" / "hw1_gda.ipynb").read_text(encoding="utf-8"))
        errors = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
                  if o["output_type"] == "error"]
        assert len(errors) == 3, table
        for err in errors:
            assert len(err["evalue"]) < 400
            assert re.search(r"fit_gda|gda_posterior|compare_raw_and_log", err["evalue"]), err["evalue"]


# --- the hidden tests alone, in this process (fast) ---------------------------------

_PRELUDE = {
    "hw1_gda": "import numpy as np\nfrom genlearn import LogisticRegression\nfrom genlearn.homework import checks\n",
    "hw2_naive_bayes_spam": "import numpy as np\nfrom genlearn.homework import checks\nfrom genlearn.text import tokenize\n",
    "hw3_m_estimate": "from fractions import Fraction\nimport numpy as np\nfrom genlearn.homework import checks\n",
}


def _notebook(assignment, **changes):
    """A kernel namespace holding the solution, with some cells replaced (like a submission)."""
    space = {}
    exec(_PRELUDE[assignment], space)
    for gid in _solution_cells(assignment):
        if _solution(assignment, gid).lstrip().startswith("### BEGIN") or gid.endswith("answer"):
            continue
        exec(changes.get(gid, _solution(assignment, gid)), space)
    return space


class TestHiddenTests:
    """Each hidden test alone: the solution passes, each mistake and gaming attempt fails it."""

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
        self.fails(r"gda_posterior.*far from the data", g.hw1_gda_posterior, product["gda_posterior"])
        from genlearn import GDA
        delegate = _notebook(a, **{"hw1-task1-fit-gda": (
            "from genlearn import GDA\n"
            "def fit_gda(X, y):\n    g = GDA().fit(X, y)\n    return g.phi_y_[1], g.mu_[0], g.mu_[1], g.Sigma_")})
        self.fails(r"switched off", g.hw1_fit_gda, delegate["fit_gda"])
        assert GDA().fit(np.array([[0.0], [1.0], [2.0], [3.0]]), [0, 0, 1, 1]).mu_.shape == (2, 1)  # restored
        sklearn_lda = _notebook(a, **{"hw1-task1-fit-gda": (
            "def fit_gda(X, y):\n"
            "    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis\n"
            "    m = LinearDiscriminantAnalysis(store_covariance=True).fit(X, y)\n"
            "    return float(np.mean(y)), m.means_[0], m.means_[1], m.covariance_")})
        self.fails(r"switched off", g.hw1_fit_gda, sklearn_lda["fit_gda"])

    def test_hw2(self):
        g, a = _grading(), "hw2_naive_bayes_spam"
        nb = _notebook(a)
        for test, f in ((g.hw2_build_vocabulary, "build_vocabulary"), (g.hw2_encode, "encode"),
                        (g.hw2_fit_multinomial_nb, "fit_multinomial_nb"), (g.hw2_predict, "predict"),
                        (g.hw2_top_words, "top_words")):
            self.passes(test, nb[f])
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
        self.passes(g.hw2_predict, as_list["predict"])
        delegate = _notebook(a, **{"hw2-task3-fit": (
            "from genlearn import MultinomialNB\n"
            "def fit_multinomial_nb(docs, y, V):\n"
            "    import scipy.sparse as sp\n"
            "    rows = np.repeat(np.arange(len(docs)), [len(d) for d in docs])\n"
            "    X = sp.csr_matrix((np.ones(len(rows)), (rows, np.concatenate(docs))), shape=(len(docs), V))\n"
            "    m = MultinomialNB().fit(X, y)\n"
            "    return m.class_log_prior_, m.feature_log_prob_")})
        self.fails(r"switched off", g.hw2_fit_multinomial_nb, delegate["fit_multinomial_nb"])

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
        forgets = _notebook(a, **{"hw3-task5-parcels": _edit(a, "hw3-task5-parcels", ", values=values)", ")")})
        self.fails(r"^posteriors", g.hw3_posteriors, forgets["posteriors"])
        delegate = _notebook(a, **{"hw3-task1-m-estimate": (
            "from genlearn.naive_bayes import m_estimate as _library\n"
            "def m_estimate(n_c, n, p, m):\n    return _library(n_c, n, p, m)")})
        self.fails(r"switched off", g.hw3_m_estimate, delegate["m_estimate"])

    def test_a_kernel_with_a_replaced_numpy_function_is_not_graded(self):
        original = np.allclose
        try:
            np.allclose = lambda *args, **kwargs: True
            with pytest.raises(AssertionError, match=r"replaced numpy\.allclose"):
                _grading()
        finally:
            np.allclose = original
        _grading()
