"""A response kind's own result tables and agreement rows (`Kind.result_tables`,
`Kind.extra_agreement_rows`) reach the export without any exporter naming the kind: a kind
that adds them (the choice kind with two parts more) gets its <name>.csv and its agreement.csv
rows; a table that would replace one of the export's files is refused."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from app.kinds import KINDS_BY_NAME
from app.kinds.choice import ChoiceKind
from app.kinds.results_types import ResamplingOptions, ResultTable, ScoredGroup
from app.results.options import ResultsOptions
from app.storage import open_database
from app.study.loader import load_study
from exporters.export_all import export_all
from tests.conftest import FIXTURES
from tests.results_support import import_rows, simulated_rows


class TallyingChoice(ChoiceKind):
    """The choice kind with a table and an agreement row of its own."""

    def __init__(self, table: str = "answer_tally") -> None:
        self.table = table

    def result_tables(self, group: ScoredGroup, answers: pd.DataFrame,
                      models: Mapping[str, pd.DataFrame],
                      options: ResamplingOptions) -> list[ResultTable]:
        counts = answers.groupby("item_id", sort=True)["participant"].nunique()
        return [ResultTable(self.table, ("question_id", "item_id", "n_raters"),
                            [{"question_id": group.question_id, "item_id": i, "n_raters": int(n)}
                             for i, n in counts.items()])]

    def extra_agreement_rows(self, group: ScoredGroup, answers: pd.DataFrame,
                             options: ResamplingOptions) -> list[dict[str, Any]]:
        return [{"statistic": "raters_per_item", "value": float(
            answers.groupby("item_id")["participant"].nunique().mean()), "note": "a test's own"}]


def _export(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: ChoiceKind) -> Path:
    monkeypatch.setitem(KINDS_BY_NAME, "choice", kind)
    loaded = load_study(FIXTURES / "mini-study")
    db = open_database(f"sqlite:///{tmp_path / 'kinds.sqlite3'}")
    try:
        raters = [(f"R{n}", "", 0.6 + 0.1 * n) for n in range(3)]
        import_rows(loaded, db, simulated_rows(loaded, raters, seed=5), tmp_path)
        out = tmp_path / "out"
        export_all(loaded, db, out, options=ResultsOptions(n_boot=20))
    finally:
        db.close()
    return out


def test_a_kinds_tables_and_agreement_rows_are_exported(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    out = _export(tmp_path, monkeypatch, TallyingChoice())
    tally = pd.read_csv(out / "answer_tally.csv")
    assert list(tally.columns) == ["question_id", "item_id", "n_raters"]
    assert len(tally) > 0 and set(tally["n_raters"]) == {3}
    # one table, the rows of every choice question in it
    questions = {q.id for item in load_study(FIXTURES / "mini-study").study.items
                 for q in item.questions if q.kind == "choice" and item.role == "trial"}
    assert set(tally["question_id"]) <= questions and tally["question_id"].nunique() >= 1
    agreement = pd.read_csv(out / "agreement.csv")
    own = agreement[agreement["statistic"] == "raters_per_item"]
    assert len(own) == tally["question_id"].nunique()
    assert (own["value"] == 3).all() and (own["note"] == "a test's own").all()
    assert (own["n_raters"] == 3).all()  # filled in where the kind left it out


def test_a_kinds_table_never_replaces_an_export_file(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match=r"agreement\.csv"):
        _export(tmp_path, monkeypatch, TallyingChoice("agreement"))
    assert not (tmp_path / "out").exists()  # all or nothing
