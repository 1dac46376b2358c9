"""A server's RoCE settings that must match the switches, as a short shell script per host.

Uses the NVIDIA/Mellanox tools and mlx5 sysfs knobs documented in NVIDIA's
"RoCE configuration for ConnectX" guides: trust DSCP (``mlnx_qos --trust dscp``),
PFC on the RoCE priority only (``mlnx_qos --pfc``), the RoCE traffic class
(``cma_roce_tos``: DSCP shifted left by two, ECT(0) set), ECN reaction and
notification on that priority, and CNPs sent with the switches' CNP DSCP and
priority. Addresses and routes come from the plan: each NIC lives in its leaf's
server subnet; other server subnets are reached through that leaf, so traffic
of rail *k* stays on rail *k*'s leaf.
"""

from __future__ import annotations

from calc.topology.configs.plan import Nic, Plan, host_setting
from calc.topology.configs.words import HOST_HEADER, HOST_NICS, HOST_SETTINGS, NIC_LINK, words

__all__ = ["render_host"]


def render_host(plan: Plan, server: str, lang: str = "en") -> str:
    """``lang`` words the comments; commands, names and numbers stay as they are."""
    s, say = plan.settings, words(lang)
    prio, dscp, mtu = (int(host_setting(s, server, k)) for k in ("roce_priority", "roce_dscp", "mtu"))
    pfc = ",".join("1" if i == prio else "0" for i in range(8))
    lines = ["#!/bin/sh", "# " + say(HOST_HEADER, server=server, topology=plan.topo.name),
             "# " + say(HOST_SETTINGS, priority=prio, dscp=dscp, cnp_dscp=s.cnp_dscp, cnp_priority=s.cnp_priority,
                        mtu=mtu), "# " + say(HOST_NICS), "set -e"]
    for k, nic in enumerate(plan.nics.get(server, [])):
        lines.append("# " + say(NIC_LINK, nic=nic.name, speed=f"{nic.speed_Gbps:g}", leaf=nic.leaf, port=nic.leaf_port))
        lines += _nic(nic, prio, dscp, mtu, pfc, s.cnp_dscp, s.cnp_priority)
        lines += [f"ip rule add from {nic.address} table {100 + k} 2>/dev/null || true",
                  f"ip route replace {s.server_subnets} via {nic.gateway} dev {nic.name} table {100 + k}"]
    return "\n".join(lines) + "\n"


def _nic(nic: Nic, prio: int, dscp: int, mtu: int, pfc: str, cnp_dscp: int, cnp_prio: int) -> list[str]:
    n = nic.name
    return [
        f"ip link set {n} mtu {mtu} up",
        f"ip address replace {nic.address}/{nic.prefix} dev {n}",
        f"mlnx_qos -i {n} --trust dscp --pfc {pfc}",
        f"cma_roce_tos -d $(rdma link show | awk '/netdev {n} /{{print $2}}' | cut -d/ -f1) -t {dscp * 4 + 2}",
        f"echo 1 > /sys/class/net/{n}/ecn/roce_np/enable/{prio}",
        f"echo 1 > /sys/class/net/{n}/ecn/roce_rp/enable/{prio}",
        f"echo {cnp_dscp} > /sys/class/net/{n}/ecn/roce_np/cnp_dscp",
        f"echo {cnp_prio} > /sys/class/net/{n}/ecn/roce_np/cnp_802p_prio",
    ]
