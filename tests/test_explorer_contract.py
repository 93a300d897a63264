"""The explorer contract (docs/explorers.md), checked for every explorer class.

As scikit-learn's ``parametrize_with_checks`` runs one list of checks over every
estimator, this module runs one list of checks over every explorer that
:func:`genlearn.explorers.explorer.explorer_classes` finds in :mod:`genlearn.explorers`
(a new explorer is checked without a line here). Each explorer is built with
``cls.example(**params)``.

Oracles: the class's declaration (its parameters' ranges and kinds), a fresh
explorer's own traits (for the state stored in the notebooks), and the numpy
twin ``expected_state()`` (for the JavaScript: the module's ``frame(get)``, run
in Node.js at random points of every parameter range, at both ends of every
slider and at the cases below, must publish the same numbers to 1e-9 relative
and the same readouts and description of the picture to the letter).
"""
import json
import re
import zlib
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest

from genlearn.explorers import explorer as E
from node_twin import frames, js_pitches

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CLASSES = E.explorer_classes()

#: Settings every run checks besides the random ones, by class: readouts at exact ties of the
#: formatter, and the degenerate settings of a figure.
CASES = {
    # P(Red | Yes) = (3 + 3 * 0.75) / 8 = 0.65625 exactly: printed 0.6563
    "MEstimateExplorer": [dict(m=3.0, p=0.75), dict(m=0.0, p=0.05), dict(m=30.0, p=0.95)],
    # Sigma_1 = I: QDA's boundary is a line; one variance equal to 1: a parabola
    "BoundaryExplorer": [dict(sigma1=1.0, sigma2=1.0, rho=0.0), dict(sigma1=1.0, sigma2=2.0, rho=0.0),
                         dict(sigma1=2.0, sigma2=1.0, rho=0.0)],
    "LaplaceExplorer": [dict(alpha=0.0), dict(alpha=0.05)],  # 0/0 at alpha = 0
    "GaussianExplorer": [dict(preset=name) for name in ("Sigma = 0.6 I", "Sigma = [[3, 0.8], [0.8, 1]]")],
    "GDAExplorer": [dict(mu1_1=-1.0, mu1_2=-0.5), dict(phi=0.1, m=20)],  # equal means: no true boundary
    "BayesExplorer": [dict(mu_dog=60.0, mu_elephant=60.0)],  # equal means: the prior decides
    # the last iterate: converged; on separable data, run away for 30 steps
    "NewtonExplorer": [dict(step=30), dict(data_set="separable", step=30)],
    # a guess within the tolerance, off by exactly it, a comma, a typographic minus, not a number, 1e21;
    # a choice right, wrong, not an option, and committed without a guess
    "Predict": [dict(guess="0.26", committed=1), dict(guess="0.24", committed=1), dict(guess=" 0,3 ", committed=1),
                dict(guess="\u22122e-1", committed=0), dict(guess="1/4", committed=1), dict(guess="1e21"),
                dict(kind="choice", guess="-", committed=1), dict(kind="choice", guess="+", committed=1),
                dict(kind="choice", guess="x", committed=0), dict(kind="choice", committed=1), dict(committed=1)],
    "MessageExplorer": [dict(message=""), dict(message="lunch lunch FREE, now!"), dict(message="?? 123 ünï")],
}
#: Random settings per class in the JavaScript check.
RANDOM_POINTS = 24


def _declared(cls):
    return {name: cls.class_traits()[name] for name in cls._params}


def _random_value(trait, rng, words):
    """A value a learner can reach: a slider position (on its step, or anywhere, as Python may
    set it), a menu option, a whole number, a message of known and unknown words."""
    if isinstance(trait, E.Slider):
        if rng.random() < 0.5:
            k = int(rng.integers(0, round((trait.hi - trait.lo) / trait.step) + 1))
            return min(trait.hi, float(Decimal(repr(trait.lo)) + k * Decimal(repr(trait.step))))
        return float(rng.uniform(trait.lo, trait.hi))
    if isinstance(trait, E.Menu):
        return trait.values()[int(rng.integers(len(trait.values())))]
    if isinstance(trait, E.Whole):
        return int(rng.integers(trait.lo, (trait.hi if trait.hi is not None else trait.lo + 1000) + 1))
    pool = words + ["zebra", "Ünïcode", "don't", "42", "!!", "x_y", "a"]
    return " ".join(pool[int(i)] for i in rng.integers(0, len(pool), int(rng.integers(0, 12))))


