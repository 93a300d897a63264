// numerics.js
function fmt(x, digits) {
  const s = Number(Number(x).toPrecision(12)).toFixed(digits);
  return s.startsWith("-") && Number(s) === 0 ? s.slice(1) : s;
}
function linspace(a, b, num) {
  const out = new Array(num);
  const step = (b - a) / (num - 1);
  for (let i = 0; i < num; i++) out[i] = a + i * step;
  out[num - 1] = b;
  return out;
}
var det2 = (S) => S[0][0] * S[1][1] - S[0][1] * S[1][0];
function inv2(S) {
  const d = det2(S);
  return [[S[1][1] / d, -S[0][1] / d], [-S[1][0] / d, S[0][0] / d]];
}
function covariance2(s1, s2, rho) {
  const c = rho * s1 * s2;
  return [[s1 * s1, c], [c, s2 * s2]];
}
function sym2Eigen(S) {
  const a = S[0][0], b = S[0][1], c = S[1][1];
  const mean = (a + c) / 2, half = Math.hypot((a - c) / 2, b);
  const values = [mean - half, mean + half];
  let small, large;
  if (b === 0) {
    [small, large] = a <= c ? [[1, 0], [0, 1]] : [[0, 1], [1, 0]];
  } else {
    const t = 0.5 * Math.atan2(2 * b, a - c);
    large = [Math.cos(t), Math.sin(t)];
    small = [-Math.sin(t), Math.cos(t)];
  }
  const signed = (v) => {
    const i = Math.abs(v[1]) > Math.abs(v[0]) * (1 + 1e-12) ? 1 : 0;
    return v[i] < 0 ? [-v[0], -v[1]] : v;
  };
  small = signed(small);
  large = signed(large);
  return { values, vectors: [[small[0], large[0]], [small[1], large[1]]] };
}
function ellipsePoints(mu, eig, r, num = 73) {
  const V = eig.vectors, s0 = Math.sqrt(eig.values[0]), s1 = Math.sqrt(eig.values[1]);
  return linspace(0, 2 * Math.PI, num).map((t) => {
    const u0 = Math.cos(t) * s0, u1 = Math.sin(t) * s1;
    return [mu[0] + r * (V[0][0] * u0 + V[0][1] * u1), mu[1] + r * (V[1][0] * u0 + V[1][1] * u1)];
  });
}
function gaussPdf2(mu, S) {
  const P = inv2(S), norm = 1 / (2 * Math.PI * Math.sqrt(det2(S)));
  const ia = P[0][0], ib = P[0][1], ic = P[1][1], m0 = mu[0], m1 = mu[1];
  return (x, y) => {
    const d0 = x - m0, d1 = y - m1;
    return norm * Math.exp(-0.5 * (ia * d0 * d0 + 2 * ib * d0 * d1 + ic * d1 * d1));
  };
}
function pitches(values, { lo, hi, pitch_low: low, pitch_high: high }) {
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
    return low * (high / low) ** t;
  });
}

