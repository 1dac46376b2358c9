"""A time-stepped fluid simulation of incast into one switch port, with ECN, DCQCN and PFC.

Topology (three egress queues, two switches)::

    local senders ──────────────► S ──► receiver R   (the incast port, "S→R")
    remote senders ─► U ══ U→S ══►  └──► receiver V   (an idle port, "S→V")
    victim sender  ─►                (victim flow: U → S → V)

``senders`` RoCE flows send to R; the first half is attached to switch S, the
rest to the upstream switch U, whose single link U→S also carries a victim
flow to the idle receiver V. With the lossy class on, two TCP-like flows join
on U (one to R, one to V). Every link runs at ``link_Gbps``.

Model, per step of ``dt`` (1 µs, less above 100 Gb/s so a step moves at most
12.5 KB per link):

* Queues are fluid. Each egress port serves its two classes (lossless RoCE and
  lossy TCP) with equal weights, work-conserving; within a class, flows leave
  in proportion to their queued bytes (a fluid FIFO). A class paused by PFC is
  not served.
* ECN: RoCE bytes leaving a port are marked with the RED probability of that
  class's queue (Kmin, Kmax, Pmax) per 1000-byte packet, at random as RED does
  (or, with ``marking="deterministic"``, every 1/p-th packet of a flow, which
  is what the fluid model's mean-field assumes); a flow with at least
  one marked packet in a step is seen by its receiver NIC, which sends a CNP if
  it has not sent one in the last CNP interval. CNPs reach the sender after
  half the base RTT. Marks are taken at dequeue on every hop.
* DCQCN at each RoCE sender as in :mod:`calc.congestion.dcqcn`.
* PFC: every switch counts, per ingress link and class, the bytes it holds
  that came in on that link. Above XOFF it asks the upstream transmitter (a
  host NIC, or U's port U→S) to pause that class; below XON (XOFF − 2 packets)
  it resumes. The request takes effect after the pause round trip of the
  headroom model (cable, interfaces and response time), so a paused link
  still delivers up to one headroom of bytes.
* Buffer: each switch has ``buffer_KB`` shared. Lossless bytes are dropped
  only if the switch is full; lossy (TCP) bytes are drop-tail at a quarter of
  the buffer per egress queue unless PFC covers them (``pfc="all"``). With
  ``pfc="off"`` RoCE is drop-tail too, and a RoCE drop makes the receiver
  discard everything of that flow for one RTT plus the queueing delay
  (go-back-N): those bytes are delivered but are not goodput.
* TCP-like flows: additive increase of one packet per RTT per RTT, halving
  at most once per RTT when a loss is detected one RTT after the drop.
* Stuck receiver: from a quarter of the run, receiver R stops draining and
  pauses S→R continuously on every PFC-enabled class (a PFC storm). The
  watchdog, when on, notices a port paused without a break for
  ``watchdog_us`` and then ignores its pauses and drops what is queued for it
  and what arrives for it (as switch PFC watchdogs do; real detection times are
  100s of ms, scaled down here so the run shows both phases).

Conservation: bytes sent = delivered + queued + dropped after every step;
``audit=True`` checks it each step.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from calc.congestion.dcqcn import PACKET_B, PARAMS, DcqcnParams, mark_probability
from calc.congestion.headroom import SPEED_DELAYS_BT, headroom_parts

__all__ = ["Setup", "Flow", "Run", "simulate", "flows_for", "pause_delay_us", "headroom_B",
           "step_us", "pause_steps", "inflight_after_xoff_B",
           "PORTS", "BASE_RTT_US"]

BASE_RTT_US = 8.0
LOSSY, LOSSLESS = 0, 1
PORTS = ("U→S", "S→R", "S→V")
PORT_SWITCH = (0, 1, 1)          # port -> switch (0 = U, 1 = S)
LOSSY_QUEUE_SHARE = 0.25
MAX_FRAMES = 250


@dataclass(frozen=True)
class Setup:
    """Every input of one simulation run."""

    senders: int = 16
    link_Gbps: float = 100.0
    kmin_KB: float = 5.0
    kmax_KB: float = 200.0
    pmax: float = 0.01
    pfc: str = "roce"            # off | roce | all
    buffer_KB: float = 4000.0
    xoff_KB: float = 100.0
    duration_us: float = 2000.0
    seed: int = 1
    dcqcn: str = "paper"         # paper | connectx
    tcp: bool = False
    victim: bool = True
    stuck_receiver: bool = False
    watchdog: bool = False
    watchdog_us: float = 200.0
    cable_m: float = 3.0
    mtu_B: int = 1024
    start: str = "line"          # line | spread (rates spread around C/N, summing to C)
    marking: str = "random"      # random (RED) | deterministic (every 1/p-th packet)
    pfc_alpha: float = 0.0       # 0: fixed XOFF; > 0: pause at alpha x the switch's free buffer


@dataclass(frozen=True)
class Flow:
    """One flow: its class, the egress ports it crosses and its sender's demand."""

    name: str
    kind: str                    # incast | victim | tcp | tcp_victim
    cls: int
    hops: tuple[int, ...]
    demand_Gbps: float


