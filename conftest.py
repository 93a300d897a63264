"""Test configuration shared by the library tests, their doctests and nbval's runs of the notebooks.

The real SMS Spam Collection is never committed: the library tests read it from
the folder named by GENLEARN_DATA, which defaults to ../shared/data/sms_spam when
that folder exists beside the checkout.

Tests never use the network. GENLEARN_OFFLINE=1 stops load_sms_spam from
downloading (here and in every kernel the tests start), and the fixture
``_no_internet`` makes any attempt to reach a host other than this machine
fail at once with a clear OSError, instead of hanging on a server that never
answers (tests/no_network.py).

The notebooks are tests too, run by nbval (``pytest --nbval-lax notebooks/0*.ipynb``;
``make test`` runs every lesson and the homework with its solutions): each code cell
is a test item, and a cell tagged ``nbval-check-output`` must print its stored
output. The kernel nbval starts for a notebook gets the environment of a learner
on a new machine (tests/nbval_kernel.py): no data, an empty cache, offline, and
every connection to another machine refused inside the kernel.
"""
import os
import sys
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

_shared = Path(__file__).resolve().parent.parent / "shared" / "data" / "sms_spam"
if "GENLEARN_DATA" not in os.environ and _shared.is_dir():
    os.environ["GENLEARN_DATA"] = str(_shared)

os.environ["GENLEARN_OFFLINE"] = "1"

sys.path.insert(0, str(Path(__file__).resolve().parent / "tests"))
import nbval_kernel  # noqa: E402  (tests/nbval_kernel.py: the kernel environment of nbval's runs)
import no_network  # noqa: E402

ROOT = Path(__file__).resolve().parent
#: The second tier, `make test-all` (docs/testing.md): what drives a browser, JupyterLite, a hub, the
#: grading sandbox, a server or a fresh install, each test seconds to minutes. Its tests get the
#: marker ``full``; `make test` runs every other test (-m "not full") and nbval over the notebooks.
SECOND_TIER = ("tests/browser/", "tests/hub/", "tests/test_grading.py", "tests/test_class_grading.py",
               "tests/test_sandbox.py",
               "tests/test_install.py", "tests/test_site_build.py", "tests/test_export.py",
               "tests/test_lab_server.py")


#: The second tier's longest modules first (their test times: benchmarks/README.md#test-suite). pytest-xdist
#: hands whole modules and classes to its workers in the order of the items (``--dist loadscope
#: --no-loadscope-reorder`` in the Makefile's PYTEST_ALL_ARGS): the long ones start at once, and the run does
#: not end waiting for one of them alone. (xdist's own order, by test count, puts the longest single tests,
#: the autosave and the hub, last.)
LONGEST_FIRST = ("tests/browser/test_accessibility.py", "tests/browser/test_autosave.py", "tests/test_grading.py",
                 "tests/browser/test_lite.py", "tests/test_install.py", "tests/browser/test_site.py", "tests/hub/",
                 "tests/browser/test_notebooks_in_lab.py")


def _rank(relative):
    return next((i for i, prefix in enumerate(LONGEST_FIRST) if relative.startswith(prefix)), len(LONGEST_FIRST))


def pytest_collection_modifyitems(config, items):
    ranks = {}
    for item in items:
        path = Path(str(item.path)).resolve()
        relative = path.relative_to(ROOT).as_posix() if ROOT in path.parents else ""
        if relative.startswith(SECOND_TIER):
            item.add_marker(pytest.mark.full)
        ranks[item.nodeid] = _rank(relative)
    items.sort(key=lambda item: ranks[item.nodeid])  # stable: each module's own order is kept


@pytest.fixture(scope="session")
def pw_session():
    """Playwright, started once per test process for every test that drives Chromium (tests/browser/,
    tests/test_install.py): a second sync_playwright() in the same process fails."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch):
    """Refuse name lookups and connections to anything but this machine (tests/no_network.py)."""
    for owner, name, value in no_network.patches():
        monkeypatch.setattr(owner, name, value)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """nbval starts a notebook's kernel in the setup of its first cell: in the learner's environment."""
    with nbval_kernel.environment(item):
        yield



def pytest_terminal_summary(terminalreporter, config):
    """The second tier ends with how many pages were reopened for jupyterlab_widgets' restore race (each
    one a warning that begins ``UpstreamRestoreRace``, tests/browser/lab_driver.py; docs/testing.md)."""
    reopened = [w for w in terminalreporter.stats.get("warnings", [])
                if "UpstreamRestoreRace" in str(getattr(w, "message", ""))]
    if reopened or config.option.markexpr == "full":
        terminalreporter.write_line(f"pages reopened for jupyterlab_widgets' restore race: {len(reopened)}")


#: What failed in this run, one line each, printed again when pytest exits (`pytest_unconfigure`).
_FAILURES = []


def pytest_runtest_logreport(report):
    if report.failed:
        crash = getattr(report.longrepr, "reprcrash", None)
        message = crash.message if crash is not None else str(report.longrepr)
        first = (message.strip().splitlines() or [""])[0][:200]
        _FAILURES.append(f"{report.nodeid} ({report.when}): {first}")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist: a worker that ended other than by finishing its tests (a crash, a signal)."""
    if error:
        _FAILURES.append(f"worker {node.gateway.id} went down: {error}")


def pytest_unconfigure(config):
    """The run's failures and lost workers, again, as the last lines pytest prints: after an INTERNALERROR
    (pytest-xdist's scheduler fails so when a worker dies) pytest prints no summary of them, and a log cut
    to its tail (CI's) would show neither."""
    if _FAILURES and not hasattr(config, "workerinput"):
        print(f"\nfailed in this run ({len(_FAILURES)}):", *(f"  {line}" for line in _FAILURES),
              sep="\n", file=sys.stderr, flush=True)
