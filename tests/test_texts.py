"""Every word a view, the runtime or a problem shows has a Chinese entry in the catalogues, so a
Chinese page or ``?lang=zh`` embed shows no English left behind (beyond identifiers, units and
product names), in the build-time twin and the live one alike (widgets/texts.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from calc import i18n
from calc.problems import all_problems, request_json
from calc.registry import get, run
from tests.support.texts import english_words
from widgets import render, texts
from widgets.views import configs, congestion, ecmp, monitoring, topology

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "widgets/views").glob("*.py"), *(ROOT / "widgets/views").glob("*.js"),
                  *(ROOT / "widgets/js").glob("*.js"), ROOT / "widgets/problems.py", ROOT / "widgets/svgchart.py"])
SOURCES = [p for p in SOURCES if p.name != "__init__.py"]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


# A view's words are in its calculators' topic catalogue; the runtime's, the charts' and the problem sets' in
# the kernel's (calc/zh.py).
TOPICS = {"topology": "topology", "configs": "topology", "ecmp": "ecmp", "congestion": "congestion",
          "monitoring": "monitoring"}


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_every_text_a_script_shows_has_a_chinese_entry(path: Path) -> None:
    topic = TOPICS.get(path.stem, i18n.KERNEL) if path.parent.name == "views" else i18n.KERNEL
    missing = [text for text in texts.texts_of(path) if i18n.lookup(text, "zh", topic) is None]
    assert not missing, f"{_name(path)}: {len(missing)} texts have no entry in calc/zh.py or calc/<topic>/zh.py"


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_every_t_call_names_its_text_literally_so_it_can_be_found(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert len(texts.USE.findall(source)) == len(texts.CALL.findall(source)), \
        f'{_name(path)}: write t("…") with the English text itself, not a variable or a template literal'


def test_the_texts_are_found_with_their_fields_and_escapes(tmp_path: Path) -> None:
    script = tmp_path / "x.js"
    script.write_text('const a = t("Line {n} of \\"{file}\\"", { n }); set("no"); this.t("Line {n} of \\"{file}\\"");\n'
                      'say(this.set.t("Hint"));\n')
    assert texts.texts_of(script) == ('Line {n} of "{file}"', "Hint")


def test_an_english_page_carries_no_texts_and_a_chinese_one_its_translations() -> None:
    scripts = (texts.VIEWS / "monitoring.js",)
    assert texts.browser_texts(scripts, "en") == {}
    assert texts.browser_texts(scripts, "zh")["Download with the thresholds above:"] == "按上面的阈值下载："


def test_a_view_carries_the_texts_of_the_scripts_it_imports_and_loads() -> None:
    """configs.js imports ./topology.js, which loads the runtime's ../zoom.js (the diagrams' zoom bar)."""
    words = texts.browser_texts((texts.VIEWS / "configs.js",), "zh", "topology")
    assert (words["Open in the topology editor"], words["Fit to width"]) == ("在拓扑编辑器中打开", "适应宽度")


def test_fields_are_filled_as_the_browser_fills_them() -> None:
    assert texts.fill("{count} problems in {file}", {"count": 3}) == "3 problems in {file}"
    assert texts.translator("zh")("{count} problems", count=3) == "3 个问题"


# ---- what the Python twins show on a Chinese page, with the engine's data in Chinese ------------------

VIEWS: list[tuple[str, dict[str, Any], Any]] = [
    ("topology", {}, topology), ("topology", {"example": "article"}, topology), ("fabric", {}, topology),
    ("configs", {"example": "add-leaf"}, configs), ("configs", {"yaml": "topology:\n  leaf:\n    - {name: l1}\n"}, configs),
    ("ecmp", {"tiers": "two_same", "flows": 8, "paths": 8, "trials": 20}, ecmp), ("congestion", {}, congestion),
    ("alerts", {}, monitoring),
]


def _visible(markup: str) -> str:
    """The text and the labels a reader (or a screen reader) meets: no style, no code, no file."""
    markup = re.sub(r"<(style|pre|code)\b.*?</\1>", " ", markup, flags=re.S)
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    return f"{re.sub(r'<[^>]+>', ' ', markup)} {labels}"


@pytest.mark.parametrize(("calc", "params", "view"), VIEWS, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(VIEWS)])
def test_a_view_on_a_chinese_page_shows_no_english_words(calc: str, params: dict[str, Any], view: Any) -> None:
    shown = i18n.localize_result(run(calc, params).to_json(), "zh")
    assert english_words(_visible(view.prerender(shown, texts.translator("zh")))) == set()


def test_the_monitoring_downloads_of_a_chinese_page_have_chinese_descriptions() -> None:
    data = i18n.localize_result(run("alerts", {"cpu_threshold": "55"}).to_json(), "zh")["data"]
    assert "summary: \"" in data["rules"] and "阈值" in data["rules"]
    assert json.loads(data["dashboard"])["title"] != json.loads(run("alerts", {}).to_json()["data"]["dashboard"])["title"]


# ---- problems ------------------------------------------------------------------------------------------

ANSWERS = ("", "≈12", "12.5", "12.5 zz", "12.5 MiB", "12.5 %", "1e9 GB/s", "3 Gb/s")


def _ask(**request: Any) -> dict[str, Any]:
    reply = json.loads(request_json(json.dumps({**request, "lang": "zh"})))
    assert "result" in reply, reply
    result: dict[str, Any] = reply["result"]
    return result


@pytest.mark.parametrize("name", [p.name for p in all_problems()])
def test_every_word_a_problem_shows_is_chinese(name: str) -> None:
    """Statement, hints, worked solution and verdicts, for ten seeds and every kind of mistake."""
    shown = []
    for seed in range(1, 11):
        made = _ask(action="solution", problem=name, seed=seed)
        shown += [made["title"], made["statement"], *made["solution"]]
        shown += [_ask(action="hint", problem=name, seed=seed, number=n)["hint"] for n in (1, 2, 3)]
        for answer in (*ANSWERS, made["answer_text"], str(made["answer"] * 8)):
            verdict = _ask(action="check", problem=name, seed=seed, answer=answer)
            shown += [verdict["message"], verdict["hint"] or ""]
    left = {w: t for t in shown for w in english_words(t)}
    assert not left, f"English words left: {left}"


@pytest.mark.parametrize("name", [p.name for p in all_problems()])
def test_a_problem_has_the_same_numbers_in_both_languages(name: str) -> None:
    for seed in (1, 7, 123456):
        en = json.loads(request_json(json.dumps({"action": "solution", "problem": name, "seed": seed})))["result"]
        zh = _ask(action="solution", problem=name, seed=seed)
        assert (zh["values"], zh["answer"], zh["answer_text"]) == (en["values"], en["answer"], en["answer_text"])
        numbers = [sorted(re.findall(r"\d+(?:[,.]\d+)*", statement)) for statement in (zh["statement"], en["statement"])]
        assert numbers[0] == numbers[1]


def test_a_problem_request_in_an_unknown_language_is_refused_by_name() -> None:
    reply = json.loads(request_json(json.dumps({"action": "make", "problem": "nic-bytes", "lang": "fr"})))
    assert reply == {"error": {"field": "lang", "message": "lang must be one of en, zh: got 'fr'"}}


# ---- the worker's words: said where the language is not known, shown in the widget's -----------------

SAID = """
const { said, inLanguage, translator } = await import(process.argv[1]);
const t = said;
const words = t("Python could not start: {reason}", { reason: t("{what} not found ({status})", { what: t("calc wheel"), status: 404 }) });
const zh = translator(JSON.parse(process.argv[2]));
process.stdout.write(JSON.stringify([inLanguage(words), inLanguage(words, zh), inLanguage("a browser's own words", zh),
                                     inLanguage(structuredClone(words), zh), inLanguage(null, zh)]));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_workers_words_are_put_in_the_widgets_language_where_they_are_shown() -> None:
    """Nested words (a start-up failure's reason) survive postMessage and are each translated."""
    catalogue = texts.browser_texts((texts.JS / "worker.js",), "zh")
    out = subprocess.run(["node", "--input-type=module", "-e", SAID, str(texts.JS / "texts.js"), json.dumps(catalogue)],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [
        "Python could not start: calc wheel not found (404)",
        "Python 未能启动：找不到计算器程序包 (calc wheel) (404)",
        "a browser's own words",
        "Python 未能启动：找不到计算器程序包 (calc wheel) (404)",
        ""]


def test_a_widget_carries_the_words_of_the_worker_and_its_start_up() -> None:
    words = texts.browser_texts(render._scripts(get("collective")), "zh")
    assert words["Python ran out of memory"] == "Python 内存不足"
    assert words["Python started, loading the calculators"] == "Python 已启动，正在加载计算器"
