"""The cost of one collective on a two-tier cluster: NCCL's algorithms, calibrated, and the textbook α-β model.

A GPU sits in a scale-up domain of ``g`` GPUs (NVLink through NVSwitches) and
owns a share of the scale-out NICs. ``n`` GPUs form ``d = n / g`` domains. Each
algorithm is a list of phases; a phase says how many latency-bound steps it
takes and how many bytes one GPU sends, on which tier.

Two ways to turn phases into time:

* **Textbook** (``Fabric.calibration is None``, the calculators' ``system=link``):

      time = launch + Σ steps · (α_tier + step overhead) + max over tiers (bytes_tier / (β_tier · efficiency))

  With efficiency 1 and overheads 0 a ring AllReduce costs
  2(n-1)·α + 2(n-1)/n · S/β (Patarasuk and Yuan 2009; Thakur, Rabenseifner and
  Gropp 2005). Small messages may use a low-latency protocol at a quarter of
  the bandwidth and no step overhead; the faster is taken.
* **Calibrated** (a system preset): the algorithm and protocol are NCCL's own
  choice (:mod:`calc.collectives.nccl`, NCCL 2.30.7's tuner), and

      time = latency_scale · NCCL latency(algorithm, protocol) + network steps · step_us(network)
             + max over tiers (bytes_tier / (β_tier · efficiency_tier · protocol factor))
             + fill(S)

  The protocol factors are NCCL's (LL half the bandwidth, LL128 0.92, tree LL
  1/3.8 and LL128 7/9 in a node or 120/128 across), and LL never moves a GPU's
  bytes faster than NCCL's LL ceiling (tuning.cc ``llMaxBws``: per GPU
  generation on one node, e.g. 141 GB/s bus bandwidth on Hopper, the host
  CPU's across nodes), whatever the links could carry. ``fill`` is the time
  before a pipelined schedule runs full (below). NVLink and NIC efficiencies,
  NVLS scale, latency scale, the fills and the per-network step latency are
  fitted once for all systems by ``tools/fit_collectives.py``
  (:mod:`calc.collectives.fitted`).

  Two of NCCL's run-time rules are transcribed rather than fitted (NCCL
  2.30.7): a collective too small to give every channel work runs on fewer
  channels and reaches that share of the bandwidth (src/enqueue.cc
  ``topoGetAlgoInfo``, :func:`calc.collectives.nccl.collective_channels`);
  and a tree with the Simple protocol is a pipeline (src/device/all_reduce.h
  ``runTreeUpDown``): each channel's share moves in chunks of one step,
  ``NCCL_BUFFSIZE / NCCL_STEPS`` (src/enqueue.cc ``calcCollChunking``; 512 KiB
  by default), up the chain of the domain's ``g`` GPUs and the tree across
  ``d`` domains and down again, ``2(g-1) + 2⌈log2 d⌉`` stages. The first
  chunk must cross every stage before the pipeline runs at the slowest
  stage's rate, so the tree adds the time of every stage but the slowest
  for one chunk per channel (``_tree_fill``); a message of one chunk per
  channel or less never fills the pipe. This replaces the fitted fill for
  tree/Simple. A ring inside one domain (and AllToAll's grouped sends) fills
  in chunks too (``_chunk_fill``): a channel moves each rank's share in chunks
  of up to 2 MiB (Simple; 562.5 KiB LL128, 512 KiB per peer for AllToAll;
  nccl.ring_chunk_bytes), fewer bytes when the share is smaller, at its share
  of the GPU's NVLink rate. Simple, which slices its chunks, leaves
  ``fill_up_chunks`` chunk times unhidden (fitted per era: Ampere's published
  runs, all of an NCCL of 2020-2022, apart from Hopper and later); LL128, whose
  steps each move one unsliced chunk, leaves ``fill_up_ll128_chunks`` per ring
  step. Either fill grows with the message until the chunk reaches NCCL's
  largest. NVLink SHARP inside one domain starts up in a time that grows with
  the buffer and then stays put (``nvls_fill_us · min(1, S /
  nvls_fill_bytes)``, both fitted): the published one-server sweeps show a
  start-up of about the same length from 32 MiB to 256 MiB, while NCCL's NVLS
  chunk doubles over that range (src/enqueue.cc ``calcCollChunking``), so it
  is not a number of chunks. Across domains the fill is ``fill_out_us ·
  min(1, S / S_sat)^γ``, fitted per network (its saturation and exponent
  shared): a network's per-message cost sets how long the pipeline takes to
  start.

The bandwidth terms of the tiers overlap because the algorithms pipeline their
chunks (NCCL moves data on NVLink and on the NICs at once); the latency terms
add.

Algorithms (bytes per GPU for a buffer of S bytes, nccl-tests' size):

* ring: AllReduce 2(n-1) steps and 2(n-1)/n·S; AllGather, ReduceScatter n-1
  steps and (n-1)/n·S; Broadcast n-1 pipelined steps and S. Across domains,
  NCCL builds one ring per NIC, so a GPU's NIC carries 1/g of its ring traffic
  and 2(d-1) of the AllReduce steps cross the network (NCCL tuning.cc,
  ``nInterSteps``).
* tree (double binary tree, AllReduce and Broadcast): a chain inside the domain
  and two binary trees across domains, 2·⌈log2 d⌉ network steps; each GPU sends
  2S in total for AllReduce (reduce up, broadcast down), S/g per NIC across two
  domains and 2S/g across three or more (Sanders, Speck and Träff 2009;
  Jeaugey 2019).
* hierarchical (textbook): ReduceScatter inside the domain, AllReduce of the
  1/g shard across domains over all NICs in parallel, AllGather inside.
* nvls: NVLink SHARP inside one domain (NCCL's kernel, src/device/all_reduce.h,
  ``NVLS_KERNEL``): each GPU copies its buffer into its share of the multicast
  memory, reduces one S/g slice with multimem loads (the switch reads that
  slice from every GPU and returns the sum) and stores the sum with a multimem
  store (the switch writes it to every GPU). Each direction of a GPU's NVLink
  carries (1 + 1/g)·S, so by its links alone the bus bandwidth, 2(g-1)/g·S/t,
  would grow with the domain as 2(g-1)/(g+1): 1.2 times the per-direction rate
  for 4 GPUs, 1.56 for 8, 1.95 for 72, at NVLink's achievable rate (the
  rings' fitted efficiency).
  NVLS is also capped at the bus bandwidth NCCL's tuner gives it, which does
  not depend on g: twice a per-generation fraction of the line rate (NCCL:
  Hopper 0.85, Blackwell 0.74, times the fitted NVLS scale). The slower bound
  sets the time: on Hopper a 4-GPU domain is link-bound (the published sweeps:
  0.77 of eight GPUs' bus bandwidth, as 1.2/1.56), while Blackwell's eight-GPU
  boards and 72-GPU racks reach the same cap (about 830 GB/s both). Across
  domains only with in-network reduction (NCCL's NVLS + CollNet): S/g per NIC.
* nvls_tree: NVLS inside each domain and a tree across (NCCL's NVLSTree).
* collnet: in-network reduction across domains (InfiniBand SHARP, NCCL's
  CollNet): ReduceScatter and AllGather inside the domain, and each NIC sends
  its S/g shard once and receives the sum once: per direction S/g, half of a
  ring's 2(d-1)/d·S/g.
* pat: NCCL's Parallel Aggregated Trees for AllGather and ReduceScatter with one
  GPU per node: a ring's bytes, log-depth latency.
* AllToAll (``p2p``): per-peer messages, not a ring: S/n to each of the g-1
  peers of the domain over NVLink and to each of the n-g others over the GPU's
  NIC; NCCL sends per-peer messages of up to 16 KiB with LL. NCCL runs every
  peer of a group at once (src/enqueue.cc: each peer gets channels of its own
  while nChannels·nRanks fits in the p2p channels, ``NCCL_P2P``), so the
  latency is one peer's: the ring's base plus one network hop if any peer is
  across the network, else one NVLink hop. The CPU proxy then serves each
  network peer's send and receive in turn (src/proxy.cc ``progressOps``), one
  fitted network step per network peer. Inside one domain each peer's bytes
  go over the few channels NCCL gives that peer (src/enqueue.cc
  ``addP2pToPlan``: parts of at least 64 KiB, at most nChannelsMin channels,
  4 of a 32-channel pool for eight GPUs), so a channel's chunk is a peer's
  bytes over its own channels, not over the whole pool
  (``nccl.p2p_peer_channels``), and fewer than all channels run below
  2 MiB on eight GPUs.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from calc.collectives import nccl
from calc.sources import cite

__all__ = [
    "OPS", "ALGORITHMS", "Tier", "Calibration", "Fabric", "Phase", "Cost", "phases", "valid_algorithms",
    "candidates", "cost", "best", "busbw_factor", "LL_FRACTION", "nccl_name", "comm_for", "choose",
    "calibrated_cost", "p2p_latency", "SANDERS", "JEAUGEY_TREES", "NVLS_BLOG", "NVLS_KERNEL", "NCCL_P2P",
]

OPS = ("allreduce", "allgather", "reducescatter", "alltoall", "broadcast")
ALGORITHMS = ("auto", "ring", "tree", "hierarchical", "nvls", "nvls_tree", "collnet", "pat")
LL_FRACTION = 0.25
P2P_LL_BYTES = 16384  # NCCL_P2P_LL_THRESHOLD: per-peer messages up to this size use LL

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
NVLS_KERNEL = cite(
    "nccl-2.30.7-nvls-allreduce",
    "NCCL 2.30.7 src/device/all_reduce.h, RunWorkColl<AllReduce, NVLS, Simple>: scatter into the multicast "
    "buffer, reduce one slice per head with multimem loads and multicast the sum, gather out",
    "NVIDIA, github.com/NVIDIA/nccl", 2026,
    "https://github.com/NVIDIA/nccl/blob/5067397c2676d5aed50042fc39e5c8ee96eb0027/src/device/all_reduce.h",
)
NCCL_P2P = cite(
    "nccl-2.30.7-p2p",
    "NCCL 2.30.7 src/enqueue.cc (scheduleP2pTasksToPlan: every peer of a grouped send/receive on channels of its "
    "own; addP2pToPlan: a peer's bytes in parts of 64 KiB to 16 MiB inside a node, over at most nChannelsMin "
    "channels), src/graph/paths.cc (ncclTopoComputeP2pChannels: the p2p channel pool and the channels a peer may "
    "use) and src/proxy.cc (progressOps: one proxy thread serves the network operations in turn)",
    "NVIDIA, github.com/NVIDIA/nccl", 2026,
    "https://github.com/NVIDIA/nccl/blob/5067397c2676d5aed50042fc39e5c8ee96eb0027/src/enqueue.cc",
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
class Calibration:
    """What the calibrated model adds to a fabric: NCCL's view of the hardware and the fitted constants."""

    arch: str
    nvlink_GBps: float
    sharp: bool
    latency_scale: float
    fill_up_chunks: float  # Simple's, of the system's GPU generation (fitted.fill_up_chunks)
    fill_out_us: float
    fill_exponent: float
    fill_saturation_bytes: float
    network_step_us: float
    profile: nccl.Profile = nccl.DEFAULT_PROFILE
    fill_up_ll128_chunks: float = 0.0  # LL128's (fitted.fill_up_chunks)
    nvls_fill_us: float = 0.0  # NVLS start-up at its largest (fitted, times the fill scale)
    nvls_fill_bytes: float = 1.0  # the buffer from which NVLS's start-up stays put (fitted)


