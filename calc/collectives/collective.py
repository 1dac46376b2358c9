"""Time of one collective on a cluster of GPUs: NCCL's choices, calibrated, or the textbook α-β model.

Two ways to describe the hardware:

* ``system=link`` (the default): every GPU hangs off one tier of identical
  links, set by ``preset`` or by ``bandwidth_GBps`` and ``latency_us``. With its
  calibration at 1 and 0 this is the textbook model of the foundation: a ring
  AllReduce of S bytes on n GPUs takes 2(n-1) steps and moves 2(n-1)/n·S bytes
  per GPU; AllGather and ReduceScatter take n-1 steps and move (n-1)/n·S
  (Patarasuk and Yuan 2009; Thakur, Rabenseifner and Gropp 2005).
* a system preset (DGX/HGX A100, H100, H200, B200, GB200 NVL72) on a
  ``network`` (InfiniBand, RoCE, AWS EFA, GCP TCPXO), optionally with
  in-network reduction (``sharp``): ``auto`` runs the algorithm and protocol
  NCCL 2.30.7's tuner picks, or the transport's tuner plugin where it ships one
  (GCP's on TCPXO, AWS's region tuner on EFA with H100 and H200:
  :mod:`calc.collectives.ofi_tuner`), and reports it; the time is the calibrated model of
  :mod:`calc.collectives.model`, fitted to published nccl-tests runs
  (:mod:`calc.collectives.measurements`). Every result carries the model's
  expected error at its message size, from the held-out part of those runs.

Bus bandwidth follows nccl-tests' PERFORMANCE.md exactly: algbw = S/t and
busbw = algbw·2(n-1)/n for AllReduce, algbw·(n-1)/n for AllGather,
ReduceScatter and AllToAll, algbw for Broadcast, S being the size nccl-tests
prints (the whole buffer: the output of AllGather, the input of ReduceScatter).

The inputs travel as one frozen :class:`Inputs`; ``takes_inputs`` gives the
calculators the keyword signature the registry checks, from its fields.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields

from calc.collectives import fitted, model, nccl, ofi_tuner
from calc.collectives.hardware import ARCH, NETWORKS, SYSTEMS
from calc.collectives.hardware import SOURCES as HARDWARE_SOURCES
from calc.collectives.model import Calibration, Cost, Fabric, Tier
from calc.collectives.nccl import NCCL_TESTS_TREE, NCCL_TUNING_SRC, NCCL_VERSION
from calc.errors import ValidationError
from calc.outputs import Chart, Outcome, Scalar, Trace
from calc.params import Bool, Choice, Float, Int, Size, Value
from calc.registry import calculator
from calc.sources import cite

__all__ = [
    "Inputs", "takes_inputs", "RingCost", "ring_cost", "ring_time_us", "busbw_factor", "PRESETS", "TEXTBOOK",
    "SYSTEM_FILLS", "system_fill", "PARAMS", "fabric_for", "system_fabric", "solve", "solve_on", "expected_error_pct", "collective",
    "scaling", "NCCL_TESTS", "ALLTOALL_NOTE", "TCPXO_NOTE",
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

OPS = model.OPS
OP_LABELS = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
             "alltoall": "AllToAll", "broadcast": "Broadcast"}
ALGORITHM_LABELS = {"auto": "Auto (NCCL's own choice)", "ring": "Ring", "tree": "Tree (double binary tree)",
                    "hierarchical": "Hierarchical (two-level, textbook)",
                    "nvls": "NVLink SHARP (in-switch reduction)", "nvls_tree": "NVLink SHARP + tree (NVLSTree)",
                    "collnet": "In-network reduction (CollNet / InfiniBand SHARP)",
                    "pat": "PAT (one GPU per node)"}
NETWORK_LABELS = {k: n.name for k, n in NETWORKS.items()}

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
SYSTEM_LABELS = {"link": "One tier of links (set by the link preset)",
                 **{k: s.name for k, s in SYSTEMS.items()}}


def system_fill(key: str) -> dict[str, Value]:
    system = SYSTEMS[key]
    nvls = fitted.NVLS_SCALE * system.switch.nvls_efficiency if system.switch.nvls else 1.0
    return {
        "gpus_per_domain": system.gpus_per_domain,
        "scaleup_GBps": system.scale_up.gpu_GBps_per_dir, "scaleout_GBps": system.scaleout_GBps,
        "scaleup_efficiency": fitted.NVLINK_EFFICIENCY, "scaleout_efficiency": 1.0, "nvls_efficiency": nvls,
        "launch_us": 0.0, "step_overhead_us": 0.0,
    }


SYSTEM_FILLS: dict[str, dict[str, Value]] = {"link": dict(TEXTBOOK), **{k: system_fill(k) for k in SYSTEMS}}


@dataclass(frozen=True)
class Inputs:
    """The inputs of ``collective`` and ``scaling``, typed; one field per parameter."""

    op: str
    algorithm: str
    gpus: int
    message: int
    system: str
    network: str
    sharp: bool
    preset: str
    bandwidth_GBps: float
    latency_us: float
    gpus_per_domain: int
    scaleup_GBps: float
    scaleout_GBps: float
    scaleup_efficiency: float
    scaleout_efficiency: float
    nvls_efficiency: float
    latency_scale: float
    fill_scale: float
    launch_us: float
    step_overhead_us: float

    @classmethod
    def of(cls, values: Mapping[str, Value]) -> Inputs:
        """From validated values (the registry's coercion guarantees the types)."""
        return cls(**{f.name: values[f.name] for f in fields(cls)})  # type: ignore[arg-type]

    def but(self, **changes: object) -> Inputs:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def textbook(self) -> bool:
        return self.system == "link"


def takes_inputs(body: Callable[[Inputs], Outcome]) -> Callable[..., Outcome]:
    """A calculator function with one keyword per :class:`Inputs` field, calling ``body`` with the dataclass."""
    def run(**values: Value) -> Outcome:
        return body(Inputs.of(values))
    params = [inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY) for f in fields(Inputs)]
    setattr(run, "__signature__", inspect.Signature(params))  # noqa: B010 - inspect reads it
    run.__name__ = run.__qualname__ = body.__name__.lstrip("_")
    run.__doc__ = body.__doc__
    return run


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
    link = Tier("the link", bandwidth_GBps, latency_us, efficiency)
    return Fabric(gpus, 1, link, link, nvls=False)


