"""Constants of the collectives model fitted to the calibration part of the measurements.

Written by ``tools/fit_collectives.py`` (do not edit by hand: rerun the script).
The held-out part never enters the fit; its errors are stored here so every
collective result can state the model's expected error at its message size.
"""

from __future__ import annotations

from calc.collectives.hardware import SWITCHES

__all__ = ["NVLINK_EFFICIENCY", "NVLS_SCALE", "LATENCY_SCALE", "FILL_UP_US", "FILL_OUT_US", "FILL_EXPONENT",
           "FILL_SATURATION_BYTES", "NETWORK_EFFICIENCY", "NETWORK_STEP_US", "EXPECTED_ERROR_PCT", "ROCE_EXTRA_STEP_US",
           "step_us"]

# RoCE runs the same NICs and NCCL as InfiniBand; a network step crosses up to three switches (leaf, spine,
# leaf), each an Ethernet switch's port-to-port latency instead of an InfiniBand one (hardware catalogue).
ROCE_EXTRA_STEP_US = 3 * (SWITCHES["spectrum4"].latency_ns - SWITCHES["quantum2"].latency_ns) / 1000

def step_us(network: str) -> float:
    """Latency added per network step: fitted, except RoCE's, InfiniBand's plus its switches' extra latency."""
    if network == "roce":
        return NETWORK_STEP_US["infiniband"] + ROCE_EXTRA_STEP_US
    return NETWORK_STEP_US[network]


NVLINK_EFFICIENCY = 0.795
NVLS_SCALE = 0.596
LATENCY_SCALE = 0.997
FILL_UP_US = 3.28e-05
FILL_OUT_US = 206.0
FILL_EXPONENT = 0.27
FILL_SATURATION_BYTES = 819000000.0
NETWORK_EFFICIENCY = {'infiniband': 1.0, 'roce': 0.913, 'efa': 0.619, 'tcpxo': 0.977}
NETWORK_STEP_US = {'infiniband': 6.86, 'efa': 15.2, 'tcpxo': 5.05}
# Held-out geometric-mean error (%) by network and message size: below 1 MiB (time), 1 MiB to 1 GiB
# and from 1 GiB (bus bandwidth); a network with fewer than 5 held-out points in a band takes the pooled
# figure (all).
EXPECTED_ERROR_PCT = {'all': {'small': 90.0, 'mid': 60.0, 'large': 6.0}, 'infiniband': {'small': 90.0, 'mid': 60.0, 'large': 4.0}, 'roce': {'small': 17.0, 'mid': 16.0, 'large': 6.0}, 'efa': {'small': 90.0, 'mid': 60.0, 'large': 6.0}, 'tcpxo': {'small': 215.0, 'mid': 132.0, 'large': 6.0}}
