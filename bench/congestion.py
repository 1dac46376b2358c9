"""Benchmark of the PFC/ECN/DCQCN lab: ``python -m bench.congestion [--repeat N] [--browser [SITE]]``.

Targets (issue 6): the default scenario (16 senders at 100 Gb/s, 2 ms simulated)
in at most 300 ms in Pyodide in Chromium, in the worker; the animation at 60
frames per second without dropped frames in headless Chromium. This command
times, in CPython, the bare simulation, the whole ``congestion`` calculator run
and its JSON (what the worker returns), for the default and heavier scenarios.
With ``--browser`` it also opens "Tuning PFC and ECN" in headless Chromium
(a fresh build, or the built site folder SITE), times the same cases in the
site's worker and measures the animation's frame intervals.
``PYODIDE_CASES`` hands the cases to ``python -m bench.engine`` as well.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from calc.congestion.sim import Setup, simulate
from calc.registry import run

__all__ = ["PYODIDE_CASES", "best_ms", "browser", "main"]

FRAME_TIMES = """(n) => new Promise((done) => {
  const t = [];
  const step = (ts) => { t.push(ts); if (t.length <= n) requestAnimationFrame(step); else done(t); };
  requestAnimationFrame(step);
})"""
WORKER_MS = """async (p) => {
  const t = performance.now(); await window.calcRuntime.compute("congestion", p);
  return performance.now() - t;
}"""

PYODIDE_CASES: list[tuple[str, str, dict[str, Any], float | None]] = [
    ("congestion default: 16 senders, 100 Gb/s, 2 ms", "congestion", {}, 300.0),
    ("congestion storm with watchdog", "congestion", {"scenario": "storm_watchdog"}, 300.0),
    ("congestion PFC on all priorities + TCP", "congestion", {"scenario": "pfc_all"}, 300.0),
    ("congestion 64 senders, 2 ms", "congestion", {"senders": 64}, None),
    ("congestion incast sweep (6 runs of 1 ms)", "congestion", {"scenario": "sweep"}, None),
]


def best_ms(func: Callable[[], object], repeat: int) -> float:
    """Best wall time of ``repeat`` calls, in ms (a shared machine only ever adds time)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--browser", nargs="?", const="", default=None, metavar="SITE",
                        help="also measure in headless Chromium (a fresh build, or the built site folder SITE)")
    args = parser.parse_args(argv)
    bare = best_ms(lambda: simulate(Setup()), args.repeat)
    print(f"bare simulation, default setup (16 x 100 Gb/s, 2000 steps): {bare:.1f} ms")
    print(f"{'case':<48} {'run':>8} {'run+JSON':>9} {'JSON KB':>8} {'target':>8}")
    for label, name, params, target in PYODIDE_CASES:
        only = best_ms(lambda n=name, p=params: run(n, p), args.repeat)
        both = best_ms(lambda n=name, p=params: json.dumps(run(n, p).to_json()), args.repeat)
        size = len(json.dumps(run(name, params).to_json())) / 1000
        goal = f"{target:.0f} ms*" if target else "-"
        print(f"{label:<48} {only:>6.1f}ms {both:>7.1f}ms {size:>8.0f} {goal:>8}")
    print("* target in Pyodide; `--browser` (or `python -m bench.engine`) times them in the site's worker.")
    if args.browser is not None:
        browser(args.browser or None, args.repeat)
    return 0


@contextmanager
def _site(folder: str | None) -> Iterator[str]:
    from bench.support import built_site
    from tests.support.server import serve

    if folder:
        with serve(Path(folder)) as url:
            yield url
    else:
        with built_site() as (_, url):
            yield url


def browser(folder: str | None, repeat: int) -> None:
    """Worker timings and animation frame intervals on the page, in headless Chromium."""
    from playwright.sync_api import expect

    from bench.support import chromium, median, percentile

    with _site(folder) as url, chromium() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url + "tuning-pfc-ecn/")
        lab = page.locator("#calc-congestion")
        lab.scroll_into_view_if_needed()
        expect(lab).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=180_000)
        expect(lab).not_to_have_attribute("data-busy", "true")
        print(f"\nPyodide, in the site's worker (median of {max(repeat, 5)}; load average "
              f"{os.getloadavg()[0]:.1f})")
        for label, _, params, target in PYODIDE_CASES:
            samples = [page.evaluate(WORKER_MS, params) for _ in range(max(repeat, 5))]
            goal = f"target {target:.0f} ms" if target else ""
            print(f"  {label:<48} {median(samples):>7.0f} ms (p95 {percentile(samples, 95):.0f})  {goal}")
        lab.locator(".cg-live").scroll_into_view_if_needed()
        stamps = page.evaluate(FRAME_TIMES, 600)
        gaps = [b - a for a, b in zip(stamps, stamps[1:])]
        late = sum(1 for g in gaps if g > 1.5 * 1000 / 60)
        print(f"animation: {len(gaps)} frames, mean {sum(gaps) / len(gaps):.2f} ms "
              f"({1000 * len(gaps) / (stamps[-1] - stamps[0]):.1f} fps), p95 {percentile(gaps, 95):.1f} ms, "
              f"worst {max(gaps):.1f} ms, {late} later than 25 ms (target: 60 fps, none late)")


if __name__ == "__main__":
    raise SystemExit(main())
