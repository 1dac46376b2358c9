"""One rule for custom views: each view's markup is written twice, in Python (``widgets/views/<v>.py``,
the build-time page) and in JavaScript (``<v>.js``, the live page), and this file checks, in node,
that both write the same markup for the same results, in English and in Chinese. A new view needs a
case here (the first test fails until it has one). The congestion lab's player is checked in the
browser (tests/browser/test_diagrams.py), because it draws with the DOM.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from calc.registry import run
from tests.support.texts import LANGS, run_js, shown
from widgets.texts import translator
from widgets.views import ecmp, monitoring, topology

ROOT = Path(__file__).resolve().parents[1]
BAD_YAML = "name: x\nnetworks: {a: b}\nswitches:\n  - {name: s1, tier: leaf, network: a, uplinks: [{to: nope}]}\n"


def _results(calc: str, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [run(calc, case).to_json() for case in cases]


# view -> (JavaScript export, Python function of the same result, results to draw)
CASES: dict[str, tuple[str, Callable[..., str], Callable[[], list[dict[str, Any]]]]] = {
    "topology": ("viewHtml", topology.prerender, lambda: _results("topology", [{}, {"example": "article"}])
                 + _results("fabric", [{}, {"gpus": "16384"}])),
    "monitoring": ("viewHtml", monitoring.prerender, lambda: _results("alerts", [{}, {"cpu_threshold": "55", "scenario": "incast"}])),
    "ecmp": ("prerender", ecmp.prerender, lambda: _results("ecmp", [{}, {"flows": 7, "paths": 3}, {"qps_per_flow": 1}])),
}
DOM_VIEWS = {"congestion"}  # drawn with the DOM: checked in the browser
OWN_FILE = {"configs": ROOT / "tests/test_configs_view.py"}  # its parity test lives beside its other tests


def test_every_view_with_a_javascript_twin_has_a_parity_case() -> None:
    views = {p.stem for p in (ROOT / "widgets/views").glob("*.js")}
    assert views == set(CASES) | DOM_VIEWS | set(OWN_FILE)
    assert all("the same markup" in path.read_text() for path in OWN_FILE.values())


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("view", sorted(CASES))
def test_python_and_javascript_write_the_same_markup(view: str, lang: str) -> None:
    export, python, results = CASES[view]
    data = [shown(r, lang) for r in results()]
    args = [r["data"] if export == "drawings" else r for r in data]
    assert run_js(ROOT / f"widgets/views/{view}.js", [(export, [a]) for a in args], lang) == \
        [python(r, translator(lang)) for r in data]