def system_fabric(system: str, network: str, gpus: int, per_domain: int, *, scaleout_GBps: float | None = None,
                  sharp: bool = False) -> Fabric:
    """The calibrated fabric of a system preset with its fitted constants (used by the step and MoE models)."""
    fill = SYSTEM_FILLS[system]
    inputs = Inputs("allreduce", "auto", gpus, 1, system, network, sharp, "custom", 1.0, 0.0, per_domain,
                    float(fill["scaleup_GBps"]),
                    float(fill["scaleout_GBps"]) if scaleout_GBps is None else scaleout_GBps,
                    float(fill["scaleup_efficiency"]), 1.0, float(fill["nvls_efficiency"]), 1.0, 1.0, 0.0, 0.0)
    return fabric_for(inputs)


def fabric_for(inputs: Inputs) -> Fabric:
    """The fabric the inputs describe; ``system=link`` puts every GPU on one tier of links."""
    if inputs.textbook:
        link = Tier("the link", inputs.bandwidth_GBps, inputs.latency_us, inputs.scaleout_efficiency)
        return Fabric(inputs.gpus, 1, link, link, False, inputs.nvls_efficiency, inputs.launch_us,
                      inputs.step_overhead_us)
    system = SYSTEMS[inputs.system]
    arch, per_link = ARCH[system.scale_up.key]
    out_efficiency = fitted.network_efficiency(inputs.network, arch) * inputs.scaleout_efficiency
    up = Tier("scale-up", inputs.scaleup_GBps, 0.0, inputs.scaleup_efficiency)
    out = Tier("scale-out", inputs.scaleout_GBps, 0.0, min(1.0, out_efficiency))
    calibration = Calibration(
        arch, per_link * system.scale_up.links_per_gpu, inputs.sharp, fitted.LATENCY_SCALE * inputs.latency_scale,
        fitted.fill_up_chunks(arch, "Simple") * inputs.fill_scale, fitted.fill_out_us(inputs.network, arch) * inputs.fill_scale,
        fitted.FILL_EXPONENT, fitted.FILL_SATURATION_BYTES, fitted.step_us(inputs.network, arch),
        nccl.profile_for(inputs.network, arch, inputs.system),
        fitted.fill_up_chunks(arch, "LL128") * inputs.fill_scale, fitted.NVLS_FILL_US * inputs.fill_scale,
        fitted.NVLS_FILL_BYTES)
    return Fabric(inputs.gpus, inputs.gpus_per_domain, up, out, system.switch.nvls, inputs.nvls_efficiency,
                  inputs.launch_us, inputs.step_overhead_us, calibration)


