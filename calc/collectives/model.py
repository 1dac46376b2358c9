"""The latency-bandwidth (α-β) cost of one collective on a two-tier cluster.

A GPU sits in a scale-up domain of ``g`` GPUs (NVLink through NVSwitches) and
owns a share of the scale-out NICs. ``n`` GPUs form ``d = n / g`` domains. Each
algorithm is a list of phases; a phase says how many latency-bound steps it
takes and how many bytes one GPU sends, on which tier. Then

    time = launch + Σ steps · (α_tier + step overhead) + max over tiers (bytes_tier / (β_tier · efficiency))

The bandwidth terms of the tiers overlap because the algorithms pipeline their
chunks (NCCL moves data on NVLink and on the NICs at once); the latency terms
add. With efficiency 1 and overheads 0 this is the textbook model: a ring
AllReduce costs 2(n-1)·α + 2(n-1)/n · S/β (Patarasuk and Yuan 2009; Thakur,
Rabenseifner and Gropp 2005).

Algorithms (bytes per GPU for a buffer of S bytes, nccl-tests' size):

* ring: AllReduce 2(n-1) steps and 2(n-1)/n·S; AllGather, ReduceScatter n-1
  steps and (n-1)/n·S; Broadcast n-1 pipelined steps and S; AllToAll n-1
  pairwise exchanges of S/n. Across domains, NCCL builds one ring per NIC, so a
  GPU's NIC carries 1/g of its ring traffic and 2(d-1) of the AllReduce steps
  cross the network (NCCL tuning.cc, ``nInterSteps``).
* tree (double binary tree, AllReduce and Broadcast): a chain inside the domain
  and two binary trees across domains, 2·⌈log2 d⌉ network steps; each GPU sends
  2S in total for AllReduce (reduce up, broadcast down: NCCL's tree bandwidth
  ratio 1/2), S/g per NIC across two domains and 2S/g across three or more
  (Sanders, Speck and Träff 2009; Jeaugey 2019).
* hierarchical: ReduceScatter inside the domain, AllReduce of the 1/g shard
  across domains over all NICs in parallel, AllGather inside: 2(g-1) NVLink
  steps with 2(g-1)/g·S, 2(d-1) network steps with 2(d-1)/d·S/g. With one
  domain it is exactly the ring.
* nvls: NVLink SHARP: the NVSwitch reduces and multicasts. NCCL's NVLS kernels
  scatter each GPU's buffer to the g "heads" of the domain, the switch reduces
  each head's shard and multicasts the sum, and every GPU gathers the g shards
  back: the reduce-scatter half leaves the GPU and the all-gather half comes
  back in, so each direction of a GPU's NVLink carries (g-1)/g·S, half of what
  a ring needs. Scattering to and gathering from every peer costs the same
  2(g-1) synchronisation steps as a ring inside the domain. Its achievable
  fraction of the line rate depends on the switch generation (NCCL's cost
  model, src/tuning/nvls.cc: 0.85 on Hopper, 0.74 on Blackwell), which makes
  its bus bandwidth independent of g, as NCCL models it. Across domains NCCL
  runs a tree on top ("NVLSTree"). Only where the NVSwitch supports it (H100
  and later).

Small messages use a low-latency protocol (NCCL's LL: no per-step overhead,
a quarter of the bandwidth: 8-byte stores of 4 bytes of data plus a flag, on
fewer channels); large ones the bulk protocol. The faster of the two is taken.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calc.sources import cite

__all__ = [
    "OPS", "ALGORITHMS", "Tier", "Fabric", "Phase", "Cost", "phases", "valid_algorithms",
    "candidates", "cost", "best", "busbw_factor", "LL_FRACTION",
]

OPS = ("allreduce", "allgather", "reducescatter", "alltoall", "broadcast")
ALGORITHMS = ("auto", "ring", "tree", "hierarchical", "nvls")
LL_FRACTION = 0.25

SANDERS = cite(
    "sanders2009",
    "Two-tree algorithms for full bandwidth broadcast, reduction and scan",
    "Parallel Computing 35(12)", 2009, "https://doi.org/10.1016/j.parco.2009.09.001",
    authors="P. Sanders, J. Speck and J. L. Träff",
)
JEAUGEY_TREES = cite(
    "jeaugey2019-nccl24",
    "Massively Scale Your Deep Learning Training with NCCL 2.4 (double binary trees)",
    "NVIDIA Technical Blog", 2019,
    "https://developer.nvidia.com/blog/massively-scale-deep-learning-training-nccl-2-4/",
    authors="S. Jeaugey",
)
NVLS_BLOG = cite(
    "nccl-nvls-h100",
    "nccl-tests issue 212: H100 AllReduce with NVLink SHARP reaches ~480 GB/s busbw, "
    "ring ~370 GB/s (maintainer answer)",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2024, "https://github.com/NVIDIA/nccl-tests/issues/212",
)


@dataclass(frozen=True)
class Tier:
    """One level of the fabric seen from one GPU: bandwidth per direction, α per step, achievable fraction."""

    name: str
    GBps: float
    latency_us: float
    efficiency: float


@dataclass(frozen=True)
class Fabric:
    """``gpus`` GPUs in domains of ``per_domain``; calibration factors of the α-β model."""

    gpus: int
    per_domain: int
    up: Tier
    out: Tier
    nvls: bool
    nvls_efficiency: float = 1.0
    launch_us: float = 0.0
    step_overhead_us: float = 0.0

    @property
    def domain(self) -> int:
        return min(self.per_domain, self.gpus)

    @property
    def domains(self) -> int:
        return self.gpus // self.domain


@dataclass(frozen=True)
class Phase:
    """Steps and bytes one GPU sends on tier ``tier`` ("up" or "out"); ``nvls`` uses switch reduction."""

    tier: str
    steps: int
    bytes: float
    nvls: bool = False


@dataclass(frozen=True)
class Cost:
    """Time of one collective and where it goes."""

    algorithm: str
    protocol: str
    time_us: float
    latency_us: float
    bandwidth_us: float
    steps: int
    bytes_up: float
    bytes_out: float
    bound_by: str


def busbw_factor(op: str, gpus: int) -> float:
    """nccl-tests PERFORMANCE.md: 2(n-1)/n AllReduce, (n-1)/n AllGather/ReduceScatter/AllToAll, 1 Broadcast."""
    if op == "broadcast":
        return 1.0
    factor = (gpus - 1) / gpus
    return 2 * factor if op == "allreduce" else factor


def _log2_ceil(x: int) -> int:
    return max(0, math.ceil(math.log2(x))) if x > 1 else 0


def _ring(op: str, n: int, g: int, d: int, size: float) -> tuple[Phase, ...]:
    if op == "alltoall":
        return (Phase("up", g - 1, size * (g - 1) / n), Phase("out", n - g, size * (n - g) / n))
    if op == "allreduce":
        steps, inter, total = 2 * (n - 1), 2 * (d - 1), 2 * (n - 1) / n * size
    elif op == "broadcast":
        steps, inter, total = n - 1, d - 1, size
    else:
        steps, inter, total = n - 1, d - 1, (n - 1) / n * size
    if d == 1:
        return (Phase("up", steps, total),)
    return (Phase("up", steps - inter, total * (g - 1) / g), Phase("out", inter, total / g))


def _tree_net(d: int, g: int, size: float) -> Phase:
    """Double binary tree across domains for AllReduce: S/g per NIC for two domains, 2S/g beyond."""
    per_nic = 0.0 if d == 1 else (size if d == 2 else 2 * size) / g
    return Phase("out", 2 * _log2_ceil(d), per_nic)


def _tree(op: str, n: int, g: int, d: int, size: float) -> tuple[Phase, ...]:
    if op == "broadcast":
        up = Phase("up", g - 1, size if g > 1 else 0.0)
        return (up, Phase("out", _log2_ceil(d), size / g if d > 1 else 0.0))
    up = Phase("up", 2 * (g - 1), 2 * size if g > 1 else 0.0)
    return (up, _tree_net(d, g, size))


def _hierarchical(op: str, n: int, g: int, d: int, size: float) -> tuple[Phase, ...]:
    k = 2 if op == "allreduce" else 1
    up = Phase("up", k * (g - 1), k * (g - 1) / g * size)
    return (up, Phase("out", k * (d - 1), k * (d - 1) / d * size / g))


def _nvls(op: str, n: int, g: int, d: int, size: float) -> tuple[Phase, ...]:
    return (Phase("up", 2 * (g - 1), (g - 1) / g * size, nvls=True), _tree_net(d, g, size))


_BUILDERS = {"ring": _ring, "tree": _tree, "hierarchical": _hierarchical, "nvls": _nvls}


def valid_algorithms(op: str, nvls: bool) -> tuple[str, ...]:
    """Algorithms this model implements for ``op`` (``nvls`` only where the switch reduces)."""
    if op == "allreduce":
        return ("ring", "tree", "hierarchical") + (("nvls",) if nvls else ())
    if op == "broadcast":
        return ("ring", "tree")
    if op == "alltoall":
        return ("ring",)
    return ("ring", "hierarchical")


def candidates(op: str, nvls: bool) -> tuple[str, ...]:
    """What ``auto`` chooses among: the algorithms NCCL itself implements for ``op``."""
    return tuple(a for a in valid_algorithms(op, nvls) if a != "hierarchical")


def phases(algorithm: str, op: str, fabric: Fabric, size: float) -> tuple[Phase, ...]:
    n, g = fabric.gpus, fabric.domain
    return _BUILDERS[algorithm](op, n, g, fabric.domains, size)


def _tier(fabric: Fabric, name: str) -> Tier:
    return fabric.up if name == "up" else fabric.out


def _rate(fabric: Fabric, phase: Phase, low_latency: bool) -> float:
    """Bytes per µs the phase's tier sustains: 1 GB/s is 1000 bytes per µs."""
    tier = _tier(fabric, phase.tier)
    efficiency = fabric.nvls_efficiency if phase.nvls else tier.efficiency
    return tier.GBps * 1e3 * efficiency * (LL_FRACTION if low_latency else 1.0)


