// multivariate_gaussian.js: the explorer of the lesson on the multivariate Gaussian
// (genlearn.explorers.multivariate_gaussian.GaussianExplorer).
//
// From the parameters (mu1, mu2, sigma1, sigma2, rho, the preset, the view's azimuth and
// elevation) and the constants Python sends (presets, radii, z tiers, the box, heat-map and
// mesh sizes, palette, colour map) each frame computes Sigma, its eigen-decomposition, |Sigma|,
// the peak, the contour ellipses, the principal axes and the 3-D mesh, and draws the surface
// (left) and the density from above (right).

import {explorerPage, h, paramsOf} from "./explorer.js";
import {
  backdropFrame, canvasPanel, clipTo, colorScale, drawPolyline, fontScale, ink, outline, pixelTable, textStyle,
} from "./canvas.js";
import {describeGaussian} from "./describe.js";
import {covariance2, det2, ellipsePoints, fmt, gaussPdf2, linspace, sym2Eigen} from "./numerics.js";

/** The parameters that set N(mu, Sigma): moving one of them leaves the preset. */
const GAUSSIAN = ["mu1", "mu2", "sigma1", "sigma2", "rho"];

/** The readout lines. Twin: _readout_lines. */
function readoutLines(mu, S, det, eig, peak, zmax) {
  const f4 = (x) => fmt(x, 4);
  return [
    `μ = (${fmt(mu[0], 2)}, ${fmt(mu[1], 2)})`,
    `Σ = [[${f4(S[0][0])}, ${f4(S[0][1])}], [${f4(S[1][0])}, ${f4(S[1][1])}]]`,
    `|Σ| = ${f4(det)}`,
    `eigenvalues λ = ${f4(eig.values[0])}, ${f4(eig.values[1])}`,
    `peak 1/(2π|Σ|^½) = ${f4(peak)}`,
    `z-axis up to ${fmt(zmax, 1)}`,
  ];
}

/**
 * Vertices [x, y, z] of the 3-D mesh, rings x angles: vertex (k, j) at Mahalanobis radius
 * radii[k] in direction angles[j], each ray stopped where it leaves the box [-lim, lim]^2.
 * Twin: surface_mesh.
 */
function surfaceMesh(mu, eig, peak, lim, radii, angles) {
  const V = eig.vectors, s0 = Math.sqrt(eig.values[0]), s1 = Math.sqrt(eig.values[1]);
  const rays = angles.map((t) => {
    const u0 = Math.cos(t) * s0, u1 = Math.sin(t) * s1;
    const d = [V[0][0] * u0 + V[0][1] * u1, V[1][0] * u0 + V[1][1] * u1];
    let rmax = Infinity;
    for (let i = 0; i < 2; i++) if (d[i] !== 0) rmax = Math.min(rmax, (Math.sign(d[i]) * lim - mu[i]) / d[i]);
    return {d, rmax};
  });
  return radii.map((rk) => rays.map(({d, rmax}) => {
    const r = Math.min(rk, rmax);
    return [mu[0] + r * d[0], mu[1] + r * d[1], peak * Math.exp(-0.5 * r * r)];
  }));
}

/** Every number of one frame, from the traits (get(name)); `state` is what the page publishes. */
export function frame(get) {
  const params = paramsOf(get);
  const mu = [params.mu1, params.mu2], Sigma = covariance2(params.sigma1, params.sigma2, params.rho);
  const eig = sym2Eigen(Sigma), det = det2(Sigma), pdf = gaussPdf2(mu, Sigma), peak = pdf(mu[0], mu[1]);
  const tiers = get("z_tiers"), lim = get("lim");
  const zmax = tiers.find((z) => peak <= 0.95 * z) ?? tiers[tiers.length - 1];
  const mesh = surfaceMesh(mu, eig, peak, lim, get("surface_radii"), get("surface_angles"));
  const ellipses = get("radii").map((r) => ellipsePoints(mu, eig, r, 73));
  const axes = [0, 1].map((j) => {
    const s = Math.sqrt(eig.values[j]), v = [eig.vectors[0][j], eig.vectors[1][j]];
    return [[mu[0] - s * v[0], mu[1] - s * v[1]], [mu[0] + s * v[0], mu[1] + s * v[1]]];
  });
  const grid = linspace(-lim, lim, get("heat_n")), hx = get("heat_probes").map((i) => grid[i]);
  const [rings, angles] = get("surface_probes");
  return {
    mu, Sigma, det, peak, zmax, mesh, ellipses, axes, grid, lim,
    state: {
      mu, Sigma, det, eigenvalues: eig.values, eigenvectors: eig.vectors, peak, zmax, ellipses, axes,
      heat: {x: hx, y: hx, z: hx.map((y) => hx.map((x) => pdf(x, y)))},
      surface: rings.flatMap((k) => angles.map((j) => mesh[k][j])),
      readouts: readoutLines(mu, Sigma, det, eig, peak, zmax), description: describeGaussian(mu, Sigma),
      preset: params.preset, params,
    },
  };
}

