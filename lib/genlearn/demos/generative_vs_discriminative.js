// generative_vs_discriminative.js: the explorer of notebook 01
// (genlearn.demos.generative_vs_discriminative.BayesExplorer).
//
// Joined after explorer.js (its helpers: h, slider, readouts, canvasPanel, frameScheduler,
// pageModel, fmt, linspace, drawMarker, drawPolyline, ...).
// Python sends the parameters (phi, mu_dog, mu_elephant, sigma) and the constants (slider ranges,
// the weight axis, grid size, probe weight, class colours and markers); this file computes every
// frame: the weighted class densities p(x | y) p(y), their sum p(x), the posterior
// P(elephant | x) (in log space), the decision threshold and the readouts, and draws them.
// Every number published in data-state has its twin in generative_vs_discriminative.explorer_state.

const BAYES_PARAMS = ["phi", "mu_dog", "mu_elephant", "sigma"];
const BAYES_LABELS = {phi: "φ = P(elephant)", mu_dog: "μ dog (kg)", mu_elephant: "μ elephant (kg)",
                      sigma: "σ, both classes (kg)"};
const BAYES_DIGITS = {phi: 2, mu_dog: 0, mu_elephant: 0, sigma: 1};
const LOG_2PI = Math.log(2 * Math.PI);
// line styles of the suite (genlearn.demos.style): class 1 dashed, the evidence dash-dot
const DASHED = [7, 4], DASH_DOT = [8, 3, 2, 3];

/** log N(x; mu, sigma^2). Twin: genlearn.gaussian.logpdf in 1-D. */
function logNormal(x, mu, sigma) {
  const d = (x - mu) / sigma;
  return -0.5 * d * d - Math.log(sigma) - 0.5 * LOG_2PI;
}

/** log(exp(a) + exp(b)) without overflow. Twin: numpy.logaddexp. */
function logAddExp(a, b) {
  const m = Math.max(a, b);
  return m + Math.log1p(Math.exp(-Math.abs(a - b)));
}

/** p(x | dog) p(dog) and p(x | elephant) p(elephant). Twin: joint. */
function jointAt(x, p) {
  return [Math.exp(Math.log1p(-p.phi) + logNormal(x, p.mu_dog, p.sigma)) ,
          Math.exp(Math.log(p.phi) + logNormal(x, p.mu_elephant, p.sigma))];
}

/** P(elephant | x) from log-densities (finite far from both means). Twin: posterior. */
function posteriorAt(x, p) {
  const l0 = Math.log1p(-p.phi) + logNormal(x, p.mu_dog, p.sigma);
  const l1 = Math.log(p.phi) + logNormal(x, p.mu_elephant, p.sigma);
  return Math.exp(l1 - logAddExp(l0, l1));
}

/** The weight where P(elephant | x) = 1/2, or null for equal means. Twin: threshold. */
function thresholdOf(p) {
  if (p.mu_elephant === p.mu_dog) return null;
  return (p.mu_dog + p.mu_elephant) / 2
    + p.sigma * p.sigma * Math.log((1 - p.phi) / p.phi) / (p.mu_elephant - p.mu_dog);
}

/** The readout lines. Twin: readout_lines. */
function bayesReadouts(p, t, probe, pProbe) {
  let rule;
  if (t === null) {
    rule = "the means are equal, so the weight says nothing: the prior decides and every animal " +
           `is called ${p.phi > 0.5 ? "an elephant" : "a dog"}`;
  } else {
    rule = `elephant if x ${p.mu_elephant > p.mu_dog ? ">" : "<"} ${fmt(t, 1)} kg, dog otherwise`;
  }
  return [
    `P(elephant) = φ = ${fmt(p.phi, 2)}`,
    `dogs ~ N(${fmt(p.mu_dog, 0)}, ${fmt(p.sigma, 1)}²), elephants ~ N(${fmt(p.mu_elephant, 0)}, ${fmt(p.sigma, 1)}²)`,
    `decision: ${rule}`,
    `an animal of ${fmt(probe, 0)} kg: P(elephant | x) = ${fmt(pProbe, 3)}`,
  ];
}

