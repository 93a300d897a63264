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
function cholesky2(S) {
  const l00 = Math.sqrt(S[0][0]), l10 = S[1][0] / l00;
  return [[l00, 0], [l10, Math.sqrt(S[1][1] - l10 * l10)]];
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
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 | 0;
    let t = Math.imul(a ^ a >>> 15, 1 | a);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return (t ^ t >>> 14) >>> 0;
  };
}
function seededDraws(m, seed) {
  const next = mulberry32(seed), TWO32 = 4294967296;
  const noise = new Array(m);
  for (let i = 0; i < m; i++) {
    const u1 = (next() + 1) / TWO32, u2 = next() / TWO32;
    const r = Math.sqrt(-2 * Math.log(u1)), t = 2 * Math.PI * u2;
    noise[i] = [r * Math.cos(t), r * Math.sin(t)];
  }
  const order = Array.from({ length: m }, (_, i) => i);
  for (let i = m - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1) / TWO32);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return { noise, order };
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
function describeGDA(theta, theta0, fitTheta, fitTheta0) {
  const truth = noLine(theta) ? "There is no true boundary: the means are equal, so p(y = 1 | x) = φ everywhere" : `The true boundary (solid) is ${line(theta, theta0)}`;
  const fitted = noLine(fitTheta) ? "The fitted model has no boundary" : `The fitted boundary (dashed) is ${line(fitTheta, fitTheta0)}`;
  return `${truth}. ${fitted}.`;
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
  lookup.fill = (out, at2, values, from, count) => {
    for (let k = 0; k < count; k++) {
      out[at2 + k] = table[Math.min(last, Math.max(0, Math.floor((values[from + k] - lo) * perStep)))];
    }
  };
  return lookup;
}
function shadeTable(shades) {
  const top = shades.length - 1;
  return pixelTable((a) => shades[Math.round(top / (1 + Math.exp(-a)))], -8, 8);
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
function drawCross(ctx, X, Y, r = 6, width = 2.4) {
  ctx.beginPath();
  ctx.moveTo(X - r, Y - r);
  ctx.lineTo(X + r, Y + r);
  ctx.moveTo(X - r, Y + r);
  ctx.lineTo(X + r, Y - r);
  for (const [w, color] of [[2 * width, "#ffffff"], [width, "#000000"]]) {
    ctx.strokeStyle = color;
    ctx.lineWidth = w;
    ctx.stroke();
  }
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

// gaussian_discriminant_analysis.js
function roundHalfEven(x) {
  const r = Math.round(x);
  return Math.abs(x - Math.trunc(x)) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
function sample(phi, mu, Sigma, noise, order, least) {
  const m = noise.length, y = new Array(m).fill(0);
  const m1 = Math.min(Math.max(roundHalfEven(phi * m), least), m - least);
  for (let i = 0; i < m1; i++) y[order[i]] = 1;
  const L = cholesky2(Sigma);
  const X = noise.map(([z0, z1], i) => {
    const c = mu[y[i]];
    return [c[0] + z0 * L[0][0], c[1] + (z0 * L[1][0] + z1 * L[1][1])];
  });
  return { X, y };
}
function sampleOf(p, get) {
  const mu = [[p.mu0_1, p.mu0_2], [p.mu1_1, p.mu1_2]], Sigma = covariance2(p.sigma1, p.sigma2, p.rho);
  return sample(p.phi, mu, Sigma, get("noise"), get("order"), get("min_per_class"));
}
function boundary(phi, mu, Sigma) {
  const q = quadraticForm(phi, mu, [Sigma, Sigma]);
  return { theta: q.b, theta0: q.c };
}
function lineInBox(theta, theta0, lim) {
  const [a, b] = theta, [lo, hi] = lim;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  if (scale < 1e-12) return [[], []];
  const pts = [];
  const inside = (v) => lo - 1e-9 <= v && v <= hi + 1e-9;
  if (Math.abs(b) > 1e-12 * scale) for (const x of [lo, hi]) {
    const yy = -(a * x + theta0) / b;
    if (inside(yy)) pts.push([x, yy]);
  }
  if (Math.abs(a) > 1e-12 * scale) for (const yy of [lo, hi]) {
    const x = -(b * yy + theta0) / a;
    if (inside(x)) pts.push([x, yy]);
  }
  if (pts.length < 2) return [[], []];
  let best = -1, bi = 0, bj = 0;
  for (let i = 0; i < pts.length; i++) for (let j = 0; j < pts.length; j++) {
    const d = (pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2;
    if (d > best) {
      best = d;
      bi = i;
      bj = j;
    }
  }
  return [[pts[bi][0], pts[bj][0]], [pts[bi][1], pts[bj][1]]];
}
function boundaryEquation(theta, theta0) {
  const terms = [
    ...theta.map((t, j) => [t < 0 ? "-" : "+", `${fmt(Math.abs(t), 3)} x${j + 1}`]),
    [theta0 < 0 ? "-" : "+", fmt(Math.abs(theta0), 3)]
  ];
  let text = (terms[0][0] === "-" ? "-" : "") + terms[0][1];
  for (const [sg, t] of terms.slice(1)) text += ` ${sg} ${t}`;
  return `${text} = 0`;
}
var DRAWS = { numpy: "numpy's default_rng (the lesson's sample)", mulberry32: "the page's generator (mulberry32)" };
function fitError(F, mu, Sigma, truth, none) {
  const t = F.theta, u = truth.theta;
  let sq = 0;
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) sq += (F.Sigma[i][j] - Sigma[i][j]) ** 2;
  return {
    mu0: Math.hypot(F.mu0[0] - mu[0][0], F.mu0[1] - mu[0][1]),
    mu1: Math.hypot(F.mu1[0] - mu[1][0], F.mu1[1] - mu[1][1]),
    Sigma: Math.sqrt(sq),
    angle: none ? null : Math.atan2(Math.abs(t[0] * u[1] - t[1] * u[0]), t[0] * u[0] + t[1] * u[1]) * 180 / Math.PI
  };
}
function readoutLines(truth, F, E, draws, seed) {
  const f3 = (x) => fmt(x, 3), S = F.Sigma;
  const none = Math.abs(truth.theta[0]) <= 1e-8 && Math.abs(truth.theta[1]) <= 1e-8;
  return [
    `m = ${F.counts[0] + F.counts[1]}: ${F.counts[0]} with y = 0, ${F.counts[1]} with y = 1`,
    `true θ = Σ⁻¹(μ₁ − μ₀) = [${f3(truth.theta[0])}, ${f3(truth.theta[1])}]`,
    `true θ₀ = ${f3(truth.theta0)}`,
    `true boundary: ${none ? "none: μ₀ = μ₁, so p(y=1|x) = φ everywhere" : boundaryEquation(truth.theta, truth.theta0)}`,
    `fitted φ = ${f3(F.phi)}, training accuracy = ${f3(F.accuracy)}`,
    `fitted μ₀ = (${f3(F.mu0[0])}, ${f3(F.mu0[1])}), μ₁ = (${f3(F.mu1[0])}, ${f3(F.mu1[1])})`,
    `fitted Σ = [[${f3(S[0][0])}, ${f3(S[0][1])}], [${f3(S[1][0])}, ${f3(S[1][1])}]]`,
    `fitted θ = [${f3(F.theta[0])}, ${f3(F.theta[1])}], θ₀ = ${f3(F.theta0)}`,
    `fitted boundary: ${boundaryEquation(F.theta, F.theta0)}`,
    `fitted − true: θ by [${f3(F.theta[0] - truth.theta[0])}, ${f3(F.theta[1] - truth.theta[1])}], θ₀ by ${f3(F.theta0 - truth.theta0)}`,
    `fitted − true: |μ̂₀ − μ₀| = ${f3(E.mu0)}, |μ̂₁ − μ₁| = ${f3(E.mu1)}, ‖Σ̂ − Σ‖ = ${f3(E.Sigma)}, boundaries' angle ${E.angle === null ? "none (no true boundary)" : `${fmt(E.angle, 2)}°`}`,
    `sample drawn with seed ${seed} by ${DRAWS[draws]}`
  ];
}
function frame(get) {
  const p = paramsOf(get), lim = get("limits");
  const mu = [[p.mu0_1, p.mu0_2], [p.mu1_1, p.mu1_2]], Sigma = covariance2(p.sigma1, p.sigma2, p.rho);
  const X = get("points"), y = get("labels");
  const truth = boundary([1 - p.phi, p.phi], mu, Sigma);
  const fits = gaussianFits(...byClass(X, y));
  const fitted = boundary(fits.phi, fits.mu, fits.lda);
  let right = 0;
  X.forEach((x, i) => {
    if ((dot2(fitted.theta, x) + fitted.theta0 > 0 ? 1 : 0) === y[i]) right += 1;
  });
  const F = {
    counts: fits.counts,
    phi: fits.phi[1],
    mu0: fits.mu[0],
    mu1: fits.mu[1],
    Sigma: fits.lda,
    ...fitted,
    accuracy: right / X.length
  };
  const none = Math.abs(truth.theta[0]) <= 1e-8 && Math.abs(truth.theta[1]) <= 1e-8;
  const E = fitError(F, mu, Sigma, truth, none);
  const num = get("ellipse_num");
  const rings = (centres, S) => {
    const eig = sym2Eigen(S);
    return centres.map((c) => get("radii").map((r) => ellipsePoints(c, eig, r, num)));
  };
  const ellipses = rings(mu, Sigma), fitEllipses = rings(fits.mu, F.Sigma);
  const trueLine = lineInBox(truth.theta, truth.theta0, lim), fitLine = lineInBox(F.theta, F.theta0, lim);
  const ep = get("ellipse_probes"), probed = (E2) => E2.map((rs) => rs.map((pts) => ep.map((i) => pts[i])));
  const g = linspace(lim[0], lim[1], get("shade_n")), gp = get("shade_probes").map((i) => g[i]);
  return {
    mu,
    X,
    y,
    truth,
    ellipses,
    fitEllipses,
    fitMu: fits.mu,
    trueLine,
    fitLine,
    lim,
    state: {
      sample: { counts: F.counts, X, y, draws: get("draws") },
      true: { Sigma, theta: truth.theta, theta0: truth.theta0, line: trueLine },
      fitted: {
        phi: F.phi,
        mu0: F.mu0,
        mu1: F.mu1,
        Sigma: F.Sigma,
        theta: F.theta,
        theta0: F.theta0,
        line: fitLine,
        accuracy: F.accuracy,
        ellipses: probed(fitEllipses),
        error: E
      },
      ellipses: probed(ellipses),
      posterior: { x: gp, y: gp, p: gp.map((x2) => gp.map((x1) => sigmoid(dot2(truth.theta, [x1, x2]) + truth.theta0))) },
      readouts: readoutLines(truth, F, E, get("draws"), p.seed),
      description: describeGDA(truth.theta, truth.theta0, F.theta, F.theta0),
      params: p
    }
  };
}
function shadeColors(colors, fade = 0.72) {
  const c0 = hexRgb(colors[0]), c1 = hexRgb(colors[1]);
  return linspace(0, 1, 256).map((q) => [0, 1, 2].map((i) => Math.round(fade * 255 + (1 - fade) * ((1 - q) * c0[i] + q * c1[i]))));
}
function drawPoints(layer, top, f, px, box, sprites, moving) {
  const { X, y } = f, skip = moving !== null && moving < X.length ? moving : -1;
  const each = (ctx, except) => X.forEach((x, i) => {
    if (i === except) return;
    const [a, b] = px(x);
    stamp(ctx, sprites[y[i]], a, b);
  });
  if (skip < 0) {
    if (layer.key !== "empty") {
      layer.ctx.clearRect(0, 0, layer.canvas.width, layer.canvas.height);
      layer.key = "empty";
    }
    each(top, -1);
    return;
  }
  const key = `${box.x} ${box.y} ${box.size} ${layer.canvas.width} ${sprites[0].width} ${skip}`, was = layer.drawn;
  const same = layer.key === key && was.X.length === X.length && X.every((x, i) => i === skip || x === was.X[i] && y[i] === was.y[i]);
  if (!same) {
    const { ctx } = layer;
    ctx.clearRect(0, 0, layer.canvas.width, layer.canvas.height);
    clipTo(ctx, box);
    each(ctx, skip);
    ctx.restore();
    layer.drawn = { X, y };
    layer.key = key;
  }
  stamp(top, sprites[y[skip]], ...px(X[skip]));
}
function draw(panel, layers, f, look, selected, trail, moving) {
  const { ctx, width: W, height: H } = panel;
  ctx.clearRect(0, 0, W, H);
  const { px, box } = backdropFrame(panel, layers, f.lim, { ticks: linspace(f.lim[0], f.lim[1], 7) });
  const n = layers.image.canvas.width, { theta, theta0 } = f.truth, shadeKey = `${theta} ${theta0} ${f.lim}`;
  if (layers.image.key !== shadeKey) {
    const g = linspace(f.lim[0], f.lim[1], n), pix = layers.image.pixels;
    for (let i = 0; i < n; i++) {
      const x2 = g[n - 1 - i];
      for (let j = 0; j < n; j++) pix[i * n + j] = look.shade(theta[0] * g[j] + theta[1] * x2 + theta0);
    }
    layers.image.show();
    layers.image.key = shadeKey;
  }
  clipTo(ctx, box);
  const size = Math.max(5, Math.min(8, box.size / 60));
  const sprites = [0, 1].map((k) => markerSprite(look.sprites, look.markers[k], size, look.colors[k]));
  drawPoints(layers.points, ctx, f, px, box, sprites, moving);
  f.ellipses.forEach((rings, k) => {
    for (const pts of rings) drawPolyline(ctx, pts, px, look.colors[k], 2, k === 0 ? [] : [7, 4]);
  });
  f.fitEllipses.forEach((rings, k) => {
    for (const pts of rings) drawPolyline(ctx, pts, px, look.colors[k], 1.25, [2, 3]);
  });
  const seg = (L) => L[0].map((x, i) => [x, L[1][i]]);
  for (const L of trail) drawPolyline(ctx, seg(L), px, "rgba(0, 0, 0, 0.28)", 1.5);
  if (f.trueLine[0].length) drawPolyline(ctx, seg(f.trueLine), px, "#000000", 3);
  drawPolyline(ctx, seg(f.fitLine), px, "#000000", 2, [3, 4]);
  for (const c of f.mu) drawCross(ctx, ...px(c), 6, 2.5);
  if (selected !== null && selected < f.X.length) ringAt(ctx, ...px(f.X[selected]), size + 3);
  ctx.restore();
  outline(ctx, box);
  return { px, box };
}
function legend(colors, markers) {
  return h(
    "div",
    { class: "gl-legend" },
    keyItem((ctx) => drawMarker(ctx, markers[0], 14, 7, 8, colors[0], "#ffffff"), "y = 0 (training point)"),
    keyItem((ctx) => drawMarker(ctx, markers[1], 14, 7, 8, colors[1], "#ffffff"), "y = 1 (training point)"),
    keyItem(keyLine(colors[0], 2, []), "true N(μ₀, Σ), r = 1, 2"),
    keyItem(keyLine(colors[1], 2, [7, 4]), "true N(μ₁, Σ), r = 1, 2"),
    keyItem(keyLine(colors[0], 1.25, [2, 3]), "fitted N(μ₀, Σ), N(μ₁, Σ)"),
    keyItem(keyLine("#000000", 3, []), "true boundary"),
    keyItem(keyLine("#000000", 2, [3, 4]), "boundary of GDA fitted to the points"),
    keyItem(keyLine("rgba(0, 0, 0, 0.28)", 1.5, []), `fitted boundaries of the last ${TRAIL} samples`),
    h("div", { class: "gl-key" }, "× true means; shading: true p(y=1|x)")
  );
}
var TRUE_MODEL = ["phi", "mu0_1", "mu0_2", "mu1_1", "mu1_2", "sigma1", "sigma2", "rho"];
var TRAIL = 5;
var SEED_MAX = 4294967295;
function sampleControls(page, hands, trail) {
  const { model } = page;
  const redraw = (m, seed) => {
    const was = hands.fitLine ?? frame(model.get).fitLine;
    if (was[0].length) trail.push(was);
    if (trail.length > TRAIL) trail.shift();
    const { noise, order } = seededDraws(m, seed), own = { noise, order };
    const { X, y } = sampleOf(paramsOf(model.get), (name) => name in own ? own[name] : model.get(name));
    hands.selected = null;
    hands.grabbed = false;
    hands.announce = `New sample: m = ${m}, seed ${seed}.`;
    page.changed({ m, seed, draws: "mulberry32", noise, order, points: X, labels: y });
  };
  const spec = model.get("parameters").find((c) => c.name === "m");
  const mSlider = slider({
    label: spec.label,
    min: spec.min,
    max: spec.max,
    step: 10,
    value: model.get("m"),
    format: (v) => String(v),
    onInput: (v) => redraw(v, model.get("seed"))
  });
  const id = uid();
  const seedBox = h("input", { type: "number", id, min: 0, max: SEED_MAX, step: 1, inputmode: "numeric" });
  seedBox.value = String(model.get("seed"));
  const commit = () => {
    const v = Number(seedBox.value);
    if (seedBox.value.trim() !== "" && Number.isInteger(v) && v >= 0 && v <= SEED_MAX) {
      if (v !== model.get("seed") || model.get("draws") !== "mulberry32") redraw(model.get("m"), v);
    } else {
      hands.announce = `Not done: the seed is a whole number from 0 to ${SEED_MAX}.`;
      seedBox.value = String(model.get("seed"));
      page.request();
    }
  };
  seedBox.addEventListener("change", commit);
  seedBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter") commit();
  });
  const next = h("button", { type: "button", onclick: () => {
    const seed = model.get("seed") >= SEED_MAX ? 0 : model.get("seed") + 1;
    seedBox.value = String(seed);
    redraw(model.get("m"), seed);
  } }, "New sample");
  const seedNode = h(
    "div",
    { class: "gl-control", style: "grid-template-columns: max-content minmax(4em, 1fr) max-content" },
    h("label", { for: id }, "seed"),
    seedBox,
    next
  );
  return {
    nodes: [mSlider.node, seedNode],
    sync() {
      if (Number(mSlider.input.value) !== model.get("m")) mSlider.set(model.get("m"));
      if (document.activeElement !== seedBox && seedBox.value !== String(model.get("seed"))) {
        seedBox.value = String(model.get("seed"));
      }
    }
  };
}
function render(args) {
  const page = explorerPage(args, {
    frame,
    readouts: "Numbers of the true and of the fitted model",
    watch: ["draws", "noise", "order", "points", "labels"],
    // moving the true model draws the sample again from it (the same fixed draws)
    also(values, get) {
      if (!TRUE_MODEL.some((k) => k in values)) return {};
      const { X, y } = sampleOf({ ...paramsOf(get), ...values }, get);
      return { points: X, labels: y };
    }
  });
  const { model } = page;
  const colors = model.get("class_colors"), markers = model.get("class_markers");
  const fig = canvasPanel(`The training points, the true Gaussians' contour ellipses (and the fitted ones, dotted), the true posterior as shading, the true boundary (solid) and the fitted boundary (dashed). ${POINT_KEYS}`, 1, 400);
  fig.canvas.setAttribute("tabindex", "0");
  fig.canvas.style.touchAction = "none";
  const summary = h("div", { class: "gl-summary", "aria-live": "polite", "aria-atomic": "true" }, "");
  const geom = { now: null };
  const hands = handsOn(page, [{ canvas: fig.canvas, geom }], {
    fits: (X, y) => fitOK(X, y, model.get("min_per_class"), model.get("flat")),
    refused: `Not done: each class keeps at least ${model.get("min_per_class")} points, not all on one line.`,
    addAt: (k) => frame(page.model.get).state.fitted[k === 0 ? "mu0" : "mu1"],
    limits: () => model.get("limits")
  });
  const outlier = h(
    "button",
    { type: "button", onclick: () => hands.outlier() },
    "Outlier: move one point far away"
  );
  const trail = [];
  const draws = sampleControls(page, hands, trail);
  page.controls.node.append(...draws.nodes);
  const side = h("div", { class: "gl-side" }, page.out.node, legend(colors, markers), outlier, summary);
  page.root.append(page.controls.node, h("div", { class: "gl-figures" }, fig.node, side));
  const look = { colors, markers, sprites: /* @__PURE__ */ new Map(), shade: shadeTable(pixels32(shadeColors(colors))) };
  const layers = { back: fig.backdrop(), image: fig.image(model.get("shade_n")) };
  layers.points = fig.backdrop();
  return page.start((f, draft) => {
    geom.now = draw(fig, layers, f, look, hands.selected, trail, draft ? hands.selected : null);
    hands.fitLine = f.fitLine;
    draws.sync();
    const { x, y, size } = geom.now.box, box = `${x} ${y} ${size}`;
    if (fig.canvas.dataset.box !== box) fig.canvas.dataset.box = box;
    if (!draft && hands.announce !== null) {
      summary.textContent = `${hands.announce} ${f.state.readouts[5]}; ${f.state.readouts[7]}.`;
      hands.announce = null;
    }
  }, [fig]);
}
var gaussian_discriminant_analysis_default = { render };
export {
  gaussian_discriminant_analysis_default as default,
  frame,
  sample
};
