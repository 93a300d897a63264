"""Data sets for the notebooks: small tables, real corpora and seeded generators.

Real data
---------
stolen_cars       the 10-row car-theft table of the m-estimate example
load_tumors       scikit-learn's breast-cancer data, malignant coded as 1
load_sms_spam     the UCI SMS Spam Collection v.1 (found locally, or downloaded
                  unless GENLEARN_OFFLINE is set)
load_demo_sms     48 short messages written for this project (invented)

Generators (every one takes ``random_state``)
----------
make_gaussian_classes    x | y=k ~ N(mu_k, Sigma) or N(mu_k, Sigma_k)
make_poisson_classes     x_j | y=k ~ Poisson(lambda_kj), independent
make_lognormal_classes   exp of make_gaussian_classes: skewed, positive data

Each generator follows the generative story the notebooks teach: first draw
the label ``y ~ Categorical(phi)``, then draw ``x`` from the class-conditional
distribution of that label.
"""
import hashlib
from importlib import resources
import os
from pathlib import Path
import sys

import numpy as np

from .gaussian import check_covariance

__all__ = [
    "stolen_cars", "STOLEN_CAR_FEATURES", "load_tumors", "load_sms_spam",
    "load_demo_sms", "make_gaussian_classes", "make_poisson_classes",
    "make_lognormal_classes", "SMS_SPAM_URL", "SMS_SPAM_SHA256",
]

# ---------------------------------------------------------------------------
# The stolen-car table
# ---------------------------------------------------------------------------

#: Column names of :func:`stolen_cars` ``X``.
STOLEN_CAR_FEATURES = ("Color", "Type", "Origin")



def stolen_cars():
    """The ten cars of the m-estimate example: was the car stolen?

    Three attributes, each with two values: Color (Red, Yellow), Type (Sports,
    SUV) and Origin (Domestic, Imported). Five cars were stolen ("Yes") and five
    were not ("No"). Rows are in the order of the lecture notes (example 1 first).

    Returns
    -------
    X : ndarray of str, shape (10, 3)
        Columns in the order of :data:`STOLEN_CAR_FEATURES`.
    y : ndarray of str, shape (10,)
        ``"Yes"`` or ``"No"``.

    Examples
    --------
    >>> from genlearn.datasets import stolen_cars
    >>> X, y = stolen_cars()
    >>> X.shape, int((y == "Yes").sum())
    ((10, 3), 5)
    >>> X[0].tolist(), str(y[0])
    (['Red', 'Sports', 'Domestic'], 'Yes')
    """
    path = resources.files("genlearn").joinpath("data", "stolen_cars.csv")
    with path.open(encoding="utf-8") as f:
        table = np.loadtxt(f, dtype=str, delimiter=",", comments="#", skiprows=2)
    return table[:, :3], table[:, 3]


# ---------------------------------------------------------------------------
# Tumours
# ---------------------------------------------------------------------------

def load_tumors(return_feature_names=False):
    """Wisconsin breast-cancer data with ``y = 1`` for a malignant tumour.

    scikit-learn's :func:`sklearn.datasets.load_breast_cancer` codes malignant
    as 0 and benign as 1; the lecture notes use malignant = 1, so the labels are
    flipped here. 569 tumours (212 malignant), 30 real-valued features.

    Parameters
    ----------
    return_feature_names : bool, default=False
        Also return the 30 feature names.

    Returns
    -------
    X : ndarray of shape (569, 30)
    y : ndarray of np.intp, shape (569,)
        1 = malignant, 0 = benign.
    feature_names : ndarray of str, shape (30,)
        Only if ``return_feature_names``.

    Examples
    --------
    >>> from genlearn.datasets import load_tumors
    >>> X, y = load_tumors()
    >>> X.shape, int(y.sum())
    ((569, 30), 212)
    """
    from sklearn.datasets import load_breast_cancer

    data = load_breast_cancer()
    X = np.asarray(data.data, dtype=float)
    y = (np.asarray(data.target) == 0).astype(np.intp)
    if return_feature_names:
        return X, y, np.asarray(data.feature_names)
    return X, y


# ---------------------------------------------------------------------------
# Seeded generators
# ---------------------------------------------------------------------------

