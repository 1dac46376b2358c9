"""Fit the collectives model's constants to the calibration part of the published measurements.

    .venv/bin/python tools/fit_collectives.py [--check] [--iterations N] [--restarts N] [--starts N]
    .venv/bin/python tools/fit_collectives.py --errors-only

A development-time tool (numpy is in the development lock only; the engine
stays standard-library). It minimizes, over the *calibration* runs of
calc/collectives/measurements.py, the sum of each run's mean squared log error
(bus bandwidth from 1 MiB, time below; a point ``calibration.SWEEP_ANOMALIES``
names as an anomaly of its published sweep is left out, and so is a run
``calibration.FIT_OUTLIERS`` names, with its reason), with a Nelder-Mead
search (restarted, then polished one coordinate at a time) in a transformed
space that keeps every constant in its physical range, then:

* writes calc/collectives/fitted.py (the constants, how far each can move
  alone before the calibration fit worsens by ``PINNED_RISE``, and, from the
  *held-out* points, the expected error by message size);
* prints the errors of every part (measurements.SPLITS), separately.

The held-out points (every held-out part, ``held-out`` to ``held-out v5``)
never enter the objective; a part listed in ``measurements.SEALED`` is not even
run until it is opened. A constant no calibration point depends on stays at
its start (``START``) and the report names it. ``--check`` fits and compares with the committed fitted.py
without writing it (exit 1 if they differ by more than the rounding). A full
fit (four starting points) takes about ten minutes on two cores.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calc.collectives import collective, fitted  # noqa: E402
from calc.collectives.calibration import FIT_OUTLIERS, SWEEP_ANOMALIES, Checked, checked, scored, summary  # noqa: E402
from calc.collectives.hardware import NETWORKS  # noqa: E402
from calc.collectives.measurements import SEALED, SPLITS  # noqa: E402

FITTED = Path(__file__).resolve().parent.parent / "calc" / "collectives" / "fitted.py"
NETS = (*NETWORKS, "efa_a100")  # fitted.fit_key: EFA on A100 instances has its own constants
STEP_NETS = tuple(n for n in NETS if n != "roce")  # RoCE's step latency is derived from InfiniBand's (fitted.py)
FILLS_UP = ("ampere Simple", "ampere LL128", "hopper+ Simple", "hopper+ LL128")  # era and protocol (fitted.fill_up_chunks)
# Where the search starts (fixed, so a rerun reproduces fitted.py): NCCL's ~20 % protocol overhead on NVLink
# (nccl-tests#212), NVLS scale 0.625, NCCL's latency table as is, published NIC fractions, no extra step latency,
# NVLS's three pipeline stages (multimem load-reduce, store, and the flag between them), and a few µs of CPU per
# kernel launch (half a µs per grouped send or receive) for nccl-tests' -g floor.
START: dict[str, object] = {
    "NVLINK_EFFICIENCY": 0.8, "NVLS_SCALE": 0.8, "LATENCY_SCALE": 1.0,
    "FILL_UP_CHUNKS": {a: 1.0 for a in FILLS_UP},
    "FILL_OUT_US": {n: 150.0 for n in NETS}, "FILL_EXPONENT": 0.3, "FILL_SATURATION_BYTES": 2.0**28, "NVLS_FILL_US": 30.0,
    "NVLS_FILL_BYTES": 2.0**24,
    "HARNESS_LAUNCH_US": 4.0, "HARNESS_P2P_US": 0.5,
    "NETWORK_EFFICIENCY": {"infiniband": 0.94, "roce": 0.97, "efa": 0.8, "tcpxo": 0.9, "efa_a100": 0.8},
    "NETWORK_STEP_US": {"infiniband": 1.0, "efa": 1.0, "tcpxo": 1.0, "efa_a100": 1.0},
}


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _logit(p: float) -> float:
    p = min(0.999, max(0.001, p))
    return math.log(p / (1 - p))


@dataclass(frozen=True)
class Box:
    """How one constant maps to the search: ``fraction`` in (0, 1), ``positive`` > 0 (log), or ``between`` lo and
    hi (a bounded range: an unbounded one let the search wander where the objective is flat), ``log2`` if the
    range is in powers of two."""

    kind: str
    lo: float = 0.0
    hi: float = 1.0
    log2: bool = False

    def decode(self, x: float) -> float:
        if self.kind == "fraction":
            return _sigmoid(x)
        if self.kind == "positive":
            return math.exp(x)
        value = self.lo + (self.hi - self.lo) * _sigmoid(x)
        return 2.0 ** value if self.log2 else value

    def encode(self, value: float) -> float:
        if self.kind == "fraction":
            return _logit(value)
        if self.kind == "positive":
            return math.log(max(1e-3, value))
        v = math.log2(value) if self.log2 else value
        return _logit((v - self.lo) / (self.hi - self.lo))


FRACTION, POSITIVE = Box("fraction"), Box("positive")
# Every fitted constant and its box; a dict-valued constant has one entry per network (fitted.fit_key).
BOXES: dict[str, Box] = {
    "NVLINK_EFFICIENCY": FRACTION, "NVLS_SCALE": FRACTION, "LATENCY_SCALE": POSITIVE, "FILL_UP_CHUNKS": POSITIVE,
    "FILL_EXPONENT": FRACTION, "FILL_SATURATION_BYTES": Box("between", 10, 30, log2=True),
    "NVLS_FILL_US": POSITIVE, "NVLS_FILL_BYTES": Box("between", 16, 32, log2=True), "HARNESS_LAUNCH_US": POSITIVE, "HARNESS_P2P_US": POSITIVE,
    "NETWORK_EFFICIENCY": FRACTION, "NETWORK_STEP_US": POSITIVE, "FILL_OUT_US": POSITIVE,
}
KEYS: dict[str, tuple[str, ...]] = {"FILL_UP_CHUNKS": FILLS_UP, "NETWORK_EFFICIENCY": NETS, "NETWORK_STEP_US": STEP_NETS, "FILL_OUT_US": NETS}


def _slots() -> list[tuple[str, str | None]]:
    """The search vector's coordinates, in order: (constant, network or None)."""
    return [(name, key) for name in BOXES for key in KEYS.get(name, (None,))]


