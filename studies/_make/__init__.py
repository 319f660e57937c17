"""Generators of the bundled demo studies (run with `python -m studies._make.make_all`)."""
