"""The `baseline-studio` command line, the program's entry point. Expected errors print one
line (or a list of problems) and exit 2; only a bug produces a traceback.

It sits above everything it starts: the desktop app (`widgets`), the exporters and the core
(`app`), so none of those reaches up to it (the layers contract in pyproject.toml). Why it is a
package of its own rather than `app/cli`: docs/packaging.md, "Where the entry point lives".
"""

from baseline_studio.main import main

__all__ = ["main"]
