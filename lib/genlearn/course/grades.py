"""Grades out of nbgrader's gradebook, in the CSV import format of Canvas, Moodle, or plain CSV.

``python -m genlearn.course.grades export --format canvas|moodle|csv [--assignment NAME] [--out FILE]``
reads ``gradebook.db`` of the course (``instructor/``) through nbgrader's own
API (:class:`nbgrader.api.Gradebook`) and writes one file for the course (one
column per assignment) or, with ``--assignment``, for that assignment only.
docs/grading.md gives the import steps of each LMS.

* **canvas**: the columns of Canvas's gradebook import: ``Student`` ("Last,
  First"), ``ID`` (the student's Canvas user id, nbgrader's ``lms_user_id``),
  ``SIS User ID``, ``SIS Login ID`` (nbgrader's student id, the hub login),
  ``Section``, then one column per assignment; the first row under the
  header is ``Points Possible``.
* **moodle**: the columns of Moodle's CSV grade import: ``Username``
  (nbgrader's student id; map it to the user field "username"), ``Email
  address`` (or map this one to "email"), ``First name``, ``Last name``, then
  one column per assignment, named as its grade item.
* **csv**: ``student_id``, ``last_name``, ``first_name``, ``email``, one column
  per assignment and ``total``; a second row ``points possible``.

A student without a submission gets an empty cell (the LMS leaves that grade
alone): enter 0 or excuse it there.
"""
import argparse
import csv
import sys
from pathlib import Path

__all__ = ["FORMATS", "gradebook_scores", "rows", "export", "main"]

FORMATS = ("canvas", "moodle", "csv")


def gradebook_scores(db_url, course_id="genlearn", assignment=None):
    """(assignments [(name, points possible)], students [dict], scores {(student, assignment): score or None})."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url, course_id) as gb:
        names = [a.name for a in sorted(gb.assignments, key=lambda a: a.name)]
        if assignment is not None:
            if assignment not in names:
                raise ValueError(f"the gradebook has no assignment {assignment!r}; it has {names}.")
            names = [assignment]
        assignments = [(name, float(gb.find_assignment(name).max_score)) for name in names]
        students = [{"id": s.id, "first_name": s.first_name or "", "last_name": s.last_name or "",
                     "email": s.email or "", "lms_user_id": s.lms_user_id or ""}
                    for s in sorted(gb.students, key=lambda s: s.id)]
        scores = {}
        for s in students:
            for name, _ in assignments:
                try:
                    scores[s["id"], name] = float(gb.find_submission(name, s["id"]).score)
                except MissingEntry:
                    scores[s["id"], name] = None
    return assignments, students, scores


def _number(x):
    return "" if x is None else f"{x:g}"


def rows(fmt, assignments, students, scores):
    """The rows (lists of strings, the header first) of the export in ``fmt``."""
    names = [name for name, _ in assignments]
    if fmt == "canvas":
        out = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *names],
               ["Points Possible", "", "", "", "", *[_number(p) for _, p in assignments]]]
        for s in students:
            who = ", ".join(x for x in (s["last_name"], s["first_name"]) if x) or s["id"]
            out.append([who, s["lms_user_id"], "", s["id"], "", *[_number(scores[s["id"], n]) for n in names]])
        return out
    if fmt == "moodle":
        out = [["Username", "Email address", "First name", "Last name", *names]]
        out += [[s["id"], s["email"], s["first_name"], s["last_name"], *[_number(scores[s["id"], n]) for n in names]]
                for s in students]
        return out
    if fmt == "csv":
        out = [["student_id", "last_name", "first_name", "email", *names, "total"],
               ["points possible", "", "", "", *[_number(p) for _, p in assignments],
                _number(sum(p for _, p in assignments))]]
        for s in students:
            got = [scores[s["id"], n] for n in names]
            out.append([s["id"], s["last_name"], s["first_name"], s["email"], *map(_number, got),
                        _number(sum(x for x in got if x is not None))])
        return out
    raise ValueError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}.")


def export(fmt, out, db_url, course_id="genlearn", assignment=None):
    """Write the gradebook to the CSV file ``out`` in ``fmt`` (see the module's docstring); returns ``out``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}.")
    table = rows(fmt, *gradebook_scores(db_url, course_id, assignment))
    out = Path(out)
    with open(out, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(table)
    return out


def main(argv=None):
    from .folder import course_folder

    parser = argparse.ArgumentParser(prog="python -m genlearn.course.grades", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("export", help="write the gradebook in an LMS's import format")
    p.add_argument("--format", choices=FORMATS, default="csv")
    p.add_argument("--assignment", help="one assignment only (default: all, one column each)")
    p.add_argument("--out", help="the file (default: grades-<format>[-<assignment>].csv in the course folder)")
    p.add_argument("--course", help="the course folder (default: the checkout around the current directory)")
    p.add_argument("--db", help="the gradebook (default: sqlite:///<course>/instructor/gradebook.db)")
    p.add_argument("--course-id", default="genlearn", help="nbgrader's course id (default: genlearn)")
    args = parser.parse_args(argv)
    instructor = course_folder(args.course) / "instructor" if not args.db else Path.cwd()
    db = args.db or f"sqlite:///{instructor / 'gradebook.db'}"
    if not args.db and not (instructor / "gradebook.db").exists():
        raise ValueError(f"{instructor / 'gradebook.db'} is missing: autograde first, or name it with --db.")
    name = f"grades-{args.format}{'-' + args.assignment if args.assignment else ''}.csv"
    out = export(args.format, args.out or instructor / name, db, args.course_id, args.assignment)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
