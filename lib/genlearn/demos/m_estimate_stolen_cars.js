// m_estimate_stolen_cars.js: the explorer of notebook 08
// (genlearn.demos.m_estimate_stolen_cars.MEstimateExplorer).
//
// Joined after explorer.js (its helpers: h, slider, readouts, canvasPanel, frameScheduler,
// pageModel, fmt, linspace, drawMarker, drawPolyline, ...).
// Python sends the parameters (m, p) and, once, the counts of the table ({class: [n, [n_c...]]}),
// the number of rows, the query, the classes, the slider ranges and the curve size. This file
// computes every frame: the m-estimates (n_c + m p) / (n + m), the two naive Bayes scores
// P(v) prod P(a | v), the posterior P(Yes | x) (exact 0 or 1 when one score is 0; 0/0 shown as
// such, never as NaN), the decision, and P(Yes | x) as m grows; then draws them.
// Every number published in data-state has its twin in m_estimate_stolen_cars.explorer_state.

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

/** A panel frame with y ticks (values -> text), a title and an x label. Returns the y mapping. */
function carPanel(ctx, box, ymax, yticks, title, xlabel) {
  const Y = (v) => box.y + box.h - v / ymax * box.h;
  boxWithYTicks(ctx, box, Y, yticks);
  ctx.textAlign = "center"; ctx.textBaseline = "bottom";
  ctx.fillText(title, box.x + box.w / 2, box.y - 6);
  if (xlabel) { ctx.textBaseline = "top"; ctx.fillText(xlabel, box.x + box.w / 2, box.y + box.h + 22); }
  return Y;
}

