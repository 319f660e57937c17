"""Regenerate the six bundled demo studies (deterministic; the outputs are committed).

    .venv/bin/python -m studies._make.make_all
"""

from __future__ import annotations

from studies._make import (
    make_chest_reader,
    make_hume,
    make_lesion_vqa,
    make_poems,
    make_preferences,
    make_spinbench,
)

GENERATORS = (make_hume, make_lesion_vqa, make_poems, make_spinbench, make_preferences,
              make_chest_reader)

if __name__ == "__main__":
    for generator in GENERATORS:
        print(generator.build())