def decode(x: np.ndarray) -> dict[str, object]:
    """Constants from the search vector (each coordinate through its Box)."""
    out: dict[str, object] = {}
    for (name, key), value in zip(_slots(), x):
        decoded = BOXES[name].decode(float(value))
        if key is None:
            out[name] = decoded
        else:
            out.setdefault(name, {})[key] = decoded  # type: ignore[index]
    return out


def encode(c: dict[str, object]) -> np.ndarray:
    """The search vector of constants ``c`` (decode's inverse)."""
    values = [c[name] if key is None else c[name][key] for name, key in _slots()]  # type: ignore[index]
    return np.array([BOXES[name].encode(float(v)) for (name, _), v in zip(_slots(), values)])  # type: ignore[arg-type]


def install(c: dict[str, object]) -> None:
    """Put the constants into the engine (module attributes read at every evaluation)."""
    for name, value in c.items():
        setattr(fitted, name, value)
    for key in collective.SYSTEMS:  # the presets' fills read NVLink and NVLS constants: refresh them in place
        collective.SYSTEM_FILLS[key].update(collective.system_fill(key))


def objective(x: np.ndarray) -> float:
    """Sum over the calibration runs of each run's mean squared log error, less the points
    calibration.SWEEP_ANOMALIES names as anomalies of their published sweep (one point at 0.38x would otherwise
    weigh more than all the others) and the runs calibration.FIT_OUTLIERS names (a run the model does not describe
    at any size). Each run weighs the same, whether it prints 1 size or 32: a long sweep of one system would
    otherwise set the constants for all of them."""
    install(decode(x))
    runs: dict[str, list[float]] = {}
    for c in checked("calibration"):
        key = (c.point.series.label, c.point.size)
        if key not in SWEEP_ANOMALIES and c.point.series.label not in FIT_OUTLIERS:
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
    """Geometric-mean error (%) of each band with at least MIN_POINTS points (the others are left out)."""
    result = {}
    for band in ("small", "mid", "large"):
        logs = [abs(math.log(c.ratio)) for c in held if c.band == band]
        if len(logs) >= MIN_POINTS:
            result[band] = round(100 * (math.exp(sum(logs) / len(logs)) - 1), 0)
    return result


def _where(c: Checked) -> str:
    s = c.point.series
    return fitted.scope(s.network, s.gpus <= s.gpus_per_node, s.sharp)


