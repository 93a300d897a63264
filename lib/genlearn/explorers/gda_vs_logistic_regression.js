// gda_vs_logistic_regression.js: the explorer of lesson 04, Newton's method one step at a time
// (genlearn.explorers.gda_vs_logistic_regression.NewtonExplorer).
//
// From the training points (points, labels) each frame runs Newton's method for logistic
// regression exactly as genlearn's LogisticRegression does (newtonPath: the same start, centring,
// scaled Cholesky solve, step halving and stopping rule, but no stop on separated data), fits
// GDA to the same points in closed form, and draws the boundary of iterate `step`, GDA's
// boundary, and a small curve of the log-likelihood of the iterates so far. Step, Back and
// Reset (buttons; keys N, B, R) move `step`; the learner drags, adds and removes points
// (handsOn, points.js), and every iterate follows.

import {describeNewton} from "./describe.js";
import {explorerPage, h, paramsOf} from "./explorer.js";
import {
  canvasPanel, clipTo, drawMarker, drawPolyline, keyItem, keyLine, markerSprite, outline, plotFrame, stamp, textStyle, yTicks,
} from "./canvas.js";
import {classStats, fmt, gaussianFits, quadraticForm, sigmoid} from "./numerics.js";
import {byClass, fitOK, handsOn, POINT_KEYS, ringAt} from "./points.js";

/* ------------------------------------------------------------- Newton's method */

/** log sigmoid(z) = min(z, 0) - log(1 + e^-|z|), finite for every z. Twin: genlearn._base._log_sigmoid. */
const logSigmoid = (z) => Math.min(z, 0) - Math.log1p(Math.exp(-Math.abs(z)));

/**
 * The centre genlearn shifts the features by: their mean, or 0 when every mean lies within one
 * (population) standard deviation of 0. Twin: genlearn._fast.rough_centre (fewer than 8,192 rows).
 */
function roughCentre(X) {
  const m = X.length, mean = [0, 1].map((j) => X.reduce((s, x) => s + x[j], 0) / m);
  const sd = [0, 1].map((j) => Math.sqrt(X.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / m));
  return mean.every((c, j) => Math.abs(c) <= sd[j]) ? [0, 0] : mean;
}

/** Cholesky factor L (lower) of a symmetric 3x3 matrix, or null if it is not positive definite. */
function cholesky3(M) {
  const L = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j <= i; j++) {
      let s = M[i][j];
      for (let k = 0; k < j; k++) s -= L[i][k] * L[j][k];
      if (i === j) {
        if (!(s > 0)) return null;
        L[i][i] = Math.sqrt(s);
      } else L[i][j] = s / L[j][j];
    }
  }
  return L;
}

/**
 * The Newton step: solve (-Hessian) step = gradient by Cholesky after scaling to unit diagonal;
 * null if that matrix is singular (at the first step, also if a pivot^2 is at most 1e-13).
 * Twin: genlearn.logistic._newton_step.
 */
function newtonStep(H, g, first) {
  const d = [0, 1, 2].map((i) => Math.sqrt(H[i][i]));
  if (!d.every((v) => v > 0)) return null;
  const L = cholesky3(H.map((row, i) => row.map((v, j) => v / d[i] / d[j])));
  if (L === null || (first && L.some((row, i) => row[i] * row[i] <= 1e-13))) return null;
  const b = g.map((v, i) => v / d[i]), u = [0, 0, 0], w = [0, 0, 0];
  for (let i = 0; i < 3; i++) {  // L u = b, then L^T w = u
    let s = b[i];
    for (let k = 0; k < i; k++) s -= L[i][k] * u[k];
    u[i] = s / L[i][i];
  }
  for (let i = 2; i >= 0; i--) {
    let s = u[i];
    for (let k = i + 1; k < 3; k++) s -= L[k][i] * w[k];
    w[i] = s / L[i][i];
  }
  return w.map((v, i) => v / d[i]);
}

/**
 * Newton's method for logistic regression on the points X (labels y), as genlearn fits it: in
 * coordinates x - c (c = roughCentre), from theta = 0 and theta0 = the log-odds of the classes;
 * each step solved by newtonStep and halved (up to 40 times) while it would lower the
 * log-likelihood; stop when the Newton decrement g^T step / 2 is at most tol ("converged"), the
 * Hessian is singular ("singular") or after maxSteps steps ("max_steps"). Unlike fit(), it does
 * not stop on separated data. Returns {thetas: [[theta1, theta2, theta0], ...] (the user's units,
 * iterates 0 to K), logliks, status}. Twin: newton_path (genlearn.logistic._newton).
 */
