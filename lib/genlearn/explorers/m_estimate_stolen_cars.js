// m_estimate_stolen_cars.js: the explorer of the lesson on the m-estimate and the stolen cars
// (genlearn.explorers.m_estimate_stolen_cars.MEstimateExplorer).
//
// From the parameters (m, p) and what Python sends once (the counts of the table
// {class: [n, [n_c...]]}, the number of rows, the query, the classes, the curve size), each
// frame computes the m-estimates (n_c + m p) / (n + m), the two naive Bayes scores
// P(v) prod P(a | v), the posterior P(Yes | x) (exact 0 or 1 when one score is 0; 0/0 shown as
// such, never as NaN), the decision, and P(Yes | x) as m grows; then draws three panels.

import {describeMEstimate} from "./describe.js";
import {explorerPage, h, paramsOf} from "./explorer.js";
import {
  boxWithYTicks, canvasPanel, drawMarker, drawPolyline, fontScale, ink, onBackdrop, textStyle, yTicks,
} from "./canvas.js";
import {fmt, linspace} from "./numerics.js";

/** (n_c + m p) / (n + m). Twin: genlearn.m_estimate. */
function mEstimate(nc, n, p, m) {
  return (nc + m * p) / (n + m);
}

/** {class: [P(a_j | class)]} and {class: score}. Twins: conditionals, scores. */
function carScores(counts, mRows, classes, m, p) {
  const cond = {}, score = {};
  for (const c of classes) {
    const [n, ncs] = counts[c];
    cond[c] = ncs.map((nc) => mEstimate(nc, n, p, m));
    let s = n / mRows;
    for (const v of cond[c]) s = s * v;
    score[c] = s;
  }
  return {cond, score};
}

/** P(classes[0] | x); null for 0/0 (both scores 0). Twin: _posterior_from_scores. */
function carPosterior(score, classes) {
  const a = score[classes[0]], b = score[classes[1]];
  return a + b === 0 ? null : a / (a + b);
}

/** The readout lines. Twin: readout_lines. */
function carReadouts(f, m, p, query, classes) {
  const [yes, no] = classes;
  const verdict = f.post === null
    ? `P(${yes} | x) is 0/0: both scores are 0 (use m > 0) -> no decision`
    : `P(${yes} | x) = ${fmt(f.post, 4)} -> decision: ${f.decision === "tie" ? "a tie" : f.decision}`;
  return [
    `m = ${fmt(m, 1)}, p = ${fmt(p, 2)}`,
    ...query.map((v, j) => `P(${v} | ${yes}) = ${fmt(f.cond[yes][j], 4)}, P(${v} | ${no}) = ${fmt(f.cond[no][j], 4)}`),
    `score ${yes} = ${fmt(f.score[yes], 5)}, score ${no} = ${fmt(f.score[no], 5)}`,
    verdict,
  ];
}

/** A panel frame with y ticks (values -> text), a title and an x label. */
function carPanel(ctx, box, Y, yticks, title, xlabel) {
  boxWithYTicks(ctx, box, Y, yticks);
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.fillText(title, box.x + box.w / 2, box.y - 6);
  if (xlabel) {
    ctx.textBaseline = "top";
    ctx.fillText(xlabel, box.x + box.w / 2, box.y + box.h + 22);
  }
}

/** The y mapping of a panel box over [0, ymax]. */
const yOf = (box, ymax) => (v) => box.y + box.h - v / ymax * box.h;

/** Every number of one frame, from the traits (get(name)); `state` is what the page publishes. */
export function frame(get) {
  const params = paramsOf(get), {m, p} = params;
  const counts = get("counts"), mRows = get("m_rows"), classes = get("classes"), [yes, no] = classes;
  const {cond, score} = carScores(counts, mRows, classes, m, p);
  const post = carPosterior(score, classes);
  const decision = score[yes] > score[no] ? yes : score[no] > score[yes] ? no : "tie";
  const mMax = get("parameters").find((c) => c.name === "m").max;
  const mGrid = linspace(0, mMax, get("curve_n"));
  const curve = mGrid.map((mm) => carPosterior(carScores(counts, mRows, classes, mm, p).score, classes));
  const idx = get("curve_probes"), f = {cond, score, post, decision};
  const curveM = idx.map((i) => mGrid[i]), probed = idx.map((i) => curve[i]);
  return {
    ...f, m, p, mGrid, curve, mMax, classes,
    state: {
      conditionals: cond, scores: score, posterior: post, decision,
      curve_m: curveM, curve: probed,
      readouts: carReadouts(f, m, p, get("query"), classes),
      description: describeMEstimate(get("query"), classes, cond, score, decision, post, m, curveM, probed), params,
    },
  };
}

