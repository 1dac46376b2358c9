"""Topology as code: a cluster network described in YAML, checked and analysed.

Schema. The document has one key, ``topology``. The source article's form is
accepted as written: tiers ``spine`` and ``leaf`` (and ``core``) directly
under ``topology``, each a list of switches with ``name``, ``model``,
``peers`` (switches of the tier below), ``uplinks`` (switches of the tier
above) and, for leaves, ``servers``. Servers named only in leaf lists exist
implicitly. The richer form adds ``models`` (``ports``, ``speed_Gbps``),
``servers`` (``gpus``, ``nics``, ``nic_Gbps``, ``role``: compute, storage or
management, ``scale_up_gpus``: GPUs per NVLink domain), per-link ``links`` and ``Gbps``,
leaf ``rail`` numbers, ``defaults.link_Gbps`` and ``networks``: separately
named compute, storage and management networks, each with its own tiers.
A name may be a range, ``gpu-001..gpu-032``, to declare or list many at once.

A link between two switches may be listed on either side or both; when both
switches carry the list (``uplinks`` below, ``peers`` above) they must agree.
A server listed on a leaf without ``links`` gets one link if the leaf has a
``rail``, else an equal share of its NICs across the leaves that list it.
Link speed: the entry's ``Gbps``, else the switch's ``uplink_Gbps``, else (for
server links on compute networks) the server's ``nic_Gbps``, else the slower
of the two ends' model speeds, else ``defaults.link_Gbps``, else 400 Gb/s.

Analysis assumes a tiered folded Clos: oversubscription of a switch is its
downward over its upward bandwidth; bisection bandwidth is half the smallest
of the endpoints' bandwidth and each tier's total upward bandwidth (exact for
uniformly wired Clos networks, an upper bound otherwise); every link end
holds one transceiver; paths go up from both servers to the lowest tier where
they meet and down again (valley-free, as a Clos routes), parallel links
counted as separate equal-cost paths (as ECMP sees them). Blast radius covers
compute networks: the servers a single switch failure cuts off, and those
whose bandwidth it reduces.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from calc.errors import ValidationError
from calc.fabric.sizing import CLOS, design, emit_yaml
from calc.outputs import Column, Outcome, Table
from calc.outputs import Scalar as Out
from calc.params import Choice, Text
from calc.registry import calculator
from calc.sources import cite
from calc.topology.yamlish import Map, Node, Scalar, Seq, YamlError, parse

__all__ = ["Issue", "Switch", "Server", "Link", "Topology", "load", "expand_range", "analyse",
           "Analysis", "summary_counts", "RULES", "TIERS", "DEFAULT_YAML", "ARTICLE_YAML", "topology"]

SUPERPOD_FABRICS = cite(
    "nvidia-superpod-h100-fabrics",
    "NVIDIA DGX SuperPOD Reference Architecture, DGX H100: network fabrics (compute, storage, in-band and "
    "out-of-band management)",
    "NVIDIA", 2023,
    "https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/"
    "network-fabrics.html",
)
ENTERPRISE_RA = cite(
    "nvidia-enterprise-ra-network",
    "NVIDIA Enterprise Reference Architecture, HGX H100/H200/B200: network logical architecture "
    "(separate GPU compute fabric, converged north-south network)",
    "NVIDIA", 2024,
    "https://docs.nvidia.com/enterprise-reference-architectures/hgx-ai-factory-h100-h200-b200/latest/"
    "network-logical-architecture.html",
)

TIERS = ("leaf", "spine", "core")
ROLES = ("compute", "storage", "management")
RULES = ("syntax", "schema", "unknown-reference", "duplicate-name", "one-sided-link",
         "too-many-links", "unattached-server", "disconnected", "mixed-speeds", "storage-on-compute")
DEFAULT_LINK_GBPS = 400.0
MAX_RANGE = 100_000
MAX_ISSUES_PER_RULE = 50



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
    index: _Index | None = None  # computed while loading, reused by analyse


_RANGE = re.compile(r"^(.*?)(\d+)\.\.(.*?)(\d+)$")


def expand_range(name: str) -> list[str] | None:
    """``gpu-01..gpu-04`` -> four names; a plain name -> itself; a malformed range -> None."""
    if ".." not in name:
        return [name]
    match = _RANGE.match(name)
    if match is None:
        return None
    prefix, first, prefix2, last = match.groups()
    if prefix2 not in ("", prefix):
        return None
    low, high = int(first), int(last)
    if high < low or high - low >= MAX_RANGE:
        return None
    width = len(first) if first.startswith("0") or len(first) == len(last) else 0
    pattern = prefix.replace("%", "%%") + f"%0{width}d"
    return [pattern % i for i in range(low, high + 1)]


class Ref(NamedTuple):
    """One list entry: the names it expands to, its link count and speed, and its line."""

    names: list[str]
    links: int | None
    speed_Gbps: float | None
    line: int


class _Loader:
    def __init__(self) -> None:
        self.issues: list[Issue] = []
        self.rule_counts: Counter[str] = Counter()
        self.servers: dict[str, Server] = {}
        self.switches: dict[str, Switch] = {}
        self.models: dict[str, Model] = {}
        self.networks: dict[str, str] = {}
        self.refs: dict[tuple[str, str], list[Ref]] = {}  # (switch, list) -> refs
        self.name_lines: dict[str, int] = {}
        self.default_Gbps = DEFAULT_LINK_GBPS
        self.implicit_servers = True
        self.notes: list[str] = []
        self.dangling: list[tuple[str, str, str]] = []
        self.ranges: dict[str, list[str]] = {}
        self.name = "topology"

    def issue(self, rule: str, line: int, obj: str, message: str) -> None:
        self.rule_counts[rule] += 1
        count = self.rule_counts[rule]
        if count <= MAX_ISSUES_PER_RULE:
            self.issues.append(Issue(rule, line, obj, message))
        elif count == MAX_ISSUES_PER_RULE + 1:
            self.issues.append(Issue(rule, line, obj, f"further {rule} problems are not listed"))

    # ---- scalar helpers -------------------------------------------------
    def text(self, node: Node | None, where: str, line: int) -> str | None:
        if node is None:
            return None
        if isinstance(node, Scalar) and node.value is not None and not isinstance(node.value, bool):
            return str(node.value)
        self.issue("schema", _line(node, line), where, f"{where} must be a name")
        return None

    def number(self, node: Node | None, where: str, line: int, integer: bool = False,
               minimum: float = 0.0) -> float | None:
        if node is None:
            return None
        value = node.value if isinstance(node, Scalar) else None
        kind = "a whole number" if integer else "a number"
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or integer and not isinstance(value, int) or value < minimum or value != value
                or value in (float("inf"), float("-inf"))):
            shown = value if isinstance(node, Scalar) else type(node).__name__.lower()
            self.issue("schema", _line(node, line), where,
                       f"{where} must be {kind} of at least {minimum:g}: got {shown!r}")
            return None
        return float(value)

    def mapping(self, node: Node | None, where: str, keys: tuple[str, ...], line: int) -> Map | None:
        if node is None:
            return None
        if not isinstance(node, Map):
            self.issue("schema", _line(node, line), where, f"{where} must be a mapping (key: value)")
            return None
        for key in node.entries:
            if key not in keys:
                self.issue("schema", node.key_lines[key], where,
                           f"{where}: unknown key {key!r}; known: {', '.join(keys)}")
        return node

    def items(self, node: Node | None, where: str, line: int) -> list[Node]:
        if node is None:
            return []
        if isinstance(node, Seq):
            return node.items
        if isinstance(node, Scalar) and node.value is None:
            return []
        self.issue("schema", _line(node, line), where, f"{where} must be a list (- item or [a, b])")
        return []

    # ---- declarations ---------------------------------------------------
    def claim(self, name: str, line: int, kind: str) -> bool:
        if name in self.name_lines:
            first = self.name_lines[name]
            self.issue("duplicate-name", line, name,
                       f"duplicate name: {name} is defined on line {first} and again on line {line}")
            return False
        self.name_lines[name] = line
        return True

    def names(self, node: Node | None, where: str, line: int) -> list[str]:
        raw = self.text(node, where, line)
        if raw is None:
            if node is None:
                self.issue("schema", line, where, f"{where} needs a name")
            return []
        expanded = self.ranges.get(raw)
        if expanded is None:
            expanded = expand_range(raw)
            if expanded is not None:
                self.ranges[raw] = expanded  # shared, never modified
        if expanded is None:
            self.issue("schema", _line(node, line), raw,
                       f"{raw!r} is not a valid range; write e.g. gpu-01..gpu-16")
            return []
        return expanded

    def load_models(self, node: Node | None) -> None:
        table = self.mapping(node, "models", tuple(node.entries) if isinstance(node, Map) else (), 0)
        if table is None:
            return
        for name, spec in table.entries.items():
            line = table.key_lines[name]
            body = self.mapping(spec, f"model {name}", ("ports", "speed_Gbps"), line)
            ports = speed = None
            if body is not None:
                ports = self.number(body.get("ports"), f"model {name}: ports", line, True, 1)
                speed = self.number(body.get("speed_Gbps"), f"model {name}: speed_Gbps", line, False, 0.001)
            self.models[name] = Model(name, None if ports is None else int(ports), speed, line)

    def load_servers(self, node: Node | None) -> None:
        keys = ("name", "gpus", "nics", "nic_Gbps", "role", "scale_up_gpus")
        for item in self.items(node, "servers", 0):
            body = self.mapping(item, "server", keys, 0)
            if body is None:
                continue
            line = body.line
            names = self.names(body.get("name"), "server", line)
            gpus = self.number(body.get("gpus"), f"server {names[0] if names else ''}: gpus", line, True)
            nics = self.number(body.get("nics"), f"server {names[0] if names else ''}: nics", line, True)
            speed = self.number(body.get("nic_Gbps"), "nic_Gbps", line, False, 0.001)
            role = self.text(body.get("role"), "role", line) or "compute"
            if role not in ROLES:
                self.issue("schema", line, names[0] if names else "server",
                           f"role must be one of {', '.join(ROLES)}: got {role!r}")
                role = "compute"
            domain = self.number(body.get("scale_up_gpus"), "scale_up_gpus", line, True, 1)
            for name in names:
                if not self.claim(name, line, "server"):
                    continue
                server = Server(name, line, len(self.servers))
                server.gpus = int(gpus or 0)
                server.nics = int(nics) if nics is not None else (1 if gpus is None else int(gpus))
                server.nic_Gbps = speed
                server.role = role
                server.scale_up = None if domain is None else int(domain)
                self.servers[name] = server

    def load_network(self, network: str, body: Map) -> None:
        for tier in [key for key in body.entries if key in TIERS]:  # in the document's order
            for item in self.items(body.get(tier), tier, body.key_lines.get(tier, 0)):
                self.load_switch(network, tier, item)

    def load_switch(self, network: str, tier: str, item: Node) -> None:
        keys = ["name", "model", "uplinks", "uplink_Gbps"]
        keys += ["servers", "rail"] if tier == "leaf" else ["peers"]
        if tier == "core":
            keys.remove("uplinks")
        body = self.mapping(item, f"{tier} switch", tuple(keys), 0)
        if body is None:
            return
        line = body.line
        model = self.text(body.get("model"), "model", line)
        rail = self.number(body.get("rail"), "rail", line, True)
        uplink = self.number(body.get("uplink_Gbps"), "uplink_Gbps", line, False, 0.001)
        for name in self.names(body.get("name"), f"{tier} switch", line):
            if not self.claim(name, line, tier):
                continue
            switch = Switch(name, network, tier, line)
            switch.model = model
            switch.rail = None if rail is None else int(rail)
            switch.uplink_Gbps = uplink
            for key in ("peers", "uplinks", "servers"):
                if key in body.entries:
                    switch.lists.add(key)
                    self.refs[(name, key)] = self.ref_list(body.entries[key], f"{name}: {key}",
                                                          body.key_lines[key])
            self.switches[name] = switch
            if model is not None and self.models and model not in self.models:
                self.issue("unknown-reference", line, name,
                           f"{name} (line {line}): model {model} is not defined in models")

    def ref_list(self, node: Node, where: str, line: int) -> list[Ref]:
        entries = [node] if isinstance(node, Scalar) and node.value is not None else self.items(node, where, line)
        refs: list[Ref] = []
        for entry in entries:
            at = _line(entry, line)
            count: float | None = None
            speed: float | None = None
            if isinstance(entry, Map):
                self.mapping(entry, where, ("name", "links", "Gbps"), at)
                count = self.number(entry.get("links"), f"{where}: links", at, True, 1)
                speed = self.number(entry.get("Gbps"), f"{where}: Gbps", at, False, 0.001)
                names = self.names(entry.get("name"), where, at)
            else:
                names = self.names(entry, where, at)
            refs.append(Ref(names, None if count is None else int(count), speed, at))
        return refs


def _line(node: Node | None, fallback: int) -> int:
    return fallback if node is None else node.line


def load(text: str) -> Topology:
    """Parse and validate; a syntax error becomes a single ``syntax`` issue."""
    loader = _Loader()
    try:
        root = parse(text)
    except YamlError as exc:
        loader.issue("syntax", exc.line, "yaml", str(exc))
        return _topology(loader, [])
    _declare(loader, root)
    links = _Linker(loader).links()
    index = _Index(links, loader.switches, loader.networks)
    _check(loader, links, index)
    return _topology(loader, links, index)


def _topology(loader: _Loader, links: list[Link], index: _Index | None = None) -> Topology:
    issues = sorted(loader.issues, key=lambda i: (i.line, RULES.index(i.rule)))
    return Topology(loader.name, loader.models, loader.servers, loader.switches, links,
                    loader.networks, issues, loader.notes, loader.dangling, index)


def _declare(loader: _Loader, root: Node) -> None:
    top_keys = ("name", "models", "servers", "defaults", "networks", *TIERS)
    if not isinstance(root, Map) or "topology" not in root.entries:
        loader.issue("schema", root.line, "document", "the document must be a mapping with a 'topology' key")
        return
    for key in root.entries:
        if key != "topology":
            loader.issue("schema", root.key_lines[key], "document",
                         f"unknown top-level key {key!r}; everything goes under 'topology'")
    topo = loader.mapping(root.entries["topology"], "topology", top_keys, root.line)
    if topo is None:
        return
    loader.name = loader.text(topo.get("name"), "name", topo.line) or "topology"
    defaults = loader.mapping(topo.get("defaults"), "defaults", ("link_Gbps",), topo.line)
    if defaults is not None:
        loader.default_Gbps = loader.number(defaults.get("link_Gbps"), "defaults: link_Gbps", defaults.line,
                                            False, 0.001) or DEFAULT_LINK_GBPS
    loader.load_models(topo.get("models"))
    loader.implicit_servers = "servers" not in topo.entries
    loader.load_servers(topo.get("servers"))
    has_tiers = any(t in topo.entries for t in TIERS)
    if has_tiers and "networks" in topo.entries:
        loader.issue("schema", topo.key_lines["networks"], "topology",
                     "use either tiers directly under topology (one network) or networks, not both")
    if "networks" not in topo.entries:
        loader.networks["compute"] = "compute"
        loader.load_network("compute", topo)
        return
    nets = loader.mapping(topo.get("networks"), "networks",
                          tuple(topo.entries["networks"].entries) if isinstance(topo.entries["networks"], Map) else (),
                          topo.line)
    for name, body in (nets.entries.items() if nets is not None else ()):
        net = loader.mapping(body, f"network {name}", ("role", *TIERS), nets.key_lines[name] if nets else 0)
        if net is None:
            continue
        role = loader.text(net.get("role"), "role", net.line) or (name if name in ROLES else "compute")
        if role not in ROLES:
            loader.issue("schema", net.line, name, f"role must be one of {', '.join(ROLES)}: got {role!r}")
            role = "compute"
        loader.networks[name] = role
        loader.load_network(name, net)
    if not loader.switches:
        loader.notes.append("No switches are declared.")


_ABOVE = {"leaf": "spine", "spine": "core"}
_BELOW = {"spine": "leaf", "core": "spine"}


class _Linker:
    """Turns the lists on each switch into links, checking references and agreement."""

    def __init__(self, loader: _Loader) -> None:
        self.ld = loader
        self.speed_cache: dict[tuple[str | None, ...], float] = {}

    def links(self) -> list[Link]:
        switches = self.ld.switches
        sides: tuple[dict[tuple[str, str], Ref], dict[tuple[str, str], Ref]] = ({}, {})
        for (name, key), refs in self.ld.refs.items():
            if key == "servers":
                continue
            switch = switches[name]
            up = key == "uplinks"
            want = _ABOVE.get(switch.tier) if up else _BELOW.get(switch.tier)
            found = sides[0 if up else 1]
            for ref in refs:
                for other in ref.names:
                    target = switches.get(other)
                    if target is None or target.tier != want or target.network != switch.network:
                        self.bad_ref(switch, key, other, ref.line, want)
                        continue
                    pair = (name, other) if up else (other, name)
                    old = found.get(pair)
                    found[pair] = ref if old is None else Ref(
                        [other], (old.links or 1) + (ref.links or 1), ref.speed_Gbps or old.speed_Gbps, old.line)
        ups, downs = sides
        out = [self.fabric_link(pair, ref, downs.pop(pair, None)) for pair, ref in ups.items()]
        out += [self.fabric_link(pair, None, ref) for pair, ref in downs.items()]
        out.extend(self.server_links())
        return out

    def bad_ref(self, switch: Switch, key: str, other: str, line: int, want: str | None) -> None:
        word = "an uplink" if key == "uplinks" else "a peer"
        target = self.ld.switches.get(other)
        if target is None:
            what = "a server, not a switch" if other in self.ld.servers else "not defined"
            if want is not None and other not in self.ld.servers:
                self.ld.dangling.append((switch.name, other, want))
            self.ld.issue("unknown-reference", line, switch.name,
                          f"{switch.name} (line {switch.line}) lists {other} as {word}, which is {what}")
            return
        where = target.tier if target.network == switch.network else f"{target.tier} in network {target.network}"
        self.ld.issue("unknown-reference", line, switch.name,
                      f"{switch.name} (line {switch.line}) lists {other} as {word}, "
                      f"but {other} is a {where}, not a {want} in network {switch.network}")

    def fabric_link(self, pair: tuple[str, str], up_ref: Ref | None, down_ref: Ref | None) -> Link:
        lower = self.ld.switches[pair[0]]
        upper = self.ld.switches[pair[1]]
        if up_ref is None or down_ref is None:
            if upper.lists if up_ref is not None else lower.lists:
                self.one_sided(lower, upper, up_ref, down_ref)
        elif (up_ref.links or 1) != (down_ref.links or 1):
            self.ld.issue("one-sided-link", up_ref.line, lower.name,
                          f"{lower.name} lists {up_ref.links or 1} links to {pair[1]}, but {pair[1]} "
                          f"lists {down_ref.links or 1} to {lower.name}")
        ref = up_ref or down_ref
        assert ref is not None
        speed = (up_ref and up_ref.speed_Gbps) or (down_ref and down_ref.speed_Gbps) or lower.uplink_Gbps
        if not speed:
            speed = self.model_speed(lower.model, upper.model)
        return Link(pair[0], pair[1], ref.links or 1, speed, lower.network, ref.line, lower.tier)

    def one_sided(self, lower: Switch, upper: Switch, up_ref: Ref | None, down_ref: Ref | None) -> None:
        if up_ref is None and down_ref is not None and "uplinks" in lower.lists:
            self.ld.issue("one-sided-link", down_ref.line, upper.name,
                          f"{upper.name} (line {upper.line}) lists {lower.name} as a peer, but {lower.name} "
                          f"(line {lower.line}) does not list {upper.name} in its uplinks")
        if down_ref is None and up_ref is not None and "peers" in upper.lists:
            self.ld.issue("one-sided-link", up_ref.line, lower.name,
                          f"{lower.name} (line {lower.line}) lists {upper.name} as an uplink, but {upper.name} "
                          f"(line {upper.line}) does not list {lower.name} in its peers")

    def model_speed(self, *models: str | None) -> float:
        key = models
        cached = self.speed_cache.get(key)
        if cached is None:
            speeds = [m.speed_Gbps for name in models if name in self.ld.models
                      for m in (self.ld.models[name or ""],) if m.speed_Gbps is not None]
            cached = self.speed_cache[key] = min(speeds) if speeds else self.ld.default_Gbps
        return cached

    def server_links(self) -> list[Link]:
        listed: list[tuple[Switch, Server, Ref]] = []
        shares: Counter[str] = Counter()
        servers = self.ld.servers
        for (name, key), refs in self.ld.refs.items():
            if key != "servers":
                continue
            leaf = self.ld.switches[name]
            split = leaf.rail is None and self.ld.networks[leaf.network] == "compute"
            for ref in refs:
                for other in ref.names:
                    server = servers.get(other) or self.server(leaf, other, ref.line)
                    if server is not None:
                        listed.append((leaf, server, ref))
                        if split and ref.links is None:
                            shares[server.name] += 1
        out: list[Link] = []
        for leaf, server, ref in listed:
            compute = self.ld.networks[leaf.network] == "compute"
            count = ref.links or (max(1, server.nics // shares[server.name])
                                  if compute and leaf.rail is None else 1)
            speed = ref.speed_Gbps or (server.nic_Gbps if compute else None) or self.model_speed(leaf.model)
            out.append(Link(server.name, leaf.name, count, speed, leaf.network, ref.line, "server"))
        return out

    def server(self, leaf: Switch, name: str, line: int) -> Server | None:
        if name in self.ld.switches:
            self.ld.issue("unknown-reference", line, leaf.name,
                          f"{leaf.name} (line {leaf.line}) lists {name} as a server, but it is a switch")
            return None
        if not self.ld.implicit_servers:
            self.ld.issue("unknown-reference", line, leaf.name,
                          f"{leaf.name} (line {leaf.line}) lists server {name}, which is not defined in servers")
            return None
        server = Server(name, line, len(self.ld.servers))
        server.nics = 1
        self.ld.servers[name] = server
        self.ld.name_lines.setdefault(name, line)
        return server


def _check(loader: _Loader, links: list[Link], ix: _Index) -> None:
    _check_ports(loader, ix.used)
    attached = set().union(*ix.attached.values()) if ix.attached else set()
    for server in loader.servers.values():
        if server.name not in attached:
            loader.issue("unattached-server", server.line, server.name,
                         f"server {server.name} (line {server.line}) is not attached to any leaf")
    _check_storage(loader, links)
    _check_speeds(loader, links, ix.speeds)
    _check_connected(loader, links)
    if not loader.models and loader.switches:
        loader.notes.append("No switch models with port counts: add 'models' to check ports.")


def _check_ports(loader: _Loader, used: dict[str, int]) -> None:
    for switch in loader.switches.values():
        model = loader.models.get(switch.model or "")
        if model is not None and model.ports is not None and used.get(switch.name, 0) > model.ports:
            loader.issue("too-many-links", switch.line, switch.name,
                         f"{switch.name} (line {switch.line}) has {used.get(switch.name, 0)} links "
                         f"but model {model.name} has {model.ports} ports")


def _check_storage(loader: _Loader, links: list[Link]) -> None:
    storage = {s.name for s in loader.servers.values() if s.role == "storage"}
    if not storage:
        return
    for link in links:
        if link.lower in storage and link.layer == "server" and loader.networks[link.network] == "compute":
            server = loader.servers[link.lower]
            loader.issue("storage-on-compute", link.line, server.name,
                         f"storage server {server.name} (line {server.line}) is attached to compute leaf "
                         f"{link.upper}: storage traffic would share compute links; use a separate storage network")


_LAYER_WORDS = {"server": "server–leaf", "leaf": "leaf–spine", "spine": "spine–core"}


def _check_speeds(loader: _Loader, links: list[Link], groups: dict[tuple[str, str], Counter[float]]) -> None:
    for (network, layer), speeds in groups.items():
        if len(speeds) < 2:
            continue
        usual = max(speeds.items(), key=lambda kv: (kv[1], kv[0]))[0]
        seen: set[str] = set()
        for link in links:
            if link.network == network and link.layer == layer and link.speed_Gbps != usual \
                    and link.lower not in seen:
                seen.add(link.lower)
                loader.issue("mixed-speeds", link.line, link.lower,
                             f"{link.lower}–{link.upper} runs at {link.speed_Gbps:g} Gb/s but the "
                             f"{_LAYER_WORDS[layer]} links of network {network} mostly run at {usual:g} Gb/s")


def _find(parent: dict[str, str], x: str) -> str:
    """Union-find root with path halving."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _check_connected(loader: _Loader, links: list[Link]) -> None:
    for network in loader.networks:
        parent: dict[str, str] = {s: s for s, sw in loader.switches.items() if sw.network == network}
        for link in links:
            if link.network == network and link.layer != "server":
                parent[_find(parent, link.lower)] = _find(parent, link.upper)
        parts: dict[str, list[str]] = {}
        for name in parent:
            parts.setdefault(_find(parent, name), []).append(name)
        if len(parts) > 1:
            ordered = sorted(parts.values(), key=lambda p: (-len(p), loader.switches[p[0]].line))
            main, rest = ordered[0], ordered[1:]
            for part in rest:
                first = loader.switches[part[0]]
                loader.issue("disconnected", first.line, first.name,
                             f"network {network} falls apart: {_names(part)} cannot reach {_names(main)}")


