"""The explorers' seeded generator (genlearn.demos.seeded_draws) and its page twin (numerics.js).

Oracles: the page's own functions run in Node.js (the same integers bit for bit, the same
permutation, normal draws to 1e-12), scipy's Kolmogorov-Smirnov test (the draws are standard
normal) and the definition of a permutation.
"""
import numpy as np
import pytest
from scipy import stats

from tolerances import ROUNDING

from genlearn.explorers.explorer import HERE
from genlearn.demos.seeded_draws import SEED_MAX, mulberry32, seeded_draws
from node_twin import _run

SEEDS = [0, 1, 7, 12345, 2**31 - 1, 2**31, SEED_MAX]

_SCRIPT = """
import {mulberry32, seededDraws} from "./numerics.mjs";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const {seeds, n, sizes} = JSON.parse(text);
const ints = seeds.map((s) => { const next = mulberry32(s); return Array.from({length: n}, () => next()); });
const draws = sizes.map(([m, s]) => seededDraws(m, s));
process.stdout.write(JSON.stringify({ints, draws}));
"""

SIZES = [(10, 0), (200, 1), (2000, 7), (37, SEED_MAX)]


@pytest.fixture(scope="module")
def page():
    """What numerics.js computes in Node for SEEDS and SIZES."""
    return _run({"numerics.mjs": (HERE / "numerics.js").read_text(encoding="utf-8")}, _SCRIPT,
                dict(seeds=SEEDS, n=2000, sizes=SIZES))


def test_the_integers_equal_the_pages_bit_for_bit(page):
    for seed, ints in zip(SEEDS, page["ints"]):
        nxt = mulberry32(seed)
        assert [nxt() for _ in range(len(ints))] == ints, seed
    # the published first outputs of mulberry32(0), as a fixed point outside both copies
    nxt = mulberry32(0)
    assert [nxt() for _ in range(3)] == [1144304738, 1416247, 958946056]


def test_the_draws_equal_the_pages(page):
    for (m, seed), got in zip(SIZES, page["draws"]):
        noise, order = seeded_draws(m, seed)
        assert got["order"] == order.tolist(), (m, seed)
        np.testing.assert_allclose(got["noise"], noise, rtol=0, atol=ROUNDING, err_msg=f"m={m}, seed={seed}")


def test_the_draws_are_standard_normal_and_a_permutation():
    noise, order = seeded_draws(20_000, 3)
    assert sorted(order.tolist()) == list(range(20_000)) and not np.array_equal(order, np.arange(20_000))
    for j in range(2):
        assert stats.kstest(noise[:, j], "norm").pvalue > 1e-3, j
    assert abs(np.corrcoef(noise.T)[0, 1]) < 0.05
    # two seeds, two samples; one seed, one sample
    # tol: two seeds, two draws: they differ by O(1)
    assert not np.allclose(seeded_draws(50, 4)[0], seeded_draws(50, 5)[0])
    np.testing.assert_array_equal(seeded_draws(50, 4)[0], seeded_draws(50, 4)[0])


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1, 1.5, "3"])
def test_a_bad_seed_is_refused(seed):
    with pytest.raises(ValueError, match=r"seed must be a whole number in \[0, 4294967295\]"):
        seeded_draws(5, seed)
