"""The study format: models (`app.study.model`), loading with full validation
(`app.study.loader`), asset paths, answers, design checks.

The response kinds (`app.kinds`) build on the format's shared pieces, which sit below both the
kinds and the study model (`app.study_types`: base types, stimuli, what a kind reads of an item);
the study model builds its Question union from the kinds' registry, and the loader checks answers
through the kinds. Nothing is imported here: import from the module that holds a name.
"""
