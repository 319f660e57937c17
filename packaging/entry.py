"""The frozen app's entry point: the same `main` as the `baseline-studio` console script and
`python -m baseline_studio` (a double-click with no arguments opens the app)."""

import multiprocessing
import sys

from baseline_studio import main

if __name__ == "__main__":
    # A worker process started by a library (joblib under scikit-learn) re-runs this program on
    # Windows and macOS; freeze_support turns it into the worker instead of a second app.
    multiprocessing.freeze_support()
    sys.exit(main())
