"""genlearn.course.sandbox: data only across the boundary, stubs for blocked code, and the isolation itself.

Oracles: the data round trip is exact (numpy's own equality, dtypes and
shapes); anything but the encoded forms is refused. The isolation is checked
from inside: code run in the sandbox tries what a submission could try (read
the course's sources, write its gradebook, write outside its scratch folder,
reach the network, outlive grading, exceed its limits) and reports the
operating system's answer as data; the course folder's files are compared
before and after. The bubblewrap tests need bubblewrap (``apt-get install
bubblewrap``; .ci/run installs it), those of the throwaway user need root (as
CI runs); without them they are skipped with that reason.
"""
import hashlib
import os
import time
from fractions import Fraction

import numpy as np
import pytest

from genlearn.course.sandbox import (BLOCK_MESSAGE, Aborted, Sandbox, StudentRaised, bwrap_problem, decode,
                                     encode, stub_source)

_NO_BWRAP = bwrap_problem()
needs_bwrap = pytest.mark.skipif(_NO_BWRAP is not None, reason=f"isolated route unavailable: {_NO_BWRAP}")
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="only root can create the throwaway user")


# --- data -------------------------------------------------------------------------

def _same(a, b):
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape and \
            (np.array_equal(a, b, equal_nan=a.dtype.kind == "f") if a.dtype.kind != "O" else
             all(_same(x, y) for x, y in zip(a.ravel(), b.ravel())))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and (a == b or (a != a and b != b))


@pytest.mark.parametrize("value", [
    None, True, 3, -2**70, 0.1, float("nan"), float("inf"), "naïve", Fraction(-5, 16),
    (1, "a", [2.5, None]), {"classes": np.array(["No", "Yes"]), 3: (1, 2), ("a", 1): "tuple key"},
    {1, 2, 3},
    np.arange(6, dtype=np.int32).reshape(2, 3), np.array([[0.5, np.nan], [np.inf, -0.0]]),
    np.array([True, False]), np.array([], dtype=float).reshape(0, 4), np.array(["a", "bc"]).reshape(2, 1),
    [np.array([1, 2]), np.array([], dtype=int)],
])
def test_data_round_trip_is_exact(value):
    import json

    back = decode(json.loads(json.dumps(encode(value))))
    assert _same(value, back), (value, back)


def test_objects_arrays_and_numpy_scalars_become_plain_data():
    docs = np.empty(2, dtype=object)
    docs[:] = [np.array([1, 2]), np.array([3])]
    back = decode(encode(docs))
    assert back.dtype == object and [list(d) for d in back] == [[1, 2], [3]]
    # tol: exact: a float through JSON and back
    assert decode(encode(np.float64(0.25))) == 0.25 and type(decode(encode(np.int64(7)))) is int


@pytest.mark.parametrize("data, match", [
    ({"$": "pickle", "data": "..."}, "unknown tag"),
    ({"$": "ndarray", "dtype": "O", "shape": [1], "data": [1]}, "not read"),
    ({"$": "ndarray", "dtype": "<c16", "shape": [1], "data": [1]}, "not read"),
    ({"$": "ndarray", "dtype": "<f8", "shape": [3], "data": [1, 2]}, "does not match"),
    ({"$": "ndarray", "dtype": "<f8", "shape": [1], "data": [{"$": "fraction", "n": 1, "d": 2}]}, "holds numbers"),
    ({"$": "fraction", "n": 1, "d": 0}, "non-zero"),
    ({"no tag": 1}, "not encoded"),
])
def test_anything_else_is_refused(data, match):
    with pytest.raises(ValueError, match=match):
        decode(data)


def test_deep_nesting_and_objects_are_refused():
    deep = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(TypeError, match="nested"):
        encode(deep)
    with pytest.raises(TypeError, match="not plain data"):
        encode(object())
    with pytest.raises(ValueError, match="nested"):
        decode(deep)


# --- stubs of blocked implementations -----------------------------------------------

def test_stub_keeps_the_module_importable_and_blocks_only_what_is_named():
    from pathlib import Path

    import genlearn.text as text

    space = {"__name__": "stubbed_text"}
    exec(stub_source(Path(text.__file__).read_text(encoding="utf-8"), {"Vocabulary"}), space)
    assert space["tokenize"]("Free entry, WIN now!") == text.tokenize("Free entry, WIN now!")
    with pytest.raises(RuntimeError, match="switched off"):
        space["Vocabulary"](min_count=1)
    whole = {"__name__": "stubbed_naive_bayes", "__package__": "genlearn"}
    import genlearn.naive_bayes as nb
    exec(stub_source(Path(nb.__file__).read_text(encoding="utf-8")), whole)
    for name in ("m_estimate", "MultinomialNB", "CategoricalNB"):
        with pytest.raises(RuntimeError, match=BLOCK_MESSAGE[:40]):
            whole[name](1, 2, 0.5, 1) if name == "m_estimate" else whole[name]()


