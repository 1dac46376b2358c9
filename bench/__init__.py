"""Benchmarks: commands that measure, never timed tests. ``python -m bench`` runs them all."""
