// sections.js: the presenter view shows one "##" section of the lesson at a time.
//
// Included by index.html.j2 at the end of the page, when Voilà has written every cell (their
// widgets may still be loading). A section is a "##" heading and everything up to the next
// one; what comes before the first "##" (the title and the learning goals) is the first
// section. A heading may sit in the middle of a Markdown cell, so the pieces that are hidden
// or shown are whole cells, or the top-level elements of a Markdown cell that is split.
//
// Keys (window, capture phase, so that a widget cannot swallow them):
//   Page Down / Page Up   (what a clicker sends) always move: down the section while some of
//                         it lies below the screen, then to the next section; up likewise
//   → / ←, Home / End     next / previous, first / last section, unless a control has the
//                         focus (a slider's arrows, Home and End stay the slider's)
//   Esc                   leave a control: the focus goes back to the section's heading
// The buttons of the bar at the bottom right do the same; its text says where you are
// (and is announced to screen readers). The address ends in #section-k, so a reload
// stays on section k. data-section on <body> is the section shown (1-based), for the tests.
// A long section scrolls (Page Down reaches its end before it moves on).
(() => {
  const cells = document.querySelectorAll("#rendered_cells [cell-index]");
  const sections = [];   // {title, heading, blocks: [elements]}
  let current = null;
  const open = (title, heading) => {
    current = {title, heading, blocks: []};
    sections.push(current);
  };
  const headingText = (h) => {
    const copy = h.cloneNode(true);
    copy.querySelectorAll("a.anchor-link, .jp-InternalAnchorLink").forEach((a) => a.remove());
    return copy.textContent.replace(/\s+/g, " ").trim();
  };
  for (const cell of cells) {
    const md = cell.querySelector(".jp-MarkdownOutput, .jp-RenderedMarkdown");
    const parts = md ? Array.from(md.children) : [];
    if (!parts.some((p) => p.tagName === "H2")) {
      if (!current) {
        const h1 = md && md.querySelector("h1");
        open(h1 ? headingText(h1) : document.title, h1);
      }
      current.blocks.push(cell);
      continue;
    }
    for (const part of parts) {   // a cell with a "##" heading: split at each heading
      if (part.tagName === "H2") open(headingText(part), part);
      else if (!current) open(part.tagName === "H1" ? headingText(part) : document.title, null);
      current.blocks.push(part);
    }
  }
  // a first "section" of cells that show nothing (the code above an explorer shown alone)
  const shows = (s) => s.heading || s.blocks.some((b) => b.getClientRects().length > 0);
  while (sections.length > 1 && !shows(sections[0])) sections[1].blocks.unshift(...sections.shift().blocks);
  if (sections.length < 2) return;   // one section: the page as it is

  const bar = document.createElement("nav");
  bar.className = "gl-steps";
  bar.setAttribute("aria-label", "Sections of the lesson");
  const button = (label, text, go) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", go);
    return b;
  };
  const where = document.createElement("span");
  where.setAttribute("aria-live", "polite");
  const prev = button("Previous section", "◀", () => show(shown - 1));
  const next = button("Next section", "▶", () => show(shown + 1));
  bar.append(prev, where, next);
  document.body.append(bar);
  document.body.classList.add("gl-stepping");

  // The heading takes the focus, so that a screen reader reads the new section from its top
  // and Tab goes on into the section's controls.
  const focusHeading = (s) => {
    if (!s.heading) return;
    s.heading.setAttribute("tabindex", "-1");
    s.heading.focus({preventScroll: true});
  };
  let shown = -1;
  const show = (k, {focus = true} = {}) => {
    k = Math.max(0, Math.min(sections.length - 1, k));
    if (k === shown) return;
    shown = k;
    sections.forEach((s, i) => s.blocks.forEach((b) => b.classList.toggle("gl-elsewhere", i !== k)));
    const s = sections[k];
    where.textContent = `${k + 1} / ${sections.length} · ${s.title}`;
    prev.disabled = k === 0;
    next.disabled = k === sections.length - 1;
    document.body.dataset.section = String(k + 1);
    history.replaceState(null, "", `#section-${k + 1}`);
    scroller().scrollTo(0, 0);
    if (focus) focusHeading(s);
    window.dispatchEvent(new Event("resize"));   // figures that were hidden measure themselves again
  };

  const CONTROL = "input, select, textarea, [contenteditable], [role=slider], [role=spinbutton]";
  const TYPING = "textarea, [contenteditable], input:not([type=range]):not([type=checkbox]):not([type=radio])";
  // What scrolls: Voilà's page puts #rendered_cells in a panel of the window's size, which
  // scrolls itself; a plain page scrolls the document.
  const scroller = () => {
    const cells = document.getElementById("rendered_cells");
    const own = cells && /(auto|scroll)/.test(getComputedStyle(cells).overflowY);
    return own ? cells : (document.scrollingElement || document.documentElement);
  };
  const below = (s) => s.scrollTop + s.clientHeight < s.scrollHeight - 2;
  const scrollBy = (s, sign) => s.scrollBy(0, sign * 0.85 * s.clientHeight);
  window.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : document.body;
    const inControl = Boolean(target.closest(CONTROL));
    let act = null;
    if (event.key === "PageDown" && !target.closest(TYPING))
      act = () => (below(scroller()) ? scrollBy(scroller(), 1) : show(shown + 1));
    else if (event.key === "PageUp" && !target.closest(TYPING))
      act = () => (scroller().scrollTop > 2 ? scrollBy(scroller(), -1) : show(shown - 1));
    else if (inControl && event.key === "Escape")
      act = () => { target.blur(); focusHeading(sections[shown]); };
    else if (!inControl && event.key === "ArrowRight") act = () => show(shown + 1);
    else if (!inControl && event.key === "ArrowLeft") act = () => show(shown - 1);
    else if (!inControl && event.key === "Home") act = () => show(0);
    else if (!inControl && event.key === "End") act = () => show(sections.length - 1);
    if (!act) return;
    event.preventDefault();
    event.stopPropagation();
    act();
  }, true);

  const start = /^#section-(\d+)$/.exec(location.hash);
  show(start ? Number(start[1]) - 1 : 0, {focus: false});
})();
