"""`spinbench`: SpinBench's `test.jsonl` and its images -> timed A-D / Y-N items.

The source is the JSONL file, or a folder holding `test.jsonl`. Each row: `problem` (text
with `<image>` placeholders), `images` (paths relative to the image folder: `--images`, else
the folder of the JSONL file), `answer` (a letter A-D, or Y/N) and `metadata.task_type`,
split into the categories task_type, source, task, prompt_style (and variant) as SpinBench's
own evaluator does. One question per item, `answer`; lines such as `A. 45 degrees` or `B) left`
in the problem label the A-D buttons (the problem text is shown unchanged). The study shows a ready screen before
each item, so response times start from a participant who is looking.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.importers.base import ImportOptions, StudyDraft, study_header
from app.importers.images import ImageCollector
from app.importers.spinbench_tasks import answer_question, option_texts, parse_task_type
from app.importers.tables import cell_list, cell_text, sampled_rows

DEFAULT_FILE = "test.jsonl"
PLACEHOLDER = "<image>"
INSTRUCTIONS = (
    "Each item shows one or more pictures and a question about them. Answer with the letter "
    "of your choice (A-D) or Y / N, **as quickly as you can while staying accurate**: your "
    "response time is recorded. Press Space when you are ready for the next item."
)


def source_file(source: Path) -> Path:
    return source / DEFAULT_FILE if source.is_dir() else source


def build(options: ImportOptions) -> StudyDraft:
    path = source_file(options.source)
    table, problems, keep, ids, sampling = sampled_rows(path, options, "problem", "images", "answer")
    collector = ImageCollector(options.images_root, problems)
    items: list[dict[str, Any]] = []
    for done, row in enumerate(keep, start=1):
        values = table.rows[row]
        options.progress(done, len(keep), "reading problems")
        problem = cell_text(problems, row, "problem", values.get("problem"))
        answer = cell_text(problems, row, "answer", values.get("answer"))
        if answer is not None and not (len(answer) == 1 and answer.isalpha() and answer.isupper()):
            problems.add(row, "answer", f"expected a capital letter (A-D, Y or N), found {answer!r}")
            answer = None
        references = cell_list(problems, row, "images", values.get("images"))
        images = []
        for index, reference in enumerate(references or []):
            if not isinstance(reference, str):
                problems.add(row, f"images[{index}]", "expected a path")
                continue
            copied = collector.add(row, f"images[{index}]", reference)
            if copied:
                images.append({"path": copied})
        metadata = values.get("metadata")
        task_type = metadata.get("task_type") if isinstance(metadata, dict) else None
        if not isinstance(task_type, str) or not task_type.strip():
            problems.add(row, "metadata.task_type", "missing; SpinBench rows name their task type")
            continue
        if problem is None or answer is None or row not in ids:
            continue
        if problem.count(PLACEHOLDER) > len(references or []):
            problems.add(row, "problem", f"{problem.count(PLACEHOLDER)} {PLACEHOLDER} placeholders "
                         f"but {len(references or [])} images")
            continue
        items.append({
            "id": ids[row],
            "categories": parse_task_type(task_type),
            "stimulus": {"kind": "text", "text": problem, "images": images},
            "questions": [answer_question(answer, texts=option_texts(problem, PLACEHOLDER))],
        })
    problems.raise_if_any()
    study = study_header(options, default_id="spinbench-human", title="SpinBench: human baseline",
                         description=f"SpinBench items imported from {path.name}, answered with "
                         "response times.", instructions=INSTRUCTIONS)
    study["design"] = {"seed": options.seed, "shuffle_items": True, "ready_screen": True,
                       "fixation_ms": 500, "iti_ms": 300}
    study["items"] = items
    return StudyDraft(study, files=collector.files, sampling=sampling)
