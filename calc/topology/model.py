"""The topology model: switches, servers, links and the problems found, as loaded from YAML.

Schema (see :mod:`calc.topology.load`). The document has one key, ``topology``. The source
article's form is accepted as written: tiers ``spine`` and ``leaf`` (and ``core``) directly
under ``topology``, each a list of switches with ``name``, ``model``, ``peers`` (switches of
the tier below), ``uplinks`` (switches of the tier above) and, for leaves, ``servers``.
Servers named only in leaf lists exist implicitly. The richer form adds ``models``
(``ports``, ``speed_Gbps``), ``servers`` (``gpus``, ``nics``, ``nic_Gbps``, ``role``:
compute, storage or management, ``scale_up_gpus``: GPUs per NVLink domain), per-link
``links`` and ``Gbps``, leaf ``rail`` numbers, ``defaults.link_Gbps`` and ``networks``:
separately named compute, storage and management networks, each with its own tiers. A name
may be a range, ``gpu-001..gpu-032``, to declare or list many at once.

:class:`Index` is one pass over the links (bandwidth up and down, ports used, the compute
graph), computed while loading and reused by the analysis.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

__all__ = ["Issue", "Switch", "Server", "Link", "Model", "Topology", "Index", "TIERS", "ROLES", "RULES",
           "DEFAULT_LINK_GBPS", "MAX_RANGE", "MAX_OBJECTS", "MAX_ISSUES_PER_RULE", "MAX_NUMBER"]

TIERS = ("leaf", "spine", "core")
ROLES = ("compute", "storage", "management")
RULES = ("syntax", "too-large", "schema", "unknown-reference", "duplicate-name", "one-sided-link",
         "too-many-links", "unattached-server", "disconnected", "mixed-speeds", "storage-on-compute")
DEFAULT_LINK_GBPS = 400.0
MAX_RANGE = 100_000
"""Names one range may expand to."""
MAX_OBJECTS = 200_000
"""Names all ranges and lists of a document may expand to, together (servers, switches, references)."""
MAX_ISSUES_PER_RULE = 50
MAX_NUMBER = 1_000_000
"""Largest count or speed (Gb/s) a document may give, so that sums and products stay finite."""


@dataclass(frozen=True)
class Issue:
    """One problem: the rule broken, the line (0 when unknown), the object and a sentence."""

    rule: str
    line: int
    obj: str
    message: str


class Switch:
    __slots__ = ("name", "network", "tier", "model", "rail", "line", "uplink_Gbps", "lists")

    def __init__(self, name: str, network: str, tier: str, line: int) -> None:
        self.name = name
        self.network = network
        self.tier = tier
        self.line = line
        self.model: str | None = None
        self.rail: int | None = None
        self.uplink_Gbps: float | None = None
        self.lists: set[str] = set()  # which of peers/uplinks/servers this switch declares


class Server:
    __slots__ = ("name", "gpus", "nics", "nic_Gbps", "role", "scale_up", "line", "index")

    def __init__(self, name: str, line: int, index: int) -> None:
        self.name = name
        self.line = line
        self.index = index
        self.gpus = 0
        self.nics = 0
        self.nic_Gbps: float | None = None
        self.role = "compute"
        self.scale_up: int | None = None


class Link:
    """``count`` parallel links of ``speed_Gbps`` between ``lower`` and ``upper``."""

    __slots__ = ("lower", "upper", "count", "speed_Gbps", "network", "line", "layer")

    def __init__(self, lower: str, upper: str, count: int, speed_Gbps: float, network: str,
                 line: int, layer: str) -> None:
        self.lower = lower
        self.upper = upper
        self.count = count
        self.speed_Gbps = speed_Gbps
        self.network = network
        self.line = line
        self.layer = layer  # tier of the lower end: server, leaf or spine


@dataclass(frozen=True)
class Model:
    name: str
    ports: int | None
    speed_Gbps: float | None
    line: int


@dataclass
class Topology:
    """Everything the document declares, after validation (problems are in ``issues``)."""

    name: str
    models: dict[str, Model]
    servers: dict[str, Server]
    switches: dict[str, Switch]
    links: list[Link]
    networks: dict[str, str]  # name -> role
    issues: list[Issue]
    notes: list[str]
    dangling: list[tuple[str, str, str]]  # (switch that refers, missing name, tier it should be in)
    objects: int  # names declared and listed, ranges expanded (bounded by MAX_OBJECTS)
    index: Index | None = None  # computed while loading, reused by analyse


class Index:
    """One pass over the links: ports used, speeds, bandwidth up and down, counts, the compute graph."""

    def __init__(self, links: list[Link], switches: dict[str, Switch], networks: dict[str, str]) -> None:
        compute = {n for n, role in networks.items() if role == "compute"}
        self.compute = compute
        down: dict[str, float] = dict.fromkeys(switches, 0.0)
        up: dict[str, float] = dict.fromkeys(switches, 0.0)
        used: dict[str, int] = {}
        hosted: dict[str, int] = {}
        speeds: dict[tuple[str, str, float], int] = {}
        attached: dict[str, set[str]] = {n: set() for n in networks}
        uppers: dict[str, dict[str, int]] = {}
        lowers: dict[str, list[str]] = {}
        endpoint = 0.0
        for link in links:
            count, lower, upper, network = link.count, link.lower, link.upper, link.network
            bw = count * link.speed_Gbps
            down[upper] += bw
            used[lower] = used.get(lower, 0) + count
            used[upper] = used.get(upper, 0) + count
            key = (network, link.layer, link.speed_Gbps)
            speeds[key] = speeds.get(key, 0) + count
            server = link.layer == "server"
            if server:
                hosted[upper] = hosted.get(upper, 0) + 1
                attached[network].add(lower)
            else:
                up[lower] += bw
            if network in compute:
                if server:
                    endpoint += bw
                peers = uppers.get(lower)
                if peers is None:
                    uppers[lower] = {upper: count}
                else:
                    peers[upper] = peers.get(upper, 0) + count
                children = lowers.get(upper)
                if children is None:
                    lowers[upper] = [lower]
                else:
                    children.append(lower)
        self.down, self.up, self.used, self.hosted, self.attached = down, up, used, hosted, attached
        self.uppers, self.lowers, self.endpoint_Gbps = uppers, lowers, endpoint
        self.speeds: dict[tuple[str, str], Counter[float]] = {}
        for (network, layer, speed), count in speeds.items():
            self.speeds.setdefault((network, layer), Counter())[speed] += count

    def layer_links(self, network: str, layer: str) -> int:
        return sum(self.speeds.get((network, layer), Counter()).values())
