// qda_lda_naive_bayes.js: the explorer of the lesson on QDA, LDA and naive Bayes
// (genlearn.explorers.qda_lda_naive_bayes.BoundaryExplorer).
//
// From class 1's covariance (sigma1, sigma2, rho), the data Python sends once (class 0's points
// x0, the whitened draws z1 of class 1, class 1's mean mu1) and the constants (probes, the box,
// grid size, titles, class colours and markers), each frame computes Sigma_1, the sample of
// class 1 (mu1 + z1 L^T, L the Cholesky factor of Sigma_1), the three fitted models (priors,
// means, covariances with genlearn's divisors), the log-odds x^T A x + b^T x + c of each, its
// conic, the posterior on a grid (shading), the boundary (the zero level of the log-odds, by
// marching squares) and the training accuracy, and draws the three panels.
//
// The fitted points are the `points` and `labels` traits: the learner drags, adds and removes
// them (points.js) and each frame refits the three models to them. Moving a slider draws
// class 0 and class 1 (mu1 + z1 L^T) again, replacing the learner's edits.

import {describeBoundaries} from "./describe.js";
import {explorerPage, h, paramsOf} from "./explorer.js";
import {
  backdropFrame, canvasPanel, clipTo, drawCross, hexRgb, markerSprite, outline, pixels32, shadeTable, stampPoints,
} from "./canvas.js";
import {
  cholesky2, covariance2, det2, dot2, fmt, gaussianFits, inv2, linspace, mul2, quadraticForm, sigmoid, sym2Eigen,
} from "./numerics.js";
import {byClass, handsOn, POINT_KEYS} from "./points.js";

const MODELS = ["QDA", "LDA", "naive Bayes"];

/** Name the curve x^T A x + b^T x + c = 0. Twin: qda_lda_naive_bayes.conic_type. */
function conicType(A, b, c, rtol = 1e-8) {
  const off = (A[0][1] + A[1][0]) / 2;
  const S = [[A[0][0], off], [off, A[1][1]]];
  const eig = sym2Eigen(S), lam = eig.values, V = eig.vectors;
  const nb = Math.hypot(b[0], b[1]);
  const scale = Math.max(Math.abs(lam[0]), Math.abs(lam[1]), nb, Math.abs(c), 2.2250738585072014e-308);
  const zero = lam.map((l) => Math.abs(l) <= rtol * scale);
  if (zero[0] && zero[1]) return nb <= rtol * scale ? "none" : "line";
  if (!zero[0] && !zero[1]) {
    const x = mul2(inv2(S), b), x0 = [-0.5 * x[0], -0.5 * x[1]];  // centre: the gradient vanishes
    const f0 = c + 0.5 * dot2(b, x0);                               // f = (x-x0)^T A (x-x0) + f0
    const flat = Math.abs(f0) <= rtol * scale;
    if (lam[0] * lam[1] > 0) return flat ? "point" : Math.sign(f0) === Math.sign(lam[0]) ? "none" : "ellipse";
    return flat ? "two crossing lines" : "hyperbola";
  }
  // one zero eigenvalue: quadratic along u, linear along v
  const col = (j) => [V[0][j], V[1][j]];
  const [u, v, lamU] = zero[0] ? [col(1), col(0), lam[1]] : [col(0), col(1), lam[0]];
  if (Math.abs(dot2(b, v)) > rtol * scale) return "parabola";
  const disc = dot2(b, u) ** 2 - 4 * lamU * c;
  if (Math.abs(disc) <= rtol * scale * scale) return "line";
  return disc > 0 ? "two parallel lines" : "none";
}


/**
 * Whether all three models fit these points: at least `least` points of each class, and within
 * each class a scatter that is not singular (1 - correlation^2 >= flat). The page refuses an edit
 * that breaks this. Twin: check_explorer_points.
 */
export function fitsAll(X, y, least, flat) {
  const [X0, X1] = byClass(X, y);
  if (X0.length < least || X1.length < least) return false;
  return gaussianFits(X0, X1).qda.every((S) => S[0][0] > 0 && S[1][1] > 0 && det2(S) > flat * S[0][0] * S[1][1]);
}

/** The sample of the sliders' model: class 0 (x0), then class 1 (mu1 + z1 L^T). Twin: BoundaryExplorer.sample. */
function sampleOf(p, get) {
  const L = cholesky2(covariance2(p.sigma1, p.sigma2, p.rho)), mu1 = get("mu1"), X0 = get("x0");
  const X1 = get("z1").map(([z0, z1]) => [mu1[0] + L[0][0] * z0, mu1[1] + (L[1][0] * z0 + L[1][1] * z1)]);
  return {X: [...X0, ...X1], y: [...X0.map(() => 0), ...X1.map(() => 1)]};
}

