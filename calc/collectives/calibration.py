"""The collectives model against published nccl-tests runs: errors by source, split and message size.

Every point of :mod:`calc.collectives.measurements` is run through the
``collective`` calculator with the inputs its source describes. Errors:

* from 1 MiB, in bus bandwidth: model / measured - 1 (the same as the time's
  error inverted);
* below 1 MiB, in time, as a factor: model time / measured time.

Targets on the held-out part (issue 12): every point ≥ 1 GiB within ±15 %;
every point from 1 MiB to 1 GiB within ±30 %; a geometric-mean absolute error
over all points ≥ 1 MiB of at most 12 % (the geometric mean of
|ln(model/measured)|, expressed as a percentage: exp(mean|ln r|) - 1); points
below 1 MiB within a factor of 1.6 in time. ASTRA-sim's analytical backend
reports 9.7–20.6 % geometric-mean error for ring AllReduce on HGX-H100
(ASTRA_SIM). The same functions drive the tests
(tests/calc/collectives/test_calibration.py), the fit script's report and the
"How accurate is this?" page.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from calc.collectives import fitted
from calc.collectives.collective import Inputs, busbw_factor, expected_error_pct, fabric_for, solve_on
from calc.collectives.hardware import ARCH, SYSTEMS
from calc.collectives.measurements import POINTS, SEALED, SERIES, Point, Series, sources
from calc.collectives.model import Fabric
from calc.collectives.step import DEFAULT_EFFICIENCY, NARAYANAN, megatron_rows
from calc.outputs import Column, Outcome, Scalar, Table
from calc.registry import calculator, get
from calc.sources import cite

__all__ = ["KNOWN_MISSES", "SWEEP_ANOMALIES", "FIT_OUTLIERS", "ANOMALY_FACTOR", "sweep_anomalies", "harness_floor_us", "NCCL_TESTS_LOOP", "Checked", "Opening", "OPENINGS", "PARTS", "scored", "check", "checked", "summary", "supported", "Summary", "verdict", "checked_series", "series_inputs", "point_error_pct", "stated_error_pct", "is_within_stated", "within_stated", "published_time_us", "band", "within_target", "accuracy", "one_server_tp_errors", "MIB", "GIB",
           "ASTRA_SIM"]

MIB, GIB = 2**20, 2**30
ASTRA_SIM = cite(
    "astra-sim-hgx-h100",
    "ASTRA-sim validation on HGX-H100: analytical backend against NCCL ring AllReduce, geomean error 20.63 % "
    "(2 GPUs), 12.01 % (4), 9.69 % (8)",
    "ASTRA-sim documentation", 2024,
    "https://astra-sim.github.io/astra-sim-docs/validation/hardware/gpu-validation-hgx-h100.html",
)
NCCL_TESTS_LOOP = cite(
    "nccl-tests-benchtime",
    "nccl-tests src/common.cu BenchTime: the timed loop enqueues every iteration (one collective per GPU the "
    "thread drives) and synchronizes once at the end; the time reported is the loop's wall-clock per iteration",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2026,
    "https://github.com/NVIDIA/nccl-tests/blob/a0b82b2260cf5152b9f8c061bbf7eaf0ba096432/src/common.cu",
)
LIMITS = {"small": 1.6, "mid": 0.30, "large": 0.15}
ANOMALY_FACTOR = 1.25  # a point slower than this times a larger size of its own run is an anomaly of the sweep
ANOMALY_SPLITS = ("calibration", "held-out v4", "held-out v5", "held-out v6", "held-out v7",
                  "held-out v8")  # where the rule applies (fixed with v4, before any v4 result; kept since by each rule)


def published_time_us(series: Series, size: int, time_us: float | None, busbw: float | None) -> float | None:
    """The time a row states, or the one its bus bandwidth implies (None where neither says)."""
    if time_us is not None:
        return time_us
    if not busbw:
        return None
    return size * busbw_factor(series.op, series.gpus) / (busbw * 1e3)


def sweep_anomalies(series: Series) -> dict[int, str]:
    """Sizes of ``series`` slower than ANOMALY_FACTOR times a larger size of the same run, with the reason: a
    collective cannot take longer for fewer bytes, so such a point contradicts its own sweep (measurements)."""
    times = [(size, published_time_us(series, size, t, bw)) for size, t, bw in series.rows]
    known = sorted((size, t) for size, t in times if t is not None)
    out = {}
    for i, (size, t) in enumerate(known):
        faster = [(s, u) for s, u in known[i + 1:] if t > ANOMALY_FACTOR * u]
        if faster:
            s, u = faster[0]
            out[size] = f"slower than {s} B of the same run ({t:.4g} µs against {u:.4g} µs)"
    return out


# Points that contradict the rest of their own run (sweep_anomalies), where the rule applies; the fit and the v4
# errors leave them out (tools/fit_collectives.py: one point at 0.38x would weigh more in the objective than all
# the others).
SWEEP_ANOMALIES: dict[tuple[str, int], str] = {
    (s.label, size): why for s in SERIES if s.split in ANOMALY_SPLITS for size, why in sweep_anomalies(s).items()
}
# Calibration runs the fit leaves out, with the reason: a run the model does not describe at any size would set
# the constants of every other system (tools/fit_collectives.py weighs each run the same). Its points are still
# scored and listed; none is held out.
FIT_OUTLIERS: dict[str, str] = {
    "B200 2x8 AllReduce, InfiniBand (orcd-benchmarks)": (
        "three times slower than the other two-server B200 InfiniBand runs at every size (234 GB/s at 16 GiB "
        "against 696 at 2 GiB on Lambda's, dstack); one process drives each server's eight GPUs (-g 8), a way of "
        "running nccl-tests across servers the model does not describe"),
}
# Points outside their target, named with the reason (the tests check they stay outside: a fix must remove them
# from here), by part. The sweep anomalies are listed too: the scores leave them out.
def _misses(label: str, sizes: tuple[int, ...], why: str) -> dict[tuple[str, int], str]:
    return {(label, size): why for size in sizes}


KNOWN_MISSES: dict[tuple[str, int], str] = {
    **SWEEP_ANOMALIES,
    # calibration
    **{(f"A100 1x8 {op} (superbenchmark)", size): "A100 with a 2021 NCCL, LL at 1-2 MiB: the measured sweep is "
       "1.5-1.9x slower than NCCL 2.30's LL ceiling allows" for op in ("AllReduce", "AllGather", "ReduceScatter")
       for size in (MIB, 2 * MIB)},
    **_misses("A100 1x8 AllGather (superbenchmark)", (4 * MIB, 16 * MIB, 32 * MIB),
              "A100 with a 2021 NCCL: 1.35-1.42x fast at 4 MiB (LL128) and 16-32 MiB (Simple), where its sweep is "
              "slowest"),
    **_misses("A100 1x8 ReduceScatter (superbenchmark)", (4 * MIB, 8 * MIB),
              "A100 with a 2021 NCCL, LL128 at 4-8 MiB: 1.3-1.5x fast"),
    ("A100 1x8 AllReduce (superbenchmark)", 16 * MIB): "A100 with a 2021 NCCL, LL128 at 16 MiB: 0.62x (the LL128 "
                                                         "fill per ring step, fitted on all A100 runs)",
    **_misses("A100 2x8 AllReduce, EFA (awsome-distributed-training)", (GIB, 2 * GIB),
              "p4de EFA from 1 GiB: 0.75x (the EFA-on-A100 constants also fit nccl#527's p4dn runs, NCCL 2.9.9, "
              "which reach 57 GB/s where this run reaches 78)"),
    **_misses("H100 2x8 AllReduce, EFA (awsome-distributed-training)", (32768, 65536),
              "p5 EFA at 32-64 KiB: 0.48-0.59x the measured time"),
    **_misses("H200 2x8 AllGather, RoCE (cluster-toolkit)", (1024, 2048, 4096, 8192),
              "GCP RoCE (gIB) AllGather, 1-8 KiB: 0.58-0.62x the time (the other GCP run of the same machine "
              "takes half as long at these sizes)"),
    **_misses("A100 4x8 AllReduce, InfiniBand (deepops)", (4 * MIB, 8 * MIB),
              "four DGX A100, 'not necessarily optimal', tree/LL128 at 4-8 MiB: 1.3-1.4x fast"),
    ("B200 2x8, RoCE (dstack/GCP A4)", 8 * MIB): "GCP A4 B200 over RoCE, tree/LL128 at 8 MiB: 1.31x fast",
    **_misses("B200 2x8 AllReduce, InfiniBand (orcd-benchmarks)",
              (MIB, 4 * MIB, 16 * MIB, 64 * MIB, 256 * MIB, GIB, 4 * GIB, 16 * GIB),
              "left out of the fit (FIT_OUTLIERS): the model's bus bandwidth is three to twelve times the measured"),
    **{(f"B200 1x2 {op} (aicr-benchmarks)", size): "two GPUs of an eight-B200 board, rings: 1.25-1.8x fast (a "
       "two-GPU ring reaches less of NVLink than the eight-GPU rings the efficiency is fitted on)"
       for op in ("ReduceScatter", "AllGather") for size in (4 * MIB, GIB, 4 * GIB, 16 * GIB)},
    ("B200 1x2 AllReduce (aicr-benchmarks)", 4 * MIB): "two GPUs of an eight-B200 board, ring/Simple at 4 MiB: "
                                                       "1.36x fast",
    **_misses("B200 1x2 AllReduce (aicr-benchmarks)", (64 * MIB, GIB, 4 * GIB, 16 * GIB),
              "two GPUs of an eight-B200 board, NVLink SHARP from 64 MiB: 0.67-0.78x (its link-bound rate at "
              "NVLink's fitted efficiency; the run reaches about 600 GB/s, nearly the line rate)"),
    **_misses("B200 1x2 AllToAll (aicr-benchmarks)", (64 * MIB, 256 * MIB, GIB, 4 * GIB, 16 * GIB),
              "two GPUs of an eight-B200 board, AllToAll from 64 MiB: 1.5-1.8x fast"),
    # held-out (seen)
    ("H20 2x8, NVLSTree forced (nccl#1244)", 8): "NCCL's own latency table for an 8-byte NVLS-tree: 1.8x slow",
    # held-out v2 (seen)
    ("H100 2x8 AllGather, TCPXO (MG-Cafe, A3 Mega)", MIB): "TCPXO AllGather at 1 MiB: 1.33x fast",
    # held-out v3 (seen)
    **_misses("H100 1x8 NVLS (Azure ND H100 v5)", (1024, 2048, 4096, 8192),
              "NVLink SHARP forced at 1-8 KiB, one process driving eight GPUs (-g 8): 1.6-1.7x slow (the fitted "
              "launch floor of -g runs)"),
    ("H100 4x8, EFA (p5.48xlarge, aws-gpu-comm-bench)", 32 * MIB): "four p5 over EFA, tree/LL128 at 32 MiB (where "
                                                                     "AWS's region tuner runs it): 1.38x fast",
    **_misses("GB200 1x4 ring (Azure ND GB200 v6)", (8 * MIB, 16 * MIB),
              "one GB200 host of 4, ring/LL128 at 8-16 MiB: 0.50-0.54x (the LL128 fill per ring step, fitted on "
              "B200 and A100 runs that are twice as slow there)"),
    # held-out v4 (blind at its opening, commit 005b2b8; seen since)
    **_misses("H100 1x4 AllReduce (nccl-collectives-bench)", (2 * MIB, 8 * MIB),
              "4 of 8 H100, NVLink SHARP at 2-8 MiB: 0.65-0.69x"),
    ("A100 2x8 AllReduce, InfiniBand (aks-rdma-infiniband)", 32 * MIB): "AKS A100 (SR-IOV HDR), tree/LL128 at "
                                                                        "32 MiB: 1.31x fast",
    ("H100 2x8 AllReduce, EFA (aws-do-eks)", 32768): "p5 EFA, tree/LL at 32 KiB: 0.61x the measured time",
    # held-out v5 (blind when first run on the model of commit ca6eff9)
    **_misses("A100 2x8 AllReduce SHARP, InfiniBand (abci-docs)",
              tuple(2**k for k in range(20, 32)),
              "SHARP (NCCL CollNet, NCCL 2.8, HDR) on A100 from 1 MiB: 1.6-1.9x fast: the model's in-network "
              "reduction sends each shard once at the NIC's fitted rate, which this run does not reach"),
    **_misses("A100 2x8 AllReduce ring, EFA (aws-efa-eks)", (2 * MIB, GIB, 2 * GIB, 4 * GIB),
              "p4d EFA ring with NCCL 2.9.9 (2021): 1.36x fast at 2 MiB (LL128), 0.73-0.74x from 1 GiB (the "
              "EFA-on-A100 efficiency, fitted on trees)"),
    **_misses("A100 1x2 AllGather (abhivijay96)", (49152, 98304, 196608, 393216, 786432, 1572864, 3145728,
                                                   6291456),
              "two A100 of eight, NCCL 2.7.3 (2020), one process (-g 2): LL 0.28-0.60x the time at "
              "48-768 KiB, then 1.3-2.1x fast at 1.5-6 MiB"),
    **_misses("A100 1x3 AllGather (abhivijay96)", (96, 192, 384, 768, 1536, 3072, 6144, 196608, 393216, 786432,
                                                   1572864, 3145728, 6291456),
              "three A100 of eight, NCCL 2.7.3 (2020), -g 3: 1.6-1.7x slow below 8 KiB, 0.36-0.52x "
              "the time at 192-768 KiB, 1.6-1.9x fast at 1.5-6 MiB"),
    **_misses("A100 1x4 AllGather (abhivijay96)", (393216, 786432, 1572864, 3145728, 6291456),
              "four A100 of eight, NCCL 2.7.3 (2020), -g 4: 0.47-0.51x the time at 384-768 KiB, "
              "1.4-2.2x fast at 1.5-6 MiB"),
    **_misses("A100 1x5 AllGather (abhivijay96)", (196560, 786400, 1572800, 3145680, 6291440),
              "five A100 of eight, NCCL 2.7.3 (2020), -g 5: 0.54-0.55x the time at 192 and 768 KiB, "
              "1.4-2.1x fast at 1.5-6 MiB"),
    **_misses("A100 1x6 AllGather (abhivijay96)", (96, 192, 1536, 24576, 1572864),
              "six A100 of eight, NCCL 2.7.3 (2020), -g 6: 1.8-1.85x slow at 96 B to 24 KiB, 1.67x "
              "fast at 1.5 MiB"),
    **_misses("A100 1x7 AllGather (abhivijay96)", (112, 336, 672, 1456, 3024, 6048, 12208, 24528, 1572816),
              "seven A100 of eight, NCCL 2.7.3 (2020), -g 7: 1.8-1.9x slow below 24 KiB (the -g "
              "launch floor, fitted on eight-GPU runs), 1.64x fast at 1.5 MiB"),
    ("H100 1x4 AllReduce (dudeperf3ct)", 2 * MIB): "4 of 8 H100, NVLink SHARP at 2 MiB: 0.69x",
    **_misses("H100 2x8 AllReduce, EFA (p5-nccl-test-2024-07-19)", (16384, 32768, 65536),
              "p5 EFA, tree/LL at 16-64 KiB: 0.61-0.62x the measured time"),
    # held-out v6 (blind when first run on the model of commit fcb37b9)
    **_misses("H100 1x8 AllToAll (k8s-in-action)", tuple(2**k for k in range(23, 34)),
              "one H100 server, AllToAll from 8 MiB: 1.4-3.1x fast: the run reaches 105-137 GB/s from 128 MiB, "
              "less than half of the other one-server H100 AllToAll (nccl-tests-cluster, held-out v4: 299-311 "
              "GB/s)"),
    **_misses("A100 1x4 AllReduce (abci2.0benchmark)", (2**17, 2**18, 2**19, MIB, 2 * MIB, 8 * MIB),
              "four A100 of eight, NCCL 2.8.4 (2021), ring/LL: 0.38-0.54x the time at 128-512 KiB, "
              "then 1.5-2.8x fast at 1-2 MiB, and 1.32x fast at 8 MiB (Simple)"),
    **_misses("A100 1x8 AllReduce (abci2.0benchmark)", (2**18, 2**19, MIB, 2 * MIB, 16 * MIB),
              "one A100 server, NCCL 2.8.4 (2021), ring: LL 0.50-0.60x the time at 256-512 KiB, 1.9x "
              "fast at 1-2 MiB, LL128 0.64x at 16 MiB"),
    ("A100 2x8 AllReduce, InfiniBand (abci2.0benchmark)", 2**17): "two A100 servers, NCCL 2.8.4, tree/LL at "
                                                                  "128 KiB: 0.51x the time",
    **_misses("A100 2x8 AllReduce, InfiniBand (abci2.0benchmark)", tuple(2**k for k in range(20, 26)),
              "two A100 servers over four HDR NICs each, NCCL 2.8.4 (2021), tree/LL128 at 1-32 MiB: 1.5-3.6x fast"),
    ("A100 4x8 AllReduce, InfiniBand (abci2.0benchmark)", 2**17): "four A100 servers, NCCL 2.8.4, tree/LL at "
                                                                  "128 KiB: 0.59x the time",
    **_misses("A100 4x8 AllReduce, InfiniBand (abci2.0benchmark)", tuple(2**k for k in range(21, 26)),
              "four A100 servers, NCCL 2.8.4 (2021), LL128 at 2-32 MiB: 1.4-2.1x fast"),
    **_misses("A100 8x8 AllReduce, InfiniBand (abci2.0benchmark)", tuple(2**k for k in range(20, 26)),
              "eight A100 servers, NCCL 2.8.4 (2021), tree/LL128 at 1-32 MiB: 1.3-4.6x fast"),
    **_misses("A100 16x8 AllReduce, InfiniBand (abci2.0benchmark)", tuple(2**k for k in range(21, 26)),
              "sixteen A100 servers, NCCL 2.8.4 (2021), tree/LL128 at 2-32 MiB: 1.5-2.6x fast"),
    **_misses("A100 2x8 AllReduce ring, EFA (aws-deep-learning-amis)", (64 * MIB, 128 * MIB),
              "p4d EFA ring, NCCL 2.7.8 (2020): 1.7x and 1.3x fast at 64 and 128 MiB, where the run drops from "
              "21 to 16 GB/s"),
    ("A100 2x8 AllReduce Simple, EFA (aws-hpc-tutorials)", GIB): "p4de EFA with NCCL_PROTO=simple, tree at 1 GiB: "
                                                                 "0.75x (the EFA-on-A100 efficiency)",
    ("A100 2x8 AllReduce, InfiniBand (JingchaoZhang.github.io, AKS)", 65536): "Azure NDm A100 v4, tree/LL at "
                                                                              "64 KiB: 0.62x the time",
    ("A100 2x8 AllReduce, InfiniBand (JingchaoZhang.github.io, AKS)", 32 * MIB): "Azure NDm A100 v4, tree/LL128 "
                                                                                 "at 32 MiB: 1.31x fast",
    **_misses("A100 2x8 AllReduce, InfiniBand (Azure ML, ND A100 v4)", (8192, 32768, 65536, 131072, 32 * MIB),
              "Azure ND A100 v4, tree/LL at 8-128 KiB: 0.51-0.61x the time; tree/LL128 at 32 MiB: 1.30x fast"),
    ("H200 2x8 AllReduce, RoCE (spc-x-host-configuration)", 65536): "Spectrum-X RoCE, tree/LL at 64 KiB: 0.61x "
                                                                    "the time",
    ("H200 2x8 AllReduce, RoCE (spc-x-host-configuration)", 16 * MIB): "Spectrum-X RoCE, NVLS-tree at 16 MiB: "
                                                                       "1.61x fast",
    # held-out v7 (blind when first run on the model of commit 829c2ca)
    **{(f"B200 1x8 {op} (cluster-quality)", size): "one B200 server, ring/LL128 at 16-32 MiB: 0.44-0.50x (the LL128 "
       "fill per ring step, fitted on B200 and A100 runs that are twice as slow there)"
       for op in ("AllGather", "ReduceScatter") for size in (16 * MIB, 32 * MIB)},
    **_misses("B200 1x8 ReduceScatter (cluster-quality)", (4 * MIB, 8 * MIB),
              "one B200 server, ring/LL at 4-8 MiB: 1.30x and 1.48x fast, where the run is slower than at 16 MiB"),
    ("B200 1x8 AllToAll (cluster-quality)", 4 * MIB): "one B200 server, AllToAll at 4 MiB: 1.53x fast (the run is "
                                                      "slower at 4 MiB than at 8 MiB)",
    **_misses("B200 2x8 AllGather, InfiniBand (cluster-quality)", (65536, 131072),
              "two B200 servers, ring/LL at 64-128 KiB: 1.9-2.0x the measured time"),
    **_misses("B200 2x8 AllGather, InfiniBand (cluster-quality)", (2 * MIB, 64 * MIB),
              "two B200 servers, ring/LL128 at 2 and 64 MiB: 1.36x and 1.39x fast, where the run stalls (64 MiB "
              "reaches the same bus bandwidth as 32 MiB)"),
    **_misses("B200 2x8 AllGather, InfiniBand (cluster-quality)", (GIB, 2 * GIB, 4 * GIB, 8 * GIB, 16 * GIB),
              "two B200 servers over eight 400G NICs each, AllGather from 1 GiB: 1.20-1.26x fast (the run levels "
              "off at 308 GB/s, the model at 389)"),
    **_misses("B200 2x8 AllGather, RoCE (verl-on-gke, GCP A4)", (65536, 131072),
              "GCP A4 B200 over RoCE (gIB), ring/LL at 64-128 KiB: 1.6-1.7x the measured time"),
    ("H100 2x8 AllReduce ring, InfiniBand (crusoe-ml-k3s)", 65536): "Crusoe H100, forced ring/LL at 64 KiB: 1.89x "
                                                                    "the measured time",
    **_misses("H100 2x8 AllReduce ring, InfiniBand (crusoe-ml-k3s)", (16 * MIB, 32 * MIB),
              "Crusoe H100, forced ring/LL128 at 16-32 MiB: 0.69-0.70x"),
    # held-out v8 (blind when first run on the model of commit 6e4fc41)
    **_misses("H100 2x8 AllGather, TCPXO (a3-bootcamp-ce, A3 Mega)", tuple(2**k for k in range(23, 29)),
              "two A3 Mega over TCPXO, 8-256 MiB: 1.3-2.2x fast: the run takes twice the time of the three other "
              "published A3 Mega AllGathers up to 256 MiB (351 against 166 µs at 8 MiB) and the same from 1 GiB"),
    **_misses("H100 2x8 AllGather, TCPXO (gke-recipes, A3 Mega)", tuple(2**k for k in range(8, 28)),
              "two A3 Mega over TCPXO on GKE: 0.36-0.40x the time below 1 MiB, 1.35-2.9x fast at 1-128 MiB: the run "
              "takes 236 µs at 1 KiB and 356 at 8 MiB, where the three other published A3 Mega AllGathers take 85 "
              "and 166, and the same from 1 GiB"),
    **_misses("H200 2x8 AllGather, RoCE (gke-inference-from-scratch, A3 Ultra)", (65536, 131072),
              "two A3 Ultra over RoCE (gIB), ring/LL at 64-128 KiB: 1.61-1.64x the measured time"),
    **_misses("A100 1x8 AllReduce (AI-GBB-Bootcamp, ND A100 v4)", (4 * MIB, 8 * MIB, 16 * MIB),
              "one A100 server, ring/LL128 at 4-16 MiB: 0.60-0.66x (the LL128 fill per ring step)"),
}
GEOMEAN_LIMIT = 0.12


@dataclass(frozen=True)
class Checked:
    """One published point with the model's figure: ``ratio`` is model/measured in time (small) or busbw."""

    point: Point
    model_time_us: float
    model_busbw_GBps: float
    algorithm: str
    protocol: str

    @functools.cached_property
    def band(self) -> str:
        return band(self.point.size)

    @functools.cached_property
    def ratio(self) -> float:
        p = self.point
        if p.busbw_GBps is None or (self.band == "small" and p.time_us is not None):
            assert p.time_us is not None
            return self.model_time_us / p.time_us
        # bus bandwidth; below 1 MiB with only busbw published, its inverse is the same time ratio
        return (p.busbw_GBps / self.model_busbw_GBps if self.band == "small"
                else self.model_busbw_GBps / p.busbw_GBps)

    @property
    def error(self) -> float:
        """Relative error (model/measured - 1)."""
        return self.ratio - 1

    @functools.cached_property
    def in_target(self) -> bool:
        """Inside the issue's band for its size (within_target)."""
        if self.band == "small":
            return 1 / LIMITS["small"] <= self.ratio <= LIMITS["small"]
        return abs(self.error) <= LIMITS[self.band]

    @functools.cached_property
    def era(self) -> str:
        """The GPU era of the run (fitted.era)."""
        return fitted.era(ARCH[SYSTEMS[self.point.series.system].scale_up.key][0])


