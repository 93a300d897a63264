"""The Newton explorer of notebook 04: Newton's method one step at a time (Step / Back / Reset).

Its page (``gda_vs_logistic_regression.js``) runs Newton's method for logistic regression on
training points the learner drags and draws the iterate's boundary beside GDA's;
:func:`~genlearn.demos.gda_vs_logistic_regression.newton_path` is its numpy twin. The data
sets and the lesson's figures are in :mod:`genlearn.demos.gda_vs_logistic_regression`.
"""
import numpy as np
import traitlets

from ..demos.gda_vs_logistic_regression import (NEWTON_LIMITS, NEWTON_STEPS, newton_data, newton_path,
                                                plot_newton_state)
from . import describe
from .explorer import Menu, Whole, fmt
from .points import POINTER_MODES, PointsExplorer

__all__ = ["NewtonExplorer", "NEWTON_DATA_MENU"]

NEWTON_DATA_MENU = (("overlap", "overlapping classes"), ("separable", "separable classes"))


def _newton_readouts(m_k, k, thetas, logliks, size, status, separated, gda):
    """The Newton explorer's readout lines at step ``k`` (the page's twin prints the same)."""
    f3, t = (lambda x: fmt(x, 3)), thetas[k]  # noqa: E731
    K = len(thetas) - 1
    if k < K:
        where = f"Newton step {k} of {K}"
    elif status == "converged":
        where = f"Newton step {k}: converged (the predicted gain fell below 1e-10)"
    elif status == "singular":
        where = f"Newton step {k}: stopped, the Hessian is numerically singular"
    else:
        where = f"Newton step {k}: the explorer stops at {K} steps"
    return [
        f"m = {m_k[0] + m_k[1]}: {m_k[0]} with y = 0, {m_k[1]} with y = 1",
        where,
        f"θ = [{f3(t[0])}, {f3(t[1])}], θ₀ = {f3(t[2])}, |θ| = {f3(np.hypot(t[0], t[1]))}",
        f"log-likelihood ℓ(θ) = {fmt(logliks[k], 6)}",
        "step size |Δθ| = " + (f3(size) if k else "none yet (the start: θ = 0, θ₀ = log-odds of the classes)"),
        ("every point is on its own side: ℓ rises towards 0 as |θ| grows, so no maximum exists"
         if separated else "some points are on the wrong side: ℓ has a finite maximum"),
        f"GDA (closed form): θ = [{f3(gda.theta_[0])}, {f3(gda.theta_[1])}], θ₀ = {f3(gda.theta0_)}",
    ]


