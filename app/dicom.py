"""DICOM images for the clinician's viewer, without Qt: read with pydicom, the modality LUT
(rescale slope and intercept, or the file's Modality LUT) applied first, then a VOI window.

`decode_dicom` gives a `DicomImage`: a `DecodedImage` (so the cache and the viewer take it as
any image) whose `rgb` is the file's own window applied, and which keeps the modality values
so the viewer can window them again (`render`). The start window is the file's WindowCenter /
WindowWidth (the first pair where several are given), else the range of its VOI LUT's input,
else the range of the values. MONOCHROME1 starts inverted (its low values are white).

The image budget and hostile-file rules are those of app/imaging.py: only regular files are
opened (without blocking); the declared size (Rows x Columns x frames x samples) is checked
against `MAX_DECODE_PIXELS` from the header, before any pixel is read; a file that is not
DICOM, is truncated or has pixel data of the wrong length becomes an ImageError naming the
file and what is wrong with it. Compressed transfer syntaxes are decoded by the pixel data
handlers pydicom finds (Pillow, which the app ships, for JPEG baseline and JPEG 2000 where
Pillow has OpenJPEG); a syntax with no handler is a located message, not a crash.

Identifying attributes (patient, institution, physicians, dates, UIDs) are never carried out
of this module: a `DicomImage` holds pixels and the few display attributes in `SHOWN_TAGS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from app.area_resize import shrink_area
from app.decoded import (
    MAX_DECODE_PIXELS,
    DecodedImage,
    ImageDamagedError,
    ImageMissingError,
    ImageTooLargeError,
    NotAnImageError,
    Size,
    fitted_size,
)
from app.regular_files import NotARegularFileError, open_regular_file

DICOM_SUFFIXES = (".dcm", ".dicom")
_PREAMBLE = 128
NOT_DICOM = "not a DICOM file (no \"DICM\" after the 128-byte preamble)"
_CHUNK = 1 << 20
# What a viewer may show of a file: display attributes only, nothing that identifies anyone.
SHOWN_TAGS = ("Modality", "PhotometricInterpretation", "Rows", "Columns", "NumberOfFrames",
              "BitsStored", "WindowCenter", "WindowWidth")


@dataclass(frozen=True)
class Window:
    """A VOI window: centre (level) and width, in modality units (e.g. Hounsfield)."""

    center: float
    width: float

    def clamped(self) -> Window:
        return Window(self.center, max(1.0, self.width))


@dataclass(frozen=True, eq=False)
class DicomImage(DecodedImage):
    """A decoded DICOM frame. `values`: (h, w) float32 modality values at full size, or None
    for colour (RGB) images; `window` the file's window; `inverted` whether the file's
    photometric interpretation shows low values white (MONOCHROME1)."""

    values: np.ndarray | None = field(default=None, repr=False)
    window: Window | None = None
    inverted: bool = False
    frame: int = 0
    n_frames: int = 1
    shown: dict[str, str] = field(default_factory=dict)
    # Every frame's values (frames, h, w) of a multi-frame greyscale file, for `with_frame`.
    frames: np.ndarray | None = field(default=None, repr=False)

    @property
    def nbytes(self) -> int:  # (the cache's budget counts the values kept for windowing)
        kept = self.frames if self.frames is not None else self.values
        return int(self.rgb.nbytes) + (int(kept.nbytes) if kept is not None else 0)

    def with_frame(self, frame: int) -> DicomImage:
        """Frame `frame` (clamped to the file's) of a multi-frame image, in the file's window."""
        if self.frames is None:
            return self
        frame = min(max(0, frame), self.n_frames - 1)
        other = replace(self, values=self.frames[frame], frame=frame)
        object.__setattr__(other, "rgb", other.render(None, other.inverted))
        return other

    def render(self, window: Window | None, invert: bool) -> np.ndarray:
        """The (h, w, 3) uint8 picture at this decode's size with `window` (None: the
        file's) and `invert` (whether to show it inverted, after the file's own sense)."""
        if self.values is None:
            rgb = self.rgb if not invert else 255 - self.rgb
            return np.ascontiguousarray(rgb)
        grey = apply_window(self.values, window or self.window or _range_window(self.values))
        if invert:
            grey = 255 - grey
        rgb = np.repeat(grey[:, :, None], 3, axis=2)
        if rgb.shape[1::-1] != self.size:
            rgb = shrink_area(rgb, self.size)
        return np.ascontiguousarray(rgb)


def is_dicom(path: Path | str) -> bool:
    """Whether `path` is to be read as DICOM: a .dcm/.dicom name, or "DICM" after the
    128-byte preamble (a DICOM file often has no suffix at all)."""
    path = Path(path)
    if path.suffix.lower() in DICOM_SUFFIXES:
        return True
    if path.suffix:  # a named image format (.png, .jpg...) is Pillow's
        return False
    try:
        with open_regular_file(path) as fh:
            head = fh.read(_PREAMBLE + 4)
    except OSError:
        return False
    return head[_PREAMBLE:_PREAMBLE + 4] == b"DICM"


def apply_window(values: np.ndarray, window: Window) -> np.ndarray:
    """DICOM's linear VOI function (PS3.3 C.11.2.1.2.1) onto 0..255, as uint8: the values
    pydicom's `apply_windowing` gives for an 8-bit output range (tested equal), rounded."""
    c, w = window.center, max(1.0, window.width)
    if w == 1.0:  # the standard's special case: a threshold at c - 0.5
        return np.where(values <= c - 0.5, 0, 255).astype(np.uint8)
    out = np.empty(values.shape, dtype=np.uint8)
    flat, dest = values.reshape(-1), out.reshape(-1)
    # In double precision, as pydicom (float32 rounds some values the other way), a million
    # pixels at a time so a large image never holds a full-size float64 copy.
    for start in range(0, flat.size, _CHUNK):
        part = flat[start:start + _CHUNK].astype(np.float64)
        scaled = ((part - (c - 0.5)) / (w - 1) + 0.5) * 255.0
        dest[start:start + _CHUNK] = np.rint(np.clip(scaled, 0.0, 255.0))
    return out


