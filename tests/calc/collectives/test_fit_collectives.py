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
