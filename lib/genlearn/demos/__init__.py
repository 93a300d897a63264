"""Figures and tables behind the notebooks, one module per notebook.

Each module is named after its notebook and holds that notebook's static
figures (matplotlib: fit in the notebook, draw in the module, e.g.
``plot_gda_fit(model, X, y, ax=None)``) and tables, and the library twins of
what the lesson computes. The lessons' explorers (anywidget widgets drawn in
the browser) are in :mod:`genlearn.explorers`, one module per explorer named
after the same notebook. No module imports another notebook's module; shared
pieces live in :mod:`genlearn.demos.style` (palette, class colours and markers,
figure style), :mod:`genlearn.demos.geometry` (the GDA boundary as a line, a
line in a box) and :mod:`genlearn.demos.seeded_draws`.
"""
from . import style

# Every figure of the suite in one style (fonts, palette, 2x PNG in notebooks):
# importing any demo module switches it on. See genlearn.demos.style.
style.use()
