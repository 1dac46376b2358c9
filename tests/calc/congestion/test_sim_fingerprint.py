"""Bit-identity of calc.congestion.sim: a SHA-256 over every Run field of every scenario.

The digests were recorded from the simulation before its inner loops were made faster; any
change to any output (a float's last bit, a frame, a rate sample) changes them. A deliberate
model change must re-record them and say why in its commit.
"""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from calc.congestion.lab import SCENARIOS
from calc.congestion.sim import Run, simulate

from .test_sim import setup_for

CASES = [(name, senders, marking) for name in sorted(SCENARIOS) for senders, marking in
         ((4, "random"), (16, "deterministic"), (64, "random"))]


def digest(run: Run) -> str:
    """SHA-256 of the repr of every field (repr of a float round-trips, so it is bit-exact)."""
    h = hashlib.sha256()
    for f in dataclasses.fields(run):
        h.update(f"{f.name}={getattr(run, f.name)!r};".encode())
    return h.hexdigest()


def fingerprint(name: str, senders: int, marking: str) -> str:
    extra = {"start": "spread", "tcp": True} if name == "paper" and senders == 16 else {}
    return digest(simulate(setup_for(name, senders=senders, marking=marking, duration_us=400.0, **extra),
                           audit=True))


EXPECTED: dict[tuple[str, int, str], str] = {
    ('droptail', 4, 'random'): "af5867cdb238e0d368779050a46511b7d594d2d82d10d9343899dc1cbc22dfb2",
    ('droptail', 16, 'deterministic'): "1f23ae1eb5c45ee45921840e685f07623cd865468f996a89f57554f8a693a4ac",
    ('droptail', 64, 'random'): "64729ebb3d78f09a6de3c31c994822e9387ebae9a4e727943600edf01486338d",
    ('ecn_high', 4, 'random'): "ba0944f16452b24ef73c4ccaefa467fa86d30d8828e38ec3b11e8dfd9bee1e6b",
    ('ecn_high', 16, 'deterministic'): "70ddca8d6e10085b8302293d225ef731055c897c1c934e41462310e2531c643f",
    ('ecn_high', 64, 'random'): "6c253d90f44670178781b234bd9600f3813fd7872c75eb4f97e2ecbf812cef29",
    ('ecn_low', 4, 'random'): "08ceb40387976c4ef16dc59d221f8d0655c31cf3e077222c37de6377962d1e0c",
    ('ecn_low', 16, 'deterministic'): "32fa6f18f5bd5f7e343c039581f7a75f69a6edb9fb34716ef3373e6895b8a8cf",
    ('ecn_low', 64, 'random'): "3f2da9014eff1eee718fc03599aca158cbee460c24556b7e0a7eb038ca512213",
    ('nic', 4, 'random'): "6372b399770c06a9ed21c68cba7aeace15998ed4831c22a281163458a56d90b9",
    ('nic', 16, 'deterministic'): "bcd94a47d3d21d09a4fc2e81b3ddb3b31e69d4cc3985ae71c392c71eab5a27b4",
    ('nic', 64, 'random'): "e6d9423941884dba504fd7afb13739a0922551bbc7b2f8352f27ffe4ad3b717d",
    ('paper', 4, 'random'): "c2db853618f2d2eb998c297a77f4d4282f97de5dabe033edcbbe984ac26670b8",
    ('paper', 16, 'deterministic'): "a9b410a01175c1b1429a05152732568c2f5ea295641930deec3327150f9c0cc6",
    ('paper', 64, 'random'): "3c120a0f32b746d60fd99f87c4f42489dc078db06e8109624f2b73eea5bf79de",
    ('pfc_all', 4, 'random'): "339243e0604e0f79bdc0f1d36f6bd32ca9778a15108c8d3eb13bb8bf7d0f7f71",
    ('pfc_all', 16, 'deterministic'): "28f8589843b2cddafe3c5c6c7e3608244250dc389ec1d3757810d32202377d46",
    ('pfc_all', 64, 'random'): "ec28259f92928f46b74f0e80cb85456dcc8af36a2bf8860994cc33990ac540e5",
    ('pfc_roce', 4, 'random'): "662a7bdfb620c8620eb56f9005ca70f258ff8bc780d377f8a082ae6e0ef32a9d",
    ('pfc_roce', 16, 'deterministic'): "9df5a3378d507354df8dbac7f8375ea3faaade3cc646b347ee0404c608ec6dbe",
    ('pfc_roce', 64, 'random'): "12bb37d017f242841ffdd34b619a0e99a9b6914b2c4ea00a0d83409e45e91d09",
    ('rule', 4, 'random'): "644ce12f8dd021e193faa5c89963ade1394dd743995c91c71f4bbe2a76d4cff8",
    ('rule', 16, 'deterministic'): "010827dacb95c315aa9f1ff752531f4377a7ae93f06b4c47315ac004684f5cd9",
    ('rule', 64, 'random'): "6afeccd8add5378498b1fd075bc6cf331ab60ff433befd648191cba70b7a592f",
    ('storm', 4, 'random'): "79ba1c22e0e6c560ae6b0c001d7d42ebbc4767a7638efbd0f2d62681dbea1692",
    ('storm', 16, 'deterministic'): "333af3936b02dff6e357c28da4cb5e1d9d9ff7e803080a7c0ff05176b276a88b",
    ('storm', 64, 'random'): "d3c51727527efa199c78af03a7ca4db9e4ab03ccd6ca5cc9f5a6d8efc0164428",
    ('storm_watchdog', 4, 'random'): "03e9bcdb9e78d15fa61872e03f52a07bf8df20fb0caa451eb264b89d853f7fa0",
    ('storm_watchdog', 16, 'deterministic'): "ea64bc41b46a8974f4441a77d19e6ef33ed07904f5ed92793916317998182892",
    ('storm_watchdog', 64, 'random'): "9a8d6583496c1ff23a049e545133454120d7e9856ec55c3679e73e5702550388",
    ('sweep', 4, 'random'): "c2db853618f2d2eb998c297a77f4d4282f97de5dabe033edcbbe984ac26670b8",
    ('sweep', 16, 'deterministic'): "c7bbd813d3ed773e214243e0ccce2146c6bbe7c698f64c470fd8f8100dc295a7",
    ('sweep', 64, 'random'): "3c120a0f32b746d60fd99f87c4f42489dc078db06e8109624f2b73eea5bf79de",
}


@pytest.mark.parametrize("case", CASES, ids=["-".join(map(str, c)) for c in CASES])
def test_every_run_field_is_bit_identical_to_the_recorded_run(case: tuple[str, int, str]) -> None:
    assert fingerprint(*case) == EXPECTED[case]
