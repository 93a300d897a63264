// generative_vs_discriminative.js: the explorer of the lesson on generative and discriminative
// learning (genlearn.explorers.generative_vs_discriminative.BayesExplorer).
//
// From the parameters (phi, mu_dog, mu_elephant, sigma) and the constants Python sends (the
// weight axis, grid size, probe weight) each frame computes the weighted class densities
// p(x | y) p(y), their sum p(x), the posterior P(elephant | x) (in log space), the decision
// threshold and the readouts, and draws them in two panels.

import {explorerPage, h, paramsOf} from "./explorer.js";
import {
  boxWithYTicks, canvasPanel, drawMarker, drawPolyline, ink, onBackdrop, textStyle, yLabel, yTicks,
} from "./canvas.js";
import {describeBayes} from "./describe.js";
import {fmt, linspace, logAddExp} from "./numerics.js";

const LOG_2PI = Math.log(2 * Math.PI);
// line styles of the suite (genlearn.demos.style): class 1 dashed, the evidence dash-dot
const DASHED = [7, 4], DASH_DOT = [8, 3, 2, 3], DOTTED = [2, 3];

/** log N(x; mu, sigma^2). Twin: genlearn.gaussian.logpdf in 1-D. */
function logNormal(x, mu, sigma) {
  const d = (x - mu) / sigma;
  return -0.5 * d * d - Math.log(sigma) - 0.5 * LOG_2PI;
}

/** log p(x | y) p(y) for y = dog and y = elephant. */
function logJoints(x, p) {
  return [Math.log1p(-p.phi) + logNormal(x, p.mu_dog, p.sigma), Math.log(p.phi) + logNormal(x, p.mu_elephant, p.sigma)];
}

/** p(x | dog) p(dog) and p(x | elephant) p(elephant). Twin: joint. */
const jointAt = (x, p) => logJoints(x, p).map(Math.exp);

/** P(elephant | x) from the log joints (finite far from both means). Twin: posterior. */
function posteriorAt(x, p) {
  const [l0, l1] = logJoints(x, p);
  return Math.exp(l1 - logAddExp(l0, l1));
}

/** The weight where P(elephant | x) = 1/2, or null for equal means. Twin: threshold. */
function thresholdOf(p) {
  if (p.mu_elephant === p.mu_dog) return null;
  return (p.mu_dog + p.mu_elephant) / 2 + p.sigma * p.sigma * Math.log((1 - p.phi) / p.phi) / (p.mu_elephant - p.mu_dog);
}

/** The readout lines. Twin: readout_lines. */
function readoutLines(p, t, probe, pProbe) {
  const rule = t === null
    ? "the means are equal, so the weight says nothing: the prior decides and every animal " +
      `is called ${p.phi > 0.5 ? "an elephant" : "a dog"}`
    : `elephant if x ${p.mu_elephant > p.mu_dog ? ">" : "<"} ${fmt(t, 1)} kg, dog otherwise`;
  const s = fmt(p.sigma, 1);
  return [
    `P(elephant) = φ = ${fmt(p.phi, 2)}`,
    `dogs ~ N(${fmt(p.mu_dog, 0)}, ${s}²), elephants ~ N(${fmt(p.mu_elephant, 0)}, ${s}²)`,
    `decision: ${rule}`,
    `an animal of ${fmt(probe, 0)} kg: P(elephant | x) = ${fmt(pProbe, 3)}`,
  ];
}

/** Every number of one frame, from the traits (get(name)); `state` is what the page publishes. */
export function frame(get) {
  const p = paramsOf(get), xlim = get("xlim"), probe = get("probe");
  const grid = linspace(xlim[0], xlim[1], get("grid_n"));
  const joints = grid.map((x) => jointAt(x, p));
  const evidence = joints.map(([a, b]) => a + b);
  const post = grid.map((x) => posteriorAt(x, p));
  const ymax = 1.1 * Math.max(...evidence);
  const t = thresholdOf(p), pProbe = posteriorAt(probe, p), idx = get("grid_probes");
  return {
    p, grid, joints, evidence, post, ymax, t, probe, pProbe,
    state: {
      x: idx.map((i) => grid[i]),
      joint: [idx.map((i) => joints[i][0]), idx.map((i) => joints[i][1])],
      evidence: idx.map((i) => evidence[i]),
      posterior: idx.map((i) => post[i]),
      ymax, threshold: t, probe_posterior: pProbe, readouts: readoutLines(p, t, probe, pProbe),
      description: describeBayes(p, t, xlim), params: p,
    },
  };
}

