"""MoE dispatch and combine: the all-to-all of expert parallelism, per GPU, on scale-up and scale-out.

Each GPU holds ``tokens`` tokens of ``hidden`` elements; each token goes to its
``top_k`` of ``experts`` experts, spread evenly over ``ep`` GPUs (``ep / g``
scale-up domains of ``g = min(gpus_per_domain, ep)``). Routing is taken as
uniform (every set of k experts equally likely; real routers are skewed, which
only adds to the busiest GPU). Then, with C the binomial coefficient,

* a given other GPU receives a token with probability p_gpu = 1 - C(E - E/ep, k)/C(E, k),
* a given other domain with probability p_dom = 1 - C(E - E·g/ep, k)/C(E, k).

Traffic per GPU follows DeepEP's hierarchical kernels (DEEPEP): a token crosses
the network once per destination domain (to the GPU of the same index there,
which forwards it over NVLink), and goes over NVLink once per destination GPU
of its own domain:

* scale-out bytes = T·H·b · (D - 1) · p_dom
* scale-up bytes = T·H·b · (g - 1) · p_gpu · D (its own domain's GPUs, plus
  forwarding what arrives from the D - 1 other domains)

Dispatch moves ``bytes_per_element`` (FP8: 1), combine sends the expert outputs
back at ``combine_bytes_per_element`` (BF16: 2). The time of each is the
calibrated collectives model's: NVLink and NIC rates with their fitted
efficiencies on the chosen ``network`` (:mod:`calc.collectives.fitted`), the
slower tier setting the pace, plus one message latency per peer with NCCL's
low-latency protocol constants (:mod:`calc.collectives.model`, AllToAll).

The result is compared with DeepEP's published dispatch and combine figures
(DEEPEP, DEEPEP_V1); the errors are in the table, and the expected error of a
result is the mean absolute error of that comparison.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calc.collectives.collective import system_fabric
from calc.collectives.hardware import NETWORKS, SYSTEMS
from calc.collectives.model import Fabric, p2p_latency
from calc.errors import ValidationError
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Choice, Int
from calc.registry import calculator
from calc.sources import cite

__all__ = ["Routing", "traffic", "moe_time_us", "DEEPEP_ROWS", "comparison", "moe"]

DEEPEP = cite(
    "deepep-v2",
    "DeepEP README (V2, NCCL Gin backend): dispatch/combine bottleneck bandwidth, 8K tokens, hidden 7168, "
    "top-8, FP8 dispatch, BF16 combine; SM100 EP 8 over NVLink 726/740 GB/s",
    "DeepSeek, github.com/deepseek-ai/DeepEP", 2026,
    "https://github.com/deepseek-ai/DeepEP/blob/dd758caf451848bd150e1046af3d0a73e5fff38d/README.md",
)
DEEPEP_V1 = cite(
    "deepep-v1-legacy",
    "DeepEP docs/legacy.md (V1): normal kernels on H800 + CX7 400G InfiniBand (4096 tokens, EP 16/32/64: "
    "43/58/51 GB/s RDMA) and low-latency kernels (128 tokens, EP 8-256: dispatch 77-194 µs, combine 114-369 µs)",
    "DeepSeek, github.com/deepseek-ai/DeepEP", 2025,
    "https://github.com/deepseek-ai/DeepEP/blob/dd758caf451848bd150e1046af3d0a73e5fff38d/docs/legacy.md",
)


@dataclass(frozen=True)
class Routing:
    """One micro-batch of one GPU: tokens, model width, experts, choices per token, EP degree, domain size."""

    tokens: int
    hidden: int
    experts: int
    top_k: int
    ep: int
    per_domain: int

    @property
    def domain(self) -> int:
        return min(self.per_domain, self.ep)

    @property
    def domains(self) -> int:
        return self.ep // self.domain


def _miss(experts: int, away: int, k: int) -> float:
    """Probability that none of k distinct experts out of ``experts`` falls in a set of ``away`` of them."""
    if experts - away < k:
        return 0.0
    return math.exp(math.lgamma(experts - away + 1) - math.lgamma(experts - away - k + 1)
                    - math.lgamma(experts + 1) + math.lgamma(experts - k + 1))


def traffic(r: Routing, bytes_per_element: int) -> tuple[float, float]:
    """(scale-up, scale-out) bytes one GPU sends for one dispatch (or combine) of its tokens."""
    per_gpu = r.experts // r.ep
    p_gpu = 1 - _miss(r.experts, per_gpu, r.top_k)
    p_dom = 1 - _miss(r.experts, per_gpu * r.domain, r.top_k)
    token = r.tokens * r.hidden * bytes_per_element
    return token * (r.domain - 1) * p_gpu * r.domains, token * (r.domains - 1) * p_dom


def _latency_us(fabric: Fabric) -> float:
    """All peers at once (DeepEP's kernels post every message together): the AllToAll's one-peer LL latency
    (model.p2p_latency) with the fitted latency scale, and one fitted network step (DeepEP's kernels post their
    network messages from the GPU, with no proxy serving them in turn)."""
    cal = fabric.calibration
    assert cal is not None
    step = cal.network_step_us if fabric.domains > 1 else 0.0
    return cal.latency_scale * p2p_latency("LL", fabric) + step


def moe_time_us(r: Routing, fabric: Fabric, bytes_per_element: int) -> tuple[float, float, float, str]:
    """(time µs, scale-up bytes, scale-out bytes, bound by) of one dispatch or combine."""
    up, out = traffic(r, bytes_per_element)
    t_up = up / (fabric.up.GBps * 1e3 * fabric.up.efficiency)
    t_out = out / (fabric.out.GBps * 1e3 * fabric.out.efficiency)
    latency = _latency_us(fabric)
    bandwidth = max(t_up, t_out)
    bound = "latency" if latency >= bandwidth else ("scale-up" if t_up >= t_out else "scale-out")
    return latency + bandwidth, up, out, bound


def _fabric(system: str, network: str, r: Routing) -> Fabric:
    return system_fabric(system, network, r.ep, r.domain)


# DeepEP's published figures: (label, source, system, network, per_domain, tokens, ep, dispatch bytes/elem,
# combine bytes/elem, metric, published dispatch, published combine). Metric "out_GBps": scale-out bytes per
# GPU over time (DeepEP's RDMA bottleneck bandwidth); "up_GBps": NVLink bytes over time; "us": time.
DEEPEP_ROWS: tuple[tuple[str, str, str, str, int, int, int, int, int, str, float, float], ...] = (
    ("V2 B200 EP 8, NVLink", "deepep-v2", "dgx_b200", "infiniband", 8, 8192, 8, 1, 2, "up_GBps", 726.0, 740.0),
    ("V1 H800 EP 16, normal, RDMA", "deepep-v1-legacy", "dgx_h100", "infiniband", 8, 4096, 16, 1, 2, "out_GBps",
     43.0, 43.0),
    ("V1 H800 EP 32, normal, RDMA", "deepep-v1-legacy", "dgx_h100", "infiniband", 8, 4096, 32, 1, 2, "out_GBps",
     58.0, 57.0),
    ("V1 H800 EP 64, normal, RDMA", "deepep-v1-legacy", "dgx_h100", "infiniband", 8, 4096, 64, 1, 2, "out_GBps",
     51.0, 50.0),
    ("V1 H800 EP 16, low-latency, pure RDMA", "deepep-v1-legacy", "dgx_h100", "infiniband", 1, 128, 16, 1, 2,
     "us", 118.0, 195.0),
    ("V1 H800 EP 64, low-latency, pure RDMA", "deepep-v1-legacy", "dgx_h100", "infiniband", 1, 128, 64, 1, 2,
     "us", 173.0, 314.0),
    ("V1 H800 EP 256, low-latency, pure RDMA", "deepep-v1-legacy", "dgx_h100", "infiniband", 1, 128, 256, 1, 2,
     "us", 194.0, 360.0),
)
DEEPSEEK_V3 = {"hidden": 7168, "experts": 256, "top_k": 8}


def _metric(metric: str, r: Routing, fabric: Fabric, bpe: int) -> float:
    t, up, out, _ = moe_time_us(r, fabric, bpe)
    if metric == "us":
        return t
    return (up if metric == "up_GBps" else out) / (t * 1e3)


def comparison() -> tuple[tuple[str, str, float, float, float, float, float, float], ...]:
    """Each DeepEP row: published and modelled dispatch and combine, and the errors (%)."""
    rows = []
    for label, _src, system, network, g, tokens, ep, d_bpe, c_bpe, metric, pub_d, pub_c in DEEPEP_ROWS:
        r = Routing(tokens, DEEPSEEK_V3["hidden"], DEEPSEEK_V3["experts"], DEEPSEEK_V3["top_k"], ep, g)
        fabric = _fabric(system, network, r)
        mod_d, mod_c = _metric(metric, r, fabric, d_bpe), _metric(metric, r, fabric, c_bpe)
        unit = "µs" if metric == "us" else "GB/s"
        rows.append((label, unit, pub_d, round(mod_d, 1), round(100 * (mod_d / pub_d - 1), 1), pub_c,
                     round(mod_c, 1), round(100 * (mod_c / pub_c - 1), 1)))
    return tuple(rows)


def _mean_abs_error_pct() -> float:
    errors = [abs(e) for row in comparison() for e in (row[4], row[7])]
    return sum(errors) / len(errors)


def _domain_sweep(r: Routing, system: str, network: str, bpe: int, combine_bpe: int) -> tuple[Trace, ...]:
    sizes = [g for g in (1, 2, 4, 8, 16, 32, 64, 72, 128, 256) if g <= r.ep and (r.ep % g == 0)]
    routings = [Routing(r.tokens, r.hidden, r.experts, r.top_k, r.ep, g) for g in sizes]
    fabrics = [_fabric(system, network, x) for x in routings]
    xs = tuple(float(g) for g in sizes)
    return (Trace("Dispatch", xs, tuple(moe_time_us(x, f, bpe)[0] for x, f in zip(routings, fabrics))),
            Trace("Combine", xs, tuple(moe_time_us(x, f, combine_bpe)[0] for x, f in zip(routings, fabrics))))


def _validate(r: Routing) -> None:
    if r.experts % r.ep:
        raise ValidationError("ep", f"ep must divide experts ({r.experts}): got {r.ep}", mentions=("experts",))
    if r.top_k > r.experts:
        raise ValidationError("top_k", f"top_k must be at most experts ({r.experts}): got {r.top_k}",
                              mentions=("experts",))
    if r.ep > r.domain and r.ep % r.domain:
        raise ValidationError("ep", f"ep must be a multiple of gpus_per_domain ({r.domain}) when larger: "
                                    f"got {r.ep}", mentions=("gpus_per_domain",))


@calculator(
    name="moe",
    title="MoE dispatch and combine (expert-parallel all-to-all)",
    summary="Bytes per GPU on NVLink and on the NICs, and time, of one MoE dispatch and combine; why large "
            "NVLink domains matter for expert parallelism; against DeepEP's published figures.",
    params=(
        Int("tokens", "Tokens per GPU (per micro-batch)", 4096, minimum=1, maximum=1_048_576,
            help="Tokens each GPU routes (DeepSeek-V3 training: 4096; decoding: ~128)."),
        Int("hidden", "Hidden size", 7168, minimum=1, maximum=131072, help="Elements per token (DeepSeek-V3: 7168)."),
        Int("experts", "Routed experts", 256, minimum=1, maximum=65536, help="DeepSeek-V3: 256."),
        Int("top_k", "Experts per token (top-k)", 8, minimum=1, maximum=1024, help="DeepSeek-V3: 8."),
        Int("ep", "Expert-parallel degree (EP)", 64, minimum=1, maximum=65536,
            help="GPUs the experts are spread over; must divide the experts."),
        Int("gpus_per_domain", "GPUs per scale-up domain", 8, minimum=1, maximum=1024,
            help="8 in an HGX/DGX, 72 in a GB200 NVL72; 1 = every peer over the network."),
        Choice("system", "System", "dgx_h100", choices=tuple(SYSTEMS), labels={k: s.name for k, s in SYSTEMS.items()},
               help="NVLink and NIC bandwidth per GPU from the hardware catalogue."),
        Choice("network", "Network (transport)", "infiniband", choices=tuple(NETWORKS),
               labels={k: n.name for k, n in NETWORKS.items()}, help="Scale-out transport, as fitted."),
        Int("bytes_per_element", "Dispatch bytes per element", 1, minimum=1, maximum=8, unit="B",
            help="1 for FP8 dispatch (DeepEP), 2 for BF16."),
        Int("combine_bytes_per_element", "Combine bytes per element", 2, minimum=1, maximum=8, unit="B",
            help="2 for BF16 combine (DeepEP)."),
    ),
    outputs=(
        Scalar("dispatch_us", "Dispatch", "µs", "Send every token to its experts' GPUs."),
        Scalar("combine_us", "Combine", "µs", "Send the expert outputs back."),
        Scalar("scaleup_bytes_per_gpu", "Dispatch bytes per GPU over NVLink", "B"),
        Scalar("scaleout_bytes_per_gpu", "Dispatch bytes per GPU over the NICs", "B"),
        Scalar("bound_by", "Dispatch bounded by", "", "latency, scale-up or scale-out."),
        Scalar("domains", "Scale-up domains in the EP group", ""),
        Scalar("network_share_pct", "Share of dispatch bytes on the network", "%"),
        Scalar("expected_error_pct", "Expected error", "%",
               "Mean absolute error against DeepEP's published dispatch/combine figures."),
        Table("deepep", "Against DeepEP's published figures (DeepSeek-V3 shapes: hidden 7168, 256 experts, top-8)",
              (Column("case", "Case"), Column("unit", "Compared", names=True), Column("pub_dispatch", "Published dispatch"),
               Column("model_dispatch", "Model dispatch"), Column("err_dispatch", "Error", "%"),
               Column("pub_combine", "Published combine"), Column("model_combine", "Model combine"),
               Column("err_combine", "Error", "%")),
              description="GB/s: bytes over the bottleneck link per GPU / time, DeepEP's definition; µs: time."),
        Chart("domain_sweep", "Dispatch and combine against the scale-up domain size (same EP)", "GPUs per domain",
              "Time", "", "µs",
              log_x=True, log_y=True, description="Larger domains keep more of the all-to-all on NVLink."),
    ),
    sources=(DEEPEP, DEEPEP_V1),
)
def moe(*, tokens: int, hidden: int, experts: int, top_k: int, ep: int, gpus_per_domain: int, system: str,
        network: str, bytes_per_element: int, combine_bytes_per_element: int) -> Outcome:
    r = Routing(tokens, hidden, experts, top_k, ep, gpus_per_domain)
    _validate(r)
    fabric = _fabric(system, network, r)
    dispatch, up, out, bound = moe_time_us(r, fabric, bytes_per_element)
    combine = moe_time_us(r, fabric, combine_bytes_per_element)[0]
    return Outcome(
        values={"dispatch_us": dispatch, "combine_us": combine, "scaleup_bytes_per_gpu": round(up),
                "scaleout_bytes_per_gpu": round(out), "bound_by": bound, "domains": r.domains,
                "network_share_pct": 100 * out / (up + out) if up + out else 0.0,
                "expected_error_pct": _mean_abs_error_pct()},
        tables={"deepep": comparison()},
        charts={"domain_sweep": _domain_sweep(r, system, network, bytes_per_element, combine_bytes_per_element)},
    )
