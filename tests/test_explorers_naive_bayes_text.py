"""genlearn.explorers.naive_bayes_text: the lesson's explorers against their numpy twin and independent
oracles, each test stating its own. The lesson's figures and tables: tests/test_demo_naive_bayes_text.py."""
import re

import numpy as np
import pytest
from sklearn.naive_bayes import BernoulliNB as SkBernoulliNB
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB

from notebook_outputs import sms_or_skip
from tolerances import ROUNDING

from genlearn.demos import naive_bayes_text as demo
from genlearn.explorers import naive_bayes_text as ex_demo
from test_demo_naive_bayes_text import NOTEBOOK, exact_posterior, tok, toy_counts


def test_laplace_explorer_against_sklearn_and_fractions():
    """The alpha explorer's twin: phi, the posterior and the curve equal scikit-learn's
    BernoulliNB and exact fractions; alpha = 0 is the 0/0 case; every slider end is valid."""
    ref_vocab, C, ref_y = toy_counts([demo.UNSEEN_QUERY])
    x = np.array([tok(demo.UNSEEN_QUERY).count(w) > 0 for w in ref_vocab])
    ex = ex_demo.LaplaceExplorer(alpha=1.0)
    assert ex.data["words"] == ref_vocab and ex.data["x"] == x.astype(int).tolist()
    st = ex.expected_state()
    assert st["params"] == {"alpha": 1.0}
    assert st["posterior"] == pytest.approx(float(exact_posterior(C, ref_y, x, alpha=1)), rel=ROUNDING)
    sk = SkBernoulliNB(alpha=1.0).fit(C > 0, ref_y)
    assert np.allclose(st["phi"]["spam"], np.exp(sk.feature_log_prob_[1]), rtol=ROUNDING)
    assert np.allclose(st["phi"]["ham"], np.exp(sk.feature_log_prob_[0]), rtol=ROUNDING)
    assert st["readouts"] == ["α = 1.00", "φ(bonus | spam) = (0 + 1.00) / (5 + 2.00) = 0.1429",
                              "φ(bonus | ham) = (0 + 1.00) / (7 + 2.00) = 0.1111", "p(spam | x) = 0.9317 → spam"]
    assert len(st["curve"]) == 100 and demo.ALPHA_GRID[0] > 0
    for a, p in list(zip(demo.ALPHA_GRID, st["curve"]))[::20]:
        ref = SkBernoulliNB(alpha=a, force_alpha=True).fit(C > 0, ref_y).predict_proba([x])[0, 1]
        # tol: scikit-learn's Bernoulli naive Bayes on the same counts: rounding, relative, of log-probabilities summed
        # over the vocabulary
        assert p == pytest.approx(ref, rel=1e-9)
    lo, hi = 0.0, demo.ALPHA_MAX
    ex.alpha = lo
    st0 = ex.expected_state()
    assert st0["posterior"] is None and "0/0" in st0["readouts"][-1]
    ex.alpha = hi
    assert ex.expected_state()["posterior"] == pytest.approx(float(exact_posterior(C, ref_y, x, alpha=5)), rel=ROUNDING)
    for bad in (-0.05, hi + 0.01):
        with pytest.raises(ValueError, match=r"outside the slider range \[0.0, 5.0\]"):
            ex.alpha = bad
    with pytest.raises(ValueError, match="unknown parameter"):
        ex_demo.LaplaceExplorer(beta=1)
    assert ex_demo.LaplaceExplorer(**st["params"]).expected_state() == st
    assert ex_demo.LaplaceExplorer(alpha=0.0).static_figure() is not None


TRICKY = ["", "   ", "\t\n", "Don't WIN £1000 now!! Call 0800-123, u r a winner", "ÉCOLE café naïve",
          "İstanbul ΟΔΟΣ", "snake_case rock'n'roll ''quoted'' o'", "e\u0301 ١٢٣ ²³ ½ 🙂", "...!!!"]


