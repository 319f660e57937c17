"""The questions of HUME's four task types, as study.json dicts.

One definition serves the MTEB importers and the bundled `hume-demo` generator, so an
imported task and the demo ask the same thing with the same question ids:

| task type      | stimulus          | question id  | kind       |
|----------------|-------------------|--------------|------------|
| classification | text              | `label`      | choice     |
| STS            | pair              | `similarity` | rating     |
| reranking      | query_documents   | `relevance`  | relevance  |
| clustering     | cards             | `groups`     | clustering |

Each item carries the categories `mteb_task` and `hf_subset` that the study-level `mteb`
block points to, so the results can be written in MTEB's results format.
"""

from __future__ import annotations

from typing import Any

DOCS_PER_QUERY = 7  # HUME showed each reranking query with 7 documents
STS_MIN, STS_MAX, STS_STEP = 0.0, 5.0, 0.5

CLASSIFICATION_PROMPT = "Which label fits this text best?"
STS_PROMPT = "How similar are the meanings of the two sentences?"
RELEVANCE_PROMPT = "For each document: is it relevant to the query?"
CLUSTERING_PROMPT = (
    "Sort the texts into groups of texts that belong together. Make as many groups as you "
    "think there are and give each group a short name."
)


def mteb_block() -> dict[str, Any]:
    return {"task_category": "mteb_task", "subset_category": "hf_subset",
            "revision": "human_evaluation", "mteb_version": "1.18.0"}


def mteb_categories(task_name: str, hf_subset: str, task_type: str,
                    extra: dict[str, str] | None = None) -> dict[str, str]:
    return {"mteb_task": task_name, "hf_subset": hf_subset, "task_type": task_type,
            **(extra or {})}


def classification_question(options: list[tuple[str, str]], gold: str | None,
                            prompt: str = CLASSIFICATION_PROMPT) -> dict[str, Any]:
    """A choice among (key, label) options; HUME's headline is the majority vote's accuracy."""
    question: dict[str, Any] = {
        "id": "label", "kind": "choice", "prompt": prompt,
        "options": [{"key": k, "label": v} for k, v in options],
        "scoring": {"metric": "accuracy", "breakdown": ["hf_subset"],
                    "options": {"tie_rule": "first_sorted"}},
    }
    if gold is not None:
        question["gold"] = gold
    return question


def sts_question(gold: float | None, *, low: float = STS_MIN, high: float = STS_MAX,
                 step: float = STS_STEP, prompt: str = STS_PROMPT) -> dict[str, Any]:
    question: dict[str, Any] = {
        "id": "similarity", "kind": "rating", "prompt": prompt,
        "min": low, "max": high, "step": step,
        "anchors": [{"value": low, "label": "Completely different"},
                    {"value": high, "label": "Same meaning"}],
        "scoring": {"metric": "sts", "level": "interval", "breakdown": ["hf_subset"]},
    }
    if gold is not None:
        question["gold"] = gold
    return question


def relevance_question(gold: dict[str, int] | None,
                       prompt: str = RELEVANCE_PROMPT) -> dict[str, Any]:
    """Binary Relevant / Not relevant per document (HUME dropped full rankings)."""
    question: dict[str, Any] = {
        "id": "relevance", "kind": "relevance", "prompt": prompt,
        "grades": [{"value": 0, "label": "Not relevant"}, {"value": 1, "label": "Relevant"}],
        "scoring": {"metric": "retrieval", "level": "nominal", "breakdown": ["hf_subset"]},
    }
    if gold is not None:
        question["gold"] = gold
    return question


def clustering_question(gold: dict[str, str] | None, *, n_groups: int | None = None,
                        prompt: str = CLUSTERING_PROMPT) -> dict[str, Any]:
    question: dict[str, Any] = {
        "id": "groups", "kind": "clustering", "prompt": prompt,
        "scoring": {"metric": "clustering", "level": "nominal", "breakdown": ["hf_subset"]},
    }
    if n_groups is not None:
        question["n_groups"] = n_groups
    if gold is not None:
        question["gold"] = gold
    return question