/* ---------------------------------------------------------------- 3-D view */

const ZH = 0.9;  // height of the box relative to its half-width

/**
 * Where the box [-1, 1]^2 x [0, ZH] lands in a panel W x H (CSS pixels) seen by an
 * orthographic camera at azimuth az and elevation el (degrees, as matplotlib's view_init):
 * screen([x, y, z]) -> [X, Y, depth toward the camera]. The box fits at every azimuth
 * (turning does not zoom).
 */
function surfaceView(W, H, az, el) {
  const a = az * Math.PI / 180, e = el * Math.PI / 180;
  const right = [-Math.sin(a), Math.cos(a), 0];
  const up = [-Math.sin(e) * Math.cos(a), -Math.sin(e) * Math.sin(a), Math.cos(e)];
  const toward = [Math.cos(e) * Math.cos(a), Math.cos(e) * Math.sin(a), Math.sin(e)];
  const dot = (u, q) => u[0] * q[0] + u[1] * q[1] + u[2] * q[2];
  const scale = 0.92 * Math.min(W / (2 * Math.SQRT2), H / (ZH * Math.cos(e) + 2 * Math.SQRT2 * Math.sin(e)));
  const cx = W / 2, cy = H / 2 + scale * ZH * Math.cos(e) / 2 - scale * 0.02;
  return (q) => [cx + scale * dot(q, right), cy - scale * dot(q, up), dot(q, toward)];
}

/** The floor grid, the z-axis at the corner farthest from the camera, and the labels. */
function drawBox(ctx, W, H, screen, zmax, lim) {
  ctx.clearRect(0, 0, W, H);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "#c8c8c8";
  for (const t of [-1, -0.5, 0, 0.5, 1]) {
    for (const [a, b] of [[[t, -1, 0], [t, 1, 0]], [[-1, t, 0], [1, t, 0]]]) {
      const A = screen(a), B = screen(b);
      ctx.beginPath(); ctx.moveTo(A[0], A[1]); ctx.lineTo(B[0], B[1]); ctx.stroke();
    }
  }
  let back = null;
  for (const cx of [-1, 1]) for (const cy of [-1, 1]) {
    const s = screen([cx, cy, 0]);
    if (!back || s[2] < back.depth) back = {corner: [cx, cy], depth: s[2]};
  }
  const z0 = screen([...back.corner, 0]), z1 = screen([...back.corner, ZH]);
  ctx.strokeStyle = "#666";
  ctx.beginPath(); ctx.moveTo(z0[0], z0[1]); ctx.lineTo(z1[0], z1[1]); ctx.stroke();
  textStyle(ctx, 12);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const frac of [0, 0.5, 1]) {
    const s = screen([...back.corner, frac * ZH]);
    ctx.fillText(fmt(frac * zmax, 2), s[0] - 4, s[1]);
  }
  // axis names and ticks at the front edges; each name beyond its middle tick, away from the
  // floor's centre, by a line of text in screen space (so it never sits on the tick, at any turn)
  ctx.textAlign = "center";
  const c = screen([0, 0, 0]), away = 20 * fontScale(ctx.canvas);
  for (const [q, text] of [[[0, -1.08, 0], "x₁"], [[-1.08, 0, 0], "x₂"]]) {
    const s = screen(q), dx = s[0] - c[0], dy = s[1] - c[1], n = Math.hypot(dx, dy);
    const [ux, uy] = n > 1 ? [dx / n, dy / n] : [0, 1];
    ctx.fillText(text, s[0] + ux * away, s[1] + uy * away);
  }
  for (const t of [-0.5, 0, 0.5]) {  // none at the corners: there they ran into the z-axis labels
    const s1 = screen([t, -1.08, 0]), s2 = screen([-1.08, t, 0]);
    ctx.fillText(String(t * lim), s1[0], s1[1]);
    ctx.fillText(String(t * lim), s2[0], s2[1]);
  }
}

/**
 * Fill triangle (x0, y0), (x1, y1), (x2, y2) with `color`: the pixels whose centres lie
 * inside, row by row (a pixel on an edge shared by two triangles is filled by one of them,
 * so a mesh shows no seams).
 */
