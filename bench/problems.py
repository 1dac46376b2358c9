"""Worked problems: what a trainee waits for. ``./dev.sh bench problems``.

- CPython: make and check every problem (median over seeds), the build's and the CLI's cost.
- Browser (the built site, headless Chromium): the first Check on a page, Python's start
  included, and a Check once Python runs (click to verdict on the page).
"""

from __future__ import annotations

import time
from typing import Any

from bench.support import built_site, chromium, median, table
from calc.problems import all_problems

SEEDS = range(1, 21)
TARGETS_MS = {"cpython": 5.0, "warm": 100.0, "cold": 15_000.0}


def cpython_rows() -> list[tuple[str, str, str]]:
    rows = []
    for p in all_problems():
        samples = []
        for seed in SEEDS:
            t = time.perf_counter()
            p.check(seed, p.make(seed).answer_text)
            samples.append((time.perf_counter() - t) * 1e3)
        ms = median(samples)
        rows.append((p.name, f"{ms:8.3f} ms", f"target <= {TARGETS_MS['cpython']:g} ms: "
                                               f"{'ok' if ms <= TARGETS_MS['cpython'] else 'MISSED'}"))
    return rows


CLICK_TO_VERDICT = """async (answer) => {
  const problem = document.querySelector("#problem-nic-bytes");
  const feedback = problem.querySelector(".calc-problem-feedback");
  problem.querySelector("input[name=answer]").value = answer;
  const done = new Promise((resolve) => new MutationObserver((_, observer) => {
    if (/^(Correct|Not quite)/.test(feedback.textContent)) { observer.disconnect(); resolve(performance.now()); }
  }).observe(feedback, { childList: true, characterData: true, subtree: true }));
  const t0 = performance.now();
  problem.querySelector("button[type=submit]").click();
  return (await done) - t0;
}"""


def click_to_verdict_ms(page: Any, answer: str) -> float:
    """From the click on Check to the verdict on the page, timed in the page."""
    return float(page.evaluate(CLICK_TO_VERDICT, answer))


def browser_rows() -> list[tuple[str, str, str]]:
    with built_site() as (_, url), chromium() as browser:
        page = browser.new_page()
        page.goto(url + "embed/problems/scale-out/")  # no calculator on the page starts Python first
        cold = click_to_verdict_ms(page, "12.5 GB/s")
        warm = median([click_to_verdict_ms(page, a) for a in ("12.5 GB/s", "100 GB/s") * 5])
    verdict = lambda ms, key: f"target <= {TARGETS_MS[key]:g} ms: {'ok' if ms <= TARGETS_MS[key] else 'MISSED'}"  # noqa: E731
    return [("first Check (Python starts)", f"{cold:8.0f} ms", verdict(cold, "cold")),
            ("Check, Python running (median of 10)", f"{warm:8.1f} ms", verdict(warm, "warm"))]


def main() -> None:
    table(f"Problems in CPython: make + check, median over {len(SEEDS)} seeds", cpython_rows())
    table("Problems in the browser: click Check to verdict on the page", browser_rows())


if __name__ == "__main__":
    main()
