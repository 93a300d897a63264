"""The repository keeps the rules of STYLE.md that a machine can check: ruff passes, and no file
names a path outside the repository.

Oracles: ruff (pinned in the test extra, configured in pyproject.toml) and the tracked files
themselves, read as text.
"""
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
