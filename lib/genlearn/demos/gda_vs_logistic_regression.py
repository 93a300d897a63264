"""Experiments and figures for notebook 04, GDA versus logistic regression.

Functions
---------
draw_training_pools      all repetitions' training data from one generator call
learning_curves          test error of several models against the training-set size m
bayes_error              the exact Bayes error of a scenario, the floor of every curve
bayes_rule_error         the error of the true Bayes rule on a given test set (a draw around the floor)
plot_learning_curves     mean test error with a band, log-scaled m
plot_newton_convergence  how fast Newton's method closes the gap to the maximum
separable_example        a small, perfectly separated training set
penalty_path             |theta| of logistic regression as the L2 penalty vanishes
plot_separation          coefficient growth on separable data, logistic vs GDA
plot_log_fix             GDA on x and on log x, drawn on a log-normal data set
near_separation_example  one feature, separable but for one overlapping example
penalised_curves         small-m learning curves with and without an L2 penalty
estimator_spread         GDA's and logistic regression's slopes over many training sets
newton_path              the Newton iterates of genlearn's LogisticRegression, one by one
newton_data              the Newton explorer's two data sets: overlapping and separable classes
plot_newton_state        the Newton explorer's still picture: a Newton iterate's boundary and GDA's

The lesson's explorer, Newton's method one step at a time on points the learner drags, is
:class:`genlearn.explorers.gda_vs_logistic_regression.NewtonExplorer`.

``SCENARIOS`` holds the three data-generating processes of the notebook:
Gaussian classes with a shared Sigma (GDA's own model), Poisson counts and
log-normal features (both outside it).

A learning curve needs many fits: ``sizes`` x ``n_repeats`` for each model.
The repetitions are drawn in one call of the generator, every training set
is a prefix of its repetition's pool (so the curves are nested, as if data
arrived one example at a time), and the test errors of all fits are computed
in one matrix product of the test set with the stacked ``(theta, theta0)``.
"""
import warnings

import numpy as np

from . import style
from .geometry import boundary_from_parameters, line_in_box

__all__ = ["SIZES", "SCENARIOS", "draw_training_pools", "learning_curves", "bayes_error", "bayes_rule_error",
           "plot_learning_curves", "plot_newton_convergence", "separable_example",
           "penalty_path", "plot_separation", "plot_log_fix", "LOGNORMAL_FIX", "run_all",
           "plot_learning_curve_panels", "near_separation_example", "penalised_curves",
           "estimator_spread", "newton_path", "newton_data", "plot_newton_state", "NEWTON_STEPS"]

#: Training-set sizes of the learning curves: 13 steps from 10 to 10,000, evenly on a log scale.
SIZES = np.unique(np.round(np.logspace(1, 4, 13)).astype(int))

_GAUSS_N = 4
_GAUSS_DELTA = 3.5
#: The data-generating processes of notebook 04 (arguments of the genlearn.datasets generators).
SCENARIOS = {
    "gaussian": dict(
        generator="make_gaussian_classes",
        kwargs=dict(mu=(np.zeros(_GAUSS_N), np.full(_GAUSS_N, _GAUSS_DELTA / np.sqrt(_GAUSS_N))),
                    Sigma=np.eye(_GAUSS_N), phi=0.5),
        title=f"(a) Gaussian classes, shared Sigma (n = {_GAUSS_N})",
    ),
    "poisson": dict(
        generator="make_poisson_classes",
        kwargs=dict(lam=((1.0, 1.0, 4.0, 2.0), (6.0, 2.0, 1.0, 5.0)), phi=0.3),
        title="(b) Poisson counts (n = 4)",
    ),
    "lognormal": dict(
        generator="make_lognormal_classes",
        kwargs=dict(mu=((0.0, 0.0), (1.0, 0.5)), Sigma=((0.5, 0.2), (0.2, 0.5)), phi=0.5),
        title="(c) log-normal features (n = 2)",
    ),
}

#: The log-normal data set of the "fit GDA on log x" section.
LOGNORMAL_FIX = dict(m=400, random_state=2)

#: The line of each model: the suite's table (the same model looks the same everywhere).
MODEL_STYLE = style.MODEL_STYLES


