"""The `baseline-studio` command line. Expected errors print one line (or a list of problems)
and exit 2; only a bug produces a traceback."""

from app.cli.main import main

__all__ = ["main"]
