// multivariate_gaussian.js: the explorer of notebook 02 (genlearn.demos.multivariate_gaussian.GaussianExplorer).
//
// Joined after explorer.js (its helpers: h, slider, select, readouts, canvasPanel, frameScheduler,
// pageModel, fmt, sym2Eigen, ellipsePoints, gaussPdf2, colorScale, pixelTable, plotFrame, drawPolyline, ...).
// Python sends the parameters (mu1, mu2, sigma1, sigma2, rho, preset, azimuth, elevation) and the
// constants (presets, ranges, radii, z_tiers, lim, heat-map and mesh sizes, palette, colormap); this
// file computes every frame: Sigma, its eigen-decomposition, |Sigma|, the peak, the density on the
// heat-map grid, the contour ellipses, the principal axes and the 3-D mesh, and draws them.
// Every number published in data-state has its twin in multivariate_gaussian.explorer_state.

const PARAMS = ["mu1", "mu2", "sigma1", "sigma2", "rho"];
const LABELS = {
  mu1: "μ₁ (mean of x₁)", mu2: "μ₂ (mean of x₂)", sigma1: "σ₁ (sd of x₁)",
  sigma2: "σ₂ (sd of x₂)", rho: "ρ (correlation)", azimuth: "turn (°)", elevation: "tilt (°)",
};
const DIGITS = {mu1: 2, mu2: 2, sigma1: 3, sigma2: 3, rho: 3, azimuth: 0, elevation: 0};

/** Everything one frame needs, from the model's traits. Twin: explorer_state (without drawing). */
function computeFrame(model) {
  const p = Object.fromEntries(PARAMS.map((k) => [k, model.get(k)]));
  const mu = [p.mu1, p.mu2];
  const c = p.rho * p.sigma1 * p.sigma2;
  const Sigma = [[p.sigma1 * p.sigma1, c], [c, p.sigma2 * p.sigma2]];  // gaussian.covariance
  const eig = sym2Eigen(Sigma);
  const det = Sigma[0][0] * Sigma[1][1] - Sigma[0][1] * Sigma[1][0];
  const pdf = gaussPdf2(mu, Sigma);
  const peak = pdf(mu[0], mu[1]);
  const tiers = model.get("z_tiers");
  const zmax = tiers.find((z) => peak <= 0.95 * z) ?? tiers[tiers.length - 1];
  return {p, mu, Sigma, eig, det, pdf, peak, zmax};
}

/** Vertices [x, y, z] of the 3-D mesh, rings x angles. Twin: surface_mesh. */
function surfaceMesh(f, model) {
  const lim = model.get("lim"), radii = model.get("surface_radii"), angles = model.get("surface_angles");
  const V = f.eig.vectors, s0 = Math.sqrt(f.eig.values[0]), s1 = Math.sqrt(f.eig.values[1]);
  const dirs = angles.map((t) => {
    const u0 = Math.cos(t) * s0, u1 = Math.sin(t) * s1;
    const d = [V[0][0] * u0 + V[0][1] * u1, V[1][0] * u0 + V[1][1] * u1];
    let rmax = Infinity;  // where the ray leaves the box [-lim, lim]^2
    for (let i = 0; i < 2; i++) if (d[i] !== 0) rmax = Math.min(rmax, (Math.sign(d[i]) * lim - f.mu[i]) / d[i]);
    return {d, rmax};
  });
  return radii.map((rk) => dirs.map(({d, rmax}) => {
    const r = Math.min(rk, rmax);
    return [f.mu[0] + r * d[0], f.mu[1] + r * d[1], f.peak * Math.exp(-0.5 * r * r)];
  }));
}

/** The readout lines. Twin: readout_lines. */
function readoutLines(f) {
  const S = f.Sigma, f4 = (x) => fmt(x, 4);
  return [
    `μ = (${fmt(f.mu[0], 2)}, ${fmt(f.mu[1], 2)})`,
    `Σ = [[${f4(S[0][0])}, ${f4(S[0][1])}], [${f4(S[1][0])}, ${f4(S[1][1])}]]`,
    `|Σ| = ${f4(f.det)}`,
    `eigenvalues λ = ${f4(f.eig.values[0])}, ${f4(f.eig.values[1])}`,
    `peak 1/(2π|Σ|^½) = ${f4(f.peak)}`,
    `z-axis up to ${fmt(f.zmax, 1)}`,
  ];
}

