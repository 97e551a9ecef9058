"""Where a message under test was written, for the refusals that name it: shared by
tests/text/test_message.py and test_message_kit_texts.py.
"""

from __future__ import annotations

from pathlib import Path

from shapes_print.errors import Source

HERE = Source(Path("game.yaml"), 1, 1)
