"""The base of every explorer: a widget whose figure the browser draws.

An explorer is an `anywidget <https://anywidget.dev>`_ widget. Python holds
the parameters and the data as traitlets (``ex = GaussianExplorer();
ex.rho = 0.8; ex.Sigma``); ES modules shipped inside this package compute and
draw every frame in the browser. No frame needs the kernel, so an explorer
keeps moving in JupyterLab, Notebook 7, Voila, a static HTML page exported
from an executed notebook (:mod:`genlearn.course.export`) and JupyterLite.

The contract (``docs/explorers.md`` says it with an example, and
``tests/test_explorer_contract.py`` checks every explorer against it):

* **One declaration.** An explorer class names its ES module in ``_js`` and
  declares each parameter a learner sets once, as a class attribute:
  :class:`Slider` (range, step, default, label, unit, readout digits),
  :class:`Menu`, :class:`TextBox` or :class:`Whole`. From these the base
  class makes the synced traits, their validators (a ValueError naming the
  range), the unknown-parameter check of the constructor, :meth:`Explorer.params`
  and the ``parameters`` trait from which the page builds its controls.
* **One numpy twin.** :meth:`Explorer.expected_state` computes with numpy and
  genlearn everything the page publishes in the ``data-state`` attribute of
  its root element: ``params``, ``readouts`` (the lines a screen reader gets),
  ``description`` (what the picture shows, in words, from
  :mod:`genlearn.explorers.describe`) and every number the page computes. The module's ``frame(get)`` returns the
  same object as ``frame(get).state``; Node.js runs it at random points of
  every parameter range and :func:`state_mismatches` compares it with the twin
  (1e-9 relative; readouts to the letter).
* **One formatter.** Readouts print numbers with :func:`fmt`, whose twin is
  ``fmt`` in ``numerics.js``: the same rounding rule, ties included.
* **One ES module per widget.** The sources are plain ES modules with ordinary
  imports (``explorer.js``: the page; ``numerics.js``: the numbers;
  ``canvas.js``: the figures; ``points.js``: training points the learner drags);
  esbuild bundles each explorer's module into ``built/`` (:func:`esm_path`,
  ``make explorers``), and that file is the explorer's ``_esm`` (why:
  docs/explorers.md, "One ES module per widget").
* **One curve to listen to (optional).** An explorer whose picture has one
  natural curve along x declares it, ``_listen = Listen(key, label, lo, hi)``:
  the page adds a Listen button that plays that curve of its state as a
  short sweep of pitches (:func:`pitches`, twin of ``pitches`` in
  ``numerics.js``). An explorer without one leaves ``_listen`` None.
* **One stylesheet.** ``explorer.css``, beside the modules, is every
  explorer's ``_css``; the exported pages, the site, the handouts and the
  presenter view use the same file and set its CSS variables.

Examples
--------
>>> from genlearn.explorers.explorer import Explorer, esm_text, fmt
>>> "function frame(" in esm_text("multivariate_gaussian.js")
True
>>> fmt(0.36, 4), fmt(-1e-9, 4), fmt(0.125, 2)
('0.3600', '0.0000', '0.13')
"""
import importlib
import math
import pkgutil
from decimal import ROUND_HALF_UP, Context, Decimal
from pathlib import Path

import anywidget
import traitlets

from ..demos.style import CLASS_COLORS, CLASS_MARKERS, PALETTE

__all__ = ["Explorer", "Slider", "Menu", "TextBox", "Whole", "Listen", "pitches", "esm_path", "esm_text", "stylesheet",
           "fmt", "colormap_hex", "state_mismatches", "explorer_classes", "HERE", "BUILT", "STYLESHEET", "PITCH_LOW",
           "PITCH_HIGH", "SWEEP_SECONDS"]

#: The folder of the explorers' modules and their JavaScript sources.
HERE = Path(__file__).resolve().parent
#: The folder of the built ES modules, one per explorer (esbuild's output: :func:`esm_path`).
BUILT = HERE / "built"
#: The one stylesheet of the explorers and of the pages genlearn writes.
STYLESHEET = HERE / "explorer.css"

