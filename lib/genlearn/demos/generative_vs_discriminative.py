"""Figures and the slider explorer of notebook 01: generative versus discriminative.

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

Classes
-------
BayesExplorer    the interactive figure (sliders for the prior, both means, sigma)

Examples
--------
>>> round(threshold(phi=0.5, mu_dog=40.0, mu_elephant=100.0, sigma=15.0), 6)
70.0
"""
import numpy as np
from matplotlib.figure import Figure

from .. import gaussian
from . import style
from .live import LiveFigure, interactive_panel, slider

__all__ = ["DEFAULTS", "SLIDER_RANGES", "joint", "posterior", "threshold", "sample_animals",
           "fit_models", "BayesExplorer", "contrast_figure", "class_figure"]

#: The default model: elephant calves are rarer than dogs at the shelter.
DEFAULTS = dict(phi=0.2, mu_dog=40.0, mu_elephant=100.0, sigma=15.0)

#: (min, max, step) of each slider; every position gives a valid model
#: (0 < phi < 1, sigma > 0). The means may cross: the explorer copes.
SLIDER_RANGES = {
    "phi": (0.02, 0.98, 0.01),
    "mu_dog": (20.0, 90.0, 1.0),
    "mu_elephant": (50.0, 140.0, 1.0),
    "sigma": (6.0, 30.0, 0.5),
}

XMIN, XMAX = 0.0, 180.0
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


def _readout(phi, mu_dog, mu_elephant, sigma, t, probe):
    p = float(posterior(probe, phi, mu_dog, mu_elephant, sigma))
    if t is None:
        rule = ("the means are equal, so the weight says nothing: the prior decides and "
                f"every animal is called {'an elephant' if phi > 0.5 else 'a dog'}")
    else:
        side = "&gt;" if mu_elephant > mu_dog else "&lt;"  # HTML-escaped > and <
        rule = f"elephant if x {side} {t:.1f} kg, dog otherwise"
    return (
        "<div style='font-family:monospace;font-size:13px;line-height:1.5'>"
        f"P(elephant) = &phi; = {phi:.2f}<br>"
        f"dogs ~ N({mu_dog:.0f}, {sigma:.1f}&sup2;), elephants ~ N({mu_elephant:.0f}, {sigma:.1f}&sup2;)<br>"
        f"decision: {rule}<br>"
        f"an animal of {probe:.0f} kg: P(elephant | x) = {p:.3f}</div>"
    )


class BayesExplorer:
    """Class-conditional densities, evidence and posterior, redrawn in place by sliders.

    Top panel: ``p(x | y) p(y)`` for both classes (their sum, the evidence
    p(x), dashed). Bottom panel: the posterior P(elephant | x). The decision
    threshold is a vertical line in both.

    Parameters
    ----------
    probe : float, default=80.0
        A weight whose posterior the readout reports.
    figsize : (float, float), default=(7.0, 4.2)
    dpi : float, default=72

    Attributes
    ----------
    fig : Figure
    live : LiveFigure
    lines : dict of Line2D
        ``"dog"``, ``"elephant"`` (the weighted class densities), ``"evidence"``,
        ``"posterior"``; ``"threshold_top"`` and ``"threshold_bottom"`` (empty
        data when there is no threshold).
    """

    def __init__(self, probe=80.0, figsize=(7.0, 4.2), dpi=72):
        self.probe = float(probe)
        self.x = np.linspace(XMIN, XMAX, 361)
        fig = Figure(figsize=figsize, dpi=dpi)
        ax1, ax2 = fig.subplots(2, 1, sharex=True)
        fig.subplots_adjust(left=0.1, right=0.97, top=0.95, bottom=0.12, hspace=0.12)
        empty = ([], [])
        self.lines = {
            "dog": ax1.plot(*empty, color=_COLORS["dog"], lw=2, label="p(x | dog) p(dog)")[0],
            "elephant": ax1.plot(*empty, color=_COLORS["elephant"], lw=2,
                                 label="p(x | elephant) p(elephant)")[0],
            "evidence": ax1.plot(*empty, "k--", lw=1, label="p(x), their sum")[0],
            "posterior": ax2.plot(*empty, color=_COLORS["elephant"], lw=2,
                                  label="P(elephant | x)")[0],
            "threshold_top": ax1.plot(*empty, color="0.4", lw=1, ls=":")[0],
            "threshold_bottom": ax2.plot(*empty, color="0.4", lw=1, ls=":",
                                         label="threshold")[0],
        }
        (self.probe_point,) = ax2.plot([], [], "o", color="k", ms=5)
        ax1.set(ylabel="density", xlim=(XMIN, XMAX))
        ax1.legend(fontsize=8, loc="upper right", frameon=False)
        ax2.set(ylabel="posterior", xlabel="weight x (kg)", ylim=(-0.03, 1.03))
        ax2.axhline(0.5, color="0.8", lw=0.8, zorder=0)
        ax2.legend(fontsize=8, loc="center right", frameon=False)
        self.fig, self.ax_density, self.ax_posterior = fig, ax1, ax2
        self.live = LiveFigure(fig)
        self.threshold = None

    def update(self, phi, mu_dog, mu_elephant, sigma):
        """Redraw for new slider values; return the HTML readout."""
        p_dog, p_ele = joint(self.x, phi, mu_dog, mu_elephant, sigma)
        post = posterior(self.x, phi, mu_dog, mu_elephant, sigma)
        self.lines["dog"].set_data(self.x, p_dog)
        self.lines["elephant"].set_data(self.x, p_ele)
        self.lines["evidence"].set_data(self.x, p_dog + p_ele)
        self.lines["posterior"].set_data(self.x, post)
        top = 1.1 * float(np.max(p_dog + p_ele))
        self.ax_density.set_ylim(0.0, top)
        t = threshold(phi, mu_dog, mu_elephant, sigma)
        self.threshold = t
        for key, y in (("threshold_top", [0, top]), ("threshold_bottom", [0, 1])):
            self.lines[key].set_data(([t, t], y) if t is not None else ([], []))
        self.probe_point.set_data([self.probe],
                                  [posterior(self.probe, phi, mu_dog, mu_elephant, sigma)])
        return _readout(phi, mu_dog, mu_elephant, sigma, t, self.probe)

    def panel(self):
        """The widget: sliders, readout and the live figure."""
        sliders = {name: slider(DEFAULTS[name], *SLIDER_RANGES[name], name,
                                readout_format=".2f" if name == "phi" else ".1f")
                   for name in SLIDER_RANGES}
        return interactive_panel(self.update, self.live, **sliders)


def class_figure(phi, mu_dog, mu_elephant, sigma, dpi=72):
    """A static copy of the explorer's figure for one setting (for readers without a kernel)."""
    ex = BayesExplorer(dpi=dpi)
    ex.update(phi, mu_dog, mu_elephant, sigma)
    return ex.fig


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
