"""Build-time view of the congestion lab: the default run, animated with CSS alone.

Shown before Python (and the view's JavaScript) is ready, and without JavaScript: the
incast topology, the S→R queue bar with Kmin and Kmax, the S ingress counter for the link
from U with XOFF, XON and headroom, a PAUSE marker on U→S while PFC holds it, and the
rates and throughput charts with a moving playhead. All motion is CSS keyframes computed
from the run's frames (the site's CSP allows inline styles, not inline scripts).
``congestion.js`` replaces it with the interactive player (scrubber, play/pause, speed).
The stylesheet here is shared by both.
"""

from __future__ import annotations

import html
import zlib
from typing import Any

from widgets.texts import T, english

__all__ = ["prerender", "STYLE", "KEYFRAMES", "LAYOUTS"]

# Two drawings, in user units of about one CSS pixel where they are shown, so 11 px text stays
# 11 px: "wide" for a desktop column (>= 640 px), "narrow" for a phone, where the buffer bars
# stack under the network. congestion.js draws the same layouts (keep the numbers in step).
LAYOUTS: dict[str, dict[str, Any]] = {
    "wide": {"W": 640, "H": 300, "pts": {"L": (104, 70), "Rm": (104, 215), "U": (172, 215), "S": (262, 130),
                                         "R": (330, 80), "V": (330, 185)},
             "boxes": ((4, 45, 100, 50), (4, 190, 100, 50), (150, 195, 44, 40), (240, 110, 44, 40),
                       (330, 62, 60, 36), (330, 167, 60, 36)),
             "us": (222, 160), "wd": (262, 100), "top": 30, "h": 220, "qx": 480, "ix": 550, "left": 55},
    "narrow": {"W": 300, "H": 470, "pts": {"L": (104, 42), "Rm": (104, 172), "U": (144, 172), "S": (180, 80),
                                           "R": (236, 38), "V": (236, 138)},
               "boxes": ((4, 20, 100, 44), (4, 150, 100, 44), (124, 152, 40, 40), (160, 60, 40, 40),
                         (236, 20, 60, 36), (236, 120, 60, 36)),
               "us": (206, 140), "wd": (180, 52), "top": 280, "h": 160, "qx": 100, "ix": 190, "left": 40},
}
CHART_H = 305

PLAY_SECONDS = 12
KEYFRAMES = 120
CHART_POINTS = 125

STYLE = """<style>
.cg-svg{width:100%;height:auto;display:block;color:var(--md-default-fg-color,#222);font-size:11px}
.cg-controls{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;font-size:.75em;margin:.3rem 0}
.cg-controls button{font:inherit;padding:.15rem .7rem;border:1px solid currentColor;border-radius:3px;
 background:none;color:inherit;cursor:pointer}
.cg-controls select{font:inherit}.cg-scrub{display:flex;align-items:center;gap:.3rem;flex:1 1 14rem}
.cg-scrub input{flex:1}.cg-clock{font-variant-numeric:tabular-nums;min-width:9rem}
.cg-caption,.cg-note{font-size:.7em;opacity:.8;margin:.2rem 0}
.cg-host{fill:none;stroke:currentColor;stroke-opacity:.6}.cg-switch{fill:#3f51b5;fill-opacity:.15;stroke:#3f51b5}
.cg-label{fill:currentColor;font-size:11px}.cg-small{fill:currentColor;font-size:11px}
.cg-link{stroke:currentColor;stroke-opacity:.35;stroke-width:3}.cg-link.cg-paused{stroke:#d32f2f;stroke-opacity:.8}
.cg-pkt{fill:#607d8b}.cg-pkt.cg-marked{fill:#ff9800}
.cg-pause rect{fill:#d32f2f}.cg-pause text{fill:#fff;font-size:11px;font-weight:700}
.cg-warn{fill:#d32f2f;font-size:11px;font-weight:700}
.cg-bar-bg{fill:none;stroke:currentColor;stroke-opacity:.4}.cg-bar{fill:#1976d2;fill-opacity:.7}
.cg-bar.cg-over{fill:#ff9800}.cg-headroom{fill:#d32f2f;fill-opacity:.12}
.cg-ecn{stroke:#ff9800;stroke-width:2}.cg-pfc{stroke:#d32f2f;stroke-width:2}.cg-dashed{stroke-dasharray:4 3}
.cg-panel{fill:none;stroke:currentColor;stroke-opacity:.25}.cg-band{fill:#d32f2f;fill-opacity:.08}
.cg-rate{fill:none;stroke:#1976d2;stroke-opacity:.55;stroke-width:1}.cg-rate.cg-remote{stroke:#7b1fa2}
.cg-fair{fill:none;stroke:currentColor;stroke-dasharray:5 4;stroke-width:1.2}
.cg-tput{fill:none;stroke:#1976d2;stroke-width:1.6}.cg-good{fill:none;stroke:#388e3c;stroke-width:1.4}
.cg-victim{fill:none;stroke:#d32f2f;stroke-width:1.6}.cg-tcp{fill:none;stroke:#7b1fa2;stroke-width:1.4}
.cg-head{stroke:currentColor;stroke-width:1.5}
.cg-static,.cg-live{container-type:inline-size}.cg-narrow{display:none}.cg-n{min-width:300px}
@container (max-width:639px){.cg-wide{display:none}.cg-narrow{display:block}}
.cg-status{font-size:.75em;font-variant-numeric:tabular-nums;margin:.2rem 0}
.cg-anim{transform-box:fill-box;transform-origin:50% 100%}
@media (prefers-reduced-motion: reduce){.cg-anim,.cg-move,.cg-blink{animation:none!important}}
</style>"""