function fillTriangle(pixels, W, H, x0, y0, x1, y1, x2, y2, color) {
  let t;  // sort the corners by y
  if (y1 < y0) { t = y0; y0 = y1; y1 = t; t = x0; x0 = x1; x1 = t; }
  if (y2 < y0) { t = y0; y0 = y2; y2 = t; t = x0; x0 = x2; x2 = t; }
  if (y2 < y1) { t = y1; y1 = y2; y2 = t; t = x1; x1 = x2; x2 = t; }
  if (!(y2 > y0)) return;  // flat (or not a number)
  const long = (x2 - x0) / (y2 - y0), upper = (x1 - x0) / (y1 - y0 || 1), lower = (x2 - x1) / (y2 - y1 || 1);
  const rowEnd = Math.min(H, Math.ceil(y2 - 0.5));
  for (let row = Math.max(0, Math.ceil(y0 - 0.5)); row < rowEnd; row++) {
    const y = row + 0.5;
    let xa = x0 + long * (y - y0);
    let xb = y < y1 ? x0 + upper * (y - y0) : x1 + lower * (y - y1);
    if (xa > xb) { t = xa; xa = xb; xb = t; }
    const start = Math.max(0, Math.ceil(xa - 0.5)), end = Math.min(W, Math.ceil(xb - 0.5));
    if (end > start) pixels.fill(color, row * W + start, row * W + end);
  }
}

/** Every step-th item of a list, the last one included when (length - 1) is a multiple of step. */
const everyOther = (list, step) => ((list.length - 1) % step === 0 ? list.filter((_, i) => i % step === 0) : list);

/**
 * The surface: quads of the mesh, flat-coloured by height, painted back to front. A draft
 * (step 2) takes every other ring and every other angle of the mesh: a quarter of the quads.
 */
function drawMesh(layer, screen, f, cmap, step = 1) {
  const {pixels, width: W, height: H} = layer.frame();
  const s = layer.scale, mesh = step === 1 ? f.mesh : everyOther(f.mesh, step).map((ring) => everyOther(ring, step));
  const P = mesh.map((ring) => ring.map(([x, y, z]) => {
    const q = screen([x / f.lim, y / f.lim, z / f.zmax * ZH]);
    return [s * q[0], s * q[1], q[2]];
  }));
  const quads = [];
  for (let k = 0; k + 1 < mesh.length; k++) {
    for (let j = 0; j + 1 < mesh[k].length; j++) {
      const depth = P[k][j][2] + P[k][j + 1][2] + P[k + 1][j + 1][2] + P[k + 1][j][2];
      const z = (mesh[k][j][2] + mesh[k][j + 1][2] + mesh[k + 1][j + 1][2] + mesh[k + 1][j][2]) / 4;
      quads.push({k, j, depth, color: cmap.pixel(z / f.zmax)});
    }
  }
  quads.sort((u, v) => u.depth - v.depth);
  for (const {k, j, color} of quads) {
    const a = P[k][j], b = P[k][j + 1], c = P[k + 1][j + 1], d = P[k + 1][j];
    fillTriangle(pixels, W, H, a[0], a[1], b[0], b[1], c[0], c[1], color);
    fillTriangle(pixels, W, H, a[0], a[1], c[0], c[1], d[0], d[1], color);
  }
  layer.show();
}

/* ---------------------------------------------------------------- 2-D view */

/**
 * The heat map: the colour of the density at each point of the n x n grid g x g (image row 0
 * at the top, y = g[n - 1]). The density depends on a point only through its squared
 * Mahalanobis distance q, so the colour is looked up in a table over q (pixelTable), a row
 * at a time. A draft (step 2) computes every other row and column and copies each value to
 * the pixels after it.
 */
const rowQ = new Map();  // per grid size: a row of q, kept between frames
function heatMap(pixels, g, f, cmap, step = 1) {
  const n = g.length, top = f.peak / f.zmax, [m0, m1] = f.mu, S = f.Sigma;
  const ia = S[1][1] / f.det, ib = -S[0][1] / f.det, ic = S[0][0] / f.det;  // inverse of Sigma
  // past qmax the density is below half the scale's first step (its lowest colour)
  const qmax = 1 + 2 * Math.log(Math.max(1, 2 * (cmap.n - 1) * top));
  const color = pixelTable((q) => cmap.pixel(top * Math.exp(-0.5 * q)), 0, qmax);
  if (!rowQ.has(n)) rowQ.set(n, new Float64Array(n));
  const q = rowQ.get(n);
  for (let i = 0; i < n; i++) {
    if (i % step) { pixels.copyWithin(i * n, (i - 1) * n, i * n); continue; }
    const d1 = g[n - 1 - i] - m1, b = 2 * ib * d1, c = ic * d1 * d1, row = i * n;
    for (let j = 0; j < n; j += step) {
      const d0 = g[j] - m0;
      q[j] = d0 * (ia * d0 + b) + c;
    }
    if (step === 1) color.fill(pixels, row, q, 0, n);
    else for (let j = 0; j < n; j++) pixels[row + j] = j % step ? pixels[row + j - 1] : color(q[j]);
  }
}

