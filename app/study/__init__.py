"""The study format: models (`app.study.model`), loading with full validation
(`app.study.loader`), asset paths, answers, design checks.

Nothing is imported here: the response kinds (`app.kinds`) build on the format's shared pieces
(`app.study.model_base`, `model_stimuli`) while the loader checks answers through the kinds, so
importing this package must not load the loader. Import from the module that holds a name.
"""
