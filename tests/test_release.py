"""genlearn.course.release: the student-only tree that the hub hands out.

Oracles: git itself (the files of the committed tree, the branch's parents)
and the instructor sources: no path under ``instructor/`` or ``tests/`` and
no line of a homework solution in any notebook or page of the tree.
"""
import io
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import nbformat
import pytest

from genlearn.course import hub, release

ROOT = Path(__file__).resolve().parent.parent


def _git(repo, *args):
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()


def _solution_lines():
    lines = set()
    for path in (ROOT / "instructor" / "source").glob("*/*.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            for block in re.findall(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", cell.source, re.S):
                lines |= {line.strip() for line in block.splitlines() if len(line.strip()) > 15}
    return lines


def test_this_repository_s_student_tree_holds_no_instructor_material():
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True).returncode != 0:
        pytest.skip("not a git checkout: the student tree is made from a commit")
    tree = release.student_tree(ROOT)
    files = release.check_tree(ROOT, tree)
    assert not [f for f in files if f.split("/")[0] in ("instructor", "tests", ".ci")]
    for needed in ("Makefile", "pyproject.toml", "binder/requirements.txt", "lib/genlearn/__init__.py",
                   "notebooks/00_start_here.ipynb", "notebooks/homework/hw1_gda.ipynb"):
        assert needed in files, needed
    archive = subprocess.run(["git", "archive", "--format=tar", tree], cwd=ROOT, check=True, capture_output=True)
    solutions = _solution_lines()
    assert len(solutions) > 50
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith((".ipynb", ".md")):
                text = tar.extractfile(member).read().decode("utf-8", "replace")
                leaked = [line for line in solutions if line in text]
                assert not leaked, f"{member.name} holds solution lines: {leaked[:3]}"


def _commit(repo, message):
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", message)


def test_release_chains_commits_on_the_branch_and_leaves_the_work_tree_alone(tmp_path):
    repo = tmp_path / "course"
    for rel, text in {"README.md": "hello\n", "notebooks/01.ipynb": "{}\n", "instructor/grading.py": "# hidden\n",
                      "instructor/source/hw/hw.ipynb": '{"x": "### BEGIN SOLUTION"}\n',
                      "tests/test_grading.py": "# gaming recipes\n"}.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    _git(tmp_path, "init", "-q", "-b", "main", str(repo))
    _commit(repo, "course")
    first = release.release(repo, folder=tmp_path / "out")
    assert _git(repo, "rev-parse", "student") == first
    assert sorted(str(p.relative_to(tmp_path / "out")) for p in (tmp_path / "out").rglob("*") if p.is_file()) == \
        ["README.md", "notebooks/01.ipynb"]
    assert _git(repo, "ls-tree", "-r", "--name-only", "student").split() == ["README.md", "notebooks/01.ipynb"]
    assert release.release(repo) == first                     # nothing changed: nothing committed
    (repo / "README.md").write_text("hello again\n")
    _commit(repo, "more")
    second = release.release(repo)
    assert _git(repo, "rev-parse", f"{second}^") == first     # nbgitpuller pulls it as a fast-forward
    assert _git(repo, "status", "--porcelain") == "" and _git(repo, "rev-parse", "--abbrev-ref", "HEAD") == "main"
    with pytest.raises(ValueError, match="not empty"):
        release.release(repo, folder=tmp_path / "out")


def test_a_solution_outside_instructor_stops_the_release(tmp_path):
    repo = tmp_path / "course"
    (repo / "notebooks").mkdir(parents=True)
    (repo / "notebooks" / "hw.ipynb").write_text('{"source": "### BEGIN SOLUTION\\nx = 1"}\n')
    _git(tmp_path, "init", "-q", "-b", "main", str(repo))
    _commit(repo, "oops")
    with pytest.raises(ValueError, match=r"notebooks/hw\.ipynb.*EXCLUDED"):
        release.release(repo)
    assert subprocess.run(["git", "rev-parse", "--verify", "--quiet", "student"], cwd=repo).returncode != 0


def test_hub_links_hand_out_the_student_branch_by_default():
    out = subprocess.run([sys.executable, "-m", "genlearn.course.hub", "links", "--hub", "https://hub.example.edu"],
                         capture_output=True, text=True, check=True).stdout
    branches = {hub.query(line.split("\t")[1])["branch"] for line in out.splitlines()}
    assert branches == {release.BRANCH} == {hub.STUDENT_BRANCH}