def _sampler(scenario):
    from .. import datasets

    spec = SCENARIOS[scenario]
    gen = getattr(datasets, spec["generator"])
    return lambda m, random_state: gen(m=m, random_state=random_state, **spec["kwargs"])


def draw_training_pools(sample, n_repeats, m_max, seed=0):
    """Draw ``n_repeats`` training pools of ``m_max`` examples in one generator call.

    Repetition ``r`` uses rows ``r * m_max ... (r + 1) * m_max - 1`` of the draw.
    The training set of size m is the first m rows of a pool. To make every
    prefix usable, the first example of the other class is moved to row 1 of
    each pool, so the smallest training sets always hold both classes (the
    curves are conditional on that; it changes nothing once m is moderate).

    Parameters
    ----------
    sample : callable ``sample(m, random_state) -> (X, y)``
    n_repeats, m_max : int
    seed : int

    Returns
    -------
    X : ndarray of shape (n_repeats, m_max, n)
    y : ndarray of shape (n_repeats, m_max)
    """
    X, y = sample(n_repeats * m_max, seed)
    X = np.asarray(X, dtype=float).reshape(n_repeats, m_max, -1).copy()
    y = np.asarray(y).reshape(n_repeats, m_max).copy()
    for r in range(n_repeats):
        other = np.flatnonzero(y[r] != y[r, 0])
        if other.size == 0:
            raise ValueError(f"repetition {r} drew a single class in {m_max} examples; "
                             "use more examples or less extreme class priors.")
        j = other[0]
        for arr in (X[r], y[r]):
            arr[[1, j]] = arr[[j, 1]]
    return X, y


def _default_models():
    from .. import GDA, LogisticRegression

    return {"GDA": (GDA, None), "logistic regression": (LogisticRegression, None)}


def learning_curves(scenario, models=None, sizes=SIZES, n_repeats=20, m_test=20000, seed=0):
    """Test error against training-set size for each model, over random repetitions.

    Parameters
    ----------
    scenario : str
        A key of :data:`SCENARIOS`, or a callable ``sample(m, random_state)``.
    models : dict, optional
        ``name -> (make_estimator, transform)``: ``make_estimator()`` returns a
        fresh binary classifier with ``theta_`` and ``theta0_`` after fit;
        ``transform`` (or None) is applied to X before fitting and testing.
        Default: genlearn's GDA and LogisticRegression on the raw features.
    sizes : array of int
        Training-set sizes m (each at most the pool size ``max(sizes)``).
    n_repeats : int
        Independent training pools per size.
    m_test : int
        Size of the common test set (drawn with seed ``seed + 10_000``).

    Returns
    -------
    result : dict
        ``sizes``; ``errors`` (name -> array (n_repeats, len(sizes)));
        ``mean`` and ``se`` (name -> array (len(sizes),), the mean over
        repetitions and its standard error); ``separable`` (name -> number of
        fits that warned that the training set was separable, completely or only
        partly); ``quasi_separable`` (name -> how many of those were only partly
        separable, quasi-separation: some examples on the separating boundary, which
        ties of counts make possible); ``X_test``, ``y_test``.
    """
    from ..logistic import ConvergenceWarning, SeparableDataWarning

    sample = _sampler(scenario) if isinstance(scenario, str) else scenario
    models = _default_models() if models is None else models
    sizes = np.asarray(sizes, dtype=int)
    Xp, yp = draw_training_pools(sample, n_repeats, int(sizes.max()), seed)
    X_test, y_test = sample(m_test, seed + 10_000)
    X_test = np.asarray(X_test, dtype=float)
    result = {"sizes": sizes, "errors": {}, "mean": {}, "se": {}, "separable": {},
              "quasi_separable": {}, "X_test": X_test, "y_test": np.asarray(y_test)}
    for name, (make, transform) in models.items():
        f = (lambda A: A) if transform is None else transform
        Xt = f(X_test)
        thetas = np.empty((n_repeats, len(sizes), Xt.shape[1] + 1))
        n_sep = n_quasi = 0
        for r in range(n_repeats):
            Xr = f(Xp[r])
            for j, m in enumerate(sizes):
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always", SeparableDataWarning)
                    warnings.simplefilter("always", ConvergenceWarning)
                    model = make().fit(Xr[:m], yp[r, :m])
                separable = [w for w in caught if issubclass(w.category, SeparableDataWarning)]
                n_sep += bool(separable)
                # genlearn words the two cases differently (LogisticRegression._warn)
                n_quasi += any(str(w.message).startswith("The training data are quasi-separable")
                               for w in separable)
                thetas[r, j, :-1] = model.theta_
                thetas[r, j, -1] = model.theta0_
        # All test errors at once: (m_test, n+1) @ (n+1, n_repeats * len(sizes)).
        scores = np.column_stack([Xt, np.ones(len(Xt))]) @ thetas.reshape(-1, thetas.shape[-1]).T
        wrong = (scores > 0) != (result["y_test"] == 1)[:, None]
        err = wrong.mean(axis=0).reshape(n_repeats, len(sizes))
        result["errors"][name] = err
        result["mean"][name] = err.mean(axis=0)
        result["se"][name] = err.std(axis=0, ddof=1) / np.sqrt(n_repeats)
        result["separable"][name] = n_sep
        result["quasi_separable"][name] = n_quasi
    return result


