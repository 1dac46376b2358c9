"""calc.i18n: one declaration, rendered in English or Chinese from the message catalogues."""

import json
import re
import string
from collections.abc import Iterator

import pytest

from calc import i18n, jsonapi
from calc.cli import main
from calc.errors import ValidationError
from calc.registry import all_calculators, get

# A catalogue for the mechanism's tests, so they do not depend on the topics' translations.
TEST_MESSAGES = {
    "GPUs": "GPU 数",
    "One collective on a cluster of GPUs": "GPU 集群上的一次集合通信",
    "Operation": "操作",
    "Bus bandwidth": "总线带宽",
}


@pytest.fixture
def catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    kernel = dict(i18n.catalogue("zh"))
    monkeypatch.setattr(i18n, "catalogue", lambda lang, topic="": {} if lang == "en" else {**kernel, **TEST_MESSAGES})
    i18n._templates.cache_clear()
    yield
    i18n._templates.cache_clear()


def test_translate_looks_up_the_exact_english_text(catalogue: None) -> None:
    assert i18n.translate("GPUs", "zh") == "GPU 数"
    assert i18n.translate("GPUs", "en") == "GPUs"


def test_a_text_without_an_entry_stays_english(catalogue: None) -> None:
    assert i18n.translate("No such text", "zh") == "No such text"


def test_localize_translates_labels_and_keeps_names_units_and_bounds(catalogue: None) -> None:
    spec = i18n.localize(get("collective"), "zh").spec()
    gpus = next(p for p in spec["params"] if p["name"] == "gpus")
    assert (spec["title"], gpus["label"], gpus["min"], gpus["max"]) == ("GPU 集群上的一次集合通信", "GPU 数", 2, 131072)
    assert get("collective").title == "One collective on a cluster of GPUs"  # the declaration is untouched


def test_the_same_inputs_give_the_same_numbers_in_both_languages(catalogue: None) -> None:
    en = json.loads(jsonapi.run_json("collective", '{"gpus": 16}'))["result"]
    zh = json.loads(jsonapi.run_json("collective", '{"gpus": 16}', "zh"))["result"]
    assert (zh["outputs"], zh["display"]) == (en["outputs"], en["display"])
    numbers = [[v for row in rows for v in row if not isinstance(v, str)] for rows in (en["tables"], zh["tables"])]
    assert numbers[0] == numbers[1]


def test_a_formatted_text_is_translated_by_its_template_and_its_values_too(monkeypatch: pytest.MonkeyPatch) -> None:
    messages = {"{state}: {shown} > {limit}, held {held} min": "{state}：{shown} > {limit}，已持续 {held} 分钟",
                "firing": "告警中"}
    monkeypatch.setattr(i18n, "catalogue", lambda lang, topic="": messages)
    i18n._templates.cache_clear()
    try:
        assert i18n.translate("firing: 2 % > 1 %, held 5 min", "zh") == "告警中：2 % > 1 %，已持续 5 分钟"
        assert i18n.translate("no such: 2 % > 1 %", "zh") == "no such: 2 % > 1 %"
    finally:
        i18n._templates.cache_clear()


def test_an_error_names_the_field_by_its_chinese_label_with_rule_and_value(catalogue: None) -> None:
    reply = json.loads(jsonapi.run_json("collective", '{"gpus": 1}', "zh"))
    assert reply["error"] == {"field": "gpus", "message": "GPU 数 必须介于 2 和 131072 之间：收到 1"}


def test_the_english_error_message_names_the_field_by_its_label_and_the_command_line_by_its_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    reply = json.loads(jsonapi.run_json("collective", '{"gpus": 1}'))
    assert reply["error"]["message"] == "GPUs must be between 2 and 131072: got 1"
    assert main(["run", "collective", "--gpus", "1"]) == 2
    assert capsys.readouterr().err == "error: gpus must be between 2 and 131072: got 1\n"


