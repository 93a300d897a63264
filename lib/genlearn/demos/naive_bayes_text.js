// naive_bayes_text.js: the two explorers of notebook 06 (genlearn.demos.naive_bayes_text).
//
// Joined after explorer.js (its helpers: h, slider, readouts, canvasPanel, frameScheduler,
// pageModel, fmt, drawMarker, ...). One module, two views, chosen by the trait `view`:
//
// "laplace"  LaplaceExplorer. Python sends the toy counts once (data: words, counts of messages
//            containing each word per class, class sizes n, the query's indicator x) and the slider
//            value alpha. Every frame computes phi = (c + alpha) / (n + 2 alpha) of every word, the
//            Bernoulli naive Bayes posterior p(spam | x) in log space (0/0 -> null at alpha = 0),
//            and the curve of that posterior on alpha_grid. Twin: laplace_state.
// "message"  MessageExplorer. Python sends the fitted multinomial model once, as counts (data: words,
//            word counts per class, class counts, alpha); the page turns them into the model's log
//            priors and word log-probabilities once. Every keystroke tokenizes the text (twin of
//            genlearn.text.tokenize), adds up log p(x, y) over the known words, and shows p(spam),
//            the words that push most each way (text and bars) and the ignored words, as a bounded
//            summary. Twin: message_state (predict_proba of the fitted MultinomialNB).

/** A computed number as text: 12 significant digits first (rounding noise never shows). Twin: _show. */
const show = (x, digits) => fmt(Number(Number(x).toPrecision(12)), digits);
const signed = (v, digits) => { const s = show(v, digits); return s.startsWith("-") ? s : `+${s}`; };

/* ---------------------------------------------------------------- tokenizer */

// genlearn.text.TOKEN_PATTERN, [^\W_]+(?:'[^\W_]+)*, applied to str.lower(): Python's [^\W_] is
// exactly the letters and numbers (Unicode categories L* and N*; no marks, no underscore).
const TOKEN_RE = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

/** Lower-case word tokens of `text`. Twin: genlearn.text.tokenize. */
function tokenize(text) {
  return text.toLowerCase().match(TOKEN_RE) || [];
}

/* ---------------------------------------------------------------- Laplace view */

/** log p(x, y) of the Bernoulli model for indicator x with the class's phi and prior (-Infinity if 0). */
function bernoulliLogJoint(x, phi, prior) {
  let s = Math.log(prior);
  for (let j = 0; j < x.length; j++) s += Math.log(x[j] ? phi[j] : 1 - phi[j]);
  return s;
}

/** p(spam | x) from the two log joints; null when both are -Infinity (0/0). */
function posteriorFromLogs(ls, lh) {
  if (ls === -Infinity && lh === -Infinity) return null;
  const m = Math.max(ls, lh), es = Math.exp(ls - m), eh = Math.exp(lh - m);
  return es / (es + eh);
}

function laplaceFrame(data, alpha) {
  const n = data.n, x = data.x;
  const phi = {};
  for (const k of ["spam", "ham"]) phi[k] = data.counts[k].map((c) => (c + alpha) / (n[k] + 2 * alpha));
  const m = n.spam + n.ham;
  const post = posteriorFromLogs(bernoulliLogJoint(x, phi.spam, n.spam / m), bernoulliLogJoint(x, phi.ham, n.ham / m));
  return {phi, posterior: post};
}

function laplaceReadouts(data, alpha, fr) {
  const j = data.words.indexOf(data.word), w = data.word;
  const a = show(alpha, 2), a2 = show(2 * alpha, 2);
  const lines = [`α = ${a}`,
    `φ(${w} | spam) = (${data.counts.spam[j]} + ${a}) / (${data.n.spam} + ${a2}) = ${show(fr.phi.spam[j], 4)}`,
    `φ(${w} | ham) = (${data.counts.ham[j]} + ${a}) / (${data.n.ham} + ${a2}) = ${show(fr.phi.ham[j], 4)}`];
  if (fr.posterior === null) {
    lines.push(`p(spam | x) = 0/0: undefined (NaN): φ(${w}) = 0 in both classes, so both joints are 0`);
  } else {
    lines.push(`p(spam | x) = ${show(fr.posterior, 4)} → ${fr.posterior > 0.5 ? "spam" : "ham"}`);
  }
  return lines;
}

