"""Naive Bayes against scikit-learn, the stolen-car numbers of the notes, and
exact fractions; the 0/0 problem; underflow; API compatibility."""
import pickle
import warnings
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import naive_bayes as sk
from sklearn.base import clone
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer

from tolerances import ROUNDING

from genlearn import BernoulliNB, CategoricalNB, MultinomialNB, NotFittedError, m_estimate
from genlearn.datasets import stolen_cars
from genlearn.naive_bayes import ZeroProbabilityWarning

# tol: the same smoothed counts, logs and log-sum-exp as scikit-learn in another order: rounding only, with room
# for log-probabilities summed over many features
TOL = dict(rtol=1e-10, atol=1e-10)


def counts_data(seed=0, m=60, n=12, K=2):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, K, size=m)
    rates = rng.uniform(0.1, 3.0, size=(K, n))
    X = rng.poisson(rates[y]).astype(float)
    return X, y


# -- m_estimate ------------------------------------------------------------------

def test_m_estimate_formula_and_exact_fractions():
    assert m_estimate(3, 5, 0.5, 3) == 0.5625  # tol: exact: dyadic fractions (9/16), every step exact in binary
    assert m_estimate(3, 5, Fraction(1, 2), 3) == Fraction(9, 16)
    assert m_estimate(1, 5, Fraction(1, 2), 3) == Fraction(5, 16)
    assert m_estimate(2, 5, Fraction(1, 2), 3) == Fraction(7, 16)
    # tol: exact: one correctly rounded division, as the literal
    assert m_estimate(3, 5, 0.5, 0) == 0.6  # m = 0: relative frequency
    # p = 1/k with m = k is add-one smoothing: (n_c + 1) / (n + k)
    assert m_estimate(Fraction(2), 7, Fraction(1, 4), 4) == Fraction(3, 11)
    out = m_estimate(np.array([0, 1, 2]), 2, 0.5, 2)
    np.testing.assert_allclose(out, [0.25, 0.5, 0.75])  # tol: exact: dyadic fractions


@pytest.mark.parametrize("args, match", [
    ((6, 5, 0.5, 3), "cannot exceed"),
    ((-1, 5, 0.5, 3), ">= 0"),
    ((1, 5, 1.5, 3), r"\[0, 1\]"),
    ((1, 5, 0.5, -1), "m .* >= 0"),
    ((0, 0, 0.5, 0), "0/0"),
    ((np.nan, 5, 0.5, 1), "finite"),
])
def test_m_estimate_bad_input(args, match):
    with pytest.raises(ValueError, match=match):
        m_estimate(*args)


# -- the stolen-car example ----------------------------------------------------------

QUERY = [["Red", "SUV", "Domestic"]]


@pytest.fixture
def cars_model():
    X, y = stolen_cars()
    return CategoricalNB(m=3, p=0.5).fit(X, y, feature_names=["Color", "Type", "Origin"])


def test_stolen_car_conditionals_match_the_notes(cars_model):
    model = cars_model
    assert model.classes_.tolist() == ["No", "Yes"]
    no, yes = 0, 1

    def cond(attr, value, cls):
        j = ["Color", "Type", "Origin"].index(attr)
        v = model.categories_[j].tolist().index(value)
        return model.phi_[j][cls, v]

    # the notes round these to .56, .31, .43 / .43, .56, .56; exact values:
    # tol: exact: sixteenths, every step of the m-estimate exact in binary
    assert cond("Color", "Red", yes) == 0.5625
    assert cond("Type", "SUV", yes) == 0.3125
    # tol: exact: sixteenths
    assert cond("Origin", "Domestic", yes) == 0.4375
    assert cond("Color", "Red", no) == 0.4375
    assert cond("Type", "SUV", no) == 0.5625  # tol: exact: sixteenths
    assert cond("Origin", "Domestic", no) == 0.5625  # tol: exact: sixteenths
    np.testing.assert_array_equal(model.phi_y_, [0.5, 0.5])
    np.testing.assert_array_equal(model.m_, [3.0, 3.0, 3.0])
    for table in model.phi_:
        # tol: a sum of three probabilities: a few ulps of 1
        np.testing.assert_allclose(table.sum(axis=1), 1.0, rtol=0, atol=1e-15)


