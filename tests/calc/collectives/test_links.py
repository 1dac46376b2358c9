"""The links calculator: scale-up against scale-out in one unit."""

from __future__ import annotations

import pytest

from calc.registry import run


def test_nvlink5_against_400g_is_18x_and_the_mixed_ratio_is_36x() -> None:
    result = run("links")
    assert result.value("ratio_per_dir") == 18.0
    assert result.value("mixed_ratio") == 36.0
    assert result.display("ratio_per_dir") == "18 ×"


def test_nvlink4_against_ndr_is_9x() -> None:
    assert run("links", {"scale_up": "nvlink4", "nic": "ib_ndr"}).value("ratio_per_dir") == 9.0


def test_time_to_move_a_gib_is_bytes_over_per_direction_bandwidth() -> None:
    result = run("links", {"message": "1GiB"})
    assert result.value("time_scaleout_us") == pytest.approx(1024**3 / 50e3, rel=1e-12)


def test_catalogue_tables_list_every_system() -> None:
    assert len(run("links").outcome.tables["systems"]) == 5
