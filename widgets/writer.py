"""The one writer for the database (ARCHITECTURE.md convention 2, Anki's collection executor).

Every call that touches the session engine or the database runs here, one at a time and in
the order asked, on a single worker thread; the UI thread never blocks on I/O. The result (or
the exception) comes back to the UI thread through a queued Qt signal and is handed to the
callbacks given with the job. A failure is always reported: with no `on_error`, the writer's
`failed` signal carries it to whoever shows errors (the main window).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.study.errors import UserInputError
from widgets.qt import QObject, Signal

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]


@dataclass
class _Job:
    ticket: int
    fn: Callable[[], Any]
    on_done: Done | None
    on_error: Failed | None
    label: str


class _Relay(QObject):
    """Lives in the UI thread; the worker emits on it, Qt queues the call to the UI thread."""

    finished = Signal(object, object, object)  # job, result, exception


class DatabaseWriter(QObject):
    """Runs jobs on one worker thread, in order. Create and use it from the UI thread only."""

    busy_changed = Signal(bool)
    failed = Signal(str, object)  # label, exception: for jobs without an on_error of their own

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._relay = _Relay()
        self._relay.finished.connect(self._deliver)
        self._pending = 0
        self._next_ticket = 0
        self._closed = False
        self._thread = threading.Thread(target=self._work, name="baseline-studio-db-writer",
                                        daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        """True while a job is queued, running, or its result is not yet delivered."""
        return self._pending > 0

    def run(self, fn: Callable[[], Any], *, on_done: Done | None = None,
            on_error: Failed | None = None, label: str = "") -> int:
        """Queue `fn`; its result goes to `on_done`, an exception to `on_error` (UI thread)."""
        if self._closed:
            raise RuntimeError("the database writer is closed")
        self._next_ticket += 1
        self._pending += 1
        if self._pending == 1:
            self.busy_changed.emit(True)
        self._queue.put(_Job(self._next_ticket, fn, on_done, on_error, label or fn.__name__))
        # Let the worker take the GIL now: otherwise it waits until the UI thread lets go of it
        # (up to the 5 ms switch interval while the UI repaints), and an answer's durable
        # write, which the next item waits for, starts that much later.
        time.sleep(0)
        return self._next_ticket

    def close(self, timeout_s: float = 30.0) -> None:
        """Finish the queued jobs, then stop the thread. The jobs complete; their results are
        no longer delivered (the window that asked for them is closing)."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._thread.join(timeout_s)

    # ------------------------------------------------------------------ worker thread

    def _work(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            try:
                result = job.fn()
            except Exception as exc:  # every failure goes back to the UI, never swallowed here
                self._relay.finished.emit(job, None, exc)
            else:
                self._relay.finished.emit(job, result, None)

    # ------------------------------------------------------------------ UI thread

    def _deliver(self, job: _Job, result: Any, error: BaseException | None) -> None:
        self._pending -= 1
        try:
            if self._closed:
                return  # the window is closing: nobody left to act on it (the job itself ran)
            if error is not None:
                if job.on_error is not None:
                    job.on_error(error)
                else:
                    self.failed.emit(job.label, error)
            elif job.on_done is not None:
                job.on_done(result)
        finally:
            if self._pending == 0:
                self.busy_changed.emit(False)


def describe_error(error: BaseException) -> str:
    """A message for a person: the exception's own text, with its type when that helps."""
    text = str(error).strip()
    name = type(error).__name__
    if not text:
        return name
    # Our own errors (every UserInputError: damaged, read-only, disk full, refused merge rows)
    # are written for a person already; the class name would only add noise.
    if isinstance(error, UserInputError) or name in {"SubmitError", "StudyError", "ValueError"}:
        return text
    return f"{text} ({name})"