class NewtonExplorer(PointsExplorer):
    """Logistic regression fitted by Newton's method one step at a time, beside GDA's closed form.

    The page shows the training points (which the learner drags, adds and removes, as in
    lesson 03), the boundary ``theta^T x + theta0 = 0`` of the current Newton iterate, the
    boundary of GDA fitted to the same points, a small curve of the log-likelihood of the
    iterates so far, the step size ``|Delta theta|`` and ``|theta|``. Step, Back and Reset
    (buttons, or the keys N, B and R on the explorer) move ``step``; the iterates are
    recomputed from the points every frame, so a dragged point changes all of them. On the
    separable data set the iterates run away: ``|theta|`` grows by about 2.7 a step while the
    log-likelihood creeps up to 0. :func:`newton_path` is the numpy twin of the page's Newton
    method (genlearn's own).

    Parameters
    ----------
    data : {"overlap", "separable"}, default="overlap"
        The data set the points start from (:func:`newton_data`); choosing one on the page
        replaces the learner's edits.
    step : int, default=0
        Newton steps taken (0 to :data:`NEWTON_STEPS`); a step past the last iterate shows the last.
    pointer : {"move", "add0", "add1", "remove"}
        What a press on the figure does.

    Attributes
    ----------
    points : list of [float, float], shape (m, 2)
    labels : list of int, shape (m,)
        The training points (:meth:`set_points` sets both).

    Examples
    --------
    >>> ex = NewtonExplorer(step=3)
    >>> thetas, logliks, status = ex.path()
    >>> status, len(thetas) - 1
    ('converged', 6)
    >>> bool((np.diff(logliks) >= -1e-12 * np.abs(logliks[:-1])).all())   # never decreases (up to rounding)
    True
    """

    _js = "gda_vs_logistic_regression.js"
    _title = "Newton's method, step by step"

    data_set = Menu(NEWTON_DATA_MENU, "overlap", "data set")
    pointer = Menu(POINTER_MODES, "move", "a press on the figure")
    step = Whole(0, NEWTON_STEPS, 0, "Newton steps taken", why=f"the explorer takes at most {NEWTON_STEPS}")

    # the sets of the data-set menu, sent once: choosing one on the page needs no kernel
    presets = traitlets.Dict().tag(sync=True)
    limits = traitlets.List(list(NEWTON_LIMITS)).tag(sync=True)
    max_steps = traitlets.Int(NEWTON_STEPS).tag(sync=True)
    tol = traitlets.Float().tag(sync=True)

    def __init__(self, **params):
        from ..logistic import LogisticRegression

        self.presets = {name: [newton_data(name)[0].tolist(), newton_data(name)[1].tolist()]
                        for name, _ in NEWTON_DATA_MENU}
        self.tol = LogisticRegression().tol
        super().__init__(**params)
        if not self.points:
            self.set_points(*self.presets[self.data_set])

    @traitlets.observe("data_set")
    def _on_data_set(self, change):
        if self.presets:
            self.set_points(*self.presets[change["new"]])

    def path(self):
        """:func:`newton_path` of the current points: the iterates, their log-likelihoods, the status."""
        return newton_path(*self.data(), max_steps=self.max_steps)

    def expected_state(self):
        """Everything the page publishes in ``data-state``, computed with genlearn.

        Keys: ``sample`` (``counts``, every point ``X`` and label ``y``), ``newton``
        (``shown``: the iterate drawn, ``min(step, K)``; ``last``: K, the last iterate;
        ``status``; ``theta``: ``[theta_1, theta_2, theta0]`` of iterates 0 to ``shown``;
        ``loglik`` of the same; ``size``: ``|Delta theta|`` of steps 1 to ``shown``, intercept
        included; ``separated``: every point strictly on its own side at the iterate shown),
        ``gda`` (``theta``, ``theta0`` of :class:`genlearn.GDA` on the points), ``readouts``,
        ``description`` (:func:`genlearn.explorers.describe.newton`), ``params``.
        """
        from .. import GDA

        X, y = self.data()
        thetas, logliks, status = self.path()
        k = min(self.step, len(thetas) - 1)
        sizes = np.linalg.norm(np.diff(thetas[:k + 1], axis=0), axis=1)
        separated = bool((((2 * y - 1) * (X @ thetas[k, :2] + thetas[k, 2])) > 0).all())
        gda = GDA().fit(X, y)
        m_k = [int((y == 0).sum()), int((y == 1).sum())]
        return dict(
            sample=dict(counts=m_k, X=X.tolist(), y=y.tolist()),
            newton=dict(shown=k, last=len(thetas) - 1, status=status, theta=thetas[:k + 1].tolist(),
                        loglik=logliks[:k + 1].tolist(), size=sizes.tolist(), separated=separated),
            gda=dict(theta=gda.theta_.tolist(), theta0=float(gda.theta0_)),
            readouts=_newton_readouts(m_k, k, thetas, logliks, sizes[-1] if k else 0.0, status, separated, gda),
            description=describe.newton(k, thetas[k], gda.theta_, gda.theta0_),
            params=self.params(),
        )

    def static_figure(self):
        """The points with the boundary of iterate ``step`` and GDA's, and the log-likelihood path
        (:func:`~genlearn.demos.gda_vs_logistic_regression.plot_newton_state`)."""
        thetas, logliks, _ = self.path()
        return plot_newton_state(*self.data(), thetas, logliks, self.step)
