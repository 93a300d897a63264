// gaussian_discriminant_analysis.js: the explorer of notebook 03
// (genlearn.demos.gaussian_discriminant_analysis.GDAExplorer).
//
// Joined after explorer.js (its helpers: h, slider, readouts, canvasPanel, frameScheduler,
// pageModel, fmt, linspace, sym2Eigen, ellipsePoints, markerSprite, stamp, drawPolyline, backdropFrame, pixels32,
// hexRgb, shadeTable, ...).
// Python sends the true model (phi, mu0_1, mu0_2, mu1_1, mu1_2, sigma1, sigma2, rho), the fixed
// random draws (noise: m standard-normal pairs, order: a permutation of 0..m-1) and constants
// (slider ranges, box limits, radii, grid sizes, palette). This file computes every frame: Sigma,
// the sample x = mu_y + L z, the GDA maximum-likelihood fit (phi, mu0, mu1, Sigma divided by m),
// theta and theta0 of the true and of the fitted boundary, the boundary segments in the box, the
// contour ellipses and the shading p(y=1|x), and draws them.
// Every number published in data-state has its twin in
// gaussian_discriminant_analysis.explorer_state (genlearn.GDA, boundary_from_parameters, ...).

const SLIDERS = ["phi", "mu0_1", "mu0_2", "mu1_1", "mu1_2", "sigma1", "sigma2", "rho"];
const LABELS = {
  phi: "φ = p(y = 1)", mu0_1: "μ₀ along x₁", mu0_2: "μ₀ along x₂", mu1_1: "μ₁ along x₁",
  mu1_2: "μ₁ along x₂", sigma1: "σ₁ (sd of x₁)", sigma2: "σ₂ (sd of x₂)", rho: "ρ (correlation)",
};
const DIGITS = {phi: 2, mu0_1: 1, mu0_2: 1, mu1_1: 1, mu1_2: 1, sigma1: 2, sigma2: 2, rho: 2};

/* ------------------------------------------------------------ 2x2 algebra */

/** Inverse of a symmetric positive definite 2x2 matrix. */
function inverse2(S) {
  const det = S[0][0] * S[1][1] - S[0][1] * S[1][0];
  return [[S[1][1] / det, -S[0][1] / det], [-S[1][0] / det, S[0][0] / det]];
}
const times2 = (P, v) => [P[0][0] * v[0] + P[0][1] * v[1], P[1][0] * v[0] + P[1][1] * v[1]];
const dot2 = (u, v) => u[0] * v[0] + u[1] * v[1];

/**
 * theta = Sigma^-1 (mu1 - mu0), theta0 = -1/2 mu1^T Sigma^-1 mu1 + 1/2 mu0^T Sigma^-1 mu0
 * + log(phi / (1 - phi)). Twin: boundary_from_parameters (and genlearn.GDA's theta_, theta0_).
 */
function boundary(phi, mu0, mu1, Sigma) {
  const P = inverse2(Sigma);
  const a0 = times2(P, mu0), a1 = times2(P, mu1);
  return {theta: [a1[0] - a0[0], a1[1] - a0[1]],
          theta0: -0.5 * dot2(mu1, a1) + 0.5 * dot2(mu0, a0) + Math.log(phi / (1 - phi))};
}