def _gaussian_bayes_error(phi, mu0, mu1, Sigma):
    """Exact error of the Bayes rule between N(mu0, Sigma) and N(mu1, Sigma) with p(y = 1) = phi.

    The log-odds ``L = theta^T x + theta0`` is Gaussian in each class with variance
    ``Delta^2`` (the squared Mahalanobis distance between the means) and mean
    ``+- Delta^2 / 2 + log(phi / (1 - phi))``, so each class's share of the error is a normal
    tail; with ``phi = 1/2`` the sum is ``Phi(-Delta / 2)``.
    """
    from scipy.stats import norm

    mu0, mu1 = np.asarray(mu0, dtype=float), np.asarray(mu1, dtype=float)
    d = mu1 - mu0
    delta = float(np.sqrt(d @ np.linalg.solve(np.asarray(Sigma, dtype=float), d)))
    c = np.log(phi / (1 - phi))
    return float(phi * norm.cdf(-(delta**2 / 2 + c) / delta)
                 + (1 - phi) * norm.cdf(-(delta**2 / 2 - c) / delta))


def _poisson_bayes_error(lam0, lam1, phi, tail=1e-16):
    """Exact error of the Bayes rule between independent Poisson counts: the sum over every
    vector of counts x of ``min(phi p1(x), (1 - phi) p0(x))``.

    The sum runs over counts 0 to K in each feature, K the smallest count that every rate
    exceeds with probability below ``tail``; what is left out is below ``n * tail``. The grid has
    ``(K + 1)**n`` cells (about 10^6 for the lesson's four features).
    """
    from scipy.stats import poisson

    lam0, lam1 = np.asarray(lam0, dtype=float), np.asarray(lam1, dtype=float)
    top = max(lam0.max(), lam1.max())
    K = int(np.ceil(top))
    while poisson.sf(K, top) >= tail:  # P(count > K) for the largest rate, the longest tail
        K += 1
    k = np.arange(K + 1)
    joint0, joint1 = np.array(1 - phi), np.array(phi)
    for l0, l1 in zip(lam0, lam1):  # the product over features, one axis a feature
        joint0 = np.multiply.outer(joint0, poisson.pmf(k, l0))
        joint1 = np.multiply.outer(joint1, poisson.pmf(k, l1))
    return float(np.minimum(joint0, joint1).sum())


