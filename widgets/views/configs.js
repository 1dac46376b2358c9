// The configs view in the browser: the same markup as widgets/views/configs.py (keep in step).
// Selecting a switch or server in the diagram writes its name into the form's Device field (the
// widget re-runs); "Download all" asks the engine for the zip of every rendered file.

import { diagramBar, problemsHtml, selectLine, zoomDiagrams } from "./topology.js";

function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

export function diffHtml(diff, t) {
  if (!diff) return "";
  const rows = diff.replace(/\n+$/, "").split("\n").map((line) => {
    const kind = line.startsWith("---") || line.startsWith("+++") ? "configs-file"
      : line.startsWith("+") ? "configs-add" : line.startsWith("-") ? "configs-del"
        : line.startsWith("@@") ? "configs-hunk" : "";
    return kind ? `<span class="${kind}">${esc(line)}</span>` : esc(line);
  });
  return `<h4 class="configs-heading">${t("What the change does to each device")}</h4>`
    + `<pre class="configs-diff" aria-label="${t("Diff of the rendered files")}"><code tabindex="0">${rows.join("\n")}</code></pre>`;
}

export function filesHtml(data, t) {
  const FILES = [["frr", "frr.conf (FRR)"], ["sonic", "config_db.json (SONiC)"], ["host", t("RoCE settings (host)")]];
  const device = esc(data.device ?? "");
  const parts = FILES.filter(([key]) => data[key]).map(([key, title]) =>
    `<details class="configs-file-view" data-file="${key}" open><summary>${device}: ${title}</summary>`
    + `<pre class="configs-${key}" tabindex="0"><code>${esc(data[key])}</code></pre></details>`);
  return parts.length ? parts.join("") : `<p class="configs-none">${t("Nothing is rendered until the problems above are fixed.")}</p>`;
}

function html(data, t) {
  const caption = t("{name}: select a switch or a server to show its configuration.", { name: esc(data.name ?? "topology") });
  const figure = data.svg ? `<div class="topology-figure configs-figure">${data.svg}<p class="topology-caption">${caption}</p></div>${diagramBar("topology", t)}` : "";
  return `<div class="configs-view" data-device="${esc(data.device ?? "")}">`
    + `<div class="topology-problems" role="region" aria-label="${t("Problems in the topology")}" aria-live="polite">`
    + `${problemsHtml(data.issues, t)}</div>${figure}`
    + `<p><button type="button" class="md-button configs-download">${t("Download all files (zip)")}</button> `
    + '<span class="configs-download-status" role="status"></span></p>'
    + `<div class="configs-files" aria-live="polite">${filesHtml(data, t)}</div>${diffHtml(data.diff ?? "", t)}</div>`;
}

function field(element, name) {
  return element.closest(".calc-widget")?.querySelector(`[name="${name}"]`) ?? null;
}

function mark(element, device, t) {
  for (const g of element.querySelectorAll("g[data-node]")) {
    g.classList.toggle("configs-selected", g.dataset.node === device);
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", t("Show the configuration of {device}", { device: g.dataset.node }));
  }
}

function choose(element, name) {
  const input = field(element, "device");
  if (!input || !name) return;
  input.value = name;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

async function download(element, ctx, status) {
  const t = ctx.t;
  status.textContent = t("Rendering every file…");
  try {
    const result = await ctx.run({ bundle: true });
    const b64 = result.data.zip;
    if (!b64) { status.textContent = t("Nothing to download: fix the problems first."); return; }
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
    link.download = `${result.data.name || "configs"}.zip`;
    element.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    status.textContent = t("{size} KB zip of {switches} switches and {hosts} hosts.",
      { size: (bytes.length / 1024).toFixed(0), switches: result.outputs.switches, hosts: result.outputs.hosts });
  } catch (err) {
    status.textContent = t("Could not build the zip: {error}", { error: err.message ?? err });
  }
}

function wire(element, ctx) {
  element.ctx = ctx;
  if (element.dataset.wired) return;
  element.dataset.wired = "true";
  element.addEventListener("click", (event) => {
    const line = event.target.closest("button.topology-line");
    const textarea = field(element, "yaml");
    if (line && textarea) { selectLine(textarea, Number(line.dataset.line)); return; }
    if (event.target.closest("button.configs-download")) {
      download(element, element.ctx, element.querySelector(".configs-download-status"));
      return;
    }
    choose(element, event.target.closest("g[data-node]")?.dataset.node);
  });
  element.addEventListener("keydown", (event) => {
    const node = event.target.closest?.("g[data-node]");
    if (node && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); choose(element, node.dataset.node); }
  });
}

/** Draws the result; the promise settles when the zoom frame is built (the runtime then gives back
 * the focus, so a keyboard reader who picks a device with Enter stays on it). */
export function render(element, result, ctx) {
  element.innerHTML = html(result.data, ctx.t);
  mark(element, result.data.device, ctx.t);
  wire(element, ctx);
  return zoomDiagrams(element, ctx.t);
}
