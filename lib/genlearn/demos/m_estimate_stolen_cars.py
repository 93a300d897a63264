"""Tables and figures behind notebook 08 (the stolen cars).

The worked example of the lecture notes classifies the car (Red, SUV, Domestic)
with naive Bayes on a 10-row table, estimating every conditional with the
m-estimate ``P(a | v) = (n_c + m p) / (n + m)``. The functions here count, lay
out and plot that computation; the estimates themselves come from
:func:`genlearn.m_estimate` and :class:`genlearn.CategoricalNB`.

Everything is a plain function so that the tests can call exactly what the
notebook shows. The interactive explorer is
:class:`genlearn.explorers.m_estimate_stolen_cars.MEstimateExplorer`; its numpy
twin is this module's ``_state``.
"""
import html
from itertools import product

import numpy as np

from .. import datasets
from ..naive_bayes import CategoricalNB, m_estimate
from ..explorers import describe
from ..explorers.explorer import fmt
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

#: The top of the m slider, and of the m axis of the explorer's curve (m = 0 is maximum
#: likelihood, valid here: the table has no zero count in either class).
M_MAX = 30.0


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

#: Values of m where the explorer draws P(Yes | x) as m grows: linspace(0, M_MAX, CURVE_N).
CURVE_N = 121
#: Curve indices whose values the page publishes for the tests (every 12th point).
CURVE_PROBES = tuple(range(0, CURVE_N, 12))


def _posterior_from_scores(s, classes=CLASSES):
    """P(classes[0] | x) from the two scores: exact 0 or 1 when one score is 0, NaN only for 0/0."""
    a, b = s[classes[0]], s[classes[1]]
    return float("nan") if a + b == 0 else a / (a + b)


def _readout_lines(cond, s, post, m, p, query=QUERY, classes=CLASSES):
    """The explorer's readout lines (text) from its conditionals, scores and posterior."""
    yes, no = classes
    if post != post:  # NaN: both scores are 0
        verdict = f"P({yes} | x) is 0/0: both scores are 0 (use m > 0) -> no decision"
    else:
        decision = yes if s[yes] > s[no] else no if s[no] > s[yes] else "a tie"
        verdict = f"P({yes} | x) = {fmt(post, 4)} -> decision: {decision}"
    return [f"m = {fmt(m, 1)}, p = {fmt(p, 2)}",
            *[f"P({v} | {yes}) = {fmt(cond[yes][j], 4)}, P({v} | {no}) = {fmt(cond[no][j], 4)}"
              for j, v in enumerate(query)],
            f"score {yes} = {fmt(s[yes], 5)}, score {no} = {fmt(s[no], 5)}",
            verdict]


def _state(X, y, m, p, query=QUERY, classes=CLASSES):
    """What the explorer's page computes for one (m, p) on the table ``(X, y)``, but ``params``.

    Returns
    -------
    dict with ``conditionals`` ({class: 3 m-estimates}), ``scores`` ({class: score}),
    ``posterior`` (P(Yes | x), None for 0/0), ``decision``, ``curve`` (P(Yes | x) at
    the m values ``curve_m``, :data:`CURVE_PROBES` of the drawn curve, for this p)
    and ``readouts``.
    """
    cnt = counts(X, y, query, classes)
    cond = conditionals(X, y, m, p, query, classes)
    s = {c: float(v) for c, v in _scores_from_counts(cnt, len(y), m, p).items()}
    post = _posterior_from_scores(s, classes)
    ms = np.linspace(0.0, M_MAX, CURVE_N)[list(CURVE_PROBES)]
    sm = _scores_from_counts(cnt, len(y), ms, p)
    with np.errstate(invalid="ignore"):
        curve = sm[classes[0]] / (sm[classes[0]] + sm[classes[1]])
    yes, no = classes
    decision = yes if s[yes] > s[no] else no if s[no] > s[yes] else "tie"
    curve = [None if v != v else float(v) for v in curve]
    return dict(
        conditionals={c: [float(v) for v in cond[c]] for c in classes},
        scores=s,
        posterior=None if post != post else post,
        decision=decision,
        curve_m=ms.tolist(),
        curve=curve,
        readouts=_readout_lines(cond, s, post, m, p, query, classes),
        description=describe.m_estimate(query, classes, cond, s, decision, None if post != post else post, m,
                                        ms.tolist(), curve),
    )


def mp_figure(m=3.0, p=0.5, X=None, y=None, query=QUERY, classes=CLASSES):
    """The explorer's three panels for one (m, p), as a static figure (where widgets cannot run).

    Left: the conditionals for Stolen = Yes and No with the prior guess p
    dashed; middle: the two scores; right: P(Yes | x) as m grows for this p,
    with m marked.
    """
    if X is None:
        X, y = load_table()
    st = _state(X, y, m, p, query, classes)
    cnt = counts(X, y, query, classes)
    fig = style.new_figure((9.6, 3.8))
    ax_c, ax_s, ax_m = fig.subplots(1, 3, width_ratios=[1.6, 0.8, 1.4])
    pos = np.arange(len(query))
    width = 0.38
    for i, c in enumerate(classes):
        k = 1 if c == classes[0] else 0  # "Yes" is class 1 (vermillion), "No" class 0 (blue)
        ax_c.bar(pos + (i - 0.5) * width, st["conditionals"][c], width, color=style.class_color(k),
                 label=f"Stolen = {c}")
    ax_c.axhline(p, color="black", ls="--", lw=1.2, label="prior guess p")
    ax_c.set_xticks(pos, list(query))
    ax_c.set(ylim=(0, 1), yticks=np.linspace(0, 1, 5), xlabel="a (the query's values)",
             ylabel="P(a | Stolen)", title="conditionals")
    style.figure_legend(fig, ax_c.get_legend_handles_labels()[0], ncols=3)
    ax_s.bar([0, 1], [st["scores"][c] for c in classes],
             color=[style.class_color(1), style.class_color(0)])
    ax_s.set_xticks([0, 1], list(classes))
    ax_s.set(xlabel="Stolen", ylabel="score", title="scores P(v) Π P(a | v)")
    ms = np.linspace(0.0, M_MAX, CURVE_N)
    sm = _scores_from_counts(cnt, len(y), ms, p)
    ax_m.plot(ms, sm[classes[0]] / (sm[classes[0]] + sm[classes[1]]), color="black", lw=2,
              label=f"P({classes[0]} | x), p = {p:g}")
    ax_m.plot([m], [st["posterior"]], ls="none", marker="o", color="black", ms=7,
              label=f"m = {m:g}")
    ax_m.set(xlim=(0, M_MAX), ylim=(0, 1), xlabel="m (equivalent sample size)",
             ylabel=f"P({classes[0]} | x)", title="as m grows")
    ax_m.legend(loc="lower right")
    return fig
