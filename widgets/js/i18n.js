// The language switch (widgets/i18n_site.py puts it on every page with a counterpart): go to
// the same page in the other language, keeping the query string (the calculators' state) and
// the anchor. A full load, not instant navigation: the language of the whole document changes.
window.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[data-lang-switch]");
  if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  location.assign(`${link.href.split(/[?#]/)[0]}${location.search}${location.hash}`);
}, true);