def band(size: int) -> str:
    """small (< 1 MiB), mid (1 MiB to 1 GiB) or large (≥ 1 GiB)."""
    return "small" if size < MIB else ("mid" if size < GIB else "large")


def within_target(c: Checked) -> bool:
    """Inside the issue's band for its size: ±15 % large, ±30 % mid, factor 1.6 small."""
    return c.in_target


def _points_by_run() -> dict[str, tuple[Point, ...]]:
    """Each run's points, by its label, in one pass over POINTS (this runs on import: a page's first accuracy_run
    call waits for it)."""
    grouped: dict[str, list[Point]] = {s.label: [] for s in SERIES}
    for p in POINTS:
        grouped[p.series.label].append(p)
    return {label: tuple(points) for label, points in grouped.items()}


_POINTS_OF = _points_by_run()


def _series_fabric(series: Series) -> tuple[Inputs, Fabric]:
    """The calculator's validated inputs and fabric for a run."""
    inputs = series_inputs(series)
    return inputs, fabric_for(inputs)


def series_inputs(series: Series) -> Inputs:
    """The collective calculator's validated inputs for a run, as its source describes it (message size apart).
    Validated at its first size, and not cached: a system's filled-in efficiencies are the fitted constants,
    which the fit script changes between calls."""
    return Inputs.of(get("collective").validate({**series.params, "message": series.rows[0][0]}))


