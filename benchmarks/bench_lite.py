"""Lessons in the browser (JupyterLite, Pyodide) against the same lessons in JupyterLab with a local kernel.

For each lesson, in one headless Chromium and in the same run:

* JupyterLite: the site of ``make lite`` (genlearn.course.lite; the build shared with the tests),
  served by a static file server on 127.0.0.1. Python runs in the page (Pyodide 0.27.7, WebAssembly,
  one thread). The first lesson is a first visit (empty browser cache: the ~60 MB of Python packages
  are read and compiled); the next ones reuse the browser's cache, as a student's next lesson does.
* JupyterLab: ``jupyter lab`` from .venv on 127.0.0.1, its ipykernel on this machine (CPython).

Two times per lesson, each the wall clock seen by the learner:
  first output  from opening the lesson (page load, kernel start) to the first output of Run All;
  Run All       from choosing Run > Run All Cells to the last cell done.
ratio = JupyterLite / JupyterLab. Aims (issue 32): first output <= 15 s, Run All <= 3x the local kernel.
The load average is printed before and after: other jobs on the 2-core machine change every time.

    .venv/bin/python benchmarks/bench_lite.py [--lessons 01 03]
"""
import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import lab_driver as L  # noqa: E402
import lite_driver as D  # noqa: E402
from genlearn.course import lite  # noqa: E402
from genlearn.course.folder import course_folder  # noqa: E402


def load():
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def measure(page, open_lesson):
    t0 = time.monotonic()
    open_lesson()
    ready = time.monotonic() - t0
    first, end = D.run_all(page)
    errors = [o for c in D.cell_outputs(page) for o in c["outputs"] if o["output_type"] == "error"]
    return ready + (first if first is not None else end), end, len(errors)


def main(argv=None):
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lessons", nargs="*", help="lesson numbers (default: every lesson)")
    args = ap.parse_args(argv)
    notebooks = course_folder() / "notebooks"
    lessons = [p.name for p in lite.lessons(notebooks)
               if p.parent == notebooks and p.name not in (lite.START, lite.SLIPS)]
    if args.lessons:
        lessons = [n for n in lessons if n[:2] in args.lessons]
    folder = D.site_folder()
    built = lite.build(folder, course=notebooks.parent, offline=True)
    print(f"JupyterLite site: {built['bytes'] / 1e6:.1f} MB, Pyodide {built['pyodide']}; "
          f"{os.cpu_count()} CPUs, {load()}", flush=True)
    rows = []
    proxy = D.OutsideRequests()
    with sync_playwright() as pw, L.serve_folder(folder) as base, \
            L.LabServer(extra_args=["--LabApp.expose_app_in_browser=True"]) as server:
        context, cleanup = D.launch(pw, proxy)
        try:
            page = context.new_page()
            page.set_default_timeout(120_000)
            for name in lessons:
                lite_first, lite_all, lite_err = measure(page, lambda: D.open_lesson(page, base, name))
                lab_first, lab_all, lab_err = measure(
                    page, lambda: L.open_notebook(page, server, f"notebooks/{name}"))
                server.shutdown_kernels()
                rows.append((name, lite_first, lite_all, lab_first, lab_all))
                flag = "" if not (lite_err or lab_err) else f"   ERRORS lite {lite_err} lab {lab_err}"
                print(f"{name[:34]:34s} first output: lite {lite_first:5.1f} s  lab {lab_first:5.1f} s   "
                      f"Run All: lite {lite_all:5.1f} s  lab {lab_all:5.1f} s  ratio {lite_all / lab_all:4.1f}x   "
                      f"{load()}{flag}", flush=True)
        finally:
            cleanup()
            proxy.close()
    worst_first = max(r[1] for r in rows)
    worst_ratio = max(r[2] / r[4] for r in rows)
    print(f"requests that tried to leave the machine: {len(proxy.requests)}")
    print(f"aim first output <= 15 s: {'met' if worst_first <= 15 else 'NOT met'} (worst {worst_first:.1f} s); "
          f"aim Run All <= 3x local: {'met' if worst_ratio <= 3 else 'NOT met'} (worst {worst_ratio:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
