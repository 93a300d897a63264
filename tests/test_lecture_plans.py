"""The lecture plans (instructor/lecture_plans/<lesson>.md) agree with the lessons and the explorers.

Oracles: the lesson notebooks (their numbered sections), genlearn.course.present
(the explorers a `make present ... ONLY=` line names), and the explorers themselves:
each setting a plan gives is built (its traits' validators refuse a value outside
the sliders' range) and every readout the plan quotes for it must be a line, or
part of a line, of that explorer's ``expected_state()["readouts"]``.
"""
import ast
import re
from pathlib import Path

import nbformat
import pytest

from genlearn.course import pdf, present

ROOT = Path(__file__).resolve().parent.parent
PLANS = ROOT / "instructor" / "lecture_plans"
LESSONS = [p for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")) if not p.name.startswith("00_")]
HEADINGS = ["Timeline", "Demo moments", "Predict, then reveal", "Common misconceptions", "Splitting the lesson"]
CALL = re.compile(r"`(\w+Explorer)\((.*?)\)`")
MAKE = re.compile(r"`make present NB=(\w+)(?: ONLY=([\w:]+))?`")


def _plan(lesson):
    path = PLANS / f"{lesson.stem}.md"
    assert path.is_file(), f"no lecture plan for {lesson.name}: write {path.relative_to(ROOT)}"
    return path.read_text(encoding="utf-8")


def _sections(text):
    """{heading: body} of the plan's "## " sections."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {head.strip(): body for head, body in zip(parts[1::2], parts[2::2])}


def _lesson_sections(lesson):
    """The numbers k of the lesson's "## k." sections."""
    nb = nbformat.read(lesson, as_version=4)
    return sorted({int(m) for c in nb.cells if c.cell_type == "markdown"
                   for m in re.findall(r"^## (\d+)\.", c.source, re.M)})


def _items(body):
    """The numbered list items of a section, each as one string."""
    return [m.strip() for m in re.split(r"^\d+\. ", body, flags=re.M)[1:]]


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_plan_has_every_part(lesson):
    text = _plan(lesson)
    assert text.startswith(f"# Lecture plan — {lesson.name[:2]} · "), "the title names the lesson"
    sections = _sections(text)
    assert list(sections) == HEADINGS, f"{lesson.stem}: sections {list(sections)}, expected {HEADINGS}"
    for field in ("Duration", "Prerequisites", "Shown with"):
        assert f"**{field}:**" in text, f"{lesson.stem}: no {field}"
    assert len(_items(sections["Demo moments"])) >= 2, f"{lesson.stem}: fewer than two demo moments"
    assert _items(sections["Predict, then reveal"]), f"{lesson.stem}: no question to predict"
    assert sections["Common misconceptions"].count("\n- ") >= 3, f"{lesson.stem}: fewer than three misconceptions"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_timeline_adds_up_and_covers_the_lesson(lesson):
    text = _plan(lesson)
    duration = int(re.search(r"\*\*Duration:\*\* (\d+) minutes", text).group(1))
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \|", _sections(text)["Timeline"], re.M)
    assert sum(int(minutes) for minutes, _ in rows) == duration, f"{lesson.stem}: the timeline is not {duration} min"
    cited = {int(k) for _, where in rows for k in re.findall(r"§(\d+)", where)}
    sections = _lesson_sections(lesson)
    assert cited == set(sections), f"{lesson.stem}: timeline covers §{sorted(cited)}, the lesson has §{sections}"
    everywhere = {int(k) for k in re.findall(r"§(\d+)", text)}
    assert everywhere <= set(sections), f"{lesson.stem} has no §{sorted(everywhere - set(sections))}"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_presenter_commands_and_sections_exist(lesson):
    text = _plan(lesson)
    for number, only in MAKE.findall(text):
        shown = present.find_lesson(number)
        if only:
            present.choose_explorer(shown, only)   # raises, naming the choices, when there is no such explorer
    titles = present_sections(lesson)
    for k, j in re.findall(r"`#section-(\d+)`[^.]*?§(\d+)", text):
        title = titles[int(k) - 1]
        assert title.startswith(f"{j}."), f"{lesson.stem}: #section-{k} is {title!r}, not §{j}"


def present_sections(lesson):
    """The presenter's sections (genlearn's Voilà template): the title, then each "## " heading."""
    nb = nbformat.read(lesson, as_version=4)
    lines = [line for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()]
    return [next(line[2:] for line in lines if line.startswith("# "))] + [
        line[3:] for line in lines if line.startswith("## ")]


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_demo_settings_are_valid_and_their_readouts_true(lesson):
    classes = pdf._explorer_classes()
    checked = 0
    for item in _items(_sections(_plan(lesson))["Demo moments"]):
        readouts = None
        for span in re.findall(r"`([^`]+)`", item):
            call = CALL.fullmatch(f"`{span}`")
            if call:
                name, args = call.groups()
                assert name in classes, f"{lesson.stem}: no explorer {name} in genlearn.demos"
                cls = classes[name]
                node = ast.parse(f"f({args})", mode="eval").body
                kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords}
                assert set(kwargs) <= set(cls._params), f"{name} has no parameter {set(kwargs) - set(cls._params)}"
                try:
                    explorer = cls(**kwargs)
                except TypeError:                     # needs a fitted model (MessageExplorer): names checked only
                    readouts = None
                    continue
                readouts = explorer.expected_state()["readouts"]
            elif span.startswith("make ") or readouts is None:
                continue
            else:
                assert any(span in line for line in readouts), (
                    f"{lesson.stem}: the plan quotes `{span}`, but the explorer's readouts say {readouts}")
                checked += 1
    if any(cls in _plan(lesson) for cls in ("BayesExplorer(", "GaussianExplorer(", "GDAExplorer(",
                                             "BoundaryExplorer(", "LaplaceExplorer(", "MEstimateExplorer(")):
        assert checked, f"{lesson.stem}: no readout of a demo moment is quoted"


def test_a_long_lesson_says_where_to_split():
    """The longest lesson (most cells) is planned as two lectures, split at one of its sections."""
    longest = max(LESSONS, key=lambda p: len(nbformat.read(p, as_version=4).cells))
    split = _sections(_plan(longest))["Splitting the lesson"]
    assert re.search(r"\bTwo lectures\b", split, re.I), f"{longest.stem}: the plan does not split it"
    at = re.search(r"before \*\*§(\d+)", split)
    assert at and int(at.group(1)) in _lesson_sections(longest)
