"""Build a rendered fabric from real FRR in Linux network namespaces and check it against the engine.

    ./dev.sh emulate FILE.yaml            (root; FRR from Debian's ``frr`` package)
    python -m tools.emulate FILE.yaml [--timeout-s 90] [--flows 2000] [--seed 1]

What it does, in order (a developer tool and a test, never part of ``calc``):

1. renders the file with ``calc.topology.configs`` (refusing a file with problems, or
   a fabric larger than the machine holds: see :func:`refuse_if_too_large`);
2. one namespace per switch and per server, one veth pair per cable, named as the
   rendered ports (``EthernetN``); a leaf's server ports in a bridge ``Vlan1000``;
   hosts get the address and gateway of the plan;
3. per switch, ``zebra`` and ``bgpd`` (FRR 8.x; later versions add ``mgmtd``, started
   when present) with the ``datacenter`` profile, configured with the rendered
   ``frr.conf`` through ``vtysh``;
4. waits (bounded) until every leaf has every other leaf's subnet in its kernel
   table, then checks, each as expected (from the engine) against observed:
   ECMP next hops per remote leaf subnet = the analysis' path count; pings between
   hosts on different leaves; one leaf–spine link down changes exactly the routes
   the analysis of the fabric without that link predicts, and they come back when
   it is up; the kernel's L4 ECMP hash (``fib_multipath_hash_policy=1``) over many
   ``ip route get`` 5-tuples matches balls-into-bins (``calc.ecmp.analytic``)
   within three standard errors;
5. prints one JSON report and exits 0 only if every check holds; every process,
   namespace and temporary file it made is removed, also on failure or Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calc.ecmp.analytic import expected_max_load, expected_paths_used  # noqa: E402
from calc.topology.analyse import analyse  # noqa: E402
from calc.topology.configs.calculator import render, render_files  # noqa: E402
from calc.topology.configs.plan import Nic, Plan  # noqa: E402
from calc.topology.model import Index, Link, Topology  # noqa: E402

__all__ = ["main", "Fabric", "refuse_if_too_large", "MAX_SWITCHES", "MAX_NAMESPACES", "FRR_DIR"]

FRR_DIR = Path(os.environ.get("FRR_DIR", "/usr/lib/frr"))
MAX_SWITCHES = 32           # two FRR daemons each; beyond this convergence on 2 cores gets slow
MAX_NAMESPACES = 128
MB_PER_SWITCH = 64
GROUP_FLOWS = 4             # flows per balls-into-bins trial (few, so collisions are common)          # zebra + bgpd resident memory with headroom
PREFIX = "cfgemu"
FRR_USER = "frr"
# Lines applied before the rendered frr.conf, for the emulation only. FRR 8.4's zebra leaves a
# kernel nexthop group with one member after a veth flaps (its RIB has both next hops again);
# plain multipath routes avoid that. A switch ASIC programmed through SONiC's fpmsyncd does not
# use kernel nexthop groups, so the rendered files stay as they are.
EMULATION_ONLY = ("no zebra nexthop kernel enable",)


class Refused(Exception):
    """The fabric cannot be emulated here (too large, not root, FRR missing): a clear message, exit 2."""


def refuse_if_too_large(switches: int, servers: int, available_MB: float) -> None:
    if switches > MAX_SWITCHES or switches + servers > MAX_NAMESPACES:
        raise Refused(f"fabric too large to emulate: {switches} switches and {servers} servers; this tool "
                      f"builds at most {MAX_SWITCHES} switches and {MAX_NAMESPACES} namespaces in all")
    need = switches * MB_PER_SWITCH
    if need > available_MB / 2:
        raise Refused(f"fabric too large for this machine's memory: {switches} switches need about {need} MB "
                      f"for FRR, and only {available_MB:.0f} MB are available")


def available_MB() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run(*args: str, check: bool = True, timeout: float = 30) -> str:
    done = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[:400]}")
    return done.stdout


@dataclass
class Fabric:
    """Everything this run made, so :meth:`teardown` removes exactly that."""

    plan: Plan
    topo: Topology
    files: dict[str, str]
    workdir: Path
    tag: str = field(default_factory=lambda: f"{PREFIX}{os.getpid()}")
    namespaces: list[str] = field(default_factory=list)
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def ns(self, device: str) -> str:
        return f"{self.tag}-{device}"

    def ip(self, device: str, *args: str, check: bool = True) -> str:
        return run("ip", "-n", self.ns(device), *args, check=check)

    def exec(self, device: str, *args: str, check: bool = True, timeout: float = 30) -> str:
        return run("ip", "netns", "exec", self.ns(device), *args, check=check, timeout=timeout)

    def teardown(self) -> None:
        """Remove everything, with SIGINT/SIGTERM/SIGHUP held back so a second signal cannot cut it short."""
        held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
        signal.pthread_sigmask(signal.SIG_BLOCK, held)
        try:
            self._stop_processes()
            self._kill_stragglers()
            for name in reversed(self.namespaces):
                run("ip", "netns", "del", name, check=False)
            shutil.rmtree(self.workdir, ignore_errors=True)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, held)

    def _stop_processes(self) -> None:
        for proc in self.processes:
            if proc.poll() is None:
                proc.terminate()
        deadline = time.monotonic() + 5
        for proc in self.processes:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def _kill_stragglers(self, timeout_s: float = 5) -> None:
        """Anything still running in the run's namespaces or naming its tag (its namespaces and work folder
        carry it: a daemon an interrupt caught inside ``Popen``, before it was recorded): SIGKILL until none
        is left."""
        deadline = time.monotonic() + timeout_s
        while (pids := self._straggler_pids()) and time.monotonic() < deadline:
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    continue
            time.sleep(0.05)

    def _straggler_pids(self) -> set[int]:
        pids = set(tagged_pids(f"{self.tag}-".encode()))
        for name in self.namespaces:
            pids.update(int(p) for p in run("ip", "netns", "pids", name, check=False).split() if p.isdigit())
        return pids - {os.getpid()}


def tagged_pids(tag: bytes) -> list[int]:
    """Live processes whose command line contains ``tag`` (zombies have none, so they are not counted)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if tag in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


