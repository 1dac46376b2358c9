"""The plan every rendered file is drawn from: ports, ASNs, router IDs, subnets and host addresses.

Assumptions (each visible in the rendered files):

* Ports are numbered per switch in link order (the topology's), one port per
  cable, named as SONiC names 8-lane ports: ``Ethernet0``, ``Ethernet8``, …
  FRR on SONiC uses the same names, so the FRR and SONiC files agree.
* Fabric links are unnumbered: BGP runs over IPv6 link-local addresses and
  carries IPv4 routes with IPv6 next hops (RFC 8950, formerly RFC 5549), as
  FRR's ``neighbor IFACE interface`` does. Only loopbacks and server subnets
  have IPv4 addresses.
* Each leaf's server ports share one bridged subnet (SONiC's ``Vlan1000``),
  the smallest block that holds its server ports and the gateway, allocated in
  order from ``server_subnets``; loopbacks (the router IDs) come in order from
  ``loopbacks``. Switches keep their numbers when others are added after
  them, so a diff shows only what changed.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field

from calc.errors import shorten
from calc.topology.configs.settings import Settings
from calc.topology.model import TIERS, Link, Topology

__all__ = ["Port", "Device", "Nic", "Plan", "make_plan", "host_setting", "port_name", "VLAN", "two_byte_private"]

VLAN = 1000
PRIVATE_2B = (64512, 65534)
PRIVATE_4B = 4200000000
MAX_ASN = 4294967294


def port_name(index: int) -> str:
    return f"Ethernet{8 * index}"


@dataclass
class Port:
    name: str
    peer: str
    peer_port: str
    speed_Gbps: float
    kind: str  # "up", "down" (towards a switch below) or "server"
    line: int


@dataclass
class Nic:
    """One server NIC: the leaf port it plugs into and its address."""

    server: str
    name: str
    leaf: str
    leaf_port: str
    address: str
    gateway: str
    prefix: int
    speed_Gbps: float
    line: int


@dataclass
class Device:
    name: str
    tier: str
    network: str
    role: str
    model: str
    line: int
    asn: int = 0
    router_id: str = ""
    ports: list[Port] = field(default_factory=list)
    subnet: str = ""  # leaf server subnet (empty without servers)
    gateway: str = ""
    values: dict[str, int | float | str] = field(default_factory=dict)  # overrides applied

    def setting(self, settings: Settings, name: str) -> float:
        return _setting(settings, self.values, name)


def _setting(settings: Settings, values: dict[str, int | float | str], name: str) -> float:
    """An override's value, else the fabric-wide setting (``roce_*`` names map to ``priority``/``dscp``)."""
    value = values.get(name)
    if value is None:
        return float(getattr(settings, {"roce_priority": "priority", "roce_dscp": "dscp"}.get(name, name)))
    return float(value)


def host_setting(settings: Settings, server: str, name: str) -> float:
    override = settings.hosts.get(server)
    return _setting(settings, override.values if override else {}, name)


@dataclass
class Plan:
    topo: Topology
    settings: Settings
    devices: dict[str, Device]
    nics: dict[str, list[Nic]]  # server -> NICs
    problems: list[tuple[int, str, str, str]]  # line, object, rule, message

    def leaves(self) -> list[Device]:
        return [d for d in self.devices.values() if d.tier == "leaf"]


def make_plan(topo: Topology, settings: Settings) -> Plan:
    devices = {name: Device(name, sw.tier, sw.network, topo.networks.get(sw.network, "compute"), sw.model or "",
                            sw.line) for name, sw in topo.switches.items()}
    plan = Plan(topo, settings, devices, {}, [])
    _ports(plan, topo.links)
    _asns(plan)
    _loopbacks(plan)
    _subnets(plan)
    for name, override in settings.switches.items():
        device = devices.get(name)
        if device is None:
            plan.problems.append((override.line, name, "config", f"config: switches: {name} is not a switch "
                                                                 "in the topology"))
            continue
        device.values = dict(override.values)
        device.asn = int(override.values.get("asn", device.asn))
        device.router_id = str(override.values.get("router_id", device.router_id))
    for name, override in settings.hosts.items():
        if name not in topo.servers:
            plan.problems.append((override.line, name, "config", f"config: hosts: {name} is not a server "
                                                                 "in the topology"))
    return plan


def _ports(plan: Plan, links: list[Link]) -> None:
    devices = plan.devices
    for link in links:
        upper = devices[link.upper]
        server = link.layer == "server"
        lower = None if server else devices[link.lower]
        for k in range(link.count):
            up_name = port_name(len(upper.ports))
            if lower is None:
                upper.ports.append(Port(up_name, link.lower, f"nic{k}", link.speed_Gbps, "server", link.line))
                continue
            low_name = port_name(len(lower.ports))
            lower.ports.append(Port(low_name, upper.name, up_name, link.speed_Gbps, "up", link.line))
            upper.ports.append(Port(up_name, lower.name, low_name, link.speed_Gbps, "down", link.line))