def _settings(cls):
    """The settings of the JavaScript check: both ends of each slider, the CASES, random points."""
    rng = np.random.default_rng(zlib.crc32(cls.__name__.encode()))
    declared = _declared(cls)
    words = sorted(cls.example().expected_state().get("tokens", [])) or ["word"]
    out = [{}]
    for name, trait in declared.items():
        if isinstance(trait, E.Slider):
            out += [{name: trait.lo}, {name: trait.hi}]
    out += CASES.get(cls.__name__, [])
    for _ in range(RANDOM_POINTS):
        out.append({name: _random_value(t, rng, words) for name, t in declared.items() if rng.random() < 0.8})
    return out


def check_declaration(cls):
    """Every parameter is declared once and the page gets the declaration; defaults are valid."""
    ex = cls.example()
    assert cls._params, f"{cls.__name__} declares no parameter"
    assert [p["name"] for p in ex.parameters] == list(cls._params)
    for spec, (name, trait) in zip(ex.parameters, _declared(cls).items()):
        assert spec == trait.spec() and spec["kind"] in ("slider", "menu", "text", "whole"), name
        assert trait.metadata.get("sync") and spec["label"], name
    assert ex.params() == {name: getattr(ex, name) for name in cls._params}
    assert ex._css == E.stylesheet()
    # one ES module (esbuild's bundle): the page's frame(get) and the default export anywidget renders
    assert re.search(r"^export \{[^}]*\bas default\b[^}]*\bframe\b", ex._esm, re.M) and "function render(" in ex._esm
    state = ex.expected_state()
    assert state["params"] == ex.params() and all(isinstance(line, str) for line in state["readouts"])
    # what the picture shows, for screen readers (genlearn.explorers.describe): every explorer says it
    assert isinstance(state.get("description"), str) and state["description"].strip(), \
        f"{cls.__name__}.expected_state() has no 'description' of its picture (add one: genlearn.explorers.describe)"
    assert ex.description() == state["description"]
    json.dumps(state)  # what the page publishes is JSON


def check_out_of_range_values_fail_clearly(cls):
    """A value outside a parameter's range is a ValueError naming the range; the explorer keeps its value."""
    ex = cls.example()
    for name, trait in _declared(cls).items():
        if isinstance(trait, E.Slider):
            bad, message = [trait.lo - trait.step, trait.hi + trait.step], rf"{name} = .* outside the slider range"
        elif isinstance(trait, E.Whole):
            bad, message = [trait.lo - 1], rf"{name} = .* outside its range"
        elif isinstance(trait, E.Menu):
            bad, message = ["no such option"], rf"unknown {name} 'no such option'; choose one of"
        else:
            bad, message = ["x" * (trait.max_chars + 1)], rf"{name} has .* characters; the box takes at most"
        for value in bad:
            before = getattr(ex, name)
            with pytest.raises(ValueError, match=message):
                setattr(ex, name, value)
            assert getattr(ex, name) == before, f"{name}: a refused value changed the explorer"
            with pytest.raises(ValueError, match=message):
                cls.example(**{name: value})
    with pytest.raises(ValueError, match=rf"unknown parameter\(s\) \['no_such_parameter'\] of {cls.__name__}; "
                                         r"choose from \["):
        cls.example(no_such_parameter=1)


def check_rebuilds_from_its_params(cls):
    """``cls.example(**params)`` of a moved explorer computes the same state (the browser tests rely on it)."""
    rng = np.random.default_rng(7)
    ex = cls.example()
    for name, trait in _declared(cls).items():
        setattr(ex, name, _random_value(trait, rng, ["free", "lunch"]))
    assert cls.example(**ex.params()).expected_state() == ex.expected_state()


