"""Calibration, costs and binned features behind notebook 07 (how far to trust naive Bayes).

Notebook 07 takes the spam filter of notebook 06 (multinomial naive Bayes on
the SMS Spam Collection) and asks what its probabilities are worth: how many
mistakes it expects against how many it makes, a reliability diagram, the
decision threshold that the costs of the two mistakes call for, and the
precision and recall of every threshold. Its last section feeds continuous
features to naive Bayes by cutting them into quantile bins, and compares that
with GDA and Gaussian naive Bayes by cross-validation.

The notebook computes each step by hand in a few lines of numpy; the
functions here are the library twins it checks against, the tables the tests
recompute with scikit-learn, and the figures. The spam filter itself is
trained with :mod:`genlearn.demos.naive_bayes_text` in the notebook (no demo
module imports another); every function here takes a fitted model and data.
"""
import numpy as np

from ..discriminant import GDA, GaussianNB
from ..naive_bayes import CategoricalNB
from . import style

__all__ = ["SPAM", "HAM", "spam_probability", "spam_log_odds", "reliability_table", "plot_reliability",
           "precision_recall", "plot_precision_recall", "quantile_edges", "apply_bins", "quantile_bins",
           "stratified_folds", "cv_accuracies", "cv_text", "make_bump_classes", "binning_figure"]

#: The class labels of the spam filter: 1 = spam, 0 = ham (a real message).
SPAM, HAM = 1, 0


# ---------------------------------------------------------------------------
# How far to trust p(spam): calibration and decision thresholds
# ---------------------------------------------------------------------------

def spam_probability(model, X):
    """``p(spam | x)`` of a fitted naive Bayes model, whatever the order of its classes."""
    col = int(np.flatnonzero(model.classes_ == SPAM)[0])
    return model.predict_proba(X)[:, col]


def reliability_table(y, p, n_bins=10):
    """Calibration in equal-width bins of the predicted ``p = p(spam | x)``.

    Bin b holds the predictions in ``[b / n_bins, (b + 1) / n_bins)`` (the last
    bin includes 1). Empty bins are left out.

    Returns
    -------
    dict with arrays ``count``, ``mean_p`` (mean predicted probability) and
    ``observed`` (fraction of spam) per non-empty bin, and ``bin`` (its index)
    """
    y, p = np.asarray(y), np.asarray(p, dtype=float)
    b = np.minimum((p * n_bins).astype(int), n_bins - 1)
    keep = np.flatnonzero(np.bincount(b, minlength=n_bins))
    return {"bin": keep,
            "count": np.array([np.sum(b == k) for k in keep]),
            "mean_p": np.array([p[b == k].mean() for k in keep]),
            "observed": np.array([np.mean(y[b == k] == SPAM) for k in keep])}


def plot_reliability(model, X, y, n_bins=10, ax=None):
    """Reliability diagram: observed fraction of spam against the predicted p(spam).

    A calibrated model's points lie on the diagonal. Each point is one bin
    of :func:`reliability_table`, labelled with its number of messages.

    Returns
    -------
    fig : matplotlib.figure.Figure
    """
    t = reliability_table(y, spam_probability(model, X), n_bins)
    if ax is None:
        fig = style.new_figure((5.6, 4.6))
        ax = fig.subplots()
    ax.plot([0, 1], [0, 1], label="perfectly calibrated", **style.REFERENCE)
    ax.plot(t["mean_p"], t["observed"], label=f"{type(model).__name__}, {n_bins} bins",
            **style.class_style(SPAM))
    for mp, ob, n in zip(t["mean_p"], t["observed"], t["count"]):
        ax.annotate(f"{n}", (mp, ob), textcoords="offset points", xytext=(4, -12))
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("predicted p(spam | x), mean in the bin")
    ax.set_ylabel("fraction of spam in the bin")
    ax.set_title("Reliability diagram (numbers: messages per bin)")
    ax.legend(loc="upper left")
    return ax.figure


