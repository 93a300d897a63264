"""genlearn.datasets: the stolen-car table, tumours, SMS loading and generators.

No test here may use the network: conftest.py sets GENLEARN_OFFLINE and refuses
connections to other machines; on top of that an autouse fixture replaces
pooch's downloader by one that fails loudly, and the user cache by a temporary
folder, so that the download code itself can be tested without a network.
"""
import hashlib
import zipfile
from pathlib import Path

import numpy as np
import pooch
import pytest

from tolerances import ROUNDING, draw_cov, draw_mean

from genlearn import datasets
from genlearn.datasets import (
    SMS_SPAM_SHA256, load_demo_sms, load_sms_spam, load_tumors,
    make_gaussian_classes, make_lognormal_classes, make_poisson_classes, stolen_cars,
)

REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "sms_spam" / "SMSSpamCollection"
needs_real = pytest.mark.skipif(
    not REAL.is_file(), reason=f"real SMS Spam Collection not found at {REAL}"
)


@pytest.fixture(autouse=True)
def no_network(monkeypatch, tmp_path):
    """Empty user cache, no GENLEARN_DATA, and a downloader that refuses to run.

    GENLEARN_OFFLINE is removed so that the download path runs, into the fake
    downloader; the tests of the offline guard set it again.
    """
    cache = tmp_path / "cache"
    monkeypatch.setattr(datasets, "_cache_dir", lambda: cache)
    monkeypatch.delenv("GENLEARN_DATA", raising=False)
    monkeypatch.delenv("GENLEARN_OFFLINE", raising=False)

    def refuse(*args, **kwargs):
        raise ConnectionError("network disabled in tests")

    monkeypatch.setattr(pooch.core, "choose_downloader", lambda url, progressbar=False: refuse)
    return cache


# -- stolen cars --------------------------------------------------------------

# Transcribed by hand from the table in the lecture notes (example 1 to 10).
NOTES_TABLE = """
Red Sports Domestic Yes
Red Sports Domestic No
Red Sports Domestic Yes
Yellow Sports Domestic No
Yellow Sports Imported Yes
Yellow SUV Imported No
Yellow SUV Imported Yes
Yellow SUV Domestic No
Red SUV Imported No
Red Sports Imported Yes
"""


def test_stolen_cars_is_the_notes_table():
    X, y = stolen_cars()
    rows = [line.split() for line in NOTES_TABLE.strip().splitlines()]
    assert X.shape == (10, 3) and y.shape == (10,)
    assert X.tolist() == [r[:3] for r in rows]
    assert y.tolist() == [r[3] for r in rows]
    assert X.dtype.kind == "U" and y.dtype.kind == "U"
    assert datasets.STOLEN_CAR_FEATURES == ("Color", "Type", "Origin")


def test_stolen_cars_counts_used_by_the_m_estimate():
    X, y = stolen_cars()
    yes = y == "Yes"
    # n = 5 per class; n_c values quoted in the notes
    assert yes.sum() == 5 and (~yes).sum() == 5
    assert ((X[:, 0] == "Red") & yes).sum() == 3
    assert ((X[:, 1] == "SUV") & yes).sum() == 1
    assert ((X[:, 2] == "Domestic") & yes).sum() == 2
    assert ((X[:, 0] == "Red") & ~yes).sum() == 2
    assert ((X[:, 1] == "SUV") & ~yes).sum() == 3
    assert ((X[:, 2] == "Domestic") & ~yes).sum() == 3


def test_stolen_cars_returns_fresh_copies():
    X, _ = stolen_cars()
    X[0, 0] = "Blue"
    assert stolen_cars()[0][0, 0] == "Red"


# -- tumours ------------------------------------------------------------------

def test_load_tumors_codes_malignant_as_one():
    from sklearn.datasets import load_breast_cancer

    data = load_breast_cancer()
    X, y = load_tumors()
    assert X.shape == (569, 30)
    np.testing.assert_array_equal(X, data.data)
    # scikit-learn: target_names = ['malignant', 'benign'], malignant = 0
    assert list(data.target_names) == ["malignant", "benign"]
    np.testing.assert_array_equal(y, (data.target == 0).astype(int))
    assert y.sum() == 212 and set(np.unique(y)) == {0, 1}
    X2, y2, names = load_tumors(return_feature_names=True)
    assert len(names) == 30 and names[0] == "mean radius"


# -- generators ----------------------------------------------------------------

@pytest.mark.parametrize("make", [make_gaussian_classes, make_poisson_classes,
                                  make_lognormal_classes])
