// explorer.js: helpers shared by every explorer of the suite.
//
// An explorer's ES module is this file followed by the notebook's own file
// (e.g. multivariate_gaussian.js), joined by genlearn.demos.explorer.esm_source:
// everything here is a top-level declaration that the notebook's file uses
// directly; the notebook's file ends with `export default { render }`.
// Plain JavaScript, no imports, no build step. Every number a helper computes
// has a numpy twin in genlearn (named in its comment), which the browser tests
// compare with the page's numbers to 1e-9 relative.
//
// The pieces:
//   explorerRoot(el, name)            the root element; publishState() writes its data-state
//   slider(spec) / select(spec) / button(spec)   labelled controls (keyboard works natively)
//   traitSliders(model, names, ...)   one slider per trait, each setting its trait
//   readouts(label)                    a text block that screen readers read (aria-live)
//   canvasPanel(label, aspect)         a hi-DPI canvas that follows the notebook's width,
//                                      with layers under it (backdrop(), image(n): imageLayer, pixels32)
//   frameScheduler(root, draw)         draw now, or at the next frame if one was drawn already
//   pageModel(model)                   the widget model as the page sees it: get(name),
//                                      set({name: value}) (the kernel hears of it soon),
//                                      bind(names, onChange) (redraw when Python changes a trait)
//   fmt(x, digits)                     readout formatting (twin: genlearn.demos.explorer.fmt)
//   sym2Eigen(S), ellipsePoints(...), gaussPdf2(...), linspace(...)   2-D Gaussian numerics
//   colorScale(hexList), drawMarker(ctx, code, x, y, size, color), markerSprite(...), stamp(...), plotFrame(...),
//   backdropFrame(...), boxWithYTicks(ctx, box, Y, yticks)  drawing

/* ------------------------------------------------------------------ DOM */

/**
 * A new element id, unique on the page. Each widget evaluates its own copy of this
 * module, so a counter local to the module would give two explorers of one notebook the
 * same ids (and a <label for> would name the other explorer's control): the counter
 * lives on the page (globalThis), shared by every copy.
 */
function uid() {
  globalThis.__genlearnUid = (globalThis.__genlearnUid || 0) + 1;
  return `gl-${globalThis.__genlearnUid}`;
}

/**
 * A new element: h("div", {class: "x", "aria-label": "y"}, child, "text", ...).
 * Controls (input, select, button, textarea, canvas) get data-lm-suppress-shortcuts:
 * JupyterLab then leaves the keys pressed on them alone (without it, ArrowUp on a
 * slider would also select the cell above, and "a" typed in a text box would insert one).
 */
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  if (["input", "select", "button", "textarea", "canvas"].includes(tag))
    node.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined)
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const EXPLORER_CSS = `
.genlearn-explorer { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 14px;
  color: #000; background: #fff; max-width: 100%; box-sizing: border-box; padding: 4px 0; }
.genlearn-explorer .gl-controls { display: grid; gap: 4px 18px;
  grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); align-items: center; margin-bottom: 6px; }
.genlearn-explorer .gl-control { display: grid; grid-template-columns: minmax(5.5em, max-content) 1fr 4.8em;
  align-items: center; gap: 6px; min-width: 0; }
.genlearn-explorer .gl-control label { white-space: nowrap; }
.genlearn-explorer .gl-control input[type=range] { width: 100%; min-width: 80px; margin: 0; }
.genlearn-explorer .gl-control output { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; }
.genlearn-explorer .gl-select { grid-template-columns: minmax(5.5em, max-content) 1fr; }
.genlearn-explorer .gl-select select { min-width: 0; max-width: 100%; font-size: 14px; }
.genlearn-explorer .gl-readouts { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px;
  line-height: 1.45; margin: 2px 0 6px; display: flex; flex-wrap: wrap; gap: 0 22px; }
.genlearn-explorer .gl-figures { display: flex; gap: 8px; width: 100%; }
.genlearn-explorer .gl-figures > div { flex: 1 1 0; min-width: 0; }
.genlearn-explorer canvas { display: block; width: 100%; touch-action: none; }
.genlearn-explorer :focus-visible { outline: 3px solid #000; outline-offset: 1px; }
`;

/**
 * The explorer's root element, appended to `el`. `name` is its accessible
 * name (role="group"). The page's computed numbers go to its data-state
 * attribute (publishState), the number of frames drawn to data-frames.
 */