def _check(inputs: Inputs, fabric: Fabric) -> None:
    op, algorithm, g = inputs.op, inputs.algorithm, fabric.per_domain
    if not inputs.textbook and fabric.gpus > g and fabric.gpus % g:
        raise ValidationError("gpus", f"gpus must be a multiple of gpus_per_domain ({g}): got {fabric.gpus}",
                              mentions=("gpus_per_domain",))
    if algorithm in ("nvls", "nvls_tree") and not fabric.nvls:
        raise ValidationError("algorithm", f"algorithm {algorithm} needs NVLink SHARP (an H100-generation NVSwitch "
                                           f"or later); system {inputs.system} has none", mentions=("system",))
    allowed = ("auto",) + model.valid_algorithms(op, True)
    if algorithm not in allowed:
        raise ValidationError("algorithm", f"algorithm must be one of {', '.join(allowed)} for {op}: "
                                           f"got {algorithm!r}")
    if fabric.calibration is not None:
        _check_nccl(inputs, fabric)


def _check_nccl(inputs: Inputs, fabric: Fabric) -> None:
    """Algorithms NCCL runs only on some hardware: say which and why."""
    algorithm, d = inputs.algorithm, fabric.domains
    if algorithm == "nvls_tree" and d == 1:
        raise ValidationError("algorithm", "algorithm nvls_tree runs across domains; within one domain use nvls")
    if algorithm == "nvls" and d > 1 and not inputs.sharp:
        raise ValidationError("algorithm", "algorithm nvls across domains needs sharp (in-network reduction); "
                                           "without it NCCL runs nvls_tree", mentions=("sharp",))
    if algorithm == "collnet" and (d == 1 or not inputs.sharp):
        raise ValidationError("algorithm", "algorithm collnet needs sharp (in-network reduction) and more than "
                                           "one domain", mentions=("sharp",))
    if algorithm == "pat" and fabric.domain > 1:
        raise ValidationError("algorithm", "algorithm pat needs one GPU per domain (gpus_per_domain 1)",
                              mentions=("gpus_per_domain",))
    if inputs.sharp and inputs.network != "infiniband":
        raise ValidationError("sharp", f"sharp needs network infiniband: got {inputs.network!r}",
                              mentions=("network",))


def solve(inputs: Inputs, size: float) -> Cost:
    """Cost for the inputs at buffer size ``size`` (bytes)."""
    return solve_on(fabric_for(inputs), inputs.op, inputs.algorithm, size)


def solve_on(fabric: Fabric, op: str, algorithm: str, size: float) -> Cost:
    """Cost of ``op`` with ``algorithm`` (or ``auto``) on an already built fabric, at ``size`` bytes."""
    if algorithm == "auto":
        return model.best(op, fabric, size)
    return model.cost(algorithm, op, fabric, size)


