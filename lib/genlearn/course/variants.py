"""Per-student homework: the seeds, kept on the instructor's side, and the notebooks handed out.

A student's seed is ``HMAC-SHA256(course secret, "<assignment>/<student id>")``,
its first 8 bytes as an integer below 2**63 (:func:`student_seed`). The
secret is a file of the course folder, ``variant_secret`` (made once by
``python -m genlearn.course.variants secret``), which the grading sandbox does
not show; without it, nobody can derive a seed, so the seed in one student's
notebook reveals no other student's. The instructor can derive every seed
again at any time: the draw (:mod:`genlearn.homework.variants`) is
reproducible.

``python -m genlearn.course.variants personalise hw3_m_estimate alice bob``
writes ``personal/<student>/<assignment>/<assignment>.ipynb``: the released
notebook (``release/``, from ``nbgrader generate_assignment``) with the line
``MY_SEED = ...`` of its variant cell set to that student's seed. Hand each
student their own file (their LMS, their hub folder); they submit it as usual.

At grading (:mod:`genlearn.course.autograde`) the expected answers come from
the seed derived for the submitting student, never from the notebook; a
notebook whose ``MY_SEED`` is another student's is reported as such.

Examples
--------
>>> secret = bytes(32)
>>> a = student_seed(secret, "hw3_m_estimate", "alice")
>>> a == student_seed(secret, "hw3_m_estimate", "alice"), a == student_seed(secret, "hw3_m_estimate", "bob")
(True, False)
>>> 0 <= a < 2**63
True
>>> seed_of_notebook_source(["import numpy as np", "MY_SEED = 42\\nmine = 1"])
42
"""
import argparse
import hashlib
import hmac
import re
import secrets
import sys
from pathlib import Path

__all__ = ["SECRET_FILE", "student_seed", "read_secret", "make_secret", "seed_of_notebook_source", "personalise",
           "whose_seed", "main"]

#: the course secret's file, in the course folder (instructor/)
SECRET_FILE = "variant_secret"

_SEED_LINE = re.compile(r"^MY_SEED = (\d+)[ \t]*(#.*)?$", re.MULTILINE)


def student_seed(secret, assignment, student):
    """The seed of ``student`` for ``assignment``: an HMAC of both under the course ``secret`` (bytes)."""
    if not isinstance(secret, bytes) or len(secret) < 16:
        raise ValueError("the course secret must be at least 16 bytes: make one with "
                         "`python -m genlearn.course.variants secret`.")
    digest = hmac.new(secret, f"{assignment}/{student}".encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def make_secret(course):
    """Write a new random secret to ``<course>/variant_secret`` (refuses to replace one)."""
    path = Path(course) / SECRET_FILE
    if path.exists():
        raise ValueError(f"{path} exists: a new secret would change every student's data. Delete it first if "
                         "no notebook was handed out yet.")
    path.write_text(secrets.token_hex(32) + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


def read_secret(course):
    """The course secret (bytes) from ``<course>/variant_secret``."""
    path = Path(course) / SECRET_FILE
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise ValueError(f"{path} is missing: per-student homework needs the course secret. Make it once with "
                         "`python -m genlearn.course.variants secret` (and keep it: it fixes every student's "
                         "data).") from None
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise ValueError(f"{path} should hold the secret in hexadecimal, as `variants secret` writes it.") from None


def seed_of_notebook_source(sources):
    """The value of the line ``MY_SEED = <int>`` in the cells' ``sources``, or None."""
    for source in sources:
        found = _SEED_LINE.search(source)
        if found:
            return int(found.group(1))
    return None


def personalise(nb, seed):
    """The notebook ``nb`` (nbformat) with its ``MY_SEED`` line set to ``seed``; ValueError if it has none."""
    for cell in nb.cells:
        if cell.cell_type == "code" and _SEED_LINE.search(cell.source):
            cell.source = _SEED_LINE.sub(f"MY_SEED = {int(seed)}  # yours: keep it as it is", cell.source, count=1)
            return nb
    raise ValueError("this notebook has no line `MY_SEED = <number>`: it has no per-student data.")


def whose_seed(seed, secret, assignment, students):
    """The students (of ``students``) whose seed for ``assignment`` is ``seed``."""
    return [s for s in students if student_seed(secret, assignment, s) == seed]


def _nbgrader_course(course):
    """The nbgrader course folder (the one with ``nbgrader_config.py``): ``course`` itself when it is one (a
    copied ``instructor/`` folder, anywhere), else ``instructor/`` of the course folder ``course`` (a checkout;
    None: the current directory when it is an nbgrader course folder, else the checkout around it)."""
    from .folder import course_folder

    for folder in ([Path(course)] if course is not None else [Path.cwd()]):
        if (folder / "nbgrader_config.py").is_file():
            return folder.resolve()
    try:
        return course_folder(course) / "instructor"
    except ValueError as exc:
        raise ValueError(f"{exc} Or pass the nbgrader course folder itself (the folder holding "
                         "nbgrader_config.py, e.g. a copy of instructor/).") from None


def main(argv=None):
    import nbformat

    parser = argparse.ArgumentParser(prog="python -m genlearn.course.variants", description=__doc__.split("\n")[0])
    parser.add_argument("--course", help="the nbgrader course folder (with nbgrader_config.py, e.g. instructor/ or "
                                         "a copy of it), or a checkout holding it in instructor/ (default: the "
                                         "current directory if it holds nbgrader_config.py, else the checkout "
                                         "around it)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("secret", help="make the course secret (instructor/variant_secret), once")
    p = sub.add_parser("personalise", help="one notebook per student, in personal/<student>/<assignment>/")
    p.add_argument("assignment")
    p.add_argument("students", nargs="+", help="student ids, as nbgrader knows them")
    args = parser.parse_args(argv)
    course = _nbgrader_course(args.course)
    if args.command == "secret":
        print(f"wrote {make_secret(course)}")
        return 0
    secret = read_secret(course)
    released = course / "release" / args.assignment / f"{args.assignment}.ipynb"
    if not released.exists():
        raise ValueError(f"{released} is missing: run `nbgrader generate_assignment {args.assignment}` first.")
    for student in args.students:
        nb = personalise(nbformat.read(released, as_version=4), student_seed(secret, args.assignment, student))
        out = course / "personal" / student / args.assignment / released.name
        out.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, out)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
