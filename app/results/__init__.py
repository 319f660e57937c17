"""Results: responses as tables, scores with each benchmark's own metric, agreement. No Qt.

`compute_results(loaded, db, ResultsOptions(...))` gives every scored table;
`app.results.analysis.analyse` the whole analysis the exports and the window render
(docs/results.md).

The scoring modules (pandas, scipy, scikit-learn: seconds to import) load on first use of
`compute_results` or `StudyResults`, not when a light submodule such as `app.results.options`
is imported: the command line imports that for its --help and must start at once.
"""

from typing import TYPE_CHECKING, Any

from app.results.options import ResultsOptions

if TYPE_CHECKING:
    from app.results.summary import StudyResults, compute_results

__all__ = ["ResultsOptions", "StudyResults", "compute_results"]


def __getattr__(name: str) -> Any:
    if name in ("StudyResults", "compute_results"):
        from app.results import summary

        return getattr(summary, name)
    raise AttributeError(f"module 'app.results' has no attribute {name!r}")
