"""Tests of calc.collectives.collective and calc.collectives.model: textbook identities, calibration, properties."""

from __future__ import annotations

import dataclasses
import inspect
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.collectives import fitted, model
from calc.collectives.collective import PARAMS, Inputs, fabric_for, ring_time_us
from calc.errors import ValidationError
from calc.registry import get, run

GIB = 1024**3


def out(**params: object) -> dict[str, Any]:
    return dict(run("collective", params).outcome.values)


# --- textbook identities (system=link: efficiency 1, overheads 0) -------------------------------

@pytest.mark.parametrize("n", [2, 3, 8, 16, 1000])
def test_ring_allreduce_is_2_n_minus_1_alpha_plus_2_n_minus_1_over_n_s_over_b(n: int) -> None:
    # Patarasuk and Yuan 2009, https://doi.org/10.1016/j.jpdc.2008.09.002
    alpha, beta, size = 3.0, 50.0, 10**9
    expected = 2 * (n - 1) * alpha + 2 * (n - 1) / n * size / (beta * 1e3)
    got = out(gpus=n, message=size, preset="custom", bandwidth_GBps=beta, latency_us=alpha, algorithm="ring")
    assert got["time_us"] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("op", ["allgather", "reducescatter"])
def test_ring_allgather_and_reducescatter_take_n_minus_1_steps_and_n_minus_1_over_n_bytes(op: str) -> None:
    # Thakur, Rabenseifner and Gropp 2005, https://doi.org/10.1177/1094342005051521
    got = out(op=op, gpus=8, message=8 * 10**6, preset="custom", bandwidth_GBps=100.0, latency_us=2.0)
    assert got["time_us"] == pytest.approx(7 * 2.0 + 7 / 8 * 8e6 / 1e5, rel=1e-12)
    assert got["steps"] == 7


def test_default_result_is_unchanged_from_the_foundation() -> None:
    got = out()
    assert got["time_us"] == pytest.approx(ring_time_us("allreduce", 8, GIB, 900.0, 1.0), rel=1e-12)
    assert got["time_us"] == pytest.approx(14 + 1.75 * GIB / 900e3, rel=1e-12)


def test_roce400_preset_on_16_gpus_gives_49_85_GBps_busbw() -> None:
    assert run("collective", {"gpus": 16, "preset": "roce400"}).display("busbw_GBps") == "49.85 GB/s"


@pytest.mark.parametrize(("op", "n", "factor"), [
    ("allreduce", 8, 1.75), ("allgather", 8, 0.875), ("reducescatter", 4, 0.75),
    ("alltoall", 16, 15 / 16), ("broadcast", 8, 1.0),
])
def test_busbw_is_algbw_times_the_nccl_tests_factor(op: str, n: int, factor: float) -> None:
    # https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md
    got = out(op=op, gpus=n)
    assert model.busbw_factor(op, n) == pytest.approx(factor, rel=1e-15)
    assert got["busbw_GBps"] == pytest.approx(got["algbw_GBps"] * factor, rel=1e-12)
    assert got["algbw_GBps"] == pytest.approx(GIB / (got["time_us"] * 1e3), rel=1e-12)


def test_double_binary_tree_allreduce_is_2_log2_n_alpha_plus_2_s_over_b() -> None:
    # Sanders, Speck and Träff 2009; NCCL's tree bandwidth ratio 1/2 (tuning.cc)
    got = out(gpus=64, message=10**6, preset="custom", bandwidth_GBps=50.0, latency_us=5.0, algorithm="tree")
    assert got["time_us"] == pytest.approx(2 * 6 * 5.0 + 2 * 1e6 / 5e4, rel=1e-12)


def test_tree_across_two_domains_sends_s_over_g_per_nic() -> None:
    fabric = model.Fabric(16, 8, model.Tier("u", 100.0, 0.0, 1.0), model.Tier("o", 10.0, 0.0, 1.0), False)
    up, net = model.phases("tree", "allreduce", fabric, 8e6)
    assert (net.steps, net.bytes, up.bytes) == (2, 1e6, 16e6)


def test_hierarchical_splits_bytes_between_scale_up_and_scale_out() -> None:
    got = out(system="dgx_h100", gpus=32, message=8 * 10**9, algorithm="hierarchical")
    assert got["scaleup_bytes_per_gpu"] == 14 * 10**9
    assert got["scaleout_bytes_per_gpu"] == 1_500_000_000


def test_nvls_puts_one_and_one_gth_of_the_buffer_on_each_direction_of_a_gpus_links() -> None:
    # NCCL's NVLS kernel (src/device/all_reduce.h): the switch reads every slice from every GPU (S out) and writes
    # every sum to every GPU (S in); each GPU adds its own S/g slice's store out and sum in: (1 + 1/g)·S.
    got = out(system="dgx_b200", gpus=8, message=10**9, algorithm="nvls")
    assert got["scaleup_bytes_per_gpu"] == 1_125_000_000
    assert got["steps"] == 14


