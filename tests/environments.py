"""The locked environments and the minimum-version environment (see docs/environments.md).

Used by tests/test_environment.py and by the Makefile::

    python tests/environments.py minimum-requirements pytest hypothesis ...   # make lock's input
    python tests/environments.py run-minimum                                  # make test-minimum
    python tests/environments.py run-numerics [PASS ...]                      # make test-numerics
    python tests/environments.py next-requirements pytest hypothesis ...      # make test-next's input
    python tests/environments.py run-next                                     # make test-next

``minimum-requirements`` prints the requirements whose lowest versions
``make lock`` pins in tests/requirements-minimum.txt: genlearn's runtime
dependencies and the named tools of its test extra, with the lower bounds
pyproject.toml declares. ``run-minimum`` runs, in the environment built from
that file (.venv/minimum), the library tests (:data:`LIBRARY_TESTS`: the
tests of genlearn's modules and their doctests, not those of the course
tools, the notebooks' files or the browser) and one lesson
(:data:`MINIMUM_LESSON`, through nbval, as ``make test`` runs the lessons).
``run-numerics`` runs the library tests (the lessons' tests among them) and
nbval over every lesson again under perturbed numerics, one pass each of
:data:`NUMERIC_PASSES` (or those named): a second machine of one's own.

``next-requirements`` prints the same requirements for ``make test-next``,
which installs them unlocked, at their newest releases, pre-releases included,
into .venv/next; ``run-next`` runs there the library tests and every lesson
through nbval (docs/testing.md, "The next releases").
"""
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
LAB_LOCK = ROOT / "binder" / "requirements.txt"
TEST_LOCK = ROOT / "tests" / "requirements.txt"
MIN_LOCK = ROOT / "tests" / "requirements-minimum.txt"
MIN_VENV = ROOT / ".venv" / "minimum"
MIN_PYTHON = MIN_VENV / "bin" / "python"

#: Test modules that test the course tools, the notebook files, the environments or the browser,
#: not genlearn's modules: left out of the minimum-version run (they need the course and test extras).
NOT_LIBRARY = {"test_environment.py", "test_lessons.py", "test_notebooks.py", "test_export.py",
               "test_site_build.py", "test_present.py", "test_hub.py", "test_grading.py",
               "test_homework.py", "test_lab_server.py", "test_widget_state.py", "test_repository.py",
               "test_class_grading.py", "test_grades.py", "test_install.py"}

#: The lesson run in the minimum-version environment, named by its demo module (not its number).
MINIMUM_LESSON = "gaussian_discriminant_analysis"


def library_tests():
    """The library's test files and doctest folder, as pytest arguments."""
    files = sorted(p for p in (ROOT / "tests").glob("test_*.py") if p.name not in NOT_LIBRARY)
    return [str(p.relative_to(ROOT)) for p in files] + ["lib/genlearn", "--ignore=lib/genlearn/course"]


def _name(requirement):
    return re.match(r"[A-Za-z0-9_.\-]+", requirement).group(0).lower().replace("_", "-")


def project():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def minimum_requirements(tools):
    """Runtime dependencies and the named test tools, as pyproject.toml declares them."""
    p = project()
    test = {_name(r): r for r in p["optional-dependencies"]["test"]}
    missing = [t for t in tools if t not in test]
    if missing:
        raise ValueError(f"not in the test extra of pyproject.toml: {missing}")
    return list(p["dependencies"]) + [test[t] for t in tools]


def read_lock(path):
    """{package: [(version, marker or ''), ...]} of a lock file, and the packages without a hash."""
    pins, unhashed = {}, []
    entries = re.split(r"\n(?=[A-Za-z0-9])", Path(path).read_text(encoding="utf-8"))
    for entry in entries:
        first = entry.split("\n", 1)[0]
        m = re.match(r"([A-Za-z0-9_.\-]+)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$", first)
        if not m:
            continue
        name = m.group(1).lower().replace("_", "-")
        pins.setdefault(name, []).append((m.group(2), (m.group(3) or "").strip()))
        if "--hash=sha256:" not in entry:
            unhashed.append(name)
    return pins, unhashed


def direct_dependencies(path):
    """The packages a lock file lists as required by genlearn itself (uv's ``# via genlearn``)."""
    text = Path(path).read_text(encoding="utf-8")
    found = set()
    for entry in re.split(r"\n(?=[A-Za-z0-9])", text):
        m = re.match(r"([A-Za-z0-9_.\-]+)==", entry)
        if m and re.search(r"#\s+(?:via\s+)?genlearn\b", entry):
            found.add(m.group(1).lower().replace("_", "-"))
    return found


