"""The plain hint a YAML syntax error gets (load/yamlhints.py): read from the parser's
words and the lines around the error, and none where neither says what went wrong."""

from __future__ import annotations

import pytest

from shapes_print.load.yamlhints import COMMENT, FLOW_COLON, INDENT, TAB, syntax_hint


@pytest.mark.parametrize(
    ("problem", "text", "line", "hint"),
    [
        ("found character '\\t' that cannot start any token", "a:\n\tb: 1\n", 1, TAB),
        (
            "expected <block end>, but found '<block mapping start>'",
            "a:\n  b: 1\n   c: 2\n",
            2,
            INDENT,
        ),
        # A key indented deeper than the `key: value` above it: PyYAML reads it as that
        # value running on and stops at its `: `; the indent is the mistake, not a quote.
        ("mapping values are not allowed here", "players:\n  min: 2\n    max: 5\n", 2, INDENT),
        ("mapping values are not allowed here", "title: My game\n  players: 4\n", 1, INDENT),
        ("expected ',' or '}', but got ':'", "a: {b: c: d}\n", 0, FLOW_COLON),
        # The parser stops a line after the `#` that cut the value short.
        ("expected the node content, but found '-'", "- {a: #1,\n   b: 2}\n- c\n", 2, COMMENT),
        (
            "mapping values are not allowed here",
            "# Colours: #abc (a comment says what it likes)\ntitle: Pass: and pick\n",
            1,
            "a value with ': ' in it needs quotes: title: \"Pass: and pick\"",
        ),
        # A quote left open runs the text on to a quote in a comment below; the parser
        # stops after it, on the comment's line.
        (
            "expected <block end>, but found '<scalar>'",
            'id: x\ntitle: "My game   # a note\n# the "rules". Then\nsource: a\n',
            2,
            "the quote that opens the value on line 2 is not closed on that line: "
            "end the text with the same quote",
        ),
        # A quoted text written over two lines is right: a later mistake is not blamed on it.
        (
            "expected <block end>, but found '<block mapping start>'",
            'a: "one\n  two"\nb:\n  c: 1\n   d: 2\n',
            4,
            INDENT,
        ),
        # A `#` inside quotes is text, and an error the hints do not know gets none.
        ("could not determine a constructor", 'a: "#1"\n', 0, ""),
    ],
)
def test_a_syntax_error_gets_the_hint_for_its_likely_cause(
    problem: str, text: str, line: int, hint: str
) -> None:
    assert syntax_hint(problem, text, line) == hint
