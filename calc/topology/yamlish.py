"""A safe subset of YAML that remembers where every value came from.

Enough YAML for hand-written configuration files: block mappings and
sequences (including ``- key: value`` items), flow lists ``[a, b]`` and flow
maps ``{a: 1}`` (which may span lines), plain, single- and double-quoted
scalars, comments, and ``---``/``...`` document markers. Scalars resolve as in
YAML 1.2's core schema: ``null``/``~``/empty, ``true``/``false``, integers,
finite floats; everything else is a string (``yes`` and ``no`` stay strings).

It never constructs objects: tags (``!``), anchors (``&``), aliases (``*``),
block scalars (``|``, ``>``), complex keys and multi-document streams are
refused with a :class:`YamlError` naming the line and column. Every parsed
value is a :class:`Scalar`, :class:`Seq` or :class:`Map` carrying its 1-based
line and column, so a schema built on top can say where a problem is.
"""

from __future__ import annotations

import functools
import gc
import re
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["YamlError", "Scalar", "Seq", "Map", "Node", "ScalarValue", "parse", "to_python", "gc_paused",
           "MAX_DEPTH", "MAX_DIGITS"]

MAX_DEPTH = 64
"""Collections nested deeper than this are refused (a configuration never needs more)."""
MAX_DIGITS = 300
"""Integers with more digits are refused: no configuration value needs more, and a float holds 309."""

ScalarValue = str | int | float | bool | None


