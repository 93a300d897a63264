"""Plots and the browser explorer of notebook 05: QDA, LDA and Gaussian naive Bayes.

The three Gaussian classifiers share one model, ``x | y=k ~ N(mu_k, Sigma_k)``,
and differ only in what they assume about the covariance matrices:

==============  ==========================  =======================
model           covariance                  two-class boundary
==============  ==========================  =======================
QDA             one full ``Sigma_k`` each   a conic (quadratic)
LDA (GDA)       one ``Sigma`` shared        a line (hyperplane)
naive Bayes     one diagonal ``Sigma_k``    a conic with axes parallel
                                            to the coordinates
==============  ==========================  =======================

Everything here is a plain function that returns a matplotlib ``Figure`` or a
table, so that the tests can call exactly what the notebook shows. The lesson's
explorer is :class:`genlearn.explorers.qda_lda_naive_bayes.BoundaryExplorer`.

Functions
---------
two_class_example          the seeded two-class data set of the notebook
plot_assumptions           fitted class contours and boundary of each model, side by side
grid, class_covariances   a mesh of points; the K covariance matrices of a fitted model
quadratic_form             ``(A, b, c)`` of any of the three fitted binary models
quadratic_form_gap         largest gap between ``x^T A x + b^T x + c`` and the log-odds on a grid
conic_type                 ellipse, hyperbola, parabola or line, from ``(A, b, c)``
explorer_models            the explorer's data for a Sigma_1 and the three models fitted to it
plot_explorer_state        the explorer's three panels as a still figure
three_class_example        seeded three-class data
plot_three_classes         the plane coloured by predicted class, means marked
too_few_examples           test error as the rare class shrinks (the "walrus" case)
plot_too_few_examples      the curves of :func:`too_few_examples`
plot_conic_gallery         the QDA boundary for a few fixed settings (a static figure)
feature_map                none / squares / quadratic features for logistic regression
feature_map_models         logistic regression pipelines, one per feature map
plot_feature_maps          logistic boundaries beside their generative twins
boundary_agreement         fraction of a grid where two classifiers agree
cv_models, cv_table        10-fold cross-validated accuracy of the four classifiers
format_cv_table            the table as fixed-width text
repeated_cv, winners       the same for several shuffles of the folds, and who wins each
"""
import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.ticker import NullFormatter
from .. import gaussian
from ..datasets import make_gaussian_classes
from ..discriminant import GDA, QDA, GaussianNB
from ..logistic import LogisticRegression
from . import style
from .style import grid

__all__ = [
    "MODEL_NAMES", "make_models", "grid", "class_covariances", "two_class_example", "plot_assumptions",
    "quadratic_form", "quadratic_form_gap", "conic_type", "explorer_models", "plot_explorer_state",
    "plot_conic_gallery", "three_class_example", "plot_three_classes", "too_few_examples",
    "plot_too_few_examples", "feature_map", "feature_map_models", "plot_feature_maps",
    "boundary_agreement", "cv_models", "cv_folds", "cv_table", "format_cv_table",
    "repeated_cv", "winners", "format_repeated_cv",
]

CLASS_COLORS = style.CLASS_COLORS
MODEL_NAMES = ("QDA", "LDA", "naive Bayes")
_ASSUMPTION = {
    "QDA": r"QDA: one full $\Sigma_k$ per class",
    "LDA": r"LDA (GDA): one shared $\Sigma$",
    "naive Bayes": r"naive Bayes: diagonal $\Sigma_k$",
}


def make_models(**params):
    """A fresh ``{name: estimator}`` dict of the three Gaussian classifiers.

    ``params`` (e.g. ``reg=0.1`` or ``priors=[0.5, 0.5]``) go to all three.
    """
    return {"QDA": QDA(**params), "LDA": GDA(**params), "naive Bayes": GaussianNB(**params)}


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------

#: True parameters of the notebook's two-class example: class 1 is wider and
#: tilted the other way, so that the three assumptions give three different fits.
EXAMPLE_MU = ((0.0, 0.0), (2.0, 1.0))
EXAMPLE_SIGMA = (((1.0, 0.6), (0.6, 0.8)), ((1.6, -0.7), (-0.7, 1.2)))


