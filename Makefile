# Two commands set up a fresh machine: `make run` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test lint bench install system-deps clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev]'
	@rm -f $(VENV)/.installed-* && touch $@

install: $(STAMP)

## The main job: the web app on http://127.0.0.1:8000 (SQLite under ./data, bots ready).
run: install
	$(BIN)/bgb serve

## The whole test suite, with the system packages it needs (Chromium, PostgreSQL).
test: install system-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	. scripts/test-env.sh && $(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

system-deps:
	bash scripts/install-system-deps.sh

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: install
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
