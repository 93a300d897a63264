"""What the installed scikit-learn computes, where its versions differ."""
import numpy as np
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis


def _qda_divides_by_m_k():
    X = np.array([[0.0], [1.0], [3.0], [10.0], [11.0], [15.0]])
    y = np.array([0, 0, 0, 1, 1, 1])
    cov = QuadraticDiscriminantAnalysis(store_covariance=True).fit(X, y).covariance_[0]
    return bool(np.isclose(cov[0, 0], np.var([0.0, 1.0, 3.0])))


#: scikit-learn's QDA estimates Sigma_k by the MLE (dividing by m_k) only in
#: recent versions; older ones divide by m_k - 1, so they are no oracle for QDA.
QDA_IS_MLE = _qda_divides_by_m_k()
QDA_REASON = ("this scikit-learn's QuadraticDiscriminantAnalysis divides by m_k - 1, not by m_k "
              "as the MLE does; QDA is checked against scipy in test_qda_equals_scipy_densities")
