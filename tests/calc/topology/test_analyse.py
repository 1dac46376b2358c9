"""Tests of calc.topology.analyse: oversubscription, bisection, paths, blast radius, counts."""

from __future__ import annotations

from calc.topology.analyse import analyse
from calc.topology.calculator import DEFAULT_YAML
from calc.topology.load import load
from tests.calc.oracles import summary_counts

TWO_TIER = """\
topology:
  servers:
    - {name: h1..h4, gpus: 8, nics: 2, nic_Gbps: 400}
  spine:
    - {name: s1..s2}
  leaf:
    - {name: l1, servers: [h1, h2], uplinks: [s1]}
    - {name: l2, servers: [h3, h4], uplinks: [s1, s2]}
"""


def test_oversubscription_is_down_over_up_bandwidth_per_leaf() -> None:
    a = analyse(load(TWO_TIER))
    # l1: 2 servers x 2 NICs x 400 down, 1 x 400 up -> 4:1; l2: 1600 down, 800 up -> 2:1
    assert [(r[1], r[3], r[4], r[5]) for r in a.leaf_rows] == [("l1", 1600.0, 400.0, 4.0), ("l2", 1600.0, 800.0, 2.0)]
    assert a.max_oversubscription == 4.0


def test_bisection_is_half_the_smallest_tier_capacity() -> None:
    a = analyse(load(TWO_TIER))
    assert a.endpoint_Gbps == 3200.0
    assert a.bisection_Gbps == 600.0  # leaf uplinks 1200 Gb/s in total


def test_hops_and_equal_cost_paths() -> None:
    topo = load(TWO_TIER)
    near = analyse(topo, "h1", "h2")
    assert (near.hops, near.paths) == (1, 4)  # both NICs of each on l1: 2 x 2 paths
    far = analyse(topo, "h1", "h3")
    assert (far.hops, far.paths) == (3, 4)  # 2 NICs x 1 (l1-s1) x 1 (s1-l2) x 2 NICs; s2 is not shared


def test_blast_radius_of_a_single_homed_leaf_and_of_a_spine() -> None:
    rows = {r[0]: r for r in analyse(load(TWO_TIER)).blast_rows}
    assert rows["l1"] == ("l1", "leaf", 2, 0, 1600.0)  # h1, h2 have no other leaf
    assert rows["s1"] == ("s1", "spine", 2, 2, 800.0)  # l1's only uplink: h1, h2 cut off; h3, h4 slowed
    assert rows["s2"] == ("s2", "spine", 0, 2, 400.0)


def test_counts_by_tier() -> None:
    a = analyse(load(TWO_TIER))
    assert a.tier_rows == (("compute", "server", 4, 8, 16), ("compute", "leaf", 2, 3, 6), ("compute", "spine", 2, 0, 0))
    assert (a.switches, a.links, a.transceivers) == (4, 11, 22)


def test_summary_counts_cover_compute_networks_only() -> None:
    assert summary_counts(load(DEFAULT_YAML)) == {"spines": 4, "leafs": 8, "server_links": 64, "leaf_links": 64}
