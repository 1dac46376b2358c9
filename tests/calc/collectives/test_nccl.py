"""NCCL's tuner as transcribed in calc/collectives/nccl.py, checked against the formulas of NCCL 2.30.7's
src/graph/tuning.cc (https://github.com/NVIDIA/nccl/blob/5067397c2676d5aed50042fc39e5c8ee96eb0027/src/graph/tuning.cc):
ncclTopoTuneModel's latencies and bandwidths, the enablement rules, ncclTopoGetAlgoTime's corrections."""

from __future__ import annotations

import math

import pytest

from calc.collectives import nccl
from calc.collectives.nccl import Comm

H100_1 = Comm(8, 1, "hopper", 18 * 20.6, 50.0, True, False)
H100_2 = Comm(16, 2, "hopper", 18 * 20.6, 50.0, True, False)
A100_4 = Comm(32, 4, "ampere", 12 * 20.0, 25.0, False, False)


def test_ring_ll_latency_in_one_node_is_base_plus_steps_times_nvlink_hop() -> None:
    # baseLat ring LL 6.6 + 2(n-1) x hwLat NVLink ring LL 0.6
    assert nccl.latency(H100_1, "allreduce", "ring", "LL") == pytest.approx(6.6 + 14 * 0.6)


def test_tree_ll_latency_across_two_nodes() -> None:
    # baseLat tree LL 6.8 + 2 x ((ppn - 1) x 0.6 + log2i(2) x NET tree LL 5.0)
    assert nccl.latency(H100_2, "allreduce", "tree", "LL") == pytest.approx(6.8 + 2 * (7 * 0.6 + 5.0))


def test_ring_simple_latency_across_nodes_uses_the_net_overhead_for_intra_steps() -> None:
    # intraLat = max(3.4, 3 x 1.0); nInterSteps = 2(nNodes - 1); NET ring Simple 14.0
    expected = 8.4 + (62 - 6) * max(3.4, 3.0) + 6 * 14.0
    assert nccl.latency(A100_4, "allreduce", "ring", "Simple") == pytest.approx(expected)


def test_nvls_latency_is_a_fixed_25_us_and_nvls_tree_adds_two_network_hops_per_level() -> None:
    assert nccl.latency(H100_1, "allreduce", "nvls", "Simple") == 25.0
    assert nccl.latency(H100_2, "allreduce", "nvls_tree", "Simple") == pytest.approx(25.0 + 2 * 1 * 20.9)


def test_ring_simple_bandwidth_in_one_node_is_the_nvlink_graph_times_n_over_nsteps() -> None:
    assert nccl.bandwidth(H100_1, "allreduce", "ring", "Simple") == pytest.approx(18 * 20.6 * 8 / 14)


def test_ring_ll_is_half_the_bandwidth_capped_by_ll_max() -> None:
    # min(llMaxBw Hopper N1 141, 0.5 x 370.8) x n/nsteps
    assert nccl.bandwidth(H100_1, "allreduce", "ring", "LL") == pytest.approx(141.0 * 8 / 14)


def test_nvls_bus_bandwidth_uses_the_generation_efficiency_and_channel_count() -> None:
    # 16 channels x (370.8/16 x 0.85 x 15/16 x 2), then x n/nsteps
    bus = 16 * (18 * 20.6 / 16 * 0.85 * 15 / 16 * 2)
    assert nccl.bandwidth(H100_1, "allreduce", "nvls", "Simple") == pytest.approx(bus * 8 / 14)


@pytest.mark.parametrize(("comm", "op", "algo", "proto", "allowed"), [
    (H100_1, "allreduce", "nvls_tree", "Simple", False),  # NVLS Tree disabled on a single node
    (H100_2, "allreduce", "nvls", "Simple", False),       # NVLS across nodes only with CollNet
    (H100_2, "allreduce", "nvls", "LL", False),           # NVLS is Simple only
    (H100_2, "allgather", "tree", "Simple", False),       # no tree for AllGather
    (H100_2, "allgather", "pat", "Simple", False),        # PAT only with one GPU per node
    (Comm(4, 4, "hopper", 370.8, 50.0, False, False), "allgather", "pat", "Simple", True),
    (H100_2, "allreduce", "collnet_direct", "Simple", False),  # needs CollNet (SHARP)
    (Comm(16, 2, "hopper", 370.8, 50.0, True, True), "allreduce", "collnet_direct", "Simple", True),
    (H100_2, "broadcast", "tree", "Simple", False),       # Broadcast: ring only
])
def test_enablement_follows_ncclTopoTuneModel(comm: Comm, op: str, algo: str, proto: str, allowed: bool) -> None:
    assert nccl.enabled(comm, op, algo, proto) is allowed
    assert (nccl.time_us(comm, op, algo, proto, 2**20) < math.inf) is allowed


def test_tree_correction_factor_is_indexed_by_log2_of_size_over_64() -> None:
    # treeCorrectionFactor[Simple] at 1 MiB: log2i(2^20 >> 6) = 14 -> 0.5; beyond 256 MiB: 1
    assert nccl.tree_correction("Simple", 2**20) == 0.5
    assert nccl.tree_correction("LL", 64) == 1.0 and nccl.tree_correction("Simple", 2**35) == 1.0


def test_log2i_matches_nccl() -> None:
    assert [nccl.log2i(x) for x in (1, 2, 3, 4, 1023, 1024)] == [0, 1, 1, 2, 9, 10]


