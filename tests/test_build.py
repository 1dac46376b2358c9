"""The build: constructs, failures that must stop it, the wheel, missing runtime assets."""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from html import escape as html_escape
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import markdown
import pytest

from calc import __version__
from calc.problems import get_problem
from calc.registry import get, run
from widgets import build
from widgets.render import BuildError, _carried, embed_page
from widgets.shortcodes import ShortcodeExtension
from widgets.wheel import build_wheel

ROOT = Path(__file__).resolve().parents[1]


def md(text: str) -> str:
    return markdown.markdown(text, extensions=[ShortcodeExtension()])


def test_value_construct_prints_the_engines_display_string() -> None:
    assert ">49.85 GB/s<" in md("Bus bandwidth is [[value:collective.busbw_GBps gpus=16 preset=roce400]].")


def test_value_construct_raw_prints_the_number_alone() -> None:
    assert ">1,000<" not in md("[[value:collective.steps gpus=16 raw]]")
    assert ">30<" in md("[[value:collective.steps gpus=16 raw]]")


def test_calc_construct_renders_form_results_and_chart() -> None:
    html = md("[[calc:collective gpus=16 fixed=op]]")
    assert 'id="calc-collective-gpus"' in html and 'value="16"' in html
    assert 'data-output="busbw_GBps"' in html and "<svg" in html
    assert 'id="calc-collective-op" name="op" aria-describedby="calc-collective-op-help calc-collective-op-error" disabled' in html


def test_a_chinese_page_builds_names_and_words_as_the_worker_shows_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pre-render and the live result read the same: a column of names is kept (AMD Helios), a word is
    translated (the link's bound), in a table, a widget and a value alike (calc.i18n.table_rows, display_text)."""
    from widgets import render
    monkeypatch.setattr(render, "LANG", ["zh"])
    assert "AMD Helios (MI455X)" in md("[[table:scaleup_roadmap.domains]]")
    widget = md("[[calc:scaleup_roadmap]]")
    assert "AMD Helios (MI455X)" in widget and "AMD Helios 机架" not in widget
    assert ">链路<" in md("[[value:collective.bound_by system=link]]")
    assert ">ring<" in md("[[value:collective.algorithm_used system=link]]")


def test_problems_construct_renders_the_sets_statements_for_the_default_seed() -> None:
    from calc.problems import pages

    html = md("[[problems:tuning-pfc-ecn]]")
    assert html.count('class="calc-problem"') == len(pages()["tuning-pfc-ecn"])
    assert html_escape(get_problem("kmax-for-incast").make(1).statement) in html
    assert 'href="@@SITE_ROOT@@embed/problems/tuning-pfc-ecn/"' in html


def test_problem_catalogue_lists_every_problem_with_its_embed_address() -> None:
    from calc.problems import all_problems

    html = md("[[catalog:problems]]")
    assert html.count("<tr><td><code>") == len(all_problems())
    assert 'href="@@SITE_ROOT@@embed/problems/tuning-pfc-ecn/?show=kmax-for-incast"' in html
    assert "embed/collective/" in md("[[catalog]]")


def test_calculator_homes_prefer_topic_pages_in_navigation_order() -> None:
    from widgets.build import calculator_homes

    homes = calculator_homes(["", "scale-out/", "do-the-math/"],
                             {"": ["collective"], "do-the-math/": ["collective", "step"], "scale-out/": ["collective"]})
    assert homes == {"collective": "scale-out/", "step": "do-the-math/"}


def test_fields_that_do_not_apply_to_the_chosen_system_are_built_hidden() -> None:
    html = md("[[calc:scaling system=dgx_h100 gpus=64]]")
    assert '<div class="calc-field" data-param="preset" hidden>' in html
    assert '<div class="calc-field" data-param="gpus_per_domain">' in html


def test_a_field_that_applies_by_an_unknown_parameter_fails_the_build() -> None:
    from types import SimpleNamespace

    from calc.params import Float
    from widgets.render import _form

    odd = SimpleNamespace(name="odd", params=(Float("x", "X", 1.0, applies=("mode", ("a",))),))
    with pytest.raises(BuildError, match="calculator odd: x applies by mode, which is not a parameter"):
        _form(odd, {"x": 1.0}, "w", [], [])  # type: ignore[arg-type]


def test_constructs_in_code_are_left_alone() -> None:
    assert "[[calc:nope]]" in md("`[[calc:nope]]`")
    assert "[[value:nope.x]]" in md("```\n[[value:nope.x]]\n```")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[calc:nope]]", "[[calc:nope]]: unknown calculator 'nope'; known: "),
        ("[[value:collective.nope]]", "[[value:collective.nope]]: collective has no output 'nope'; known: time_us"),
        ("[[value:collective.time_vs_size]]", "[[value:collective.time_vs_size]]: time_vs_size is a chart, not a scalar"),
        ("[[value:collective.time_us gpus=1]]", "calculator 'collective' with {'gpus': '1'}: gpus must be between 2"),
        ("[[calc:collective fixed=gpu]]", "[[calc:collective]]: fixed=gpu is not a parameter; known: op"),
        ("Inline [[frobnicate:x]] here.", "[[frobnicate:x]]: unknown construct 'frobnicate'; known: calc"),
        ("Inline [[calc:collective]] here.", "[[calc:collective]]: a calc construct must stand alone in its paragraph"),
        ("[[download:nope]]", "[[download:nope]]: unknown export; known: "),
        ("[[catalog:nope]]", "[[catalog:nope]]: unknown catalogue; known: [[catalog]], [[catalog:problems]]"),
        ("[[problems:nope]]", "[[problems:nope]]: no problems for page 'nope'; known: designing-the-fabric, do-the-math"),
    ],
)
def test_broken_constructs_fail_the_build_with_a_message(text: str, message: str) -> None:
    with pytest.raises(BuildError) as info:
        md(text)
    assert str(info.value).startswith(message)