@dataclass(frozen=True)
class Fabric:
    """``gpus`` GPUs in domains of ``per_domain``; textbook factors, or a calibration for NCCL's model."""

    gpus: int
    per_domain: int
    up: Tier
    out: Tier
    nvls: bool
    nvls_efficiency: float = 1.0
    launch_us: float = 0.0
    step_overhead_us: float = 0.0
    calibration: Calibration | None = None

    @property
    def domain(self) -> int:
        return min(self.per_domain, self.gpus)

    @property
    def domains(self) -> int:
        return self.gpus // self.domain

    @functools.cached_property
    def comm(self) -> nccl.Comm:
        """What NCCL's tuner sees of a calibrated fabric (comm_for), built once per fabric: every collective timed
        on it asks for it several times."""
        cal = self.calibration
        assert cal is not None
        nvls = self.nvls and self.domain > 1 and cal.profile.nvls
        return nccl.Comm(self.gpus, self.domains, cal.arch, cal.nvlink_GBps, self.out.GBps, nvls, cal.sharp,
                         cal.profile)


@dataclass(frozen=True)
class Phase:
    """Steps and bytes one GPU sends on tier ``tier`` ("up" or "out"); ``nvls`` uses switch reduction, at least as
    long as ``cap_bytes`` take at NVLS's capped rate (module docstring)."""

    tier: str
    steps: int
    bytes: float
    nvls: bool = False
    cap_bytes: float = 0.0


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
    channels: int = 0  # NCCL's channels for this collective (calibrated model); 0 in the textbook model


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


