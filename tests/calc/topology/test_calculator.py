"""Tests of calc.topology.calculator: schema, one test per validation rule (exact messages), analysis."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.errors import ValidationError
from calc.registry import run
from calc.topology.calculator import (
    ARTICLE_YAML,
    DEFAULT_YAML,
    RULES,
    Issue,
    analyse,
    expand_range,
    load,
    summary_counts,
)

MODELS = """\
  models:
    m64: {ports: 64, speed_Gbps: 400}
    m4: {ports: 4, speed_Gbps: 400}
"""


def issues(text: str) -> list[tuple[str, int, str, str]]:
    return [(i.rule, i.line, i.obj, i.message) for i in load(text).issues]


# --- the article's example ---------------------------------------------------------------------

def test_the_articles_example_loads_and_reports_each_dangling_reference() -> None:
    # Source article, section 3.1: spine-01 peers leaf-01..04, leaf-01 uplinks spine-01/02,
    # but only spine-01 and leaf-01 are defined.
    assert issues(ARTICLE_YAML) == [
        ("unknown-reference", 5, "spine-01", "spine-01 (line 3) lists leaf-02 as a peer, which is not defined"),
        ("unknown-reference", 5, "spine-01", "spine-01 (line 3) lists leaf-03 as a peer, which is not defined"),
        ("unknown-reference", 5, "spine-01", "spine-01 (line 3) lists leaf-04 as a peer, which is not defined"),
        ("unknown-reference", 10, "leaf-01", "leaf-01 (line 7) lists spine-02 as an uplink, which is not defined"),
    ]


def test_the_articles_example_still_gets_analysed() -> None:
    topo = load(ARTICLE_YAML)
    a = analyse(topo)
    assert sorted(topo.servers) == ["gpu-server-01", "gpu-server-02"]  # implicit servers
    assert (a.switches, a.links, a.transceivers) == (2, 3, 6)
    assert a.ratios["leaf-01"] == 2.0  # two servers at 400G, one uplink at 400G (spine-02 is missing)
    assert (a.hops, a.paths) == (1, 1)
    assert topo.dangling == [("spine-01", "leaf-02", "leaf"), ("spine-01", "leaf-03", "leaf"),
                             ("spine-01", "leaf-04", "leaf"), ("leaf-01", "spine-02", "spine")]


def test_the_default_example_is_valid() -> None:
    assert load(DEFAULT_YAML).issues == []


# --- one test per rule -------------------------------------------------------------------------

def test_rule_syntax() -> None:
    assert issues("topology:\n  leaf: [a, b\n") == [
        ("syntax", 2, "yaml", "line 2, column 14: unclosed '[' from line 2, column 9: expected ']'")]


def test_rule_syntax_is_a_validation_error_of_the_yaml_field() -> None:
    with pytest.raises(ValidationError) as info:
        run("topology", {"yaml": "topology:\n  leaf: [a, b\n"})
    assert info.value.field == "yaml"
    assert info.value.message == ("yaml must be valid YAML: line 2, column 14: unclosed '[' from line 2, "
                                  "column 9: expected ']'")


def test_rule_schema_unknown_key() -> None:
    text = "topology:\n  leaf:\n    - name: l1\n      colour: red\n"
    assert issues(text) == [("schema", 4, "leaf switch",
                             "leaf switch: unknown key 'colour'; known: name, model, uplinks, uplink_Gbps, "
                             "servers, rail")]


def test_rule_schema_bad_number() -> None:
    text = "topology:\n  servers:\n    - {name: s1, gpus: eight}\n  leaf:\n    - {name: l1, servers: [s1]}\n"
    assert issues(text) == [("schema", 3, "server s1: gpus",
                             "server s1: gpus must be a whole number of at least 0: got 'eight'")]


def test_rule_schema_missing_topology_key() -> None:
    assert issues("spine: []\n") == [("schema", 1, "document",
                                      "the document must be a mapping with a 'topology' key")]


def test_rule_unknown_reference_to_an_undeclared_server() -> None:
    text = "topology:\n  servers:\n    - {name: s1}\n  leaf:\n    - {name: l1, servers: [s1, s2]}\n"
    assert issues(text) == [("unknown-reference", 5, "l1",
                             "l1 (line 5) lists server s2, which is not defined in servers")]


def test_rule_unknown_reference_to_a_switch_of_the_wrong_tier() -> None:
    text = "topology:\n  leaf:\n    - {name: l1, uplinks: [l2]}\n    - {name: l2, uplinks: [l1]}\n"
    assert issues(text)[0] == ("unknown-reference", 3, "l1",
                               "l1 (line 3) lists l2 as an uplink, but l2 is a leaf, not a spine in network compute")


def test_rule_unknown_reference_to_an_undefined_model() -> None:
    text = "topology:\n" + MODELS + "  leaf:\n    - {name: l1, model: CE8851}\n"
    assert issues(text) == [("unknown-reference", 6, "l1", "l1 (line 6): model CE8851 is not defined in models")]


def test_rule_duplicate_name() -> None:
    text = "topology:\n  spine:\n    - {name: x}\n  leaf:\n    - {name: x}\n"
    assert issues(text) == [("duplicate-name", 5, "x", "duplicate name: x is defined on line 3 and again on line 5")]


def test_rule_duplicate_name_across_a_range() -> None:
    text = "topology:\n  spine:\n    - {name: s}\n  leaf:\n    - {name: l-01..l-03, uplinks: [s]}\n    - {name: l-02}\n"
    assert issues(text) == [("duplicate-name", 6, "l-02",
                             "duplicate name: l-02 is defined on line 5 and again on line 6")]


def test_rule_one_sided_link_leaf_lists_spine_that_does_not_list_it() -> None:
    text = ("topology:\n  spine:\n    - {name: s1, peers: [l1]}\n  leaf:\n"
            "    - {name: l1, uplinks: [s1]}\n    - {name: l2, uplinks: [s1]}\n")
    assert issues(text) == [("one-sided-link", 6, "l2",
                             "l2 (line 6) lists s1 as an uplink, but s1 (line 3) does not list l2 in its peers")]


def test_rule_one_sided_link_spine_lists_leaf_that_does_not_list_it() -> None:
    text = ("topology:\n  spine:\n    - {name: s1, peers: [l1]}\n    - {name: s2, peers: [l1]}\n  leaf:\n"
            "    - {name: l1, uplinks: [s1]}\n")
    assert issues(text) == [("one-sided-link", 4, "s2",
                             "s2 (line 4) lists l1 as a peer, but l1 (line 6) does not list s2 in its uplinks")]


def test_rule_one_sided_link_both_sides_disagree_on_the_count() -> None:
    text = ("topology:\n  spine:\n    - {name: s1, peers: [{name: l1, links: 2}]}\n  leaf:\n"
            "    - {name: l1, uplinks: [{name: s1, links: 4}]}\n")
    assert issues(text) == [("one-sided-link", 5, "l1", "l1 lists 4 links to s1, but s1 lists 2 to l1")]


def test_a_link_listed_on_one_side_only_is_fine_when_the_other_side_has_no_list() -> None:
    text = "topology:\n  spine:\n    - {name: s1}\n  leaf:\n    - {name: l1, uplinks: [s1]}\n"
    assert issues(text) == []


def test_rule_too_many_links() -> None:
    text = ("topology:\n" + MODELS + "  spine:\n    - {name: s1, model: m4}\n  leaf:\n"
            "    - {name: l1, model: m64, servers: [{name: a, links: 2}], uplinks: [{name: s1, links: 3}]}\n"
            "    - {name: l2, model: m64, servers: [b], uplinks: [{name: s1, links: 2}]}\n")
    assert issues(text) == [("too-many-links", 6, "s1", "s1 (line 6) has 5 links but model m4 has 4 ports")]


def test_rule_unattached_server() -> None:
    text = ("topology:\n  servers:\n    - {name: a}\n    - {name: b}\n  leaf:\n    - {name: l1, servers: [a]}\n")
    assert issues(text) == [("unattached-server", 4, "b", "server b (line 4) is not attached to any leaf")]


def test_rule_disconnected() -> None:
    text = ("topology:\n  spine:\n    - {name: s1}\n    - {name: s2}\n  leaf:\n"
            "    - {name: l1, uplinks: [s1]}\n    - {name: l2, uplinks: [s1]}\n    - {name: l3, uplinks: [s2]}\n")
    assert issues(text) == [("disconnected", 4, "s2", "network compute falls apart: s2, l3 cannot reach s1, l1, l2")]


def test_rule_mixed_speeds() -> None:
    text = ("topology:\n  spine:\n    - {name: s1}\n  leaf:\n    - {name: l1, uplinks: [{name: s1, Gbps: 400}]}\n"
            "    - {name: l2, uplinks: [{name: s1, Gbps: 400}]}\n    - {name: l3, uplinks: [{name: s1, Gbps: 200}]}\n")
    assert issues(text) == [("mixed-speeds", 7, "l3",
                             "l3–s1 runs at 200 Gb/s but the leaf–spine links of network compute mostly run at 400 Gb/s")]


def test_rule_storage_on_compute() -> None:
    text = ("topology:\n  servers:\n    - {name: g1, gpus: 8}\n    - {name: st1, role: storage}\n"
            "  leaf:\n    - {name: l1, servers: [g1, st1]}\n")
    assert issues(text) == [("storage-on-compute", 6, "st1",
                             "storage server st1 (line 4) is attached to compute leaf l1: storage traffic would "
                             "share compute links; use a separate storage network")]


def test_storage_on_its_own_network_is_fine() -> None:
    text = ("topology:\n  servers:\n    - {name: g1, gpus: 8}\n    - {name: st1, role: storage}\n"
            "  networks:\n    compute:\n      leaf:\n        - {name: l1, servers: [g1]}\n"
            "    storage:\n      leaf:\n        - {name: l2, servers: [g1, st1]}\n")
    assert issues(text) == []


def test_every_rule_has_a_test() -> None:
    tested = {"syntax", "schema", "unknown-reference", "duplicate-name", "one-sided-link", "too-many-links",
              "unattached-server", "disconnected", "mixed-speeds", "storage-on-compute"}
    assert tested == set(RULES)


def test_issues_are_capped_per_rule() -> None:
    refs = ", ".join(f"x{i}" for i in range(60))
    found = load(f"topology:\n  leaf:\n    - {{name: l1, uplinks: [{refs}]}}\n").issues
    assert len(found) == 51
    assert found[-1] == Issue("unknown-reference", 3, "l1", "further unknown-reference problems are not listed")


# --- ranges ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "names"), [
    ("gpu-01..gpu-03", ["gpu-01", "gpu-02", "gpu-03"]),
    ("s8..s10", ["s8", "s9", "s10"]),
    ("spine-p01-09..spine-p01-11", ["spine-p01-09", "spine-p01-10", "spine-p01-11"]),
    ("solo", ["solo"]),
])
def test_ranges_expand(text: str, names: list[str]) -> None:
    assert expand_range(text) == names


@pytest.mark.parametrize("text", ["a-3..a-1", "a-1..b-3", "a..b"])
def test_bad_ranges_are_refused(text: str) -> None:
    assert expand_range(text) is None


# --- analysis ----------------------------------------------------------------------------------

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


def test_the_calculator_reports_everything() -> None:
    values = run("topology", {"yaml": TWO_TIER, "src": "h1", "dst": "h3"}).outcome.values
    assert values == {"valid": True, "issues": 0, "servers": 4, "gpus": 32, "switches": 4, "links": 11,
                      "transceivers": 22, "max_oversubscription": 4.0, "bisection_Gbps": 600.0, "hops": 3,
                      "paths": 4, "worst_blast": 2, "worst_switch": "s1"}


def test_the_calculator_refuses_an_unknown_server_name() -> None:
    with pytest.raises(ValidationError) as info:
        run("topology", {"yaml": TWO_TIER, "src": "h9"})
    assert info.value.message == "src must name a server in the topology: got 'h9'"


def test_the_calculator_gives_the_svg_and_issues_to_the_view() -> None:
    data = run("topology", {"yaml": ARTICLE_YAML}).outcome.data
    assert data["svg"].startswith("<svg")
    assert data["issues"][0] == {"line": 5, "object": "spine-01", "rule": "unknown-reference",
                                 "message": "spine-01 (line 3) lists leaf-02 as a peer, which is not defined"}


@pytest.mark.parametrize(("example", "valid"), [("article", False), ("pod", True), ("su", True)])
def test_examples_fill_the_editor(example: str, valid: bool) -> None:
    assert run("topology", {"example": example}).outcome.values["valid"] is valid


def test_the_scalable_unit_example_is_one_superpod_su() -> None:
    # 32 servers x 8 GPUs, 8 rail leaves, 4 spines (see test_fabric's DGX SuperPOD table).
    values = run("topology", {"example": "su"}).outcome.values
    assert (values["gpus"], values["switches"], values["links"]) == (256, 12, 512)


# --- property: any document gives a result or a ValidationError, never a crash -----------------

WORDS = ["topology", "spine", "leaf", "core", "servers", "models", "networks", "compute", "storage", "name",
         "peers", "uplinks", "model", "ports", "speed_Gbps", "links", "Gbps", "rail", "gpus", "nics", "role",
         "defaults", "link_Gbps", "s1", "l1", "h1", "s1..s3", "l-1..l-2", "m"]
leaves_st = st.one_of(st.sampled_from(WORDS), st.integers(-3, 70), st.booleans(), st.none(), st.floats(-1, 500))
documents = st.recursive(leaves_st, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(WORDS), inner, max_size=4)), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(WORDS), documents, max_size=4))
def test_any_document_gives_a_result_or_a_validation_error(body: dict[str, object]) -> None:
    text = "topology: " + json.dumps(body) + "\n"
    try:
        values = run("topology", {"yaml": text}).outcome.values
    except ValidationError:
        return
    assert all(math.isfinite(v) for v in values.values() if isinstance(v, float))
