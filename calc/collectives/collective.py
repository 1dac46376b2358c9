"""Time of one collective on a cluster of GPUs: the latency-bandwidth (α-β) model.

Two ways to describe the hardware:

* ``system=link`` (the default): every GPU hangs off one tier of identical
  links, set by ``preset`` or by ``bandwidth_GBps`` and ``latency_us``. With its
  calibration at 1 and 0 this is the textbook model of the foundation: a ring
  AllReduce of S bytes on n GPUs takes 2(n-1) steps and moves 2(n-1)/n·S bytes
  per GPU; AllGather and ReduceScatter take n-1 steps and move (n-1)/n·S
  (Patarasuk and Yuan 2009; Thakur, Rabenseifner and Gropp 2005).
* a system preset (DGX/HGX A100, H100, H200, B200, GB200 NVL72): GPUs in
  scale-up domains joined by NICs, with calibrated efficiencies and overheads.
  The two-tier model and its algorithms are described in
  :mod:`calc.collectives.model`.

Bus bandwidth follows nccl-tests' PERFORMANCE.md exactly: algbw = S/t and
busbw = algbw·2(n-1)/n for AllReduce, algbw·(n-1)/n for AllGather,
ReduceScatter and AllToAll, algbw for Broadcast, S being the size nccl-tests
prints (the whole buffer: the output of AllGather, the input of ReduceScatter).
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.collectives import model
from calc.collectives.hardware import NCCL_TUNING, SYSTEMS
from calc.collectives.hardware import SOURCES as HARDWARE_SOURCES
from calc.collectives.model import Cost, Fabric, Tier
from calc.errors import ValidationError
from calc.outputs import Chart, Outcome, Scalar, Trace
from calc.params import Choice, Float, Int, Size, Value
from calc.registry import calculator
from calc.sources import cite

__all__ = [
    "RingCost", "ring_cost", "ring_time_us", "busbw_factor", "PRESETS", "CALIBRATION", "TEXTBOOK",
    "SYSTEM_FILLS", "PARAMS", "fabric_for", "collective", "scaling", "NVLS_SCALE", "calibration_for",
]

NCCL_TESTS = cite(
    "nccl-tests-perf",
    "nccl-tests PERFORMANCE.md: algorithm bandwidth and bus bandwidth",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2024,
    "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md",
)
PATARASUK = cite(
    "patarasuk2009",
    "Bandwidth optimal all-reduce algorithms for clusters of workstations",
    "Journal of Parallel and Distributed Computing 69(2)", 2009,
    "https://doi.org/10.1016/j.jpdc.2008.09.002", authors="P. Patarasuk and X. Yuan",
)
THAKUR = cite(
    "thakur2005",
    "Optimization of collective communication operations in MPICH",
    "International Journal of High Performance Computing Applications 19(1)", 2005,
    "https://doi.org/10.1177/1094342005051521",
    authors="R. Thakur, R. Rabenseifner and W. Gropp",
)
NCCL_ISSUE_119 = cite(
    "nccl-tests-issue-119",
    "nccl-tests issue 119: 3 nodes x 8 A100 with 4x HDR per node reach ~96 GB/s; 'We usually consider "
    "24GB/s is the peak performance per 200G NIC' (maintainer answer)",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2022, "https://github.com/NVIDIA/nccl-tests/issues/119",
)
NCCL_ISSUE_290 = cite(
    "nccl-tests-issue-290",
    "nccl-tests issue 290: 'For NDR @ 400Gbps you should see 46-48GB/s per NIC' (maintainer answer)",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2025, "https://github.com/NVIDIA/nccl-tests/issues/290",
)

OPS = model.OPS
OP_LABELS = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
             "alltoall": "AllToAll", "broadcast": "Broadcast"}
ALGORITHM_LABELS = {"auto": "Auto (what NCCL would broadly pick)", "ring": "Ring",
                    "tree": "Tree (double binary tree)", "hierarchical": "Hierarchical (two-level)",
                    "nvls": "NVLink SHARP (in-switch reduction)"}

# Preset: (bandwidth per GPU per direction in GB/s, per-step latency in µs).
# NVLink 5: 1.8 TB/s per GPU counts both directions of 18 links; 900 GB/s each way.
# 400G RoCE: 400 Gb/s per direction = 50 GB/s.
PRESETS: dict[str, tuple[float, float]] = {
    "nvlink5": (900.0, 1.0),
    "roce400": (50.0, 4.0),
}
PRESET_LABELS = {
    "nvlink5": "Scale-up: NVLink 5 (900 GB/s per direction)",
    "roce400": "Scale-out: 400G RoCE NIC (50 GB/s per direction)",
    "custom": "Custom",
}

TEXTBOOK: dict[str, Value] = {
    "scaleup_efficiency": 1.0, "scaleout_efficiency": 1.0, "nvls_efficiency": 1.0,
    "launch_us": 0.0, "step_overhead_us": 0.0,
}
# Calibrated once for every system, from NCCL's own figures, not from any one measurement:
# ~20 % protocol overhead on NVLink (370 of 450 GB/s, nccl-tests#212), 46-48 GB/s of a
# 400G NIC and 24 of 25 GB/s of a 200G NIC (nccl-tests#290, #119), and NCCL's cost model
# for latencies: 0.47 µs per NVLink step and 2.7 µs per network step for its low-latency
# protocol, 3.6 µs base, ~3 µs more per step for bulk transfers (NCCL_TUNING).
# NVLink SHARP: NVLS_SCALE of NCCL's own per-generation NVLS efficiency (hardware catalogue,
# NCCL_NVLS: 0.85 Hopper, 0.74 Blackwell); one scale for every system, set from the four
# single-domain NVLS measurements together (H100, H200, B200, GB200 NVL72: 0.62-0.63 each).
NVLS_SCALE = 0.625
CALIBRATION: dict[str, Value] = {
    "scaleup_efficiency": 0.80, "scaleout_efficiency": 0.94, "nvls_efficiency": NVLS_SCALE * 0.85,
    "launch_us": 3.6, "step_overhead_us": 3.0,
}
SCALEUP_LATENCY_US = 0.47
SCALEOUT_LATENCY_US = 2.7

SYSTEM_LABELS = {"link": "One tier of links (set by the link preset)",
                 **{k: s.name for k, s in SYSTEMS.items()}}


def calibration_for(key: str) -> dict[str, Value]:
    """The calibrated factors for system ``key``: common to all, NVLS from the switch generation."""
    switch = SYSTEMS[key].switch
    nvls: dict[str, Value] = {"nvls_efficiency": NVLS_SCALE * switch.nvls_efficiency} if switch.nvls else {}
    return {**CALIBRATION, **nvls}


def _system_fill(key: str) -> dict[str, Value]:
    system = SYSTEMS[key]
    return {
        "gpus_per_domain": system.gpus_per_domain,
        "scaleup_GBps": system.scale_up.gpu_GBps_per_dir, "scaleup_latency_us": SCALEUP_LATENCY_US,
        "scaleout_GBps": system.scaleout_GBps, "scaleout_latency_us": SCALEOUT_LATENCY_US,
        **calibration_for(key),
    }


SYSTEM_FILLS: dict[str, dict[str, Value]] = {"link": dict(TEXTBOOK),
                                              **{k: _system_fill(k) for k in SYSTEMS}}


@dataclass(frozen=True)
class RingCost:
    """Steps and bytes one GPU sends for one ring collective."""

    steps: int
    bytes_per_gpu: float


def ring_cost(op: str, gpus: int, message_bytes: int) -> RingCost:
    """Textbook ring schedule of ``op`` on ``gpus`` GPUs for a buffer of ``message_bytes``."""
    plan = model.phases("ring", op, _flat(gpus, 1.0, 0.0), float(message_bytes))
    return RingCost(sum(p.steps for p in plan), sum(p.bytes for p in plan))


def busbw_factor(op: str, gpus: int) -> float:
    """nccl-tests' bus-bandwidth factor for ``op`` on ``gpus`` GPUs."""
    return model.busbw_factor(op, gpus)