def _names(part: list[str]) -> str:
    shown = ", ".join(part[:3])
    return f"{shown} and {len(part) - 3} more" if len(part) > 3 else shown


# ---------------------------------------------------------------------------
# Analysis


@dataclass(frozen=True)
class Analysis:
    """Figures computed from a loaded topology (all bandwidths in Gb/s, one direction)."""

    leaf_rows: tuple[tuple[str, str, int, float, float, float], ...]  # network, leaf, servers, down, up, ratio
    tier_rows: tuple[tuple[str, str, int, int, int], ...]  # network, tier, switches, links, transceivers
    blast_rows: tuple[tuple[str, str, int, int, float], ...]  # switch, tier, disconnected, degraded, lost Gb/s
    switches: int
    links: int
    transceivers: int
    gpus: int
    max_oversubscription: float
    bisection_Gbps: float
    endpoint_Gbps: float
    hops: int
    paths: int
    src: str
    dst: str
    ratios: dict[str, float]  # oversubscription of every switch with uplinks


class _Index:
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


def analyse(topo: Topology, src: str = "", dst: str = "") -> Analysis:
    """Counts, oversubscription, bisection, paths between ``src`` and ``dst`` and blast radius."""
    ix = topo.index or _Index(topo.links, topo.switches, topo.networks)
    ratios = {name: ix.down[name] / bw for name, bw in ix.up.items() if bw > 0}
    leaf_rows = tuple((sw.network, sw.name, ix.hosted.get(sw.name, 0), ix.down[sw.name], ix.up[sw.name],
                       ratios.get(sw.name, 0.0)) for sw in topo.switches.values() if sw.tier == "leaf")
    worst = max((r[5] for r in leaf_rows if r[0] in ix.compute), default=0.0)
    tier_rows, links = _tiers(topo, ix)
    a, b = _endpoints(topo, ix, src, dst)
    hops, paths = _paths(topo, ix, a, b)
    return Analysis(leaf_rows, tier_rows, _blast(topo, ix), len(topo.switches), links, 2 * links,
                    sum(s.gpus for s in topo.servers.values()), worst, _bisection(topo, ix),
                    ix.endpoint_Gbps, hops, paths, a, b, ratios)


