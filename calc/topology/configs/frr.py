"""FRR ``frr.conf`` for one switch: loopback, BGP unnumbered eBGP on fabric ports, ECMP, announced subnets.

The usual data-centre design (RFC 7938; FRR's ``frr defaults datacenter`` profile
and its documentation of ``neighbor IFACE interface``): every fabric port is an
unnumbered eBGP session in one peer group with ``remote-as external``, so no
neighbour address or ASN is typed per port; IPv4 routes travel with IPv6
link-local next hops (RFC 8950). ``as-path multipath-relax`` lets routes through
different spines share ECMP even under the per-switch ASN plan, and
``maximum-paths`` is the switch's number of fabric ports (at most FRR's 256).
A leaf announces its loopback and its server subnet; a spine its loopback.
Checked by FRR's own parser in the tests (``vtysh --dryrun``).
"""

from __future__ import annotations

from calc.topology.configs.plan import Device, Plan, Port
from calc.topology.configs.words import FRR_HEADER, SERVERS, words

__all__ = ["render_frr", "MAX_PATHS", "PEER_GROUP", "SERVER_IFACE"]

MAX_PATHS = 256  # Debian's FRR is built with --enable-multipath=256
PEER_GROUP = "FABRIC"
SERVER_IFACE = "Vlan1000"


def render_frr(plan: Plan, device: Device, lang: str = "en") -> str:
    """``lang`` words the comment and the server port's description; commands stay as they are."""
    say = words(lang)
    fabric = [p for p in device.ports if p.kind != "server"]
    lines = ["! " + say(FRR_HEADER, device=device.name, tier=device.tier, network=device.network,
                        topology=plan.topo.name, line=device.line),
             "frr defaults datacenter", f"hostname {device.name}", "service integrated-vtysh-config", "!",
             "interface lo", f" ip address {device.router_id}/32", "exit", "!"]
    for port in fabric:
        lines += [f"interface {port.name}", f" description {port.peer} {port.peer_port}",
                  " no ipv6 nd suppress-ra", "exit", "!"]
    if device.subnet:
        lines += [f"interface {SERVER_IFACE}", f" description {say(SERVERS)}",
                  f" ip address {device.gateway}/{device.subnet.split('/')[1]}", "exit", "!"]
    lines += _bgp(device, fabric)
    return "\n".join(lines) + "\n"


def _bgp(device: Device, fabric: list[Port]) -> list[str]:
    lines = [f"router bgp {device.asn}", f" bgp router-id {device.router_id}",
             " no bgp ebgp-requires-policy", " bgp bestpath as-path multipath-relax",
             f" neighbor {PEER_GROUP} peer-group", f" neighbor {PEER_GROUP} remote-as external",
             f" neighbor {PEER_GROUP} capability extended-nexthop"]
    lines += [f" neighbor {port.name} interface peer-group {PEER_GROUP}" for port in fabric]
    lines += [" !", " address-family ipv4 unicast", f"  network {device.router_id}/32"]
    if device.subnet:
        lines.append(f"  network {device.subnet}")
    lines += [f"  maximum-paths {max(1, min(MAX_PATHS, len(fabric)))}", " exit-address-family", "exit", "!"]
    return lines
