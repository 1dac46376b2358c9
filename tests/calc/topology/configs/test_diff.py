"""Tests of calc.topology.configs.diff through the configs calculator's demonstrated changes."""

from __future__ import annotations

from calc.registry import run
from calc.topology.configs.diff import diff_files


def test_identical_files_have_no_diff() -> None:
    assert diff_files({"a": "x\n"}, {"a": "x\n"}) == []


def test_a_changed_line_is_one_removal_and_one_addition() -> None:
    [(path, added, removed, text)] = diff_files({"s/frr.conf": "a\nb\n"}, {"s/frr.conf": "a\nc\n"})
    assert (path, added, removed) == ("s/frr.conf", 1, 1)
    assert text == "--- a/s/frr.conf\n+++ b/s/frr.conf\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"


def test_adding_a_leaf_adds_its_files_and_a_port_and_session_on_each_spine() -> None:
    result = run("configs", {"example": "add-leaf"})
    changed = {row[0] for row in result.outcome.tables["changes"]}
    assert {"leaf-05/frr.conf", "leaf-05/config_db.json", "hosts/host-09.sh", "hosts/host-10.sh",
            "spine-01/frr.conf", "spine-02/frr.conf"} <= changed
    assert not any(str(p).startswith(("leaf-01", "leaf-02", "leaf-03", "leaf-04")) for p in changed)
    diff = result.outcome.data["diff"]
    assert "+ neighbor Ethernet32 interface peer-group FABRIC" in diff
    assert "-  maximum-paths 4\n+  maximum-paths 5" in diff


def test_raising_ecn_thresholds_changes_only_the_wred_lines() -> None:
    result = run("configs", {"example": "ecn"})
    changed = {row[0] for row in result.outcome.tables["changes"]}
    assert changed == {f"{s}/config_db.json" for s in ("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01",
                                                       "spine-02")}
    assert all((added, removed) == (6, 6) for _, added, removed in result.outcome.tables["changes"])
    assert '+            "green_max_threshold": "300000",' in result.outcome.data["diff"]


def test_changed_files_come_before_new_ones() -> None:
    changes = diff_files({"b": "1\n", "c": "1\n"}, {"a": "new\n", "b": "2\n", "c": "1\n"})
    assert [c[0] for c in changes] == ["b", "a"]
