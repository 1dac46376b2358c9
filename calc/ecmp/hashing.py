"""Switch hash functions and the RoCEv2 five-tuple, as an ECMP decision sees them.

Hash functions (each checked against published test vectors in the tests):

* ``crc32``: CRC-32/ISO-HDLC (the IEEE 802.3 / zlib CRC), check value of the
  ASCII bytes ``123456789`` is ``0xCBF43926``. The seed is the running CRC the
  computation starts from (zlib's ``crc32(data, value)``); seed 0 is the standard CRC.
* ``crc16``: CRC-16/IBM-3740, better known as CRC-16/CCITT-FALSE (polynomial
  0x1021, initial value 0xFFFF, not reflected, no final XOR), check value
  ``0x29B1``. The seed is XORed into the initial value; seed 0 is the standard CRC.
* ``xor``: XOR folding: the 16-bit big-endian words of the input XORed
  together, then XORed with the low 16 bits of the seed.
* ``toeplitz``: the Toeplitz hash of Microsoft's Receive Side Scaling with the
  40-byte key that Microsoft's verification suite (and most NICs' defaults) use.
  The seed is XORed into every 4-byte word of the key; seed 0 is the standard key.

All four are affine over GF(2) for inputs of one length: h(a XOR b) = h(a) XOR
h(b) XOR h(0). Two consequences this module relies on and the page explains:
a seed that enters CRC or XOR folding only XORs the result with a constant
(with a power-of-two group and modulo selection it relabels the paths, so
flows that collided still collide); and the hash of a tuple whose only varying
field is the UDP source port can be computed from a 16384-entry table.

RoCEv2 five-tuple: UDP destination port 4791 (IANA; ``ROCE_V2_UDP_DPORT`` in
Linux), and a source port derived exactly as the Linux RDMA core does in
``include/rdma/ib_verbs.h``: when the GRH flow label is zero the driver computes
``rdma_calc_flow_label(lqpn, rqpn)`` (product of the two 24-bit queue-pair
numbers folded to 20 bits, symmetric in the two ends) and converts it with
``rdma_flow_label_to_udp_sport`` (low 14 bits XOR the high 6 bits, OR 0xC000),
so every source port lies in 49152..65535. mlx5, hns, rxe and irdma use this.
"""

from __future__ import annotations

import binascii
import functools
import ipaddress
from collections.abc import Callable
from dataclasses import dataclass

from calc.errors import ValidationError
from calc.outputs import Outcome, Scalar
from calc.params import Choice, Int, Text
from calc.registry import calculator
from calc.sources import cite

__all__ = [
    "HASHES", "ROCE_V2_UDP_DPORT", "IB_ROCE_UDP_ENCAP_VALID_PORT_MIN", "MS_RSS_KEY",
    "crc32", "crc16_ccitt", "xor_fold", "toeplitz",
    "hash_bytes", "rdma_calc_flow_label", "rdma_flow_label_to_udp_sport", "rdma_get_udp_sport",
    "RoceTuple", "roce_tuple", "select_path", "bucket_table", "SportTable", "sport_table",
    "flowhash",
]

KERNEL_IB_VERBS = cite(
    "linux-ib-verbs-sport",
    "RDMA/core: Add hash functions to calculate RoCEv2 flowlabel and UDP source port "
    "(rdma_calc_flow_label, rdma_flow_label_to_udp_sport in include/rdma/ib_verbs.h)",
    "Linux kernel, linux-rdma mailing list", 2020,
    "https://lore.kernel.org/linux-rdma/20200504051935.269708-2-leon@kernel.org/",
    authors="M. Zhang, M. Gottlieb and L. Romanovsky",
    note="Current text: https://github.com/torvalds/linux/blob/master/include/rdma/ib_verbs.h; "
         "used by mlx5 (mlx5_set_path_udp_sport), hns, rxe and irdma.",
)
MS_RSS_VERIFY = cite(
    "ms-rss-verify",
    "Verifying the RSS Hash Calculation (and RSS Hashing Functions)",
    "Microsoft, Windows hardware driver documentation", 2023,
    "https://learn.microsoft.com/en-us/windows-hardware/drivers/network/verifying-the-rss-hash-calculation",
    note="Same key and vectors in the Intel 82599 datasheet, section 7.1.2.8.3 (RSS verification suite), "
         "and DPDK app/test/test_thash.c.",
)
CRC_CATALOGUE = cite(
    "reveng-crc",
    "Catalogue of parametrised CRC algorithms: CRC-32/ISO-HDLC (check 0xCBF43926), "
    "CRC-16/IBM-3740 alias CRC-16/CCITT-FALSE (check 0x29B1)",
    "CRC RevEng", 2024, "https://reveng.sourceforge.io/crc-catalogue/",
    authors="G. Cook",
)
IANA_ROCE = cite(
    "iana-4791",
    "Service Name and Transport Protocol Port Number Registry: 4791/udp roce (IP Routable RocE)",
    "IANA", 2014,
    "https://www.iana.org/assignments/service-names-port-numbers/service-names-port-numbers.xhtml?search=4791",
)

