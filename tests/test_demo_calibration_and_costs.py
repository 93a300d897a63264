"""Notebook 07 (calibration and costs) and its demo module, every number checked independently.

The real-corpus cells of the notebook (tagged ``sms-corpus`` and
``sms-calibration``) are not compared by nbval: a fresh clone without the
corpus falls back to an invented demo corpus. Their *stored* outputs are
checked here instead: that they came from the real corpus, and that they equal
scikit-learn's MultinomialNB, ``calibration_curve``, ``roc_auc_score`` and
``cross_val_predict`` on the same split. The binning study is recomputed with
scikit-learn's LDA, GaussianNB and CategoricalNB on the same folds, and the
quantile bins of the tumours' mean radius from the sorted values alone.
"""
import re

import numpy as np
import pytest
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.naive_bayes import CategoricalNB as SkCategoricalNB
from sklearn.naive_bayes import GaussianNB as SkGaussianNB
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB

from notebook_outputs import REAL_CORPUS_REPORT, number_after, sms_or_skip, stored_outputs
from tolerances import ROUNDING, half_unit

from genlearn import datasets
from genlearn.demos import calibration_and_costs as demo
from genlearn.demos import naive_bayes_text as demo06

NOTEBOOK = "07_calibration_and_costs.ipynb"


def stored_calibration():
    """The stored outputs of the four sms-calibration cells: mistakes, reliability, AUC, costs, threshold."""
    outs = stored_outputs(NOTEBOOK, tag="sms-calibration")
    assert len(outs) == 5, "expected five cells tagged sms-calibration"
    return outs


# ---------------------------------------------------------------------------
# Sections 1-3: the real corpus
# ---------------------------------------------------------------------------

def test_stored_outputs_came_from_the_real_corpus():
    """Needs no corpus: the stored numbers describe the 1,115 real test messages."""
    (report,) = stored_outputs(NOTEBOOK, tag="sms-corpus")
    assert report.splitlines()[0] == REAL_CORPUS_REPORT, (
        "notebook 07's stored outputs were not produced by the SMS Spam Collection: re-execute it with "
        "GENLEARN_DATA set")
    confidence, reliability, auc, costs, cv = stored_calibration()
    counts = [int(n) for n in re.findall(r"(\d+) messages, expected", confidence)]
    assert counts == sorted(counts, reverse=True) and counts[0] <= 1115
    bins = [int(r.split()[2]) for r in reliability.strip().splitlines()[1:]]
    assert sum(bins) == 1115
    assert auc.startswith(f"{145 * 970:,} (spam, ham) pairs")
    assert "ham flagged" in costs and "chosen by cross-validation" in cv


def test_filter_report_equals_lesson_06():
    """Lesson 07 trains the same filter as lesson 06: the two stored reports are the same text."""
    (report,) = stored_outputs(NOTEBOOK, tag="sms-corpus")
    assert report == stored_outputs("06_naive_bayes_text.ipynb", tag="sms-corpus")[0]


def _real_reference():
    """scikit-learn's MultinomialNB on genlearn's counts of the lecture's split."""
    from genlearn.text import Vocabulary

    texts, y = sms_or_skip()
    texts, y = list(texts), np.asarray(y)
    n = demo06.N_TRAIN_REAL
    vocab = Vocabulary().fit(texts[:n])
    C_tr, C_te = vocab.transform(texts[:n]), vocab.transform(texts[n:])
    sk = SkMultinomialNB(alpha=1.0).fit(C_tr, y[:n])
    lp = sk.predict_log_proba(C_te)
    return dict(C_tr=C_tr, y_tr=y[:n], y_te=y[n:], log_odds=lp[:, 1] - lp[:, 0],
                p=sk.predict_proba(C_te)[:, 1])