@dataclass
class Run:
    """What a run produced: totals, per-flow totals and sampled time series."""

    setup: Setup
    flows: tuple[Flow, ...]
    dt_us: float
    sent_B: float = 0.0
    delivered_B: float = 0.0
    dropped_B: float = 0.0
    wasted_B: float = 0.0
    pause_frames: int = 0
    watchdog_trips: int = 0
    flow_delivered_B: list[float] = field(default_factory=list)
    flow_late_B: list[float] = field(default_factory=list)
    flow_dropped_B: list[float] = field(default_factory=list)
    queue_samples_B: list[float] = field(default_factory=list)
    up_paused_steps: int = 0
    steps: int = 0
    frames: dict[str, list[float]] = field(default_factory=dict)
    rates: list[list[float]] = field(default_factory=list)
    max_residual_B: float = 0.0


def flows_for(setup: Setup) -> tuple[Flow, ...]:
    """The flows of a setup: half the incast senders on S, half behind U, then victim and TCP."""
    line = setup.link_Gbps
    remote = setup.senders // 2
    local = setup.senders - remote
    flows = [Flow(f"s{i + 1}", "incast", LOSSLESS, (1,) if i < local else (0, 1), line)
             for i in range(setup.senders)]
    if setup.victim:
        flows.append(Flow("victim", "victim", LOSSLESS, (0, 2), line / 4))
    if setup.tcp:
        flows.append(Flow("tcp→R", "tcp", LOSSY, (0, 1), line))
        flows.append(Flow("tcp→V", "tcp_victim", LOSSY, (0, 2), line))
    return tuple(flows)


def pause_delay_us(setup: Setup) -> float:
    """Pause round trip: cable both ways, interfaces both ways and the sender's response."""
    intf_bt, resp_bt = _delays_bt(setup.link_Gbps)
    return (2 * setup.cable_m * 5.0 + 2 * intf_bt / setup.link_Gbps + resp_bt / setup.link_Gbps) / 1e3


def headroom_B(setup: Setup) -> float:
    """Headroom per lossless ingress from :func:`calc.headroom.headroom_parts`."""
    intf_bt, resp_bt = _delays_bt(setup.link_Gbps)
    speed = setup.link_Gbps
    return headroom_parts(speed, setup.cable_m, setup.mtu_B, resp_bt / speed, intf_bt / speed).total_B


def step_us(link_Gbps: float) -> float:
    """Simulation step: 1 µs, shorter above 100 Gb/s so a step moves at most 12.5 KB per link."""
    return min(1.0, 100.0 / link_Gbps)


def pause_steps(setup: Setup) -> int:
    """Whole steps an upstream keeps sending after the step in which XOFF was crossed.

    The pause round trip rounded up to whole steps, counting the crossing step
    as the first (at least one more step).
    """
    whole = int(math.ceil(pause_delay_us(setup) / step_us(setup.link_Gbps) - 1e-9))
    return max(1, whole - 1)


