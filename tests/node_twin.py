"""Run explorers' JavaScript in Node.js, without a browser (shared by the explorer tests).

:func:`frames` imports an explorer's one ES module (its ``_esm``, exactly the text
the browser runs) into Node and calls its exported ``frame(get)`` once per
explorer state given; :func:`sources` are the shared modules for a script of a test's own;
:func:`js_fmt` calls the readouts' formatter of
``numerics.js``, :func:`js_pitches` the Listen button's pitches of a curve.
Node.js is Debian's ``nodejs`` (``.ci/run`` installs it); a missing Node is a
test failure that says so, never a skip.
"""
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from genlearn.explorers.explorer import HERE

# Reads [state, ...] (each the widget's traits) on stdin, prints [frame(get).state, ...].
_FRAMES = """
import {frame} from "./explorer.mjs";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const states = JSON.parse(text);
process.stdout.write(JSON.stringify(states.map((s) => frame((name) => {
  if (!(name in s)) throw new Error(`the page reads the trait ${name}, which the explorer does not send`);
  return s[name];
}).state)));
"""

# Reads [[x, digits], ...] on stdin, prints [fmt(x, digits), ...].
_FMT = """
import {fmt} from "./numerics.mjs";
let text = "";
for await (const chunk of process.stdin) text += chunk;
process.stdout.write(JSON.stringify(JSON.parse(text).map(([x, d]) => fmt(x, d))));
"""

# Reads [[values, listen], ...] on stdin, prints [pitches(values, listen), ...].
_PITCHES = """
import {pitches} from "./numerics.mjs";
let text = "";
for await (const chunk of process.stdin) text += chunk;
process.stdout.write(JSON.stringify(JSON.parse(text).map(([values, listen]) => pitches(values, listen))));
"""


def node():
    found = shutil.which("node") or shutil.which("nodejs")
    if found is None:
        pytest.fail("Node.js is needed to run the explorers' JavaScript twins: apt-get install nodejs")
    return found


def _run(files, script, payload):
    with tempfile.TemporaryDirectory(prefix="genlearn-node-") as tmp:
        for name, text in files.items():
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        (Path(tmp) / "run.mjs").write_text(script, encoding="utf-8")
        done = subprocess.run([node(), "run.mjs"], cwd=tmp, input=json.dumps(payload), capture_output=True,
                              text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def sources():
    """The explorers' ES module sources as they are in the package (``{file name: text}``), with a
    ``package.json`` that makes Node read ``.js`` files as ES modules: a script run by :func:`_run`
    beside them imports any of them by name (``import {fitOK} from "./points.js";``), imports and all."""
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(HERE.glob("*.js"))}
    return {**files, "package.json": '{"type": "module"}'}


def widget_state(explorer):
    """The explorer's traits as the page gets them (JSON), without anywidget's own."""
    return {k: v for k, v in explorer.get_state().items() if not k.startswith("_")}


def frames(explorers):
    """``frame(get).state`` of the JavaScript for each explorer (all of one class), in Node."""
    esm = explorers[0]._esm
    return _run({"explorer.mjs": esm}, _FRAMES, [widget_state(ex) for ex in explorers])


def js_fmt(pairs):
    """``fmt(x, digits)`` of ``numerics.js`` for each ``(x, digits)``, in Node."""
    return _run({"numerics.mjs": (HERE / "numerics.js").read_text(encoding="utf-8")}, _FMT,
                [[x, d] for x, d in pairs])


def js_pitches(cases):
    """``pitches(values, listen)`` of ``numerics.js`` for each ``(values, listen)`` (``listen``: an explorer's
    ``listen`` trait), in Node."""
    return _run({"numerics.mjs": (HERE / "numerics.js").read_text(encoding="utf-8")}, _PITCHES,
                [[list(v), listen] for v, listen in cases])
