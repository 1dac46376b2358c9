"""Tests of calc.congestion.headroom: the IEEE 802.1Qbb-style headroom and the vendor formulas it is checked against."""

from __future__ import annotations

import pytest

from calc.congestion.headroom import SPEED_DELAYS_BT, headroom_parts, mlx5_xoff_B
from calc.registry import run


def out(**params: object) -> dict[str, float | int | str | bool]:
    return dict(run("headroom", params).outcome.values)


def test_cable_term_matches_ciscos_641_bytes_per_100_m_of_fibre_at_10g() -> None:
    # Cisco, "Priority Flow Control: Build Reliable Layer 2 Infrastructure", p. 3:
    # 513 ns per 100 m of single-mode fibre; at 10 Gb/s the sender emits 641 bytes meanwhile.
    parts = headroom_parts(10.0, 100.0, 1500, 0.0, 0.0, ns_per_m=5.13)
    assert parts.cable_B / 2 == pytest.approx(641.25, rel=1e-12)


def test_response_bound_at_10g_is_60_pause_quanta_3840_bytes() -> None:
    # IEEE 802.3 response bound at 10 GbE: 30,720 bit times = 60 quanta of 512 bits = 3840 bytes
    # (Cisco Press 2023, ch. 7; Cisco white paper "Priority Flow Control", p. 3).
    intf_bt, resp_bt = SPEED_DELAYS_BT[10]
    parts = headroom_parts(10.0, 0.0, 1500, resp_bt / 10, intf_bt / 10)
    assert parts.response_B == pytest.approx(3840.0, rel=1e-12)


def test_headroom_adds_frames_pause_cable_interfaces_and_response() -> None:
    parts = headroom_parts(100.0, 100.0, 9216, 2017.28, 1228.8, ns_per_m=5.0)
    expected = 2 * (9216 + 20) + 84 + 12.5 * (2 * 100 * 5.0 + 2 * 1228.8 + 2017.28)
    assert parts.total_B == pytest.approx(expected, rel=1e-12)


def test_calculator_default_is_100g_100m_jumbo() -> None:
    got = out()
    assert got["headroom_B"] == 86992
    assert got["delay_ns"] == pytest.approx(5474.88, rel=1e-12)


def test_mlx5_formula_in_driver_integer_arithmetic() -> None:
    # Linux mlx5 port_buffer.c: xoff = (301 + 216 * cable_len / 100) * speed / 1000 + 272 * mtu / 100,
    # speed in Mb/s, integer division. Default cable_len 7 m, 100 GbE, MTU 1500:
    # (301 + 15) * 100000 / 1000 + 4080 = 35680.
    assert mlx5_xoff_B(100.0, 7, 1500) == 35680


def test_mlx5_formula_floors_speed_at_40g() -> None:
    # port_buffer.c: speed = max_t(u32, speed, SPEED_40000)
    assert mlx5_xoff_B(10.0, 7, 1500) == mlx5_xoff_B(40.0, 7, 1500) == (301 + 15) * 40 + 4080


def test_within_15_percent_of_nvidia_spectrum_recommendation_for_100g_100m() -> None:
    # Linux commit edf777f55aee (mlxsw, 2019): "The recommendation for headroom size for 100Gbps
    # port and 100m cable is 101.6KB". Our IEEE worst-case sum for 100 GbE, 100 m fibre, 9216-byte
    # MTU is 86,992 B: 14.4 % below. Stated tolerance 15 % (the vendor figure rounds to buffer
    # cells and adds margin we do not model).
    got = out(speed="100", cable_m=100, mtu=9216)
    assert abs(float(got["headroom_B"]) - 101600) / 101600 < 0.15


def test_speed_preset_fills_the_ieee_bounds() -> None:
    got = run("headroom", {"speed": "25"}).inputs
    assert got["link_Gbps"] == 25.0
    assert got["interface_ns"] == pytest.approx(6144 / 25, rel=1e-12)
    assert got["response_ns"] == pytest.approx(40960 / 25, rel=1e-12)


def test_parts_table_sums_to_headroom() -> None:
    result = run("headroom", {"cable_m": 30, "mtu": 4096})
    rows = result.outcome.tables["parts"]
    assert abs(sum(int(r[1]) for r in rows) - int(result.value("headroom_B"))) <= 3
