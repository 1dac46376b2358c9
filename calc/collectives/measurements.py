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
  A v4 source is one repository, its key the repository's name
  (``V4_REPOSITORIES``); its files are cited one by one. Which runs enter
  was fixed from the sources alone, before any run of the model on them: a
  run needs a permanent address (a commit), a transport the model has
  (GPUDirect-TCPX, the first generation, is not TCPXO), NICs the source or
  its instance type states, and data that show it ran as configured (google/
  dranet's B200 AllGather is left out: 280 µs at 1 KiB, five times every
  other two-server RDMA run, and 2 MiB slower than 4 and 8 MiB). Of several
  runs of one configuration and operation in one source, the first listed
  without a tuner plugin is taken. Within a run, a point slower than 1.25
  times a larger size of the same run is an anomaly of the sweep (a
  collective cannot take longer for fewer bytes): the fit and the v4 errors
  leave it out, and the accuracy page lists it
  (:func:`calc.collectives.calibration.sweep_anomalies`).
* ``held-out v5`` and the calibration sources added with it: sources found
  after v4 was seen, for a model changed after v4's opening. The rule below
  was fixed and committed before any of them was collected, and the model is
  run on held-out v5 once, in its own commit, after the model it judges is
  final (until then the fit script keeps the part sealed):

  - a source is a public GitHub repository (key ``owner/name``) or a GitHub
    issue or pull-request thread (key ``owner/name#number``), not cited by
    this module before v5 and not examined for v4 (google/dranet);
  - strata as v4 (one server; several servers; a source goes by the first
    run it gives); in each, the sources are sorted by the SHA-256 of their key
    and alternate between calibration (first, third, ...) and held-out v5
    (second, fourth, ...) (:func:`alternating_split`);
  - a run enters if it has a permanent address (a commit, or the thread), an
    NVIDIA GPU with NVLink and NVSwitch of a generation the model has (A100,
    H100, H200, H20, B200, GB200; no PCIe-only GPUs, no AMD), a transport
    the model has (InfiniBand, RoCE, EFA, TCPXO; NVLink only on one server),
    NICs the source or its instance type states, at least four sizes from
    1 MiB, and data that show it ran as configured (v4's wording); of several
    runs of one configuration and operation in one source, the first listed
    without a tuner plugin is taken, and a source gives at most six runs (the
    first six listed that enter);
  - the sweep-anomaly rule of v4 applies, unchanged.
* ``held-out v6``: sources found after v5 was seen, to judge the model of
  commit fcb37b9 as it is. The rule below was fixed and committed before any
  of them was collected; nothing changes the model's constants or figures
  between this rule and v6's opening, which runs it on the part once, in its
  own commit:

  - a source is as for v5 (a public GitHub repository or thread), not cited
    by this module before v6 and not examined for v4 or v5 (google/dranet,
    aws-ia/terraform-aws-eks-blueprints, NVIDIA/nccl-tests#333);
  - every source goes to held-out v6 (no calibration half: nothing is fitted
    to it);
  - a run enters by v5's rule, unchanged (permanent address, GPU, transport,
    NICs, at least four sizes from 1 MiB, ran as configured, the first run of
    a configuration and operation without a tuner plugin, at most six runs a
    source);
  - the sweep-anomaly rule of v4 applies, unchanged.

  Rows of 0 bytes, which time only a launch, are not taken (nor were they in
  earlier parts).
* ``held-out v7``: sources found after v6 was seen, to judge blind the model
  of commit 829c2ca (an AllToAll's peers at once, and the refit that came
  with it, both made after v6's opening). The rule below was fixed and
  committed before any of them was collected; nothing changes the model's
  constants or figures between this rule and v7's opening, which runs it on
  the part once, in its own commit:

  - a source is as for v5 (a public GitHub repository or thread), not cited
    by this module before v7 and not examined for v4, v5 or v6 (v6's
    collection examined and left out about a hundred more, listed in v7's
    commit message);
  - every source goes to held-out v7 (no calibration half);
  - a run enters by v5's rule, unchanged; the collection looks for AllToAll
    first (what the model changed), and takes every run that enters, of
    any operation;
  - the sweep-anomaly rule of v4 applies, unchanged.
* ``held-out v8``: sources found after v7 was seen, to judge blind the model
  that v7's misses called for, fixed here before any v8 source is collected:
  the model of commit 1dc084c with one change, an AllToAll inside one
  domain split over the channels NCCL gives each peer (src/enqueue.cc
  ``addP2pToPlan``: per peer ``min(nChannelsMin, ceil(bytes / minPartSize))``
  channels, doubled while a part exceeds ``maxPartSize``; src/graph/paths.cc
  ``ncclTopoComputeP2pChannels``), so each channel's chunk is the peer's
  bytes over its own channels rather than over all of them, and the refit
  of ``tools/fit_collectives.py`` on the calibration part that comes with
  it. Nothing else changes the model's constants or figures before v8's
  opening, which runs it on the part once, in its own commit; until then
  nobody runs the model on a v8 point:

  - a source is as for v5 (a public GitHub repository or thread), not cited
    by this module before v8 and not examined for v4 to v7 (v8's rule commit
    lists them);
  - every source goes to held-out v8 (no calibration half);
  - a run enters by v5's rule, unchanged, and every run that enters is
    taken, of any operation;
  - the sweep-anomaly rule of v4 applies, unchanged.
* ``held-out v9``: sources found after v8 was seen, to judge blind, as it
  is, the model of commit 59354e8 (whose constants and figures are those of
  6e4fc41, the model v8 judged: nothing changed them after v8's opening).
  The rule below was fixed and committed before any v9 source is collected;
  nothing changes the model's constants or figures between this rule and
  v9's opening, which runs it on the part once, in its own commit; until
  then nobody runs the model on a v9 point:

  - a source is as for v5 (a public GitHub repository or thread), not cited
    by this module before v9 and not examined for v4 to v8 (v9's rule commit
    lists them);
  - every source goes to held-out v9 (no calibration half);
  - a run enters by v5's rule, unchanged, and every run that enters is
    taken, of any operation;
  - the sweep-anomaly rule of v4 applies, unchanged.

  v9's collection (four helpers: exact-string, thread, code and repository
  searches of the index, 36 repositories fetched) found no run that enters:
  every table on a GPU and transport the model has traced back to a source
  cited or examined before, or failed the rule (``V9_LEFT_OUT``). The part
  has no run, so it is not opened and nothing judges the model of 59354e8
  blind; a source found another way may still enter it by its rule. A later
  change of the model needs a part of its own, with its own rule.
* ``held-out v10``: sources of another kind, to judge blind, as it is, the
  model of commit 7a09ff9 (the model v8 judged, with AWS's region tuner on
  EFA added after v8's opening). The GitHub repositories and threads of the
  index were exhausted by v9, so v10 looks where no earlier part looked:
  stored public web pages (blog posts, tutorials, vendors' manuals and
  documentation pages, question-and-answer threads). The rule below was fixed
  and committed before any v10 source is collected; nothing changes the
  model's constants or figures between this rule and v10's opening, which runs
  it on the part once, in its own commit; until then nobody runs the model on
  a v10 point:

  - a source is one stored public web page (key: its address without the
    scheme), not a GitHub repository or thread, not cited by this module
    before v10, not examined for v4 to v9, and not a copy of a run cited
    before (a page that repeats a cited run row for row is listed with that
    reason and left out);
  - its address is the page's address as the index stores it, with the date
    the page states (a web page has no commit; the page's text as stored is
    what is copied);
  - every source goes to held-out v10 (no calibration half);
  - a run enters by v5's rule with the address above in place of a commit
    (an NVIDIA GPU with NVLink and NVSwitch of a generation the model has, a
    transport the model has, NICs the page or its instance type states, at
    least four sizes from 1 MiB, ran as configured; the first run of a
    configuration and operation without a tuner plugin; at most six runs a
    source), and every run that enters is taken, of any operation;
  - the sweep-anomaly rule of v4 applies, unchanged.

  v10's collection (three helpers: English pages on several servers; cloud
  providers' pages and one-server runs; Chinese, Japanese and Korean pages;
  about 180 searches of the stored pages and documentation) found no run that
  enters. The index stores the opening of a page, about 2,000 characters,
  and every page in scope puts its table below that: the stored text shows
  fewer than four rows from 1 MiB, or none (``V10_LEFT_OUT``). The part has no
  run, so it is not opened and nothing judges the model of 7a09ff9 blind.

A series names the system preset, the transport (``network``), the GPUs, the
GPUs per node and each GPU's share of the NICs (GB/s per direction) as the
source describes them. The accuracy calculator and the expected-error figure
of every collective result are computed from this list by the engine, which
is why it ships with it (a few kilobytes).
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

from calc.sources import Source, cite

__all__ = ["Series", "Point", "SERIES", "POINTS", "SPLITS", "SEALED", "V4_REPOSITORIES", "V5_SOURCES", "V5_DROPPED",
           "V6_SOURCES", "V6_LEFT_OUT", "V7_SOURCES", "V7_LEFT_OUT", "V8_SOURCES", "V8_LEFT_OUT", "V9_SOURCES",
           "V9_LEFT_OUT", "V10_SOURCES", "V10_LEFT_OUT", "sources",
           "v4_split", "alternating_split"]

SPLITS = ("calibration", "held-out", "held-out v2", "held-out v3", "held-out v4", "held-out v5", "held-out v6",
          "held-out v7", "held-out v8")
# Held-out parts the model has not been run on: nothing reports them (no test, no page, no fit) until each is
# opened once, in its own commit, after the model it judges is final (held-out v5: opened after commit ca6eff9;
# held-out v6 judges the model of fcb37b9; held-out v7 that of 829c2ca; held-out v8 that of 6e4fc41).
SEALED: tuple[str, ...] = ()
MIB, GIB = 1024**2, 1024**3


def alternating_split(keys_by_stratum: dict[str, list[str]], held_out: str) -> dict[str, str]:
    """The pre-registered split of the v4 and v5 sources (module docstring): per stratum, sorted by SHA-256 of the
    key, calibration first, then ``held_out``, alternating."""
    split = {}
    for keys in keys_by_stratum.values():
        ordered = sorted(keys, key=lambda k: hashlib.sha256(k.encode()).hexdigest())
        split.update({k: ("calibration" if i % 2 == 0 else held_out) for i, k in enumerate(ordered)})
    return split


def v4_split(keys_by_stratum: dict[str, list[str]]) -> dict[str, str]:
    """The v4 split: :func:`alternating_split` into calibration and held-out v4."""
    return alternating_split(keys_by_stratum, "held-out v4")


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

# --- held-out v4 and its calibration sources (split by v4_split over their repositories, committed before
# any run of the model on them) --------------------------------------------------------------------------
V4_0 = _file(
    "dgxc-benchmarking-nccl", "NVIDIA/dgxc-benchmarking nccl/README.md: microbenchmark_nccl recipe, sample AllReduce output on one H100 DGX node (8 ranks)", 2025,
    "https://github.com/NVIDIA/dgxc-benchmarking/blob/80634adfb0e4555a7c5c6b9c9a5ed38ef9e15f12/nccl/README.md")
V4_1 = _file(
    "superbenchmark-nccl-allreduce", "microsoft/superbenchmark tests/data/nccl_allreduce.log: nccl-tests allreduce output, 8x A100-SXM4-40GB on localhost (-g 8)", 2021,
    "https://github.com/microsoft/superbenchmark/blob/ff563b66af8a4fa2e99a25d994a9a04a97388742/tests/data/nccl_allreduce.log")
V4_2 = _file(
    "superbenchmark-nccl-allgather", "microsoft/superbenchmark tests/data/nccl_allgather.log: nccl-tests allgather output, 8x A100-SXM4-40GB on localhost (-g 8)", 2021,
    "https://github.com/microsoft/superbenchmark/blob/ff563b66af8a4fa2e99a25d994a9a04a97388742/tests/data/nccl_allgather.log")
V4_3 = _file(
    "superbenchmark-nccl-reducescatter", "microsoft/superbenchmark tests/data/nccl_reducescatter.log: nccl-tests reducescatter output, 8x A100-SXM4-40GB on localhost (-g 8)", 2021,
    "https://github.com/microsoft/superbenchmark/blob/ff563b66af8a4fa2e99a25d994a9a04a97388742/tests/data/nccl_reducescatter.log")
V4_4 = _file(
    "superbenchmark-nccl-alltoall", "microsoft/superbenchmark tests/data/nccl_alltoall.log: nccl-tests alltoall output, 8x A100-SXM4-40GB on localhost (-g 8)", 2021,
    "https://github.com/microsoft/superbenchmark/blob/ff563b66af8a4fa2e99a25d994a9a04a97388742/tests/data/nccl_alltoall.log")
V4_5 = _file(
    "nccl-tests-cluster-h100", "xxrjun/nccl-tests-cluster example-cluster01 single-node run 20260128-145017, node cnode3-002, allreduce (8x H100 80GB HBM3)", 2026,
    "https://github.com/xxrjun/nccl-tests-cluster/blob/56089cacb75b9a7ace5065cc9754b2a4ec53467d/benchmarks/example-cluster01/nccl-benchmark-results/single-node/runs/20260128-145017/without-debug/logs/nccl_N1_G8_cnode3-002.log")
V4_6 = _file(
    "nccl-collectives-bench-allreduce", "waynehacking8/nccl-collectives-bench results/quiet/all_reduce.txt: quiet-box re-run, 4-GPU slice of an 8x H100 SXM5 NVSwitch host", 2026,
    "https://github.com/waynehacking8/nccl-collectives-bench/blob/8ab7496db79ead1383ff47805c91fcf489c88406/results/quiet/all_reduce.txt")
V4_7 = _file(
    "nccl-collectives-bench-allgather", "waynehacking8/nccl-collectives-bench results/quiet/all_gather.txt: quiet-box re-run, 4-GPU slice of an 8x H100 SXM5 NVSwitch host", 2026,
    "https://github.com/waynehacking8/nccl-collectives-bench/blob/8ab7496db79ead1383ff47805c91fcf489c88406/results/quiet/all_gather.txt")
V4_8 = _file(
    "nccl-collectives-bench-reducescatter", "waynehacking8/nccl-collectives-bench results/quiet/reduce_scatter.txt: quiet-box re-run, 4-GPU slice of an 8x H100 SXM5 NVSwitch host", 2026,
    "https://github.com/waynehacking8/nccl-collectives-bench/blob/8ab7496db79ead1383ff47805c91fcf489c88406/results/quiet/reduce_scatter.txt")
V4_9 = _file(
    "gpu-tpu-pedia-b200", "yangwhale/gpu-tpu-pedia gpu/deepep/README.md (DeepEP on GKE B200): single-node 8-GPU NCCL all_reduce result, GCP a4-highgpu-8g", 2025,
    "https://github.com/yangwhale/gpu-tpu-pedia/blob/d382adac94cea30f752e1180327c4c826195d30e/gpu/deepep/README.md")
V4_10 = _file(
    "awsome-distributed-training-nccl", "awsome-distributed-training micro-benchmarks/nccl-tests README: 'Results' all_reduce 8B-2GB on 2x p4de.24xlarge (Slurm)", 2024,
    "https://github.com/aws-samples/awsome-distributed-training/blob/39c17d60a759d54bf4833b6c7e3490f553f26f9f/micro-benchmarks/nccl-tests/README.md")
V4_11 = _file(
    "aws-do-eks-efa", "aws-do-eks wd/conf/terraform/eks-gpu-efa README: EFA NCCL test (MPIJob) all_reduce 1B-2GB on 2x p5.48xlarge", 2024,
    "https://github.com/aws-samples/aws-do-eks/blob/533a7fd8369d800849d587f57a8ba2d621e6789c/wd/conf/terraform/eks-gpu-efa/README.md")
V4_12 = _file(
    "p5-nccl-test-keitaw", "KeitaW/p5-nccl-test-2024-07-19 raw log nccl-test-output-v2.20.3-1.log: EKS MPIJob all_reduce 8B-16GB on 2x p5.48xlarge", 2024,
    "https://github.com/KeitaW/p5-nccl-test-2024-07-19/blob/1c78584b9f4c621b1779270e1cf0b8d6f3daec11/nccl-test-output-v2.20.3-1.log")
V4_13 = _file(
    "skypilot-gcp-rdma", "skypilot examples/gcp_gpu_direct_tcpx README: GPUDirect-RDMA on a3-ultragpu-8g, all_gather 1K-8G, 2x8 H200 (sky launch nccl_rdma_gke_h200.yaml)", 2025,
    "https://github.com/skypilot-org/skypilot/blob/9a3aa4d924105d5426c4fc56f0d8ade69e266169/examples/gcp_gpu_direct_tcpx/README.md")
V4_14 = _file(
    "cluster-toolkit-a3mega", "cluster-toolkit examples/gke-a3-megagpu README: step 5 example output, all_gather 256B-8G on 2x a3-megagpu-8g with GPUDirect-TCPXO", 2026,
    "https://github.com/GoogleCloudPlatform/cluster-toolkit/blob/2ee5a53ee6f4e1da8c92a06b59ce92f975c0340c/examples/gke-a3-megagpu/README.md")
V4_15 = _file(
    "cluster-toolkit-dws-flex", "cluster-toolkit examples/gke-consumption-options/dws-flex-start README: NCCL jobset all_gather 1K-8G on 2x a3-ultragpu-8g (DWS flex-start)", 2025,
    "https://github.com/GoogleCloudPlatform/cluster-toolkit/blob/8b70b1036d2807b6f3fa2a31fe21b7329cf8e4ae/examples/gke-consumption-options/dws-flex-start/README.md")
V4_16 = _file(
    "aks-rdma-infiniband", "Azure/aks-rdma-infiniband tests/expected-output.md: sriov-nic-policy-gpu mpijob all_reduce 8B-8G on 2 AKS nodes", 2025,
    "https://github.com/Azure/aks-rdma-infiniband/blob/bdf40720030d25441b2356d3863769b70ced1f62/tests/expected-output.md")
V4_17 = _file(
    "deepops-network-operator", "NVIDIA/deepops docs/k8s-cluster/nvidia-network-operator.md: NCCL AllReduce on 2 DGX A100 K8s nodes, 8x200G CX-6 HDR SR-IOV", 2022,
    "https://github.com/NVIDIA/deepops/blob/908555ea7e330a34201edfa1f9749c5adbe307b1/docs/k8s-cluster/nvidia-network-operator.md")
V4_18 = _file(
    "deepops-slurm-perf", "NVIDIA/deepops docs/slurm-cluster/slurm-perf-cluster.md: slurm-validation NCCL all_reduce 1M-4G on 4x DGX A100 (InfiniBand)", 2020,
    "https://github.com/NVIDIA/deepops/blob/ce10816bfa8e475b59f9aa70bb2479460341d807/docs/slurm-cluster/slurm-perf-cluster.md")


# --- v5 sources (rule and split committed before any was collected; see the module docstring) -------------
V5_0 = _file(
    "v5-dudeperf3ct", "Blog post 'Distributed communication for GPUs (part 1)': all_reduce_perf on a 4xH100 SXM Lambda Labs instance, single process -g 4, 8 B to 1 GiB", 2025,
    "https://github.com/dudeperf3ct/dudeperf3ct.github.io/blob/df411594a7fb6d38cdecf924b5a8df5fb3df69d2/content/posts/distributed_communication_part1.md")
V5_1 = _file(
    "v5-ocitutorials", "OCI tutorial (Japanese) 'NCCL Tests実行方法（BM.GPU.H100.8版）': all_reduce_perf, 2x BM.GPU.H100.8 over OCI cluster network (RoCEv2), 16 GPUs, -b 1G -e 16G", 2024,
    "https://github.com/oracle-japan/ocitutorials/blob/bf795eb339690f076be088abc84c16fcc6ce5100/tutorials/_hpc/benchmark/run-nccltests-h100.md")
V5_2 = _file(
    "v5-together-nccl-tests", "Together AI B200 cluster report 'NCCL 4-Node Reproducibility + May-2026 Comparison — 2026-07-11': per-size all_reduce busBW table, its 'ring' and 'nvls' columns", 2026,
    "https://github.com/togethercomputer/together-nccl-tests/blob/153baf2586ce658f264a48ee5346b6b0c1cac18c/baselines/flapping-airplanes/2026-07-11_nccl_4n_tuned_vs_may.md")
V5_3 = _file(
    "v5-oci-howto", "Argonne OCI how-to '4_jobscript.md' (Jobscript and NCCL Validation): oci-hpc nccl_run_allreduce.sbatch on 2x BM.GPU.H200.8 (RoCEv2 cluster network), 16 GPUs, 1G-16G", 2025,
    "https://github.com/argonne-lcf/oci-howto/blob/38d4343af7f9e68b69f840af04c6f5a196106063/4_jobscript.md")
V5_4 = _file(
    "v5-abci-docs", "ABCI user guide 'Using SHARP' (en/docs/tips/sharp.md): nccl-tests all_reduce_perf example on 2 ABCI Compute Nodes (A) with NCCL-SHARP plugin (CollNet)", 2022,
    "https://github.com/aistabci/abci-docs/blob/95081db9bfcfa1f8add1792b9815dfb0bc8a205c/en/docs/tips/sharp.md")
V5_5 = _thread("v5-nccl-tests-294", "nccl-tests issue #294 'Getting Avg bus bandwidth = 0 ...': Crusoe 2x8 H100 SXM IB VMs; the rerun after rebuilding with MPI=1 (comment by rgee18, 2025-03-14), all_reduce 128M-2G", 2025, "https://github.com/NVIDIA/nccl-tests/issues/294")
V5_6 = _file(
    "v5-oci-hpc", "OCI HPC Stack docs 'Troubleshooting.md' > NCCL Connectivity and Bandwidth Checks: example output of nccl_run_allreduce_H100.sbatch on 2 OCI H100 nodes (h100-ord01-03-14/294), 1G-16G", 2026,
    "https://github.com/oracle-quickstart/oci-hpc/blob/b5285a68fa0a3b39ebf9e7ffdcb4987018bbf3cf/documentation/Troubleshooting.md")
V5_7 = _file(
    "v5-aws-efa-eks", "Getting started with EFA on EKS: example 2-node p4d.24xlarge nccl-tests all_reduce_perf log (MPIJob, EFA + GPUDirect RDMA)", 2021,
    "https://github.com/aws-samples/aws-efa-eks/blob/9d6557e1689b2dbb59c485d73fcf425833773077/README.md")
V5_9 = _file(
    "v5-abhivijay96", "CoreWeave 8x A100-SXM4-80GB pod, all_gather_perf -b 96 -e 400M -f 2 -g 2 (one process, 2 of the 8 GPUs)", 2023,
    "https://github.com/abhivijay96/nccl-tests/blob/5eae14c1efc6a5a36f9d9669b67f29d1d8a9d8a5/exps/cw/all_gather_2.txt")
V5_10 = _file(
    "v5-abhivijay96-2", "CoreWeave 8x A100-SXM4-80GB pod, all_gather_perf -b 96 -e 400M -f 2 -g 3 (one process, 3 of the 8 GPUs)", 2023,
    "https://github.com/abhivijay96/nccl-tests/blob/5eae14c1efc6a5a36f9d9669b67f29d1d8a9d8a5/exps/cw/all_gather_3.txt")
V5_11 = _file(
    "v5-abhivijay96-3", "CoreWeave 8x A100-SXM4-80GB pod, all_gather_perf -b 96 -e 400M -f 2 -g 4 (one process, 4 of the 8 GPUs)", 2023,
    "https://github.com/abhivijay96/nccl-tests/blob/5eae14c1efc6a5a36f9d9669b67f29d1d8a9d8a5/exps/cw/all_gather_4.txt")
V5_12 = _file(
    "v5-abhivijay96-4", "CoreWeave 8x A100-SXM4-80GB pod, all_gather_perf -b 96 -e 400M -f 2 -g 5 (one process, 5 of the 8 GPUs)", 2023,
    "https://github.com/abhivijay96/nccl-tests/blob/5eae14c1efc6a5a36f9d9669b67f29d1d8a9d8a5/exps/cw/all_gather_5.txt")
V5_13 = _file(
    "v5-abhivijay96-5", "CoreWeave 8x A100-SXM4-80GB pod, all_gather_perf -b 96 -e 400M -f 2 -g 6 (one process, 6 of the 8 GPUs)", 2023,
    "https://github.com/abhivijay96/nccl-tests/blob/5eae14c1efc6a5a36f9d9669b67f29d1d8a9d8a5/exps/cw/all_gather_6.txt")
V5_14 = _file(
    "v5-abhivijay96-6", "CoreWeave 8x A100-SXM4-80GB pod, all_gather_perf -b 96 -e 400M -f 2 -g 7 (one process, 7 of the 8 GPUs)", 2023,
    "https://github.com/abhivijay96/nccl-tests/blob/5eae14c1efc6a5a36f9d9669b67f29d1d8a9d8a5/exps/cw/all_gather_7.txt")
V5_15 = _file(
    "v5-orcd-benchmarks", "MIT ORCD b200-nodes: 1-node nccl-tests sweep on node5500 (8x NVIDIA B200), all_reduce_perf -b 1M -e 16G -f 4 -g 8 (one process)", 2026,
    "https://github.com/mit-orcd/orcd-benchmarks/blob/bca7147f4f8d1335d373a29bd20c439af7316ced/b200-nodes/out-nccl-1node/nccl-1node-node5500-20260714-105749.out")
V5_16 = _file(
    "v5-orcd-benchmarks-2", "MIT ORCD b200-nodes: 2-node all_reduce_perf, node5500+node5501, 2 x 8 NVIDIA B200 over 8x NDR 400G InfiniBand, leg A 'MODE ring' (NCCL_COLLNET_ENABLE=0) of a Ring-vs-SHARP A/B job", 2026,
    "https://github.com/mit-orcd/orcd-benchmarks/blob/bca7147f4f8d1335d373a29bd20c439af7316ced/b200-nodes/out-nccl-2node-sharp/nccl-sharp-5500-5501-19794677.out")
V5_17 = _file(
    "v5-aicr-benchmarks", "MGHPCC AICR benchmarks: single-node B200 GPU-count sweep on node b0012 (job 33169), NGPUS=2 broadcast_perf -b 1M -e 16G -f 4 -g 2 (one MPI task, GPUs 0..1 of an 8x B200 node)", 2026,
    "https://github.com/mghpcc/aicr-benchmarks/blob/9fd27bd2b7573a006a443280278999cc77b26b2a/Benchmark_WG/nccl-tests/out-1node-sweep/nvhpc-26.3-sweep-b0012-33169")


# --- v6 sources (rule committed before any was collected; every one held out; see the module docstring) ----
V6_0 = _file(
    "v6-bitdeerai-examples", "Bitdeer AI examples 'single_node.md': all_reduce_perf -b 256M -e 2G -g 8 on one 8x H100 80GB HBM3 server", 2025,
    "https://github.com/BitdeerAI/examples/blob/bcbb47b64079c941d7b783718ce3863757d4421d/performance_testing/nccl_test/single_node.md")
V6_1 = _file(
    "v6-k8s-in-action", "k8s-in-action 'ai/nccl-tests/README.md' reference results: 16x H100 all_reduce over 8 x 400G IB, 16x H100 alltoall over 4 x 400G IB, 8x H100 alltoall", 2024,
    "https://github.com/taylor840326/k8s-in-action/blob/3bd6a799d49ec4546cf8d025cac36fe29b2ddfab/ai/nccl-tests/README.md")
V6_2 = _file(
    "v6-abci20-benchmark", "ABCI 2.0 benchmarks: NCCL all_reduce_perf -b 4 -e 32M, 4 GPUs of one Compute Node (A), 8x A100-SXM4-40GB, NCCL 2.8.4", 2021,
    "https://github.com/aistabci/abci2.0benchmark/blob/f0aa27f2fbbbc09b71d1765c83693f0beef8b43f/allreduce/intra_anode/job04.sh.7280520.nccl")
V6_3 = _file(
    "v6-abci20-benchmark-2", "ABCI 2.0 benchmarks: NCCL all_reduce_perf -b 4 -e 32M, one Compute Node (A), 8x A100-SXM4-40GB, NCCL 2.8.4", 2021,
    "https://github.com/aistabci/abci2.0benchmark/blob/f0aa27f2fbbbc09b71d1765c83693f0beef8b43f/allreduce/intra_anode/job08.sh.7280517.nccl")
V6_4 = _file(
    "v6-abci20-benchmark-3", "ABCI 2.0 benchmarks: NCCL all_reduce_perf -b 4 -e 32M, 2 Compute Nodes (A), 16x A100-SXM4-40GB, NCCL 2.8.4", 2021,
    "https://github.com/aistabci/abci2.0benchmark/blob/f0aa27f2fbbbc09b71d1765c83693f0beef8b43f/allreduce/inter_anode/job02.sh.7194279.nccl")
V6_5 = _file(
    "v6-abci20-benchmark-4", "ABCI 2.0 benchmarks: NCCL all_reduce_perf -b 4 -e 32M, 4 Compute Nodes (A), 32x A100-SXM4-40GB, NCCL 2.8.4", 2021,
    "https://github.com/aistabci/abci2.0benchmark/blob/f0aa27f2fbbbc09b71d1765c83693f0beef8b43f/allreduce/inter_anode/job04.sh.7194285.nccl")
V6_6 = _file(
    "v6-abci20-benchmark-5", "ABCI 2.0 benchmarks: NCCL all_reduce_perf -b 4 -e 32M, 8 Compute Nodes (A), 64x A100-SXM4-40GB, NCCL 2.8.4", 2021,
    "https://github.com/aistabci/abci2.0benchmark/blob/f0aa27f2fbbbc09b71d1765c83693f0beef8b43f/allreduce/inter_anode/job08.sh.7194286.nccl")
V6_7 = _file(
    "v6-abci20-benchmark-6", "ABCI 2.0 benchmarks: NCCL all_reduce_perf -b 4 -e 32M, 16 Compute Nodes (A), 128x A100-SXM4-40GB, NCCL 2.8.4", 2021,
    "https://github.com/aistabci/abci2.0benchmark/blob/f0aa27f2fbbbc09b71d1765c83693f0beef8b43f/allreduce/inter_anode/job16.sh.7194312.nccl")
V6_8 = _file(
    "v6-aws-deep-learning-amis", "AWS Deep Learning AMI guide 'Using EFA on the DLAMI': multi-node NCCL performance test on 2x p4d.24xlarge, NCCL_ALGO=ring", 2021,
    "https://github.com/awsdocs/aws-deep-learning-amis/blob/17d89aa1bcc52bbeacae7ec3b0b326e3ba08bd6b/doc_source/tutorial-efa-using.md")
V6_9 = _file(
    "v6-aws-hpc-tutorials", "AWS HPC workshop 'Compile and run NCCL tests': all_reduce_perf on 2 x 8 A100-SXM4-80GB over EFA (4 NICs), NCCL_PROTO=simple", 2023,
    "https://github.com/aws-samples/aws-hpc-tutorials/blob/7785dd8debf434e57bb1a11a042913d72c7e2120/content/08-EFA/05-compile-run-nccl-tests.md")
V6_10 = _file(
    "v6-jingchaozhang-blog", "Blog post 'NCCL test on AKS NDmV4 VM': all_reduce_perf on 2 x Standard_ND96amsr_A100_v4 over InfiniBand", 2023,
    "https://github.com/JingchaoZhang/JingchaoZhang.github.io/blob/da1c9ef50fd42815d7a0a96a5968c5e189bdec11/_posts/2023-09-11-NCCL%20test%20on%20AKS%20NDmV4%20VM.md")
V6_11 = _file(
    "v6-azureml-hpc", "'Running GPU-Enabled HPC Applications on Azure Machine Learning': NCCL AllReduce on 2 x Standard_ND96asr_v4 over InfiniBand", 2024,
    "https://github.com/JingchaoZhang/Running-GPU-Enabled-HPC-Applications-on-Azure-Machine-Learning/blob/17cfa32ca572b091049f41a362046274286a162a/README.md")
V6_12 = _file(
    "v6-hypercomputer-deepdive", "Hypercomputer inter-node deep dive, lab 4: all_reduce_perf -g 8 on one GKE A3 node (8x H100 80GB HBM3), NCCL 2.22.3", 2026,
    "https://github.com/elideng-sg/hypercomputer-internode-deepdive/blob/d9f1e65e22f96c3c3ca77b8dc9c8491ece85d53b/assets/lab-04/all_reduce_8gpu.txt")
V6_13 = _file(
    "v6-spc-x-host-configuration", "Spectrum-X host configuration on OpenShift: all_reduce_perf on 2 Dell XE9680 (8x H200) over Spectrum-X RoCE, NCCL 2.30.4", 2026,
    "https://github.com/sdambo-git/spc-x-host-configuration/blob/5607c131f78d8ad0a3e6ed0a4c1ed95e57121dba/README.md")

# --- v7 sources (rule committed before any was collected, in 15e27db; every one held out) ---------------------------
V7_0 = _file(
    "v7-cluster-quality", "cluster-quality, Vultr HGX B200 proof of concept: nccl-tests 2.17.6 (NCCL 2.28.9) on one and two 8x B200 servers, 8 x NDR 400G InfiniBand a server", 2026,
    "https://github.com/mihai-amp/cluster-quality/blob/1f1da588e3a13ff37666a040f859f99fdef689f6/poc_testing/b200_vultr/results/report/sources/nccl_tests_dgxc.log")
V7_1 = _file(
    "v7-verl-on-gke", "verl-on-gke README: all_gather through GCP's gIB wrapper on two a4-highgpu-8g (8x B200) nodes over RDMA, NCCL 2.26.6", 2026,
    "https://github.com/esaaren/verl-on-gke/blob/928b868e20780d1786b6efa339e5de79680ad7a0/README.md")
V7_2 = _file(
    "v7-crusoe-ml-k3s", "crusoe-ml-k3s examples/k3s-2-node-nccl-gdr.log: all_reduce_perf with NCCL_ALGO=RING on two Crusoe h100-80gb-sxm-ib.8x nodes, NCCL 2.19.3", 2023,
    "https://github.com/crusoecloud/crusoe-ml-k3s/blob/480dc597694423a0c9eae83d79a11c67dfcd1c21/examples/k3s-2-node-nccl-gdr.log")
V8_0 = _file(
    "v8-a3-bootcamp-ce", "A3 bootcamp for Google CEs, pre-training with NeMo on Slurm: all_gather_perf on two a3-megagpu-8g (8x H100, 8 x 200G GPUDirect-TCPXO a node); NCCL and command line not printed", 2024,
    "https://github.com/saltysoup/a3-bootcamp-ce/blob/f236909235eccb9c2997d38691c66b629bd29628/Day1/pretraining-with-nemo-on-slurm/README.md")
V8_1 = _file(
    "v8-gke-recipes", "gke-recipes, A3 Mega with GPUDirect-TCPXO on GKE: all_gather on two a3-megagpu-8g nodes (8x H100, 8 x 200G TCPXO a node); NCCL not printed", 2024,
    "https://github.com/kkuchima/gke-recipes/blob/639fe5db884280cfc5d8bd60ae979456016c65fb/a3mega-tcpxo/tutorial.md")
V8_2 = _file(
    "v8-gke-inference-from-scratch", "GKE inference from scratch, part 1: all_gather_perf through GCP's gIB plugin on two a3-ultragpu-8g nodes (8x H200, 8 x 400G RDMA over Converged Ethernet a node); NCCL not printed", 2025,
    "https://github.com/maci0/gke-inference-from-scratch/blob/b51483b53429464dcab12148636fd412020c1194/part1.md")
V8_3 = _file(
    "v8-ai-gbb-bootcamp", "2024 AI GBB bootcamp: all_reduce_perf -g 1 on one Azure ND96asr_v4 (8x A100 40GB) through Azure ML; NCCL of the pytorch:23.03 container, not printed", 2024,
    "https://github.com/JZ-Azure/2024-AI-GBB-Bootcamp/blob/a7c7a98bb79c300a7bd314b1cdeba07ff1eb3f88/README.md")


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
    gpus_per_process: int = 1  # GPUs one nccl-tests process drives (its -g): 1 with one rank per GPU
    sharp: bool = False  # in-network reduction (NCCL CollNet with the SHARP plugin) enabled by the run

    @property
    def params(self) -> dict[str, str | int | float | bool]:
        """Inputs of the ``collective`` calculator for this run (message size apart)."""
        return {"system": self.system, "network": self.network, "gpus": self.gpus,
                "gpus_per_domain": self.gpus_per_node, "scaleout_GBps": self.nic_GBps, "op": self.op,
                "algorithm": self.algorithm, "sharp": self.sharp}


@dataclass(frozen=True)
class Point:
    """One published figure of a series."""

    series: Series
    size: int
    time_us: float | None
    busbw_GBps: float | None


def _s(label: str, source: Source, split: str, system: str, network: str, gpus: int, nic: float, op: str,
       rows: tuple[Row, ...], per_node: int = 8, algorithm: str = "auto", note: str = "",
       gpus_per_process: int = 1, sharp: bool = False) -> Series:
    return Series(label, source, split, system, network, gpus, per_node, nic, op, rows, algorithm, note,
                  gpus_per_process, sharp)


# The v4 sources by stratum, each named by its repository (module docstring).
V4_REPOSITORIES = {
    "one server": ("dgxc-benchmarking", "superbenchmark", "nccl-tests-cluster", "nccl-collectives-bench", "gpu-tpu-pedia"),
    "several servers": ("awsome-distributed-training", "aws-do-eks", "p5-nccl-test-2024-07-19", "skypilot",
                        "cluster-toolkit", "aks-rdma-infiniband", "deepops"),
}
_V4_SPLIT = v4_split({k: list(v) for k, v in V4_REPOSITORIES.items()})


def _v4(label: str, source: Source, repository: str, system: str, network: str, gpus: int, nic: float, op: str,
        rows: tuple[Row, ...], per_node: int = 8, algorithm: str = "auto", note: str = "",
        gpus_per_process: int = 1) -> Series:
    """A v4 series: its part is its repository's (v4_split)."""
    return _s(label, source, _V4_SPLIT[repository], system, network, gpus, nic, op, rows, per_node, algorithm, note,
              gpus_per_process)


# The v5 sources by stratum, each named by its repository or thread (module docstring). NVIDIA/nccl-tests#333 was
# found and does not enter: its B200 table comes without a command line, device list or NCCL version, so how it
# ran cannot be told (the thread suggests registered buffers and CUDA graphs, which the model does not have).
V5_SOURCES = {
    "one server": ("dudeperf3ct/dudeperf3ct.github.io", "abhivijay96/nccl-tests", "mit-orcd/orcd-benchmarks",
                   "mghpcc/aicr-benchmarks"),
    "several servers": ("oracle-japan/ocitutorials", "togethercomputer/together-nccl-tests", "argonne-lcf/oci-howto",
                        "aistabci/abci-docs", "NVIDIA/nccl-tests#294", "oracle-quickstart/oci-hpc",
                        "aws-samples/aws-efa-eks", "aws-ia/terraform-aws-eks-blueprints"),
}
_V5_SPLIT = alternating_split({k: list(v) for k, v in V5_SOURCES.items()}, "held-out v5")
# Sources that entered the split and were then found to repeat earlier data: their slot in the alternation is kept
# (so every other source keeps the part the committed rule gave it) and their rows are not taken.
V5_DROPPED = {
    "aws-ia/terraform-aws-eks-blueprints": "its p5 AllReduce table is the run aws-samples/aws-do-eks published "
                                           "(held-out v4): all 30 rows identical",
}


def _v5(label: str, source: Source, key: str, system: str, network: str, gpus: int, nic: float, op: str,
        rows: tuple[Row, ...], per_node: int = 8, algorithm: str = "auto", note: str = "",
        gpus_per_process: int = 1, sharp: bool = False) -> Series:
    """A v5 series: its part is its source's (alternating_split)."""
    return _s(label, source, _V5_SPLIT[key], system, network, gpus, nic, op, rows, per_node, algorithm, note,
              gpus_per_process, sharp)


# The v6 sources, each named by its repository (module docstring): all held out.
V6_SOURCES = ("BitdeerAI/examples", "taylor840326/k8s-in-action", "aistabci/abci2.0benchmark",
              "awsdocs/aws-deep-learning-amis", "aws-samples/aws-hpc-tutorials", "JingchaoZhang/JingchaoZhang.github.io",
              "JingchaoZhang/Running-GPU-Enabled-HPC-Applications-on-Azure-Machine-Learning",
              "elideng-sg/hypercomputer-internode-deepdive", "sdambo-git/spc-x-host-configuration")
# Found for v6 and not taken, with the rule that leaves them out (decided from the sources alone, before the model
# was run on any v6 point).
V6_LEFT_OUT = {
    "BitdeerAI/examples, two servers": "the NICs are named only as eight mlx5 devices: neither their speed nor "
                                       "InfiniBand or RoCE is stated",
    "AFDWang/Hetu-Galvatron": "an A100 table pasted into a unit test as its input, without the command line",
    "NVIDIA/nccl-tests#306": "two H20 servers meant as one job ran as two separate one-server jobs (nccl-tests "
                             "built without MPI), their outputs interleaved: not run as configured",
    "taylor840326/k8s-in-action, H800": "H800 is not a GPU the model has",
    "awsdocs/aws-deep-learning-amis, p3dn": "V100 is not a GPU the model has",
    "sdambo-git/spc-x-host-configuration, second run": "the same configuration and operation as its first run "
                                                       "(only the first is taken), three sizes a data type",
}


# The v7 sources, each named by its repository (module docstring): all held out.
V7_SOURCES = ("mihai-amp/cluster-quality", "esaaren/verl-on-gke", "crusoecloud/crusoe-ml-k3s")
# Found for v7 and not taken, with the rule that leaves them out (decided from the sources alone, before the model
# was run on any v7 point).
V7_LEFT_OUT = {
    "mihai-amp/cluster-quality, two servers: ReduceScatter and AllToAll": "the source's seventh and eighth runs that "
                                                                          "enter (at most six a source)",
    "mihai-amp/cluster-quality, alltoall_v2": "the same configuration and operation as its first AllToAll (only "
                                              "NCCL_NCHANNELS_PER_NET_PEER differs, unused inside one server)",
    "mihai-amp/cluster-quality, sendrecv": "not an operation the model has",
    "crusoecloud/crusoe-ml-rke2": "a table of rows alone, without its command line, devices or NCCL version",
}


# The v8 sources, each named by its repository (module docstring): all held out.
V8_SOURCES = ("saltysoup/a3-bootcamp-ce", "kkuchima/gke-recipes", "maci0/gke-inference-from-scratch",
              "JZ-Azure/2024-AI-GBB-Bootcamp")
# Found for v8 and not taken, with the rule that leaves them out (decided from the sources alone, before the model
# was run on any v8 point).
V8_LEFT_OUT = {
    "JZ-Azure/2024-AI-GBB-Bootcamp, two nodes": "repeats, row for row, held-out v6's two-node Azure ML run "
                                                "(JingchaoZhang/Running-GPU-Enabled-HPC-Applications-on-Azure-"
                                                "Machine-Learning)",
    "saltysoup/a3-bootcamp-ce, an earlier GKE AllGather (files since deleted)": "did not run as configured: 4-8 ms "
                                                                                 "a collective from 1 MiB to 1 GiB",
    "NVIDIA/nccl-tests#319": "did not run as configured: 89 then 44 GB/s on two H100 servers over 400G "
                             "InfiniBand, the thread's subject, unresolved",
    "NVIDIA/nccl-tests#313, #314": "an H20 server's AllToAll whose stored thread shows no row (#313) or three "
                                   "(#314) of its table: fewer than four sizes from 1 MiB",
}


# The v9 sources (module docstring): none entered.
V9_SOURCES: tuple[str, ...] = ()
# Found for v9 and not taken, with the rule that leaves them out (decided from the sources alone; the model was
# never run on them).
V9_LEFT_OUT = {
    "aws/aws-ofi-nccl#65": "did not run as configured: two p4d servers' AllReduce drops from 32.6 to 19.1 GB/s "
                           "between 32 and 64 MiB, the thread's subject; and only six sizes from 8 MiB, read from "
                           "the index's excerpt of the thread, not from the thread itself",
    "an A3 Mega Slurm guide (Cluster Toolkit v1.39.0, DDN EXAScaler)": "no permanent address: the index holds "
                                                                       "the file without naming its repository",
    "wutz/k8s-in-action": "repeats, row for row, taylor840326/k8s-in-action's H100 AllReduce (cited before)",
    "NVIDIA/nccl#1222, #1411, #1469, #2409": "the stored text names no GPU or no NICs beside its rows, or shows "
                                             "no row from 1 MiB",
    "NVIDIA/nccl#1403, NVIDIA/nccl-tests#149": "the stored text shows no row of the table",
    "bottlerocket-os/bottlerocket-core-kit#141, bottlerocket-os/bottlerocket-kernel-kit#313": "no instance type "
                                                                                              "or NICs stated",
    "weijielee-galaxy/nccl-test-web": "an H200 test fixture without NICs, its output interleaved",
    "NVIDIA/nccl-tests#367, NVIDIA/nccl#1792": "the tables are images",
}


# The v10 sources (module docstring): none entered.
V10_SOURCES: tuple[str, ...] = ()
# Found for v10 and not taken, with the rule that leaves them out (decided from the pages alone; the model was
# never run on them). A page's stored text is its opening, about 2,000 characters.
V10_LEFT_OUT = {
    "docs.skypilot.co/en/latest/examples/performance/coreweave_infiniband.html": "the stored text shows two rows "
                                                                                "from 1 MiB and names no NICs",
    "docs.skypilot.co/en/latest/examples/performance/together_infiniband.html": "the stored text shows two rows "
                                                                               "from 1 MiB and names no NICs",
    "www.dtcms.com/a/511132.html": "four H200 servers over InfiniBand: the stored text ends inside the device list, "
                                   "before any row, and names no NICs",
    "www.lixueduan.com/posts/ai/13-gb200-mnnvl-nccl-test": "GB200 trays over InfiniBand: only peak figures, no row",
    "docs.cloud.google.com/cluster-toolkit/docs/machine-learning/a3-mega-enable-gpudirect-tcpxo":
        "the stored text ends before the output",
    "gitea.d-robotics.cc/han.zhao/test_gpu_scripts": "peak figures of one size, from a shortfall investigation "
                                                     "(not run as configured)",
    "a CSDN article's mirror (145572598)": "three sizes, and times that contradict their bandwidths",
    "blog.gitcode.com/fd9524d5cea2133ef1b22a387a2d4423.html": "sizes up to 64 KiB only",
    "kubernetes.recipes/recipes/ai/nccl-all-reduce-perf-benchmark-multi-node/": "H200 NVL: PCIe cards without "
                                                                                "NVSwitch",
    "pastebin.com/ne4ipn6K": "GeForce RTX 4070 Ti SUPER, not a GPU the model has",
    "gist.github.com (jacobkahn, cswinter, kwen2501)": "GitHub pages, not v10's kind of source (and V100, sockets "
                                                      "or one size)",
}


def _held(split: str, keys: tuple[str, ...], label: str, source: Source, key: str, system: str, network: str,
          gpus: int, nic: float, op: str, rows: tuple[Row, ...], per_node: int = 8, algorithm: str = "auto",
          note: str = "", gpus_per_process: int = 1) -> Series:
    """A series of a part whose every source is held out (v6, v7: module docstring); ``key`` must be one of them."""
    assert key in keys, key
    return _s(label, source, split, system, network, gpus, nic, op, rows, per_node, algorithm, note,
              gpus_per_process)


_v6 = functools.partial(_held, "held-out v6", V6_SOURCES)
_v7 = functools.partial(_held, "held-out v7", V7_SOURCES)
_v8 = functools.partial(_held, "held-out v8", V8_SOURCES)


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
       note="one node, NVLink only (the network does not enter); all_reduce_perf -g 8", gpus_per_process=8),
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
       algorithm="nvls", note="one node, NVLink only; NCCL_ALGO=NVLS, all_reduce_perf -g 8; in-place busbw",
       gpus_per_process=8),
    _s("H200 1x8 NVLS (Azure ND H200 v5)", AZURE_H200, "held-out v3", "hgx_h200", "infiniband", 8, 50.0,
       "allreduce", _azure((
           0.06, 0.12, 0.23, 0.47, 0.93, 1.84, 3.72, 7.39, 14.75, 29.38, 52.96, 88.78, 138.44, 181.94, 240.41,
           300.91, 368.11, 412.45, 432.24, 442.72, 467.58, 472.57, 477.41, 479.98)),
       algorithm="nvls", note="one node, NVLink only; NCCL_ALGO=NVLS, all_reduce_perf -g 8; in-place busbw",
       gpus_per_process=8),
    _s("GB200 1x4 ring (Azure ND GB200 v6)", AZURE_GB200, "held-out v3", "gb200_nvl72", "infiniband", 4, 50.0,
       "allreduce", _azure((
           0.10, 0.19, 0.38, 0.76, 1.46, 2.88, 5.71, 11.29, 22.41, 44.07, 80.48, 110.43, 146.27, 253.46, 331.09,
           422.62, 550.73, 574.19, 593.53, 618.74, 646.87, 666.63, 673.06, 679.61)),
       per_node=4, algorithm="ring",
       note="one host of 4 GPUs, NVLink only; NCCL_ALGO=Ring, all_reduce_perf -g 4; in-place busbw",
       gpus_per_process=4),
    # --- v4: the calibration and held-out v4 sources, each part by v4_split (module docstring) ----------------
    _v4("H100 1x8 AllReduce (dgxc-benchmarking)", V4_0, "dgxc-benchmarking", "dgx_h100", "infiniband", 8, 50.0, "allreduce", (
        (8, 13.67, 0.0), (16, 13.0, 0.0), (32, 68.14, 0.0), (64, 14.92, 0.01), (128, 15.87, 0.01), (256, 16.1, 0.03), (512, 16.7, 0.05), (1024, 16.94, 0.11), (2048, 17.14, 0.21), (4096, 23.59, 0.3), (8192, 17.4, 0.82), (16384, 17.93, 1.6), (32768, 19.33, 2.97), (65536, 19.54, 5.87), (131072, 19.89, 11.53), (262144, 20.43, 22.45), (524288, 20.66, 44.41), (1048576, 27.37, 67.04), (2097152, 42.21, 86.94), (4194304, 54.19, 135.44), (8388608, 83.04, 176.77), (16777216, 123.8, 237.21), (33554432, 199.3, 294.69), (67108864, 324.7, 361.67), (134217728, 586.4, 400.53), (268435456, 1112.5, 422.25), (536870912, 2151.0, 436.79), (1073741824, 4029.4, 466.33), (2147483648, 7939.1, 473.37), (4294967296, 15749.0, 477.24), (8589934592, 31307.0, 480.16), (17179869184, 62648.0, 479.9)),
        note="8 processes of one GPU (Slurm); the recipe README's sample output"),
    _v4("A100 1x8 AllReduce (superbenchmark)", V4_1, "superbenchmark", "dgx_a100", "infiniband", 8, 50.0, "allreduce", (
        (4, 34.73, 0.0), (8, 34.66, 0.0), (16, 35.0, 0.0), (32, 35.6, 0.0), (64, 34.83, 0.0), (128, 34.53, 0.01), (256, 34.56, 0.01), (512, 34.94, 0.03), (1024, 36.07, 0.05), (2048, 35.42, 0.1), (4096, 35.92, 0.2), (8192, 35.91, 0.4), (16384, 36.18, 0.79), (32768, 36.65, 1.56), (65536, 37.82, 3.03), (131072, 41.19, 5.57), (262144, 47.53, 9.65), (524288, 60.32, 15.21), (1048576, 74.78, 24.54), (2097152, 93.48, 39.26), (4194304, 112.0, 65.52), (8388608, 162.0, 90.63), (16777216, 226.0, 129.9), (33554432, 374.3, 156.89), (67108864, 584.5, 200.91), (134217728, 1162.2, 202.11), (268435456, 2112.2, 222.4), (536870912, 4200.3, 223.68), (1073741824, 8159.5, 230.29), (2147483648, 16215.0, 231.76), (4294967296, 32070.0, 234.37), (8589934592, 63896.0, 235.26)),
        gpus_per_process=8, note="one process driving the 8 GPUs (-g 8); real output kept as a parser test fixture (2021)"),
    _v4("A100 1x8 AllGather (superbenchmark)", V4_2, "superbenchmark", "dgx_a100", "infiniband", 8, 50.0, "allgather", (
        (32, 35.03, 0.0), (64, 34.36, 0.0), (128, 33.94, 0.0), (256, 34.44, 0.01), (512, 34.84, 0.01), (1024, 35.38, 0.03), (2048, 34.67, 0.05), (4096, 34.62, 0.1), (8192, 34.76, 0.21), (16384, 34.8, 0.41), (32768, 34.54, 0.83), (65536, 36.34, 1.58), (131072, 40.18, 2.85), (262144, 46.45, 4.94), (524288, 58.48, 7.84), (1048576, 72.95, 12.58), (2097152, 77.28, 23.75), (4194304, 100.7, 36.43), (8388608, 123.5, 59.44), (16777216, 167.7, 87.52), (33554432, 265.8, 110.46), (67108864, 379.7, 154.65), (134217728, 698.6, 168.12), (268435456, 1192.2, 197.01), (536870912, 2304.1, 203.88), (1073741824, 4413.4, 212.88), (2147483648, 8658.8, 217.01), (4294967296, 17016.0, 220.85), (8589934592, 33646.0, 223.39)),
        gpus_per_process=8, note="one process driving the 8 GPUs (-g 8); real output kept as a parser test fixture (2021)"),
    _v4("A100 1x8 ReduceScatter (superbenchmark)", V4_3, "superbenchmark", "dgx_a100", "infiniband", 8, 50.0, "reducescatter", (
        (32, 35.06, 0.0), (64, 34.82, 0.0), (128, 34.38, 0.0), (256, 34.75, 0.01), (512, 34.71, 0.01), (1024, 35.16, 0.03), (2048, 35.43, 0.05), (4096, 35.49, 0.1), (8192, 35.18, 0.2), (16384, 35.27, 0.41), (32768, 35.0, 0.82), (65536, 36.78, 1.56), (131072, 40.71, 2.82), (262144, 48.12, 4.77), (524288, 59.81, 7.67), (1048576, 72.37, 12.68), (2097152, 80.64, 22.76), (4194304, 108.9, 33.72), (8388608, 147.3, 49.84), (16777216, 152.4, 96.34), (33554432, 240.5, 122.06), (67108864, 356.1, 164.89), (134217728, 618.1, 190.01), (268435456, 1108.7, 211.84), (536870912, 2169.0, 216.58), (1073741824, 4203.0, 223.54), (2147483648, 8356.9, 224.85), (4294967296, 16400.0, 229.15), (8589934592, 32464.0, 231.52)),
        gpus_per_process=8, note="one process driving the 8 GPUs (-g 8); real output kept as a parser test fixture (2021)"),
    _v4("A100 1x8 AllToAll (superbenchmark)", V4_4, "superbenchmark", "dgx_a100", "infiniband", 8, 50.0, "alltoall", (
        (32, 89.0, 0.0), (64, 86.83, 0.0), (128, 86.02, 0.0), (256, 87.2, 0.0), (512, 87.33, 0.01), (1024, 88.17, 0.01), (2048, 86.44, 0.02), (4096, 86.75, 0.04), (8192, 88.78, 0.08), (16384, 87.71, 0.16), (32768, 86.26, 0.33), (65536, 87.67, 0.65), (131072, 87.35, 1.31), (262144, 87.02, 2.64), (524288, 86.58, 5.3), (1048576, 87.42, 10.5), (2097152, 89.61, 20.48), (4194304, 96.44, 38.05), (8388608, 121.1, 60.62), (16777216, 160.4, 91.55), (33554432, 237.5, 123.64), (67108864, 396.8, 147.99), (134217728, 633.6, 185.35), (268435456, 1189.1, 197.53), (536870912, 2236.6, 210.03), (1073741824, 4335.5, 216.71), (2147483648, 8510.4, 220.79), (4294967296, 16860.0, 222.9), (8589934592, 33508.0, 224.31)),
        gpus_per_process=8, note="one process driving the 8 GPUs (-g 8); real output kept as a parser test fixture (2021)"),
    _v4("H100 1x8 AllReduce (nccl-tests-cluster)", V4_5, "nccl-tests-cluster", "dgx_h100", "infiniband", 8, 50.0, "allreduce", (
        (33554432, 182.87, 321.1), (67108864, 313.66, 374.42), (134217728, 564.78, 415.88), (268435456, 1081.14, 434.51), (536870912, 2115.28, 444.16), (1073741824, 4000.82, 469.67), (2147483648, 7891.0, 476.25), (4294967296, 15668.1, 479.71), (8589934592, 31226.8, 481.39), (17179869184, 62340.7, 482.27)),
        note="8 ranks (srun), datatype double, from 32 MiB"),
    _v4("H100 1x8 AllGather (nccl-tests-cluster)", V4_5, "nccl-tests-cluster", "dgx_h100", "infiniband", 8, 50.0, "allgather", (
        (33554432, 123.44, 237.85), (67108864, 205.21, 286.15), (134217728, 382.2, 307.27), (268435456, 721.26, 325.65), (536870912, 1389.46, 338.09), (1073741824, 2719.6, 345.46), (2147483648, 5355.86, 350.84), (4294967296, 10562.9, 355.78), (8589934592, 20928.4, 359.14), (17179869184, 41542.0, 361.86)),
        note="8 ranks (srun), datatype double, from 32 MiB"),
    _v4("H100 1x8 ReduceScatter (nccl-tests-cluster)", V4_5, "nccl-tests-cluster", "dgx_h100", "infiniband", 8, 50.0, "reducescatter", (
        (33554432, 111.83, 262.55), (67108864, 197.37, 297.52), (134217728, 380.31, 308.8), (268435456, 719.67, 326.37), (536870912, 1399.96, 335.55), (1073741824, 2741.51, 342.7), (2147483648, 5380.08, 349.26), (4294967296, 10561.5, 355.83), (8589934592, 20799.7, 361.36), (17179869184, 41211.4, 364.76)),
        note="8 ranks (srun), datatype double, from 32 MiB"),
    _v4("H100 1x8 AllToAll (nccl-tests-cluster)", V4_5, "nccl-tests-cluster", "dgx_h100", "infiniband", 8, 50.0, "alltoall", (
        (33554432, 124.79, 235.28), (67108864, 215.51, 272.47), (134217728, 393.32, 298.58), (268435456, 777.88, 301.95), (536870912, 1511.21, 310.85), (1073741824, 2830.0, 331.99), (2147483648, 5474.24, 343.25), (4294967296, 10920.9, 344.12), (8589934592, 21708.4, 346.23), (17179869184, 43193.3, 348.03)),
        note="8 ranks (srun), datatype double, from 32 MiB"),
    _v4("H100 1x4 AllReduce (nccl-collectives-bench)", V4_6, "nccl-collectives-bench", "dgx_h100", "infiniband", 4, 50.0, "allreduce", (
        (8, 23.3, 0.0), (16, 23.44, 0.0), (32, 23.23, 0.0), (64, 23.34, 0.0), (128, 23.17, 0.01), (256, 23.3, 0.02), (512, 23.27, 0.03), (1024, 23.28, 0.07), (2048, 23.23, 0.13), (4096, 23.17, 0.27), (8192, 23.75, 0.52), (16384, 24.34, 1.01), (32768, 25.05, 1.96), (65536, 25.49, 3.86), (131072, 26.32, 7.47), (262144, 27.19, 14.46), (524288, 27.88, 28.2), (1048576, 26.76, 58.79), (2097152, 30.32, 103.76), (4194304, 43.43, 144.88), (8388608, 63.07, 199.5), (16777216, 101.86, 247.07), (33554432, 175.81, 286.29), (67108864, 329.39, 305.61), (134217728, 617.74, 325.91), (268435456, 1186.22, 339.44), (536870912, 2315.4, 347.8), (1073741824, 4532.51, 355.35), (2147483648, 8926.72, 360.85), (4294967296, 17744.6, 363.07), (8589934592, 35187.6, 366.18)),
        per_node=4, gpus_per_process=4, note="4 of the host's 8 GPUs, one process (-g 4); the author's quiet re-run"),
    _v4("H100 1x4 AllGather (nccl-collectives-bench)", V4_7, "nccl-collectives-bench", "dgx_h100", "infiniband", 4, 50.0, "allgather", (
        (64, 22.54, 0.0), (128, 22.46, 0.0), (256, 22.3, 0.01), (512, 22.18, 0.02), (1024, 22.11, 0.03), (2048, 22.14, 0.07), (4096, 22.17, 0.14), (8192, 59.46, 0.1), (16384, 24.64, 0.5), (32768, 23.63, 1.04), (65536, 25.05, 1.96), (131072, 26.28, 3.74), (262144, 27.05, 7.27), (524288, 28.24, 13.92), (1048576, 27.87, 28.22), (2097152, 27.76, 56.66), (4194304, 38.62, 81.46), (8388608, 47.3, 133.02), (16777216, 67.25, 187.12), (33554432, 109.19, 230.47), (67108864, 194.91, 258.23), (134217728, 349.92, 287.67), (268435456, 658.88, 305.56), (536870912, 1270.13, 317.02), (1073741824, 2459.19, 327.47), (2147483648, 4831.51, 333.36), (4294967296, 9435.48, 341.39), (8589934592, 18753.6, 343.53)),
        per_node=4, gpus_per_process=4, note="4 of the host's 8 GPUs, one process (-g 4); the author's quiet re-run"),
    _v4("H100 1x4 ReduceScatter (nccl-collectives-bench)", V4_8, "nccl-collectives-bench", "dgx_h100", "infiniband", 4, 50.0, "reducescatter", (
        (64, 21.57, 0.0), (128, 21.44, 0.0), (256, 21.37, 0.01), (512, 21.36, 0.02), (1024, 21.36, 0.04), (2048, 21.32, 0.07), (4096, 21.46, 0.14), (8192, 21.69, 0.28), (16384, 23.26, 0.53), (32768, 21.94, 1.12), (65536, 22.98, 2.14), (131072, 23.96, 4.1), (262144, 24.97, 7.88), (524288, 25.95, 15.15), (1048576, 25.83, 30.45), (2097152, 25.69, 61.23), (4194304, 35.72, 88.06), (8388608, 42.74, 147.21), (16777216, 62.56, 201.12), (33554432, 105.94, 237.55), (67108864, 189.89, 265.06), (134217728, 346.83, 290.24), (268435456, 662.6, 303.84), (536870912, 1274.53, 315.92), (1073741824, 2446.11, 329.22), (2147483648, 4782.16, 336.8), (4294967296, 9411.22, 342.27), (8589934592, 18360.3, 350.89)),
        per_node=4, gpus_per_process=4, note="4 of the host's 8 GPUs, one process (-g 4); the author's quiet re-run"),
    _v4("B200 1x8 AllReduce (gpu-tpu-pedia)", V4_9, "gpu-tpu-pedia", "dgx_b200", "infiniband", 8, 50.0, "allreduce", (
        (8388608, 80.32, 182.77), (16777216, 110.5, 265.67), (33554432, 172.6, 340.13), (67108864, 280.0, 419.49), (134217728, 396.9, 591.81), (268435456, 714.7, 657.26), (536870912, 1335.6, 703.44), (1073741824, 2576.7, 729.25), (2147483648, 5102.4, 736.53), (4294967296, 10171.0, 738.97), (8589934592, 17899.0, 839.82), (17179869184, 35561.0, 845.44)),
        gpus_per_process=8, note="one process, 8 GPUs; one set of columns, taken as out-of-place"),
    _v4("A100 2x8 AllReduce, EFA (awsome-distributed-training)", V4_10, "awsome-distributed-training", "dgx_a100", "efa", 16, 6.25, "allreduce", (
        (8, 164.3, 0.0), (16, 161.4, 0.0), (32, 161.5, 0.0), (64, 161.0, 0.0), (128, 161.2, 0.0), (256, 161.8, 0.0), (512, 162.3, 0.01), (1024, 165.0, 0.01), (2048, 177.6, 0.02), (4096, 169.4, 0.05), (8192, 175.9, 0.09), (16384, 193.4, 0.16), (32768, 224.6, 0.27), (65536, 227.4, 0.54), (131072, 229.7, 1.07), (262144, 238.2, 2.06), (524288, 260.3, 3.78), (1048576, 309.4, 6.35), (2097152, 432.6, 9.09), (4194304, 533.9, 14.73), (8388608, 762.8, 20.62), (16777216, 1191.8, 26.39), (33554432, 1540.2, 40.85), (67108864, 2644.6, 47.58), (134217728, 3912.9, 64.31), (268435456, 7201.7, 69.89), (536870912, 13552.0, 74.28), (1073741824, 26217.0, 76.79), (2147483648, 51406.0, 78.33)),
        note="p4de.24xlarge, 4 x 100G EFA; srun, one GPU per rank"),
    _v4("H100 2x8 AllReduce, EFA (awsome-distributed-training)", V4_10, "awsome-distributed-training", "dgx_h100", "efa", 16, 50.0, "allreduce", (
        (8, 69.12, 0.0), (16, 72.64, 0.0), (32, 74.06, 0.0), (64, 65.48, 0.0), (128, 74.92, 0.0), (256, 74.12, 0.01), (512, 69.5, 0.01), (1024, 69.24, 0.03), (2048, 72.22, 0.05), (4096, 78.58, 0.1), (8192, 81.44, 0.19), (16384, 94.36, 0.33), (32768, 111.7, 0.55), (65536, 135.1, 0.91), (131072, 108.9, 2.26), (262144, 128.0, 3.84), (524288, 123.7, 7.95), (1048576, 123.2, 15.95), (2097152, 147.2, 26.7), (4194304, 168.6, 46.64), (8388608, 204.8, 76.8), (16777216, 298.1, 105.52), (33554432, 439.7, 143.09), (67108864, 601.5, 209.19), (134217728, 870.3, 289.16), (268435456, 1468.2, 342.81), (536870912, 2559.2, 393.34), (1073741824, 4607.6, 436.95), (2147483648, 9074.5, 443.72), (4294967296, 17286.0, 465.87), (8589934592, 33605.0, 479.28), (17179869184, 66132.0, 487.09)),
        note="p5.48xlarge, 32 x 100G EFA; srun, one GPU per rank"),
    _v4("H100 2x8 AllReduce, EFA (aws-do-eks)", V4_11, "aws-do-eks", "dgx_h100", "efa", 16, 50.0, "allreduce", (
        (4, 65.43, 0.0), (8, 64.86, 0.0), (16, 64.72, 0.0), (32, 65.47, 0.0), (64, 65.34, 0.0), (128, 65.99, 0.0), (256, 75.81, 0.01), (512, 69.43, 0.01), (1024, 82.35, 0.02), (2048, 72.49, 0.05), (4096, 77.47, 0.1), (8192, 78.1, 0.2), (16384, 93.35, 0.33), (32768, 106.6, 0.58), (65536, 120.6, 1.02), (131072, 93.62, 2.62), (262144, 111.5, 4.41), (524288, 121.2, 8.11), (1048576, 119.7, 16.43), (2097152, 143.9, 27.33), (4194304, 163.7, 48.03), (8388608, 195.3, 80.54), (16777216, 278.6, 112.91), (33554432, 459.7, 136.87), (67108864, 587.2, 214.29), (134217728, 926.6, 271.6), (268435456, 1497.8, 336.03), (536870912, 2558.6, 393.42), (1073741824, 4553.6, 442.13), (2147483648, 9062.5, 444.31)),
        note="p5.48xlarge, 32 EFA interfaces; MPIJob, one GPU per rank"),
    _v4("H100 2x8 AllReduce, EFA (p5-nccl-test-2024-07-19)", V4_12, "p5-nccl-test-2024-07-19", "dgx_h100", "efa", 16, 50.0, "allreduce", (
        (8, 85.14, 0.0), (16, 62.46, 0.0), (32, 63.27, 0.0), (64, 64.84, 0.0), (128, 64.78, 0.0), (256, 69.39, 0.01), (512, 66.27, 0.01), (1024, 65.12, 0.03), (2048, 69.06, 0.06), (4096, 76.35, 0.1), (8192, 79.97, 0.19), (16384, 105.0, 0.29), (32768, 105.2, 0.58), (65536, 106.8, 1.15), (131072, 97.31, 2.53), (262144, 98.72, 4.98), (524288, 131.4, 7.48), (1048576, 122.7, 16.03), (2097152, 147.8, 26.61), (4194304, 167.3, 47.0), (8388608, 201.5, 78.04), (16777216, 282.7, 111.28), (33554432, 467.9, 134.45), (67108864, 606.2, 207.56), (134217728, 870.2, 289.19), (268435456, 1465.8, 343.38), (536870912, 2566.7, 392.2), (1073741824, 4577.2, 439.85), (2147483648, 9145.8, 440.26), (4294967296, 17244.0, 467.01), (8589934592, 33589.0, 479.5), (17179869184, 66108.0, 487.27)),
        note="p5.48xlarge, 32 x 100G EFA; NCCL 2.22.3 as printed, NCCL_BUFFSIZE=8 MiB; the first of three logs (the others: another NCCL version, a tuner plugin)"),
    _v4("H200 2x8 AllGather, RoCE (skypilot)", V4_13, "skypilot", "hgx_h200", "roce", 16, 50.0, "allgather", (
        (1024, 28.39, 0.03), (2048, 28.29, 0.07), (4096, 28.85, 0.13), (8192, 34.12, 0.23), (16384, 33.28, 0.46), (32768, 34.8, 0.88), (65536, 40.62, 1.51), (131072, 36.17, 3.4), (262144, 41.81, 5.88), (524288, 43.98, 11.18), (1048576, 58.46, 16.82), (2097152, 68.4, 28.74), (4194304, 76.56, 51.36), (8388608, 86.92, 90.47), (16777216, 116.2, 135.41), (33554432, 174.4, 180.42), (67108864, 278.1, 226.19), (134217728, 499.6, 251.88), (268435456, 885.5, 284.21), (536870912, 1575.6, 319.45), (1073741824, 3123.9, 322.23), (2147483648, 6229.6, 323.18), (4294967296, 12416.0, 324.3), (8589934592, 24724.0, 325.72)),
        note="a3-ultragpu-8g, 8 x 400G CX-7 RoCE with GCP's gIB plugin; the page's own run"),
    _v4("H100 2x8 AllGather, TCPXO (cluster-toolkit)", V4_14, "cluster-toolkit", "dgx_h100", "tcpxo", 16, 25.0, "allgather", (
        (256, 86.95, 0.0), (512, 85.7, 0.01), (1024, 85.27, 0.01), (2048, 84.5, 0.02), (4096, 85.55, 0.04), (8192, 84.25, 0.09), (16384, 84.41, 0.18), (32768, 92.99, 0.33), (65536, 96.98, 0.63), (131072, 98.33, 1.25), (262144, 129.67, 1.9), (524288, 126.01, 3.9), (1048576, 133.87, 7.34), (2097152, 136.34, 14.42), (4194304, 148.45, 26.49), (8388608, 166.11, 47.34), (16777216, 197.88, 79.49), (33554432, 290.54, 108.27), (67108864, 517.87, 121.49), (134217728, 806.59, 156.0), (268435456, 1510.98, 166.55), (536870912, 2880.08, 174.76), (1073741824, 5531.01, 182.0), (2147483648, 10820.2, 186.07), (4294967296, 21430.5, 187.89), (8589934592, 42668.7, 188.73)),
        note="a3-megagpu-8g, 8 x 200G GPUDirect-TCPXO"),
    _v4("H200 2x8 AllGather, RoCE (cluster-toolkit)", V4_15, "cluster-toolkit", "hgx_h200", "roce", 16, 50.0, "allgather", (
        (1024, 54.07, 0.02), (2048, 55.46, 0.03), (4096, 55.59, 0.07), (8192, 56.05, 0.14), (16384, 57.08, 0.27), (32768, 57.49, 0.53), (65536, 59.2, 1.04), (131072, 59.58, 2.06), (262144, 63.87, 3.85), (524288, 64.83, 7.58), (1048576, 79.74, 12.33), (2097152, 78.41, 25.07), (4194304, 83.21, 47.26), (8388608, 94.35, 83.35), (16777216, 122.9, 128.02), (33554432, 184.2, 170.8), (67108864, 294.7, 213.51), (134217728, 495.4, 254.0), (268435456, 877.5, 286.8), (536870912, 1589.8, 316.6), (1073741824, 3105.7, 324.13), (2147483648, 6161.7, 326.74), (4294967296, 12305.0, 327.22), (8589934592, 24489.0, 328.85)),
        note="a3-ultragpu-8g, 8 x 400G CX-7 RoCE with GCP's gIB plugin"),
    _v4("A100 2x8 AllReduce, InfiniBand (aks-rdma-infiniband)", V4_16, "aks-rdma-infiniband", "dgx_a100", "infiniband", 16, 25.0, "allreduce", (
        (8, 99.09, 0.0), (32, 42.16, 0.0), (128, 37.41, 0.01), (512, 38.83, 0.02), (2048, 42.16, 0.09), (8192, 50.79, 0.3), (32768, 51.15, 1.2), (131072, 55.33, 4.44), (524288, 325.2, 3.02), (2097152, 124.0, 31.7), (8388608, 199.0, 79.05), (33554432, 618.8, 101.67), (134217728, 1737.8, 144.81), (536870912, 5760.3, 174.75), (2147483648, 21845.0, 184.32), (8589934592, 86026.0, 187.22)),
        note="ND96asr_v4, 8 x 200G HDR InfiniBand; MPIJob, sizes x4"),
    _v4("A100 2x8 AllReduce, InfiniBand (deepops)", V4_17, "deepops", "dgx_a100", "infiniband", 16, 25.0, "allreduce", (
        (8, 38.63, 0.0), (16, 38.14, 0.0), (32, 37.9, 0.0), (64, 40.47, 0.0), (128, 40.52, 0.01), (256, 39.99, 0.01), (512, 41.67, 0.02), (1024, 40.97, 0.05), (2048, 45.93, 0.08), (4096, 49.16, 0.16), (8192, 65.14, 0.24), (16384, 57.43, 0.53), (32768, 62.1, 0.99), (65536, 77.12, 1.59), (131072, 101.0, 2.43), (262144, 121.5, 4.04), (524288, 135.2, 7.27), (1048576, 120.1, 16.37), (2097152, 137.2, 28.67), (4194304, 165.8, 47.43), (8388608, 209.2, 75.17), (16777216, 301.9, 104.19), (33554432, 536.0, 117.38), (67108864, 918.0, 137.08), (134217728, 1603.7, 156.92), (268435456, 2924.5, 172.1), (536870912, 5601.4, 179.71), (1073741824, 11085.0, 181.62), (2147483648, 21551.0, 186.83), (4294967296, 42715.0, 188.53)),
        algorithm="ring", note="DGX A100, 8 x 200G HDR; NCCL_ALGO=RING"),
    _v4("A100 4x8 AllReduce, InfiniBand (deepops)", V4_18, "deepops", "dgx_a100", "infiniband", 32, 25.0, "allreduce", (
        (1048576, 135.3, 15.02), (2097152, 161.5, 25.15), (4194304, 228.7, 35.53), (8388608, 320.3, 50.75), (16777216, 381.0, 85.32), (33554432, 586.2, 110.9), (67108864, 1079.5, 120.44), (134217728, 2281.2, 114.0), (268435456, 3083.1, 168.69), (536870912, 5657.1, 183.87), (1073741824, 11643.0, 178.69), (2147483648, 21874.0, 190.22), (4294967296, 43557.0, 191.05)),
        note="DGX A100, 8 x 200G HDR; 'validate connectivity, not necessarily optimal'"),
    # --- v5: the calibration and held-out v5 sources, each part by alternating_split (module docstring) ---------
    _v5("H100 1x4 AllReduce (dudeperf3ct)", V5_0, "dudeperf3ct/dudeperf3ct.github.io", "dgx_h100", "infiniband", 4, 50.0, "allreduce", (
        (8, 26.08, 0.0), (16, 24.02, 0.0), (32, 23.5, 0.0), (64, 24.29, 0.0), (128, 24.38, 0.01), (256, 24.54, 0.02), (512, 23.65, 0.03), (1024, 23.85, 0.06), (2048, 23.6, 0.13), (4096, 24.63, 0.25), (8192, 25.22, 0.49), (16384, 23.78, 1.03), (32768, 24.4, 2.01), (65536, 24.56, 4.0), (131072, 24.62, 7.98), (262144, 26.8, 14.67), (524288, 26.67, 29.49), (1048576, 28.06, 56.05), (2097152, 32.05, 98.15), (4194304, 45.05, 139.65), (8388608, 65.19, 193.03), (16777216, 104.4, 241.03), (33554432, 174.9, 287.78), (67108864, 326.6, 308.21), (134217728, 614.7, 327.51), (268435456, 1184.9, 339.81), (536870912, 2314.9, 347.88), (1073741824, 4525.6, 355.89)),
        per_node=4, gpus_per_process=4, note="one node, NVLink only; NCCL 2.26.2"),
    _v5("H100 2x8 AllReduce, RoCE (ocitutorials)", V5_1, "oracle-japan/ocitutorials", "dgx_h100", "roce", 16, 50.0, "allreduce", (
        (1073741824, 4511.2, 446.28), (2147483648, 8825.9, 456.22), (4294967296, 17437, 461.83), (8589934592, 34719, 463.9), (17179869184, 69338, 464.57)),
        note="NCCL 2.21.5"),
    _v5("B200 4x8 AllReduce ring, InfiniBand (together-nccl-tests)", V5_2, "togethercomputer/together-nccl-tests", "dgx_b200", "infiniband", 32, 50.0, "allreduce", (
        (4294967296, None, 381.8), (8589934592, None, 384.9), (17179869184, None, 384.1), (34359738368, None, 385.1)),
        algorithm="ring", note="NCCL 2.30.7; busbw only"),
    _v5("B200 4x8 AllReduce, InfiniBand (together-nccl-tests)", V5_2, "togethercomputer/together-nccl-tests", "dgx_b200", "infiniband", 32, 50.0, "allreduce", (
        (4294967296, None, 336.8), (8589934592, None, 344.3), (17179869184, None, 347.4), (34359738368, None, 350.4)),
        note="NCCL 2.30.7; busbw only"),
    _v5("H200 2x8 AllReduce, RoCE (oci-howto)", V5_3, "argonne-lcf/oci-howto", "hgx_h200", "roce", 16, 50.0, "allreduce", (
        (1073741824, 4396.8, 457.9), (2147483648, 8538.8, 471.56), (4294967296, 16756, 480.61), (8589934592, 33250, 484.39), (17179869184, 66214, 486.49)),
        note="NCCL 2.27.5"),
    _v5("A100 2x8 AllReduce SHARP, InfiniBand (abci-docs)", V5_4, "aistabci/abci-docs", "dgx_a100", "infiniband", 16, 12.5, "allreduce", (
        (8, 22.54, 0.0), (16, 23.66, 0.0), (32, 24.62, 0.0), (64, 24.1, 0.0), (128, 22.98, 0.01), (256, 24.35, 0.02), (512, 25.48, 0.04), (1024, 34.96, 0.05), (2048, 35.83, 0.11), (4096, 35.33, 0.22), (8192, 37.07, 0.41), (16384, 39.64, 0.77), (32768, 45.63, 1.35), (65536, 52.22, 2.35), (131072, 63.21, 3.89), (262144, 78.91, 6.23), (524288, 118.5, 8.3), (1048576, 177.0, 11.11), (2097152, 215.2, 18.28), (4194304, 275.5, 28.55), (8388608, 387.0, 40.64), (16777216, 549.8, 57.21), (33554432, 870.1, 72.31), (67108864, 1491.4, 84.37), (134217728, 2587.4, 97.26), (268435456, 5207.5, 96.65), (536870912, 9979.3, 100.87), (1073741824, 19340, 104.1), (2147483648, 38180, 105.46)),
        sharp=True, note="NCCL 2.8"),
    _v5("H100 2x8 AllReduce NVLSTree, InfiniBand (nccl-tests#294)", V5_5, "NVIDIA/nccl-tests#294", "dgx_h100", "infiniband", 16, 50.0, "allreduce", (
        (134217728, 738.7, 340.67), (268435456, 1278.7, 393.62), (536870912, 2467.0, 408.04), (1073741824, 4568.9, 440.65), (2147483648, 9063.6, 444.25)),
        algorithm="nvls_tree", note=""),
    _v5("H100 2x8 AllReduce, RoCE (oci-hpc)", V5_6, "oracle-quickstart/oci-hpc", "dgx_h100", "roce", 16, 50.0, "allreduce", (
        (1073741824, 4478.8, 449.51), (2147483648, 8722.7, 461.62), (4294967296, 17228, 467.43), (8589934592, 34280, 469.84), (17179869184, 68359, 471.22)),
        note="NCCL 2.23.4"),
    _v5("A100 2x8 AllReduce ring, EFA (aws-efa-eks)", V5_7, "aws-samples/aws-efa-eks", "dgx_a100", "efa", 16, 6.25, "allreduce", (
        (8, 179.1, 0.0), (16, 175.2, 0.0), (32, 175.0, 0.0), (64, 175.2, 0.0), (128, 176.2, 0.0), (256, 176.9, 0.0), (512, 178.7, 0.01), (1024, 195.4, 0.01), (2048, 218.6, 0.02), (4096, 245.0, 0.03), (8192, 262.5, 0.06), (16384, 265.4, 0.12), (32768, 271.8, 0.23), (65536, 285.7, 0.43), (131072, 307.1, 0.8), (262144, 308.5, 1.59), (524288, 416.4, 2.36), (1048576, 485.3, 4.05), (2097152, 662.3, 5.94), (4194304, 803.5, 9.79), (8388608, 1159.1, 13.57), (16777216, 1875.1, 16.78), (33554432, 3144.5, 20.01), (67108864, 5305.9, 23.71), (134217728, 8731.1, 28.82), (268435456, 13233.0, 38.04), (536870912, 24495.0, 41.1), (1073741824, 47392.0, 42.48), (2147483648, 92857.0, 43.36), (4294967296, 183834.0, 43.81)),
        algorithm="ring", note="NCCL 2.9.9+cuda11.2"),
    _v5("A100 1x2 AllGather (abhivijay96)", V5_9, "abhivijay96/nccl-tests", "dgx_a100", "infiniband", 2, 50.0, "allgather", (
        (96, 7.95, 0.01), (192, 7.76, 0.01), (384, 8.15, 0.02), (768, 8.1, 0.05), (1536, 9.39, 0.08), (3072, 9.51, 0.16), (6144, 9.47, 0.32), (12288, 10.59, 0.58), (24576, 14.33, 0.86), (49152, 18.24, 1.35), (98304, 24.74, 1.99), (196608, 38.33, 2.56), (393216, 39.72, 4.95), (786432, 42.27, 9.3), (1572864, 47.81, 16.45), (3145728, 60.93, 25.82), (6291456, 65.94, 47.71), (12582912, 82.17, 76.57), (25165824, 121.9, 103.23), (50331648, 206.8, 121.66), (100663296, 371.7, 135.42), (201326592, 686.5, 146.64), (402653184, 1289.8, 156.09)),
        per_node=2, gpus_per_process=2, note="one node, NVLink only; NCCL 2.7.3+cuda10.2"),
    _v5("A100 1x3 AllGather (abhivijay96)", V5_10, "abhivijay96/nccl-tests", "dgx_a100", "infiniband", 3, 50.0, "allgather", (
        (96, 9.75, 0.01), (192, 9.85, 0.01), (384, 9.81, 0.03), (768, 9.61, 0.05), (1536, 9.62, 0.11), (3072, 10.25, 0.2), (6144, 10.22, 0.4), (12288, 11.29, 0.73), (24576, 15.17, 1.08), (49152, 17.51, 1.87), (98304, 22.23, 2.95), (196608, 31.49, 4.16), (393216, 42.61, 6.15), (786432, 45.46, 11.53), (1572864, 51.84, 20.23), (3145728, 64.17, 32.68), (6291456, 79.44, 52.8), (12582912, 96.46, 86.96), (25165824, 138.6, 121.08), (50331648, 230.6, 145.53), (100663296, 405.0, 165.71), (201326592, 763.1, 175.88), (402653184, 1461.1, 183.72)),
        per_node=3, gpus_per_process=3, note="one node, NVLink only; NCCL 2.7.3+cuda10.2"),
    _v5("A100 1x4 AllGather (abhivijay96)", V5_11, "abhivijay96/nccl-tests", "dgx_a100", "infiniband", 4, 50.0, "allgather", (
        (64, 14.99, 0.0), (192, 14.85, 0.01), (384, 14.28, 0.02), (768, 14.75, 0.04), (1536, 14.03, 0.08), (3072, 14.83, 0.16), (6144, 14.47, 0.32), (12288, 14.45, 0.64), (24576, 15.55, 1.19), (49152, 17.47, 2.11), (98304, 21.52, 3.43), (196608, 28.19, 5.23), (393216, 42.73, 6.9), (786432, 46.52, 12.68), (1572864, 52.88, 22.31), (3145728, 63.75, 37.01), (6291456, 77.56, 60.84), (12582912, 107.7, 87.59), (25165824, 144.7, 130.47), (50331648, 236.3, 159.76), (100663296, 422.6, 178.66), (201326592, 799.5, 188.87), (402653184, 1543.2, 195.68)),
        per_node=4, gpus_per_process=4, note="one node, NVLink only; NCCL 2.7.3+cuda10.2"),
    _v5("A100 1x5 AllGather (abhivijay96)", V5_12, "abhivijay96/nccl-tests", "dgx_a100", "infiniband", 5, 50.0, "allgather", (
        (80, 18.39, 0.0), (160, 18.57, 0.01), (320, 18.2, 0.01), (720, 18.25, 0.03), (1520, 17.51, 0.07), (3040, 18.22, 0.13), (6080, 18.51, 0.26), (12240, 18.13, 0.54), (24560, 18.45, 1.07), (49120, 20.64, 1.9), (98240, 23.95, 3.28), (196560, 50.64, 3.11), (393200, 41.34, 7.61), (786400, 50.24, 12.52), (1572800, 58.42, 21.54), (3145680, 67.99, 37.01), (6291440, 80.1, 62.84), (12582880, 109.4, 92.02), (25165760, 152.3, 132.2), (50331600, 250.2, 160.9), (100663280, 441.0, 182.6), (201326560, 825.0, 195.24), (402653120, 1590.5, 202.52)),
        per_node=5, gpus_per_process=5, note="one node, NVLink only; NCCL 2.7.3+cuda10.2"),
    _v5("A100 1x6 AllGather (abhivijay96)", V5_13, "abhivijay96/nccl-tests", "dgx_a100", "infiniband", 6, 50.0, "allgather", (
        (96, 18.08, 0.0), (192, 18.35, 0.01), (384, 23.96, 0.01), (768, 25.51, 0.03), (1536, 18.16, 0.07), (3072, 26.55, 0.1), (6144, 68.1, 0.08), (12288, 91.35, 0.11), (24576, 17.81, 1.15), (49152, 85.77, 0.48), (98304, 22.14, 3.7), (196608, 26.35, 6.22), (393216, 35.8, 9.15), (786432, 49.16, 13.33), (1572864, 54.97, 23.84), (3145728, 71.19, 36.82), (6291456, 83.74, 62.61), (12582912, 113.2, 92.61), (25165824, 153.0, 137.1), (50331648, 250.4, 167.51), (100663296, 440.8, 190.28), (201326592, 832.5, 201.53), (402653184, 1614.4, 207.84)),
        per_node=6, gpus_per_process=6, note="one node, NVLink only; NCCL 2.7.3+cuda10.2"),
    _v5("A100 1x7 AllGather (abhivijay96)", V5_14, "abhivijay96/nccl-tests", "dgx_a100", "infiniband", 7, 50.0, "allgather", (
        (112, 20.71, 0.0), (336, 20.64, 0.01), (672, 20.41, 0.03), (1456, 20.54, 0.06), (3024, 20.66, 0.13), (6048, 20.8, 0.25), (12208, 20.47, 0.51), (24528, 20.87, 1.01), (49056, 23.99, 1.75), (98224, 27.07, 3.11), (196560, 32.08, 5.25), (393120, 99.68, 3.38), (786352, 53.15, 12.68), (1572816, 62.77, 21.48), (3145632, 67.75, 39.8), (6291376, 80.73, 66.8), (12582864, 113.0, 95.42), (25165728, 164.8, 130.89), (50331568, 258.2, 167.1), (100663248, 459.0, 187.97), (201326496, 854.8, 201.88), (402653104, 1654.5, 208.6)),
        per_node=7, gpus_per_process=7, note="one node, NVLink only; NCCL 2.7.3+cuda10.2"),
    _v5("B200 1x8 AllReduce (orcd-benchmarks)", V5_15, "mit-orcd/orcd-benchmarks", "dgx_b200", "infiniband", 8, 50.0, "allreduce", (
        (1048576, 53.27, 34.45), (4194304, 58.14, 126.25), (16777216, 109.7, 267.63), (67108864, 278.9, 421.03), (268435456, 717.2, 655.03), (1073741824, 2564.5, 732.71), (4294967296, 9086.0, 827.23), (17179869184, 35856.0, 838.48)),
        gpus_per_process=8, note="one node, NVLink only; NCCL not printed in this file"),
    _v5("B200 1x8 AllGather (orcd-benchmarks)", V5_15, "mit-orcd/orcd-benchmarks", "dgx_b200", "infiniband", 8, 50.0, "allgather", (
        (1048576, 55.61, 16.5), (4194304, 52.45, 69.98), (16777216, 107.0, 137.16), (67108864, 141.2, 415.97), (268435456, 404.7, 580.41), (1073741824, 1523.4, 616.72), (4294967296, 5755.7, 652.94), (17179869184, 22470.0, 668.99)),
        gpus_per_process=8, note="one node, NVLink only; NCCL not printed in this file"),
    _v5("B200 1x8 ReduceScatter (orcd-benchmarks)", V5_15, "mit-orcd/orcd-benchmarks", "dgx_b200", "infiniband", 8, 50.0, "reducescatter", (
        (1048576, 48.9, 18.76), (4194304, 46.98, 78.12), (16777216, 100.9, 145.46), (67108864, 141.8, 413.98), (268435456, 399.8, 587.49), (1073741824, 1461.6, 642.8), (4294967296, 5528.5, 679.76), (17179869184, 21634.0, 694.84)),
        gpus_per_process=8, note="one node, NVLink only; NCCL not printed in this file"),
    _v5("B200 1x8 Broadcast (orcd-benchmarks)", V5_15, "mit-orcd/orcd-benchmarks", "dgx_b200", "infiniband", 8, 50.0, "broadcast", (
        (1048576, 42.41, 24.72), (4194304, 49.8, 84.22), (16777216, 55.2, 303.93), (67108864, 135.5, 495.12), (268435456, 442.2, 607.08), (1073741824, 1671.3, 642.47), (4294967296, 6526.4, 658.09), (17179869184, 25441.0, 675.27)),
        gpus_per_process=8, note="one node, NVLink only; NCCL not printed in this file"),
    _v5("B200 1x8 AllToAll (orcd-benchmarks)", V5_15, "mit-orcd/orcd-benchmarks", "dgx_b200", "infiniband", 8, 50.0, "alltoall", (
        (1048576, 60.28, 15.22), (4194304, 63.97, 57.37), (16777216, 65.96, 222.56), (67108864, 140.9, 416.65), (268435456, 441.3, 532.26), (1073741824, 1553.2, 604.88), (4294967296, 5805.1, 647.38), (17179869184, 22751.0, 660.75)),
        gpus_per_process=8, note="one node, NVLink only; NCCL not printed in this file"),
    _v5("B200 2x8 AllReduce, InfiniBand (orcd-benchmarks)", V5_16, "mit-orcd/orcd-benchmarks", "dgx_b200", "infiniband", 16, 50.0, "allreduce", (
        (1048576, 478.8, 4.11), (4194304, 1374.3, 5.72), (16777216, 1255.7, 25.05), (67108864, 2464.5, 51.06), (268435456, 4111.3, 122.42), (1073741824, 12614.0, 159.61), (4294967296, 35784.0, 225.05), (17179869184, 137802.0, 233.76)),
        gpus_per_process=8, note="NCCL 2.29.2+cuda13.1"),
    _v5("B200 1x2 Broadcast (aicr-benchmarks)", V5_17, "mghpcc/aicr-benchmarks", "dgx_b200", "infiniband", 2, 50.0, "broadcast", (
        (1048576, 13.73, 76.4), (4194304, 23.44, 178.95), (16777216, 41.73, 402.05), (67108864, 117.15, 572.85), (268435456, 400.92, 669.55), (1073741824, 1539.79, 697.33), (4294967296, 6079.32, 706.49), (17179869184, 24220.1, 709.32)),
        per_node=2, gpus_per_process=2, note="one node, NVLink only; NCCL 2.29.3"),
    _v5("B200 1x2 ReduceScatter (aicr-benchmarks)", V5_17, "mghpcc/aicr-benchmarks", "dgx_b200", "infiniband", 2, 50.0, "reducescatter", (
        (1048576, 13.32, 39.37), (4194304, 28.83, 72.75), (16777216, 38.89, 215.72), (67108864, 99.05, 338.77), (268435456, 336.83, 398.47), (1073741824, 1140.03, 470.92), (4294967296, 4259.79, 504.13), (17179869184, 15887.0, 540.69)),
        per_node=2, gpus_per_process=2, note="one node, NVLink only; NCCL 2.29.3"),
    _v5("B200 1x2 AllGather (aicr-benchmarks)", V5_17, "mghpcc/aicr-benchmarks", "dgx_b200", "infiniband", 2, 50.0, "allgather", (
        (1048576, 13.12, 39.97), (4194304, 25.89, 81.01), (16777216, 38.58, 217.41), (67108864, 96.72, 346.92), (268435456, 322.38, 416.34), (1073741824, 1193.58, 449.8), (4294967296, 4528.21, 474.25), (17179869184, 17843.6, 481.4)),
        per_node=2, gpus_per_process=2, note="one node, NVLink only; NCCL 2.29.3"),
    _v5("B200 1x2 AllReduce (aicr-benchmarks)", V5_17, "mghpcc/aicr-benchmarks", "dgx_b200", "infiniband", 2, 50.0, "allreduce", (
        (1048576, 16.15, 64.92), (4194304, 37.65, 111.41), (16777216, 55.72, 301.09), (67108864, 149.23, 449.71), (268435456, 524.48, 511.82), (1073741824, 1900.64, 564.94), (4294967296, 7039.73, 610.1), (17179869184, 26922.6, 638.12)),
        per_node=2, gpus_per_process=2, note="one node, NVLink only; NCCL 2.29.3"),
    _v5("B200 1x2 AllToAll (aicr-benchmarks)", V5_17, "mghpcc/aicr-benchmarks", "dgx_b200", "infiniband", 2, 50.0, "alltoall", (
        (1048576, 18.41, 28.47), (4194304, 23.07, 90.91), (16777216, 42.51, 197.34), (67108864, 128.09, 261.96), (268435456, 424.8, 315.96), (1073741824, 1259.98, 426.09), (4294967296, 4970.57, 432.04), (17179869184, 19858.0, 432.57)),
        per_node=2, gpus_per_process=2, note="one node, NVLink only; NCCL 2.29.3"),
    _v5("B200 1x3 Broadcast (aicr-benchmarks)", V5_17, "mghpcc/aicr-benchmarks", "dgx_b200", "infiniband", 3, 50.0, "broadcast", (
        (1048576, 13.37, 78.42), (4194304, 24.9, 168.46), (16777216, 44.08, 380.61), (67108864, 122.79, 546.54), (268435456, 418.56, 641.33), (1073741824, 1598.74, 671.62), (4294967296, 6286.84, 683.17), (17179869184, 25051.5, 685.78)),
        per_node=3, gpus_per_process=3, note="one node, NVLink only; NCCL 2.29.3"),
    # --- held-out v6 (sealed) ---
    _v6("H100 1x8 AllReduce (BitdeerAI examples)", V6_0, "BitdeerAI/examples", "dgx_h100", "infiniband", 8, 50.0, "allreduce", (
        (268435456, 1119.8, 419.49), (536870912, 2157.5, 435.46), (1073741824, 4027.3, 466.57), (2147483648, 7983.5, 470.73)),
        gpus_per_process=8, note="one node, NVLink only; NCCL not printed"),
    _v6("H100 2x8 AllReduce ring, InfiniBand (k8s-in-action)", V6_1, "taylor840326/k8s-in-action", "dgx_h100", "infiniband", 16, 50.0, "allreduce", (
        (536870912, 2622.9, 383.79), (1073741824, 5200.4, 387.14), (2147483648, 10308, 390.61), (4294967296, 20528, 392.29), (8589934592, 41145, 391.45)),
        algorithm="ring", note="8 x 400G IB a server; NCCL 2.19.3 (image tag); NCCL_ALGO=Ring, NCCL_CROSS_NIC=1 (job file of commit ffd459e)"),
    _v6("H100 2x8 AllToAll, InfiniBand (k8s-in-action)", V6_1, "taylor840326/k8s-in-action", "dgx_h100", "infiniband", 16, 25.0, "alltoall", (
        (64, 30.82, 0.0), (128, 29.28, 0.0), (256, 29.36, 0.01), (512, 29.54, 0.02), (1024, 29.55, 0.03), (2048, 29.07, 0.07), (4096, 29.43, 0.13), (8192, 29.57, 0.26), (16384, 30.07, 0.51), (32768, 31.31, 0.98), (65536, 30.86, 1.99), (131072, 34.22, 3.59), (262144, 41.78, 5.88), (524288, 49.76, 9.88), (1048576, 68.23, 14.41), (2097152, 94.73, 20.76), (4194304, 154.7, 25.41), (8388608, 264.2, 29.77), (16777216, 462.5, 34.01), (33554432, 849.9, 37.01), (67108864, 1609.2, 39.1), (134217728, 3137.8, 40.1), (268435456, 6208.3, 40.54), (536870912, 12361, 40.72), (1073741824, 24580, 40.95), (2147483648, 50133, 40.16), (4294967296, 97769, 41.18), (8589934592, 195476, 41.2)),
        note="4 x 400G IB a server; NCCL 2.19.3 (image tag)"),
    _v6("H100 1x8 AllToAll (k8s-in-action)", V6_1, "taylor840326/k8s-in-action", "dgx_h100", "infiniband", 8, 50.0, "alltoall", (
        (32, 8.44, 0.0), (64, 8.4, 0.01), (128, 8.41, 0.01), (256, 8.49, 0.03), (512, 8.42, 0.05), (1024, 8.4, 0.11), (2048, 8.34, 0.21), (4096, 8.47, 0.42), (8192, 8.57, 0.84), (16384, 8.63, 1.66), (32768, 9.63, 2.98), (65536, 10.07, 5.69), (131072, 11.68, 9.82), (262144, 13.6, 16.86), (524288, 16.15, 28.4), (1048576, 18.91, 48.53), (2097152, 27.11, 67.68), (4194304, 43.89, 83.63), (8388608, 83.12, 88.31), (16777216, 145.3, 101.0), (33554432, 268.7, 109.29), (67108864, 525.5, 111.74), (134217728, 915.4, 128.29), (268435456, 1710.9, 137.29), (536870912, 4476.7, 104.94), (1073741824, 7142.3, 131.54), (2147483648, 14373, 130.74), (4294967296, 28322, 132.69), (8589934592, 66211, 113.52)),
        note="one node, NVLink only; NCCL 2.19.3 (image tag)"),
    _v6("A100 1x4 AllReduce (abci2.0benchmark)", V6_2, "aistabci/abci2.0benchmark", "dgx_a100", "infiniband", 4, 12.5, "allreduce", (
        (4, 17.24, 0.0), (8, 11.92, 0.0), (16, 11.93, 0.0), (32, 12.16, 0.0), (64, 12.19, 0.01), (128, 12.28, 0.02), (256, 12.73, 0.03), (512, 13.23, 0.06), (1024, 14.31, 0.11), (2048, 15.63, 0.2), (4096, 15.53, 0.4), (8192, 16.72, 0.74), (16384, 19.98, 1.23), (32768, 24.86, 1.98), (65536, 27.08, 3.63), (131072, 31.71, 6.2), (262144, 42.28, 9.3), (524288, 56.78, 13.85), (1048576, 83.97, 18.73), (2097152, 97.32, 32.32), (4194304, 128.3, 49.03), (8388608, 138.6, 90.77), (16777216, 211.9, 118.74), (33554432, 298.4, 168.64)),
        per_node=4, note="one node, 4 of its 8 GPUs, NVLink only; NCCL 2.8.4"),
    _v6("A100 1x8 AllReduce (abci2.0benchmark)", V6_3, "aistabci/abci2.0benchmark", "dgx_a100", "infiniband", 8, 12.5, "allreduce", (
        (4, 17.29, 0.0), (8, 17.03, 0.0), (16, 17.15, 0.0), (32, 17.22, 0.0), (64, 17.4, 0.01), (128, 17.58, 0.01), (256, 18.2, 0.02), (512, 18.34, 0.05), (1024, 20.09, 0.09), (2048, 22.23, 0.16), (4096, 25.78, 0.28), (8192, 26.35, 0.54), (16384, 28.6, 1.0), (32768, 35.78, 1.6), (65536, 40.25, 2.85), (131072, 42.58, 5.39), (262144, 48.22, 9.51), (524288, 58.27, 15.75), (1048576, 75.38, 24.34), (2097152, 116.3, 31.56), (4194304, 140.1, 52.4), (8388608, 202.8, 72.4), (16777216, 236.6, 124.07), (33554432, 370.7, 158.41)),
        note="one node, NVLink only; NCCL 2.8.4"),
    _v6("A100 2x8 AllReduce, InfiniBand (abci2.0benchmark)", V6_4, "aistabci/abci2.0benchmark", "dgx_a100", "infiniband", 16, 12.5, "allreduce", (
        (4, 33.5, 0.0), (8, 32.62, 0.0), (16, 32.38, 0.0), (32, 32.4, 0.0), (64, 33.23, 0.0), (128, 32.51, 0.01), (256, 33.96, 0.01), (512, 34.84, 0.03), (1024, 36.44, 0.05), (2048, 37.83, 0.1), (4096, 40.52, 0.19), (8192, 43.42, 0.35), (16384, 44.99, 0.68), (32768, 49.51, 1.24), (65536, 57.59, 2.13), (131072, 79.2, 3.1), (262144, 88.05, 5.58), (524288, 108.3, 9.08), (1048576, 146.5, 13.42), (2097152, 197.8, 19.88), (4194304, 288.8, 27.23), (8388608, 534.8, 29.41), (16777216, 1026.0, 30.66), (33554432, 1887.3, 33.34)),
        note="ABCI Compute Node (A), 4 x HDR 200G a node; NCCL 2.8.4"),
    _v6("A100 4x8 AllReduce, InfiniBand (abci2.0benchmark)", V6_5, "aistabci/abci2.0benchmark", "dgx_a100", "infiniband", 32, 12.5, "allreduce", (
        (4, 42.34, 0.0), (8, 42.03, 0.0), (16, 42.31, 0.0), (32, 42.77, 0.0), (64, 42.99, 0.0), (128, 43.56, 0.01), (256, 46.63, 0.01), (512, 47.58, 0.02), (1024, 50.2, 0.04), (2048, 53.7, 0.07), (4096, 55.59, 0.14), (8192, 56.2, 0.28), (16384, 59.7, 0.53), (32768, 63.81, 0.99), (65536, 76.42, 1.66), (131072, 105.5, 2.41), (262144, 113.4, 4.48), (524288, 127.7, 7.96), (1048576, 153.5, 13.23), (2097152, 226.6, 17.93), (4194304, 367.5, 22.11), (8388608, 567.1, 28.66), (16777216, 1090.2, 29.82), (33554432, 2075.4, 31.33)),
        note="ABCI Compute Node (A), 4 x HDR 200G a node; NCCL 2.8.4"),
    _v6("A100 8x8 AllReduce, InfiniBand (abci2.0benchmark)", V6_6, "aistabci/abci2.0benchmark", "dgx_a100", "infiniband", 64, 12.5, "allreduce", (
        (4, 57.31, 0.0), (8, 51.38, 0.0), (16, 51.35, 0.0), (32, 51.8, 0.0), (64, 52.11, 0.0), (128, 53.2, 0.0), (256, 55.01, 0.01), (512, 56.95, 0.02), (1024, 63.53, 0.03), (2048, 66.06, 0.06), (4096, 66.33, 0.12), (8192, 67.61, 0.24), (16384, 70.23, 0.46), (32768, 74.75, 0.86), (65536, 87.36, 1.48), (131072, 110.7, 2.33), (262144, 130.8, 3.94), (524288, 152.3, 6.78), (1048576, 208.6, 9.9), (2097152, 334.2, 12.36), (4194304, 587.8, 14.05), (8388608, 1132.4, 14.58), (16777216, 2034.1, 16.24), (33554432, 4342.8, 15.21)),
        note="ABCI Compute Node (A), 4 x HDR 200G a node; NCCL 2.8.4"),
    _v6("A100 16x8 AllReduce, InfiniBand (abci2.0benchmark)", V6_7, "aistabci/abci2.0benchmark", "dgx_a100", "infiniband", 128, 12.5, "allreduce", (
        (4, 67.85, 0.0), (8, 61.68, 0.0), (16, 61.74, 0.0), (32, 61.99, 0.0), (64, 62.74, 0.0), (128, 63.65, 0.0), (256, 66.15, 0.01), (512, 68.16, 0.01), (1024, 74.13, 0.03), (2048, 76.74, 0.05), (4096, 79.08, 0.1), (8192, 79.95, 0.2), (16384, 87.51, 0.37), (32768, 87.85, 0.74), (65536, 102.9, 1.26), (131072, 203.2, 1.28), (262144, 147.7, 3.52), (524288, 164.4, 6.33), (1048576, 199.9, 10.41), (2097152, 309.7, 13.44), (4194304, 420.1, 19.81), (8388608, 773.6, 21.52), (16777216, 1341.2, 24.82), (33554432, 2500.7, 26.63)),
        note="ABCI Compute Node (A), 4 x HDR 200G a node; NCCL 2.8.4"),
    _v6("A100 2x8 AllReduce ring, EFA (aws-deep-learning-amis)", V6_8, "awsdocs/aws-deep-learning-amis", "dgx_a100", "efa", 16, 6.25, "allreduce", (
        (8, 158.9, 0.0), (16, 158.3, 0.0), (32, 157.8, 0.0), (64, 158.7, 0.0), (128, 160.2, 0.0), (256, 159.8, 0.0), (512, 161.7, 0.01), (1024, 177.8, 0.01), (2048, 198.1, 0.02), (4096, 226.2, 0.03), (8192, 249.3, 0.06), (16384, 250.4, 0.12), (32768, 256.7, 0.24), (65536, 269.8, 0.46), (131072, 288.3, 0.85), (262144, 296.1, 1.66), (524288, 376.7, 2.61), (1048576, 448.6, 4.38), (2097152, 620.2, 6.34), (4194304, 768.2, 10.24), (8388608, 1228.5, 12.8), (16777216, 2002.7, 15.71), (33554432, 2988.8, 21.05), (67108864, 8072.1, 15.59), (134217728, 11431, 22.01), (268435456, 17603, 28.59), (536870912, 35110, 28.67), (1073741824, 70231, 28.67)),
        algorithm="ring", note="p4d.24xlarge; NCCL 2.7.8; NCCL_ALGO=ring"),
    _v6("A100 2x8 AllReduce Simple, EFA (aws-hpc-tutorials)", V6_9, "aws-samples/aws-hpc-tutorials", "dgx_a100", "efa", 16, 6.25, "allreduce", (
        (8, 174.2, 0.0), (16, 171.1, 0.0), (32, 162.4, 0.0), (64, 157.9, 0.0), (128, 158.7, 0.0), (256, 158.7, 0.0), (512, 158.7, 0.01), (1024, 161.3, 0.01), (2048, 176.5, 0.02), (4096, 165.7, 0.05), (8192, 172.1, 0.09), (16384, 189.9, 0.16), (32768, 220.4, 0.28), (65536, 224.0, 0.55), (131072, 227.3, 1.08), (262144, 234.2, 2.1), (524288, 257.4, 3.82), (1048576, 307.4, 6.4), (2097152, 388.3, 10.13), (4194304, 522.7, 15.04), (8388608, 761.2, 20.66), (16777216, 1200.2, 26.21), (33554432, 1565.5, 40.19), (67108864, 2724.5, 46.18), (134217728, 4071.8, 61.8), (268435456, 7390.4, 68.1), (536870912, 13605, 73.99), (1073741824, 25940, 77.61)),
        note="P4 instances with A100 80GB (p4de), 4 EFA NICs; NCCL 2.17.1; NCCL_PROTO=simple, which the calculator cannot be given (the model takes NCCL's protocol)"),
    _v6("A100 2x8 AllReduce, InfiniBand (JingchaoZhang.github.io, AKS)", V6_10, "JingchaoZhang/JingchaoZhang.github.io", "dgx_a100", "infiniband", 16, 25.0, "allreduce", (
        (8, 37.3, 0.0), (16, 36.03, 0.0), (32, 36.5, 0.0), (64, 36.33, 0.0), (128, 37.62, 0.01), (256, 38.28, 0.01), (512, 38.2, 0.03), (1024, 40.92, 0.05), (2048, 42.87, 0.09), (4096, 41.82, 0.18), (8192, 46.31, 0.33), (16384, 58.1, 0.53), (32768, 58.73, 1.05), (65536, 60.01, 2.05), (131072, 63.71, 3.86), (262144, 68.25, 7.2), (524288, 80.23, 12.25), (1048576, 96.39, 20.4), (2097152, 128.6, 30.59), (4194304, 148.1, 53.11), (8388608, 211.1, 74.51), (16777216, 333.4, 94.35), (33554432, 615.6, 102.21), (67108864, 932.6, 134.92), (134217728, 1672.7, 150.45), (268435456, 3013.5, 167.02), (536870912, 5702.0, 176.54), (1073741824, 11063, 181.98), (2147483648, 21637, 186.1), (4294967296, 42758, 188.34), (8589934592, 85129, 189.2)),
        note="Azure ND96amsr_A100_v4, 8 x HDR 200G; NCCL of the pytorch:23.03 container, not printed"),
    _v6("A100 2x8 AllReduce, InfiniBand (Azure ML, ND A100 v4)", V6_11, "JingchaoZhang/Running-GPU-Enabled-HPC-Applications-on-Azure-Machine-Learning", "dgx_a100", "infiniband", 16, 25.0, "allreduce", (
        (8, 37.76, 0.0), (16, 37.45, 0.0), (32, 36.38, 0.0), (64, 37.0, 0.0), (128, 36.5, 0.01), (256, 37.62, 0.01), (512, 38.44, 0.02), (1024, 40.18, 0.05), (2048, 44.38, 0.09), (4096, 47.48, 0.16), (8192, 64.17, 0.24), (16384, 105.5, 0.29), (32768, 65.22, 0.94), (65536, 73.32, 1.68), (131072, 66.52, 3.69), (262144, 68.98, 7.13), (524288, 79.28, 12.4), (1048576, 96.57, 20.36), (2097152, 127.5, 30.85), (4194304, 147.0, 53.49), (8388608, 210.7, 74.65), (16777216, 332.4, 94.65), (33554432, 614.9, 102.32), (67108864, 947.8, 132.76), (134217728, 1682.8, 149.55), (268435456, 2975.4, 169.16), (536870912, 5744.6, 175.23), (1073741824, 11080, 181.7), (2147483648, 21872, 184.1), (4294967296, 43176, 186.52), (8589934592, 85820, 187.67)),
        note="Azure ND96asr_v4, 8 x HDR 200G; NCCL of the pytorch:23.03 container, not printed"),
    _v6("H100 1x8 AllReduce (hypercomputer-internode-deepdive, A3)", V6_12, "elideng-sg/hypercomputer-internode-deepdive", "dgx_h100", "infiniband", 8, 50.0, "allreduce", (
        (8, 33.66, 0.0), (16, 32.28, 0.0), (32, 53.81, 0.0), (64, 32.96, 0.0), (128, 34.47, 0.01), (256, 33.3, 0.01), (512, 33.47, 0.03), (1024, 34.95, 0.05), (2048, 35.28, 0.1), (4096, 35.28, 0.2), (8192, 35.39, 0.41), (16384, 37.67, 0.76), (32768, 34.77, 1.65), (65536, 34.08, 3.37), (131072, 35.76, 6.41), (262144, 36.94, 12.42), (524288, 38.38, 23.91), (1048576, 39.7, 46.22), (2097152, 43.34, 84.68), (4194304, 55.87, 131.38), (8388608, 84.85, 173.01), (16777216, 125.8, 233.48), (33554432, 199.6, 294.12), (67108864, 327.5, 358.59), (134217728, 594.4, 395.16), (268435456, 1125.1, 417.54), (536870912, 2169.2, 433.11), (1073741824, 4045.9, 464.43), (2147483648, 7996.1, 469.99), (4294967296, 15797, 475.81), (8589934592, 31322, 479.93)),
        gpus_per_process=8, note="one node, NVLink only; NCCL 2.22.3"),
    _v6("H200 2x8 AllReduce, RoCE (spc-x-host-configuration)", V6_13, "sdambo-git/spc-x-host-configuration", "hgx_h200", "roce", 16, 50.0, "allreduce", (
        (1024, 45.06, 0.04), (2048, 43.84, 0.09), (4096, 43.51, 0.18), (8192, 47.64, 0.32), (16384, 53.65, 0.57), (32768, 64.93, 0.95), (65536, 70.32, 1.75), (131072, 81.24, 3.03), (262144, 63.59, 7.73), (524288, 80.78, 12.17), (1048576, 76.86, 25.58), (2097152, 86.37, 45.53), (4194304, 106.13, 74.1), (8388608, 149.76, 105.03), (16777216, 304.32, 103.37), (33554432, 276.88, 227.23), (67108864, 461.01, 272.94), (134217728, 742.13, 339.1), (268435456, 1275.21, 394.69), (536870912, 2327.12, 432.57), (1073741824, 4388.55, 458.75), (2147483648, 8497.37, 473.86), (4294967296, 16715.2, 481.78), (8589934592, 33169.3, 485.57), (17179869184, 66326.9, 485.66)),
        gpus_per_process=8, note="Spectrum-X, a 400GbE BlueField-3 SuperNIC a GPU; NCCL 2.30.4"),
    # --- held-out v7 (sealed) ---
    _v7("B200 1x8 AllReduce (cluster-quality)", V7_0, "mihai-amp/cluster-quality", "dgx_b200", "infiniband", 8, 50.0, "allreduce", (
        (8, 20.25, 0.0), (16, 18.89, 0.0), (32, 19.34, 0.0), (64, 22.61, 0.0), (128, 24.64, 0.01), (256, 24.73, 0.02), (512, 25.22, 0.04), (1024, 25.47, 0.07), (2048, 25.98, 0.14), (4096, 26.37, 0.27), (8192, 26.44, 0.54), (16384, 26.69, 1.07), (32768, 27.41, 2.09), (65536, 28.39, 4.04), (131072, 28.9, 7.94), (262144, 29.22, 15.7), (524288, 29.63, 30.96), (1048576, 30.1, 60.97), (2097152, 34.29, 107.03), (4194304, 56.17, 130.67), (8388608, 76.96, 190.75), (16777216, 106.99, 274.42), (33554432, 169.72, 345.98), (67108864, 277.18, 423.7), (134217728, 394.59, 595.26), (268435456, 712.6, 659.23), (536870912, 1334.6, 703.98), (1073741824, 2601.84, 722.2), (2147483648, 4605.28, 816.04), (4294967296, 9026.71, 832.66), (8589934592, 17919.9, 838.86), (17179869184, 35667.8, 842.91)),
        note="Vultr HGX B200, one node, NVLink only; NCCL 2.28.9; mpirun, one rank a GPU (log header; command line not printed)"),
    _v7("B200 1x8 AllGather (cluster-quality)", V7_0, "mihai-amp/cluster-quality", "dgx_b200", "infiniband", 8, 50.0, "allgather", (
        (128, 16.12, 0.01), (256, 16.05, 0.01), (512, 16.21, 0.03), (1024, 16.42, 0.05), (2048, 16.74, 0.11), (4096, 16.88, 0.21), (8192, 17.13, 0.42), (16384, 17.1, 0.84), (32768, 17.93, 1.6), (65536, 18.7, 3.07), (131072, 18.87, 6.08), (262144, 19.21, 11.94), (524288, 19.89, 23.06), (1048576, 19.69, 46.59), (2097152, 22.35, 82.09), (4194304, 29.96, 122.48), (8388608, 44.92, 163.4), (16777216, 49.04, 299.38), (33554432, 76.98, 381.39), (67108864, 139.13, 422.06), (134217728, 207.5, 565.98), (268435456, 393.96, 596.21), (536870912, 762.42, 616.14), (1073741824, 1486.06, 632.22), (2147483648, 2911.01, 645.5), (4294967296, 5723.35, 656.62), (8589934592, 11322.8, 663.81), (17179869184, 22357.0, 672.38)),
        note="Vultr HGX B200, one node, NVLink only; NCCL 2.28.9; mpirun, one rank a GPU (log header; command line not printed)"),
    _v7("B200 1x8 ReduceScatter (cluster-quality)", V7_0, "mihai-amp/cluster-quality", "dgx_b200", "infiniband", 8, 50.0, "reducescatter", (
        (128, 16.06, 0.01), (256, 16.01, 0.01), (512, 16.17, 0.03), (1024, 16.4, 0.05), (2048, 16.66, 0.11), (4096, 17.0, 0.21), (8192, 16.82, 0.43), (16384, 17.42, 0.82), (32768, 17.67, 1.62), (65536, 18.52, 3.1), (131072, 18.5, 6.2), (262144, 19.31, 11.88), (524288, 20.06, 22.87), (1048576, 19.7, 46.57), (2097152, 23.9, 76.79), (4194304, 34.26, 107.13), (8388608, 58.36, 125.78), (16777216, 52.3, 280.68), (33554432, 80.28, 365.71), (67108864, 138.64, 423.55), (134217728, 206.09, 569.85), (268435456, 388.79, 604.14), (536870912, 753.29, 623.61), (1073741824, 1451.69, 647.19), (2147483648, 2808.62, 669.03), (4294967296, 5552.57, 676.82), (8589934592, 10912.1, 688.79), (17179869184, 21629.9, 694.98)),
        note="Vultr HGX B200, one node, NVLink only; NCCL 2.28.9; mpirun, one rank a GPU (log header; command line not printed)"),
    _v7("B200 1x8 AllToAll (cluster-quality)", V7_0, "mihai-amp/cluster-quality", "dgx_b200", "infiniband", 8, 50.0, "alltoall", (
        (128, 11.02, 0.01), (256, 10.89, 0.02), (512, 11.48, 0.04), (1024, 11.11, 0.08), (2048, 11.12, 0.16), (4096, 11.25, 0.32), (8192, 11.37, 0.63), (16384, 11.97, 1.2), (32768, 11.81, 2.43), (65536, 12.44, 4.61), (131072, 12.92, 8.88), (262144, 13.68, 16.77), (524288, 14.53, 31.57), (1048576, 18.09, 50.71), (2097152, 23.52, 78.01), (4194304, 38.84, 94.49), (8388608, 34.62, 212.0), (16777216, 51.3, 286.16), (33554432, 83.13, 353.19), (67108864, 135.03, 434.86), (134217728, 236.72, 496.11), (268435456, 438.78, 535.3), (536870912, 840.31, 559.03), (1073741824, 1553.29, 604.86), (2147483648, 3040.54, 618.0), (4294967296, 5704.03, 658.85), (8589934592, 11246.2, 668.33), (17179869184, 22347.5, 672.67)),
        note="Vultr HGX B200, one node, NVLink only; NCCL 2.28.9; mpirun, one rank a GPU (log header; command line not printed)"),
    _v7("B200 2x8 AllReduce, InfiniBand (cluster-quality)", V7_0, "mihai-amp/cluster-quality", "dgx_b200", "infiniband", 16, 50.0, "allreduce", (
        (8, 36.17, 0.0), (16, 34.68, 0.0), (32, 35.14, 0.0), (64, 35.52, 0.0), (128, 36.41, 0.01), (256, 36.69, 0.01), (512, 37.4, 0.03), (1024, 37.54, 0.05), (2048, 38.87, 0.1), (4096, 39.96, 0.19), (8192, 41.72, 0.37), (16384, 42.31, 0.73), (32768, 43.57, 1.41), (65536, 44.27, 2.78), (131072, 64.46, 3.81), (262144, 65.66, 7.49), (524288, 77.88, 12.62), (1048576, 93.41, 21.05), (2097152, 104.94, 37.47), (4194304, 111.68, 70.42), (8388608, 136.2, 115.48), (16777216, 190.47, 165.16), (33554432, 249.24, 252.43), (67108864, 346.14, 363.53), (134217728, 597.27, 421.35), (268435456, 927.12, 542.88), (536870912, 1619.97, 621.39), (1073741824, 3016.62, 667.39), (2147483648, 5805.86, 693.53), (4294967296, 11382.9, 707.47), (8589934592, 22540.8, 714.53), (17179869184, 44870.6, 717.89)),
        note="Vultr HGX B200, 8 x NDR 400G ConnectX-7 a node (plan.md); NCCL 2.28.9; one rank a GPU"),
    _v7("B200 2x8 AllGather, InfiniBand (cluster-quality)", V7_0, "mihai-amp/cluster-quality", "dgx_b200", "infiniband", 16, 50.0, "allgather", (
        (256, 34.05, 0.01), (512, 33.86, 0.01), (1024, 34.44, 0.03), (2048, 34.36, 0.06), (4096, 35.0, 0.11), (8192, 35.93, 0.21), (16384, 36.25, 0.42), (32768, 37.08, 0.83), (65536, 39.75, 1.55), (131072, 42.31, 2.9), (262144, 75.85, 3.24), (524288, 75.86, 6.48), (1048576, 77.59, 12.67), (2097152, 128.43, 15.31), (4194304, 139.74, 28.14), (8388608, 149.62, 52.56), (16777216, 202.24, 77.77), (33554432, 247.08, 127.31), (67108864, 491.04, 128.12), (134217728, 622.04, 202.28), (268435456, 1018.68, 247.04), (536870912, 1717.36, 293.08), (1073741824, 3360.46, 299.55), (2147483648, 6591.25, 305.45), (4294967296, 13098.1, 307.41), (8589934592, 26185.0, 307.54), (17179869184, 52287.3, 308.03)),
        note="Vultr HGX B200, 8 x NDR 400G ConnectX-7 a node (plan.md); NCCL 2.28.9; one rank a GPU"),
    _v7("B200 2x8 AllGather, RoCE (verl-on-gke, GCP A4)", V7_1, "esaaren/verl-on-gke", "dgx_b200", "roce", 16, 50.0, "allgather", (
        (1024, 43.34, 0.02), (2048, 42.8, 0.04), (4096, 43.1, 0.09), (8192, 44.48, 0.17), (16384, 46.17, 0.33), (32768, 47.93, 0.64), (65536, 48.31, 1.27), (131072, 50.06, 2.45), (262144, 50.99, 4.82), (524288, 54.63, 9.0), (1048576, 63.77, 15.41), (2097152, 84.46, 23.28), (4194304, 94.15, 41.77), (8388608, 107.9, 72.9), (16777216, 140.4, 111.99), (33554432, 152.6, 206.09), (67108864, 236.2, 266.37), (134217728, 415.7, 302.72), (268435456, 742.9, 338.77), (536870912, 1412.5, 356.34), (1073741824, 2767.0, 363.8), (2147483648, 5429.5, 370.8), (4294967296, 10757, 374.33), (8589934592, 21395, 376.4)),
        note="GCP a4-highgpu-8g (B200, 8 x 400G RDMA NICs; the GPU from the repository's configuration, not printed); NCCL 2.26.6 through GCP's gIB wrapper"),
    _v7("H100 2x8 AllReduce ring, InfiniBand (crusoe-ml-k3s)", V7_2, "crusoecloud/crusoe-ml-k3s", "dgx_h100", "infiniband", 16, 50.0, "allreduce", (
        (8, 61.65, 0.0), (16, 34.73, 0.0), (32, 43.56, 0.0), (64, 35.93, 0.0), (128, 36.32, 0.01), (256, 55.17, 0.01), (512, 52.27, 0.02), (1024, 52.81, 0.04), (2048, 42.43, 0.09), (4096, 43.33, 0.18), (8192, 45.29, 0.34), (16384, 46.98, 0.65), (32768, 55.61, 1.1), (65536, 54.15, 2.27), (131072, 74.35, 3.31), (262144, 112.5, 4.37), (524288, 123.8, 7.94), (1048576, 287.8, 6.83), (2097152, 224.6, 17.51), (4194304, 153.0, 51.41), (8388608, 178.4, 88.16), (16777216, 176.5, 178.25), (33554432, 255.1, 246.6), (67108864, 413.4, 304.41), (134217728, 716.0, 351.46), (268435456, 1340.4, 375.49), (536870912, 2627.4, 383.13), (1073741824, 5203.1, 386.94), (2147483648, 10317, 390.29)),
        algorithm="ring", note="Crusoe h100-80gb-sxm-ib.8x, 8 InfiniBand HCAs a node with GPUDirect RDMA (400G each: crusoecloud/rdma-test for this instance type); NCCL 2.19.3; NCCL_ALGO=RING"),
    # --- held-out v8 (sealed until its opening; every source held out) -------------------------------
    _v8("H100 2x8 AllGather, TCPXO (a3-bootcamp-ce, A3 Mega)", V8_0, "saltysoup/a3-bootcamp-ce", "dgx_h100", "tcpxo", 16, 25.0, "allgather", (
        (8388608, 350.9, 22.41), (16777216, 394.7, 39.85), (33554432, 444.9, 70.71), (67108864, 705.8, 89.14), (134217728, 1101.8, 114.21), (268435456, 2007.2, 125.38), (536870912, 3490.1, 144.21), (1073741824, 6052.2, 166.32), (2147483648, 11520.0, 174.76), (4294967296, 21720.0, 185.38), (8589934592, 42954.0, 187.48)),
        note="GCP a3-megagpu-8g, 8 x 200G GPUDirect-TCPXO a node; Slurm, the table only (no header: the operation from its counts, bytes / 4 / 16 ranks, redop none; #wrong N/A); NCCL not printed"),
    _v8("H100 2x8 AllGather, TCPXO (gke-recipes, A3 Mega)", V8_1, "kkuchima/gke-recipes", "dgx_h100", "tcpxo", 16, 25.0, "allgather", (
        (256, 235.2, 0.0), (512, 241.0, 0.0), (1024, 236.3, 0.0), (2048, 234.1, 0.01), (4096, 237.1, 0.02), (8192, 236.2, 0.03), (16384, 236.6, 0.06), (32768, 237.9, 0.13), (65536, 242.3, 0.25), (131072, 263.0, 0.47), (262144, 279.2, 0.88), (524288, 273.5, 1.8), (1048576, 315.1, 3.12), (2097152, 319.2, 6.16), (4194304, 331.8, 11.85), (8388608, 356.3, 22.07), (16777216, 409.1, 38.45), (33554432, 451.4, 69.69), (67108864, 713.4, 88.19), (134217728, 1122.1, 112.14), (268435456, 1785.8, 140.92), (536870912, 2859.7, 176.0), (1073741824, 5494.1, 183.22), (2147483648, 10841.0, 185.71), (4294967296, 21453.0, 187.7), (8589934592, 42603.0, 189.03)),
        note="GKE a3-megagpu-8g node pool, 8 x 200G GPUDirect-TCPXO a node; the GKE TCPXO nccl-test image's allgather.sh, the table only (shown as what the output looks like); NCCL not printed"),
    _v8("H200 2x8 AllGather, RoCE (gke-inference-from-scratch, A3 Ultra)", V8_2, "maci0/gke-inference-from-scratch", "hgx_h200", "roce", 16, 50.0, "allgather", (
        (4096, 28.59, 0.13), (8192, 31.73, 0.24), (16384, 31.34, 0.49), (32768, 31.75, 0.97), (65536, 34.44, 1.78), (131072, 35.02, 3.51), (262144, 37.97, 6.47), (524288, 41.05, 11.97), (1048576, 51.79, 18.98), (2097152, 68.33, 28.77), (4194304, 71.76, 54.8), (8388608, 86.61, 90.8), (16777216, 116.1, 135.5), (33554432, 179.1, 175.6), (67108864, 272.5, 230.87), (134217728, 490.1, 256.74), (268435456, 873.4, 288.14), (536870912, 1575.8, 319.41), (1073741824, 3136.1, 320.98), (2147483648, 6233.3, 322.98)),
        note="GKE a3-ultragpu-8g, 8 x 400G RoCE (Titanium ML, ConnectX-7) a node, NCCL_NET=gIB; the repository's test runs all_gather_perf -b 1K -e 8G -g 1, the page shows 4 KiB to 2 GiB (as what the output looks like); NCCL not printed"),
    _v8("A100 1x8 AllReduce (AI-GBB-Bootcamp, ND A100 v4)", V8_3, "JZ-Azure/2024-AI-GBB-Bootcamp", "dgx_a100", "infiniband", 8, 25.0, "allreduce", (
        (8, 18.75, 0.0), (16, 17.94, 0.0), (32, 18.08, 0.0), (64, 17.92, 0.01), (128, 17.92, 0.01), (256, 18.65, 0.02), (512, 19.54, 0.05), (1024, 20.35, 0.09), (2048, 21.65, 0.17), (4096, 23.22, 0.31), (8192, 24.43, 0.59), (16384, 25.7, 1.12), (32768, 29.24, 1.96), (65536, 28.32, 4.05), (131072, 29.05, 7.9), (262144, 28.98, 15.83), (524288, 30.23, 30.36), (1048576, 37.33, 49.15), (2097152, 63.11, 58.16), (4194304, 84.77, 86.59), (8388608, 131.1, 111.97), (16777216, 220.5, 133.14), (33554432, 353.9, 165.94), (67108864, 579.2, 202.78), (134217728, 1157.6, 202.9), (268435456, 2169.8, 216.5), (536870912, 4204.0, 223.48), (1073741824, 8212.6, 228.8), (2147483648, 16274.0, 230.93), (4294967296, 32200.0, 233.42), (8589934592, 64200.0, 234.15)),
        note="Azure ND96asr_v4 (8x A100 40GB, NVSwitch), one node, NVLink only; Azure ML, 8 processes, -g 1; NCCL of the pytorch:23.03 container, not printed"),
)

POINTS: tuple[Point, ...] = tuple(Point(s, size, t, bw) for s in SERIES for size, t, bw in s.rows)


def sources() -> tuple[Source, ...]:
    """Every source of the data set, once, in order of first appearance."""
    seen: dict[str, Source] = {}
    for s in SERIES:
        seen.setdefault(s.source.key, s.source)
    return tuple(seen.values())
