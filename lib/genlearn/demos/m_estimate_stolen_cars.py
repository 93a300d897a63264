"""Tables, figures and the m / p explorer behind notebook 07 (the stolen cars).

The worked example of the lecture notes classifies the car (Red, SUV, Domestic)
with naive Bayes on a 10-row table, estimating every conditional with the
m-estimate ``P(a | v) = (n_c + m p) / (n + m)``. The functions here count, lay
out and plot that computation; the estimates themselves come from
:func:`genlearn.m_estimate` and :class:`genlearn.CategoricalNB`.

Everything is a plain function so that the tests can call exactly what the
notebook shows. The interactive explorer follows :mod:`genlearn.demos.live`:
:func:`explorer` draws the figure once and returns an ``update(m, p)`` that
moves the artists in place and returns an HTML readout.
"""
import html
from itertools import product

import numpy as np
from matplotlib.figure import Figure

from .. import datasets
from ..naive_bayes import CategoricalNB, m_estimate
from . import style

ATTRIBUTES = ("Color", "Type", "Origin")
QUERY = ("Red", "SUV", "Domestic")
CLASSES = ("Yes", "No")
#: Colours of the classes: "Yes" is class 1 (vermillion), "No" class 0 (blue), as
#: in CategoricalNB's sorted ``classes_`` and in every other notebook.
CLASS_COLORS = {"Yes": style.class_color(1), "No": style.class_color(0)}

#: The conditionals exactly as the notes print them, for m = 3 and p = 0.5.
NOTES_CONDITIONALS = {"Yes": (0.56, 0.31, 0.43), "No": (0.43, 0.56, 0.56)}
#: The two scores P(v) * prod P(a_i | v) the notes print.
NOTES_SCORES = {"Yes": 0.037, "No": 0.069}

#: Slider limits. Every value in them is valid: the table has no zero count in
#: either class, so even m = 0 (maximum likelihood) gives finite scores.
M_RANGE = (0.0, 30.0, 0.5)
P_RANGE = (0.05, 0.95, 0.05)


def load_table():
    """The notes' table as ``(X, y)``: X of shape (10, 3) strings, y "Yes"/"No"."""
    X, y = datasets.stolen_cars()
    return np.asarray(X), np.asarray(y)


def html_table(header, rows, caption=None):
    """A small HTML table (no pandas needed): ``header`` and ``rows`` of cells."""
    def row(cells, tag):
        return "<tr>" + "".join(
            f"<{tag} style='text-align:center;padding:2px 8px'>{html.escape(str(c))}</{tag}>"
            for c in cells) + "</tr>"

    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    body = "".join(row(r, "td") for r in rows)
    return f"<table>{cap}<thead>{row(header, 'th')}</thead><tbody>{body}</tbody></table>"


def data_table(X, y):
    """The training table as HTML, numbered from 1 like the notes."""
    rows = [(i + 1, *X[i], y[i]) for i in range(len(y))]
    return html_table(("Example", *ATTRIBUTES, "Stolen?"), rows)


def counts(X, y, query=QUERY, classes=CLASSES):
    """``{class: (n, [n_c for each attribute])}`` for the attribute values in ``query``.

    ``n`` is the number of training examples of the class and ``n_c`` the number
    of those whose attribute ``j`` equals ``query[j]``.
    """
    X, y = np.asarray(X), np.asarray(y)
    if len(query) != X.shape[1]:
        raise ValueError(
            f"query has {len(query)} attribute values but the table has {X.shape[1]} "
            f"columns ({', '.join(ATTRIBUTES)}): give one value per column.")
    out = {}
    for c in classes:
        rows = X[y == c]
        out[c] = (len(rows), [int(np.sum(rows[:, j] == v)) for j, v in enumerate(query)])
    return out


def conditionals(X, y, m, p, query=QUERY, classes=CLASSES):
    """``{class: array of P(query[j] | class)}`` by the m-estimate with ``m`` and ``p``."""
    return {c: np.array([m_estimate(n_c, n, p, m) for n_c in ncs])
            for c, (n, ncs) in counts(X, y, query, classes).items()}


