"""The installable app: what the PyInstaller bundle ships and how the frozen app runs.

The first tests need no bundle (the frozen layout of app.home, the icon, the desktop entry, the
hook's file list). The `bundle` tests run the frozen app in dist/baseline-studio/ and run only
when asked: BASELINE_STUDIO_TEST_BUNDLE=1 (set by `make package-test`, which builds it first).
"""

from __future__ import annotations

import configparser
import importlib
import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from conftest import REPO

from app.home import assets_dir, bundled_studies_dir

BUNDLE_DIR = REPO / "dist" / "baseline-studio"
BUNDLE = BUNDLE_DIR / ("baseline-studio.exe" if sys.platform == "win32" else "baseline-studio")
ASKED = os.environ.get("BASELINE_STUDIO_TEST_BUNDLE") == "1"
DEMO_STUDIES = ("hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo",
                "preference-demo", "chest-reader-demo")

bundle = pytest.mark.skipif(not ASKED, reason="the frozen app is tested by `make package-test` "
                                              "(BASELINE_STUDIO_TEST_BUNDLE=1)")


def load_script(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem.replace("-", "_"), path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------------- no bundle needed

def test_shipped_folders_are_found_inside_a_frozen_bundle(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert bundled_studies_dir() == REPO / "studies"
    assert assets_dir() == REPO / "assets"
    (tmp_path / "studies").mkdir()
    (tmp_path / "assets").mkdir()
    # What PyInstaller's bootloader sets: the bundle's data folder (_internal/ of one-folder).
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert bundled_studies_dir() == tmp_path / "studies"
    assert assets_dir() == tmp_path / "assets"


def test_icon_pngs_are_rendered_from_the_svg_at_every_size(qapp, tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    make_icons = load_script(REPO / "packaging" / "make_icons.py")
    for size in make_icons.SIZES:
        png = make_icons.png_path(size)
        with Image.open(png) as committed:
            assert committed.size == (size, size) and committed.mode == "RGBA", png
            image = committed.copy()
        # Transparent outside the rounded square, opaque inside it.
        assert image.getpixel((0, 0))[3] == 0 and image.getpixel((size // 2, size // 2))[3] == 255
        # Current with the SVG: re-rendered now, no pixel differs by more than rounding.
        fresh_path = tmp_path / f"fresh-{size}.png"
        fresh_path.write_bytes(make_icons.render(size))
        with Image.open(fresh_path) as fresh:
            diff = ImageChops.difference(image, fresh.convert("RGBA"))
        assert max(high for _low, high in diff.getextrema()) <= 8, (
            f"{png} is out of date: run packaging/make_icons.py")


def test_the_app_window_icon_has_every_size(qapp) -> None:
    from widgets.application import application

    app = application(offscreen=True)
    sizes = {s.width() for s in app.windowIcon().availableSizes()}
    assert {16, 32, 48, 256, 512} <= sizes


def test_desktop_entry_runs_the_console_script_with_the_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read(REPO / "assets" / "baseline-studio.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Baseline Studio"
    assert desktop["Exec"].split()[0] in scripts
    assert (REPO / "assets" / "icons" / f"{desktop['Icon']}-256.png").is_file()
    assert desktop["Terminal"] == "false" and desktop["Categories"].endswith(";")
    validator = shutil.which("desktop-file-validate")  # Debian: desktop-file-utils
    if validator:
        checked = subprocess.run([validator, str(REPO / "assets" / "baseline-studio.desktop")],
                                 capture_output=True, text=True)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout


def test_the_hook_ships_the_studies_schema_and_assets_but_not_the_generators() -> None:
    pytest.importorskip("PyInstaller", reason="the packaging extra is not installed")
    hook = load_script(REPO / "packaging" / "hooks" / "hook-app.py")
    shipped = {Path(dest) / Path(src).name for src, dest in hook.datas}
    for study in DEMO_STUDIES:
        assert Path("studies", study, "study.json") in shipped
    assert Path("studies", "study.schema.json") in shipped
    assert Path("assets", "icons", "baseline-studio-256.png") in shipped
    assert Path("assets", "baseline-studio.desktop") in shipped
    for tag in ("ar", "ru", "da", "nb", "zh-Hans", "en"):  # the participant languages
        assert Path("assets", "i18n", f"baseline_studio_{tag}.qm") in shipped
    assert not [p for p in shipped if "_make" in p.parts or p.suffix == ".py"]
    # --version: the metadata (.dist-info, or .egg-info beside an editable install).
    assert [dest for _src, dest in hook.datas if dest.startswith("baseline_studio")
            and dest.endswith((".dist-info", ".egg-info"))]


@pytest.mark.skipif(not sys.platform.startswith("linux") or not shutil.which("readelf"),
                    reason="libraries are pruned on Linux (binutils' readelf)")
def test_pruning_drops_only_what_a_left_out_binary_alone_needed() -> None:
    """Pillow's wheel: leaving out its AVIF module leaves libavif (only it needs it) an orphan,
    while the libraries its core module needs stay, even those the AVIF module needed too."""
    prune = load_script(REPO / "packaging" / "prune_libraries.py")
    pil = Path(importlib.util.find_spec("PIL").origin).parent
    libs = sorted((pil.parent / "pillow.libs").iterdir())
    core = next(pil.glob("_imaging.*.so"))
    avif = next(pil.glob("_avif.*.so"), None)
    if avif is None:
        pytest.skip("this Pillow has no AVIF module")
    kept = [(f"PIL/{core.name}", str(core))] + [(f"pillow.libs/{p.name}", str(p)) for p in libs]
    orphaned = prune.orphans(kept, [(f"PIL/{avif.name}", str(avif))])
    assert {Path(d).name.split("-")[0] for d in orphaned} >= {"libavif"}
    core_needs = set(prune.needed(str(core)))
    assert not [d for d in orphaned if Path(d).name in core_needs]


def test_identical_libraries_are_linked_once(tmp_path: Path) -> None:
    prune = load_script(REPO / "packaging" / "prune_libraries.py")
    blob = os.urandom(1 << 20)
    for folder in ("a.libs", "b.libs"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "libsame.so.5").write_bytes(blob)
    (tmp_path / "b.libs" / "libother.so.1").write_bytes(os.urandom(1 << 20))
    assert prune.link_duplicates(tmp_path) == 1 << 20
    linked = tmp_path / "b.libs" / "libsame.so.5"
    assert linked.is_symlink() and linked.read_bytes() == blob
    assert not (tmp_path / "b.libs" / "libother.so.1").is_symlink()


@pytest.mark.skipif(not sys.platform.startswith("linux") or not shutil.which("strip"),
                    reason="the bundle's libraries are stripped on Linux (binutils' strip)")
def test_stripping_keeps_only_libraries_that_still_load(tmp_path: Path) -> None:
    import ctypes

    import numpy

    strip_libraries = load_script(REPO / "packaging" / "strip_libraries.py")
    # An extension module of the interpreter (shipped with its symbols) and numpy's OpenBLAS,
    # patched by auditwheel: strip misaligns its segments and the loader would refuse it.
    extension = Path(importlib.import_module("_json").__file__ or "")
    blas = sorted((Path(numpy.__file__).parent.parent / "numpy.libs").glob("*openblas*"))
    assert extension.suffix == ".so" and blas
    folder = tmp_path / "bundle"
    (folder / "numpy.libs").mkdir(parents=True)
    shutil.copy(extension, folder / extension.name)
    shutil.copy(blas[0], folder / "numpy.libs" / blas[0].name)
    (folder / "notes.txt").write_text("not a library")
    before, after, kept = strip_libraries.strip_folder(folder)
    assert kept == [folder / "numpy.libs" / blas[0].name]
    assert (folder / kept[0]).read_bytes() == blas[0].read_bytes()
    stripped = folder / extension.name
    assert stripped.stat().st_size < extension.stat().st_size and after < before
    assert strip_libraries.loadable(stripped) and strip_libraries.loadable(blas[0])
    ctypes.CDLL(str(stripped))  # what the loader refuses for a misaligned library


# ---------------------------------------------------------------------------------- the frozen app

def run_frozen(*args: str, home: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    if not BUNDLE.is_file():
        pytest.fail(f"no bundle at {BUNDLE}: build it with `make package`")
    env = {**os.environ, "BASELINE_STUDIO_HOME": str(home)}
    env.pop("QT_QPA_PLATFORM", None)  # --self-test goes offscreen by itself
    return subprocess.run([str(BUNDLE), *args], env=env, capture_output=True, text=True,
                          timeout=timeout, cwd=home.parent)


@bundle
def test_frozen_version_comes_from_the_package_metadata(tmp_path: Path) -> None:
    done = run_frozen("--version", home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"baseline-studio {importlib.metadata.version('baseline-studio')}"


@bundle
def test_frozen_self_test_answers_an_item_and_exports(tmp_path: Path) -> None:
    done = run_frozen("run", "--self-test", home=tmp_path / "home")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "with key presses; saved" in out and "responses_long.csv" in out
    assert "self-test passed" in out
    # The study came from inside the bundle, not from the source tree beside it.
    assert f"from {BUNDLE_DIR}" in out and f"from {REPO / 'studies'}" not in out
    assert not (tmp_path / "home" / "baseline-studio.sqlite3").exists()


@bundle
def test_frozen_app_lists_and_validates_the_bundled_studies(tmp_path: Path) -> None:
    listed = run_frozen("studies", home=tmp_path / "home")
    assert listed.returncode == 0, listed.stderr
    for study in DEMO_STUDIES:
        assert study in listed.stdout
        checked = run_frozen("validate", study, home=tmp_path / "home")
        assert checked.returncode == 0, checked.stdout + checked.stderr


@bundle
def test_frozen_app_imports_tables_and_says_parquet_needs_pyarrow(tmp_path: Path) -> None:
    import pandas as pd

    # The bundle ships without pyarrow (docs/packaging.md): a CSV task imports, a Parquet one
    # is refused with what to do instead.
    frame = pd.DataFrame({"sentence1": ["A cat sits.", "Rain falls."],
                          "sentence2": ["A cat is sitting.", "The sun shines."],
                          "score": [4.5, 0.5]})
    frame.to_csv(tmp_path / "STS-mini.csv", index=False)
    frame.to_parquet(tmp_path / "STS-mini.parquet")
    done = run_frozen("import", "mteb-sts", str(tmp_path / "STS-mini.csv"), "--out",
                      str(tmp_path / "sts"), home=tmp_path / "home")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "sts" / "study.json").is_file()
    refused = run_frozen("import", "mteb-sts", str(tmp_path / "STS-mini.parquet"), "--out",
                         str(tmp_path / "sts2"), home=tmp_path / "home")
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "reading Parquet needs pyarrow" in refused.stdout + refused.stderr
    assert not (tmp_path / "sts2").exists()


@bundle
def test_bundle_leaves_out_what_the_app_does_not_use() -> None:
    internal = BUNDLE_DIR / "_internal"
    names = [p.relative_to(internal).as_posix() for p in internal.rglob("*")]
    unwanted = ("tkinter", "libQt6Quick", "libQt6Qml", "libQt6WebEngine", "libQt6Pdf",
                "libQt6Network", "libQt6Multimedia", "pyarrow", "libarrow", "matplotlib", "pytest",
                "hypothesis", "IPython", "studies/_make", "PySide6/Qt/translations",
                "torch", "transformers", "mteb", "crowdkit", "polars", "cv2", "opencv",
                "sympy", "networkx", "jinja2", "yaml", "inspect_ai", "lm_eval", "lxml")
    # Qt's own translations only for the participant languages (widgets/i18n.py).
    kept = ("PySide6/Qt/translations/qtbase_",)
    found = sorted({u for u in unwanted for n in names if u in n and not n.startswith(kept)
                    and n != "PySide6/Qt/translations"})
    assert not found, f"the bundle carries {found}"
    assert not [n for n in names if "/tests/" in f"/{n}/"]
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".h", ".cc"))]
    assert (internal / "studies" / "study.schema.json").is_file()
    assert (internal / "assets" / "icons" / "baseline-studio-256.png").is_file()