function drawContours(panel, layers, f, axisStyles, cmap, step) {
  const {ctx, width: W, height: H} = panel;
  const {px, box} = backdropFrame(panel, layers, [-f.lim, f.lim], {ticks: [-4, -2, 0, 2, 4]});
  ctx.clearRect(0, 0, W, H);
  heatMap(layers.image.pixels, f.grid, f, cmap, step);
  layers.image.show();
  clipTo(ctx, box);
  for (const pts of f.ellipses) drawPolyline(ctx, pts, px, "#ffffff", 1.5);
  f.axes.forEach((seg, j) => { drawPolyline(ctx, seg, px, axisStyles[j].color, 3, axisStyles[j].dash); });
  const [X, Y] = px(f.mu);
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(X - 6, Y); ctx.lineTo(X + 6, Y); ctx.moveTo(X, Y - 6); ctx.lineTo(X, Y + 6);
  ctx.stroke();
  ctx.restore();
  outline(ctx, box);
}

/* ---------------------------------------------------------------- the widget */

function render(args) {
  const presets = args.model.get("presets");
  const page = explorerPage(args, {
    frame, readouts: "Numbers of this Gaussian",
    // a preset sets its exact values; moving one of its parameters leaves it
    also(values, get) {
      if (values.preset) return presets[values.preset];
      return GAUSSIAN.some((k) => k in values) && get("preset") !== "" ? {preset: ""} : {};
    },
  });
  const {model} = page;
  const cmap = colorScale(model.get("colormap"));
  const axisStyles = model.get("axis_styles");  // colour and dash: told apart without colour too
  const surface = canvasPanel("3-D surface of the density; drag to turn it", 0.78, 400);
  const contour = canvasPanel("Density from above: heat map, contour ellipses at r = 1, 2, 3 " +
                              "and the principal axes", 0.78, 400);
  const caption = h("div", {class: "gl-caption"},
    "Right: white ellipses at Mahalanobis radius r = 1, 2, 3; principal axes of half-length √λ ",
    "(orange solid: short, vermillion dashed: long); + marks μ.");
  page.root.append(page.controls.node, page.out.node, h("div", {class: "gl-figures"}, surface.node, contour.node),
                   caption);
  const layers = {back: contour.backdrop(), image: contour.image(model.get("heat_n"))};
  const mesh3d = surface.raster();
  let boxKey = null;  // the box is drawn again only when the view, the z-axis or the ink (a theme) changes

  // drag the surface to turn and tilt it
  let drag = null;
  // the drag turns the surface (so a swipe on it does not scroll); the turn and tilt sliders
  // do the same from the keyboard and without a drag (WCAG 2.5.7)
  surface.canvas.style.touchAction = "none";
  const ranges = Object.fromEntries(model.get("parameters").map((c) => [c.name, [c.min, c.max]]));
  const clamp = (v, [lo, hi]) => Math.min(hi, Math.max(lo, v));
  surface.canvas.addEventListener("pointerdown", (ev) => {
    drag = {x: ev.clientX, y: ev.clientY, az: model.get("azimuth"), el: model.get("elevation")};
    surface.canvas.setPointerCapture(ev.pointerId);
  });
  surface.canvas.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const az = drag.az - (ev.clientX - drag.x) * 0.5;
    page.changed({azimuth: clamp(Math.round((((az + 180) % 360) + 360) % 360 - 180), ranges.azimuth),
                  elevation: clamp(Math.round(drag.el + (ev.clientY - drag.y) * 0.3), ranges.elevation)});
    page.controls.sync();
  });
  const endDrag = () => { drag = null; };
  surface.canvas.addEventListener("pointerup", endDrag);
  surface.canvas.addEventListener("pointercancel", endDrag);

  // a draft (drawn while a control moves) draws the surface and the heat map on coarser grids
  return page.start((f, draft) => {
    const step = draft ? 2 : 1;
    const az = model.get("azimuth"), el = model.get("elevation");
    const screen = surfaceView(surface.width, surface.height, az, el);
    const key = [surface.width, surface.height, surface.canvas.width, az, el, f.zmax, f.lim, ink(surface.canvas)]
      .join(" ");
    if (key !== boxKey) {
      drawBox(surface.ctx, surface.width, surface.height, screen, f.zmax, f.lim);
      boxKey = key;
    }
    drawMesh(mesh3d, screen, f, cmap, step);
    // the view from above is drawn again only when the density or the panel changed (turning the
    // surface leaves it; the panel forgets its key when it resizes or the theme changes), or in
    // full when it was last drawn as a draft
    const flat = `${f.mu} ${f.Sigma} ${f.zmax} ${f.lim} ${contour.width} ${contour.height} ${contour.canvas.width}`;
    if (contour.key !== flat || (!draft && contour.step !== 1)) {
      drawContours(contour, layers, f, axisStyles, cmap, step);
      contour.key = flat;
      contour.step = step;
    }
  }, [surface, contour]);
}

export default {render};