def _tiers(topo: Topology, ix: _Index) -> tuple[tuple[tuple[str, str, int, int, int], ...], int]:
    count: Counter[tuple[str, str]] = Counter((s.network, s.tier) for s in topo.switches.values())
    rows = []
    for network in topo.networks:
        server_links = ix.layer_links(network, "server")
        rows.append((network, "server", len(ix.attached[network]), server_links, 2 * server_links))
        rows += [(network, t, count[(network, t)], ix.layer_links(network, t), 2 * ix.layer_links(network, t))
                 for t in TIERS if count[(network, t)]]
    return tuple(rows), sum(sum(c.values()) for c in ix.speeds.values())


def _bisection(topo: Topology, ix: _Index) -> float:
    candidates = [ix.endpoint_Gbps]
    for tier in ("leaf", "spine"):
        members = [s.name for s in topo.switches.values() if s.tier == tier and s.network in ix.compute]
        total = sum(ix.up[m] for m in members)
        if tier == "leaf" and len(members) > 1 or tier == "spine" and total > 0:
            candidates.append(total)
    return min(candidates) / 2


def _endpoints(topo: Topology, ix: _Index, src: str, dst: str) -> tuple[str, str]:
    attached = set().union(*(ix.attached[n] for n in ix.compute)) if ix.compute else set()
    names = [n for n in topo.servers if n in attached]
    return src or (names[0] if names else ""), dst or (names[-1] if names else "")


