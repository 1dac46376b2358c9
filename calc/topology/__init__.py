"""Topology as code: the YAML subset, the schema, validation, analysis and the diagram."""