def _class_priors(phi, K):
    if phi is None:
        return np.full(K, 1.0 / K)
    phi = np.atleast_1d(np.asarray(phi, dtype=float))
    if K == 2 and phi.shape == (1,):
        phi = np.array([1.0 - phi[0], phi[0]])  # phi = p(y = 1), as in CS229
    if phi.shape != (K,):
        raise ValueError(
            f"phi must be p(y=1) (a number, for two classes) or one prior per class "
            f"(length {K}); got shape {phi.shape}."
        )
    if np.any(phi < 0) or not np.isclose(phi.sum(), 1.0):
        raise ValueError(
            f"phi must be class probabilities: non-negative and summing to 1; got "
            f"{phi.tolist()}."
        )
    return phi


def _check_m(m):
    """``m``, the number of examples, as an int; a ValueError for anything but a whole number >= 1."""
    if isinstance(m, (bool, np.bool_)) or not isinstance(m, (int, np.integer, float, np.floating)) \
            or not float(m).is_integer() or m < 1:
        raise ValueError(f"m (the number of examples) must be a whole number >= 1; got {m!r}.")
    return int(m)


def _check_means(values, name):
    """``values`` as a float array; a ValueError naming ``name`` if they are not finite numbers."""
    try:
        values = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be numbers; got {values!r}.") from None
    if not np.isfinite(values).all():
        raise ValueError(f"{name} contains NaN or infinity: every entry must be a finite number; "
                         f"got {values.tolist()}.")
    return values


def _draw_labels(m, phi, rng):
    m = _check_m(m)
    # Labels are np.intp, numpy's index type, whatever the platform: np.bincount and indexing
    # accept no other integer type without a copy, and refuse int64 where intp is 32-bit (Python
    # in the browser, Pyodide). The draw itself is the same everywhere, so are the labels.
    return rng.choice(len(phi), size=m, p=phi).astype(np.intp)


def make_gaussian_classes(m=200, mu=((0.0, 0.0), (2.0, 1.0)),
                          Sigma=((1.0, 0.5), (0.5, 1.0)), phi=None,
                          random_state=None):
    """Draw labelled examples from Gaussian class-conditionals.

    The model of Gaussian discriminant analysis: ``y ~ Categorical(phi)``,
    then ``x | y=k ~ N(mu_k, Sigma_k)``. Pass one covariance matrix to share it
    between the classes (GDA / LDA: a linear boundary), or one per class (QDA:
    a quadratic boundary).

    Parameters
    ----------
    m : int, default=200
        Number of examples.
    mu : array-like of shape (K, n)
        One mean vector per class.
    Sigma : array-like of shape (n, n) or (K, n, n)
        Shared covariance, or one covariance per class. Each must be symmetric
        positive definite.
    phi : float or array-like of shape (K,), optional
        Class priors; a single number means ``p(y=1)`` for two classes.
        Default: equal priors.
    random_state : int, numpy.random.Generator or None
        Seed for reproducible draws.

    Returns
    -------
    X : ndarray of shape (m, n)
    y : ndarray of np.intp, shape (m,)
        Class indices 0..K-1.

    Examples
    --------
    >>> from genlearn.datasets import make_gaussian_classes
    >>> X, y = make_gaussian_classes(m=100, random_state=0)
    >>> X.shape, y.shape
    ((100, 2), (100,))
    >>> X2, _ = make_gaussian_classes(m=100, random_state=0)
    >>> bool((X == X2).all())
    True
    """
    _check_m(m)
    mu = _check_means(mu, "mu")
    if mu.ndim != 2:
        raise ValueError(
            f"mu must have shape (K classes, n features), one mean per row; got shape "
            f"{mu.shape}. For one feature use e.g. mu=[[0.0], [2.0]]."
        )
    K, n = mu.shape
    Sigma = np.asarray(Sigma, dtype=float)
    if Sigma.shape == (n, n):
        Sigmas = np.broadcast_to(Sigma, (K, n, n))
    elif Sigma.shape == (K, n, n):
        Sigmas = Sigma
    else:
        raise ValueError(
            f"Sigma must have shape ({n}, {n}) (shared by all classes) or ({K}, {n}, "
            f"{n}) (one per class) to match mu of shape {mu.shape}; got {Sigma.shape}."
        )
    chols = [np.linalg.cholesky(check_covariance(S, name="Sigma" if Sigma.ndim == 2
                                                 else f"Sigma[{k}]"))
             for k, S in enumerate(Sigmas)]
    phi = _class_priors(phi, K)
    rng = np.random.default_rng(random_state)
    y = _draw_labels(m, phi, rng)
    Z = rng.standard_normal((len(y), n))
    X = np.empty_like(Z)
    for k in range(K):
        rows = y == k
        X[rows] = mu[k] + Z[rows] @ chols[k].T
    return X, y