def two_byte_private(base: int) -> bool:
    return PRIVATE_2B[0] <= base <= PRIVATE_2B[1]


def _asns(plan: Plan) -> None:
    """RFC 7938: one ASN for a network's top tier, one per pod of spines, one per leaf."""
    groups: list[list[Device]] = []
    by_network: dict[str, list[Device]] = {}
    for device in plan.devices.values():
        by_network.setdefault(device.network, []).append(device)
    for members in by_network.values():
        groups += _groups(members) if plan.settings.asn_plan == "rfc7938" else [[d] for d in members]
    base = plan.settings.asn_base
    if two_byte_private(base) and base + len(groups) - 1 > PRIVATE_2B[1]:
        base = PRIVATE_4B
    if base + len(groups) - 1 > MAX_ASN:
        plan.problems.append((plan.settings.lines.get("asn_base", plan.settings.line), "config", "address-pool",
                              f"asn_base {base} leaves room for {MAX_ASN - base + 1} ASNs; the plan needs "
                              f"{len(groups)}"))
        return
    for i, group in enumerate(groups):
        for device in group:
            device.asn = base + i


def _groups(members: list[Device]) -> list[list[Device]]:
    tiers = [t for t in reversed(TIERS) if any(d.tier == t for d in members)]
    groups: list[list[Device]] = []
    for tier in tiers:
        devices = [d for d in members if d.tier == tier]
        if tier == tiers[0] and tier != "leaf":
            groups.append(devices)
        elif tier == "leaf":
            groups += [[d] for d in devices]
        else:  # a middle tier: spines serving the same leaves form one pod
            pods: dict[frozenset[str], list[Device]] = {}
            for d in devices:
                pods.setdefault(frozenset(p.peer for p in d.ports if p.kind == "down"), []).append(d)
            groups += list(pods.values())
    return groups


def _loopbacks(plan: Plan) -> None:
    pool = _network(plan, plan.settings.loopbacks, "loopbacks")
    if pool is None:
        return
    if pool.num_addresses - 2 < len(plan.devices):
        plan.problems.append((plan.settings.lines.get("loopbacks", plan.settings.line), "config", "address-pool",
                              f"loopbacks {pool} holds {pool.num_addresses - 2} addresses; "
                              f"{len(plan.devices)} switches need one each"))
        return
    first = int(pool.network_address) + 1
    for i, device in enumerate(plan.devices.values()):
        device.router_id = str(ipaddress.IPv4Address(first + i))


def _network(plan: Plan, text: str, key: str) -> ipaddress.IPv4Network | None:
    try:
        return ipaddress.IPv4Network(text)
    except ValueError:
        plan.problems.append((plan.settings.lines.get(key, plan.settings.line), "config", "config",
                              f"config: {key} must be an IPv4 network such as 10.0.0.0/16: got {shorten(text)!r}"))
        return None


def _subnets(plan: Plan) -> None:
    pool = _network(plan, plan.settings.server_subnets, "server_subnets")
    if pool is None:
        return
    cursor = int(pool.network_address)
    end = int(pool.broadcast_address) + 1
    for leaf in plan.leaves():
        servers = [p for p in leaf.ports if p.kind == "server"]
        if not servers:
            continue
        size = 1 << max(2, (len(servers) + 2).bit_length())  # hosts + gateway + network + broadcast
        cursor = -(-cursor // size) * size
        if cursor + size > end:
            plan.problems.append((plan.settings.lines.get("server_subnets", plan.settings.line), "config",
                                  "address-pool", f"server_subnets {pool} is too small for the leaves' servers "
                                                  f"(full at {leaf.name})"))
            return
        _address_leaf(plan, leaf, servers, cursor, size)
        cursor += size


def _address_leaf(plan: Plan, leaf: Device, servers: list[Port], start: int, size: int) -> None:
    prefix = 32 - (size.bit_length() - 1)
    leaf.subnet = f"{ipaddress.IPv4Address(start)}/{prefix}"
    leaf.gateway = str(ipaddress.IPv4Address(start + 1))
    for i, port in enumerate(servers):
        nics = plan.nics.setdefault(port.peer, [])
        nic = Nic(port.peer, f"nic{len(nics)}", leaf.name, port.name, str(ipaddress.IPv4Address(start + 2 + i)),
                  leaf.gateway, prefix, port.speed_Gbps, port.line)
        port.peer_port = nic.name
        nics.append(nic)
