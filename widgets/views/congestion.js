// Animated view of the PFC/ECN/DCQCN lab (calculator `congestion`).
//
// Plays the simulation's frames (result.data) under a scrubber: the egress queue of S→R as a
// bar with Kmin and Kmax, the S ingress counter for the link from U with XOFF, XON and the
// headroom above XOFF, packets on S→R (orange when ECN-marked), PAUSE frames travelling
// upstream, and the sender rates and throughput with a playhead, all in sync. One
// requestAnimationFrame loop; each frame only moves a few attributes (60 fps).

const NS = "http://www.w3.org/2000/svg";
const SPEEDS = [0.25, 0.5, 1, 2, 4];
const PLAY_SECONDS = 12;        // a whole run at 1x
const DOTS = 14;                // packets drawn on S→R
// Two drawings in user units of about one CSS pixel where shown, so 11 px text stays 11 px: "wide"
// for a column of 640 px or more, "narrow" for a phone (the bars stack under the network). The
// same numbers as LAYOUTS in congestion.py, whose build-time replay shows the one that fits.
const LAYOUTS = {
  wide: { W: 640, H: 300, pts: { L: [104, 70], Rm: [104, 215], U: [172, 215], S: [262, 130], R: [330, 80], V: [330, 185] },
    boxes: [[4, 45, 100, 50], [4, 190, 100, 50], [150, 195, 44, 40], [240, 110, 44, 40], [330, 62, 60, 36], [330, 167, 60, 36]],
    us: [222, 160], wd: [262, 100], top: 30, h: 220, qx: 480, ix: 550, left: 55 },
  narrow: { W: 300, H: 470, pts: { L: [104, 42], Rm: [104, 172], U: [144, 172], S: [180, 80], R: [236, 38], V: [236, 138] },
    boxes: [[4, 20, 100, 44], [4, 150, 100, 44], [124, 152, 40, 40], [160, 60, 40, 40], [236, 20, 60, 36], [236, 120, 60, 36]],
    us: [206, 140], wd: [180, 52], top: 280, h: 160, qx: 100, ix: 190, left: 40 },
};
const CHART_H = 305;

function el(name, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

const fmt = (v, d = 1) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(d));

class View {
  constructor(element, t) {
    this.element = element;
    this.t = t;
    this.playing = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    this.speed = 1;
    this.pos = 0;
    this.last = null;
    this.wall = 0;
    // Plays only while on screen, from the start the first time the reader reaches it.
    this.visible = !("IntersectionObserver" in window);
    this.seen = this.visible;
    this.build();
    if (!this.visible) {
      new IntersectionObserver((entries) => {
        this.visible = entries.some((e) => e.isIntersecting);
        if (this.visible && !this.seen) { this.seen = true; this.pos = 0; }
      }).observe(element);
    }
    this.loop = (ts) => this.tick(ts);
    requestAnimationFrame(this.loop);
  }

  build() {
    const t = this.t;
    const root = html("div", { class: "cg-live" });
    const bar = html("div", { class: "cg-controls" }, root);
    this.play = html("button", { type: "button", class: "cg-play" }, bar);
    this.play.addEventListener("click", () => { this.playing = !this.playing; this.syncButton(); });
    const sl = html("label", {}, bar, `${t("Speed")} `);
    this.speedSel = html("select", { "aria-label": t("Playback speed") }, sl);
    for (const s of SPEEDS) html("option", { value: s }, this.speedSel, `${s}×`);
    this.speedSel.value = "1";
    this.speedSel.addEventListener("change", () => { this.speed = Number(this.speedSel.value); });
    const tl = html("label", { class: "cg-scrub" }, bar, `${t("Time")} `);
    this.scrub = html("input", { type: "range", min: 0, max: 1, step: 1, value: 0, "aria-label": t("Simulated time") }, tl);
    this.scrub.addEventListener("input", () => { this.pos = Number(this.scrub.value); this.draw(); });
    this.clock = html("output", { class: "cg-clock", "aria-live": "off" }, bar);
    this.svg = el("svg", { class: "cg-svg", role: "img",
      "aria-label": t("Incast animation: switches, links, queue and PFC state") }, root);
    this.status = html("p", { class: "cg-status", "aria-live": "off" }, root);
    this.chart = el("svg", { class: "cg-svg", role: "img",
      "aria-label": t("Sender rates and throughput over time, with the playhead") }, root);
    html("p", { class: "cg-caption cg-legend" }, root,
      t("Shaded: U→S paused by PFC. Lines: S→R delivered (blue), goodput (green, when it differs), victim to V (red), TCP to V (purple)."));
    this.caption = html("p", { class: "cg-caption" }, root);
    const old = this.element.querySelector(".cg-live, .cg-static");
    if (old) old.replaceWith(root); else this.element.appendChild(root);
    this.root = root;
    this.syncButton();
    this.lay = this.layout();
    // The drawing that fits: redrawn when the column crosses 640 px (a phone turned, a window resized).
    if ("ResizeObserver" in window) {
      new ResizeObserver(() => {
        const lay = this.layout();
        if (lay === this.lay || !this.data) return;
        this.lay = lay;
        this.drawScene();
        this.drawChart();
        this.draw();
      }).observe(root);
    }
  }