def test_generators_are_seeded(make):
    X1, y1 = make(m=50, random_state=3)
    X2, y2 = make(m=50, random_state=3)
    X3, _ = make(m=50, random_state=4)
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    assert not np.array_equal(X1, X3)
    rng = np.random.default_rng(0)
    X4, _ = make(m=50, random_state=rng)
    assert X4.shape[0] == 50


def test_gaussian_shared_sigma_moments():
    mu = np.array([[0.0, 0.0], [3.0, -1.0]])
    Sigma = np.array([[2.0, 0.6], [0.6, 1.0]])
    X, y = make_gaussian_classes(m=40000, mu=mu, Sigma=Sigma, phi=0.3, random_state=0)
    assert abs(y.mean() - 0.3) < draw_mean(0.3 * 0.7, len(y))
    for k in range(2):
        Xk = X[y == k]
        np.testing.assert_array_less(np.abs(Xk.mean(axis=0) - mu[k]), draw_mean(np.diag(Sigma), len(Xk)))
        np.testing.assert_array_less(np.abs(np.cov(Xk.T) - Sigma), draw_cov(Sigma, len(Xk)))


def test_gaussian_per_class_sigma_moments():
    mu = np.array([[0.0, 0.0], [1.0, 1.0], [-2.0, 2.0]])
    Sigmas = np.array([np.eye(2), [[3.0, -1.0], [-1.0, 1.0]], [[0.5, 0.0], [0.0, 2.0]]])
    X, y = make_gaussian_classes(m=60000, mu=mu, Sigma=Sigmas, phi=[0.2, 0.5, 0.3],
                                 random_state=1)
    phi = np.array([0.2, 0.5, 0.3])
    np.testing.assert_array_less(np.abs(np.bincount(y) / len(y) - phi), draw_mean(phi * (1 - phi), len(y)))
    for k in range(3):
        Xk = X[y == k]
        np.testing.assert_array_less(np.abs(Xk.mean(axis=0) - mu[k]), draw_mean(np.diag(Sigmas[k]), len(Xk)))
        np.testing.assert_array_less(np.abs(np.cov(Xk.T) - Sigmas[k]), draw_cov(Sigmas[k], len(Xk)))


def test_poisson_classes_moments():
    lam = np.array([[1.0, 4.0], [5.0, 0.5]])
    X, y = make_poisson_classes(m=40000, lam=lam, random_state=2)
    assert X.dtype.kind == "i" and (X >= 0).all()
    for k in range(2):
        # a Poisson count's mean has variance lam / m, its sample variance (lam + 2 lam^2) / m
        m_k = np.sum(y == k)
        np.testing.assert_array_less(np.abs(X[y == k].mean(axis=0) - lam[k]), draw_mean(lam[k], m_k))
        np.testing.assert_array_less(np.abs(X[y == k].var(axis=0) - lam[k]), draw_mean(lam[k] + 2 * lam[k] ** 2, m_k))


def test_lognormal_is_exp_of_gaussian():
    Z, yz = make_gaussian_classes(m=100, mu=[[0.0], [1.0]], Sigma=[[0.5]], random_state=7)
    X, yx = make_lognormal_classes(m=100, mu=[[0.0], [1.0]], Sigma=[[0.5]], random_state=7)
    np.testing.assert_array_equal(yz, yx)
    np.testing.assert_allclose(np.log(X), Z, rtol=ROUNDING)
    assert (X > 0).all()


@pytest.mark.parametrize("kwargs, match", [
    (dict(mu=[0.0, 1.0]), "shape"),
    (dict(Sigma=np.eye(3)), "Sigma must have shape"),
    (dict(Sigma=[[1.0, 2.0], [2.0, 1.0]]), "positive definite"),
    (dict(Sigma=[[1.0, 0.5], [0.0, 1.0]]), "symmetric"),
    (dict(phi=[0.2, 0.2]), "sum"),
    (dict(phi=1.5), "probabilities"),
    (dict(m=0), "whole number >= 1"),
])
def test_gaussian_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        make_gaussian_classes(**kwargs)


def test_poisson_bad_input():
    with pytest.raises(ValueError, match="shape"):
        make_poisson_classes(lam=[1.0, 2.0])
    with pytest.raises(ValueError, match="> 0"):
        make_poisson_classes(lam=[[1.0], [-2.0]])


# -- demo corpus ---------------------------------------------------------------

