"""The ECMP view draws the same SVG at build time (Python) and in the browser (ecmp.js)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from calc.registry import run
from tests.support.texts import LANGS, run_js
from widgets.texts import translator
from widgets.views import ecmp as view

ROOT = Path(__file__).resolve().parents[1]
CASES: list[dict[str, object]] = [{}, {"qps_per_flow": 3, "flows": 8, "paths": 8}, {"tiers": "two_same", "flows": 8, "paths": 8, "trials": 20},
         {"balancing": "spray"}, {"flows": 100, "paths": 100, "trials": 20}, {"flows": 7, "paths": 3, "hash": "random"}]


def test_prerender_has_a_tooltip_per_sub_flow() -> None:
    result = run("ecmp", {"qps_per_flow": 2, "trials": 20}).to_json()
    html = view.prerender(result)
    assert html.count('class="ecmp-flow"') == 2 * 32  # the wide drawing and the phone's
    first = result["data"]["connections"][0]["qps"][0]
    assert f'→ 11.0.0.1:4791 UDP QPN 0x{first["lqpn"]:06x}→0x{first["rqpn"]:06x}' in html


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("lang", LANGS)
def test_python_and_javascript_draw_the_same(lang: str) -> None:
    data = [run("ecmp", case).to_json()["data"] for case in CASES]
    t = translator(lang)
    calls = [call for d in data for call in (("svg", [d, view.WIDTH]), ("svg", [d, view.NARROW]), ("summary", [d]))]
    assert run_js(ROOT / "widgets/views/ecmp.js", calls, lang) == \
        [out for d in data for out in (view.svg(d, view.WIDTH, t), view.svg(d, view.NARROW, t), view.summary(d, t))]


def test_the_phone_drawing_wraps_the_lanes_into_rows_of_eight() -> None:
    data = run("ecmp", {"paths": 16}).to_json()["data"]
    narrow = view.svg(data, view.NARROW)
    assert 'viewBox="0 0 300 ' in narrow and 'class="ecmp-svg ecmp-narrow"' in narrow
    lane_bottoms = {float(y) for y in re.findall(r'<line x1="[\d.]+" y1="[\d.]+" x2="[\d.]+" y2="([\d.]+)" class="ecmp-lane', narrow)}
    assert sorted(lane_bottoms) == [176.0, 340.0]  # two rows of 8 lanes: 56 + 120, then a band of 120 + 22 + 6 + 16 lower
    assert narrow.count('class="ecmp-fan"') == 8  # the leaf fans out to the first row
