"""The boundary explorer of notebook 05: QDA, LDA and naive Bayes as class 1's covariance changes.

Its page (``qda_lda_naive_bayes.js``) fits the three models and draws every frame in the
browser; :meth:`BoundaryExplorer.expected_state` is its numpy twin. The data and the lesson's
figures are in :mod:`genlearn.demos.qda_lda_naive_bayes`.

Functions
---------
check_explorer_points   the training points the explorer accepts (or a ValueError naming the fix)

Classes
-------
BoundaryExplorer        the interactive figure (sliders for class 1's Sigma_1; draggable points)
"""
import numpy as np
import traitlets

from .. import gaussian
from ..demos.qda_lda_naive_bayes import (EXPLORER_LIM, EXPLORER_MU, EXPLORER_TITLES, class_covariances, conic_type,
                                         explorer_class1, explorer_sample, make_models, plot_explorer_state,
                                         quadratic_form)
from . import describe
from .explorer import Menu, Slider, fmt
from .points import POINTER_MODES, PointsExplorer, as_points

__all__ = ["BoundaryExplorer", "check_explorer_points", "POINTER_MODES", "MIN_PER_CLASS", "OUTLIER_AT",
           "EXPLORER_PROBES", "EXPLORER_GRID"]

#: Why the explorer's sliders (class 1's covariance ``gaussian.covariance(sigma1, sigma2, rho)``)
#: stop where they do: with sigma >= 0.5 and |rho| <= 0.8 the smallest eigenvalue of Sigma_1 is
#: at least 0.5^2 (1 - 0.8) = 0.05, so Sigma_1, LDA's pooled Sigma and naive Bayes' variances
#: are never singular.
_NONSINGULAR = "the range keeps every covariance nonsingular"

#: Points at which the explorer's page publishes each model's p(y=1 | x) (for the tests).
EXPLORER_PROBES = ((0.0, 0.0), (2.0, 1.0), (1.0, 0.5), (-3.0, 3.0), (4.0, -3.0), (5.0, 4.0))

#: The points per side of the grid on which the page evaluates the log-odds (posterior shading and
#: the boundary), over the square EXPLORER_LIM.
EXPLORER_GRID = 151


def _side_of_one(v):
    return "below 1" if v < 1 - 1e-9 else "above 1" if v > 1 + 1e-9 else "equal to 1"


def _readout_lines(Sigma1, rows, counts):
    """The explorer's readout lines: Sigma_1, its variances along its axes, one line per
    model ``(name, eigenvalues of A, conic, training accuracy)`` in ``rows``, then the
    training points per class (``counts``)."""
    S = np.asarray(Sigma1, dtype=float)
    var = np.linalg.eigvalsh(S)
    lines = [
        f"Σ₁ = [[{fmt(S[0, 0], 4)}, {fmt(S[0, 1], 4)}], [{fmt(S[1, 0], 4)}, "
        f"{fmt(S[1, 1], 4)}]], Σ₀ = I",
        f"variances of Σ₁ along its axes: {fmt(var[0], 4)} ({_side_of_one(var[0])}), "
        f"{fmt(var[1], 4)} ({_side_of_one(var[1])})",
    ]
    for name, eig, kind, acc in rows:
        lines.append(f"{name}: eigenvalues of A {fmt(eig[0], 4)}, {fmt(eig[1], 4)}, "
                     f"boundary {kind}; training accuracy {fmt(acc, 4)}")
    lines.append(f"training points: {counts[0]} with y = 0, {counts[1]} with y = 1")
    return lines


#: The fewest training points of a class the explorer keeps: QDA's Sigma_k needs three off a line.
MIN_PER_CLASS = 3

#: A class's fitted Sigma_k counts as singular when 1 - (its correlation)^2 is below this.
_FLAT = 1e-8

#: Where the outlier preset puts the first point with y = 0: a corner of the box, past class 1.
OUTLIER_AT = (6.0, 5.0)