def point_error_pct(ratio: float) -> float:
    """A point's error in the measure the site states its expected error in (fitted.expected_error_pct, a
    geometric mean of these): exp(|ln(model/measured)|) − 1, in %, the same for a ratio and its inverse."""
    return 100 * (math.exp(abs(math.log(ratio))) - 1)


def stated_error_pct(inputs: Inputs, size: int) -> float:
    """The expected error the collective calculator states beside a result of a run's inputs at ``size``
    (collective.expected_error_pct: a typical error, not a bound)."""
    return expected_error_pct(inputs, float(size))


def is_within_stated(c: Checked, inputs: Inputs) -> bool:
    """Whether a point's error is within the error the site states at its size for its run's ``inputs``."""
    return point_error_pct(c.ratio) <= stated_error_pct(inputs, c.point.size)


def within_stated(parts: dict[str, tuple[Checked, ...]]) -> tuple[int, int]:
    """(points within the error the site states at their size, points) over every part: the stated error is a
    geometric mean, so about half of the points or more should be within it."""
    inputs = {s.label: series_inputs(s) for s in SERIES if s.split not in SEALED}
    cs = [c for part in parts.values() for c in part]
    return sum(is_within_stated(c, inputs[c.point.series.label]) for c in cs), len(cs)


def harness_floor_us(series: Series) -> float:
    """The shortest time per iteration nccl-tests can report when one process drives ``gpus_per_process`` GPUs
    (its ``-g``): its timing loop enqueues iteration after iteration with no synchronization between them
    (src/common.cu ``BenchTime``, NCCL_TESTS_LOOP), so a thread that launches on several GPUs cannot report less
    than its own CPU time per iteration, one collective per GPU and, for AllToAll (grouped send/receive), one
    send and one receive per peer. With one GPU per process the floor is left to NCCL's latency (0)."""
    n = series.gpus_per_process
    if n <= 1:
        return 0.0
    calls = 2 * (series.gpus - 1) if series.op == "alltoall" else 0
    return n * (fitted.HARNESS_LAUNCH_US + calls * fitted.HARNESS_P2P_US)


