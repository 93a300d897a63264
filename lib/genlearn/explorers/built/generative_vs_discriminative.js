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
function logAddExp(a, b) {
  const m = Math.max(a, b);
  return m === -Infinity ? -Infinity : m + Math.log1p(Math.exp(-Math.abs(a - b)));
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
function frameScheduler(root, draw2) {
  let drawnThisFrame = false, pending = false, frames = 0;
  const run = () => {
    const t0 = performance.now();
    draw2();
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
    start(draw2, panels) {
      request = frameScheduler(root, () => {
        for (const p of panels) p.fit(draft);
        const t0 = performance.now();
        const f = opts.frame(model.get);
        const t1 = lap("genlearn numbers", t0);
        draw2(f, draft);
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
function drawMarker(ctx, code, x, y, size, color, edge = "#000") {
  const r = size / 2;
  ctx.beginPath();
  if (code === "^") {
    ctx.moveTo(x, y - r);
    ctx.lineTo(x + r, y + r * 0.8);
    ctx.lineTo(x - r, y + r * 0.8);
    ctx.closePath();
  } else if (code === "s") ctx.rect(x - r * 0.85, y - r * 0.85, 1.7 * r, 1.7 * r);
  else if (code === "D") {
    ctx.moveTo(x, y - r);
    ctx.lineTo(x + r, y);
    ctx.lineTo(x, y + r);
    ctx.lineTo(x - r, y);
    ctx.closePath();
  } else ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
  if (edge) {
    ctx.lineWidth = 0.8;
    ctx.strokeStyle = edge;
    ctx.stroke();
  }
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
function boxWithYTicks(ctx, box, Y, yticks) {
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x, box.y, box.w, box.h);
  yTicks(ctx, box, Y, yticks);
}
function yTicks(ctx, box, Y, yticks) {
  textStyle(ctx);
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const [v, text] of yticks) {
    ctx.beginPath();
    ctx.moveTo(box.x - 4, Y(v));
    ctx.lineTo(box.x, Y(v));
    ctx.stroke();
    ctx.fillText(text, box.x - 6, Y(v));
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
function onBackdrop(panel, back, key, paint) {
  const k = `${panel.width} ${panel.height} ${back.canvas.width} ${key}`;
  if (back.key !== k) {
    back.ctx.clearRect(0, 0, panel.width, panel.height);
    back.drawn = paint(back.ctx);
    back.key = k;
  }
  return back.drawn;
}

// describe.js
function describeBayes(p, t, xlim) {
  const top = `Top: two bell curves of the same width (σ = ${fmt(p.sigma, 1)} kg), the dogs' peaking at ${fmt(p.mu_dog, 0)} kg and the elephants' at ${fmt(p.mu_elephant, 0)} kg, ${fmt(p.phi / (1 - p.phi), 2)} times as high as the dogs'.`;
  if (t === null) return `${top} Bottom: the posterior is flat at φ = ${fmt(p.phi, 2)}: the weight tells nothing.`;
  const rising = p.mu_elephant > p.mu_dog, way = rising ? "rises" : "falls";
  if (xlim[0] <= t && t <= xlim[1]) {
    return `${top} Bottom: the posterior ${way} from left to right and crosses one half at ${fmt(t, 1)} kg, the dotted threshold.`;
  }
  const above = t < xlim[0] === rising;
  return `${top} Bottom: the posterior ${way} from left to right but stays ${above ? "above" : "below"} one half across the figure (it would cross at ${fmt(t, 1)} kg).`;
}

// generative_vs_discriminative.js
var LOG_2PI = Math.log(2 * Math.PI);
var DASHED = [7, 4];
var DASH_DOT = [8, 3, 2, 3];
var DOTTED = [2, 3];
function logNormal(x, mu, sigma) {
  const d = (x - mu) / sigma;
  return -0.5 * d * d - Math.log(sigma) - 0.5 * LOG_2PI;
}
function logJoints(x, p) {
  return [Math.log1p(-p.phi) + logNormal(x, p.mu_dog, p.sigma), Math.log(p.phi) + logNormal(x, p.mu_elephant, p.sigma)];
}
var jointAt = (x, p) => logJoints(x, p).map(Math.exp);
function posteriorAt(x, p) {
  const [l0, l1] = logJoints(x, p);
  return Math.exp(l1 - logAddExp(l0, l1));
}
function thresholdOf(p) {
  if (p.mu_elephant === p.mu_dog) return null;
  return (p.mu_dog + p.mu_elephant) / 2 + p.sigma * p.sigma * Math.log((1 - p.phi) / p.phi) / (p.mu_elephant - p.mu_dog);
}
function readoutLines(p, t, probe, pProbe) {
  const rule = t === null ? `the means are equal, so the weight says nothing: the prior decides and every animal is called ${p.phi > 0.5 ? "an elephant" : "a dog"}` : `elephant if x ${p.mu_elephant > p.mu_dog ? ">" : "<"} ${fmt(t, 1)} kg, dog otherwise`;
  const s = fmt(p.sigma, 1);
  return [
    `P(elephant) = φ = ${fmt(p.phi, 2)}`,
    `dogs ~ N(${fmt(p.mu_dog, 0)}, ${s}²), elephants ~ N(${fmt(p.mu_elephant, 0)}, ${s}²)`,
    `decision: ${rule}`,
    `an animal of ${fmt(probe, 0)} kg: P(elephant | x) = ${fmt(pProbe, 3)}`
  ];
}
function frame(get) {
  const p = paramsOf(get), xlim = get("xlim"), probe = get("probe");
  const grid = linspace(xlim[0], xlim[1], get("grid_n"));
  const joints = grid.map((x) => jointAt(x, p));
  const evidence = joints.map(([a, b]) => a + b);
  const post = grid.map((x) => posteriorAt(x, p));
  const ymax = 1.1 * Math.max(...evidence);
  const t = thresholdOf(p), pProbe = posteriorAt(probe, p), idx = get("grid_probes");
  return {
    p,
    grid,
    joints,
    evidence,
    post,
    ymax,
    t,
    probe,
    pProbe,
    state: {
      x: idx.map((i) => grid[i]),
      joint: [idx.map((i) => joints[i][0]), idx.map((i) => joints[i][1])],
      evidence: idx.map((i) => evidence[i]),
      posterior: idx.map((i) => post[i]),
      ymax,
      threshold: t,
      probe_posterior: pProbe,
      readouts: readoutLines(p, t, probe, pProbe),
      description: describeBayes(p, t, xlim),
      params: p
    }
  };
}
var NARROW = 560;
var heightAt = (W) => W < NARROW ? 460 : Math.min(380, 0.5 * W);
function layout(W, H, legendRows = 1) {
  const left = 66, right = 12, legendH = 6 + 18 * legendRows, gap = 10, bottomH = 40;
  const ph = Math.max(40, (H - legendH - gap - bottomH - 4) / 2);
  const top = { x: left, y: legendH + 2, w: W - left - right, h: ph };
  return { left, top, bot: { x: left, y: top.y + ph + gap, w: top.w, h: ph } };
}
function mapping(box, xlim, ylim) {
  return ([x, y]) => [
    box.x + (x - xlim[0]) / (xlim[1] - xlim[0]) * box.w,
    box.y + (ylim[1] - y) / (ylim[1] - ylim[0]) * box.h
  ];
}
function panelAxes(ctx, box, px, { ylabel, yticks, xticks, xlabel }) {
  boxWithYTicks(ctx, box, (y) => px([0, y])[1], yticks);
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  for (const v of xticks) {
    const [X] = px([v, 0]);
    ctx.beginPath();
    ctx.moveTo(X, box.y + box.h);
    ctx.lineTo(X, box.y + box.h + 4);
    ctx.stroke();
    if (xlabel) ctx.fillText(String(v), X, box.y + box.h + 5);
  }
  if (xlabel) ctx.fillText(xlabel, box.x + box.w / 2, box.y + box.h + 21);
  yLabel(ctx, ylabel, 12, box.y, box.y + box.h);
}
function legendItem(ctx, x, y, color, text, { dash = [], marker = null } = {}) {
  drawPolyline(ctx, [[x, y], [x + 26, y]], (q) => q, color, 2, dash);
  if (marker) drawMarker(ctx, marker, x + 13, y, 9, color);
  ctx.fillStyle = ink(ctx.canvas);
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + 32, y);
  return x + 32 + ctx.measureText(text).width + 18;
}
function drawBackdrop(ctx, W, L, xlim, probe, colors, markers) {
  const { top, bot } = L;
  const xticks = [0, 30, 60, 90, 120, 150, 180].filter((v) => v >= xlim[0] && v <= xlim[1]);
  const pxBot = mapping(bot, xlim, [-0.03, 1.03]);
  panelAxes(ctx, top, mapping(top, xlim, [0, 1]), { ylabel: "density", yticks: [[0, "0"]], xticks });
  panelAxes(ctx, bot, pxBot, {
    ylabel: "posterior",
    yticks: [[0, "0"], [0.5, "0.5"], [1, "1"]],
    xticks,
    xlabel: "weight x (kg)"
  });
  drawPolyline(ctx, [[xlim[0], 0.5], [xlim[1], 0.5]], pxBot, "#cccccc", 1);
  textStyle(ctx);
  ctx.fillStyle = colors[1];
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  const name = "P(elephant | x)";
  ctx.fillText(name, bot.x + 6, bot.y + 4);
  ctx.fillStyle = ink(ctx.canvas);
  const note = `● the posterior at ${fmt(probe, 0)} kg`, beside = bot.x + 18 + ctx.measureText(name).width;
  if (beside + ctx.measureText(note).width <= bot.x + bot.w - 4) ctx.fillText(note, beside, bot.y + 4);
  else ctx.fillText(note, bot.x + 6, bot.y + 22);
  for (const [x, y, color, text, opts] of legend(ctx, W, colors, markers)) legendItem(ctx, x, y, color, text, opts);
}
function legend(ctx, W, colors, markers) {
  textStyle(ctx);
  const items = [
    [colors[0], "p(x | dog) p(dog)", { marker: markers[0] }],
    [colors[1], "p(x | elephant) p(elephant)", { marker: markers[1], dash: DASHED }],
    [ink(ctx.canvas), "p(x), their sum", { dash: DASH_DOT }],
    ["#666666", "threshold", { dash: DOTTED }]
  ];
  let x = 12, y = 11;
  return items.map(([color, text, opts]) => {
    const w = 32 + ctx.measureText(text).width;
    if (x > 12 && x + w > W - 4) {
      x = 12;
      y += 18;
    }
    const at = [x, y, color, text, opts];
    x += w + 18;
    return at;
  });
}
function draw(fig, back, f, colors, markers) {
  const { ctx, width: W, height: H } = fig;
  const { p, grid, joints, evidence, post, ymax, t, probe, pProbe } = f;
  const rows = new Set(legend(ctx, W, colors, markers).map((e) => e[1])).size;
  const xlim = [grid[0], grid[grid.length - 1]], L = layout(W, H, rows), { top, bot } = L;
  onBackdrop(fig, back, `${xlim} ${probe}`, (bctx) => drawBackdrop(bctx, W, L, xlim, probe, colors, markers));
  ctx.clearRect(0, 0, W, H);
  const pxTop = mapping(top, xlim, [0, ymax]), pxBot = mapping(bot, xlim, [-0.03, 1.03]);
  yTicks(ctx, top, (y) => pxTop([0, y])[1], [[ymax / 1.1, fmt(ymax / 1.1, 4)]]);
  ctx.save();
  ctx.beginPath();
  ctx.rect(top.x, top.y, top.w, top.h);
  ctx.rect(bot.x, bot.y, bot.w, bot.h);
  ctx.clip();
  if (t !== null) {
    drawPolyline(ctx, [[t, 0], [t, ymax]], pxTop, "#666666", 1.5, DOTTED);
    drawPolyline(ctx, [[t, -0.03], [t, 1.03]], pxBot, "#666666", 1.5, DOTTED);
  }
  drawPolyline(ctx, grid.map((x, i) => [x, joints[i][0]]), pxTop, colors[0], 2);
  drawPolyline(ctx, grid.map((x, i) => [x, joints[i][1]]), pxTop, colors[1], 2, DASHED);
  drawPolyline(ctx, grid.map((x, i) => [x, evidence[i]]), pxTop, ink(ctx.canvas), 1.2, DASH_DOT);
  drawPolyline(ctx, grid.map((x, i) => [x, post[i]]), pxBot, colors[1], 2, DASHED);
  for (const [k, mu] of [[0, p.mu_dog], [1, p.mu_elephant]]) {
    const [X, Y] = pxTop([mu, jointAt(mu, p)[k]]);
    drawMarker(ctx, markers[k], X, Y, 11, colors[k]);
  }
  const [PX, PY] = pxBot([probe, pProbe]);
  drawMarker(ctx, "o", PX, PY, 8, ink(ctx.canvas), null);
  ctx.restore();
}
function render(args) {
  const page = explorerPage(args, { frame, readouts: "Numbers of this model", controlsClass: "gl-wide" });
  const { model } = page;
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  const fig = canvasPanel(
    "Top: the weighted class densities p(x | y) p(y) and their sum p(x); bottom: the posterior P(elephant | x); the dotted line is the decision threshold",
    heightAt
  );
  const back = fig.backdrop();
  page.root.append(page.controls.node, page.out.node, h("div", { class: "gl-figures" }, fig.node));
  return page.start((f) => draw(fig, back, f, colors, markers), [fig]);
}
var generative_vs_discriminative_default = { render };
export {
  generative_vs_discriminative_default as default,
  frame
};
