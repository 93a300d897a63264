"""The places that name the dependencies agree, and the environments are locked and tested.

pyproject.toml is the source of truth (lower bounds); environment.yml (the
conda route) names the same packages; binder/requirements.txt (Binder, a hub,
``make lab``) and tests/requirements.txt (``make test``) pin exact versions
with hashes, written by ``make lock``; tests/requirements-minimum.txt pins the
declared lower bounds, and ``make test-minimum`` (run by .ci/run after ``make
test``) runs the library tests and one lesson with them. docs/environments.md.
"""
import re
import sys
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.version import Version

import environments

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent


def _req(line):
    """'scikit-learn >= 1.3' -> ('scikit-learn', '>=1.3')."""
    m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*", line)
    return m.group(1).lower().replace("_", "-"), m.group(2).replace(" ", "")


def _pyproject():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = dict(_req(r) for r in data["dependencies"])
    extras = data["optional-dependencies"]
    test = dict(_req(r) for r in extras["test"] + extras["course"] if ";" not in r)
    return runtime, test


def _course():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return dict(_req(r) for r in data["optional-dependencies"]["course"])


def _yaml_list(path):
    """The conda and pip entries of environment.yml (a tiny parser: no PyYAML needed)."""
    conda, pip, in_pip = [], [], False
    text = path.read_text().split("\ndependencies:\n", 1)[1]
    for raw in text.splitlines():
        line = raw.split("#")[0].rstrip()
        if not line.strip():
            continue
        if line.strip() == "- pip:":
            in_pip = True
            continue
        if line.startswith("  - ") and not line.startswith("      "):
            in_pip = False
            conda.append(line[4:].strip())
        elif in_pip and line.strip().startswith("- "):
            pip.append(line.strip()[2:])
    return conda, pip


def test_pyproject_lower_bounds_are_declared():
    runtime, test = _pyproject()
    assert {"numpy", "scipy", "scikit-learn", "matplotlib", "ipywidgets", "jupyterlab"} <= set(runtime)
    assert {"pytest", "hypothesis"} <= set(test)
    assert runtime["jupyterlab"] == ">=4.0" and runtime["ipywidgets"] == ">=8.0"
    for name, spec in {**runtime, **test}.items():
        assert spec.startswith(">="), f"{name} needs a lower bound known to work"


def test_environment_yml_names_the_same_packages():
    runtime, test = _pyproject()
    conda, pip = _yaml_list(ROOT / "environment.yml")
    conda = dict(_req(c) for c in conda)
    conda.pop("python"), conda.pop("pip")
    assert conda == {**runtime, **test}, "environment.yml drifted from pyproject.toml"
    assert "." in pip, ("environment.yml must install genlearn itself, as a package (an editable install "
                        "leaves out its Jupyter server configuration)")


def test_learners_install_no_course_tools():
    runtime, _ = _pyproject()
    assert not {"voila", "nbgitpuller"} & set(runtime), "course tools belong in the 'course' extra"
    assert {"voila", "nbgitpuller"} <= set(_course())


def _applies(marker):
    return not marker or Marker(marker).evaluate()


def _pins_here(path):
    """{package: version} of a lock file for this Python and platform."""
    pins, _ = environments.read_lock(path)
    here = {}
    for name, entries in pins.items():
        for version, marker in entries:
            if _applies(marker):
                here[name] = version
    return here


def test_binder_installs_the_lab_lock_and_genlearn():
    """Binder installs binder/requirements.txt (the lab lock) and then genlearn itself (postBuild)."""
    text = (ROOT / "binder" / "requirements.txt").read_text()
    assert not re.search(r"^\s*(-e\s+)?\.\s*$", text, re.M), "a hashed lock file cannot name '.'"
    post = (ROOT / "binder" / "postBuild").read_text()
    assert re.search(r"pip install .*--no-deps \.$", post, re.M), "binder/postBuild must install genlearn"
    assert "nbextension" not in post and not (ROOT / "binder" / "overrides.json").exists()


@pytest.mark.parametrize("lock, extras", [(environments.LAB_LOCK, ["course"]),
                                          (environments.TEST_LOCK, ["course", "test"])],
                         ids=["lab", "test"])
def test_lock_pins_every_dependency_with_hashes(lock, extras):
    """Every package pinned (==) with its hashes; genlearn's own requirements (uv's "via genlearn")
    are exactly pyproject.toml's, each pinned within its declared bound: a pyproject.toml changed
    without `make lock` fails here."""
    pins, unhashed = environments.read_lock(lock)
    assert pins and not unhashed, f"{lock.name}: entries without --hash: {unhashed}"
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = dict(_req(r) for r in data["dependencies"])
    for extra in extras:  # (tomli, for Python 3.10 only, is in no lock: the test lock starts at 3.11)
        declared.update(_req(r) for r in data["optional-dependencies"][extra] if ";" not in r)
    assert environments.direct_dependencies(lock) == set(declared), \
        f"{lock.name} is out of date with pyproject.toml: run `make lock`"
    for name, spec in declared.items():
        for version, _ in pins[name]:
            assert Version(version) >= Version(spec.split(">=")[1].split(";")[0]), (name, version, spec)
    assert "#    make lock" in lock.read_text().split("\n", 3)[1], "lock files are written by `make lock`"