/** The readout lines. Twin: _readout_lines. */
function readoutLines(Sigma1, models, counts) {
  const S = Sigma1, v = sym2Eigen(S).values, f4 = (x) => fmt(x, 4);
  const side = (x) => (x < 1 - 1e-9 ? "below 1" : x > 1 + 1e-9 ? "above 1" : "equal to 1");
  return [
    `Σ₁ = [[${f4(S[0][0])}, ${f4(S[0][1])}], [${f4(S[1][0])}, ${f4(S[1][1])}]], Σ₀ = I`,
    `variances of Σ₁ along its axes: ${f4(v[0])} (${side(v[0])}), ${f4(v[1])} (${side(v[1])})`,
    ...MODELS.map((name) => {
      const M = models[name];
      return `${name}: eigenvalues of A ${f4(M.eigenvalues[0])}, ${f4(M.eigenvalues[1])}, ` +
             `boundary ${M.conic}; training accuracy ${f4(M.accuracy)}`;
    }),
    `training points: ${counts[0]} with y = 0, ${counts[1]} with y = 1`,
  ];
}

/** Every number of one frame, from the traits (get(name)); `state` is what the page publishes. */
export function frame(get) {
  const p = paramsOf(get), X = get("points"), y = get("labels");
  const Sigma1 = covariance2(p.sigma1, p.sigma2, p.rho);
  const [X0, X1] = byClass(X, y);
  const fits = gaussianFits(X0, X1), m = X.length;
  const models = {};
  for (const [name, Sigma] of [["QDA", fits.qda], ["LDA", [fits.lda, fits.lda]], ["naive Bayes", fits.nb]]) {
    const {A, b, c, f} = quadraticForm(fits.phi, fits.mu, Sigma);
    let right = 0;
    for (const [x, y] of X0) if (!(f(x, y) > 0)) right += 1;  // ties go to class 0, as argmax does
    for (const [x, y] of X1) if (f(x, y) > 0) right += 1;
    models[name] = {phi: fits.phi, mu: fits.mu, Sigma, A, b, c, f, eigenvalues: sym2Eigen(A).values,
                    conic: conicType(A, b, c), accuracy: right / m};
  }
  const probes = get("probes");
  const published = Object.fromEntries(MODELS.map((name) => {
    const M = models[name];
    return [name, {phi: M.phi, mu: M.mu, Sigma: M.Sigma, A: M.A, b: M.b, c: M.c, eigenvalues: M.eigenvalues,
                   conic: M.conic, accuracy: M.accuracy, posterior: probes.map(([x, y]) => sigmoid(M.f(x, y)))}];
  }));
  return {
    X0, X1, X, models,
    state: {
      Sigma1, sample: {X, y, counts: fits.counts},
      models: published,
      readouts: readoutLines(Sigma1, models, fits.counts),
      description: describeBoundaries(published),
      params: p,
    },
  };
}

/* ---------------------------------------------------------------- drawing */

/**
 * 256 colours for p(y=1|x) from 0 to 1: class 0's colour, through white at 1/2, to class 1's,
 * laid over white at 45% (the shading stays light under the points).
 */
function posteriorColors(colors) {
  const c0 = hexRgb(colors[0]), c1 = hexRgb(colors[1]);
  return linspace(0, 1, 256).map((t) => {
    const [c, w] = t < 0.5 ? [c0, (0.5 - t) * 2] : [c1, (t - 0.5) * 2];
    return c.map((v) => Math.round(255 + 0.45 * w * (v - 255)));
  });
}

/** The log-odds of model M on the grid g x g into F (a Float64Array): F[i * n + j] at x = g[j], y = g[i]. */
function logOddsGrid(M, g, F) {
  const n = g.length;
  const a = M.A[0][0], bxy = M.A[0][1] + M.A[1][0], d = M.A[1][1], b0 = M.b[0], b1 = M.b[1], c = M.c;
  for (let i = 0; i < n; i++) {
    const y = g[i], cy = d * y * y + b1 * y + c, ky = bxy * y + b0;  // f = a x^2 + (bxy y + b0) x + cy
    for (let j = 0; j < n; j++) { const x = g[j]; F[i * n + j] = (a * x + ky) * x + cy; }
  }
  return F;
}