def two_class_example(m=300, random_state=0):
    """The seeded two-class data set of the notebook, ``(X, y)`` with y in {0, 1}."""
    return make_gaussian_classes(m=m, mu=EXAMPLE_MU, Sigma=EXAMPLE_SIGMA,
                                 random_state=random_state)


def three_class_example(m=300, random_state=1):
    """Seeded data from three Gaussian classes with different covariances."""
    mu = ((0.0, 0.0), (3.0, 0.5), (1.0, 3.0))
    Sigma = (((1.0, 0.3), (0.3, 0.6)),
             ((0.5, -0.2), (-0.2, 1.2)),
             ((1.5, 0.6), (0.6, 0.6)))
    return make_gaussian_classes(m=m, mu=mu, Sigma=Sigma, random_state=random_state)


def _whitened(m, n, rng):
    """``m`` draws from N(0, I) shifted and rotated so that their sample mean is
    exactly 0 and their (1/m) sample covariance exactly I.

    ``mu + Z @ L.T`` then has MLE mean ``mu`` and MLE covariance ``L L^T``:
    the fitted model equals the model we asked for, which is what a slider
    about the *shape* of the boundary needs.
    """
    Z = rng.standard_normal((m, n))
    Z -= Z.mean(axis=0)
    L = np.linalg.cholesky(Z.T @ Z / m)
    return np.linalg.solve(L, Z.T).T


# ---------------------------------------------------------------------------
# Grids, contours and the quadratic form
# ---------------------------------------------------------------------------

def class_covariances(model):
    """The K covariance matrices of a fitted GDA, QDA or GaussianNB."""
    S = np.asarray(model.Sigma_)
    K = len(model.classes_)
    return np.broadcast_to(S, (K,) + S.shape[-2:]) if S.ndim == 2 else S


def quadratic_form(model):
    """``(A, b, c)`` with log-odds ``log p(y=1|x)/p(y=0|x) = x^T A x + b^T x + c``.

    QDA and GaussianNB have their own ``quadratic_form()``; for GDA (LDA) the
    log-odds is linear, ``A = 0``, ``b = theta_`` and ``c = theta0_``.
    """
    if hasattr(model, "quadratic_form"):
        A, b, c = model.quadratic_form()
        return np.asarray(A, dtype=float), np.asarray(b, dtype=float), float(c)
    theta = np.asarray(model.theta_, dtype=float)
    return np.zeros((len(theta), len(theta))), theta, float(model.theta0_)


def _evaluate_quadratic(A, b, c, X):
    return np.einsum("ij,jk,ik->i", X, A, X) + X @ b + c


def quadratic_form_gap(model, xlim, ylim, num=101):
    """Largest ``|x^T A x + b^T x + c - decision_function(x)|`` on a ``num x num`` grid."""
    A, b, c = quadratic_form(model)
    _, _, P = grid(xlim, ylim, num)
    return float(np.max(np.abs(_evaluate_quadratic(A, b, c, P) - model.decision_function(P))))


