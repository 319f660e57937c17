"""What a study's files hold: a manifest of every asset, so a changed image is noticed.

The content hash (`app.study.content_hash`) covers study.json only: an image replaced by
another file under the same name keeps the study's version and hash. The asset manifest
records, for every file the study names (images, prediction files), its size, modification
time and sha256. Checking a study against a recorded manifest is cheap: a file whose size and
modification time are as recorded is taken as unchanged (one stat), only the others are read
and hashed. `assets_digest` folds a manifest into one hash that can be stored beside the
content hash.

Manifests are recorded per study version (content hash) in the data folder,
`asset-manifests/<content hash>.json` (`record_or_compare`): the first time a version is
seen on this machine, its assets are recorded; afterwards they are compared with that record.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from contextlib import suppress
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.atomic_write import write_text_atomically
from app.home import data_home
from app.regular_files import open_regular_file, read_regular_text

if TYPE_CHECKING:  # the asset digest's child process imports this module for the hashing
    from app.study.loader import LoadedStudy  # alone (app.session.asset_child): not the models

MANIFEST_DIR = "asset-manifests"
_CHUNK = 1 << 20


@dataclass(frozen=True)
class AssetEntry:
    size: int
    mtime_ns: int
    sha256: str


Manifest = dict[str, AssetEntry | None]  # study-relative path -> entry (None: missing)


@dataclass(frozen=True)
class AssetChange:
    path: str
    what: str  # "changed", "missing", "new" (named by this version now, not when recorded)

    def __str__(self) -> str:
        return f"{self.path}: {self.what}"


def asset_paths(loaded: LoadedStudy) -> list[str]:
    """Every file the study names, study-relative, each once, in a stable order."""
    from app.study.lazy import item_outlines

    # The checked structs of a lazy study (app.study.lazy.item_outlines) name the same files.
    paths = {ref.path for item in item_outlines(loaded.study)
             for ref in getattr(item.stimulus, "images", [])}
    paths.update(ref.file for ref in loaded.study.models.predictions)
    return sorted(paths)


def asset_manifest(loaded: LoadedStudy, previous: Manifest | None = None) -> Manifest:
    """The manifest of the study's assets now. A file with the size and modification time
    recorded in `previous` keeps its recorded hash without being read."""
    return paths_manifest(loaded.folder, asset_paths(loaded), previous)


def paths_manifest(folder: Path, paths: list[str], previous: Manifest | None = None,
                   keep_going: Callable[[], bool] | None = None) -> Manifest:
    """`asset_manifest` of these study-relative paths. `keep_going` is asked before each file
    is read; when it says no, the files left are not hashed (and the manifest is partial)."""
    out: Manifest = {}
    root = str(folder)
    for relative in paths:
        # Joined, not resolved: the loader has checked every path stays inside the folder,
        # and resolving 12,000 paths costs a second where stat alone costs ~50 ms.
        path = os.path.join(root, relative)
        try:
            stat = os.stat(path)
        except OSError:
            out[relative] = None
            continue
        known = (previous or {}).get(relative)
        if known is not None and (known.size, known.mtime_ns) == (stat.st_size, stat.st_mtime_ns):
            out[relative] = known
            continue
        if keep_going is not None and not keep_going():
            raise InterruptedError("stopped before every file was read")
        try:
            out[relative] = AssetEntry(stat.st_size, stat.st_mtime_ns, _sha256(path))
        except OSError:
            out[relative] = None
    return out


def assets_digest(manifest: Manifest) -> str:
    """One sha256 over every asset's path and content hash (sizes and times left out: a copy
    of the same files elsewhere has the same digest)."""
    digest = hashlib.sha256()
    for relative in sorted(manifest):
        entry = manifest[relative]
        digest.update(f"{relative}\0{entry.sha256 if entry else '-'}\n".encode())
    return digest.hexdigest()


def changed_assets(recorded: Manifest, current: Manifest) -> list[AssetChange]:
    """What differs between two manifests of one study version, by path."""
    out = []
    for relative in sorted(set(recorded) | set(current)):
        old, new = recorded.get(relative), current.get(relative)
        if relative not in recorded:
            out.append(AssetChange(relative, "new"))
        elif new is None and old is not None:
            out.append(AssetChange(relative, "missing"))
        elif new is not None and (old is None or old.sha256 != new.sha256):  # None: was missing
            out.append(AssetChange(relative, "changed"))
    return out


def manifest_path(home: Path, content_hash: str) -> Path:
    return home / MANIFEST_DIR / f"{content_hash}.json"


def load_manifest(path: Path) -> Manifest | None:
    """A recorded manifest, or None when there is none (or it is unreadable: recorded anew)."""
    try:
        raw: dict[str, Any] = json.loads(read_regular_text(path))
        return {k: AssetEntry(**v) if v is not None else None for k, v in raw["assets"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def save_manifest(path: Path, manifest: Manifest) -> None:
    """Written atomically (a temporary file renamed), so a torn record is never read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"assets_digest": assets_digest(manifest),
                       "assets": {k: asdict(v) if v else None for k, v in manifest.items()}},
                      indent=1, sort_keys=True)
    write_text_atomically(path, text)