/** The grid of m points over [lo, hi] and a Float64Array for values on it, kept between frames. */
const grids = new Map();
function gridOf(lo, hi, m) {
  const key = `${lo} ${hi} ${m}`;
  if (!grids.has(key)) grids.set(key, {g: linspace(lo, hi, m), F: new Float64Array(m * m)});
  return grids.get(key);
}

/**
 * The shading of the n x n image from the log-odds F on an m x m grid (m = (n - 1) / step + 1;
 * image row 0 at the top, y = hi): in full frames (step 1) one grid point a pixel; in a draft
 * (step 2) each value shades the pixels nearest its grid point, and a row of pixels that shows
 * the same grid row as the one above is copied.
 */
function shadeImage(pix, n, F, m, step, shade) {
  if (step === 1) {
    for (let i = 0; i < n; i++) shade.fill(pix, i * n, F, (n - 1 - i) * n, n);
    return;
  }
  const row = new Uint32Array(m);
  let shown = -1;
  for (let i = 0; i < n; i++) {
    const r = m - 1 - Math.round(i / step);
    if (r === shown) { pix.copyWithin(i * n, (i - 1) * n, i * n); continue; }
    shade.fill(row, 0, F, r * m, m);
    for (let j = 0; j < n; j++) pix[i * n + j] = row[Math.round(j / step)];
    shown = r;
  }
}

/**
 * The zero level of F (F[i * n + j] at x = g[j], y = g[i]) as polylines, by marching squares:
 * each cell's segments end on the grid edges the level crosses, and the segments that share an
 * edge are chained into one line (one path of a few lines rasterises faster than hundreds of
 * separate segments with round caps).
 */
const edgeTables = new Map();  // per grid size: crossing points and links by edge id, kept between calls

function zeroLevel(F, g) {
  const n = g.length, N = 2 * n * n;  // edge ids: 2 o (node o to o + 1), 2 o + 1 (node o to o + n)
  if (!edgeTables.has(n)) {
    edgeTables.set(n, {px: new Float64Array(N), py: new Float64Array(N), seen: new Uint8Array(N),
                       linkA: new Int32Array(N).fill(-1), linkB: new Int32Array(N).fill(-1)});
  }
  const {px, py, seen, linkA, linkB} = edgeTables.get(n), touched = [];
  // the crossing on the grid edge from node o to node o + step (step 1: along x, n: along y)
  const cross = (o, step) => {
    const id = 2 * o + (step === 1 ? 0 : 1);
    if (linkA[id] < 0) {
      const t = F[o] / (F[o] - F[o + step]), i = Math.floor(o / n), j = o % n;
      px[id] = step === 1 ? g[j] + t * (g[j + 1] - g[j]) : g[j];
      py[id] = step === 1 ? g[i] : g[i] + t * (g[i + 1] - g[i]);
      touched.push(id);
    }
    return id;
  };
  const link = (a, b) => {  // an edge is crossed by the segments of at most two cells
    if (linkA[a] < 0) linkA[a] = b; else linkB[a] = b;
    if (linkA[b] < 0) linkA[b] = a; else linkB[b] = a;
  };
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j + 1 < n; j++) {
      const o = i * n + j;
      const a = F[o], b = F[o + 1], c = F[o + n + 1], d = F[o + n];  // counter-clockwise corners
      const pa = a > 0, pb = b > 0, pc = c > 0, pd = d > 0;
      if (pa === pb && pb === pc && pc === pd) continue;
      const ids = [];
      if (pa !== pb) ids.push(cross(o, 1));          // bottom
      if (pb !== pc) ids.push(cross(o + 1, n));      // right
      if (pc !== pd) ids.push(cross(o + n, 1));      // top
      if (pd !== pa) ids.push(cross(o, n));          // left
      if (ids.length === 2) link(ids[0], ids[1]);
      else if (ids.length === 4) {  // saddle: the centre's sign decides which corners connect
        if (((a + b + c + d) / 4 > 0) === pa) { link(ids[0], ids[1]); link(ids[2], ids[3]); }
        else { link(ids[0], ids[3]); link(ids[1], ids[2]); }
      }
    }
  }
  // walk the chains: first from the ends of open lines (one link), then round the closed ones
  const lines = [];
  const walk = (start) => {
    const line = [[px[start], py[start]]];
    seen[start] = 1;
    let cur = start;
    for (;;) {
      const next = !seen[linkA[cur]] ? linkA[cur] : linkB[cur] >= 0 && !seen[linkB[cur]] ? linkB[cur] : -1;
      if (next < 0) break;
      seen[next] = 1; line.push([px[next], py[next]]); cur = next;
    }
    if (line.length > 2 && (linkA[cur] === start || linkB[cur] === start)) line.push(line[0]);  // closed
    lines.push(line);
  };
  for (const id of touched) if (!seen[id] && linkB[id] < 0) walk(id);
  for (const id of touched) if (!seen[id]) walk(id);
  for (const id of touched) { linkA[id] = -1; linkB[id] = -1; seen[id] = 0; }  // clean for the next call
  return lines;
}