function explorerRoot(el, name) {
  const root = h("div", {class: "genlearn-explorer", role: "group", "aria-label": name,
                         "data-frames": "0"});
  root.append(h("style", {}, EXPLORER_CSS));
  el.append(root);
  return root;
}

/** Publish the numbers this frame computed, at full precision, for the tests. */
function publishState(root, state) {
  root.dataset.state = JSON.stringify(state);
}

/**
 * A labelled slider: <label> + <input type=range> + <output>.
 * spec: {label, min, max, step, value, format(v) -> text, onInput(v)}.
 * The input snaps to its step, but `set(v)` keeps showing the exact value v
 * in the output (presets set exact values that need not lie on a step).
 * Arrow keys, Page Up/Down, Home and End work natively.
 */
function slider({label, min, max, step, value, format = (v) => String(v), onInput, describe}) {
  const id = uid();
  const input = h("input", {type: "range", id, min, max, step, value});
  // The slider itself tells screen readers its value (aria-valuetext); the visible
  // <output> is hidden from them, else it would be a second live region.
  const output = h("output", {for: id, "aria-hidden": "true"}, format(value));
  if (describe) input.setAttribute("aria-describedby", describe);
  const set = (v) => {
    input.value = String(v);
    output.textContent = format(v);
    input.setAttribute("aria-valuetext", format(v));
  };
  set(value);
  input.addEventListener("input", () => {
    const v = Number(input.value);
    output.textContent = format(v);
    input.setAttribute("aria-valuetext", format(v));
    onInput(v);
  });
  const node = h("div", {class: "gl-control"}, h("label", {for: id}, label), input, output);
  return {node, input, output, set};
}

/**
 * One slider per trait in `names`: range [min, max, step] from the trait `ranges`,
 * label labels[name], `digits` decimals (a number, or one per name). Moving a slider
 * sets its trait (model.set) and calls request(). Returns {node, sliders, sync}:
 * the controls (a grid; `style` adds to it), the sliders by name, and sync() to
 * move every slider to its trait's value (after Python changed them).
 */
function traitSliders(model, names, labels, digits, request, style = {}) {
  const ranges = model.get("ranges");
  const node = h("div", {class: "gl-controls", style});
  const sliders = {};
  for (const name of names) {
    const [min, max, step] = ranges[name];
    const d = typeof digits === "number" ? digits : digits[name];
    sliders[name] = slider({
      label: labels[name], min, max, step, value: model.get(name),
      format: (v) => fmt(v, d),
      onInput: (v) => { model.set({[name]: v}); request(); },
    });
    node.append(sliders[name].node);
  }
  const sync = () => { for (const name of names) sliders[name].set(model.get(name)); };
  return {node, sliders, sync};
}

/** A labelled <select>. spec: {label, options: [[value, text], ...], value, onChange(v)}. */
function select({label, options, value, onChange}) {
  const id = uid();
  const sel = h("select", {id});
  const setOptions = (opts) => {
    sel.replaceChildren(...opts.map(([v, t]) => h("option", {value: v}, t)));
  };
  setOptions(options);
  sel.value = value;
  sel.addEventListener("change", () => onChange(sel.value));
  const node = h("div", {class: "gl-control gl-select"}, h("label", {for: id}, label), sel);
  return {node, select: sel, set: (v) => { sel.value = v; }, setOptions};
}

/** A button with a visible text label. */
function button({label, onClick}) {
  return h("button", {type: "button", onclick: onClick}, label);
}

/**
 * Readouts: numbers as text, read by screen readers (aria-live="polite").
 * `set(lines)` replaces the lines (an array of strings); `lines()` reads them.
 */
function readouts(label) {
  const node = h("div", {class: "gl-readouts", role: "status", "aria-live": "polite",
                         "aria-label": label});
  let last = [];
  return {
    node,
    set(lines) {
      // Change only the text of the lines that changed (no new elements per frame:
      // new elements cost layout and wake the page's mutation observers).
      while (node.childElementCount > lines.length) node.lastElementChild.remove();
      while (node.childElementCount < lines.length) node.append(h("div", {}, ""));
      lines.forEach((l, i) => { if (l !== last[i]) node.children[i].textContent = l; });
      last = lines.slice();
    },
    lines: () => last.slice(),
  };
}

