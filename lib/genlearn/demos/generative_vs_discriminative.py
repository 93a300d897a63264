"""Figures and the browser explorer of notebook 01: generative versus discriminative.

The running example is one feature, an animal's weight x in kg, and two
classes: dogs (y = 0) and elephant calves (y = 1). The generative model is

    y ~ Bernoulli(phi),   x | y=0 ~ N(mu_dog, sigma^2),   x | y=1 ~ N(mu_elephant, sigma^2)

with one shared sigma (the one-dimensional GDA model). Everything is a plain
function of the slider values so that tests can call it.

Functions
---------
joint            p(x | y) p(y) for both classes
posterior        P(y = elephant | x) by Bayes' rule, in log space
threshold        the weight where both classes are equally likely, in closed form
sample_animals   m labelled animals drawn from the model
fit_models       genlearn.GDA and genlearn.LogisticRegression fitted to samples
contrast_figure  the true posterior against both fits, on the samples
class_figure     the two panels of the explorer for one setting, as a static figure

Classes
-------
BayesExplorer    the interactive figure, drawn in the browser (generative_vs_discriminative.js)

Examples
--------
>>> round(threshold(phi=0.5, mu_dog=40.0, mu_elephant=100.0, sigma=15.0), 6)
70.0
"""
import numpy as np
import traitlets

from .. import gaussian
from . import describe, style
from .explorer import Explorer, Listen, Slider, fmt

__all__ = ["DEFAULTS", "joint", "posterior", "threshold", "sample_animals", "fit_models", "BayesExplorer",
           "contrast_figure", "class_figure"]

#: The default model: elephant calves are rarer than dogs at the shelter.
DEFAULTS = dict(phi=0.2, mu_dog=40.0, mu_elephant=100.0, sigma=15.0)

XMIN, XMAX = 0.0, 180.0
#: The weights (kg) where the explorer draws its curves: linspace(XMIN, XMAX, GRID_N).
GRID_N = 361
#: Grid indices whose values the page publishes for the tests (every 18th point, 0 to 180 kg).
GRID_PROBES = tuple(range(0, GRID_N, 18))
#: The weight whose posterior the explorer's readout reports.
PROBE = 80.0
_COLORS = {"dog": style.class_color(0), "elephant": style.class_color(1)}
#: Why the sliders' ranges are what they are (quoted by the ValueError for a value outside).
_VALID = "every value there is a valid model"
#: The true posterior: a wide light band under the fitted curves (told apart by width, not hue).
_TRUTH = dict(color="0.72", ls="-", lw=7, solid_capstyle="butt")


def _check(phi, sigma):
    if not 0.0 < phi < 1.0:
        raise ValueError(f"phi = P(y = elephant) must be strictly between 0 and 1; got {phi!r}.")
    if not sigma > 0.0:
        raise ValueError(f"sigma is a standard deviation and must be > 0; got {sigma!r}.")


def joint(x, phi, mu_dog, mu_elephant, sigma):
    """``p(x | y) p(y)`` for y = dog and y = elephant, each of the shape of ``x``.

    Their sum is the evidence p(x); each divided by the sum is a posterior.
    """
    _check(phi, sigma)
    x = np.asarray(x, dtype=float)
    var = sigma * sigma
    return ((1.0 - phi) * gaussian.pdf(x, [mu_dog], [[var]]),
            phi * gaussian.pdf(x, [mu_elephant], [[var]]))


def posterior(x, phi, mu_dog, mu_elephant, sigma):
    """P(y = elephant | x) by Bayes' rule, computed from log-densities.

    Far from both means the densities underflow to 0 but their logarithms do
    not, so the posterior stays a finite number in [0, 1].
    """
    _check(phi, sigma)
    x = np.asarray(x, dtype=float)
    var = sigma * sigma
    log0 = np.log1p(-phi) + gaussian.logpdf(x, [mu_dog], [[var]])
    log1 = np.log(phi) + gaussian.logpdf(x, [mu_elephant], [[var]])
    return np.exp(log1 - np.logaddexp(log0, log1))


def threshold(phi, mu_dog, mu_elephant, sigma):
    """The weight x* where P(elephant | x*) = 1/2, or None when the means are equal.

    With a shared sigma the log-odds are linear in x, and setting them to 0 gives::

        x* = (mu_dog + mu_elephant) / 2 + sigma^2 log((1 - phi) / phi) / (mu_elephant - mu_dog)

    Elephants are predicted on the side of x* where their mean lies.
    """
    _check(phi, sigma)
    if mu_elephant == mu_dog:
        return None
    return float((mu_dog + mu_elephant) / 2.0
                 + sigma * sigma * np.log((1.0 - phi) / phi) / (mu_elephant - mu_dog))


def sample_animals(m, phi, mu_dog, mu_elephant, sigma, rng=None):
    """Draw m animals from the model: ``x`` of shape (m, 1) in kg, ``y`` (m,) with 1 = elephant."""
    _check(phi, sigma)
    if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or m < 2:
        raise ValueError(f"m must be a whole number of animals, at least 2; got {m!r}.")
    rng = np.random.default_rng(rng)
    y = (rng.random(m) < phi).astype(int)
    x = np.where(y == 1, mu_elephant, mu_dog) + sigma * rng.standard_normal(m)
    return x[:, None], y