def test_test_lock_has_the_lab_lock_versions():
    """make test tests the versions make lab and Binder install (for the Pythons both cover)."""
    lab, _ = environments.read_lock(environments.LAB_LOCK)
    test, _ = environments.read_lock(environments.TEST_LOCK)
    for name, entries in test.items():
        if name in lab:
            assert {v for v, _ in entries} <= {v for v, _ in lab[name]}, (name, entries, lab[name])


def test_this_environment_was_installed_from_the_test_lock():
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        pytest.skip("not running in the project's .venv (make test installs it from tests/requirements.txt)")
    wrong = {}
    for name, version in _pins_here(environments.TEST_LOCK).items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed is None or Version(installed) != Version(version):
            wrong[name] = (installed, version)
    assert not wrong, f"installed vs locked: {wrong}; run `make test` (or rm .venv/.installed-*)"


def test_minimum_lock_pins_the_declared_lower_bounds():
    pins, unhashed = environments.read_lock(environments.MIN_LOCK)
    assert pins and not unhashed
    make = (ROOT / "Makefile").read_text()
    tools = re.search(r"^MIN_TOOLS := (.*)$", make, re.M).group(1).split()
    for requirement in environments.minimum_requirements(tools):
        name, spec = _req(requirement)
        assert [v for v, _ in pins[name]] == [spec.split(">=")[1]] or \
            [Version(v) for v, _ in pins[name]] == [Version(spec.split(">=")[1])], \
            f"{name}: the minimum lock pins {pins[name]}, pyproject.toml declares {spec}: run `make lock`"


def test_readme_badge_opens_the_start_notebook_in_lab():
    readme = (ROOT / "README.md").read_text()
    m = re.search(r"https://mybinder\.org/v2/gh/[^)\s]+", readme)
    assert m, "README needs a Binder badge"
    assert m.group(0).endswith("?urlpath=lab/tree/notebooks/00_start_here.ipynb")
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_readme_gives_the_two_commands_and_ci_runs_them():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme and "make test-all" in readme
    assert "conda env create -f environment.yml" in readme
    ci = (ROOT / ".ci" / "run").read_text()
    commands = re.findall(r"^make (\S+)\s*$", ci, re.M)
    assert commands == ["test", "test-all"], \
        f".ci/run must run the README's `make test`, then `make test-all`: {commands}"
    make = (ROOT / "Makefile").read_text()
    test_all = re.search(r"^test-all:.*?(?=^\S)", make, re.M | re.S).group(0)
    assert "$(MAKE) test-minimum" in test_all, "make test-all must test the declared minimum versions"
    assert "run-numerics" in test_all, "make test-all must run a perturbed-numerics pass (docs/testing.md)"


def test_the_numerics_passes_perturb_what_they_say():
    """Oracle: numpy's own report of the CPU features it dispatches to, read in a process started with each
    pass's environment (NPY_DISABLE_CPU_FEATURES is read once, at numpy's import)."""
    env = environments.numerics_environment(sys.executable, True, 1, base={"OPENBLAS_CORETYPE": "Haswell",
                                                                           "NPY_DISABLE_CPU_FEATURES": "AVX"})
    assert env["OPENBLAS_NUM_THREADS"] == env["OMP_NUM_THREADS"] == "1"
    assert env["OPENBLAS_CORETYPE"] == "Haswell", "the machine's own OpenBLAS settings are kept"
    wide = environments.wide_simd_features(sys.executable)
    assert env["NPY_DISABLE_CPU_FEATURES"] == " ".join(wide)
    assert all(environments.WIDE_SIMD.search(f) for f in wide)
    if not wide:
        pytest.skip("numpy dispatches to no AVX2 / AVX-512 kernels on this CPU: nothing to narrow")
    env = environments.numerics_environment(sys.executable, True, 1)
    assert environments.wide_simd_features(sys.executable, env) == [], "numpy still dispatches to AVX2 / AVX-512"
    assert "NPY_DISABLE_CPU_FEATURES" not in environments.numerics_environment(sys.executable, False, 2)
    with pytest.raises(ValueError, match="unknown numerics pass"):
        environments.run_numerics(["fast"])


def test_next_environment_installs_the_newest_releases_unlocked():
    # make test-next: the runtime dependencies and the test tools of test-minimum, newest releases and
    # pre-releases, no lock, in an environment built anew; then the library tests and every lesson
    make = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^test-next:.*?(?=^\S)", make, re.M | re.S).group(0)
    assert "rm -rf $(NEXT_VENV)" in recipe and "next-requirements $(MIN_TOOLS)" in recipe
    install = re.search(r"next-requirements.*?-r -", recipe, re.S).group(0)
    assert "--upgrade" in install and "--prerelease allow" in install and "--require-hashes" not in install
    assert recipe.rstrip().endswith("tests/environments.py run-next")
    test_all = re.search(r"^test-all:.*?(?=^\S)", make, re.M | re.S).group(0)
    assert "test-next" not in test_all, "make test-all must not depend on what the registry holds today"
    tools = re.search(r"^MIN_TOOLS := (.*)$", make, re.M).group(1).split()
    runtime, _ = _pyproject()
    names = [_req(r)[0] for r in environments.next_requirements(tools)]
    assert set(runtime) | set(tools) == set(names) and len(names) == len(set(names))


def test_next_environment_runs_every_lesson():
    from lessons import lessons

    assert environments.lessons() == [str(p.relative_to(ROOT)) for p in lessons()]
    assert environments.NEXT_VENV.relative_to(ROOT).as_posix() == ".venv/next"
