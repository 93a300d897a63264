"""Moved to :mod:`genlearn.explorers.points`; importable from here for one release, with a FutureWarning."""
from ._moved import forward

__getattr__ = forward(__name__, "genlearn.explorers.points")
