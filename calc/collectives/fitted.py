"""Constants of the collectives model fitted to the calibration part of the measurements.

Written by ``tools/fit_collectives.py`` (do not edit by hand: rerun the script).
The held-out part never enters the fit; its errors are stored here so every
collective result can state the model's expected error at its message size.
"""

from __future__ import annotations

from calc.collectives.hardware import SWITCHES

__all__ = ["NVLINK_EFFICIENCY", "NVLS_SCALE", "LATENCY_SCALE", "FILL_UP_CHUNKS", "FILL_OUT_US", "FILL_EXPONENT",
           "FILL_SATURATION_BYTES", "NVLS_FILL_US", "NVLS_FILL_BYTES", "HARNESS_LAUNCH_US", "HARNESS_P2P_US", "NETWORK_EFFICIENCY", "NETWORK_STEP_US", "EXPECTED_ERROR_PCT", "PINNED", "ROCE_EXTRA_STEP_US",
           "step_us", "fit_key", "network_efficiency", "fill_out_us", "fill_up_chunks", "era", "scope",
           "expected_error_pct"]

# RoCE runs the same NICs and NCCL as InfiniBand; a network step crosses up to three switches (leaf, spine,
# leaf), each an Ethernet switch's port-to-port latency instead of an InfiniBand one (hardware catalogue).
ROCE_EXTRA_STEP_US = 3 * (SWITCHES["spectrum4"].latency_ns - SWITCHES["quantum2"].latency_ns) / 1000

def fit_key(network: str, arch: str) -> str:
    """The fitted constants a network uses on a GPU generation: EFA on A100 instances (p4d/p4de, 4 x 100 Gb/s)
    has its own, as the published runs differ (awsome-distributed-training's README: an 8-byte AllReduce on two
    p4de takes 164 µs, on two p5 69 µs); every other network one set."""
    return "efa_a100" if network == "efa" and arch == "ampere" else network


def step_us(network: str, arch: str = "hopper") -> float:
    """Latency added per network step: fitted, except RoCE's, InfiniBand's plus its switches' extra latency."""
    if network == "roce":
        return NETWORK_STEP_US["infiniband"] + ROCE_EXTRA_STEP_US
    return NETWORK_STEP_US[fit_key(network, arch)]


def era(arch: str) -> str:
    """The GPU era the fill and the expected error are kept by: Ampere (published runs of an NCCL of 2020-2022) or
    Hopper and later."""
    return "ampere" if arch == "ampere" else "hopper+"


def scope(network: str, one_domain: bool, sharp: bool) -> str:
    """What a collective crosses, as the expected error is kept: one domain (NVLink only), in-network reduction, or
    its network."""
    return "nvlink" if one_domain else ("sharp" if sharp else network)


def kind(op: str) -> str:
    """The errors an operation's expected error is kept with: AllToAll's apart ("alltoall "), as the model times it
    as grouped send/receive rather than through NCCL's tuner; every other operation's together ("")."""
    return "alltoall " if op == "alltoall" else ""


def expected_error_pct(size: float, where: str, arch: str, op: str = "allreduce") -> float:
    """The held-out geometric-mean error (%) for a collective ``op`` of ``size`` bytes across ``where`` (scope) on
    GPUs of ``arch``: of the operations kept with ``op`` (kind), the era's and scope's if the held-out parts have
    five points there, else the era's (the larger effect in the held-out data: the accuracy page's errors by GPU
    era), the scope's, or all of them; then every point's (EXPECTED_ERROR_PCT)."""
    band = "small" if size < 2**20 else ("mid" if size < 2**30 else "large")
    k = kind(op)
    for key in (f"{k}{era(arch)} {where}", f"{k}{era(arch)}", f"{k}{where}", f"{k}all", "all"):
        value = EXPECTED_ERROR_PCT.get(key, {}).get(band)
        if value is not None:
            return value
    raise KeyError(band)


def fill_up_chunks(arch: str, protocol: str) -> float:
    """The fitted in-domain fill in chunk times, per protocol (LL128 starts far slower than Simple) and era:
    Ampere's apart (its published runs are of an NCCL of 2020-2022), one for Hopper and later (NCCL's current era;
    fitted on the calibration's B200 runs, as no calibration run gives a Hopper ring in one domain between 1 MiB
    and 1 GiB)."""
    return FILL_UP_CHUNKS[f"{era(arch)} {'LL128' if protocol == 'LL128' else 'Simple'}"]


def fill_out_us(network: str, arch: str = "hopper") -> float:
    """The fitted time to fill a pipeline that crosses the network, at its largest (FILL_SATURATION_BYTES on)."""
    return FILL_OUT_US[fit_key(network, arch)]


def network_efficiency(network: str, arch: str = "hopper") -> float:
    """The fitted achievable fraction of the NICs' line rate of a network on a GPU generation."""
    return NETWORK_EFFICIENCY[fit_key(network, arch)]