/** Axes of one panel: x from xlim, y from [ylo, yhi], in the pixel box {x, y, w, h}. */
function panelAxes(ctx, box, xlim, ylim, {ylabel, yticks, xticks, xlabel}) {
  const X = (x) => box.x + (x - xlim[0]) / (xlim[1] - xlim[0]) * box.w;
  const Y = (y) => box.y + (ylim[1] - y) / (ylim[1] - ylim[0]) * box.h;
  boxWithYTicks(ctx, box, Y, yticks);
  ctx.textAlign = "center"; ctx.textBaseline = "top";
  for (const v of xticks) {
    ctx.beginPath(); ctx.moveTo(X(v), box.y + box.h); ctx.lineTo(X(v), box.y + box.h + 4); ctx.stroke();
    if (xlabel) ctx.fillText(String(v), X(v), box.y + box.h + 5);
  }
  if (xlabel) ctx.fillText(xlabel, box.x + box.w / 2, box.y + box.h + 21);
  ctx.save(); ctx.translate(12, box.y + box.h / 2); ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = "middle"; ctx.fillText(ylabel, 0, 0); ctx.restore();
  return (pt) => [X(pt[0]), Y(pt[1])];
}

/** A legend row: a line sample (with a marker when given) and its text, from (x, y). */
function legendItem(ctx, x, y, color, text, {dash = [], marker = null} = {}) {
  ctx.setLineDash(dash); ctx.strokeStyle = color; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + 26, y); ctx.stroke(); ctx.setLineDash([]);
  if (marker) drawMarker(ctx, marker, x + 13, y, 9, color);
  ctx.fillStyle = "#000"; ctx.textAlign = "left"; ctx.textBaseline = "middle";
  ctx.fillText(text, x + 32, y);
  return x + 32 + ctx.measureText(text).width + 18;
}