def _nvls_busbw(system: str, gpus: int, **params: float) -> float:
    no_latency = dict(latency_scale=0.0, fill_scale=0.0, **params)
    return float(out(system=system, gpus=gpus, gpus_per_domain=gpus, message=10**12, algorithm="nvls",
                     **no_latency)["busbw_GBps"])


@pytest.mark.parametrize("gpus", [2, 4, 8, 72])
def test_nvls_bound_by_its_links_has_bus_bandwidth_2_g_minus_1_over_g_plus_1_of_their_rate(gpus: int) -> None:
    # With the cap out of the way (NVLS efficiency 1), busbw = 2(g-1)/g·S / ((1 + 1/g)·S / rate).
    rate = 900.0 * 0.5
    busbw = _nvls_busbw("gb200_nvl72", gpus, scaleup_efficiency=0.5, nvls_efficiency=1.0)
    assert busbw == pytest.approx(2 * (gpus - 1) / (gpus + 1) * rate, rel=1e-6)


@pytest.mark.parametrize("gpus", [8, 72])
def test_nvls_is_capped_at_twice_nccls_rate_whatever_the_domain(gpus: int) -> None:
    # NCCL's tuner gives NVLS a bus bandwidth independent of the GPU count (tuning.cc ncclTopoTuneModel,
    # https://github.com/NVIDIA/nccl/blob/5067397c2676d5aed50042fc39e5c8ee96eb0027/src/graph/tuning.cc): with
    # fast links the cap sets the time, the same for an eight-GPU board and a 72-GPU rack.
    assert _nvls_busbw("gb200_nvl72", gpus, scaleup_efficiency=1.0, nvls_efficiency=0.3) == pytest.approx(
        2 * 900.0 * 0.3, rel=1e-6)


def test_four_hoppers_are_link_bound_and_eight_are_capped_with_the_fitted_constants() -> None:
    # The published H100 sweeps: four GPUs of a server reach 0.77 of eight's bus bandwidth from 1 GiB
    # (accuracy page); the model's two bounds put four GPUs on their links and eight at the cap.
    four, eight = _nvls_busbw("dgx_h100", 4), _nvls_busbw("dgx_h100", 8)
    assert four == pytest.approx(2 * 3 / 5 * 450.0 * fitted.NVLINK_EFFICIENCY, rel=1e-6)
    assert eight == pytest.approx(2 * 450.0 * 0.85 * fitted.NVLS_SCALE, rel=1e-6)


def test_nvls_efficiency_is_the_fitted_scale_of_nccls_per_generation_figure() -> None:
    # NCCL nvlsEfficiency: Hopper 0.85, Blackwell 0.74 (tuning.cc), times the fitted NVLS_SCALE.
    fills = {k: run("collective", {"system": k}).inputs["nvls_efficiency"]
             for k in ("dgx_h100", "hgx_h200", "dgx_b200", "gb200_nvl72")}
    scale = fitted.NVLS_SCALE
    assert fills == {"dgx_h100": scale * 0.85, "hgx_h200": scale * 0.85, "dgx_b200": scale * 0.74,
                     "gb200_nvl72": scale * 0.74}


@pytest.mark.parametrize(("params", "choice"), [
    ({"system": "dgx_h100", "gpus": 8, "message": 8 * GIB}, ("nvls", "Simple")),
    ({"system": "dgx_h100", "gpus": 8, "message": 8}, ("ring", "LL")),
    ({"system": "dgx_a100", "gpus": 8, "message": 8 * GIB}, ("ring", "Simple")),
    ({"system": "dgx_h100", "gpus": 16, "message": 8 * GIB}, ("nvls_tree", "Simple")),
    ({"system": "dgx_h100", "gpus": 16, "message": 2 * 2**20}, ("tree", "LL128")),
    ({"system": "dgx_h100", "gpus": 1024, "message": 8}, ("tree", "LL")),
    ({"system": "dgx_h100", "gpus": 16, "message": 8 * GIB, "op": "allgather"}, ("ring", "Simple")),
    ({"system": "dgx_h100", "gpus": 64, "message": GIB, "sharp": True}, ("collnet", "Simple")),
    ({"system": "dgx_h100", "gpus": 16, "message": GIB, "op": "alltoall"}, ("p2p", "Simple")),
    # GCP's TCPXO environment and tuner rules (nccl.TCPXO_PROFILE): Simple only, AllReduce tree on 2 x 8
    ({"system": "dgx_h100", "gpus": 16, "message": 8, "network": "tcpxo"}, ("tree", "Simple")),
    ({"system": "dgx_h100", "gpus": 16, "message": 8 * GIB, "network": "tcpxo"}, ("tree", "Simple")),
    ({"system": "dgx_h100", "gpus": 16, "message": 8 * GIB, "network": "tcpxo", "op": "allgather"},
     ("ring", "Simple")),
    ({"system": "dgx_h100", "gpus": 16, "message": 4096, "network": "tcpxo", "op": "alltoall"},
     ("p2p", "Simple")),
    # AWS's region tuner on EFA (nccl.EFA_P5_PROFILE, ofi_tuner): four p5 at 64 MiB run ring/LL128, where NCCL's
    # own table runs NVLS-tree; two p5 are left to NCCL
    ({"system": "dgx_h100", "gpus": 32, "message": 64 * 2**20, "network": "efa"}, ("ring", "LL128")),
    ({"system": "dgx_h100", "gpus": 16, "message": 64 * 2**20, "network": "efa"}, ("nvls_tree", "Simple")),
    # and on four p6-b200 (nccl.EFA_P6_PROFILE): a 32 MiB AllReduce runs ring/LL128 where NCCL's table runs
    # tree/LL128, and a 1 MiB AllGather LL where NCCL's runs LL128
    ({"system": "dgx_b200", "gpus": 32, "message": 32 * 2**20, "network": "efa"}, ("ring", "LL128")),
    ({"system": "dgx_b200", "gpus": 32, "message": 2**20, "network": "efa", "op": "allgather"}, ("ring", "LL")),
    ({"system": "dgx_b200", "gpus": 16, "message": 32 * 2**20, "network": "efa"}, ("tree", "LL128")),
])
def test_auto_reports_nccls_own_choice(params: dict[str, object], choice: tuple[str, str]) -> None:
    # NCCL 2.30.7's tuner (calc/collectives/nccl.py): cheapest of latency + bytes/bandwidth per algorithm/protocol.
    got = out(**params)
    assert (got["algorithm_used"], got["protocol"]) == choice


