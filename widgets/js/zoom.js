// Zoom for large diagrams (the topology editor's and the configs view's graph). The diagram first
// fits its column (an overview); Zoom in / Zoom out / Fit buttons (and Ctrl + wheel, or a pinch on
// a touch pad) change the scale, and a zoomed-in diagram scrolls inside its own frame, never the
// page. Text that would be drawn below 11 px on screen is hidden rather than shrunk: the reader
// zooms in, or taps, hovers or focuses a node to read its details in the panel under it.

const MIN_PX = 11;
const STEP = 1.5;
const MAX_SCALE = 2;

// The words, in the page's language: t is the view's translator (widgets/js/texts.js; the build puts
// these texts on the widget, widgets/texts.py). English when none is given.
const words = (t) => ({ bar: t("Diagram zoom"), out: t("Zoom out"), in: t("Zoom in"), fit: t("Fit to width"),
  hint: t("Labels are hidden at this size: zoom in, or tap a node for its details.") });

function button(parent, text, label) {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: text });
  b.setAttribute("aria-label", label);
  b.title = label;
  parent.appendChild(b);
  return b;
}

/** Wraps the figure's diagram in a zoomable frame with its controls (once per drawn diagram);
 * ``memory`` (the view's element) keeps the reader's zoom across re-renders of a new result;
 * ``t`` translates the controls' words. */
export function zoomable(figure, memory = {}, t = (text) => text) {
  const svg = figure.querySelector(":scope > svg");
  if (!svg || svg.closest(".diagram-frame")) return;
  const natural = svg.viewBox.baseVal?.width || 0;
  if (!natural) return;
  const said = words(t);
  const frame = Object.assign(document.createElement("div"), { className: "diagram-frame" });
  const bar = Object.assign(document.createElement("div"), { className: "diagram-zoom" });
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", said.bar);
  const out = button(bar, "−", said.out);
  const into = button(bar, "+", said.in);
  const fitButton = button(bar, said.fit, said.fit);
  const readout = Object.assign(document.createElement("output"), { className: "diagram-scale" });
  bar.appendChild(readout);
  const hint = Object.assign(document.createElement("p"), { className: "diagram-hint", textContent: said.hint, hidden: true });
  svg.before(bar);
  bar.after(frame);
  frame.appendChild(svg);
  frame.after(hint);
  let scale = memory.zoomScale ?? null; // null: fit the column
  const fit = () => Math.max(0.05, (frame.clientWidth || natural) / natural);
  const apply = () => {
    if (scale !== null && scale <= fit() + 1e-6) scale = null;
    memory.zoomScale = scale;
    const s = scale ?? fit();
    svg.style.width = `${(natural * s).toFixed(1)}px`;
    svg.style.maxWidth = "none";
    let hidden = 0;
    for (const text of svg.querySelectorAll("text")) {
      const small = parseFloat(getComputedStyle(text).fontSize) * s < MIN_PX - 0.01;
      text.classList.toggle("diagram-too-small", small);
      hidden += small ? 1 : 0;
    }
    hint.hidden = hidden === 0;
    readout.textContent = `${Math.round(s * 100)} %`;
    out.disabled = s <= fit() + 1e-6;
    into.disabled = s >= MAX_SCALE - 1e-6;
    fitButton.disabled = scale === null;
  };
  const zoom = (factor, anchorX = frame.clientWidth / 2) => {
    const before = scale ?? fit();
    const next = Math.min(MAX_SCALE, Math.max(fit(), before * factor));
    const focus = (frame.scrollLeft + anchorX) / before; // keep this point of the drawing in place
    scale = next <= fit() + 1e-6 ? null : next;
    apply();
    frame.scrollLeft = focus * next - anchorX;
  };
  out.addEventListener("click", () => zoom(1 / STEP));
  into.addEventListener("click", () => zoom(STEP));
  fitButton.addEventListener("click", () => { scale = null; apply(); });
  frame.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return; // a plain wheel scrolls the page; Ctrl + wheel (and a pinch) zooms
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - frame.getBoundingClientRect().left);
  }, { passive: false });
  if ("ResizeObserver" in window) new ResizeObserver(() => apply()).observe(frame);
  apply();
}