def bayes_error(scenario):
    """The exact Bayes error of a scenario: the error of the true posterior over the whole
    distribution, which no classifier beats on average.

    * ``"gaussian"``: ``Phi(-Delta / 2)`` for equal priors, ``Delta`` the Mahalanobis distance
      between the means (for another prior, each class's share of the error is a normal tail).
    * ``"lognormal"``: the same closed form for the Gaussians of ``log x``: the logarithm maps
      each feature one to one, so the Bayes rule in ``x`` is the one in ``log x``, with the same error.
    * ``"poisson"``: the sum over all count vectors of ``min(phi p1(x), (1 - phi) p0(x))``.

    A test set's error of the same rule is a draw around it: :func:`bayes_rule_error`.

    Examples
    --------
    >>> round(bayes_error("gaussian"), 6)
    0.040059
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {sorted(SCENARIOS)}.")
    kw = SCENARIOS[scenario]["kwargs"]
    if scenario == "poisson":
        return _poisson_bayes_error(*kw["lam"], kw["phi"])
    return _gaussian_bayes_error(kw["phi"], kw["mu"][0], kw["mu"][1], kw["Sigma"])


def bayes_rule_error(scenario, X_test, y_test):
    """The error of the true Bayes rule of a scenario on a given test set.

    A test set is a sample, so this figure scatters around :func:`bayes_error` with standard
    error ``sqrt(e (1 - e) / m_test)``; it is the fair yardstick for models tested on the same
    points, and a model can score below the exact Bayes error on it.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {sorted(SCENARIOS)}.")
    kw = SCENARIOS[scenario]["kwargs"]
    phi = kw["phi"]
    Z = np.asarray(X_test, dtype=float)
    if scenario == "poisson":
        lam0, lam1 = (np.asarray(v, dtype=float) for v in kw["lam"])
        theta = np.log(lam1 / lam0)
        theta0 = -(lam1 - lam0).sum() + np.log(phi / (1 - phi))
    else:  # Gaussian, or log-normal: Gaussian in log x
        theta, theta0 = boundary_from_parameters(phi, kw["mu"][0], kw["mu"][1], kw["Sigma"])
        Z = np.log(Z) if scenario == "lognormal" else Z
    return float(np.mean((Z @ theta + theta0 > 0) != (np.asarray(y_test) == 1)))


def plot_learning_curves(result, ax=None, title=None, bayes=None, legend=True):
    """Mean test error (line) and mean +- one standard error (band) against m, log-scaled.

    Each model keeps its line of :data:`genlearn.demos.style.MODEL_STYLES`;
    the Bayes error, the floor of every curve, is the dotted grey line.

    Returns
    -------
    fig : matplotlib.figure.Figure
    """
    if ax is None:
        fig = style.new_figure((6.4, 4.4))
        ax = fig.subplots()
    sizes = result["sizes"]
    for name, mean in result["mean"].items():
        line = style.model_style(name)
        se = result["se"][name]
        ax.plot(sizes, mean, ms=5, label=name, **line)
        ax.fill_between(sizes, mean - se, mean + se, color=line["color"], alpha=0.25, lw=0)
    if bayes is not None:
        ax.axhline(bayes, label=f"Bayes error {bayes:.3f}", **style.REFERENCE)
    ax.set_xscale("log")
    ax.set_xlabel("training-set size m")
    ax.set_ylabel("test error")
    ax.grid(True, which="major")
    if legend:
        handles, _ = ax.get_legend_handles_labels()
        ax.legend(handles=handles + [_band_key()])
    ax.set_title((title or "Test error against training-set size").replace("Sigma", "Σ"))
    return ax.figure


def _band_key():
    return style.patch_key("band: mean ± 1 standard error", "0.5")

def plot_newton_convergence(model, ax=None):
    """``l* - l(theta_k)`` against the Newton iteration k, on a log scale.

    ``l*`` is the last value of ``model.loglik_path_``; the gap falls slowly
    at first and then collapses (the number of correct digits roughly doubles
    per iteration: quadratic convergence).
    """
    if ax is None:
        fig = style.new_figure((6.4, 4.2))
        ax = fig.subplots()
    path = np.asarray(model.loglik_path_)
    gap = path[-1] - path[:-1]
    k = np.arange(len(gap))
    keep = gap > 0
    ax.semilogy(k[keep], gap[keep], marker="o")
    ax.set_xlabel("Newton iteration k")
    ax.set_ylabel(r"gap to the maximum $\ell^* - \ell(\theta_k)$")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_title("Newton's method on the conditional log-likelihood")
    ax.grid(True)
    return ax.figure


