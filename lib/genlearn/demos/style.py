"""One style for every figure and explorer of the suite.

Colours come from the Okabe–Ito palette, which stays distinguishable under the
common forms of colour blindness. A class has the same colour *and* the same
marker shape in every notebook, in the homework and in the browser explorers
(which receive :data:`PALETTE`, :data:`CLASS_COLORS` and :data:`CLASS_MARKERS`
from here, so the JavaScript keeps no second copy).

==========  =========================  =======  ==========================
class k     colour                     marker   meaning in the notes
==========  =========================  =======  ==========================
0           blue ``#0072B2``           circle   y = 0 (dog, benign, ham)
1           vermillion ``#D55E00``     triangle y = 1 (elephant, malignant, spam)
2           bluish green ``#009E73``   square   a third class
3           reddish purple ``#CC79A7`` diamond  a fourth class
==========  =========================  =======  ==========================

Lines that are not classes (a true boundary next to a fitted one, a band, a
threshold) also differ by line style, never by hue alone.
"""

__all__ = ["PALETTE", "CLASS_COLORS", "CLASS_MARKERS", "class_color", "class_marker"]

#: The Okabe–Ito colours by name.
PALETTE = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "grey": "#999999",
}

#: Colour of class k (index k): the same in every figure of the suite.
CLASS_COLORS = (PALETTE["blue"], PALETTE["vermillion"], PALETTE["bluish_green"],
                PALETTE["reddish_purple"])

#: Marker of class k, as a matplotlib marker code: shapes differ, not only colours.
CLASS_MARKERS = ("o", "^", "s", "D")


def class_color(k):
    """The colour of class index ``k`` (0, 1, 2, 3)."""
    return CLASS_COLORS[k % len(CLASS_COLORS)]


def class_marker(k):
    """The marker of class index ``k`` (circle, triangle, square, diamond)."""
    return CLASS_MARKERS[k % len(CLASS_MARKERS)]