def test_stolen_car_joint_scores_decision_and_posterior(cars_model):
    # Independent: exact rational arithmetic from the counts of the notes.
    half = Fraction(1, 2)
    yes = half * m_frac(3, 5) * m_frac(1, 5) * m_frac(2, 5)
    no = half * m_frac(2, 5) * m_frac(3, 5) * m_frac(3, 5)
    assert yes == Fraction(315, 8192) and no == Fraction(567, 8192)
    assert yes / (yes + no) == Fraction(5, 14)

    joint = np.exp(cars_model.predict_joint_log_proba(QUERY))[0]
    # tol: exp of a sum of four logs of size ~10: a few ulps each, 1e-14 relative
    np.testing.assert_allclose(joint, [567 / 8192, 315 / 8192], rtol=1e-14)
    assert cars_model.predict(QUERY).tolist() == ["No"]
    # tol: exp of a sum of logs, as above
    np.testing.assert_allclose(cars_model.predict_proba(QUERY)[0], [9 / 14, 5 / 14],
                               rtol=1e-14)


def m_frac(n_c, n, p=Fraction(1, 2), m=3):
    return (n_c + m * p) / (n + m)


def test_categorical_default_and_p_forms_agree():
    X, y = stolen_cars()
    a = CategoricalNB(m=None).fit(X, y)            # m = k = 2, p = 1/2
    b = CategoricalNB(m=2, p=0.5).fit(X, y)
    c = CategoricalNB(m=[2, 2, 2], p=[None, 0.5, {"Domestic": 0.5, "Imported": 0.5}]).fit(X, y)
    for other in (b, c):
        for ta, tb in zip(a.phi_, other.phi_):
            np.testing.assert_array_equal(ta, tb)


def test_categorical_p_dict_is_used():
    X, y = stolen_cars()
    model = CategoricalNB(m=4, p=[{"Red": 0.75, "Yellow": 0.25}, None, None]).fit(X, y)
    # P(Red | Yes) = (3 + 4 * 3/4) / (5 + 4) = 6/9
    assert model.phi_[0][1, 0] == pytest.approx(6 / 9, rel=1e-15)  # tol: one division: an ulp


@pytest.mark.parametrize("alpha", [1.0, 1.5, 0.3])
def test_categorical_matches_sklearn(alpha):
    rng = np.random.default_rng(1)
    k = np.array([2, 3, 5, 4])
    X = np.column_stack([rng.integers(0, kj, size=80) for kj in k])
    X[: k.max()] = np.minimum(np.arange(k.max())[:, None], k - 1)  # every value occurs
    y = rng.choice(["a", "b", "c"], size=80)
    ours = CategoricalNB(m=list(alpha * k)).fit(X, y)
    ref = sk.CategoricalNB(alpha=alpha).fit(X, y)
    Xt = np.column_stack([rng.integers(0, kj, size=30) for kj in k])
    np.testing.assert_allclose(ours.predict_proba(Xt), ref.predict_proba(Xt), **TOL)
    np.testing.assert_allclose(ours.predict_joint_log_proba(Xt),
                               ref.predict_joint_log_proba(Xt), **TOL)
    for a, b in zip(ours.feature_log_prob_, ref.feature_log_prob_):
        np.testing.assert_allclose(a, b, **TOL)
    assert (ours.predict(Xt) == ref.predict(Xt)).all()
    if alpha == 1.0:  # tol: a parameter, exact; m=None is Laplace = scikit-learn's default
        np.testing.assert_allclose(CategoricalNB().fit(X, y).predict_proba(Xt),
                                   ref.predict_proba(Xt), **TOL)