/* ----------------------------------------------------------------- drawing */

/** Below this width (CSS px) the figure is taller, for its legend's rows and readable panels (a phone). */
const NARROW = 560;

/** The figure's height at width W. */
const heightAt = (W) => (W < NARROW ? 460 : Math.min(380, 0.5 * W));

/**
 * The pixel boxes of the two panels in a W x H figure, under `legendRows` rows of legend:
 * densities on top, posterior below.
 */
function layout(W, H, legendRows = 1) {
  const left = 66, right = 12, legendH = 6 + 18 * legendRows, gap = 10, bottomH = 40;
  const ph = Math.max(40, (H - legendH - gap - bottomH - 4) / 2);
  const top = {x: left, y: legendH + 2, w: W - left - right, h: ph};
  return {left, top, bot: {x: left, y: top.y + ph + gap, w: top.w, h: ph}};
}

/** Maps data to pixels in the box {x, y, w, h}: x over xlim, y over ylim. */
function mapping(box, xlim, ylim) {
  return ([x, y]) => [box.x + (x - xlim[0]) / (xlim[1] - xlim[0]) * box.w,
                      box.y + (ylim[1] - y) / (ylim[1] - ylim[0]) * box.h];
}

/** Axes of one panel: the box, y ticks ([value, text]), x ticks (labelled when xlabel), the names. */
function panelAxes(ctx, box, px, {ylabel, yticks, xticks, xlabel}) {
  boxWithYTicks(ctx, box, (y) => px([0, y])[1], yticks);
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  for (const v of xticks) {
    const [X] = px([v, 0]);
    ctx.beginPath(); ctx.moveTo(X, box.y + box.h); ctx.lineTo(X, box.y + box.h + 4); ctx.stroke();
    if (xlabel) ctx.fillText(String(v), X, box.y + box.h + 5);
  }
  if (xlabel) ctx.fillText(xlabel, box.x + box.w / 2, box.y + box.h + 21);
  yLabel(ctx, ylabel, 12, box.y, box.y + box.h);
}

/** A legend row: a line sample (with a marker when given) and its text, from (x, y). */
function legendItem(ctx, x, y, color, text, {dash = [], marker = null} = {}) {
  drawPolyline(ctx, [[x, y], [x + 26, y]], (q) => q, color, 2, dash);
  if (marker) drawMarker(ctx, marker, x + 13, y, 9, color);
  ctx.fillStyle = ink(ctx.canvas);
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + 32, y);
  return x + 32 + ctx.measureText(text).width + 18;
}

/**
 * What does not move (the legend, the posterior panel's axes, the density panel's box, ticks
 * and name, the line at 1/2): drawn on the backdrop, again only after a resize.
 */
function drawBackdrop(ctx, W, L, xlim, probe, colors, markers) {
  const {top, bot} = L;
  const xticks = [0, 30, 60, 90, 120, 150, 180].filter((v) => v >= xlim[0] && v <= xlim[1]);
  const pxBot = mapping(bot, xlim, [-0.03, 1.03]);
  panelAxes(ctx, top, mapping(top, xlim, [0, 1]), {ylabel: "density", yticks: [[0, "0"]], xticks});
  panelAxes(ctx, bot, pxBot, {ylabel: "posterior", yticks: [[0, "0"], [0.5, "0.5"], [1, "1"]], xticks,
                              xlabel: "weight x (kg)"});
  drawPolyline(ctx, [[xlim[0], 0.5], [xlim[1], 0.5]], pxBot, "#cccccc", 1);
  textStyle(ctx);
  ctx.fillStyle = colors[1];
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  const name = "P(elephant | x)";
  ctx.fillText(name, bot.x + 6, bot.y + 4);
  ctx.fillStyle = ink(ctx.canvas);
  // the note beside the name, or under it when the panel is too narrow for both
  const note = `● the posterior at ${fmt(probe, 0)} kg`, beside = bot.x + 18 + ctx.measureText(name).width;
  if (beside + ctx.measureText(note).width <= bot.x + bot.w - 4) ctx.fillText(note, beside, bot.y + 4);
  else ctx.fillText(note, bot.x + 6, bot.y + 22);
  for (const [x, y, color, text, opts] of legend(ctx, W, colors, markers)) legendItem(ctx, x, y, color, text, opts);
}

