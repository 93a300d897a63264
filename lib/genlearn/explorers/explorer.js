// explorer.js: the page of an explorer: its controls, made from the Python declaration, its
// readouts, the frame scheduler and the page's view of the widget model.
//
// An explorer's own module (e.g. multivariate_gaussian.js) exports frame(get), which
// computes every number of one frame from the traits (get(name)) and returns them with
// `state`, the object the page publishes in data-state; and a default export {render}, which
// builds the page with explorerPage() below and draws each frame. docs/explorers.md describes
// the whole contract; esbuild bundles each explorer's module and those it imports into the one ES
// module anywidget loads (built/, by `make explorers`).

import {fmt, pitches} from "./numerics.js";

/* --------------------------------------------------------------------- DOM */

/**
 * A new element id, unique on the page. Each widget class evaluates its own copy of this
 * module, so a counter local to the module would give two explorers of one notebook the
 * same ids (and a <label for> would name the other explorer's control): the counter
 * lives on the page (globalThis), shared by every copy.
 */
export function uid() {
  globalThis.__genlearnUid = (globalThis.__genlearnUid || 0) + 1;
  return `gl-${globalThis.__genlearnUid}`;
}

/**
 * A new element: h("div", {class: "x", "aria-label": "y"}, child, "text", ...).
 * Controls (input, select, button, textarea, canvas) get data-lm-suppress-shortcuts:
 * JupyterLab then leaves the keys pressed on them alone (without it, ArrowUp on a
 * slider would also select the cell above, and "a" typed in a text box would insert one).
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  if (["input", "select", "button", "textarea", "canvas"].includes(tag))
    node.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined)
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/* ---------------------------------------------------------------- controls */

/**
 * A labelled slider: <label> + <input type=range> + <output>.
 * spec: {label, min, max, step, value, format(v) -> text, onInput(v)}.
 * The input snaps to its step, but `set(v)` keeps showing the exact value v
 * in the output (presets set exact values that need not lie on a step).
 * Arrow keys, Page Up/Down, Home and End work natively.
 */
export function slider({label, min, max, step, value, format, onInput}) {
  const id = uid();
  const input = h("input", {type: "range", id, min, max, step, value});
  // The slider itself tells screen readers its value (aria-valuetext); the visible
  // <output> is hidden from them, else it would be a second live region.
  const output = h("output", {for: id, "aria-hidden": "true"});
  output.append("");
  let shown = null;
  const show = (v) => {
    const text = format(v);
    if (text === shown) return;  // the same text written again would still cost a layout and an accessibility event
    shown = text;
    output.firstChild.data = text;  // the text node changed in place
    input.setAttribute("aria-valuetext", text);
  };
  show(value);
  input.addEventListener("input", () => {
    const v = Number(input.value);
    show(v);
    onInput(v);
  });
  const node = h("div", {class: "gl-control"}, h("label", {for: id}, label), input, output);
  return {node, input, set: (v) => {
    if (input.value !== String(v)) input.value = String(v);
    show(v);
  }};
}

/** A labelled <select>. spec: {label, options: [[value, text], ...], value, onInput(v)}. */
export function select({label, options, value, onInput}) {
  const id = uid();
  const input = h("select", {id}, ...options.map(([v, t]) => h("option", {value: v}, t)));
  input.value = value;
  input.addEventListener("change", () => onInput(input.value));
  const node = h("div", {class: "gl-control gl-select"}, h("label", {for: id}, label), input);
  return {node, input, set: (v) => { if (input.value !== v) input.value = v; }};
}

/** A labelled one-line text box. spec: {label, value, maxChars, onInput(text)}. */
export function textBox({label, value, maxChars, onInput}) {
  const id = uid();
  const input = h("input", {type: "text", id, maxlength: maxChars, spellcheck: "false"});
  input.value = value;
  input.addEventListener("input", () => onInput(input.value));
  const node = h("div", {class: "gl-control gl-text"}, h("label", {for: id}, label), input);
  return {node, input, set: (v) => { if (input.value !== v) input.value = v; }};
}

/** The text of a control's label: "label (unit)", or the label alone. */
export const labelText = (c) => (c.unit ? `${c.label} (${c.unit})` : c.label);

/**
 * The explorer's controls, made from its declaration: the `parameters` trait lists the
 * explorer's parameters in the order declared, each {name, kind, label, unit, ...}
 * (genlearn.explorers.explorer: kind "slider" (Slider), "menu" (Menu), "text" (TextBox), or
 * "whole" (Whole: set from Python only, no control)). Each control calls
 * changed({name: value}) when the learner moves it. Returns {node, byName, sync()}: the grid
 * of controls, each control by its parameter's name, and sync() to show the model's values
 * (after Python, or a preset, changed them).
 */
