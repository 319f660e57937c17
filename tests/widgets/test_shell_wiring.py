"""Wiring between the trial screen and the widgets inside it, on the real window and a real
SQLite file: a focused image viewer keeps its keys, Enter in a group's name editor renames,
prompt images are shown before the onset, and the image cache's threads end with the window."""

from __future__ import annotations

from pathlib import Path

from tests.widgets.shell_harness import ShellApp, start_session, trim_study
from widgets.images.viewer import ImageViewer
from widgets.qt import QPushButton, Qt

IMAGE_ITEM = {"id": "img", "stimulus": {"kind": "images", "images": [{"path": "images/a.png"}]},
              "questions": [{"id": "q", "kind": "choice", "prompt": "Which?",
                             "options": [{"key": "1", "label": "One"},
                                         {"key": "2", "label": "Two"}]}]}
PROMPT_ITEM = {"id": "pim", "stimulus": {"kind": "text", "text": "Look below.",
                                         "images": [{"path": "images/a.png"}]},
               "questions": [{"id": "q", "kind": "choice", "prompt": "Is <image> blue?",
                              "options": [{"key": "Y", "label": "Yes"},
                                          {"key": "N", "label": "No"}]}]}


def _open(qtbot, folder: Path, tmp_path: Path, items: list[str],
          extra: list[dict] | None = None) -> ShellApp:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'wiring.sqlite3'}")
    start_session(app, trim_study(folder, items, extra_items=extra))
    app.wait_trial()
    return app


def _saved(app: ShellApp, item: str) -> list[object]:
    return [r for r in app.db.responses("mini") if r.item_id == item]


def test_image_keys_hold_alt_and_plain_keys_always_answer(qtbot, mini_study_dir: Path,
                                                          tmp_path: Path) -> None:
    """Issue 13: `1` answered before a click on the image and zoomed after it; F and + did
    nothing until the image had the focus. Now the image keys hold Alt and work wherever the
    focus is, and a plain key answers whether or not the image was clicked."""
    alt = Qt.KeyboardModifier.AltModifier
    app = _open(qtbot, mini_study_dir, tmp_path, [], [IMAGE_ITEM])
    viewer = app.trial.stimulus.findChildren(ImageViewer)[0]
    state = app.trial.panel.entries[0].state
    assert app.window.focusWidget() is not viewer
    fitted = viewer.zoom()
    app.key(Qt.Key.Key_Plus, "+", alt)  # the focus is on the answers: the image zooms
    assert viewer.zoom() > fitted and state.value() is None
    app.key(Qt.Key.Key_F, "", alt)
    assert viewer.zoom() == fitted
    app.key(Qt.Key.Key_1, "", alt)
    assert abs(viewer.zoom() - 1.0) < 1e-6 and state.value() is None
    viewer.setFocus()  # as a click on the image does
    qtbot.waitUntil(lambda: app.window.focusWidget() is viewer)
    before = viewer.zoom()
    app.key(Qt.Key.Key_1, "1")  # a plain 1 is option 1, focus or not
    assert state.value() == "1" and viewer.zoom() == before
    app.key(Qt.Key.Key_2, "2")
    assert state.value() == "2"
    buttons = app.trial.stimulus.findChildren(QPushButton)
    labels = {b.text() for b in buttons}
    assert "Fit  [Alt+F]" in labels and "1:1  [Alt+1]" in labels  # what the buttons say
    app.close()


def test_enter_in_a_group_name_renames_and_does_not_submit(qtbot, mini_study_dir: Path,
                                                           tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["k1"])
    widget = app.trial.panel.entries[0].widget
    widget.setFocus()
    app.key(Qt.Key.Key_N, "", Qt.KeyboardModifier.ControlModifier)  # a group with card 1
    for _ in range(3):  # the other three cards into it: the answer is complete
        app.key(Qt.Key.Key_1, "1")
    assert widget.clustering.is_complete()
    app.rename_group(widget, 1, "Cities")
    assert [g.label for g in widget.clustering.groups] == ["Cities"]
    assert app.trial.phase == "trial" and not _saved(app, "k1")  # renamed, not submitted
    app.close()


def test_prompt_images_are_shown_before_the_onset(qtbot, mini_study_dir: Path,
                                                  tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, [], [PROMPT_ITEM])
    prompt = app.trial.panel.prompts[0]
    assert len(prompt.images) == 1 and prompt.images[0].path.name == "a.png"
    assert prompt.images[0].is_ready() and prompt.images[0].error() is None
    assert prompt.images[0].isVisible() and prompt.images[0].height() > 10
    assert app.trial.onset_seen  # the onset came once the prompt's image was there
    app.close()


def test_the_image_cache_threads_end_with_the_window(qtbot, mini_study_dir: Path,
                                                     tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["v1"])
    cache = app.window.image_cache
    for name in ("a.png", "b.png"):
        cache.request(mini_study_dir / "images" / name, (4000, 4000))  # fresh decodes in flight
    app.close()
    assert cache.active_decoders() == 0  # shutdown() waited for the decoders
