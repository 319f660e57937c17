"""The registry of subcommands: each module registers one (`register(subparsers, common)`).
Adding a command = a module here + one line below."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from baseline_studio import (
    cmd_coverage,
    cmd_designer,
    cmd_export,
    cmd_import,
    cmd_import_responses,
    cmd_merge,
    cmd_plan,
    cmd_restore_backup,
    cmd_run,
    cmd_simulate,
    cmd_snapshot,
    cmd_studies,
    cmd_timing_check,
    cmd_validate,
)

Register = Callable[[argparse._SubParsersAction, argparse.ArgumentParser], None]

REGISTRY: list[Register] = [
    cmd_validate.register,
    cmd_studies.register,
    cmd_run.register,
    cmd_import_responses.register,
    cmd_import.register,
    cmd_export.register,
    cmd_restore_backup.register,
    cmd_simulate.register,
    cmd_coverage.register,
    cmd_merge.register,
    cmd_designer.register,
    cmd_snapshot.register,
    cmd_plan.register,
    cmd_timing_check.register,
]