# --- the sandbox ------------------------------------------------------------------------

def test_process_route_calls_functions_and_survives_their_crashes():
    with Sandbox(isolation="process", timeout=60) as box:
        assert box.run_cell("import numpy as np\nimport os\ndef double(x):\n    return np.asarray(x) * 2\n"
                            "def die():\n    os._exit(3)\ndef odd():\n    return object()\n"
                            "def boom():\n    raise ValueError('no')\n")["ok"]
        assert _same(box.call("double", [np.arange(3)]), np.arange(3) * 2)
        with pytest.raises(Aborted, match="exit status 3"):
            box.call("die")
        # tol: exact: 2 x 1.5
        assert box.call("double", [1.5]) == 3.0          # the call ran in a fork: the worker lives on
        with pytest.raises(StudentRaised, match="not plain data"):
            box.call("odd")
        with pytest.raises(StudentRaised, match="no") as raised:
            box.call("boom")
        assert raised.value.type_name == "ValueError"
        with pytest.raises(KeyError):
            box.call("missing")
        err = box.run_cell("1 / 0")
        assert not err["ok"] and err["error"]["ename"] == "ZeroDivisionError"


def _ref_part(x):
    return x + 1


def test_references_stay_in_the_grader_and_hold_only_for_the_call():
    """A name the call needs is a stub that forwards to the grader's function: the worker gets no code of it."""
    with Sandbox(isolation="process", timeout=60) as box:
        box.run_cell("import functools, inspect, sys\nimport numpy as np\n"
                     "def part(x):\n    return -1\n"
                     "def whole(x):\n    return part(x) * 10\n"
                     "@np.errstate(all='ignore')\ndef decorated(x):\n    return part(x) * 10\n"
                     "@functools.lru_cache\ndef cached(x):\n    return part(x) * 10\n"
                     "lam = lambda x: part(x) * 10\n"
                     "class Model:\n    def fit(self, x):\n        return part(x) * 10\n"
                     "def method(x):\n    return Model().fit(x)\n"
                     "def what_it_holds(x):\n"
                     "    f = part\n"
                     "    code = getattr(f, '__code__', None)\n"
                     "    names = sorted(set(code.co_names) | set(code.co_varnames)) if code else []\n"
                     "    cells = [c.cell_contents for c in (f.__closure__ or ())]\n"
                     "    return [f.__name__, str(type(f)), names, [type(c).__name__ for c in cells], f(x)]\n")
        refs = {"part": _ref_part}
        for name in ("whole", "decorated", "cached", "lam", "method"):
            assert box.call(name, [2], references=refs) == 30, name
            assert box.call(name, [2]) == -10, name       # the stub is gone once the call returns
        name, kind, names, closure, value = box.call("what_it_holds", [4], references=refs)
        assert (name, value) == ("part", 5)
        # the stub holds a name and a line to the grader, nothing of _ref_part's code
        assert "_ref_part" not in repr(names) and "x + 1" not in repr(names), names
        assert sorted(closure) == ["_Channel", "str"], closure
        # arguments the reference cannot take: the stub raises in the student's process, the grader goes on
        box.run_cell("def bad(x):\n    try:\n        return part('text')\n    except RuntimeError as exc:\n"
                     "        return str(exc)\n")
        assert "TypeError" in box.call("bad", [0], references=refs)
        assert box.call("whole", [1], references=refs) == 20
        # arguments that would make the reference costly in the grader are refused before it runs
        box.run_cell("def wide(x):\n    try:\n        return part(np.zeros((1, 20000)))\n"
                     "    except RuntimeError as exc:\n        return str(exc)\n")
        assert "too wide" in box.call("wide", [0], references=refs)


def _ref_forever(x):
    while True:
        x = x + 1


def test_a_reference_kept_busy_by_the_students_arguments_stops_at_the_time_limit():
    """A stub's arguments that keep the grader's reference running: the reference is interrupted at the call's
    time limit (the grader does not hang) and the call is not graded."""
    with Sandbox(isolation="process", timeout=3) as box:
        box.run_cell("def whole(x):\n    return part(x)\n")
        with pytest.raises(Aborted, match="time limit"):
            box.call("whole", [1], references={"part": _ref_forever})


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """A course folder with a source notebook and a gradebook, and its files' digest."""
    root = tmp_path_factory.mktemp("course")
    (root / "source" / "hw").mkdir(parents=True)
    (root / "source" / "hw" / "hw.ipynb").write_text('{"solution": 42}')
    (root / "gradebook.db").write_bytes(b"grades")
    (root / "grading.py").write_text("# hidden tests\n")
    return root


