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
var mul2 = (S, v) => [S[0][0] * v[0] + S[0][1] * v[1], S[1][0] * v[0] + S[1][1] * v[1]];
var dot2 = (u, v) => u[0] * v[0] + u[1] * v[1];
function classStats(P) {
  const m = P.length;
  let s0 = 0, s1 = 0;
  for (const p of P) {
    s0 += p[0];
    s1 += p[1];
  }
  const mu = [s0 / m, s1 / m];
  let a = 0, b = 0, c = 0;
  for (const p of P) {
    const d0 = p[0] - mu[0], d1 = p[1] - mu[1];
    a += d0 * d0;
    b += d0 * d1;
    c += d1 * d1;
  }
  return { m, mu, S: [[a, b], [b, c]] };
}
var scaled = (S, k) => S.map((row) => row.map((v) => v / k));
function gaussianFits(X0, X1) {
  const st = [classStats(X0), classStats(X1)], m = st[0].m + st[1].m;
  const qda = [scaled(st[0].S, st[0].m), scaled(st[1].S, st[1].m)];
  const pooled = [0, 1].map((i) => [0, 1].map((j) => st[0].S[i][j] + st[1].S[i][j]));
  return {
    counts: [st[0].m, st[1].m],
    phi: [st[0].m / m, st[1].m / m],
    mu: [st[0].mu, st[1].mu],
    qda,
    lda: scaled(pooled, m),
    nb: qda.map((S) => [[S[0][0], 0], [0, S[1][1]]])
  };
}
function quadraticForm(phi, mu, Sigma) {
  const P0 = inv2(Sigma[0]), P1 = inv2(Sigma[1]);
  const A = [0, 1].map((i) => [0, 1].map((j) => -0.5 * (P1[i][j] - P0[i][j])));
  const w1 = mul2(P1, mu[1]), w0 = mul2(P0, mu[0]);
  const b = [w1[0] - w0[0], w1[1] - w0[1]];
  const c = -0.5 * (dot2(mu[1], w1) - dot2(mu[0], w0)) - 0.5 * (Math.log(det2(Sigma[1])) - Math.log(det2(Sigma[0]))) + Math.log(phi[1] / phi[0]);
  const a11 = A[0][0], a12 = A[0][1] + A[1][0], a22 = A[1][1];
  const f = (x, y) => a11 * x * x + a12 * x * y + a22 * y * y + b[0] * x + b[1] * y + c;
  return { A, b, c, f };
}
var sigmoid = (t) => 1 / (1 + Math.exp(-t));
function pitches(values, { lo, hi, pitch_low: low, pitch_high: high }) {
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
    return low * (high / low) ** t;
  });
}