/* ---------------------------------------------------------------- 3-D view */

/** Orthographic camera at azimuth az, elevation el (degrees), as matplotlib's view_init. */
function camera(az, el) {
  const a = az * Math.PI / 180, e = el * Math.PI / 180;
  const right = [-Math.sin(a), Math.cos(a), 0];
  const up = [-Math.sin(e) * Math.cos(a), -Math.sin(e) * Math.sin(a), Math.cos(e)];
  const toward = [Math.cos(e) * Math.cos(a), Math.cos(e) * Math.sin(a), Math.sin(e)];
  const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  return {
    // point in box units ([-1, 1]^2 x [0, ZH]) -> [screen x, screen y (up), depth (toward camera)]
    project: (q) => [dot(q, right), dot(q, up), dot(q, toward)],
    elev: e,
  };
}

const ZH = 0.9;  // height of the box relative to its half-width

/**
 * Where the box [-1, 1]^2 x [0, ZH] lands in a panel W x H (CSS pixels) seen from the
 * model's camera: screen([x, y, z]) -> [X, Y, depth]. The box fits at every azimuth
 * (turning does not zoom).
 */
function surfaceView(W, H, model) {
  const cam = camera(model.get("azimuth"), model.get("elevation"));
  const e = cam.elev, R = Math.SQRT2;
  const scale = 0.92 * Math.min(W / (2 * R), H / (ZH * Math.cos(e) + 2 * R * Math.sin(e)));
  const cx = W / 2, cy = H / 2 + scale * ZH * Math.cos(e) / 2 - scale * 0.02;
  return (q) => { const s = cam.project(q); return [cx + scale * s[0], cy - scale * s[1], s[2]]; };
}