def check_stored_state_is_fresh(cls):
    """Every notebook that shows the explorer stores its current module, stylesheet and declaration.

    After changing an explorer, re-store each notebook that shows it:
    ``python -m genlearn.course.export --store-state notebooks/<notebook>.ipynb``."""
    fresh = cls.example()
    traits = fresh.get_state()
    ident = f"{cls.__module__}.{cls.__name__}"
    found = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        models = nb.get("metadata", {}).get("widgets", {}).get(
            "application/vnd.jupyter.widget-state+json", {}).get("state", {})
        for model in models.values():
            stored = model.get("state", {})
            if stored.get("_anywidget_id") != ident:
                continue
            found.append(path.name)
            where = f"{path.name}: re-run `python -m genlearn.course.export --store-state notebooks/{path.name}`"
            for key in ("_esm", "_css", "parameters"):
                assert stored.get(key) == traits[key], f"{where} (stale {key})"
            assert set(stored) == set(traits), f"{where} (traits {sorted(set(stored) ^ set(traits))})"
            cls.example(**{k: stored[k] for k in cls._params if k in stored})  # stored values are valid
    assert found, f"no notebook in {NOTEBOOKS} stores a {cls.__name__}: show it in its lesson and store the state"


def check_javascript_equals_the_numpy_twin(cls):
    """The module's frame(get), run in Node.js, publishes the twin's numbers (1e-9) and readouts."""
    explorers = [cls.example(**setting) for setting in _settings(cls)]
    pages = frames(explorers)
    for ex, page in zip(explorers, pages):
        expected = ex.expected_state()
        problems = E.state_mismatches(page, expected, rtol=1e-9)
        assert not problems, f"{cls.__name__}({ex.params()}):\n  " + "\n  ".join(problems[:10])
        assert page["readouts"] == expected["readouts"], ex.params()
        assert page["description"] == expected["description"], ex.params()


def check_listen_curve(cls):
    """The curve the Listen button plays, if the class declares one (``_listen``; None is accepted: no curve,
    no button): its state holds it at every setting, numbers in the declared range (or None, a silence),
    and numerics.js's ``pitches``, run in Node.js, sounds them at the pitches of the Python twin (1e-9)."""
    spec = cls.example().listen
    if cls._listen is None:
        assert spec == {}, f"{cls.__name__} declares no curve but sends listen = {spec}"
        return
    assert isinstance(cls._listen, E.Listen), f"{cls.__name__}._listen must be a Listen (or None)"
    assert spec == cls._listen.spec() and spec["label"], spec
    cases = []
    for setting in _settings(cls):
        state = cls.example(**setting).expected_state()
        assert spec["key"] in state, f"{cls.__name__}: the state has no {spec['key']!r} to play"
        values = np.asarray(state[spec["key"]], dtype=float).tolist()  # None -> nan: a silence
        assert len(values) >= 2 and any(np.isfinite(values)), f"{cls.__name__}({setting}): no curve to play"
        inside = [v for v in values if np.isfinite(v)]
        assert spec["lo"] <= min(inside) and max(inside) <= spec["hi"], \
            f"{cls.__name__}({setting}): values outside the declared range [{spec['lo']}, {spec['hi']}]"
        cases.append([None if not np.isfinite(v) else v for v in values])
    for values, got in zip(cases, js_pitches([(v, spec) for v in cases])):
        want = E.pitches(values, spec["lo"], spec["hi"])
        assert [g is None for g in got] == [w is None for w in want], (values, got)
        # tol: the pitches in Node and in numpy: the same formula through exp and log, rounding
        assert np.allclose([g for g in got if g is not None], [w for w in want if w is not None],
                           rtol=1e-9, atol=0), (values, got, want)


CHECKS = [check_declaration, check_out_of_range_values_fail_clearly, check_rebuilds_from_its_params,
          check_stored_state_is_fresh, check_javascript_equals_the_numpy_twin, check_listen_curve]


@pytest.mark.parametrize("cls, check", [(cls, check) for cls in CLASSES for check in CHECKS],
                         ids=[f"{cls.__name__}-{check.__name__}" for cls in CLASSES for check in CHECKS])
def test_explorer(cls, check):
    check(cls)


def test_every_lesson_explorer_is_checked():
    """The discovery finds the explorers (a module that fails to import would hide its own)."""
    names = {cls.__name__ for cls in CLASSES}
    assert {"BayesExplorer", "GaussianExplorer", "GDAExplorer", "BoundaryExplorer", "LaplaceExplorer",
            "MessageExplorer", "MEstimateExplorer"} <= names
    assert set(CASES) <= names, f"CASES names classes that do not exist: {set(CASES) - names}"
    # the Listen button: at least the explorers whose picture has one natural curve along x declare it
    assert {"BayesExplorer", "LaplaceExplorer", "MEstimateExplorer"} <= {cls.__name__ for cls in CLASSES
                                                                        if cls._listen is not None}