def _paths(topo: Topology, ix: _Index, a: str, b: str) -> tuple[int, int]:
    """Switch hops on a shortest path from ``a`` to ``b`` and the number of such paths (0, 0 if none).

    As a Clos routes: up from both servers to the lowest tier where they
    meet, then down (valley-free), parallel links counted as separate paths.
    When the two never meet going up (a topology that is not a Clos), a
    breadth-first search through switches finds the shortest paths instead.
    """
    if not a or not b or a == b:
        return 0, 0
    mine, theirs = {a: 1}, {b: 1}
    for level in range(1, len(TIERS) + 1):
        mine, theirs = _climb(mine, ix.uppers), _climb(theirs, ix.uppers)
        common = mine.keys() & theirs.keys()
        if common:
            return 2 * level - 1, sum(mine[n] * theirs[n] for n in common)
    return _bfs(topo, ix, a, b)


def _climb(ways: dict[str, int], uppers: dict[str, dict[str, int]]) -> dict[str, int]:
    """Number of upward paths to each node one tier up."""
    out: dict[str, int] = {}
    for node, count in ways.items():
        for up, links in uppers.get(node, {}).items():
            out[up] = out.get(up, 0) + count * links
    return out


def _bfs(topo: Topology, ix: _Index, a: str, b: str) -> tuple[int, int]:
    uppers, lowers, servers = ix.uppers, ix.lowers, topo.servers
    dist = {a: 0}
    ways = {a: 1}
    frontier = [a]
    while frontier and b not in dist:
        nxt: list[str] = []
        for node in frontier:
            if node != a and node in servers:
                continue
            here, level = ways[node], dist[node] + 1
            neighbours = list(uppers.get(node, {}).items())
            neighbours += [(child, uppers[child][node]) for child in set(lowers.get(node, ()))]
            for peer, count in neighbours:
                seen = dist.get(peer)
                if seen is None:
                    dist[peer] = level
                    ways[peer] = here * count
                    nxt.append(peer)
                elif seen == level:
                    ways[peer] += here * count
        frontier = nxt
    if b not in dist:
        return 0, 0
    return dist[b] - 1, ways[b]


