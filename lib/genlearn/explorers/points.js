// points.js: the learner's hands on an explorer's training points (docs/touch_the_data.md),
// shared by the explorers that let the learner drag, add and remove them (lesson 03's GDA
// explorer, lesson 04's Newton explorer, lesson 05's boundary explorer; Python side:
// genlearn.explorers.points).
//
// An explorer whose training points are synced traits (`points`: [[x1, x2], ...], `labels`:
// [0 or 1, ...]) and that has a `pointer` menu (move, add0, add1, remove) and an `outlier_at`
// trait lets the learner drag a point, add one of either class and remove one, by pointer
// (mouse, pen, touch), by keyboard on a focused figure (WCAG 2.5.7: every drag has a
// keyboard alternative) and by an outlier preset. Each edit is checked by the explorer's own
// rule (its fit must still exist; fitOK is the rule of a shared-covariance fit) and handed to
// page.changed({points, labels}).

import {det2, fmt, gaussianFits} from "./numerics.js";

/** The points of each class: [X0, X1]. */
export const byClass = (X, y) => [0, 1].map((k) => X.filter((_, i) => y[i] === k));

/**
 * Whether GDA fits a boundary to these points: at least `least` points of each class, and a
 * pooled covariance that is not singular (1 - correlation^2 >= flat). The page refuses an edit
 * that breaks this. Twin: genlearn.explorers.points.check_training_points.
 */
export function fitOK(X, y, least, flat) {
  const [X0, X1] = byClass(X, y);
  if (X0.length < least || X1.length < least) return false;
  const S = gaussianFits(X0, X1).lda;
  return S[0][0] > 0 && S[1][1] > 0 && det2(S) > flat * S[0][0] * S[1][1];
}

/** A press within this many CSS pixels of a point picks it. */
const PICK_PX = 12;
/** The keyboard moves a picked-up point this far per arrow key (Shift: ten times as far). */
const KEY_STEP = 0.1;

/** "(1.20, -0.40)": a point as the summary prints it. */
const at = (x) => `(${fmt(x[0], 2)}, ${fmt(x[1], 2)})`;

/** The figure's keys, as its description says them. */
export const POINT_KEYS = "Keys: arrows choose a point; Enter picks it up, then the arrows move it (Shift: ten " +
                          "times farther) and Enter drops it; Delete removes it; 0 or 1 adds a point of that class.";

/**
 * Pointer and keyboard editing of the points on the figures `targets`, each {canvas, geom}
 * whose geom.now = {px, box} is the figure's last drawn frame (px: data -> canvas pixels; box:
 * the plot square {x, y, size}, all in data coordinates `limits()` = [lo, hi] on both axes).
 * opts: fits(X, y) (whether the explorer can fit these points: an edit that breaks it is
 * refused), refused (the sentence said then), addAt(k) (where the key k adds a point of class
 * k), limits(). Returns `hands`: {selected, grabbed, announce, outlier()}; `announce` is the
 * sentence the next full frame puts in the explorer's live summary.
 */
export function handsOn(page, targets, opts) {
  const {model} = page;
  const hands = {selected: null, grabbed: false, announce: null};
  const data = () => ({X: model.get("points"), y: model.get("labels")});
  const clamp = (x) => x.map((v) => Math.min(opts.limits()[1], Math.max(opts.limits()[0], v)));
  const describe = (i, X, y) => `point ${i + 1} of ${X.length} (y = ${y[i]}) at ${at(X[i])}`;
  /** Apply an edit if the explorer still fits the points; returns whether it did. */
  const edit = (X, y, selected, said) => {
    if (!opts.fits(X, y)) {
      hands.announce = opts.refused;
      page.request();
      return false;
    }
    hands.selected = selected;
    hands.announce = said;
    page.changed({points: X, labels: y});
    return true;
  };
  const move = (i, x, verb = "Moved") => {
    const {X, y} = data(), Z = X.slice();
    Z[i] = clamp(x);
    return edit(Z, y, i, `${verb} ${describe(i, Z, y)}.`);
  };
  const add = (x, k) => {
    const {X, y} = data(), Z = [...X, clamp(x)], w = [...y, k];
    return edit(Z, w, Z.length - 1, `Added ${describe(Z.length - 1, Z, w)}.`);
  };
  const remove = (i) => {
    const {X, y} = data(), was = describe(i, X, y);
    const Z = X.filter((_, j) => j !== i), w = y.filter((_, j) => j !== i);
    hands.grabbed = false;
    return edit(Z, w, Z.length ? Math.min(i, Z.length - 1) : null, `Removed ${was}.`);
  };
  hands.move = move;
  /** The outlier preset: the first point with y = 0 jumps to `outlier_at`. */
  hands.outlier = () => {
    move(data().y.indexOf(0), model.get("outlier_at"), "Outlier: moved");
  };
  for (const target of targets) attach(target);

  function attach({canvas, geom}) {
    /* pointer: mouse, pen and touch alike */
    // The canvas's place on the screen is read once per press: reading it at every move would
    // make the browser lay out the whole page (the readouts changed) in the middle of each frame.
    let rect = null;
    const where = (e) => {
      const r = rect, {box} = geom.now, [lo, hi] = opts.limits();
      const X = e.clientX - r.left, Y = e.clientY - r.top;
      return {X, Y, x: [lo + (X - box.x) / box.size * (hi - lo), hi - (Y - box.y) / box.size * (hi - lo)],
              inside: X >= box.x && X <= box.x + box.size && Y >= box.y && Y <= box.y + box.size};
    };
    const nearest = (X, Y) => {
      let best = -1, bestD = PICK_PX * PICK_PX;
      model.get("points").forEach((x, i) => {
        const [a, b] = geom.now.px(x), d = (a - X) ** 2 + (b - Y) ** 2;
        if (d <= bestD) { best = i; bestD = d; }
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
        drag = {i: hit, id: e.pointerId, dx: x[0] - p.x[0], dy: x[1] - p.x[1]};
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

    /* keyboard: arrows choose a point (in order of x1 or x2), Enter picks it up, arrows move it */
    const step = (dir, axis) => {
      const {X} = data(), order = X.map((_, i) => i).sort((a, b) => X[a][axis] - X[b][axis] || a - b);
      const here = order.indexOf(hands.selected ?? order[0]);
      hands.selected = order[Math.max(0, Math.min(order.length - 1, here + dir))];
      hands.announce = `Chose ${describe(hands.selected, X, data().y)}.`;
      page.request();
    };
    const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowDown: [-1, 1], ArrowUp: [1, 1]};
    canvas.addEventListener("keydown", (e) => {
      const {X, y} = data();
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
        hands.announce = hands.grabbed ? `Picked up ${describe(i, X, y)}: the arrows move it, Enter drops it.`
                                       : `Dropped ${describe(i, X, y)}.`;
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
      const {X, y} = data();
      if (hands.selected === null || hands.selected >= X.length) hands.selected = 0;
      hands.announce = `Chose ${describe(hands.selected, X, y)}. ${POINT_KEYS}`;
      page.request();
    });
    canvas.addEventListener("blur", () => { hands.grabbed = false; page.request(); });
  }
  return hands;
}

/** A ring round the chosen point at pixel (X, Y): black with a white edge, readable on any colour. */
export function ringAt(ctx, X, Y, r) {
  for (const [w, color] of [[4, "#ffffff"], [2, "#000000"]]) {
    ctx.beginPath();
    ctx.arc(X, Y, r, 0, 2 * Math.PI);
    ctx.strokeStyle = color;
    ctx.lineWidth = w;
    ctx.stroke();
  }
}