def conic_type(A, b, c, rtol=1e-8):
    """Name the curve ``x^T A x + b^T x + c = 0`` in the plane.

    The signs of the eigenvalues of the symmetric 2x2 matrix ``A`` decide:
    same sign -> ellipse, opposite signs -> hyperbola, one zero -> parabola,
    both zero -> line. Degenerate cases (a point, two crossing or parallel
    lines, or no boundary at all, when one class wins everywhere) are named too.
    Eigenvalues below ``rtol`` times the size of the coefficients count as 0.

    Returns
    -------
    str
        One of ``"ellipse"``, ``"hyperbola"``, ``"parabola"``, ``"line"``,
        ``"point"``, ``"two crossing lines"``, ``"two parallel lines"``,
        ``"none"``.
    """
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float).reshape(-1)
    if A.shape != (2, 2) or b.shape != (2,):
        raise ValueError(
            f"conic_type works in the plane: A must be 2x2 and b have 2 entries; got "
            f"A of shape {A.shape} and b of shape {b.shape}. Fit the model on two features."
        )
    A = (A + A.T) / 2.0
    lam, vec = np.linalg.eigh(A)
    scale = max(np.abs(lam).max(), np.linalg.norm(b), abs(c), np.finfo(float).tiny)
    zero = np.abs(lam) <= rtol * scale
    if zero.all():
        return "none" if np.linalg.norm(b) <= rtol * scale else "line"
    if not zero.any():
        x0 = -0.5 * np.linalg.solve(A, b)         # centre: where the gradient vanishes
        f0 = c + 0.5 * b @ x0                      # f(x) = (x-x0)^T A (x-x0) + f0
        flat = abs(f0) <= rtol * scale
        if lam[0] * lam[1] > 0:
            if flat:
                return "point"
            return "none" if np.sign(f0) == np.sign(lam[0]) else "ellipse"
        return "two crossing lines" if flat else "hyperbola"
    # One zero eigenvalue: f is quadratic along u and linear along v.
    u, v = (vec[:, 1], vec[:, 0]) if zero[0] else (vec[:, 0], vec[:, 1])
    lam_u = lam[1] if zero[0] else lam[0]
    if abs(b @ v) > rtol * scale:
        return "parabola"
    disc = (b @ u) ** 2 - 4.0 * lam_u * c
    if abs(disc) <= rtol * scale ** 2:
        return "line"
    return "two parallel lines" if disc > 0 else "none"


# ---------------------------------------------------------------------------
# 1. The three assumptions side by side
# ---------------------------------------------------------------------------

def _scatter_classes(ax, X, y, size=14):
    return style.scatter_classes(ax, X, y, s=size, alpha=0.6)


_BOUNDARY = style.BOUNDARY


def _panels(width=9.6, height=4.3, n=3):
    """``n`` panels side by side sharing both axes, ``x_2`` labelled on the first."""
    fig = style.new_figure((width, height))
    axes = fig.subplots(1, n, sharex=True, sharey=True)
    for ax in axes:
        ax.set_xlabel("$x_1$")
    axes[0].set_ylabel("$x_2$")
    return fig, axes