def check_explorer_points(points, labels):
    """``points`` (m, 2) and ``labels`` (m,) as arrays, or a ValueError naming the problem and the fix.

    The explorer accepts finite points (of magnitude below 1e6) with labels 0 and 1, at least
    :data:`MIN_PER_CLASS` of each class, and within each class not all on one line: exactly
    the data on which all three models fit (QDA needs each ``Sigma_k`` invertible, naive Bayes
    each variance positive, LDA the pooled ``Sigma``, which each ``Sigma_k`` bounds from below).
    The page refuses an edit that would break a rule with the same test (``fitsAll`` in
    ``qda_lda_naive_bayes.js``).
    """
    X, y = as_points(points, labels)
    for k in (0, 1):
        Xk = X[y == k]
        if len(Xk) < MIN_PER_CLASS:
            raise ValueError(f"class {k} has {len(Xk)} points; each class needs at least {MIN_PER_CLASS} "
                             "(QDA fits a covariance per class): add points of that class.")
        D = Xk - Xk.mean(axis=0)
        S = D.T @ D
        if not (S[0, 0] > 0 and S[1, 1] > 0 and np.linalg.det(S) > _FLAT * S[0, 0] * S[1, 1]):
            raise ValueError(f"the points of class {k} lie on one line, so its fitted Sigma_{k} is singular; "
                             "move one of them off that line.")
    return X, y.astype(int)


