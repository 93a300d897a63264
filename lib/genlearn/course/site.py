"""The course as a static web site, and each lesson as one self-contained HTML file.

Built on :mod:`genlearn.course.export` (nbconvert's "lab" template, ipywidgets' HTML
widget manager, RequireJS and MathJax, all from local files): no second
exporter, no server, no network when a page is viewed.

Commands::

    python -m genlearn.course.site build _site/            # the site (make site)
    python -m genlearn.course.site build --execute _site/  # run every notebook first
    python -m genlearn.course.site handouts _handouts/     # one file per lesson (make handouts)
    python -m genlearn.course.site build _site/ --course path/to/genlearn   # from outside the checkout

The notebooks are those of the course folder (``--course DIR``; by default
the checkout around the current directory, see :mod:`genlearn.course.folder`).

The site (``build``)
    ``index.html`` is the start notebook (table of contents, notation table);
    one page per lesson (``notebooks/NN_*.ipynb``, NN from 01) rendered from its
    STORED outputs and widget state (the test suite executes the notebooks;
    ``--execute`` runs copies first); ``homework.html`` lists the student
    versions of the homework (``notebooks/homework/*.ipynb``, copied as
    downloads; nothing from ``instructor/``); ``notes_slips.html`` is the
    page of the lecture notes' slips that the lessons point to; ``run.html`` says how to run
    the notebooks for real. Links between notebooks (``02_….ipynb``) point
    to the pages; every page shares one ``_static/`` folder. Copy the folder
    to any static host, or open ``index.html`` from the disk.

The handouts (``handouts``)
    ``<lesson>.html`` holds everything it needs (the slips page the lessons
    link to is one more handout beside them): RequireJS, the widget
    manager (its icon fonts as data URIs), anywidget's front end and the
    explorers' state. Math is typeset by MathJax 3's single-file build
    ``tex-svg-full.js`` inlined in the page (fetched once with ``npm pack
    mathjax@3``): MathJax 2, used by the site, loads its extensions and fonts
    as separate files, which a lone file cannot give it; the SVG output of
    MathJax 3 needs no font files at all.

Both refuse (:class:`StaleExplorers`, exit status 1 from the command line)
when a lesson's stored explorer state is missing or out of date with the
code (:func:`genlearn.course.widget_state.problems`): its page would show a static
picture instead of a live explorer. The message names the lesson and the
explorer and how to restore it (``git checkout`` or ``python -m
genlearn.course.export --store-state``). ``--execute`` runs the notebooks
first, so it needs no stored state.

Functions
---------
build            the site into a folder
handouts         one self-contained file per lesson into a folder
lesson_pages     the notebooks the site renders, in order
inline_page      turn an exported page (with its _static/ folder) into one file
"""
import argparse
import base64
import html as html_lib
import json
import re
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

from genlearn.course import export, widget_state
from genlearn.course.folder import LESSON_GLOB, course_folder

__all__ = ["MATHJAX3_VERSION", "lesson_pages", "build", "handouts", "inline_page",
           "install_mathjax3"]

START = "00_start_here.ipynb"
#: The page of the lecture notes' slips, which the lessons link to (not a lesson: no number).
SLIPS = "notes_slips.ipynb"
#: The folder of the site that holds its JupyterLite copy (genlearn.course.lite).
LITE_DIR = "lite"
BINDER = ("https://mybinder.org/v2/gh/genlearn/genlearn/HEAD"
          "?urlpath=lab/tree/notebooks/00_start_here.ipynb")

#: MathJax 3 for the handouts: one file, SVG output, every TeX extension included.
MATHJAX3_VERSION = "3.2.2"
MATHJAX3_DIR = export.ASSET_DIR.parent / "mathjax3"


class StaleExplorers(ValueError):
    """A lesson's stored explorer state is missing or out of date: its page would be dead."""


def check_stored_state(notebooks):
    """Raise :class:`StaleExplorers` naming every explorer whose stored state is missing or stale."""
    message = widget_state.refusal([_relative(nb) for nb in notebooks])
    if message:
        raise StaleExplorers(message)


