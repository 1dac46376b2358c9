"""Constants of the collectives model fitted to the calibration part of the measurements.

Written by ``tools/fit_collectives.py`` (do not edit by hand: rerun the script).
The held-out part never enters the fit; its errors are stored here so every
collective result can state the model's expected error at its message size.
"""

from __future__ import annotations

from calc.collectives.hardware import SWITCHES

__all__ = ["NVLINK_EFFICIENCY", "NVLS_SCALE", "LATENCY_SCALE", "FILL_UP_US", "FILL_OUT_US", "FILL_EXPONENT",
           "FILL_SATURATION_BYTES", "NVLS_STAGES", "HARNESS_LAUNCH_US", "HARNESS_P2P_US", "NETWORK_EFFICIENCY", "NETWORK_STEP_US", "EXPECTED_ERROR_PCT", "ROCE_EXTRA_STEP_US",
           "step_us", "fit_key", "network_efficiency"]

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


def network_efficiency(network: str, arch: str = "hopper") -> float:
    """The fitted achievable fraction of the NICs' line rate of a network on a GPU generation."""
    return NETWORK_EFFICIENCY[fit_key(network, arch)]


NVLINK_EFFICIENCY = 0.805
NVLS_SCALE = 0.619
LATENCY_SCALE = 0.985
FILL_UP_US = 237.0
FILL_OUT_US = 191.0
FILL_EXPONENT = 0.275
FILL_SATURATION_BYTES = 1070000000.0
NVLS_STAGES = 4.54
HARNESS_LAUNCH_US = 5.0
HARNESS_P2P_US = 0.424
NETWORK_EFFICIENCY = {'infiniband': 0.991, 'roce': 0.916, 'efa': 0.576, 'tcpxo': 0.977, 'efa_a100': 0.628}
NETWORK_STEP_US = {'infiniband': 5.7, 'efa': 19.0, 'tcpxo': 12.5, 'efa_a100': 78.1}
# Held-out geometric-mean error (%) by network and message size: below 1 MiB (time), 1 MiB to 1 GiB
# and from 1 GiB (bus bandwidth); a network with fewer than 5 held-out points in a band takes the pooled
# figure (all).
EXPECTED_ERROR_PCT = {'all': {'small': 23.0, 'mid': 21.0, 'large': 8.0}, 'infiniband': {'small': 25.0, 'mid': 27.0, 'large': 5.0}, 'roce': {'small': 20.0, 'mid': 13.0, 'large': 8.0}, 'efa': {'small': 18.0, 'mid': 16.0, 'large': 22.0}, 'tcpxo': {'small': 22.0, 'mid': 7.0, 'large': 2.0}}
