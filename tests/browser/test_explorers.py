"""The explorers' page wiring in JupyterLab, driven as a learner does.

The numbers of every explorer are checked without a browser, at random points of
every parameter range (tests/test_explorer_contract.py runs each module's
``frame(get)`` in Node.js against the numpy twin). Here the page itself: each
lesson's explorer, run in JupyterLab, draws its first frame, sizes its canvases
for the screen, and each control built from the declaration (found by its
declared label, never by position) moves its own parameter and the picture.

:func:`check_controls` runs on the lesson's page that test_notebooks_in_lab.py opens once for all its
checks; the tests here open lesson 02's explorer, or a kernel's.

Oracle: every explorer page publishes the numbers of its current frame in the
``data-state`` attribute of its root element, with the parameters it used
(``params``); ``cls.example(**params).expected_state()`` computes them with numpy
(1e-9 relative), and the readouts a screen reader gets (role="status") must
equal its lines, and the description of the picture (a polite live region) its
``description`` (genlearn.explorers.describe), after each control moved. Explorers
and their notebooks are found from the notebooks' stored widget state
(``lab_driver.lesson_explorers``): a new explorer shown in a lesson is tested
without a line here.
"""
import json
import time

import pytest

from genlearn.explorers.multivariate_gaussian import GaussianExplorer
from lab_driver import (
    canvas_digest, check_page_state, explorer, explorer_state, find_problems, lesson_explorers, open_notebook,
    press_on, readout_text, rebuilt_differences, run_all_cells, saved_widgets_shown, screenshot,
)

#: (notebook, explorer class) of every lesson explorer that Python rebuilds from its parameters
EXPLORERS = lesson_explorers()
#: lesson 02's explorer, for the tests of its own (presets, keyboard, unrun notebook, the kernel)
GAUSSIAN = next((nb, cls._title) for nb, cls in EXPLORERS if cls is GaussianExplorer)


def check_against_numpy(root, cls, where):
    """The page's numbers and readouts equal those of ``cls.example(**params)``; returns the state."""
    state = explorer_state(root)
    check_page_state(root, state, cls.example(**state["params"]).expected_state(), where)
    return state


def control_name(spec):
    """The accessible name of a declared parameter's control: its label and unit."""
    return f"{spec['label']} ({spec['unit']})" if spec["unit"] else spec["label"]


def declared(cls):
    """The specs of the class's declared parameters, in the order declared."""
    return [cls.class_traits()[name].spec() for name in cls._params]


def slider_names(cls):
    return [control_name(s) for s in declared(cls) if s["kind"] == "slider"]


def open_explorer(page, server, notebook, name):
    """The explorer ``name`` of ``notebook`` as committed (the lab_server's root holds the trusted
    lessons: the explorer is live from its stored state, nothing runs; a
    saved explorer lost to jupyterlab_widgets' restore race gets the page reopened once)."""
    open_notebook(page, server, notebook)
    problems = saved_widgets_shown(page, lambda: open_notebook(page, server, notebook), notebook)
    assert not problems, problems
    return explorer(page, name)


#: A small notebook with a kernel-side Gaussian explorer, for the test that needs the kernel.
KERNEL_NOTEBOOK = "kernel_explorer.ipynb"


