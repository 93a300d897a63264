// qda_lda_naive_bayes.js: the explorer of notebook 05 (genlearn.demos.qda_lda_naive_bayes.BoundaryExplorer).
//
// Joined after explorer.js (its helpers: h, slider, readouts, canvasPanel, frameScheduler,
// pageModel, fmt, sym2Eigen, linspace, markerSprite, stamp, backdropFrame, pixels32, hexRgb,
// shadeTable, ...). Python sends the slider
// values (sigma1, sigma2, rho), the data once (class 0's points x0 and the whitened draws z1 of
// class 1, class 1's mean mu1) and the constants (ranges, probes, lim, grid_n, titles, class
// colours and markers). Every frame,
// this file computes: Sigma_1, the sample of class 1 (mu1 + z1 L^T, L the Cholesky factor of
// Sigma_1), the three fitted models (priors, means, covariances with genlearn's divisors: QDA
// S_k / m_k, LDA (S_0 + S_1) / m, naive Bayes the diagonal of S_k / m_k), the log-odds
// x^T A x + b^T x + c of each, its conic, the posterior on a grid (shading), the boundary (the zero
// level of the log-odds, by marching squares) and the training accuracy, and draws them.
// Every number published in data-state has its twin in qda_lda_naive_bayes.explorer_state.

const PARAMS = ["sigma1", "sigma2", "rho"];
const LABELS = {sigma1: "σ₁ (class 1, x₁)", sigma2: "σ₂ (class 1, x₂)", rho: "ρ (class 1)"};
const MODELS = ["QDA", "LDA", "naive Bayes"];

/** A computed number as text: 12 significant digits first (rounding noise never shows). Twin: _show. */
const show = (x, digits) => fmt(Number(Number(x).toPrecision(12)), digits);

/* ---------------------------------------------------------------- 2x2 algebra */

/** gaussian.covariance(s1, s2, rho). */
function covariance2(s1, s2, rho) {
  const c = rho * s1 * s2;
  return [[s1 ** 2, c], [c, s2 ** 2]];
}

/** Lower Cholesky factor of a 2x2 positive definite matrix (numpy.linalg.cholesky). */
function cholesky2(S) {
  const l00 = Math.sqrt(S[0][0]), l10 = S[1][0] / l00;
  return [[l00, 0], [l10, Math.sqrt(S[1][1] - l10 * l10)]];
}

const det2 = (S) => S[0][0] * S[1][1] - S[0][1] * S[1][0];
const inv2 = (S) => { const d = det2(S); return [[S[1][1] / d, -S[0][1] / d], [-S[1][0] / d, S[0][0] / d]]; };
const mul2 = (S, v) => [S[0][0] * v[0] + S[0][1] * v[1], S[1][0] * v[0] + S[1][1] * v[1]];
const dot2 = (u, v) => u[0] * v[0] + u[1] * v[1];

/* ---------------------------------------------------------------- the fits */

/** Count, mean and scatter sum (x - mu)(x - mu)^T of the points of one class. */
function classStats(P) {
  const m = P.length;
  let s0 = 0, s1 = 0;
  for (const p of P) { s0 += p[0]; s1 += p[1]; }
  const mu = [s0 / m, s1 / m];
  let a = 0, b = 0, c = 0;
  for (const p of P) {
    const d0 = p[0] - mu[0], d1 = p[1] - mu[1];
    a += d0 * d0; b += d0 * d1; c += d1 * d1;
  }
  return {m, mu, S: [[a, b], [b, c]]};
}

/**
 * The log-odds log p(y=1|x)/p(y=0|x) = x^T A x + b^T x + c of a two-class Gaussian model with
 * priors phi, means mu and covariances Sigma. Twin: the estimators' quadratic_form().
 */
function quadraticForm(phi, mu, Sigma) {
  const P0 = inv2(Sigma[0]), P1 = inv2(Sigma[1]);
  const A = [0, 1].map((i) => [0, 1].map((j) => -0.5 * (P1[i][j] - P0[i][j])));
  const w1 = mul2(P1, mu[1]), w0 = mul2(P0, mu[0]);
  const b = [w1[0] - w0[0], w1[1] - w0[1]];
  const c = -0.5 * (dot2(mu[1], w1) - dot2(mu[0], w0))
            - 0.5 * (Math.log(det2(Sigma[1])) - Math.log(det2(Sigma[0]))) + Math.log(phi[1] / phi[0]);
  return {A, b, c};
}

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

