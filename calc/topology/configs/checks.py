"""Consistency checks a merge request must pass before configurations are rendered.

The source article's CI checks, as rules with the line they point at (like the
topology checker's): MTU equal along every path, the same lossless priority and
DSCP end to end, ECN's Kmax below the PFC pause threshold (so ECN slows senders
before PFC pauses links: Zhu et al., SIGCOMM 2015, section 5), unique ASNs (apart
from the switches RFC 7938 puts in one ASN), router IDs and addresses, and every
rail of a server on its own leaf.
"""

from __future__ import annotations

import ipaddress
from collections import Counter

from calc.errors import shorten
from calc.topology.configs.plan import Plan, host_setting
from calc.topology.model import Issue

__all__ = ["check", "CONFIG_RULES"]

CONFIG_RULES = ("config", "address-pool", "mtu-mismatch", "lossless-priority", "ecn-above-xoff",
                "duplicate-asn", "duplicate-router-id", "duplicate-address", "rail-sharing")


def check(plan: Plan) -> list[Issue]:
    issues = [Issue(rule, line, obj, message) for line, obj, rule, message in plan.problems]
    for rule in (_mtu, _priority, _ecn, _asn, _router_ids, _addresses, _rails):
        issues += rule(plan)
    return sorted(issues, key=lambda i: (i.line, CONFIG_RULES.index(i.rule) if i.rule in CONFIG_RULES else 0))


def _line(plan: Plan, device: str) -> int:
    override = plan.settings.switches.get(device) or plan.settings.hosts.get(device)
    return override.line if override else plan.devices[device].line if device in plan.devices else 0


def _mtu(plan: Plan) -> list[Issue]:
    """Both ends of every link agree, and every link of a network has the network's usual MTU."""
    out: list[Issue] = []
    usual = plan.settings.mtu
    seen: set[str] = set()
    for device in plan.devices.values():
        mine = device.setting(plan.settings, "mtu")
        for port in device.ports:
            theirs = (host_setting(plan.settings, port.peer, "mtu") if port.kind == "server"
                      else plan.devices[port.peer].setting(plan.settings, "mtu"))
            odd = device.name if mine != usual else port.peer
            if (mine != theirs or mine != usual) and odd not in seen:
                seen.add(odd)
                out.append(Issue("mtu-mismatch", _line(plan, odd), odd,
                                 f"MTU {mine:g} on {device.name} {port.name} but {theirs:g} on {port.peer}; every "
                                 f"link of a path must carry MTU {usual} (config: mtu) or large frames are dropped"))
    return out


def _priority(plan: Plan) -> list[Issue]:
    out: list[Issue] = []
    s = plan.settings
    for key, want in (("roce_priority", s.priority), ("roce_dscp", s.dscp)):
        word = "lossless priority" if key == "roce_priority" else "RoCE DSCP"
        for name, override in [*s.switches.items(), *s.hosts.items()]:
            value = override.values.get(key)
            if value is not None and value != want:
                out.append(Issue("lossless-priority", override.line, name,
                                 f"{name} uses {word} {value} but the fabric uses {want}: RoCE traffic would "
                                 f"leave the lossless class on the way"))
    return out


def _ecn(plan: Plan) -> list[Issue]:
    s = plan.settings
    out: list[Issue] = []
    if s.kmin_KB > s.kmax_KB:
        out.append(Issue("config", s.lines.get("kmin_KB", s.line), "config",
                         f"config: ecn.kmin_KB ({s.kmin_KB:g}) must not exceed ecn.kmax_KB ({s.kmax_KB:g})"))
    devices: list[tuple[str, float, int]] = [("fabric", s.kmax_KB, s.lines.get("kmax_KB", s.line))]
    devices += [(n, float(o.values["kmax_KB"]), o.line) for n, o in s.switches.items() if "kmax_KB" in o.values]
    for name, kmax, line in devices:
        if kmax >= s.xoff_KB:
            out.append(Issue("ecn-above-xoff", line, name,
                             f"ECN Kmax {kmax:g} KB on {name} is not below the PFC pause threshold "
                             f"{s.xoff_KB:g} KB: PFC would pause links before ECN slows the senders"))
    return out


def _asn(plan: Plan) -> list[Issue]:
    """A leaf's ASN is its own; a shared ASN is only allowed within one non-leaf tier of one network."""
    owners: dict[int, set[tuple[str, str]]] = {}
    for d in plan.devices.values():
        owners.setdefault(d.asn, set()).add((d.network, d.tier) if d.tier != "leaf" and plan.settings.asn_plan
                                            == "rfc7938" else (d.network, d.name))
    out: list[Issue] = []
    for d in plan.devices.values():
        if len(owners[d.asn]) > 1 and "asn" in d.values:
            others = sorted(x.name for x in plan.devices.values() if x.asn == d.asn and x.name != d.name)
            out.append(Issue("duplicate-asn", _line(plan, d.name), d.name,
                             f"ASN {d.asn} of {d.name} is also used by {', '.join(others[:3])}: eBGP would "
                             "drop the routes as a loop"))
    return out


def _router_ids(plan: Plan) -> list[Issue]:
    counts = Counter(d.router_id for d in plan.devices.values())
    out: list[Issue] = []
    for d in plan.devices.values():
        if counts[d.router_id] > 1 and "router_id" in d.values:
            out.append(Issue("duplicate-router-id", _line(plan, d.name), d.name,
                             f"router ID {d.router_id} of {d.name} is used by another switch"))
        elif "router_id" in d.values and not _ipv4(d.router_id):
            out.append(Issue("config", _line(plan, d.name), d.name,
                             f"config: switches: {d.name}: router_id must be an IPv4 address: got {shorten(d.router_id)!r}"))
    return out


def _ipv4(text: str) -> bool:
    try:
        ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return True


def _addresses(plan: Plan) -> list[Issue]:
    s = plan.settings
    try:
        loops, servers = ipaddress.IPv4Network(s.loopbacks), ipaddress.IPv4Network(s.server_subnets)
    except ValueError:
        return []
    if loops.overlaps(servers):
        return [Issue("duplicate-address", s.lines.get("server_subnets", s.line), "config",
                      f"loopbacks {loops} and server_subnets {servers} overlap: addresses would repeat")]
    out: list[Issue] = []
    for d in plan.devices.values():
        if "router_id" in d.values and _ipv4(d.router_id) and ipaddress.IPv4Address(d.router_id) in servers:
            out.append(Issue("duplicate-address", _line(plan, d.name), d.name,
                             f"router ID {d.router_id} of {d.name} lies in server_subnets {servers}"))
    return out


def _rails(plan: Plan) -> list[Issue]:
    """A server's NICs on rail leaves: at most one per rail, and never two on one leaf."""
    out: list[Issue] = []
    switches = plan.topo.switches
    for server, nics in plan.nics.items():
        rails: dict[tuple[str, int], str] = {}
        leaves: Counter[str] = Counter()
        for nic in nics:
            rail = switches[nic.leaf].rail
            if rail is None:
                continue
            leaves[nic.leaf] += 1
            key = (switches[nic.leaf].network, rail)
            if key in rails and rails[key] != nic.leaf:
                out.append(Issue("rail-sharing", nic.line, server,
                                 f"{server} has rail {rail} on both {rails[key]} and {nic.leaf}: each rail "
                                 "belongs on its own leaf"))
            rails.setdefault(key, nic.leaf)
        for leaf, count in leaves.items():
            if count > 1:
                out.append(Issue("rail-sharing", plan.devices[leaf].line, server,
                                 f"{server} has {count} NICs on rail leaf {leaf}: two rails would share one leaf"))
    return out


