"""genlearn.demos._moved: the explorers' names that moved to genlearn.explorers still import from their old place for
one release, with a FutureWarning naming the new place (STYLE.md's renaming rule).

Oracle: the new modules themselves (the old name must give the very same object) and the warning's text.
"""
import importlib

import pytest

MOVED = [
    ("genlearn.demos.qda_lda_naive_bayes", "BoundaryExplorer", "genlearn.explorers.qda_lda_naive_bayes"),
    ("genlearn.demos.gaussian_discriminant_analysis", "GDAExplorer",
     "genlearn.explorers.gaussian_discriminant_analysis"),
    ("genlearn.demos.gda_vs_logistic_regression", "NewtonExplorer", "genlearn.explorers.gda_vs_logistic_regression"),
    ("genlearn.demos.generative_vs_discriminative", "BayesExplorer", "genlearn.explorers.generative_vs_discriminative"),
    ("genlearn.demos.multivariate_gaussian", "GaussianExplorer", "genlearn.explorers.multivariate_gaussian"),
    ("genlearn.demos.naive_bayes_text", "MessageExplorer", "genlearn.explorers.naive_bayes_text"),
    ("genlearn.demos.m_estimate_stolen_cars", "MEstimateExplorer", "genlearn.explorers.m_estimate_stolen_cars"),
    ("genlearn.demos.explorer", "Explorer", "genlearn.explorers.explorer"),
    ("genlearn.demos.points", "PointsExplorer", "genlearn.explorers.points"),
    ("genlearn.demos.describe", "gaussian", "genlearn.explorers.describe"),
    ("genlearn.demos.predict", "Predict", "genlearn.explorers.predict"),
]


@pytest.mark.parametrize("old, name, new", MOVED, ids=[f"{old}.{name}" for old, name, _ in MOVED])
def test_old_path_gives_the_moved_name_with_a_future_warning(old, name, new):
    module = importlib.import_module(old)
    with pytest.warns(FutureWarning, match=rf"{old}\.{name} moved to {new}\.{name}: import it from {new}"):
        value = getattr(module, name)
    assert value is getattr(importlib.import_module(new), name)


def test_from_import_of_an_old_path_warns_too():
    with pytest.warns(FutureWarning, match="genlearn.explorers.qda_lda_naive_bayes"):
        from genlearn.demos.qda_lda_naive_bayes import BoundaryExplorer
    assert BoundaryExplorer.__module__ == "genlearn.explorers.qda_lda_naive_bayes"


def test_a_name_that_never_was_there_is_still_an_attribute_error():
    from genlearn.demos import qda_lda_naive_bayes

    with pytest.raises(AttributeError, match="no attribute 'NoSuchExplorer'"):
        qda_lda_naive_bayes.NoSuchExplorer
    with pytest.raises(ImportError):
        from genlearn.demos.explorer import __wrapped__  # noqa: F401  (dunder names are never forwarded)
