"""A pytest plugin, loaded before conftest.py and any test module (pyproject.toml's addopts):
`build` and `check` default to one process in the tests, by the variable a user sets for
the same (SHAPES_PRINT_JOBS, load/defaults.chosen_jobs), not one per core.

Forked workers start from the test process's memory and take the caches they warm (fonts,
set paragraphs, chosen page breaks) with them when they end, so each build of a test that
builds twice started cold, and forking a large test process costs more than the work it
shares: a test file of small builds took twice the CPU. A command the tests start as a
process of its own inherits the variable too, rightly: its builds are small, and on a
machine the tests share, forking for them costs more than it saves. The tests of `--jobs`
ask for it by name (tests/write/test_incremental.py, test_shared_render.py,
test_atomic_output.py, test_interrupt.py, tests/pipeline/test_fast_batches.py,
tests/pipeline/test_check_cache.py, tests/commands/test_startup.py), and
tests/commands/test_jobs.py reads the variable as a user sets it.
"""

from __future__ import annotations

import os

from shapes_print.load.defaults import JOBS_VARIABLE

os.environ[JOBS_VARIABLE] = "1"
