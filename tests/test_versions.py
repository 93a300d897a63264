"""genlearn.versions: a lesson's first line names a package older than genlearn needs, before numpy is imported.

Oracles: pyproject.toml's declared lower bounds, read here with tomllib (the module reads the installed
genlearn's metadata instead); fake installed versions (``importlib.metadata.version`` monkeypatched, or a fake
numpy earlier on ``sys.path`` in a fresh Python); the lessons' files (their first code cell and the stamp in
their metadata).
"""
import importlib.metadata
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import genlearn
from genlearn import versions
from lessons import lessons
from version_check_cells import CHECK_LINES

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
REAL_VERSION = importlib.metadata.version


def declared():
    """{package: lower bound} of pyproject.toml's runtime dependencies."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower(): r.split(">=")[1].strip()
            for r in project["dependencies"]}


def fake_versions(monkeypatch, **fake):
    """importlib.metadata.version answering ``fake`` (None: not installed) for those packages."""
    def version(name):
        key = name.replace("-", "_")
        if key in fake:
            if fake[key] is None:
                raise importlib.metadata.PackageNotFoundError(name)
            return fake[key]
        return REAL_VERSION(name)
    monkeypatch.setattr(importlib.metadata, "version", version)


def test_the_bounds_are_pyprojects():
    bounds = declared()
    assert versions.minimums() == bounds
    assert set(versions.CHECKED) <= set(bounds)


def test_this_environment_prints_nothing(capsys):
    genlearn.check_versions()
    assert capsys.readouterr().out == ""


def test_an_old_numpy_is_named_with_what_is_needed_and_the_fix(monkeypatch, capsys):
    fake_versions(monkeypatch, numpy="1.23.5")
    genlearn.check_versions()
    out = capsys.readouterr().out
    need = declared()["numpy"]
    assert f"genlearn needs numpy >= {need}, but this Python has numpy 1.23.5." in out
    assert f'pip install -U "numpy>={need}"' in out and "restart the kernel" in out
    assert "scipy" not in out  # only what is too old


def test_every_checked_package_too_old_is_named_in_one_command(monkeypatch, capsys):
    fake_versions(monkeypatch, **{name.replace("-", "_"): "0.0.1" for name in versions.CHECKED})
    genlearn.check_versions()
    out = capsys.readouterr().out
    bounds = declared()
    for name in versions.CHECKED:
        assert f"genlearn needs {name} >= {bounds[name]}, but this Python has {name} 0.0.1." in out
    command = "pip install -U " + " ".join(f'"{name}>={bounds[name]}"' for name in versions.CHECKED)
    assert command in out


def test_a_missing_package_is_named(monkeypatch, capsys):
    fake_versions(monkeypatch, anywidget=None)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)  # and no module of that name either
    genlearn.check_versions()
    need = declared()["anywidget"]
    assert f"genlearn needs anywidget >= {need}, but anywidget is not installed." in capsys.readouterr().out


@pytest.mark.parametrize("found, old", [("1.24", False), ("1.24.0", False), ("1.24.1", False), ("2.0.0rc1", False),
                                        ("1.24.0rc1", True), ("1.24.0.dev0", True), ("1.23.99", True),
                                        ("1.3", True), ("10.0", False), ("1.24.0+local", False),
                                        ("1.24.post1", False), ("not a version", False)])
def test_versions_compare_as_pep_440_orders_them(monkeypatch, found, old):
    # numpy's bound, 1.24: a pre-release of 1.24 comes before it; an unreadable version never blocks a lesson
    monkeypatch.setattr(versions, "minimums", lambda: {"numpy": "1.24"})
    fake_versions(monkeypatch, numpy=found)
    assert versions.outdated(("numpy",)) == ([("numpy", found, "1.24")] if old else [])


def test_a_package_without_metadata_that_imports_is_not_named(monkeypatch, capsys):
    # e.g. a copy of scikit-learn put on sys.path by hand: its version is unknown, the lesson goes on
    fake_versions(monkeypatch, scikit_learn=None)
    genlearn.check_versions()
    assert capsys.readouterr().out == ""


def test_extras_are_not_checked():
    assert not {"nbgitpuller", "voila", "pytest", "nbval", "ruff"} & set(versions.minimums())


def test_without_genlearns_metadata_nothing_is_checked(monkeypatch, capsys):
    # genlearn imported from a folder on sys.path, not installed: no bounds to read, nothing said
    def requires(name):
        raise importlib.metadata.PackageNotFoundError(name)
    monkeypatch.setattr(importlib.metadata, "requires", requires)
    fake_versions(monkeypatch, numpy="1.0")
    assert versions.minimums() == {} and versions.outdated() == []
    genlearn.check_versions()
    assert capsys.readouterr().out == ""


def test_the_check_runs_before_numpy_and_before_it_fails(tmp_path):
    # A fresh Python where numpy is 1.0.0 and fails on import: a lesson's first lines name it, and import nothing
    fake = tmp_path / "site"
    (fake / "numpy").mkdir(parents=True)
    (fake / "numpy" / "__init__.py").write_text("raise ImportError('this numpy is broken')\n")
    (fake / "numpy-1.0.0.dist-info").mkdir()
    (fake / "numpy-1.0.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: numpy\nVersion: 1.0.0\n")
    code = ("import sys\nimport genlearn\ngenlearn.check_versions()\n"
            "print('imported:', sorted(m for m in sys.modules if m.split('.')[0] in "
            "('numpy', 'scipy', 'sklearn', 'matplotlib', 'ipywidgets', 'anywidget')))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    need = declared()["numpy"]
    assert done.stdout.startswith(f"genlearn needs numpy >= {need}, but this Python has numpy 1.0.0.\n")
    assert done.stdout.endswith("imported: []\n")


def test_run_versions_are_each_packages_own():
    found = versions.run_versions()
    assert set(found) == {"python", *versions.CHECKED, "genlearn"}
    assert found["python"] == ".".join(map(str, sys.version_info[:3]))
    for name in versions.RECORDED:
        assert found[name] == REAL_VERSION(name)


# -- the lessons -------------------------------------------------------------------------------------------------

def _first_code_cell(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb, next(c for c in nb["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("path", lessons(), ids=lambda p: p.stem)
def test_each_lesson_checks_the_versions_first(path):
    _, cell = _first_code_cell(path)
    source = "".join(cell["source"])
    assert source.startswith(CHECK_LINES), \
        f"{path.name}: its first code cell must begin with the version check; run tests/version_check_cells.py"
    assert source.count("import genlearn\n") == 1
    assert not any("genlearn needs" in "".join(o.get("text", "")) for o in cell.get("outputs", []))


@pytest.mark.parametrize("path", lessons(), ids=lambda p: p.stem)
def test_each_lesson_records_the_versions_it_ran_with(path):
    nb, _ = _first_code_cell(path)
    stamp = nb["metadata"].get("genlearn", {}).get("last_run_with")
    assert stamp, f"{path.name}: no metadata.genlearn.last_run_with; run tests/version_check_cells.py"
    assert set(stamp) == {"python", *versions.RECORDED}
    assert stamp["python"] == nb["metadata"]["language_info"]["version"]
    bounds = declared()
    for name in versions.CHECKED:  # run with versions genlearn accepts
        assert versions._key(stamp[name]) >= versions._key(bounds[name]), (name, stamp[name])