def make_poisson_classes(m=200, lam=((2.0,), (6.0,)), phi=None, random_state=None):
    """Draw labelled counts from Poisson class-conditionals.

    ``y ~ Categorical(phi)``, then each feature ``x_j | y=k ~ Poisson(lam[k][j])``,
    independently. With one feature, ``p(y=1 | x)`` is exactly a logistic
    function of ``x``, but ``p(x | y)`` is not Gaussian: the case where logistic
    regression is right and GDA is misspecified.

    Parameters
    ----------
    m : int, default=200
    lam : array-like of shape (K, n)
        Poisson rates, one row per class; all > 0.
    phi : float or array-like of shape (K,), optional
        Class priors (a single number means ``p(y=1)``); default equal.
    random_state : int, numpy.random.Generator or None

    Returns
    -------
    X : ndarray of int, shape (m, n)
        Non-negative counts.
    y : ndarray of np.intp, shape (m,)

    Examples
    --------
    >>> from genlearn.datasets import make_poisson_classes
    >>> X, y = make_poisson_classes(m=50, random_state=1)
    >>> X.shape, X.dtype.kind, bool((X >= 0).all())
    ((50, 1), 'i', True)
    """
    _check_m(m)
    lam = _check_means(lam, "lam")
    if lam.ndim == 1:
        raise ValueError(
            f"lam must have shape (K classes, n features); got 1-D {lam.shape}. For one "
            "feature and two classes write lam=[[2.0], [6.0]]."
        )
    if lam.ndim != 2 or not np.all(lam > 0) or not np.isfinite(lam).all():
        raise ValueError(
            f"lam must be a 2-D array of finite rates > 0 (shape (K, n)); got {lam.tolist()}."
        )
    phi = _class_priors(phi, lam.shape[0])
    rng = np.random.default_rng(random_state)
    y = _draw_labels(m, phi, rng)
    X = rng.poisson(lam[y]).astype(np.int64)
    return X, y


def make_lognormal_classes(m=200, mu=((0.0, 0.0), (1.0, 0.5)),
                           Sigma=((0.5, 0.2), (0.2, 0.5)), phi=None,
                           random_state=None):
    """Positive, right-skewed classes: ``x = exp(z)`` with ``z`` Gaussian.

    ``log x | y=k ~ N(mu_k, Sigma_k)``: the classes are Gaussian only after a log
    transform, so GDA on the raw ``x`` is misspecified. The same seed gives
    ``X == exp(Z)`` for the ``Z`` of :func:`make_gaussian_classes`.

    Parameters
    ----------
    m, phi, random_state
        As in :func:`make_gaussian_classes`.
    mu : array-like of shape (K, n)
        Means of ``log x``, one row per class.
    Sigma : array-like of shape (n, n) or (K, n, n)
        Covariance of ``log x``: shared, or one per class.

    Returns
    -------
    X : ndarray of shape (m, n)
        Positive values.
    y : ndarray of np.intp, shape (m,)

    Examples
    --------
    >>> import numpy as np
    >>> from genlearn.datasets import make_lognormal_classes
    >>> X, y = make_lognormal_classes(m=20, random_state=0)
    >>> bool((X > 0).all())
    True
    """
    Z, y = make_gaussian_classes(m=m, mu=mu, Sigma=Sigma, phi=phi,
                                 random_state=random_state)
    with np.errstate(over="ignore"):
        X = np.exp(Z)
    if not np.isfinite(X).all():
        raise ValueError(
            f"exp of the drawn log x overflows (the largest log x is {Z.max():.4g}, above 709): lower mu "
            "or Sigma, the mean and covariance of log x."
        )
    return X, y


# ---------------------------------------------------------------------------
# SMS spam
# ---------------------------------------------------------------------------

