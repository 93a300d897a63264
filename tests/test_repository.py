"""The repository keeps the rules of STYLE.md that a machine can check: ruff passes, no file
names a path outside the repository, no genlearn module imports itself through others, and every
float comparison in the tests states the reason of its tolerance (docs/testing.md, "Floating point").

Oracles: ruff (pinned in the test extra, configured in pyproject.toml), the tracked files
themselves, read as text, the library's import statements and the tests' comparisons, read with
``ast`` (and their comments with ``tokenize``).
"""
import ast
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Folders of a machine, not of the repository: a path under one of them (a home, a work
#: or temporary folder) works on one machine only.
MACHINE_FOLDERS = {"/work", "/root", "/tmp", "/home", "/Users", "/mnt", "/scratch", "/private/var", "/var/folders",
                   *(p for p in (str(Path.home()), tempfile.gettempdir(), str(ROOT.parent)) if len(Path(p).parts) > 1)}
# ... followed by something below it, at the start of a path (a quote, a space, a bracket before it)
OUTSIDE = re.compile(r"(?:^|[\s\"'`(\[<=,])(" + "|".join(sorted(map(re.escape, MACHINE_FOLDERS), key=len,
                                                              reverse=True)) + r")/[\w.-]", re.M)
WINDOWS = re.compile(r"\b[A-Z]:\\(?:Users|Documents and Settings)\\", re.I)


def tracked_files():
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode == 0:
        return [ROOT / name for name in listed.stdout.split("\0") if name]
    skip = {".git", ".venv", "node_modules", "_site", "_handouts", "__pycache__"}  # not a git checkout
    return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.relative_to(ROOT).parts)]


def test_ruff():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"ruff found problems (see STYLE.md):\n{done.stdout}{done.stderr}"


def _machine_path(*parts, sep="/"):
    """A path of a machine, made at run time so that this file names none itself."""
    return sep.join(parts)


def test_the_path_pattern_finds_machine_paths():
    for text in (f"see {_machine_path('', 'work', 'notes', 'a.md')}", f'open("{_machine_path("", "tmp", "x.csv")}")',
                 _machine_path("C:", "Users", "me", "x", sep="\\"), f"({_machine_path('', 'home', 'ann', 'data')})",
                 f"at {ROOT}/lib"):
        assert OUTSIDE.search(text) or WINDOWS.search(text), text
    for text in ('f"{work}/home/{username}"', "lib/genlearn/data/x.csv", 'assert "/work/" not in out',
                 "https://example.org/home/x", "file:///srv/git/genlearn", "../docs/site.md"):
        assert not (OUTSIDE.search(text) or WINDOWS.search(text)), text


def test_no_file_names_a_path_outside_the_repository():
    found = []
    for path in tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue  # binary data, or deleted and not yet committed
        for m in (*OUTSIDE.finditer(text), *WINDOWS.finditer(text)):
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {text[m.start():m.end() + 40].splitlines()[0].strip()}")
    assert not found, ("files name paths outside the repository (keep what the code relies on in the repository, "
                       "and name places relative to it):\n" + "\n".join(found))


def import_graph(lib):
    """{module: sorted genlearn modules it imports}, for every module under ``lib/genlearn``.

    Every import statement counts, at the top of a module or inside a function (a function-local
    import still runs, and one that only hides a cycle hides it from the reader too). ``from a.b
    import c`` is an edge to the module ``a.b.c`` if there is one, else to ``a.b``.
    """
    modules = {}
    for path in sorted((lib / "genlearn").rglob("*.py")):
        parts = list(path.relative_to(lib).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
            modules[".".join(parts)] = (path, ".".join(parts))
        else:
            modules[".".join(parts)] = (path, ".".join(parts[:-1]))
    graph = {}
    for name, (path, package) in modules.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
                source = ".".join(base + ([node.module] if node.module else []))
                targets.update(f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source
                               for a in node.names)
        graph[name] = sorted(t for t in targets if t in modules and t != name)
    return graph


def import_cycles(graph):
    """Each cycle of ``graph``, as the list of modules around it (first the smallest name, back to it)."""
    found = []
    for start in sorted(graph):
        # the shortest way back to start through modules after it in sorted order: each cycle once
        paths, seen = [[start]], {start}
        while paths and not any(p[-1] == start and len(p) > 1 for p in paths):
            paths = [p + [w] for p in paths for w in graph[p[-1]] if w == start or (w > start and w not in seen)]
            seen.update(p[-1] for p in paths)
        found += [p for p in paths if p[-1] == start and len(p) > 1][:1]
    return found


def test_the_cycle_finder_finds_cycles(tmp_path):
    package = tmp_path / "genlearn"
    (package / "course").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "course" / "__init__.py").write_text("")
    (package / "base.py").write_text("import numpy\n")
    (package / "course" / "a.py").write_text("from .b import f\nfrom .. import base\n")
    (package / "course" / "b.py").write_text("def f():\n    from genlearn.course import a\n")
    graph = import_graph(tmp_path)
    assert graph["genlearn.course.a"] == ["genlearn.base", "genlearn.course.b"]
    assert import_cycles(graph) == [["genlearn.course.a", "genlearn.course.b", "genlearn.course.a"]]


