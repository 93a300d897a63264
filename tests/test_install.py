"""Installing genlearn as a learner and as an instructor would: ``pip install .`` and then
``pip install ".[course]"``, not editable, into a fresh virtual environment, and the course
tools run from there on this checkout named as the course folder.

Oracle: what pip installed (``importlib.metadata`` inside the new environment), the files of
this checkout, and the tools' documented output. This is the one test that reaches a package
registry (PyPI, through pip, as ``make test``'s own install steps do): an install is what it
tests. It takes a minute or two with pip's cache warm; ``make test-fast`` and
``pytest -m "not install"`` leave it out.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from genlearn.course import export, site

pytestmark = pytest.mark.install

CHECKOUT = Path(__file__).resolve().parent.parent
LESSONS = sorted(p.name for p in (CHECKOUT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _run(cmd, cwd, check=True, timeout=900):
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n"
                             f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


def _pip_install(python, requirement, cwd):
    _run([python, "-m", "pip", "install", "--quiet", "--no-compile", "--disable-pip-version-check",
          requirement], cwd)


def _report(python, cwd):
    """What the environment of ``python`` holds, seen from inside it."""
    code = """if True:
        import importlib.metadata as md, importlib.util, json, sys
        import genlearn
        from genlearn import GDA
        model = GDA().fit([[0.0, 0.0], [1.0, 0.2], [0.1, 1.0], [3.0, 3.0], [4.0, 3.1], [3.2, 4.0]], [0, 0, 0, 1, 1, 1])
        names = {d.metadata["Name"].lower() for d in md.distributions()}
        print(json.dumps({"genlearn": genlearn.__file__, "prefix": sys.prefix, "names": sorted(names),
                          "editable": json.loads(md.distribution("genlearn").read_text("direct_url.json")
                                                 or "{}").get("dir_info", {}).get("editable", False),
                          "predict": model.predict([[0.0, 0.5], [3.5, 3.5]]).tolist()}))
    """
    return json.loads(_run([python, "-c", code], cwd).stdout)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """A copy of what a source distribution holds (building writes nothing into the checkout)
    and a fresh virtual environment; every command runs outside the checkout."""
    root = tmp_path_factory.mktemp("install")
    source = root / "genlearn-source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(CHECKOUT / name, source / name)
    shutil.copytree(CHECKOUT / "lib", source / "lib",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", ".ipynb_checkpoints"))
    _run([sys.executable, "-m", "venv", root / "venv"], root)
    return root, source, root / "venv" / "bin" / "python"


@pytest.fixture(scope="module")
def learner(workspace):
    root, source, python = workspace
    _pip_install(python, str(source), root)
    return _report(python, root)


@pytest.fixture(scope="module")
def instructor(workspace, learner):
    root, source, python = workspace
    _pip_install(python, f"{source}[course]", root)
    return _report(python, root)


def test_a_learners_install_works_without_the_course_tools(workspace, learner):
    root, _, _ = workspace
    assert Path(learner["genlearn"]).is_relative_to(Path(learner["prefix"])), \
        f"genlearn was imported from {learner['genlearn']}, not from the new environment"
    assert not Path(learner["genlearn"]).is_relative_to(CHECKOUT)
    assert learner["editable"] is False
    assert learner["predict"] == [0, 1]
    assert {"numpy", "scikit-learn", "anywidget", "jupyterlab"} <= set(learner["names"])
    assert not {"voila", "nbgitpuller", "nbgrader"} & set(learner["names"]), \
        "a learner's install pulled an instructors' tool"


#: Run by the install's Python with only its own bin folder on PATH (no Node.js): one explorer's ES module (the
#: built file the package ships), its traits as the page gets them, and its numpy twin.
_EXPLORER = """if True:
    import json, shutil
    from genlearn.explorers.multivariate_gaussian import GaussianExplorer
    assert shutil.which("node") is None and shutil.which("nodejs") is None, "Node.js is on PATH"
    ex = GaussianExplorer(rho=0.5)
    traits = {k: v for k, v in ex.get_state().items() if not k.startswith("_")}
    print(json.dumps({"esm": ex._esm, "traits": traits, "expected": ex.expected_state()},
                     default=lambda a: a.tolist()))
