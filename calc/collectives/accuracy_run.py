"""One published nccl-tests run against the model, size by size: the ``accuracy_run`` calculator.

The accuracy report (:func:`calc.collectives.calibration.accuracy`) scores every published point at once; this
calculator shows one run at a time, as issue 12 asks of the accuracy page ("per source, the measured and modelled
curves on one chart"): the measured and modelled bus bandwidth at each published size, and the model's time over
the measured time beside the target of the size's band (calibration.LIMITS), and why each point outside its target
misses, in the words the tests keep true (calibration.KNOWN_MISSES). The model runs with the inputs the source
describes (calibration.checked_series), so every figure is the report's for the same point.

Assumptions, all the report's: the measured time is the one the row states, or the one its bus bandwidth implies
(nccl-tests derives both from one timing, src/common.cu); the measured bus bandwidth is recomputed from that time,
so that a few-KiB point nccl-tests prints as 0.00 GB/s still has one. A target in time is the report's target in
bus bandwidth inverted: ±15 % of bus bandwidth from 1 GiB is 1/1.15 to 1/0.85 of the time.
"""

from __future__ import annotations

from calc.collectives import calibration
from calc.collectives.calibration import GIB, LIMITS, MIB, Checked, checked_series
from calc.collectives.collective import Inputs, busbw_factor
from calc.collectives.measurements import SEALED, SERIES, Series
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Choice
from calc.registry import calculator
from calc.units import format_size

__all__ = ["RUNS", "DEFAULT_RUN", "accuracy_run", "measured_time_us", "time_limits"]

# Every run of an opened part, by its name, the newest part first (calibration.PARTS); a sealed part's runs are never
# offered (measurements.SEALED).
_PART_NAMES = {split: name for split, _, name in calibration.PARTS}
RUNS: dict[str, Series] = {s.label: s for split in _PART_NAMES for s in SERIES if s.split == split and split not in SEALED}
DEFAULT_RUN = "B200 2x8 AllReduce, InfiniBand (cluster-quality)"  # blind when opened (v7), two servers, 32 sizes
# A row of the points table: size, measured and model time (µs), measured and model bus bandwidth (GB/s), model over
# measured time, its error and the error the site states at that size (%), the model's algorithm/protocol, the
# verdict ("" where the source gives no time).
Row = tuple[int, float | str, float, float | str, float, float | str, float | str, float, str, str]


def measured_time_us(c: Checked) -> float | None:
    """The published time of the point, stated or implied by its bus bandwidth (None where neither says)."""
    p = c.point
    return calibration.published_time_us(p.series, p.size, p.time_us, p.busbw_GBps)


def time_limits(size: int) -> tuple[float, float]:
    """(lowest, highest) model/measured time inside the target of ``size``'s band (calibration.LIMITS)."""
    band = calibration.band(size)
    if band == "small":
        return 1 / LIMITS["small"], LIMITS["small"]
    return 1 / (1 + LIMITS[band]), 1 / (1 - LIMITS[band])


def _sig(v: float) -> float:
    """``v`` to four significant digits, as the tables show it."""
    return float(f"{v:.4g}")


def _row(c: Checked, inputs: Inputs) -> Row:
    measured = measured_time_us(c)
    busbw = c.point.size * busbw_factor(c.point.series.op, c.point.series.gpus) / (measured * 1e3) if measured else 0
    ratio = c.model_time_us / measured if measured else 0.0
    return (c.point.size, _sig(measured) if measured else "", _sig(c.model_time_us), _sig(busbw) if busbw else "",
            _sig(c.model_busbw_GBps), _sig(ratio) if ratio else "", _sig(calibration.point_error_pct(ratio)) if ratio else "",
            _sig(calibration.stated_error_pct(inputs, c.point.size)), f"{c.algorithm}/{c.protocol}", calibration.verdict(c))


def _busbw_traces(rows: list[Row]) -> tuple[Trace, ...]:
    measured = [(float(r[0]), float(r[3])) for r in rows if r[3] != ""]
    return (Trace("Measured", tuple(x for x, _ in measured), tuple(y for _, y in measured)),
            Trace("Model", tuple(float(r[0]) for r in rows), tuple(float(r[4]) for r in rows)))


def _limit_points(sizes: list[int]) -> list[tuple[float, float, float]]:
    """(size, lowest, highest) at each size, twice where a band ends between two sizes (a vertical step)."""
    points: list[tuple[float, float, float]] = []
    for size in sizes:
        if points and calibration.band(size) != calibration.band(int(points[-1][0])):
            edge = float(MIB if calibration.band(size) == "mid" else GIB)
            points += [(edge, *time_limits(int(points[-1][0]))), (edge, *time_limits(size))]
        points.append((float(size), *time_limits(size)))
    return points


def _ratio_traces(rows: list[Row]) -> tuple[Trace, ...]:
    ratios = [(float(r[0]), float(r[5])) for r in rows if r[5] != ""]
    limits = _limit_points([r[0] for r in rows])
    xs, stated = tuple(float(r[0]) for r in rows), [1 + r[7] / 100 for r in rows]
    return (Trace("Model / measured", tuple(x for x, _ in ratios), tuple(y for _, y in ratios)),
            Trace("Target: highest", tuple(x for x, _, _ in limits), tuple(hi for _, _, hi in limits)),
            Trace("Target: lowest", tuple(x for x, _, _ in limits), tuple(lo for _, lo, _ in limits)),
            Trace("Stated error: highest", xs, tuple(stated)), Trace("Stated error: lowest", xs, tuple(1 / v for v in stated)))


