"""genlearn.explorers.explorer: the base of the browser explorers.

Oracles: decimal values rounded by hand, the formatter and the pitches of
numerics.js run in Node.js, musical intervals (an octave doubles the frequency),
and plain comparisons. Every explorer class is checked against the
contract in tests/test_explorer_contract.py.
"""
import re

import numpy as np
import pytest

from tolerances import ROUNDING

from genlearn.explorers import explorer as E
from genlearn.demos import style
from node_twin import js_fmt, js_pitches


def test_esm_is_one_module_with_what_it_imports():
    """One module per widget (esbuild's bundle, built/): the explorer's own code and the shared modules it
    imports, with no import left (docs/explorers.md: why), exporting frame and the default."""
    esm = E.esm_text("multivariate_gaussian.js")
    assert E.esm_path("multivariate_gaussian.js") == E.BUILT / "multivariate_gaussian.js"
    for source in ("numerics.js", "explorer.js", "canvas.js", "describe.js", "multivariate_gaussian.js"):
        assert f"// {source}\n" in esm, source  # esbuild names each bundled source
    assert not re.search(r'^import\b|from "\./', esm, re.M)
    assert re.search(r"^export \{[^}]*\bas default\b[^}]*\bframe\b", esm, re.M)


def test_a_missing_built_module_says_how_to_build_it():
    with pytest.raises(ValueError, match="make explorers"):
        E.esm_path("no_such_explorer.js")


def test_subclass_gets_its_declaration_module_and_the_suite_style():
    class Tiny(E.Explorer):
        _js = "multivariate_gaussian.js"
        _title = "Tiny explorer"
        size = E.Slider(0.0, 2.0, 0.5, 1.0, "size", unit="cm", digits=1, why="a reason")
        kind = E.Menu([("a", "A"), ("b", "B")], "a", "kind")

    ex = Tiny()
    assert ex._esm == E.esm_text("multivariate_gaussian.js") and ex._css == E.stylesheet()
    assert Tiny._params == ("size", "kind") and ex.params() == {"size": 1.0, "kind": "a"} == Tiny.defaults()
    assert Tiny.slider_ranges() == {"size": (0.0, 2.0, 0.5)}
    assert ex.parameters == [
        {"name": "size", "kind": "slider", "label": "size", "unit": "cm", "min": 0.0, "max": 2.0, "step": 0.5,
         "digits": 1},
        {"name": "kind", "kind": "menu", "label": "kind", "unit": "", "options": [["a", "A"], ["b", "B"]]}]
    state = ex.get_state()
    assert state["title"] == "Tiny explorer" and state["palette"] == style.PALETTE
    assert state["class_colors"] == list(style.CLASS_COLORS)
    assert state["class_markers"] == list(style.CLASS_MARKERS)
    assert len(state["colormap"]) == 256 and state["colormap"][0] == "#440154"  # viridis
    with pytest.raises(ValueError, match=r"size = 2.5 is outside the slider range \[0.0, 2.0\]; choose a value "
                                         r"inside it \(a reason\)\."):
        ex.size = 2.5
    unknown = r"unknown parameter\(s\) \['colour'\] of Tiny; choose from \['size', 'kind'\]"
    with pytest.raises(ValueError, match=unknown):
        Tiny(colour="red")
    with pytest.raises(NotImplementedError, match="expected_state"):
        ex.expected_state()


def test_a_declaration_must_be_consistent():
    with pytest.raises(ValueError, match="sets _js but no _title"):
        type("Nameless", (E.Explorer,), {"_js": "multivariate_gaussian.js"})
    with pytest.raises(ValueError, match="the default must lie in"):
        E.Slider(0.0, 1.0, 0.1, 2.0, "x")
    with pytest.raises(ValueError, match="is not one of the options"):
        E.Menu([("a", "A")], "b", "m")


