"""genlearn.demos.explorer: the base of the browser explorers.

Oracles: Python's own formatting and plain comparisons; the browser tests
(tests/browser/test_explorers.py) check that the JavaScript twins agree.
"""
import re

import numpy as np
import pytest

from genlearn.demos import explorer as E
from genlearn.demos import style


def test_esm_is_the_shared_helpers_then_the_notebook_file():
    esm = E.esm_source("multivariate_gaussian.js")
    shared = (E.HERE / "explorer.js").read_text(encoding="utf-8")
    own = (E.HERE / "multivariate_gaussian.js").read_text(encoding="utf-8")
    assert esm.startswith(shared) and esm.endswith(own)
    assert not re.search(r"^\s*(export|import)\b", shared, re.M) and own.rstrip().endswith("export default { render };")


def test_subclass_gets_its_module_and_the_suite_style():
    class Tiny(E.Explorer):
        _js = "multivariate_gaussian.js"

    ex = Tiny()
    assert ex._esm == E.esm_source("multivariate_gaussian.js")
    state = ex.get_state()
    assert state["palette"] == style.PALETTE
    assert state["class_colors"] == list(style.CLASS_COLORS)
    assert state["class_markers"] == list(style.CLASS_MARKERS)
    assert len(state["colormap"]) == 256 and state["colormap"][0] == "#440154"  # viridis
    with pytest.raises(NotImplementedError, match="expected_state"):
        ex.expected_state()


def test_javascript_keeps_no_copy_of_the_palette():
    """Colours reach the page as traits; the JavaScript only names black, white and greys."""
    for path in E.HERE.glob("*.js"):
        for hexa in re.findall(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b", path.read_text(encoding="utf-8")):
            digits = hexa[1:] if len(hexa) == 7 else "".join(c * 2 for c in hexa[1:])
            assert digits[0:2] == digits[2:4] == digits[4:6], f"{path.name} hard-codes {hexa}"


@pytest.mark.parametrize("x, digits, text", [
    (0.36, 4, "0.3600"), (0.35999999, 4, "0.3600"), (-1e-9, 4, "0.0000"), (-0.00005001, 4, "-0.0001"),
    (2.4, 1, "2.4"), (-60.0, 0, "-60"), (1.0, 3, "1.000"),
])
def test_fmt(x, digits, text):
    assert E.fmt(x, digits) == text


def test_fmt_refuses_non_finite_numbers():
    with pytest.raises(ValueError, match="finite"):
        E.fmt(float("nan"), 2)


def test_state_mismatches_finds_every_kind_of_difference():
    expected = {"a": np.array([1.0, 2.0]), "b": {"c": "x"}, "d": 1e-300, "e": 0.3}
    assert E.state_mismatches({"a": [1.0, 2.0 * (1 + 1e-12)], "b": {"c": "x"}, "d": 0.0, "e": 0.3},
                              expected) == []
    problems = E.state_mismatches({"a": [1.0, 2.0 * (1 + 1e-8)], "b": {"c": "y"}, "e": "0.3",
                                   "f": 1}, expected)
    text = "\n".join(problems)
    assert "state.a[1]" in text and "state.b.c" in text and "'d'" in text
    assert "state.e: expected a number" in text and "'f'" in text and "no numpy twin" in text
    assert E.state_mismatches({"a": [1.0]}, {"a": [1.0, 2.0]}) == ["state.a: expected 2 items, got 1"]


def test_still_picture_says_how_to_bring_the_explorer_to_life():
    """An untrusted notebook shows the richest safe output, the text/html figure: the same picture as
    image/png and one line saying what to do (run the cell, or trust the notebook)."""
    import base64

    from genlearn.demos.explorer import STILL_CAPTION
    from genlearn.demos.multivariate_gaussian import GaussianExplorer

    data, metadata = GaussianExplorer()._repr_mimebundle_()
    html = data["text/html"]
    assert f"<figcaption>{STILL_CAPTION}</figcaption>" in html and "run this cell" in STILL_CAPTION
    assert base64.b64encode(data["image/png"]).decode() in html
    assert f'width="{metadata["image/png"]["width"]}"' in html and "alt=" in html
    assert "application/vnd.jupyter.widget-view+json" in data
