"""Build time of the course site (`make site`) and of the handouts, on this machine, now.

Times, each the wall clock of a fresh process (as `make site` runs it), from
the notebooks' stored outputs (no notebook is executed):

* site: ``python -m genlearn.course.site build <tmp>`` (10 pages, one shared _static/);
* baseline, in the same run: ``python -m genlearn.course.export <nb> <tmp>/<nb>/`` once
  per page, each a process of its own with its own copy of _static/ (what one
  would do without genlearn.course.site); ratio = baseline / site (> 1: the site
  build is faster than exporting page by page);
* site again while a busy process (a Python loop) runs, pinned to the last CPU
  where the system allows it; the script starts it and stops it;
* handouts: ``python -m genlearn.course.site handouts <tmp>`` (7 one-file lessons).

The load average (os.getloadavg) is printed before and after: other people's
jobs change the times. Aim: the site in at most 2 minutes on the 2-core machine.

    .venv/bin/python benchmarks/bench_site.py [--no-handouts]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from genlearn.course import export, site

COURSE = Path(__file__).resolve().parents[1]  # this checkout is the course folder


def timed(args):
    t0 = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def load():
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def busy_process():
    code = "while True: pass"
    proc = subprocess.Popen([sys.executable, "-c", code])
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(proc.pid, {max(os.sched_getaffinity(0))})
        except OSError:
            pass
    return proc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-handouts", action="store_true", help="skip the handouts")
    args = ap.parse_args(argv)
    if not export.assets_ready():
        export.install_assets()
    pages = [COURSE / "notebooks" / site.START, *site.lesson_pages(COURSE)]
    print(f"{len(pages)} notebooks, {os.cpu_count()} CPUs, {load()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="genlearn-bench-site-") as tmp:
        tmp = Path(tmp)
        t_site = timed(["-m", "genlearn.course.site", "build", str(tmp / "site"), "--course", str(COURSE)])
        print(f"site build (make site):           {t_site:6.1f} s   {load()}", flush=True)
        t_base = sum(timed(["-m", "genlearn.course.export", str(nb), str(tmp / "each" / nb.stem)]) for nb in pages)
        print(f"baseline, one export per page:    {t_base:6.1f} s   ratio baseline/site = {t_base / t_site:.2f}",
              flush=True)
        proc = busy_process()
        try:
            t_busy = timed(["-m", "genlearn.course.site", "build", str(tmp / "site-busy"), "--course", str(COURSE)])
        finally:
            proc.kill()
            proc.wait()
        print(f"site build, one busy process:     {t_busy:6.1f} s   {load()}", flush=True)
        if not args.no_handouts:
            t_hand = timed(["-m", "genlearn.course.site", "handouts", str(tmp / "handouts"), "--course", str(COURSE)])
            size = sum(p.stat().st_size for p in (tmp / "handouts").glob("*.html")) / len(pages[1:]) / 1e6
            print(f"handouts (make handouts):         {t_hand:6.1f} s   {size:.1f} MB per lesson   {load()}",
                  flush=True)
    verdict = "within" if t_site <= 120 else "OVER"
    print(f"aim: site build <= 120 s: {verdict} ({t_site:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