def _blast(topo: Topology, ix: _Index) -> tuple[tuple[str, str, int, int, float], ...]:
    """Per switch: servers cut off if it fails, servers that lose bandwidth, capacity lost (Gb/s).

    A node is cut off when every switch above it has failed or is cut off;
    "losing bandwidth" means the switch lies above the server but cutting it
    leaves another way out. Capacity lost is the bandwidth of the links into
    the switch from below.
    """
    below: dict[str, int] = {name: 1 << server.index for name, server in topo.servers.items()}
    ordered = [sw for tier in TIERS for sw in topo.switches.values()
               if sw.tier == tier and sw.network in ix.compute]
    for sw in ordered:
        bits = 0
        for child in set(ix.lowers.get(sw.name, ())):
            bits |= below.get(child, 0)
        below[sw.name] = bits
    rows = []
    uppers = ix.uppers
    for sw in ordered:
        children = ix.lowers.get(sw.name, ())
        # Only a child with this switch as its sole upper can be cut off by this failure alone.
        alone = any(len(uppers[c]) == 1 for c in children)
        cut = _cut_servers(sw.name, uppers, ix.lowers, topo.servers) if alone else 0
        rows.append((sw.name, sw.tier, cut, below[sw.name].bit_count() - cut, ix.down[sw.name]))
    return tuple(rows)