def test_calibration_numbers_against_sklearn():
    """Oracles: scikit-learn's MultinomialNB, calibration_curve, roc_auc_score and cross_val_predict."""
    from scipy.special import expit
    from sklearn.calibration import calibration_curve
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    ref = _real_reference()
    confidence, reliability, auc, costs, cv = stored_calibration()
    lo, y_te = ref["log_odds"], ref["y_te"]
    # tol: printed with 2 decimals; scikit-learn's naive Bayes on the same counts, to rounding
    assert number_after("median |log10 odds|:", confidence) == pytest.approx(
        np.median(np.abs(lo)) / np.log(10), abs=half_unit(2))
    doubt, mistake = expit(-np.abs(lo)), (lo > 0) != (y_te == 1)
    for level, line in zip((1e-2, 1e-4, 1e-6), confidence.strip().splitlines()[1:]):
        sure = doubt < level
        nums = [float(v) for v in re.findall(r"\d+\.\d+|\d+", line.split(":", 1)[1])]
        assert nums[0] == sure.sum()
        assert nums[1] == pytest.approx(doubt[sure].sum(), abs=half_unit(4))  # tol: printed with 4 decimals
        assert nums[2] == mistake[sure].sum()
    # the prose: 841 messages below 1e-4, 0.0056 expected (to half its last digit, + 1e-12 for rounding), 4 made;
    # median 6.44
    assert (np.sum(doubt < 1e-4), mistake[doubt < 1e-4].sum()) == (841, 4)
    assert abs(doubt[doubt < 1e-4].sum() - 0.0056) <= 5e-5 + 1e-12
    # reliability table: calibration_curve drops empty bins exactly as the table does
    prob_true, prob_pred = calibration_curve(y_te, ref["p"], n_bins=10)
    rows = [r.split() for r in reliability.strip().splitlines()[1:]]
    # tol: printed with 4 decimals
    np.testing.assert_allclose([float(r[3]) for r in rows], prob_pred, atol=half_unit(4))
    np.testing.assert_allclose([float(r[4]) for r in rows], prob_true, atol=half_unit(4))
    counts = [int(r[2]) for r in rows]
    assert (counts[0], counts[-1], sum(counts[1:-1])) == (954, 135, 26)   # the prose
    # the ranking: area under the ROC curve
    # tol: printed with 4 decimals
    assert number_after("larger log-odds in", auc) == pytest.approx(roc_auc_score(y_te, lo), abs=half_unit(4))

    def cost(flag):
        fp, fn = np.sum(flag & (y_te == 0)), np.sum(~flag & (y_te == 1))
        return f"ham flagged {fp:2d}, spam missed {fn:2d}, cost {10 * fp + fn}"

    assert cost(ref["p"] > 0.5) in costs.splitlines()[0]
    assert cost(ref["p"] > 10 / 11) in costs.splitlines()[1]
    # the threshold chosen by 5-fold cross-validation on the training messages
    lp = cross_val_predict(SkMultinomialNB(alpha=1.0), ref["C_tr"], ref["y_tr"],
                           method="predict_log_proba", cv=StratifiedKFold(5, shuffle=True, random_state=0))
    lo_cv, y_tr = lp[:, 1] - lp[:, 0], ref["y_tr"]
    cand = np.unique(lo_cv)
    costs_cv = [10 * np.sum((lo_cv > t) & (y_tr == 0)) + np.sum((lo_cv <= t) & (y_tr == 1)) for t in cand]
    t_cv = cand[int(np.argmin(costs_cv))]
    # tol: printed with 4 decimals; the threshold is one of the candidate log-odds, chosen by the same first-minimum
    # rule
    assert number_after("log-odds >", cv) == pytest.approx(t_cv, abs=half_unit(4))
    assert cost(lo > t_cv) in cv


def test_reliability_table_against_calibration_curve():
    from sklearn.calibration import calibration_curve

    rng = np.random.default_rng(0)
    p = rng.beta(0.5, 0.5, size=500)
    y = (rng.random(500) < p).astype(int)
    t = demo.reliability_table(y, p, n_bins=8)
    prob_true, prob_pred = calibration_curve(y, p, n_bins=8)
    # tol: the same bins and means another way: rounding
    np.testing.assert_allclose(t["mean_p"], prob_pred, rtol=ROUNDING)
    np.testing.assert_allclose(t["observed"], prob_true, rtol=ROUNDING)
    assert t["count"].sum() == 500


