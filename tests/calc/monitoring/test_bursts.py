"""Tests for calc.monitoring.bursts: microbursts seen by short windows and percentiles."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.monitoring.bursts import BIN_US, WINDOWS_US, burst_intervals, busy_per_bin, quantile, window_stats

# ---- bursts -------------------------------------------------------------------------------------


def test_defaults_fire_on_the_percentile_but_not_on_the_mean() -> None:
    result = calc.run("bursts")
    assert result.value("mean_alert") is False
    assert result.value("pctl_alert") is True
    mean, pctl = float(result.value("mean_util_pct")), float(result.value("pctl_util_pct"))
    assert mean < 15.0 < 80.0 <= pctl


def test_same_seed_gives_the_same_traffic() -> None:
    assert calc.run("bursts", {"seed": "7"}).to_json() == calc.run("bursts", {"seed": "7"}).to_json()


def test_every_window_sees_the_same_mean() -> None:
    busy = busy_per_bin(burst_intervals(0.1, 500.0, 1e7, 1), BIN_US, 100_000)
    means = [window_stats(busy, w, 99.0).mean_pct for w in WINDOWS_US]
    assert means == pytest.approx([100.0 * sum(busy) / 1e7] * len(means), rel=1e-9)


def test_long_windows_flatten_the_percentile_towards_the_mean() -> None:
    pctls = [float(row[3]) for row in calc.run("bursts").outcome.tables["windows"]]
    assert pctls == sorted(pctls, reverse=True)


def test_default_burst_is_one_pytorch_ddp_bucket() -> None:
    # PyTorch DDP bucket_cap_mb defaults to 25 (MB):
    # https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html
    # 500 µs at 400 Gb/s = 500e-6 s * 50e9 B/s = 25e6 B.
    assert calc.run("bursts").value("burst_MB") == 25.0


def test_alert_window_must_fit_ten_times() -> None:
    with pytest.raises(calc.ValidationError) as err:
        calc.run("bursts", {"duration_s": "5", "alert_window": "1s"})
    assert err.value.message == "alert_window must fit at least 10 times in duration_s (5 s): got 1s"


def test_quantile_interpolates_like_prometheus() -> None:
    # quantile_over_time: linear interpolation between ranks, phi*(n-1).
    # https://prometheus.io/docs/prometheus/latest/querying/functions/
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert quantile([0.0, 10.0], 0.99) == pytest.approx(9.9, rel=1e-12)
    assert quantile([5.0], 0.99) == 5.0


@settings(max_examples=50, deadline=None)
@given(u=st.floats(0.01, 0.9), burst=st.floats(100.0, 5000.0), seed=st.integers(0, 1000))
def test_binning_conserves_busy_time(u: float, burst: float, seed: int) -> None:
    bursts = burst_intervals(u, burst, 200_000.0, seed)
    busy = busy_per_bin(bursts, BIN_US, 2000)
    assert sum(busy) == pytest.approx(sum(e - s for s, e in bursts), rel=1e-9, abs=1e-6)
    assert all(0.0 <= b <= BIN_US + 1e-9 for b in busy)
