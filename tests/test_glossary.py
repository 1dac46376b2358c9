"""widgets.glossary: the glossary's tooltips in each page's language, from one bilingual list."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest

from widgets.glossary import GlossaryError, abbreviations, definitions

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_both_languages_define_the_same_terms() -> None:
    assert [t for t in definitions("zh") if not HAN.search(t)] == list(definitions("en"))
    assert len(definitions("en")) >= 60


def test_chinese_pages_also_match_the_chinese_words_for_a_term() -> None:
    assert definitions("zh")["收敛比"] == definitions("zh")["oversubscription"]
    assert "收敛比" not in definitions("en")


def test_every_chinese_definition_is_chinese() -> None:
    assert [t for t, text in definitions("zh").items() if not HAN.search(text)] == []


def test_a_page_gets_its_languages_definitions_as_abbreviations() -> None:
    assert "\n*[PFC]: Priority-based flow control (IEEE 802.1Qbb): pause one traffic priority before its buffer " \
           "overflows\n" in abbreviations("en")
    assert "\n*[PFC]: 基于优先级的流量控制 (IEEE 802.1Qbb)：在缓冲区溢出之前暂停某一个流量优先级\n" in abbreviations("zh")


def test_another_spelling_shares_the_definition() -> None:
    assert definitions("zh")["Incast"] == definitions("zh")["incast"]


@pytest.mark.parametrize(("entry", "message"), [
    ("ECMP:\n  en: Equal-cost multi-path\n", "ECMP: no definition in zh"),
    ("ECMP:\n  en: Equal-cost\n  zh: ''\n", "ECMP: no definition in zh"),
    ("ECMP:\n  en: Equal-cost\n  zh: 等价\n  fr: Multi-chemin\n", "ECMP: an entry holds en, zh (and also, zh_terms)"),
    ("ECMP:\n  en: Equal-cost\n  zh: 等价\n  also: ECMPs\n", "ECMP: also must list other spellings: got 'ECMPs'"),
    ("ECMP:\n  en: \"Equal-cost\\nmulti-path\"\n  zh: 等价\n", "ECMP: a term has no ']' and a definition is one line"),
    ("- ECMP\n", "x.yml must map each term to its definitions"),
])
def test_a_malformed_entry_names_the_term_and_the_rule(tmp_path: Path, entry: str, message: str) -> None:
    source = tmp_path / "x.yml"
    source.write_text(entry, encoding="utf-8")
    with pytest.raises(GlossaryError) as caught:
        definitions("en", source)
    assert str(caught.value).startswith(message)


def _html(text: str) -> str:
    return markdown.markdown(text, extensions=["abbr", "widgets.glossary"])


def test_a_chinese_term_inside_a_chinese_sentence_gets_its_tooltip() -> None:
    assert _html("两层的收敛比是 2:1。\n\n*[收敛比]: 下行带宽除以上行带宽") == \
        '<p>两层的<abbr title="下行带宽除以上行带宽">收敛比</abbr>是 2:1。</p>'


def test_an_acronym_written_against_chinese_gets_its_tooltip() -> None:
    assert '积压<abbr title="暂停阈值">XOFF</abbr>' in _html("积压XOFF\n\n*[XOFF]: 暂停阈值")


def test_an_acronym_inside_a_longer_latin_word_does_not() -> None:
    assert "<abbr" not in _html("ECMPs and ECMP_x\n\n*[ECMP]: Equal-cost multi-path")


def test_the_extension_without_abbr_names_the_rule() -> None:
    with pytest.raises(GlossaryError, match="^widgets.glossary must follow the abbr extension in markdown_extensions$"):
        markdown.markdown("x", extensions=["widgets.glossary"])