/** The floor grid, the z-axis at the corner farthest from the camera, and the labels. */
function drawBox(ctx, W, H, screen, zmax, lim) {
  ctx.clearRect(0, 0, W, H);
  ctx.lineWidth = 1; ctx.strokeStyle = "#c8c8c8";
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
  ctx.strokeStyle = "#666"; ctx.beginPath(); ctx.moveTo(z0[0], z0[1]); ctx.lineTo(z1[0], z1[1]); ctx.stroke();
  ctx.fillStyle = "#000"; ctx.font = "12px system-ui, sans-serif"; ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (const frac of [0, 0.5, 1]) {
    const s = screen([...back.corner, frac * ZH]);
    ctx.fillText(fmt(frac * zmax, 2), s[0] - 4, s[1]);
  }
  ctx.textAlign = "center";  // axis names and ticks at the front edges
  for (const [q, text] of [[[0, -1.18, 0], "x₁"], [[-1.18, 0, 0], "x₂"]]) {
    const s = screen(q);
    ctx.fillText(text, s[0], s[1]);
  }
  for (const t of [-0.5, 0, 0.5]) {  // none at the corners: there they ran into the z-axis labels and each other
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

/** The surface: quads of the mesh, flat-coloured by height, painted back to front. */
function drawMesh(layer, screen, f, mesh, lim, cmap) {
  const {pixels, width: W, height: H} = layer.frame();
  const s = layer.scale;
  const P = mesh.map((ring) => ring.map(([x, y, z]) => {
    const q = screen([x / lim, y / lim, z / f.zmax * ZH]);
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
 * Mahalanobis distance q, so the colour is looked up in a table over q (pixelTable); the
 * densities themselves are f.pdf (published at the probes).
 */
function heatMap(pixels, g, f, cmap) {
  const n = g.length, top = f.peak / f.zmax, [m0, m1] = f.mu, S = f.Sigma;
  const ia = S[1][1] / f.det, ib = -S[0][1] / f.det, ic = S[0][0] / f.det;  // inverse of Sigma
  // past qmax the density is below half the scale's first step (its lowest colour)
  const qmax = 1 + 2 * Math.log(Math.max(1, 2 * (cmap.n - 1) * top));
  const color = pixelTable((q) => cmap.pixel(top * Math.exp(-0.5 * q)), 0, qmax);
  for (let i = 0; i < n; i++) {
    const d1 = g[n - 1 - i] - m1, b = 2 * ib * d1, c = ic * d1 * d1, row = i * n;
    for (let j = 0; j < n; j++) { const d0 = g[j] - m0; pixels[row + j] = color(d0 * (ia * d0 + b) + c); }
  }
}

function drawContours(panel, layers, f, model, cmap) {
  const {ctx, width: W, height: H} = panel;
  const lim = model.get("lim"), n = model.get("heat_n");
  const {px, box} = backdropFrame(panel, layers, [-lim, lim], {ticks: [-4, -2, 0, 2, 4]});
  ctx.clearRect(0, 0, W, H);
  const g = linspace(-lim, lim, n);
  heatMap(layers.image.pixels, g, f, cmap);
  layers.image.show();
  ctx.save(); ctx.beginPath(); ctx.rect(box.x, box.y, box.size, box.size); ctx.clip();
  const ellipses = model.get("radii").map((r) => ellipsePoints(f.mu, f.eig, r, 73));
  for (const pts of ellipses) drawPolyline(ctx, pts, px, "#ffffff", 1.5);
  const colors = [model.get("palette").orange, model.get("palette").vermillion];
  const axes = [0, 1].map((j) => {
    const s = Math.sqrt(f.eig.values[j]), v = [f.eig.vectors[0][j], f.eig.vectors[1][j]];
    return [[f.mu[0] - s * v[0], f.mu[1] - s * v[1]], [f.mu[0] + s * v[0], f.mu[1] + s * v[1]]];
  });
  axes.forEach((seg, j) => drawPolyline(ctx, seg, px, colors[j], 3));
  const [X, Y] = px(f.mu);
  ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 1.5; ctx.beginPath();
  ctx.moveTo(X - 6, Y); ctx.lineTo(X + 6, Y); ctx.moveTo(X, Y - 6); ctx.lineTo(X, Y + 6); ctx.stroke();
  ctx.restore();
  ctx.strokeStyle = "#000"; ctx.lineWidth = 1; ctx.strokeRect(box.x, box.y, box.size, box.size);
  return {ellipses, axes, grid: g};
}

/* ---------------------------------------------------------------- the widget */

function render({model: widgetModel, el}) {
  const model = pageModel(widgetModel);
  const root = explorerRoot(el, "Multivariate Gaussian explorer");
  const cmap = colorScale(model.get("colormap"));
  const ranges = model.get("ranges"), presets = model.get("presets");

  // controls: the preset menu, five parameter sliders, two view sliders
  const controls = h("div", {class: "gl-controls"});
  const CUSTOM = "";
  const menu = select({
    label: "preset", value: model.get("preset"),
    options: [[CUSTOM, "(set by the sliders)"], ...Object.keys(presets).map((k) => [k, k])],
    onChange: (name) => {
      const values = {preset: name};
      if (name !== CUSTOM) for (const k of PARAMS) values[k] = presets[name][k];  // exact values
      model.set(values);
      syncControls(); request();
    },
  });
  controls.append(menu.node);
  const sliders = {};
  for (const name of [...PARAMS, "azimuth", "elevation"]) {
    const [min, max, step] = ranges[name];
    sliders[name] = slider({
      label: LABELS[name], min, max, step, value: model.get(name),
      format: (v) => fmt(v, DIGITS[name]),
      onInput: (v) => {
        const values = {[name]: v};
        if (PARAMS.includes(name) && model.get("preset") !== CUSTOM) {
          values.preset = CUSTOM; menu.set(CUSTOM);  // the menu no longer names these values
        }
        model.set(values);
        request();
      },
    });
    controls.append(sliders[name].node);
  }
  const syncControls = () => {
    for (const [name, s] of Object.entries(sliders)) s.set(model.get(name));
    menu.set(model.get("preset"));
  };

  const out = readouts("Numbers of this Gaussian");
  const surface = canvasPanel("3-D surface of the density; drag to turn it", 0.78, 400);
  const contour = canvasPanel("Density from above: heat map, contour ellipses at r = 1, 2, 3 " +
                              "and the principal axes", 0.78, 400);
  const caption = h("div", {style: {fontSize: "13px", marginTop: "2px"}},
    "Right: white ellipses at Mahalanobis radius r = 1, 2, 3; principal axes of half-length √λ ",
    "(orange: short, vermillion: long); + marks μ.");
  root.append(controls, out.node, h("div", {class: "gl-figures"}, surface.node, contour.node), caption);

  const layers = {back: contour.backdrop(), image: contour.image(model.get("heat_n"))};
  const mesh3d = surface.raster();
  let boxKey = null;  // the box is drawn again only when the view or the z-axis changes

  const draw = () => {
    surface.fit(); contour.fit();
    const f = computeFrame(model);
    const mesh = surfaceMesh(f, model);
    const screen = surfaceView(surface.width, surface.height, model);
    const key = [surface.width, surface.height, surface.canvas.width, model.get("azimuth"),
                 model.get("elevation"), f.zmax, model.get("lim")].join(" ");
    if (key !== boxKey) {
      drawBox(surface.ctx, surface.width, surface.height, screen, f.zmax, model.get("lim"));
      boxKey = key;
    }
    drawMesh(mesh3d, screen, f, mesh, model.get("lim"), cmap);
    const drawn = drawContours(contour, layers, f, model, cmap);
    const lines = readoutLines(f);
    out.set(lines);
    // the numbers of this frame, for the tests (twin: explorer_state)
    const hp = model.get("heat_probes"), [rings, angles] = model.get("surface_probes");
    const hx = hp.map((i) => drawn.grid[i]);
    publishState(root, {
      mu: f.mu, Sigma: f.Sigma, det: f.det, eigenvalues: f.eig.values, eigenvectors: f.eig.vectors,
      peak: f.peak, zmax: f.zmax, ellipses: drawn.ellipses, axes: drawn.axes,
      heat: {x: hx, y: hx, z: hx.map((y) => hx.map((x) => f.pdf(x, y)))},
      surface: rings.flatMap((k) => angles.map((j) => mesh[k][j])),
      readouts: lines, preset: model.get("preset"),
      params: Object.fromEntries([...PARAMS, "preset", "azimuth", "elevation"].map((k) => [k, model.get(k)])),
    });
  };
  const request = frameScheduler(root, draw);
  surface.onResize = request; contour.onResize = request;

  // drag the surface to turn and tilt it
  let drag = null;
  surface.canvas.addEventListener("pointerdown", (ev) => {
    drag = {x: ev.clientX, y: ev.clientY, az: model.get("azimuth"), el: model.get("elevation")};
    surface.canvas.setPointerCapture(ev.pointerId);
  });
  surface.canvas.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const clamp = (v, [lo, hi]) => Math.min(hi, Math.max(lo, v));
    let az = drag.az - (ev.clientX - drag.x) * 0.5;
    az = ((az + 180) % 360 + 360) % 360 - 180;
    model.set({azimuth: clamp(Math.round(az), ranges.azimuth),
               elevation: clamp(Math.round(drag.el + (ev.clientY - drag.y) * 0.3), ranges.elevation)});
    sliders.azimuth.set(model.get("azimuth")); sliders.elevation.set(model.get("elevation"));
    request();
  });
  const endDrag = () => { drag = null; };
  surface.canvas.addEventListener("pointerup", endDrag);
  surface.canvas.addEventListener("pointercancel", endDrag);

  // Python changed a trait: move the controls and redraw
  const unbind = model.bind([...PARAMS, "preset", "azimuth", "elevation"], () => {
    syncControls(); request();
  });
  request();
  return () => { unbind(); surface.disconnect?.(); contour.disconnect?.(); };
}

export default { render };