def test_demo_corpus_is_small_invented_and_has_both_classes():
    texts, y = load_demo_sms()
    assert len(texts) == len(y) >= 40
    assert set(y.tolist()) == {0, 1} and 10 <= y.sum() <= len(y) - 10
    assert all(isinstance(t, str) and t.strip() for t in texts)
    assert len(set(texts)) == len(texts)
    assert "INVENTED" in load_demo_sms.__doc__
    header = (Path(datasets.__file__).parent / "data" / "demo_sms.tsv").read_text().splitlines()[0]
    assert "INVENTED" in header


@needs_real
def test_demo_corpus_does_not_copy_the_real_one():
    real = {line.split("\t", 1)[1].strip().lower()
            for line in REAL.read_text(encoding="utf-8").splitlines() if "\t" in line}
    texts, _ = load_demo_sms()
    assert not [t for t in texts if t.strip().lower() in real]


# -- load_sms_spam: where it looks -------------------------------------------------

def _fake_collection(folder, lines=("ham\tHello there", "spam\tWIN cash now")):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "SMSSpamCollection"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _use_fake_hash(monkeypatch, path):
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    monkeypatch.setattr(datasets, "SMS_SPAM_SHA256", digest)


def test_lookup_order_data_home_then_env_then_cache(monkeypatch, tmp_path, no_network):
    # Same bytes in three places; tell them apart by removing them one at a time.
    a = _fake_collection(tmp_path / "home")
    b = _fake_collection(tmp_path / "env")
    c = _fake_collection(no_network)
    _use_fake_hash(monkeypatch, a)
    monkeypatch.setenv("GENLEARN_DATA", str(tmp_path / "env"))
    seen = []
    real_read = datasets._read_sms
    monkeypatch.setattr(datasets, "_read_sms", lambda p: seen.append(Path(p)) or real_read(p))
    texts, y = load_sms_spam(data_home=tmp_path / "home")
    assert seen[-1] == a and texts == ["Hello there", "WIN cash now"] and y.tolist() == [0, 1]
    load_sms_spam()
    assert seen[-1] == b
    monkeypatch.delenv("GENLEARN_DATA")
    load_sms_spam()
    assert seen[-1] == c


def test_wrong_checksum_is_refused(tmp_path):
    _fake_collection(tmp_path / "home")
    with pytest.raises(ValueError, match="sha256"):
        load_sms_spam(data_home=tmp_path / "home")


def test_failed_download_says_where_to_put_the_file(tmp_path, no_network):
    with pytest.raises(FileNotFoundError) as info:
        load_sms_spam(data_home=tmp_path / "nowhere")
    msg = str(info.value)
    assert "download failed" in msg and "network disabled in tests" in msg
    assert "\n" not in msg  # one line: callers that quote the first line keep the folders
    assert f"data_home ({tmp_path / 'nowhere'})" in msg
    assert f"user cache ({no_network})" in msg
    assert "GENLEARN_DATA" in msg and "sms+spam+collection.zip" in msg
    assert "load_demo_sms" in msg


def _no_download(monkeypatch):
    monkeypatch.setattr(datasets, "_download_sms", lambda cache: pytest.fail("downloaded"))


def test_download_false_never_calls_pooch(monkeypatch, tmp_path):
    _no_download(monkeypatch)
    with pytest.raises(FileNotFoundError, match="download=False"):
        load_sms_spam(data_home=tmp_path, download=False)


@pytest.mark.parametrize("value", ["1", "yes", "true"])
def test_genlearn_offline_forbids_the_download_and_lists_the_folders(
        monkeypatch, tmp_path, no_network, value):
    _no_download(monkeypatch)
    monkeypatch.setenv("GENLEARN_OFFLINE", value)
    monkeypatch.setenv("GENLEARN_DATA", str(tmp_path / "env"))
    with pytest.raises(FileNotFoundError) as info:
        load_sms_spam(data_home=tmp_path / "home")
    msg = str(info.value)
    # The three folders, in the order they were searched, all on the first line.
    first = msg.splitlines()[0]
    assert first == msg
    home, env, cache = (first.index(f"data_home ({tmp_path / 'home'})"),
                        first.index(f"$GENLEARN_DATA ({tmp_path / 'env'})"),
                        first.index(f"user cache ({no_network})"))
    assert home < env < cache
    assert f"GENLEARN_OFFLINE={value} is set" in msg
    assert "one of those folders" in msg and "load_demo_sms" in msg
    assert "one of:)" not in msg and not msg.rstrip().endswith(":")
    assert not no_network.exists()


def test_genlearn_offline_off_values_allow_the_download_path(monkeypatch, tmp_path, no_network):
    for value in ("", "0", "false", "no"):
        monkeypatch.setenv("GENLEARN_OFFLINE", value)
        with pytest.raises(FileNotFoundError, match="download failed"):
            load_sms_spam(data_home=tmp_path)