def _relative(path):
    """``path`` relative to the working directory when it lies below it (as the user typed it)."""
    try:
        return Path(path).resolve().relative_to(Path.cwd())
    except ValueError:
        return Path(path)


def lite_link(lite_url, nb_path):
    """The URL that opens a notebook in the JupyterLite site published at ``lite_url`` (genlearn.course.lite)."""
    nb_path = Path(nb_path).resolve()
    notebooks = next(p for p in nb_path.parents if p.name == "notebooks")
    return f"{lite_url.rstrip('/')}/lab/index.html?path={nb_path.relative_to(notebooks).as_posix()}"


def lesson_pages(course=None):
    """The lesson notebooks the site renders (``notebooks/NN_*.ipynb`` but the start page), in order.

    ``course`` is the course folder (default: the checkout around the current directory).
    """
    notebooks = course_folder(course) / "notebooks"
    pages = [p for p in sorted(notebooks.glob(LESSON_GLOB)) if p.name != START]
    if not pages:
        raise ValueError(f"no lesson notebooks (NN_*.ipynb besides {START}) in {notebooks}: "
                         "pass the course folder of a genlearn checkout.")
    return pages


def extra_pages(course=None):
    """The pages besides the lessons that the lessons link to: the slips page, if there is one."""
    return [p for p in [course_folder(course) / "notebooks" / SLIPS] if p.exists()]