/** Below this width (CSS px) the three panels stand one under another (a phone). */
const NARROW = 600;

/** The figure's height at width W: three panels in a row, or one under another when narrow. */
const heightAt = (W) => (W < NARROW ? 3 * 230 + 40 : Math.min(360, 0.36 * W));

/**
 * Three panels in a W x H figure, under `legendRows` rows of legend: their pixel boxes. In a row,
 * widths 1.6 : 0.8 : 1.4; on a narrow figure one under another, each with its title above and its
 * ticks and x label below. The margins grow with the type size s (canvas.js's fontScale: the
 * presenter view's larger text): room for the legend and titles above, the tick labels left of
 * each panel and half the last x tick right of the last.
 */
function layout(W, H, legendRows = 1, s = 1) {
  const top = (20 + 20 * legendRows) * s, bottom = 46 * s, gap = 52 * s, right = 12 * s;
  if (W < NARROW) {
    const step = (H - top) / 3, ph = Math.max(40, step - 26 * s - bottom);
    return [0, 1, 2].map((i) => ({x: gap, y: top + i * step, w: W - gap - right, h: ph}));
  }
  const avail = W - 3 * gap - right, ph = Math.max(40, H - top - bottom);
  let x = gap;
  return [1.6, 0.8, 1.4].map((r) => {
    const b = {x, y: top, w: avail * r / 3.8, h: ph};
    x += b.w + gap;
    return b;
  });
}

/**
 * What does not move, on the backdrop (again only after a resize): the legend, the frames of the
 * three panels, their titles, the fixed ticks and labels, the line at 1/2.
 */
function drawBackdrop(ctx, W, boxes, query, classes, mMax, look) {
  const [b0, b1, b2] = boxes, [yes, no] = classes, {colors, markers, classOf} = look;
  textStyle(ctx);
  carPanel(ctx, b0, yOf(b0, 1), [0, 0.25, 0.5, 0.75, 1].map((v) => [v, String(v)]),
           "m-estimates of the conditionals", null);
  const slot = b0.w / query.length;
  ctx.textBaseline = "top";
  // each bar group named P(v | ·), or v alone when the groups are too narrow for that
  const full = query.every((v) => ctx.measureText(`P(${v} | ·)`).width + 8 <= slot);
  query.forEach((v, j) => { ctx.fillText(full ? `P(${v} | ·)` : v, b0.x + slot * j + slot / 2, b0.y + b0.h + 5); });
  carPanel(ctx, b1, yOf(b1, 1), [[0, "0"]], "scores P(v) · Π P(a | v)", null);
  ctx.textBaseline = "top";
  [yes, no].forEach((c, i) => { ctx.fillText(c, b1.x + b1.w * (i === 0 ? 0.3 : 0.7), b1.y + b1.h + 5); });
  const Yp = yOf(b2, 1), Xm = (mm) => b2.x + mm / mMax * b2.w;
  carPanel(ctx, b2, Yp, [0, 0.5, 1].map((v) => [v, String(v)]), `P(${yes} | x) as m grows`, "m (equivalent sample size)");
  ctx.textBaseline = "top";
  for (const t of [0, 10, 20, 30].filter((t) => t <= mMax)) ctx.fillText(String(t), Xm(t), b2.y + b2.h + 5);
  drawPolyline(ctx, [[Xm(0), Yp(0.5)], [Xm(mMax), Yp(0.5)]], (q) => q, "#999999", 1);
  // legend, top left, its line at mid-height of the first text line (12 px at the default type size)
  textStyle(ctx);
  ctx.textBaseline = "middle";
  ctx.textAlign = "left";
  legendPlaces(ctx, boxes[0].x, W, [yes, no]).forEach(([lx, ly], i) => {
    ctx.fillStyle = ink(ctx.canvas);
    if (i === 2) {
      drawPolyline(ctx, [[lx, ly], [lx + 24, ly]], (q) => q, ink(ctx.canvas), 1.2, [6, 4]);
      ctx.fillText("prior guess p", lx + 30, ly);
      return;
    }
    const c = [yes, no][i], k = classOf[c];
    ctx.fillStyle = colors[k];
    ctx.fillRect(lx, ly - 6, 14, 12);
    drawMarker(ctx, markers[k], lx + 7, ly, 9, colors[k]);
    ctx.fillStyle = ink(ctx.canvas);
    ctx.fillText(`Stolen = ${c}`, lx + 20, ly);
  });
}

