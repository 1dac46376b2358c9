"""Goodput of a synchronous training job that fails, restarts and checkpoints.

A synchronous job stops when any of its GPUs (or the NIC, switch, cable or host
under it) fails: the job's mean time between interruptions is the per-GPU mean
time between job-interrupting failures divided by the number of GPUs
(failures independent and exponential, so rates add).

Checkpointing every ``τ`` minutes of work, each checkpoint taking ``δ``, a
failure costing a restart ``R`` plus the work since the last checkpoint, Daly's
model for Poisson failures gives the expected wall time per ``τ`` of useful
work, so goodput (useful work over wall time) is::

    goodput = τ / (M · e^(R/M) · (e^((τ+δ)/M) − 1))

and the optimal interval is Daly's higher-order estimate, for δ < 2M::

    τ_opt = √(2δM) · (1 + ⅓·√(δ/2M) + ⅑·(δ/2M)) − δ,   else τ_opt = M

(Young's first-order √(2δM) is its leading term). Daly checks the estimate
against simulation: M = 24 h, R = 10 min, δ = 5 min gives 117 min; M = 6 h,
57 min; M = 15 min, 9.1 min. The tests reproduce all three.

The per-component breakdown uses the Llama 3 report's Table 5: the shares of
the 419 unexpected interruptions of a 54-day pre-training run on 16,384 H100
GPUs, grouped by component.
"""

from __future__ import annotations

import math

from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Float, Int
from calc.registry import calculator
from calc.sources import cite

__all__ = ["YOUNG", "DALY", "LLAMA3", "KOKOLIS", "LLAMA3_INTERRUPTIONS", "optimal_interval_min",
           "goodput_fraction", "job_mtbf_min", "goodput"]

YOUNG = cite(
    "young1974",
    "A first order approximation to the optimum checkpoint interval",
    "Communications of the ACM 17(9)", 1974, "https://doi.org/10.1145/361147.361115",
    authors="J. W. Young",
)
DALY = cite(
    "daly2006",
    "A higher order estimate of the optimum checkpoint interval for restart dumps",
    "Future Generation Computer Systems 22(3)", 2006, "https://doi.org/10.1016/j.future.2004.11.016",
    authors="J. T. Daly",
    note="Wall-time model for Poisson failures and the perturbation estimate of the optimal interval; "
         "figures 3-5: 117, 57 and 9.1 min for M = 24 h, 6 h and 15 min (R = 10 min, δ = 5 min).",
)
LLAMA3 = cite(
    "llama3-2024",
    "The Llama 3 Herd of Models (section 3.3.4 and Table 5: 466 interruptions in 54 days, 419 unexpected, "
    "on 16,384 H100 GPUs; more than 90 % effective training time)",
    "arXiv:2407.21783", 2024, "https://arxiv.org/abs/2407.21783", authors="A. Grattafiori et al. (Llama Team, AI @ Meta)",
)
KOKOLIS = cite(
    "kokolis2025",
    "Revisiting Reliability in Large-Scale Machine Learning Research Clusters",
    "IEEE HPCA 2025 (arXiv:2410.21680)", 2025, "https://arxiv.org/abs/2410.21680",
    authors="A. Kokolis, M. Kuchnik, J. Hoffman et al.",
    note="11 months of two A100 research clusters; projected mean time to failure of a 16,384-GPU job 1.8 h.",
)

#: Llama 3 Table 5, unexpected interruptions by component, grouped.
LLAMA3_INTERRUPTIONS: tuple[tuple[str, int], ...] = (
    ("GPU (faulty GPU, SRAM, system processor, thermal, silent data corruption)", 148 + 19 + 17 + 6 + 6),
    ("GPU HBM3 memory", 72),
    ("Software bug and dependency", 54 + 2),
    ("Network switch or cable", 35),
    ("Host maintenance (unplanned)", 32),
    ("NIC", 7),
    ("NCCL watchdog timeout (cause unknown)", 7),
    ("Other host (SSD, power supply, chassis, IO board, CPU, memory)", 3 + 3 + 2 + 2 + 2 + 2),
)


def job_mtbf_min(gpus: int, gpu_mtbf_hours: float) -> float:
    """Mean time between interruptions of a job on ``gpus`` GPUs, in minutes."""
    return 60.0 * gpu_mtbf_hours / gpus


def optimal_interval_min(checkpoint_min: float, mtbf_min: float) -> float:
    """Daly's higher-order optimal compute time between checkpoints."""
    if checkpoint_min >= 2 * mtbf_min:
        return mtbf_min
    x = checkpoint_min / (2 * mtbf_min)
    return math.sqrt(2 * checkpoint_min * mtbf_min) * (1 + math.sqrt(x) / 3 + x / 9) - checkpoint_min


