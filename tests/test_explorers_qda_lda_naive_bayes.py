"""genlearn.explorers.qda_lda_naive_bayes: the lesson's explorers against their numpy twin and independent
oracles, each test stating its own. The lesson's figures and tables: tests/test_demo_qda_lda_naive_bayes.py."""
import numpy as np
import pytest

from tolerances import CONDITIONED, ROUNDING

from genlearn import gaussian
from genlearn.demos import qda_lda_naive_bayes as demo
from genlearn.explorers import qda_lda_naive_bayes as ex_demo
from test_demo_qda_lda_naive_bayes import _abc_closed_form, _bayes_posterior, _numpy_parameters


@pytest.mark.parametrize("sigma1, sigma2, rho, qda_kind, nb_kind", [
    (2.0, 1.5, 0.0, "ellipse", "ellipse"),
    (0.6, 0.7, 0.3, "ellipse", "ellipse"),
    (2.0, 0.6, 0.0, "hyperbola", "hyperbola"),
    (1.0, 1.0, 0.5, "hyperbola", "line"),     # naive Bayes ignores the correlation
    (1.0, 2.0, 0.0, "parabola", "parabola"),
    (1.0, 1.0, 0.0, "line", "line"),
])
def test_explorer_names_the_conic_of_the_true_model(sigma1, sigma2, rho, qda_kind, nb_kind):
    ex = ex_demo.BoundaryExplorer(sigma1=sigma1, sigma2=sigma2, rho=rho)
    state = ex.expected_state()
    Sigma1 = gaussian.covariance(sigma1, sigma2, rho)
    qda = state["models"]["QDA"]
    # the whitened sample makes the fitted model the true one
    # tol: the fitted parameters of the explorer's data, another way: rounding
    np.testing.assert_allclose(qda["Sigma"][1], Sigma1, atol=1e-10)
    np.testing.assert_allclose(qda["Sigma"][0], np.eye(2), atol=1e-10)
    np.testing.assert_allclose(qda["mu"], demo.EXPLORER_MU, atol=1e-10)  # tol: (above)
    # closed form with Sigma_0 = I: A = (I - Sigma_1^{-1}) / 2
    # tol: through an inverse: rounding, conditioned
    np.testing.assert_allclose(qda["A"], 0.5 * (np.eye(2) - np.linalg.inv(Sigma1)), atol=1e-9)
    assert [m["conic"] for m in state["models"].values()] == [qda_kind, "line", nb_kind]
    assert [line.split("boundary ")[1].split(";")[0] for line in state["readouts"][2:5]] == \
        [qda_kind, "line", nb_kind]
    assert state["params"] == dict(sigma1=sigma1, sigma2=sigma2, rho=rho, pointer="move")


@pytest.mark.parametrize("params", [dict(), dict(sigma1=0.5, sigma2=2.5, rho=-0.8),
                                    dict(sigma1=1.3, sigma2=0.9, rho=0.45)])
def test_explorer_state_against_scipy_and_numpy(params):
    """Oracles: numpy's class means and (1/m_k) covariances, the closed-form A, b, c of
    the notes, Bayes' rule with scipy's densities at the probes, plain accuracy counts."""
    ex = ex_demo.BoundaryExplorer(**params)
    state = ex.expected_state()
    X0 = np.asarray(ex.x0)
    X1 = np.asarray(demo.EXPLORER_MU[1]) + np.asarray(ex.z1) @ np.linalg.cholesky(ex.Sigma1).T
    X, y = np.vstack([X0, X1]), np.repeat([0, 1], [len(X0), len(X1)])
    np.testing.assert_allclose(state["sample"]["X"], X, rtol=ROUNDING)
    assert state["sample"]["y"] == y.tolist() and state["sample"]["counts"] == [len(X0), len(X1)]
    pi, mu, Sigma = _numpy_parameters(X, y)
    pooled = np.einsum("k,kij->ij", pi, Sigma)
    covs = {"QDA": Sigma, "LDA": np.stack([pooled, pooled]),
            "naive Bayes": np.stack([np.diag(np.diag(S)) for S in Sigma])}
    P = np.asarray(ex_demo.EXPLORER_PROBES)
    for name, S in covs.items():
        got = state["models"][name]
        np.testing.assert_allclose(got["phi"], pi, rtol=ROUNDING)
        np.testing.assert_allclose(got["mu"], mu, atol=ROUNDING)
        np.testing.assert_allclose(got["Sigma"], S, atol=ROUNDING)
        A, b, c = _abc_closed_form(pi, mu, S)
        np.testing.assert_allclose(got["A"], A, rtol=1e-9, atol=ROUNDING)
        np.testing.assert_allclose(got["b"], b, rtol=1e-9, atol=ROUNDING)
        # tol: through inverses and log-determinants: rounding, conditioned
        assert got["c"] == pytest.approx(c, rel=CONDITIONED)
        np.testing.assert_allclose(got["posterior"], _bayes_posterior(X, y, P, name), rtol=1e-9, atol=1e-15)
        f = np.einsum("ij,jk,ik->i", X, A, X) + X @ b + c
        assert got["accuracy"] == np.mean((f > 0) == (y == 1))
        assert f"{name}: eigenvalues of A" in "\n".join(state["readouts"])


