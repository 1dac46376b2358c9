"""The ``configs`` calculator and exporter: topology YAML in, checked device configurations out.

Pipeline: parse and validate the topology (:mod:`calc.topology.calculator`),
read its ``config`` section (:mod:`.settings`), plan ports and numbers
(:mod:`.plan`), run the consistency checks (:mod:`.checks`) and, only when
nothing is wrong, render per switch ``frr.conf`` and ``config_db.json`` and per
server ``roce.sh``. With a ``before`` file, the diff of every rendered file.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from calc.congestion.dcqcn import DCQCN_PAPER as DCQCN
from calc.errors import ValidationError, shorten
from calc.exporters import exporter, zip_files
from calc.outputs import Column, Outcome, Table
from calc.outputs import Scalar as Out
from calc.params import Bool, Choice, Text
from calc.registry import calculator
from calc.sources import cite
from calc.topology.analyse import analyse
from calc.topology.calculator import EXAMPLES
from calc.topology.configs.checks import check
from calc.topology.configs.diff import diff_files
from calc.topology.configs.frr import render_frr
from calc.topology.configs.host import render_host
from calc.topology.configs.plan import Plan, make_plan
from calc.topology.configs.settings import read_settings
from calc.topology.configs.sonic import render_sonic
from calc.topology.load import load
from calc.topology.model import Issue, Topology
from calc.topology.svg import localize_data
from calc.topology.yamlish import Map, YamlError, parse

__all__ = ["Rendered", "render", "render_files", "configs", "EMULATED_YAML", "CHANGES",
           "export_configs"]

RFC7938 = cite("rfc7938", "RFC 7938: Use of BGP for Routing in Large-Scale Data Centers", "IETF", 2016,
               "https://www.rfc-editor.org/rfc/rfc7938", authors="P. Lapukhov, A. Premji and J. Mitchell")
RFC8950 = cite("rfc8950", "RFC 8950: Advertising IPv4 Network Layer Reachability Information (NLRI) with an "
               "IPv6 Next Hop (BGP unnumbered)", "IETF", 2020, "https://www.rfc-editor.org/rfc/rfc8950",
               authors="S. Litkowski, S. Agrawal, K. Ananthamurthy and K. Patel")
FRR_BGP = cite("frr-bgp-docs", "FRRouting user guide: BGP (unnumbered peers, peer groups, datacenter defaults)",
               "FRRouting project", 2023, "https://docs.frrouting.org/en/latest/bgp.html")
SONIC_CONFIGDB = cite("sonic-configdb", "SONiC Configuration Database manual and YANG models "
                      "(PORT, BGP_NEIGHBOR, WRED_PROFILE, BUFFER_PG, PORT_QOS_MAP, DSCP_TO_TC_MAP)",
                      "SONiC project, github.com/sonic-net/SONiC/wiki/Configuration", 2023,
                      "https://github.com/sonic-net/SONiC/wiki/Configuration")
EMULATED_YAML = """\
# The fabric the emulation test builds: 2 spines, 4 leaves, 2 hosts per leaf.
topology:
  name: emulated-fabric
  models:
    switch: {ports: 32, speed_Gbps: 100}
  servers:
    - {name: host-01..host-08, gpus: 1, nics: 1, nic_Gbps: 100}
  networks:
    compute:
      spine:
        - {name: spine-01..spine-02, model: switch}
      leaf:
        - {name: leaf-01, model: switch, servers: [host-01..host-02], uplinks: [spine-01..spine-02]}
        - {name: leaf-02, model: switch, servers: [host-03..host-04], uplinks: [spine-01..spine-02]}
        - {name: leaf-03, model: switch, servers: [host-05..host-06], uplinks: [spine-01..spine-02]}
        - {name: leaf-04, model: switch, servers: [host-07..host-08], uplinks: [spine-01..spine-02]}
  config:
    asn_plan: rfc7938
    mtu: 9216
    roce: {priority: 3, dscp: 26}
    ecn: {kmin_KB: 5, kmax_KB: 200, pmax: 0.01}
    pfc: {xoff_KB: 400, cable_m: 5}
