"""The repository keeps the rules of STYLE.md that a machine can check: ruff passes, no file
names a path outside the repository, and no genlearn module imports itself through others.

Oracles: ruff (pinned in the test extra, configured in pyproject.toml), the tracked files
themselves, read as text, and the library's import statements, read with ``ast``.
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