def _cut_servers(failed: str, uppers: dict[str, dict[str, int]], lowers: dict[str, list[str]],
                 servers: dict[str, Server]) -> int:
    cut = {failed}
    frontier = [failed]
    count = 0
    while frontier:
        nxt: list[str] = []
        for node in frontier:
            for child in lowers.get(node, ()):
                if child not in cut and all(u in cut for u in uppers[child]):
                    cut.add(child)
                    if child in servers:
                        count += 1
                    else:
                        nxt.append(child)
        frontier = nxt
    return count


# ---------------------------------------------------------------------------
# The calculator

ARTICLE_YAML = """\
topology:
  spine:
    - name: spine-01
      model: CE8861
      peers: [leaf-01, leaf-02, leaf-03, leaf-04]
  leaf:
    - name: leaf-01
      model: CE8851
      servers: [gpu-server-01, gpu-server-02]
      uplinks: [spine-01, spine-02]
"""

DEFAULT_YAML = """\
# 8 servers x 8 GPUs, rail-optimised compute fabric at 1:1, plus separate
# storage and management networks. Edit me: errors appear with line numbers.
topology:
  name: pod-64-gpus
  models:
    SN5600: {ports: 64, speed_Gbps: 400}   # 51.2T switch run as 64 x 400G
    SN2201: {ports: 48, speed_Gbps: 1}     # 1G management switch
  defaults: {link_Gbps: 400}
  servers:
    - {name: gpu-01..gpu-08, gpus: 8, nics: 8, nic_Gbps: 400, scale_up_gpus: 8}
    - {name: store-01..store-02, role: storage, nics: 2, nic_Gbps: 400}
  networks:
    compute:
      spine:
        - {name: spine-01..spine-04, model: SN5600}
      leaf:
        - {name: rail-1, model: SN5600, rail: 1, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
        - {name: rail-2, model: SN5600, rail: 2, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
        - {name: rail-3, model: SN5600, rail: 3, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
        - {name: rail-4, model: SN5600, rail: 4, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
        - {name: rail-5, model: SN5600, rail: 5, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
        - {name: rail-6, model: SN5600, rail: 6, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
        - {name: rail-7, model: SN5600, rail: 7, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
        - {name: rail-8, model: SN5600, rail: 8, servers: [gpu-01..gpu-08], uplinks: [{name: spine-01..spine-04, links: 2}]}
    storage:
      leaf:
        - name: storage-leaf-01
          model: SN5600
          servers: [gpu-01..gpu-08, store-01..store-02]
    management:
      leaf:
        - name: mgmt-01
          model: SN2201
          servers: [gpu-01..gpu-08, store-01..store-02]
"""


