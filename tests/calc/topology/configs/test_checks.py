"""Tests of calc.topology.configs.checks and .settings: each consistency rule, its line and its message."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from calc.errors import ValidationError
from calc.registry import run
from calc.topology.configs.calculator import EMULATED_YAML, render


def problems(text: str) -> list[tuple[str, int, str, str]]:
    return [(i.rule, i.line, i.obj, i.message) for i in render(text).issues]


def with_config(extra: str) -> str:
    return EMULATED_YAML + extra


def test_the_emulated_fabric_passes_every_check() -> None:
    assert problems(EMULATED_YAML) == []


def test_an_mtu_changed_on_one_switch_is_reported_at_its_entry() -> None:
    text = with_config("    switches:\n      spine-02: {mtu: 1500}\n")
    assert problems(text) == [("mtu-mismatch", 24, "spine-02",
                               "MTU 1500 on spine-02 Ethernet0 but 9216 on leaf-01; every link of a path must "
                               "carry MTU 9216 (config: mtu) or large frames are dropped")]


def test_a_host_on_another_mtu_breaks_the_path() -> None:
    text = with_config("    hosts:\n      host-03: {mtu: 1500}\n")
    assert [p[:3] for p in problems(text)] == [("mtu-mismatch", 24, "host-03")]


def test_a_different_lossless_priority_on_one_switch_is_reported() -> None:
    text = with_config("    switches:\n      leaf-02: {roce_priority: 4}\n")
    assert problems(text) == [("lossless-priority", 24, "leaf-02",
                               "leaf-02 uses lossless priority 4 but the fabric uses 3: RoCE traffic would leave "
                               "the lossless class on the way")]


def test_a_host_marking_another_dscp_is_reported() -> None:
    text = with_config("    hosts:\n      host-01: {roce_dscp: 24}\n")
    assert [p[:3] for p in problems(text)] == [("lossless-priority", 24, "host-01")]


def test_ecn_kmax_at_or_above_the_pause_threshold_is_reported_on_its_line() -> None:
    text = EMULATED_YAML.replace("kmax_KB: 200", "kmax_KB: 400")
    assert problems(text) == [("ecn-above-xoff", 21, "fabric",
                               "ECN Kmax 400 KB on fabric is not below the PFC pause threshold 400 KB: PFC "
                               "would pause links before ECN slows the senders")]


def test_kmin_above_kmax_is_a_config_error() -> None:
    text = EMULATED_YAML.replace("kmin_KB: 5", "kmin_KB: 300")
    assert problems(text)[0][0] == "config"
    assert problems(text)[0][3] == "config: ecn.kmin_KB (300) must not exceed ecn.kmax_KB (200)"


def test_a_leaf_given_another_leafs_asn_is_reported() -> None:
    text = with_config("    switches:\n      leaf-02: {asn: 65001}\n")
    assert problems(text) == [("duplicate-asn", 24, "leaf-02",
                               "ASN 65001 of leaf-02 is also used by leaf-01: eBGP would drop the routes as a loop")]


def test_spines_sharing_one_asn_is_the_rfc7938_plan_not_a_problem() -> None:
    text = with_config("    switches:\n      spine-02: {asn: 65000}\n")
    assert problems(text) == []


def test_a_repeated_router_id_is_reported() -> None:
    text = with_config("    switches:\n      leaf-04: {router_id: 10.0.0.1}\n")
    assert problems(text) == [("duplicate-router-id", 24, "leaf-04",
                               "router ID 10.0.0.1 of leaf-04 is used by another switch")]


def test_overlapping_address_pools_are_reported() -> None:
    text = with_config("    server_subnets: 10.0.0.0/8\n")
    assert problems(text) == [("duplicate-address", 23, "config",
                               "loopbacks 10.0.0.0/16 and server_subnets 10.0.0.0/8 overlap: addresses would repeat")]


RAILS = """\
topology:
  servers:
    - {name: g1, nics: 2}
  spine:
    - {name: s1, peers: [r1a, r1b]}
  leaf:
    - {name: r1a, rail: 1, servers: [g1]}
    - {name: r1b, rail: 1, servers: [g1]}
"""


def test_a_server_with_one_rail_on_two_leaves_is_reported() -> None:
    assert problems(RAILS) == [("rail-sharing", 8, "g1",
                                "g1 has rail 1 on both r1a and r1b: each rail belongs on its own leaf")]


def test_two_nics_on_one_rail_leaf_are_reported() -> None:
    text = "topology:\n  servers:\n    - {name: g1, nics: 2}\n  leaf:\n    - {name: r1, rail: 1, servers: [{name: g1, links: 2}]}\n"
    assert problems(text) == [("rail-sharing", 5, "g1", "g1 has 2 NICs on rail leaf r1: two rails would share one leaf")]


def test_unknown_config_keys_and_bad_values_name_the_field_and_line() -> None:
    text = with_config("    colour: blue\n    asn_base: 70000.5\n")
    assert problems(text) == [
        ("config", 23, "config", "config: unknown key 'colour'; known: asn_plan, asn_base, loopbacks, "
                                 "server_subnets, mtu, roce, ecn, pfc, switches, hosts"),
        ("config", 24, "config", "config: asn_base must be a whole number from 1 to 4294967294: got '70000.5'"),
    ]


def test_an_override_for_a_missing_switch_is_reported() -> None:
    text = with_config("    switches:\n      leaf-09: {mtu: 9216}\n")
    assert problems(text) == [("config", 24, "leaf-09", "config: switches: leaf-09 is not a switch in the topology")]


def test_topology_problems_come_first_and_stop_the_plan() -> None:
    done = render("topology:\n  leaf:\n    - {name: l1, uplinks: [s9]}\n")
    assert done.plan is None
    assert done.issues[0].rule == "unknown-reference"


def test_an_asn_base_too_close_to_the_top_leaves_no_room() -> None:
    text = EMULATED_YAML.replace("asn_plan: rfc7938", "asn_plan: rfc7938\n    asn_base: 4294967291")
    assert problems(text) == [("address-pool", 19, "config",
                               "asn_base 4294967291 leaves room for 4 ASNs; the plan needs 5")]


CONFIG_VALUES = st.one_of(st.integers(-10, 10**10), st.floats(allow_nan=True), st.text(max_size=30), st.booleans(),
                          st.sampled_from(["10.0.0.0/8", "1.2.3.4", "rfc7938", "[1, 2]", "{a: 1}", "~"]))


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(["asn_plan", "asn_base", "loopbacks", "server_subnets", "mtu", "roce", "ecn", "pfc",
                            "switches", "hosts", "other"]), value=CONFIG_VALUES)
def test_any_config_value_gives_files_or_problems_never_an_exception(key: str, value: object) -> None:
    shown = value if isinstance(value, str) and value[:1] in "[{~" else json.dumps(value)
    text = EMULATED_YAML + f"    {key}: {shown}\n" if key not in ("asn_plan", "mtu") else \
        EMULATED_YAML.replace(f"    {key}: ", f"    {key}: {shown} #", 1)
    try:
        result = run("configs", {"yaml": text})
    except ValidationError as exc:  # only a YAML syntax error may stop the run
        assert exc.message.startswith("yaml must be valid YAML")
        return
    assert result.value("valid") == (result.value("issues") == 0)
