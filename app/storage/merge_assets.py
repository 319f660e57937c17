"""Which study versions a merge would pool although their files differ.

A study version is keyed by the content hash of study.json alone; the images and prediction
files it names are recorded as an assets digest beside it (schema version 5). Two databases
holding one content hash with different digests collected answers to different files: the
merge goes ahead (the answers are real) but says so. This module only reads the digests; the
comparison and its words are `app.study.assets.digest_disagreements`.
"""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import text

from app.storage.database import Database
from app.storage.merge_source import SourceDatabase
from app.study.assets import digest_disagreements

_COLUMNS = ("content_hash", "study_id", "version", "assets_digest")


def asset_digest_warnings(target: Database, sources: list[SourceDatabase]) -> list[str]:
    """One line per study version whose files differ between the target and the inputs."""
    digests: dict[str, dict[str, str | None]] = defaultdict(dict)
    names: dict[str, str] = {}
    with target.engine.connect() as conn:
        rows = conn.execute(text("SELECT content_hash, study_id, version, assets_digest "
                                 "FROM study")).all()
    found = [(target.label, dict(zip(_COLUMNS, row, strict=True))) for row in rows]
    for source in sources:
        found += [(source.label, row) for chunk in source.rows("study", columns=_COLUMNS)
                  for row in chunk]
    for label, row in found:
        digests[row["content_hash"]][label] = row["assets_digest"]
        names[row["content_hash"]] = (f"study {row['study_id']!r} version {row['version']} "
                                      f"(sha256 {row['content_hash'][:12]})")
    return digest_disagreements(digests, names)
