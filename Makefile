# The README's two commands: `make run` and `make test`. Both create .venv/ when it is missing
# and reinstall when pyproject.toml changes.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
export QT_API := pyside6

.PHONY: mteb-check harness-check mutation run test lint typecheck contract pytest test-slow screenshots bench package package-test schema clean translations

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

# The real mteb package for the MTEB export's check (without it that test skips with its reason).
# torch 2.13.0 is the CPU build this workplace's machines carry on disk; elsewhere pip fetches it.
mteb-check: $(STAMP)
	$(PY) -c "import mteb" 2>/dev/null || $(PY) -m pip install --quiet torch==2.13.0 mteb

# The real lm-evaluation-harness for `import lm-eval-samples` (it pulls torch, as mteb does):
# installed, then its test runs a local-file task with the harness' dummy model, offline, and
# imports the samples file it wrote (without lm_eval that test skips with its reason).
harness-check: $(STAMP)
	$(PY) -c "import lm_eval" 2>/dev/null || $(PY) -m pip install --quiet torch==2.13.0 lm_eval
	env QT_QPA_PLATFORM=offscreen HF_DATASETS_OFFLINE=1 HF_HUB_OFFLINE=1 $(PY) -m pytest -q \
		tests/test_import_lm_eval.py

run: $(STAMP)
	$(PY) -m baseline_studio run

test: lint typecheck contract pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check $(wildcard baseline_studio app widgets exporters tests benchmarks studies packaging)

typecheck: $(STAMP)
	$(VENV)/bin/mypy

contract: $(STAMP)
	$(VENV)/bin/lint-imports

# The storage, engine and export tests also run on PostgreSQL: against $BASELINE_STUDIO_TEST_PG,
# else a throwaway server from .ci/postgres, else they are skipped with a line saying why.
WITH_PG := $(if $(wildcard .ci/postgres),.ci/postgres with,)

# One pytest worker per CPU (pytest-xdist; every test has its own folder, SQLite file and
# PostgreSQL schema): about 3 min instead of ~10 on 2 cores. PYTEST_ARGS="-n 0" runs serially.
# A test that hangs is ended after pytest's `timeout` (pyproject.toml) with every thread's stack.
PYTEST_ARGS ?= -n auto

pytest: $(STAMP)
	$(WITH_PG) env QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q $(PYTEST_ARGS)

test-slow: $(STAMP)
	$(WITH_PG) env QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q --run-slow $(PYTEST_ARGS)

# Mutation testing of the modules that guard data and numbers (tests/mutation/run.py; slow:
# minutes per module). `make mutation MUTATION_ARGS=exporters/csv_safe.py` for one module.
# mutmut is installed here when missing: only this target needs it.
mutation: $(STAMP)
	$(PY) -c "import mutmut" 2>/dev/null || $(PY) -m pip install --quiet "mutmut>=3.8,<4"
	$(PY) -m tests.mutation.run $(MUTATION_ARGS)

schema: $(STAMP)
	$(PY) -m app.study.schema studies/study.schema.json

# The participant side's words in every language (assets/i18n/README.md): lupdate brings new
# strings into the .ts files (unfinished until translated), lrelease compiles the .qm the app
# loads. The .qm are committed; tests/widgets/test_i18n_files.py fails when they are not fresh.
translations: $(STAMP)
	$(PY) -m widgets.i18n_files

# Speed and memory at MedLesionVQA scale, one table (docs/performance.md); ~10 min.
# `make bench BENCH_ARGS=--quick` for a short run, `BENCH_ARGS="--only 1,4"` for some rows.
bench: $(STAMP)
	env QT_QPA_PLATFORM=offscreen $(PY) -m benchmarks.run_all $(BENCH_ARGS)

# A tour of every screen in a real window, saved to docs/screenshots/. Without a display it
# runs under Xvfb (Debian: apt-get install xvfb libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0).
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1600x1000x24")

screenshots: $(STAMP)
	env -u QT_QPA_PLATFORM $(XVFB) $(PY) -m widgets.screenshots docs/screenshots

# The installable app: a one-folder PyInstaller bundle in dist/baseline-studio/ (docs/packaging.md).
# PyInstaller comes from the `packaging` extra, installed here when it is missing.
BUNDLE := dist/baseline-studio/baseline-studio

$(VENV)/.packaging-stamp: $(STAMP)
	$(PY) -c "import PyInstaller" 2>/dev/null || $(PY) -m pip install --quiet -e '.[test,packaging]'
	@touch $@

package: $(VENV)/.packaging-stamp
	$(PY) -m widgets.i18n_files release
	$(PY) -m PyInstaller --noconfirm --log-level WARN packaging/baseline-studio.spec
	@du -sh dist/baseline-studio

# Builds the bundle, then runs the frozen app: --version, the self-test, and its pytest checks.
package-test: package
	$(BUNDLE) --version
	env QT_QPA_PLATFORM=offscreen $(BUNDLE) run --self-test
	env QT_QPA_PLATFORM=offscreen BASELINE_STUDIO_TEST_BUNDLE=1 $(PY) -m pytest -q tests/test_packaging.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