def test_wheel_is_reproducible_and_holds_the_whole_engine() -> None:
    first, second = build_wheel(ROOT / "calc", __version__), build_wheel(ROOT / "calc", __version__)
    assert first == second
    names = zipfile.ZipFile(__import__("io").BytesIO(first)).namelist()
    assert "calc/registry.py" in names and f"aifabric_calc-{__version__}.dist-info/RECORD" in names


def test_missing_pyodide_fails_the_build_naming_the_set_up_command(tmp_path: Path) -> None:
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / name, tmp_path / name)
    with pytest.raises(build.RuntimeAssetError) as info:
        build.check_runtime(tmp_path)
    pin = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert str(info.value) == (f"pyodide {pin} is not installed (node_modules/pyodide is missing): "
                               "run ./dev.sh serve (or ./dev.sh setup)")


def test_mismatched_pyodide_version_fails_the_build(tmp_path: Path) -> None:
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "node_modules", tmp_path / "node_modules", symlinks=True)
    meta = tmp_path / "node_modules/pyodide/package.json"
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "version": "0.0.1"}))
    with pytest.raises(build.RuntimeAssetError, match="node_modules has 0.0.1: run ./dev.sh"):
        build.check_runtime(tmp_path)


def test_inline_scripts_move_to_files_named_by_hash(tmp_path: Path) -> None:
    html = '<script>var a=1</script><script type="application/json">{"x":1}</script><script src="x.js"></script>'
    out = build.externalize_inline_scripts(html, "..", tmp_path)
    assert out.startswith('<script src="../assets/inline/') and '{"x":1}' in out
    (moved,) = (tmp_path / "assets/inline").iterdir()
    assert moved.read_text() == "var a=1"


def test_the_search_index_waits_for_the_reader_script_runs_before_materials_bundle() -> None:
    page = ('<head></head><body><script src="../assets/javascripts/bundle.a5f9d56c.min.js"></script>'
            '<script src="../assets/widgets/runtime.js" type="module"></script></body>')
    assert build.defer_search_index(page, "..") == (
        '<head></head><body><script src="../assets/widgets/search-lazy.js"></script>'
        '<script src="../assets/javascripts/bundle.a5f9d56c.min.js"></script>'
        '<script src="../assets/widgets/runtime.js" type="module"></script></body>')
    assert build.defer_search_index("<body>an embed page, no Material</body>", "..") == "<body>an embed page, no Material</body>"


def test_a_widget_never_shares_an_id_with_the_heading_of_its_name() -> None:
    html = markdown.markdown("## Headroom\n\n[[calc:headroom]]\n", extensions=["toc", ShortcodeExtension()])
    assert '<h2 id="headroom">' in html
    assert 'class="calc-widget" id="calc-headroom" data-wid="headroom"' in html


def test_no_built_page_repeats_an_id(built_site: Path) -> None:
    """Anchors, labels and ARIA references need unique ids; the print page, which joins every
    page into one, prefixes each page's ids with the page's name."""
    import re
    from collections import Counter

    repeated = {}
    for page in built_site.rglob("*.html"):
        ids = Counter(re.findall(r'<[a-zA-Z][^>]*?\sid="([^"]+)"', page.read_text()))
        if twice := sorted(i for i, n in ids.items() if n > 1):
            repeated[str(page.relative_to(built_site))] = twice[:5]
    assert repeated == {}
    assert 'id="tuning-pfc-ecn--calc-headroom"' in (built_site / "print/index.html").read_text()