/** Where the three legend entries go ([x, y] of each), from x0, in rows that fit the width W. */
function legendPlaces(ctx, x0, W, classes) {
  const widths = [...classes.map((c) => 28 + ctx.measureText(`Stolen = ${c}`).width),
                  30 + ctx.measureText("prior guess p").width];
  const s = fontScale(ctx.canvas);
  let x = x0, y = 12 * s;
  return widths.map((w) => {
    if (x > x0 && x + w > W - 4) { x = x0; y += 20 * s; }
    const at = [x, y];
    x += w + 12;
    return at;
  });
}

/** One frame: the bars of the conditionals and scores, the prior guess p, the curve and m. */
function draw(fig, back, f, query, look) {
  const {ctx, width: W, height: H} = fig;
  const {cond, score, post, m, p, mGrid, curve, mMax} = f, [yes, no] = f.classes;
  textStyle(ctx);
  const s = fontScale(fig.canvas);
  const rows = new Set(legendPlaces(ctx, layout(W, H, 1, s)[0].x, W, f.classes).map((q) => q[1])).size;
  const boxes = layout(W, H, rows, s), [b0, b1, b2] = boxes;
  onBackdrop(fig, back, `${query} ${f.classes} ${mMax}`, (bctx) => drawBackdrop(bctx, W, boxes, query, f.classes, mMax, look));
  ctx.clearRect(0, 0, W, H);
  const bar = (c, bx, Y, v, bw, bottom) => {
    const k = look.classOf[c];
    ctx.fillStyle = look.colors[k];
    ctx.fillRect(bx, Y(v), bw, bottom - Y(v));
    drawMarker(ctx, look.markers[k], bx + bw / 2, Y(v) - 8, 10, look.colors[k]);
  };
  // left: grouped bars of the conditionals, the prior guess p dashed
  const Yc = yOf(b0, 1), slot = b0.w / query.length, bw = slot * 0.36;
  query.forEach((_, j) => {
    [yes, no].forEach((c, i) => { bar(c, b0.x + slot * j + slot / 2 + (i === 0 ? -bw : 0), Yc, cond[c][j], bw, b0.y + b0.h); });
  });
  drawPolyline(ctx, [[b0.x, Yc(p)], [b0.x + b0.w, Yc(p)]], (q) => q, ink(ctx.canvas), 1.2, [6, 4]);
  // middle: the two scores, on an axis up to 1.15 times the larger
  const smax = 1.15 * Math.max(score[yes], score[no], 1e-300), Ys = yOf(b1, smax);
  yTicks(ctx, b1, Ys, [[smax / 1.15, fmt(smax / 1.15, 4)]]);
  [yes, no].forEach((c, i) => { bar(c, b1.x + b1.w * (i === 0 ? 0.15 : 0.55), Ys, score[c], b1.w * 0.3, b1.y + b1.h); });
  // right: P(Yes | x) as m grows, the current m marked
  const pxm = ([mm, v]) => [b2.x + mm / mMax * b2.w, yOf(b2, 1)(v)];
  drawPolyline(ctx, mGrid.map((mm, i) => [mm, curve[i]]).filter((q) => q[1] !== null), pxm, ink(ctx.canvas), 2);
  if (post !== null) drawMarker(ctx, "o", ...pxm([m, post]), 9, ink(ctx.canvas), null);
}

function render(args) {
  // one slider a row beside the other: long tracks, and readouts wide enough for "30.0"
  const page = explorerPage(args, {frame, readouts: "Numbers of the m-estimate",
                                   controlsClass: "gl-wide"});
  const {model} = page;
  const classes = model.get("classes");
  // class k of the suite: "No" is class 0 (blue circle), "Yes" class 1 (vermillion triangle)
  const look = {colors: model.get("class_colors"), markers: model.get("class_markers"),
                classOf: {[classes[0]]: 1, [classes[1]]: 0}};
  const fig = canvasPanel("Left: the m-estimates of the three conditionals for Stolen = Yes and No, " +
                          "the prior guess p dashed; middle: the two naive Bayes scores; right: " +
                          "P(Yes | x) as m grows, the current m marked", heightAt);
  page.root.append(page.controls.node, page.out.node, h("div", {class: "gl-figures"}, fig.node));
  const query = model.get("query"), back = fig.backdrop();
  return page.start((f) => draw(fig, back, f, query, look), [fig]);
}

export default {render};
