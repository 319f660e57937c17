"""Image references in a source: checked against the image folder, then copied into the study.

A reference is a path relative to the image folder (`--images`, else the source's folder).
Absolute paths, `..` and links that leave the folder are refused, exactly as a study's own
asset paths are (`app.study.paths`); a missing file, or one that is not an image the viewer
can show (a text file named .png, a damaged or oversized image: `app.imaging.verify_image`),
is a problem naming the row and column.
Copies keep the relative path under `images/` in the study (a path that already starts with
`images/` is kept as it is), so the study is self-contained. A DICOM file (.dcm, .dicom) is
copied without its identifying attributes (app.writing, `app.dicom.deidentify`).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from app.importers.base import Problems
from app.study.paths import UnsafePathError, resolve_asset

IMAGES_DIR = "images"
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp", ".dcm",
                  ".dicom"}


class ImageCollector:
    """Resolves image references of one source and remembers what to copy where."""

    def __init__(self, root: Path, problems: Problems) -> None:
        self.root = root
        self.problems = problems
        self.files: dict[str, Path] = {}  # study-relative destination -> source file

    def add(self, row: int, column: str, reference: str) -> str | None:
        """The study-relative path of the copied image, or None (problem recorded)."""
        reference = reference.strip().replace("\\", "/")
        try:
            path = resolve_asset(self.root, reference)
        except UnsafePathError as exc:
            self.problems.add(row, column, f"image {reference!r} refused: {exc} "
                              f"(the image folder is {self.root})")
            return None
        if not path.is_file():
            self.problems.add(row, column, f"unknown image {reference!r}: no such file in {self.root}")
            return None
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            self.problems.add(row, column, f"{reference!r} is not an image file "
                              f"({', '.join(sorted(IMAGE_SUFFIXES))})")
            return None
        # Here, not at the top: app.imaging brings numpy and Pillow, which the command line's
        # start must not wait for (tests/test_startup_imports.py).
        from app.imaging import ImageError, verify_image

        try:
            verify_image(path)
        except ImageError as exc:
            self.problems.add(row, column, f"image {reference!r} cannot be shown: {exc.reason}")
            return None
        relative = PurePosixPath(path.relative_to(self.root.resolve()).as_posix())
        if relative.parts[0] != IMAGES_DIR:  # SpinBench already keeps its images in images/
            relative = PurePosixPath(IMAGES_DIR) / relative
        destination = str(relative)
        if self.files.get(destination, path) != path:
            self.problems.add(row, column, f"image {reference!r} would be copied to {destination}, "
                              f"where {self.files[destination]} already goes; rename one")
            return None
        self.files[destination] = path
        return destination