export function newtonPath(X, y, maxSteps, tol) {
  const c = roughCentre(X), Xc = X.map((x) => [x[0] - c[0], x[1] - c[1]]);
  const ybar = y.reduce((s, v) => s + v, 0) / y.length;
  const scores = (v) => Xc.map((x) => x[0] * v[0] + x[1] * v[1] + v[2]);
  const objective = (z) => z.reduce((s, zi, i) => s + logSigmoid(zi) - (1 - y[i]) * zi, 0);
  let v = [0, 0, Math.log(ybar / (1 - ybar))], z = scores(v);
  const vs = [v], path = [objective(z)];
  let status = "max_steps";
  for (let it = 1; it <= maxSteps; it++) {
    const H = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], g = [0, 0, 0];
    z.forEach((zi, i) => {
      const hi = sigmoid(zi), w = hi * (1 - hi), r = y[i] - hi, a = [Xc[i][0], Xc[i][1], 1];
      for (let p = 0; p < 3; p++) {
        g[p] += a[p] * r;
        for (let q = 0; q < 3; q++) H[p][q] += w * a[p] * a[q];
      }
    });
    let step = newtonStep(H, g, it === 1);
    if (step === null) { status = "singular"; break; }
    let decrement = 0.5 * (g[0] * step[0] + g[1] * step[1] + g[2] * step[2]);
    const last = path[path.length - 1];
    let value = last, taken = false;
    for (let halving = 0; halving < 40; halving++) {
      const next = v.map((vi, i) => vi + step[i]), zNext = scores(next);
      value = objective(zNext);
      if (value >= last - 1e-12 * Math.abs(last)) {
        v = next; z = zNext; taken = true;
        break;
      }
      step = step.map((s) => s / 2);
      decrement /= 2;
    }
    if (!taken) { value = last; decrement = 0; }
    vs.push(v);
    path.push(value);
    if (decrement <= tol) { status = "converged"; break; }
  }
  const thetas = vs.map((w) => [w[0], w[1], w[2] - (c[0] * w[0] + c[1] * w[1])]);
  return {thetas, logliks: path, status};
}

/* ------------------------------------------------------------------ the frame */

const f3 = (x) => fmt(x, 3);

/** The readout lines at step k. Twin: _newton_readouts. */
function readoutLines(counts, k, P, size, separated, gda) {
  const K = P.thetas.length - 1, t = P.thetas[k];
  let where;
  if (k < K) where = `Newton step ${k} of ${K}`;
  else if (P.status === "converged") where = `Newton step ${k}: converged (the predicted gain fell below 1e-10)`;
  else if (P.status === "singular") where = `Newton step ${k}: stopped, the Hessian is numerically singular`;
  else where = `Newton step ${k}: the explorer stops at ${K} steps`;
  return [
    `m = ${counts[0] + counts[1]}: ${counts[0]} with y = 0, ${counts[1]} with y = 1`,
    where,
    `θ = [${f3(t[0])}, ${f3(t[1])}], θ₀ = ${f3(t[2])}, |θ| = ${f3(Math.hypot(t[0], t[1]))}`,
    `log-likelihood ℓ(θ) = ${fmt(P.logliks[k], 6)}`,
    `step size |Δθ| = ${k ? f3(size) : "none yet (the start: θ = 0, θ₀ = log-odds of the classes)"}`,
    separated ? "every point is on its own side: ℓ rises towards 0 as |θ| grows, so no maximum exists"
              : "some points are on the wrong side: ℓ has a finite maximum",
    `GDA (closed form): θ = [${f3(gda.theta[0])}, ${f3(gda.theta[1])}], θ₀ = ${f3(gda.theta0)}`,
  ];
}