def _nvls_up(g: int, size: float) -> Phase:
    """NVLink SHARP in a domain of ``g``: GPU i reduces its S/g slice with multimem loads (the switch reads that
    slice from every GPU) and multicasts the sum with a multimem store (the switch writes it to every GPU). Over
    the g slices each GPU's link carries S of reads and S/g of its stores out, and S/g of sums and S of the others'
    stores in: (1 + 1/g)·S per direction, so the bus bandwidth 2(g-1)/g·S/t rises with g as 2(g-1)/(g+1)
    (NVLS_KERNEL)."""
    return Phase("up", 2 * (g - 1), (1 + 1 / g) * size, nvls=True, cap_bytes=(g - 1) / g * size)


def _collnet_net(d: int, g: int, size: float) -> Phase:
    """In-network reduction across domains: each NIC sends its S/g shard once and gets the sum once."""
    return Phase("out", 2 if d > 1 else 0, size / g if d > 1 else 0.0)


def _nvls(op: str, n: int, g: int, d: int, size: float) -> tuple[Phase, ...]:
    return (_nvls_up(g, size),) if d == 1 else (_nvls_up(g, size), _collnet_net(d, g, size))


def _nvls_tree(op: str, n: int, g: int, d: int, size: float) -> tuple[Phase, ...]:
    return (_nvls_up(g, size), _tree_net(d, g, size))


