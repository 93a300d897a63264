"""Notebook 06 (naive Bayes for text): every number it prints, checked independently.

The toy-corpus numbers are recomputed here from the raw messages with a regular
expression and exact fractions (not with genlearn.text or genlearn's models);
the real-corpus numbers with scikit-learn's naive Bayes on the count matrix. The
counting the notebook writes out in its cells is read from its stored outputs.
(Notebook 07, which reuses this filter, has tests/test_demo_calibration_and_costs.py.)

The real-data cells of the notebook (tagged ``sms-corpus``) are not compared
by nbval, because a fresh clone without the corpus falls back to an invented
demo corpus. Instead, the tests here assert that their *stored* outputs came
from the real corpus, equal scikit-learn's results, and equal what the demo
module prints today from GENLEARN_DATA and from the user cache alike.
"""
import math
import re
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy.special import logsumexp
from sklearn.naive_bayes import BernoulliNB as SkBernoulliNB
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB

from notebook_outputs import REAL_CORPUS_REPORT as REAL_FIRST_LINE
from notebook_outputs import number_after, sms_or_skip, stored_outputs
from tolerances import ROUNDING, half_unit

from genlearn.demos import naive_bayes_text as demo

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "06_naive_bayes_text.ipynb"


# ---------------------------------------------------------------------------
# Independent helpers
# ---------------------------------------------------------------------------

def tok(text):
    """The toy messages contain only letters and punctuation: words are runs of letters."""
    return re.findall(r"[a-z]+", text.lower())


def toy_counts(extra=()):
    texts = [t for _, t in demo.TOY_MESSAGES]
    y = np.array([lab for lab, _ in demo.TOY_MESSAGES])
    vocab = sorted({w for t in list(texts) + list(extra) for w in tok(t)})
    C = np.array([[tok(t).count(w) for w in vocab] for t in texts])
    return vocab, C, y


def exact_posterior(B, y, x, alpha=0):
    """p(spam | x) of the Bernoulli model, as a Fraction (None for 0/0)."""
    a = Fraction(alpha)
    joint = {}
    for k in (0, 1):
        rows = B[y == k] > 0
        n = len(rows)
        lik = Fraction(n, len(y))
        for j, on in enumerate(x):
            phi = (Fraction(int(rows[:, j].sum())) + a) / (n + 2 * a)
            lik *= phi if on else 1 - phi
        joint[k] = lik
    total = joint[0] + joint[1]
    return None if total == 0 else joint[1] / total


def stored_text(tag=None, contains=None):
    """Stored stdout of the notebook's cells with ``tag`` or containing ``contains``, one string per cell."""
    return stored_outputs(NOTEBOOK.name, tag=tag, contains=contains)


# ---------------------------------------------------------------------------
# Section 1: parameter counts
# ---------------------------------------------------------------------------

def test_parameter_counts_against_exact_integers():
    c = demo.parameter_counts(50_000)
    full = 2 ** 50_000 - 1
    assert c["full"] == full and c["naive"] == 100_001
    assert c["full_digits"] == math.floor(50_000 * math.log10(2)) + 1 == 15_052
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        s = str(full)
    finally:
        sys.set_int_max_str_digits(old)
    report = demo.parameter_report(50_000)
    assert f"{s[:8]}...{s[-8:]} (15,052 digits)" in report
    assert "2n + 1 = 100,001" in report
    assert demo.parameter_counts(3)["full"] == 7 and "2^n - 1 = 7 (1 digits)" in demo.parameter_report(3)


def test_parameter_counts_rejects_empty_vocabulary():
    with pytest.raises(ValueError, match="at least 1"):
        demo.parameter_counts(0)


# ---------------------------------------------------------------------------
# Section 2: the phi table and the step-by-step posterior
# ---------------------------------------------------------------------------

def test_toy_vocabulary_matches_an_independent_tokenizer():
    vocab, X, y = demo.toy_features()
    ref_vocab, C, ref_y = toy_counts()
    assert demo.words_of(vocab) == ref_vocab
    np.testing.assert_array_equal(X, (C > 0).astype(int))
    np.testing.assert_array_equal(y, ref_y)
    assert len(y) == 12 and y.sum() == 5