/** Python's round(): halves go to the even integer. */
function roundHalfEven(x) {
  const r = Math.round(x);
  return Math.abs(x - Math.trunc(x)) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * The training set: the first round(phi m) entries of `order` get y = 1, and
 * x_i = mu_{y_i} + L z_i with Sigma = L L^T (Cholesky). Twin: sample_explorer_data.
 */
function sample(phi, mu0, mu1, Sigma, noise, order) {
  const m = noise.length;
  const y = new Array(m).fill(0);
  const m1 = roundHalfEven(phi * m);
  for (let i = 0; i < m1; i++) y[order[i]] = 1;
  const l00 = Math.sqrt(Sigma[0][0]), l10 = Sigma[1][0] / l00;
  const l11 = Math.sqrt(Sigma[1][1] - l10 * l10);
  const X = noise.map(([z0, z1], i) => {
    const mu = y[i] === 1 ? mu1 : mu0;
    return [mu[0] + z0 * l00, mu[1] + (z0 * l10 + z1 * l11)];
  });
  return {X, y};
}

/**
 * The GDA maximum-likelihood fit: phi = m1 / m, mu_k = class means, Sigma = (1/m) sum of
 * (x - mu_y)(x - mu_y)^T, theta and theta0 of its log-odds, training accuracy of the rule
 * theta^T x + theta0 > 0. Twin: genlearn.GDA().fit(X, y) (phi_[1], mu_, Sigma_, theta_,
 * theta0_, score).
 */
function fitGDA(X, y) {
  const m = X.length, n = [0, 0], s = [[0, 0], [0, 0]];
  X.forEach((x, i) => { const k = y[i]; n[k] += 1; s[k][0] += x[0]; s[k][1] += x[1]; });
  const mu = [0, 1].map((k) => [s[k][0] / n[k], s[k][1] / n[k]]);
  let a = 0, b = 0, c = 0;
  X.forEach((x, i) => {
    const d0 = x[0] - mu[y[i]][0], d1 = x[1] - mu[y[i]][1];
    a += d0 * d0; b += d0 * d1; c += d1 * d1;
  });
  const Sigma = [[a / m, b / m], [b / m, c / m]];
  const phi = n[1] / m;
  const {theta, theta0} = boundary(phi, mu[0], mu[1], Sigma);
  let right = 0;
  X.forEach((x, i) => { if ((dot2(theta, x) + theta0 > 0 ? 1 : 0) === y[i]) right += 1; });
  return {phi, mu0: mu[0], mu1: mu[1], Sigma, theta, theta0, accuracy: right / m, counts: n};
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
    const dx = pts[i][0] - pts[j][0], dy = pts[i][1] - pts[j][1];
    const d = dx * dx + dy * dy;
    if (d > best) { best = d; bi = i; bj = j; }
  }
  return [[pts[bi][0], pts[bj][0]], [pts[bi][1], pts[bj][1]]];
}

/** "1.234 x1 - 0.500 x2 + 0.250 = 0". Twin: boundary_equation (digits = 3). */
function boundaryEquation(theta, theta0) {
  const terms = [...theta.map((t, j) => [t < 0 ? "-" : "+", `${Math.abs(t).toFixed(3)} x${j + 1}`]),
                 [theta0 < 0 ? "-" : "+", Math.abs(theta0).toFixed(3)]];
  let text = (terms[0][0] === "-" ? "-" : "") + terms[0][1];
  for (const [sg, t] of terms.slice(1)) text += ` ${sg} ${t}`;
  return text + " = 0";
}

const sigmoid = (t) => 1 / (1 + Math.exp(-t));

/** Everything one frame needs, from the model's traits. Twin: explorer_state (without drawing). */
function computeFrame(model) {
  const p = Object.fromEntries(SLIDERS.map((k) => [k, model.get(k)]));
  const mu0 = [p.mu0_1, p.mu0_2], mu1 = [p.mu1_1, p.mu1_2];
  const c = p.rho * p.sigma1 * p.sigma2;
  const Sigma = [[p.sigma1 * p.sigma1, c], [c, p.sigma2 * p.sigma2]];  // gaussian.covariance
  const {X, y} = sample(p.phi, mu0, mu1, Sigma, model.get("noise"), model.get("order"));
  const truth = boundary(p.phi, mu0, mu1, Sigma);
  const fit = fitGDA(X, y);
  const lim = model.get("limits");
  const eig = sym2Eigen(Sigma);
  const num = model.get("ellipse_num");
  const ellipses = [mu0, mu1].map((mu) => model.get("radii").map((r) => ellipsePoints(mu, eig, r, num)));
  return {p, mu0, mu1, Sigma, X, y, truth, fit, ellipses, lim,
          trueLine: lineInBox(truth.theta, truth.theta0, lim),
          fitLine: lineInBox(fit.theta, fit.theta0, lim)};
}

