"""The test suite's two tiers, timed: wall and CPU time, the test count and the ten slowest tests.

    python benchmarks/bench_tests.py                      # make test, idle, then beside a busy machine
    python benchmarks/bench_tests.py --tier test-all      # the second tier
    python benchmarks/bench_tests.py --tier test-all --only loaded

Each tier runs as CI runs it (``make <tier>``) with pytest's JUnit XML written aside. ``loaded`` runs it
while another ``make test`` loops beside it in a copy of this checkout (the "otherwise busy machine" of
docs/testing.md); ``idle`` alone. When both run, the loaded/idle ratio of the wall time is printed: the
baseline is the same tier in the same run. CPU time is that of the tier's processes (user + system, the
children this script waited for): it misses the processes that end by a signal and are never waited for by one
whose time is counted (Chromium's, the servers'), so the share of the machine's CPU time that was busy over
the run (Linux's /proc/stat, all processes) is printed beside it: near 100 % means the tier is bound by the
two cores, and only less work (not more workers) makes it shorter. The load average is printed at the start
and the end of each run, and first the time one core takes for a fixed loop (`core_seconds`): the machines of
this kind run faster or slower through the day, and runs hours apart compare only beside that figure.
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_ticks():
    """(busy, total) CPU time of the whole machine since boot, in clock ticks (/proc/stat; None elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle and iowait
    return sum(fields) - idle, sum(fields)


def core_seconds(repeats=3):
    """The best of ``repeats`` timings of a fixed pure-Python loop (10 million additions) on one core."""
    best = float("inf")
    for _ in range(repeats):
        start, total = time.perf_counter(), 0
        for i in range(10_000_000):
            total += i
        best = min(best, time.perf_counter() - start)
    return best


def slowest(junit, count=10):
    """[(seconds, test id)] of the ``count`` slowest tests in the JUnit XML file."""
    cases = [(float(tc.get("time") or 0), f"{tc.get('classname')}::{tc.get('name')}")
             for tc in ET.parse(junit).iter("testcase")]
    return sorted(cases, reverse=True)[:count], len(cases)


def busy_copy(folder):
    """A copy of this checkout (its .venv linked, not copied) where another `make test` can loop."""
    subprocess.run(["git", "clone", "-q", str(ROOT), str(folder)], check=True)
    (folder / ".venv").symlink_to(ROOT / ".venv")
    return folder


def run(tier, loaded, log, workers=None):
    """Time ``make <tier>`` with the tier's own xdist workers (the Makefile's PYTEST_ARGS for make test,
    PYTEST_ALL_ARGS for make test-all), or ``workers`` of them."""
    junit = Path(tempfile.mkdtemp(prefix="bench-tests-")) / "junit.xml"
    variable = "PYTEST_ALL_ARGS" if tier == "test-all" else "PYTEST_ARGS"
    made = re.search(rf"^{variable} \?= (.*)$", (ROOT / "Makefile").read_text(), re.M).group(1)
    if workers is not None:
        made = re.sub(r"-n \S+", f"-n {workers}", made)
    args = f"{made} --junitxml={junit}"
    beside, copy = None, None
    if loaded:
        copy = busy_copy(Path(tempfile.mkdtemp(prefix="bench-busy-")) / "genlearn")
        # -o: the copy's make takes the shared environment as it is (never reinstalls into it)
        loop = "while true; do make -o .venv/.installed-test -o .venv/.installed-lab test >/dev/null 2>&1; done"
        beside = subprocess.Popen(["bash", "-c", loop], cwd=copy, start_new_session=True)
        time.sleep(20)  # the loop under way
    load_start = os.getloadavg()[0]
    cpu, start, ticks = cpu_of_children(), time.monotonic(), cpu_ticks()
    with open(log, "w") as out:
        status = subprocess.run(["make", tier, f"{variable}={args}"], cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT).returncode
    wall, cpu = time.monotonic() - start, cpu_of_children() - cpu
    load_end = os.getloadavg()[0]
    now = cpu_ticks()
    busy = "" if ticks is None or now is None else \
        f", the machine's CPU {100 * (now[0] - ticks[0]) / max(1, now[1] - ticks[1]):.0f} % busy"
    if beside is not None:
        os.killpg(beside.pid, 15)
        beside.wait()
        shutil.rmtree(copy.parent, ignore_errors=True)
    tail = Path(log).read_text(errors="replace").splitlines()
    summary = [line for line in tail if " passed" in line or " failed" in line][-3:]
    summary += [line for line in tail if line.startswith("pages reopened")]  # conftest's restore-race count
    print(f"\n{tier} ({'loaded: make test looping beside it' if loaded else 'idle'}), {args.split(' --junit')[0]}, "
          f"exit {status}")
    print(f"  wall {wall / 60:.1f} min ({wall:.0f} s), CPU {cpu / 60:.1f} min{busy}, load average "
          f"{load_start:.1f} -> {load_end:.1f}")
    for line in summary:
        print("  " + line.strip("= "))
    if junit.exists():
        top, count = slowest(junit)
        print(f"  {count} test cases in the JUnit XML; the ten slowest:")
        for seconds, name in top:
            print(f"    {seconds:7.1f} s  {name}")
    return wall


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tier", choices=["test", "test-all"], default="test")
    p.add_argument("--only", choices=["idle", "loaded"])
    p.add_argument("--workers", help="pytest-xdist workers (default: the tier's own, as the Makefile sets them)")
    a = p.parse_args(argv)
    walls = {}
    print(f"one core: 10 million additions in {core_seconds():.2f} s (best of 3; load average "
          f"{os.getloadavg()[0]:.1f})", flush=True)
    for mode in ["idle", "loaded"]:
        if a.only in (None, mode):
            log = Path(tempfile.gettempdir()) / f"bench-tests-{a.tier}-{mode}.log"
            print(f"{a.tier}, {mode}: pytest's output in {log}", flush=True)
            walls[mode] = run(a.tier, mode == "loaded", log, a.workers)
    if len(walls) == 2:
        print(f"\nloaded / idle wall time: {walls['loaded'] / walls['idle']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
