"""Every lesson and homework runs top to bottom where nothing is set up, and reproduces its checked cells.

Each notebook is executed once per test session (tests/lessons.py: without the
SMS data, offline, every connection to another machine refused in the kernel)
and that run is shared with every test that needs it, here and in the browser
tests. Oracles:

* no error output, no traceback on stderr, in any lesson (00_start_here and
  every numbered lesson, found by their names) and in every homework with its
  solutions (instructor/source/);
* a lesson whose checked outputs need the real corpus says so where it falls
  back: its run without the data shows the word "invented";
* the outputs of every checked cell (tag ``nbval-check-output``) equal the
  stored ones, compared as nbval compares them (text, not pictures) — with the
  data for the lessons above, when the tests have the data
  (GENLEARN_DATA; skipped with that reason otherwise).
"""
import pytest

import lessons

LESSONS = lessons.lessons()
HOMEWORK = lessons.homework_sources()


def _ids(paths):
    return [p.stem for p in paths]


def _report(items):
    return "\n".join(f"  cell {i}: {text}" for i, text in items)


@pytest.mark.parametrize("path", LESSONS + HOMEWORK, ids=_ids(LESSONS + HOMEWORK))
def test_runs_offline_without_data_and_without_errors(path, lesson_runs):
    run = lesson_runs.run(path)
    found = lesson_runs.errors(run)
    assert run.error is None and not found, (
        f"{path.name}, run with GENLEARN_DATA unset, GENLEARN_OFFLINE=1 and no network:\n"
        + (_report(found) or run.error))


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_checked_cells_reproduce_their_stored_outputs(path, lesson_runs):
    nodata = lesson_runs.run(path)
    if nodata.error is not None:
        pytest.fail(f"{path.name} stopped with an error (see the test above):\n{nodata.error[-1500:]}")
    run = lesson_runs.lesson_run(path)   # with the data, for a lesson that fell back without it
    assert run.error is None, run.error
    differ = lesson_runs.checked_mismatches(path, run)
    if differ and not run.data:
        assert nodata.fell_back(), (
            f"{path.name}: without the data, {len(differ)} checked cell(s) print other numbers, and the "
            "lesson does not say that it fell back to invented data (first: cell "
            f"{differ[0][0]}: {differ[0][2]!r})")
        pytest.skip(f"{path.name}'s checked numbers need the SMS Spam Collection: set GENLEARN_DATA")
    assert not differ, f"{path.name}: checked cells whose outputs changed:\n" + "\n".join(
        f"  cell {i}:\n    stored:   {want!r}\n    executed: {got!r}" for i, want, got in differ)


def test_every_lesson_has_checked_cells():
    """The comparison above is no empty promise: every lesson (not the start page) tags some cells."""
    import nbformat

    for path in LESSONS[1:]:
        nb = nbformat.read(path, as_version=4)
        assert any(lessons.is_checked(c) for c in nb.cells), f"{path.name} tags no cell nbval-check-output"