// explorer.js
function uid() {
  globalThis.__genlearnUid = (globalThis.__genlearnUid || 0) + 1;
  return `gl-${globalThis.__genlearnUid}`;
}
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  if (["input", "select", "button", "textarea", "canvas"].includes(tag))
    node.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const [k, v] of Object.entries(attrs)) {
    if (v === void 0 || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== void 0)
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
function slider({ label, min, max, step, value, format, onInput }) {
  const id = uid();
  const input = h("input", { type: "range", id, min, max, step, value });
  const output = h("output", { for: id, "aria-hidden": "true" });
  output.append("");
  let shown = null;
  const show = (v) => {
    const text = format(v);
    if (text === shown) return;
    shown = text;
    output.firstChild.data = text;
    input.setAttribute("aria-valuetext", text);
  };
  show(value);
  input.addEventListener("input", () => {
    const v = Number(input.value);
    show(v);
    onInput(v);
  });
  const node = h("div", { class: "gl-control" }, h("label", { for: id }, label), input, output);
  return { node, input, set: (v) => {
    if (input.value !== String(v)) input.value = String(v);
    show(v);
  } };
}
function select({ label, options, value, onInput }) {
  const id = uid();
  const input = h("select", { id }, ...options.map(([v, t]) => h("option", { value: v }, t)));
  input.value = value;
  input.addEventListener("change", () => onInput(input.value));
  const node = h("div", { class: "gl-control gl-select" }, h("label", { for: id }, label), input);
  return { node, input, set: (v) => {
    if (input.value !== v) input.value = v;
  } };
}
function textBox({ label, value, maxChars, onInput }) {
  const id = uid();
  const input = h("input", { type: "text", id, maxlength: maxChars, spellcheck: "false" });
  input.value = value;
  input.addEventListener("input", () => onInput(input.value));
  const node = h("div", { class: "gl-control gl-text" }, h("label", { for: id }, label), input);
  return { node, input, set: (v) => {
    if (input.value !== v) input.value = v;
  } };
}
var labelText = (c) => c.unit ? `${c.label} (${c.unit})` : c.label;
function controlsFor(model, changed, className = "") {
  const node = h("div", { class: `gl-controls ${className}`.trim() });
  const byName = {};
  for (const c of model.get("parameters")) {
    if (c.kind === "whole") continue;
    const spec = { label: labelText(c), value: model.get(c.name), onInput: (v) => changed({ [c.name]: v }) };
    if (c.kind === "slider") {
      byName[c.name] = slider({ ...spec, min: c.min, max: c.max, step: c.step, format: (v) => fmt(v, c.digits) });
    } else if (c.kind === "menu") byName[c.name] = select({ ...spec, options: c.options });
    else byName[c.name] = textBox({ ...spec, maxChars: c.max_chars });
    node.append(byName[c.name].node);
  }
  const sync = () => {
    for (const [name, c] of Object.entries(byName)) c.set(model.get(name));
  };
  return { node, byName, sync };
}
function readouts(label) {
  const node = h("div", { class: "gl-readouts", role: "status", "aria-live": "polite", "aria-label": label });
  let last = [];
  return {
    node,
    set(lines) {
      while (node.childElementCount > lines.length) node.lastElementChild.remove();
      while (node.childElementCount < lines.length) node.append(h("div", {}, ""));
      lines.forEach((l, i) => {
        if (l !== last[i]) node.children[i].firstChild.data = l;
      });
      last = lines.slice();
    }
  };
}
function description() {
  const node = h("p", { class: "gl-description", "aria-live": "polite", "aria-atomic": "true" }, "");
  return {
    node,
    set(text) {
      if (node.firstChild.data !== text) node.firstChild.data = text;
    }
  };
}
var LEVEL = 0.2;
function listenButton(listen) {
  const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!listen?.key || !Context) return null;
  const node = h("button", {
    type: "button",
    class: "gl-listen",
    "aria-label": `Listen to ${listen.label} (a higher value sounds higher)`
  }, "Listen");
  let values = [], audio = null, playing = null;
  const stop = () => {
    if (playing) playing.stop();
    playing = null;
  };
  node.addEventListener("click", () => {
    const tones = pitches(values, listen);
    if (!tones.some((f) => f !== null)) return;
    audio = audio || new Context();
    audio.resume?.();
    stop();
    const osc = audio.createOscillator(), gain = audio.createGain();
    const t0 = audio.currentTime + 0.05, step = listen.seconds / tones.length;
    osc.type = "sine";
    gain.gain.setValueAtTime(0, t0);
    tones.forEach((f, i) => {
      const t = t0 + i * step;
      if (f !== null) osc.frequency.setValueAtTime(f, t);
      gain.gain.setTargetAtTime(f === null ? 0 : LEVEL, t, 5e-3);
    });
    gain.gain.setTargetAtTime(0, t0 + listen.seconds, 5e-3);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0);
    osc.stop(t0 + listen.seconds + 0.05);
    osc.onended = () => {
      if (playing === osc) playing = null;
    };
    playing = osc;
  });
  return {
    node,
    set(state) {
      values = state[listen.key] || [];
      node.disabled = !values.some((v) => v !== null && Number.isFinite(v));
    },
    close() {
      stop();
      audio?.close();
      audio = null;
    }
  };
}
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
      if (pending) {
        pending = false;
        run();
      }
    });
  };
  return function request() {
    if (drawnThisFrame) pending = true;
    else run();
  };
}
var QUIET_MS = 150;
function pageModel(model) {
  const unsent = {};
  let timer = null, lastChange = -Infinity;
  const send = () => {
    clearTimeout(timer);
    timer = null;
    const values = { ...unsent };
    for (const name of Object.keys(values)) delete unsent[name];
    if (!Object.keys(values).length) return;
    model.set(values, { fromPage: true });
    try {
      model.save_changes();
    } catch {
    }
  };
  return {
    get: (name) => name in unsent ? unsent[name] : model.get(name),
    /** The page changes traits: drawn from at once, sent to the kernel soon. */
    set(values) {
      Object.assign(unsent, values);
      const now = performance.now(), alone = now - lastChange >= QUIET_MS;
      lastChange = now;
      if (alone) send();
      else {
        clearTimeout(timer);
        timer = setTimeout(send, QUIET_MS);
      }
    },
    /** onChange(name) whenever Python changes one of the traits `names`. */
    bind(names, onChange) {
      const handlers = names.map((name) => {
        const f = (_model, _value, options) => {
          if (options?.fromPage) return;
          delete unsent[name];
          onChange(name);
        };
        model.on(`change:${name}`, f);
        return [name, f];
      });
      return () => {
        for (const [name, f] of handlers) model.off(`change:${name}`, f);
      };
    }
  };
}
function lap(name, start) {
  const now = performance.now();
  performance.measure(name, { start, end: now });
  performance.clearMeasures(name);
  return now;
}
function onThemeChange(changed) {
  if (typeof MutationObserver === "undefined" || typeof document === "undefined" || !document.body) return () => {
  };
  const observer = new MutationObserver(() => changed());
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"] });
  const scheme = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
  const onScheme = () => changed();
  scheme?.addEventListener?.("change", onScheme);
  return () => {
    observer.disconnect();
    scheme?.removeEventListener?.("change", onScheme);
  };
}
function explorerPage({ model: widgetModel, el }, opts) {
  const model = pageModel(widgetModel);
  const root = h("div", { class: "genlearn-explorer", role: "group", "aria-label": model.get("title"), "data-frames": "0" });
  el.append(root);
  let request = () => {
  }, draft = false, lastInput = -Infinity, settle = null;
  const changed = (values) => {
    const now = performance.now();
    draft = now - lastInput < QUIET_MS;
    lastInput = now;
    clearTimeout(settle);
    if (draft) settle = setTimeout(() => {
      draft = false;
      request();
    }, QUIET_MS);
    const more = opts.also ? opts.also(values, model.get) : {};
    model.set({ ...values, ...more });
    if (Object.keys(more).length) controls.sync();
    request();
  };
  const controls = controlsFor(model, changed, opts.controlsClass);
  const out = readouts(opts.readouts), told = description();
  const listen = listenButton(model.get("listen"));
  if (listen) controls.node.append(listen.node);
  return {
    model,
    root,
    controls,
    out,
    changed,
    request: () => request(),
    start(draw, panels) {
      request = frameScheduler(root, () => {
        for (const p of panels) p.fit(draft);
        const t0 = performance.now();
        const f = opts.frame(model.get);
        const t1 = lap("genlearn numbers", t0);
        draw(f, draft);
        const t2 = lap("genlearn draw", t1);
        out.set(f.state.readouts);
        const t3 = lap("genlearn readouts", t2);
        root.dataset.settled = String(!draft);
        if (!draft) {
          root.dataset.state = JSON.stringify(f.state);
          told.set(f.state.description);
          listen?.set(f.state);
        }
        lap("genlearn publish", t3);
      });
      root.append(told.node);
      for (const p of panels) p.onResize = request;
      const names = [...model.get("parameters").map((c) => c.name), ...opts.watch || []];
      const unbind = model.bind(names, () => {
        controls.sync();
        request();
      });
      const unwatch = onThemeChange(() => {
        for (const p of panels) p.restyle?.();
        request();
      });
      request();
      return () => {
        clearTimeout(settle);
        unbind();
        unwatch();
        listen?.close();
        for (const p of panels) p.disconnect?.();
      };
    }
  };
}
function paramsOf(get) {
  return Object.fromEntries(get("parameters").map((c) => [c.name, get(c.name)]));
}