def expected_error_pct(inputs: Inputs, size: float) -> float:
    """The model's expected error at ``size`` for the inputs: the held-out validation's for that band of sizes, on
    GPUs of the same era, inside one domain, through in-network reduction or on the network
    (fitted.expected_error_pct); every held-out point's for one tier of links."""
    if inputs.textbook:
        return fitted.expected_error_pct(size, "all", "hopper", inputs.op)
    arch = ARCH[SYSTEMS[inputs.system].scale_up.key][0]
    one_domain = inputs.gpus <= inputs.gpus_per_domain
    return fitted.expected_error_pct(size, fitted.scope(inputs.network, one_domain, inputs.sharp), arch, inputs.op)


SWEEP_BYTES = tuple(int(1024 * 2 ** (k / 2)) for k in range(0, 49))  # 1 KiB .. 16 GiB, half-octaves


def _sweep(inputs: Inputs, name: str) -> Trace:
    fabric = fabric_for(inputs)
    ys = tuple(solve_on(fabric, inputs.op, inputs.algorithm, float(s)).time_us for s in SWEEP_BYTES)
    return Trace(name, tuple(float(s) for s in SWEEP_BYTES), ys)


def _preset_inputs(inputs: Inputs, preset: str) -> Inputs:
    bandwidth, latency = PRESETS[preset]
    return inputs.but(system="link", algorithm="ring", bandwidth_GBps=bandwidth, latency_us=latency,
                      scaleup_efficiency=1.0, scaleout_efficiency=1.0, nvls_efficiency=1.0, launch_us=0.0,
                      step_overhead_us=0.0)


def _gpu_counts(inputs: Inputs) -> tuple[int, ...]:
    g = inputs.gpus_per_domain if not inputs.textbook else 1
    small = [2 ** k for k in range(1, 13) if 2 ** k < g]
    return tuple(small + [g * 2 ** k for k in range(0, 13) if g * 2 ** k <= 8192 and g * 2 ** k >= 2])


def _busbw(inputs: Inputs, gpus: int) -> float:
    point = inputs.but(gpus=gpus)
    t = solve(point, float(inputs.message)).time_us
    return inputs.message / (t * 1e3) * model.busbw_factor(inputs.op, gpus)


def _busbw_trace(inputs: Inputs, name: str) -> Trace:
    counts = _gpu_counts(inputs)
    return Trace(name, tuple(float(n) for n in counts), tuple(_busbw(inputs, n) for n in counts))


def _busbw_chart(inputs: Inputs) -> tuple[Trace, ...]:
    traces = [_busbw_trace(inputs, "Current inputs")]
    if not inputs.textbook and inputs.op in ("allreduce", "allgather", "reducescatter"):
        traces.append(_busbw_trace(inputs.but(algorithm="ring"), "Flat ring"))
    return tuple(traces)


def _split_bytes(inputs: Inputs, result: Cost) -> tuple[float, float]:
    """Bytes per GPU on each tier; with system=link the NVLink preset counts as scale-up, others as scale-out."""
    if inputs.textbook and inputs.preset == "nvlink5":
        return result.bytes_up + result.bytes_out, 0.0
    return result.bytes_up, result.bytes_out


def _domains(inputs: Inputs, fabric: Fabric) -> int:
    if inputs.textbook:
        return 1 if inputs.preset == "nvlink5" else fabric.gpus
    return fabric.domains


def _validated(inputs: Inputs) -> Fabric:
    if inputs.algorithm in ("nvls", "nvls_tree") and inputs.textbook:
        raise ValidationError("algorithm", f"algorithm {inputs.algorithm} needs NVLink SHARP (an H100-generation "
                                           f"NVSwitch or later); system link has none", mentions=("system",))
    fabric = fabric_for(inputs)
    _check(inputs, fabric)
    return fabric


LINK_ONLY = ("system", ("link",))  # fields that only one tier of links uses
SYSTEMS_ONLY = ("system", tuple(SYSTEMS))  # fields that only a two-tier system uses

