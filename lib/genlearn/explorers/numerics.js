// numerics.js: the numbers the explorers compute, with no page and no drawing.
//
// Every function here has a numpy twin in genlearn, named in its comment; the explorer
// check suite (tests/test_explorer_contract.py) runs each explorer's frame() in Node.js at
// random points of its parameter ranges and compares the numbers with the twins to 1e-9.

/* ------------------------------------------------------------------ text */

/**
 * x with `digits` decimals, as every readout prints it; twin: genlearn.explorers.explorer.fmt
 * (the same three steps, in Python):
 *   1. x is rounded to 12 significant digits, ties away from zero (toPrecision). Two
 *      correct computations in a different order differ in the 16th or 17th digit; this
 *      step keeps that noise from deciding a printed digit (0.18749999999999997 is 0.1875).
 *   2. The result is rounded to `digits` decimals on its exact binary value, ties away
 *      from zero (toFixed): 0.125 gives "0.13", 1.005 (1.00499999999999989...) "1.00".
 *   3. A text that reads as zero has no minus sign ("-0.00" would read as a negative number).
 */
export function fmt(x, digits) {
  const s = Number(Number(x).toPrecision(12)).toFixed(digits);
  return s.startsWith("-") && Number(s) === 0 ? s.slice(1) : s;
}

/* ------------------------------------------------------------- sequences */

/** `num` evenly spaced numbers from a to b, the last exactly b. Twin: numpy.linspace. */
export function linspace(a, b, num) {
  const out = new Array(num);
  const step = (b - a) / (num - 1);
  for (let i = 0; i < num; i++) out[i] = a + i * step;
  out[num - 1] = b;
  return out;
}

/* ------------------------------------------------------- 2x2 linear algebra */

/** Determinant of a 2x2 matrix. Twin: numpy.linalg.det. */
export const det2 = (S) => S[0][0] * S[1][1] - S[0][1] * S[1][0];

/** Inverse of an invertible 2x2 matrix. Twin: numpy.linalg.inv. */
export function inv2(S) {
  const d = det2(S);
  return [[S[1][1] / d, -S[0][1] / d], [-S[1][0] / d, S[0][0] / d]];
}

/** The matrix-vector product S v. */
export const mul2 = (S, v) => [S[0][0] * v[0] + S[0][1] * v[1], S[1][0] * v[0] + S[1][1] * v[1]];

/** The dot product u . v. */
export const dot2 = (u, v) => u[0] * v[0] + u[1] * v[1];

/** Lower Cholesky factor L of a 2x2 positive definite S = L L^T. Twin: numpy.linalg.cholesky. */
export function cholesky2(S) {
  const l00 = Math.sqrt(S[0][0]), l10 = S[1][0] / l00;
  return [[l00, 0], [l10, Math.sqrt(S[1][1] - l10 * l10)]];
}

/** [[s1^2, rho s1 s2], [rho s1 s2, s2^2]]. Twin: genlearn.gaussian.covariance. */
export function covariance2(s1, s2, rho) {
  const c = rho * s1 * s2;
  return [[s1 * s1, c], [c, s2 * s2]];
}

/**
 * Eigen-decomposition of a symmetric 2x2 matrix S = [[a, b], [b, c]].
 * Returns {values: [small, large], vectors: [[v00, v01], [v10, v11]]}, the
 * columns being unit eigenvectors (column j belongs to values[j]), each signed
 * so that its largest-magnitude entry is positive (the first on a tie).
 * Twin: genlearn.gaussian.principal_axes (values: numpy.linalg.eigvalsh).
 */
export function sym2Eigen(S) {
  const a = S[0][0], b = S[0][1], c = S[1][1];
  const mean = (a + c) / 2, half = Math.hypot((a - c) / 2, b);
  const values = [mean - half, mean + half];
  let small, large;
  if (b === 0) {  // already diagonal: the coordinate axes (numpy's order on a tie)
    [small, large] = a <= c ? [[1, 0], [0, 1]] : [[0, 1], [1, 0]];
  } else {
    const t = 0.5 * Math.atan2(2 * b, a - c);  // angle of the long axis
    large = [Math.cos(t), Math.sin(t)];
    small = [-Math.sin(t), Math.cos(t)];
  }
  const signed = (v) => {
    const i = Math.abs(v[1]) > Math.abs(v[0]) * (1 + 1e-12) ? 1 : 0;
    return v[i] < 0 ? [-v[0], -v[1]] : v;
  };
  small = signed(small);
  large = signed(large);
  return {values, vectors: [[small[0], large[0]], [small[1], large[1]]]};
}