// canvas.js
function canvasPanel(label, aspect = 0.8, maxHeight = 420) {
  const canvas = h("canvas", { role: "img", "aria-label": label, class: "gl-canvas" });
  const stack = h("div", { class: "gl-stack" }, canvas);
  const node = h("div", { class: "gl-panel" }, stack);
  const panel = { node, canvas, ctx: canvas.getContext("2d"), width: 0, height: 0, onResize: null };
  keepTextBoxes(panel, panel);
  const dpr = window.devicePixelRatio || 1;
  panel.full = dpr;
  panel.draft = dpr;
  const sized = [panel];
  let observed = null, drafting = false, cap = maxHeight, onPage = false;
  panel.fit = (draft = drafting) => {
    drafting = draft;
    const w = Math.max(120, Math.floor(observed ?? (node.clientWidth || 480)));
    const hgt = typeof aspect === "function" ? Math.round(aspect(w)) : Math.min(cap, Math.round(w * aspect));
    const attached = node.isConnected && !onPage;
    onPage = node.isConnected;
    const resized = w !== panel.width || hgt !== panel.height || attached;
    panel.width = w;
    panel.height = hgt;
    if (resized) forget();
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
  const forget = () => {
    for (const c of sized) {
      fontScales.delete(c.canvas);
      inks.delete(c.canvas);
      c.canvas.glMinFont = void 0;
      c.key = void 0;
    }
  };
  panel.restyle = forget;
  const added = (layer) => {
    sized.push(layer);
    panel.width = 0;
    return layer;
  };
  panel.backdrop = () => {
    const c = h("canvas", { "aria-hidden": "true", class: "gl-layer" });
    stack.insertBefore(c, canvas);
    const layer = { canvas: c, ctx: c.getContext("2d"), full: dpr, draft: dpr };
    keepTextBoxes(panel, layer);
    return added(layer);
  };
  panel.image = (n) => {
    const layer = imageLayer(n);
    stack.prepend(layer.node);
    return layer;
  };
  panel.raster = () => {
    const layer = rasterLayer();
    layer.full = Math.max(2, dpr);
    layer.draft = dpr;
    stack.append(layer.canvas);
    return added(layer);
  };
  if (typeof ResizeObserver !== "undefined") {
    const ro = new ResizeObserver((entries) => {
      observed = entries[entries.length - 1].contentRect.width;
      const room = parseFloat(getComputedStyle(node).getPropertyValue("--gl-canvas-max-height"));
      cap = Number.isFinite(room) ? Math.max(maxHeight, room) : maxHeight;
      if (panel.fit() && panel.onResize) panel.onResize();
    });
    ro.observe(node);
    panel.disconnect = () => ro.disconnect();
  }
  return panel;
}
function keepTextBoxes(panel, layer) {
  const { ctx, canvas } = layer, fill = ctx.fillText.bind(ctx), clear = ctx.clearRect.bind(ctx);
  canvas.glTexts = [];
  ctx.fillText = (text, x, y, ...rest) => {
    const m = ctx.measureText(text), t = ctx.getTransform(), k = panel.width ? canvas.width / panel.width : 1;
    const x0 = x - m.actualBoundingBoxLeft, x1 = x + m.actualBoundingBoxRight;
    const y0 = y - m.actualBoundingBoxAscent, y1 = y + m.actualBoundingBoxDescent;
    const corners = [[x0, y0], [x1, y0], [x0, y1], [x1, y1]].map(([a, b]) => [(t.a * a + t.c * b + t.e) / k, (t.b * a + t.d * b + t.f) / k]);
    const xs = corners.map((q) => q[0]), ys = corners.map((q) => q[1]);
    canvas.glTexts.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), String(text)]);
    fill(text, x, y, ...rest);
  };
  ctx.clearRect = (x, y, w, hgt) => {
    if (x <= 0 && y <= 0 && x + w >= panel.width && y + hgt >= panel.height) canvas.glTexts = [];
    clear(x, y, w, hgt);
  };
}
function imageLayer(n) {
  const canvas = h("canvas", { "aria-hidden": "true", "data-grid": n, width: n, height: n });
  const node = h("div", { class: "gl-image" }, canvas);
  const ctx = canvas.getContext("2d"), data = ctx.createImageData(n, n);
  return {
    node,
    canvas,
    pixels: new Uint32Array(data.data.buffer),
    show: () => ctx.putImageData(data, 0, 0),
    place(box) {
      const half = box.size / (n - 1) / 2, px = (v) => `${v}px`;
      Object.assign(node.style, { left: px(box.x), top: px(box.y), width: px(box.size), height: px(box.size) });
      Object.assign(canvas.style, {
        left: px(-half),
        top: px(-half),
        width: px(box.size + 2 * half),
        height: px(box.size + 2 * half)
      });
    }
  };
}
function rasterLayer() {
  const canvas = h("canvas", { "aria-hidden": "true", class: "gl-layer gl-raster" });
  const ctx = canvas.getContext("2d");
  let data = null, pixels = null;
  return {
    canvas,
    ctx,
    frame() {
      canvas.dataset.scale = this.scale;
      const { width, height } = canvas;
      if (!data || data.width !== width || data.height !== height) {
        data = ctx.createImageData(Math.max(1, width), Math.max(1, height));
        pixels = new Uint32Array(data.data.buffer);
      } else pixels.fill(0);
      return { pixels, width: data.width, height: data.height };
    },
    show: () => ctx.putImageData(data, 0, 0)
  };
}
var hexRgb = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
function pixels32(rgbList) {
  const bytes = new Uint8ClampedArray(4 * rgbList.length);
  rgbList.forEach(([r, g, b], i) => {
    bytes.set([r, g, b, 255], 4 * i);
  });
  return new Uint32Array(bytes.buffer);
}
function pixelTable(pixel, lo, hi, steps = 4096) {
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
function colorScale(hexList) {
  const rgb = hexList.map(hexRgb), n = rgb.length, pixels = pixels32(rgb);
  const index = (t) => Math.max(0, Math.min(n - 1, Math.round((Number.isFinite(t) ? t : 0) * (n - 1))));
  return { rgb: (t) => rgb[index(t)], css: (t) => hexList[index(t)], pixel: (t) => pixels[index(t)], n };
}
function drawPolyline(ctx, pts, px, color, width = 1.5, dash = []) {
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
var BASE_FONT = 13;
var fontScales = /* @__PURE__ */ new WeakMap();
function fontScale(canvas) {
  let s = fontScales.get(canvas);
  if (s === void 0) {
    if (typeof getComputedStyle === "undefined" || !canvas.isConnected) return 1;
    const v = parseFloat(getComputedStyle(canvas).getPropertyValue("--gl-canvas-font-size"));
    s = Number.isFinite(v) && v > 0 ? v / BASE_FONT : 1;
    fontScales.set(canvas, s);
  }
  return s;
}
var inks = /* @__PURE__ */ new WeakMap();
function ink(canvas) {
  let c = inks.get(canvas);
  if (c === void 0) {
    if (typeof getComputedStyle === "undefined" || !canvas.isConnected) return "#000";
    c = getComputedStyle(canvas).color || "#000";
    inks.set(canvas, c);
    canvas.dataset.ink = c;
  }
  return c;
}
function textStyle(ctx, px = BASE_FONT) {
  const size = px * fontScale(ctx.canvas);
  ctx.fillStyle = ink(ctx.canvas);
  ctx.font = `${size}px system-ui, sans-serif`;
  if (!(ctx.canvas.glMinFont <= size)) {
    ctx.canvas.glMinFont = size;
    ctx.canvas.dataset.minFont = String(size);
  }
}
function yLabel(ctx, text, x, y0, y1) {
  ctx.save();
  ctx.translate(x, (y0 + y1) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, 0, 0);
  ctx.restore();
}
function plotFrame(ctx, panel, lim, { xlabel = "x₁", ylabel = "x₂", ticks = null, font = BASE_FONT } = {}) {
  const k = fontScale(ctx.canvas);
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
    ctx.beginPath();
    ctx.moveTo(X, y0 + size);
    ctx.lineTo(X, y0 + size + 4);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x0 - 4, Y);
    ctx.lineTo(x0, Y);
    ctx.stroke();
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    ctx.fillText(text, X, y0 + size + 5);
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    ctx.fillText(text, x0 - 6, Y);
  }
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(xlabel, x0 + size / 2, y0 + size + 5 + 14 * k);
  yLabel(ctx, ylabel, 11 * k, y0, y0 + size);
  return { px, box: { x: x0, y: y0, size } };
}
function onBackdrop(panel, back, key, paint) {
  const k = `${panel.width} ${panel.height} ${back.canvas.width} ${key}`;
  if (back.key !== k) {
    back.ctx.clearRect(0, 0, panel.width, panel.height);
    back.drawn = paint(back.ctx);
    back.key = k;
  }
  return back.drawn;
}
function backdropFrame(panel, layers, lim, opts, extra = null, key = "") {
  return onBackdrop(panel, layers.back, `${lim} ${key}`, (ctx) => {
    const frame2 = plotFrame(ctx, panel, lim, opts);
    if (extra) extra(ctx, frame2);
    layers.image.place(frame2.box);
    return frame2;
  });
}
function clipTo(ctx, box) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.size, box.size);
  ctx.clip();
}
function outline(ctx, box) {
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x, box.y, box.size, box.size);
}

