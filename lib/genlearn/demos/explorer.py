"""The base of every explorer: a widget whose figure the browser draws.

An explorer is an `anywidget <https://anywidget.dev>`_ widget. Python holds
the parameters and the data as traitlets (``ex = GaussianExplorer();
ex.rho = 0.8; ex.Sigma``); a plain ES module, shipped inside this package,
computes and draws every frame in the browser. No frame needs the kernel, so
an explorer keeps moving in JupyterLab, Notebook 7, Voila and in a static
HTML page exported from an executed notebook (see :mod:`genlearn.course.export`).

How an explorer is built (the protocol; the docstring of ``explorer.js``
says the same with examples):

* The explorer of notebook NN lives in that notebook's demo module, e.g.
  ``genlearn.demos.multivariate_gaussian.GaussianExplorer``, a subclass of
  :class:`Explorer` that names its JavaScript file in ``_js``
  (``"multivariate_gaussian.js"``, beside the module).
* The module's ``_esm`` is the text of ``explorer.js`` (shared helpers:
  labelled sliders, readouts, hi-DPI canvases, colour maps, number
  formatting, 2x2 eigen-decomposition, ellipses...) followed by the
  notebook's file, which ends with ``export default { render }``. It is a
  plain concatenation (:func:`esm_source`): no bundler, no build step.
* Every quantity the page computes is published as JSON in the
  ``data-state`` attribute of the explorer's root element; the class's
  :meth:`Explorer.expected_state` computes the same quantities with numpy
  and genlearn, and :func:`state_mismatches` compares the two (browser
  tests, to 1e-9 relative).
* Colours, class colours and markers come from :mod:`genlearn.demos.style`
  (sent as traits; the JavaScript keeps no second copy), the density colour
  map from matplotlib.

Examples
--------
>>> from genlearn.demos.explorer import Explorer, esm_source, fmt
>>> "export default" in esm_source("multivariate_gaussian.js")
True
>>> fmt(0.36, 4), fmt(-1e-9, 4)
('0.3600', '0.0000')
"""
import math
from pathlib import Path

import anywidget
import traitlets

from .style import CLASS_COLORS, CLASS_MARKERS, PALETTE

__all__ = ["Explorer", "esm_source", "fmt", "slider_value", "colormap_hex", "state_mismatches", "HERE"]

#: The folder of the demo modules and their JavaScript files.
HERE = Path(__file__).resolve().parent

#: The line under an explorer's still picture, where the page cannot run it (an untrusted notebook).
STILL_CAPTION = ("A still picture. To bring the explorer to life, run this cell after the ones above it "
                 "(Run ▸ Run All Cells), or trust the notebook (command palette: Trust Notebook).")


def esm_source(js_name):
    """The ES module of an explorer: ``explorer.js`` followed by ``js_name``.

    anywidget loads one module per widget, so the shared helpers and the
    notebook's own code are joined into one text. Both files sit beside
    this module (package data).
    """
    shared = (HERE / "explorer.js").read_text(encoding="utf-8")
    own = (HERE / js_name).read_text(encoding="utf-8")
    return f"{shared}\n// ---- {js_name} ----\n{own}"


def slider_value(proposal, ranges, why=""):
    """The body of an explorer's traitlets validator: the proposed value as a float,
    or a ValueError naming the trait's slider range ``ranges[name][:2]`` and, if
    given, ``why`` the range is what it is.

    >>> slider_value({"trait": type("T", (), {"name": "rho"}), "value": 0.5}, {"rho": (-0.9, 0.9)})
    0.5
    """
    name, value = proposal["trait"].name, float(proposal["value"])
    lo, hi = ranges[name][:2]
    if not lo <= value <= hi:
        reason = f" ({why})" if why else ""
        raise ValueError(f"{name} = {value!r} is outside the slider range [{lo}, {hi}]; "
                         f"choose a value inside it{reason}.")
    return value


def fmt(x, digits):
    """``x`` with ``digits`` decimals, as the explorers' readouts print it.

    The twin of ``fmt`` in ``explorer.js``: fixed-point, and a value that
    rounds to zero prints without a minus sign (``-0.0000`` would read as a
    negative number).
    """
    x = float(x)
    if not math.isfinite(x):
        raise ValueError(f"cannot format {x!r}: readouts show finite numbers only.")
    text = f"{x:.{digits}f}"
    if text.startswith("-") and float(text) == 0.0:
        text = text[1:]
    return text


def colormap_hex(name="viridis", n=256):
    """``n`` colours of a matplotlib colour map as ``#rrggbb`` strings (low to high)."""
    import matplotlib
    from matplotlib.colors import to_hex

    cmap = matplotlib.colormaps[name].resampled(n)
    return [to_hex(cmap(i)) for i in range(n)]


