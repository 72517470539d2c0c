# Two commands set up a fresh machine: `make run` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml setup.py | cksum | cut -d' ' -f1)
# The engine modules setup.py compiles with mypyc (see docs/bots.md, "Engine speed"); editing one rebuilds them.
ENGINE_SOURCES := $(shell sed -n 's/^    "\(boardgamesbot\/[^"]*\.py\)",$$/\1/p' setup.py)
ENGINES := boardgamesbot/.engines-built
# The engine tests once more on the plain-Python path (BGB_PURE_PYTHON=1), so both paths are tested.
PURE_TESTS := tests/core tests/crosswise tests/alcatraz tests/liars_dice tests/bots

.PHONY: run test lint bench install system-deps clean

$(STAMP): pyproject.toml setup.py
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev]'
	@rm -f $(VENV)/.installed-* && touch $@ $(ENGINES)

# Rebuild the compiled engines when one of their sources changed since (a no-op without a compiler).
$(ENGINES): $(ENGINE_SOURCES) | $(STAMP)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $@

install: $(STAMP) $(ENGINES)

## The main job: the web app on http://127.0.0.1:8000 (SQLite under ./data, bots ready).
run: install
	$(BIN)/bgb serve

## The whole test suite, with the system packages it needs (Chromium, PostgreSQL).
test: install system-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -c "import boardgamesbot as b; print('engines:', 'compiled' if b.compiled() else 'plain Python')"
	. scripts/test-env.sh && $(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)
	BGB_PURE_PYTHON=1 $(BIN)/python -m pytest -n 2 $(PURE_TESTS) $(PYTEST_ARGS)

system-deps:
	bash scripts/install-system-deps.sh

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: install
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build $(ENGINES)
	find boardgamesbot -name '*.so' -delete