def _protocol_cost(fabric: Fabric, plan: tuple[Phase, ...], low_latency: bool) -> tuple[float, float, str]:
    """(latency µs, bandwidth µs, slowest tier) of ``plan`` under one protocol."""
    overhead = 0.0 if low_latency else fabric.step_overhead_us
    latency = fabric.launch_us
    up = out = 0.0
    for p in plan:
        tier = fabric.up if p.tier == "up" else fabric.out
        latency += p.steps * (tier.latency_us + overhead)
        if p.bytes > 0:
            if p.tier == "up":
                up += p.bytes / _rate(fabric, p, low_latency)
            else:
                out += p.bytes / _rate(fabric, p, low_latency)
    return (latency, up, "up") if up >= out else (latency, out, "out")


def cost(algorithm: str, op: str, fabric: Fabric, size: float) -> Cost:
    """Cost of ``op`` on ``fabric`` with ``algorithm`` (not ``auto``): the faster protocol."""
    plan = phases(algorithm, op, fabric, size)
    latency, bandwidth, bound = _protocol_cost(fabric, plan, False)
    protocol = "bulk"
    if algorithm != "nvls":
        ll_latency, ll_bandwidth, ll_bound = _protocol_cost(fabric, plan, True)
        if ll_latency + ll_bandwidth < latency + bandwidth:
            latency, bandwidth, bound, protocol = ll_latency, ll_bandwidth, ll_bound, "low-latency"
    bound_by = "latency" if latency >= bandwidth else _tier(fabric, bound).name
    return Cost(algorithm, protocol, latency + bandwidth, latency, bandwidth, sum(p.steps for p in plan),
                _bytes(plan, "up"), _bytes(plan, "out"), bound_by)


def _bytes(plan: tuple[Phase, ...], tier: str) -> float:
    return sum(p.bytes for p in plan if p.tier == tier)


def best(op: str, fabric: Fabric, size: float) -> Cost:
    """``auto``: the fastest of the algorithms NCCL implements for ``op`` on this hardware."""
    costs = [cost(a, op, fabric, size) for a in candidates(op, fabric.nvls)]
    return min(costs, key=lambda c: c.time_us)