#: The line under an explorer's still picture, where the page cannot run it (an untrusted notebook).
STILL_CAPTION = ("A still picture. To bring the explorer to life, run this cell after the ones above it "
                 "(Run ▸ Run All Cells), or trust the notebook (command palette: Trust Notebook).")


# ----------------------------------------------------------------------------- the formatter

_DECIMALS = Context(prec=200)  # exact for every double and every quantum used here


def fmt(x, digits):
    """``x`` with ``digits`` decimals, as every explorer's readouts print it.

    The twin of ``fmt`` in ``numerics.js``, step by step:

    1. ``x`` is rounded to 12 significant digits, ties away from zero (JavaScript's
       ``toPrecision``), and read back as the nearest double. Two correct
       computations in a different order differ in the 16th or 17th digit; this
       keeps that noise from deciding a printed digit.
    2. That double is rounded to ``digits`` decimals on its exact binary value,
       ties away from zero (JavaScript's ``toFixed``; Python's own format rounds
       ties to even): ``0.125`` gives ``"0.13"``, ``1.005``
       (``1.00499999999999989...``) ``"1.00"``.
    3. A text that reads as zero has no minus sign (``-0.0000`` would read as a
       negative number).

    >>> fmt(0.65625, 4), fmt(2.5, 0), fmt(-2.5, 0), fmt(1.005, 2), fmt(0.18749999999999997, 3)
    ('0.6563', '3', '-3', '1.00', '0.188')
    """
    x = float(x)
    if not math.isfinite(x) or abs(x) >= 1e21:
        raise ValueError(f"cannot format {x!r}: readouts show finite numbers below 1e21 in size "
                         "(JavaScript's toFixed writes larger ones in exponent form).")
    exact = Decimal(x)
    if exact:
        exact = Decimal(float(exact.quantize(Decimal(1).scaleb(exact.adjusted() - 11), ROUND_HALF_UP,
                                             _DECIMALS)))
    text = f"{exact.quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP, _DECIMALS):f}"
    return text[1:] if text.startswith("-") and not Decimal(text) else text


# ----------------------------------------------------------------------------- the sound of a curve

#: The pitch of a curve's lowest and highest value (Hz): A3 and A5, two octaves.
PITCH_LOW, PITCH_HIGH = 220.0, 880.0
#: How long the page's sweep over a whole curve lasts (s); each value sounds for SWEEP_SECONDS / len(values).
SWEEP_SECONDS = 1.8


def pitches(values, lo, hi):
    """The pitch (Hz) at which the Listen button plays each value of a curve; None: a silence.

    The twin of ``pitches`` in ``numerics.js``. A value ``v`` of the declared
    range ``[lo, hi]`` sounds at ``PITCH_LOW * (PITCH_HIGH / PITCH_LOW) ** t``
    with ``t = (v - lo) / (hi - lo)``: equal steps of the value are equal
    musical intervals (a log scale of frequency), ``lo`` is 220 Hz, the middle
    440 Hz, ``hi`` 880 Hz; the mapping rises strictly with ``v``. A value outside
    the range sounds at its nearer end; a missing value (None, NaN: a 0/0 of the
    curve; or infinite) is a silence.

    >>> [None if f is None else round(f, 9) for f in pitches([0.0, 0.5, 1.0, None, 2.0], 0.0, 1.0)]
    [220.0, 440.0, 880.0, None, 880.0]
    """
    import numpy as np

    if not hi > lo:
        raise ValueError(f"pitches: the range [{lo}, {hi}] is empty; give lo < hi (the curve's declared range).")
    v = np.array([np.nan if x is None else float(x) for x in values], dtype=float)
    v[~np.isfinite(v)] = np.nan
    t = np.clip((v - lo) / (hi - lo), 0.0, 1.0)
    f = PITCH_LOW * (PITCH_HIGH / PITCH_LOW) ** t
    return [float(x) if np.isfinite(x) else None for x in f]