def test_a_message_names_every_parameter_it_mentions_by_its_label_in_the_readers_language() -> None:
    params = '{"gpus": 16, "gpus_per_leaf": 32}'
    assert json.loads(jsonapi.run_json("oversubscription", params))["error"]["message"] == (
        "GPUs under one leaf must be at most GPUs (16): got 32")
    assert json.loads(jsonapi.run_json("oversubscription", params, "zh"))["error"]["message"] == (
        "一台叶交换机下的 GPU 最多为 GPU 数 (16)：收到 32")


def test_a_quoted_value_and_a_name_inside_an_identifier_are_not_labels() -> None:
    error = ValidationError("gpus", "gpus must be gpus_per_server's 'gpus' or gpus.txt: got 3", mentions=("gpus_per_server",))
    assert i18n.for_readers(error, get("fabric"), "en") == (
        "GPUs must be GPUs per server's 'gpus' or gpus.txt: got 3")


@pytest.mark.parametrize(("raw", "message"), [
    ('{"gpus": 2.5}', "GPU 数 必须是整数：收到 2.5"),
    ('{"op": "x"}', "操作 必须是以下之一：allreduce, allgather, reducescatter, alltoall, broadcast：收到 'x'"),
    ('{"gpus": "many"}', "GPU 数 必须是整数：收到 'many'"),
])
def test_every_parameter_rule_reads_in_chinese(catalogue: None, raw: str, message: str) -> None:
    assert json.loads(jsonapi.run_json("collective", raw, "zh"))["error"]["message"] == message


def test_a_long_list_of_choices_reads_in_chinese() -> None:
    reply = json.loads(jsonapi.run_json("accuracy_run", '{"run": "H100"}', "zh"))
    assert reply["error"]["message"] == "已公布的运行 必须是它的 115 个选项之一 (见表单的列表或 describe)：收到 'H100'"


def test_cli_run_in_chinese_prints_chinese_labels(catalogue: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "collective", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("collective: GPU 集群上的一次集合通信\n输入：")
    assert "总线带宽" in out


def test_cli_describe_in_chinese(catalogue: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "collective", "--lang=zh"]) == 0
    assert "--gpus  GPU 数 (默认 8; 2 至 131072)" in capsys.readouterr().out


def test_cli_list_in_chinese_keeps_the_names(catalogue: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--lang", "zh"]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()] == [c.name for c in all_calculators()]


def test_cli_error_in_chinese_exits_2(catalogue: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "collective", "--gpus", "1", "--lang", "zh"]) == 2
    assert capsys.readouterr().err == "错误： GPU 数 必须介于 2 和 131072 之间：收到 1\n"


def test_cli_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "error: lang must be one of en, zh: got 'fr'\n"


# ---- the catalogues themselves ------------------------------------------------------------

_CJK = re.compile(r"[\u3400-\u9fff]")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_catalogue_entry_is_chinese_and_keeps_its_placeholders() -> None:
    entries = [pair for topic in (i18n.KERNEL, *i18n._topics("zh")) for pair in i18n.catalogue("zh", topic).items()]
    bad = {k: v for k, v in entries if not _CJK.search(v) or _fields(k) != _fields(v)}
    assert not bad


def test_every_declared_text_of_every_calculator_has_a_chinese_entry() -> None:
    """Fails, listing them, for texts a calculator's topic catalogue (calc/<topic>/zh.py), or
    the kernel's, lacks: another topic's entry does not count."""
    missing = sorted({f"{c.name}: {t!r}" for c in all_calculators() for t in i18n.declared_texts(c)
                      if t and i18n.lookup(t, "zh", i18n.topic_of(c.func.__module__)) is None})
    assert not missing, f"{len(missing)} texts have no Chinese entry:\n" + "\n".join(missing)