def test_phi_table_counts_and_fractions():
    """The table the notebook counts with numpy, against counts of the raw messages."""
    text = stored_text(contains="phi_spam, phi_ham, phi_y = N1 / m1")[0]
    ref_vocab, C, ref_y = toy_counts()
    assert "phi_y = p(spam) = 5/12 = 0.416667" in text
    lines = {ln.split()[0]: ln.split() for ln in text.splitlines()[2:]}
    assert sorted(lines) == ref_vocab
    for j, w in enumerate(ref_vocab):
        c1 = int((C[ref_y == 1, j] > 0).sum())
        c0 = int((C[ref_y == 0, j] > 0).sum())
        _, f1, v1, f0, v0 = lines[w]
        assert f1 == f"{c1}/5" and f0 == f"{c0}/7", w
        assert v1 == f"{c1 / 5:.6f}" and v0 == f"{c0 / 7:.6f}", w
    # spot values a reader can check on the messages themselves
    assert lines["now"][1:3] == ["4/5", "0.800000"]
    assert lines["you"][3:5] == ["6/7", "0.857143"]


def test_step_by_step_posterior_is_exact():
    """The posterior the notebook computes by hand, against exact fractions."""
    ref_vocab, C, ref_y = toy_counts()
    x = np.array([tok(demo.TOY_QUERY).count(w) > 0 for w in ref_vocab])
    post = exact_posterior(C, ref_y, x)
    text = stored_text(contains="def bernoulli_joint")[0]
    assert f"{float(post):.6f}" == "0.998863"
    assert f"p(spam | x) = {float(post):.6f}" in text
    assert "-> ['call', 'free', 'now', 'reply', 'win']" in text
    assert "1/5 * 3/5 * 4/5 * 2/5 * 2/5" in text and "2/7 * 2/7 * 1/7 * 1/7 * 1/7" in text
    B = C > 0
    for k, name in ((1, "spam"), (0, "ham")):
        rows, n = B[ref_y == k], int(np.sum(ref_y == k))
        absent = math.prod(1 - Fraction(int(rows[:, j].sum()), n) for j in range(len(ref_vocab)) if not x[j])
        joint = Fraction(n, 12) * absent * math.prod(Fraction(int(rows[:, j].sum()), n)
                                                     for j in range(len(ref_vocab)) if x[j])
        assert f"absent words {float(absent):.6g}" in text.split(f"{name:<4}: ")[1].splitlines()[0], name
        assert f"p(x, {name}) = {float(joint):.6g}" in text, name


# ---------------------------------------------------------------------------
# Section 3: 0/0 and Laplace smoothing
# ---------------------------------------------------------------------------

def test_unseen_word_gives_zero_over_zero():
    ref_vocab, C, ref_y = toy_counts([demo.UNSEEN_QUERY])
    j = ref_vocab.index(demo.UNSEEN_WORD)
    assert C[:, j].sum() == 0  # no training message has the word
    x = np.array([tok(demo.UNSEEN_QUERY).count(w) > 0 for w in ref_vocab])
    assert exact_posterior(C, ref_y, x) is None
    text = stored_text(contains='print(demo.UNSEEN_QUERY, "->"')[0]
    assert "-> ['bonus', 'free', 'now']" in text
    assert "phi_bonus|spam = 0/5, phi_bonus|ham = 0/7" in text
    assert "p(x, spam) = 0.0, p(x, ham) = 0.0: p(spam | x) = 0/0, undefined" in text


def test_laplace_posterior_exact_and_against_sklearn():
    ref_vocab, C, ref_y = toy_counts([demo.UNSEEN_QUERY])
    x = np.array([tok(demo.UNSEEN_QUERY).count(w) > 0 for w in ref_vocab])
    post = exact_posterior(C, ref_y, x, alpha=1)
    sk = SkBernoulliNB(alpha=1.0).fit(C > 0, ref_y).predict_proba([x])[0, 1]
    assert float(post) == pytest.approx(sk, rel=ROUNDING)
    text = stored_text(contains="phi1_spam, phi1_ham =")[0]
    assert f"by hand:  p(spam | x) = {float(post):.6f}" in text and f"{float(post):.6f}" == "0.931720"
    # "bonus" gets 1/7 in spam and 1/9 in ham
    assert (f"phi_bonus|spam = (0 + 1)/(5 + 2) = {1 / 7:.6f}   phi_bonus|ham = (0 + 1)/(7 + 2) = {1 / 9:.6f}"
            in text)