def separable_example(m=40, random_state=4):
    """Two well separated Gaussian clouds: a perfectly separable training set.

    Returns
    -------
    X : ndarray of shape (m, 2)
    y : ndarray of int, shape (m,)
    """
    from ..datasets import make_gaussian_classes

    X, y = make_gaussian_classes(m=m, mu=((0.0, 0.0), (4.0, 3.0)),
                                 Sigma=((1.0, 0.3), (0.3, 0.8)), random_state=random_state)
    return X, y


def penalty_path(X, y, Cs):
    """``|theta|`` of L2-penalised logistic regression for each C (weaker penalty as C grows).

    On separable data the penalised fit exists for every finite C, but its
    coefficients grow without bound as C -> inf: the unpenalised MLE does not exist.

    Returns
    -------
    norms : ndarray of shape (len(Cs),)
    """
    from .. import LogisticRegression

    return np.array([np.linalg.norm(LogisticRegression(C=C).fit(X, y).theta_) for C in Cs])


def plot_separation(X, y, newton_norms, gda_norm, Cs=None, C_norms=None):
    """Left: the data with the GDA boundary; right: |theta| as Newton iterates / as C grows.

    Returns
    -------
    fig : matplotlib.figure.Figure
    """
    from .. import GDA

    fig = style.new_figure((9.6, 4.4))
    ax1, ax2 = fig.subplots(1, 2)
    style.scatter_classes(ax1, X, y, classes=(0, 1), s=30)
    gda = GDA().fit(X, y)
    lo, hi = X.min(axis=0) - 1, X.max(axis=0) + 1
    ax1.plot(*line_in_box(gda.theta_, gda.theta0_, (lo[0], hi[0]), (lo[1], hi[1])),
             label="GDA boundary", **style.BOUNDARY)
    ax1.set_xlim(lo[0], hi[0])
    ax1.set_ylim(lo[1], hi[1])
    ax1.set_xlabel("x1")
    ax1.set_ylabel("x2")
    ax1.set_title("perfectly separated classes")
    ax1.legend(loc="upper left")
    k = np.arange(len(newton_norms))
    ax2.plot(k, newton_norms, label="logistic, Newton iterate k",
             **style.model_style("logistic regression"))
    ax2.axhline(gda_norm, label="GDA (closed form)", **{**style.model_style("GDA"), "marker": None})
    ax2.set_xlabel("Newton iteration k")
    ax2.set_ylabel("|θ| (intercept left out)")
    ax2.xaxis.get_major_locator().set_params(integer=True)
    ax2.grid(True)
    ax2.legend(loc="upper left")
    ax2.set_title("coefficients on separable data")
    return fig

def plot_log_fix(X, y, gda_raw, gda_log):
    """A log-normal data set with GDA's boundary on x and on log x, on linear and on log axes.

    Left, the original coordinates: GDA on x draws a line, and the log-x
    boundary ``theta1 log x1 + theta2 log x2 + theta0 = 0``, i.e.
    ``x2 = exp(-(theta1 log x1 + theta0) / theta2)``, is a curve. Right, the
    same on logarithmic axes, where the classes are Gaussian clouds and the
    log-x boundary is straight (and the raw-x line is bent).

    Returns
    -------
    fig : matplotlib.figure.Figure with two axes
    """
    X = np.asarray(X, dtype=float)
    fig = style.new_figure((9.6, 4.6))
    axes = fig.subplots(1, 2)
    limits = [
        ((0.0, float(np.quantile(X[:, 0], 0.98)) * 1.1),
         (0.0, float(np.quantile(X[:, 1], 0.98)) * 1.1)),
        tuple((float(X[:, j].min()) / 1.3, float(X[:, j].max()) * 1.3) for j in (0, 1)),
    ]
    t1, t2 = gda_log.theta_
    r1, r2 = gda_raw.theta_
    for ax, (xlim, ylim), log in zip(axes, limits, (False, True)):
        style.scatter_classes(ax, X, y, classes=(0, 1), s=14, alpha=0.6)
        x1 = (np.geomspace(xlim[0], xlim[1], 400) if log
              else np.linspace(max(xlim[0], 1e-3), xlim[1], 400))
        raw = -(r1 * x1 + gda_raw.theta0_) / r2
        ok = raw > 0
        ax.plot(x1[ok], raw[ok], label="GDA on x", lw=2.5,
                **{**style.model_style("GDA"), "marker": None})
        ax.plot(x1, np.exp(-(t1 * np.log(x1) + gda_log.theta0_) / t2), label="GDA on log x",
                lw=2.5, **{**style.model_style("GDA on log x"), "marker": None})
        if log:
            ax.set_xscale("log")
            ax.set_yscale("log")
        ax.set_xlim(xlim)
        ax.set_ylim(ylim)
        ax.set_xlabel("x1" + (" (log scale)" if log else ""))
        ax.set_ylabel("x2" + (" (log scale)" if log else ""))
    style.figure_legend(fig, axes[0].get_legend_handles_labels()[0])
    axes[0].set_title("original axes:\nthe log-x boundary is a curve")
    axes[1].set_title("log axes: Gaussian clouds,\nthe log-x boundary is straight")
    return fig

