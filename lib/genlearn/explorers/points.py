"""Training points in the plane that the learner touches: shared by the explorers that let
the learner drag, add and remove them (lesson 03's GDA explorer, lesson 04's Newton explorer,
lesson 05's boundary explorer).

The page side is ``points.js`` (``handsOn``: pointer, touch and keyboard editing; ``fitOK``:
the twin of :func:`check_training_points`). Here: what a press on the figure does
(:data:`POINTER_MODES`), which points are accepted (:func:`as_points`, the format every
explorer asks for, and :func:`check_training_points`, GDA's rule) and :class:`PointsExplorer`,
the base of an explorer whose ``points`` and ``labels`` are synced traits checked by its rule.
"""
import numpy as np
import traitlets

from .explorer import Explorer

__all__ = ["POINTER_MODES", "MIN_PER_CLASS", "FLAT", "as_points", "check_training_points", "PointsExplorer"]

#: What a press on an explorer's figure of points does (its "pointer" menu).
POINTER_MODES = (("move", "drag a point"), ("add0", "add a point with y = 0"),
                 ("add1", "add a point with y = 1"), ("remove", "remove a point"))

#: The fewest training points of a class an explorer keeps (GDA needs two to spread a class).
MIN_PER_CLASS = 2
#: The fitted Sigma counts as singular when 1 - (its correlation)^2 is below this (points on a line).
FLAT = 1e-8


def as_points(points, labels):
    """``points`` (m, 2) and ``labels`` (m,) as arrays, or a ValueError naming the problem and the fix:
    finite points (of magnitude below 1e6), one label 0 or 1 a point. The explorers' own rules of
    what they can fit (:func:`check_training_points`, ...) start here."""
    X = np.asarray(points, dtype=float)
    y = np.asarray(labels)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"points must have shape (m, 2), one row [x1, x2] per example; got shape {X.shape}.")
    if not np.isfinite(X).all() or (np.abs(X) >= 1e6).any():
        raise ValueError("points must be finite numbers below 1e6 in size; drop or fix the rows that are not.")
    if y.shape != (len(X),):
        raise ValueError(f"labels must have shape ({len(X)},), one per row of points; got shape {y.shape}. "
                         "Set points and labels together with set_points(X, y).")
    if y.size and not np.isin(y, (0, 1)).all():
        raise ValueError(f"labels must be 0 or 1; got {sorted(set(np.unique(y).tolist()) - {0, 1})[:5]}.")
    return X, y.astype(int)


def check_training_points(points, labels):
    """``points`` (m, 2) and ``labels`` (m,) as arrays, or a ValueError naming the problem and the fix.

    An explorer accepts any finite points (of magnitude below 1e6) with labels 0 and 1, at
    least :data:`MIN_PER_CLASS` of each class, whose pooled covariance is not singular (the
    points of both classes, each moved by its class mean, not all on one line): exactly the
    data on which :class:`genlearn.GDA` fits a boundary (and on which the Hessian of logistic
    regression's first Newton step is invertible). The page refuses an edit that would break
    a rule with the same test (``fitOK`` in ``points.js``).
    """
    X, y = as_points(points, labels)
    counts = [int((y == k).sum()) for k in (0, 1)]
    if min(counts) < MIN_PER_CLASS:
        raise ValueError(f"each class needs at least {MIN_PER_CLASS} points (got {counts[0]} with y = 0 "
                         f"and {counts[1]} with y = 1); add points of the smaller class.")
    D = X - np.where(y[:, None] == 1, X[y == 1].mean(axis=0), X[y == 0].mean(axis=0))
    S = D.T @ D
    if not (S[0, 0] > 0 and S[1, 1] > 0 and np.linalg.det(S) > FLAT * S[0, 0] * S[1, 1]):
        raise ValueError("the points make the fitted Sigma singular: within each class they lie on one "
                         "line; move a point off that line.")
    return X, y


class PointsExplorer(Explorer):
    """The base of an explorer whose training points the learner drags, adds and removes.

    ``points`` (m, 2) and ``labels`` (m,) are synced traits that the page edits
    (``handsOn`` in ``points.js``) and Python reads and sets; both are checked by the
    explorer's rule ``check_points`` (by default :func:`check_training_points`, GDA's; set
    them together with :meth:`set_points`). A subclass declares its own
    ``pointer = Menu(POINTER_MODES, "move", ...)`` where its controls should show it, and
    the box of its figure for the page.
    """

    points = traitlets.List().tag(sync=True)
    labels = traitlets.List().tag(sync=True)
    # the page's twin of the rule reads these
    min_per_class = traitlets.Int(MIN_PER_CLASS).tag(sync=True)
    flat = traitlets.Float(FLAT).tag(sync=True)

    #: Which points the explorer accepts: (points, labels) -> (X, y), or a ValueError.
    check_points = staticmethod(check_training_points)

    @traitlets.validate("points", "labels")
    def _valid_points(self, proposal):
        """Both as checked by ``check_points`` (set both at once: :meth:`set_points`)."""
        name = proposal.trait.name
        points, labels = (proposal.value, self.labels) if name == "points" else (self.points, proposal.value)
        X, y = self.check_points(points, labels)
        return X.tolist() if name == "points" else y.tolist()

    def set_points(self, X, y):
        """Make ``X`` (m, 2) and ``y`` (m,) the training points (a ValueError if they are refused)."""
        X, y = self.check_points(X, y)
        with self.hold_sync(), self.hold_trait_notifications():
            self.points = X.tolist()
            self.labels = y.tolist()

    def sample(self):
        """The sample of the explorer's true model (its sliders): ``X`` (m, 2), ``y`` (m,); a subclass whose
        points come from a model it draws from defines it (and then :meth:`resample` and
        :meth:`follow_sample` work)."""
        raise NotImplementedError(f"{type(self).__name__} draws no sample of a true model")

    def resample(self):
        """Make the sample of the true model (:meth:`sample`) the training points again."""
        self.set_points(*self.sample())

    def follow_sample(self):
        """What a moved slider of the true model does: its sample (:meth:`sample`) becomes the training points.

        The echo guard: a slider moved on the page comes with the page's own sample (equal to this
        one to rounding); keeping it sends nothing back, so no echo can overwrite a newer page state.
        """
        X, y = self.sample()
        if self.labels == y.tolist() and np.allclose(self.points, X, rtol=0, atol=1e-9):
            return
        self.set_points(X, y)

    def outlier(self):
        """The outlier preset (the page's button): the first point with y = 0 moves to ``outlier_at``, a trait
        of the explorers that have the button."""
        X, y = self.data()
        X[np.flatnonzero(y == 0)[0]] = self.outlier_at
        self.set_points(X, y)

    def data(self):
        """The training points the page draws and fits now: ``X`` (m, 2), ``y`` (m,)."""
        return np.array(self.points, dtype=float).reshape(-1, 2), np.array(self.labels, dtype=int)