def _f(v: float) -> str:
    return f"{v:.1f}"


def _fmt(v: float) -> str:
    return f"{v:.0f}" if abs(v) >= 100 else f"{v:.1f}"


def _keyframes(name: str, values: list[float], prop: str) -> str:
    """``@keyframes name`` sampling ``values`` at KEYFRAMES points; ``prop`` formats one value."""
    n = len(values)
    steps = []
    for k in range(KEYFRAMES + 1):
        i = min(n - 1, round(k * (n - 1) / KEYFRAMES))
        steps.append(f"{100 * k / KEYFRAMES:.2f}%{{{prop.format(values[i])}}}")
    return f"@keyframes {name}{{{''.join(steps)}}}"


def _scene(d: dict[str, Any], uid: str, lay: dict[str, Any], t: T) -> str:
    flows = d["flows"]
    local = sum(1 for x in flows if x["kind"] == "incast" and not x["remote"])
    remote = sum(1 for x in flows if x["kind"] == "incast" and x["remote"])
    tcp = " + TCP" if any(x["kind"] == "tcp" for x in flows) else ""
    narrow = " cg-n" if lay["W"] < LAYOUTS["wide"]["W"] else ""
    label = t("Incast animation of the build-time run: switches, links, queue and PFC state")
    parts = [f'<svg class="cg-svg{narrow}" viewBox="0 0 {lay["W"]} {lay["H"]}" role="img" aria-label="{label}">']
    pts = lay["pts"]
    for a, b in (("L", "S"), ("Rm", "U"), ("U", "S"), ("S", "R"), ("S", "V")):
        (x1, y1), (x2, y2) = pts[a], pts[b]
        parts.append(f'<line class="cg-link" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    labels = (t("{count} senders on S", count=local), t("{count} senders + victim{tcp}", count=remote, tcp=tcp),
              "U", "S", "R", t("V (idle)"))
    classes = ("cg-host", "cg-host", "cg-switch", "cg-switch", "cg-host", "cg-host")
    for (x, y, w, h), label, cls in zip(lay["boxes"], labels, classes, strict=True):
        parts.append(f'<rect class="{cls}" x="{x}" y="{y}" width="{w}" height="{h}" rx="5"/>'
                     f'<text class="cg-label" x="{x + w / 2:g}" y="{y + h / 2 + 4:g}" text-anchor="middle">'
                     f"{html.escape(label)}</text>")
    ux, uy = lay["us"]
    parts.append(f'<text class="cg-small" x="{ux}" y="{uy}" text-anchor="middle">U→S</text>')
    parts.append(f'<g class="cg-pause cg-blink" style="animation:cg-pz-{uid} {PLAY_SECONDS}s linear infinite">'
                 f'<rect x="{ux - 22}" y="{uy + 3}" width="44" height="17" rx="3"/>'
                 f'<text x="{ux}" y="{uy + 16}" text-anchor="middle">PAUSE</text></g>')
    parts.append(_bars(d, uid, lay, t))
    parts.append("</svg>")
    return "".join(parts)


