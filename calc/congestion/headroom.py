"""PFC headroom: the buffer a lossless port must keep above XOFF for bytes already on their way.

When an ingress queue crosses XOFF the switch sends a PFC PAUSE upstream, but
bytes keep arriving until the pause has crossed the cable, the sender has
reacted and the last bytes it sent have crossed back. IEEE 802.1Qbb (Annex N)
and Cisco's worked analysis (white paper "Priority Flow Control: Build
Reliable Layer 2 Infrastructure"; Cisco Press, "Detecting, Troubleshooting,
and Preventing Congestion in Storage Networks", ch. 7) add up the worst case:

* a maximum frame the receiver has just begun sending delays its PAUSE
  (MTU + 20 bytes of preamble, SFD and inter-frame gap);
* the PAUSE frame itself (64 + 20 bytes);
* the interface (PHY/MAC) delay in both directions;
* the cable, crossed twice (≈5 ns per metre in fibre, 65 % of c; Cisco uses
  513 ns per 100 m of single-mode fibre and 476 ns for twin-ax copper);
* the sender's response time (IEEE 802.3 upper bounds, in bit times);
* a maximum frame the sender had already started (MTU + 20).

headroom = 2 (MTU + 20) + 84 + rate × (2 × cable + 2 × interface + response).

The calculator also prints NVIDIA's mlx5 driver formula for a ConnectX port
buffer, ``xoff = (301 + 2.16 × len[m]) × speed[Gb/s] + 2.72 × MTU`` bytes,
computed with the driver's own integer arithmetic (Linux
drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c), as a vendor check.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.outputs import Column, Outcome, Scalar, Table
from calc.params import Choice, Float, Int
from calc.registry import calculator
from calc.sources import cite

__all__ = ["HeadroomParts", "headroom_parts", "mlx5_xoff_B", "SPEED_DELAYS_BT", "headroom"]

IEEE_QBB = cite(
    "ieee8021qbb",
    "IEEE 802.1Qbb-2011: Priority-based Flow Control (Annex N: buffer requirements)",
    "IEEE", 2011, "https://standards.ieee.org/ieee/802.1Qbb/4361/",
)
CISCO_PFC = cite(
    "cisco-pfc-whitepaper",
    "Priority Flow Control: Build Reliable Layer 2 Infrastructure (white paper)",
    "Cisco Systems", 2015,
    "https://www.cisco.com/c/en/us/products/collateral/switches/nexus-7000-series-switches/white_paper_c11-542809.html",
)
CISCO_PRESS = cite(
    "cisco-press-storage-congestion",
    "Detecting, Troubleshooting, and Preventing Congestion in Storage Networks, ch. 7: "
    "Congestion Management in Ethernet Storage Networks (headroom for PFC)",
    "Cisco Press", 2023,
    "https://www.oreilly.com/library/view/detecting-troubleshooting-and/9780137887279/ch07.xhtml",
)
MLX5_BUFFER = cite(
    "linux-mlx5-port-buffer",
    "net/mlx5e: Receive buffer configuration (calculate_xoff: xoff = (301 + 2.16·len) · speed + 2.72·MTU)",
    "Linux kernel, drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c", 2018,
    "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/tree/drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c",
    authors="H. Nguyen",
)
MLXSW_HEADROOM = cite(
    "linux-mlxsw-headroom",
    "mlxsw: spectrum_buffers: Update port headroom configuration (recommended headroom for a "
    "100 Gb/s port and 100 m cable: 101.6 KB)",
    "Linux kernel commit edf777f55aee", 2019,
    "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=edf777f55aee61d1021fc496f16ef121380cfa67",
    authors="P. Machata",
)

FRAME_OVERHEAD_B = 20   # preamble + SFD (8) + inter-frame gap (12)
PFC_FRAME_B = 64 + FRAME_OVERHEAD_B

# IEEE 802.3 upper bounds, in bit times: (interface delay, response delay), as
# tabulated by Cisco Press ch. 7 (Figure 7-2 discussion).
SPEED_DELAYS_BT: dict[int, tuple[int, int]] = {
    10: (8192, 30720),
    25: (6144, 40960),
    40: (24576, 60416),
    100: (122880, 201728),
}


@dataclass(frozen=True)
class HeadroomParts:
    """Bytes that arrive after XOFF, by cause."""

    receiver_frame_B: float
    pause_frame_B: float
    cable_B: float
    interface_B: float
    response_B: float
    sender_frame_B: float

    @property
    def total_B(self) -> float:
        return (self.receiver_frame_B + self.pause_frame_B + self.cable_B + self.interface_B
                + self.response_B + self.sender_frame_B)


def headroom_parts(link_Gbps: float, cable_m: float, mtu_B: int, response_ns: float,
                   interface_ns: float, ns_per_m: float = 5.0) -> HeadroomParts:
    """Worst-case bytes in flight after a PAUSE is decided (IEEE 802.1Qbb Annex N style)."""
    bytes_per_ns = link_Gbps / 8
    frame = float(mtu_B + FRAME_OVERHEAD_B)
    return HeadroomParts(
        receiver_frame_B=frame,
        pause_frame_B=float(PFC_FRAME_B),
        cable_B=2 * cable_m * ns_per_m * bytes_per_ns,
        interface_B=2 * interface_ns * bytes_per_ns,
        response_B=response_ns * bytes_per_ns,
        sender_frame_B=frame,
    )


def mlx5_xoff_B(link_Gbps: float, cable_m: int, mtu_B: int) -> int:
    """NVIDIA mlx5 driver's xoff, in the driver's integer arithmetic (speed floor 40 Gb/s)."""
    speed_Mbps = max(int(round(link_Gbps * 1000)), 40000)
    return (301 + 216 * cable_m // 100) * speed_Mbps // 1000 + 272 * mtu_B // 100


def _speed_fills() -> dict[str, dict[str, float | int | str | bool]]:
    return {str(s): {"link_Gbps": float(s), "interface_ns": i / s, "response_ns": r / s}
            for s, (i, r) in SPEED_DELAYS_BT.items()}


@calculator(
    name="headroom",
    title="PFC headroom for one lossless port",
    summary="Bytes a port must absorb after it sends PAUSE: cable, interfaces, response time and frames in flight.",
    params=(
        Choice("speed", "Speed preset", "100", choices=("10", "25", "40", "100", "custom"),
               labels={"10": "10 GbE", "25": "25 GbE", "40": "40 GbE", "100": "100 GbE", "custom": "Custom"},
               fills=_speed_fills(),
               help="Fills link speed and the IEEE 802.3 upper bounds for interface and response delay."),
        Float("link_Gbps", "Link speed", 100.0, unit="Gb/s", minimum=1.0, maximum=1600.0,
              help="Line rate of the link the PAUSE travels on."),
        Float("cable_m", "Cable length", 100.0, unit="m", minimum=0.0, maximum=10000.0,
              help="Length of the link; the PAUSE crosses it and the last bytes cross back."),
        Int("mtu", "MTU", 9216, unit="B", minimum=64, maximum=16384,
            help="Largest frame on the link, in bytes (both ends)."),
        Float("response_ns", "Sender response time", 2017.28, unit="ns", minimum=0.0, maximum=1e6,
              help="Time the sender takes to stop after the PAUSE arrives "
                   "(IEEE 802.3 bound: 201,728 bit times at 100 Gb/s)."),
        Float("interface_ns", "Interface delay, each way", 1228.8, unit="ns", minimum=0.0, maximum=1e6,
              help="PHY/MAC delay crossed by the PAUSE and by the data "
                   "(IEEE 802.3 bound: 122,880 bit times at 100 Gb/s)."),
        Float("ns_per_m", "Propagation delay", 5.0, unit="ns/m", minimum=3.3, maximum=10.0,
              help="About 5 ns per metre in fibre (65 % of c), 4.76 in twin-ax copper."),
    ),
    outputs=(
        Scalar("headroom_B", "Headroom", "B", "Bytes to reserve above XOFF on this port and priority."),
        Scalar("headroom_KB", "Headroom in kilobytes", "KB", "The same in kilobytes (1 KB = 1000 B)."),
        Scalar("delay_ns", "Pause round trip", "ns", "Cable both ways, interfaces both ways and the response time."),
        Scalar("mlx5_xoff_B", "NVIDIA mlx5 driver formula", "B",
               "(301 + 2.16·len)·speed + 2.72·MTU, in the driver's integer arithmetic (NIC side)."),
        Table("parts", "Where the headroom goes", (Column("part", "Cause"), Column("bytes", "Bytes", "B"))),
    ),
    sources=(IEEE_QBB, CISCO_PFC, CISCO_PRESS, MLX5_BUFFER, MLXSW_HEADROOM),
)
def headroom(*, speed: str, link_Gbps: float, cable_m: float, mtu: int, response_ns: float,
             interface_ns: float, ns_per_m: float) -> Outcome:
    parts = headroom_parts(link_Gbps, cable_m, mtu, response_ns, interface_ns, ns_per_m)
    rows = (
        ("Frame the receiver is sending (delays the PAUSE)", round(parts.receiver_frame_B)),
        ("PAUSE frame", round(parts.pause_frame_B)),
        ("Cable, both ways", round(parts.cable_B)),
        ("Interfaces, both ways", round(parts.interface_B)),
        ("Sender response time", round(parts.response_B)),
        ("Frame the sender had started", round(parts.sender_frame_B)),
    )
    return Outcome(
        values={
            "headroom_B": round(parts.total_B),
            "headroom_KB": parts.total_B / 1000,
            "delay_ns": 2 * cable_m * ns_per_m + 2 * interface_ns + response_ns,
            "mlx5_xoff_B": mlx5_xoff_B(link_Gbps, round(cable_m), mtu),
        },
        tables={"parts": rows},
    )