def _range_window(values: np.ndarray) -> Window:
    low, high = float(np.min(values)), float(np.max(values))
    return Window((low + high) / 2 + 0.5, max(1.0, high - low + 1))


def decode_dicom(path: Path | str, max_size: Size | None = None, frame: int = 0) -> DicomImage:
    """Frame `frame` of the DICOM file at `path`, its picture fitted into `max_size`."""
    import pydicom  # here: a study without DICOM never loads it
    from pydicom.errors import InvalidDicomError

    path = Path(path)
    try:
        with open_regular_file(path) as fh:
            header = pydicom.dcmread(fh, stop_before_pixels=True)
            _check_budget(path, header)
            fh.seek(0)
            ds = pydicom.dcmread(fh)
        return _decoded(path, ds, max_size, frame)
    except (ImageMissingError, NotAnImageError, ImageDamagedError, ImageTooLargeError):
        raise
    except FileNotFoundError as exc:
        raise ImageMissingError(path, "the image file does not exist") from exc
    except IsADirectoryError as exc:
        raise NotAnImageError(path, "this is a folder, not an image file") from exc
    except NotARegularFileError as exc:
        raise NotAnImageError(path, "not a regular file (a pipe, socket or device): "
                              "refused") from exc
    except PermissionError as exc:
        raise ImageMissingError(path, "the image file cannot be read (permission denied)") from exc
    except InvalidDicomError as exc:
        raise NotAnImageError(path, NOT_DICOM) from exc
    except Exception as exc:  # pydicom raises many types for bad data (EOFError, ValueError...)
        raise ImageDamagedError(path, f"the DICOM data is damaged or truncated ({exc})") from exc


