"""How long nbgrader takes to autograde the genlearn homework, and a class of 200.

For each assignment, a temporary copy of the course (instructor/) gets N
submissions of the instructor solution; one nbgrader process then runs
generate_assignment and autograde for every student (nbgrader's Python API,
as ``assignments.nbgrader_api`` does in the tests). nbgrader's own timing of each
call gives:

* start-up: importing nbgrader and generate_assignment, paid once per run;
* per notebook: the median autograde time of one submission (sanitise, start
  the sandbox -- bubblewrap, a throwaway user when run as root -- run the
  notebook's cells there, run the hidden tests in the grader with a call into
  the sandbox per function call, save the grades, write the report);
* a class of 200: start-up + 200 x per notebook, one process after another.

Baseline, in the same run: executing the same solution notebook with plain
nbclient (a kernel, every cell, no grading). The ratio is what grading adds.

The machine is shared: wall-clock times grow with the load, which the script
prints. It also measures CPU seconds (of nbgrader and the sandboxes it starts,
from ``getrusage``), which the load barely changes; the grader and the sandbox
work side by side, so on two idle cores the wall clock is below them. With
``--compete`` it measures a second time beside a competing CPU-bound process
(BLAS threads as configured in the environment; nothing is pinned).

    python benchmarks/bench_autograde.py            # 3 submissions per assignment
    python benchmarks/bench_autograde.py --n 5
"""
import argparse
import os
import resource
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lib"))
from genlearn.course import assignments, variants  # noqa: E402
from genlearn.homework import variants as homework_variants  # noqa: E402

_shared = ROOT.parent / "shared" / "data" / "sms_spam"
if "GENLEARN_DATA" not in os.environ and _shared.is_dir():
    os.environ["GENLEARN_DATA"] = str(_shared)


def _solution_notebook(name):
    """The release with every solution cell filled in (what a perfect student hands in)."""
    src = nbformat.read(ROOT / "instructor" / "source" / name / f"{name}.ipynb", as_version=4)
    answers = {}
    for cell in src.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution"):
            answers[meta["grade_id"]] = "\n".join(
                line for line in cell.source.split("\n")
                if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))
    nb = nbformat.read(ROOT / "notebooks" / "homework" / f"{name}.ipynb", as_version=4)
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in answers:
            cell.source = answers[gid]
    return nb


def _children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def plain_run(name):
    """(wall, CPU) seconds to execute the solution notebook with nbclient, kernel start included."""
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory() as tmp:
        nb = _solution_notebook(name)
        cpu, start = _children_cpu(), time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": tmp}}).execute()
        return time.perf_counter() - start, _children_cpu() - cpu


def autograde_run(name, n):
    """Wall seconds {"startup": ..., "autograde": [per student]} and the run's CPU seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        course = assignments.copy_course(tmp, ROOT, names=[name])
        secret = os.urandom(32)                   # per-student data (hw3): each student's own seed
        (course / variants.SECRET_FILE).write_text(secret.hex() + "\n", encoding="utf-8")
        for i in range(n):
            folder = course / "submitted" / f"student{i}" / name
            folder.mkdir(parents=True)
            nb = _solution_notebook(name)
            if name in homework_variants.ASSIGNMENTS:
                variants.personalise(nb, variants.student_seed(secret, name, f"student{i}"))
            nbformat.write(nb, folder / f"{name}.ipynb")
        calls = [("generate_assignment", [name])] + [("autograde", [name, f"student{i}"]) for i in range(n)]
        cpu, start = _children_cpu(), time.perf_counter()
        log = assignments.nbgrader_api(course, calls)
        total, cpu = time.perf_counter() - start, _children_cpu() - cpu
    times = [(m, float(t)) for m, t in re.findall(r"== seconds (\w+) .*?: ([\d.]+)", log)]
    graded = [t for m, t in times if m == "autograde"]
    return {"startup": total - sum(graded), "autograde": graded, "cpu": cpu}


def measure(names, n, label):
    print(f"-- {label}; load average before: {os.getloadavg()[0]:.1f}")
    for name in names:
        plain, plain_cpu = plain_run(name)
        start = autograde_run(name, 0)              # nbgrader's start-up and generate_assignment alone
        res = autograde_run(name, n)
        per = statistics.median(res["autograde"])
        per_cpu = (res["cpu"] - start["cpu"]) / n
        print(f"{name:22s} autograde one notebook: wall {per:5.2f} s (min {min(res['autograde']):.2f}), "
              f"CPU {per_cpu:5.2f} s | plain run: wall {plain:5.2f} s, CPU {plain_cpu:5.2f} s "
              f"(autograde / plain, CPU: {per_cpu / plain_cpu:4.2f}x) | start-up: wall {res['startup']:5.1f} s, "
              f"CPU {start['cpu']:5.1f} s")
        print(f"{'':22s} class of 200 (nbgrader grades one student after another): "
              f"{(res['startup'] + 200 * per) / 60:5.1f} min at this load; "
              f"{(start['cpu'] + 200 * per_cpu) / 60:5.1f} min of CPU (grader and sandbox side by side)")
    print(f"   load average after: {os.getloadavg()[0]:.1f}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=3, help="submissions per assignment (default 3)")
    parser.add_argument("--compete", action="store_true", help="measure again beside a competing CPU-bound process")
    args = parser.parse_args(argv)
    if shutil.which("bwrap") is None:
        sys.exit("bubblewrap is not installed (apt-get install bubblewrap): the course grades in its sandbox")
    names = list(assignments.ASSIGNMENTS)
    if "GENLEARN_DATA" not in os.environ:
        print("hw2 skipped: set GENLEARN_DATA to the folder holding SMSSpamCollection (grading refuses the "
              "invented corpus)")
        names.remove("hw2_naive_bayes_spam")
    print(f"{os.cpu_count()} cores; OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}; "
          f"{args.n} submissions per assignment, one nbgrader process per assignment")
    measure(names, args.n, "as the machine is")
    if args.compete:
        hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        try:
            measure(names, args.n, "with one competing CPU-bound process")
        finally:
            hog.kill()
            hog.wait()


if __name__ == "__main__":
    main()