# ---- building ----------------------------------------------------------------------------------

def build(fabric: Fabric) -> None:
    plan = fabric.plan
    for name in [*plan.devices, *plan.nics]:
        fabric.namespaces.append(fabric.ns(name))  # first, so an interrupt right after the add cleans it
        run("ip", "netns", "add", fabric.ns(name))
        fabric.ip(name, "link", "set", "lo", "up")
    for name in plan.devices:
        for key, value in (("net.ipv4.ip_forward", "1"), ("net.ipv6.conf.all.forwarding", "1"),
                           ("net.ipv4.fib_multipath_hash_policy", "1")):
            fabric.exec(name, "sysctl", "-qw", f"{key}={value}")
    mtu = str(plan.settings.mtu)
    for device in plan.devices.values():
        if device.subnet:
            fabric.ip(device.name, "link", "add", "Vlan1000", "mtu", mtu, "type", "bridge")
            fabric.ip(device.name, "link", "set", "Vlan1000", "up")
        for port in device.ports:
            if port.kind == "up":
                _veth(fabric, device.name, port.name, port.peer, port.peer_port, mtu)
            elif port.kind == "server":
                _veth(fabric, device.name, port.name, port.peer, port.peer_port, mtu)
                fabric.ip(device.name, "link", "set", port.name, "master", "Vlan1000")
    for server, nics in plan.nics.items():
        for k, nic in enumerate(nics):
            fabric.ip(server, "address", "add", f"{nic.address}/{nic.prefix}", "dev", nic.name)
            if k == 0:
                fabric.ip(server, "route", "add", "default", "via", nic.gateway)


def _veth(fabric: Fabric, a: str, a_port: str, b: str, b_port: str, mtu: str) -> None:
    fabric.ip(a, "link", "add", a_port, "mtu", mtu, "type", "veth", "peer", "name", b_port, "netns", fabric.ns(b))
    fabric.ip(a, "link", "set", a_port, "up")
    fabric.ip(b, "link", "set", b_port, "mtu", mtu, "up")


