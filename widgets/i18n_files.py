"""The translation files: which sources lupdate reads, and the `.ts` -> `.qm` build.

`make translations` (or `python -m widgets.i18n_files`) runs `pyside6-lupdate` over the
participant side into `assets/i18n/baseline_studio_<tag>.ts` (edited with Qt Linguist, or by
hand), then `pyside6-lrelease` into the `.qm` files the app loads (widgets/i18n.py). The `.ts`
files keep no line numbers (`-locations none`), so moving code does not make them stale; a
test (tests/widgets/test_i18n_files.py) fails when a source string is missing from them or
untranslated. English is the source language: its file holds only the plural forms.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from app.study.ui_language import DEFAULT_UI_LANGUAGE, UI_LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
I18N_DIR = ROOT / "assets" / "i18n"
# Everything a participant can see: the shell, the answer widgets, the images, the stimuli,
# and the View menu's text-size actions.
SOURCES = ("widgets/shell", "widgets/kinds", "widgets/images", "widgets/stimuli",
           "widgets/settings.py")
# The language lrelease is told (plural rules), in Qt's locale names.
TARGET = {"zh-Hans": "zh_CN", "nb": "nb_NO", "da": "da_DK", "ru": "ru_RU", "ar": "ar",
          "en": "en"}


def tool(name: str) -> str:
    """`pyside6-lupdate` / `pyside6-lrelease`: next to this Python first (the venv), then PATH."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.is_file() else shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} not found (it comes with PySide6)")
    return found


def source_files(root: Path = ROOT) -> list[str]:
    files: list[str] = []
    for entry in SOURCES:
        path = root / entry
        files += sorted(str(p.relative_to(root)) for p in path.rglob("*.py")) if path.is_dir() \
            else [entry]
    return files


def ts_file(tag: str, folder: Path = I18N_DIR) -> Path:
    return folder / f"baseline_studio_{tag}.ts"


def qm_file(tag: str, folder: Path = I18N_DIR) -> Path:
    return folder / f"baseline_studio_{tag}.qm"


def update(folder: Path = I18N_DIR, *, root: Path = ROOT) -> None:
    """lupdate every language's .ts from the sources (new strings come in unfinished)."""
    folder.mkdir(parents=True, exist_ok=True)
    for tag in UI_LANGUAGES:
        extra = ["-pluralonly"] if tag == DEFAULT_UI_LANGUAGE else []
        subprocess.run([tool("pyside6-lupdate"), "-silent", "-locations", "none", "-no-obsolete",
                        "-source-language", "en", "-target-language", TARGET.get(tag, tag),
                        *extra, *source_files(root), "-ts", str(ts_file(tag, folder))],
                       cwd=root, check=True)


def release(folder: Path = I18N_DIR) -> list[Path]:
    """lrelease every .ts into its .qm."""
    out = []
    for tag in UI_LANGUAGES:
        ts, qm = ts_file(tag, folder), qm_file(tag, folder)
        if ts.is_file():
            subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)],
                           check=True)
            out.append(qm)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", nargs="?", choices=("all", "update", "release"), default="all")
    args = parser.parse_args(argv)
    if args.step in ("all", "update"):
        update()
    if args.step in ("all", "release"):
        release()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