#: Official download of the SMS Spam Collection v.1 (UCI ML repository, id 228).
SMS_SPAM_URL = "https://archive.ics.uci.edu/static/public/228/sms+spam+collection.zip"
#: sha256 of the extracted ``SMSSpamCollection`` file (477,907 bytes).
SMS_SPAM_SHA256 = "7d039a24a6083ed9ef0f806ebad56bbb976e3aeb8de05669173bfdc4996c239d"
_SMS_FILE = "SMSSpamCollection"


def _sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()  # the file is 478 kB


def _cache_dir():
    """The user cache folder (``pooch.os_cache``), or None where pooch is not installed."""
    try:
        import pooch
    except ImportError:  # e.g. Python in the browser (JupyterLite): no cache, no download
        return None
    return Path(pooch.os_cache("genlearn"))


def _in_browser():
    """True in Python compiled to WebAssembly (Pyodide, as in JupyterLite), which downloads nothing."""
    return sys.platform == "emscripten"


def _candidate_dirs(data_home):
    dirs = []
    if data_home is not None:
        dirs.append(("data_home", Path(data_home).expanduser()))
    env = os.environ.get("GENLEARN_DATA")
    if env:
        dirs.append(("$GENLEARN_DATA", Path(env).expanduser()))
    for label, folder in dirs:
        if folder.is_file():
            raise ValueError(
                f"{label} must name the folder that holds {_SMS_FILE}, not a file: it is {folder}. "
                f"Set it to {folder.parent}" + (" (GENLEARN_DATA=" + str(folder.parent) + ")."
                                                 if label == "$GENLEARN_DATA" else ".")
            )
    cache = _cache_dir()
    if cache is not None:
        dirs.append(("user cache", cache))
    return dirs


def _read_sms(path):
    texts, y = [], []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line:
                continue
            label, sep, text = line.partition("\t")
            if not sep or label not in ("ham", "spam"):
                raise ValueError(
                    f"{path}, line {lineno}: expected 'ham' or 'spam', a tab, then the "
                    f"message; got {line[:40]!r}. Is this the SMSSpamCollection file?"
                )
            texts.append(text)
            y.append(1 if label == "spam" else 0)
    return texts, np.asarray(y, dtype=np.intp)


def _download_sms(cache):
    """Fetch the official zip with pooch into ``cache``; return the file path."""
    import pooch

    cache.mkdir(parents=True, exist_ok=True)
    members = pooch.retrieve(
        SMS_SPAM_URL, known_hash=None, path=cache, fname="sms_spam_collection.zip",
        processor=pooch.Unzip(members=[_SMS_FILE], extract_dir="."),
        progressbar=False,
    )
    return Path(members[0])


def _offline():
    """True if the environment variable ``GENLEARN_OFFLINE`` forbids downloads."""
    return os.environ.get("GENLEARN_OFFLINE", "").strip().lower() not in ("", "0", "false", "no")


