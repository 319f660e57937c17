"""The session engine: what a participant sees next, and recording what they answer. No Qt."""
