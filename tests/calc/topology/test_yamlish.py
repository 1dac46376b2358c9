"""Tests of calc.topology.yamlish: the safe YAML subset with line numbers."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.topology import yamlish
from calc.topology.calculator import ARTICLE_YAML
from calc.topology.yamlish import Map, Scalar, Seq, YamlError, parse, to_python

ARTICLE = ARTICLE_YAML  # the source article's example, as printed


def error(text: str) -> str:
    with pytest.raises(YamlError) as info:
        parse(text)
    return str(info.value)


def test_the_articles_example_parses_as_written() -> None:
    assert to_python(parse(ARTICLE)) == {"topology": {
        "spine": [{"name": "spine-01", "model": "CE8861", "peers": ["leaf-01", "leaf-02", "leaf-03", "leaf-04"]}],
        "leaf": [{"name": "leaf-01", "model": "CE8851", "servers": ["gpu-server-01", "gpu-server-02"],
                  "uplinks": ["spine-01", "spine-02"]}],
    }}


def test_nodes_remember_their_line_and_column() -> None:
    root = parse(ARTICLE)
    assert isinstance(root, Map)
    leaf = root.entries["topology"]
    assert isinstance(leaf, Map)
    leaves = leaf.entries["leaf"]
    assert isinstance(leaves, Seq)
    first = leaves.items[0]
    assert isinstance(first, Map)
    assert (first.line, first.column) == (7, 7)
    uplinks = first.entries["uplinks"]
    assert isinstance(uplinks, Seq)
    spine02 = uplinks.items[1]
    assert isinstance(spine02, Scalar)
    assert (spine02.value, spine02.line, spine02.column) == ("spine-02", 10, 27)
    assert first.key_lines["uplinks"] == 10


def test_scalars_resolve_like_yaml_1_2_core_schema() -> None:
    doc = "a: 1\nb: -2.5\nc: true\nd: ~\ne: yes\nf: '1'\ng: 0x1F\nh: 1e3\ni:\nj: .inf\n"
    assert to_python(parse(doc)) == {"a": 1, "b": -2.5, "c": True, "d": None, "e": "yes", "f": "1",
                                     "g": 31, "h": 1000.0, "i": None, "j": ".inf"}


def test_quoted_strings_keep_hashes_colons_and_escapes() -> None:
    doc = "a: \"x # y: z\\n\\u00e9\"  # comment\nb: 'it''s'\n"
    assert to_python(parse(doc)) == {"a": "x # y: z\né", "b": "it's"}


def test_flow_maps_and_lists_nest_and_may_span_lines() -> None:
    doc = "s:\n  - {name: a, links: [1, 2,\n      3], m: {x: 1}}\n"
    assert to_python(parse(doc)) == {"s": [{"name": "a", "links": [1, 2, 3], "m": {"x": 1}}]}
    root = parse(doc)
    assert isinstance(root, Map)
    seq = root.entries["s"]
    assert isinstance(seq, Seq) and isinstance(seq.items[0], Map)
    links = seq.items[0].entries["links"]
    assert isinstance(links, Seq)
    assert [i.line for i in links.items] == [2, 2, 3]


def test_sequences_may_sit_at_the_keys_indentation_and_nest() -> None:
    assert to_python(parse("a:\n- 1\n- - x\n  - y\nb: 2\n")) == {"a": [1, ["x", "y"]], "b": 2}


def test_document_markers_and_empty_documents() -> None:
    assert to_python(parse("---\na: 1\n...\n")) == {"a": 1}
    assert to_python(parse("# nothing\n")) is None


@pytest.mark.parametrize(("text", "message"), [
    ("a: !!python/object:os.system x\n", "line 1, column 4: tags (!) are not supported"),
    ("a: &x 1\n", "line 1, column 4: anchors (&) are not supported"),
    ("a: *x\n", "line 1, column 4: aliases (*) are not supported"),
    ("a: |\n  text\n", "line 1, column 4: block scalars (|) are not supported"),
    ("a: [1, !x 2]\n", "line 1, column 8: tags (!) are not supported"),
])
def test_tags_anchors_aliases_and_block_scalars_are_refused(text: str, message: str) -> None:
    assert error(text) == message


@pytest.mark.parametrize(("text", "message"), [
    ("a: 1\na: 2\n", "line 2, column 1: duplicate key 'a' (first on line 1)"),
    ("a: 1\n  b: 2\n", "line 2, column 3: unexpected indentation"),
    ("a:\n\t- x\n", "line 2, column 1: tabs cannot indent YAML; use spaces"),
    ("a: [1, 2\n", "line 1, column 9: unclosed '[' from line 1, column 4: expected ']'"),
    ("a: {x: 1\n", "line 1, column 9: unclosed '{' from line 1, column 4: expected '}'"),
    ("a: [1 2] x\n", "line 1, column 10: unexpected text after the flow collection: 'x'"),
    ("a: 'open\n", "line 1, column 4: unterminated quoted string"),
    ("a: {x 1}\n", "line 1, column 8: expected ':' after the key 'x 1'"),
    ("- a\nb: 1\n", "line 2, column 1: unexpected indentation or content after the document"),
    ("a: b: c\n", "line 1, column 5: a mapping cannot start here"),
    ("just words\nmore: 1\n", "line 2, column 1: unexpected indentation or content after the document"),
    ("a: \"\\q\"\n", "line 1, column 5: unknown escape \\q"),
    ("---\na: 1\n---\nb: 2\n", "line 3, column 1: only one document is supported"),
])
def test_syntax_errors_name_line_and_column(text: str, message: str) -> None:
    assert error(text) == message


# --- property: what a small emitter writes, the parser reads back ------------------------------

names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_0123456789", min_size=1, max_size=8).filter(
    lambda s: s[0].isalpha() and s not in ("true", "false", "null"))
scalars = st.one_of(st.integers(-10**9, 10**9), st.booleans(), st.none(), names,
                    st.floats(allow_nan=False, allow_infinity=False, width=32).map(lambda f: round(f, 3)),
                    st.text(max_size=12))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(names, inner, max_size=4)), max_leaves=20)


def emit(value: object, indent: int = 0) -> list[str]:
    pad = " " * indent
    if isinstance(value, dict) and value:
        lines = []
        for k, v in value.items():
            if isinstance(v, (dict, list)) and v:
                lines += [f"{pad}{k}:", *emit(v, indent + 2)]
            else:
                lines.append(f"{pad}{k}: {flow(v)}")
        return lines
    if isinstance(value, list) and value:
        lines = []
        for v in value:
            if isinstance(v, (dict, list)) and v:
                lines += [f"{pad}-", *emit(v, indent + 2)]
            else:
                lines.append(f"{pad}- {flow(v)}")
        return lines
    return [pad + flow(value)]


def flow(value: object) -> str:
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid double-quoted YAML scalar
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return json.dumps(value)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(names, values, min_size=1, max_size=5))
def test_block_documents_round_trip(doc: dict[str, object]) -> None:
    assert to_python(parse("\n".join(emit(doc)) + "\n")) == doc


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(names, values, max_size=5))
def test_flow_documents_round_trip(doc: dict[str, object]) -> None:
    assert to_python(parse("doc: " + flow(doc) + "\n")) == {"doc": doc}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab:-[]{},'\"#!&* \n\t|>1", max_size=40))
def test_any_text_parses_or_raises_a_yaml_error(text: str) -> None:
    try:
        parse(text)
    except YamlError as exc:
        assert exc.line >= 1 and exc.column >= 1


# --- hostile input: bounded depth, numbers, escapes, encodings; linear time ----------------------

@pytest.mark.parametrize(("text", "message"), [
    ("a: " + "[" * 65 + "]" * 65 + "\n", "line 1, column 67: collections are nested more than 64 deep"),
    ("a: " + "[" * 100_000 + "\n", "line 1, column 67: collections are nested more than 64 deep"),
    ("".join(" " * i + f"k{i}:\n" for i in range(70)), "line 65, column 65: collections are nested more than 64 deep"),
    ("- " * 70 + "x\n", "line 1, column 129: collections are nested more than 64 deep"),
    ("a: " + "9" * 301 + "\n", "line 1, column 4: an integer of 301 digits is too long (at most 300)"),
    ("a: [0x" + "f" * 400 + "]\n", "line 1, column 5: an integer of 400 digits is too long (at most 300)"),
    ('a: "\\U00110000"\n', "line 1, column 5: escape \\U00110000 is beyond Unicode (at most \\U0010FFFF)"),
    ('a: "\\ud800"\n', "line 1, column 5: escape \\ud800 is half a surrogate pair; write the character or one "
                       "\\U escape"),
    ("a:\tb\n", "line 1, column 3: a tab after ':' is not supported; use a space"),
    ("a:\n  b:\tc\n", "line 2, column 5: a tab after ':' is not supported; use a space"),
])
def test_hostile_documents_raise_a_yaml_error_naming_the_place(text: str, message: str) -> None:
    assert error(text) == message


def test_a_surrogate_pair_escape_is_one_character() -> None:
    assert to_python(parse('a: "\\ud83d\\ude00"\n')) == {"a": "\U0001f600"}


def test_a_byte_order_mark_at_the_start_is_skipped() -> None:
    assert to_python(parse("\ufeffa: 1\n")) == {"a": 1}


def test_three_hundred_digits_are_still_an_integer() -> None:
    assert to_python(parse("a: " + "9" * 300 + "\n")) == {"a": int("9" * 300)}


def _seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        parse(text)
        best = min(best, time.perf_counter() - start)
    return best


def test_a_long_multi_line_flow_list_parses_in_linear_time() -> None:
    # Quoted items force the quote-aware bracket scan; 16 times the lines must not take ~256 times as long
    # (linear is about 16 times; the margin absorbs a busy machine).
    small, large = ("a: [\n" + "  'x, [y',\n" * n + "]\n" for n in (1_000, 16_000))
    assert _seconds(large) < 64 * _seconds(small) + 0.2


# The one-line fast path must give exactly the nodes (values, lines, columns) and errors of the general parser.
plain = st.text(alphabet="ab1.-_ ~&!", max_size=6)


def _shape(node: object) -> object:
    if isinstance(node, Scalar):
        return (node.value, node.line, node.column)
    if isinstance(node, Seq):
        return ("seq", node.line, node.column, [_shape(i) for i in node.items])
    assert isinstance(node, Map)
    return ("map", node.line, node.column, {k: (_shape(v), node.key_lines[k]) for k, v in node.entries.items()})


def _outcome(text: str) -> object:
    try:
        return _shape(parse(text))
    except YamlError as exc:
        return str(exc)


@settings(max_examples=200, deadline=None)
@given(st.one_of(
    st.lists(st.tuples(plain, plain), max_size=4).map(lambda kv: "{" + ",".join(f"{k}: {v}" for k, v in kv) + "}"),
    st.lists(plain, max_size=4).map(lambda items: "[" + ",".join(items) + "]"),
))
def test_the_one_line_fast_path_agrees_with_the_flow_parser(flow: str) -> None:
    text = f"a: {flow}\n"
    fast = _outcome(text)
    original = yamlish._simple_flow
    yamlish._simple_flow = lambda *args: None
    try:
        general = _outcome(text)
    finally:
        yamlish._simple_flow = original
    assert fast == general
