"""The screenshot tour's laptop sizes: a screen photographed under one of `LAPTOP_SCREENS`'
names (or a trial screen of a study in `LAPTOP_STUDIES`) is photographed again at 1280x720 and
1366x768 (the clinic laptops a study runs on), and, where asked, at 150% text size, saved as
`laptop-<size>-<screen>.png` (unnumbered, so adding a screen does not renumber the rest of the
tour). The window goes back to its size afterwards.
"""

from __future__ import annotations

from pathlib import Path

from widgets.autopilot import Autopilot
from widgets.settings import ZOOM_STEP_PT
from widgets.shell.main_window import MainWindow

LAPTOP_SIZES = ((1280, 720), (1366, 768))
ZOOM_FACTOR = 1.5  # "150%": the font zoom's steps are points, so the steps that come closest

# Tour shot name -> also at 150% text size. The pause screen joins here once it exists
# (shot by the tour as "<study>-pause").
LAPTOP_SCREENS: dict[str, bool] = {
    "lesion-vqa-demo-participant": False,  # the code screen
    "lesion-vqa-demo-trial-images-choice": True,  # a lesion case
    "poem-ratings-demo-trial-poem-rating-text": True,  # a POEMetric item
    "hume-demo-trial-cards-clustering": False,  # a free grouping item
    "chest-reader-demo-trial-images-choice-rating": True,  # a DICOM case, its window shown
    "lesion-vqa-demo-pause": True,
    "poem-ratings-demo-pause": False,
}


# Studies whose every trial screen the tour photographs (one of each kind of item) is also
# photographed at the laptop sizes, and at 150% text: the preference kinds' screens.
LAPTOP_STUDIES = ("preference-demo",)


def laptop_zoom(name: str) -> bool | None:
    """Whether the tour shot `name` is also taken at the laptop sizes: None not, else whether
    at 150% text too."""
    if name in LAPTOP_SCREENS:
        return LAPTOP_SCREENS[name]
    trial = any(name.startswith(f"{study}-trial-") for study in LAPTOP_STUDIES)
    return True if trial and not name.endswith("-answered") else None


def zoom_steps(window: MainWindow, factor: float) -> int:
    """The font zoom steps that make the base text `factor` times its size."""
    base = window.zoom.point_size - window.zoom.steps * ZOOM_STEP_PT
    return round(base * (factor - 1) / ZOOM_STEP_PT)


def take_laptop_shots(window: MainWindow, out: Path, name: str) -> list[Path]:
    """`name`'s screen at every laptop size (and zoomed, if it says so); the files saved."""
    zoomed = laptop_zoom(name)
    if zoomed is None:
        return []
    pilot = Autopilot(window, None)
    size, steps = window.size(), window.zoom.steps
    zooms = [(steps, "")]
    if zoomed:
        zooms.append((zoom_steps(window, ZOOM_FACTOR), f"-text{round(ZOOM_FACTOR * 100)}"))
    saved = []
    try:
        for zoom, suffix in zooms:
            window.zoom.set_steps(zoom)
            for width, height in LAPTOP_SIZES:
                window.resize(width, height)
                pilot.settle()
                path = out / f"laptop-{width}x{height}-{name}{suffix}.png"
                window.grab().save(str(path))
                saved.append(path)
    finally:
        window.zoom.set_steps(steps)
        window.resize(size)
        pilot.settle()
    return saved
