"""The strip across the top of every preview screen: "Preview: nothing is saved", the designer's
two aids (show the gold answers, jump to an item) and what the live reload found.

It sits above the window's page stack, outside every participant screen, so no screen kind can
lose it, and it never appears in a real session (only widgets.preview.window builds it).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.session.plan import PlannedTrial
from app.study.errors import Problem
from widgets.qt import Qt, QtWidgets, QWidget, Signal

MAX_PROBLEMS = 6  # shown in the banner; the rest are counted
STYLE = """
QFrame#preview-banner { background: #fff4c2; border-bottom: 2px solid #c9a100; }
QFrame#preview-banner QLabel, QFrame#preview-banner QCheckBox { color: #3a2f00; }
QLabel#preview-problems { color: #8a1c00; }
"""


class PreviewBanner(QtWidgets.QFrame):
    show_gold_toggled = Signal(bool)
    jump_requested = Signal(int)  # a position in the plan

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preview-banner")
        self.setStyleSheet(STYLE)
        column = QtWidgets.QVBoxLayout(self)
        column.setContentsMargins(24, 6, 24, 6)
        column.setSpacing(4)
        row = QtWidgets.QHBoxLayout()
        self.title = QtWidgets.QLabel(self.tr("<b>Preview: nothing is saved</b>"), self)
        self.title.setToolTip(self.tr(
            "Answers go to a throwaway database that is deleted when the preview closes."))
        row.addWidget(self.title)
        self.status = QtWidgets.QLabel("", self)
        row.addWidget(self.status, 1)
        self.show_gold = QtWidgets.QCheckBox(self.tr("Show gold"), self)
        self.show_gold.setToolTip(self.tr("Show the gold answer under each question "
                                          "(only in a preview, never to a participant)"))
        self.show_gold.toggled.connect(self.show_gold_toggled)
        row.addWidget(self.show_gold)
        row.addSpacing(16)
        row.addWidget(QtWidgets.QLabel(self.tr("Jump to item:"), self))
        self.items = QtWidgets.QComboBox(self)
        self.items.setSizeAdjustPolicy(QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.items.setEnabled(False)  # until the session is open
        self.items.activated.connect(self._picked)
        row.addWidget(self.items)
        column.addLayout(row)
        self.problems = QtWidgets.QLabel("", self)
        self.problems.setObjectName("preview-problems")
        self.problems.setWordWrap(True)
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems.hide()
        column.addWidget(self.problems)
        # The banner is the designer's: keys stay with the participant screen below.
        for widget in (self.show_gold, self.items):
            widget.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

    def set_plan(self, plan: Sequence[PlannedTrial], block_titles: dict[str, str]) -> None:
        """The items in the order this preview's participant gets them."""
        current = self.items.currentData()
        self.items.clear()
        for planned in plan:
            block = block_titles.get(planned.block_id, planned.block_id)
            self.items.addItem(f"{planned.position + 1}. {planned.item_id} ({block})",
                               planned.position)
        index = self.items.findData(current)
        self.items.setCurrentIndex(max(index, 0))
        self.items.setEnabled(bool(plan))

    def select_position(self, position: int) -> None:
        index = self.items.findData(position)
        if index >= 0:
            self.items.setCurrentIndex(index)

    def _picked(self, index: int) -> None:
        position = self.items.itemData(index)
        if isinstance(position, int):
            self.jump_requested.emit(position)

    def show_problems(self, problems: Sequence[Problem | str]) -> None:
        """What the last change on disk broke (each with its file and JSON path); the preview
        goes on with the last version that was valid."""
        lines = [str(p) for p in problems[:MAX_PROBLEMS]]
        if len(problems) > MAX_PROBLEMS:
            lines.append(self.tr("… and %n more", "", len(problems) - MAX_PROBLEMS))
        self.problems.setText(self.tr("The study has problems; the preview still shows the last "
                                      "valid version:") + "\n" + "\n".join(lines))
        self.problems.show()
        self.status.setText("")

    def clear_problems(self, note: str = "") -> None:
        self.problems.hide()
        self.problems.setText("")
        self.status.setText(note)
