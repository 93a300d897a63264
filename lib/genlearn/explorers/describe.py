"""What each explorer's picture shows, as a short text: the description a screen reader gets.

The readouts give an explorer's numbers; the description gives its geometry: where
the boundary runs and which side is which class, which way a density's ellipses are
tilted and how stretched, where a posterior crosses one half, which class wins and by
how much. Each explorer publishes it as ``description`` in its state (its numpy twin
puts it in ``expected_state()``), and the page shows it in a polite live region that
changes only when a control rests (``explorer.js``). ``describe.js`` is the twin of
this module: the same sentences from the same numbers, printed with :func:`fmt`, so
that the page's text equals the twin's to the letter (tests/test_explorer_contract.py).

Every decision a sentence makes (which side, steep or not, above or below one half)
compares with a small tolerance, or compares rounded angles, so that two correct
computations that differ in the last bits (numpy's and the page's) choose the same words.

Functions
---------
bayes, gaussian, gda, boundaries, laplace, message, m_estimate, predict
    The description of each explorer, from the numbers its picture is drawn from.
line, conic, wins, axis_angle, orientation
    The shared pieces: a straight boundary, a conic boundary, "spam wins, 3.50 times as
    likely as ham", an axis's angle in whole degrees, its direction in words.

Examples
--------
>>> line([1.0, 2.0], -2.0)
'a straight line falling at 27° that crosses x₂ = 1.00 at x₁ = 0; class 1 is more likely above it'
>>> wins(0.8, "spam", "ham")
'spam wins, 4.00 times as likely as ham'
"""
import math

from .explorer import fmt

__all__ = ["bayes", "gaussian", "gda", "boundaries", "laplace", "message", "m_estimate", "predict",
           "line", "conic", "wins", "axis_angle", "orientation"]

#: Relative tolerance of the decisions between two words (ties computed in a different order).
_TIE = 1e-9
#: A winner "over a million times as likely" is not given a number (it would print 1e21 at worst).
_MILLION = 1e6


def _deg(y, x):
    """atan2(y, x) in degrees (the page computes it with the same operations)."""
    return math.atan2(y, x) * 180 / math.pi


def axis_angle(deg):
    """An axis's angle (a line through the origin) in whole degrees, in (-90, 90]."""
    a = int(fmt(deg, 0))
    while a <= -90:
        a += 180
    while a > 90:
        a -= 180
    return a


def orientation(a):
    """The direction of an axis at ``a`` whole degrees (:func:`axis_angle`), in words."""
    if a in (0, 90):
        return "horizontal" if a == 0 else "vertical"
    if abs(a) <= 22:
        return "nearly horizontal"
    if abs(a) >= 68:
        return "nearly vertical"
    return "from lower left to upper right" if a > 0 else "from upper left to lower right"


def _compass(deg):
    """A direction (not an axis) in one of eight words."""
    a = int(fmt(deg, 0))
    names = ["right", "upper right", "top", "upper left", "left", "lower left", "bottom", "lower right"]
    return names[round(a / 45) % 8]


def _pair(x, y):
    return f"({fmt(x, 2)}, {fmt(y, 2)})"


def wins(p, first, second):
    """Who wins with probability ``p`` of ``first`` (and 1 - p of ``second``), and by how much. Within 1e-9
    of one half it is a tie (the page computes p in its own arithmetic: it may be off in the last bits)."""
    if abs(p - 0.5) <= _TIE:
        return f"a tie: {first} and {second} are equally likely"
    winner, loser, hi, lo = (first, second, p, 1 - p) if p > 0.5 else (second, first, 1 - p, p)
    if lo * _MILLION <= hi:
        return f"{winner} wins, over a million times as likely as {loser}"
    return f"{winner} wins, {fmt(hi / lo, 2)} times as likely as {loser}"


def _steep(t1, t2):
    return abs(t2) < abs(t1) * (1 - _TIE)