function renderLaplace(model, el) {
  const root = explorerRoot(el, "Laplace smoothing explorer");
  const data = model.get("data"), [min, max, step] = model.get("alpha_range");
  const grid = model.get("alpha_grid");
  const colors = model.get("class_colors");
  const s = slider({label: "α (Laplace)", min, max, step, value: model.get("alpha"),
                    format: (v) => fmt(v, 2),
                    onInput: (v) => { model.set({alpha: v}); request(); }});
  const out = readouts("Smoothed estimates and the posterior");
  const fig = canvasPanel(`p(spam | "${data.query}") against the Laplace parameter α, the current α marked`, 0.42, 340);
  root.append(h("div", {class: "gl-controls"}, s.node), out.node, h("div", {class: "gl-figures"}, fig.node));

  const draw = () => {
    fig.fit();
    const {ctx, width: W, height: H} = fig;
    const alpha = model.get("alpha");
    const fr = laplaceFrame(data, alpha);
    const curve = grid.map((a) => laplaceFrame(data, a).posterior);
    ctx.clearRect(0, 0, W, H);
    const left = 58, right = 12, top = 10, bottom = 44;
    const x0 = -0.1, x1 = max + 0.15;
    const X = (a) => left + (a - x0) / (x1 - x0) * (W - left - right);
    const Y = (p) => top + (1 - p) * (H - top - bottom);
    // axes, ticks and labels
    ctx.strokeStyle = "#000"; ctx.lineWidth = 1; ctx.fillStyle = "#000"; ctx.font = "13px system-ui, sans-serif";
    ctx.strokeRect(left, top, W - left - right, H - top - bottom);
    ctx.textAlign = "center"; ctx.textBaseline = "top";
    for (let t = 0; t <= max + 1e-9; t += 1) {
      ctx.beginPath(); ctx.moveTo(X(t), H - bottom); ctx.lineTo(X(t), H - bottom + 4); ctx.stroke();
      ctx.fillText(String(t), X(t), H - bottom + 6);
    }
    ctx.fillText("Laplace parameter α", (left + W - right) / 2, H - bottom + 24);
    ctx.textAlign = "right"; ctx.textBaseline = "middle";
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      ctx.beginPath(); ctx.moveTo(left - 4, Y(t)); ctx.lineTo(left, Y(t)); ctx.stroke();
      ctx.fillText(String(t), left - 6, Y(t));
    }
    ctx.save(); ctx.translate(14, (top + H - bottom) / 2); ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center"; ctx.fillText("p(spam | x)", 0, 0); ctx.restore();
    // the prior (dotted, grey) and the threshold 1/2 (light grey)
    const prior = data.n.spam / (data.n.spam + data.n.ham);
    const hline = (p, color, dash) => {
      ctx.beginPath(); ctx.moveTo(left, Y(p)); ctx.lineTo(W - right, Y(p));
      ctx.setLineDash(dash); ctx.strokeStyle = color; ctx.lineWidth = 1.5; ctx.stroke(); ctx.setLineDash([]);
    };
    hline(prior, "#595959", [2, 3]);
    hline(0.5, "#999999", [1, 3]);
    ctx.fillStyle = "#595959"; ctx.textAlign = "right"; ctx.textBaseline = "bottom";
    ctx.fillText(`prior p(spam) = ${fmt(prior, 3)}`, W - right - 4, Y(prior) - 2);
    // the curve (alpha > 0) in the colour of class spam, and the current alpha
    ctx.beginPath();
    grid.forEach((a, i) => { if (i) ctx.lineTo(X(a), Y(curve[i])); else ctx.moveTo(X(a), Y(curve[i])); });
    ctx.strokeStyle = colors[1]; ctx.lineWidth = 2.5; ctx.stroke();
    if (fr.posterior !== null) {
      drawMarker(ctx, "o", X(alpha), Y(fr.posterior), 13, "#000000", "#ffffff");
    } else {
      ctx.fillStyle = "#000"; ctx.textAlign = "left"; ctx.textBaseline = "bottom";
      ctx.fillText("α = 0: p(spam | x) = 0/0, no value", left + 8, H - bottom - 8);
    }
    const lines = laplaceReadouts(data, alpha, fr);
    out.set(lines);
    publishState(root, {params: {alpha}, phi: fr.phi, posterior: fr.posterior, curve, readouts: lines});
  };
  const request = frameScheduler(root, draw);
  fig.onResize = request;
  const unbind = model.bind(["alpha"], () => { s.set(model.get("alpha")); request(); });
  request();
  return () => { unbind(); fig.disconnect?.(); };
}