def precision_recall(y, score):
    """Precision and recall of "flag as spam when score > t" for every distinct t.

    Returns
    -------
    thresholds, precision, recall : ndarrays, thresholds increasing
        (at the largest thresholds nothing may be flagged: precision is then
        undefined and is left out)
    """
    y, score = np.asarray(y) == SPAM, np.asarray(score, dtype=float)
    thresholds = np.unique(score)[:-1]           # flag score > t: t below the largest score
    flagged = score[None, :] > thresholds[:, None]
    tp = (flagged & y).sum(axis=1)
    return thresholds, tp / flagged.sum(axis=1), tp / y.sum()


def plot_precision_recall(y, score, marks=None, ax=None):
    """Precision against recall as the threshold on ``score`` moves; ``marks``
    (name -> threshold on the same scale) are drawn as labelled points.

    Returns
    -------
    fig : matplotlib.figure.Figure
    """
    t, prec, rec = precision_recall(y, score)
    if ax is None:
        fig = style.new_figure((5.6, 4.6))
        ax = fig.subplots()
    ax.plot(rec, prec, color="black", label="every threshold")
    y_, s_ = np.asarray(y) == SPAM, np.asarray(score, dtype=float)
    for (name, thr), marker in zip((marks or {}).items(), ("o", "s", "D", "^")):
        flag = s_ > thr
        ax.plot(y_[flag].sum() / y_.sum(), y_[flag].sum() / max(flag.sum(), 1), marker=marker,
                ms=9, ls="none", label=name)
    ax.set_xlabel("recall: fraction of spam caught")
    ax.set_ylabel("precision: fraction of flagged that is spam")
    ax.set_title("Precision and recall as the threshold moves")
    ax.legend(loc="lower left")
    return ax.figure


def spam_log_odds(model, X):
    """``log p(spam | x) - log p(ham | x)`` in log space: finite where p(spam) rounds to 0 or 1."""
    lp = model.predict_log_proba(X)
    s = int(np.flatnonzero(model.classes_ == SPAM)[0])
    return lp[:, s] - lp[:, 1 - s]


# ---------------------------------------------------------------------------
# Continuous features by binning: naive Bayes against GDA
# ---------------------------------------------------------------------------

def quantile_edges(X_train, k):
    """Bin edges of each column: the training values at levels 1/k, ..., (k-1)/k.

    Duplicated edges and edges at the column minimum are dropped, so every bin
    holds training points (a feature with many ties gets fewer than k bins).
    Returns a list with one sorted array of edges per column.
    """
    X_train = np.asarray(X_train, float)
    k = int(k)
    if k < 2:
        raise ValueError(f"k (the number of bins) must be at least 2; got {k}.")
    q = np.quantile(X_train, np.arange(1, k) / k, axis=0, method="inverted_cdf")
    lows = X_train.min(axis=0)
    return [np.unique(q[:, j][q[:, j] > lows[j]]) for j in range(X_train.shape[1])]


def apply_bins(edges, X):
    """Integer bin codes: bin b means ``edges[b-1] <= x < edges[b]`` (b = 0 is
    below the first edge)."""
    X = np.asarray(X, float)
    if X.ndim != 2 or X.shape[1] != len(edges):
        raise ValueError(f"X must have shape (m, {len(edges)}), one column per set of "
                         f"edges; got {X.shape}.")
    return np.column_stack([np.searchsorted(e, X[:, j], side="right")
                            for j, e in enumerate(edges)])


def quantile_bins(X_train, X, k):
    """Bin each column of ``X`` by the quantiles of the same column of ``X_train``
    (see :func:`quantile_edges`); codes from 0 to at most k - 1."""
    return apply_bins(quantile_edges(X_train, k), X)


