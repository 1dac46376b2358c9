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
from operator import add, itemgetter

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
_first = itemgetter(0)   # a flow's first queue: its sender's ingress counter


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


def _loop(sim: _Sim) -> Run:
    """The run, step by step: PFC ring, injection, service, arrivals, XOFF/XON, reaction points, frames."""
    st = _State(sim)
    half, frame_every, stuck_at, tcp, audit = st.half, st.frame_every, st.stuck_at, bool(st.tq), st.audit
    samples, queue_r = st.run.queue_samples_B, st.qc[1]
    for t in range(st.steps):
        stuck = t >= stuck_at
        _pfc_ring(st, t, stuck)
        _inject(st, t)
        _serve(st, t, stuck)
        _arrive(st, t, stuck)
        _xoff_xon(st)
        _dcqcn(st, t)
        if tcp:
            _tcp(st, t)
        if t >= half:  # the second half's queue at R, for the percentiles
            samples.append(queue_r[1])
        if t + 1 == half:
            st.run.flow_late_B[:] = [-v for v in st.run.flow_delivered_B]
        if audit:
            _audit(st)
        if (t + 1) % frame_every == 0:
            _frame(st, t)
    return st.finish()


_Hop = tuple[int, int, int, int, int, int, list[float], bool, bool]
"""A flow's next hop: (flow, hop, port, class, switch, ingress counter, the flow's queues, drop-tail?, at R?)."""