def run_minimum():
    """The library tests and one lesson, in .venv/minimum; returns the exit status."""
    if not MIN_PYTHON.exists():
        print(f"no {MIN_VENV.relative_to(ROOT)}: run `make test-minimum` (it installs {MIN_LOCK.name})")
        return 2
    versions = subprocess.run(
        [str(MIN_PYTHON), "-c", "import numpy, scipy, sklearn, matplotlib; "
         "print('numpy', numpy.__version__, 'scipy', scipy.__version__, 'scikit-learn', sklearn.__version__, "
         "'matplotlib', matplotlib.__version__)"], capture_output=True, text=True, cwd=ROOT)
    print("minimum versions:", versions.stdout.strip() or versions.stderr[-500:], flush=True)
    # -n 2: the library tests in two processes, as make test runs them; no cache
    base = [str(MIN_PYTHON), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o",
            "addopts=-rs --doctest-modules"]
    status = subprocess.run(base + ["-n", "2"] + library_tests(), cwd=ROOT).returncode
    (notebook,) = (ROOT / "notebooks").glob(f"[0-9][0-9]_{MINIMUM_LESSON}.ipynb")
    lesson = subprocess.run(base + ["--nbval-lax", str(notebook.relative_to(ROOT))], cwd=ROOT).returncode
    return status or lesson


#: CPU features numpy dispatches to that ``run-numerics`` switches off (NPY_DISABLE_CPU_FEATURES): AVX2 and
#: AVX-512, by their names in numpy 1.x (AVX2, FMA3, AVX512F, AVX512_SKX, ...) and 2.x (the groups X86_V3 and
#: X86_V4, AVX512_ICL, ...). numpy then runs its baseline kernels (SSE4 here), whose reductions and
#: transcendental functions round differently: another CPU's last bits.
WIDE_SIMD = re.compile(r"AVX2|FMA3|AVX512|X86_V[34]")

#: The perturbed passes of ``make test-numerics``: name -> (environment's python, narrow numpy's dispatch,
#: BLAS threads). The thread count changes how OpenBLAS splits a product and so the order of its sums;
#: OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE stay as the machine sets them.
NUMERIC_PASSES = {
    "narrow-simd": ("test", True, 1),       # numpy without AVX2 / AVX-512, one BLAS thread
    "two-threads": ("test", False, 2),      # numpy as it is, two BLAS threads
    "minimum": ("minimum", True, 2),        # the declared minimum versions, narrowed, two BLAS threads
}
#: ``make test-all``'s perturbed pass (besides ``make test-minimum``): the library tests only, as the lessons
#: run for minutes; ``make test-numerics`` runs them all.
CI_NUMERICS = "narrow-simd"
PYTHONS = {"test": ROOT / ".venv" / "bin" / "python", "minimum": MIN_PYTHON}


def wide_simd_features(python, env=None):
    """The features of :data:`WIDE_SIMD` that ``python``'s numpy dispatches to on this machine (in ``env``)."""
    done = subprocess.run([str(python), "-c", "import numpy as np\n"
                           "try:\n    from numpy._core import _multiarray_umath as u\n"
                           "except ImportError:\n    from numpy.core import _multiarray_umath as u\n"
                           "print(' '.join(f for f in u.__cpu_dispatch__ if u.__cpu_features__.get(f)))"],
                          capture_output=True, text=True, check=True, env=env)
    return [f for f in done.stdout.split() if WIDE_SIMD.search(f)]


def numerics_environment(python, narrow, threads, base=None):
    """The environment of one perturbed pass: numpy's wide SIMD off if ``narrow``, ``threads`` BLAS threads."""
    env = dict(os.environ if base is None else base)
    env.pop("NPY_DISABLE_CPU_FEATURES", None)
    if narrow:
        env["NPY_DISABLE_CPU_FEATURES"] = " ".join(wide_simd_features(python))
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env[name] = str(threads)
    return env


