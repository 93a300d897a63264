"""genlearn.course.pdf without a browser: the notebook as printed, and the inputs it refuses.

Oracle: the lessons' stored outputs and widget state. The printed PDFs are read back with
poppler-utils in tests/browser/test_pdf_print.py.
"""
import copy
import html as html_module

import nbformat
import pytest

from genlearn.course import export, pdf, site
from genlearn.course.folder import course_folder

LESSONS = site.lesson_pages(course_folder())


def _widget_outputs(nb, predict=False):
    """The explorers' outputs (``predict``: the predict-then-reveal questions' instead)."""
    state = nb.metadata.get("widgets", {}).get(export.WIDGET_STATE_MIME, {}).get("state", {})
    return [(c, o) for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if export.WIDGET_VIEW_MIME in o.get("data", {})
            and (state.get(o["data"][export.WIDGET_VIEW_MIME]["model_id"], {}).get("state", {}).get(
                "_anywidget_id") == pdf.PREDICT) == predict]


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_explorers_are_frozen_with_their_parameters(lesson):
    nb = nbformat.read(lesson, as_version=4)
    printed = pdf.print_notebook(nb, lesson.stem)
    assert "widgets" not in printed.metadata, "the printed page loads no widget"
    state = nb.metadata.get("widgets", {}).get(export.WIDGET_STATE_MIME, {}).get("state", {})
    before = _widget_outputs(nb)
    assert not _widget_outputs(printed) and not _widget_outputs(printed, predict=True)
    # each question prints as its question, without the answer or the feedback
    asked = [o["data"]["text/html"] for c in printed.cells for o in c.get("outputs", [])
             if "gl-predict-still" in o.get("data", {}).get("text/html", "")]
    questions = [state[o["data"][export.WIDGET_VIEW_MIME]["model_id"]]["state"]
                 for _, o in _widget_outputs(nb, predict=True)]
    assert len(asked) == len(questions)
    for html, q in zip(asked, questions):
        assert html_module.escape(q["question"]) in html and "by genlearn:" not in html
        assert q["explain"] == "" or html_module.escape(q["explain"]) not in html
    frozen = [o for c in printed.cells for o in c.get("outputs", [])
              if "gl-frozen" in o.get("data", {}).get("text/html", "")]
    assert len(frozen) == len(before)
    for (cell, out), shown in zip(before, frozen):
        html = shown["data"]["text/html"]
        assert out["data"]["image/png"][:200] in html, "the still picture stored with the explorer"
        model = state[out["data"][export.WIDGET_VIEW_MIME]["model_id"]]["state"]
        name = next(n for n in pdf._explorer_classes() if f"{n}(" in cell.source)
        for key in pdf._explorer_classes()[name]._params:
            value = model[key]
            text = f"{value:g}" if isinstance(value, float) else f"“{value}”" if isinstance(value, str) else str(value)
            assert f"{key} = {text}" in html.replace("&quot;", '"'), (name, key)
    assert nb.cells == nbformat.read(lesson, as_version=4).cells, "the lesson itself is left alone"


def test_an_explorer_without_its_picture_is_refused():
    lesson = next(p for p in LESSONS if _widget_outputs(nbformat.read(p, as_version=4)))
    nb = copy.deepcopy(nbformat.read(lesson, as_version=4))
    del _widget_outputs(nb)[0][1]["data"]["image/png"]
    with pytest.raises(ValueError, match=f"{lesson.stem}: an explorer has no stored picture.*--store-state"):
        pdf.print_notebook(nb, lesson.stem)


def test_refusals_name_the_fix(tmp_path, capsys):
    with pytest.raises(ValueError, match="unknown paper 'a3': choose from a4, letter"):
        pdf.write_pdfs(tmp_path, [], papers=("a3",))
    assert pdf.main([str(tmp_path), "--lessons", "99"]) == 2
    err = capsys.readouterr().err
    assert "no lesson '99'" in err and len(err.strip().splitlines()) == 1
