"""The three places that name the dependencies must agree: pyproject.toml (the
source of truth), environment.yml (the conda route) and binder/ (Binder)."""
import re
from pathlib import Path

import pytest

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
    assert {"pytest", "nbval"} <= set(test)
    assert runtime["jupyterlab"] == ">=4.0" and runtime["ipywidgets"] == ">=8.0"
    for name, spec in {**runtime, **test}.items():
        assert spec.startswith(">="), f"{name} needs a lower bound known to work"


def test_environment_yml_names_the_same_packages():
    runtime, test = _pyproject()
    conda, pip = _yaml_list(ROOT / "environment.yml")
    conda = dict(_req(c) for c in conda)
    conda.pop("python"), conda.pop("pip")
    assert conda == {**runtime, **test}, "environment.yml drifted from pyproject.toml"
    assert "-e ." in pip, "environment.yml must install genlearn itself"


def test_learners_install_no_course_tools():
    runtime, _ = _pyproject()
    assert not {"voila", "nbgitpuller"} & set(runtime), "course tools belong in the 'course' extra"
    assert {"voila", "nbgitpuller"} <= set(_course())


def test_binder_installs_the_runtime_packages_and_genlearn():
    runtime, _ = _pyproject()
    lines = [l.split("#")[0].strip() for l in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    lines = [l for l in lines if l]
    assert "." in lines, "binder/requirements.txt must install genlearn (a '.' line)"
    assert dict(_req(l) for l in lines if l != ".") == {**runtime, **_course()}, \
        "binder/ drifted from pyproject.toml (the runtime packages and the course extra)"
    # repo2docker ignores root-level configuration when binder/ exists: nothing else may be needed
    post_build = ROOT / "binder" / "postBuild"
    assert not post_build.exists() or "nbextension" not in post_build.read_text()


def test_readme_badge_opens_the_start_notebook_in_lab():
    readme = (ROOT / "README.md").read_text()
    m = re.search(r"https://mybinder\.org/v2/gh/[^)\s]+", readme)
    assert m, "README needs a Binder badge"
    assert m.group(0).endswith("?urlpath=lab/tree/notebooks/00_start_here.ipynb")
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_readme_gives_the_two_commands_and_ci_runs_them():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    assert "conda env create -f environment.yml" in readme
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test\s*$", ci, re.M), ".ci/run must run exactly the README's 'make test'"
