"""Tests of tools/emulate.py: the rendered fabric built from real FRR in network namespaces.

One full run (2 spines, 4 leaves, 8 hosts; about 15 s on two busy cores) must pass every
check and leave nothing behind; an interrupted run must clean up too; a fabric too large
for the machine, or a file with problems, is refused before anything is built.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from calc.topology.configs.calculator import EMULATED_YAML
from tests.calc.topology.configs.test_frr import VTYSH
from tools.emulate import MAX_SWITCHES, Refused, netns_problem, refuse_if_too_large

ROOT = Path(__file__).resolve().parents[2]
needs_root = pytest.mark.skipif(os.geteuid() != 0 or not Path("/usr/lib/frr/bgpd").exists()
                                or shutil.which("ping") is None or not Path(VTYSH).exists()
                                or bool(netns_problem()),
                                reason="needs root, network namespaces, FRR and ping (./dev.sh test installs them)")


def leftovers(pid: int, only: bytes = b"") -> tuple[list[str], list[int]]:
    """Namespaces and processes still carrying the run's tag ``cfgemuPID`` (and ``only``)."""
    tag = f"cfgemu{pid}"
    names = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout.split()
    procs = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
                if tag.encode() in cmdline and only in cmdline:
                    procs.append(int(entry.name))
            except OSError:
                continue
    return [n for n in names if n.startswith(tag)], procs


def start(tmp_path: Path, text: str) -> subprocess.Popen[str]:
    source = tmp_path / "fabric.yaml"
    source.write_text(text)
    return subprocess.Popen([sys.executable, "-m", "tools.emulate", str(source), "--timeout-s", "45"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def stop(proc: subprocess.Popen[str]) -> None:
    """End a run that is still going the way a reader would (Ctrl-C), so it cleans up."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.mark.netns
@needs_root
def test_the_emulated_fabric_behaves_as_the_analysis_predicts_and_is_removed(tmp_path: Path) -> None:
    proc = start(tmp_path, EMULATED_YAML)
    try:
        out, err = proc.communicate(timeout=240)
    finally:
        stop(proc)
    report = json.loads(out)
    failed = [c for c in report["checks"] if not c["ok"]]
    assert (proc.returncode, failed) == (0, []), err[-2000:]
    assert [c["check"][:24] for c in report["checks"]] == [
        "ECMP next hops per remot", "hosts on different leave", "kernel L4 ECMP hash, 500",
        "kernel L4 ECMP hash, 500", "leaf-01 -> 10.128.0.26: ", "leaf-01 Ethernet0 – spin",
        "leaf-01 Ethernet0 – spin", "every namespace this run"]
    assert report["checks"][0]["expected"]["leaf-01 -> 10.128.0.8/29"] == 2
    assert leftovers(proc.pid) == ([], [])


@pytest.mark.netns
@needs_root
def test_an_interrupted_run_removes_every_namespace_and_process(tmp_path: Path) -> None:
    proc = start(tmp_path, EMULATED_YAML)
    try:
        deadline = time.monotonic() + 60
        while not leftovers(proc.pid, b"bgpd")[1] and time.monotonic() < deadline:  # FRR running
            time.sleep(0.2)
        assert leftovers(proc.pid, b"bgpd")[1], "the run never started FRR"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        stop(proc)
    assert proc.returncode == 130, err[-3000:]
    assert "interrupted; every namespace and process of this run was removed" in err
    assert leftovers(proc.pid) == ([], [])


def test_a_fabric_larger_than_the_machine_is_refused_with_the_reason() -> None:
    with pytest.raises(Refused, match=f"fabric too large to emulate: 96 switches and 256 servers; this tool builds "
                                      f"at most {MAX_SWITCHES} switches"):
        refuse_if_too_large(96, 256, 24000)
    with pytest.raises(Refused, match="only 1000 MB are available"):
        refuse_if_too_large(20, 40, 1000)
    refuse_if_too_large(6, 8, 24000)


def test_a_file_with_problems_is_refused_before_anything_is_built(tmp_path: Path) -> None:
    proc = start(tmp_path, EMULATED_YAML.replace("kmax_KB: 200", "kmax_KB: 900"))
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, out) == (2, "")
    assert err.startswith("error: the file has 1 problem(s); first, line 21: ECN Kmax 900 KB")


def test_the_report_on_the_page_is_a_passing_run_of_the_committed_file_and_engine() -> None:
    from calc.topology.configs.calculator import render
    from tools.emulate import _keyed, expected_hops

    includes = ROOT / "docs" / "includes"
    assert (includes / "emulated-fabric.yaml").read_text() == EMULATED_YAML
    report = json.loads((includes / "emulation-report.json").read_text())
    assert report["ok"] and all(c["ok"] for c in report["checks"])
    done = render(EMULATED_YAML)
    assert done.plan is not None
    assert report["checks"][0]["expected"] == _keyed(expected_hops(done.topo, done.plan))


def test_the_chi_square_limit_is_close_to_the_tabulated_3_sigma_points() -> None:
    from tools.emulate import chi2_limit

    # Exact upper 0.135 % points (the one-sided 3-sigma level) from the regularised incomplete gamma
    # function: df 1 -> 10.27, df 31 -> 60.00. Wilson-Hilferty is within 3 % at df 1, 0.2 % at df 31.
    assert abs(chi2_limit(1) - 10.27) / 10.27 < 0.03
    assert abs(chi2_limit(31) - 60.00) / 60.00 < 0.002