class Explorer(anywidget.AnyWidget):
    """Base class of the explorers: shared traits and the ES module assembly.

    A subclass sets ``_js`` to the name of its JavaScript file (beside its
    module) and declares its parameters as traits tagged ``sync=True``; it
    implements :meth:`expected_state`, the numpy twin of what its page
    publishes in ``data-state``.

    Attributes
    ----------
    palette : dict of str to str
        The Okabe-Ito colours of :data:`genlearn.demos.style.PALETTE`.
    class_colors : list of str, shape (4,)
        Colour of class k, :data:`genlearn.demos.style.CLASS_COLORS`.
    class_markers : list of str, shape (4,)
        Marker of class k as a matplotlib code (``"o"``, ``"^"``, ``"s"``,
        ``"D"``); ``drawMarker`` in ``explorer.js`` draws these shapes.
    colormap : list of str, shape (256,)
        The density colour map (viridis), low to high.
    """

    _js = None  # the notebook's JavaScript file, e.g. "multivariate_gaussian.js"
    _params = ()  # the traits a learner sets; published as data-state "params"

    palette = traitlets.Dict(dict(PALETTE)).tag(sync=True)
    class_colors = traitlets.List(list(CLASS_COLORS)).tag(sync=True)
    class_markers = traitlets.List(list(CLASS_MARKERS)).tag(sync=True)
    colormap = traitlets.List().tag(sync=True)

    def __init_subclass__(cls, **kwargs):
        if cls.__dict__.get("_js"):
            cls._esm = esm_source(cls._js)
        super().__init_subclass__(**kwargs)

    @traitlets.default("colormap")
    def _default_colormap(self):
        return colormap_hex("viridis")

    def _repr_mimebundle_(self, **kwargs):
        """The widget view, plus a static picture and a sentence for where widgets cannot run.

        JupyterLab shows the live explorer in a trusted notebook. An untrusted
        one (on Binder or a hub, opened before any cell runs) shows only
        "safe" outputs: there the ``text/html`` figure appears, the
        ``image/png`` of :meth:`static_figure` with :data:`STILL_CAPTION`
        under it, instead of a raw repr. Static HTML exports use the widget view.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        name = type(self).__name__
        data["text/plain"] = f"{name}: an interactive explorer (run the cell in Jupyter to use it)"
        fig = self.static_figure()
        if fig is not None:
            import base64
            import html

            from .style import png_2x

            data["image/png"], size = png_2x(fig)  # 2x pixels, display size
            metadata["image/png"] = size
            # An untrusted notebook (Binder, a hub, a fresh download) shows this sanitised HTML, the
            # richest safe output: the picture and, beside it, how to bring the explorer to life.
            src = "data:image/png;base64," + base64.b64encode(data["image/png"]).decode("ascii")
            data["text/html"] = (
                f'<figure style="margin:0"><img src="{src}" width="{size["width"]}" height="{size["height"]}" '
                f'alt="{html.escape(name)}: a still picture of the explorer"><figcaption>{STILL_CAPTION}'
                "</figcaption></figure>")
        return data, metadata

    def static_figure(self):
        """A matplotlib Figure of the current state, shown where the widget cannot run (or None)."""
        return None

    def params(self):
        """The values of the traits a learner sets (``_params``), by name.

        Every page publishes them as ``data-state["params"]``, so a test can
        rebuild the same explorer in Python, ``type(ex)(**params)``, and
        compare its :meth:`expected_state` with the page's numbers.
        """
        return {name: getattr(self, name) for name in self._params}

    def expected_state(self):
        """What the page must publish in ``data-state`` now, computed with numpy.

        A dict with at least ``params`` (:meth:`params`) and ``readouts`` (the
        readout lines, as text), plus every number the page computes.
        """
        raise NotImplementedError(f"{type(self).__name__} must implement expected_state()")


def state_mismatches(got, expected, rtol=1e-9, atol=1e-12, path="state"):
    """Differences between a page's ``data-state`` and its numpy twin, as text.

    ``got`` and ``expected`` are nested dicts / lists of numbers and strings
    (``expected`` may hold numpy arrays). Numbers agree when
    ``|a - b| <= rtol * max(|a|, |b|) + atol``; the tiny ``atol`` only
    matters for values that are zero up to rounding (an eigenvector entry of
    1e-17, a density of 1e-300). Every key of ``expected`` must be in
    ``got`` and the other way round. Returns a list of strings (empty: equal).
    """
    import numpy as np

    out = []
    if isinstance(expected, np.ndarray):
        expected = expected.tolist()
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return [f"{path}: expected an object, got {type(got).__name__}"]
        missing = sorted(set(expected) - set(got))
        extra = sorted(set(got) - set(expected))
        if missing:
            out.append(f"{path}: the page does not publish {missing}")
        if extra:
            out.append(f"{path}: the page publishes {extra}, which have no numpy twin")
        for key in sorted(set(expected) & set(got)):
            out += state_mismatches(got[key], expected[key], rtol, atol, f"{path}.{key}")
        return out
    if isinstance(expected, (list, tuple)):
        if not isinstance(got, list) or len(got) != len(expected):
            n = len(got) if isinstance(got, list) else type(got).__name__
            return [f"{path}: expected {len(expected)} items, got {n}"]
        for i, (g, e) in enumerate(zip(got, expected)):
            out += state_mismatches(g, e, rtol, atol, f"{path}[{i}]")
        return out
    if isinstance(expected, str) or isinstance(expected, bool) or expected is None:
        return [] if got == expected else [f"{path}: page {got!r} != numpy {expected!r}"]
    e = float(expected)
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return [f"{path}: expected a number, got {got!r}"]
    g = float(got)
    if not (abs(g - e) <= rtol * max(abs(g), abs(e)) + atol):
        return [f"{path}: page {g!r} != numpy {e!r} (rel. diff {abs(g - e) / max(abs(e), 1e-300):.2e})"]
    return []
