"""ECMP hash collisions: why a leaf's uplinks have bandwidth left while training is slow.

Model. ``flows`` long-lived RDMA connections leave one leaf switch over ``paths``
equal-cost uplinks of equal speed; every connection's NIC runs at the uplink's
line rate (1.0 below). A connection uses ``qps_per_flow`` queue pairs and splits
its data evenly over them (as NCCL does with NCCL_IB_QPS_PER_CONNECTION and
NCCL_IB_SPLIT_DATA_ON_QPS=1), so it finishes when its slowest queue pair does.
Each queue pair is one sub-flow with its own UDP source port, derived from
random 24-bit queue-pair numbers by the Linux RDMA core's formula
(:mod:`calc.ecmp.hashing`); the switch hashes the five-tuple and picks a path.

Rates are max-min fair (water-filling: raise every unfrozen sub-flow's rate
together, freeze the sub-flows of a link when it fills, repeat), each sub-flow
capped at 1/q of the NIC. A collective waits for its slowest connection, so the
headline is the slowest connection's rate as a fraction of its fair share with
perfect balance, min(1, paths/flows). Efficiency is the aggregate rate while every
connection sends, over the ideal aggregate, flows × fair share (over a whole
collective of equal shares the network is only as efficient as the slowest
connection, which is why the slowest connection is the headline).

Balancing:

* ``ecmp``: static per-flow hashing; the path never changes.
* ``flowlet``: the connection's data is cut at ``flowlets`` idle gaps into equal
  pieces; the first follows the hash, each later one a random path (as LetFlow
  does). A piece runs at its epoch's max-min rate; the connection's rate is
  the harmonic mean over pieces (equal bytes each). RDMA elephants seldom pause, so real flowlet
  gaps are rarer than this assumes.
* ``adaptive``: each sub-flow, when it starts, goes to the least-loaded uplink
  (ties broken by its hash) at every tier: switch-local, flow-level adaptive
  routing. Loads then differ by at most one flow, so every trial is the same.
* ``spray``: every packet picks a path; in the fluid limit every link carries
  the same load. Packets arrive out of order; ``reorder_cost`` is the share of
  goodput assumed lost to reordering (0 for NICs that place out-of-order packets
  directly in memory). It is an input, not a measurement.

Tiers. ``two_*`` adds a second ECMP stage: ``paths`` leaves each send ``flows``
connections up to ``paths`` spines, and every spine hashes what it receives
over its own ``paths`` uplinks (a three-stage Clos, non-blocking). With the same
hash and seed at both stages a spine receives only flows whose hash selected
it, so (for power-of-two groups and modulo) they all pick the same uplink:
polarization. ``two_seed`` gives the second stage another seed; for CRC and XOR
that only XORs a constant into the hash and, with power-of-two groups, leaves the
stages correlated; ``two_offset`` makes the second stage use the upper half of
the hash bits (a "hash offset"), which decorrelates every function here.

Float sums use ``math.fsum`` (correctly rounded), because the built-in ``sum`` of
floats changed in Python 3.12: CPython 3.11 and Pyodide's 3.14 then agree to the bit.

Analytic reference: the exact balls-into-bins results of :mod:`calc.ecmp.analytic`
for m = flows × qps_per_flow sub-flows on ``paths`` uplinks with an ideal hash.
"""

from __future__ import annotations

import ipaddress
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from calc.ecmp import analytic as exact
from calc.ecmp.hashing import (
    BUCKETS_PARAM,
    HASH_BITS,
    HASH_LABELS,
    HASHES,
    SELECTION_PARAM,
    SportTable,
    bucket_table,
    rdma_get_udp_sport,
    sport_table,
)
from calc.errors import ValidationError
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Choice, Float, Int
from calc.registry import calculator
from calc.sources import cite

__all__ = [
    "Scenario", "Summary", "simulate", "first_trial", "max_min_rates", "ecmp",
    "MAX_SUBFLOWS", "MAX_COST", "TIERS", "BALANCING",
]