def _scores_from_counts(cnt, m_rows, m, p):
    """Scores for every class from :func:`counts`; ``m`` may be an array."""
    out = {}
    for c, (n, ncs) in cnt.items():
        s = n / m_rows
        for n_c in ncs:
            s = s * m_estimate(n_c, n, p, m)
        out[c] = s
    return out


def scores(X, y, m, p, query=QUERY, classes=CLASSES):
    """``{class: P(class) * prod_j P(query[j] | class)}``, the naive Bayes score.

    ``P(class)`` is the fraction of training rows of that class. ``m`` may be
    an array of values (then each score is an array).
    """
    return _scores_from_counts(counts(X, y, query, classes), len(y), m, p)


def posterior(X, y, m, p, query=QUERY, classes=CLASSES):
    """``P(classes[0] | query)``: the first class's score over the sum of both."""
    s = scores(X, y, m, p, query, classes)
    return s[classes[0]] / (s[classes[0]] + s[classes[1]])


def decision_flips(X, y, p, query=QUERY, m_max=1000.0, classes=CLASSES):
    """Values of m in (0, m_max] where the two scores are equal and the decision flips.

    For a fixed p, each score is a ratio of polynomials in m: with
    ``n`` and ``n_c`` as in :func:`counts` and ``d`` attributes,
    ``score_c(m) = (n / m_rows) * prod_j (n_c_j + m p) / (n + m)^d``.
    The decision flips where ``score_0(m) - score_1(m)`` changes sign, i.e. at
    the positive real roots of the polynomial
    ``n_0 prod_j (n_0j + m p) (n_1 + m)^d - n_1 prod_j (n_1j + m p) (n_0 + m)^d``
    of odd multiplicity. Returns a sorted list (empty when the decision never
    changes).
    """
    P = np.polynomial.Polynomial
    cnt = counts(X, y, query, classes)
    d = len(query)

    def numerator(c, other):
        n, ncs = cnt[c]
        poly = P([n])
        for n_c in ncs:
            poly = poly * P([n_c, p])
        return poly * P([cnt[other][0], 1.0]) ** d

    diff = numerator(classes[0], classes[1]) - numerator(classes[1], classes[0])
    if np.allclose(diff.coef, 0.0):
        return []
    flips = []
    for r in diff.roots():
        if abs(r.imag) > 1e-9 or not (0.0 < r.real <= m_max):
            continue
        m0 = float(r.real)
        eps = 1e-6 * max(1.0, m0)
        below = diff(max(m0 - eps, 0.0))
        above = diff(m0 + eps)
        if np.sign(below) != np.sign(above):
            flips.append(m0)
    return sorted(flips)


def all_combinations(X, y, m=3.0, p=None):
    """Predictions of ``CategoricalNB(m, p)`` for the eight (Color, Type, Origin) cars.

    Returns ``(queries, predictions, P(Yes | x))`` with queries of shape (8, 3).
    """
    values = [sorted(set(np.asarray(X)[:, j])) for j in range(np.asarray(X).shape[1])]
    queries = np.array(list(product(*values)))
    model = CategoricalNB(m=m, p=p).fit(X, y)
    yes = list(model.classes_).index("Yes")
    return queries, model.predict(queries), model.predict_proba(queries)[:, yes]


# --- the interactive figure ---------------------------------------------------

