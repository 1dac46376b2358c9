"""The foundation's ring α-β model against textbook identities.

Ring AllReduce: 2(n-1) steps and 2(n-1)/n·S bytes per GPU (Patarasuk and Yuan 2009,
doi:10.1016/j.jpdc.2008.09.002; Thakur et al. 2005). Bus bandwidth factors from nccl-tests
doc/PERFORMANCE.md: 2(n-1)/n for AllReduce, (n-1)/n for AllGather and ReduceScatter.
"""

import pytest

from calc.collectives.collective import busbw_factor, ring_cost, ring_time_us
from calc.registry import run


def test_ring_allreduce_time_is_2_n_minus_1_alpha_plus_2_n_minus_1_over_n_s_over_b() -> None:
    n, alpha, size, bw = 8, 2.0, 8_000_000, 100.0
    assert ring_time_us("allreduce", n, size, bw, alpha) == pytest.approx(2 * 7 * alpha + 2 * 7 / 8 * size / (bw * 1e3))


def test_ring_allgather_takes_n_minus_1_steps() -> None:
    assert ring_cost("allgather", 16, 1600).steps == 15
    assert ring_cost("allgather", 16, 1600).bytes_per_gpu == 1500


@pytest.mark.parametrize(("op", "factor"), [("allreduce", 1.75), ("allgather", 0.875), ("reducescatter", 0.875)])
def test_busbw_factor_matches_nccl_tests(op: str, factor: float) -> None:
    assert busbw_factor(op, 8) == factor


def test_busbw_approaches_link_bandwidth_for_large_messages_without_latency() -> None:
    result = run("collective", {"gpus": "8", "message": "16GiB", "latency_us": "0", "bandwidth_GBps": "50"})
    assert result.value("busbw_GBps") == pytest.approx(50.0, rel=1e-12)


def test_roce_preset_fills_50_GBps_per_direction() -> None:
    inputs = run("collective", {"preset": "roce400"}).inputs
    assert inputs["bandwidth_GBps"] == 50.0


def test_explicit_bandwidth_overrides_the_preset() -> None:
    assert run("collective", {"preset": "roce400", "bandwidth_GBps": "25"}).inputs["bandwidth_GBps"] == 25.0


def test_chart_sweeps_1KiB_to_16GiB() -> None:
    traces = run("collective").outcome.charts["time_vs_size"]
    assert traces[0].x[0] == 1024 and traces[0].x[-1] == 16 * 1024**3