def _fit_all_on_grid(X, y, num):
    """The three models fitted to ``(X, y)``, and a ``num`` x ``num`` grid covering the data."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    models = {name: model.fit(X, y) for name, model in make_models().items()}
    xlim, ylim = style.data_limits(X)
    return X, y, models, (xlim, ylim, *grid(xlim, ylim, num))


def plot_assumptions(X, y, radii=(1.0, 2.0)):
    """Fit QDA, LDA and naive Bayes to ``(X, y)`` and draw, side by side, each
    model's fitted class contours (Mahalanobis radius 1 and 2) and its boundary.

    Returns
    -------
    fig : Figure
    models : dict name -> fitted estimator
    """
    X, y, models, (xlim, ylim, xx, yy, P) = _fit_all_on_grid(X, y, 200)
    fig, axes = _panels()
    radii_text = ", ".join(f"{r:g}" for r in radii)
    for ax, (name, model) in zip(axes, models.items()):
        points = _scatter_classes(ax, X, y, size=14)
        for k, S in enumerate(class_covariances(model)):
            for r in radii:
                E = gaussian.ellipse_points(model.mu_[k], S, r, num=100)
                ax.plot(E[:, 0], E[:, 1], color=CLASS_COLORS[k], ls=style.CLASS_LINESTYLES[k],
                        lw=1.5)
            ax.plot(*model.mu_[k], **style.MEAN_MARKER)
        ax.contour(xx, yy, model.decision_function(P).reshape(xx.shape), levels=[0.0],
                   colors=_BOUNDARY["color"], linewidths=_BOUNDARY["lw"])
        ax.set_title(_ASSUMPTION[name])
        ax.set_xlim(xlim)
        ax.set_ylim(ylim)
    style.figure_legend(fig, points + [
        style.key(f"class {k}: N(μ{'₀₁'[k]}, Σ{'₀₁'[k]}) at r = {radii_text}", lw=1.5,
                  color=CLASS_COLORS[k], ls=style.CLASS_LINESTYLES[k]) for k in (0, 1)] + [
        style.key("fitted means μ₀, μ₁", **style.MEAN_MARKER),
        style.key("boundary", **_BOUNDARY)], ncols=3)
    return fig, models


# ---------------------------------------------------------------------------
# 2. Interactive: the shape of the boundaries (a browser explorer)
# ---------------------------------------------------------------------------

EXPLORER_MU = ((0.0, 0.0), (2.0, 1.0))
EXPLORER_XLIM = (-4.5, 6.5)
EXPLORER_YLIM = (-4.5, 5.5)


def explorer_models(sigma1, sigma2, rho, X0, Z1):
    """The explorer's data for class 1's covariance, and the three models fitted to it.

    Class 1 is ``EXPLORER_MU[1] + Z1 L^T`` with ``L L^T = Sigma_1`` (Cholesky), so its
    MLE mean and covariance are exactly ``EXPLORER_MU[1]`` and ``Sigma_1`` when ``Z1``
    is whitened (:func:`_whitened`).

    Returns
    -------
    X : ndarray of shape (2m, 2)
        Class 0 (``X0``) then class 1.
    y : ndarray of shape (2m,)
    models : dict name -> fitted QDA, GDA (LDA), GaussianNB
    """
    Sigma1 = gaussian.covariance(sigma1, sigma2, rho)
    X0 = np.asarray(X0, dtype=float)
    X = np.vstack([X0, explorer_class1(np.asarray(Z1, dtype=float), Sigma1)])
    y = np.repeat([0, 1], [len(X0), len(Z1)])
    return X, y, {name: model.fit(X, y) for name, model in make_models().items()}


#: The square the explorer draws (both axes), and the points per side of the grid on
#: which its page evaluates the log-odds (posterior shading and the boundary).
EXPLORER_LIM = (-4.5, 6.5)

EXPLORER_TITLES = {"QDA": "QDA: one full Σₖ per class", "LDA": "LDA (GDA): one shared Σ",
                   "naive Bayes": "naive Bayes: diagonal Σₖ"}


def plot_explorer_state(X, y, models, num=120):
    """The boundary explorer's three panels as a matplotlib Figure, where widgets cannot run: the points
    ``X`` (m, 2) and ``y`` (m,), and each fitted model of ``models`` (name -> estimator) with its boundary."""
    xx, yy, P = grid(EXPLORER_LIM, EXPLORER_LIM, num)
    fig, axes = _panels(height=4.0)
    for ax, (name, model) in zip(axes, models.items()):
        posterior = model.predict_proba(P)[:, 1].reshape(xx.shape)
        ax.imshow(posterior > 0.5, extent=EXPLORER_LIM + EXPLORER_LIM, origin="lower",
                  cmap=ListedColormap(list(CLASS_COLORS[:2])), vmin=0, vmax=1, alpha=0.2,
                  aspect="auto", interpolation="nearest")
        points = style.scatter_classes(ax, X, y, s=10, alpha=0.7)
        ax.contour(xx, yy, posterior, levels=[0.5], colors=_BOUNDARY["color"],
                   linewidths=_BOUNDARY["lw"])
        A, b, c = quadratic_form(model)
        ax.set_title(f"{EXPLORER_TITLES[name]}\nboundary: {conic_type(A, b, c)}")
        ax.set(xlim=EXPLORER_LIM, ylim=EXPLORER_LIM, aspect="equal")
    style.figure_legend(fig, points + [
        style.patch_key(f"predicted y = {k}", CLASS_COLORS[k], alpha=0.2) for k in (0, 1)] + [
        style.key("boundary", **_BOUNDARY)], ncols=3)
    return fig


def explorer_sample(m, random_state):
    """Class 0 (exactly mean (0, 0), covariance I), the whitened draws of class 1, y."""
    rng = np.random.default_rng(random_state)
    Z0, Z1 = _whitened(m, 2, rng), _whitened(m, 2, rng)
    return np.asarray(EXPLORER_MU[0]) + Z0, Z1, np.repeat([0, 1], m)


def explorer_class1(Z1, Sigma1):
    return np.asarray(EXPLORER_MU[1]) + Z1 @ np.linalg.cholesky(Sigma1).T


#: Slider settings (sigma1, sigma2, rho) that give each kind of QDA boundary.
GALLERY = {"ellipse": (2.0, 1.5, 0.0), "hyperbola": (2.0, 0.6, 0.0),
           "parabola": (1.0, 2.0, 0.0), "line": (1.0, 1.0, 0.0)}


def plot_conic_gallery(settings=None, m=120, random_state=0, num=160):
    """The QDA boundary of the explorer for a few fixed slider settings, in a grid:
    a static companion of :class:`genlearn.explorers.qda_lda_naive_bayes.BoundaryExplorer`, for print.

    Returns
    -------
    fig : Figure
    kinds : dict title -> the conic named by :func:`conic_type`
    """
    settings = GALLERY if settings is None else settings
    X0, Z1, y = explorer_sample(m, random_state)
    xx, yy, P = grid(EXPLORER_XLIM, EXPLORER_YLIM, num)
    ncols = min(len(settings), 2)
    nrows = -(-len(settings) // ncols)
    fig = style.new_figure((8.4, 3.6 * nrows + 0.8))
    axes = np.atleast_1d(fig.subplots(nrows, ncols, sharex=True, sharey=True)).ravel()
    kinds = {}
    for ax, (title, (s1, s2, rho)) in zip(axes, settings.items()):
        X1 = explorer_class1(Z1, gaussian.covariance(s1, s2, rho))
        model = QDA().fit(np.vstack([X0, X1]), y)
        kinds[title] = conic_type(*quadratic_form(model))
        posterior = model.predict_proba(P)[:, 1].reshape(xx.shape)
        # Flat colours (the predicted class), which keep the stored PNG small.
        ax.imshow(posterior > 0.5, extent=EXPLORER_XLIM + EXPLORER_YLIM, origin="lower",
                  cmap=ListedColormap(list(CLASS_COLORS[:2])), vmin=0, vmax=1, alpha=0.2,
                  aspect="auto", interpolation="nearest")
        points = style.scatter_classes(ax, np.vstack([X0, X1]), y, s=14, alpha=0.7)
        ax.contour(xx, yy, posterior, levels=[0.5], colors=_BOUNDARY["color"],
                   linewidths=_BOUNDARY["lw"])
        ax.set_title(f"Σ₁: σ₁={s1:g}, σ₂={s2:g}, ρ={rho:g}\nQDA boundary: {kinds[title]}")
        ax.set_xlim(EXPLORER_XLIM)
        ax.set_ylim(EXPLORER_YLIM)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
    for ax in axes[len(settings):]:
        ax.axis("off")
    style.figure_legend(fig, points + [
        style.patch_key(f"predicted y = {k}", CLASS_COLORS[k], alpha=0.2) for k in (0, 1)] + [
        style.key("QDA boundary", **_BOUNDARY)], ncols=3)
    return fig, kinds


# ---------------------------------------------------------------------------
# 3. Three classes
# ---------------------------------------------------------------------------

def plot_three_classes(X, y, num=250):
    """The plane coloured by each model's predicted class, with the fitted means.

    Returns
    -------
    fig : Figure
    models : dict name -> fitted estimator
    """
    X, y, models, (xlim, ylim, xx, yy, P) = _fit_all_on_grid(X, y, num)
    K = len(models["QDA"].classes_)
    cmap = ListedColormap(list(CLASS_COLORS[:K]))  # a list: matplotlib 3.8 reads a 2-tuple as (colour, alpha)
    fig, axes = _panels()
    for ax, (name, model) in zip(axes, models.items()):
        pred = np.searchsorted(model.classes_, model.predict(P)).reshape(xx.shape)
        ax.imshow(pred, extent=xlim + ylim, origin="lower", cmap=cmap, vmin=-0.5,
                  vmax=K - 0.5, alpha=0.2, aspect="auto", interpolation="nearest")
        points = _scatter_classes(ax, X, y, size=18)
        for k in range(K):
            ax.plot(*model.mu_[k], **style.MEAN_MARKER)
        ax.set_title(f"{_ASSUMPTION[name]}\ntraining accuracy {model.score(X, y):.3f}")
        ax.set_xlim(xlim)
        ax.set_ylim(ylim)
    style.figure_legend(fig, points + [
        style.patch_key(f"predicted y = {c}", CLASS_COLORS[k], alpha=0.2)
        for k, c in enumerate(models["QDA"].classes_)] + [
        style.key(r"fitted means $\mu_k$", **style.MEAN_MARKER)], ncols=K + 1 if K < 4 else 4)
    return fig, models


# ---------------------------------------------------------------------------
# 4. Too few examples of one class
# ---------------------------------------------------------------------------

def too_few_examples(n=10, sizes=(6, 9, 11, 13, 16, 20, 30, 50, 100, 200), m_common=200,
                     reps=20, reg=1.0, m_test=2000, random_state=0):
    """Test error of LDA, QDA, regularised QDA and naive Bayes as class 1 shrinks.

    Class 0 ("the common animal") has ``m_common`` training examples from
    N(0, I); class 1 ("the walrus") has ``size`` examples from
    N(delta, Sigma_1), with ``delta = (0.6, ..., 0.6)`` and Sigma_1 a rotated
    (seeded) matrix with variances spread from 0.4 to 2.5 along its axes: QDA's
    assumption is the true one, LDA's and naive Bayes' are not.
    Every model is told equal priors, and the error is measured on a balanced
    test set of ``m_test`` examples per class, so only the covariance estimates
    differ. Each point is the mean over ``reps`` training sets.

    QDA without regularisation needs more than ``n`` examples in each class
    (otherwise its Sigma_k is singular); those entries are NaN and counted in
    ``failed``.

    Returns
    -------
    dict with keys ``sizes`` (array), ``errors`` (dict name -> mean test error
    per size), ``failed`` (dict name -> number of failed fits per size) and
    ``bayes`` (error of the true model on the test set: the best possible).
    """
    rng = np.random.default_rng(random_state)
    mu1 = np.full(n, 0.6)
    Q, _ = np.linalg.qr(rng.standard_normal((n, n)))     # a random rotation
    Sigma1 = Q @ np.diag(np.linspace(0.4, 2.5, n)) @ Q.T
    Sigma1 = (Sigma1 + Sigma1.T) / 2.0
    Sigma0 = np.eye(n)
    X_test = np.vstack([gaussian.sample(np.zeros(n), Sigma0, m_test, rng),
                        gaussian.sample(mu1, Sigma1, m_test, rng)])
    y_test = np.repeat([0, 1], m_test)
    bayes_pred = (gaussian.logpdf(X_test, mu1, Sigma1)
                  > gaussian.logpdf(X_test, np.zeros(n), Sigma0)).astype(int)
    labels = ("LDA", "QDA", f"QDA, reg={reg:g}", "naive Bayes")
    errors = {k: np.zeros(len(sizes)) for k in labels}
    failed = {k: np.zeros(len(sizes), dtype=int) for k in labels}
    priors = [0.5, 0.5]
    for i, size in enumerate(sizes):
        for _ in range(reps):
            X = np.vstack([gaussian.sample(np.zeros(n), Sigma0, m_common, rng),
                           gaussian.sample(mu1, Sigma1, int(size), rng)])
            y = np.repeat([0, 1], [m_common, int(size)])
            models = {"LDA": GDA(priors=priors), "QDA": QDA(priors=priors),
                      labels[2]: QDA(priors=priors, reg=reg),
                      "naive Bayes": GaussianNB(priors=priors)}
            for name, model in models.items():
                try:
                    model.fit(X, y)
                except ValueError:
                    failed[name][i] += 1
                    continue
                errors[name][i] += 1.0 - model.score(X_test, y_test)
    for name in labels:
        ok = reps - failed[name]
        errors[name] = np.where(ok > 0, errors[name] / np.maximum(ok, 1), np.nan)
    return {"sizes": np.asarray(sizes), "errors": errors, "failed": failed,
            "bayes": float(np.mean(bayes_pred != y_test)), "n": n, "reps": reps}


def plot_too_few_examples(result):
    """Mean test error against the size of the rare class (log scale)."""
    fig = style.new_figure((8.4, 5.4))
    ax = fig.subplots()
    for name, err in result["errors"].items():
        line = style.model_style("regularised QDA" if name.startswith("QDA, reg") else name)
        ax.plot(result["sizes"], err, label=name, ms=6, **line)
    ax.axhline(result["bayes"], label="true model (Bayes error)", **style.REFERENCE)
    ax.axvline(result["n"] + 0.5, color="0.6", lw=1.5,
               label=f"m₁ > n = {result['n']}: QDA without reg possible")
    ax.set_xscale("log")
    lo, hi = min(result["sizes"]), max(result["sizes"])
    ticks = [t for t in (5, 10, 20, 50, 100, 200, 500, 1000) if lo <= t <= hi]
    ax.set_xticks([lo] + ticks + [hi], [str(t) for t in [lo] + ticks + [hi]])
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("training examples of the rare class, $m_1$")
    ax.set_ylabel(f"test error (mean of {result['reps']} runs)")
    ax.set_title(f"Too few examples of one class, n = {result['n']} features")
    style.figure_legend(fig, ax.get_legend_handles_labels()[0], ncols=2)
    return fig


# ---------------------------------------------------------------------------
# 5. Logistic regression with feature maps
# ---------------------------------------------------------------------------

FEATURE_MAPS = ("none", "squares", "quadratic")


def feature_map(X, kind="quadratic"):
    """Map the rows of ``X`` (m, n) to new features for logistic regression.

    ``"none"``: ``x`` itself. ``"squares"``: ``x`` and ``x_j^2`` (no products, the
    naive Bayes shape: ``A`` diagonal). ``"quadratic"``: ``x``, ``x_j^2`` and every
    product ``x_j x_l`` with ``j < l`` (the QDA shape: ``A`` full).
    """
    X = np.asarray(X, dtype=float)
    if kind not in FEATURE_MAPS:
        raise ValueError(f"kind must be one of {FEATURE_MAPS}; got {kind!r}.")
    if kind == "none":
        return X
    parts = [X, X ** 2]
    if kind == "quadratic":
        j, l = np.triu_indices(X.shape[1], k=1)
        parts.append(X[:, j] * X[:, l])
    return np.hstack(parts)


def feature_map_models(**params):
    """``{kind: Pipeline(feature map, genlearn LogisticRegression(**params))}``."""
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import FunctionTransformer

    return {kind: make_pipeline(FunctionTransformer(feature_map, kw_args={"kind": kind}),
                                LogisticRegression(**params))
            for kind in FEATURE_MAPS}


_TWIN = {"none": "LDA", "quadratic": "QDA", "squares": "naive Bayes"}


def boundary_agreement(a, b, X):
    """Fraction of the rows of ``X`` that classifiers ``a`` and ``b`` label alike."""
    return float(np.mean(a.predict(X) == b.predict(X)))


def plot_feature_maps(X, y, X_eval=None, num=200):
    """Logistic regression with each feature map beside its generative twin.

    Parameters
    ----------
    X, y : training data (two classes, two features)
    X_eval : array-like of shape (m', 2), optional
        Where to compare the two models' labels (default: a fresh sample of
        5000 points from :func:`two_class_example`, i.e. where the data live).

    Returns
    -------
    fig : Figure
    agreement : dict kind -> fraction of ``X_eval`` where the logistic model
        and its generative twin predict the same class
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    if X_eval is None:
        X_eval, _ = two_class_example(m=5000, random_state=12345)
    generative = {name: model.fit(X, y) for name, model in make_models().items()}
    logistic = {kind: model.fit(X, y) for kind, model in feature_map_models().items()}
    xlim, ylim = style.data_limits(X)
    xx, yy, P = grid(xlim, ylim, num)
    fig, axes = _panels(height=4.6)
    agreement = {}
    titles = {"none": "logistic on $x$", "quadratic": "logistic on $x$, $x_j^2$, $x_1 x_2$",
              "squares": "logistic on $x$, $x_j^2$"}
    for ax, kind in zip(axes, ("none", "quadratic", "squares")):
        twin = generative[_TWIN[kind]]
        agreement[kind] = boundary_agreement(logistic[kind], twin, X_eval)
        points = _scatter_classes(ax, X, y, size=14)
        for model, ls in ((logistic[kind], "solid"), (twin, "dashed")):
            f = model.predict_proba(P)[:, 1].reshape(xx.shape)
            ax.contour(xx, yy, f, levels=[0.5], colors=_BOUNDARY["color"],
                       linewidths=_BOUNDARY["lw"], linestyles=ls)
        ax.set_title(f"{titles[kind]}\nvs {_TWIN[kind]}: same label\n"
                     f"for {100 * agreement[kind]:.1f}% of new points")
        ax.set_xlim(xlim)
        ax.set_ylim(ylim)
    style.figure_legend(fig, points + [
        style.key("logistic regression boundary", **_BOUNDARY),
        style.key("generative twin's boundary", **{**_BOUNDARY, "ls": "--"})], ncols=2)
    return fig, agreement


