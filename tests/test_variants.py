"""genlearn.homework.variants and genlearn.course.variants: each student's own data and seed.

Oracle: for hw3, the m-estimate closed form (n_c + m p) / (n + m) with p = 1/k_j, counted by hand from the
drawn table; for hw1, the GDA maximum likelihood formulas in numpy and Bayes' rule with scipy's Gaussian
density; for hw2, the smoothed multinomial estimates (c + alpha) / (N + alpha |V|) with the words split by a
regular expression and counted in numpy, and Bayes' rule in log space (none of them through genlearn);
HMAC-SHA256 from the standard library for the seeds.
"""
import hashlib
import hmac
import re

import nbformat
import numpy as np
import pytest

from tolerances import ROUNDING

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
    assert [got[n] for n in variants.ANSWER_NAMES[A]] == pytest.approx(_by_hand(seed), rel=ROUNDING)


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
        assert got[name] == pytest.approx(want, rel=1e-9, abs=ROUNDING), name
    assert 12 <= y.sum() <= 20 and X.shape == (40, 2)


HW2 = "hw2_naive_bayes_spam"


def _hw2_by_hand(seed):
    """phi_spam, log_phi, log_px, p_spam of the drawn messages, counted in numpy."""
    d = variants.draw(HW2, seed)
    words = sorted({w for t in d["texts"] for w in re.findall(r"[a-z]+", t.lower())})
    col = {w: j for j, w in enumerate(words)}
    counts = np.zeros((2, len(words)))
    for text, label in zip(d["texts"], d["y"]):
        for w in re.findall(r"[a-z]+", text.lower()):
            counts[label, col[w]] += 1
    alpha = d["alpha"]
    log_phi = np.log((counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * len(words)))
    query = np.bincount([col[w] for w in re.findall(r"[a-z]+", d["query"].lower())], minlength=len(words))
    log_px = log_phi @ query
    phi_spam = np.mean(d["y"] == 1)
    joint = np.log([1 - phi_spam, phi_spam]) + log_px
    return words, {"phi_spam": phi_spam, "log_phi": log_phi, "log_px": log_px,
                   "p_spam": np.exp(joint[1] - np.logaddexp(*joint))}


@pytest.mark.parametrize("seed", [0, 7, 2**50 + 3])
def test_hw2_answers_are_the_smoothed_multinomial_estimates_of_the_drawn_messages(seed):
    words, want = _hw2_by_hand(seed)
    assert tuple(words) == variants.HW2_WORDS          # every word of the vocabulary occurs, whatever the draw
    got = variants.answers(HW2, seed)
    assert list(got) == list(variants.ANSWER_NAMES[HW2])
    for name in variants.ANSWER_NAMES[HW2]:
        assert got[name] == pytest.approx(want[name], rel=1e-9, abs=ROUNDING), name
    assert got["log_phi"].shape == (2, len(variants.HW2_WORDS))


def test_hw2_draws_are_reproducible_complete_and_differ_between_seeds(monkeypatch):
    """Same seed, same messages; both classes, every word, a repeated query word, alpha from its set, for 200
    seeds; no two of them share their messages; and no data file is read (the SMS loaders fail here)."""
    import genlearn.datasets

    def no_corpus(*args, **kwargs):
        raise AssertionError("the per-student draw must not read the SMS Spam Collection")

    monkeypatch.setattr(genlearn.datasets, "load_sms_spam", no_corpus)
    monkeypatch.setattr(genlearn.datasets, "load_demo_sms", no_corpus)
    a, b = variants.draw(HW2, 99), variants.draw(HW2, 99)
    assert a["texts"] == b["texts"] and a["query"] == b["query"] and a["alpha"] == b["alpha"]
    assert np.array_equal(a["y"], b["y"])
    seen = set()
    for seed in range(200):
        d = variants.draw(HW2, seed)
        m, n_spam = len(d["texts"]), int(d["y"].sum())
        assert 10 <= m <= 16 and d["y"].shape == (m,) and 3 <= n_spam <= m // 2, seed
        tokens = [w for t in d["texts"] for w in re.findall(r"[a-z]+", t.lower())]
        assert set(tokens) == set(variants.HW2_WORDS), seed
        query = re.findall(r"[a-z]+", d["query"].lower())
        assert 4 <= len(query) <= 6 and len(set(query)) == len(query) - 1, seed
        assert d["alpha"] in (0.5, 1.0, 2.0)
        seen.add(tuple(d["texts"]))
    assert len(seen) == 200
    secret = bytes(range(32))
    mine, theirs = (course_variants.student_seed(secret, HW2, s) for s in ("alice", "bob"))
    assert variants.draw(HW2, mine)["texts"] != variants.draw(HW2, theirs)["texts"]
    ours = variants.answers(HW2, mine), variants.answers(HW2, theirs)
    assert not np.allclose(ours[0]["log_phi"], ours[1]["log_phi"])  # tol: two seeds' answers differ by O(0.1)


def _no_number_of(message, expected):
    """No number of ``expected`` (to 3 significant digits or more) appears in the self-check's message."""
    printed = [float(t) for t in re.findall(r"-?\d+\.\d+(?:e-?\d+)?", message)]
    values = np.concatenate([np.ravel(v) for v in expected.values()]).astype(float)
    # tol: a number printed with 3 significant digits or more lies within 5e-3 (relative) of the value
    shown = [v for v in values if any(np.isclose(p, v, rtol=5e-3, atol=0) for p in printed)]
    assert not shown, f"the self-check shows expected values {shown}: {message}"


