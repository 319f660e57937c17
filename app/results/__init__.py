"""Results: responses as tables, scores with each benchmark's own metric, agreement. No Qt.

`compute_results(loaded, db, ResultsOptions(...))` gives every table (docs/results.md)."""

from app.results.options import ResultsOptions
from app.results.summary import StudyResults, compute_results

__all__ = ["ResultsOptions", "StudyResults", "compute_results"]
