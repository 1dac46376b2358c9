"""The one rule every calculator uses for oversubscription (written N:1, down:up).

A leaf with N times less uplink than downlink bandwidth gives each GPU under it
at most 1/N of its NIC's bandwidth for traffic that leaves the leaf, when every
GPU under the leaf sends at once. If only a share ``crossing`` of a GPU's
traffic leaves the leaf, the uplinks carry N·crossing of a NIC's worth per GPU,
so the GPU runs at ``B / max(1, N · crossing)``:

* all-to-all over n GPUs, g under a leaf: crossing = (n-g)/(n-1);
* ring with ranks scattered at random: the same share of ring edges cross;
* ring with ranks packed leaf by leaf: two edges per leaf (one in, one out) for
  g GPUs, i.e. crossing = 1/g per GPU, so the ring is unaffected until N > g;
* the training-step model's data-parallel traffic with no placement
  information: crossing = 1 (every flow leaves the leaf), the upper bound.
"""

from __future__ import annotations

__all__ = ["oversubscribed_GBps", "slowdown"]


def slowdown(ratio: float, crossing: float) -> float:
    """How many times longer a bandwidth-bound transfer takes at ``ratio``:1 than at 1:1."""
    return max(1.0, ratio * crossing)


def oversubscribed_GBps(nic_GBps: float, ratio: float, crossing: float = 1.0) -> float:
    """Bandwidth per GPU at ``ratio``:1 when a share ``crossing`` of its traffic leaves the leaf."""
    return nic_GBps / slowdown(ratio, crossing)
