"""The explorers: interactive figures whose JavaScript computes and draws every frame in the browser.

One module per explorer, named after its lesson's notebook and holding its widget (an
anywidget class), with the ES module that draws it beside it as ``<module>.js``
(``naive_bayes_text`` holds lesson 06's two widgets, which share one ES module). The
shared layers live here too:

=====================  ===========================================================
``explorer``           the base class and the contract (:mod:`genlearn.explorers.explorer`,
                       docs/explorers.md); ``explorer.js`` the page, ``numerics.js``
                       the numbers, ``explorer.css`` the one stylesheet
``points``             training points the learner drags (``points.js``)
``describe``           what each picture shows, in words (``describe.js``)
``canvas.js``          drawing on canvases: panels, layers, markers, axes
``built/``             esbuild's bundle of each explorer's module (its ``_esm``),
                       made by ``make explorers`` (:mod:`genlearn.explorers._bundle`)
=====================  ===========================================================

Every number an explorer shows has a numpy twin, its ``expected_state()``, which the
tests compare with what its JavaScript computes. The lessons' static figures and
tables stay in :mod:`genlearn.demos`.
"""
