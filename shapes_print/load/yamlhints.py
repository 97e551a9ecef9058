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
    if "mapping values are not allowed" in problem:
        written = _KEY_VALUE.match(here)
        value = f'{written[1]}: "{written[2]}"' if written else '"..."'
        return f"a value with ': ' in it needs quotes: {value}"
    if "but got ':'" in problem:
        return FLOW_COLON
    if any(words in problem for words in ("expected <block end>", "expected key", "expected ':'")):
        return INDENT
    return ""
