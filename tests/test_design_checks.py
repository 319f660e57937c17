"""`validate` warns about designs that are valid but flawed (issue 15): one purpose-built
flawed study per warning under tests/fixtures/design/, the old lesion demo's "always A"
among them, and the bundled studies with no warning at all."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.home import bundled_studies_dir
from app.session.design_review import review
from app.storage import open_database
from app.study.design_checks import session_seconds
from app.study.loader import load_study
from baseline_studio import main
from tests.take_study import take

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "design"
BUNDLED = ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo",
           "preference-demo", "chest-reader-demo"]

# fixture -> (JSON path of the warning, words it must say)
EXPECTED = {
    "always-a": ("items[0].questions[0].gold",
                 ["'region'", "1st option (key A)", "7 of 7", "100%", "binomial p"]),
    "documents-in-order": ("items[0].stimulus",
                           ["never shuffled", "'relevance'", "relevant ones come earlier"]),
    "unbalanced-blocks": ("blocks", ["'site'", "unbalanced across blocks", "block 'b1'"]),
    "unbalanced-shares": ("assignment.seed", ["'site'", "participants' shares", "P001"]),
    "missing-gold": ("items[0].questions[0].gold", ["5 of 5", "no gold", "'accuracy'"]),
    "practice-repeats": ("items[0].stimulus", ["practice item 'p1'", "main item 'm2'"]),
    "attention-checks": ("items[3].questions", ["'check-no-gold'", "no gold answer"]),
    "too-few-codes": ("assignment.participants",
                      ["4 participant codes", "10 of 10", "fewer than 3 raters", "6 codes"]),
    "long-session": ("design.max_session_minutes", ["about 3 minutes", "more than 2"]),
}


def _warnings(name: str) -> list[str]:
    return [w.line() for w in review(load_study(FIXTURES / name).study)]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_flawed_design_is_warned_about(name: str, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    where, words = EXPECTED[name]
    assert main(["validate", str(FIXTURES / name)]) == 0  # valid: warnings do not fail
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith(f"warning: {where}: ")]
    assert lines, out
    assert all(word in lines[0] for word in words), lines[0]


def test_strict_turns_warnings_into_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--strict", str(FIXTURES / "always-a")]) == 2
    assert "--strict: failing" in capsys.readouterr().out


def test_old_lesion_demo_always_a_is_caught_on_both_steps() -> None:
    lines = _warnings("always-a")
    assert [line.split(":")[1].strip() for line in lines] == [
        "items[0].questions[0].gold", "items[0].questions[1].gold"]
    assert "'diagnosis'" in lines[1]


def test_attention_check_with_two_right_texts_is_not_unique() -> None:
    lines = _warnings("attention-checks")
    assert any(line.startswith("warning: items[4].questions[0].options: ")
               and "'Blue'" in line and "not unique" in line for line in lines), lines


# SpinBench's view items keep the benchmark's interleaved layout (a reference, then four
# labelled candidates one under another): at 150% text they cannot be shown whole on a
# 1280x720 laptop, and validate says so (tests/widgets/test_field_timed_fit.py measures it).
KNOWN_WARNINGS = {"spinbench-timing-demo": ["timed item(s) view-1, view-2, view-3, view-4 cannot be "
                                      "shown whole at 1280x720 with 150% text"]}


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_studies_have_no_design_warning_but_the_known_ones(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    expected = KNOWN_WARNINGS.get(name, [])
    assert main(["validate", "--strict", str(bundled_studies_dir() / name)]) == (
        2 if expected else 0)
    lines = [line for line in capsys.readouterr().out.splitlines() if "warning:" in line]
    assert len(lines) == len(expected) and all(
        e in line for e, line in zip(expected, lines, strict=True)), lines


def test_lesion_demo_gold_letters_are_spread() -> None:
    study = load_study(bundled_studies_dir() / "lesion-vqa-demo").study
    for qid in ("lesion", "region", "diagnosis"):
        golds = [q.gold for item in study.items for q in item.questions if q.id == qid]
        assert max(golds.count(k) for k in set(golds)) <= 4, (qid, golds)


def test_session_estimate_uses_the_database_median(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "long-session"
    shutil.copytree(FIXTURES / "long-session", folder)
    loaded = load_study(folder)
    assert session_seconds(loaded.study) == pytest.approx(5 * 36)  # text 30 s + rating 6 s
    url = f"sqlite:///{tmp_path / 'timed.sqlite3'}"
    db = open_database(url)
    try:
        assert db.median_item_ms(loaded.study.id) is None
        take(loaded, db, "P001")  # answers 1 ms after onset: a quick participant
        median = db.median_item_ms(loaded.study.id)
    finally:
        db.close()
    assert median is not None and median < 100
    assert main(["validate", "--db", url, str(folder)]) == 0
    out = capsys.readouterr().out
    # (the fixture declares no `reporting` block: those warnings are tested on their own)
    design = [line for line in out.splitlines()
              if line.startswith("warning:") and not line.startswith("warning: reporting.")]
    assert "the median in" in out and not design, design


def test_a_session_length_reads_as_a_person_says_it() -> None:
    from app.study.design_checks import session_length_words

    assert session_length_words(0.02) == "under a minute"
    assert session_length_words(1.2) == "about 1 minute"
    assert session_length_words(24.6) == "about 25 minutes"
