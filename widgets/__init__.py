"""Every piece of Qt: windows, screens, response widgets, image viewer, plots."""
