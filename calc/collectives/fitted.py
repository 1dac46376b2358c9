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


NVLINK_EFFICIENCY = 0.784
NVLS_SCALE = 0.601
LATENCY_SCALE = 0.975
FILL_UP_US = 9.48e-05
FILL_OUT_US = 305.0
FILL_EXPONENT = 0.344
FILL_SATURATION_BYTES = 1070000000.0
NETWORK_EFFICIENCY = {'infiniband': 1.0, 'roce': 0.936, 'efa': 0.621, 'tcpxo': 1.0}
NETWORK_STEP_US = {'infiniband': 4.93, 'efa': 15.5, 'tcpxo': 3.26e-06}
# Held-out geometric-mean error (%) by network and message size: below 1 MiB (time), 1 MiB to 1 GiB
# and from 1 GiB (bus bandwidth); a network with fewer than 5 held-out points in a band takes the pooled
# figure (all).
EXPECTED_ERROR_PCT = {'all': {'small': 35.0, 'mid': 17.0, 'large': 8.0}, 'infiniband': {'small': 35.0, 'mid': 20.0, 'large': 4.0}, 'roce': {'small': 21.0, 'mid': 11.0, 'large': 8.0}, 'efa': {'small': 35.0, 'mid': 21.0, 'large': 24.0}, 'tcpxo': {'small': 51.0, 'mid': 11.0, 'large': 4.0}}