  layout() {
    return this.root.clientWidth && this.root.clientWidth < LAYOUTS.wide.W ? LAYOUTS.narrow : LAYOUTS.wide;
  }

  syncButton() {
    const t = this.t;
    this.play.textContent = this.playing ? t("Pause") : t("Play");
    this.play.setAttribute("aria-label", this.playing ? t("Pause animation") : t("Play animation"));
  }

  load(data) {
    const same = this.data && this.data.frames.t_us.length === data.frames.t_us.length;
    this.data = data;
    this.n = data.frames.t_us.length;
    if (!same) this.pos = 0;
    this.scrub.max = String(this.n - 1);
    this.drawScene();
    this.drawChart();
    this.draw();
  }

  // ---- static parts ---------------------------------------------------------------------------

  drawScene() {
    const s = this.svg, d = this.data, lay = this.lay, t = this.t;
    s.replaceChildren();
    s.setAttribute("viewBox", `0 0 ${lay.W} ${lay.H}`);
    s.classList.toggle("cg-n", lay === LAYOUTS.narrow);
    const local = d.flows.filter((f) => f.kind === "incast" && !f.remote).length;
    const remote = d.flows.filter((f) => f.kind === "incast" && f.remote).length;
    const tcp = d.flows.some((f) => f.kind === "tcp");
    const node = (x, y, w, h, label, cls) => {
      el("rect", { x, y, width: w, height: h, rx: 5, class: cls }, s);
      el("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", class: "cg-label" }, s, label);
    };
    this.pts = lay.pts;
    const P = this.pts;
    this.links = {};
    const link = (name, a, b) => { this.links[name] = el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "cg-link" }, s); };
    link("L", P.L, P.S); link("Rm", P.Rm, P.U); link("US", P.U, P.S); link("SR", P.S, P.R); link("SV", P.S, P.V);
    const labels = [t("{count} senders on S", { count: local }), t("{count} senders + victim{tcp}", { count: remote, tcp: tcp ? " + TCP" : "" }),
      "U", "S", "R", t("V (idle)")];
    const classes = ["cg-host", "cg-host", "cg-switch", "cg-switch", "cg-host", "cg-host"];
    lay.boxes.forEach(([x, y, w, h], k) => node(x, y, w, h, labels[k], classes[k]));
    el("text", { x: lay.us[0], y: lay.us[1], class: "cg-small", "text-anchor": "middle" }, s, "U→S");
    this.dots = [];
    for (let i = 0; i < DOTS; i++) this.dots.push(el("circle", { r: 3.2, class: "cg-pkt", cx: -10, cy: -10 }, s));
    this.pauses = {};
    for (const k of ["US", "L", "Rm", "SR"]) {
      const g = el("g", { class: "cg-pause", visibility: "hidden" }, s);
      el("rect", { x: -22, y: -9, width: 44, height: 17, rx: 3 }, g);
      el("text", { x: 0, y: 4, "text-anchor": "middle" }, g, "PAUSE");
      this.pauses[k] = g;
    }
    this.wd = el("text", { x: lay.wd[0], y: lay.wd[1], "text-anchor": "middle", class: "cg-warn", visibility: "hidden" }, s, t("watchdog: dropping"));
    this.drawBars();
  }

  drawBars() {
    const s = this.svg, d = this.data, f = d.frames, lay = this.lay, t = this.t;
    const top = lay.top, h = lay.h, y0 = top + h;
    const qmax = Math.max(d.kmax_KB * 1.15, d.kmin_KB * 2, ...f.queue_R_KB, 10);
    const imax = Math.max((d.xoff_KB + d.headroom_KB) * 1.15, ...f.ingress_up_KB, 10);
    const bar = (x, label, max) => {
      // Two short lines, so neighbouring bars' names never run into each other.
      const name = el("text", { x: x + 20, "text-anchor": "middle", class: "cg-small" }, s);
      label.forEach((line, k) => el("tspan", { x: x + 20, y: top - 17 + 12 * k }, name, line));
      el("rect", { x, y: top, width: 40, height: h, class: "cg-bar-bg" }, s);
      const fill = el("rect", { x, y: y0, width: 40, height: 0, class: "cg-bar" }, s);
      const val = el("text", { x: x + 20, y: y0 + 16, "text-anchor": "middle", class: "cg-small" }, s, "");
      return { fill, val, max, x, scale: (v) => y0 - Math.min(1, v / max) * h };
    };
    const mark = (b, v, label, cls, left = false) => {
      if (v > b.max) return;
      const y = b.scale(v);
      el("line", { x1: b.x - 6, x2: b.x + 46, y1: y, y2: y, class: cls }, s);
      el("text", { x: left ? b.x - 8 : b.x + 50, y: y + 4, class: "cg-small", "text-anchor": left ? "end" : "start" }, s, label);
    };
    this.qbar = bar(lay.qx, ["S→R", t("queue")], qmax);
    mark(this.qbar, d.kmin_KB, `Kmin ${fmt(d.kmin_KB)} KB`, "cg-ecn", true);
    mark(this.qbar, d.kmax_KB, `Kmax ${fmt(d.kmax_KB)} KB`, "cg-ecn", true);
    const hy = top + h - (Math.min(imax, d.xoff_KB + d.headroom_KB) / imax) * h;
    el("rect", { x: lay.ix, y: hy, width: 40, height: top + h - (d.xoff_KB / imax) * h - hy, class: "cg-headroom" }, s);
    this.ibar = bar(lay.ix, [t("S ingress"), t("from U")], imax);
    mark(this.ibar, d.xoff_KB, "XOFF", "cg-pfc");
    mark(this.ibar, d.xon_KB, "", "cg-pfc cg-dashed");
  }

  drawChart() {
    const c = this.chart, d = this.data, f = d.frames, n = this.n, t = this.t;
    c.replaceChildren();
    c.setAttribute("viewBox", `0 0 ${this.lay.W} ${CHART_H}`);
    c.classList.toggle("cg-n", this.lay === LAYOUTS.narrow);
    const left = this.lay.left, right = this.lay.W - 15, T = f.t_us[n - 1] || 1;
    this.x = (i) => left + (f.t_us[i] / T) * (right - left);
    const panel = (top, h, max, label, unit) => {
      el("rect", { x: left, y: top, width: right - left, height: h, class: "cg-panel" }, c);
      el("text", { x: left + 6, y: top + 12, class: "cg-small" }, c, label);
      el("text", { x: left - 4, y: top + 10, "text-anchor": "end", class: "cg-small" }, c, fmt(max, 0));
      el("text", { x: left - 4, y: top + h / 2 + 4, "text-anchor": "end", class: "cg-small" }, c, unit);
      el("text", { x: left - 4, y: top + h, "text-anchor": "end", class: "cg-small" }, c, "0");
      return (v) => top + h - Math.min(1, Math.max(0, v / max)) * h;
    };
    // Pause bands (U→S paused) behind both panels.
    for (let i = 0; i < n; i++) {
      if (!f.paused_up[i]) continue;
      let j = i;
      while (j + 1 < n && f.paused_up[j + 1]) j++;
      const x0 = i ? this.x(i - 1) : left;
      el("rect", { x: x0, y: 10, width: Math.max(1, this.x(j) - x0), height: 290, class: "cg-band" }, c);
      i = j;
    }
    const y1 = panel(10, 140, Math.min(Math.max(d.fair_Gbps * 2.5, 1), d.link_Gbps), t("Sender rates"), "Gb/s");
    const line = (ys, scale, cls) => {
      const pts = ys.map((v, i) => `${this.x(i).toFixed(1)},${scale(v).toFixed(1)}`).join(" ");
      el("polyline", { points: pts, class: cls }, c);
    };
    d.rates.forEach((r, k) => { if (d.flows[k].kind === "incast") line(r, y1, d.flows[k].remote ? "cg-rate cg-remote" : "cg-rate"); });
    line(f.t_us.map(() => d.fair_Gbps), y1, "cg-fair");
    const y2 = panel(170, 130, d.link_Gbps * 1.05, t("Throughput"), "Gb/s");
    line(f.tput_R_Gbps, y2, "cg-tput");
    line(f.victim_Gbps, y2, "cg-victim");
    if (f.tcp_victim_Gbps.some((v) => v > 0)) line(f.tcp_victim_Gbps, y2, "cg-tcp");
    if (f.goodput_R_Gbps.some((v, i) => v < f.tput_R_Gbps[i] - 0.5)) line(f.goodput_R_Gbps, y2, "cg-good");
    this.head = el("line", { x1: left, x2: left, y1: 10, y2: 300, class: "cg-head" }, c);
  }

  // ---- per frame --------------------------------------------------------------------------------

  tick(ts) {
    if (!this.root.isConnected) return;
    const moving = this.playing && this.visible;
    if (this.last !== null && moving && this.n > 1) {
      const dt = Math.min(0.1, (ts - this.last) / 1000);
      this.pos += (dt * this.speed * this.n) / PLAY_SECONDS;
      if (this.pos >= this.n - 1) this.pos = 0;
      this.scrub.value = String(Math.floor(this.pos));
    }
    this.last = ts;
    if (moving) this.wall = ts / 1000;
    if (this.data) this.draw(this.wall);
    requestAnimationFrame(this.loop);
  }

  draw(wall = this.wall) {
    const d = this.data, f = d.frames, i = Math.min(this.n - 1, Math.floor(this.pos));
    const q = f.queue_R_KB[i], ing = f.ingress_up_KB[i];
    const set = (b, v) => { const y = b.scale(v); b.fill.setAttribute("y", y); b.fill.setAttribute("height", this.lay.top + this.lay.h - y); b.val.textContent = `${fmt(v)} KB`; };
    set(this.qbar, q);
    set(this.ibar, ing);
    this.qbar.fill.classList.toggle("cg-over", q > d.kmin_KB);
    this.ibar.fill.classList.toggle("cg-over", ing >= d.xoff_KB);
    // Packets on S→R: density follows throughput, orange share follows the marked fraction.
    const tput = f.tput_R_Gbps[i];
    const frameUs = i ? f.t_us[i] - f.t_us[i - 1] : f.t_us[0];
    const pkts = (tput * frameUs * 1e3) / 8 / 1000;
    const marked = pkts > 0 ? Math.min(1, f.marks[i] / pkts) : 0;
    const shown = Math.round((DOTS * Math.min(tput, d.link_Gbps)) / d.link_Gbps);
    const [ax, ay] = this.pts.S, [bx, by] = this.pts.R;
    this.dots.forEach((dot, k) => {
      if (k >= shown) { dot.setAttribute("cx", -10); return; }
      const p = (wall * 0.6 + k / DOTS) % 1;
      dot.setAttribute("cx", ax + (bx - ax) * p);
      dot.setAttribute("cy", ay + (by - ay) * p);
      dot.classList.toggle("cg-marked", k < Math.ceil(marked * shown) && marked > 0.001);
    });
    // PAUSE frames travel from the congested side to the sender side while a pause holds.
    const travel = (key, from, to, on) => {
      const g = this.pauses[key];
      g.setAttribute("visibility", on ? "visible" : "hidden");
      this.links[key === "SR" ? "SR" : key].classList.toggle("cg-paused", on);
      if (!on) return;
      const p = (wall * 0.8) % 1;
      g.setAttribute("transform", `translate(${from[0] + (to[0] - from[0]) * p},${from[1] + (to[1] - from[1]) * p})`);
    };
    travel("US", this.pts.S, this.pts.U, f.paused_up[i] > 0);
    travel("L", this.pts.S, this.pts.L, f.paused_hosts_S[i] > 0);
    travel("Rm", this.pts.U, this.pts.Rm, f.paused_hosts_U[i] > 0);
    travel("SR", this.pts.R, this.pts.S, f.receiver_pause[i] > 0);
    this.wd.setAttribute("visibility", f.watchdog[i] ? "visible" : "hidden");
    this.status.textContent = this.t("S→R {rate} Gb/s · victim {victim} Gb/s · {cnps} CNPs this frame · dropped {dropped} KB",
      { rate: fmt(tput), victim: fmt(f.victim_Gbps[i]), cnps: f.cnps[i], dropped: fmt(f.dropped_KB[i]) });
    this.clock.textContent = `${fmt(f.t_us[i], 0)} / ${fmt(f.t_us[this.n - 1], 0)} µs`;
    if (Number(this.scrub.value) !== i) this.scrub.value = String(i);
    const x = this.x(i);
    this.head.setAttribute("x1", x);
    this.head.setAttribute("x2", x);
  }
}

export function render(element, result, ctx) {
  if (!result || !result.data || !result.data.frames) return;
  element.__cgView ??= new View(element, ctx.t);
  element.__cgView.load(result.data);
}
