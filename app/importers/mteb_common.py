"""What the four MTEB importers share: the task name, subset and language of each row, and
the study around the items.

The MTEB task name is the source file's name without its suffix (`STS12.parquet` ->
`STS12`); an optional `hf_subset` column gives the subset (else `default`) and an optional
`language` column the item's language (`ara-Arab` makes the item right-to-left).
"""

from __future__ import annotations

from typing import Any

from app.importers.base import ImportOptions, Problems, identifier, study_header
from app.importers.mteb_questions import mteb_block
from app.importers.tables import Table, cell_text, is_empty

RTL_SCRIPTS = ("Arab", "Hebr", "Syrc", "Thaa", "Nkoo")
RTL_LANGUAGES = ("ar", "ara", "he", "heb", "fa", "fas", "ur", "urd", "ps", "pus", "yi", "yid")


def task_name(options: ImportOptions) -> str:
    return identifier(options.source.stem, "task")


def direction_for(language: str | None) -> str:
    """rtl for Arabic, Hebrew, Persian, Urdu...; auto otherwise."""
    if not language:
        return "auto"
    parts = language.replace("_", "-").split("-")
    if parts[0].lower() in RTL_LANGUAGES or any(p in RTL_SCRIPTS for p in parts[1:]):
        return "rtl"
    return "auto"


def row_language(table: Table, problems: Problems, row: int) -> tuple[str, dict[str, Any]]:
    """(hf_subset, item fields for language and direction) of one row."""
    values = table.rows[row]
    subset = "default"
    if not is_empty(values.get("hf_subset")):
        subset = cell_text(problems, row, "hf_subset", values.get("hf_subset")) or "default"
    fields: dict[str, Any] = {}
    if not is_empty(values.get("language")):
        language = cell_text(problems, row, "language", values.get("language"))
        if language:
            fields = {"language": language, "direction": direction_for(language)}
    return subset, fields


def mteb_study(options: ImportOptions, *, task_type: str, items: list[dict[str, Any]],
               instructions: str) -> dict[str, Any]:
    name = task_name(options)
    header = study_header(
        options, default_id=identifier(f"{name}-human", "mteb"),
        title=f"{name}: human {task_type}",
        description=f"Human annotation of the MTEB {task_type} task {name}, imported from "
        f"{options.source.name}.",
        instructions=instructions,
    )
    languages = sorted({i["language"] for i in items if i.get("language")})
    if not languages and options.language:  # a source without a language column (MTEB's STS12)
        languages = [options.language]
    return {**header, "languages": languages, "mteb": mteb_block(),
            "design": {"seed": options.seed, "shuffle_items": True}, "items": items}