# ---------------------------------------------------------------------------
# 6. Choosing by cross-validation
# ---------------------------------------------------------------------------

def cv_models(C=1.0):
    """The four contenders, as scikit-learn-compatible estimators.

    Logistic regression is penalised (``C``) and fitted on standardised
    features: the wine classes are linearly separable, where the unpenalised
    fit has no finite optimum. The Gaussian models do not care about the scale
    of the features, so they get the raw data.
    """
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return {"LDA (GDA)": GDA(), "QDA": QDA(), "naive Bayes": GaussianNB(),
            "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(C=C))}


def cv_folds(n_splits=10, random_state=0):
    """Stratified, shuffled folds with a fixed seed (the same for every model)."""
    from sklearn.model_selection import StratifiedKFold

    return StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=random_state)


def cv_table(X, y, models=None, cv=None):
    """Cross-validated accuracy of each model on the same folds.

    Returns
    -------
    dict name -> ndarray of shape (n_splits,): the accuracy on each fold.
    """
    from sklearn.model_selection import cross_val_score

    models = cv_models() if models is None else models
    cv = cv_folds() if cv is None else cv
    return {name: cross_val_score(model, X, y, cv=cv) for name, model in models.items()}


def repeated_cv(X, y, seeds=range(10), models=None, n_splits=10):
    """Mean cross-validated accuracy of each model for several shuffles of the folds.

    Returns
    -------
    dict name -> ndarray of shape (len(seeds),)
    """
    seeds = list(seeds)
    runs = [cv_table(X, y, models=models, cv=cv_folds(n_splits, seed)) for seed in seeds]
    return {name: np.array([run[name].mean() for run in runs]) for name in runs[0]}


