"""What one student costs a JupyterHub: memory and CPU per lesson, 1 vs N at once.

Runs the real hub of the hub test (tests/hub/: JupyterHub, configurable-http-
proxy, one local server per student, kernels with one BLAS thread) on
127.0.0.1 and measures, with psutil, the processes it starts:

1. one student alone: the server's memory when idle; then every lesson
   (00 to 08), each in a fresh kernel as JupyterLab does when a notebook is
   opened, cell by cell over the kernel websocket. After each lesson: the
   kernel's memory (RSS, and USS: the pages no other process shares) and the
   CPU seconds it used, kernel start included; the wall time.
2. a class of N students (default 10) on this machine at once: each logs in,
   starts a server, pulls the suite with an nbgitpuller link and runs lessons
   02 and 06. Wall time per lesson against the solo run of the same lesson
   (the ratio is the slowdown from sharing the cores), CPU seconds, and the
   peak memory of all servers and kernels together, sampled every 0.5 s.

It then turns the solo figures into a sizing for a class (``--class-size``,
default 200). Prints the load average before and after: the machine is shared.

Needs configurable-http-proxy (``make bench`` installs it with npm) and the
SMS Spam Collection for lesson 06 (GENLEARN_DATA, as for the tests).

Usage: ``.venv/bin/python benchmarks/bench_hub.py [--students 10] [--class-size 200]``
"""
import argparse
import math
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "hub"))

import hub_driver as H  # noqa: E402
from genlearn.course import hub as links  # noqa: E402

CLASS_LESSONS = ["notebooks/02_multivariate_gaussian.ipynb", "notebooks/06_naive_bayes_text.ipynb"]
MB = 2 ** 20


def _students_processes(hub):
    """Servers and kernels (not the hub and its proxy), still running."""
    hub.track()
    out = []
    for p in hub.alive():
        try:
            if p.pid != hub.proc.pid and "configurable-http-proxy" not in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:
            pass
    return out


class PeakMemory(threading.Thread):
    """Sum of RSS and of USS over the students' processes, peak over time."""

    def __init__(self, hub):
        super().__init__(daemon=True)
        self.hub, self.stop, self.rss, self.uss, self.n = hub, threading.Event(), 0, 0, 0

    def run(self):
        while not self.stop.wait(0.5):
            rss = uss = 0
            procs = _students_processes(self.hub)
            for p in procs:
                try:
                    m = p.memory_full_info()
                    rss, uss = rss + m.rss, uss + m.uss
                except psutil.Error:
                    pass
            if rss > self.rss:
                self.rss, self.uss, self.n = rss, uss, len(procs)


def _cpu(pid):
    t = psutil.Process(pid).cpu_times()
    return t.user + t.system


def solo(hub, repo):
    s = H.Student(hub, "solo")
    hub.enrol([s.name])
    s.login().start_server()
    s.pull(links.nbgitpuller_link(hub.url, links.lesson_notebooks(REPO)[0], repo=repo, branch="main"))
    time.sleep(2)
    server = [p for p in _students_processes(hub)][0]
    idle = server.memory_full_info()
    start_cpu = _cpu(server.pid)
    print(f"\n1 student alone: server idle RSS {idle.rss / MB:.0f} MB, USS {idle.uss / MB:.0f} MB; "
          f"starting it and pulling the suite took {start_cpu:.1f} CPU s")
    print(f"{'lesson':36s} {'kernel RSS':>10s} {'USS':>7s} {'CPU s':>6s} {'server CPU s':>12s} {'wall s':>7s}")
    rows = {}
    for nb in links.lesson_notebooks(REPO):
        before = _cpu(server.pid)
        m = s.run_notebook(f"{H.REPO_NAME}/{nb}")
        m["server_cpu"] = _cpu(server.pid) - before
        rows[nb] = m
        print(f"{Path(nb).stem:36s} {m['rss'] / MB:8.0f} MB {m['uss'] / MB:4.0f} MB {m['cpu']:6.1f} "
              f"{m['server_cpu']:12.1f} {m['wall']:7.1f}")
    busy = server.memory_full_info()
    print(f"server after the lessons: RSS {busy.rss / MB:.0f} MB, USS {busy.uss / MB:.0f} MB")
    s.stop_server()
    return rows, busy, start_cpu