PARAMS = (
    Choice("op", "Operation", "allreduce", choices=OPS, labels=OP_LABELS,
           help="The collective. nccl-tests' size convention: the whole buffer."),
    Choice("algorithm", "Algorithm", "auto", choices=model.ALGORITHMS, labels=ALGORITHM_LABELS,
           help=f"Auto runs what NCCL {NCCL_VERSION}'s tuner picks and reports it; or force one."),
    Int("gpus", "GPUs", 8, minimum=2, maximum=131072, help="GPUs taking part."),
    Size("message", "Message size", 1024**3, minimum=1, maximum=1024**4, log_scale=True,
         help="Buffer size as nccl-tests reports it; accepts 4096, 512KiB, 1MiB, 4GB."),
    Choice("system", "System", "link", choices=("link", *SYSTEMS), labels=SYSTEM_LABELS,
           fills=SYSTEM_FILLS,
           help="One tier of links: every GPU on identical links, textbook α-β model. A named system: scale-up "
                "domains joined by NICs, NCCL's algorithms, calibrated against published nccl-tests runs."),
    Choice("network", "Network (transport)", "infiniband", choices=tuple(NETWORKS), labels=NETWORK_LABELS,
           applies=SYSTEMS_ONLY,
           help="The scale-out transport, with its fitted achievable bandwidth and step latency, and the NCCL "
                "environment it ships (GCP's tuner on TCPXO; AWS's region tuner on EFA with H100 and H200)."),
    Bool("sharp", "In-network reduction (SHARP)", False, applies=SYSTEMS_ONLY,
         help="On InfiniBand: switches that reduce (NCCL CollNet, NVLS + CollNet)."),
    Choice("preset", "Link preset", "nvlink5", choices=("nvlink5", "roce400", "custom"),
           labels=PRESET_LABELS,
           fills={k: {"bandwidth_GBps": bw, "latency_us": lat} for k, (bw, lat) in PRESETS.items()},
           applies=LINK_ONLY,
           help="Fills the bandwidth and latency below for a scale-up link or a scale-out NIC."),
    Float("bandwidth_GBps", "Bandwidth per GPU, per direction", 900.0, unit="GB/s",
          minimum=0.1, maximum=100000.0, applies=LINK_ONLY, help="What each GPU can send (and receive) at once."),
    Float("latency_us", "Latency per step", 1.0, unit="µs", minimum=0.0, maximum=10000.0,
          applies=LINK_ONLY, help="Fixed cost of one step (launch, synchronization, wire, switch)."),
    Int("gpus_per_domain", "Scale-up domain size", 8, minimum=1, maximum=1024, applies=SYSTEMS_ONLY,
        help="GPUs joined by NVLink switches (8 in a DGX, 72 in an NVL72)."),
    Float("scaleup_GBps", "Scale-up speed (per GPU, each direction)", 900.0, unit="GB/s",
          minimum=0.1, maximum=100000.0, applies=SYSTEMS_ONLY,
          help="NVLink: 18 links x 50 GB/s = 900 GB/s for NVLink 5."),
    Float("scaleout_GBps", "Scale-out speed (per GPU, each direction)", 50.0, unit="GB/s",
          minimum=0.1, maximum=100000.0, applies=SYSTEMS_ONLY, help="The GPU's share of NICs: one 400G NIC = 50 GB/s."),
    Float("scaleup_efficiency", "Scale-up efficiency", 1.0, advanced=True, minimum=0.01, maximum=1.0,
          applies=SYSTEMS_ONLY,
          help="Achievable fraction of NVLink bandwidth (a system preset fills in the fitted value; 1 = textbook)."),
    Float("scaleout_efficiency", "Scale-out efficiency", 1.0, advanced=True, minimum=0.01, maximum=1.0,
          help="With a named system: a factor on the network's fitted achievable bandwidth (1 = as fitted). "
               "With one tier of links: the link's efficiency."),
    Float("nvls_efficiency", "NVLink SHARP efficiency", 1.0, advanced=True, minimum=0.01, maximum=1.0,
          applies=SYSTEMS_ONLY,
          help="Fraction of the line rate per direction NVLink SHARP sustains: the fitted scale x NCCL's "
               "per-generation figure (Hopper 0.85, Blackwell 0.74); 1 = textbook."),
    Float("latency_scale", "Latency scale", 1.0, advanced=True, minimum=0.0, maximum=100.0, applies=SYSTEMS_ONLY,
          help="A factor on the fitted latency (NCCL's latency table x the fitted scale)."),
    Float("fill_scale", "Pipeline fill scale", 1.0, advanced=True, minimum=0.0, maximum=100.0, applies=SYSTEMS_ONLY,
          help="A factor on the fitted time to fill the chunk pipeline (0 = none)."),
    Float("launch_us", "Launch overhead", 0.0, advanced=True, unit="µs", minimum=0.0, maximum=10000.0,
          help="Added once per collective (0 = none; NCCL's latency table already has a launch)."),
    Float("step_overhead_us", "Bulk step overhead", 0.0, advanced=True, unit="µs", minimum=0.0, maximum=10000.0,
          applies=LINK_ONLY, help="Extra per step for large transfers (0 = textbook)."),
)

