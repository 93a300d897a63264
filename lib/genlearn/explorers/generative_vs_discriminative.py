"""The explorer of notebook 01: Bayes' rule for dogs and elephant calves, drawn in the browser.

Its page (``generative_vs_discriminative.js``) draws the joint densities p(x | y) p(y) and the
posterior P(elephant | x); :meth:`BayesExplorer.expected_state` is its numpy twin. The model's
formulas and the lesson's figures are in :mod:`genlearn.demos.generative_vs_discriminative`.
"""
import numpy as np
import traitlets

from ..demos.generative_vs_discriminative import (DEFAULTS, GRID_N, PROBE, XMAX, XMIN, class_figure, joint,
                                                  posterior, threshold)
from . import describe
from .explorer import Explorer, Listen, Slider, fmt

__all__ = ["BayesExplorer", "GRID_PROBES"]

#: Grid indices whose values the page publishes for the tests (every 18th point, 0 to 180 kg).
GRID_PROBES = tuple(range(0, GRID_N, 18))

#: Why the sliders' ranges are what they are (quoted by the ValueError for a value outside).
_VALID = "every value there is a valid model"


def _readout_lines(phi, mu_dog, mu_elephant, sigma, probe=PROBE):
    """The explorer's readout lines (text) for one setting.

    Examples
    --------
    >>> _readout_lines(0.5, 40.0, 100.0, 15.0)[2]
    'decision: elephant if x > 70.0 kg, dog otherwise'
    """
    t = threshold(phi, mu_dog, mu_elephant, sigma)
    p = float(posterior(probe, phi, mu_dog, mu_elephant, sigma))
    if t is None:
        rule = ("the means are equal, so the weight says nothing: the prior decides and "
                f"every animal is called {'an elephant' if phi > 0.5 else 'a dog'}")
    else:
        side = ">" if mu_elephant > mu_dog else "<"
        rule = f"elephant if x {side} {fmt(t, 1)} kg, dog otherwise"
    return [
        f"P(elephant) = φ = {fmt(phi, 2)}",
        f"dogs ~ N({fmt(mu_dog, 0)}, {fmt(sigma, 1)}²), "
        f"elephants ~ N({fmt(mu_elephant, 0)}, {fmt(sigma, 1)}²)",
        f"decision: {rule}",
        f"an animal of {fmt(probe, 0)} kg: P(elephant | x) = {fmt(p, 3)}",
    ]


class BayesExplorer(Explorer):
    """Class-conditional densities, evidence and posterior, drawn in the browser.

    Four sliders set the prior ``phi`` = P(elephant), both class means and the
    shared ``sigma``. Top panel: ``p(x | y) p(y)`` for both classes and their
    sum, the evidence p(x) (dashed). Bottom panel: the posterior
    P(elephant | x) with a dot at the probe weight. The decision threshold
    (:func:`threshold`) is a dotted vertical line in both. Every frame is
    computed and drawn by ``generative_vs_discriminative.js``;
    :meth:`expected_state` is its numpy twin.

    Parameters
    ----------
    phi, mu_dog, mu_elephant, sigma : float, defaults from :data:`DEFAULTS`
        Each must lie in its slider's range (a ValueError says which): every
        value there is a valid model (0 < phi < 1, sigma > 0); the means may cross.

    Attributes
    ----------
    phi, mu_dog, mu_elephant, sigma : float
        The slider values (traits; set them from Python and the page follows).
    probe : float
        The weight whose posterior the readout reports (:data:`PROBE`).
    threshold : float or None
        Read-only: the current decision threshold (None for equal means).

    Examples
    --------
    >>> ex = BayesExplorer()
    >>> round(ex.threshold, 4)
    75.1986
    >>> ex.phi = 0.5
    >>> ex.readouts()[2]
    'decision: elephant if x > 70.0 kg, dog otherwise'
    """

    _js = "generative_vs_discriminative.js"
    _title = "Bayes explorer"
    _listen = Listen("posterior", f"the posterior P(elephant | x) along the weight x, {XMIN:g} to {XMAX:g} kg",
                     0.0, 1.0)

    phi = Slider(0.02, 0.98, 0.01, DEFAULTS["phi"], "φ = P(elephant)", digits=2, why=_VALID)
    mu_dog = Slider(20.0, 90.0, 1.0, DEFAULTS["mu_dog"], "μ dog", unit="kg", digits=0, why=_VALID)
    mu_elephant = Slider(50.0, 140.0, 1.0, DEFAULTS["mu_elephant"], "μ elephant", unit="kg", digits=0,
                         why=_VALID)
    sigma = Slider(6.0, 30.0, 0.5, DEFAULTS["sigma"], "σ, both classes", unit="kg", digits=1, why=_VALID)

    # Constants the page needs, sent once (the JavaScript keeps no copy).
    xlim = traitlets.List([XMIN, XMAX]).tag(sync=True)
    grid_n = traitlets.Int(GRID_N).tag(sync=True)
    grid_probes = traitlets.List(list(GRID_PROBES)).tag(sync=True)
    probe = traitlets.Float(PROBE).tag(sync=True)

    @property
    def threshold(self):
        return threshold(**self.params())

    def static_figure(self):
        """:func:`class_figure` of the current setting (for untrusted notebooks)."""
        return class_figure(**self.params(), probe=self.probe)

    def expected_state(self):
        """The numpy twin of the page's ``data-state`` now.

        Keys: ``x`` (the weights at :data:`GRID_PROBES`), ``joint`` (two lists:
        p(x | y) p(y) for dogs and elephants there), ``evidence`` (their sum),
        ``posterior`` (P(elephant | x) there), ``ymax`` (top of the density axis,
        1.1 times the largest evidence on the whole grid), ``threshold`` (None for
        equal means), ``probe_posterior``, ``readouts`` and ``params``.
        """
        p, probe = self.params(), self.probe
        grid = np.linspace(XMIN, XMAX, GRID_N)
        j0, j1 = joint(grid, **p)
        idx = list(GRID_PROBES)
        return dict(
            x=grid[idx].tolist(),
            joint=[j0[idx].tolist(), j1[idx].tolist()],
            evidence=(j0 + j1)[idx].tolist(),
            posterior=posterior(grid[idx], **p).tolist(),
            ymax=1.1 * float(np.max(j0 + j1)),
            threshold=threshold(**p),
            probe_posterior=float(posterior(probe, **p)),
            readouts=_readout_lines(**p, probe=probe),
            description=describe.bayes(**p, threshold=threshold(**p), xlim=(XMIN, XMAX)),
            params=p,
        )
