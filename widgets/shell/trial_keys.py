"""What each key does on the trial screen, phase by phase: Space starts a trial from the ready
screen and goes on after feedback; Enter (Ctrl+Enter from a comment box) submits or says what
is missing; Escape, and P where no answer uses it, pause (outside a text box) and resume;
the image keys hold Alt (Alt+F fit, Alt+1 actual size, Alt +/- zoom, Alt+arrows pan) and work
wherever the focus is, so a plain key always answers, whether or not an image was clicked;
everything else goes to the answers.

Every key has one meaning on a screen: the same key never answers on one click and zooms
after another (a participant cannot see where the keyboard focus is)."""

from __future__ import annotations

from widgets.images.panel import AdjustmentBar
from widgets.images.viewer import ADJUST_ACTIONS, ImageViewer, image_key
from widgets.images.viewer import KEY_HELP as IMAGE_KEY_HELP
from widgets.qt import QKeyEvent, Qt, QtCore, QtWidgets
from widgets.shell.question_panel import is_text_input
from widgets.shell.trial_parts import TrialParts

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def handle_trial_key(screen: TrialParts, event: QKeyEvent) -> bool:
    """True when the key was used (or must not reach the widgets)."""
    key = Qt.Key(event.key())
    mods = event.modifiers()
    if screen.phase == "ready":
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            screen.start_fixation()
        return key in (Qt.Key.Key_Space, *ENTER_KEYS)
    if screen.phase == "paused":
        if (key in RESUME_KEYS and not event.isAutoRepeat()
                and (key != Qt.Key.Key_P or p_pauses(screen))):
            screen.resume()
        return True  # the item is hidden: no key may answer it
    if screen.phase == "feedback":
        if key in (Qt.Key.Key_Space, *ENTER_KEYS) and not event.isAutoRepeat():
            screen.after_feedback()
            return True
        return False
    if screen.phase != "trial" or screen.panel is None:
        return key in (Qt.Key.Key_Space, *ENTER_KEYS)  # nothing to do; do not leak
    focus = screen.window().focusWidget()  # this window's focus, active or not
    ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
    if _image_key(screen, focus, event):
        return True
    if key == Qt.Key.Key_Escape and not is_text_input(focus):
        screen.pause()
        return True
    if (key == Qt.Key.Key_P and not mods and not is_text_input(focus)
            and p_pauses(screen)):
        screen.pause()
        return True
    if key in ENTER_KEYS and not ctrl and focus is not None and focus.property("acceptsEnter"):
        return False  # Enter finishes an edit there (a group's name), it does not submit
    if key in ENTER_KEYS and (ctrl or not is_text_input(focus)
                              or isinstance(focus, QtWidgets.QLineEdit)):
        if not event.isAutoRepeat() and not screen.submit():
            explain_incomplete(screen)
        return True
    if is_text_input(focus):
        if key == Qt.Key.Key_Escape:
            screen.panel.setFocus()
            return True
        return False
    # Modified keys go to the widgets too (Ctrl+arrows move a ranked item); the window's
    # shortcuts (Ctrl +/-) never get here: Qt resolves them before the key press.
    if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
        return False
    if screen.panel.route_key(event):
        return True
    _say_where_text_goes(screen, event)
    return False


def _say_where_text_goes(screen: TrialParts, event: QKeyEvent) -> None:
    """A letter no answer uses, typed outside a comment box on a trial that has one: the
    participant meant to write a comment. Say how, rather than let the text vanish."""
    panel = screen.panel
    text = event.text()
    if (panel is None or len(text) != 1 or not text.isalpha()
            or not any(e.widget.takes_text() for e in panel.entries)):
        return
    screen.status_note = None
    screen.status.setText(QtCore.QCoreApplication.translate(
        "TrialScreen", "To write a comment, click its box (or press Tab until you reach it), "
        "then type."))


RESUME_KEYS = (Qt.Key.Key_Escape, Qt.Key.Key_P, Qt.Key.Key_Space, *ENTER_KEYS)


def p_pauses(screen: TrialParts) -> bool:
    """P pauses unless an answer of this trial is typed with P."""
    panel = screen.panel
    return not (panel is not None and any(e.widget.uses_letter("P") for e in panel.entries))


def pause_keys(screen: TrialParts, *, listed: bool = False) -> str:
    """The keys that pause this trial, as shown on the Pause button: Esc always, P too unless
    an answer of this trial is typed with P."""
    if not p_pauses(screen):
        return QtCore.QCoreApplication.translate("TrialScreen", "Esc")
    return (QtCore.QCoreApplication.translate("TrialScreen", "P / Esc") if listed
            else QtCore.QCoreApplication.translate("TrialScreen", "P or Esc"))