# ---------------------------------------------------------------------------
# Section 4: underflow
# ---------------------------------------------------------------------------

def test_underflow_against_sklearn_joint_log_probabilities():
    ref_vocab, C, ref_y = toy_counts()
    sk = SkMultinomialNB(alpha=1.0).fit(C, ref_y)
    msg = demo.long_message(400)
    counts = np.array([[tok(msg).count(w) for w in ref_vocab]])
    assert counts.sum() == 2000
    jll = sk.predict_joint_log_proba(counts)[0]  # columns ham, spam
    # the demo module's function (the figure and exercise 3 use it)
    vocab, Cd, y = demo.toy_features(binary=False)
    import genlearn
    mnb = genlearn.MultinomialNB(alpha=1).fit(Cd, y)
    r = demo.underflow_demo(mnb, vocab, msg)
    assert r["n_words"] == 2000
    assert np.all(r["plain"] == 0.0) and np.isnan(r["plain_posterior"])  # tol: exact: underflow to 0
    np.testing.assert_allclose(r["log"], [jll[1], jll[0]], rtol=ROUNDING)
    log10_ham = (jll[0] - logsumexp(jll)) / np.log(10)
    assert r["log10_ham_posterior"] == pytest.approx(log10_ham, rel=ROUNDING)
    # the notebook's cells: the products and sums written out, then log-sum-exp by hand
    stored = stored_text(contains="plain = mnb.phi_y_")[0]
    assert stored.splitlines() == ["a message of 2000 words", "plain product: p(x, spam) = 0, p(x, ham) = 0",
                                   f"log space:     log p(x, spam) = {jll[1]:.6f}, log p(x, ham) = {jll[0]:.6f}"]
    stored = stored_text(contains="log_ham_post")[0]
    assert stored.strip() == f"log10 p(ham | x) = {log10_ham:.6f}"


def test_underflow_figure_marks_where_both_products_vanish():
    vocab, Cd, y = demo.toy_features(binary=False)
    import genlearn
    mnb = genlearn.MultinomialNB(alpha=1).fit(Cd, y)
    ref_vocab, C, ref_y = toy_counts()
    sk = SkMultinomialNB(alpha=1.0).fit(C, ref_y)
    per_copy = np.array([[tok(demo.TOY_QUERY).count(w) for w in ref_vocab]])
    # first r with both exp(joint) == 0.0 in float64
    first = next(r for r in range(1, 201)
                 if np.all(np.exp(sk.predict_joint_log_proba(r * per_copy)[0]) == 0.0))  # tol: exact: underflow to 0
    fig = demo.underflow_figure(mnb, vocab, max_repeats=200)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert any(f"from {5 * first} words" in t for t in texts), texts


# ---------------------------------------------------------------------------
# Section 5: multinomial model
# ---------------------------------------------------------------------------

def test_multinomial_table_is_plus_one_plus_V():
    ref_vocab, C, ref_y = toy_counts()
    V = len(ref_vocab)
    tot1, tot0 = C[ref_y == 1].sum(), C[ref_y == 0].sum()
    text = stored_text(contains="occ_spam, occ_ham =")[0]
    assert f"|V| = {V}; words in spam messages: {tot1}, in ham messages: {tot0}" in text
    sk = SkMultinomialNB(alpha=1.0).fit(C, ref_y)
    for w in ["free", "now", "you", "lunch"]:
        j = ref_vocab.index(w)
        c1, c0 = C[ref_y == 1, j].sum(), C[ref_y == 0, j].sum()
        line = next(ln for ln in text.splitlines() if ln.startswith(w + " "))
        assert f"({c1}+1)/({tot1}+{V})" in line and f"({c0}+1)/({tot0}+{V})" in line
        v1, v0 = (c1 + 1) / (tot1 + V), (c0 + 1) / (tot0 + V)
        assert line.split()[2::2] == [f"{v1:.6f}", f"{v0:.6f}"]
        np.testing.assert_allclose(np.exp(sk.feature_log_prob_[:, j]), [v0, v1], rtol=ROUNDING)