"""
ADD_LEAF_YAML = EMULATED_YAML.replace(
    "host-01..host-08", "host-01..host-10").replace(
    "  config:", "        - {name: leaf-05, model: switch, servers: [host-09..host-10], "
                 "uplinks: [spine-01..spine-02]}\n  config:")
ECN_YAML = EMULATED_YAML.replace("kmin_KB: 5, kmax_KB: 200", "kmin_KB: 50, kmax_KB: 300")
CHANGES = {"add-leaf": (EMULATED_YAML, ADD_LEAF_YAML), "ecn": (EMULATED_YAML, ECN_YAML)}
_EXAMPLES = {**EXAMPLES, "emulated": EMULATED_YAML}
_LABELS = {"article": "The article's example (section 3.1), as written",
           "pod": "64 GPUs: rail-optimized compute plus storage and management networks",
           "su": "256 GPUs: one DGX SuperPOD scalable unit, from the fabric calculator",
           "emulated": "The emulated fabric: 2 spines, 4 leaves, 8 hosts",
           "add-leaf": "Change: add a fifth leaf to the emulated fabric",
           "ecn": "Change: raise the ECN thresholds of the emulated fabric",
           "custom": "Your own (edit the YAML)"}
_FILLS: dict[str, dict[str, str | float | int | bool]] = {k: {"yaml": v, "before": ""} for k, v in _EXAMPLES.items()}
_FILLS.update({k: {"yaml": after, "before": before} for k, (before, after) in CHANGES.items()})


@dataclass(frozen=True)
class Rendered:
    """A checked topology: its plan, the problems found and (when there are none) the files."""

    topo: Topology
    plan: Plan | None
    issues: tuple[Issue, ...]


def render(text: str) -> Rendered:
    """Load, plan and check ``text``; the plan is None when the topology itself cannot be read."""
    topo = load(text)
    if topo.issues:
        return Rendered(topo, None, tuple(topo.issues))
    try:
        root = parse(text)
    except YamlError:  # pragma: no cover - load() reported it already
        return Rendered(topo, None, tuple(topo.issues))
    body = root.get("topology") if isinstance(root, Map) else None
    settings, problems = read_settings(body.get("config") if isinstance(body, Map) else None)
    issues = [Issue("config", line, obj, message) for line, obj, message in problems]
    if issues:
        return Rendered(topo, None, tuple(issues))
    plan = make_plan(topo, settings)
    return Rendered(topo, plan, tuple(check(plan)))


def render_files(plan: Plan, lang: str = "en") -> dict[str, str]:
    """Every file, by path: ``SWITCH/frr.conf``, ``SWITCH/config_db.json``, ``hosts/SERVER.sh``;
    ``lang`` words their comments and descriptions (:mod:`.words`)."""
    files: dict[str, str] = {}
    for device in plan.devices.values():
        files[f"{device.name}/frr.conf"] = render_frr(plan, device, lang)
        files[f"{device.name}/config_db.json"] = render_sonic(plan, device)
    for server in plan.nics:
        files[f"hosts/{server}.sh"] = render_host(plan, server, lang)
    return files


def _files_or_error(text: str, field: str, lang: str = "en") -> tuple[Rendered, dict[str, str]]:
    if text.strip() == "":
        raise ValidationError(field, f"{field} must be a topology document: got an empty text")
    done = render(text)
    if done.topo.issues and done.topo.issues[0].rule == "syntax":
        raise ValidationError(field, f"{field} must be valid YAML: {done.topo.issues[0].message}")
    return done, (render_files(done.plan, lang) if done.plan is not None and not done.issues else {})


@calculator(
    name="configs",
    title="Configuration as code: FRR, SONiC and host files from a topology",
    summary="Checks a topology file for consistency (MTU, lossless priority, ECN vs PFC, unique numbers, rails), "
            "renders every switch's frr.conf and config_db.json and every host's RoCE settings, and diffs a change.",
    params=(
        Choice("example", "Start from", "emulated", choices=(*_EXAMPLES, "add-leaf", "ecn", "custom"),
               labels=_LABELS, fills=_FILLS, help="Loads an example (and, for a change, the file before it)."),
        Text("yaml", "Topology (YAML)", EMULATED_YAML, multiline=True, from_file=True, max_length=5_000_000,
             help="The topology file, with an optional config section. On the command line: --yaml PATH."),
        Text("device", "Device", "", help="Switch or server whose files are shown; empty means the first leaf."),
        Text("before", "Before the change (YAML)", "", multiline=True, from_file=True, max_length=5_000_000,
             help="The file before a change; when given, the rendered files are compared. CLI: --before PATH."),
        Bool("bundle", "Attach a zip of every file", False,
             help="Adds every rendered file as one zip (base64 in the JSON output)."),
    ),
    outputs=(
        Out("valid", "Ready to render", "", "No problem found by the topology checker or the consistency checks."),
        Out("issues", "Problems", "", "Number of problems (see the table)."),
        Out("switches", "Switches rendered", "", "Each gets frr.conf and config_db.json."),
        Out("hosts", "Hosts rendered", "", "Each gets a RoCE settings script."),
        Out("config_lines", "Configuration lines", "", "Lines in all rendered files."),
        Out("changed_files", "Files changed", "", "Files that differ from the file before the change."),
        Table("problems", "Problems", (Column("line", "Line"), Column("object", "Object", names=True),
                                       Column("rule", "Rule", names=True), Column("message", "Message"))),
        Table("devices", "Switches", (Column("switch", "Switch", names=True), Column("tier", "Tier"), Column("asn", "ASN", names=True),
                                      Column("router_id", "Router ID", names=True), Column("ports", "Ports"),
                                      Column("subnet", "Server subnet", names=True))),
        Table("changes", "Changed files", (Column("file", "File", names=True), Column("added", "Lines added"),
                                           Column("removed", "Lines removed"))),
    ),
    sources=(RFC7938, RFC8950, FRR_BGP, SONIC_CONFIGDB, DCQCN),
    view="configs",
    localize_data=localize_data,
)
def configs(*, example: str, yaml: str, device: str, before: str, bundle: bool, lang: str = "en") -> Outcome:
    done, files = _files_or_error(yaml, "yaml", lang)
    shown = _device(done, device)
    changes = _changes(before, files, lang) if before.strip() else []
    plan = done.plan
    issues = [{"line": i.line, "object": i.obj, "rule": i.rule, "message": i.message} for i in done.issues]
    data: dict[str, object] = {"device": shown, "issues": issues, "svg": _svg(done),
                               "frr": files.get(f"{shown}/frr.conf", ""),
                               "sonic": files.get(f"{shown}/config_db.json", ""),
                               "host": files.get(f"hosts/{shown}.sh", ""),
                               "diff": "".join(c[3] for c in changes), "name": done.topo.name}
    if bundle and files:
        data["zip"] = base64.b64encode(zip_files(files, done.topo.name)).decode("ascii")
    rows = tuple((d.name, d.tier, str(d.asn), d.router_id, len(d.ports), d.subnet or "—")
                 for d in (plan.devices.values() if plan and files else ()))
    return Outcome(
        values={"valid": bool(files), "issues": len(done.issues), "switches": len(rows),
                "hosts": sum(1 for p in files if p.startswith("hosts/")),
                "config_lines": sum(t.count("\n") for t in files.values()), "changed_files": len(changes)},
        tables={"problems": tuple((i.line, i.obj, i.rule, i.message) for i in done.issues), "devices": rows,
                "changes": tuple((c[0], c[1], c[2]) for c in changes)},
        data=data)


def _device(done: Rendered, name: str) -> str:
    if not name:
        leaves = [n for n, s in done.topo.switches.items() if s.tier == "leaf"]
        return leaves[0] if leaves else next(iter(done.topo.switches), "")
    if name not in done.topo.switches and name not in done.topo.servers:
        raise ValidationError("device", f"device must name a switch or server of the topology: got {shorten(name)!r}")
    return name


def _changes(before: str, after: dict[str, str], lang: str) -> list[tuple[str, int, int, str]]:
    _, old = _files_or_error(before, "before", lang)
    if not old:
        raise ValidationError("before", "before must be a topology that passes the checks, so its files can be "
                                        "compared: it has problems")
    return diff_files(old, after)


def _svg(done: Rendered) -> str:
    from calc.topology.svg import render as draw

    if done.topo.issues:
        return ""
    return draw(done.topo, analyse(done.topo))


@exporter("configs", "configs.zip")
def export_configs(yaml: str = EMULATED_YAML, lang: str = "en") -> dict[str, str]:
    """Every rendered file by path (``python -m calc export configs --yaml FILE --out DIR [--lang zh]``)."""
    done, files = _files_or_error(yaml, "yaml", lang)
    if not files:
        first = done.issues[0]
        raise ValidationError("yaml", f"yaml has {len(done.issues)} problem(s); first, line {first.line}: "
                                      f"{first.message}")
    return files
