"""The ``config`` section of a topology file: routing plan, addresses, MTU and lossless RoCE QoS.

Everything has a default, so any topology renders; the defaults are the usual
data-centre choices, each with its source:

* ASN plan ``rfc7938`` (RFC 7938, section 5.2.1): the top tier of a network shares one
  ASN, the spines of one pod share one, every leaf has its own; ``per-switch`` gives
  every switch its own. Private ASNs from ``asn_base`` (RFC 6996: 64512-65534, or
  4200000000-4294967294 when the two-byte range is too small).
* RoCE on priority 3 with DSCP 26, CNPs on priority 6 with DSCP 48 (NVIDIA's RoCE
  configuration guides and SONiC's lossless default of priorities 3 and 4).
* ECN Kmin/Kmax/Pmax taken from the PFC/ECN lab's DCQCN-paper scenario (5 KB, 200 KB,
  1 %); the PFC pause threshold (``xoff_KB``) must lie above Kmax so ECN slows senders
  before PFC pauses links (Zhu et al., SIGCOMM 2015, section 5). Its default, twice
  Kmax, is this project's choice, not a published figure: set it from the switch's
  buffer (the lab shows the trade-off).
* Headroom from the ``headroom`` calculator for ``cable_m`` of cable.

``switches`` and ``hosts`` override the plan for one device (``asn``,
``router_id``, ``mtu``, ``roce_priority``, ``roce_dscp``, ``kmax_KB``), which is
how a hand edit that breaks consistency shows up in the checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from calc.congestion.lab import SCENARIOS
from calc.errors import shorten
from calc.topology.yamlish import Map, Node, Scalar

__all__ = ["Settings", "Override", "read_settings", "PLANS", "CONFIG_KEYS", "OVERRIDE_KEYS"]

PLANS = ("rfc7938", "per-switch")
CONFIG_KEYS = ("asn_plan", "asn_base", "loopbacks", "server_subnets", "mtu", "roce", "ecn", "pfc",
               "switches", "hosts")
OVERRIDE_KEYS = ("asn", "router_id", "mtu", "roce_priority", "roce_dscp", "kmax_KB")
LAB = SCENARIOS["paper"]  # the PFC/ECN lab's DCQCN-paper scenario
_SECTIONS = {"roce": ("priority", "dscp", "cnp_priority", "cnp_dscp"),
             "ecn": ("kmin_KB", "kmax_KB", "pmax"),
             "pfc": ("xoff_KB", "cable_m", "watchdog_ms")}


@dataclass(frozen=True)
class Override:
    """Per-device values that replace the plan's; ``line`` is where the device's entry starts."""

    name: str
    line: int
    values: dict[str, int | float | str]


@dataclass(frozen=True)
class Settings:
    asn_plan: str = "rfc7938"
    asn_base: int = 65000
    loopbacks: str = "10.0.0.0/16"
    server_subnets: str = "10.128.0.0/9"
    mtu: int = 9216
    priority: int = 3
    dscp: int = 26
    cnp_priority: int = 6
    cnp_dscp: int = 48
    kmin_KB: float = float(LAB["kmin_KB"])
    kmax_KB: float = float(LAB["kmax_KB"])
    pmax: float = float(LAB["pmax"])
    xoff_KB: float = 2 * float(LAB["kmax_KB"])
    cable_m: float = 5.0
    watchdog_ms: int = 400
    line: int = 0
    lines: dict[str, int] = field(default_factory=dict)  # setting -> line it was written on
    switches: dict[str, Override] = field(default_factory=dict)
    hosts: dict[str, Override] = field(default_factory=dict)


_FIELDS = {"asn_plan": "asn_plan", "asn_base": "asn_base", "loopbacks": "loopbacks",
           "server_subnets": "server_subnets", "mtu": "mtu", "roce.priority": "priority", "roce.dscp": "dscp",
           "roce.cnp_priority": "cnp_priority", "roce.cnp_dscp": "cnp_dscp", "ecn.kmin_KB": "kmin_KB",
           "ecn.kmax_KB": "kmax_KB", "ecn.pmax": "pmax", "pfc.xoff_KB": "xoff_KB", "pfc.cable_m": "cable_m",
           "pfc.watchdog_ms": "watchdog_ms"}
_BOUNDS: dict[str, tuple[float, float]] = {
    "asn_base": (1, 4294967294), "mtu": (1280, 9216), "priority": (0, 7), "dscp": (0, 63),
    "cnp_priority": (0, 7), "cnp_dscp": (0, 63), "kmin_KB": (0, 1e6), "kmax_KB": (0.001, 1e6),
    "pmax": (0.0001, 1), "xoff_KB": (1, 1e6), "cable_m": (0, 10000), "watchdog_ms": (10, 10000),
    "asn": (1, 4294967294), "roce_priority": (0, 7), "roce_dscp": (0, 63)}
_INTEGERS = {"asn_base", "mtu", "priority", "dscp", "cnp_priority", "cnp_dscp", "watchdog_ms", "asn",
             "roce_priority", "roce_dscp"}


Problem = tuple[int, str, str]  # line, object, message (rule "config")


def read_settings(node: Node | None) -> tuple[Settings, list[Problem]]:
    """Settings from the ``config`` mapping (``None``: all defaults) and the problems found in it."""
    problems: list[Problem] = []
    if node is None:
        return Settings(), problems
    if not isinstance(node, Map):
        return Settings(line=node.line), [(node.line, "config", "config must be a mapping (key: value)")]
    values: dict[str, object] = {}
    lines: dict[str, int] = {}
    for key, child in node.entries.items():
        line = node.key_lines[key]
        if key not in CONFIG_KEYS:
            problems.append((line, "config", f"config: unknown key {key!r}; known: {', '.join(CONFIG_KEYS)}"))
        elif key in _SECTIONS:
            _section(key, child, line, values, lines, problems)
        elif key not in ("switches", "hosts"):
            _one(_FIELDS[key], key, child, line, values, lines, problems)
    switches = _overrides(node.get("switches"), "switches", problems)
    hosts = _overrides(node.get("hosts"), "hosts", problems)
    settings = Settings(**values, line=node.line, lines=lines, switches=switches, hosts=hosts)  # type: ignore[arg-type]
    return settings, problems


def _section(key: str, child: Node, line: int, values: dict[str, object], lines: dict[str, int],
             problems: list[Problem]) -> None:
    if not isinstance(child, Map):
        problems.append((line, "config", f"config: {key} must be a mapping with {', '.join(_SECTIONS[key])}"))
        return
    for sub, value in child.entries.items():
        at = child.key_lines[sub]
        if sub not in _SECTIONS[key]:
            problems.append((at, "config", f"config: {key}: unknown key {sub!r}; known: {', '.join(_SECTIONS[key])}"))
            continue
        _one(_FIELDS[f"{key}.{sub}"], f"{key}.{sub}", value, at, values, lines, problems)


def _one(name: str, label: str, node: Node, line: int, values: dict[str, object], lines: dict[str, int],
         problems: list[Problem]) -> None:
    value = _value(name, label, node, line, problems)
    if value is not None:
        values[name] = value
        lines[name] = line


def _value(name: str, label: str, node: Node, line: int, problems: list[Problem]) -> int | float | str | None:
    raw = node.value if isinstance(node, Scalar) else None
    if name in ("asn_plan", "loopbacks", "server_subnets", "router_id"):
        if name == "asn_plan" and raw not in PLANS:
            problems.append((line, "config", f"config: {label} must be one of {', '.join(PLANS)}: got {raw!r}"))
            return None
        if not isinstance(raw, str):
            problems.append((line, "config", f"config: {label} must be text: got {shorten(str(raw))!r}"))
            return None
        return raw
    low, high = _BOUNDS[name]
    whole = name in _INTEGERS
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or whole and not isinstance(raw, int) \
            or not low <= raw <= high:
        kind = "a whole number" if whole else "a number"
        shown = f"{low:.0f} to {high:.0f}" if whole else f"{low:g} to {high:g}"
        problems.append((line, "config", f"config: {label} must be {kind} from {shown}: "
                                         f"got {shorten(str(raw))!r}"))
        return None
    return int(raw) if whole else float(raw)


def _overrides(node: Node | None, key: str, problems: list[Problem]) -> dict[str, Override]:
    out: dict[str, Override] = {}
    if node is None:
        return out
    if not isinstance(node, Map):
        problems.append((node.line, "config", f"config: {key} must map device names to settings"))
        return out
    for name, body in node.entries.items():
        line = node.key_lines[name]
        if not isinstance(body, Map):
            problems.append((line, name, f"config: {key}: {name} must be a mapping of {', '.join(OVERRIDE_KEYS)}"))
            continue
        values: dict[str, int | float | str] = {}
        for sub, child in body.entries.items():
            at = body.key_lines[sub]
            if sub not in OVERRIDE_KEYS:
                problems.append((at, name, f"config: {key}: {name}: unknown key {sub!r}; known: "
                                           f"{', '.join(OVERRIDE_KEYS)}"))
                continue
            value = _value("kmax_KB" if sub == "kmax_KB" else sub, f"{key}: {name}: {sub}", child, at, problems)
            if value is not None:
                values[sub] = value
        out[name] = Override(name, line, values)
    return out