/** Every number of one frame, from the traits (get(name)); `state` is what the page publishes. */
export function frame(get) {
  const p = paramsOf(get), X = get("points"), y = get("labels");
  const P = newtonPath(X, y, get("max_steps"), get("tol"));
  const k = Math.min(p.step, P.thetas.length - 1), t = P.thetas[k];
  const size = [];
  for (let i = 1; i <= k; i++) {
    const a = P.thetas[i], b = P.thetas[i - 1];
    size.push(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
  }
  const separated = X.every((x, i) => (2 * y[i] - 1) * (x[0] * t[0] + x[1] * t[1] + t[2]) > 0);
  // GDA in closed form: priors, class means, one shared Sigma (divided by m), its log-odds
  const fits = gaussianFits(...byClass(X, y)), q = quadraticForm(fits.phi, fits.mu, [fits.lda, fits.lda]);
  const gda = {theta: q.b, theta0: q.c};
  return {
    X, y, P, k, gda, lim: get("limits"),
    state: {
      sample: {counts: fits.counts, X, y},
      newton: {shown: k, last: P.thetas.length - 1, status: P.status, theta: P.thetas.slice(0, k + 1),
               loglik: P.logliks.slice(0, k + 1), size, separated},
      gda,
      readouts: readoutLines(fits.counts, k, P, k ? size[k - 1] : 0, separated, gda),
      description: describeNewton(k, t, gda.theta, gda.theta0),
      params: p,
    },
  };
}

/* ---------------------------------------------------------------- drawing */

/** The line theta . x + theta0 = 0 across the plot box (clipped by the caller); none if theta = 0. */
function drawLine(ctx, px, theta, theta0, lim, color, width, dash) {
  const n = Math.hypot(theta[0], theta[1]);
  if (!(n > 1e-12)) return;
  const foot = [-theta0 * theta[0] / n / n, -theta0 * theta[1] / n / n], d = [-theta[1] / n, theta[0] / n];
  const mid = (lim[0] + lim[1]) / 2, reach = Math.hypot(foot[0] - mid, foot[1] - mid) + 2 * (lim[1] - lim[0]);
  drawPolyline(ctx, [[foot[0] - reach * d[0], foot[1] - reach * d[1]], [foot[0] + reach * d[0], foot[1] + reach * d[1]]],
               px, color, width, dash);
}

function drawPoints(panel, f, look, selected) {
  const {ctx, width: W, height: H} = panel;
  ctx.clearRect(0, 0, W, H);
  const {px, box} = plotFrame(ctx, panel, f.lim);
  clipTo(ctx, box);
  // the earlier iterates' boundaries, faint; GDA's dashed; the current iterate's solid
  for (let i = Math.max(1, f.k - 4); i < f.k; i++) {
    const t = f.P.thetas[i];
    drawLine(ctx, px, [t[0], t[1]], t[2], f.lim, "#b0b0b0", 1.25, []);
  }
  drawLine(ctx, px, f.gda.theta, f.gda.theta0, f.lim, look.gda, 2.5, [8, 5]);
  const t = f.P.thetas[f.k];
  drawLine(ctx, px, [t[0], t[1]], t[2], f.lim, "#000000", 3, []);
  const size = Math.max(5, Math.min(8, box.size / 60));
  const sprites = [0, 1].map((k) => markerSprite(look.sprites, look.markers[k], size, look.colors[k]));
  f.X.forEach((x, i) => { stamp(ctx, sprites[f.y[i]], ...px(x)); });
  if (selected !== null && selected < f.X.length) ringAt(ctx, ...px(f.X[selected]), size + 3);
  ctx.restore();
  outline(ctx, box);
  return {px, box};
}

/** The log-likelihood of iterates 0..k against k, on the scale of the whole path (0 to K). */
function drawCurve(panel, f, look) {
  const {ctx, width: W, height: H} = panel;
  ctx.clearRect(0, 0, W, H);
  const L = f.P.logliks, K = L.length - 1, top = Math.max(...L), low = L[0];
  const span = top - low || 1;
  const box = {x: 62, y: 8, w: W - 72, h: H - 40};
  const X = (i) => box.x + (K ? i / K : 0) * box.w, Y = (v) => box.y + (top - v) / span * box.h;
  ctx.strokeStyle = "#000";
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x, box.y, box.w, box.h);
  yTicks(ctx, box, Y, [[low, fmt(low, 1)], [top, fmt(top, top > -10 ? 3 : 1)]]);
  textStyle(ctx);
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(`Newton iteration k (0 to ${K})`, box.x + box.w / 2, box.y + box.h + 6);
  const pts = L.slice(0, f.k + 1).map((v, i) => [i, v]);
  drawPolyline(ctx, pts, ([i, v]) => [X(i), Y(v)], look.line, 2);
  for (const [i, v] of pts) drawMarker(ctx, "o", X(i), Y(v), 5, look.line, "#ffffff");
}

