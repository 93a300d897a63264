"""genlearn.course.site without a browser: link rewriting, inputs it refuses, the handout inliner.

Oracle: hand-written HTML snippets and their expected rewrites. The pages
themselves are checked in Chromium by tests/browser/test_site.py.
"""
import pytest

from genlearn.course import export, site
from genlearn.course.folder import course_folder
from npm_stub import npm_stub


def test_lesson_links_point_to_pages_and_homework_to_downloads():
    html = ("<title>Notebook</title></head><main>"
            '<a href="02_multivariate_gaussian.ipynb#the-density">x</a>'
            '<a href="00_start_here.ipynb">start</a>'
            '<a href="homework/hw1_gda.ipynb">hw</a>'
            '<a href="homework/">all</a>'
            '<a href="https://example.org/a.ipynb">outside</a>'
            '<a href="99_unknown.ipynb">unknown</a>')
    out = site._rewrite(html, "Lesson <2>", "<nav>N</nav>", {"00_start_here", "02_multivariate_gaussian"})
    assert '<title>Lesson &lt;2&gt;</title>' in out
    assert 'href="02_multivariate_gaussian.html#the-density"' in out
    assert 'href="index.html"' in out
    assert 'href="homework/hw1_gda.ipynb" download' in out
    assert 'href="homework.html"' in out
    assert 'href="https://example.org/a.ipynb"' in out
    assert 'href="99_unknown.ipynb"' in out, "a link to a notebook the site does not render is left alone"
    assert "<main>\n<nav>N</nav>" in out


