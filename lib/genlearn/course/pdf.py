"""Each lesson as a printable PDF, as a student reads it: prose, math, figures and printed numbers, no code.

Made from the lessons' stored outputs (as the site is, :mod:`genlearn.course.site`)
with the exporter of :mod:`genlearn.course.export` and printed by Chromium
(driven by Playwright; the browser the test suite uses, ``/usr/bin/chromium``
from Debian's package). Nothing is fetched from the network.

* Code cells show their outputs only: the printed worked numbers, the figures.
* Each explorer is frozen at its stored setting: the still picture its module
  draws of that setting (:meth:`genlearn.explorers.explorer.Explorer.static_figure`,
  stored with the widget), captioned with its name and its parameters, e.g.
  ``Explorer GaussianExplorer, frozen at mu1 = 0, mu2 = 0, sigma1 = 1, ...``.
* Math is typeset by MathJax (the static pages' local copy) before printing.
* A4 and US Letter, one file each: ``<out>/a4/<lesson>.pdf`` and
  ``<out>/letter/<lesson>.pdf``.

Commands (``make pdf`` runs the first)::

    python -m genlearn.course.pdf _pdf                  # every lesson, A4 and Letter
    python -m genlearn.course.pdf _pdf --lessons 02 06   # two lessons
    python -m genlearn.course.pdf _pdf --paper a4        # A4 only
    python -m genlearn.course.pdf _pdf --course path/to/genlearn

The lessons are those of the course folder (``--course DIR``; by default the
checkout around the current directory).

Functions
---------
print_notebook   the notebook as printed: code dropped, explorers frozen and captioned
write_pdfs       lessons -> PDFs, with a Chromium of Playwright's (or one you pass)
"""
import argparse
import base64
import copy
import html
import re
import shutil
import sys
import tempfile
from pathlib import Path

from genlearn.course import export
from genlearn.course.folder import course_folder
from genlearn.explorers.predict import Predict

__all__ = ["PAPERS", "print_notebook", "write_pdfs", "chromium_path"]

#: Paper name -> Playwright's page.pdf format.
PAPERS = {"a4": "A4", "letter": "Letter"}
_EXPLORER_CLASS = re.compile(r"\b([A-Z]\w*Explorer)\s*\(")

#: The page as printed: margins, type that reads on paper, nothing split across pages that
#: should not be, long printed lines wrapped instead of cut off at the margin.
PRINT_CSS = """<style>
@page { margin: 16mm 15mm 18mm 15mm; }
@media print {
  html, body { background: #fff !important; }
  body { font-size: 10.5pt; }
  .jp-Cell { content-visibility: visible !important; }
  .jp-Notebook { padding: 0 !important; }
  .jp-InputPrompt, .jp-OutputPrompt { display: none !important; }
  .jp-OutputArea-output pre { white-space: pre; word-break: normal; overflow-wrap: normal;
    font-size: 8.5pt; line-height: 1.3; }
  .jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2, .jp-RenderedMarkdown h3 { break-after: avoid; }
  img, figure, table, .jp-RenderedImage { break-inside: avoid; max-width: 100% !important; height: auto; }
  .gl-frozen figcaption { font-size: 9.5pt; font-style: italic; margin-top: 2pt; }
  a { color: inherit; text-decoration: none; }
}
</style>"""