/** A legend in text, with a small drawing of each mark (read by screen readers). */
function legend(look) {
  return h("div", {class: "gl-legend"},
    keyItem((ctx) => drawMarker(ctx, look.markers[0], 14, 7, 8, look.colors[0], "#ffffff"), "y = 0"),
    keyItem((ctx) => drawMarker(ctx, look.markers[1], 14, 7, 8, look.colors[1], "#ffffff"), "y = 1"),
    keyItem(keyLine("#000000", 3, []), "logistic regression, iterate k"),
    keyItem(keyLine("#b0b0b0", 1.25, []), "the iterates before it"),
    keyItem(keyLine(look.gda, 2.5, [8, 5]), "GDA, closed form"));
}

/** The explorer's own keys (on any of its controls or its figure). */
const STEP_KEYS = {n: "step", b: "back", r: "reset"};

function render(args) {
  const page = explorerPage(args, {
    frame, readouts: "Numbers of the current Newton iterate",
    watch: ["points", "labels"],
    // choosing a data set puts its points on the page (no kernel needed)
    also(values, get) {
      if (!("data_set" in values)) return {};
      const [X, y] = get("presets")[values.data_set];
      return {points: X, labels: y};
    },
  });
  const {model} = page;
  // GDA in its colour of the suite (genlearn.demos.style.MODEL_STYLES), the iterates in black
  const look = {colors: model.get("class_colors"), markers: model.get("class_markers"), sprites: new Map(),
                gda: model.get("palette").orange, line: "#000000"};
  const fig = canvasPanel("The training points, the boundary of the current Newton iterate (solid), the " +
                          "iterates before it (grey) and GDA's closed-form boundary (dashed). " + POINT_KEYS, 1.0, 400);
  fig.canvas.setAttribute("tabindex", "0");
  fig.canvas.style.touchAction = "none";
  const curve = canvasPanel("The log-likelihood of the Newton iterates so far, against the iteration", 0.5, 150);
  const summary = h("div", {class: "gl-summary", "aria-live": "polite", "aria-atomic": "true"}, "");
  const geom = {now: null};
  const hands = handsOn(page, [{canvas: fig.canvas, geom}], {
    fits: (X, y) => fitOK(X, y, model.get("min_per_class"), model.get("flat")),
    refused: `Not done: each class keeps at least ${model.get("min_per_class")} points, not all on one line.`,
    addAt: (k) => classStats(byClass(model.get("points"), model.get("labels"))[k]).mu,  // the class's mean
    limits: () => model.get("limits"),
  });
  // Step, Back, Reset: aria-disabled (not disabled) at the ends, so the focus stays on the button
  const go = (what) => {
    const f = frame(model.get), k = f.k, K = f.P.thetas.length - 1;
    const to = {step: Math.min(k + 1, K), back: Math.max(k - 1, 0), reset: 0}[what];
    if (to !== model.get("step")) page.changed({step: to});
  };
  const button = (what, text, key) => h("button", {type: "button", "aria-keyshortcuts": key, onclick: () => {
    if (buttons[what].getAttribute("aria-disabled") !== "true") go(what);
  }}, text);
  const buttons = {step: button("step", "Step ▶", "N"), back: button("back", "◀ Back", "B"),
                   reset: button("reset", "Reset", "R")};
  const row = h("div", {class: "gl-buttons"}, buttons.step, buttons.back, buttons.reset);
  page.root.addEventListener("keydown", (e) => {
    const what = STEP_KEYS[e.key?.toLowerCase()];
    if (!what || e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    e.preventDefault();
    e.stopPropagation();
    go(what);
  });
  const side = h("div", {class: "gl-side"}, row, curve.node, page.out.node, legend(look), summary);
  page.root.append(page.controls.node, h("div", {class: "gl-figures"}, fig.node, side));
  return page.start((f, draft) => {
    geom.now = drawPoints(fig, f, look, hands.selected);
    drawCurve(curve, f, look);
    const {x, y, size} = geom.now.box, box = `${x} ${y} ${size}`;
    if (fig.canvas.dataset.box !== box) fig.canvas.dataset.box = box;  // the browser tests aim with it
    const K = f.P.thetas.length - 1;
    buttons.step.setAttribute("aria-disabled", String(f.k >= K));
    buttons.back.setAttribute("aria-disabled", String(f.k === 0));
    buttons.reset.setAttribute("aria-disabled", String(f.k === 0));
    if (!draft && hands.announce !== null) {
      summary.textContent = `${hands.announce} ${f.state.readouts[1]}; ${f.state.readouts[2]}.`;
      hands.announce = null;
    }
  }, [fig, curve]);
}

export default {render};