def ring_time_us(op: str, gpus: int, message_bytes: int, bandwidth_GBps: float, latency_us: float) -> float:
    """Textbook α-β ring time: steps·α + bytes/β. 1 GB/s moves 1000 bytes per µs."""
    cost = ring_cost(op, gpus, message_bytes)
    return cost.steps * latency_us + cost.bytes_per_gpu / (bandwidth_GBps * 1e3)


def _flat(gpus: int, bandwidth_GBps: float, latency_us: float, efficiency: float = 1.0) -> Fabric:
    """All GPUs on one tier: one GPU per 'domain', every step on the same kind of link."""
    link = Tier("link", bandwidth_GBps, latency_us, efficiency)
    return Fabric(gpus, 1, link, link, nvls=False)


def fabric_for(values: dict[str, Value]) -> Fabric:
    """The fabric the inputs describe; ``system=link`` puts every GPU on one tier of links."""
    cal = {k: float(values[k]) for k in TEXTBOOK}
    gpus = int(values["gpus"])
    if values["system"] == "link":
        link = Tier("link", float(values["bandwidth_GBps"]), float(values["latency_us"]),
                    cal["scaleout_efficiency"])
        return Fabric(gpus, 1, link, link, False, cal["nvls_efficiency"], cal["launch_us"],
                      cal["step_overhead_us"])
    up = Tier("scale-up", float(values["scaleup_GBps"]), float(values["scaleup_latency_us"]),
              cal["scaleup_efficiency"])
    out = Tier("scale-out", float(values["scaleout_GBps"]), float(values["scaleout_latency_us"]),
               cal["scaleout_efficiency"])
    nvls = SYSTEMS[str(values["system"])].switch.nvls
    return Fabric(gpus, int(values["gpus_per_domain"]), up, out, nvls, cal["nvls_efficiency"],
                  cal["launch_us"], cal["step_overhead_us"])


