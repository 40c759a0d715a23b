# Two commands on a fresh machine: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The stamp's name carries a checksum of pyproject.toml, so a changed dependency list reinstalls.
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: setup documents run test lint typecheck unit bench clean messages chromium postgres test-postgres test-postgres-browser screenshots pyodide

setup: documents $(STAMP) pyodide

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,analysis,postgres,hands]'
	rm -f $(VENV)/.installed-*
	touch $@

# The scorepad web app at http://127.0.0.1:8000 on SQLite in the data folder every command uses
# ($BRIDGESCORE_DATA_DIR, else ~/.local/share/bridgescore; created on first run, the path printed).
run: setup
	$(BIN)/bridgescore serve

test: setup chromium lint typecheck unit test-postgres

# Pyodide (CPython for the browser), from the npm registry at a pinned version, into a git-ignored
# folder: the app serves it under /py/ so that the phone runs the scorepad's own Python offline
# (web/engine.py, docs/web.md). npm comes from Debian when it is missing.
PYODIDE_VERSION := 314.0.8
PYODIDE_STAMP   := build/pyodide/.installed-$(PYODIDE_VERSION)

pyodide: $(PYODIDE_STAMP)

$(PYODIDE_STAMP):
	@command -v npm >/dev/null || { apt-get update -qq && apt-get install -y -qq nodejs npm; }
	rm -rf build/pyodide
	npm install --prefix build/pyodide --no-save --no-package-lock --no-audit --no-fund --omit=dev \
		--ignore-scripts --loglevel=error pyodide@$(PYODIDE_VERSION)
	touch $@

# The hand records' PDF (WeasyPrint) lays text out with Debian's pango and draws the suit symbols
# with DejaVu Sans; the tests read the PDF back with poppler's pdftotext, docs/boards.md's pictures
# come from pdftoppm. Each installed only when missing.
documents:
	@{ ldconfig -p | grep -q libpangoft2-1.0 && fc-list | grep -qi 'DejaVu Sans' && command -v pdftotext >/dev/null; } || \
		{ apt-get update -qq && apt-get install -y -qq libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core poppler-utils; }

# The browser tests drive Debian's chromium (Playwright never downloads a browser here).
chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && apt-get install -y -qq chromium; }

# The store, API and club tests once more on a real local PostgreSQL (part of `make test`; the
# other tests, and those of these folders that are not about the database — tests/conftest.py
# ON_THE_BOUNDARY — run on SQLite only). `make postgres` installs PostgreSQL when missing (Debian, apt-get
# as root, else sudo), starts it and makes this checkout's own test database — its name carries a
# checksum of the checkout's path, so several checkouts on one machine never empty each other's.
# Idempotent, and quick when PostgreSQL already runs. The app itself needs only BRIDGESCORE_DATABASE_URL.
SUDO     := $(if $(filter 0,$(shell id -u)),,sudo)
AS_PG    := $(SUDO) su postgres -c
PG_DB    := bridgescore_test_$(shell printf '%s' '$(CURDIR)' | cksum | cut -d' ' -f1)
PG_URL   := postgresql+psycopg://bridgescore:bridgescore@127.0.0.1/$(PG_DB)
PG_TESTS := tests/store tests/web $(wildcard tests/club)
# The tests run on both cores (pytest-xdist); each worker has a PostgreSQL database of its own.
PYTEST_WORKERS ?= 2
# worksteal, not load: `load` hands each worker its share of the tests at the start and never takes
# it back, so the worker given the browser tests (collected first) ran alone for ten minutes after
# the other had finished (1,019 s: one worker busy 987 s, the other 367 s); a worker that runs out
# of tests takes some of the other's queue. (Not loadgroup/loadscope: docs/ARCHITECTURE.md.)
XDIST := -n $(PYTEST_WORKERS) --dist worksteal
# Python writes its compiled modules (git-ignored __pycache__ folders) even where the environment
# says not to (PYTHONDONTWRITEBYTECODE, set on some CI machines and sandboxes): without them each
# pytest worker rewrote the asserts of ~525 test files at every collection (31 s → 15 s) and every
# server and CLI process the tests start compiled the app again.
export PYTHONDONTWRITEBYTECODE :=
PG_WORKER_DBS := $(PG_DB) $(foreach n,$(shell seq 0 $$(( $(PYTEST_WORKERS) - 1 ))),$(PG_DB)_gw$(n))
# The tests' connections do not wait for PostgreSQL's WAL to reach the disk at each commit
# (synchronous_commit=off: only a crash of PostgreSQL itself could lose the last commits, which no
# test does; a killed bridgescore server loses nothing). It makes the club sessions' tests ~1.5× faster.
PG_TEST_URL := $(PG_URL)?options=-csynchronous_commit%3Doff

postgres: setup
	@command -v pg_ctlcluster >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql; }
	@version=$$(ls /etc/postgresql 2>/dev/null | sort -n | tail -1); \
	if [ -z "$$version" ]; then version=$$(ls /usr/lib/postgresql | sort -n | tail -1); \
		$(SUDO) pg_createcluster "$$version" main >/dev/null; fi; \
	pg_isready -q -h 127.0.0.1 || $(SUDO) pg_ctlcluster "$$version" main start || true; \
	for i in $$(seq 50); do pg_isready -q -h 127.0.0.1 && break; sleep 0.2; done; \
	pg_isready -h 127.0.0.1
	@$(AS_PG) "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname = 'bridgescore'\" | grep -q 1 || \
		psql -qc \"CREATE USER bridgescore WITH PASSWORD 'bridgescore'\"" 2>/dev/null || \
		$(AS_PG) "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname = 'bridgescore'\" | grep -q 1"
	@for db in $(PG_WORKER_DBS); do \
		$(AS_PG) "psql -qtc \"SELECT 1 FROM pg_database WHERE datname = '$$db'\" | grep -q 1 || \
		psql -qc \"CREATE DATABASE $$db OWNER bridgescore\"" 2>/dev/null || \
		$(AS_PG) "psql -qtc \"SELECT 1 FROM pg_database WHERE datname = '$$db'\" | grep -q 1" || exit 1; \
	done
	@echo "PostgreSQL test database: $(PG_URL)"

# Of the browser tests, only the two club evenings in chromium (tests/conftest.py EVENINGS) run on
# PostgreSQL in `make test`; `make test-postgres-browser` runs every browser test of those folders there.
test-postgres: postgres chromium
	BRIDGESCORE_TEST_DATABASE_URL='$(PG_TEST_URL)' $(BIN)/pytest -p no:cacheprovider $(XDIST) -m "postgres and (not browser or evening)" $(PG_TESTS)

test-postgres-browser: postgres chromium
	BRIDGESCORE_TEST_DATABASE_URL='$(PG_TEST_URL)' $(BIN)/pytest -p no:cacheprovider $(XDIST) -m "postgres and browser" $(PG_TESTS)

lint: setup
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: setup
	$(BIN)/mypy src tests

unit: setup
	$(BIN)/pytest $(XDIST)

# Not a test: redraw the README's phone pictures (docs/scorepad-*.png) after the pages change.
screenshots: setup chromium
	$(BIN)/python -m tests.browser.screenshots

# Benchmarks are not tests: run them by hand, record the figures in docs/performance.md.
bench: setup
	for script in benchmarks/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# Re-extract the English messages and merge them into the Russian catalog (then translate the new ones).
messages: setup
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k _ --no-location --sort-output --project bridgescore \
		-o src/bridgescore/i18n/messages.pot .
	$(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete --no-wrap -l ru -D bridgescore \
		-i src/bridgescore/i18n/messages.pot -d src/bridgescore/i18n/locales
