"""Homework support: the self-checks students run beside each task.

Modules
-------
checks    compare a student's function with genlearn's reference and name the likely mistake
variants  each student's own data, drawn from their seed, and its expected answers
variant_checks  the self-check of each student's own answers (Task 7 of every homework)
"""
from . import checks, variant_checks, variants

__all__ = ["checks", "variant_checks", "variants"]