def _check_on(point: Point, inputs: Inputs, fabric: Fabric) -> Checked:
    cost = solve_on(fabric, inputs.op, inputs.algorithm, float(point.size))
    time_us = max(cost.time_us, harness_floor_us(point.series))
    busbw = point.size / (time_us * 1e3) * busbw_factor(inputs.op, inputs.gpus)
    return Checked(point, time_us, busbw, cost.algorithm, cost.protocol)


def check(point: Point) -> Checked:
    """Run the model for one point with the inputs its source describes."""
    return _check_on(point, *_series_fabric(point.series))


def checked_series(series: Series) -> tuple[Checked, ...]:
    """Every point of one published run with the model's figure (its fabric built once); a run of a sealed part
    (measurements.SEALED) is an error."""
    if series.split in SEALED:
        raise ValueError(f"{series.split} is sealed: open it in its own commit (measurements.SEALED)")
    inputs, fabric = _series_fabric(series)
    return tuple(_check_on(p, inputs, fabric) for p in _POINTS_OF[series.label])


def checked(split: str | None = None) -> tuple[Checked, ...]:
    """Every point (of ``split``, if given) with the model's figure. A sealed part (measurements.SEALED) is never
    run: asking for it is an error, and ``None`` leaves it out."""
    if split in SEALED:
        raise ValueError(f"{split} is sealed: open it in its own commit (measurements.SEALED)")
    return tuple(c for series in SERIES if series.split not in SEALED and split in (None, series.split)
                 for c in checked_series(series))


