"""Hostile import sources: a responses CSV (`import-responses`) and every importer kind
(`import KIND SOURCE`) end in a result or a StudyError naming the source, never another
exception and never a hang. Nothing is half-imported: a refused CSV writes no response."""

from __future__ import annotations

import csv
import io
import json
import math
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from app.importers.base import ImportOptions
from app.importers.registry import KINDS, run_import
from app.responses_import import REQUIRED_COLUMNS, import_responses_csv
from app.storage import open_database
from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import LoadedStudy, load_study
from tests.conftest import FIXTURES
from tests.fuzzing import DEFAULT, HOSTILE_TEXT, LONG, json_values, time_limit

MINI = load_study(FIXTURES / "mini-study")
QUESTIONS = {i.id: [q.id for q in i.questions] for i in MINI.study.items}

answer_text = st.one_of(
    st.sampled_from(["pos", "neg", "A", "B", "3.5", "5", "NA", "n/a", "-1", "nan", "inf", "1e309",
                     '{"d1": 1, "d2": 0, "d3": 1}', '[1, 0, 1]', '["z", "y", "x"]',
                     '{"t1": "a", "t2": "a", "t3": "b", "t4": "b"}', '[["t1", "t2"], ["t3"]]',
                     '{"t1": "", "t2": "a", "t3": "b", "t4": "b"}', "[[", '{"d1": true}']),
    json_values.map(lambda v: json.dumps(v, allow_nan=True)),
    st.text(max_size=30), st.sampled_from(HOSTILE_TEXT),
)
row_strategy = st.fixed_dictionaries({
    "participant": st.one_of(st.sampled_from(["P001", "P002", "P003", "", " ", "jane@x.org"]),
                             st.text(max_size=10)),
    "item_id": st.one_of(st.sampled_from(sorted(QUESTIONS)), st.text(max_size=8)),
    "question_id": st.one_of(st.sampled_from(["", "label", "similarity", "relevance", "groups",
                                              "q", "creative", "why", "order", "nope"]),
                             st.text(max_size=8)),
    "answer": answer_text,
    "rt_ms": st.one_of(st.sampled_from(["", "0", "1834", "-5", "nan", "inf", "1e309", "abc"]),
                       st.floats(allow_nan=True).map(str), st.text(max_size=6)),
    "tier": st.sampled_from(["primary", "senior", "", "x" * 1000]),
})


@st.composite
def responses_csv(draw: st.DrawFn) -> bytes:
    header = [*REQUIRED_COLUMNS, "tier"]
    shape = draw(st.sampled_from(["valid", "shuffled", "missing", "extra", "duplicate"]))
    if shape == "shuffled":
        header = draw(st.permutations(header))
    elif shape == "missing":
        header.remove(draw(st.sampled_from(REQUIRED_COLUMNS)))
    elif shape == "extra":
        header.append(draw(st.text(max_size=10)))
    elif shape == "duplicate":
        header.append(draw(st.sampled_from(header)))
    rows = draw(st.lists(row_strategy, max_size=12))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for row in rows:
        cells = [row.get(c, draw(st.text(max_size=5))) for c in header]
        if draw(st.integers(0, 9)) == 0:  # ragged rows
            cells = cells[:draw(st.integers(0, len(cells)))] + ["surplus"] * draw(st.integers(0, 2))
        writer.writerow(cells)
    text = out.getvalue()
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8-sig", "utf-16", "latin-1", "raw"]))
    if encoding == "raw":
        data = text.encode("utf-8", "surrogatepass")
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(max_size=20)) + data[at:]
    return text.encode(encoding, errors="replace")


@pytest.fixture
def study_and_db(tmp_path: Path) -> Iterator[tuple[LoadedStudy, Database]]:
    db = open_database(f"sqlite:///{tmp_path / 'import.sqlite3'}")
    yield MINI, db
    db.close()


def import_or_study_error(tmp_path: Path, loaded: LoadedStudy, db: Database, data: bytes) -> None:
    source = tmp_path / "responses.csv"
    source.write_bytes(data)
    before = db.count_responses(loaded.study.id)
    with time_limit():
        try:
            summary = import_responses_csv(loaded, db, source)
        except StudyError as exc:
            assert exc.problems and all(p.file == source for p in exc.problems), exc.report()
            assert db.count_responses(loaded.study.id) == before  # all or nothing
            return
    assert db.count_responses(loaded.study.id) == before + summary.responses
    for row in db.responses(loaded.study.id):
        assert row.rt_ms is None or (math.isfinite(row.rt_ms) and row.rt_ms >= 0), row.rt_ms


@DEFAULT
@given(data=responses_csv())
@example(data=b"participant,item_id,question_id,answer,rt_ms\nP9,c1,,pos,nan\n")
@example(data=b"participant,item_id,question_id,answer,rt_ms\nP8,c1,,pos,inf\n")
@example(data=b"participant,item_id,question_id,answer,rt_ms\nP7,c1,,pos," + b"1" * 400 + b"\n")
@example(data=b"participant,item_id,question_id,answer,rt_ms\nP9,c1,,\"" + b"x" * 200_000 + b"\"\n")
def test_any_responses_csv_imports_or_gives_a_study_error(
        tmp_path: Path, study_and_db: tuple[LoadedStudy, Database], data: bytes) -> None:
    import_or_study_error(tmp_path, *study_and_db, data)


