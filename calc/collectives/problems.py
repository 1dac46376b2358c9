"""Problems for the scale-out, scale-up and do-the-math pages, answered by the collectives model.

Line rates and NVLink figures come from :mod:`calc.collectives.hardware` (each cited there);
ring bytes, times and the bus-bandwidth factor from :mod:`calc.collectives.collective`
(nccl-tests' PERFORMANCE.md and the textbook α-β ring).
"""

from __future__ import annotations

from calc.collectives.collective import busbw_factor, ring_cost, ring_time_us
from calc.collectives.hardware import NETWORK, SCALE_UP, nic_GBps_per_dir
from calc.problems import Hint, Ints, Pick, Step, Worked, problem
from calc.units import format_number as num

__all__ = ["nic_bytes", "gpu_scaleout_bidir", "checkpoint_transfer", "nvlink_per_direction",
           "nvlink_vs_nics", "domain_allreduce_time", "ring_allreduce_bytes", "busbw_from_algbw",
           "ring_allreduce_time"]

BITS = Hint("A byte is 8 bits: a rate in Gb/s is 8 times the same rate in GB/s.", factors=(8, 1 / 8))
BOTH_WAYS = Hint("Per direction or both ways? A full-duplex link carries its rate in each direction "
                 "at once; counting both directions doubles the figure.", factors=(2, 0.5))
NIC_RATES = {k: v for k, v in NETWORK.items() if k.startswith("eth_")}
NVLINK = {k: v.name for k, v in SCALE_UP.items()}


@problem(name="nic-bytes", page="scale-out", title="Bits or bytes",
         statement="A RoCE NIC runs at {rate} Gb/s. How many gigabytes per second can it send in one "
                   "direction? Answer in GB/s.",
         draws=(Pick("rate", (100, 200, 400, 800)),), unit="GB/s", allowed=("GB/s", "GBps"),
         hints=(BITS, Hint("Network line rates are quoted in bits per second; convert to bytes.")))
def nic_bytes(*, rate: int) -> Worked:
    answer = nic_GBps_per_dir(rate)
    return Worked(answer, (Step("GB/s = Gb/s ÷ 8 bits per byte", f"{rate} ÷ 8", f"{num(answer)} GB/s"),))


@problem(name="gpu-scaleout-bidirectional", page="scale-out", title="Per direction or both ways",
         statement="Each GPU has {nics} NICs of {link}. A vendor sheet adds both directions together. "
                   "What figure does it quote per GPU?",
         draws=(Ints("nics", 1, 4), Pick("link", tuple(NIC_RATES), {k: v.name for k, v in NIC_RATES.items()})),
         unit="GB/s", hints=(BOTH_WAYS, BITS, Hint("Start from one NIC in one direction, then count NICs and directions.")))
def gpu_scaleout_bidir(*, nics: int, link: str) -> Worked:
    per_dir = NIC_RATES[link].GBps_per_dir
    answer = 2 * nics * per_dir
    rate = num(NIC_RATES[link].rate_Gbps_per_dir)
    return Worked(answer, (
        Step("one NIC, one direction = line rate ÷ 8", f"{rate} Gb/s ÷ 8", f"{num(per_dir)} GB/s"),
        Step("per GPU, both directions = 2 × NICs × one NIC", f"2 × {nics} × {num(per_dir)} GB/s", f"{num(answer)} GB/s"),
    ))


@problem(name="checkpoint-transfer", page="scale-out", title="How long does a transfer take",
         statement="A {size} GiB checkpoint shard leaves a server over one {rate} Gb/s NIC at full line rate. "
                   "How long does it take?",
         draws=(Ints("size", 10, 200, 10), Pick("rate", (200, 400, 800))), unit="s",
         hints=(BITS, Hint("GiB is 2^30 bytes, not 10^9.", factors=(1e9 / 2**30, 2**30 / 1e9)),
                Hint("time = bits to send ÷ bits per second.")))
def checkpoint_transfer(*, size: int, rate: int) -> Worked:
    bits = size * 2**30 * 8
    answer = bits / (rate * 1e9)
    return Worked(answer, (
        Step("bits = GiB × 2^30 × 8", f"{size} × 1,073,741,824 × 8", f"{num(bits)} bit"),
        Step("time = bits ÷ line rate", f"{num(bits)} ÷ {rate} × 10^9 b/s", f"{num(answer)} s"),
    ))


@problem(name="nvlink-per-direction", page="scale-up", title="NVLink bandwidth per GPU",
         statement="A GPU with {gen} has its full set of NVLink links. What is its NVLink bandwidth "
                   "per direction?",
         draws=(Pick("gen", tuple(NVLINK), NVLINK),), unit="GB/s",
         hints=(BOTH_WAYS, Hint("Multiply the links per GPU by one link's bandwidth per direction.")))
def nvlink_per_direction(*, gen: str) -> Worked:
    link = SCALE_UP[gen]
    answer = link.gpu_GBps_per_dir
    return Worked(answer, (Step("per GPU = links × GB/s per link per direction",
                                f"{link.links_per_gpu} × {num(link.link_GBps_per_dir)} GB/s", f"{num(answer)} GB/s"),))


@problem(name="nvlink-vs-nics", page="scale-up", title="How much faster is the scale-up domain",
         statement="A GPU has {gen} and {nics} × {rate} Gb/s NICs. How many times its scale-out bandwidth "
                   "is its NVLink bandwidth, both counted per direction?",
         draws=(Pick("gen", tuple(NVLINK), NVLINK), Ints("nics", 1, 2), Pick("rate", (200, 400, 800))),
         unit="", hints=(Hint("Both figures per direction, both in GB/s: a NIC's Gb/s ÷ 8.", factors=(8, 1 / 8, 2, 0.5)),
                         Hint("ratio = NVLink GB/s per direction ÷ NIC GB/s per direction.")))
