"""Tests of calc.topology.configs.sonic: CONFIG_DB tables, lossless QoS on the RoCE priority only, headroom."""

from __future__ import annotations

import json

from calc.congestion.headroom import headroom_parts
from calc.registry import run
from calc.topology.calculator import DEFAULT_YAML
from calc.topology.configs.calculator import EMULATED_YAML, render
from calc.topology.configs.sonic import config_db, dump, headroom_B


def leaf_db(text: str = EMULATED_YAML, name: str = "leaf-01") -> dict:
    done = render(text)
    assert done.plan is not None
    return config_db(done.plan, done.plan.devices[name])


def test_dump_is_json_with_a_line_per_field_in_small_tables_and_per_entry_in_large_ones() -> None:
    db = leaf_db(DEFAULT_YAML, "rail-1")  # 16 ports
    text = dump(db)
    assert json.loads(text) == db
    assert '\n        "Ethernet0|3": {"profile": "pg_lossless_400000_5m_profile"},\n' in text
    assert '\n            "green_max_threshold": "200000",\n' in text


def test_ports_carry_speed_in_mbps_mtu_and_their_peer() -> None:
    assert leaf_db()["PORT"]["Ethernet0"] == {"admin_status": "up", "speed": "100000", "mtu": "9216",
                                              "description": "spine-01:Ethernet0"}


def test_pfc_is_enabled_on_the_roce_priority_only_and_dscp_maps_to_it() -> None:
    db = leaf_db()
    assert {q["pfc_enable"] for q in db["PORT_QOS_MAP"].values()} == {"3"}
    dscp = db["DSCP_TO_TC_MAP"]["ROCE"]
    assert (dscp["26"], dscp["48"], dscp["0"]) == ("3", "6", "0")
    assert db["BUFFER_PG"]["Ethernet0|3"]["profile"] == "pg_lossless_100000_5m_profile"
    assert db["BUFFER_PG"]["Ethernet0|0"]["profile"] == "ingress_lossy_profile"


def test_the_wred_profile_holds_the_ecn_settings_in_bytes_and_percent() -> None:
    wred = leaf_db()["WRED_PROFILE"]["ROCE_LOSSLESS"]
    assert (wred["green_min_threshold"], wred["green_max_threshold"], wred["green_drop_probability"],
            wred["ecn"]) == ("5000", "200000", "1", "ecn_all")
    assert leaf_db()["QUEUE"]["Ethernet0|3"] == {"scheduler": "roce_dwrr", "wred_profile": "ROCE_LOSSLESS"}


def test_lossless_headroom_is_the_headroom_calculators_figure() -> None:
    profile = leaf_db()["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]
    # 100 GbE: IEEE 802.3 bounds of 122,880 and 201,728 bit times, as the headroom calculator's preset.
    expected = run("headroom", {"speed": "100", "cable_m": 5.0, "mtu": 9216}).value("headroom_B")
    assert int(profile["xoff"]) == expected == headroom_B(100.0, 5.0, 9216)
    assert profile["static_th"] == "400000"


def test_faster_ports_use_the_100g_bit_time_bounds_at_their_own_rate() -> None:
    parts = headroom_parts(400.0, 5.0, 9216, 201728 / 400, 122880 / 400)
    assert headroom_B(400.0, 5.0, 9216) == round(parts.total_B)


def test_bgp_neighbours_are_unnumbered_per_fabric_port() -> None:
    db = leaf_db()
    assert db["BGP_NEIGHBOR"]["default|Ethernet8"] == {"peer_type": "external", "name": "spine-02",
                                                       "admin_status": "up"}
    assert db["INTERFACE"] == {"Ethernet0": {"ipv6_use_link_local_only": "enable"},
                               "Ethernet8": {"ipv6_use_link_local_only": "enable"}}
    assert db["VLAN_INTERFACE"] == {"Vlan1000": {}, "Vlan1000|10.128.0.1/29": {}}
