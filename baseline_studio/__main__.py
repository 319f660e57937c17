"""`python -m baseline_studio`: the same entry point as the `baseline-studio` console script."""

import sys

from baseline_studio import main

sys.exit(main())
