"""AllReduce with reduction in the switches against a ring."""

from __future__ import annotations

import pytest

from calc.errors import ValidationError
from calc.fabric.innetwork import innetwork_time_us
from calc.registry import run


def test_in_network_reduction_sends_the_buffer_once_against_a_rings_two_n_minus_one_over_n() -> None:
    # Graham et al. (SHArP): each GPU sends its buffer up once; a ring sends 2(n-1)/n of it.
    got = run("innetwork", {"gpus": 1024, "message": 1024**3})
    assert got.value("ring_bytes_per_gpu") == round(2 * 1023 / 1024 * 1024**3)
    assert got.value("innetwork_bytes_per_gpu") == 1024**3


def test_large_buffers_gain_close_to_two_times() -> None:
    got = run("innetwork", {"gpus": 1024, "message": 64 * 1024**3, "latency_us": 0})
    assert got.value("speedup") == pytest.approx(2 * 1023 / 1024, rel=1e-12)


def test_small_buffers_gain_the_ratio_of_steps() -> None:
    # Latency-bound: 2(n-1) ring steps against 2 traversals.
    got = run("innetwork", {"gpus": 64, "message": 1, "latency_us": 5.0})
    assert got.value("speedup") == pytest.approx(63.0, rel=1e-3)


def test_in_network_time_is_two_traversals_plus_the_buffer_at_line_rate() -> None:
    assert innetwork_time_us(50_000, 50.0, 2.0) == pytest.approx(4.0 + 1.0, rel=1e-12)


def test_one_gpu_is_refused() -> None:
    with pytest.raises(ValidationError, match=r"^gpus must be between 2 and 131072: got 1$"):
        run("innetwork", {"gpus": 1})