SU_YAML = emit_yaml(design(256, 8, 400.0, 1, 64, 1.0, "auto", True), 8, 400.0, 64, True)
EXAMPLES = {"article": ARTICLE_YAML, "pod": DEFAULT_YAML, "su": SU_YAML}
EXAMPLE_LABELS = {"article": "The article's example (section 3.1), as written",
                  "pod": "64 GPUs: rail-optimised compute plus storage and management networks",
                  "su": "256 GPUs: one DGX SuperPOD scalable unit, from the fabric calculator",
                  "custom": "Your own (edit the YAML)"}


def _fmt_ratio(value: float) -> str:
    return f"{value:.2f}:1" if value else "no uplinks"


@calculator(
    name="topology",
    title="Topology as code: check and analyse a cluster network",
    summary="Validate a YAML topology (lines, objects, rules) and compute oversubscription, "
            "bisection, counts, paths and blast radius.",
    params=(
        Choice("example", "Start from", "pod", choices=("article", "pod", "su", "custom"), labels=EXAMPLE_LABELS,
               fills={k: {"yaml": v} for k, v in EXAMPLES.items()},
               help="Loads an example into the editor; editing the YAML switches this to your own."),
        Text("yaml", "Topology (YAML)", DEFAULT_YAML, multiline=True, from_file=True, max_length=5_000_000,
             help="The article's form (topology: spine/leaf with peers, servers, uplinks) or the richer form "
                  "with models, servers and networks. On the command line: --yaml PATH."),
        Text("src", "From server", "", help="Server where paths start; empty means the first compute server."),
        Text("dst", "To server", "", help="Server where paths end; empty means the last compute server."),
    ),
    outputs=(
        Out("valid", "Valid", "", "No problems found."),
        Out("issues", "Problems", "", "Number of problems found (see the table)."),
        Out("servers", "Servers", "", "Servers declared or named."),
        Out("gpus", "GPUs", "", "GPUs on declared servers."),
        Out("switches", "Switches", "", "Switches in all networks."),
        Out("links", "Links", "", "Cables, counting parallel links, in all networks."),
        Out("transceivers", "Transceivers", "", "One per link end (all links optical)."),
        Out("max_oversubscription", "Worst leaf oversubscription (N:1)", "",
            "Largest down/up bandwidth ratio of a compute leaf (0 when no leaf has uplinks)."),
        Out("bisection_Gbps", "Bisection bandwidth", "Gb/s",
            "Compute networks, per direction: half the smallest tier capacity."),
        Out("hops", "Switch hops", "", "Switches on a shortest path between the two servers."),
        Out("paths", "Equal-cost paths", "", "Shortest paths between the two servers, parallel links counted."),
        Out("worst_blast", "Most servers cut off by one switch", "", "Largest blast radius of a single switch."),
        Out("worst_switch", "Worst single switch to lose", "",
            "Ranked by servers cut off, then servers slowed, then capacity lost."),
        Table("problems", "Problems", (Column("line", "Line"), Column("object", "Object"),
                                       Column("rule", "Rule"), Column("message", "Message"))),
        Table("leaves", "Leaves", (Column("network", "Network"), Column("leaf", "Leaf"),
                                   Column("servers", "Servers"), Column("down", "Down", "Gb/s"),
                                   Column("up", "Up", "Gb/s"), Column("ratio", "Oversubscription"))),
        Table("tiers", "Counts by tier", (Column("network", "Network"), Column("tier", "Tier"),
                                          Column("count", "Devices"), Column("links", "Links up"),
                                          Column("optics", "Transceivers"))),
        Table("blast", "Blast radius of each switch", (Column("switch", "Switch"), Column("tier", "Tier"),
                                                        Column("cut", "Servers cut off"),
                                                        Column("degraded", "Servers losing bandwidth"),
                                                        Column("lost", "Capacity lost", "Gb/s"))),
    ),
    sources=(CLOS, SUPERPOD_FABRICS, ENTERPRISE_RA),
    view="topology",
)
def topology(*, example: str, yaml: str, src: str, dst: str) -> Outcome:
    topo = load(yaml)
    if topo.issues and topo.issues[0].rule == "syntax":
        raise ValidationError("yaml", f"yaml must be valid YAML: {topo.issues[0].message}")
    for field, name in (("src", src), ("dst", dst)):
        if name and name not in topo.servers:
            raise ValidationError(field, f"{field} must name a server in the topology: got {name!r}")
    result = analyse(topo, src, dst)
    return _outcome(topo, result)