def test_categorical_declared_categories_give_unseen_values_mass():
    X, y = stolen_cars()
    cats = [["Red", "Yellow", "Green"], ["Sports", "SUV"], ["Domestic", "Imported"]]
    model = CategoricalNB(m=3, categories=cats).fit(X, y)
    # Green never seen: (0 + 3 * 1/3) / (5 + 3) in both classes
    np.testing.assert_allclose(model.phi_[0][:, 2], [1 / 8, 1 / 8], rtol=1e-15)  # tol: a product and a division: ulps
    proba = model.predict_proba([["Green", "SUV", "Domestic"]])
    assert np.isfinite(proba).all() and proba.sum() == pytest.approx(1.0, abs=ROUNDING)


def test_categorical_unknown_value_raises_with_fix(cars_model):
    with pytest.raises(ValueError, match="Color has value 'Green'.*categories="):
        cars_model.predict([["Green", "SUV", "Domestic"]])


@pytest.mark.parametrize("kwargs, match", [
    (dict(p=0.3), "sum to 0.6, not 1"),
    (dict(p=[{"Red": 1.0}, None, None]), "missing"),
    (dict(m=-1), "m must be a number >= 0"),
    (dict(m=[1, 2]), "one per attribute"),
    (dict(categories=[["Red"], ["SUV", "Sports"], ["Domestic", "Imported"]]), "add it there"),
])
def test_categorical_bad_parameters(kwargs, match):
    X, y = stolen_cars()
    with pytest.raises(ValueError, match=match):
        CategoricalNB(**kwargs).fit(X, y)


def test_categorical_m0_zero_in_one_class_gives_exact_0_and_1():
    """Policy of issue 18: Bayes' rule as it stands. Oracle: the fractions by hand."""
    X = np.array([["a", "u"], ["a", "v"], ["b", "u"], ["b", "v"], ["b", "u"], ["c", "u"]])
    y = np.array([0, 0, 0, 1, 1, 1])  # "c" only with class 1, "a" only with class 0
    cats = [["a", "b", "c", "d"], ["u", "v"]]  # "d" never seen at all
    model = CategoricalNB(m=0, categories=cats).fit(X, y, feature_names=["letter", "vowel"])
    Q = [["c", "u"], ["a", "u"], ["b", "u"], ["d", "u"]]
    with pytest.warns(ZeroProbabilityWarning, match="letter=c") as rec:
        proba = model.predict_proba(Q)
    msg = str(rec[0].message)
    assert "m > 0" in msg and "3 example(s)" in msg and "1 of these" in msg
    # tol: exact: a zero count gives exactly 0, and the other class then exactly 1
    assert proba[0].tolist() == [0.0, 1.0]      # P(c | 0) = 0/3
    assert proba[1].tolist() == [1.0, 0.0]      # P(a | 1) = 0/3
    # "b u": 1/2 * 1/3 * 2/3 = 1/9 against 1/2 * 2/3 * 2/3 = 2/9 -> 1/3, 2/3
    np.testing.assert_allclose(proba[2], [1 / 3, 2 / 3], rtol=1e-15)  # tol: ratios of products: ulps
    assert np.isnan(proba[3]).all()             # "d": 0/0 in both classes
    with pytest.warns(ZeroProbabilityWarning):
        log_proba = model.predict_log_proba(Q)
    # tol: exact: log(0) and log(1)
    assert log_proba[0].tolist() == [-np.inf, 0.0] and log_proba[1].tolist() == [0.0, -np.inf]
    assert np.isnan(log_proba[3]).all()
    with pytest.warns(ZeroProbabilityWarning):
        jll = model.predict_joint_log_proba(Q)
    assert jll[0, 0] == -np.inf and np.isfinite(jll[0, 1]) and np.isneginf(jll[3]).all()
    # predict follows predict_proba; the 0/0 row gets the larger prior (a tie: the first)
    with pytest.warns(ZeroProbabilityWarning):
        assert model.predict(Q).tolist() == [1, 0, 1, 0]
    # with smoothing there is no warning and no zero
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        p = CategoricalNB(m=1, categories=cats).fit(X, y).predict_proba(Q)
    assert np.isfinite(p).all() and (p > 0).all()