function render({model: widgetModel, el}) {
  const model = pageModel(widgetModel);
  const root = explorerRoot(el, "Bayes explorer");
  const colors = model.get("class_colors"), markers = model.get("class_markers");

  // two sliders a row (one on a narrow page): long tracks, readouts never clipped
  const {node: controls, sync} = traitSliders(
    model, BAYES_PARAMS, BAYES_LABELS, BAYES_DIGITS, () => request(),
    {gridTemplateColumns: "repeat(auto-fill, minmax(440px, 1fr))"});
  const out = readouts("Numbers of this model");
  const fig = canvasPanel("Top: the weighted class densities p(x | y) p(y) and their sum p(x); " +
                          "bottom: the posterior P(elephant | x); the dotted line is the decision threshold",
                          0.5, 380);
  root.append(controls, out.node, h("div", {class: "gl-figures"}, fig.node));

  const draw = () => {
    fig.fit();
    const {ctx, width: W, height: H} = fig;
    ctx.clearRect(0, 0, W, H);
    const p = Object.fromEntries(BAYES_PARAMS.map((k) => [k, model.get(k)]));
    const xlim = model.get("xlim"), probe = model.get("probe");
    const grid = linspace(xlim[0], xlim[1], model.get("grid_n"));
    const joints = grid.map((x) => jointAt(x, p));
    const evidence = joints.map(([a, b]) => a + b);
    const post = grid.map((x) => posteriorAt(x, p));
    const ymax = 1.1 * Math.max(...evidence);
    const t = thresholdOf(p);
    const pProbe = posteriorAt(probe, p);

    // layout: legend strip, density panel, posterior panel, x labels
    const left = 62, right = 12, legendH = 24, gap = 10, bottomH = 40;
    const ph = Math.max(40, (H - legendH - gap - bottomH - 4) / 2);
    const top = {x: left, y: legendH + 2, w: W - left - right, h: ph};
    const bot = {x: left, y: top.y + ph + gap, w: top.w, h: ph};
    const xticks = [0, 30, 60, 90, 120, 150, 180].filter((v) => v >= xlim[0] && v <= xlim[1]);
    const pxTop = panelAxes(ctx, top, xlim, [0, ymax],
      {ylabel: "density", yticks: [[0, "0"], [ymax / 1.1, fmt(ymax / 1.1, 4)]], xticks});
    const pxBot = panelAxes(ctx, bot, xlim, [-0.03, 1.03],
      {ylabel: "posterior", yticks: [[0, "0"], [0.5, "0.5"], [1, "1"]], xticks, xlabel: "weight x (kg)"});

    ctx.save(); ctx.beginPath(); ctx.rect(top.x, top.y, top.w, top.h); ctx.rect(bot.x, bot.y, bot.w, bot.h);
    ctx.clip();
    drawPolyline(ctx, [[xlim[0], 0.5], [xlim[1], 0.5]], pxBot, "#cccccc", 1);
    if (t !== null) {
      drawPolyline(ctx, [[t, 0], [t, ymax]], pxTop, "#666666", 1.5, [2, 3]);
      drawPolyline(ctx, [[t, -0.03], [t, 1.03]], pxBot, "#666666", 1.5, [2, 3]);
    }
    drawPolyline(ctx, grid.map((x, i) => [x, joints[i][0]]), pxTop, colors[0], 2);
    drawPolyline(ctx, grid.map((x, i) => [x, joints[i][1]]), pxTop, colors[1], 2, DASHED);
    drawPolyline(ctx, grid.map((x, i) => [x, evidence[i]]), pxTop, "#000000", 1.2, DASH_DOT);
    drawPolyline(ctx, grid.map((x, i) => [x, post[i]]), pxBot, colors[1], 2, DASHED);
    // class markers at each class's mean (shape tells the classes apart without colour)
    for (const [k, mu] of [[0, p.mu_dog], [1, p.mu_elephant]]) {
      const [X, Y] = pxTop([mu, jointAt(mu, p)[k]]);
      drawMarker(ctx, markers[k], X, Y, 11, colors[k]);
    }
    const [PX, PY] = pxBot([probe, pProbe]);
    drawMarker(ctx, "o", PX, PY, 8, "#000000", null);
    ctx.restore();
    ctx.fillStyle = colors[1]; ctx.font = "13px system-ui, sans-serif";
    ctx.textAlign = "left"; ctx.textBaseline = "top";
    const name = "P(elephant | x)";
    ctx.fillText(name, bot.x + 6, bot.y + 4);
    ctx.fillStyle = "#000000";
    ctx.fillText(`● the posterior at ${fmt(probe, 0)} kg`, bot.x + 18 + ctx.measureText(name).width, bot.y + 4);

    ctx.font = "13px system-ui, sans-serif";
    let lx = left;
    lx = legendItem(ctx, lx, 11, colors[0], "p(x | dog) p(dog)", {marker: markers[0]});
    lx = legendItem(ctx, lx, 11, colors[1], "p(x | elephant) p(elephant)", {marker: markers[1], dash: DASHED});
    lx = legendItem(ctx, lx, 11, "#000000", "p(x), their sum", {dash: DASH_DOT});
    legendItem(ctx, lx, 11, "#666666", "threshold", {dash: [2, 3]});

    const lines = bayesReadouts(p, t, probe, pProbe);
    out.set(lines);
    const idx = model.get("grid_probes");
    publishState(root, {
      x: idx.map((i) => grid[i]),
      joint: [idx.map((i) => joints[i][0]), idx.map((i) => joints[i][1])],
      evidence: idx.map((i) => evidence[i]),
      posterior: idx.map((i) => post[i]),
      ymax, threshold: t, probe_posterior: pProbe, readouts: lines, params: p,
    });
  };
  const request = frameScheduler(root, draw);
  fig.onResize = request;

  // Python changed a trait: move the sliders and redraw
  const unbind = model.bind(BAYES_PARAMS, () => {
    sync();
    request();
  });
  request();
  return () => { unbind(); fig.disconnect?.(); };
}

export default { render };