def line(theta, theta0):
    """The line ``theta[0] x1 + theta[1] x2 + theta0 = 0`` (theta not 0) and its class-1 side.

    Class 1 is more likely where ``theta^T x + theta0 > 0``. A line steeper than 45°
    is placed by where it crosses the x₁-axis, any other by where it crosses the x₂-axis.
    """
    t1, t2 = theta
    a = axis_angle(_deg(-t1, t2))   # the line runs along (t2, -t1)
    slope = "horizontal" if a == 0 else "vertical" if a == 90 else \
        f"rising at {a}°" if a > 0 else f"falling at {-a}°"
    if _steep(t1, t2):
        where, side = f"x₁ = {fmt(-theta0 / t1, 2)} at x₂ = 0", "to the right of" if t1 > 0 else "to the left of"
    else:
        where, side = f"x₂ = {fmt(-theta0 / t2, 2)} at x₁ = 0", "above" if t2 > 0 else "below"
    return f"a straight line {slope} that crosses {where}; class 1 is more likely {side} it"


def _no_line(theta):
    return abs(theta[0]) <= 1e-8 and abs(theta[1]) <= 1e-8   # the readouts' test (np.allclose(theta, 0))


def _opening(a):
    """How the branches of a hyperbola whose opening axis is at ``a`` whole degrees open."""
    if abs(a) <= 22:
        return "to the left and right"
    if abs(a) >= 68:
        return "up and down"
    return "toward the lower left and upper right" if a > 0 else "toward the upper left and lower right"


def conic(A, b, c, kind):
    """The boundary ``x^T A x + b^T x + c = 0`` of the kind ``kind`` (``conic_type``), and its class-1 side."""
    a11, a22, off = A[0][0], A[1][1], (A[0][1] + A[1][0]) / 2
    mean, half = (a11 + a22) / 2, math.hypot((a11 - a22) / 2, off)
    lam = (mean - half, mean + half)
    big = lam[1] if abs(lam[1]) >= abs(lam[0]) else lam[0]   # the eigenvalue largest in size
    scale = max(abs(lam[0]), abs(lam[1]), math.hypot(b[0], b[1]), abs(c))
    flat = abs(big) <= 1e-8 * scale                           # conic_type's zero
    t = 0.5 * math.atan2(2 * off, a11 - a22)                  # the axis of lam[1], in radians
    if kind == "line" and flat:
        return line(b, c)
    if kind == "none":
        positive = c > 0 if flat else big > 0
        return f"no boundary: class {1 if positive else 0} is more likely everywhere"
    if kind in ("ellipse", "hyperbola"):
        det = a11 * a22 - off * off
        x0 = -0.5 * (a22 * b[0] - off * b[1]) / det           # the centre, where the gradient is 0
        y0 = -0.5 * (a11 * b[1] - off * b[0]) / det
        if kind == "ellipse":
            return f"an ellipse around {_pair(x0, y0)}; class 1 is more likely {'inside' if a11 < 0 else 'outside'} it"
        f0 = c + 0.5 * (b[0] * x0 + b[1] * y0)                # the log-odds at the centre
        opens = t * 180 / math.pi + (0 if f0 < 0 else 90)     # along the eigenvalue of sign opposite to f0
        where = "inside the two branches" if f0 < 0 else "between the branches"
        return (f"a hyperbola centred at {_pair(x0, y0)} whose branches open {_opening(axis_angle(opens))}; "
                f"class 1 is more likely {where}")
    if kind == "parabola":
        lam_u = big                                           # quadratic along u, linear along v
        v = t + math.pi / 2 if lam_u == lam[1] else t
        bv = b[0] * math.cos(v) + b[1] * math.sin(v)
        d = v if lam_u * bv < 0 else v + math.pi               # the side where the curve opens
        return (f"a parabola-like curve opening toward the {_compass(d * 180 / math.pi)}; "
                f"class 1 is more likely {'inside' if lam_u < 0 else 'outside'} it")
    return f"a degenerate curve ({'a double line' if kind == 'line' else kind})"


# ----------------------------------------------------------------------------- the explorers

