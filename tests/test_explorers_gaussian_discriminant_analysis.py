"""genlearn.explorers.gaussian_discriminant_analysis: the lesson's explorers against their numpy twin and independent
oracles, each test stating its own. The figures and tables: tests/test_demo_gaussian_discriminant_analysis.py."""
import json
import re

import numpy as np
import pytest
from scipy.special import expit
from scipy.stats import multivariate_normal
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis


from tolerances import EXACT, ROUNDING, half_unit

from genlearn.demos import gaussian_discriminant_analysis as demo
from genlearn.explorers import gaussian_discriminant_analysis as ex_demo
from test_demo_gaussian_discriminant_analysis import INITIAL, _oracle_sample, equation_after


def _true_log_odds(pts, params, mu, Sigma):
    phi = params["phi"]
    return (multivariate_normal(mu[1], Sigma).logpdf(pts) + np.log(phi)
            - multivariate_normal(mu[0], Sigma).logpdf(pts) - np.log(1 - phi))


@pytest.mark.parametrize("values", [{}, dict(phi=0.3, rho=-0.6, sigma1=1.2),
                                    dict(m=57, seed=4, phi=0.85, mu1_2=-2.5, sigma2=0.3)])
def test_explorer_state_matches_sklearn_and_scipy(values):
    ex = ex_demo.GDAExplorer(**values)
    params = ex.params()
    assert params == {**INITIAL, "m": 200, "seed": 0, "pointer": "move", **values}
    st = ex.expected_state()
    X, y, mu, Sigma = _oracle_sample(params)
    m = len(y)
    np.testing.assert_allclose(ex.sample()[0], X, rtol=ROUNDING, atol=ROUNDING)
    np.testing.assert_array_equal(ex.sample()[1], y)
    assert st["sample"]["counts"] == [m - y.sum(), y.sum()] and y.sum() == round(params["phi"] * m)
    np.testing.assert_allclose(st["sample"]["X"], X, rtol=ROUNDING, atol=ROUNDING)
    np.testing.assert_array_equal(st["sample"]["y"], y)
    # tol: the same products of the parameters: an ulp or two
    np.testing.assert_allclose(st["true"]["Sigma"], Sigma, rtol=1e-15)
    # the fit: scikit-learn's LDA is the same MLE
    lda = LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True).fit(X, y)
    fit = st["fitted"]
    assert fit["phi"] == pytest.approx(lda.priors_[1], rel=ROUNDING)
    # tol: LDA's closed form another way: rounding; theta through a 2 x 2 solve (condition ~1e2), so 1e-8
    np.testing.assert_allclose([fit["mu0"], fit["mu1"]], lda.means_, rtol=1e-10)
    np.testing.assert_allclose(fit["Sigma"], lda.covariance_, rtol=1e-10)
    # tol: as above
    np.testing.assert_allclose([*fit["theta"], fit["theta0"]], [*lda.coef_[0], lda.intercept_[0]],
                               rtol=1e-8, atol=1e-10)
    assert fit["accuracy"] == pytest.approx(lda.score(X, y), abs=ROUNDING)
    # both boundary segments lie on their lines and inside the box
    fx, fy = fit["line"]
    # tol: points on the drawn line, from theta in closed form: rounding of terms of size ~10
    np.testing.assert_allclose(lda.decision_function(np.column_stack([fx, fy])), 0, atol=1e-8)
    tx, ty = st["true"]["line"]
    pts = np.column_stack([tx, ty])
    # tol: as above, for the true boundary
    np.testing.assert_allclose(_true_log_odds(pts, params, mu, Sigma), 0, atol=1e-9)
    assert np.all(np.abs(pts) <= 6 + 1e-9)
    # true theta: the log-odds are theta^T x + theta0 (scipy)
    probe = np.random.default_rng(2).normal(0, 3, size=(20, 2))
    # tol: the same log-odds, in closed form and from scipy's densities: rounding of terms ~10
    np.testing.assert_allclose(probe @ st["true"]["theta"] + st["true"]["theta0"],
                               _true_log_odds(probe, params, mu, Sigma), atol=1e-9)
    # ellipses: Mahalanobis radius 1 and 2 around each true mean
    for k in (0, 1):
        for r, pts in zip(ex_demo.EXPLORER_RADII, st["ellipses"][k]):
            d = np.array(pts) - mu[k]
            # tol: points put on the ellipse by the eigenvectors, read back by the inverse: rounding, conditioned
            np.testing.assert_allclose(np.einsum("ij,jk,ik->i", d, np.linalg.inv(Sigma), d), r * r,
                                       rtol=1e-9)
        # the fitted ellipses: the same radii around LDA's means, in LDA's covariance
        for r, pts in zip(ex_demo.EXPLORER_RADII, fit["ellipses"][k]):
            d = np.array(pts) - lda.means_[k]
            # tol: as above
            np.testing.assert_allclose(np.einsum("ij,jk,ik->i", d, np.linalg.inv(lda.covariance_), d),
                                       r * r, rtol=1e-9)
    # posterior shading: Bayes' rule with scipy's densities
    g = st["posterior"]["x"]
    G = np.array([[(x1, x2) for x1 in g] for x2 in g]).reshape(-1, 2)
    # tol: exp of the same log-odds: rounding, relative; atol for the probabilities that underflow towards 0
    np.testing.assert_allclose(np.ravel(st["posterior"]["p"]),
                               expit(_true_log_odds(G, params, mu, Sigma)), rtol=1e-9, atol=1e-15)
    # readouts: the numbers as text
    lines = st["readouts"]
    assert lines[0] == f"m = {m}: {m - y.sum()} with y = 0, {y.sum()} with y = 1"
    theta, theta0 = st["true"]["theta"], st["true"]["theta0"]
    assert lines[3] == "true boundary: " + demo.boundary_equation(theta, theta0)
    # genlearn's fit, printed with 3 decimals, against scikit-learn's: to half a unit of the last digit, + 1e-12
    # for the two solvers' rounding (comparing the two texts could flip a digit at a rounding boundary)
    assert lines[8].startswith("fitted boundary: ")
    # tol: (the comment above): half a unit of the 3 decimals printed
    np.testing.assert_allclose(equation_after("fitted boundary: ", lines[8]), [*lda.coef_[0], lda.intercept_[0]],
                               rtol=0, atol=half_unit(3))
    assert lines[4] == f"fitted φ = {lda.priors_[1]:.3f}, training accuracy = {lda.score(X, y):.3f}"
    # how far the fit is from the truth: LDA's coefficients minus the true ones (scipy's log-odds)
    gap = [float(v) for v in re.findall(r"-?\d+\.\d+", lines[9])]
    assert lines[9].startswith("fitted − true: θ by [")
    # tol: printed with 3 decimals
    np.testing.assert_allclose(gap, [*(lda.coef_[0] - theta), lda.intercept_[0] - theta0], atol=half_unit(3))
    assert json.dumps(st)  # JSON, as the page publishes it


