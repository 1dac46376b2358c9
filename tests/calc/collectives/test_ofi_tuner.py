"""aws-ofi-nccl's region tuner (calc/collectives/ofi_tuner.py). The geometry cases are those of aws-ofi-nccl's own
unit test, tests/unit/region_based_tuner.cpp at v1.21.1 (its polygon and points, in log2 as the tuner compares
them); the regions are region_init_internal_p5_p5e's and region_init_internal_p6's."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.collectives import nccl
from calc.collectives.nccl import Comm
from calc.collectives.ofi_tuner import P5_ALLREDUCE_8PPN, P6_8PPN, classify, extend_region, to_log2

MAX_SIZE = 100.0 * 1024**3
MAX_RANKS = 1024.0 * 1024
MIB, GIB = 2**20, 2**30


def test_a_horizontal_line_extends_to_the_largest_size() -> None:
    x, y = extend_region((2, 8), (4, 8))
    assert x == pytest.approx(MAX_SIZE, abs=1e-4)
    assert y == 8


def test_a_vertical_line_extends_to_the_most_ranks() -> None:
    assert extend_region((8, 2), (8, 4)) == (8, MAX_RANKS)


def test_a_shallow_line_extends_to_the_largest_size_at_its_own_rank_count() -> None:
    slope = (math.log2(72) - math.log2(64)) / (math.log2(8290304) - math.log2(8))
    x, y = extend_region((8, 64), (8290304, 72))
    assert x == pytest.approx(MAX_SIZE, abs=1e-4)
    assert y == pytest.approx(2 ** (math.log2(72) + slope * (math.log2(MAX_SIZE) - math.log2(8290304))))


def test_a_steep_line_extends_to_the_most_ranks_at_its_own_size() -> None:
    slope = (math.log2(1024) - math.log2(64)) / (math.log2(16) - math.log2(8))
    x, y = extend_region((8, 64), (16, 1024))
    assert x == pytest.approx(2 ** ((math.log2(MAX_RANKS) - math.log2(1024)) / slope + 4), abs=1e-4)
    assert y == MAX_RANKS


# The unit test's polygon: e (the line through 48 MiB x 16 and 288 MiB x 128, extended), p1, p2, p3, p5.
E = extend_region((48 * MIB, 16), (288 * MIB, 128))
CORNERS = (E, (288 * MIB, 128), (48 * MIB, 16), (4 * MIB, 2), (MAX_SIZE, 2))
POLYGON = tuple(to_log2(*c) for c in CORNERS)


@pytest.mark.parametrize("corner", CORNERS)
def test_a_vertex_is_on_the_edge(corner: tuple[float, float]) -> None:
    assert classify(to_log2(*corner), POLYGON) == 0


def test_points_along_every_edge_are_on_the_edge() -> None:
    on_edges = []
    for (x0, y0), (x1, y1) in zip(POLYGON, POLYGON[1:] + POLYGON[:1]):
        if x1 == x0:
            continue
        slope, x = (y1 - y0) / (x1 - x0), x0
        while x < x1:
            on_edges.append(classify((x, slope * x + y1 - slope * x0), POLYGON))
            x *= 2
    assert on_edges and set(on_edges) == {0}


INSIDE = [(16 * MIB, 4), (128 * MIB, 4), (GIB, 4), (4 * GIB, 4), (16 * GIB, 4), (32 * GIB, 4), (64 * MIB, 16),
          (GIB, 16), (4 * GIB, 16), (16 * GIB, 16), (32 * GIB, 16), (64 * GIB, 16), (512 * MIB, 128), (4 * GIB, 128),
          (16 * GIB, 128), (32 * GIB, 128), (64 * GIB, 128), (64 * GIB, 256), (MAX_SIZE - 10, 128),
          (E[0] - 10, E[1] - 10)]


@pytest.mark.parametrize("point", INSIDE)
def test_a_point_inside_the_polygon_is_inside(point: tuple[float, float]) -> None:
    assert classify(to_log2(*point), POLYGON) == 1


OUTSIDE = [(2 * MIB, 2), (64 * MIB, 64), (200 * MIB, 128), (GIB, 1024), (GIB, 2048), (8 * MIB, 4), (8 * MIB, 512),
           (16 * MIB, 8), (32 * MIB, 32), (64 * MIB, 256), (256 * MIB, 256), (256 * MIB, 2048), (MAX_SIZE + 1e9, 128)]


@pytest.mark.parametrize("point", OUTSIDE)
def test_a_point_outside_the_polygon_is_outside(point: tuple[float, float]) -> None:
    assert classify(to_log2(*point), POLYGON) == -1


def p5(nodes: int, nvls: bool = True, profile: nccl.Profile = nccl.EFA_P5_PROFILE) -> Comm:
    """``nodes`` p5.48xlarge (8 H100, 32 x 100 Gb/s EFA each) as NCCL's tuner sees them."""
    return Comm(8 * nodes, nodes, "hopper", 18 * 20.6, 50.0, nvls, False, profile)


@pytest.mark.parametrize(("size", "choice"), [
    (32 * MIB, ("tree", "LL128")),  # below the tree's edge at 32 ranks, 36 MiB
    (64 * MIB, ("ring", "LL128")),
    (GIB, ("ring", "LL128")),
    (2 * GIB, ("ring", "Simple")),  # beyond 1.5 GiB at 32 ranks
])
def test_on_four_p5_nodes_the_region_tuner_decides_allreduce(size: int, choice: tuple[str, str]) -> None:
    assert nccl.choose(p5(4), "allreduce", size) == choice


def test_at_128_ranks_a_large_allreduce_runs_nvls_tree_simple() -> None:
    assert nccl.choose(p5(16), "allreduce", 4 * GIB) == ("nvls_tree", "Simple")


