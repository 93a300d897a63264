"""genlearn: reference implementations for teaching generative learning algorithms.

The estimators follow scikit-learn's fit / predict API and CS229's notation
(``phi``, ``mu``, ``Sigma``, ``theta``; m examples, n features).

Modules
-------
gaussian      the multivariate normal density, sampling and covariance checks
discriminant  GDA (shared Sigma, a.k.a. LDA), QDA and Gaussian naive Bayes
logistic      logistic regression fitted by Newton's method
naive_bayes   Bernoulli, multinomial and categorical (m-estimate) naive Bayes
text          tokenizer, vocabulary and most indicative words
datasets      the stolen-car table, SMS spam, tumours and seeded generators
versions      is this environment new enough? (``check_versions()``, a lesson's first line; imports no package)
demos         the notebooks' static figures and tables, one module per notebook
explorers     the notebooks' explorers (interactive figures drawn in the browser), one module per notebook
homework      the homework's self-checks (``genlearn.homework.checks``)
course        publishing and grading tools for instructors (the ``course`` extra), and the Jupyter
              server extension that keeps the explorers' stored widget state (``course.widget_state``)
"""
import importlib

__version__ = "0.1.0"

_EXPORTS = {
    "GDA": "discriminant",
    "QDA": "discriminant",
    "GaussianNB": "discriminant",
    "LogisticRegression": "logistic",
    "BernoulliNB": "naive_bayes",
    "MultinomialNB": "naive_bayes",
    "CategoricalNB": "naive_bayes",
    "m_estimate": "naive_bayes",
    "sigmoid": "_base",
    "logsumexp": "_base",
    "NotFittedError": "_validation",
    "check_versions": "versions",
}
_SUBMODULES = {"gaussian", "discriminant", "logistic", "naive_bayes", "text",
               "datasets", "demos", "explorers", "homework", "course", "versions"}

__all__ = sorted(_EXPORTS) + sorted(_SUBMODULES)


def __getattr__(name):
    # Imported on first use, so that `import genlearn` stays fast and imports no other package (numpy
    # included): a lesson's first line, genlearn.check_versions(), runs before any of them is imported.
    if name in _EXPORTS:
        module = importlib.import_module(f".{_EXPORTS[name]}", __name__)
        return getattr(module, name)
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'genlearn' has no attribute {name!r}")


def __dir__():
    return __all__