class Listen:
    """The one curve of an explorer's picture that its Listen button plays (``_listen`` of the class).

    ``key`` names the entry of the explorer's state (``expected_state()``, the
    page's ``data-state``) that holds the curve's values at evenly spaced x,
    left to right; ``label`` says what the curve is, for the button's
    accessible name ("Listen to the posterior P(elephant | x) along the
    weight x"); ``[lo, hi]`` is the range of its values, which :func:`pitches`
    maps onto two octaves.
    """

    def __init__(self, key, label, lo, hi):
        if not hi > lo:
            raise ValueError(f"Listen({key!r}): the range [{lo}, {hi}] is empty; give lo < hi.")
        if not label:
            raise ValueError(f"Listen({key!r}): give the curve a label (the Listen button's name says it).")
        self.key, self.label, self.lo, self.hi = key, label, float(lo), float(hi)

    def spec(self):
        """What the page needs (JSON): the state's key, the label, the range, the pitches and the sweep's length."""
        return {"key": self.key, "label": self.label, "lo": self.lo, "hi": self.hi,
                "pitch_low": PITCH_LOW, "pitch_high": PITCH_HIGH, "seconds": SWEEP_SECONDS}


# ----------------------------------------------------------------------------- the parameters

class _Parameter:
    """What every kind of parameter adds to its trait: a label, and its entry in ``parameters``."""

    kind = None

    def _declare(self, label, unit="", why=""):
        self.label, self.unit, self.why = label, unit, why
        self.tag(sync=True, parameter=True)

    def _reason(self):
        return f" ({self.why})" if self.why else ""

    def spec(self):
        """What the page needs to build this parameter's control (JSON)."""
        return {"name": self.name, "kind": self.kind, "label": self.label, "unit": self.unit}


class Slider(_Parameter, traitlets.Float):
    """A parameter set by a slider: a float in ``[lo, hi]``, moved in steps of ``step``.

    ``label`` and ``unit`` name the slider (``"μ dog"``, ``"kg"``: "μ dog (kg)"),
    ``digits`` is the number of decimals its value shows, ``why`` says why the
    range is what it is (the ValueError for a value outside it quotes it).
    """

    kind = "slider"

    def __init__(self, lo, hi, step, default, label, *, unit="", digits=2, why=""):
        if not lo <= default <= hi or not 0 < step <= hi - lo:
            raise ValueError(f"Slider({lo}, {hi}, {step}, default={default}): the default must lie in "
                             "[lo, hi] and the step in (0, hi - lo].")
        super().__init__(float(default))
        self.lo, self.hi, self.step, self.digits = float(lo), float(hi), float(step), digits
        self._declare(label, unit, why)

    def validate(self, obj, value):
        value = super().validate(obj, value)
        if not self.lo <= value <= self.hi:
            raise ValueError(f"{self.name} = {value!r} is outside the slider range [{self.lo}, {self.hi}]; "
                             f"choose a value inside it{self._reason()}.")
        return value

    def spec(self):
        return {**super().spec(), "min": self.lo, "max": self.hi, "step": self.step, "digits": self.digits}


class Menu(_Parameter, traitlets.Unicode):
    """A parameter chosen from a menu: one of ``options``, pairs ``(value, text shown)``."""

    kind = "menu"

    def __init__(self, options, default, label, *, why=""):
        self.options = [(str(v), str(t)) for v, t in options]
        if default not in self.values():
            raise ValueError(f"Menu: the default {default!r} is not one of the options {self.values()}.")
        super().__init__(default)
        self._declare(label, why=why)

    def values(self):
        return [v for v, _ in self.options]

    def validate(self, obj, value):
        value = super().validate(obj, value)
        if value not in self.values():
            raise ValueError(f"unknown {self.name} {value!r}; choose one of {self.values()}{self._reason()}.")
        return value

    def spec(self):
        return {**super().spec(), "options": [list(o) for o in self.options]}


class TextBox(_Parameter, traitlets.Unicode):
    """A parameter typed into a one-line text box of at most ``max_chars`` characters."""

    kind = "text"

    def __init__(self, default, label, *, max_chars):
        super().__init__(default)
        self.max_chars = max_chars
        self._declare(label)

    def validate(self, obj, value):
        if not isinstance(value, str):
            raise ValueError(f"{self.name} must be a string; got {type(value).__name__}.")
        if len(value) > self.max_chars:
            raise ValueError(f"{self.name} has {len(value):,} characters; the box takes at most "
                             f"{self.max_chars:,} (shorten it).")
        return value

    def spec(self):
        return {**super().spec(), "max_chars": self.max_chars}