def test_lessons_are_the_numbered_notebooks_in_order():
    on_disk = sorted((course_folder() / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    pages = site.lesson_pages()
    assert pages == [p for p in on_disk if not p.name.startswith("00_")] and len(pages) >= 7
    assert site.lesson_pages(course_folder()) == pages
    assert [p.name for p in site.extra_pages()] == [site.SLIPS], "the slips page the lessons link to"


def _course(root, *names):
    (root / "notebooks").mkdir(parents=True)
    for name in names:
        (root / "notebooks" / name).write_text("{}")
    return root


def test_handout_links_to_lessons_and_the_slips_page_point_to_handouts(tmp_path, monkeypatch):
    """Oracle: the hrefs of a hand-made notebook's exported page."""
    import nbformat

    md = ("[next](02_multivariate_gaussian.ipynb#the-density) [slips](notes_slips.ipynb) "
          "[unknown](99_unknown.ipynb) [hw](homework/hw1_gda.ipynb)")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 01 · A lesson\n\n" + md)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("01_a_lesson.ipynb", "02_multivariate_gaussian.ipynb", site.SLIPS):
        nbformat.write(nb, folder / name)
    monkeypatch.setattr(site, "install_mathjax3", lambda: tmp_path / "mj3.js")
    monkeypatch.setattr(site, "inline_page", lambda html, static, mathjax3: html)
    if not export.assets_ready():
        pytest.skip("web assets not fetched (make test fetches them)")
    pages = site.handouts(tmp_path / "out", course=tmp_path)
    assert sorted(p.name for p in pages) == ["01_a_lesson.html", "02_multivariate_gaussian.html", "notes_slips.html"]
    html = (tmp_path / "out" / "01_a_lesson.html").read_text(encoding="utf-8")
    assert 'href="02_multivariate_gaussian.html#the-density"' in html and 'href="notes_slips.html"' in html
    assert 'href="99_unknown.ipynb"' in html and 'href="homework/hw1_gda.ipynb"' in html


def test_bad_folders_are_refused_with_the_fix(tmp_path):
    with pytest.raises(ValueError, match="not a course folder.*--course"):
        site.lesson_pages(tmp_path)
    with pytest.raises(ValueError, match="no lesson notebooks.*besides 00_start_here"):
        site.lesson_pages(_course(tmp_path / "start_only", "00_start_here.ipynb"))
    with pytest.raises(ValueError, match="00_start_here.ipynb is missing.*course folder"):
        site.build(tmp_path / "out", course=_course(tmp_path / "no_start", "01_a.ipynb"))
    assert not (tmp_path / "out").exists(), "nothing is written for a course that cannot be built"


def test_command_names_the_course_option(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        site.main(["build", str(tmp_path / "out")])
    assert exit_.value.code == 2 and "--course" in capsys.readouterr().err


def test_homework_page_lists_every_student_version():
    homework = sorted((course_folder() / "notebooks" / "homework").glob("*.ipynb"))
    text = site._homework_text(homework)
    assert homework and all(f"(homework/{nb.name})" in text for nb in homework)
    assert "instructor/" not in text


@pytest.mark.skipif(not export.assets_ready(), reason="web assets not fetched (make test fetches them)")
def test_inliner_refuses_a_page_it_does_not_understand(tmp_path):
    static = export.write_static(tmp_path)
    mathjax3 = tmp_path / "mj3.js"
    mathjax3.write_text("/* MathJax 3 */")
    with pytest.raises(RuntimeError, match="MathJax block changed"):
        site.inline_page('<script src="_static/require.js"></script><p>$x$</p>', static, mathjax3)
    page = ('<script src="_static/require.js"></script>'
            '<script src="_static/mathjax/MathJax.js?config=X"> </script>'
            '<script type="text/x-mathjax-config">MathJax.Hub.Config({});</script>'
            '<img src="_static/other.png">')
    with pytest.raises(RuntimeError, match="still names files of _static"):
        site.inline_page(page, static, mathjax3)
    one = site.inline_page(page.replace('<img src="_static/other.png">', ""), static, mathjax3)
    assert "_static/" not in one and "data:text/javascript;base64," in one and "MathJax.Hub" not in one


def test_each_lesson_page_links_to_its_runnable_copy():
    """The nav of a lesson page: "Run this lesson in your browser", to the lesson in the JupyterLite site."""
    lesson = site.lesson_pages()[1]
    url = site.lite_link("lite/", lesson)
    assert url == f"lite/lab/index.html?path={lesson.name}"
    nav = site._nav(run_url=url)
    assert f'<a href="{url}" class="gl-run">Run this lesson in your browser</a>' in nav
    assert "gl-run" not in site._nav(), "pages without a runnable copy get no such link"
    homework = sorted((course_folder() / "notebooks" / "homework").glob("*.ipynb"))[0]
    assert site.lite_link("https://example.org/lite", homework).endswith(f"?path=homework/{homework.name}")
    start = course_folder() / "notebooks" / site.START
    assert "JupyterLite" in site._run_page_text("lite/", start) and "JupyterLite" not in site._run_page_text(None)


def test_handouts_say_where_the_runnable_version_lives():
    lesson = site.lesson_pages()[0]
    note = site._runnable_note(lesson)
    assert f"<code>{lesson.name}</code>" in note and "make lite" in note and "<a " not in note
    linked = site._runnable_note(lesson, "https://example.org/course/lite/")
    assert f'href="https://example.org/course/lite/lab/index.html?path={lesson.name}"' in linked


def test_mathjax3_is_fetched_once_with_npm_pack(tmp_path):
    """Oracle: the npm stand-in's tarball (tests/npm_stub.py): its es5/tex-svg-full.js is the file
    installed; a second call finds it and runs no npm (the stand-in then fails)."""
    npm = npm_stub(tmp_path, {"es5/tex-svg-full.js": "/* MathJax 3 */", "es5/other.js": ""})
    target = site.install_mathjax3(tmp_path / "mj3", npm=npm)
    assert target == tmp_path / "mj3" / f"tex-svg-full-{site.MATHJAX3_VERSION}.js"
    assert target.read_text() == "/* MathJax 3 */" and sorted(p.name for p in target.parent.iterdir()) == [target.name]
    assert site.install_mathjax3(tmp_path / "mj3", npm=npm_stub(tmp_path, fail="must not run")) == target


def test_mathjax3_npm_failure_says_what_npm_said(tmp_path):
    with pytest.raises(RuntimeError, match=f"`npm pack mathjax@{site.MATHJAX3_VERSION}` failed:\n.*E404"):
        site.install_mathjax3(tmp_path / "mj3", npm=npm_stub(tmp_path, fail="npm error code E404"))
    assert not (tmp_path / "mj3").exists()