def fit_models(x, y):
    """Fit the generative model (``genlearn.GDA``) and ``genlearn.LogisticRegression``.

    Returns
    -------
    gda, logreg : fitted estimators
    """
    from .. import GDA, LogisticRegression
    return GDA().fit(x, y), LogisticRegression().fit(x, y)


def _readout_lines(phi, mu_dog, mu_elephant, sigma, probe=PROBE):
    """The explorer's readout lines (text) for one setting.

    Examples
    --------
    >>> _readout_lines(0.5, 40.0, 100.0, 15.0)[2]
    'decision: elephant if x > 70.0 kg, dog otherwise'
    """
    t = threshold(phi, mu_dog, mu_elephant, sigma)
    p = float(posterior(probe, phi, mu_dog, mu_elephant, sigma))
    if t is None:
        rule = ("the means are equal, so the weight says nothing: the prior decides and "
                f"every animal is called {'an elephant' if phi > 0.5 else 'a dog'}")
    else:
        side = ">" if mu_elephant > mu_dog else "<"
        rule = f"elephant if x {side} {fmt(t, 1)} kg, dog otherwise"
    return [
        f"P(elephant) = φ = {fmt(phi, 2)}",
        f"dogs ~ N({fmt(mu_dog, 0)}, {fmt(sigma, 1)}²), "
        f"elephants ~ N({fmt(mu_elephant, 0)}, {fmt(sigma, 1)}²)",
        f"decision: {rule}",
        f"an animal of {fmt(probe, 0)} kg: P(elephant | x) = {fmt(p, 3)}",
    ]


class BayesExplorer(Explorer):
    """Class-conditional densities, evidence and posterior, drawn in the browser.

    Four sliders set the prior ``phi`` = P(elephant), both class means and the
    shared ``sigma``. Top panel: ``p(x | y) p(y)`` for both classes and their
    sum, the evidence p(x) (dashed). Bottom panel: the posterior
    P(elephant | x) with a dot at the probe weight. The decision threshold
    (:func:`threshold`) is a dotted vertical line in both. Every frame is
    computed and drawn by ``generative_vs_discriminative.js``;
    :meth:`expected_state` is its numpy twin.

    Parameters
    ----------
    phi, mu_dog, mu_elephant, sigma : float, defaults from :data:`DEFAULTS`
        Each must lie in its slider's range (a ValueError says which): every
        value there is a valid model (0 < phi < 1, sigma > 0); the means may cross.

    Attributes
    ----------
    phi, mu_dog, mu_elephant, sigma : float
        The slider values (traits; set them from Python and the page follows).
    probe : float
        The weight whose posterior the readout reports (:data:`PROBE`).
    threshold : float or None
        Read-only: the current decision threshold (None for equal means).

    Examples
    --------
    >>> ex = BayesExplorer()
    >>> round(ex.threshold, 4)
    75.1986
    >>> ex.phi = 0.5
    >>> ex.readouts()[2]
    'decision: elephant if x > 70.0 kg, dog otherwise'
    """

    _js = "generative_vs_discriminative.js"
    _title = "Bayes explorer"
    _listen = Listen("posterior", f"the posterior P(elephant | x) along the weight x, {XMIN:g} to {XMAX:g} kg",
                     0.0, 1.0)

    phi = Slider(0.02, 0.98, 0.01, DEFAULTS["phi"], "φ = P(elephant)", digits=2, why=_VALID)
    mu_dog = Slider(20.0, 90.0, 1.0, DEFAULTS["mu_dog"], "μ dog", unit="kg", digits=0, why=_VALID)
    mu_elephant = Slider(50.0, 140.0, 1.0, DEFAULTS["mu_elephant"], "μ elephant", unit="kg", digits=0,
                         why=_VALID)
    sigma = Slider(6.0, 30.0, 0.5, DEFAULTS["sigma"], "σ, both classes", unit="kg", digits=1, why=_VALID)

    # Constants the page needs, sent once (the JavaScript keeps no copy).
    xlim = traitlets.List([XMIN, XMAX]).tag(sync=True)
    grid_n = traitlets.Int(GRID_N).tag(sync=True)
    grid_probes = traitlets.List(list(GRID_PROBES)).tag(sync=True)
    probe = traitlets.Float(PROBE).tag(sync=True)

    @property
    def threshold(self):
        return threshold(**self.params())

    def static_figure(self):
        """:func:`class_figure` of the current setting (for untrusted notebooks)."""
        return class_figure(**self.params(), probe=self.probe)

    def expected_state(self):
        """The numpy twin of the page's ``data-state`` now.

        Keys: ``x`` (the weights at :data:`GRID_PROBES`), ``joint`` (two lists:
        p(x | y) p(y) for dogs and elephants there), ``evidence`` (their sum),
        ``posterior`` (P(elephant | x) there), ``ymax`` (top of the density axis,
        1.1 times the largest evidence on the whole grid), ``threshold`` (None for
        equal means), ``probe_posterior``, ``readouts`` and ``params``.
        """
        p, probe = self.params(), self.probe
        grid = np.linspace(XMIN, XMAX, GRID_N)
        j0, j1 = joint(grid, **p)
        idx = list(GRID_PROBES)
        return dict(
            x=grid[idx].tolist(),
            joint=[j0[idx].tolist(), j1[idx].tolist()],
            evidence=(j0 + j1)[idx].tolist(),
            posterior=posterior(grid[idx], **p).tolist(),
            ymax=1.1 * float(np.max(j0 + j1)),
            threshold=threshold(**p),
            probe_posterior=float(posterior(probe, **p)),
            readouts=_readout_lines(**p, probe=probe),
            description=describe.bayes(**p, threshold=threshold(**p), xlim=(XMIN, XMAX)),
            params=p,
        )


