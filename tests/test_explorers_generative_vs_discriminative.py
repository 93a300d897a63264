"""genlearn.explorers.generative_vs_discriminative: the lesson's explorers against their numpy twin and independent
oracles, each test stating its own. The lesson's figures and tables: tests/test_demo_generative_vs_discriminative.py."""
import itertools

import numpy as np
import pytest
from scipy.stats import norm

from tolerances import EXACT, ROUNDING

from genlearn.demos import generative_vs_discriminative as gd
from genlearn.explorers import generative_vs_discriminative as ex_gd
from test_demo_generative_vs_discriminative import TRUTH, ref_posterior, ref_threshold


# ---------------------------------------------------------------- the explorer
def test_explorer_state_matches_scipy():
    """Oracle: scipy.stats.norm densities, Bayes' rule on them, the brentq threshold."""
    ex = ex_gd.BayesExplorer()
    st = ex.expected_state()
    x = np.asarray(st["x"])
    # tol: exact: the same grid
    np.testing.assert_allclose(x, np.linspace(0, 180, 361)[::18], rtol=EXACT)
    np.testing.assert_allclose(st["joint"][0], 0.8 * norm.pdf(x, 40, 15), rtol=ROUNDING)
    np.testing.assert_allclose(st["joint"][1], 0.2 * norm.pdf(x, 100, 15), rtol=ROUNDING)
    np.testing.assert_allclose(st["evidence"], 0.8 * norm.pdf(x, 40, 15) + 0.2 * norm.pdf(x, 100, 15),
                               rtol=ROUNDING)
    # tol: the posterior from log-densities against scipy's pdfs: rounding of exps of terms up to ~30
    np.testing.assert_allclose(st["posterior"], ref_posterior(x, **TRUTH), rtol=1e-10)
    grid = np.linspace(0, 180, 361)
    assert st["ymax"] == pytest.approx(1.1 * np.max(0.8 * norm.pdf(grid, 40, 15)
                                                     + 0.2 * norm.pdf(grid, 100, 15)), rel=ROUNDING)
    t = ref_threshold(**TRUTH)
    # tol: brentq's root (xtol 2e-12) against the closed form: rounding of terms ~100, 1e-8
    assert st["threshold"] == pytest.approx(t, abs=1e-8) and ex.threshold == st["threshold"]
    p80 = ref_posterior(80.0, **TRUTH)
    assert st["probe_posterior"] == pytest.approx(p80, rel=1e-10)  # tol: as for the posterior above
    assert st["readouts"] == [
        "P(elephant) = φ = 0.20",
        "dogs ~ N(40, 15.0²), elephants ~ N(100, 15.0²)",
        f"decision: elephant if x > {t:.1f} kg, dog otherwise",
        f"an animal of 80 kg: P(elephant | x) = {p80:.3f}",
    ]
    assert st["params"] == TRUTH and ex_gd.BayesExplorer(**st["params"]).expected_state() == st


def test_explorer_follows_its_traits():
    ex = ex_gd.BayesExplorer()
    ex.phi = 0.5
    assert ex.readouts()[2] == "decision: elephant if x > 70.0 kg, dog otherwise"
    ex.mu_dog, ex.mu_elephant = 90.0, 50.0
    assert "x < " in ex.readouts()[2]
    # tol: the closed form against brentq, as above
    assert ex.threshold == pytest.approx(ref_threshold(0.5, 90.0, 50.0, 15.0), abs=1e-8)


def test_means_equal_give_no_threshold_and_the_prior_decides():
    ex = ex_gd.BayesExplorer(phi=0.3, mu_dog=60.0, mu_elephant=60.0, sigma=10.0)
    st = ex.expected_state()
    assert st["threshold"] is None
    assert "prior decides" in st["readouts"][2] and st["readouts"][2].endswith("a dog")
    np.testing.assert_allclose(st["posterior"], 0.3, rtol=ROUNDING)
    ex.phi = 0.7
    assert ex.readouts()[2].endswith("an elephant")


def test_every_slider_corner_is_valid():
    sliders = {name: ex_gd.BayesExplorer.class_traits()[name] for name in ex_gd.BayesExplorer._params}
    for combo in itertools.product(*[(t.lo, t.hi) for t in sliders.values()]):
        params = dict(zip(sliders, combo))
        st = ex_gd.BayesExplorer(**params).expected_state()
        assert not any("nan" in line.lower() for line in st["readouts"])
        assert np.all(np.isfinite(st["posterior"])) and np.isfinite(st["ymax"]) and st["ymax"] > 0
        assert np.all(np.isfinite(st["joint"]))
    assert set(sliders) == set(TRUTH) == set(gd.DEFAULTS) and ex_gd.BayesExplorer.defaults() == gd.DEFAULTS
    assert 0 < sliders["phi"].lo and sliders["phi"].hi < 1 and sliders["sigma"].lo > 0


def test_explorer_sends_data_not_pixels():
    ex = ex_gd.BayesExplorer()
    bundle, _ = ex._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and "image/png" in bundle
    assert ex.grid_n == 361 and ex.probe == 80.0  # tol: exact: the values given