def test_repetition_against_sklearn():
    fig, rep = demo.repetition_figure("free", max_repeats=10)
    ref_vocab, C, ref_y = toy_counts()
    skb = SkBernoulliNB(alpha=1.0).fit(C > 0, ref_y)
    skm = SkMultinomialNB(alpha=1.0).fit(C, ref_y)
    for r, pb, pm in zip(rep["r"], rep["bernoulli"], rep["multinomial"]):
        x = np.array([[tok(" ".join(["free"] * r)).count(w) for w in ref_vocab]])
        assert pb == pytest.approx(skb.predict_proba(x > 0)[0, 1], rel=ROUNDING)
        assert pm == pytest.approx(skm.predict_proba(x)[0, 1], rel=ROUNDING)
    assert np.ptp(rep["bernoulli"]) < 1e-12 and np.all(np.diff(rep["multinomial"]) > 0)
    stored = stored_text(contains="print(f'\"free\" x")[0]
    assert '"free" x 10:  Bernoulli 0.548113   multinomial 0.991606' in stored
    assert f"{rep['multinomial'][9]:.6f}" == "0.991606"


# ---------------------------------------------------------------------------
# Section 6: the real corpus
# ---------------------------------------------------------------------------

def use_empty_user_cache(tmp_path, monkeypatch):
    """Point the user cache (pooch.os_cache, i.e. $XDG_CACHE_HOME on Linux) at tmp_path."""
    import pooch
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cache = Path(pooch.os_cache("genlearn"))
    if tmp_path not in cache.parents:
        pytest.skip(f"the user cache ({cache}) does not follow XDG_CACHE_HOME on this platform")
    return cache


def stored_real_report():
    reports = stored_text(tag="sms-corpus")
    assert len(reports) == 2, "expected two cells tagged sms-corpus (report, confusion)"
    return reports


def test_stored_real_data_outputs_came_from_the_real_corpus():
    """Needs no corpus: the committed notebook must show real-corpus results."""
    report, confusion = stored_real_report()
    assert report.splitlines()[0] == REAL_FIRST_LINE, (
        "the stored sms-corpus outputs were not produced by the SMS Spam Collection; "
        "re-execute the notebook with GENLEARN_DATA set")
    assert "training: 4,459 messages; test: 1,115 messages" in report
    assert "INVENTED" not in report and "ham" in confusion


def test_a_demo_corpus_report_would_be_rejected(tmp_path, monkeypatch):
    """The fallback is visible and can never pass for real-corpus output."""
    monkeypatch.setenv("GENLEARN_DATA", str(tmp_path / "empty"))
    use_empty_user_cache(tmp_path, monkeypatch)
    corpus = demo.load_corpus(download=False)
    assert not corpus.is_real and "INVENTED" in corpus.note and "Falling back" in corpus.note
    report = demo.spam_report(demo.train_spam_filters(corpus))
    assert report.splitlines()[0] != REAL_FIRST_LINE
    assert report.splitlines()[0].startswith("corpus: INVENTED demo corpus")


def sklearn_reference(texts, y):
    """Accuracies, confusion matrices and top-5 words from scikit-learn on genlearn's counts."""
    from genlearn.text import Vocabulary
    n = demo.N_TRAIN_REAL
    vocab = Vocabulary().fit(texts[:n])
    C_tr, C_te = vocab.transform(texts[:n]), vocab.transform(texts[n:])
    y_tr, y_te = y[:n], y[n:]
    out = {"vocab_size": len(vocab.words_)}
    for name, model in (("multinomial", SkMultinomialNB(alpha=1.0)),
                        ("bernoulli", SkBernoulliNB(alpha=1.0))):
        pred = model.fit(C_tr, y_tr).predict(C_te)
        out[name] = float(np.mean(pred == y_te))
        cm = np.zeros((2, 2), int)
        for t, p in zip(y_te, pred):
            cm[t, p] += 1
        out[name + "_cm"] = cm
        if name == "multinomial":
            ratio = model.feature_log_prob_[1] - model.feature_log_prob_[0]
            words = np.array(vocab.words_)
            order = np.lexsort((words, -ratio))[:5]
            out["top"] = [str(w) for w in words[order]]
    return out


