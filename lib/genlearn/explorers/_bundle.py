"""Build each explorer's one ES module with esbuild: ``python -m genlearn.explorers._bundle ESBUILD``.

The sources in this folder are plain ES modules with ordinary imports
(``import {fmt} from "./numerics.js";``); esbuild bundles each explorer's module (a source with
a default export: the one anywidget renders) and what it imports into ``built/<name>.js``,
which is the explorer's ``_esm`` (:func:`genlearn.explorers.explorer.esm_path`). The built files
are committed and ship in the package (why one module, and why committed: docs/explorers.md,
"One ES module per widget"); ``make explorers`` runs this module with the esbuild the Makefile
pins (ESBUILD_VERSION), and ``tests/test_bundle.py`` fails when a built file differs from a
fresh build of its sources.

esbuild runs in this folder, so the file names in its comments are the sources' own names:
the output is the same on every machine.
"""
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILT = HERE / "built"

#: esbuild's options: one ESM file, unminified (a reader can follow it), no source map.
OPTIONS = ("--bundle", "--format=esm", "--charset=utf8", "--log-level=warning")


def entries():
    """The sources that are an explorer's module: those with a default export (``export default``)."""
    return sorted(p.name for p in HERE.glob("*.js") if "\nexport default " in p.read_text(encoding="utf-8"))


def build(esbuild, out_dir=BUILT):
    """Bundle every entry into ``out_dir`` with the ``esbuild`` executable; returns the paths written."""
    esbuild = Path(esbuild).resolve() if Path(esbuild).parent != Path() else shutil.which(esbuild)
    if esbuild is None or not Path(esbuild).is_file():
        raise FileNotFoundError("no esbuild: `make explorers` installs the pinned one with npm")
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in entries():
        done = subprocess.run([str(esbuild), name, *OPTIONS, f"--outfile={out_dir / name}"], cwd=HERE,
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"esbuild failed on {name}:\n{done.stderr}")
        written.append(out_dir / name)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m genlearn.explorers._bundle path/to/esbuild  (make explorers runs it)")
    for path in build(sys.argv[1]):
        print(f"built {path.relative_to(HERE)}")
