"""One style for every figure and explorer of the suite.

Colours come from the Okabe–Ito palette, which stays distinguishable under the
common forms of colour blindness. A class has the same colour *and* the same
marker shape in every notebook, in the homework and in the browser explorers
(which receive :data:`PALETTE`, :data:`CLASS_COLORS` and :data:`CLASS_MARKERS`
from here, so the JavaScript keeps no second copy).

==========  =========================  =======  ==========  ==========================
class k     colour                     marker   line style  meaning in the notes
==========  =========================  =======  ==========  ==========================
0           blue ``#0072B2``           circle   solid       y = 0 (dog, benign, ham)
1           vermillion ``#D55E00``     triangle dashed      y = 1 (elephant, malignant, spam)
2           bluish green ``#009E73``   square   dash-dot    a third class
3           reddish purple ``#CC79A7`` diamond  dotted      a fourth class
==========  =========================  =======  ==========  ==========================

Blue and vermillion always mean class 0 and class 1; models get the other
colours (:data:`MODEL_STYLES`). Lines that are not classes (a true boundary
next to a fitted one, a band, a threshold) differ by line style too, never by
hue alone, and every encoding of a figure is named in its legend.

What :func:`use` switches on (``import genlearn.demos`` calls it, so every
notebook that imports a demo module has it; a notebook that draws its own
figures without one calls ``genlearn.demos.style.use()`` once):

* :data:`RC`: text of at least :data:`MIN_FONT_PT` points at the size the
  figure is stored (figures are at most :data:`MAX_WIDTH_IN` inches wide, so
  the notebook never shrinks them), an opaque white figure and axes
  background (readable in JupyterLab's dark theme), 2-point lines, and a colour
  cycle that changes the line style with the colour (so give a line its colour
  and its line style together: a colour alone takes the cycle's next style);
* hi-DPI notebook output: the inline backend stores every figure as a PNG with
  twice the pixels of its display size (``'retina'``), sharp when zoomed or
  projected, in true colour (never quantised to a palette). Not SVG: JupyterLab
  does not show SVG outputs of an untrusted notebook, i.e. of every notebook
  just cloned. Figures stay small by staying at most :data:`MAX_WIDTH_IN` wide.

Helpers
-------
use              apply :data:`RC` and the 2x PNG notebook output
new_figure       a ``Figure`` with the suite's layout (constrained, width checked)
png_2x           a figure as a 2x PNG and its display size, for outputs made by hand
class_style      colour, marker and line style of class k
scatter_classes  labelled points, one colour and marker per class
key              a legend entry for anything drawn without a label
figure_legend    one legend below all panels of a figure
data_limits      axis limits around the data, with a margin
grid             a mesh of points covering a box

Examples
--------
>>> class_style(1)["color"] == PALETTE["vermillion"], class_style(1)["marker"]
(True, '^')
>>> fig = new_figure((6.0, 3.0))
>>> fig.dpi == DPI, fig.get_facecolor()
(True, (1.0, 1.0, 1.0, 1.0))
"""
import matplotlib as mpl
import numpy as np
from cycler import cycler
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

__all__ = ["PALETTE", "CLASS_COLORS", "CLASS_MARKERS", "CLASS_LINESTYLES", "MODEL_STYLES",
           "BOUNDARY", "REFERENCE", "MEAN_MARKER", "DPI", "MIN_FONT_PT", "MAX_WIDTH_IN", "NOTEBOOK_FORMAT",
           "RC", "use", "new_figure", "png_2x", "class_color", "class_marker", "class_style",
           "model_style", "scatter_classes", "key", "patch_key", "figure_legend",
           "data_limits", "grid"]

#: The Okabe–Ito colours by name.
PALETTE = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "grey": "#999999",
}

#: Colour of class k (index k): the same in every figure of the suite.
CLASS_COLORS = (PALETTE["blue"], PALETTE["vermillion"], PALETTE["bluish_green"],
                PALETTE["reddish_purple"])

#: Marker of class k, as a matplotlib marker code: shapes differ, not only colours.
CLASS_MARKERS = ("o", "^", "s", "D")

#: Line style of class k (class densities, contour ellipses): lines differ by more than hue.
CLASS_LINESTYLES = ("-", "--", "-.", ":")

