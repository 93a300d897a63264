"""Homework support: the self-checks students run beside each task.

Modules
-------
checks    compare a student's function with genlearn's reference and name the likely mistake
variants  each student's own data, drawn from their seed, and its expected answers
"""
from . import checks, variants

__all__ = ["checks", "variants"]