def class_figure(phi, mu_dog, mu_elephant, sigma, probe=PROBE):
    """The explorer's two panels for one setting, as a static figure (for readers without a kernel).

    Top: ``p(x | y) p(y)`` for both classes (class colour, line style, and the
    class marker at its mean) and their sum p(x) (dash-dot); bottom:
    P(elephant | x) with a dot at ``probe``; the threshold is dotted in both.
    """
    x = np.linspace(XMIN, XMAX, GRID_N)
    p_dog, p_ele = joint(x, phi, mu_dog, mu_elephant, sigma)
    post = posterior(x, phi, mu_dog, mu_elephant, sigma)
    t = threshold(phi, mu_dog, mu_elephant, sigma)
    fig = style.new_figure((8.0, 6.0))
    ax1, ax2 = fig.subplots(2, 1)
    for k, name, dens, mu in ((0, "dog", p_dog, mu_dog), (1, "elephant", p_ele, mu_elephant)):
        ax1.plot(x, dens, lw=2, markevery=[int(np.argmin(np.abs(x - mu)))], ms=8,
                 label=f"p(x | {name}) p({name})", **style.class_style(k))
    ax1.plot(x, p_dog + p_ele, color="black", ls="-.", lw=1.2, label="p(x), their sum")
    ax2.plot(x, post, color=_COLORS["elephant"], ls=style.CLASS_LINESTYLES[1], lw=2,
             label="P(elephant | x)")
    top = 1.1 * float(np.max(p_dog + p_ele))
    if t is not None:
        ax1.plot([t, t], [0, top], color="0.4", lw=1.2, ls=":", label="threshold")
        ax2.plot([t, t], [-0.03, 1.03], color="0.4", lw=1.2, ls=":", label="threshold")
    ax2.plot([probe], [posterior(probe, phi, mu_dog, mu_elephant, sigma)], ls="none", marker="o",
             color="black", ms=6, label=f"the posterior at {probe:g} kg")
    ax1.set(ylabel="density", xlabel="weight x (kg)", xlim=(XMIN, XMAX), ylim=(0.0, top),
            title=f"φ = {phi:g}: dogs N({mu_dog:g}, {sigma:g}²), elephants N({mu_elephant:g}, {sigma:g}²)")
    ax1.legend(loc="upper right")
    ax2.set(ylabel="P(elephant | x)", xlabel="weight x (kg)", xlim=(XMIN, XMAX), ylim=(-0.03, 1.03))
    ax2.legend(loc="center right")
    return fig


def contrast_figure(x, y, gda, logreg, truth):
    """The samples, the true posterior and the posteriors of both fitted models.

    Dogs are drawn at height 0 and elephants at 1 (slightly jittered), in
    their class colours and markers; the true posterior is the wide grey band,
    GDA's the solid line and logistic regression's the dashed one.

    Parameters
    ----------
    x : ndarray (m, 1), y : ndarray (m,)
        The training animals.
    gda, logreg : fitted genlearn estimators
    truth : dict
        The model the samples came from (keys of :data:`DEFAULTS`).
    """
    grid = np.linspace(XMIN, XMAX, 361)
    fig = style.new_figure((8.0, 4.0))
    ax = fig.subplots()
    rng = np.random.default_rng(0)
    jitter = 0.04 * rng.standard_normal(len(y))
    for k, name in ((0, "dog"), (1, "elephant")):
        sel = y == k
        ax.plot(x[sel, 0], y[sel] + jitter[sel], ls="none", marker=style.class_marker(k),
                color=_COLORS[name], mec="none", ms=6, alpha=0.5, label=f"{name}s (y = {k})")
    ax.plot(grid, posterior(grid, **truth), label="true P(elephant | x)", **_TRUTH)
    ax.plot(grid, gda.predict_proba(grid[:, None])[:, 1], label="generative fit (GDA)",
            **{**style.model_style("GDA"), "marker": None})
    ax.plot(grid, logreg.predict_proba(grid[:, None])[:, 1],
            label="discriminative fit (logistic)",
            **{**style.model_style("logistic regression"), "marker": None})
    ax.set(xlim=(XMIN, XMAX), ylim=(-0.15, 1.15), xlabel="weight x (kg)",
           ylabel="P(elephant | x)",
           title="True posterior and two fits to the same animals")
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
    return fig
