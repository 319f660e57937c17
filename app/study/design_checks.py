"""Designs that are valid but flawed: warnings, not errors (`baseline-studio validate`).

A study can pass every schema check and still give its answers away (the right answer always
option A), leave a participant no way to fail an attention check, or ask for two hours of
work. These checks read the study alone (no database, no session); the ones that need the
assignment of items to participants live in `app.session.design_review`, which also gathers
these into one list for the CLI and the designer window.

Each warning names the JSON path of the first place it concerns, as errors do. scipy is
imported only where a test is run: `validate` stays quick on a study with nothing to test.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from app.kinds import kind_of
from app.kinds.base import GoldOrder, GoldPlace, item_document_ids
from app.study.defaults import metric_for
from app.study.fit import RUN_SIZES, text_fit
from app.study.model import ImagesStimulus, Item, Question, Study, TextStimulus

# A pattern this unlikely under chance is a flaw, not bad luck (one-sided tests).
ALPHA = 0.01
# Below this many questions a test of positions says nothing useful.
MIN_GROUP = 5
# Category balance: significant AND at least this strong (Cramér's V), so a large study is not
# warned about a trivial tilt.
MIN_CRAMERS_V = 0.3
DEFAULT_MAX_SESSION_MINUTES = 60.0
# Seconds a participant needs per question, for the session estimate when no database says
# better, are each kind's (`Kind.seconds_per_question`, `.seconds_per_document`; documented in
# docs/authoring.md, "Design warnings").
# Metric families that compare an answer with gold: without gold they have nothing to score.
NEEDS_GOLD = frozenset({"accuracy", "sts", "retrieval", "clustering", "auc"})


@dataclass(frozen=True)
class DesignWarning:
    where: str  # JSON path, e.g. items[3].questions[1].gold
    message: str

    def line(self) -> str:
        return f"warning: {self.where}: {self.message}"


def scored_items(study: Study) -> list[tuple[int, Item]]:
    """(index in the file, item) of the items that count in the scores: main-block trials."""
    practice = {b.id for b in study.blocks if b.kind == "practice"}
    return [(i, item) for i, item in enumerate(study.items)
            if item.block not in practice and item.role == "trial"]


def study_warnings(study: Study, *, item_seconds: float | None = None) -> list[DesignWarning]:
    """Every warning that needs the study alone. `item_seconds`: the median time per item
    measured in a database (else the documented times per question kind are used)."""
    return [*gold_position_warnings(study), *document_order_warnings(study),
            *block_balance_warnings(study), *missing_gold_warnings(study),
            *practice_repeat_warnings(study), *attention_check_warnings(study),
            *session_length_warnings(study, item_seconds=item_seconds),
            *timed_fit_warnings(study)]


# --------------------------------------------------------------------------- answer order


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def gold_position_warnings(study: Study) -> list[DesignWarning]:
    """Per question id: is the gold at one shown position far more often than chance? Only
    where options are shown in the file's order; a fixed label list (the same options in the
    same order on every item) is skipped, since there the position is the label itself."""
    groups: dict[str, list[tuple[str, GoldPlace]]] = defaultdict(list)
    shuffle = study.design.shuffle_options
    for index, item in scored_items(study):
        for q_index, q in enumerate(item.questions):
            found = kind_of(q).gold_place(q, shuffle)
            if found is not None:
                groups[q.id].append((f"items[{index}].questions[{q_index}]", found))
    out = []
    for qid, members in groups.items():
        lists = {g.labels for _, g in members}
        if len(members) < MIN_GROUP or len(lists) == 1:
            continue
        places = Counter(g.place for _, g in members)
        place, hits = places.most_common(1)[0]
        n = len(members)
        chance = float(np.mean([1 / g.n_options if place < g.n_options else 0.0
                                for _, g in members]))
        from scipy import stats

        p = stats.binomtest(hits, n, chance, alternative="greater").pvalue
        if p < ALPHA:
            where, key = next((w, g.key) for w, g in members if g.place == place)
            out.append(DesignWarning(
                f"{where}.gold",
                f"the right answer of question {qid!r} is the {_ordinal(place + 1)} option "
                f"(key {key}) in "
                f"{hits} of {n} items ({hits / n:.0%}; chance {chance:.0%}, binomial p = "
                f"{p:.1g}) and options are shown in the file's order: participants can learn "
                "the position. Spread the right answers over the positions or set "
                "design.shuffle_options to true"))
    return out


def document_order_warnings(study: Study) -> list[DesignWarning]:
    """Documents are shuffled only by design.shuffle_options. Unshuffled, their order in the
    file is what everyone sees: a warning when that order goes with the gold (relevant
    documents first, or a ranking's gold order), which a participant can pick up."""
    if study.design.shuffle_options:
        return []
    first: dict[str, str] = {}
    relevant: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    ranked: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for index, item in scored_items(study):
        docs = item_document_ids(item)
        if len(docs) < 2:
            continue
        places = {d: i / (len(docs) - 1) for i, d in enumerate(docs)}  # 0 first .. 1 last
        for q in item.questions:
            found: GoldOrder | None = kind_of(q).gold_order(q, places)
            if found is None:
                continue
            x, y = (relevant if found.test == "groups" else ranked)[q.id]
            x += found.x
            y += found.y
            first.setdefault(q.id, f"items[{index}].stimulus")
    out: list[DesignWarning] = []
    if not relevant and not ranked:
        return out
    from scipy import stats

    for qid, (yes, no) in relevant.items():
        if len(yes) >= MIN_GROUP and len(no) >= MIN_GROUP:
            p = stats.mannwhitneyu(yes, no, alternative="two-sided").pvalue
            if p < ALPHA:
                side = "earlier" if np.mean(yes) < np.mean(no) else "later"
                out.append(DesignWarning(first[qid], (
                    f"documents are never shuffled and in question {qid!r} the relevant ones "
                    f"come {side} in the list (mean place {np.mean(yes):.0%} of the way down "
                    f"vs {np.mean(no):.0%} for the others; Mann-Whitney p = {p:.1g}): set "
                    "design.shuffle_options to true")))
    for qid, (shown, gold) in ranked.items():
        if len(shown) >= MIN_GROUP:
            rho, p = stats.spearmanr(shown, gold)
            if p < ALPHA and rho > 0:
                out.append(DesignWarning(first[qid], (
                    f"documents are never shuffled and in question {qid!r} they are listed "
                    f"close to the right order (Spearman {rho:.2f}, p = {p:.1g}): set "
                    "design.shuffle_options to true")))
    return out


# --------------------------------------------------------------------------- balance


def imbalance(groups: Mapping[str, Sequence[str]]) -> tuple[float, str] | None:
    """(p, plain description of the worst cell) when category values are spread over the
    groups far from evenly (chi-square test of independence and Cramér's V), else None."""
    values = sorted({v for vs in groups.values() for v in vs})
    names = [g for g, vs in groups.items() if vs]
    if len(values) < 2 or len(names) < 2:
        return None
    table = np.array([[Counter(groups[g])[v] for v in values] for g in names], dtype=float)
    if table.sum() < 2 * len(names):
        return None
    from scipy import stats

    result = stats.chi2_contingency(table, correction=False)
    n = table.sum()
    v = float(np.sqrt(result.statistic / (n * (min(table.shape) - 1))))
    if result.pvalue >= ALPHA or v < MIN_CRAMERS_V:
        return None
    share = table / table.sum(axis=1, keepdims=True)
    overall = table.sum(axis=0) / n
    row, col = np.unravel_index(np.argmax(np.abs(share - overall)), share.shape)
    return float(result.pvalue), (
        f"{names[row]} has {int(table[row, col])} of its {int(table[row].sum())} items with "
        f"{values[col]!r} ({share[row, col]:.0%}; {overall[col]:.0%} over all; chi-square "
        f"p = {result.pvalue:.1g}, Cramér's V {v:.2f})")


def categories_by(items: Iterable[Item], group_of: dict[str, str]) -> dict[str, dict[str, list[str]]]:
    """category key -> group name -> the values of that group's items."""
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for item in items:
        group = group_of.get(item.id)
        if group is not None:
            for key, value in item.categories.items():
                out[key][group].append(value)
    return out


def block_balance_warnings(study: Study) -> list[DesignWarning]:
    """Categories spread unevenly over the main blocks: a block of only nail cases confounds
    the category with fatigue and order."""
    scored = [item for _, item in scored_items(study)]
    group_of = {item.id: f"block {item.block!r}" for item in scored}
    out = []
    for key, groups in sorted(categories_by(scored, group_of).items()):
        found = imbalance(groups)
        if found:
            out.append(DesignWarning("blocks", f"category {key!r} is unbalanced across blocks: "
                                     f"{found[1]}"))
    return out


# --------------------------------------------------------------------------- gold and items


def missing_gold_warnings(study: Study) -> list[DesignWarning]:
    """Scored questions whose metric compares with gold but that have none."""
    missing: dict[str, list[str]] = defaultdict(list)
    total: Counter[str] = Counter()
    metric_of: dict[str, str] = {}
    for index, item in scored_items(study):
        for q_index, q in enumerate(item.questions):
            metric = metric_for(q.kind, q.scoring, q)
            if not q.scoring.include or metric not in NEEDS_GOLD:
                continue
            total[q.id] += 1
            metric_of[q.id] = metric
            if _gold(q) is None:
                missing[q.id].append(f"items[{index}].questions[{q_index}].gold")
    return [DesignWarning(places[0], (
        f"{len(places)} of {total[qid]} {qid!r} questions have no gold answer but are scored "
        f"with {metric_of[qid]!r}, which compares answers with gold: add the gold answers, or "
        "set scoring.metric to 'descriptive' or scoring.include to false"))
        for qid, places in missing.items()]


def _gold(question: Question) -> object | None:
    return kind_of(question).gold(question)  # a text question has none


def _stimulus_key(item: Item) -> str:
    return json.dumps(item.stimulus.model_dump(mode="json"), sort_keys=True)


def _image_paths(item: Item) -> set[str]:
    stim = item.stimulus
    return {ref.path for ref in stim.images} if isinstance(stim, TextStimulus | ImagesStimulus) else set()


def practice_repeat_warnings(study: Study) -> list[DesignWarning]:
    """Practice items that show a main item again: the feedback after practice then tells the
    answer of a scored item."""
    practice = {b.id for b in study.blocks if b.kind == "practice"}
    main = [item for item in study.items if item.block not in practice]
    stimuli = {_stimulus_key(item): item.id for item in main}
    images = {path: item.id for item in main for path in _image_paths(item)}
    out = []
    for index, item in enumerate(study.items):
        if item.block not in practice:
            continue
        twin = stimuli.get(_stimulus_key(item)) or next(
            (images[p] for p in sorted(_image_paths(item)) if p in images), None)
        if twin is not None:
            out.append(DesignWarning(f"items[{index}].stimulus", (
                f"practice item {item.id!r} shows what main item {twin!r} shows; its feedback "
                "would tell the answer of a scored item")))
    return out


def attention_check_warnings(study: Study) -> list[DesignWarning]:
    """An attention check needs exactly one right answer: with none (no gold) nobody fails,
    with two options of the same text nobody can tell which one is meant."""
    out = []
    for index, item in enumerate(study.items):
        if item.role != "attention_check":
            continue
        if all(_gold(q) is None for q in item.questions):
            out.append(DesignWarning(f"items[{index}].questions", (
                f"attention check {item.id!r} has no gold answer, so no answer can fail it")))
        for q_index, q in enumerate(item.questions):
            right = kind_of(q).ambiguous_gold(q)
            if right is not None:
                out.append(DesignWarning(f"items[{index}].questions[{q_index}].options", (
                    f"attention check {item.id!r}: the right answer {right!r} is also the text "
                    "of another option, so the right answer is not unique")))
    return out


# --------------------------------------------------------------------------- session length


def item_seconds_estimate(item: Item) -> float:
    """Documented seconds for one item: the sum over its questions (each kind's seconds per
    question, plus per document or card)."""
    n_docs = len(item_document_ids(item))
    kinds = [kind_of(q) for q in item.questions]
    return sum(k.seconds_per_question + k.seconds_per_document * n_docs for k in kinds)


def session_seconds(study: Study, *, item_seconds: float | None = None) -> float:
    """Estimated working time of one participant: every item they are given (their share of
    the scored items, plus practice and checks) times its documented time, or times the
    measured median `item_seconds`."""
    scored = [item for _, item in scored_items(study)]
    scored_ids = {item.id for item in scored}
    others = [item for item in study.items if item.id not in scored_ids]
    m = study.assignment.items_per_participant
    share = min(m, len(scored)) / len(scored) if m and scored else 1.0
    if item_seconds is not None:
        return item_seconds * (len(others) + share * len(scored))
    return (sum(map(item_seconds_estimate, others))
            + share * sum(map(item_seconds_estimate, scored)))


def session_length_warnings(study: Study, *, item_seconds: float | None = None
                            ) -> list[DesignWarning]:
    minutes = session_seconds(study, item_seconds=item_seconds) / 60
    limit = study.design.max_session_minutes or DEFAULT_MAX_SESSION_MINUTES
    if minutes <= limit:
        return []
    basis = ("the median time per item in the database" if item_seconds is not None
             else "the documented time per question kind")
    return [DesignWarning("design.max_session_minutes", (
        f"a session takes about {minutes:.0f} minutes per participant (from {basis}), more "
        f"than {limit:g}: give each participant fewer items (assignment.items_per_participant) "
        "or raise design.max_session_minutes"))]


def timed_fit_warnings(study: Study) -> list[DesignWarning]:
    """A timed study's items whose text and images cannot be shown whole on the screens it
    runs on (app.study.fit.RUN_SIZES): one warning per screen, naming the items."""
    design = study.design
    if design.deadline_ms is None and design.fixation_ms <= 0 and not design.ready_screen:
        return []  # untimed: scrolling costs nothing that is measured
    warnings = []
    for width, height, zoom in RUN_SIZES:
        short = [(index, item, fit) for index, item in enumerate(study.items)
                 if isinstance(item.stimulus, TextStimulus)
                 and not (fit := text_fit(item.stimulus, width, height, zoom)).fits]
        if not short:
            continue
        index, _item, worst = max(short, key=lambda s: s[2].needed - s[2].available)
        text = "" if zoom == 1 else f" with {round(zoom * 100)}% text"
        ids = ", ".join(item.id for _, item, _ in short)
        warnings.append(DesignWarning(f"items[{short[0][0]}].stimulus.text", (
            f"timed item(s) {ids} cannot be shown whole at {width}x{height}{text}: "
            f"{study.items[index].id}'s text and {worst.rows} row(s) of images need at "
            f"least {worst.needed} px of height with the images at their smallest, the "
            f"window leaves about {worst.available}; the participant would scroll while the "
            "clock runs. Put images side by side (<image> <image> on one line), shorten the "
            "text, or split the item")))
    return warnings


def session_length_words(minutes: float) -> str:
    """A session's estimated length as a person reads it ("under a minute", "about 1 minute",
    "about 25 minutes"), never "about 0 minutes"."""
    if minutes < 1:
        return "under a minute"
    rounded = round(minutes)
    return f"about {rounded} minute{'s' if rounded != 1 else ''}"
