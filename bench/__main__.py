"""Run every benchmark and print its table: ``./dev.sh bench [browser|latency|engine|problems]``
(``latency``: only the browser's input-to-result figures, which ``browser`` also reports;
``./dev.sh bench browser --first-visit``: the throttled first visits only; BENCH_THROTTLED_ROUNDS=4
for more rounds of them than the default 2)."""

from __future__ import annotations

import sys

from bench import browser, engine, problems


def main(argv: list[str]) -> int:
    which = argv[0] if argv else "all"
    if which in ("all", "browser"):
        browser.main(first_visit="--first-visit" in argv)
    if which == "latency":
        browser.latency_main()
    if which in ("all", "engine"):
        engine.main()
    if which in ("all", "problems"):
        problems.main()
    return 0


sys.exit(main(sys.argv[1:]))