@dataclass(frozen=True)
class Summary:
    """Errors of one split by band; ``geomean_pct`` over points ≥ 1 MiB."""

    count: int
    sources: int
    in_target: int
    max_large_pct: float
    max_mid_pct: float
    small_min_ratio: float
    small_max_ratio: float
    geomean_pct: float


def _max_abs_pct(cs: list[Checked]) -> float:
    return 100 * max((abs(c.error) for c in cs), default=0.0)


def summary(cs: tuple[Checked, ...]) -> Summary:
    large = [c for c in cs if c.band == "large"]
    mid = [c for c in cs if c.band == "mid"]
    small = [c.ratio for c in cs if c.band == "small"]
    logs = [abs(math.log(c.ratio)) for c in large + mid]
    geomean = math.exp(sum(logs) / len(logs)) - 1 if logs else 0.0
    return Summary(len(cs), len({c.point.series.source.key for c in cs}), sum(within_target(c) for c in cs),
                   _max_abs_pct(large), _max_abs_pct(mid), min(small, default=1.0), max(small, default=1.0),
                   100 * geomean)


def supported(cs: tuple[Checked, ...]) -> tuple[Checked, ...]:
    """The points not listed in KNOWN_MISSES."""
    return tuple(c for c in cs if (c.point.series.label, c.point.size) not in KNOWN_MISSES)


def _row(c: Checked) -> tuple[str, str, str, int, float, float, float, str, str, str]:
    p = c.point
    unit = "µs" if p.busbw_GBps is None or (c.band == "small" and p.time_us is not None) else "GB/s busbw"
    measured = p.time_us if unit == "µs" else p.busbw_GBps
    model = c.model_time_us if unit == "µs" else c.model_busbw_GBps
    return (p.series.label, p.series.split, p.series.op, p.size, float(measured or 0.0), round(model, 2),
            round(100 * c.error, 1), f"{c.algorithm}/{c.protocol}", verdict(c), p.series.source.url)


def verdict(c: Checked) -> str:
    """A point's verdict as the tables show it: in target, not, or left out as an anomaly of its sweep."""
    if (c.point.series.label, c.point.size) in SWEEP_ANOMALIES:
        return "left out (sweep anomaly)"
    return "yes" if within_target(c) else "no"


