"""Tests of calc.topology.load: schema, one test per validation rule (exact messages), ranges, bounds."""

from __future__ import annotations

import json
import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.errors import ValidationError
from calc.registry import run
from calc.topology.analyse import analyse
from calc.topology.calculator import ARTICLE_YAML, DEFAULT_YAML
from calc.topology.load import expand_range, load
from calc.topology.model import RULES, Issue

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


LAUGHS = "topology:\n leaf:\n - name: l-000001..l-099999\n   uplinks: [s-000001..s-099999]\n"


def test_rule_too_large_stops_a_billion_laughs_at_the_line_that_overflows() -> None:
    assert issues(LAUGHS) == [("too-large", 4, "yaml", "line 4 brings the names declared and listed, ranges "
                               "expanded, to 299997; at most 200000 are allowed")]


def test_rule_too_large_is_a_validation_error_of_the_yaml_field() -> None:
    with pytest.raises(ValidationError) as info:
        run("topology", {"yaml": LAUGHS})
    assert (info.value.field, info.value.message) == (
        "yaml", "yaml must describe at most 200000 names, ranges expanded: got 299997 by line 4")


def test_references_count_once_per_switch_that_lists_them() -> None:
    text = "topology:\n leaf:\n - name: l-001..l-500\n   servers: [h-0001..h-0400]\n"
    assert issues(text)[0][:2] == ("too-large", 4)


@pytest.mark.parametrize(("value", "message"), [
    ("0x" + "f" * 290, "defaults: link_Gbps must be a number of at most 1000000: got 1566011583816884978484029279"
                       "21166660631387683183208445568500… (350 characters)"),
    ("1e308", "defaults: link_Gbps must be a number of at most 1000000: got 1e+308"),
    (".nan", "defaults: link_Gbps must be a number of at least 0.001: got '.nan'"),
    ("-1", "defaults: link_Gbps must be a number of at least 0.001: got -1"),
])
def test_rule_schema_numbers_stay_in_a_range_whose_products_are_finite(value: str, message: str) -> None:
    assert issues(f"topology:\n  defaults: {{link_Gbps: {value}}}\n") == [
        ("schema", 2, "defaults: link_Gbps", message)]


def test_speed_times_count_near_the_float_limit_is_refused_not_infinite() -> None:
    text = ("topology:\n  servers:\n    - {name: h1, nics: 1000000}\n"
            "  leaf:\n    - {name: l1, servers: [{name: h1, Gbps: 1e308}]}\n")
    assert issues(text) == [("schema", 5, "l1: servers: Gbps",
                             "l1: servers: Gbps must be a number of at most 1000000: got 1e+308")]
    assert run("topology", {"yaml": text}).outcome.values["valid"] is False


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
    tested = {"syntax", "too-large", "schema", "unknown-reference", "duplicate-name", "one-sided-link", "too-many-links",
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


# --- fuzz: hostile pieces in any arrangement give issues or one error, in bounded time ---------

HOSTILE_VALUES = ["a-0001..a-9999", "x1..x99999", "l-000001..l-099999", "1e308", "-0", ".nan", "0x" + "f" * 200,
                  "9" * 300, '"\\U0010FFFF"', "[" * 30 + "]" * 30, "{a: {b: {c: 1}}}", "~", "''", "!x", "&a"]
HOSTILE_KEYS = ["name", "servers", "uplinks", "peers", "links", "Gbps", "nics", "gpus", "ports", "speed_Gbps",
                "rail", "role", "leaf", "spine", "core", "networks", "models", "defaults", "link_Gbps"]
hostile_maps = st.dictionaries(st.sampled_from(HOSTILE_KEYS), st.sampled_from(HOSTILE_VALUES), max_size=5).map(
    lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}")


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(["leaf", "spine", "core", "servers"]), st.lists(hostile_maps, max_size=3)),
                max_size=4))
def test_hostile_pieces_give_issues_or_one_error_quickly(tiers: list[tuple[str, list[str]]]) -> None:
    body = "".join(f"  {tier}:\n" + "".join(f"    - {item}\n" for item in items) for tier, items in dict(tiers).items())
    start = time.thread_time()
    try:
        values = run("topology", {"yaml": "topology:\n" + body}).outcome.values
    except ValidationError:
        values = {}
    assert time.thread_time() - start < 5.0
    assert all(math.isfinite(v) for v in values.values() if isinstance(v, float))