def _collnet(op: str, n: int, g: int, d: int, size: float) -> tuple[Phase, ...]:
    return (Phase("up", 2 * (g - 1), 2 * (g - 1) / g * size), _collnet_net(d, g, size))


_BUILDERS = {"ring": _ring, "tree": _tree, "hierarchical": _hierarchical, "nvls": _nvls,
             "nvls_tree": _nvls_tree, "collnet": _collnet, "pat": _ring, "p2p": _ring}


def valid_algorithms(op: str, nvls: bool) -> tuple[str, ...]:
    """Algorithms this model implements for ``op`` (``nvls`` only where the switch reduces)."""
    if op == "allreduce":
        return ("ring", "tree", "hierarchical", "collnet") + (("nvls", "nvls_tree") if nvls else ())
    if op == "broadcast":
        return ("ring", "tree")
    if op == "alltoall":
        return ("ring",)
    return ("ring", "hierarchical", "pat")


def candidates(op: str, nvls: bool) -> tuple[str, ...]:
    """What the textbook ``auto`` chooses among: ring and tree (and NVLS where the switch reduces)."""
    return tuple(a for a in valid_algorithms(op, nvls) if a in ("ring", "tree", "nvls"))


def phases(algorithm: str, op: str, fabric: Fabric, size: float) -> tuple[Phase, ...]:
    n, g = fabric.gpus, fabric.domain
    return _BUILDERS[algorithm](op, n, g, fabric.domains, size)


def _tier(fabric: Fabric, name: str) -> Tier:
    return fabric.up if name == "up" else fabric.out


def _rate(fabric: Fabric, phase: Phase, fraction: float) -> float:
    """Bytes per µs the phase's tier sustains on its links (1 GB/s is 1000 bytes per µs), NVLS traffic as any
    other."""
    tier = _tier(fabric, phase.tier)
    return tier.GBps * 1e3 * tier.efficiency * fraction


def _phase_us(fabric: Fabric, phase: Phase, fraction: float) -> float:
    """Time of one phase's bytes; NVLS's is at least its cap (module docstring)."""
    link = phase.bytes / _rate(fabric, phase, fraction)
    if not phase.nvls:
        return link
    cap = phase.cap_bytes / (_tier(fabric, phase.tier).GBps * 1e3 * fabric.nvls_efficiency * fraction)
    return max(link, cap)


