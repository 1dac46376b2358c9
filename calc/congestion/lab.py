"""The PFC/ECN/DCQCN lab: incast into one switch port, simulated, with the article's scenarios.

The simulation is :mod:`calc.congestion.sim` (a fluid, time-stepped model of
two switches, ECN marking, DCQCN senders and PFC with headroom); DCQCN's
parameter sets and the fluid model's fixed point are in :mod:`calc.congestion.dcqcn`.
This module declares the ``congestion`` calculator: one run, its scalar
results, its time series as charts, and the frames the animated view plays.

Queue figures are taken over the second half of the run (after the incast
burst), on the lossless queue of the incast port S→R. Utilization is what
S→R delivered over the whole run divided by its capacity; goodput leaves out
what go-back-N receivers discard after a drop.
"""

from __future__ import annotations

from typing import Any

from calc.congestion.dcqcn import DCQCN_PAPER, ECN_OR_DELAY, ISEKAI_DCQCN, NS3_RDMA, NVIDIA_DCQCN, PARAMS, fixed_point
from calc.congestion.headroom import CISCO_PFC, IEEE_QBB
from calc.congestion.sim import PORTS, Run, Setup, flows_for, headroom_B, pause_delay_us, simulate
from calc.errors import ValidationError
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Bool, Choice, Float, Int, Value
from calc.registry import calculator
from calc.sources import cite

DYNAMIC_THRESHOLD = cite(
    "choudhury1998",
    "Dynamic queue length thresholds for shared-memory packet switches",
    "IEEE/ACM Transactions on Networking 6(2)", 1998, "https://doi.org/10.1109/90.664260",
    authors="A. K. Choudhury and E. L. Hahne",
    note="A queue may grow to alpha times the unused buffer; the threshold adapts to the load.",
)

__all__ = ["SCENARIOS", "SCENARIO_LABELS", "summarize", "congestion", "jain", "percentile",
           "SWEEP_SENDERS", "rounded"]

PFC_WATCHDOG = cite(
    "sonic-pfcwd",
    "PFC Watchdog test plan: storm detection (default 400 ms), drop action, restoration (default 2 s)",
    "SONiC project, github.com/sonic-net/sonic-mgmt, docs/PFCWD-test-plan.md", 2020,
    "https://github.com/sonic-net/sonic-mgmt/blob/master/docs/PFCWD-test-plan.md",
    authors="W. Bai and S. Mozumdar",
)
RDMA_AT_SCALE = cite(
    "guo2016rdma",
    "RDMA over Commodity Ethernet at Scale (PFC deadlock, storms and the watchdog)",
    "ACM SIGCOMM 2016", 2016, "https://doi.org/10.1145/2934872.2934908",
    authors="C. Guo, H. Wu, Z. Deng, G. Soni, J. Ye, J. Padhye and M. Lipshteyn",
)

_BASE: dict[str, Value] = {
    "kmin_KB": 5.0, "kmax_KB": 200.0, "pmax": 0.01, "pfc": "roce", "buffer_KB": 4000.0,
    "xoff_KB": 100.0, "pfc_alpha": 0.0, "dcqcn": "paper", "tcp": "off", "stuck_receiver": "off", "watchdog": "off",
}
SCENARIOS: dict[str, dict[str, Value]] = {
    "paper": dict(_BASE),
    "nic": {**_BASE, "dcqcn": "connectx"},
    "ecn_low": {**_BASE, "kmin_KB": 1.0, "kmax_KB": 5.0, "pmax": 1.0},
    "ecn_high": {**_BASE, "kmin_KB": 1000.0, "kmax_KB": 3000.0},
    "rule": {**_BASE, "kmin_KB": 1600.0, "kmax_KB": 2400.0},
    "pfc_roce": {**_BASE, "tcp": "on", "stuck_receiver": "on"},
    "pfc_all": {**_BASE, "tcp": "on", "pfc": "all", "stuck_receiver": "on"},
    "droptail": {**_BASE, "pfc": "off", "buffer_KB": 150.0},
    "storm": {**_BASE, "stuck_receiver": "on"},
    "storm_watchdog": {**_BASE, "stuck_receiver": "on", "watchdog": "on"},
    "sweep": dict(_BASE),
}
SCENARIO_LABELS = {
    "paper": "DCQCN paper defaults (Kmin 5 KB, Kmax 200 KB, Pmax 1 %)",
    "nic": "NIC defaults (ConnectX firmware DCQCN), paper ECN",
    "ecn_low": "ECN threshold too low (1–5 KB, mark everything)",
    "ecn_high": "ECN threshold too high (1–3 MB): PFC fires first",
    "rule": "Article's rule of thumb: ECN at 40–60 % of the 4 MB buffer",
    "pfc_roce": "Stuck receiver with a TCP class, PFC on the RoCE priority only",
    "pfc_all": "Stuck receiver with a TCP class, PFC on every priority",
    "droptail": "No PFC, drop-tail buffer of 150 KB (loss and go-back-N)",
    "storm": "Stuck receiver: PFC storm, no watchdog",
    "storm_watchdog": "Stuck receiver: PFC storm with watchdog",
    "sweep": "Incast degree sweep (2 to 64 senders)",
    "custom": "Custom",
}
SWEEP_SENDERS = (2, 4, 8, 16, 32, 64)
ON_OFF = ("off", "on")
ON_OFF_LABELS = {"off": "Off", "on": "On"}
CHART_POINTS = 125   # charts are thinned; the animation's data keeps every frame
CHART_FLOWS = 8      # per-flow rate traces drawn in the chart (evenly picked); the view has all


