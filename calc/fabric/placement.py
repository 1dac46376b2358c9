"""Where the sources of the placement, InfiniBand-or-RoCE and case-study pages live.

These pages compute with the ``fabric``, ``oversubscription``, ``goodput`` and
``retransmit`` calculators; the documents below are what their prose relies
on. Registering them here puts them on the References page.
"""

from __future__ import annotations

from calc.ecmp.lab import NCCL_ENV
from calc.sources import cite

__all__ = ["SLURM_TOPOLOGY", "SLURM_TOPOLOGY_YAML", "NCCL_ENV", "KUEUE_TAS", "EVPN", "IBTA_SPEC", "SHARP",
           "META_GENAI_INFRA", "MEGASCALE", "NVIDIA_ROCE_DEFAULTS",
           "ENTERPRISE_RA_MERGED"]

SLURM_TOPOLOGY = cite(
    "slurm-topology",
    "Slurm Topology Guide: topology/tree (switch hierarchy) and topology/block (blocks of nodes, e.g. NVLink "
    "domains), job placement to minimize switch hops",
    "SchedMD", 2025, "https://slurm.schedmd.com/topology.html",
)
SLURM_TOPOLOGY_YAML = cite(
    "slurm-topology-yaml",
    "topology.yaml(5): several topologies per cluster, block and tree definitions per partition",
    "SchedMD", 2025, "https://slurm.schedmd.com/topology.yaml.html",
)
KUEUE_TAS = cite(
    "kueue-tas",
    "Kueue: Topology Aware Scheduling (pods of a job placed by node labels for block, rack and host)",
    "Kubernetes SIG Scheduling", 2025, "https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/",
)
EVPN = cite(
    "rfc8365",
    "RFC 8365: A Network Virtualization Overlay Solution Using Ethernet VPN (EVPN)",
    "IETF", 2018, "https://www.rfc-editor.org/rfc/rfc8365",
)
IBTA_SPEC = cite(
    "ibta-spec-vol1",
    "InfiniBand Architecture Specification Volume 1 (subnet manager, credit-based link-level flow control, "
    "partition keys)",
    "InfiniBand Trade Association", 2023, "https://www.infinibandta.org/ibta-specification/",
)
SHARP = cite(
    "graham2016sharp",
    "Scalable Hierarchical Aggregation Protocol (SHArP): A Hardware Architecture for Efficient Data Reduction",
    "COMHPC 2016", 2016, "https://doi.org/10.1109/COMHPC.2016.006", authors="R. L. Graham, D. Bureddy, P. Lui et al.",
)
META_GENAI_INFRA = cite(
    "meta-genai-infra-2024",
    "Building Meta's GenAI Infrastructure (two 24,576-GPU clusters, one RoCE, one InfiniBand)",
    "Engineering at Meta", 2024,
    "https://engineering.fb.com/2024/03/12/data-center-engineering/building-metas-genai-infrastructure/",
)
MEGASCALE = cite(
    "jiang2024megascale",
    "MegaScale: Scaling Large Language Model Training to More Than 10,000 GPUs",
    "USENIX NSDI 2024", 2024, "https://arxiv.org/abs/2402.15627", authors="Z. Jiang, H. Lin, Y. Zhong et al.",
    note="Tomahawk 4 (64 × 400G) in three 1:1 layers; 400G ToR ports split into 2 × 200G; eight 200G NICs per server "
         "on eight switches; 55.2 % MFU for a 175B model on 12,288 GPUs.",
)
NVIDIA_ROCE_DEFAULTS = cite(
    "cumulus-roce-defaults",
    "Cumulus Linux: RDMA over Converged Ethernet, default RoCE configuration (ECN on traffic class 3 from 150 KB "
    "to 1.5 MB, PFC on switch priority 3 in lossless mode)",
    "NVIDIA", 2025,
    "https://docs.nvidia.com/networking-ethernet-software/cumulus-linux-514/Layer-1-and-Switch-Ports/"
    "Quality-of-Service/RDMA-over-Converged-Ethernet-RoCE",
    note="Onyx 'show roce' prints the same profile: ECN absolute, Min 150, Max 1500 (KB).",
)
ENTERPRISE_RA_MERGED = cite(
    "nvidia-enterprise-ra-nvl72-network",
    "NVIDIA Enterprise Reference Architecture, GB300 NVL72 AI factory: network logical architecture (for smaller "
    "design points the compute fabric is merged with the converged fabric, to lower cost and simplify)",
    "NVIDIA", 2025,
    "https://docs.nvidia.com/enterprise-reference-architectures/nvl72-ai-factory/latest/network-logical-architecture.html",
)