def a_class(hub, repo, n, solo_rows):
    students = [H.Student(hub, f"student{k:02d}") for k in range(n)]
    hub.enrol(s.name for s in students)
    results, errors = {}, []
    peak = PeakMemory(hub)
    peak.start()
    t0 = time.monotonic()

    def one(s):
        try:
            s.login().start_server()
            s.pull(links.nbgitpuller_link(hub.url, CLASS_LESSONS[0], repo=repo, branch="main"))
            results[s.name] = {nb: s.run_notebook(f"{H.REPO_NAME}/{nb}") for nb in CLASS_LESSONS}
        except Exception as exc:
            errors.append(f"{s.name}: {exc}")

    threads = [threading.Thread(target=one, args=(s,)) for s in students]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    total = time.monotonic() - t0
    peak.stop.set()
    peak.join()
    if errors:
        raise SystemExit("\n".join(errors) + "\n" + hub.log())
    print(f"\n{n} students at once (log in, start server, pull, run {len(CLASS_LESSONS)} lessons): "
          f"{total:.0f} s in all")
    print(f"{'lesson':36s} {'wall p50':>8s} {'max':>6s} {'solo':>6s} {'p50/solo':>8s} {'CPU s p50':>9s} "
          f"{'kernel RSS p50':>14s}")
    for nb in CLASS_LESSONS:
        walls = [r[nb]["wall"] for r in results.values()]
        cpus = [r[nb]["cpu"] for r in results.values()]
        rss = [r[nb]["rss"] for r in results.values()]
        w50 = statistics.median(walls)
        print(f"{Path(nb).stem:36s} {w50:8.1f} {max(walls):6.1f} {solo_rows[nb]['wall']:6.1f} "
              f"{w50 / solo_rows[nb]['wall']:7.1f}x {statistics.median(cpus):9.1f} "
              f"{statistics.median(rss) / MB:11.0f} MB")
    print(f"peak memory of all servers and kernels: RSS {peak.rss / MB:.0f} MB, USS {peak.uss / MB:.0f} MB "
          f"({peak.n} processes; {peak.rss / n / MB:.0f} MB RSS per student)")
    return peak


def sizing(solo_rows, server, start_cpu, class_size):
    """Sizing from the solo figures (RSS: a container per student shares nothing)."""
    kernel_max = max(m["rss"] for m in solo_rows.values())
    one_open = server.rss + kernel_max
    per_student = server.rss + 2 * kernel_max  # a server and two open notebooks
    cpu_lesson = max(m["cpu"] + m["server_cpu"] for m in solo_rows.values())
    cpu_start = start_cpu + cpu_lesson  # log in, server start, pull, heaviest lesson
    limit = 2 ** math.ceil(math.log2(per_student / MB)) / 1024  # next power of two, in GB
    print(f"\nSizing for {class_size} students (solo figures, RSS; one BLAS thread per kernel):")
    print(f"  per student: server {server.rss / MB:.0f} MB + one open notebook {kernel_max / MB:.0f} MB "
          f"= {one_open / MB:.0f} MB; with two open {per_student / MB:.0f} MB; suggested mem_limit {limit:g}G")
    print(f"  memory: {class_size * one_open / 2 ** 30:.0f} GB with one notebook open each, "
          f"{class_size * per_student / 2 ** 30:.0f} GB with two")
    print(f"  CPU: server start and pull {start_cpu:.1f} CPU s, heaviest lesson {cpu_lesson:.1f} CPU s; "
          f"{class_size} students starting together ({cpu_start:.1f} CPU s each) need "
          f"{class_size * cpu_start / 60:.0f} cores to be done within 1 minute, "
          f"{class_size * cpu_start / 300:.0f} cores within 5 minutes")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=10)
    ap.add_argument("--class-size", type=int, default=200)
    args = ap.parse_args()
    if H.find_proxy() is None:
        raise SystemExit("configurable-http-proxy not found: run `make bench` (needs npm)")
    shared = REPO.parent / "shared" / "data" / "sms_spam"
    if "GENLEARN_DATA" not in os.environ and shared.is_dir():
        os.environ["GENLEARN_DATA"] = str(shared)
    print(f"bench_hub: {psutil.cpu_count()} cores, {psutil.virtual_memory().total / 2 ** 30:.0f} GiB; "
          f"load average {os.getloadavg()[0]:.1f} at start; kernels with OMP/OPENBLAS/MKL_NUM_THREADS=1")
    with tempfile.TemporaryDirectory() as tmp:
        repo = H.snapshot_repo(Path(tmp) / "course")
        hub = H.Hub(Path(tmp) / "hub")
        try:
            hub.start()
            solo_rows, server, start_cpu = solo(hub, repo)
            a_class(hub, repo, args.students, solo_rows)
        finally:
            left = hub.stop()
        if left:
            raise SystemExit(f"processes outlived the hub: {left}")
    sizing(solo_rows, server, start_cpu, args.class_size)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
