"""genlearn.explorers._bundle: the built ES modules (explorers/built/, committed) are esbuild's output of today's
sources, and each explorer's ``_esm`` is its built module.

Oracle: a fresh build with the esbuild the Makefile pins (ESBUILD_VERSION, installed by ``make test`` into
.venv/node), compared byte for byte with the committed files. Without npm there is no esbuild: the check is
skipped with that reason (CI installs npm); rebuild with ``make explorers``.
"""
import re
import subprocess
from pathlib import Path

import pytest

from genlearn.explorers import _bundle
from genlearn.explorers.explorer import explorer_classes

ROOT = Path(__file__).resolve().parent.parent
VERSION = re.search(r"^ESBUILD_VERSION := (\S+)$", (ROOT / "Makefile").read_text(), re.M).group(1)
ESBUILD = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "esbuild"


def test_every_explorer_module_is_an_entry_with_a_built_file():
    """Each explorer's _js is bundled (a source with a default export), and every built file has its source."""
    used = {cls._js for cls in explorer_classes()}
    assert used == set(_bundle.entries())
    assert {p.name for p in _bundle.BUILT.glob("*.js")} == used


def test_built_modules_are_fresh(tmp_path):
    """A built file that differs from esbuild's output of its sources fails, naming the fix."""
    if not ESBUILD.exists():
        pytest.skip(f"esbuild {VERSION} is not installed (it needs npm): `make explorers` installs it and "
                    "rebuilds; `make test` installs it when npm is there")
    version = subprocess.run([str(ESBUILD), "--version"], capture_output=True, text=True).stdout.strip()
    assert version == VERSION, f"esbuild {version} is installed, the Makefile pins {VERSION}: run `make explorers`"
    _bundle.build(ESBUILD, tmp_path)
    stale = [p.name for p in sorted(tmp_path.glob("*.js"))
             if p.read_bytes() != (_bundle.BUILT / p.name).read_bytes()]
    assert not stale, f"out of date with their sources: {stale}; rebuild them with `make explorers` and commit"
