"""The README is for a newcomer, every document's relative links lead somewhere, and every module of
genlearn that the prose names (docstrings, comments, documents, notebooks' markdown) exists.

Oracle: the files of this checkout, GitHub's rule for heading anchors (lower case,
punctuation dropped, spaces to hyphens), and the library's files (a module named is a file under lib/, a
name after it one its source binds at the top level, read with ``ast``).
"""
import ast
import importlib
import io
import json
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, ROOT / "STYLE.md", ROOT / "benchmarks" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def anchor(heading):
    """GitHub's anchor of a Markdown heading."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def headings(path, level="#+"):
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)  # not in code
    return re.findall(rf"^{level} (.+)$", text, re.M)


def test_anchor_follows_github():
    assert anchor("Credits and licence") == "credits-and-licence"
    assert anchor("The `course` folder: what, where?") == "the-course-folder-what-where"


def test_readme_is_short_with_a_table_of_contents():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines: move details to docs/ or benchmarks/README.md"
    sections = [h for h in headings(README, "##") if h != "Contents"]
    start = lines.index("## Contents")
    toc = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        toc += re.findall(r"\]\(#([^)]+)\)", line)
    assert toc == [anchor(h) for h in sections], "the table of contents lists every ## section, in order"


def test_readme_keeps_benchmark_conditions_out():
    text = README.read_text(encoding="utf-8")
    for words in ("load average", "Nov 2026", "A/B", "ablation"):
        assert words not in text, \
            f"README mentions {words!r}: measurements and their history go to benchmarks/README.md"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_exist(document):
    assert document.is_file(), f"{document.relative_to(ROOT)} is missing"
    text = re.sub(r"^```.*?^```", "", document.read_text(encoding="utf-8"), flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "", text)  # an example in inline code is not a link
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a URL
        path, _, fragment = target.partition("#")
        where = (document.parent / path).resolve() if path else document
        assert where.exists(), f"{document.relative_to(ROOT)} links to {target}, which does not exist"
        assert where.is_relative_to(ROOT), f"{document.relative_to(ROOT)} links outside the repository: {target}"
        if fragment and where.suffix == ".md":
            assert fragment in {anchor(h) for h in headings(where)}, \
                f"{document.relative_to(ROOT)} links to #{fragment}, a heading {where.name} does not have"


# -- dotted names of genlearn ------------------------------------------------------------------------------------

#: A dotted name of genlearn (a module, or a module and one of its names) in prose, not as part of a longer
#: name or of a path (``metadata.genlearn.view`` and ``config.d/genlearn.json`` name no module).
DOTTED = re.compile(r"(?<![\w./-])genlearn(?:\.[A-Za-z_]\w*)+")
#: Where a module is named in prose: the docstrings and comments of the code, the documents and the
#: notebooks' markdown cells (a code cell's import is checked by running it).
NAMED_IN = ["lib", "tests", "docs", "benchmarks", "instructor", "notebooks", "README.md", "STYLE.md"]
#: Where genlearn's modules are: a name is resolved from the files, not by importing it, so that the check
#: neither pays for importing the whole library nor switches on what a module switches on when imported.
LIB = ROOT / "lib"


def top_level_names(source):
    """The names a module's source binds at its top level (in ``if`` and ``try`` blocks too), or None when it
    makes names no reading can list (a module ``__getattr__``, a ``*`` import): then it is imported instead."""
    names, body = set(), list(ast.parse(source).body)
    while body:
        node = body.pop()
        if isinstance(node, (ast.If, ast.Try)):
            body += node.body + node.orelse + getattr(node, "finalbody", []) + \
                [n for h in getattr(node, "handlers", []) for n in h.body]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(a.name == "*" for a in node.names):
                return None
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return None if "__getattr__" in names else names


def resolves(dotted):
    """Is ``dotted`` a module of genlearn, or a module and one of its top-level names?"""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        base = LIB.joinpath(*parts[:i])
        found = [f for f in (base.with_suffix(".py"), base / "__init__.py") if f.is_file()]
        if found:
            break
    else:
        return False
    if i == len(parts):
        return True
    names = top_level_names(found[0].read_text(encoding="utf-8"))
    if names is None:
        return parts[i] in dir(importlib.import_module(".".join(parts[:i])))  # genlearn's lazy names: its __dir__
    return parts[i] in names


def prose(text, suffix):
    """The parts of a file's text that are prose: a Python file's docstrings and comments, a notebook's markdown
    cells, all of a Markdown document or an ES module (its comments are the only place it names one)."""
    if suffix == ".ipynb":
        return ["".join(cell["source"]) for cell in json.loads(text)["cells"] if cell["cell_type"] == "markdown"]
    if suffix != ".py":
        return [text]
    nodes = ast.walk(ast.parse(text))
    docstrings = [ast.get_docstring(node, clean=False) for node in nodes
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    comments = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    return [d for d in docstrings if d] + comments


def dotted_names(text):
    return [name.rstrip(".") for name in DOTTED.findall(text)]


def unresolved(names):
    """The names, of those given, that are neither a module of genlearn nor a name one defines, sorted."""
    return sorted({name for name in names if not resolves(name)})


def test_the_dotted_name_check_finds_a_made_up_path():
    text = ("see ``genlearn.demos.style``, :mod:`genlearn.explorers.no_such_lesson` and genlearn.GDA; "
            "not metadata.genlearn.view nor jupyter_server_config.d/genlearn.json. See genlearn.demos.<lesson>.")
    assert dotted_names(text) == ["genlearn.demos.style", "genlearn.explorers.no_such_lesson", "genlearn.GDA",
                                  "genlearn.demos"]
    source = '"""genlearn.text, a docstring."""\nx = "genlearn.no_code"  # genlearn.course.no_such_tool\n'
    assert [dotted_names(part) for part in prose(source, ".py")] == [["genlearn.text"],
                                                                     ["genlearn.course.no_such_tool"]]
    assert unresolved(["genlearn.course.widget_state", "genlearn.explorers.no_such_lesson", "genlearn.check_versions",
                       "genlearn.versions.minimums", "genlearn.explorers.explorer.Explorer.spec",
                       "genlearn.versions.NoSuchName", "genlearn.NoSuchName", "genlearn.no_such.module"]) == [
        "genlearn.NoSuchName", "genlearn.explorers.no_such_lesson", "genlearn.no_such.module",
        "genlearn.versions.NoSuchName"]
    source = "import os.path as p\ntry:\n    import tomllib\nexcept ImportError:\n    tomllib = None\nA: int = 1\n"
    assert top_level_names(source) == {"p", "tomllib", "A"}
    assert top_level_names("def __getattr__(name):\n    pass\n") is None


def test_every_dotted_module_path_named_in_prose_imports():
    named = {}
    for place in NAMED_IN:
        paths = [ROOT / place] if (ROOT / place).is_file() else sorted((ROOT / place).rglob("*"))
        for path in paths:
            parts = path.relative_to(ROOT).parts
            if path.suffix not in {".py", ".md", ".js", ".ipynb"} or "built" in parts or any(
                    p.startswith(".") for p in parts):
                continue
            for part in prose(path.read_text(encoding="utf-8"), path.suffix):
                for name in dotted_names(part):
                    named.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert len(named) > 50, "the prose names genlearn's modules: the search finds them"
    missing = {name: sorted(set(named[name])) for name in unresolved(named)}
    assert not missing, ("these dotted names are no module of genlearn nor a name of one (moved? renamed? "
                         f"a file name? write its folder, as in config.d/genlearn.json): {missing}")


def test_genlearn_lists_every_public_module_and_imports_it_on_first_use():
    """What ``genlearn.<module>`` imports on first use (``_SUBMODULES``; ``import genlearn`` imports none:
    tests/test_versions.py) is every public module of the package, and its docstring's Modules table lists each."""
    import genlearn

    package = ROOT / "lib" / "genlearn"
    public = {p.stem for p in package.glob("[!_]*.py")} | {p.parent.name for p in package.glob("[!_]*/__init__.py")}
    assert public == genlearn._SUBMODULES
    listed = set(re.findall(r"^(\w+) {2,}", genlearn.__doc__.partition("Modules\n-------\n")[2], re.M))
    assert listed == genlearn._SUBMODULES, "genlearn's docstring lists its modules, one a line"


def test_benchmarks_keep_todays_figures_only():
    lines = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, (f"benchmarks/README.md has {len(lines)} lines: keep the newest run of each section "
                               "with its conditions; the runs before it stay in git (git log -p benchmarks/README.md)")
