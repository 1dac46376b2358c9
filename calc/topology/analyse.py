"""Analysis of a loaded topology: counts, oversubscription, bisection, paths and blast radius.

Assumes a tiered folded Clos: oversubscription of a switch is its downward over its upward
bandwidth; bisection bandwidth is half the smallest of the endpoints' bandwidth and each
tier's total upward bandwidth (exact for uniformly wired Clos networks, an upper bound
otherwise); every link end holds one transceiver; paths go up from both servers to the
lowest tier where they meet and down again (valley-free, as a Clos routes), parallel links
counted as separate equal-cost paths (as ECMP sees them). Blast radius covers compute
networks: the servers a single switch failure cuts off, and those whose bandwidth it reduces.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from calc.topology.model import TIERS, Index, Server, Topology

__all__ = ["Analysis", "analyse"]


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


def analyse(topo: Topology, src: str = "", dst: str = "") -> Analysis:
    """Counts, oversubscription, bisection, paths between ``src`` and ``dst`` and blast radius."""
    ix = topo.index or Index(topo.links, topo.switches, topo.networks)
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


def _tiers(topo: Topology, ix: Index) -> tuple[tuple[tuple[str, str, int, int, int], ...], int]:
    count: Counter[tuple[str, str]] = Counter((s.network, s.tier) for s in topo.switches.values())
    rows = []
    for network in topo.networks:
        server_links = ix.layer_links(network, "server")
        rows.append((network, "server", len(ix.attached[network]), server_links, 2 * server_links))
        rows += [(network, t, count[(network, t)], ix.layer_links(network, t), 2 * ix.layer_links(network, t))
                 for t in TIERS if count[(network, t)]]
    return tuple(rows), sum(sum(c.values()) for c in ix.speeds.values())


def _bisection(topo: Topology, ix: Index) -> float:
    candidates = [ix.endpoint_Gbps]
    for tier in ("leaf", "spine"):
        members = [s.name for s in topo.switches.values() if s.tier == tier and s.network in ix.compute]
        total = sum(ix.up[m] for m in members)
        if tier == "leaf" and len(members) > 1 or tier == "spine" and total > 0:
            candidates.append(total)
    return min(candidates) / 2


def _endpoints(topo: Topology, ix: Index, src: str, dst: str) -> tuple[str, str]:
    attached = set().union(*(ix.attached[n] for n in ix.compute)) if ix.compute else set()
    names = [n for n in topo.servers if n in attached]
    return src or (names[0] if names else ""), dst or (names[-1] if names else "")


def _paths(topo: Topology, ix: Index, a: str, b: str) -> tuple[int, int]:
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


def _bfs(topo: Topology, ix: Index, a: str, b: str) -> tuple[int, int]:
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


def _blast(topo: Topology, ix: Index) -> tuple[tuple[str, str, int, int, float], ...]:
    """Per switch: servers cut off if it fails, servers that lose bandwidth, capacity lost (Gb/s).

    A node is cut off when every switch above it has failed or is cut off;
    "losing bandwidth" means the switch lies above the server but cutting it
    leaves another way out. Capacity lost is the bandwidth of the links into
    the switch from below.
    """
    ordered = [sw for tier in TIERS for sw in topo.switches.values()
               if sw.tier == tier and sw.network in ix.compute]
    below: dict[str, int] = {}  # switch -> bit set of the servers beneath it
    bit_of: dict[str, int] = {}  # only attached servers get a bit: unattached ones cost nothing
    for sw in ordered:
        bits = 0
        for child in set(ix.lowers.get(sw.name, ())):
            if child in below:
                bits |= below[child]
            elif child in topo.servers:
                bits |= 1 << bit_of.setdefault(child, len(bit_of))
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
