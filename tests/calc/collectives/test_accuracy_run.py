"""One published run against the model (calc/collectives/accuracy_run.py): the report's figures, one run at a time.

The measured bus bandwidth is recomputed from the published time with nccl-tests' own formula (src/common.cu and
doc/PERFORMANCE.md: busbw = algbw x 2(n-1)/n for AllReduce), so it must agree with the bus bandwidth the same rows
print, to their two decimals."""

from __future__ import annotations

import math
from typing import Any

import pytest

from calc.collectives.accuracy_run import DEFAULT_RUN, RUNS, time_limits
from calc.collectives.calibration import FIT_OUTLIERS, GIB, KNOWN_MISSES, MIB, PARTS, SWEEP_ANOMALIES, point_error_pct
from calc.collectives.measurements import SEALED, SERIES
from calc.errors import ValidationError
from calc.registry import get, run
from calc.units import format_size

COLUMNS = ("size", "measured_us", "model_us", "measured_GBps", "model_GBps", "ratio", "error_pct", "stated_pct", "choice",
           "in_target")


def _rows(label: str = DEFAULT_RUN) -> list[dict[str, Any]]:
    return [dict(zip(COLUMNS, row)) for row in run("accuracy_run", {"run": label}).outcome.tables["points"]]


def test_every_run_of_an_opened_part_is_a_choice_and_no_other() -> None:
    assert sorted(RUNS) == sorted(s.label for s in SERIES if s.split not in SEALED)


def test_the_runs_are_listed_by_part_the_newest_first() -> None:
    groups = get("accuracy_run").params[0].groups  # type: ignore[attr-defined]
    parts = list(dict.fromkeys(groups[label] for label in RUNS))
    assert parts == [name for split, _, name in PARTS if split not in SEALED]
    assert parts[0] == "held-out v8 (blind)" and parts[-1] == "calibration"


def test_the_default_run_is_two_b200_servers_over_infiniband_from_held_out_v7() -> None:
    values = run("accuracy_run").outcome.values
    assert (values["part"], values["points"], values["left_out"]) == ("held-out v7", 32, 0)


@pytest.mark.parametrize("label", list(RUNS))
def test_each_run_scores_as_the_accuracy_reports_table_of_runs_does(label: str) -> None:
    report = {row[0]: row for row in run("accuracy").outcome.tables["runs"]}[label]
    values: dict[str, Any] = dict(run("accuracy_run", {"run": label}).outcome.values)
    assert (values["part"], values["points"] - values["left_out"], values["in_target"]) == report[1:4]


def test_the_measured_bus_bandwidth_from_the_time_is_the_one_nccl_tests_prints() -> None:
    series = RUNS[DEFAULT_RUN]
    printed = {size: busbw for size, _, busbw in series.rows}
    assert all(abs(r["measured_GBps"] - (printed[r["size"]] or 0)) <= 0.005 + 1e-3 * r["measured_GBps"] for r in _rows())


def test_a_point_nccl_tests_prints_as_zero_gb_per_s_still_has_a_bus_bandwidth() -> None:
    first = _rows()[0]
    assert (first["size"], first["measured_us"], first["measured_GBps"]) == (8, 36.17, 0.0004147)


def test_the_time_targets_are_the_reports_bus_bandwidth_targets_inverted() -> None:
    assert time_limits(MIB - 1) == (0.625, 1.6)
    assert time_limits(MIB) == (1 / 1.3, 1 / 0.7)
    assert time_limits(GIB) == (1 / 1.15, 1 / 0.85)


def test_the_target_steps_at_1_mib_and_at_1_gib() -> None:
    highest = run("accuracy_run").outcome.charts["time_ratio"][1]
    steps = [(x, y) for x, y in zip(highest.x, highest.y) if x in (MIB, GIB)]
    assert steps == [(MIB, 1.6), (MIB, 1 / 0.7), (MIB, 1 / 0.7), (GIB, 1 / 0.7), (GIB, 1 / 0.85), (GIB, 1 / 0.85)]


