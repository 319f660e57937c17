"""The JSON Schema of the study format, generated from the models (never edited by hand)."""

from __future__ import annotations

import json
from typing import Any

from app.study.model import FORMAT_VERSION, Study

SCHEMA_ID = "https://baseline-studio.invalid/study.schema.json"


def study_schema() -> dict[str, Any]:
    schema = Study.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    schema["description"] = (
        f"Baseline Studio study format, version {FORMAT_VERSION}. Generated from app/study/model.py "
        "by `python -m app.study.schema`; do not edit."
    )
    return schema


def schema_text() -> str:
    return json.dumps(study_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    import sys
    from pathlib import Path

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("studies/study.schema.json")
    target.write_text(schema_text(), encoding="utf-8")
