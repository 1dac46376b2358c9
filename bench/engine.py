"""Engine timings: every calculator in CPython and in Pyodide (the site's worker, in Chromium).

Besides each calculator's defaults, topic benchmarks add cases with targets: a module
``bench/<topic>.py`` may define ``PYODIDE_CASES``, a list of
``(label, calculator, params, target_ms)``, timed here in both runtimes.
"""

from __future__ import annotations

import importlib
import pkgutil
import time
from typing import Any

import bench
from bench.support import built_site, chromium, median, table
from calc.registry import all_calculators, run

REPEATS = 15


def topic_cases() -> list[tuple[str, str, dict[str, Any], float | None]]:
    cases: list[tuple[str, str, dict[str, Any], float | None]] = [
        (f"{c.name} defaults", c.name, {}, None) for c in all_calculators()]
    for module in pkgutil.iter_modules(bench.__path__):
        if module.name in ("browser", "engine", "support", "problems", "__main__"):
            continue
        cases += list(getattr(importlib.import_module(f"bench.{module.name}"), "PYODIDE_CASES", []))
    return cases


def cpython_ms(name: str, params: dict[str, Any]) -> float:
    samples = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        run(name, params)
        samples.append((time.perf_counter() - t) * 1e3)
    return median(samples)


def pyodide_ms(page: Any, name: str, params: dict[str, Any]) -> float:
    return float(page.evaluate("""async ([name, params, n]) => {
        const out = [];
        for (let i = 0; i < n; i++) { const t = performance.now(); await window.calcRuntime.compute(name, params);
          out.push(performance.now() - t); }
        out.sort((a, b) => a - b); return out[Math.floor(out.length / 2)]; }""", [name, params, REPEATS]))


def main() -> None:
    cases = topic_cases()
    with built_site() as (_, url), chromium() as browser:
        page = browser.new_page()
        page.goto(url + "calculators/")
        page.wait_for_selector(".calc-widget[data-state=ready]", state="attached", timeout=120_000)
        rows = []
        for label, name, params, target in cases:
            py, wasm = cpython_ms(name, params), pyodide_ms(page, name, params)
            verdict = "" if target is None else f"target <= {target:g} ms: {'ok' if wasm <= target else 'MISSED'}"
            rows.append((label, f"{py:8.2f} | {wasm:8.2f}", verdict))
    table(f"Engine (median of {REPEATS}; ms in CPython | ms in Pyodide worker incl. message round trip)", rows)
