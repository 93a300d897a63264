"""genlearn.course.present without a browser: which notebook is served, with which Voilà command.
Oracle: the lesson files on disk and the template files shipped in the package; the page
itself is tested in tests/browser/test_presenter.py."""
import json
import re
from pathlib import Path

import nbformat
import pytest

from genlearn.course import present

ROOT = Path(__file__).resolve().parent.parent


def test_find_lesson_by_number_or_path(tmp_path, monkeypatch):
    lesson = ROOT / "notebooks" / "02_multivariate_gaussian.ipynb"
    assert present.find_lesson("02") == lesson
    assert present.find_lesson("2") == lesson
    assert present.find_lesson(str(lesson)) == lesson
    monkeypatch.chdir(tmp_path)  # outside the checkout: the course folder is named
    assert present.find_lesson("02", course=ROOT) == lesson
    with pytest.raises(ValueError, match="no course folder here.*--course"):
        present.find_lesson("02")


def test_unknown_lesson_names_the_choices():
    with pytest.raises(ValueError, match=r"no lesson '99'.*one of 00, 01, 02"):
        present.find_lesson("99")


def test_explorer_notebook_shows_only_the_explorer(tmp_path):
    lesson = present.find_lesson("02")
    out = present.explorer_notebook(lesson, tmp_path)
    nb = nbformat.read(out, as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    # every cell but the last shows nothing; the last is the lesson's explorer cell
    assert all(src.startswith("%%capture\n") for src in code[:-1])
    assert "GaussianExplorer()" in code[-1] and not code[-1].startswith("%%capture")
    assert str(lesson.parent) in code[0], "the cells run in the lesson's folder"
    assert nb.metadata["kernelspec"]["name"] == "python3"


def test_a_lesson_without_explorer_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no widget output.*drop --only"):
        present.explorer_notebook(present.find_lesson("00"), tmp_path)


def test_voila_command_and_template():
    cmd = present.voila_command("x.ipynb", port=9999, open_browser=False)
    assert "--template=genlearn" in cmd and "--port=9999" in cmd and "--no-browser" in cmd
    assert "--strip_sources=True" in cmd and "--Voila.ip=127.0.0.1" in cmd
    template = present.TEMPLATE_ROOT / "voila" / "templates" / "genlearn"
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    env = present.voila_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(":") == [str(present.TEMPLATE_ROOT), "/elsewhere"]


def test_template_names_no_remote_url():
    text = (present.TEMPLATE_ROOT / "voila" / "templates" / "genlearn" / "index.html.j2").read_text()
    assert not re.search(r"https?://", text)