def test_no_computed_value_is_followed_by_its_own_unit(built_site: Path) -> None:
    """A value prints its unit ("8,192 GPUs"); prose that adds the unit again reads "8,192 GPUs
    GPUs" (or "8,192 GPUs 块 GPU" in Chinese)."""
    import re

    value = re.compile(r'<span class="calc-value"[^>]*>[^<]*?\s(\S+)</span>\s*(?:块\s*)?([\w/%µ]+)')
    doubled = sorted(f"{page.relative_to(built_site)}: {m.group(0)[-60:]}"
                     for page in built_site.rglob("*.html")
                     for m in value.finditer(page.read_text())
                     if m.group(2).lower().rstrip("s") == m.group(1).lower().rstrip("s"))
    assert doubled == []


STATE_LINK = re.compile(r"\]\(\?([\w-]+)\.(\w+)=([^)#&]+)")
CALC_ON_PAGE = re.compile(r"\[\[calc:(\w+)[^\]]*?\bid=([\w-]+)")


@pytest.mark.parametrize("page", sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")
                                        if STATE_LINK.search(p.read_text(encoding="utf-8"))))
def test_a_link_that_sets_a_widgets_input_names_a_widget_of_its_page_and_a_valid_value(page: str) -> None:
    """A link such as (?accuracy-run.run=...#one-run-at-a-time) opens the page's own widget with that input: the
    widget must be on the page and the value one it accepts (a renamed run would silently open the default)."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    widgets = {wid: name for name, wid in CALC_ON_PAGE.findall(text)}
    for wid, param, value in STATE_LINK.findall(text):
        assert wid in widgets, f"{page}: no widget {wid}"
        get(widgets[wid]).validate({param: unquote(value)})


def test_a_list_of_grouped_choices_is_drawn_under_its_groups_headings() -> None:
    html_text = md("[[calc:accuracy_run]]")
    groups = re.findall(r'<optgroup label="([^"]+)">', html_text)
    assert groups[0] == "held-out v8 (blind)" and groups[-1] == "calibration" and len(groups) == len(set(groups)) == 9
    assert html_text.count("<optgroup") == html_text.count("</optgroup>")
    assert '<option value="A100 1x8 AllReduce (AI-GBB-Bootcamp, ND A100 v4)">' in html_text


def test_a_report_without_inputs_carries_only_what_its_downloads_read() -> None:
    html_text = md("[[calc:accuracy]]")
    spec, result = (json.loads(unescape(m[1])) for m in re.finditer(r'data-(?:spec|result)="([^"]*)"', html_text))
    assert (spec, result) == ({"outputs": []}, {"charts": {}})
    assert 'data-output="point_count"' in html_text  # its figures are on the page


def test_a_reports_charts_keep_their_declarations_and_series_for_the_csv_download() -> None:
    shown = run("collective", {}).to_json()
    spec, carried = _carried(get("collective").spec(), shown)
    assert [o["name"] for o in spec["outputs"]] == [o.name for o in get("collective").outputs if o.kind == "chart"]
    assert carried == {"charts": shown["charts"]}


def test_a_folded_table_opens_from_a_summary_that_counts_its_rows() -> None:
    html_text = md("[[calc:accuracy]]")
    runs = len(run("accuracy", {}).outcome.tables["runs"])
    assert (f'<details class="calc-table-folded" data-folded="runs"><summary>Errors by published run: {runs:,} rows'
            f'</summary><div class="calc-table-wrap" data-table-output="runs"') in html_text
    assert '<div class="calc-table-wrap" data-table-output="summary"' in html_text  # not folded: not declared so


def test_a_calculator_is_built_with_its_buttons_in_place_and_disabled_until_its_script_runs() -> None:
    html_text = md("[[calc:collective]]")
    assert ('<div class="calc-actions"><button type="button" class="md-button calc-reset" disabled>Reset to defaults'
            '</button><button type="button" class="md-button calc-copy" disabled>Copy link</button>') in html_text
    assert ('</figure><div class="calc-export" data-for="time_vs_size"><button type="button" disabled>'
            'Download series (CSV)</button></div>') in html_text


def test_a_table_from_data_is_built_with_its_download_button() -> None:
    assert md("[[table:step.megatron]]").endswith(
        '</table></div><div class="calc-export" data-for="megatron"><button type="button" disabled>'
        'Download table (CSV)</button></div>')


def test_an_embed_pages_scripts_block_its_first_drawing() -> None:
    page = embed_page("collective", ["w.css"], ["runtime.js", "embed.js"])
    head, body = page.split("</head>")
    assert ('<link rel="stylesheet" href="w.css"><script type="module" src="runtime.js" blocking="render"></script>'
            '<script type="module" src="embed.js" blocking="render"></script>') in head
    assert "<script" not in body