// describe.js
var deg = (y, x) => Math.atan2(y, x) * 180 / Math.PI;
function axisAngle(d) {
  let a = Number(fmt(d, 0));
  while (a <= -90) a += 180;
  while (a > 90) a -= 180;
  return a;
}
function orientation(a) {
  if (a === 0 || a === 90) return a === 0 ? "horizontal" : "vertical";
  if (Math.abs(a) <= 22) return "nearly horizontal";
  if (Math.abs(a) >= 68) return "nearly vertical";
  return a > 0 ? "from lower left to upper right" : "from upper left to lower right";
}
var pair = (x, y) => `(${fmt(x, 2)}, ${fmt(y, 2)})`;
function describeGaussian(mu, S) {
  const a = S[0][0], b = S[0][1], c = S[1][1], centre = pair(mu[0], mu[1]);
  if (b === 0 && a === c) {
    return `One round hill centred at ${centre}: its contour ellipses are circles; the inner one (r = 1) has radius ${fmt(Math.sqrt(a), 2)}.`;
  }
  const mean = (a + c) / 2, half = Math.hypot((a - c) / 2, b), big = mean + half, small = mean - half;
  const k = axisAngle(0.5 * deg(2 * b, a - c));
  return `One hill centred at ${centre}: its contour ellipses are ${fmt(Math.sqrt(big / small), 2)} times longer than wide, the long axis at ${k}° to the x₁-axis (${orientation(k)}); the inner one (r = 1) reaches ${fmt(Math.sqrt(big), 2)} from the centre along it and ${fmt(Math.sqrt(small), 2)} across it.`;
}

