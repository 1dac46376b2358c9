"""Tests of calc.congestion.sim: conservation, losslessness with headroom, storms, HoL blocking, the fluid model."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.congestion.dcqcn import fixed_point, fluid_run
from calc.congestion.lab import SCENARIOS, summarize
from calc.congestion.sim import Run, Setup, headroom_B, inflight_after_xoff_B, simulate
from calc.registry import run


def setup_for(scenario: str, **over: object) -> Setup:
    fills = {k: (v == "on" if v in ("on", "off") else v) for k, v in SCENARIOS[scenario].items()}
    return Setup(**{**fills, **over})  # type: ignore[arg-type]


def late_rate(run: Run, kind: str) -> float:
    """Mean delivered Gb/s of the flows of ``kind`` over the last quarter, from the frames."""
    key = {"victim": "victim_Gbps", "tcp_victim": "tcp_victim_Gbps"}[kind]
    series = run.frames[key]
    tail = series[3 * len(series) // 4:]
    return sum(tail) / len(tail)


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_bytes_sent_equal_delivered_plus_queued_plus_dropped_at_every_step(scenario: str) -> None:
    run = simulate(setup_for(scenario, duration_us=600.0), audit=True)
    assert run.sent_B > 0
    assert run.max_residual_B <= 1e-9 * run.sent_B


def enough_headroom_B(setup: Setup) -> float:
    """The formula's headroom, or what the stepped simulation lets in after XOFF if that is more."""
    return max(headroom_B(setup), inflight_after_xoff_B(setup))


@pytest.mark.parametrize("senders", [4, 16, 64])
def test_pfc_with_enough_headroom_drops_nothing(senders: int) -> None:
    # Enough buffer: every ingress of a switch can hold XOFF + headroom at once.
    base = Setup(senders=senders, pfc="roce", xoff_KB=100.0, duration_us=1000.0)
    local, remote = senders - senders // 2, senders // 2
    ingresses = max(local + 1, remote + 1)   # S: its hosts + the link from U; U: its hosts + the victim
    need_KB = ingresses * (base.xoff_KB + enough_headroom_B(base) / 1000)
    run = simulate(Setup(**{**base.__dict__, "buffer_KB": need_KB}), audit=True)
    assert run.pause_frames > 0
    assert run.dropped_B == 0.0


def test_stepped_inflight_exceeds_formula_headroom_by_less_than_one_step() -> None:
    setup = Setup(link_Gbps=25.0)
    assert 0 <= inflight_after_xoff_B(setup) - headroom_B(setup) < 25.0 * 125.0


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=2, max_value=40), st.sampled_from([25.0, 40.0, 100.0, 200.0]),
       st.floats(min_value=10.0, max_value=300.0))
