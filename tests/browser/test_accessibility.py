"""Every page and embed page as a reader with either colour scheme meets it: an axe-core audit
(the copy pinned in package.json, injected from node_modules by this test and never served to
readers) finds no serious or critical violation, and every widget's text and controls have WCAG
AA contrast computed from the rendered colours (4.5:1 text, 3:1 large text and control borders)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from calc.registry import all_calculators
from tests.browser.test_site import pages

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules/axe-core/axe.min.js"
EMBEDS = sorted(c.name for c in all_calculators())
ALL = pages() + [f"embed/{name}/" for name in EMBEDS]
WIDGET_PAGES = [p for p in ALL if p.startswith("embed/")] + ["do-the-math/", "monitoring/", "troubleshooting-ecmp/",
                                                             "tuning-pfc-ecn/", "topology-as-code/"]
SCHEMES = ("light", "dark")
# A course may force a scheme on its embed: the forced scheme against the reader's other one.
FORCED = [("light", "embed/collective/?theme=dark"), ("dark", "embed/alerts/?theme=light")]
# axe's rules other than colour contrast do not depend on the scheme; an embed page is one widget, whose
# contrast in either scheme test_every_widget_has_aa_contrast_in_this_scheme computes, so embeds are audited
# by axe in light only and reader pages in both.
AUDITS = [(scheme, path) for path in ALL for scheme in SCHEMES if scheme == "light" or not path.startswith("embed/")]

CONTRAST = """root => {
  const parse = (c) => { const m = /rgba?\\(([^)]+)\\)/.exec(c || ""); if (!m) return null;
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const blend = (fg, bg) => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat(1);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const chain = (el) => { const out = []; for (let e = el; e; e = e.parentElement) out.unshift(e); return out; };
  const background = (el) => chain(el).reduce((bg, e) => { const c = parse(getComputedStyle(e).backgroundColor);
    return c && c[3] > 0 ? blend(c, bg) : bg; }, [255, 255, 255, 1]);
  const opacity = (el) => chain(el).reduce((o, e) => o * Number(getComputedStyle(e).opacity), 1);
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.value || el.textContent || "").trim().slice(0, 40)}"`;
  const bad = [];
  const texts = [...root.querySelectorAll("*")].filter((el) => !el.closest("svg, .js-plotly-plot") && shown(el)
    && ([...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) || el.matches("input:not([type=range]):not([type=checkbox]), select, textarea")) && !el.matches(":disabled"));
  for (const el of texts) {
    const s = getComputedStyle(el), bg = background(el), fg = parse(s.color);
    fg[3] *= opacity(el);
    const size = parseFloat(s.fontSize), large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    const got = ratio(blend(fg, bg), bg);
    if (got < (large ? 3 : 4.5)) bad.push(`text ${name(el)}: ${got.toFixed(2)}:1 at ${size}px`);
    if (el.matches(".calc-help") && size < 11) bad.push(`help text ${name(el)}: ${size}px`);
  }
  for (const el of root.querySelectorAll("input:not([type=checkbox]):not([type=range]), select, textarea, button, .md-button")) {
    if (!shown(el) || el.matches(":disabled")) continue;  // WCAG 1.4.3/1.4.11 exempt inactive controls
    const s = getComputedStyle(el), bg = background(el.parentElement), border = parse(s.borderTopColor);
    if (parseFloat(s.borderTopWidth) === 0) continue;
    border[3] *= opacity(el);
    const got = ratio(blend(border, bg), bg);
    if (got < 3) bad.push(`control ${name(el)}: border ${got.toFixed(2)}:1`);
  }
  return bad;
}"""


EVERY_WIDGET = f"() => [...document.querySelectorAll('.calc-widget')].flatMap({CONTRAST})"


@pytest.fixture(params=SCHEMES)
def scheme_page(request: pytest.FixtureRequest, browser: Browser, site: str) -> Iterator[Page]:
    context = browser.new_context(color_scheme=request.param, bypass_csp=True, viewport={"width": 1366, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize(("scheme_page", "path"),
                         [(scheme, path) for path in WIDGET_PAGES for scheme in SCHEMES] + FORCED, indirect=["scheme_page"])
def test_every_widget_has_aa_contrast_in_this_scheme(scheme_page: Page, site: str, path: str) -> None:
    scheme_page.goto(site + path)
    # One snapshot of every widget (a run that starts between two widgets' checks would dim the second)
    assert scheme_page.evaluate(EVERY_WIDGET) == []


@pytest.mark.parametrize("scheme_page", SCHEMES, indirect=True)
def test_a_widget_computing_its_results_keeps_aa_contrast(scheme_page: Page, site: str) -> None:
    # While a live run is under way (data-busy) the results are dimmed, and still readable at 4.5:1.
    scheme_page.goto(site + "tuning-pfc-ecn/")
    scheme_page.evaluate("() => { for (const w of document.querySelectorAll('.calc-widget')) w.dataset.busy = 'true'; }")
    assert scheme_page.evaluate(EVERY_WIDGET) == []


@pytest.mark.parametrize(("scheme_page", "path"), AUDITS, indirect=["scheme_page"])
def test_axe_finds_no_serious_or_critical_violation(scheme_page: Page, site: str, path: str) -> None:
    scheme_page.goto(site + path)
    scheme_page.add_script_tag(path=str(AXE))
    violations = scheme_page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
        .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)""")
    assert violations == []
