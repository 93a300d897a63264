// naive_bayes_text.js: the two explorers of the lesson on naive Bayes for text
// (genlearn.explorers.naive_bayes_text). One module, two views, chosen by the trait `view`:
//
// "laplace"  LaplaceExplorer. From the slider value alpha and the toy counts Python sends once
//            (data: words, counts of messages containing each word per class, class sizes n,
//            the query's indicator x), each frame computes phi = (c + alpha) / (n + 2 alpha) of
//            every word, the Bernoulli naive Bayes posterior p(spam | x) in log space (0/0 ->
//            null at alpha = 0), and the curve of that posterior on alpha_grid.
// "message"  MessageExplorer. Python sends the fitted multinomial model once, as counts (data:
//            words, word counts per class, class counts, alpha); the page turns them into the
//            model's log priors and word log-probabilities once. Every keystroke tokenizes the
//            text (twin of genlearn.text.tokenize), adds up log p(x, y) over the known words, and
//            shows p(spam), the words that push most each way (text and bars) and the ignored
//            words, as a bounded summary.

import {describeLaplace, describeMessage} from "./describe.js";
import {explorerPage, h, paramsOf} from "./explorer.js";
import {canvasPanel, drawMarker, drawPolyline, ink, onBackdrop, textStyle, yLabel, yTicks} from "./canvas.js";
import {fmt, posteriorFromLogs} from "./numerics.js";

const signed = (v, digits) => {
  const s = fmt(v, digits);
  return s.startsWith("-") ? s : `+${s}`;
};

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

/** The smoothed phi of every word and p(spam | query) at one alpha. Twin: BernoulliNB(alpha). */
function laplaceAt(data, alpha) {
  const n = data.n, x = data.x;
  const phi = {};
  for (const k of ["spam", "ham"]) phi[k] = data.counts[k].map((c) => (c + alpha) / (n[k] + 2 * alpha));
  const m = n.spam + n.ham;
  const post = posteriorFromLogs(bernoulliLogJoint(x, phi.spam, n.spam / m), bernoulliLogJoint(x, phi.ham, n.ham / m));
  return {phi, posterior: post};
}

/** The readout lines of the Laplace view. Twin: _laplace_readouts. */
function laplaceReadouts(data, alpha, fr) {
  const j = data.words.indexOf(data.word), w = data.word;
  const a = fmt(alpha, 2), a2 = fmt(2 * alpha, 2);
  const lines = [`α = ${a}`,
    `φ(${w} | spam) = (${data.counts.spam[j]} + ${a}) / (${data.n.spam} + ${a2}) = ${fmt(fr.phi.spam[j], 4)}`,
    `φ(${w} | ham) = (${data.counts.ham[j]} + ${a}) / (${data.n.ham} + ${a2}) = ${fmt(fr.phi.ham[j], 4)}`];
  if (fr.posterior === null) {
    lines.push(`p(spam | x) = 0/0: undefined (NaN): φ(${w}) = 0 in both classes, so both joints are 0`);
  } else {
    lines.push(`p(spam | x) = ${fmt(fr.posterior, 4)} → ${fr.posterior > 0.5 ? "spam" : "ham"}`);
  }
  return lines;
}

/** p(spam | query) at every alpha of the grid: it depends on the data only, so it is kept. */
const curves = new WeakMap();
function curveOf(data, grid) {
  if (!curves.has(data)) curves.set(data, grid.map((a) => laplaceAt(data, a).posterior));
  return curves.get(data);
}

/** Every number of a Laplace frame; `state` is what the page publishes. */
function laplaceFrame(get) {
  const params = paramsOf(get), data = get("data"), alpha = params.alpha;
  const fr = laplaceAt(data, alpha), curve = curveOf(data, get("alpha_grid"));
  return {...fr, curve, state: {params, phi: fr.phi, posterior: fr.posterior, curve,
                                readouts: laplaceReadouts(data, alpha, fr),
                                description: describeLaplace(alpha, fr.posterior, get("alpha_grid"), curve)}};
}

/**
 * The Laplace figure: axes, the prior and 1/2, and the curve of p(spam | x) against alpha (which
 * does not change) on the backdrop; the current alpha's point on the canvas, at every frame.
 */