def test_javascript_keeps_no_copy_of_the_palette():
    """Colours reach the page as traits; the JavaScript only names black, white and greys."""
    for path in E.HERE.glob("*.js"):
        for hexa in re.findall(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b", path.read_text(encoding="utf-8")):
            digits = hexa[1:] if len(hexa) == 7 else "".join(c * 2 for c in hexa[1:])
            assert digits[0:2] == digits[2:4] == digits[4:6], f"{path.name} hard-codes {hexa}"


#: (x, digits, text): the formatter's rule (numerics.js and genlearn.explorers.explorer.fmt), ties first.
FMT_TABLE = [
    (0.125, 2, "0.13"), (0.375, 2, "0.38"), (-0.125, 2, "-0.13"), (2.5, 0, "3"), (-2.5, 0, "-3"),
    (0.5625, 3, "0.563"), (0.65625, 4, "0.6563"), (0.8125, 4, "0.8125"),
    (1.005, 2, "1.00"),                                       # 1.00499999999999989... in binary
    (0.18749999999999997, 3, "0.188"), (0.1875 + 3e-17, 3, "0.188"),  # noise below 12 digits
    (0.36, 4, "0.3600"), (0.35999999, 4, "0.3600"), (-1e-9, 4, "0.0000"), (-1e-17, 4, "0.0000"),
    (-0.00005001, 4, "-0.0001"), (2.4, 1, "2.4"), (-60.0, 0, "-60"), (1.0, 3, "1.000"),
    (123456.7891, 2, "123456.79"), (0.0, 2, "0.00"), (-0.0, 2, "0.00"),
]


@pytest.mark.parametrize("x, digits, text", FMT_TABLE)
def test_fmt(x, digits, text):
    """Oracle: the decimal value of x, rounded by hand (ties away from zero)."""
    assert E.fmt(x, digits) == text


def test_fmt_is_the_same_in_javascript():
    """numerics.js's fmt, run in Node.js, prints the table and 4,000 numbers as Python does:
    ties of every number of decimals (k / 2^j), values near them, and random ones."""
    rng = np.random.default_rng(0)
    ties = [(sign * k / 2 ** j, d) for j in range(1, 9) for k in range(1, 2 ** j, 2) for sign in (1, -1)
            for d in range(0, j)]
    near = [(x * (1 + e), d) for x, d in ties[:400] for e in (-3e-16, 3e-16, -1e-13, 1e-13)]
    rand = [(float(x), int(d)) for x, d in zip(rng.normal(0, 10, 1500) ** 3, rng.integers(0, 6, 1500))]
    pairs = [(x, d) for x, d, _ in FMT_TABLE] + ties + near + rand
    js = js_fmt(pairs)
    wrong = [(x, d, p, j) for (x, d), p, j in zip(pairs, [E.fmt(x, d) for x, d in pairs], js) if p != j]
    assert not wrong, f"{len(wrong)} of {len(pairs)} differ (x, digits, Python, JavaScript): {wrong[:8]}"
    assert js[:len(FMT_TABLE)] == [t for _, _, t in FMT_TABLE]


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

    from genlearn.explorers.explorer import STILL_CAPTION
    from genlearn.explorers.multivariate_gaussian import GaussianExplorer

    data, metadata = GaussianExplorer()._repr_mimebundle_()
    html = data["text/html"]
    assert f"<figcaption>{STILL_CAPTION}</figcaption>" in html and "run this cell" in STILL_CAPTION
    assert base64.b64encode(data["image/png"]).decode() in html
    assert f'width="{metadata["image/png"]["width"]}"' in html and "alt=" in html
    assert "application/vnd.jupyter.widget-view+json" in data


def test_pitches_map_a_curve_onto_two_octaves():
    """The Listen button's mapping: lo is A3 (220 Hz), hi A5 (880 Hz), the middle A4 (440 Hz: one octave
    up, a log scale), a quarter of the range half an octave (220 * sqrt 2); strictly rising inside the
    range, clipped outside it; None and NaN are silences; numerics.js gives the same, in Node.js."""
    got = E.pitches([0.0, 0.25, 0.5, 1.0, -3.0, 7.0, None, float("nan")], 0.0, 1.0)
    assert got[:6] == pytest.approx([220.0, 220.0 * 2 ** 0.5, 440.0, 880.0, 220.0, 880.0], rel=ROUNDING)
    assert got[6:] == [None, None]
    values = np.linspace(-2.0, 5.0, 701).tolist()
    inside = E.pitches(values, -2.0, 5.0)
    assert np.all(np.diff(inside) > 0) and inside[0] == pytest.approx(220.0, rel=ROUNDING)
    assert inside[-1] == pytest.approx(880.0, rel=ROUNDING)
    # equal steps of the value, equal musical intervals (frequency ratios)
    # tol: log2 of exps of equal steps: rounding, relative
    assert np.allclose(np.diff(np.log2(inside)), 2 / 700, rtol=1e-9)
    listen = E.Listen("curve", "a curve", -2.0, 5.0).spec()
    cases = [values, [0.0, None, 9.0, -9.0]]
    for case, js in zip(cases, js_pitches([(c, listen) for c in cases])):
        want = E.pitches(case, -2.0, 5.0)
        assert [j is None for j in js] == [w is None for w in want]
        assert np.allclose([j for j in js if j is not None], [w for w in want if w is not None], rtol=ROUNDING)
    with pytest.raises(ValueError, match="lo < hi"):
        E.pitches([0.5], 1.0, 1.0)
    with pytest.raises(ValueError, match="lo < hi"):
        E.Listen("curve", "a curve", 1.0, 0.0)
    with pytest.raises(ValueError, match="label"):
        E.Listen("curve", "", 0.0, 1.0)
