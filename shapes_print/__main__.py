"""`python -m shapes_print`: the command line, importing nothing from the working folder.

`python -m` puts the working folder first on `sys.path`, so a `csv.py` or an `evil.py` beside
a downloaded game would be imported (and run) in place of the library of that name. It is
taken off before any other import; `python -P` (safe_path) never adds it.
"""

import os
import sys

if not sys.flags.safe_path and sys.path and os.path.abspath(sys.path[0] or ".") == os.getcwd():
    del sys.path[0]

from shapes_print.commands.entry import run

run()
