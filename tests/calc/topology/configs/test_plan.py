"""Tests of calc.topology.configs.plan: ports, ASN plans and address blocks."""

from __future__ import annotations

from calc.topology.configs.calculator import EMULATED_YAML, render
from calc.topology.configs.plan import PRIVATE_4B, Plan


def plan_of(text: str) -> Plan:
    done = render(text)
    assert done.plan is not None
    return done.plan


def test_each_cable_gets_one_port_at_both_ends_named_as_sonic_does() -> None:
    plan = plan_of(EMULATED_YAML)
    leaf = plan.devices["leaf-03"]
    assert [(p.name, p.peer, p.peer_port, p.kind) for p in leaf.ports] == [
        ("Ethernet0", "spine-01", "Ethernet16", "up"), ("Ethernet8", "spine-02", "Ethernet16", "up"),
        ("Ethernet16", "host-05", "nic0", "server"), ("Ethernet24", "host-06", "nic0", "server")]


def test_rfc7938_plan_one_asn_for_the_spines_and_one_per_leaf() -> None:
    asns = {n: d.asn for n, d in plan_of(EMULATED_YAML).devices.items()}
    assert asns == {"spine-01": 65000, "spine-02": 65000, "leaf-01": 65001, "leaf-02": 65002, "leaf-03": 65003,
                    "leaf-04": 65004}


def test_per_switch_plan_gives_every_switch_its_own_asn() -> None:
    asns = [d.asn for d in plan_of(EMULATED_YAML.replace("rfc7938", "per-switch")).devices.values()]
    assert asns == list(range(65000, 65006))


def test_more_leaves_than_two_byte_private_asns_switch_to_four_byte_ones() -> None:
    plan = plan_of(EMULATED_YAML.replace("asn_plan: rfc7938", "asn_plan: rfc7938\n    asn_base: 65532"))
    assert plan.devices["spine-01"].asn == PRIVATE_4B


def test_leaf_subnets_are_the_smallest_block_for_servers_and_gateway() -> None:
    plan = plan_of(EMULATED_YAML)
    assert [d.subnet for d in plan.leaves()] == ["10.128.0.0/29", "10.128.0.8/29", "10.128.0.16/29",
                                                  "10.128.0.24/29"]
    [nic] = plan.nics["host-04"]
    assert (nic.leaf, nic.leaf_port, nic.address, nic.gateway) == ("leaf-02", "Ethernet24", "10.128.0.11", "10.128.0.9")