def test_explorer_moves_points_smoothly():
    ex = ex_demo.GDAExplorer()
    before, y = ex.sample()
    ex.mu0_1 = INITIAL["mu0_1"] + 0.1
    after, y_after = ex.sample()
    np.testing.assert_array_equal(y, y_after)
    moved = np.abs(after - before).max(axis=1)
    np.testing.assert_allclose(moved[y == 0], 0.1, atol=ROUNDING)
    assert np.all(moved[y == 1] == 0)


def test_explorer_no_boundary_when_means_coincide():
    st = ex_demo.GDAExplorer(mu1_1=INITIAL["mu0_1"], mu1_2=INITIAL["mu0_2"]).expected_state()
    assert st["true"]["theta"] == [0.0, 0.0] and st["true"]["line"] == [[], []]  # tol: exact, equal means
    assert st["readouts"][3].startswith("true boundary: none")
    # tol: p(y=1 | x) = sigmoid(log(phi / (1 - phi))) = phi, to rounding (default rtol 1e-5)
    assert np.allclose(st["posterior"]["p"], INITIAL["phi"])


def test_every_slider_at_the_corner_of_the_box_still_fits():
    """Every slider at an end, alternately (the contract checks each end alone, against numpy)."""
    sliders = [(n, t) for n, t in ex_demo.GDAExplorer.class_traits().items() if n in INITIAL]
    corner = {n: t.lo if i % 2 else t.hi for i, (n, t) in enumerate(sliders)}
    assert ex_demo.GDAExplorer(**corner).expected_state()["fitted"]["accuracy"] > 0.5