RAAB_STEGER = cite(
    "raab-steger-1998", "Balls into bins: a simple and tight analysis",
    "RANDOM 1998, LNCS 1518, Springer", 1998, "https://doi.org/10.1007/3-540-49543-6_13",
    authors="M. Raab and A. Steger",
)
MILLER_POWER = cite(
    "knuth-taocp2-4.7", "The Art of Computer Programming, Vol. 2, section 4.7 (powers of power series, "
    "J. C. P. Miller's recurrence)", "Addison-Wesley, 3rd edition", 1997,
    "https://www-cs-faculty.stanford.edu/~knuth/taocp.html", authors="D. E. Knuth",
)
META_ROCE = cite(
    "gangidi-2024", "RDMA over Ethernet for Distributed AI Training at Meta Scale",
    "ACM SIGCOMM 2024", 2024, "https://doi.org/10.1145/3651890.3672233",
    authors="A. Gangidi et al.",
    note="ECMP's low entropy with few elephant RoCE flows; E-ECMP hashing the destination QP "
         "plus QP scaling improved AllReduce by up to 40%.",
)
NCCL_ENV = cite(
    "nccl-env", "NCCL environment variables: NCCL_IB_QPS_PER_CONNECTION, NCCL_IB_SPLIT_DATA_ON_QPS",
    "NVIDIA NCCL User Guide", 2024,
    "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html",
)
LETFLOW = cite(
    "vanini-2017", "Let It Flow: Resilient Asymmetric Load Balancing with Flowlet Switching",
    "USENIX NSDI 2017", 2017,
    "https://www.usenix.org/conference/nsdi17/technical-sessions/presentation/vanini",
    authors="E. Vanini, R. Pan, M. Alizadeh, P. Taheri and T. Edsall",
)
SPRAYING = cite(
    "dixit-2013", "On the impact of packet spraying in data center networks",
    "IEEE INFOCOM 2013", 2013, "https://doi.org/10.1109/INFCOM.2013.6567015",
    authors="A. Dixit, P. Prakash, Y. C. Hu and R. R. Kompella",
)
MLXSW_POLARIZATION = cite(
    "mlxsw-seed-2019", "mlxsw: spectrum: Use different seeds for ECMP and LAG hash (hash polarization fix)",
    "Linux kernel commit ee02c26993262c96cc39d0f831f7589b10a44fd7", 2019,
    "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=ee02c26993262c96cc39d0f831f7589b10a44fd7",
    authors="I. Schimmel",
)
FLOWTRACER = cite(
    "flowtracer-2024", "FlowTracer: A Tool for Uncovering Network Path Usage Imbalance in AI Training Clusters",
    "arXiv 2410.17078", 2024, "https://arxiv.org/abs/2410.17078",
)
BERTSEKAS = cite(
    "bertsekas-gallager", "Data Networks, 2nd edition, section 6.5.2 (max-min fairness, water-filling)",
    "Prentice Hall", 1992, "https://web.mit.edu/dimitrib/www/datanets.html",
    authors="D. Bertsekas and R. Gallager",
)

TIERS = ("one", "two_same", "two_seed", "two_offset")
TIER_LABELS = {
    "one": "One tier: a leaf's uplinks",
    "two_same": "Two tiers, same hash and seed (polarization)",
    "two_seed": "Two tiers, a different seed per tier",
    "two_offset": "Two tiers, different hash bits per tier (hash offset)",
}
BALANCING = ("ecmp", "flowlet", "adaptive", "spray")
BALANCING_LABELS = {
    "ecmp": "Static ECMP (per flow)",
    "flowlet": "Flowlet switching",
    "adaptive": "Adaptive (least-loaded uplink)",
    "spray": "Per-packet spraying",
}
ALL_HASHES = (*HASHES, "random")
MAX_SUBFLOWS = 512
MAX_LOAD_RATIO = 8
MAX_COST = 6_000_000
"""Cap on :meth:`Scenario.cost`: the costliest allowed run takes about a second in CPython (bench/ecmp.py)."""
PLACEMENT_COST = 4
MITIGATION_WORK = 12_000
MITIGATION_COST = 60_000  # the same trials as MITIGATION_WORK for the default scenario, fewer for wide groups
MITIGATION_WORK_TWO_TIER = 3_000  # water-filling over two tiers costs more per placement
MITIGATION_MIN_TRIALS = 2
MAX_TWO_TIER_PATHS = 16
MAX_TWO_TIER_WORK = 100_000
SEED_STEP = 0x9E3779B9
SLOWEST_BINS = 20
PLOT_FLOOR = Fraction(1, 10**6)  # exact probabilities below this are left off the chart
M24 = 0xFFFFFF


@dataclass(frozen=True)
class Scenario:
    """One configuration of the lab."""

    flows: int
    paths: int
    qps: int = 1
    hash: str = "crc32"
    hash_seed: int = 0
    selection: str = "modulo"
    buckets: int = 256
    balancing: str = "ecmp"
    flowlets: int = 8
    reorder_cost: float = 0.0
    tiers: str = "one"

    @property
    def subflows(self) -> int:
        return self.flows * self.qps

    @property
    def leaves(self) -> int:
        return 1 if self.tiers == "one" else self.paths

    @property
    def share(self) -> float:
        """Fair share of one connection with perfect balance, as a fraction of NIC rate."""
        return min(1.0, self.paths / self.flows)

    @property
    def epochs(self) -> int:
        return self.flowlets if self.balancing == "flowlet" else 1

    def work(self, trials: int) -> int:
        """Sub-flow placements the Monte Carlo makes."""
        return trials * self.subflows * self.leaves * self.epochs

    def cost(self, trials: int) -> int:
        """What a run really computes: per trial and flowlet epoch, every uplink's load is touched and
        every sub-flow placed (a placement costs about ``PLACEMENT_COST`` uplink updates, twice that
        for a flowlet's fresh random paths)."""
        placement = PLACEMENT_COST * (2 if self.balancing == "flowlet" else 1)
        return trials * self.epochs * (self.paths + placement * self.subflows * self.leaves)


def address_int(leaf: int, conn: int, side: int) -> int:
    """Source (side 0: 10.leaf.x.y) or destination (side 1: 11.leaf.x.y) address of connection ``conn``."""
    return (10 + side) << 24 | leaf << 16 | (conn + 1)


def address(leaf: int, conn: int, side: int) -> str:
    return str(ipaddress.IPv4Address(address_int(leaf, conn, side)))


# --- drawing hashes -------------------------------------------------------------------------

@dataclass(frozen=True)
class Hasher:
    """Per-scenario precomputation: base hashes per connection and the source-port tables."""

    scenario: Scenario
    bases: tuple[int, ...]
    bases2: tuple[int, ...]
    delta: tuple[int, ...]
    delta2: tuple[int, ...]
    table: tuple[int, ...]
    modulus: int
    shift: int


