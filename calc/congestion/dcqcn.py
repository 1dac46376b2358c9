"""DCQCN: the parameter sets, the RED-style marking profile and the fluid model's fixed point.

DCQCN (Zhu et al., SIGCOMM 2015) has three parts. The switch (congestion
point) marks ECN on packets with a probability that rises linearly from 0 at
``Kmin`` to ``Pmax`` at ``Kmax`` and is 1 above ``Kmax``. The receiver NIC
(notification point) turns marks into congestion notification packets (CNPs),
at most one per flow per ``cnp_interval_us``. The sender NIC (reaction point)
cuts its current rate ``RC`` by a factor ``(1 - α/2)`` on each CNP, remembers
the old rate as the target ``RT``, and raises ``α`` by the gain ``g``; without
CNPs ``α`` decays every ``alpha_timer_us``. Rates recover in stages counted by
a timer and a byte counter: fast recovery (``RC = (RT + RC)/2``) for the first
``F`` events, then additive increase (``RT += R_AI``) and, once both counters
pass ``F``, hyper increase (``RT += i·R_HAI``).

Two parameter sets are provided. ``PAPER`` follows the DCQCN paper and the
parameters the CoNEXT 2016 analysis (Zhu, Ghobadi, Misra, Padhye, "ECN or
Delay") uses for its fluid model: Kmin 5 KB, Kmax 200 KB, Pmax 1 %, g = 1/256,
CNP interval 50 µs, α timer 55 µs, rate-increase timer 55 µs, byte counter
10 MB, F = 5, R_AI 40 Mb/s. The paper's R_HAI is not part of the fluid model; we
take 200 Mb/s, the value in the authors' public ns-3 configuration
(github.com/bobzhuyb/ns3-rdma, windows/ns-3-dev/mix/config.txt: RATE_AI 40Mb/s,
RATE_HAI 200Mb/s, DCTCP_GAIN 0.00390625 = 1/256, CNP_INTERVAL 50,
ALPHA_RESUME_INTERVAL 55, FAST_RECOVERY_TIMES 5, CLAMP_TARGET_RATE 1; that file
uses RP_TIMER 60 and test-sized thresholds, so only the listed values are taken
from it). With CLAMP_TARGET_RATE 1 the target rate is set to the current rate on
every cut, as in the paper's algorithm.

``CONNECTX`` follows NVIDIA's ConnectX-4-and-later firmware defaults (DOCA
"DCQCN CC Parameters", tables "Alpha Update", "Rate Decrease", "Rate Increase"
and the notification-point parameters), converted exactly:

* α: dce_tcp_g 1019 is a 10-bit fixed-point fraction, so α keeps 1019/1024 of
  itself per update and gains g = 5/1024 on a period with a CNP; dce_tcp_rtt
  1 µs is the update period; initial_alpha_value 1023 gives α = 1023/1024 at a
  flow's first CNP.
* Decrease: rpg_gd 11 makes the cut α·RC/2^11 in fixed point, i.e. RC·α/2 (the
  paper's factor); rpg_min_dec_fac 50 % bounds one cut to half the rate (never
  binding while α ≤ 1); rate_reduce_monitor_period 4 µs is the least time
  between cuts; rpg_min_rate 1 Mb/s; rate_to_set_on_first_cnp 0 means line rate:
  the first CNP of a flow sets RC = RT = line rate and starts α, without a cut.
* Increase: rpg_time_reset 300 µs; rpg_byte_reset 32767 in 64-byte units
  (2 097 088 B); rpg_threshold 1 (F); rpg_ai_rate 5 Mb/s; rpg_hai_rate 50 Mb/s.
  clamp_tgt_rate 0 with clamp_tgt_rate_after_time_inc 1: a cut sets RT = RC
  only if the rate was raised (by the timer or the byte counter) since the last
  cut; otherwise RT keeps its older, higher value (802.1Qau behaviour), so the
  first increase after a run of cuts jumps half-way back to it.
* Notification point: min_time_between_cnps 4 µs, applied per flow here.

The α and decrease rows were checked against the page itself. The copy of the
page we could read ends before its Rate Increase and notification-point tables;
their values (and clamp_tgt_rate 0, clamp_tgt_rate_after_time_inc 1) are the
firmware defaults that ``mlxconfig -q`` prints for ConnectX adapters
(RPG_TIME_RESET 300, RPG_BYTE_RESET 32767, RPG_THRESHOLD 1, RPG_AI_RATE 5,
RPG_HAI_RATE 50, MIN_TIME_BETWEEN_CNPS 4) and the defaults of Google's isekai
simulator, which cites the Mellanox page. Two readings remain ours: the 64-byte
unit of rpg_byte_reset (isekai's; older mstflint headers say bytes) and CNP
pacing per flow rather than per port.

The fluid model (SIGCOMM 2015 §5, analysed in CoNEXT 2016 §3) for N identical
flows sharing a link of C packets/s gives, at its fixed point, RC = C/N and a
marking probability p* solving (with a = 1-(1-p)^{τ RC}, the chance a CNP
window of τ holds a mark, and b_B, b_T the byte-counter and timer increase
rates)::

    α* = 1 - (1-p)^{τ' RC}
    α* a² / (τ² (b_B + b_T)) = R_AI RC ((1-p)^{F B} b_B + (1-p)^{F T RC} b_T)

with b_B = p / ((1-p)^{-B} - 1) and b_T = p / ((1-p)^{-T RC} - 1). The queue at
the fixed point is the queue at which the RED profile marks with p*. The model
cuts on every CNP and resets RT on every cut, so for ``CONNECTX`` (no cut on the
first CNP, RT kept without an increase, cuts at most every 4 µs) its fixed point
is only indicative.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calc.sources import cite

__all__ = [
    "DcqcnParams", "PAPER", "CONNECTX", "PARAMS", "mark_probability",
    "FixedPoint", "fixed_point", "DCQCN_PAPER", "ECN_OR_DELAY", "NVIDIA_DCQCN", "NS3_RDMA",
    "ISEKAI_DCQCN",
    "PACKET_B", "FluidRun", "fluid_run",
]

DCQCN_PAPER = cite(
    "zhu2015dcqcn",
    "Congestion Control for Large-Scale RDMA Deployments",
    "ACM SIGCOMM 2015", 2015, "https://doi.org/10.1145/2785956.2787484",
    authors="Y. Zhu, H. Eran, D. Firestone, C. Guo, M. Lipshteyn, Y. Liron, J. Padhye, "
            "S. Raindel, M. H. Yahia and M. Zhang",
)
ECN_OR_DELAY = cite(
    "zhu2016ecnordelay",
    "ECN or Delay: Lessons Learnt from Analysis of DCQCN and TIMELY",
    "ACM CoNEXT 2016", 2016, "https://doi.org/10.1145/2999572.2999593",
    authors="Y. Zhu, M. Ghobadi, V. Misra and J. Padhye",
)
NVIDIA_DCQCN = cite(
    "nvidia-dcqcn-params",
    "DCQCN CC Parameters (ConnectX-4 and later firmware defaults)",
    "NVIDIA DOCA SDK documentation", 2025,
    "https://networking-docs.nvidia.com/doca/archive/3-4-0/dcqcn-cc-parameters",
    note="Tables General, Alpha Update, Rate Decrease, Rate Increase and the notification-point "
         "parameters; the same table as Mellanox community DOC-2790 \"DCQCN Parameters\".",
)
ISEKAI_DCQCN = cite(
    "isekai-dcqcn",
    "Isekai datacenter network simulator: RoCE DCQCN model (rdma_roce_cc_dcqcn.h/.cc)",
    "Google, github.com/google/isekai", 2023, "https://github.com/google/isekai",
    note="Implements the ConnectX parameters, counting rpg_byte_reset in 64-byte units, "
         "and the target-rate clamp rules.",
)
NS3_RDMA = cite(
    "ns3-rdma",
    "ns-3 simulator for RDMA over Converged Ethernet v2 (DCQCN authors' code), "
    "windows/ns-3-dev/mix/config.txt",
    "github.com/bobzhuyb/ns3-rdma", 2016, "https://github.com/bobzhuyb/ns3-rdma",
    authors="Y. Zhu",
)

PACKET_B = 1000
"""Packet payload the models use, as in the DCQCN paper's experiments (1 KB)."""


