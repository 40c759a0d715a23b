# Two commands on a fresh machine: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The stamp's name carries a checksum of pyproject.toml, so a changed dependency list reinstalls.
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: setup run test lint typecheck unit bench clean messages chromium test-postgres screenshots

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,analysis]'
	rm -f $(VENV)/.installed-*
	touch $@

# The scorepad web app at http://127.0.0.1:8000 on SQLite in ./data (created on first run).
run: setup
	$(BIN)/bridgescore serve --data-dir data

test: setup chromium lint typecheck unit

# The browser tests drive Debian's chromium (Playwright never downloads a browser here).
chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && apt-get install -y -qq chromium; }

# Optional (not part of `make test`): the store and API tests on a local PostgreSQL, which this
# installs and starts (as root, Debian). The app itself needs only BRIDGESCORE_DATABASE_URL.
PG_URL := postgresql+psycopg://bridgescore:bridgescore@127.0.0.1/bridgescore_test
test-postgres: setup
	@command -v pg_ctlcluster >/dev/null || { apt-get update -qq && apt-get install -y -qq postgresql; }
	$(BIN)/python -m pip install --quiet -e '.[dev,analysis,postgres]'
	pg_ctlcluster $$(ls /etc/postgresql | sort -n | tail -1) main start 2>/dev/null || true
	su postgres -c "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname = 'bridgescore'\" | grep -q 1 || \
		psql -qc \"CREATE USER bridgescore WITH PASSWORD 'bridgescore'\""
	su postgres -c "psql -qtc \"SELECT 1 FROM pg_database WHERE datname = 'bridgescore_test'\" | grep -q 1 || \
		psql -qc \"CREATE DATABASE bridgescore_test OWNER bridgescore\""
	BRIDGESCORE_TEST_DATABASE_URL='$(PG_URL)' $(BIN)/pytest tests/store/test_repository.py tests/web

lint: setup
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: setup
	$(BIN)/mypy src tests

unit: setup
	$(BIN)/pytest

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