export function controlsFor(model, changed, className = "") {
  const node = h("div", {class: `gl-controls ${className}`.trim()});
  const byName = {};
  for (const c of model.get("parameters")) {
    if (c.kind === "whole") continue;
    const spec = {label: labelText(c), value: model.get(c.name), onInput: (v) => changed({[c.name]: v})};
    if (c.kind === "slider") {
      byName[c.name] = slider({...spec, min: c.min, max: c.max, step: c.step, format: (v) => fmt(v, c.digits)});
    } else if (c.kind === "menu") byName[c.name] = select({...spec, options: c.options});
    else byName[c.name] = textBox({...spec, maxChars: c.max_chars});
    node.append(byName[c.name].node);
  }
  const sync = () => { for (const [name, c] of Object.entries(byName)) c.set(model.get(name)); };
  return {node, byName, sync};
}

/**
 * Readouts: numbers as text, read by screen readers (aria-live="polite").
 * `set(lines)` replaces the lines (an array of strings).
 */
export function readouts(label) {
  const node = h("div", {class: "gl-readouts", role: "status", "aria-live": "polite", "aria-label": label});
  let last = [];
  return {
    node,
    set(lines) {
      // Change only the text of the lines that changed, in place (no new nodes per frame:
      // new nodes cost style and layout and wake the page's mutation observers).
      while (node.childElementCount > lines.length) node.lastElementChild.remove();
      while (node.childElementCount < lines.length) node.append(h("div", {}, ""));
      lines.forEach((l, i) => {
        if (l !== last[i]) node.children[i].firstChild.data = l;
      });
      last = lines.slice();
    },
  };
}

/**
 * The description of the picture (its geometry in one or two sentences, `state.description`,
 * made by describe.js), for screen readers: a polite live region that is not shown on screen
 * (the picture is) and changes only when the page publishes a settled frame, so a drag is
 * announced once, when it rests. `set(text)` replaces the text.
 */
export function description() {
  const node = h("p", {class: "gl-description", "aria-live": "polite", "aria-atomic": "true"}, "");
  return {
    node,
    set(text) {
      if (node.firstChild.data !== text) node.firstChild.data = text;
    },
  };
}

/* ------------------------------------------------------------------- sound */

/** The loudness of the Listen button's tone (the gain of a full-scale sine: a quiet tone). */
const LEVEL = 0.2;

/**
 * The Listen button of an explorer that declares the curve of its picture to play (its `listen`
 * trait: genlearn.explorers.explorer.Listen), or null (no curve declared, or no Web Audio API).
 * A press plays the curve of the last settled frame, state[listen.key] (its values at evenly
 * spaced x, left to right), as one sine tone whose pitch follows the values (pitches(),
 * numerics.js): listen.seconds in all, each value for an equal share, a missing value silent.
 * Nothing sounds before a press (the audio context itself is made by the first press), a second
 * press starts the sweep again, and the button is disabled while the curve has no value to play.
 * The tone is made by the browser (Web Audio API): no sound file, no network.
 * Returns {node, set(state), close()}: set() gives it each settled frame's state.
 */
export function listenButton(listen) {
  const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!listen?.key || !Context) return null;
  const node = h("button", {type: "button", class: "gl-listen",
                            "aria-label": `Listen to ${listen.label} (a higher value sounds higher)`}, "Listen");
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
      gain.gain.setTargetAtTime(f === null ? 0 : LEVEL, t, 0.005);  // 5 ms in and out: no clicks
    });
    gain.gain.setTargetAtTime(0, t0 + listen.seconds, 0.005);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0);
    osc.stop(t0 + listen.seconds + 0.05);
    osc.onended = () => { if (playing === osc) playing = null; };
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
    },
  };
}

/* -------------------------------------------------------------- scheduling */

/**
 * Draw with `draw()` at most about once per frame, as early as possible:
 * the first request in a frame draws at once (the new picture is in the very
 * next painted frame); further requests in the same frame are merged into
 * one draw at the next animation frame. Counts frames in root.dataset.frames
 * and keeps the time the last draw took, in ms, in root.dataset.drawMs
 * (benchmarks/bench_browser.py reads both).
 */
