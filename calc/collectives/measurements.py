"""Published nccl-tests measurements: the data the collectives model is fitted to and judged against.

Every series is one published run of nccl-tests, copied as printed (the
out-of-place ``time`` in µs and ``busbw`` in GB/s), with the page it comes
from. Nothing is adjusted, and no point is ever moved between the two parts:

* ``calibration``: what ``tools/fit_collectives.py`` fits the model's
  constants to;
* ``held-out``: kept out of the fit, by source, to say how far off the model
  is on systems it has not seen. The split was fixed before the first fit.
  These points have since been *seen*: the RoCE step latency, GCP's TCPXO
  NCCL environment and NCCL's tree pipeline were added to the model after
  their errors were known, so they no longer test the model blind.
* ``held-out v2``: sources found after that, their split recorded here and
  committed before the model was ever run on them (never fitted, never used
  to change the model). The model has since been run on them (seen).
* ``held-out v3``: sources found for issue 12's mid- and small-size work,
  committed before the model was run on them and before that work changed
  the model (never fitted, never used to change it). The model has since been
  run on them (seen).
* ``held-out v4`` and the calibration sources added with it: sources found
  after v3 was seen. Their split follows a rule fixed and committed before
  any of them was collected: in each stratum (one server; several servers),
  the sources are sorted by the SHA-256 of their key and alternate between
  calibration (first, third, ...) and held-out v4 (second, fourth, ...). The
  split was committed before the model was run on them (:func:`v4_split`).

A series names the system preset, the transport (``network``), the GPUs, the
GPUs per node and each GPU's share of the NICs (GB/s per direction) as the
source describes them. The accuracy calculator and the expected-error figure
of every collective result are computed from this list by the engine, which
is why it ships with it (a few kilobytes).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from calc.sources import Source, cite

__all__ = ["Series", "Point", "SERIES", "POINTS", "SPLITS", "sources", "v4_split"]

SPLITS = ("calibration", "held-out", "held-out v2", "held-out v3")
MIB, GIB = 1024**2, 1024**3


def v4_split(keys_by_stratum: dict[str, list[str]]) -> dict[str, str]:
    """The pre-registered split of the v4 sources (module docstring): per stratum, sorted by SHA-256 of the key,
    calibration first, then held-out v4, alternating."""
    split = {}
    for keys in keys_by_stratum.values():
        ordered = sorted(keys, key=lambda k: hashlib.sha256(k.encode()).hexdigest())
        split.update({k: ("calibration" if i % 2 == 0 else "held-out v4") for i, k in enumerate(ordered)})
    return split


def _thread(key: str, title: str, year: int, url: str) -> Source:
    return cite(key, title, "GitHub thread with nccl-tests output", year, url)


def _file(key: str, title: str, year: int, url: str) -> Source:
    return cite(key, title, "Public repository with nccl-tests output", year, url)


DSTACK_NEBIUS = _file(
    "dstack-nebius", "dstack examples/clusters/nebius: all_reduce_perf on 2 x 8 H100, Nebius InfiniBand", 2025,
    "https://github.com/dstackai/dstack/blob/107fefef52821c544abe1755d9379fe9ed54a96c/examples/clusters/nebius/README.md")
DSTACK_LAMBDA = _file(
    "dstack-lambda", "dstack examples/clusters/lambda: all_reduce_perf on 2 x 8 B200, Lambda 1-Click Cluster "
    "(InfiniBand)", 2025,
    "https://github.com/dstackai/dstack/blob/35a4914417bcd76b57a60e39ddcbc74530fd62a5/examples/clusters/lambda/README.md")
DSTACK_A4 = _file(
    "dstack-gcp-a4", "dstack examples/clusters/a4: all_reduce_perf on 2 x 8 B200, GCP A4, 8 ConnectX-7 RoCE", 2025,
    "https://github.com/dstackai/dstack/blob/30a0dd5671f6eb7a43ff1d0dac6e8f9de308635d/examples/clusters/a4/README.md")
DSTACK_A3MEGA = _file(
    "dstack-gcp-a3mega", "dstack examples/clusters/a3mega: all_gather_perf (nccl-tests.dstack.yml) on 2 x 8 H100, "
    "GCP A3 Mega, GPUDirect-TCPXO", 2025,
    "https://github.com/dstackai/dstack/blob/30a0dd5671f6eb7a43ff1d0dac6e8f9de308635d/examples/clusters/a3mega/README.md")
DSTACK_P6 = _thread(
    "dstack-3961", "dstack#3961: all_reduce_perf on 2 x p6-b200 (8 B200, EFA) instances", 2026,
    "https://github.com/dstackai/dstack/pull/3961")
A3MEGA_AR = _file(
    "a3mega-allreduce", "create-a3mega-ztan-fork: all_reduce_perf on 2 x 8 H100, GCP A3 Mega, GPUDirect-TCPXO", 2024,
    "https://github.com/lessizzmore/create-a3mega-ztan-fork/blob/02dd8f455c43ced1cf442ef29334bda97149264b/"
    "ztan-NCCL-test-result")
NEBIUS_H200 = _file(
    "ml-cookbook-runai", "ml-cookbook runai/README.md: all_reduce_perf 1-16 GiB on 2 x 8 H200, Nebius "
    "InfiniBand", 2025,
    "https://github.com/twinanda/ml-cookbook/blob/f9df2b271ffae74201c0793979832e799a5f3c48/runai/README.md")
OCI_A100 = _file(
    "oci-hpc-oke", "oci-hpc-oke README: all_reduce_perf on 2 x 8 A100-SXM4-40GB, OCI RoCE cluster network", 2024,
    "https://github.com/oracle-quickstart/oci-hpc-oke/blob/001cbb9b5ee7cdd5aff4b37c6b1448618107e55f/README.md")
EFA_P4DN = _thread(
    "nccl-527", "nccl#527: all_reduce_perf 1 GiB on 1-4 p4dn.24xlarge (8 A100, 4 x 100G EFA)", 2022,
    "https://github.com/NVIDIA/nccl/issues/527")
H100_A2A = _thread(
    "nccl-2169", "nccl#2169: alltoall_perf 500 MB on 4 H100 in one node", 2025,
    "https://github.com/NVIDIA/nccl/issues/2169")
S175 = _thread("nccl-tests-175", "nccl-tests#175: Two A100 nodes cannot reach ideal all-reduce performance "
               "(single node: 232.54 GB/s)", 2023, "https://github.com/NVIDIA/nccl-tests/issues/175")
S347 = _thread("nccl-tests-347", "nccl-tests#347: Multi-node NCCL performance drop (8x H100 single node, "
               "8 GiB: 479.41 GB/s)", 2025, "https://github.com/NVIDIA/nccl-tests/issues/347")
S212 = cite("nccl-nvls-h100", "nccl-tests issue 212: H100 AllReduce with NVLink SHARP reaches ~480 GB/s busbw, "
            "ring ~370 GB/s (maintainer answer)", "NVIDIA, github.com/NVIDIA/nccl-tests", 2024,
            "https://github.com/NVIDIA/nccl-tests/issues/212")
S272 = _thread("nccl-tests-272", "nccl-tests#272: [H200] all-reduce peak 475 GB/s on 8x H200", 2024,
               "https://github.com/NVIDIA/nccl-tests/issues/272")
S1807 = _thread("nccl-1807", "nccl#1807: 8x B200 single machine all_reduce_perf 'Ours is 830+'", 2025,
                "https://github.com/NVIDIA/nccl/issues/1807")
SCW43 = _thread("coreweave-nccl-tests-43", "coreweave/nccl-tests#43: GB200 NVL72 full-rack all_reduce_perf "
                "(1 GiB 681, 2 GiB 758, 4 GiB 839, 8 GiB 835 GB/s)", 2025,
                "https://github.com/coreweave/nccl-tests/pull/43")
S309 = _thread("nccl-tests-309", "nccl-tests#309: HGX H100 hosts with 8x 400G: 2 nodes 470 GB/s, 4 nodes "
               "365.84 GB/s", 2025, "https://github.com/NVIDIA/nccl-tests/issues/309")
S119 = cite("nccl-tests-issue-119", "nccl-tests issue 119: 3 nodes x 8 A100 with 4x HDR per node reach ~96 GB/s; "
            "'We usually consider 24GB/s is the peak performance per 200G NIC' (maintainer answer)",
            "NVIDIA, github.com/NVIDIA/nccl-tests", 2022, "https://github.com/NVIDIA/nccl-tests/issues/119")
S303 = _thread("deepep-303", "DeepEP#303: 8x H20 (NVLink 4) all_reduce_perf and alltoall_perf, 4 B to 4 KiB", 2025,
               "https://github.com/deepseek-ai/DeepEP/issues/303")
S1801 = _thread("nccl-1801", "nccl#1801: GB200, three NVL partitions joined over InfiniBand, NVLS disabled, "
                "ring by default: 12 GPUs 196.72 GB/s, 24 GPUs 393.66 GB/s at 16 GiB", 2025,
                "https://github.com/NVIDIA/nccl/issues/1801")
S1244 = _thread("nccl-1244", "nccl#1244: 2 nodes x 8 H20 with NCCL_ALGO=NVLSTree, 8 B in 47.6 µs", 2024,
                "https://github.com/NVIDIA/nccl/issues/1244")

# --- held-out v2 sources (split recorded before any run of the model on them) -----------------------
MGCAFE_TCPXO = _file(
    "mgcafe-a3mega-tcpxo", "TCPXO-Enabled-A3-Mega-H100-Benchmarks docs/benchmark-report.md: all_gather_perf on "
    "2 x 8 H100 Mega, GCP A3 Mega, GPUDirect-TCPXO (NCCL 2.28.7, GCP's nccl-test-latest.yaml); all_reduce_perf "
    "on one node of 8", 2026,
    "https://github.com/MG-Cafe/TCPXO-Enabled-A3-Mega-H100-Benchmarks/blob/"
    "326d6034988ecccf2f7b9ca6fe6f6ca08fe08242/docs/benchmark-report.md")
S1047 = _thread("nccl-1047", "nccl#1047: reduce_scatter_perf on one H100 server (8 GPUs), ring, 128 MiB to 8 GiB",
                2023, "https://github.com/NVIDIA/nccl/issues/1047")

# --- held-out v3 sources (split recorded and committed before any run of the model on them) ----------
AWS_P5_EFA = _file(
    "aws-gpu-comm-bench-p5", "aws-gpu-communication-benchmark data/nccl_all_reduce.csv, nccl_all_gather.csv: "
    "all_reduce_perf and all_gather_perf 32 MiB to 8 GiB on 2 to 32 x p5.48xlarge (8 H100, 32 x 100G EFA), "
    "NCCL 2.28.7, aws-ofi-nccl 1.16.3 with its tuner plugin", 2025,
    "https://github.com/crazyguitar/aws-gpu-communication-benchmark/tree/fd167f97ab85009ff342f91e7117a80fd3741f39/data")
AZURE_H100 = _file(
    "azure-nd-h100-v5", "Azure AI-benchmarking-guide ND_H100_v5_results.md: all_reduce_perf 1 KiB to 8 GiB on "
    "one ND H100 v5 (8 H100), NCCL_ALGO=NVLS, in-place busbw, NCCL 2.18.5", 2024,
    "https://github.com/Azure/AI-benchmarking-guide/blob/ae0b6a7f47caee92985aafc546faf30e9d4a3ca7/"
    "Azure_Results/ND_H100_v5_results.md")
AZURE_H200 = _file(
    "azure-nd-h200-v5", "Azure AI-benchmarking-guide ND_H200_v5_results.md: all_reduce_perf 1 KiB to 8 GiB on "
    "one ND H200 v5 (8 H200), NCCL_ALGO=NVLS, in-place busbw, NCCL 2.20.5", 2024,
    "https://github.com/Azure/AI-benchmarking-guide/blob/7f20e5fa3b2f9a46d8404af1f6fb14b049d6d5cc/"
    "Azure_Results/ND_H200_v5_results.md")
AZURE_GB200 = _file(
    "azure-nd-gb200-v6", "Azure AI-benchmarking-guide ND_GB200_v6_results.md: all_reduce_perf 1 KiB to 8 GiB on "
    "one ND GB200 v6 host (4 GB200), NCCL_ALGO=Ring, in-place busbw, NCCL 2.25.1", 2025,
    "https://github.com/Azure/AI-benchmarking-guide/blob/2a370be6de9586d365feed77e014a73f25198f4d/"
    "Azure_Results/ND_GB200_v6_results.md")
# The Azure guide runs ``NCCL_ALGO=<algo> all_reduce_perf -b 8 -e 8G -f 2 -g 8 -n 40`` (one process, 8 GPUs)
# and prints the in-place busbw (Benchmarks/NCCLBandwidth.py at 5751982); its size labels (1K, 65K, 132K, 33M,
# ...) are the powers of two of that sweep. Its A100 page is not used: it names NVLS, which A100 has not.
_AZURE_SIZES = tuple(2**k for k in range(10, 34))


def _azure(busbw: tuple[float, ...]) -> tuple[Row, ...]:
    assert len(busbw) == len(_AZURE_SIZES)
    return tuple((size, None, bw) for size, bw in zip(_AZURE_SIZES, busbw))


def _mib(rows: tuple[tuple[int, float], ...]) -> tuple[Row, ...]:
    """Rows printed as (size in MiB, out-of-place busbw)."""
    return tuple((mib * MIB, None, bw) for mib, bw in rows)


Row = tuple[int, float | None, float | None]  # (bytes, time_us or None, busbw_GBps or None), as published


@dataclass(frozen=True)
class Series:
    """One published run: the hardware as the source describes it and its rows."""

    label: str
    source: Source
    split: str
    system: str
    network: str
    gpus: int
    gpus_per_node: int
    nic_GBps: float
    op: str
    rows: tuple[Row, ...]
    algorithm: str = "auto"
    note: str = ""

    @property
    def params(self) -> dict[str, str | int | float]:
        """Inputs of the ``collective`` calculator for this run (message size apart)."""
        return {"system": self.system, "network": self.network, "gpus": self.gpus,
                "gpus_per_domain": self.gpus_per_node, "scaleout_GBps": self.nic_GBps, "op": self.op,
                "algorithm": self.algorithm}


@dataclass(frozen=True)
class Point:
    """One published figure of a series."""

    series: Series
    size: int
    time_us: float | None
    busbw_GBps: float | None


def _s(label: str, source: Source, split: str, system: str, network: str, gpus: int, nic: float, op: str,
       rows: tuple[Row, ...], per_node: int = 8, algorithm: str = "auto", note: str = "") -> Series:
    return Series(label, source, split, system, network, gpus, per_node, nic, op, rows, algorithm, note)


SERIES: tuple[Series, ...] = (
    # --- calibration -------------------------------------------------------------------------------
    _s("H100 2x8, InfiniBand (dstack/Nebius)", DSTACK_NEBIUS, "calibration", "dgx_h100", "infiniband", 16, 50.0,
       "allreduce", (
           (1024, 31.36, 0.06), (4096, 36.04, 0.21), (65536, 37.85, 3.25), (131072, 43.10, 5.70),
           (262144, 58.59, 8.39), (524288, 97.88, 10.04), (1048576, 87.08, 22.58), (2097152, 99.06, 39.69),
           (4194304, 110.14, 71.40), (8388608, 154.48, 101.82), (16777216, 210.33, 149.56),
           (33554432, 274.23, 229.43), (67108864, 472.43, 266.35), (134217728, 759.58, 331.31),
           (268435456, 1305.66, 385.49), (536870912, 2379.38, 423.06), (1073741824, 4511.97, 446.21),
           (2147483648, 8776.26, 458.80), (4294967296, 17407.8, 462.61), (8589934592, 34448.4, 467.54))),
    _s("B200 2x8, InfiniBand (dstack/Lambda)", DSTACK_LAMBDA, "calibration", "dgx_b200", "infiniband", 16, 50.0,
       "allreduce", (
           (4096, 40.08, 0.19), (65536, 44.59, 2.76), (131072, 47.44, 5.18), (262144, 66.68, 7.37),
           (524288, 240.71, 4.08), (1048576, 115.58, 17.01), (2097152, 114.44, 34.36), (4194304, 118.25, 66.50),
           (8388608, 141.39, 111.24), (16777216, 186.86, 168.34), (33554432, 255.79, 245.96),
           (67108864, 350.41, 359.09), (134217728, 596.75, 421.72), (268435456, 934.67, 538.50),
           (536870912, 1625.63, 619.23), (1073741824, 2972.25, 677.35), (2147483648, 5784.75, 696.06))),
    _s("B200 2x8, RoCE (dstack/GCP A4)", DSTACK_A4, "calibration", "dgx_b200", "roce", 16, 50.0, "allreduce", (
        (8388608, 156.9, 100.25), (16777216, 196.3, 160.29), (33554432, 258.5, 243.42),
        (67108864, 369.4, 340.67), (134217728, 638.5, 394.17), (268435456, 940.3, 535.29),
        (536870912, 1695.2, 593.81), (1073741824, 3229.9, 623.33), (2147483648, 6107.7, 659.26),
        (4294967296, 11952.0, 673.79), (8589934592, 23563.0, 683.52))),
    _s("H100 2x8 AllGather, TCPXO (dstack/GCP A3 Mega)", DSTACK_A3MEGA, "calibration", "dgx_h100", "tcpxo", 16,
       25.0, "allgather", (
           (8388608, 166.6, 47.19), (16777216, 204.6, 76.89), (33554432, 284.0, 110.78),
           (67108864, 447.4, 140.62), (134217728, 808.3, 155.67), (268435456, 1522.1, 165.34),
           (536870912, 2892.3, 174.02), (1073741824, 5532.7, 181.94), (2147483648, 10863.0, 185.34),
           (4294967296, 21481.0, 187.45), (8589934592, 42713.0, 188.54))),
    _s("B200 2x8, EFA (dstack#3961, p6-b200)", DSTACK_P6, "calibration", "dgx_b200", "efa", 16, 50.0, "allreduce", (
        (16, 54.55, 0.0), (64, 55.60, 0.0), (256, 57.14, 0.01))),
    _s("A100 2x8, EFA (nccl#527, p4dn)", EFA_P4DN, "calibration", "dgx_a100", "efa", 16, 6.25, "allreduce",
       ((GIB, 35215.0, 57.17),), note="NCCL 2.9.9, 2 nodes"),
    _s("A100 3x8, EFA (nccl#527, p4dn)", EFA_P4DN, "calibration", "dgx_a100", "efa", 24, 6.25, "allreduce",
       ((GIB, 64782.0, 31.77),), note="NCCL 2.9.9, 3 nodes"),
    _s("A100 4x8, EFA (nccl#527, p4dn)", EFA_P4DN, "calibration", "dgx_a100", "efa", 32, 6.25, "allreduce",
       ((GIB, 70253.0, 29.61),), note="NCCL 2.9.9, 4 nodes"),
    _s("A100 1x8 (nccl#527, p4dn)", EFA_P4DN, "calibration", "dgx_a100", "efa", 8, 6.25, "allreduce",
       ((GIB, 8142.6, 230.77),), note="NCCL 2.9.9, one node"),
    _s("H20 1x8 AllReduce (DeepEP#303)", S303, "calibration", "dgx_h100", "infiniband", 8, 50.0, "allreduce", (
        (4, 12.49, 0.0), (1024, 16.38, 0.11), (4096, 16.69, 0.43))),
    _s("H20 1x8 AllToAll (DeepEP#303)", S303, "calibration", "dgx_h100", "infiniband", 8, 50.0, "alltoall", (
        (128, 10.59, 0.01), (1024, 10.80, 0.08), (4096, 11.13, 0.32))),
    _s("A100 1x8 (nccl-tests#175)", S175, "calibration", "dgx_a100", "infiniband", 8, 25.0, "allreduce",
       ((4 * GIB, None, 232.54),)),
    _s("H100 1x8 (nccl-tests#347)", S347, "calibration", "dgx_h100", "infiniband", 8, 50.0, "allreduce",
       ((8 * GIB, None, 479.41),)),
    _s("H100 1x8 ring (nccl-tests#212)", S212, "calibration", "dgx_h100", "infiniband", 8, 50.0, "allreduce",
       ((8 * GIB, None, 370.0),), algorithm="ring", note="'~370 GB/s' with NCCL_ALGO=RING"),
    _s("H100 1x8 AllGather (nccl-tests#212)", S212, "calibration", "dgx_h100", "infiniband", 8, 50.0, "allgather",
       ((8 * GIB, None, 370.0),), note="'~370 GB/s' for non-allreduce operations"),
    _s("H200 1x8 (nccl-tests#272)", S272, "calibration", "hgx_h200", "infiniband", 8, 50.0, "allreduce",
       ((4 * GIB, None, 475.0),)),
    _s("B200 1x8 (nccl#1807)", S1807, "calibration", "dgx_b200", "infiniband", 8, 50.0, "allreduce",
       ((8 * GIB, None, 830.0),)),
    _s("A100 3x8, 4 HDR per node (nccl-tests#119)", S119, "calibration", "dgx_a100", "infiniband", 24, 12.5,
       "allreduce", ((133169160, None, 96.0),)),
    _s("GB200 3x4 ring (nccl#1801)", S1801, "calibration", "gb200_nvl72", "infiniband", 12, 50.0, "allreduce",
       ((16 * GIB, None, 196.72),), per_node=4, algorithm="ring"),
    _s("GB200 3x8 ring (nccl#1801)", S1801, "calibration", "gb200_nvl72", "infiniband", 24, 50.0, "allreduce",
       ((16 * GIB, None, 393.66),), algorithm="ring"),
    # --- held-out ----------------------------------------------------------------------------------
    _s("H100 2x8, TCPXO (GCP A3 Mega)", A3MEGA_AR, "held-out", "dgx_h100", "tcpxo", 16, 25.0, "allreduce", (
        (8, 135.8, 0.0), (4096, 126.9, 0.06), (65536, 159.4, 0.77), (131072, 159.3, 1.54),
        (262144, 167.1, 2.94), (524288, 174.2, 5.64), (1048576, 203.2, 9.68), (2097152, 254.0, 15.48),
        (4194304, 364.6, 21.57), (8388608, 571.9, 27.50), (16777216, 977.6, 32.18), (33554432, 1059.9, 59.36),
        (67108864, 1261.6, 99.74), (134217728, 1652.2, 152.32), (268435456, 2360.9, 213.19),
        (536870912, 3817.5, 263.69), (1073741824, 6759.0, 297.86), (2147483648, 12646.0, 318.40),
        (4294967296, 24361.0, 330.58), (8589934592, 47535.0, 338.82))),
    _s("A100 2x8, RoCE (OCI)", OCI_A100, "held-out", "dgx_a100", "roce", 16, 25.0, "allreduce", (
        (8, 36.47, 0.0), (4096, 44.54, 0.17), (65536, 51.69, 2.38), (131072, 54.86, 4.48), (262144, 67.95, 7.23),
        (524288, 73.94, 13.29), (1048576, 85.58, 22.97), (2097152, 99.19, 39.64), (4194304, 127.0, 61.93),
        (8388608, 174.3, 90.25), (16777216, 282.7, 111.29), (33554432, 452.3, 139.08),
        (67108864, 821.7, 153.13), (134217728, 1542.0, 163.20), (268435456, 3042.7, 165.42),
        (536870912, 6436.0, 156.41), (1073741824, 9187.8, 219.12), (2147483648, 18289.0, 220.16),
        (4294967296, 34176.0, 235.63), (8589934592, 67689.0, 237.94))),
    _s("H200 2x8, InfiniBand (Nebius)", NEBIUS_H200, "held-out", "hgx_h200", "infiniband", 16, 50.0, "allreduce", (
        (GIB, 4508.0, 446.60), (2 * GIB, 8680.6, 463.85), (4 * GIB, 17054.0, 472.21), (8 * GIB, 34104.0, 472.26),
        (16 * GIB, 67369.0, 478.15))),
    _s("H100 2x8, InfiniBand (nccl-tests#309)", S309, "held-out", "dgx_h100", "infiniband", 16, 50.0, "allreduce",
       ((16 * GIB, None, 470.0),)),
    _s("H100 4x8, InfiniBand (nccl-tests#309)", S309, "held-out", "dgx_h100", "infiniband", 32, 50.0, "allreduce",
       ((16 * GIB, None, 365.84),)),
    _s("GB200 NVL72, one rack (coreweave#43)", SCW43, "held-out", "gb200_nvl72", "infiniband", 72, 50.0,
       "allreduce", ((GIB, None, 681.17), (2 * GIB, None, 757.78), (4 * GIB, None, 839.16),
                     (8 * GIB, None, 834.57)), per_node=72),
    _s("H100 1x4 AllToAll (nccl#2169)", H100_A2A, "held-out", "dgx_h100", "infiniband", 4, 50.0, "alltoall",
       ((524288000, 1174.14, 334.90),)),
    _s("H20 2x8, NVLSTree forced (nccl#1244)", S1244, "held-out", "dgx_h100", "infiniband", 16, 50.0,
       "allreduce", ((8, 47.6, None),), algorithm="nvls_tree", note="transport not stated; modelled as InfiniBand"),
    # --- held-out v2 (split recorded and committed before the model was run on these points) -------------
    _s("H100 2x8 AllGather, TCPXO (MG-Cafe, A3 Mega)", MGCAFE_TCPXO, "held-out v2", "dgx_h100", "tcpxo", 16, 25.0,
       "allgather", (
           (65536, 110.00, 0.56), (524288, 141.74, 3.47), (1048576, 145.37, 6.76), (4194304, 156.10, 25.19),
           (16777216, 215.98, 72.83), (67108864, 449.45, 139.98), (134217728, 796.94, 157.89),
           (268435456, 1504.90, 167.23), (536870912, 2905.13, 173.25), (GIB, 5496.77, 183.13),
           (2 * GIB, 10846.0, 185.62), (4 * GIB, 21444.5, 187.76), (8 * GIB, 42649.6, 188.82)),
       note="NCCL 2.28.7, FasTrak plugin v1.0.15; sizes printed as 64KB ... 8GB (powers of two)"),
    _s("H100 1x8 AllReduce (MG-Cafe, A3 Mega)", MGCAFE_TCPXO, "held-out v2", "dgx_h100", "infiniband", 8, 25.0,
       "allreduce", (
           (65536, 35.25, 3.25), (1048576, 39.07, 46.96), (16777216, 126.51, 232.08),
           (134217728, 592.23, 396.60), (536870912, 2163.30, 434.30), (GIB, 4030.04, 466.26),
           (2 * GIB, 7972.23, 471.40)),
       note="one node, NVLink only (the network does not enter); all_reduce_perf -g 8"),
    _s("H100 1x8 ReduceScatter, ring (nccl#1047)", S1047, "held-out v2", "dgx_h100", "infiniband", 8, 50.0,
       "reducescatter", (
           (134217728, 377.2, 311.34), (268435456, 709.7, 330.94), (536870912, 1377.8, 340.94),
           (GIB, 2689.3, 349.36), (2 * GIB, 5295.9, 354.81), (4 * GIB, 10505.0, 357.76),
           (8 * GIB, 20754.0, 362.16)),
       algorithm="ring", note="'Reducescatter (H100: ring)'; one node, NVLink only"),
    # --- held-out v3 (split recorded and committed before the model was run on these points) ---------------
    _s("H100 2x8, EFA (p5.48xlarge, aws-gpu-comm-bench)", AWS_P5_EFA, "held-out v3", "dgx_h100", "efa", 16, 50.0,
       "allreduce", _mib((
           (32, 147.32), (64, 207.00), (128, 305.13), (256, 364.46), (512, 395.99), (1024, 435.14),
           (2048, 445.05), (4096, 465.81), (8192, 477.71))),
       note="NCCL 2.28.7 with the aws-ofi-nccl 1.16.3 tuner plugin, NCCL_BUFFSIZE=8 MiB; out-of-place busbw"),
    _s("H100 4x8, EFA (p5.48xlarge, aws-gpu-comm-bench)", AWS_P5_EFA, "held-out v3", "dgx_h100", "efa", 32, 50.0,
       "allreduce", _mib((
           (32, 95.38), (64, 152.41), (128, 229.48), (256, 273.34), (512, 278.41), (1024, 280.30),
           (2048, 347.57), (4096, 354.45), (8192, 356.99))),
       note="NCCL 2.28.7 with the aws-ofi-nccl 1.16.3 tuner plugin, NCCL_BUFFSIZE=8 MiB; out-of-place busbw"),
    _s("H100 2x8 AllGather, EFA (p5.48xlarge, aws-gpu-comm-bench)", AWS_P5_EFA, "held-out v3", "dgx_h100", "efa", 16,
       50.0, "allgather", _mib((
           (32, 131.30), (64, 200.43), (128, 234.54), (256, 215.58), (512, 275.52), (1024, 322.00),
           (2048, 328.58))),
       note="NCCL 2.28.7 with the aws-ofi-nccl 1.16.3 tuner plugin, NCCL_BUFFSIZE=8 MiB; out-of-place busbw"),
    _s("H100 1x8 NVLS (Azure ND H100 v5)", AZURE_H100, "held-out v3", "dgx_h100", "infiniband", 8, 50.0,
       "allreduce", _azure((
           0.07, 0.14, 0.27, 0.53, 0.95, 1.71, 2.72, 5.40, 10.86, 21.35, 43.70, 81.93, 128.73, 172.13, 234.45,
           295.53, 361.78, 400.61, 423.38, 438.46, 466.35, 472.36, 475.54, 478.87)),
       algorithm="nvls", note="one node, NVLink only; NCCL_ALGO=NVLS, all_reduce_perf -g 8; in-place busbw"),
    _s("H200 1x8 NVLS (Azure ND H200 v5)", AZURE_H200, "held-out v3", "hgx_h200", "infiniband", 8, 50.0,
       "allreduce", _azure((
           0.06, 0.12, 0.23, 0.47, 0.93, 1.84, 3.72, 7.39, 14.75, 29.38, 52.96, 88.78, 138.44, 181.94, 240.41,
           300.91, 368.11, 412.45, 432.24, 442.72, 467.58, 472.57, 477.41, 479.98)),
       algorithm="nvls", note="one node, NVLink only; NCCL_ALGO=NVLS, all_reduce_perf -g 8; in-place busbw"),
    _s("GB200 1x4 ring (Azure ND GB200 v6)", AZURE_GB200, "held-out v3", "gb200_nvl72", "infiniband", 4, 50.0,
       "allreduce", _azure((
           0.10, 0.19, 0.38, 0.76, 1.46, 2.88, 5.71, 11.29, 22.41, 44.07, 80.48, 110.43, 146.27, 253.46, 331.09,
           422.62, 550.73, 574.19, 593.53, 618.74, 646.87, 666.63, 673.06, 679.61)),
       per_node=4, algorithm="ring",
       note="one host of 4 GPUs, NVLink only; NCCL_ALGO=Ring, all_reduce_perf -g 4; in-place busbw"),
)

POINTS: tuple[Point, ...] = tuple(Point(s, size, t, bw) for s in SERIES for size, t, bw in s.rows)


def sources() -> tuple[Source, ...]:
    """Every source of the data set, once, in order of first appearance."""
    seen: dict[str, Source] = {}
    for s in SERIES:
        seen.setdefault(s.source.key, s.source)
    return tuple(seen.values())
