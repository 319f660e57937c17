"""responses_long.csv: one row per response with every timing field."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd

from app.results.comments import FREE_TEXT_KINDS, text_question_ids
from app.study.loader import LoadedStudy
from exporters.csv_fast import write_csv
from exporters.out_folder import out_path

WITHHELD_TEXT = "[withheld: free text]"


def answer_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer():
        return str(int(value)) if abs(value) < 1e15 else str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=isinstance(value, dict))


def answer_texts(answers: pd.Series) -> pd.Series:
    """`answers.map(answer_text)`: the values already text passed as they are rather than
    through a call each (600,000 choice keys, most of the wide table's time)."""
    texts = [v if type(v) is str else answer_text(v) for v in answers.to_numpy(dtype=object)]
    # (an object array, as `map` hands its results to the Series: the same dtype inferred)
    return pd.Series(np.array(texts, dtype=object), index=answers.index, name=answers.name)


def privacy_filter(loaded: LoadedStudy, frame: pd.DataFrame, *, include_identifying: bool) -> pd.DataFrame:
    """Leave out free-text answers and identifying profile fields unless asked for."""
    if include_identifying or frame.empty:
        return frame
    identifying = {f"profile_{f.id}" for f in loaded.study.profile_fields if f.identifying}
    out = frame.drop(columns=[c for c in frame.columns if c in identifying])
    if "question_kind" in out:
        out = out.copy()
        # As objects first: when every answer is a number the column is float64, and pandas 3
        # refuses a string there even where no row is text.
        out["answer"] = out["answer"].astype(object)
        out.loc[out["question_kind"].isin(FREE_TEXT_KINDS), "answer"] = WITHHELD_TEXT
    return out


def withheld_description(loaded: LoadedStudy) -> str | None:
    """What the export leaves out without identifying data asked for, in words (the command
    and the Export dialog say it), or None when the study has nothing of the kind."""
    study = loaded.study
    texts = text_question_ids(study)
    fields = [f.id for f in study.profile_fields if f.identifying]
    parts = []
    if texts:
        parts.append(f"the free-text answers to {len(texts)} question{'s' if len(texts) != 1 else ''}"
                     f" ({', '.join(texts)}), written as {WITHHELD_TEXT}")
    if fields:
        parts.append(f"the identifying profile field{'s' if len(fields) != 1 else ''} "
                     f"{', '.join(fields)}")
    return " and ".join(parts) or None


def write_responses_long(loaded: LoadedStudy, frame: pd.DataFrame, out_dir: Path, *,
                         include_identifying: bool = False) -> list[Path]:
    out = privacy_filter(loaded, frame, include_identifying=include_identifying).copy()
    if pd.api.types.infer_dtype(out["answer"], skipna=False) != "string":  # all text: as is
        out["answer"] = answer_texts(out["answer"])
    path = out_path(out_dir, "responses_long.csv")
    write_csv(out, path)
    return [path]
