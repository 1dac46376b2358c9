"""Tests of calc.topology.configs.frr: every rendered frr.conf passes FRR's own parser (vtysh --dryrun).

FRR from Debian (``frr``, installed by .ci/run and ./dev.sh test); ``vtysh -C -f FILE``
parses a whole integrated configuration without running daemons and exits non-zero
on the first command it does not know.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from calc.fabric.sizing import design, emit_yaml
from calc.topology.calculator import DEFAULT_YAML, SU_YAML
from calc.topology.configs.calculator import ADD_LEAF_YAML, EMULATED_YAML, render, render_files

THREE_TIER_YAML = emit_yaml(design(256, 8, 400.0, 1, 16, 1.0, "3", True), 8, 400.0, 16, True)  # 80 switches
VTYSH = shutil.which("vtysh") or "/usr/bin/vtysh"
pytestmark = pytest.mark.skipif(not Path(VTYSH).exists(), reason="FRR's vtysh is not installed (./dev.sh test installs it)")


def dryrun(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([VTYSH, "--dryrun", "-f", str(path)], capture_output=True, text=True, timeout=60)


def frr_files(text: str, lang: str = "en") -> dict[str, str]:
    done = render(text)
    assert done.plan is not None and not done.issues
    return {p: t for p, t in render_files(done.plan, lang).items() if p.endswith("frr.conf")}


def dryrun_failures(files: dict[str, str], folder: Path) -> list[tuple[str, str]]:
    bad = []
    for path, conf in files.items():
        target = folder / path.replace("/", "_")
        target.write_text(conf, encoding="utf-8")
        done = dryrun(target)
        if done.returncode != 0:
            bad.append((path, done.stdout + done.stderr))
    return bad


@pytest.mark.parametrize("name, text", [("emulated", EMULATED_YAML), ("add-leaf", ADD_LEAF_YAML),
                                        ("pod", DEFAULT_YAML), ("su", SU_YAML),
                                        ("three-tier", THREE_TIER_YAML)])
def test_every_rendered_frr_conf_passes_vtysh_dryrun(tmp_path: Path, name: str, text: str) -> None:
    files = frr_files(text)
    assert dryrun_failures(files, tmp_path) == []
    assert len(files) == {"emulated": 6, "add-leaf": 7, "pod": 14, "su": 12, "three-tier": 80}[name]


@pytest.mark.parametrize("name, text", [("add-leaf", ADD_LEAF_YAML), ("pod", DEFAULT_YAML)])
def test_frr_confs_with_chinese_comments_and_descriptions_pass_vtysh_dryrun(tmp_path: Path, name: str,
                                                                            text: str) -> None:
    files = frr_files(text, "zh")
    assert all(re.search(r"^! .*[\u4e00-\u9fff]", conf, re.M) for conf in files.values())
    assert dryrun_failures(files, tmp_path) == []


def test_a_chinese_frr_conf_differs_from_the_english_only_in_its_comment_and_description() -> None:
    en, zh = frr_files(EMULATED_YAML)["leaf-01/frr.conf"], frr_files(EMULATED_YAML, "zh")["leaf-01/frr.conf"]
    changed = [(a, b) for a, b in zip(en.splitlines(), zh.splitlines(), strict=True) if a != b]
    assert changed == [
        ("! leaf-01: leaf of network compute, rendered from topology emulated-fabric (line 13)",
         "! leaf-01：网络 compute 中的 leaf，由拓扑 emulated-fabric 生成 (第 13 行)"),
        (" description servers", " description 服务器"),
    ]


def test_a_broken_frr_conf_fails_vtysh_dryrun(tmp_path: Path) -> None:
    conf = frr_files(EMULATED_YAML)["leaf-01/frr.conf"].replace("remote-as external", "remote-as outside")
    target = tmp_path / "broken.conf"
    target.write_text(conf)
    done = dryrun(target)
    assert done.returncode != 0
    assert "remote-as outside" in done.stdout + done.stderr


def test_a_leaf_announces_its_loopback_and_server_subnet_over_unnumbered_sessions() -> None:
    conf = frr_files(EMULATED_YAML)["leaf-02/frr.conf"]
    assert "router bgp 65002\n bgp router-id 10.0.0.4\n" in conf
    assert " neighbor Ethernet0 interface peer-group FABRIC\n neighbor Ethernet8 interface peer-group FABRIC\n" in conf
    assert "  network 10.0.0.4/32\n  network 10.128.0.8/29\n  maximum-paths 2\n" in conf
    assert "interface Vlan1000\n description servers\n ip address 10.128.0.9/29\n" in conf


def test_spines_share_the_rfc7938_asn_and_announce_only_their_loopback() -> None:
    files = frr_files(EMULATED_YAML)
    assert "router bgp 65000\n" in files["spine-01/frr.conf"] and "router bgp 65000\n" in files["spine-02/frr.conf"]
    assert "network 10.128" not in files["spine-01/frr.conf"]
    assert "  maximum-paths 4\n" in files["spine-01/frr.conf"]


def test_a_three_tier_fabric_gets_one_asn_for_the_cores_one_per_pod_of_spines_and_one_per_leaf() -> None:
    done = render(THREE_TIER_YAML)
    assert done.plan is not None
    asns: dict[str, set[int]] = {}
    for device in done.plan.devices.values():
        asns.setdefault(device.tier, set()).add(device.asn)
    assert (len(asns["core"]), len(asns["spine"]), len(asns["leaf"])) == (1, 4, 32)
