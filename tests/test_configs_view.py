"""The configs view writes the same markup at build time (Python) and in the browser (configs.js)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from calc.registry import run
from tests.support.texts import LANGS, run_js, shown
from widgets.texts import translator
from widgets.views import configs as view

ROOT = Path(__file__).resolve().parents[1]
CASES = [{}, {"device": "host-03"}, {"example": "add-leaf"}, {"example": "ecn", "device": "spine-01"},
         {"yaml": "topology:\n  leaf:\n    - {name: l1, uplinks: [s9]}\n"}]


def test_diff_lines_are_marked_added_removed_and_file_headers() -> None:
    html = view.diff_html("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new <b>\n")
    assert '<span class="configs-del">-old</span>' in html
    assert '<span class="configs-add">+new &lt;b&gt;</span>' in html
    assert '<span class="configs-file">--- a/x</span>' in html


def test_nothing_is_shown_until_the_problems_are_fixed() -> None:
    data = run("configs", CASES[-1]).to_json()["data"]
    assert view.files_html(data) == '<p class="configs-none">Nothing is rendered until the problems above are fixed.</p>'


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("lang", LANGS)
def test_python_and_javascript_write_the_same_markup(lang: str) -> None:
    data = [shown(run("configs", case).to_json(), lang)["data"] for case in CASES]
    calls = [call for d in data for call in (("diffHtml", [d["diff"]]), ("filesHtml", [d]))]
    t = translator(lang)
    assert run_js(ROOT / "widgets/views/configs.js", calls, lang) == \
        [html for d in data for html in (view.diff_html(d["diff"], t), view.files_html(d, t))]
