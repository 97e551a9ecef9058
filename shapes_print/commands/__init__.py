"""Commands: the command line, the only layer that prints.

Input: the words a user types. Output: calls into the build (and `new`, `labels new`,
`schema`), and what the terminal shows: progress, summaries, tables, JSON for scripts and
one clear line for an error. No logic of its own beyond parsing and reporting.
"""
