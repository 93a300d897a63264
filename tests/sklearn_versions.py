"""What the installed scikit-learn computes, where its versions differ."""
import numpy as np
import sklearn
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis


def _qda_divides_by_m_k():
    X = np.array([[0.0], [1.0], [3.0], [10.0], [11.0], [15.0]])
    y = np.array([0, 0, 0, 1, 1, 1])
    cov = QuadraticDiscriminantAnalysis(store_covariance=True).fit(X, y).covariance_[0]
    # tol: the 1/m variance of three values against numpy's: rounding, while 1/(m - 1) differs by half (default rtol
    # 1e-5)
    return bool(np.isclose(cov[0, 0], np.var([0.0, 1.0, 3.0])))


#: scikit-learn's QDA estimates Sigma_k by the MLE (dividing by m_k) only in
#: recent versions; older ones divide by m_k - 1, so they are no oracle for QDA.
QDA_IS_MLE = _qda_divides_by_m_k()
QDA_REASON = ("this scikit-learn's QuadraticDiscriminantAnalysis divides by m_k - 1, not by m_k "
              "as the MLE does; QDA is checked against scipy in test_qda_equals_scipy_densities")


def _version(text):
    return tuple(int(part) for part in text.split(".")[:2])


SKLEARN = _version(sklearn.__version__)

#: Estimator checks that give genlearn data it refuses by design, in older scikit-learn only
#: (tested: fail with 1.6.0 and 1.7.2, pass with 1.9.1; make test-minimum runs 1.6.0). Before 1.8,
#: check_n_features_in_after_fitting and check_dtype_object fit QDA on classes with fewer examples
#: than features + 1, where Sigma_k is singular and genlearn's QDA says so (ValueError) instead of
#: fitting; 1.6's check_positive_only_tag_during_fit subtracts a float mean from integer data in
#: place, which numpy refuses, before it reaches CategoricalNB (a bug of the check, fixed in 1.7).
OLD_CHECK_FAILURES = (
    {("QDA", "check_n_features_in_after_fitting"), ("QDA", "check_dtype_object")} if SKLEARN < (1, 8) else set()
) | ({("CategoricalNB", "check_positive_only_tag_during_fit")} if SKLEARN < (1, 7) else set())