/** The readout lines. Twin: readout_lines. */
function readoutLines(f) {
  const f3 = (x) => fmt(x, 3), t = f.truth, F = f.fit, S = F.Sigma;
  const none = Math.abs(t.theta[0]) <= 1e-8 && Math.abs(t.theta[1]) <= 1e-8;  // np.allclose(theta, 0)
  return [
    `m = ${F.counts[0] + F.counts[1]}: ${F.counts[0]} with y = 0, ${F.counts[1]} with y = 1`,
    `true θ = Σ⁻¹(μ₁ − μ₀) = [${f3(t.theta[0])}, ${f3(t.theta[1])}]`,
    `true θ₀ = ${f3(t.theta0)}`,
    `true boundary: ${none ? "none: μ₀ = μ₁, so p(y=1|x) = φ everywhere" : boundaryEquation(t.theta, t.theta0)}`,
    `fitted φ = ${f3(F.phi)}, training accuracy = ${f3(F.accuracy)}`,
    `fitted μ₀ = (${f3(F.mu0[0])}, ${f3(F.mu0[1])}), μ₁ = (${f3(F.mu1[0])}, ${f3(F.mu1[1])})`,
    `fitted Σ = [[${f3(S[0][0])}, ${f3(S[0][1])}], [${f3(S[1][0])}, ${f3(S[1][1])}]]`,
    `fitted θ = [${f3(F.theta[0])}, ${f3(F.theta[1])}], θ₀ = ${f3(F.theta0)}`,
    `fitted boundary: ${boundaryEquation(F.theta, F.theta0)}`,
  ];
}

/* ---------------------------------------------------------------- drawing */

/** Shading of p(y=1|x): class 0's colour where it is 0, class 1's where it is 1, faded to white. */
function shadeColor(colors, fade = 0.72) {
  const c0 = hexRgb(colors[0]), c1 = hexRgb(colors[1]);
  return (q) => [0, 1, 2].map((i) => Math.round(fade * 255 + (1 - fade) * ((1 - q) * c0[i] + q * c1[i])));
}

function drawFrame(panel, layers, f, model, shade, sprites) {
  const {ctx, width: W, height: H} = panel;
  ctx.clearRect(0, 0, W, H);
  const lim = f.lim, n = model.get("shade_n");
  const {px, box} = backdropFrame(panel, layers, lim, {ticks: linspace(lim[0], lim[1], 7)});
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  // the true posterior p(y=1|x) on an n x n grid (image row 0 at the top, x2 = lim[1])
  const g = linspace(lim[0], lim[1], n), pix = layers.image.pixels;
  const {theta, theta0} = f.truth;
  for (let i = 0; i < n; i++) {
    const x2 = g[n - 1 - i];
    for (let j = 0; j < n; j++) pix[i * n + j] = shade(theta[0] * g[j] + theta[1] * x2 + theta0);
  }
  layers.image.show();
  ctx.save(); ctx.beginPath(); ctx.rect(box.x, box.y, box.size, box.size); ctx.clip();
  // the sample: class 0 blue circles, class 1 vermillion triangles
  const size = Math.max(5, Math.min(8, box.size / 60));
  const stamps = [0, 1].map((k) => markerSprite(sprites, markers[k], size, colors[k]));
  f.X.forEach((x, i) => { const [X, Y] = px(x); stamp(ctx, stamps[f.y[i]], X, Y); });
  // the true Gaussians: ellipses at Mahalanobis radius 1 and 2 (class 1 dashed)
  f.ellipses.forEach((rings, k) => rings.forEach((pts) =>
    drawPolyline(ctx, pts, px, colors[k], 2, k === 0 ? [] : [7, 4])));
  // both boundaries: true solid, fitted dashed
  const seg = (L) => L[0].map((x, i) => [x, L[1][i]]);
  if (f.trueLine[0].length) drawPolyline(ctx, seg(f.trueLine), px, "#000000", 3);
  drawPolyline(ctx, seg(f.fitLine), px, "#000000", 2, [3, 4]);
  // the true means: a black x with a white edge
  for (const mu of [f.mu0, f.mu1]) {
    const [X, Y] = px(mu);
    for (const [wd, col] of [[5, "#ffffff"], [2.5, "#000000"]]) {
      ctx.beginPath(); ctx.moveTo(X - 6, Y - 6); ctx.lineTo(X + 6, Y + 6);
      ctx.moveTo(X - 6, Y + 6); ctx.lineTo(X + 6, Y - 6);
      ctx.strokeStyle = col; ctx.lineWidth = wd; ctx.stroke();
    }
  }
  ctx.restore();
  ctx.strokeStyle = "#000"; ctx.lineWidth = 1; ctx.strokeRect(box.x, box.y, box.size, box.size);
  return g;
}

