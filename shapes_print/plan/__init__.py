"""Plan stage: a kit's documents into pages of placed primitives.

Input: a loaded game with its label set applied (`kit.context.DrawContext`) and a
`kit.contents.KitRequest`. Output: `plan.kit.KitFile`s, each a `Document` of pages of
primitives in points (y up), with roles for tagging, or an embosser file of braille pages.
Pure data, no I/O: "is the back of card 4 at the mirrored slot?" is a question about it.
"""