def test_explorer_refuses_bad_values():
    ex = ex_demo.GDAExplorer()
    with pytest.raises(ValueError, match=r"rho = 0.95 is outside the slider range \[-0.9, 0.9\]"):
        ex.rho = 0.95
    with pytest.raises(ValueError, match=r"phi = nan is outside the slider range \[0.1, 0.9\]"):
        ex.phi = float("nan")
    with pytest.raises(ValueError, match=r"m = 5 is outside its range; choose a whole number in \[10, 2000\]"):
        ex_demo.GDAExplorer(m=5)
    assert ex.rho == INITIAL["rho"]  # a refused value leaves the explorer as it was


def test_explorer_rebuilds_from_its_params_and_redraws_for_a_new_seed():
    ex = ex_demo.GDAExplorer(phi=0.35, seed=3)
    assert ex_demo.GDAExplorer(**ex.params()).expected_state() == ex.expected_state()
    X3 = ex.sample()[0]
    ex.seed = 4
    assert not np.allclose(ex.sample()[0], X3)  # tol: another draw differs by O(1), far beyond the default 1e-5
    np.testing.assert_allclose(ex.sample()[0], _oracle_sample(ex.params())[0], rtol=ROUNDING)
    ex.m = 300
    assert len(ex.noise) == 300 and len(ex.order) == 300 and len(ex.points) == 300


def test_explorer_sends_json_and_no_pixels():
    ex = ex_demo.GDAExplorer()
    state = ex.get_state()
    json.dumps(state)
    assert not any(isinstance(v, bytes) for v in state.values())


def test_explorer_static_figure_shows_both_boundaries():
    from genlearn import GDA

    ex = ex_demo.GDAExplorer()
    fig = ex.static_figure()
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_legend().texts]
    assert labels[-2:] == ["fitted boundary p(y=1|x) = 1/2", "true boundary"]
    X, y = ex.sample()
    fit = GDA().fit(X, y)
    line = [ln for ln in ax.lines if ln.get_label() == "true boundary"][0]
    pts = np.column_stack(line.get_data())
    theta, theta0 = demo.boundary_from_parameters(ex.phi, ex.mu0, ex.mu1, ex.Sigma)
    # tol: points on the drawn line, from theta in closed form: rounding of terms of size ~10
    np.testing.assert_allclose(pts @ theta + theta0, 0, atol=1e-9)
    assert fit.theta_ is not None and ex.m == 200  # the notebook says m = 200


def _lda_fit(X, y):
    lda = LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True).fit(X, y)
    return lda.priors_[1], lda.means_, lda.covariance_, [*lda.coef_[0], lda.intercept_[0]]


