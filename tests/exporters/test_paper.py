"""paper/: the numbers in the .tex files are the CSVs' values rounded, every table sits between
its markers, a hostile title compiles, and each bundled study's paper compiles."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pandas as pd
import pytest

from app.storage import open_database
from app.storage.database import Database
from exporters.paper.latex import Numbers, escape
from tests.conftest import REPO
from tests.exporters.paper_support import (
    block,
    compile_paper,
    export_with_raters,
    need_pdflatex,
    numbers_in,
    rows_of,
    tabulars_of,
    unescape,
)

STUDIES = ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo"]


def _sqlite(tmp_path: Path) -> Database:
    return open_database(f"sqlite:///{tmp_path / 'paper.sqlite3'}")


def _party(label: str) -> tuple[str, str]:
    label = unescape(label)
    if label == "all raters (mean)":
        return "humans", "all raters"
    for suffix, kind in ((" (tier)", "tier"), (" (pooled)", "pooled")):
        if label.endswith(suffix):
            return kind, label[: -len(suffix)]
    return "model", label


def _check_headlines(tables: str, out: Path, numbers: Numbers) -> int:
    scores = pd.concat([pd.read_csv(out / "human_scores.csv"),
                        pd.read_csv(out / "model_scores.csv")])
    scores["category_value"] = scores["category_value"].astype(str)
    checked = 0
    for name in [line.split()[-1] for line in tables.splitlines()
                 if line.startswith("%% BEGIN headline-")]:
        question = name.removeprefix("headline-")
        parts = tabulars_of(block(tables, name))
        own = scores[scores["question_id"].str.lower().str.replace("_", "-") == question]
        main = own[own["ci_low"].notna()]["metric"].iloc[0] if own["ci_low"].notna().any() \
            else own["metric"].iloc[0]
        own = own[own["metric"] == main]
        lines = [(rows[0], line) for rows in parts for line in rows[1:]]
        for header, line in lines:
            kind, who = _party(line[0])
            for title, cell in zip(header[1:], line[1:], strict=True):
                if cell == "--":
                    continue
                value = unescape(title)
                where = (own["category"] == "all") if value == "All items" else \
                    (read(own["category_value"]) == value) & (own["category"] != "all")
                row = own[where & (own["who_kind"] == kind) & (own["who"] == who)]
                assert len(row) == 1, (name, kind, who, value)
                r = row.iloc[0]
                printed = numbers_in(cell)
                expected = [r["value"]] + ([r["ci_low"], r["ci_high"]]
                                           if not math.isnan(r["ci_low"]) else [])
                want = [float(numbers.metric(v, main).replace("$-$", "-")) for v in expected]
                assert printed == want, (name, kind, who, value, cell)
                checked += 1
    return checked


def read(names: pd.Series) -> pd.Series:
    """Category names and values as the paper prints them (`nail_pitting` -> `nail pitting`)."""
    return names.astype(str).str.replace("_", " ")


def _check_agreement(tables: str, out: Path, numbers: Numbers) -> int:
    agreement = pd.read_csv(out / "agreement.csv")
    checked = 0
    question = ""
    for line in rows_of(block(tables, "agreement"))[1:]:
        question = unescape(line[0]) or question  # printed on a question's first row only
        rows = agreement[agreement["question_id"] == question]
        values = numbers_in(line[2])
        match = [r for r in rows.itertuples() if numbers_in(str(r.n_items)) == numbers_in(line[3])
                 and round(float(r.value) * (100 if "percent" in r.statistic else 1),
                           numbers.digits + (0 if "percent" in r.statistic else 1)) == values[0]]
        assert match, (question, line)
        checked += 1
    return checked


def test_numbers_equal_the_csvs(tmp_path: Path) -> None:
    db = _sqlite(tmp_path)
    try:
        _, out = export_with_raters(REPO / "studies" / "spinbench-timing-demo", db, tmp_path)
    finally:
        db.close()
    tables = (out / "paper" / "tables.tex").read_text(encoding="utf-8")
    numbers = Numbers(1)
    assert _check_headlines(tables, out, numbers) >= 20
    assert _check_agreement(tables, out, numbers) >= 4
    # The response-time table against rt_categories.csv.
    rt = pd.read_csv(out / "rt_categories.csv")
    category = ""
    lines = rows_of(block(tables, "response-times"))[1:]
    assert len(lines) == 4  # the values of the first breakdown category (task)
    for line in lines:
        category = unescape(line[1]) or category
        row = rt[(read(rt["category"]) == category)
                 & (read(rt["category_value"]) == unescape(line[2]))].iloc[0]
        assert unescape(line[4]) == row["metric"] == "accuracy"
        assert numbers_in(line[5]) == [round(row["human_score"] * 100, 1)]
        assert numbers_in(line[6]) == [round(row["model_score"] * 100, 1)]
        assert numbers_in(line[7]) == [round(row["median_rt_ms"])]
    # methods.tex prints what summary.json holds, and summary.json holds the CSVs' values.
    summary = json.loads((out / "paper" / "summary.json").read_text(encoding="utf-8"))
    methods = (out / "paper" / "methods.tex").read_text(encoding="utf-8")
    used = summary["numbers"]
    for entry in used.values():
        assert entry["text"] in methods
    alpha = pd.read_csv(out / "agreement.csv").query("statistic == 'krippendorff_alpha'")
    assert used["agreement.answer.alpha"]["value"] == pytest.approx(alpha["value"].iloc[0])
    assert used["agreement.answer.alpha"]["text"] == f"{alpha['value'].iloc[0]:.2f}"
    assert used["participants"]["value"] == 3 and used["items"]["value"] == 24


def test_digits_sets_the_decimals(tmp_path: Path) -> None:
    db = _sqlite(tmp_path)
    try:
        _, out = export_with_raters(REPO / "studies" / "spinbench-timing-demo", db, tmp_path,
                                    digits=3)
    finally:
        db.close()
    tables = (out / "paper" / "tables.tex").read_text(encoding="utf-8")
    assert _check_headlines(tables, out, Numbers(3)) >= 20
    summary = json.loads((out / "paper" / "summary.json").read_text(encoding="utf-8"))
    assert summary["digits"] == 3
    assert len(summary["numbers"]["agreement.answer.alpha"]["text"].split(".")[1]) == 4


def test_escape_every_special_character() -> None:
    assert escape("a & b % c _ d # e $ f { g } h ~ i ^ j \\ k") == (
        r"a \& b \% c \_ d \# e \$ f \{ g \} h \textasciitilde{} i \textasciicircum{} j "
        r"\textbackslash{} k")
    assert escape("Arabic: مرحبا") == "Arabic: ?????"


def test_hostile_title_compiles(tmp_path: Path) -> None:
    need_pdflatex()
    folder = tmp_path / "study"
    shutil.copytree(REPO / "studies" / "spinbench-timing-demo", folder)
    doc = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    doc["title"] = r"R&D 100% of_all #1 $5 {x} ~y ^z \end{document}"
    doc["description"] = "Costs & benefits: 50% _under_ #2."
    (folder / "study.json").write_text(json.dumps(doc), encoding="utf-8")
    db = _sqlite(tmp_path)
    try:
        _, out = export_with_raters(folder, db, tmp_path, n_boot=0)
    finally:
        db.close()
    compile_paper(out / "paper")
    assert r"R\&D 100\% of\_all \#1 \$5 \{x\}" in (out / "paper" / "paper.tex").read_text()


@pytest.mark.parametrize("name", STUDIES)
def test_bundled_paper_compiles(name: str, tmp_path: Path) -> None:
    need_pdflatex()
    db = _sqlite(tmp_path)
    try:
        _, out = export_with_raters(REPO / "studies" / name, db, tmp_path)
    finally:
        db.close()
    tables = (out / "paper" / "tables.tex").read_text(encoding="utf-8")
    assert tables.count("%% BEGIN ") == tables.count("%% END ") >= 2
    assert _check_headlines(tables, out, Numbers(1)) > 0
    # Category names and values in words, not as the study's internal names (lesion\_type).
    assert "lesion\\_type" not in tables and "nail\\_pitting" not in tables
    compile_paper(out / "paper")


def test_daggers_mark_the_holm_significant_gaps(tmp_path: Path) -> None:
    """A dagger on exactly the models whose gap to the best human tier (every human party
    without tiers) has gaps.csv p_holm < 0.05, cell by cell; raters good enough that some do."""
    from app.results.options import ResultsOptions
    from app.study.loader import load_study
    from exporters.export_all import export_all
    from tests.results_support import import_rows, simulated_rows

    loaded = load_study(REPO / "studies" / "spinbench-timing-demo")
    db = _sqlite(tmp_path)
    try:
        import_rows(loaded, db, simulated_rows(loaded, [(f"R{k}", "", 0.97) for k in range(4)],
                                               seed=7), tmp_path)
        out = tmp_path / "out"
        export_all(loaded, db, out, options=ResultsOptions(n_boot=400))
    finally:
        db.close()
    gaps = pd.read_csv(out / "gaps.csv", keep_default_na=False, na_values=[""])
    tables = (out / "paper" / "tables.tex").read_text(encoding="utf-8")
    marked = 0
    for header, *lines in tabulars_of(block(tables, "headline-answer")):
        for line in lines:
            kind, who = _party(line[0])
            if kind != "model":
                continue
            for title, cell in zip(header[1:], line[1:], strict=True):
                value = unescape(title)
                cell_gaps = gaps[(gaps["category"] == "all") if value == "All items" else
                                 (read(gaps["category_value"]) == value)
                                 & (gaps["category"] != "all")]
                humans = cell_gaps[cell_gaps["human_kind"] == "tier"]
                humans = cell_gaps if humans.empty else humans
                best = humans.loc[humans["human_value"].idxmax(), "human"]
                row = humans[(humans["human"] == best) & (humans["model"] == who)]
                expected = bool((row["p_holm"] < 0.05).any())
                assert (r"\dag" in cell) == expected, (value, who, cell)
                marked += expected
    assert marked >= 1


def test_a_hostile_studys_paper_compiles(tmp_path: Path) -> None:
    """Rows starting with [ (an option label, a model's name, a tier), an Icelandic title,
    DEL and U+0085, and every character `escape` lets through: the paper still compiles."""
    need_pdflatex()
    from exporters.paper.latex import SETTABLE

    folder = tmp_path / "study"
    shutil.copytree(REPO / "studies" / "lesion-vqa-demo", folder)
    doc = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    doc["title"] = "Þórður og ðrír: Đ ŋ ſ \x7f\x85 [draft]"
    doc["description"] = "All: " + "".join(sorted(SETTABLE)) + " ?` !` \u200b\u202e end"
    for field in doc["profile_fields"]:
        for option in field.get("options", []):
            option["label"] = "[x] " + option["label"]
    for item in doc["items"]:
        item["categories"] = {k: f"[x] {v}" for k, v in item.get("categories", {}).items()}
        for question in item["questions"]:
            for option in question.get("options", []):
                option["label"] = "[x] " + option["label"]
    (folder / "study.json").write_text(json.dumps(doc), encoding="utf-8")
    predictions = folder / "predictions" / "demo-models.csv"
    predictions.write_text(predictions.read_text(encoding="utf-8").replace(
        "demo-model-a", "[oops] model"), encoding="utf-8")
    db = _sqlite(tmp_path)
    try:
        _, out = export_with_raters(folder, db, tmp_path, n_boot=0)
    finally:
        db.close()
    compile_paper(out / "paper")
    tex = "\n".join(p.read_text(encoding="utf-8") for p in (out / "paper").glob("*.tex"))
    assert "Þórður og ðrír: Đ ŋ ?" in tex and "\x7f" not in tex and "\x85" not in tex
    assert "{[}oops{]} model" in tex and "{[}x{]}" in tex
