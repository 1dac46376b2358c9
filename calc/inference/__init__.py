"""Inference networking: moving KV caches between prefill and decode in disaggregated serving."""