COLLECTIVE_SOURCES = (NCCL_TESTS, PATARASUK, THAKUR, model.SANDERS, model.JEAUGEY_TREES, model.NVLS_BLOG, model.NVLS_KERNEL,
                      model.NCCL_P2P,
                      NCCL_TUNING_SRC, NCCL_TESTS_TREE, nccl.GCP_TCPXO_ENV, nccl.GCP_TCPXO_TUNER,
                      ofi_tuner.AWS_OFI_NCCL_REGIONS, *HARDWARE_SOURCES)


# What an AllToAll result cannot claim (accuracy page, held-out v6 and v7): its expected error comes from runs that
# disagree.
ALLTOALL_NOTE = ("AllToAll is not validated blind: one published one-server H100 AllToAll (held-out v6) reaches less "
                 "than half the bus bandwidth of another (held-out v4), and the per-peer channels that put one B200 "
                 "server's (held-out v7) in its band at all but one size were found from its misses, so its expected "
                 "error is the size of that disagreement, not a bound.")


TCPXO_NOTE = ("Below 1 GiB over TCPXO the published GCP A3 Mega runs disagree by two: three take half the time of two "
              "others (held-out v8), and the model follows the three, so its expected error here is the size of that "
              "disagreement, not a bound.")


EFA_TUNER_NOTE = ("On more than two AWS servers of eight H100, H200 or B200, NCCL runs the algorithm and protocol "
                  "the region tuner of AWS's EFA plugin (aws-ofi-nccl) picks for this collective, not its own "
                  "choice; auto reports the tuner's.")


def _notes(inputs: Inputs, fabric: Fabric) -> tuple[str, ...]:
    """What a result says beside its numbers: an AllToAll on a system preset is not validated, TCPXO's published
    runs disagree below 1 GiB, and where AWS's region tuner decides (nccl.tuner_region), auto reports its choice."""
    if inputs.textbook:
        return ()
    alltoall = (ALLTOALL_NOTE,) if inputs.op == "alltoall" else ()
    tcpxo = inputs.network == "tcpxo" and inputs.gpus > inputs.gpus_per_domain and inputs.message < 2**30
    tuned = inputs.algorithm == "auto" and nccl.tuner_region(fabric.comm, inputs.op, float(inputs.message)) is not None
    return alltoall + ((TCPXO_NOTE,) if tcpxo else ()) + ((EFA_TUNER_NOTE,) if tuned else ())


def _collective(inputs: Inputs) -> Outcome:
    """One collective: time, NCCL's choice, bus bandwidth, bytes per tier, expected error."""
    fabric = _validated(inputs)
    result = solve(inputs, float(inputs.message))
    algbw = inputs.message / (result.time_us * 1e3)
    up, out = _split_bytes(inputs, result)
    presets = tuple(_sweep(_preset_inputs(inputs, k), f"{PRESET_LABELS[k].split(' (')[0]} (textbook ring)") for k in PRESETS)
    return Outcome(
        values={
            "time_us": result.time_us, "algbw_GBps": algbw,
            "busbw_GBps": algbw * busbw_factor(inputs.op, inputs.gpus),
            "algorithm_used": result.algorithm, "protocol": result.protocol, "bound_by": result.bound_by,
            "steps": result.steps, "bytes_per_gpu": round(up + out), "scaleup_bytes_per_gpu": round(up),
            "scaleout_bytes_per_gpu": round(out), "domains": _domains(inputs, fabric),
            "expected_error_pct": expected_error_pct(inputs, inputs.message),
        },
        charts={"time_vs_size": (*presets, _sweep(inputs, "Current inputs"))},
        notes=_notes(inputs, fabric),
    )