/** Everything one frame computes, from the model's traits. Twin: explorer_state (without drawing). */
function computeFrame(model, X0) {
  const p = Object.fromEntries(PARAMS.map((k) => [k, model.get(k)]));
  const Sigma1 = covariance2(p.sigma1, p.sigma2, p.rho);
  const L = cholesky2(Sigma1), mu1 = model.get("mu1");
  const X1 = model.get("z1").map(([z0, z1]) => [mu1[0] + L[0][0] * z0, mu1[1] + (L[1][0] * z0 + L[1][1] * z1)]);
  const st = [classStats(X0), classStats(X1)], m = st[0].m + st[1].m;
  const phi = [st[0].m / m, st[1].m / m], mu = [st[0].mu, st[1].mu];
  const scale = (S, k) => S.map((row) => row.map((v) => v / k));
  const qda = [scale(st[0].S, st[0].m), scale(st[1].S, st[1].m)];
  const pooledS = [0, 1].map((i) => [0, 1].map((j) => st[0].S[i][j] + st[1].S[i][j]));
  const lda = scale(pooledS, m);
  const nb = qda.map((S) => [[S[0][0], 0], [0, S[1][1]]]);
  const models = {};
  for (const [name, Sigma] of [["QDA", qda], ["LDA", [lda, lda]], ["naive Bayes", nb]]) {
    const {A, b, c} = quadraticForm(phi, mu, Sigma);
    const f = (x, y) => A[0][0] * x * x + (A[0][1] + A[1][0]) * x * y + A[1][1] * y * y + b[0] * x + b[1] * y + c;
    let right = 0;
    X0.forEach(([x, y]) => { if (!(f(x, y) > 0)) right += 1; });  // ties go to class 0, as argmax does
    X1.forEach(([x, y]) => { if (f(x, y) > 0) right += 1; });
    models[name] = {phi, mu, Sigma, A, b, c, f, eigenvalues: sym2Eigen(A).values,
                    conic: conicType(A, b, c), accuracy: right / m};
  }
  return {p, Sigma1, X1, models};
}