def _bandwidth(fabric: Fabric, plan: tuple[Phase, ...], fraction: float) -> tuple[float, str]:
    """(µs, slower tier) to move the plan's bytes: the tiers overlap, the slower one sets the time."""
    up = sum(_phase_us(fabric, p, fraction) for p in plan if p.tier == "up" and p.bytes > 0)
    out = sum(_phase_us(fabric, p, fraction) for p in plan if p.tier == "out" and p.bytes > 0)
    return (up, "up") if up >= out else (out, "out")


def _protocol_cost(fabric: Fabric, plan: tuple[Phase, ...], low_latency: bool) -> tuple[float, float, str]:
    """Textbook (latency µs, bandwidth µs, slowest tier) of ``plan`` under one protocol."""
    overhead = 0.0 if low_latency else fabric.step_overhead_us
    latency = fabric.launch_us + sum(p.steps * (_tier(fabric, p.tier).latency_us + overhead) for p in plan)
    bandwidth, bound = _bandwidth(fabric, plan, LL_FRACTION if low_latency else 1.0)
    return latency, bandwidth, bound


def _make_cost(algorithm: str, protocol: str, fabric: Fabric, plan: tuple[Phase, ...],
               latency: float, bandwidth: float, bound: str, channels: int = 0) -> Cost:
    bound_by = "latency" if latency >= bandwidth else _tier(fabric, bound).name
    return Cost(algorithm, protocol, latency + bandwidth, latency, bandwidth, sum(p.steps for p in plan),
                _bytes(plan, "up"), _bytes(plan, "out"), bound_by, channels)


def cost(algorithm: str, op: str, fabric: Fabric, size: float) -> Cost:
    """Cost of ``op`` on ``fabric`` with ``algorithm`` (not ``auto``): NCCL's protocol, or the faster textbook one."""
    if fabric.calibration is not None:
        return calibrated_cost(algorithm, _protocol(algorithm, op, fabric, size), op, fabric, size)
    plan = phases(algorithm, op, fabric, size)
    latency, bandwidth, bound = _protocol_cost(fabric, plan, False)
    protocol = "Simple"
    if algorithm != "nvls":
        ll_latency, ll_bandwidth, ll_bound = _protocol_cost(fabric, plan, True)
        if ll_latency + ll_bandwidth < latency + bandwidth:
            latency, bandwidth, bound, protocol = ll_latency, ll_bandwidth, ll_bound, "LL"
    return _make_cost(algorithm, protocol, fabric, plan, latency, bandwidth, bound)


def _bytes(plan: tuple[Phase, ...], tier: str) -> float:
    return sum(p.bytes for p in plan if p.tier == tier)


def best(op: str, fabric: Fabric, size: float) -> Cost:
    """``auto``: NCCL's own choice on a calibrated fabric; the fastest ring or tree in the textbook model."""
    if fabric.calibration is not None:
        algorithm, protocol = choose(op, fabric, size)
        return calibrated_cost(algorithm, protocol, op, fabric, size)
    costs = [cost(a, op, fabric, size) for a in candidates(op, fabric.nvls)]
    return min(costs, key=lambda c: c.time_us)


# --- the calibrated model ---------------------------------------------------------------------------

def nccl_name(algorithm: str, fabric: Fabric) -> str:
    """NCCL's name for one of this model's algorithms (hierarchical is timed with the ring's latency)."""
    if algorithm == "collnet":
        return "collnet_direct" if fabric.domain > 1 else "collnet_chain"
    return "ring" if algorithm in ("hierarchical", "p2p") else algorithm


def _model_name(nccl_algorithm: str) -> str:
    return "collnet" if nccl_algorithm.startswith("collnet") else nccl_algorithm


def comm_for(fabric: Fabric) -> nccl.Comm:
    """What NCCL's tuner sees of the fabric: GPU generation, NVLink and NIC bandwidth, NVLS, SHARP."""
    return fabric.comm


def choose(op: str, fabric: Fabric, size: float) -> tuple[str, str]:
    """NCCL's (algorithm, protocol) for ``op``; AllToAll is NCCL's grouped send/receive (``p2p``)."""
    if op == "alltoall":
        ll = size / fabric.gpus <= P2P_LL_BYTES and nccl.protocol_allowed(comm_for(fabric), "LL")
        return "p2p", "LL" if ll else "Simple"
    algorithm, protocol = nccl.choose(comm_for(fabric), op, size)
    return _model_name(algorithm), protocol