def test_categorical_m0_three_classes_exact():
    """One class impossible, two left: they share 1 in the ratio of their joints."""
    X = np.array([["r"], ["r"], ["g"], ["g"], ["g"], ["b"], ["r"], ["b"], ["b"]])
    y = np.array(["x", "x", "x", "y", "y", "y", "z", "z", "z"])
    model = CategoricalNB(m=0).fit(X, y)
    Q = [["r"], ["b"], ["g"]]
    with pytest.warns(ZeroProbabilityWarning):
        proba = model.predict_proba(Q)
    # priors 1/3 each. r: x 2/3, y 0, z 1/3; b: x 0, y 1/3, z 2/3; g: x 1/3, y 2/3, z 0
    expected = np.array([[2 / 3, 0, 1 / 3], [0, 1 / 3, 2 / 3], [1 / 3, 2 / 3, 0]])
    # tol: ratios of products of fractions (ulps); a zero count gives exactly 0; the rows sum to 1 within ulps
    np.testing.assert_allclose(proba, expected, rtol=1e-15)
    assert proba[0, 1] == 0.0 and proba[1, 0] == 0.0 and proba[2, 2] == 0.0
    np.testing.assert_allclose(proba.sum(axis=1), 1.0, rtol=0, atol=1e-15)  # tol: three terms: ulps of 1
    with pytest.warns(ZeroProbabilityWarning):
        pred = model.predict(Q)
    assert pred.tolist() == ["x", "z", "y"]
    np.testing.assert_array_equal(pred, model.classes_[np.argmax(proba, axis=1)])


# -- Bernoulli and multinomial vs scikit-learn ---------------------------------------

@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("alpha", [1.0, 0.5, 0.01])
def test_multinomial_matches_sklearn(alpha, sparse):
    X, y = counts_data(seed=2, K=3)
    Xt, _ = counts_data(seed=3, K=3, m=25)
    if sparse:
        X, Xt = sp.csr_matrix(X), sp.csr_matrix(Xt)
    ours = MultinomialNB(alpha=alpha).fit(X, y)
    ref = sk.MultinomialNB(alpha=alpha).fit(X, y)
    np.testing.assert_allclose(ours.feature_log_prob_, ref.feature_log_prob_, **TOL)
    np.testing.assert_allclose(ours.class_log_prior_, ref.class_log_prior_, **TOL)
    np.testing.assert_allclose(ours.predict_proba(Xt), ref.predict_proba(Xt), **TOL)
    np.testing.assert_allclose(ours.predict_log_proba(Xt), ref.predict_log_proba(Xt), **TOL)
    np.testing.assert_allclose(ours.predict_joint_log_proba(Xt),
                               ref.predict_joint_log_proba(Xt), **TOL)
    np.testing.assert_array_equal(ours.predict(Xt), ref.predict(Xt))
    np.testing.assert_allclose(ours.phi_.sum(axis=1), 1.0, **TOL)


@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("alpha, binarize", [(1.0, 0.0), (0.5, 1.5), (0.01, 0.0)])
def test_bernoulli_matches_sklearn(alpha, binarize, sparse):
    X, y = counts_data(seed=4)
    Xt, _ = counts_data(seed=5, m=25)
    if sparse:
        X, Xt = sp.csr_matrix(X), sp.csr_matrix(Xt)
    ours = BernoulliNB(alpha=alpha, binarize=binarize).fit(X, y)
    ref = sk.BernoulliNB(alpha=alpha, binarize=binarize).fit(X, y)
    np.testing.assert_allclose(ours.feature_log_prob_, ref.feature_log_prob_, **TOL)
    np.testing.assert_allclose(ours.predict_proba(Xt), ref.predict_proba(Xt), **TOL)
    np.testing.assert_allclose(ours.predict_joint_log_proba(Xt),
                               ref.predict_joint_log_proba(Xt), **TOL)
    np.testing.assert_array_equal(ours.predict(Xt), ref.predict(Xt))