collective = calculator(
    name="collective",
    title="One collective on a cluster of GPUs",
    summary="Time, NCCL's algorithm and protocol, and bus bandwidth of AllReduce, AllGather, ReduceScatter, "
            "AllToAll or Broadcast on one tier of links (textbook α-β) or a two-tier system (calibrated).",
    params=PARAMS,
    outputs=(
        Scalar("time_us", "Time", "µs", "Time of one collective."),
        Scalar("algbw_GBps", "Algorithm bandwidth", "GB/s", "Message size divided by time (nccl-tests algbw)."),
        Scalar("busbw_GBps", "Bus bandwidth", "GB/s", "algbw times the operation's factor (nccl-tests busbw)."),
        Scalar("algorithm_used", "Algorithm used", "", "The algorithm timed (auto: NCCL's choice).", names=True),
        Scalar("protocol", "Protocol", "", "NCCL's LL, LL128 or Simple.", names=True),
        Scalar("bound_by", "Bounded by", "", "What sets the time: latency, or the slowest link."),
        Scalar("steps", "Steps", "", "Latency-bound steps in the schedule."),
        Scalar("bytes_per_gpu", "Bytes sent per GPU", "B", "What each GPU puts on its links, all tiers."),
        Scalar("scaleup_bytes_per_gpu", "Bytes per GPU over scale-up", "B", "Sent inside the domain."),
        Scalar("scaleout_bytes_per_gpu", "Bytes per GPU over scale-out", "B", "Sent through the GPU's NICs."),
        Scalar("domains", "Scale-up domains", "", "How many domains the GPUs span."),
        Scalar("expected_error_pct", "Expected error at this size", "%",
               "± of the system presets at this message size: the held-out nccl-tests runs' geometric-mean error on "
               "GPUs of the same era (A100, or H100 and later) inside one domain, through SHARP or on the same "
               "network, AllToAll's runs apart from the other operations', pooled where there are fewer than five "
               "such points (the textbook model is exact by definition and not a prediction)."),
        Chart("time_vs_size", "Time against message size", "Message size", "Time", "B", "µs",
              log_x=True, log_y=True,
              description="The two link presets, always as a textbook ring (whatever the algorithm and "
                          "system chosen above), beside the current inputs."),
    ),
    sources=COLLECTIVE_SOURCES,
)(takes_inputs(_collective))


def _scaling(inputs: Inputs) -> Outcome:
    """Bus bandwidth at the chosen GPU count, inside one domain, and against GPU count."""
    fabric = _validated(inputs)
    result = solve(inputs, float(inputs.message))
    busbw = inputs.message / (result.time_us * 1e3) * busbw_factor(inputs.op, inputs.gpus)
    inside = _busbw(inputs, max(2, inputs.gpus_per_domain if not inputs.textbook else 2))
    return Outcome(
        values={"busbw_GBps": busbw, "in_domain_busbw_GBps": inside, "bound_by": result.bound_by,
                "expected_error_pct": expected_error_pct(inputs, inputs.message)},
        charts={"busbw_vs_gpus": _busbw_chart(inputs)},
        notes=_notes(inputs, fabric),
    )


scaling = calculator(
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
        Scalar("expected_error_pct", "Expected error at this size", "%",
               "± of the system presets at this message size, from the held-out nccl-tests runs of the same GPU "
               "era and network (accuracy page)."),
        Chart("busbw_vs_gpus", "Bus bandwidth against GPU count", "GPUs", "Bus bandwidth", "", "GB/s",
              log_x=True, description="The current message size as the GPUs cross the domain boundary."),
    ),
    sources=(NCCL_TESTS, NCCL_TUNING_SRC),
)(takes_inputs(_scaling))
