"""The ``topology`` calculator: check and analyse a cluster network written as YAML.

The model is in :mod:`calc.topology.model`, loading and checking in :mod:`calc.topology.load`,
the figures in :mod:`calc.topology.analyse` and the drawing in :mod:`calc.topology.svg`; this
module holds the examples and the declaration.
"""

from __future__ import annotations

from calc.errors import ValidationError
from calc.fabric.sizing import CLOS, design, emit_yaml
from calc.outputs import Column, Outcome, Table
from calc.outputs import Scalar as Out
from calc.params import Choice, Text
from calc.registry import calculator
from calc.sources import cite
from calc.topology.analyse import Analysis, analyse
from calc.topology.load import load
from calc.topology.model import MAX_OBJECTS, Topology
from calc.topology.svg import localize_data, render

__all__ = ["topology", "ARTICLE_YAML", "DEFAULT_YAML", "SU_YAML", "EXAMPLES"]

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
# 8 servers x 8 GPUs, rail-optimized compute fabric at 1:1, plus separate
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
                  "pod": "64 GPUs: rail-optimized compute plus storage and management networks",
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
            "Ranked by servers cut off, then servers slowed, then capacity lost; – when there is no switch.",
            names=True),
        Table("problems", "Problems", (Column("line", "Line"), Column("object", "Object", names=True),
                                       Column("rule", "Rule", names=True), Column("message", "Message"))),
        Table("leaves", "Leaves", (Column("network", "Network", names=True), Column("leaf", "Leaf", names=True),
                                   Column("servers", "Servers"), Column("down", "Down", "Gb/s"),
                                   Column("up", "Up", "Gb/s"), Column("ratio", "Oversubscription"))),
        Table("tiers", "Counts by tier", (Column("network", "Network", names=True), Column("tier", "Tier"),
                                          Column("count", "Devices"), Column("links", "Links up"),
                                          Column("optics", "Transceivers"))),
        Table("blast", "Blast radius of each switch", (Column("switch", "Switch", names=True), Column("tier", "Tier"),
                                                        Column("cut", "Servers cut off"),
                                                        Column("degraded", "Servers losing bandwidth"),
                                                        Column("lost", "Capacity lost", "Gb/s"))),
    ),
    sources=(CLOS, SUPERPOD_FABRICS, ENTERPRISE_RA),
    view="topology",
    localize_data=localize_data,
)
def topology(*, example: str, yaml: str, src: str, dst: str) -> Outcome:
    topo = load(yaml)
    if topo.issues and topo.issues[0].rule == "syntax":
        raise ValidationError("yaml", f"yaml must be valid YAML: {topo.issues[0].message}")
    if topo.issues and topo.issues[0].rule == "too-large":
        issue = topo.issues[0]
        raise ValidationError("yaml", f"yaml must describe at most {MAX_OBJECTS} names, ranges expanded: "
                                      f"got {topo.objects} by line {issue.line}")
    for field, name in (("src", src), ("dst", dst)):
        if name and name not in topo.servers:
            raise ValidationError(field, f"{field} must name a server in the topology: got {name!r}")
    result = analyse(topo, src, dst)
    return _outcome(topo, result)


def _outcome(topo: Topology, a: Analysis) -> Outcome:
    worst = max(a.blast_rows, key=lambda r: (r[2], r[3], r[4]), default=("", "", 0, 0, 0.0))
    issues = [{"line": i.line, "object": i.obj, "rule": i.rule, "message": i.message} for i in topo.issues]
    return Outcome(
        values={"valid": not topo.issues, "issues": len(topo.issues), "servers": len(topo.servers),
                "gpus": a.gpus, "switches": a.switches, "links": a.links, "transceivers": a.transceivers,
                "max_oversubscription": a.max_oversubscription, "bisection_Gbps": a.bisection_Gbps,
                "hops": a.hops, "paths": a.paths, "worst_blast": worst[2], "worst_switch": worst[0] or "–"},
        tables={
            "problems": tuple((i.line, i.obj, i.rule, i.message) for i in topo.issues),
            "leaves": tuple((net, leaf, n, d, u, _fmt_ratio(r)) for net, leaf, n, d, u, r in a.leaf_rows),
            "tiers": a.tier_rows,
            "blast": a.blast_rows,
        },
        data={"svg": render(topo, a), "issues": issues, "src": a.src, "dst": a.dst, "name": topo.name},
        notes=tuple(topo.notes),
    )
