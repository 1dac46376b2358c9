// The configs view in the browser: the same markup as widgets/views/configs.py (keep in step).
// Selecting a switch or server in the diagram writes its name into the form's Device field (the
// widget re-runs); "Download all" asks the engine for the zip of every rendered file.

import { problemsHtml, selectLine, zoomDiagrams } from "./topology.js";

function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

export function diffHtml(diff) {
  if (!diff) return "";
  const rows = diff.replace(/\n+$/, "").split("\n").map((line) => {
    const kind = line.startsWith("---") || line.startsWith("+++") ? "configs-file"
      : line.startsWith("+") ? "configs-add" : line.startsWith("-") ? "configs-del"
        : line.startsWith("@@") ? "configs-hunk" : "";
    return kind ? `<span class="${kind}">${esc(line)}</span>` : esc(line);
  });
  return '<h4 class="configs-heading">What the change does to each device</h4>'
    + `<pre class="configs-diff" aria-label="Diff of the rendered files"><code tabindex="0">${rows.join("\n")}</code></pre>`;
}

const FILES = [["frr", "frr.conf (FRR)"], ["sonic", "config_db.json (SONiC)"], ["host", "RoCE settings (host)"]];

export function filesHtml(data) {
  const device = esc(data.device ?? "");
  const parts = FILES.filter(([key]) => data[key]).map(([key, title]) =>
    `<details class="configs-file-view" data-file="${key}" open><summary>${device}: ${title}</summary>`
    + `<pre class="configs-${key}" tabindex="0"><code>${esc(data[key])}</code></pre></details>`);
  return parts.length ? parts.join("") : '<p class="configs-none">Nothing is rendered until the problems above are fixed.</p>';
}

function html(data) {
  const figure = data.svg ? `<div class="topology-figure configs-figure">${data.svg}<p class="topology-caption">`
    + `${esc(data.name ?? "topology")}: select a switch or a server to show its configuration.</p></div>` : "";
  return `<div class="configs-view" data-device="${esc(data.device ?? "")}">`
    + '<div class="topology-problems" role="region" aria-label="Problems in the topology" aria-live="polite">'
    + `${problemsHtml(data.issues)}</div>${figure}`
    + '<p><button type="button" class="md-button configs-download">Download all files (zip)</button> '
    + '<span class="configs-download-status" role="status"></span></p>'
    + `<div class="configs-files" aria-live="polite">${filesHtml(data)}</div>${diffHtml(data.diff ?? "")}</div>`;
}

function field(element, name) {
  return element.closest(".calc-widget")?.querySelector(`[name="${name}"]`) ?? null;
}

function mark(element, device) {
  for (const g of element.querySelectorAll("g[data-node]")) {
    g.classList.toggle("configs-selected", g.dataset.node === device);
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", `Show the configuration of ${g.dataset.node}`);
  }
}

function choose(element, name) {
  const input = field(element, "device");
  if (!input || !name) return;
  input.value = name;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

async function download(element, ctx, status) {
  status.textContent = "Rendering every file…";
  try {
    const result = await ctx.run({ bundle: true });
    const b64 = result.data.zip;
    if (!b64) { status.textContent = "Nothing to download: fix the problems first."; return; }
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
    link.download = `${result.data.name || "configs"}.zip`;
    element.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    status.textContent = `${(bytes.length / 1024).toFixed(0)} KB zip of ${result.outputs.switches} switches and `
      + `${result.outputs.hosts} hosts.`;
  } catch (err) {
    status.textContent = `Could not build the zip: ${err.message ?? err}`;
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

export function render(element, result, ctx) {
  element.innerHTML = html(result.data);
  mark(element, result.data.device);
  wire(element, ctx);
  zoomDiagrams(element);
}