/** Sprite size of the points for a plot box (px). */
const pointSize = (box) => Math.max(6.5, box.size / 45);

/**
 * One frame of a panel: the shading (image layer), the points, the boundary and the means; the
 * point chosen by the keyboard or the pointer (`selected`, or null) ringed.
 * A draft evaluates the log-odds on every other grid line (a quarter of the points; each value
 * shades a 2 x 2 block) and traces the boundary on that grid. `still` ({X0, X1, key}, or null):
 * in a draft, the points that did not move since the last frame, drawn with the axes on the
 * backdrop (again only when `key` changes), under the canvas, which gets the points that moved
 * (f.X0 and f.X1 are then those). At rest every point is on the canvas, class 1's over class 0's.
 */
function drawPanel(panel, layers, M, f, look, draft, selected, still) {
  const {ctx} = panel;
  const [lo, hi] = look.lim, n = layers.image.canvas.width;
  const sprites = (box) => [0, 1].map((k) => markerSprite(look.sprites, look.markers[k], pointSize(box), look.colors[k]));
  // on the backdrop, drawn again only after a resize or when the still points change: axes and ticks
  const {px, box} = backdropFrame(panel, layers, [lo, hi], {ticks: [-4, -2, 0, 2, 4, 6]},
                                  still && ((back, frame) => {
                                    const [s0, s1] = sprites(frame.box);
                                    clipTo(back, frame.box);
                                    stampPoints(back, still.X0, frame.px, s0);
                                    stampPoints(back, still.X1, frame.px, s1);
                                    back.restore();
                                  }), still ? still.key : "");
  ctx.clearRect(0, 0, panel.width, panel.height);
  // the log-odds on the grid: posterior shading (row 0 of the image is the top, y = hi)
  const step = draft && (n - 1) % 2 === 0 ? 2 : 1, m = (n - 1) / step + 1;
  const {g, F} = gridOf(lo, hi, m);
  logOddsGrid(M, g, F);
  shadeImage(layers.image.pixels, n, F, m, step, look.shade);
  layers.image.show();
  clipTo(ctx, box);
  // the training points, class 1's over class 0's, with the suite's colours and shapes
  const [s0, s1] = sprites(box);
  stampPoints(ctx, f.X0, px, s0);
  stampPoints(ctx, f.X1, px, s1);
  // the boundary p(y=1|x) = 1/2, i.e. log-odds 0
  ctx.beginPath();
  for (const line of zeroLevel(F, g)) {
    line.forEach((q, k) => {
      const [X, Y] = px(q);
      if (k) ctx.lineTo(X, Y);
      else ctx.moveTo(X, Y);
    });
  }
  ctx.strokeStyle = "#000000";
  ctx.lineWidth = 2.5;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.stroke();
  for (const c of M.mu) drawCross(ctx, ...px(c), 6, 2.2);  // the fitted means
  if (selected !== null && selected < f.X.length) {  // a black ring with a white edge
    const [X, Y] = px(f.X[selected]);
    for (const [w, color] of [[4, "#ffffff"], [2, "#000000"]]) {
      ctx.beginPath();
      ctx.arc(X, Y, pointSize(box) / 2 + 4, 0, 2 * Math.PI);
      ctx.strokeStyle = color;
      ctx.lineWidth = w;
      ctx.stroke();
    }
  }
  ctx.restore();
  outline(ctx, box);
  return {px, box};
}

/**
 * The points of a draft split into those that did not move since the last frame (the same
 * objects with the same labels: a slider draws class 1 again and keeps class 0's points; a
 * dragged point is the only one points.js replaces) and those that moved, by class:
 * {still: {X0, X1, key}, moved: [X0, X1]}; `key` changes when the still points do.
 * `was` is the last frame's {X, y}, and `held` the still points of the last draft (or null).
 */
function splitStill(X, y, was, held) {
  const still = [[], []], moved = [[], []];
  for (let i = 0; i < X.length; i++) {
    const k = y[i];
    (was && X[i] === was.X[i] && k === was.y[i] ? still : moved)[k].push(X[i]);
  }
  const same = (A, B) => A.length === B.length && A.every((x, i) => x === B[i]);
  const kept = held && same(still[0], held.X0) && same(still[1], held.X1);
  return {still: kept ? held : {X0: still[0], X1: still[1], key: `still ${(held?.n ?? 0) + 1}`, n: (held?.n ?? 0) + 1},
          moved};
}