class Whole(_Parameter, traitlets.Int):
    """A whole-number parameter set from Python only (no control): in ``[lo, hi]`` (``hi`` None: no top)."""

    kind = "whole"

    def __init__(self, lo, hi, default, label, *, why=""):
        super().__init__(default)
        self.lo, self.hi = lo, hi
        self._declare(label, why=why)

    def validate(self, obj, value):
        value = super().validate(obj, value)
        if value < self.lo or (self.hi is not None and value > self.hi):
            where = f"in [{self.lo}, {self.hi}]" if self.hi is not None else f">= {self.lo}"
            raise ValueError(f"{self.name} = {value!r} is outside its range; choose a whole number "
                             f"{where}{self._reason()}.")
        return value

    def spec(self):
        return {**super().spec(), "min": self.lo, "max": self.hi}


# ----------------------------------------------------------------------------- the ES module

def esm_path(js_name):
    """The built ES module of the explorer whose source is ``js_name``: ``built/<js_name>``.

    esbuild (:mod:`genlearn.explorers._bundle`, ``make explorers``) bundles each
    explorer's module and the shared ones it imports into that one file, shipped in
    the package (why: docs/explorers.md, "One ES module per widget").
    ``tests/test_bundle.py`` fails when a built file is out of date with its sources.
    """
    path = BUILT / js_name
    if not path.is_file():
        raise ValueError(f"no built ES module {js_name} in {BUILT.name}/: build the explorers' modules with "
                         "`make explorers` (esbuild, from npm).")
    return path


def esm_text(js_name):
    """The text of :func:`esm_path` (an explorer's ``_esm``)."""
    return esm_path(js_name).read_text(encoding="utf-8")


def stylesheet():
    """The text of :data:`STYLESHEET` (every explorer's ``_css``)."""
    return STYLESHEET.read_text(encoding="utf-8")


def colormap_hex(name="viridis", n=256):
    """``n`` colours of a matplotlib colour map as ``#rrggbb`` strings (low to high)."""
    import matplotlib
    from matplotlib.colors import to_hex

    cmap = matplotlib.colormaps[name].resampled(n)
    return [to_hex(cmap(i)) for i in range(n)]


# ----------------------------------------------------------------------------- the base class

