"""Text: the message grammar, a label set's words, fonts and fitting text into a box.

Input: texts as YAML writes them (`{players, plural, one {# player} other {# players}}`),
the values a kit fills in, and font files. Output: parsed messages, the words a page
prints in the label set's language, measured fonts, and lines that fit their box.
"""
