"""Plan stage, whole kit: every file of one kit planned into pages.

Input: a resolved kit (kit/resolved.py: the game with its label set applied, its drawing
context and pictures, its file names), a `KitRequest` and the build's cache
(buildcache.py). Output: the kit's files
(`KitFile`): cards files, table sheets, host key, printing guide and the braille embosser
file, each a planned document, made by the kit's planners (plan/planners.py) in turn from
one `KitContext` (plan/kitcontext.py). Nothing here reads a file: the kit stage has.
"""

from __future__ import annotations

from shapes_print.buildcache import BuildCache
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import ResolvedKit
from shapes_print.plan.kitcontext import kit_context
from shapes_print.plan.kitsheets import SHARED_SHEETS
from shapes_print.plan.planned import KitFile, Planned
from shapes_print.plan.planners import PARTIAL_KIT, PROOF, WHOLE_KIT, kit_files

__all__ = ["SHARED_SHEETS", "KitFile", "plan_kit"]


def plan_kit(
    resolved: ResolvedKit, request: KitRequest, cache: BuildCache | None = None
) -> list[KitFile]:
    """Every file of the kit `request` asks for, from the game's kit resolved at its card
    size: a proof, the cards files a partial build asks for, or the whole kit. A build
    passes its `cache`, so its kits share what they draw alike; without one, the kit is
    planned with a cache of its own."""
    kit = kit_context(resolved, request, cache or BuildCache())
    part = request.part
    partial = part.decks or part.cards or part.boxes
    planners = PROOF if part.proof else PARTIAL_KIT if partial else WHOLE_KIT
    planned = Planned()
    for planner in planners:
        planned = planner(kit, planned)
    return kit_files(kit, planned)