def _digest(root):
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


PROBE = '''
import os, socket, subprocess, sys, time

def attempt(action):
    try:
        action()
    except BaseException as exc:
        return type(exc).__name__
    return "allowed"

def write(path, data=b"x"):
    with open(path, "wb") as f:
        f.write(data)

def detach_and_write_later(path):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(1.0)
            try:
                write(path, b"late")
            except OSError:
                pass
        os._exit(0)

def probe(course):
    out = {
        "read source": attempt(lambda: open(course + "/source/hw/hw.ipynb").read()),
        "list course": attempt(lambda: os.listdir(course)),
        "write gradebook": attempt(lambda: write(course + "/gradebook.db")),
        "overwrite grading.py": attempt(lambda: write(course + "/grading.py")),
        "write /usr": attempt(lambda: write("/usr/lib/genlearn-was-here")),
        "write /tmp": attempt(lambda: write(os.path.join(os.sep, "tmp", "genlearn-was-here"))),
        "write /": attempt(lambda: write("/genlearn-was-here")),
        "write beside python": attempt(lambda: write(os.path.dirname(sys.executable) + "/x")),
        "network": attempt(lambda: socket.create_connection(("192.0.2.1", 80), timeout=2)),
        "write scratch": attempt(lambda: write("scratch.txt")),
        "memory": attempt(lambda: bytearray(6 * 2**30)),
        "big file": attempt(lambda: write("big.bin", b"0" * (3 * 2**20))),
        "uid": os.getuid(),
        "cwd": os.getcwd(),
    }
    detach_and_write_later(course + "/gradebook.db")
    return out
'''


@needs_bwrap
def test_the_operating_system_denies_the_course_to_the_sandbox(course):
    before = _digest(course)
    with Sandbox(timeout=60, memory_bytes=2 * 2**30, max_file_bytes=2**20, hide=[course]) as box:
        assert box.run_cell(PROBE)["ok"]
        seen = box.call("probe", [str(course)])
        user = box.user
    denied = ("FileNotFoundError", "PermissionError", "OSError")
    for what in ("read source", "list course", "write gradebook", "overwrite grading.py", "write /usr",
                 "write /tmp", "write /", "write beside python", "network"):
        assert seen[what] in denied, (what, seen[what])
    assert seen["write scratch"] == "allowed" and seen["cwd"] == "/scratch"
    assert seen["memory"] == "MemoryError" and seen["big file"] == "OSError"
    if os.geteuid() == 0:
        assert user is not None and seen["uid"] == user.uid != 0
    time.sleep(2.0)                   # the detached process would have written by now
    assert _digest(course) == before


