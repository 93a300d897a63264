"""The student-only tree: what a hub hands out, without the instructor material.

The repository holds the course for instructors too: ``instructor/`` (the
homework's solutions, the hidden tests, the rubrics, the answers to the
lessons' exercises) and the tests that grade with them. A student who gets a
clone of it can read all of that. :func:`release` makes a commit of the
repository's ``HEAD`` without :data:`EXCLUDED` on the branch ``student``
(git plumbing: the working tree and the index are not touched), each release
a child of the previous one, so that nbgitpuller brings later releases in as
ordinary pulls. ``python -m genlearn.course.hub links`` hands out that branch
by default.

Command line (``make student-release``)::

    python -m genlearn.course.release                  # branch "student" from HEAD
    python -m genlearn.course.release --folder DIR     # also write the tree into DIR

Then push the branch where the hub's users can clone it. A student can fetch
every branch of the repository their clone came from: for a course whose
solutions must stay private, push the student branch to a repository of its
own (``git push STUDENT_REPO student:main``) and give that repository to
``hub links --repo STUDENT_REPO --branch main``.

Before it commits, :func:`release` checks the tree: no ``instructor/``, no
``grading.py``, no notebook with nbgrader's solution or hidden-test markers.
"""
import argparse
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

__all__ = ["EXCLUDED", "BRANCH", "student_tree", "check_tree", "release", "main"]

#: paths left out of the student tree: the instructor material, the test suite (which grades with it, checks
#: the answer keys and lists ways of gaming the grader; it runs in the full repository), the benchmark that
#: grades, and CI
EXCLUDED = ("instructor", "tests", "benchmarks/bench_autograde.py", ".ci")
#: the branch the hub hands out
BRANCH = "student"

_ROOT = Path(__file__).resolve().parents[3]


def _git(repo, *args, env=None, data=None):
    proc = subprocess.run(["git", *args], cwd=repo, env={**os.environ, **(env or {})}, input=data,
                          capture_output=True)
    if proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed in {repo}: {proc.stderr.decode(errors='replace').strip()}")
    return proc.stdout


def student_tree(repo=_ROOT, ref="HEAD", excluded=EXCLUDED):
    """The git tree (its hash) of ``ref`` without the ``excluded`` paths."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {"GIT_INDEX_FILE": os.path.join(tmp, "index")}        # a private index: the real one is untouched
        _git(repo, "read-tree", ref, env=env)
        _git(repo, "rm", "-r", "--cached", "--quiet", "--ignore-unmatch", "--", *excluded, env=env)
        return _git(repo, "write-tree", env=env).decode().strip()


def check_tree(repo, tree):
    """Refuse a tree that holds instructor material; returns its list of files."""
    files = _git(repo, "ls-tree", "-r", "--name-only", "-z", tree).decode().split("\0")
    files = [f for f in files if f]
    bad = [f for f in files if "instructor" in Path(f).parts or Path(f).name == "grading.py"]
    for f in files:
        if f.endswith(".ipynb"):
            text = _git(repo, "cat-file", "blob", f"{tree}:{f}").decode("utf-8", "replace")
            if "BEGIN SOLUTION" in text or "BEGIN HIDDEN TESTS" in text:
                bad.append(f)
    if bad:
        raise ValueError(f"the student tree would hold instructor material: {bad[:5]}; add the paths to "
                         "genlearn.course.release.EXCLUDED or remove the solutions from those notebooks")
    return files


def release(repo=_ROOT, branch=BRANCH, ref="HEAD", folder=None):
    """Commit the student tree of ``ref`` on ``branch``; returns the commit's hash.

    The commit's parent is the branch's previous commit (none for the first
    release); when the tree has not changed, nothing is committed. With
    ``folder``, the tree is also written there (the folder must be empty or
    not exist).
    """
    tree = student_tree(repo, ref)
    check_tree(repo, tree)
    try:
        parent = _git(repo, "rev-parse", "--verify", "--quiet", f"refs/heads/{branch}^{{commit}}").decode().strip()
    except RuntimeError:
        parent = ""
    if parent and _git(repo, "rev-parse", f"{parent}^{{tree}}").decode().strip() == tree:
        commit = parent
    else:
        source = _git(repo, "rev-parse", "--short", ref).decode().strip()
        env = {}
        for role in ("AUTHOR", "COMMITTER"):                 # a machine without a git identity (CI)
            env.setdefault(f"GIT_{role}_NAME", os.environ.get(f"GIT_{role}_NAME") or _config(repo, "user.name")
                           or "genlearn student release")
            env.setdefault(f"GIT_{role}_EMAIL", os.environ.get(f"GIT_{role}_EMAIL") or _config(repo, "user.email")
                           or "student-release@genlearn.invalid")
        args = ["commit-tree", tree, "-m", f"Student release of {source} (no instructor material)"]
        if parent:
            args += ["-p", parent]
        commit = _git(repo, *args, env=env).decode().strip()
        _git(repo, "update-ref", f"refs/heads/{branch}", commit, *([parent] if parent else []))
    if folder is not None:
        folder = Path(folder)
        if folder.exists() and any(folder.iterdir()):
            raise ValueError(f"{folder} is not empty: give an empty or new folder for the student tree")
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(fileobj=io.BytesIO(_git(repo, "archive", "--format=tar", tree))) as tar:
            if hasattr(tarfile, "data_filter"):            # Python >= 3.10.12 / 3.11.4
                tar.extractall(folder, filter="data")
            else:                                           # pragma: no cover
                tar.extractall(folder)
    return commit


def _config(repo, key):
    proc = subprocess.run(["git", "config", key], cwd=repo, capture_output=True, text=True)
    return proc.stdout.strip()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m genlearn.course.release",
                                     description="Commit the student-only tree (no instructor material) on a branch.")
    parser.add_argument("--branch", default=BRANCH, help=f"branch to commit to (default: {BRANCH})")
    parser.add_argument("--ref", default="HEAD", help="commit to release (default: HEAD; uncommitted changes "
                                                     "are not released)")
    parser.add_argument("--folder", default=None, help="also write the tree into this (empty) folder")
    args = parser.parse_args(argv)
    try:
        commit = release(_ROOT, args.branch, args.ref, args.folder)
    except (ValueError, RuntimeError) as exc:
        parser.error(str(exc))
    print(f"{args.branch}: {commit} (the tree of {args.ref} without {', '.join(EXCLUDED)})")
    print(f"hand it out: git push <repository> {args.branch}, then python -m genlearn.course.hub links --hub URL"
          + (f" --branch {args.branch}" if args.branch != BRANCH else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
