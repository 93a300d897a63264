"""One style for the suite (``genlearn.demos.style``): checked on every static figure the
demo modules make, on what a notebook kernel stores, and on the stored lesson notebooks.

Oracles, stated per test:

* the style's own numbers: :data:`style.MIN_FONT_PT` (11 pt) for every text of every
  figure, :data:`style.DPI` and :data:`style.MAX_WIDTH_IN`, an opaque white background;
* the Okabe–Ito palette as published (Okabe & Ito 2008: the eight hex values below,
  typed here, not read from the module), and the class table of the style module's
  docstring: class k has CLASS_COLORS[k] and CLASS_MARKERS[k] everywhere;
* the PNG format itself: the IHDR chunk (bytes 16-24 width and height, byte 25 the
  colour type, 3 = palette) read with ``struct``, against the display size the
  notebook output declares in its metadata;
* a real IPython kernel (nbclient) for what a notebook stores.
"""
import base64
import inspect
import json
import re
import struct
import warnings
from pathlib import Path

import matplotlib.colors as mcolors
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.contour import ContourSet
from matplotlib.image import AxesImage
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.patches import Patch
from matplotlib.text import Text

from genlearn.demos import calibration_and_costs as cac
from genlearn.demos import gaussian_discriminant_analysis as gda_demo
from genlearn.explorers import gaussian_discriminant_analysis as ex_gda_demo
from genlearn.demos import gda_vs_logistic_regression as gvl
from genlearn.explorers import gda_vs_logistic_regression as ex_gvl
from genlearn.demos import generative_vs_discriminative as gvd
from genlearn.explorers import generative_vs_discriminative as ex_gvd
from genlearn.demos import m_estimate_stolen_cars as cars
from genlearn.explorers import m_estimate_stolen_cars as ex_cars
from genlearn.demos import multivariate_gaussian as mvg
from genlearn.explorers import multivariate_gaussian as ex_mvg
from genlearn.demos import naive_bayes_text as nbt
from genlearn.explorers import naive_bayes_text as ex_nbt
from genlearn.demos import qda_lda_naive_bayes as qln
from genlearn.explorers import qda_lda_naive_bayes as ex_qln
from genlearn import gaussian
from genlearn.demos import style

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("0*.ipynb"))

#: Okabe & Ito (2008), "Color Universal Design": the eight colours (black included).
OKABE_ITO = {"#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00",
             "#cc79a7"}


# --------------------------------------------------------------------------- the palette

def test_palette_is_okabe_ito_and_classes_keep_colour_and_shape():
    assert {c.lower() for c in style.PALETTE.values()} - {"#999999"} == OKABE_ITO
    assert [c.lower() for c in style.CLASS_COLORS] == ["#0072b2", "#d55e00", "#009e73", "#cc79a7"]
    assert style.CLASS_MARKERS == ("o", "^", "s", "D")        # circle, triangle, square, diamond
    assert len(set(style.CLASS_LINESTYLES)) == len(style.CLASS_LINESTYLES)
    # models never wear the colours of classes 0 and 1, and differ by more than hue
    for name, line in style.MODEL_STYLES.items():
        assert line["color"].lower() not in {"#0072b2", "#d55e00"}, name
    looks = {(line["ls"], line["marker"]) for line in style.MODEL_STYLES.values()}
    assert len(looks) == len({id(v) for v in style.MODEL_STYLES.values()})
    with pytest.raises(ValueError, match="MODEL_STYLES"):
        style.model_style("a model nobody drew")


def test_new_figure_refuses_a_figure_the_notebook_would_shrink():
    with pytest.raises(ValueError, match="at most"):
        style.new_figure((style.MAX_WIDTH_IN + 1, 4))


# --------------------------------------------------------------------------- every figure

def _quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def _fig(out):
    return out[0] if isinstance(out, tuple) else out


