"""Plan stage: a kit's documents into pages of placed primitives.

Input: a resolved kit (`kit.resolved.ResolvedKit`: the game with its label set applied,
its drawing context with every picture and icon it draws, its file names) and a
`kit.contents.KitRequest`, made into one `plan.kitcontext.KitContext` that the kit's
planners (`plan.planners`) read in turn. Output: `plan.planned.KitFile`s, each a
`Document` of pages of primitives in points (y up), with roles for tagging, or an embosser
file of braille pages. Pure data: "is the back of card 4 at the mirrored slot?" is a
question about it; planning reads no file (tests/test_house.py holds it).
"""
