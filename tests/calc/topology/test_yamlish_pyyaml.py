"""Differential test: yamlish against PyYAML over generated documents in the subset both read alike.

PyYAML implements YAML 1.1; yamlish resolves scalars by YAML 1.2's core schema. Inside the
shared subset (block and flow collections; plain names, decimal integers, decimals with a
point, true/false/null; double-quoted strings) the two must give the same Python values.
Where YAML 1.1 reads a plain scalar differently, yamlish follows 1.2 on purpose; those cases
are listed in ``YAML_1_1_DIFFERS`` and pinned, so a change on either side is noticed.
"""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.topology.yamlish import parse, to_python

# Words YAML 1.1 resolves to booleans or null, which 1.2 reads as strings (kept out of the shared subset).
YAML_1_1_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}
plain_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_0123456789", min_size=1, max_size=8).filter(
    lambda s: s[0].isalpha() and s.lower() not in YAML_1_1_WORDS)
plain_scalars = st.one_of(
    plain_names,
    st.integers(-10**12, 10**12),
    st.decimals(min_value=-10**6, max_value=10**6, places=3, allow_nan=False, allow_infinity=False).map(
        lambda d: float(f"{d:.3f}")),
    st.booleans(),
    st.none(),
)
quoted = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Co", "Cn", "Zl", "Zp")), max_size=10)
values = st.recursive(st.one_of(plain_scalars, quoted.map(lambda s: ("quoted", s))), lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(plain_names, inner, max_size=3)), max_leaves=15)


def scalar_text(value: object) -> str:
    if isinstance(value, tuple):
        return json.dumps(value[1], ensure_ascii=False)  # characters as written: see the surrogate test below
    if isinstance(value, float):
        return repr(value) if "e" not in repr(value) else f"{value:.3f}"
    return json.dumps(value) if not isinstance(value, str) else value


def flow(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar_text(value)


def block(value: object, indent: int = 0) -> list[str]:
    pad = " " * indent
    if isinstance(value, dict) and value:
        out: list[str] = []
        for k, v in value.items():
            out += [f"{pad}{k}:", *block(v, indent + 2)] if isinstance(v, (dict, list)) and v else [
                f"{pad}{k}: {flow(v)}"]
        return out
    if isinstance(value, list) and value:
        out = []
        for v in value:
            out += [f"{pad}-", *block(v, indent + 2)] if isinstance(v, (dict, list)) and v else [f"{pad}- {flow(v)}"]
        return out
    return [pad + flow(value)]


def plain(value: object) -> object:
    """The Python value both parsers should give."""
    if isinstance(value, tuple):
        return value[1]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.dictionaries(plain_names, values, min_size=1, max_size=4), st.booleans())
def test_yamlish_reads_the_shared_subset_as_pyyaml_does(doc: dict[str, object], as_flow: bool) -> None:
    text = ("doc: " + flow(doc) if as_flow else "\n".join(block(doc))) + "\n"
    expected = {"doc": plain(doc)} if as_flow else plain(doc)
    assert yaml.safe_load(text) == expected
    assert to_python(parse(text)) == expected


# Plain scalars where YAML 1.1 (PyYAML) and YAML 1.2 (yamlish) differ, and why yamlish follows 1.2.
YAML_1_1_DIFFERS = [
    ("yes", True, "yes"),        # 1.1 booleans yes/no/on/off/y/n: in 1.2 only true/false (the "Norway problem")
    ("off", False, "off"),
    ("0777", 511, 777),          # 1.1 octal is a leading 0; 1.2 writes 0o777 and 0777 is decimal
    ("1_000", 1000, "1_000"),    # 1.1 allows _ in numbers; 1.2's core schema does not
    ("1:30", 90, "1:30"),        # 1.1 sexagesimal integers
    ("1e3", "1e3", 1000.0),      # 1.1 floats need a point; 1.2 reads 1e3 as a float
    (".inf", float("inf"), ".inf"),  # yamlish keeps only finite numbers: .inf stays a string
]


@pytest.mark.parametrize(("text", "pyyaml", "yamlish"), YAML_1_1_DIFFERS)
def test_where_yaml_1_1_differs_yamlish_follows_1_2(text: str, pyyaml: object, yamlish: object) -> None:
    assert yaml.safe_load(f"a: {text}\n") == {"a": pyyaml}
    assert to_python(parse(f"a: {text}\n")) == {"a": yamlish}


def test_timestamps_stay_text() -> None:
    assert str(yaml.safe_load("a: 2001-12-14\n")["a"]) == "2001-12-14"  # a datetime.date in 1.1
    assert to_python(parse("a: 2001-12-14\n")) == {"a": "2001-12-14"}


def test_an_escaped_surrogate_pair_is_one_character() -> None:
    # YAML 1.2 (5.7) reads "\\ud83d\\ude00" as one character, as JSON does; PyYAML keeps two halves.
    assert to_python(parse('a: "\\ud83d\\ude00"\n')) == {"a": "\U0001f600"}
    assert yaml.safe_load('a: "\\ud83d\\ude00"\n') == {"a": "\ud83d\ude00"}
