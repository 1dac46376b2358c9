"""Problems for the tuning-PFC-and-ECN page: headroom (:mod:`calc.congestion.headroom`), RED
marking and DCQCN's fixed point (:mod:`calc.congestion.dcqcn`, Zhu et al. 2015's fluid model)."""

from __future__ import annotations

from calc.congestion.dcqcn import fixed_point, mark_probability
from calc.congestion.headroom import SPEED_DELAYS_BT, headroom_parts
from calc.problems import Hint, Ints, Pick, Step, Worked, problem
from calc.units import format_number as num

__all__ = ["pfc_headroom", "ecn_mark_probability", "kmax_for_incast", "PMAX"]

PMAX = 0.02  # marking probability at Kmax in the Kmax problem


@problem(name="pfc-headroom", page="tuning-pfc-ecn", title="PFC headroom for one port",
         statement="A lossless {speed} GbE port with a {cable} m fibre and {mtu}-byte MTU sends PAUSE. Using IEEE "
                   "802.3's delay bounds at this speed and 5 ns per metre, how much headroom must it keep above XOFF?",
         draws=(Pick("speed", (25, 100)), Ints("cable", 10, 300, 10), Pick("mtu", (1500, 4096, 9216))),
         unit="KB",
         hints=(Hint("The cable is crossed twice: the PAUSE goes out and the last bytes come back."),
                Hint("headroom = 2 (MTU + 20) + 84 + rate × (2 × cable + 2 × interface + response)."),
                Hint("Bytes per ns = Gb/s ÷ 8.", factors=(8, 1 / 8))))
def pfc_headroom(*, speed: int, cable: int, mtu: int) -> Worked:
    interface_bt, response_bt = SPEED_DELAYS_BT[speed]
    interface_ns, response_ns = interface_bt / speed, response_bt / speed
    parts = headroom_parts(float(speed), float(cable), mtu, response_ns, interface_ns)
    delay = 2 * cable * 5 + 2 * interface_ns + response_ns
    total = parts.total_B
    return Worked(total / 1000, (
        Step("delay = 2 × cable × 5 ns/m + 2 × interface + response",
             f"2 × {cable} × 5 + 2 × {num(interface_ns)} + {num(response_ns)} ns", f"{num(delay)} ns"),
        Step("headroom = 2 (MTU + 20) + 84 + Gb/s ÷ 8 × delay",
             f"2 × {mtu + 20} + 84 + {speed} ÷ 8 × {num(delay)}", f"{num(total)} B"),
        Step("in KB", f"{num(total)} ÷ 1000", f"{num(total / 1000)} KB"),
    ))


@problem(name="ecn-mark-probability", page="tuning-pfc-ecn", title="How often RED marks",
         statement="A switch marks ECN with Kmin = {kmin} KB, Kmax = {kmax} KB and Pmax = {pmax} %. "
                   "With {queue} KB queued, what share of packets does it mark?",
         draws=(Pick("kmin", (5, 10, 20)), Pick("kmax", (200, 400, 800)), Pick("pmax", (1, 5, 10, 20)),
                Ints("queue", 30, 190, 10)),
         unit="%",
         hints=(Hint("Between Kmin and Kmax the probability rises linearly from 0 to Pmax, not to 100 %."),
                Hint("p = Pmax × (queue − Kmin) ÷ (Kmax − Kmin).")))
def ecn_mark_probability(*, kmin: int, kmax: int, pmax: int, queue: int) -> Worked:
    p = mark_probability(queue * 1e3, kmin * 1e3, kmax * 1e3, pmax / 100) * 100
    return Worked(p, (Step("p = Pmax × (q − Kmin) ÷ (Kmax − Kmin)",
                           f"{pmax} % × ({queue} − {kmin}) ÷ ({kmax} − {kmin})", f"{num(p)} %"),))


@problem(name="kmax-for-incast", page="tuning-pfc-ecn", title="Which Kmax keeps PFC quiet", level="design",
         statement="{senders} DCQCN senders (the paper's parameters) share one {link} Gb/s port. ECN marks with "
                   "Kmin = {kmin} KB and Pmax = 2 %; PFC sends PAUSE when the queue passes XOFF = {xoff} KB. At "
                   "DCQCN's fixed point, what is the largest Kmax that keeps the queue below XOFF?",
         draws=(Pick("senders", (32, 64)), Pick("link", (100, 200)), Pick("kmin", (5, 10, 20)),
                Ints("xoff", 100, 300, 20)),
         unit="KB",
         hints=(Hint("The fixed point fixes the marking probability p* the flows need; it does not depend on Kmax."),
                Hint("The queue sits where RED marks with p*: q = Kmin + p* ÷ Pmax × (Kmax − Kmin). Set q = XOFF."),
                Hint("Kmax = Kmin + (XOFF − Kmin) × Pmax ÷ p*; the DCQCN lab on this page computes p*.")))
def kmax_for_incast(*, senders: int, link: int, kmin: int, xoff: int) -> Worked:
    p = fixed_point(senders, float(link), kmin * 1e3, xoff * 1e3, PMAX).p
    kmax = kmin + (xoff - kmin) * PMAX / p
    return Worked(kmax, (
        Step("p* = DCQCN fixed point (fluid model)", f"{senders} flows at {link} Gb/s ÷ {senders}", f"{num(p * 100)} %"),
        Step("Kmax = Kmin + (XOFF − Kmin) × Pmax ÷ p*", f"{kmin} + ({xoff} − {kmin}) × {num(PMAX * 100)} % ÷ {num(p * 100)} %",
             f"{num(kmax)} KB"),
    ))
