"""One rule for custom views: each view's markup is written twice, in Python (``widgets/views/<v>.py``,
the build-time page) and in JavaScript (``<v>.js``, the live page), and this file checks, in node,
that both write the same markup for the same results. A new view needs a case here (the first test
fails until it has one). The congestion lab's player is checked in the browser
(tests/browser/test_diagrams.py), because it draws with the DOM.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from calc.registry import run
from widgets.views import ecmp, monitoring, topology

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = """
const view = await import(process.argv[1]);
const cases = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (c) => s += c); process.stdin.on("end", () => ok(s)); }));
process.stdout.write(JSON.stringify(cases.map((c) => view[process.argv[2]](c))));
"""
BAD_YAML = "name: x\nnetworks: {a: b}\nswitches:\n  - {name: s1, tier: leaf, network: a, uplinks: [{to: nope}]}\n"


def _results(calc: str, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [run(calc, case).to_json() for case in cases]


# view -> (JavaScript export, Python function of the same result, results to draw)
CASES: dict[str, tuple[str, Callable[[dict[str, Any]], str], Callable[[], list[dict[str, Any]]]]] = {
    "topology": ("viewHtml", topology.prerender, lambda: _results("topology", [{}, {"example": "article"}])
                 + _results("fabric", [{}, {"gpus": "16384"}])),
    "monitoring": ("viewHtml", monitoring.prerender, lambda: _results("alerts", [{}, {"cpu_threshold": "55", "scenario": "incast"}])),
    "ecmp": ("drawings", ecmp.drawings, lambda: [r["data"] for r in _results("ecmp", [{}, {"flows": 7, "paths": 3}])]),
}
DOM_VIEWS = {"congestion"}  # drawn with the DOM: checked in the browser
OWN_FILE = {"configs": ROOT / "tests/test_configs_view.py"}  # its parity test lives beside its other tests


def test_every_view_with_a_javascript_twin_has_a_parity_case() -> None:
    views = {p.stem for p in (ROOT / "widgets/views").glob("*.js")}
    assert views == set(CASES) | DOM_VIEWS | set(OWN_FILE)
    assert all("the same markup" in path.read_text() for path in OWN_FILE.values())


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("view", sorted(CASES))
def test_python_and_javascript_write_the_same_markup(view: str) -> None:
    export, python, results = CASES[view]
    data = results()
    out = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, str(ROOT / f"widgets/views/{view}.js"), export],
                         input=json.dumps(data), capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [python(r) for r in data]
