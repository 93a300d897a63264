"""genlearn.course.hub: the nbgitpuller links an instructor hands out.

Oracle: nbgitpuller's documented link format (parameters repo, branch,
urlpath, targetPath under /hub/user-redirect/git-pull), decoded with the
standard library, and the numbered notebooks on disk. tests/hub/ follows such
a link on a real JupyterHub."""
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from genlearn.course import hub

ROOT = Path(__file__).resolve().parent.parent


def _params(link):
    q = parse_qs(urlsplit(link).query, strict_parsing=True)
    assert all(len(v) == 1 for v in q.values()), "each parameter once"
    return {k: v[0] for k, v in q.items()}


def test_link_names_repo_branch_notebook_and_clone_folder():
    link = hub.nbgitpuller_link("https://hub.example.edu", "notebooks/02_multivariate_gaussian.ipynb",
                                branch="fall-2026")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "hub.example.edu", "/hub/user-redirect/git-pull")
    assert _params(link) == {"repo": "https://github.com/genlearn/genlearn", "branch": "fall-2026",
                             "urlpath": "lab/tree/genlearn/notebooks/02_multivariate_gaussian.ipynb",
                             "targetPath": "genlearn"}
    assert hub.query(link) == _params(link)


@pytest.mark.parametrize("repo, folder", [
    ("https://github.com/someone/genlearn.git", "genlearn"),
    ("https://gitlab.example.edu/course/ml-genlearn/", "ml-genlearn"),
    ("file:///srv/git/genlearn", "genlearn"),
])
def test_clone_folder_drops_dot_git_and_the_notebook_lives_in_it(repo, folder):
    q = _params(hub.nbgitpuller_link("https://hub.example.edu", "notebooks/00_start_here.ipynb", repo=repo))
    assert q["repo"] == repo and q["targetPath"] == folder
    assert q["urlpath"] == f"lab/tree/{folder}/notebooks/00_start_here.ipynb"


@pytest.mark.parametrize("given", ["https://example.edu/jupyter", "https://example.edu/jupyter/",
                                   "https://example.edu/jupyter/hub/"])
def test_hub_base_url_is_kept_and_a_pasted_hub_page_trimmed(given):
    link = hub.nbgitpuller_link(given, "notebooks/00_start_here.ipynb")
    assert link.startswith("https://example.edu/jupyter/hub/user-redirect/git-pull?")


@pytest.mark.parametrize("kwargs, words", [
    (dict(hub="hub.example.edu"), "https://hub.example.edu"),
    (dict(hub="https://hub.example.edu/?next=x"), "no query"),
    (dict(repo="genlearn"), "git URL"),
    (dict(repo="https://github.com/"), "names no repository"),
    (dict(branch="my branch"), "--branch student"),
    (dict(branch=""), "--branch student"),
    (dict(notebook="notebooks/02"), "ending in .ipynb"),
    (dict(notebook="/notebooks/02.ipynb"), "inside the repository"),
])
def test_bad_input_names_the_fix(kwargs, words):
    args = dict(hub="https://hub.example.edu", notebook="notebooks/00_start_here.ipynb")
    args.update(kwargs)
    with pytest.raises(ValueError, match=words.replace(".", r"\.").replace("?", r"\?")):
        hub.nbgitpuller_link(**args)


def test_lessons_are_the_numbered_notebooks_start_first():
    on_disk = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert hub.lesson_notebooks() == [f"notebooks/{n}" for n in on_disk]
    assert hub.lesson_notebooks()[0] == "notebooks/00_start_here.ipynb" and len(on_disk) >= 8


def test_no_course_folder_is_a_clear_error(tmp_path, monkeypatch):
    with pytest.raises(ValueError, match="not a course folder.*--course"):
        hub.lesson_notebooks(tmp_path)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="no course folder here.*--course"):
        hub.lesson_notebooks()
    assert hub.lesson_notebooks(ROOT)[0] == "notebooks/00_start_here.ipynb"


def test_command_prints_one_link_per_lesson(tmp_path):
    out = subprocess.run([sys.executable, "-m", "genlearn.course.hub", "links", "--hub", "https://hub.example.edu",
                          "--branch", "main", "--course", str(ROOT)], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    assert [name for name, _ in rows] == [Path(nb).stem for nb in hub.lesson_notebooks()]
    for name, link in rows:
        q = _params(link)
        assert q["urlpath"] == f"lab/tree/genlearn/notebooks/{name}.ipynb" and q["branch"] == "main"


def test_command_rejects_a_bad_hub_with_the_reason(capsys):
    with pytest.raises(SystemExit) as exit_:
        hub.main(["links", "--hub", "hub.example.edu"])
    assert exit_.value.code == 2 and "https://hub.example.edu" in capsys.readouterr().err
