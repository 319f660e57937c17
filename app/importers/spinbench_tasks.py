"""SpinBench task names and answers.

A SpinBench item's `metadata.task_type` is one name that encodes where the images come from,
what is asked and how the prompt is laid out, e.g. `car_rotation_classification_textfirst`
or `infinigen_spatial_relation_grounding_own_perspective_partial_occlusion`. SpinBench's own
evaluator splits it the same way: a source prefix, the task found by substring, the last
known prompt style, and variant words. Shared by the `spinbench` importer and the bundled
`spinbench-timing-demo` generator.
"""

from __future__ import annotations

import re
from typing import Any

KNOWN_SOURCES = ("object", "car", "face", "infinigen")
# Checked in this order; "canonical" views are grouped with view selection, as SpinBench does.
TASKS = (
    ("identity", "identity"),
    ("rotation_classification", "rotation_classification"),
    ("rotation_imagination", "rotation_imagination"),
    ("spatial_relation_grounding", "spatial_relation_grounding"),
    ("spatial_relation_transformation", "spatial_relation_transformation"),
    ("view_selection", "view_selection"),
    ("canonical", "view_selection"),
)
PROMPT_STYLES = ("imagefirst", "textfirst", "interleaved", "own_perspective", "viewer_perspective")
VARIANTS = ("left", "right", "back", "front", "partial_occlusion", "full_occlusion",
            "no_occlusion", "w_premise", "wo_premise")

LETTER_OPTIONS = ("A", "B", "C", "D")
YES_NO = (("Y", "Yes"), ("N", "No"))


def parse_task_type(name: str) -> dict[str, str]:
    """task_type -> categories: task_type, source, task, prompt_style and (if any) variant.

    The source is one of SpinBench's four when the name starts with it, else the name's
    first word (so other procedural sources, like this project's demo, still split).
    """
    lowered = name.strip().lower()
    source, rest = "unknown", lowered
    for known in KNOWN_SOURCES:
        if lowered.startswith(known + "_"):
            source, rest = known, lowered[len(known) + 1:]
            break
    else:
        head, _, tail = lowered.partition("_")
        if tail:
            source, rest = head, tail
    task = next((task for needle, task in TASKS if needle in rest), "unknown")
    style = "default"
    for candidate in PROMPT_STYLES:
        if candidate in rest:
            style = candidate
    # A variant counts only as whole words between underscores ("front" in "frontal" does not).
    words = f"_{rest}_"
    variants = [v for v in VARIANTS if f"_{v}_" in words]
    out = {"task_type": name.strip(), "source": source, "task": task, "prompt_style": style}
    if variants:
        out["variant"] = "+".join(variants)
    return out


# "A. 45 degrees" or "B) the left one" on a line of its own: an option's text in the problem.
_OPTION_LINE = re.compile(r"^[ \t]*([A-Z])[.)][ \t]+(\S.*?)[ \t]*$", re.MULTILINE)


def option_texts(problem: str, placeholder: str = "<image>") -> dict[str, str]:
    """The option texts named in a problem, by letter, for the choice buttons. A line that is
    only a picture ("A. <image>") gives no text (the button keeps its letter); the problem text
    itself is shown unchanged, as the models saw it."""
    texts: dict[str, str] = {}
    for letter, text in _OPTION_LINE.findall(problem):
        if text.replace(placeholder, "").strip() and letter not in texts:
            texts[letter] = text
    return texts


def answer_question(answer: str | None, *, letters: tuple[str, ...] = LETTER_OPTIONS,
                    prompt: str = "", texts: dict[str, str] | None = None) -> dict[str, Any]:
    """A choice question keyed like SpinBench answers: Y/N when the answer is Y or N, else A-D
    (more letters when an answer lies beyond D). Options are never shuffled: the letters are
    named in the problem text. `texts` (option_texts of the problem) label the A-D buttons."""
    if answer in ("Y", "N"):
        options = [{"key": k, "label": label} for k, label in YES_NO]
    else:
        keys = list(letters)
        if answer and answer not in keys and len(answer) == 1 and answer.isalpha():
            keys = [chr(c) for c in range(ord("A"), ord(answer.upper()) + 1)]
        options = [{"key": k, "label": (texts or {}).get(k, k)} for k in keys]
    question: dict[str, Any] = {
        "id": "answer", "kind": "choice", "prompt": prompt, "options": options,
        "shuffle_options": False,
        "scoring": {"metric": "accuracy", "breakdown": ["task", "source", "prompt_style"]},
    }
    if answer is not None:
        question["gold"] = answer
    return question
