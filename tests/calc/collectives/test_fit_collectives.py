"""The development-time fit (tools/fit_collectives.py): the committed constants are a better fit of the
calibration points than where the search starts, and the held-out points never enter the objective."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from calc.collectives import fitted

pytest.importorskip("numpy")


def _tool() -> ModuleType:
    path = Path(__file__).resolve().parents[3] / "tools" / "fit_collectives.py"
    spec = importlib.util.spec_from_file_location("fit_collectives", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_collectives"] = module
    spec.loader.exec_module(module)
    return module


def test_committed_constants_fit_the_calibration_points_better_than_the_start() -> None:
    tool = _tool()
    committed = {name: getattr(fitted, name) for name in tool.BOXES}
    try:
        assert tool.objective(tool.encode(committed)) < 0.5 * tool.objective(tool.encode(tool.START))
    finally:
        tool.install(committed)


def test_the_objective_reads_only_calibration_points() -> None:
    source = (Path(__file__).resolve().parents[3] / "tools" / "fit_collectives.py").read_text()
    assert 'checked("calibration")' in source.split("def objective")[1].split("def ")[0]


def test_fitted_py_is_what_the_committed_constants_and_the_data_render() -> None:
    # The expected errors in fitted.py are recomputed from the held-out points: editing the data without
    # rerunning the tool fails here (and `tools/fit_collectives.py --check`, which also refits).
    tool = _tool()
    committed = {name: getattr(fitted, name) for name in tool.BOXES}
    assert tool.is_current(tool.render(committed, tool.expected_error(tool.held_out()), tool.pinned(committed)))


def test_check_refuses_a_fitted_py_that_differs_from_the_fit() -> None:
    tool = _tool()
    committed = {name: getattr(fitted, name) for name in tool.BOXES}
    tampered = {**committed, "LATENCY_SCALE": float(committed["LATENCY_SCALE"]) * 1.01}
    assert not tool.is_current(tool.render(tampered, tool.expected_error(tool.held_out()), fitted.PINNED))


def test_a_pinned_edge_is_where_a_bowl_crosses_its_limit() -> None:
    # f(d) = d² crosses 1 at d = ±1: doubling steps from 0.05 pass it at 1.6, eight halvings land within 1.55/2^8.
    tool = _tool()
    assert tool._edge(lambda d: d * d, 1.0, 1.0) == pytest.approx(1.0, abs=1.55 / 2**8)
    assert tool._edge(lambda d: d * d, 1.0, -1.0) == pytest.approx(-1.0, abs=1.55 / 2**8)


def test_a_coordinate_the_objective_does_not_notice_is_pinned_to_its_box_edge() -> None:
    tool = _tool()
    assert tool._edge(lambda d: 0.0, 1.0, 1.0) == 6.4  # the last doubling step inside the longest scan (8)


def test_every_committed_constant_lies_inside_its_pinned_range() -> None:
    for name, ranges in fitted.PINNED.items():
        value = getattr(fitted, name)
        pairs = ranges.items() if isinstance(ranges, dict) else [(None, ranges)]
        for key, (low, high) in pairs:
            v = value[key] if key is not None else value
            assert low <= v <= high, (name, key, low, v, high)


def test_the_objective_is_the_sum_of_each_runs_mean_squared_log_error_without_anomalies_and_outliers() -> None:
    # calibration.SWEEP_ANOMALIES: points slower than 1.25x a larger size of their own run (the Lambda B200
    # sweep's 512 KiB point, out-of-place 240.7 µs against 115.6 µs at 1 MiB, among them); calibration.FIT_OUTLIERS:
    # runs the model does not describe at any size.
    import math

    from calc.collectives.calibration import FIT_OUTLIERS, SWEEP_ANOMALIES, checked
    tool = _tool()
    committed = {name: getattr(fitted, name) for name in tool.BOXES}
    try:
        value = tool.objective(tool.encode(committed))  # installs the decoded constants the sums below read
        runs: dict[str, list[float]] = {}
        for c in checked("calibration"):
            label = c.point.series.label
            if (label, c.point.size) not in SWEEP_ANOMALIES and label not in FIT_OUTLIERS:
                runs.setdefault(label, []).append(math.log(c.ratio) ** 2)
        assert ("B200 2x8, InfiniBand (dstack/Lambda)", 524288) in SWEEP_ANOMALIES
        assert "B200 2x8 AllReduce, InfiniBand (orcd-benchmarks)" in FIT_OUTLIERS
        assert value == pytest.approx(sum(sum(v) / len(v) for v in runs.values()))
    finally:
        tool.install(committed)


@pytest.mark.parametrize("value", [0.001, 0.5, 0.999])
def test_a_fraction_goes_through_the_search_and_back(value: float) -> None:
    box = _tool().Box("fraction")
    assert box.decode(box.encode(value)) == pytest.approx(value)


@pytest.mark.parametrize("value", [2.0**11, 2.0**20, 2.0**29])
def test_a_range_in_powers_of_two_goes_through_the_search_and_back(value: float) -> None:
    box = _tool().Box("between", 10, 30, log2=True)
    assert box.decode(box.encode(value)) == pytest.approx(value)


def test_every_start_constant_has_a_box_and_a_key_per_network_or_era() -> None:
    tool = _tool()
    assert set(tool.START) == set(tool.BOXES)
    assert len(tool.encode(tool.START)) == len(tool._slots())
    assert tool.decode(tool.encode(tool.START))["FILL_UP_CHUNKS"] == pytest.approx(tool.START["FILL_UP_CHUNKS"])


def test_a_coordinate_nothing_depends_on_is_left_at_its_start() -> None:
    import numpy as np
    tool = _tool()
    assert tool.unconstrained(lambda v: float(v[0] ** 2 + (v[2] - 1.0) ** 2), np.zeros(3)) == [1]


def test_the_search_polishes_one_coordinate_at_a_time_to_the_minimum_of_a_bowl() -> None:
    import numpy as np
    tool = _tool()
    x = tool.polish(lambda v: float(((v - np.array([1.0, -2.0])) ** 2).sum()), np.zeros(2), step=0.5, rounds=4)
    assert x.tolist() == [1.0, -2.0]
