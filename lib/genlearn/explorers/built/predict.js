// numerics.js
function fmt(x, digits) {
  const s = Number(Number(x).toPrecision(12)).toFixed(digits);
  return s.startsWith("-") && Number(s) === 0 ? s.slice(1) : s;
}
function pitches(values, { lo, hi, pitch_low: low, pitch_high: high }) {
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
    return low * (high / low) ** t;
  });
}

// describe.js
function describePredict(committed) {
  return committed ? "No figure: the answer is shown below, with your guess." : "No figure: a question; the answer stays hidden until you commit a guess.";
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

// predict.js
function parseNumber(text) {
  const m = /^[ \t]*([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?)[ \t]*$/.exec(text.replace(/\u2212/g, "-"));
  if (m === null) return null;
  const value = Number(m[1].replace(",", "."));
  return Math.abs(value) < 1e21 ? value : null;
}
function frame(get) {
  const kind = get("kind"), guess = get("guess"), digits = get("digits");
  const options = get("options");
  const textOf = (v) => kind === "number" ? fmt(v, digits) : options.find((o) => o[0] === v)[1];
  const g = kind === "number" ? parseNumber(guess) : options.some((o) => o[0] === guess) ? guess : null;
  const params = paramsOf(get);
  if (!get("committed")) {
    let line;
    if (guess === "") {
      line = kind === "number" ? "Type your guess, then press Commit (or Enter)." : "Choose an answer, then press Commit.";
    } else if (g === null) {
      line = kind === "number" ? `“${guess}” is not a number: type one such as 0.25 (a decimal point or comma).` : "Choose one of the options.";
    } else line = `Your guess: ${textOf(g)}. Press Commit to see genlearn's answer.`;
    return { revealed: false, state: {
      params,
      readouts: [line],
      description: describePredict(false),
      revealed: false,
      valid: g !== null
    } };
  }
  const value = get("value");
  const valueLine = `${get("label")} by genlearn: ${fmt(value, digits)}`;
  let lines, answer, error = null, right;
  if (kind === "number") {
    if (g !== null) error = g - value;
    right = error !== null && Math.abs(error) <= get("tolerance");
    const verdict = error === null ? "No guess was committed." : `Off by ${fmt(Math.abs(error), digits)}: ${right ? "within" : "not within"} ±${fmt(get("tolerance"), digits)}.`;
    lines = [`Your guess: ${g === null ? "none" : textOf(g)}`, valueLine, verdict];
    answer = value;
  } else {
    answer = get("answer");
    right = g === answer;
    lines = [
      `Your answer: ${g === null ? "none" : textOf(g)}`,
      `genlearn: ${textOf(answer)} (${valueLine})`,
      right ? "Right." : "Not this time."
    ];
  }
  for (const line of [get("explain"), `The trap: ${get("misconception")}`]) if (line) lines.push(line);
  return {
    revealed: true,
    right,
    state: { params, readouts: lines, description: describePredict(true), revealed: true, valid: g !== null, answer, value, guess: g, error, right }
  };
}
function radios(question, options, value, onInput) {
  const name = uid();
  const inputs = options.map(([v]) => h("input", { type: "radio", name, value: v }));
  const group = h(
    "div",
    { role: "radiogroup", "aria-label": question, class: "gl-predict-options" },
    ...options.map(([, t], i) => h("label", {}, inputs[i], ` ${t}`))
  );
  for (const input of inputs) input.addEventListener("change", () => onInput(input.value));
  const set = (v) => {
    for (const input of inputs) input.checked = input.value === v;
  };
  set(value);
  return { node: group, inputs, set };
}
function render(args) {
  const page = explorerPage(args, { frame, readouts: "Your guess and genlearn's answer" });
  const get = page.model.get;
  page.root.classList.add("gl-predict");
  page.root.dataset.predict = get("name");
  const qid = uid();
  page.root.setAttribute("aria-describedby", qid);
  const question = h("p", { id: qid, class: "gl-predict-question" }, get("question"));
  const commit = () => {
    if (get("committed") || frame(get).state.valid !== true) {
      page.request();
      return;
    }
    page.changed({ committed: 1 });
    resetButton.focus();
  };
  let choose = null, inputs;
  if (get("kind") === "number") {
    inputs = [page.controls.byName.guess.input];
    inputs[0].setAttribute("inputmode", "decimal");
    inputs[0].addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        commit();
      }
    });
    page.root.append(question, page.controls.node);
  } else {
    choose = radios(get("question"), get("options"), get("guess"), (v) => page.changed({ guess: v }));
    inputs = choose.inputs;
    page.root.append(question, choose.node);
  }
  const commitButton = h("button", { type: "button", onclick: () => commit() }, "Commit");
  const resetButton = h("button", { type: "button", onclick: () => {
    page.changed({ guess: "", committed: 0 });
    page.controls.sync();
    choose?.set("");
    for (const input of inputs) input.disabled = false;
    inputs[0].focus();
  } }, "Reset");
  page.root.append(h("div", { class: "gl-predict-buttons" }, commitButton, resetButton), page.out.node);
  return page.start((f) => {
    for (const input of inputs) input.disabled = f.revealed;
    choose?.set(get("guess"));
    page.root.dataset.revealed = String(f.revealed);
    if (f.revealed) page.root.dataset.right = String(f.right);
    else delete page.root.dataset.right;
  }, []);
}
var predict_default = { render };
export {
  predict_default as default,
  frame,
  parseNumber
};
