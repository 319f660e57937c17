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
    """Answers of the main blocks (practice left out) as item x rater; empty cell: not answered.
    A reader study with `conditions`: one row per item, question and condition."""
    conditions = loaded.study.condition_ids()
    lead_columns = LEAD_COLUMNS + (["condition"] if conditions else [])
    if frame.empty:
        return pd.DataFrame(columns=lead_columns)
    kept = privacy_filter(loaded, frame[~frame["practice"].astype(bool)],
                          include_identifying=include_identifying)
    if kept.empty:
        return pd.DataFrame(columns=lead_columns)
    kept = kept.assign(answer_text=answer_texts(kept["answer"]))
    index = ["item_id", "question_id", *(["condition"] if conditions else [])]
    table = kept.pivot_table(index=index, columns="participant",
                             values="answer_text", aggfunc="first", sort=False)
    table.columns = [str(c) for c in table.columns]
    info = {(i.id, q.id): (n, q.kind, i.block, getattr(q, "gold", None))
            for n, (i, q) in enumerate((i, q) for i in loaded.study.items for q in i.questions)}
    unknown = (len(info), "", "", None)
    rank = {c: n for n, c in enumerate(conditions)}
    keys = sorted(table.index, key=lambda k: (info.get(k[:2], unknown)[0],
                                              rank.get(k[2], len(rank)) if conditions else 0))
    lead = pd.DataFrame([
        {"item_id": key[0], "question_id": key[1],
         "question_kind": info.get(key[:2], unknown)[1],
         "block_id": info.get(key[:2], unknown)[2],
         "gold": answer_text(info.get(key[:2], unknown)[3]),
         **({"condition": key[2]} if conditions else {})}
        for key in keys], columns=lead_columns)
    return pd.concat([lead, table.loc[keys].reset_index(drop=True)], axis=1)


def write_responses_wide(loaded: LoadedStudy, frame: pd.DataFrame, out_dir: Path, *,
                         include_identifying: bool = False) -> list[Path]:
    path = out_path(out_dir, "responses_wide.csv")
    write_csv(wide_frame(loaded, frame, include_identifying=include_identifying), path)
    return [path]
