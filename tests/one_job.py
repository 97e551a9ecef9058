"""A pytest plugin, loaded before conftest.py and any test module (pyproject.toml's addopts):
the commands the tests run in their own process default to `--jobs 1`, not one per core.

Forked workers start from the test process's memory and take the caches they warm (fonts,
set paragraphs, chosen page breaks) with them when they end, so each build of a test that
builds twice started cold, and forking a large test process costs more than the work it
shares: a test file of small builds took twice the CPU. The tests of `--jobs` ask for it
by name (tests/write/test_incremental.py, test_shared_render.py, test_atomic_output.py,
tests/render/test_fast_paths.py, tests/pipeline/test_check_cache.py), and a command the
tests start as a process of its own keeps its default of one job per core.
"""

from __future__ import annotations

from shapes_print.load import defaults

# Read as the default of --jobs when the commands' modules are imported, which is after this.
defaults.CORES = 1
