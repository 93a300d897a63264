"""Is this environment new enough for genlearn? Asked before numpy is imported.

A lesson's first code cell calls :func:`check_versions` before anything else, so that a learner whose
numpy, scipy, scikit-learn, matplotlib, ipywidgets or anywidget is older than genlearn declares reads which
package to update, instead of a traceback from deep inside one of them. The lower bounds are read from the
installed genlearn's own metadata (``importlib.metadata.requires``), the versions found from each package's
metadata: nothing here imports numpy or any package it checks, so the check runs even where importing them
would fail. ``import genlearn`` imports nothing either (its names are loaded on first use).

:func:`run_versions` gives the versions a lesson records in its metadata when it is executed and stored
(``genlearn.course.export --store-state``; docs/lessons.md, "Executing a lesson").

Functions
---------
check_versions  print what to update, if anything is older than genlearn needs (a lesson's first cell)
outdated        the packages older than declared: (name, version found or None, version needed)
message         the words check_versions prints for them
minimums        the lower bounds the installed genlearn declares, {package: version}
run_versions    python's and the checked packages' versions, for a lesson's metadata
"""
import importlib.metadata as metadata
import importlib.util
import platform
import re

__all__ = ["CHECKED", "RECORDED", "check_versions", "outdated", "message", "minimums", "run_versions"]

#: The packages a lesson's first cell checks: those a lesson imports first, whose too old a version would
#: fail with a message that does not name the cause.
CHECKED = ("numpy", "scipy", "scikit-learn", "matplotlib", "ipywidgets", "anywidget")

#: What a lesson's metadata records (``metadata.genlearn.last_run_with``), besides python.
RECORDED = CHECKED + ("genlearn",)

_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;]*?)\s*(?:;(.*))?$")
_VERSION = re.compile(r"^v?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d*))?"
                      r"(?:[-_.]?post[-_.]?\d*)?(?:[-_.]?(dev)[-_.]?\d*)?(?:\+.*)?$", re.IGNORECASE)


def _canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _key(version):
    """A sort key of a PEP 440 version (release, then dev < pre-release < release), or None if unreadable."""
    m = _VERSION.match(version.strip())
    if not m:
        return None
    release = tuple(int(part) for part in m.group(1).split("."))
    release += (0,) * (8 - len(release))
    pre, dev = m.group(2), m.group(4)
    stage = 0 if dev and not pre else 1 if pre else 2  # 2.0.dev1 < 2.0rc1 < 2.0
    return release, stage, int(m.group(3) or 0) if pre else 0


def minimums(distribution="genlearn"):
    """The lower bounds (``>=``) that the installed ``distribution`` declares for its runtime dependencies.

    Returns
    -------
    dict
        ``{package: version}`` with canonical package names (``scikit-learn``); empty when the
        distribution is not installed (e.g. genlearn imported from a folder on ``sys.path``).
    """
    try:
        requires = metadata.requires(distribution) or []
    except metadata.PackageNotFoundError:
        return {}
    found = {}
    for requirement in requires:
        m = _REQUIREMENT.match(requirement)
        if not m or (m.group(3) and "extra" in m.group(3)):
            continue  # an optional extra's requirement (course, test): not needed by a lesson
        bound = re.search(r">=\s*([^,\s]+)", m.group(2))
        if bound:
            found[_canonical(m.group(1))] = bound.group(1)
    return found


#: The module each checked package is imported as, where the names differ.
_MODULE = {"scikit-learn": "sklearn"}


def _installed(name):
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _importable(name):
    """Whether the package's module can be found (without importing it): installed without its metadata."""
    try:
        return importlib.util.find_spec(_MODULE.get(name, name.replace("-", "_"))) is not None
    except (ImportError, ValueError):
        return False


def outdated(packages=CHECKED):
    """The ``packages`` older than the installed genlearn declares, or not installed at all.

    Returns
    -------
    list of (name, found, needed)
        ``found`` is the installed version, ``None`` when the package is missing; ``needed`` the lower bound.
        A version that cannot be read, or a package that can be imported but has no metadata, is taken as
        new enough (the check must never send a learner to update by mistake).
    """
    needed = minimums()
    out = []
    for name in packages:
        bound = needed.get(_canonical(name))
        if bound is None:
            continue
        found = _installed(name)
        if found is None:
            if not _importable(name):  # present without metadata (a vendored copy): its version is unknown
                out.append((name, None, bound))
            continue
        have, need = _key(found), _key(bound)
        if have is not None and need is not None and have < need:
            out.append((name, found, bound))
    return out


def message(problems):
    """The plain words for :func:`outdated`'s list: what was found, what is needed, the command that fixes it."""
    lines = []
    for name, found, bound in problems:
        lines.append(f"genlearn needs {name} >= {bound}, but {name} is not installed." if found is None else
                     f"genlearn needs {name} >= {bound}, but this Python has {name} {found}.")
    command = "pip install -U " + " ".join(f'"{name}>={bound}"' for name, _, bound in problems)
    lines.append(f"Update, then restart the kernel (Kernel > Restart Kernel): in a terminal run\n    {command}\n"
                 f"or, in a cell of this notebook, %{command}")
    return "\n".join(lines)


def check_versions():
    """Print what to update when a package is older than genlearn needs; print nothing when all is well.

    A lesson's first code cell calls it before importing anything else (``import genlearn`` imports no
    package), so its words come before any error an old package would raise.

    Examples
    --------
    >>> import genlearn
    >>> genlearn.check_versions()   # an environment made by `make lab`: nothing to say
    """
    problems = outdated()
    if problems:
        print(message(problems))


def run_versions():
    """The versions of python and of the :data:`RECORDED` packages in this environment (None: not installed).

    What a lesson stores as ``metadata["genlearn"]["last_run_with"]`` when it is executed.
    """
    found = {"python": platform.python_version()}
    found.update({name: _installed(name) for name in RECORDED})
    return found
