"""Scale-up roadmap: the catalogue reproduces the vendors' rack figures."""

from __future__ import annotations

import pytest

from calc.registry import run


def test_gb200_nvl72_aggregate_is_nvidias_130_TBps() -> None:
    # NVIDIA GB200 NVL72 page: "130 TB/s" of NVLink bandwidth; 72 × 1.8 TB/s = 129.6.
    assert run("scaleup_roadmap").value("nvl72_aggregate_TBps") == pytest.approx(129.6, rel=1e-12)


def test_vera_rubin_nvl72_aggregate_is_nvidias_260_TBps() -> None:
    # NVIDIA Rubin platform blog: 3.6 TB/s per GPU, 260 TB/s per rack; 72 × 3.6 = 259.2.
    assert run("scaleup_roadmap").value("rubin_aggregate_TBps") == pytest.approx(259.2, rel=1e-12)


def test_doubling_the_link_halves_the_allreduce_floor() -> None:
    assert run("scaleup_roadmap").value("rubin_speedup") == pytest.approx(2.0, rel=1e-12)


def test_allreduce_floor_of_one_GiB_on_nvl72() -> None:
    rows = {r[0]: r for r in run("scaleup_roadmap").outcome.tables["domains"]}
    assert rows["GB200 NVL72"][6] == round(2 * 71 / 72 * 1024**3 / 900e6, 3)