def _fabric(**params: object) -> model.Fabric:
    """The calibrated fabric the collective calculator builds for ``params``."""
    return fabric_for(Inputs.of(get("collective").validate(params)))


@pytest.mark.parametrize(("params", "protocol", "expected_us"), [
    ({"system": "dgx_h100", "gpus": 8}, "LL", 6.6 + 0.6),  # base + one NVLink hop, not seven
    ({"system": "dgx_h100", "gpus": 8}, "Simple", 8.4 + 3.4),
    ({"system": "dgx_h100", "gpus": 16}, "Simple", 8.4 + 14.0),  # base + one network hop, not eight
    ({"system": "dgx_h100", "gpus": 2, "gpus_per_domain": 1}, "LL", 6.6 + 2.7),  # one GPU per domain
])
def test_an_alltoall_waits_for_one_peers_latency(params: dict[str, object], protocol: str,
                                                 expected_us: float) -> None:
    # NCCL 2.30.7 src/enqueue.cc: every peer of a grouped send/receive on channels of its own (model.NCCL_P2P);
    # the ring latencies of tuning.cc (base, NVLink hop, network hop), LL and Simple.
    assert model.p2p_latency(protocol, _fabric(**params)) == pytest.approx(expected_us)


def test_an_alltoall_across_domains_adds_one_network_step_per_network_peer() -> None:
    # NCCL 2.30.7 src/proxy.cc progressOps: one proxy thread serves the network operations in turn.
    fabric = _fabric(system="dgx_h100", gpus=16)
    cal = fabric.calibration
    assert cal is not None
    got = model.calibrated_cost("p2p", "LL", "alltoall", fabric, 1024.0).latency_us
    assert got == pytest.approx(cal.latency_scale * (6.6 + 2.7) + 8 * cal.network_step_us)


def test_collnet_sends_each_shard_once_through_the_nic() -> None:
    # In-network reduction: S/g per NIC each way, where a ring sends 2(n-1)/n·S/g.
    got = out(system="dgx_h100", gpus=64, message=8 * 10**9, sharp=True, algorithm="collnet")
    ring = out(system="dgx_h100", gpus=64, message=8 * 10**9, algorithm="ring")
    assert got["scaleout_bytes_per_gpu"] == 10**9
    assert ring["scaleout_bytes_per_gpu"] == round(2 * 63 / 64 * 8e9 / 8)


def test_a_transport_with_more_per_message_cost_is_slower_for_small_messages() -> None:
    fast = out(system="dgx_b200", gpus=16, message=4096)["time_us"]
    assert out(system="dgx_b200", gpus=16, message=4096, network="efa")["time_us"] > fast


def test_every_result_states_the_held_out_error_at_its_size_era_and_network() -> None:
    for size in (8, 2**24, 2**33):
        for network in ("infiniband", "roce", "efa", "tcpxo"):
            got = out(system="dgx_h100", gpus=16, message=size, network=network)["expected_error_pct"]
            assert got == fitted.expected_error_pct(size, network, "hopper")


def test_one_domain_and_sharp_have_their_own_expected_error() -> None:
    assert out(system="dgx_h100", gpus=8, message=2**24)["expected_error_pct"] == fitted.expected_error_pct(
        2**24, "nvlink", "hopper")
    assert out(system="dgx_a100", gpus=16, message=2**24, sharp=True)["expected_error_pct"] == \
        fitted.expected_error_pct(2**24, "sharp", "ampere")