NVLINK_EFFICIENCY = 0.758
NVLS_SCALE = 0.596
LATENCY_SCALE = 1.23
FILL_UP_CHUNKS = {'ampere Simple': 1.51, 'ampere LL128': 1.26, 'hopper+ Simple': 0.9, 'hopper+ LL128': 2.0}
FILL_EXPONENT = 0.378
FILL_SATURATION_BYTES = 109000000.0
NVLS_FILL_US = 43.5
NVLS_FILL_BYTES = 12400000.0
HARNESS_LAUNCH_US = 5.48
HARNESS_P2P_US = 0.303
NETWORK_EFFICIENCY = {'infiniband': 0.977, 'roce': 0.88, 'efa': 0.918, 'tcpxo': 0.957, 'efa_a100': 0.635}
NETWORK_STEP_US = {'infiniband': 1.37, 'efa': 15.4, 'tcpxo': 3.61, 'efa_a100': 70.9}
FILL_OUT_US = {'infiniband': 147.0, 'roce': 75.7, 'efa': 224.0, 'tcpxo': 85.3, 'efa_a100': 520.0}
# How far each constant can move alone, the others as above, before the calibration objective rises by
# 1% (tools/fit_collectives.py pinned): (low, high), per network or era where the constant has several.
PINNED: dict[str, tuple[float, float] | dict[str, tuple[float, float]]] = {'NVLINK_EFFICIENCY': (0.734, 0.782), 'NVLS_SCALE': (0.572, 0.621), 'LATENCY_SCALE': (1.18, 1.29), 'FILL_UP_CHUNKS': {'ampere Simple': (0.815, 2.36), 'ampere LL128': (0.6, 2.1), 'hopper+ Simple': (0.688, 1.13), 'hopper+ LL128': (1.16, 3.05)}, 'FILL_EXPONENT': (0.313, 0.455), 'FILL_SATURATION_BYTES': (63100000.0, 204000000.0), 'NVLS_FILL_US': (28.9, 60.0), 'NVLS_FILL_BYTES': (6340000.0, 25000000.0), 'HARNESS_LAUNCH_US': (5.08, 5.79), 'HARNESS_P2P_US': (0.233, 0.379), 'NETWORK_EFFICIENCY': {'infiniband': (0.935, 1.0), 'roce': (0.786, 0.973), 'efa': (0.496, 1.0), 'tcpxo': (0.858, 1.0), 'efa_a100': (0.598, 0.675)}, 'NETWORK_STEP_US': {'infiniband': (0.00228, 3.51), 'efa': (12.9, 18.3), 'tcpxo': (0.006, 17.3), 'efa_a100': (59.5, 84.2)}, 'FILL_OUT_US': {'infiniband': (108.0, 189.0), 'roce': (43.3, 112.0), 'efa': (105.0, 369.0), 'tcpxo': (29.8, 149.0), 'efa_a100': (174.0, 943.0)}}
# Held-out geometric-mean error (%) by GPU era and scope (one domain, SHARP, a network) and message size:
# below 1 MiB (time), 1 MiB to 1 GiB and from 1 GiB (bus bandwidth), AllToAll's apart ('alltoall ...');
# a cell of fewer than 5 held-out points is left out (expected_error_pct falls back to the era's, the
# scope's, then all).
EXPECTED_ERROR_PCT = {'all': {'small': 25.0, 'mid': 23.0, 'large': 6.0}, 'alltoall all': {'small': 22.0, 'mid': 25.0, 'large': 30.0}, 'alltoall hopper+': {'small': 22.0, 'mid': 25.0, 'large': 30.0}, 'alltoall hopper+ infiniband': {'small': 30.0, 'mid': 9.0}, 'alltoall hopper+ nvlink': {'small': 18.0, 'mid': 32.0, 'large': 35.0}, 'alltoall infiniband': {'small': 30.0, 'mid': 9.0}, 'alltoall nvlink': {'small': 18.0, 'mid': 32.0, 'large': 35.0}, 'ampere': {'small': 26.0, 'mid': 33.0, 'large': 17.0}, 'ampere efa': {'small': 12.0, 'mid': 19.0, 'large': 31.0}, 'ampere infiniband': {'small': 18.0, 'mid': 49.0, 'large': 11.0}, 'ampere nvlink': {'small': 41.0, 'mid': 27.0}, 'ampere roce': {'small': 21.0, 'mid': 8.0}, 'ampere sharp': {'small': 26.0, 'mid': 74.0}, 'efa': {'small': 14.0, 'mid': 15.0, 'large': 9.0}, 'hopper+': {'small': 24.0, 'mid': 16.0, 'large': 5.0}, 'hopper+ efa': {'small': 18.0, 'mid': 11.0, 'large': 3.0}, 'hopper+ infiniband': {'small': 21.0, 'mid': 14.0, 'large': 7.0}, 'hopper+ nvlink': {'small': 19.0, 'mid': 14.0, 'large': 5.0}, 'hopper+ roce': {'small': 29.0, 'mid': 15.0, 'large': 3.0}, 'hopper+ tcpxo': {'small': 90.0, 'mid': 33.0, 'large': 4.0}, 'infiniband': {'small': 19.0, 'mid': 35.0, 'large': 8.0}, 'nvlink': {'small': 28.0, 'mid': 19.0, 'large': 5.0}, 'roce': {'small': 27.0, 'mid': 13.0, 'large': 4.0}, 'sharp': {'small': 26.0, 'mid': 74.0}, 'tcpxo': {'small': 90.0, 'mid': 33.0, 'large': 4.0}}
