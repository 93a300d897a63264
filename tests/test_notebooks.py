"""Every notebook is collected by nbval, opens without a kernel picker, has no
stored errors, and is linked from the start page."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(
    p for p in (ROOT / "notebooks").rglob("*.ipynb")
    if "student" not in p.relative_to(ROOT / "notebooks").parts and ".ipynb_checkpoints" not in p.parts
)
IDS = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_notebooks():
    assert (ROOT / "notebooks" / "00_start_here.ipynb") in NOTEBOOKS


def test_every_notebook_is_collected_by_nbval():
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "notebooks"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    ).stdout
    collected = {line.split("::")[0] for line in out.splitlines() if ".ipynb::" in line}
    missing = set(IDS) - collected
    assert not missing, f"not collected by pytest/nbval: {sorted(missing)}"
    assert not any("/student/" in c for c in collected), "student notebooks must not run under nbval"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_metadata_and_outputs(path):
    nb = _load(path)
    spec = nb["metadata"].get("kernelspec")
    assert spec and spec.get("name") == "python3", f"{path.name}: set kernelspec metadata (python3)"
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        outputs = cell.get("outputs", [])
        assert not any(o["output_type"] == "error" for o in outputs), f"{path.name}: cell {i} has an error output"
        src = "".join(cell["source"])
        if "NBVAL_CHECK_OUTPUT" in src:
            assert outputs, f"{path.name}: cell {i} is checked by nbval but has no stored output"


def test_start_page_links_every_notebook():
    start = ROOT / "notebooks" / "00_start_here.ipynb"
    text = "\n".join("".join(c["source"]) for c in _load(start)["cells"] if c["cell_type"] == "markdown")
    links = set(re.findall(r"\]\(([^)]+\.ipynb)\)", text))
    for path in NOTEBOOKS:
        if path == start:
            continue
        rel = str(path.relative_to(start.parent))
        assert rel in links, f"00_start_here.ipynb does not link {rel}"
    for link in links:
        assert (start.parent / link).is_file(), f"00_start_here.ipynb links {link}, which does not exist"
