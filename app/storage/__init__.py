"""Durable storage: SQLite by default, PostgreSQL for lab installs."""

from app.storage.database import CorruptDatabaseError, Database, open_database

__all__ = ["CorruptDatabaseError", "Database", "open_database"]
