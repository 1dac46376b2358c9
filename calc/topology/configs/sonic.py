"""SONiC ``config_db.json`` for one switch: ports, BGP, and lossless RoCE QoS on the RoCE priority only.

Table and field names are SONiC's CONFIG_DB schema (sonic-buildimage's YANG
models ``sonic-port``, ``sonic-bgp-global``/``-neighbor`` of the FRR management
framework, ``sonic-wred-profile``, ``sonic-buffer-*``, ``sonic-port-qos-map``,
``sonic-dscp-tc-map``, ``sonic-pfcwd``; SONiC's QoS and buffer documentation):

* ``PORT``: speed in Mb/s, MTU, description; lanes and aliases come from the
  platform's port configuration and are not repeated here.
* BGP through the FRR management framework (``frr_mgmt_framework_config``):
  ``BGP_GLOBALS``, an unnumbered ``BGP_NEIGHBOR`` per fabric port
  (``default|EthernetN``, ``peer_type`` external), ``max_ebgp_paths`` and the
  announced networks; the same as :mod:`.frr` renders.
* QoS: DSCP → traffic class (RoCE DSCP to the RoCE priority, CNP DSCP to the CNP
  priority, everything else to class 0), identity maps TC → priority group and
  queue, PFC enabled on the RoCE priority only, the ECN profile on the RoCE
  queue (WRED thresholds in bytes, ``ecn_all``, Pmax in percent), a strict
  queue for CNPs, and the PFC watchdog (SONiC's 400 ms detection default).
* Buffers, traditional model: the lossless priority group's profile reserves
  ``xoff`` = the headroom the ``headroom`` calculator gives for the port's
  speed, the cable length and the MTU; ``xon`` two maximum frames; the static
  pause threshold is ``pfc.xoff_KB``. Pool sizes are the platform's.
"""

from __future__ import annotations

import json
from typing import Any

from calc.congestion.headroom import SPEED_DELAYS_BT, headroom_parts
from calc.topology.configs.frr import MAX_PATHS, SERVER_IFACE
from calc.topology.configs.plan import VLAN, Device, Plan, Port

__all__ = ["render_sonic", "config_db", "dump", "headroom_B", "MAP", "WRED", "DEVICE_TYPES"]

MAP = "ROCE"
WRED = "ROCE_LOSSLESS"
COMPACT_OVER = 8
DEVICE_TYPES = {"leaf": "LeafRouter", "spine": "SpineRouter", "core": "SpineRouter"}


def headroom_B(speed_Gbps: float, cable_m: float, mtu: int) -> int:
    """The ``headroom`` calculator's worst case, with IEEE 802.3's 100 GbE delays in bit times
    (the largest speed it tabulates) for faster ports."""
    tabulated = max((s for s in SPEED_DELAYS_BT if s <= speed_Gbps), default=10)
    interface_bt, response_bt = SPEED_DELAYS_BT[tabulated]
    parts = headroom_parts(speed_Gbps, cable_m, mtu, response_bt / speed_Gbps, interface_bt / speed_Gbps)
    return round(parts.total_B)


def render_sonic(plan: Plan, device: Device) -> str:
    return dump(config_db(plan, device))


def dump(db: dict[str, dict[str, dict[str, str]]]) -> str:
    """CONFIG_DB as JSON that reads and diffs well: one line per field in small tables (globals,
    profiles, maps), one line per entry in tables with more than ``COMPACT_OVER`` entries (the
    per-port ones), keys sorted. Standard JSON (``json.loads`` reads it back), written several
    times faster than ``json.dumps(indent=4)``, whose encoder falls back to pure Python."""
    q = json.encoder.encode_basestring_ascii
    compact: dict[int, str] = {}  # one text per shared field map (the per-port tables reuse them)
    tables = []
    for table in sorted(db):
        rows = db[table]
        entries = []
        for key in sorted(rows):
            fields = rows[key]
            if len(rows) > COMPACT_OVER:
                text = compact.get(id(fields))
                if text is None:
                    text = compact[id(fields)] = json.dumps(fields, sort_keys=True)
                entries.append(f"        {q(key)}: {text}")
            elif fields:
                body = ",\n".join(f"            {q(f)}: {q(fields[f])}" for f in sorted(fields))
                entries.append(f"        {q(key)}: {{\n{body}\n        }}")
            else:
                entries.append(f"        {q(key)}: {{}}")
        inner = ",\n".join(entries)
        tables.append(f"    {q(table)}: {{\n{inner}\n    }}" if entries else f"    {q(table)}: {{}}")
    return "{\n" + ",\n".join(tables) + "\n}\n"