HELD_OUT_SPLITS = ("held-out", "held-out v2", "held-out v3", "held-out v4", "held-out v5", "held-out v6",
                   "held-out v7", "held-out v8")  # pooled
ONE_SERVER_TP_RANGE = (16 * MIB, 128 * MIB)  # the tensor-parallel AllReduces the pages reason about


def one_server_tp_errors(parts: dict[str, tuple[Checked, ...]] | None = None) -> tuple[float, float]:
    """Lowest and highest error (%, model/measured busbw - 1: how much longer the measured time is) of the
    held-out one-server AllReduce sweeps between 16 and 128 MiB, the size of tensor-parallel AllReduces (from
    ``parts`` where already checked)."""
    low, high = ONE_SERVER_TP_RANGE
    parts = parts or {split: checked(split) for split in HELD_OUT_SPLITS}
    errors = [100 * c.error for split in HELD_OUT_SPLITS for c in parts[split]
              if c.point.series.op == "allreduce" and low <= c.point.size <= high
              and c.point.series.gpus <= c.point.series.gpus_per_node]
    return min(errors), max(errors)


@dataclass(frozen=True)
class Opening:
    """A held-out part's scores the first time the model ran on it (a record: later models do not change it)."""

    commit: str
    in_target: int
    scored: int
    geomean_pct: float
    max_large_pct: float
    max_mid_pct: float
    small_min_ratio: float
    small_max_ratio: float


# Blind results as first run. ``commit`` names the model: for v3 and v4 the commit that opened the part (its model
# was its parent's; v3 from that session's closing note, scored then with every point), for v5, v6 and v7 the
# model's own commit (v8's too), each opened in a later commit that changed nothing of the model. v3 and v4 are seen
# since (v4 after the NVLS fill's first loop was mended, a monotonicity defect Hypothesis found, then by the model v5
# judges); v5 and v6 since 829c2ca (an AllToAll's peers at once, found from v6's misses, and the refit that came with
# it); v7 since 6e4fc41 (each peer's own channels, found from v6's and v7's AllToAll misses, and its refit).
OPENINGS = {
    "held-out v3": Opening("3ab0802", 74, 97, 18.7, 33.1, 51.5, 0.58, 0.95),
    "held-out v4": Opening("005b2b8", 172, 200, 19.0, 29.3, 56.5, 0.62, 1.09),
    "held-out v5": Opening("ca6eff9", 162, 227, 30.7, 68.8, 133.9, 0.28, 1.88),
    "held-out v6": Opening("fcb37b9", 303, 379, 34.1, 202.0, 363.1, 0.35, 4.44),
    "held-out v7": Opening("829c2ca", 202, 224, 14.6, 26.2, 84.2, 0.63, 2.03),
    "held-out v8": Opening("6e4fc41", 57, 88, 27.5, 11.4, 187.5, 0.36, 1.64),
}


# The parts as the accuracy page shows them, newest first: (split, output prefix, name in the summary table).
PARTS = (
    ("held-out v8", "held_out_v8", "held-out v8 (blind)"),
    ("held-out v7", "held_out_v7", "held-out v7 (seen)"),
    ("held-out v6", "held_out_v6", "held-out v6 (seen)"),
    ("held-out v5", "held_out_v5", "held-out v5 (seen)"),
    ("held-out v4", "held_out_v4", "held-out v4 (seen)"),
    ("held-out v3", "held_out_v3", "held-out v3 (seen)"),
    ("held-out v2", "held_out_v2", "held-out v2 (seen)"),
    ("held-out", "held_out", "held-out (seen)"),
    ("calibration", "calibration", "calibration"),
)


# The parts whose every point the page lists: the newest blind one. The earlier parts and calibration appear run
# by run in the per-run table, their points in measurements.py (listing v5's 234 points beside v6's 384 added a
# quarter of a second to the page's load in Chromium here, 430-510 ms against 744 ms to DOMContentLoaded).
TABLED = ("held-out v8",)


def scored(cs: tuple[Checked, ...]) -> tuple[Checked, ...]:
    """The points a part's errors count: all but the sweep anomalies (SWEEP_ANOMALIES)."""
    return tuple(c for c in cs if (c.point.series.label, c.point.size) not in SWEEP_ANOMALIES)


def _summary_row(name: str, cs: tuple[Checked, ...]) -> tuple[str, int, int, int, int, float, float, float, float,
                                                              float]:
    s = summary(scored(cs))
    return (name, len(cs), len(cs) - s.count, s.sources, s.in_target, round(s.max_large_pct, 1),
            round(s.max_mid_pct, 1), round(s.small_min_ratio, 2), round(s.small_max_ratio, 2), round(s.geomean_pct, 1))


def _range(cs: list[Checked], band_name: str) -> str:
    """The lowest and highest model/measured ratio of a run's points in one band ('' where it has none)."""
    ratios = [c.ratio for c in cs if c.band == band_name]
    return f"{min(ratios):.2f}–{max(ratios):.2f}" if ratios else ""


def _run_rows(parts: dict[str, tuple[Checked, ...]]) -> tuple[tuple[str, str, int, int, str, str, str, str], ...]:
    """Per published run: its part, points scored, points in target, the ratio range in each band, its source."""
    rows = []
    for split, _, _ in PARTS:
        runs: dict[str, list[Checked]] = {}
        for c in scored(parts[split]):
            runs.setdefault(c.point.series.label, []).append(c)
        rows += [(label, split, len(cs), sum(within_target(c) for c in cs), _range(cs, "small"), _range(cs, "mid"),
                  _range(cs, "large"), cs[0].point.series.source.url) for label, cs in runs.items()]
    return tuple(rows)


def _part_values(prefix: str, cs: tuple[Checked, ...]) -> dict[str, float | int | str | bool]:
    s = summary(scored(cs))
    return {f"{prefix}_count": len(cs), f"{prefix}_left_out": len(cs) - s.count, f"{prefix}_sources": s.sources,
            f"{prefix}_in_target": s.in_target, f"{prefix}_max_large_pct": s.max_large_pct,
            f"{prefix}_max_mid_pct": s.max_mid_pct, f"{prefix}_geomean_pct": s.geomean_pct,
            f"{prefix}_small_min_ratio": s.small_min_ratio, f"{prefix}_small_max_ratio": s.small_max_ratio}


