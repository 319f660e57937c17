"""Shared fixtures. Every test gets a fresh data folder: tests never touch the real one."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED = REPO.parent / "shared"
SHARED_DATA = SHARED / "data"
SHARED_REFERENCE = SHARED / "reference"


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
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def db(db_url: str) -> Iterator[object]:
    from app.storage import open_database

    database = open_database(db_url)
    yield database
    database.close()
