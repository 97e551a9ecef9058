"""Geometry: the plan's drawing primitives and the outlines they are made of.

Input: numbers in points (or the unit square a shape is defined in) and SVG path data.
Output: immutable primitives (paths, text runs, groups, pages, documents) and path
operations. Plain data, no I/O; every later stage draws with these.
"""
