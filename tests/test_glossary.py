"""widgets.glossary: the glossary's tooltips in each page's language, from one bilingual list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from widgets.glossary import GlossaryError, abbreviations, definitions

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_both_languages_define_the_same_terms() -> None:
    assert list(definitions("en")) == list(definitions("zh"))
    assert len(definitions("en")) >= 60


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
    ("ECMP:\n  en: Equal-cost\n  zh: 等价\n  fr: Multi-chemin\n", "ECMP: an entry holds en, zh (and also)"),
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