def _check_budget(path: Path, ds: Any) -> None:
    rows, columns = int(ds.get("Rows", 0) or 0), int(ds.get("Columns", 0) or 0)
    if rows <= 0 or columns <= 0:
        raise NotAnImageError(path, "a DICOM file without an image (no Rows and Columns)")
    frames = int(ds.get("NumberOfFrames", 1) or 1)
    samples = int(ds.get("SamplesPerPixel", 1) or 1)
    if rows * columns * frames * samples > MAX_DECODE_PIXELS:
        raise ImageTooLargeError(
            path, f"{columns} x {rows} pixels x {frames} frames x {samples} samples is more "
            f"than the {MAX_DECODE_PIXELS // 1_000_000} megapixels the viewer decodes at once")


def _decoded(path: Path, ds: Any, max_size: Size | None, frame: int) -> DicomImage:
    from pydicom.pixels import apply_modality_lut

    if "PixelData" not in ds:
        raise NotAnImageError(path, "a DICOM file without pixel data")
    n_frames = int(ds.get("NumberOfFrames", 1) or 1)
    frame = min(max(0, frame), n_frames - 1)
    try:
        pixels = ds.pixel_array
    except (NotImplementedError, RuntimeError) as exc:
        syntax = ds.file_meta.get("TransferSyntaxUID", "unknown")
        name = getattr(syntax, "name", str(syntax))
        raise NotAnImageError(path, f"compressed as {name}, which this app cannot decode "
                              f"({exc})") from exc
    every = pixels if n_frames > 1 else None
    if n_frames > 1:
        pixels = pixels[frame]
    photometric = str(ds.get("PhotometricInterpretation", "MONOCHROME2")).upper()
    shown = {k: str(ds.get(k)) for k in SHOWN_TAGS if k in ds}
    rows, columns = int(pixels.shape[0]), int(pixels.shape[1])
    original = (columns, rows)
    target = fitted_size(original, max_size) if max_size is not None else original
    if pixels.ndim == 3:  # colour: pydicom gives RGB (YBR converted)
        rgb = np.ascontiguousarray(pixels[:, :, :3].astype(np.uint8))
        if target != original:
            rgb = shrink_area(rgb, target)
        return DicomImage(path, rgb, original, None, None, False, frame, n_frames, shown)
    frames = None
    if every is not None:  # (one modality LUT: the rescale is the same for every frame)
        frames = np.asarray(apply_modality_lut(every, ds), dtype=np.float32)
        values = frames[frame]
    else:
        values = np.asarray(apply_modality_lut(pixels, ds), dtype=np.float32)
    window = _file_window(ds, values)
    image = DicomImage(path, np.zeros((target[1], target[0], 3), np.uint8), original, values,
                       window, photometric == "MONOCHROME1", frame, n_frames, shown, frames)
    object.__setattr__(image, "rgb", image.render(None, image.inverted))
    return image


def _file_window(ds: Any, values: np.ndarray) -> Window:
    center, width = ds.get("WindowCenter"), ds.get("WindowWidth")
    if center is not None and width is not None:
        c = float(center[0] if _multi(center) else center)
        w = float(width[0] if _multi(width) else width)
        if w >= 1:
            return Window(c, w)
    voi = ds.get("VOILUTSequence")
    if voi:
        descriptor = voi[0].get("LUTDescriptor")
        if descriptor is not None and len(descriptor) == 3:
            entries = int(descriptor[0]) or 65536
            first = float(descriptor[1])
            return Window(first + entries / 2, float(entries))
    return _range_window(values)


def _multi(value: Any) -> bool:
    return not isinstance(value, str | bytes) and hasattr(value, "__len__")


# ----------------------------------------------------------------------- de-identification

