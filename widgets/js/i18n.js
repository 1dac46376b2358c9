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

// An embed page (embed/NAME/) asked for another language (?lang=zh) opens that language's
// embed page (embed/NAME/zh/), keeping the other options and the anchor.
const asked = new URLSearchParams(location.search).get("lang");
if (document.body?.classList.contains("calc-embed") && asked === "zh" && !document.documentElement.lang.startsWith("zh")) {
  location.replace(`zh/${location.search}${location.hash}`);
}
