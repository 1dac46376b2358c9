"""Size of a request's KV cache and the time to move it over scale-up or scale-out.

Every transformer layer keeps a key and a value vector per KV head for every
token of context, so the cache of a batch holds::

    bytes = 2 · layers · kv_heads · head_dim · bytes_per_element · context · batch

(grouped-query attention shares each KV head among several query heads, which
is why ``kv_heads`` and not the number of attention heads appears). In
disaggregated serving (DistServe, Splitwise, Mooncake) prefill GPUs compute the
cache and decode GPUs continue from it, so the cache crosses the network once
per request. The transfer time here is bytes over one link's bandwidth per
direction: no protocol overhead, no overlap with computation (layer-by-layer
transfer hides much of it), one GPU sending to one GPU.

Defaults: Llama 3 70B (80 layers, 8 KV heads, head dimension 8192/64 = 128,
Table 3 of the Llama 3 report) in BF16, 8,192 tokens; NVLink 5 at 900 GB/s per
direction against one 400 Gb/s NIC.
"""

from __future__ import annotations

from calc.collectives.hardware import BLACKWELL_WP
from calc.outputs import Chart, Outcome, Scalar, Trace
from calc.params import Float, Int
from calc.registry import calculator
from calc.reliability.goodput import LLAMA3
from calc.sources import cite

__all__ = ["DISTSERVE", "SPLITWISE", "MOONCAKE", "kv_bytes", "kvcache"]

DISTSERVE = cite(
    "zhong2024distserve",
    "DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language Model Serving",
    "USENIX OSDI 2024", 2024, "https://www.usenix.org/conference/osdi24/presentation/zhong-yinmin",
    authors="Y. Zhong, S. Liu, J. Chen et al.",
)
SPLITWISE = cite(
    "patel2024splitwise",
    "Splitwise: Efficient Generative LLM Inference Using Phase Splitting",
    "ACM/IEEE ISCA 2024", 2024, "https://arxiv.org/abs/2311.18677", authors="P. Patel, E. Choukse, C. Zhang et al.",
)
MOONCAKE = cite(
    "qin2025mooncake",
    "Mooncake: A KVCache-centric Disaggregated Architecture for LLM Serving",
    "USENIX FAST 2025", 2025, "https://arxiv.org/abs/2407.00079", authors="R. Qin, Z. Li, W. He et al.",
)


def kv_bytes(layers: int, kv_heads: int, head_dim: int, bytes_per_element: float, tokens: int) -> float:
    """Bytes of keys and values for ``tokens`` tokens."""
    return 2.0 * layers * kv_heads * head_dim * bytes_per_element * tokens


@calculator(
    name="kvcache",
    title="KV-cache size and transfer time",
    summary="Bytes of a request's KV cache and the time to move it from a prefill GPU to a decode GPU over "
            "scale-up (NVLink) or scale-out (one NIC).",
    params=(
        Int("layers", "Layers", 80, minimum=1, maximum=1000, help="Transformer layers (Llama 3 70B: 80)."),
        Int("kv_heads", "KV heads", 8, minimum=1, maximum=1024,
            help="Key/value heads per layer (grouped-query attention: fewer than attention heads)."),
        Int("head_dim", "Head dimension", 128, minimum=1, maximum=4096, help="Elements per head."),
        Float("bytes_per_element", "Bytes per element", 2.0, unit="B", minimum=0.25, maximum=8.0,
              help="2 for BF16/FP16, 1 for FP8, 0.5 for 4-bit."),
        Int("context", "Context length", 8192, unit="tokens", minimum=1, maximum=10_000_000,
            help="Tokens of prompt (and generated text) held in the cache."),
        Int("batch", "Requests", 1, minimum=1, maximum=100_000, help="Requests whose caches move together."),
        Float("scale_up_GBps", "Scale-up bandwidth per GPU", 900.0, unit="GB/s", minimum=1.0, maximum=100_000.0,
              help="Per direction: 900 for NVLink 5, 450 for NVLink 4."),
        Float("scale_out_Gbps", "Scale-out NIC speed", 400.0, unit="Gb/s", minimum=1.0, maximum=100_000.0,
              help="One NIC, per direction."),
    ),
    outputs=(
        Scalar("bytes_per_token", "KV cache per token", "B"),
        Scalar("kv_bytes", "KV cache to move", "B"),
        Scalar("scale_up_ms", "Transfer over scale-up", "ms"),
        Scalar("scale_out_ms", "Transfer over scale-out", "ms"),
        Scalar("ratio", "Scale-out over scale-up time", "×"),
        Chart("time_vs_context", "Transfer time against context length", "Context length", "Transfer time",
              "tokens", "ms", log_x=True, log_y=True,
              description="Both lines are straight: the cache grows linearly with the context."),
    ),
    sources=(LLAMA3, BLACKWELL_WP, DISTSERVE, SPLITWISE, MOONCAKE),
)
def kvcache(*, layers: int, kv_heads: int, head_dim: int, bytes_per_element: float, context: int, batch: int,
            scale_up_GBps: float, scale_out_Gbps: float) -> Outcome:
    per_token = kv_bytes(layers, kv_heads, head_dim, bytes_per_element, 1)
    total = per_token * context * batch
    up_GBps, out_GBps = scale_up_GBps, scale_out_Gbps / 8
    xs = tuple(float(2 ** k) for k in range(8, 21))
    return Outcome(
        values={"bytes_per_token": round(per_token), "kv_bytes": round(total),
                "scale_up_ms": total / (up_GBps * 1e6), "scale_out_ms": total / (out_GBps * 1e6),
                "ratio": up_GBps / out_GBps},
        charts={"time_vs_context": (
            Trace("scale-up", xs, tuple(per_token * x * batch / (up_GBps * 1e6) for x in xs)),
            Trace("scale-out", xs, tuple(per_token * x * batch / (out_GBps * 1e6) for x in xs)))},
    )