def test_explorer_fits_the_points_it_is_given():
    """Points set from Python (moved, added, removed) are what the twin fits."""
    ex = ex_demo.GDAExplorer()
    X, y = ex.sample()
    np.testing.assert_array_equal(ex.data()[0], X)
    X2 = np.vstack([X[1:], [[4.0, -3.0], [-2.0, 2.5]]])
    y2 = np.concatenate([y[1:], [1, 0]])
    X2[5] = [-5.0, 5.0]
    ex.set_points(X2, y2)
    st = ex.expected_state()
    phi, means, Sigma, theta = _lda_fit(X2, y2)
    assert st["sample"]["counts"] == [int((y2 == 0).sum()), int((y2 == 1).sum())]
    assert st["fitted"]["phi"] == pytest.approx(phi, rel=ROUNDING)
    # tol: LDA's closed form another way: rounding; theta through a 2 x 2 solve, so 1e-8
    np.testing.assert_allclose([st["fitted"]["mu0"], st["fitted"]["mu1"]], means, rtol=1e-10)
    np.testing.assert_allclose(st["fitted"]["Sigma"], Sigma, rtol=1e-10)
    # tol: as above
    np.testing.assert_allclose([*st["fitted"]["theta"], st["fitted"]["theta0"]], theta, rtol=1e-8)
    assert st["readouts"][0] == f"m = {len(y2)}: {(y2 == 0).sum()} with y = 0, {(y2 == 1).sum()} with y = 1"
    ex.phi = 0.4                          # moving the true model draws the sample again
    np.testing.assert_allclose(ex.data()[0], ex.sample()[0], rtol=EXACT, atol=EXACT)  # tol: exact: the same draw


def test_outlier_preset_moves_the_first_class_0_point():
    ex = ex_demo.GDAExplorer()
    X, y = ex.data()
    ex.outlier()
    X2, y2 = ex.data()
    i = int(np.flatnonzero(y == 0)[0])
    assert X2[i].tolist() == list(ex_demo.OUTLIER_AT) and np.array_equal(np.delete(X2, i, 0), np.delete(X, i, 0))
    # one point of 200 moves mu0 by (outlier - old point) / m0 and widens Sigma
    m0 = int((y == 0).sum())
    np.testing.assert_allclose(ex.expected_state()["fitted"]["mu0"],
                               X[y == 0].mean(axis=0) + (np.array(ex_demo.OUTLIER_AT) - X[i]) / m0, rtol=ROUNDING)
    assert np.linalg.det(_lda_fit(X2, y2)[2]) > np.linalg.det(_lda_fit(X, y)[2])


@pytest.mark.parametrize("points, labels, message", [
    ([[0.0, 1.0, 2.0]] * 4, [0, 0, 1, 1], r"points must have shape \(m, 2\)"),
    ([[0.0, np.nan], [1, 0], [0, 1], [1, 1]], [0, 0, 1, 1], "points must be finite"),
    ([[0.0, 0.0], [1, 0], [0, 1], [1, 1]], [0, 0, 1], r"labels must have shape \(4,\).*set_points\(X, y\)"),
    ([[0.0, 0.0], [1, 0], [0, 1], [1, 1]], [0, 0, 1, 2], r"labels must be 0 or 1; got \[2\]"),
    ([[0.0, 0.0], [1, 0], [0, 1], [1, 1]], [0, 0, 0, 1], "each class needs at least 2 points"),
    ([[0.0, 0.0], [1, 1], [2, 2], [3, 3]], [0, 0, 1, 1], "the fitted Sigma singular"),
])
def test_explorer_refuses_bad_points(points, labels, message):
    """A refused edit is a ValueError naming the fix; the explorer keeps its points."""
    ex = ex_demo.GDAExplorer()
    before = ex.points
    with pytest.raises(ValueError, match=message):
        ex.set_points(points, labels)
    assert ex.points == before
    with pytest.raises(ValueError, match=r"labels must have shape \(5,\).*got shape \(200,\)"):
        ex.points = [[0.0, 0.0]] * 5       # alone, a new length cannot match the labels
    assert ex.points == before


