"""Reference: what every kind of YAML file may hold, written from the models.

Input: the load stage's models and reference.yaml (what each key means). Output: JSON
Schemas for editors (`schemas/`) and docs/reference.md.
"""
