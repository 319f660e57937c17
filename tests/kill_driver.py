"""The "app process" of the kill test: a real SessionEngine on a real SQLite file, answering
every item of a study in a loop, saying on stdout what it is about to do and what is done.

Lines written (each with one os.write, so a line is whole or absent when the process dies):

    start <pid>                      process is up, about to open the database
    session <uuid>                   engine built: a session row exists
    resume <position> <item_id>      engine.next_trial() right after start (or `resume end`)
    submit <position> <item_id>      about to call engine.submit()
    committed <position> <item_id>   engine.submit() returned: the answers are durable
    done                             end screen reached, session closed

Two ways to run it:

    python tests/kill_driver.py run   --db URL --study DIR --participant CODE
    python tests/kill_driver.py serve --db URL --study DIR

`run` is one session in this process. `serve` imports everything once, then for every
`go <CODE>` line on stdin forks a fresh child that runs one session (the child is the process
the test kills), waits for it and prints `child <pid>` and `exit <pid> <status>`; restarting
by fork takes milliseconds where a new interpreter takes most of a second, which is what makes
50+ kills fit in a short test. The child opens the database itself, after the fork.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from app.kinds import kind_of
from app.kinds.simulated import Person
from app.session.engine import (
    BlockIntroScreen,
    BreakScreen,
    EndScreen,
    QuestionAnswer,
    QuestionFeedback,
    Screen,
    SessionEngine,
    TrialScreenSpec,
    TrialTiming,
)
from app.session.presentation import TrialView
from app.simulation.answers import item_latent, logit
from app.storage import open_database
from app.study.loader import load_study
from app.study.model import Item


def emit(line: str) -> None:
    os.write(1, (line + "\n").encode("utf-8"))


# Who answers: one seeded simulated person (app.kinds.simulated), fairly accurate, whose
# answers each kind draws itself (`Kind.simulate`), so a new kind needs nothing here.
PERSON = Person(logit_accuracy=logit(0.75), rating_bias=0.0, rating_sd=0.6, speed=1.0,
                comment_rate=0.3)


def scripted_answers(item: Item, view: TrialView, rng: random.Random,
                     clock: int) -> list[QuestionAnswer]:
    """A valid answer to every question of the screen, drawn by its kind for PERSON."""
    latent = item_latent(0, item)
    questions = {q.id: q for q in item.questions}  # (the view's have their gold removed)
    out = []
    for shown in view.questions:
        question = questions[shown.id]
        answer = kind_of(question).simulate(rng, item, question, latent, PERSON, 0.75)
        out.append(QuestionAnswer(shown.id, answer, answer_ns=clock, first_interaction_ns=clock,
                                  n_changes=1))
    return out


def step(engine: SessionEngine, screen: Screen, rng: random.Random, *,
         before_submit: Callable[[TrialView], None] | None = None) -> list[QuestionFeedback]:
    """Do what a participant does on `screen` (not the end screen); a trial's feedback back."""
    if isinstance(screen, BlockIntroScreen):
        engine.acknowledge_intro(screen.block_id)
    elif isinstance(screen, BreakScreen):
        engine.start_break()
        engine.end_break()
    elif isinstance(screen, TrialScreenSpec):
        view = screen.view
        onset = time.monotonic_ns()
        answers = scripted_answers(engine.loaded.items_by_id[view.item_id], view, rng,
                                   onset + 1_000_000)
        if before_submit:
            before_submit(view)
        return engine.submit(view.position, answers, TrialTiming(onset_ns=onset))
    else:
        raise TypeError(f"nothing to do on {type(screen).__name__}")
    return []


def walk(engine: SessionEngine, rng: random.Random,
         on_screen: Callable[[Screen, list[QuestionFeedback]], None] | None = None) -> EndScreen:
    """Every screen up to the end screen, each handed to `on_screen` with the feedback the
    previous trial returned."""
    feedback: list[QuestionFeedback] = []
    while not isinstance(screen := engine.next_screen(), EndScreen):
        if on_screen:
            on_screen(screen, feedback)
        feedback = step(engine, screen, rng)
    if on_screen:
        on_screen(screen, feedback)
    return screen


def run_session(db_url: str, study: Path, code: str, *, sleep_max_s: float, seed: int) -> None:
    rng = random.Random(seed)
    emit(f"start {os.getpid()}")
    loaded = load_study(study)
    db = open_database(db_url)
    engine = SessionEngine(loaded, db, code)
    emit(f"session {engine.session_uuid}")
    nxt = engine.next_trial()
    emit(f"resume {nxt.position} {nxt.item_id}" if nxt else "resume end")
    while not isinstance(screen := engine.next_screen(), EndScreen):
        step(engine, screen, rng,
             before_submit=lambda view: emit(f"submit {view.position} {view.item_id}"))
        if isinstance(screen, TrialScreenSpec):
            emit(f"committed {screen.view.position} {screen.view.item_id}")
        if sleep_max_s:
            time.sleep(rng.uniform(0, sleep_max_s))
    engine.close()
    db.close()
    emit("done")


def serve(args: argparse.Namespace) -> int:
    emit("ready")
    for line in sys.stdin:
        parts = line.split()
        if len(parts) != 2 or parts[0] != "go":
            break
        pid = os.fork()
        if pid == 0:  # the child: one session, then gone without running the parent's cleanup
            status = 0
            try:
                run_session(args.db, args.study, parts[1], sleep_max_s=args.sleep_max,
                            seed=int.from_bytes(os.urandom(4), "big"))
            except BaseException:
                emit("error " + traceback.format_exc().replace("\n", " | "))
                status = 1
            os._exit(status)
        emit(f"child {pid}")
        _, status = os.waitpid(pid, 0)
        emit(f"exit {pid} {status}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["run", "serve"])
    parser.add_argument("--db", required=True)
    parser.add_argument("--study", type=Path, required=True)
    parser.add_argument("--participant", default="P001")
    parser.add_argument("--sleep-max", type=float, default=0.002,
                        help="random pause between steps, seconds (spreads the kill points)")
    args = parser.parse_args()
    if args.mode == "serve":
        return serve(args)
    try:
        run_session(args.db, args.study, args.participant, sleep_max_s=args.sleep_max,
                    seed=int.from_bytes(os.urandom(4), "big"))
    except Exception:
        emit("error " + traceback.format_exc().replace("\n", " | "))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
