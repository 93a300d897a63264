"""Homework support: the self-checks students run beside each task.

Modules
-------
checks  compare a student's function with genlearn's reference and name the likely mistake
"""
from . import checks

__all__ = ["checks"]