// multivariate_gaussian.js
var GAUSSIAN = ["mu1", "mu2", "sigma1", "sigma2", "rho"];
function readoutLines(mu, S, det, eig, peak, zmax) {
  const f4 = (x) => fmt(x, 4);
  return [
    `μ = (${fmt(mu[0], 2)}, ${fmt(mu[1], 2)})`,
    `Σ = [[${f4(S[0][0])}, ${f4(S[0][1])}], [${f4(S[1][0])}, ${f4(S[1][1])}]]`,
    `|Σ| = ${f4(det)}`,
    `eigenvalues λ = ${f4(eig.values[0])}, ${f4(eig.values[1])}`,
    `peak 1/(2π|Σ|^½) = ${f4(peak)}`,
    `z-axis up to ${fmt(zmax, 1)}`
  ];
}
function surfaceMesh(mu, eig, peak, lim, radii, angles) {
  const V = eig.vectors, s0 = Math.sqrt(eig.values[0]), s1 = Math.sqrt(eig.values[1]);
  const rays = angles.map((t) => {
    const u0 = Math.cos(t) * s0, u1 = Math.sin(t) * s1;
    const d = [V[0][0] * u0 + V[0][1] * u1, V[1][0] * u0 + V[1][1] * u1];
    let rmax = Infinity;
    for (let i = 0; i < 2; i++) if (d[i] !== 0) rmax = Math.min(rmax, (Math.sign(d[i]) * lim - mu[i]) / d[i]);
    return { d, rmax };
  });
  return radii.map((rk) => rays.map(({ d, rmax }) => {
    const r = Math.min(rk, rmax);
    return [mu[0] + r * d[0], mu[1] + r * d[1], peak * Math.exp(-0.5 * r * r)];
  }));
}
function frame(get) {
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
    mu,
    Sigma,
    det,
    peak,
    zmax,
    mesh,
    ellipses,
    axes,
    grid,
    lim,
    state: {
      mu,
      Sigma,
      det,
      eigenvalues: eig.values,
      eigenvectors: eig.vectors,
      peak,
      zmax,
      ellipses,
      axes,
      heat: { x: hx, y: hx, z: hx.map((y) => hx.map((x) => pdf(x, y))) },
      surface: rings.flatMap((k) => angles.map((j) => mesh[k][j])),
      readouts: readoutLines(mu, Sigma, det, eig, peak, zmax),
      description: describeGaussian(mu, Sigma),
      preset: params.preset,
      params
    }
  };
}
var ZH = 0.9;
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
function drawBox(ctx, W, H, screen, zmax, lim) {
  ctx.clearRect(0, 0, W, H);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "#c8c8c8";
  for (const t of [-1, -0.5, 0, 0.5, 1]) {
    for (const [a, b] of [[[t, -1, 0], [t, 1, 0]], [[-1, t, 0], [1, t, 0]]]) {
      const A = screen(a), B = screen(b);
      ctx.beginPath();
      ctx.moveTo(A[0], A[1]);
      ctx.lineTo(B[0], B[1]);
      ctx.stroke();
    }
  }
  let back = null;
  for (const cx of [-1, 1]) for (const cy of [-1, 1]) {
    const s = screen([cx, cy, 0]);
    if (!back || s[2] < back.depth) back = { corner: [cx, cy], depth: s[2] };
  }
  const z0 = screen([...back.corner, 0]), z1 = screen([...back.corner, ZH]);
  ctx.strokeStyle = "#666";
  ctx.beginPath();
  ctx.moveTo(z0[0], z0[1]);
  ctx.lineTo(z1[0], z1[1]);
  ctx.stroke();
  textStyle(ctx, 12);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const frac of [0, 0.5, 1]) {
    const s = screen([...back.corner, frac * ZH]);
    ctx.fillText(fmt(frac * zmax, 2), s[0] - 4, s[1]);
  }
  ctx.textAlign = "center";
  const c = screen([0, 0, 0]), away = 20 * fontScale(ctx.canvas);
  for (const [q, text] of [[[0, -1.08, 0], "x₁"], [[-1.08, 0, 0], "x₂"]]) {
    const s = screen(q), dx = s[0] - c[0], dy = s[1] - c[1], n = Math.hypot(dx, dy);
    const [ux, uy] = n > 1 ? [dx / n, dy / n] : [0, 1];
    ctx.fillText(text, s[0] + ux * away, s[1] + uy * away);
  }
  for (const t of [-0.5, 0, 0.5]) {
    const s1 = screen([t, -1.08, 0]), s2 = screen([-1.08, t, 0]);
    ctx.fillText(String(t * lim), s1[0], s1[1]);
    ctx.fillText(String(t * lim), s2[0], s2[1]);
  }
}
function fillTriangle(pixels, W, H, x0, y0, x1, y1, x2, y2, color) {
  let t;
  if (y1 < y0) {
    t = y0;
    y0 = y1;
    y1 = t;
    t = x0;
    x0 = x1;
    x1 = t;
  }
  if (y2 < y0) {
    t = y0;
    y0 = y2;
    y2 = t;
    t = x0;
    x0 = x2;
    x2 = t;
  }
  if (y2 < y1) {
    t = y1;
    y1 = y2;
    y2 = t;
    t = x1;
    x1 = x2;
    x2 = t;
  }
  if (!(y2 > y0)) return;
  const long = (x2 - x0) / (y2 - y0), upper = (x1 - x0) / (y1 - y0 || 1), lower = (x2 - x1) / (y2 - y1 || 1);
  const rowEnd = Math.min(H, Math.ceil(y2 - 0.5));
  for (let row = Math.max(0, Math.ceil(y0 - 0.5)); row < rowEnd; row++) {
    const y = row + 0.5;
    let xa = x0 + long * (y - y0);
    let xb = y < y1 ? x0 + upper * (y - y0) : x1 + lower * (y - y1);
    if (xa > xb) {
      t = xa;
      xa = xb;
      xb = t;
    }
    const start = Math.max(0, Math.ceil(xa - 0.5)), end = Math.min(W, Math.ceil(xb - 0.5));
    if (end > start) pixels.fill(color, row * W + start, row * W + end);
  }
}
var everyOther = (list, step) => (list.length - 1) % step === 0 ? list.filter((_, i) => i % step === 0) : list;
function drawMesh(layer, screen, f, cmap, step = 1) {
  const { pixels, width: W, height: H } = layer.frame();
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
      quads.push({ k, j, depth, color: cmap.pixel(z / f.zmax) });
    }
  }
  quads.sort((u, v) => u.depth - v.depth);
  for (const { k, j, color } of quads) {
    const a = P[k][j], b = P[k][j + 1], c = P[k + 1][j + 1], d = P[k + 1][j];
    fillTriangle(pixels, W, H, a[0], a[1], b[0], b[1], c[0], c[1], color);
    fillTriangle(pixels, W, H, a[0], a[1], c[0], c[1], d[0], d[1], color);
  }
  layer.show();
}
var rowQ = /* @__PURE__ */ new Map();
function heatMap(pixels, g, f, cmap, step = 1) {
  const n = g.length, top = f.peak / f.zmax, [m0, m1] = f.mu, S = f.Sigma;
  const ia = S[1][1] / f.det, ib = -S[0][1] / f.det, ic = S[0][0] / f.det;
  const qmax = 1 + 2 * Math.log(Math.max(1, 2 * (cmap.n - 1) * top));
  const color = pixelTable((q2) => cmap.pixel(top * Math.exp(-0.5 * q2)), 0, qmax);
  if (!rowQ.has(n)) rowQ.set(n, new Float64Array(n));
  const q = rowQ.get(n);
  for (let i = 0; i < n; i++) {
    if (i % step) {
      pixels.copyWithin(i * n, (i - 1) * n, i * n);
      continue;
    }
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
  const { ctx, width: W, height: H } = panel;
  const { px, box } = backdropFrame(panel, layers, [-f.lim, f.lim], { ticks: [-4, -2, 0, 2, 4] });
  ctx.clearRect(0, 0, W, H);
  heatMap(layers.image.pixels, f.grid, f, cmap, step);
  layers.image.show();
  clipTo(ctx, box);
  for (const pts of f.ellipses) drawPolyline(ctx, pts, px, "#ffffff", 1.5);
  f.axes.forEach((seg, j) => {
    drawPolyline(ctx, seg, px, axisStyles[j].color, 3, axisStyles[j].dash);
  });
  const [X, Y] = px(f.mu);
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(X - 6, Y);
  ctx.lineTo(X + 6, Y);
  ctx.moveTo(X, Y - 6);
  ctx.lineTo(X, Y + 6);
  ctx.stroke();
  ctx.restore();
  outline(ctx, box);
}
function render(args) {
  const presets = args.model.get("presets");
  const page = explorerPage(args, {
    frame,
    readouts: "Numbers of this Gaussian",
    // a preset sets its exact values; moving one of its parameters leaves it
    also(values, get) {
      if (values.preset) return presets[values.preset];
      return GAUSSIAN.some((k) => k in values) && get("preset") !== "" ? { preset: "" } : {};
    }
  });
  const { model } = page;
  const cmap = colorScale(model.get("colormap"));
  const axisStyles = model.get("axis_styles");
  const surface = canvasPanel("3-D surface of the density; drag to turn it", 0.78, 400);
  const contour = canvasPanel("Density from above: heat map, contour ellipses at r = 1, 2, 3 and the principal axes", 0.78, 400);
  const caption = h(
    "div",
    { class: "gl-caption" },
    "Right: white ellipses at Mahalanobis radius r = 1, 2, 3; principal axes of half-length √λ ",
    "(orange solid: short, vermillion dashed: long); + marks μ."
  );
  page.root.append(
    page.controls.node,
    page.out.node,
    h("div", { class: "gl-figures" }, surface.node, contour.node),
    caption
  );
  const layers = { back: contour.backdrop(), image: contour.image(model.get("heat_n")) };
  const mesh3d = surface.raster();
  let boxKey = null;
  let drag = null;
  surface.canvas.style.touchAction = "none";
  const ranges = Object.fromEntries(model.get("parameters").map((c) => [c.name, [c.min, c.max]]));
  const clamp = (v, [lo, hi]) => Math.min(hi, Math.max(lo, v));
  surface.canvas.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, az: model.get("azimuth"), el: model.get("elevation") };
    surface.canvas.setPointerCapture(ev.pointerId);
  });
  surface.canvas.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const az = drag.az - (ev.clientX - drag.x) * 0.5;
    page.changed({
      azimuth: clamp(Math.round(((az + 180) % 360 + 360) % 360 - 180), ranges.azimuth),
      elevation: clamp(Math.round(drag.el + (ev.clientY - drag.y) * 0.3), ranges.elevation)
    });
    page.controls.sync();
  });
  const endDrag = () => {
    drag = null;
  };
  surface.canvas.addEventListener("pointerup", endDrag);
  surface.canvas.addEventListener("pointercancel", endDrag);
  return page.start((f, draft) => {
    const step = draft ? 2 : 1;
    const az = model.get("azimuth"), el = model.get("elevation");
    const screen = surfaceView(surface.width, surface.height, az, el);
    const key = [surface.width, surface.height, surface.canvas.width, az, el, f.zmax, f.lim, ink(surface.canvas)].join(" ");
    if (key !== boxKey) {
      drawBox(surface.ctx, surface.width, surface.height, screen, f.zmax, f.lim);
      boxKey = key;
    }
    drawMesh(mesh3d, screen, f, cmap, step);
    const flat = `${f.mu} ${f.Sigma} ${f.zmax} ${f.lim} ${contour.width} ${contour.height} ${contour.canvas.width}`;
    if (contour.key !== flat || !draft && contour.step !== 1) {
      drawContours(contour, layers, f, axisStyles, cmap, step);
      contour.key = flat;
      contour.step = step;
    }
  }, [surface, contour]);
}
var multivariate_gaussian_default = { render };
export {
  multivariate_gaussian_default as default,
  frame
};
