"""AllReduce with and without reduction in the switches (InfiniBand SHARP, NVLS, in-network collectives).

Ring AllReduce on n GPUs: each GPU sends 2(n-1)/n of the buffer S in 2(n-1)
steps (:func:`calc.collectives.collective.ring_time_us`). With reduction in
the network, each GPU sends S once up an aggregation tree and receives the sum
once down it (Graham et al., SHArP): time ≈ 2α + S/B, where α is one network
traversal. Assumes the switches aggregate at line rate and the tree has
enough aggregation resources for the whole buffer; the host's own reduction
(for a multi-GPU server) is left out. The comparison is with the textbook ring; NCCL
switches to trees at scale, which removes most of the ring's latency term, so against
NCCL's best the gain for small buffers is smaller and for large ones about the same.
"""

from __future__ import annotations

from calc.collectives.collective import ring_time_us
from calc.collectives.hardware import QUANTUM2
from calc.fabric.placement import SHARP
from calc.outputs import Chart, Outcome, Scalar, Trace
from calc.params import Float, Int, Size
from calc.registry import calculator

__all__ = ["innetwork_time_us", "innetwork"]


def innetwork_time_us(message_bytes: int, bandwidth_GBps: float, latency_us: float) -> float:
    """Up the aggregation tree and back: two traversals and the buffer once at the NIC's rate."""
    return 2 * latency_us + message_bytes / (bandwidth_GBps * 1e3)


@calculator(
    name="innetwork",
    title="AllReduce with reduction in the switches",
    summary="Ring AllReduce against in-network reduction (SHARP): bytes each NIC sends and the time, "
            "from the GPU count, buffer, NIC speed and per-step latency.",
    params=(
        Int("gpus", "GPUs", 1024, minimum=2, maximum=131072, help="GPUs in the AllReduce, one NIC each."),
        Size("message", "Buffer", 256 * 1024**2, minimum=1, maximum=64 * 1024**3, log_scale=True,
             help="Bytes each GPU contributes."),
        Float("nic_Gbps", "NIC speed", 400.0, unit="Gb/s", minimum=1.0, maximum=3200.0, help="Per direction."),
        Float("latency_us", "Latency per network step", 2.7, unit="µs", minimum=0.0, maximum=1000.0,
              help="α of one traversal of the network (NCCL's model charges 2.7 µs per network step)."),
    ),
    outputs=(
        Scalar("ring_bytes_per_gpu", "Ring: bytes each NIC sends", "B"),
        Scalar("innetwork_bytes_per_gpu", "In-network: bytes each NIC sends", "B"),
        Scalar("ring_us", "Ring AllReduce", "µs"),
        Scalar("innetwork_us", "In-network AllReduce", "µs"),
        Scalar("speedup", "In-network speed-up", "×"),
        Chart("speedup_vs_size", "Speed-up against buffer size", "Buffer", "Speed-up", "B", "×", log_x=True,
              description="Small buffers gain from fewer steps, large ones from sending half the bytes."),
    ),
    sources=(SHARP, QUANTUM2),
)
def innetwork(*, gpus: int, message: int, nic_Gbps: float, latency_us: float) -> Outcome:
    bw = nic_Gbps / 8
    ring = ring_time_us("allreduce", gpus, message, bw, latency_us)
    tree = innetwork_time_us(message, bw, latency_us)
    sizes = tuple(float(4 ** k) for k in range(5, 18))
    return Outcome(
        values={"ring_bytes_per_gpu": round(2 * (gpus - 1) / gpus * message), "innetwork_bytes_per_gpu": message,
                "ring_us": ring, "innetwork_us": tree, "speedup": ring / tree},
        charts={"speedup_vs_size": (Trace("ring / in-network", sizes, tuple(
            ring_time_us("allreduce", gpus, int(x), bw, latency_us) / innetwork_time_us(int(x), bw, latency_us)
            for x in sizes)),)},
    )