def kernel_explorer(page, server):
    """Open and run KERNEL_NOTEBOOK (written into the server's root): ``explorer`` lives in its kernel."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell("from genlearn.explorers.multivariate_gaussian import GaussianExplorer\n"
                                          "explorer = GaussianExplorer()\nexplorer")]
    nbformat.write(nb, server.root_dir / KERNEL_NOTEBOOK)
    open_notebook(page, server, KERNEL_NOTEBOOK)
    run_all_cells(page)
    problems = find_problems(page)
    assert not problems, problems
    return explorer(page, GAUSSIAN[1])


@pytest.mark.parametrize("notebook, cls", EXPLORERS, ids=[cls.__name__ for _, cls in EXPLORERS])
def test_the_lesson_shows_the_example(notebook, cls):
    """The explorer a lesson stores holds the data of ``cls.example()`` (to 1e-12), so that the page's
    numbers below can be checked against ``cls.example(**params)``; lab_driver.NOT_REBUILT are not."""
    differ = rebuilt_differences(notebook, cls)
    assert not differ, (f"{notebook} stores a {cls.__name__} whose {differ} differ from {cls.__name__}.example(): "
                        "show the example in the lesson, or list the class in lab_driver.NOT_REBUILT with why")


def check_controls(page, root, cls):
    """The controls of explorer ``root`` (of class ``cls``, as its lesson shows it) are the declaration's
    (label, range, step, order); each slider pressed to its end (End) moves its own parameter and the
    picture; each menu option chosen is drawn; the numbers equal the twin's at each step. Run on the
    lesson's page by test_notebooks_in_lab.py (``test_every_declared_control_moves_its_parameter``)."""
    check_against_numpy(root, cls, "first frame")
    # fits a 1280 x 720 screen with its controls; canvases drawn at the device's pixel ratio,
    # except the shading images (data-grid: one pixel per grid point, stretched smoothly) and
    # the raster layers (data-scale: at least 2 pixels per CSS pixel, shrunk smoothly)
    assert root.bounding_box()["height"] <= 600, root.bounding_box()
    for w, cw, dpr, grid, scale in root.evaluate(
            "el => Array.from(el.querySelectorAll('canvas')).map("
            "c => [c.width, c.clientWidth, window.devicePixelRatio, c.dataset.grid, c.dataset.scale])"):
        if grid is not None:
            assert w == int(grid) and cw > w, (w, cw, grid)
        elif scale is not None:
            assert float(scale) >= max(2, dpr) and abs(w - cw * float(scale)) <= 1, (w, cw, scale, dpr)
        else:
            assert abs(w - cw * dpr) <= 1, (w, cw, dpr)
    specs = declared(cls)
    shown = root.evaluate("el => Array.from(el.querySelectorAll('.gl-control label')).map(l => l.textContent)")
    # the declared controls, in order; after them a page may show controls of its own for its Whole
    # parameters (03: the m slider and the seed box), at most one each
    expected = [control_name(s) for s in specs if s["kind"] != "whole"]
    assert shown[:len(expected)] == expected, shown
    assert len(shown) - len(expected) <= sum(s["kind"] == "whole" for s in specs), shown
    for spec in specs:
        name = control_name(spec)
        if spec["kind"] == "slider":
            target = root.get_by_role("slider", name=name, exact=True)
            assert [float(target.get_attribute(a)) for a in ("min", "max", "step")] == \
                [spec["min"], spec["max"], spec["step"]], name
            before, params = canvas_digest(page, root), explorer_state(root)["params"]
            value = press_on(page, root, name, "End")
            state = check_against_numpy(root, cls, f"{name} at its max")
            # tol: exact: the slider's max, as the page reads it back
            assert float(value) == spec["max"] == state["params"][spec["name"]], f"{name}: End did not reach the max"
            moved = {k for k in params if params[k] != state["params"][k]}
            assert moved <= {spec["name"], "preset"}, f"{name} moved {moved}"
            assert canvas_digest(page, root) != before or params[spec["name"]] == spec["max"], \
                f"{name}: the picture did not change"
        elif spec["kind"] == "menu":
            menu = root.get_by_role("combobox", name=name, exact=True)
            for _, text in spec["options"]:
                menu.select_option(label=text)
                page.wait_for_timeout(50)
                check_against_numpy(root, cls, f"{name} = {text!r}")
    screenshot(page, page.genlearn_shots / f"{cls.__name__}-ends.png")