def _protocol(algorithm: str, op: str, fabric: Fabric, size: float) -> str:
    """The protocol NCCL would run ``algorithm`` with: its cheapest enabled one (Simple if none is)."""
    comm, name = comm_for(fabric), nccl_name(algorithm, fabric)
    times = [(nccl.time_us(comm, op, name, p, size), p) for p in nccl.PROTOCOLS]
    fastest = min(times, key=lambda t: t[0])
    return fastest[1] if math.isfinite(fastest[0]) else "Simple"


def _fraction(algorithm: str, protocol: str, fabric: Fabric) -> float:
    """NCCL's protocol factors on bandwidth (tuning.cc), relative to Simple."""
    if protocol == "Simple":
        return 1.0
    if algorithm == "tree":
        if protocol == "LL":
            return 1 / 3.8
        return 7 / 9 if fabric.domains == 1 else 120 / 128
    return 0.5 if protocol == "LL" else 0.92


def _latency(algorithm: str, protocol: str, op: str, fabric: Fabric, plan: tuple[Phase, ...]) -> float:
    cal = fabric.calibration
    assert cal is not None
    net_steps = sum(p.steps for p in plan if p.tier == "out")
    if algorithm == "p2p":
        per_peer = p2p_latency(protocol, fabric)
        return cal.latency_scale * per_peer + (fabric.gpus - fabric.domain) * cal.network_step_us
    base = nccl.latency(comm_for(fabric), op, nccl_name(algorithm, fabric), protocol)
    return cal.latency_scale * base + net_steps * cal.network_step_us + fabric.launch_us


def p2p_latency(protocol: str, fabric: Fabric) -> float:
    """Every peer at once (``NCCL_P2P``): NCCL's ring base latency for ``protocol`` plus one network hop if a peer
    is across the network, else one NVLink hop (none for a single GPU)."""
    base, nvlink, net = nccl.ring_latencies(protocol)
    if fabric.gpus > fabric.domain:
        return base + net
    return base + (nvlink if fabric.domain > 1 else 0.0)


def _tree_fill(fabric: Fabric, size: float) -> float:
    """Tree/Simple pipeline fill: every stage but the slowest, for one chunk per channel (module docstring)."""
    cal = fabric.calibration
    assert cal is not None
    comm = comm_for(fabric)
    chunks = nccl.collective_channels(comm, "tree", "Simple", size) * cal.profile.buffsize_bytes / nccl.NCCL_STEPS
    per_stage = min(chunks, size)  # what one GPU's channels move through one stage for the first chunk
    g, d = fabric.domain, fabric.domains
    up = per_stage / _rate(fabric, Phase("up", 0, 0.0), 1.0)
    out = per_stage / g / _rate(fabric, Phase("out", 0, 0.0), 1.0) if d > 1 else 0.0
    stages = [up] * (2 * (g - 1)) + [out] * (2 * _log2_ceil(d))
    return sum(stages) - max(stages, default=0.0)


def _nvls_fill(fabric: Fabric, size: float) -> float:
    """NVLS on one domain: a start-up that grows with the buffer up to ``nvls_fill_bytes`` and stays put from
    there (module docstring)."""
    cal = fabric.calibration
    assert cal is not None
    return cal.nvls_fill_us * min(1.0, size / cal.nvls_fill_bytes)


def _fill(algorithm: str, protocol: str, fabric: Fabric, size: float, steps: int) -> float:
    """Time to fill the chunk pipeline: transcribed for tree/Simple, in chunks for a ring in one domain, fitted
    for NVLS in one domain and across domains (module docstring)."""
    cal = fabric.calibration
    assert cal is not None
    if algorithm == "tree" and protocol == "Simple":
        return _tree_fill(fabric, size)
    if algorithm == "nvls" and fabric.domains == 1:
        return _nvls_fill(fabric, size)
    if protocol == "LL":
        return 0.0
    if fabric.domains == 1:
        return _chunk_fill(algorithm, protocol, fabric, size, steps)
    ramp: float = min(1.0, size / cal.fill_saturation_bytes) ** cal.fill_exponent
    return cal.fill_out_us * ramp


