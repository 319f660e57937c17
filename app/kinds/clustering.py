"""Clustering: free grouping; the participant makes groups, names them and puts every card in one.

Cards start in an "ungrouped" pool. Groups have a stable id (for the widget) and a label
(what is stored). Labels are unique, because the stored answer maps each card to its group's
label and two groups with one label would silently merge. The answer is complete when the
pool is empty and, if the question fixes the number of groups, exactly that many groups hold
cards; empty groups are ignored. With a fixed number the groups are made up front.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from app.kinds.base import AnswerError, Kind, item_document_ids, set_mismatch
from app.kinds.entries import Entry, check_unique
from app.kinds.question import QuestionBase
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.stimuli import CardsStimulus

if TYPE_CHECKING:
    from app.study_types.item import ItemFields

_DEFAULT_LABEL = re.compile(r"^Group (\d+)$")


class ClusteringQuestion(QuestionBase):
    """Free grouping of the item's cards into groups the participant makes and names."""

    kind: Literal["clustering"] = "clustering"
    n_groups: int | None = Field(default=None, ge=1, description="Fixed number of groups, if any.")
    require_group_names: bool = Field(
        default=False, description="Every group must be named (not left 'Group n') before the "
        "grouping can be submitted.")
    gold: dict[str, str] | None = Field(default=None, description="card id -> gold group label")


@dataclass(frozen=True)
class Group:
    id: str
    label: str
    cards: tuple[str, ...]


