"""Predict, then reveal: the learner commits a guess before genlearn's answer shows.

A :class:`Predict` widget asks one question at a moment of a lesson where
learners commonly guess wrong. The learner types a number (:meth:`Predict.number`)
or picks an option (:meth:`Predict.choice`: a sign, a shape, which model),
and commits it (the Commit button, or Enter); only then does the page show the
answer that the lesson computed with genlearn, how far the guess was, and a
line that explains it. Reset hides the answer again, for the next class.

It is an explorer (:mod:`genlearn.explorers.explorer`): the guess is a declared
parameter (:class:`~genlearn.explorers.explorer.TextBox`), ``committed`` a
:class:`~genlearn.explorers.explorer.Whole` the page sets, and
:meth:`Predict.expected_state` is the numpy twin of what the page publishes,
so the contract's checks hold it as they hold the lessons' explorers.

The answer travels in the widget state (the static pages and the handouts
reveal it without a kernel), but until the guess is committed it is in no
text, attribute or readout of the page: screen readers cannot reach it
either. Its page is ``predict.js``.

Examples
--------
>>> q = Predict.number("00-quarter", "What is 1/4 as a decimal?", 0.25, digits=2, tolerance=0.01,
...                    label="1/4", misconception="fractions and decimals are different numbers")
>>> q.readouts()
['Type your guess, then press Commit (or Enter).']
>>> q.guess, q.committed = "0.3", 1
>>> q.readouts()[:3]
['Your guess: 0.30', '1/4 by genlearn: 0.25', 'Off by 0.05: not within ±0.01.']
"""
import html
import math
import re

import traitlets

from . import describe
from .explorer import Explorer, TextBox, Whole, fmt

__all__ = ["Predict", "parse_number"]

#: A number as a learner types it: optional sign, digits with a decimal point or comma, an exponent.
#: The same pattern is in predict.js, ASCII digits only (Python's \d would also read "٣");
#: anything else is not a guess (no "1_000", "inf", "0x1").
_NUMBER = re.compile(r"^[ \t]*([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?)[ \t]*$", re.ASCII)


def parse_number(text):
    """The number a learner typed, or None: ``"0,25"`` and ``"−0.5"`` (a typographic minus) read as numbers.

    The twin of ``parseNumber`` in ``predict.js`` (both read the same digits with
    correctly rounded conversions). Numbers of size 1e21 or more are refused,
    as the readouts cannot print them.

    >>> parse_number(" 0,25 "), parse_number("−2e-1"), parse_number("1/4"), parse_number("1e300")
    (0.25, -0.2, None, None)
    """
    m = _NUMBER.match(text.replace("\u2212", "-"))
    if m is None:
        return None
    value = float(m.group(1).replace(",", "."))
    return value if abs(value) < 1e21 else None