def test_an_all_to_all_states_the_all_to_all_runs_error() -> None:
    # fitted.kind: AllToAll is timed as grouped send/receive, not through NCCL's tuner, so its errors are its own.
    got = out(system="dgx_h100", gpus=8, message=2**24, op="alltoall")["expected_error_pct"]
    assert got == fitted.expected_error_pct(2**24, "nvlink", "hopper", "alltoall")
    assert got == fitted.EXPECTED_ERROR_PCT["alltoall hopper+ nvlink"]["mid"]
    assert got != out(system="dgx_h100", gpus=8, message=2**24)["expected_error_pct"]


def test_the_expected_error_falls_back_from_era_and_scope_to_era_scope_and_all() -> None:
    from unittest.mock import patch
    table = {"all": {"mid": 1.0}, "hopper+": {"mid": 2.0}, "roce": {"mid": 3.0, "large": 5.0},
             "hopper+ roce": {"small": 4.0}, "alltoall all": {"small": 6.0}}
    with patch.object(fitted, "EXPECTED_ERROR_PCT", table):
        assert fitted.expected_error_pct(2**24, "roce", "blackwell") == 2.0      # no era-and-scope cell for mid
        assert fitted.expected_error_pct(8, "roce", "hopper") == 4.0
        assert fitted.expected_error_pct(2**31, "roce", "hopper") == 5.0       # no era cell for large
        assert fitted.expected_error_pct(2**24, "efa", "ampere") == 1.0
        assert fitted.expected_error_pct(8, "roce", "hopper", "alltoall") == 6.0  # AllToAll's own, not AllReduce's
        assert fitted.expected_error_pct(2**24, "roce", "hopper", "alltoall") == 1.0  # then every point's


def test_large_multi_node_ring_is_bounded_by_scale_out() -> None:
    # A ring's NIC carries 1/g of its bytes and NVLink (g-1)/g: a DGX H100's 50 GB/s per GPU against 450 GB/s
    # balances the two tiers within the fitted efficiencies, so half that NIC (200G per GPU) decides it.
    got = out(system="dgx_h100", gpus=64, message=8 * GIB, algorithm="ring", scaleout_GBps=25.0)
    assert got["bound_by"] == "scale-out"


def test_small_message_is_latency_bound_on_the_ll_protocol() -> None:
    got = out(system="dgx_h100", gpus=8, message=8)
    assert (got["bound_by"], got["protocol"]) == ("latency", "LL")


def test_inputs_are_one_frozen_dataclass_with_a_field_per_parameter() -> None:
    assert [f.name for f in dataclasses.fields(Inputs)] == [p.name for p in PARAMS]
    for name in ("collective", "scaling"):
        assert list(inspect.signature(get(name).func).parameters) == [p.name for p in PARAMS]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Inputs.of(get("collective").validate({})).gpus = 3  # type: ignore[misc]


# --- validation messages ----------------------------------------------------------------------

def test_gpus_must_be_a_multiple_of_the_domain() -> None:
    with pytest.raises(ValidationError) as err:
        run("collective", {"system": "dgx_h100", "gpus": 12})
    assert err.value.message == "gpus must be a multiple of gpus_per_domain (8): got 12"
    assert err.value.field == "gpus"


def test_nvls_needs_nvlink_sharp() -> None:
    with pytest.raises(ValidationError) as err:
        run("collective", {"system": "dgx_a100", "algorithm": "nvls"})
    assert err.value.message == ("algorithm nvls needs NVLink SHARP (an H100-generation NVSwitch or later); "
                                 "system dgx_a100 has none")


@pytest.mark.parametrize(("params", "field", "message"), [
    ({"system": "dgx_h100", "algorithm": "nvls_tree"}, "algorithm",
     "algorithm nvls_tree runs across domains; within one domain use nvls"),
    ({"system": "dgx_h100", "gpus": 16, "algorithm": "nvls"}, "algorithm",
     "algorithm nvls across domains needs sharp (in-network reduction); without it NCCL runs nvls_tree"),
    ({"system": "dgx_h100", "gpus": 16, "algorithm": "collnet"}, "algorithm",
     "algorithm collnet needs sharp (in-network reduction) and more than one domain"),
    ({"system": "dgx_h100", "op": "allgather", "algorithm": "pat"}, "algorithm",
     "algorithm pat needs one GPU per domain (gpus_per_domain 1)"),
    ({"system": "dgx_h100", "sharp": True, "network": "roce"}, "sharp",
     "sharp needs network infiniband: got 'roce'"),
])
def test_nccls_hardware_conditions_are_explained(params: dict[str, object], field: str, message: str) -> None:
    with pytest.raises(ValidationError) as err:
        run("collective", params)
    assert (err.value.field, err.value.message) == (field, message)


def test_tree_is_refused_for_allgather() -> None:
    with pytest.raises(ValidationError) as err:
        run("collective", {"op": "allgather", "algorithm": "tree"})
    assert err.value.message == "algorithm must be one of auto, ring, hierarchical, pat for allgather: got 'tree'"


