"""`python -m app`: the same entry point as the `baseline-studio` console script."""

import sys

from app.cli import main

sys.exit(main())
