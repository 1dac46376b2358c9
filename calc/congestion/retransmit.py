"""What a lost packet costs: go-back-N against selective retransmission.

A sender keeps a window of W packets in flight, W = rate × RTT / MTU (the
bandwidth-delay product in packets). With independent losses of probability
p, selective repeat resends only what was lost, so its efficiency (useful
packets over packets sent) is 1 − p. Go-back-N resends the lost packet and
everything sent after it, about W − 1 more, which gives the classic ARQ result
(Bertsekas and Gallager, section 2.4)::

    η_GBN = (1 − p) / (1 + (W − 1)·p)

Classic RoCE NICs recover with go-back-N, which is why RoCE was built on a
lossless (PFC) network; IRN (Mittal et al.) showed that selective repeat plus
a window makes RoCE tolerate loss, and Ultra Ethernet's transport and current
NICs (Broadcom Thor Ultra) retransmit selectively. The model ignores timeouts,
losses of retransmissions and the receive-side reordering buffer.
"""

from __future__ import annotations

from calc.ecmp.lab import META_ROCE
from calc.outputs import Chart, Outcome, Scalar, Trace
from calc.params import Float, Int
from calc.registry import calculator
from calc.sources import cite

__all__ = ["ARQ", "IRN", "UEC", "META_ROCE", "THOR_ULTRA", "SPECTRUM_X_CC", "OOO_PLACEMENT", "TOMAHAWK5", "SAI_ARS",
           "FBOSS_TH5_ARS", "MLX5_IB_COUNTERS",
           "window_packets", "gbn_efficiency", "retransmit"]

ARQ = cite(
    "bertsekas1992",
    "Data Networks, 2nd edition (section 2.4: ARQ retransmission strategies, go-back-n and selective repeat)",
    "Prentice Hall", 1992, "https://web.mit.edu/dimitrib/www/datanets.html", authors="D. Bertsekas and R. Gallager",
)
IRN = cite(
    "mittal2018irn",
    "Revisiting Network Support for RDMA (IRN: selective retransmission and a BDP window instead of PFC)",
    "ACM SIGCOMM 2018", 2018, "https://doi.org/10.1145/3230543.3230557", authors="R. Mittal, A. Shpiner, A. Panda et al.",
)
UEC = cite(
    "uec-1.0",
    "Ultra Ethernet Specification 1.0: Ultra Ethernet Transport (packet spraying, out-of-order delivery, selective "
    "acknowledgement and retransmission, congestion control), packet trimming, link-layer retry, credit-based "
    "flow control",
    "Ultra Ethernet Consortium", 2025,
    "https://ultraethernet.org/wp-content/uploads/sites/20/2025/06/UE-Specification-6.11.25.pdf",
    note="Version 1.0, 11 June 2025.",
)
THOR_ULTRA = cite(
    "broadcom-thor-ultra",
    "Broadcom Thor Ultra: UEC-compliant 800G AI Ethernet NIC (packet-level multipathing, out-of-order data "
    "placement, hardware SACK-based retransmission instead of go-back-N, programmable congestion control)",
    "StorageReview", 2025,
    "https://www.storagereview.com/news/broadcom-thor-ultra-uec-compliant-800g-ai-ethernet-nic-for-100k-xpu-scale-out",
    note="Announced by Broadcom in October 2025.",
)
SPECTRUM_X_CC = cite(
    "nvidia-spectrum-x-ra",
    "NVIDIA Spectrum-X: RoCE adaptive routing with per-packet load balancing and out-of-order placement on "
    "SuperNICs, telemetry-based congestion control",
    "NVIDIA", 2024, "https://www.nvidia.com/en-us/networking/spectrumx/",
)
OOO_PLACEMENT = cite(
    "nvidia-ooo-placement",
    "MLNX_OFED: Out-of-Order (OOO) Data Placement (ConnectX-5 and later, RC/XRC/DC; used with adaptive routing)",
    "NVIDIA", 2024,
    "https://docs.nvidia.com/networking/display/mlnxofedv23106161lts/out-of-order-(ooo)-data-placement",
)
TOMAHAWK5 = cite(
    "broadcom-tomahawk5",
    "Broadcom ships Tomahawk 5: 51.2 Tb/s, 64 × 800GbE / 128 × 400GbE / 256 × 200GbE, Cognitive Routing and "
    "dynamic load balancing",
    "Signal Integrity Journal", 2022,
    "https://www.signalintegrityjournal.com/articles/2766-broadcom-ships-tomahawk-5-industrys-highest-bandwidth-switch-chip-to-accelerate-ai-ml-workloads",
)
SAI_ARS = cite(
    "sai-ars",
    "SAI support for Adaptive Routing and Switching (ARS is flowlet based; modes: per-flowlet quality or random, "
    "per-packet quality or random, fixed)",
    "Open Compute Project SAI", 2022,
    "https://github.com/opencomputeproject/SAI/blob/master/doc/ARS/Adaptive-Routing-and-Switching.md",
    authors="J. Kumar (Broadcom)",
)
FBOSS_TH5_ARS = cite(
    "fboss-tomahawk5-ars",
    "FBOSS, Meta's switch software: ARS supported on Tomahawk 5 (Tomahawk5Asic.cpp); flowlet switching modes "
    "FLOWLET_QUALITY, PER_PACKET_QUALITY, FIXED_ASSIGNMENT (switch_config.thrift)",
    "Meta, facebook/fboss", 2025,
    "https://github.com/facebook/fboss/blob/main/fboss/agent/hw/switch_asics/Tomahawk5Asic.cpp",
)