/** A legend in text: each entry has a small drawing of its mark and a name (read by screen readers). */
function legend(model) {
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  const item = (paint, text) => {
    const dpr = window.devicePixelRatio || 1;  // drawn at the device's pixel ratio, like the figure
    const c = h("canvas", {width: Math.round(28 * dpr), height: Math.round(14 * dpr), "aria-hidden": "true",
                           style: {width: "28px", height: "14px", display: "inline-block"}});
    const ctx = c.getContext("2d"); ctx.scale(dpr, dpr); paint(ctx);
    return h("div", {class: "gl-key"}, c, " ", text);
  };
  const line = (color, width, dash) => (ctx) => {
    ctx.setLineDash(dash); ctx.strokeStyle = color; ctx.lineWidth = width;
    ctx.beginPath(); ctx.moveTo(1, 7); ctx.lineTo(27, 7); ctx.stroke();
  };
  return h("div", {class: "gl-legend"},
    item((ctx) => drawMarker(ctx, markers[0], 14, 7, 8, colors[0], "#ffffff"), "y = 0 (sampled)"),
    item((ctx) => drawMarker(ctx, markers[1], 14, 7, 8, colors[1], "#ffffff"), "y = 1 (sampled)"),
    item(line(colors[0], 2, []), "true N(μ₀, Σ), r = 1, 2"),
    item(line(colors[1], 2, [7, 4]), "true N(μ₁, Σ), r = 1, 2"),
    item(line("#000000", 3, []), "true boundary"),
    item(line("#000000", 2, [3, 4]), "boundary of GDA fitted to the sample"),
    h("div", {class: "gl-key"}, "× true means; shading: true p(y=1|x)"));
}

const GDA_CSS = `
.genlearn-explorer .gl-side { display: flex; flex-direction: column; gap: 8px; min-width: 250px; }
.genlearn-explorer .gl-side .gl-readouts { flex-direction: column; margin: 0; }
.genlearn-explorer .gl-legend { font-size: 13px; line-height: 1.5; }
.genlearn-explorer .gl-key canvas { vertical-align: middle; }
`;

/* ---------------------------------------------------------------- the widget */

function render({model: widgetModel, el}) {
  const model = pageModel(widgetModel);
  const root = explorerRoot(el, "GDA explorer");
  root.append(h("style", {}, GDA_CSS));
  const {node: controls, sync} = traitSliders(model, SLIDERS, LABELS, DIGITS, () => request());
  const out = readouts("Numbers of the true and of the fitted model");
  const fig = canvasPanel("The sample, the true Gaussians' contour ellipses, the true posterior as " +
                          "shading, the true boundary (solid) and the fitted boundary (dashed)", 1.0, 430);
  const side = h("div", {class: "gl-side"}, out.node, legend(model));
  root.append(controls, h("div", {class: "gl-figures"}, fig.node, side));

  // the shading: 256 colours, from p(y=1|x) = 0 to 1, looked up by log-odds
  const shade = shadeTable(pixels32(linspace(0, 1, 256).map(shadeColor(model.get("class_colors")))));
  const sprites = new Map();
  const layers = {back: fig.backdrop(), image: fig.image(model.get("shade_n"))};

  const draw = () => {
    fig.fit();
    const f = computeFrame(model);
    const g = drawFrame(fig, layers, f, model, shade, sprites);
    const lines = readoutLines(f);
    out.set(lines);
    // the numbers of this frame, for the tests (twin: explorer_state)
    const idx = model.get("sample_probes"), ep = model.get("ellipse_probes");
    const px = model.get("shade_probes").map((i) => g[i]);
    const F = f.fit;
    publishState(root, {
      sample: {counts: F.counts, index: idx, X: idx.map((i) => f.X[i]), y: idx.map((i) => f.y[i])},
      true: {Sigma: f.Sigma, theta: f.truth.theta, theta0: f.truth.theta0, line: f.trueLine},
      fitted: {phi: F.phi, mu0: F.mu0, mu1: F.mu1, Sigma: F.Sigma, theta: F.theta, theta0: F.theta0,
               line: f.fitLine, accuracy: F.accuracy},
      ellipses: f.ellipses.map((rings) => rings.map((pts) => ep.map((i) => pts[i]))),
      posterior: {x: px, y: px, p: px.map((x2) => px.map((x1) =>
        sigmoid(f.truth.theta[0] * x1 + f.truth.theta[1] * x2 + f.truth.theta0)))},
      readouts: lines,
      params: Object.fromEntries([...SLIDERS, "m", "seed"].map((k) => [k, model.get(k)])),
    });
  };
  const request = frameScheduler(root, draw);
  fig.onResize = request;

  // Python changed a trait: move the sliders and redraw
  const unbind = model.bind([...SLIDERS, "noise", "order"], () => {
    sync();
    request();
  });
  request();
  return () => { unbind(); fig.disconnect?.(); };
}

export default { render };
