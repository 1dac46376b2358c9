// The monitoring view (alerts calculator): download links for the rules file and the dashboard at the
// reader's thresholds, rebuilt from each new result. The same markup as monitoring.py's prerender
// (tests/test_views.py checks it).

const FILES = [
  ["rules", "ai-fabric-alerts.rules.yml", "application/yaml"],
  ["dashboard", "ai-fabric-dashboard.json", "application/json"],
];
const labels = (t) => ({ rules: t("Rules at these thresholds (YAML)"), dashboard: t("Dashboard at these thresholds (JSON)") });

const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
// Python's urllib.parse.quote(text, safe=""): every byte but letters, digits and _.-~ escaped.
const quote = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function link(text, filename, mime, label) {
  const href = `data:${mime};charset=utf-8,${quote(text)}`;
  return `<a class="md-button calc-download" download="${esc(filename)}" href="${esc(href)}">${esc(label)}</a>`;
}

/** The view's markup for a result: the same string as monitoring.py's prerender. */
export function viewHtml(result, t) {
  const data = result.data || {};
  const label = labels(t);
  const links = FILES.filter(([key]) => key in data).map(([key, name, mime]) => link(data[key], name, mime, label[key]));
  return `<p class="calc-view-downloads">${t("Download with the thresholds above:")} ${links.join(" ")}</p>`;
}

export function render(element, result, ctx) {
  element.innerHTML = viewHtml(result, ctx.t);
}
