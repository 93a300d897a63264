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
function describeMEstimate(query, classes, cond, scores, decision, posterior, m, curveM, curve) {
  const [yes, no] = classes;
  const groups = { [yes]: [], [no]: [], equal: [] };
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
    middle = lo === 0 ? `only the ${decision} score is above 0: ${decision} wins` : lo * MILLION <= hi ? `the ${decision} score is over a million times the ${loser} score: ${decision} wins` : `the ${decision} score is ${fmt(hi / lo, 2)} times the ${loser} score: ${decision} wins`;
  }
  const value = (v) => v === null ? "undefined (0/0)" : fmt(v, 2);
  const dot = posterior === null ? `at m = ${fmt(m, 1)} there is no dot (0/0)` : `the dot at m = ${fmt(m, 1)} is ${decision === yes ? "above" : decision === no ? "below" : "on"} one half`;
  return `Left: ${left.join("; ")}. Middle: ${middle}. Right: as m grows from ${fmt(curveM[0], 0)} to ${fmt(curveM[curveM.length - 1], 0)}, P(${yes} | x) goes from ${value(curve[0])} to ${value(curve[curve.length - 1])}; ${dot}.`;
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
function onBackdrop(panel, back, key, paint) {
  const k = `${panel.width} ${panel.height} ${back.canvas.width} ${key}`;
  if (back.key !== k) {
    back.ctx.clearRect(0, 0, panel.width, panel.height);
    back.drawn = paint(back.ctx);
    back.key = k;
  }
  return back.drawn;
}