def _contrast():
    x, y = gvd.sample_animals(80, **gvd.DEFAULTS, rng=0)
    gda, logreg = _quiet(gvd.fit_models, x, y)
    return gvd.contrast_figure(x, y, gda, logreg, gvd.DEFAULTS)


def _gda_fit():
    from genlearn import GDA
    from genlearn.datasets import make_gaussian_classes

    X, y = make_gaussian_classes(m=80, mu=((0, 0), (2, 1)), Sigma=((1, .3), (.3, 1)),
                                 random_state=0)
    return gda_demo.plot_gda_fit(GDA().fit(X[:60], y[:60]), X[:60], y[:60], X_test=X[60:],
                                 y_test=y[60:], class_names=("benign", "malignant"))


def _curves(scenario, with_log=False):
    from genlearn import GDA, LogisticRegression

    models = {"GDA": (GDA, None), "logistic regression": (LogisticRegression, None)}
    if with_log:
        models["GDA on log x"] = (GDA, np.log)
    return _quiet(gvl.learning_curves, scenario, models=models, sizes=[10, 30, 100],
                  n_repeats=2, m_test=300)


def _panels():
    results = {s: _curves(s, s == "lognormal") for s in gvl.SCENARIOS}
    return gvl.plot_learning_curve_panels(results, {s: 0.05 for s in results})


def _newton():
    from genlearn import LogisticRegression

    X, y = gvl.separable_example(m=40)
    X = X + np.random.default_rng(0).normal(scale=2.0, size=X.shape)  # overlapping classes
    return gvl.plot_newton_convergence(_quiet(LogisticRegression().fit, X, y))


def _log_fix():
    from genlearn import GDA
    from genlearn.datasets import make_lognormal_classes

    X, y = make_lognormal_classes(m=120, random_state=0, **gvl.SCENARIOS["lognormal"]["kwargs"])
    return gvl.plot_log_fix(X, y, GDA().fit(X, y), GDA().fit(np.log(X), y))


def _spam_filters():
    return nbt.train_spam_filters(nbt.load_corpus(download=False))


def _spam_test_set():
    res = _spam_filters()
    C_te = res.vocab.transform([res.corpus.texts[i] for i in res.test])
    return res.multinomial, C_te, res.corpus.y[res.test]


def _precision_recall():
    model, C_te, y_te = _spam_test_set()
    return cac.plot_precision_recall(y_te, cac.spam_log_odds(model, C_te),
                                     marks={"p > 0.5": 0.0, "p > 10/11": np.log(10.0)})


def _bins():
    X, y = cac.make_bump_classes(m=120)
    acc, _ = cac.cv_accuracies(X, y, bins=(3, 5), n_folds=3)
    return cac.binning_figure(acc, acc)


def _underflow():
    import genlearn

    vocab, C, y = nbt.toy_features(binary=False)
    return nbt.underflow_figure(genlearn.MultinomialNB(alpha=1).fit(C, y), vocab, max_repeats=80)


def _message_box():
    import genlearn
    from genlearn import text

    texts = ["free prize now", "win free cash", "lunch at noon", "see you at lunch"]
    vocab = text.Vocabulary().fit(texts)
    model = genlearn.MultinomialNB().fit(vocab.transform(texts), [1, 1, 0, 0])
    return ex_nbt.MessageExplorer(model, vocab, message="free lunch now").static_figure()