def _title(nb_path):
    """The first Markdown heading of a notebook (the page title)."""
    import nbformat

    nb = nbformat.read(nb_path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#+\s+(.+)$", cell.source, re.M)
            if m:
                return re.sub(r"[*_`$\\]", "", m.group(1)).strip()
    return Path(nb_path).stem


def _page_name(stem):
    return "index.html" if stem == Path(START).stem else stem + ".html"


def _rewrite(html, title, nav, pages):
    """Title, navigation bar, and links: ``NN_x.ipynb`` -> its page; homework notebooks as downloads."""
    html = html.replace("<title>Notebook</title>", f"<title>{html_lib.escape(title)}</title>", 1)

    def link(m):
        target, anchor = m.group(1), m.group(2) or ""
        stem = target.rsplit("/", 1)[-1][:-len(".ipynb")]
        if stem in pages and "/" not in target.lstrip("./"):
            return f'href="{_page_name(stem)}{anchor}"'
        if target.startswith("homework/"):
            return f'href="{target}" download'
        return m.group(0)

    html = re.sub(r'href="([^"#:]+?\.ipynb)(#[^"]*)?"', link, html)
    html = html.replace('href="homework/"', 'href="homework.html"')
    return html.replace("<main>", f"<main>\n{nav}", 1)


def _nav(prev_page=None, next_page=None, run_url=None):
    items = ['<a href="index.html">Start: contents and notation</a>',
             '<a href="homework.html">Homework</a>',
             '<a href="run.html">Run the notebooks</a>']
    if run_url:
        items.insert(0, f'<a href="{html_lib.escape(run_url)}" class="gl-run">Run this lesson in your browser</a>')
    if prev_page:
        items.append(f'<a href="{prev_page[0]}" rel="prev">← {html_lib.escape(prev_page[1])}</a>')
    if next_page:
        items.append(f'<a href="{next_page[0]}" rel="next">{html_lib.escape(next_page[1])} →</a>')
    return f'<nav class="gl-site-nav" aria-label="Course">{" ".join(items)}</nav>'


def _markdown_notebook(path, text):
    """Write a one-cell Markdown notebook (the site's own pages go through the same exporter)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def _run_page_text(lite=None, start=None):
    in_browser = "" if not lite else f"""
## In your browser, with nothing installed and no server: JupyterLite

[Open the course in JupyterLite]({lite_link(lite, start)}) (each lesson page also has a link
"Run this lesson in your browser"). Python runs in the page itself (Pyodide): run the cells, change them,
run them again. The first lesson takes a while to start (the browser loads about 60 MB of Python once);
your changes are kept in this browser, and *Help → Reset all notebooks to the original* brings the
published lessons back.
"""
    return f"""# Run the notebooks for real

The pages of this site show each lesson as it was last run: the figures are pictures and the explorers
run in your browser, but the code cells cannot be changed or run. To run the code, pick one of these.
{in_browser}
## On your own machine (Linux or macOS, Python ≥ 3.10 and `make`)

Get the course repository, then in its folder:

```bash
make lab     # makes .venv, installs genlearn, opens JupyterLab on the start notebook
make test    # the same environment plus the test tools, then the whole test suite
```

## With conda

```bash
conda env create -f environment.yml
conda activate genlearn
jupyter lab notebooks/00_start_here.ipynb
```

## In the browser, with nothing installed: Binder

[Open the start notebook on Binder]({BINDER}). Binder starts a fresh JupyterLab for you; it can take a
minute, is shared by everyone (it can be full at the start of a lecture) and forgets your changes when you
close it: download the notebooks you edit.

## Offline, one file per lesson

`make handouts` writes each lesson as a single HTML file with its explorers; it opens from the disk, with
no server and no network.
"""


def _homework_text(homework):
    lines = ["# Homework: student versions", "",
             "Download a notebook, open it in JupyterLab (see *Run the notebooks*) and fill in the cells "
             "marked for your answer. The tests in the notebook tell you whether your code runs; the grades "
             "come from your instructor.", ""]
    for nb in homework:
        lines.append(f"* [{_title(nb)}](homework/{nb.name}) (`{nb.name}`)")
    if not homework:
        lines.append("No homework has been published yet.")
    return "\n".join(lines) + "\n"


def build(out_dir, course=None, execute=False, timeout=300, lite=True):
    """Build the static site of the course folder ``course`` into ``out_dir``.

    ``out_dir`` is created; previous pages are replaced. ``course`` defaults
    to the checkout around the current directory. Returns the list of pages
    written. ``execute`` runs a copy of every notebook first; by default the
    stored outputs and widget state are used. ``lite``: True puts the
    JupyterLite site (genlearn.course.lite) into ``out_dir/lite/`` and links
    each lesson page to its runnable copy there; a URL links to a JupyterLite
    site published elsewhere; False, no links.
    """
    import nbformat  # noqa: F401  (fail early when the lab extras are missing)

    out_dir, notebooks = Path(out_dir), course_folder(course) / "notebooks"
    start = notebooks / START
    if not start.exists():
        raise ValueError(f"{start} is missing: the site starts there; pass the course folder "
                         "of a genlearn checkout.")
    lessons = lesson_pages(notebooks.parent)
    if not execute:
        check_stored_state([start, *lessons])
    homework = sorted((notebooks / "homework").glob("*.ipynb"))
    out_dir.mkdir(parents=True, exist_ok=True)
    if not export.assets_ready():
        export.install_assets()
    export.write_static(out_dir)

    if lite is True:
        from genlearn.course import lite as lite_build

        lite_build.copy_site(out_dir / LITE_DIR, course=notebooks.parent)
        lite = LITE_DIR + "/"
    ordered = [start, *lessons, *extra_pages(course)]
    titles = {nb.stem: _title(nb) for nb in ordered}
    stems = set(titles)
    written = []
    for i, nb in enumerate(ordered):
        prev_page = (_page_name(ordered[i - 1].stem), titles[ordered[i - 1].stem]) if i > 0 else None
        next_page = (_page_name(ordered[i + 1].stem), titles[ordered[i + 1].stem]) if i + 1 < len(ordered) else None
        page = export.export_html(nb, out_dir, execute_first=execute, timeout=timeout, static=False)
        run_url = lite_link(lite, nb) if lite and nb in lessons else None
        html = _rewrite(page.read_text(encoding="utf-8"), titles[nb.stem], _nav(prev_page, next_page, run_url),
                        stems)
        target = out_dir / _page_name(nb.stem)
        if target != page:
            page.unlink()
        target.write_text(html, encoding="utf-8")
        written.append(target)

    (out_dir / "homework").mkdir(exist_ok=True)
    for nb in homework:
        shutil.copy(nb, out_dir / "homework" / nb.name)
    with tempfile.TemporaryDirectory(prefix="genlearn-site-") as tmp:
        for stem, text, title in (("homework", _homework_text(homework), "Homework"),
                                  ("run", _run_page_text(lite, start), "Run the notebooks")):
            src = _markdown_notebook(Path(tmp) / f"{stem}.ipynb", text)
            page = export.export_html(src, out_dir, static=False)
            page.write_text(_rewrite(page.read_text(encoding="utf-8"), title, _nav(), stems), encoding="utf-8")
            written.append(page)
    return written


# ---------------------------------------------------------------- handouts

def install_mathjax3(asset_dir=MATHJAX3_DIR, npm="npm"):
    """``tex-svg-full.js`` of MathJax 3 (``npm pack``, once); returns its path."""
    asset_dir = Path(asset_dir)
    target = asset_dir / f"tex-svg-full-{MATHJAX3_VERSION}.js"
    if target.exists():
        return target
    if shutil.which(npm) is None:
        raise RuntimeError("npm is needed once, to fetch MathJax 3 for the handouts: install Node.js and npm "
                           "(Debian: apt-get install npm) and run `make handouts` again.")
    with tempfile.TemporaryDirectory(prefix="genlearn-npm-") as tmp:
        with tarfile.open(export.npm_pack([f"mathjax@{MATHJAX3_VERSION}"], tmp, npm)[-1]) as tar:
            data = tar.extractfile("package/es5/tex-svg-full.js").read()
    asset_dir.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target


def _data_uri(data, mime):
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _widget_manager(static):
    """The widget manager's AMD build with its icon fonts inlined as data URIs."""
    folder = static / "html-manager"
    code = (folder / "embed-amd.js").read_text(encoding="utf-8")

    def font(m):
        name = m.group(1)
        mime = "font/woff2" if name.endswith(".woff2") else "font/woff"
        return json.dumps(_data_uri((folder / name).read_bytes(), mime))

    return re.sub(r'\b\w\.p\+"([0-9a-f]{20}\.woff2?)"', font, code)


_MATHJAX3_CONFIG = """<script>
window.MathJax = {
  tex: {inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]], displayMath: [["$$", "$$"], ["\\\\[", "\\\\]"]],
        processEscapes: true, processEnvironments: true, tags: "ams"},
  svg: {fontCache: "global"},
  options: {enableMenu: false},
  startup: {typeset: true}
};
</script>"""


def inline_page(html, static, mathjax3):
    """One exported page (its ``_static/`` folder at ``static``) as one self-contained HTML string.

    Scripts become data URIs (RequireJS, the widget manager, anywidget);
    MathJax 2 and its configuration are replaced by MathJax 3 (``mathjax3``,
    the path of ``tex-svg-full.js``) inlined the same way.
    """
    static = Path(static)
    js = "text/javascript"
    require_uri = _data_uri((static / "require.js").read_bytes(), js)
    html = html.replace('<script src="_static/require.js"></script>', f'<script src="{require_uri}"></script>', 1)
    html = html.replace('anywidget: "_static/anywidget"',
                        f'anywidget: "{_data_uri((static / "anywidget.js").read_bytes(), js)}"', 1)
    if "_static/html-manager/embed-amd.js" in html:
        # the template names the manager twice (a fall-back for old state): store it once
        manager = _data_uri(_widget_manager(static).encode("utf-8"), js)
        html = html.replace("'_static/html-manager/embed-amd.js'", "window.genlearnWidgetManager")
        html = html.replace("<script>", f'<script>window.genlearnWidgetManager = "{manager}";</script>\n<script>', 1)
    math = re.compile(r'<script src="_static/mathjax/MathJax\.js[^"]*">\s*</script>.*?'
                      r'<script type="text/x-mathjax-config">.*?</script>', re.S)
    mathjax = f'{_MATHJAX3_CONFIG}\n<script src="{_data_uri(Path(mathjax3).read_bytes(), js)}"></script>'
    html, n = math.subn(lambda m: mathjax, html, count=1)
    if n != 1:
        raise RuntimeError("the exported page's MathJax block changed; "
                           "genlearn.course.site.inline_page needs updating.")
    left = re.findall(r'(?:src|href)=["\']_static/[^"\']*', html)
    if left:
        raise RuntimeError(f"the handout still names files of _static/: {left[:3]}")
    return html


def _runnable_note(nb, lite_url=None):
    """The handout's line on where its runnable version lives (JupyterLite, genlearn.course.lite)."""
    rel = html_lib.escape(Path(nb).name)
    if lite_url:
        where = (f'<a href="{html_lib.escape(lite_link(lite_url, nb))}">run this lesson in your '
                 f'browser</a> (JupyterLite: Python in the page, nothing to install)')
    else:
        where = (f"run this lesson in your browser with nothing installed: open <code>{rel}</code> in the "
                 "course's JupyterLite site (the folder <code>lite/</code> of the course site; "
                 "<code>make lite</code> builds it as <code>_lite/</code>)")
    return (f'<p class="gl-runnable" style="border:1px solid #bbb;padding:0.5em 1em">This page shows the lesson as '
            f"it was last run; the explorers work, the code does not run here. To change and run the code, "
            f"{where}.</p>")


def handouts(out_dir, course=None, execute=False, timeout=300, lite_url=None):
    """Write each lesson of the course folder ``course`` as one self-contained HTML file into
    ``out_dir`` (``course`` defaults to the checkout around the current directory); returns their paths.

    Each lesson says where its runnable version lives: a link when ``lite_url`` (the address of the
    published JupyterLite site) is given, else how to find it in the course's JupyterLite site."""
    lessons = lesson_pages(course)
    out_dir = Path(out_dir)
    if not execute:
        check_stored_state(lessons)
    out_dir.mkdir(parents=True, exist_ok=True)
    if not export.assets_ready():
        export.install_assets()
    mathjax3 = install_mathjax3()
    lessons = lessons + extra_pages(course)
    stems = {nb.stem for nb in lessons} | {Path(SLIPS).stem}   # the slips page is always a handout of the course
    written = []
    with tempfile.TemporaryDirectory(prefix="genlearn-handouts-") as tmp:
        static = export.write_static(tmp)
        for nb in lessons:
            page = export.export_html(nb, tmp, execute_first=execute, timeout=timeout, static=False)
            html = page.read_text(encoding="utf-8")
            # links to other lessons point to their handouts (same folder); nothing else changes
            html = re.sub(r'href="([^"#/:]+)\.ipynb(#[^"]*)?"',
                          lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"' if m.group(1) in stems
                          else m.group(0), html)
            html = html.replace("<title>Notebook</title>", f"<title>{html_lib.escape(_title(nb))}</title>", 1)
            if nb.name != SLIPS:
                html = html.replace("<main>", f"<main>\n{_runnable_note(nb, lite_url)}", 1)
            target = out_dir / page.name
            target.write_text(inline_page(html, static, mathjax3), encoding="utf-8")
            written.append(target)
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m genlearn.course.site", description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=["build", "handouts"])
    ap.add_argument("out", help="output folder")
    ap.add_argument("--execute", action="store_true", help="run a copy of every notebook first")
    ap.add_argument("--course", default=None, help="the course folder, a checkout of genlearn "
                    "(default: the one around the current directory)")
    ap.add_argument("--lite-url", help="address of the published JupyterLite site (build: link to it instead of "
                                       "building lite/ into the site; handouts: link each lesson to it)")
    args = ap.parse_args(argv)
    try:
        course = course_folder(args.course)
    except ValueError as exc:
        ap.error(str(exc))
    try:
        if args.command == "build":
            from genlearn.course import lite

            runnable = args.lite_url or lite.tools_installed()
            if not runnable:
                print(f"note: the lesson pages get no \"Run this lesson in your browser\" link: the JupyterLite "
                      f"build tools are not installed in {lite.TOOLS_ENV} (`make lite` installs them; or pass "
                      "--lite-url with the address of a published JupyterLite site).", file=sys.stderr)
            pages = build(args.out, course=course, execute=args.execute, lite=runnable)
        else:
            pages = handouts(args.out, course=course, execute=args.execute, lite_url=args.lite_url)
    except StaleExplorers as exc:
        print(f"python -m genlearn.course.site {args.command}: refused.\n{exc}", file=sys.stderr)
        return 1
    print(f"{len(pages)} page(s) in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
