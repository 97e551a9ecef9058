"""A plain hint for a YAML syntax error: what a person most likely typed, and the fix.

PyYAML says what its parser met ("mapping values are not allowed here"); the mistakes
behind those words are few: a tab, a line indented unlike its neighbours, a `: ` or a `#`
in an unquoted value. The hint is read from the message and the lines around the error.
"""

from __future__ import annotations

import re

# Lines above the error to look through for an unquoted `#`: the parser often stops on a
# later line than the comment that cut a value short (a flow mapping runs on).
LINES_BEFORE = 2
# A value that starts with `#`: YAML reads it as a comment, so the value is empty.
_COMMENT_VALUE = re.compile(r"(?:^|[\s,{\[])[\w-]+:\s+#")
_QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'")
_KEY_VALUE = re.compile(r"^\s*(?:-\s+)?([\w-]+):\s+([^\"'{\[].*\S)\s*$")
# A key and the value written after it on its line (any value).
_KEY_AND_VALUE = re.compile(r"^\s*(?:-\s+)?[\w-]+:\s+(\S.*)$")
# A value that opens with a quote: it runs on, over line ends, to the next such quote.
_QUOTE_OPENED = re.compile(r"^\s*(?:-\s+)?[\w-]+:\s+([\"'].*)$")
# Lines above the error to look through for a quote not closed on its line: the quoted
# text runs on to a quote further down (often in a comment) and the error comes after it.
QUOTE_LINES_BEFORE = 20

TAB = "indent with spaces: YAML does not allow tabs there"
INDENT = (
    "this line's indentation does not match the lines above it: "
    "indent the keys of one mapping by the same number of spaces"
)
COMMENT = "text after ' #' is a comment: quote a value that starts with #, such as \"#56B4E9\""
FLOW_COLON = "inside { } or [ ], quote a value that holds ': ', ',' or '#', and close each { or ["


def syntax_hint(problem: str, text: str, line: int) -> str:
    """The hint for the error `problem` at `line` (0-based) of `text`, or ""."""
    lines = text.splitlines()
    here = lines[line] if 0 <= line < len(lines) else ""
    if "'\\t'" in problem or "\t" in here[: len(here) - len(here.lstrip())]:
        return TAB
    for above in lines[max(0, line - LINES_BEFORE) : line + 1]:
        if above.lstrip().startswith("#"):  # a comment line, whatever it says
            continue
        if _COMMENT_VALUE.search(_QUOTED.sub('""', above)):
            return COMMENT
    opened = _unclosed_quote(lines, line)
    if opened is not None:
        return (
            f"the quote that opens the value on line {opened + 1} is not closed on that line: "
            "end the text with the same quote"
        )
    if "mapping values are not allowed" in problem:
        if _indented_under_a_value(lines, line):
            return INDENT
        written = _KEY_VALUE.match(here)
        value = f'{written[1]}: "{written[2]}"' if written else '"..."'
        return f"a value with ': ' in it needs quotes: {value}"
    if "but got ':'" in problem:
        return FLOW_COLON
    if any(words in problem for words in ("expected <block end>", "expected key", "expected ':'")):
        return INDENT
    return ""


def _indented_under_a_value(lines: list[str], line: int) -> bool:
    """Whether `line` (0-based) is one `key: value` indented deeper than the line above it,
    which has a value of its own: the parser read it as that value running on, and met its
    `: ` there. A key indented by mistake, not a value to quote."""
    here = lines[line] if 0 <= line < len(lines) else ""
    written = _KEY_AND_VALUE.match(here)
    if written is None or ": " in written[1]:
        return False
    above = next(
        (
            text
            for text in reversed(lines[:line])
            if text.strip() and not text.lstrip().startswith("#")
        ),
        "",
    )
    return _KEY_AND_VALUE.match(above) is not None and _indent(here) > _indent(above)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _unclosed_quote(lines: list[str], line: int) -> int | None:
    """The nearest line at or above `line` (0-based) whose value opens a quote it does not
    close on that line, where the quoted text runs on to the error's line or past it (the
    parser met the rest of that line as what follows the text); comment lines skipped."""
    for number in range(min(line, len(lines) - 1), max(-1, line - QUOTE_LINES_BEFORE - 1), -1):
        here = lines[number]
        if here.lstrip().startswith("#"):
            continue
        value = _QUOTE_OPENED.match(here)
        if value is None or _QUOTED.match(value[1]):
            continue
        rest = "\n".join([value[1], *lines[number + 1 :]])
        quoted = _QUOTED.match(rest)
        ends = number + rest[: quoted.end()].count("\n") if quoted else len(lines)
        return number if ends >= line else None
    return None