/**
 * A canvas drawn at the device's pixel ratio that follows its container's
 * width (height = width * aspect, capped at maxHeight CSS pixels).
 * Returns {node, canvas, ctx, width, height} (CSS pixels; ctx is scaled so
 * that drawing uses CSS pixels) and calls onResize() after each size change.
 *
 * Layers under the canvas, for a figure redrawn at every input event:
 *   panel.backdrop()  a second canvas of the same size ({canvas, ctx}), for what changes
 *                     only with the size (axes, ticks, points that do not move);
 *   panel.image(n)    an n x n image under both, which the browser stretches over a plot
 *                     box (see imageLayer): shading computed on a grid.
 *   panel.raster()    a layer above the canvas whose pixels the page computes itself
 *                     (see rasterLayer): a picture of many small polygons.
 * backdropFrame() draws the axes on the backdrop and places the image, once per size.
 * The browser composites the layers, so a frame rasterises only the top canvas and the
 * small image; before, each frame drew the axes and fixed points again and stretched the
 * shading with a drawImage (05's page p50 in bench_browser.py: 13-24 ms then, 10-13 ms now).
 * Only the top canvas is an image for screen readers (role=img and its label).
 */
function canvasPanel(label, aspect = 0.8, maxHeight = 420) {
  // position: relative paints the canvas above its absolutely placed layers
  const canvas = h("canvas", {role: "img", "aria-label": label, style: {position: "relative"}});
  const stack = h("div", {style: {position: "relative"}}, canvas);
  const node = h("div", {}, stack);
  const panel = {node, canvas, ctx: canvas.getContext("2d"), width: 0, height: 0, onResize: null};
  const sized = [panel];  // the canvases drawn at the device's pixel ratio: {canvas, ctx}
  // The width comes from the ResizeObserver; reading node.clientWidth at every draw
  // would force the browser to lay out the page in the middle of the frame.
  let observed = null;
  const fit = () => {
    const w = Math.max(120, Math.floor(observed ?? (node.clientWidth || 480)));
    const hgt = Math.min(maxHeight, Math.round(w * aspect));
    const dpr = window.devicePixelRatio || 1;
    if (w === panel.width && hgt === panel.height && canvas.width === Math.round(w * dpr)) return false;
    panel.width = w; panel.height = hgt;
    for (const c of sized) {
      const s = c.scale ?? dpr;
      c.canvas.style.height = `${hgt}px`;
      c.canvas.width = Math.round(w * s);
      c.canvas.height = Math.round(hgt * s);
      c.ctx.setTransform(s, 0, 0, s, 0, 0);
    }
    return true;
  };
  panel.fit = fit;
  panel.backdrop = () => {
    const c = h("canvas", {"aria-hidden": "true", style: {position: "absolute", left: "0", top: "0"}});
    const layer = {canvas: c, ctx: c.getContext("2d")};
    stack.insertBefore(c, canvas);
    sized.push(layer);
    panel.width = 0;  // the next fit() sizes it
    return layer;
  };
  panel.image = (n) => {
    const layer = imageLayer(n);
    stack.prepend(layer.node);
    return layer;
  };
  panel.raster = () => {
    const layer = rasterLayer(Math.max(2, window.devicePixelRatio || 1));
    stack.append(layer.canvas);  // after the canvas: painted above it
    sized.push(layer);
    panel.width = 0;
    return layer;
  };
  if (typeof ResizeObserver !== "undefined") {
    const ro = new ResizeObserver((entries) => {
      observed = entries[entries.length - 1].contentRect.width;
      if (fit() && panel.onResize) panel.onResize();
    });
    ro.observe(node);
    panel.disconnect = () => ro.disconnect();
  }
  return panel;
}

/**
 * An n x n image whose pixel (j, i) shows grid point (g[j], g[n - 1 - i]) of a grid
 * over a plot box: fill `pixels` (one 32-bit word per pixel, colours from pixels32),
 * then show(); place(box) puts the pixel centres on the grid (the image overhangs the
 * box by half a cell on each side, clipped) and lets the browser stretch it, smoothly.
 */
