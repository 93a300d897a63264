"""Figures of notebook 01: generative versus discriminative (its explorer:
:class:`genlearn.explorers.generative_vs_discriminative.BayesExplorer`).

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

Examples
--------
>>> round(threshold(phi=0.5, mu_dog=40.0, mu_elephant=100.0, sigma=15.0), 6)
70.0
"""
import numpy as np

from .. import gaussian
from . import style

__all__ = ["DEFAULTS", "joint", "posterior", "threshold", "sample_animals", "fit_models", "contrast_figure",
           "class_figure"]

#: The default model: elephant calves are rarer than dogs at the shelter.
DEFAULTS = dict(phi=0.2, mu_dog=40.0, mu_elephant=100.0, sigma=15.0)

XMIN, XMAX = 0.0, 180.0
#: The weights (kg) where the explorer draws its curves: linspace(XMIN, XMAX, GRID_N).
GRID_N = 361
#: The weight whose posterior the explorer's readout reports.
PROBE = 80.0
_COLORS = {"dog": style.class_color(0), "elephant": style.class_color(1)}
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
