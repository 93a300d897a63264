"""The explorers' seeded generator, computed the same way on the page and in numpy.

A page cannot run numpy's generators, so an explorer whose page draws a new sample
(lesson 03's *New sample* and its m slider) uses a generator small enough to write
twice: ``mulberry32``, a 32-bit integer generator, then Box–Muller for standard-normal
pairs and Fisher–Yates for a permutation. ``numerics.js`` holds the page's copy
(``mulberry32``, ``seededDraws``); the integers agree bit for bit, the normal draws to
the last bit or two of ``log``, ``cos`` and ``sin`` (tests/test_seeded_draws.py checks
both in Node.js).

Examples
--------
>>> from genlearn.demos.seeded_draws import mulberry32, seeded_draws
>>> next_int = mulberry32(0)
>>> [next_int() for _ in range(3)]
[1144304738, 1416247, 958946056]
>>> noise, order = seeded_draws(5, seed=7)
>>> noise.shape, sorted(order.tolist())
((5, 2), [0, 1, 2, 3, 4])
"""
import math

import numpy as np

__all__ = ["mulberry32", "seeded_draws", "SEED_MAX"]

_MASK = 0xFFFFFFFF
#: The largest seed: seeds are 32-bit whole numbers.
SEED_MAX = _MASK


def mulberry32(seed):
    """A function returning the next whole number in ``[0, 2**32)`` of mulberry32 started at ``seed``.

    The twin of ``mulberry32`` in ``numerics.js``: the same operations modulo 2**32
    (JavaScript's ``Math.imul`` and ``>>>``), so the same integers.
    """
    if not (isinstance(seed, (int, np.integer)) and 0 <= seed <= SEED_MAX):
        raise ValueError(f"seed must be a whole number in [0, {SEED_MAX}]; got {seed!r}.")
    state = [int(seed)]

    def next_int():
        a = (state[0] + 0x6D2B79F5) & _MASK
        state[0] = a
        t = ((a ^ (a >> 15)) * (1 | a)) & _MASK
        t = ((t + (((t ^ (t >> 7)) * (61 | t)) & _MASK)) & _MASK) ^ t
        return (t ^ (t >> 14)) & _MASK

    return next_int


def seeded_draws(m, seed):
    """``noise`` (m, 2) standard-normal pairs and ``order``, a permutation of ``range(m)``.

    One mulberry32 stream: first, for each row, Box–Muller on ``u1 = (k + 1) / 2**32``
    (in (0, 1], so the log is finite) and ``u2 = k' / 2**32``; then Fisher–Yates from the
    last index down, ``j = floor(k (i + 1) / 2**32)`` (exact in integers). The twin of
    ``seededDraws`` in ``numerics.js``.

    Returns
    -------
    noise : ndarray of shape (m, 2)
    order : ndarray of int, shape (m,)
    """
    if not (isinstance(m, (int, np.integer)) and m >= 0):
        raise ValueError(f"m must be a whole number >= 0; got {m!r}.")
    next_int = mulberry32(seed)
    noise = np.empty((m, 2))
    for i in range(m):
        u1 = (next_int() + 1) / 2**32
        u2 = next_int() / 2**32
        r, t = math.sqrt(-2 * math.log(u1)), 2 * math.pi * u2
        noise[i] = r * math.cos(t), r * math.sin(t)
    order = list(range(m))
    for i in range(m - 1, 0, -1):
        j = (next_int() * (i + 1)) >> 32
        order[i], order[j] = order[j], order[i]
    return noise, np.array(order, dtype=int)