def _check(values: dict[str, Value], fabric: Fabric) -> None:
    op, algorithm, g = str(values["op"]), str(values["algorithm"]), fabric.per_domain
    if values["system"] != "link" and fabric.gpus > g and fabric.gpus % g:
        raise ValidationError("gpus", f"gpus must be a multiple of gpus_per_domain ({g}): got {fabric.gpus}")
    if algorithm == "nvls" and not fabric.nvls:
        raise ValidationError("algorithm", f"algorithm nvls needs NVLink SHARP (an H100-generation NVSwitch "
                                           f"or later); system {values['system']} has none")
    allowed = ("auto",) + model.valid_algorithms(op, True)
    if algorithm not in allowed:
        raise ValidationError("algorithm", f"algorithm must be one of {', '.join(allowed)} for {op}: "
                                           f"got {algorithm!r}")


def solve(values: dict[str, Value], size: float) -> Cost:
    """Cost for the inputs at buffer size ``size`` (bytes)."""
    return _solve(fabric_for(values), str(values["op"]), str(values["algorithm"]), size)


def _solve(fabric: Fabric, op: str, algorithm: str, size: float) -> Cost:
    if algorithm == "auto":
        return model.best(op, fabric, size)
    return model.cost(algorithm, op, fabric, size)


SWEEP_BYTES = tuple(int(1024 * 2 ** (k / 2)) for k in range(0, 49))  # 1 KiB .. 16 GiB, half-octaves


def _sweep(values: dict[str, Value], name: str) -> Trace:
    fabric, op, algorithm = fabric_for(values), str(values["op"]), str(values["algorithm"])
    ys = tuple(_solve(fabric, op, algorithm, float(s)).time_us for s in SWEEP_BYTES)
    return Trace(name, tuple(float(s) for s in SWEEP_BYTES), ys)