def load_sms_spam(data_home=None, download=True):
    """The UCI SMS Spam Collection v.1: 5,574 text messages, 747 of them spam.

    The file ``SMSSpamCollection`` is looked for, in this order, in

    1. ``data_home`` (if given),
    2. the folder named by the environment variable ``GENLEARN_DATA``,
    3. the user cache, ``pooch.os_cache("genlearn")`` (e.g.
       ``~/.cache/genlearn`` on Linux), where pooch is installed.

    Only if none has it is the official zip downloaded from the UCI repository
    (:data:`SMS_SPAM_URL`) into the user cache, and only when ``download`` is
    True, the environment variable ``GENLEARN_OFFLINE`` is not set (the
    test suite sets it: tests never use the network), pooch is installed and
    Python does not run in the browser (Pyodide, JupyterLite). Whatever stops
    or fails the download, the error is a ``FileNotFoundError``, so a caller
    that falls back to :func:`load_demo_sms` on it always can. Every copy is checked
    against :data:`SMS_SPAM_SHA256` before use. The corpus is by Tiago A.
    Almeida and José María Gómez Hidalgo; its readme gives the licence and the
    citation.

    Parameters
    ----------
    data_home : str or path-like, optional
        A folder holding ``SMSSpamCollection``.
    download : bool, default=True
        Set to False to never use the network (a missing file then raises).
        ``GENLEARN_OFFLINE=1`` in the environment has the same effect.

    Returns
    -------
    texts : list of str, length 5574
        The messages, in file order.
    y : ndarray of np.intp, shape (5574,)
        1 for spam, 0 for ham.

    Raises
    ------
    FileNotFoundError
        No copy was found and the download was disabled, impossible here or
        failed. The
        message, on one line, lists every folder looked in and says where to
        put the file.
    ValueError
        A copy was found but its checksum is wrong.

    Examples
    --------
    >>> from genlearn.datasets import load_sms_spam
    >>> texts, y = load_sms_spam()                    # doctest: +SKIP
    >>> len(texts), int(y.sum())                      # doctest: +SKIP
    (5574, 747)
    """
    if not isinstance(download, (bool, np.bool_)):
        raise ValueError(f"download must be True or False; got {download!r}.")
    looked = []
    for label, folder in _candidate_dirs(data_home):
        path = folder / _SMS_FILE
        looked.append(f"{label} ({folder})")
        if path.is_file():
            digest = _sha256(path)
            if digest != SMS_SPAM_SHA256:
                raise ValueError(
                    f"{path} is not the SMS Spam Collection v.1: its sha256 is {digest}, "
                    f"expected {SMS_SPAM_SHA256}. Replace it with the file from "
                    f"{SMS_SPAM_URL} (or delete it to download again)."
                )
            return _read_sms(path)
    # One line, so that a caller quoting only the first line still shows the folders.
    if looked:
        where = ", ".join(looked[:-1]) + (" or " if len(looked) > 1 else "") + looked[-1]
    else:  # no data_home, no GENLEARN_DATA, and no user cache without pooch
        where = "no folder (neither data_home nor GENLEARN_DATA is set)"
    cache = _cache_dir()
    missing = f"SMS Spam Collection not found: no file {_SMS_FILE} in {where}"
    hint = (
        f"To fix: download {SMS_SPAM_URL}, unzip it and put {_SMS_FILE} in one of those "
        "folders (or set GENLEARN_DATA to the folder holding it). Without it, "
        "genlearn.datasets.load_demo_sms() gives a small invented corpus."
    )
    if not download:
        raise FileNotFoundError(f"{missing}; download=False, so nothing was downloaded. {hint}")
    if _offline():
        raise FileNotFoundError(
            f"{missing}; GENLEARN_OFFLINE={os.environ['GENLEARN_OFFLINE']} is set, so nothing "
            f"was downloaded. {hint}"
        )
    if _in_browser():
        raise FileNotFoundError(f"{missing}; Python runs in the browser here (Pyodide), so nothing was "
                                f"downloaded. {hint}")
    if cache is None:
        raise FileNotFoundError(f"{missing}; downloading needs the package pooch, which is not "
                                f"installed (pip install pooch). {hint}")
    existed = cache.exists()
    try:
        path = _download_sms(cache)
    except Exception as exc:  # offline, proxy, server down...
        if not existed:  # leave no empty cache folder behind
            try:
                cache.rmdir()
            except OSError:
                pass
        reason = " ".join(f"{type(exc).__name__}: {exc}".split())
        raise FileNotFoundError(
            f"{missing}, and the download failed ({reason}). {hint}"
        ) from exc
    digest = _sha256(path)
    if digest != SMS_SPAM_SHA256:
        raise ValueError(
            f"The downloaded {path} has sha256 {digest}, expected {SMS_SPAM_SHA256}: "
            "the download is corrupt or the file changed upstream. Delete it and try "
            f"again, or put a verified copy in {cache}."
        )
    return _read_sms(path)


def load_demo_sms():
    """A small corpus of INVENTED text messages, written for this project.

    48 messages (20 spam, 28 ham) in the style of the SMS Spam Collection, for
    notebooks that must run without the real corpus. They were made up by the
    genlearn authors; no real person sent them. Accuracy figures on them mean
    little: use :func:`load_sms_spam` for real results.

    Returns
    -------
    texts : list of str
    y : ndarray of np.intp
        1 for spam, 0 for ham.

    Examples
    --------
    >>> from genlearn.datasets import load_demo_sms
    >>> texts, y = load_demo_sms()
    >>> len(texts) >= 40, set(y.tolist())
    (True, {0, 1})
    """

    path = resources.files("genlearn").joinpath("data", "demo_sms.tsv")
    texts, y = [], []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        label, _, text = line.partition("\t")
        texts.append(text)
        y.append(1 if label == "spam" else 0)
    return texts, np.asarray(y, dtype=np.intp)