ROCE_V2_UDP_DPORT = 4791
IB_ROCE_UDP_ENCAP_VALID_PORT_MIN = 0xC000
IB_GRH_FLOWLABEL_MASK = 0x000FFFFF
SPORT_BITS = 14

MS_RSS_KEY = bytes.fromhex(
    "6d5a56da255b0ec24167253d43a38fb0d0ca2bcbae7b30b477cb2da38030f20c6a42b73bbeac01fa"
)

HASHES = ("crc32", "crc16", "xor", "toeplitz")
HASH_LABELS = {
    "crc32": "CRC-32 (IEEE)",
    "crc16": "CRC-16/CCITT-FALSE",
    "xor": "XOR folding (16 bit)",
    "toeplitz": "Toeplitz (Microsoft RSS key)",
    "random": "Ideal random hash",
}
HASH_BITS = {"crc32": 32, "crc16": 16, "xor": 16, "toeplitz": 32, "random": 32}


# --- hash functions -------------------------------------------------------------------------

def crc32(data: bytes, seed: int = 0) -> int:
    """CRC-32/ISO-HDLC of ``data``, starting from running value ``seed`` (0 = standard)."""
    return binascii.crc32(data, seed & 0xFFFFFFFF)


def crc16_ccitt(data: bytes, seed: int = 0) -> int:
    """CRC-16/CCITT-FALSE of ``data``; ``seed`` is XORed into the initial value 0xFFFF."""
    return binascii.crc_hqx(data, 0xFFFF ^ (seed & 0xFFFF))


def xor_fold(data: bytes, seed: int = 0) -> int:
    """XOR of the 16-bit big-endian words of ``data`` (zero-padded), XOR the seed's low 16 bits."""
    padded = data + b"\x00" * (len(data) % 2)
    value = 0
    for i in range(0, len(padded), 2):
        value ^= (padded[i] << 8) | padded[i + 1]
    return value ^ (seed & 0xFFFF)


def _seeded_key(key: bytes, seed: int) -> int:
    """The key as one integer, each 4-byte word XORed with the 32-bit seed."""
    word = (seed & 0xFFFFFFFF).to_bytes(4, "big")
    mixed = bytes(k ^ word[i % 4] for i, k in enumerate(key))
    return int.from_bytes(mixed, "big")


def toeplitz(data: bytes, seed: int = 0, key: bytes = MS_RSS_KEY) -> int:
    """Microsoft RSS Toeplitz hash: for each set input bit (MSB first) XOR in the key's 32-bit window."""
    if len(key) < len(data) + 4:
        raise ValueError(f"Toeplitz key of {len(key)} bytes is too short for {len(data)} input bytes")
    k = _seeded_key(key, seed)
    width = len(key) * 8
    result = 0
    bits = int.from_bytes(data, "big")
    n = len(data) * 8
    for i in range(n):
        if bits >> (n - 1 - i) & 1:
            result ^= (k >> (width - 32 - i)) & 0xFFFFFFFF
    return result


_FUNCS: dict[str, Callable[[bytes, int], int]] = {
    "crc32": crc32,
    "crc16": crc16_ccitt,
    "xor": xor_fold,
    "toeplitz": lambda data, seed: toeplitz(data, seed),
}


def hash_bytes(name: str, data: bytes, seed: int = 0) -> int:
    """Hash ``data`` with the function called ``name`` (one of :data:`HASHES`)."""
    return _FUNCS[name](data, seed)


# --- RoCEv2 source port, exactly as include/rdma/ib_verbs.h --------------------------------

def rdma_calc_flow_label(lqpn: int, rqpn: int) -> int:
    """``rdma_calc_flow_label``: fold the 48-bit product of two 24-bit QPNs to a 20-bit flow label."""
    v = (lqpn * rqpn) & 0xFFFFFFFFFFFFFFFF  # u64 v = (u64)lqpn * rqpn
    v ^= v >> 20
    v ^= v >> 40
    return v & IB_GRH_FLOWLABEL_MASK


