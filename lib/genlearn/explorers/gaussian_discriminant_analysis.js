// gaussian_discriminant_analysis.js: the explorer of the lesson on Gaussian discriminant
// analysis (genlearn.explorers.gaussian_discriminant_analysis.GDAExplorer).
//
// From the true model (phi, mu0_1, mu0_2, mu1_1, mu1_2, sigma1, sigma2, rho), the training
// points (points, labels) and the constants (box limits, radii, grid sizes, palette), each
// frame computes Sigma, the GDA maximum-likelihood fit to the points, theta and theta0 of the
// true and of the fitted boundary, the boundary segments in the box, the true and the fitted
// contour ellipses and the shading of the true p(y=1|x), and draws them.
//
// The points are data the learner touches (handsOn, points.js): a press on the figure drags a
// point, adds one or removes one (the `pointer` menu; Shift+press removes), and the keyboard does
// the same on the focused figure. Moving a slider of the true model draws the sample again from it, from the
// fixed random draws Python sends (noise: m standard-normal pairs, order: a permutation of
// 0..m-1), so the cloud moves smoothly: x = mu_y + L z. The m slider and the New sample button
// (with its seed box) make new draws on the page, by the seeded generator of numerics.js
// (seededDraws, whose Python twin is genlearn.demos.seeded_draws), and send them to Python.

import {describeGDA} from "./describe.js";
import {explorerPage, h, paramsOf, slider, uid} from "./explorer.js";
import {
  backdropFrame, canvasPanel, clipTo, drawCross, drawMarker, drawPolyline, hexRgb, keyItem, keyLine, markerSprite,
  outline, pixels32, shadeTable, stamp,
} from "./canvas.js";
import {
  cholesky2, covariance2, dot2, ellipsePoints, fmt, gaussianFits, linspace, quadraticForm, seededDraws,
  sigmoid, sym2Eigen,
} from "./numerics.js";
import {byClass, fitOK, handsOn, POINT_KEYS, ringAt} from "./points.js";