def test_the_ratio_chart_is_the_tables_model_over_measured_time() -> None:
    ratio = run("accuracy_run").outcome.charts["time_ratio"][0]
    assert list(ratio.y) == [r["ratio"] for r in _rows()]


def test_a_point_outside_its_target_says_no_and_an_anomaly_says_it_is_left_out() -> None:
    verdicts = {r["size"]: r["in_target"] for r in _rows("A100 1x8 AllReduce (AI-GBB-Bootcamp, ND A100 v4)")}
    assert (verdicts[4 * MIB], verdicts[GIB]) == ("no", "yes")
    assert "left out (sweep anomaly)" in {r["in_target"] for r in _rows("B200 2x8, InfiniBand (dstack/Lambda)")}


def test_a_run_left_out_of_the_fit_says_so() -> None:
    (label,) = FIT_OUTLIERS
    assert run("accuracy_run", {"run": label}).outcome.notes[0] == (
        "Left out of the fit: the model does not describe this way of running nccl-tests at any size; its points "
        "are still scored.")
    assert run("accuracy_run").outcome.notes == ()


def test_each_miss_is_explained_with_its_sizes_spans_of_neighbours_sharing_a_reason() -> None:
    label = "A100 1x8 AllGather (superbenchmark)"
    assert run("accuracy_run", {"run": label}).outcome.notes == (
        f"At 1 MiB–2 MiB: {KNOWN_MISSES[(label, MIB)]}", f"At 4 MiB, 16 MiB–32 MiB: {KNOWN_MISSES[(label, 4 * MIB)]}")


def test_an_anomaly_left_out_of_the_score_is_explained_too() -> None:
    label = "B200 2x8, InfiniBand (dstack/Lambda)"
    (size,) = (r["size"] for r in _rows(label) if r["in_target"] == "left out (sweep anomaly)")
    assert f"At {format_size(size)}: {SWEEP_ANOMALIES[(label, size)]}" in run("accuracy_run", {"run": label}).outcome.notes


@pytest.mark.parametrize("label", list(RUNS))
def test_every_point_outside_its_target_is_explained(label: str) -> None:
    notes = " ".join(run("accuracy_run", {"run": label}).outcome.notes)
    for r in _rows(label):
        if r["in_target"] != "yes":
            assert KNOWN_MISSES[(label, r["size"])] in notes


def test_an_unknown_run_is_refused_with_the_count_of_runs() -> None:
    with pytest.raises(ValidationError) as info:
        run("accuracy_run", {"run": "H100"})
    assert str(info.value.message) == "run must be one of its 115 choices (the form's list, or describe): got 'H100'"


def test_every_figure_is_finite() -> None:
    for label in RUNS:
        rows = run("accuracy_run", {"run": label}).outcome.tables["points"]
        assert all(math.isfinite(v) for row in rows for v in row if isinstance(v, float))


def test_the_stated_error_is_what_the_collective_calculator_shows_for_the_run_at_that_size() -> None:
    series = RUNS[DEFAULT_RUN]
    for r in _rows()[::7]:
        shown = run("collective", {**series.params, "message": r["size"]}).outcome.values["expected_error_pct"]
        assert r["stated_pct"] == float(f"{shown:.4g}")


def test_a_points_error_is_the_same_for_a_ratio_and_its_inverse() -> None:
    assert point_error_pct(1.25) == pytest.approx(25.0) and point_error_pct(0.8) == pytest.approx(25.0)


def test_the_points_within_the_stated_error_are_counted() -> None:
    values = run("accuracy_run").outcome.values
    assert values["within_stated"] == sum(r["error_pct"] <= r["stated_pct"] for r in _rows())


def test_the_reports_count_of_points_within_the_stated_error_is_the_runs_counts_summed() -> None:
    values = run("accuracy").outcome.values
    runs = sum(int(run("accuracy_run", {"run": label}).outcome.values["within_stated"]) for label in RUNS)
    assert values["within_stated_count"] == runs
    assert 50 <= float(values["within_stated_pct"]) <= 90  # a typical error: about half of the points or more
