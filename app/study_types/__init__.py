"""The study format's shared pieces, below both the response kinds (`app.kinds`) and the study
model (`app.study.model`), which builds its Question union from the kinds: identifiers,
measurement levels and strict models (`base`), the stimuli (`stimuli`) and what a kind reads of
an item (`item`). Nothing here imports a kind or the study model, so the two meet without a
cycle (the acyclic_siblings contract in pyproject.toml)."""