def test_the_page_refuses_what_python_refuses():
    """fitOK of the page (Node) and check_training_points agree, at the rule's edge too."""
    from node_twin import _run, sources

    ex = ex_demo.GDAExplorer()
    cases = [([[0.0, 0.0], [1, 0], [0, 1], [1, 2]], [0, 0, 1, 1]),
             ([[0.0, 0.0], [1, 0], [0, 1], [1, 1]], [0, 0, 0, 1]),
             ([[0.0, 0.0], [1, 1], [2, 2], [3, 3]], [0, 0, 1, 1]),
             ([[0.0, 0.0], [1, 1], [2, 2], [3, 3.001]], [0, 0, 1, 1]),
             (ex.points, ex.labels)]
    script = ('import {fitOK} from "./points.js";\nlet t = "";\n'
              "for await (const c of process.stdin) t += c;\n"
              "process.stdout.write(JSON.stringify(JSON.parse(t).map(([X, y]) => "
              f"fitOK(X, y, {demo.MIN_PER_CLASS}, {ex.flat}))));\n")
    got = _run(sources(), script, cases)

    def ok(X, y):
        try:
            ex_demo.check_training_points(X, y)
        except ValueError:
            return False
        return True

    assert got == [ok(X, y) for X, y in cases] == [True, False, False, True, True]


def test_a_slider_moved_on_the_page_keeps_the_pages_sample():
    """The page sends a moved slider with the sample it drew (JavaScript's arithmetic, equal to
    Python's to rounding): the kernel keeps it and sends nothing back; from Python, a moved
    slider draws the sample again, and it replaces the learner's edits."""
    ex = ex_demo.GDAExplorer()
    X, y = ex_demo.GDAExplorer(phi=0.3).sample()
    page_X = (X * (1 + 1e-15)).tolist()       # the page's sample: the same up to rounding
    sent = []   # the keys sent back (None: the whole state); ipywidgets 8.0 also calls it with an empty set
    ex.send_state = lambda key=None: sent.append(key) if key is None or len(key) else None
    ex.set_state({"phi": 0.3, "points": page_X, "labels": y.tolist()})
    assert ex.points == page_X and ex.labels == y.tolist() and not sent
    ex.outlier()
    ex.phi = 0.35                             # from Python: the sample again, edits gone
    np.testing.assert_array_equal(ex.data()[0], ex.sample()[0])


def test_new_sample_draws_with_the_pages_generator_and_refits():
    from genlearn.demos.seeded_draws import seeded_draws

    ex = ex_demo.GDAExplorer()
    lesson = ex.data()[0].copy()
    ex.new_sample(seed=5, m=500)
    noise, order = seeded_draws(500, 5)
    assert (ex.draws, ex.seed, ex.m) == ("mulberry32", 5, 500)
    np.testing.assert_array_equal(ex.noise, noise)
    X, y = demo.sample_explorer_data(ex.phi, ex.mu0, ex.mu1, ex.Sigma, noise, order)
    np.testing.assert_array_equal(ex.data()[0], X)
    st = ex.expected_state()
    phi, means, Sigma, _ = _lda_fit(X, y)
    # tol: LDA's closed form another way: rounding
    np.testing.assert_allclose([st["fitted"]["mu0"], st["fitted"]["mu1"]], means, rtol=1e-10)
    np.testing.assert_allclose(st["fitted"]["Sigma"], Sigma, rtol=1e-10)
    assert st["readouts"][-1] == "sample drawn with seed 5 by the page's generator (mulberry32)"
    ex.new_sample()                                   # the button: seed + 1
    assert ex.seed == 6 and ex.m == 500
    assert not np.allclose(ex.data()[0], X)  # tol: another draw differs by O(1)
    # the lesson's sample again: numpy's generator, seed 0, m = 200
    back = ex_demo.GDAExplorer(seed=0)
    np.testing.assert_array_equal(back.data()[0], lesson)
    assert back.expected_state()["readouts"][-1] == \
        "sample drawn with seed 0 by numpy's default_rng (the lesson's sample)"


def test_the_smallest_sample_keeps_two_points_per_class():
    for draws in ("numpy", "mulberry32"):
        for phi in (0.1, 0.5, 0.9):
            st = ex_demo.GDAExplorer(m=10, phi=phi, draws=draws).expected_state()
            assert min(st["sample"]["counts"]) >= demo.MIN_PER_CLASS and sum(st["sample"]["counts"]) == 10