def processes_of(uid):
    """Pids of the live processes (not zombies) whose real user is ``uid``."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            status = open(f"/proc/{pid}/status").read()
        except OSError:
            continue
        if f"\nUid:\t{uid}\t" in status and "\nState:\tZ" not in status:
            found.append(pid)
    return found


@needs_bwrap
@needs_root
def test_nothing_of_the_throwaway_user_outlives_the_sandbox_and_processes_are_limited():
    box = Sandbox(timeout=60, max_processes=12)
    try:
        box.start()
        cell = ("import os, time\n"
                "def spawn():\n    n = 0\n    try:\n        for _ in range(50):\n"
                "            if os.fork() == 0:\n                os.setsid()\n                time.sleep(60)\n"
                "                os._exit(0)\n            n += 1\n    except OSError as exc:\n"
                "        return [n, type(exc).__name__]\n    return [n, None]\n"
                "def hang():\n    while True:\n        try:\n            time.sleep(0.2)\n"
                "        except KeyboardInterrupt:\n            pass\n")
        box.run_cell(cell)
        forked, error = box.call("spawn")
        assert error == "BlockingIOError" and forked < 12, (forked, error)
        uid = box.user.uid
        assert processes_of(uid)                    # the detached sleepers are there...
        with pytest.raises(Aborted, match="time limit"):
            box.call("hang", timeout=3)             # ...and the sandbox is killed past the time limit
        time.sleep(0.5)
        assert not processes_of(uid), f"processes of the throwaway user {uid} survived a killed sandbox"
        box.start()                                 # a fresh sandbox; its detached sleepers end with it
        box.run_cell(cell)
        box.call("spawn")
        ours = set(processes_of(uid))               # while the user exists, its uid is this sandbox's alone
        assert ours
    finally:
        box.remove()
    time.sleep(0.5)
    # once the user is removed, another grader's sandbox (another test, another worker) may get the same
    # uid from useradd: what must be gone is this sandbox's processes
    left = ours & set(processes_of(uid))
    assert not left, f"processes of the throwaway user {uid} survived the sandbox: {sorted(left)}"


GRADER_DIES = """
import os, sys, threading, time
from genlearn.course.sandbox import Sandbox
box = Sandbox(timeout=60)
box.start()
box.run_cell("import time\\ndef hang():\\n    while True:\\n        time.sleep(0.2)\\n")
print(box._worker_pid, box.user.name if box.user else "-", flush=True)
threading.Thread(target=box.call, args=("hang",), daemon=True).start()
time.sleep(1.0)
os.kill(os.getpid(), 9)
"""


@needs_bwrap
def test_a_grader_killed_mid_call_takes_its_sandbox_with_it():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", GRADER_DIES], capture_output=True, text=True, timeout=120)
    worker, user = proc.stdout.split()[:2]
    worker = int(worker)
    time.sleep(1.0)
    if user != "-":                         # a killed grader cannot remove its throwaway user: done here
        subprocess.run(["userdel", "--force", user], capture_output=True)
    try:
        state = open(f"/proc/{worker}/status").read().split("State:\t")[1][0]
    except OSError:
        state = "gone"
    assert state in ("Z", "gone"), f"the sandbox's worker {worker} outlived its grader (state {state})"


@needs_bwrap
def test_cpu_and_wall_clock_limits_end_a_call_and_the_sandbox_starts_again():
    with Sandbox(timeout=60, cpu_seconds=2) as box:
        box.run_cell("import time\ndef spin():\n    while True:\n        pass\n"
                     "def wait():\n    while True:\n        try:\n            time.sleep(0.2)\n"
                     "        except KeyboardInterrupt:\n            pass\n")
        with pytest.raises(Aborted, match=r"signal 24 \(SIGXCPU: the CPU-time limit\)"):
            box.call("spin")
        with pytest.raises(Aborted, match=r"time limit \(3 s\)"):
            box.call("wait", timeout=3)
        assert not box.alive
        box.start()
        assert box.run_cell("1 + 1")["ok"]


@needs_bwrap
def test_blocked_code_is_a_stub_in_the_sandbox_however_it_is_reached():
    with Sandbox(timeout=60, blocked=["genlearn.naive_bayes", "genlearn.text:Vocabulary"]) as box:
        cell = box.run_cell(
            "import importlib.util, types\n"
            "import genlearn.naive_bayes as nb\n"
            "from genlearn.text import tokenize, Vocabulary\n"
            "copy = types.FunctionType(nb.m_estimate.__code__, nb.__dict__)\n"
            "spec = importlib.util.spec_from_file_location('genlearn._mine', nb.__file__)\n"
            "mine = importlib.util.module_from_spec(spec)\n"
            "spec.loader.exec_module(mine)\n"
            "text = open(nb.__file__).read()\n"
            "def via_import():\n    return nb.m_estimate(1, 2, 0.5, 2)\n"
            "def via_copy():\n    return copy(1, 2, 0.5, 2)\n"
            "def via_module_copy():\n    return mine.m_estimate(1, 2, 0.5, 2)\n"
            "def source_has_the_formula():\n    return '(n_c + m * p) / (n + m)' in text\n"
            "def words():\n    return tokenize('Free entry now')\n")
        assert cell["ok"], cell
        for name in ("via_import", "via_copy", "via_module_copy"):
            with pytest.raises(StudentRaised, match="switched off"):
                box.call(name)
        assert box.call("source_has_the_formula") is False
        assert box.call("words") == ["free", "entry", "now"]


@needs_bwrap
def test_a_course_folder_the_sandbox_would_have_to_show_is_refused(tmp_path):
    import sys

    from genlearn.course.sandbox import SandboxError

    for inside in (os.path.join(sys.prefix, "course"), "/usr/local/share/course"):
        box = Sandbox(timeout=60, hide=[inside])
        try:
            with pytest.raises(SandboxError, match="would show"):
                box.start()
        finally:
            box.remove()


@needs_bwrap
def test_a_blocked_module_that_does_not_exist_is_an_error_not_a_silent_pass():
    from genlearn.course.sandbox import SandboxError

    with pytest.raises(SandboxError, match="genlearn.no_such_module.*grading.BLOCKED"):
        Sandbox(timeout=60, blocked=["genlearn.no_such_module"])
