"""NCCL's own cost model: the algorithm and protocol NCCL picks for a collective.

A transcription of NCCL 2.30.7 (commit 5067397c, ``NCCL_TUNING_SRC``):
``ncclTopoTuneModel`` and ``ncclTopoGetAlgoTime`` in src/graph/tuning.cc. For
every (algorithm, protocol) NCCL estimates ``time = latency + bytes /
bandwidth`` and runs the cheapest enabled one; ``choose`` does the same, so the
calculators' ``auto`` reports what NCCL's tuner would run.

What this module takes from the source, unchanged: the base and per-hop
latencies of every algorithm and protocol (µs; NVLink inside a node, the
network between nodes), the LL / LL128 bandwidth caps per GPU generation, the
protocol factors (LL half the bandwidth, LL128 0.92, tree 0.92 and a ratio of
1/2, PAT 0.75), NVLink SHARP's per-generation efficiency (Hopper 0.85,
Blackwell 0.74) and its channel counts (src/transport/nvls.cc: 16 on Hopper,
24 in one NVL72 rack, 32 across nodes), the medium-size correction of trees,
the ring "plateau" factor, and which algorithms exist for which operation
(NVLS-Tree only across nodes, NVLS across nodes and CollNet only with
in-network reduction, PAT only with one GPU per node).

What it assumes, because NCCL measures it at run time from the topology: the
graph bandwidths. Inside a node NCCL's rings carry the NVLink bandwidth of one
GPU in NCCL's units (links × 20 GB/s on Ampere, × 20.6 on Hopper, × 40.1 on
Blackwell: src/graph/topo.h); across nodes, the GPU's share of NICs, times the
GPUs of a node. On two nodes the balanced-tree pattern uses both directions of
two NICs, so its bandwidth between nodes doubles, which is why NCCL runs trees
there and nccl-tests reports tree bus bandwidths above the NIC rate
(nccl-tests#22, nccl#1576). The rings get 16 channels (32 on Blackwell).

Two run-time rules of the same release are transcribed too:

* **Channels per collective** (src/enqueue.cc ``topoGetAlgoInfo``): a ring or
  tree collective of ``nBytes`` runs on ``nc`` channels, decremented from the
  communicator's count while ``nBytes < nc · nt · threshold``, where ``nt`` is
  the protocol's thread count (src/graph/tuning.cc ``maxThreads``: LL and
  Simple 512, LL128 640, src/include/device.h) and ``threshold`` its bytes per
  thread (src/include/comm.h: LL 8, LL128 8, Simple 64; a ring with LL times
  the ranks; CollNet-Chain Simple 512). Each channel carries its share at the
  channel's bandwidth, so a message too small to give every channel work
  reaches only ``nc / channels`` of the bandwidth (``collective_channels``).
* **A transport's shipped NCCL environment** (``Profile``): a vendor may
  restrict NCCL's protocols and algorithms and load a tuner plugin whose rules
  override NCCL's choice (src/enqueue.cc calls the plugin's ``getCollInfo``
  before its own table). GCP's GPUDirect-TCPXO profile (``TCPXO_PROFILE``)
  is transcribed from its published environment and tuner configuration;
  AWS EFA on H100 and H200 (``EFA_P5_PROFILE``) and on the 8-GPU B200
  server, p6-b200 (``EFA_P6_PROFILE``), from the region tuner of its network
  plugin (:mod:`calc.collectives.ofi_tuner`), which NCCL loads with the
  plugin. ``profile_for`` gives a network's profile on a system or GPU
  generation.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from calc.collectives import ofi_tuner
from calc.collectives.ofi_tuner import Region
from calc.sources import cite

__all__ = ["ALGORITHMS", "PROTOCOLS", "Comm", "NCCL_TUNING_SRC", "NCCL_VERSION", "bandwidth", "latency",
           "time_us", "choose", "enabled", "log2i", "tree_correction", "ring_latencies", "Rule", "Profile",
           "DEFAULT_PROFILE", "TCPXO_PROFILE", "EFA_P5_PROFILE", "EFA_P6_PROFILE", "PROFILES", "profile_for",
           "tuner_region", "GCP_TCPXO_ENV", "GCP_TCPXO_TUNER", "collective_channels", "tuner_rule", "NCCL_STEPS",
           "protocol_allowed", "ll_max_GBps",
           "ring_chunk_bytes", "P2P_CHUNK_BYTES", "P2P_POOL_CHANNELS", "p2p_peer_channels"]

NCCL_VERSION = "2.30.7"
NCCL_TUNING_SRC = cite(
    "nccl-2.30.7-tuning",
    "NCCL 2.30.7 src/graph/tuning.cc (ncclTopoTuneModel, ncclTopoGetAlgoTime): base and hardware latencies, "
    "per-protocol bandwidths, NVLS efficiency, algorithm enablement; src/enqueue.cc (channels, chunking)",
    "NVIDIA, github.com/NVIDIA/nccl", 2026,
    "https://github.com/NVIDIA/nccl/blob/5067397c2676d5aed50042fc39e5c8ee96eb0027/src/graph/tuning.cc",
)
NCCL_TESTS_TREE = cite(
    "nccl-tests-22",
    "nccl-tests#22: 'Due to the nature of the NCCL tree algorithm the reported BusBW figure can exceed the "
    "actual available peak BW, when running on just 2 nodes' (maintainer answer)",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2019, "https://github.com/NVIDIA/nccl-tests/issues/22",
)

ALGORITHMS = ("tree", "ring", "collnet_direct", "collnet_chain", "nvls", "nvls_tree", "pat")
PROTOCOLS = ("LL", "LL128", "Simple")
_ARCH = {"ampere": 1, "hopper": 2, "blackwell": 3}

# tuning.cc ncclTunerConstantsDefaults, per algorithm: (LL, LL128, Simple).
_BASE_LAT = {"tree": (6.8, 14.0, 8.4), "ring": (6.6, 14.0, 8.4), "collnet_direct": (0.0, 0.0, 0.0),
             "collnet_chain": (0.0, 0.0, 0.0), "nvls": (0.0, 0.0, 0.0), "nvls_tree": (0.0, 0.0, 0.0),
             "pat": (8.0, 8.0, 8.0)}
_NVLINK_LAT = {"tree": (0.6, 1.25, 4.0), "ring": (0.6, 1.9, 3.4), "collnet_direct": (0.0, 0.0, 3.7),
               "collnet_chain": (0.0, 0.0, 2.8), "nvls": (0.0, 0.0, 25.0), "nvls_tree": (0.0, 0.0, 25.0),
               "pat": (0.0, 0.0, 4.0)}
_NET_LAT = {"tree": (5.0, 8.5, 14.0), "ring": (2.7, 4.0, 14.0), "collnet_direct": (0.0, 0.0, 31.0),
            "collnet_chain": (0.0, 0.0, 30.0), "nvls": (0.0, 0.0, 18.0), "nvls_tree": (0.0, 0.0, 20.9),
            "pat": (0.0, 0.0, 14.0)}
# Indexed [generation][nodes: 1, 2, more]; LL's cap uses the GPU on one node, the CPU (Intel) beyond.
_LL_MAX_BW = ((39.0, 39.0, 20.4), (87.7, 22.5, 19.0), (141.0, 45.0, 35.0), (282.0, 90.0, 70.0))
_RING_LL128_BW = ((20.0, 20.0, 20.0), (20.0, 20.0, 20.0), (36.7, 36.7, 36.7), (40.0, 40.0, 40.0))
_TREE_LL128_BW = ((20.0, 20.0, 20.0), (20.0, 20.0, 20.0), (36.7, 36.7, 29.0), (55.6, 31.67, 20.0))
_TREE_BW = ((26.5, 18.5, 10.0), (24.0, 23.6, 17.8), (38.7, 41.4, 36.0), (70.0, 42.8, 24.0))
_NVLS_TREE_BW = ((26.5, 18.5, 10.0), (24.0, 23.6, 17.8), (0.0, 57.7, 45.5), (0.0, 96.0, 80.0))
_NVLS_EFFICIENCY = {"ampere": 0.0, "hopper": 0.85, "blackwell": 0.74}
# ncclTopoGetAlgoTime: trees' medium-size correction, powers of two from 64 B, per protocol.
_TREE_CORRECTION = (
    (1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0),
    (1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0),
    (.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9),
)
_NET_OVERHEAD_US = 1.0  # getNetOverhead on an Intel x86 host
# topoGetAlgoInfo's channel rule: threads per channel (tuning.cc maxThreads, device.h) and bytes per thread
# (comm.h NCCL_*_THREAD_THRESHOLD; tuning.cc multiplies ring LL's by the ranks and sets CollNet's Simple to 512).
_MAX_THREADS = {"LL": 512, "LL128": 640, "Simple": 512}
NCCL_STEPS = 8  # src/include/device.h: buffer slots per connection; a step is buffsize / NCCL_STEPS
_THREAD_THRESHOLD = {"LL": 8, "LL128": 8, "Simple": 64}

GCP_TCPXO_ENV = cite(
    "gcp-tcpxo-nccl-env",
    "GCP's A3 Mega nccl-tests recipe (run_test.sh): the GPUDirect-TCPXO NCCL environment, NCCL_PROTO=Simple, "
    "NCCL_ALGO=Ring,Tree, NCCL_NVLS_ENABLE=0, NCCL_BUFFSIZE=8388608, NCCL_MIN_NCHANNELS=4, "
    "NCCL_TUNER_PLUGIN=libnccl-tuner.so with a3plus_tuner_config.textproto",
    "Google Cloud, github.com/AI-Hypercomputer/gpu-recipes", 2025,
    "https://github.com/AI-Hypercomputer/gpu-recipes/blob/d9e8da3054f67dbde980812f4d7ce146454e87d3/"
    "src/helm-charts/a3mega/nccl-tests/run_test.sh",
)
GCP_TCPXO_TUNER = cite(
    "gcp-a3plus-tuner-config",
    "GCP's default A3+ (A3 Mega, TCPXO) NCCL tuner configuration: 2 nodes x 8 ranks AllReduce TREE/SIMPLE at "
    "every size; 3-6 nodes x 8 ranks AllReduce TREE/SIMPLE below 2 MiB per rank; other collectives RING/SIMPLE "
    "(copy in apple/axlearn, axlearn/cloud/gcp/nccl/a3_mega/tuner_config.txtpb)",
    "Google Cloud, via github.com/apple/axlearn", 2025,
    "https://github.com/apple/axlearn/blob/4da5d0ec31fdfde18f41b9340f574a447f606abd/"
    "axlearn/cloud/gcp/nccl/a3_mega/tuner_config.txtpb",
)


@dataclass(frozen=True)
class Rule:
    """One tuner-plugin rule: for ``op`` on ``min_nodes <= nodes < max_nodes`` with at least ``min_ppn`` ranks
    per node and a buffer below ``max_bytes``, run ``algo`` with ``proto``."""

    op: str
    min_nodes: int
    max_nodes: int
    min_ppn: int
    max_ppn: int
    algo: str
    proto: str
    max_bytes: float = math.inf


@dataclass(frozen=True)
class Profile:
    """The NCCL environment a transport ships with: enabled protocols and algorithms, NVLS, tuner rules (a
    tuner configuration's rectangles, ``rules``; a region tuner's polygons, ``regions``: ofi_tuner)."""

    name: str
    protocols: tuple[str, ...] = PROTOCOLS
    algorithms: tuple[str, ...] = ALGORITHMS
    nvls: bool = True
    rules: tuple[Rule, ...] = ()
    regions: tuple[Region, ...] = ()
    buffsize_bytes: int = 1 << 22  # NCCL_BUFFSIZE, Simple's buffer per connection (src/init.cc DEFAULT_BUFFSIZE)


DEFAULT_PROFILE = Profile("nccl")
# GCP's TCPXO profile (GCP_TCPXO_ENV, GCP_TCPXO_TUNER). The tuner's rules for the other collectives name
# RING/SIMPLE, the only pair the environment leaves them, so only its AllReduce rules are listed. The tuner's
# "per_rank_message_size" is read as nccl-tests' buffer size (every rank's AllReduce input). Not transcribed:
# the channel counts the tuner sets for one GPU per node (2 or 4), and the environment's P2P chunk sizes.
TCPXO_PROFILE = Profile(
    "tcpxo", protocols=("Simple",), algorithms=("ring", "tree"), nvls=False, buffsize_bytes=8 << 20,
    rules=(Rule("allreduce", 2, 3, 1, 2, "tree", "Simple"), Rule("allreduce", 2, 3, 8, 1 << 30, "tree", "Simple"),
           Rule("allreduce", 3, 7, 8, 1 << 30, "tree", "Simple", max_bytes=2 * 2**20)),
)
# AWS EFA on a P5-class instance (H100 or H200): NCCL as shipped, with the plugin's region tuner (ofi_tuner).
EFA_P5_PROFILE = Profile("efa-p5", regions=ofi_tuner.P5_ALLREDUCE_8PPN)
EFA_P6_PROFILE = Profile("efa-p6", regions=ofi_tuner.P6_8PPN)
# By the collective calculator's network, or network/system or network/GPU generation where the environment differs
# by server or generation (AWS's p6-b200 is the 8-GPU B200 server; GB200 on AWS, p6e-gb200, has no regions); the
# others run NCCL as shipped.
PROFILES = {"tcpxo": TCPXO_PROFILE, "efa/hopper": EFA_P5_PROFILE, "efa/dgx_b200": EFA_P6_PROFILE}


def profile_for(network: str, arch: str, system: str = "") -> Profile:
    """The NCCL environment ``network`` ships with on ``system`` (a preset's key), else on GPUs of generation
    ``arch``."""
    keys = (f"{network}/{system}", f"{network}/{arch}", network)
    return next((PROFILES[k] for k in keys if k in PROFILES), DEFAULT_PROFILE)


@dataclass(frozen=True)
class Comm:
    """What NCCL's tuner knows of a communicator: ranks, nodes, GPU generation, graph bandwidths (GB/s)."""

    ranks: int
    nodes: int
    arch: str
    intra_GBps: float
    inter_GBps: float
    nvls: bool
    collnet: bool
    profile: Profile = DEFAULT_PROFILE

    @property
    def ppn(self) -> float:
        return self.ranks / self.nodes

    @property
    def channels(self) -> int:
        return 32 if self.arch == "blackwell" else 16

    @property
    def nvls_channels(self) -> int:
        if self.arch != "blackwell":
            return 16
        return 32 if self.nodes > 1 else 24


def log2i(x: int) -> int:
    """Integer log2, as NCCL's log2i (0 for 1)."""
    return max(0, int(x).bit_length() - 1)


def _idx(comm: Comm) -> tuple[int, int]:
    return _ARCH[comm.arch], (comm.nodes - 1 if comm.nodes <= 2 else 2)


def _steps(op: str, n: int) -> int:
    return 2 * (n - 1) if op == "allreduce" else (n - 1 if op in ("allgather", "reducescatter") else n)


def enabled(comm: Comm, op: str, algo: str, proto: str) -> bool:
    """Whether NCCL would consider ``algo``/``proto`` for ``op`` on ``comm``."""
    if algo not in comm.profile.algorithms or proto not in comm.profile.protocols:
        return False
    if op in ("broadcast", "reduce"):
        return algo == "ring"
    if op in ("allgather", "reducescatter") and algo not in ("pat", "ring", "nvls", "collnet_direct"):
        return False
    if op == "allreduce" and algo == "pat":
        return False
    if algo in ("nvls", "nvls_tree", "collnet_direct", "collnet_chain", "pat") and proto != "Simple":
        return False
    return _hardware_allows(comm, op, algo)


def _hardware_allows(comm: Comm, op: str, algo: str) -> bool:
    if algo == "pat":
        return comm.nodes == comm.ranks
    if algo == "nvls_tree":
        return comm.nvls and comm.nodes > 1
    if algo == "nvls":
        single = comm.nodes == 1 and (op == "allreduce" or comm.ranks > 1)
        return comm.nvls and (single or (comm.collnet and op == "allreduce"))
    if algo in ("collnet_direct", "collnet_chain"):
        return comm.collnet and comm.nodes > 1 and op == "allreduce"
    return True


def _nvls_bus(comm: Comm, op: str, algo: str) -> float:
    nch = comm.nvls_channels
    eff = _NVLS_EFFICIENCY[comm.arch]
    intra = comm.intra_GBps / nch * eff * (nch - 1) / nch
    intra *= 2.0 if op == "allreduce" else (comm.ppn - 1) / comm.ppn
    inter = comm.inter_GBps * comm.ppn / nch * (2 if comm.nodes <= 2 and algo == "nvls_tree" else 1)
    arch, nodes = _idx(comm)
    cap = _NVLS_TREE_BW[arch][nodes] if algo == "nvls_tree" else math.inf
    per_channel = min(intra, inter, cap) if comm.nodes > 1 else min(intra, cap)
    return nch * per_channel


def _graph_bus(comm: Comm, algo: str) -> float:
    """Channels × per-channel bandwidth of the ring or tree graph."""
    if comm.nodes == 1:
        return comm.intra_GBps
    out = comm.inter_GBps * comm.ppn * (2 if algo == "tree" and comm.nodes <= 2 else 1)
    return min(comm.intra_GBps, out)


def ll_max_GBps(comm: Comm) -> float:
    """LL's bus-bandwidth ceiling (tuning.cc ``llMaxBws``): the GPU generation's on one node, the host CPU's
    (Intel) across nodes."""
    arch, nodes = _idx(comm)
    return _LL_MAX_BW[arch if comm.nodes == 1 else 0][nodes]


def _refine(comm: Comm, op: str, algo: str, proto: str, bus: float) -> float:
    arch, nodes = _idx(comm)
    nch = comm.channels
    ll_max = ll_max_GBps(comm)
    if algo == "ring" and proto == "LL":
        return min(ll_max, bus * .5)
    if algo == "ring" and proto == "LL128":
        return min(bus * .92, nch * _RING_LL128_BW[arch][nodes])
    if algo == "tree":
        if op == "allreduce":
            bus = min(bus * .92, nch * _TREE_BW[arch][nodes])
        if proto == "LL":
            return min(bus / 3.8, ll_max)
        if proto == "LL128":
            return min(bus * (7.0 / 9.0 if comm.nodes == 1 else 120.0 / 128.0), nch * _TREE_LL128_BW[arch][nodes])
    if algo == "pat":
        return bus * .75
    if algo == "collnet_direct":
        factor = comm.ppn / nch
        return bus / (factor - (factor - 1) / 2) * (.85 if arch >= 2 else 1.0)
    return bus


def bandwidth(comm: Comm, op: str, algo: str, proto: str) -> float:
    """NCCL's algorithm bandwidth (GB/s) for ``algo``/``proto``; 0 when NCCL would not use it."""
    if not enabled(comm, op, algo, proto):
        return 0.0
    bus = _nvls_bus(comm, op, algo) if algo in ("nvls", "nvls_tree") else _graph_bus(comm, algo)
    bus = _refine(comm, op, algo, proto, bus)
    if algo != "ring" and op in ("allgather", "reducescatter"):
        return bus
    ratio = comm.ranks / _steps(op, comm.ranks) if algo in ("ring", "nvls", "nvls_tree") else .5
    return bus * ratio


def latency(comm: Comm, op: str, algo: str, proto: str) -> float:
    """NCCL's latency (µs) of one ``algo``/``proto`` collective."""
    p = PROTOCOLS.index(proto)
    base = _BASE_LAT[algo][p]
    intra = _NVLINK_LAT[algo][p]
    inter = _NET_LAT["tree" if comm.ppn == 1 else algo][p]
    nodes, local = comm.nodes, comm.ranks // comm.nodes
    if algo == "ring":
        return base + _ring_latency(comm, op, proto, intra, inter)
    if algo == "tree":
        return base + (2 * ((local - 1) * intra + log2i(nodes) * inter) if op == "allreduce" else 0.0)
    if algo == "collnet_direct":
        return base + 2 * (min(1, local - 1) * intra + (local - 1) * 0.4) + inter
    if algo == "collnet_chain":
        return base + 2 * (local - 1) * intra + inter
    if algo == "nvls":
        return intra + (inter if nodes > 1 else 0.0)
    if algo == "nvls_tree":
        return base + intra + 2 * log2i(nodes) * inter
    return base + (log2i(nodes) * inter / 3.5 + comm.ranks * 2.8 if op in ("allgather", "reducescatter") else 0.0)


def _ring_latency(comm: Comm, op: str, proto: str, intra: float, inter: float) -> float:
    steps = _steps(op, comm.ranks)
    if op in ("broadcast", "reduce"):
        return intra if comm.nodes == 1 else inter
    overhead = _NET_OVERHEAD_US * (3 if proto == "Simple" else 1) if comm.nodes > 1 else 0.0
    inter_steps = 0 if comm.nodes == 1 else (2 * (comm.nodes - 1) if op == "allreduce" else comm.nodes - 1)
    return (steps - inter_steps) * max(intra, overhead) + inter_steps * inter


def ring_latencies(proto: str) -> tuple[float, float, float]:
    """NCCL's ring (base, per NVLink hop, per network hop) latencies in µs for ``proto``."""
    p = PROTOCOLS.index(proto)
    return _BASE_LAT["ring"][p], _NVLINK_LAT["ring"][p], _NET_LAT["ring"][p]


def tree_correction(proto: str, nbytes: float) -> float:
    """ncclTopoGetAlgoTime's static correction of tree bandwidth, 64 B to 256 MiB."""
    log_size = log2i(int(nbytes) >> 6) if nbytes >= 64 else -1
    if 0 <= log_size < 23:
        return _TREE_CORRECTION[PROTOCOLS.index(proto)][log_size]
    return 1.0


@functools.lru_cache(maxsize=1024)
def _table(comm: Comm, op: str) -> dict[tuple[str, str], tuple[float, float]]:
    """(latency, bandwidth) of every enabled pair: NCCL computes this once per communicator, so do we."""
    return {(a, p): (latency(comm, op, a, p), bw) for a in ALGORITHMS for p in PROTOCOLS
            if (bw := bandwidth(comm, op, a, p)) > 0}


def time_us(comm: Comm, op: str, algo: str, proto: str, nbytes: float) -> float:
    """NCCL's estimate (µs); infinite where NCCL would not use the pair."""
    entry = _table(comm, op).get((algo, proto))
    if entry is None:
        return math.inf
    return _estimate(comm, op, algo, proto, entry, nbytes)


def _estimate(comm: Comm, op: str, algo: str, proto: str, entry: tuple[float, float], nbytes: float) -> float:
    """ncclTopoGetAlgoTime for one enabled pair whose (latency, bandwidth) is ``entry``."""
    lat, bw = entry
    if (algo == "tree" and op == "allreduce") or (algo == "nvls_tree" and comm.arch == "blackwell"):
        bw *= tree_correction(proto, nbytes)
    if algo == "ring" and proto == "Simple" and comm.nodes > 1 and op == "allreduce" and \
            nbytes / (comm.channels * comm.ranks) >= 64:
        lat *= 1.4
    return lat + nbytes / (1000 * bw)


def protocol_allowed(comm: Comm, proto: str) -> bool:
    """Whether the transport's environment lets NCCL use ``proto`` (NCCL_PROTO)."""
    return proto in comm.profile.protocols


def tuner_rule(comm: Comm, op: str, nbytes: float) -> Rule | None:
    """The transport's tuner-plugin rule for this collective, if one applies."""
    ppn = comm.ranks // comm.nodes
    for rule in comm.profile.rules:
        if rule.op == op and rule.min_nodes <= comm.nodes < rule.max_nodes and \
                rule.min_ppn <= ppn < rule.max_ppn and nbytes < rule.max_bytes:
            return rule
    return None


@functools.lru_cache(maxsize=4096)
def tuner_region(comm: Comm, op: str, nbytes: float) -> Region | None:
    """The region tuner's region for this collective (ofi_tuner), if one holds it: on more than two nodes of eight
    GPUs each, the first region of ``op`` that holds (bytes, ranks) among the pairs NCCL would consider. Cached:
    a chart asks for the same sizes on the same communicator again and again."""
    if comm.nodes < ofi_tuner.MIN_NODES or comm.ranks != ofi_tuner.RANKS_PER_NODE * comm.nodes:
        return None
    table = _table(comm, op)
    return next((r for r in comm.profile.regions
                 if r.op == op and (r.algo, r.proto) in table and r.holds(nbytes, comm.ranks)), None)


def collective_channels(comm: Comm, algo: str, proto: str, nbytes: float) -> int:
    """Channels NCCL gives one collective of ``nbytes`` (topoGetAlgoInfo, see the module docstring)."""
    if algo in ("nvls", "nvls_tree"):
        return min(comm.nvls_channels, comm.channels) if comm.nodes > 1 and algo == "nvls" else comm.nvls_channels
    if algo == "collnet_direct":
        return comm.channels  # CollNet-Direct's own loop over heads is not transcribed: all channels
    threshold = _THREAD_THRESHOLD[proto] * (comm.ranks if algo == "ring" and proto == "LL" else 1)
    if algo == "collnet_chain" and proto == "Simple":
        threshold = 512
    fit = nbytes / (_MAX_THREADS[proto] * threshold)
    return comm.channels if fit >= comm.channels else max(1, int(fit))


# Chunk of one channel's ring step (src/enqueue.cc calcCollChunking with src/include/collectives.h): Simple moves
# NCCL_STEPS / 2 steps of buffsize / NCCL_STEPS (2 MiB with the default 4 MiB buffer); LL128 one step of its
# 4.69 MiB buffer (src/init.cc DEFAULT_LL128_BUFFSIZE), 15 of every 16 words data; LL half of one 64 KiB step.
# Grouped send/receive (AllToAll) moves NCCL_P2P_NVL_CHUNKSIZE (512 KiB) per peer and step.
_LL128_STEP_BYTES = 120 * 640 * 8  # NCCL_LL128_ELEMS_PER_THREAD x NCCL_LL128_MAX_NTHREADS x 8 bytes
P2P_CHUNK_BYTES = 1 << 19

# Grouped send/receive inside one node (src/graph/paths.cc ncclTopoComputeP2pChannels and
# ncclTopoComputeP2pChannelsPerPeer): a pool of p2pnChannels channels, the power of two at or above the collective
# channels (24 or 32 on NVSwitch boards, so 32, as NCCL's INIT line prints "32 p2p channels" on A100, H100 and
# B200), of which each peer may use p2pnChannelsPerPeer, the power of two at or above twice its NVLinks, capped by
# the pool (so 32 as well). src/enqueue.cc addP2pToPlan splits a peer's bytes into parts of at least
# P2P_CHUNK_BYTES / 8 and at most P2P_CHUNK_BYTES * 32 inside one node.
P2P_POOL_CHANNELS = 32
_P2P_MIN_PART_BYTES = P2P_CHUNK_BYTES // 8
_P2P_MAX_PART_BYTES = P2P_CHUNK_BYTES * 32


def p2p_peer_channels(ranks: int, peer_bytes: float) -> int:
    """Channels NCCL gives one peer's send (or receive) of ``peer_bytes`` in a group over ``ranks`` GPUs of one
    node (addP2pToPlan): as many parts of ``_P2P_MIN_PART_BYTES`` as fit, up to nChannelsMin, the per-peer
    channels halved until every rank's fit in the pool; doubled while a part is larger than
    ``_P2P_MAX_PART_BYTES``."""
    most = least = P2P_POOL_CHANNELS
    while least * ranks > P2P_POOL_CHANNELS and least > 1:
        least //= 2
    channels = min(least, max(1, math.ceil(peer_bytes / _P2P_MIN_PART_BYTES)))
    while peer_bytes / channels > _P2P_MAX_PART_BYTES and channels <= most // 2:
        channels *= 2
    return channels


def ring_chunk_bytes(proto: str, buffsize_bytes: int) -> int:
    """The largest chunk one channel moves per ring step with ``proto`` (see the comment above)."""
    if proto == "Simple":
        return buffsize_bytes // NCCL_STEPS * (NCCL_STEPS // 2)
    if proto == "LL128":
        return _LL128_STEP_BYTES // 16 * 15
    return (1 << 16) // 2


def choose(comm: Comm, op: str, nbytes: float) -> tuple[str, str]:
    """The (algorithm, protocol) NCCL picks: the transport's tuner rule or region if one applies, else the lowest
    estimated time."""
    rule = tuner_rule(comm, op, nbytes) or tuner_region(comm, op, nbytes)
    if rule is not None:
        return rule.algo, rule.proto
    best = min(((_estimate(comm, op, a, p, entry, nbytes), a, p) for (a, p), entry in _table(comm, op).items()),
               key=lambda t: t[0])
    return best[1], best[2]