def test_nvls_channels_follow_nvls_cc() -> None:
    # src/transport/nvls.cc: 16 on Hopper, 24 in one Blackwell NVL domain, 32 across nodes
    assert H100_1.nvls_channels == 16
    assert Comm(72, 1, "blackwell", 721.8, 50.0, True, False).nvls_channels == 24
    assert Comm(16, 2, "blackwell", 721.8, 50.0, True, False).nvls_channels == 32


# --- run-time rules (src/enqueue.cc topoGetAlgoInfo) and a transport's shipped environment -------------

def test_a_large_collective_gets_every_channel() -> None:
    assert nccl.collective_channels(H100_2, "ring", "Simple", 2**30) == 16


def test_simple_channels_drop_below_nc_times_512_threads_times_64_bytes() -> None:
    # 256 KiB / (512 x 64 B) = 8 channels
    assert nccl.collective_channels(H100_2, "tree", "Simple", 2**18) == 8


def test_ring_ll_threshold_scales_with_the_ranks() -> None:
    # 1 MiB / (512 threads x 8 B x 16 ranks) = 16 channels; 512 KiB gives 8
    assert nccl.collective_channels(H100_2, "ring", "LL", 2**19) == 8


def test_a_tiny_collective_keeps_one_channel() -> None:
    assert nccl.collective_channels(H100_2, "tree", "LL", 8) == 1


def test_nvls_uses_its_own_channel_count_at_every_size() -> None:
    assert nccl.collective_channels(H100_1, "nvls", "Simple", 8) == 16


TCPXO_2 = Comm(16, 2, "hopper", 18 * 20.6, 25.0, False, False, nccl.TCPXO_PROFILE)


def test_tcpxo_environment_allows_only_simple() -> None:
    # GCP's A3 Mega recipe: NCCL_PROTO=Simple, NCCL_ALGO=Ring,Tree
    assert not nccl.enabled(TCPXO_2, "allreduce", "tree", "LL")
    assert not nccl.enabled(TCPXO_2, "allreduce", "nvls_tree", "Simple")


def test_tcpxo_tuner_runs_tree_simple_for_allreduce_on_two_nodes_of_eight_at_every_size() -> None:
    assert {nccl.choose(TCPXO_2, "allreduce", s) for s in (8, 2**20, 2**33)} == {("tree", "Simple")}


def test_tcpxo_tuner_rule_on_four_nodes_stops_at_2_MiB() -> None:
    four = Comm(32, 4, "hopper", 18 * 20.6, 25.0, False, False, nccl.TCPXO_PROFILE)
    assert nccl.tuner_rule(four, "allreduce", 2**21 - 1) is not None
    assert nccl.tuner_rule(four, "allreduce", 2**21) is None


def test_the_default_profile_has_no_tuner_rules() -> None:
    assert nccl.tuner_rule(H100_2, "allreduce", 2**20) is None


def test_ll_ceiling_is_the_generation_s_on_one_node_and_the_intel_host_s_across_nodes() -> None:
    # tuning.cc llMaxBws: Hopper-N1 141.0; across nodes the CPU row (Intel) N2 39.0, N4 20.4.
    assert nccl.ll_max_GBps(H100_1) == 141.0
    assert nccl.ll_max_GBps(H100_2) == 39.0
    assert nccl.ll_max_GBps(A100_4) == 20.4


@pytest.mark.parametrize(("proto", "buffsize", "chunk"), [
    ("Simple", 1 << 22, 2 * 2**20),   # NCCL_STEPS / 2 steps of 4 MiB / NCCL_STEPS
    ("Simple", 8 << 20, 4 * 2**20),   # GCP's TCPXO buffer (NCCL_BUFFSIZE 8 MiB)
    ("LL128", 1 << 22, 576000),       # one 614,400-byte step, 15 of every 16 words data
    ("LL", 1 << 22, 32768),           # half of one 64 KiB step
])
def test_ring_chunks_follow_calc_coll_chunking(proto: str, buffsize: int, chunk: int) -> None:
    # NCCL 2.30.7 src/enqueue.cc calcCollChunking with src/include/collectives.h (ALLREDUCE_CHUNKSTEPS NCCL_STEPS/2)
    # and src/init.cc's buffer sizes.
    assert nccl.ring_chunk_bytes(proto, buffsize) == chunk


@pytest.mark.parametrize(("ranks", "peer_bytes", "channels"), [
    (8, 0, 1),  # an empty send still takes one channel
    (8, 64 * 1024, 1),  # one part of 64 KiB (P2P_CHUNK_BYTES / 8)
    (8, 64 * 1024 + 1, 2),
    (8, 256 * 1024, 4),  # nChannelsMin: 32 per peer halved until 8 peers fit in 32 channels
    (8, 64 * 2**20, 4),  # four parts of 16 MiB, the largest part inside one node
    (8, 64 * 2**20 + 4, 8),  # a part above 16 MiB doubles the channels
    (4, 2**20, 8),  # four peers: 8 channels each
    (72, 2**20, 1),  # 72 peers share 32 channels: one each
])
def test_p2p_channels_per_peer_follow_add_p2p_to_plan(ranks: int, peer_bytes: int, channels: int) -> None:
    # NCCL 2.30.7 src/enqueue.cc addP2pToPlan and src/graph/paths.cc ncclTopoComputeP2pChannels: parts of at least
    # 512 KiB / 8 and at most 512 KiB x 32 inside one node; a pool of 32 p2p channels ("32 p2p channels" in the
    # INIT lines of A100, H100 and B200 runs).
    assert nccl.p2p_peer_channels(ranks, peer_bytes) == channels
