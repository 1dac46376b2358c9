"""Published nccl-tests measurements and how far the calibrated model lands from each.

Each case names the hardware, the run and the figure as published, with its
source. Large-message cases compare bus bandwidth (target: within ±15 %);
small-message cases compare time (target: within a factor of 2). The same
list drives the tests (tests/calc/collectives/test_calibration.py) and the
"How accurate is this?" page, so the page always shows the engine's real
errors. A known miss would be listed as a case too, marked ``in_band=False``,
with the reason; none is at present.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from calc.collectives.collective import NCCL_ISSUE_119, busbw_factor, solve
from calc.collectives.model import NVLS_BLOG
from calc.collectives.step import DEFAULT_EFFICIENCY, NARAYANAN, megatron_rows
from calc.outputs import Column, Outcome, Scalar, Table
from calc.params import Value
from calc.registry import calculator, get
from calc.sources import Source, cite

__all__ = ["Case", "CASES", "KNOWN_MISSES", "model_value", "error", "accuracy"]

GIB = 1024**3


def _issue(key: str, title: str, year: int, url: str) -> Source:
    return cite(key, title, "GitHub issue thread with nccl-tests output", year, url)


S175 = _issue("nccl-tests-175", "nccl-tests#175: Two A100 nodes cannot reach ideal all-reduce performance "
              "(single node: 232.54 GB/s)", 2023, "https://github.com/NVIDIA/nccl-tests/issues/175")
S347 = _issue("nccl-tests-347", "nccl-tests#347: Multi-node NCCL performance drop (8x H100 single node, "
              "8 GiB: 479.41 GB/s)", 2025, "https://github.com/NVIDIA/nccl-tests/issues/347")
S212 = NVLS_BLOG
S272 = _issue("nccl-tests-272", "nccl-tests#272: [H200] all-reduce peak 475 GB/s on 8x H200", 2024,
              "https://github.com/NVIDIA/nccl-tests/issues/272")
S1807 = _issue("nccl-1807", "nccl#1807: 8x B200 single machine all_reduce_perf 'Ours is 830+'", 2025,
               "https://github.com/NVIDIA/nccl/issues/1807")
SCW43 = _issue("coreweave-nccl-tests-43", "coreweave/nccl-tests#43: GB200 NVL72 full-rack all_reduce_perf "
               "(1 GiB 681, 2 GiB 758, 4 GiB 839, 8 GiB 835 GB/s)", 2025, "https://github.com/coreweave/nccl-tests/pull/43")
S309 = _issue("nccl-tests-309", "nccl-tests#309: HGX H100 hosts with 8x 400G: 2 nodes 470 GB/s, 4 nodes "
              "365.84 GB/s", 2025, "https://github.com/NVIDIA/nccl-tests/issues/309")
S119 = NCCL_ISSUE_119
S303 = _issue("deepep-303", "DeepEP#303: 8x H20 (NVLink 4) all_reduce_perf, 8 B in 12.49 µs", 2025,
              "https://github.com/deepseek-ai/DeepEP/issues/303")
S1801 = _issue("nccl-1801", "nccl#1801: GB200, three NVL partitions joined over InfiniBand, NVLS disabled, "
               "ring by default: 12 GPUs 196.72 GB/s, 24 GPUs 393.66 GB/s at 16 GiB", 2025,
               "https://github.com/NVIDIA/nccl/issues/1801")
S1244 = _issue("nccl-1244", "nccl#1244: 2 nodes x 8 H20 with NCCL_ALGO=NVLSTree, 8 B in 47.6 µs", 2024,
               "https://github.com/NVIDIA/nccl/issues/1244")


@dataclass(frozen=True)
class Case:
    """One published figure: ``kind`` is busbw (GB/s, ±15 %) or time (µs, factor 2)."""

    name: str
    params: dict[str, Value]
    kind: str
    measured: float
    source: Source
    in_band: bool = True
    note: str = ""
    extra: dict[str, Value] = field(default_factory=dict)


CASES: tuple[Case, ...] = (
    Case("DGX A100, 8 GPUs, AllReduce 4 GiB", {"system": "dgx_a100", "gpus": 8, "message": 4 * GIB},
         "busbw", 232.54, S175),
    Case("DGX H100, 8 GPUs, AllReduce 8 GiB (NVLS)", {"system": "dgx_h100", "gpus": 8, "message": 8 * GIB},
         "busbw", 479.41, S347),
    Case("DGX H100, 8 GPUs, AllReduce ring", {"system": "dgx_h100", "gpus": 8, "message": 8 * GIB,
                                               "algorithm": "ring"}, "busbw", 370.0, S212),
    Case("DGX H100, 8 GPUs, AllGather", {"system": "dgx_h100", "gpus": 8, "message": 8 * GIB,
                                          "op": "allgather"}, "busbw", 370.0, S212),
    Case("HGX H200, 8 GPUs, AllReduce 4 GiB", {"system": "hgx_h200", "gpus": 8, "message": 4 * GIB},
         "busbw", 475.0, S272),
    Case("DGX B200, 8 GPUs, AllReduce", {"system": "dgx_b200", "gpus": 8, "message": 8 * GIB},
         "busbw", 830.0, S1807),
    Case("GB200 NVL72, 72 GPUs, AllReduce 8 GiB", {"system": "gb200_nvl72", "gpus": 72, "message": 8 * GIB},
         "busbw", 834.57, SCW43),
    Case("GB200 NVL72, 72 GPUs, AllReduce 4 GiB", {"system": "gb200_nvl72", "gpus": 72, "message": 4 * GIB},
         "busbw", 839.16, SCW43),
    Case("2x HGX H100, 16 GPUs, AllReduce", {"system": "dgx_h100", "gpus": 16, "message": 16 * GIB},
         "busbw", 470.0, S309),
    Case("4x HGX H100, 32 GPUs, AllReduce", {"system": "dgx_h100", "gpus": 32, "message": 16 * GIB},
         "busbw", 365.84, S309),
    Case("3x DGX A100 with 4 HDR NICs, 24 GPUs, AllReduce 128 MB",
         {"system": "dgx_a100", "gpus": 24, "message": 133169160, "scaleout_GBps": 12.5}, "busbw", 96.0, S119),
    Case("GB200 NVL72, 72 GPUs, AllReduce 2 GiB", {"system": "gb200_nvl72", "gpus": 72, "message": 2 * GIB},
         "busbw", 757.78, SCW43),
    Case("GB200 NVL72, 72 GPUs, AllReduce 1 GiB", {"system": "gb200_nvl72", "gpus": 72, "message": GIB},
         "busbw", 681.17, SCW43),
    Case("GB200, 3 partitions of 4 over IB, 12 GPUs, AllReduce 16 GiB (ring)",
         {"system": "gb200_nvl72", "gpus": 12, "gpus_per_domain": 4, "message": 16 * GIB, "algorithm": "ring"},
         "busbw", 196.72, S1801),
    Case("GB200, 3 partitions of 8 over IB, 24 GPUs, AllReduce 16 GiB (ring)",
         {"system": "gb200_nvl72", "gpus": 24, "gpus_per_domain": 8, "message": 16 * GIB, "algorithm": "ring"},
         "busbw", 393.66, S1801),
    Case("8x H20 (NVLink 4), AllReduce 8 B", {"system": "dgx_h100", "gpus": 8, "message": 8},
         "time", 12.49, S303),
    Case("2x 8 H20, NVLSTree forced, AllReduce 8 B",
         {"system": "dgx_h100", "gpus": 16, "message": 8, "algorithm": "nvls"}, "time", 47.6, S1244),
)
KNOWN_MISSES = tuple(c for c in CASES if not c.in_band)


def model_value(case: Case) -> float:
    """The model's bus bandwidth (GB/s) or time (µs) for the case."""
    values = get("collective").validate(dict(case.params))
    size = float(values["message"])
    time_us = solve(values, size).time_us
    if case.kind == "time":
        return time_us
    return size / (time_us * 1e3) * busbw_factor(str(values["op"]), int(values["gpus"]))