def _part_scalars(prefix: str, name: str) -> tuple[Scalar, ...]:
    return (
        Scalar(f"{prefix}_count", f"{name}: points", ""),
        Scalar(f"{prefix}_left_out", f"{name}: points left out as anomalies of their sweep", ""),
        Scalar(f"{prefix}_sources", f"{name}: sources", ""),
        Scalar(f"{prefix}_in_target", f"{name}: points inside their target", ""),
        Scalar(f"{prefix}_max_large_pct", f"{name}, ≥ 1 GiB: largest error", "%"),
        Scalar(f"{prefix}_max_mid_pct", f"{name}, 1 MiB to 1 GiB: largest error", "%"),
        Scalar(f"{prefix}_geomean_pct", f"{name}, ≥ 1 MiB: geometric-mean error", "%"),
        Scalar(f"{prefix}_small_min_ratio", f"{name}, < 1 MiB: lowest model/measured time", ""),
        Scalar(f"{prefix}_small_max_ratio", f"{name}, < 1 MiB: highest model/measured time", ""),
    )


def _opening_scalars(split: str) -> tuple[Scalar, ...]:
    prefix, name = split.replace("-", "_").replace(" ", "_") + "_opening", split.capitalize() + " when first run"
    return (Scalar(f"{prefix}_in_target", f"{name}: points inside their target", ""),
            Scalar(f"{prefix}_scored", f"{name}: points scored", ""),
            Scalar(f"{prefix}_geomean_pct", f"{name}, ≥ 1 MiB: geometric-mean error", "%"),
            Scalar(f"{prefix}_max_large_pct", f"{name}, ≥ 1 GiB: largest error", "%"),
            Scalar(f"{prefix}_max_mid_pct", f"{name}, 1 MiB to 1 GiB: largest error", "%"),
            Scalar(f"{prefix}_small_min_ratio", f"{name}, < 1 MiB: lowest model/measured time", ""),
            Scalar(f"{prefix}_small_max_ratio", f"{name}, < 1 MiB: highest model/measured time", ""))


# The held-out errors by GPU era, for the blind part and for every held-out part pooled: (output prefix, name of the
# group, its parts, the eras it has) x (output suffix, name of the era, fitted.era key). Old NCCL on A100 and
# current NCCL on H100 and later behave differently enough (accuracy page) that one figure for both would describe
# neither. Held-out v7 has no A100 run, so no A100 figure.
ERAS = (("hopper", "H100 and later", "hopper+"), ("ampere", "A100", "ampere"))
_BOTH = ("hopper", "ampere")
ERA_GROUPS = (("held_out_v8", "held-out v8 (blind)", ("held-out v8",), _BOTH),
              ("held_out_v7", "held-out v7 (seen)", ("held-out v7",), ("hopper",)),
              ("held_out_v6", "held-out v6 (seen)", ("held-out v6",), _BOTH),
              ("held_out_v5", "held-out v5 (seen)", ("held-out v5",), _BOTH),
              ("held_out_all", "every held-out part", HELD_OUT_SPLITS, _BOTH))


def _group_eras() -> tuple[tuple[str, str, tuple[str, ...], str, str, str], ...]:
    """(output prefix, group name, parts, era suffix, era name, fitted.era key) for every group and each of its eras."""
    return tuple((f"{group}_{suffix}", name, splits, suffix, era_name, key) for group, name, splits, eras in ERA_GROUPS
                 for suffix, era_name, key in ERAS if suffix in eras)


def _by_era(parts: dict[str, tuple[Checked, ...]]) -> dict[str, tuple[str, str, tuple[Checked, ...]]]:
    """Output prefix -> (group name, era name, its points) for every group and each of its eras."""
    return {prefix: (name, era_name, tuple(c for split in splits for c in parts[split] if c.era == key))
            for prefix, name, splits, _, era_name, key in _group_eras()}


# AllReduce and AllToAll on H100 and later apart: the operation the pages reason about most, and the one that sets
# the largest held-out errors there (held-out v6): (output prefix, name, parts, operation).
OP_GROUPS = (("held_out_v7_hopper_allreduce", "Held-out v7 (seen), H100 and later, AllReduce", ("held-out v7",),
              "allreduce"),
             ("held_out_v7_hopper_alltoall", "Held-out v7 (seen), H100 and later, AllToAll", ("held-out v7",),
              "alltoall"),
             ("held_out_v6_hopper_allreduce", "Held-out v6 (seen), H100 and later, AllReduce", ("held-out v6",),
              "allreduce"),
             ("held_out_v6_hopper_alltoall", "Held-out v6 (seen), H100 and later, AllToAll", ("held-out v6",),
              "alltoall"),
             ("held_out_all_hopper_allreduce", "Every held-out part, H100 and later, AllReduce", HELD_OUT_SPLITS,
              "allreduce"))


def _hopper_ops(parts: dict[str, tuple[Checked, ...]]) -> dict[str, tuple[Checked, ...]]:
    """Output prefix -> the points on H100 and later of each OP_GROUPS group's operation."""
    return {prefix: tuple(c for split in splits for c in parts[split]
                          if c.era == "hopper+" and c.point.series.op == op)
            for prefix, _, splits, op in OP_GROUPS}


def _era_row(group: str, era: str, cs: tuple[Checked, ...]) -> tuple[str, str, int, int, float, float, float,
                                                                     float, float]:
    s = summary(scored(cs))
    return (group, era, s.count, s.in_target, round(s.max_large_pct, 1), round(s.max_mid_pct, 1),
            round(s.small_min_ratio, 2), round(s.small_max_ratio, 2), round(s.geomean_pct, 1))


def _values(parts: dict[str, tuple[Checked, ...]],
            eras: dict[str, tuple[str, str, tuple[Checked, ...]]]) -> dict[str, float | int | str | bool]:
    megatron = [float(row[3]) for row in megatron_rows(DEFAULT_EFFICIENCY, 0.0)]
    tp_low, tp_high = one_server_tp_errors(parts)
    inside, points = within_stated(parts)
    values: dict[str, float | int | str | bool] = {
        "within_stated_count": inside, "within_stated_pct": 100 * inside / points,
        "one_server_tp_min_pct": tp_low, "one_server_tp_max_pct": tp_high,
        "point_count": sum(len(cs) for cs in parts.values()), "source_count": len(sources()),
        "held_out_supported_geomean_pct": summary(supported(parts["held-out"])).geomean_pct,
        "harness_launch_us": fitted.HARNESS_LAUNCH_US, "harness_p2p_us": fitted.HARNESS_P2P_US,
        "megatron_min_error_pct": min(megatron), "megatron_max_error_pct": max(megatron),
        "megatron_mean_abs_error_pct": sum(abs(e) for e in megatron) / len(megatron),
    }
    for split, prefix, _ in PARTS:
        values.update(_part_values(prefix, parts[split]))
    for prefix, (_, _, cs) in eras.items():
        values.update(_part_values(prefix, cs))
    for prefix, cs in _hopper_ops(parts).items():
        values.update(_part_values(prefix, cs))
    for split, opening in OPENINGS.items():
        prefix = split.replace("-", "_").replace(" ", "_")
        values.update({f"{prefix}_opening_{k}": v for k, v in vars(opening).items() if k != "commit"})
    return values


