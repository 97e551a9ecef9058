"""Render stage: one backend per format, each drawing the same plan primitives."""
