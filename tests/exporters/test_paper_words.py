"""paper/ in a reviewer's words: methods.tex says what gaps.csv says was done, coefficients on
their own scale, Landis and Koch's labels, citations only for what was computed, tier wording
only with tiers, and no internal name in any bundled study's rendered paper."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from app.results.agreement import fleiss_band
from app.storage import open_database
from exporters.analysis_words import interval_words, significance_tests
from exporters.paper.latex import Numbers
from tests.conftest import REPO
from tests.exporters.paper_support import compile_paper, export_with_raters, need_pdflatex

BUNDLED = ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo",
           "preference-demo"]
# A snake_case identifier or a `key=value` category, as a reader would meet them in the text;
# file names the export ships (sensitivity.csv) are words a reader can open.
INTERNAL = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b(?!\.(?:csv|md|json))|\b[a-z_]+=[\w-]+")


def internal_names(text: str) -> list[str]:
    return sorted({m.group(0) for m in INTERNAL.finditer(text)})


def _export(name: str, tmp_path: Path) -> Path:
    db = open_database(f"sqlite:///{tmp_path / 'words.sqlite3'}")
    try:
        _, out = export_with_raters(REPO / "studies" / name, db, tmp_path)
    finally:
        db.close()
    return out


def test_landis_and_koch_labels() -> None:
    assert [fleiss_band(k) for k in (-0.1, 0.0, 0.1, 0.3, 0.5, 0.7, 0.9)] == [
        "Poor", "Slight", "Slight", "Fair", "Moderate", "Substantial", "Almost perfect"]


def test_correlations_are_not_percentages() -> None:
    numbers = Numbers(1)
    assert numbers.metric(0.921, "spearman") == "0.92"
    assert numbers.scale("spearman") == numbers.scale("ari") == 1
    assert numbers.metric(0.921, "accuracy") == "92.1"


def test_methods_says_what_gaps_csv_says_was_done(tmp_path: Path) -> None:
    out = _export("hume-demo", tmp_path)
    methods = (out / "paper" / "methods.tex").read_text()
    gaps = pd.read_csv(out / "gaps.csv")
    for question in gaps["question_id"].unique():
        for words in interval_words(gaps, question) + significance_tests(gaps, question):
            assert words in methods, words
    # the rating question (similarity) is not tested by permutation, and methods says so
    similarity = significance_tests(gaps, "similarity")
    assert similarity and not any("permutation" in w for w in similarity)
    assert "for similarity, " in methods
    # Spearman on its own scale, as in human_scores.csv
    scores = pd.read_csv(out / "human_scores.csv")
    best = scores[(scores["question_id"] == "similarity") & (scores["metric"] == "spearman")
                  & (scores["category"] == "all")]["value"].max()
    assert f"best human Spearman's rank correlation on similarity was {best:.2f} " in methods
    assert "Landis" not in methods or "landis1977" in methods


def test_split_half_is_named_in_words_and_cites_no_kappa_paper(tmp_path: Path) -> None:
    out = _export("preference-demo", tmp_path)
    methods = (out / "paper" / "methods.tex").read_text()
    agreement = methods.split("Agreement between raters", 1)[1].split("\n\n", 1)[0]
    assert "split-half reliability" in agreement and "split\\_half" not in agreement
    assert "fleiss1971" not in agreement and "cohen1960" not in agreement
    tables = (out / "paper" / "tables.tex").read_text()
    assert "each tier of raters" not in tables and "best human tier" not in tables
    need_pdflatex()
    compile_paper(out / "paper")


@pytest.mark.parametrize("name", BUNDLED)
def test_no_internal_name_in_the_rendered_paper(name: str, tmp_path: Path) -> None:
    need_pdflatex()
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext not installed (Debian: poppler-utils)")
    out = _export(name, tmp_path)
    pdf = compile_paper(out / "paper")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert internal_names(text) == []


def test_methods_says_what_alphas_interval_drew(tmp_path: Path) -> None:
    out = _export("hume-demo", tmp_path)
    methods = (out / "paper" / "methods.tex").read_text()
    agreement = pd.read_csv(out / "agreement.csv")
    alpha = agreement[(agreement["statistic"] == "krippendorff_alpha") & agreement["ci_low"].notna()]
    assert not alpha.empty and alpha["ci_kind"].str.startswith("raters and items").all()
    assert "percentile bootstrap intervals that treat both the raters and the items" in methods
    assert "the raters as fixed" not in methods.split("Agreement between raters", 1)[1].split("\n\n")[0]
