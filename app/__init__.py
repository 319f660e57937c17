"""Baseline Studio core: study format, storage, session engine, scoring, CLI. No Qt here."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("baseline-studio")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
