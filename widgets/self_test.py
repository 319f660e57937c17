"""`baseline-studio run --self-test`: prove an installation works, end to end, without a screen.

Offscreen, in a temporary data folder (unless --db is given): open a bundled study (or the one
given with --study), enter as a new participant, go through the profile,
consent and instruction screens, answer one item through the real response widgets with key
presses, submit, close the session, export everything with exporters.export_all into a
temporary folder, and check that the answer is in the export. Each step is printed; any
failure exits nonzero.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from pathlib import Path

from app.catalog import find_study, list_studies
from app.home import bundled_studies_dir
from app.session.plan import build_plan
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from widgets.application import say
from widgets.autopilot import Autopilot
from widgets.kinds import widget_kind
from widgets.shell.main_window import MainWindow
from widgets.station_window import StationWindow


class SelfTestError(RuntimeError):
    pass


def choose_study(ref: str | None, home: Path | None) -> Path:
    if ref:
        return find_study(ref, home)
    bundled = [e for e in list_studies(home) if e.origin == "bundled"]
    if not bundled:  # an installation without its studies is what the self-test is to find
        raise SelfTestError(f"no bundled study in {bundled_studies_dir()}: the installation "
                            "is incomplete (or give a study with --study)")
    return bundled[0].path


def choose_code(loaded: LoadedStudy) -> str:
    """A fresh code whose first item is answered in a few keys (WidgetKind.
    answered_in_a_few_keys; plans depend on the code, so a few candidates are tried)."""
    items = loaded.items_by_id
    base = f"selftest-{uuid.uuid4().hex[:6]}"
    for n in range(200):
        code = f"{base}-{n}"
        plan = build_plan(loaded.study, code)
        if plan and all(widget_kind(q.kind).answered_in_a_few_keys
                        for q in items[plan[0].item_id].questions):
            return code
    return base


def answer_one_item(window: MainWindow, loaded: LoadedStudy) -> str:
    """Walk the screens until one item is saved; its item id."""
    pilot = Autopilot(window, loaded, log=say)
    trial = window.flow.trial
    for _ in range(50):
        pilot.settle()
        if pilot.page is trial:
            assert trial.view is not None
            item_id = trial.view.item_id
            kinds = pilot.answer_trial()
            pilot.submit_trial()
            say(f"  answered item {item_id} ({', '.join(kinds)}) with key presses; saved")
            return item_id
        pilot.step()
    raise SelfTestError("no item reached after 50 screens")


def run_self_test(db: Database, *, home: Path | None, study: str | None) -> int:
    started = time.monotonic()
    try:
        path = choose_study(study, home)
        loaded = load_study(path)
        say(f"self-test: study {loaded.study.id!r} from {loaded.folder}")
        say(f"self-test: database {db.label}")
        code = choose_code(loaded)
        window = StationWindow(db, home=home)
        window.show()
        try:
            window.flow.open_study(path, code=code)
            item_id = answer_one_item(window, loaded)
        finally:
            window.close()
        rows = db.responses(loaded.study.id, participant_code=code)
        if not rows or rows[0].item_id != item_id or rows[0].rt_ms is None:
            raise SelfTestError(f"the database does not hold the answer to {item_id}")
        say(f"self-test: {len(rows)} response row(s) committed, rt {rows[0].rt_ms:.0f} ms")
        from exporters.export_all import export_all

        out = Path(tempfile.mkdtemp(prefix="baseline-studio-selftest-"))
        written = export_all(loaded, db, out)
        exported = "".join(p.read_text(encoding="utf-8") for p in written
                           if p.suffix == ".csv" and "response" in p.name)
        if code not in exported:
            raise SelfTestError("the export does not contain the self-test participant")
        say(f"self-test: exported {len(written)} file(s) into {out}")
        for p in written:
            say(f"  {p.name}")
    except Exception as exc:  # the self-test reports any failure and exits nonzero
        say(f"self-test FAILED: {type(exc).__name__}: {exc}", error=True)
        return 1
    say(f"self-test passed in {time.monotonic() - started:.1f} s")
    return 0