def test_the_distance_of_the_fit_from_the_truth():
    from genlearn import GDA

    ex = ex_demo.GDAExplorer(draws="mulberry32", seed=11, m=60)
    st = ex.expected_state()
    X, y = ex.data()
    fit = GDA().fit(X, y)
    theta, _ = demo.boundary_from_parameters(ex.phi, ex.mu0, ex.mu1, ex.Sigma)
    err = st["fitted"]["error"]
    assert err["mu0"] == pytest.approx(np.linalg.norm(X[y == 0].mean(axis=0) - ex.mu0), rel=ROUNDING)
    assert err["mu1"] == pytest.approx(np.linalg.norm(X[y == 1].mean(axis=0) - ex.mu1), rel=ROUNDING)
    assert err["Sigma"] == pytest.approx(np.linalg.norm(fit.Sigma_ - ex.Sigma, "fro"), rel=ROUNDING)
    cos = fit.theta_ @ theta / np.linalg.norm(fit.theta_) / np.linalg.norm(theta)
    # tol: arccos of a cosine near 1 magnifies its rounding by 1 / sin(angle) (angles of a few degrees): 1e-6
    assert err["angle"] == pytest.approx(np.degrees(np.arccos(cos)), rel=1e-6)
    assert f"‖Σ̂ − Σ‖ = {demo.fmt(err['Sigma'], 3)}, boundaries' angle {demo.fmt(err['angle'], 2)}°" \
        in st["readouts"][-2]
    # the error shrinks with m (seeds 0..19, the page's generator): a typical fit gets closer
    sizes = {m: np.median([ex_demo.GDAExplorer(draws="mulberry32", seed=s, m=m).expected_state()["fitted"]
                           ["error"]["Sigma"] for s in range(20)]) for m in (20, 2000)}
    assert sizes[2000] < sizes[20] / 4
    # no true boundary (mu0 = mu1): no angle
    flat = ex_demo.GDAExplorer(mu0_1=0.0, mu0_2=0.0, mu1_1=0.0, mu1_2=0.0).expected_state()
    assert flat["fitted"]["error"]["angle"] is None
    assert flat["readouts"][-2].endswith("boundaries' angle none (no true boundary)")


def test_the_page_computes_the_new_sample_and_its_fit():
    """frame() in Node, on the page's generator's draws at both ends of m, equals the twin."""
    from node_twin import frames

    from genlearn.explorers.explorer import state_mismatches

    exs = [ex_demo.GDAExplorer(draws="mulberry32", m=m, seed=seed, phi=phi)
           for m, seed, phi in [(10, 3, 0.1), (2000, 4, 0.65), (470, 99, 0.9)]]
    for ex, got in zip(exs, frames(exs)):
        problems = state_mismatches(got, ex.expected_state())
        assert not problems, problems[:5]


def test_a_new_sample_drawn_on_the_page_is_kept_by_the_kernel():
    """The page sends m, seed, its draws and its sample at once (JavaScript's log, cos and sin: equal
    to Python's to rounding): the kernel keeps them and sends nothing back, and its twin fits them."""
    from genlearn.demos.seeded_draws import seeded_draws

    ex = ex_demo.GDAExplorer()
    noise, order = seeded_draws(700, 42)
    page_noise = (noise * (1 + 1e-15)).tolist()
    X, y = demo.sample_explorer_data(ex.phi, ex.mu0, ex.mu1, ex.Sigma, np.array(page_noise), order)
    sent = []
    ex.send_state = lambda key=None: sent.append(key) if key is None or len(key) else None
    ex.set_state({"m": 700, "seed": 42, "draws": "mulberry32", "noise": page_noise, "order": order.tolist(),
                  "points": X.tolist(), "labels": y.tolist()})
    assert ex.noise == page_noise and ex.points == X.tolist() and not sent
    np.testing.assert_allclose(ex.data()[0], ex_demo.GDAExplorer(draws="mulberry32", m=700, seed=42).sample()[0],
                               rtol=0, atol=ROUNDING)
