// canvas.js: the explorers' figures: hi-DPI canvas panels in layers, colour scales,
// markers, plot frames. Colours come from Python (genlearn.demos.style, sent as traits);
// the ink of axes, ticks and labels is the page's text colour (ink), so that the figures follow
// a dark theme; this file names only white and black (edges that keep a mark readable on any shading).

import {h} from "./explorer.js";
import {linspace} from "./numerics.js";

/* ----------------------------------------------------------------- panels */

/**
 * A canvas drawn at the device's pixel ratio that follows its container's width
 * (height = width * aspect, capped at maxHeight CSS pixels, or at the page's
 * --gl-canvas-max-height where that is larger: the presenter's one-explorer view; or
 * aspect(width), a function that gives the height, for a figure that rearranges its panels on
 * a narrow page). Returns the panel
 * {node, canvas, ctx, width, height, fit(draft), onResize}: width and height in CSS pixels,
 * ctx scaled so that drawing uses CSS pixels; fit(draft) sizes the canvases (call it at the
 * start of a frame: true when the size changed), onResize() is called after the container
 * resized, restyle() makes the next frame read the page's ink and type size again (a new theme).
 * Each canvas has its pixels per CSS pixel in full frames and in drafts (frames drawn while a
 * control moves): the raster layer has fewer in drafts, the others the same.
 *
 * Layers under and over the canvas, for a figure redrawn at every input event:
 *   panel.backdrop()  a second canvas of the same size ({canvas, ctx}) under it, for what
 *                     changes only with the size (axes, ticks, points that do not move);
 *   panel.image(n)    an n x n image under both, which the browser stretches over a plot
 *                     box (imageLayer): a shading computed on a grid;
 *   panel.raster()    a layer over the canvas whose pixels the page computes itself
 *                     (rasterLayer): a picture of many small polygons, at two or more pixels
 *                     per CSS pixel, or at the screen's own while a control moves (a draft).
 * The browser composites the layers, so a frame rasterises only the top canvas and the small
 * image. Only the top canvas is an image for screen readers (role=img and its label).
 */
export function canvasPanel(label, aspect = 0.8, maxHeight = 420) {
  const canvas = h("canvas", {role: "img", "aria-label": label, class: "gl-canvas"});
  const stack = h("div", {class: "gl-stack"}, canvas);
  const node = h("div", {class: "gl-panel"}, stack);
  const panel = {node, canvas, ctx: canvas.getContext("2d"), width: 0, height: 0, onResize: null};
  keepTextBoxes(panel, panel);
  const dpr = window.devicePixelRatio || 1;
  // the canvases sized with the panel: pixels per CSS pixel in full frames and in drafts
  panel.full = dpr;
  panel.draft = dpr;
  const sized = [panel];
  // The width comes from the ResizeObserver: reading node.clientWidth at every draw
  // would make the browser lay out the page in the middle of the frame.
  let observed = null, drafting = false, cap = maxHeight, onPage = false;
  panel.fit = (draft = drafting) => {
    drafting = draft;
    const w = Math.max(120, Math.floor(observed ?? (node.clientWidth || 480)));
    const hgt = typeof aspect === "function" ? Math.round(aspect(w)) : Math.min(cap, Math.round(w * aspect));
    // A frame drawn off the page (an output rendered before JupyterLab attaches it) could not read
    // the page's ink and type size: the first fit on the page counts as a resize, even at the same size.
    const attached = node.isConnected && !onPage;
    onPage = node.isConnected;
    const resized = w !== panel.width || hgt !== panel.height || attached;
    panel.width = w;
    panel.height = hgt;
    if (resized) forget();  // the page may have changed its type size or colours too (the presenter view)
    for (const c of sized) {
      const s = draft ? c.draft : c.full;
      if (!resized && c.scale === s) continue;
      c.scale = s;
      c.canvas.style.height = `${hgt}px`;
      c.canvas.width = Math.round(w * s);
      c.canvas.height = Math.round(hgt * s);
      c.ctx.setTransform(s, 0, 0, s, 0, 0);
    }
    return resized;
  };
  // Forget what each canvas read from the page's style (type size, ink) and what its backdrop
  // drew with it (onBackdrop's key): the next frame reads and paints them again.
  const forget = () => {
    for (const c of sized) {
      fontScales.delete(c.canvas);
      inks.delete(c.canvas);
      c.canvas.glMinFont = undefined;
      c.key = undefined;
    }
  };
  // After a change of theme or colour scheme (onThemeChange): call it, then draw a frame.
  panel.restyle = forget;
  const added = (layer) => {
    sized.push(layer);
    panel.width = 0;  // the next fit() sizes it
    return layer;
  };
  panel.backdrop = () => {
    const c = h("canvas", {"aria-hidden": "true", class: "gl-layer"});
    stack.insertBefore(c, canvas);
    const layer = {canvas: c, ctx: c.getContext("2d"), full: dpr, draft: dpr};
    keepTextBoxes(panel, layer);
    return added(layer);
  };
  panel.image = (n) => {
    const layer = imageLayer(n);
    stack.prepend(layer.node);
    return layer;
  };
  panel.raster = () => {
    // two or more pixels per CSS pixel in full frames; the screen's own in drafts
    const layer = rasterLayer();
    layer.full = Math.max(2, dpr);
    layer.draft = dpr;
    stack.append(layer.canvas);  // after the canvas: painted over it
    return added(layer);
  };
  if (typeof ResizeObserver !== "undefined") {
    const ro = new ResizeObserver((entries) => {
      observed = entries[entries.length - 1].contentRect.width;
      // read here, not at every draw (a style read mid-frame makes the browser recompute styles)
      const room = parseFloat(getComputedStyle(node).getPropertyValue("--gl-canvas-max-height"));
      cap = Number.isFinite(room) ? Math.max(maxHeight, room) : maxHeight;
      if (panel.fit() && panel.onResize) panel.onResize();
    });
    ro.observe(node);
    panel.disconnect = () => ro.disconnect();
  }
  return panel;
}