@pytest.mark.slow
@LONG
@given(data=responses_csv())
def test_any_responses_csv_long_variant(tmp_path: Path,
                                        study_and_db: tuple[LoadedStudy, Database],
                                        data: bytes) -> None:
    import_or_study_error(tmp_path, *study_and_db, data)


# ----------------------------------------------------------------------- importers

COLUMNS = {
    "spinbench": ["id", "problem", "images", "answer", "metadata"],
    "poemetric": ["form", "author", "content", "theme", "id"],
    "mteb-sts": ["sentence1", "sentence2", "score", "hf_subset", "language"],
    "mteb-classification": ["text", "label", "label_text", "hf_subset"],
    "mteb-clustering": ["sentences", "labels"],
    "mteb-reranking": ["query", "positive", "negative"],
    "vqa": ["image", "images", "question", "options", "answer", "case", "question_id", "text"],
    "predictions": ["model", "item_id", "question_id", "prediction"],
    # (an Inspect log's top-level fields; an lm-evaluation-harness samples line's)
    "inspect-log": ["version", "status", "eval", "samples", "results"],
    "lm-eval-samples": ["doc_id", "doc", "filtered_resps", "filter", "metrics", "acc"],
    "mteb-results": ["task_name", "scores", "mteb_version"],
}
plausible_cell = st.one_of(
    json_values,
    st.sampled_from(["ok.png", "missing.png", "../secret.png", "/etc/passwd", "notimage.png",
                     "A", "B", "Y", "human", "c1", "label", "pos", "3.5", "NA", "macule|papule"]),
    st.lists(st.sampled_from(["ok.png", "a text", "b text", "0", "1"]), max_size=8),
    st.lists(st.lists(st.sampled_from(["x", "y", "z"]), max_size=4), max_size=4),
)


@st.composite
def import_source(draw: st.DrawFn, kind: str) -> tuple[str, bytes]:
    columns = COLUMNS[kind]
    rows = draw(st.lists(st.dictionaries(st.sampled_from(columns), plausible_cell,
                                         min_size=len(columns) - 2), max_size=8))
    suffix = draw(st.sampled_from([".jsonl", ".csv", ".json"]))
    if suffix == ".jsonl":
        lines = [json.dumps(r, allow_nan=True) for r in rows]
        if lines and draw(st.booleans()):
            lines[draw(st.integers(0, len(lines) - 1))] = draw(st.text(max_size=20))
        return suffix, "\n".join(lines).encode("utf-8", "surrogatepass")
    if suffix == ".json":
        return suffix, json.dumps(rows, allow_nan=True).encode("utf-8", "surrogatepass")
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns)
    writer.writeheader()
    for row in rows:
        writer.writerow({k: v if isinstance(v, str) else json.dumps(v) for k, v in row.items()})
    return suffix, out.getvalue().encode("utf-8", "surrogatepass")


class Workspace:
    """A fresh source folder (with a real, a fake and an outside image) per example."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.count = 0
        shutil.copy(FIXTURES / "mini-study" / "images" / "a.png", root / "template.png")
        (root / "secret.png").write_bytes(b"private")

    def next(self) -> Path:
        self.count += 1
        folder = self.root / f"case{self.count}"
        (folder / "src").mkdir(parents=True)
        shutil.copy(self.root / "template.png", folder / "src" / "ok.png")
        (folder / "src" / "notimage.png").write_text("plain text", encoding="utf-8")
        return folder


def run_importer(workspace: Workspace, kind: str, suffix: str, data: bytes) -> None:
    folder = workspace.next()
    source = folder / "src" / f"source{suffix}"
    source.write_bytes(data)
    out = folder / "study"
    attaches = KINDS[kind].build is None  # to an existing study
    if attaches:
        shutil.copytree(FIXTURES / "mini-study", out)
    with time_limit():
        try:
            result = run_import(kind, ImportOptions(source=source, out=out, seed=1))
        except StudyError as exc:
            assert exc.problems and exc.report()
            if not attaches:
                assert not out.exists(), "a refused import left a study folder behind"
            return
    assert load_study(result.loaded.folder).study.id  # what was written loads again


def fuzz_importer(tmp_path: Path, kind: str, examples: settings) -> None:
    workspace = Workspace(tmp_path)

    @examples
    @given(source=import_source(kind))
    def fuzz(source: tuple[str, bytes]) -> None:
        run_importer(workspace, kind, *source)

    fuzz()


@pytest.mark.parametrize("kind", sorted(COLUMNS))
def test_any_importer_source_imports_or_gives_a_study_error(tmp_path: Path, kind: str) -> None:
    assert set(COLUMNS) == set(KINDS)  # a new importer kind gets fuzzed too
    fuzz_importer(tmp_path, kind, settings(DEFAULT, max_examples=25))


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(COLUMNS))
def test_any_importer_source_long_variant(tmp_path: Path, kind: str) -> None:
    fuzz_importer(tmp_path, kind, settings(LONG, max_examples=400))
