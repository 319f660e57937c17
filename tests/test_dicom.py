"""DICOM in the viewer's core (app/dicom.py): the modality LUT then the file's window, the
linear VOI function equal to pydicom's, and the image budget and hostile-file rules."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from app.dicom import DicomImage, Window, apply_window, decode_dicom, is_dicom
from app.imaging import (
    MAX_DECODE_PIXELS,
    ImageDamagedError,
    ImageTooLargeError,
    NotAnImageError,
    decode_image,
    verify_image,
)
from studies._make.synthetic_dicom import write_dicom

pydicom = pytest.importorskip("pydicom")


def _ramp(rows: int = 64, columns: int = 80) -> np.ndarray:
    return (np.arange(rows * columns).reshape(rows, columns) * 4095 // (rows * columns))


def test_modality_lut_then_the_files_window(tmp_path: Path) -> None:
    path = write_dicom(tmp_path / "ct.dcm", _ramp(), slope=2.0, intercept=-1024.0,
                       window=(40.0, 400.0))
    image = decode_image(path)
    assert isinstance(image, DicomImage)
    assert image.window == Window(40.0, 400.0) and not image.inverted
    assert image.values is not None
    stored = _ramp().astype(np.float32)
    assert np.array_equal(image.values, stored * 2 - 1024)  # Hounsfield units
    # The file's window on the modality values: below -160 HU black, above 240 white.
    expected = apply_window(stored * 2 - 1024, Window(40.0, 400.0))
    assert np.array_equal(image.rgb[:, :, 0], expected)
    assert image.rgb[0, 0, 0] == 0 and image.rgb[-1, -1, 0] == 255
    assert image.original_size == (80, 64) and image.full_resolution


def test_linear_window_equals_pydicoms_windowing() -> None:
    from pydicom.dataset import Dataset
    from pydicom.pixels import apply_windowing

    values = np.linspace(-50, 300, 1001).astype(np.float32)
    for center, width in ((100.0, 200.0), (127.5, 256.0), (10.0, 2.0), (80.0, 33.0)):
        ds = Dataset()
        ds.BitsStored, ds.PixelRepresentation = 8, 0
        ds.PhotometricInterpretation = "MONOCHROME2"
        ds.WindowCenter, ds.WindowWidth = center, width
        theirs = apply_windowing(values.astype(np.float64), ds)
        ours = apply_window(values, Window(center, width))
        assert np.array_equal(ours, np.rint(theirs).astype(np.uint8)), (center, width)


def test_without_a_window_the_values_range_and_monochrome1_starts_inverted(tmp_path: Path) -> None:
    path = write_dicom(tmp_path / "cr.dcm", _ramp(), modality="CR", slope=None, window=None,
                       photometric="MONOCHROME1")
    image = decode_dicom(path)
    assert image.window == Window(2047.5, 4095.0)  # values 0..4094: each one its own grey
    assert image.inverted and image.rgb[0, 0, 0] == 255 and image.rgb[-1, -1, 0] == 0
    assert np.array_equal(image.render(None, False)[:, :, 0], 255 - image.rgb[:, :, 0])


def test_screen_sized_decode_and_a_later_window(tmp_path: Path) -> None:
    path = write_dicom(tmp_path / "big.dcm", _ramp(400, 600))
    image = decode_dicom(path, (300, 300))
    assert image.size == (300, 200) and image.original_size == (600, 400)
    narrow = image.render(Window(0.0, 100.0), False)
    assert narrow.shape == (200, 300, 3)
    assert image.nbytes == image.rgb.nbytes + 600 * 400 * 4  # the values count in the budget


def test_multiframe_and_rgb(tmp_path: Path) -> None:
    frames = np.stack([np.full((20, 30), v) for v in (100, 2000, 4000)])
    path = write_dicom(tmp_path / "mf.dcm", frames, slope=None, window=(2048.0, 4096.0))
    second = decode_dicom(path, frame=1)
    assert second.n_frames == 3 and second.frame == 1 and float(second.values.max()) == 2000
    third = second.with_frame(7)  # clamped to the last
    assert third.frame == 2 and float(third.values.max()) == 4000 and third.rgb[0, 0, 0] > 200
    assert second.nbytes == second.rgb.nbytes + 3 * 20 * 30 * 4  # every frame kept
    rgb = np.zeros((10, 12, 3), np.uint8)
    rgb[..., 0] = 200
    colour = decode_dicom(write_dicom(tmp_path / "rgb.dcm", rgb, modality="XC"))
    assert colour.values is None and tuple(colour.rgb[0, 0]) == (200, 0, 0)
    assert tuple(colour.render(None, True)[0, 0]) == (55, 255, 255)


def test_a_declared_size_over_the_budget_is_refused_from_the_header(tmp_path: Path) -> None:
    # 9000 x 9000 declared, a few bytes of pixels: refused before the pixel data is read.
    path = write_dicom(tmp_path / "bomb.dcm", np.zeros((2, 2)), Rows=9000, Columns=9000)
    assert MAX_DECODE_PIXELS < 9000 * 9000
    with pytest.raises(ImageTooLargeError, match=r"bomb\.dcm: 9000 x 9000 pixels"):
        decode_image(path)


def test_truncated_and_fake_files_are_located_messages(tmp_path: Path) -> None:
    path = write_dicom(tmp_path / "whole.dcm", _ramp())
    data = path.read_bytes()
    cut = tmp_path / "cut.dcm"
    cut.write_bytes(data[: len(data) - 3000])
    with pytest.raises(ImageDamagedError, match=r"cut\.dcm: the DICOM data is damaged or "
                                                r"truncated \(.*pixel data"):
        decode_image(cut)
    header_cut = tmp_path / "header.dcm"
    header_cut.write_bytes(data[:200])
    with pytest.raises((ImageDamagedError, NotAnImageError), match=r"header\.dcm: "):
        decode_image(header_cut)
    fake = tmp_path / "fake.dcm"
    fake.write_text("not a dicom file at all\n" * 20)
    with pytest.raises(NotAnImageError, match=r"fake\.dcm: not a DICOM file"):
        verify_image(fake)
    no_suffix = tmp_path / "IM0001"
    no_suffix.write_bytes(data)
    assert is_dicom(no_suffix) and isinstance(decode_image(no_suffix), DicomImage)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_only_regular_files(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.dcm"
    os.mkfifo(fifo)
    with pytest.raises(NotAnImageError, match="not a regular file"):
        decode_image(fifo)


def test_identifying_tags_never_leave_the_reader(tmp_path: Path) -> None:
    path = write_dicom(tmp_path / "named.dcm", _ramp(), PatientName="DOE^JANE",
                       PatientID="P-778812", InstitutionName="Hospital X",
                       ReferringPhysicianName="HOUSE^G", PatientBirthDate="19700101")
    image = decode_dicom(path)
    carried = repr(image) + repr(image.shown) + repr(vars(image))
    for secret in ("DOE", "JANE", "P-778812", "Hospital X", "HOUSE", "19700101"):
        assert secret not in carried
    assert set(image.shown) <= {"Modality", "PhotometricInterpretation", "Rows", "Columns",
                                "NumberOfFrames", "BitsStored", "WindowCenter", "WindowWidth"}


def test_import_copies_dicom_without_its_identifying_attributes(tmp_path: Path) -> None:
    import csv

    from app.importers.base import ImportOptions
    from app.importers.registry import run_import

    data = tmp_path / "data"
    write_dicom(data / "scans" / "c1.dcm", _ramp(), PatientName="DOE^JANE",
                PatientID="P-778812", InstitutionName="Hospital X", StudyDate="20240101",
                BurnedInAnnotation="YES")
    write_dicom(data / "scans" / "c2.dcm", _ramp(), uid_seed=2)
    with (data / "vqa.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["case", "image", "question", "options", "answer"])
        writer.writerow(["c1", "scans/c1.dcm", "Finding?", "Nodule|None", "Nodule"])
        writer.writerow(["c2", "scans/c2.dcm", "Finding?", "Nodule|None", "None"])
    result = run_import("vqa", ImportOptions(source=data / "vqa.csv", out=tmp_path / "study"))
    copied = pydicom.dcmread(tmp_path / "study" / "images" / "scans" / "c1.dcm")
    for keyword in ("PatientName", "PatientID", "InstitutionName", "StudyDate"):
        assert keyword not in copied
    assert copied.PatientIdentityRemoved == "YES"
    original = pydicom.dcmread(data / "scans" / "c1.dcm")
    assert copied.SOPInstanceUID != original.SOPInstanceUID
    assert np.array_equal(copied.pixel_array, original.pixel_array)
    assert copied.WindowCenter == original.WindowCenter  # the image's own attributes kept
    notes = " ".join(result.notes)
    assert "removed PatientName, PatientID" in notes and "kept: the pixel data" in notes
    assert "burned-in annotation" in notes and "images/scans/c1.dcm" in notes
    assert isinstance(decode_image(tmp_path / "study" / "images" / "scans" / "c2.dcm"),
                      DicomImage)


def test_import_refuses_a_fake_dicom_file_by_row(tmp_path: Path) -> None:
    import csv

    from app.importers.base import ImportOptions
    from app.importers.registry import run_import
    from app.study.errors import StudyError

    (tmp_path / "fake.dcm").write_text("hello")
    with (tmp_path / "vqa.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["case", "image", "question", "options", "answer"])
        writer.writerow(["c1", "fake.dcm", "Finding?", "Nodule|None", "Nodule"])
    with pytest.raises(StudyError, match=r"row \d+, column image.*fake\.dcm.*not a DICOM file"):
        run_import("vqa", ImportOptions(source=tmp_path / "vqa.csv", out=tmp_path / "study"))


def test_damaged_files_never_raise_anything_but_an_image_error(tmp_path: Path) -> None:
    """Cut anywhere or with bytes overwritten (header, element lengths, pixel data), a DICOM
    file decodes or becomes an ImageError naming it: never another exception."""
    import random

    from app.imaging import ImageError

    data = write_dicom(tmp_path / "whole.dcm", _ramp(32, 40)).read_bytes()
    rng = random.Random(33)
    path = tmp_path / "bad.dcm"
    for n in range(80):
        bad = bytearray(data)
        if n % 2:
            bad = bad[: rng.randrange(len(bad))]
        else:
            for _ in range(rng.randint(1, 8)):
                bad[rng.randrange(128, len(bad))] = rng.randrange(256)
        path.write_bytes(bytes(bad))
        try:
            decode_image(path)
        except ImageError as exc:
            assert str(exc).startswith(str(path))