class _State:
    """Everything a run changes, in flat lists indexed by flow, hop, ingress counter or port.

    The helpers below each do one part of a step; each binds what it uses to locals first, so
    the inner loops (service, above all) run on local variables.
    """

    def __init__(self, sim: _Sim) -> None:
        s, flows, prm = sim.s, sim.flows, sim.prm
        self.s, self.flows, self.prm, self.rng, self.audit = s, flows, prm, sim.rng, sim.audit
        nf = self.nf = len(flows)
        self.steps, self.dt, self.bpg, self.cap = sim.steps, sim.dt, sim.bpg, sim.cap
        dt = self.dt
        self.run = Run(s, flows, dt, flow_delivered_B=[0.0] * nf, flow_late_B=[0.0] * nf,
                       flow_dropped_B=[0.0] * nf)
        self._limits(s, prm)
        self._topology(sim)
        self._senders(s, prm)
        self._outputs()
        # What the service loop reads, bound once per run (lists and objects whose identity never changes).
        self.serve_refs = (self.cnt, self.arrivals, self.debt, self.marked, self.counting, self.rng,
                           self.run.flow_delivered_B, self.waste_until, self.fresh)
        self.arrive_refs = (self.qc, self.occ, self.cnt, self.lossy_limit, self.buffer_B, self.wd_on)
        self.inject_refs = (self.sent_f, self.rc, self.bpg, _inlets(self.first, self.q, self.qc),
                            self.occ, self.lossy_limit, self.buffer_B)

    def _limits(self, s: Setup, prm: DcqcnParams) -> None:
        dt, steps = self.dt, self.steps
        self.protect = _pfc_classes(s.pfc)
        self.buffer_B = s.buffer_KB * 1000
        self.lossy_limit = LOSSY_QUEUE_SHARE * self.buffer_B
        self.xoff = s.xoff_KB * 1000
        self.xon = max(0.0, self.xoff - 2 * PACKET_B)
        self.kmin, self.kmax, self.pmax = s.kmin_KB * 1000, s.kmax_KB * 1000, s.pmax
        self.delay = pause_steps(s)
        self.cnp_gap = max(1, int(round(prm.cnp_interval_us / dt)))
        self.fb = min(self.cnp_gap, max(1, int(round(BASE_RTT_US / 2 / dt))))  # one CNP in flight per flow
        self.rtt = max(1, int(round(BASE_RTT_US / dt)))
        self.dec_gap = int(round(prm.decrease_gap_us / dt))
        self.alpha_steps = max(1, int(round(prm.alpha_timer_us / dt)))
        self.timer_steps = max(1, int(round(prm.timer_us / dt)))
        self.stuck_at = steps // 4 if s.stuck_receiver else steps + 1
        self.wd_steps = max(1, int(round(s.watchdog_us / dt)))
        self.half = steps // 2
        self.frame_every = max(1, steps // MAX_FRAMES)
        self.tcp_ai = 8.0 * PACKET_B / 1e3 / (BASE_RTT_US * BASE_RTT_US) * dt   # Gb/s per step at base RTT

    def _topology(self, sim: _Sim) -> None:
        flows, nf, protect = self.flows, self.nf, self.protect
        self.hops = hops = [f.hops for f in flows]
        self.cls = cls = [f.cls for f in flows]
        self.ing = ing = sim.ing
        self.nk = nk = len(sim.upstream)
        self.up_kind = up_kind = [u[0] == "host" for u in sim.upstream]
        up_id = [u[1] for u in sim.upstream]
        up_cls = [u[2] for u in sim.upstream]
        self.k_sw = sim.counter_switch
        self.up_counter = sim.up_counters
        self.q = q = [[0.0] * len(hops[f]) for f in range(nf)]
        # Members of each (port, class) queue: (flow, hop, ingress counter, next hop or None, the flow's queues).
        self.members: list[list[list[tuple[int, int, int, _Hop | None, list[float]]]]] = [[[], []] for _ in PORTS]
        for f in range(nf):
            for h, p in enumerate(hops[f]):
                nxt = self.hop(f, h + 1) if h + 1 < len(hops[f]) else None
                self.members[p][cls[f]].append((f, h, ing[f][h], nxt, q[f]))
        # First hop of each flow: (port, switch, ingress counter, class, drop-tail lossy?).
        self.first = [(hops[f][0], PORT_SWITCH[hops[f][0]], ing[f][0], cls[f],
                       cls[f] == LOSSY and not protect[LOSSY]) for f in range(nf)]
        self.host_k = [(k, up_id[k]) for k in range(nk) if up_kind[k]]
        self.port_k = [(k, up_cls[k]) for k in range(nk) if not up_kind[k]]
        self.req = [False] * nk
        self.ring = [[False] * self.delay for _ in range(nk)]
        # Each sender's own ingress counter, in flow order; the requests in flight to the senders are
        # one snapshot per step (``host_ring[slot]``: paused or not, per flow).
        host_of = dict((f, k) for k, f in self.host_k)
        self.host_counter = [host_of[f] for f in range(nf)]
        self.host_ring = [[False] * nf for _ in range(self.delay)]
        self.qc = [[0.0, 0.0] for _ in PORTS]         # bytes per port per class
        # Ingress counters. A sender's counter at its first switch holds what its first queue holds (both
        # change by the same amounts in the same order), so it is read there: ``cnt`` keeps U→S's.
        self.cnt = [0.0] * nk
        self.pfc_k = [(k, q[up_id[k]], 0) if up_kind[k] else (k, self.cnt, k) for k in range(nk)
                      if protect[up_cls[k]]]           # (counter, where its value is, index there)
        self.s_hosts = [up_id[k] for k in range(nk) if up_kind[k] and self.k_sw[k] == 1]
        self.occ = [0.0, 0.0]                          # switch occupancy
        self.host_paused = [False] * nf
        self.port_paused = [[False, False] for _ in PORTS]
        self.wd_run = [0, 0]
        self.wd_on = [False, False]
        self.arrivals: list[tuple[_Hop, float]] = []

    def hop(self, f: int, h: int) -> _Hop:
        """Where bytes of flow ``f`` arrive at hop ``h``: bound once, so arrivals look nothing up."""
        p, c = self.hops[f][h], self.cls[f]
        return (f, h, p, c, PORT_SWITCH[p], self.ing[f][h], self.q[f],
                c == LOSSY and not self.protect[LOSSY], p == 1)

    def _senders(self, s: Setup, prm: DcqcnParams) -> None:
        flows, nf = self.flows, self.nf
        self.is_tcp = [f.cls == LOSSY for f in flows]
        self.n_incast = n = sum(1 for f in flows if f.kind == "incast")
        assert all(f.kind == "incast" for f in flows[:n])   # the DCQCN senders are flows 0 .. n-1
        self.tq = [i for i, f in enumerate(flows) if f.cls == LOSSY]
        self.demand = [f.demand_Gbps for f in flows]
        self.rc = _start_rates(s, flows)
        self.rt = list(self.rc)
        self.alpha = [prm.initial_alpha] * nf
        self.a_next = [self.alpha_steps - 1] * nf     # step of the next α decay
        self.t_next = [self.timer_steps - 1] * nf     # step of the next rate-increase timer event
        # The same steps as tables of who is due when (a flow may be listed at a step it no longer has).
        self.alpha_at: dict[int, list[int]] = {self.alpha_steps - 1: list(range(n))}
        self.timer_at: dict[int, list[int]] = {self.timer_steps - 1: list(range(n))}
        self.due_at: dict[int, list[int]] = {}        # CNPs reaching their senders, by step
        self.b_count = [0.0] * n
        self.tc = [0] * nf
        self.bc = [0] * nf
        self.last_dec = [-10**9] * nf
        self.last_cnp = [-10**9] * nf
        self.loss_due = [-1] * nf
        self.last_cut = [-10**9] * nf
        self.waste_until = [-1] * nf
        self.marked = [False] * nf
        self.fresh: list[int] = []                    # flows marked in this step, in order
        self.counting = s.marking == "deterministic"
        self.debt = [(f + 1) / (nf + 1) for f in range(nf)]   # marks owed (deterministic marking), staggered
        self.notified = [False] * nf
        self.sent_f = [0.0] * nf

    def _outputs(self) -> None:
        self.frames: dict[str, list[float]] = {k: [] for k in FRAME_KEYS}
        self.rates: list[list[float]] = [[] for _ in range(self.nf)]
        self.acc_marks = self.acc_cnps = 0.0
        self.acc_r = self.acc_good = self.acc_v = self.acc_tcp = self.acc_tv = 0.0
        self.sent_t = self.deliv_t = self.drop_t = 0.0
        self.pause_frames = self.up_paused_steps = 0
        self.wasted = self.max_res = 0.0

    def lose(self, f: int, x: float) -> None:
        """Bytes of flow ``f`` dropped (by a full buffer, drop-tail or the watchdog)."""
        self.drop_t += x
        self.run.flow_dropped_B[f] += x

    def admit(self, f: int, x: float, room: float, t: int) -> float:
        """What of ``x`` bytes (more than ``room``) fits; the rest is lost, and the sender learns of it."""
        lost = x - max(room, 0.0)
        self.lose(f, lost)
        _on_drop(f, t, self.is_tcp, self.loss_due, self.waste_until, self.rtt, self.qc, self.cap)
        return x - lost

    def finish(self) -> Run:
        run, nf = self.run, self.nf
        late_f, deliv_f = run.flow_late_B, run.flow_delivered_B
        if self.steps == 1 or self.half == 0:
            late_f[:] = [0.0] * nf
        for f in range(nf):
            late_f[f] += deliv_f[f]
        run.sent_B, run.delivered_B, run.dropped_B, run.wasted_B = self.sent_t, self.deliv_t, self.drop_t, self.wasted
        run.pause_frames, run.up_paused_steps, run.steps = self.pause_frames, self.up_paused_steps, self.steps
        run.frames, run.rates, run.max_residual_B = self.frames, self.rates, self.max_res
        return run


FRAME_KEYS = ("t_us", "queue_R_KB", "queue_R_tcp_KB", "queue_U_KB", "ingress_up_KB", "ingress_host_max_KB",
              "marks", "cnps", "paused_up", "paused_up_lossy", "paused_hosts_S", "paused_hosts_U",
              "receiver_pause", "watchdog", "tput_R_Gbps", "goodput_R_Gbps", "victim_Gbps", "tcp_Gbps",
              "tcp_victim_Gbps", "dropped_KB")


def _pfc_ring(st: _State, t: int, stuck: bool) -> None:
    """1. PFC requests take effect after the pause round trip; a stuck receiver pauses S→R (watchdog aside)."""
    slot = t % st.delay
    ring, req = st.ring, st.req
    st.host_paused = st.host_ring[slot]
    st.host_ring[slot] = list(map(req.__getitem__, st.host_counter))
    up_pp = st.port_paused[0]
    for k, c in st.port_k:
        r = ring[k]
        up_pp[c] = r[slot]
        r[slot] = req[k]
    wd_run, wd_on, protect, rx_pp = st.wd_run, st.wd_on, st.protect, st.port_paused[1]
    if not stuck:
        rx_pp[0] = rx_pp[1] = False
        return
    for c in (0, 1):
        rx_pause = protect[c]
        if rx_pause and not wd_on[c]:
            wd_run[c] += 1
            if st.s.watchdog and wd_run[c] >= st.wd_steps:
                wd_on[c] = True
                st.run.watchdog_trips += 1
        rx_pp[c] = rx_pause and not wd_on[c]


_Inlet = tuple[list[float], int, int, bool, list[tuple[int, list[float]]]]
"""Consecutive flows with the same first queue: (its port's class bytes, switch, class, drop-tail?,
[(flow, the flow's queues)]); the first queue is also the flow's ingress counter."""


def _inlets(first: list[tuple[int, int, int, int, bool]], q: list[list[float]],
            qc: list[list[float]]) -> list[_Inlet]:
    """Flows grouped, in flow order, by first queue, so injection keeps that queue's sums in locals."""
    groups: list[_Inlet] = []
    last = None
    for f, (p0, sw, _, c, droptail) in enumerate(first):
        if last != (p0, c, droptail):
            last = (p0, c, droptail)
            groups.append((qc[p0], sw, c, droptail, []))
        groups[-1][4].append((f, q[f]))
    return groups


def _inject(st: _State, t: int) -> None:
    """2. Senders inject into their first hop (drop-tail for unprotected lossy bytes).

    The group's queue and switch sums live in locals (same additions, same order as one flow at a
    time) and are stored before a drop, whose go-back-N reads the queues."""
    sent_f, rc, bpg, inlets, occ, lossy_limit, buffer_B = st.inject_refs
    host_paused = st.host_paused
    sent = st.sent_t
    for qp, sw, c, droptail, members in inlets:
        o, v = occ[sw], qp[c]   # drop-tail is the lossy class only, so qp[0] is v there
        for f, qf in members:
            if host_paused[f]:
                sent_f[f] = 0.0
                continue
            x = rc[f] * bpg
            sent_f[f] = x
            sent += x
            room = lossy_limit - v if droptail else buffer_B - o
            if x > room:
                occ[sw], qp[c] = o, v
                x = st.admit(f, x, room, t)
            qf[0] += x
            v += x
            o += x
        occ[sw], qp[c] = o, v
    st.sent_t = sent


def _serve(st: _State, t: int, stuck: bool) -> None:
    """3. Egress ports serve their two classes, equal weights, work-conserving; marks taken at dequeue."""
    qc, port_paused, cap, occ, wd_on, members = st.qc, st.port_paused, st.cap, st.occ, st.wd_on, st.members
    kmin, kmax, pmax = st.kmin, st.kmax, st.pmax
    st.arrivals.clear()
    for p in (0, 1, 2):
        qp = qc[p]
        pp = port_paused[p]
        want0 = qp[0] if not pp[0] else 0.0
        want1 = qp[1] if not pp[1] else 0.0
        if want0 + want1 <= 0.0:
            continue
        s1 = min(want1, max(cap / 2, cap - want0))
        s0 = min(want0, cap - s1)
        flush = p == 1 and stuck
        for c in (0, 1):
            served = s1 if c else s0
            total = qp[c]
            if served > 0.0 and total > 0.0:
                pm = mark_probability(total, kmin, kmax, pmax) if c == LOSSLESS else 0.0
                _serve_class(st, t, members[p][c], served / total, pm, p == 1, c, flush and wd_on[c])
                occ[PORT_SWITCH[p]] -= served
                qp[c] -= served
        if flush:
            _flush(st, qp)


def _serve_class(st: _State, t: int, queue: list[tuple[int, int, int, _Hop | None, list[float]]], share: float,
                 pm: float, at_r: bool, c: int, dropping: bool) -> None:
    """The tight inner loop: one class ``c`` of one port (``queue``, its members), each member leaving in
    proportion to its bytes, marked with probability ``pm``; then what reached a receiver is counted."""
    cnt, arrivals, debt, marked, counting, rng, deliv_f, waste_until, fresh = st.serve_refs
    marks, wasted, good, got = st.acc_marks, st.wasted, st.acc_good, 0.0  # summed in the original order
    arrive, marking, certain, keep, packet = arrivals.append, pm > 0.0, pm >= 1.0, 1.0 - pm, PACKET_B
    for f, h, k, nxt, qf in queue:
        x = qf[h] * share
        if x <= 0.0:
            continue
        qf[h] -= x
        if h:  # a first hop's counter is its queue
            cnt[k] -= x
        if marking:
            n = x / packet
            pn = pm * n
            marks += pn
            if counting:
                owed = debt[f] + pn
                if owed >= 1.0:
                    owed -= 1.0
                    if not marked[f]:
                        marked[f] = True
                        fresh.append(f)
                debt[f] = owed
            elif not marked[f] and (certain or rng.random() < 1.0 - keep ** n):
                marked[f] = True
                fresh.append(f)
        if nxt is not None:
            arrive((nxt, x))
        elif dropping:
            st.lose(f, x)
        else:
            got += x
            deliv_f[f] += x
            if t < waste_until[f]:
                wasted += x
                if at_r:
                    good -= x
    if got > 0.0:  # throughput counters (goodput excludes go-back-N waste)
        st.deliv_t += got
        if at_r:
            st.acc_r += got
            good += got
            if c == LOSSY:
                st.acc_tcp += got
        elif c == LOSSY:
            st.acc_tv += got
        else:
            st.acc_v += got
    st.acc_marks, st.wasted, st.acc_good = marks, wasted, good


def _flush(st: _State, qp: list[float]) -> None:
    """The watchdog drops what is queued for the stuck receiver."""
    for c in (0, 1):
        if st.wd_on[c] and qp[c] > 0.0:
            for f, h, k, _, qf in st.members[1][c]:
                x = qf[h]
                qf[h] = 0.0
                if h:
                    st.cnt[k] -= x
                st.occ[1] -= x
                st.lose(f, x)
            qp[c] = 0.0


def _arrive(st: _State, t: int, stuck: bool) -> None:
    """4. Bytes that left U arrive at S."""
    qc, occ, cnt, lossy_limit, buffer_B, wd_on = st.arrive_refs
    for (f, h, p, c, sw, k, qf, droptail, at_r), x in st.arrivals:
        room = lossy_limit - qc[p][0] if droptail else buffer_B - occ[sw]
        if at_r and stuck and wd_on[c]:
            room = 0.0
        if x > room:
            x = st.admit(f, x, room, t)
        qf[h] += x
        qc[p][c] += x
        cnt[k] += x
        occ[sw] += x


def _xoff_xon(st: _State) -> None:
    """5. PFC: XOFF / XON per ingress counter (a pause frame counted at each XOFF). With ``pfc_alpha``
    the thresholds are dynamic (Choudhury and Hahne): alpha × the switch's free shared buffer."""
    if st.s.pfc_alpha > 0.0:
        _xoff_xon_dynamic(st)
    elif any(st.req) or max(st.cnt) >= st.xoff or max(map(_first, st.q)) >= st.xoff:
        # (else no counter is paused or reaches XOFF: nothing changes)
        _xoff_xon_fixed(st)
    if st.port_paused[0][1] or st.port_paused[0][0]:
        st.up_paused_steps += 1


def _xoff_xon_fixed(st: _State) -> None:
    req, xon, xoff = st.req, st.xon, st.xoff
    for k, held, i in st.pfc_k:
        if req[k]:
            if held[i] <= xon:
                req[k] = False
        elif held[i] >= xoff:
            req[k] = True
            st.pause_frames += 1


def _xoff_xon_dynamic(st: _State) -> None:
    req, pfc_a, ksw, occ, buffer_B = st.req, st.s.pfc_alpha, st.k_sw, st.occ, st.buffer_B
    for k, held, i in st.pfc_k:
        on = pfc_a * (buffer_B - occ[ksw[k]])
        off = max(0.0, on - 2 * PACKET_B)
        if req[k]:
            if held[i] <= off:
                req[k] = False
        elif held[i] >= on:
            req[k] = True
            st.pause_frames += 1


def _dcqcn(st: _State, t: int) -> None:
    """6. Notification point (a CNP per marked flow, at most one per interval) and DCQCN reaction points:
    a CNP cuts the rate; otherwise α decays on its timer and timer or byte-counter events raise it.

    Work follows events: the flows marked in this step, the CNPs and timers due now (``_at`` tables),
    and the byte counters, which are summed for every sender at once."""
    if st.fresh:
        _notify(st, t)
    _increase(st, t, _react(st, t) if t in st.due_at else ())


def _at(table: dict[int, list[int]], step: int, f: int) -> None:
    """Note that flow ``f`` is due at ``step``."""
    if step in table:
        table[step].append(f)
    else:
        table[step] = [f]


def _notify(st: _State, t: int) -> None:
    """The receivers of the senders marked in this step send a CNP, unless they sent one within the interval."""
    marked, last_cnp, n, gap, due = st.marked, st.last_cnp, st.n_incast, st.cnp_gap, t + st.fb
    cnps = st.acc_cnps
    for f in st.fresh:
        if f >= n:   # not a DCQCN sender (the victim flow): it stays marked
            continue
        marked[f] = False
        if t - last_cnp[f] >= gap:
            last_cnp[f] = t
            _at(st.due_at, due, f)
            cnps += 1
    st.fresh.clear()
    st.acc_cnps = cnps


def _react(st: _State, t: int) -> list[int]:
    """CNPs reaching their senders now: the first may set line rate (ConnectX), others cut the rate unless
    one was cut within the decrease gap. Returns the senders that reacted (their timers restart)."""
    reacted = []
    for f in st.due_at.pop(t):
        if st.prm.first_cnp_line_rate and not st.notified[f]:
            _first_cnp(st, f, t)
        elif t - st.last_dec[f] >= st.dec_gap:
            _decrease(st, f, t)
        else:
            continue
        reacted.append(f)
    return reacted


def _increase(st: _State, t: int, reacted: list[int] | tuple[()]) -> None:
    """Senders that did not react: α decays on its timer; the timer and the byte counter raise the rate."""
    b = list(map(add, st.b_count, st.sent_f[:st.n_incast]))
    for f in reacted:
        b[f] = 0.0
    st.b_count = b
    if t in st.alpha_at:
        _alpha_decay(st, t)
    events: dict[int, int] = _timer(st, t) if t in st.timer_at else {}
    if max(b) >= st.prm.byte_counter_B:
        _byte_counter(st, b, events)
    for f, e in events.items():
        _raise(st, f, e)


def _alpha_decay(st: _State, t: int) -> None:
    """α decays for the senders whose α timer is due now."""
    a_next = st.a_next
    for f in st.alpha_at.pop(t):
        if a_next[f] == t:
            a_next[f] = t + st.alpha_steps
            _at(st.alpha_at, a_next[f], f)
            st.alpha[f] *= 1 - st.prm.g


def _timer(st: _State, t: int) -> dict[int, int]:
    """Rate-increase timer events of the senders whose timer is due now: {sender: 1}."""
    t_next, events = st.t_next, {}
    for f in st.timer_at.pop(t):
        if t_next[f] == t:
            t_next[f] = t + st.timer_steps
            _at(st.timer_at, t_next[f], f)
            st.tc[f] += 1
            events[f] = 1
    return events


def _byte_counter(st: _State, b: list[float], events: dict[int, int]) -> None:
    """Byte-counter events: every ``byte_counter_B`` a sender sends."""
    for f, v in enumerate(b):
        if v >= st.prm.byte_counter_B:
            b[f] = v - st.prm.byte_counter_B
            st.bc[f] += 1
            events[f] = events.get(f, 0) + 1


def _first_cnp(st: _State, f: int, t: int) -> None:
    """rate_to_set_on_first_cnp 0: the first CNP sets line rate and α starts."""
    st.notified[f] = True
    st.rc[f] = st.rt[f] = st.demand[f]
    st.alpha[f] = st.prm.initial_alpha
    _restart_timers(st, f, t)


def _restart_timers(st: _State, f: int, t: int) -> None:
    st.last_dec[f] = t
    st.a_next[f] = t + st.alpha_steps
    _at(st.alpha_at, st.a_next[f], f)
    st.t_next[f] = t + st.timer_steps
    _at(st.timer_at, st.t_next[f], f)
    st.tc[f] = st.bc[f] = 0
    st.b_count[f] = 0.0


def _decrease(st: _State, f: int, t: int) -> None:
    """A CNP: cut the rate by α/2 (bounded), remember the target, α moves towards 1."""
    prm = st.prm
    rate = st.rc[f]
    if prm.clamp_target or st.tc[f] or st.bc[f]:
        st.rt[f] = rate
    cut = 1.0 - st.alpha[f] / 2
    rate *= cut if cut > prm.min_decrease else prm.min_decrease
    st.rc[f] = rate if rate > prm.min_rate_Gbps else prm.min_rate_Gbps
    st.alpha[f] = (1 - prm.g) * st.alpha[f] + prm.g
    _restart_timers(st, f, t)


def _raise(st: _State, f: int, events: int) -> None:
    """Each event: fast recovery towards the target, then additive, then hyper-additive increase."""
    prm, rt, rc, demand = st.prm, st.rt, st.rc, st.demand
    for _ in range(events):
        tc, bc, fr = st.tc[f], st.bc[f], prm.fast_recovery
        lo, hi = (tc, bc) if tc < bc else (bc, tc)
        if hi < fr:
            pass
        elif lo >= fr:
            rt[f] += (lo - fr + 1) * prm.hai_Gbps
        else:
            rt[f] += prm.ai_Gbps
        if rt[f] > demand[f]:
            rt[f] = demand[f]
        rc[f] = (rt[f] + rc[f]) / 2


def _tcp(st: _State, t: int) -> None:
    """TCP-like flows: halve once per RTT on a loss, else additive increase scaled by queueing delay."""
    rc, qc = st.rc, st.qc
    for f in st.tq:
        if st.loss_due[f] == t and t - st.last_cut[f] >= st.rtt:
            rc[f] = max(rc[f] / 2, st.prm.min_rate_Gbps)
            st.last_cut[f] = t
        elif not st.host_paused[f]:
            qdelay = (qc[1][0] + qc[0][0]) / st.cap * st.dt
            scale = BASE_RTT_US / (BASE_RTT_US + qdelay)
            rc[f] = min(st.demand[f], rc[f] + st.tcp_ai * scale * scale)


def _audit(st: _State) -> None:
    """Conservation: sent = delivered + dropped + queued, to rounding; the largest residual is kept."""
    queued = sum(sum(row) for row in st.q)
    res = abs(st.sent_t - st.deliv_t - st.drop_t - queued)
    if res > st.max_res:
        st.max_res = res


def _frame(st: _State, t: int) -> None:
    """7. One frame for the charts and the animation; the per-frame accumulators restart."""
    span = st.frame_every * st.bpg
    qc, cnt, hops, host_paused, pp = st.qc, st.cnt, st.hops, st.host_paused, st.port_paused
    nf = st.nf
    values = (
        round((t + 1) * st.dt, 3), qc[1][1] / 1000, qc[1][0] / 1000, (qc[0][0] + qc[0][1]) / 1000,
        sum(cnt[k] for k in st.up_counter) / 1000,
        max((st.q[f][0] for f in st.s_hosts), default=0.0) / 1000,
        st.acc_marks, st.acc_cnps, 1.0 if pp[0][1] else 0.0, 1.0 if pp[0][0] else 0.0,
        float(sum(1 for f in range(nf) if host_paused[f] and hops[f][0] != 0)),
        float(sum(1 for f in range(nf) if host_paused[f] and hops[f][0] == 0)),
        1.0 if pp[1][1] else 0.0, 1.0 if st.wd_on[1] else 0.0,
        st.acc_r / span, st.acc_good / span, st.acc_v / span, st.acc_tcp / span, st.acc_tv / span,
        st.drop_t / 1000,
    )
    for key, value in zip(FRAME_KEYS, values):
        st.frames[key].append(value)
    for f in range(nf):
        st.rates[f].append(0.0 if host_paused[f] else st.rc[f])
    st.acc_marks = st.acc_cnps = st.acc_r = st.acc_good = st.acc_v = st.acc_tcp = st.acc_tv = 0.0


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