def inflight_after_xoff_B(setup: Setup) -> float:
    """Most bytes one ingress can receive beyond XOFF in the simulation.

    The crossing step plus ``pause_steps`` more, at line rate. Rounding the
    round trip up to whole steps makes this exceed the formula's headroom by
    less than one step of bytes at most speeds; the fluid queues have no frames,
    so the formula's two MTUs are not needed.
    """
    return setup.link_Gbps * 125.0 * step_us(setup.link_Gbps) * (pause_steps(setup) + 1)


def _delays_bt(link_Gbps: float) -> tuple[int, int]:
    """IEEE 802.3 bounds of the nearest tabulated speed at or below the link speed."""
    known = [s for s in sorted(SPEED_DELAYS_BT) if s <= link_Gbps] or [min(SPEED_DELAYS_BT)]
    return SPEED_DELAYS_BT[known[-1]]


def simulate(setup: Setup, audit: bool = False) -> Run:
    """Run the simulation; see the module docstring for the model."""
    return _Sim(setup, audit).run()


class _Sim:
    """State of one run. Arrays indexed by flow, hop, ingress counter or port."""

    def __init__(self, setup: Setup, audit: bool) -> None:
        self.s = setup
        self.audit = audit
        self.flows = flows_for(setup)
        self.prm: DcqcnParams = PARAMS[setup.dcqcn]
        self.dt = step_us(setup.link_Gbps)
        self.steps = max(1, int(round(setup.duration_us / self.dt)))
        self.bpg = 125.0 * self.dt            # bytes per step per Gb/s
        self.cap = setup.link_Gbps * self.bpg  # bytes per step per link
        self.rng = random.Random(setup.seed)
        self._build_counters()

    def _build_counters(self) -> None:
        """One ingress counter per (switch, ingress link, class); note who to pause for each."""
        keys: dict[tuple[int, str, int], int] = {}
        self.ing: list[list[int]] = []
        self.upstream: list[tuple[str, int, int]] = []   # ("host", flow, cls) or ("port", 0, cls)
        for f, flow in enumerate(self.flows):
            row = []
            for h, port in enumerate(flow.hops):
                link = f"host{f}" if h == 0 else "U→S"
                key = (PORT_SWITCH[port], link, flow.cls)
                if key not in keys:
                    keys[key] = len(keys)
                    self.upstream.append(("host", f, flow.cls) if h == 0 else ("port", 0, flow.cls))
                row.append(keys[key])
            self.ing.append(row)
        self.counter_switch = [k[0] for k in keys]
        self.up_counters = [i for k, i in keys.items() if k[1] == "U→S"]

    def run(self) -> Run:
        return _loop(self)


def _pfc_classes(pfc: str) -> tuple[bool, bool]:
    """Which classes (lossy, lossless) PFC protects."""
    return (pfc == "all", pfc in ("roce", "all"))


