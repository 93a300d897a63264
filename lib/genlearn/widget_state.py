"""Moved to :mod:`genlearn.course.widget_state`; this path works, with a DeprecationWarning, for one release.

Everything the module defines is re-exported here, the server extension's hooks
included, so that a Jupyter server configured with the old name
(``"genlearn.widget_state": true`` in ``jpserver_extensions``) still loads the
save hook (from its new module).
"""
import warnings

from genlearn.course import widget_state as _moved

warnings.warn("genlearn.widget_state has moved to genlearn.course.widget_state: import it from there, and name "
              "genlearn.course.widget_state in a Jupyter server's jpserver_extensions (the old path goes in the "
              "next release)", DeprecationWarning, stacklevel=2)

globals().update({name: value for name, value in vars(_moved).items() if not name.startswith("__")})
__all__ = list(_moved.__all__)