@dataclass(frozen=True)
class DcqcnParams:
    """One DCQCN configuration. Times in µs, rates in Gb/s, sizes in bytes."""

    name: str
    g: float                 # α gain
    alpha_timer_us: float    # α decays when no CNP arrives for this long
    initial_alpha: float
    cnp_interval_us: float   # NP: at most one CNP per flow per interval
    decrease_gap_us: float   # RP: at most one rate cut per gap
    min_decrease: float      # RP: a cut keeps at least this fraction of RC
    timer_us: float          # rate-increase timer
    byte_counter_B: float    # rate-increase byte counter
    fast_recovery: int       # F
    ai_Gbps: float           # R_AI
    hai_Gbps: float          # R_HAI
    min_rate_Gbps: float
    clamp_target: bool = True        # RT = RC on every cut (else only after an increase)
    first_cnp_line_rate: bool = False  # first CNP sets RC = RT = line rate, no cut


PAPER = DcqcnParams(
    name="paper", g=1 / 256, alpha_timer_us=55.0, initial_alpha=1.0, cnp_interval_us=50.0,
    decrease_gap_us=0.0, min_decrease=0.0, timer_us=55.0, byte_counter_B=10e6,
    fast_recovery=5, ai_Gbps=0.040, hai_Gbps=0.200, min_rate_Gbps=0.001,
)
CONNECTX = DcqcnParams(
    name="connectx", g=5 / 1024, alpha_timer_us=1.0, initial_alpha=1023 / 1024,
    cnp_interval_us=4.0, decrease_gap_us=4.0, min_decrease=0.5, timer_us=300.0,
    byte_counter_B=32767.0 * 64, fast_recovery=1, ai_Gbps=0.005, hai_Gbps=0.050, min_rate_Gbps=0.001,
    clamp_target=False, first_cnp_line_rate=True,
)
PARAMS = {"paper": PAPER, "connectx": CONNECTX}


