// The topology editor's view in the browser: the same markup as widgets/views/topology.py (keep in
// step). The form's YAML textarea is the editor (syntax errors appear under it, with line and
// column); this view shows the problems found with a button per line number (selects that line in
// the editor), the diagram the engine drew, and a link that downloads the YAML as it is now.

const EDITOR_PAGE = "../topology-as-code/";
const PREVIEW_LINES = 24;
const MAX_LINK_CHARS = 6000;

export function fabricHtml(yaml, t) {
  const lines = yaml.split("\n");
  const shown = lines.slice(0, PREVIEW_LINES).join("\n")
    + (lines.length > PREVIEW_LINES ? `\n${t("# … {more} more lines", { more: lines.length - PREVIEW_LINES })}` : "");
  let link = "";
  if (yaml.length <= MAX_LINK_CHARS) {
    const href = `${EDITOR_PAGE}?editor.example=custom&editor.yaml=${encodeURIComponent(yaml)}#calc-editor`;
    link = ` <a class="md-button topology-open" href="${esc(href)}">${t("Open in the topology editor")}</a>`;
  }
  const intro = t("The same design as a topology file ({lines} lines), which the topology editor reads back to the same counts:",
    { lines: lines.length - 1 });
  return `<div class="topology-view"><p>${intro}</p>`
    + `<pre class="topology-yaml"><code tabindex="0">${esc(shown)}</code></pre>`
    + `<p><a class="md-button topology-download" download="fabric.yaml" href="${esc(downloadHref(yaml))}">`
    + `${t("Download fabric.yaml")}</a>${link}</p></div>`;
}

function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
}

/** A diagram's download buttons as the build draws them (widgets/exports.py export_bar): in place before
 * widgets/js/export.js wires and enables them, so the page does not move when it does. */
export function diagramBar(key, t) {
  const labels = [t("Download diagram (SVG)"), t("Download diagram (PNG)")];
  return `<div class="calc-export" data-for="${key}">${labels.map((l) => `<button type="button" disabled>${esc(l)}</button>`).join("")}</div>`;
}

export function problemsHtml(issues, t) {
  if (!issues.length) return `<p class="topology-ok">${t("No problems found.")}</p>`;
  const items = issues.map((i) => `<li><button type="button" class="topology-line" data-line="${Number(i.line)}">`
    + `${t("line {line}", { line: Number(i.line) })}</button> <code>${esc(i.rule)}</code> ${esc(i.message)}</li>`).join("");
  const n = issues.length;
  const found = n === 1 ? t("1 problem") : t("{count} problems", { count: n });
  return `<p class="topology-bad"><strong>${found}</strong> `
    + `${t("(select a line number to jump to it in the editor):")}</p><ol>${items}</ol>`;
}

export function downloadHref(text) {
  return "data:text/yaml;charset=utf-8," + encodeURIComponent(text);
}

function editor(element) {
  return element.closest(".calc-widget")?.querySelector('textarea[name="yaml"]') ?? null;
}

export function selectLine(textarea, line) {
  const lines = textarea.value.split("\n");
  const index = Math.max(0, Math.min(lines.length, line) - 1);
  let start = 0;
  for (let k = 0; k < index; k++) start += lines[k].length + 1;
  textarea.focus();
  textarea.setSelectionRange(start, start + (lines[index] ?? "").length);
  const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 16;
  textarea.scrollTop = Math.max(0, (index - 3) * lineHeight);
}

function wire(element) {
  if (element.dataset.wired) return;
  element.dataset.wired = "true";
  const detail = (event) => {
    const node = event.target.closest?.("g[tabindex]");
    if (node) showDetail(element, node);
  };
  element.addEventListener("focusin", detail);
  element.addEventListener("click", (event) => {
    detail(event);
    const button = event.target.closest("button.topology-line");
    const textarea = editor(element);
    if (button && textarea) selectLine(textarea, Number(button.dataset.line));
  });
  const textarea = editor(element);
  textarea?.addEventListener("input", () => {
    const link = element.querySelector("a.topology-download");
    if (link) link.href = downloadHref(textarea.value);
  });
}

function showDetail(element, node) {
  const out = element.querySelector(".calc-diagram-detail");
  if (out) out.textContent = node.querySelector("title")?.textContent ?? "";
  if (node.dataset.node) element.dataset.detail = node.dataset.node;
}

// A result drawn after the reader picked a switch (the live one after the build-time one, or an
// edit) keeps that switch's details, when the switch is still in the topology.
function keepDetail(element) {
  const name = element.dataset.detail;
  return () => {
    const node = name ? element.querySelector(`g[data-node="${CSS.escape(name)}"]`) : null;
    if (node) showDetail(element, node);
    else delete element.dataset.detail;
  };
}

/** The view's markup for a result: the same string as topology.py's prerender. */
export function viewHtml(result, t) {
  const data = result.data;
  if (result.calculator === "fabric") return fabricHtml(String(data.yaml), t);
  const yaml = String(result.inputs.yaml ?? "");
  const caption = t("{name}: tiers as rows; a link takes the colour of its lower switch's oversubscription. Hover, tap or focus a switch for its details.",
    { name: esc(data.name ?? "topology") });
  return `<div class="topology-view">`
    + `<div class="topology-problems" role="region" aria-label="${t("Problems in the topology")}" aria-live="polite">`
    + `${problemsHtml(data.issues, t)}</div>`
    + `<div class="topology-figure">${data.svg}<p class="topology-caption">${caption}</p>`
    + `<p class="calc-diagram-detail" aria-live="polite"></p></div>${diagramBar("topology", t)}`
    + `<p><a class="md-button topology-download" download="topology.yaml" href="${esc(downloadHref(yaml))}">`
    + `${t("Download this YAML")}</a></p></div>`;
}

/** Fits each drawn graph to its column with zoom controls (widgets/js/zoom.js, loaded in the page). */
export function zoomDiagrams(element, t) {
  if (typeof document === "undefined") return Promise.resolve();
  return import(new URL("../zoom.js", import.meta.url).href)
    .then(({ zoomable }) => element.querySelectorAll(".topology-figure").forEach((f) => zoomable(f, element, t)))
    .catch((err) => console.warn("diagram zoom:", err));
}

/** Draws the result; the promise settles when the zoom frames are built (the runtime then gives back
 * the focus: moving a focused drawing into its frame drops the focus). */
export function render(element, result, ctx) {
  const detail = keepDetail(element);
  element.innerHTML = viewHtml(result, ctx.t);
  if (result.calculator === "fabric") return Promise.resolve();
  wire(element);
  detail();
  return zoomDiagrams(element, ctx.t);
}
