"""Constants of the collectives model fitted to the calibration part of the measurements.

Written by ``tools/fit_collectives.py`` (do not edit by hand: rerun the script).
The held-out part never enters the fit; its errors are stored here so every
collective result can state the model's expected error at its message size.
"""

from __future__ import annotations

from calc.collectives.hardware import SWITCHES

__all__ = ["NVLINK_EFFICIENCY", "NVLS_SCALE", "LATENCY_SCALE", "FILL_UP_CHUNKS", "FILL_OUT_US", "FILL_EXPONENT",
           "FILL_SATURATION_BYTES", "NVLS_FILL_US", "NVLS_FILL_BYTES", "HARNESS_LAUNCH_US", "HARNESS_P2P_US", "NETWORK_EFFICIENCY", "NETWORK_STEP_US", "EXPECTED_ERROR_PCT", "ROCE_EXTRA_STEP_US",
           "step_us", "fit_key", "network_efficiency", "fill_out_us", "fill_up_chunks"]

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


def fill_up_chunks(arch: str, protocol: str) -> float:
    """The fitted in-domain fill in chunk times, per protocol (LL128 starts far slower than Simple) and era:
    Ampere's apart (its published runs are of an NCCL of 2020-2022), one for Hopper and later (NCCL's current era;
    fitted on the calibration's B200 runs, as no calibration run gives a Hopper ring in one domain between 1 MiB
    and 1 GiB)."""
    era = "ampere" if arch == "ampere" else "hopper+"
    return FILL_UP_CHUNKS[f"{era} {'LL128' if protocol == 'LL128' else 'Simple'}"]


def fill_out_us(network: str, arch: str = "hopper") -> float:
    """The fitted time to fill a pipeline that crosses the network, at its largest (FILL_SATURATION_BYTES on)."""
    return FILL_OUT_US[fit_key(network, arch)]


def network_efficiency(network: str, arch: str = "hopper") -> float:
    """The fitted achievable fraction of the NICs' line rate of a network on a GPU generation."""
    return NETWORK_EFFICIENCY[fit_key(network, arch)]


NVLINK_EFFICIENCY = 0.764
NVLS_SCALE = 0.601
LATENCY_SCALE = 1.09
FILL_UP_CHUNKS = {'ampere Simple': 2.28, 'ampere LL128': 1.41, 'hopper+ Simple': 1.11, 'hopper+ LL128': 2.21}
FILL_EXPONENT = 0.352
FILL_SATURATION_BYTES = 628000000.0
NVLS_FILL_US = 48.3
NVLS_FILL_BYTES = 11700000.0
HARNESS_LAUNCH_US = 5.47
HARNESS_P2P_US = 0.313
NETWORK_EFFICIENCY = {'infiniband': 0.98, 'roce': 0.893, 'efa': 0.634, 'tcpxo': 0.967, 'efa_a100': 0.636}
NETWORK_STEP_US = {'infiniband': 3.9, 'efa': 17.2, 'tcpxo': 12.9, 'efa_a100': 72.3}
FILL_OUT_US = {'infiniband': 264.0, 'roce': 149.0, 'efa': 394.0, 'tcpxo': 157.0, 'efa_a100': 910.0}
# Held-out geometric-mean error (%) by network and message size: below 1 MiB (time), 1 MiB to 1 GiB
# and from 1 GiB (bus bandwidth); a network with fewer than 5 held-out points in a band takes the pooled
# figure (all).
EXPECTED_ERROR_PCT = {'all': {'small': 32.0, 'mid': 19.0, 'large': 8.0}, 'infiniband': {'small': 37.0, 'mid': 22.0, 'large': 6.0}, 'roce': {'small': 19.0, 'mid': 8.0, 'large': 5.0}, 'efa': {'small': 17.0, 'mid': 16.0, 'large': 17.0}, 'tcpxo': {'small': 15.0, 'mid': 6.0, 'large': 4.0}}
