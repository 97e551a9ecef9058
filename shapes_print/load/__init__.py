"""Load stage: YAML files into validated, typed models that remember where each value came from."""