def test_cli_export_in_chinese_refuses_an_export_without_translated_descriptions(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from calc.exporters import _EXPORTERS, Export

    monkeypatch.setitem(_EXPORTERS, "plain", Export("plain", "plain.txt", lambda: "text\n"))
    assert main(["export", "plain", "--lang", "zh"]) == 2
    assert capsys.readouterr().err == "错误： 导出 plain 没有翻译的说明：请去掉 --lang zh\n"


# ---- topic first ----------------------------------------------------------------------------

def test_the_same_english_text_reads_differently_in_two_topics() -> None:
    """Goodput is a rate of useful bytes in congestion and a share of training time in reliability."""
    loss = i18n.localize(get("retransmit"), "zh").output("goodput_vs_loss")
    training = i18n.localize(get("goodput"), "zh").output("goodput")
    assert (loss.y_label, training.label) == ("有效吞吐 (goodput)", "有效训练时间占比 (goodput)")  # type: ignore[union-attr]
    assert i18n.translate("Goodput", "zh", "congestion") != i18n.translate("Goodput", "zh", "reliability")


def test_a_topic_without_an_entry_falls_back_to_the_kernel_then_the_other_topics() -> None:
    assert i18n.translate("error:", "zh", "congestion") == "错误："  # the kernel's
    assert i18n.lookup("error:", "zh", "congestion") == "错误："
    assert i18n.lookup("Hash function", "zh", "congestion") is None  # the ECMP topic's only
    assert i18n.translate("Hash function", "zh", "congestion") == i18n.translate("Hash function", "zh", "ecmp")


def test_topic_of_names_the_package_after_calc() -> None:
    assert [i18n.topic_of(m) for m in ("calc.fabric.sizing", "calc.topology.configs.frr", "calc.cli", "widgets.render")] \
        == ["fabric", "topology", "", ""]


def test_an_error_in_chinese_names_the_field_by_its_topics_label() -> None:
    reply = json.loads(jsonapi.run_json("goodput", '{"gpus": 0}', "zh"))
    assert reply["error"]["message"].startswith(i18n.translate("GPUs", "zh", "reliability") + " 必须")


def test_a_charts_hover_texts_are_translated_with_its_line_names_and_its_numbers_kept(catalogue: None) -> None:
    data = {"charts": {"c": [{"name": "Bus bandwidth", "x": [1.0], "y": [2.5], "text": ["Operation", "GPUs"]},
                             {"name": "Operation", "x": [1.0], "y": [3.0]}]},
            "tables": {}, "notes": []}
    assert i18n.localize_result(data, "zh")["charts"]["c"] == [
        {"name": "总线带宽", "x": [1.0], "y": [2.5], "text": ["操作", "GPU 数"]},
        {"name": "操作", "x": [1.0], "y": [3.0]}]


def test_a_result_word_is_shown_in_chinese_and_a_number_with_its_unit_is_kept() -> None:
    assert i18n.translate("yes", "zh") == "是"
    assert i18n.translate("all clear", "zh", "monitoring") == "全部正常"
    assert i18n.translate("1792 MiB", "zh") == "1792 MiB"
    assert i18n.translate("spine-01", "zh", "topology") == "spine-01"


def test_the_live_result_carries_its_display_words_in_chinese() -> None:
    result = json.loads(jsonapi.run_json("alerts", "{}", "zh"))["result"]
    assert result["display"]["verdict"] == "全部正常"


def test_a_column_of_names_is_kept_as_it_is_even_where_the_catalogue_has_the_text() -> None:
    assert i18n.translate("AMD Helios (MI455X)", "zh", "scaleup") == "AMD Helios 机架 (MI455X)"
    rows = json.loads(jsonapi.run_json("scaleup_roadmap", "{}", "zh"))["result"]["tables"]["domains"]
    assert "AMD Helios (MI455X)" in [row[0] for row in rows]


def test_a_scalar_of_names_is_kept_and_a_word_scalar_is_translated() -> None:
    display = json.loads(jsonapi.run_json("collective", '{"system": "link"}', "zh"))["result"]["display"]
    assert (display["algorithm_used"], display["bound_by"]) == ("ring", "链路")