def test_bernoulli_binarize_none_requires_binary():
    X, y = counts_data(seed=6)
    Xb = (X > 0).astype(float)
    a = BernoulliNB(binarize=None).fit(Xb, y)
    b = BernoulliNB().fit(X, y)
    np.testing.assert_allclose(a.phi_, b.phi_, **TOL)
    with pytest.raises(ValueError, match="only 0 and 1"):
        BernoulliNB(binarize=None).fit(X, y)


def test_bernoulli_phi_is_the_smoothed_fraction():
    X = np.array([[1, 0], [1, 1], [0, 0], [0, 1], [0, 1]])
    y = np.array([1, 1, 0, 0, 0])
    model = BernoulliNB(alpha=1.0).fit(X, y)
    # phi_{j|y=1} = (2 + 1) / (2 + 2), (1 + 1) / (2 + 2); y=0: (0+1)/(3+2), (2+1)/(3+2)
    np.testing.assert_allclose(model.phi_, [[1 / 5, 3 / 5], [3 / 4, 2 / 4]], **TOL)
    np.testing.assert_allclose(model.phi_y_, [3 / 5, 2 / 5], **TOL)


# -- zero counts, underflow, edge cases -----------------------------------------------

def test_multinomial_alpha0_exact_zero_nan_only_for_0_over_0():
    X = np.array([[2, 1, 0, 0], [1, 2, 0, 0], [0, 1, 3, 0], [0, 0, 2, 0]])
    y = np.array(["ham", "ham", "spam", "spam"])
    words = ["hello", "see", "win", "nips"]
    model = MultinomialNB(alpha=0).fit(X, y, feature_names=words)
    Xt = np.array([[1, 1, 0, 0],    # 'hello' never seen in spam: exactly ham
                   [0, 1, 0, 1],    # 'nips' never seen at all: 0/0 in every class
                   [0, 1, 0, 0],    # fine
                   [0, 2, 1, 0]])   # 'win' never seen in ham: exactly spam
    with pytest.warns(ZeroProbabilityWarning) as rec:
        proba = model.predict_proba(Xt)
    msg = str(rec[0].message)
    assert "'hello'" in msg and "'nips'" in msg and "'win'" in msg and "'see'" not in msg
    assert "alpha > 0" in msg and "3 example(s)" in msg and "1 of these" in msg
    assert proba[0].tolist() == [1.0, 0.0] and proba[3].tolist() == [0.0, 1.0]  # tol: exact: zero counts give 0 and 1
    assert np.isnan(proba[1]).all()
    # unaffected row: hand computation with the unsmoothed estimates
    # phi_see|ham = 3/6, phi_see|spam = 1/6, priors 1/2
    np.testing.assert_allclose(proba[2], [0.75, 0.25], **TOL)
    with pytest.warns(ZeroProbabilityWarning):
        jll = model.predict_joint_log_proba(Xt)
    assert np.isneginf(jll[1]).all() and np.isneginf(jll[0, 1]) and np.isfinite(jll[0, 0])
    with pytest.warns(ZeroProbabilityWarning):
        pred = model.predict(Xt)
    # equal priors: the 0/0 row gets the first class
    assert pred.tolist() == ["ham", "ham", "ham", "spam"]


def test_predict_of_a_0_over_0_row_is_the_class_with_the_largest_prior():
    X = np.array([[1, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 1, 0]])
    y = np.array(["a", "a", "b", "b", "b"])  # prior of "b" is 3/5
    for model in (MultinomialNB(alpha=0), BernoulliNB(alpha=0)):
        model.fit(X, y)
        with pytest.warns(ZeroProbabilityWarning, match="predict returns the class with "
                                                        "the largest prior"):
            proba = model.predict_proba([[0, 0, 1], [1, 0, 0]])
        assert np.isnan(proba[0]).all() and proba[1].tolist() == [1.0, 0.0]  # tol: exact: zero counts give 1 and 0
        with pytest.warns(ZeroProbabilityWarning):
            assert model.predict([[0, 0, 1], [1, 0, 0]]).tolist() == ["b", "a"]
        with pytest.warns(ZeroProbabilityWarning):  # also with sparse input
            assert model.predict(sp.csr_matrix([[0, 0, 1]])).tolist() == ["b"]
    # three classes: the all -inf row also gets the largest prior
    X3 = np.array([[1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 0, 1]])
    model = MultinomialNB(alpha=0).fit(np.column_stack([X3, [0, 0, 0, 0]]), [0, 1, 1, 2])
    with pytest.warns(ZeroProbabilityWarning):
        assert model.predict([[0, 0, 0, 1], [1, 0, 0, 0]]).tolist() == [1, 0]
    with pytest.warns(ZeroProbabilityWarning):
        p = model.predict_proba([[0, 0, 0, 1], [1, 0, 0, 0]])
    assert np.isnan(p[0]).all() and p[1].tolist() == [1.0, 0.0, 0.0]  # tol: exact: zero counts give 1 and 0


