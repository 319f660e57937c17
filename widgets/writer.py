"""The single database writer (ARCHITECTURE.md convention 2, Anki's collection executor).

Jobs that change the database, and the reads that must see those changes in order (the
session engine's next item after a saved answer, a study list after an import), run here one
at a time, in the order asked, on one worker thread started at the first job. Not every
database call: reads that need not wait behind writes (the results, the plan, the competence
column, an export) run on the read pool of `widgets.tasks.TaskManager`, which owns this writer
and is what windows and dialogs are handed. The UI thread never blocks on I/O.

The outcome (progress on the way, then the result or the exception) comes back to the UI thread
through `widgets.jobs.GuiRelay` and is handed to the callbacks given with the job. A failure is
always reported: with no `on_error`, the writer's `failed` signal carries it to whoever shows
errors (the main window).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from app.study.errors import UserInputError
from widgets.jobs import Done, Executor, Failed, Job, Progress
from widgets.qt import QObject


class DatabaseWriter(Executor):
    """Runs jobs on one worker thread, in order. Create and use it from the UI thread only."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    @property
    def thread_id(self) -> int | None:
        """The worker thread's identifier (None before the first job)."""
        return self._thread.ident if self._thread is not None else None

    def run(self, fn: Callable[..., Any], *, on_done: Done | None = None,
            on_error: Failed | None = None, on_progress: Progress | None = None,
            label: str = "", owner: QObject | None = None) -> Job:
        """Queue `fn`; its result goes to `on_done`, an exception to `on_error`, and with
        `on_progress` it is called as `fn(progress)` (all delivered on the UI thread)."""
        self._accept()
        job = Job(fn, on_done, on_error, on_progress, label, owner)
        if self._thread is None:
            # A daemon thread: a job stuck in I/O must not keep the process alive after close
            # (which waits for the queue, but only so long).
            self._thread = threading.Thread(target=self._work, name="baseline-studio-db-writer",
                                            daemon=True)
            self._thread.start()
        self._queue.put(job)
        # Let the worker take the GIL now: otherwise it waits until the UI thread lets go of it
        # (up to the 5 ms switch interval while the UI repaints), and an answer's durable
        # write, which the next item waits for, starts that much later.
        time.sleep(0)
        return job

    def close(self, timeout_s: float = 30.0) -> bool:
        """Finish the queued jobs (waiting at most `timeout_s`), then stop the thread. The jobs
        complete; their results are no longer delivered (the window that asked for them is
        closing). False when the queue did not finish in time."""
        if self._closed:
            return True
        self._closed = True
        if self._thread is None:
            return True
        self._queue.put(None)
        self._thread.join(timeout_s)
        return not self._thread.is_alive()

    # ------------------------------------------------------------------ worker thread

    def _work(self) -> None:
        while (job := self._queue.get()) is not None:
            job.execute(self._relay, self._deliver)


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