def _constant_rows() -> tuple[tuple[str, str, float, float, float], ...]:
    """Each fitted constant (per network or era where it has several), its value and its pinned range
    (fitted.PINNED: how far it moves alone before the calibration objective rises by 1 %)."""
    rows = []
    for name, ranges in fitted.PINNED.items():
        value = getattr(fitted, name)
        pairs = list(ranges.items()) if isinstance(ranges, dict) else [("", ranges)]
        for key, (low, high) in pairs:
            fitted_value: float = value[key] if key else value
            rows.append((name, key, float(fitted_value), low, high))
    return tuple(rows)


POINT_COLUMNS = (Column("series", "Run", names=True), Column("split", "Part"), Column("op", "Operation", names=True),
                 Column("size", "Size", "B"), Column("measured", "Measured"), Column("model", "Model"),
                 Column("error_pct", "Error", "%"), Column("choice", "Model's algorithm/protocol", names=True),
                 Column("in_target", "In target"), Column("source", "Source", names=True))


@calculator(
    name="accuracy",
    title="The collectives model against published nccl-tests runs",
    summary="Every published point, calibration and every held-out part, with the model's figure and "
            "error; errors per part, era and run; the step model against Megatron-LM (one run's curves: "
            "accuracy_run).",
    params=(),
    outputs=(
        Scalar("point_count", "Published points", ""),
        Scalar("source_count", "Independent sources", ""),
        *(s for _, prefix, name in PARTS for s in _part_scalars(prefix, name.capitalize())),
        *(s for split in OPENINGS for s in _opening_scalars(split)),
        Scalar("within_stated_count", "Points within the error the site states at their size", "",
               "Over every published point; the stated error is a typical error (a geometric mean), not a bound."),
        Scalar("within_stated_pct", "Share of points within the error the site states at their size", "%"),
        Scalar("harness_launch_us", "nccl-tests -g floor: CPU time per kernel launch (fitted)", "µs"),
        Scalar("harness_p2p_us", "nccl-tests -g floor: CPU time per grouped send or receive (fitted)", "µs"),
        Scalar("held_out_supported_geomean_pct", "Held-out without the known misses, ≥ 1 MiB: geometric-mean error",
               "%"),
        Scalar("one_server_tp_min_pct", "Held-out one-server AllReduce, 16 to 128 MiB: smallest error", "%",
               "Model/measured bus bandwidth − 1: how much longer the measured time is than the model's.", digits=2),
        Scalar("one_server_tp_max_pct", "Held-out one-server AllReduce, 16 to 128 MiB: largest error", "%",
               "Model/measured bus bandwidth − 1: how much longer the measured time is than the model's.", digits=2),
        Scalar("megatron_min_error_pct", "Step model against Megatron-LM: lowest error", "%"),
        Scalar("megatron_max_error_pct", "Step model against Megatron-LM: highest error", "%"),
        Scalar("megatron_mean_abs_error_pct", "Step model against Megatron-LM: mean absolute error", "%"),
        Table("summary", "Errors by part",
              (Column("part", "Part"), Column("points", "Points"), Column("left_out", "Left out (sweep anomalies)"),
               Column("sources", "Sources"),
               Column("in_target", "In target"), Column("large", "≥ 1 GiB: largest error", "%"),
               Column("mid", "1 MiB–1 GiB: largest error", "%"), Column("small_min", "< 1 MiB: lowest ratio"),
               Column("small_max", "< 1 MiB: highest ratio"), Column("geomean", "≥ 1 MiB: geomean error", "%"))),
        *(s for prefix, group, _, _, era, _ in _group_eras() for s in _part_scalars(prefix, f"{group.capitalize()}, {era}")),
        *(s for prefix, name, _, _ in OP_GROUPS for s in _part_scalars(prefix, name)),
        Table("eras", "Held-out errors by GPU era",
              (Column("group", "Parts"), Column("era", "GPU generation"), Column("points", "Points scored"),
               Column("in_target", "In target"), Column("large", "≥ 1 GiB: largest error", "%"),
               Column("mid", "1 MiB–1 GiB: largest error", "%"), Column("small_min", "< 1 MiB: lowest ratio"),
               Column("small_max", "< 1 MiB: highest ratio"), Column("geomean", "≥ 1 MiB: geomean error", "%"))),
        Table("runs", "Errors by published run",
              (Column("series", "Run", names=True), Column("split", "Part"), Column("points", "Points"),
               Column("in_target", "In target"), Column("small", "< 1 MiB: model/measured time"),
               Column("mid", "1 MiB–1 GiB: model/measured busbw"), Column("large", "≥ 1 GiB: model/measured busbw"),
               Column("source", "Source", names=True)), folded=True),
        *(Table(prefix, f"{split.capitalize()} points", POINT_COLUMNS, folded=True)
          for split, prefix, _ in PARTS if split in TABLED),
        Table("constants", "How firmly the calibration pins each fitted constant",
              (Column("constant", "Constant", names=True), Column("key", "Network or era", names=True),
               Column("value", "Fitted value"), Column("low", "Low end (1 % worse fit)"),
               Column("high", "High end (1 % worse fit)"))),
    ),
    sources=(*sources(), NARAYANAN, ASTRA_SIM, NCCL_TESTS_LOOP),
)
def accuracy() -> Outcome:
    return _outcome()


@functools.cache
def _outcome() -> Outcome:
    """The comparison has no inputs: compute it once per process (a page shows it once; the fit script uses
    ``checked``, which is never cached)."""
    parts = {split: checked(split) for split, _, _ in PARTS}
    eras = _by_era(parts)
    return Outcome(
        values=_values(parts, eras),
        tables={"summary": tuple(_summary_row(name, parts[split]) for split, _, name in PARTS),
                "eras": tuple(_era_row(group, era, cs) for group, era, cs in eras.values()),
                "runs": _run_rows(parts), "constants": _constant_rows(),
                **{prefix: tuple(_row(c) for c in parts[split]) for split, prefix, _ in PARTS if split in TABLED}},
    )