#: Every static figure of the demo modules, made from small seeded data.
FIGURES = {
    "generative_vs_discriminative.contrast_figure": _contrast,
    "gaussian_discriminant_analysis.plot_gda_fit": _gda_fit,
    "gda_vs_logistic_regression.plot_learning_curves": lambda: gvl.plot_learning_curves(
        _curves("gaussian"), bayes=0.04),
    "gda_vs_logistic_regression.plot_learning_curve_panels": _panels,
    "gda_vs_logistic_regression.plot_learning_curve_panels, two": lambda: (
        gvl.plot_learning_curve_panels({s: _curves(s) for s in ("gaussian", "poisson")},
                                       {"gaussian": 0.04, "poisson": 0.02})),
    "gda_vs_logistic_regression.plot_newton_convergence": _newton,
    "gda_vs_logistic_regression.plot_separation": lambda: gvl.plot_separation(
        *gvl.separable_example(), np.arange(5.0), 4.5),
    "gda_vs_logistic_regression.plot_log_fix": _log_fix,
    "qda_lda_naive_bayes.plot_assumptions": lambda: qln.plot_assumptions(
        *qln.two_class_example(m=80)),
    "qda_lda_naive_bayes.plot_conic_gallery": lambda: qln.plot_conic_gallery(m=40, num=30),
    "qda_lda_naive_bayes.plot_three_classes": lambda: qln.plot_three_classes(
        *qln.three_class_example(m=90), num=30),
    "qda_lda_naive_bayes.plot_too_few_examples": lambda: qln.plot_too_few_examples(
        qln.too_few_examples(n=4, sizes=(3, 6, 20), m_common=40, reps=2, m_test=200)),
    "qda_lda_naive_bayes.plot_feature_maps": lambda: qln.plot_feature_maps(
        *qln.two_class_example(m=80), X_eval=qln.two_class_example(m=200)[0], num=30),
    "naive_bayes_text.underflow_figure": _underflow,
    "naive_bayes_text.repetition_figure": lambda: nbt.repetition_figure("free", max_repeats=6),
    "naive_bayes_text.confusion_figure": lambda: nbt.confusion_figure(_spam_filters()),
    "calibration_and_costs.binning_figure": _bins,
    "calibration_and_costs.plot_reliability": lambda: cac.plot_reliability(*_spam_test_set()),
    "calibration_and_costs.plot_precision_recall": _precision_recall,
    "multivariate_gaussian.draw_gaussian": lambda: mvg.draw_gaussian(
        [0.5, -0.5], gaussian.covariance(1.5, 0.8, -0.6), grid=15),
    "multivariate_gaussian.preset_figure": lambda: mvg.preset_figure(
        mvg.FIGURE_GROUPS["positive correlation"], grid=15),
    "generative_vs_discriminative.class_figure": lambda: gvd.class_figure(**gvd.DEFAULTS),
    "m_estimate_stolen_cars.mp_figure": lambda: cars.mp_figure(3.0, 0.5),
    # the static picture a browser explorer shows where widgets cannot run
    "m_estimate_stolen_cars.MEstimateExplorer.static_figure": lambda: (
        ex_cars.MEstimateExplorer(m=0.0, p=0.95).static_figure()),
    "generative_vs_discriminative.BayesExplorer.static_figure": lambda: (
        ex_gvd.BayesExplorer(mu_dog=60.0, mu_elephant=60.0).static_figure()),
    "multivariate_gaussian.GaussianExplorer.static_figure": lambda: (
        ex_mvg.GaussianExplorer().static_figure()),
    "qda_lda_naive_bayes.BoundaryExplorer.static_figure": lambda: (
        ex_qln.BoundaryExplorer().static_figure(num=40)),
    "gda_vs_logistic_regression.NewtonExplorer.static_figure": lambda: (
        ex_gvl.NewtonExplorer(data_set="separable", step=30).static_figure()),
    "gaussian_discriminant_analysis.GDAExplorer.static_figure": lambda: (
        ex_gda_demo.GDAExplorer().static_figure()),
    "naive_bayes_text.plot_alpha_curve": lambda: nbt.plot_alpha_curve(alpha=1.0),
    "naive_bayes_text.LaplaceExplorer.static_figure": lambda: (
        ex_nbt.LaplaceExplorer(alpha=1.0).static_figure()),
    "naive_bayes_text.MessageExplorer.static_figure": _message_box,
}

#: Figures drawn by the kernel-side slider explorers, which the browser explorers
#: (anywidget, issue 14) replace and delete; they are not static figures.
EXPLORERS = {
    "m_estimate_stolen_cars.static_figure",
}