# Attributes removed from a DICOM file copied into a study: the identifying ones of DICOM's
# Basic Application Level Confidentiality Profile (PS3.15 Annex E, table E.1-1) that imaging
# files commonly carry. Private attributes go too (pydicom's `remove_private_tags`), and the
# UIDs are replaced by ones derived from them (the same source UID always gives the same new
# one, so the series of a case still belong together).
IDENTIFYING = (
    "PatientName", "PatientID", "PatientBirthDate", "PatientBirthTime", "PatientSex",
    "PatientAge", "PatientSize", "PatientWeight", "PatientAddress", "PatientTelephoneNumbers",
    "PatientMotherBirthName", "OtherPatientIDs", "OtherPatientIDsSequence", "OtherPatientNames",
    "PatientComments", "AdditionalPatientHistory", "EthnicGroup", "Occupation",
    "MedicalRecordLocator", "ReferencedPatientSequence", "IssuerOfPatientID",
    "AccessionNumber", "StudyID", "StudyDescription", "SeriesDescription", "ImageComments",
    "RequestAttributesSequence", "InstitutionName", "InstitutionAddress",
    "InstitutionalDepartmentName", "ReferringPhysicianName", "ReferringPhysicianAddress",
    "ReferringPhysicianTelephoneNumbers", "PerformingPhysicianName",
    "NameOfPhysiciansReadingStudy", "OperatorsName", "PhysiciansOfRecord",
    "RequestingPhysician", "StationName", "DeviceSerialNumber", "StudyDate", "SeriesDate",
    "AcquisitionDate", "ContentDate", "StudyTime", "SeriesTime", "AcquisitionTime",
    "ContentTime", "AcquisitionDateTime", "InstanceCreationDate", "InstanceCreationTime",
)
_UIDS = ("StudyInstanceUID", "SeriesInstanceUID", "SOPInstanceUID", "FrameOfReferenceUID")
KEPT_NOTE = ("kept: the pixel data and the image's own attributes (modality, size, spacing, "
             "rescale, window, photometric interpretation...); UIDs replaced")


@dataclass(frozen=True)
class Deidentified:
    removed: tuple[str, ...]  # the identifying attributes the file had
    private_removed: bool
    burned_in: bool  # the file says its pixels carry burned-in annotation: not removable


def deidentify(source: Path, target: Path) -> Deidentified:
    """`source` written to `target` without its identifying attributes (`IDENTIFYING`),
    private attributes and original UIDs; PatientIdentityRemoved set. ImageError (naming the
    file) for a file that is not DICOM or is damaged."""
    import pydicom
    from pydicom.errors import InvalidDicomError
    from pydicom.uid import generate_uid

    try:
        with open_regular_file(source) as fh:
            ds = pydicom.dcmread(fh)
    except InvalidDicomError as exc:
        raise NotAnImageError(source, NOT_DICOM) from exc
    except Exception as exc:
        raise ImageDamagedError(source, f"the DICOM data is damaged or truncated ({exc})") from exc
    removed = tuple(k for k in IDENTIFYING if k in ds)
    for keyword in removed:
        delattr(ds, keyword)
    private = any(e.tag.is_private for e in ds)
    ds.remove_private_tags()
    for keyword in _UIDS:
        if keyword in ds:
            setattr(ds, keyword, generate_uid(entropy_srcs=[str(ds.get(keyword))]))
    if "SOPInstanceUID" in ds and "MediaStorageSOPInstanceUID" in ds.file_meta:
        ds.file_meta.MediaStorageSOPInstanceUID = ds.SOPInstanceUID
    ds.PatientIdentityRemoved = "YES"
    ds.DeidentificationMethod = "Baseline Studio import: PS3.15 basic profile attributes removed"
    burned_in = str(ds.get("BurnedInAnnotation", "")).upper() == "YES"
    target.parent.mkdir(parents=True, exist_ok=True)
    ds.save_as(target)
    return Deidentified(removed, private, burned_in)