def test_unknown_system_is_refused() -> None:
    with pytest.raises(ValidationError) as err:
        run("collective", {"system": "dgx_x"})
    assert err.value.message == ("system must be one of link, dgx_a100, dgx_h100, hgx_h200, dgx_b200, "
                                 "gb200_nvl72: got 'dgx_x'")


# --- properties --------------------------------------------------------------------------------

SYSTEMS = ["link", "dgx_a100", "dgx_h100", "hgx_h200", "dgx_b200", "gb200_nvl72"]


@st.composite
def inputs(draw: st.DrawFn) -> dict[str, object]:
    system = draw(st.sampled_from(SYSTEMS))
    op = draw(st.sampled_from(list(model.OPS)))
    params: dict[str, object] = {"system": system, "op": op, "algorithm": "auto",
                                 "message": draw(st.integers(1, 1024**4))}
    if system == "link":
        params["gpus"] = draw(st.integers(2, 131072))
        params["bandwidth_GBps"] = draw(st.floats(0.1, 100000.0))
        params["latency_us"] = draw(st.floats(0.0, 10000.0))
    else:
        per = draw(st.integers(1, 1024))
        params["gpus_per_domain"] = per
        params["gpus"] = draw(st.one_of(st.integers(2, max(2, per)), st.integers(1, 131072 // per).map(
            lambda k: max(2, k * per) if k * per >= 2 else 2)))
        if int(str(params["gpus"])) > per and int(str(params["gpus"])) % per:
            params["gpus"] = per * 2 if per * 2 <= 131072 else per
        for name in ("scaleup_GBps", "scaleout_GBps"):
            params[name] = draw(st.floats(0.1, 100000.0))
        for name in ("launch_us", "step_overhead_us"):
            params[name] = draw(st.floats(0.0, 10000.0))
        for name in ("latency_scale", "fill_scale"):
            params[name] = draw(st.floats(0.0, 100.0))
        params["network"] = draw(st.sampled_from(["infiniband", "roce", "efa", "tcpxo"]))
        for name in ("scaleup_efficiency", "scaleout_efficiency", "nvls_efficiency"):
            params[name] = draw(st.floats(0.01, 1.0))
    return params


@settings(max_examples=300, deadline=None)
@given(inputs())
def test_no_nan_or_inf_anywhere_in_the_allowed_space(params: dict[str, object]) -> None:
    if int(str(params["gpus"])) < 2:
        return
    values = run("collective", params).outcome.values
    for name in ("time_us", "algbw_GBps", "busbw_GBps"):
        assert math.isfinite(float(values[name])) and float(values[name]) > 0


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SYSTEMS), st.sampled_from(["allreduce", "allgather", "alltoall", "broadcast"]),
       st.integers(1, 2**38), st.floats(1.0, 1.5))
def test_time_grows_with_message_size_while_nccl_keeps_its_choice_and_channels(
        system: str, op: str, a: int, factor: float) -> None:
    # NCCL's tuner does not see its own channel rule (src/enqueue.cc topoGetAlgoInfo), so where it switches
    # algorithm, protocol or channel count the time may step down; between switches it only grows.
    from calc.collectives.collective import solve_on
    fabric = _fabric(system=system, op=op, gpus=72 if system == "gb200_nvl72" else 16)
    small, large = solve_on(fabric, op, "auto", float(a)), solve_on(fabric, op, "auto", a * factor)
    same = (small.algorithm, small.protocol, small.channels) == (large.algorithm, large.protocol, large.channels)
    assert not same or small.time_us <= large.time_us


@settings(max_examples=200, deadline=None)
@given(st.floats(0.1, 50000.0), st.floats(0.1, 50000.0), st.integers(1, 2**36),
       st.sampled_from(["scaleup_GBps", "scaleout_GBps"]), st.sampled_from(["ring", "tree", "nvls_tree"]))
def test_time_never_grows_with_bandwidth_for_a_given_algorithm_and_protocol(a: float, b: float, size: int,
                                                                            which: str, algorithm: str) -> None:
    low, high = sorted((a, b))
    base = {"system": "dgx_h100", "gpus": 64, "message": size, "algorithm": algorithm}
    for protocol in ("LL", "LL128", "Simple"):
        fast, slow = (_fabric(**base, **{which: bw}) for bw in (high, low))
        assert model.calibrated_cost(algorithm, protocol, "allreduce", fast, float(size)).time_us <= \
            model.calibrated_cost(algorithm, protocol, "allreduce", slow, float(size)).time_us


def test_a_forced_ring_takes_the_protocol_nccls_estimate_picks_even_where_its_channel_rule_makes_it_slower() -> None:
    # NCCL_ALGO=Ring still leaves the protocol to NCCL's estimate, which does not see topoGetAlgoInfo's channel
    # rule: at 549 KiB on 64 H100 with 2 GB/s per GPU of NICs it picks LL, which then runs on 2 of 16 channels
    # (ring LL's threshold is 8 B x ranks per thread), slower than LL128 would be.
    got = out(system="dgx_h100", gpus=64, message=562543, algorithm="ring", scaleout_GBps=2.0)
    assert got["protocol"] == "LL"
    assert got["time_us"] > out(system="dgx_h100", gpus=64, message=562543, algorithm="ring", scaleout_GBps=1.0)["time_us"]


