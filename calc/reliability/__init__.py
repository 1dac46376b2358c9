"""Reliability at scale: failures, checkpoints and the goodput of a synchronous training job."""
