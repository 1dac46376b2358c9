"""Lossless RoCE: PFC headroom, DCQCN and the congestion simulator."""