def test_message_without_data_home_lists_env_and_cache(monkeypatch, tmp_path, no_network):
    monkeypatch.setenv("GENLEARN_OFFLINE", "1")
    with pytest.raises(FileNotFoundError) as info:
        load_sms_spam()
    msg = str(info.value)
    assert f"no file SMSSpamCollection in user cache ({no_network});" in msg
    monkeypatch.setenv("GENLEARN_DATA", str(tmp_path / "env"))
    with pytest.raises(FileNotFoundError) as info:
        load_sms_spam()
    assert (f"in $GENLEARN_DATA ({tmp_path / 'env'}) or user cache ({no_network});"
            in str(info.value))


def test_download_must_be_a_bool(tmp_path):
    with pytest.raises(ValueError, match="download must be True or False"):
        load_sms_spam(data_home=tmp_path, download="no")


def test_real_demo_fallback_quotes_the_folders(monkeypatch, tmp_path, no_network):
    """The notebooks quote the first line of the error: it must name the folders."""
    from genlearn.demos.naive_bayes_text import load_corpus

    monkeypatch.setenv("GENLEARN_OFFLINE", "1")
    corpus = load_corpus()
    assert not corpus.is_real
    assert f"user cache ({no_network})" in corpus.note and "one of:)" not in corpus.note


def _serve_zip(monkeypatch, member_path):
    """Make pooch 'download' a local zip holding member_path as SMSSpamCollection."""
    calls = []

    def fake_download(url, output_file, pooch_obj, check_only=False):
        calls.append(url)
        with zipfile.ZipFile(output_file, "w") as zf:
            zf.write(member_path, "SMSSpamCollection")
            zf.writestr("readme", "SMS Spam Collection v.1 (test copy)")

    monkeypatch.setattr(pooch.core, "choose_downloader",
                        lambda url, progressbar=False: fake_download)
    return calls


def test_download_unzips_into_cache_and_checks_hash(monkeypatch, tmp_path, no_network):
    src = _fake_collection(tmp_path / "src")
    _use_fake_hash(monkeypatch, src)
    calls = _serve_zip(monkeypatch, src)
    texts, y = load_sms_spam(data_home=tmp_path / "empty")
    assert calls == [datasets.SMS_SPAM_URL]
    assert texts == ["Hello there", "WIN cash now"]
    assert (no_network / "SMSSpamCollection").is_file()
    # second call: found in the cache, no download
    load_sms_spam()
    assert len(calls) == 1


def test_corrupt_download_is_refused(monkeypatch, tmp_path):
    src = _fake_collection(tmp_path / "src")  # hash differs from the official one
    _serve_zip(monkeypatch, src)
    with pytest.raises(ValueError, match="corrupt"):
        load_sms_spam()


def test_malformed_file_gives_clear_error(monkeypatch, tmp_path):
    path = _fake_collection(tmp_path / "home", lines=("hello world",))
    _use_fake_hash(monkeypatch, path)
    with pytest.raises(ValueError, match="expected 'ham' or 'spam'"):
        load_sms_spam(data_home=tmp_path / "home")


@needs_real
def test_real_corpus_from_data_home_and_via_download(monkeypatch, tmp_path):
    texts, y = load_sms_spam(data_home=REAL.parent)
    assert len(texts) == 5574 and int(y.sum()) == 747
    assert texts[0].startswith("Go until jurong point")
    assert hashlib.sha256(REAL.read_bytes()).hexdigest() == SMS_SPAM_SHA256
    assert REAL.stat().st_size == 477907
    _serve_zip(monkeypatch, REAL)  # the official hash, through the real unzip code
    texts2, y2 = load_sms_spam()
    assert texts2 == texts and np.array_equal(y2, y)


def test_docstring_examples_run():
    import doctest

    import genlearn.datasets as module

    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


# ---------------------------------------------------------------- bad input to the helpers (issue 29)
@pytest.mark.parametrize("make", [datasets.make_gaussian_classes, datasets.make_lognormal_classes,
                                  datasets.make_poisson_classes])
@pytest.mark.parametrize("m", [1.5, "3", True, 0, -2, float("nan")])
def test_generators_refuse_a_number_of_examples_that_is_not_a_whole_number(make, m):
    with pytest.raises(ValueError, match=r"m \(the number of examples\) must be a whole number >= 1"):
        make(m=m, random_state=0)


