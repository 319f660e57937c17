"""`validate` (with --strict or not) opens every image a hand-written study names and reads
its header: a 0-byte image or a text saved as .jpg is a problem at its JSON path, exit 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from baseline_studio.main import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.parametrize("content", [b"", b"hello"])
def test_a_broken_image_fails_validate(content: bytes, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "study"
    shutil.copytree(FIXTURES / "mini-study", folder)
    raw = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    index, item = next((i, it) for i, it in enumerate(raw["items"])
                       if it["stimulus"].get("images"))
    path = item["stimulus"]["images"][0]["path"]
    (folder / path).write_bytes(content)
    for strict in ([], ["--strict"]):
        assert main(["validate", *strict, str(folder)]) == 2
        err = capsys.readouterr().err
        assert f"items[{index}].stimulus.images[0].path: {path}:" in err
        assert "Traceback" not in err


def test_the_bundled_studies_images_pass(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[1] / "studies"
    for name in ("lesion-vqa-demo", "hume-demo"):
        assert main(["validate", str(root / name)]) == 0, capsys.readouterr().err
