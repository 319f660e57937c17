"""Each bundled study, with responses made here, yields the full set of exports."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import load_study
from exporters.export_all import export_all
from tests.conftest import REPO
from tests.results_support import import_rows, simulated_rows

STUDIES = ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo",
           "preference-demo", "chest-reader-demo"]
ALWAYS = {"responses_long.csv", "responses_wide.csv", "events.csv", "human_scores.csv",
          "model_scores.csv", "model_coverage.csv", "comparison.csv", "agreement.csv",
          "disputed_items.csv", "rt_analysis.csv", "rt_items.csv", "rt_categories.csv",
          "rating_summary.csv", "rating_distribution.csv", "report.html"}


@pytest.mark.parametrize("name", STUDIES)
def test_bundled_study_exports(name: str, db: Database, tmp_path: Path) -> None:
    folder = REPO / "studies" / name
    if not (folder / "study.json").exists():
        pytest.skip(f"{name} is not bundled yet")
    if db.engine.dialect.name != "sqlite":
        pytest.skip("bundled studies are exported once, on SQLite")
    loaded = load_study(folder)
    tiers = next((f for f in loaded.study.profile_fields if f.id == "tier"), None)
    keys = [o.key for o in tiers.options] if tiers else [""]
    raters = [(f"R{n}", keys[n % len(keys)], 0.6 + 0.1 * n) for n in range(3)]
    import_rows(loaded, db, simulated_rows(loaded, raters, seed=len(name)), tmp_path)
    out = tmp_path / "out"
    written = export_all(loaded, db, out, options=ResultsOptions(n_boot=50))
    names = {p.relative_to(out).as_posix() for p in written}
    assert names >= ALWAYS
    assert any(n.startswith("mteb/") for n in names) == (loaded.study.mteb is not None)
    comparison = pd.read_csv(out / "comparison.csv")
    models = comparison[comparison["row_kind"] == "model"]
    illustrative = all(p.illustrative for p in loaded.study.models.predictions)
    assert models["illustrative"].all() == illustrative or models.empty
    agreement = pd.read_csv(out / "agreement.csv")
    assert (agreement["statistic"] == "krippendorff_alpha").any()
    if name == "poem-ratings-demo":
        summary = pd.read_csv(out / "rating_summary.csv")
        assert {"humans"} < set(summary["rater"])  # the demo LLM judges rate too
        assert (comparison["row_kind"] == "rating_group").any()
        assert (pd.read_csv(out / "human_scores.csv")["question_id"] == "authorship").any()
    assert ("mrmc.csv" in names) == ("reader_auc.csv" in names) == (name == "chest-reader-demo")
    if name == "chest-reader-demo":  # a reader study: the readers' AUCs, the models against them
        reader_auc = pd.read_csv(out / "reader_auc.csv")
        assert set(reader_auc["who_kind"]) == {"human", "model"}
        assert reader_auc["fom"].between(0, 1).all()
        assert set(zip(reader_auc["question_id"], reader_auc["fom_metric"], strict=True)) == {
            ("nodule", "auc"), ("side", "accuracy")}
        mrmc = pd.read_csv(out / "mrmc.csv")
        versus = mrmc[mrmc["comparison"] == "readers_vs_model"]
        assert set(versus["condition_b"]) == {"demo-model-a", "demo-model-b", "demo-model-c"}
        assert versus["illustrative"].all() and (versus["ci_low"] < versus["ci_high"]).all()
        report = (out / "report.html").read_text(encoding="utf-8")
        assert "<h2>Reader study (MRMC)</h2>" in report
        assert "readers (unaided) − demo-model-a (illustrative)" in report
        # The demo's two reading conditions, compared with each other.
        pairs = mrmc[mrmc["comparison"] == "conditions"]
        assert set(zip(pairs["condition_a"], pairs["condition_b"], strict=True)) == {
            ("unaided", "ai_aided")}
        assert "unaided − ai aided" in report
    if name in ("lesion-vqa-demo", "spinbench-timing-demo"):
        assert not models.empty
        assert len(pd.read_csv(out / "rt_analysis.csv")) > 0
