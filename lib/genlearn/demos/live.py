"""Redraw-in-place figures for sliders, with no special matplotlib backend.

A :class:`LiveFigure` owns a matplotlib ``Figure`` (not managed by pyplot, so
it never pops up twice) and an ``ipywidgets.Image`` that shows it. After a
callback changes the artists' data, :meth:`LiveFigure.refresh` renders the
figure once more with Agg and swaps the PNG bytes in the widget: the figure is
updated in place, in JupyterLab, classic Notebook, VS Code, Voila and Binder
alike, whatever backend is active.

Example
-------
>>> import numpy as np
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(3, 2)); ax = fig.subplots()
>>> (line,) = ax.plot([0, 1], [0, 1])
>>> live = LiveFigure(fig)
>>> def update(slope):
...     line.set_ydata([0, slope])
>>> box = interactive_panel(update, live, slope=slider(1.0, 0.0, 2.0, 0.1, "slope"))
"""
import io

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg


class LiveFigure:
    """A matplotlib figure shown as an image widget and re-rendered in place.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    dpi : float, optional
        Resolution of the rendered PNG (default: the figure's own).

    Attributes
    ----------
    fig : Figure
    widget : ipywidgets.Image
        What the notebook displays.
    """

    def __init__(self, fig, dpi=None):
        self.fig = fig
        FigureCanvasAgg(fig)
        self.dpi = dpi or fig.dpi
        self.widget = widgets.Image(format="png")
        self.refresh()

    def png(self):
        """The figure rendered as PNG bytes."""
        buf = io.BytesIO()
        self.fig.savefig(buf, format="png", dpi=self.dpi)
        return buf.getvalue()

    def refresh(self):
        """Render the figure again and show the new image."""
        self.widget.value = self.png()


def slider(value, vmin, vmax, step, description, readout_format=".2f"):
    """A float slider that updates continuously while dragged.

    The caller chooses ``vmin`` and ``vmax`` so that every reachable value is
    valid: widgets must never let a learner reach a state that crashes."""
    return widgets.FloatSlider(
        value=value, min=vmin, max=vmax, step=step, description=description,
        continuous_update=True, readout_format=readout_format,
        style={"description_width": "initial"},
        layout=widgets.Layout(width="320px"),
    )


def interactive_panel(update, live, readout=None, **controls):
    """Wire ``controls`` (name -> widget) to ``update(**values)`` and lay them out.

    ``update`` receives the current value of every control by name, changes the
    artists of ``live.fig`` and may return an HTML string, shown in ``readout``
    (an ``ipywidgets.HTML`` made here when not given). ``live`` is refreshed
    after each call. Returns the ``ipywidgets.VBox`` to display.
    """
    readout = readout if readout is not None else widgets.HTML()

    def on_change(_change=None):
        html = update(**{name: w.value for name, w in controls.items()})
        if html is not None:
            readout.value = html
        live.refresh()

    for w in controls.values():
        w.observe(on_change, names="value")
    on_change()
    sliders = widgets.VBox(list(controls.values()))
    return widgets.VBox([widgets.HBox([sliders, readout]), live.widget])