def rdma_flow_label_to_udp_sport(fl: int) -> int:
    """``rdma_flow_label_to_udp_sport``: low 14 bits XOR high 6 bits of the label, OR 0xC000."""
    fl_low = fl & 0x03FFF
    fl_high = fl & 0xFC000
    fl_low ^= fl_high >> 14
    return (fl_low | IB_ROCE_UDP_ENCAP_VALID_PORT_MIN) & 0xFFFF


def rdma_get_udp_sport(fl: int, lqpn: int, rqpn: int) -> int:
    """``rdma_get_udp_sport``: use the GRH flow label if set, else derive it from the QPNs."""
    if not fl:
        fl = rdma_calc_flow_label(lqpn, rqpn)
    return rdma_flow_label_to_udp_sport(fl)


# --- five-tuple and path selection ---------------------------------------------------------

@dataclass(frozen=True)
class RoceTuple:
    """A RoCEv2 flow as a switch hashes it: addresses, UDP ports (protocol is always UDP, 17)."""

    src: str
    dst: str
    sport: int
    dport: int = ROCE_V2_UDP_DPORT

    def packed(self) -> bytes:
        """Source address, destination address, source port, destination port, big-endian.

        The same order as the RSS 4-tuple; switch ASICs let you pick the fields and
        their internal order is vendor-specific.
        """
        src = ipaddress.ip_address(self.src).packed
        dst = ipaddress.ip_address(self.dst).packed
        return src + dst + self.sport.to_bytes(2, "big") + self.dport.to_bytes(2, "big")

    def text(self) -> str:
        return f"{self.src}:{self.sport} → {self.dst}:{self.dport} UDP"


def roce_tuple(src: str, dst: str, lqpn: int, rqpn: int, flow_label: int = 0) -> RoceTuple:
    """The tuple of one RC queue pair from ``src`` (local QPN) to ``dst`` (remote QPN)."""
    return RoceTuple(src, dst, rdma_get_udp_sport(flow_label, lqpn, rqpn))


def bucket_table(paths: int, buckets: int) -> tuple[int, ...]:
    """A hash-bucket (member) table filled round-robin: bucket b leads to path b mod ``paths``."""
    return tuple(b % paths for b in range(buckets))


def select_path(hash_value: int, paths: int, selection: str = "modulo", buckets: int = 256) -> int:
    """Path for a hash: ``hash mod paths``, or the path in bucket ``hash mod buckets``."""
    if selection == "modulo":
        return hash_value % paths
    return (hash_value % buckets) % paths


# --- the source-port table (affinity makes hashing tuples with varying sport cheap) ----------

@dataclass(frozen=True)
class SportTable:
    """``hash(tuple) = base(tuple) XOR delta[sport & 0x3FFF]`` for RoCEv2 source ports."""

    name: str
    seed: int
    delta: tuple[int, ...]

    def base(self, src: str, dst: str) -> int:
        return hash_bytes(self.name, RoceTuple(src, dst, IB_ROCE_UDP_ENCAP_VALID_PORT_MIN).packed(), self.seed)

    def base_v4(self, src: int, dst: int) -> int:
        """:meth:`base` for IPv4 addresses given as 32-bit integers (no address parsing)."""
        data = (src << 64 | dst << 32 | IB_ROCE_UDP_ENCAP_VALID_PORT_MIN << 16 | ROCE_V2_UDP_DPORT).to_bytes(12, "big")
        return hash_bytes(self.name, data, self.seed)


@functools.lru_cache(maxsize=64)
def sport_table(name: str, seed: int, src: str = "10.0.0.1", dst: str = "10.0.1.1") -> SportTable:
    """Build the 16384-entry delta table from 14 hash evaluations (exact for affine hashes)."""
    base_tuple = RoceTuple(src, dst, IB_ROCE_UDP_ENCAP_VALID_PORT_MIN)
    base = hash_bytes(name, base_tuple.packed(), seed)
    singles = [hash_bytes(name, RoceTuple(src, dst, base_tuple.sport | 1 << i).packed(), seed) ^ base
               for i in range(SPORT_BITS)]
    delta = [0] * (1 << SPORT_BITS)
    for s in range(1, 1 << SPORT_BITS):
        low = s & -s
        delta[s] = delta[s ^ low] ^ singles[low.bit_length() - 1]
    return SportTable(name, seed, tuple(delta))


# --- calculator: trace one flow -------------------------------------------------------------

def _address(name: str, raw: str) -> str:
    try:
        return str(ipaddress.ip_address(raw.strip()))
    except ValueError:
        raise ValidationError(name, f"{name} must be an IPv4 or IPv6 address such as 10.0.0.1: got {raw!r}") from None


