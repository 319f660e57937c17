"""The POEMetric rating survey: 10 statements on 1-5 and 3 comments, as study.json dicts.

Shared by the `poemetric` importer and the bundled `poem-ratings-demo` generator. The rater
sees the prompt (form and theme) and the poem, never the author: who wrote a poem lives only
in the item's categories (`author_type`: human or llm, `author`), which every rating is
grouped by. N/A is offered only where the paper allows it (imagery, literary devices; the
paper codes it 0).
"""

from __future__ import annotations

from typing import Any

AUTHOR_TYPE = "author_type"
AUTHOR = "author"
FORM = "form"
HUMAN = "human"
LLM = "llm"
FORMS = ("limerick", "sonnet", "ballad", "ghazal", "pantoum", "villanelle", "sestina")

LIKERT_ANCHORS = [
    {"value": 1, "label": "Strongly disagree"},
    {"value": 2, "label": "Disagree"},
    {"value": 3, "label": "Neither agree nor disagree"},
    {"value": 4, "label": "Agree"},
    {"value": 5, "label": "Strongly agree"},
]

# (question id, statement, N/A allowed, comment question id or None)
STATEMENTS: list[tuple[str, str, bool, str | None]] = [
    ("form", "The poem follows the requested form.", False, None),
    ("theme", "The poem follows the requested theme.", False, None),
    ("vocabulary", "The poem uses varied vocabulary.", False, None),
    ("creativity", "The poem is creative.", False, None),
    ("idiosyncrasy", "The poem is idiosyncratic: it has a voice of its own.", False, None),
    ("emotional_resonance", "The poem is emotionally resonant.", False, None),
    ("imagery", "The poem uses imagery well.", True, None),
    ("literary_devices", "The poem uses at least one of simile, metaphor, personification or "
     "allusion well.", True, "literary_devices_comment"),
    ("overall", "This is a good poem.", False, "overall_comment"),
    ("authorship", "This poem was written by a human.", False, "authorship_comment"),
]
COMMENT_PROMPTS = {
    "literary_devices_comment": "Which device, and how well is it used?",
    "overall_comment": "Why is it, or is it not, a good poem?",
    "authorship_comment": "What makes you think a human did or did not write it?",
}
RATING_IDS = [s[0] for s in STATEMENTS]
COMMENT_IDS = [s[3] for s in STATEMENTS if s[3]]
AUTHORSHIP_THRESHOLD = 4  # "agree" or "strongly agree" counts as judging the poem human


def survey_questions() -> list[dict[str, Any]]:
    """The 13 questions in the paper's order (each comment right after its statement)."""
    questions: list[dict[str, Any]] = []
    for qid, statement, allow_na, comment in STATEMENTS:
        scoring: dict[str, Any] = {"metric": "descriptive", "level": "ordinal",
                                   "group_by": AUTHOR_TYPE, "breakdown": [AUTHOR, FORM]}
        if qid == "authorship":
            scoring = {**scoring, "metric": "authorship", "options": {
                "truth_category": AUTHOR_TYPE, "positive_value": HUMAN,
                "threshold": AUTHORSHIP_THRESHOLD}}
        question: dict[str, Any] = {
            "id": qid, "kind": "rating", "prompt": statement, "min": 1, "max": 5, "step": 1,
            "anchors": LIKERT_ANCHORS, "scoring": scoring,
        }
        if allow_na:
            question["allow_na"] = True
            question["na_label"] = "N/A (none used)"
        questions.append(question)
        if comment:
            questions.append({"id": comment, "kind": "text", "prompt": COMMENT_PROMPTS[comment],
                              "required": False, "multiline": True})
    return questions


def poem_stimulus(form: str, theme: str, text: str) -> dict[str, Any]:
    """What the rater sees: the prompt and the poem (no title, no author: both could tell)."""
    return {"kind": "poem", "prompt": {"form": form, "theme": theme}, "text": text}


SURVEY_INSTRUCTIONS = (
    "You will read short poems, each written for a prompt that names a **form** and a "
    "**theme**. Some were written by people, some by language models; you are not told which.\n\n"
    "For each poem, say how much you agree with ten statements (1 = strongly disagree, "
    "5 = strongly agree). For imagery and literary devices choose **N/A** when the poem uses "
    "none. Three statements ask for a short comment; comments are optional but valuable."
)
