"""Shared fixtures. Every test gets a fresh data folder: tests never touch the real one."""

from __future__ import annotations

import gc
import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED = REPO.parent / "shared"
SHARED_DATA = SHARED / "data"
SHARED_REFERENCE = SHARED / "reference"


def needs_shared(path: Path) -> pytest.MarkDecorator:
    """Skip, with a one-line reason, a test that reads `path` under ../shared (third-party data
    and reference files that sit beside this repo in CI but are not redistributed with it)."""
    return pytest.mark.skipif(
        not path.exists(),
        reason=f"needs ../shared/{path.relative_to(SHARED)} beside the repo (not redistributed)")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="run the long variants too")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="long variant; run with --run-slow (make test-slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BASELINE_STUDIO_HOME", str(home))
    return home


@pytest.fixture
def mini_study_dir(tmp_path: Path) -> Path:
    """A private copy of the mini study, safe to modify."""
    target = tmp_path / "mini-study"
    shutil.copytree(FIXTURES / "mini-study", target)
    return target


@pytest.fixture
def mini_views(mini_study_dir: Path) -> dict[str, object]:
    """A TrialView (what a trial screen is handed) for every item of the mini study, keyed by
    item id, planned for participant P-views (options and documents shuffled as the study says)."""
    from app.session.plan import build_plan
    from app.session.presentation import trial_view
    from app.study.loader import load_study

    loaded = load_study(mini_study_dir)
    plan = build_plan(loaded.study, "P-views")
    items = loaded.items_by_id
    return {p.item_id: trial_view(loaded.study, loaded.folder, items[p.item_id], p, len(plan))
            for p in plan}


PG_ENV = "BASELINE_STUDIO_TEST_PG"  # set by .ci/postgres (CI and `make test`)
PG_SKIP = (f"PostgreSQL tests skipped: {PG_ENV} is not set (`make test` starts a throwaway "
           "server when .ci/postgres can; or set it to postgresql+psycopg://user@host:port/db)")


def pytest_report_header(config: pytest.Config) -> str:
    return f"postgres: {os.environ[PG_ENV]}" if os.environ.get(PG_ENV) else PG_SKIP


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty schema on the test server (dropped afterwards), as a database URL."""
    from sqlalchemy import create_engine, text

    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(PG_SKIP)
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    yield f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    with admin.connect() as conn:
        conn.execute(text("SET lock_timeout = '10s'"))
        conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every test that takes `db_url` (or `db`) runs on a SQLite file and on PostgreSQL."""
    if request.param == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def db(db_url: str) -> Iterator[object]:
    from app.storage import open_database

    database = open_database(db_url)
    yield database
    database.close()


@pytest.fixture(autouse=True)
def english_words(request: pytest.FixtureRequest) -> None:
    """Qt tests start in English with its plural forms ("1 document", "3 documents": the app
    installs them at start, widgets/i18n.py), whatever language an earlier test switched to."""
    if "qtbot" in request.fixturenames or "qapp" in request.fixturenames:
        request.getfixturevalue("qapp")
        from widgets.i18n import set_ui_language

        set_ui_language("en")


@pytest.fixture(scope="session")
def qapp_cls() -> type:
    """pytest-qt's application: one that runs the garbage collector on the GUI thread only,
    as the app's does (widgets/main_thread_gc.py)."""
    from widgets.main_thread_gc import CollectingApplication

    return CollectingApplication


@pytest.fixture(autouse=True)
def collector_as_at_start(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test without Qt starts with the automatic garbage collector on, as a process without
    a QApplication has it; a Qt test earlier in the session turned it off for good
    (widgets/main_thread_gc.py). Qt tests keep it off."""
    if {"qapp", "qtbot"} & set(request.fixturenames):
        yield
        return
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()
