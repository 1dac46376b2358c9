"""Tests of calc.fabric.sizing: published reference designs exactly, round trip to YAML, properties, costs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.errors import ValidationError
from calc.fabric.sizing import design, emit_yaml, leaf_split, pattern_times
from calc.registry import run
from calc.topology.analyse import analyse
from calc.topology.load import load
from tests.calc.oracles import summary_counts


def fabric(**params: object) -> dict[str, Any]:
    return dict(run("fabric", params).outcome.values)


# --- NVIDIA DGX SuperPOD (DGX B200) compute fabric, "SU Count / Node Count / GPU Count /
# InfiniBand Switch Count (Leaf, Spine, Core) / Cable Count (Node-Leaf, Leaf-Spine, Spine-Core)":
# https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200/latest/dgx-superpod-architecture.html
# 32 DGX B200 (8 GPUs, 8 x 400G NDR ConnectX-7 each) per SU, rail-optimized, 64-port QM9700 switches.
SUPERPOD_B200 = [
    # SUs, nodes, GPUs, leaf, spine, core, node-leaf, leaf-spine, spine-core
    (2, 64, 512, 16, 8, 0, 512, 512, 0),
    (4, 128, 1024, 32, 16, 0, 1024, 1024, 0),
    (8, 256, 2048, 64, 32, 0, 2048, 2048, 0),
    (16, 512, 4096, 128, 128, 64, 4096, 4096, 4096),
    (32, 1024, 8192, 256, 256, 128, 8192, 8192, 8192),
    (64, 2048, 16384, 512, 512, 256, 16384, 16384, 16384),
]


@pytest.mark.parametrize(("sus", "nodes", "gpus", "leaf", "spine", "core", "node_leaf", "leaf_spine", "spine_core"),
                         SUPERPOD_B200)
def test_dgx_superpod_b200_compute_fabric_table(sus: int, nodes: int, gpus: int, leaf: int, spine: int, core: int,
                                                node_leaf: int, leaf_spine: int, spine_core: int) -> None:
    d = design(gpus, 8, 400.0, 1, 64, 1.0, "auto", True)
    assert d.servers == nodes
    assert (d.leaves, d.spines, d.cores) == (leaf, spine, core)
    assert (d.server_links, d.leaf_links, d.spine_links) == (node_leaf, leaf_spine, spine_core)


# --- NVIDIA DGX SuperPOD (DGX H100), "Table 4. Compute fabric component count", 1 to 4 SUs:
# https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/network-fabrics.html
# 31 nodes in the first SU "because a DGX system must be removed to accommodate for UFM connectivity"; the
# "Compute and UFM" cable column is the node-leaf cables plus 4 UFM cables. Three SUs take 16 spines, not 12:
# each leaf's 32 uplinks must split evenly over the spines.
SUPERPOD_H100 = [
    # SUs, nodes, GPUs, leaf, spine, compute+UFM cables, spine-leaf cables
    (1, 31, 248, 8, 4, 252, 256),
    (2, 63, 504, 16, 8, 508, 512),
    (3, 95, 760, 24, 16, 764, 768),
    (4, 127, 1016, 32, 16, 1020, 1024),
]


@pytest.mark.parametrize(("sus", "nodes", "gpus", "leaf", "spine", "compute_ufm", "spine_leaf"), SUPERPOD_H100)
def test_dgx_superpod_h100_compute_fabric_table(sus: int, nodes: int, gpus: int, leaf: int, spine: int,
                                                compute_ufm: int, spine_leaf: int) -> None:
    d = design(gpus, 8, 400.0, 1, 64, 1.0, "auto", True)
    assert d.servers == nodes
    assert (d.leaves, d.spines, d.cores) == (leaf, spine, 0)
    assert d.server_links + 4 == compute_ufm
    assert d.leaf_links == spine_leaf


# --- k-ary fat tree (Al-Fares, Loukissas and Vahdat, SIGCOMM 2008,
# https://doi.org/10.1145/1402958.1402967): k pods of k/2 edge and k/2 aggregation switches,
# (k/2)^2 core switches: k^3/4 hosts and 5k^2/4 switches, every tier k^3/4 links.
@pytest.mark.parametrize("k", [4, 8, 16, 24, 32, 48, 64])
def test_k_ary_fat_tree(k: int) -> None:
    hosts = k**3 // 4
    got = fabric(gpus=hosts, gpus_per_server=1, switch_ports=k, tiers="3")
    assert got["switches"] == 5 * k * k // 4
    assert (got["leaves"], got["spines"], got["cores"]) == (k * k // 2, k * k // 2, k * k // 4)
    assert got["max_gpus"] == hosts
    assert got["server_links"] == hosts and got["switch_links"] == 2 * hosts
    assert got["transceivers"] == 6 * hosts


def test_two_tiers_reach_k_squared_over_two_hosts_at_one_to_one() -> None:
    # Leaf-spine Clos of radix-k switches: k leaves x k/2 hosts.
    assert fabric(gpus=2048, switch_ports=64)["max_gpus"] == 64 * 64 // 2
    assert fabric(gpus=2048, switch_ports=64)["tiers_used"] == 2
    assert fabric(gpus=2056, switch_ports=64)["tiers_used"] == 3


def test_leaf_split_meets_the_ratio() -> None:
    assert leaf_split(64, 1.0) == (32, 32)
    assert leaf_split(64, 2.0) == (42, 21)
    assert leaf_split(64, 3.0) == (48, 16)
    assert leaf_split(64, 1.5) == (38, 26)


def test_oversubscription_saves_switches() -> None:
    one, three = fabric(gpus=2048), fabric(gpus=2048, oversubscription=3)
    assert (one["leaves"], one["spines"]) == (64, 32)
    # 48 down / 16 up per leaf; 48 x 16 uplinks fill 12 spines, but 16 spreads each leaf's evenly
    assert (three["leaves"], three["spines"]) == (48, 16)


def test_top_of_rack_puts_each_servers_nics_on_one_leaf() -> None:
    got = fabric(gpus=256, rail_optimized=False)
    assert (got["leaves"], got["spines"]) == (8, 4)  # 4 servers x 8 NICs per 32-port-down leaf


def test_all_to_all_bandwidth_per_gpu() -> None:
    # 2:1 leaves (42 down, 21 up), 4096 GPUs, 42 servers = 336 GPUs reachable under a rail leaf:
    # share of traffic that leaves the leaf (4096-336)/(4096-8) = 0.91977; 50 GB/s / (2 x 0.91977).
    got = fabric(gpus=4096, oversubscription=2)
    assert got["alltoall_GBps"] == pytest.approx(50 / (2 * (4096 - 336) / (4096 - 8)), rel=1e-12)
    assert fabric(gpus=4096)["alltoall_GBps"] == 50.0


@pytest.mark.parametrize(("params", "field", "message"), [
    ({"gpus": 12}, "gpus", "gpus must be a multiple of gpus_per_server (8): got 12"),
    ({"gpus": 4096, "tiers": "2"}, "gpus", "gpus must be at most 2048 for a 2-tier fabric of 64-port switches "
                                           "at 1:1: got 4096"),
    ({"gpus": 131072}, "gpus", "gpus must be at most 65536 for a 3-tier fabric of 64-port switches at 1:1: got 131072"),
    ({"gpus": 64, "switch_ports": 8, "rail_optimized": False}, "rail_optimized",
     "rail_optimized must be true when a server's 8 NICs exceed a leaf's 4 down ports: got false"),
])
def test_sizing_errors(params: dict[str, object], field: str, message: str) -> None:
    with pytest.raises(ValidationError) as info:
        run("fabric", params)
    assert (info.value.field, info.value.message) == (field, message)


# --- round trip: sizing -> YAML -> analysis gives the same counts ------------------------------

def round_trip(gpus: int, gps: int = 8, nic: float = 400.0, npg: int = 1, k: int = 64, o: float = 1.0,
               tiers: str = "auto", rail: bool = True) -> None:
    d = design(gpus, gps, nic, npg, k, o, tiers, rail)
    topo = load(emit_yaml(d, gps, nic, k, rail))
    assert topo.issues == []
    counts = summary_counts(topo)
    assert counts.get("leafs", 0) == d.leaves
    assert counts.get("spines", 0) == d.spines
    assert counts.get("cores", 0) == d.cores
    assert counts.get("server_links", 0) == d.server_links
    assert counts.get("leaf_links", 0) == d.leaf_links
    assert counts.get("spine_links", 0) == d.spine_links
    a = analyse(topo)
    assert (a.switches, a.transceivers, a.gpus) == (d.switches, d.transceivers, gpus)
    assert a.max_oversubscription <= d.oversubscription + 1e-9


@pytest.mark.parametrize(("gpus", "extra"), [
    (512, {}), (2048, {}), (4096, {}), (1000, {}), (4096, {"o": 2.0}), (768, {"o": 3.0, "tiers": "3"}),
    (256, {"rail": False}), (96, {"gps": 4, "npg": 2, "k": 32}), (720, {"gps": 72, "k": 128, "nic": 800.0}),
])
def test_sizing_round_trips_through_yaml(gpus: int, extra: dict[str, object]) -> None:
    round_trip(gpus, **extra)  # type: ignore[arg-type]


def test_the_emitted_yaml_of_a_full_leaf_shows_the_requested_oversubscription() -> None:
    d = design(4096, 8, 400.0, 1, 64, 2.0, "auto", True)
    assert analyse(load(emit_yaml(d, 8, 400.0, 64, True))).max_oversubscription == 2.0


designs: st.SearchStrategy[dict[str, object]] = st.builds(
    dict,
    servers=st.integers(1, 300), gps=st.sampled_from([1, 2, 4, 8]), npg=st.sampled_from([1, 2]),
    k=st.sampled_from([16, 32, 48, 64]), o=st.sampled_from([1.0, 1.5, 2.0, 3.0, 4.0]),
    rail=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(designs)
def test_property_round_trip(p: dict[str, object]) -> None:
    gps, npg, k = int(p["gps"]), int(p["npg"]), int(p["k"])  # type: ignore[call-overload]
    rail = bool(p["rail"]) or gps * npg > leaf_split(k, float(p["o"]))[0]  # type: ignore[arg-type]
    gpus = int(p["servers"]) * gps  # type: ignore[call-overload]
    if gpus < 8:
        return
    try:
        design(gpus, gps, 400.0, npg, k, float(p["o"]), "auto", rail)  # type: ignore[arg-type]
    except ValidationError:
        return
    round_trip(gpus, gps, 400.0, npg, k, float(p["o"]), "auto", rail)  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4000), st.sampled_from([16, 32, 64, 128]), st.floats(1.0, 16.0), st.booleans())
def test_property_counts_grow_with_gpus_and_oversubscription_is_never_worse_than_asked(
        servers: int, k: int, o: float, rail: bool) -> None:
    try:
        small = design(servers * 8, 8, 400.0, 1, k, o, "auto", rail)
        big = design((servers + 1) * 8, 8, 400.0, 1, k, o, "auto", rail)
    except ValidationError:
        return
    for name in ("leaves", "spines", "cores", "switches", "server_links", "switch_links", "transceivers"):
        assert getattr(big, name) >= getattr(small, name), name
    assert small.oversubscription <= o + 1e-9
    assert small.down + small.up <= k


# --- what oversubscription costs ---------------------------------------------------------------

def costs(**params: object) -> dict[str, object]:
    return dict(run("oversubscription", params).outcome.values)


def test_single_incast_does_not_care_about_oversubscription() -> None:
    # The receiver's one link is the bottleneck until a leaf's uplinks fall below one NIC's worth.
    assert costs()["incast_2to1"] == 1.0
    assert pattern_times(64.0, 1024, 32, 10**6, 50.0, 0.0, 16).incast_us == pytest.approx(2 * 16 * 10**6 / 5e4)


def test_packed_ring_allreduce_does_not_care_about_oversubscription() -> None:
    assert costs()["allreduce_packed_2to1"] == 1.0


def test_bandwidth_bound_all_to_all_slows_by_the_ratio_times_the_off_leaf_share() -> None:
    got = costs(latency_us=0, message="4GiB")
    assert got["alltoall_2to1"] == pytest.approx(2 * (1024 - 32) / 1023, rel=1e-12)
    assert got["allreduce_scattered_2to1"] == pytest.approx(2 * (1024 - 32) / 1023, rel=1e-12)


def test_step_slowdown_weights_the_pattern_by_the_communication_share() -> None:
    got = costs(latency_us=0, message="4GiB", comm_fraction=0.5)
    assert got["step_2to1"] == pytest.approx(0.5 + 0.5 * 2 * 992 / 1023, rel=1e-12)
    assert got["throughput_2to1"] == pytest.approx(100 / (0.5 + 0.5 * 2 * 992 / 1023), rel=1e-12)


def test_the_article_claim_holds_only_for_an_all_communication_all_to_all_step() -> None:
    # "1:2 halves performance": only when the whole step is bandwidth-bound cross-leaf traffic.
    assert costs(latency_us=0, message="4GiB", comm_fraction=1.0)["throughput_2to1"] == pytest.approx(
        100 / (2 * 992 / 1023), rel=1e-12)
    assert costs(comm_fraction=1.0, pattern="allreduce_packed")["throughput_2to1"] == 100.0


def test_tensor_parallelism_larger_than_the_scale_up_domain_is_flagged() -> None:
    result = run("oversubscription", {"tp": 16, "scale_up_gpus": 8})
    assert result.outcome.values["tp_in_domain"] is False
    assert result.outcome.notes[0] == ("Tensor parallelism of 16 exceeds the 8-GPU scale-up domain: its AllReduces "
                                       "leave NVLink and cross the scale-out network, where oversubscription hits "
                                       "them too.")


def test_every_result_says_its_times_are_arithmetic_with_no_measured_error() -> None:
    assert run("oversubscription", {}).outcome.notes == (
        "These times are α-β arithmetic and the slowdowns the sharing rule's, not measurements: no run of the "
        "collectives' validation (accuracy page) reports an oversubscribed fabric, so they carry no measured error.",)


def test_gpus_per_leaf_cannot_exceed_gpus() -> None:
    with pytest.raises(ValidationError) as info:
        run("oversubscription", {"gpus": 16, "gpus_per_leaf": 32})
    assert info.value.message == "gpus_per_leaf must be at most gpus (16): got 32"


# --- Optics, DAC, twin-port modules, planes and blast radius


def test_a_51_2T_switch_as_128_x_400G_reaches_8192_gpus_in_two_tiers() -> None:
    # 128 ports: 64 down per leaf, 8 rails: 16 groups of 64 servers = 8,192 GPUs with at most 128 leaves.
    got = fabric(gpus=8192, switch_ports=128)
    assert (got["tiers_used"], got["max_gpus"], got["leaves"], got["spines"]) == (2, 8192, 128, 64)


def test_dac_to_the_leaf_needs_no_transceivers_on_server_links() -> None:
    optics, dac = fabric(gpus=2048), fabric(gpus=2048, server_media="dac")
    assert dac["dac_cables"] == 2048
    assert optics["transceivers"] - dac["transceivers"] == 2 * 2048


def test_twin_port_modules_halve_the_switch_side_transceivers() -> None:
    # NVIDIA's twin-port 800G OSFP carries two 400G links: 2,048 leaf-spine cables need 2,048 modules, not 4,096.
    got = fabric(gpus=2048, server_media="dac", links_per_optic=2)
    assert got["transceivers"] == 2048
    assert got["optics_kW"] == pytest.approx(2048 * 17 / 1000, rel=1e-12)  # 17 W each (NVIDIA datasheet)


def test_optics_power_counts_nic_and_switch_modules_at_their_stated_power() -> None:
    # 2,048 GPUs, 1:1, one module per cable end: 2,048 NIC modules at 9 W, 2,048 + 2 × 2,048 at 17 W.
    got = fabric(gpus=2048)
    assert got["optics_kW"] == pytest.approx((2048 * 9 + 3 * 2048 * 17) / 1000, rel=1e-12)


def test_a_rail_leaf_failure_cuts_one_gpu_off_in_each_of_its_servers() -> None:
    got = fabric(gpus=2048)
    assert (got["leaf_failure_servers"], got["leaf_failure_gpus_cut_off"]) == (32, 32)


def test_top_of_rack_leaf_failure_cuts_off_whole_servers() -> None:
    got = fabric(gpus=2048, rail_optimized=False)
    assert got["leaf_failure_gpus_cut_off"] == got["leaf_failure_servers"] * 8


def test_two_planes_leave_no_gpu_cut_off_and_double_the_switches() -> None:
    # Alibaba HPN: each NIC's two ports on two ToRs in two planes; one ToR failure halves bandwidth only.
    one = fabric(gpus=2048, nic_Gbps=400, switch_ports=64)
    two = fabric(gpus=2048, nic_Gbps=400, switch_ports=64, planes=2)
    assert two["leaf_failure_gpus_cut_off"] == 0
    assert (two["leaves"], two["server_links"]) == (2 * one["leaves"], 2 * one["server_links"])
    assert two["alltoall_GBps"] == pytest.approx(one["alltoall_GBps"], rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(servers=st.integers(1, 512), planes=st.integers(1, 4), twin=st.booleans(), dac=st.booleans())
def test_property_dac_and_twin_port_never_add_optics_and_planes_never_cut_gpus_off(
        servers: int, planes: int, twin: bool, dac: bool) -> None:
    base = {"gpus": 8 * servers, "switch_ports": 128, "planes": planes}
    plain = fabric(**base)
    cheaper = fabric(**base, links_per_optic=2 if twin else 1, server_media="dac" if dac else "optics")
    assert cheaper["transceivers"] <= plain["transceivers"]
    assert 0 <= float(cheaper["optics_kW"]) <= float(plain["optics_kW"])
    assert (plain["leaf_failure_gpus_cut_off"] == 0) == (planes > 1)
