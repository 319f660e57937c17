"""Every export of a study into one folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

from app.results.frame import responses_frame
from app.results.options import ResultsOptions
from app.results.summary import StudyResults, compute_results
from app.storage.database import Database
from app.storage.timing_profiles import timing_profiles
from app.study.loader import LoadedStudy
from exporters.agreement_csv import write_agreement
from exporters.audit_csv import write_events_csv
from exporters.gaps_csv import HumanVsModel
from exporters.mteb_results import write_mteb
from exporters.paper import write_paper
from exporters.paper.latex import DEFAULT_DIGITS
from exporters.ratings_csv import write_ratings
from exporters.report_html import write_report
from exporters.responses_csv import write_responses_long
from exporters.responses_wide import write_responses_wide
from exporters.rt_csv import write_rt
from exporters.scores_csv import write_scores
from exporters.timing_csv import timing_frame, write_timing

Progress = Callable[[int, int, str], None]


def export_all(loaded: LoadedStudy, db: Database, out_dir: Path, *, include_simulated: bool = False,
               include_identifying: bool = False, progress: Progress | None = None,
               options: ResultsOptions | None = None, exclude: Sequence[str] = (),
               digits: int = DEFAULT_DIGITS) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    frame = responses_frame(loaded, db, include_simulated=include_simulated)
    # Quality rules (docs/results.md): measured on everyone; the `exclude` rules take the
    # participants they exclude out of every file after this.
    everyone = frame
    human_vs_model = HumanVsModel.measure(loaded, everyone, exclude)
    frame = human_vs_model.kept(frame)
    options = options or ResultsOptions()
    if options.include_simulated != include_simulated:
        options = replace(options, include_simulated=include_simulated)
    scored: list[StudyResults] = []  # filled by the "scores" step, read by the ones after it

    def score() -> list[Path]:
        scored.append(compute_results(loaded, db, options, frame=frame))
        return []
    # responses_long.csv is written on a second thread while the steps after it run (the
    # scores): its time is mostly Arrow kernels and file writes, which let the GIL go
    # (600,000 responses: ~3 s of the export overlapped). Both only read the frame.
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="responses-csv")
    long_csv: list[Future[list[Path]]] = []

    def start_long_csv() -> list[Path]:
        long_csv.append(pool.submit(write_responses_long, loaded, frame, out_dir,
                                    include_identifying=include_identifying))
        return []
    steps: list[tuple[str, Callable[[], list[Path]]]] = [
        ("responses", start_long_csv),
        ("audit trail", lambda: write_events_csv(loaded, db, out_dir,
                                                 include_identifying=include_identifying,
                                                 include_simulated=include_simulated)),
        ("responses (wide)", lambda: write_responses_wide(loaded, frame, out_dir,
                                                          include_identifying=include_identifying)),
        ("scores", score),
        ("score tables", lambda: write_scores(scored[0], out_dir)),
        ("agreement", lambda: write_agreement(scored[0], out_dir)),
        ("response times", lambda: write_rt(scored[0], out_dir)),
        ("ratings", lambda: write_ratings(scored[0], out_dir)),
        ("MTEB results", lambda: write_mteb(loaded, scored[0], out_dir)),
        ("human vs model", lambda: human_vs_model.export(scored[0], everyone, out_dir)),
        ("report", lambda: write_report(loaded, scored[0], out_dir,
                                        human_vs_model=human_vs_model)),
    ]
    # timing.csv and paper/ (docs/results.md, "The paper folder"): after the gaps, whose
    # Holm-adjusted tests put the daggers in the headline table.
    sessions = [s for s in db.sessions(loaded.study.id)
                if s.uuid in set(frame["session_uuid"].astype(str))] if not frame.empty else []
    timing = timing_frame(sessions, timing_profiles(db))
    steps += [
        ("timing", lambda: write_timing(timing, out_dir)),
        ("paper", lambda: write_paper(loaded, scored[0], human_vs_model, frame, sessions, timing,
                                      out_dir, digits=digits)),
    ]
    written: list[Path] = []
    with pool:  # (on an error in a later step, the CSV is still finished before it propagates)
        for index, (name, step) in enumerate(steps):
            if progress:
                progress(index, len(steps), name)
            written += step()
        written[:0] = long_csv[0].result()  # its files first, where the step put them
    if progress:
        progress(len(steps), len(steps), "done")
    return written