def run_numerics(names=None, lessons_too=True):
    """Each pass of :data:`NUMERIC_PASSES` (or ``names``): the library tests and, if ``lessons_too``, nbval
    over every lesson. Prints the time of each pass; returns the exit status (0 when all passed)."""
    names = list(NUMERIC_PASSES) if not names else names
    unknown = [n for n in names if n not in NUMERIC_PASSES]
    if unknown:
        raise ValueError(f"unknown numerics pass {unknown}: choose among {list(NUMERIC_PASSES)}")
    results = []
    for name in names:
        which, narrow, threads = NUMERIC_PASSES[name]
        python = PYTHONS[which]
        if not python.exists():
            print(f"no {python.relative_to(ROOT)}: run `make test-numerics` (it builds the environments)")
            return 2
        env = numerics_environment(python, narrow, threads)
        off = env.get("NPY_DISABLE_CPU_FEATURES")
        print(f"== numerics pass {name}: {python.relative_to(ROOT)}, "
              f"{f'NPY_DISABLE_CPU_FEATURES={off!r}' if off else 'numpy dispatch as it is'}, "
              f"{threads} BLAS thread(s)", flush=True)
        start = time.monotonic()
        status = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o",
                                 "addopts=-rfEs --doctest-modules", "-n", "2", "--dist", "loadscope",
                                 *(["--nbval-lax"] + lessons() if lessons_too else []), *library_tests()],
                                cwd=ROOT, env=env).returncode
        results.append((name, status, time.monotonic() - start))
    for name, status, seconds in results:
        print(f"numerics pass {name}: {'passed' if status == 0 else 'FAILED'} in {seconds:.0f} s")
    return max(status for _, status, _ in results)


# -- make test-next: the newest releases, pre-releases included ---------------------------------------------

NEXT_VENV = ROOT / ".venv" / "next"
NEXT_PYTHON = NEXT_VENV / "bin" / "python"
#: The packages whose versions a run of `make test-next` reports (docs/testing.md records them per run).
NEXT_REPORTED = ("numpy", "scipy", "scikit-learn", "matplotlib", "ipywidgets", "anywidget", "jupyterlab",
                 "threadpoolctl", "pooch", "pytest", "hypothesis", "pandas", "pytest-xdist", "nbval",
                 "ipykernel", "nbformat", "jupyter-client")


def next_requirements(tools):
    """What `make test-next` installs: the requirements of :func:`minimum_requirements`, resolved upward.

    The same list (genlearn's runtime dependencies and the named test tools, with the lower bounds
    pyproject.toml declares), which uv installs with ``--upgrade --prerelease allow`` and no lock: each at
    its newest release, a pre-release when it is the newest.
    """
    return minimum_requirements(tools)


def next_versions(python=NEXT_PYTHON, names=NEXT_REPORTED):
    """``{package: version}`` installed in the environment of ``python`` (importlib.metadata, nothing imported)."""
    code = ("import importlib.metadata as m, json, sys\n"
            "out = {}\n"
            "for name in sys.argv[1:]:\n"
            "    try:\n"
            "        out[name] = m.version(name)\n"
            "    except m.PackageNotFoundError:\n"
            "        out[name] = None\n"
            "print(json.dumps(out))")
    done = subprocess.run([str(python), "-c", code, *names], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    return json.loads(done.stdout)


def lessons():
    """The numbered lessons, as nbval's arguments (relative to the repository)."""
    return [str(p.relative_to(ROOT)) for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))]


def run_next():
    """The library tests and every lesson (nbval), in .venv/next; returns the exit status."""
    if not NEXT_PYTHON.exists():
        print(f"no {NEXT_VENV.relative_to(ROOT)}: run `make test-next` (it installs the newest releases)")
        return 2
    versions = next_versions()
    print("next releases:", ", ".join(f"{k} {v}" for k, v in versions.items()), flush=True)
    base = [str(NEXT_PYTHON), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o",
            "addopts=-rfEs --doctest-modules", "-n", "2", "--dist", "loadscope"]
    library = subprocess.run(base + library_tests(), cwd=ROOT).returncode
    notebooks = subprocess.run(base + ["--nbval-lax"] + lessons(), cwd=ROOT).returncode
    print("next releases:", ", ".join(f"{k} {v}" for k, v in versions.items()))
    print(f"library tests: {'passed' if library == 0 else f'failed (exit {library})'}; "
          f"lessons (nbval): {'passed' if notebooks == 0 else f'failed (exit {notebooks})'}")
    return library or notebooks


def main(argv):
    if argv[:1] == ["minimum-requirements"]:
        print("\n".join(minimum_requirements(argv[1:])))
        return 0
    if argv == ["run-minimum"]:
        return run_minimum()
    if argv[:1] == ["run-numerics"]:
        lessons_too = "--no-lessons" not in argv
        return run_numerics([a for a in argv[1:] if a != "--no-lessons"], lessons_too)
    if argv[:1] == ["next-requirements"]:
        print("\n".join(next_requirements(argv[1:])))
        return 0
    if argv == ["run-next"]:
        return run_next()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
