// describe.js: what each explorer's picture shows, as a short text (the description a screen
// reader gets). Twin: genlearn.explorers.describe, sentence for sentence, from the same numbers the
// picture is drawn from, printed with fmt; the explorer checks compare the two to the letter.
// Every choice between two words compares with a small tolerance, or compares rounded angles,
// so that numbers that differ from numpy's in the last bits choose the same words.

import {fmt} from "./numerics.js";

/** Relative tolerance of the decisions between two words. */
const TIE = 1e-9;
/** A winner "over a million times as likely" is not given a number. */
const MILLION = 1e6;

/** atan2(y, x) in degrees. */
const deg = (y, x) => Math.atan2(y, x) * 180 / Math.PI;

/** An axis's angle in whole degrees, in (-90, 90]. Twin: axis_angle. */
export function axisAngle(d) {
  let a = Number(fmt(d, 0));
  while (a <= -90) a += 180;
  while (a > 90) a -= 180;
  return a;
}

/** The direction of an axis at `a` whole degrees, in words. Twin: orientation. */
export function orientation(a) {
  if (a === 0 || a === 90) return a === 0 ? "horizontal" : "vertical";
  if (Math.abs(a) <= 22) return "nearly horizontal";
  if (Math.abs(a) >= 68) return "nearly vertical";
  return a > 0 ? "from lower left to upper right" : "from upper left to lower right";
}

/** A direction (not an axis) in one of eight words. Twin: _compass. */
function compass(d) {
  const names = ["right", "upper right", "top", "upper left", "left", "lower left", "bottom", "lower right"];
  return names[((Math.round(Number(fmt(d, 0)) / 45) % 8) + 8) % 8];
}

const pair = (x, y) => `(${fmt(x, 2)}, ${fmt(y, 2)})`;

/** Who wins with probability p of `first`, and by how much; within TIE of one half, a tie. Twin: wins. */
export function wins(p, first, second) {
  if (Math.abs(p - 0.5) <= TIE) return `a tie: ${first} and ${second} are equally likely`;
  const [winner, loser, hi, lo] = p > 0.5 ? [first, second, p, 1 - p] : [second, first, 1 - p, p];
  if (lo * MILLION <= hi) return `${winner} wins, over a million times as likely as ${loser}`;
  return `${winner} wins, ${fmt(hi / lo, 2)} times as likely as ${loser}`;
}

/** The line theta . x + theta0 = 0 and its class-1 side. Twin: line. */
export function line(theta, theta0) {
  const [t1, t2] = theta;
  const a = axisAngle(deg(-t1, t2));  // the line runs along (t2, -t1)
  const slope = a === 0 ? "horizontal" : a === 90 ? "vertical" : a > 0 ? `rising at ${a}°` : `falling at ${-a}°`;
  let where, side;
  if (Math.abs(t2) < Math.abs(t1) * (1 - TIE)) {  // steeper than 45 degrees
    where = `x₁ = ${fmt(-theta0 / t1, 2)} at x₂ = 0`;
    side = t1 > 0 ? "to the right of" : "to the left of";
  } else {
    where = `x₂ = ${fmt(-theta0 / t2, 2)} at x₁ = 0`;
    side = t2 > 0 ? "above" : "below";
  }
  return `a straight line ${slope} that crosses ${where}; class 1 is more likely ${side} it`;
}

/** The readouts' test of "no boundary" (np.allclose(theta, 0)). */
const noLine = (theta) => Math.abs(theta[0]) <= 1e-8 && Math.abs(theta[1]) <= 1e-8;

/** How the branches of a hyperbola whose opening axis is at `a` whole degrees open. Twin: _opening. */
function opening(a) {
  if (Math.abs(a) <= 22) return "to the left and right";
  if (Math.abs(a) >= 68) return "up and down";
  return a > 0 ? "toward the lower left and upper right" : "toward the upper left and lower right";
}