/** The legend's entries [x, y, colour, text, style], in rows that fit the canvas's width W. */
function legend(ctx, W, colors, markers) {
  textStyle(ctx);
  const items = [[colors[0], "p(x | dog) p(dog)", {marker: markers[0]}],
                 [colors[1], "p(x | elephant) p(elephant)", {marker: markers[1], dash: DASHED}],
                 [ink(ctx.canvas), "p(x), their sum", {dash: DASH_DOT}],
                 ["#666666", "threshold", {dash: DOTTED}]];
  let x = 12, y = 11;
  return items.map(([color, text, opts]) => {
    const w = 32 + ctx.measureText(text).width;
    if (x > 12 && x + w > W - 4) { x = 12; y += 18; }
    const at = [x, y, color, text, opts];
    x += w + 18;
    return at;
  });
}

/** One frame: the density axis's top tick, the curves, the threshold and the markers. */
function draw(fig, back, f, colors, markers) {
  const {ctx, width: W, height: H} = fig;
  const {p, grid, joints, evidence, post, ymax, t, probe, pProbe} = f;
  const rows = new Set(legend(ctx, W, colors, markers).map((e) => e[1])).size;
  const xlim = [grid[0], grid[grid.length - 1]], L = layout(W, H, rows), {top, bot} = L;
  onBackdrop(fig, back, `${xlim} ${probe}`, (bctx) => drawBackdrop(bctx, W, L, xlim, probe, colors, markers));
  ctx.clearRect(0, 0, W, H);
  const pxTop = mapping(top, xlim, [0, ymax]), pxBot = mapping(bot, xlim, [-0.03, 1.03]);
  yTicks(ctx, top, (y) => pxTop([0, y])[1], [[ymax / 1.1, fmt(ymax / 1.1, 4)]]);
  ctx.save();
  ctx.beginPath(); ctx.rect(top.x, top.y, top.w, top.h); ctx.rect(bot.x, bot.y, bot.w, bot.h);
  ctx.clip();
  if (t !== null) {
    drawPolyline(ctx, [[t, 0], [t, ymax]], pxTop, "#666666", 1.5, DOTTED);
    drawPolyline(ctx, [[t, -0.03], [t, 1.03]], pxBot, "#666666", 1.5, DOTTED);
  }
  drawPolyline(ctx, grid.map((x, i) => [x, joints[i][0]]), pxTop, colors[0], 2);
  drawPolyline(ctx, grid.map((x, i) => [x, joints[i][1]]), pxTop, colors[1], 2, DASHED);
  drawPolyline(ctx, grid.map((x, i) => [x, evidence[i]]), pxTop, ink(ctx.canvas), 1.2, DASH_DOT);
  drawPolyline(ctx, grid.map((x, i) => [x, post[i]]), pxBot, colors[1], 2, DASHED);
  // class markers at each class's mean (shape tells the classes apart without colour)
  for (const [k, mu] of [[0, p.mu_dog], [1, p.mu_elephant]]) {
    const [X, Y] = pxTop([mu, jointAt(mu, p)[k]]);
    drawMarker(ctx, markers[k], X, Y, 11, colors[k]);
  }
  const [PX, PY] = pxBot([probe, pProbe]);
  drawMarker(ctx, "o", PX, PY, 8, ink(ctx.canvas), null);
  ctx.restore();
}

function render(args) {
  // two sliders a row (one on a narrow page): long tracks, readouts never clipped
  const page = explorerPage(args, {frame, readouts: "Numbers of this model", controlsClass: "gl-wide"});
  const {model} = page;
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  const fig = canvasPanel("Top: the weighted class densities p(x | y) p(y) and their sum p(x); " +
                          "bottom: the posterior P(elephant | x); the dotted line is the decision threshold",
                          heightAt);
  const back = fig.backdrop();
  page.root.append(page.controls.node, page.out.node, h("div", {class: "gl-figures"}, fig.node));
  return page.start((f) => draw(fig, back, f, colors, markers), [fig]);
}

export default {render};
