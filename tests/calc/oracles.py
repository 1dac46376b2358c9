"""Test oracles: slow, obviously correct versions of what the engine computes fast."""

from __future__ import annotations

from collections import Counter

from calc.topology.model import Topology

__all__ = ["summary_counts", "crc32_bitwise", "crc16_bitwise"]


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


def crc32_bitwise(data: bytes, seed: int = 0) -> int:
    """The same CRC bit by bit from its definition (reflected polynomial 0xEDB88320)."""
    crc = (seed & 0xFFFFFFFF) ^ 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def crc16_bitwise(data: bytes, seed: int = 0) -> int:
    """The same CRC bit by bit from its definition (polynomial 0x1021, MSB first)."""
    crc = 0xFFFF ^ (seed & 0xFFFF)
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc
