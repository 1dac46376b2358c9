// Site chrome fixes that the theme's markup lacks: accessible names for the search dialog and the
// page-loading progress bar (mkdocs-material draws both without one). Runs on every page view,
// including after instant navigation.
const name = (selector, label) => {
  for (const el of document.querySelectorAll(`${selector}:not([aria-label])`)) el.setAttribute("aria-label", label);
};
const fix = () => {
  name(".md-search[role=dialog], .md-search", "Search");
  name(".md-progress", "Loading the page");
  // Code blocks that scroll sideways can be focused and scrolled from the keyboard.
  for (const code of document.querySelectorAll(".md-typeset pre > code:not([tabindex])")) {
    if (code.scrollWidth > code.clientWidth) code.setAttribute("tabindex", "0");
  }
};
if (window.document$?.subscribe) window.document$.subscribe(fix);
else fix();
new MutationObserver(() => name(".md-progress", "Loading the page")).observe(document.body, { childList: true });
