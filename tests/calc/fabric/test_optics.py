"""Tests of calc.fabric.optics through the fabric calculator: switch optics kinds, their power, failures.

Constants and where they come from:
- 17 W per twin-port 800G OSFP (2 x 400G): NVIDIA MMS4X00-NS datasheet.
- 9 W per 400G single-port OSFP at the NIC: NVIDIA MMS4X00-NS400 datasheet.
- 8 W per 800G LPO module: top of the 5-8 W Adtran gives for first-generation 800G LPO (Gazettabyte).
- 5.5 W per 800G of co-packaged optics: Broadcom's Bailly (Laser Focus World interview).
- 0.057 % of links and 0.051 % of switches failing a month: Alibaba HPN, SIGCOMM 2024, section 2.3.
"""

from __future__ import annotations

from typing import Any

import pytest

from calc.errors import ValidationError
from calc.fabric.optics import Optics, expected_failures
from calc.registry import run

# 8,192 GPUs on 51.2T switches run as 128 x 400G, twin-port modules at the switches: 8,192 server
# links (8,192 NIC modules, 4,096 switch modules) and 8,192 leaf-spine links (8,192 switch modules).
BASE = {"gpus": 8192, "switch_ports": 128, "links_per_optic": 2}
NIC_KW = 8192 * 9 / 1000
SWITCH_MODULES = 4096 + 8192


def fabric(**params: object) -> dict[str, Any]:
    return dict(run("fabric", {**BASE, **params}).outcome.values)


def test_pluggable_twin_port_modules_at_the_nvidia_datasheet_powers() -> None:
    got = fabric()
    assert got["transceivers"] == 8192 + SWITCH_MODULES
    assert got["optics_kW"] == pytest.approx(NIC_KW + SWITCH_MODULES * 17 / 1000, rel=1e-12)  # 282.624 kW


def test_lpo_keeps_the_module_count_at_8_w_per_800g_module() -> None:
    got = fabric(switch_optics="lpo")
    assert got["transceivers"] == 8192 + SWITCH_MODULES
    assert got["optics_kW"] == pytest.approx(NIC_KW + SWITCH_MODULES * 8 / 1000, rel=1e-12)  # 172.032 kW


def test_cpo_leaves_only_the_nic_modules_and_draws_5_5_w_per_800g() -> None:
    got = fabric(switch_optics="cpo")
    assert got["transceivers"] == 8192
    assert got["optics_kW"] == pytest.approx(NIC_KW + SWITCH_MODULES * 5.5 / 1000, rel=1e-12)  # 141.312 kW


def test_cpo_with_copper_to_the_servers_needs_no_pluggable_module_at_all() -> None:
    got = fabric(switch_optics="cpo", server_media="dac")
    assert (got["transceivers"], got["dac_cables"]) == (0, 8192)
    assert got["optics_kW"] == pytest.approx(8192 * 5.5 / 1000, rel=1e-12)  # leaf-spine ends only


def test_an_explicit_power_overrides_the_preset_of_the_optics_kind() -> None:
    got = fabric(switch_optics="lpo", switch_optic_W=6.0)
    assert got["optics_kW"] == pytest.approx(NIC_KW + SWITCH_MODULES * 6 / 1000, rel=1e-12)


def test_hpn_failure_rates_give_the_expected_link_and_switch_failures_a_month() -> None:
    # 16,384 cables x 0.057 % = 9.33888 links a month; 192 switches x 0.051 % = 0.09792 switches a month.
    got = fabric()
    assert got["link_failures_per_month"] == pytest.approx(16384 * 0.00057, rel=1e-12)
    assert got["switch_failures_per_month"] == pytest.approx(192 * 0.00051, rel=1e-12)


def test_two_planes_double_the_parts_that_can_fail() -> None:
    one, two = fabric(), fabric(planes=2, switch_ports=256)
    assert two["link_failures_per_month"] == pytest.approx(2 * one["link_failures_per_month"], rel=1e-12)


def test_a_zero_failure_rate_expects_no_failures() -> None:
    got = fabric(link_failure_pct=0, switch_failure_pct=0)
    assert (got["link_failures_per_month"], got["switch_failures_per_month"]) == (0.0, 0.0)


def test_an_unknown_optics_kind_is_refused_by_name() -> None:
    with pytest.raises(ValidationError) as info:
        fabric(switch_optics="smoke")
    assert info.value.message == "switch_optics must be one of pluggable, lpo, cpo: got 'smoke'"


def test_a_failure_rate_above_100_percent_is_refused() -> None:
    with pytest.raises(ValidationError) as info:
        fabric(link_failure_pct=101)
    assert info.value.field == "link_failure_pct"


def test_expected_failures_is_count_times_rate() -> None:
    assert expected_failures(2000, 0.05) == pytest.approx(1.0, rel=1e-12)


def test_cpo_server_links_count_the_nic_modules_only() -> None:
    assert Optics(False, 2, 5.5, 9.0, "cpo").server(4) == (4, 0, 4 * 9.0 + 2 * 5.5)