def config_db(plan: Plan, device: Device) -> dict[str, Any]:
    db: dict[str, Any] = {
        "DEVICE_METADATA": {"localhost": {
            "hostname": device.name, "bgp_asn": str(device.asn), "hwsku": device.model or "generic",
            "type": DEVICE_TYPES[device.tier], "frr_mgmt_framework_config": "true",
            "docker_routing_config_mode": "unified"}},
        "LOOPBACK_INTERFACE": {"Loopback0": {}, f"Loopback0|{device.router_id}/32": {}},
        "PORT": {p.name: _port(plan, device, p) for p in device.ports},
        "INTERFACE": dict.fromkeys((p.name for p in device.ports if p.kind != "server"),
                                   {"ipv6_use_link_local_only": "enable"}),
    }
    db.update(_bgp(device))
    if device.subnet:
        db.update(_vlan(plan, device))
    if device.role != "management":
        db.update(_qos(plan, device))
    return db


def _port(plan: Plan, device: Device, port: Port) -> dict[str, str]:
    return {"admin_status": "up", "speed": str(round(port.speed_Gbps * 1000)),
            "mtu": str(int(device.setting(plan.settings, "mtu"))), "description": f"{port.peer}:{port.peer_port}"}


def _bgp(device: Device) -> dict[str, Any]:
    fabric = [p for p in device.ports if p.kind != "server"]
    networks = [f"{device.router_id}/32"] + ([device.subnet] if device.subnet else [])
    return {
        "BGP_GLOBALS": {"default": {"local_asn": str(device.asn), "router_id": device.router_id,
                                    "load_balance_mp_relax": "true", "ebgp_requires_policy": "false"}},
        "BGP_GLOBALS_AF": {"default|ipv4_unicast": {"max_ebgp_paths": str(max(1, min(MAX_PATHS, len(fabric))))}},
        "BGP_GLOBALS_AF_NETWORK": {f"default|ipv4_unicast|{n}": {} for n in networks},
        "BGP_NEIGHBOR": {f"default|{p.name}": {"peer_type": "external", "name": p.peer, "admin_status": "up"}
                         for p in fabric},
        "BGP_NEIGHBOR_AF": dict.fromkeys((f"default|{p.name}|ipv4_unicast" for p in fabric), {"admin_status": "true"}),
    }


def _vlan(plan: Plan, device: Device) -> dict[str, Any]:
    mtu = str(int(device.setting(plan.settings, "mtu")))
    prefix = device.subnet.split("/")[1]
    return {
        "VLAN": {SERVER_IFACE: {"vlanid": str(VLAN), "mtu": mtu}},
        "VLAN_MEMBER": {f"{SERVER_IFACE}|{p.name}": {"tagging_mode": "untagged"}
                        for p in device.ports if p.kind == "server"},
        "VLAN_INTERFACE": {SERVER_IFACE: {}, f"{SERVER_IFACE}|{device.gateway}/{prefix}": {}},
    }