def start_frr(fabric: Fabric) -> None:
    daemons = ["zebra", *(["mgmtd"] if (FRR_DIR / "mgmtd").exists() else []), "bgpd"]
    for device in fabric.plan.devices:
        rundir = fabric.workdir / device
        rundir.mkdir(parents=True)
        (rundir / "empty.conf").write_text("")
        (rundir / "frr.conf").write_text(fabric.files[f"{device}/frr.conf"])
        shutil.chown(fabric.workdir, FRR_USER, FRR_USER)
        for path in (rundir, *rundir.iterdir()):
            shutil.chown(path, FRR_USER, FRR_USER)  # the daemons drop to user frr (vty group frrvty)
        for daemon in daemons:
            args = ["ip", "netns", "exec", fabric.ns(device), str(FRR_DIR / daemon), "-F", "datacenter",
                    "-f", str(rundir / "empty.conf"), "-i", str(rundir / f"{daemon}.pid"),
                    "--vty_socket", str(rundir), "-z", str(rundir / "zserv.api"), "-P", "0", "--log", f"file:{rundir / daemon}.log"]
            log = open(rundir / f"{daemon}.out", "wb")  # noqa: SIM115 - closed with the process
            fabric.processes.append(subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT))
            log.close()
            _wait_for((rundir / f"{daemon}.vty").exists, 15, f"{daemon} on {device} did not start")
    for device in fabric.plan.devices:
        rundir = fabric.workdir / device
        fabric.exec(device, "vtysh", "--vty_socket", str(rundir), "-c", "configure terminal",
                    *(arg for line in EMULATION_ONLY for arg in ("-c", line)))
        out = fabric.exec(device, "vtysh", "--vty_socket", str(rundir), "-f", str(rundir / "frr.conf"), check=False)
        if "Unknown command" in out or "% " in out:
            raise RuntimeError(f"vtysh rejected {device}/frr.conf: {out.strip()[:400]}")