def nvlink_vs_nics(*, gen: str, nics: int, rate: int) -> Worked:
    nvlink = SCALE_UP[gen].gpu_GBps_per_dir
    scaleout = nics * nic_GBps_per_dir(rate)
    answer = nvlink / scaleout
    return Worked(answer, (
        Step("scale-out = NICs × Gb/s ÷ 8", f"{nics} × {rate} ÷ 8", f"{num(scaleout)} GB/s"),
        Step("ratio = NVLink ÷ scale-out", f"{num(nvlink)} ÷ {num(scaleout)}", num(answer)),
    ))


@problem(name="domain-allreduce-time", page="scale-up", title="AllReduce inside one NVLink domain",
         statement="A ring AllReduce of {mib} MiB runs on {gpus} GPUs of one NVLink domain, each step "
                   "moving data at {bw} GB/s with {lat} µs of latency. How long does it take (α-β model)?",
         draws=(Pick("gpus", (4, 8, 16, 32, 72)), Pick("mib", (64, 128, 256, 512)), Pick("bw", (150, 300, 450, 900)),
                Pick("lat", (2, 3, 5))),
         unit="µs", level="design",
         hints=(Hint("Ring AllReduce sends 2(N−1)/N of the buffer per GPU, in 2(N−1) steps."),
                Hint("time = steps × latency + bytes per GPU ÷ bandwidth; 1 GB/s moves 1,000 bytes per µs."),
                Hint("MiB is 2^20 bytes.", factors=(1e6 / 2**20,))))
def domain_allreduce_time(*, gpus: int, mib: int, bw: int, lat: int) -> Worked:
    return _ring_time(gpus, mib * 2**20, bw, lat)


def _ring_time(gpus: int, message: int, bw: int, lat: int) -> Worked:
    cost = ring_cost("allreduce", gpus, message)
    answer = ring_time_us("allreduce", gpus, message, float(bw), float(lat))
    return Worked(answer, (
        Step("bytes per GPU = 2(N−1)/N × S", f"2 × {gpus - 1}/{gpus} × {num(message)} B", f"{num(cost.bytes_per_gpu)} B"),
        Step("time = 2(N−1) × α + bytes ÷ β", f"{cost.steps} × {lat} µs + {num(cost.bytes_per_gpu)} B ÷ {bw} GB/s",
             f"{num(answer)} µs"),
    ))


@problem(name="ring-allreduce-bytes", page="do-the-math", title="What a ring AllReduce sends",
         statement="A ring AllReduce of a {mib} MiB gradient buffer runs on {gpus} GPUs. How many bytes "
                   "does each GPU send?",
         draws=(Pick("gpus", (4, 8, 16, 64, 256)), Pick("mib", (16, 64, 128, 512, 1024))), unit="MiB",
         hints=(Hint("Not the buffer once: reduce-scatter then all-gather each send (N−1)/N of it.", factors=(0.5,)),
                Hint("bytes per GPU = 2(N−1)/N × buffer size.")))
def ring_allreduce_bytes(*, gpus: int, mib: int) -> Worked:
    sent = ring_cost("allreduce", gpus, mib * 2**20).bytes_per_gpu
    answer = sent / 2**20
    return Worked(answer, (Step("bytes per GPU = 2(N−1)/N × S", f"2 × {gpus - 1}/{gpus} × {mib} MiB",
                                f"{num(answer)} MiB"),))


@problem(name="busbw-from-algbw", page="do-the-math", title="Bus bandwidth from nccl-tests",
         statement="nccl-tests reports an algorithm bandwidth (algbw) of {algbw} GB/s for AllReduce on "
                   "{gpus} GPUs. What bus bandwidth (busbw) does it print?",
         draws=(Ints("algbw", 20, 400, 10), Pick("gpus", (2, 4, 8, 16, 32, 64))), unit="GB/s",
         hints=(Hint("busbw = algbw × 2(N−1)/N for AllReduce (nccl-tests PERFORMANCE.md)."),))
def busbw_from_algbw(*, algbw: int, gpus: int) -> Worked:
    factor = busbw_factor("allreduce", gpus)
    answer = algbw * factor
    return Worked(answer, (
        Step("factor = 2(N−1)/N", f"2 × {gpus - 1}/{gpus}", num(factor)),
        Step("busbw = algbw × factor", f"{algbw} GB/s × {num(factor)}", f"{num(answer)} GB/s"),
    ))


@problem(name="ring-allreduce-time", page="do-the-math", title="α-β time of a ring AllReduce",
         statement="A ring AllReduce of {mib} MiB runs over {gpus} GPUs linked at {bw} GB/s per direction "
                   "with {lat} µs per step. How long does it take?",
         draws=(Pick("gpus", (8, 16, 32, 64, 128)), Pick("mib", (32, 128, 512)), Pick("bw", (25, 50, 100)),
                Pick("lat", (5, 10, 20))),
         unit="µs", level="design",
         hints=(Hint("2(N−1) steps, each paying the latency α once."),
                Hint("time = 2(N−1) × α + 2(N−1)/N × S ÷ β; 1 GB/s is 1,000 bytes per µs."),
                Hint("MiB is 2^20 bytes.", factors=(1e6 / 2**20,))))
def ring_allreduce_time(*, gpus: int, mib: int, bw: int, lat: int) -> Worked:
    return _ring_time(gpus, mib * 2**20, bw, lat)