/** The boundary x^T A x + b^T x + c = 0 of the kind `kind` and its class-1 side. Twin: conic. */
export function conic(A, b, c, kind) {
  const a11 = A[0][0], a22 = A[1][1], off = (A[0][1] + A[1][0]) / 2;
  const mean = (a11 + a22) / 2, half = Math.hypot((a11 - a22) / 2, off);
  const lam = [mean - half, mean + half];
  const big = Math.abs(lam[1]) >= Math.abs(lam[0]) ? lam[1] : lam[0];
  const scale = Math.max(Math.abs(lam[0]), Math.abs(lam[1]), Math.hypot(b[0], b[1]), Math.abs(c));
  const flat = Math.abs(big) <= 1e-8 * scale;
  const t = 0.5 * Math.atan2(2 * off, a11 - a22);  // the axis of lam[1], in radians
  if (kind === "line" && flat) return line(b, c);
  if (kind === "none") return `no boundary: class ${(flat ? c > 0 : big > 0) ? 1 : 0} is more likely everywhere`;
  if (kind === "ellipse" || kind === "hyperbola") {
    const det = a11 * a22 - off * off;
    const x0 = -0.5 * (a22 * b[0] - off * b[1]) / det, y0 = -0.5 * (a11 * b[1] - off * b[0]) / det;  // the centre
    if (kind === "ellipse") return `an ellipse around ${pair(x0, y0)}; class 1 is more likely ${a11 < 0 ? "inside" : "outside"} it`;
    const f0 = c + 0.5 * (b[0] * x0 + b[1] * y0);  // the log-odds at the centre
    const opens = t * 180 / Math.PI + (f0 < 0 ? 0 : 90);
    return `a hyperbola centred at ${pair(x0, y0)} whose branches open ${opening(axisAngle(opens))}; ` +
      `class 1 is more likely ${f0 < 0 ? "inside the two branches" : "between the branches"}`;
  }
  if (kind === "parabola") {
    const lamU = big, v = lamU === lam[1] ? t + Math.PI / 2 : t;  // quadratic along u, linear along v
    const bv = b[0] * Math.cos(v) + b[1] * Math.sin(v);
    const d = lamU * bv < 0 ? v : v + Math.PI;
    return `a parabola-like curve opening toward the ${compass(d * 180 / Math.PI)}; ` +
      `class 1 is more likely ${lamU < 0 ? "inside" : "outside"} it`;
  }
  return `a degenerate curve (${kind === "line" ? "a double line" : kind})`;
}

/* ----------------------------------------------------------------- the explorers */

/** Lesson 01. Twin: bayes. */
export function describeBayes(p, t, xlim) {
  const top = `Top: two bell curves of the same width (σ = ${fmt(p.sigma, 1)} kg), the dogs' peaking at ` +
    `${fmt(p.mu_dog, 0)} kg and the elephants' at ${fmt(p.mu_elephant, 0)} kg, ` +
    `${fmt(p.phi / (1 - p.phi), 2)} times as high as the dogs'.`;
  if (t === null) return `${top} Bottom: the posterior is flat at φ = ${fmt(p.phi, 2)}: the weight tells nothing.`;
  const rising = p.mu_elephant > p.mu_dog, way = rising ? "rises" : "falls";
  if (xlim[0] <= t && t <= xlim[1]) {
    return `${top} Bottom: the posterior ${way} from left to right and crosses one half at ${fmt(t, 1)} kg, the dotted threshold.`;
  }
  const above = (t < xlim[0]) === rising;
  return `${top} Bottom: the posterior ${way} from left to right but stays ${above ? "above" : "below"} ` +
    `one half across the figure (it would cross at ${fmt(t, 1)} kg).`;
}

/** Lesson 02. Twin: gaussian. */
export function describeGaussian(mu, S) {
  const a = S[0][0], b = S[0][1], c = S[1][1], centre = pair(mu[0], mu[1]);
  if (b === 0 && a === c) {
    return `One round hill centred at ${centre}: its contour ellipses are circles; the inner one ` +
      `(r = 1) has radius ${fmt(Math.sqrt(a), 2)}.`;
  }
  const mean = (a + c) / 2, half = Math.hypot((a - c) / 2, b), big = mean + half, small = mean - half;
  const k = axisAngle(0.5 * deg(2 * b, a - c));
  return `One hill centred at ${centre}: its contour ellipses are ${fmt(Math.sqrt(big / small), 2)} times ` +
    `longer than wide, the long axis at ${k}° to the x₁-axis (${orientation(k)}); ` +
    `the inner one (r = 1) reaches ${fmt(Math.sqrt(big), 2)} from the centre along it and ` +
    `${fmt(Math.sqrt(small), 2)} across it.`;
}

/** Lesson 03. Twin: gda. */
export function describeGDA(theta, theta0, fitTheta, fitTheta0) {
  const truth = noLine(theta)
    ? "There is no true boundary: the means are equal, so p(y = 1 | x) = φ everywhere"
    : `The true boundary (solid) is ${line(theta, theta0)}`;
  const fitted = noLine(fitTheta) ? "The fitted model has no boundary"
    : `The fitted boundary (dashed) is ${line(fitTheta, fitTheta0)}`;
  return `${truth}. ${fitted}.`;
}

/** Lesson 04: Newton's iterate k (theta = [θ₁, θ₂, θ₀], solid) and GDA's boundary (dashed). Twin: newton. */
export function describeNewton(k, theta, gdaTheta, gdaTheta0) {
  const it = noLine(theta) ? `At iterate ${k} logistic regression has no boundary yet (θ₁ = θ₂ = 0)`
    : `At iterate ${k} the logistic boundary (solid) is ${line(theta.slice(0, 2), theta[2])}`;
  const closed = noLine(gdaTheta) ? "GDA has no boundary"
    : `GDA's closed-form boundary (dashed) is ${line(gdaTheta, gdaTheta0)}`;
  return `${it}. ${closed}.`;
}

