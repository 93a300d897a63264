"""genlearn.explorers.gda_vs_logistic_regression: the lesson's explorers against their numpy twin and independent
oracles, each test stating its own. The lesson's figures and tables: tests/test_demo_gda_vs_logistic_regression.py."""
import numpy as np
import pytest
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis


from tolerances import ROUNDING

from genlearn.demos import gda_vs_logistic_regression as demo
from genlearn.explorers import gda_vs_logistic_regression as ex_demo
from test_demo_gda_vs_logistic_regression import dragged, plain_newton


def test_newton_path_runs_away_on_the_separable_preset():
    """On the separable preset (lesson 04's separable_example) the iterates diverge: |theta| grows by about
    2.7 a step, the log-likelihood rises to 0, every point ends on its own side; genlearn's fit stops at the
    first iterate that separates (SeparableDataWarning), which is the path's iterate there."""
    import warnings

    from genlearn import LogisticRegression
    from genlearn.logistic import SeparableDataWarning

    X, y = demo.newton_data("separable")
    Xs, ys = demo.separable_example()
    assert np.array_equal(X, Xs) and np.array_equal(y, ys)
    thetas, logliks, status = demo.newton_path(X, y)
    norms = np.hypot(thetas[:, 0], thetas[:, 1])
    np.testing.assert_allclose(thetas[:21], plain_newton(X, y, 20), rtol=1e-9, atol=ROUNDING)
    assert np.all(np.diff(logliks) > 0) and -1e-9 < logliks[-1] < 0
    assert np.all((np.diff(norms[10:]) > 2.6) & (np.diff(norms[10:]) < 2.8)) and norms[-1] > 60
    assert np.all((2 * y - 1) * (X @ thetas[-1, :2] + thetas[-1, 2]) > 0)
    with pytest.warns(SeparableDataWarning):
        fit = LogisticRegression().fit(X, y)
    # tol: the explorer's Newton path and genlearn's fit: the same steps, rounding grown by the solves on separable
    # data (|theta| ~ 60)
    np.testing.assert_allclose(thetas[fit.n_iter_], [*fit.theta_, fit.theta0_], rtol=1e-9)
    ex = ex_demo.NewtonExplorer(data_set="separable", step=20)
    state = ex.expected_state()
    assert state["newton"]["separated"] and "no maximum exists" in state["readouts"][5]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the explorer's own path warns of nothing
        demo.newton_path(X, y)


def test_newton_explorer_state_follows_step_and_points():
    """The twin's state at step k: iterates 0..k of newton_path, |Delta theta| of each step, GDA's fit
    (genlearn's GDA against scikit-learn's LDA), a step past the last iterate shows the last."""
    from genlearn.explorers.points import check_training_points

    ex = ex_demo.NewtonExplorer(step=2)
    X, y = ex.data()
    thetas, logliks, _ = demo.newton_path(X, y)
    s = ex.expected_state()["newton"]
    # tol: the same path and norms, on a copy of the data (alignment can move numpy's sums by an ulp): rounding
    np.testing.assert_allclose(s["theta"], thetas[:3], rtol=ROUNDING)
    np.testing.assert_allclose(s["size"], np.linalg.norm(np.diff(thetas[:3], axis=0), axis=1), rtol=ROUNDING)
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    gda = ex.expected_state()["gda"]
    # tol: LDA in closed form another way: rounding, conditioned
    np.testing.assert_allclose([*gda["theta"], gda["theta0"]], [*lda.coef_[0], lda.intercept_[0]], rtol=1e-9)
    ex.step = demo.NEWTON_STEPS
    assert ex.expected_state()["newton"]["shown"] == len(thetas) - 1 < demo.NEWTON_STEPS
    Z = X.copy()
    Z[0] = [4.0, 4.0]
    ex.set_points(Z, y)
    # tol: the same path on the same points (a copy): rounding
    np.testing.assert_allclose(ex.expected_state()["newton"]["theta"][-1], demo.newton_path(Z, y)[0][-1],
                               rtol=ROUNDING)
    with pytest.raises(ValueError, match="each class needs at least 2 points"):
        ex.set_points(Z[y == 1], y[y == 1])
    ex.data_set = "separable"
    assert ex.data()[0].tolist() == demo.newton_data("separable")[0].tolist()
    check_training_points(*ex.data())


def test_newton_javascript_equals_the_twin_at_every_step():
    """The page's frame(get) (Node.js) at every step of both presets and of dragged points: the twin's
    numbers to 1e-9 relative, its readouts to the letter."""
    from node_twin import frames

    from genlearn.explorers.explorer import state_mismatches

    explorers = []
    for name in ("overlap", "separable"):
        for k in range(demo.NEWTON_STEPS + 1):
            explorers.append(ex_demo.NewtonExplorer(data_set=name, step=k))
    for seed in range(4):
        ex = ex_demo.NewtonExplorer(data_set=("overlap", "separable")[seed % 2], step=demo.NEWTON_STEPS)
        ex.set_points(*dragged(ex.data_set, seed))
        explorers.append(ex)
    for ex, page in zip(explorers, frames(explorers)):
        expected = ex.expected_state()
        problems = state_mismatches(page, expected, rtol=1e-9)
        assert not problems, f"{ex.params()}:\n  " + "\n  ".join(problems[:10])
        assert page["readouts"] == expected["readouts"]