def _chunk_fill(algorithm: str, protocol: str, fabric: Fabric, size: float, steps: int) -> float:
    """A ring (or grouped send/receive) inside one domain: chunk times of one channel that the pipeline does not
    hide. A channel moves each rank's share (for AllToAll, its part of one peer's bytes) in chunks of at most
    NCCL's chunk (nccl.ring_chunk_bytes; 512 KiB per peer for AllToAll), fewer bytes when the share is smaller,
    at its share of the GPU's NVLink rate. Simple, which
    slices its chunks, leaves ``fill_up_chunks`` of them; LL128, which moves one unsliced chunk a step, leaves
    ``fill_up_ll128_chunks`` per step of the ring's ``steps`` (module docstring)."""
    cal = fabric.calibration
    assert cal is not None
    used, full = _channels(algorithm, protocol, fabric, size)
    channel_rate = _rate(fabric, Phase("up", 0, 0.0), _fraction(algorithm, protocol, fabric)) / full
    chunks = cal.fill_up_ll128_chunks * steps if protocol == "LL128" else cal.fill_up_chunks
    return chunks * _chunk_bytes(algorithm, protocol, fabric, size, used) / channel_rate


def _chunk_bytes(algorithm: str, protocol: str, fabric: Fabric, size: float, used: int) -> float:
    """One channel's chunk: a ring's share of each rank over ``used`` channels, or one peer's bytes over the
    channels NCCL gives that peer (nccl.p2p_peer_channels), at most NCCL's chunk for the protocol."""
    cal = fabric.calibration
    assert cal is not None
    if algorithm == "p2p":
        peer_bytes = size / fabric.gpus
        return min(float(nccl.P2P_CHUNK_BYTES), peer_bytes / nccl.p2p_peer_channels(fabric.gpus, peer_bytes))
    return min(float(nccl.ring_chunk_bytes(protocol, cal.profile.buffsize_bytes)), size / (fabric.gpus * used))


def _channels(algorithm: str, protocol: str, fabric: Fabric, size: float) -> tuple[int, int]:
    """(channels NCCL gives a collective of ``size`` bytes, channels at full size): nccl.collective_channels; for
    AllToAll inside one domain, every peer's channels (nccl.p2p_peer_channels) out of NCCL's p2p pool."""
    comm = comm_for(fabric)
    if algorithm == "p2p" and fabric.domains > 1:
        return comm.channels, comm.channels
    if algorithm == "p2p":
        peer = nccl.p2p_peer_channels(fabric.gpus, size / fabric.gpus)
        return min(nccl.P2P_POOL_CHANNELS, fabric.gpus * peer), nccl.P2P_POOL_CHANNELS
    name = nccl_name(algorithm, fabric)
    return nccl.collective_channels(comm, name, protocol, size), nccl.collective_channels(comm, name, protocol, math.inf)


def _ll_capped(fabric: Fabric, plan: tuple[Phase, ...], bandwidth: float, bound: str,
               share: float) -> tuple[float, str]:
    """LL moves no faster than NCCL's LL ceiling per GPU (tuning.cc ``llMaxBws``, bus bandwidth: a GPU's bytes
    per second), whichever tier carries them; ``share`` is the channels' share in use."""
    ceiling_us = (_bytes(plan, "up") + _bytes(plan, "out")) / (nccl.ll_max_GBps(comm_for(fabric)) * 1e3 * share)
    return (ceiling_us, "up") if ceiling_us > bandwidth else (bandwidth, bound)


def calibrated_cost(algorithm: str, protocol: str, op: str, fabric: Fabric, size: float) -> Cost:
    """Time of ``algorithm``/``protocol`` on a calibrated fabric (see the module docstring)."""
    plan = phases(algorithm, op, fabric, size)
    used, full = _channels(algorithm, protocol, fabric, size)
    bandwidth, bound = _bandwidth(fabric, plan, _fraction(algorithm, protocol, fabric) * used / full)
    if protocol == "LL" and algorithm != "p2p":
        bandwidth, bound = _ll_capped(fabric, plan, bandwidth, bound, used / full)
    latency = _latency(algorithm, protocol, op, fabric, plan) + _fill(algorithm, protocol, fabric, size,
                                                                       sum(p.steps for p in plan))
    return _make_cost(algorithm, protocol, fabric, plan, latency, bandwidth, bound, used)