def test_on_two_nodes_nccl_decides_as_usual() -> None:
    # region_get_coll_info_internal_v3: "Skip when two nodes or lesser"
    assert nccl.tuner_region(p5(2), "allreduce", 64 * MIB) is None
    assert nccl.choose(p5(2), "allreduce", 64 * MIB) == nccl.choose(p5(2, profile=nccl.DEFAULT_PROFILE),
                                                                     "allreduce", 64 * MIB)


def test_the_p5_regions_are_for_allreduce_only() -> None:
    assert nccl.tuner_region(p5(4), "allgather", 64 * MIB) is None


def test_a_region_whose_pair_nccl_ignores_is_skipped() -> None:
    # without NVLink SHARP NCCL ignores NVLS-Tree, so at 128 ranks and 4 GiB the next region that holds decides
    assert nccl.tuner_region(p5(16), "allreduce", 4 * GIB) is P5_ALLREDUCE_8PPN[3]
    assert nccl.tuner_region(p5(16, nvls=False), "allreduce", 4 * GIB) is None


def test_efa_runs_the_region_tuner_on_hopper_and_on_the_8_gpu_b200_server() -> None:
    assert nccl.profile_for("efa", "hopper", "dgx_h100") is nccl.EFA_P5_PROFILE
    assert nccl.profile_for("efa", "blackwell", "dgx_b200") is nccl.EFA_P6_PROFILE  # p6-b200.48xlarge
    assert nccl.profile_for("efa", "blackwell", "gb200_nvl72") is nccl.DEFAULT_PROFILE  # p6e-gb200: no regions
    assert nccl.profile_for("efa", "ampere", "dgx_a100") is nccl.DEFAULT_PROFILE  # no region tuner for p4d
    assert nccl.profile_for("tcpxo", "hopper", "dgx_h100") is nccl.TCPXO_PROFILE


def p6(nodes: int, nvls: bool = True) -> Comm:
    """``nodes`` p6-b200.48xlarge (8 B200, 8 x 400 Gb/s EFA each) as NCCL's tuner sees them."""
    return Comm(8 * nodes, nodes, "blackwell", 18 * 40.1, 50.0, nvls, False, nccl.EFA_P6_PROFILE)


def test_the_p6_regions_have_the_sources_vertex_counts_in_its_order() -> None:
    # region_init_internal_p6, nRanks == 8 * nNodes: each region's num_vertices, AllReduce, AllGather, ReduceScatter
    assert [(r.op, r.algo, r.proto, len(r.corners)) for r in P6_8PPN] == [
        ("allreduce", "tree", "LL", 4), ("allreduce", "tree", "LL128", 10), ("allreduce", "ring", "LL128", 5),
        ("allreduce", "nvls_tree", "Simple", 19), ("allreduce", "ring", "Simple", 5),
        ("allgather", "ring", "LL", 10), ("allgather", "ring", "LL128", 14), ("allgather", "ring", "Simple", 7),
        ("reducescatter", "ring", "LL", 11), ("reducescatter", "ring", "LL128", 15),
        ("reducescatter", "ring", "Simple", 7)]


@settings(max_examples=300, deadline=None)
@given(op=st.sampled_from(["allreduce", "allgather", "reducescatter"]), nodes=st.integers(3, 512),
       size=st.integers(1, int(MAX_SIZE)))
def test_the_p6_regions_leave_no_gap_up_to_512_servers(op: str, nodes: int, size: int) -> None:
    # Each operation's regions meet edge to edge and cover every size the tuner knows, so a vertex copied wrong
    # (a gap between neighbours) shows here; p5's regions do leave gaps (NCCL decides there).
    assert any(r.holds(size, 8 * nodes) for r in P6_8PPN if r.op == op)


@pytest.mark.parametrize(("op", "nodes", "size", "choice"), [
    ("allreduce", 4, 256 * 2**10, ("tree", "LL")),  # left of 384 KiB at every rank count
    ("allreduce", 4, 8 * MIB, ("tree", "LL128")),
    ("allreduce", 4, 32 * MIB, ("ring", "LL128")),  # on the ring's lower edge, 17.5 to 127.5 MiB at 32 ranks
    ("allreduce", 4, 256 * MIB, ("nvls_tree", "Simple")),
    ("allreduce", 4, GIB, ("ring", "Simple")),  # beyond 415 MiB at 32 ranks
    ("allreduce", 16, 64 * MIB, ("nvls_tree", "Simple")),  # the tree's edge at 128 ranks is 54.5 MiB
    ("allgather", 4, MIB, ("ring", "LL")),  # below 1.5 MiB at 32 ranks
    ("allgather", 16, GIB, ("ring", "LL128")),  # the LL128 edge at 128 ranks is 1.7 GiB
    ("reducescatter", 4, GIB, ("ring", "Simple")),  # beyond 485 MiB at 32 ranks
])
def test_on_p6_the_region_tuner_decides_allreduce_allgather_and_reducescatter(
        op: str, nodes: int, size: int, choice: tuple[str, str]) -> None:
    assert nccl.choose(p6(nodes), op, size) == choice


def test_on_two_p6_nodes_nccl_decides_as_usual() -> None:
    assert nccl.tuner_region(p6(2), "allgather", GIB) is None


@settings(max_examples=300, deadline=None)
@given(nodes=st.integers(1, 4096), size=st.integers(1, 2**40), nvls=st.booleans())
def test_the_tuner_only_ever_picks_a_pair_nccl_would_consider(nodes: int, size: int, nvls: bool) -> None:
    comm = p5(nodes, nvls)
    region = nccl.tuner_region(comm, "allreduce", size)
    assert region is None or nccl.enabled(comm, "allreduce", region.algo, region.proto)