/* ------------------------------------------------------- Gaussians in 2-D */

/**
 * Points of the contour (x - mu)^T S^-1 (x - mu) = r^2 of N(mu, S), whose eigen-decomposition
 * is `eig` (sym2Eigen): mu + r V diag(sqrt(lambda)) u(t), t = linspace(0, 2 pi, num).
 * Twin: genlearn.gaussian.ellipse_points.
 */
export function ellipsePoints(mu, eig, r, num = 73) {
  const V = eig.vectors, s0 = Math.sqrt(eig.values[0]), s1 = Math.sqrt(eig.values[1]);
  return linspace(0, 2 * Math.PI, num).map((t) => {
    const u0 = Math.cos(t) * s0, u1 = Math.sin(t) * s1;
    return [mu[0] + r * (V[0][0] * u0 + V[0][1] * u1), mu[1] + r * (V[1][0] * u0 + V[1][1] * u1)];
  });
}

/**
 * The density of N(mu, S) in 2-D as a function (x, y) -> p, with the inverse and
 * determinant computed once. Twin: genlearn.gaussian.pdf.
 */
export function gaussPdf2(mu, S) {
  const P = inv2(S), norm = 1 / (2 * Math.PI * Math.sqrt(det2(S)));
  const ia = P[0][0], ib = P[0][1], ic = P[1][1], m0 = mu[0], m1 = mu[1];
  return (x, y) => {
    const d0 = x - m0, d1 = y - m1;
    return norm * Math.exp(-0.5 * (ia * d0 * d0 + 2 * ib * d0 * d1 + ic * d1 * d1));
  };
}