/** Python's round(): halves go to the even integer. */
function roundHalfEven(x) {
  const r = Math.round(x);
  return Math.abs(x - Math.trunc(x)) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * The training set: the first round(phi m) entries of `order` (kept between `least` and
 * m - least) get y = 1, and x_i = mu_{y_i} + L z_i with Sigma = L L^T (Cholesky).
 * Twin: sample_explorer_data.
 */
export function sample(phi, mu, Sigma, noise, order, least) {
  const m = noise.length, y = new Array(m).fill(0);
  const m1 = Math.min(Math.max(roundHalfEven(phi * m), least), m - least);
  for (let i = 0; i < m1; i++) y[order[i]] = 1;
  const L = cholesky2(Sigma);
  const X = noise.map(([z0, z1], i) => {
    const c = mu[y[i]];
    return [c[0] + z0 * L[0][0], c[1] + (z0 * L[1][0] + z1 * L[1][1])];
  });
  return {X, y};
}

/** The sample of the true model with parameters p (by name). */
function sampleOf(p, get) {
  const mu = [[p.mu0_1, p.mu0_2], [p.mu1_1, p.mu1_2]], Sigma = covariance2(p.sigma1, p.sigma2, p.rho);
  return sample(p.phi, mu, Sigma, get("noise"), get("order"), get("min_per_class"));
}

/** The linear log-odds theta^T x + theta0 of GDA (one shared Sigma). Twin: boundary_from_parameters. */
function boundary(phi, mu, Sigma) {
  const q = quadraticForm(phi, mu, [Sigma, Sigma]);
  return {theta: q.b, theta0: q.c};
}

/**
 * The segment of theta[0] x1 + theta[1] x2 + theta0 = 0 inside the box lim x lim, as
 * [[x1a, x1b], [x2a, x2b]], or [[], []] when the line misses the box or theta = 0.
 * Twin: line_in_box (same tolerances, same choice of the two ends).
 */
function lineInBox(theta, theta0, lim) {
  const [a, b] = theta, [lo, hi] = lim;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  if (scale < 1e-12) return [[], []];
  const pts = [];
  const inside = (v) => lo - 1e-9 <= v && v <= hi + 1e-9;
  if (Math.abs(b) > 1e-12 * scale) for (const x of [lo, hi]) {
    const yy = -(a * x + theta0) / b;
    if (inside(yy)) pts.push([x, yy]);
  }
  if (Math.abs(a) > 1e-12 * scale) for (const yy of [lo, hi]) {
    const x = -(b * yy + theta0) / a;
    if (inside(x)) pts.push([x, yy]);
  }
  if (pts.length < 2) return [[], []];
  let best = -1, bi = 0, bj = 0;  // the two crossings farthest apart (numpy's argmax: the first)
  for (let i = 0; i < pts.length; i++) for (let j = 0; j < pts.length; j++) {
    const d = (pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2;
    if (d > best) { best = d; bi = i; bj = j; }
  }
  return [[pts[bi][0], pts[bj][0]], [pts[bi][1], pts[bj][1]]];
}

/** "1.234 x1 - 0.500 x2 + 0.250 = 0". Twin: boundary_equation (digits = 3). */
function boundaryEquation(theta, theta0) {
  const terms = [...theta.map((t, j) => [t < 0 ? "-" : "+", `${fmt(Math.abs(t), 3)} x${j + 1}`]),
                 [theta0 < 0 ? "-" : "+", fmt(Math.abs(theta0), 3)]];
  let text = (terms[0][0] === "-" ? "-" : "") + terms[0][1];
  for (const [sg, t] of terms.slice(1)) text += ` ${sg} ${t}`;
  return `${text} = 0`;
}

/** How the sample was drawn (the `draws` trait), as the readouts say it. Twin: DRAWS. */
const DRAWS = {numpy: "numpy's default_rng (the lesson's sample)", mulberry32: "the page's generator (mulberry32)"};

/**
 * How far the fit F is from the true model: distances of the means, the Frobenius norm of
 * Sigma_hat - Sigma and the angle between the fitted and the true theta in degrees (atan2 of
 * |cross| and dot; null with no true boundary). Twin: fit_error.
 */
function fitError(F, mu, Sigma, truth, none) {
  const t = F.theta, u = truth.theta;
  let sq = 0;
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) sq += (F.Sigma[i][j] - Sigma[i][j]) ** 2;
  return {
    mu0: Math.hypot(F.mu0[0] - mu[0][0], F.mu0[1] - mu[0][1]), mu1: Math.hypot(F.mu1[0] - mu[1][0], F.mu1[1] - mu[1][1]),
    Sigma: Math.sqrt(sq),
    angle: none ? null : Math.atan2(Math.abs(t[0] * u[1] - t[1] * u[0]), t[0] * u[0] + t[1] * u[1]) * 180 / Math.PI,
  };
}

/** The readout lines. Twin: _readout_lines. */
function readoutLines(truth, F, E, draws, seed) {
  const f3 = (x) => fmt(x, 3), S = F.Sigma;
  const none = Math.abs(truth.theta[0]) <= 1e-8 && Math.abs(truth.theta[1]) <= 1e-8;  // np.allclose(theta, 0)
  return [
    `m = ${F.counts[0] + F.counts[1]}: ${F.counts[0]} with y = 0, ${F.counts[1]} with y = 1`,
    `true θ = Σ⁻¹(μ₁ − μ₀) = [${f3(truth.theta[0])}, ${f3(truth.theta[1])}]`,
    `true θ₀ = ${f3(truth.theta0)}`,
    `true boundary: ${none ? "none: μ₀ = μ₁, so p(y=1|x) = φ everywhere" : boundaryEquation(truth.theta, truth.theta0)}`,
    `fitted φ = ${f3(F.phi)}, training accuracy = ${f3(F.accuracy)}`,
    `fitted μ₀ = (${f3(F.mu0[0])}, ${f3(F.mu0[1])}), μ₁ = (${f3(F.mu1[0])}, ${f3(F.mu1[1])})`,
    `fitted Σ = [[${f3(S[0][0])}, ${f3(S[0][1])}], [${f3(S[1][0])}, ${f3(S[1][1])}]]`,
    `fitted θ = [${f3(F.theta[0])}, ${f3(F.theta[1])}], θ₀ = ${f3(F.theta0)}`,
    `fitted boundary: ${boundaryEquation(F.theta, F.theta0)}`,
    `fitted − true: θ by [${f3(F.theta[0] - truth.theta[0])}, ${f3(F.theta[1] - truth.theta[1])}], ` +
      `θ₀ by ${f3(F.theta0 - truth.theta0)}`,
    `fitted − true: |μ̂₀ − μ₀| = ${f3(E.mu0)}, |μ̂₁ − μ₁| = ${f3(E.mu1)}, ‖Σ̂ − Σ‖ = ${f3(E.Sigma)}, ` +
      `boundaries' angle ${E.angle === null ? "none (no true boundary)" : `${fmt(E.angle, 2)}°`}`,
    `sample drawn with seed ${seed} by ${DRAWS[draws]}`,
  ];
}

/** Every number of one frame, from the traits (get(name)); `state` is what the page publishes. */
export function frame(get) {
  const p = paramsOf(get), lim = get("limits");
  const mu = [[p.mu0_1, p.mu0_2], [p.mu1_1, p.mu1_2]], Sigma = covariance2(p.sigma1, p.sigma2, p.rho);
  const X = get("points"), y = get("labels");
  const truth = boundary([1 - p.phi, p.phi], mu, Sigma);
  // the GDA fit: priors, class means, one shared Sigma (divided by m), its boundary and accuracy
  const fits = gaussianFits(...byClass(X, y));
  const fitted = boundary(fits.phi, fits.mu, fits.lda);
  let right = 0;
  X.forEach((x, i) => { if ((dot2(fitted.theta, x) + fitted.theta0 > 0 ? 1 : 0) === y[i]) right += 1; });
  const F = {counts: fits.counts, phi: fits.phi[1], mu0: fits.mu[0], mu1: fits.mu[1], Sigma: fits.lda,
             ...fitted, accuracy: right / X.length};
  const none = Math.abs(truth.theta[0]) <= 1e-8 && Math.abs(truth.theta[1]) <= 1e-8;  // np.allclose(theta, 0)
  const E = fitError(F, mu, Sigma, truth, none);
  const num = get("ellipse_num");
  const rings = (centres, S) => {
    const eig = sym2Eigen(S);
    return centres.map((c) => get("radii").map((r) => ellipsePoints(c, eig, r, num)));
  };
  const ellipses = rings(mu, Sigma), fitEllipses = rings(fits.mu, F.Sigma);
  const trueLine = lineInBox(truth.theta, truth.theta0, lim), fitLine = lineInBox(F.theta, F.theta0, lim);
  const ep = get("ellipse_probes"), probed = (E) => E.map((rs) => rs.map((pts) => ep.map((i) => pts[i])));
  const g = linspace(lim[0], lim[1], get("shade_n")), gp = get("shade_probes").map((i) => g[i]);
  return {
    mu, X, y, truth, ellipses, fitEllipses, fitMu: fits.mu, trueLine, fitLine, lim,
    state: {
      sample: {counts: F.counts, X, y, draws: get("draws")},
      true: {Sigma, theta: truth.theta, theta0: truth.theta0, line: trueLine},
      fitted: {phi: F.phi, mu0: F.mu0, mu1: F.mu1, Sigma: F.Sigma, theta: F.theta, theta0: F.theta0,
               line: fitLine, accuracy: F.accuracy, ellipses: probed(fitEllipses), error: E},
      ellipses: probed(ellipses),
      posterior: {x: gp, y: gp, p: gp.map((x2) => gp.map((x1) => sigmoid(dot2(truth.theta, [x1, x2]) + truth.theta0)))},
      readouts: readoutLines(truth, F, E, get("draws"), p.seed),
      description: describeGDA(truth.theta, truth.theta0, F.theta, F.theta0),
      params: p,
    },
  };
}

/* ---------------------------------------------------------------- drawing */

/** Shading of p(y=1|x): class 0's colour where it is 0, class 1's where it is 1, faded to white. */
function shadeColors(colors, fade = 0.72) {
  const c0 = hexRgb(colors[0]), c1 = hexRgb(colors[1]);
  return linspace(0, 1, 256).map((q) => [0, 1, 2].map((i) => Math.round(fade * 255 + (1 - fade) * ((1 - q) * c0[i] + q * c1[i]))));
}

/**
 * The training points, stamped on `top` (the panel's canvas) or, while a point is dragged (a draft
 * with a `moving` point), on their own layer under it (`layer`), drawn once with every other point
 * and again only when one of those changed: the other points are the same objects from frame to
 * frame (points.js replaces only the one moved), and `top` gets the moving point. At rest the layer
 * is empty and the picture is one canvas, as it was.
 */
function drawPoints(layer, top, f, px, box, sprites, moving) {
  const {X, y} = f, skip = moving !== null && moving < X.length ? moving : -1;
  const each = (ctx, except) => X.forEach((x, i) => {
    if (i === except) return;
    const [a, b] = px(x);
    stamp(ctx, sprites[y[i]], a, b);
  });
  if (skip < 0) {
    if (layer.key !== "empty") {
      layer.ctx.clearRect(0, 0, layer.canvas.width, layer.canvas.height);
      layer.key = "empty";
    }
    each(top, -1);
    return;
  }
  // layer.key: what the layer holds (the panel forgets it when it resizes or the theme changes)
  const key = `${box.x} ${box.y} ${box.size} ${layer.canvas.width} ${sprites[0].width} ${skip}`, was = layer.drawn;
  const same = layer.key === key && was.X.length === X.length &&
    X.every((x, i) => i === skip || (x === was.X[i] && y[i] === was.y[i]));
  if (!same) {
    const {ctx} = layer;
    ctx.clearRect(0, 0, layer.canvas.width, layer.canvas.height);
    clipTo(ctx, box);
    each(ctx, skip);
    ctx.restore();
    layer.drawn = {X, y};
    layer.key = key;
  }
  stamp(top, sprites[y[skip]], ...px(X[skip]));
}

function draw(panel, layers, f, look, selected, trail, moving) {
  const {ctx, width: W, height: H} = panel;
  ctx.clearRect(0, 0, W, H);
  const {px, box} = backdropFrame(panel, layers, f.lim, {ticks: linspace(f.lim[0], f.lim[1], 7)});
  // the true posterior p(y=1|x) on the image's grid (row 0 at the top, x2 = lim[1]), computed again
  // only when the true boundary changed (a point dragged, or a new sample, leaves it)
  const n = layers.image.canvas.width, {theta, theta0} = f.truth, shadeKey = `${theta} ${theta0} ${f.lim}`;
  if (layers.image.key !== shadeKey) {
    const g = linspace(f.lim[0], f.lim[1], n), pix = layers.image.pixels;
    for (let i = 0; i < n; i++) {
      const x2 = g[n - 1 - i];
      for (let j = 0; j < n; j++) pix[i * n + j] = look.shade(theta[0] * g[j] + theta[1] * x2 + theta0);
    }
    layers.image.show();
    layers.image.key = shadeKey;
  }
  clipTo(ctx, box);
  // the training points in the classes' colours and shapes
  const size = Math.max(5, Math.min(8, box.size / 60));
  const sprites = [0, 1].map((k) => markerSprite(look.sprites, look.markers[k], size, look.colors[k]));
  drawPoints(layers.points, ctx, f, px, box, sprites, moving);
  // the true Gaussians: ellipses at Mahalanobis radius 1 and 2 (class 1 dashed); the fitted
  // ones thin and dotted
  f.ellipses.forEach((rings, k) => {
    for (const pts of rings) drawPolyline(ctx, pts, px, look.colors[k], 2, k === 0 ? [] : [7, 4]);
  });
  f.fitEllipses.forEach((rings, k) => {
    for (const pts of rings) drawPolyline(ctx, pts, px, look.colors[k], 1.25, [2, 3]);
  });
  // both boundaries: true solid, fitted dashed; the fitted boundaries of the last samples faint
  const seg = (L) => L[0].map((x, i) => [x, L[1][i]]);
  for (const L of trail) drawPolyline(ctx, seg(L), px, "rgba(0, 0, 0, 0.28)", 1.5);
  if (f.trueLine[0].length) drawPolyline(ctx, seg(f.trueLine), px, "#000000", 3);
  drawPolyline(ctx, seg(f.fitLine), px, "#000000", 2, [3, 4]);
  for (const c of f.mu) drawCross(ctx, ...px(c), 6, 2.5);  // the true means
  // the point chosen by the keyboard or the pointer: a black ring with a white edge
  if (selected !== null && selected < f.X.length) ringAt(ctx, ...px(f.X[selected]), size + 3);
  ctx.restore();
  outline(ctx, box);
  return {px, box};
}

/** A legend in text: each entry has a small drawing of its mark and a name (read by screen readers). */
function legend(colors, markers) {
  return h("div", {class: "gl-legend"},
    keyItem((ctx) => drawMarker(ctx, markers[0], 14, 7, 8, colors[0], "#ffffff"), "y = 0 (training point)"),
    keyItem((ctx) => drawMarker(ctx, markers[1], 14, 7, 8, colors[1], "#ffffff"), "y = 1 (training point)"),
    keyItem(keyLine(colors[0], 2, []), "true N(μ₀, Σ), r = 1, 2"),
    keyItem(keyLine(colors[1], 2, [7, 4]), "true N(μ₁, Σ), r = 1, 2"),
    keyItem(keyLine(colors[0], 1.25, [2, 3]), "fitted N(μ₀, Σ), N(μ₁, Σ)"),
    keyItem(keyLine("#000000", 3, []), "true boundary"),
    keyItem(keyLine("#000000", 2, [3, 4]), "boundary of GDA fitted to the points"),
    keyItem(keyLine("rgba(0, 0, 0, 0.28)", 1.5, []), `fitted boundaries of the last ${TRAIL} samples`),
    h("div", {class: "gl-key"}, "× true means; shading: true p(y=1|x)"));
}

/* ------------------------------------------------------------- the points */

/** The parameters of the true model: moving one draws the sample again. */
const TRUE_MODEL = ["phi", "mu0_1", "mu0_2", "mu1_1", "mu1_2", "sigma1", "sigma2", "rho"];

/** How many earlier samples' fitted boundaries the figure keeps, faint. */
const TRAIL = 5;

/** The largest seed (seeds are 32-bit whole numbers). Twin: seeded_draws.SEED_MAX. */
const SEED_MAX = 4294967295;

/**
 * The sample's own controls: an m slider, a seed box and a New sample button (seed + 1). Each
 * draws a new sample on the page with seededDraws(m, seed) and sends the draws and the points
 * to Python (draws: "mulberry32"), whose twin GDAExplorer.new_sample computes the same.
 * The fitted boundary of each sample replaced goes to `trail` (the last TRAIL are drawn faint).
 * Returns {nodes, sync()}: the controls, and sync() to show the model's m and seed.
 */
function sampleControls(page, hands, trail) {
  const {model} = page;
  const redraw = (m, seed) => {
    // the boundary fitted to the sample being replaced (the last frame's) joins the faint trail
    const was = hands.fitLine ?? frame(model.get).fitLine;
    if (was[0].length) trail.push(was);
    if (trail.length > TRAIL) trail.shift();
    const {noise, order} = seededDraws(m, seed), own = {noise, order};
    const {X, y} = sampleOf(paramsOf(model.get), (name) => (name in own ? own[name] : model.get(name)));
    hands.selected = null;
    hands.grabbed = false;
    hands.announce = `New sample: m = ${m}, seed ${seed}.`;
    page.changed({m, seed, draws: "mulberry32", noise, order, points: X, labels: y});
  };
  const spec = model.get("parameters").find((c) => c.name === "m");
  const mSlider = slider({label: spec.label, min: spec.min, max: spec.max, step: 10, value: model.get("m"),
                          format: (v) => String(v), onInput: (v) => redraw(v, model.get("seed"))});
  const id = uid();
  const seedBox = h("input", {type: "number", id, min: 0, max: SEED_MAX, step: 1, inputmode: "numeric"});
  seedBox.value = String(model.get("seed"));
  // a typed seed takes effect on Enter or when the box loses the focus (a change), once
  const commit = () => {
    const v = Number(seedBox.value);
    if (seedBox.value.trim() !== "" && Number.isInteger(v) && v >= 0 && v <= SEED_MAX) {
      if (v !== model.get("seed") || model.get("draws") !== "mulberry32") redraw(model.get("m"), v);
    } else {
      hands.announce = `Not done: the seed is a whole number from 0 to ${SEED_MAX}.`;
      seedBox.value = String(model.get("seed"));
      page.request();
    }
  };
  seedBox.addEventListener("change", commit);
  seedBox.addEventListener("keydown", (e) => { if (e.key === "Enter") commit(); });
  const next = h("button", {type: "button", onclick: () => {
    const seed = model.get("seed") >= SEED_MAX ? 0 : model.get("seed") + 1;
    seedBox.value = String(seed);
    redraw(model.get("m"), seed);
  }}, "New sample");
  // one cell of the controls' grid, as a slider's: the label, the seed box and the button after it
  const seedNode = h("div", {class: "gl-control", style: "grid-template-columns: max-content minmax(4em, 1fr) max-content"},
                     h("label", {for: id}, "seed"), seedBox, next);
  return {
    nodes: [mSlider.node, seedNode],
    sync() {
      if (Number(mSlider.input.value) !== model.get("m")) mSlider.set(model.get("m"));
      if (document.activeElement !== seedBox && seedBox.value !== String(model.get("seed"))) {
        seedBox.value = String(model.get("seed"));
      }
    },
  };
}

function render(args) {
  const page = explorerPage(args, {
    frame, readouts: "Numbers of the true and of the fitted model",
    watch: ["draws", "noise", "order", "points", "labels"],
    // moving the true model draws the sample again from it (the same fixed draws)
    also(values, get) {
      if (!TRUE_MODEL.some((k) => k in values)) return {};
      const {X, y} = sampleOf({...paramsOf(get), ...values}, get);
      return {points: X, labels: y};
    },
  });
  const {model} = page;
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  const fig = canvasPanel("The training points, the true Gaussians' contour ellipses (and the fitted " +
                          "ones, dotted), the true posterior as shading, the true boundary (solid) and " +
                          `the fitted boundary (dashed). ${POINT_KEYS}`, 1.0, 400);
  // the figure takes the focus (the keyboard edits the points) and touch drags the points
  fig.canvas.setAttribute("tabindex", "0");
  fig.canvas.style.touchAction = "none";
  // a live region of its own (not role=status: that is the readouts'), read after each edit
  const summary = h("div", {class: "gl-summary", "aria-live": "polite", "aria-atomic": "true"}, "");
  const geom = {now: null};
  const hands = handsOn(page, [{canvas: fig.canvas, geom}], {
    fits: (X, y) => fitOK(X, y, model.get("min_per_class"), model.get("flat")),
    refused: `Not done: each class keeps at least ${model.get("min_per_class")} points, not all on one line.`,
    addAt: (k) => frame(page.model.get).state.fitted[k === 0 ? "mu0" : "mu1"],
    limits: () => model.get("limits"),
  });
  const outlier = h("button", {type: "button", onclick: () => hands.outlier()},
                    "Outlier: move one point far away");
  const trail = [];
  const draws = sampleControls(page, hands, trail);
  page.controls.node.append(...draws.nodes);
  const side = h("div", {class: "gl-side"}, page.out.node, legend(colors, markers), outlier, summary);
  page.root.append(page.controls.node, h("div", {class: "gl-figures"}, fig.node, side));
  // the shading: 256 colours, from p(y=1|x) = 0 to 1, looked up by log-odds
  const look = {colors, markers, sprites: new Map(), shade: shadeTable(pixels32(shadeColors(colors)))};
  const layers = {back: fig.backdrop(), image: fig.image(model.get("shade_n"))};
  layers.points = fig.backdrop();
  return page.start((f, draft) => {
    // a draft with a chosen point: the point is being moved (a drag, or the keyboard)
    geom.now = draw(fig, layers, f, look, hands.selected, trail, draft ? hands.selected : null);
    hands.fitLine = f.fitLine;
    draws.sync();
    // where the plot box lies on the canvas (CSS pixels): the browser tests aim at points with it
    const {x, y, size} = geom.now.box, box = `${x} ${y} ${size}`;
    if (fig.canvas.dataset.box !== box) fig.canvas.dataset.box = box;
    if (!draft && hands.announce !== null) {
      // the edit and what it did to the fit, read by screen readers
      summary.textContent = `${hands.announce} ${f.state.readouts[5]}; ${f.state.readouts[7]}.`;
      hands.announce = null;
    }
  }, [fig]);
}

export default {render};
