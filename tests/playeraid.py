"""The player aid's heading, which every copy begins with: shared by
tests/plan/test_player_aid.py and test_shipped_player_aids.py.
"""

from __future__ import annotations

HEADING = "Player aid: "
