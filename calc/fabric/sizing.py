"""Sizing a leaf-spine(-core) fabric, and what oversubscription costs.

Sizing (calculator ``fabric``). Every GPU has ``nics_per_gpu`` NICs of
``nic_Gbps``; every switch has ``switch_ports`` ports at that speed. A leaf
splits its ports into ``d`` down and ``u`` up with d/u no more than the
requested oversubscription (d = ⌊k·o/(o+1)⌋, u = ⌈d/o⌉). Rail-optimized: NIC
r of each server goes to the rail-r leaf of its group, so a group of ``d``
servers uses one leaf per rail; otherwise a server's NICs all go to one leaf
(top of rack). Every switch spreads its uplinks evenly over the switches
above it (the same number of cables to each), as NVIDIA's tables do. Two
tiers: S spines, the smallest divisor of u that is at least ⌈L·u/k⌉, so at
most k leaves (every leaf reaches every spine). Three tiers: pods of k/2 leaves
and u spines, spines 1:1 (k/2 down, k/2 up), u core groups of C cores, C the
smallest divisor of k/2 that is at least ⌈L/k⌉; at most k pods. At 1:1 this is the k-ary fat tree of Al-Fares et al.
(k³/4 hosts, 5k²/4 switches) and reproduces NVIDIA's DGX SuperPOD tables.
What each cable needs (modules, copper DAC or co-packaged optics), its power and
the expected failures a month come from :mod:`calc.fabric.optics`. The per-GPU all-to-all bandwidth
assumes traffic spread evenly over all other GPUs, the share that must leave
the leaf limited by the leaf's uplinks and nothing else.

Oversubscription (calculator ``oversubscription``): α-β times for one
all-to-all, one incast and one ring AllReduce at 1:1 ... 8:1 (see that
function's docstring for the traffic each pattern puts on the uplinks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calc.collectives.collective import ring_time_us
from calc.errors import ValidationError
from calc.fabric.optics import CPO_POWER, KINDS, LPO_POWER, NIC_OPTIC, PRESET_W, TWIN_PORT, Optics, expected_failures
from calc.fabric.uplinks import oversubscribed_GBps, slowdown
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Bool, Choice, Float, Int, Size
from calc.registry import calculator
from calc.sources import cite

__all__ = ["CLOS", "HPN", "Design", "design", "leaf_split", "emit_yaml", "fabric", "oversubscription",
           "PatternTimes", "pattern_times", "SUPERPOD"]

CLOS = cite(
    "al-fares2008",
    "A scalable, commodity data center network architecture",
    "ACM SIGCOMM 2008", 2008, "https://doi.org/10.1145/1402958.1402967",
    authors="M. Al-Fares, A. Loukissas and A. Vahdat",
    note="k-ary fat tree: k^3/4 hosts, 5k^2/4 switches, full bisection bandwidth.",
)
SUPERPOD = cite(
    "nvidia-superpod-b200",
    "NVIDIA DGX SuperPOD Reference Architecture, DGX B200: compute fabric switch and cable counts by SU",
    "NVIDIA", 2024,
    "https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200/latest/"
    "dgx-superpod-architecture.html",
    note="32 DGX B200 per SU, rail-optimized NDR 400G InfiniBand on 64-port QM9700 switches.",
)

HPN = cite(
    "qian2024hpn",
    "Alibaba HPN: A Data Center Network for Large Language Model Training",
    "ACM SIGCOMM 2024", 2024, "https://doi.org/10.1145/3651890.3672265",
    authors="K. Qian, Y. Xi, J. Cao et al.",
    note="Two-tier, dual-plane, non-stacked dual-ToR; 15K GPUs per pod; every NIC 2 x 200G to two ToRs.",
)


@dataclass(frozen=True)
class Design:
    """The counts of one fabric design."""

    gpus: int
    servers: int
    rails: int
    endpoints: int
    down: int
    up: int
    tiers: int
    leaves: int
    spines: int
    cores: int
    pods: int
    server_links: int
    leaf_links: int
    spine_links: int
    max_gpus: int
    servers_per_leaf: int
    alltoall_GBps: float

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.cores

    @property
    def switch_links(self) -> int:
        return self.leaf_links + self.spine_links

    @property
    def transceivers(self) -> int:
        return 2 * (self.server_links + self.switch_links)

    @property
    def oversubscription(self) -> float:
        return self.down / self.up


def leaf_split(ports: int, oversubscription: float) -> tuple[int, int]:
    """Down and up ports of a leaf: as many down ports as allowed with down/up ≤ the ratio."""
    down = max(1, math.floor(ports * oversubscription / (oversubscription + 1) + 1e-9))
    while True:
        up = max(1, math.ceil(down / oversubscription - 1e-9))
        if down + up <= ports or down == 1:
            return down, up
        down -= 1


def design(gpus: int, gpus_per_server: int, nic_Gbps: float, nics_per_gpu: int, switch_ports: int,
           oversubscription: float, tiers: str, rail_optimized: bool) -> Design:
    """Size the fabric or raise :class:`ValidationError` naming the input to change."""
    if gpus % gpus_per_server:
        raise ValidationError("gpus", f"gpus must be a multiple of gpus_per_server ({gpus_per_server}): got {gpus}",
                              mentions=("gpus_per_server",))
    k = switch_ports
    down, up = leaf_split(k, oversubscription)
    rails = gpus_per_server * nics_per_gpu
    servers = gpus // gpus_per_server
    if not rail_optimized and rails > down:
        raise ValidationError("rail_optimized", f"rail_optimized must be true when a server's {rails} NICs "
                                                f"exceed a leaf's {down} down ports: got false")
    per_leaf = down if rail_optimized else down // rails
    leaves = math.ceil(servers / per_leaf) * (rails if rail_optimized else 1)
    max2, max3 = _max_gpus(k, down, rails, per_leaf, gpus_per_server, rail_optimized)
    layers = _tiers(tiers, gpus, k, max2, max3, oversubscription)
    spines, cores, pods = _upper(layers, leaves, up, k)
    local = min(per_leaf, servers) * gpus_per_server
    share = (gpus - local) / (gpus - gpus_per_server) if gpus > gpus_per_server else 0.0
    per_gpu = nic_Gbps * nics_per_gpu / 8
    return Design(gpus, servers, rails, servers * rails, down, up, layers, leaves, spines, cores, pods,
                  servers * rails, leaves * up, leaves * up if layers == 3 else 0,
                  max2 if layers == 2 else max3, per_leaf,
                  per_gpu / max(1.0, down / up * share))


def _max_gpus(k: int, down: int, rails: int, per_leaf: int, gps: int, rail: bool) -> tuple[int, int]:
    """Largest GPU counts with at most k leaves (2 tiers) and k pods of k/2 leaves (3 tiers)."""
    def gpus_for(leaves: int) -> int:
        return (leaves // rails) * down * gps if rail else leaves * per_leaf * gps
    return gpus_for(k), gpus_for(k * (k // 2))


def _tiers(tiers: str, gpus: int, k: int, max2: int, max3: int, o: float) -> int:
    where = f"{k}-port switches at {o:g}:1"
    if tiers == "2" and gpus > max2:
        raise ValidationError("gpus", f"gpus must be at most {max2} for a 2-tier fabric of {where}: got {gpus}")
    if gpus > max3:
        raise ValidationError("gpus", f"gpus must be at most {max3} for a 3-tier fabric of {where}: got {gpus}")
    if tiers == "3":
        return 3
    return 2 if gpus <= max2 else 3


def _divisor_at_least(n: int, low: int) -> int:
    """The smallest divisor of ``n`` that is at least ``low`` (``n`` itself if none smaller)."""
    return next(d for d in range(max(1, low), n + 1) if n % d == 0)


def _upper(layers: int, leaves: int, up: int, k: int) -> tuple[int, int, int]:
    """Spines, cores and pods; every switch spreads its uplinks evenly over the tier above."""
    if layers == 2:
        return _divisor_at_least(up, math.ceil(leaves * up / k)), 0, 1
    pods = math.ceil(leaves / (k // 2))
    return pods * up, up * _divisor_at_least(k // 2, math.ceil(leaves / k)), pods


# ---------------------------------------------------------------------------
# YAML emission: the same design as a topology document (see calc.topology.load)


def _w(count: int) -> int:
    return max(2, len(str(count)))


def _runs(counts: list[tuple[int, int]], name: NameFn) -> str:
    """``[(index, links)]`` sorted by index -> flow list of ranges with their link counts."""
    parts: list[str] = []
    i = 0
    while i < len(counts):
        j = i
        while j + 1 < len(counts) and counts[j + 1] == (counts[j][0] + 1, counts[i][1]):
            j += 1
        names = name(counts[i][0]) if i == j else f"{name(counts[i][0])}..{name(counts[j][0])}"
        links = counts[i][1]
        parts.append(names if links == 1 else f"{{name: {names}, links: {links}}}")
        i = j + 1
    return "[" + ", ".join(parts) + "]"


class NameFn:
    def __init__(self, pattern: str, width: int) -> None:
        self.pattern = pattern
        self.width = width

    def __call__(self, index: int) -> str:
        return self.pattern.format(f"{index + 1:0{self.width}d}")


def _round_robin(start: int, count: int, targets: int) -> list[tuple[int, int]]:
    """Links from ``count`` consecutive global uplink indices from ``start`` onto ``targets`` switches."""
    tally: dict[int, int] = {}
    full, extra = divmod(count, targets)
    if full:
        tally = {t: full for t in range(targets)}
    for n in range(start + full * targets, start + count):
        t = n % targets
        tally[t] = tally.get(t, 0) + 1
    return sorted(tally.items())


def emit_yaml(d: Design, gpus_per_server: int, nic_Gbps: float, switch_ports: int,
              rail_optimized: bool) -> str:
    """The design as a topology document that :func:`calc.topology.load` reads back to the same counts."""
    server = NameFn("gpu-{}", _w(d.servers))
    lines = [f"# Generated by the fabric calculator: {d.gpus} GPUs, {d.tiers} tiers, "
             f"{d.down}:{d.up} down:up per leaf.",
             "topology:", f"  name: fabric-{d.gpus}-gpus",
             "  models:", f"    switch: {{ports: {switch_ports}, speed_Gbps: {nic_Gbps:g}}}",
             "  servers:",
             f"    - {{name: {server(0)}..{server(d.servers - 1)}, gpus: {gpus_per_server}, "
             f"nics: {d.rails}, nic_Gbps: {nic_Gbps:g}, scale_up_gpus: {gpus_per_server}}}",
             "  networks:", "    compute:"]
    leaf_names, leaf_lines = _leaf_lines(d, server, rail_optimized)
    if d.tiers == 2:
        spine = NameFn("spine-{}", _w(d.spines))
        lines += ["      spine:", f"        - {{name: {spine(0)}..{spine(d.spines - 1)}, model: switch}}",
                  "      leaf:"]
        for i, text in enumerate(leaf_lines):
            ups = _runs(_round_robin(i * d.up, d.up, d.spines), spine)
            lines.append(f"        - {{{text}, uplinks: {ups}}}")
        return "\n".join(lines) + "\n"
    return "\n".join(lines + _three_tier(d, leaf_lines, switch_ports // 2)) + "\n"


def _leaf_lines(d: Design, server: NameFn, rail: bool) -> tuple[list[str], list[str]]:
    names: list[str] = []
    texts: list[str] = []
    groups = math.ceil(d.servers / d.servers_per_leaf)
    group_w = _w(groups)
    for g in range(groups):
        first = g * d.servers_per_leaf
        last = min(d.servers, first + d.servers_per_leaf) - 1
        members = server(first) if first == last else f"{server(first)}..{server(last)}"
        if rail:
            for r in range(d.rails):
                name = f"leaf-g{g + 1:0{group_w}d}-r{r + 1:0{_w(d.rails)}d}"
                names.append(name)
                texts.append(f"name: {name}, model: switch, rail: {r + 1}, servers: [{members}]")
        else:
            name = f"leaf-{g + 1:0{group_w}d}"
            names.append(name)
            texts.append(f"name: {name}, model: switch, servers: [{{name: {members}, links: {d.rails}}}]")
    return names, texts


def _three_tier(d: Design, leaf_lines: list[str], per_pod: int) -> list[str]:
    pod_w, up_w = _w(d.pods), _w(d.up)
    groups = d.cores // d.up
    core_w = _w(groups)
    lines = ["      core:"]
    lines += [f"        - {{name: core-g{j + 1:0{up_w}d}-{1:0{core_w}d}..core-g{j + 1:0{up_w}d}-"
              f"{groups:0{core_w}d}, model: switch}}" for j in range(d.up)]
    lines.append("      spine:")
    for p in range(d.pods):
        in_pod = min(per_pod, d.leaves - p * per_pod)
        for j in range(d.up):
            core = NameFn(f"core-g{j + 1:0{up_w}d}-{{}}", core_w)
            ups = _runs(_round_robin(p * per_pod, in_pod, groups), core)
            lines.append(f"        - {{name: spine-p{p + 1:0{pod_w}d}-{j + 1:0{up_w}d}, model: switch, "
                         f"uplinks: {ups}}}")
    lines.append("      leaf:")
    for i, text in enumerate(leaf_lines):
        pod = f"spine-p{i // per_pod + 1:0{pod_w}d}"
        lines.append(f"        - {{{text}, uplinks: [{pod}-{1:0{up_w}d}..{pod}-{d.up:0{up_w}d}]}}")
    return lines


@calculator(
    name="fabric",
    title="Size a leaf-spine fabric",
    summary="Leaves, spines, cores, cables and optics for a GPU count, switch radix and oversubscription; "
            "emits the matching topology YAML.",
    params=(
        Int("gpus", "GPUs", 2048, minimum=8, maximum=131072, help="GPUs to connect."),
        Int("gpus_per_server", "GPUs per server", 8, minimum=1, maximum=72,
            help="GPUs in one server (its scale-up domain, e.g. 8 for an HGX board)."),
        Float("nic_Gbps", "NIC speed", 400.0, unit="Gb/s", minimum=10.0, maximum=1600.0,
              help="Speed of one scale-out NIC port (and of the switch ports)."),
        Int("nics_per_gpu", "NICs per GPU", 1, minimum=1, maximum=8, help="Scale-out NIC ports per GPU."),
        Int("switch_ports", "Switch radix", 64, minimum=4, maximum=512,
            help="Ports per switch at the link speed: 64 for a 25.6T switch at 400G or a 51.2T at 800G; "
                 "128 for a 51.2T switch run as 128 × 400G, usual with 400G NICs (two tiers then reach "
                 "8,192 GPUs at 8 GPUs per server)."),
        Float("oversubscription", "Oversubscription (N:1)", 1.0, minimum=1.0, maximum=16.0,
              help="Leaf down:up bandwidth ratio; 1 is non-blocking."),
        Choice("tiers", "Tiers", "auto", choices=("auto", "2", "3"),
               labels={"auto": "Fewest that fit", "2": "2 (leaf-spine)", "3": "3 (leaf-spine-core)"},
               help="Switch tiers; auto picks two when they suffice."),
        Bool("rail_optimized", "Rail-optimized", True,
             help="NIC r of every server in a group on the same leaf (one leaf per rail)."),
        Int("planes", "Planes", 1, minimum=1, maximum=8,
            help="Independent parallel fabrics. 2 splits every NIC into two ports on two leaves in two planes "
                 "(dual-ToR, dual-plane, as Alibaba HPN): a leaf failure halves a NIC's bandwidth instead of "
                 "cutting it off. Switch radix is then counted at the port speed (NIC speed / planes)."),
        Choice("server_media", "Server–leaf cables", "optics", choices=("optics", "dac"),
               labels={"optics": "Optics (transceiver at each end)", "dac": "Copper DAC (no transceivers)"},
               help="DAC reaches a few metres: leaves in or next to the server rack."),
        Int("links_per_optic", "Links per switch transceiver", 1, minimum=1, maximum=2,
            help="2 for twin-port 800G OSFP modules that carry two 400G links (to two NICs or two switches); "
                 "1 when each switch port has its own module (800G links)."),
        Choice("switch_optics", "Switch optics", "pluggable", choices=KINDS,
               labels={"pluggable": "Pluggable modules (DSP)", "lpo": "Linear pluggable optics (LPO)",
                       "cpo": "Co-packaged optics (CPO)"},
               fills={k: {"switch_optic_W": w} for k, w in PRESET_W.items()},
               help="Sets the power per switch transceiver: 17 W for NVIDIA's twin-port 800G OSFP; 8 W for an "
                    "800G LPO module without a DSP (the top of Adtran's 5-8 W); 5.5 W per 800G for Broadcom's "
                    "co-packaged Bailly switch, which needs no module in the cage."),
        Float("switch_optic_W", "Power per switch transceiver", 17.0, unit="W", minimum=0.0, maximum=100.0,
              help="17 W: NVIDIA's twin-port 800G single-mode OSFP (15 W multimode). With co-packaged optics: "
                   "the power of the engines that replace one transceiver.", advanced=True),
        Float("nic_optic_W", "Power per NIC transceiver", 9.0, unit="W", minimum=0.0, maximum=100.0,
              help="9 W: NVIDIA's 400G single-port OSFP at the NIC.", advanced=True),
        Float("link_failure_pct", "Links failing per month", 0.057, unit="%", minimum=0.0, maximum=100.0,
              help="Share of links that fail in a month: 0.057 % for the NIC-ToR links of Alibaba's "
                   "LLM-training clusters (HPN, SIGCOMM 2024). Applied to every cable.", advanced=True),
        Float("switch_failure_pct", "Switches failing per month", 0.051, unit="%", minimum=0.0, maximum=100.0,
              help="Share of switches that crash in a month: about 0.051 % of ToR switches in Alibaba's "
                   "clusters (HPN, SIGCOMM 2024). Applied to every switch.", advanced=True),
    ),
    outputs=(
        Scalar("leaves", "Leaf switches"),
        Scalar("spines", "Spine switches"),
        Scalar("cores", "Core switches"),
        Scalar("switches", "Switches"),
        Scalar("server_links", "Server–leaf cables"),
        Scalar("switch_links", "Switch–switch cables"),
        Scalar("transceivers", "Transceivers", "", "Optical modules: one per NIC end, one per switch end "
               "(or per two with twin-port modules); none on DAC."),
        Scalar("dac_cables", "Copper DAC cables"),
        Scalar("optics_kW", "Transceiver power", "kW",
               "All optical modules (and co-packaged engines) at their stated power."),
        Scalar("link_failures_per_month", "Link failures per month", "",
               "Expected failed links a month: cables × the monthly link failure rate."),
        Scalar("switch_failures_per_month", "Switch failures per month", "",
               "Expected crashed switches a month: switches × the monthly switch failure rate."),
        Scalar("tiers_used", "Tiers"),
        Scalar("max_gpus", "Largest cluster with these tiers", "GPUs"),
        Scalar("oversubscription_achieved", "Leaf oversubscription (N:1)", "", "Down:up of a full leaf."),
        Scalar("alltoall_GBps", "All-to-all bandwidth per GPU", "GB/s",
               "Per direction, uniform all-to-all over the whole cluster."),
        Scalar("leaf_failure_gpus_cut_off", "GPUs cut off by one leaf failure", "",
               "GPUs left without any scale-out link: a synchronous job on any of them stops."),
        Scalar("leaf_failure_servers", "Servers that lose a NIC when one leaf fails"),
        Table("bill", "Bill of materials", (Column("tier", "Tier"), Column("switches", "Switches"),
                                            Column("links", "Cables up"), Column("optics", "Transceivers"),
                                            Column("dac", "DAC cables"), Column("power", "Optics power", "W"))),
    ),
    sources=(CLOS, SUPERPOD, TWIN_PORT, NIC_OPTIC, LPO_POWER, CPO_POWER, HPN),
    view="topology",
)
def fabric(*, gpus: int, gpus_per_server: int, nic_Gbps: float, nics_per_gpu: int, switch_ports: int,
           oversubscription: float, tiers: str, rail_optimized: bool, planes: int, server_media: str,
           links_per_optic: int, switch_optics: str, switch_optic_W: float, nic_optic_W: float,
           link_failure_pct: float, switch_failure_pct: float) -> Outcome:
    d = design(gpus, gpus_per_server, nic_Gbps / planes, nics_per_gpu, switch_ports, oversubscription, tiers,
               rail_optimized)
    optics = Optics(server_media == "dac", links_per_optic, switch_optic_W, nic_optic_W, switch_optics)
    rows = (("server", d.servers, planes * d.server_links, *optics.server(planes * d.server_links)),
            ("leaf", planes * d.leaves, planes * d.leaf_links, *optics.switch(planes * d.leaf_links)),
            ("spine", planes * d.spines, planes * d.spine_links, *optics.switch(planes * d.spine_links)),
            ("core", planes * d.cores, 0, 0, 0, 0.0))
    used = rows if d.tiers == 3 else rows[:3]
    return Outcome(
        values={"leaves": planes * d.leaves, "spines": planes * d.spines, "cores": planes * d.cores,
                "switches": planes * d.switches, "server_links": planes * d.server_links,
                "switch_links": planes * d.switch_links, "transceivers": sum(int(r[3]) for r in used),
                "dac_cables": sum(int(r[4]) for r in used),
                "optics_kW": sum(float(r[5]) for r in used) / 1000,
                "link_failures_per_month": expected_failures(planes * (d.server_links + d.switch_links),
                                                             link_failure_pct),
                "switch_failures_per_month": expected_failures(planes * d.switches, switch_failure_pct),
                "tiers_used": d.tiers, "max_gpus": d.max_gpus,
                "oversubscription_achieved": d.oversubscription, "alltoall_GBps": planes * d.alltoall_GBps,
                "leaf_failure_gpus_cut_off": _cut_off(d, gpus_per_server, nics_per_gpu, planes, rail_optimized),
                "leaf_failure_servers": min(d.servers_per_leaf, d.servers)},
        tables={"bill": used},
        data={"yaml": emit_yaml(d, gpus_per_server, nic_Gbps / planes, switch_ports, rail_optimized)},
        notes=(f"Counts are for {planes} identical planes; the YAML shows one.",) if planes > 1 else (),
    )


def _cut_off(d: Design, gpus_per_server: int, nics_per_gpu: int, planes: int, rail: bool) -> int:
    """GPUs with no scale-out link left after one full leaf fails."""
    servers = min(d.servers_per_leaf, d.servers)
    if planes > 1:
        return 0  # each NIC keeps its port on the other plane
    if rail:
        return servers if nics_per_gpu == 1 else 0  # one NIC of each server; a GPU's other NICs are other rails
    return servers * gpus_per_server


# ---------------------------------------------------------------------------
# What oversubscription costs


@dataclass(frozen=True)
class PatternTimes:
    """Times (µs) of one operation of each pattern at one oversubscription."""

    ratio: float
    alltoall_us: float
    incast_us: float
    allreduce_packed_us: float
    allreduce_scattered_us: float


def pattern_times(ratio: float, gpus: int, gpus_per_leaf: int, message: int, nic_GBps: float,
                  latency_us: float, senders: int) -> PatternTimes:
    """α-β times on a two-tier fabric whose leaves have ``ratio`` times less up than down bandwidth.

    Every pattern goes through :mod:`calc.fabric.uplinks`, the rule the training-step model uses too.

    All-to-all: each GPU sends ``message`` bytes split over the other GPUs; the
    off-leaf share f = (n-g)/(n-1) crosses the uplinks, which carry 1/ratio of
    the leaf's NIC bandwidth, so the time is α(n-1) + S/B·max(1, ratio·f)
    (NIC or uplink, whichever is slower). Incast: ``senders`` GPUs on other
    leaves each send ``message`` bytes to one GPU; the receiver's one link is
    the bottleneck until a leaf's uplinks fall below one NIC's worth (ratio >
    gpus_per_leaf). Ring AllReduce, ranks packed leaf by leaf: one ring edge in
    and one out per leaf, so the uplinks carry one NIC's worth and the ring
    runs at the NIC rate while ratio ≤ gpus_per_leaf; ranks scattered at
    random: a share f of the edges cross, each GPU gets B/max(1, ratio·f).
    (NCCL runs several rings at once; c rings put c flows on a packed leaf's
    uplinks, so packed rings slow down once ratio > gpus_per_leaf/c.)
    """
    f = (gpus - gpus_per_leaf) / (gpus - 1)
    a2a = latency_us * (gpus - 1) + message / (nic_GBps * 1e3) * slowdown(ratio, f)
    incast = latency_us + senders * message / (nic_GBps * 1e3) * slowdown(ratio, 1 / gpus_per_leaf)
    packed_bw = oversubscribed_GBps(nic_GBps, ratio, 1 / gpus_per_leaf)
    scattered_bw = oversubscribed_GBps(nic_GBps, ratio, f)
    return PatternTimes(ratio, a2a, incast,
                        ring_time_us("allreduce", gpus, message, packed_bw, latency_us),
                        ring_time_us("allreduce", gpus, message, scattered_bw, latency_us))


RATIOS = (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)


@calculator(
    name="oversubscription",
    title="What oversubscription costs",
    summary="All-to-all, incast and AllReduce time at 1:1, 2:1 and 4:1, and the training step they slow.",
    params=(
        Int("gpus", "GPUs", 1024, minimum=16, maximum=131072, help="GPUs taking part."),
        Int("gpus_per_leaf", "GPUs under one leaf", 32, minimum=2, maximum=4096,
            help="GPUs whose NICs share one leaf's uplinks (down ports of a leaf)."),
        Size("message", "Message size", 256 * 1024**2, minimum=1024, maximum=64 * 1024**3, log_scale=True,
             help="Bytes each GPU sends in the all-to-all, each sender in the incast, the AllReduce buffer."),
        Float("nic_Gbps", "NIC speed", 400.0, unit="Gb/s", minimum=10.0, maximum=1600.0,
              help="One NIC per GPU."),
        Float("latency_us", "Latency per step", 5.0, unit="µs", minimum=0.0, maximum=1000.0,
              help="α: fixed cost of a message or ring step across the network."),
        Int("senders", "Incast senders", 16, minimum=1, maximum=4096, help="GPUs sending to one GPU at once."),
        Float("comm_fraction", "Communication share of the step at 1:1", 0.3, minimum=0.0, maximum=1.0,
              help="Exposed (not overlapped) network time as a share of the step at 1:1."),
        Choice("pattern", "Step's network traffic", "alltoall",
               choices=("alltoall", "allreduce_packed", "allreduce_scattered", "incast"),
               labels={"alltoall": "All-to-all (expert parallel)", "allreduce_packed": "AllReduce, ranks packed",
                       "allreduce_scattered": "AllReduce, ranks scattered", "incast": "Incast"},
               help="Which pattern makes up the step's exposed communication."),
        Int("tp", "Tensor-parallel degree", 8, minimum=1, maximum=1024,
            help="GPUs sharing one layer; their traffic stays in the scale-up domain if it is big enough."),
        Int("scale_up_gpus", "Scale-up domain", 8, minimum=1, maximum=1024,
            help="GPUs in one NVLink domain (8 for HGX, 72 for NVL72)."),
        Float("ratio", "Oversubscription to examine (N:1)", 2.0, minimum=1.0, maximum=64.0,
              help="Down:up ratio for the 'at N:1' results, e.g. 7 for the 1:7 between Meta's pods."),
    ),
    outputs=(
        Scalar("alltoall_2to1", "All-to-all slowdown at 2:1", "×"),
        Scalar("incast_2to1", "Incast slowdown at 2:1", "×"),
        Scalar("allreduce_packed_2to1", "AllReduce slowdown at 2:1, ranks packed", "×"),
        Scalar("allreduce_scattered_2to1", "AllReduce slowdown at 2:1, ranks scattered", "×"),
        Scalar("step_2to1", "Step slowdown at 2:1", "×", "(1-c) + c·pattern slowdown."),
        Scalar("step_4to1", "Step slowdown at 4:1", "×"),
        Scalar("throughput_2to1", "Training throughput at 2:1", "%", "Steps per second at 2:1 as a share of 1:1."),
        Scalar("tp_in_domain", "Tensor parallelism fits the scale-up domain", ""),
        Scalar("alltoall_at_ratio", "All-to-all slowdown at N:1", "×"),
        Scalar("allreduce_packed_at_ratio", "AllReduce slowdown at N:1, ranks packed", "×"),
        Scalar("allreduce_scattered_at_ratio", "AllReduce slowdown at N:1, ranks scattered", "×"),
        Scalar("step_at_ratio", "Step slowdown at N:1", "×"),
        Table("times", "Time of one operation", (
            Column("ratio", "Oversubscription"), Column("alltoall", "All-to-all", "µs"),
            Column("incast", "Incast", "µs"), Column("packed", "AllReduce, packed", "µs"),
            Column("scattered", "AllReduce, scattered", "µs"), Column("step", "Step", "×"))),
        Chart("slowdown", "Slowdown against oversubscription", "Oversubscription (N:1)", "Slowdown", "", "×",
              description="Time at N:1 over time at 1:1 for each pattern and for the step."),
    ),
    sources=(CLOS,),
)
def oversubscription(*, gpus: int, gpus_per_leaf: int, message: int, nic_Gbps: float, latency_us: float,
                     senders: int, comm_fraction: float, pattern: str, tp: int, scale_up_gpus: int,
                     ratio: float) -> Outcome:
    if gpus_per_leaf > gpus:
        raise ValidationError("gpus_per_leaf", f"gpus_per_leaf must be at most gpus ({gpus}): got {gpus_per_leaf}",
                              mentions=("gpus",))
    base = pattern_times(1.0, gpus, gpus_per_leaf, message, nic_Gbps / 8, latency_us, senders)
    rows = [pattern_times(r, gpus, gpus_per_leaf, message, nic_Gbps / 8, latency_us, senders) for r in RATIOS]

    def slow(t: PatternTimes, name: str) -> float:
        return float(getattr(t, f"{name}_us") / getattr(base, f"{name}_us"))

    def step(t: PatternTimes) -> float:
        return 1 - comm_fraction + comm_fraction * slow(t, pattern)

    two, four = rows[RATIOS.index(2.0)], rows[RATIOS.index(4.0)]
    at = pattern_times(ratio, gpus, gpus_per_leaf, message, nic_Gbps / 8, latency_us, senders)
    names = ("alltoall", "incast", "allreduce_packed", "allreduce_scattered")
    traces = tuple(Trace(n.replace("_", ", "), RATIOS, tuple(slow(t, n) for t in rows)) for n in names)
    return Outcome(
        values={"alltoall_2to1": slow(two, "alltoall"), "incast_2to1": slow(two, "incast"),
                "allreduce_packed_2to1": slow(two, "allreduce_packed"),
                "allreduce_scattered_2to1": slow(two, "allreduce_scattered"),
                "step_2to1": step(two), "step_4to1": step(four), "throughput_2to1": 100 / step(two),
                "tp_in_domain": tp <= scale_up_gpus, "alltoall_at_ratio": slow(at, "alltoall"),
                "allreduce_packed_at_ratio": slow(at, "allreduce_packed"),
                "allreduce_scattered_at_ratio": slow(at, "allreduce_scattered"), "step_at_ratio": step(at)},
        tables={"times": tuple((f"{t.ratio:g}:1", round(t.alltoall_us, 1), round(t.incast_us, 1),
                                round(t.allreduce_packed_us, 1), round(t.allreduce_scattered_us, 1),
                                round(step(t), 3)) for t in rows if t.ratio in (1.0, 2.0, 4.0))},
        charts={"slowdown": (*traces, Trace("step", RATIOS, tuple(step(t) for t in rows)))},
        notes=(() if tp <= scale_up_gpus else (
            f"Tensor parallelism of {tp} exceeds the {scale_up_gpus}-GPU scale-up domain: its AllReduces "
            "leave NVLink and cross the scale-out network, where oversubscription hits them too.",)) + (_UNMEASURED,),
    )


_UNMEASURED = ("These times are α-β arithmetic and the slowdowns the sharing rule's, not measurements: no run "
              "of the collectives' validation (accuracy page) reports an oversubscribed fabric, so they carry no "
              "measured error.")