/**
 * Keep the box of every text a layer's ctx draws, in CSS pixels of the panel, in its canvas's
 * glTexts ([left, top, right, bottom, text]; emptied when the whole canvas is cleared): the tests
 * check from them that no two labels of a figure overlap and none is cut off, at any width.
 */
function keepTextBoxes(panel, layer) {
  const {ctx, canvas} = layer, fill = ctx.fillText.bind(ctx), clear = ctx.clearRect.bind(ctx);
  canvas.glTexts = [];
  ctx.fillText = (text, x, y, ...rest) => {
    const m = ctx.measureText(text), t = ctx.getTransform(), k = panel.width ? canvas.width / panel.width : 1;
    const x0 = x - m.actualBoundingBoxLeft, x1 = x + m.actualBoundingBoxRight;
    const y0 = y - m.actualBoundingBoxAscent, y1 = y + m.actualBoundingBoxDescent;
    const corners = [[x0, y0], [x1, y0], [x0, y1], [x1, y1]]
      .map(([a, b]) => [(t.a * a + t.c * b + t.e) / k, (t.b * a + t.d * b + t.f) / k]);
    const xs = corners.map((q) => q[0]), ys = corners.map((q) => q[1]);
    canvas.glTexts.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), String(text)]);
    fill(text, x, y, ...rest);
  };
  ctx.clearRect = (x, y, w, hgt) => {
    if (x <= 0 && y <= 0 && x + w >= panel.width && y + hgt >= panel.height) canvas.glTexts = [];
    clear(x, y, w, hgt);
  };
}

/**
 * An n x n image whose pixel (j, i) shows grid point (g[j], g[n - 1 - i]) of a grid over a
 * plot box: fill `pixels` (one 32-bit word per pixel, colours from pixels32), then show();
 * place(box) puts the pixel centres on the grid (the image overhangs the box by half a cell
 * on each side, clipped) and lets the browser stretch it, smoothly.
 */
export function imageLayer(n) {
  const canvas = h("canvas", {"aria-hidden": "true", "data-grid": n, width: n, height: n});
  const node = h("div", {class: "gl-image"}, canvas);
  const ctx = canvas.getContext("2d"), data = ctx.createImageData(n, n);
  return {
    node, canvas,
    pixels: new Uint32Array(data.data.buffer),
    show: () => ctx.putImageData(data, 0, 0),
    place(box) {
      const half = box.size / (n - 1) / 2, px = (v) => `${v}px`;
      Object.assign(node.style, {left: px(box.x), top: px(box.y), width: px(box.size), height: px(box.size)});
      Object.assign(canvas.style, {left: px(-half), top: px(-half),
                                   width: px(box.size + 2 * half), height: px(box.size + 2 * half)});
    },
  };
}

/**
 * A canvas over a whole panel whose pixels the page fills itself (its panel sets `scale`,
 * pixels per CSS pixel): frame() gives {pixels, width, height} (one 32-bit word per pixel, as
 * pixels32, all transparent), show() puts them on the canvas. Filling spans of a typed array is
 * cheaper than a canvas path of many small polygons, which the browser rasterises with
 * anti-aliasing on the page's main thread. Drawn at scale 2 or more, the layer is shown
 * smaller, and the compositor's smooth scaling averages each 2 x 2 block on a 1x screen:
 * the edges are anti-aliased off the main thread. Mouse events go through to the canvas below.
 */
