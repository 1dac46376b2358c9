"""Optics of a fabric: what each cable needs (modules, copper or co-packaged engines), their power,
and how many links and switches fail in a month.

Switch-side optics come in three kinds, each a preset of the power per switch transceiver:

* ``pluggable``: a module with a DSP in every switch cage. 17 W for NVIDIA's twin-port 800G
  single-mode OSFP, which carries two 400G links (NVIDIA datasheet).
* ``lpo``: linear pluggable optics, the same module without the DSP, the switch's SerDes
  driving the optics. 8 W per 800G module: the top of the 5-8 W that Adtran gives for
  first-generation 800G LPO modules, against "well over 10 W" with a DSP (Gazettabyte, 2026).
* ``cpo``: co-packaged optics, optical engines in the switch package and no module in the cage.
  5.5 W per 800G, Broadcom's figure for its 51.2T Bailly switch against 14-16 W for the
  pluggables of the day (Laser Focus World, 2023). The power then counts per 800G of engines,
  that is per transceiver the engines replace, and the module count leaves the switch side out.

NICs keep a pluggable module (9 W for NVIDIA's 400G single-port OSFP) unless the server's
links are copper DAC. The model assumes every module of a kind draws its stated power.

Failures: a share of links and of switches fails each month. The defaults are Alibaba's
production figures for its LLM-training clusters: 0.057 % of NIC-ToR links and about 0.051 % of
ToR switches a month (HPN, SIGCOMM 2024, section 2.3). The model applies the link rate to every
cable, switch-switch ones included, and the switch rate to every switch; both are inputs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calc.sources import cite

__all__ = ["TWIN_PORT", "NIC_OPTIC", "LPO_POWER", "CPO_POWER", "DAC_100G", "DAC_SPLITTER", "COPPER_200G", "AOC",
           "LPO_MSA", "NVIDIA_CPO", "NVIDIA_CPO_PORT", "KINDS", "PRESET_W", "Optics", "expected_failures"]

TWIN_PORT = cite(
    "nvidia-twin-port-osfp",
    "NVIDIA MMS4X00-NS 800Gb/s twin-port OSFP 2x400Gb/s single mode DR8: 17 W in every configuration "
    "(multimode MMA4Z00-NS: 15 W)",
    "NVIDIA", 2023, "https://docs.nvidia.com/networking/display/800gmms4x00nst/overview",
)
NIC_OPTIC = cite(
    "nvidia-400g-osfp",
    "NVIDIA MMS4X00-NS400 400Gb/s single-port OSFP DR4 for ConnectX-7: 9 W maximum at 400G",
    "NVIDIA", 2023, "https://docs.nvidia.com/networking/display/mms4x00ns400/overview",
)
LPO_POWER = cite(
    "gazettabyte-adtran-lpo",
    "Adtran breaks the 1W barrier with 800G linear pluggable optics (first-generation 800G LPO modules "
    "consume 5-8 W, against well over 10 W for DSP-based 800G pluggables)",
    "Gazettabyte", 2026, "https://gazettabyte.com/adtran-breaks-the-1w-barrier-with-800g-linear-pluggable-optics/",
    authors="R. Rubenstein",
    note="Figures given by S. Aramideh, Adtran; Adtran's own LiteWave800 DR8 LPO targets under 1 W.",
)
CPO_POWER = cite(
    "laserfocus-broadcom-bailly",
    "Broadcom intros Bailly, a co-packaged optics networking switch (51.2T CPO switch at 5.5 W per 800G; "
    "pluggable modules require 14-16 W per 800G)",
    "Laser Focus World", 2023,
    "https://laserfocusworld.com/optics/article/14290374/broadcom-intros-bailly-a-co-packaged-optics-networking-switch",
    note="Interview with R. Pancholy, Broadcom.",
)

DAC_100G = cite(
    "nvidia-mcp4y10-dac",
    "NVIDIA MCP4Y10-Nxxx twin-port 2x400Gb/s OSFP passive DAC: 8 lanes of 100G-PAM4, 0.5, 1, 1.5 and 2 m",
    "NVIDIA", 2025, "https://docs.nvidia.com/networking/display/mcp4y10nxxx2x400pub",
)
DAC_SPLITTER = cite(
    "nvidia-mcp7y00-dac",
    "NVIDIA MCP7Y00-Nxxx 800Gb/s twin-port OSFP to 2x400G OSFP passive DAC splitter: 1 to 3 m",
    "NVIDIA", 2025, "https://docs.nvidia.com/networking/display/mcp7y00nxxx800pub/ordering+information",
)
COPPER_200G = cite(
    "gazettabyte-ofc2025-reflections",
    "OFC 2025 industry reflections, final part (Arista's V. Vusirikala and A. Bechtolsheim: copper reach at "
    "200 Gb/s per lane is about 1-2 m passive and 3-4 m active redriven)",
    "Gazettabyte", 2025, "https://gazettabyte.com/tag/jrg-peter-elbers/",
    note="Published 15 May 2025; the URL is the site's index of the article.",
)
AOC = cite(
    "nvidia-mfs1s50-aoc",
    "NVIDIA MFS1S50-V0xxE 200GbE QSFP56 to 2x100GbE active optical cable: 3, 5, 10, 15, 20 and 30 m",
    "NVIDIA", 2023, "https://docs.nvidia.com/networking/display/mfs1s50v0xxespec/ordering+information",
)
LPO_MSA = cite(
    "lpo-msa-faq",
    "LPO MSA frequently asked questions (linear pluggable optics: no DSP or retimer in the module, lower power, "
    "cost and latency; LPO-to-LPO, LPO-to-retimed and linear-receive links)",
    "LPO MSA", 2024, "https://www.lpo-msa.org/home/faqs.html",
)
NVIDIA_CPO = cite(
    "nvidia-photonics-gtc2025",
    "NVIDIA debuts Spectrum-X and Quantum-X Photonics switches (co-packaged optics: 3.5x power efficiency and "
    "10x resiliency against pluggable transceivers, NVIDIA's figures)",
    "Converge Digest", 2025, "https://convergedigest.com/nvidia-debuts-spectrum-x-and-quantum-x-photonics-switches/",
    note="Announced at GTC, 18 March 2025.",
)
NVIDIA_CPO_PORT = cite(
    "notebookcheck-nvidia-photonics",
    "Nvidia unveils photonics switches to scale AI networks with millions of GPUs (NVIDIA: about 30 W per "
    "pluggable port at 200 Gb/s lanes, about 9 W with co-packaged optics)",
    "Notebookcheck", 2025,
    "https://www.notebookcheck.net/Nvidia-unveils-photonics-switches-to-scale-AI-networks-with-millions-of-GPUs.1096181.0.html",
)

KINDS = ("pluggable", "lpo", "cpo")
PRESET_W: dict[str, float] = {"pluggable": 17.0, "lpo": 8.0, "cpo": 5.5}


@dataclass(frozen=True)
class Optics:
    """What the cables of a tier need: transceivers (count, power) or copper DACs."""

    dac_to_leaf: bool
    links_per_optic: int
    switch_W: float
    nic_W: float
    kind: str = "pluggable"

    def server(self, links: int) -> tuple[int, int, float]:
        """(transceivers, DAC cables, watts) of ``links`` server–leaf cables."""
        if self.dac_to_leaf:
            return 0, links, 0.0
        at_switch = math.ceil(links / self.links_per_optic)
        return links + self._modules(at_switch), 0, links * self.nic_W + at_switch * self.switch_W

    def switch(self, links: int) -> tuple[int, int, float]:
        """(transceivers, DAC cables, watts) of ``links`` switch–switch cables: a switch at each end."""
        ends = math.ceil(2 * links / self.links_per_optic)
        return self._modules(ends), 0, ends * self.switch_W

    def _modules(self, switch_ends: int) -> int:
        """Pluggable modules at the switch: none with co-packaged optics."""
        return 0 if self.kind == "cpo" else switch_ends


def expected_failures(count: int, pct_per_month: float) -> float:
    """Expected failures a month of ``count`` parts that each fail with ``pct_per_month`` % a month."""
    return count * pct_per_month / 100