def test_real_numbers_against_sklearn():
    texts, y = sms_or_skip()
    assert len(texts) == 5574 and int(y.sum()) == 747
    ref = sklearn_reference(list(texts), np.asarray(y))
    assert ref["multinomial"] >= 0.975  # the floor for this split
    report, confusion = stored_real_report()
    # tol: accuracies are counts: the same float, rounded to 6 decimals alike
    assert number_after("multinomial naive Bayes", report) == float(f"{ref['multinomial']:.6f}")
    assert number_after("Bernoulli naive Bayes", report) == float(f"{ref['bernoulli']:.6f}")
    assert f"most indicative spam words: {', '.join(ref['top'])}" in report
    assert f"vocabulary: {ref['vocab_size']:,} words" in report
    for name in ("multinomial", "bernoulli"):
        cm = ref[name + "_cm"]
        block = confusion.split(name.capitalize() + ":")[1]
        rows = [ln.split() for ln in block.splitlines()[2:4]]
        assert rows[0] == ["ham", str(cm[0, 0]), str(cm[0, 1])]
        assert rows[1] == ["spam", str(cm[1, 0]), str(cm[1, 1])]


def test_real_outputs_identical_from_genlearn_data_and_from_cache(tmp_path, monkeypatch):
    texts, y = sms_or_skip()
    stored_report, stored_confusion = stored_real_report()

    def current():
        corpus = demo.load_corpus(download=False)
        assert corpus.is_real
        res = demo.train_spam_filters(corpus)
        return demo.spam_report(res) + "\n", demo.confusion_text(res) + "\n"

    # 1. from GENLEARN_DATA, wherever it points
    via_env = current()
    # 2. from the user cache only: copy the file there and hide GENLEARN_DATA
    import os
    source = Path(os.environ.get("GENLEARN_DATA", "")) / "SMSSpamCollection"
    if not source.is_file():
        pytest.skip("the corpus was not found through GENLEARN_DATA, so the two sources "
                    "cannot be compared here")
    cache = use_empty_user_cache(tmp_path, monkeypatch)
    cache.mkdir(parents=True)
    shutil.copy(source, cache / "SMSSpamCollection")
    monkeypatch.delenv("GENLEARN_DATA")
    via_cache = current()
    assert via_env == via_cache
    assert via_env == (stored_report, stored_confusion), (
        "the notebook's stored real-corpus outputs differ from what the code prints now: "
        "re-execute notebooks/06_naive_bayes_text.ipynb with GENLEARN_DATA set")


def test_misclassified_on_the_real_corpus():
    sms_or_skip()
    res = demo.train_spam_filters(demo.load_corpus(download=False))
    rows = demo.misclassified(res, n=3)
    y_te, p = res.corpus.y[res.test], res.proba["multinomial"]
    n_fp = int(np.sum((y_te == 0) & (p > 0.5)))
    n_fn = int(np.sum((y_te == 1) & (p <= 0.5)))
    assert len(rows) == min(3, n_fp) + min(3, n_fn)
    fps = [r for r in rows if r[0] == "ham flagged as spam"]
    assert all(pp > 0.5 for _, pp, _ in fps)
    assert [pp for _, pp, _ in fps] == sorted([pp for _, pp, _ in fps], reverse=True)


def test_citation_matches_the_corpus_readme():
    readme = ROOT.parent / "shared" / "data" / "sms_spam" / "readme"
    if not readme.is_file():
        pytest.skip(f"corpus readme not found at {readme}")
    text = readme.read_text(encoding="latin-1")
    assert "Almeida, T.A." in text and "Contributions to the study of SMS Spam Filtering" in text
    assert "http://www.dt.fee.unicamp.br/~tiago/smsspamcollection/" in text
    assert "Almeida, T.A." in demo.CITATION and "smsspamcollection" in demo.CITATION
    assert "DOCENG'11" in demo.CITATION


