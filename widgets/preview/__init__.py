"""Preview a study as a participant gets it, without recording."""