def run_all(n_repeats=20, seed=0):
    """The learning curves of the three scenarios, with GDA on log x added to the log-normal one.

    Returns
    -------
    results : dict scenario -> result of :func:`learning_curves`, with ``bayes_rule_error``
        added: :func:`bayes_rule_error` on its test set
    bayes : dict scenario -> :func:`bayes_error`, the exact value
    """
    from .. import GDA

    results, bayes = {}, {}
    for scenario in SCENARIOS:
        models = _default_models()
        if scenario == "lognormal":
            models["GDA on log x"] = (GDA, np.log)
        results[scenario] = learning_curves(scenario, models=models, n_repeats=n_repeats,
                                            seed=seed)
        bayes[scenario] = bayes_error(scenario)
        results[scenario]["bayes_rule_error"] = bayes_rule_error(scenario, results[scenario]["X_test"],
                                                                 results[scenario]["y_test"])
    return results, bayes


def plot_learning_curve_panels(results, bayes):
    """The learning-curve panels two to a row, with one legend for all of them.

    With an odd number of panels the legend fills the free cell of the last
    row; otherwise it sits below the panels.
    """
    n = len(results)
    rows = (n + 2) // 2 if n % 2 else n // 2
    fig = style.new_figure((9.6, 3.8 * rows + (0 if n % 2 else 1.0)))
    axes = np.atleast_1d(fig.subplots(rows, 2)).ravel()
    handles = {}
    for ax, (scenario, result) in zip(axes, results.items()):
        plot_learning_curves(result, ax=ax, title=SCENARIOS[scenario]["title"],
                             bayes=bayes.get(scenario), legend=False)
        for h, label in zip(*ax.get_legend_handles_labels()):
            handles.setdefault("Bayes error (best possible)" if label.startswith("Bayes")
                               else label, h)
    for ax in axes[len(results):]:
        ax.axis("off")
    keys = [style.key(label, **{prop: getattr(h, f"get_{prop}")()
                                for prop in ("color", "ls", "lw", "marker")})
            for label, h in handles.items()]
    if n % 2:
        axes[-1].legend(handles=keys + [_band_key()], loc="center")
    else:
        style.figure_legend(fig, keys + [_band_key()], ncols=3)
    return fig


