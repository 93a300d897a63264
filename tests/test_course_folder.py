"""genlearn.course.folder: the course tools find the course folder they are given, or the one around
the current directory, and never the one beside their own files.

Oracle: folders made here (a course is a folder with notebooks/NN_*.ipynb) and this checkout.
tests/test_install.py runs the tools from a non-editable install.
"""
from pathlib import Path

import pytest

from genlearn.course import assignments
from genlearn.course.folder import course_folder

CHECKOUT = Path(__file__).resolve().parent.parent


def _course(root):
    (root / "notebooks").mkdir(parents=True)
    (root / "notebooks" / "01_lesson.ipynb").write_text("{}")
    return root


def test_a_named_course_folder_is_taken_as_it_is(tmp_path, monkeypatch):
    course = _course(tmp_path / "my course")
    monkeypatch.chdir(CHECKOUT)
    assert course_folder(course) == course.resolve()
    assert course_folder(str(course)) == course.resolve()


def test_without_a_name_the_folder_around_the_current_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(CHECKOUT / "lib" / "genlearn")
    assert course_folder() == CHECKOUT.resolve()
    course = _course(tmp_path / "course")
    (course / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(course / "deep" / "er")
    assert course_folder() == course.resolve()


def test_no_course_folder_names_the_option(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"no course folder here: neither .* --course path/to/genlearn"):
        course_folder()
    with pytest.raises(ValueError, match=r"is not a course folder: it has no notebooks/NN_\*\.ipynb\. .*--course"):
        course_folder(tmp_path)


def test_the_notebooks_folder_itself_gets_a_hint():
    with pytest.raises(ValueError, match=f"that is its notebooks folder: pass {CHECKOUT.resolve()}"):
        course_folder(CHECKOUT / "notebooks")


def test_assignments_need_the_instructor_folder(tmp_path):
    assert assignments.instructor_folder(CHECKOUT) == CHECKOUT.resolve() / "instructor"
    with pytest.raises(ValueError, match="holds no nbgrader course.*--course"):
        assignments.instructor_folder(_course(tmp_path / "lessons_only"))
    copy = assignments.copy_course(tmp_path / "copy", CHECKOUT, names=assignments.ASSIGNMENTS[:1])
    assert (copy / "nbgrader_config.py").is_file()
    assert (copy / "source" / assignments.ASSIGNMENTS[0]).is_dir()