def winners(means, atol=1e-12):
    """For each column of ``{name: means}``, the model(s) with the best mean (ties kept)."""
    names = list(means)
    M = np.array([means[name] for name in names])
    return [[names[i] for i in np.flatnonzero(col >= col.max() - atol)] for col in M.T]


def format_repeated_cv(means, seeds):
    """Fixed-width text: one row per shuffle seed, and how often each model wins."""
    names = list(means)
    short = {name: name.split(" (")[0].replace("logistic regression", "logistic")
             for name in names}
    head = "seed  " + "  ".join(f"{short[n]:>11}" for n in names) + "  best"
    lines = [head]
    best = winners(means)
    for j, seed in enumerate(seeds):
        row = "  ".join(f"{means[n][j]:>11.4f}" for n in names)
        lines.append(f"{seed:>4}  {row}  {' = '.join(short[n] for n in best[j])}")
    counts = {n: sum(n in b for b in best) for n in names}
    lines.append("best (ties count for each): " + ", ".join(
        f"{short[n]} {counts[n]}x" for n in names))
    return "\n".join(lines)


def format_cv_table(scores):
    """Fixed-width text: mean, standard deviation, worst fold, and the winner."""
    width = max(len(name) for name in scores)
    k = len(next(iter(scores.values())))
    lines = [f"{'model':<{width}}  mean acc.  std    worst fold  ({k} folds)"]
    for name, s in scores.items():
        lines.append(f"{name:<{width}}  {s.mean():.4f}     {s.std():.4f} {s.min():.4f}")
    best = max(scores, key=lambda name: scores[name].mean())
    tied = [name for name in scores if scores[name].mean() >= scores[best].mean() - 1e-12]
    lines.append(f"winner: {' = '.join(tied)} ({scores[best].mean():.4f})")
    return "\n".join(lines)
