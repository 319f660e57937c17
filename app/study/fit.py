"""Whether a timed item's text and stacked images can be shown whole on the screens a study
runs on (a clinic laptop: 1280x720, at the normal text size and at 150%), estimated from the
study alone for `validate`: an item that cannot fit makes the participant scroll, and the
scrolling counts in the response time.

The estimate is a floor: every image row at the smallest height the trial screen scales it
down to (widgets/stimuli/rich_text.py takes these limits from here), every line of text at
the stimulus font. The window's other parts (header, footer) and the spacing between the
text's pieces are measured constants of the participant window, so a change there must be
checked against tests/widgets/test_field_timed_fit.py, which compares this estimate with the
real window for every timed bundled item.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from app.study.checks import IMAGE_PLACEHOLDER
from app.study_types.stimuli import TextStimulus

MIN_ROW_HEIGHT = 160  # px; a lone row of images is scaled down no further
MIN_STACKED_ROW = 64  # px; a row among several (a reference and four candidates)
# The screens a timed item must fit: the smallest laptop, at 100% and at 150% text.
RUN_SIZES = ((1280, 720, 1.0), (1280, 720, 1.5))
# The participant window, measured at 1280x720 (logical px): what the header, the footer and
# the margins take from the height at 100% text (they grow with the text), the stimulus
# column's share of the width, a text line at 100% (the stimulus font, 1.15 times the base),
# an average character's width, and the space between two pieces of the text.
CHROME_PX = 112
STIMULUS_SHARE = 0.57
LINE_PX = 17.5
CHAR_PX = 8.0
PIECE_GAP_PX = 10


@dataclass(frozen=True)
class FitEstimate:
    needed: int  # px of height the text and images need at the least
    available: int  # px the window leaves for them
    rows: int  # rows of images

    @property
    def fits(self) -> bool:
        return self.needed <= self.available


def text_fit(stimulus: TextStimulus, width: int, height: int, zoom: float) -> FitEstimate:
    """The least height the stimulus text and its image rows need in a window of `width` x
    `height` at `zoom` times the normal text size, and what that window leaves for them."""
    column = width * STIMULUS_SHARE
    chars_per_line = max(10, int(column / (CHAR_PX * zoom)))
    rows = 0
    lines = 0
    pieces = 0
    for line in stimulus.text.splitlines():
        parts = [p.strip() for p in line.split(IMAGE_PLACEHOLDER)]
        images = line.count(IMAGE_PLACEHOLDER)
        words = " ".join(p for p in parts if p)
        if words:
            lines += math.ceil(len(re.sub(r"[*_`#]", "", words)) / chars_per_line)
            pieces += 1
        if images:
            rows += 1
            pieces += 1
    row_px = MIN_STACKED_ROW if rows > 1 else MIN_ROW_HEIGHT
    needed = rows * row_px + round(lines * LINE_PX * zoom) + pieces * PIECE_GAP_PX
    available = height - round(CHROME_PX * zoom)
    return FitEstimate(needed, available, rows)