/** The readout lines. Twin: explorer_readouts. */
function readoutLines(fr) {
  const S = fr.Sigma1, var_ = sym2Eigen(S).values;
  const side = (v) => (v < 1 - 1e-9 ? "below 1" : v > 1 + 1e-9 ? "above 1" : "equal to 1");
  return [
    `Σ₁ = [[${show(S[0][0], 4)}, ${show(S[0][1], 4)}], [${show(S[1][0], 4)}, ${show(S[1][1], 4)}]], Σ₀ = I`,
    `variances of Σ₁ along its axes: ${show(var_[0], 4)} (${side(var_[0])}), ${show(var_[1], 4)} (${side(var_[1])})`,
    ...MODELS.map((name) => {
      const M = fr.models[name];
      return `${name}: eigenvalues of A ${show(M.eigenvalues[0], 4)}, ${show(M.eigenvalues[1], 4)}, ` +
             `boundary ${M.conic}; training accuracy ${show(M.accuracy, 4)}`;
    }),
  ];
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

/** The log-odds of model M on the grid g x g: a Float64Array, F[i * n + j] at x = g[j], y = g[i]. */
function logOddsGrid(M, g) {
  const n = g.length, F = new Float64Array(n * n);
  const a = M.A[0][0], bxy = M.A[0][1] + M.A[1][0], d = M.A[1][1], b0 = M.b[0], b1 = M.b[1], c = M.c;
  for (let i = 0; i < n; i++) {
    const y = g[i], cy = d * y * y + b1 * y + c, ky = bxy * y + b0;  // f = a x^2 + (bxy y + b0) x + cy
    for (let j = 0; j < n; j++) { const x = g[j]; F[i * n + j] = (a * x + ky) * x + cy; }
  }
  return F;
}

/**
 * The zero level of F (F[i * n + j] at x = g[j], y = g[i]) as polylines, by marching squares:
 * each cell's segments end on the grid edges the level crosses, and the segments that share an
 * edge are chained into one line. (Stroked one by one with round caps, the 300-600 segments of
 * the three panels took Chromium about 2 ms a frame to rasterise.)
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

/** Stamp the points P (one class) from a sprite. */
function stampPoints(ctx, P, px, sprite) {
  for (const p of P) { const [X, Y] = px(p); stamp(ctx, sprite, X, Y); }
}

/** One frame of a panel: the shading (image layer), class 1's points, the boundary and the means. */
function drawPanel(panel, layers, M, fr, X0, model, shade, sprites) {
  const {ctx} = panel;
  const [lo, hi] = model.get("lim"), n = model.get("grid_n");
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  // on the backdrop, drawn again only after a resize: axes, ticks and class 0's fixed sample
  const {px, box} = backdropFrame(panel, layers, [lo, hi], {ticks: [-4, -2, 0, 2, 4, 6]}, (bctx, frame) => {
    bctx.save(); bctx.beginPath(); bctx.rect(frame.box.x, frame.box.y, frame.box.size, frame.box.size); bctx.clip();
    stampPoints(bctx, X0, frame.px, markerSprite(sprites, markers[0], pointSize(frame.box), colors[0]));
    bctx.restore();
  });
  ctx.clearRect(0, 0, panel.width, panel.height);
  // the log-odds on the grid: posterior shading (row 0 of the image is the top, y = hi)
  const g = linspace(lo, hi, n), F = logOddsGrid(M, g), pix = layers.image.pixels;
  for (let i = 0; i < n; i++) {
    const row = (n - 1 - i) * n;
    for (let j = 0; j < n; j++) pix[i * n + j] = shade(F[row + j]);
  }
  layers.image.show();
  ctx.save(); ctx.beginPath(); ctx.rect(box.x, box.y, box.size, box.size); ctx.clip();
  // class 1's points over class 0's (on the backdrop), with the suite's colours and shapes
  stampPoints(ctx, fr.X1, px, markerSprite(sprites, markers[1], pointSize(box), colors[1]));
  // the boundary p(y=1|x) = 1/2, i.e. log-odds 0
  ctx.beginPath();
  for (const line of zeroLevel(F, g)) {
    line.forEach((p, k) => { const [X, Y] = px(p); if (k) ctx.lineTo(X, Y); else ctx.moveTo(X, Y); });
  }
  ctx.strokeStyle = "#000000"; ctx.lineWidth = 2.5; ctx.lineCap = "round"; ctx.lineJoin = "round"; ctx.stroke();
  // the fitted means: black crosses
  for (const m of M.mu) {
    const [X, Y] = px(m);
    ctx.beginPath(); ctx.moveTo(X - 6, Y - 6); ctx.lineTo(X + 6, Y + 6); ctx.moveTo(X - 6, Y + 6); ctx.lineTo(X + 6, Y - 6);
    ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 4.5; ctx.stroke();
    ctx.strokeStyle = "#000000"; ctx.lineWidth = 2.2; ctx.stroke();
  }
  ctx.restore();
  ctx.strokeStyle = "#000"; ctx.lineWidth = 1; ctx.strokeRect(box.x, box.y, box.size, box.size);
}

/* ---------------------------------------------------------------- the widget */

function render({model: widgetModel, el}) {
  const model = pageModel(widgetModel);
  const root = explorerRoot(el, "QDA, LDA and naive Bayes boundary explorer");
  const titles = model.get("titles");
  const X0 = model.get("x0");
  const shade = shadeTable(pixels32(posteriorColors(model.get("class_colors"))));

  const {node: controls, sync} = traitSliders(model, PARAMS, LABELS, 2, () => request());
  const out = readouts("Numbers of the three fitted models");
  const panels = {}, heads = {}, layers = {};
  for (const name of MODELS) {
    panels[name] = canvasPanel(`${titles[name]}: posterior shading, the two classes and the boundary`, 1.0, 420);
    layers[name] = {back: panels[name].backdrop(), image: panels[name].image(model.get("grid_n"))};
    heads[name] = h("div", {style: {fontSize: "14px", textAlign: "center", fontWeight: "600"}}, titles[name]);
    panels[name].node.prepend(heads[name]);
  }
  const caption = h("div", {style: {fontSize: "13px", marginTop: "2px"}},
    "Circles: class 0, N((0, 0), I); triangles: class 1, N((2, 1), Σ₁). Black curve: the boundary ",
    "p(y=1 | x) = ½; the shading goes from class 0's colour (class 0 likely) through white to class 1's; ",
    "crosses: the fitted means.");
  root.append(controls, out.node, h("div", {class: "gl-figures"}, ...MODELS.map((k) => panels[k].node)), caption);

  const sprites = new Map();

  const draw = () => {
    for (const name of MODELS) panels[name].fit();
    const fr = computeFrame(model, X0);
    for (const name of MODELS) {
      drawPanel(panels[name], layers[name], fr.models[name], fr, X0, model, shade, sprites);
      const head = `${titles[name]} — ${fr.models[name].conic}`;
      if (heads[name].textContent !== head) heads[name].textContent = head;  // a new text means a new layout
    }
    const lines = readoutLines(fr);
    out.set(lines);
    // the numbers of this frame, for the tests (twin: explorer_state)
    const probes = model.get("probes");
    publishState(root, {
      Sigma1: fr.Sigma1, sample: fr.X1.slice(0, 3),
      models: Object.fromEntries(MODELS.map((name) => {
        const M = fr.models[name];
        return [name, {phi: M.phi, mu: M.mu, Sigma: M.Sigma, A: M.A, b: M.b, c: M.c,
                       eigenvalues: M.eigenvalues, conic: M.conic, accuracy: M.accuracy,
                       posterior: probes.map(([x, y]) => 1 / (1 + Math.exp(-M.f(x, y))))}];
      })),
      readouts: lines,
      params: Object.fromEntries(PARAMS.map((k) => [k, model.get(k)])),
    });
  };
  const request = frameScheduler(root, draw);
  for (const name of MODELS) panels[name].onResize = request;

  // Python changed a trait: move the sliders and redraw
  const unbind = model.bind(PARAMS, () => {
    sync();
    request();
  });
  request();
  return () => { unbind(); for (const name of MODELS) panels[name].disconnect?.(); };
}

export default { render };
