"""The tables a response kind adds of its own (`Kind.result_tables`), one <name>.csv each,
written without any exporter naming the kind. The built-in kinds add none; a kind's table
never replaces a file the export writes (it is written last and refused on a clash)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from app.results.summary import StudyResults
from exporters.csv_files import write_frames
from exporters.out_folder import name_problem


def write_kind_tables(results: StudyResults, out_dir: Path) -> list[Path]:
    frames = {}
    for name, table in results.kind_tables.items():
        file_name = f"{name}.csv"
        problem = name_problem(file_name)
        if problem or (out_dir / file_name).exists():
            raise ValueError(f"a response kind's table {name!r} cannot be written as "
                             f"{file_name}: {problem or 'the export writes a file of that name'}")
        frames[file_name] = pd.DataFrame(table.rows, columns=list(table.columns))
    return write_frames(out_dir, frames)