/* ---------------------------------------------------------------- message view */

/** The fitted model from its counts: log priors and word log-probabilities. Twin: MultinomialNB.fit. */
function multinomialModel(data) {
  // words joined by spaces, counts by commas (compact in the notebook's stored state)
  const words = data.words ? data.words.split(" ") : [];
  const counts = {spam: [], ham: []};
  for (const k of ["spam", "ham"]) if (words.length) counts[k] = data.counts[k].split(",").map(Number);
  const V = words.length, a = data.alpha;
  const index = new Map(words.map((w, j) => [w, j]));
  const cc = data.class_count, m = cc.spam + cc.ham;
  const logPrior = {spam: Math.log(cc.spam / m), ham: Math.log(cc.ham / m)};
  const logPhi = {};
  for (const k of ["spam", "ham"]) {
    let total = 0;
    for (const c of counts[k]) total += c;
    const den = total + a * V;
    logPhi[k] = counts[k].map((c) => Math.log((c + a) / den));
  }
  return {index, logPrior, logPhi};
}

const plural = (n, word) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
const thousands = (n) => n.toLocaleString("en-US");

function messageFrame(M, limits, message) {
  const tokens = tokenize(message);
  const seen = new Map(), unknown = new Map();
  for (const t of tokens) {
    const map = M.index.has(t) ? seen : unknown;
    map.set(t, (map.get(t) || 0) + 1);
  }
  const logJoint = {spam: M.logPrior.spam, ham: M.logPrior.ham};
  const contrib = [];
  for (const [w, c] of seen) {
    const j = M.index.get(w);
    logJoint.spam += c * M.logPhi.spam[j];
    logJoint.ham += c * M.logPhi.ham[j];
    contrib.push([w, c, c * (M.logPhi.spam[j] - M.logPhi.ham[j])]);
  }
  const pSpam = posteriorFromLogs(logJoint.spam, logJoint.ham);
  const top = {
    spam: contrib.filter((r) => r[2] > 0).sort((p, q) => q[2] - p[2]).slice(0, limits.top),
    ham: contrib.filter((r) => r[2] < 0).sort((p, q) => p[2] - q[2]).slice(0, limits.top),
  };
  let nKnown = 0;
  for (const c of seen.values()) nKnown += c;
  return {tokens, unknown: [...unknown.keys()], nKnown, logJoint, pSpam,
          logOdds: logJoint.spam - logJoint.ham, top};
}

function messageReadouts(M, limits, fr) {
  const lines = [];
  const n = fr.tokens.length;
  if (n === 0) lines.push("no words: the message is empty or holds only spaces and punctuation");
  else lines.push(`${plural(n, "word")}: ${thousands(fr.nKnown)} in the vocabulary, ${thousands(n - fr.nKnown)} not (ignored)`);
  lines.push(`p(spam | message) = ${show(fr.pSpam, 4)} → ${fr.pSpam > 0.5 ? "spam" : "ham"} (multinomial naive Bayes)`);
  if (fr.nKnown === 0) lines.push(`no known word: p(spam | message) is the prior p(spam) = ${show(Math.exp(M.logPrior.spam), 4)}`);
  else lines.push(`log p(spam | x) − log p(ham | x) = ${show(fr.logOdds, 2)}`);
  for (const k of ["spam", "ham"]) {
    const shown = fr.top[k].map(([w, c, v]) => `${w} ×${c} (${signed(v, 2)})`).join(", ");
    lines.push(`words pushing towards ${k}: ${shown || "none"}`);
  }
  if (fr.unknown.length) {
    const more = fr.unknown.length - limits.unknown_shown;
    lines.push("not in the vocabulary: " + fr.unknown.slice(0, limits.unknown_shown).join(", ") +
               (more > 0 ? ` and ${thousands(more)} more` : ""));
  }
  return lines;
}

