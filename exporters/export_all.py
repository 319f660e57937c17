"""Every export of a study into one folder.

All or nothing: the writers write into a staging folder beside `out_dir` (exporters/
out_folder.py), moved into place only when every one has finished; an error leaves `out_dir`
as it was. Files already in `out_dir` that the export writes again are replaced, and
`notice` is told how many.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pandas as pd

from app.gc_pause import gc_paused
from app.results.analysis import StudyAnalysis, analyse, screen, with_options
from app.results.frame import responses_frame
from app.results.options import ResultsOptions
from app.storage.database import Database
from app.storage.timing_profiles import timing_profiles
from app.study.loader import LoadedStudy
from exporters.agreement_csv import write_agreement
from exporters.audit_csv import write_events_csv
from exporters.checklist import filled_checklist
from exporters.conflicts import refuse_conflicts
from exporters.gaps_csv import write_human_vs_model
from exporters.inspect_log import write_inspect_logs
from exporters.kind_tables_csv import write_kind_tables
from exporters.mrmc_csv import write_reader_study
from exporters.mteb_results import check_mteb_names, write_mteb
from exporters.out_folder import staged_export
from exporters.paper import write_paper
from exporters.paper.latex import DEFAULT_DIGITS
from exporters.rater_models_csv import write_rater_models
from exporters.ratings_csv import write_ratings
from exporters.report_html import write_report
from exporters.responses_csv import write_responses_long
from exporters.responses_wide import write_responses_wide
from exporters.rt_csv import write_rt
from exporters.scores_csv import write_scores
from exporters.simulated import check_withheld, simulated_count
from exporters.timing_csv import timing_frame, write_timing

Progress = Callable[[int, int, str], None]


def export_all(loaded: LoadedStudy, db: Database, out_dir: Path, *, include_simulated: bool = False,
               include_identifying: bool = False, progress: Progress | None = None,
               options: ResultsOptions | None = None,
               notice: Callable[[str], None] | None = None,
               exclude: Sequence[str] = (), digits: int = DEFAULT_DIGITS,
               analysis: StudyAnalysis | None = None, inspect_log: bool = False) -> list[Path]:
    """`exclude`: quality rules (app.results.quality) whose excluded participants are taken
    out of every file but exclusions.csv and sensitivity.csv. `analysis`: the study's analysis
    already computed (`app.results.analysis.analyse`, e.g. the one the results window shows),
    written as it is; its options then stand for `options`, `include_simulated` and
    `exclude`. `inspect_log`: the humans as Inspect eval logs too (exporters/inspect_log.py;
    ~3 ms a sample in inspect-ai's writer)."""
    check_mteb_names(loaded)  # a hostile study is refused before anything is computed
    if analysis is not None:  # (else refused from the responses as read, `_export_into`)
        refuse_conflicts(loaded, db, include_simulated=include_simulated)
    # The collector paused for the whole export (app.gc_pause): its young collections walked
    # the statistics' short-lived objects and a full one the study's 20,000 item models, ~2 s
    # of CPU at 600,000 responses, for ~300 objects in cycles left over at the end (measured
    # on bench_exports' database; the peak memory the same). Refcounting frees the rest.
    with gc_paused(), staged_export(out_dir, notice) as staging:
        written, n_steps = _export_into(
            loaded, db, staging.folder, include_simulated=include_simulated,
            include_identifying=include_identifying, progress=progress, options=options,
            exclude=exclude, digits=digits, given=analysis, inspect_log=inspect_log,
            notice=notice)
    if progress:  # (after the move: "done" means the files are in place)
        progress(n_steps, n_steps, "done")
    return [staging.final(path) for path in written]


def _export_into(loaded: LoadedStudy, db: Database, out_dir: Path, *, include_simulated: bool,
                 include_identifying: bool, progress: Progress | None,
                 options: ResultsOptions | None,
                 exclude: Sequence[str], digits: int,
                 given: StudyAnalysis | None,
                 inspect_log: bool = False,
                 notice: Callable[[str], None] | None = None) -> tuple[list[Path], int]:
    """The export's files written into `out_dir`, and the number of steps it took."""
    analysed: list[StudyAnalysis] = []  # filled by the "scores" step, read by the ones after it
    checklist: list[pd.DataFrame] = []  # checklist.csv's rows, for the report and paper/
    if given is not None:
        if given.study_id != loaded.study.id:
            raise ValueError(f"the analysis of study {given.study_id!r} given to export "
                             f"{loaded.study.id!r}")
        include_simulated = given.options.include_simulated
        frame = given.responses

        def score() -> list[Path]:
            analysed.append(given)
            return []
    else:
        everyone = responses_frame(loaded, db, include_simulated=include_simulated)
        refuse_conflicts(loaded, db, include_simulated=include_simulated, frame=everyone)
        check_withheld(loaded, db, everyone, include_simulated=include_simulated, notice=notice)
        options = with_options(options, include_simulated=include_simulated, exclude=exclude)
        # Quality rules (docs/results.md): measured on everyone first, so the responses files
        # (written while the analysis is computed) hold only the participants the rules keep.
        screening = screen(loaded, everyone, options.exclude)
        frame = screening.kept

        def score() -> list[Path]:
            analysed.append(analyse(loaded, everyone, options, screening=screening))
            return []
    # responses_long.csv is written on a second thread while the steps after it run (the
    # scores): its time is mostly Arrow kernels and file writes, which let the GIL go
    # (600,000 responses: ~3 s of the export overlapped). Both only read the frame. Its own
    # executor, not the widgets' task manager: this is parallelism inside one export, the core
    # does not import Qt, and the command line exports too; it ends before export_all returns.
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
        ("score tables", lambda: write_scores(analysed[0], out_dir)),
        ("agreement", lambda: write_agreement(analysed[0], out_dir)),
        ("response times", lambda: write_rt(analysed[0], out_dir)),
        ("ratings", lambda: write_ratings(analysed[0], out_dir)),
        ("rater models", lambda: write_rater_models(analysed[0], out_dir)),
        ("reader study (MRMC)", lambda: write_reader_study(analysed[0], out_dir)),
        ("MTEB results", lambda: write_mteb(loaded, analysed[0], out_dir)),
        ("human vs model", lambda: write_human_vs_model(analysed[0], out_dir)),
        *([("Inspect logs", lambda: write_inspect_logs(loaded, analysed[0], out_dir))]
          if inspect_log else []),
        ("checklist", lambda: filled_checklist(loaded, analysed[0], db, out_dir, checklist)),
        ("report", lambda: write_report(loaded, analysed[0], out_dir, checklist=checklist[0],
                                        simulated=simulated_count(frame))),
    ]
    # timing.csv and paper/ (docs/results.md, "The paper folder").
    # (the distinct sessions first: a set of 600,000 values walks each one in Python)
    answered_in = set(frame["session_uuid"].astype(str).unique()) if not frame.empty else set()
    sessions = [s for s in db.sessions(loaded.study.id) if s.uuid in answered_in]
    timing = timing_frame(sessions, timing_profiles(db))
    steps += [
        ("timing", lambda: write_timing(timing, out_dir)),
        ("paper", lambda: write_paper(loaded, analysed[0], sessions, timing, out_dir,
                                      digits=digits, checklist=checklist[0])),
        # Last, so a kind's table can be checked against every file the export wrote.
        ("kind tables", lambda: write_kind_tables(analysed[0], out_dir)),
    ]
    written: list[Path] = []
    with pool:  # (on an error in a later step, the CSV is still finished before it propagates)
        for index, (name, step) in enumerate(steps):
            if progress:
                progress(index, len(steps), name)
            written += step()
        written[:0] = long_csv[0].result()  # its files first, where the step put them
    return written, len(steps)
