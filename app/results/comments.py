"""The free-text answers of a study (POEMetric's comments), for the designer to read in the
results window. Exports withhold them unless identifying data is asked for; the results window
is designer-only, behind the passphrase, so it may show them."""

from __future__ import annotations

import pandas as pd

from app.kinds import KINDS
from app.study.model import Study

# The kinds whose answers are the participant's own words (`Kind.free_text`), by name.
FREE_TEXT_KINDS: tuple[str, ...] = tuple(k.name for k in KINDS if k.free_text)
COMMENT_COLUMNS = ["participant", "item_id", "question_id", "prompt", "comment"]


def text_question_ids(study: Study) -> list[str]:
    """The ids of the study's free-text questions, in the order they first appear."""
    return list(dict.fromkeys(q.id for item in study.items for q in item.questions
                              if q.kind in FREE_TEXT_KINDS))


def comments(study: Study, frame: pd.DataFrame) -> pd.DataFrame:
    """Every non-empty free-text answer of the main items in the responses frame
    (app.results.frame), by participant and item."""
    if frame.empty or "question_kind" not in frame:
        return pd.DataFrame(columns=COMMENT_COLUMNS)
    rows = frame[frame["question_kind"].isin(FREE_TEXT_KINDS) & ~frame["practice"].astype(bool)]
    written = pd.Series([isinstance(a, str) and a.strip() != "" for a in rows["answer"]],
                        index=rows.index, dtype=bool)
    rows = rows[written]
    prompts = {(item.id, q.id): q.prompt for item in study.items for q in item.questions}
    out = pd.DataFrame({
        "participant": rows["participant"].astype(str).to_numpy(),
        "item_id": rows["item_id"].astype(str).to_numpy(),
        "question_id": rows["question_id"].astype(str).to_numpy(),
        "prompt": [prompts.get((str(i), str(q)), "") for i, q in
                   zip(rows["item_id"], rows["question_id"], strict=True)],
        "comment": [str(a).strip() for a in rows["answer"]],
    }, columns=COMMENT_COLUMNS)
    return out.sort_values(["item_id", "question_id", "participant"], kind="stable",
                           ignore_index=True)