def test_gaussian_presets_are_exact_and_reapply(lab_server, lab_page):
    """A preset sets exact values (Sigma = 0.6 I gives |Sigma| = 0.3600, not 0.3515), and
    choosing the shown preset again after moving a slider applies it again."""
    page = lab_page
    root = open_explorer(page, lab_server, *GAUSSIAN)
    menu = root.get_by_role("combobox", name="preset")
    menu.select_option(label="Sigma = [[3, 0.8], [0.8, 1]]")
    page.wait_for_timeout(50)
    state = check_against_numpy(root, GaussianExplorer, "preset [[3, .8], [.8, 1]]")
    # sqrt(3): numpy's sqrt against pow(3, 0.5), which a libm may round the other way
    # tol: (the comment above): an ulp
    assert state["params"]["sigma1"] == pytest.approx(3 ** 0.5, rel=1e-15)
    assert state["Sigma"][0][1] == pytest.approx(0.8, rel=1e-15)
    menu.select_option(label="Sigma = 0.6 I")
    page.wait_for_timeout(50)
    assert "|Σ| = 0.3600" in readout_text(root)
    press_on(page, root, "ρ (correlation)", "ArrowRight")
    state = check_against_numpy(root, GaussianExplorer, "rho moved")
    # tol: exact: one step of 0.01 from 0, and the preset's 0
    assert state["preset"] == "" and state["params"]["rho"] == 0.01
    menu.select_option(label="Sigma = 0.6 I")
    page.wait_for_timeout(50)
    state = check_against_numpy(root, GaussianExplorer, "preset chosen again")
    # tol: exact: the preset's 0
    assert state["params"]["rho"] == 0.0 and "|Σ| = 0.3600" in readout_text(root)


def test_gaussian_explorer_before_anything_runs(lab_server, lab_page):
    """Opened and not run (a freshly cloned notebook is untrusted, so JupyterLab shows no
    widget): the explorer's cell shows a picture of its default state, not a repr or
    "model not found". (The live explorer from the saved state without a kernel is
    tested on the site's pages, tests/browser/test_site.py.)"""
    page = lab_page
    open_notebook(page, lab_server, GAUSSIAN[0])
    page.wait_for_timeout(2000)
    assert not find_problems(page)
    shown = page.evaluate("""() => {
      for (const cell of document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')) {
        const src = cell.querySelector('.jp-InputArea-editor .cm-content');
        if (!src || !src.textContent.includes('GaussianExplorer()')) continue;
        const out = cell.querySelector('.jp-OutputArea-output');
        if (!out) return 'no output';
        if (out.querySelector('.genlearn-explorer')) return 'live';
        const img = out.querySelector('img');
        return img ? (img.naturalWidth > 300 ? 'picture' : 'broken picture') : 'text: ' + out.textContent;
      }
      return 'no explorer cell';
    }""")
    assert shown in ("picture", "live"), shown


def focused_name(page):
    return page.evaluate("() => { const e = document.activeElement;"
                         " return e && e.labels && e.labels.length ? e.labels[0].textContent : null; }")


