"""Published scale-up domains, 2022-2026: size, bandwidth per accelerator and what a domain moves.

Each row is a shipping or announced rack or board whose vendor publishes the
domain size and the scale-up bandwidth per accelerator. ``aggregate`` is
accelerators × bandwidth per accelerator in both directions, which is how
vendors quote a rack ("130 TB/s" for GB200 NVL72, "260 TB/s" for Vera Rubin
NVL72); the tests check the product against those quotes. The AllReduce time
is the bandwidth term of a ring (2(n-1)/n · S / B per direction), the floor
below which no algorithm without in-switch reduction goes. Scale-up fabrics
whose per-accelerator bandwidth depends on the implementation (UALink 1.0,
Broadcom's SUE on Tomahawk Ultra, TPU ICI) are described on the page, not
tabulated.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.collectives.hardware import DGX_B200, DGX_H100, GB200_NVL72
from calc.outputs import Column, Outcome, Scalar, Table
from calc.params import Size
from calc.registry import calculator
from calc.sources import Source, cite

__all__ = ["Domain", "DOMAINS", "RUBIN", "RUBIN_GTC2026", "RUBIN_NVL144", "HELIOS", "HELIOS_UALOE", "UALINK_SPEC", "TOMAHAWK_ULTRA", "ESUN", "TPU_V4",
           "NVLINK_FUSION", "NVSHMEM", "aggregate_TBps", "scaleup_roadmap"]

RUBIN = cite(
    "nvidia-rubin-platform",
    "Inside the NVIDIA Rubin Platform: Six New Chips, One AI Supercomputer (Vera Rubin NVL72: 72 Rubin GPUs, "
    "sixth-generation NVLink, 3.6 TB/s per GPU, 260 TB/s per rack)",
    "NVIDIA Technical Blog", 2026,
    "https://developer.nvidia.com/blog/inside-the-nvidia-rubin-platform-six-new-chips-one-ai-supercomputer/",
    note="Published for CES, January 2026. The same figures (3.6 TB/s per GPU, 260 TB/s per NVL72 rack) are "
         "tabulated from NVIDIA's GTC 2026 release by FirstPassLab (see nvidia-gtc2026-firstpasslab).",
)
RUBIN_GTC2026 = cite(
    "nvidia-gtc2026-firstpasslab",
    "NVIDIA GTC 2026: Vera Rubin networking, an engineer's guide (NVLink 6: 3.6 TB/s per GPU; NVL72 rack: "
    "260 TB/s)",
    "FirstPassLab", 2026,
    "https://firstpasslab.com/blog/2026-03-16-nvidia-gtc-2026-vera-rubin-networking-engineer-guide",
    note="Secondary: a table of NVIDIA's figures from its GTC 2026 press release, 16 March 2026.",
)
RUBIN_NVL144 = cite(
    "kitguru-gtc2025-roadmap",
    "Nvidia unveils new data centre GPU roadmap at GTC 2025 (Vera Rubin NVL144 in H2 2026, built from Rubin "
    "chips of two GPUs each; Rubin Ultra NVL576 in H2 2027)",
    "KitGuru", 2025,
    "https://kitguru.net/components/graphic-cards/joao-silva/nvidia-unveils-new-data-centre-gpu-roadmap-at-gtc-2025",
)
HELIOS = cite(
    "register-amd-helios-2025",
    "AMD preps rack-scale Helios systems to contend with Nvidia's Vera Rubin NVL144 (72 MI400-series GPUs, "
    "260 TB/s of UALink bandwidth, 3.6 TB/s per accelerator; Pensando Vulcano NICs, 300 GB/s of scale-out "
    "bandwidth per GPU)",
    "The Register", 2025, "https://www.theregister.com/2025/06/12/amd_helios_dc/",
    note="AMD's figures from its Advancing AI event, 12 June 2025.",
)
HELIOS_UALOE = cite(
    "amd-helios-ualoe-2026",
    "AMD Helios MI455X faces performance challenges with Ethernet connectivity (Computex 2026: first systems "
    "carry UALink over Ethernet, 260 TB/s scale-up and 43 TB/s scale-out per 72-GPU rack; native UALink "
    "switches later)",
    "Singulism", 2026, "https://singulism.com/en/2026-06-04-amd-helios-mi455x-ualink-ethernet",
    note="Secondary: summarizes Tom's Hardware's Computex report of 4 June 2026.",
)
UALINK_SPEC = cite(
    "ualink-1.0-release",
    "UALink Consortium releases the UALink 200G 1.0 Specification (200G per lane, up to 1,024 accelerators, "
    "load/store and atomics, 93 % effective peak bandwidth)",
    "Tom's Hardware", 2025,
    "https://www.tomshardware.com/tech-industry/ualink-has-nvidias-nvlink-in-the-crosshairs-final-specs-support-up-to-1-024-gpus-with-200-gt-s-bandwidth",
)
TOMAHAWK_ULTRA = cite(
    "broadcom-tomahawk-ultra",
    "Broadcom Tomahawk Ultra: 51.2 Tb/s, 250 ns switch latency, 64-byte packets at line rate, link-layer retry "
    "and credit-based flow control, in-network collectives; Scale-Up Ethernet (SUE) framework contributed to OCP",
    "ServeTheHome (Hot Chips 2025)", 2025, "https://www.servethehome.com/broadcom-tomahawk-ultra-at-hot-chips-2025",
)
ESUN = cite(
    "ocp-esun-2025",
    "OCP launches Ethernet for Scale-Up Networking (ESUN) workstream: L2/L3 framing, lossless transfer and error "
    "handling for single- and multi-hop scale-up; complements SUE-Transport",
    "Converge Digest", 2025, "https://dev.convergedigest.com/ocp-launches-esun-for-ethernet-for-scale-up",
)
TPU_V4 = cite(
    "jouppi2023tpuv4",
    "TPU v4: An Optically Reconfigurable Supercomputer for Machine Learning with Hardware Support for Embeddings",
    "ISCA 2023", 2023, "https://doi.org/10.1145/3579371.3589350", authors="N. P. Jouppi, G. Kurian, S. Li et al.",
    note="4,096 chips in a 3D torus joined by optical circuit switches; OCSes under 5 % of system cost and 3 % of power.",
)
NVLINK_FUSION = cite(
    "nvidia-nvlink-fusion",
    "NVIDIA NVLink Fusion: NVLink and NVLink-C2C for semi-custom CPUs and accelerators (Computex 2025)",
    "NVIDIA", 2025, "https://www.nvidia.com/en-us/data-center/nvlink-fusion/",
)

NVSHMEM = cite(
    "nvidia-nvshmem",
    "NVSHMEM: a partitioned global address space over NVLink and RDMA; GPU threads put, get and signal "
    "from inside kernels",
    "NVIDIA", 2025, "https://docs.nvidia.com/nvshmem/api/introduction.html",
)


@dataclass(frozen=True)
class Domain:
    """One published scale-up domain."""

    system: str
    link: str
    year: int
    accelerators: int
    GBps_per_dir: float  # per accelerator, one direction
    source: Source


DOMAINS: tuple[Domain, ...] = (
    Domain("DGX/HGX H100", "NVLink 4 + NVSwitch", 2022, 8, 450.0, DGX_H100),
    Domain("DGX/HGX B200", "NVLink 5 + NVSwitch", 2024, 8, 900.0, DGX_B200),
    Domain("GB200 NVL72", "NVLink 5 + NVLink Switch", 2024, 72, 900.0, GB200_NVL72),
    Domain("Vera Rubin NVL72", "NVLink 6 + NVLink Switch", 2026, 72, 1800.0, RUBIN),
    Domain("AMD Helios (MI455X)", "UALink (over Ethernet at first)", 2026, 72, 1800.0, HELIOS),
)


def aggregate_TBps(d: Domain) -> float:
    """Accelerators × bandwidth per accelerator, both directions, as vendors quote a rack."""
    return d.accelerators * 2 * d.GBps_per_dir / 1000


def _allreduce_ms(d: Domain, message: int) -> float:
    n = d.accelerators
    return 2 * (n - 1) / n * message / (d.GBps_per_dir * 1e6)


@calculator(
    name="scaleup_roadmap",
    title="Scale-up domains, 2022-2026",
    summary="Published scale-up domains: accelerators per domain, bandwidth per accelerator, rack aggregate and "
            "the bandwidth floor of one AllReduce.",
    params=(
        Size("message", "AllReduce buffer", 1024**3, minimum=1024, maximum=1024**4, log_scale=True,
             help="Bytes each accelerator contributes to one AllReduce inside the domain."),
    ),
    outputs=(
        Scalar("nvl72_aggregate_TBps", "GB200 NVL72 aggregate", "TB/s", "72 × 1.8 TB/s."),
        Scalar("rubin_aggregate_TBps", "Vera Rubin NVL72 aggregate", "TB/s", "72 × 3.6 TB/s."),
        Scalar("rubin_speedup", "Vera Rubin over GB200 AllReduce speed-up", "×"),
        Table("domains", "Published scale-up domains", (
            Column("system", "System", names=True), Column("link", "Scale-up link", names=True), Column("year", "Year"),
            Column("accelerators", "Accelerators"), Column("per_dir", "Per accelerator, each way", "GB/s"),
            Column("aggregate", "Domain, both ways", "TB/s"), Column("allreduce", "AllReduce floor", "ms"))),
    ),
    sources=(DGX_H100, DGX_B200, GB200_NVL72, RUBIN, RUBIN_GTC2026, RUBIN_NVL144, HELIOS, HELIOS_UALOE, UALINK_SPEC, TOMAHAWK_ULTRA, ESUN, TPU_V4,
             NVLINK_FUSION, NVSHMEM),
)
def scaleup_roadmap(*, message: int) -> Outcome:
    by_name = {d.system: d for d in DOMAINS}
    nvl72, rubin = by_name["GB200 NVL72"], by_name["Vera Rubin NVL72"]
    rows = tuple((d.system, d.link, str(d.year), d.accelerators, d.GBps_per_dir, round(aggregate_TBps(d), 1),
                  round(_allreduce_ms(d, message), 3)) for d in DOMAINS)
    return Outcome(
        values={"nvl72_aggregate_TBps": aggregate_TBps(nvl72), "rubin_aggregate_TBps": aggregate_TBps(rubin),
                "rubin_speedup": _allreduce_ms(nvl72, message) / _allreduce_ms(rubin, message)},
        tables={"domains": rows},
    )
