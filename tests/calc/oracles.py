"""Test oracles: slow, obviously correct versions of what the engine computes fast."""

from __future__ import annotations

from collections import Counter

from calc.topology.model import Topology

__all__ = ["summary_counts"]


def summary_counts(topo: Topology) -> dict[str, int]:
    """Switches per tier and links per layer over compute networks (for round-trip tests)."""
    compute = {n for n, r in topo.networks.items() if r == "compute"}
    counts: Counter[str] = Counter()
    for sw in topo.switches.values():
        if sw.network in compute:
            counts[sw.tier + "s"] += 1
    for link in topo.links:
        if link.network in compute:
            counts[f"{link.layer}_links"] += link.count
    return dict(counts)
