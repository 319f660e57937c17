"""The question before a session is left mid-way (Ctrl+Q, the window's close button): the
answered items are safe, so say so, and make staying the default."""

from __future__ import annotations

from widgets.qt import QtCore, QtWidgets, QWidget


def quit_box(parent: QWidget, *, preview: bool = False) -> QtWidgets.QMessageBox:
    """`preview`: the designer's preview, whose answers go with its throwaway database (the
    designer's words, in English as the rest of the designer side)."""
    box = QtWidgets.QMessageBox(parent)
    box.setObjectName("quit-question")
    box.setIcon(QtWidgets.QMessageBox.Icon.Question)
    box.setWindowTitle(QtCore.QCoreApplication.translate("QuitQuestion", "Quit?"))
    if preview:
        box.setText("Close the preview?")
        box.setInformativeText("This is a preview: nothing answered in it is kept; its "
                               "temporary database is deleted when it closes.")
    else:
        box.setText(QtCore.QCoreApplication.translate("QuitQuestion",
                                                      "Your answered items are saved. Quit?"))
        box.setInformativeText(QtCore.QCoreApplication.translate(
            "QuitQuestion",
            "You can come back later with the same code and go on where you stopped."))
    quit_button = box.addButton(QtCore.QCoreApplication.translate("QuitQuestion", "Quit"),
                                QtWidgets.QMessageBox.ButtonRole.AcceptRole)
    quit_button.setObjectName("quit")
    stay = box.addButton(QtCore.QCoreApplication.translate("QuitQuestion", "Keep going"),
                         QtWidgets.QMessageBox.ButtonRole.RejectRole)
    stay.setObjectName("stay")
    box.setDefaultButton(stay)
    box.setEscapeButton(stay)
    return box


def ask_to_quit(parent: QWidget, *, preview: bool = False) -> bool:
    """True if the participant chose Quit."""
    box = quit_box(parent, preview=preview)
    box.exec()
    chosen = box.clickedButton()
    box.deleteLater()
    return chosen is not None and chosen.objectName() == "quit"