def test_explorer_every_slider_end_is_a_valid_model():
    """Every corner of the slider box: finite numbers, positive definite covariances."""
    t = {name: ex_demo.BoundaryExplorer.class_traits()[name] for name in ex_demo.BoundaryExplorer._params}
    for s1 in (t["sigma1"].lo, t["sigma1"].hi):
        for s2 in (t["sigma2"].lo, t["sigma2"].hi):
            for rho in (t["rho"].lo, t["rho"].hi):
                state = ex_demo.BoundaryExplorer(sigma1=s1, sigma2=s2, rho=rho, m=30).expected_state()
                for name, m in state["models"].items():
                    assert all(np.linalg.eigvalsh(S).min() >= 0.05 - 1e-12 for S in m["Sigma"]), name
                    assert np.isfinite(m["c"]) and np.isfinite(m["posterior"]).all(), name
    assert min(t["sigma1"].lo, t["sigma2"].lo) > 0 and -1 < t["rho"].lo < t["rho"].hi < 1


def test_explorer_rebuilds_from_its_params_and_draws_a_static_picture():
    ex = ex_demo.BoundaryExplorer(sigma1=1.5, sigma2=0.8, rho=-0.35)
    state = ex.expected_state()
    again = type(ex)(**state["params"]).expected_state()
    assert again == state
    traits = ex.get_state()
    assert len(traits["x0"]) == len(traits["z1"]) == 120
    fig = ex.static_figure(num=30)
    assert len(fig.axes) == 3
    assert [ax.get_title().split(": ")[-1] for ax in fig.axes] == \
        [m["conic"] for m in state["models"].values()]


def _edited(ex):
    X, y = ex.data()
    X2 = np.vstack([X[2:], [[4.0, -3.0], [-2.0, 2.5]]])
    y2 = np.concatenate([y[2:], [1, 0]])
    X2[7] = [-4.0, 5.0]
    return X2, y2


def test_explorer_fits_the_points_it_is_given():
    """Points moved, added and removed from Python are what the twin (genlearn) and the page (Node) fit."""
    from node_twin import frames

    ex = ex_demo.BoundaryExplorer(sigma1=1.3, sigma2=0.9, rho=0.45)
    X, y = ex.sample()
    np.testing.assert_array_equal(ex.data()[0], X)
    X2, y2 = _edited(ex)
    ex.set_points(X2, y2)
    state = ex.expected_state()
    pi, mu, Sigma = _numpy_parameters(X2, y2)
    pooled = np.einsum("k,kij->ij", pi, Sigma)
    for name, S in {"QDA": Sigma, "LDA": np.stack([pooled, pooled]),
                    "naive Bayes": np.stack([np.diag(np.diag(S)) for S in Sigma])}.items():
        got = state["models"][name]
        np.testing.assert_allclose(got["mu"], mu, atol=ROUNDING)
        np.testing.assert_allclose(got["Sigma"], S, atol=ROUNDING)
        A, b, c = _abc_closed_form(pi, mu, S)
        np.testing.assert_allclose(got["A"], A, rtol=1e-9, atol=ROUNDING)
        # tol: through inverses and log-determinants: rounding, conditioned
        assert got["c"] == pytest.approx(c, rel=CONDITIONED)
    assert state["sample"]["counts"] == [int((y2 == 0).sum()), int((y2 == 1).sum())]
    assert state["readouts"][-1] == f"training points: {(y2 == 0).sum()} with y = 0, {(y2 == 1).sum()} with y = 1"
    from genlearn.explorers.explorer import state_mismatches
    assert not state_mismatches(frames([ex])[0], state)
    ex.rho = 0.2                           # moving a slider draws the sample again
    np.testing.assert_array_equal(ex.data()[0], ex.sample()[0])


