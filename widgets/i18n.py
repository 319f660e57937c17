"""The language of the app's own words on the participant side.

`set_ui_language(tag)` installs `assets/i18n/baseline_studio_<tag>.qm` (compiled by
`make translations` from the `.ts` files Qt Linguist edits) and Qt's own `qtbase_<lang>.qm`
(the standard dialog buttons), mirrors the whole application for a right-to-left language
(`QApplication.setLayoutDirection`: progress bar, buttons, option keys, image controls), makes
`QLocale` follow the language (numbers a participant reads; Arabic-Indic digits only where the
study sets `ui_native_digits`), and for Chinese puts a CJK font first in the fallback list so no
glyph is drawn as a box. English is the source language: its file holds only plural forms.

The `.qm` files are committed build outputs of `make translations` (a test fails when one is
not what lrelease makes of its `.ts`), so a fresh clone shows its translations without a build
step; the bundle ships them with assets/ (packaging/hooks/hook-app.py).
"""

from __future__ import annotations

from pathlib import Path

from app.home import assets_dir
from app.study.ui_language import DEFAULT_UI_LANGUAGE, RTL_UI_LANGUAGES, UI_LANGUAGES
from widgets.qt import QApplication, QFont, Qt, QtCore, QtGui

I18N_DIR = assets_dir() / "i18n"  # beside the packages, or inside the bundle

# Fonts with Simplified Chinese glyphs, best first (Debian: fonts-noto-cjk, fonts-wqy-microhei,
# fonts-wqy-zenhei, fonts-droid-fallback). Qt's own fallback may pick a Japanese face (other
# glyph shapes for the same code points) or none; naming them keeps the choice ours.
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Micro Hei",
                "WenQuanYi Zen Hei", "Droid Sans Fallback", "Microsoft YaHei", "PingFang SC")
# Qt's own translations (qtbase_*.qm) are named by locale, not by BCP 47 tag.
_QT_NAMES = {"zh-Hans": "zh_CN", "nb": "nb"}

_installed: list[QtCore.QTranslator] = []
_current = DEFAULT_UI_LANGUAGE
_base_families: list[str] | None = None  # the app font's families before any CJK fallback


def qm_path(tag: str) -> Path:
    return I18N_DIR / f"baseline_studio_{tag}.qm"


def ts_path(tag: str) -> Path:
    return I18N_DIR / f"baseline_studio_{tag}.ts"


def current_ui_language() -> str:
    return _current


def locale_for(tag: str, *, native_digits: bool = False) -> QtCore.QLocale:
    """Qt's locale for a BCP 47 tag (zh-Hans: Chinese in Simplified script, China). Arabic
    writes 0-9 (the locale of the Emirates) unless the study asks for Arabic-Indic digits.
    English (the designer side too) follows the system's locale."""
    if tag == DEFAULT_UI_LANGUAGE:
        return QtCore.QLocale.system()  # the designer's side: the system's number format
    if tag == "ar":
        return QtCore.QLocale("ar_EG" if native_digits else "ar_AE")
    return QtCore.QLocale({"zh-Hans": "zh_CN", "nb": "nb_NO"}.get(tag, tag))


def cjk_family() -> str | None:
    """The first installed font family from CJK_FAMILIES, or None (glyphs would be boxes)."""
    installed = set(QtGui.QFontDatabase.families())
    return next((family for family in CJK_FAMILIES if family in installed), None)


def _set_fonts(tag: str) -> None:
    """Only the families change: the size (the participant's text zoom) stays as it is."""
    global _base_families
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    font = QFont(app.font())
    if _base_families is None:
        _base_families = list(font.families())
    family = cjk_family() if tag == "zh-Hans" else None
    # The Latin face first (digits and codes look as before), the CJK face for the rest.
    families = [*_base_families, family] if family is not None else list(_base_families)
    if families != list(font.families()):
        font.setFamilies(families)
        app.setFont(font)


def set_ui_language(tag: str, *, native_digits: bool = False) -> bool:
    """Show the app's own words in `tag` from now on (widgets built later use it; built ones
    get a LanguageChange event). Returns False if no translation was found for `tag` (the
    words then stay English, the layout direction and locale still follow `tag`)."""
    global _current
    app = QApplication.instance()
    if tag not in UI_LANGUAGES:
        tag = DEFAULT_UI_LANGUAGE
    for old in _installed:
        QtCore.QCoreApplication.removeTranslator(old)
    _installed.clear()
    found = tag == DEFAULT_UI_LANGUAGE
    # English too: its file holds the plural forms ("1 document", "3 documents").
    ours = QtCore.QTranslator()
    if ours.load(str(qm_path(tag))):
        QtCore.QCoreApplication.installTranslator(ours)
        _installed.append(ours)
        found = True
    if tag != DEFAULT_UI_LANGUAGE:
        qt_own = QtCore.QTranslator()
        qt_dir = QtCore.QLibraryInfo.path(QtCore.QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_own.load(f"qtbase_{_QT_NAMES.get(tag, tag)}", qt_dir):
            QtCore.QCoreApplication.installTranslator(qt_own)
            _installed.append(qt_own)
    _current = tag
    QtCore.QLocale.setDefault(locale_for(tag, native_digits=native_digits))
    if isinstance(app, QApplication):
        app.setLayoutDirection(Qt.LayoutDirection.RightToLeft if tag in RTL_UI_LANGUAGES
                               else Qt.LayoutDirection.LeftToRight)
    _set_fonts(tag)
    return found


def participant_number(n: int | float) -> str:
    """A number as the participant's language writes it (QLocale of the current language:
    grouping, and for Arabic its own digits)."""
    locale = QtCore.QLocale()
    if isinstance(n, int):
        return locale.toString(n)
    return locale.toString(float(n), "g", 6)


def participant_percent(share: float) -> str:
    """A share (0.8) as a percentage in the participant's language ("80%", "٨٠٪")."""
    return QtCore.QLocale().toString(round(share * 100)) + QtCore.QLocale().percent()
