# The two commands of the README are `make run` and `make test`; each does
# its own set-up (scripts/setup.sh is idempotent and quick when done).
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test lint typecheck pytest bench setup clean i18n lock

setup:
	@bash scripts/setup.sh run

run:
	@bash scripts/setup.sh run
	@bash scripts/run-app.sh $(ARGS)

test:
	@bash scripts/setup.sh test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/python -m pytest -n auto --dist loadscope $(PYTEST_ARGS)

lint:
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck:
	$(VENV)/bin/mypy

# After changing any words: extract the messages, merge them into each catalog, compile.
i18n:
	@bash scripts/setup.sh test
	$(PY) scripts/i18n.py

bench:
	@bash scripts/setup.sh test
	$(VENV)/bin/python -m bench $(ARGS)

# Resolve the Python packages again into requirements.lock (README: "What gets installed").
lock:
	@bash scripts/lock.sh $(ARGS)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