def _loop(sim: _Sim) -> Run:  # noqa: C901 - the inner loop is kept in one frame for speed
    s, flows, prm, rng, audit = sim.s, sim.flows, sim.prm, sim.rng, sim.audit
    nf, steps, dt, bpg, cap = len(flows), sim.steps, sim.dt, sim.bpg, sim.cap
    run = Run(s, flows, dt, flow_delivered_B=[0.0] * nf, flow_late_B=[0.0] * nf,
              flow_dropped_B=[0.0] * nf)
    protect = _pfc_classes(s.pfc)
    buffer_B = s.buffer_KB * 1000
    lossy_limit = LOSSY_QUEUE_SHARE * buffer_B
    xoff = s.xoff_KB * 1000
    xon = max(0.0, xoff - 2 * PACKET_B)
    pfc_a, ksw = s.pfc_alpha, sim.counter_switch
    kmin, kmax, pmax = s.kmin_KB * 1000, s.kmax_KB * 1000, s.pmax
    delay = pause_steps(s)
    cnp_gap = max(1, int(round(prm.cnp_interval_us / dt)))
    fb = min(cnp_gap, max(1, int(round(BASE_RTT_US / 2 / dt))))  # one CNP in flight per flow
    rtt = max(1, int(round(BASE_RTT_US / dt)))
    dec_gap = int(round(prm.decrease_gap_us / dt))
    alpha_steps = max(1, int(round(prm.alpha_timer_us / dt)))
    timer_steps = max(1, int(round(prm.timer_us / dt)))
    stuck_at = steps // 4 if s.stuck_receiver else steps + 1
    wd_steps = max(1, int(round(s.watchdog_us / dt)))
    half = steps // 2
    frame_every = max(1, steps // MAX_FRAMES)

    hops = [f.hops for f in flows]
    cls = [f.cls for f in flows]
    ing = sim.ing
    nk = len(sim.upstream)
    up_kind = [u[0] == "host" for u in sim.upstream]
    up_id = [u[1] for u in sim.upstream]
    up_cls = [u[2] for u in sim.upstream]
    k_sw = sim.counter_switch
    k_protect = [protect[c] for c in up_cls]
    q = [[0.0] * len(hops[f]) for f in range(nf)]
    # Members of each (port, class) queue: (flow, hop, ingress counter, last hop?, the flow's queues).
    members: list[list[list[tuple[int, int, int, bool, list[float]]]]] = [[[], []] for _ in PORTS]
    for f in range(nf):
        for h, p in enumerate(hops[f]):
            members[p][cls[f]].append((f, h, ing[f][h], h + 1 == len(hops[f]), q[f]))
    # First hop of each flow: (port, switch, ingress counter, class, drop-tail lossy?).
    first = [(hops[f][0], PORT_SWITCH[hops[f][0]], ing[f][0], cls[f], cls[f] == LOSSY and not protect[LOSSY])
             for f in range(nf)]
    host_k = [(k, up_id[k]) for k in range(nk) if up_kind[k]]
    port_k = [(k, up_cls[k]) for k in range(nk) if not up_kind[k]]
    pfc_k = [k for k in range(nk) if k_protect[k]]
    qc = [[0.0, 0.0] for _ in PORTS]         # bytes per port per class
    cnt = [0.0] * nk                          # ingress counters
    occ = [0.0, 0.0]                          # switch occupancy
    req = [False] * nk
    ring = [[False] * delay for _ in range(nk)]
    host_paused = [False] * nf
    port_paused = [[False, False] for _ in PORTS]
    wd_run = [0, 0]
    wd_on = [False, False]

    is_tcp = [f.cls == LOSSY for f in flows]
    dq = [i for i, f in enumerate(flows) if f.kind == "incast"]
    tq = [i for i, f in enumerate(flows) if f.cls == LOSSY]
    demand = [f.demand_Gbps for f in flows]
    rc = _start_rates(s, flows)
    rt = list(rc)
    alpha = [prm.initial_alpha] * nf
    a_next = [alpha_steps - 1] * nf     # step of the next α decay
    t_next = [timer_steps - 1] * nf     # step of the next rate-increase timer event
    b_count = [0.0] * nf
    tc = [0] * nf
    bc = [0] * nf
    last_dec = [-10**9] * nf
    last_cnp = [-10**9] * nf
    cnp_due = [-1] * nf
    loss_due = [-1] * nf
    last_cut = [-10**9] * nf
    waste_until = [-1] * nf
    marked = [False] * nf
    counting = s.marking == "deterministic"
    debt = [(f + 1) / (nf + 1) for f in range(nf)]   # marks owed (deterministic marking), staggered
    g, ai, hai, fr = prm.g, prm.ai_Gbps, prm.hai_Gbps, prm.fast_recovery
    clamp, first_line = prm.clamp_target, prm.first_cnp_line_rate
    notified = [False] * nf
    min_rate, min_dec, byte_b = prm.min_rate_Gbps, prm.min_decrease, prm.byte_counter_B
    tcp_ai = 8.0 * PACKET_B / 1e3 / (BASE_RTT_US * BASE_RTT_US) * dt   # Gb/s per step at base RTT

    frames: dict[str, list[float]] = {k: [] for k in (
        "t_us", "queue_R_KB", "queue_R_tcp_KB", "queue_U_KB", "ingress_up_KB", "ingress_host_max_KB",
        "marks", "cnps", "paused_up", "paused_up_lossy", "paused_hosts_S", "paused_hosts_U",
        "receiver_pause", "watchdog", "tput_R_Gbps", "goodput_R_Gbps", "victim_Gbps", "tcp_Gbps",
        "tcp_victim_Gbps", "dropped_KB")}
    rates: list[list[float]] = [[] for _ in range(nf)]
    acc_marks = acc_cnps = 0.0
    acc_r = acc_good = acc_v = acc_tcp = acc_tv = 0.0
    arrivals: list[tuple[int, int, float]] = []
    sent_t = deliv_t = drop_t = 0.0
    sent_f = [0.0] * nf
    deliv_f = run.flow_delivered_B
    late_f = run.flow_late_B
    drop_f = run.flow_dropped_B
    qsamples = run.queue_samples_B
    pause_frames = 0
    up_paused_steps = 0
    wasted = 0.0
    max_res = 0.0
    up_counter = sim.up_counters

    for t in range(steps):
        # 1. PFC requests take effect after the pause round trip.
        slot = t % delay
        for k, f in host_k:
            r = ring[k]
            host_paused[f] = r[slot]
            r[slot] = req[k]
        up_pp = port_paused[0]
        for k, c in port_k:
            r = ring[k]
            up_pp[c] = r[slot]
            r[slot] = req[k]
        stuck = t >= stuck_at
        for c in (0, 1):
            rx_pause = stuck and protect[c]
            if rx_pause and not wd_on[c]:
                wd_run[c] += 1
                if s.watchdog and wd_run[c] >= wd_steps:
                    wd_on[c] = True
                    run.watchdog_trips += 1
            port_paused[1][c] = rx_pause and not wd_on[c]
        # 2. Senders inject into their first hop.
        for f in range(nf):
            if host_paused[f]:
                sent_f[f] = 0.0
                continue
            x = rc[f] * bpg
            sent_f[f] = x
            sent_t += x
            p0, sw, k0, c, droptail = first[f]
            room = lossy_limit - qc[p0][0] if droptail else buffer_B - occ[sw]
            if x > room:
                lost = x - max(room, 0.0)
                x -= lost
                drop_t += lost
                drop_f[f] += lost
                _on_drop(f, t, is_tcp, loss_due, waste_until, rtt, qc, cap)
            q[f][0] += x
            qc[p0][c] += x
            cnt[k0] += x
            occ[sw] += x
        # 3. Egress ports serve their classes.
        arrivals.clear()
        for p in (0, 1, 2):
            qp = qc[p]
            pp = port_paused[p]
            flush = p == 1 and stuck
            want0 = qp[0] if not pp[0] else 0.0
            want1 = qp[1] if not pp[1] else 0.0
            if want0 + want1 <= 0.0:
                continue
            s1 = min(want1, max(cap / 2, cap - want0))
            s0 = min(want0, cap - s1)
            for c, served in ((0, s0), (1, s1)):
                total = qp[c]
                if served <= 0.0 or total <= 0.0:
                    continue
                share = served / total
                pm = mark_probability(total, kmin, kmax, pmax) if c == LOSSLESS else 0.0
                sw = PORT_SWITCH[p]
                dropping = flush and wd_on[c]
                got = 0.0
                for f, h, k, last, qf in members[p][c]:
                    x = qf[h] * share
                    if x <= 0.0:
                        continue
                    qf[h] -= x
                    cnt[k] -= x
                    if pm > 0.0:
                        n = x / PACKET_B
                        acc_marks += pm * n
                        if counting:
                            owed = debt[f] + pm * n
                            if owed >= 1.0:
                                owed -= 1.0
                                marked[f] = True
                            debt[f] = owed
                        elif not marked[f] and (pm >= 1.0 or rng.random() < 1.0 - (1.0 - pm) ** n):
                            marked[f] = True
                    if not last:
                        arrivals.append((f, h + 1, x))
                    elif dropping:
                        drop_t += x
                        drop_f[f] += x
                    else:
                        got += x
                        deliv_f[f] += x
                        if t < waste_until[f]:
                            wasted += x
                            if p == 1:
                                acc_good -= x
                occ[sw] -= served
                if got > 0.0:
                    deliv_t += got
                    if p == 1:
                        acc_r += got
                        acc_good += got
                        if c == LOSSY:
                            acc_tcp += got
                    elif c == LOSSY:
                        acc_tv += got
                    else:
                        acc_v += got
                qp[c] -= served
            if flush:
                for c in (0, 1):
                    if wd_on[c] and qp[c] > 0.0:
                        for f, h, k, _, qf in members[1][c]:
                            x = qf[h]
                            qf[h] = 0.0
                            cnt[k] -= x
                            occ[1] -= x
                            drop_t += x
                            drop_f[f] += x
                        qp[c] = 0.0
        # 4. Bytes that left U arrive at S.
        for f, h, x in arrivals:
            p = hops[f][h]
            c = cls[f]
            sw = PORT_SWITCH[p]
            if c == LOSSY and not protect[LOSSY]:
                room = lossy_limit - qc[p][0]
            else:
                room = buffer_B - occ[sw]
            if p == 1 and stuck and wd_on[c]:
                room = 0.0
            if x > room:
                lost = x - max(room, 0.0)
                x -= lost
                drop_t += lost
                drop_f[f] += lost
                _on_drop(f, t, is_tcp, loss_due, waste_until, rtt, qc, cap)
            q[f][h] += x
            qc[p][c] += x
            cnt[ing[f][h]] += x
            occ[sw] += x
        # 5. PFC: XOFF / XON per ingress counter.
        for k in pfc_k:
            on, off = xoff, xon
            if pfc_a > 0.0:  # dynamic threshold (Choudhury and Hahne): alpha x free shared buffer
                on = pfc_a * (buffer_B - occ[ksw[k]])
                off = max(0.0, on - 2 * PACKET_B)
            if req[k]:
                if cnt[k] <= off:
                    req[k] = False
            elif cnt[k] >= on:
                req[k] = True
                pause_frames += 1
        if port_paused[0][1] or port_paused[0][0]:
            up_paused_steps += 1
        # 6. Notification point and reaction point.
        for f in dq:
            due = cnp_due[f] == t
            if marked[f]:
                marked[f] = False
                if t - last_cnp[f] >= cnp_gap:
                    last_cnp[f] = t
                    cnp_due[f] = t + fb
                    acc_cnps += 1
            if due and first_line and not notified[f]:
                notified[f] = True          # rate_to_set_on_first_cnp 0: line rate, α starts
                rc[f] = rt[f] = demand[f]
                alpha[f] = prm.initial_alpha
                last_dec[f] = t
                a_next[f] = t + alpha_steps
                t_next[f] = t + timer_steps
                tc[f] = bc[f] = 0
                b_count[f] = 0.0
                continue
            if due and t - last_dec[f] >= dec_gap:
                rate = rc[f]
                if clamp or tc[f] or bc[f]:
                    rt[f] = rate
                cut = 1.0 - alpha[f] / 2
                rate *= cut if cut > min_dec else min_dec
                rc[f] = rate if rate > min_rate else min_rate
                alpha[f] = (1 - g) * alpha[f] + g
                last_dec[f] = t
                a_next[f] = t + alpha_steps
                t_next[f] = t + timer_steps
                tc[f] = bc[f] = 0
                b_count[f] = 0.0
                continue
            if t >= a_next[f]:
                a_next[f] = t + alpha_steps
                alpha[f] *= 1 - g
            events = 0
            if t >= t_next[f]:
                t_next[f] = t + timer_steps
                tc[f] += 1
                events = 1
            b = b_count[f] + sent_f[f]
            if b >= byte_b:
                b -= byte_b
                bc[f] += 1
                events += 1
            b_count[f] = b
            for _ in range(events):
                lo, hi = (tc[f], bc[f]) if tc[f] < bc[f] else (bc[f], tc[f])
                if hi < fr:
                    pass
                elif lo >= fr:
                    rt[f] += (lo - fr + 1) * hai
                else:
                    rt[f] += ai
                if rt[f] > demand[f]:
                    rt[f] = demand[f]
                rc[f] = (rt[f] + rc[f]) / 2
        for f in tq:
            if loss_due[f] == t and t - last_cut[f] >= rtt:
                rc[f] = max(rc[f] / 2, min_rate)
                last_cut[f] = t
            elif not host_paused[f]:
                qdelay = (qc[1][0] + qc[0][0]) / cap * dt
                scale = BASE_RTT_US / (BASE_RTT_US + qdelay)
                rc[f] = min(demand[f], rc[f] + tcp_ai * scale * scale)
        if t >= half:
            qsamples.append(qc[1][1])
        if t + 1 == half:
            late_f[:] = [-v for v in deliv_f]
        if audit:
            queued = sum(sum(row) for row in q)
            res = abs(sent_t - deliv_t - drop_t - queued)
            if res > max_res:
                max_res = res
        # 7. Frames for the charts and the animation.
        if (t + 1) % frame_every == 0:
            span = frame_every * bpg
            fr_ = frames
            fr_["t_us"].append(round((t + 1) * dt, 3))
            fr_["queue_R_KB"].append(qc[1][1] / 1000)
            fr_["queue_R_tcp_KB"].append(qc[1][0] / 1000)
            fr_["queue_U_KB"].append((qc[0][0] + qc[0][1]) / 1000)
            fr_["ingress_up_KB"].append(sum(cnt[k] for k in up_counter) / 1000)
            fr_["ingress_host_max_KB"].append(max((cnt[k] for k in range(nk) if up_kind[k] and k_sw[k] == 1),
                                                  default=0.0) / 1000)
            fr_["marks"].append(acc_marks)
            fr_["cnps"].append(acc_cnps)
            fr_["paused_up"].append(1.0 if port_paused[0][1] else 0.0)
            fr_["paused_up_lossy"].append(1.0 if port_paused[0][0] else 0.0)
            fr_["paused_hosts_S"].append(float(sum(1 for f in range(nf) if host_paused[f] and hops[f][0] != 0)))
            fr_["paused_hosts_U"].append(float(sum(1 for f in range(nf) if host_paused[f] and hops[f][0] == 0)))
            fr_["receiver_pause"].append(1.0 if port_paused[1][1] else 0.0)
            fr_["watchdog"].append(1.0 if wd_on[1] else 0.0)
            fr_["tput_R_Gbps"].append(acc_r / span)
            fr_["goodput_R_Gbps"].append(acc_good / span)
            fr_["victim_Gbps"].append(acc_v / span)
            fr_["tcp_Gbps"].append(acc_tcp / span)
            fr_["tcp_victim_Gbps"].append(acc_tv / span)
            fr_["dropped_KB"].append(drop_t / 1000)
            for f in range(nf):
                rates[f].append(0.0 if host_paused[f] else rc[f])
            acc_marks = acc_cnps = acc_r = acc_good = acc_v = acc_tcp = acc_tv = 0.0

    if steps == 1 or half == 0:
        late_f[:] = [0.0] * nf
    for f in range(nf):
        late_f[f] += deliv_f[f]
    run.sent_B, run.delivered_B, run.dropped_B, run.wasted_B = sent_t, deliv_t, drop_t, wasted
    run.pause_frames, run.up_paused_steps, run.steps = pause_frames, up_paused_steps, steps
    run.frames, run.rates, run.max_residual_B = frames, rates, max_res
    return run


def _start_rates(s: Setup, flows: tuple[Flow, ...]) -> list[float]:
    """Line rate for everyone (an incast burst), or incast rates spread 0.5 to 1.5 × C/N."""
    rates = [f.demand_Gbps for f in flows]
    if s.start == "spread":
        fair = s.link_Gbps / s.senders
        for i in range(s.senders):
            rates[i] = fair * (0.5 + (i / (s.senders - 1) if s.senders > 1 else 0.5))
    return rates


def _on_drop(f: int, t: int, is_tcp: list[bool], loss_due: list[int], waste_until: list[int],
             rtt: int, qc: list[list[float]], cap: float) -> None:
    """A drop: TCP learns of it one RTT later; RoCE go-back-N wastes one RTT plus queueing."""
    if is_tcp[f]:
        if loss_due[f] < t:
            loss_due[f] = t + rtt
        return
    queueing = int((qc[0][1] + qc[1][1]) / cap)
    waste_until[f] = max(waste_until[f], t + rtt + queueing)