def test_precision_recall_against_sklearn():
    from sklearn.metrics import precision_score, recall_score

    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 300)
    score = y + rng.normal(size=300)
    thr, prec, rec = demo.precision_recall(y, score)
    assert len(thr) == len(np.unique(score)) - 1
    for k in range(0, len(thr), 13):
        # tol: ratios of the same counts
        assert prec[k] == pytest.approx(precision_score(y, score > thr[k]), rel=ROUNDING)
        assert rec[k] == pytest.approx(recall_score(y, score > thr[k]), rel=ROUNDING)


def test_calibration_figures_and_log_odds():
    import genlearn

    vocab, X, y = demo06.toy_features()
    model = genlearn.BernoulliNB(alpha=1.0).fit(X, y)
    p = demo.spam_probability(model, X)
    # tol: log(p / (1 - p)) loses eps / min(p, 1 - p) relative: the toy's p stay 1e-3 from 0 and 1, so 2e-13
    np.testing.assert_allclose(demo.spam_log_odds(model, X), np.log(p / (1 - p)), rtol=1e-10)
    fig = demo.plot_reliability(model, X, y, n_bins=5)
    t = demo.reliability_table(y, p, n_bins=5)
    # tol: the table recomputed by the plot from probabilities computed again: rounding
    np.testing.assert_allclose(fig.axes[0].lines[1].get_xdata(), t["mean_p"], rtol=ROUNDING)
    fig = demo.plot_precision_recall(y, demo.spam_log_odds(model, X), marks={"p > 0.5": 0.0})
    assert [ln.get_label() for ln in fig.axes[0].lines] == ["every threshold", "p > 0.5"]


# ---------------------------------------------------------------------------
# Section 4: binning against GDA
# ---------------------------------------------------------------------------

def test_stored_radius_bins_from_the_sorted_values():
    """Oracle: the inverted-CDF quantile of level q is the ceil(q m)-th smallest value."""
    import math

    X, y = datasets.load_tumors()
    r = np.sort(X[:, 0])
    m = len(r)
    edges = [r[math.ceil(q * m) - 1] for q in (0.2, 0.4, 0.6, 0.8)]
    codes = np.array([sum(v >= e for e in edges) for v in X[:, 0]])
    (stored,) = stored_outputs(NOTEBOOK, contains="radius = X_t[:, 0]")
    lines = stored.splitlines()
    # tol: quantiles are data values (the file's few decimals) printed whole: the default rtol 1e-7 only absorbs the
    # print
    np.testing.assert_allclose([float(v) for v in re.findall(r"[\d.]+", lines[0].split(":")[1])], edges)
    assert [int(v) for v in lines[1].split(":")[1].strip(" []").split()] == np.bincount(codes).tolist()
    malignant = [int(np.sum((codes == b) & (y == 1))) for b in range(5)]
    assert [int(v) for v in lines[2].split(":")[1].strip(" []").split()] == malignant
    assert malignant == sorted(malignant)   # the prose: the share of malignant tumours climbs bin by bin


def sklearn_cv(X, y, fold, bins):
    acc = {"GDA (raw)": [], "Gaussian NB (raw)": []}
    acc.update({f"NB, {k} bins": [] for k in bins})
    for f in np.unique(fold):
        tr, te = fold != f, fold == f
        lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X[tr], y[tr])
        acc["GDA (raw)"].append(lda.score(X[te], y[te]))
        gnb = SkGaussianNB(var_smoothing=0.0).fit(X[tr], y[tr])
        acc["Gaussian NB (raw)"].append(gnb.score(X[te], y[te]))
        for k in bins:
            edges = demo.quantile_edges(X[tr], k)
            B_tr, B_te = demo.apply_bins(edges, X[tr]), demo.apply_bins(edges, X[te])
            nb = SkCategoricalNB(alpha=1.0).fit(B_tr, y[tr])
            acc[f"NB, {k} bins"].append(nb.score(B_te, y[te]))
    return {k: float(np.mean(v)) for k, v in acc.items()}


