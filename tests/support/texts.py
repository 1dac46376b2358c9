"""Running a browser script's exports in node with a page language's texts (widgets/texts.py), so
the parity tests compare the Python and JavaScript twins in English and in Chinese."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from calc import i18n
from widgets import texts

LANGS = ("en", "zh")
# Calls `module[name](...args, t)` for each case, t being the translator of the given catalogue.
SCRIPT = """
const view = await import(process.argv[1]);
const { translator } = await import(process.argv[2]);
const input = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (c) => s += c); process.stdin.on("end", () => ok(s)); }));
const t = translator(input.messages);
process.stdout.write(JSON.stringify(input.calls.map(([name, args]) => view[name](...args, t))));
"""


def run_js(script: Path, calls: list[tuple[str, list[Any]]], lang: str) -> list[Any]:
    """``script``'s exports called in node, each with its arguments and the ``lang`` translator."""
    messages = texts.browser_texts((script,), lang)
    out = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, str(script), str(texts.JS / "texts.js")],
                         input=json.dumps({"calls": calls, "messages": messages}), capture_output=True, text=True,
                         check=True)
    result: list[Any] = json.loads(out.stdout)
    return result


def shown(result: dict[str, Any], lang: str) -> dict[str, Any]:
    """A result's JSON as a page in ``lang`` gets it (the worker's and the build's localize_result)."""
    return i18n.localize_result(result, lang)


# Words a Chinese page keeps in English: units, protocol and product names, identifiers of the
# files, metrics and switches the reader types or greps for (I18N.md: "identifiers, units and
# product names stay as they are"). A token with a digit, a hyphen, an underscore, a dot or a
# slash (rail-1, leaf-01, 0x1f, frr.conf, Gb/s) is an identifier or a number with its unit.
KEPT = frozenset("""
GB GiB GBps Gbps KB KiB MB MiB TB TiB bit bits Gb bps µs ms ns min
RoCE RDMA ECN PFC DCQCN CNP CNPs QP QPs QPN UDP TCP IP MTU ECMP NCCL NVLink NVSwitch UALink InfiniBand Ethernet
Kmin Kmax Pmax XOFF XON PAUSE SHARP
Pyodide Python YAML JSON CSV SVG PNG zip FRR SONiC BGP Prometheus Grafana PromQL promtool
GPU GPUs NIC NICs DGX HGX SuperPOD AllReduce AllGather ReduceScatter AllToAll token tokens
EcnMarkRateHigh PfcPauseStorm LinkBusyP99High
GKE NDm Crusoe
compute storage frontend management
IEEE RED Ring ring tree max busbw algbw incast headroom goodput uplink uplinks peer peers rate topology
""".split())
# ↑ a cloud's product names that published runs name; the last line: standards bodies, algorithm and math names, terms the catalogue keeps in English beside their Chinese (I18N.md: 多打一 (incast),
# 缓冲余量 (headroom)), the topology file's keys (uplinks, peers), PromQL's rate() and a topology's
# default name.
TOKEN = re.compile(r"[A-Za-zµ][A-Za-z0-9_./:+-]*")


def english_words(text: str, kept: frozenset[str] = KEPT) -> set[str]:
    """The English words of ``text`` a Chinese reader would see (not identifiers, units, names)."""
    found = set()
    for token in TOKEN.findall(text):
        token = token.rstrip(".:")
        camel = re.search(r"[a-z][A-Z]", token)  # an alert, metric or product name: NicDropRateHigh
        if token in kept or camel or re.search(r"[\d_./:+-]", token) or len(token) < 3:
            continue
        found.add(token)
    return found