# ---------------------------------------------------------------------------
# The checked cells, the derivations and the explorers
# ---------------------------------------------------------------------------

def test_stored_library_check_cells_against_fractions():
    """The checked cells that print genlearn's own estimates, against counts."""
    ref_vocab, C, ref_y = toy_counts()
    B = C > 0
    phi_cell = stored_text(contains="nb0 = genlearn.BernoulliNB(alpha=0)")[0]
    assert "phi_y: [0.583333 0.416667]" in phi_cell  # 7/12, 5/12
    for w in ["free", "now", "you"]:
        j = ref_vocab.index(w)
        h, s = B[ref_y == 0, j].sum() / 7, B[ref_y == 1, j].sum() / 5
        assert f"{w:<5} phi_j|ham = {h:.6f}   phi_j|spam = {s:.6f}" in phi_cell
    x = np.array([tok(demo.TOY_QUERY).count(w) > 0 for w in ref_vocab])
    post_cell = stored_text(contains="nb0.predict_proba([x_query])")[0]
    assert post_cell.strip() == f"{float(exact_posterior(C, ref_y, x)):.6f}"
    ref2, C2, y2 = toy_counts([demo.UNSEEN_QUERY])
    x2 = np.array([tok(demo.UNSEEN_QUERY).count(w) > 0 for w in ref2])
    laplace_cell = stored_text(contains="alpha=1).fit(X2, y2)")[0]
    assert f"genlearn: {float(exact_posterior(C2, y2, x2, alpha=1)):.6f}" in laplace_cell
    V, tot = len(ref_vocab), {k: C[ref_y == k].sum() for k in (0, 1)}
    mult_cell = stored_text(contains="mnb.phi_[:, vocab_c.vocabulary_[w]]")[0]
    for w, line in zip(["free", "now", "you", "lunch"], mult_cell.splitlines()):
        j = ref_vocab.index(w)
        vals = [(C[ref_y == k, j].sum() + 1) / (tot[k] + V) for k in (0, 1)]
        assert line.split()[0] == w
        assert [float(v) for v in re.findall(r"[0-9.]+", line)] == [round(v, 6) for v in vals]
    nan_cell = stored_text(contains="caught[0].category")[0]
    assert nan_cell.startswith("[[nan nan]]") and "'bonus'" in nan_cell
    assert "/work/" not in nan_cell  # no machine paths in stored outputs


def test_stored_independence_tables_against_enumeration():
    """Oracle: the two joint distributions enumerated with exact fractions."""
    from itertools import product

    def bern(p, x):
        return p if x else 1 - p

    q = {0: Fraction(1, 10), 1: Fraction(4, 5)}
    topic = {(c, a, b): Fraction(1, 2) * bern(q[c], a) * bern(q[c], b)
             for c, a, b in product((0, 1), repeat=3)}
    xor = {(c, a, b): Fraction(1, 4) if c == a ^ b else Fraction(0)
           for c, a, b in product((0, 1), repeat=3)}
    stored = stored_text(contains="independence_report(topic)")[0]
    blocks = stored.split("XOR:")
    for J, block in zip((topic, xor), blocks):
        p11 = sum(v for (c, a, b), v in J.items() if a == b == 1)
        p1_ = sum(v for (c, a, b), v in J.items() if a == 1)
        p_1 = sum(v for (c, a, b), v in J.items() if b == 1)
        assert f"p(x1=1, x2=1) = {float(p11):.4f}   p(x1=1) p(x2=1) = {float(p1_ * p_1):.4f}" in block
        for c in (0, 1):
            py = sum(v for (cc, a, b), v in J.items() if cc == c)
            c11 = J[(c, 1, 1)] / py
            c1_ = (J[(c, 1, 0)] + J[(c, 1, 1)]) / py
            c_1 = (J[(c, 0, 1)] + J[(c, 1, 1)]) / py
            assert (f"y={c}: p(x1=1, x2=1 | y) = {float(c11):.4f}   "
                    f"p(x1=1 | y) p(x2=1 | y) = {float(c1_ * c_1):.4f}") in block
    assert "0.3250" in blocks[0] and "0.2025" in blocks[0]  # dependent, yet independent given y