def _image_key(screen: TrialParts, focus: object, event: QKeyEvent) -> bool:
    """Alt+F, Alt+1, Alt +/-, Alt+arrows: on the image with the focus, else the one under the
    pointer, else every image of the trial (as the Fit and 1:1 buttons do)."""
    action = image_key(event)
    stimulus = screen.stimulus
    if action is None or stimulus is None:
        return False
    viewers = stimulus.findChildren(ImageViewer)
    if not viewers:
        return False
    if action in ADJUST_ACTIONS:  # every image of the trial, as the sliders do
        for bar in stimulus.findChildren(AdjustmentBar):
            bar.apply_action(action)
        return True
    targets = ([focus] if isinstance(focus, ImageViewer) and focus in viewers
               else [v for v in viewers if v.underMouse()] or viewers)
    for viewer in targets:
        viewer.apply_action(action)
    return True


def explain_incomplete(screen: TrialParts, *, move: bool = True) -> None:
    """Enter with questions unanswered: name the first one still open (by its number and the
    start of its prompt), say how many more there are, and go there (`move`). Called again
    (move=False) on every change of the answers while it is shown, so that it never names a
    question answered since; once all are answered it is cleared."""
    panel = screen.panel
    if panel is None or panel.all_complete():
        if screen.status_note == "incomplete":
            screen.status.setText("")
            screen.status_note = None
        return
    open_entries = [e for e in panel.entries if not e.state.is_complete()]
    focused = panel.focused_entry()
    target = (focused if focused is not None and not focused.state.is_complete()
              else panel.next_incomplete(after=focused) or open_entries[0])
    more = len(open_entries) - 1
    name = panel.describe(target)
    text = QtCore.QCoreApplication.translate("TrialScreen", "{name} still needs an answer.").format(name=name)
    if more:
        text += " " + QtCore.QCoreApplication.translate(
            "TrialScreen", "%Ln more question(s) also need one.", "", more)
    screen.status.setText(text)
    screen.status_note = "incomplete"
    if move:
        panel.focus_entry(target)


def _tr(text: str) -> str:
    """The trial screen's words at run time; lupdate finds them in `_WORDS` below."""
    return QtCore.QCoreApplication.translate("TrialScreen", text)


# For lupdate (it reads only literal arguments): the words `trial_key_help` shows.
_WORDS = (QtCore.QT_TRANSLATE_NOOP("TrialScreen", "Space"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "show the item"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "F1"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "this list of keys"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "Question {n}"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "Answer"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "Enter"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen",
                                   "submit the answers, or go to the question still open"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", " (in a comment box: Ctrl+Enter)"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "Your answer key"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "submits at once (no Enter)"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "pause: the item is hidden and the clock stops"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "Tab / Shift+Tab"),
          QtCore.QT_TRANSLATE_NOOP("TrialScreen", "next / previous question, in reading order"))


def trial_key_help(screen: TrialParts) -> list[tuple[str, str]]:
    """The keys of this trial, for the F1 list: its questions' own keys, the images', Enter,
    pause, Tab."""
    say = _tr
    if screen.phase == "ready":
        return [(say("Space"), say("show the item")), (say("F1"), say("this list of keys"))]
    keys: list[tuple[str, str]] = []
    panel = screen.panel
    if panel is not None:
        numbered = len(panel.entries) > 1
        for entry in panel.entries:
            hint = entry.widget.key_hint()
            if hint:
                name = say("Question {n}").format(n=entry.number) if numbered else say("Answer")
                keys.append((name, hint))
    if screen.stimulus is not None and screen.stimulus.findChildren(ImageViewer):
        keys.extend((QtCore.QCoreApplication.translate("ImageViewer", k),
                     QtCore.QCoreApplication.translate("ImageViewer", what))
                    for k, what in IMAGE_KEY_HELP)
    comments = panel is not None and any(e.widget.takes_text() for e in panel.entries)
    if screen.view is not None and screen.view.submit_on_answer:
        # As the footer says: the answer key sends, Enter has nothing to do.
        keys.append((say("Your answer key"), say("submits at once (no Enter)")))
    else:
        keys.append((say("Enter"), say("submit the answers, or go to the question still open")
                     + (say(" (in a comment box: Ctrl+Enter)") if comments else "")))
    keys.append((pause_keys(screen, listed=True),
                 say("pause: the item is hidden and the clock stops")))
    keys.append((say("Tab / Shift+Tab"), say("next / previous question, in reading order")))
    keys.append((say("F1"), say("this list of keys")))
    return keys
