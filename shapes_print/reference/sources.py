"""What the reference is written from and in, named once for the schemas and their cache:
the JSON Schema dialect, and reference.yaml's words for every key."""

from pathlib import Path

JSON_SCHEMA = "https://json-schema.org/draft/2020-12/schema"
# What each key means, in words, for the schemas and docs/reference.md alike.
WORDS = Path(__file__).with_name("reference.yaml")