def stratified_folds(y, n_folds, seed):
    """Stratified fold labels 0..n_folds-1 (seeded)."""
    rng = np.random.default_rng(seed)
    fold = np.empty(len(y), dtype=int)
    for c in np.unique(y):
        idx = rng.permutation(np.flatnonzero(y == c))
        fold[idx] = np.arange(len(idx)) % n_folds
    return fold


def cv_accuracies(X, y, bins=(3, 5, 10, 20), n_folds=10, seed=0):
    """Cross-validated accuracy of GDA and Gaussian naive Bayes on the raw
    features, and of naive Bayes on the quantile-binned features.

    Naive Bayes on bins uses :class:`genlearn.CategoricalNB` with Laplace
    smoothing (m = k_j and p = 1/k_j for a feature with k_j bins). Returns a dict
    name -> mean accuracy over the folds, and the fold labels.
    """
    X, y = np.asarray(X, float), np.asarray(y)
    fold = stratified_folds(y, n_folds, seed)
    acc = {"GDA (raw)": [], "Gaussian NB (raw)": []}
    acc.update({f"NB, {k} bins": [] for k in bins})
    for f in range(n_folds):
        tr, te = fold != f, fold == f
        acc["GDA (raw)"].append(GDA().fit(X[tr], y[tr]).score(X[te], y[te]))
        acc["Gaussian NB (raw)"].append(GaussianNB().fit(X[tr], y[tr]).score(X[te], y[te]))
        for k in bins:
            edges = quantile_edges(X[tr], k)
            B_tr, B_te = apply_bins(edges, X[tr]), apply_bins(edges, X[te])
            nb = CategoricalNB().fit(B_tr, y[tr])
            acc[f"NB, {k} bins"].append(nb.score(B_te, y[te]))
    return {name: float(np.mean(v)) for name, v in acc.items()}, fold


def cv_text(acc):
    return "\n".join(f"{name:<20}{a:.6f}" for name, a in acc.items())


def make_bump_classes(m=600, seed=0):
    """Classes that no Gaussian can tell apart, but bins can.

    Two features, independent given the class. Class 0: 3/4 of the mass in a
    bump at 0 and 1/8 in bumps at -4 and +4; class 1: bumps at -2 and +2, half
    the mass each; every bump has standard deviation 1/2. Both classes have
    mean 0 and variance 4.25 in each feature, so GDA and Gaussian naive Bayes
    see two identical Gaussians. Returns ``(X, y)``, y in {0, 1}.
    """
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=m).astype(np.intp)  # labels as np.intp (datasets._draw_labels)
    centres0 = rng.choice([-4.0, 0.0, 4.0], p=[0.125, 0.75, 0.125], size=(m, 2))
    centres1 = rng.choice([-2.0, 2.0], size=(m, 2))
    centres = np.where(y[:, None] == 1, centres1, centres0)
    return centres + 0.5 * rng.standard_normal((m, 2)), y


def binning_figure(tumour_acc, bump_acc):
    """Accuracy against number of bins, with the GDA and Gaussian NB levels."""
    fig = style.new_figure((9.6, 4.6))
    axes = fig.subplots(1, 2)
    for ax, acc, title in ((axes[0], tumour_acc, "tumours (30 features)"),
                           (axes[1], bump_acc, "bumps (2 features)")):
        ks = [int(n.split()[1]) for n in acc if n.startswith("NB,")]
        ax.plot(ks, [acc[f"NB, {k} bins"] for k in ks], label="naive Bayes on bins",
                **style.model_style("naive Bayes on bins"))
        ax.axhline(acc["GDA (raw)"], label="GDA, raw", **{**style.model_style("GDA"),
                                                         "marker": None})
        ax.axhline(acc["Gaussian NB (raw)"], label="Gaussian NB, raw",
                   **{**style.model_style("naive Bayes"), "marker": None})
        ax.set_xlabel("number of bins per feature")
        ax.set_ylabel("10-fold CV accuracy")
        ax.set_title(title)
    style.figure_legend(fig, axes[0].get_legend_handles_labels()[0], ncols=3)
    return fig