def _wait_for(ready: Callable[[], bool], timeout_s: float, message: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(message)
        time.sleep(0.1)


# ---- observing ---------------------------------------------------------------------------------

def next_hops(fabric: Fabric, leaf: str) -> dict[str, int]:
    """Kernel routes learnt by BGP on ``leaf``: prefix -> number of next hops."""
    routes = json.loads(fabric.ip(leaf, "-j", "route", "show", "proto", "bgp") or "[]")
    return {r["dst"]: len(r.get("nexthops", [])) or 1 for r in routes}


def expected_hops(topo: Topology, plan: Plan) -> dict[tuple[str, str], int]:
    """(leaf, remote leaf subnet) -> ECMP next hops the analysis predicts: the leaf's up-ports on
    the valley-free shortest paths to the other leaf (see :func:`first_hops`)."""
    leaves = [leaf.name for leaf in plan.leaves() if leaf.subnet]
    return {(a, plan.devices[b].subnet): first_hops(topo, a, b) for a in leaves for b in leaves if a != b}


def analysis_paths(topo: Topology, plan: Plan) -> dict[str, int]:
    """The analysis' equal-cost path count between the first servers of each pair of leaves."""
    first = {leaf.name: _first_server(plan, leaf.name) for leaf in plan.leaves() if leaf.subnet}
    return {f"{a} -> {plan.devices[b].subnet}": analyse(topo, first[a], first[b]).paths
            for a in first for b in first if first[a] != first[b]}


def first_hops(topo: Topology, a: str, b: str) -> int:
    """Up-ports of leaf ``a`` that start one of the analysis' shortest valley-free paths to leaf ``b``.

    The engine counts paths up from both ends to the lowest tier where they meet
    (``calc.topology.analyse``); BGP's ECMP at ``a`` spreads over the first hops of those
    paths, one per cable. With one cable per leaf-spine pair in two tiers the two counts
    are equal; parallel cables at the far end, or a third tier, multiply the paths but
    not the first hops.
    """
    ups = (topo.index or Index(topo.links, topo.switches, topo.networks)).uppers

    def climb(nodes: set[str]) -> set[str]:
        return {u for n in nodes for u in ups.get(n, {})}

    mine, theirs, level = {a}, {b}, 0
    while not mine & theirs and mine and level < 3:
        mine, theirs, level = climb(mine), climb(theirs), level + 1
    meet = mine & theirs
    count = 0
    for upper, cables in ups.get(a, {}).items():
        reach = {upper}
        for _ in range(level - 1):
            reach = climb(reach)
        count += cables if reach & meet else 0
    return count


def _nic_on(plan: Plan, server: str, leaf: str) -> Nic:
    """The server's NIC cabled to ``leaf`` (a rail-optimised server has one per rail leaf)."""
    return next(nic for nic in plan.nics[server] if nic.leaf == leaf)


def _first_server(plan: Plan, leaf: str) -> str:
    return next(p.peer for p in plan.devices[leaf].ports if p.kind == "server")


def observed_hops(fabric: Fabric, wanted: dict[tuple[str, str], int]) -> dict[tuple[str, str], int]:
    tables = {leaf: next_hops(fabric, leaf) for leaf in {k[0] for k in wanted}}
    return {key: tables[key[0]].get(key[1], 0) for key in wanted}


def converge(fabric: Fabric, wanted: dict[tuple[str, str], int], timeout_s: float) -> tuple[dict[tuple[str, str], int], float]:
    """Poll the leaves' kernel tables until they equal ``wanted`` (or the time is up)."""
    start = time.monotonic()
    seen = observed_hops(fabric, wanted)
    while seen != wanted and time.monotonic() - start < timeout_s:
        time.sleep(0.5)
        seen = observed_hops(fabric, wanted)
    return seen, time.monotonic() - start


# ---- checks ------------------------------------------------------------------------------------

Check = dict[str, Any]


def check(name: str, expected: Any, observed: Any, ok: bool | None = None, **extra: Any) -> Check:
    return {"check": name, "expected": expected, "observed": observed, "ok": expected == observed if ok is None
            else ok, **extra}


def _keyed(hops: dict[tuple[str, str], int]) -> dict[str, int]:
    return {f"{leaf} -> {subnet}": n for (leaf, subnet), n in sorted(hops.items())}


def check_ecmp(fabric: Fabric, topo: Topology, timeout_s: float) -> tuple[Check, dict[tuple[str, str], int]]:
    wanted = expected_hops(topo, fabric.plan)
    seen, took = converge(fabric, wanted, timeout_s)
    return check("ECMP next hops per remote leaf subnet = first hops of the analysis' equal-cost paths",
                 _keyed(wanted), _keyed(seen), converged_s=round(took, 1),
                 analysis_paths=analysis_paths(topo, fabric.plan)), wanted


def check_pings(fabric: Fabric) -> Check:
    plan = fabric.plan
    hosts = {leaf.name: _first_server(plan, leaf.name) for leaf in plan.leaves() if leaf.subnet}
    results: dict[str, bool] = {}
    for a, src in hosts.items():
        for b, dst in hosts.items():
            if a != b:
                target = _nic_on(plan, dst, b).address
                out = subprocess.run(["ip", "netns", "exec", fabric.ns(src), "ping", "-c", "1", "-W", "2", target],
                                     capture_output=True, timeout=10)
                results[f"{src} -> {dst} ({target})"] = out.returncode == 0
    return check("hosts on different leaves reach each other (ping)", dict.fromkeys(results, True), results)


def check_link_down(fabric: Fabric, topo: Topology, before: dict[tuple[str, str], int],
                    timeout_s: float) -> list[Check]:
    leaf = fabric.plan.leaves()[0]
    port = next(p for p in leaf.ports if p.kind == "up")
    links = []  # the fabric without the one cable taken down (its parallel cables stay)
    for link in topo.links:
        if {link.lower, link.upper} != {leaf.name, port.peer}:
            links.append(link)
        elif link.count > 1:
            links.append(Link(link.lower, link.upper, link.count - 1, link.speed_Gbps, link.network, link.line,
                              link.layer))
    reduced = replace(topo, links=links, index=None)
    predicted = expected_hops(reduced, fabric.plan)
    fabric.ip(leaf.name, "link", "set", port.name, "down")
    try:
        seen, took = converge(fabric, predicted, timeout_s)
    finally:
        fabric.ip(leaf.name, "link", "set", port.name, "up")
    back, took_back = converge(fabric, before, timeout_s)
    changed = {k: v for k, v in _keyed(predicted).items() if _keyed(before)[k] != v}
    observed_changed = {k: v for k, v in _keyed(seen).items() if _keyed(before)[k] != v}
    what = f"{leaf.name} {port.name} – {port.peer} {port.peer_port} down"
    return [check(f"{what}: routes change exactly as the analysis without that link predicts", changed,
                  observed_changed, converged_s=round(took, 1), blast_radius=_blast(topo, port.peer)),
            check(f"{what}, then up again: routes come back", _keyed(before), _keyed(back),
                  converged_s=round(took_back, 1))]


def _blast(topo: Topology, switch: str) -> dict[str, Any]:
    row = next(r for r in analyse(topo).blast_rows if r[0] == switch)
    return {"switch": switch, "servers_cut_off": row[2], "servers_losing_bandwidth": row[3]}


def route_gets(fabric: Fabric, leaf: str, src: str, dst: str, flows: int, seed: int) -> list[str]:
    """The egress port the kernel picks for ``flows`` TCP 5-tuples (random ports, fixed addresses)."""
    rng = random.Random(seed)
    lines = [f"route get {dst} from {src} ipproto tcp sport {rng.randrange(1024, 65536)} "
             f"dport {rng.randrange(1024, 65536)}" for _ in range(flows)]
    batch = fabric.workdir / "route-get.batch"
    batch.write_text("\n".join(lines) + "\n")
    out = fabric.ip(leaf, "-batch", str(batch))
    return re.findall(r" dev (\S+)", out)


def check_spread(fabric: Fabric, flows: int, seed: int) -> list[Check]:
    plan = fabric.plan
    leaves = [leaf for leaf in plan.leaves() if leaf.subnet]
    a, b = leaves[0], leaves[-1]
    dst = _nic_on(plan, _first_server(plan, b.name), b.name).address
    ports = route_gets(fabric, a.name, a.gateway, dst, flows, seed)
    candidates = [p.name for p in a.ports if p.kind == "up"]
    m = first_hops(fabric.topo, a.name, b.name)  # paths the kernel hashes over
    u = GROUP_FLOWS
    groups = [ports[i:i + u] for i in range(0, len(ports) - u + 1, u)]
    max_loads = [max(Counter(g).values()) for g in groups]
    used = [len(set(g)) for g in groups]
    # calc.ecmp.analytic takes (flows, paths).
    out = [_within("mean of the busiest path's flows", float(expected_max_load(u, m)), max_loads, m, u),
           _within("mean number of paths used", float(expected_paths_used(u, m)), used, m, u)]
    share = Counter(ports)
    counts = {p: share.get(p, 0) for p in candidates if p in share or m == len(candidates)}
    chi2 = sum((c - flows / m) ** 2 / (flows / m) for c in counts.values())
    limit = chi2_limit(m - 1)
    out.append(check(f"{a.name} -> {dst}: flows per path over {flows} flows (uniform: chi-square {chi2:.1f} "
                     f"below {limit:.1f}, its 3-sigma level for {m - 1} degrees of freedom)",
                     {p: round(flows / m) for p in counts}, counts, ok=len(counts) == m and chi2 <= limit))
    return out


def chi2_limit(df: int, z: float = 3.0) -> float:
    """Upper ``z``-sigma point of the chi-square distribution (Wilson and Hilferty, 1931)."""
    h = 2 / (9 * df)
    return float(df * (1 - h + z * h ** 0.5) ** 3)


def _within(what: str, expected: float, samples: list[int], m: int, u: int) -> Check:
    mean = statistics.fmean(samples)
    se = statistics.stdev(samples) / len(samples) ** 0.5
    return check(f"kernel L4 ECMP hash, {len(samples)} groups of {u} flows on {m} paths: {what} "
                 f"(balls into bins, within 3 SE = {3 * se:.3f})", round(expected, 3), round(mean, 3),
                 ok=abs(mean - expected) <= 3 * se)


# ---- the whole run -----------------------------------------------------------------------------

def prepare(text: str) -> tuple[Topology, Plan, dict[str, str]]:
    done = render(text)
    if done.plan is None or done.issues:
        first = done.issues[0]
        raise Refused(f"the file has {len(done.issues)} problem(s); first, line {first.line}: {first.message}")
    refuse_if_too_large(len(done.plan.devices), len(done.plan.nics), available_MB())
    if len(done.plan.leaves()) < 2:
        raise Refused("the fabric needs at least two leaves with servers to check routes between them")
    return done.topo, done.plan, render_files(done.plan)


def preflight() -> None:
    if os.geteuid() != 0:
        raise Refused("emulation needs root (network namespaces and FRR): run it with sudo")
    missing = [d for d in ("zebra", "bgpd") if not (FRR_DIR / d).exists()] + \
        [t for t in ("ip", "vtysh", "ping") if shutil.which(t) is None]
    if missing:
        raise Refused(f"missing {', '.join(missing)}: install Debian's frr, iproute2 and iputils-ping "
                      "(./dev.sh test installs them)")
    problem = netns_problem()
    if problem:
        raise Refused(f"network namespaces are not available here: {problem}")


def netns_problem() -> str:
    """Why a network namespace with a veth cannot be made here ('' when it can)."""
    probe = f"{PREFIX}{os.getpid()}-probe"
    try:
        done = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, timeout=10)
        if done.returncode != 0:
            return done.stderr.strip()[:200] or "ip netns add failed"
        done = subprocess.run(["ip", "-n", probe, "link", "add", "p0", "type", "veth", "peer", "name", "p1"],
                              capture_output=True, text=True, timeout=10)
        return "" if done.returncode == 0 else done.stderr.strip()[:200] or "cannot make a veth pair"
    finally:
        subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=10)


