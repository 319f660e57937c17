"""Durable storage: SQLite by default, PostgreSQL for lab installs."""

from app.storage.database import Database
from app.storage.opening import open_database
from app.storage.unavailable import CorruptDatabaseError

__all__ = ["CorruptDatabaseError", "Database", "open_database"]