def _preset_values(values: dict[str, Value], preset: str) -> dict[str, Value]:
    bandwidth, latency = PRESETS[preset]
    return {**values, **TEXTBOOK, "system": "link", "algorithm": "ring", "bandwidth_GBps": bandwidth,
            "latency_us": latency}


def _gpu_counts(values: dict[str, Value]) -> tuple[int, ...]:
    g = int(values["gpus_per_domain"]) if values["system"] != "link" else 1
    small = [2 ** k for k in range(1, 13) if 2 ** k < g]
    return tuple(small + [g * 2 ** k for k in range(0, 13) if g * 2 ** k <= 8192 and g * 2 ** k >= 2])


def _busbw_trace(values: dict[str, Value], name: str) -> Trace:
    counts = _gpu_counts(values)
    ys = []
    for n in counts:
        point = {**values, "gpus": n}
        t = solve(point, float(values["message"])).time_us
        ys.append(float(values["message"]) / (t * 1e3) * model.busbw_factor(str(values["op"]), n))
    return Trace(name, tuple(float(n) for n in counts), tuple(ys))


def _busbw_chart(values: dict[str, Value]) -> tuple[Trace, ...]:
    traces = [_busbw_trace(values, "Current inputs")]
    if values["system"] != "link" and values["op"] in ("allreduce", "allgather", "reducescatter"):
        traces.append(_busbw_trace({**values, "algorithm": "ring"}, "Flat ring"))
    return tuple(traces)


def _split_bytes(values: dict[str, Value], result: Cost) -> tuple[float, float]:
    """Bytes per GPU on each tier; with system=link the NVLink preset counts as scale-up, others as scale-out."""
    if values["system"] == "link" and values["preset"] == "nvlink5":
        return result.bytes_up + result.bytes_out, 0.0
    return result.bytes_up, result.bytes_out


def _domains(values: dict[str, Value], fabric: Fabric) -> int:
    if values["system"] == "link":
        return 1 if values["preset"] == "nvlink5" else fabric.gpus
    return fabric.domains


def _validated(values: dict[str, Value]) -> Fabric:
    fabric = fabric_for(values)
    _check(values, fabric)
    return fabric


