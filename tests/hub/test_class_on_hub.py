"""A class on a real JupyterHub, on this machine.

Oracle: the notebooks' own checks. Ten students log in through the hub's REST
API (the instructor enrolled them through it), start their servers, open the nbgitpuller link that
``python -m genlearn.course.hub links`` prints (the student branch of a git snapshot of
this working tree, cloned over file://, no network: no instructor/ in the clone), and all run a lesson at
the same time in kernels of their own servers, cell by cell over the kernel
websocket: half of them notebook 02, half notebook 06 (each lesson's own
results are tested by nbval in ``make test``; here what counts
is ten servers and kernels at once). Every cell must finish without an error.
(genlearn's save hook is proven by tests/browser/test_autosave.py, in the same
environment the single-user servers run in.) Then the hub is stopped and every process it started (proxy,
servers, kernels) must have ended.

Needs configurable-http-proxy (``make test-all`` installs it with npm into
``.venv/node``); without it the test is skipped with that reason. Marked
``hub``: ``pytest -m "not hub"`` leaves it out of a fast loop.
"""
import os
import threading
import time
from pathlib import Path

import pytest

from genlearn.course import hub as links

hub_driver = pytest.importorskip("hub_driver", reason="hub test needs the test extras "
                                 "(pip install -e '.[test]')")

STUDENTS = 10
LESSONS = ["notebooks/02_multivariate_gaussian.ipynb", "notebooks/06_naive_bayes_text.ipynb"]

pytestmark = [
    pytest.mark.hub,
    pytest.mark.skipif(hub_driver.find_proxy() is None,
                       reason="hub test skipped: configurable-http-proxy is not installed "
                              "(`make test` installs it with npm; install Node.js and npm first)"),
]


def _data_dir():
    data = os.environ.get("GENLEARN_DATA")
    if not data or not Path(data).is_dir():
        pytest.skip("hub test skipped: notebook 06 needs the SMS Spam Collection in GENLEARN_DATA")
    return data


def test_a_class_runs_lessons_02_and_06_at_once(tmp_path):
    _data_dir()
    t_start, load_start = time.monotonic(), os.getloadavg()[0]
    repo = hub_driver.snapshot_repo(tmp_path / "course")
    hub = hub_driver.Hub(tmp_path / "hub")
    results, errors = {}, []
    try:
        hub.start()
        students = [hub_driver.Student(hub, f"student{k:02d}") for k in range(STUDENTS)]
        hub.enrol(s.name for s in students)

        def one_student(s):
            try:
                s.login().start_server()
                # the link an instructor hands out for lesson 02 (the student branch, by default);
                # the pull brings the whole suite, without the instructor material
                link = links.nbgitpuller_link(hub.url, LESSONS[0], repo=repo)
                assert s.pull(link) == f"lab/tree/{hub_driver.REPO_NAME}/{LESSONS[0]}"
                cloned = {entry["name"] for entry in s.contents(hub_driver.REPO_NAME)["content"]}
                assert "notebooks" in cloned and not cloned & {"instructor", "tests"}, sorted(cloned)
                lesson = LESSONS[int(s.name[-2:]) % len(LESSONS)]
                results[s.name] = [s.run_notebook(f"{hub_driver.REPO_NAME}/{lesson}")]
            except BaseException as exc:  # reported below, with the student's name
                errors.append(f"{s.name}: {type(exc).__name__}: {exc}")

        threads = [threading.Thread(target=one_student, args=(s,)) for s in students]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=290)
        assert not any(t.is_alive() for t in threads), "students still running after 290 s"
        assert not errors, "\n".join(errors) + "\n--- hub log ---\n" + hub.log()
        assert sorted(results) == [s.name for s in students]
        # each student had a server of their own and a kernel per lesson in it
        servers = {r[0]["server_pid"] for r in results.values()}
        kernels = {m["pid"] for r in results.values() for m in r}
        assert len(servers) == STUDENTS and len(kernels) == STUDENTS
        assert len(hub.seen) > 1 + STUDENTS + len(kernels)  # hub, proxy, servers, kernels
        # the same runner stops at a failing cell: a pass above means every cell ran clean
        students[0].save_notebook("broken.ipynb", ["x = 1", "x / 0", "print('never')"])
        with pytest.raises(hub_driver.NotebookError, match="cell 1 failed: ZeroDivisionError"):
            students[0].run_notebook("broken.ipynb")
    finally:
        leftover = hub.stop()
    assert not leftover, f"processes the hub started survived its shutdown: {leftover}"
    print(f"\nhub test: {STUDENTS} students, {time.monotonic() - t_start:.0f} s, "
          f"load average {load_start:.1f} at start, {os.getloadavg()[0]:.1f} at end")
