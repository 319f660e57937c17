"""The one way to run background work from Qt (ARCHITECTURE.md convention 2; Anki's
aqt/taskman.py is the model).

A `TaskManager` belongs to a top-level window: the main window makes one and hands it to the
designer window and every dialog opened from there; a window opened on its own (the results
tour, a test) makes its own (`given_or_own`). It has two executors:

- `run_write`: the single database writer (`DatabaseWriter`), one job at a time in the order
  asked. For everything that changes the database, and reads that must see those changes in
  order (the engine's next item after a saved answer, a study list after an import).
- `run_read`: a small pool of threads (`ReadPool`) for reads and computations that need not
  queue behind the writes (results, the plan, the competence column, an export, an import's
  files), so a long computation never holds up a session's next answer.

Either way the outcome comes back on the GUI thread: `on_progress(*args)` each time the work
calls the `progress` function it is handed (only when `on_progress` is given), then
`on_done(result)` or `on_error(exception)`; an error with no `on_error` goes to the manager's
`failed` signal. `describe_error` turns an exception into the words shown (never a
traceback). Nothing is delivered once the asking widget is deleted or the manager is closed.

No worker thread ever holds the last reference to a Qt object (ARCHITECTURE.md, convention 2):
a QObject destroyed on a worker takes Qt's signal-slot mutex and then waits for the GIL, while
the GUI thread, holding the GIL, waits for that mutex in its next `connect`: a deadlock. So the
threads run plain functions over plain queues (`_reader_loop`, `_writer_loop`) and never see
an executor; a job, with the callbacks and owner it carries, stays in `_IN_FLIGHT` (kept by
the GUI thread) from submission until its outcome is handed over there; the worker lets go of
the job before it posts the outcome, and posts the outcome in a box the GUI thread empties.
The only Qt object a worker touches is the application's `GuiRelay`, which lives as long as
the application.

Three kinds of thread stay outside it, each for a reason of its own, under the same rule. The
image decoders (`widgets.images.cache`) have their own daemon threads, LRU and cancellation:
the next trial's image must never wait behind a designer's results read. The image viewer's
adjustment jobs (`widgets.images.viewer`) are per-frame work on an image already decoded, of
which only the newest is shown. The timing check's key poster (`widgets.timing_check`) is the
measuring instrument itself: it must start at once and spin until its moment.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import queue
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.study.errors import UserInputError
from widgets.qt import QObject, Qt, QtCore, Signal, Slot, is_alive

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]
Progress = Callable[..., None]

READERS = 2  # the machine may have two cores; a third reader would only contend for the GIL
IDLE_S = 5.0  # a reader with nothing to do for this long ends (a new one starts when needed)


class GuiRelay(QObject):
    """Created in the GUI thread; `post(fn, *args)` from any thread runs `fn(*args)` there.
    One for the application (`gui_relay`), a child of it: it outlives every window, so a
    worker that wakes after its window was deleted still emits on a live object, and no
    worker ever holds its last reference."""

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


def deliver_weakly(target: weakref.ref[Any], method: str, *args: Any) -> None:
    """GUI thread (posted through the relay by a thread of its own): `target().method(*args)`,
    unless the object is gone. A worker holds its QObject only by this weak reference, so
    it can never drop the last one (the image decoders, the viewer's adjustment jobs)."""
    obj = target()
    if obj is not None and is_alive(obj):
        getattr(obj, method)(*args)


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
    token: int = 0  # its key in _IN_FLIGHT while it is queued, running or being delivered
    executor: weakref.ref[Executor] | None = None

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


# Every job from submission until its outcome is handed over, on the GUI thread: the strong
# reference that outlives the worker's, so the last reference to whatever a job holds (its
# function's closure, its callbacks' widgets) is always dropped on the GUI thread.
_IN_FLIGHT: dict[int, Job] = {}
_TOKENS = itertools.count(1)


def _call(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, BaseException | None]:
    """`fn(*args)` and its exception, if any. Apart so that the traceback an exception keeps
    starts at a frame that holds no job, and no local of it refers back to the exception
    (a cycle, which the collector would break on whatever thread it runs on)."""
    try:
        return fn(*args), None
    except Exception as exc:  # every failure goes back to the GUI thread, never swallowed
        return None, exc


def _run(job: Job, relay: GuiRelay) -> list[Any]:
    """On a worker: call the job's function; the outcome in a box for `_handed_over`. The
    caller posts the box once this frame, and with it the worker's reference to the job, is
    gone; the GUI thread empties the box, so whichever side lets go of it last, the result and
    an exception's traceback (with the frames it keeps) are freed there."""
    args = () if job.on_progress is None else (functools.partial(relay.post, _progressed,
                                                                 job.token),)
    result, error = (None, None) if job.cancelled else _call(job.fn, args)
    job.ran.set()
    return [job.token, result, error]


def _progressed(token: int, *args: Any) -> None:
    job = _IN_FLIGHT.get(token)
    if job is not None and job.on_progress is not None and job.wanted:
        job.on_progress(*args)


def _handed_over(box: list[Any]) -> None:
    """GUI thread: the outcome of a job that has run; its executor delivers it."""
    token, result, error = box
    box.clear()
    job = _IN_FLIGHT.pop(token, None)
    if job is None:
        return
    executor = job.executor() if job.executor is not None else None
    if executor is not None and is_alive(executor):
        executor._deliver(job, result, error)


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

    def _accept(self, job: Job) -> Job:
        """Count a new job in (refused once closed) and keep it until it is handed over."""
        if self._closed:
            raise RuntimeError(f"{type(self).__name__} is closed")
        job.token = next(_TOKENS)
        job.executor = weakref.ref(self)
        _IN_FLIGHT[job.token] = job
        self._pending += 1
        if self._pending == 1:
            self.busy_changed.emit(True)
        return job

    def _deliver(self, job: Job, result: Any, error: BaseException | None) -> None:
        self._pending -= 1
        try:
            if not self._closed:  # else the window is closing: nobody left to act on it
                job.report(result, error, self.failed.emit)
        finally:
            if self._pending == 0:
                self.busy_changed.emit(False)


def _writer_loop(jobs: queue.SimpleQueue[Job | None], relay: GuiRelay) -> None:
    while (box := _writer_take(jobs, relay)) is not None:
        relay.post(_handed_over, box)
        del box


def _writer_take(jobs: queue.SimpleQueue[Job | None], relay: GuiRelay) -> list[Any] | None:
    job = jobs.get()
    return None if job is None else _run(job, relay)


class DatabaseWriter(Executor):
    """Runs jobs on one worker thread, in order. Create and use it from the GUI thread only.
    A failure is always reported: with no `on_error`, the `failed` signal carries it."""

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
        `on_progress` it is called as `fn(progress)` (all delivered on the GUI thread)."""
        job = self._accept(Job(fn, on_done, on_error, on_progress, label, owner))
        if self._thread is None:
            # A daemon thread: a job stuck in I/O must not keep the process alive after close
            # (which waits for the queue, but only so long).
            self._thread = threading.Thread(target=_writer_loop, args=(self._queue, self._relay),
                                            name="baseline-studio-db-writer", daemon=True)
            self._thread.start()
        self._queue.put(job)
        # Let the worker take the GIL now: otherwise it waits until the GUI thread lets go of
        # it (up to the 5 ms switch interval while the UI repaints), and an answer's durable
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


class _PoolState:
    """What the read pool's threads share with it: plain data, no Qt object."""

    def __init__(self, size: int, relay: GuiRelay) -> None:
        self.size = size
        self.relay = relay
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.lock = threading.Lock()  # guards the counts below (workers and GUI thread)
        self.threads: set[threading.Thread] = set()
        self.idle = 0  # workers waiting for a job
        self.queued = 0  # jobs put in the queue and not yet taken


def _reader_loop(state: _PoolState) -> None:
    me = threading.current_thread()
    while True:
        try:
            box = _reader_take(state)
        except queue.Empty:
            with state.lock:
                if state.jobs.empty():  # else a job came in just now: take it
                    state.idle -= 1
                    state.threads.discard(me)
                    return
            continue
        if box is None:  # closed
            with state.lock:
                state.threads.discard(me)
            return
        state.relay.post(_handed_over, box)
        del box
        with state.lock:
            state.idle += 1


def _reader_take(state: _PoolState) -> list[Any] | None:
    """The next job's outcome box, None when the pool is closed; queue.Empty when idle."""
    job = state.jobs.get(timeout=IDLE_S)
    with state.lock:
        state.idle -= 1
        if job is not None:
            state.queued -= 1
    return None if job is None else _run(job, state.relay)


class ReadPool(Executor):
    """Up to `size` daemon threads taking jobs first come, first served. GUI thread only."""

    def __init__(self, size: int = READERS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = _PoolState(size, self._relay)

    @property
    def size(self) -> int:
        return self._state.size

    def submit(self, job: Job) -> Job:
        self._accept(job)
        state = self._state
        with state.lock:
            state.queued += 1
            state.jobs.put(job)
            if state.queued > state.idle and len(state.threads) < state.size:
                thread = threading.Thread(target=_reader_loop, args=(state,),
                                          name="baseline-studio-reader", daemon=True)
                state.threads.add(thread)
                state.idle += 1
                thread.start()
        return job

    def close(self, timeout_s: float) -> bool:
        """Let running and queued jobs finish for at most `timeout_s`; drop their results.
        False when some were still running."""
        if self._closed:
            return True
        self._closed = True
        state = self._state
        with state.lock:
            threads = list(state.threads)
        for _ in threads:
            state.jobs.put(None)
        deadline = time.monotonic() + timeout_s
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        return not any(t.is_alive() for t in threads)


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