PARAMS = (
    Choice("op", "Operation", "allreduce", choices=OPS, labels=OP_LABELS,
           help="The collective. nccl-tests' size convention: the whole buffer."),
    Choice("algorithm", "Algorithm", "auto", choices=model.ALGORITHMS, labels=ALGORITHM_LABELS,
           help="auto picks the fastest algorithm NCCL implements for this operation and reports it."),
    Int("gpus", "GPUs", 8, minimum=2, maximum=131072, help="GPUs taking part."),
    Size("message", "Message size", 1024**3, minimum=1, maximum=1024**4, log_scale=True,
         help="Buffer size as nccl-tests reports it; accepts 4096, 512KiB, 1MiB, 4GB."),
    Choice("system", "System", "link", choices=("link", *SYSTEMS), labels=SYSTEM_LABELS,
           fills=SYSTEM_FILLS,
           help="link: one tier of identical links, textbook calibration. A system: scale-up "
                "domains joined by NICs, calibrated against nccl-tests."),
    Choice("preset", "Link preset", "nvlink5", choices=("nvlink5", "roce400", "custom"),
           labels=PRESET_LABELS,
           fills={k: {"bandwidth_GBps": bw, "latency_us": lat} for k, (bw, lat) in PRESETS.items()},
           help="For system=link: fills bandwidth and latency for a scale-up link or a scale-out NIC."),
    Float("bandwidth_GBps", "Bandwidth per GPU, per direction", 900.0, unit="GB/s",
          minimum=0.1, maximum=100000.0, help="For system=link: what each GPU can send (and receive) at once."),
    Float("latency_us", "Latency per step", 1.0, unit="µs", minimum=0.0, maximum=10000.0,
          help="For system=link: fixed cost of one step (launch, synchronisation, wire, switch)."),
    Int("gpus_per_domain", "Scale-up domain size", 8, minimum=1, maximum=1024,
        help="For a system: GPUs joined by NVLink switches (8 in a DGX, 72 in an NVL72)."),
    Float("scaleup_GBps", "Scale-up speed (per GPU, each direction)", 900.0, unit="GB/s",
          minimum=0.1, maximum=100000.0, help="NVLink: 18 links x 50 GB/s = 900 GB/s for NVLink 5."),
    Float("scaleup_latency_us", "Scale-up step latency", 0.47, advanced=True, unit="µs", minimum=0.0, maximum=10000.0,
          help="Per step inside the domain (NCCL's model: 0.47 µs on NVLink)."),
    Float("scaleout_GBps", "Scale-out speed (per GPU, each direction)", 50.0, unit="GB/s",
          minimum=0.1, maximum=100000.0, help="The GPU's share of NICs: one 400G NIC = 50 GB/s."),
    Float("scaleout_latency_us", "Scale-out step latency", 2.7, advanced=True, unit="µs", minimum=0.0,
          maximum=10000.0, help="Per network step (NCCL's model: 2.7 µs)."),
    Float("scaleup_efficiency", "Scale-up efficiency", 1.0, advanced=True, minimum=0.01, maximum=1.0,
          help="Achievable fraction of scale-up bandwidth (calibrated 0.8; 1 = textbook)."),
    Float("scaleout_efficiency", "Scale-out efficiency", 1.0, advanced=True, minimum=0.01, maximum=1.0,
          help="Achievable fraction of NIC bandwidth (calibrated 0.94; 1 = textbook). For system=link, "
               "the link's efficiency."),
    Float("nvls_efficiency", "NVLink SHARP efficiency", 1.0, advanced=True, minimum=0.01, maximum=1.0,
          help="Fraction of the line rate per direction NVLink SHARP sustains: 0.625 x NCCL's per-generation "
               "figure (0.53 H100/H200, 0.46 B200/GB200); 1 = textbook."),
    Float("launch_us", "Launch overhead", 0.0, advanced=True, unit="µs", minimum=0.0, maximum=10000.0,
          help="Once per collective (calibrated 3.6 µs; 0 = textbook)."),
    Float("step_overhead_us", "Bulk step overhead", 0.0, advanced=True, unit="µs", minimum=0.0, maximum=10000.0,
          help="Extra per step for large transfers (calibrated 3 µs; 0 = textbook)."),
    )