def expected_error(held: tuple[Checked, ...]) -> dict[str, dict[str, float]]:
    """The held-out geometric-mean error exp(mean |ln(model/measured)|) - 1, in %, over every open held-out part
    (none is fitted), by band of sizes: pooled (``all``), per GPU era, per scope (one domain, SHARP, each network)
    and per era and scope, AllToAll's apart (fitted.kind); a cell with fewer than MIN_POINTS points is left out,
    and fitted.expected_error_pct falls back from era and scope to era, scope and all."""
    groups: dict[str, list[Checked]] = {}
    for c in held:
        k = fitted.kind(c.point.series.op)
        for key in ("all", c.era, _where(c), f"{c.era} {_where(c)}"):
            groups.setdefault(k + key, []).append(c)
    errors = {key: _band_errors(cs) for key, cs in sorted(groups.items())}
    return {key: bands for key, bands in errors.items() if bands}


PINNED_RISE = 0.01  # a constant's pinned range: where the objective stays within 1 % of the fit's
_FIRST_STEP, _LONGEST, _HALVINGS = 0.05, 8.0, 8  # the scan, in the search's coordinates (Box)


def _edge(f: Callable[[float], float], limit: float, sign: float) -> float:
    """How far (in the search's coordinate) one coordinate moves in direction ``sign`` before ``f`` exceeds
    ``limit``: doubling steps, then halving between the last step inside and the first outside (at most
    ``_LONGEST``: a coordinate the objective does not notice stays inside to the box's edge)."""
    inside, step = 0.0, _FIRST_STEP
    while step <= _LONGEST and f(sign * step) <= limit:
        inside, step = step, 2 * step
    if step > _LONGEST:
        return sign * inside
    outside = step
    for _ in range(_HALVINGS):
        middle = (inside + outside) / 2
        inside, outside = (middle, outside) if f(sign * middle) <= limit else (inside, middle)
    return sign * inside


def pinned(c: dict[str, object]) -> dict[str, object]:
    """Each constant's range (rounded as the constants) over which it can move *alone*, the others held at ``c``,
    with the calibration objective at most ``1 + PINNED_RISE`` times its value at ``c``. Constants that trade off
    against each other can move further together, so this is a lower bound on how loosely the data pin them."""
    x = encode(c)
    limit = objective(x) * (1 + PINNED_RISE)
    out: dict[str, object] = {}
    for i, (name, key) in enumerate(_slots()):
        def f(d: float, i: int = i) -> float:
            trial = x.copy()
            trial[i] += d
            return objective(trial)
        ends = sorted(BOXES[name].decode(float(x[i] + _edge(f, limit, sign))) for sign in (-1.0, 1.0))
        pair = (_round(ends[0]), _round(ends[1]))
        if key is None:
            out[name] = pair
        else:
            out.setdefault(name, {})[key] = pair  # type: ignore[index]
    install(c)
    return out


def render(c: dict[str, object], errors: dict[str, dict[str, float]], ranges: dict[str, object]) -> str:
    head = FITTED.read_text().split("NVLINK_EFFICIENCY = ")[0]
    lines = [f"{name} = {c[name]!r}" for name in BOXES]
    tail = ("# How far each constant can move alone, the others as above, before the calibration objective rises by\n"
            f"# {PINNED_RISE:.0%} (tools/fit_collectives.py pinned): (low, high), per network or era where the constant has several.\n"
            f"PINNED: dict[str, tuple[float, float] | dict[str, tuple[float, float]]] = {ranges!r}\n"
            "# Held-out geometric-mean error (%) by GPU era and scope (one domain, SHARP, a network) and message size:\n"
            "# below 1 MiB (time), 1 MiB to 1 GiB and from 1 GiB (bus bandwidth), AllToAll's apart ('alltoall ...');\n"
            "# a cell of fewer than 5 held-out points is left out (expected_error_pct falls back to the era's, the\n"
            "# scope's, then all).\n"
            f"EXPECTED_ERROR_PCT = {errors!r}\n")
    return head + "\n".join(lines) + "\n" + tail


def is_current(text: str) -> bool:
    """Whether the committed fitted.py is exactly ``text`` (what a fresh fit of the data renders)."""
    return text == FITTED.read_text()




