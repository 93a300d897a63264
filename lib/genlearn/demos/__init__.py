"""Plots and widget callbacks behind the notebooks, one module per notebook.

Every interactive figure is built the same way (see :mod:`genlearn.demos.live`):
a matplotlib figure drawn once, whose artists a plain ``update(...)`` function
changes in place; the figure is shown as an image widget that is re-rendered
after each slider move. Tests call the same ``update`` functions directly.
"""
from . import style

# Every figure of the suite in one style (fonts, palette, 2x PNG in notebooks):
# importing any demo module switches it on. See genlearn.demos.style.
style.use()
