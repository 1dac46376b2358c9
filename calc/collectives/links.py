"""Scale-up against scale-out, link by link, in the same unit: GB/s per direction.

Reads the hardware catalogue (:mod:`calc.collectives.hardware`) and puts one GPU's NVLink
bandwidth next to its NICs', each per direction, plus the bidirectional totals
vendors quote, kept apart. The "mixed" ratio divides a bidirectional figure by
a per-direction one: it is shown only to explain where a doubled ratio comes
from, and labelled as the mistake it is.
"""

from __future__ import annotations

from calc.collectives.hardware import HOST, NETWORK, SCALE_UP, SOURCES, SYSTEMS, UALINK_1_0
from calc.outputs import Column, Outcome, Scalar, Table
from calc.params import Choice, Float, Size
from calc.registry import calculator

__all__ = ["links"]


def _catalogue_tables() -> dict[str, tuple[tuple[float | int | str | bool, ...], ...]]:
    up = tuple((s.name, s.links_per_gpu, s.link_GBps_per_dir, s.link_GBps_bidir, s.gpu_GBps_per_dir,
                s.gpu_GBps_bidir) for s in SCALE_UP.values())
    ual = tuple((f"UALink 1.0 x{w}", 1, UALINK_1_0.link_GBps_per_dir(w), 2 * UALINK_1_0.link_GBps_per_dir(w),
                 UALINK_1_0.link_GBps_per_dir(w), 2 * UALINK_1_0.link_GBps_per_dir(w))
                for w in UALINK_1_0.widths)
    out = tuple((n.name, n.rate_Gbps_per_dir, n.GBps_per_dir, 2 * n.GBps_per_dir) for n in NETWORK.values())
    host = tuple((h.name, h.GTps_per_lane, round(h.GBps_per_dir_x16, 1), round(2 * h.GBps_per_dir_x16, 1))
                 for h in HOST.values())
    systems = tuple((s.name, s.gpus_per_domain, s.scale_up.name, s.scale_up.gpu_GBps_per_dir,
                     f"{s.nics_per_gpu:g} x {s.nic.rate_Gbps_per_dir:g}G", s.scaleout_GBps,
                     "yes" if s.switch.nvls else "no") for s in SYSTEMS.values())
    return {"scale_up": up + ual, "scale_out": out, "host": host, "systems": systems}


@calculator(
    name="links",
    title="Scale-up and scale-out links in one unit",
    summary="NVLink against a NIC per GPU, per direction and both ways, with the catalogue behind it.",
    params=(
        Choice("scale_up", "Scale-up link", "nvlink5", choices=tuple(SCALE_UP),
               labels={k: v.name for k, v in SCALE_UP.items()}, help="NVLink generation of the GPU."),
        Choice("nic", "NIC", "eth_400", choices=tuple(NETWORK), labels={k: v.name for k, v in NETWORK.items()},
               help="Scale-out port speed."),
        Float("nics_per_gpu", "NICs per GPU", 1.0, minimum=0.125, maximum=16.0,
              help="1 in DGX H100/B200 and GB200 NVL72 (one 400G NIC per GPU)."),
        Size("message", "Bytes to move", 1024**3, minimum=1, maximum=1024**4, log_scale=True,
             help="A transfer from one GPU, to time on each path."),
    ),
    outputs=(
        Scalar("links_per_gpu", "NVLinks per GPU", ""),
        Scalar("link_GBps_bidir", "One NVLink, both directions", "GB/s"),
        Scalar("link_GBps_per_dir", "One NVLink, per direction", "GB/s"),
        Scalar("scaleup_GBps_per_dir", "Scale-up per GPU, per direction", "GB/s"),
        Scalar("scaleup_GBps_bidir", "Scale-up per GPU, both directions", "GB/s"),
        Scalar("scaleout_GBps_per_dir", "Scale-out per GPU, per direction", "GB/s"),
        Scalar("nic_Gbps", "NIC line rate", "Gb/s"),
        Scalar("ratio_per_dir", "Scale-up / scale-out, per direction", "×", "The like-for-like ratio."),
        Scalar("mixed_ratio", "Bidirectional / per-direction (a units error)", "×",
               "What you get by dividing a both-ways figure by a one-way one: twice the real ratio."),
        Scalar("time_scaleup_us", "Time over NVLink", "µs", "Bytes / per-direction bandwidth."),
        Scalar("time_scaleout_us", "Time over the NICs", "µs"),
        Table("scale_up", "Scale-up links", (Column("link", "Link"), Column("links", "Links per GPU"),
              Column("link_dir", "Per link, per direction", "GB/s"), Column("link_bidir", "Per link, both", "GB/s"),
              Column("gpu_dir", "Per GPU, per direction", "GB/s"), Column("gpu_bidir", "Per GPU, both", "GB/s"))),
        Table("scale_out", "Scale-out ports", (Column("port", "Port"), Column("gbps", "Line rate", "Gb/s"),
              Column("dir", "Per direction", "GB/s"), Column("bidir", "Both directions", "GB/s"))),
        Table("host", "PCIe x16 host path", (Column("gen", "Generation", names=True), Column("gt", "Per lane", "GT/s"),
              Column("dir", "Per direction", "GB/s"), Column("bidir", "Both directions", "GB/s"))),
        Table("systems", "System presets", (Column("system", "System"), Column("domain", "GPUs per domain"),
              Column("nvlink", "NVLink"), Column("up", "Scale-up per GPU, per direction", "GB/s"),
              Column("nics", "NICs per GPU"), Column("out", "Scale-out per GPU, per direction", "GB/s"),
              Column("nvls", "In-switch reduction"))),
    ),
    sources=SOURCES,
)
def links(*, scale_up: str, nic: str, nics_per_gpu: float, message: int) -> Outcome:
    up, port = SCALE_UP[scale_up], NETWORK[nic]
    out_GBps = nics_per_gpu * port.GBps_per_dir
    return Outcome(
        values={
            "links_per_gpu": up.links_per_gpu, "link_GBps_bidir": up.link_GBps_bidir,
            "link_GBps_per_dir": up.link_GBps_per_dir, "scaleup_GBps_per_dir": up.gpu_GBps_per_dir,
            "scaleup_GBps_bidir": up.gpu_GBps_bidir, "scaleout_GBps_per_dir": out_GBps,
            "nic_Gbps": port.rate_Gbps_per_dir, "ratio_per_dir": up.gpu_GBps_per_dir / out_GBps,
            "mixed_ratio": up.gpu_GBps_bidir / out_GBps,
            "time_scaleup_us": message / (up.gpu_GBps_per_dir * 1e3),
            "time_scaleout_us": message / (out_GBps * 1e3),
        },
        tables=_catalogue_tables(),
    )