export function frameScheduler(root, draw) {
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
 * How long the input must pause before the page tells the kernel of a drag (ms). Each
 * message to the kernel costs the kernel process CPU and makes JupyterLab update its
 * kernel-status indicator twice (busy, idle), which delays the frame it lands in
 * (benchmarks/README.md). So the page sends a change at once when it comes alone (a key
 * press, a click) and, during a burst (a drag), once the input pauses for QUIET_MS:
 * Python's traits equal the picture a moment after the learner stops moving, or holds still.
 */
export const QUIET_MS = 150;

/**
 * The page's view of the widget model: pageModel(model).
 * get(name) returns the value the page set last, at once; the page's changes reach
 * the widget model (and the kernel) as QUIET_MS says. Until then they live here, in
 * `unsent`, and not in the widget model: ipywidgets applies the kernel's echo of the
 * last message sent, which would otherwise move a slider back to an older value.
 * A change that comes from Python wins over an unsent one.
 */
export function pageModel(model) {
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
    } catch {
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
          if (options?.fromPage) return;
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

/* -------------------------------------------------------------------- page */

/**
 * One part of a frame, from `start` to now, as a User Timing measure named `name` (a performance
 * trace shows it; benchmarks/bench_browser.py --trace sums them per frame through a
 * PerformanceObserver, which gets each measure as it is made). The measure is then cleared from
 * the page's timeline buffer, which would otherwise grow by a few entries every frame. Returns now.
 */
function lap(name, start) {
  const now = performance.now();
  performance.measure(name, {start, end: now});
  performance.clearMeasures(name);
  return now;
}

/**
 * Call changed() whenever the page's colours may have changed under the figures: JupyterLab's
 * theme (Settings > Theme, or the command apputils:change-theme, sets data-jp-theme-light and
 * data-jp-theme-name on the body once the new theme's style sheet is in place) or the reader's
 * colour scheme (prefers-color-scheme, which the static pages follow). Returns the function that
 * stops watching (an explorer calls it when it is removed, so no observer outlives it).
 */
export function onThemeChange(changed) {
  if (typeof MutationObserver === "undefined" || typeof document === "undefined" || !document.body) return () => {};
  const observer = new MutationObserver(() => changed());
  observer.observe(document.body, {attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"]});
  const scheme = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
  const onScheme = () => changed();
  scheme?.addEventListener?.("change", onScheme);
  return () => {
    observer.disconnect();
    scheme?.removeEventListener?.("change", onScheme);
  };
}

/**
 * The page of an explorer, for its render({model, el}):
 *   const page = explorerPage(args, {frame, readouts: "Numbers of ...", ...});
 *   page.root.append(page.controls.node, page.out.node, ...figures);
 *   return page.start((f) => { ...draw the frame f... }, panels);
 * The root (role="group") is named by the `title` trait. opts: frame(get) (the module's
 * numbers of one frame, with their `state`), readouts (the name of the readouts),
 * controlsClass (a class of the controls grid), also(values, get) (more
 * trait values to set when the learner sets `values`, e.g. a preset's), watch (traits besides
 * the parameters whose change from Python redraws the page).
 * start(draw, panels) draws a frame whenever asked (frameScheduler): fits the panels, computes
 * f = frame(get), calls draw(f, draft) and shows the readouts of f.state, and adds the
 * description of the picture (description() above) after everything render() placed in the
 * root, and draws again when the theme changes (onThemeChange: each panel's restyle()); returns
 * the clean-up function render() returns (it also stops watching the theme and any sound).
 * An explorer that declares a curve to listen to (its `listen` trait) gets a Listen button
 * (listenButton() above) after its controls, which plays the curve of the last full frame.
 *
 * A burst of input (a drag: inputs less than QUIET_MS apart) is drawn as drafts (draft true:
 * a figure may then draw a cheaper picture, e.g. at fewer pixels) and, once the input pauses
 * for QUIET_MS, drawn again in full; an input alone (a key press, a click) is drawn in full at
 * once. The state of a full frame is published in the root's data-state (and data-settled is
 * "true"; "false" while drafts are drawn): the tests read it, a drag does not pay for it. The
 * description of a full frame, f.state.description, is shown then too (a draft's is not).
 */
export function explorerPage({model: widgetModel, el}, opts) {
  const model = pageModel(widgetModel);
  const root = h("div", {class: "genlearn-explorer", role: "group", "aria-label": model.get("title"), "data-frames": "0"});
  el.append(root);
  let request = () => {}, draft = false, lastInput = -Infinity, settle = null;
  const changed = (values) => {
    const now = performance.now();
    draft = now - lastInput < QUIET_MS;
    lastInput = now;
    clearTimeout(settle);
    if (draft) settle = setTimeout(() => { draft = false; request(); }, QUIET_MS);
    const more = opts.also ? opts.also(values, model.get) : {};
    model.set({...values, ...more});
    if (Object.keys(more).length) controls.sync();
    request();
  };
  const controls = controlsFor(model, changed, opts.controlsClass);
  const out = readouts(opts.readouts), told = description();
  // the Listen button, after the controls (a free cell of their grid), when the explorer declares a curve
  const listen = listenButton(model.get("listen"));
  if (listen) controls.node.append(listen.node);
  return {
    model, root, controls, out, changed,
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
      const names = [...model.get("parameters").map((c) => c.name), ...(opts.watch || [])];
      const unbind = model.bind(names, () => { controls.sync(); request(); });
      // a new theme or colour scheme: the figures' ink and backdrops are read and drawn again at once
      const unwatch = onThemeChange(() => { for (const p of panels) p.restyle?.(); request(); });
      request();
      return () => {
        clearTimeout(settle);
        unbind();
        unwatch();
        listen?.close();
        for (const p of panels) p.disconnect?.();
      };
    },
  };
}

/** The values of the explorer's parameters (its `parameters` trait), by name: data-state's "params". */
export function paramsOf(get) {
  return Object.fromEntries(get("parameters").map((c) => [c.name, get(c.name)]));
}