def held_out() -> tuple[Checked, ...]:
    """Every point the fit never sees and the scores count: every open held-out part, less its sweep anomalies."""
    return tuple(c for part in SPLITS[1:] if part not in SEALED for c in scored(checked(part)))


def report() -> None:
    for part in (p for p in SPLITS if p not in SEALED):
        s = summary(scored(checked(part)))  # as the accuracy page: sweep anomalies left out
        print(f"{part:12s} points {s.count:3d} sources {s.sources:2d} in target {s.in_target:3d}  "
              f"≥1GiB max {s.max_large_pct:5.1f} %  1MiB-1GiB max {s.max_mid_pct:6.1f} %  "
              f"<1MiB time ratio {s.small_min_ratio:.2f}-{s.small_max_ratio:.2f}  geomean ≥1MiB {s.geomean_pct:.1f} %")


def unconstrained(f: Callable[[np.ndarray], float], x0: np.ndarray) -> list[int]:
    """Coordinates no calibration point depends on (moving one by ±1 leaves the objective exactly as it is): the
    search leaves them at their start, and the report names them, rather than letting the simplex drift them."""
    base = f(x0)
    return [i for i in range(len(x0)) if all(f(x0 + s * np.eye(len(x0))[i]) == base for s in (1.0, -1.0))]


SEED = 2026  # of the extra starting points (fixed, so a rerun reproduces fitted.py)
SPREAD = 0.7  # their spread around START in the search's coordinates


def _free_objective(x0: np.ndarray, free: list[int], y: np.ndarray) -> float:
    x = x0.copy()
    x[free] = y
    return objective(x)


def _one_start(job: tuple[np.ndarray, list[int], np.ndarray, int, int]) -> tuple[float, np.ndarray]:
    """One search from one starting point: (objective, free coordinates found)."""
    x0, free, y0, iterations, restarts = job
    y = search(lambda v: _free_objective(x0, free, v), y0, iterations, restarts)
    return _free_objective(x0, free, y), y


def fit(iterations: int, restarts: int, starts: int) -> tuple[dict[str, object], list[str]]:
    """The fitted constants (rounded) and the names of those the calibration leaves free (kept at START). The search
    runs from START and from ``starts - 1`` points scattered around it (seeded), one per CPU at a time, and keeps
    the lowest: in twenty-odd dimensions a single search lands in whichever local minimum is nearest."""
    x0 = encode(START)
    frozen = unconstrained(objective, x0)
    free = [i for i in range(len(x0)) if i not in frozen]
    rng = np.random.default_rng(SEED)
    firsts = [x0[free]] + [x0[free] + rng.normal(0.0, SPREAD, len(free)) for _ in range(starts - 1)]
    jobs = [(x0, free, y0, iterations, restarts) for y0 in firsts]
    with multiprocessing.get_context("fork").Pool(min(len(jobs), os.cpu_count() or 1)) as pool:
        results = pool.map(_one_start, jobs)
    x = x0.copy()
    x[free] = min(results, key=lambda r: r[0])[1]
    names = [f"{name}[{key}]" if key else name for i, (name, key) in enumerate(_slots()) if i in frozen]
    return rounded(decode(x)), names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fit and compare with fitted.py; do not write")
    parser.add_argument("--iterations", type=int, default=1500, help="iterations of each Nelder-Mead run")
    parser.add_argument("--restarts", type=int, default=2, help="restarts from the best point so far")
    parser.add_argument("--starts", type=int, default=4, help="starting points (START and seeded ones around it)")
    parser.add_argument("--errors-only", action="store_true",
                        help="no fit: rewrite fitted.py's expected errors from the committed constants (after a "
                             "held-out part is opened)")
    args = parser.parse_args()
    if args.errors_only:
        committed = {name: getattr(fitted, name) for name in BOXES}
        FITTED.write_text(render(committed, expected_error(held_out()), pinned(committed)))
        print(f"wrote {FITTED} (expected errors only)")
        return 0
    best, free = fit(args.iterations, args.restarts, args.starts)
    install(best)
    report()
    if free:
        print("left at their start (no calibration point depends on them): " + ", ".join(free))
    text = render(best, expected_error(held_out()), pinned(best))
    if args.check:
        same = is_current(text)
        print("fitted.py is up to date" if same else "fitted.py differs from a fresh fit")
        return 0 if same else 1
    FITTED.write_text(text)
    print(f"wrote {FITTED}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
