"""The view for a trial's stimulus.

    widget = make_stimulus_widget(trial_view, image_cache)   # image_cache may be None
    widget.is_ready() / widget.ready                         # images decoded (or failed)

With an ImageCache, images decode in its worker threads and `ready` follows; without one they
decode on the spot (tests, tools). Prompts with `<image>`: widgets.stimuli.rich_text.
make_prompt_view.
"""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import (
    CardsStimulus,
    ImagesStimulus,
    PairStimulus,
    PoemStimulus,
    QueryDocumentsStimulus,
    TextStimulus,
)
from widgets.images.cache import ImageCache
from widgets.qt import QWidget
from widgets.stimuli.base import StimulusWidget
from widgets.stimuli.cards import CardsStimulusWidget
from widgets.stimuli.images import ImagesStimulusWidget
from widgets.stimuli.pair import PairStimulusWidget
from widgets.stimuli.poem import PoemStimulusWidget
from widgets.stimuli.query import QueryStimulusWidget
from widgets.stimuli.text import TextStimulusWidget


def make_stimulus_widget(view: TrialView, image_cache: ImageCache | None,
                         parent: QWidget | None = None) -> StimulusWidget:
    stim = view.stimulus
    widget: StimulusWidget
    if isinstance(stim, TextStimulus):
        widget = TextStimulusWidget(view, image_cache)
    elif isinstance(stim, ImagesStimulus):
        widget = ImagesStimulusWidget(view, image_cache)
    elif isinstance(stim, PairStimulus):
        widget = PairStimulusWidget(view)
    elif isinstance(stim, QueryDocumentsStimulus):
        widget = QueryStimulusWidget(view)
    elif isinstance(stim, CardsStimulus):
        widget = CardsStimulusWidget(view)
    elif isinstance(stim, PoemStimulus):
        widget = PoemStimulusWidget(view)
    else:
        raise TypeError(f"no view for a {type(stim).__name__}")
    if image_cache is not None and view.upcoming_images:
        # Queued after this trial's own images: the next items decode while this one is
        # answered, so their stimulus is ready the moment it is due (bench_next_images.py).
        image_cache.prefetch(view.upcoming_images)
    if parent is not None:
        widget.setParent(parent)
    return widget


def image_paths(view: TrialView) -> list[str]:
    """Every image file the trial shows (stimulus and prompts), to prefetch into the cache."""
    stim = view.stimulus
    refs = stim.images if isinstance(stim, TextStimulus | ImagesStimulus) else []
    return [str(view.image_path(ref.path)) for ref in refs]