class Explorer(anywidget.AnyWidget):
    """Base class of the explorers: parameters from the declaration, the ES module, the stylesheet.

    A subclass sets ``_js`` to the name of its ES module (beside its Python
    module) and ``_title`` to the explorer's name on the page, declares its
    parameters as class attributes (:class:`Slider`, :class:`Menu`,
    :class:`TextBox`, :class:`Whole`) and implements
    :meth:`expected_state`. Constants and data the page needs are further
    traits tagged ``sync=True``; a subclass whose data come from constructor
    arguments sets them before calling ``super().__init__(**params)``.

    Parameters
    ----------
    **params
        Values of the declared parameters; any other name is a ValueError that
        lists the parameters.

    Attributes
    ----------
    title : str
        The explorer's accessible name on the page (its ``_title``).
    parameters : list of dict
        Every declared parameter, in the order declared, as the page needs it
        (name, kind, label, unit, and range, step and digits, or options).
    palette : dict of str to str
        The Okabe-Ito colours of :data:`genlearn.demos.style.PALETTE`.
    class_colors : list of str, shape (4,)
        Colour of class k, :data:`genlearn.demos.style.CLASS_COLORS`.
    class_markers : list of str, shape (4,)
        Marker of class k as a matplotlib code (``"o"``, ``"^"``, ``"s"``,
        ``"D"``); ``drawMarker`` in ``canvas.js`` draws these shapes.
    colormap : list of str, shape (256,)
        The density colour map (viridis), low to high.
    listen : dict
        The curve the page's Listen button plays (:meth:`Listen.spec` of the
        class's ``_listen``), or ``{}``: none, and no button.
    """

    _js = None  # the explorer's ES module, e.g. "multivariate_gaussian.js"
    _title = None  # the accessible name of the explorer on the page (role="group"), e.g. "GDA explorer"
    _params = ()  # the declared parameters' names, in the order declared (made by __init_subclass__)
    _listen = None  # the curve its Listen button plays (a Listen), or None: no curve, no button

    title = traitlets.Unicode().tag(sync=True)
    parameters = traitlets.List().tag(sync=True)
    palette = traitlets.Dict(dict(PALETTE)).tag(sync=True)
    class_colors = traitlets.List(list(CLASS_COLORS)).tag(sync=True)
    class_markers = traitlets.List(list(CLASS_MARKERS)).tag(sync=True)
    colormap = traitlets.List().tag(sync=True)
    listen = traitlets.Dict().tag(sync=True)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        names = []
        for klass in reversed(cls.__mro__):
            names += [k for k, v in vars(klass).items() if isinstance(v, _Parameter) and k not in names]
        cls._params = tuple(names)
        if cls.__dict__.get("_js"):
            if not cls._title:
                raise ValueError(f"{cls.__name__} sets _js but no _title (its accessible name on the page).")
            cls._esm = esm_text(cls._js)
            cls._css = stylesheet()

    def __init__(self, **params):
        unknown = sorted(set(params) - set(self._params))
        if unknown:
            raise ValueError(f"unknown parameter(s) {unknown} of {type(self).__name__}; "
                             f"choose from {list(self._params)}.")
        super().__init__(**params)

    @classmethod
    def example(cls, **params):
        """An explorer of this class with these parameters, the others at their defaults.

        The explorer checks build every explorer this way; a class whose
        constructor needs data (a fitted model) supplies an example of its own.
        """
        return cls(**params)

    @classmethod
    def defaults(cls):
        """The declared parameters' default values, by name."""
        return {name: cls.class_traits()[name].default_value for name in cls._params}

    @classmethod
    def slider_ranges(cls):
        """``(lo, hi, step)`` of each declared slider, by name, in the order declared."""
        traits = cls.class_traits()
        return {name: (traits[name].lo, traits[name].hi, traits[name].step) for name in cls._params
                if isinstance(traits[name], Slider)}

    @traitlets.default("title")
    def _default_title(self):
        return self._title

    @traitlets.default("parameters")
    def _default_parameters(self):
        return [self.traits()[name].spec() for name in self._params]

    @traitlets.default("colormap")
    def _default_colormap(self):
        return colormap_hex("viridis")

    @traitlets.default("listen")
    def _default_listen(self):
        return self._listen.spec() if self._listen is not None else {}

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

            from ..demos.style import png_2x

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
        """The values of the declared parameters, by name.

        Every page publishes them as ``data-state["params"]``, so a test can
        rebuild the same explorer, ``type(ex)(**params)`` (with the same data),
        and compare its :meth:`expected_state` with the page's numbers.
        """
        return {name: getattr(self, name) for name in self._params}

    def expected_state(self):
        """The numpy twin: what the page must publish in ``data-state`` now.

        A dict with ``params`` (:meth:`params`), ``readouts`` (the readout
        lines, as text), ``description`` (what the picture shows, in words:
        :mod:`genlearn.explorers.describe`) and every number the page computes.
        """
        raise NotImplementedError(f"{type(self).__name__} must implement expected_state()")

    def readouts(self):
        """The readout lines the page shows now."""
        return self.expected_state()["readouts"]

    def description(self):
        """What the picture shows now, in words (:mod:`genlearn.explorers.describe`): the page's description."""
        return self.expected_state()["description"]


def explorer_classes():
    """Every explorer class of :mod:`genlearn.explorers` (each module imported), in module order."""
    from . import __name__ as package, __path__ as path

    found = []
    for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        found += [obj for obj in vars(module).values()
                  if isinstance(obj, type) and issubclass(obj, Explorer) and obj.__dict__.get("_js")
                  and obj.__module__ == module.__name__]
    return found


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