#: The same model has the same line in every figure. Blue and vermillion are
#: left to the classes; each model differs from the others by line style and
#: marker as well as colour.
MODEL_STYLES = {
    "GDA": dict(color=PALETTE["orange"], ls="-", marker="s"),
    "logistic regression": dict(color=PALETTE["sky_blue"], ls="--", marker="o"),
    "logistic, C=1": dict(color=PALETTE["sky_blue"], ls=":", marker="P"),
    "GDA on log x": dict(color=PALETTE["black"], ls="-.", marker="v"),
    "QDA": dict(color=PALETTE["reddish_purple"], ls="-.", marker="^"),
    "regularised QDA": dict(color=PALETTE["reddish_purple"], ls=":", marker="x"),
    "naive Bayes": dict(color=PALETTE["bluish_green"], ls=(0, (6, 2, 1, 2, 1, 2)), marker="D"),
    "Bernoulli naive Bayes": dict(color=PALETTE["bluish_green"], ls="--", marker="s"),
    "multinomial naive Bayes": dict(color=PALETTE["black"], ls="-", marker="h"),
    "naive Bayes on bins": dict(color=PALETTE["bluish_green"], ls="-", marker="o"),
}
MODEL_STYLES["LDA"] = MODEL_STYLES["GDA"]  # LDA is GDA under its other name

#: A decision boundary (true or fitted; a second one beside it is dashed).
BOUNDARY = dict(color="black", ls="-", lw=2.5)

#: Reference lines that are not data: a Bayes error, a prior, the level 1/2.
REFERENCE = dict(color="0.35", ls=":", lw=1.5)

#: How a fitted or true mean mu_k is marked: one black cross for every class
#: (its place tells the class), visible on points of any colour.
MEAN_MARKER = dict(marker="X", ms=13, color="black", mec="white", mew=1.2, ls="none")

#: Display resolution of a figure (pixels per inch at 100 % zoom).
DPI = 100
#: Smallest font size of any text in a figure, at the size it is stored.
MIN_FONT_PT = 11
#: Widest figure: wider ones would be shrunk to the notebook's width, and their text with them.
MAX_WIDTH_IN = 9.6
#: Format of figures shown in a notebook: PNG with twice the pixels of the display size.
NOTEBOOK_FORMAT = "retina"

_LINE_CYCLE = (cycler(color=[PALETTE[c] for c in ("black", "orange", "sky_blue", "bluish_green",
                                                  "reddish_purple", "grey")])
               + cycler(linestyle=["-", "--", "-.", ":", (0, (6, 2, 1, 2, 1, 2)),
                                   (0, (1, 1))]))

#: matplotlib settings of the suite (see :func:`use`).
RC = {
    "figure.dpi": DPI,
    "savefig.dpi": "figure",
    "figure.facecolor": "white",
    "figure.edgecolor": "white",
    "axes.facecolor": "white",
    "savefig.facecolor": "white",
    "savefig.transparent": False,
    "font.size": 12,
    "axes.titlesize": 13,
    "axes.labelsize": 12,
    "xtick.labelsize": 11,
    "ytick.labelsize": 11,
    "legend.fontsize": 11,
    "legend.title_fontsize": 11,
    "figure.titlesize": 14,
    "legend.framealpha": 0.92,
    "legend.edgecolor": "0.6",
    "lines.linewidth": 2.0,
    "lines.markersize": 7,
    "axes.linewidth": 1.0,
    "axes.edgecolor": "0.15",
    "axes.labelcolor": "black",
    "xtick.color": "0.15",
    "ytick.color": "0.15",
    "text.color": "black",
    "axes.prop_cycle": _LINE_CYCLE,
    "grid.color": "0.85",
    "grid.linewidth": 0.8,
    "image.cmap": "cividis",
    "mathtext.fontset": "dejavusans",
}


def use():
    """Switch the suite's style on: :data:`RC`, and 2x PNG output in a notebook.

    Safe to call any number of times. Outside IPython only the matplotlib
    settings change. In a kernel the inline backend is told to store figures
    as ``'retina'`` PNGs (twice the pixels, shown at the display size), also
    for a later ``%matplotlib inline``.
    """
    mpl.rcParams.update(RC)
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebooks
        return
    shell = get_ipython()
    if shell is None or not hasattr(shell, "display_formatter"):
        return
    try:
        from IPython.core.pylabtools import select_figure_formats
        from matplotlib_inline.backend_inline import InlineBackend
    except ImportError:  # pragma: no cover - a shell without a notebook kernel
        return

    cfg = InlineBackend.instance(parent=shell)
    cfg.figure_formats = {NOTEBOOK_FORMAT}  # what a later %matplotlib inline installs
    select_figure_formats(shell, {NOTEBOOK_FORMAT}, **cfg.print_figure_kwargs)


def new_figure(figsize, **kwargs):
    """A ``Figure`` (not managed by pyplot) in the suite's style, at most :data:`MAX_WIDTH_IN` wide.

    ``kwargs`` go to :class:`matplotlib.figure.Figure`; the layout is
    constrained, so titles, labels and legends never overlap.
    """
    width, height = figsize
    if width > MAX_WIDTH_IN:
        raise ValueError(f"a figure {width} in wide would be shrunk in the notebook, and its "
                         f"text below {MIN_FONT_PT} pt; use at most {MAX_WIDTH_IN} in "
                         "(stack the panels in more rows).")
    kwargs.setdefault("layout", "constrained")
    return Figure(figsize=(width, height), **kwargs)