#: A lesson's figure that is an explorer's still picture (its static_figure draws it, and is checked in FIGURES).
DRAWN_BY_EXPLORERS = {
    "gaussian_discriminant_analysis.plot_explorer_state": "gaussian_discriminant_analysis.GDAExplorer.static_figure",
    "gda_vs_logistic_regression.plot_newton_state": "gda_vs_logistic_regression.NewtonExplorer.static_figure",
    "qda_lda_naive_bayes.plot_explorer_state": "qda_lda_naive_bayes.BoundaryExplorer.static_figure",
    "naive_bayes_text.plot_message_words": "naive_bayes_text.MessageExplorer.static_figure",
}

MODULES = {"generative_vs_discriminative": gvd, "gaussian_discriminant_analysis": gda_demo,
           "gda_vs_logistic_regression": gvl, "qda_lda_naive_bayes": qln,
           "naive_bayes_text": nbt, "calibration_and_costs": cac, "m_estimate_stolen_cars": cars,
           "multivariate_gaussian": mvg}
#: The explorers' modules, by the lesson they belong to (their classes' static pictures).
EXPLORER_MODULES = {"generative_vs_discriminative": ex_gvd, "gaussian_discriminant_analysis": ex_gda_demo,
                    "gda_vs_logistic_regression": ex_gvl, "qda_lda_naive_bayes": ex_qln,
                    "naive_bayes_text": ex_nbt, "m_estimate_stolen_cars": ex_cars, "multivariate_gaussian": ex_mvg}


def test_every_plot_function_of_the_demo_modules_is_checked():
    """Oracle: the modules' own namespaces. A new public function that draws a figure
    (``plot_*``, ``*_figure``), or a browser explorer's static picture, must join FIGURES,
    so its style is checked too."""
    from genlearn.explorers.explorer import Explorer

    found = set()
    for modname, module in [*MODULES.items(), *EXPLORER_MODULES.items()]:
        for name, obj in vars(module).items():
            if (inspect.isclass(obj) and issubclass(obj, Explorer)
                    and obj.__module__ == module.__name__ and "static_figure" in vars(obj)):
                found.add(f"{modname}.{name}.static_figure")
            if (inspect.isfunction(obj) and obj.__module__ == module.__name__
                    and not name.startswith("_")
                    and (name.startswith("plot_") or name.endswith("_figure"))):
                found.add(f"{modname}.{name}")
    assert found - set(FIGURES) - set(DRAWN_BY_EXPLORERS) - EXPLORERS == set()
    assert set(DRAWN_BY_EXPLORERS.values()) <= set(FIGURES) & found


def _hex(color):
    return mcolors.to_hex(color, keep_alpha=False).lower()


def _is_grey_or_palette(color):
    r, g, b, _ = mcolors.to_rgba(color)
    return _hex(color) in OKABE_ITO or (abs(r - g) < 1e-6 and abs(g - b) < 1e-6)


def _visible(artist):
    return artist.get_visible() and (artist.get_alpha() is None or artist.get_alpha() > 0)


def _line_has_data(line):
    x, y = line.get_data()
    return np.size(x) > 0


def _solid(ls):
    return ls in ("-", "solid")


def _collection_color(c):
    """Face colour of a scatter, or its edge colour when the markers are hollow."""
    face = c.get_facecolor()
    if len(face) and face[0][3] > 0:
        return _hex(face[0]), False
    return _hex(c.get_edgecolor()[0]), True


def _marker_path(marker):
    ms = MarkerStyle(marker)
    return ms.get_path().transformed(ms.get_transform()).vertices


def _line_key(color, solid, marker):
    marker = None if marker in (None, "None", "none", "") else marker
    return ("line", _hex(color), solid, marker)


def _colormapped(c):
    """A collection whose colours encode values through a colour map (density, posterior)."""
    if isinstance(c, ContourSet):
        return c.filled
    return c.get_array() is not None


