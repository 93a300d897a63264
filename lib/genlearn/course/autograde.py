"""nbgrader's autograding with the student's code kept out of the grader: :class:`SandboxGrade`.

nbgrader's own ``Execute`` step runs a submission and its hidden tests in one
kernel, as the grader's user, inside the course folder: the submission can
rewrite the tests, read the solutions and edit the gradebook. The course's
``nbgrader_config.py`` puts :class:`SandboxGrade` in its place::

    c.Autograde.autograde_preprocessors = [SandboxGrade, IgnorePattern, ..., SaveAutoGrades, ...]

Everything else is nbgrader's: ``generate_assignment``, the restoring of
locked and deleted cells, the gradebook, ``export``, ``generate_feedback``.
For one submitted notebook, :class:`SandboxGrade`

1. loads the hidden tests from ``grading_file``, a path fixed by the course
   configuration, after checking the file's sha256 against ``grading_sha256``
   (:func:`load_grading`; never from the student's folder);
2. starts a :class:`~genlearn.course.sandbox.Sandbox` (bubblewrap, a throwaway
   user, limits; see that module) and runs the notebook's code cells there,
   except the graded ones, in order;
3. for each graded code cell, in the order of ``grading.TASKS`` (the released
   notebook's, whatever the submission's order), runs its test here, with
   the student's functions as :class:`RemoteFunction`\\ s: each call runs in a
   fork of the sandbox and brings back plain data. The reference functions a
   test puts in place of the student's earlier ones stay here: the fork gets
   stubs that forward their calls (:meth:`Sandbox.call
   <genlearn.course.sandbox.Sandbox.call>`). A test cell pasted twice or
   deleted (:class:`DuplicateCells`) leaves that task not graded. A test that passes leaves
   the cell an ``OK`` line, a failure an error output with the test's message
   (so nbgrader scores the cell 0). If a call kills the sandbox or runs past
   the time limit, only that task scores 0: the sandbox is started again, the
   cells run again (without a cell that killed it), and grading goes on;
4. writes a report for the instructor (:func:`write_report`): per task,
   passed, failed (why) or **not graded** (why: the process died, the time or
   a resource limit ran out), the cells that raised or had to be skipped, and
   functions that are near copies of genlearn's or scikit-learn's
   implementations (:mod:`genlearn.course.similarity`; reported, not scored).

A grader-side problem (the hidden tests' file changed, bubblewrap missing, the
SMS data missing for homework 2) raises: nbgrader then reports the submission
as not autograded, instead of giving its student 0.
"""
import contextlib
import datetime
import hashlib
import json
import linecache
import os
import re
import time
import types
from pathlib import Path

from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Enum, Float, Int, List, Unicode

from .sandbox import BLOCK_MESSAGE, Aborted, Sandbox, StudentRaised
from .similarity import library_runs, near_copies
from .variants import read_secret, seed_of_notebook_source, student_seed

__all__ = ["SandboxGrade", "DuplicateCells", "RemoteFunction", "NotebookSession", "load_grading", "sha256_of",
           "write_report"]

#: the metadata key DuplicateCells leaves on a graded cell the submission holds more than once (how many times)
COPIES_KEY = "genlearn_copies"


