"""A piece of background work and the way its outcome reaches the GUI thread.

The two executors of `widgets.tasks.TaskManager` (the database writer, `widgets.writer`, and
the read pool) share these: a `Job` is run on a worker thread by `execute`, and everything it
reports (progress on the way, then a result or an exception) is posted through the
application's `GuiRelay` (`gui_relay()`), the one object whose queued signal carries calls
from a worker thread to the GUI thread.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from widgets.qt import QObject, Qt, QtCore, Signal, Slot, is_alive

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]
Progress = Callable[..., None]


class GuiRelay(QObject):
    """Created in the GUI thread; `post(fn, *args)` from any thread runs `fn(*args)` there.
    One for the application (`gui_relay`): a worker that wakes after its window was deleted
    (a read stuck past the close's wait) must still emit on a live object, since emitting on
    one being deleted in the GUI thread at that moment would crash the process."""

    _app: GuiRelay | None = None

    _call = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._call.connect(self._run, Qt.ConnectionType.QueuedConnection)

    def post(self, fn: Callable[..., None], *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the relay is deleted: nobody is left to tell
            self._call.emit(fn, args)

    @Slot(object, object)
    def _run(self, fn: Callable[..., None], args: tuple[Any, ...]) -> None:
        fn(*args)


def gui_relay() -> GuiRelay:
    """The application's relay, made at the first call (in the GUI thread) as a child of the
    application, so it lives until the application ends."""
    relay = GuiRelay._app
    if relay is None or not is_alive(relay):
        relay = GuiRelay._app = GuiRelay(QtCore.QCoreApplication.instance())
    return relay


@dataclass(eq=False)
class Job:
    """One call to run off the GUI thread, and who hears of it. With `on_progress`, `fn` is
    called with a `progress(*args)` function (callable from the worker) whose arguments reach
    `on_progress` on the GUI thread; without it, `fn` is called with no argument."""

    fn: Callable[..., Any]
    on_done: Done | None = None
    on_error: Failed | None = None
    on_progress: Progress | None = None
    label: str = ""
    owner: QObject | None = None  # nothing is delivered once this Qt object is deleted
    ran: threading.Event = field(default_factory=threading.Event)  # set on the worker when `fn` has returned
    cancelled: bool = False

    def __post_init__(self) -> None:
        self.label = self.label or getattr(self.fn, "__name__", "background work")
        if self.owner is None:  # a dialog's own method: nothing to deliver once it is gone
            bound = getattr(self.on_done, "__self__", None)
            self.owner = bound if isinstance(bound, QObject) else None

    @property
    def wanted(self) -> bool:
        """False once cancelled or once the owner is gone: the outcome is then dropped."""
        return not self.cancelled and (self.owner is None or is_alive(self.owner))

    def cancel(self) -> None:
        """Do not run it if it has not started; do not deliver its outcome if it has."""
        self.cancelled = True

    def wait(self, timeout_s: float | None = None) -> bool:
        """Block until `fn` has returned on its worker (not until delivery); False on timeout."""
        return self.ran.wait(timeout_s)

    def execute(self, relay: GuiRelay, deliver: Callable[[Job, Any, BaseException | None], None]
                ) -> None:
        """Run on a worker thread: call `fn`, then post the outcome to `deliver` (GUI thread)."""
        result: Any = None
        error: BaseException | None = None
        try:
            if not self.cancelled:
                if self.on_progress is None:
                    result = self.fn()
                else:
                    result = self.fn(lambda *args: relay.post(self._progressed, args))
        except Exception as exc:  # every failure goes back to the GUI thread, never swallowed
            error = exc
        finally:
            self.ran.set()
        relay.post(deliver, self, result, error)

    def _progressed(self, args: tuple[Any, ...]) -> None:
        if self.on_progress is not None and self.wanted:
            self.on_progress(*args)

    def report(self, result: Any, error: BaseException | None,
               unhandled: Callable[[str, BaseException], None]) -> None:
        """On the GUI thread: hand the outcome to the callbacks (an error with no `on_error`
        to `unhandled`), unless nobody wants it any more."""
        if not self.wanted:
            return
        if error is not None:
            if self.on_error is not None:
                self.on_error(error)
            else:
                unhandled(self.label, error)
        elif self.on_done is not None:
            self.on_done(result)


class Executor(QObject):
    """What the database writer and the read pool share: a count of jobs not yet delivered
    (`busy`), and their delivery on the GUI thread. Used from the GUI thread only."""

    busy_changed = Signal(bool)
    failed = Signal(str, object)  # label, exception: for jobs without an on_error of their own

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relay = gui_relay()
        self._pending = 0
        self._closed = False

    @property
    def busy(self) -> bool:
        """True while a job is queued, running, or its outcome is not yet delivered."""
        return self._pending > 0

    def _accept(self) -> None:
        """Count a new job in (refused once closed)."""
        if self._closed:
            raise RuntimeError(f"{type(self).__name__} is closed")
        self._pending += 1
        if self._pending == 1:
            self.busy_changed.emit(True)

    def _deliver(self, job: Job, result: Any, error: BaseException | None) -> None:
        if not is_alive(self):  # deleted with its window while the job ran: nobody to tell
            return
        self._pending -= 1
        try:
            if not self._closed:  # else the window is closing: nobody left to act on it
                job.report(result, error, self.failed.emit)
        finally:
            if self._pending == 0:
                self.busy_changed.emit(False)
