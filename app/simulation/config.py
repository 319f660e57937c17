"""What a simulation is asked to do, and the checks that name the bad flag when it is wrong."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from app.study.errors import UserInputError
from app.study.loader import LoadedStudy
from app.study.model import ProfileField, Study

DEFAULT_BATCH = 50_000


@dataclass(frozen=True)
class SimulationConfig:
    participants: int
    seed: int = 0
    first: int = 1  # the first participant's number: codes are PREFIX + number (SIM001, ...)
    prefix: str = "SIM"
    accuracy: Mapping[str, float] = field(default_factory=dict)  # tier option key -> accuracy
    category_accuracy: Mapping[tuple[str, str], float] = field(default_factory=dict)
    default_accuracy: float = 0.8
    ability_sd: float = 0.3  # between-participant spread, log-odds
    rating_noise: float = 0.6  # SD of a rating around gold (or the item's latent mean)
    rt_median_ms: float = 2500.0
    rt_sigma: float = 0.45  # SD of log response time
    comment_rate: float = 0.25
    bulk: bool = False  # False: the session engine, one transaction per item (as a station)
    batch: int = DEFAULT_BATCH  # bulk: responses per transaction

    def codes(self) -> list[str]:
        return [f"{self.prefix}{n:03d}" for n in range(self.first, self.first + self.participants)]


def parse_accuracy(text: str) -> dict[str, float]:
    """"primary=0.6,senior=0.73" -> {"primary": 0.6, "senior": 0.73}."""
    out: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise UserInputError(f"--accuracy: {part!r} is not tier=accuracy (e.g. senior=0.73)")
        out[key.strip()] = _probability("--accuracy", part, value)
    return out


def parse_category_accuracy(specs: list[str]) -> dict[tuple[str, str], float]:
    """["lesion_type=macule:0.4"] -> {("lesion_type", "macule"): 0.4}."""
    out: dict[tuple[str, str], float] = {}
    for spec in (s.strip() for text in specs for s in text.split(",") if s.strip()):
        head, sep, value = spec.rpartition(":")
        key, eq, cat_value = head.partition("=")
        if not sep or not eq or not key or not cat_value:
            raise UserInputError(f"--category-accuracy: {spec!r} is not key=value:accuracy "
                                 "(e.g. lesion_type=macule:0.4)")
        out[(key, cat_value)] = _probability("--category-accuracy", spec, value)
    return out


def _probability(flag: str, part: str, value: str) -> float:
    try:
        p = float(value)
    except ValueError:
        raise UserInputError(f"{flag}: {part!r}: {value!r} is not a number") from None
    if not 0.0 < p <= 1.0:
        raise UserInputError(f"{flag}: {part!r}: an accuracy lies in (0, 1]")
    return p


def tier_field(study: Study, tiers: list[str]) -> ProfileField | None:
    """The choice profile field whose options hold every tier named in --accuracy."""
    if not tiers:
        return None
    for f in study.profile_fields:
        if f.kind == "choice" and set(tiers) <= {o.key for o in f.options}:
            return f
    known = {f.id: [o.key for o in f.options] for f in study.profile_fields if f.kind == "choice"}
    raise UserInputError(f"--accuracy: no profile field of study {study.id!r} has the options "
                         f"{tiers}; choice fields: {known or 'none'}")


# Bounds with reasons: beyond them a simulation overflows, runs for days, or means nothing.
MAX_PARTICIPANTS = 1_000_000
MAX_FIRST = 10**9
MAX_RT_MS = 24 * 3_600_000
MAX_RT_SIGMA = 5.0  # exp(5 sigma) spreads response times by 10^10 already
MAX_RATING_NOISE = 1_000.0
MAX_BATCH = 1_000_000


def _bounded(name: str, value: float, low: float, high: float, what: str) -> None:
    if not (math.isfinite(value) and low <= value <= high):
        raise UserInputError(f"--{name}: {value} is not {what}")


def check_config(loaded: LoadedStudy, config: SimulationConfig) -> None:
    study = loaded.study
    if config.participants < 1:
        raise UserInputError("--participants: at least 1")
    if config.first < 0:
        raise UserInputError("--first: a participant number is 0 or more")
    if config.rt_median_ms <= 0 or config.rt_sigma < 0 or config.rating_noise < 0:
        raise UserInputError("--rt-median-ms must be > 0; --rt-sigma and --rating-noise >= 0")
    if config.batch < 1:
        raise UserInputError("--batch: at least 1 response per transaction")
    if not 0 < config.default_accuracy <= 1:
        raise UserInputError("--default-accuracy: an accuracy lies in (0, 1]")
    _bounded("participants", config.participants, 1, MAX_PARTICIPANTS,
             f"between 1 and {MAX_PARTICIPANTS:,}")
    _bounded("first", config.first, 0, MAX_FIRST, f"between 0 and {MAX_FIRST:,}")
    _bounded("comment-rate", config.comment_rate, 0, 1, "a probability (0 to 1)")
    _bounded("rating-noise", config.rating_noise, 0, MAX_RATING_NOISE,
             f"an SD between 0 and {MAX_RATING_NOISE:g}")
    _bounded("rt-sigma", config.rt_sigma, 0, MAX_RT_SIGMA, f"an SD between 0 and {MAX_RT_SIGMA:g}")
    _bounded("rt-median-ms", config.rt_median_ms, 1, MAX_RT_MS,
             f"a time between 1 and {MAX_RT_MS:,} ms (a day)")
    _bounded("batch", config.batch, 1, MAX_BATCH, f"between 1 and {MAX_BATCH:,}")
    for tier, p in config.accuracy.items():
        _bounded("accuracy", p, 0, 1, f"a probability for {tier!r} (0 to 1)")
    for (key, value), p in config.category_accuracy.items():
        _bounded("category-accuracy", p, 0, 1, f"a probability for {key}={value} (0 to 1)")
    tier_field(study, list(config.accuracy))
    present = {(k, v) for item in study.items for k, v in item.categories.items()}
    missing = sorted(set(config.category_accuracy) - present)
    if missing:
        names = ", ".join(f"{k}={v}" for k, v in missing)
        raise UserInputError(f"--category-accuracy: no item of study {study.id!r} has the "
                             f"category {names}")
