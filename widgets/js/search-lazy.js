// Search's index is fetched when the reader turns to search, not at page load.
//
// Material for MkDocs (9.x) requests search/search_index.json as its bundle starts, on every page:
// on a first visit that is 0.17 MB (brotli; 0.30 MB gzip, more with the Chinese edition's
// segmented text) sharing the link with the page and with the calculators' Python runtime.
// Loaded just before Material's bundle (widgets/build.py inserts it), this holds that one request
// until the search field is focused (a click on the search icon, or the keyboard shortcuts, focus
// it) or a page opens with a search query (?q=); Material then sets its search up as it always does
// (the field says "Initializing search" meanwhile, and a query typed meanwhile is run once ready).
(() => {
  const INDEX = /\/search\/search_index\.json$/;
  let wanted = null;
  const asked = new Promise((resolve) => { wanted = resolve; });

  function want() {
    wanted();
    document.removeEventListener("focusin", onFocus, true);
  }

  function onFocus(event) {
    if (event.target.matches?.("[data-md-component=search-query], #__search")) want();
  }

  document.addEventListener("focusin", onFocus, true);
  document.addEventListener("change", (e) => { if (e.target.id === "__search") want(); }, true);
  if (new URLSearchParams(location.search).has("q")) want();

  // Material requests it with XMLHttpRequest: that one request's send() waits.
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.calcDeferred = INDEX.test(new URL(String(url), location.href).pathname);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (!this.calcDeferred) return send.call(this, body);
    asked.then(() => send.call(this, body));
    return undefined;
  };
})();