def mark_probability(queue_B: float, kmin_B: float, kmax_B: float, pmax: float) -> float:
    """RED-style ECN marking: 0 below Kmin, linear to Pmax at Kmax, 1 above Kmax."""
    if queue_B <= kmin_B:
        return 0.0
    if queue_B > kmax_B:
        return 1.0
    if kmax_B <= kmin_B:
        return pmax
    return pmax * (queue_B - kmin_B) / (kmax_B - kmin_B)


@dataclass(frozen=True)
class FixedPoint:
    """The fluid model's fixed point: per-flow rate, marking probability, α and queue."""

    rate_Gbps: float
    p: float
    alpha: float
    target_gap_Gbps: float
    queue_B: float


def _balance(p: float, rc: float, prm: DcqcnParams) -> float:
    """Decrease minus increase of RT at the fixed point (rates in packets/µs); zero at p*."""
    tau, tau_a = prm.cnp_interval_us, prm.alpha_timer_us
    packets_b = prm.byte_counter_B / PACKET_B
    timer_pk = prm.timer_us * rc
    keep = 1.0 - p
    a = 1.0 - keep ** (tau * rc)
    alpha = 1.0 - keep ** (tau_a * rc)
    b_b = p / (keep ** -packets_b - 1.0) if packets_b * -math.log1p(-p) < 700 else 0.0
    b_t = p / (keep ** -timer_pk - 1.0)
    ai = prm.ai_Gbps * 1e3 / 8 / PACKET_B
    decrease = alpha * a * a / (tau * tau * (b_b + b_t))
    increase = ai * rc * (keep ** (prm.fast_recovery * packets_b) * b_b
                          + keep ** (prm.fast_recovery * timer_pk) * b_t)
    return float(decrease - increase)


def fixed_point(flows: int, link_Gbps: float, kmin_B: float, kmax_B: float, pmax: float,
                prm: DcqcnParams = PAPER) -> FixedPoint:
    """Solve the fluid model's fixed point for ``flows`` identical DCQCN flows (bisection on p)."""
    rc = link_Gbps * 1e3 / 8 / PACKET_B / flows  # packets per µs
    low, high = 1e-12, 1.0 - 1e-12
    for _ in range(200):
        mid = math.sqrt(low * high)
        if _balance(mid, rc, prm) > 0:
            high = mid
        else:
            low = mid
    p = math.sqrt(low * high)
    alpha = 1.0 - (1.0 - p) ** (prm.alpha_timer_us * rc)
    return FixedPoint(link_Gbps / flows, p, alpha, _gap_Gbps(p, rc, alpha, prm),
                      _queue_for(p, kmin_B, kmax_B, pmax))


