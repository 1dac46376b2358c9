"""Benchmark of the collectives, step and cost calculators (a command, not a test).

    .venv/bin/python bench/collectives.py [--repeat N] [--pyodide]

``cases()`` lists what to time as (name, calculator, inputs); the Pyodide
benchmark reuses it. Each case is one full ``run`` (validation, model, charts,
tables), timed as the median and p95 over ``repeat`` runs after one warm-up.
Targets (issue 3): every calculator <= 5 ms in CPython for default inputs;
a chart sweep of 60 message sizes <= 100 ms in Pyodide.
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import measure  # noqa: E402
from calc.collectives import model  # noqa: E402
from calc.collectives.collective import Inputs, fabric_for  # noqa: E402
from calc.collectives.measurements import POINTS  # noqa: E402
from calc.registry import get, run  # noqa: E402

__all__ = ["cases", "sweep_60_sizes", "measure", "main"]

SWEEP_SIZES = tuple(int(2 ** (3 + k * 35 / 59)) for k in range(60))  # 8 B .. 256 GiB, 60 sizes


def _pyodide_cases() -> list[tuple[str, str, dict[str, object], float | None]]:
    """Every case with the issue's Pyodide target: 50 ms per calculator run."""
    return [(label, name, params, 50.0) for label, name, params in cases()]


def cases() -> list[tuple[str, str, dict[str, object]]]:
    """(name, calculator, inputs) for every timed case; defaults first."""
    return [
        ("collective default", "collective", {}),
        ("collective DGX H100, 1024 GPUs", "collective", {"system": "dgx_h100", "gpus": 1024}),
        ("collective GB200 NVL72, 576 GPUs", "collective", {"system": "gb200_nvl72", "gpus": 576}),
        ("collective DGX H100 on EFA, 32 GPUs", "collective", {"system": "dgx_h100", "gpus": 32, "network": "efa"}),
        ("scaling default", "scaling", {}),
        ("scaling DGX H100, 64 GPUs", "scaling", {"system": "dgx_h100", "gpus": 64}),
        ("links default", "links", {}),
        ("step default", "step", {}),
        ("cost default", "cost", {}),
        (f"accuracy ({len(POINTS)} published points)", "accuracy", {}),
        ("accuracy_run default", "accuracy_run", {}),
        ("moe default", "moe", {}),
    ]


def sweep_60_sizes() -> float:
    """One chart sweep: ``auto`` AllReduce on 1024 H100s at 60 message sizes; returns the last time."""
    values = get("collective").validate({"system": "dgx_h100", "gpus": 1024})
    fabric = fabric_for(Inputs.of(values))
    return sum(model.best("allreduce", fabric, float(s)).time_us for s in SWEEP_SIZES)


SWEEP_SOURCE = f"""from calc.collectives import model
from calc.collectives.collective import Inputs, fabric_for
from calc.registry import get
SWEEP_SIZES = {SWEEP_SIZES!r}
{inspect.getsource(sweep_60_sizes)}
timed = sweep_60_sizes
"""  # the same sweep, for Pyodide (tests/pyodide/run_cases.mjs --timed)


def _run_in_pyodide(runs: list[list[object]], timed: str = "") -> dict[str, Any]:
    """Run ``[calculator, params]`` pairs in order in a fresh pinned Pyodide under Node, then ``timed()`` of the
    Python snippet ``timed`` 21 times if given."""
    import json
    import subprocess
    import tempfile

    from calc import __version__
    from widgets.wheel import build_wheel, wheel_name

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        wheel = Path(tmp) / wheel_name(__version__)
        wheel.write_bytes(build_wheel(root / "calc", __version__))
        (Path(tmp) / "cases.json").write_text(json.dumps(runs))
        (Path(tmp) / "timed.py").write_text(timed)
        extra = ["--timed", str(Path(tmp) / "timed.py")] if timed else []
        proc = subprocess.run(["node", str(root / "tests/pyodide/run_cases.mjs"), str(wheel),
                               str(Path(tmp) / "cases.json"), *extra], capture_output=True, text=True, check=True,
                              cwd=root)
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def pyodide(repeat: int) -> None:
    """The same cases in the pinned Pyodide under Node (tests/pyodide/run_cases.mjs); first call apart.

    ``accuracy`` is also timed on its first call in a fresh Pyodide where only ``collective`` has run: importing
    the measurement set and computing all of its points (target 50 ms). No page asks for it since the report,
    which has no inputs, shows the build's result (widgets/render.py, data-static); the worker's API and the
    command line still compute it."""
    listed = cases()
    out = _run_in_pyodide([[calc, params] for _ in range(repeat + 1) for _, calc, params in listed], SWEEP_SOURCE)
    print(f"Pyodide {out['pyodide']} under Node, boot {out['bootMs']:.0f} ms")
    print(f"{'case':40} {'first ms':>10} {'median ms':>10} {'max ms':>10}")
    n = len(listed)
    for i, (name, _, _) in enumerate(listed):
        later = [out["replies"][r * n + i]["ms"] for r in range(1, repeat + 1)]
        print(f"{name:40} {out['replies'][i]['ms']:10.2f} {statistics.median(later):10.2f} {max(later):10.2f}")
    sweep = out["timed"]
    print(f"{'sweep of 60 message sizes (1024 H100s)':40} {sweep[0]:10.2f} {statistics.median(sweep[1:]):10.2f} "
          f"{max(sweep[1:]):10.2f} (target <= 100 ms)")
    firsts = [_run_in_pyodide([["collective", {}], ["accuracy", {}]])["replies"][1]["ms"] for _ in range(3)]
    print(f"{'accuracy, first call after collective':40} {statistics.median(firsts):10.2f} (median of 3 fresh "
          f"Pyodides; target <= 50 ms)")


PYODIDE_CASES = _pyodide_cases()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--pyodide", action="store_true", help="also time the cases in Pyodide (needs node)")
    args = parser.parse_args(argv)
    print(f"{'case':40} {'median ms':>10} {'p95 ms':>10}")
    for name, calc_name, params in cases():
        med, p95 = measure(lambda c=calc_name, p=params: run(c, p), args.repeat)
        print(f"{name:40} {med:10.3f} {p95:10.3f}")
    med, p95 = measure(sweep_60_sizes, args.repeat)
    print(f"{'sweep of 60 message sizes (1024 H100s)':40} {med:10.3f} {p95:10.3f}")
    if args.pyodide:
        pyodide(min(args.repeat, 10))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