def _artist_keys(ax):
    """The encodings drawn in ``ax``: a key per distinct look (colour, solid or not, marker);
    shaded regions and colour-mapped values are one key each."""
    keys = set()
    for line in ax.lines:
        if _visible(line) and _line_has_data(line):
            keys.add(_line_key(line.get_color(), _solid(line.get_linestyle()), line.get_marker()))
    for c in ax.collections:
        if not _visible(c):
            continue
        if _colormapped(c):
            keys.add(("colormap",))
        elif isinstance(c, ContourSet) and len(c.get_edgecolor()):
            dashes = c.get_linestyle()[0][1] if len(c.get_linestyle()) else None
            keys.add(_line_key(c.get_edgecolor()[0], dashes is None, None))
        elif isinstance(c, PathCollection) and len(c.get_offsets()):
            keys.add(("scatter",) + _collection_color(c))
        elif isinstance(c, PolyCollection):
            keys.add(("patch",))
    if any(isinstance(im, AxesImage) for im in ax.images):
        keys.add(("colormap",) if not ax.texts else ("annotated image",))
    return keys


def _legend_keys(fig):
    keys = set()
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
    for legend in legends:
        for h in legend.legend_handles:
            if isinstance(h, Line2D):
                keys.add(_line_key(h.get_color(), _solid(h.get_linestyle()), h.get_marker()))
            elif isinstance(h, PathCollection):
                keys.add(("scatter",) + _collection_color(h))
            elif isinstance(h, Patch):
                keys.update({("patch",), ("colormap",)})
    if any(ax.get_label() == "<colorbar>" for ax in fig.axes):
        keys.add(("colormap",))
    return keys


_BUILT = {}


@pytest.fixture(scope="module", params=sorted(FIGURES))
def figure(request):
    """Each figure made once per test run, whatever order the tests run in (tests only read it)."""
    if request.param not in _BUILT:
        fig = _fig(_quiet(FIGURES[request.param]))
        FigureCanvasAgg(fig).draw()  # ticks and legends exist only once drawn
        _BUILT[request.param] = fig
    return _BUILT[request.param]


def test_size_resolution_and_an_opaque_white_background(figure):
    """Oracle: style.DPI and MAX_WIDTH_IN; white with alpha 1 (readable in a dark theme)."""
    assert figure.dpi == style.DPI
    assert figure.get_figwidth() <= style.MAX_WIDTH_IN
    assert mcolors.to_rgba(figure.get_facecolor()) == (1.0, 1.0, 1.0, 1.0)  # tol: exact: matplotlib's white
    for ax in figure.axes:
        assert mcolors.to_rgba(ax.get_facecolor())[3] == 1.0  # tol: exact: opaque


def test_every_text_is_at_least_11_pt(figure):
    """Oracle: style.MIN_FONT_PT, on titles, labels, tick labels, legends and notes."""
    small = [(t.get_text(), t.get_fontsize()) for t in figure.findobj(Text)
             if t.get_visible() and t.get_text().strip()
             and t.get_fontsize() < style.MIN_FONT_PT]
    assert small == []


def test_every_axis_is_labelled_and_every_panel_titled(figure):
    """An axis without a label is allowed only where a panel shares it with a labelled
    neighbour and hides its own tick labels (a row of panels with one y label). A panel
    without a title sits below a titled one (a column showing one thing)."""
    panels = [ax for ax in figure.axes if ax.axison and ax.get_label() != "<colorbar>"]
    for ax in panels:
        assert ax.get_xlabel().strip(), ax.get_title()
        if not ax.get_ylabel().strip():
            shared = ax.get_shared_y_axes().get_siblings(ax)
            assert any(o.get_ylabel().strip() for o in shared if o is not ax)
            assert not any(t.get_visible() and t.get_text() for t in ax.get_yticklabels())
    for ax in panels:
        if not ax.get_title().strip():
            spec = ax.get_subplotspec()
            above = [o for o in panels if o.get_title().strip() and o.get_subplotspec()
                     and o.get_subplotspec().colspan == spec.colspan
                     and o.get_subplotspec().rowspan.start < spec.rowspan.start]
            assert above, "every panel (or the one above it) says what it shows"