@pytest.mark.parametrize("make", [datasets.make_gaussian_classes, datasets.make_lognormal_classes])
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_gaussian_generators_refuse_nan_or_infinite_means(make, bad):
    with pytest.raises(ValueError, match="mu contains NaN or infinity"):
        make(m=10, mu=[[0.0, bad], [1.0, 1.0]], random_state=0)


def test_generators_refuse_means_that_are_not_numbers():
    with pytest.raises(ValueError, match="mu must be numbers"):
        datasets.make_gaussian_classes(m=10, mu=[["a", "b"], [1, 1]])
    with pytest.raises(ValueError, match="lam contains NaN or infinity"):
        datasets.make_poisson_classes(m=10, lam=[[np.nan], [2.0]])


def test_lognormal_overflow_names_the_fix():
    with pytest.raises(ValueError, match="overflows .* lower mu"):
        datasets.make_lognormal_classes(m=10, mu=[[800.0, 0.0], [0.0, 0.0]], random_state=0)


def test_whole_float_m_is_accepted():
    X, y = datasets.make_gaussian_classes(m=20.0, random_state=0)
    assert X.shape == (20, 2)


def test_stolen_cars_closes_its_file():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        datasets.stolen_cars()
        import gc

        gc.collect()


def test_genlearn_data_naming_the_file_says_it_must_be_the_folder(tmp_path, monkeypatch):
    file = tmp_path / "SMSSpamCollection"
    file.write_text("ham\thello\n")
    monkeypatch.setenv("GENLEARN_DATA", str(file))
    with pytest.raises(ValueError, match=r"must name the folder that holds SMSSpamCollection, not a file.*"
                                         rf"GENLEARN_DATA={tmp_path}"):
        datasets.load_sms_spam(download=False)


# -- Python in the browser (JupyterLite: Pyodide, no pooch, 32-bit intp) -------------------

_CACHE_DIR = datasets._cache_dir  # the real one (the autouse fixture replaces it)


def test_in_the_browser_nothing_is_downloaded_and_the_lesson_falls_back(monkeypatch, tmp_path, no_network):
    """Pyodide has no sockets: load_sms_spam never tries, and says why in its FileNotFoundError."""
    from genlearn.demos.naive_bayes_text import load_corpus

    _no_download(monkeypatch)
    monkeypatch.setattr(datasets.sys, "platform", "emscripten")
    with pytest.raises(FileNotFoundError, match=r"runs in the browser here \(Pyodide\), so nothing was"):
        load_sms_spam(data_home=tmp_path)
    corpus = load_corpus()
    assert not corpus.is_real and "Pyodide" in corpus.note and "INVENTED" in corpus.note


def test_without_pooch_there_is_no_cache_and_no_download(monkeypatch, tmp_path):
    """pooch absent (as in the browser): no user cache searched, a FileNotFoundError naming pooch."""
    from genlearn.demos.naive_bayes_text import load_corpus

    _no_download(monkeypatch)
    monkeypatch.setitem(__import__("sys").modules, "pooch", None)  # `import pooch` raises ImportError
    monkeypatch.setattr(datasets, "_cache_dir", _CACHE_DIR)
    assert datasets._cache_dir() is None
    with pytest.raises(FileNotFoundError) as info:
        load_sms_spam()
    msg = str(info.value)
    assert "needs the package pooch" in msg and "no folder" in msg and "user cache" not in msg
    assert not load_corpus().is_real


@pytest.mark.parametrize("error", [RuntimeError("proxy said no"), OSError("no route"), ValueError("bad zip")])
def test_any_failure_to_fetch_is_a_file_not_found_error(monkeypatch, tmp_path, no_network, error):
    def fail(cache):
        raise error

    monkeypatch.setattr(datasets, "_download_sms", fail)
    with pytest.raises(FileNotFoundError, match="download failed"):
        load_sms_spam(data_home=tmp_path)


def test_labels_are_numpy_index_integers():
    """np.intp labels: np.bincount and indexing take them on every platform (int64 is refused where
    intp is 32-bit, as in the browser); the draws themselves do not depend on the platform."""
    from genlearn.demos.calibration_and_costs import make_bump_classes

    ys = [make_gaussian_classes(m=50, random_state=0)[1], make_poisson_classes(m=50, random_state=0)[1],
          make_lognormal_classes(m=50, random_state=0)[1], load_tumors()[1], load_demo_sms()[1],
          make_bump_classes(m=50, seed=0)[1]]
    for y in ys:
        assert y.dtype == np.intp
        assert np.bincount(y).sum() == len(y)
    X, y = make_gaussian_classes(m=8, random_state=3)
    assert y.tolist() == np.random.default_rng(3).choice(2, size=8, p=[0.5, 0.5]).tolist()
