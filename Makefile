# Two commands a newcomer needs: `make print` and `make test`. Both bootstrap .venv first:
# `make print` installs what printing needs (`pip install -e .`), the test and lint targets
# the test extras too (pytest, hypothesis, ruff, reportlab, ...: `pip install -e '.[test]'`).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: print test matrix check-files docs reference bench lint clean

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

# The test set-up holds printing's, so it counts as that too. It compiles nothing as it
# installs: the tests read bytecode from .venv/pycache (PYTHONPYCACHEPREFIX, below), never
# from beside the installed sources, and compile there only the modules they import, so
# compiling every installed module first is about 12 s of CPU no test uses.
$(TEST_STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test]'
	touch $(TEST_STAMP) $(STAMP)

print: $(STAMP)
	$(BIN)/shapes-print build --players all --paper a4,letter --labels all

# The system tools the file checks read with (poppler, Ghostscript, qpdf, liblouis, chromium)
# are installed when missing and possible (root with apt); a test whose tool is missing is
# skipped, and pytest's summary names it and how to install it. mypy checks the files
# [tool.mypy] in pyproject.toml names (shapes_print). The tests' compiled bytecode (pytest's
# rewritten test modules among it) is kept in .venv/pycache between runs, even where the
# environment says not to write it (PYTHONDONTWRITEBYTECODE): each worker would compile
# every test module again, seconds of every run.
PYCACHE := $(CURDIR)/$(VENV)/pycache
test: $(TEST_STAMP)
	scripts/install-system-tools
	$(BIN)/ruff check shapes_print tests bench
	$(BIN)/ruff format --check shapes_print tests bench
	$(BIN)/mypy
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(PYCACHE) $(BIN)/python -m pytest

# Every combination of label set, content, command, card size and output mode (issue 26):
# `make test` runs an all-pairs selection of them (95 cases, under a minute of CPU), this
# the full product (3,720 cases, about half an hour of CPU), spread case by case over the cores.
matrix: $(TEST_STAMP)
	$(BIN)/python -m pytest -m matrix --dist load tests/commands/test_combinations.py

# Built files read back with tools we did not write (poppler's pdfinfo and pdftotext,
# Ghostscript) and with pypdf and pdfium: words apart at line ends, each picture read once,
# PDF/X-4 print-shop files and their separations (black areas in black ink alone), no line
# or word finer than templates/sheet.yaml's `finest`, swell-paper line art, braille headings
# kept with their text.
# A sample of every kind of file is built into a temporary folder; a missing tool is
# skipped and named. tests/pipeline/test_file_checks.py runs the same checks under pytest.
check-files: $(TEST_STAMP)
	$(BIN)/python -m tests.filecheck

# The README's pictures: page 1 of the cards and the score sheet page of a 4-player A4 kit.
# tests/commands/test_doc_pages.py runs the same preview and fails when these files are out of date.
DOCS_PREVIEW := output/pass-and-pick/a4/4-players/preview
docs: $(STAMP)
	$(BIN)/shapes-print preview pass-and-pick --players 4 --paper a4 --dpi 72 --out output
	cp $(DOCS_PREVIEW)/pass-and-pick_4p_a4_cards_p01.png docs/cards.png
	cp $(DOCS_PREVIEW)/pass-and-pick_4p_a4_sheets_p03.png docs/score-sheet.png

# The reference: JSON Schemas in schemas/ and docs/reference.md, from the models and
# shapes_print/reference/reference.yaml. tests/reference/test_reference.py fails when either is out of date.
reference: $(STAMP)
	$(BIN)/shapes-print schema --out schemas
	$(BIN)/python -m shapes_print.reference.document

# Speed and memory at every size, against a bare reportlab floor, and the CPU the test suite
# takes against its target (some minutes; `--only` picks sections: bench/bench.py).
bench: $(TEST_STAMP)
	$(BIN)/python bench/bench.py

lint: $(TEST_STAMP)
	$(BIN)/ruff check shapes_print tests bench
	$(BIN)/ruff format --check shapes_print tests bench
	$(BIN)/mypy

clean:
	rm -rf output/*/ output/manifest.json output/index.html