function drawBars(fig, fr, colors) {
  fig.fit();
  const {ctx, width: W, height: H} = fig;
  ctx.clearRect(0, 0, W, H);
  const rows = [...fr.top.spam, ...fr.top.ham];
  ctx.font = "13px system-ui, sans-serif"; ctx.fillStyle = "#000";
  if (!rows.length) {
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText("no known word: nothing pushes the answer either way", W / 2, H / 2);
    return;
  }
  const mid = W / 2, half = W / 2 - 150, rowH = Math.min(26, (H - 30) / rows.length);
  const vmax = Math.max(...rows.map((r) => Math.abs(r[2])));
  rows.forEach(([w, c, v], i) => {
    const y = 6 + i * rowH, len = Math.abs(v) / vmax * half;
    ctx.fillStyle = colors[v > 0 ? 1 : 0];
    ctx.fillRect(v > 0 ? mid : mid - len, y + 3, len, rowH - 6);
    ctx.fillStyle = "#000"; ctx.textBaseline = "middle";
    ctx.textAlign = v > 0 ? "left" : "right";
    const label = `${w} ×${c} (${signed(v, 2)})`;
    ctx.fillText(label.length > 28 ? label.slice(0, 27) + "…" : label, v > 0 ? mid + len + 6 : mid - len - 6, y + rowH / 2);
  });
  ctx.strokeStyle = "#000"; ctx.lineWidth = 1;
  ctx.beginPath(); ctx.moveTo(mid, 2); ctx.lineTo(mid, H - 24); ctx.stroke();
  ctx.textAlign = "center"; ctx.textBaseline = "bottom";
  ctx.fillText("← towards ham        count × (log φ(word | spam) − log φ(word | ham))        towards spam →", mid, H - 4);
}

function renderMessage(model, el) {
  const root = explorerRoot(el, "Spam probability of a message");
  const data = model.get("data"), limits = model.get("limits");
  const M = multinomialModel(data);
  const colors = model.get("class_colors");
  const id = uid();
  const input = h("input", {type: "text", id, maxlength: limits.max_chars, spellcheck: "false",
                            style: {width: "100%", fontSize: "15px", boxSizing: "border-box"}});
  input.value = model.get("message");
  input.addEventListener("input", () => { model.set({message: input.value}); request(); });
  const box = h("div", {class: "gl-control gl-select", style: {gridTemplateColumns: "max-content 1fr"}},
                h("label", {for: id}, "message"), input);
  const out = readouts("p(spam) of the message, and the words that decide it");
  const fig = canvasPanel("The words that push the message most towards spam (right) and ham (left)", 0.3, 260);
  root.append(h("div", {style: {marginBottom: "6px"}}, box), out.node, h("div", {class: "gl-figures"}, fig.node));

  const draw = () => {
    const message = model.get("message");
    const fr = messageFrame(M, limits, message);
    drawBars(fig, fr, colors);
    const lines = messageReadouts(M, limits, fr);
    out.set(lines);
    publishState(root, {
      params: {message}, tokens: fr.tokens.slice(0, limits.tokens_published), n_tokens: fr.tokens.length,
      n_known: fr.nKnown, log_prior: M.logPrior, log_joint: fr.logJoint, p_spam: fr.pSpam,
      log_odds: fr.logOdds, top: fr.top, readouts: lines,
    });
  };
  const request = frameScheduler(root, draw);
  fig.onResize = request;
  const unbind = model.bind(["message"], () => { input.value = model.get("message"); request(); });
  request();
  return () => { unbind(); fig.disconnect?.(); };
}

/* ---------------------------------------------------------------- the widget */

function render({model: widgetModel, el}) {
  const model = pageModel(widgetModel);
  return model.get("view") === "message" ? renderMessage(model, el) : renderLaplace(model, el);
}

export default { render };
