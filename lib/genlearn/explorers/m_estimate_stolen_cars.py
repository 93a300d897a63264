"""The m / p explorer of notebook 08 (the stolen cars), drawn in the browser.

Its page (``m_estimate_stolen_cars.js``) receives the counts of the notes' table once and
computes the m-estimates, scores, posterior and decision for each (m, p);
:meth:`MEstimateExplorer.expected_state` is its numpy twin. The table, the estimates and the
lesson's figures are in :mod:`genlearn.demos.m_estimate_stolen_cars`.
"""
import numpy as np
import traitlets

from ..demos.m_estimate_stolen_cars import (CLASSES, CURVE_N, CURVE_PROBES, M_MAX, QUERY, _state, counts, load_table,
                                            mp_figure)
from .explorer import Explorer, Listen, Slider

__all__ = ["MEstimateExplorer"]

class MEstimateExplorer(Explorer):
    """The m-estimates of the stolen-car example, drawn in the browser as m and p move.

    Left: the conditionals P(Red | ·), P(SUV | ·), P(Domestic | ·) for
    Stolen = Yes and No, with the prior guess p dashed. Middle: the two naive
    Bayes scores P(v) · Π P(a | v). Right: P(Yes | x) as m grows, for the
    current p, with the current m marked. The page receives the counts once
    (:func:`counts`) and computes every frame (``m_estimate_stolen_cars.js``);
    :meth:`expected_state` is its numpy twin.

    Parameters
    ----------
    X, y : array-like of shape (n_rows, 3) and (n_rows,), default: the notes' table
        The training table (:func:`load_table`); the query and the classes are
        :data:`QUERY` and :data:`CLASSES`.
    m : float, default=3.0
        Equivalent sample size, in [0, :data:`M_MAX`] (a ValueError says so otherwise).
    p : float, default=0.5
        Prior guess, in [0.05, 0.95].

    Attributes
    ----------
    m, p : float
        The slider values (traits; set them from Python and the page follows).
    counts : dict
        ``{class: [n, [n_c for each attribute]]}``, sent to the page once.

    Examples
    --------
    >>> ex = MEstimateExplorer()
    >>> ex.readouts()[-1]
    'P(Yes | x) = 0.3571 -> decision: No'
    """

    _js = "m_estimate_stolen_cars.js"
    _title = "m-estimate explorer"
    _listen = Listen("curve", f"P(Yes | x) as m grows from 0 to {M_MAX:g}", 0.0, 1.0)

    m = Slider(0.0, M_MAX, 0.5, 3.0, "m (virtual examples)", digits=1)
    p = Slider(0.05, 0.95, 0.05, 0.5, "p (prior guess)", digits=2)

    # Data and constants the page needs, sent once (the JavaScript keeps no copy).
    counts = traitlets.Dict().tag(sync=True)
    m_rows = traitlets.Int(0).tag(sync=True)
    query = traitlets.List(list(QUERY)).tag(sync=True)
    classes = traitlets.List(list(CLASSES)).tag(sync=True)
    curve_n = traitlets.Int(CURVE_N).tag(sync=True)
    curve_probes = traitlets.List(list(CURVE_PROBES)).tag(sync=True)

    def __init__(self, X=None, y=None, **params):
        self._X, self._y = load_table() if X is None else (np.asarray(X), np.asarray(y))
        self.counts = {c: [n, ncs] for c, (n, ncs) in counts(self._X, self._y).items()}
        self.m_rows = len(self._y)
        super().__init__(**params)

    def static_figure(self):
        """:func:`mp_figure` of the current (m, p) (for untrusted notebooks)."""
        return mp_figure(self.m, self.p, self._X, self._y)

    def expected_state(self):
        """The numpy twin of the page's ``data-state`` now.

        Keys: ``conditionals`` ({class: 3 m-estimates}), ``scores`` ({class:
        score}), ``posterior`` (P(Yes | x), None for 0/0), ``decision``,
        ``curve`` (P(Yes | x) at the m values ``curve_m``, :data:`CURVE_PROBES`
        of the drawn curve, for this p), ``readouts`` and ``params``.
        """
        return dict(_state(self._X, self._y, self.m, self.p), params=self.params())
