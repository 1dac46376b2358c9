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
    committed = {name: getattr(fitted, name) for name in tool.START}
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
    committed = {name: getattr(fitted, name) for name in tool.START}
    assert tool.is_current(tool.render(committed, tool.expected_error(tool.held_out())))


def test_check_refuses_a_fitted_py_that_differs_from_the_fit() -> None:
    tool = _tool()
    committed = {name: getattr(fitted, name) for name in tool.START}
    tampered = {**committed, "LATENCY_SCALE": float(committed["LATENCY_SCALE"]) * 1.01}
    assert not tool.is_current(tool.render(tampered, tool.expected_error(tool.held_out())))


def test_the_objective_leaves_out_the_sweep_anomalies() -> None:
    # calibration.SWEEP_ANOMALIES: the Lambda B200 sweep's 512 KiB point (out-of-place 240.7 µs, in-place 125.7).
    import math

    from calc.collectives.calibration import SWEEP_ANOMALIES, checked
    tool = _tool()
    committed = {name: getattr(fitted, name) for name in tool.START}
    try:
        value = tool.objective(tool.encode(committed))  # installs the decoded constants the sums below read
        everything = sum(math.log(c.ratio) ** 2 for c in checked("calibration"))
        anomalies = sum(math.log(c.ratio) ** 2 for c in checked("calibration")
                        if (c.point.series.label, c.point.size) in SWEEP_ANOMALIES)
        assert anomalies > 0
        assert value == pytest.approx(everything - anomalies)
    finally:
        tool.install(committed)