export function rasterLayer() {
  const canvas = h("canvas", {"aria-hidden": "true", class: "gl-layer gl-raster"});
  const ctx = canvas.getContext("2d");
  let data = null, pixels = null;
  return {
    canvas, ctx,
    frame() {
      canvas.dataset.scale = this.scale;
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

/* ----------------------------------------------------------------- colours */

/** "#rrggbb" as [r, g, b] (0-255). */
export const hexRgb = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));

/** Opaque colours [r, g, b] as the 32-bit pixels of an image layer (in the platform's byte order). */
export function pixels32(rgbList) {
  const bytes = new Uint8ClampedArray(4 * rgbList.length);
  rgbList.forEach(([r, g, b], i) => { bytes.set([r, g, b, 255], 4 * i); });
  return new Uint32Array(bytes.buffer);
}

/**
 * pixel(v) (a 32-bit pixel) tabulated at the centres of `steps` equal steps over [lo, hi];
 * returns lookup(v), with v clamped to the range. A shading that colours each grid point by
 * a function of one number (a distance, a log-odds) then looks its colour up in one table a
 * frame instead of computing an exponential per pixel. With 4,096 steps the colours are off
 * by at most a fifth of a colour step. lookup.fill(out, at, values, from, count) writes the
 * colours of values[from], ..., values[from + count - 1] to out[at], ...: the same colours,
 * in one loop without a call per pixel.
 */
export function pixelTable(pixel, lo, hi, steps = 4096) {
  const table = new Uint32Array(steps), perStep = steps / (hi - lo), last = steps - 1;
  for (let s = 0; s < steps; s++) table[s] = pixel(lo + (s + 0.5) / perStep);
  const lookup = (v) => table[Math.min(last, Math.max(0, Math.floor((v - lo) * perStep)))];
  lookup.fill = (out, at, values, from, count) => {
    for (let k = 0; k < count; k++) {
      out[at + k] = table[Math.min(last, Math.max(0, Math.floor((values[from + k] - lo) * perStep)))];
    }
  };
  return lookup;
}

/**
 * The shading of a posterior: log-odds a -> shades[round((shades.length - 1) * sigmoid(a))],
 * as a pixelTable (past |a| = 8 the colour is that of 0 or 1). shades: 32-bit pixels, p = 0 to 1.
 */
export function shadeTable(shades) {
  const top = shades.length - 1;
  return pixelTable((a) => shades[Math.round(top / (1 + Math.exp(-a)))], -8, 8);
}

/**
 * A colour scale from a list of "#rrggbb" colours (low to high; e.g. the `colormap` trait).
 * Returns {css(t), rgb(t), pixel(t), n} for t in [0, 1] (clipped; pixel: for an image layer).
 */
export function colorScale(hexList) {
  const rgb = hexList.map(hexRgb), n = rgb.length, pixels = pixels32(rgb);
  const index = (t) => Math.max(0, Math.min(n - 1, Math.round((Number.isFinite(t) ? t : 0) * (n - 1))));
  return {rgb: (t) => rgb[index(t)], css: (t) => hexList[index(t)], pixel: (t) => pixels[index(t)], n};
}

/* ----------------------------------------------------------------- marks */

/** A marker of the suite's shapes (matplotlib codes "o", "^", "s", "D") centred at (x, y). */
export function drawMarker(ctx, code, x, y, size, color, edge = "#000") {
  const r = size / 2;
  ctx.beginPath();
  if (code === "^") {
    ctx.moveTo(x, y - r); ctx.lineTo(x + r, y + r * 0.8); ctx.lineTo(x - r, y + r * 0.8); ctx.closePath();
  } else if (code === "s") ctx.rect(x - r * 0.85, y - r * 0.85, 1.7 * r, 1.7 * r);
  else if (code === "D") {
    ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y); ctx.closePath();
  } else ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
  if (edge) { ctx.lineWidth = 0.8; ctx.strokeStyle = edge; ctx.stroke(); }
}

/**
 * One marker drawn by drawMarker on a small canvas at the device's pixel ratio, kept in
 * `cache` (a Map): stamping it with drawImage is much faster than filling and stroking a
 * path per point, for figures of hundreds of points.
 */
