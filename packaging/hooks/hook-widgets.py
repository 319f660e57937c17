"""PyInstaller hook for `widgets`: every module of the GUI. The designer's tools are imported
when chosen (widgets.designer.tools), and only if importlib finds them; collecting them all
keeps every menu entry in the bundle. The screenshot tour is a developer tool and stays out."""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("widgets", filter=lambda name: name != "widgets.screenshots")