function drawLaplace(fig, back, f, data, alpha, grid, amax, color) {
  const {ctx, width: W, height: H} = fig;
  const left = 58, right = 12, top = 10, bottom = 44, x0 = -0.1, x1 = amax + 0.15;
  const X = (a) => left + (a - x0) / (x1 - x0) * (W - left - right);
  const Y = (p) => top + (1 - p) * (H - top - bottom);
  onBackdrop(fig, back, `${amax} ${color}`, (bctx) => {
    textStyle(bctx);
    bctx.strokeStyle = ink(bctx.canvas);
    bctx.lineWidth = 1;
    bctx.strokeRect(left, top, W - left - right, H - top - bottom);
    bctx.textAlign = "center";
    bctx.textBaseline = "top";
    for (let t = 0; t <= amax + 1e-9; t += 1) {
      bctx.beginPath(); bctx.moveTo(X(t), H - bottom); bctx.lineTo(X(t), H - bottom + 4); bctx.stroke();
      bctx.fillText(String(t), X(t), H - bottom + 6);
    }
    bctx.fillText("Laplace parameter α", (left + W - right) / 2, H - bottom + 24);
    yTicks(bctx, {x: left}, Y, [0, 0.25, 0.5, 0.75, 1].map((t) => [t, String(t)]));
    yLabel(bctx, "p(spam | x)", 14, top, H - bottom);
    // the prior (dotted, grey) and the threshold 1/2 (light grey)
    const prior = data.n.spam / (data.n.spam + data.n.ham);
    const across = (p) => [[left, Y(p)], [W - right, Y(p)]];
    drawPolyline(bctx, across(prior), (q) => q, "#595959", 1.5, [2, 3]);
    drawPolyline(bctx, across(0.5), (q) => q, "#999999", 1.5, [1, 3]);
    bctx.fillStyle = ink(bctx.canvas);
    bctx.textAlign = "right";
    bctx.textBaseline = "bottom";
    bctx.fillText(`prior p(spam) = ${fmt(prior, 3)}`, W - right - 4, Y(prior) - 2);
    // the curve (alpha > 0) in the colour of class spam
    drawPolyline(bctx, grid.map((a, i) => [X(a), Y(f.curve[i])]), (q) => q, color, 2.5);
  });
  ctx.clearRect(0, 0, W, H);
  if (f.posterior !== null) {
    drawMarker(ctx, "o", X(alpha), Y(f.posterior), 13, "#000000", "#ffffff");
  } else {
    textStyle(ctx);
    ctx.textAlign = "left";
    ctx.textBaseline = "bottom";
    ctx.fillText("α = 0: p(spam | x) = 0/0, no value", left + 8, H - bottom - 8);
  }
}

