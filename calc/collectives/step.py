"""One training step of a GPT-style transformer with tensor, pipeline and data parallelism.

What it computes, and from where:

* FLOPs per step: 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) with activation
  recomputation, 72·... without (Narayanan et al. 2021, equation 3). Compute
  time = FLOPs / (GPUs · peak · compute efficiency); the efficiency is the
  achievable fraction of peak for the layer math alone and is an input.
* Pipeline bubble: (p-1)/m of the compute time for 1F1B with m microbatches
  per pipeline (same paper, section 2.2).
* Tensor parallelism: per layer and microbatch, 2 AllReduces forward and 2
  backward (2 more when the forward is recomputed) of b·s·h activations in
  16-bit over the TP group (Shoeybi et al. 2019). On the critical path.
* Pipeline parallelism: per microbatch, the activations forward and their
  gradient backward between neighbouring stages, split over the TP group's
  links (Narayanan et al.'s scatter/gather). On the critical path.
* Data parallelism: one AllReduce of the stage's gradients (params/(t·p),
  ``grad_bytes`` each) over the DP group; ``overlap`` of it hides behind the
  backward pass, at most the backward pass (2/3 of compute).

Every collective is timed by the calibrated two-tier model of
:mod:`calc.collectives.collective`. Ranks are ordered TP fastest, then DP, then PP, as in
Megatron-LM: TP stays inside a scale-up domain when t <= g; DP peers are t
apart; pipeline neighbours are t·d apart. ``oversubscription`` (N:1) divides the
scale-out bandwidth of every GPU by N, the rule of :mod:`calc.fabric.uplinks` with every
flow leaving its leaf: the upper bound, for ranks placed without regard to leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from calc.collectives import fitted, model
from calc.collectives.collective import system_fabric
from calc.collectives.hardware import ARCH, NETWORKS, SYSTEMS
from calc.collectives.model import Fabric
from calc.errors import ValidationError
from calc.fabric.uplinks import oversubscribed_GBps
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Bool, Choice, Float, Int, Value
from calc.registry import calculator
from calc.sources import cite

__all__ = ["Model", "Layout", "Breakdown", "flops_per_step", "params_count", "breakdown", "expected_error_pct",
           "comm_expected_error_pct", "Dimension", "MEGATRON_TABLE1", "DEFAULT_EFFICIENCY", "megatron_rows", "step"]

NARAYANAN = cite(
    "narayanan2021",
    "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
    "SC '21 (arXiv:2104.04473)", 2021, "https://arxiv.org/abs/2104.04473",
    authors="D. Narayanan, M. Shoeybi, J. Casper, P. LeGresley, M. Patwary, V. Korthikanti, D. Vainbrand, "
            "P. Kashinkunti, J. Bernauer, B. Catanzaro, A. Phanishayee and M. Zaharia",
)
SHOEYBI = cite(
    "shoeybi2019",
    "Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism",
    "arXiv:1909.08053", 2019, "https://arxiv.org/abs/1909.08053",
    authors="M. Shoeybi, M. Patwary, R. Puri, P. LeGresley, J. Casper and B. Catanzaro",
)

ACT_BYTES = 2  # 16-bit activations
DEFAULT_EFFICIENCY = 0.6  # assumed achievable fraction of peak for the layer math; not fitted


@dataclass(frozen=True)
class Model:
    """A GPT: layers, hidden size, sequence length, vocabulary; batch in sequences."""

    layers: int
    hidden: int
    seq_len: int
    vocab: int
    global_batch: int
    micro_batch: int
    recompute: bool


@dataclass(frozen=True)
class Layout:
    """Parallel degrees and the hardware they run on."""

    tp: int
    pp: int
    dp: int
    system: str
    gpus_per_domain: int
    peak_TFLOPs: float
    efficiency: float
    oversubscription: float
    overlap: float
    grad_bytes: int
    network: str = "infiniband"

    @property
    def gpus(self) -> int:
        return self.tp * self.pp * self.dp


@dataclass(frozen=True)
class Breakdown:
    """Times of one step in ms and where each kind of traffic flows."""

    compute_ms: float
    bubble_ms: float
    tp_ms: float
    pp_ms: float
    dp_ms: float
    dp_exposed_ms: float
    tp_where: str
    pp_where: str
    dp_where: str
    tp_message: int
    dp_message: int

    @property
    def step_ms(self) -> float:
        return self.compute_ms + self.bubble_ms + self.tp_ms + self.pp_ms + self.dp_exposed_ms

    @property
    def step_no_overlap_ms(self) -> float:
        return self.compute_ms + self.bubble_ms + self.tp_ms + self.pp_ms + self.dp_ms


def params_count(m: Model) -> float:
    """12·l·h²·(1 + 13/(12h) + (V+s)/(12·l·h)) parameters (Narayanan et al. 2021, section 5.1)."""
    h, lay = m.hidden, m.layers
    return 12 * lay * h * h * (1 + 13 / (12 * h) + (m.vocab + m.seq_len) / (12 * lay * h))


def flops_per_step(m: Model) -> float:
    """96 (72 without recomputation) · B·s·l·h²·(1 + s/(6h) + V/(16·l·h))."""
    c = 96 if m.recompute else 72
    h = m.hidden
    return c * m.global_batch * m.seq_len * m.layers * h * h * (
        1 + m.seq_len / (6 * h) + m.vocab / (16 * m.layers * h))


def _fabric(lay: Layout, gpus: int, per_domain: int) -> Fabric:
    nic = oversubscribed_GBps(SYSTEMS[lay.system].scaleout_GBps, lay.oversubscription)
    return system_fabric(lay.system, lay.network, gpus, max(1, per_domain), scaleout_GBps=nic)


def _where(fabric: Fabric) -> str:
    return "scale-up" if fabric.domains == 1 else ("scale-out" if fabric.domain == 1 else "scale-up + scale-out")


def microbatches(m: Model, lay: Layout) -> int:
    return m.global_batch // (lay.dp * m.micro_batch)


def _tp(m: Model, lay: Layout) -> tuple[float, str, int]:
    message = m.micro_batch * m.seq_len * m.hidden * ACT_BYTES
    if lay.tp == 1:
        return 0.0, "none", message
    fabric = _fabric(lay, lay.tp, min(lay.tp, lay.gpus_per_domain))
    per_layer = 4 + (2 if m.recompute else 0)
    count = per_layer * (m.layers // lay.pp) * microbatches(m, lay)
    return count * model.best("allreduce", fabric, float(message)).time_us / 1e3, _where(fabric), message


def _pp(m: Model, lay: Layout) -> tuple[float, str]:
    if lay.pp == 1:
        return 0.0, "none"
    across = lay.tp * lay.dp >= lay.gpus_per_domain
    fabric = _fabric(lay, 2, 1 if across else 2)
    share = m.micro_batch * m.seq_len * m.hidden * ACT_BYTES / lay.tp
    one = model.best("alltoall", fabric, 2 * share).time_us  # one send and its receive: a 2-rank exchange
    return 2 * microbatches(m, lay) * one / 1e3, "scale-out" if across else "scale-up"


def _dp(m: Model, lay: Layout, compute_ms: float) -> tuple[float, float, str, int]:
    message = int(params_count(m) / (lay.tp * lay.pp) * lay.grad_bytes)
    if lay.dp == 1:
        return 0.0, 0.0, "none", message
    per_domain = min(lay.dp, max(1, lay.gpus_per_domain // lay.tp))
    if lay.dp % per_domain:
        per_domain = 1
    fabric = _fabric(lay, lay.dp, per_domain)
    total = model.best("allreduce", fabric, float(message)).time_us / 1e3
    hidden = min(lay.overlap * total, compute_ms * 2 / 3)
    return total, total - hidden, _where(fabric), message


def breakdown(m: Model, lay: Layout) -> Breakdown:
    compute = flops_per_step(m) / (lay.gpus * lay.peak_TFLOPs * 1e12 * lay.efficiency) * 1e3
    bubble = compute * (lay.pp - 1) / microbatches(m, lay)
    tp_ms, tp_where, tp_message = _tp(m, lay)
    pp_ms, pp_where = _pp(m, lay)
    dp_ms, dp_exposed, dp_where, dp_message = _dp(m, lay, compute)
    return Breakdown(compute, bubble, tp_ms, pp_ms, dp_ms, dp_exposed, tp_where, pp_where, dp_where,
                     tp_message, dp_message)


def expected_error_pct(lay: Layout, message: float, where: str) -> float | None:
    """The collectives model's expected error (%) for one dimension's messages of ``message`` bytes flowing over
    ``where``: the held-out nccl-tests runs' geometric-mean error for that size band, GPU era and what the traffic
    crosses (fitted.expected_error_pct, as every collective result states it); None when the dimension is 1."""
    if where == "none":
        return None
    arch = ARCH[SYSTEMS[lay.system].scale_up.key][0]
    return fitted.expected_error_pct(message, fitted.scope(lay.network, where == "scale-up", False), arch)


Dimension = tuple[str, int, int, float, str, float | None]
"""One parallel dimension's traffic: (name, group size, message bytes, time per step in ms, where, expected
error % or None for a group of 1)."""


def _dimensions(b: Breakdown, lay: Layout) -> tuple[Dimension, ...]:
    """(dimension, group size, message bytes, time per step in ms, where, expected error %) of TP, PP and DP; a
    pipeline send is one GPU's share of the activations (scatter/gather over the TP group)."""
    rows = (("TP", lay.tp, b.tp_message, b.tp_ms, b.tp_where),
            ("PP", lay.pp, b.tp_message // lay.tp, b.pp_ms, b.pp_where),
            ("DP", lay.dp, b.dp_message, b.dp_ms, b.dp_where))
    return tuple((*row, expected_error_pct(lay, row[2], row[4])) for row in rows)


def comm_expected_error_pct(b: Breakdown, dimensions: tuple[Dimension, ...]) -> float:
    """Expected error (%) of the exposed communication: each dimension's, weighted by its exposed time (errors
    taken to add, not cancel: the same model times all three)."""
    exposed = {"TP": b.tp_ms, "PP": b.pp_ms, "DP": b.dp_exposed_ms}
    weighted = [(exposed[name], error) for name, *_, error in dimensions if error is not None]
    total = sum(ms for ms, _ in weighted)
    return sum(ms * error for ms, error in weighted) / total if total > 0 else 0.0


def _flows(dimensions: tuple[Dimension, ...]) -> tuple[tuple[str, int, int, float, str, float | str], ...]:
    """The flows table: each dimension with its expected error ("–" for a dimension of 1)."""
    return tuple((name, group, message, round(ms, 2), where, "–" if error is None else round(error, 1))
                 for name, group, message, ms, where, error in dimensions)


# Narayanan et al. 2021, Table 1 (Selene: DGX A100 80GB, 8x HDR 200G per node), sequence 2048,
# vocabulary 51200: (params in billions, heads, hidden, layers, TP, PP, GPUs, batch, TFLOP/s per GPU,
# aggregate PFLOP/s). The per-GPU figures are rounded to whole TFLOP/s; the aggregate column agrees
# with TFLOP/s x GPUs within that rounding (tests/calc/test_step.py checks it).
MEGATRON_TABLE1: tuple[tuple[float, int, int, int, int, int, int, int, float, float], ...] = (
    (1.7, 24, 2304, 24, 1, 1, 32, 512, 137.0, 4.4),
    (3.6, 32, 3072, 30, 2, 1, 64, 512, 138.0, 8.8),
    (7.5, 32, 4096, 36, 4, 1, 128, 512, 142.0, 18.2),
    (18.4, 48, 6144, 40, 8, 1, 256, 1024, 135.0, 34.6),
    (39.1, 64, 8192, 48, 8, 2, 512, 1536, 138.0, 70.8),
    (76.1, 80, 10240, 60, 8, 4, 1024, 1792, 140.0, 143.8),
    (145.6, 96, 12288, 80, 8, 8, 1536, 2304, 148.0, 227.1),
    (310.1, 128, 16384, 96, 8, 16, 1920, 2160, 155.0, 297.4),
    (529.6, 128, 20480, 105, 8, 35, 2520, 2520, 163.0, 410.2),
    (1008.0, 160, 25600, 128, 8, 64, 3072, 3072, 163.0, 502.0),
)


def megatron_rows(efficiency: float, overlap: float) -> tuple[tuple[str, float, float, float], ...]:
    """Published iteration time (from Table 1's TFLOP/s) against the model's, on DGX A100."""
    rows = []
    for size, _heads, hidden, layers, tp, pp, gpus, batch, tflops, _pflops in MEGATRON_TABLE1:
        m = Model(layers, hidden, 2048, 51200, batch, 1, True)
        dp = gpus // (tp * pp)
        lay = Layout(tp, pp, dp, "dgx_a100", 8, 312.0, efficiency, 1.0, overlap, 2)
        published = flops_per_step(m) / (gpus * tflops * 1e12)
        predicted = breakdown(m, lay).step_ms / 1e3
        rows.append((f"{size:g}B, TP {tp} PP {pp}, {gpus} GPUs", round(published, 2), round(predicted, 2),
                     round(100 * (predicted / published - 1), 1)))
    return tuple(rows)


def _validate(m: Model, lay: Layout) -> None:
    if lay.gpus > 131072:
        raise ValidationError("dp", f"tp x pp x dp must be at most 131072: got {lay.gpus}", mentions=("tp", "pp"))
    if m.layers % lay.pp:
        raise ValidationError("pp", f"pp must divide layers ({m.layers}): got {lay.pp}", mentions=("layers",))
    if m.global_batch % (lay.dp * m.micro_batch):
        raise ValidationError("global_batch", f"global_batch must be a multiple of dp x micro_batch "
                                              f"({lay.dp * m.micro_batch}): got {m.global_batch}", mentions=("dp", "micro_batch"))
    if lay.tp > lay.gpus_per_domain and lay.tp % lay.gpus_per_domain:
        raise ValidationError("tp", f"tp must be a multiple of gpus_per_domain ({lay.gpus_per_domain}) when "
                                    f"it is larger: got {lay.tp}", mentions=("gpus_per_domain",))


def _tp_sweep(m: Model, lay: Layout) -> tuple[Trace, ...]:
    points: list[tuple[int, Breakdown]] = []
    for tp in (1, 2, 4, 8, 16, 32, 64):
        dp = lay.gpus // (tp * lay.pp) if lay.gpus % (tp * lay.pp) == 0 else 0
        trial = Layout(tp, lay.pp, dp, lay.system, lay.gpus_per_domain, lay.peak_TFLOPs, lay.efficiency,
                       lay.oversubscription, lay.overlap, lay.grad_bytes, lay.network)
        if dp >= 1 and m.global_batch % (dp * m.micro_batch) == 0 and not (
                tp > lay.gpus_per_domain and tp % lay.gpus_per_domain):
            points.append((tp, breakdown(m, trial)))
    xs = tuple(float(tp) for tp, _ in points)
    parts: tuple[tuple[str, Callable[[Breakdown], float]], ...] = (
        ("Compute + bubble", lambda b: b.compute_ms + b.bubble_ms), ("TP comm", lambda b: b.tp_ms),
        ("PP comm", lambda b: b.pp_ms), ("DP comm (exposed)", lambda b: b.dp_exposed_ms))
    return tuple(Trace(name, xs, tuple(f(b) for _, b in points)) for name, f in parts)


SYSTEM_FILLS: dict[str, dict[str, Value]] = {
    k: {"gpus_per_domain": s.gpus_per_domain, "peak_TFLOPs": s.peak_dense_bf16_TFLOPs} for k, s in SYSTEMS.items()
}


@calculator(
    name="step",
    title="One training step: compute, communication, overlap, utilization",
    summary="Step time of a GPT with TP/PP/DP on a two-tier system: where each kind of traffic flows, "
            "what overlaps, GPU utilization; compared with Megatron-LM's published A100 runs.",
    params=(
        Choice("system", "System", "dgx_h100", choices=tuple(SYSTEMS),
               labels={k: s.name for k, s in SYSTEMS.items()}, fills=SYSTEM_FILLS,
               help="Fills the domain size and peak FLOP/s; the fabric comes from the hardware catalogue."),
        Choice("network", "Network (transport)", "infiniband", choices=tuple(NETWORKS),
               labels={k: n.name for k, n in NETWORKS.items()}, advanced=True,
               help="The scale-out transport the collectives run over (calibrated per transport)."),
        Int("layers", "Layers", 96, minimum=1, maximum=1024, help="Transformer layers (GPT-3 175B: 96)."),
        Int("hidden", "Hidden size", 12288, minimum=64, maximum=131072, help="Model width h."),
        Int("seq_len", "Sequence length", 2048, advanced=True, minimum=1, maximum=1048576, unit="tokens",
            help="Tokens per sequence."),
        Int("vocab", "Vocabulary", 51200, advanced=True, minimum=1, maximum=10_000_000, unit="tokens",
            help="Vocabulary size V (for the logits layer)."),
        Int("global_batch", "Global batch", 1536, minimum=1, maximum=10_000_000, unit="sequences",
            help="Sequences per step (tokens per step = this x sequence length)."),
        Int("micro_batch", "Micro-batch", 1, advanced=True, minimum=1, maximum=4096, unit="sequences",
            help="Sequences per microbatch b; also the size of each TP AllReduce (b·s·h·2 bytes)."),
        Int("tp", "Tensor parallel (TP)", 8, minimum=1, maximum=1024,
            help="GPUs sharing each layer; 4-6 AllReduces per layer and microbatch."),
        Int("pp", "Pipeline parallel (PP)", 8, minimum=1, maximum=1024,
            help="Pipeline stages; must divide the layers."),
        Int("dp", "Data parallel (DP)", 12, minimum=1, maximum=131072,
            help="Model replicas; one gradient AllReduce per step."),
        Int("gpus_per_domain", "GPUs per scale-up domain", 8, minimum=1, maximum=1024,
            help="Make it smaller than TP to see TP spill onto the scale-out network."),
        Float("peak_TFLOPs", "Peak dense 16-bit per GPU", 989.0, advanced=True, unit="TFLOP/s", minimum=1.0, maximum=100000.0,
              help="Datasheet dense BF16/FP16 peak (A100 312, H100 989)."),
        Float("efficiency", "Compute efficiency", DEFAULT_EFFICIENCY, minimum=0.01, maximum=1.0,
              help="Achievable fraction of peak for the layer math (an assumption, not calibrated)."),
        Float("oversubscription", "Scale-out oversubscription", 1.0, minimum=1.0, maximum=64.0,
              help="N:1 down:up at the leaves; 1 = non-blocking; 2 = 2:1, half the bandwidth per GPU when "
                   "every flow leaves its leaf (ranks not packed by leaf)."),
        Float("overlap", "DP overlap", 0.0, minimum=0.0, maximum=1.0,
              help="Fraction of the DP AllReduce hidden behind the backward pass."),
        Int("grad_bytes", "Bytes per gradient", 2, advanced=True, minimum=1, maximum=8, unit="B",
            help="2 for BF16 gradients, 4 when reduced in FP32."),
        Bool("recompute", "Activation recomputation", True, advanced=True,
             help="Recompute the forward pass in backward (Megatron default): 4/3 the FLOPs, 2 more TP AllReduces."),
    ),
    outputs=(
        Scalar("params_B", "Parameters", "B params", "12·l·h²·(1 + 13/(12h) + (V+s)/(12·l·h)), in billions."),
        Scalar("gpus", "GPUs", "", "TP x PP x DP."),
        Scalar("microbatches", "Microbatches per pipeline", ""),
        Scalar("compute_ms", "Compute", "ms", "Math at the given efficiency."),
        Scalar("bubble_ms", "Pipeline bubble", "ms", "(p-1)/m of compute."),
        Scalar("tp_comm_ms", "TP communication", "ms", "On the critical path."),
        Scalar("pp_comm_ms", "PP communication", "ms", "On the critical path."),
        Scalar("dp_comm_ms", "DP communication", "ms", "The whole gradient AllReduce."),
        Scalar("dp_exposed_ms", "DP communication not hidden", "ms"),
        Scalar("step_ms", "Step time", "ms", "With the overlap given."),
        Scalar("step_no_overlap_ms", "Step time without overlap", "ms"),
        Scalar("comm_share_pct", "Communication share", "%", "Exposed communication over step time."),
        Scalar("comm_expected_error_pct", "Communication: expected error", "%",
               "± of the exposed communication time: each dimension's expected error at its message size (table "
               "below), weighted by its exposed time. The validation takes every run's fabric as non-blocking."),
        Scalar("utilization_pct", "GPU utilization (MFU)", "%", "Model FLOPs over step time x peak."),
        Scalar("tflops_per_gpu", "Achieved per GPU", "TFLOP/s"),
        Scalar("tp_in_domain", "TP inside the scale-up domain", "", "False when TP spills onto the NICs."),
        Scalar("tp_flows", "TP traffic flows over", ""),
        Scalar("dp_flows", "DP traffic flows over", ""),
        Scalar("pp_flows", "PP traffic flows over", ""),
        Table("flows", "Where each parallel dimension's traffic goes",
              (Column("dimension", "Dimension", names=True), Column("group", "Group size"),
               Column("message", "Message", "B"), Column("time_ms", "Time per step", "ms"),
               Column("where", "Flows over"), Column("error_pct", "Expected error", "%")),
              description="Expected error: the collectives model's at each message size (held-out nccl-tests "
                          "runs of the same GPU era over the same links, each taken as non-blocking)."),
        Table("megatron", "Against Megatron-LM's published runs (Narayanan et al. 2021, Table 1, DGX A100)",
              (Column("config", "Configuration"), Column("published_s", "Published iteration", "s"),
               Column("model_s", "This model", "s"), Column("error_pct", "Error", "%")),
              description="Published time = FLOPs per iteration / (GPUs x published TFLOP/s per GPU); "
                          "the model uses the current efficiency and overlap, micro-batch 1."),
        Chart("step_vs_tp", "Step time against TP degree (same GPUs)", "TP degree", "Time", "GPUs", "ms",
              x_axis="category", style="bar", description="TP beyond the domain pushes its AllReduces onto the NICs."),
    ),
    sources=(NARAYANAN, SHOEYBI),
)
def step(*, system: str, network: str, layers: int, hidden: int, seq_len: int, vocab: int, global_batch: int,
         micro_batch: int, tp: int, pp: int, dp: int, gpus_per_domain: int, peak_TFLOPs: float,
         efficiency: float, oversubscription: float, overlap: float, grad_bytes: int,
         recompute: bool) -> Outcome:
    m = Model(layers, hidden, seq_len, vocab, global_batch, micro_batch, recompute)
    lay = Layout(tp, pp, dp, system, gpus_per_domain, peak_TFLOPs, efficiency, oversubscription, overlap,
                 grad_bytes, network)
    _validate(m, lay)
    b = breakdown(m, lay)
    dimensions = _dimensions(b, lay)
    flops = flops_per_step(m)
    exposed = b.tp_ms + b.pp_ms + b.dp_exposed_ms
    return Outcome(
        values={
            "params_B": params_count(m) / 1e9, "gpus": lay.gpus, "microbatches": microbatches(m, lay),
            "compute_ms": b.compute_ms, "bubble_ms": b.bubble_ms, "tp_comm_ms": b.tp_ms,
            "pp_comm_ms": b.pp_ms, "dp_comm_ms": b.dp_ms, "dp_exposed_ms": b.dp_exposed_ms,
            "step_ms": b.step_ms, "step_no_overlap_ms": b.step_no_overlap_ms,
            "comm_share_pct": 100 * exposed / b.step_ms,
            "comm_expected_error_pct": comm_expected_error_pct(b, dimensions),
            "utilization_pct": 100 * flops / (lay.gpus * peak_TFLOPs * 1e12) / (b.step_ms / 1e3),
            "tflops_per_gpu": flops / lay.gpus / (b.step_ms / 1e3) / 1e12,
            "tp_in_domain": tp <= gpus_per_domain, "tp_flows": b.tp_where, "dp_flows": b.dp_where,
            "pp_flows": b.pp_where,
        },
        tables={
            "flows": _flows(dimensions),
            "megatron": megatron_rows(efficiency, overlap),
        },
        charts={"step_vs_tp": _tp_sweep(m, lay)},
    )