def error(case: Case) -> float:
    """Relative error model/measured - 1."""
    return model_value(case) / case.measured - 1


def _row(case: Case) -> tuple[str, str, float, float, float, str, str]:
    unit = "GB/s busbw" if case.kind == "busbw" else "µs"
    return (case.name, unit, case.measured, round(model_value(case), 2), round(100 * error(case), 1),
            "yes" if case.in_band else "no", case.source.url)


@calculator(
    name="accuracy",
    title="The collectives model against published nccl-tests measurements",
    summary="Every calibration case with its measured figure, the model's figure and the error.",
    params=(),
    outputs=(
        Scalar("case_count", "Cases", "", "Published figures compared."),
        Scalar("in_band", "Inside the target band", "", "Large: ±15 % busbw; small: factor 2 in time."),
        Scalar("max_large_error_pct", "Largest busbw error (in-band cases)", "%"),
        Scalar("mean_abs_large_error_pct", "Mean absolute busbw error (in-band cases)", "%"),
        Scalar("small_ratio_min", "Small messages: lowest model/measured time", ""),
        Scalar("small_ratio_max", "Small messages: highest model/measured time", ""),
        Scalar("megatron_min_error_pct", "Step model against Megatron-LM: lowest error", "%"),
        Scalar("megatron_max_error_pct", "Step model against Megatron-LM: highest error", "%"),
        Scalar("megatron_mean_abs_error_pct", "Step model against Megatron-LM: mean absolute error", "%"),
        Table("cases", "Calibration cases",
              (Column("case", "Case"), Column("unit", "Compared"), Column("measured", "Measured"),
               Column("model", "Model"), Column("error_pct", "Error", "%"), Column("in_band", "In band"),
               Column("source", "Source"))),
    ),
    sources=(S175, S347, S212, S272, S1807, SCW43, S309, S119, S1801, S303, S1244, NARAYANAN),
)
def accuracy() -> Outcome:
    large = [abs(error(c)) for c in CASES if c.in_band and c.kind == "busbw"]
    small = [1 + error(c) for c in CASES if c.in_band and c.kind == "time"]
    megatron = [float(row[3]) for row in megatron_rows(DEFAULT_EFFICIENCY, 0.0)]
    within = sum(1 for c in CASES if (abs(error(c)) <= 0.15 if c.kind == "busbw"
                                      else 0.5 <= 1 + error(c) <= 2.0))
    return Outcome(
        values={
            "case_count": len(CASES),
            "in_band": within,
            "max_large_error_pct": 100 * max(large),
            "mean_abs_large_error_pct": 100 * sum(large) / len(large),
            "small_ratio_min": min(small),
            "small_ratio_max": max(small),
            "megatron_min_error_pct": min(megatron),
            "megatron_max_error_pct": max(megatron),
            "megatron_mean_abs_error_pct": sum(abs(e) for e in megatron) / len(megatron),
        },
        tables={"cases": tuple(_row(c) for c in CASES)},
    )