function render({model: widgetModel, el}) {
  const model = pageModel(widgetModel);
  const root = explorerRoot(el, "m-estimate explorer");
  const ranges = model.get("ranges"), counts = model.get("counts"), mRows = model.get("m_rows");
  const query = model.get("query"), classes = model.get("classes");
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  // class k of the suite: "No" is class 0 (blue circle), "Yes" class 1 (vermillion triangle)
  const look = {[classes[0]]: 1, [classes[1]]: 0};

  const LABELS = {m: "m (virtual examples)", p: "p (prior guess)"};
  const DIGITS = {m: 1, p: 2};
  // one slider a row beside the other: long tracks, and readouts wide enough for "30.0"
  const {node: controls, sync} = traitSliders(
    model, ["m", "p"], LABELS, DIGITS, () => request(),
    {gridTemplateColumns: "repeat(auto-fill, minmax(440px, 1fr))"});
  const out = readouts("Numbers of the m-estimate");
  const fig = canvasPanel("Left: the m-estimates of the three conditionals for Stolen = Yes and No, " +
                          "the prior guess p dashed; middle: the two naive Bayes scores; right: " +
                          "P(Yes | x) as m grows, the current m marked", 0.36, 360);
  root.append(controls, out.node, h("div", {class: "gl-figures"}, fig.node));

  const draw = () => {
    fig.fit();
    const {ctx, width: W, height: H} = fig;
    ctx.clearRect(0, 0, W, H);
    const m = model.get("m"), p = model.get("p");
    const {cond, score} = carScores(counts, mRows, classes, m, p);
    const post = carPosterior(score, classes);
    const [yes, no] = classes;
    const decision = score[yes] > score[no] ? yes : score[no] > score[yes] ? no : "tie";
    const mGrid = linspace(0, ranges.m[1], model.get("curve_n"));
    const curve = mGrid.map((mm) => carPosterior(carScores(counts, mRows, classes, mm, p).score, classes));

    // three panels, widths 1.6 : 0.8 : 1.4
    const top = 40, bottom = 46, gapL = 52, right = 10;
    const avail = W - 3 * gapL - right, ph = Math.max(40, H - top - bottom);
    const widths = [1.6, 0.8, 1.4].map((r) => avail * r / 3.8);
    let x = gapL;
    const boxes = widths.map((w) => { const b = {x, y: top, w, h: ph}; x += w + gapL; return b; });

    // left: grouped bars of the conditionals, the prior guess p dashed
    const Yc = carPanel(ctx, boxes[0], 1, [0, 0.25, 0.5, 0.75, 1].map((v) => [v, String(v)]),
                        "m-estimates of the conditionals", null);
    const slot = boxes[0].w / query.length, bw = slot * 0.36;
    query.forEach((v, j) => {
      [yes, no].forEach((c, i) => {
        const bx = boxes[0].x + slot * j + slot / 2 + (i === 0 ? -bw : 0);
        const k = look[c];
        ctx.fillStyle = colors[k]; ctx.fillRect(bx, Yc(cond[c][j]), bw, boxes[0].y + boxes[0].h - Yc(cond[c][j]));
        drawMarker(ctx, markers[k], bx + bw / 2, Yc(cond[c][j]) - 8, 10, colors[k]);
      });
      ctx.fillStyle = "#000"; ctx.textAlign = "center"; ctx.textBaseline = "top";
      ctx.fillText(`P(${v} | ·)`, boxes[0].x + slot * j + slot / 2, boxes[0].y + boxes[0].h + 5);
    });
    drawPolyline(ctx, [[boxes[0].x, Yc(p)], [boxes[0].x + boxes[0].w, Yc(p)]], (q) => q, "#000000", 1.2, [6, 4]);

    // middle: the two scores
    const smax = 1.15 * Math.max(score[yes], score[no], 1e-300);
    const Ys = carPanel(ctx, boxes[1], smax, [[0, "0"], [smax / 1.15, fmt(smax / 1.15, 4)]],
                        "scores P(v) · Π P(a | v)", null);
    [yes, no].forEach((c, i) => {
      const k = look[c], bw2 = boxes[1].w * 0.3;
      const bx = boxes[1].x + boxes[1].w * (i === 0 ? 0.15 : 0.55);
      ctx.fillStyle = colors[k]; ctx.fillRect(bx, Ys(score[c]), bw2, boxes[1].y + boxes[1].h - Ys(score[c]));
      drawMarker(ctx, markers[k], bx + bw2 / 2, Ys(score[c]) - 8, 10, colors[k]);
      ctx.fillStyle = "#000"; ctx.textAlign = "center"; ctx.textBaseline = "top";
      ctx.fillText(c, bx + bw2 / 2, boxes[1].y + boxes[1].h + 5);
    });

    // right: P(Yes | x) as m grows, 1/2 grey, the current m marked
    const b = boxes[2];
    const Yp = carPanel(ctx, b, 1, [0, 0.5, 1].map((v) => [v, String(v)]), `P(${yes} | x) as m grows`,
                        "m (equivalent sample size)");
    const Xm = (mm) => b.x + mm / ranges.m[1] * b.w;
    const pxm = ([mm, v]) => [Xm(mm), Yp(v)];
    ctx.textAlign = "center"; ctx.textBaseline = "top";
    for (const t of [0, 10, 20, 30].filter((t) => t <= ranges.m[1])) ctx.fillText(String(t), Xm(t), b.y + b.h + 5);
    drawPolyline(ctx, [[0, 0.5], [ranges.m[1], 0.5]], pxm, "#999999", 1);
    const pts = mGrid.map((mm, i) => [mm, curve[i]]).filter((q) => q[1] !== null);
    drawPolyline(ctx, pts, pxm, "#000000", 2);
    if (post !== null) { const [X, Y] = pxm([m, post]); drawMarker(ctx, "o", X, Y, 9, "#000000", null); }

    // legend, top left
    ctx.font = "13px system-ui, sans-serif"; ctx.textBaseline = "middle"; ctx.textAlign = "left";
    let lx = gapL;
    for (const c of [yes, no]) {
      const k = look[c];
      ctx.fillStyle = colors[k]; ctx.fillRect(lx, 6, 14, 12); drawMarker(ctx, markers[k], lx + 7, 12, 9, colors[k]);
      ctx.fillStyle = "#000"; ctx.fillText(`Stolen = ${c}`, lx + 20, 12);
      lx += 28 + ctx.measureText(`Stolen = ${c}`).width + 12;
    }
    drawPolyline(ctx, [[lx, 12], [lx + 24, 12]], (q) => q, "#000000", 1.2, [6, 4]);
    ctx.fillStyle = "#000"; ctx.fillText("prior guess p", lx + 30, 12);

    const f = {cond, score, post, decision};
    const lines = carReadouts(f, m, p, query, classes);
    out.set(lines);
    const idx = model.get("curve_probes");
    publishState(root, {
      conditionals: cond, scores: score, posterior: post, decision,
      curve_m: idx.map((i) => mGrid[i]), curve: idx.map((i) => curve[i]),
      readouts: lines, params: {m, p},
    });
  };
  const request = frameScheduler(root, draw);
  fig.onResize = request;

  const unbind = model.bind(["m", "p"], () => {
    sync();
    request();
  });
  request();
  return () => { unbind(); fig.disconnect?.(); };
}

export default { render };
