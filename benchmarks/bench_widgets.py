"""What one slider step costs the kernel: the naive redraw against the browser explorer.

Two ways of showing the multivariate-Gaussian picture of notebook 02, timed
over the same sweep of slider values, in one run:

* explorer -- ``GaussianExplorer``: the page computes and draws the frame; the
              kernel only receives the new trait value. Timed here: what the
              kernel does with one incoming slider message (``set_state``, as
              ipywidgets applies it, validation and observers included).
* naive    -- the usual ``interact`` callback: a new pyplot figure with
              ``plot_surface`` and ``contourf`` on every change, rendered to
              PNG the way the inline backend does (``bbox_inches="tight"``).

The sweep drags each slider across its range in small steps, the others at
their defaults, then steps through every preset of the notes. Prints p50 /
p95 of wall-clock and CPU time per step and the naive / explorer ratio. This
is the kernel's share only; ``bench_browser.py`` measures what a learner sees.
On a shared machine wall-clock time also counts other processes, so the CPU
time of this process is printed too. Run: ``python benchmarks/bench_widgets.py
[--quick]``.
"""
import argparse
import os
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from IPython.core.pylabtools import print_figure  # noqa: E402

from genlearn import gaussian  # noqa: E402
from genlearn.demos import multivariate_gaussian as mg  # noqa: E402
from genlearn.explorers import multivariate_gaussian as ex_mg


def sweep(steps):
    """Slider values: each slider dragged over its range, then every preset."""
    default = mg.preset_params(ex_mg.DEFAULT_PRESET)
    values = []
    for name, (lo, hi, _step) in ex_mg.GaussianExplorer.slider_ranges().items():
        if name not in default:
            continue
        for v in np.linspace(lo, hi, steps):
            values.append({**default, name: float(v)})
    values += [mg.preset_params(name) for name in mg.PRESETS]
    return values


def naive_update(mu1, mu2, sigma1, sigma2, rho):
    fig = plt.figure(figsize=(8.0, 3.4), dpi=72)
    mg.draw_gaussian([mu1, mu2], gaussian.covariance(sigma1, sigma2, rho), fig=fig)
    png = print_figure(fig, "png", bbox_inches="tight")
    plt.close(fig)
    return png


def measure(fn, values):
    wall, cpu = [], []
    for v in values:
        w0, c0 = time.perf_counter(), time.process_time()
        fn(v)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return np.array(wall) * 1e3, np.array(cpu) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 steps per slider instead of 25")
    args = parser.parse_args()
    values = sweep(5 if args.quick else 25)

    ex = ex_mg.GaussianExplorer()
    naive_update(**values[0])  # warm-up
    explorer_wall, explorer_cpu = measure(lambda v: ex.set_state(dict(v, preset="")), values)
    naive_wall, naive_cpu = measure(lambda v: naive_update(**v), values[::2])

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{len(values)} explorer steps, {len(values[::2])} naive steps; "
          f"{os.cpu_count()} cores, load average {load:.2f}")
    print(f"{'kernel time per step':24s} {'p50 ms':>9s} {'p95 ms':>9s}")
    for label, t in (("explorer wall", explorer_wall), ("explorer CPU", explorer_cpu),
                     ("naive    wall", naive_wall), ("naive    CPU", naive_cpu)):
        print(f"{label:24s} {np.percentile(t, 50):9.3f} {np.percentile(t, 95):9.3f}")
    for label, et, nt in (("wall", explorer_wall, naive_wall), ("CPU", explorer_cpu, naive_cpu)):
        print(f"naive / explorer ({label}): p50 {np.percentile(nt, 50) / np.percentile(et, 50):.0f}x, "
              f"p95 {np.percentile(nt, 95) / np.percentile(et, 95):.0f}x")


if __name__ == "__main__":
    main()