def _bars(d: dict[str, Any], uid: str, lay: dict[str, Any], t: T) -> str:
    f = d["frames"]
    top, h = lay["top"], lay["h"]
    qmax = max(d["kmax_KB"] * 1.15, d["kmin_KB"] * 2, max(f["queue_R_KB"]), 10.0)
    imax = max((d["xoff_KB"] + d["headroom_KB"]) * 1.15, max(f["ingress_up_KB"]), 10.0)
    out = []

    def bar(x: int, label: tuple[str, str], anim: str) -> None:
        lines = "".join(f'<tspan x="{x + 20}" y="{top - 17 + 12 * k}">{html.escape(line)}</tspan>' for k, line in enumerate(label))
        out.append(f'<text class="cg-small" text-anchor="middle">{lines}</text>'
                   f'<rect class="cg-bar-bg" x="{x}" y="{top}" width="40" height="{h}"/>'
                   f'<rect class="cg-bar cg-anim" x="{x}" y="{top}" width="40" height="{h}" '
                   f'style="animation:{anim} {PLAY_SECONDS}s linear infinite;transform:scaleY(0)"/>')

    def mark(x: int, v: float, vmax: float, label: str, cls: str, left: bool = False) -> None:
        if v > vmax:
            return
        y = top + h - v / vmax * h
        tx, anchor = (x - 8, "end") if left else (x + 50, "start")
        out.append(f'<line class="{cls}" x1="{x - 6}" x2="{x + 46}" y1="{_f(y)}" y2="{_f(y)}"/>'
                   f'<text class="cg-small" x="{tx}" y="{_f(y + 4)}" text-anchor="{anchor}">{html.escape(label)}</text>')

    qx, ix = lay["qx"], lay["ix"]
    bar(qx, ("S→R", t("queue")), f"cg-q-{uid}")
    mark(qx, d["kmin_KB"], qmax, f"Kmin {_fmt(d['kmin_KB'])} KB", "cg-ecn", left=True)
    mark(qx, d["kmax_KB"], qmax, f"Kmax {_fmt(d['kmax_KB'])} KB", "cg-ecn", left=True)
    head_top = min(imax, d["xoff_KB"] + d["headroom_KB"])
    y_hr, y_x = top + h - head_top / imax * h, top + h - d["xoff_KB"] / imax * h
    out.append(f'<rect class="cg-headroom" x="{ix}" y="{_f(y_hr)}" width="40" height="{_f(y_x - y_hr)}"/>')
    bar(ix, (t("S ingress"), t("from U")), f"cg-i-{uid}")
    mark(ix, d["xoff_KB"], imax, "XOFF", "cg-pfc")
    mark(ix, d["xon_KB"], imax, "", "cg-pfc cg-dashed")
    d["_qmax"], d["_imax"] = qmax, imax
    return "".join(out)