def bayes(phi, mu_dog, mu_elephant, sigma, threshold, xlim):
    """Lesson 01: the two weighted bell curves, and where the posterior crosses one half."""
    top = (f"Top: two bell curves of the same width (σ = {fmt(sigma, 1)} kg), the dogs' peaking at "
           f"{fmt(mu_dog, 0)} kg and the elephants' at {fmt(mu_elephant, 0)} kg, "
           f"{fmt(phi / (1 - phi), 2)} times as high as the dogs'.")
    if threshold is None:
        return top + f" Bottom: the posterior is flat at φ = {fmt(phi, 2)}: the weight tells nothing."
    rising = mu_elephant > mu_dog
    way = "rises" if rising else "falls"
    if xlim[0] <= threshold <= xlim[1]:
        return top + (f" Bottom: the posterior {way} from left to right and crosses one half at "
                      f"{fmt(threshold, 1)} kg, the dotted threshold.")
    above = (threshold < xlim[0]) == rising
    return top + (f" Bottom: the posterior {way} from left to right but stays {'above' if above else 'below'} "
                  f"one half across the figure (it would cross at {fmt(threshold, 1)} kg).")


def gaussian(mu, Sigma):
    """Lesson 02: where the hill stands, which way its ellipses are tilted and how stretched."""
    a, b, c = Sigma[0][0], Sigma[0][1], Sigma[1][1]
    centre = _pair(mu[0], mu[1])
    if b == 0 and a == c:
        return (f"One round hill centred at {centre}: its contour ellipses are circles; the inner one "
                f"(r = 1) has radius {fmt(math.sqrt(a), 2)}.")
    mean, half = (a + c) / 2, math.hypot((a - c) / 2, b)
    big, small = mean + half, mean - half
    k = axis_angle(0.5 * _deg(2 * b, a - c))
    return (f"One hill centred at {centre}: its contour ellipses are {fmt(math.sqrt(big / small), 2)} times "
            f"longer than wide, the long axis at {k}° to the x₁-axis ({orientation(k)}); "
            f"the inner one (r = 1) reaches {fmt(math.sqrt(big), 2)} from the centre along it and "
            f"{fmt(math.sqrt(small), 2)} across it.")


def gda(theta, theta0, fit_theta, fit_theta0):
    """Lesson 03: the true boundary (solid) and the fitted one (dashed)."""
    true = "There is no true boundary: the means are equal, so p(y = 1 | x) = φ everywhere" \
        if _no_line(theta) else f"The true boundary (solid) is {line(theta, theta0)}"
    fitted = "The fitted model has no boundary" if _no_line(fit_theta) else \
        f"The fitted boundary (dashed) is {line(fit_theta, fit_theta0)}"
    return f"{true}. {fitted}."


def newton(k, theta, gda_theta, gda_theta0):
    """Lesson 04: the boundary of Newton's iterate ``k`` (``theta`` = [θ₁, θ₂, θ₀]; solid) and
    GDA's closed-form boundary (dashed) on the same points."""
    it = f"At iterate {k} logistic regression has no boundary yet (θ₁ = θ₂ = 0)" if _no_line(theta[:2]) \
        else f"At iterate {k} the logistic boundary (solid) is {line(theta[:2], theta[2])}"
    closed = "GDA has no boundary" if _no_line(gda_theta) else \
        f"GDA's closed-form boundary (dashed) is {line(gda_theta, gda_theta0)}"
    return f"{it}. {closed}."


def boundaries(models):
    """Lesson 05: each panel's boundary, ``models`` {name: {"A", "b", "c", "conic"}} in panel order."""
    parts = [f"{name}: {conic(m['A'], m['b'], m['c'], m['conic'])}." for name, m in models.items()]
    return "Class 1 is the triangles; each black curve is a boundary. " + " ".join(parts)