def _notes(series: Series, cs: tuple[Checked, ...]) -> tuple[str, ...]:
    """Why a calibration run is left out of the fit (calibration.FIT_OUTLIERS), then why each of its points
    outside its target (or left out as an anomaly of its sweep) misses, as calibration.KNOWN_MISSES states it,
    the sizes that share a reason together."""
    fit = (("Left out of the fit: the model does not describe this way of running nccl-tests at any size; "
            "its points are still scored.",) if series.label in calibration.FIT_OUTLIERS else ())
    order = [c.point.size for c in cs]
    return fit + tuple(f"At {_spans(sizes, order)}: {reason}" for reason, sizes in _misses(cs).items())


def _spans(sizes: list[int], order: list[int]) -> str:
    """``sizes`` as spans of neighbours in the run's ``order`` of sizes: "1 MiB, 4 MiB–16 MiB"."""
    spans: list[list[int]] = []
    for size in sizes:
        if spans and order.index(size) == order.index(spans[-1][-1]) + 1:
            spans[-1].append(size)
        else:
            spans.append([size])
    return ", ".join("–".join(map(format_size, sorted({span[0], span[-1]}))) for span in spans)


def _misses(cs: tuple[Checked, ...]) -> dict[str, list[int]]:
    """The run's listed misses: each reason (calibration.KNOWN_MISSES), with its sizes in the run's order."""
    found: dict[str, list[int]] = {}
    for c in cs:
        reason = calibration.KNOWN_MISSES.get((c.point.series.label, c.point.size))
        if reason is not None:
            found.setdefault(reason, []).append(c.point.size)
    return found


@calculator(
    name="accuracy_run",
    title="One published nccl-tests run against the model",
    summary="A published run's measured and modelled bus bandwidth at each size, the model's time over the "
            "measured time beside the target of its size, and whether each point is in target.",
    params=(
        Choice("run", "Published run", DEFAULT_RUN, choices=tuple(RUNS),
               groups={label: _PART_NAMES[s.split] for label, s in RUNS.items()},
               help="A published nccl-tests sweep: GPUs as servers x GPUs each, the operation, the network and "
                    "where it was published. The accuracy page's table lists each run's part and source."),
    ),
    outputs=(
        Scalar("part", "Part (calibration or held-out)"),
        Scalar("points", "Published points"),
        Scalar("in_target", "Points inside their target"),
        Scalar("left_out", "Points left out as anomalies of their sweep"),
        Scalar("geomean_pct", "≥ 1 MiB: geometric-mean error", "%",
               "exp(mean |ln(model/measured)|) − 1 over the run's points from 1 MiB; 0 if it has none."),
        Scalar("max_error_pct", "≥ 1 MiB: largest error", "%",
               "The largest |model/measured bus bandwidth − 1| from 1 MiB."),
        Scalar("within_stated", "Points within the error the site states at their size", "",
               "The collective calculator shows, beside each result, the held-out runs' geometric-mean error at its "
               "size (typical, not a bound): about half of a run's points or more should be within it."),
        Scalar("source", "Source", names=True),
        Chart("busbw", "Measured and modelled bus bandwidth", "Message size", "Bus bandwidth", "B", "GB/s",
              log_x=True, log_y=True,
              description="The measured bus bandwidth is recomputed from the published time, which nccl-tests "
                          "prints with more digits than a small message's bus bandwidth."),
        Chart("time_ratio", "Model time over measured time, with the target", "Message size",
              "Model time / measured time", "B", "", log_x=True, log_y=True,
              description="Above 1 the model is slower than the run. The target: a factor of 1.6 below 1 MiB, "
                          "±30 % of bus bandwidth to 1 GiB, ±15 % from there. The stated error: what the collective "
                          "calculator shows beside a result of these inputs at that size, a typical error, not a "
                          "bound."),
        Table("points", "Every point of the run",
              (Column("size", "Size", "B"), Column("measured_us", "Measured time", "µs"),
               Column("model_us", "Model time", "µs"), Column("measured_GBps", "Measured bus bandwidth", "GB/s"),
               Column("model_GBps", "Model bus bandwidth", "GB/s"), Column("ratio", "Model/measured time"),
               Column("error_pct", "Error", "%"), Column("stated_pct", "Stated error at this size", "%"),
               Column("choice", "Model's algorithm/protocol", names=True), Column("in_target", "In target"))),
    ),
    sources=calibration.accuracy.sources,
)
def accuracy_run(*, run: str) -> Outcome:
    series = RUNS[run]
    cs, inputs = checked_series(series), calibration.series_inputs(series)
    rows = [_row(c, inputs) for c in cs]
    s = calibration.summary(calibration.scored(cs))
    return Outcome(
        values={"part": series.split, "points": len(cs), "in_target": s.in_target, "left_out": len(cs) - s.count,
                "geomean_pct": s.geomean_pct, "max_error_pct": max(s.max_mid_pct, s.max_large_pct),
                "within_stated": sum(measured_time_us(c) is not None and calibration.is_within_stated(c, inputs)
                                     for c in cs),
                "source": series.source.url},
        charts={"busbw": _busbw_traces(rows), "time_ratio": _ratio_traces(rows)},
        tables={"points": tuple(rows)},
        notes=_notes(series, cs),
    )
