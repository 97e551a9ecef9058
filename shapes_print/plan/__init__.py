"""Plan stage: documents in, pages of placed primitives (points, y up) out. No I/O."""