@settings(max_examples=200, deadline=None)
@given(st.floats(0.1, 50000.0), st.floats(0.1, 50000.0), st.integers(1, 2**36),
       st.sampled_from(["scaleup_GBps", "scaleout_GBps"]))
def test_with_more_bandwidth_nccls_choice_is_never_much_slower(a: float, b: float, size: int, which: str) -> None:
    # auto follows NCCL's tuner, whose cost model is not this one: more bandwidth can make NCCL switch to an
    # algorithm this model times a little slower (real NCCL does the same), never by more than 10 %; except where
    # NCCL leaves LL for LL128 across servers, a known weakness of the model (accuracy page, "LL128 start-up across
    # servers"; the next test), by at most 50 %.
    low, high = sorted((a, b))
    base = {"system": "dgx_h100", "gpus": 64, "message": size}
    slow, fast = out(**base, **{which: low}), out(**base, **{which: high})
    limit = 1.50 if (slow["protocol"], fast["protocol"]) == ("LL", "LL128") else 1.10
    assert fast["time_us"] <= limit * slow["time_us"]


def test_across_servers_ncclS_switch_from_ll_to_ll128_makes_the_model_step_up() -> None:
    # Stated on the accuracy page: 64 H100 over InfiniBand at 200,910 B (found by the property above): with 9 GB/s
    # of NICs per GPU NCCL runs tree/LL, with 47 tree/LL128, which the model times 1.45x as long (86 against
    # 125 µs): NCCL's latency table, scaled, gives LL128 110 µs against LL's 64, and the fitted network fill adds 14.
    slow = out(system="dgx_h100", gpus=64, message=200910, scaleout_GBps=9.0)
    fast = out(system="dgx_h100", gpus=64, message=200910, scaleout_GBps=47.0)
    assert (slow["algorithm_used"], slow["protocol"], fast["algorithm_used"], fast["protocol"]) == (
        "tree", "LL", "tree", "LL128")
    assert (round(slow["time_us"]), round(fast["time_us"]), round(fast["time_us"] / slow["time_us"], 2)) == (
        86, 125, 1.45)
    fabric = _fabric(system="dgx_h100", gpus=64, message=200910, scaleout_GBps=47.0)
    plan = model.phases("tree", "allreduce", fabric, 200910.0)
    latency = {p: model._latency("tree", p, "allreduce", fabric, plan) for p in ("LL", "LL128")}
    assert (round(latency["LL"]), round(latency["LL128"])) == (64, 110)
    assert round(model._fill("tree", "LL128", fabric, 200910.0, sum(p.steps for p in plan))) == 14


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 1024), st.integers(1, 2**36), st.sampled_from(["allreduce", "allgather", "reducescatter"]))
def test_hierarchical_equals_ring_when_one_domain_holds_all_gpus(n: int, size: int, op: str) -> None:
    base = {"system": "dgx_b200", "gpus": n, "gpus_per_domain": 1024, "message": size, "op": op}
    ring = out(**base, algorithm="ring")["time_us"]
    assert out(**base, algorithm="hierarchical")["time_us"] == pytest.approx(ring, rel=1e-12)


def test_calibration_at_1_and_0_gives_the_bandwidth_term_of_the_ring_on_a_system() -> None:
    textbook = dict(scaleup_efficiency=1.0, latency_scale=0.0, fill_scale=0.0)
    got = out(system="dgx_h100", gpus=8, message=10**9, algorithm="ring", **textbook)
    assert got["time_us"] == pytest.approx(1.75e9 / 450e3, rel=1e-12)


def test_system_presets_fill_the_fitted_factors() -> None:
    inputs = run("collective", {"system": "dgx_b200"}).inputs
    assert (inputs["scaleup_GBps"], inputs["scaleout_GBps"], inputs["gpus_per_domain"]) == (900.0, 50.0, 8)
    assert (inputs["scaleup_efficiency"], inputs["launch_us"]) == (fitted.NVLINK_EFFICIENCY, 0.0)


def test_scaling_shows_busbw_falling_when_gpus_leave_the_domain() -> None:
    result = run("scaling", {"system": "dgx_h100", "gpus": 64})
    assert float(str(result.value("busbw_GBps"))) < float(str(result.value("in_domain_busbw_GBps")))
    assert result.value("bound_by") == "scale-out"
    (current, flat) = result.outcome.charts["busbw_vs_gpus"]
    assert current.x[:4] == (2.0, 4.0, 8.0, 16.0)
    assert current.x[5] == 64.0 and current.y[2] > current.y[5]


def test_scaling_matches_collective_at_the_chosen_count() -> None:
    params = {"system": "gb200_nvl72", "gpus": 144, "message": "4GiB"}
    assert run("scaling", params).value("busbw_GBps") == run("collective", params).value("busbw_GBps")


def _tree_fabric(network: str) -> model.Fabric:
    from calc.collectives.collective import system_fabric
    return system_fabric("dgx_h100", network, 16, 8)