function imageLayer(n) {
  const canvas = h("canvas", {"aria-hidden": "true", "data-grid": n, width: n, height: n});
  const node = h("div", {style: {position: "absolute", overflow: "hidden"}}, canvas);
  const ctx = canvas.getContext("2d"), data = ctx.createImageData(n, n);
  return {
    node, canvas,
    pixels: new Uint32Array(data.data.buffer),
    show: () => ctx.putImageData(data, 0, 0),
    place(box) {
      const half = box.size / (n - 1) / 2, px = (v) => `${v}px`;
      Object.assign(node.style, {left: px(box.x), top: px(box.y), width: px(box.size), height: px(box.size)});
      Object.assign(canvas.style, {position: "absolute", left: px(-half), top: px(-half),
                                   width: px(box.size + 2 * half), height: px(box.size + 2 * half)});
    },
  };
}

/**
 * A canvas over a whole panel, `scale` pixels per CSS pixel, whose pixels the page fills
 * itself: frame() gives {pixels, width, height} (one 32-bit word per pixel, as pixels32,
 * all transparent), show() puts them on the canvas. Filling spans of a typed array is
 * cheaper than a canvas path of many small polygons, which the browser rasterises with
 * anti-aliasing on the page's main thread (02's surface: 1,344 quads). Drawn at scale 2
 * or more, the layer is shown smaller, and the compositor's smooth scaling averages each
 * 2 x 2 block on a 1x screen: the edges are anti-aliased off the main thread.
 * Mouse events go through to the canvas below.
 */
function rasterLayer(scale) {
  const canvas = h("canvas", {"aria-hidden": "true", "data-scale": scale,
                              style: {position: "absolute", left: "0", top: "0", pointerEvents: "none"}});
  const ctx = canvas.getContext("2d");
  let data = null, pixels = null;
  return {
    canvas, ctx, scale,
    frame() {
      const {width, height} = canvas;
      if (!data || data.width !== width || data.height !== height) {
        data = ctx.createImageData(Math.max(1, width), Math.max(1, height));
        pixels = new Uint32Array(data.data.buffer);
      } else pixels.fill(0);
      return {pixels, width: data.width, height: data.height};
    },
    show: () => ctx.putImageData(data, 0, 0),
  };
}

/**
 * pixel(v) (a 32-bit pixel) tabulated at the centres of `steps` equal steps over [lo, hi];
 * returns lookup(v), with v clamped to the range. A shading colours each grid point by a
 * function of one number (a distance, a log-odds): one table a frame instead of an
 * exponential per pixel (02's heat map: 40,401 a frame, 1.3-1.6 ms; table and loop 0.3 ms).
 * With 4,096 steps the shadings' colours are off by at most a fifth of a colour step.
 */
function pixelTable(pixel, lo, hi, steps = 4096) {
  const table = new Uint32Array(steps), perStep = steps / (hi - lo);
  for (let s = 0; s < steps; s++) table[s] = pixel(lo + (s + 0.5) / perStep);
  return (v) => table[Math.min(steps - 1, Math.max(0, Math.floor((v - lo) * perStep)))];
}

/**
 * The shading of a posterior: log-odds a -> shades[round((shades.length - 1) * sigmoid(a))], as
 * a pixelTable (past |a| = 8 the colour is that of 0 or 1). shades: 32-bit pixels, p = 0 to 1.
 */
function shadeTable(shades) {
  const top = shades.length - 1;
  return pixelTable((a) => shades[Math.round(top / (1 + Math.exp(-a)))], -8, 8);
}

/** Opaque colours [r, g, b] as the 32-bit pixels of an imageLayer (in the platform's byte order). */
function pixels32(rgbList) {
  const bytes = new Uint8ClampedArray(4 * rgbList.length);
  rgbList.forEach(([r, g, b], i) => bytes.set([r, g, b, 255], 4 * i));
  return new Uint32Array(bytes.buffer);
}

/**
 * Draw with `draw()` at most about once per frame, as early as possible:
 * the first request in a frame draws at once (the new picture is in the very
 * next painted frame); further requests in the same frame are merged into
 * one draw at the next animation frame. Counts frames in root.dataset.frames
 * and keeps the time the last draw took, in ms, in root.dataset.drawMs
 * (benchmarks/bench_browser.py reads both).
 */
