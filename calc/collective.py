"""Time of one collective on N GPUs in a ring: the latency-bandwidth (α-β) model.

Assumptions: every GPU sends and receives at ``bandwidth_GBps`` in each
direction at once; every step of the ring costs ``latency_us`` before its
bytes flow; no contention from other traffic. A ring AllReduce of S bytes on
n GPUs takes 2(n-1) steps and moves 2(n-1)/n·S bytes per GPU; AllGather and
ReduceScatter take n-1 steps and move (n-1)/n·S (Patarasuk and Yuan 2009;
Thakur, Rabenseifner and Gropp 2005). Bus bandwidth follows nccl-tests'
PERFORMANCE.md exactly: algbw = S/t, busbw = algbw·2(n-1)/n for AllReduce and
algbw·(n-1)/n for AllGather and ReduceScatter, S being the size nccl-tests
prints (the whole buffer: the output of AllGather, the input of ReduceScatter).
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.outputs import Chart, Outcome, Scalar, Trace
from calc.params import Choice, Float, Int, Size
from calc.registry import calculator
from calc.sources import cite

__all__ = ["RingCost", "ring_cost", "busbw_factor", "PRESETS", "collective"]

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
NVLINK5 = cite(
    "nvidia-nvlink",
    "NVLink and NVLink Switch: fifth-generation NVLink, 18 links per Blackwell GPU, 1.8 TB/s total bandwidth per GPU",
    "NVIDIA", 2024, "https://www.nvidia.com/en-us/data-center/nvlink/",
)

OPS = ("allreduce", "allgather", "reducescatter")

# Preset: (bandwidth per GPU per direction in GB/s, per-step latency in µs).
# NVLink 5: 1.8 TB/s per GPU counts both directions of 18 links; 900 GB/s each way.
# 400G RoCE: 400 Gb/s per direction = 50 GB/s. Per-step latencies are typical
# orders of magnitude for a ring step (NCCL's own tuning model uses microseconds
# per step for NVLink and several for the network); the collectives model calibrates them.
PRESETS: dict[str, tuple[float, float]] = {
    "nvlink5": (900.0, 1.0),
    "roce400": (50.0, 4.0),
}
PRESET_LABELS = {
    "nvlink5": "Scale-up: NVLink 5 (900 GB/s per direction)",
    "roce400": "Scale-out: 400G RoCE NIC (50 GB/s per direction)",
    "custom": "Custom",
}


@dataclass(frozen=True)
class RingCost:
    """Steps and bytes one GPU sends for one ring collective."""

    steps: int
    bytes_per_gpu: float


def ring_cost(op: str, gpus: int, message_bytes: int) -> RingCost:
    """Ring schedule of ``op`` on ``gpus`` GPUs for a buffer of ``message_bytes`` (nccl-tests size)."""
    share = (gpus - 1) / gpus * message_bytes
    if op == "allreduce":
        return RingCost(2 * (gpus - 1), 2 * share)
    return RingCost(gpus - 1, share)


def busbw_factor(op: str, gpus: int) -> float:
    """nccl-tests' bus-bandwidth factor: 2(n-1)/n for AllReduce, (n-1)/n for AllGather/ReduceScatter."""
    factor = (gpus - 1) / gpus
    return 2 * factor if op == "allreduce" else factor


def ring_time_us(op: str, gpus: int, message_bytes: int, bandwidth_GBps: float, latency_us: float) -> float:
    """α-β time: steps·α + bytes/β. 1 GB/s moves 1000 bytes per µs."""
    cost = ring_cost(op, gpus, message_bytes)
    return cost.steps * latency_us + cost.bytes_per_gpu / (bandwidth_GBps * 1e3)


SWEEP_BYTES = tuple(int(1024 * 2 ** (k / 2)) for k in range(0, 49))  # 1 KiB .. 16 GiB, half-octaves


def _sweep(op: str, gpus: int, bandwidth_GBps: float, latency_us: float, name: str) -> Trace:
    ys = tuple(ring_time_us(op, gpus, s, bandwidth_GBps, latency_us) for s in SWEEP_BYTES)
    return Trace(name, tuple(float(s) for s in SWEEP_BYTES), ys)


@calculator(
    name="collective",
    title="One collective on a ring of GPUs",
    summary="Time, algorithm and bus bandwidth of a ring AllReduce, AllGather or ReduceScatter (α-β model).",
    params=(
        Choice("op", "Operation", "allreduce", choices=OPS,
               labels={"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter"},
               help="The collective. nccl-tests' size convention: the whole buffer."),
        Int("gpus", "GPUs", 8, minimum=2, maximum=131072, help="GPUs in the ring."),
        Size("message", "Message size", 1024**3, minimum=1, maximum=1024**4, log_scale=True,
             help="Buffer size as nccl-tests reports it; accepts 4096, 512KiB, 1MiB, 4GB."),
        Choice("preset", "Link preset", "nvlink5", choices=("nvlink5", "roce400", "custom"),
               labels=PRESET_LABELS,
               fills={k: {"bandwidth_GBps": bw, "latency_us": lat} for k, (bw, lat) in PRESETS.items()},
               help="Fills bandwidth and latency for a scale-up link or a scale-out NIC."),
        Float("bandwidth_GBps", "Bandwidth per GPU, per direction", 900.0, unit="GB/s",
              minimum=0.1, maximum=100000.0, help="What each GPU can send (and receive) at once."),
        Float("latency_us", "Latency per step", 1.0, unit="µs", minimum=0.0, maximum=10000.0,
              help="Fixed cost of one ring step: launch, synchronisation, wire and switch."),
    ),
    outputs=(
        Scalar("time_us", "Time", "µs", "Time of one collective."),
        Scalar("algbw_GBps", "Algorithm bandwidth", "GB/s", "Message size divided by time (nccl-tests algbw)."),
        Scalar("busbw_GBps", "Bus bandwidth", "GB/s", "algbw times the operation's factor (nccl-tests busbw)."),
        Scalar("steps", "Ring steps", "", "Latency-bound steps in the ring schedule."),
        Scalar("bytes_per_gpu", "Bytes sent per GPU", "B", "What each GPU puts on its link."),
        Chart("time_vs_size", "Time against message size", "Message size", "Time", "B", "µs",
              log_x=True, log_y=True,
              description="Scale-up and scale-out presets side by side, with the current inputs."),
    ),
    sources=(NCCL_TESTS, PATARASUK, THAKUR, NVLINK5),
)
def collective(*, op: str, gpus: int, message: int, preset: str, bandwidth_GBps: float,
               latency_us: float) -> Outcome:
    time_us = ring_time_us(op, gpus, message, bandwidth_GBps, latency_us)
    algbw = message / (time_us * 1e3)
    cost = ring_cost(op, gpus, message)
    traces = tuple(_sweep(op, gpus, bw, lat, PRESET_LABELS[k]) for k, (bw, lat) in PRESETS.items())
    mine = _sweep(op, gpus, bandwidth_GBps, latency_us, "Current inputs")
    return Outcome(
        values={
            "time_us": time_us,
            "algbw_GBps": algbw,
            "busbw_GBps": algbw * busbw_factor(op, gpus),
            "steps": cost.steps,
            "bytes_per_gpu": round(cost.bytes_per_gpu),
        },
        charts={"time_vs_size": (*traces, mine)},
    )
