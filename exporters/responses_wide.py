"""responses_wide.csv: one row per scored item and question, one column per rater."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from app.study.loader import LoadedStudy
from exporters.csv_fast import write_csv
from exporters.out_folder import out_path
from exporters.responses_csv import answer_text, answer_texts, privacy_filter

LEAD_COLUMNS = ["item_id", "question_id", "question_kind", "block_id", "gold"]


def wide_frame(loaded: LoadedStudy, frame: pd.DataFrame, *,
               include_identifying: bool = False) -> pd.DataFrame:
    """Answers of the main blocks (practice left out) as item x rater; empty cell: not answered."""
    if frame.empty:
        return pd.DataFrame(columns=LEAD_COLUMNS)
    kept = privacy_filter(loaded, frame[~frame["practice"].astype(bool)],
                          include_identifying=include_identifying)
    if kept.empty:
        return pd.DataFrame(columns=LEAD_COLUMNS)
    kept = kept.assign(answer_text=answer_texts(kept["answer"]))
    table = kept.pivot_table(index=["item_id", "question_id"], columns="participant",
                             values="answer_text", aggfunc="first", sort=False)
    table.columns = [str(c) for c in table.columns]
    info = {(i.id, q.id): (n, q.kind, i.block, getattr(q, "gold", None))
            for n, (i, q) in enumerate((i, q) for i in loaded.study.items for q in i.questions)}
    unknown = (len(info), "", "", None)
    keys = sorted(table.index, key=lambda k: info.get(k, unknown)[0])
    lead = pd.DataFrame([
        {"item_id": item_id, "question_id": question_id,
         "question_kind": info.get((item_id, question_id), unknown)[1],
         "block_id": info.get((item_id, question_id), unknown)[2],
         "gold": answer_text(info.get((item_id, question_id), unknown)[3])}
        for item_id, question_id in keys], columns=LEAD_COLUMNS)
    return pd.concat([lead, table.loc[keys].reset_index(drop=True)], axis=1)


def write_responses_wide(loaded: LoadedStudy, frame: pd.DataFrame, out_dir: Path, *,
                         include_identifying: bool = False) -> list[Path]:
    path = out_path(out_dir, "responses_wide.csv")
    write_csv(wide_frame(loaded, frame, include_identifying=include_identifying), path)
    return [path]