def test_hw2_self_check_runs_my_answers_with_the_reference_tasks_and_names_the_property_never_the_value():
    """The instructor's my_answers passes with wrong Tasks 1 to 4 in its notebook (the check swaps in
    genlearn's); answers of another seed fail naming the answer and its property, without the value
    expected (which a student could type in); Task 3's alpha = 1 fails for a seed whose alpha is not 1."""
    nb = nbformat.read(f"instructor/source/{HW2}/{HW2}.ipynb", as_version=4)
    (solution,) = [c.source for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "hw2-task7-mine"]
    # tol: exact: a parameter drawn from a list
    seed = next(s for s in range(100) if variants.draw(HW2, s)["alpha"] != 1.0)
    d = variants.draw(HW2, seed)

    def broken(*args, **kwargs):
        raise NotImplementedError

    space = {"np": np, "texts_mine": d["texts"], "y_mine": d["y"], "query_mine": d["query"],
             "alpha_mine": d["alpha"], "build_vocabulary": broken, "encode": broken,
             "fit_multinomial_nb": broken, "predict": broken}
    exec(solution, space)
    variant_checks.check_my_answers(HW2, seed, space["my_answers"])
    other = variants.answers(HW2, seed + 1)
    with pytest.raises(checks.CheckFailed, match=rf"my_answers: \w+ is not that of your data \(MY_SEED = {seed}\): "
                                                 r"it is not ") as failed:
        variant_checks.check_my_answers(HW2, seed, lambda: tuple(other.values()))
    _no_number_of(str(failed.value), variants.answers(HW2, seed))
    laplace = dict(variants.answers(HW2, seed))
    laplace["log_phi"] = _hw2_laplace(d)
    with pytest.raises(checks.CheckFailed, match=r"log_phi is not that of your data .* at index \(\d, \d+\)"):
        variant_checks.check_my_answers(HW2, seed, lambda: tuple(laplace.values()))
    with pytest.raises(checks.CheckFailed, match="should return 4 values: phi_spam, log_phi, log_px, p_spam"):
        variant_checks.check_my_answers(HW2, seed, lambda: (0.5, 0.5))


def _hw2_laplace(d):
    """Task 3's estimates (alpha = 1) of the drawn messages, whatever their alpha."""
    words = list(variants.HW2_WORDS)
    counts = np.zeros((2, len(words)))
    for text, label in zip(d["texts"], d["y"]):
        for w in re.findall(r"[a-z]+", text.lower()):
            counts[label, words.index(w)] += 1
    return np.log((counts + 1) / (counts.sum(axis=1, keepdims=True) + len(words)))


def test_two_students_get_different_tables_and_answers():
    secret = bytes(range(32))
    seeds = [course_variants.student_seed(secret, A, s) for s in ("alice", "bob")]
    assert seeds[0] == int.from_bytes(hmac.new(secret, b"hw3_m_estimate/alice", hashlib.sha256).digest()[:8],
                                      "big") >> 1
    a, b = (variants.draw(A, s) for s in seeds)
    assert not (a["X"] == b["X"]).all()
    assert variants.answers(A, seeds[0]) != variants.answers(A, seeds[1])


def test_the_self_check_passes_own_numbers_and_names_the_property_for_others():
    mine, other = variants.answers(A, 11), variants.answers(A, 12)
    variant_checks.check_my_answers(A, 11, lambda: tuple(mine.values()))
    gda = variants.answers("hw1_gda", 5)
    variant_checks.check_my_answers("hw1_gda", 5, lambda: tuple(gda.values()))
    with pytest.raises(checks.CheckFailed, match=r"Sigma is not that of your data .* at index \(\d, \d\)") as failed:
        variant_checks.check_my_answers("hw1_gda", 5, lambda: (*list(gda.values())[:3], gda["Sigma"] * 40 / 39, 0.5))
    _no_number_of(str(failed.value), gda)
    with pytest.raises(checks.CheckFailed, match=r"score_yes is not that of your data \(MY_SEED = 11\): it is not P"
                       ) as failed:
        variant_checks.check_my_answers(A, 11, lambda: tuple(other.values()))
    _no_number_of(str(failed.value), mine)
    with pytest.raises(ValueError, match="non-negative integer"):
        variants.draw(A, -1)
    with pytest.raises(ValueError, match="non-negative integer"):
        variants.answers(HW2, "0")
    with pytest.raises(ValueError, match="no per-student data"):
        variants.draw("hw4_unknown", 1)


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


def test_the_command_works_on_a_copied_nbgrader_course_folder(tmp_path, monkeypatch):
    """The nbgrader course folder (``nbgrader_config.py`` and its ``release/``) copied anywhere, alone, is a course:
    by ``--course`` and as the current directory; a folder that is neither it nor a checkout is refused, naming
    both."""
    import shutil

    course = tmp_path / "anywhere" / "my-course"
    course.mkdir(parents=True)
    shutil.copy("instructor/nbgrader_config.py", course / "nbgrader_config.py")
    released = course / "release" / A / f"{A}.ipynb"
    released.parent.mkdir(parents=True)
    shutil.copy(f"notebooks/homework/{A}.ipynb", released)
    assert course_variants.main(["--course", str(course), "secret"]) == 0
    monkeypatch.chdir(course)
    assert course_variants.main(["personalise", A, "ada"]) == 0
    mine = nbformat.read(course / "personal" / "ada" / A / f"{A}.ipynb", as_version=4)
    secret = course_variants.read_secret(course)
    assert course_variants.seed_of_notebook_source([c.source for c in mine.cells]) == \
        course_variants.student_seed(secret, A, "ada")
    with pytest.raises(ValueError, match="nbgrader_config.py"):
        course_variants.main(["--course", str(tmp_path / "anywhere"), "secret"])