def test_palette_class_colours_and_markers(figure):
    """Every colour drawn is Okabe–Ito or a grey; a scatter in class k's colour uses class
    k's marker; a labelled artist of class "y = k" wears class k's colour; lines in the
    colour of class 0 or 1 (which no model wears) use that class's line style and marker."""
    class_of = {_hex(c): k for k, c in enumerate(style.CLASS_COLORS)}
    for ax in figure.axes:
        for line in ax.lines:
            if not (_visible(line) and _line_has_data(line)):
                continue
            for color in (line.get_color(), line.get_markerfacecolor()):
                if color not in ("none", "None"):
                    assert _is_grey_or_palette(color), (line.get_label(), color)
            k = class_of.get(_hex(line.get_color()))
            if k is not None and k < 2 and line.get_linestyle() not in ("None", "none", ""):
                ls = style.CLASS_LINESTYLES[k]
                assert line.get_linestyle() == ls, (line.get_label(), k)
            if k is not None and k < 2 and line.get_marker() not in ("None", "none", "", None):
                assert line.get_marker() == style.CLASS_MARKERS[k], line.get_label()
        for c in ax.collections:
            if isinstance(c, PathCollection) and len(c.get_offsets()) and not _colormapped(c):
                color, _ = _collection_color(c)
                assert color in class_of, f"a scatter in {color}, not a class colour"
                k = class_of[color]
                # tol: the marker's path as matplotlib builds it: rounding of its trigonometry
                np.testing.assert_allclose(c.get_paths()[0].vertices,
                                           _marker_path(style.CLASS_MARKERS[k]), atol=1e-9)
            elif isinstance(c, (PolyCollection, ContourSet)) and not _colormapped(c):
                for color in list(c.get_facecolor()) + list(c.get_edgecolor()):
                    assert _is_grey_or_palette(color)
    labelled = [(a.get_label(), a) for ax in figure.axes for a in ax.lines + ax.collections]
    labelled += [(h.get_label(), h) for lg in figure.legends for h in lg.legend_handles]
    for label, artist in labelled:
        m = re.search(r"\by = (\d)\b", label)
        if m:
            k = int(m.group(1))
            color = (artist.get_color() if isinstance(artist, Line2D) else
                     artist.get_facecolor() if isinstance(artist, Patch) else
                     _collection_color(artist)[0])
            assert _hex(color) == _hex(style.CLASS_COLORS[k]), label


def test_lines_differ_by_more_than_hue(figure):
    """Two lines of different colours in one panel differ in line style, marker or width."""
    for ax in figure.axes:
        lines = [ln for ln in ax.lines if _visible(ln) and _line_has_data(ln)
                 and ln.get_linestyle() not in ("None", "none", "")]
        for i, a in enumerate(lines):
            for b in lines[i + 1:]:
                if _hex(a.get_color()) == _hex(b.get_color()):
                    continue
                wa, wb = a.get_linewidth(), b.get_linewidth()
                assert (a.get_linestyle() != b.get_linestyle() or a.get_marker() != b.get_marker()
                        or max(wa, wb) >= 1.5 * min(wa, wb)), (a.get_label(), b.get_label())


def test_every_encoding_is_named_in_a_legend(figure):
    """Where a figure draws more than one kind of thing, each kind (its colour, solid or
    broken line, marker; scatter colour and hollowness; shaded regions) is a legend entry.
    Images whose cells carry their numbers as text need no entry."""
    drawn = set().union(*(_artist_keys(ax) for ax in figure.axes)) - {("annotated image",)}
    if len(drawn) > 1:
        missing = drawn - _legend_keys(figure)
        assert missing == set(), missing


# --------------------------------------------------------------------------- in a kernel