def near_separation_example(s, m=40, random_state=1):
    """A one-feature training set that is separable except for one example.

    ``m`` examples, half of each class, from N(-2, 1) and N(2, 1) (this seed
    draws a separable set), plus one extra class-0 example placed ``s`` to the
    right of the leftmost class-1 example. For ``s > 0`` the classes overlap by
    that single example and the maximum-likelihood estimate exists; as
    ``s -> 0`` the overlap vanishes and the estimate runs off to infinity.

    Returns
    -------
    X : ndarray of shape (m + 1, 1)
    y : ndarray of int, shape (m + 1,)
    """
    if not s > 0:
        raise ValueError(f"s must be > 0 (the overlap of the two classes); got {s!r}. "
                         "With s <= 0 the data are separable and the MLE does not exist.")
    rng = np.random.default_rng(random_state)
    y = np.repeat([0, 1], [m // 2, m - m // 2])
    x = np.where(y == 1, 2.0, -2.0) + rng.normal(size=m)
    x = np.append(x, x[y == 1].min() + s)
    return x[:, None], np.append(y, 0)


def penalised_curves(C=1.0, sizes=None, n_repeats=20, seed=0, scenarios=("gaussian", "poisson")):
    """Learning curves at small m with and without an L2 penalty on logistic regression.

    Small training sets are often separable: the unpenalised fit then stops
    at an arbitrary scale (``separable`` counts those fits), while the
    penalised one (named ``"logistic, C=1"`` for the default C) has a unique
    optimum.

    Returns
    -------
    results : dict scenario -> result of :func:`learning_curves`, with ``bayes_rule_error``
        added: :func:`bayes_rule_error` on its test set
    bayes : dict scenario -> :func:`bayes_error`, the exact value
    """
    from functools import partial

    from .. import GDA, LogisticRegression

    sizes = SIZES[SIZES <= 316] if sizes is None else sizes
    models = {"GDA": (GDA, None), "logistic regression": (LogisticRegression, None),
              f"logistic, C={C:g}": (partial(LogisticRegression, C=C), None)}
    results, bayes = {}, {}
    for scenario in scenarios:
        results[scenario] = learning_curves(scenario, models=models, sizes=sizes,
                                            n_repeats=n_repeats, seed=seed)
        bayes[scenario] = bayes_error(scenario)
        results[scenario]["bayes_rule_error"] = bayes_rule_error(scenario, results[scenario]["X_test"],
                                                                 results[scenario]["y_test"])
    return results, bayes


def estimator_spread(m=200, n_repeats=200, delta=2.5, seed=1):
    """GDA's and logistic regression's (theta, theta0) on many one-feature training sets.

    Each set has ``m`` examples of x | y=0 ~ N(0, 1), x | y=1 ~ N(delta, 1),
    phi = 1/2: GDA's model is right, and both methods estimate the same true
    log-odds ``theta = delta``, ``theta0 = -delta**2 / 2``. The spread of the
    estimates over the repetitions compares their variances. (``delta`` is
    kept moderate so that no training set is separable.)

    Returns
    -------
    thetas : dict name -> ndarray of shape (n_repeats, 2), theta then theta0
    """
    from .. import GDA, LogisticRegression
    from ..datasets import make_gaussian_classes

    def sample(m_, random_state):
        return make_gaussian_classes(m=m_, mu=((0.0,), (delta,)), Sigma=((1.0,),),
                                     random_state=random_state)

    Xp, yp = draw_training_pools(sample, n_repeats, m, seed)
    thetas = {}
    for name, make in (("GDA", GDA), ("logistic regression", LogisticRegression)):
        fits = [make().fit(Xp[r], yp[r]) for r in range(n_repeats)]
        thetas[name] = np.array([[*f.theta_, f.theta0_] for f in fits])
    return thetas


# ----------------------------------------------------------------------------- Newton, step by step

#: The most Newton steps the explorer takes (on separable data |theta| grows by about 2.7 a step).
NEWTON_STEPS = 30
#: The square box of the Newton explorer's figure, in both coordinates.
NEWTON_LIMITS = (-2.5, 6.5)
#: The explorer's data sets: 40 points each, the same covariance; the second is separable_example().
NEWTON_DATA = {"overlap": dict(m=40, mu=((0.0, 0.0), (2.0, 1.5)), Sigma=((1.0, 0.3), (0.3, 0.8)),
                               random_state=0),
               "separable": dict(m=40, mu=((0.0, 0.0), (4.0, 3.0)), Sigma=((1.0, 0.3), (0.3, 0.8)),
                                 random_state=4)}


def newton_data(name):
    """The explorer's data set ``name`` (a key of :data:`NEWTON_DATA`): ``X`` (40, 2), ``y`` (40,)."""
    from ..datasets import make_gaussian_classes

    if name not in NEWTON_DATA:
        raise ValueError(f"unknown data set {name!r}; choose one of {sorted(NEWTON_DATA)}.")
    return make_gaussian_classes(**NEWTON_DATA[name])


def newton_path(X, y, max_steps=NEWTON_STEPS):
    """The Newton iterates of :class:`genlearn.LogisticRegression` on ``X``, ``y``, one by one.

    The same function genlearn's ``fit`` runs (``genlearn.logistic._newton``, from the
    intercept-only start, halving a step that would lower the log-likelihood, in centred
    coordinates), with its tolerance ``tol``, but without its stop on separated data: on
    separable data the iterates keep running away, as the lesson shows. It stops when the
    Newton decrement falls to ``tol`` ("converged"), when the Hessian is numerically singular
    ("singular") or after ``max_steps`` steps ("max_steps"). On data that are not separable
    the iterates are exactly ``LogisticRegression(max_iter=k).fit(X, y)``'s.

    Returns
    -------
    thetas : ndarray of shape (K + 1, 3)
        ``(theta_1, theta_2, theta0)`` of iterate 0 (the start) to K, in the user's units.
    logliks : ndarray of shape (K + 1,)
        The log-likelihood at each iterate; it never decreases.
    status : str
    """
    from .. import _fast
    from ..logistic import LogisticRegression, _model, _newton

    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    data = _fast.ShiftedRows(X, _fast.rough_centre(X))
    start, scores, objective, derivatives, margins = _model(data, y, 2, np.zeros(X.shape[1] + 1))
    seen = []

    def recorded(z, v):  # genlearn computes the derivatives at each iterate: keep it
        seen.append(np.array(v))
        return derivatives(z, v)

    v, _, path, status = _newton(start, scores, objective, recorded, margins, max_steps,
                                 LogisticRegression().tol, stop_if_separated=False)
    V = np.array([*seen, v]) if status != "singular" else np.array(seen)
    V = V[:len(path)]
    thetas = np.column_stack([V[:, :-1], V[:, -1] - V[:, :-1] @ data.shift])  # theta0 in the user's units
    return thetas, np.array(path), {"max_iter": "max_steps"}.get(status, status)


def plot_newton_state(X, y, thetas, logliks, step):
    """The Newton explorer's still picture, where widgets cannot run: the points ``X`` (m, 2), ``y`` (m,)
    with the boundary of iterate ``step`` of ``thetas`` (:func:`newton_path`'s iterates, rows
    ``(theta_1, theta_2, theta0)``) and GDA's; beside them, the log-likelihoods ``logliks`` so far."""
    from .. import GDA

    k = min(step, len(thetas) - 1)
    fig = style.new_figure((9.6, 4.4))
    ax1, ax2 = fig.subplots(1, 2)
    style.scatter_classes(ax1, X, y, classes=(0, 1), s=30)
    gda = GDA().fit(X, y)
    lim = NEWTON_LIMITS
    if np.hypot(*thetas[k, :2]) > 1e-12:
        ax1.plot(*line_in_box(thetas[k, :2], thetas[k, 2], lim, lim), label=f"logistic, Newton iterate {k}",
                 **style.BOUNDARY)
    ax1.plot(*line_in_box(gda.theta_, gda.theta0_, lim, lim), label="GDA (closed form)",
             **{**style.model_style("GDA"), "marker": None, "ls": "--"})
    ax1.set_xlim(lim)
    ax1.set_ylim(lim)
    ax1.set_xlabel("x1")
    ax1.set_ylabel("x2")
    ax1.legend(loc="upper left")
    ax1.set_title(f"Newton's method at step {k} of {len(thetas) - 1}")
    ax2.plot(np.arange(k + 1), logliks[:k + 1], marker="o", color="black", label="ℓ(θ) of iterates 0 to k")
    ax2.legend(loc="lower right")
    ax2.set_xlim(-0.5, len(thetas) - 0.5)
    pad = 0.05 * (logliks[-1] - logliks[0]) + 1e-9
    ax2.set_ylim(logliks[0] - pad, logliks[-1] + pad)
    ax2.set_xlabel("Newton iteration k")
    ax2.set_ylabel("log-likelihood ℓ(θ)")
    ax2.xaxis.get_major_locator().set_params(integer=True)
    ax2.grid(True)
    ax2.set_title("log-likelihood of the iterates so far")
    return fig
