// Embed pages (embed/NAME/ and embed/problems/PAGE/): options from the URL and resizing.
//
//   ?theme=light|dark|auto   colour scheme (auto follows the reader's system)
//   ?show=a,b                only these fields of a calculator (or these problems of a set)
//   ?fix=a,b                 these fields are shown but cannot be changed
//   ?NAME=value              a field's value (same as ?<widget>.NAME=value)
//
// The page posts {type: "calc:resize", height} to its parent whenever its height changes,
// so the host can size the iframe and the embed never shows an inner scroll bar.

const query = new URLSearchParams(location.search);
const list = (key) => (query.get(key) || "").split(",").map((s) => s.trim()).filter(Boolean);

function applyTheme() {
  const theme = query.get("theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
}

function applyFields(widget) {
  const show = list("show");
  const fix = list("fix");
  let changed = null;
  for (const field of widget.querySelectorAll(".calc-field[data-param]")) {
    const name = field.dataset.param;
    const control = field.querySelector("input, select, textarea");
    if (query.has(name) && control) {
      if (control.type === "checkbox") control.checked = query.get(name) === "true";
      else control.value = query.get(name);
      changed = control;
    }
    if (show.length && !show.includes(name) && !fix.includes(name)) field.hidden = true;
    if (fix.includes(name) && control) { control.disabled = true; field.dataset.fixed = "true"; }
  }
  for (const details of widget.querySelectorAll("details.calc-advanced")) {
    if ([...details.querySelectorAll(".calc-field")].every((f) => f.hidden)) details.hidden = true;
  }
  // One change event: the runtime recomputes for the values from the URL at once.
  changed?.dispatchEvent(new Event("change", { bubbles: true }));
}

function applyProblems(set) {
  const show = list("show");
  if (!show.length) return;
  for (const p of set.querySelectorAll(".calc-problem")) p.hidden = !show.includes(p.dataset.problem);
}

function postHeight() {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  window.parent.postMessage({ type: "calc:resize", height, embed: document.body.dataset.embed || "" }, "*");
}

applyTheme();
for (const w of document.querySelectorAll(".calc-widget")) applyFields(w);
for (const s of document.querySelectorAll(".calc-problems")) applyProblems(s);
if (window.parent !== window) {
  new ResizeObserver(postHeight).observe(document.documentElement);
  postHeight();
}