def _outcome(topo: Topology, a: Analysis) -> Outcome:
    from calc.topology.svg import render

    worst = max(a.blast_rows, key=lambda r: (r[2], r[3], r[4]), default=("", "", 0, 0, 0.0))
    issues = [{"line": i.line, "object": i.obj, "rule": i.rule, "message": i.message} for i in topo.issues]
    return Outcome(
        values={"valid": not topo.issues, "issues": len(topo.issues), "servers": len(topo.servers),
                "gpus": a.gpus, "switches": a.switches, "links": a.links, "transceivers": a.transceivers,
                "max_oversubscription": a.max_oversubscription, "bisection_Gbps": a.bisection_Gbps,
                "hops": a.hops, "paths": a.paths, "worst_blast": worst[2], "worst_switch": worst[0] or "none"},
        tables={
            "problems": tuple((i.line, i.obj, i.rule, i.message) for i in topo.issues),
            "leaves": tuple((net, leaf, n, d, u, _fmt_ratio(r)) for net, leaf, n, d, u, r in a.leaf_rows),
            "tiers": a.tier_rows,
            "blast": a.blast_rows,
        },
        data={"svg": render(topo, a), "issues": issues, "src": a.src, "dst": a.dst, "name": topo.name},
        notes=tuple(topo.notes),
    )


def summary_counts(topo: Topology) -> dict[str, int]:
    """Switches per tier and links per layer over compute networks (for round-trip tests)."""
    compute = {n for n, r in topo.networks.items() if r == "compute"}
    counts: Counter[str] = Counter()
    for sw in topo.switches.values():
        if sw.network in compute:
            counts[sw.tier + "s"] += 1
    for link in topo.links:
        if link.network in compute:
            counts[f"{link.layer}_links"] += link.count
    return dict(counts)