class BoundaryExplorer(PointsExplorer):
    """QDA, LDA and naive Bayes boundaries as class 1's covariance changes, drawn in the browser.

    Class 0 is fixed: ``m`` points whose fitted mean is exactly (0, 0) and fitted
    covariance exactly I. Class 1 has mean (2, 1) and covariance
    ``Sigma_1 = gaussian.covariance(sigma1, sigma2, rho)``, set by three sliders; its
    points are the same whitened draws, transformed (:func:`explorer_models`), so the
    fitted models are the true ones. For each model the page
    (``qda_lda_naive_bayes.js``) fits the priors, means and covariances, forms the
    log-odds ``x^T A x + b^T x + c``, shades p(y=1 | x), draws the boundary (its zero
    level) and names the conic; :meth:`expected_state` is its genlearn twin.

    The training points are data the learner touches (``points.js``): press a point
    in any panel and drag it, add one of either class, remove one (the ``pointer``
    menu; Shift+press removes), or with the keyboard on the QDA panel (arrows choose,
    Enter picks up, arrows move, Delete removes, 0 and 1 add); the *Outlier* button
    moves the first point with y = 0 to :data:`OUTLIER_AT`. Every edit refits the three
    models. Moving a slider draws class 1 again from the model, as :meth:`resample` does.

    Parameters
    ----------
    m : int, default=120
        Points per class.
    random_state : int, default=0
        Seed of the draws.
    sigma1, sigma2, rho : float
        Start values of the sliders.

    Attributes
    ----------
    sigma1, sigma2, rho : float
        The slider values; each must lie in its slider's range (a ValueError
        says which), so no covariance of the sample is ever singular.
    pointer : {"move", "add0", "add1", "remove"}
        What a press on a figure does (:data:`POINTER_MODES`).
    points : list of [float, float], shape (m, 2)
    labels : list of int, shape (m,)
        The training points the page draws and fits (the sample until the learner or
        Python edits them); set both at once with :meth:`set_points`;
        :func:`check_explorer_points` says what is refused.
    Sigma1 : ndarray of shape (2, 2)
        Read-only, :func:`genlearn.gaussian.covariance`.
    models : dict name -> fitted estimator
        Read-only: QDA, GDA (LDA) and GaussianNB fitted to the current points.

    Examples
    --------
    >>> ex = BoundaryExplorer(sigma1=1.0, sigma2=1.0, rho=0.5)
    >>> [model["conic"] for model in ex.expected_state()["models"].values()]
    ['hyperbola', 'line', 'line']
    >>> ex.outlier()                       # the first point with y = 0 far away
    >>> ex.points[0]
    [6.0, 5.0]
    """

    _js = "qda_lda_naive_bayes.js"
    _title = "QDA, LDA and naive Bayes boundary explorer"

    sigma1 = Slider(0.5, 2.5, 0.05, 2.0, "σ₁ (class 1, x₁)", digits=2, why=_NONSINGULAR)
    sigma2 = Slider(0.5, 2.5, 0.05, 0.6, "σ₂ (class 1, x₂)", digits=2, why=_NONSINGULAR)
    rho = Slider(-0.8, 0.8, 0.05, 0.0, "ρ (class 1)", digits=2, why=_NONSINGULAR)
    pointer = Menu(POINTER_MODES, "move", "a press on the figure")

    # The data and the constants the page needs, sent once (the JavaScript keeps no copy).
    x0 = traitlets.List().tag(sync=True)
    z1 = traitlets.List().tag(sync=True)
    mu1 = traitlets.List(list(EXPLORER_MU[1])).tag(sync=True)
    probes = traitlets.List([list(p) for p in EXPLORER_PROBES]).tag(sync=True)
    lim = traitlets.List(list(EXPLORER_LIM)).tag(sync=True)
    grid_n = traitlets.Int(EXPLORER_GRID).tag(sync=True)
    titles = traitlets.Dict(dict(EXPLORER_TITLES)).tag(sync=True)
    # The training points (PointsExplorer's), checked by this explorer's rule: all three models fit.
    check_points = staticmethod(check_explorer_points)
    min_per_class = traitlets.Int(MIN_PER_CLASS).tag(sync=True)
    flat = traitlets.Float(_FLAT).tag(sync=True)
    outlier_at = traitlets.List(list(OUTLIER_AT)).tag(sync=True)

    def __init__(self, m=120, random_state=0, **params):
        X0, Z1, _ = explorer_sample(m, random_state)
        self.x0, self.z1 = X0.tolist(), Z1.tolist()
        super().__init__(**params)
        self.resample()

    @traitlets.observe("sigma1", "sigma2", "rho")
    def _on_true_model(self, change):
        if self.labels:  # (not while the constructor sets the first values)
            self.follow_sample()

    def sample(self):
        """The sample of the sliders' model: class 0, then class 1 (:func:`explorer_models`)."""
        X1 = explorer_class1(np.asarray(self.z1, dtype=float), self.Sigma1)
        X = np.vstack([np.asarray(self.x0, dtype=float), X1])
        return X, np.repeat([0, 1], [len(self.x0), len(self.z1)])

    @property
    def Sigma1(self):
        return gaussian.covariance(self.sigma1, self.sigma2, self.rho)

    @property
    def models(self):
        X, y = self.data()
        return {name: model.fit(X, y) for name, model in make_models().items()}

    def expected_state(self):
        """Everything the page publishes in ``data-state`` now, computed with genlearn.

        Keys: ``Sigma1``; ``sample`` (every training point ``X``, its label ``y`` and the
        ``counts`` per class); ``models``, for each of QDA, LDA and naive Bayes, fitted to
        the training points: ``phi`` (priors), ``mu`` (class means), ``Sigma`` (the two
        class covariances, :func:`class_covariances`), ``A``, ``b``, ``c``
        (:func:`quadratic_form`), ``eigenvalues`` of A (ascending), ``conic``
        (:func:`conic_type`), ``accuracy`` (training accuracy) and ``posterior``
        (``predict_proba`` at the probes, class 1); ``readouts`` and ``params``.
        """
        X, y = self.data()
        models = self.models
        P = np.asarray(self.probes, dtype=float)
        out, rows = {}, []
        for name, model in models.items():
            A, b, c = quadratic_form(model)
            eig = np.linalg.eigvalsh(A)
            kind = conic_type(A, b, c)
            acc = model.score(X, y)
            rows.append((name, eig, kind, acc))
            out[name] = dict(phi=model.phi_y_.tolist(), mu=model.mu_.tolist(),
                             Sigma=np.asarray(class_covariances(model)).tolist(), A=A.tolist(),
                             b=b.tolist(), c=c, eigenvalues=eig.tolist(), conic=kind, accuracy=acc,
                             posterior=model.predict_proba(P)[:, 1].tolist())
        counts = [int((y == 0).sum()), int((y == 1).sum())]
        return dict(Sigma1=self.Sigma1.tolist(), sample=dict(X=X.tolist(), y=y.tolist(), counts=counts),
                    models=out, readouts=_readout_lines(self.Sigma1, rows, counts),
                    description=describe.boundaries(out), params=self.params())

    def static_figure(self, num=120):
        """The three panels of the current state (:func:`~genlearn.demos.qda_lda_naive_bayes.plot_explorer_state`)."""
        return plot_explorer_state(*self.data(), self.models, num=num)