@calculator(
    name="collective",
    title="One collective on a cluster of GPUs",
    summary="Time, algorithm and bus bandwidth of AllReduce, AllGather, ReduceScatter, AllToAll or "
            "Broadcast on one tier of links or a two-tier system (α-β model, calibrated).",
    params=PARAMS,
    outputs=(
        Scalar("time_us", "Time", "µs", "Time of one collective."),
        Scalar("algbw_GBps", "Algorithm bandwidth", "GB/s", "Message size divided by time (nccl-tests algbw)."),
        Scalar("busbw_GBps", "Bus bandwidth", "GB/s", "algbw times the operation's factor (nccl-tests busbw)."),
        Scalar("algorithm_used", "Algorithm used", "", "The algorithm timed (auto's choice)."),
        Scalar("protocol", "Protocol", "", "Low-latency (small messages) or bulk."),
        Scalar("bound_by", "Bounded by", "", "What sets the time: latency, or the slowest link."),
        Scalar("steps", "Steps", "", "Latency-bound steps in the schedule."),
        Scalar("bytes_per_gpu", "Bytes sent per GPU", "B", "What each GPU puts on its links, all tiers."),
        Scalar("scaleup_bytes_per_gpu", "Bytes per GPU over scale-up", "B", "Sent inside the domain."),
        Scalar("scaleout_bytes_per_gpu", "Bytes per GPU over scale-out", "B", "Sent through the GPU's NICs."),
        Scalar("domains", "Scale-up domains", "", "How many domains the GPUs span."),
        Chart("time_vs_size", "Time against message size", "Message size", "Time", "B", "µs",
              log_x=True, log_y=True,
              description="Scale-up and scale-out presets side by side, with the current inputs."),
    ),
    sources=(NCCL_TESTS, PATARASUK, THAKUR, model.SANDERS, model.JEAUGEY_TREES, model.NVLS_BLOG,
             NCCL_TUNING, NCCL_ISSUE_119, NCCL_ISSUE_290, *HARDWARE_SOURCES),
)
def collective(*, op: str, algorithm: str, gpus: int, message: int, system: str, preset: str,
               bandwidth_GBps: float, latency_us: float, gpus_per_domain: int, scaleup_GBps: float,
               scaleup_latency_us: float, scaleout_GBps: float, scaleout_latency_us: float,
               scaleup_efficiency: float, scaleout_efficiency: float, nvls_efficiency: float,
               launch_us: float, step_overhead_us: float) -> Outcome:
    values: dict[str, Value] = dict(locals())
    fabric = _validated(values)
    result = solve(values, float(message))
    algbw = message / (result.time_us * 1e3)
    up, out = _split_bytes(values, result)
    presets = tuple(_sweep(_preset_values(values, k), PRESET_LABELS[k]) for k in PRESETS)
    return Outcome(
        values={
            "time_us": result.time_us,
            "algbw_GBps": algbw,
            "busbw_GBps": algbw * busbw_factor(op, gpus),
            "algorithm_used": result.algorithm,
            "protocol": result.protocol,
            "bound_by": result.bound_by,
            "steps": result.steps,
            "bytes_per_gpu": round(up + out),
            "scaleup_bytes_per_gpu": round(up),
            "scaleout_bytes_per_gpu": round(out),
            "domains": _domains(values, fabric),
        },
        charts={"time_vs_size": (*presets, _sweep(values, "Current inputs"))},
    )


@calculator(
    name="scaling",
    title="Bus bandwidth as a collective crosses the domain boundary",
    summary="Bus bandwidth of one collective against GPU count: flat inside a scale-up domain, "
            "NIC-bound beyond it.",
    params=PARAMS,
    outputs=(
        Scalar("busbw_GBps", "Bus bandwidth at the chosen GPU count", "GB/s", "nccl-tests busbw."),
        Scalar("in_domain_busbw_GBps", "Bus bandwidth inside one domain", "GB/s",
               "The same collective on the GPUs of one domain (at least 2)."),
        Scalar("bound_by", "Bounded by", "", "At the chosen GPU count."),
        Chart("busbw_vs_gpus", "Bus bandwidth against GPU count", "GPUs", "Bus bandwidth", "", "GB/s",
              log_x=True, description="The current message size as the GPUs cross the domain boundary."),
    ),
    sources=(NCCL_TESTS, NCCL_TUNING),
)
def scaling(*, op: str, algorithm: str, gpus: int, message: int, system: str, preset: str,
            bandwidth_GBps: float, latency_us: float, gpus_per_domain: int, scaleup_GBps: float,
            scaleup_latency_us: float, scaleout_GBps: float, scaleout_latency_us: float,
            scaleup_efficiency: float, scaleout_efficiency: float, nvls_efficiency: float,
            launch_us: float, step_overhead_us: float) -> Outcome:
    values: dict[str, Value] = dict(locals())
    _validated(values)
    result = solve(values, float(message))
    busbw = message / (result.time_us * 1e3) * busbw_factor(op, gpus)
    one = {**values, "gpus": max(2, gpus_per_domain if system != "link" else 2)}
    inside = message / (solve(one, float(message)).time_us * 1e3) * busbw_factor(op, int(one["gpus"]))
    return Outcome(
        values={"busbw_GBps": busbw, "in_domain_busbw_GBps": inside, "bound_by": result.bound_by},
        charts={"busbw_vs_gpus": _busbw_chart(values)},
    )