def _qos(plan: Plan, device: Device) -> dict[str, Any]:
    s = plan.settings
    prio = int(device.setting(s, "roce_priority"))
    dscp = int(device.setting(s, "roce_dscp"))
    kmax = float(device.setting(s, "kmax_KB"))
    dscp_map = {str(d): "0" for d in range(64)}
    dscp_map[str(dscp)] = str(prio)
    dscp_map[str(s.cnp_dscp)] = str(s.cnp_priority)
    identity = {str(i): str(i) for i in range(8)}
    names = [p.name for p in device.ports]
    wred = {f"{c}_{k}": v for c in ("green", "yellow", "red") for k, v in (
        ("min_threshold", str(round(s.kmin_KB * 1000))), ("max_threshold", str(round(kmax * 1000))),
        ("drop_probability", f"{s.pmax * 100:g}"))}
    wred.update({"wred_green_enable": "true", "wred_yellow_enable": "true", "wred_red_enable": "true",
                 "ecn": "ecn_all"})
    tables: dict[str, Any] = {
        "DSCP_TO_TC_MAP": {MAP: dscp_map},
        "TC_TO_PRIORITY_GROUP_MAP": {MAP: identity},
        "TC_TO_QUEUE_MAP": {MAP: identity},
        "MAP_PFC_PRIORITY_TO_QUEUE": {MAP: identity},
        "PORT_QOS_MAP": dict.fromkeys(names, {"dscp_to_tc_map": MAP, "tc_to_pg_map": MAP, "tc_to_queue_map": MAP,
                                              "pfc_to_queue_map": MAP, "pfc_enable": str(prio)}),
        "WRED_PROFILE": {WRED: wred},
        "SCHEDULER": {"roce_dwrr": {"type": "DWRR", "weight": "50"}, "cnp_strict": {"type": "STRICT"},
                      "default_dwrr": {"type": "DWRR", "weight": "50"}},
        "QUEUE": {},
        "PFC_WD": dict.fromkeys(names, {"action": "drop", "detection_time": str(s.watchdog_ms),
                                        "restoration_time": "2000"}),
    }
    roce, cnp, default = {"scheduler": "roce_dwrr", "wred_profile": WRED}, {"scheduler": "cnp_strict"}, \
        {"scheduler": "default_dwrr"}
    for n in names:
        tables["QUEUE"][f"{n}|{prio}"] = roce
        tables["QUEUE"][f"{n}|{s.cnp_priority}"] = cnp
        tables["QUEUE"][f"{n}|0"] = default
    tables.update(_buffers(plan, device, prio))
    return tables


def _buffers(plan: Plan, device: Device, prio: int) -> dict[str, Any]:
    s = plan.settings
    mtu = int(device.setting(s, "mtu"))
    profiles: dict[str, dict[str, str]] = {
        "ingress_lossy_profile": {"pool": "ingress_lossy_pool", "size": "0", "dynamic_th": "3"}}
    pgs: dict[str, dict[str, str]] = {}
    references: dict[str, dict[str, str]] = {}
    lossy = {"profile": "ingress_lossy_profile"}
    for port in device.ports:
        name = f"pg_lossless_{round(port.speed_Gbps * 1000)}_{s.cable_m:g}m_profile"
        if name not in profiles:
            xon = 2 * (mtu + 20)
            profiles[name] = {"pool": "ingress_lossless_pool", "xon": str(xon),
                              "xoff": str(headroom_B(port.speed_Gbps, s.cable_m, mtu)), "size": str(xon),
                              "static_th": str(round(s.xoff_KB * 1000))}
        pgs[f"{port.name}|{prio}"] = references.setdefault(name, {"profile": name})
        pgs[f"{port.name}|0"] = lossy
    return {
        "BUFFER_POOL": {"ingress_lossless_pool": {"type": "ingress", "mode": "static"},
                        "ingress_lossy_pool": {"type": "ingress", "mode": "dynamic"}},
        "BUFFER_PROFILE": profiles,
        "BUFFER_PG": pgs,
        "CABLE_LENGTH": {"AZURE": {p.name: f"{s.cable_m:g}m" for p in device.ports}},
    }
