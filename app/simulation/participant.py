"""One synthetic participant: traits, profile, a virtual clock, and what they do on each trial.

Randomness comes from two generators seeded by (seed, study, code): one for the person and
the pauses between screens, one for the trials, drawn in plan order. So a participant's answers
and response times do not depend on which machine runs the simulation, on who else is
simulated, or on whether the session engine (with its introductions and breaks) or the bulk
path records them.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from app.session.engine import (
    BlockIntroScreen,
    BreakScreen,
    EndScreen,
    QuestionAnswer,
    SessionEngine,
    TrialTiming,
)
from app.session.plan import build_plan
from app.session.sittings import sitting_progress
from app.simulation.answers import (
    Person,
    answer_question,
    expit,
    item_latent,
    logit,
    response_time_ms,
)
from app.simulation.config import SimulationConfig, tier_field
from app.storage.database import Database
from app.study.loader import LoadedStudy
from app.study.model import Item

VIRTUAL_START = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)  # simulated sessions spread over 2 weeks
MONO_START_NS = 10**15  # a monotonic clock reading, as after some days of uptime


class VirtualClock:
    """A participant's simulated time: monotonic ns, and the UTC time it stands for."""

    def __init__(self, start_utc: datetime) -> None:
        self.ns = MONO_START_NS
        self.start_utc = start_utc

    def advance_ms(self, ms: float) -> None:
        self.ns += round(ms * 1e6)

    def utc(self, ns: int | None = None) -> str:
        elapsed_us = ((self.ns if ns is None else ns) - MONO_START_NS) // 1000
        return (self.start_utc + timedelta(microseconds=elapsed_us)).isoformat(timespec="microseconds")


class SimulatedParticipant:
    def __init__(self, loaded: LoadedStudy, config: SimulationConfig, number: int) -> None:
        self.loaded, self.config = loaded, config
        self.code = f"{config.prefix}{number:03d}"
        self.number = number
        self.rng = random.Random(f"sim:{config.seed}:{loaded.study.id}:{self.code}")
        self.trial_rng = random.Random(f"sim-trials:{config.seed}:{loaded.study.id}:{self.code}")
        self.clock = VirtualClock(VIRTUAL_START + timedelta(minutes=self.rng.uniform(0, 14 * 24 * 60)))
        self.profile, tier = self._profile()
        base = config.accuracy.get(tier, config.default_accuracy) if tier else config.default_accuracy
        self.person = Person(
            logit_accuracy=logit(base) + self.rng.gauss(0.0, config.ability_sd),
            rating_bias=self.rng.gauss(0.0, config.rating_noise / 3),
            rating_sd=config.rating_noise, speed=self.rng.lognormvariate(0.0, 0.2),
            comment_rate=config.comment_rate)

    def _profile(self) -> tuple[dict[str, Any], str | None]:
        """Tiers go round the ones given with --accuracy by participant number; the other
        fields are drawn (choices uniformly, numbers within their bounds)."""
        tiers = list(self.config.accuracy)
        tf = tier_field(self.loaded.study, tiers)
        tier = tiers[(self.number - 1) % len(tiers)] if tiers else None
        profile: dict[str, Any] = {}
        for f in self.loaded.study.profile_fields:
            if tf is not None and f.id == tf.id:
                profile[f.id] = tier
            elif f.kind == "choice":
                profile[f.id] = self.rng.choice([o.key for o in f.options])
            elif f.kind == "number":
                lo = f.min if f.min is not None else 0.0
                hi = f.max if f.max is not None else lo + 40.0
                profile[f.id] = float(round(self.rng.uniform(lo, min(hi, lo + 40.0))))
            elif f.required:
                profile[f.id] = "simulated"
        return profile, tier

    def p_correct(self, item: Item) -> float:
        shift = sum(logit(acc) - logit(self.config.default_accuracy)
                    for (key, value), acc in self.config.category_accuracy.items()
                    if item.categories.get(key) == value)
        difficulty = item_latent(self.config.seed, item).difficulty
        return expit(self.person.logit_accuracy + shift - difficulty)

    def trial(self, item: Item, *, onset_utc: bool) -> tuple[list[QuestionAnswer], TrialTiming]:
        """Answers to every question of `item` starting now, and the clock moved past them.

        Questions are answered one after the other, each taking a log-normal time: the first
        question's rt_ms is its sampled time, a later one's counts from the item's onset.
        Past the study's deadline the remaining questions go unanswered (timed out).
        """
        rng = self.trial_rng
        latent = item_latent(self.config.seed, item)
        p = self.p_correct(item)
        deadline = self.loaded.study.design.deadline_ms
        onset = self.clock.ns
        answers: list[QuestionAnswer] = []
        timed_out = False
        for question in item.questions:
            rt = response_time_ms(rng, self.config.rt_median_ms, self.config.rt_sigma, latent,
                                  self.person)
            first = self.clock.ns + round(rt * 1e6 * rng.uniform(0.3, 0.8))
            value = answer_question(rng, item, question, latent, self.person, p)
            changes = 1 if rng.random() < 0.25 * (1 - p) else 0
            self.clock.advance_ms(rt)
            if deadline is not None and self.clock.ns - onset > deadline * 1_000_000:
                timed_out = True
            answers.append(QuestionAnswer(question.id, None) if timed_out else QuestionAnswer(
                question.id, value, answer_ns=self.clock.ns, first_interaction_ns=first,
                n_changes=changes))
        if timed_out:
            self.clock.ns = onset + (deadline or 0) * 1_000_000
        timing = TrialTiming(onset_ns=onset, onset_utc=self.clock.utc(onset) if onset_utc else None,
                             timed_out=timed_out)
        self.clock.advance_ms(self.loaded.study.design.iti_ms + rng.uniform(200, 800))
        return answers, timing

    def run_engine(self, db: Database) -> int:
        """Go through a real session, item by item (a reader study: a session per sitting,
        without waiting out the washout); returns the number of responses written.
        A participant who has answered everything already is left alone (no new session)."""
        written = 0
        while True:
            n, more = self._run_sitting(db)
            written += n
            if not more:
                return written

    def _run_sitting(self, db: Database) -> tuple[int, bool]:
        """One session: (responses written, whether another sitting follows)."""
        study = self.loaded.study
        plan_ids = {p.item_id for p in build_plan(study, self.code)}
        if study.conditions:
            by_condition = db.answered_by_condition(study.id, self.code)
            done, total = sitting_progress(study, self.code, plan_ids,
                                           {c: items for c, (items, _) in by_condition.items()})
            if done >= total:
                return 0, False
        elif plan_ids <= db.answered_item_ids(study.id, self.code):
            return 0, False
        engine = SessionEngine(self.loaded, db, self.code, profile=self.profile, simulated=True,
                               clock=lambda: self.clock.ns, screen="simulated")
        written = 0
        while True:
            screen = engine.next_screen()
            if isinstance(screen, EndScreen):
                break
            if isinstance(screen, BlockIntroScreen):
                self.clock.advance_ms(self.rng.uniform(3000, 12000))
                engine.acknowledge_intro(screen.block_id)
            elif isinstance(screen, BreakScreen):
                engine.start_break()
                self.clock.advance_ms(self.rng.uniform(30_000, 120_000))
                engine.end_break()
            else:
                view = screen.view
                # Committing item by item, the engine stamps real answer times: no made-up onset.
                answers, timing = self.trial(self.loaded.items_by_id[view.item_id], onset_utc=False)
                engine.submit(view.position, answers, timing)
                written += len(answers)
        engine.close()
        return written, bool(study.conditions) and not engine.sitting.last and bool(written)