def test_bernoulli_alpha0_flags_absence_too():
    X = np.array([[1, 1], [1, 0], [0, 1], [0, 0]])
    y = np.array([0, 0, 1, 1])  # feature 0 always present in class 0, never in class 1
    model = BernoulliNB(alpha=0).fit(X, y)
    with pytest.warns(ZeroProbabilityWarning, match="x0"):
        proba = model.predict_proba([[0, 1], [1, 1]])
    # x0 = 0 is impossible in class 0 (phi = 1), x0 = 1 impossible in class 1 (phi = 0)
    assert proba.tolist() == [[0.0, 1.0], [1.0, 0.0]]  # tol: exact: zero counts give 0 and 1
    with pytest.warns(ZeroProbabilityWarning):
        assert model.predict([[0, 1], [1, 1]]).tolist() == [1, 0]


def test_negative_alpha_rejected():
    X, y = counts_data()
    for cls in (MultinomialNB, BernoulliNB):
        with pytest.raises(ValueError, match="alpha must be a number >= 0"):
            cls(alpha=-1).fit(X, y)


def test_long_document_does_not_underflow():
    X, y = counts_data(seed=8, n=50)
    model = MultinomialNB().fit(X, y)
    rng = np.random.default_rng(9)
    doc = rng.multinomial(5000, model.phi_[1])[None, :]
    # the plain product of probabilities underflows to exactly 0 in both classes
    # tol: exact: underflow to 0 is exact
    assert np.prod(model.phi_[0] ** doc) == 0.0 and np.prod(model.phi_[1] ** doc) == 0.0
    proba = model.predict_proba(doc)
    assert np.isfinite(proba).all() and proba.sum() == pytest.approx(1.0, abs=ROUNDING)
    np.testing.assert_allclose(proba, sk.MultinomialNB().fit(X, y).predict_proba(doc), **TOL)
    assert model.predict(doc)[0] == 1


def test_multinomial_negative_counts_raise():
    X, y = counts_data()
    X[3, 5] = -2
    with pytest.raises(ValueError, match="non-negative counts.*row 3, column 5"):
        MultinomialNB().fit(X, y)
    good = MultinomialNB().fit(np.abs(X), y)
    with pytest.raises(ValueError, match="negative"):
        good.predict(sp.csr_matrix(X))


def test_empty_documents_get_the_prior():
    X, y = counts_data(seed=10)
    for model in (MultinomialNB().fit(X, y), MultinomialNB().fit(sp.csr_matrix(X), y)):
        empty = np.zeros((2, X.shape[1]))
        np.testing.assert_allclose(model.predict_proba(empty),
                                   np.tile(model.class_count_ / len(y), (2, 1)), **TOL)
        np.testing.assert_allclose(model.predict_proba(sp.csr_matrix(empty)),
                                   np.tile(np.bincount(y) / len(y), (2, 1)), **TOL)


def test_string_labels():
    X, y = counts_data(seed=11)
    labels = np.where(y == 1, "spam", "ham")
    for cls in (MultinomialNB, BernoulliNB):
        a = cls().fit(X, labels)
        b = cls().fit(X, y)
        assert a.classes_.tolist() == ["ham", "spam"]
        np.testing.assert_array_equal(a.predict(X), np.where(b.predict(X) == 1, "spam", "ham"))
        assert a.score(X, labels) == b.score(X, y)


