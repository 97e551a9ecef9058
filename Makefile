# Two commands a newcomer needs: `make print` and `make test`. Both bootstrap .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: print test bench lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

print: $(STAMP)
	$(BIN)/shapes-print build --players all --paper all

test: $(STAMP)
	$(BIN)/ruff check shapes_print tests
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check shapes_print tests

clean:
	rm -rf output/*/ output/manifest.json
