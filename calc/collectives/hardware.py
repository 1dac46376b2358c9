"""The hardware catalogue: scale-up links, scale-out links, host paths and whole systems.

Every figure carries its unit in its name and its source. Bandwidths are given
*per direction* (``*_GBps_per_dir``, GB = 10^9 bytes) and, where vendors quote
it, *bidirectional* (``*_GBps_bidir``); the two are never compared with each
other. A 400 Gb/s NIC moves 400/8 = 50 GB/s in each direction; NVLink 5 moves
18 links x 50 GB/s = 900 GB/s per GPU in each direction, the "1.8 TB/s" of the
datasheet counting both directions.

System presets (``SYSTEMS``) feed the collectives model: scale-up domain size,
NVLink generation, whether the NVSwitch can reduce in the network (NVLink SHARP,
"NVLS"), and the NICs each GPU owns.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.collectives.nccl import NCCL_TUNING_SRC as NCCL_TOPO_SRC
from calc.sources import Source, cite

__all__ = [
    "ScaleUpLink", "NVSwitch", "NetworkLink", "SwitchLatency", "HostLink", "System", "UALink",
    "SCALE_UP", "NVSWITCHES", "NETWORK", "SWITCHES", "HOST", "SYSTEMS", "UALINK_1_0",
    "SOURCES", "nic_GBps_per_dir", "Network", "NETWORKS", "ARCH",
]

NVLINK_PAGE = cite(
    "nvidia-nvlink",
    "NVLink and NVLink Switch: fifth-generation NVLink, 18 links per Blackwell GPU, 1.8 TB/s total bandwidth per GPU",
    "NVIDIA", 2024, "https://www.nvidia.com/en-us/data-center/nvlink/",
)
A100_WP = cite(
    "nvidia-a100-whitepaper",
    "NVIDIA A100 Tensor Core GPU Architecture (whitepaper): 12 third-generation NVLinks, 600 GB/s total",
    "NVIDIA", 2020,
    "https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf",
)
H100_WP = cite(
    "nvidia-h100-whitepaper",
    "NVIDIA H100 Tensor Core GPU Architecture (whitepaper): 18 fourth-generation NVLinks, 900 GB/s total; "
    "third-generation NVSwitch with NVLink SHARP",
    "NVIDIA", 2022, "https://resources.nvidia.com/en-us-tensor-core/gtc22-whitepaper-hopper",
)
BLACKWELL_WP = cite(
    "nvidia-blackwell-whitepaper",
    "NVIDIA Blackwell Architecture Technical Brief: fifth-generation NVLink, 1.8 TB/s per GPU; "
    "NVLink Switch with SHARP for 72-GPU domains",
    "NVIDIA", 2024, "https://resources.nvidia.com/en-us-blackwell-architecture",
)
DGX_A100 = cite(
    "nvidia-dgx-a100-datasheet",
    "NVIDIA DGX A100 datasheet: 8x A100 SXM4, 6 NVSwitches, 8x single-port ConnectX-6 200 Gb/s HDR InfiniBand",
    "NVIDIA", 2020, "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/nvidia-dgx-a100-datasheet.pdf",
)
DGX_H100 = cite(
    "nvidia-dgx-h100-datasheet",
    "NVIDIA DGX H100 datasheet: 8x H100 SXM5, 4 NVSwitches, 8x ConnectX-7 400 Gb/s (compute fabric)",
    "NVIDIA", 2023, "https://resources.nvidia.com/en-us-dgx-systems/ai-enterprise-dgx",
)
HGX_H200 = cite(
    "nvidia-hgx-h200",
    "NVIDIA HGX H200: 8x H200 SXM, fourth-generation NVLink 900 GB/s per GPU, 400 Gb/s networking per GPU",
    "NVIDIA", 2024, "https://www.nvidia.com/en-us/data-center/hgx/",
)
DGX_B200 = cite(
    "nvidia-dgx-b200",
    "NVIDIA DGX B200: 8x B200, fifth-generation NVLink 1.8 TB/s per GPU, 8x ConnectX-7 400 Gb/s",
    "NVIDIA", 2024, "https://www.nvidia.com/en-us/data-center/dgx-b200/",
)
GB200_NVL72 = cite(
    "nvidia-gb200-nvl72",
    "NVIDIA GB200 NVL72: 72 Blackwell GPUs in one NVLink domain, 130 TB/s NVLink bandwidth",
    "NVIDIA", 2024, "https://www.nvidia.com/en-us/data-center/gb200-nvl72/",
)
GB200_RA = cite(
    "nvidia-dgx-superpod-gb200-ra",
    "NVIDIA DGX SuperPOD reference architecture with DGX GB200: "
    "four ConnectX-7 400 Gb/s per compute tray (one per GPU)",
    "NVIDIA", 2025,
    "https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-gb200/latest/index.html",
)
UALINK = cite(
    "ualink-1.0",
    "UALink 200G 1.0 Specification: 200 GT/s lanes (212.5 GT/s signalling), x1/x2/x4 links, "
    "up to 1,024 accelerators per pod",
    "UALink Consortium", 2025, "https://ualinkconsortium.org/specifications/",
)
UALINK_QA = cite(
    "ualink-webinar-qa",
    "A Deeper Dive: Responding to the UALink 200G 1.0 Specification Webinar Q&A (switch port-to-port latency targets)",
    "UALink Consortium", 2025,
    "https://ualinkconsortium.org/blog/a-deeper-dive-responding-to-the-ualink-200g-1-0-specification-webinar-qa-session-822",
)
IBTA = cite(
    "ibta-roadmap",
    "InfiniBand Roadmap: HDR 200 Gb/s, NDR 400 Gb/s, XDR 800 Gb/s per 4x port",
    "InfiniBand Trade Association", 2023, "https://www.infinibandta.org/infiniband-roadmap/",
)
IEEE_8023 = cite(
    "ieee-802.3",
    "IEEE 802.3 Ethernet: 200GBASE/400GBASE (802.3bs, 802.3ck) and 800 Gb/s (802.3df)",
    "IEEE", 2024, "https://www.ieee802.org/3/",
)
PCIE = cite(
    "pci-sig-specs",
    "PCI Express Base Specification 4.0 (16 GT/s), 5.0 (32 GT/s), 6.0 (64 GT/s PAM4, FLIT mode)",
    "PCI-SIG", 2022, "https://pcisig.com/specifications",
)
QUANTUM2 = cite(
    "nvidia-quantum2",
    "NVIDIA Quantum-2 InfiniBand switch (QM9700): 64 ports of NDR 400 Gb/s, SHARPv3",
    "NVIDIA", 2022, "https://www.nvidia.com/en-us/networking/quantum2/",
)
SPECTRUM4 = cite(
    "nvidia-spectrum-x",
    "NVIDIA Spectrum-X / Spectrum-4 Ethernet switch: 51.2 Tb/s, 64 ports of 800 GbE",
    "NVIDIA", 2023, "https://www.nvidia.com/en-us/networking/spectrumx/",
)
NCCL_TOPO = cite(
    "nccl-2.30.7-topo",
    "NCCL 2.30.7 src/graph/topo.h: NVLink bandwidth per link in NCCL's model (SM80 20, SM90 20.6, SM100 40.1 GB/s)",
    "NVIDIA, github.com/NVIDIA/nccl", 2026,
    "https://github.com/NVIDIA/nccl/blob/5067397c2676d5aed50042fc39e5c8ee96eb0027/src/graph/topo.h",
)
NCCL_290 = cite(
    "nccl-tests-issue-290",
    "nccl-tests issue 290: 'For NDR @ 400Gbps you should see 46-48GB/s per NIC' (maintainer answer)",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2025, "https://github.com/NVIDIA/nccl-tests/issues/290",
)
NCCL_267 = cite(
    "nccl-tests-267",
    "nccl-tests#267: six H100 nodes with 8x 400G ConnectX-7 over RoCE; 'CX-7 NICs at NDR rate (400Gbps) should "
    "achieve up to 48-49GB/s per NIC'; 'Alltoall cannot aggregate the bandwidth of multiple NICs' (maintainers)",
    "NVIDIA, github.com/NVIDIA/nccl-tests", 2025, "https://github.com/NVIDIA/nccl-tests/issues/267",
)
NCCL_235 = cite(
    "nccl-235",
    "nccl#235: NCCL on AWS EFA: 'He gets 80Gb/s (10GB/s) on 2 nodes [of a 100 Gb/s EFA]' (maintainer)",
    "NVIDIA, github.com/NVIDIA/nccl", 2019, "https://github.com/NVIDIA/nccl/issues/235",
)
AWS_EFA = cite(
    "aws-efa",
    "Amazon EC2 Elastic Fabric Adapter: Scalable Reliable Datagram (SRD) transport, OS-bypass for NCCL",
    "Amazon Web Services", 2025, "https://aws.amazon.com/hpc/efa/",
)
GCP_TCPXO = cite(
    "gcp-gpudirect-tcpxo",
    "GPUDirect-TCPXO on A3 Mega: eight 200 Gb/s data NICs per 8-GPU VM, GPU RDMA over TCP",
    "Google Cloud", 2025,
    "https://cloud.google.com/kubernetes-engine/docs/how-to/gpu-bandwidth-gpudirect-tcpx-autopilot",
)


@dataclass(frozen=True)
class ScaleUpLink:
    """One NVLink generation: links per GPU and bandwidth per link, per direction."""

    key: str
    name: str
    links_per_gpu: int
    link_GBps_per_dir: float
    source: Source

    @property
    def gpu_GBps_per_dir(self) -> float:
        return self.links_per_gpu * self.link_GBps_per_dir

    @property
    def gpu_GBps_bidir(self) -> float:
        return 2 * self.gpu_GBps_per_dir

    @property
    def link_GBps_bidir(self) -> float:
        return 2 * self.link_GBps_per_dir


@dataclass(frozen=True)
class NVSwitch:
    """An NVSwitch generation: how many GPUs one NVLink domain holds, and in-network reduction.

    ``nvls_efficiency`` is NCCL's own per-generation factor for NVLink SHARP
    bandwidth (``nvlsEfficiency`` in NCCL 2.30.7's src/graph/tuning.cc): 0.85
    for Hopper's NVSwitch, 0.74 for Blackwell's NVLink Switch, whose links
    doubled without the switch's reduction keeping pace; 0 where there is none.
    """

    key: str
    name: str
    max_domain_gpus: int
    nvls: bool
    source: Source
    nvls_efficiency: float = 0.0


@dataclass(frozen=True)
class UALink:
    """UALink 1.0: lane rate, link widths, pod size, stated latencies."""

    lane_Gbps_per_dir: float
    signalling_GTps: float
    widths: tuple[int, ...]
    max_accelerators: int
    round_trip_latency_us_max: float
    switch_latency_ns_25T: float
    source: Source

    def link_GBps_per_dir(self, width: int) -> float:
        return width * self.lane_Gbps_per_dir / 8


@dataclass(frozen=True)
class NetworkLink:
    """A scale-out port: line rate per direction in Gb/s."""

    key: str
    name: str
    family: str
    rate_Gbps_per_dir: float
    source: Source

    @property
    def GBps_per_dir(self) -> float:
        return self.rate_Gbps_per_dir / 8


@dataclass(frozen=True)
class SwitchLatency:
    """Port-to-port latency of a switch class, as its vendor states it."""

    key: str
    name: str
    latency_ns: float
    source: Source


@dataclass(frozen=True)
class HostLink:
    """PCIe x16 between GPU, CPU and NIC: usable bandwidth per direction after encoding."""

    key: str
    name: str
    GTps_per_lane: float
    GBps_per_dir_x16: float
    source: Source


@dataclass(frozen=True)
class System:
    """A server or rack preset: one scale-up domain and the NICs of each GPU."""

    key: str
    name: str
    gpus_per_domain: int
    scale_up: ScaleUpLink
    switch: NVSwitch
    nics_per_gpu: float
    nic: NetworkLink
    peak_dense_bf16_TFLOPs: float
    sources: tuple[Source, ...]

    @property
    def scaleout_GBps(self) -> float:
        return nics_per_gpu_GBps(self.nics_per_gpu, self.nic)


def nics_per_gpu_GBps(nics_per_gpu: float, nic: NetworkLink) -> float:
    return nics_per_gpu * nic.GBps_per_dir


def nic_GBps_per_dir(rate_Gbps: float) -> float:
    """A NIC's line rate in Gb/s as GB/s per direction: 400 Gb/s -> 50 GB/s."""
    return rate_Gbps / 8


@dataclass(frozen=True)
class Network:
    """A scale-out transport: what its vendor or NCCL's maintainers say a NIC achieves, and its switch latency.

    ``published_fraction`` is the achievable share of the line rate as published
    (maintainer answers and vendor pages, cited); the collectives model's own
    fitted figure is in :mod:`calc.collectives.fitted` and shown next to it on
    the accuracy page.
    """

    key: str
    name: str
    published_fraction: float
    switch_latency_ns: float
    source: Source


NETWORKS: dict[str, Network] = {
    "infiniband": Network("infiniband", "InfiniBand (ConnectX-7/8, Quantum-2/X800)", 47.0 / 50.0, 130.0, NCCL_290),
    "roce": Network("roce", "RoCE (Spectrum-X / Broadcom class, ConnectX-7)", 48.5 / 50.0, 500.0, NCCL_267),
    "efa": Network("efa", "AWS EFA (SRD)", 0.80, 0.0, NCCL_235),
    "tcpxo": Network("tcpxo", "GCP GPUDirect-TCPXO (A3 Mega)", 0.0, 0.0, GCP_TCPXO),
}

# GPU generation of each system's GPUs and NCCL's NVLink bandwidth per link (NCCL_TOPO).
ARCH: dict[str, tuple[str, float]] = {
    "nvlink3": ("ampere", 20.0), "nvlink4": ("hopper", 20.6), "nvlink5": ("blackwell", 40.1),
}

SCALE_UP: dict[str, ScaleUpLink] = {
    "nvlink3": ScaleUpLink("nvlink3", "NVLink 3 (A100)", 12, 25.0, A100_WP),
    "nvlink4": ScaleUpLink("nvlink4", "NVLink 4 (H100, H200)", 18, 25.0, H100_WP),
    "nvlink5": ScaleUpLink("nvlink5", "NVLink 5 (B200, GB200)", 18, 50.0, NVLINK_PAGE),
}

NVSWITCHES: dict[str, NVSwitch] = {
    "nvswitch2": NVSwitch("nvswitch2", "NVSwitch 2nd gen (DGX A100)", 8, False, DGX_A100),
    "nvswitch3": NVSwitch("nvswitch3", "NVSwitch 3rd gen (DGX H100), NVLink SHARP", 8, True, H100_WP, 0.85),
    "nvswitch4_8": NVSwitch("nvswitch4_8", "NVLink Switch 5th-gen NVLink, 8-GPU board (HGX B200)", 8, True,
                            BLACKWELL_WP, 0.74),
    "nvl72": NVSwitch("nvl72", "NVLink Switch trays of GB200 NVL72", 72, True, GB200_NVL72, 0.74),
}

UALINK_1_0 = UALink(
    lane_Gbps_per_dir=200.0, signalling_GTps=212.5, widths=(1, 2, 4), max_accelerators=1024,
    round_trip_latency_us_max=1.0, switch_latency_ns_25T=150.0, source=UALINK,
)

NETWORK: dict[str, NetworkLink] = {
    "ib_hdr": NetworkLink("ib_hdr", "InfiniBand HDR", "InfiniBand", 200.0, IBTA),
    "ib_ndr": NetworkLink("ib_ndr", "InfiniBand NDR", "InfiniBand", 400.0, IBTA),
    "ib_xdr": NetworkLink("ib_xdr", "InfiniBand XDR", "InfiniBand", 800.0, IBTA),
    "eth_200": NetworkLink("eth_200", "Ethernet / RoCE 200G", "Ethernet", 200.0, IEEE_8023),
    "eth_400": NetworkLink("eth_400", "Ethernet / RoCE 400G", "Ethernet", 400.0, IEEE_8023),
    "eth_800": NetworkLink("eth_800", "Ethernet / RoCE 800G", "Ethernet", 800.0, IEEE_8023),
}

# Vendors state "sub-microsecond" cut-through; these are the orders of magnitude
# the cited pages give. The collectives model does not use them directly: its
# per-step network latency comes from NCCL's own cost model (calc.collectives.nccl).
SWITCHES: dict[str, SwitchLatency] = {
    "quantum2": SwitchLatency("quantum2", "InfiniBand NDR switch (Quantum-2)", 130.0, QUANTUM2),
    "spectrum4": SwitchLatency("spectrum4", "Ethernet 51.2T switch (Spectrum-4)", 500.0, SPECTRUM4),
    "ualink_25t": SwitchLatency("ualink_25t", "UALink 25.6T switch (target)", 150.0, UALINK_QA),
}

HOST: dict[str, HostLink] = {
    "pcie4": HostLink("pcie4", "PCIe Gen 4 x16", 16.0, 16.0 * 16 * 128 / 130 / 8, PCIE),
    "pcie5": HostLink("pcie5", "PCIe Gen 5 x16", 32.0, 32.0 * 16 * 128 / 130 / 8, PCIE),
    "pcie6": HostLink("pcie6", "PCIe Gen 6 x16", 64.0, 64.0 * 16 * 242 / 256 / 8, PCIE),
}

SYSTEMS: dict[str, System] = {
    "dgx_a100": System("dgx_a100", "DGX/HGX A100 (8 GPUs, NVLink 3, 8x HDR 200G)", 8, SCALE_UP["nvlink3"],
                       NVSWITCHES["nvswitch2"], 1.0, NETWORK["ib_hdr"], 312.0, (DGX_A100, A100_WP)),
    "dgx_h100": System("dgx_h100", "DGX/HGX H100 (8 GPUs, NVLink 4, 8x NDR 400G)", 8, SCALE_UP["nvlink4"],
                       NVSWITCHES["nvswitch3"], 1.0, NETWORK["ib_ndr"], 989.0, (DGX_H100, H100_WP)),
    "hgx_h200": System("hgx_h200", "HGX H200 (8 GPUs, NVLink 4, 8x 400G)", 8, SCALE_UP["nvlink4"],
                       NVSWITCHES["nvswitch3"], 1.0, NETWORK["ib_ndr"], 989.0, (HGX_H200,)),
    "dgx_b200": System("dgx_b200", "DGX/HGX B200 (8 GPUs, NVLink 5, 8x 400G)", 8, SCALE_UP["nvlink5"],
                       NVSWITCHES["nvswitch4_8"], 1.0, NETWORK["ib_ndr"], 2250.0, (DGX_B200, BLACKWELL_WP)),
    "gb200_nvl72": System("gb200_nvl72", "GB200 NVL72 (72 GPUs, NVLink 5, 1x 400G per GPU)", 72,
                          SCALE_UP["nvlink5"], NVSWITCHES["nvl72"], 1.0, NETWORK["ib_ndr"], 2500.0,
                          (GB200_NVL72, GB200_RA)),
}

SOURCES: tuple[Source, ...] = (
    NVLINK_PAGE, A100_WP, H100_WP, BLACKWELL_WP, DGX_A100, DGX_H100, HGX_H200, DGX_B200, GB200_NVL72,
    GB200_RA, UALINK, UALINK_QA, IBTA, IEEE_8023, PCIE, QUANTUM2, SPECTRUM4, NCCL_TOPO_SRC, NCCL_TOPO, NCCL_290, NCCL_267,
    NCCL_235, AWS_EFA, GCP_TCPXO,
)
