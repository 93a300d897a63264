"""The homework: instructor sources, generated student versions, nbgrader.

The instructor notebooks themselves run under nbval (all their checks and
hidden tests must pass there); nbval skips notebooks/homework/student, which
are run here instead: they must fail only at the stubs, with NotImplementedError.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from genlearn import homework

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "homework"
STUDENT = SRC / "student"
NAMES = homework.ASSIGNMENTS


def _source(cell):
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def _regions(text, begin, end):
    lines, inside, out = text.split("\n"), False, []
    for line in lines:
        if line.strip() == begin:
            inside = True
        elif line.strip() == end:
            inside = False
        elif inside:
            out.append(line)
    return out


# --- the generator ------------------------------------------------------------

def test_strip_solutions_code_keeps_signature_and_docstring():
    src = 'def f(x):\n    """Doc."""\n    ### BEGIN SOLUTION\n    y = 2 * x\n    return y\n    ### END SOLUTION\n'
    out = homework.strip_solutions(src)
    assert out == 'def f(x):\n    """Doc."""\n    # YOUR CODE HERE\n    raise NotImplementedError()\n'


def test_strip_solutions_markdown_and_hidden_tests():
    md = "Explain.\n### BEGIN SOLUTION\nBecause.\n### END SOLUTION"
    assert homework.strip_solutions(md, "markdown") == "Explain.\nYOUR ANSWER HERE"
    code = "check(f)\n### BEGIN HIDDEN TESTS\nassert f(1) == 2\n### END HIDDEN TESTS\nprint('done')"
    assert homework.strip_solutions(code) == "check(f)\nprint('done')"


@pytest.mark.parametrize("src,msg", [
    ("### BEGIN SOLUTION\nx = 1\n", "never closed"),
    ("x = 1\n### END SOLUTION\n", "without"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION\n", "inside another"),
])
def test_strip_solutions_reports_broken_markers(src, msg):
    with pytest.raises(ValueError, match=msg):
        homework.strip_solutions(src, where="hw, cell 3")


def test_student_versions_are_up_to_date(tmp_path):
    changed = homework.generate(dest_dir=tmp_path)
    assert len(changed) == len(NAMES)
    for name in NAMES:
        assert (STUDENT / name).read_text(encoding="utf-8") == (tmp_path / name).read_text(encoding="utf-8"), (
            f"notebooks/homework/student/{name} is out of date: run `python -m genlearn.homework`")
    assert homework.main(["--check"]) == 0


def test_check_mode_reports_stale_files(tmp_path, capsys):
    homework.generate(dest_dir=tmp_path)
    (tmp_path / NAMES[0]).write_text("{}", encoding="utf-8")
    assert homework.main(["--check", "--dest", str(tmp_path)]) == 1
    assert "out of date" in capsys.readouterr().out


@pytest.mark.parametrize("name", NAMES)
def test_student_version_has_no_solution_text_and_no_outputs(name):
    src = nbformat.read(SRC / name, as_version=4)
    stu = nbformat.read(STUDENT / name, as_version=4)
    assert len(src.cells) == len(stu.cells)
    visible = "\n".join(
        "\n".join(line for line in _source(c).split("\n"))
        for c in src.cells)
    student_text = "\n".join(_source(c) for c in stu.cells)
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS"):
        assert marker not in student_text
    n_regions = 0
    for s_cell, t_cell in zip(src.cells, stu.cells):
        text = _source(s_cell)
        hidden = _regions(text, "### BEGIN SOLUTION", "### END SOLUTION") + \
            _regions(text, "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
        n_regions += bool(hidden)
        outside = homework.strip_solutions(text, s_cell.cell_type)
        for line in hidden:
            token = line.strip()
            if len(token) > 12 and token not in outside:
                assert token not in _source(t_cell), f"{name}: solution line leaked: {token!r}"
        if t_cell.cell_type == "code":
            assert t_cell.outputs == [] and t_cell.execution_count is None
            # signatures and docstrings survive
            for line in text.split("\n"):
                if line.lstrip().startswith("def ") or line.strip().endswith('"""') and line.strip().startswith('"""'):
                    if line not in hidden:
                        assert line in _source(t_cell)
        assert s_cell.get("id") == t_cell.get("id")
    assert n_regions >= 6
    assert "metadata" in stu and stu.metadata["kernelspec"]["name"] == "python3"
    assert visible  # the source is not empty


@pytest.mark.parametrize("name", NAMES)
def test_instructor_versions_have_goals_points_time_and_passing_checks(name):
    nb = nbformat.read(SRC / name, as_version=4)
    intro = _source(nb.cells[0])
    assert "Learning goals" in intro and "Estimated time" in intro and "Points" in intro
    points = [c.metadata["nbgrader"]["points"] for c in nb.cells
              if c.metadata.get("nbgrader", {}).get("grade")]
    assert f"**{sum(points)}**" in intro, "the points table must add up to the graded cells' points"
    ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(ids) == len(set(ids))
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not any(o.output_type == "error" for o in outputs)
    text = "".join(o.get("text", "") for o in outputs)
    n_checks = sum(_source(c).count("checks.check_") for c in nb.cells if c.cell_type == "code")
    assert text.count("OK: ") == n_checks, "every check in the instructor version must pass"


# --- the student versions, run --------------------------------------------------

def _run(path):
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    # the kernel inherits os.environ, hence GENLEARN_DATA from conftest.py
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb


@pytest.mark.parametrize("name", NAMES)
def test_student_notebook_fails_only_at_stubs(name):
    src = nbformat.read(SRC / name, as_version=4)
    nb = _run(STUDENT / name)
    n_errors = 0
    solution_funcs = set()
    for s_cell in src.cells:  # functions to write, and helpers that call them
        if s_cell.cell_type == "code":
            for line in _source(s_cell).split("\n"):
                if line.startswith("def "):
                    solution_funcs.add(line[4:].split("(")[0])
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.outputs if o.output_type == "error"]
        calls_student = any(f + "(" in _source(cell) for f in solution_funcs) and \
            not _source(cell).lstrip().startswith("def ")
        if not errors:
            assert not calls_student, (
                f"{name}, cell {i} calls a stub but did not raise NotImplementedError")
            continue
        n_errors += 1
        (err,) = errors
        assert err.ename == "NotImplementedError", (
            f"{name}, cell {i} fails with {err.ename}: {err.evalue} (only stubs may fail)")
        assert calls_student, f"{name}, cell {i} fails although it calls no student function"
    graded = sum(1 for c in src.cells if c.metadata.get("nbgrader", {}).get("grade")
                 and c.cell_type == "code")
    assert n_errors == graded, f"{name}: {n_errors} failing cells, {graded} graded test cells"


# --- nbgrader -----------------------------------------------------------------------

def test_nbgrader_generate_assignment_accepts_the_sources(tmp_path):
    pytest.importorskip("nbgrader", reason="nbgrader is not installed; `pip install nbgrader` to run this test")
    for name in NAMES:
        assignment = name.removesuffix(".ipynb")
        (tmp_path / "source" / assignment).mkdir(parents=True)
        shutil.copy(SRC / name, tmp_path / "source" / assignment / name)
        subprocess.run(
            [sys.executable, "-m", "nbgrader", "generate_assignment", assignment,
             f"--CourseDirectory.root={tmp_path}", "--force", "--create"],
            check=True, cwd=tmp_path, capture_output=True, timeout=300,
            # nbgrader runs `alembic` from PATH: use the one beside this Python
            env={**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])})
        released = json.loads((tmp_path / "release" / assignment / name).read_text(encoding="utf-8"))
        text = json.dumps(released)
        assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
        assert "raise NotImplementedError()" in text