def _gap_Gbps(p: float, rc: float, alpha: float, prm: DcqcnParams) -> float:
    """RT - RC at the fixed point, from dRC/dt = 0: α a / (τ (b_B + b_T)), in Gb/s."""
    tau, keep = prm.cnp_interval_us, 1.0 - p
    packets_b = prm.byte_counter_B / PACKET_B
    a = 1.0 - keep ** (tau * rc)
    b_b = p / (keep ** -packets_b - 1.0) if packets_b * -math.log1p(-p) < 700 else 0.0
    b_t = p / (keep ** -(prm.timer_us * rc) - 1.0)
    return float(alpha * a / (tau * (b_b + b_t)) * PACKET_B * 8 / 1e3)


def _queue_for(p: float, kmin_B: float, kmax_B: float, pmax: float) -> float:
    """The queue at which the RED profile marks with probability ``p`` (Kmax if p > Pmax)."""
    if p >= pmax:
        return kmax_B
    return kmin_B + p / pmax * (kmax_B - kmin_B)


@dataclass(frozen=True)
class FluidRun:
    """A trajectory of the fluid model: time-averages over its second half, and the queue series."""

    mean_queue_B: float
    mean_rate_Gbps: float
    queue_B: tuple[float, ...]
    step_us: float


def _increase_rate(p: float, count: float) -> float:
    """Rate of increase events of a counter that fires every ``count`` unmarked packets or µs·rate.

    p / ((1-p)^-count - 1), which tends to 1/count as p tends to 0.
    """
    if p <= 0.0:
        return 1.0 / count
    if p >= 1.0:
        return 0.0
    exponent = -count * math.log1p(-p)
    if exponent > 700:
        return 0.0
    return p / math.expm1(exponent)


def fluid_run(flows: int, link_Gbps: float, kmin_B: float, kmax_B: float, pmax: float,
              prm: DcqcnParams = PAPER, duration_us: float = 8000.0, delay_us: float = 4.0,
              step_us: float = 0.05) -> FluidRun:
    """Integrate the DCQCN fluid model (SIGCOMM 2015 §5; CoNEXT 2016 eq. 1-5) by forward Euler.

    N identical flows start at C/N with α at its fixed-point value and an empty queue; the
    marking probability and the rate the marks were drawn at are delayed by ``delay_us``
    (the feedback delay). Rates are in packets per µs, B in packets, times in µs.
    """
    cap = link_Gbps * 1e3 / 8 / PACKET_B
    rc = rt = cap / flows
    alpha = fixed_point(flows, link_Gbps, kmin_B, kmax_B, pmax, prm).alpha
    q = 0.0
    lag = max(1, int(round(delay_us / step_us)))
    past_p = [0.0] * lag
    past_rc = [rc] * lag
    tau, tau_a, g = prm.cnp_interval_us, prm.alpha_timer_us, prm.g
    packets_b, f_rec = prm.byte_counter_B / PACKET_B, prm.fast_recovery
    ai = prm.ai_Gbps * 1e3 / 8 / PACKET_B
    steps = int(round(duration_us / step_us))
    every = max(1, steps // 2000)
    queue: list[float] = []
    sum_q = sum_r = 0.0
    for i in range(steps):
        slot = i % lag
        p, r_old = past_p[slot], past_rc[slot]
        keep = 1.0 - p
        a = 1.0 - keep ** (tau * r_old)
        b_b = _increase_rate(p, packets_b)
        b_t = _increase_rate(p, prm.timer_us * r_old)
        d_alpha = g / tau_a * ((1.0 - keep ** (tau_a * r_old)) - alpha)
        d_rt = (-(rt - rc) / tau * a + ai * r_old * (keep ** (f_rec * packets_b) * b_b
                                                      + keep ** (f_rec * prm.timer_us * r_old) * b_t))
        d_rc = -rc * alpha / (2 * tau) * a + (rt - rc) / 2 * r_old * (b_b + b_t)
        alpha += d_alpha * step_us
        rt += d_rt * step_us
        rc = max(rc + d_rc * step_us, 1e-9)
        q = max(0.0, q + (flows * rc - cap) * step_us)
        past_p[slot] = mark_probability(q * PACKET_B, kmin_B, kmax_B, pmax)
        past_rc[slot] = rc
        if i >= steps // 2:
            sum_q += q
            sum_r += rc
        if i % every == 0:
            queue.append(q * PACKET_B)
    late = steps - steps // 2
    return FluidRun(sum_q / late * PACKET_B, sum_r / late * PACKET_B * 8 / 1e3, tuple(queue), step_us * every)
