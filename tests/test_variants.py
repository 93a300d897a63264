"""genlearn.homework.variants and genlearn.course.variants: each student's own data and seed.

Oracle: for hw3, the m-estimate closed form (n_c + m p) / (n + m) with p = 1/k_j, counted by hand from the
drawn table; for hw1, the GDA maximum likelihood formulas in numpy and Bayes' rule with scipy's Gaussian
density (neither through genlearn); HMAC-SHA256 from the standard library for the seeds.
"""
import hashlib
import hmac

import nbformat
import numpy as np
import pytest

from genlearn.course import variants as course_variants
from genlearn.homework import checks, variant_checks, variants

A = "hw3_m_estimate"


def _by_hand(seed):
    d = variants.draw(A, seed)
    X, y, x, m = d["X"], d["y"], d["x"], d["m"]
    score = {}
    for v in ("Yes", "No"):
        s = np.mean(y == v)
        for j in range(3):
            k = len(set(X[:, j]))
            s *= (np.sum((X[:, j] == x[j]) & (y == v)) + m / k) / (np.sum(y == v) + m)
        score[v] = s
    return score["Yes"], score["No"], score["Yes"] / (score["Yes"] + score["No"])


@pytest.mark.parametrize("seed", [0, 1, 2**62 + 5])
def test_answers_are_the_m_estimate_scores_of_the_drawn_table(seed):
    got = variants.answers(A, seed)
    assert [got[n] for n in variants.ANSWER_NAMES[A]] == pytest.approx(_by_hand(seed), rel=1e-12)


@pytest.mark.parametrize("seed", [0, 3, 2**40 + 1])
def test_hw1_answers_are_the_gda_estimates_and_posterior_of_the_drawn_data(seed):
    from scipy.stats import multivariate_normal

    d = variants.draw("hw1_gda", seed)
    X, y, x = d["X"], d["y"], d["x"]
    phi, mu0, mu1 = np.mean(y), X[y == 0].mean(axis=0), X[y == 1].mean(axis=0)
    Z = X - np.where(y[:, None] == 1, mu1, mu0)
    Sigma = Z.T @ Z / len(y)
    p1 = multivariate_normal(mu1, Sigma).pdf(x) * phi
    p0 = multivariate_normal(mu0, Sigma).pdf(x) * (1 - phi)
    got = variants.answers("hw1_gda", seed)
    for name, want in (("phi", phi), ("mu0", mu0), ("mu1", mu1), ("Sigma", Sigma), ("p_query", p1 / (p0 + p1))):
        assert got[name] == pytest.approx(want, rel=1e-9, abs=1e-12), name
    assert 12 <= y.sum() <= 20 and X.shape == (40, 2)


def test_two_students_get_different_tables_and_answers():
    secret = bytes(range(32))
    seeds = [course_variants.student_seed(secret, A, s) for s in ("alice", "bob")]
    assert seeds[0] == int.from_bytes(hmac.new(secret, b"hw3_m_estimate/alice", hashlib.sha256).digest()[:8],
                                      "big") >> 1
    a, b = (variants.draw(A, s) for s in seeds)
    assert not (a["X"] == b["X"]).all()
    assert variants.answers(A, seeds[0]) != variants.answers(A, seeds[1])


def test_the_self_check_passes_own_numbers_and_names_found_and_expected_for_others():
    mine, other = variants.answers(A, 11), variants.answers(A, 12)
    variant_checks.check_my_answers(A, 11, lambda: tuple(mine.values()))
    gda = variants.answers("hw1_gda", 5)
    variant_checks.check_my_answers("hw1_gda", 5, lambda: tuple(gda.values()))
    with pytest.raises(checks.CheckFailed, match=r"Sigma is not that of your data .* at index \(\d, \d\)"):
        variant_checks.check_my_answers("hw1_gda", 5, lambda: (*list(gda.values())[:3], gda["Sigma"] * 40 / 39, 0.5))
    with pytest.raises(checks.CheckFailed, match=r"score_yes is not that of your data \(MY_SEED = 11\): found "):
        variant_checks.check_my_answers(A, 11, lambda: tuple(other.values()))
    with pytest.raises(ValueError, match="non-negative integer"):
        variants.draw(A, -1)
    with pytest.raises(ValueError, match="no per-student data"):
        variants.draw("hw2_naive_bayes_spam", 1)


def test_personalise_writes_the_seed_and_secrets_are_checked(tmp_path):
    nb = nbformat.read("instructor/source/hw3_m_estimate/hw3_m_estimate.ipynb", as_version=4)
    assert course_variants.seed_of_notebook_source([c.source for c in nb.cells]) == 0
    course_variants.personalise(nb, 987654321)
    assert course_variants.seed_of_notebook_source([c.source for c in nb.cells]) == 987654321
    with pytest.raises(ValueError, match="no line `MY_SEED"):
        course_variants.personalise(nbformat.v4.new_notebook(), 1)
    with pytest.raises(ValueError, match="variant_secret is missing"):
        course_variants.read_secret(tmp_path)
    course_variants.make_secret(tmp_path)
    assert len(course_variants.read_secret(tmp_path)) == 32
    with pytest.raises(ValueError, match="exists"):
        course_variants.make_secret(tmp_path)
    with pytest.raises(ValueError, match="at least 16 bytes"):
        course_variants.student_seed(b"short", A, "alice")


def test_the_command_makes_one_secret_and_one_notebook_per_student(tmp_path, capsys):
    """``python -m genlearn.course.variants secret`` then ``personalise``: each student's notebook carries the
    seed :func:`student_seed` derives from the secret written (HMAC-SHA256, recomputed here), and a second
    ``secret`` is refused (it would change every student's data)."""
    course = tmp_path / "course"
    (course / "notebooks").mkdir(parents=True)
    (course / "notebooks" / "00_start_here.ipynb").write_text("{}", encoding="utf-8")
    released = course / "instructor" / "release" / A / f"{A}.ipynb"
    released.parent.mkdir(parents=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("MY_SEED = 0\nprint(MY_SEED)")]
    nbformat.write(nb, released)
    with pytest.raises(ValueError, match="variant_secret is missing"):
        course_variants.main(["--course", str(course), "personalise", A, "ada"])
    assert course_variants.main(["--course", str(course), "secret"]) == 0
    with pytest.raises(ValueError, match="a new secret would change every student's data"):
        course_variants.main(["--course", str(course), "secret"])
    assert course_variants.main(["--course", str(course), "personalise", A, "ada", "bob"]) == 0
    secret = bytes.fromhex((course / "instructor" / "variant_secret").read_text().strip())
    seeds = {}
    for student in ("ada", "bob"):
        mine = nbformat.read(course / "instructor" / "personal" / student / A / f"{A}.ipynb", as_version=4)
        seeds[student] = course_variants.seed_of_notebook_source([c.source for c in mine.cells])
        want = int.from_bytes(hmac.new(secret, f"{A}/{student}".encode(), hashlib.sha256).digest()[:8], "big") >> 1
        assert seeds[student] == want, student
    assert seeds["ada"] != seeds["bob"]
    assert "wrote" in capsys.readouterr().out