HASH_PARAM = Choice("hash", "Hash function", "crc32", choices=HASHES,
                    labels={k: HASH_LABELS[k] for k in HASHES},
                    help="The function the switch applies to the five-tuple.")
SEED_PARAM = Int("hash_seed", "Switch hash seed", 0, minimum=0, maximum=0xFFFFFFFF,
                 help="CRC: starting value; XOR: XORed into the result; Toeplitz: XORed into the key.")
SELECTION_PARAM = Choice("selection", "Path selection", "modulo", choices=("modulo", "table"),
                         labels={"modulo": "hash mod paths", "table": "hash-bucket table"},
                         help="Modulo, or a bucket table filled round-robin (bucket b → path b mod paths).")
BUCKETS_PARAM = Int("buckets", "Buckets in the table", 256, minimum=1, maximum=65536,
                    applies=("selection", ("table",)), help="Entries of the hash-bucket table.")


@calculator(
    name="flowhash",
    title="Trace one RoCEv2 flow through an ECMP hash",
    summary="From addresses and queue-pair numbers: the RoCEv2 five-tuple, its UDP source port, the hash and the chosen path.",
    params=(
        Text("src_ip", "Source address", "10.0.0.1", max_length=64, help="Sending NIC's IP (v4 or v6)."),
        Text("dst_ip", "Destination address", "10.0.1.1", max_length=64, help="Receiving NIC's IP."),
        Int("src_qpn", "Local queue-pair number", 0x000123, minimum=1, maximum=0xFFFFFF,
            help="24-bit QPN of the sender's queue pair."),
        Int("dst_qpn", "Remote queue-pair number", 0x000456, minimum=1, maximum=0xFFFFFF,
            help="24-bit QPN of the receiver's queue pair."),
        Int("flow_label", "GRH flow label", 0, minimum=0, maximum=IB_GRH_FLOWLABEL_MASK,
            help="0 (the usual case): the kernel derives it from the two QPNs."),
        HASH_PARAM, SEED_PARAM,
        Int("paths", "Equal-cost paths", 8, minimum=1, maximum=1024, help="Members of the ECMP group."),
        SELECTION_PARAM, BUCKETS_PARAM,
    ),
    outputs=(
        Scalar("tuple", "Five-tuple", "", "Source address:port → destination address:port, UDP.", names=True),
        Scalar("flow_label_used", "Flow label", "", "20-bit label the source port is derived from.", names=True),
        Scalar("src_port", "UDP source port", "", "rdma_flow_label_to_udp_sport(flow label)."),
        Scalar("dst_port", "UDP destination port", "", "4791, RoCEv2's registered port."),
        Scalar("hashed_bytes", "Bytes hashed", "", "Addresses and ports as the hash sees them (hex).", names=True),
        Scalar("hash_hex", "Hash value", "", "The hash of those bytes (hex).", names=True),
        Scalar("hash_value", "Hash value (decimal)", "", "The same value in decimal."),
        Scalar("path", "Chosen path", "", "Index of the ECMP member the flow takes (0-based)."),
    ),
    sources=(KERNEL_IB_VERBS, MS_RSS_VERIFY, CRC_CATALOGUE, IANA_ROCE),
)
def flowhash(*, src_ip: str, dst_ip: str, src_qpn: int, dst_qpn: int, flow_label: int, hash: str,
             hash_seed: int, paths: int, selection: str, buckets: int) -> Outcome:
    src, dst = _address("src_ip", src_ip), _address("dst_ip", dst_ip)
    if ipaddress.ip_address(src).version != ipaddress.ip_address(dst).version:
        raise ValidationError("dst_ip", f"dst_ip must be the same IP version as src_ip ({src}): got {dst!r}",
                              mentions=("src_ip",))
    label = flow_label or rdma_calc_flow_label(src_qpn, dst_qpn)
    flow = RoceTuple(src, dst, rdma_flow_label_to_udp_sport(label))
    data = flow.packed()
    value = hash_bytes(hash, data, hash_seed)
    digits = HASH_BITS[hash] // 4
    return Outcome(values={
        "tuple": flow.text(),
        "flow_label_used": f"0x{label:05x}",
        "src_port": str(flow.sport),
        "dst_port": str(flow.dport),
        "hashed_bytes": data.hex(" "),
        "hash_hex": f"0x{value:0{digits}x}",
        "hash_value": value,
        "path": select_path(value, paths, selection, buckets),
    })
