"""The answer states' words (app/kinds, Qt-free and so English) as the participant's
language says them: what a grouping still needs, a grouping or a set of judgements in words
before it is submitted, and the default group names ("Group 2") shown on screen.

The stored answer is untouched: a default group keeps its stored name "Group 2" (that is what
the export and the scorer read); only the title on screen is translated.
"""

from __future__ import annotations

import re

from app.kinds.clustering import ClusteringState
from app.kinds.relevance import RelevanceState
from widgets.qt import QtCore

_DEFAULT_LABEL = re.compile(r"^Group (\d+)$")  # as app.kinds.clustering names them


def _tr(text: str, n: int = -1) -> str:
    return QtCore.QCoreApplication.translate("ClusteringWidget", text, None, n)


def group_title(label: str) -> str:
    """A group's name on screen: "Group 2" in the participant's language, else as named."""
    found = _DEFAULT_LABEL.match(label)
    if found is None:
        return label
    return QtCore.QCoreApplication.translate("ClusteringWidget", "Group {n}").format(
        n=found.group(1))


def clustering_missing_text(state: ClusteringState) -> str | None:
    """ClusteringState.missing() in the participant's language; None when complete."""
    if state.missing() is None:
        return None
    left = len(state.ungrouped)
    if left:
        return QtCore.QCoreApplication.translate(
            "ClusteringWidget", "%Ln card(s) not in a group yet", None, left)
    if state.n_groups is not None and state.n_filled_groups() != state.n_groups:
        return QtCore.QCoreApplication.translate(
            "ClusteringWidget", "make exactly %Ln group(s) ({filled} hold cards)", None,
            state.n_groups).format(filled=state.n_filled_groups())
    unnamed = [g for g in state.groups if g.cards and _DEFAULT_LABEL.match(g.label)]
    return QtCore.QCoreApplication.translate(
        "ClusteringWidget", "give every group a name of its own (%Ln still called “{name}”)",
        None, len(unnamed)).format(name=group_title(unnamed[0].label) if unnamed else "")


def clustering_review_text(state: ClusteringState) -> str:
    """ClusteringState.review() in the participant's language."""
    groups = [g for g in state.groups if g.cards]
    parts = [QtCore.QCoreApplication.translate(
        "ClusteringWidget", "“{name}” (%Ln card(s))", None, len(g.cards)).format(
            name=group_title(g.label)) for g in groups]
    return QtCore.QCoreApplication.translate(
        "ClusteringWidget", "%Ln group(s): {groups}", None, len(groups)).format(
            groups=QtCore.QLocale().createSeparatedList(parts))  # "a, b and c" as the language says


def relevance_review_text(state: RelevanceState) -> str:
    """RelevanceState.review() in the participant's language."""
    counts = [(g.label, sum(1 for d in (e.id for e in state.entries)
                            if state.grade_of(d) == g.value)) for g in state.grades]
    return "; ".join(QtCore.QCoreApplication.translate(
        "RelevanceWidget", "{grade}: %Ln document(s)", None, n).format(grade=label)
        for label, n in counts)


def na_label(label: str) -> str:
    """A rating's "no answer possible" label: the format's default "N/A" in the participant's
    language, a study's own label as written."""
    return QtCore.QCoreApplication.translate("RatingWidget", "N/A") if label == "N/A" else label