def _chart(d: dict[str, Any], uid: str, lay: dict[str, Any], head: str, t: T) -> str:
    f = d["frames"]
    n = len(f["t_us"])
    left, right = int(lay["left"]), int(lay["W"]) - 15
    span = float(f["t_us"][-1] or 1.0)

    def x(i: int) -> float:
        return left + float(f["t_us"][i]) / span * (right - left)

    every = max(1, n // CHART_POINTS)

    def poly(values: list[float], top: int, h: int, vmax: float, cls: str) -> str:
        pts = " ".join(f"{_f(x(i))},{_f(top + h - min(1.0, max(0.0, v / vmax)) * h)}"
                       for i, v in enumerate(values) if i % every == every - 1 or i == 0)
        return f'<polyline class="{cls}" points="{pts}"/>'

    narrow = " cg-n" if lay["W"] < LAYOUTS["wide"]["W"] else ""
    label = t("Sender rates and throughput of the build-time run, with a moving playhead")
    out = [f'<svg class="cg-svg{narrow}" viewBox="0 0 {lay["W"]} {CHART_H}" role="img" aria-label="{label}">']
    i = 0
    while i < n:
        if f["paused_up"][i]:
            j = i
            while j + 1 < n and f["paused_up"][j + 1]:
                j += 1
            x0 = x(i - 1) if i else left
            out.append(f'<rect class="cg-band" x="{_f(x0)}" y="10" width="{_f(max(1.0, x(j) - x0))}" height="290"/>')
            i = j
        i += 1
    incast = [k for k, fl in enumerate(d["flows"]) if fl["kind"] == "incast"]
    rmax = min(float(d["link_Gbps"]), max(d["fair_Gbps"] * 2.5, 1.0))
    for top, h, vmax, label in ((10, 140, rmax, t("Sender rates")), (170, 130, d["link_Gbps"] * 1.05, t("Throughput"))):
        out.append(f'<rect class="cg-panel" x="{left}" y="{top}" width="{right - left}" height="{h}"/>'
                   f'<text class="cg-small" x="{left + 6}" y="{top + 12}">{label}</text>'
                   f'<text class="cg-small" x="{left - 4}" y="{top + 10}" text-anchor="end">{_fmt(vmax)}</text>'
                   f'<text class="cg-small" x="{left - 4}" y="{top + h}" text-anchor="end">0</text>'
                   f'<text class="cg-small" x="{left - 4}" y="{top + h / 2 + 4:g}" text-anchor="end">Gb/s</text>')
    for k in incast:
        cls = "cg-rate cg-remote" if d["flows"][k]["remote"] else "cg-rate"
        out.append(poly(d["rates"][k], 10, 140, rmax, cls))
    out.append(poly([d["fair_Gbps"]] * n, 10, 140, rmax, "cg-fair"))
    top2 = d["link_Gbps"] * 1.05
    out.append(poly(f["tput_R_Gbps"], 170, 130, top2, "cg-tput"))
    out.append(poly(f["victim_Gbps"], 170, 130, top2, "cg-victim"))
    if any(v > 0 for v in f["tcp_victim_Gbps"]):
        out.append(poly(f["tcp_victim_Gbps"], 170, 130, top2, "cg-tcp"))
    out.append(f'<line class="cg-head cg-move" x1="{left}" x2="{left}" y1="10" y2="300" '
               f'style="animation:{head}-{uid} {PLAY_SECONDS}s linear infinite"/></svg>')
    return "".join(out)


def _uid(d: dict[str, Any]) -> str:
    """A stable id for the keyframes of one run (hash() is salted per process; this is not)."""
    key = f"{d['kmin_KB']}|{d['kmax_KB']}|{d['xoff_KB']}|{len(d['flows'])}|{d['pfc']}|{sum(d['frames']['queue_R_KB'])}"
    return f"{zlib.crc32(key.encode()):08x}"


def _drawing(d: dict[str, Any], uid: str, name: str, t: T) -> str:
    head = "cg-h" if name == "wide" else "cg-hn"
    return f'<div class="cg-{name}">{_scene(d, uid, LAYOUTS[name], t)}{_chart(d, uid, LAYOUTS[name], head, t)}</div>'


def prerender(result: dict[str, Any], t: T = english) -> str:
    d = dict(result.get("data") or {})
    if "frames" not in d:
        return ""
    uid = _uid(d)
    f = d["frames"]
    drawings = _drawing(d, uid, "wide", t) + _drawing(d, uid, "narrow", t)
    qmax, imax = d["_qmax"], d["_imax"]
    span = f["t_us"][-1] or 1.0

    def head(lay: dict[str, Any]) -> list[float]:
        return [float(u) / span * float(lay["W"] - 15 - lay["left"]) for u in f["t_us"]]

    css = "".join((
        _keyframes(f"cg-q-{uid}", [min(1.0, v / qmax) for v in f["queue_R_KB"]], "transform:scaleY({:.3f})"),
        _keyframes(f"cg-i-{uid}", [min(1.0, v / imax) for v in f["ingress_up_KB"]], "transform:scaleY({:.3f})"),
        _keyframes(f"cg-pz-{uid}", [1.0 if v else 0.0 for v in f["paused_up"]], "opacity:{:.0f}"),
        _keyframes(f"cg-h-{uid}", head(LAYOUTS["wide"]), "transform:translateX({:.1f}px)"),
        _keyframes(f"cg-hn-{uid}", head(LAYOUTS["narrow"]), "transform:translateX({:.1f}px)"),
    ))
    note = t("The build-time run, replayed. When Python is ready the player below gains a scrubber, play and pause, "
             "and speed, and follows your inputs.")
    legend = t("Shaded: U→S paused by PFC. Blue: S→R delivered; red: victim flow to the idle port V; dashed: fair share C/N.")
    caption = t("Bars: the lossless queue of S→R against Kmin and Kmax (orange lines), and what S holds from U against "
                "XOFF (red line; the shaded band above it is the headroom).")
    return (f'{STYLE}<style>{css}</style><div class="cg-static"><p class="cg-note">{note}</p>{drawings}'
            f'<p class="cg-caption cg-legend">{legend}</p><p class="cg-caption">{caption}</p></div>')