def goodput_fraction(interval_min: float, checkpoint_min: float, restart_min: float, mtbf_min: float) -> float:
    """Useful work over expected wall time (Daly's model, exponential failures)."""
    m = mtbf_min
    exponent = (interval_min + checkpoint_min) / m
    if restart_min / m + exponent > 700:  # e^700 overflows: no useful work in practice
        return 0.0
    if exponent < 1e-9:  # e^x - 1 ≈ x; τ = δ = 0 is the limit of free, continuous checkpoints
        share = interval_min / (interval_min + checkpoint_min) if interval_min + checkpoint_min > 0 else 1.0
    else:
        share = interval_min / m / math.expm1(exponent)
    return share * math.exp(-restart_min / m)


@calculator(
    name="goodput",
    title="Goodput of a training job at scale",
    summary="Interruptions per day, the optimal checkpoint interval (Young/Daly) and the share of wall time "
            "doing useful work, from the GPU count, failure rate, checkpoint and restart times.",
    params=(
        Int("gpus", "GPUs", 16384, minimum=1, maximum=1_000_000, help="GPUs in the synchronous job."),
        Float("gpu_mtbf_hours", "Mean time between failures per GPU", 50677.0, unit="h",
              minimum=1.0, maximum=100_000_000.0,
              help="Mean time between job-interrupting failures per GPU, all causes (GPU, memory, NIC, "
                   "switch, optics, cable, host, software). Default: Llama 3's 419 in 54 days on 16,384 GPUs."),
        Float("checkpoint_s", "Checkpoint time", 60.0, unit="s", minimum=0.0, maximum=86400.0,
              help="Time training stops to write one checkpoint."),
        Float("restart_min", "Restart time", 10.0, unit="min", minimum=0.0, maximum=10080.0,
              help="From the failure to training again: detection, replacing the node, reloading the "
                   "checkpoint. Lost work is counted separately."),
        Float("interval_min", "Checkpoint interval", 0.0, unit="min", minimum=0.0, maximum=100_000.0,
              help="Compute time between checkpoints; 0 uses the optimal interval."),
        Float("days", "Run length", 54.0, unit="days", minimum=0.01, maximum=3650.0,
              help="Wall-clock length of the run, for the expected number of interruptions."),
    ),
    outputs=(
        Scalar("job_mtbf_h", "Mean time between interruptions of the job", "h"),
        Scalar("interruptions_per_day", "Interruptions per day"),
        Scalar("interruptions", "Interruptions over the run"),
        Scalar("optimal_interval_min", "Optimal checkpoint interval", "min", "Daly's higher-order estimate."),
        Scalar("interval_used_min", "Checkpoint interval used", "min"),
        Scalar("goodput", "Goodput", "%", "Share of wall time doing useful work."),
        Scalar("network_interruptions", "Interruptions from the network over the run", "",
               "NIC, switch and cable, at Llama 3's share of 42 in 419."),
        Table("components", "Interruptions by component (Llama 3's shares)", (
            Column("component", "Component"), Column("share", "Share", "%"),
            Column("per_day", "Per day"), Column("run", "Over the run"))),
        Chart("goodput_vs_interval", "Goodput against checkpoint interval", "Checkpoint interval",
              "Goodput", "min", "%", log_x=True,
              description="Too frequent: checkpoints cost; too rare: failures lose work."),
    ),
    sources=(YOUNG, DALY, LLAMA3, KOKOLIS),
)
def goodput(*, gpus: int, gpu_mtbf_hours: float, checkpoint_s: float, restart_min: float, interval_min: float,
            days: float) -> Outcome:
    m = job_mtbf_min(gpus, gpu_mtbf_hours)
    delta = checkpoint_s / 60.0
    best = optimal_interval_min(delta, m)
    used = interval_min if interval_min > 0 else best
    per_day = 1440.0 / m
    total = sum(n for _, n in LLAMA3_INTERRUPTIONS)
    network = sum(n for name, n in LLAMA3_INTERRUPTIONS if name.startswith(("NIC", "Network")))
    rows = tuple((name, round(100.0 * n / total, 1), round(per_day * n / total, 3), round(per_day * days * n / total, 1))
                 for name, n in LLAMA3_INTERRUPTIONS)
    xs = tuple(best * f for f in (0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0) if best * f > 0)
    return Outcome(
        values={"job_mtbf_h": m / 60.0, "interruptions_per_day": per_day, "interruptions": per_day * days,
                "optimal_interval_min": best, "interval_used_min": used,
                "goodput": 100.0 * goodput_fraction(used, delta, restart_min, m),
                "network_interruptions": per_day * days * network / total},
        tables={"components": rows},
        charts={"goodput_vs_interval": (
            Trace("goodput", xs, tuple(100.0 * goodput_fraction(x, delta, restart_min, m) for x in xs)),)},
    )
