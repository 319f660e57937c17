"""Which tour shots are taken again at the laptop sizes (and at 150% text)."""

from __future__ import annotations

from widgets.screenshot_sizes import LAPTOP_SCREENS, laptop_zoom


def test_named_screens_and_every_trial_of_the_listed_studies() -> None:
    for name, zoomed in LAPTOP_SCREENS.items():
        assert laptop_zoom(name) is zoomed
    assert laptop_zoom("preference-demo-trial-cards-ranking") is True
    assert laptop_zoom("preference-demo-trial-cards-ranking-answered") is None
    assert laptop_zoom("preference-demo-consent") is None
    assert laptop_zoom("hume-demo-trial-pair-rating") is None