MLX5_IB_COUNTERS = cite(
    "linux-mlx5-ib-counters",
    "RDMA/mlx5 hardware counters: out_of_sequence, packet_seq_err, implied_nak_seq_err, rnr_nak_retry_err, "
    "local_ack_timeout_err, np_cnp_sent, rp_cnp_handled",
    "Linux kernel, drivers/infiniband/hw/mlx5/counters.c", 2024,
    "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/tree/drivers/infiniband/hw/mlx5/counters.c",
)


def window_packets(rate_Gbps: float, rtt_us: float, mtu_B: int) -> float:
    """Packets in flight: the bandwidth-delay product over the MTU, at least one."""
    return max(1.0, rate_Gbps * 1e3 * rtt_us / 8 / mtu_B)


def gbn_efficiency(loss: float, window: float) -> float:
    """Useful share of sent packets under go-back-N."""
    return (1 - loss) / (1 + (window - 1) * loss)


@calculator(
    name="retransmit",
    title="Go-back-N against selective retransmission",
    summary="Goodput of an RDMA flow under random loss when the NIC resends everything after a loss (go-back-N) "
            "or only what was lost (selective repeat).",
    params=(
        Float("rate_Gbps", "Link speed", 400.0, unit="Gb/s", minimum=1.0, maximum=3200.0, help="Sender's rate."),
        Float("rtt_us", "Round-trip time", 10.0, unit="µs", minimum=0.1, maximum=10000.0,
              help="Loss detection to resend: roughly one round trip across the fabric."),
        Int("mtu_B", "MTU", 4096, unit="B", minimum=256, maximum=9216, help="RoCE payload per packet (4096 typical)."),
        Float("loss", "Packet loss probability", 1e-4, minimum=0.0, maximum=0.5,
              help="Share of packets lost (drops from congestion, corruption, trimming)."),
    ),
    outputs=(
        Scalar("window_packets", "Packets in flight", "", "Bandwidth-delay product in packets."),
        Scalar("gbn_goodput_pct", "Go-back-N goodput", "%"),
        Scalar("sr_goodput_pct", "Selective-repeat goodput", "%"),
        Scalar("gbn_Gbps", "Go-back-N useful rate", "Gb/s"),
        Scalar("sr_Gbps", "Selective-repeat useful rate", "Gb/s"),
        Chart("goodput_vs_loss", "Goodput against loss", "Packet loss probability", "Goodput", "", "%", log_x=True,
              description="Go-back-N collapses once a window's worth of packets sees a loss."),
    ),
    sources=(ARQ, IRN, UEC, THOR_ULTRA, OOO_PLACEMENT, MLX5_IB_COUNTERS),
)
def retransmit(*, rate_Gbps: float, rtt_us: float, mtu_B: int, loss: float) -> Outcome:
    w = window_packets(rate_Gbps, rtt_us, mtu_B)
    gbn, sr = gbn_efficiency(loss, w), 1 - loss
    xs = tuple(10.0 ** (k / 2) for k in range(-14, -1))
    return Outcome(
        values={"window_packets": w, "gbn_goodput_pct": 100 * gbn, "sr_goodput_pct": 100 * sr,
                "gbn_Gbps": rate_Gbps * gbn, "sr_Gbps": rate_Gbps * sr},
        charts={"goodput_vs_loss": (Trace("go-back-N", xs, tuple(100 * gbn_efficiency(x, w) for x in xs)),
                                    Trace("selective repeat", xs, tuple(100 * (1 - x) for x in xs)))},
    )
