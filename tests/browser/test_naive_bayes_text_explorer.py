"""Notebook 06's message box in JupyterLab: type a message, see p(spam), computed by the page.

Oracle: the page publishes its tokens, log joints, p(spam), top words and readouts
in ``data-state``; ``MessageExplorer(model, vocab, message).expected_state()`` computes
them with genlearn (``genlearn.text.tokenize`` and the fitted MultinomialNB's
``predict_proba``), compared to 1e-9 relative. The strings are the tricky cases of the
tokenizer (punctuation, digits, case, Unicode, empty, spaces only) and issue 14's
(missing separators, a 2,100-word message). The Laplace explorer of the same notebook
is in the generic table of test_explorers.py.
"""
import pytest

from genlearn.demos import naive_bayes_text as demo
from genlearn.explorers import naive_bayes_text as explorers
from lab_driver import (
    check_page_state, explorer, explorer_frames, explorer_state, open_notebook, readout_text, saved_widgets_shown,
    screenshot, wait_for_frame,
)

NOTEBOOK = "notebooks/06_naive_bayes_text.ipynb"
NAME = "Spam probability of a message"

MESSAGES = [
    "Don't WIN £1000 now!! Call 0800-123, u r a winner",
    "ÉCOLE café naïve İstanbul ΟΔΟΣ",
    "snake_case rock'n'roll ''quoted'' o' 'tis",
    "e\u0301 ١٢٣ ²³ ½ 🙂 tab\there",
    "zzzqx now",
    "",
    "      ",
    "...!!! ,,,",
    demo.long_message(420),
]


@pytest.fixture(scope="module")
def filters():
    corpus = demo.load_corpus(download=False)
    return demo.train_spam_filters(corpus)


def test_message_box_tokenizes_and_scores_like_genlearn(filters, lab_server, lab_page, tmp_path):
    page = lab_page
    open_notebook(page, lab_server, NOTEBOOK)   # as the session executed it (conftest.py)
    problems = saved_widgets_shown(page, lambda: open_notebook(page, lab_server, NOTEBOOK), NOTEBOOK)
    assert not problems, problems
    root = explorer(page, NAME)
    box = root.get_by_role("textbox", name="message", exact=True)

    def check(message):
        state = explorer_state(root)
        assert state["params"]["message"] == message
        expected = explorers.MessageExplorer(filters.multinomial, filters.vocab, message=message).expected_state()
        check_page_state(root, state, expected, repr(message[:60]), oracle="genlearn")
        return expected

    check(explorers.DEFAULT_MESSAGE)
    for message in MESSAGES:
        before = explorer_frames(root)
        box.fill(message)
        wait_for_frame(page, root, before)
        expected = check(message)
        if not message.strip(" .!,"):
            assert readout_text(root)[0].startswith("no words")
        # a bounded summary, whatever the message: the explorer still fits a 1280 x 720 screen
        assert root.bounding_box()["height"] <= 600, (message[:40], root.bounding_box())
    assert expected["n_tokens"] == 2100 and readout_text(root)[0].startswith("2,100 words")
    screenshot(page, tmp_path / "message-box.png")
    # typing, key by key (JupyterLab must not take the keys: the text arrives whole)
    box.fill("")
    box.press_sequentially("free prize")
    page.wait_for_timeout(200)
    check("free prize")
    assert not page.genlearn_errors, page.genlearn_errors
