"""Time one slider update of the multivariate-Gaussian explorer (notebook 02).

Two ways of showing the same picture (3-D surface on the default 25 x 25 mesh plus a
contour panel, same figure size and dpi) are timed over the same sweep of
slider values, in one run:

* live   -- ``GaussianExplorer.update`` changes the artists of one figure in
            place, then ``live.refresh()`` pastes the cached background and
            draws only the moving artists into the PNG the widget shows;
* naive  -- the usual ``interact`` callback: a new pyplot figure with new axes,
            ``plot_surface`` and ``contourf`` on every change, rendered to PNG
            the way the inline backend does (``bbox_inches="tight"``), closed.

The sweep drags each slider across its range in small steps, the others at
their defaults (one update = compute + Agg render + PNG), then steps through
every preset of the notes. Prints p50 / p95 of wall-clock and CPU time per
update and the naive / live ratios. Run: ``python benchmarks/bench_widgets.py``
(``--quick`` for fewer steps). BLAS keeps its default thread pool, as in a
notebook kernel (the explorer itself limits BLAS to one thread per update:
that alone made updates 2-3x faster on a 2-core machine). Wall-clock time is what a learner feels; on
a shared machine it also counts other processes, so the CPU time of this
process is printed too.
"""
import argparse
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from IPython.core.pylabtools import print_figure  # noqa: E402

from genlearn import gaussian  # noqa: E402
from genlearn.demos import multivariate_gaussian as mg  # noqa: E402


def sweep(steps):
    """Slider values: each slider dragged over its range, then every preset."""
    default = mg.preset_params("Sigma = I (standard normal)")
    values = []
    for name, (lo, hi, _step) in mg.SLIDER_RANGES.items():
        for v in np.linspace(lo, hi, steps):
            values.append({**default, name: float(v)})
    values += [mg.preset_params(name) for name in mg.PRESETS]
    return values


def naive_update(mu1, mu2, sigma1, sigma2, rho, ex):
    fig = plt.figure(figsize=ex.fig.get_size_inches(), dpi=ex.fig.dpi)
    mg.draw_gaussian([mu1, mu2], gaussian.covariance(sigma1, sigma2, rho), grid=ex.grid, fig=fig)
    png = print_figure(fig, "png", bbox_inches="tight")
    plt.close(fig)
    return png


def live_update(ex, **values):
    ex.update(**values)
    ex.live.refresh()
    return ex.live.widget.value


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
    steps = 5 if args.quick else 25
    values = sweep(steps)

    ex = mg.GaussianExplorer()
    live_update(ex, **values[0])  # warm-up: first full draw of the background
    naive_update(ex=ex, **values[0])

    live_wall, live_cpu = measure(lambda v: live_update(ex, **v), values)
    naive_values = values[::2]  # the naive pattern is slow: time every other value
    naive_wall, naive_cpu = measure(lambda v: naive_update(ex=ex, **v), naive_values)

    size = ex.fig.get_size_inches() * ex.fig.dpi
    print(f"explorer: figure {size[0]:.0f}x{size[1]:.0f} px at dpi {ex.fig.dpi:g}, "
          f"surface mesh {ex.grid}x{ex.grid}")
    print(f"sweep: {len(values)} live updates, {len(naive_values)} naive updates")
    print(f"{'':24s} {'p50 ms':>9s} {'p95 ms':>9s}")
    rows = [("live   wall", live_wall), ("live   CPU", live_cpu),
            ("naive  wall", naive_wall), ("naive  CPU", naive_cpu)]
    for label, t in rows:
        print(f"{label:24s} {np.percentile(t, 50):9.1f} {np.percentile(t, 95):9.1f}")
    for label, lt, nt in (("wall", live_wall, naive_wall), ("CPU", live_cpu, naive_cpu)):
        print(f"naive / live ({label}): p50 {np.percentile(nt, 50) / np.percentile(lt, 50):.1f}x, "
              f"p95 {np.percentile(nt, 95) / np.percentile(lt, 95):.1f}x")
    print(f"aim: live p95 < 40 ms -> {'met' if np.percentile(live_wall, 95) < 40 else 'NOT met'}"
          f" (wall); ratio >= 5x -> "
          f"{'met' if np.percentile(naive_wall, 50) >= 5 * np.percentile(live_wall, 50) else 'NOT met'}")


if __name__ == "__main__":
    main()