class YamlError(ValueError):
    """A syntax error at ``line``, ``column`` (both 1-based)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


class Scalar:
    """A scalar value and where it starts. ``quoted`` scalars are always strings."""

    __slots__ = ("value", "line", "column", "quoted")

    def __init__(self, value: ScalarValue, line: int, column: int, quoted: bool = False) -> None:
        self.value = value
        self.line = line
        self.column = column
        self.quoted = quoted

    def __repr__(self) -> str:
        return f"Scalar({self.value!r}, line={self.line})"


class Seq:
    """A sequence of nodes and where it starts."""

    __slots__ = ("items", "line", "column")

    def __init__(self, items: list[Node], line: int, column: int) -> None:
        self.items = items
        self.line = line
        self.column = column

    def __repr__(self) -> str:
        return f"Seq({self.items!r}, line={self.line})"


class Map:
    """A mapping from string keys to nodes; ``key_lines`` gives the line of each key."""

    __slots__ = ("entries", "key_lines", "line", "column")

    def __init__(self, line: int, column: int) -> None:
        self.entries: dict[str, Node] = {}
        self.key_lines: dict[str, int] = {}
        self.line = line
        self.column = column

    def get(self, key: str) -> Node | None:
        return self.entries.get(key)

    def __repr__(self) -> str:
        return f"Map({self.entries!r}, line={self.line})"


Node = Scalar | Seq | Map

_INT = re.compile(r"^[-+]?[0-9]+$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_OCT = re.compile(r"^0o[0-7]+$")
_PLAIN_END = re.compile(r"[,\[\]{}\n]|:(?=[ ,\]}\n]|$)")
_SPACE = re.compile(r"[ \n]*")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_REFUSED = {"!": "tags (!) are not supported", "&": "anchors (&) are not supported",
            "*": "aliases (*) are not supported", "|": "block scalars (|) are not supported",
            ">": "block scalars (>) are not supported", "%": "directives (%) are not supported",
            "@": "a plain value cannot start with @", "`": "a plain value cannot start with `",
            "?": "complex keys (?) are not supported"}


def resolve(text: str) -> ScalarValue:
    """YAML 1.2 core-schema resolution of an unquoted scalar.

    Raises ``ValueError`` for an integer longer than ``MAX_DIGITS`` digits (the caller knows the line).
    """
    if text and text[0] not in _MAYBE_NOT_TEXT:
        return text  # a name: the common case, decided by its first character
    return _resolve_special(text)


_MAYBE_NOT_TEXT = frozenset("0123456789+-.~nNtTfF")
_SPECIAL_FIRST = _MAYBE_NOT_TEXT | frozenset("'\"]}-!&*|>%@`?")


@functools.lru_cache(maxsize=4096)
def _resolve_special(text: str) -> ScalarValue:
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if _INT.match(text):
        return int(_digits(text, text.lstrip("+-")))
    if _HEX.match(text):
        return int(_digits(text, text[2:]), 16)
    if _OCT.match(text):
        return int(_digits(text, text[2:]), 8)
    if _FLOAT.match(text):
        return float(text)
    return text


def _digits(text: str, digits: str) -> str:
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise ValueError(f"an integer of {len(digits)} digits is too long (at most {MAX_DIGITS})")
    return text


_RESOLVED: dict[str, ScalarValue] = {}
"""Resolutions of special-looking scalars (``8``, ``400``, ``true``) already seen, at most 4,096."""


def _resolved(text: str, line: int, column: int) -> Scalar:
    if text and text[0] not in _MAYBE_NOT_TEXT:
        return Scalar(text, line, column)  # a name, as resolve() would say
    if text in _RESOLVED:
        return Scalar(_RESOLVED[text], line, column)
    try:
        value = _resolve_special(text)
    except ValueError as exc:
        raise YamlError(line, column, str(exc)) from None
    if len(_RESOLVED) >= 4096:
        _RESOLVED.clear()
    _RESOLVED[text] = value
    return Scalar(value, line, column)


class _Line:
    """One line without its indentation and comment; ``colon`` is where a block key ends (-1: none)."""

    __slots__ = ("number", "indent", "text", "colon")

    def __init__(self, number: int, indent: int, text: str) -> None:
        self.number = number
        self.indent = indent
        self.text = text
        self.colon = _find_colon(text)


def _strip_comment(raw: str) -> str:
    """The line without its comment; quotes protect '#'."""
    if "#" not in raw:
        return raw.rstrip()
    quote = ""
    prev = " "
    i = 0
    while i < len(raw):
        ch = raw[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                if quote == "'" and raw[i + 1:i + 2] == "'":
                    i += 1
                else:
                    quote = ""
        elif ch in "'\"" and (prev in " \t[{,:-" or i == 0):
            quote = ch
        elif ch == "#" and prev in " \t":
            return raw[:i].rstrip()
        prev = ch
        i += 1
    return raw.rstrip()


def _lines(text: str) -> list[_Line]:
    out: list[_Line] = []
    # Only \n, \r\n and \r end lines in YAML (str.splitlines would also split at U+2028 and others).
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        body = _strip_comment(raw)
        stripped = body.lstrip(" ")
        if not stripped:
            continue
        indent = len(body) - len(stripped)
        if stripped[0] == "\t":
            raise YamlError(number, indent + 1, "tabs cannot indent YAML; use spaces")
        if indent == 0 and stripped in ("---", "...") or stripped.startswith("--- "):
            if out and stripped.startswith("---"):
                raise YamlError(number, 1, "only one document is supported")
            if stripped.startswith("--- "):
                raise YamlError(number, 5, "put the document's content on the next line")
            continue
        if stripped[0] == "%":
            raise YamlError(number, indent + 1, _REFUSED["%"])
        out.append(_Line(number, indent, stripped))
    return out


def _find_colon(text: str) -> int:
    """Index of the ':' that separates a block key from its value, or -1."""
    if text[0] in "[{":
        return -1
    if text[0] in "'\"":
        end = _quoted_end(text, 0)
        if end < 0:
            return -1
        rest = text[end:].lstrip(" ")
        return len(text) - len(rest) if rest.startswith(":") and (len(rest) == 1 or rest[1] == " ") else -1
    i = text.find(":")
    while i >= 0:
        if i + 1 == len(text) or text[i + 1] == " ":
            return i
        i = text.find(":", i + 1)
    return -1


def _refuse_tab_after_colon(line: _Line) -> None:
    at = line.text.find(":\t")
    if at >= 0:
        raise YamlError(line.number, line.indent + at + 2, "a tab after ':' is not supported; use a space")


def _quoted_end(text: str, start: int) -> int:
    """Index just after the closing quote of the quoted scalar at ``start``, or -1."""
    quote = text[start]
    i = start + 1
    while i < len(text):
        ch = text[i]
        if quote == '"' and ch == "\\":
            i += 2
            continue
        if ch == quote:
            if quote == "'" and text[i + 1:i + 2] == "'":
                i += 2
                continue
            return i + 1
        i += 1
    return -1


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "/": "/", "0": "\0", " ": " ",
            "a": "\a", "b": "\b", "f": "\f", "v": "\v", "e": "\x1b", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029", "\t": "\t"}


def _unquote(text: str, line: int, column: int) -> str:
    body = text[1:-1]
    if text[0] == "'":
        return body.replace("''", "'")
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        code = body[i + 1:i + 2]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            i += 2
        elif code in ("x", "u", "U"):
            width = {"x": 2, "u": 4, "U": 8}[code]
            digits = body[i + 2:i + 2 + width]
            if len(digits) != width or not all(c in "0123456789abcdefABCDEF" for c in digits):
                raise YamlError(line, column + i + 1, f"bad escape \\{code}{digits}")
            code_point = int(digits, 16)
            at = column + i + 1
            i += 2 + width
            if 0xD800 <= code_point < 0xDC00 and body[i:i + 2] == "\\u":
                low = body[i + 2:i + 6]
                if len(low) == 4 and all(c in "0123456789abcdefABCDEF" for c in low) \
                        and 0xDC00 <= int(low, 16) < 0xE000:
                    code_point = 0x10000 + (code_point - 0xD800) * 0x400 + int(low, 16) - 0xDC00
                    i += 6
            out.append(_character(code_point, code, digits, line, at))
        else:
            raise YamlError(line, column + i + 1, f"unknown escape \\{code}")
    return "".join(out)


def _character(code_point: int, code: str, digits: str, line: int, column: int) -> str:
    if code_point > 0x10FFFF:
        raise YamlError(line, column, f"escape \\{code}{digits} is beyond Unicode (at most \\U0010FFFF)")
    if 0xD800 <= code_point < 0xE000:
        raise YamlError(line, column, f"escape \\{code}{digits} is half a surrogate pair; write the character "
                                      "or one \\U escape")
    return chr(code_point)


def _scalar(text: str, line: int, column: int) -> Scalar:
    """One scalar written on one line (already stripped of comment and surrounding spaces)."""
    if not text:
        return Scalar(None, line, column)
    first = text[0]
    if first not in _SPECIAL_FIRST and ": " not in text:
        return Scalar(text, line, column)  # a plain name: what resolve() and the checks below would give
    if first in "'\"":
        end = _quoted_end(text, 0)
        if end < 0:
            raise YamlError(line, column, "unterminated quoted string")
        if end != len(text):
            raise YamlError(line, column + end, f"unexpected text after the quoted string: {text[end:]!r}")
        return Scalar(_unquote(text, line, column), line, column, quoted=True)
    if first in _REFUSED:
        raise YamlError(line, column, _REFUSED[first])
    if first in "]}":
        raise YamlError(line, column, f"unexpected {first!r}")
    if first == "-" and text == "-":
        raise YamlError(line, column, "a sequence item cannot start here")
    if ": " in text:
        raise YamlError(line, column + text.index(": "), "a mapping cannot start here")
    return _resolved(text, line, column)


class _Flow:
    """Parser for a flow collection, possibly spanning lines; positions map back to lines."""

    def __init__(self, text: str, starts: list[int], lines: list[int], columns: list[int], depth: int) -> None:
        self.text = text
        self.starts = starts
        self.lines = lines
        self.columns = columns
        self.pos = 0
        self.depth = depth

    def where(self, pos: int) -> tuple[int, int]:
        if len(self.starts) == 1:
            return self.lines[0], self.columns[0] + pos
        k = bisect_right(self.starts, pos) - 1
        return self.lines[k], self.columns[k] + pos - self.starts[k]

    def fail(self, message: str, pos: int | None = None) -> YamlError:
        line, column = self.where(self.pos if pos is None else pos)
        return YamlError(line, column, message)

    def skip(self) -> None:
        text, pos = self.text, self.pos
        if pos < len(text) and text[pos] in " \n":
            match = _SPACE.match(text, pos)
            self.pos = match.end() if match else pos

    def value(self) -> Node:
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("unexpected end of a flow collection")
        ch = self.text[self.pos]
        if ch not in "[{":
            return self.scalar()
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"collections are nested more than {MAX_DEPTH} deep")
        node = self.seq() if ch == "[" else self.map()
        self.depth -= 1
        return node

    def scalar(self) -> Scalar:
        text, start = self.text, self.pos
        line, column = self.where(start)
        if text[start] in "'\"":
            end = _quoted_end(text, start)
            if end < 0:
                raise self.fail("unterminated quoted string", start)
            self.pos = end
            return Scalar(_unquote(text[start:end], line, column), line, column, quoted=True)
        if text[start] in _REFUSED:
            raise self.fail(_REFUSED[text[start]], start)
        stop = _PLAIN_END.search(text, start)
        pos = len(text) if stop is None else stop.start()
        self.pos = pos
        return _resolved(text[start:pos].strip(), line, column)

    def seq(self) -> Seq:
        line, column = self.where(self.pos)
        self.pos += 1
        items: list[Node] = []
        while True:
            self.skip()
            if self.pos >= len(self.text):
                raise self.fail(f"unclosed '[' from line {line}, column {column}: expected ']'")
            if self.text[self.pos] == "]":
                self.pos += 1
                return Seq(items, line, column)
            items.append(self.value())
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] == ":":
                raise self.fail("a flow list item cannot be a key: value pair; use {key: value}")
            self.separator("]")

    def separator(self, close: str) -> None:
        if self.pos < len(self.text) and self.text[self.pos] == ",":
            self.pos += 1
        elif self.pos < len(self.text) and self.text[self.pos] != close:
            raise self.fail(f"expected ',' or '{close}', found {self.text[self.pos]!r}")

    def map(self) -> Map:
        line, column = self.where(self.pos)
        self.pos += 1
        result = Map(line, column)
        while True:
            self.skip()
            if self.pos >= len(self.text):
                raise self.fail(f"unclosed '{{' from line {line}, column {column}: expected '}}'")
            if self.text[self.pos] == "}":
                self.pos += 1
                return result
            key = self.scalar()
            self.skip()
            if self.pos >= len(self.text) or self.text[self.pos] != ":":
                raise self.fail(f"expected ':' after the key {key.value!r}")
            self.pos += 1
            _add(result, key, self.value())
            self.skip()
            self.separator("}")


def _add(target: Map, key: Scalar, value: Node) -> None:
    raw = key.value
    name = raw if type(raw) is str else _key_name(key)
    if name in target.entries:
        first = target.key_lines[name]
        raise YamlError(key.line, key.column, f"duplicate key {name!r} (first on line {first})")
    target.entries[name] = value
    target.key_lines[name] = key.line


def _key_name(key: Scalar) -> str:
    if key.value is None or isinstance(key.value, bool) or not isinstance(key.value, (str, int, float)):
        raise YamlError(key.line, key.column, f"a key must be a string: got {key.value!r}")
    return str(key.value)


_SIMPLE_ITEM = r"[^\[\]{}'\"#:,]*"
_SIMPLE_MAP = re.compile(rf"\{{{_SIMPLE_ITEM}: {_SIMPLE_ITEM}(?:,{_SIMPLE_ITEM}: {_SIMPLE_ITEM})*\}}")
_SIMPLE_SEQ = re.compile(rf"\[{_SIMPLE_ITEM}(?:,{_SIMPLE_ITEM})*\]")


def _simple_flow(text: str, line: int, column: int, depth: int) -> Node | None:
    """A one-line flow collection of plain scalars (``{name: h1, gpus: 8}``, ``[a, b]``) parsed without
    the general flow parser, to the same nodes; None sends anything else to :class:`_Flow`."""
    is_map = text[0] == "{"
    if depth + 1 > MAX_DEPTH or not (_SIMPLE_MAP if is_map else _SIMPLE_SEQ).fullmatch(text):
        return None
    parts = text[1:-1].split(",")
    if not is_map and parts[-1].strip() == "":
        return Seq([], line, column) if len(parts) == 1 else None  # [] or a trailing comma
    scalars: list[Scalar] = []
    append = scalars.append
    at = column + 1
    for piece in ":".join(parts).split(":") if is_map else parts:
        stripped = piece.strip()
        if stripped[:1] in _REFUSED:
            return None
        append(_resolved(stripped, line, at + len(piece) - len(piece.lstrip())))
        at += len(piece) + 1
    if not is_map:
        return Seq(list(scalars), line, column)
    result = Map(line, column)
    for i in range(0, len(scalars), 2):
        _add(result, scalars[i], scalars[i + 1])
    return result


class _Block:
    """Recursive-descent parser over indented lines."""

    def __init__(self, lines: list[_Line]) -> None:
        self.lines = lines
        self.i = 0
        self.depth = 0

    def node(self) -> Node:
        line = self.lines[self.i]
        is_seq = line.text == "-" or line.text.startswith("- ")
        if not is_seq and line.colon < 0:
            _refuse_tab_after_colon(line)
            return self.inline(line.text, line.number, line.indent + 1)
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise YamlError(line.number, line.indent + 1, f"collections are nested more than {MAX_DEPTH} deep")
        node = self.seq(line.indent) if is_seq else self.map(line.indent)
        self.depth -= 1
        return node

    def inline(self, text: str, number: int, column: int) -> Node:
        """A value written after ``key:`` or ``- `` (a flow collection may continue on later lines)."""
        self.i += 1
        if text[0] not in "[{":
            return _scalar(text, number, column)
        simple = _simple_flow(text, number, column, self.depth)
        if simple is not None:
            return simple
        starts, lines, columns, parts = [0], [number], [column], [text]
        size = len(text)
        balance = _Balance()
        balance.feed(text)
        while balance.open() and self.i < len(self.lines):
            nxt = self.lines[self.i]
            self.i += 1
            size += 1
            starts.append(size)
            lines.append(nxt.number)
            columns.append(nxt.indent + 1)
            parts.append(nxt.text)
            size += len(nxt.text)
            balance.feed("\n" + nxt.text)
        flow = _Flow("\n".join(parts), starts, lines, columns, self.depth)
        value = flow.value()
        flow.skip()
        if flow.pos < len(flow.text):
            raise flow.fail(f"unexpected text after the flow collection: {flow.text[flow.pos:]!r}")
        return value

    def seq(self, indent: int) -> Seq:
        first = self.lines[self.i]
        result = Seq([], first.number, indent + 1)
        while self.i < len(self.lines):
            line = self.lines[self.i]
            if line.indent < indent:
                break
            if line.indent > indent:
                raise YamlError(line.number, line.indent + 1, "unexpected indentation")
            if not (line.text == "-" or line.text.startswith("- ")):
                break
            result.items.append(self.item(line, indent))
        return result

    def item(self, line: _Line, indent: int) -> Node:
        rest = line.text[1:].lstrip(" ")
        if not rest:
            self.i += 1
            if self.i < len(self.lines) and self.lines[self.i].indent > indent:
                return self.node()
            return Scalar(None, line.number, indent + 1)
        offset = indent + len(line.text) - len(rest)
        inner = _Line(line.number, offset, rest)
        if rest == "-" or rest.startswith("- ") or inner.colon >= 0:
            self.lines[self.i] = inner
            return self.node()
        return self.inline(rest, line.number, offset + 1)

    def map(self, indent: int) -> Map:
        first = self.lines[self.i]
        result = Map(first.number, indent + 1)
        while self.i < len(self.lines):
            line = self.lines[self.i]
            if line.indent < indent:
                break
            if line.indent > indent:
                raise YamlError(line.number, line.indent + 1, "unexpected indentation")
            colon = line.colon
            if colon < 0:
                _refuse_tab_after_colon(line)
                if line.text.startswith("- "):
                    raise YamlError(line.number, line.indent + 1, "a sequence item cannot start here")
                raise YamlError(line.number, line.indent + 1, f"expected 'key: value', found {line.text!r}")
            key = _scalar(line.text[:colon].rstrip(" "), line.number, indent + 1)
            _add(result, key, self.value(line, indent, colon))
        return result

    def value(self, line: _Line, indent: int, colon: int) -> Node:
        rest = line.text[colon + 1:].lstrip(" ")
        if rest:
            column = indent + len(line.text) - len(rest) + 1
            return self.inline(rest, line.number, column)
        self.i += 1
        if self.i < len(self.lines):
            nxt = self.lines[self.i]
            if nxt.indent > indent:
                return self.node()
            if nxt.indent == indent and (nxt.text == "-" or nxt.text.startswith("- ")):
                return self.seq(indent)
        return Scalar(None, line.number, indent + colon + 2)


_BRACKETS = re.compile(r"[\[\]{}'\"]")
_SINGLE_END = re.compile(r"'")
_DOUBLE_END = re.compile(r'["\\]')


class _Balance:
    """Whether every bracket opened outside quotes is closed, fed one line at a time (linear overall)."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote = ""

    def open(self) -> bool:
        return self.depth > 0 or self.quote != ""

    def feed(self, text: str) -> None:
        pos = 0
        while pos < len(text):
            if self.quote:
                pos = self.close_quote(text, pos)
                continue
            match = _BRACKETS.search(text, pos)
            if match is None:
                return
            ch = match.group()
            pos = match.end()
            if ch in "'\"":
                self.quote = ch
            else:
                self.depth += 1 if ch in "[{" else -1

    def close_quote(self, text: str, pos: int) -> int:
        match = (_SINGLE_END if self.quote == "'" else _DOUBLE_END).search(text, pos)
        if match is None:
            return len(text)
        if match.group() == "\\":
            return match.end() + 1
        if self.quote == "'" and text[match.end():match.end() + 1] == "'":
            return match.end() + 1  # '' inside single quotes
        self.quote = ""
        return match.end()


@contextmanager
def gc_paused() -> Iterator[None]:
    """CPython's cyclic garbage collector paused (then restored as it was) while a document's nodes are built.

    The nodes hold no reference cycles, so pausing frees nothing late; without it the collector walks the
    growing tree again and again, about 40 % of the time a 5 MB document takes.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def parse(text: str) -> Node:
    """Parse one YAML document into nodes with line numbers, or raise :class:`YamlError`.

    A byte-order mark at the start is skipped, as YAML allows.
    """
    with gc_paused():
        return _parse(text)


def _parse(text: str) -> Node:
    lines = _lines(text[1:] if text.startswith("\ufeff") else text)
    if not lines:
        return Scalar(None, 1, 1)
    parser = _Block(lines)
    root = parser.node()
    if parser.i < len(lines):
        line = lines[parser.i]
        raise YamlError(line.number, line.indent + 1, "unexpected indentation or content after the document")
    return root


def to_python(node: Node) -> object:
    """Plain Python values (dict, list, scalars) without line numbers."""
    if isinstance(node, Scalar):
        return node.value
    if isinstance(node, Seq):
        return [to_python(item) for item in node.items]
    return {key: to_python(value) for key, value in node.entries.items()}