/** Count m, mean mu and scatter sum S = sum of (x - mu)(x - mu)^T of the 2-D points P. */
export function classStats(P) {
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

const scaled = (S, k) => S.map((row) => row.map((v) => v / k));

/**
 * The maximum-likelihood fits of the two-class Gaussian models to the points X0 (y = 0) and
 * X1 (y = 1): priors phi = [m0 / m, m1 / m], class means mu, and the covariances
 * qda = [S0 / m0, S1 / m1], lda = (S0 + S1) / m (one shared, as GDA) and nb = the diagonal of
 * each qda. Twins: the fitted phi_, mu_ and covariances of genlearn's QDA, GDA and GaussianNB.
 */
export function gaussianFits(X0, X1) {
  const st = [classStats(X0), classStats(X1)], m = st[0].m + st[1].m;
  const qda = [scaled(st[0].S, st[0].m), scaled(st[1].S, st[1].m)];
  const pooled = [0, 1].map((i) => [0, 1].map((j) => st[0].S[i][j] + st[1].S[i][j]));
  return {
    counts: [st[0].m, st[1].m], phi: [st[0].m / m, st[1].m / m], mu: [st[0].mu, st[1].mu], qda,
    lda: scaled(pooled, m), nb: qda.map((S) => [[S[0][0], 0], [0, S[1][1]]]),
  };
}

/**
 * The log-odds log p(y=1|x) / p(y=0|x) = x^T A x + b^T x + c of a two-class Gaussian model
 * with priors phi, means mu and covariances Sigma (one per class; with one shared Sigma,
 * A = 0 and b, c are GDA's theta, theta0). Returns {A, b, c, f(x1, x2)}.
 * Twin: the estimators' quadratic_form() (GDA: theta_, theta0_).
 */
export function quadraticForm(phi, mu, Sigma) {
  const P0 = inv2(Sigma[0]), P1 = inv2(Sigma[1]);
  const A = [0, 1].map((i) => [0, 1].map((j) => -0.5 * (P1[i][j] - P0[i][j])));
  const w1 = mul2(P1, mu[1]), w0 = mul2(P0, mu[0]);
  const b = [w1[0] - w0[0], w1[1] - w0[1]];
  const c = -0.5 * (dot2(mu[1], w1) - dot2(mu[0], w0))
            - 0.5 * (Math.log(det2(Sigma[1])) - Math.log(det2(Sigma[0]))) + Math.log(phi[1] / phi[0]);
  const a11 = A[0][0], a12 = A[0][1] + A[1][0], a22 = A[1][1];
  const f = (x, y) => a11 * x * x + a12 * x * y + a22 * y * y + b[0] * x + b[1] * y + c;
  return {A, b, c, f};
}

/* ------------------------------------------------------------ probabilities */

/** 1 / (1 + e^-t). Twin: genlearn._base.sigmoid. */
export const sigmoid = (t) => 1 / (1 + Math.exp(-t));

/** log(e^a + e^b) without overflow. Twin: numpy.logaddexp. */
export function logAddExp(a, b) {
  const m = Math.max(a, b);
  return m === -Infinity ? -Infinity : m + Math.log1p(Math.exp(-Math.abs(a - b)));
}

/**
 * P(class 1 | x) from the log joints l1 = log p(x, y=1) and l0 = log p(x, y=0), computed in log
 * space (finite however small both joints are); null when both joints are 0 (0/0).
 * Twin: predict_proba of the naive Bayes estimators.
 */
export function posteriorFromLogs(l1, l0) {
  if (l1 === -Infinity && l0 === -Infinity) return null;
  return Math.exp(l1 - logAddExp(l0, l1));
}

/* ------------------------------------------------------------ seeded draws */

/**
 * mulberry32, a 32-bit generator small enough to compute exactly in JavaScript and in Python:
 * mulberry32(seed)() returns the next whole number in [0, 2^32). Twin:
 * genlearn.demos.seeded_draws.mulberry32 (the same integers, bit for bit).
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * The seeded draws of a sample of m points: `noise`, m standard-normal pairs by Box–Muller
 * (u1 = (k + 1) / 2^32 in (0, 1], u2 = k' / 2^32: r = sqrt(-2 log u1), angle 2 pi u2), then
 * `order`, a permutation of 0..m-1 by Fisher–Yates (j = floor(k (i + 1) / 2^32), exact), all
 * from one mulberry32(seed) stream. Twin: genlearn.demos.seeded_draws.seeded_draws (order
 * equal, noise to the last bit or two of log, cos and sin).
 */
export function seededDraws(m, seed) {
  const next = mulberry32(seed), TWO32 = 4294967296;
  const noise = new Array(m);
  for (let i = 0; i < m; i++) {
    const u1 = (next() + 1) / TWO32, u2 = next() / TWO32;
    const r = Math.sqrt(-2 * Math.log(u1)), t = 2 * Math.PI * u2;
    noise[i] = [r * Math.cos(t), r * Math.sin(t)];
  }
  const order = Array.from({length: m}, (_, i) => i);
  for (let i = m - 1; i > 0; i--) {
    const j = Math.floor((next() * (i + 1)) / TWO32);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return {noise, order};
}

/* ------------------------------------------------------------------ sound */

/**
 * The pitch (Hz) at which the Listen button plays each value of a curve; null: a silence.
 * Twin: genlearn.explorers.explorer.pitches. `listen` is the explorer's `listen` trait: the curve's
 * declared range [lo, hi] and the pitches of its ends, pitch_low and pitch_high (220 and 880 Hz).
 * A value v sounds at pitch_low * (pitch_high / pitch_low)^t, t = (v - lo) / (hi - lo) clipped to
 * [0, 1]: a log scale of frequency (equal steps of the value, equal musical intervals), strictly
 * rising with v; a missing value (null, NaN: a 0/0 of the curve; or infinite) is a silence.
 */
export function pitches(values, {lo, hi, pitch_low: low, pitch_high: high}) {
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
    return low * (high / low) ** t;
  });
}