def test_tree_simple_pipeline_fill_is_every_stage_but_the_slowest_for_one_chunk_per_channel() -> None:
    # runTreeUpDown: 16 channels x one 1 MiB step (NCCL_BUFFSIZE 8 MiB / NCCL_STEPS 8) = 16 MiB per stage;
    # 14 NVLink stages up and down the chain of 8, 2 network stages; the slowest (a NIC's 1/8) is left out.
    fabric = _tree_fabric("tcpxo")
    up = 2**24 / (fabric.up.GBps * 1e3 * fabric.up.efficiency)
    net = 2**24 / 8 / (fabric.out.GBps * 1e3 * fabric.out.efficiency)
    assert model._tree_fill(fabric, 2**30) == pytest.approx(14 * up + 2 * net - max(up, net))


def test_a_message_of_less_than_one_chunk_per_channel_fills_the_tree_with_itself() -> None:
    fabric = _tree_fabric("tcpxo")
    up = 2**22 / (fabric.up.GBps * 1e3 * fabric.up.efficiency)
    net = 2**22 / 8 / (fabric.out.GBps * 1e3 * fabric.out.efficiency)
    assert model._tree_fill(fabric, 2**22) == pytest.approx(14 * up + 2 * net - max(up, net))


def test_tree_chunks_follow_nccl_buffsize() -> None:
    # Default NCCL_BUFFSIZE 4 MiB: 512 KiB chunks, so 8 MiB per stage on 16 channels, half TCPXO's.
    ib, tcpxo = _tree_fabric("infiniband"), _tree_fabric("tcpxo")
    up_ib = ib.up.GBps * 1e3 * ib.up.efficiency
    assert model._tree_fill(ib, 2**30) == pytest.approx(
        14 * 2**23 / up_ib + 2 * 2**23 / 8 / (ib.out.GBps * 1e3 * ib.out.efficiency) -
        max(2**23 / up_ib, 2**23 / 8 / (ib.out.GBps * 1e3 * ib.out.efficiency)))
    assert tcpxo.calibration is not None and tcpxo.calibration.profile.buffsize_bytes == 2 * 2**22


def _one_domain(system: str = "dgx_h100", gpus: int = 8) -> model.Fabric:
    from calc.collectives.collective import system_fabric
    return system_fabric(system, "infiniband", gpus, gpus)


def test_a_ring_in_one_domain_leaves_its_fitted_number_of_chunk_times_of_one_channel() -> None:
    # 32 MiB on 8 GPUs and 16 channels: 256 KiB a rank and channel, less than Simple's 2 MiB chunk.
    fabric = _one_domain()
    assert fabric.calibration is not None
    channel_rate = fabric.up.GBps * 1e3 * fabric.up.efficiency / 16
    assert model._chunk_fill("ring", "Simple", fabric, 2**25, 7) == pytest.approx(
        fabric.calibration.fill_up_chunks * 2**18 / channel_rate)


def test_the_chunk_stops_growing_at_nccls_largest() -> None:
    # Simple's chunk: NCCL_STEPS / 2 steps of 512 KiB = 2 MiB, reached at 8 x 16 x 2 MiB = 256 MiB.
    fabric = _one_domain()
    assert model._chunk_fill("ring", "Simple", fabric, 2**28, 7) == model._chunk_fill("ring", "Simple", fabric, 2**34, 7)
    assert model._chunk_fill("ring", "Simple", fabric, 2**27, 7) < model._chunk_fill("ring", "Simple", fabric, 2**28, 7)


def test_ll128_leaves_its_chunk_times_per_ring_step() -> None:
    fabric = _one_domain("dgx_b200")
    assert fabric.calibration is not None
    assert model._chunk_fill("ring", "LL128", fabric, 2**24, 14) == pytest.approx(
        2 * model._chunk_fill("ring", "LL128", fabric, 2**24, 7))


def test_nvls_starts_up_in_a_time_that_grows_with_the_buffer_then_stays() -> None:
    fabric = _one_domain()
    assert fabric.calibration is not None
    full = fabric.calibration.nvls_fill_us
    assert model._nvls_fill(fabric, fabric.calibration.nvls_fill_bytes / 2) == pytest.approx(full / 2)
    assert model._nvls_fill(fabric, 2**34) == full == fitted.NVLS_FILL_US


def test_ll_moves_a_gpu_s_bytes_no_faster_than_nccl_s_ll_ceiling() -> None:
    # tuning.cc llMaxBws, Hopper on one node: 141 GB/s of bus bandwidth. A 1 MiB ring AllReduce on 8 H100s puts
    # 2 x 7/8 MiB on each GPU's NVLink; at LL's half of NVLink's fitted rate that would take less.
    from calc.collectives.collective import system_fabric
    fabric = system_fabric("dgx_h100", "infiniband", 8, 8)
    cost = model.calibrated_cost("ring", "LL", "allreduce", fabric, 2**20)
    assert cost.bandwidth_us == pytest.approx(2 * 7 / 8 * 2**20 / 141e3)
    assert 2 * 7 / 8 * 2**20 / (fabric.up.GBps * 1e3 * fabric.up.efficiency * 0.5) < cost.bandwidth_us