def record_or_compare(loaded: LoadedStudy, home: Path) -> list[AssetChange]:
    """Compare the study's assets with the record of this study version in `home`, recording
    them when there is none yet. The changes since the record (none on first sight)."""
    path = manifest_path(home, loaded.content_hash)
    recorded = load_manifest(path)
    current = asset_manifest(loaded, recorded)
    if recorded is None:
        save_manifest(path, current)
        return []
    return changed_assets(recorded, current)


def current_assets(loaded: LoadedStudy, home: Path | None) -> Manifest:
    """The study's assets now, the record of this version in `home` (if any) serving as a cache:
    an unchanged study costs one stat per file, not a read. The record is written when there is
    none yet (as `record_or_compare` does); one that cannot be written (a read-only data
    folder) only costs the hashing next time."""
    return current_paths_assets(loaded.folder, asset_paths(loaded), loaded.content_hash, home)


def current_paths_assets(folder: Path, paths: list[str], content_hash: str, home: Path | None,
                         keep_going: Callable[[], bool] | None = None) -> Manifest:
    """`current_assets` of a study version's files given by path (`asset_paths`)."""
    path = manifest_path(home, content_hash) if home is not None else None
    recorded = load_manifest(path) if path is not None else None
    current = paths_manifest(folder, paths, recorded, keep_going)
    if path is not None and recorded is None:
        with suppress(OSError):
            save_manifest(path, current)
    return current


def registering_digest(loaded: LoadedStudy, home: Path | None = None) -> str:
    """The digest a database records when it registers this study version: the files now,
    hashed only where they differ from this machine's record (`home`: the data folder)."""
    return paths_digest(loaded.folder, asset_paths(loaded), loaded.content_hash, home)


def paths_digest(folder: Path, paths: list[str], content_hash: str, home: Path | None = None,
                 keep_going: Callable[[], bool] | None = None) -> str:
    """`registering_digest` of a study version's files given by path (`asset_paths`)."""
    try:
        data: Path | None = data_home(home)
    except OSError:  # no data folder to keep the record in: hash every file
        data = None
    return assets_digest(current_paths_assets(folder, paths, content_hash, data, keep_going))


def recorded_asset_changes(loaded: LoadedStudy, recorded_digest: str | None,
                           home: Path | None) -> list[str]:
    """How the study folder's files differ from those a database recorded for this version
    (`recorded_digest`), in words; [] when they agree or nothing was recorded. The files are
    named where this machine's record (`home`) matches the database's; otherwise the digests
    alone say that something changed."""
    if recorded_digest is None:
        return []
    recorded = load_manifest(manifest_path(home, loaded.content_hash)) if home else None
    current = current_assets(loaded, home)
    if assets_digest(current) == recorded_digest:
        return []
    if recorded is not None and assets_digest(recorded) == recorded_digest:
        return [str(change) for change in changed_assets(recorded, current)]
    return ["the files differ from those recorded for this version (which ones cannot be "
            "told: the record of them is on another computer)"]


def digest_disagreements(digests: dict[str, dict[str, str | None]],
                         names: dict[str, str]) -> list[str]:
    """Study versions held with different asset digests: `digests` maps a content hash to
    {database label: digest}, `names` a content hash to words for the version. Unknown
    digests (None, recorded before schema version 5) disagree with nothing."""
    out = []
    for content_hash, where in sorted(digests.items()):
        known = {label: d for label, d in where.items() if d is not None}
        if len(set(known.values())) > 1:
            groups: dict[str, list[str]] = {}
            for label, digest in known.items():
                groups.setdefault(digest, []).append(label)
            said = "; ".join(f"{', '.join(labels)} (files {d[:12]})" for d, labels in groups.items())
            out.append(f"{names.get(content_hash, content_hash[:12])}: the same study version was "
                       f"given with different image or prediction files in {said}; answers "
                       "to different files are pooled")
    return out


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open_regular_file(path) as fh:  # a FIFO put in an image's place must not block
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()
