"""Slider latency as a learner feels it: JupyterLab in headless Chromium.

For the Gaussian explorer of notebook 02 (``GaussianExplorer``: the figure is
redrawn in place in an ``ipywidgets.Image``) and for the naive reference
``benchmarks/naive_interact_reference.ipynb`` (``interact`` building a new
inline figure on every change; same figure, grid, size and dpi), the script
opens the notebook, runs all cells, focuses the ``rho`` slider and presses an
arrow key, one step at a time. Each step is timed inside the page from the
``keydown`` event to the frame after the new image has been decoded (the
first frame that shows it). It prints p50 / p95 / max over the steps and the
ratio naive / explorer, both measured in this run.

Needs Debian's Chromium at /usr/bin/chromium (``apt-get install chromium``).

Usage: ``.venv/bin/python benchmarks/bench_browser.py [--steps 30]``
"""
import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import lab_driver as L  # noqa: E402

EXPLORER = "notebooks/02_multivariate_gaussian.ipynb"
NAIVE = "benchmarks/naive_interact_reference.ipynb"

# Find the slider labelled `label` whose widget box also holds an image (the
# figure it drives), tag both, and return the labels of the box's sliders.
TAG_JS = r"""(label) => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  for (const s of panel.querySelectorAll('.widget-slider')) {
    const l = s.querySelector('.widget-label');
    if (!l || l.textContent.trim() !== label) continue;
    let box = s.parentElement;
    while (box && !box.classList.contains('jp-OutputArea-output')) {
      if (box.querySelector('img')) break;
      box = box.parentElement;
    }
    if (!box || !box.querySelector('img')) continue;
    document.querySelectorAll('[data-bench]').forEach(e => e.removeAttribute('data-bench'));
    s.setAttribute('data-bench', 'slider');
    box.setAttribute('data-bench', 'box');
    return Array.from(box.querySelectorAll('.widget-slider .widget-label')).map(e => e.textContent.trim());
  }
  return null;
}"""

# Arm one measurement: t0 at the next keydown (capture phase, before the
# slider sees it); t1 once a new or re-sourced <img> in the box has decoded and
# a frame has been produced with it.
ARM_JS = r"""() => {
  const box = document.querySelector('[data-bench="box"]');
  window.__benchResult = new Promise(resolve => {
    let t0 = null, done = false;
    const finish = r => { if (!done) { done = true; obs.disconnect(); resolve(r); } };
    window.addEventListener('keydown', () => { t0 = performance.now(); },
                            {capture: true, once: true});
    const obs = new MutationObserver(muts => {
      if (t0 === null) return;
      for (const m of muts) {
        let img = null;
        if (m.type === 'attributes' && m.target.tagName === 'IMG') img = m.target;
        for (const n of m.addedNodes || []) {
          if (img) break;
          if (n.nodeType === 1) img = n.tagName === 'IMG' ? n : n.querySelector('img');
        }
        if (!img) continue;
        obs.disconnect();
        img.decode().catch(() => null).then(() =>
          requestAnimationFrame(() => setTimeout(() => finish({ms: performance.now() - t0}), 0)));
        return;
      }
    });
    obs.observe(box, {subtree: true, childList: true, attributes: true, attributeFilter: ['src']});
    setTimeout(() => finish({ms: null}), 15000);
  });
  return true;
}"""

# noUiSlider moves one step per arrow key: the step is the distance to the next value
STEP_JS = """() => {
  const s = document.querySelector('[data-bench="slider"] .noUi-target');
  const steps = s.noUiSlider ? s.noUiSlider.steps()[0] : null;
  return steps ? (steps[1] || steps[0] || 0) : 0;
}"""


def percentile(values, q):
    v = sorted(values)
    k = (len(v) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def measure(page, server, path, label, steps, warmup=3):
    L.open_notebook(page, server, path)
    L.run_all_cells(page)
    problems = L.find_problems(page)
    if problems:
        raise SystemExit(f"{path}: the notebook does not run cleanly in JupyterLab: {problems}")
    labels = page.evaluate(TAG_JS, label)
    if labels is None:
        raise SystemExit(f"{path}: no slider labelled {label!r} next to a figure")
    handle = page.locator('[data-bench="slider"] .noUi-handle').first
    handle.scroll_into_view_if_needed()
    handle.focus()
    page.wait_for_timeout(500)
    key, times, timeouts = "ArrowRight", [], 0
    for i in range(warmup + steps):
        now, lo, hi = (float(handle.get_attribute(a))
                       for a in ("aria-valuenow", "aria-valuemin", "aria-valuemax"))
        step = float(page.evaluate(STEP_JS))
        if key == "ArrowRight" and now + step > hi + 1e-9:    # end of the range: turn back
            key = "ArrowLeft"
        elif key == "ArrowLeft" and now - step < lo - 1e-9:
            key = "ArrowRight"
        page.evaluate(ARM_JS)
        page.keyboard.press(key)
        result = page.evaluate("() => window.__benchResult")
        if result["ms"] is None:
            timeouts += 1
        elif i >= warmup:
            times.append(result["ms"])
        page.wait_for_timeout(250)  # let the kernel go idle between steps
    return labels, times, timeouts


def report(name, labels, times, timeouts):
    print(f"{name}: sliders {labels}, {len(times)} steps"
          + (f", {timeouts} without a new image within 15 s" if timeouts else ""))
    print(f"    p50 {percentile(times, 50):7.1f} ms   p95 {percentile(times, 95):7.1f} ms"
          f"   max {max(times):7.1f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=30, help="measured key presses (>= 20)")
    ap.add_argument("--root", default=str(REPO), help="server root (default: the repository)")
    ap.add_argument("--explorer", default=EXPLORER)
    ap.add_argument("--naive", default=NAIVE)
    args = ap.parse_args()
    if not L.chromium_available():
        print(f"skipped: no Chromium at {L.CHROMIUM} (apt-get install chromium)")
        return 0
    missing = [p for p in (args.explorer, args.naive) if not (Path(args.root) / p).exists()]
    if missing:
        print(f"error: {missing} not found under {args.root}")
        return 1
    if "GENLEARN_DATA" not in os.environ and (REPO.parent / "shared/data/sms_spam").is_dir():
        os.environ["GENLEARN_DATA"] = str(REPO.parent / "shared/data/sms_spam")
    from playwright.sync_api import sync_playwright

    print(f"JupyterLab in headless Chromium, {os.cpu_count()} cores; "
          f"time from arrow key press on the 'rho' slider to the new figure painted")
    t = time.perf_counter()
    with L.LabServer(root_dir=args.root, cwd=args.root) as server, sync_playwright() as pw:
        context, cleanup = L.launch_chromium(pw)
        try:
            page = context.new_page()
            page.set_default_timeout(120_000)
            results = {}
            for name, path in [("explorer (notebook 02, redraw in place)", args.explorer),
                               ("naive interact (new inline figure per change)", args.naive)]:
                results[name] = measure(page, server, path, "rho", args.steps)
                server.shutdown_kernels()
                report(name, *results[name])
        finally:
            cleanup()
    (e_lab, e, _), (n_lab, n, _) = results.values()
    print(f"naive / explorer: p50 x{percentile(n, 50) / percentile(e, 50):.1f}, "
          f"p95 x{percentile(n, 95) / percentile(e, 95):.1f}   "
          f"(aim: explorer p95 < 150 ms)   [{time.perf_counter() - t:.0f} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
