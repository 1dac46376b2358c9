"""Problems for the designing-the-fabric page, answered by :mod:`calc.fabric.sizing`."""

from __future__ import annotations

from calc.fabric.sizing import design, leaf_split
from calc.problems import Hint, Pick, Step, Worked, problem

__all__ = ["leaf_down_ports", "leaves_for_gpus", "spines_for_gpus"]

RATIOS = {"1": "1:1", "2": "2:1", "3": "3:1"}


@problem(name="leaf-down-ports", page="designing-the-fabric", title="Splitting a leaf's ports",
         statement="A leaf switch has {ports} ports, all at the NIC speed. At most {ratio} oversubscription "
                   "(down:up), how many ports can face the servers?",
         draws=(Pick("ports", (32, 48, 64, 128)), Pick("ratio", tuple(RATIOS), RATIOS)), unit="",
         hints=(Hint("down ÷ up ≤ ratio and down + up ≤ ports: down = ⌊ports × o ÷ (o + 1)⌋."),
                Hint("At 1:1 half the ports go down and half go up.")))
def leaf_down_ports(*, ports: int, ratio: str) -> Worked:
    o = float(ratio)
    down, up = leaf_split(ports, o)
    return Worked(down, (
        Step("down = ⌊ports × o ÷ (o + 1)⌋", f"⌊{ports} × {ratio} ÷ {int(o) + 1}⌋", str(down)),
        Step("up = ⌈down ÷ o⌉", f"⌈{down} ÷ {ratio}⌉", str(up)),
    ))


def _design(gpus: int, ports: int, ratio: str) -> tuple[Worked, Worked]:
    """Leaves and spines of a rail-optimized fabric: 8 GPUs and 8 NICs per server."""
    d = design(gpus, 8, 400.0, 1, ports, float(ratio), "2", True)
    per_leaf = Step("servers per leaf = down ports", f"⌊{ports} × {ratio} ÷ {int(ratio) + 1}⌋", str(d.down))
    leaves = Step("leaves = ⌈servers ÷ servers per leaf⌉ × 8 rails", f"⌈{d.servers} ÷ {d.down}⌉ × 8", str(d.leaves))
    spines = Step("spines = smallest divisor of the up ports ≥ ⌈leaves × up ÷ ports⌉",
                  f"⌈{d.leaves} × {d.up} ÷ {ports}⌉ → divisor of {d.up}", str(d.spines))
    return Worked(d.leaves, (per_leaf, leaves)), Worked(d.spines, (per_leaf, leaves, spines))


STATEMENT = ("A rail-optimized two-tier fabric connects {gpus} GPUs: servers of 8 GPUs, one 400G NIC per GPU, "
             "NIC r of every server on the rail-r leaf, {ports}-port switches, {ratio} oversubscription at the leaves. ")
DRAWS = (Pick("gpus", (256, 512, 1024, 2048)), Pick("ports", (64, 128)), Pick("ratio", ("1", "2"), RATIOS))


@problem(name="leaves-for-gpus", page="designing-the-fabric", title="How many leaves", level="design",
         statement=STATEMENT + "How many leaf switches does it need?", draws=DRAWS, unit="",
         hints=(Hint("Each leaf serves one rail of as many servers as it has down ports.", factors=(1 / 8,)),
                Hint("Count servers, divide by the servers one leaf takes, round up, then multiply by the 8 rails.")))
def leaves_for_gpus(*, gpus: int, ports: int, ratio: str) -> Worked:
    return _design(gpus, ports, ratio)[0]


@problem(name="spines-for-gpus", page="designing-the-fabric", title="How many spines", level="design",
         statement=STATEMENT + "How many spine switches does it need (every leaf reaches every spine, cables spread evenly)?",
         draws=DRAWS, unit="",
         hints=(Hint("First the leaves: servers ÷ down ports, rounded up, × 8 rails."),
                Hint("The spines must take every leaf uplink: leaves × up ports ÷ spine ports, rounded up, "
                     "and a number that divides a leaf's up ports so each spine gets the same cables.")))
def spines_for_gpus(*, gpus: int, ports: int, ratio: str) -> Worked:
    return _design(gpus, ports, ratio)[1]
