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
    assert nb.metadata["genlearn"] == {"view": "explorer"}, "the template's one-explorer layout"


def test_explorer_notebook_from_a_relative_path(tmp_path, monkeypatch):
    """Voilà runs the small notebook in its own folder: the lesson's folder is named absolutely."""
    monkeypatch.chdir(ROOT)
    out = present.explorer_notebook(Path("notebooks/02_multivariate_gaussian.ipynb"), tmp_path)
    first = nbformat.read(out, as_version=4).cells[1].source
    assert repr(str(ROOT / "notebooks")) in first, first


def test_a_lesson_without_explorer_is_refused(tmp_path):
    with pytest.raises(ValueError, match="shows no explorer.*drop ONLY="):
        present.explorer_notebook(present.find_lesson("00"), tmp_path)


def _lessons_with(count):
    """Numbers of the lessons with ``count`` explorers: cells that build one and store its widget."""
    lessons = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    return [p.name[:2] for p in lessons
            if sum(_is_explorer(c) for c in nbformat.read(p, as_version=4).cells) == count]


def _shows_widget(cell):
    return cell.cell_type == "code" and any(present.WIDGET_VIEW_MIME in o.get("data", {}) for o in cell.outputs)


def _is_explorer(cell):
    return _shows_widget(cell) and re.search(r"\w+Explorer\(", cell.source) is not None


def test_any_explorer_is_chosen_by_number_or_name(tmp_path):
    """Oracle: the lesson's cells whose stored output is a widget, and the class their source builds."""
    lesson = present.find_lesson(_lessons_with(2)[0])
    nb = nbformat.read(lesson, as_version=4)
    cells = [i for i, c in enumerate(nb.cells) if _is_explorer(c)]
    names = [re.findall(r"(\w+Explorer)\(", nb.cells[i].source)[-1] for i in cells]
    assert present.explorers(lesson) == list(zip(cells, names))
    second = (2, cells[1], names[1])
    short = names[1].removesuffix("Explorer").lower()
    for spec in ("explorer:2", f"explorer:{names[1]}", names[1], short, short.upper()):
        assert present.choose_explorer(lesson, spec) == second, spec
    assert present.choose_explorer(lesson, "explorer") == (1, cells[0], names[0])
    out = present.explorer_notebook(lesson, tmp_path, short)
    code = [c.source for c in nbformat.read(out, as_version=4).cells if c.cell_type == "code"]
    assert code[-1] == nb.cells[cells[1]].source, "the chosen explorer's cell comes last"
    assert sum(not src.startswith("%%capture") for src in code) == 1, "the first explorer runs silently"


@pytest.mark.parametrize("argv, says", [
    ([_lessons_with(0)[-1], "--only", "explorer"], "shows no explorer.*drop ONLY="),
    ([_lessons_with(2)[0], "--only", "explorer:7"], r"has 2 explorer\(s\) \(1 \w+, 2 \w+\), no explorer 7: choose"),
    ([_lessons_with(2)[0], "--only", "nonsense"], "no explorer named 'nonsense'; its explorers are 1 .*ONLY=message"),
    (["99"], "no lesson '99'"),
    ([], "name a lesson.*make present NB=02"),
    (["02", "--only", "explorer", "--answers"], "drop --only"),
])
def test_impossible_requests_get_one_line(argv, says, capsys):
    """`make present NB=04 ONLY=explorer` and the like: one line that says what to do, exit status 2, no
    traceback (the ValueErrors of the functions above, printed by main)."""
    with pytest.raises(SystemExit) as exit_:
        present.main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.strip().splitlines()) == 1, err
    assert re.search(says, err) and "Traceback" not in err, err


def test_a_port_in_use_is_refused_in_one_line(capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(SystemExit) as exit_:
            present.main(["02", "--port", str(taken.getsockname()[1]), "--no-browser"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "is in use" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("lesson", sorted((ROOT / "notebooks").glob("0[1-9]_*.ipynb")), ids=lambda p: p.stem)
def test_answers_follow_the_exercises_only_when_asked(lesson, tmp_path):
    """Oracle: the lesson's numbered exercises and the '## Exercise k' sections of its answer key."""
    assert present.lesson_notebook(lesson, tmp_path) == lesson, "without --answers the lesson is shown as it is"
    key = (ROOT / "instructor" / "answers" / f"{lesson.stem}.md").read_text(encoding="utf-8")
    out = present.lesson_notebook(lesson, tmp_path, answers=True)
    nb = nbformat.read(out, as_version=4)
    at = next(i for i, c in enumerate(nb.cells) if c.source.startswith("## Exercises"))
    n = len(re.findall(r"^\d+\. ", nb.cells[at].source, re.M))
    answers = nb.cells[at + 1:at + 1 + n]
    for k, cell in enumerate(answers, 1):
        assert cell.source.startswith('<details class="gl-answer" name="gl-answers">\n<summary>Answer to exercise '
                                      f"{k}"), cell.source[:80]
        body = re.search(rf"^## Exercise {k}\b.*\n+([^\n]+)", key, re.M).group(1)
        assert body in cell.source, f"exercise {k}'s answer is not its key's"
    assert not nb.cells[at + 1 + n].source.startswith("<details"), "one answer per exercise"
    assert str(lesson.parent) in nb.cells[0].source, "the copy runs in the lesson's folder"
    assert not any("gl-answer" in c.source for c in nbformat.read(lesson, as_version=4).cells)


def test_a_missing_answer_key_is_named(tmp_path):
    (tmp_path / "notebooks").mkdir()
    lesson = tmp_path / "notebooks" / "01_x.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("## Exercises\n\n1. x")]), lesson)
    with pytest.raises(ValueError, match="no answer key for 01_x.ipynb.*01_x.md is missing.*drop ANSWERS=1"):
        present.lesson_notebook(lesson, tmp_path, answers=True)


def test_voila_command_and_template():
    cmd = present.voila_command("x.ipynb", port=9999, open_browser=False)
    assert "--template=genlearn" in cmd and "--port=9999" in cmd and "--no-browser" in cmd
    assert "--strip_sources=True" in cmd and "--Voila.ip=127.0.0.1" in cmd
    template = present.TEMPLATE_ROOT / "voila" / "templates" / "genlearn"
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    env = present.voila_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(":") == [str(present.TEMPLATE_ROOT), "/elsewhere"]


def test_template_names_no_remote_url():
    for name in ("index.html.j2", "sections.js"):
        text = (present.TEMPLATE_ROOT / "voila" / "templates" / "genlearn" / name).read_text()
        assert not re.search(r"https?://", text), name