def laplace(alpha, posterior, grid, curve):
    """Lesson 06 (Laplace): the curve of p(spam | x) against alpha, and the dot at alpha."""
    c0, c1 = curve[0], curve[-1]
    trend = "falls" if c1 < c0 - _TIE else "rises" if c1 > c0 + _TIE else "stays level"
    relation = "staying above one half" if min(curve) > 0.5 + _TIE else \
        "staying below one half" if max(curve) < 0.5 - _TIE else "crossing one half"
    text = (f"The curve of p(spam | x) {trend} from {fmt(c0, 2)} at α = {fmt(grid[0], 2)} to {fmt(c1, 2)} at "
            f"α = {fmt(grid[-1], 2)}, {relation}.")
    if posterior is None:
        return text + " At α = 0 there is no dot: p(spam | x) is 0/0."
    side = "above" if posterior > 0.5 else "below" if posterior < 0.5 else "on"
    return text + (f" The dot at α = {fmt(alpha, 2)} is at {fmt(posterior, 2)}, {side} the one-half line: "
                   f"{wins(posterior, 'spam', 'ham')}.")


def message(top, p_spam):
    """Lesson 06 (a message): which bars push toward spam and which toward ham, and who wins."""
    if not top["spam"] and not top["ham"]:
        return ("No bars: no word of the message is in the vocabulary, so the prior decides: "
                f"{wins(p_spam, 'spam', 'ham')}.")
    parts, longest = [], None
    for k, side in (("spam", "right"), ("ham", "left")):
        rows = top[k]
        n = len(rows)
        if n:
            words = ", ".join(f"“{w}”" for w, _, _ in rows)
            parts.append(f"{n} bar{'s' if n > 1 else ''} point{'' if n > 1 else 's'} {side}, toward {k}: {words}")
        else:
            parts.append(f"no bar points {side}, toward {k}")
        for w, _, v in rows:
            if longest is None or abs(v) > abs(longest[1]) * (1 + _TIE):
                longest = (w, v, k)
    text = "; ".join(parts)
    return (f"{text[0].upper()}{text[1:]}. The longest bar is “{longest[0]}”, toward {longest[2]}. "
            f"With the prior, {wins(p_spam, 'spam', 'ham')}.")


def m_estimate(query, classes, conditionals, scores, decision, posterior, m, curve_m, curve):
    """Lesson 08: which bars are taller, which score wins and by how much, where the curve and the dot are."""
    yes, no = classes
    groups = {yes: [], no: [], "equal": []}
    for j, v in enumerate(query):
        a, b = conditionals[yes][j], conditionals[no][j]
        groups[yes if a > b * (1 + _TIE) else no if b > a * (1 + _TIE) else "equal"].append(v)
    left = [f"the {k} bar is taller for {', '.join(vs)}" for k, vs in groups.items() if vs and k != "equal"]
    if groups["equal"]:
        left.append(f"the bars are equal for {', '.join(groups['equal'])}")
    s_yes, s_no = scores[yes], scores[no]
    if s_yes == 0 and s_no == 0:
        middle = "both scores are 0: no decision"
    elif decision == "tie":
        middle = "the two scores are equal: a tie"
    else:
        loser = no if decision == yes else yes
        hi, lo = scores[decision], scores[loser]
        middle = f"only the {decision} score is above 0: {decision} wins" if lo == 0 else \
            f"the {decision} score is over a million times the {loser} score: {decision} wins" \
            if lo * _MILLION <= hi else \
            f"the {decision} score is {fmt(hi / lo, 2)} times the {loser} score: {decision} wins"
    start = "undefined (0/0)" if curve[0] is None else fmt(curve[0], 2)
    end = "undefined (0/0)" if curve[-1] is None else fmt(curve[-1], 2)
    if posterior is None:
        dot = f"at m = {fmt(m, 1)} there is no dot (0/0)"
    else:
        side = "above" if decision == yes else "below" if decision == no else "on"
        dot = f"the dot at m = {fmt(m, 1)} is {side} one half"
    return (f"Left: {'; '.join(left)}. Middle: {middle}. Right: as m grows from {fmt(curve_m[0], 0)} to "
            f"{fmt(curve_m[-1], 0)}, P({yes} | x) goes from {start} to {end}; {dot}.")


def predict(committed):
    """A predict-then-reveal question draws no picture: the description says whether the answer shows."""
    if committed:
        return "No figure: the answer is shown below, with your guess."
    return "No figure: a question; the answer stays hidden until you commit a guess."