class Predict(Explorer):
    """One predict-then-reveal question: the answer shows once a guess is committed.

    Build it with :meth:`number` or :meth:`choice`, from a value that the
    lesson computed with genlearn.

    Parameters
    ----------
    guess : str
        The learner's guess: a number as text (``kind`` "number") or the value
        of an option (``kind`` "choice"); "" before any guess.
    committed : int
        0: the answer is hidden; 1: the guess is committed and the answer shown.

    Attributes
    ----------
    name : str
        The question's identifier, e.g. ``"01-posterior-80kg"`` (the lecture
        plans and the tests name questions by it).
    question : str
        The question, as the page shows it.
    kind : {"number", "choice"}
    options : list of [value, text]
        The choices (kind "choice"); empty for a number.
    answer : str
        The right option's value (kind "choice"); "" for a number.
    value : float
        The number genlearn computed: the answer (kind "number") or the number
        behind the right option (a threshold, a difference, an accuracy).
    label : str
        What ``value`` is, e.g. ``"P(elephant | 80 kg)"``.
    digits : int
        Decimals of ``value`` and of the guess in the feedback.
    tolerance : float
        A number guess within ``tolerance`` of ``value`` counts as close.
    explain : str
        One line shown with the answer: why it is what it is.
    misconception : str
        The mistake the question targets, shown with the answer.
    """

    _js = "predict.js"
    _title = "Predict, then reveal"

    guess = TextBox("", "Your guess", max_chars=100)
    committed = Whole(0, 1, 0, "committed", why="0 hides the answer, 1 shows it")

    name = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("number").tag(sync=True)
    options = traitlets.List().tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Float(0.0).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    digits = traitlets.Int(2).tag(sync=True)
    tolerance = traitlets.Float(0.0).tag(sync=True)
    explain = traitlets.Unicode("").tag(sync=True)
    misconception = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, data=None, **params):
        # `data`: the question's traits, set before the declared parameters are validated
        for key, v in (data or {}).items():
            setattr(self, key, v)
        super().__init__(**params)

    @staticmethod
    def _check_common(name, question, value, digits, misconception):
        if not re.fullmatch(r"\d\d-[a-z0-9-]+", name):
            raise ValueError(f"name {name!r}: use the lesson's number and a few words, e.g. '01-posterior-80kg'.")
        if not question.strip() or not misconception.strip():
            raise ValueError(f"{name}: give the question and the misconception it targets (both non-empty).")
        value = float(value)
        if not math.isfinite(value) or abs(value) >= 1e21:
            raise ValueError(f"{name}: value {value!r} is not a finite number below 1e21; pass the number "
                             "genlearn computed (float(...)).")
        if not (isinstance(digits, int) and 0 <= digits <= 12):
            raise ValueError(f"{name}: digits = {digits!r}; choose a whole number of decimals in [0, 12].")
        return value

    @classmethod
    def number(cls, name, question, value, *, digits, tolerance, label, misconception, explain=""):
        """A question whose answer is a number: ``value``, computed by genlearn.

        A guess within ``tolerance`` of ``value`` counts as close. ``label``
        names the number in the feedback ("P(elephant | 80 kg) by genlearn: 0.78").
        """
        value = cls._check_common(name, question, value, digits, misconception)
        tolerance = float(tolerance)
        if not (math.isfinite(tolerance) and tolerance >= 0):
            raise ValueError(f"{name}: tolerance = {tolerance!r}; give a finite number >= 0 "
                             "(how far a guess may be and still count as close).")
        return cls(data=dict(name=name, question=question, kind="number", options=[], answer="", value=value,
                             label=label, digits=digits, tolerance=tolerance, explain=explain,
                             misconception=misconception))

    @classmethod
    def choice(cls, name, question, options, answer, *, value, digits, label, misconception, explain=""):
        """A question with options, ``(value, text)`` pairs; ``answer`` is the right option's value.

        ``value`` is the number genlearn computed that decides the answer (shown
        after the commit as ``label: value``).
        """
        value = cls._check_common(name, question, value, digits, misconception)
        options = [[str(v), str(t)] for v, t in options]
        values = [v for v, _ in options]
        if len(options) < 2 or len(set(values)) != len(values):
            raise ValueError(f"{name}: give at least two options with distinct values; got {values}.")
        if answer not in values:
            raise ValueError(f"{name}: the answer {answer!r} is not one of the options {values}; "
                             "pass the value of the right option.")
        return cls(data=dict(name=name, question=question, kind="choice", options=options, answer=answer,
                             value=value, label=label, digits=digits, tolerance=0.0, explain=explain,
                             misconception=misconception))

    @classmethod
    def sign(cls, name, question, change, texts, *, digits, label, misconception, explain=""):
        """A question on the sign of ``change``, computed by genlearn: ``texts`` says what
        falls (< 0), stays (exactly 0) and rises (> 0) mean here, e.g. ``("GDA", "equal", "logistic")``.
        """
        if len(texts) != 3:
            raise ValueError(f"{name}: texts must be three: what a negative, a zero and a positive change mean.")
        change = cls._check_common(name, question, change, digits, misconception)
        answer = "+" if change > 0 else "-" if change < 0 else "0"
        return cls.choice(name, question, list(zip("-0+", texts)), answer, value=change, digits=digits,
                          label=label, misconception=misconception, explain=explain)

    @classmethod
    def example(cls, **params):
        """The example the explorer checks build: a number question (``kind="choice"``: a choice)."""
        kind = params.pop("kind", "number")
        if kind == "choice":
            q = cls.choice("00-example-sign", "Does 1/x rise or fall as x grows (x > 0)?",
                           [("+", "rises"), ("0", "stays"), ("-", "falls")], "-", value=-0.25, digits=2,
                           label="slope at x = 2", misconception="a curve that flattens is rising")
        else:
            q = cls.number("00-example-quarter", "What is 1/4 as a decimal?", 0.25, digits=2, tolerance=0.01,
                           label="1/4", misconception="a fraction is not a decimal")
        for key, v in params.items():
            setattr(q, key, v) if key in cls._params else q._refuse(key)
        return q

    def _refuse(self, key):
        raise ValueError(f"unknown parameter(s) {[key]} of {type(self).__name__}; choose from {list(self._params)}.")

    def parsed_guess(self):
        """The committed-to-be guess: a float (number), an option's value (choice), or None (no valid guess)."""
        if self.kind == "number":
            return parse_number(self.guess)
        return self.guess if self.guess in [v for v, _ in self.options] else None

    def _text(self, v):
        return fmt(v, self.digits) if self.kind == "number" else dict(map(tuple, self.options))[v]

    def expected_state(self):
        """What the page publishes: before the commit nothing of the answer; after it, the feedback."""
        g = self.parsed_guess()
        if not self.committed:
            if self.guess == "":
                line = "Type your guess, then press Commit (or Enter)." if self.kind == "number" else \
                    "Choose an answer, then press Commit."
            elif g is None:
                line = (f"“{self.guess}” is not a number: type one such as 0.25 (a decimal point or comma)."
                        if self.kind == "number" else "Choose one of the options.")
            else:
                line = f"Your guess: {self._text(g)}. Press Commit to see genlearn's answer."
            return dict(params=self.params(), readouts=[line], description=describe.predict(False), revealed=False,
                        valid=g is not None)
        value_line = f"{self.label} by genlearn: {fmt(self.value, self.digits)}"
        if self.kind == "number":
            error = None if g is None else g - self.value
            right = error is not None and abs(error) <= self.tolerance
            if error is None:
                verdict = "No guess was committed."
            else:
                within = "within" if right else "not within"
                verdict = f"Off by {fmt(abs(error), self.digits)}: {within} ±{fmt(self.tolerance, self.digits)}."
            lines = [f"Your guess: {'none' if g is None else self._text(g)}", value_line, verdict]
            answer = self.value
        else:
            error, right = None, g == self.answer
            lines = [f"Your answer: {'none' if g is None else self._text(g)}",
                     f"genlearn: {self._text(self.answer)} ({value_line})",
                     "Right." if right else "Not this time."]
            answer = self.answer
        lines += [line for line in (self.explain, f"The trap: {self.misconception}") if line]
        return dict(params=self.params(), readouts=lines, description=describe.predict(True), revealed=True,
                    valid=g is not None, answer=answer, value=self.value, guess=g, error=error, right=right)

    def _repr_mimebundle_(self, **kwargs):
        """The widget view, and the question as HTML where widgets cannot run (an untrusted notebook, print).

        The HTML holds the question and its options, never the answer.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        options = "".join(f"<li>{html.escape(t)}</li>" for _, t in self.options)
        data["text/html"] = (f'<div class="gl-predict-still"><p><strong>Predict, then reveal.</strong> '
                             f"{html.escape(self.question)}</p>" + (f"<ul>{options}</ul>" if options else "")
                             + "<p>Your guess: ________</p></div>")
        data["text/plain"] = f"Predict, then reveal: {self.question}"
        return data, metadata
