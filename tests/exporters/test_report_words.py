"""report.html in a reader's words: no internal name in any bundled study's rendered text (a
snake_case identifier or a `key=value` category), no column without a value, round ticks."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from app.storage import open_database
from exporters.report_tables import words
from exporters.svg_charts import nice_ticks
from tests.conftest import REPO
from tests.exporters.paper_support import export_with_raters
from tests.exporters.test_paper_words import internal_names

BUNDLED = ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo",
           "preference-demo"]


def rendered_text(page: str) -> str:
    """What a browser shows: no style sheet, no tags, the charts' text kept."""
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("name", BUNDLED)
def test_the_report_shows_no_internal_name_and_no_blank_column(name: str,
                                                               tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'report.sqlite3'}")
    try:
        _, out = export_with_raters(REPO / "studies" / name, db, tmp_path)
    finally:
        db.close()
    page = (out / "report.html").read_text(encoding="utf-8")
    assert internal_names(rendered_text(page)) == []
    for table in re.findall(r"<table.*?</table>", page, flags=re.S):
        heads = re.findall(r"<th[^>]*>(.*?)</th>", table.split("</tr>", 1)[0])
        rows = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in table.split("</tr>")[1:]]
        rows = [r for r in rows if len(r) == len(heads)]
        assert all(h.strip() for h in heads[1:]), heads
        for k in range(len(heads)):
            assert not rows or any(r[k].strip() for r in rows), (heads[k], name)
    # forest-plot ticks at round numbers
    for tick in re.findall(r'text-anchor="middle" [^>]*>(-?[\d.]+)</text>', page):
        assert len(tick.split(".")[-1]) <= 2 or "." not in tick, tick


def test_ticks_are_round_and_cover_the_range() -> None:
    assert nice_ticks(-0.522, 0.522, 7) == [-0.6, -0.4, -0.2, 0.0, 0.2, 0.4, 0.6]
    assert nice_ticks(-0.261, 0.261, 7) == [-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3]
    assert nice_ticks(0, 1850) == [0, 500, 1000, 1500, 2000]


def test_category_keys_read_as_words() -> None:
    assert words("lesion_type=subungual_hyperkeratosis") == "lesion type: subungual hyperkeratosis"
    assert words("hf_subset=eng; task_type=sts") == "hf subset: eng; task type: sts"
    assert words("demo-model-a") == "demo-model-a"
    assert words("a sentence, with x=y inside") == "a sentence, with x=y inside"
