"""Hash functions against published check values, and the RoCEv2 source port against the kernel's formula."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.ecmp.hashing import (
    HASHES,
    MS_RSS_KEY,
    RoceTuple,
    bucket_table,
    crc16_ccitt,
    crc32,
    hash_bytes,
    rdma_calc_flow_label,
    rdma_flow_label_to_udp_sport,
    rdma_get_udp_sport,
    roce_tuple,
    select_path,
    sport_table,
    toeplitz,
    xor_fold,
)
from calc.errors import ValidationError
from calc.registry import run
from tests.calc.oracles import crc16_bitwise, crc32_bitwise

CHECK = b"123456789"


# CRC RevEng catalogue, https://reveng.sourceforge.io/crc-catalogue/17plus.htm: CRC-32/ISO-HDLC check=0xcbf43926
def test_crc32_check_value() -> None:
    assert crc32(CHECK) == 0xCBF43926


def test_crc32_bitwise_definition_matches_binascii() -> None:
    for data in (b"", b"a", CHECK, bytes(range(256))):
        assert crc32_bitwise(data) == crc32(data)
        assert crc32_bitwise(data, 0xDEADBEEF) == crc32(data, 0xDEADBEEF)


def test_crc32_seed_is_the_running_value() -> None:
    assert crc32(b"56789", crc32(b"1234")) == 0xCBF43926


# https://reveng.sourceforge.io/crc-catalogue/16.htm: CRC-16/IBM-3740 (alias CRC-16/CCITT-FALSE):
# width=16 poly=0x1021 init=0xffff refin=false refout=false xorout=0x0000 check=0x29b1
def test_crc16_ccitt_false_check_value() -> None:
    assert crc16_ccitt(CHECK) == 0x29B1


def test_crc16_bitwise_definition_matches_binascii() -> None:
    for data in (b"", b"a", CHECK, bytes(range(256))):
        assert crc16_bitwise(data) == crc16_ccitt(data)
        assert crc16_bitwise(data, 0x1234) == crc16_ccitt(data, 0x1234)


def test_crc16_seed_xors_the_initial_value() -> None:
    # init 0xFFFF ^ 0xFFFF = 0x0000 is CRC-16/XMODEM, check=0x31c3 in the same catalogue
    assert crc16_ccitt(CHECK, 0xFFFF) == 0x31C3


def test_xor_fold_by_hand() -> None:
    assert xor_fold(b"\x12\x34\x56\x78") == 0x1234 ^ 0x5678 == 0x444C
    assert xor_fold(b"\x12\x34\x56") == 0x1234 ^ 0x5600 == 0x4434
    assert xor_fold(b"\x12\x34\x56\x78", seed=0x444C) == 0


def _v4(src: str, dst: str, sport: int | None = None, dport: int | None = None) -> bytes:
    data = ipaddress.ip_address(src).packed + ipaddress.ip_address(dst).packed
    if sport is not None and dport is not None:
        data += sport.to_bytes(2, "big") + dport.to_bytes(2, "big")
    return data


# Microsoft, "Verifying the RSS Hash Calculation",
# https://learn.microsoft.com/en-us/windows-hardware/drivers/network/verifying-the-rss-hash-calculation
# (also Intel 82599 datasheet 7.1.2.8.3 and DPDK app/test/test_thash.c):
# (destination, destination port, source, source port, IPv4 only, IPv4 with TCP)
RSS_V4 = [
    ("161.142.100.80", 1766, "66.9.149.187", 2794, 0x323E8FC2, 0x51CCC178),
    ("65.69.140.83", 4739, "199.92.111.2", 14230, 0xD718262A, 0xC626B0EA),
    ("12.22.207.184", 38024, "24.19.198.95", 12898, 0xD2D0A5DE, 0x5C2B394A),
    ("209.142.163.6", 2217, "38.27.205.30", 48228, 0x82989176, 0xAFC7327F),
    ("202.188.127.2", 1303, "153.39.163.191", 44251, 0x5D1809C5, 0x10E828A2),
]
RSS_V6 = [
    ("3ffe:2501:200:3::1", 1766, "3ffe:2501:200:1fff::7", 2794, 0x2CC18CD5, 0x40207D3D),
    ("ff02::1", 4739, "3ffe:501:8::260:97ff:fe40:efab", 14230, 0x0F0C461C, 0xDDE51BBF),
    ("fe80::200:f8ff:fe21:67cf", 38024, "3ffe:1900:4545:3:200:f8ff:fe21:67cf", 44251, 0x4B61E985, 0x02D1FEEF),
]


@pytest.mark.parametrize(("dst", "dport", "src", "sport", "ip_only", "with_ports"), RSS_V4 + RSS_V6)
def test_toeplitz_rss_verification_suite(dst: str, dport: int, src: str, sport: int, ip_only: int,
                                         with_ports: int) -> None:
    assert toeplitz(_v4(src, dst)) == ip_only
    assert toeplitz(_v4(src, dst, sport, dport)) == with_ports


def test_toeplitz_of_a_roce_tuple_is_the_rss_four_tuple_hash() -> None:
    assert hash_bytes("toeplitz", RoceTuple("66.9.149.187", "161.142.100.80", 2794, 1766).packed()) == 0x51CCC178


def test_toeplitz_seed_xors_every_key_word() -> None:
    key = bytes(k ^ w for k, w in zip(MS_RSS_KEY, bytes.fromhex("01020304") * 10))
    data = _v4("66.9.149.187", "161.142.100.80", 2794, 1766)
    assert toeplitz(data, seed=0x01020304) == toeplitz(data, key=key)


def test_toeplitz_refuses_a_short_key() -> None:
    with pytest.raises(ValueError, match="Toeplitz key of 8 bytes is too short for 12 input bytes"):
        toeplitz(bytes(12), key=bytes(8))


# Linux include/rdma/ib_verbs.h (commit "RDMA/core: Add hash functions to calculate RoCEv2 flowlabel
# and UDP source port", https://lore.kernel.org/linux-rdma/20200504051935.269708-2-leon@kernel.org/).
# Expected values worked by hand from the C:
#   v = lqpn * rqpn; v ^= v >> 20; v ^= v >> 40; fl = v & 0xFFFFF
#   sport = ((fl & 0x3FFF) ^ ((fl & 0xFC000) >> 14)) | 0xC000
def test_flow_label_small_qpns() -> None:
    # 0x123 * 0x456 = 291 * 1110 = 323010 = 0x4EDC2 < 2^20, so both folds XOR zero
    assert rdma_calc_flow_label(0x123, 0x456) == 0x4EDC2


def test_flow_label_folds_the_48_bit_product() -> None:
    # 0xFFFFFF^2 = 2^48 - 2^25 + 1 = 0xFFFF_FE00_0001
    # v >> 20 = 0xFFF_FFE0 -> v = 0xFFFF_F1FF_FFE1; v >> 40 = 0xFF -> v = 0xFFFF_F1FF_FF1E; & 0xFFFFF = 0xFFF1E
    assert rdma_calc_flow_label(0xFFFFFF, 0xFFFFFF) == 0xFFF1E


def test_flow_label_is_symmetric() -> None:
    assert rdma_calc_flow_label(0xABCDEF, 0x000321) == rdma_calc_flow_label(0x000321, 0xABCDEF)


def test_udp_sport_from_flow_labels() -> None:
    # 0x4EDC2: low 0x2DC2, high 0x4C000 >> 14 = 0x13; 0x2DC2 ^ 0x13 = 0x2DD1; | 0xC000 = 0xEDD1
    assert rdma_flow_label_to_udp_sport(0x4EDC2) == 0xEDD1 == 60881
    # 0xFFF1E: low 0x3F1E, high 0xFC000 >> 14 = 0x3F; 0x3F1E ^ 0x3F = 0x3F21; | 0xC000 = 0xFF21
    assert rdma_flow_label_to_udp_sport(0xFFF1E) == 0xFF21
    assert rdma_flow_label_to_udp_sport(1) == 0xC001


def test_udp_sport_uses_a_nonzero_grh_flow_label() -> None:
    # 0x12345: low 0x2345, high 0x10000 >> 14 = 0x4; 0x2345 ^ 0x4 = 0x2341; | 0xC000 = 0xE341
    assert rdma_get_udp_sport(0x12345, 7, 9) == 0xE341
    assert rdma_get_udp_sport(0, 0x123, 0x456) == 0xEDD1


def test_roce_tuple_has_the_registered_destination_port() -> None:
    flow = roce_tuple("10.0.0.1", "10.0.1.1", 0x123, 0x456)
    assert (flow.sport, flow.dport) == (60881, 4791)
    assert flow.text() == "10.0.0.1:60881 → 10.0.1.1:4791 UDP"
    assert flow.packed().hex() == "0a0000010a000101edd112b7"


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(HASHES), seed=st.integers(0, 2**32 - 1), host=st.integers(0, 2**16 - 1),
       sport=st.integers(0xC000, 0xFFFF))
def test_sport_table_equals_hashing_the_tuple(name: str, seed: int, host: int, sport: int) -> None:
    src, dst = f"10.0.{host >> 8}.{host & 255}", f"10.1.{host & 255}.{host >> 8}"
    table = sport_table(name, seed)
    assert table.base(src, dst) ^ table.delta[sport & 0x3FFF] == hash_bytes(name, RoceTuple(src, dst, sport).packed(), seed)


@settings(max_examples=30, deadline=None)
@given(a=st.binary(min_size=12, max_size=12), b=st.binary(min_size=12, max_size=12), seed=st.integers(1, 2**32 - 1))
def test_crc_seed_only_xors_a_constant(a: bytes, b: bytes, seed: int) -> None:
    assert crc32(a, seed) ^ crc32(a) == crc32(b, seed) ^ crc32(b)
    assert crc16_ccitt(a, seed) ^ crc16_ccitt(a) == crc16_ccitt(b, seed) ^ crc16_ccitt(b)


def test_path_selection_modulo_and_table() -> None:
    assert select_path(1001, 8) == 1
    assert bucket_table(3, 8) == (0, 1, 2, 0, 1, 2, 0, 1)
    assert select_path(13, 3, "table", 8) == 2  # bucket 13 mod 8 = 5 -> path 5 mod 3 = 2
    assert select_path(13, 3) == 1


def test_flowhash_defaults() -> None:
    result = run("flowhash").to_json()
    assert result["outputs"]["tuple"] == "10.0.0.1:60881 → 10.0.1.1:4791 UDP"
    assert result["outputs"]["src_port"] == "60881"
    assert result["outputs"]["hashed_bytes"] == "0a 00 00 01 0a 00 01 01 ed d1 12 b7"
    value = crc32(bytes.fromhex("0a0000010a000101edd112b7"))
    assert result["outputs"]["hash_value"] == value
    assert result["outputs"]["path"] == value % 8


def test_flowhash_toeplitz_reproduces_the_rss_example() -> None:
    out = run("flowhash", {"src_ip": "66.9.149.187", "dst_ip": "161.142.100.80", "flow_label": 0x2794,
                           "hash": "toeplitz", "paths": 64}).to_json()["outputs"]
    sport = rdma_flow_label_to_udp_sport(0x2794)
    assert out["hash_value"] == toeplitz(_v4("66.9.149.187", "161.142.100.80", sport, 4791))


def test_flowhash_rejects_a_bad_address() -> None:
    with pytest.raises(ValidationError) as err:
        run("flowhash", {"src_ip": "10.0.0.300"})
    assert err.value.field == "src_ip"
    assert err.value.message == "src_ip must be an IPv4 or IPv6 address such as 10.0.0.1: got '10.0.0.300'"


def test_flowhash_rejects_mixed_ip_versions() -> None:
    with pytest.raises(ValidationError) as err:
        run("flowhash", {"dst_ip": "fe80::1"})
    assert err.value.message == "dst_ip must be the same IP version as src_ip (10.0.0.1): got 'fe80::1'"