def test_no_import_cycles_in_the_library():
    cycles = import_cycles(import_graph(ROOT / "lib"))
    assert not cycles, ("genlearn modules import each other in a cycle (move what both need into a module "
                        "that both import, at the top):\n" + "\n".join(" -> ".join(c) for c in cycles))


def warning_classes_out_of_reach(tests):
    """["path: Class"] of Warning subclasses defined in test modules that pytest-xdist's controller cannot
    import (any under a subfolder of ``tests``: only ``tests/`` itself is on its path, by conftest.py)."""
    found = []
    for path in sorted(tests.rglob("*.py")):
        if path.parent == tests:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    (getattr(b, "id", None) or getattr(b, "attr", "")).endswith("Warning") for b in node.bases):
                found.append(f"{path.relative_to(tests)}: {node.name}")
    return found


def test_the_warning_finder_finds_a_warning_class(tmp_path):
    (tmp_path / "browser").mkdir()
    (tmp_path / "browser" / "driver.py").write_text("class Blank(UserWarning):\n    pass\n")
    (tmp_path / "top.py").write_text("class Fine(UserWarning):\n    pass\n")
    assert warning_classes_out_of_reach(tmp_path) == ["browser/driver.py: Blank"]


def test_test_helpers_warn_with_classes_the_xdist_controller_can_import():
    """A worker's warning is rebuilt in pytest-xdist's controller by importing its class's module: a class the
    controller cannot import makes the worker "go down" and the run end in an INTERNALERROR (stop 47's CI)."""
    found = warning_classes_out_of_reach(ROOT / "tests")
    assert not found, ("warning classes the xdist controller cannot import (warn a plain UserWarning whose "
                       "message starts with a name, as lab_driver.BLANK_NOTEBOOK does):\n" + "\n".join(found))


#: Calls that compare floats within a tolerance (numpy.testing, numpy, math, pytest).
FLOAT_COMPARISONS = {"assert_allclose", "approx", "isclose", "allclose", "assert_almost_equal",
                     "assert_array_almost_equal", "assert_approx_equal", "assert_array_almost_equal_nulp",
                     "assert_array_max_ulp"}
TOL_COMMENT = re.compile(r"#\s*tol:")


def tolerance_names(path=ROOT / "tests" / "tolerances.py"):
    """The public names tests/tolerances.py defines (constants and functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
             if isinstance(t, ast.Name)}
    names |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    return {n for n in names if not n.startswith("_")}


def _called(node):
    f = node.func
    return getattr(f, "id", None) or getattr(f, "attr", None)


def _floaty(node):
    """A float literal (or a list of some), ``-0.5``, ``round(x, k)`` or ``float(...)``: an operand that makes
    ``==`` a comparison of floats."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, float)
    if isinstance(node, ast.UnaryOp):
        return _floaty(node.operand)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return any(_floaty(e) for e in node.elts)
    if isinstance(node, ast.Call):
        return _called(node) == "float" or (_called(node) == "round" and len(node.args) == 2)
    return False