def make_hasher(sc: Scenario) -> Hasher:
    """The precomputation for ``sc``; shared by scenarios that differ only in QPs or balancing."""
    return _make_hasher(replace(sc, qps=1, balancing="ecmp", flowlets=1, reorder_cost=0.0))


@lru_cache(maxsize=32)
def _make_hasher(sc: Scenario) -> Hasher:
    names = [(leaf, c) for leaf in range(sc.leaves) for c in range(sc.flows)]
    seed2 = (sc.hash_seed + SEED_STEP) & 0xFFFFFFFF if sc.tiers == "two_seed" else sc.hash_seed
    table = bucket_table(sc.paths, sc.buckets) if sc.selection == "table" else tuple(range(sc.paths))
    empty: tuple[int, ...] = ()
    if sc.hash == "random":
        return Hasher(sc, empty, empty, empty, empty, table, len(table), HASH_BITS["random"] // 2)
    t1: SportTable = sport_table(sc.hash, sc.hash_seed)
    t2 = sport_table(sc.hash, seed2)
    bases = tuple(t1.base_v4(address_int(leaf, c, 0), address_int(leaf, c, 1)) for leaf, c in names)
    bases2 = tuple(t2.base_v4(address_int(leaf, c, 0), address_int(leaf, c, 1)) for leaf, c in names) if t2 is not t1 else bases
    return Hasher(sc, bases, bases2, t1.delta, t2.delta, table, len(table), HASH_BITS[sc.hash] // 2)


def draw(sc: Scenario, h: Hasher, g: Callable[[int], int],
         qpns: list[tuple[int, int]] | None = None) -> tuple[list[int], list[int]]:
    """Tier-1 and tier-2 hash of every sub-flow of one trial (leaf-major, connection, queue pair).

    Real hashes: two random 24-bit QPNs per sub-flow, the kernel's source port, the
    tuple's hash. ``random``: a uniform 32-bit hash per sub-flow (a second one for
    the second tier with ``two_seed``).
    """
    n, q = sc.leaves * sc.flows, sc.qps
    two, tier = sc.tiers != "one", sc.tiers
    h1: list[int] = []
    h2: list[int] = []
    if sc.hash == "random":
        for _ in range(n * q):
            x = g(32)
            h1.append(x)
            if two:
                h2.append(g(32) if tier == "two_seed" else x >> h.shift if tier == "two_offset" else x)
        return h1, h2
    delta, delta2, bases, bases2, shift = h.delta, h.delta2, h.bases, h.bases2, h.shift
    for c in range(n):
        base, base2 = bases[c], bases2[c]
        for _ in range(q):
            x = g(48)
            v = (x >> 24) * (x & M24)
            v ^= v >> 20
            v ^= v >> 40
            s = (v & 0x3FFF) ^ ((v >> 14) & 0x3F)
            if qpns is not None:
                qpns.append((x >> 24, x & M24))
            y = base ^ delta[s]
            h1.append(y)
            if two:
                h2.append(base2 ^ delta2[s] if tier == "two_seed" else y >> shift if tier == "two_offset" else y)
    return h1, h2


# --- rates ------------------------------------------------------------------------------------

def max_min_rates(routes: Sequence[tuple[int, ...]], cap: float) -> list[float]:
    """Max-min fair rates (water-filling) of flows on unit-capacity links, each flow capped at ``cap``.

    All unfrozen flows rise together; when a link fills, its flows freeze at the current level
    (Bertsekas and Gallager, section 6.5.2). Only links that carry flows are visited.
    """
    count: dict[int, int] = {}
    users: dict[int, list[int]] = {}
    for f, route in enumerate(routes):
        for link in route:
            count[link] = count.get(link, 0) + 1
            users.setdefault(link, []).append(f)
    residual = dict.fromkeys(count, 1.0)
    rate = [0.0] * len(routes)
    frozen = [False] * len(routes)
    level, active = 0.0, len(routes)
    while active:
        live = [i for i in count if count[i]]
        step = min(min(residual[i] / count[i] for i in live), cap - level)
        level += step
        for i in live:
            residual[i] -= step * count[i]
        full = live if level >= cap - 1e-12 else [i for i in live if residual[i] <= 1e-12]
        for i in full:
            for f in users[i]:
                if not frozen[f]:
                    frozen[f] = True
                    rate[f] = level
                    active -= 1
                    for link in routes[f]:
                        count[link] -= 1
    return rate


def connection_rates(sub_rates: list[float], q: int) -> list[float]:
    """A connection splits its data evenly over its q queue pairs: q × its slowest one."""
    return [q * min(sub_rates[i:i + q]) for i in range(0, len(sub_rates), q)]


# --- one trial ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Trial:
    """Placement and rates of one trial (leaf 0's uplinks for the tier-1 loads)."""

    loads: list[int]
    paths1: list[int]
    paths2: list[int]
    loads2: list[int]
    conn_rates: list[float]


def _least_loaded(loads: list[int], preferred: int) -> int:
    best, where = loads[preferred], preferred
    u = len(loads)
    for i in range(1, u):
        p = (preferred + i) % u
        if loads[p] < best:
            best, where = loads[p], p
    return where


def place(sc: Scenario, h: Hasher, h1: list[int], h2: list[int], rng: random.Random | None = None) -> Trial:
    """Paths of every sub-flow (hash, or adaptive least-loaded) and the max-min rates."""
    u, tab, mod = sc.paths, h.table, h.modulus
    paths1 = [tab[x % mod] for x in h1]
    paths2 = [tab[x % mod] for x in h2]
    if rng is not None:  # a later flowlet: a fresh random path at every tier
        paths1 = [rng.randrange(u) for _ in h1]
        paths2 = [rng.randrange(u) for _ in h2]
    if sc.balancing == "adaptive":
        paths1, paths2 = _adaptive(sc, paths1, paths2)
    per_leaf = sc.subflows
    loads = [0] * u
    for p in paths1[:per_leaf]:
        loads[p] += 1
    if sc.tiers == "one":
        sub = [min(1.0 / sc.qps, 1.0 / loads[p]) for p in paths1]
        return Trial(loads, paths1, paths2, [], connection_rates(sub, sc.qps))
    routes = [(i // per_leaf * u + a, u * u + a * u + b) for i, (a, b) in enumerate(zip(paths1, paths2))]
    loads2 = [0] * (u * u)
    for _, link in routes:
        loads2[link - u * u] += 1
    sub = max_min_rates(routes, 1.0 / sc.qps)
    return Trial(loads, paths1, paths2, loads2, connection_rates(sub, sc.qps))


def _adaptive(sc: Scenario, paths1: list[int], paths2: list[int]) -> tuple[list[int], list[int]]:
    u, per_leaf = sc.paths, sc.subflows
    up = [[0] * u for _ in range(sc.leaves)]
    spine = [[0] * u for _ in range(u)]
    new1, new2 = [], []
    for i, preferred in enumerate(paths1):
        a = _least_loaded(up[i // per_leaf], preferred)
        up[i // per_leaf][a] += 1
        new1.append(a)
        if paths2:
            b = _least_loaded(spine[a], paths2[i])
            spine[a][b] += 1
            new2.append(b)
    return new1, new2


# --- Monte Carlo ----------------------------------------------------------------------------

@dataclass
class _Acc:
    """Running sums over trials."""

    n: int = 0
    sums: dict[str, float] = field(default_factory=dict)
    squares: dict[str, float] = field(default_factory=dict)
    load_hist: dict[float, int] = field(default_factory=dict)
    max_hist: dict[float, int] = field(default_factory=dict)
    slowest_hist: list[int] = field(default_factory=lambda: [0] * SLOWEST_BINS)

    def add(self, values: dict[str, float], loads: list[float]) -> None:
        self.n += 1
        for key, value in values.items():
            self.sums[key] = self.sums.get(key, 0.0) + value
            self.squares[key] = self.squares.get(key, 0.0) + value * value
        hist = self.load_hist
        for load in loads:
            hist[load] = hist.get(load, 0) + 1
        top = values["max_load"]
        self.max_hist[top] = self.max_hist.get(top, 0) + 1
        self.slowest_hist[min(SLOWEST_BINS - 1, int(values["slowest"] * SLOWEST_BINS))] += 1


@dataclass(frozen=True)
class Summary:
    """Means, standard errors and distributions over the trials."""

    trials: int
    mean: dict[str, float]
    stderr: dict[str, float]
    load_hist: dict[float, int]
    max_hist: dict[float, int]
    slowest_hist: tuple[int, ...]


def _summary(acc: _Acc) -> Summary:
    n = acc.n
    mean = {k: v / n for k, v in acc.sums.items()}
    se = {}
    for k, v in acc.sums.items():
        var = max(0.0, acc.squares[k] / n - (v / n) ** 2) * n / (n - 1) if n > 1 else 0.0
        se[k] = math.sqrt(var / n)
    return Summary(n, mean, se, dict(acc.load_hist), dict(acc.max_hist), tuple(acc.slowest_hist))


def _trial_values(sc: Scenario, t: Trial) -> dict[str, float]:
    top = max(t.loads)
    rates = t.conn_rates
    values = {
        "max_load": float(top),
        "paths_used": float(sc.paths - t.loads.count(0)),
        "no_collision": 1.0 if top <= 1 else 0.0,
        "slowest": min(rates) / sc.share,
        "efficiency": math.fsum(rates) / (len(rates) * sc.share),
    }
    if t.loads2:
        values["max_load2"] = float(max(t.loads2))
    return values


def simulate(sc: Scenario, trials: int, seed: int) -> Summary:
    """Monte Carlo over random queue-pair numbers (or random hashes) with ``random.Random(seed)``."""
    if sc.balancing == "spray":
        return _spray(sc, trials)
    if sc.tiers == "one" and sc.balancing == "ecmp":
        return _fast_single(sc, trials, seed)
    rng = random.Random(seed)
    h = make_hasher(sc)
    acc = _Acc()
    same = None
    for _ in range(trials):
        if sc.balancing == "adaptive" and same is not None:
            acc.add(*same)
            continue
        h1, h2 = draw(sc, h, rng.getrandbits)
        t = place(sc, h, h1, h2)
        values = _trial_values(sc, t)
        if sc.balancing == "flowlet":
            values = _flowlets(sc, h, h1, h2, t, values, rng)
        acc.add(values, [float(x) for x in t.loads])
        same = (values, [float(x) for x in t.loads])
    return _summary(acc)


def _flowlets(sc: Scenario, h: Hasher, h1: list[int], h2: list[int], first: Trial,
              values: dict[str, float], rng: random.Random) -> dict[str, float]:
    """Each connection sends equal bytes per flowlet: its rate is the harmonic mean over flowlets.

    Efficiency stays the aggregate while all connections send, averaged over the flowlet epochs.
    """
    inverse = [1.0 / r for r in first.conn_rates]
    aggregate = math.fsum(first.conn_rates)
    for _ in range(sc.flowlets - 1):
        later = place(sc, h, h1, h2, rng)
        inverse = [a + 1.0 / r for a, r in zip(inverse, later.conn_rates)]
        aggregate += math.fsum(later.conn_rates)
    slowest = sc.flowlets / max(inverse)
    ideal = len(inverse) * sc.share
    return {**values, "slowest": slowest / sc.share, "efficiency": aggregate / sc.flowlets / ideal}


def _spray(sc: Scenario, trials: int) -> Summary:
    """Fluid spraying: every link carries m/u sub-flows; goodput loses ``reorder_cost``."""
    load = sc.subflows / sc.paths
    good = 1.0 - sc.reorder_cost
    values = {"max_load": load, "paths_used": float(sc.paths), "no_collision": 1.0 if load <= 1 else 0.0,
              "slowest": good, "efficiency": good}
    if sc.tiers != "one":
        values["max_load2"] = load
    acc = _Acc()
    for _ in range(trials):
        acc.add(values, [load] * sc.paths)
    return _summary(acc)


Lookup = tuple[list[int], list[int], tuple[int, ...], int]


def _path_lookup(h: Hasher) -> Lookup:
    """Keys per connection and per source port whose XOR indexes ``table`` (reduced mod ``mod``).

    With a power-of-two modulus, (base XOR delta) mod 2^k = (base mod 2^k) XOR (delta mod 2^k),
    so both halves are reduced once and the loop only XORs and indexes (``mod`` is then 0).
    """
    mod = h.modulus
    if mod & (mod - 1) == 0:
        mask = mod - 1
        return [b & mask for b in h.bases], [d & mask for d in h.delta], h.table, 0
    return list(h.bases), list(h.delta), h.table, mod


def _trial_paths(g: Callable[[int], int], h: Hasher, lookup: Lookup, n: int, q: int) -> list[int]:
    """Paths of all sub-flows of one trial, connection-major (the same draws as :func:`draw`)."""
    if not h.bases:
        return [h.table[g(32) % h.modulus] for _ in range(n * q)]
    keys, dsel, tab, mod = lookup
    paths = []
    for key in keys:
        for _ in range(q):
            x = g(48)
            v = (x >> 24) * (x & M24)
            v ^= (v >> 20) ^ (v >> 40)  # = the kernel's two folds, since v < 2^48
            k = key ^ dsel[(v & 0x3FFF) ^ ((v >> 14) & 0x3F)]
            paths.append(tab[k % mod] if mod else tab[k])
    return paths


def _one_qp_loads(g: Callable[[int], int], lookup: Lookup, u: int) -> list[int]:
    """Per-uplink loads of one trial with one queue pair per connection: the benchmarked inner loop."""
    keys, dsel, tab, mod = lookup
    loads = [0] * u
    if mod:
        for key in keys:
            x = g(48)
            v = (x >> 24) * (x & M24)
            v ^= (v >> 20) ^ (v >> 40)
            loads[tab[(key ^ dsel[(v & 0x3FFF) ^ ((v >> 14) & 0x3F)]) % mod]] += 1
    else:
        for key in keys:
            x = g(48)
            v = (x >> 24) * (x & M24)
            v ^= (v >> 20) ^ (v >> 40)
            loads[tab[key ^ dsel[(v & 0x3FFF) ^ ((v >> 14) & 0x3F)]]] += 1
    return loads


def _fast_single(sc: Scenario, trials: int, seed: int) -> Summary:
    """The lean loop for one tier of static ECMP (the benchmarked case); same draws as :func:`draw`."""
    g = random.Random(seed).getrandbits
    h = make_hasher(sc)
    u, q, n, share = sc.paths, sc.qps, sc.flows, sc.share
    one_qp = q == 1 and sc.hash != "random"
    lookup = _path_lookup(h)
    sums = [0.0] * 5
    squares = [0.0] * 5
    load_hist: Counter[int] = Counter()
    max_hist: Counter[int] = Counter()
    slowest_hist = [0] * SLOWEST_BINS
    ideal = n * share
    for _ in range(trials):
        if one_qp:
            loads = _one_qp_loads(g, lookup, u)
            aggregate = float(u - loads.count(0))
        else:
            paths = _trial_paths(g, h, lookup, n, q)
            loads = [0] * u
            for p in paths:
                loads[p] += 1
            aggregate = float(u - loads.count(0)) if q == 1 else math.fsum(
                min(1.0, q / max(loads[p] for p in paths[i:i + q])) for i in range(0, n * q, q))
        top = max(loads)
        slowest = min(1.0, q / top) / share
        values = (float(top), float(u - loads.count(0)), 1.0 if top <= 1 else 0.0, slowest, aggregate / ideal)
        for i, value in enumerate(values):
            sums[i] += value
            squares[i] += value * value
        load_hist.update(loads)
        max_hist[top] += 1
        slowest_hist[min(SLOWEST_BINS - 1, int(slowest * SLOWEST_BINS))] += 1
    keys = ("max_load", "paths_used", "no_collision", "slowest", "efficiency")
    acc = _Acc(trials, dict(zip(keys, sums)), dict(zip(keys, squares)),
               {float(k): v for k, v in load_hist.items()}, {float(k): v for k, v in max_hist.items()},
               slowest_hist)
    return _summary(acc)


# --- the first trial, in detail, for the custom view ---------------------------------------

def first_trial(sc: Scenario, seed: int) -> dict[str, Any]:
    """Trial 0 of :func:`simulate` with every tuple, hash and path (the same random draws)."""
    rng = random.Random(seed)
    h = make_hasher(sc)
    qpns: list[tuple[int, int]] = []
    h1, h2 = draw(sc, h, rng.getrandbits, qpns)
    t = place(sc, h, h1, h2)
    conns = []
    for c in range(sc.flows):
        qps = []
        for j in range(sc.qps):
            i = c * sc.qps + j
            entry: dict[str, Any] = {"hash": f"0x{h1[i]:08x}", "path": t.paths1[i]}
            if qpns:
                lq, rq = qpns[i]
                entry.update(lqpn=lq, rqpn=rq, sport=rdma_get_udp_sport(0, lq, rq))
            if h2:
                entry["path2"] = t.paths2[i]
            qps.append(entry)
        conns.append({"id": c, "src": address(0, c, 0), "dst": address(0, c, 1),
                      "rate": t.conn_rates[c] / sc.share if sc.balancing != "spray" else 1.0 - sc.reorder_cost,
                      "qps": qps})
    spine_loads = [t.loads2[a * sc.paths:(a + 1) * sc.paths] for a in range(sc.paths)] if t.loads2 else []
    return {"paths": sc.paths, "flows": sc.flows, "qps_per_flow": sc.qps, "tiers": sc.tiers,
            "hash": sc.hash, "hash_label": HASH_LABELS[sc.hash], "balancing": sc.balancing,
            "share": sc.share, "loads": t.loads, "spine_loads": spine_loads, "connections": conns,
            "spray": sc.balancing == "spray"}


# --- the calculator -------------------------------------------------------------------------

def _check(sc: Scenario, trials: int) -> None:
    m = sc.subflows
    if m > MAX_SUBFLOWS:
        raise ValidationError("qps_per_flow", f"flows × qps_per_flow must be at most {MAX_SUBFLOWS}: got {m}",
                              mentions=("flows",))
    if m > MAX_LOAD_RATIO * sc.paths:
        raise ValidationError(
            "flows", f"flows × qps_per_flow must be at most {MAX_LOAD_RATIO} × paths ({MAX_LOAD_RATIO * sc.paths}): got {m}",
            mentions=("qps_per_flow", "paths"))
    if sc.tiers != "one" and sc.paths > MAX_TWO_TIER_PATHS:
        raise ValidationError("paths", f"paths must be at most {MAX_TWO_TIER_PATHS} in a two-tier fabric: got {sc.paths}")
    if sc.tiers != "one" and sc.work(trials) > MAX_TWO_TIER_WORK:
        raise ValidationError(
            "trials", f"trials × sub-flow placements must be at most {MAX_TWO_TIER_WORK} in a two-tier fabric: "
                      f"got {sc.work(trials)}")
    if sc.cost(trials) > MAX_COST:
        allowed = MAX_COST // sc.cost(1)
        raise ValidationError(
            "trials", f"trials must be at most {allowed} under the work cap (uplinks {sc.paths}, sub-flows "
                      f"{sc.subflows}, flowlet epochs {sc.epochs}): got {trials}")


def _analytic(sc: Scenario) -> dict[str, float]:
    m, u, q = sc.subflows, sc.paths, sc.qps
    pmf = exact.max_load_pmf(m, u)
    slowest = sum((p * min(Fraction(1), Fraction(q, k)) for k, p in pmf), Fraction(0))
    values = {
        "no_collision": float(exact.p_no_collision(m, u)),
        "paths_used": float(exact.expected_paths_used(m, u)),
        "max_load": float(exact.expected_max_load(m, u)),
        "slowest": float(slowest) / sc.share,
    }
    if q == 1:
        values["efficiency"] = values["paths_used"] / min(sc.flows, u)
    return values


COMPARED = (
    ("no_collision", "P(no two sub-flows share an uplink)"),
    ("paths_used", "Uplinks in use (mean)"),
    ("max_load", "Sub-flows on the busiest uplink (mean)"),
    ("slowest", "Slowest connection / fair share (mean)"),
    ("efficiency", "Aggregate throughput / ideal (mean)"),
)


def _comparison(analytic: dict[str, float], sim: Summary) -> tuple[tuple[float | int | str | bool, ...], ...]:
    rows = []
    for key, label in COMPARED:
        a = analytic.get(key)
        m, se = sim.mean[key], sim.stderr[key]
        z: float | str = "—" if a is None else ((m - a) / se if se > 0 else 0.0)
        rows.append((label, "—" if a is None else a, m, se, z))
    return tuple(rows)


def _mitigations(sc: Scenario, trials: int, seed: int) -> tuple[tuple[float | int | str | bool, ...], ...]:
    options: list[tuple[str, Scenario]] = [
        ("Static ECMP, 1 QP per connection", replace(sc, qps=1, balancing="ecmp")),
        ("Static ECMP, 4 QPs per connection", replace(sc, qps=4, balancing="ecmp")),
        (f"Flowlet switching, {sc.flowlets} flowlet{'s' if sc.flowlets != 1 else ''}",
         replace(sc, qps=1, balancing="flowlet")),
        ("Adaptive: least-loaded uplink", replace(sc, qps=1, balancing="adaptive")),
        (f"Per-packet spraying, {sc.reorder_cost:.0%} lost to reordering", replace(sc, qps=1, balancing="spray")),
    ]
    if sc.tiers != "one":
        options += [(TIER_LABELS[t], replace(sc, qps=1, balancing="ecmp", tiers=t)) for t in TIERS[1:]]
    rows = []
    for label, option in options:
        if option.subflows > min(MAX_SUBFLOWS, MAX_LOAD_RATIO * option.paths):
            continue
        budget = MITIGATION_WORK if option.tiers == "one" else MITIGATION_WORK_TWO_TIER
        n = max(MITIGATION_MIN_TRIALS, min(trials, budget // max(1, option.work(1)), MITIGATION_COST // option.cost(1)))
        s = simulate(option, n, seed)
        rows.append((label, s.mean["slowest"], s.mean["efficiency"], n))
    return tuple(rows)


def _charts(sc: Scenario, sim: Summary) -> dict[str, tuple[Trace, ...]]:
    m, u = sc.subflows, sc.paths
    total = sum(sim.load_hist.values())
    xs = sorted(sim.load_hist)
    loads_sim = Trace("Simulated", tuple(xs), tuple(sim.load_hist[x] / total for x in xs))
    binom = exact.link_load_pmf(m, u)
    top = int(max(xs[-1], 1)) + 1
    loads_exact = Trace("Binomial(m, 1/paths), ideal hash", tuple(float(j) for j in range(min(top, m) + 1)),
                        tuple(binom[j] for j in range(min(top, m) + 1)))
    pmf = exact.max_load_pmf(m, u)
    mx = sorted(sim.max_hist)
    max_sim = Trace("Simulated", tuple(mx), tuple(sim.max_hist[x] / sim.trials for x in mx))
    shown = [(k, p) for k, p in pmf if p >= PLOT_FLOOR or k <= mx[-1]]
    max_exact = Trace("Exact, ideal hash", tuple(float(k) for k, _ in shown), tuple(float(p) for _, p in shown))
    centres = tuple((i + 0.5) / SLOWEST_BINS for i in range(SLOWEST_BINS))
    slow_sim = Trace("Simulated", centres, tuple(c / sim.trials for c in sim.slowest_hist))
    exact_bins = [0.0] * SLOWEST_BINS
    for k, p in pmf:
        frac = min(1.0, sc.qps / k) / sc.share
        exact_bins[min(SLOWEST_BINS - 1, int(frac * SLOWEST_BINS))] += float(p)
    slow_exact = Trace("Exact, static ECMP with an ideal hash", centres, tuple(exact_bins))
    return {"link_loads": (loads_sim, loads_exact), "max_load": (max_sim, max_exact),
            "slowest_flow": (slow_sim, slow_exact)}


@calculator(
    name="ecmp",
    title="ECMP hash collisions: flows on uplinks",
    summary="Monte Carlo of RoCEv2 flows hashed onto equal-cost uplinks beside the exact balls-into-bins results; mitigations compared.",
    params=(
        Int("flows", "Connections", 16, minimum=1, maximum=512,
            help="Long-lived RDMA connections leaving one leaf (for example one per GPU NIC)."),
        Int("paths", "Uplinks (equal-cost paths)", 16, minimum=1, maximum=256,
            help="Members of the ECMP group; same speed as a NIC."),
        Int("qps_per_flow", "Queue pairs per connection", 1, minimum=1, maximum=64,
            help="Each QP gets its own UDP source port, so its own hash (NCCL_IB_QPS_PER_CONNECTION)."),
        Choice("hash", "Hash function", "crc32", choices=ALL_HASHES, labels=HASH_LABELS,
               help="A real switch hash of the five-tuple, or an ideal random one."),
        Int("hash_seed", "Switch hash seed", 0, minimum=0, maximum=0xFFFFFFFF,
            help="CRC: starting value; XOR: XORed into the result; Toeplitz: XORed into the key."),
        SELECTION_PARAM, BUCKETS_PARAM,
        Choice("balancing", "Load balancing", "ecmp", choices=BALANCING, labels=BALANCING_LABELS,
               help="Static ECMP, or a mitigation."),
        Int("flowlets", "Flowlets per connection", 8, advanced=True, minimum=1, maximum=64,
            applies=("balancing", ("flowlet",)),
            help="Idle gaps at which flowlet switching may move a connection."),
        Float("reorder_cost", "Goodput lost to reordering", 0.0, advanced=True, unit="", minimum=0.0, maximum=0.9,
              applies=("balancing", ("spray",)),
              help="An assumed share, 0 for NICs that place out-of-order packets directly."),
        Choice("tiers", "Tiers", "one", choices=TIERS, labels=TIER_LABELS,
               help="One ECMP stage, or two (leaf → spine → next stage) to show polarization."),
        Int("trials", "Monte Carlo trials", 1000, advanced=True, minimum=2, maximum=100000, log_scale=True,
            help="Independent draws of queue-pair numbers (or random hashes)."),
        Int("seed", "Random seed", 1, advanced=True, minimum=0, maximum=0xFFFFFFFF,
            help="Seed of the Monte Carlo; the same seed gives the same result everywhere."),
    ),
    outputs=(
        Scalar("p_no_collision", "P(no collision), exact", "",
               "Probability that no two sub-flows share an uplink with an ideal hash (birthday problem)."),
        Scalar("expected_paths_used", "Uplinks in use, exact", "", "Expected uplinks carrying traffic, ideal hash."),
        Scalar("mean_max_load", "Busiest uplink, exact", "sub-flows",
               "Expected sub-flows on the busiest uplink, ideal hash (exact occupancy distribution)."),
        Scalar("mean_slowest_flow_fraction", "Slowest connection, simulated", "",
               "Mean over trials of the slowest connection's rate over its fair share, with the chosen hash and balancing."),
        Scalar("exact_slowest_flow_fraction", "Slowest connection, exact", "",
               "The same for static ECMP with an ideal hash, from the exact max-load distribution."),
        Scalar("efficiency", "Aggregate efficiency, simulated", "",
               "Mean aggregate throughput over the ideal (all connections at their fair share)."),
        Scalar("sim_p_no_collision", "P(no collision), simulated", "", "Share of trials with no shared uplink."),
        Scalar("sim_paths_used", "Uplinks in use, simulated", "", "Mean uplinks carrying traffic."),
        Scalar("sim_max_load", "Busiest uplink, simulated", "sub-flows", "Mean sub-flows on the busiest uplink."),
        Scalar("sim_max_load_tier2", "Busiest spine uplink, simulated", "sub-flows",
               "Two tiers only (0 with one): mean sub-flows on the busiest spine uplink; ideal is flows × QPs / paths."),
        Scalar("fair_share", "Fair share per connection", "", "min(1, paths / flows) of the NIC's line rate."),
        Scalar("subflows", "Sub-flows per leaf", "", "flows × qps_per_flow."),
        Chart("link_loads", "Sub-flows per uplink", "Sub-flows on an uplink", "Share of uplinks",
              style="bar", description="All uplinks of all trials, beside the binomial distribution of an ideal hash."),
        Chart("max_load", "Busiest uplink", "Sub-flows on the busiest uplink", "Share of trials",
              style="bar", description="Simulated against the exact distribution of the maximum load."),
        Chart("slowest_flow", "Slowest connection over trials", "Slowest connection / fair share",
              "Share of trials", style="bar",
              description="What the collective waits for, in bins of 0.05."),
        Table("comparison", "Exact against simulated",
              (Column("quantity", "Quantity"), Column("exact", "Exact (ideal hash, static ECMP)"),
               Column("simulated", "Simulated"), Column("stderr", "Standard error"),
               Column("z", "Difference in standard errors")),
              description="Within about ±3 standard errors when the hash behaves like an ideal one."),
        Table("mitigations", "Mitigations compared",
              (Column("option", "Option"), Column("slowest", "Slowest connection / fair share"),
               Column("efficiency", "Aggregate efficiency"), Column("trials", "Trials")),
              description="Same flows, paths, hash and seed; fewer trials each."),
    ),
    sources=(RAAB_STEGER, MILLER_POWER, META_ROCE, NCCL_ENV, LETFLOW, SPRAYING, MLXSW_POLARIZATION,
             FLOWTRACER, BERTSEKAS),
    view="ecmp",
)
def ecmp(*, flows: int, paths: int, qps_per_flow: int, hash: str, hash_seed: int, selection: str,
         buckets: int, balancing: str, flowlets: int, reorder_cost: float, tiers: str, trials: int,
         seed: int) -> Outcome:
    sc = Scenario(flows, paths, qps_per_flow, hash, hash_seed, selection, buckets, balancing, flowlets,
                  reorder_cost, tiers)
    _check(sc, trials)
    analytic = _analytic(sc)
    sim = simulate(sc, trials, seed)
    notes = _notes(sc)
    return Outcome(
        values={
            "p_no_collision": analytic["no_collision"],
            "expected_paths_used": analytic["paths_used"],
            "mean_max_load": analytic["max_load"],
            "mean_slowest_flow_fraction": sim.mean["slowest"],
            "exact_slowest_flow_fraction": analytic["slowest"],
            "efficiency": sim.mean["efficiency"],
            "sim_p_no_collision": sim.mean["no_collision"],
            "sim_paths_used": sim.mean["paths_used"],
            "sim_max_load": sim.mean["max_load"],
            "sim_max_load_tier2": sim.mean.get("max_load2", 0.0),
            "fair_share": sc.share,
            "subflows": sc.subflows,
        },
        charts=_charts(sc, sim),
        tables={"comparison": _comparison(analytic, sim), "mitigations": _mitigations(sc, trials, seed)},
        data=first_trial(sc, seed),
        notes=notes,
    )


def _notes(sc: Scenario) -> tuple[str, ...]:
    notes = []
    if sc.selection == "table" and sc.buckets % sc.paths:
        notes.append(f"{sc.buckets} buckets do not divide evenly over {sc.paths} paths: some paths get "
                     f"{sc.buckets // sc.paths + 1} buckets, others {sc.buckets // sc.paths}, so even an ideal "
                     "hash is uneven and the exact column (equal paths) no longer applies.")
    if sc.tiers == "two_seed" and sc.hash in ("crc32", "crc16", "xor") and sc.paths & (sc.paths - 1) == 0:
        notes.append(f"{HASH_LABELS[sc.hash]} is affine: another seed only XORs a constant into the hash, and "
                     "with a power-of-two group the second tier stays tied to the first.")
    if sc.balancing == "adaptive":
        notes.append("Adaptive placement balances the uplinks to within one sub-flow, so every trial is the same.")
    return tuple(notes)
