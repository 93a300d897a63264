"""nbgitpuller links: hand the suite out on a JupyterHub, one link per lesson.

A student who clicks such a link logs in to the hub, gets a server, and
nbgitpuller clones the course repository into a folder of their home (or, on
later clicks, merges the new commits without touching their own edits); then
JupyterLab opens the notebook. The hub's single-user image must have
nbgitpuller installed: the ``binder/`` files, which repo2docker builds, do.

The links hand out the branch ``student`` by default: the student-only tree
that ``make student-release`` (:mod:`genlearn.course.release`) commits, without
``instructor/`` (solutions, hidden tests) or the test suite. Push it first.

Command line::

    python -m genlearn.course.hub links --hub https://hub.example.edu [--branch student] [--repo URL]

prints the link of the start notebook and of each lesson, one per line
(name, tab, link). The lessons are the numbered notebooks of the course
folder (``--course DIR``; by default the checkout around the current
directory, see :mod:`genlearn.course.folder`).

A link has the form nbgitpuller documents::

    {hub}/hub/user-redirect/git-pull?repo=...&branch=...&urlpath=lab/tree/{folder}/{notebook}&targetPath={folder}

``targetPath`` fixes the folder the repository is cloned into (by default
nbgitpuller takes the last part of the repository URL, ``.git`` included), so
that ``urlpath`` always points at the cloned notebook.
"""
import argparse
import re
import sys
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlsplit

from genlearn.course.folder import LESSON_GLOB, course_folder

__all__ = ["DEFAULT_REPO", "STUDENT_BRANCH", "nbgitpuller_link", "lesson_notebooks", "query", "main"]

#: The public repository (the README's Binder badge points at it too).
DEFAULT_REPO = "https://github.com/genlearn/genlearn"
#: The branch handed out: the student-only tree (genlearn.course.release)
STUDENT_BRANCH = "student"

def _folder(repo):
    """The folder a clone of ``repo`` gets: its last path part, without .git."""
    name = urlsplit(repo).path.rstrip("/").rsplit("/", 1)[-1]
    name = name[:-4] if name.endswith(".git") else name
    if not name:
        raise ValueError(f"repo={repo!r} names no repository; give its URL, e.g. {DEFAULT_REPO}")
    return name


def nbgitpuller_link(hub, notebook, repo=DEFAULT_REPO, branch=STUDENT_BRANCH):
    """The nbgitpuller link that opens ``notebook`` of ``repo`` on ``hub``.

    Parameters
    ----------
    hub : str
        The hub's address as students open it, ``https://hub.example.edu``
        (with the hub's base URL if it has one, ``https://example.edu/jupyter``).
    notebook : str
        Path of the notebook inside the repository, ``notebooks/02_...ipynb``.
    repo : str, default=DEFAULT_REPO
        URL of the git repository nbgitpuller clones (``https://``, ``git://``
        or ``file://``).
    branch : str, default="student"
        The branch to hand out: by default the student-only tree of
        ``make student-release``.

    Returns
    -------
    link : str

    Examples
    --------
    >>> print(nbgitpuller_link("https://hub.example.edu/", "notebooks/00_start_here.ipynb"))
    https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fgenlearn%2Fgenlearn&branch=student&urlpath=lab%2Ftree%2Fgenlearn%2Fnotebooks%2F00_start_here.ipynb&targetPath=genlearn
    """
    parts = urlsplit(hub)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"hub={hub!r} is not a hub address; give the URL students open, "
                         "e.g. https://hub.example.edu (no /hub/... path, no query)")
    if urlsplit(repo).scheme not in ("http", "https", "git", "file", "ssh"):
        raise ValueError(f"repo={repo!r} is not a git URL nbgitpuller can clone; "
                         f"give e.g. {DEFAULT_REPO}")
    if not branch or re.search(r"[\s~^:?*\[\\]|\.\.", branch):
        raise ValueError(f"branch={branch!r} is not a git branch name; give e.g. --branch student")
    if not notebook.endswith(".ipynb") or notebook.startswith("/"):
        raise ValueError(f"notebook={notebook!r} must be a path inside the repository ending in .ipynb, "
                         "e.g. notebooks/00_start_here.ipynb")
    hub_root = hub.rstrip("/")
    if hub_root.endswith("/hub"):  # the hub's own page was pasted
        hub_root = hub_root[:-4]
    folder = _folder(repo)
    return (f"{hub_root}/hub/user-redirect/git-pull?repo={quote(repo, safe='')}"
            f"&branch={quote(branch, safe='')}"
            f"&urlpath={quote(f'lab/tree/{folder}/{notebook}', safe='')}"
            f"&targetPath={quote(folder, safe='')}")


def lesson_notebooks(course=None):
    """The start notebook and the lessons of a course folder: ``notebooks/NN_*.ipynb`` in order.

    ``course`` is the course folder (default: the checkout around the current
    directory); a folder that is not one raises ValueError naming the fix.

    Examples
    --------
    >>> lesson_notebooks()[0]
    'notebooks/00_start_here.ipynb'
    """
    notebooks = course_folder(course) / "notebooks"
    return [f"notebooks/{p.name}" for p in sorted(notebooks.glob(LESSON_GLOB))]


def query(link):
    """The parameters of an nbgitpuller link, decoded.

    Examples
    --------
    >>> q = query(nbgitpuller_link("https://hub.example.edu", "notebooks/06_naive_bayes_text.ipynb"))
    >>> q["urlpath"], q["branch"]
    ('lab/tree/genlearn/notebooks/06_naive_bayes_text.ipynb', 'student')
    """
    return dict(parse_qsl(urlsplit(link).query, strict_parsing=True))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m genlearn.course.hub",
                                     description="Hand genlearn out on a JupyterHub with nbgitpuller.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("links", help="print an nbgitpuller link for the start notebook and each lesson")
    p.add_argument("--hub", required=True, help="the hub's address, e.g. https://hub.example.edu")
    p.add_argument("--branch", default=STUDENT_BRANCH,
                   help=f"branch to hand out (default: {STUDENT_BRANCH}, the student-only tree of "
                        "make student-release)")
    p.add_argument("--repo", default=DEFAULT_REPO, help=f"git repository (default: {DEFAULT_REPO})")
    p.add_argument("--course", default=None, help="the course folder, a checkout of genlearn "
                   "(default: the one around the current directory)")
    args = parser.parse_args(argv)
    try:
        rows = [(Path(nb).stem, nbgitpuller_link(args.hub, nb, args.repo, args.branch))
                for nb in lesson_notebooks(args.course)]
    except ValueError as exc:
        parser.error(str(exc))
    for name, link in rows:
        print(f"{name}\t{link}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
