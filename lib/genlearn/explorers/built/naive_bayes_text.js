// numerics.js
function fmt(x, digits) {
  const s = Number(Number(x).toPrecision(12)).toFixed(digits);
  return s.startsWith("-") && Number(s) === 0 ? s.slice(1) : s;
}
function logAddExp(a, b) {
  const m = Math.max(a, b);
  return m === -Infinity ? -Infinity : m + Math.log1p(Math.exp(-Math.abs(a - b)));
}
function posteriorFromLogs(l1, l0) {
  if (l1 === -Infinity && l0 === -Infinity) return null;
  return Math.exp(l1 - logAddExp(l0, l1));
}
function pitches(values, { lo, hi, pitch_low: low, pitch_high: high }) {
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
    return low * (high / low) ** t;
  });
}

// describe.js
var TIE = 1e-9;
var MILLION = 1e6;
function wins(p, first, second) {
  if (Math.abs(p - 0.5) <= TIE) return `a tie: ${first} and ${second} are equally likely`;
  const [winner, loser, hi, lo] = p > 0.5 ? [first, second, p, 1 - p] : [second, first, 1 - p, p];
  if (lo * MILLION <= hi) return `${winner} wins, over a million times as likely as ${loser}`;
  return `${winner} wins, ${fmt(hi / lo, 2)} times as likely as ${loser}`;
}
function describeLaplace(alpha, posterior, grid, curve) {
  const c0 = curve[0], c1 = curve[curve.length - 1];
  const trend = c1 < c0 - TIE ? "falls" : c1 > c0 + TIE ? "rises" : "stays level";
  const relation = Math.min(...curve) > 0.5 + TIE ? "staying above one half" : Math.max(...curve) < 0.5 - TIE ? "staying below one half" : "crossing one half";
  const text = `The curve of p(spam | x) ${trend} from ${fmt(c0, 2)} at α = ${fmt(grid[0], 2)} to ${fmt(c1, 2)} at α = ${fmt(grid[grid.length - 1], 2)}, ${relation}.`;
  if (posterior === null) return `${text} At α = 0 there is no dot: p(spam | x) is 0/0.`;
  const side = posterior > 0.5 ? "above" : posterior < 0.5 ? "below" : "on";
  return `${text} The dot at α = ${fmt(alpha, 2)} is at ${fmt(posterior, 2)}, ${side} the one-half line: ${wins(posterior, "spam", "ham")}.`;
}
function describeMessage(top, pSpam) {
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
  return `${text[0].toUpperCase()}${text.slice(1)}. The longest bar is “${longest[0]}”, toward ${longest[2]}. With the prior, ${wins(pSpam, "spam", "ham")}.`;
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

// naive_bayes_text.js
var signed = (v, digits) => {
  const s = fmt(v, digits);
  return s.startsWith("-") ? s : `+${s}`;
};
var TOKEN_RE = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
function tokenize(text) {
  return text.toLowerCase().match(TOKEN_RE) || [];
}
function bernoulliLogJoint(x, phi, prior) {
  let s = Math.log(prior);
  for (let j = 0; j < x.length; j++) s += Math.log(x[j] ? phi[j] : 1 - phi[j]);
  return s;
}
function laplaceAt(data, alpha) {
  const n = data.n, x = data.x;
  const phi = {};
  for (const k of ["spam", "ham"]) phi[k] = data.counts[k].map((c) => (c + alpha) / (n[k] + 2 * alpha));
  const m = n.spam + n.ham;
  const post = posteriorFromLogs(bernoulliLogJoint(x, phi.spam, n.spam / m), bernoulliLogJoint(x, phi.ham, n.ham / m));
  return { phi, posterior: post };
}
function laplaceReadouts(data, alpha, fr) {
  const j = data.words.indexOf(data.word), w = data.word;
  const a = fmt(alpha, 2), a2 = fmt(2 * alpha, 2);
  const lines = [
    `α = ${a}`,
    `φ(${w} | spam) = (${data.counts.spam[j]} + ${a}) / (${data.n.spam} + ${a2}) = ${fmt(fr.phi.spam[j], 4)}`,
    `φ(${w} | ham) = (${data.counts.ham[j]} + ${a}) / (${data.n.ham} + ${a2}) = ${fmt(fr.phi.ham[j], 4)}`
  ];
  if (fr.posterior === null) {
    lines.push(`p(spam | x) = 0/0: undefined (NaN): φ(${w}) = 0 in both classes, so both joints are 0`);
  } else {
    lines.push(`p(spam | x) = ${fmt(fr.posterior, 4)} → ${fr.posterior > 0.5 ? "spam" : "ham"}`);
  }
  return lines;
}
var curves = /* @__PURE__ */ new WeakMap();
function curveOf(data, grid) {
  if (!curves.has(data)) curves.set(data, grid.map((a) => laplaceAt(data, a).posterior));
  return curves.get(data);
}
function laplaceFrame(get) {
  const params = paramsOf(get), data = get("data"), alpha = params.alpha;
  const fr = laplaceAt(data, alpha), curve = curveOf(data, get("alpha_grid"));
  return { ...fr, curve, state: {
    params,
    phi: fr.phi,
    posterior: fr.posterior,
    curve,
    readouts: laplaceReadouts(data, alpha, fr),
    description: describeLaplace(alpha, fr.posterior, get("alpha_grid"), curve)
  } };
}
function drawLaplace(fig, back, f, data, alpha, grid, amax, color) {
  const { ctx, width: W, height: H } = fig;
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
      bctx.beginPath();
      bctx.moveTo(X(t), H - bottom);
      bctx.lineTo(X(t), H - bottom + 4);
      bctx.stroke();
      bctx.fillText(String(t), X(t), H - bottom + 6);
    }
    bctx.fillText("Laplace parameter α", (left + W - right) / 2, H - bottom + 24);
    yTicks(bctx, { x: left }, Y, [0, 0.25, 0.5, 0.75, 1].map((t) => [t, String(t)]));
    yLabel(bctx, "p(spam | x)", 14, top, H - bottom);
    const prior = data.n.spam / (data.n.spam + data.n.ham);
    const across = (p) => [[left, Y(p)], [W - right, Y(p)]];
    drawPolyline(bctx, across(prior), (q) => q, "#595959", 1.5, [2, 3]);
    drawPolyline(bctx, across(0.5), (q) => q, "#999999", 1.5, [1, 3]);
    bctx.fillStyle = ink(bctx.canvas);
    bctx.textAlign = "right";
    bctx.textBaseline = "bottom";
    bctx.fillText(`prior p(spam) = ${fmt(prior, 3)}`, W - right - 4, Y(prior) - 2);
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
  const page = explorerPage(args, { frame: laplaceFrame, readouts: "Smoothed estimates and the posterior" });
  const { model } = page;
  const data = model.get("data"), grid = model.get("alpha_grid"), color = model.get("class_colors")[1];
  const amax = model.get("parameters").find((c) => c.name === "alpha").max;
  const fig = canvasPanel(`p(spam | "${data.query}") against the Laplace parameter α, the current α marked`, 0.42, 340);
  const back = fig.backdrop();
  page.root.append(page.controls.node, page.out.node, h("div", { class: "gl-figures" }, fig.node));
  return page.start((f) => drawLaplace(fig, back, f, data, model.get("alpha"), grid, amax, color), [fig]);
}
function multinomialModel(data) {
  const words = data.words ? data.words.split(" ") : [];
  const counts = { spam: [], ham: [] };
  for (const k of ["spam", "ham"]) if (words.length) counts[k] = data.counts[k].split(",").map(Number);
  const V = words.length, a = data.alpha;
  const index = new Map(words.map((w, j) => [w, j]));
  const cc = data.class_count, m = cc.spam + cc.ham;
  const logPrior = { spam: Math.log(cc.spam / m), ham: Math.log(cc.ham / m) };
  const logPhi = {};
  for (const k of ["spam", "ham"]) {
    let total = 0;
    for (const c of counts[k]) total += c;
    const den = total + a * V;
    logPhi[k] = counts[k].map((c) => Math.log((c + a) / den));
  }
  return { index, logPrior, logPhi };
}
var plural = (n, word) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
var thousands = (n) => n.toLocaleString("en-US");
function messageNumbers(M, limits, message) {
  const tokens = tokenize(message);
  const seen = /* @__PURE__ */ new Map(), unknown = /* @__PURE__ */ new Map();
  for (const t of tokens) {
    const map = M.index.has(t) ? seen : unknown;
    map.set(t, (map.get(t) || 0) + 1);
  }
  const logJoint = { spam: M.logPrior.spam, ham: M.logPrior.ham };
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
    ham: contrib.filter((r) => r[2] < 0).sort((p, q) => p[2] - q[2]).slice(0, limits.top)
  };
  let nKnown = 0;
  for (const c of seen.values()) nKnown += c;
  return {
    tokens,
    unknown: [...unknown.keys()],
    nKnown,
    logJoint,
    pSpam,
    logOdds: logJoint.spam - logJoint.ham,
    top
  };
}
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
    lines.push("not in the vocabulary: " + fr.unknown.slice(0, limits.unknown_shown).join(", ") + (more > 0 ? ` and ${thousands(more)} more` : ""));
  }
  return lines;
}
var NARROW = 560;
var ROW = 26;
var NARROW_ROW = 38;
var FOOT = 30;
function drawBars(fig, fr, colors) {
  const { ctx, width: W, height: H } = fig;
  ctx.clearRect(0, 0, W, H);
  const rows = [...fr.top.spam, ...fr.top.ham];
  textStyle(ctx);
  if (!rows.length) {
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("no known word: nothing pushes the answer either way", W / 2, H / 2);
    return;
  }
  const labels = rows.map(([w, c, v]) => {
    const full = `${w} ×${c} (${signed(v, 2)})`;
    return full.length > 28 ? `${full.slice(0, 27)}…` : full;
  });
  const room = Math.max(...labels.map((l) => ctx.measureText(l).width)) + 10;
  const narrow = W < NARROW, mid = W / 2, half = narrow ? W / 2 - 8 : Math.max(20, W / 2 - room);
  const rowH = narrow ? NARROW_ROW : Math.min(ROW, (H - FOOT) / rows.length);
  const vmax = Math.max(...rows.map((r) => Math.abs(r[2])));
  rows.forEach(([, , v], i) => {
    const y = 6 + i * rowH, len = Math.abs(v) / vmax * half, barY = narrow ? y + rowH / 2 : y;
    const barH = narrow ? rowH / 2 - 3 : rowH;
    ctx.fillStyle = colors[v > 0 ? 1 : 0];
    ctx.fillRect(v > 0 ? mid : mid - len, barY + 3, len, barH - 6 + (narrow ? 3 : 0));
    ctx.fillStyle = ink(ctx.canvas);
    ctx.textBaseline = "middle";
    const label = labels[i];
    if (narrow) {
      ctx.textAlign = v > 0 ? "right" : "left";
      ctx.fillText(label, v > 0 ? W - 4 : 4, y + rowH / 4);
    } else {
      ctx.textAlign = v > 0 ? "left" : "right";
      ctx.fillText(label, v > 0 ? mid + len + 6 : mid - len - 6, y + rowH / 2);
    }
  });
  ctx.strokeStyle = ink(ctx.canvas);
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(mid, 2);
  ctx.lineTo(mid, H - 24);
  ctx.stroke();
  ctx.textBaseline = "bottom";
  const caption = "← towards ham        count × (log φ(word | spam) − log φ(word | ham))        towards spam →";
  if (ctx.measureText(caption).width <= W - 4) {
    ctx.textAlign = "center";
    ctx.fillText(caption, mid, H - 4);
  } else {
    ctx.textAlign = "left";
    ctx.fillText("← towards ham", 2, H - 4);
    ctx.textAlign = "right";
    ctx.fillText("towards spam →", W - 2, H - 4);
  }
}
function messageFrame(get, M) {
  const params = paramsOf(get), limits = get("limits");
  const fr = messageNumbers(M, limits, params.message);
  return { ...fr, state: {
    params,
    tokens: fr.tokens.slice(0, limits.tokens_published),
    n_tokens: fr.tokens.length,
    n_known: fr.nKnown,
    log_prior: M.logPrior,
    log_joint: fr.logJoint,
    p_spam: fr.pSpam,
    log_odds: fr.logOdds,
    top: fr.top,
    readouts: messageReadouts(M, limits, fr),
    description: describeMessage(fr.top, fr.pSpam)
  } };
}
function renderMessage(args) {
  const M = multinomialModel(args.model.get("data"));
  const page = explorerPage(args, {
    frame: (get) => messageFrame(get, M),
    readouts: "p(spam) of the message, and the words that decide it"
  });
  const colors = page.model.get("class_colors");
  const rowsMax = 2 * page.model.get("limits").top;
  const fig = canvasPanel(
    "The words that push the message most towards spam (right) and ham (left)",
    (w) => w < NARROW ? 6 + rowsMax * NARROW_ROW + FOOT : Math.min(260, 0.3 * w)
  );
  page.root.append(page.controls.node, page.out.node, h("div", { class: "gl-figures" }, fig.node));
  return page.start((f) => drawBars(fig, f, colors), [fig]);
}
function frame(get) {
  return get("view") === "message" ? messageFrame(get, multinomialModel(get("data"))) : laplaceFrame(get);
}
function render(args) {
  return args.model.get("view") === "message" ? renderMessage(args) : renderLaplace(args);
}
var naive_bayes_text_default = { render };
export {
  naive_bayes_text_default as default,
  frame
};