def float_comparisons(tree):
    """The nodes of ``tree`` that compare floats: a call of FLOAT_COMPARISONS, or ``==`` / ``!=`` with a float
    operand (one holding an ``approx`` call is that call's comparison, checked as such)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) in FLOAT_COMPARISONS:
            found.append(node)
        elif (isinstance(node, ast.Compare) and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops)
              and any(_floaty(e) for e in [node.left, *node.comparators])
              and not any(isinstance(n, ast.Call) and _called(n) in FLOAT_COMPARISONS for n in ast.walk(node))):
            found.append(node)
    return found


def tolerances_without_reason(source, names):
    """``[(line, code)]`` of the float comparisons in ``source`` that neither have a comment starting ``# tol:``
    on one of their lines, the two lines above or at the head of the comment lines right above, nor name a
    tolerance of tests/tolerances.py (``names``) or a constant the module defines at its top level with a
    ``# tol:`` reason."""
    import io
    import tokenize

    reasons = {tok.start[0] for tok in tokenize.generate_tokens(io.StringIO(source).readline)
               if tok.type == tokenize.COMMENT and TOL_COMMENT.match(tok.string)}
    lines = source.splitlines()
    tree = ast.parse(source)

    def reasoned(node):
        above = node.lineno - 1  # a comment block ending right above the node counts as one comment
        while above >= 1 and lines[above - 1].lstrip().startswith("#") and above not in reasons:
            above -= 1
        return bool(reasons & {above, *range(node.lineno - 2, node.end_lineno + 1)})

    # a module's own named tolerance: a top-level constant (an upper-case name) whose definition states its reason
    names = set(names) | {t.id for node in tree.body if isinstance(node, ast.Assign) and reasoned(node)
                          for t in node.targets if isinstance(t, ast.Name) and t.id.isupper()}
    found = []
    for node in float_comparisons(tree):
        if reasoned(node):
            continue
        if any((getattr(n, "id", None) or getattr(n, "attr", None)) in names for n in ast.walk(node)):
            continue
        found.append((node.lineno, lines[node.lineno - 1].strip()))
    return sorted(set(found))


def test_the_tolerance_checker_finds_a_comparison_without_reason():
    names = {"ROUNDING", "half_unit"}
    source = "\n".join([
        "import numpy as np, pytest",
        "from tolerances import ROUNDING, half_unit",
        "np.testing.assert_allclose(a, b, rtol=1e-9)",                       # 3: no reason
        "assert x == pytest.approx(0.25)",                                   # 4: no reason
        "assert round(se, 3) == 0.005",                                      # 5: no reason
        "assert np.isclose(a, b)",                                           # 6: no reason
        "# tol: rounding only, the same sum another way",
        "",
        "np.testing.assert_allclose(a, b, rtol=1e-12)",                      # two lines below its reason
        "np.testing.assert_allclose(a, b, rtol=ROUNDING)",                   # a named tolerance
        "assert x == pytest.approx(y, abs=half_unit(4))",                    # a named tolerance
        "assert np.allclose(a,",
        "                   b, atol=1e-8)  # tol: lbfgs stops at tol=1e-8",  # on its last line
        "assert n == 3 and s == 'a' and y != 0",                             # no floats
        "assert x == 0.5  # tol: 1/2 is exact in binary",
        "",
        "",
        "",
        "assert x != -1.0",                                                  # 19: three lines below a reason
        "LOOSE = 1e-3",
        "TOL = dict(rtol=1e-10)  # tol: the closed form and scikit-learn's sums, rounding only",
        "",
        "",
        "np.testing.assert_allclose(a, b, **TOL)",                           # the module's named tolerance
        "np.testing.assert_allclose(a, b, rtol=LOOSE)",                      # 25: LOOSE states no reason
        "# tol: a reason long enough",
        "# to take three lines",
        "# of comment",
        "np.testing.assert_allclose(a, b, rtol=1e-9)",                       # the block right above
        "# tol: a reason, then code",
        "x = 1",
        "y = 2",
        "np.testing.assert_allclose(a, b, rtol=1e-9)",                       # 33: code between
    ])
    assert [line for line, _ in tolerances_without_reason(source, names)] == [3, 4, 5, 6, 19, 25, 33]


def test_tolerances_py_states_a_reason_for_each_name():
    source = (ROOT / "tests" / "tolerances.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            assert lines[node.lineno - 2].startswith("#:"), f"tests/tolerances.py:{node.lineno}: say why (#: above)"
        elif isinstance(node, ast.FunctionDef):
            assert ast.get_docstring(node), f"tests/tolerances.py: {node.name} needs a docstring saying why"
    assert {"EXACT", "ROUNDING", "half_unit"} <= tolerance_names()




def test_every_float_comparison_in_the_tests_states_its_tolerance():
    """The rule of docs/testing.md#floating-point-tolerances-from-the-oracle: each float comparison's tolerance
    comes from its oracle, and says which (a comment starting ``# tol:``, or a named tolerance)."""
    names = tolerance_names()
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.name == "tolerances.py":
            continue
        for line, code in tolerances_without_reason(path.read_text(encoding="utf-8"), names):
            found.append(f"{path.relative_to(ROOT)}:{line}: {code}")
    assert not found, (f"{len(found)} float comparisons without the reason of their tolerance (a comment starting "
                       "'# tol:' on the line or the two above, or a name from tests/tolerances.py; "
                       "docs/testing.md):\n" + "\n".join(found))
