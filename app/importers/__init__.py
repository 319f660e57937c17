"""Importers: a benchmark's own files -> a study folder (study.json + copied images).

    run_import("mteb-sts", ImportOptions(source=Path("sts.parquet"), out=Path("my-study")))

Each kind is a module with `build(options) -> StudyDraft`; `registry.KINDS` lists them.
"""