def test_message_explorer_on_the_real_corpus():
    """The message box's twin: tokens from genlearn.text.tokenize (checked against an
    independent per-character rule), p(spam) equal to scikit-learn's MultinomialNB on
    the same counts, log space for long messages, a bounded summary, and the cases of
    issue 14 (no missing separator, "no words" for spaces only)."""
    import unicodedata

    sms_or_skip()
    res = demo.train_spam_filters(demo.load_corpus(download=False))
    ex = ex_demo.MessageExplorer(res.multinomial, res.vocab)
    C_tr = res.vocab.transform([res.corpus.texts[i] for i in res.train])
    sk = SkMultinomialNB(alpha=1.0).fit(C_tr, res.corpus.y[res.train])
    st = ex.expected_state()
    assert st["params"] == {"message": ex_demo.DEFAULT_MESSAGE}
    assert st["readouts"][1] == "p(spam | message) = 1.0000 → spam (multinomial naive Bayes)"

    def letter_or_number(ch):
        return unicodedata.category(ch)[0] in "LN"

    for m in TRICKY + ["zzzqx now", "see you at lunch"]:
        ex.message = m
        st = ex.expected_state()
        ref = [t for t in re.split(r"[^\w']|_", m.lower()) if t]   # independent: split, then trim apostrophes
        ref = [w for t in ref for w in re.split(r"'{2,}", t) if w]
        ref = [w.strip("'") for w in ref if w.strip("'")]
        assert all(letter_or_number(ch) or ch == "'" for t in st["tokens"] for ch in t)
        assert st["tokens"] == ref, m
        C = res.vocab.transform([m])
        # tol: as above
        assert st["p_spam"] == pytest.approx(sk.predict_proba(C)[0, 1], rel=1e-9)
        # tol: the same log-joints subtracted: rounding of terms up to ~100
        assert st["log_joint"]["spam"] - st["log_joint"]["ham"] == pytest.approx(st["log_odds"], rel=1e-9, abs=1e-9)
        assert all(line.strip() for line in st["readouts"])
    for empty in ("", "   ", "...!!!"):
        ex.message = empty
        lines = ex.expected_state()["readouts"]
        prior = np.mean(res.corpus.y[res.train] == 1)
        assert lines[0].startswith("no words") and f"prior p(spam) = {prior:.4f}" in lines[2]
    ex.message = "zzzqx now"
    lines = ex.expected_state()["readouts"]
    assert lines[0] == "2 words: 1 in the vocabulary, 1 not (ignored)"
    assert lines[-1] == "not in the vocabulary: zzzqx"
    ex.message = "see you at lunch"
    assert "→ ham" in ex.expected_state()["readouts"][1]
    # a 2,100-word message: a bounded summary, a finite log-odds (the plain product underflows)
    ex.message = demo.long_message(420) + " " + " ".join(f"qq{i}" for i in range(50))
    st = ex.expected_state()
    assert st["n_tokens"] == 2150 and len(st["tokens"]) == ex_demo.N_TOKENS_PUBLISHED
    # tol: exact: the probability rounds to 1 at log-odds > 37
    assert np.isfinite(st["log_odds"]) and st["log_odds"] > 700 and st["p_spam"] == 1.0
    assert len(st["readouts"]) <= 6 and sum(map(len, st["readouts"])) < 600
    assert st["readouts"][-1].endswith("and 44 more")
    assert [w for w, _, _ in st["top"]["spam"]] == ["win", "free", "reply", "call"]
    # limits and bad input
    with pytest.raises(ValueError, match="at most 50,000"):
        ex.message = "a" * (ex_demo.MESSAGE_MAX_CHARS + 1)
    with pytest.raises(ValueError, match="fitted genlearn.MultinomialNB"):
        ex_demo.MessageExplorer(res.bernoulli, res.vocab)
    # what the page gets once: counts, a few hundred kB at most
    import json
    size = len(json.dumps(ex.data))
    assert size < 200_000, size
    assert ex.static_figure() is not None


def test_message_explorer_state_size_without_the_corpus():
    """Without the SMS corpus (a fresh clone): the explorer works on the demo corpus too."""
    res = demo.train_spam_filters(demo.Corpus(*demo.datasets.load_demo_sms(), False, demo.DEMO_NAME))
    ex = ex_demo.MessageExplorer(res.multinomial, res.vocab, message="free prize")
    st = ex.expected_state()
    assert st["tokens"] == ["free", "prize"] and 0 <= st["p_spam"] <= 1


def test_notebook_stores_the_current_explorer():
    """Both explorers' saved widget state (shown without a kernel and in static exports)
    holds the current JavaScript and the default parameters, and stays small. After
    changing an explorer, run
    `python -m genlearn.course.export --store-state notebooks/06_naive_bayes_text.ipynb`."""
    import json

    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    models = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    anys = {m["state"]["view"]: m["state"] for m in models.values()   # the explorers (not the lesson's questions)
            if m["model_name"] == "AnyModel" and "view" in m["state"]}
    assert sorted(anys) == ["laplace", "message"]
    lap = ex_demo.LaplaceExplorer(alpha=1.0)
    for traits in anys.values():
        assert traits["_esm"] == lap._esm, "stale explorer JavaScript in the notebook: re-run --store-state"
    assert anys["laplace"]["alpha"] == 1.0 and anys["laplace"]["data"] == lap.data  # tol: exact: the value given
    assert anys["message"]["message"] == ex_demo.DEFAULT_MESSAGE
    assert len(json.dumps(anys["message"]["data"])) < 150_000   # counts as strings, not 16,000 JSON lines
    # the whole widget state stays small (the notebook's size is mostly its 2x PNG figures): beside each
    # widget's copy of its JavaScript and stylesheet (the explorers' and the lesson's questions'), the data
    code = sum(len(json.dumps(m["state"].get(k, ""))) for m in models.values() for k in ("_esm", "_css"))
    assert len(json.dumps(nb["metadata"]["widgets"])) - code < 150_000
