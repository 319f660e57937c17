"""Synthetic participants: how they answer (`answers`) and where their rows go (`sink`).
The entry point is `app.simulate`."""