/* ---------------------------------------------------------------- the widget */

/** The parameters of the sliders' model: moving one draws the sample again. */
const TRUE_MODEL = ["sigma1", "sigma2", "rho"];

function render(args) {
  const page = explorerPage(args, {
    frame, readouts: "Numbers of the three fitted models",
    watch: ["points", "labels"],
    // moving a slider draws the sample again from the sliders' model
    also(values, get) {
      if (!TRUE_MODEL.some((k) => k in values)) return {};
      const {X, y} = sampleOf({...paramsOf(get), ...values}, get);
      return {points: X, labels: y};
    },
  });
  const {model} = page;
  const titles = model.get("titles"), colors = model.get("class_colors");
  const look = {lim: model.get("lim"), colors, markers: model.get("class_markers"), sprites: new Map(),
                shade: shadeTable(pixels32(posteriorColors(colors)))};
  const panels = {}, heads = {}, layers = {}, geoms = {};
  for (const name of MODELS) {
    // the first panel's description tells the keys: it takes the focus (the keyboard edits the points)
    const keys = name === MODELS[0] ? ` ${POINT_KEYS}` : "";
    panels[name] = canvasPanel(`${titles[name]}: posterior shading, the two classes and the boundary.${keys}`,
                               1.0, 420);
    layers[name] = {back: panels[name].backdrop(), image: panels[name].image(model.get("grid_n"))};
    heads[name] = h("div", {class: "gl-heading"}, titles[name]);
    panels[name].node.prepend(heads[name]);
    panels[name].canvas.style.touchAction = "none";  // a finger drags a point instead of scrolling
    geoms[name] = {now: null};
  }
  panels[MODELS[0]].canvas.setAttribute("tabindex", "0");
  const hands = handsOn(page, MODELS.map((k) => ({canvas: panels[k].canvas, geom: geoms[k]})), {
    fits: (X, y) => fitsAll(X, y, model.get("min_per_class"), model.get("flat")),
    refused: `Not done: each class keeps at least ${model.get("min_per_class")} points, not all on one line.`,
    addAt: (k) => frame(model.get).models.QDA.mu[k],
    limits: () => model.get("lim"),
  });
  // a live region of its own (not role=status: that is the readouts'), read after each edit
  const summary = h("div", {class: "gl-summary", "aria-live": "polite", "aria-atomic": "true"}, "");
  const outlier = h("button", {type: "button", onclick: () => hands.outlier()},
                    "Outlier: move one point far away");
  const caption = h("div", {class: "gl-caption"},
    "Circles: class 0, N((0, 0), I); triangles: class 1, N((2, 1), Σ₁). Black curve: the boundary ",
    "p(y=1 | x) = ½; the shading goes from class 0's colour (class 0 likely) through white to class 1's; ",
    "crosses: the fitted means. Drag a point in any panel; the menu adds or removes points.");
  page.root.append(page.controls.node, page.out.node, h("div", {}, outlier, summary),
                   h("div", {class: "gl-figures"}, ...MODELS.map((k) => panels[k].node)), caption);
  // the points of the last frame, and the still points the backdrops hold (drafts)
  let was = null, held = null;
  return page.start((f, draft) => {
    let shown = f, still = null;
    if (draft) {
      const split = splitStill(f.X, f.state.sample.y, was, held);
      ({still} = split);
      shown = {...f, X0: split.moved[0], X1: split.moved[1]};
    }
    held = still;
    was = {X: f.X, y: f.state.sample.y};
    for (const name of MODELS) {
      geoms[name].now = drawPanel(panels[name], layers[name], f.models[name], shown, look, draft, hands.selected,
                                  still);
      // where the plot box lies on the canvas (CSS pixels): the browser tests aim at points with it
      const {x, y, size} = geoms[name].now.box, box = `${x} ${y} ${size}`;
      if (panels[name].canvas.dataset.box !== box) panels[name].canvas.dataset.box = box;
      const head = `${titles[name]} — ${f.models[name].conic}`;
      if (heads[name].textContent !== head) heads[name].textContent = head;  // a new text means a new layout
    }
    if (!draft && hands.announce !== null) {
      // the edit and what it did to the three fits, read by screen readers
      summary.textContent = `${hands.announce} ${f.state.readouts.slice(2, 5).join("; ")}.`;
      hands.announce = null;
    }
  }, MODELS.map((k) => panels[k]));
}

export default {render};