def sha256_of(path):
    """The sha256 (hex) of a file, as ``nbgrader_config.py`` pins it for ``grading.py``."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def load_grading(path, sha256):
    """The hidden tests' module, from ``path`` whose bytes must have the sha256 ``sha256``.

    The bytes that were checked are the bytes that run (read once). A
    mismatch raises ValueError naming both digests: the file was changed, by
    the instructor (then pin the new digest) or by someone else.
    """
    path = os.path.abspath(path)
    data = Path(path).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        raise ValueError(f"{path} has sha256 {digest}, not the {sha256 or '(none)'} that nbgrader_config.py pins "
                         "(c.SandboxGrade.grading_sha256): refusing to grade with it. If you changed it yourself, "
                         "put the new digest in nbgrader_config.py.")
    source = data.decode("utf-8")
    # tracebacks of the grader's own errors read the checked text
    linecache.cache[path] = (len(source), None, source.splitlines(True), path)
    module = types.ModuleType("genlearn_hidden_tests")
    module.__file__ = path
    exec(compile(source, path, "exec"), module.__dict__)
    return module


class NotebookSession:
    """A sandbox running one notebook's cells, started again (cells replayed) after an abort.

    ``cells`` is a list of (label, source, editable). Cells that killed the
    sandbox or ran past the time limit are skipped when it starts again.
    """

    #: the most times one notebook's sandbox is started
    MAX_STARTS = 8

    def __init__(self, cells, sandbox):
        self.cells, self.sandbox = list(cells), sandbox
        self.skipped = {}          # label: why the cell is not run
        self.errors = {}           # label: "ExcName: message" of a cell that raised
        self.starts = 0
        self.seconds = 0.0

    def _start(self):
        while True:
            if self.starts >= self.MAX_STARTS:
                raise Aborted(f"the notebook's code killed its process {self.starts} times; "
                              "grading gave up on this notebook")
            self.starts += 1
            self.sandbox.start()
            for label, source, _ in self.cells:
                if label in self.skipped:
                    continue
                try:
                    result = self.sandbox.run_cell(source)
                except Aborted as exc:
                    self.skipped[label] = exc.reason
                    break
                if result["error"]:
                    self.errors[label] = f"{result['error']['ename']}: {result['error']['evalue']}"
            else:
                return

    def call(self, function, args, kwargs, references):
        start = time.perf_counter()
        try:
            if not self.sandbox.alive:
                self._start()
            return self.sandbox.call(function, args, kwargs, references)
        finally:
            self.seconds += time.perf_counter() - start

    def close(self):
        self.sandbox.remove()


class RemoteFunction:
    """A student's function, called in the sandbox; arguments and result travel as data."""

    def __init__(self, session, name):
        self.__name__ = name
        self._session = session
        self._references = {}

    def __call__(self, *args, **kwargs):
        try:
            return self._session.call(self.__name__, args, kwargs, self._references)
        except KeyError:
            exc = StudentRaised("NameError", f"{self.__name__} is not defined")
            exc.grading_message = (f"{self.__name__} is not defined: its cell did not run without errors "
                                   "(or the function was renamed).")
            raise exc from None

    @contextlib.contextmanager
    def substituting(self, replacements):
        """While the block runs, the names in ``replacements`` refer to those reference functions.

        The references stay in the grader: in the sandbox each name is bound,
        for one call, to a stub that forwards its arguments here
        (:meth:`genlearn.course.sandbox.Sandbox.call`).
        """
        self._references = dict(replacements)
        try:
            yield
        finally:
            self._references = {}


def _locked_setup(cell):
    meta = cell.metadata.get("nbgrader", {})
    return meta.get("locked") and not meta.get("grade") and not meta.get("solution")