def png_2x(fig):
    """``fig`` as a PNG with twice the pixels of its display size, and that display size.

    For outputs that bypass the inline backend (an explorer's static fallback
    in its ``_repr_mimebundle_``): put the bytes under ``"image/png"`` and the
    dict under ``metadata["image/png"]``, as the ``'retina'`` format does.

    Returns
    -------
    png : bytes
    size : dict with ``width`` and ``height`` in CSS pixels (half the PNG's)
    """
    import io
    import struct

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=2 * fig.dpi, bbox_inches="tight",
                facecolor=fig.get_facecolor())
    png = buf.getvalue()
    width, height = struct.unpack(">II", png[16:24])
    return png, {"width": width // 2, "height": height // 2}


def class_color(k):
    """The colour of class index ``k`` (0, 1, 2, 3)."""
    return CLASS_COLORS[k % len(CLASS_COLORS)]


def class_marker(k):
    """The marker of class index ``k`` (circle, triangle, square, diamond)."""
    return CLASS_MARKERS[k % len(CLASS_MARKERS)]


def class_style(k):
    """``dict(color, marker, ls)`` of class index ``k``: pass to ``ax.plot`` for a class's line."""
    return dict(color=class_color(k), marker=class_marker(k),
                ls=CLASS_LINESTYLES[k % len(CLASS_LINESTYLES)])


def model_style(name):
    """``dict(color, ls, marker)`` of a model named in :data:`MODEL_STYLES`.

    Raises
    ------
    ValueError
        For a name the table lacks (add the model to :data:`MODEL_STYLES`).
    """
    if name not in MODEL_STYLES:
        raise ValueError(f"no line style for model {name!r}; add it to MODEL_STYLES in "
                         f"genlearn.demos.style (known: {', '.join(MODEL_STYLES)}).")
    return dict(MODEL_STYLES[name])


def scatter_classes(ax, X, y, classes=None, names=None, hollow=False, s=22, alpha=0.75,
                    **kwargs):
    """Scatter the rows of ``X`` (m, 2), class ``classes[k]`` in colour and marker ``k``.

    Parameters
    ----------
    ax : matplotlib Axes
    X : array-like of shape (m, 2)
    y : array-like of shape (m,)
    classes : sequence, optional
        The class labels in the order of the colours (default: sorted ``y``).
    names : sequence of str, optional
        Legend labels, one per class (default ``"y = <label>"``).
    hollow : bool
        Outline markers only (held-out points next to filled training points).

    Returns
    -------
    list of PathCollection, one per class
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    classes = np.unique(y) if classes is None else list(classes)
    names = [f"y = {c}" for c in classes] if names is None else list(names)
    out = []
    for k, (cls, name) in enumerate(zip(classes, names)):
        rows = y == cls
        color = class_color(k)
        paint = dict(facecolors="none", edgecolors=color, linewidths=1.2) if hollow else \
            dict(color=color, edgecolors="none")
        out.append(ax.scatter(X[rows, 0], X[rows, 1], s=s, marker=class_marker(k), alpha=alpha,
                              label=name, **paint, **kwargs))
    return out


def key(label, **style):
    """A legend entry (a line or marker drawn nowhere) for an encoding drawn without a label.

    >>> key("fitted boundary", color="black", ls="--").get_label()
    'fitted boundary'
    """
    style.setdefault("color", "black")
    return Line2D([], [], label=label, **style)


def patch_key(label, color, alpha=0.3):
    """A legend entry for a shaded region (a predicted class, a band)."""
    return Patch(facecolor=color, alpha=alpha, edgecolor="none", label=label)


def figure_legend(fig, handles, ncols=None):
    """One legend for all panels, below them (constrained layout makes room for it)."""
    ncols = min(len(handles), 4) if ncols is None else ncols
    return fig.legend(handles=handles, loc="outside lower center", ncols=ncols)


def data_limits(X, pad=0.15):
    """``(xlim, ylim)`` spanning the first two columns of ``X`` plus ``pad`` of the range each side.

    >>> data_limits([[0, 0], [10, 2]], pad=0.1)
    ((-1.0, 11.0), (-0.2, 2.2))
    """
    X = np.asarray(X, dtype=float)
    lo, hi = X.min(axis=0), X.max(axis=0)
    span = hi - lo
    return ((float(lo[0] - pad * span[0]), float(hi[0] + pad * span[0])),
            (float(lo[1] - pad * span[1]), float(hi[1] + pad * span[1])))


def grid(xlim, ylim, num=200):
    """Mesh ``xx, yy`` of ``num`` x ``num`` points over the box, and the points, (num*num, 2)."""
    xs = np.linspace(xlim[0], xlim[1], num)
    ys = np.linspace(ylim[0], ylim[1], num)
    xx, yy = np.meshgrid(xs, ys)
    return xx, yy, np.column_stack([xx.ravel(), yy.ravel()])