def test_stored_laplace_posterior_mean():
    """Oracle: Beta(1, 6) has mean 1/7; the MLE of 0 of 5 is 0 (exact fractions)."""
    stored = stored_text(contains="integrate.quad")[0]
    assert re.search(r"maximum likelihood c/N\s+= 0\.000000", stored)
    for label in ("posterior mean, integrated", "Laplace (c + 1) / (N + 2)",
                  "scipy Beta(c + 1, N - c + 1) mean"):
        # tol: printed with 6 decimals; quad, the closed form and scipy agree to rounding
        assert number_after(label, stored.replace("= ", "")) == pytest.approx(float(Fraction(1, 7)),
                                                                               abs=half_unit(6))




def test_stored_buy_and_price_conditional_independence():
    """Issue 57: the notes' "buy" (word 2087) and "price" (word 39831), read on the topic table.
    Oracle: exact fractions; given y, p(buy | y, price) = p(buy | y) = 1/10 and 4/5; without y,
    p(buy) = 9/20 but p(buy | price) = (13/40) / (9/20) = 13/18."""
    stored = stored_text(contains="p_buy_y = topic")[0]
    for c, p in ((0, Fraction(1, 10)), (1, Fraction(4, 5))):
        assert f"y={c}: p(x_2087=1 | y) = {float(p):.4f}   p(x_2087=1 | y, x_39831=1) = {float(p):.4f}" in stored
    p_buy = Fraction(1, 2) * Fraction(1, 10) + Fraction(1, 2) * Fraction(4, 5)
    both = Fraction(1, 2) * Fraction(1, 100) + Fraction(1, 2) * Fraction(16, 25)
    assert p_buy == Fraction(9, 20) and both / p_buy == Fraction(13, 18)
    assert f"no y: p(x_2087=1) = {float(p_buy):.4f}   p(x_2087=1 | x_39831=1) = {float(both / p_buy):.4f}" in stored


def test_stored_zero_count_posteriors_zero_and_zero_over_zero():
    """Oracle: exact Bernoulli posteriors of the toy corpus (alpha = 0): "lunch" is never in spam, "cash"
    never in ham, so "Lunch now" gets exactly 0 and "Cash for lunch" 0/0 (no value)."""
    ref_vocab, C, ref_y = toy_counts()
    x_of = lambda t: np.array([w in tok(t) for w in ref_vocab])
    assert exact_posterior(C, ref_y, x_of("Lunch now")) == 0
    assert exact_posterior(C, ref_y, x_of("Cash for lunch")) is None
    stored = stored_text(contains="post_lunch = nb0.predict_proba")[0]
    assert 'p(spam | "Lunch now") = 0.0   p(spam | "Cash for lunch") = nan, i.e. 0/0' in stored


def test_stored_text_naive_bayes_is_linear_in_the_counts():
    """Oracle: exact fractions of the toy corpus with alpha = 1: phi_free|spam = (3 + 1) / (23 + 29) = 1/13,
    phi_free|ham = (2 + 1) / (36 + 29) = 3/65, so every extra "free" adds log(5/3) to the log-odds."""
    vocab, C, y = toy_counts()
    k = vocab.index("free")
    spam, ham = Fraction(int(C[y == 1, k].sum()) + 1, int(C[y == 1].sum()) + len(vocab)), \
        Fraction(int(C[y == 0, k].sum()) + 1, int(C[y == 0].sum()) + len(vocab))
    assert (spam, ham, spam / ham) == (Fraction(1, 13), Fraction(3, 65), Fraction(5, 3))
    stored = stored_text(contains="w_m, b_m = np.log")[0]
    got = [float(v) for v in re.findall(r"\d+\.\d+", stored)]
    # tol: printed to 6 decimals, so half a unit of the last place, 5e-7
    assert got == pytest.approx([float(spam), float(ham), math.log(5 / 3), math.log(5 / 3), math.log(5 / 3)],
                                abs=5e-7)
    assert "log-odds on all 12 messages" in stored