def chromium_path():
    """The Chromium to print with: Debian's ``chromium`` (the tests' browser) or another on PATH."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError("no Chromium to print the PDFs with: install it (Debian: apt-get install chromium), "
                       "or pass a Playwright browser context to write_pdfs(context=...).")


def _explorer_classes():
    """Every explorer class of genlearn.explorers, by name."""
    from genlearn.explorers.explorer import explorer_classes

    return {cls.__name__: cls for cls in explorer_classes()}


def _value(v):
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, str):
        return f"“{v}”"
    return str(v)


#: The widget of a predict-then-reveal question: printed as its question, not frozen.
PREDICT = f"{Predict.__module__}.{Predict.__name__}"


def _caption(name, params):
    shown = ", ".join(f"{k} = {_value(v)}" for k, v in params.items())
    return f"Explorer {name}, frozen at its stored setting" + (f": {shown}." if shown else ".")


def print_notebook(nb, name="lesson"):
    """A copy of the notebook ``nb`` as printed (nbformat node in, node out).

    Code cells keep their outputs (their sources are left out when the page
    is exported); each explorer's output becomes its still picture with a
    caption naming the explorer and the parameters stored in its widget
    state; the widget state itself is dropped (the page loads no widget
    code). Raises ValueError, naming the lesson and the fix, when an
    explorer has no stored picture or state.
    """
    nb = copy.deepcopy(nb)
    state = nb.metadata.get("widgets", {}).get(export.WIDGET_STATE_MIME, {}).get("state", {})
    classes = None
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(export.WIDGET_VIEW_MIME)
            if view is None:
                continue
            found = _EXPLORER_CLASS.findall(cell.source)
            png = out["data"].get("image/png")
            model = state.get(view.get("model_id"), {}).get("state")
            if (model or {}).get("_anywidget_id") == PREDICT and "text/html" in out["data"]:
                # a predict-then-reveal question prints as its question and a blank for the guess
                # (genlearn.explorers.predict.Predict's HTML), never its answer
                out["data"], out["metadata"] = {"text/html": out["data"]["text/html"]}, {}
                continue
            if png is None or model is None:
                raise ValueError(f"{name}: an explorer has no stored picture or state; store them with "
                                 f"python -m genlearn.course.export --store-state {name}.ipynb")
            classes = classes if classes is not None else _explorer_classes()
            cls = classes.get(found[-1]) if found else None
            params = {k: model[k] for k in getattr(cls, "_params", ()) if k in model}
            label = found[-1] if found else "explorer"
            size = out.get("metadata", {}).get("image/png", {})
            width = f' width="{int(size["width"])}"' if "width" in size else ""
            src = "data:image/png;base64," + (png if isinstance(png, str) else base64.b64encode(png).decode())
            caption = html.escape(_caption(label, params))
            out["data"] = {"text/html": f'<figure class="gl-frozen" style="margin:0"><img src="{src}"{width} '
                                        f'alt="{caption}"><figcaption>{caption}</figcaption></figure>'}
            out["metadata"] = {}
    nb.metadata.pop("widgets", None)
    return nb


def _html(lesson, folder):
    """The lesson's printable page in ``folder`` (with the static pages' _static/); returns its path."""
    import nbformat

    nb = print_notebook(nbformat.read(lesson, as_version=4), Path(lesson).stem)
    copy_path = Path(folder) / Path(lesson).name
    nbformat.write(nb, copy_path)
    page = export.export_html(copy_path, folder, static=False, code=False)
    text = page.read_text(encoding="utf-8").replace("</head>", PRINT_CSS + "</head>", 1)
    page.write_text(text, encoding="utf-8")
    return page


#: 210 mm (A4) less the 15 mm margins on each side, at 96 CSS px per inch.
_COLUMN_PX = int((210 - 2 * 15) / 25.4 * 96)

#: Printed output wider than the paper (a table of 110 characters) is set in smaller type, down to
#: 6 pt, so that its columns stay in line; what is still too wide wraps at its spaces (never
#: inside a number).
_FIT_PRINTED_LINES = """() => {
  for (const pre of document.querySelectorAll('.jp-OutputArea-output pre')) {
    const ratio = pre.clientWidth / pre.scrollWidth;
    if (ratio >= 1) continue;
    pre.style.fontSize = `${Math.max(6, 8.5 * ratio * 0.98)}pt`;
    if (pre.scrollWidth > pre.clientWidth) pre.style.whiteSpace = 'pre-wrap';
  }
}"""


def _ready_to_print(page):
    """Wait for MathJax and the pictures, then fit the printed lines to the paper."""
    page.wait_for_function(
        "() => !window.MathJax || !MathJax.Hub || (MathJax.Hub.queue.pending === 0"
        " && MathJax.Hub.queue.running === 0)", timeout=120_000)
    page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=60_000)
    page.evaluate(_FIT_PRINTED_LINES)


def write_pdfs(out_dir, lessons=None, course=None, papers=("a4", "letter"), context=None):
    """Print ``lessons`` (paths; default: every lesson of the course folder) into ``out_dir``.

    Writes ``out_dir/<paper>/<lesson>.pdf`` for each paper of ``papers``
    (keys of :data:`PAPERS`) and returns their paths. ``context`` is a
    Playwright browser context to print with (the tests pass theirs);
    without it a headless Chromium is started (:func:`chromium_path`).
    """
    from genlearn.course.site import lesson_pages

    lessons = [Path(p) for p in (lessons if lessons is not None else lesson_pages(course))]
    unknown = [p for p in papers if p not in PAPERS]
    if unknown:
        raise ValueError(f"unknown paper {unknown[0]!r}: choose from {', '.join(PAPERS)}.")
    if not export.assets_ready():
        export.install_assets()
    out_dir = Path(out_dir)
    written = []
    with tempfile.TemporaryDirectory(prefix="genlearn-pdf-") as tmp, _browser(context) as browser:
        export.write_static(tmp)
        page = browser.new_page()
        # the width of the printed column (A4 less the margins, the narrower paper, in CSS px), so
        # that the page is laid out on screen as it will be on paper when the printed lines are fitted
        page.set_viewport_size({"width": _COLUMN_PX, "height": 1000})
        try:
            for lesson in lessons:
                html_page = _html(lesson, tmp)
                page.goto(html_page.as_uri(), wait_until="load")
                page.emulate_media(media="print")
                _ready_to_print(page)
                for paper in papers:
                    target = out_dir / paper / f"{lesson.stem}.pdf"
                    target.parent.mkdir(parents=True, exist_ok=True)
                    page.pdf(path=str(target), format=PAPERS[paper], print_background=True,
                             prefer_css_page_size=False)
                    written.append(target)
        finally:
            page.close()
    return written


class _browser:
    """The given Playwright context, or a headless Chromium started (and stopped) here."""

    def __init__(self, context):
        self.context, self.own = context, None

    def __enter__(self):
        if self.context is not None:
            return self.context
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise RuntimeError("printing needs Playwright for Python: pip install playwright "
                               "(`make pdf` installs it with the test extra).") from None
        self.own = sync_playwright().start()
        self.browser = self.own.chromium.launch(executable_path=chromium_path(), headless=True,
                                                args=["--no-sandbox", "--disable-gpu"])
        return self.browser.new_context()

    def __exit__(self, *exc):
        if self.own is not None:
            self.browser.close()
            self.own.stop()


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m genlearn.course.pdf", description=__doc__.splitlines()[0])
    ap.add_argument("out", help="output folder (one sub-folder per paper size)")
    ap.add_argument("--lessons", nargs="+", metavar="NN", help="lesson numbers (default: every lesson)")
    ap.add_argument("--paper", choices=[*PAPERS, "both"], default="both")
    ap.add_argument("--course", default=None, help="the course folder, a checkout of genlearn "
                    "(default: the one around the current directory)")
    args = ap.parse_args(argv)
    from genlearn.course.present import find_lesson

    try:
        course = course_folder(args.course)
        lessons = [find_lesson(n, course) for n in args.lessons] if args.lessons else None
        papers = tuple(PAPERS) if args.paper == "both" else (args.paper,)
        pdfs = write_pdfs(args.out, lessons, course=course, papers=papers)
    except (ValueError, RuntimeError) as exc:
        print(f"{ap.prog}: {exc}", file=sys.stderr)
        return 2
    print(f"{len(pdfs)} PDF(s) in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