"""

# In a blank page: the module imported from a blob: URL (as anywidget imports it), rendered with a minimal
# widget model holding the traits; returns the data-state its first frame publishes.
_RENDER = """async ({esm, traits}) => {
  const mod = await import(URL.createObjectURL(new Blob([esm], {type: "text/javascript"})));
  const state = {...traits}, el = document.createElement("div");
  document.body.append(el);
  const model = {get: (n) => state[n], set: (v) => Object.assign(state, v), save_changes() {}, on() {}, off() {}};
  await mod.default.render({model, el});
  for (let i = 0; i < 200 && !el.querySelector("[data-state]"); i++) await new Promise((r) => setTimeout(r, 50));
  const root = el.querySelector("[data-state]");
  return root ? JSON.parse(root.dataset.state) : null;
}"""


def test_an_explorer_from_the_install_is_live_in_chromium(workspace, learner, pw_session):
    """What ``pip install .`` gives a learner needs no Node.js: the explorers' built ES modules ship in the
    package. Oracle: the installed explorer's own numpy twin, which the page's first frame must publish
    (1e-9 relative; readouts and description to the letter)."""
    from genlearn.explorers.explorer import state_mismatches

    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium; .ci/run does)")
    root, _, python = workspace
    done = subprocess.run([str(python), "-c", _EXPLORER], cwd=root, capture_output=True, text=True, timeout=300,
                          env={"PATH": str(Path(python).parent), "HOME": str(root)})
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout)
    # the process's one Playwright (pw_session: a worker's browser tests share it)
    browser = pw_session.chromium.launch(executable_path=str(chromium), headless=True,
                                         args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
    try:
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        state = page.evaluate(_RENDER, {"esm": got["esm"], "traits": got["traits"]})
    finally:
        browser.close()
    assert not errors, errors
    assert state is not None, "the explorer drew no frame"
    problems = state_mismatches(state, got["expected"], rtol=1e-9)
    assert not problems, "the installed explorer's page disagrees with its twin:\n  " + "\n  ".join(problems[:12])


def test_the_course_extra_brings_voila_and_nbgitpuller(instructor):
    assert {"voila", "nbgitpuller"} <= set(instructor["names"])
    assert instructor["predict"] == [0, 1]


def test_hub_links_for_a_named_course_folder(workspace, instructor):
    root, _, python = workspace
    hub = [python, "-m", "genlearn.course.hub", "links", "--hub", "https://hub.example.edu"]
    rows = [line.split("\t") for line in _run([*hub, "--course", CHECKOUT], root).stdout.splitlines()]
    assert [name + ".ipynb" for name, _ in rows] == LESSONS
    assert all(f"notebooks%2F{name}.ipynb" in link for name, link in rows)
    lost = _run(hub, root, check=False)  # outside any checkout, and none named
    assert lost.returncode == 2 and "no course folder here" in lost.stderr and "--course" in lost.stderr


def test_presenter_finds_lessons_and_its_template_in_the_install(workspace, instructor):
    root, _, python = workspace
    code = f"""if True:
        from pathlib import Path
        from genlearn.course import present
        print(present.find_lesson("02", course={str(CHECKOUT)!r}))
        print(present.TEMPLATE_ROOT)
        print(Path(present.voila_command("x.ipynb")[0]).parent)
    """
    lesson, template_root, voila_bin = _run([python, "-c", code], root).stdout.splitlines()
    assert Path(lesson) == CHECKOUT / "notebooks" / next(n for n in LESSONS if n.startswith("02_"))
    assert Path(template_root).is_relative_to(instructor["prefix"])
    assert (Path(template_root) / "voila" / "templates" / "genlearn" / "index.html.j2").is_file()
    assert Path(voila_bin) == Path(python).parent, "the presenter starts the environment's own Voila"


@pytest.mark.skipif(not export.assets_ready(), reason="web assets not fetched (make test fetches them with npm)")
def test_site_build_from_the_install(workspace, instructor, tmp_path):
    root, _, python = workspace
    # the web assets, as `make web-assets` leaves them in an environment (npm is not run again here)
    assets = Path(instructor["prefix"]) / export.ASSET_DIR.relative_to(sys.prefix)
    shutil.copytree(export.ASSET_DIR, assets, dirs_exist_ok=True)
    # a course folder of the start page, one lesson with an explorer and the homework (what the install's
    # templates and assets must render; the whole course is built from the checkout by tests/browser/conftest.py)
    course = tmp_path / "course"
    (course / "notebooks").mkdir(parents=True)
    lesson_02 = next(n for n in LESSONS if n.startswith("02_"))
    for name in (site.START, lesson_02):
        shutil.copy(CHECKOUT / "notebooks" / name, course / "notebooks" / name)
    shutil.copytree(CHECKOUT / "notebooks" / "homework", course / "notebooks" / "homework")
    out = tmp_path / "site"
    done = _run([python, "-m", "genlearn.course.site", "build", out, "--course", course], root)
    assert "4 page(s)" in done.stdout
    pages = {p.name for p in out.glob("*.html")}
    assert pages == {"index.html", "homework.html", "run.html", lesson_02[:-6] + ".html"}
    # an instructor's install has no JupyterLite build tools (make lite): the site is built, and says what it left out
    assert "JupyterLite build tools are not installed" in done.stderr and not (out / "lite").exists()
    lesson = out / (lesson_02[:-6] + ".html")
    assert "application/vnd.jupyter.widget-state+json" in lesson.read_text(encoding="utf-8"), \
        "the lesson page carries its explorer's state"
