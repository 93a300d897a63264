"""Figures and explorers behind the notebooks, one module per notebook.

Each module is named after its notebook and holds that notebook's static
figures (matplotlib: fit in the notebook, draw in the module, e.g.
``plot_gda_fit(model, X, y, ax=None)``) and its explorer: an anywidget
widget whose JavaScript, ``<module>.js`` beside it, computes and draws each
frame in the browser (the contract: :mod:`genlearn.demos.explorer` and
docs/explorers.md). Every number an explorer shows has a numpy twin, its
``expected_state()``, which the tests compare with what the page computes. No module imports another
notebook's module; shared pieces live in :mod:`genlearn.demos.style`
(palette, class colours and markers, figure style),
:mod:`genlearn.demos.geometry` (the GDA boundary as a line, a line in a box),
:mod:`genlearn.demos.points` (training points the learner drags, with ``points.js``)
and :mod:`genlearn.demos.explorer`.
"""
from . import style

# Every figure of the suite in one style (fonts, palette, 2x PNG in notebooks):
# importing any demo module switches it on. See genlearn.demos.style.
style.use()
