"""Onset at the end of the first repaint that drew the stimulus; away time excluded; deadline
paused while away."""

from __future__ import annotations

import time

from widgets.qt import QApplication, QEvent, QtWidgets
from widgets.timing import OnsetProbe, TrialClock


def _window(qtbot) -> tuple[QtWidgets.QWidget, QtWidgets.QStackedWidget, QtWidgets.QLabel]:
    window = QtWidgets.QWidget()
    qtbot.addWidget(window)
    layout = QtWidgets.QVBoxLayout(window)
    stack = QtWidgets.QStackedWidget(window)
    layout.addWidget(stack)
    stack.addWidget(QtWidgets.QLabel("fixation +"))
    stimulus = QtWidgets.QLabel("the stimulus")
    stack.addWidget(stimulus)
    window.resize(400, 300)
    window.show()
    qtbot.waitExposed(window)
    return window, stack, stimulus


def test_onset_is_stamped_once_after_the_stimulus_painted(qtbot) -> None:
    _win, stack, stimulus = _window(qtbot)
    probe = OnsetProbe(stimulus)
    before = time.monotonic_ns()
    probe.arm()
    with qtbot.waitSignal(probe.onset, timeout=2000) as signal:
        stack.setCurrentWidget(stimulus)
    after = time.monotonic_ns()
    onset = signal.args[0]
    assert before <= probe.armed_ns <= probe.paint_ns <= onset <= after
    assert probe.show_to_onset_ms is not None and probe.show_to_onset_ms >= 0
    # A later repaint does not move the onset.
    stimulus.setText("changed")
    stimulus.repaint()
    qtbot.wait(20)
    assert probe.onset_ns == onset


def test_no_onset_while_the_stimulus_is_not_shown(qtbot) -> None:
    window, _stack, stimulus = _window(qtbot)
    probe = OnsetProbe(stimulus)
    probe.arm()
    window.update()
    qtbot.wait(50)
    assert probe.onset_ns is None  # the fixation page repainted, not the stimulus


def test_time_away_is_excluded_and_logged(qtbot) -> None:
    window, stack, stimulus = _window(qtbot)
    logged: list[tuple[str, int]] = []
    clock = TrialClock(window, log=lambda kind, _payload, ns: logged.append((kind, ns)))
    with qtbot.waitSignal(clock.onset, timeout=2000):
        clock.watch(stimulus)
        stack.setCurrentWidget(stimulus)
    QApplication.sendEvent(window, QEvent(QEvent.Type.WindowDeactivate))
    t0 = time.monotonic_ns()
    qtbot.wait(120)
    QApplication.sendEvent(window, QEvent(QEvent.Type.WindowActivate))
    t1 = time.monotonic_ns()
    assert [k for k, _ in logged] == ["focus_lost", "focus_regained"]
    away_ms = (logged[1][1] - logged[0][1]) / 1e6
    assert abs(away_ms - (t1 - t0) / 1e6) < 5  # the interval we actually stayed away
    assert abs(clock.excluded_ms() - away_ms) < 1e-6
    # Away time before the onset or after the answer does not count.
    assert clock.excluded_ms(until_ns=logged[0][1]) == 0.0


def test_minimised_time_is_excluded(qtbot) -> None:
    window, stack, stimulus = _window(qtbot)
    logged: list[str] = []
    clock = TrialClock(window, log=lambda kind, _payload, _ns: logged.append(kind))
    with qtbot.waitSignal(clock.onset, timeout=2000):
        clock.watch(stimulus)
        stack.setCurrentWidget(stimulus)
    window.showMinimized()
    qtbot.waitUntil(lambda: "minimised" in logged, timeout=2000)
    minimised = time.monotonic_ns()
    qtbot.wait(60)
    restoring = time.monotonic_ns()
    window.showNormal()
    qtbot.waitUntil(lambda: "restored" in logged, timeout=2000)
    assert clock.excluded_ms() >= (restoring - minimised) / 1e6


def test_deadline_waits_while_away(qtbot) -> None:
    window, stack, stimulus = _window(qtbot)
    clock = TrialClock(window, deadline_ms=150)
    fired: list[int] = []
    clock.deadline_reached.connect(lambda: fired.append(time.monotonic_ns()))
    with qtbot.waitSignal(clock.onset, timeout=2000):
        clock.watch(stimulus)
        stack.setCurrentWidget(stimulus)
    onset = clock.onset_ns
    QApplication.sendEvent(window, QEvent(QEvent.Type.WindowDeactivate))
    left = time.monotonic_ns()
    qtbot.wait(250)
    assert not fired  # paused: away longer than the 150 ms deadline
    back = time.monotonic_ns()
    QApplication.sendEvent(window, QEvent(QEvent.Type.WindowActivate))
    qtbot.waitUntil(lambda: bool(fired), timeout=2000)
    assert abs(clock.excluded_ms(fired[0]) - (back - left) / 1e6) < 5
    present_ms = (fired[0] - onset) / 1e6 - clock.excluded_ms(fired[0])
    assert 149 <= present_ms < 150 + 100  # generous upper bound for a loaded machine
    clock.stop()