def test_an_all_to_all_on_a_system_says_it_is_not_validated() -> None:
    # Accuracy page, held-out v6 and v7: one-server AllToAll runs disagree by more than two, and v7 misses blind.
    from calc.collectives.collective import ALLTOALL_NOTE
    assert run("collective", {"system": "dgx_h100", "op": "alltoall"}).outcome.notes == (ALLTOALL_NOTE,)
    assert run("collective", {"system": "dgx_h100"}).outcome.notes == ()
    assert run("collective", {"system": "link", "op": "alltoall"}).outcome.notes == ()


def test_a_collective_over_tcpxo_below_1_GiB_says_the_published_runs_disagree() -> None:
    # Accuracy page, held-out v8: two A3 Mega AllGathers take twice the time of three others up to 256 MiB.
    from calc.collectives.collective import TCPXO_NOTE
    a3mega = {"system": "dgx_h100", "network": "tcpxo", "gpus": 16}
    assert run("collective", {**a3mega, "message": 2**30 - 1}).outcome.notes == (TCPXO_NOTE,)
    assert run("collective", {**a3mega, "message": 2**30}).outcome.notes == ()
    assert run("collective", {**a3mega, "gpus": 8}).outcome.notes == ()  # one server: NVLink only


def test_on_four_p6_servers_the_model_times_the_tuners_ring_slower_than_nccls_own_tree_at_32_mib() -> None:
    # Accuracy page, AWS EFA: a disagreement between AWS's measured regions and the model, which no data settles.
    p6 = {"system": "dgx_b200", "network": "efa", "gpus": 32, "message": 32 * 2**20}
    tuned, tree = out(**p6), out(**p6, algorithm="tree")
    assert (tuned["algorithm_used"], tuned["protocol"], tree["protocol"]) == ("ring", "LL128", "LL128")
    assert tuned["time_us"] > tree["time_us"]


def test_a_collective_where_aws_s_region_tuner_decides_says_so() -> None:
    # nccl.tuner_region: more than two p5-class servers (AllReduce) or p6-b200 servers (also AllGather and
    # ReduceScatter), auto.
    from calc.collectives.collective import EFA_TUNER_NOTE
    p5 = {"system": "dgx_h100", "network": "efa", "gpus": 32, "message": 64 * 2**20}
    assert run("collective", p5).outcome.notes == (EFA_TUNER_NOTE,)
    assert run("collective", {**p5, "gpus": 16}).outcome.notes == ()  # two servers: NCCL decides
    assert run("collective", {**p5, "op": "allgather"}).outcome.notes == ()  # no p5 region for AllGather
    p6 = {**p5, "system": "dgx_b200", "op": "allgather"}
    assert run("collective", p6).outcome.notes == (EFA_TUNER_NOTE,)  # p6-b200 has AllGather regions
    assert run("collective", {**p6, "system": "gb200_nvl72", "gpus_per_domain": 8}).outcome.notes == ()
    assert run("collective", {**p5, "algorithm": "ring"}).outcome.notes == ()  # NCCL_ALGO: the tuner is not loaded


def test_the_scaling_chart_of_an_all_to_all_says_it_is_not_validated_too() -> None:
    from calc.collectives.collective import ALLTOALL_NOTE
    assert run("scaling", {"system": "dgx_h100", "op": "alltoall"}).outcome.notes == (ALLTOALL_NOTE,)
    assert run("scaling", {"system": "dgx_h100"}).outcome.notes == ()


def test_an_alltoall_in_one_domain_moves_a_peers_bytes_over_that_peers_channels() -> None:
    # NCCL 2.30.7 src/enqueue.cc addP2pToPlan: at 16 MiB on eight GPUs each peer's 2 MiB goes over 4 channels, so a
    # channel's chunk is 512 KiB (not 2 MiB over the 32-channel pool), at 1/32 of the GPU's NVLink rate.
    fabric = _fabric(system="dgx_b200", gpus=8)
    cal = fabric.calibration
    assert cal is not None
    size = 16 * 2**20
    channel_rate = fabric.up.GBps * 1e3 * fabric.up.efficiency / 32
    fill = model.calibrated_cost("p2p", "Simple", "alltoall", fabric, float(size)).latency_us - \
        model.calibrated_cost("p2p", "Simple", "alltoall", fabric, 0.0).latency_us
    assert fill == pytest.approx(cal.fill_up_chunks * 2**19 / channel_rate)


def test_an_alltoall_below_2_MiB_on_eight_gpus_runs_on_fewer_channels() -> None:
    # 64 KiB per peer: one channel each, 8 of the 32 (nccl.p2p_peer_channels).
    fabric = _fabric(system="dgx_b200", gpus=8)
    assert model.calibrated_cost("p2p", "Simple", "alltoall", fabric, 8 * 65536.0).channels == 8