@contextmanager
def interrupts_raise() -> Iterator[None]:
    """SIGTERM and SIGHUP end the run like Ctrl-C does, so ``finally`` cleans up."""
    def stop(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    old = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def emulate(text: str, timeout_s: float, flows: int, seed: int) -> dict[str, Any]:
    topo, plan, files = prepare(text)
    preflight()
    tag = f"{PREFIX}{os.getpid()}"
    fabric = Fabric(plan, topo, files, Path(tempfile.mkdtemp(prefix=f"{tag}-")), tag)
    started = time.monotonic()
    with interrupts_raise():
        try:
            build(fabric)
            start_frr(fabric)
            ecmp, before = check_ecmp(fabric, topo, timeout_s)
            checks = [ecmp, check_pings(fabric), *check_spread(fabric, flows, seed),
                      *check_link_down(fabric, topo, before, timeout_s)]
        finally:
            fabric.teardown()
    leftovers = [n for n in run("ip", "netns", "list").split() if n.startswith(fabric.tag + "-")]
    checks.append(check("every namespace this run made is gone", [], leftovers))
    return {"fabric": topo.name, "switches": len(plan.devices), "hosts": len(plan.nics),
            "frr": run(str(FRR_DIR / "bgpd"), "-v").splitlines()[0].strip(), "kernel": os.uname().release,
            "emulation_only_settings": list(EMULATION_ONLY), "seconds": round(time.monotonic() - started, 1), "ok": all(c["ok"] for c in checks), "checks": checks}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./dev.sh emulate", description=__doc__.splitlines()[0])
    parser.add_argument("yaml", help="topology file (the configs calculator's schema)")
    parser.add_argument("--timeout-s", type=float, default=90.0, help="longest wait for BGP to converge")
    parser.add_argument("--flows", type=int, default=2000, help="5-tuples for the ECMP spread check")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        report = emulate(Path(args.yaml).read_text(encoding="utf-8"), args.timeout_s, args.flows, args.seed)
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {args.yaml}: {exc.strerror}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted; every namespace and process of this run was removed", file=sys.stderr)
        return 130
    print(json.dumps(report, indent=2))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
