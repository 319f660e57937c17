"""What Qt knows of a response kind: the interface every response widget offers the trial
screen (`ResponseWidget`), and the interface every kind offers the rest of widgets/
(`WidgetKind`: its widget, its answer in words, its layout hint, its autopilot keys, its scale).

    kind = widgets.kinds.widget_kind(question.kind)       # the registry, by the kind's name
    widget = kind.make_widget(question, state, direction=...)
    widget.changed            -> Signal emitted after every change of the answer
    widget.state              -> the AnswerState it shows and writes to
    widget.handle_key(event)  -> True if the key was for this widget (digits, letters, arrows)

One module per kind under widgets/kinds/ holds its widget and its `WidgetKind`: the rest of
widgets/ asks the kind (or the widget) instead of testing which kind a question is.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar, cast

from app.kinds import kind_named
from app.kinds.base import Kind
from app.kinds.question import QuestionBase
from app.kinds.state import AnswerState
from app.study.model import Question
from widgets.qt import QKeyEvent, QLabel, Qt, QWidget, Signal

QuestionT = TypeVar("QuestionT", bound=QuestionBase)
StateT = TypeVar("StateT", bound=AnswerState)


class ResponseWidget(QWidget):
    changed = Signal()

    def __init__(self, question: Question, state: AnswerState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = question
        self.state = state
        state.subscribe(self.changed.emit)
        # A click on the widget gives it focus, so its keys work even without a trial screen
        # routing them; keyPressEvent hands them to handle_key.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def handle_key(self, event: QKeyEvent) -> bool:
        """Keyboard answering, routed here by the trial screen. Return True when consumed."""
        return False

    def key_hint(self) -> str:
        """The keys of this widget, as its own "Keys: ..." line says them (for the F1 list)."""
        for label in self.findChildren(QLabel):
            keys = label.property("keys")  # widgets.kinds.shared.common.keys_label
            if isinstance(keys, str):
                return keys
            text = label.text()
            if text.startswith("Keys:"):
                return text.removeprefix("Keys:").strip()
        return ""

    def review_text(self) -> str | None:
        """The answer in words when it is worth a second look before it is submitted (a
        grouping, a list of judgements: one Enter must not send 24 cards with one misplaced);
        None: submitted at once."""
        review = getattr(self.state, "review", None)
        return review() if callable(review) and self.state.is_complete() else None

    def takes_text(self) -> bool:
        """True for a widget answered by typing (a comment box): the keys are text there."""
        return False

    def uses_letter(self, char: str) -> bool:
        """Whether the plain key `char` (upper case) answers this question: the trial screen
        then gives it no other meaning (P pauses only where no answer uses it)."""
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.handle_key(event):
            event.accept()
        else:
            event.ignore()  # not ours: on to the parent (the trial screen: Enter submits)


class KeyPress(NamedTuple):
    """One key as the autopilot presses it (widgets.autopilot.Autopilot.press)."""

    key: Qt.Key
    text: str = ""
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier


def plain_answer_text(answer: Any, texts: Mapping[str, str]) -> str:
    """An answer described by its shape alone: a list is an order ("a" > "b"), a mapping pairs
    documents or cards with what they were given; the ids become their texts."""
    if isinstance(answer, list):
        return " > ".join(f"“{texts.get(str(a), a)}”" for a in answer)
    if isinstance(answer, dict):
        return "; ".join(f"“{texts.get(str(k), k)}”: {v}" for k, v in answer.items())
    return str(answer)


def while_incomplete(state: AnswerState, key: KeyPress, times: int = 1) -> Iterator[KeyPress]:
    """`key` up to `times` times, as long as `state` is not complete (checked before each):
    a question already complete (an optional one) is left as it is."""
    for _ in range(times):
        if state.is_complete():
            return
        yield key


class WidgetKind(Generic[QuestionT, StateT]):
    """Everything widgets/ knows of one response kind. One instance per kind sits in the
    registry (widgets.kinds.WIDGET_KINDS), under `name`, the `kind` of its questions."""

    name: ClassVar[str]
    # Layout hint: True when the widget shows the stimulus's documents or cards itself, each
    # with its controls (relevance, ranking, clustering); the stimulus then shows only the
    # query or the intro text above them (widgets.stimuli.layout.shows_entries_itself).
    shows_entries: ClassVar[bool] = False
    # Layout hint: True when it compares the stimulus's two texts (a pair stimulus) or images,
    # which are then shown side by side, left and right in every language, as its keys say
    # (widgets.stimuli.layout.side_by_side), rather than one above the other.
    compares_side_by_side: ClassVar[bool] = False
    # True when a few keys answer it (autopilot_keys): the self-test looks for a first item
    # whose questions are all of such kinds, so that it stays short.
    answered_in_a_few_keys: ClassVar[bool] = True

    @property
    def core(self) -> Kind[Any]:
        """The core's side of this kind (app.kinds): its question model and answer state are
        the classes this kind's widget works on."""
        return kind_named(self.name)

    def own_question(self, question: Question) -> QuestionT:
        """`question` as this kind's question class; TypeError for another kind's."""
        if not isinstance(question, self.core.question_model):
            raise TypeError(f"a {question.kind} question is not a {self.name} question")
        return cast(QuestionT, question)

    def own_state(self, question: Question, state: AnswerState) -> StateT:
        """`state` as this kind's answer state; TypeError for another kind's."""
        if not isinstance(state, self.core.state_class):
            raise TypeError(f"no widget for a {question.kind} question with a "
                            f"{type(state).__name__}")
        return cast(StateT, state)

    def make_widget(self, question: Question, state: AnswerState, parent: QWidget | None = None,
                    *, direction: str | None = None) -> ResponseWidget:
        """The response widget that shows `state` and writes to it. `direction` ('ltr'/'rtl',
        the item's) sets the direction of document and card texts where the widget shows
        them; without it each text runs in its own detected direction."""
        return self.build(self.own_question(question), self.own_state(question, state), parent,
                          direction)

    def build(self, question: QuestionT, state: StateT, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        """make_widget for this kind, with the question and state already of its classes."""
        raise NotImplementedError

    def describe_answer(self, question: Question, answer: Any, texts: Mapping[str, str]) -> str:
        """An answer in its stored shape (never None) as the participant would say it, for the
        practice feedback: option labels and document texts rather than internal keys.
        `texts` maps the ids of the stimulus's documents or cards to their (shortened) texts."""
        return plain_answer_text(answer, texts)

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        """Keys that answer the question through its widget (which has the focus), as a
        participant would, for the self-test and the screenshot tours. The autopilot presses
        every key yielded, in order, then checks that `state` is complete; the keys are drawn
        one at a time, so a later one may depend on what the earlier ones did."""
        raise NotImplementedError

    def enter_makes_new_line(self, question: Question) -> bool:
        """True when Enter inside its widget starts a new line (a multi-line comment box), so
        that the trial screen's hint says Ctrl+Enter submits from there."""
        return False