class ClusteringState(AnswerState):
    def __init__(self, question: ClusteringQuestion, entries: Sequence[Entry], *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.entries = check_unique(entries)
        self.n_groups = question.n_groups
        self._by_id = {e.id: e for e in self.entries}
        self._shown = {e.id: i for i, e in enumerate(self.entries)}
        self._labels: dict[str, str] = {}  # group id -> label, in creation order
        self._members: dict[str, list[str]] = {}
        self._where: dict[str, str] = {}  # card id -> group id; absent: in the pool
        self._next_id = 1
        for _ in range(self.n_groups or 0):
            self._create(None)

    # ------------------------------------------------------------------ reading

    def entry(self, card_id: str) -> Entry:
        return self._by_id[card_id]

    @property
    def groups(self) -> list[Group]:
        return [Group(g, label, tuple(self._members[g])) for g, label in self._labels.items()]

    @property
    def ungrouped(self) -> list[str]:
        """Cards not in a group, in the shown order."""
        return [e.id for e in self.entries if e.id not in self._where]

    def group_of(self, card_id: str) -> str | None:
        return self._where.get(card_id)

    def can_add_group(self) -> bool:
        return self.n_groups is None or len(self._labels) < self.n_groups

    # ------------------------------------------------------------------ acting

    def new_group(self, label: str | None = None) -> str:
        if not self.can_add_group():
            raise ValueError(f"this question asks for exactly {self.n_groups} groups")
        group_id = self._create(label)
        self.touch()
        return group_id

    def rename_group(self, group_id: str, label: str) -> None:
        label = self._check_label(label, except_group=group_id)
        if self._labels[group_id] == label:
            return
        self._labels[group_id] = label
        self._note(bool(self._members[group_id]))

    def delete_group(self, group_id: str) -> None:
        """Remove a group; its cards go back to the pool."""
        cards = self._members.pop(group_id)
        del self._labels[group_id]
        for card in cards:
            del self._where[card]
        self._note(bool(cards))

    def move_card(self, card_id: str, group_id: str | None, index: int | None = None) -> None:
        """Put a card in a group (at `index` in it, default last), or back in the pool (None)."""
        if card_id not in self._by_id:
            raise ValueError(f"{card_id!r} is not one of the cards")
        if group_id is not None and group_id not in self._labels:
            raise ValueError(f"no group {group_id!r}")
        old = self._where.get(card_id)
        if old == group_id and index is None:
            return
        if old is not None:
            self._members[old].remove(card_id)
        if group_id is None:
            self._where.pop(card_id, None)
        else:
            members = self._members[group_id]
            members.insert(len(members) if index is None else max(0, index), card_id)
            self._where[card_id] = group_id
        self._changed()

    # ------------------------------------------------------------------ the answer

    def n_filled_groups(self) -> int:
        return sum(1 for cards in self._members.values() if cards)

    def missing(self) -> str | None:
        """Why the answer is not complete yet, in words for the participant; None if it is."""
        left = len(self.ungrouped)
        if left:
            return f"{left} card{'s' if left != 1 else ''} not in a group yet"
        if self.n_groups is not None and self.n_filled_groups() != self.n_groups:
            return f"make exactly {self.n_groups} groups ({self.n_filled_groups()} hold cards)"
        if getattr(self.question, "require_group_names", False):
            unnamed = [self._labels[g] for g, cards in self._members.items()
                       if cards and _DEFAULT_LABEL.match(self._labels[g])]
            if unnamed:
                return (f"give every group a name of its own ({len(unnamed)} still called "
                        f"“{unnamed[0]}”{' and the like' if len(unnamed) > 1 else ''})")
        return None

    def review(self) -> str:
        """The grouping in words, for the participant to check before submitting."""
        groups = [g for g in self.groups if g.cards]
        parts = [f"“{g.label}” ({len(g.cards)} card{'s' if len(g.cards) != 1 else ''})"
                 for g in groups]
        return f"{len(groups)} group{'s' if len(groups) != 1 else ''}: " + ", ".join(parts)

    def value(self) -> dict[str, str] | None:
        if self.missing() is not None:
            return None
        return {e.id: self._labels[self._where[e.id]] for e in self.entries}

    def is_complete(self) -> bool:
        if self._where:  # started: a half-made grouping cannot be stored
            return self.value() is not None
        return not self.question.required

    def snapshot(self) -> Any:
        return {"groups": {self._labels[g]: list(c) for g, c in self._members.items()},
                "ungrouped": self.ungrouped}

    # ------------------------------------------------------------------ helpers

    def _note(self, answer_changed: bool) -> None:
        # Renaming or deleting an empty group is interaction but no change of the answer.
        if answer_changed:
            self._changed()
        else:
            self.touch()

    def _create(self, label: str | None) -> str:
        group_id = f"g{self._next_id}"
        self._next_id += 1
        self._labels[group_id] = (self._default_label() if label is None
                                  else self._check_label(label, except_group=None))
        self._members[group_id] = []
        return group_id

    def _default_label(self) -> str:
        # "Group n" for the n-th group, or the next free number after it: a renamed first group
        # does not make the second one "Group 1".
        used = {int(m.group(1)) for lbl in self._labels.values() if (m := _DEFAULT_LABEL.match(lbl))}
        n = len(self._labels) + 1
        while n in used:
            n += 1
        return f"Group {n}"

    def _check_label(self, label: str, *, except_group: str | None) -> str:
        label = " ".join(label.split())
        if not label:
            raise ValueError("a group needs a name")
        taken = {lbl.casefold() for g, lbl in self._labels.items() if g != except_group}
        if label.casefold() in taken:
            raise ValueError(f"there is already a group called {label!r}")
        return label


def _grouping(value: Any, cards: list[str]) -> dict[str, str]:
    """A model's grouping: a label per card, or a list of lists of card ids."""
    if isinstance(value, list):
        mapping: dict[str, str] = {}
        for index, group in enumerate(value):
            for card in group if isinstance(group, list) else [None]:
                if card is None or str(card) in mapping:
                    raise ValueError("a grouping given as a list holds lists of distinct card ids")
                mapping[str(card)] = str(index)
        value = mapping
    if not isinstance(value, Mapping) or set(value) != set(cards):
        raise ValueError(f"a label for each of {cards}")
    return {card: str(value[card]) for card in cards}


class ClusteringKind(Kind[ClusteringQuestion]):
    name = "clustering"
    question_model = ClusteringQuestion
    state_class = ClusteringState
    uses_documents = True
    metric = "clustering"
    level = "nominal"
    seconds_per_document = 5.0

    def answer_state(self, question: ClusteringQuestion, entries: Sequence[Entry],
                     clock: Callable[[], int] = time.monotonic_ns) -> AnswerState:
        return ClusteringState(question, entries, clock=clock)

    def normalize(self, item: ItemFields, question: ClusteringQuestion, answer: Any) -> Any:
        cards = item_document_ids(item)
        if isinstance(answer, list):  # [["c1", "c2"], ["c3"]]: groups of card ids
            mapping: dict[str, str] = {}
            for index, group in enumerate(answer):
                if not isinstance(group, list):
                    raise AnswerError("a grouping given as a list holds lists of card ids")
                for card in group:
                    if str(card) in mapping:
                        raise AnswerError(f"card {card!r} is in two groups")
                    mapping[str(card)] = f"group {index + 1}"
            answer = mapping
        if not isinstance(answer, dict) or set(answer) != set(cards):
            raise AnswerError(f"a grouping puts every one of {cards} in a group")
        out = {str(card): str(answer[card]) for card in cards}
        if any(not label.strip() for label in out.values()):
            raise AnswerError("group labels may not be empty")
        n_groups = len(set(out.values()))
        if question.n_groups is not None and n_groups != question.n_groups:
            raise AnswerError(f"{n_groups} groups made; this question asks for {question.n_groups}")
        return out

    def give(self, state: AnswerState, answer: Any) -> None:
        # The groups made up front (a fixed number) are renamed; others are made as needed.
        assert isinstance(state, ClusteringState)
        labels = list(dict.fromkeys(answer.values()))
        made = [g.id for g in state.groups]
        group_of = {}
        for index, label in enumerate(labels):
            if index < len(made):
                state.rename_group(made[index], label)
                group_of[label] = made[index]
            else:
                group_of[label] = state.new_group(label)
        for card, label in answer.items():
            state.move_card(card, group_of[label])

    def item_problems(self, question: ClusteringQuestion, stimulus: Any, known: set[str],
                      where: str) -> list[tuple[str, str]]:
        if not isinstance(stimulus, CardsStimulus):
            return [(where, "a clustering question needs a cards stimulus")]
        out = []
        if question.gold is not None and set(question.gold) != known:
            out.append((f"{where}.gold", set_mismatch(question.gold, known, "cards")))
        if question.n_groups is not None and question.n_groups > len(known):
            out.append((f"{where}.n_groups", "more groups than cards"))
        return out

    def simulate(self, rng: random.Random, item: ItemFields, question: ClusteringQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # The gold grouping with each card moved to another group with probability 1-p; groups
        # are named by the participant ("group 1", ...), not with the gold labels.
        cards = item_document_ids(item)
        n = question.n_groups or max(2, len(cards) // 3)
        truth: dict[str, str] = question.gold or latent.truth(
            question.id, lambda r: {c: f"g{r.randrange(n)}" for c in cards})
        labels = sorted(set(truth.values()))
        answer = {c: truth[c] if rng.random() < p_correct or len(labels) < 2
                  else rng.choice([g for g in labels if g != truth[c]]) for c in cards}
        if question.n_groups is not None and len(set(answer.values())) != question.n_groups:
            answer = truth  # moving cards emptied a group the question insists on
        names: dict[str, str] = {}  # the participant names the groups in the order they make them
        return {c: names.setdefault(answer[c], f"group {len(names) + 1}") for c in cards}

    def parse_prediction(self, item: ItemFields, question: ClusteringQuestion, value: Any) -> Any:
        # A label per card {"t0": "3", "t1": "0"} or a list of lists of card ids.
        return _grouping(value, item_document_ids(item))

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    unit_name = "item x card pair"
    agreement_statistics = ("pairwise_ari",)
    dispute_measure = "partition_ari"
    mteb_task = "clustering"

    def unit_values(self, item_id: str, documents: Sequence[str], answer: Any
                    ) -> list[tuple[str, float]]:
        # Each pair of the item's cards is a unit: 1 if the pair is grouped together, else 0.
        labels = grouping_labels(answer, documents)
        if labels is None:
            return []
        return [(f"{item_id}/{documents[a]}|{documents[b]}", float(labels[a] == labels[b]))
                for a, b in combinations(range(len(documents)), 2)]


KIND = ClusteringKind()


def grouping_labels(answer: Any, cards: Sequence[str]) -> list[str] | None:
    """A grouping ({card: label}, or a list of labels in card order) as labels in card order;
    None where it does not label every card (the results' reading of an answer)."""
    if isinstance(answer, Mapping) and all(c in answer for c in cards):
        return [str(answer[c]) for c in cards]
    if isinstance(answer, list) and len(answer) == len(cards):
        return [str(a) for a in answer]
    return None
