"""Fit the collectives model's constants to the calibration part of the published measurements.

    .venv/bin/python tools/fit_collectives.py [--check] [--iterations N] [--restarts N]

A development-time tool (numpy is in the development lock only; the engine
stays standard-library). It minimizes, over the *calibration* runs of
calc/collectives/measurements.py, the sum of each run's mean squared log error
(bus bandwidth from 1 MiB, time below; a point ``calibration.SWEEP_ANOMALIES``
names as an anomaly of its published sweep is left out), with a Nelder-Mead
search (restarted, then polished one coordinate at a time) in a transformed
space that keeps every constant in its physical range, then:

* writes calc/collectives/fitted.py (the constants and, from the *held-out*
  points, the expected error by message size);
* prints the errors of every part (measurements.SPLITS), separately.

The held-out points (every held-out part, ``held-out`` to ``held-out v4``)
never enter the objective; a part listed in ``SEALED`` is not even reported
until it is opened. ``--check`` fits and compares with the committed fitted.py
without writing it (exit 1 if they differ by more than the rounding). A full
fit takes about five minutes on one core.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calc.collectives import collective, fitted  # noqa: E402
from calc.collectives.calibration import SWEEP_ANOMALIES, Checked, checked, scored, summary  # noqa: E402
from calc.collectives.hardware import NETWORKS  # noqa: E402
from calc.collectives.measurements import SEALED, SPLITS  # noqa: E402

FITTED = Path(__file__).resolve().parent.parent / "calc" / "collectives" / "fitted.py"
NETS = (*NETWORKS, "efa_a100")  # fitted.fit_key: EFA on A100 instances has its own constants
STEP_NETS = tuple(n for n in NETS if n != "roce")  # RoCE's step latency is derived from InfiniBand's (fitted.py)
# Where the search starts (fixed, so a rerun reproduces fitted.py): NCCL's ~20 % protocol overhead on NVLink
# (nccl-tests#212), NVLS scale 0.625, NCCL's latency table as is, published NIC fractions, no extra step latency,
# NVLS's three pipeline stages (multimem load-reduce, store, and the flag between them), and a few µs of CPU per
# kernel launch (half a µs per grouped send or receive) for nccl-tests' -g floor.
START: dict[str, object] = {
    "NVLINK_EFFICIENCY": 0.8, "NVLS_SCALE": 0.625, "LATENCY_SCALE": 1.0, "FILL_UP_US": 20.0, "FILL_OUT_US": 150.0,
    "FILL_EXPONENT": 0.3, "FILL_SATURATION_BYTES": 2.0**28, "NVLS_STAGES": 3.0,
    "HARNESS_LAUNCH_US": 4.0, "HARNESS_P2P_US": 0.5,
    "NETWORK_EFFICIENCY": {"infiniband": 0.94, "roce": 0.97, "efa": 0.8, "tcpxo": 0.9, "efa_a100": 0.8},
    "NETWORK_STEP_US": {"infiniband": 1.0, "efa": 1.0, "tcpxo": 1.0, "efa_a100": 1.0},
}


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


def decode(x: np.ndarray) -> dict[str, object]:
    """Constants from the search vector: efficiencies in (0, 1), times ≥ 0, saturation 1 KiB to 1 GiB, NVLS
    stages 1 to 8 (a bounded range: an unbounded one let the search wander where the fill vanishes and the
    objective is flat)."""
    k = 10
    return {
        "NVLINK_EFFICIENCY": _sigmoid(x[0]), "NVLS_SCALE": _sigmoid(x[1]), "LATENCY_SCALE": math.exp(x[2]),
        "FILL_UP_US": math.exp(x[3]), "FILL_OUT_US": math.exp(x[4]), "FILL_EXPONENT": _sigmoid(x[5]),
        "FILL_SATURATION_BYTES": 2.0 ** (10 + 20 * _sigmoid(x[6])), "NVLS_STAGES": 1.0 + 7.0 * _sigmoid(x[7]),
        "HARNESS_LAUNCH_US": math.exp(x[8]), "HARNESS_P2P_US": math.exp(x[9]),
        "NETWORK_EFFICIENCY": {n: _sigmoid(x[k + i]) for i, n in enumerate(NETS)},
        "NETWORK_STEP_US": {n: math.exp(x[k + len(NETS) + i]) for i, n in enumerate(STEP_NETS)},
    }


def encode(c: dict[str, object]) -> np.ndarray:
    eff = c["NETWORK_EFFICIENCY"]
    step = c["NETWORK_STEP_US"]
    assert isinstance(eff, dict) and isinstance(step, dict)
    sat = math.log2(float(c["FILL_SATURATION_BYTES"]))  # type: ignore[arg-type]
    head = [_logit(float(c["NVLINK_EFFICIENCY"])), _logit(float(c["NVLS_SCALE"])),  # type: ignore[arg-type]
            math.log(float(c["LATENCY_SCALE"])), math.log(float(c["FILL_UP_US"])),  # type: ignore[arg-type]
            math.log(float(c["FILL_OUT_US"])), _logit(float(c["FILL_EXPONENT"])),  # type: ignore[arg-type]
            _logit(min(0.999, max(0.001, (sat - 10) / 20))),
            _logit(min(0.999, max(0.001, (float(c["NVLS_STAGES"]) - 1.0) / 7.0))),  # type: ignore[arg-type]
            math.log(float(c["HARNESS_LAUNCH_US"])), math.log(float(c["HARNESS_P2P_US"]))]  # type: ignore[arg-type]
    return np.array(head + [_logit(min(0.999, eff[n])) for n in NETS] + [math.log(max(1e-3, step[n])) for n in STEP_NETS])


def install(c: dict[str, object]) -> None:
    """Put the constants into the engine (module attributes read at every evaluation)."""
    for name, value in c.items():
        setattr(fitted, name, value)
    for key in collective.SYSTEMS:  # the presets' fills read NVLink and NVLS constants: refresh them in place
        collective.SYSTEM_FILLS[key].update(collective.system_fill(key))


def objective(x: np.ndarray) -> float:
    """Sum over the calibration runs of each run's mean squared log error, less the points
    calibration.SWEEP_ANOMALIES names as anomalies of their published sweep (one point at 0.38x would otherwise
    weigh more than all the others). Each run weighs the same, whether it prints 1 size or 32: a long sweep of one
    system would otherwise set the constants for all of them."""
    install(decode(x))
    runs: dict[str, list[float]] = {}
    for c in checked("calibration"):
        if (c.point.series.label, c.point.size) not in SWEEP_ANOMALIES:
            runs.setdefault(c.point.series.label, []).append(math.log(c.ratio) ** 2)
    return float(sum(sum(v) / len(v) for v in runs.values()))


def nelder_mead(f: Callable[[np.ndarray], float], x0: np.ndarray, iterations: int, step: float = 0.5) -> np.ndarray:
    """Plain Nelder-Mead (reflection 1, expansion 2, contraction 0.5, shrink 0.5)."""
    n = len(x0)
    simplex = [x0] + [x0 + step * np.eye(n)[i] for i in range(n)]
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = np.argsort(values)
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        centroid = np.mean(simplex[:-1], axis=0)
        reflected = centroid + (centroid - simplex[-1])
        fr = f(reflected)
        if fr < values[0]:
            expanded = centroid + 2 * (centroid - simplex[-1])
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = centroid + 0.5 * (simplex[-1] - centroid)
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                simplex = [simplex[0] + 0.5 * (p - simplex[0]) for p in simplex]
                values = [f(p) for p in simplex]
    return simplex[int(np.argmin(values))]


def polish(f: Callable[[np.ndarray], float], x: np.ndarray, step: float = 0.5, rounds: int = 6) -> np.ndarray:
    """Coordinate search: move one coordinate at a time by ±step while that lowers f, then halve the step."""
    best = f(x)
    for _ in range(rounds):
        for i in range(len(x)):
            for sign in (1.0, -1.0):
                while True:
                    trial = x.copy()
                    trial[i] += sign * step
                    value = f(trial)
                    if value >= best:
                        break
                    x, best = trial, value
        step /= 2
    return x


def search(f: Callable[[np.ndarray], float], x0: np.ndarray, iterations: int, restarts: int) -> np.ndarray:
    """Nelder-Mead, restarted from its best point with a fresh, smaller simplex, then a coordinate polish: in
    twenty-odd dimensions one simplex collapses onto a ridge long before the minimum."""
    x = nelder_mead(f, x0, iterations)
    for k in range(restarts):
        x = nelder_mead(f, x, iterations, step=0.5 / (k + 2))
    return polish(f, x)


def _round(value: float) -> float:
    return float(f"{value:.3g}")


def rounded(c: dict[str, object]) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, value in c.items():
        out[name] = {k: _round(v) for k, v in value.items()} if isinstance(value, dict) else _round(float(value))  # type: ignore[arg-type]
    return out


MIN_POINTS = 5  # fewer held-out points than this in a band: use the pooled figure


def _band_errors(held: list[Checked]) -> dict[str, float]:
    result = {}
    for band in ("small", "mid", "large"):
        logs = [abs(math.log(c.ratio)) for c in held if c.band == band]
        result[band] = round(100 * (math.exp(sum(logs) / len(logs)) - 1), 0) if len(logs) >= MIN_POINTS else -1.0
    return result


def expected_error(held: tuple[Checked, ...]) -> dict[str, dict[str, float]]:
    """Per network and band of sizes, the held-out geometric-mean error exp(mean |ln(model/measured)|) - 1, in %,
    over every held-out part (none is fitted).

    ``all`` pools every held-out point; a network with fewer than MIN_POINTS held-out points in a band
    falls back to it.
    """
    pooled = {b: v if v >= 0 else 0.0 for b, v in _band_errors(list(held)).items()}
    result = {"all": pooled}
    for net in NETWORKS:
        own = _band_errors([c for c in held if c.point.series.network == net])
        result[net] = {b: (v if v >= 0 else pooled[b]) for b, v in own.items()}
    return result


def render(c: dict[str, object], errors: dict[str, dict[str, float]]) -> str:
    head = FITTED.read_text().split("NVLINK_EFFICIENCY = ")[0]
    lines = [f"{name} = {value!r}" for name, value in c.items()]
    tail = ("# Held-out geometric-mean error (%) by network and message size: below 1 MiB (time), 1 MiB to 1 GiB\n"
            "# and from 1 GiB (bus bandwidth); a network with fewer than 5 held-out points in a band takes the pooled\n"
            "# figure (all).\n"
            f"EXPECTED_ERROR_PCT = {errors!r}\n")
    return head + "\n".join(lines) + "\n" + tail


def is_current(text: str) -> bool:
    """Whether the committed fitted.py is exactly ``text`` (what a fresh fit of the data renders)."""
    return text == FITTED.read_text()




def held_out() -> tuple[Checked, ...]:
    """Every point the fit never sees: every held-out part that is open (the original one and v2, v3 seen)."""
    return tuple(c for part in SPLITS[1:] if part not in SEALED for c in checked(part))


def report() -> None:
    for part in (p for p in SPLITS if p not in SEALED):
        s = summary(scored(checked(part)))  # as the accuracy page: sweep anomalies left out
        print(f"{part:12s} points {s.count:3d} sources {s.sources:2d} in target {s.in_target:3d}  "
              f"≥1GiB max {s.max_large_pct:5.1f} %  1MiB-1GiB max {s.max_mid_pct:6.1f} %  "
              f"<1MiB time ratio {s.small_min_ratio:.2f}-{s.small_max_ratio:.2f}  geomean ≥1MiB {s.geomean_pct:.1f} %")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fit and compare with fitted.py; do not write")
    parser.add_argument("--iterations", type=int, default=1500, help="iterations of each Nelder-Mead run")
    parser.add_argument("--restarts", type=int, default=2, help="restarts from the best point so far")
    args = parser.parse_args()
    best = rounded(decode(search(objective, encode(START), args.iterations, args.restarts)))
    install(best)
    report()
    text = render(best, expected_error(held_out()))
    if args.check:
        same = is_current(text)
        print("fitted.py is up to date" if same else "fitted.py differs from a fresh fit")
        return 0 if same else 1
    FITTED.write_text(text)
    print(f"wrote {FITTED}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
