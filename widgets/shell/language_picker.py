"""The language picker of the code screen: a study's `ui_languages`, each named in itself.

Only shown when the study offers more than one language. The flow applies the choice at once
(widgets/i18n.py) and rebuilds the code screen in it; the session records it (the
`ui_language` of its first event), and the responses export carries it.
"""

from __future__ import annotations

from collections.abc import Callable

from app.study.ui_language import UI_LANGUAGES
from widgets.qt import QtCore, QtWidgets, QWidget

LANGUAGE_PICKER = "language-picker"


def add_language_picker(page: QWidget, form_layout: QtWidgets.QFormLayout, languages: list[str],
                        current: str, on_chosen: Callable[[str], None]) -> QtWidgets.QComboBox | None:
    """A drop-down at the top of `form_layout` (None when there is nothing to choose)."""
    if len(languages) < 2:
        return None
    combo = QtWidgets.QComboBox(page)
    combo.setObjectName(LANGUAGE_PICKER)
    for tag in languages:
        combo.addItem(UI_LANGUAGES.get(tag, tag), tag)
    combo.setCurrentIndex(max(0, combo.findData(current)))
    label = QtCore.QCoreApplication.translate("LanguagePicker", "Language")
    combo.setAccessibleName(label)
    combo.currentIndexChanged.connect(lambda _i: on_chosen(str(combo.currentData())))
    form_layout.insertRow(0, label, combo)
    return combo