def test_outlier_preset_moves_the_first_class_0_point():
    ex = ex_demo.BoundaryExplorer()
    X, y = ex.data()
    before = ex.expected_state()["models"]
    ex.outlier()
    X2, _ = ex.data()
    assert X2[0].tolist() == list(ex_demo.OUTLIER_AT) and np.array_equal(X2[1:], X[1:]) and y[0] == 0
    after = ex.expected_state()["models"]
    m0 = int((y == 0).sum())
    np.testing.assert_allclose(after["QDA"]["mu"][0], X[y == 0].mean(axis=0) + (X2[0] - X[0]) / m0, rtol=ROUNDING)
    # class 1's fit does not move under QDA and naive Bayes (per-class covariances); LDA's shared one does
    for name in ("QDA", "naive Bayes"):
        np.testing.assert_allclose(after[name]["Sigma"][1], before[name]["Sigma"][1], rtol=ROUNDING)
    # tol: LDA's shared covariance moves by the outlier's weight, O(0.01), far beyond the default 1e-5
    assert not np.allclose(after["LDA"]["Sigma"][1], before["LDA"]["Sigma"][1])


_BAD = [
    ([[0.0, 1.0, 2.0]] * 6, [0, 0, 0, 1, 1, 1], r"points must have shape \(m, 2\)"),
    ([[0.0, np.nan], [1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], [0, 0, 0, 1, 1, 1], "points must be finite"),
    ([[0.0, 0.0], [1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], [0, 0, 0, 1, 1], r"labels must have shape \(6,\)"),
    ([[0.0, 0.0], [1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], [0, 0, 0, 1, 1, 2], r"labels must be 0 or 1"),
    ([[0.0, 0.0], [1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], [0, 0, 1, 1, 1, 1], "class 0 has 2 points"),
    ([[0.0, 0.0], [1, 0], [0, 1], [1, 1], [2, 2], [3, 3]], [0, 0, 0, 1, 1, 1], "class 1 lie on one line"),
]


@pytest.mark.parametrize("points, labels, message", _BAD)
def test_explorer_refuses_bad_points(points, labels, message):
    """A refused edit is a ValueError naming the fix; the explorer keeps its points."""
    ex = ex_demo.BoundaryExplorer(m=20)
    before = ex.points
    with pytest.raises(ValueError, match=message):
        ex.set_points(points, labels)
    assert ex.points == before


def test_the_page_refuses_what_python_refuses():
    """fitsAll of the page (Node) and check_explorer_points agree, at the rule's edge too."""
    from node_twin import _run

    ex = ex_demo.BoundaryExplorer(m=20)
    cases = [(X, y) for X, y, _ in _BAD[4:]] + [
        ([[0.0, 0.0], [1, 0], [0, 1], [1, 1], [2, 2], [3, 3.001]], [0, 0, 0, 1, 1, 1]), (ex.points, ex.labels)]
    script = ('import {fitsAll} from "./explorer.mjs";\nlet t = "";\n'
              "for await (const c of process.stdin) t += c;\n"
              "process.stdout.write(JSON.stringify(JSON.parse(t).map(([X, y]) => "
              f"fitsAll(X, y, {ex_demo.MIN_PER_CLASS}, {ex.flat}))));\n")
    got = _run({"explorer.mjs": ex._esm}, script, cases)

    def ok(X, y):
        try:
            ex_demo.check_explorer_points(X, y)
        except ValueError:
            return False
        return True

    assert got == [ok(X, y) for X, y in cases] == [False, False, True, True]