def test_not_fitted_and_shape_errors():
    X, y = counts_data()
    for model in (MultinomialNB(), BernoulliNB(), CategoricalNB()):
        with pytest.raises(NotFittedError, match="fit"):
            model.predict(X)
    model = MultinomialNB().fit(X, y)
    with pytest.raises(ValueError, match="fitted with 12"):
        model.predict(X[:, :5])
    with pytest.raises(ValueError, match="fitted with 12"):
        model.predict(sp.csr_matrix(X[:, :5]))
    with pytest.raises(ValueError, match="one name per column"):
        MultinomialNB().fit(X, y, feature_names=["a"])


# -- scikit-learn compatibility --------------------------------------------------------

def test_clone_pipeline_cross_val_pickle():
    X, y = counts_data(seed=12, m=80)
    for model in (MultinomialNB(alpha=0.5), BernoulliNB(alpha=2.0, binarize=1.0)):
        c = clone(model)
        assert c.get_params() == model.get_params() and not hasattr(c, "classes_")
        pipe = make_pipeline(FunctionTransformer(np.sqrt), model)
        scores = cross_val_score(pipe, X, y, cv=4)
        assert scores.shape == (4,) and (scores > 0.5).all()
        fitted = clone(model).fit(X, y)
        again = pickle.loads(pickle.dumps(fitted))
        np.testing.assert_array_equal(again.predict_proba(X), fitted.predict_proba(X))
    Xc, yc = stolen_cars()
    cat = CategoricalNB(m=3, p=0.5)
    assert repr(cat) == "CategoricalNB(m=3, p=0.5)"
    assert clone(cat).get_params() == {"categories": None, "m": 3, "p": 0.5}
    fitted = pickle.loads(pickle.dumps(clone(cat).fit(Xc, yc)))
    assert fitted.predict(QUERY).tolist() == ["No"]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.01, 5.0))
def test_posteriors_are_probabilities(seed, alpha):
    X, y = counts_data(seed=seed, m=20, n=6)
    if len(np.unique(y)) < 2:
        y[0] = 1 - y[0]
    Xt = np.random.default_rng(seed + 1).poisson(50.0, size=(5, 6))
    for model in (MultinomialNB(alpha=alpha), BernoulliNB(alpha=alpha)):
        p = model.fit(X, y).predict_proba(Xt)
        assert np.isfinite(p).all() and (p >= 0).all()
        np.testing.assert_allclose(p.sum(axis=1), 1.0, atol=ROUNDING)


def test_categorical_in_cross_validation_on_strings():
    rng = np.random.default_rng(13)
    colors = np.array(["Red", "Yellow", "Green"])
    X = np.column_stack([colors[rng.integers(0, 3, 60)],
                         np.array(["SUV", "Sports"])[rng.integers(0, 2, 60)]])
    y = np.where((X[:, 0] == "Red") ^ (rng.random(60) < 0.1), "Yes", "No")
    cats = [colors.tolist(), ["SUV", "Sports"]]
    scores = cross_val_score(CategoricalNB(m=2, categories=cats), X, y, cv=5)
    assert scores.mean() > 0.75


def test_docstring_examples_run():
    import doctest

    import genlearn.naive_bayes as module

    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


# ---------------------------------------------------------------- m_estimate: bad input (issue 29)
@pytest.mark.parametrize("args", [("3", 5, 0.5, 3), (3, 5, "0.5", 3), (3, 5, 0.5, None), (True, 5, 0.5, 3),
                                  (3, ["5"], 0.5, 3)])
def test_m_estimate_refuses_what_is_not_a_number(args):
    with pytest.raises(ValueError, match="m_estimate needs numbers"):
        m_estimate(*args)


def test_m_estimate_still_takes_arrays_and_fractions():
    # tol: exact: dyadic fractions
    np.testing.assert_allclose(m_estimate(np.array([3, 1]), [5, 5], 0.5, 3), [0.5625, 0.3125])
    assert m_estimate(1, 5, Fraction(1, 2), 3) == Fraction(5, 16)
