"""YAML the tests read themselves (their cases, the shipped files' data they compare),
scanned and parsed by libyaml (PyYAML's CSafeLoader): the same safe tags and types as
`yaml.safe_load`, whose pure-Python scanner made reading the shipped files a second of each
worker's collection. Where PyYAML was built without libyaml it is `yaml.safe_load`."""

from __future__ import annotations

from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(text: str) -> Any:
    """`text`'s one document, as `yaml.safe_load` reads it."""
    return yaml.load(text, Loader=_LOADER)