function frameScheduler(root, draw) {
  let drawnThisFrame = false, pending = false, frames = 0;
  const run = () => {
    const t0 = performance.now();
    draw();
    frames += 1;
    root.dataset.drawMs = (performance.now() - t0).toFixed(3);
    root.dataset.frames = String(frames);
    drawnThisFrame = true;
    requestAnimationFrame(() => {
      drawnThisFrame = false;
      if (pending) { pending = false; run(); }
    });
  };
  return function request() {
    if (drawnThisFrame) pending = true;
    else run();
  };
}

/**
 * When the page tells the kernel the traits it changed. A slider dragged fires an
 * input event per frame (60/s); each message to the kernel costs the kernel process
 * CPU and makes JupyterLab update its kernel-status indicator twice (busy, idle),
 * which delays the frame it lands in: on the 2-core test machine, one message per
 * input raised the p95 time from input to screen of notebook 01's explorer from 28 ms
 * to 45 ms, and even one message a second during a drag put frames of about 30 ms
 * into 02's, enough to pass its p95 over one 60 Hz frame (benchmarks/bench_browser.py).
 * So the page sends a change at once when it comes alone (a key press, a click),
 * and during a burst (a drag) once the input pauses for QUIET_MS: Python's traits
 * equal the picture a moment after the learner stops moving, or holds still.
 */
const QUIET_MS = 150;

/**
 * The page's view of the widget model, for an explorer's render(): pageModel(model).
 * get(name) returns the value the page set last, at once; the page's changes reach
 * the widget model (and the kernel) as QUIET_MS says. Until then they live here, in
 * `unsent`, and not in the widget model: ipywidgets applies the kernel's echo of the
 * last message sent, which would otherwise move a slider back to an older value.
 * A change that comes from Python wins over an unsent one.
 */
function pageModel(model) {
  const unsent = {};
  let timer = null, lastChange = -Infinity;
  const send = () => {
    clearTimeout(timer);
    timer = null;
    const values = {...unsent};
    for (const name of Object.keys(values)) delete unsent[name];
    if (!Object.keys(values).length) return;
    model.set(values, {fromPage: true});   // bind() ignores these: the page drew them already
    try {
      model.save_changes();
    } catch (e) {
      // no kernel to tell: an explorer shown from the state stored in a trusted notebook before
      // any cell ran has no comm ("Syncing error: no comm channel defined"); the page has it all
    }
  };
  return {
    get: (name) => (name in unsent ? unsent[name] : model.get(name)),
    /** The page changes traits: drawn from at once, sent to the kernel soon. */
    set(values) {
      Object.assign(unsent, values);
      const now = performance.now(), alone = now - lastChange >= QUIET_MS;
      lastChange = now;
      if (alone) send();
      else { clearTimeout(timer); timer = setTimeout(send, QUIET_MS); }
    },
    /** onChange(name) whenever Python changes one of the traits `names`. */
    bind(names, onChange) {
      const handlers = names.map((name) => {
        const f = (_model, _value, options) => {
          if (options && options.fromPage) return;
          delete unsent[name];
          onChange(name);
        };
        model.on(`change:${name}`, f);
        return [name, f];
      });
      return () => { for (const [name, f] of handlers) model.off(`change:${name}`, f); };
    },
  };
}

/* ------------------------------------------------------------- numbers */

/** x with `digits` decimals; "-0.00" prints as "0.00". Twin: genlearn.demos.explorer.fmt. */
function fmt(x, digits) {
  let s = Number(x).toFixed(digits);
  if (s.startsWith("-") && Number(s) === 0) s = s.slice(1);
  return s;
}

/** `num` evenly spaced numbers from a to b, the last exactly b (numpy.linspace). */
function linspace(a, b, num) {
  const out = new Array(num);
  const step = (b - a) / (num - 1);
  for (let i = 0; i < num; i++) out[i] = a + i * step;
  out[num - 1] = b;
  return out;
}

/**
 * Eigen-decomposition of a symmetric 2x2 matrix S = [[a, b], [b, c]].
 * Returns {values: [small, large], vectors: [[v00, v01], [v10, v11]]}, the
 * columns being unit eigenvectors (column j belongs to values[j]), each signed
 * so that its largest-magnitude entry is positive (the first on a tie).
 * Twin: genlearn.gaussian.principal_axes.
 */
function sym2Eigen(S) {
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
  small = signed(small); large = signed(large);
  return {values, vectors: [[small[0], large[0]], [small[1], large[1]]]};
}