/** Lesson 05: models {name: {A, b, c, conic}} in panel order. Twin: boundaries. */
export function describeBoundaries(models) {
  const parts = Object.entries(models).map(([name, m]) => `${name}: ${conic(m.A, m.b, m.c, m.conic)}.`);
  return `Class 1 is the triangles; each black curve is a boundary. ${parts.join(" ")}`;
}

/** Lesson 06, the Laplace view. Twin: laplace. */
export function describeLaplace(alpha, posterior, grid, curve) {
  const c0 = curve[0], c1 = curve[curve.length - 1];
  const trend = c1 < c0 - TIE ? "falls" : c1 > c0 + TIE ? "rises" : "stays level";
  const relation = Math.min(...curve) > 0.5 + TIE ? "staying above one half"
    : Math.max(...curve) < 0.5 - TIE ? "staying below one half" : "crossing one half";
  const text = `The curve of p(spam | x) ${trend} from ${fmt(c0, 2)} at α = ${fmt(grid[0], 2)} to ${fmt(c1, 2)} at ` +
    `α = ${fmt(grid[grid.length - 1], 2)}, ${relation}.`;
  if (posterior === null) return `${text} At α = 0 there is no dot: p(spam | x) is 0/0.`;
  const side = posterior > 0.5 ? "above" : posterior < 0.5 ? "below" : "on";
  return `${text} The dot at α = ${fmt(alpha, 2)} is at ${fmt(posterior, 2)}, ${side} the one-half line: ` +
    `${wins(posterior, "spam", "ham")}.`;
}

/** Lesson 06, the message view: top {spam: [[word, count, push]...], ham: [...]}. Twin: message. */
export function describeMessage(top, pSpam) {
  if (!top.spam.length && !top.ham.length) {
    return `No bars: no word of the message is in the vocabulary, so the prior decides: ${wins(pSpam, "spam", "ham")}.`;
  }
  const parts = [];
  let longest = null;
  for (const [k, side] of [["spam", "right"], ["ham", "left"]]) {
    const rows = top[k], n = rows.length;
    if (n) {
      const words = rows.map(([w]) => `“${w}”`).join(", ");
      parts.push(`${n} bar${n > 1 ? "s" : ""} point${n > 1 ? "" : "s"} ${side}, toward ${k}: ${words}`);
    } else parts.push(`no bar points ${side}, toward ${k}`);
    for (const [w, , v] of rows) if (longest === null || Math.abs(v) > Math.abs(longest[1]) * (1 + TIE)) longest = [w, v, k];
  }
  const text = parts.join("; ");
  return `${text[0].toUpperCase()}${text.slice(1)}. The longest bar is “${longest[0]}”, toward ${longest[2]}. ` +
    `With the prior, ${wins(pSpam, "spam", "ham")}.`;
}

/** Lesson 08. Twin: m_estimate. */
export function describeMEstimate(query, classes, cond, scores, decision, posterior, m, curveM, curve) {
  const [yes, no] = classes;
  const groups = {[yes]: [], [no]: [], equal: []};
  query.forEach((v, j) => {
    const a = cond[yes][j], b = cond[no][j];
    groups[a > b * (1 + TIE) ? yes : b > a * (1 + TIE) ? no : "equal"].push(v);
  });
  const left = [yes, no].filter((k) => groups[k].length).map((k) => `the ${k} bar is taller for ${groups[k].join(", ")}`);
  if (groups.equal.length) left.push(`the bars are equal for ${groups.equal.join(", ")}`);
  let middle;
  if (scores[yes] === 0 && scores[no] === 0) middle = "both scores are 0: no decision";
  else if (decision === "tie") middle = "the two scores are equal: a tie";
  else {
    const loser = decision === yes ? no : yes, hi = scores[decision], lo = scores[loser];
    middle = lo === 0 ? `only the ${decision} score is above 0: ${decision} wins`
      : lo * MILLION <= hi ? `the ${decision} score is over a million times the ${loser} score: ${decision} wins`
        : `the ${decision} score is ${fmt(hi / lo, 2)} times the ${loser} score: ${decision} wins`;
  }
  const value = (v) => (v === null ? "undefined (0/0)" : fmt(v, 2));
  const dot = posterior === null ? `at m = ${fmt(m, 1)} there is no dot (0/0)`
    : `the dot at m = ${fmt(m, 1)} is ${decision === yes ? "above" : decision === no ? "below" : "on"} one half`;
  return `Left: ${left.join("; ")}. Middle: ${middle}. Right: as m grows from ${fmt(curveM[0], 0)} to ` +
    `${fmt(curveM[curveM.length - 1], 0)}, P(${yes} | x) goes from ${value(curve[0])} to ${value(curve[curve.length - 1])}; ${dot}.`;
}

/** A predict-then-reveal question draws no picture. Twin: predict. */
export function describePredict(committed) {
  return committed ? "No figure: the answer is shown below, with your guess."
    : "No figure: a question; the answer stays hidden until you commit a guess.";
}