def explorer(X=None, y=None, query=QUERY, m_max=M_RANGE[1], dpi=80):
    """Draw the m / p explorer once; return ``(live, update)``.

    Left: the six conditionals P(a | Yes), P(a | No) against p (dashed).
    Middle: the two scores. Right: P(Yes | x) as m grows, for the current p,
    with the current m marked. ``update(m, p)`` moves the bars, the curve and
    the marker in place and returns an HTML readout (conditionals, scores,
    decision, flip points).
    """
    from .live import LiveFigure

    if X is None:
        X, y = load_table()
    cnt = counts(X, y, query)
    fig = Figure(figsize=(10.5, 3.2), dpi=dpi, layout="constrained")
    ax_c, ax_s, ax_m = fig.subplots(1, 3, gridspec_kw={"width_ratios": [1.6, 0.8, 1.4]})
    pos = np.arange(len(query))
    width = 0.38
    bars = {
        "Yes": ax_c.bar(pos - width / 2, np.zeros(len(query)), width, color=CLASS_COLORS["Yes"],
                        label="Stolen = Yes"),
        "No": ax_c.bar(pos + width / 2, np.zeros(len(query)), width, color=CLASS_COLORS["No"],
                       label="Stolen = No"),
    }
    p_line = ax_c.axhline(0.5, color="k", ls="--", lw=1, label="prior guess p")
    ax_c.set_xticks(pos, [f"P({v} | ·)" for v in query])
    # the legend gets its own strip above 1, where no bar or p line can reach
    ax_c.set_ylim(0, 1.3)
    ax_c.set_yticks(np.linspace(0, 1, 6))
    ax_c.set_title("m-estimates of the conditionals")
    ax_c.legend(fontsize=7, loc="upper center", ncol=3)

    score_bars = ax_s.bar([0, 1], [0, 0], color=[CLASS_COLORS["Yes"], CLASS_COLORS["No"]])
    ax_s.set_xticks([0, 1], ["Yes", "No"])
    ax_s.set_title("scores P(v) · Π P(a | v)")

    ms = np.linspace(0, m_max, 121)
    (curve,) = ax_m.plot(ms, np.zeros_like(ms), color="tab:purple")
    (marker,) = ax_m.plot([0], [0], "o", color="tab:purple", clip_on=False, zorder=3)
    ax_m.axhline(0.5, color="gray", lw=1)
    ax_m.text(0.98 * m_max, 0.52, "1/2", ha="right", va="bottom", color="gray", fontsize=8)
    ax_m.set_xlim(0, m_max)
    ax_m.set_ylim(0, 1)
    ax_m.set_xlabel("m (equivalent sample size)")
    ax_m.set_title("P(Yes | x) as m grows")
    live = LiveFigure(fig, dpi=dpi)

    def update(m, p):
        cond = {c: np.array([m_estimate(n_c, n, p, m) for n_c in ncs])
                for c, (n, ncs) in cnt.items()}
        for c in CLASSES:
            for bar, h in zip(bars[c], cond[c]):
                bar.set_height(h)
        p_line.set_ydata([p, p])
        s = _scores_from_counts(cnt, len(y), m, p)
        for bar, c in zip(score_bars, CLASSES):
            bar.set_height(s[c])
        ax_s.set_ylim(0, 1.15 * max(s.values()))
        sm = _scores_from_counts(cnt, len(y), ms, p)
        curve.set_ydata(sm["Yes"] / (sm["Yes"] + sm["No"]))
        post = s["Yes"] / (s["Yes"] + s["No"])
        marker.set_data([m], [post])
        decision = "Yes" if s["Yes"] > s["No"] else "No"
        flips = decision_flips(X, y, p, query)
        flip_text = (", ".join(f"{f:.4g}" for f in flips) if flips
                     else "none: the decision is the same for every m ≥ 0")
        rows = "".join(
            f"<tr><td>{html.escape(v)}</td><td>{cond['Yes'][j]:.4f}</td>"
            f"<td>{cond['No'][j]:.4f}</td></tr>" for j, v in enumerate(query))
        return (
            f"<b>m = {m:g}, p = {p:g}</b>"
            "<table><tr><th>a</th><th>P(a | Yes)</th><th>P(a | No)</th></tr>"
            f"{rows}</table>"
            f"score Yes = {s['Yes']:.5f}, score No = {s['No']:.5f}<br>"
            f"P(Yes | x) = {post:.4f} &rarr; decision <b>{decision}</b><br>"
            f"values of m where the decision flips (p = {p:g}): {flip_text}"
        )

    return live, update


def show_explorer(m=3.0, p=0.5):
    """The explorer with its m and p sliders, ready to display in a notebook."""
    from .live import interactive_panel, slider

    live, update = explorer()
    return interactive_panel(
        update, live,
        m=slider(m, *M_RANGE[:2], M_RANGE[2], "m (virtual examples)", ".1f"),
        p=slider(p, *P_RANGE[:2], P_RANGE[2], "p (prior guess)", ".2f"),
    )


def static_figure(m=3.0, p=0.5):
    """The explorer's figure for one (m, p), as an ordinary matplotlib Figure."""
    live, update = explorer()
    update(m, p)
    return live.fig
