"""The Listen button of the explorers that declare a curve to play (docs/explorers.md, docs/accessibility.md).

An explorer class may declare the one curve of its picture that a learner can hear
(``_listen = Listen(key, label, lo, hi)``): explorer.js adds a Listen button that plays ``state[key]``
of its last settled frame as a short sweep, one sine tone whose pitch follows the values
(numerics.js ``pitches``, twin ``genlearn.explorers.explorer.pitches``). :func:`check_listen` runs on
the lesson's page that tests/browser/test_notebooks_in_lab.py opens once for all its checks.

The page's Web Audio API is wrapped before JupyterLab loads (``add_init_script``): every audio context
made is counted and every frequency an oscillator is given, with its time, recorded; the real API
still runs. Oracles, for each lesson explorer that declares a curve, opened in JupyterLab:

* nothing is made or played before the button is pressed;
* the button is a named button (its accessible name begins with its visible word, Listen, and names
  the declared curve), reached from the keyboard (Tab, then Enter), at least 24x24 CSS px;
* a press schedules exactly ``pitches(state[key], lo, hi)`` of the page's own published state (Python's
  twin applied to ``data-state``; a missing value is a silence: no frequency), at evenly spaced times
  over ``SWEEP_SECONDS``; after each slider is moved to its end, the next press plays the curve of the new
  state, with the same audio context.

An explorer that declares no curve shows no Listen button (lesson 06's message explorer, beside the
Laplace explorer that has one).
"""
import pytest

from tolerances import ROUNDING

from genlearn.explorers.explorer import SWEEP_SECONDS, pitches
from lab_driver import explorer_state, lesson_explorers, press_on

#: (notebook, explorer class) of every lesson explorer that declares a curve to play
LISTENING = [(nb, cls) for nb, cls in lesson_explorers(rebuildable=False) if cls._listen is not None]
#: explorers shown in the same lessons that declare none
SILENT = [(nb, cls) for nb, cls in lesson_explorers(rebuildable=False)
          if cls._listen is None and nb in {n for n, _ in LISTENING}]

#: Run before the page's own scripts: count audio contexts, record each frequency set on an oscillator.
RECORD_AUDIO = """(() => {
  window.glAudio = {contexts: 0, tones: []};
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.glAudio.contexts += 1; }
    createOscillator() {
      const osc = super.createOscillator(), set = osc.frequency.setValueAtTime.bind(osc.frequency);
      osc.frequency.setValueAtTime = (f, t) => { window.glAudio.tones.push([f, t]); return set(f, t); };
      return osc;
    }
  };
})()"""


def recorded(page):
    return page.evaluate("() => window.glAudio")


def press_listen(page, button):
    """Press the button from the keyboard (focus, then Enter) and return the tones it scheduled."""
    page.evaluate("() => { window.glAudio.tones = []; }")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.glAudio.tones.length > 0", timeout=10_000)
    page.wait_for_timeout(100)
    return recorded(page)["tones"]


def check_sweep(tones, state, cls, where):
    """The scheduled tones are the twin's pitches of the page's curve, evenly spaced over the sweep."""
    spec = cls._listen
    want = pitches(state[spec.key], spec.lo, spec.hi)
    sounding = [i for i, f in enumerate(want) if f is not None]
    assert [f for f, _ in tones] == pytest.approx([want[i] for i in sounding], rel=ROUNDING), where
    step = SWEEP_SECONDS / len(want)
    t0 = tones[0][1] - sounding[0] * step
    # tol: the tone times are sums of steps of the sweep's seconds: rounding, far below a microsecond
    assert [t for _, t in tones] == pytest.approx([t0 + i * step for i in sounding], abs=1e-6), where


def check_listen(page, root, cls):
    """The oracles above for explorer ``root`` of class ``cls``, on a page whose Web Audio API
    RECORD_AUDIO wrapped before it loaded, with no Listen button pressed yet. Run on the lesson's page by
    test_notebooks_in_lab.py (``test_listen_plays_the_declared_curve``), which also checks SILENT."""
    button = root.get_by_role("button", name="Listen", exact=False)
    assert button.count() == 1, "one Listen button"
    name = button.get_attribute("aria-label")
    assert name.startswith(button.inner_text().strip()) and cls._listen.label in name, name
    box = button.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box
    contexts = recorded(page)["contexts"]  # those of the page's explorers pressed before this one
    assert contexts or recorded(page)["tones"] == [], "sound before any press"

    # reached with the keyboard: Tab from the control before it lands on it
    order = root.locator("input, select, button, textarea").evaluate_all(
        "els => els.map(e => e.classList.contains('gl-listen') ? 'Listen' : e.id)")
    before = order[order.index("Listen") - 1]
    assert before, order
    page.locator(f"#{before}").focus()
    page.keyboard.press("Tab")
    assert button.evaluate("b => document.activeElement === b"), "Tab does not reach the Listen button"

    state = explorer_state(root)
    check_sweep(press_listen(page, button), state, cls, "default settings")
    assert recorded(page)["contexts"] == contexts + 1

    # each slider moved to its end: the next press plays the curve of the new state (the same audio context)
    for spec in (cls.class_traits()[n].spec() for n in cls._params):
        if spec["kind"] == "slider":
            label = f"{spec['label']} ({spec['unit']})" if spec["unit"] else spec["label"]
            press_on(page, root, label, "End")
            check_sweep(press_listen(page, button), explorer_state(root), cls, f"{label} at its max")
    assert recorded(page)["contexts"] == contexts + 1, "one audio context per explorer"
