"""Test configuration shared by the library tests, their doctests and the lesson runs.

The real SMS Spam Collection is never committed: the tests read it from the
folder named by GENLEARN_DATA, which defaults to ../shared/data/sms_spam when
that folder exists beside the checkout.

Tests never use the network. GENLEARN_OFFLINE=1 stops load_sms_spam from
downloading (here and in every kernel the tests start), and the fixture
``_no_internet`` makes any attempt to reach a host other than this machine
fail at once with a clear OSError, instead of hanging on a server that never
answers (tests/no_network.py; the kernels of tests/lessons.py's runs install
the same guard).

``lesson_runs``: every lesson executed once per test session and shared by the
tests and the xdist workers that need it (tests/lessons.py).
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
import lessons  # noqa: E402  (tests/lessons.py: each lesson executed once per session)
import no_network  # noqa: E402


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch):
    """Refuse name lookups and connections to anything but this machine (tests/no_network.py)."""
    for owner, name, value in no_network.patches():
        monkeypatch.setattr(owner, name, value)


@pytest.fixture(scope="session")
def lesson_runs(tmp_path_factory):
    """tests/lessons.py, with the folder its runs share with the other xdist workers set up."""
    lessons.set_session_dir(tmp_path_factory)
    return lessons