// m_estimate_stolen_cars.js
function mEstimate(nc, n, p, m) {
  return (nc + m * p) / (n + m);
}
function carScores(counts, mRows, classes, m, p) {
  const cond = {}, score = {};
  for (const c of classes) {
    const [n, ncs] = counts[c];
    cond[c] = ncs.map((nc) => mEstimate(nc, n, p, m));
    let s = n / mRows;
    for (const v of cond[c]) s = s * v;
    score[c] = s;
  }
  return { cond, score };
}
function carPosterior(score, classes) {
  const a = score[classes[0]], b = score[classes[1]];
  return a + b === 0 ? null : a / (a + b);
}
function carReadouts(f, m, p, query, classes) {
  const [yes, no] = classes;
  const verdict = f.post === null ? `P(${yes} | x) is 0/0: both scores are 0 (use m > 0) -> no decision` : `P(${yes} | x) = ${fmt(f.post, 4)} -> decision: ${f.decision === "tie" ? "a tie" : f.decision}`;
  return [
    `m = ${fmt(m, 1)}, p = ${fmt(p, 2)}`,
    ...query.map((v, j) => `P(${v} | ${yes}) = ${fmt(f.cond[yes][j], 4)}, P(${v} | ${no}) = ${fmt(f.cond[no][j], 4)}`),
    `score ${yes} = ${fmt(f.score[yes], 5)}, score ${no} = ${fmt(f.score[no], 5)}`,
    verdict
  ];
}
function carPanel(ctx, box, Y, yticks, title, xlabel) {
  boxWithYTicks(ctx, box, Y, yticks);
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.fillText(title, box.x + box.w / 2, box.y - 6);
  if (xlabel) {
    ctx.textBaseline = "top";
    ctx.fillText(xlabel, box.x + box.w / 2, box.y + box.h + 22);
  }
}
var yOf = (box, ymax) => (v) => box.y + box.h - v / ymax * box.h;
function frame(get) {
  const params = paramsOf(get), { m, p } = params;
  const counts = get("counts"), mRows = get("m_rows"), classes = get("classes"), [yes, no] = classes;
  const { cond, score } = carScores(counts, mRows, classes, m, p);
  const post = carPosterior(score, classes);
  const decision = score[yes] > score[no] ? yes : score[no] > score[yes] ? no : "tie";
  const mMax = get("parameters").find((c) => c.name === "m").max;
  const mGrid = linspace(0, mMax, get("curve_n"));
  const curve = mGrid.map((mm) => carPosterior(carScores(counts, mRows, classes, mm, p).score, classes));
  const idx = get("curve_probes"), f = { cond, score, post, decision };
  const curveM = idx.map((i) => mGrid[i]), probed = idx.map((i) => curve[i]);
  return {
    ...f,
    m,
    p,
    mGrid,
    curve,
    mMax,
    classes,
    state: {
      conditionals: cond,
      scores: score,
      posterior: post,
      decision,
      curve_m: curveM,
      curve: probed,
      readouts: carReadouts(f, m, p, get("query"), classes),
      description: describeMEstimate(get("query"), classes, cond, score, decision, post, m, curveM, probed),
      params
    }
  };
}
var NARROW = 600;
var heightAt = (W) => W < NARROW ? 3 * 230 + 40 : Math.min(360, 0.36 * W);
function layout(W, H, legendRows = 1, s = 1) {
  const top = (20 + 20 * legendRows) * s, bottom = 46 * s, gap = 52 * s, right = 12 * s;
  if (W < NARROW) {
    const step = (H - top) / 3, ph2 = Math.max(40, step - 26 * s - bottom);
    return [0, 1, 2].map((i) => ({ x: gap, y: top + i * step, w: W - gap - right, h: ph2 }));
  }
  const avail = W - 3 * gap - right, ph = Math.max(40, H - top - bottom);
  let x = gap;
  return [1.6, 0.8, 1.4].map((r) => {
    const b = { x, y: top, w: avail * r / 3.8, h: ph };
    x += b.w + gap;
    return b;
  });
}
function drawBackdrop(ctx, W, boxes, query, classes, mMax, look) {
  const [b0, b1, b2] = boxes, [yes, no] = classes, { colors, markers, classOf } = look;
  textStyle(ctx);
  carPanel(
    ctx,
    b0,
    yOf(b0, 1),
    [0, 0.25, 0.5, 0.75, 1].map((v) => [v, String(v)]),
    "m-estimates of the conditionals",
    null
  );
  const slot = b0.w / query.length;
  ctx.textBaseline = "top";
  const full = query.every((v) => ctx.measureText(`P(${v} | ·)`).width + 8 <= slot);
  query.forEach((v, j) => {
    ctx.fillText(full ? `P(${v} | ·)` : v, b0.x + slot * j + slot / 2, b0.y + b0.h + 5);
  });
  carPanel(ctx, b1, yOf(b1, 1), [[0, "0"]], "scores P(v) · Π P(a | v)", null);
  ctx.textBaseline = "top";
  [yes, no].forEach((c, i) => {
    ctx.fillText(c, b1.x + b1.w * (i === 0 ? 0.3 : 0.7), b1.y + b1.h + 5);
  });
  const Yp = yOf(b2, 1), Xm = (mm) => b2.x + mm / mMax * b2.w;
  carPanel(ctx, b2, Yp, [0, 0.5, 1].map((v) => [v, String(v)]), `P(${yes} | x) as m grows`, "m (equivalent sample size)");
  ctx.textBaseline = "top";
  for (const t of [0, 10, 20, 30].filter((t2) => t2 <= mMax)) ctx.fillText(String(t), Xm(t), b2.y + b2.h + 5);
  drawPolyline(ctx, [[Xm(0), Yp(0.5)], [Xm(mMax), Yp(0.5)]], (q) => q, "#999999", 1);
  textStyle(ctx);
  ctx.textBaseline = "middle";
  ctx.textAlign = "left";
  legendPlaces(ctx, boxes[0].x, W, [yes, no]).forEach(([lx, ly], i) => {
    ctx.fillStyle = ink(ctx.canvas);
    if (i === 2) {
      drawPolyline(ctx, [[lx, ly], [lx + 24, ly]], (q) => q, ink(ctx.canvas), 1.2, [6, 4]);
      ctx.fillText("prior guess p", lx + 30, ly);
      return;
    }
    const c = [yes, no][i], k = classOf[c];
    ctx.fillStyle = colors[k];
    ctx.fillRect(lx, ly - 6, 14, 12);
    drawMarker(ctx, markers[k], lx + 7, ly, 9, colors[k]);
    ctx.fillStyle = ink(ctx.canvas);
    ctx.fillText(`Stolen = ${c}`, lx + 20, ly);
  });
}
function legendPlaces(ctx, x0, W, classes) {
  const widths = [
    ...classes.map((c) => 28 + ctx.measureText(`Stolen = ${c}`).width),
    30 + ctx.measureText("prior guess p").width
  ];
  const s = fontScale(ctx.canvas);
  let x = x0, y = 12 * s;
  return widths.map((w) => {
    if (x > x0 && x + w > W - 4) {
      x = x0;
      y += 20 * s;
    }
    const at = [x, y];
    x += w + 12;
    return at;
  });
}
function draw(fig, back, f, query, look) {
  const { ctx, width: W, height: H } = fig;
  const { cond, score, post, m, p, mGrid, curve, mMax } = f, [yes, no] = f.classes;
  textStyle(ctx);
  const s = fontScale(fig.canvas);
  const rows = new Set(legendPlaces(ctx, layout(W, H, 1, s)[0].x, W, f.classes).map((q) => q[1])).size;
  const boxes = layout(W, H, rows, s), [b0, b1, b2] = boxes;
  onBackdrop(fig, back, `${query} ${f.classes} ${mMax}`, (bctx) => drawBackdrop(bctx, W, boxes, query, f.classes, mMax, look));
  ctx.clearRect(0, 0, W, H);
  const bar = (c, bx, Y, v, bw2, bottom) => {
    const k = look.classOf[c];
    ctx.fillStyle = look.colors[k];
    ctx.fillRect(bx, Y(v), bw2, bottom - Y(v));
    drawMarker(ctx, look.markers[k], bx + bw2 / 2, Y(v) - 8, 10, look.colors[k]);
  };
  const Yc = yOf(b0, 1), slot = b0.w / query.length, bw = slot * 0.36;
  query.forEach((_, j) => {
    [yes, no].forEach((c, i) => {
      bar(c, b0.x + slot * j + slot / 2 + (i === 0 ? -bw : 0), Yc, cond[c][j], bw, b0.y + b0.h);
    });
  });
  drawPolyline(ctx, [[b0.x, Yc(p)], [b0.x + b0.w, Yc(p)]], (q) => q, ink(ctx.canvas), 1.2, [6, 4]);
  const smax = 1.15 * Math.max(score[yes], score[no], 1e-300), Ys = yOf(b1, smax);
  yTicks(ctx, b1, Ys, [[smax / 1.15, fmt(smax / 1.15, 4)]]);
  [yes, no].forEach((c, i) => {
    bar(c, b1.x + b1.w * (i === 0 ? 0.15 : 0.55), Ys, score[c], b1.w * 0.3, b1.y + b1.h);
  });
  const pxm = ([mm, v]) => [b2.x + mm / mMax * b2.w, yOf(b2, 1)(v)];
  drawPolyline(ctx, mGrid.map((mm, i) => [mm, curve[i]]).filter((q) => q[1] !== null), pxm, ink(ctx.canvas), 2);
  if (post !== null) drawMarker(ctx, "o", ...pxm([m, post]), 9, ink(ctx.canvas), null);
}
function render(args) {
  const page = explorerPage(args, {
    frame,
    readouts: "Numbers of the m-estimate",
    controlsClass: "gl-wide"
  });
  const { model } = page;
  const classes = model.get("classes");
  const look = {
    colors: model.get("class_colors"),
    markers: model.get("class_markers"),
    classOf: { [classes[0]]: 1, [classes[1]]: 0 }
  };
  const fig = canvasPanel("Left: the m-estimates of the three conditionals for Stolen = Yes and No, the prior guess p dashed; middle: the two naive Bayes scores; right: P(Yes | x) as m grows, the current m marked", heightAt);
  page.root.append(page.controls.node, page.out.node, h("div", { class: "gl-figures" }, fig.node));
  const query = model.get("query"), back = fig.backdrop();
  return page.start((f) => draw(fig, back, f, query, look), [fig]);
}
var m_estimate_stolen_cars_default = { render };
export {
  m_estimate_stolen_cars_default as default,
  frame
};
