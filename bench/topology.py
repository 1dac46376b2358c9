"""Benchmark of topology analysis (a command, not a test).

    .venv/bin/python bench/topology.py [--repeat N] [--hostile]

Targets (issue 4): analysing a 2,048-GPU topology <= 200 ms and a 32,768-GPU
one <= 2 s in Pyodide. The topologies are the YAML the ``fabric`` calculator
emits (rail-optimized, 8 GPUs and 8 x 400G NICs per server, 64-port switches,
1:1): 2,048 GPUs is two tiers (64 leaves, 32 spines, 4,096 cables), 32,768
GPUs three tiers (1,024 leaves, 1,024 spines, 512 cores, 81,920 cables).

This command times each phase in CPython (median and p95 of ``repeat`` runs
after a warm-up): parsing, loading with validation, analysis, drawing the SVG,
and the whole ``topology`` calculator run. ``PYODIDE_CASES`` exposes the same
two cases to ``python -m bench engine``, which times them in the site's
Pyodide worker against the targets.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import measure  # noqa: E402
from calc.errors import ValidationError  # noqa: E402
from calc.fabric.sizing import design, emit_yaml  # noqa: E402
from calc.registry import run  # noqa: E402
from calc.topology.analyse import Analysis, analyse  # noqa: E402
from calc.topology.load import load  # noqa: E402
from calc.topology.model import Topology  # noqa: E402
from calc.topology.svg import render  # noqa: E402
from calc.topology.yamlish import parse  # noqa: E402

__all__ = ["topology_yaml", "PYODIDE_CASES", "TARGETS_MS", "measure", "main"]

TARGETS_MS = {2048: 200.0, 32768: 2000.0}


@cache
def topology_yaml(gpus: int) -> str:
    """The fabric calculator's YAML for ``gpus`` GPUs (8 per server, 1 x 400G NIC per GPU, radix 64, 1:1)."""
    return emit_yaml(design(gpus, 8, 400.0, 1, 64, 1.0, "auto", True), 8, 400.0, 64, True)


PYODIDE_CASES = [(f"topology analysis, {g:,} GPUs", "topology", {"yaml": topology_yaml(g)}, t)
                 for g, t in TARGETS_MS.items()]


def _phases(text: str, topo: Topology, result: Analysis) -> list[tuple[str, Callable[[], object]]]:
    return [
        ("parse", lambda: parse(text)),
        ("parse + validate", lambda: load(text)),
        ("analyse", lambda: analyse(topo)),
        ("svg", lambda: render(topo, result)),
        ("calculator run (all of it)", lambda: run("topology", {"yaml": text})),
    ]


# Hostile documents (issue 10): each must give a result or one clear error, the 5 MB ones within 2 s of CPU.
HOSTILE: dict[str, Callable[[], str]] = {
    "5 MB: 90,000 servers, one flow map per line": lambda: "topology:\n  servers:\n" + "".join(
        f"    - {{name: h{i}, gpus: 8, nics: 8, nic_Gbps: 400}}\n" for i in range(90_000)),
    "5 MB: 90,000 servers, block mappings": lambda: "topology:\n  servers:\n" + "".join(
        f"    - name: h{i}\n      gpus: 8\n" for i in range(200_000))[:4_990_000].rsplit("\n    -", 1)[0] + "\n",
    "9,000-line flow list, quoted items": lambda: "topology:\n  spine: [\n" + "    's1',\n" * 9_000 + "  ]\n",
    "3,000 networks": lambda: "topology:\n  networks:\n" + "".join(
        f"    n{i}:\n      leaf:\n        - {{name: l{i}, servers: [h{i}]}}\n" for i in range(3_000)),
    "ranges multiplying (billion laughs)": lambda: (
        "topology:\n leaf:\n - name: l-000001..l-099999\n   uplinks: [s-000001..s-099999]\n"),
    "100,000 nested brackets": lambda: "topology: " + "[" * 100_000 + "\n",
}


def hostile(repeat: int) -> None:
    print(f"hostile documents, whole calculator run, best of {repeat} (CPU time resists a busy machine):")
    for label, make in HOSTILE.items():
        text = make()
        best = float("inf")
        outcome = ""
        for _ in range(repeat):
            start = time.process_time()
            try:
                values = run("topology", {"yaml": text}).outcome.values
                outcome = f"result, {values['issues']} problems"
            except ValidationError as exc:
                outcome = f"error: {exc.message[:60]}"
            best = min(best, time.process_time() - start)
        print(f"  {label:<46} {len(text) / 1e6:>5.2f} MB {best * 1000:>7.0f} ms  {outcome}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--hostile", action="store_true", help="time hostile documents instead")
    args = parser.parse_args(argv)
    if args.hostile:
        hostile(args.repeat)
        return 0
    print(f"{'case':<34} {'median ms':>10} {'p95 ms':>10}")
    for gpus, target in TARGETS_MS.items():
        text = topology_yaml(gpus)
        topo = load(text)
        result = analyse(topo)
        print(f"{gpus:,} GPUs: {len(text):,} bytes of YAML, {len(topo.switches):,} switches, "
              f"{result.links:,} cables; Pyodide target {target:g} ms for the whole run")
        for name, func in _phases(text, topo, result):
            median, p95 = measure(func, args.repeat)
            print(f"  {name:<32} {median:>10.1f} {p95:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