@pytest.mark.parametrize("which", ["tumours", "bumps"])
def test_binning_study_against_sklearn(which):
    if which == "tumours":
        X, y = datasets.load_tumors()
        marker = "acc_tumours, _ ="
    else:
        X, y = demo.make_bump_classes(m=600, seed=0)
        marker = "acc_bumps, _ ="
    bins = (3, 5, 10, 20)
    fold = demo.stratified_folds(y, 10, 0)
    ref = sklearn_cv(X, y, fold, bins)
    stored = stored_outputs(NOTEBOOK, contains=marker)[0]
    for name, value in ref.items():
        assert number_after(name, stored) == float(f"{value:.6f}"), name  # tol: the same count ratios, rounded alike
    if which == "tumours":
        # the reading in the notebook
        assert ref["GDA (raw)"] > max(ref[f"NB, {k} bins"] for k in bins)
        assert min(ref[f"NB, {k} bins"] for k in (10, 20)) > ref["Gaussian NB (raw)"]
        gains = [round((ref[f"NB, {k} bins"] - ref["Gaussian NB (raw)"]) * len(y)) for k in (10, 20)]
        assert gains == [7, 10]   # "by about 7 and 10 of the 569 tumours"
    else:
        assert min(ref[f"NB, {k} bins"] for k in bins) > max(ref["GDA (raw)"], ref["Gaussian NB (raw)"]) + 0.2
        assert ref["NB, 3 bins"] > ref["NB, 5 bins"]   # "on the bumps 3 bins beat 5"


def test_binning_study_live_equals_stored_for_the_bumps():
    X, y = demo.make_bump_classes(m=600, seed=0)
    acc, _ = demo.cv_accuracies(X, y)
    assert demo.cv_text(acc) + "\n" == stored_outputs(NOTEBOOK, contains="acc_bumps, _ =")[0]


def test_stratified_folds_keep_the_class_shares():
    y = np.array([0] * 57 + [1] * 23)
    fold = demo.stratified_folds(y, 10, seed=0)
    for f in range(10):
        assert np.sum((fold == f) & (y == 0)) in (5, 6) and np.sum((fold == f) & (y == 1)) in (2, 3)
    np.testing.assert_array_equal(fold, demo.stratified_folds(y, 10, seed=0))


def test_quantile_bins_properties():
    rng = np.random.default_rng(1)
    X = np.column_stack([rng.exponential(size=500), np.r_[np.zeros(100), rng.normal(size=400)]])
    for k in (2, 5, 10):
        edges = demo.quantile_edges(X, k)
        B = demo.apply_bins(edges, X)
        for j in range(2):
            used = np.unique(B[:, j])
            np.testing.assert_array_equal(used, np.arange(len(edges[j]) + 1))  # no empty bin
            assert used.max() <= k - 1
            counts = np.bincount(B[:, j])
            if j == 0:  # continuous: bins of about m / k
                assert np.all(np.abs(counts - 500 / k) <= 2)
        # monotone: larger values never get a smaller code
        order = np.argsort(X[:, 0])
        assert np.all(np.diff(B[order, 0]) >= 0)
    with pytest.raises(ValueError, match="at least 2"):
        demo.quantile_edges(X, 1)
    with pytest.raises(ValueError, match="one column per set of edges"):
        demo.apply_bins(demo.quantile_edges(X, 3), X[:, :1])


def test_bump_classes_share_mean_and_variance():
    X, y = demo.make_bump_classes(m=200_000, seed=3)
    for k in (0, 1):
        Xk = X[y == k]
        # tol: a draw of 100,000 a class: four standard errors of the mean, sqrt(4.25 / m_k), and of the
        # variance, the standard deviation of the squared deviations over sqrt(m_k)
        np.testing.assert_array_less(np.abs(Xk.mean(axis=0)), 4 * np.sqrt(4.25 / len(Xk)))
        np.testing.assert_array_less(np.abs(Xk.var(axis=0) - 4.25),
                                     4 * ((Xk - Xk.mean(axis=0)) ** 2).std(axis=0) / np.sqrt(len(Xk)))