// describe.js
var TIE = 1e-9;
var deg = (y, x) => Math.atan2(y, x) * 180 / Math.PI;
function axisAngle(d) {
  let a = Number(fmt(d, 0));
  while (a <= -90) a += 180;
  while (a > 90) a -= 180;
  return a;
}
function line(theta, theta0) {
  const [t1, t2] = theta;
  const a = axisAngle(deg(-t1, t2));
  const slope = a === 0 ? "horizontal" : a === 90 ? "vertical" : a > 0 ? `rising at ${a}°` : `falling at ${-a}°`;
  let where, side;
  if (Math.abs(t2) < Math.abs(t1) * (1 - TIE)) {
    where = `x₁ = ${fmt(-theta0 / t1, 2)} at x₂ = 0`;
    side = t1 > 0 ? "to the right of" : "to the left of";
  } else {
    where = `x₂ = ${fmt(-theta0 / t2, 2)} at x₁ = 0`;
    side = t2 > 0 ? "above" : "below";
  }
  return `a straight line ${slope} that crosses ${where}; class 1 is more likely ${side} it`;
}
var noLine = (theta) => Math.abs(theta[0]) <= 1e-8 && Math.abs(theta[1]) <= 1e-8;
function describeNewton(k, theta, gdaTheta, gdaTheta0) {
  const it = noLine(theta) ? `At iterate ${k} logistic regression has no boundary yet (θ₁ = θ₂ = 0)` : `At iterate ${k} the logistic boundary (solid) is ${line(theta.slice(0, 2), theta[2])}`;
  const closed = noLine(gdaTheta) ? "GDA has no boundary" : `GDA's closed-form boundary (dashed) is ${line(gdaTheta, gdaTheta0)}`;
  return `${it}. ${closed}.`;
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
function stamp(ctx, sprite, X, Y) {
  const w = sprite.width / sprite.dpr, d = sprite.dpr;
  ctx.drawImage(sprite, Math.round((X - w / 2) * d) / d, Math.round((Y - w / 2) * d) / d, w, w);
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
function keyItem(paint, text) {
  const dpr = window.devicePixelRatio || 1;
  const c = h("canvas", { width: Math.round(28 * dpr), height: Math.round(14 * dpr), "aria-hidden": "true" });
  const ctx = c.getContext("2d");
  ctx.scale(dpr, dpr);
  paint(ctx);
  return h("div", { class: "gl-key" }, c, " ", text);
}
var keyLine = (color, width, dash) => (ctx) => drawPolyline(ctx, [[1, 7], [27, 7]], (q) => q, color, width, dash);
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

// points.js
var byClass = (X, y) => [0, 1].map((k) => X.filter((_, i) => y[i] === k));
function fitOK(X, y, least, flat) {
  const [X0, X1] = byClass(X, y);
  if (X0.length < least || X1.length < least) return false;
  const S = gaussianFits(X0, X1).lda;
  return S[0][0] > 0 && S[1][1] > 0 && det2(S) > flat * S[0][0] * S[1][1];
}
var PICK_PX = 12;
var KEY_STEP = 0.1;
var at = (x) => `(${fmt(x[0], 2)}, ${fmt(x[1], 2)})`;
var POINT_KEYS = "Keys: arrows choose a point; Enter picks it up, then the arrows move it (Shift: ten times farther) and Enter drops it; Delete removes it; 0 or 1 adds a point of that class.";
function handsOn(page, targets, opts) {
  const { model } = page;
  const hands = { selected: null, grabbed: false, announce: null };
  const data = () => ({ X: model.get("points"), y: model.get("labels") });
  const clamp = (x) => x.map((v) => Math.min(opts.limits()[1], Math.max(opts.limits()[0], v)));
  const describe = (i, X, y) => `point ${i + 1} of ${X.length} (y = ${y[i]}) at ${at(X[i])}`;
  const edit = (X, y, selected, said) => {
    if (!opts.fits(X, y)) {
      hands.announce = opts.refused;
      page.request();
      return false;
    }
    hands.selected = selected;
    hands.announce = said;
    page.changed({ points: X, labels: y });
    return true;
  };
  const move = (i, x, verb = "Moved") => {
    const { X, y } = data(), Z = X.slice();
    Z[i] = clamp(x);
    return edit(Z, y, i, `${verb} ${describe(i, Z, y)}.`);
  };
  const add = (x, k) => {
    const { X, y } = data(), Z = [...X, clamp(x)], w = [...y, k];
    return edit(Z, w, Z.length - 1, `Added ${describe(Z.length - 1, Z, w)}.`);
  };
  const remove = (i) => {
    const { X, y } = data(), was = describe(i, X, y);
    const Z = X.filter((_, j) => j !== i), w = y.filter((_, j) => j !== i);
    hands.grabbed = false;
    return edit(Z, w, Z.length ? Math.min(i, Z.length - 1) : null, `Removed ${was}.`);
  };
  hands.move = move;
  hands.outlier = () => {
    move(data().y.indexOf(0), model.get("outlier_at"), "Outlier: moved");
  };
  for (const target of targets) attach(target);
  function attach({ canvas, geom }) {
    let rect = null;
    const where = (e) => {
      const r = rect, { box } = geom.now, [lo, hi] = opts.limits();
      const X = e.clientX - r.left, Y = e.clientY - r.top;
      return {
        X,
        Y,
        x: [lo + (X - box.x) / box.size * (hi - lo), hi - (Y - box.y) / box.size * (hi - lo)],
        inside: X >= box.x && X <= box.x + box.size && Y >= box.y && Y <= box.y + box.size
      };
    };
    const nearest = (X, Y) => {
      let best = -1, bestD = PICK_PX * PICK_PX;
      model.get("points").forEach((x, i) => {
        const [a, b] = geom.now.px(x), d = (a - X) ** 2 + (b - Y) ** 2;
        if (d <= bestD) {
          best = i;
          bestD = d;
        }
      });
      return best;
    };
    let drag = null;
    canvas.addEventListener("pointerdown", (e) => {
      if (!geom.now || e.button > 0) return;
      rect = canvas.getBoundingClientRect();
      const p = where(e), mode = model.get("pointer");
      if (!p.inside) return;
      const hit = nearest(p.X, p.Y);
      e.preventDefault();
      if (e.shiftKey || mode === "remove") {
        if (hit >= 0) remove(hit);
      } else if (mode === "add0" || mode === "add1") add(p.x, mode === "add0" ? 0 : 1);
      else if (hit >= 0) {
        const x = model.get("points")[hit];
        drag = { i: hit, id: e.pointerId, dx: x[0] - p.x[0], dy: x[1] - p.x[1] };
        canvas.setPointerCapture(e.pointerId);
        hands.selected = hit;
        page.request();
      }
    });
    canvas.addEventListener("pointermove", (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      const p = where(e);
      move(drag.i, [p.x[0] + drag.dx, p.x[1] + drag.dy]);
    });
    const end = (e) => {
      if (drag && e.pointerId === drag.id) drag = null;
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    const step = (dir, axis) => {
      const { X } = data(), order = X.map((_, i) => i).sort((a, b) => X[a][axis] - X[b][axis] || a - b);
      const here = order.indexOf(hands.selected ?? order[0]);
      hands.selected = order[Math.max(0, Math.min(order.length - 1, here + dir))];
      hands.announce = `Chose ${describe(hands.selected, X, data().y)}.`;
      page.request();
    };
    const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowDown: [-1, 1], ArrowUp: [1, 1] };
    canvas.addEventListener("keydown", (e) => {
      const { X, y } = data();
      if (hands.selected === null || hands.selected >= X.length) hands.selected = 0;
      const i = hands.selected;
      if (e.key in ARROWS) {
        const [dir, axis] = ARROWS[e.key];
        if (hands.grabbed) {
          const x = X[i].slice();
          x[axis] += dir * KEY_STEP * (e.shiftKey ? 10 : 1);
          move(i, x);
        } else step(dir, axis);
      } else if (e.key === "Enter" || e.key === " ") {
        hands.grabbed = !hands.grabbed;
        hands.announce = hands.grabbed ? `Picked up ${describe(i, X, y)}: the arrows move it, Enter drops it.` : `Dropped ${describe(i, X, y)}.`;
        page.request();
      } else if (e.key === "Escape" && hands.grabbed) {
        hands.grabbed = false;
        hands.announce = `Dropped ${describe(i, X, y)}.`;
        page.request();
      } else if (e.key === "Delete" || e.key === "Backspace") remove(i);
      else if (e.key === "0" || e.key === "1") {
        const k = Number(e.key);
        if (add(opts.addAt(k), k)) hands.grabbed = true;
      } else return;
      e.preventDefault();
      e.stopPropagation();
    });
    canvas.addEventListener("focus", () => {
      const { X, y } = data();
      if (hands.selected === null || hands.selected >= X.length) hands.selected = 0;
      hands.announce = `Chose ${describe(hands.selected, X, y)}. ${POINT_KEYS}`;
      page.request();
    });
    canvas.addEventListener("blur", () => {
      hands.grabbed = false;
      page.request();
    });
  }
  return hands;
}
function ringAt(ctx, X, Y, r) {
  for (const [w, color] of [[4, "#ffffff"], [2, "#000000"]]) {
    ctx.beginPath();
    ctx.arc(X, Y, r, 0, 2 * Math.PI);
    ctx.strokeStyle = color;
    ctx.lineWidth = w;
    ctx.stroke();
  }
}

// gda_vs_logistic_regression.js
var logSigmoid = (z) => Math.min(z, 0) - Math.log1p(Math.exp(-Math.abs(z)));
function roughCentre(X) {
  const m = X.length, mean = [0, 1].map((j) => X.reduce((s, x) => s + x[j], 0) / m);
  const sd = [0, 1].map((j) => Math.sqrt(X.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / m));
  return mean.every((c, j) => Math.abs(c) <= sd[j]) ? [0, 0] : mean;
}
function cholesky3(M) {
  const L = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j <= i; j++) {
      let s = M[i][j];
      for (let k = 0; k < j; k++) s -= L[i][k] * L[j][k];
      if (i === j) {
        if (!(s > 0)) return null;
        L[i][i] = Math.sqrt(s);
      } else L[i][j] = s / L[j][j];
    }
  }
  return L;
}
function newtonStep(H, g, first) {
  const d = [0, 1, 2].map((i) => Math.sqrt(H[i][i]));
  if (!d.every((v) => v > 0)) return null;
  const L = cholesky3(H.map((row, i) => row.map((v, j) => v / d[i] / d[j])));
  if (L === null || first && L.some((row, i) => row[i] * row[i] <= 1e-13)) return null;
  const b = g.map((v, i) => v / d[i]), u = [0, 0, 0], w = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= L[i][k] * u[k];
    u[i] = s / L[i][i];
  }
  for (let i = 2; i >= 0; i--) {
    let s = u[i];
    for (let k = i + 1; k < 3; k++) s -= L[k][i] * w[k];
    w[i] = s / L[i][i];
  }
  return w.map((v, i) => v / d[i]);
}
function newtonPath(X, y, maxSteps, tol) {
  const c = roughCentre(X), Xc = X.map((x) => [x[0] - c[0], x[1] - c[1]]);
  const ybar = y.reduce((s, v2) => s + v2, 0) / y.length;
  const scores = (v2) => Xc.map((x) => x[0] * v2[0] + x[1] * v2[1] + v2[2]);
  const objective = (z2) => z2.reduce((s, zi, i) => s + logSigmoid(zi) - (1 - y[i]) * zi, 0);
  let v = [0, 0, Math.log(ybar / (1 - ybar))], z = scores(v);
  const vs = [v], path = [objective(z)];
  let status = "max_steps";
  for (let it = 1; it <= maxSteps; it++) {
    const H = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], g = [0, 0, 0];
    z.forEach((zi, i) => {
      const hi = sigmoid(zi), w = hi * (1 - hi), r = y[i] - hi, a = [Xc[i][0], Xc[i][1], 1];
      for (let p = 0; p < 3; p++) {
        g[p] += a[p] * r;
        for (let q = 0; q < 3; q++) H[p][q] += w * a[p] * a[q];
      }
    });
    let step = newtonStep(H, g, it === 1);
    if (step === null) {
      status = "singular";
      break;
    }
    let decrement = 0.5 * (g[0] * step[0] + g[1] * step[1] + g[2] * step[2]);
    const last = path[path.length - 1];
    let value = last, taken = false;
    for (let halving = 0; halving < 40; halving++) {
      const next = v.map((vi, i) => vi + step[i]), zNext = scores(next);
      value = objective(zNext);
      if (value >= last - 1e-12 * Math.abs(last)) {
        v = next;
        z = zNext;
        taken = true;
        break;
      }
      step = step.map((s) => s / 2);
      decrement /= 2;
    }
    if (!taken) {
      value = last;
      decrement = 0;
    }
    vs.push(v);
    path.push(value);
    if (decrement <= tol) {
      status = "converged";
      break;
    }
  }
  const thetas = vs.map((w) => [w[0], w[1], w[2] - (c[0] * w[0] + c[1] * w[1])]);
  return { thetas, logliks: path, status };
}
var f3 = (x) => fmt(x, 3);
function readoutLines(counts, k, P, size, separated, gda) {
  const K = P.thetas.length - 1, t = P.thetas[k];
  let where;
  if (k < K) where = `Newton step ${k} of ${K}`;
  else if (P.status === "converged") where = `Newton step ${k}: converged (the predicted gain fell below 1e-10)`;
  else if (P.status === "singular") where = `Newton step ${k}: stopped, the Hessian is numerically singular`;
  else where = `Newton step ${k}: the explorer stops at ${K} steps`;
  return [
    `m = ${counts[0] + counts[1]}: ${counts[0]} with y = 0, ${counts[1]} with y = 1`,
    where,
    `θ = [${f3(t[0])}, ${f3(t[1])}], θ₀ = ${f3(t[2])}, |θ| = ${f3(Math.hypot(t[0], t[1]))}`,
    `log-likelihood ℓ(θ) = ${fmt(P.logliks[k], 6)}`,
    `step size |Δθ| = ${k ? f3(size) : "none yet (the start: θ = 0, θ₀ = log-odds of the classes)"}`,
    separated ? "every point is on its own side: ℓ rises towards 0 as |θ| grows, so no maximum exists" : "some points are on the wrong side: ℓ has a finite maximum",
    `GDA (closed form): θ = [${f3(gda.theta[0])}, ${f3(gda.theta[1])}], θ₀ = ${f3(gda.theta0)}`
  ];
}
function frame(get) {
  const p = paramsOf(get), X = get("points"), y = get("labels");
  const P = newtonPath(X, y, get("max_steps"), get("tol"));
  const k = Math.min(p.step, P.thetas.length - 1), t = P.thetas[k];
  const size = [];
  for (let i = 1; i <= k; i++) {
    const a = P.thetas[i], b = P.thetas[i - 1];
    size.push(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
  }
  const separated = X.every((x, i) => (2 * y[i] - 1) * (x[0] * t[0] + x[1] * t[1] + t[2]) > 0);
  const fits = gaussianFits(...byClass(X, y)), q = quadraticForm(fits.phi, fits.mu, [fits.lda, fits.lda]);
  const gda = { theta: q.b, theta0: q.c };
  return {
    X,
    y,
    P,
    k,
    gda,
    lim: get("limits"),
    state: {
      sample: { counts: fits.counts, X, y },
      newton: {
        shown: k,
        last: P.thetas.length - 1,
        status: P.status,
        theta: P.thetas.slice(0, k + 1),
        loglik: P.logliks.slice(0, k + 1),
        size,
        separated
      },
      gda,
      readouts: readoutLines(fits.counts, k, P, k ? size[k - 1] : 0, separated, gda),
      description: describeNewton(k, t, gda.theta, gda.theta0),
      params: p
    }
  };
}
function drawLine(ctx, px, theta, theta0, lim, color, width, dash) {
  const n = Math.hypot(theta[0], theta[1]);
  if (!(n > 1e-12)) return;
  const foot = [-theta0 * theta[0] / n / n, -theta0 * theta[1] / n / n], d = [-theta[1] / n, theta[0] / n];
  const mid = (lim[0] + lim[1]) / 2, reach = Math.hypot(foot[0] - mid, foot[1] - mid) + 2 * (lim[1] - lim[0]);
  drawPolyline(
    ctx,
    [[foot[0] - reach * d[0], foot[1] - reach * d[1]], [foot[0] + reach * d[0], foot[1] + reach * d[1]]],
    px,
    color,
    width,
    dash
  );
}
function drawPoints(panel, f, look, selected) {
  const { ctx, width: W, height: H } = panel;
  ctx.clearRect(0, 0, W, H);
  const { px, box } = plotFrame(ctx, panel, f.lim);
  clipTo(ctx, box);
  for (let i = Math.max(1, f.k - 4); i < f.k; i++) {
    const t2 = f.P.thetas[i];
    drawLine(ctx, px, [t2[0], t2[1]], t2[2], f.lim, "#b0b0b0", 1.25, []);
  }
  drawLine(ctx, px, f.gda.theta, f.gda.theta0, f.lim, look.gda, 2.5, [8, 5]);
  const t = f.P.thetas[f.k];
  drawLine(ctx, px, [t[0], t[1]], t[2], f.lim, "#000000", 3, []);
  const size = Math.max(5, Math.min(8, box.size / 60));
  const sprites = [0, 1].map((k) => markerSprite(look.sprites, look.markers[k], size, look.colors[k]));
  f.X.forEach((x, i) => {
    stamp(ctx, sprites[f.y[i]], ...px(x));
  });
  if (selected !== null && selected < f.X.length) ringAt(ctx, ...px(f.X[selected]), size + 3);
  ctx.restore();
  outline(ctx, box);
  return { px, box };
}
function drawCurve(panel, f, look) {
  const { ctx, width: W, height: H } = panel;
  ctx.clearRect(0, 0, W, H);
  const L = f.P.logliks, K = L.length - 1, top = Math.max(...L), low = L[0];
  const span = top - low || 1;
  const box = { x: 62, y: 8, w: W - 72, h: H - 40 };
  const X = (i) => box.x + (K ? i / K : 0) * box.w, Y = (v) => box.y + (top - v) / span * box.h;
  ctx.strokeStyle = "#000";
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x, box.y, box.w, box.h);
  yTicks(ctx, box, Y, [[low, fmt(low, 1)], [top, fmt(top, top > -10 ? 3 : 1)]]);
  textStyle(ctx);
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(`Newton iteration k (0 to ${K})`, box.x + box.w / 2, box.y + box.h + 6);
  const pts = L.slice(0, f.k + 1).map((v, i) => [i, v]);
  drawPolyline(ctx, pts, ([i, v]) => [X(i), Y(v)], look.line, 2);
  for (const [i, v] of pts) drawMarker(ctx, "o", X(i), Y(v), 5, look.line, "#ffffff");
}
function legend(look) {
  return h(
    "div",
    { class: "gl-legend" },
    keyItem((ctx) => drawMarker(ctx, look.markers[0], 14, 7, 8, look.colors[0], "#ffffff"), "y = 0"),
    keyItem((ctx) => drawMarker(ctx, look.markers[1], 14, 7, 8, look.colors[1], "#ffffff"), "y = 1"),
    keyItem(keyLine("#000000", 3, []), "logistic regression, iterate k"),
    keyItem(keyLine("#b0b0b0", 1.25, []), "the iterates before it"),
    keyItem(keyLine(look.gda, 2.5, [8, 5]), "GDA, closed form")
  );
}
var STEP_KEYS = { n: "step", b: "back", r: "reset" };
function render(args) {
  const page = explorerPage(args, {
    frame,
    readouts: "Numbers of the current Newton iterate",
    watch: ["points", "labels"],
    // choosing a data set puts its points on the page (no kernel needed)
    also(values, get) {
      if (!("data_set" in values)) return {};
      const [X, y] = get("presets")[values.data_set];
      return { points: X, labels: y };
    }
  });
  const { model } = page;
  const look = {
    colors: model.get("class_colors"),
    markers: model.get("class_markers"),
    sprites: /* @__PURE__ */ new Map(),
    gda: model.get("palette").orange,
    line: "#000000"
  };
  const fig = canvasPanel("The training points, the boundary of the current Newton iterate (solid), the iterates before it (grey) and GDA's closed-form boundary (dashed). " + POINT_KEYS, 1, 400);
  fig.canvas.setAttribute("tabindex", "0");
  fig.canvas.style.touchAction = "none";
  const curve = canvasPanel("The log-likelihood of the Newton iterates so far, against the iteration", 0.5, 150);
  const summary = h("div", { class: "gl-summary", "aria-live": "polite", "aria-atomic": "true" }, "");
  const geom = { now: null };
  const hands = handsOn(page, [{ canvas: fig.canvas, geom }], {
    fits: (X, y) => fitOK(X, y, model.get("min_per_class"), model.get("flat")),
    refused: `Not done: each class keeps at least ${model.get("min_per_class")} points, not all on one line.`,
    addAt: (k) => classStats(byClass(model.get("points"), model.get("labels"))[k]).mu,
    // the class's mean
    limits: () => model.get("limits")
  });
  const go = (what) => {
    const f = frame(model.get), k = f.k, K = f.P.thetas.length - 1;
    const to = { step: Math.min(k + 1, K), back: Math.max(k - 1, 0), reset: 0 }[what];
    if (to !== model.get("step")) page.changed({ step: to });
  };
  const button = (what, text, key) => h("button", { type: "button", "aria-keyshortcuts": key, onclick: () => {
    if (buttons[what].getAttribute("aria-disabled") !== "true") go(what);
  } }, text);
  const buttons = {
    step: button("step", "Step ▶", "N"),
    back: button("back", "◀ Back", "B"),
    reset: button("reset", "Reset", "R")
  };
  const row = h("div", { class: "gl-buttons" }, buttons.step, buttons.back, buttons.reset);
  page.root.addEventListener("keydown", (e) => {
    const what = STEP_KEYS[e.key?.toLowerCase()];
    if (!what || e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    e.preventDefault();
    e.stopPropagation();
    go(what);
  });
  const side = h("div", { class: "gl-side" }, row, curve.node, page.out.node, legend(look), summary);
  page.root.append(page.controls.node, h("div", { class: "gl-figures" }, fig.node, side));
  return page.start((f, draft) => {
    geom.now = drawPoints(fig, f, look, hands.selected);
    drawCurve(curve, f, look);
    const { x, y, size } = geom.now.box, box = `${x} ${y} ${size}`;
    if (fig.canvas.dataset.box !== box) fig.canvas.dataset.box = box;
    const K = f.P.thetas.length - 1;
    buttons.step.setAttribute("aria-disabled", String(f.k >= K));
    buttons.back.setAttribute("aria-disabled", String(f.k === 0));
    buttons.reset.setAttribute("aria-disabled", String(f.k === 0));
    if (!draft && hands.announce !== null) {
      summary.textContent = `${hands.announce} ${f.state.readouts[1]}; ${f.state.readouts[2]}.`;
      hands.announce = null;
    }
  }, [fig, curve]);
}
var gda_vs_logistic_regression_default = { render };
export {
  gda_vs_logistic_regression_default as default,
  frame,
  newtonPath
};
