"""Loading a topology: YAML text to a checked :class:`~calc.topology.model.Topology`.

A link between two switches may be listed on either side or both; when both switches carry
the list (``uplinks`` below, ``peers`` above) they must agree. A server listed on a leaf
without ``links`` gets one link if the leaf has a ``rail``, else an equal share of its NICs
across the leaves that list it. Link speed: the entry's ``Gbps``, else the switch's
``uplink_Gbps``, else (for server links on compute networks) the server's ``nic_Gbps``,
else the slower of the two ends' model speeds, else ``defaults.link_Gbps``, else 400 Gb/s.

Problems are collected as :class:`~calc.topology.model.Issue` objects, each with its rule
and line, rather than raised: the editor shows them all at once. Work is bounded: a range
expands to at most ``MAX_RANGE`` names and a document to at most ``MAX_OBJECTS`` names in
all, so a short document cannot ask for billions of objects.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from calc.errors import shorten
from calc.topology.model import (
    DEFAULT_LINK_GBPS,
    MAX_ISSUES_PER_RULE,
    MAX_NUMBER,
    MAX_OBJECTS,
    MAX_RANGE,
    ROLES,
    RULES,
    TIERS,
    Index,
    Issue,
    Link,
    Model,
    Server,
    Switch,
    Topology,
)
from calc.topology.yamlish import Map, Node, Scalar, Seq, YamlError, gc_paused, parse

__all__ = ["load", "expand_range", "Ref"]


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


class _TooLarge(Exception):
    def __init__(self, line: int, total: int) -> None:
        super().__init__(f"line {line} brings the names declared and listed, ranges expanded, to {total}; "
                         f"at most {MAX_OBJECTS} are allowed")
        self.line = line
        self.total = total


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
        self.objects = 0  # names declared and listed so far, ranges expanded

    def spend(self, count: int, line: int) -> None:
        """Count ``count`` more names; past ``MAX_OBJECTS`` the document is too large to check."""
        self.objects += count
        if self.objects > MAX_OBJECTS:
            raise _TooLarge(line, self.objects)

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
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or integer and not isinstance(value, int) or not value >= minimum):
            self.number_issue(node, where, line, integer, f"at least {minimum:g}")
            return None
        if value > MAX_NUMBER:
            self.number_issue(node, where, line, integer, f"at most {MAX_NUMBER}")
            return None
        return float(value)

    def number_issue(self, node: Node, where: str, line: int, integer: bool, bound: str) -> None:
        kind = "a whole number" if integer else "a number"
        shown = shorten(repr(node.value) if isinstance(node, Scalar) else repr(type(node).__name__.lower()))
        self.issue("schema", _line(node, line), where, f"{where} must be {kind} of {bound}: got {shown}")

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
    def claim(self, name: str, line: int) -> bool:
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
        self.spend(len(expanded), _line(node, line))
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
                if not self.claim(name, line):
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
            if not self.claim(name, line):
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
    """Parse and validate; a syntax error (or a document too large) becomes a single issue."""
    with gc_paused():  # the model, like the parsed nodes, holds no reference cycles worth collecting
        return _load(text)


def _load(text: str) -> Topology:
    loader = _Loader()
    try:
        root = parse(text)
    except YamlError as exc:
        loader.issue("syntax", exc.line, "yaml", str(exc))
        return _topology(loader, [])
    try:
        _declare(loader, root)
    except _TooLarge as exc:
        loader = _Loader()
        loader.issue("too-large", exc.line, "yaml", str(exc))
        loader.objects = exc.total
        return _topology(loader, [])
    links = _Linker(loader).links()
    index = Index(links, loader.switches, loader.networks)
    _check(loader, links, index)
    return _topology(loader, links, index)


def _topology(loader: _Loader, links: list[Link], index: Index | None = None) -> Topology:
    issues = sorted(loader.issues, key=lambda i: (i.line, RULES.index(i.rule)))
    return Topology(loader.name, loader.models, loader.servers, loader.switches, links,
                    loader.networks, issues, loader.notes, loader.dangling, loader.objects, index)


def _declare(loader: _Loader, root: Node) -> None:
    top_keys = ("name", "models", "servers", "defaults", "networks", "config", *TIERS)  # config: see configs
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


def _check(loader: _Loader, links: list[Link], ix: Index) -> None:
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
    parents: dict[str, dict[str, str]] = {network: {} for network in loader.networks}
    for name, switch in loader.switches.items():
        parents[switch.network][name] = name
    for link in links:
        if link.layer != "server":
            parent = parents[link.network]
            parent[_find(parent, link.lower)] = _find(parent, link.upper)
    for network, parent in parents.items():
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
