"""The study format: models, loading with full validation, asset paths, answers."""

from app.study.errors import Problem, StudyError
from app.study.loader import LoadedStudy, load_study
from app.study.model import FORMAT_VERSION, Item, Study

__all__ = ["FORMAT_VERSION", "Item", "LoadedStudy", "Problem", "Study", "StudyError", "load_study"]