def _imports(cells):
    """The top-level import statements of the (instructor's, locked) set-up cells, as source."""
    import ast

    lines = []
    for cell in cells:
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        lines += [ast.unparse(node) for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    return "\n".join(lines)


def _cell_label(cell, index):
    return cell.metadata.get("nbgrader", {}).get("grade_id") or f"cell {index + 1}"


class DuplicateCells(NbGraderPreprocessor):
    """nbgrader's sanitising step for a graded cell pasted more than once (the same ``grade_id``).

    nbgrader's own ``DeduplicateIds`` empties the metadata of the earlier
    copies, on which its ``OverwriteCells`` then fails, and the whole
    submission goes ungraded. Put this step before it
    (``c.Autograde.sanitize_preprocessors``): the first copy keeps its
    metadata and the number of copies (``metadata.genlearn_copies``), the
    others lose their nbgrader metadata and become plain cells. The grader then
    scores that one task NOT GRADED, saying why, and grades the rest.
    """

    def preprocess(self, nb, resources):
        first, counts = {}, {}
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            gid = meta.get("grade_id") if meta.get("grade") else None
            if gid is None:
                continue
            counts[gid] = counts.get(gid, 0) + 1
            if gid in first:
                del cell.metadata["nbgrader"]
                self.log.warning("graded cell %s appears more than once: graded as not gradable", gid)
            else:
                first[gid] = cell
        for gid, n in counts.items():
            if n > 1:
                first[gid].metadata[COPIES_KEY] = n
        return nb, resources


#: the start nbgrader gives a graded code cell it put back (``OverwriteCells.add_missing_cells``)
_PUT_BACK = re.compile(r"^# This cell \(id:[^)]*\) was missing from the submission")


def _damaged(cell, label):
    """Why a graded cell cannot be graded (pasted more than once, or deleted and put back), or ''."""
    copies = cell.metadata.get(COPIES_KEY, 1)
    if copies > 1:
        return (f"the test cell {label} appears {copies} times in the submission (it was pasted more than once); "
                "the notebook's own cell cannot be told from its copies")
    if cell.cell_type == "code" and _PUT_BACK.match(cell.source):
        return f"the test cell {label} was deleted from the submission (nbgrader put it back)"
    return ""


class SandboxGrade(NbGraderPreprocessor):
    """nbgrader's autograde step, with the student's code in a sandbox and the tests outside it."""

    grading_file = Unicode("", help="Path of the hidden tests' module (grading.py).").tag(config=True)
    grading_sha256 = Unicode("", help="sha256 (hex) that grading_file must have.").tag(config=True)
    isolation = Enum(["bwrap", "process"], "bwrap",
                     help="'bwrap': bubblewrap (and a throwaway user when run as root); 'process': no "
                          "isolation").tag(config=True)
    timeout = Float(120.0, help="Wall-clock seconds allowed to one cell or one call.").tag(config=True)
    cpu_seconds = Int(600, help="CPU-time limit of each sandbox process.").tag(config=True)
    memory_bytes = Int(4 * 2**30, help="Address-space limit of each sandbox process.").tag(config=True)
    max_processes = Int(64, help="Processes the throwaway user may have.").tag(config=True)
    report_dir = Unicode("", help="Folder of the instructor's reports (default: <course>/reports).").tag(config=True)
    similarity_threshold = Float(0.6, help="Fraction of shared token runs from which a function is reported "
                                           "as a near copy of a library function.").tag(config=True)
    hide = List(Unicode(), help="Folders the sandbox must not show (the course folder is always "
                                "added).").tag(config=True)
    lesson_url = Unicode("../../../../notebooks/{notebook}#{anchor}",
                         help="Link of a lesson section in the feedback ({notebook}, {anchor}: grading.LESSONS); "
                              "the default is relative to nbgrader's feedback/<student>/<assignment>/ "
                              "in instructor/ of the checkout").tag(config=True)

    warm_imports = List(Unicode(), ["IPython.core.interactiveshell", "genlearn.logistic", "genlearn.datasets",
                                    "genlearn.text"],
                        help="Modules imported once by the grader before the first sandbox starts, so that their "
                             "bytecode is cached (the sandbox cannot write it)").tag(config=True)

    def _course_root(self):
        root = self.config.get("CourseDirectory", {}).get("root")
        return os.path.abspath(root or os.getcwd())

    def preprocess(self, nb, resources):
        if not self.grading_file:
            raise ValueError("c.SandboxGrade.grading_file is not set: name the hidden tests' grading.py "
                             "in nbgrader_config.py")
        grading = load_grading(self.grading_file, self.grading_sha256)
        _warm(tuple(self.warm_imports))
        info = resources["nbgrader"]
        assignment, student, notebook = info["assignment"], info["student"], info["notebook"]
        blocked = grading.BLOCKED.get(assignment, ())
        code = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
        graded = [(i, c) for i, c in code if c.metadata.get("nbgrader", {}).get("grade")]
        missing = [_cell_label(c, i) for i, c in graded if _cell_label(c, i) not in grading.TASKS]
        if missing:
            raise ValueError(f"grading.py has no test for the graded cells {missing} (add them to TASKS)")
        # in the order of the released notebook (grading.TASKS lists its cells in that order), whatever order
        # the student's file has: a test cell moved up cannot run before the tasks its references stand in for
        order = list(grading.TASKS)
        graded.sort(key=lambda ic: order.index(_cell_label(ic[1], ic[0])))
        cells = [(_cell_label(c, i), c.source, not c.metadata.get("nbgrader", {}).get("locked", False))
                 for i, c in code if not c.metadata.get("nbgrader", {}).get("grade")]
        hide = [self._course_root(), os.path.dirname(os.path.abspath(self.grading_file)), *self.hide]
        sandbox = Sandbox(isolation=self.isolation, timeout=self.timeout, cpu_seconds=self.cpu_seconds,
                          memory_bytes=self.memory_bytes, max_processes=self.max_processes,
                          blocked=blocked, hide=hide, preload=_imports(c for _, c in code if _locked_setup(c)))
        session = NotebookSession(cells, sandbox)
        variant = self._variant(assignment, student, [c.source for _, c in code])
        lessons = getattr(grading, "LESSONS", {})
        tasks, delegations = [], []
        started = time.perf_counter()
        try:
            for i, cell in graded:
                label = _cell_label(cell, i)
                test, names = grading.TASKS[label]
                points = float(cell.metadata["nbgrader"].get("points", 0))
                funcs = [RemoteFunction(session, name) for name in names]
                damage = _damaged(cell, label)
                try:
                    if damage:
                        raise Aborted(damage)
                    test(*funcs, **({"variant": variant} if _wants_variant(test) else {}))
                except AssertionError as exc:
                    outcome, why = "failed", str(exc) or "the hidden test failed"
                except Aborted as exc:
                    outcome, why = "not graded", exc.reason
                except Exception as exc:  # noqa: BLE001
                    if isinstance(exc, getattr(grading, "SetupError", ())):
                        raise                                   # the grader's problem: no score at all
                    # a result the test could not handle (e.g. text where a number belongs)
                    outcome, why = "failed", (f"the hidden test could not check what {', '.join(names)} "
                                              f"returned ({type(exc).__name__}: {str(exc)[:200]})")
                else:
                    outcome, why = "passed", ""
                cell.outputs = [_verdict(outcome, why)]
                if outcome == "failed" and label in lessons:
                    cell.outputs.append(_lesson_link(self.lesson_url, *lessons[label]))
                tasks.append({"cell": label, "functions": list(names), "points": points, "outcome": outcome,
                              "why": why})
                called = re.search(re.escape(BLOCK_MESSAGE) + r" \(([\w.]+)\)", why)
                if called:
                    delegations.append({"cell": label, "function": ", ".join(names), "routine": called.group(1)})
                self.log.info("%s: %s %s", label, outcome, why)
        finally:
            session.close()
        library = getattr(grading, "LIBRARY", grading.BLOCKED).get(assignment, ())
        copies = near_copies([(label, source) for label, source, editable in cells if editable],
                             library_runs([b for b in library if not b.startswith("genlearn.homework")]),
                             self.similarity_threshold)
        report = {
            "assignment": assignment, "student": student, "notebook": notebook,
            "graded_at": datetime.datetime.now().isoformat(timespec="seconds"),
            "isolation": _describe_isolation(sandbox), "grading_sha256": self.grading_sha256,
            "seconds": round(time.perf_counter() - started, 2), "sandbox_starts": session.starts,
            "tasks": tasks,
            "cells_skipped": session.skipped,
            "cells_with_errors": {label: why for label, why in session.errors.items()
                                  if any(label == c[0] and c[2] for c in cells)},
            "near_copies": copies,
            "delegations": delegations,
            "variant": _variant_report(variant),
        }
        write_report(self.report_dir or os.path.join(self._course_root(), "reports"), report)
        return nb, resources


    def _variant(self, assignment, student, sources):
        """Per-student data: this student's seed (from the course secret), the notebook's, the other students'."""
        from genlearn.homework.variants import ASSIGNMENTS

        if assignment not in ASSIGNMENTS:
            return None
        root = self._course_root()
        secret = read_secret(root)           # a ValueError (the grader's problem) when it is missing
        submitted = Path(root) / "submitted"
        others = sorted(p.name for p in submitted.iterdir() if p.is_dir()) if submitted.is_dir() else []
        return {"assignment": assignment, "seed": student_seed(secret, assignment, student),
                "notebook_seed": seed_of_notebook_source(sources),
                "others": {s: student_seed(secret, assignment, s) for s in others if s != student},
                "answers_of": []}


def _wants_variant(test):
    import inspect

    return "variant" in inspect.signature(test).parameters


def _variant_report(variant):
    """What the report says of a per-student notebook: whose seed it carries, whose answers it gave."""
    if variant is None:
        return None
    seed = variant["notebook_seed"]
    if seed == variant["seed"]:
        carries = "own"
    else:
        carries = next((s for s, other in variant["others"].items() if other == seed), None)
        carries = f"student {carries}" if carries else ("none (no MY_SEED line)" if seed is None else "no student's")
    return {"seed_in_notebook": carries, "answers_of": list(variant["answers_of"])}


def _anchor(heading):
    """The anchor Jupyter and nbconvert give a markdown heading."""
    return heading.strip().replace(" ", "-")


def _lesson_link(url, notebook, heading):
    from html import escape

    from nbformat.v4 import new_output

    href = url.format(notebook=notebook, anchor=_anchor(heading))
    text = f"Taught in the lesson {notebook.removesuffix('.ipynb')}, section \"{heading}\": {href}"
    return new_output("display_data", data={
        "text/plain": text,
        "text/html": (f'<p>Taught in the lesson <a href="{escape(href)}">{escape(notebook.removesuffix(".ipynb"))}'
                      f', section &ldquo;{escape(heading)}&rdquo;</a>.</p>')})


_WARMED = set()


def _warm(modules):
    """Import ``modules`` here once (trusted library code): Python caches their bytecode, which the
    sandbox, whose files are read-only, would otherwise compile again for every notebook."""
    import importlib

    for name in modules:
        if name not in _WARMED:
            _WARMED.add(name)
            with contextlib.suppress(ImportError):
                importlib.import_module(name)


def _verdict(outcome, why):
    from nbformat.v4 import new_output

    if outcome == "passed":
        return new_output("stream", name="stdout",
                          text="OK: the hidden tests passed (run on fresh data, outside this notebook).\n")
    if outcome == "failed":
        return new_output("error", ename="AssertionError", evalue=why, traceback=[f"AssertionError: {why}"])
    text = f"{why}. This task scores 0; the other tasks were graded without it."
    return new_output("error", ename="NotGraded", evalue=text, traceback=[f"NotGraded: {text}"])


def _describe_isolation(sandbox):
    if sandbox.isolation == "process":
        return "process (no isolation)"
    if sandbox.user is not None:
        return f"bubblewrap, throwaway user {sandbox.user.name} (uid {sandbox.user.uid})"
    return f"bubblewrap, user namespace of uid {os.getuid()}"


def write_report(folder, report):
    """Write ``<folder>/<assignment>/<student>.json`` and ``.md``, and the assignment's ``summary.md``."""
    folder = Path(folder) / report["assignment"]
    folder.mkdir(parents=True, exist_ok=True)
    base = folder / (report["student"] if report["notebook"] == report["assignment"]
                     else f"{report['student']}.{report['notebook']}")
    base.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    base.with_suffix(".md").write_text(_markdown(report), encoding="utf-8")
    reports = []
    for path in sorted(folder.glob("*.json")):
        with contextlib.suppress(ValueError, OSError):
            reports.append(json.loads(path.read_text(encoding="utf-8")))
    (folder / "summary.md").write_text(_summary(report["assignment"], reports), encoding="utf-8")


def _markdown(r):
    lines = [f"# {r['assignment']} / {r['notebook']}: {r['student']}", "",
             f"Graded {r['graded_at']} in {r['seconds']} s; {r['isolation']}; sandbox started "
             f"{r['sandbox_starts']} time(s); grading.py sha256 {r['grading_sha256'][:12]}.", "",
             "| task | points | result |", "|---|---|---|"]
    for t in r["tasks"]:
        got = t["points"] if t["outcome"] == "passed" else 0
        result = t["outcome"].upper() if t["outcome"] == "not graded" else t["outcome"]
        lines.append(f"| {t['cell']} | {got:g}/{t['points']:g} | {result}{': ' + t['why'] if t['why'] else ''} |")
    if r["cells_skipped"]:
        lines += ["", "Cells skipped when the sandbox started again (they killed it or ran too long):"]
        lines += [f"* {label}: {why}" for label, why in r["cells_skipped"].items()]
    if r["cells_with_errors"]:
        lines += ["", "Cells of the student's that raised:"]
        lines += [f"* {label}: {why}" for label, why in r["cells_with_errors"].items()]
    problem = _variant_problem(r.get("variant"))
    if problem:
        lines += ["", f"Per-student data: {problem} (the task with this student's numbers scored as graded)."]
    if r.get("delegations"):
        lines += ["", "Calls of library code that is switched off (the task scored 0):"]
        lines += [f"* `{d['function']}` ({d['cell']}) called `{d['routine']}`" for d in r["delegations"]]
    if r["near_copies"]:
        lines += ["", "Near copies of library code (token-based; check by hand, the scores stand):"]
        lines += [f"* `{h['function']}` ({h['cell']}): {h['score']:.0%} like `{h['reference']}`"
                  for h in r["near_copies"]]
    return "\n".join(lines) + "\n"


def _variant_problem(variant):
    """'copied ...' when a notebook carries another seed or gave another student's numbers; else ''."""
    if not variant:
        return ""
    parts = []
    if variant["seed_in_notebook"] != "own":
        parts.append(f"MY_SEED is {variant['seed_in_notebook']}")
    if variant["answers_of"]:
        parts.append("the answers are those of " + ", ".join(variant["answers_of"]))
    return ("copied? " + "; ".join(parts)) if parts else ""


def _summary(assignment, reports):
    lines = [f"# {assignment}: what needs the instructor", "",
             "| student | not graded | library code: near copies, calls | another student's data |",
             "|---|---|---|---|"]
    for r in reports:
        ungraded = [f"{t['cell']} ({t['why']})" for t in r["tasks"] if t["outcome"] == "not graded"]
        copies = [f"{h['function']} ~ {h['reference']} ({h['score']:.0%})" for h in r["near_copies"]]
        copies += [f"{d['function']} calls {d['routine']} (switched off)" for d in r.get("delegations", ())]
        variant = _variant_problem(r.get("variant"))
        if ungraded or copies or variant:
            lines.append(f"| {r['student']} | {'; '.join(ungraded) or '-'} | {'; '.join(copies) or '-'} "
                         f"| {variant or '-'} |")
    if len(lines) == 4:
        lines.append("| (none) | | | |")
    return "\n".join(lines) + "\n"
