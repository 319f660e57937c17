"""The one way to run background work from Qt (ARCHITECTURE.md convention 2; Anki's
aqt/taskman.py is the model).

A `TaskManager` belongs to a top-level window: the main window makes one and hands it to the
designer window and every dialog opened from there; a window opened on its own (the results
tour, a test) makes its own (`given_or_own`). It has two executors:

- `run_write`: the single database writer (`widgets.writer.DatabaseWriter`), one job at a
  time in the order asked. For everything that changes the database, and reads that must see
  those changes in order.
- `run_read`: a small pool of threads for reads and computations that need not queue behind
  the writes (results, the plan, the competence column, an export, an import's files), so a
  long computation never holds up a session's next answer and two reads run side by side.

Either way the outcome comes back on the GUI thread: `on_progress(*args)` each time the work
calls the `progress` function it is handed (only when `on_progress` is given), then
`on_done(result)` or `on_error(exception)`; an error with no `on_error` goes to the manager's
`failed` signal. `describe_error` turns an exception into the words shown (never a
traceback). Nothing is delivered once the asking widget is deleted or the manager is closed;
`close` waits for running work, but only so long, and never hangs the app: the worker threads
are daemons, so a read stuck on a dead network drive does not keep the process alive.

Three kinds of thread stay outside it, each for a reason of its own. The image decoders
(`widgets.images.cache`) have their own daemon threads, LRU and cancellation: the next trial's
image must never wait behind a designer's results read in this pool. The image viewer's
adjustment jobs (`widgets.images.viewer`) are per-frame work on an image already decoded, of
which only the newest is shown. The timing check's key poster (`widgets.timing_check`) is the
measuring instrument itself: it must start at once and spin until its moment, not wait for
a free reader. And `exporters.export_all` writes one CSV on a thread of its own while the
export's other steps run: the core cannot import Qt, and the command line runs it too.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from widgets.jobs import Done, Executor, Failed, Job, Progress
from widgets.qt import QObject, Signal
from widgets.writer import DatabaseWriter

READERS = 2  # the machine may have two cores; a third reader would only contend for the GIL
IDLE_S = 5.0  # a reader with nothing to do for this long ends (a new one starts when needed)


class ReadPool(Executor):
    """Up to `size` daemon threads taking jobs first come, first served. GUI thread only,
    apart from the workers themselves."""

    def __init__(self, size: int = READERS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.size = size
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()  # guards the counts below (workers and GUI thread)
        self._threads: set[threading.Thread] = set()
        self._idle = 0  # workers waiting for a job
        self._queued = 0  # jobs put in the queue and not yet taken

    def submit(self, job: Job) -> Job:
        self._accept()
        with self._lock:
            self._queued += 1
            self._jobs.put(job)
            if self._queued > self._idle and len(self._threads) < self.size:
                thread = threading.Thread(target=self._work, name="baseline-studio-reader",
                                          daemon=True)
                self._threads.add(thread)
                self._idle += 1
                thread.start()
        return job

    def close(self, timeout_s: float) -> bool:
        """Let running and queued jobs finish for at most `timeout_s`; drop their results.
        False when some were still running."""
        if self._closed:
            return True
        self._closed = True
        with self._lock:
            threads = list(self._threads)
        for _ in threads:
            self._jobs.put(None)
        deadline = time.monotonic() + timeout_s
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        return not any(t.is_alive() for t in threads)

    def _work(self) -> None:
        me = threading.current_thread()
        while True:
            try:
                job = self._jobs.get(timeout=IDLE_S)
            except queue.Empty:
                with self._lock:
                    if self._jobs.empty():  # else a job came in just now: take it
                        self._idle -= 1
                        self._threads.discard(me)
                        return
                continue
            with self._lock:
                self._idle -= 1
                if job is not None:
                    self._queued -= 1
                else:
                    self._threads.discard(me)
            if job is None:
                return
            job.execute(self._relay, self._deliver)
            with self._lock:
                self._idle += 1


class TaskManager(QObject):
    """The database writer and the read pool of one top-level window."""

    busy_changed = Signal(bool)
    failed = Signal(str, object)  # label, exception: work without an on_error of its own

    def __init__(self, parent: QObject | None = None, *, readers: int = READERS) -> None:
        super().__init__(parent)
        self.writer = DatabaseWriter(self)
        self.reads = ReadPool(readers, self)
        self._was_busy = False
        for part in (self.writer, self.reads):
            part.failed.connect(self.failed)
            part.busy_changed.connect(self._busy_changed)
        self.closed = False

    @classmethod
    def given_or_own(cls, tasks: TaskManager | None, owner: QObject) -> TaskManager:
        """`tasks` when the opener hands one, else a manager of `owner`'s own (a window opened
        on its own). That one needs no closing: its threads start at the first job, readers end
        when idle, and nothing is delivered once `owner` is deleted."""
        return tasks if tasks is not None else cls(owner)

    @property
    def busy(self) -> bool:
        """True while work is queued, running, or its outcome is not yet delivered."""
        return self.writer.busy or self.reads.busy

    def run_write(self, fn: Callable[..., Any], *, on_done: Done | None = None,
                  on_error: Failed | None = None, on_progress: Progress | None = None,
                  label: str = "", owner: QObject | None = None) -> Job:
        """Run `fn` on the database writer, after every write asked before it."""
        return self.writer.run(fn, on_done=on_done, on_error=on_error, on_progress=on_progress,
                               label=label, owner=owner)

    def run_read(self, fn: Callable[..., Any], *, on_done: Done | None = None,
                 on_error: Failed | None = None, on_progress: Progress | None = None,
                 label: str = "", owner: QObject | None = None) -> Job:
        """Run `fn` on the read pool, beside other reads and the writer."""
        return self.reads.submit(Job(fn, on_done, on_error, on_progress, label, owner))

    def close(self, timeout_s: float = 30.0) -> bool:
        """Finish the queued writes and let running reads end, waiting at most `timeout_s` in
        all; nothing is delivered afterwards. False when something was still running."""
        if self.closed:
            return True
        self.closed = True
        deadline = time.monotonic() + timeout_s
        wrote = self.writer.close(timeout_s)
        read = self.reads.close(max(0.0, deadline - time.monotonic()))
        return wrote and read

    def _busy_changed(self, _busy: bool) -> None:
        busy = self.busy
        if busy != self._was_busy:
            self._was_busy = busy
            self.busy_changed.emit(busy)
