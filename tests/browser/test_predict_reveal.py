"""Predict, then reveal, driven by keyboard in JupyterLab and on the static pages.

Every question of the lessons (their stored widget state names them, ``data-predict``
on the page) is opened as a learner meets it: in the lessons served by JupyterLab
(test_notebooks_in_lab.py calls :func:`check_question` on the page it opened) and on
the course site's static pages, served on 127.0.0.1 with every other request aborted
and recorded (test_site.py calls it on the lesson's page it opened), and lesson 01's first
question in the presenter view, Voilà. For each, by keyboard only:

* before the commit nothing of the answer is on the page: not in its text, not in its
  ``data-state``, not in its accessibility tree (Playwright's ARIA snapshot);
* a guess typed (Enter) or an option chosen (Space, then Tab to Commit) and committed shows
  the answer: the page's value equals the numpy twin's and the independent oracle of
  tests/test_predict.py (1e-9), in the text and the accessibility tree;
* Reset, where the commit left the keyboard, hides it all again and clears the guess;
* no request leaves localhost (static pages) and no JavaScript error.
"""
import json


from genlearn.explorers.explorer import fmt
from genlearn.explorers.predict import Predict
from lab_driver import REPO, check_page_state, drawn
from test_predict import ORACLES, QUESTIONS

LESSONS = sorted({lesson for lesson, _, _ in QUESTIONS.values()})


def find_question(page, name, timeout=60):
    """The root of question ``name``, once drawn."""
    return drawn(page, page.locator(f'.genlearn-explorer[data-predict="{name}"]'), timeout)


def page_state(root):
    root.page.wait_for_function("el => el.dataset.settled !== 'false'", arg=root.element_handle(), polling=20)
    return json.loads(root.get_attribute("data-state"))


def answer_texts(stored):
    """What would give the answer away: the value as the feedback prints it, the feedback's words
    (a choice's options are all on the page: which one is right is said only in the feedback)."""
    texts = [fmt(stored["value"], stored["digits"]), "by genlearn", "The trap", "Right.", "Not this time."]
    return [t for t in texts if t not in stored["question"]]


def twin(stored, params):
    data = {k: stored[k] for k in ("name", "question", "kind", "options", "answer", "value", "label", "digits",
                                   "tolerance", "explain", "misconception")}
    return Predict(data=data, **params).expected_state()


def check_question(page, name):
    """Hidden, committed by keyboard, revealed and equal to the twin and the oracle, reset."""
    _, stored, _ = QUESTIONS[name]
    root = find_question(page, name)
    hidden = answer_texts(stored)

    def assert_hidden(when):
        state = page_state(root)
        assert state["revealed"] is False and "value" not in state, f"{name} {when}: {state}"
        assert root.get_attribute("data-revealed") == "false"
        text, tree = root.inner_text(), root.aria_snapshot()
        for t in hidden:
            assert t not in text and t not in tree, f"{name} {when}: {t!r} is on the page before the commit"
        assert stored["explain"] == "" or stored["explain"] not in text + tree
        if stored["kind"] == "choice" and state["params"]["guess"] != stored["answer"]:
            # the right option is named nowhere but among the options (unless it is the guess, echoed)
            right = dict(map(tuple, stored["options"]))[stored["answer"]]
            assert right not in root.get_by_role("status").inner_text(), f"{name} {when}: the status names it"

    assert_hidden("at first")
    if stored["kind"] == "number":
        box = root.get_by_role("textbox", name="Your guess", exact=True)
        box.focus()
        page.keyboard.type("-1e20")  # a guess far off: the feedback must say so
        page.wait_for_timeout(200)
        assert_hidden("with a guess typed")
        page.keyboard.press("Enter")
        guess = -1e20
    else:
        first = root.get_by_role("radio").first
        first.focus()
        page.keyboard.press("Space")
        page.wait_for_timeout(200)
        assert_hidden("with an option chosen")
        page.keyboard.press("Tab")  # to Commit
        page.keyboard.press("Enter")
        guess = stored["options"][0][0]
    page.wait_for_function("el => el.dataset.revealed === 'true'", arg=root.element_handle(), timeout=10_000)
    state = page_state(root)
    expected = twin(stored, state["params"])
    check_page_state(root, state, expected, name, oracle="Predict's twin")
    assert state["guess"] == guess and state["revealed"] is True
    oracle, option, rtol = ORACLES[name]
    assert abs(state["value"] - oracle()) <= rtol * abs(oracle()) + 1e-15, (name, state["value"], oracle())
    assert option is None or state["answer"] == option
    shown = root.get_by_role("status").inner_text()
    tree = root.aria_snapshot()
    for line in expected["readouts"]:
        assert line in shown, f"{name}: {line!r} not shown"
    assert fmt(stored["value"], stored["digits"]) in tree, f"{name}: the answer is not in the accessibility tree"
    # the commit left the keyboard on Reset: Enter hides the answer again and clears the guess
    assert page.evaluate("() => document.activeElement && document.activeElement.textContent") == "Reset"
    page.keyboard.press("Enter")
    page.wait_for_function("el => el.dataset.revealed === 'false'", arg=root.element_handle(), timeout=10_000)
    assert_hidden("after Reset")
    assert page_state(root)["params"] == {"guess": "", "committed": 0}


def test_a_question_in_the_presenter_view(chromium, tmp_path):
    """Voilà (the presenter view, ``make present``) runs a lesson's question as the lesson writes it (its
    import cell and the question's cell); the same keyboard checks, with no request leaving the machine."""
    import nbformat

    from test_presenter import Voila, offline_tab

    lesson = nbformat.read(REPO / "notebooks" / LESSONS[0], as_version=4)
    name = sorted(n for n, (nb, _, _) in QUESTIONS.items() if nb == LESSONS[0])[0]
    imports = next(c for c in lesson.cells if c.cell_type == "code")
    asked = next(c for c in lesson.cells if c.cell_type == "code" and f'"{name}"' in c.source)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = lesson.metadata["kernelspec"]
    nb.cells = [nbformat.v4.new_code_cell(imports.source), nbformat.v4.new_code_cell(asked.source)]
    path = tmp_path / "question.ipynb"
    nbformat.write(nb, path)
    with Voila(path) as server, offline_tab(chromium, server.url) as tab:
        tab.goto(server.url + "/", wait_until="load", timeout=180_000)
        check_question(tab, name)
        assert tab.outside == [], f"requests left localhost: {tab.outside[:5]}"
        assert tab.errors == [], f"console errors: {tab.errors[:5]}"


def test_every_question_is_asked_in_jupyterlab():
    """test_notebooks_in_lab.py asks each lesson's questions on the page it opens: no question is left out."""
    from test_notebooks_in_lab import notebooks

    opened = set(notebooks())
    left_out = sorted(name for name, (nb, _, _) in QUESTIONS.items() if f"notebooks/{nb}" not in opened)
    assert len(QUESTIONS) >= 14 and not left_out, f"questions no JupyterLab test asks: {left_out}"