export function markerSprite(cache, code, size, color) {
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
export function stamp(ctx, sprite, X, Y) {
  const w = sprite.width / sprite.dpr, d = sprite.dpr;
  ctx.drawImage(sprite, Math.round((X - w / 2) * d) / d, Math.round((Y - w / 2) * d) / d, w, w);
}

/** Stamp one sprite at every point of P, mapped to pixels by `px` ([x, y] -> [X, Y]). */
export function stampPoints(ctx, P, px, sprite) {
  for (const p of P) {
    const [X, Y] = px(p);
    stamp(ctx, sprite, X, Y);
  }
}

/** A polyline through data points pts, mapped to pixels by `px` ([x, y] -> [X, Y]). */
export function drawPolyline(ctx, pts, px, color, width = 1.5, dash = []) {
  ctx.beginPath();
  pts.forEach((p, i) => {
    const [X, Y] = px(p);
    if (i) ctx.lineTo(X, Y);
    else ctx.moveTo(X, Y);
  });
  ctx.setLineDash(dash);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * One entry of a legend in text (read by screen readers): a small drawing of its mark,
 * paint(ctx) on a 28 x 14 canvas at the device's pixel ratio, then its name.
 */
export function keyItem(paint, text) {
  const dpr = window.devicePixelRatio || 1;
  const c = h("canvas", {width: Math.round(28 * dpr), height: Math.round(14 * dpr), "aria-hidden": "true"});
  const ctx = c.getContext("2d");
  ctx.scale(dpr, dpr);
  paint(ctx);
  return h("div", {class: "gl-key"}, c, " ", text);
}

/** The painter of a legend entry's line, for keyItem. */
export const keyLine = (color, width, dash) => (ctx) => drawPolyline(ctx, [[1, 7], [27, 7]], (q) => q, color, width, dash);

/** A black x of half-width r at (X, Y) with a white edge: a mean, readable on any shading. */
export function drawCross(ctx, X, Y, r = 6, width = 2.4) {
  ctx.beginPath();
  ctx.moveTo(X - r, Y - r); ctx.lineTo(X + r, Y + r);
  ctx.moveTo(X - r, Y + r); ctx.lineTo(X + r, Y - r);
  for (const [w, color] of [[2 * width, "#ffffff"], [width, "#000000"]]) {
    ctx.strokeStyle = color;
    ctx.lineWidth = w;
    ctx.stroke();
  }
}

/* ----------------------------------------------------------------- frames */

/** The figures' default type size (CSS px): what `px` in textStyle(ctx, px) is relative to. */
export const BASE_FONT = 13;
const fontScales = new WeakMap();

/**
 * How much larger than BASE_FONT the page wants the figures' text: its CSS variable
 * --gl-canvas-font-size (explorer.css: 13px; the presenter view sets more, for a room) over
 * BASE_FONT. Read once per canvas (reading the style at every draw would make the browser
 * recompute styles mid-frame) and again after a resize (canvasPanel's fit() forgets it).
 */
export function fontScale(canvas) {
  let s = fontScales.get(canvas);
  if (s === undefined) {
    if (typeof getComputedStyle === "undefined" || !canvas.isConnected) return 1;  // not on a page yet
    const v = parseFloat(getComputedStyle(canvas).getPropertyValue("--gl-canvas-font-size"));
    s = Number.isFinite(v) && v > 0 ? v / BASE_FONT : 1;
    fontScales.set(canvas, s);
  }
  return s;
}

const inks = new WeakMap();

/**
 * The figures' ink (axes, ticks, labels, black curves): the canvas's computed CSS colour, which
 * explorer.css takes from --gl-fg or the JupyterLab theme's text colour (light or dark), so that
 * it keeps its contrast with the explorer's background. Read once per canvas, as fontScale, and
 * again after a resize or a change of theme (canvasPanel's restyle()); kept in its data-ink.
 */
export function ink(canvas) {
  let c = inks.get(canvas);
  if (c === undefined) {
    if (typeof getComputedStyle === "undefined" || !canvas.isConnected) return "#000";
    c = getComputedStyle(canvas).color || "#000";
    inks.set(canvas, c);
    canvas.dataset.ink = c;  // the colour this canvas last drew its axes and labels in (the tests read it)
  }
  return c;
}

/**
 * The text style of the figures: `px` pixels at the default type size, scaled by the page's
 * (fontScale), the page's sans-serif, in the page's ink. The smallest size a canvas drew its text at, in
 * CSS px, is kept in its data-min-font (the presenter tests read it).
 */
export function textStyle(ctx, px = BASE_FONT) {
  const size = px * fontScale(ctx.canvas);
  ctx.fillStyle = ink(ctx.canvas);
  ctx.font = `${size}px system-ui, sans-serif`;
  if (!(ctx.canvas.glMinFont <= size)) {
    ctx.canvas.glMinFont = size;
    ctx.canvas.dataset.minFont = String(size);
  }
}

/**
 * The outline of a plot box {x, y, w, h} and its y ticks: [value, text] pairs drawn at
 * height Y(value), left of the box. Leaves the text style (ink, 13 px) for the caller.
 */
export function boxWithYTicks(ctx, box, Y, yticks) {
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x, box.y, box.w, box.h);
  yTicks(ctx, box, Y, yticks);
}

/** Y ticks of a plot box {x, ...}: [value, text] pairs at height Y(value), left of the box. */
export function yTicks(ctx, box, Y, yticks) {
  textStyle(ctx);
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const [v, text] of yticks) {
    ctx.beginPath(); ctx.moveTo(box.x - 4, Y(v)); ctx.lineTo(box.x, Y(v)); ctx.stroke();
    ctx.fillText(text, box.x - 6, Y(v));
  }
}

