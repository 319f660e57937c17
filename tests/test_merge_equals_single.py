"""Issue 6, done when: two laptops' databases merged into one export exactly what the same
responses collected in a single database export.

The same responses in both setups: the simulator draws every participant's answers and
times from (seed, study, participant code), so SIM001-SIM00k simulated on laptop A and the
rest on laptop B answer exactly as all of them simulated on one machine.

Every CSV file `export_all` writes is compared row by row (sorted). What may differ, and why:
- `origin` (responses_long.csv, events.csv): the database a row was first written in. After
  a merge the rows keep their laptop's origin; in the single database they all carry its one.
  That is the provenance the merge must keep, so it has to differ.
- `merge` rows of events.csv: the audit log records each merge; a single database had none.
With the session engine (not the bulk path) ids and wall-clock times are drawn at run time, so
that variant also leaves out the response, session and event ids and the UTC times.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage.merge import merge_databases
from app.study.loader import LoadedStudy, load_study
from exporters import export_all

REPO = Path(__file__).resolve().parents[1]
STUDIES = {"mini": REPO / "tests" / "fixtures" / "mini-study",
           "hume-demo": REPO / "studies" / "hume-demo",
           "poem-ratings-demo": REPO / "studies" / "poem-ratings-demo"}
PROVENANCE = {"origin"}
RUN_TIME = {"response_uuid", "session_uuid", "event_uuid", "onset_utc", "answer_utc", "utc",
            "sessions"}  # timing.csv: the session ids of each station


def config(bulk: bool, first: int, n: int) -> SimulationConfig:
    return SimulationConfig(participants=n, first=first, seed=42, bulk=bulk, comment_rate=0.5)


def collect(loaded: LoadedStudy, url: str, parts: list[tuple[int, int]], bulk: bool) -> None:
    db = open_database(url)
    for first, n in parts:
        simulate(loaded, db, config(bulk, first, n))
    db.close()


def export(loaded: LoadedStudy, url: str, out: Path) -> dict[str, Path]:
    db = open_database(url)
    written = export_all(loaded, db, out, include_simulated=True, include_identifying=True)
    db.close()
    return {p.name: p for p in written if p.suffix == ".csv"}


def table(path: Path, drop: set[str]) -> tuple[list[str], list[tuple[str, ...]]]:
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = next(reader, [])
        rows = list(reader)
    keep = [i for i, name in enumerate(header) if name not in drop]
    if "kind" in header:  # events.csv: the merge's own audit rows
        kind = header.index("kind")
        rows = [r for r in rows if r[kind] != "merge"]
    return [header[i] for i in keep], sorted(tuple(r[i] for i in keep) for r in rows)


def assert_same_exports(merged: dict[str, Path], single: dict[str, Path], drop: set[str]) -> None:
    assert merged.keys() == single.keys()
    for name in sorted(single):
        header_m, rows_m = table(merged[name], drop)
        header_s, rows_s = table(single[name], drop)
        assert header_m == header_s, name
        assert rows_m == rows_s, f"{name} differs"


@pytest.mark.parametrize("study", sorted(STUDIES))
def test_two_laptops_merged_export_like_one_database(study: str, tmp_path: Path) -> None:
    loaded = load_study(STUDIES[study])
    laptop_a, laptop_b = f"sqlite:///{tmp_path / 'a.sqlite3'}", f"sqlite:///{tmp_path / 'b.sqlite3'}"
    single, merged = f"sqlite:///{tmp_path / 'single.sqlite3'}", f"sqlite:///{tmp_path / 'merged.sqlite3'}"
    collect(loaded, laptop_a, [(1, 5)], bulk=True)
    collect(loaded, laptop_b, [(6, 3)], bulk=True)
    collect(loaded, single, [(1, 8)], bulk=True)

    target = open_database(merged)
    report = merge_databases(target, [laptop_b.removeprefix("sqlite:///"), laptop_a])
    assert report.conflicts == [] and report.total("participants_new") == 8
    target.close()

    exported_single = export(loaded, single, tmp_path / "out-single")
    exported_merged = export(loaded, merged, tmp_path / "out-merged")
    assert {"responses_long.csv", "events.csv", "human_scores.csv", "agreement.csv"} <= set(
        exported_single)
    assert_same_exports(exported_merged, exported_single, PROVENANCE)
    # The comparison is not empty-handed: the origins really differ, one per laptop.
    with exported_merged["responses_long.csv"].open(newline="", encoding="utf-8") as fh:
        assert len({row["origin"] for row in csv.DictReader(fh)}) == 2


def test_the_session_engine_path_merges_alike(tmp_path: Path) -> None:
    loaded = load_study(STUDIES["mini"])
    urls = {name: f"sqlite:///{tmp_path / f'{name}.sqlite3'}" for name in ("a", "b", "single", "merged")}
    collect(loaded, urls["a"], [(1, 2)], bulk=False)
    collect(loaded, urls["b"], [(3, 2)], bulk=False)
    collect(loaded, urls["single"], [(1, 4)], bulk=False)
    target = open_database(urls["merged"])
    merge_databases(target, [urls["a"], urls["b"]])
    target.close()
    assert_same_exports(export(loaded, urls["merged"], tmp_path / "m"),
                        export(loaded, urls["single"], tmp_path / "s"), PROVENANCE | RUN_TIME)


@pytest.mark.postgres
def test_laptops_merged_into_a_server_export_like_one_database(pg_url: str, tmp_path: Path) -> None:
    loaded = load_study(STUDIES["mini"])
    laptop_a, laptop_b = f"sqlite:///{tmp_path / 'a.sqlite3'}", f"sqlite:///{tmp_path / 'b.sqlite3'}"
    single = f"sqlite:///{tmp_path / 'single.sqlite3'}"
    collect(loaded, laptop_a, [(1, 4)], bulk=True)
    collect(loaded, laptop_b, [(5, 4)], bulk=True)
    collect(loaded, single, [(1, 8)], bulk=True)
    target = open_database(pg_url)
    merge_databases(target, [laptop_a, laptop_b])
    target.close()
    assert_same_exports(export(loaded, pg_url, tmp_path / "m"),
                        export(loaded, single, tmp_path / "s"), PROVENANCE)
