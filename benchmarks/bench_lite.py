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

``--breakdown`` (JupyterLite only) says where a lesson's time to its first output goes. Each lesson is
opened in a fresh kernel, and then:
  page          from opening the lesson to JupyterLab's page showing it;
  runtime       to the kernel idle: Pyodide's WebAssembly runtime, its standard library and the kernel;
  packages      the lesson's imports' packages loaded (Pyodide's ``loadPackagesFromImports``, which the
                kernel calls before every cell: the wheels read from the browser's cache and unpacked);
  imports       the same imports run in Python, of which "libraries": numpy, scipy, scikit-learn,
                matplotlib and the widget libraries, imported first (the rest is genlearn's own);
  to output     Run All, packages and modules now in place: the click to the first output (the cells
                before it and the first output's own work);
and, in another fresh kernel, the lesson's first output as a learner meets it (the table's "first
output"), to compare with the sum. The imports are those of the lesson's cells up to the first one that
printed (read from the stored notebook), run through the kernel's API: the notebook is not changed.

``--sites A B`` compares JupyterLite builds (e.g. this checkout's and another commit's, each made with
``lite.build(folder, force=True)`` in its own checkout): the lessons run in each in turn, interleaved, in
the same browser and run, with JupyterLab beside them as before; with ``--breakdown``, the breakdown of
each site in turn, ``--repeat`` times.

    .venv/bin/python benchmarks/bench_lite.py [--lessons 01 03] [--breakdown] [--sites A B [--repeat 2]]
"""
import argparse
import ast
import contextlib
import json
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


def lesson_imports(path):
    """The import statements of the lesson's code cells up to the first that printed something (stored
    outputs), as one piece of source."""
    imports = []
    for cell in json.loads(Path(path).read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        for node in ast.parse("\n".join(lines)).body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                imports.append(ast.unparse(node))
        if cell.get("outputs"):
            break
    return "\n".join(imports)


#: JavaScript: run ``code`` in the open notebook's kernel (not in a cell) and return what it printed.
EXECUTE_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = '';
  future.onIOPub = msg => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += 'ERROR ' + msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return out;
}"""

#: Python run by the kernel: the packages of the lesson's imports loaded, then the imports run, each timed
#: in the kernel (the kernel's own loadPackagesFromImports sees only this code's imports, time and pyodide_js).
PROBE = """import time as _t, pyodide_js as _p
_t0 = _t.perf_counter()
await _p.loadPackagesFromImports({code!r})
_t1 = _t.perf_counter()
exec({libraries!r}, {{}})
_t2 = _t.perf_counter()
exec({code!r}, {{}})
print('probe', _t1 - _t0, _t.perf_counter() - _t1, _t2 - _t1)"""

#: What genlearn's modules import when they load, beside the standard library.
LIBRARIES = ("import numpy, scipy.special, scipy.stats, sklearn.base, matplotlib.pyplot, ipywidgets, anywidget")


def breakdown(page, base, name, notebook):
    """(page, runtime, packages, imports, of which libraries, to output, sum, first output) in seconds for
    the lesson ``name``."""
    t0 = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={name}", wait_until="domcontentloaded")
    page.wait_for_function(f"() => window.jupyterapp && {D._PANEL} && {D._PANEL}.context"
                           f" && {D._PANEL}.context.path === {name!r}", timeout=180_000, polling=100)
    shown = time.monotonic() - t0
    page.wait_for_function(L.KERNEL_READY_JS, timeout=180_000, polling=100)
    runtime = time.monotonic() - t0 - shown
    printed = page.evaluate(EXECUTE_JS, PROBE.format(code=lesson_imports(notebook), libraries=LIBRARIES))
    if not printed.startswith("probe "):
        raise RuntimeError(f"{name}: the import probe failed: {printed[:500]}")
    packages, imports, libraries = (float(x) for x in printed.split()[1:4])
    first, _ = D.run_all(page)
    parts = (shown, runtime, packages, imports, first)
    t0 = time.monotonic()
    D.open_lesson(page, base, name)
    ready = time.monotonic() - t0
    fresh, _ = D.run_all(page)
    return (*parts[:4], libraries, first, sum(parts), ready + fresh)


def main_breakdown(lessons, notebooks, folder):
    from playwright.sync_api import sync_playwright

    proxy = D.OutsideRequests()
    rows = []
    print("| lesson | page | runtime | packages | imports | of which libraries | to output | sum | first output |")
    print("|---|---|---|---|---|---|---|---|---|")
    with sync_playwright() as pw, L.serve_folder(folder) as base:
        context, cleanup = D.launch(pw, proxy)
        try:
            page = context.new_page()
            page.set_default_timeout(120_000)
            for name in lessons:
                row = breakdown(page, base, name, notebooks / name)
                rows.append(row)
                print(f"| {name[:2]} | " + " | ".join(f"{x:.1f} s" for x in row) + f" |   {load()}", flush=True)
        finally:
            cleanup()
            proxy.close()
    print(f"requests that tried to leave the machine: {len(proxy.requests)}")
    return 0


def main(argv=None):
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lessons", nargs="*", help="lesson numbers (default: every lesson)")
    ap.add_argument("--breakdown", action="store_true",
                    help="JupyterLite only: where the time to each lesson's first output goes")
    ap.add_argument("--sites", nargs="+", type=Path, metavar="FOLDER",
                    help="built JupyterLite sites to compare, interleaved (default: this checkout's build)")
    ap.add_argument("--repeat", type=int, default=1, help="rounds over the lessons (and the sites)")
    args = ap.parse_args(argv)
    notebooks = course_folder() / "notebooks"
    lessons = [p.name for p in lite.lessons(notebooks)
               if p.parent == notebooks and p.name not in (lite.START, lite.SLIPS)]
    if args.lessons:
        lessons = [n for n in lessons if n[:2] in args.lessons]
    folders = args.sites
    if not folders:
        built = lite.build(D.site_folder(), course=notebooks.parent, offline=True)
        folders = [D.site_folder()]
        print(f"JupyterLite site: {built['bytes'] / 1e6:.1f} MB, Pyodide {built['pyodide']}", flush=True)
    missing = [str(f) for f in folders if not (f / "jupyter-lite.json").exists()]
    if missing:
        raise SystemExit(f"not a built JupyterLite site: {missing} (build one with lite.build(folder))")
    print(f"{os.cpu_count()} CPUs, {load()}", flush=True)
    if args.breakdown:
        for _ in range(args.repeat):
            for folder in folders:
                if len(folders) > 1:
                    print(f"site {folder}", flush=True)
                main_breakdown(lessons, notebooks, folder)
        return 0
    rows = []
    proxy = D.OutsideRequests()
    with sync_playwright() as pw, contextlib.ExitStack() as stack, \
            L.LabServer(extra_args=["--LabApp.expose_app_in_browser=True"]) as server:
        bases = [stack.enter_context(L.serve_folder(f)) for f in folders]
        context, cleanup = D.launch(pw, proxy)
        try:
            page = context.new_page()
            page.set_default_timeout(120_000)
            for _ in range(args.repeat):
                for name in lessons:
                    lab_first, lab_all, lab_err = measure(
                        page, lambda: L.open_notebook(page, server, f"notebooks/{name}"))
                    server.shutdown_kernels()
                    for folder, base in zip(folders, bases):
                        lite_first, lite_all, lite_err = measure(page, lambda: D.open_lesson(page, base, name))
                        rows.append((folder, lite_first, lite_all, lab_first, lab_all))
                        flag = "" if not (lite_err or lab_err) else f"   ERRORS lite {lite_err} lab {lab_err}"
                        site = f" [{folder.name}]" if len(folders) > 1 else ""
                        print(f"{name[:34]:34s}{site} first output: lite {lite_first:5.1f} s  lab {lab_first:5.1f} s"
                              f"   Run All: lite {lite_all:5.1f} s  lab {lab_all:5.1f} s  "
                              f"ratio {lite_all / lab_all:4.1f}x   {load()}{flag}", flush=True)
        finally:
            cleanup()
            proxy.close()
    print(f"requests that tried to leave the machine: {len(proxy.requests)}")
    for folder in folders:
        mine = [r for r in rows if r[0] == folder]
        worst_first = max(r[1] for r in mine)
        worst_ratio = max(r[2] / r[4] for r in mine)
        print((f"[{folder.name}] " if len(folders) > 1 else "") +
              f"aim first output <= 15 s: {'met' if worst_first <= 15 else 'NOT met'} (worst {worst_first:.1f} s); "
              f"aim Run All <= 3x local: {'met' if worst_ratio <= 3 else 'NOT met'} (worst {worst_ratio:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
