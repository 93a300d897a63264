// predict.js: a predict-then-reveal question (genlearn.explorers.predict.Predict).
//
// The learner types a number or picks an option (the `guess` trait), then commits it (the
// Commit button, or Enter in the text box): `committed` becomes 1 and the page shows the
// answer the lesson computed with genlearn (`value`, `answer`), how far the guess was, and
// why. Reset sets `committed` back to 0 and clears the guess. Before the commit the answer
// is in no text, attribute or readout of the page (frame() does not even read it), so
// neither the eye nor a screen reader can reach it; the widget model holds it, so that the
// static pages reveal it without a kernel.

import {describePredict} from "./describe.js";
import {explorerPage, h, paramsOf, uid} from "./explorer.js";
import {fmt} from "./numerics.js";

/** The number a learner typed, or null; the twin of genlearn.explorers.predict.parse_number. */
export function parseNumber(text) {
  const m = /^[ \t]*([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?)[ \t]*$/.exec(text.replace(/\u2212/g, "-"));
  if (m === null) return null;
  const value = Number(m[1].replace(",", "."));
  return Math.abs(value) < 1e21 ? value : null;
}

/** Every number and line of one frame, from the traits; `state` is what the page publishes. */
export function frame(get) {
  const kind = get("kind"), guess = get("guess"), digits = get("digits");
  const options = get("options");
  const textOf = (v) => (kind === "number" ? fmt(v, digits) : options.find((o) => o[0] === v)[1]);
  const g = kind === "number" ? parseNumber(guess) : (options.some((o) => o[0] === guess) ? guess : null);
  const params = paramsOf(get);
  if (!get("committed")) {
    let line;
    if (guess === "") {
      line = kind === "number" ? "Type your guess, then press Commit (or Enter)." : "Choose an answer, then press Commit.";
    } else if (g === null) {
      line = kind === "number"
        ? `“${guess}” is not a number: type one such as 0.25 (a decimal point or comma).`
        : "Choose one of the options.";
    } else line = `Your guess: ${textOf(g)}. Press Commit to see genlearn's answer.`;
    return {revealed: false, state: {params, readouts: [line], description: describePredict(false), revealed: false,
                                      valid: g !== null}};
  }
  const value = get("value");
  const valueLine = `${get("label")} by genlearn: ${fmt(value, digits)}`;
  let lines, answer, error = null, right;
  if (kind === "number") {
    if (g !== null) error = g - value;
    right = error !== null && Math.abs(error) <= get("tolerance");
    const verdict = error === null
      ? "No guess was committed."
      : `Off by ${fmt(Math.abs(error), digits)}: ${right ? "within" : "not within"} ±${fmt(get("tolerance"), digits)}.`;
    lines = [`Your guess: ${g === null ? "none" : textOf(g)}`, valueLine, verdict];
    answer = value;
  } else {
    answer = get("answer");
    right = g === answer;
    lines = [`Your answer: ${g === null ? "none" : textOf(g)}`, `genlearn: ${textOf(answer)} (${valueLine})`,
      right ? "Right." : "Not this time."];
  }
  for (const line of [get("explain"), `The trap: ${get("misconception")}`]) if (line) lines.push(line);
  return {
    revealed: true, right,
    state: {params, readouts: lines, description: describePredict(true), revealed: true, valid: g !== null, answer, value, guess: g, error, right},
  };
}

/** The options as radio buttons (one group, arrow keys move between them); set(v) checks v's. */
function radios(question, options, value, onInput) {
  const name = uid();
  const inputs = options.map(([v]) => h("input", {type: "radio", name, value: v}));
  const group = h("div", {role: "radiogroup", "aria-label": question, class: "gl-predict-options"},
    ...options.map(([, t], i) => h("label", {}, inputs[i], ` ${t}`)));
  for (const input of inputs) input.addEventListener("change", () => onInput(input.value));
  const set = (v) => { for (const input of inputs) input.checked = input.value === v; };
  set(value);
  return {node: group, inputs, set};
}

function render(args) {
  const page = explorerPage(args, {frame, readouts: "Your guess and genlearn's answer"});
  const get = page.model.get;
  page.root.classList.add("gl-predict");
  page.root.dataset.predict = get("name");  // tests find each question by its name
  const qid = uid();
  page.root.setAttribute("aria-describedby", qid);
  const question = h("p", {id: qid, class: "gl-predict-question"}, get("question"));
  const commit = () => {
    if (get("committed") || frame(get).state.valid !== true) { page.request(); return; }
    page.changed({committed: 1});
    resetButton.focus();  // the guess is locked now: the keyboard goes on to Reset
  };
  let choose = null, inputs;
  if (get("kind") === "number") {
    inputs = [page.controls.byName.guess.input];
    inputs[0].setAttribute("inputmode", "decimal");
    inputs[0].addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); commit(); } });
    page.root.append(question, page.controls.node);
  } else {
    choose = radios(get("question"), get("options"), get("guess"), (v) => page.changed({guess: v}));
    inputs = choose.inputs;
    page.root.append(question, choose.node);
  }
  // Both buttons stay enabled (a disabled button would drop the keyboard focus): Commit does
  // nothing once the answer shows, Reset hides it again and clears the guess.
  const commitButton = h("button", {type: "button", onclick: () => commit()}, "Commit");
  const resetButton = h("button", {type: "button", onclick: () => {
    page.changed({guess: "", committed: 0});
    page.controls.sync();
    choose?.set("");
    for (const input of inputs) input.disabled = false;
    inputs[0].focus();  // back to the guess, for the next class
  }}, "Reset");
  page.root.append(h("div", {class: "gl-predict-buttons"}, commitButton, resetButton), page.out.node);
  return page.start((f) => {
    // the guess is locked while the answer shows; Reset unlocks it
    for (const input of inputs) input.disabled = f.revealed;
    choose?.set(get("guess"));
    page.root.dataset.revealed = String(f.revealed);
    if (f.revealed) page.root.dataset.right = String(f.right);
    else delete page.root.dataset.right;
  }, []);
}

export default {render};
