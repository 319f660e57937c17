"""PyInstaller hook for `app`, the core: what it finds at run time without an import statement.

- `--version` reads the distribution's metadata (importlib.metadata): copy it in.
- The bundled studies (with study.schema.json) and assets/ go into the bundle's data folder,
  where app.home._shipped_dir looks first when frozen (sys._MEIPASS).
- PostgreSQL (lab installs): SQLAlchemy imports the psycopg driver by name.
"""

from pathlib import Path

from PyInstaller.utils.hooks import copy_metadata

REPO = Path(__file__).resolve().parents[2]  # packaging/hooks/ -> the repository

# Generator scripts and caches stay out: only what a participant's session reads ships.
SKIP_DIRS = {"_make", "__pycache__"}
SKIP_SUFFIXES = {".py", ".pyc"}


def shipped_files(folder: str) -> list[tuple[str, str]]:
    """(source file, destination folder) pairs for everything under REPO/folder."""
    root = REPO / folder
    pairs = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(REPO)
        if path.is_file() and not SKIP_DIRS & set(rel.parts) and path.suffix not in SKIP_SUFFIXES:
            pairs.append((str(path), str(rel.parent)))
    return pairs


hiddenimports = ["psycopg", "sqlalchemy.dialects.postgresql.psycopg"]
datas = copy_metadata("baseline-studio") + shipped_files("studies") + shipped_files("assets")
