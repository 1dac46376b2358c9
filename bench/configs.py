"""Benchmark of configuration rendering (a command, not a test).

    .venv/bin/python bench/configs.py [--repeat N] [--pyodide]

Target (issue 14): rendering a 2,048-GPU fabric's configurations <= 2 s in Pyodide. The
fabric is the ``fabric`` calculator's YAML (rail-optimised, 8 GPUs and 8 x 400G NICs per
server, 64-port switches, 1:1: 64 leaves, 32 spines, 256 servers). "Rendering" is the
whole ``configs`` run with ``bundle`` on: load and check the topology, plan, run the
consistency checks, render all 96 ``frr.conf`` and ``config_db.json`` and 256 host
scripts, and zip them (what *Download all* does in the browser).

This command times the phases in CPython (median and p95 of ``repeat`` runs after a
warm-up); ``--pyodide`` also times the whole run in the site's Pyodide worker. The same
case is in ``PYODIDE_CASES``, so ``python -m bench engine`` reports it with the others.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import measure  # noqa: E402
from bench.topology import topology_yaml  # noqa: E402
from calc.exporters import zip_files  # noqa: E402
from calc.registry import run  # noqa: E402
from calc.topology.configs.calculator import render, render_files  # noqa: E402

__all__ = ["PYODIDE_CASES", "TARGET_MS", "main"]

GPUS = 2048
TARGET_MS = 2000.0
PYODIDE_CASES = [
    (f"configs: check and render every file, {GPUS:,} GPUs", "configs", {"yaml": topology_yaml(GPUS)}, TARGET_MS),
    (f"configs: the same and zip them (Download all), {GPUS:,} GPUs", "configs",
     {"yaml": topology_yaml(GPUS), "bundle": True}, TARGET_MS),
]


def _phases(text: str) -> list[tuple[str, Callable[[], object]]]:
    done = render(text)
    assert done.plan is not None
    files = render_files(done.plan)
    return [
        ("load, plan and check", lambda: render(text)),
        ("render every file", lambda: render_files(done.plan)),  # type: ignore[arg-type]
        ("zip", lambda: zip_files(files, "fabric")),
        ("calculator run with bundle (all of it)", lambda: run("configs", {"yaml": text, "bundle": True})),
    ]


def pyodide_ms() -> list[tuple[str, float]]:
    """Median ms of each case in the site's Pyodide worker (bench.engine's method)."""
    from bench.engine import pyodide_ms as timed
    from bench.support import built_site, chromium

    with built_site() as (_, url), chromium() as browser:
        page = browser.new_page()
        page.goto(url + "calculators/")
        page.wait_for_selector(".calc-widget[data-state=ready]", state="attached", timeout=120_000)
        return [(label, timed(page, name, params)) for label, name, params, _ in PYODIDE_CASES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pyodide", action="store_true", help="also time the run in the Pyodide worker")
    args = parser.parse_args(argv)
    text = topology_yaml(GPUS)
    print(f"{GPUS:,} GPUs: {len(text):,} bytes of YAML; Pyodide target {TARGET_MS:g} ms for the whole run")
    print(f"{'phase (CPython)':<40} {'median ms':>10} {'p95 ms':>10}")
    for name, func in _phases(text):
        median, p95 = measure(func, args.repeat)
        print(f"  {name:<38} {median:>10.1f} {p95:>10.1f}")
    if args.pyodide:
        for label, ms in pyodide_ms():
            print(f"Pyodide worker, {label}: median {ms:.1f} ms, target <= {TARGET_MS:g}: "
                  f"{'ok' if ms <= TARGET_MS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
