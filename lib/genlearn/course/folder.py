"""The course folder: where the course tools find the lessons, the homework and the instructor's files.

A course folder is a checkout of the genlearn repository, or any folder laid
out like one::

    notebooks/00_start_here.ipynb, notebooks/NN_<lesson>.ipynb   the lessons
    notebooks/homework/*.ipynb                                  the student versions
    instructor/                                                 the nbgrader course

The tools in :mod:`genlearn.course` take it as an argument (``--course DIR``
on the command line, ``course=`` in Python) and never look for it beside
their own files, so they work the same from a checkout and from an installed
``genlearn[course]``. Without the argument they take the folder that holds
the current directory, as git finds its repository.

Functions
---------
course_folder   the course folder given, or the one around the current directory
"""
from pathlib import Path

__all__ = ["course_folder", "LESSON_GLOB"]

#: The numbered notebooks (the start page and the lessons) in ``notebooks/``.
LESSON_GLOB = "[0-9][0-9]_*.ipynb"


def _is_course(folder):
    notebooks = folder / "notebooks"
    return notebooks.is_dir() and any(notebooks.glob(LESSON_GLOB))


def course_folder(course=None):
    """The course folder ``course``, or the one that holds the current directory.

    Parameters
    ----------
    course : str or Path, optional
        A folder with ``notebooks/NN_*.ipynb`` (a checkout of genlearn).
        ``None`` looks in the current directory and then in its parents.

    Returns
    -------
    Path, absolute

    Raises
    ------
    ValueError
        When ``course`` is not a course folder, or when ``course`` is None and
        neither the current directory nor a parent of it is one; the message
        says what to pass instead.

    Examples
    --------
    >>> course_folder().joinpath("notebooks", "00_start_here.ipynb").is_file()  # from a checkout
    True
    """
    if course is not None:
        folder = Path(course).expanduser().resolve()
        if _is_course(folder):
            return folder
        hint = (f" (that is its notebooks folder: pass {folder.parent})"
                if any(folder.glob(LESSON_GLOB)) and _is_course(folder.parent) else "")
        raise ValueError(f"{folder} is not a course folder: it has no notebooks/NN_*.ipynb{hint}. "
                         "Pass the folder of a genlearn checkout, e.g. --course path/to/genlearn "
                         "(course='path/to/genlearn' in Python).")
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if _is_course(folder):
            return folder
    raise ValueError(f"no course folder here: neither {here} nor a folder above it has "
                     "notebooks/NN_*.ipynb. Run the command inside a checkout of genlearn, or name "
                     "one with --course path/to/genlearn (course='path/to/genlearn' in Python).")