/**
 * Points of the contour (x - mu)^T S^-1 (x - mu) = r^2: mu + r V diag(sqrt(lambda)) u(t),
 * t = linspace(0, 2 pi, num). Twin: genlearn.gaussian.ellipse_points.
 */
function ellipsePoints(mu, eig, r, num = 73) {
  const [l0, l1] = eig.values, V = eig.vectors;
  const s0 = Math.sqrt(l0), s1 = Math.sqrt(l1);
  return linspace(0, 2 * Math.PI, num).map((t) => {
    const u0 = Math.cos(t) * s0, u1 = Math.sin(t) * s1;
    return [mu[0] + r * (V[0][0] * u0 + V[0][1] * u1), mu[1] + r * (V[1][0] * u0 + V[1][1] * u1)];
  });
}

/**
 * The density of N(mu, S) in 2-D as a function (x, y) -> p, with the
 * inverse and determinant computed once. Twin: genlearn.gaussian.pdf.
 */
function gaussPdf2(mu, S) {
  const a = S[0][0], b = S[0][1], c = S[1][1];
  const det = a * c - b * b;
  const norm = 1 / (2 * Math.PI * Math.sqrt(det));
  const ia = c / det, ib = -b / det, ic = a / det;
  const m0 = mu[0], m1 = mu[1];
  return (x, y) => {
    const d0 = x - m0, d1 = y - m1;
    return norm * Math.exp(-0.5 * (ia * d0 * d0 + 2 * ib * d0 * d1 + ic * d1 * d1));
  };
}

/* ------------------------------------------------------------- drawing */

/** "#rrggbb" as [r, g, b] (0-255). */
const hexRgb = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));

/**
 * A colour scale from a list of "#rrggbb" colours (low to high; e.g. the
 * `colormap` trait). Returns {css(t), rgb(t), pixel(t)} for t in [0, 1] (clipped;
 * pixel: for an imageLayer).
 */
function colorScale(hexList) {
  const rgb = hexList.map(hexRgb);
  const n = rgb.length;
  const index = (t) => Math.max(0, Math.min(n - 1, Math.round((Number.isFinite(t) ? t : 0) * (n - 1))));
  const pixels = pixels32(rgb);
  return {rgb: (t) => rgb[index(t)], css: (t) => hexList[index(t)], pixel: (t) => pixels[index(t)], n};
}

/** A marker of the suite's shapes (matplotlib codes "o", "^", "s", "D") centred at (x, y). */
function drawMarker(ctx, code, x, y, size, color, edge = "#000") {
  const r = size / 2;
  ctx.beginPath();
  if (code === "^") { ctx.moveTo(x, y - r); ctx.lineTo(x + r, y + r * 0.8); ctx.lineTo(x - r, y + r * 0.8); ctx.closePath(); }
  else if (code === "s") ctx.rect(x - r * 0.85, y - r * 0.85, 1.7 * r, 1.7 * r);
  else if (code === "D") { ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y); ctx.closePath(); }
  else ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = color; ctx.fill();
  if (edge) { ctx.lineWidth = 0.8; ctx.strokeStyle = edge; ctx.stroke(); }
}

/**
 * One marker drawn by drawMarker on a small canvas at the device's pixel ratio, kept in `cache`:
 * stamping it with drawImage is much faster than filling and stroking a path per point
 * (05 draws 240 points in each of three panels, 03 draws 200).
 */
function markerSprite(cache, code, size, color) {
  const dpr = window.devicePixelRatio || 1, key = `${code} ${size} ${color} ${dpr}`;
  if (!cache.has(key)) {
    const side = Math.ceil(size + 3), c = document.createElement("canvas");
    c.width = c.height = Math.ceil(side * dpr);
    const cctx = c.getContext("2d");
    cctx.scale(c.width / side, c.height / side);
    drawMarker(cctx, code, side / 2, side / 2, size, color, "#ffffff");
    c.dpr = c.width / side;
    cache.set(key, c);
  }
  return cache.get(key);
}

/**
 * Stamp a markerSprite centred at (X, Y), at whole device pixels: an aligned stamp is a
 * plain copy, a stamp between pixels is resampled (slower, and no sharper).
 */
function stamp(ctx, sprite, X, Y) {
  const w = sprite.width / sprite.dpr, d = sprite.dpr;
  ctx.drawImage(sprite, Math.round((X - w / 2) * d) / d, Math.round((Y - w / 2) * d) / d, w, w);
}