def test_gaussian_explorer_keyboard_only(lab_server, lab_page, tmp_path):
    """A keyboard user: Tab from control to control (in reading order), arrow keys, Page
    Up/Down, Home/End on sliders, arrows on the preset menu; every step checked with numpy,
    and JupyterLab never takes the keys (the cell selection does not move)."""
    page = lab_page
    root = open_explorer(page, lab_server, *GAUSSIAN)
    root.get_by_role("combobox", name="preset").focus()   # (JupyterLab makes its cell the active one)
    active_cell = page.evaluate("() => document.querySelector('.jp-Notebook .jp-Cell.jp-mod-active')"
                                ".getAttribute('data-windowed-list-index')")
    page.keyboard.press("ArrowDown")                       # the next preset: Sigma = 0.6 I
    page.wait_for_timeout(100)
    state = check_against_numpy(root, GaussianExplorer, "preset by ArrowDown")
    assert state["preset"] == "Sigma = 0.6 I"
    order = ["μ₁ (mean of x₁)", "μ₂ (mean of x₂)", "σ₁ (sd of x₁)", "σ₂ (sd of x₂)", "ρ (correlation)",
             "turn (°)", "tilt (°)"]
    keys = {"μ₁ (mean of x₁)": ["ArrowRight", "ArrowRight", "ArrowUp"], "μ₂ (mean of x₂)": ["PageDown"],
            "σ₁ (sd of x₁)": ["End"], "σ₂ (sd of x₂)": ["Home", "ArrowUp"],
            "ρ (correlation)": ["ArrowLeft"] * 5 + ["ArrowDown"], "turn (°)": ["PageUp"],
            "tilt (°)": ["ArrowUp"]}
    for name in order:
        page.keyboard.press("Tab")
        assert focused_name(page) == name, f"Tab reached {focused_name(page)!r}, not {name!r}"
        for key in keys[name]:
            frames = int(root.get_attribute("data-frames"))
            page.keyboard.press(key)
            page.wait_for_function("([el, n]) => Number(el.dataset.frames) > n",
                                   arg=[root.element_handle(), frames], timeout=10_000)
        check_against_numpy(root, GaussianExplorer, f"{name} by keyboard")
    params = explorer_state(root)["params"]
    # tol: keyboard steps from the start: the sums of steps of 0.01 land within rounding of the decimals (default rel
    # 1e-6), the others are exact
    assert params["mu1"] == pytest.approx(0.15) and params["sigma1"] == 2.0 and params["sigma2"] == 0.51
    assert params["rho"] == pytest.approx(-0.06) and params["preset"] == ""  # tol: (above)
    for _ in order:                                        # back to the menu, and choose again
        page.keyboard.press("Shift+Tab")
    assert focused_name(page) == "preset"
    page.keyboard.press("ArrowDown")                       # "(set by the sliders)" -> first preset
    page.wait_for_timeout(100)
    state = check_against_numpy(root, GaussianExplorer, "preset again by keyboard")
    # tol: exact: the preset's 0
    assert state["preset"] == "Sigma = I (standard normal)" and state["params"]["mu1"] == 0.0
    assert page.evaluate("() => document.querySelector('.jp-Notebook .jp-Cell.jp-mod-active')"
                         ".getAttribute('data-windowed-list-index')") == active_cell
    screenshot(page, tmp_path / "keyboard.png")


def test_the_kernel_follows_the_page(lab_server, lab_page):
    """The page draws each input at once and tells the kernel in batches (``pageModel`` in
    explorer.js: a drag is sent when it pauses). Oracle: the kernel's traits, read by a
    second client of the kernel after a mouse drag, equal the page's; a trait set from
    Python then moves the slider and the picture (checked with numpy)."""
    page = lab_page
    root = kernel_explorer(page, lab_server)
    slider = root.get_by_role("slider", name="ρ (correlation)", exact=True)
    slider.scroll_into_view_if_needed()
    box = slider.bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] / 2, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.9, y, steps=25)
    page.mouse.move(box["x"] + box["width"] * 0.3, y, steps=25)
    page.mouse.up()
    params = explorer_state(root)["params"]
    assert params["rho"] < 0, params
    read = ("import json; print(json.dumps({k: getattr(explorer, k) for k in "
            f"{sorted(params)!r}}}))")
    deadline = time.monotonic() + 10
    while (kernel := json.loads(lab_server.run_in_kernel(read))) != params:
        assert time.monotonic() < deadline, f"the kernel has {kernel}, the page {params}"
        page.wait_for_timeout(200)
    lab_server.run_in_kernel("explorer.rho = 0.55")
    page.wait_for_function("el => JSON.parse(el.dataset.state).params.rho === 0.55",
                           arg=root.element_handle(), timeout=10_000)
    check_against_numpy(root, GaussianExplorer, "rho set from Python")
    assert float(slider.input_value()) == 0.55  # tol: exact: the value set, as the page reads it back
    assert not page.genlearn_errors, page.genlearn_errors
