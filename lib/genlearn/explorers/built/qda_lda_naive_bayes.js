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
function compass(d) {
  const names = ["right", "upper right", "top", "upper left", "left", "lower left", "bottom", "lower right"];
  return names[(Math.round(Number(fmt(d, 0)) / 45) % 8 + 8) % 8];
}
var pair = (x, y) => `(${fmt(x, 2)}, ${fmt(y, 2)})`;
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
function opening(a) {
  if (Math.abs(a) <= 22) return "to the left and right";
  if (Math.abs(a) >= 68) return "up and down";
  return a > 0 ? "toward the lower left and upper right" : "toward the upper left and lower right";
}
function conic(A, b, c, kind) {
  const a11 = A[0][0], a22 = A[1][1], off = (A[0][1] + A[1][0]) / 2;
  const mean = (a11 + a22) / 2, half = Math.hypot((a11 - a22) / 2, off);
  const lam = [mean - half, mean + half];
  const big = Math.abs(lam[1]) >= Math.abs(lam[0]) ? lam[1] : lam[0];
  const scale = Math.max(Math.abs(lam[0]), Math.abs(lam[1]), Math.hypot(b[0], b[1]), Math.abs(c));
  const flat = Math.abs(big) <= 1e-8 * scale;
  const t = 0.5 * Math.atan2(2 * off, a11 - a22);
  if (kind === "line" && flat) return line(b, c);
  if (kind === "none") return `no boundary: class ${(flat ? c > 0 : big > 0) ? 1 : 0} is more likely everywhere`;
  if (kind === "ellipse" || kind === "hyperbola") {
    const det = a11 * a22 - off * off;
    const x0 = -0.5 * (a22 * b[0] - off * b[1]) / det, y0 = -0.5 * (a11 * b[1] - off * b[0]) / det;
    if (kind === "ellipse") return `an ellipse around ${pair(x0, y0)}; class 1 is more likely ${a11 < 0 ? "inside" : "outside"} it`;
    const f0 = c + 0.5 * (b[0] * x0 + b[1] * y0);
    const opens = t * 180 / Math.PI + (f0 < 0 ? 0 : 90);
    return `a hyperbola centred at ${pair(x0, y0)} whose branches open ${opening(axisAngle(opens))}; class 1 is more likely ${f0 < 0 ? "inside the two branches" : "between the branches"}`;
  }
  if (kind === "parabola") {
    const lamU = big, v = lamU === lam[1] ? t + Math.PI / 2 : t;
    const bv = b[0] * Math.cos(v) + b[1] * Math.sin(v);
    const d = lamU * bv < 0 ? v : v + Math.PI;
    return `a parabola-like curve opening toward the ${compass(d * 180 / Math.PI)}; class 1 is more likely ${lamU < 0 ? "inside" : "outside"} it`;
  }
  return `a degenerate curve (${kind === "line" ? "a double line" : kind})`;
}
function describeBoundaries(models) {
  const parts = Object.entries(models).map(([name, m]) => `${name}: ${conic(m.A, m.b, m.c, m.conic)}.`);
  return `Class 1 is the triangles; each black curve is a boundary. ${parts.join(" ")}`;
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
function stampPoints(ctx, P, px, sprite) {
  for (const p of P) {
    const [X, Y] = px(p);
    stamp(ctx, sprite, X, Y);
  }
}
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

// qda_lda_naive_bayes.js
var MODELS = ["QDA", "LDA", "naive Bayes"];
function conicType(A, b, c, rtol = 1e-8) {
  const off = (A[0][1] + A[1][0]) / 2;
  const S = [[A[0][0], off], [off, A[1][1]]];
  const eig = sym2Eigen(S), lam = eig.values, V = eig.vectors;
  const nb = Math.hypot(b[0], b[1]);
  const scale = Math.max(Math.abs(lam[0]), Math.abs(lam[1]), nb, Math.abs(c), 22250738585072014e-324);
  const zero = lam.map((l) => Math.abs(l) <= rtol * scale);
  if (zero[0] && zero[1]) return nb <= rtol * scale ? "none" : "line";
  if (!zero[0] && !zero[1]) {
    const x = mul2(inv2(S), b), x0 = [-0.5 * x[0], -0.5 * x[1]];
    const f0 = c + 0.5 * dot2(b, x0);
    const flat = Math.abs(f0) <= rtol * scale;
    if (lam[0] * lam[1] > 0) return flat ? "point" : Math.sign(f0) === Math.sign(lam[0]) ? "none" : "ellipse";
    return flat ? "two crossing lines" : "hyperbola";
  }
  const col = (j) => [V[0][j], V[1][j]];
  const [u, v, lamU] = zero[0] ? [col(1), col(0), lam[1]] : [col(0), col(1), lam[0]];
  if (Math.abs(dot2(b, v)) > rtol * scale) return "parabola";
  const disc = dot2(b, u) ** 2 - 4 * lamU * c;
  if (Math.abs(disc) <= rtol * scale * scale) return "line";
  return disc > 0 ? "two parallel lines" : "none";
}
function fitsAll(X, y, least, flat) {
  const [X0, X1] = byClass(X, y);
  if (X0.length < least || X1.length < least) return false;
  return gaussianFits(X0, X1).qda.every((S) => S[0][0] > 0 && S[1][1] > 0 && det2(S) > flat * S[0][0] * S[1][1]);
}
function sampleOf(p, get) {
  const L = cholesky2(covariance2(p.sigma1, p.sigma2, p.rho)), mu1 = get("mu1"), X0 = get("x0");
  const X1 = get("z1").map(([z0, z1]) => [mu1[0] + L[0][0] * z0, mu1[1] + (L[1][0] * z0 + L[1][1] * z1)]);
  return { X: [...X0, ...X1], y: [...X0.map(() => 0), ...X1.map(() => 1)] };
}
function readoutLines(Sigma1, models, counts) {
  const S = Sigma1, v = sym2Eigen(S).values, f4 = (x) => fmt(x, 4);
  const side = (x) => x < 1 - 1e-9 ? "below 1" : x > 1 + 1e-9 ? "above 1" : "equal to 1";
  return [
    `Σ₁ = [[${f4(S[0][0])}, ${f4(S[0][1])}], [${f4(S[1][0])}, ${f4(S[1][1])}]], Σ₀ = I`,
    `variances of Σ₁ along its axes: ${f4(v[0])} (${side(v[0])}), ${f4(v[1])} (${side(v[1])})`,
    ...MODELS.map((name) => {
      const M = models[name];
      return `${name}: eigenvalues of A ${f4(M.eigenvalues[0])}, ${f4(M.eigenvalues[1])}, boundary ${M.conic}; training accuracy ${f4(M.accuracy)}`;
    }),
    `training points: ${counts[0]} with y = 0, ${counts[1]} with y = 1`
  ];
}
function frame(get) {
  const p = paramsOf(get), X = get("points"), y = get("labels");
  const Sigma1 = covariance2(p.sigma1, p.sigma2, p.rho);
  const [X0, X1] = byClass(X, y);
  const fits = gaussianFits(X0, X1), m = X.length;
  const models = {};
  for (const [name, Sigma] of [["QDA", fits.qda], ["LDA", [fits.lda, fits.lda]], ["naive Bayes", fits.nb]]) {
    const { A, b, c, f } = quadraticForm(fits.phi, fits.mu, Sigma);
    let right = 0;
    for (const [x, y2] of X0) if (!(f(x, y2) > 0)) right += 1;
    for (const [x, y2] of X1) if (f(x, y2) > 0) right += 1;
    models[name] = {
      phi: fits.phi,
      mu: fits.mu,
      Sigma,
      A,
      b,
      c,
      f,
      eigenvalues: sym2Eigen(A).values,
      conic: conicType(A, b, c),
      accuracy: right / m
    };
  }
  const probes = get("probes");
  const published = Object.fromEntries(MODELS.map((name) => {
    const M = models[name];
    return [name, {
      phi: M.phi,
      mu: M.mu,
      Sigma: M.Sigma,
      A: M.A,
      b: M.b,
      c: M.c,
      eigenvalues: M.eigenvalues,
      conic: M.conic,
      accuracy: M.accuracy,
      posterior: probes.map(([x, y2]) => sigmoid(M.f(x, y2)))
    }];
  }));
  return {
    X0,
    X1,
    X,
    models,
    state: {
      Sigma1,
      sample: { X, y, counts: fits.counts },
      models: published,
      readouts: readoutLines(Sigma1, models, fits.counts),
      description: describeBoundaries(published),
      params: p
    }
  };
}
function posteriorColors(colors) {
  const c0 = hexRgb(colors[0]), c1 = hexRgb(colors[1]);
  return linspace(0, 1, 256).map((t) => {
    const [c, w] = t < 0.5 ? [c0, (0.5 - t) * 2] : [c1, (t - 0.5) * 2];
    return c.map((v) => Math.round(255 + 0.45 * w * (v - 255)));
  });
}
function logOddsGrid(M, g, F) {
  const n = g.length;
  const a = M.A[0][0], bxy = M.A[0][1] + M.A[1][0], d = M.A[1][1], b0 = M.b[0], b1 = M.b[1], c = M.c;
  for (let i = 0; i < n; i++) {
    const y = g[i], cy = d * y * y + b1 * y + c, ky = bxy * y + b0;
    for (let j = 0; j < n; j++) {
      const x = g[j];
      F[i * n + j] = (a * x + ky) * x + cy;
    }
  }
  return F;
}
var grids = /* @__PURE__ */ new Map();
function gridOf(lo, hi, m) {
  const key = `${lo} ${hi} ${m}`;
  if (!grids.has(key)) grids.set(key, { g: linspace(lo, hi, m), F: new Float64Array(m * m) });
  return grids.get(key);
}
function shadeImage(pix, n, F, m, step, shade) {
  if (step === 1) {
    for (let i = 0; i < n; i++) shade.fill(pix, i * n, F, (n - 1 - i) * n, n);
    return;
  }
  const row = new Uint32Array(m);
  let shown = -1;
  for (let i = 0; i < n; i++) {
    const r = m - 1 - Math.round(i / step);
    if (r === shown) {
      pix.copyWithin(i * n, (i - 1) * n, i * n);
      continue;
    }
    shade.fill(row, 0, F, r * m, m);
    for (let j = 0; j < n; j++) pix[i * n + j] = row[Math.round(j / step)];
    shown = r;
  }
}
var edgeTables = /* @__PURE__ */ new Map();
function zeroLevel(F, g) {
  const n = g.length, N = 2 * n * n;
  if (!edgeTables.has(n)) {
    edgeTables.set(n, {
      px: new Float64Array(N),
      py: new Float64Array(N),
      seen: new Uint8Array(N),
      linkA: new Int32Array(N).fill(-1),
      linkB: new Int32Array(N).fill(-1)
    });
  }
  const { px, py, seen, linkA, linkB } = edgeTables.get(n), touched = [];
  const cross = (o, step) => {
    const id = 2 * o + (step === 1 ? 0 : 1);
    if (linkA[id] < 0) {
      const t = F[o] / (F[o] - F[o + step]), i = Math.floor(o / n), j = o % n;
      px[id] = step === 1 ? g[j] + t * (g[j + 1] - g[j]) : g[j];
      py[id] = step === 1 ? g[i] : g[i] + t * (g[i + 1] - g[i]);
      touched.push(id);
    }
    return id;
  };
  const link = (a, b) => {
    if (linkA[a] < 0) linkA[a] = b;
    else linkB[a] = b;
    if (linkA[b] < 0) linkA[b] = a;
    else linkB[b] = a;
  };
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j + 1 < n; j++) {
      const o = i * n + j;
      const a = F[o], b = F[o + 1], c = F[o + n + 1], d = F[o + n];
      const pa = a > 0, pb = b > 0, pc = c > 0, pd = d > 0;
      if (pa === pb && pb === pc && pc === pd) continue;
      const ids = [];
      if (pa !== pb) ids.push(cross(o, 1));
      if (pb !== pc) ids.push(cross(o + 1, n));
      if (pc !== pd) ids.push(cross(o + n, 1));
      if (pd !== pa) ids.push(cross(o, n));
      if (ids.length === 2) link(ids[0], ids[1]);
      else if (ids.length === 4) {
        if ((a + b + c + d) / 4 > 0 === pa) {
          link(ids[0], ids[1]);
          link(ids[2], ids[3]);
        } else {
          link(ids[0], ids[3]);
          link(ids[1], ids[2]);
        }
      }
    }
  }
  const lines = [];
  const walk = (start) => {
    const line2 = [[px[start], py[start]]];
    seen[start] = 1;
    let cur = start;
    for (; ; ) {
      const next = !seen[linkA[cur]] ? linkA[cur] : linkB[cur] >= 0 && !seen[linkB[cur]] ? linkB[cur] : -1;
      if (next < 0) break;
      seen[next] = 1;
      line2.push([px[next], py[next]]);
      cur = next;
    }
    if (line2.length > 2 && (linkA[cur] === start || linkB[cur] === start)) line2.push(line2[0]);
    lines.push(line2);
  };
  for (const id of touched) if (!seen[id] && linkB[id] < 0) walk(id);
  for (const id of touched) if (!seen[id]) walk(id);
  for (const id of touched) {
    linkA[id] = -1;
    linkB[id] = -1;
    seen[id] = 0;
  }
  return lines;
}
var pointSize = (box) => Math.max(6.5, box.size / 45);
function drawPanel(panel, layers, M, f, look, draft, selected, still) {
  const { ctx } = panel;
  const [lo, hi] = look.lim, n = layers.image.canvas.width;
  const sprites = (box2) => [0, 1].map((k) => markerSprite(look.sprites, look.markers[k], pointSize(box2), look.colors[k]));
  const { px, box } = backdropFrame(
    panel,
    layers,
    [lo, hi],
    { ticks: [-4, -2, 0, 2, 4, 6] },
    still && ((back, frame2) => {
      const [s02, s12] = sprites(frame2.box);
      clipTo(back, frame2.box);
      stampPoints(back, still.X0, frame2.px, s02);
      stampPoints(back, still.X1, frame2.px, s12);
      back.restore();
    }),
    still ? still.key : ""
  );
  ctx.clearRect(0, 0, panel.width, panel.height);
  const step = draft && (n - 1) % 2 === 0 ? 2 : 1, m = (n - 1) / step + 1;
  const { g, F } = gridOf(lo, hi, m);
  logOddsGrid(M, g, F);
  shadeImage(layers.image.pixels, n, F, m, step, look.shade);
  layers.image.show();
  clipTo(ctx, box);
  const [s0, s1] = sprites(box);
  stampPoints(ctx, f.X0, px, s0);
  stampPoints(ctx, f.X1, px, s1);
  ctx.beginPath();
  for (const line2 of zeroLevel(F, g)) {
    line2.forEach((q, k) => {
      const [X, Y] = px(q);
      if (k) ctx.lineTo(X, Y);
      else ctx.moveTo(X, Y);
    });
  }
  ctx.strokeStyle = "#000000";
  ctx.lineWidth = 2.5;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.stroke();
  for (const c of M.mu) drawCross(ctx, ...px(c), 6, 2.2);
  if (selected !== null && selected < f.X.length) {
    const [X, Y] = px(f.X[selected]);
    for (const [w, color] of [[4, "#ffffff"], [2, "#000000"]]) {
      ctx.beginPath();
      ctx.arc(X, Y, pointSize(box) / 2 + 4, 0, 2 * Math.PI);
      ctx.strokeStyle = color;
      ctx.lineWidth = w;
      ctx.stroke();
    }
  }
  ctx.restore();
  outline(ctx, box);
  return { px, box };
}
function splitStill(X, y, was, held) {
  const still = [[], []], moved = [[], []];
  for (let i = 0; i < X.length; i++) {
    const k = y[i];
    (was && X[i] === was.X[i] && k === was.y[i] ? still : moved)[k].push(X[i]);
  }
  const same = (A, B) => A.length === B.length && A.every((x, i) => x === B[i]);
  const kept = held && same(still[0], held.X0) && same(still[1], held.X1);
  return {
    still: kept ? held : { X0: still[0], X1: still[1], key: `still ${(held?.n ?? 0) + 1}`, n: (held?.n ?? 0) + 1 },
    moved
  };
}
var TRUE_MODEL = ["sigma1", "sigma2", "rho"];
function render(args) {
  const page = explorerPage(args, {
    frame,
    readouts: "Numbers of the three fitted models",
    watch: ["points", "labels"],
    // moving a slider draws the sample again from the sliders' model
    also(values, get) {
      if (!TRUE_MODEL.some((k) => k in values)) return {};
      const { X, y } = sampleOf({ ...paramsOf(get), ...values }, get);
      return { points: X, labels: y };
    }
  });
  const { model } = page;
  const titles = model.get("titles"), colors = model.get("class_colors");
  const look = {
    lim: model.get("lim"),
    colors,
    markers: model.get("class_markers"),
    sprites: /* @__PURE__ */ new Map(),
    shade: shadeTable(pixels32(posteriorColors(colors)))
  };
  const panels = {}, heads = {}, layers = {}, geoms = {};
  for (const name of MODELS) {
    const keys = name === MODELS[0] ? ` ${POINT_KEYS}` : "";
    panels[name] = canvasPanel(
      `${titles[name]}: posterior shading, the two classes and the boundary.${keys}`,
      1,
      420
    );
    layers[name] = { back: panels[name].backdrop(), image: panels[name].image(model.get("grid_n")) };
    heads[name] = h("div", { class: "gl-heading" }, titles[name]);
    panels[name].node.prepend(heads[name]);
    panels[name].canvas.style.touchAction = "none";
    geoms[name] = { now: null };
  }
  panels[MODELS[0]].canvas.setAttribute("tabindex", "0");
  const hands = handsOn(page, MODELS.map((k) => ({ canvas: panels[k].canvas, geom: geoms[k] })), {
    fits: (X, y) => fitsAll(X, y, model.get("min_per_class"), model.get("flat")),
    refused: `Not done: each class keeps at least ${model.get("min_per_class")} points, not all on one line.`,
    addAt: (k) => frame(model.get).models.QDA.mu[k],
    limits: () => model.get("lim")
  });
  const summary = h("div", { class: "gl-summary", "aria-live": "polite", "aria-atomic": "true" }, "");
  const outlier = h(
    "button",
    { type: "button", onclick: () => hands.outlier() },
    "Outlier: move one point far away"
  );
  const caption = h(
    "div",
    { class: "gl-caption" },
    "Circles: class 0, N((0, 0), I); triangles: class 1, N((2, 1), Σ₁). Black curve: the boundary ",
    "p(y=1 | x) = ½; the shading goes from class 0's colour (class 0 likely) through white to class 1's; ",
    "crosses: the fitted means. Drag a point in any panel; the menu adds or removes points."
  );
  page.root.append(
    page.controls.node,
    page.out.node,
    h("div", {}, outlier, summary),
    h("div", { class: "gl-figures" }, ...MODELS.map((k) => panels[k].node)),
    caption
  );
  let was = null, held = null;
  return page.start((f, draft) => {
    let shown = f, still = null;
    if (draft) {
      const split = splitStill(f.X, f.state.sample.y, was, held);
      ({ still } = split);
      shown = { ...f, X0: split.moved[0], X1: split.moved[1] };
    }
    held = still;
    was = { X: f.X, y: f.state.sample.y };
    for (const name of MODELS) {
      geoms[name].now = drawPanel(
        panels[name],
        layers[name],
        f.models[name],
        shown,
        look,
        draft,
        hands.selected,
        still
      );
      const { x, y, size } = geoms[name].now.box, box = `${x} ${y} ${size}`;
      if (panels[name].canvas.dataset.box !== box) panels[name].canvas.dataset.box = box;
      const head = `${titles[name]} — ${f.models[name].conic}`;
      if (heads[name].textContent !== head) heads[name].textContent = head;
    }
    if (!draft && hands.announce !== null) {
      summary.textContent = `${hands.announce} ${f.state.readouts.slice(2, 5).join("; ")}.`;
      hands.announce = null;
    }
  }, MODELS.map((k) => panels[k]));
}
var qda_lda_naive_bayes_default = { render };
export {
  qda_lda_naive_bayes_default as default,
  fitsAll,
  frame
};