function renderLaplace(args) {
  const page = explorerPage(args, {frame: laplaceFrame, readouts: "Smoothed estimates and the posterior"});
  const {model} = page;
  const data = model.get("data"), grid = model.get("alpha_grid"), color = model.get("class_colors")[1];
  const amax = model.get("parameters").find((c) => c.name === "alpha").max;
  const fig = canvasPanel(`p(spam | "${data.query}") against the Laplace parameter α, the current α marked`, 0.42, 340);
  const back = fig.backdrop();
  page.root.append(page.controls.node, page.out.node, h("div", {class: "gl-figures"}, fig.node));
  return page.start((f) => drawLaplace(fig, back, f, data, model.get("alpha"), grid, amax, color), [fig]);
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

/** The message's tokens, its log joints, p(spam) and the words that push most each way. */
function messageNumbers(M, limits, message) {
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

/** The readout lines of the message view. Twin: _message_state. */
function messageReadouts(M, limits, fr) {
  const lines = [];
  const n = fr.tokens.length;
  if (n === 0) lines.push("no words: the message is empty or holds only spaces and punctuation");
  else lines.push(`${plural(n, "word")}: ${thousands(fr.nKnown)} in the vocabulary, ${thousands(n - fr.nKnown)} not (ignored)`);
  lines.push(`p(spam | message) = ${fmt(fr.pSpam, 4)} → ${fr.pSpam > 0.5 ? "spam" : "ham"} (multinomial naive Bayes)`);
  if (fr.nKnown === 0) lines.push(`no known word: p(spam | message) is the prior p(spam) = ${fmt(Math.exp(M.logPrior.spam), 4)}`);
  else lines.push(`log p(spam | x) − log p(ham | x) = ${fmt(fr.logOdds, 2)}`);
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

/** Below this width (CSS px) each word's name stands above its bar (a phone). */
const NARROW = 560;
/** Height of a row of the bar chart, wide and narrow, and the room under the rows. */
const ROW = 26, NARROW_ROW = 38, FOOT = 30;

/** The words that push the message most each way, as bars from the middle. */
function drawBars(fig, fr, colors) {
  const {ctx, width: W, height: H} = fig;
  ctx.clearRect(0, 0, W, H);
  const rows = [...fr.top.spam, ...fr.top.ham];
  textStyle(ctx);
  if (!rows.length) {
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText("no known word: nothing pushes the answer either way", W / 2, H / 2);
    return;
  }
  const labels = rows.map(([w, c, v]) => {
    const full = `${w} ×${c} (${signed(v, 2)})`;
    return full.length > 28 ? `${full.slice(0, 27)}…` : full;
  });
  // wide: the name beside its bar, the longest bar leaving room for the widest name at the page's
  // type size; narrow: the name above its bar, the bars up to the edges
  const room = Math.max(...labels.map((l) => ctx.measureText(l).width)) + 10;
  const narrow = W < NARROW, mid = W / 2, half = narrow ? W / 2 - 8 : Math.max(20, W / 2 - room);
  const rowH = narrow ? NARROW_ROW : Math.min(ROW, (H - FOOT) / rows.length);
  const vmax = Math.max(...rows.map((r) => Math.abs(r[2])));
  rows.forEach(([, , v], i) => {
    const y = 6 + i * rowH, len = Math.abs(v) / vmax * half, barY = narrow ? y + rowH / 2 : y;
    const barH = narrow ? rowH / 2 - 3 : rowH;
    ctx.fillStyle = colors[v > 0 ? 1 : 0];
    ctx.fillRect(v > 0 ? mid : mid - len, barY + 3, len, barH - 6 + (narrow ? 3 : 0));
    ctx.fillStyle = ink(ctx.canvas); ctx.textBaseline = "middle";
    const label = labels[i];
    if (narrow) {  // at the side the bar grows towards
      ctx.textAlign = v > 0 ? "right" : "left";
      ctx.fillText(label, v > 0 ? W - 4 : 4, y + rowH / 4);
    } else {
      ctx.textAlign = v > 0 ? "left" : "right";
      ctx.fillText(label, v > 0 ? mid + len + 6 : mid - len - 6, y + rowH / 2);
    }
  });
  ctx.strokeStyle = ink(ctx.canvas); ctx.lineWidth = 1;
  ctx.beginPath(); ctx.moveTo(mid, 2); ctx.lineTo(mid, H - 24); ctx.stroke();
  ctx.textBaseline = "bottom";
  const caption = "← towards ham        count × (log φ(word | spam) − log φ(word | ham))        towards spam →";
  if (ctx.measureText(caption).width <= W - 4) {
    ctx.textAlign = "center";
    ctx.fillText(caption, mid, H - 4);
  } else {  // too narrow for the whole caption: the two directions, at the two ends
    ctx.textAlign = "left";
    ctx.fillText("← towards ham", 2, H - 4);
    ctx.textAlign = "right";
    ctx.fillText("towards spam →", W - 2, H - 4);
  }
}

/** Every number of a message frame; `state` is what the page publishes. */
function messageFrame(get, M) {
  const params = paramsOf(get), limits = get("limits");
  const fr = messageNumbers(M, limits, params.message);
  return {...fr, state: {
    params, tokens: fr.tokens.slice(0, limits.tokens_published), n_tokens: fr.tokens.length,
    n_known: fr.nKnown, log_prior: M.logPrior, log_joint: fr.logJoint, p_spam: fr.pSpam,
    log_odds: fr.logOdds, top: fr.top, readouts: messageReadouts(M, limits, fr),
    description: describeMessage(fr.top, fr.pSpam),
  }};
}

function renderMessage(args) {
  const M = multinomialModel(args.model.get("data"));  // once: the fitted model does not change
  const page = explorerPage(args, {frame: (get) => messageFrame(get, M),
                                   readouts: "p(spam) of the message, and the words that decide it"});
  const colors = page.model.get("class_colors");
  // narrow: one row of name and bar per word, all of them (the limits' top words each way)
  const rowsMax = 2 * page.model.get("limits").top;
  const fig = canvasPanel("The words that push the message most towards spam (right) and ham (left)",
                          (w) => (w < NARROW ? 6 + rowsMax * NARROW_ROW + FOOT : Math.min(260, 0.3 * w)));
  page.root.append(page.controls.node, page.out.node, h("div", {class: "gl-figures"}, fig.node));
  return page.start((f) => drawBars(fig, f, colors), [fig]);
}

/* ---------------------------------------------------------------- the module */

/** Every number of one frame of either view, from the traits (get(name)). */
export function frame(get) {
  return get("view") === "message" ? messageFrame(get, multinomialModel(get("data"))) : laplaceFrame(get);
}

function render(args) {
  return args.model.get("view") === "message" ? renderMessage(args) : renderLaplace(args);
}

export default {render};