/** The name of a y axis, turned, centred on [y0, y1] at x. */
export function yLabel(ctx, text, x, y0, y1) {
  ctx.save();
  ctx.translate(x, (y0 + y1) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, 0, 0);
  ctx.restore();
}

/**
 * A square 2-D plot area in a canvas panel with ticks and axis labels.
 * lim: [lo, hi] for both axes. Returns {px([x, y]) -> [X, Y], box: {x, y, size}}.
 */
export function plotFrame(ctx, panel, lim, {xlabel = "x₁", ylabel = "x₂", ticks = null, font = BASE_FONT} = {}) {
  const k = fontScale(ctx.canvas);  // the margins grow with the text they hold
  const left = 40 * k, bottom = 34 * k, top = 8;
  const size = Math.max(40, Math.min(panel.width - left - 10, panel.height - bottom - top));
  const x0 = left + Math.max(0, (panel.width - left - 10 - size) / 2), y0 = top;
  const [lo, hi] = lim;
  const px = (p) => [x0 + (p[0] - lo) / (hi - lo) * size, y0 + (hi - p[1]) / (hi - lo) * size];
  textStyle(ctx, font);
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  for (const t of ticks || linspace(lo, hi, 5)) {
    const [X] = px([t, lo]), [, Y] = px([lo, t]), text = String(+t.toFixed(2));
    ctx.beginPath(); ctx.moveTo(X, y0 + size); ctx.lineTo(X, y0 + size + 4); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(x0 - 4, Y); ctx.lineTo(x0, Y); ctx.stroke();
    ctx.textAlign = "center"; ctx.textBaseline = "top";
    ctx.fillText(text, X, y0 + size + 5);
    ctx.textAlign = "right"; ctx.textBaseline = "middle";
    ctx.fillText(text, x0 - 6, Y);
  }
  ctx.textAlign = "center"; ctx.textBaseline = "top";
  ctx.fillText(xlabel, x0 + size / 2, y0 + size + 5 + 14 * k);
  yLabel(ctx, ylabel, 11 * k, y0, y0 + size);
  return {px, box: {x: x0, y: y0, size}};
}

/**
 * What changes only with the panel's size and `key`, drawn on a backdrop layer (see canvasPanel):
 * paint(ctx) runs again only when the size or the key changed since last time, and its result
 * is kept and returned. A figure redrawn at every input draws the rest on the panel's canvas.
 */
export function onBackdrop(panel, back, key, paint) {
  const k = `${panel.width} ${panel.height} ${back.canvas.width} ${key}`;
  if (back.key !== k) {
    back.ctx.clearRect(0, 0, panel.width, panel.height);
    back.drawn = paint(back.ctx);
    back.key = k;
  }
  return back.drawn;
}

/**
 * The plot frame of a layered panel: plotFrame drawn on layers.back (onBackdrop), then
 * extra(ctx, frame) for whatever else lies there (drawn again when `key` changes), and the
 * image layers.image placed on the box. Returns {px, box}, as plotFrame does.
 */
export function backdropFrame(panel, layers, lim, opts, extra = null, key = "") {
  return onBackdrop(panel, layers.back, `${lim} ${key}`, (ctx) => {
    const frame = plotFrame(ctx, panel, lim, opts);
    if (extra) extra(ctx, frame);
    layers.image.place(frame.box);
    return frame;
  });
}

/** Clip `ctx` to a square plot box {x, y, size} (restore with ctx.restore()). */
export function clipTo(ctx, box) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.size, box.size);
  ctx.clip();
}

/** The outline of a square plot box {x, y, size}, over whatever was drawn in it. */
export function outline(ctx, box) {
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x, box.y, box.size, box.size);
}