/** A polyline through data points pts, mapped to pixels by `px` ([x, y] -> [X, Y]). */
function drawPolyline(ctx, pts, px, color, width = 1.5, dash = []) {
  ctx.beginPath();
  pts.forEach((p, i) => { const [X, Y] = px(p); if (i) ctx.lineTo(X, Y); else ctx.moveTo(X, Y); });
  ctx.setLineDash(dash); ctx.strokeStyle = color; ctx.lineWidth = width; ctx.stroke(); ctx.setLineDash([]);
}

/**
 * The outline of a plot box {x, y, w, h} and its y ticks: [value, text] pairs drawn at
 * height Y(value), left of the box. Leaves the text style black, 13 px, for the caller.
 */
function boxWithYTicks(ctx, box, Y, yticks) {
  ctx.strokeStyle = "#000"; ctx.lineWidth = 1; ctx.strokeRect(box.x, box.y, box.w, box.h);
  ctx.fillStyle = "#000"; ctx.font = "13px system-ui, sans-serif";
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (const [v, text] of yticks) {
    ctx.beginPath(); ctx.moveTo(box.x - 4, Y(v)); ctx.lineTo(box.x, Y(v)); ctx.stroke();
    ctx.fillText(text, box.x - 6, Y(v));
  }
}

/**
 * The plot frame of a layered panel (see canvasPanel): plotFrame drawn on layers.back, then
 * extra(ctx, frame) for whatever else lies there, and the image layers.image placed on the
 * box. Drawn again only when the panel's size or `lim` changed (a resize clears the
 * backdrop); otherwise the frame of last time. Returns {px, box}, as plotFrame does.
 */
function backdropFrame(panel, layers, lim, opts, extra = null) {
  const key = `${panel.width} ${panel.height} ${layers.back.canvas.width} ${lim}`;
  if (layers.frame && layers.frameKey === key) return layers.frame;
  const {ctx} = layers.back;
  ctx.clearRect(0, 0, panel.width, panel.height);
  const frame = plotFrame(ctx, panel, lim, opts);
  if (extra) extra(ctx, frame);
  layers.image.place(frame.box);
  layers.frame = frame; layers.frameKey = key;
  return frame;
}

/**
 * A square 2-D plot area in a canvas panel with ticks and axis labels.
 * lim: [lo, hi] for both axes. Returns {px([x, y]) -> [X, Y], box: {x, y, size}}.
 */
function plotFrame(ctx, panel, lim, {xlabel = "x₁", ylabel = "x₂", ticks = null, font = 13} = {}) {
  const left = 40, bottom = 34, top = 8;
  const size = Math.max(40, Math.min(panel.width - left - 10, panel.height - bottom - top));
  const x0 = left + Math.max(0, (panel.width - left - 10 - size) / 2), y0 = top;
  const [lo, hi] = lim;
  const px = (p) => [x0 + (p[0] - lo) / (hi - lo) * size, y0 + (hi - p[1]) / (hi - lo) * size];
  ctx.fillStyle = "#000"; ctx.font = `${font}px system-ui, sans-serif`;
  ctx.strokeStyle = "#000"; ctx.lineWidth = 1;
  ctx.textAlign = "center"; ctx.textBaseline = "top";
  for (const t of ticks || linspace(lo, hi, 5)) {
    const [X] = px([t, lo]), [, Y] = px([lo, t]);
    ctx.beginPath(); ctx.moveTo(X, y0 + size); ctx.lineTo(X, y0 + size + 4); ctx.stroke();
    ctx.fillText(String(+t.toFixed(2)), X, y0 + size + 5);
    ctx.beginPath(); ctx.moveTo(x0 - 4, Y); ctx.lineTo(x0, Y); ctx.stroke();
    ctx.textAlign = "right"; ctx.textBaseline = "middle";
    ctx.fillText(String(+t.toFixed(2)), x0 - 6, Y);
    ctx.textAlign = "center"; ctx.textBaseline = "top";
  }
  ctx.fillText(xlabel, x0 + size / 2, y0 + size + 19);
  ctx.save(); ctx.translate(11, y0 + size / 2); ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = "middle"; ctx.fillText(ylabel, 0, 0); ctx.restore();
  return {px, box: {x: x0, y: y0, size}};
}
