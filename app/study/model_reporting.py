"""The study's `reporting` block: what only the study's designer knows and a paper on a human
baseline must report (the checklist of app.study.checklist): who the population is, how the
baseliners were recruited and paid, the ethics approval, the pre-registration, the tools they
could use. Everything the app can measure itself (counts, times, order, exclusions, tests) is
not asked here; docs/authoring.md, "Reporting".

An answer is one of the checklist's words (yes, partial, no, unknown, n/a) with a sentence of
detail; a field left out is a "missing" row of checklist.csv and a `validate` warning."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.study_types.base import StrictModel

Answer = Literal["yes", "partial", "no", "unknown", "n/a"]
EvalType = Literal["knowledge", "capabilities", "propensity", "agent"]
Modality = Literal["text", "visual", "audio", "other"]
PopulationCriterion = Literal[
    "expertise", "education", "language", "gender", "race", "socioeconomic_status", "age",
    "disabilities", "political_orientation", "digital_literacy", "ai_literacy",
    "baseline_experience", "other"]
RecruitmentStrategy = Literal["crowdsource", "convenience", "simple_random", "stratified_random",
                              "other", "unknown"]
PayUnit = Literal["hour", "session", "total"]


class Declared(StrictModel):
    """A checklist answer and why (a sentence a reviewer can check)."""

    answer: Answer
    detail: str = ""


class Pay(StrictModel):
    """Compensation: `amount` in `currency` per `unit`; per session or in total, the export
    divides by the measured time to completion for the rate per hour."""

    answer: Answer = Field(description="Were the baseliners paid (yes, partial, no, ...)?")
    amount: float | None = Field(default=None, ge=0)
    currency: str = "USD"
    unit: PayUnit = "hour"
    detail: str = ""


class Bonus(StrictModel):
    answer: Answer = Field(description="Was a performance bonus offered?")
    amount: str = Field(default="", description="How much, and the rule that decided it.")


class ItemSampling(StrictModel):
    """How the study's items were drawn from the benchmark's files: written by `import`
    (`--sample N`, `--sample-by FIELD`, `--seed`), read by checklist items 0.8 and 1.2.1."""

    source: str = Field(description="The benchmark file the items came from.")
    unit: str = Field(default="rows", description="What was drawn: rows, cases, texts of "
                      "each set.")
    population: int = Field(ge=0, description="How many the source holds.")
    size: int = Field(ge=0, description="How many the study keeps.")
    method: Literal["all", "simple_random", "stratified"]
    seed: int | None = None
    by: str | None = Field(default=None, description="The field the sample is stratified by.")
    allocation: Literal["proportional", "equal"] = Field(
        default="proportional", description="Each stratum's share: its share of the source "
        "(proportional, largest remainder) or the same for each (equal, in turn).")
    strata: dict[str, int] = Field(default_factory=dict,
                                   description="How many were drawn from each stratum.")


class Reporting(StrictModel):
    """The designer's answers to the checklist items the app cannot measure."""

    illustrative: bool = Field(
        default=False, description="True: made-up declarations of a demo study, labelled so in "
        "checklist.csv, the report and paper/checklist.tex.")
    paper_link: str | None = Field(default=None, description="0.2: the paper's address, or why "
                                   "there is none yet (e.g. 'not yet published').")
    publication_year: str | None = Field(default=None, description="0.3")
    venue: str | None = Field(default=None, description="0.4: the publication venue.")
    eval_type: list[EvalType] = Field(default_factory=list, description="0.5: type of evaluation.")
    dataset_size: int | None = Field(
        default=None, ge=1, description="0.8: items in the whole benchmark (the study may hold a "
        "sample of them; `import --sample` records it itself).")
    ai_test_set_size: int | None = Field(
        default=None, ge=1, description="0.9: items the models were run on in the benchmark, "
        "when more than the predictions the study holds.")
    item_sampling: str | None = Field(
        default=None, description="1.2.1: how the study's items were drawn from the benchmark "
        "(e.g. 'all items', 'simple random sample of 40, seed 3').")
    designed_fair: Declared | None = Field(
        default=None, description="1.5: the design does not favour humans or models, and why.")
    iterative_design: Declared | None = Field(default=None, description="1.6: pilot study, "
                                              "expert validation of the items.")
    effort_control: Declared | None = Field(default=None, description="1.7: effort (time, cost) "
                                            "controlled between humans and models.")
    power_analysis: Declared | None = Field(
        default=None, description="1.8: was the number of baseliners planned (`baseline-studio "
        "plan`); detail: the minimum detectable effect and power (1.8.1).")
    plan: str | None = Field(
        default=None, description="1.8, 1.8.1: the folder, inside the study folder, that "
        "`baseline-studio plan --out` wrote (plan.csv and plan.json); the checklist then gives "
        "the planned design and its minimum detectable gap itself.")
    ethics_review: Declared | None = Field(default=None, description="1.9: detail: the board "
                                           "and approval or exemption id.")
    preregistration: Declared | None = Field(default=None, description="1.10: detail: the link.")
    population: Declared | None = Field(
        default=None, description="2.1: the human population the results speak for.")
    population_criteria: list[PopulationCriterion] = Field(
        default_factory=list, description="2.1.1: what scopes that population.")
    recruitment: RecruitmentStrategy | None = Field(default=None, description="2.2")
    recruitment_detail: str = ""
    prequalification: Declared | None = Field(
        default=None, description="2.3 and 2.3.1: were baseliners pre-qualified or excluded "
        "before the study, and on which criteria.")
    recruitment_excluded: int | None = Field(default=None, ge=0,
                                             description="2.3.2: how many were excluded so.")
    authors_as_baseliners: Declared | None = Field(default=None, description="2.4")
    prior_exposure: Declared | None = Field(
        default=None, description="2.5: were baseliners who had seen the items excluded, how.")
    training_pay: Pay | None = Field(default=None, description="2.6.2: pay for the training.")
    pay: Pay | None = Field(default=None, description="2.7: pay for the baseline.")
    bonus: Bonus | None = Field(default=None, description="2.7.2")
    same_pay: Declared | None = Field(default=None, description="2.7.3: the same rate for "
                                      "every baseliner; if not, how it was set.")
    ui_equivalence: Declared | None = Field(default=None, description="3.3: the same interface "
                                            "for humans and models; if not, the adjustment.")
    instruction_equivalence: Declared | None = Field(
        default=None, description="3.4: the same instructions and prompt; if not, the adjustment.")
    tool_access: Declared | None = Field(
        default=None, description="3.5: the same tools for both (detail: what was allowed).")
    tool_enforcement: Declared | None = Field(
        default=None, description="3.5.1: how a ban on tools was enforced.")
    ai_tools: list[str] = Field(
        default_factory=list, description="5.1.4: AI tools and versions the baseliners could "
        "use; empty with tool_access declared: none.")
    data_availability: Declared | None = Field(
        default=None, description="5.2 and 5.2.2: the anonymised data public (detail: where, "
        "or why not).")
    individual_data: Answer | None = Field(default=None, description="5.2.1: per baseliner.")
    materials_availability: Declared | None = Field(default=None, description="5.3")
    code_availability: Declared | None = Field(default=None, description="5.4")
