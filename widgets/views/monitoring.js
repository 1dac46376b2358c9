// The monitoring view (alerts calculator): download links for the rules file and the dashboard at the
// reader's thresholds, rebuilt from each new result. Same markup as monitoring.py's prerender.

const FILES = [
  ["rules", "ai-fabric-alerts.rules.yml", "application/yaml", "Rules at these thresholds (YAML)"],
  ["dashboard", "ai-fabric-dashboard.json", "application/json", "Dashboard at these thresholds (JSON)"],
];

function link(text, filename, mime, label) {
  const a = document.createElement("a");
  a.className = "md-button calc-download";
  a.download = filename;
  a.href = `data:${mime};charset=utf-8,${encodeURIComponent(text)}`;
  a.textContent = label;
  return a;
}

export function render(element, result) {
  const data = result.data || {};
  const p = document.createElement("p");
  p.className = "calc-view-downloads";
  p.append("Download with the thresholds above: ");
  for (const [key, filename, mime, label] of FILES) {
    if (key in data) p.append(link(data[key], filename, mime, label), " ");
  }
  element.replaceChildren(p);
}