def test_pfc_with_enough_headroom_drops_nothing_for_any_incast(senders: int, link: float, xoff: float) -> None:
    base = Setup(senders=senders, link_Gbps=link, xoff_KB=xoff, duration_us=300.0, kmin_KB=2000.0,
                 kmax_KB=4000.0)
    need_KB = (senders - senders // 2 + 1) * (xoff + enough_headroom_B(base) / 1000)
    run = simulate(Setup(**{**base.__dict__, "buffer_KB": need_KB}))
    assert run.dropped_B == 0.0


def test_pfc_without_enough_buffer_for_headroom_drops_lossless_bytes() -> None:
    run = simulate(Setup(pfc="roce", buffer_KB=500.0, xoff_KB=100.0, duration_us=500.0))
    assert run.dropped_B > 0.0


def test_drop_tail_without_pfc_loses_bytes_and_goodput() -> None:
    run = simulate(setup_for("droptail"))
    got = summarize(run)
    assert got["dropped_bytes"] > 0
    assert float(got["goodput_utilization"]) < float(got["utilization"]) - 0.1


def test_stuck_receiver_without_watchdog_freezes_the_victim_flow() -> None:
    run = simulate(setup_for("storm"))
    assert late_rate(run, "victim") == 0.0


def test_watchdog_breaks_the_storm_and_the_victim_flow_recovers() -> None:
    run = simulate(setup_for("storm_watchdog"))
    assert run.watchdog_trips == 1
    assert late_rate(run, "victim") > 0.8 * 25.0


def test_pfc_on_every_priority_freezes_the_lossy_class_in_a_storm() -> None:
    run = simulate(setup_for("pfc_all"))
    assert late_rate(run, "tcp_victim") == 0.0


def test_pfc_on_roce_only_keeps_the_lossy_class_flowing_in_a_storm() -> None:
    run = simulate(setup_for("pfc_roce"))
    assert late_rate(run, "tcp_victim") > 10.0


def test_ecn_too_high_lets_pfc_fire_and_blocks_the_innocent_flow() -> None:
    got = summarize(simulate(setup_for("ecn_high")))
    assert float(got["pause_fraction"]) > 0.5
    assert float(got["victim_Gbps"]) < 0.5 * 25.0


def test_ecn_too_low_loses_throughput() -> None:
    got = summarize(simulate(setup_for("ecn_low")))
    assert float(got["utilization"]) < 0.5


def test_same_seed_same_run_and_another_seed_another_run() -> None:
    a = simulate(Setup(duration_us=800.0, seed=3))
    b = simulate(Setup(duration_us=800.0, seed=3))
    c = simulate(Setup(duration_us=800.0, seed=4))
    assert a.frames == b.frames
    assert a.frames["queue_R_KB"] != c.frames["queue_R_KB"]


# --- validation against the DCQCN fluid model (Zhu, Ghobadi, Misra, Padhye, CoNEXT 2016,
# https://doi.org/10.1145/2999572.2999593): flows start spread 0.5-1.5 × C/N, no victim flow, no
# PFC firing, paper parameters, 8 ms; statistics over the second half. Measured, seed 1
# (queue as a multiple of the fixed point; rate as the error against C/N):
#                         random marking (RED)      deterministic marking
#   40G,  N=4             0.66   rate -1.4 %        1.05   rate -0.0 %
#   40G,  N=8             0.60   rate -0.0 %        1.03   rate +0.0 %
#   40G,  N=16, 32        0.67, 0.70 (p* > Pmax: the fixed point is pinned at Kmax; not asserted)
#   100G, N=4             0.39   rate -12 %         0.70   rate -3.4 % (link under-filled; not asserted)
#   100G, N=8             0.60   rate -0.9 %        0.91   rate -1.6 %
#   100G, N=16            0.63   rate -0.2 %        1.00   rate -0.0 %
#   100G, N=32            0.68   rate -0.4 %        0.95   rate -0.0 %
# With marks drawn at random (as RED does) the queue settles below the mean-field fixed point,
# and varies with the seed (0.43 to 0.99 over seeds 1-5 for these cases): CNPs come at irregular
# intervals, and two cuts with no increase between them compound, since each cut also resets the
# target rate. Marking every 1/p-th packet, the fluid model's mean-field assumption, the simulation
# lands on the fixed point. Stated tolerances: rate within 3 % of C/N; deterministic-marking queue
# within 10 % of the fixed point; random-marking queue between 0.4 and 1.0 times it.

MODEL_CASES = [(40.0, 4), (40.0, 8), (100.0, 8), (100.0, 16), (100.0, 32)]
RANDOM_CASES = [(40.0, 8), (40.0, 16), (40.0, 32), (100.0, 8), (100.0, 16), (100.0, 32)]


def validation_run(link: float, n: int, marking: str = "random") -> dict[str, float | int]:
    params = {"senders": n, "link_Gbps": link, "start": "spread", "duration_us": 8000, "xoff_KB": 2000,
              "buffer_KB": 40000, "victim": False, "marking": marking}
    return dict(run("congestion", params).outcome.values)  # type: ignore[arg-type]


@pytest.mark.parametrize(("link", "n"), RANDOM_CASES)
def test_flows_converge_to_the_fair_share(link: float, n: int) -> None:
    got = validation_run(link, n)
    assert float(got["mean_rate_Gbps"]) == pytest.approx(link / n, rel=0.03)
    assert got["pause_frames"] == 0


@pytest.mark.parametrize(("link", "n"), RANDOM_CASES)
def test_random_marking_queue_lies_below_the_fluid_fixed_point(link: float, n: int) -> None:
    got = validation_run(link, n)
    expected_KB = fixed_point(n, link, 5000, 200000, 0.01).queue_B / 1000
    assert 0.4 * expected_KB <= float(got["mean_queue_KB"]) <= 1.0 * expected_KB


@pytest.mark.parametrize(("link", "n"), MODEL_CASES)
def test_deterministic_marking_queue_matches_the_fluid_fixed_point(link: float, n: int) -> None:
    got = validation_run(link, n, "deterministic")
    expected_KB = fixed_point(n, link, 5000, 200000, 0.01).queue_B / 1000
    assert float(got["mean_queue_KB"]) == pytest.approx(expected_KB, rel=0.10)
    assert float(got["mean_rate_Gbps"]) == pytest.approx(link / n, rel=0.03)


@pytest.mark.parametrize(("link", "n"), MODEL_CASES)
def test_integrated_fluid_model_settles_at_its_fixed_point(link: float, n: int) -> None:
    # Two computations of the same model: the fixed point solved by bisection, and the
    # delay-differential equations integrated over 8 ms (4 µs feedback delay).
    trajectory = fluid_run(n, link, 5000, 200000, 0.01)
    assert trajectory.mean_queue_B == pytest.approx(fixed_point(n, link, 5000, 200000, 0.01).queue_B, rel=0.05)
    assert trajectory.mean_rate_Gbps == pytest.approx(link / n, rel=0.01)


def test_connectx_first_cnp_sets_line_rate_without_a_cut() -> None:
    # NVIDIA DOCA "DCQCN CC Parameters": rate_to_set_on_first_cnp 0 (line rate) sets the current
    # and target rate on a flow's first CNP; the paper's algorithm cuts on every CNP.
    # https://networking-docs.nvidia.com/doca/archive/3-4-0/dcqcn-cc-parameters
    nic = simulate(Setup(dcqcn="connectx", duration_us=10.0, seed=2))
    paper = simulate(Setup(dcqcn="paper", duration_us=10.0, seed=2))
    assert sum(paper.frames["cnps"]) == 16 and nic.frames["cnps"][:6] == paper.frames["cnps"][:6]
    assert [paper.rates[f][-1] for f in range(16)] == [50.0] * 16
    assert [nic.rates[f][-1] for f in range(16)] == [100.0] * 16


def test_connectx_keeps_the_target_rate_through_cuts_without_an_increase() -> None:
    # clamp_tgt_rate 0, clamp_tgt_rate_after_time_inc 1: RT = RC on a cut only after an increase.
    # After the burst's cuts (RC near 1 Mb/s, RT still 100 Gb/s) the first timer event sets
    # RC = (RT + RC) / 2, half the line rate.
    run = simulate(Setup(dcqcn="connectx"))
    t, rate = run.frames["t_us"], run.rates[0]
    after = [r for when, r in zip(t, rate) if when > 300.0]
    assert max(after) == pytest.approx((100.0 + 0.001) / 2, rel=1e-3)


# --- Dynamic (alpha-based) PFC thresholds (Choudhury and Hahne 1998)


def test_dynamic_threshold_pauses_when_an_ingress_holds_alpha_times_the_free_buffer() -> None:
    fixed = simulate(Setup(kmin_KB=1600.0, kmax_KB=2400.0))
    dynamic = simulate(Setup(kmin_KB=1600.0, kmax_KB=2400.0, pfc_alpha=1.0))
    # With 4 MB idle at the start, alpha = 1 lets an ingress hold up to 2 MB before pausing, far above
    # the fixed 100 KB: the 40-60 % marking thresholds now fire before PFC, and the upstream link pauses less.
    assert dynamic.up_paused_steps < fixed.up_paused_steps / 4


def test_alpha_zero_is_the_fixed_threshold() -> None:
    assert simulate(Setup(pfc_alpha=0.0)).pause_frames == simulate(Setup()).pause_frames


def test_a_large_alpha_leaves_too_little_headroom_and_drops_lossless_bytes() -> None:
    # alpha = 4 lets one ingress take 80 % of the free buffer before pausing; 16 of them overrun it.
    assert run("congestion", {"scenario": "rule", "pfc_alpha": 1.0}).value("dropped_bytes") == 0
    assert float(run("congestion", {"scenario": "rule", "pfc_alpha": 4.0}).value("dropped_bytes")) > 0