def jain(values: list[float]) -> float:
    """Jain's fairness index: (Σx)² / (n Σx²); 1 when all equal, 1/n when one takes all."""
    total = sum(values)
    squares = sum(v * v for v in values)
    return 1.0 if squares == 0 else total * total / (len(values) * squares)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def summarize(run: Run) -> dict[str, float | int]:
    """Scalar results of a run."""
    s = run.setup
    incast = [i for i, f in enumerate(run.flows) if f.kind == "incast"]
    victims = [i for i, f in enumerate(run.flows) if f.kind == "victim"]
    tcp_v = [i for i, f in enumerate(run.flows) if f.kind == "tcp_victim"]
    late_us = run.steps * run.dt_us - (run.steps // 2) * run.dt_us
    late_rates = [run.flow_late_B[i] / late_us / 125 for i in incast]
    duration = run.steps * run.dt_us
    capacity_B = s.link_Gbps * 125 * duration
    to_r = sum(run.flow_delivered_B[i] for i, f in enumerate(run.flows) if f.hops[-1] == 1)
    qs = run.queue_samples_B or [0.0]
    return {
        "mean_queue_KB": sum(qs) / len(qs) / 1000,
        "p99_queue_KB": percentile(qs, 99) / 1000,
        "utilization": to_r / capacity_B,
        "goodput_utilization": max(0.0, to_r - run.wasted_B) / capacity_B,
        "jain_fairness": jain(late_rates),
        "pause_fraction": run.up_paused_steps / run.steps,
        "pause_frames": run.pause_frames,
        "dropped_bytes": float(round(run.dropped_B)),
        "mean_rate_Gbps": sum(late_rates) / len(late_rates),
        "victim_Gbps": sum(run.flow_delivered_B[i] for i in victims) / duration / 125,
        "tcp_victim_Gbps": sum(run.flow_delivered_B[i] for i in tcp_v) / duration / 125,
    }


def _validate(kmin_KB: float, kmax_KB: float, xoff_KB: float, buffer_KB: float) -> None:
    if kmax_KB < kmin_KB:
        raise ValidationError("kmax_KB", f"kmax_KB must be at least kmin_KB ({kmin_KB:g}): got {kmax_KB:g}",
                              mentions=("kmin_KB",))
    if xoff_KB > buffer_KB:
        raise ValidationError("xoff_KB", f"xoff_KB must be at most buffer_KB ({buffer_KB:g}): got {xoff_KB:g}",
                              mentions=("buffer_KB",))


def _charts(run: Run, xoff_KB: float) -> dict[str, tuple[Trace, ...]]:
    fr = run.frames
    every = max(1, len(fr["t_us"]) // CHART_POINTS)
    t = tuple(fr["t_us"][every - 1::every])

    def thin(values: list[float]) -> tuple[float, ...]:
        return tuple(round(v, 3) for v in values[every - 1::every])

    def tr(name: str, key: str) -> Trace:
        return Trace(name, t, thin(fr[key]))

    incast = [i for i, f in enumerate(run.flows) if f.kind == "incast"]
    shown = incast[::max(1, -(-len(incast) // CHART_FLOWS))]
    rates = tuple(Trace(run.flows[i].name, t, thin(run.rates[i])) for i in shown)
    fair = Trace("Fair share C/N", t, tuple(run.setup.link_Gbps / run.setup.senders for _ in t))
    return {
        "queue": (tr("S→R queue (RoCE)", "queue_R_KB"), tr("U→S queue", "queue_U_KB"),
                  tr("S ingress from U (PFC counter)", "ingress_up_KB"),
                  Trace("XOFF", t, tuple(xoff_KB for _ in t))),
        "rates": (*rates, fair),
        "marks": (tr("ECN-marked packets", "marks"), tr("CNPs sent", "cnps")),
        "pause": (tr("U→S paused (RoCE)", "paused_up"), tr("U→S paused (TCP)", "paused_up_lossy"),
                  tr("Hosts paused on S", "paused_hosts_S"), tr("Hosts paused on U", "paused_hosts_U"),
                  tr("Receiver pausing S→R", "receiver_pause")),
        "throughput": (tr("S→R delivered", "tput_R_Gbps"), tr("S→R goodput", "goodput_R_Gbps"),
                       tr("Victim flow (to V)", "victim_Gbps"), tr("TCP to R", "tcp_Gbps"),
                       tr("TCP to V", "tcp_victim_Gbps")),
    }


def rounded(rows: list[list[float]], digits: int = 2) -> list[list[float]]:
    """``[[round(v, digits) ...] ...]``, each distinct value rounded once: a sender's rate holds between
    DCQCN events, so the view's 64 × 250 rate samples have a few dozen distinct values."""
    done: dict[float, float] = {}

    def one(v: float) -> float:
        if v not in done:
            done[v] = round(v, digits)
        return done[v]

    return [[one(v) for v in row] for row in rows]


def _data(run: Run, setup: Setup) -> dict[str, Any]:
    """Everything the animated view needs, rounded to keep the page small."""
    frames = {k: [round(v, 2) for v in vs] for k, vs in run.frames.items()}
    flows = [{"name": f.name, "kind": f.kind, "hops": [PORTS[p] for p in f.hops],
              "remote": f.hops[0] == 0} for f in run.flows]
    return {
        "frames": frames,
        "rates": rounded(run.rates),
        "flows": flows,
        "kmin_KB": setup.kmin_KB, "kmax_KB": setup.kmax_KB, "pmax": setup.pmax,
        "xoff_KB": setup.xoff_KB, "xon_KB": max(0.0, setup.xoff_KB - 2.0),
        "buffer_KB": setup.buffer_KB, "headroom_KB": headroom_B(setup) / 1000,
        "link_Gbps": setup.link_Gbps, "fair_Gbps": setup.link_Gbps / setup.senders,
        "pfc": setup.pfc, "duration_us": run.steps * run.dt_us,
    }


def _sweep(setup: Setup) -> tuple[tuple[float | int | str | bool, ...], ...]:
    rows = []
    for n in SWEEP_SENDERS:
        one = summarize(simulate(Setup(**{**setup.__dict__, "senders": n,
                                          "duration_us": min(setup.duration_us, 1000.0)})))
        rows.append(_row(n, one))
    return tuple(rows)


def _row(n: int, one: dict[str, float | int]) -> tuple[float | int | str | bool, ...]:
    return (n, round(float(one["utilization"]), 3), round(float(one["p99_queue_KB"]), 1),
            round(float(one["pause_fraction"]), 3), round(float(one["dropped_bytes"])), round(float(one["jain_fairness"]), 3))


PARAMS_DECL = (
    Choice("scenario", "Scenario", "paper", choices=tuple(SCENARIO_LABELS), labels=SCENARIO_LABELS,
           fills=SCENARIOS, help="Fills ECN, PFC, buffer and NIC settings for one of the article's cases."),
    Int("senders", "Senders (incast degree)", 16, minimum=1, maximum=64,
        help="RoCE senders into one receiver; half on switch S, half behind the upstream switch U."),
    Float("link_Gbps", "Link speed", 100.0, unit="Gb/s", minimum=10.0, maximum=400.0,
          help="Every link: hosts, U→S and the receivers."),
    Float("kmin_KB", "ECN Kmin", 5.0, unit="KB", minimum=0.0, maximum=100000.0,
          help="Queue depth where marking starts (1 KB = 1000 B)."),
    Float("kmax_KB", "ECN Kmax", 200.0, unit="KB", minimum=0.0, maximum=100000.0,
          help="Queue depth where marking reaches Pmax; above it every packet is marked."),
    Float("pmax", "ECN Pmax", 0.01, minimum=0.0, maximum=1.0,
          help="Marking probability at Kmax (0.01 = 1 %)."),
    Choice("pfc", "PFC", "roce", choices=("off", "roce", "all"),
           labels={"off": "Off (lossy everywhere)", "roce": "On the RoCE priority only", "all": "On every priority"},
           help="Which priorities PFC protects."),
    Float("buffer_KB", "Switch buffer", 4000.0, unit="KB", minimum=100.0, maximum=100000.0,
          help="Shared buffer of each switch."),
    Float("xoff_KB", "PFC XOFF per ingress port", 100.0, advanced=True, unit="KB", minimum=1.0, maximum=100000.0,
          help="Bytes held for one ingress port and priority before the switch pauses it; XON is 2 KB lower."),
    Float("pfc_alpha", "PFC dynamic threshold α", 0.0, advanced=True, minimum=0.0, maximum=64.0,
          help="0 keeps the fixed XOFF above. Above 0, an ingress port pauses when it holds α times the "
               "switch's free shared buffer, as shared-buffer switches set their thresholds (Choudhury and Hahne)."),
    Choice("dcqcn", "DCQCN parameters", "paper", choices=("paper", "connectx"),
           labels={"paper": "DCQCN paper (Zhu et al. 2015)", "connectx": "NVIDIA ConnectX firmware defaults"},
           help="Sender (reaction point) and receiver (notification point) settings."),
    Bool("victim", "Victim flow", True,
         help="A steady RoCE flow at 25 % of line rate from U to the idle receiver V, sharing the link U→S."),
    Choice("tcp", "Lossy TCP class", "off", choices=ON_OFF, labels=ON_OFF_LABELS,
           help="Adds two TCP-like flows on another priority (to R and to V)."),
    Choice("stuck_receiver", "Stuck receiver", "off", choices=ON_OFF, labels=ON_OFF_LABELS,
           help="From a quarter of the run, receiver R stops draining and pauses its link forever."),
    Choice("watchdog", "PFC watchdog", "off", choices=ON_OFF, labels=ON_OFF_LABELS,
           help="S ignores a pause that lasts 200 µs without a break and drops traffic to that port."),
    Float("duration_us", "Simulated time", 2000.0, advanced=True, unit="µs", minimum=100.0, maximum=10000.0,
          help="Length of the run."),
    Int("seed", "Random seed", 1, advanced=True, minimum=0, maximum=2**31 - 1, help="Seeds the ECN marking draws."),
    Choice("marking", "ECN marking", "random", advanced=True, choices=("random", "deterministic"),
           labels={"random": "Random, as RED does", "deterministic": "Deterministic: every 1/p-th packet"},
           help="How the switch draws marks at probability p; the fluid model assumes the average."),
    Choice("start", "Start", "line", advanced=True, choices=("line", "spread"),
           labels={"line": "Every sender at line rate (an incast burst)",
                   "spread": "Rates spread 0.5–1.5 × C/N (for the fluid-model check)"},
           help="How the senders' rates start."),
)


@calculator(
    name="congestion",
    title="PFC, ECN and DCQCN: incast into one switch port",
    summary="Simulates N RoCE senders into one port with ECN marking, DCQCN, PFC pauses, headroom and a victim flow.",
    params=PARAMS_DECL,
    outputs=(
        Scalar("mean_queue_KB", "Mean queue (second half)", "KB", "Lossless queue of S→R, averaged after the burst."),
        Scalar("p99_queue_KB", "99th percentile queue", "KB", "Same queue, 99th percentile."),
        Scalar("utilization", "Utilization of S→R", "", "Bytes delivered to R over the link's capacity."),
        Scalar("goodput_utilization", "Goodput of S→R", "", "The same without bytes discarded by go-back-N."),
        Scalar("jain_fairness", "Jain fairness", "", "Fairness of the incast flows' rates in the second half."),
        Scalar("pause_fraction", "Time U→S is paused", "", "Fraction of the run the upstream link is paused."),
        Scalar("pause_frames", "PFC XOFF events", "", "Times any switch asked a neighbour to pause."),
        Scalar("dropped_bytes", "Dropped", "B", "Bytes dropped by any switch."),
        Scalar("mean_rate_Gbps", "Mean incast flow rate", "Gb/s", "Average delivered rate per sender, second half."),
        Scalar("fair_share_Gbps", "Fair share C/N", "Gb/s", "Link speed over senders."),
        Scalar("victim_Gbps", "Victim flow throughput", "Gb/s", "The 25 %-of-line flow from U to the idle port V."),
        Scalar("tcp_victim_Gbps", "TCP flow to V", "Gb/s",
               "Lossy-class flow from U to the idle port V (0 without the TCP class)."),
        Scalar("fixed_point_queue_KB", "DCQCN fluid-model queue", "KB",
               "Queue at the fluid model's fixed point for these senders, speed and ECN (CoNEXT 2016)."),
        Scalar("headroom_KB", "Headroom per ingress", "KB",
               "IEEE 802.1Qbb-style headroom for a 3 m cable and 1 KB MTU."),
        Chart("queue", "Queue depth", "Time", "Queue", "µs", "KB"),
        Chart("rates", "Sender rates (DCQCN current rate)", "Time", "Rate", "µs", "Gb/s",
              description="Up to 8 senders, evenly picked (half sit on S, half behind U); the animation shows all."),
        Chart("marks", "ECN marks and CNPs per frame", "Time", "Count", "µs", "per frame"),
        Chart("pause", "PFC pause state", "Time", "Paused (ports or 0/1)", "µs", "ports", style="step"),
        Chart("throughput", "Throughput", "Time", "Throughput", "µs", "Gb/s"),
        Table("sweep", "Incast degree sweep", (
            Column("senders", "Senders"), Column("utilization", "Utilization"),
            Column("p99_queue_KB", "p99 queue", "KB"), Column("pause_fraction", "Time paused"),
            Column("dropped", "Dropped", "B"), Column("jain", "Jain fairness"))),
    ),
    sources=(DCQCN_PAPER, ECN_OR_DELAY, NVIDIA_DCQCN, ISEKAI_DCQCN, NS3_RDMA, IEEE_QBB, CISCO_PFC, PFC_WATCHDOG,
             RDMA_AT_SCALE, DYNAMIC_THRESHOLD),
    view="congestion",
)
def congestion(*, scenario: str, senders: int, link_Gbps: float, kmin_KB: float, kmax_KB: float,
               pmax: float, pfc: str, buffer_KB: float, xoff_KB: float, dcqcn: str, victim: bool, tcp: str,
               stuck_receiver: str, watchdog: str, duration_us: float, seed: int, marking: str,
               start: str, pfc_alpha: float) -> Outcome:
    _validate(kmin_KB, kmax_KB, xoff_KB, buffer_KB)
    setup = Setup(senders=senders, link_Gbps=link_Gbps, kmin_KB=kmin_KB, kmax_KB=kmax_KB, pmax=pmax,
                  pfc=pfc, buffer_KB=buffer_KB, xoff_KB=xoff_KB, duration_us=duration_us, seed=seed,
                  dcqcn=dcqcn, victim=victim, tcp=tcp == "on", stuck_receiver=stuck_receiver == "on",
                  watchdog=watchdog == "on", marking=marking, start=start, pfc_alpha=pfc_alpha)
    run = simulate(setup)
    values: dict[str, float | int | str | bool] = dict(summarize(run))
    fp = fixed_point(senders, link_Gbps, kmin_KB * 1000, kmax_KB * 1000, pmax, PARAMS[dcqcn])
    values["fair_share_Gbps"] = link_Gbps / senders
    values["fixed_point_queue_KB"] = fp.queue_B / 1000
    values["headroom_KB"] = headroom_B(setup) / 1000
    sweep = _sweep(setup) if scenario == "sweep" else (_row(senders, summarize(run)),)
    return Outcome(values=values, charts=_charts(run, xoff_KB), tables={"sweep": sweep},
                   data=_data(run, setup), notes=_notes(run, setup))


def _notes(run: Run, setup: Setup) -> tuple[str, ...]:
    notes = [f"Pause round trip {pause_delay_us(setup):.2f} µs; {len(flows_for(setup))} flows; "
             f"step {run.dt_us:g} µs."]
    if run.watchdog_trips:
        notes.append("The PFC watchdog tripped: S dropped traffic to the stuck receiver.")
    if setup.pfc_alpha > 0:
        notes.append(f"PFC pauses at {setup.pfc_alpha:g} × the switch's free buffer (dynamic threshold); "
                     "the fixed XOFF line on the queue chart is not used.")
    return tuple(notes)