def _png_header(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height, data[25]


def test_a_notebook_kernel_stores_figures_as_2x_png():
    """Oracle: a real IPython kernel. After ``import genlearn.demos`` and again after a
    later ``%matplotlib inline``, a figure is stored as a PNG with twice the pixels of the
    display size its metadata declares (and true colour, not a palette)."""
    import nbformat
    from nbclient import NotebookClient

    cell = ("from genlearn.demos import style\n"
            "fig = style.new_figure((4.0, 3.0)); ax = fig.subplots()\n"
            "ax.plot([0, 1], [0, 1]); ax.set(xlabel='x', ylabel='y'); fig")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import genlearn.demos"),
                nbformat.v4.new_code_cell(cell),
                nbformat.v4.new_code_cell("%matplotlib inline"),
                nbformat.v4.new_code_cell(cell)]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    for i in (1, 3):
        (out,) = [o for o in nb.cells[i].outputs if "image/png" in o.get("data", {})]
        width, height, color_type = _png_header(base64.b64decode(out["data"]["image/png"]))
        meta = out["metadata"]["image/png"]
        assert width >= 2 * meta["width"] and height >= 2 * meta["height"]  # w // 2 rounds down
        assert color_type != 3
        assert 0.8 * 4.0 * style.DPI <= meta["width"] <= 4.0 * style.DPI + 20  # tight bbox


def test_png_2x_for_outputs_made_by_hand():
    """Oracle: the PNG header. An explorer's static fallback uses png_2x."""
    fig = style.new_figure((3.0, 2.0))
    fig.subplots().plot([0, 1])
    png, size = style.png_2x(fig)
    width, height, color_type = _png_header(png)
    assert (width // 2, height // 2) == (size["width"], size["height"]) and color_type != 3
    assert 0.8 * 3.0 * style.DPI <= size["width"] <= 3.0 * style.DPI + 20


# --------------------------------------------------------------------------- stored notebooks

def stored_png_problems(path):
    """Every image/png output of a notebook stored smaller than 2x its display size, or
    as a palette (quantised) PNG: a list of (cell index, reason)."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    problems = []
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "image/png" not in data:
                continue
            b64 = data["image/png"]
            width, height, color_type = _png_header(base64.b64decode(
                "".join(b64) if isinstance(b64, list) else b64))
            meta = out.get("metadata", {}).get("image/png", {})
            shown_w, shown_h = meta.get("width", width), meta.get("height", height)
            if width < 2 * shown_w or height < 2 * shown_h:
                problems.append((i, f"{width}x{height} px shown at {shown_w}x{shown_h}"))
            if color_type == 3:
                problems.append((i, "palette (quantised) PNG"))
    return problems


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_stored_figures_are_2x_png_in_true_colour(path):
    """Oracle: the PNG header against the output's display size. Holds once the
    notebooks are re-executed with the style on."""
    assert stored_png_problems(path) == []


CAPTION = re.compile(r"^\*\*Figure\.\*\* (?P<text>\S.*\.)$", re.S)


def figure_caption_problems(path):
    """Figure cells (a code cell with an image output) without a caption: the next cell is
    markdown ``**Figure.** <one sentence>.`` and the cell's ``alt`` metadata is that
    sentence (HTML exports use it as the image's alt text)."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    cells = nb["cells"]
    problems = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not any(
                "image/png" in o.get("data", {}) for o in cell.get("outputs", [])):
            continue
        nxt = cells[i + 1] if i + 1 < len(cells) else None
        source = "".join(nxt["source"]).strip() if nxt else ""
        m = CAPTION.match(source) if nxt and nxt["cell_type"] == "markdown" else None
        if not m:
            problems.append((i, "no '**Figure.** ...' caption cell after the figure"))
        elif cell.get("metadata", {}).get("alt") != m.group("text"):
            problems.append((i, "the cell's alt metadata differs from its caption"))
    return problems


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_stored_figure_has_a_caption_and_alt_text(path):
    assert figure_caption_problems(path) == []
