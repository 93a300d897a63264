"""Names that moved from :mod:`genlearn.demos` to :mod:`genlearn.explorers`, importable from their old place
for one release with a FutureWarning that names the new place (STYLE.md's renaming rule)."""
import importlib
import warnings


def forward(old, new, names=None):
    """A module ``__getattr__`` for module ``old`` that returns ``names`` of module ``new`` (None: every name
    ``new`` has), each with a FutureWarning naming where to import it from now."""
    def __getattr__(name):
        if name.startswith("__") or (names is not None and name not in names):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(new), name)
        warnings.warn(f"{old}.{name} moved to {new}.{name}: import it from {new} "
                      f"({old} keeps it for one release).", FutureWarning, stacklevel=2)
        return value
    return __getattr__
