"""Command line: ``python -m calc list | describe NAME | run NAME [--param value ...] [--json] | export NAME``,
and ``problems list | problems make NAME [--seed N] [--json]`` (:mod:`calc.problems_cli`).

Bad input exits with status 2 and the validation message on stderr; a failure of the engine
itself (a bug) exits with status 1 and one line naming it, never a traceback.

Each ``--PARAM`` may be given once. A parameter read from a file (``--yaml PATH``) reads at
most what the parameter accepts, from UTF-8 (a byte-order mark is skipped) or from UTF-16 or
UTF-32 with a byte-order mark, so a device or a huge file cannot hang or exhaust the command.
"""

from __future__ import annotations

import codecs
import inspect
import json
import sys
from collections.abc import Sequence

from calc import i18n
from calc.errors import ValidationError, shorten
from calc.exporters import exporters
from calc.outputs import Chart, Scalar, Table
from calc.params import Param, Text
from calc.problems_cli import USAGE as PROBLEMS_USAGE
from calc.problems_cli import problems_main
from calc.registry import Calculator, Result, all_calculators, get

__all__ = ["main"]

USAGE = """usage: python -m calc list [--lang zh]
       python -m calc describe NAME [--lang zh]
       python -m calc run NAME [--PARAM VALUE ...] [--json] [--lang zh]
       python -m calc export NAME [--INPUT FILE ...] [--out DIR] [--lang zh]
""" + PROBLEMS_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    lang = "en"
    try:
        args, lang = _take_lang(args)
        return _dispatch(args, lang)
    except ValidationError as exc:
        print(f"{i18n.translate('error:', lang)} {i18n.message(exc, lang)}", file=sys.stderr)
        return 2
    except (ArithmeticError, RecursionError, MemoryError, ValueError) as exc:
        print(f"error: internal error (please report it): {type(exc).__name__}: {shorten(str(exc), 200)}",
              file=sys.stderr)
        return 1


def _take_lang(args: list[str]) -> tuple[list[str], str]:
    """``--lang zh`` (or ``--lang=zh``) anywhere: the language of labels, help and messages."""
    for i, arg in enumerate(args):
        if arg.startswith("--lang="):
            return args[:i] + args[i + 1:], i18n.check_lang(arg[len("--lang="):])
        if arg == "--lang":
            if i + 1 == len(args):
                raise ValidationError("lang", "lang needs a value: got nothing")
            return args[:i] + args[i + 2:], i18n.check_lang(args[i + 1])
    return args, "en"


def _dispatch(args: list[str], lang: str = "en") -> int:
    command = args[0] if args else ""
    if command == "list" and len(args) == 1:
        return _list(lang)
    if command == "describe" and len(args) == 2:
        print(describe(i18n.localize(get(args[1]), lang), lang))
        return 0
    if command == "run" and len(args) >= 2:
        return _run(get(args[1]), args[2:], lang)
    if command == "problems":
        return problems_main(args[1:])
    if command == "export" and len(args) >= 2:
        return _export(args[1], args[2:], lang)
    print(USAGE, file=sys.stderr)
    return 2


def _list(lang: str = "en") -> int:
    calcs = all_calculators()
    width = max(len(c.name) for c in calcs)
    for c in calcs:
        print(f"{c.name:<{width}}  {i18n.translate(c.summary, lang)}")
    return 0


def describe(calc: Calculator, lang: str = "en") -> str:
    """Parameters with unit, default, bounds and help; then the declared outputs.
    ``calc`` is already localized (calc.i18n.localize); ``lang`` translates the CLI's own words."""
    t = i18n.translator(lang)
    lines = [f"{calc.name}: {calc.title}", calc.summary, "", t("parameters:")]
    for p in calc.params:
        unit = f" [{p.unit}]" if p.unit else ""
        default = t("required") if p.default is None else f"{t('default')} {p.display(p.default)}"
        rule = f"; {i18n.rule_text(p, lang)}" if p.describe_rule() else ""
        lines.append(f"  --{p.name}{unit}  {p.label} ({default}{rule})")
        if p.help:
            lines.append(f"      {p.help}")
    lines += ["", t("outputs:")]
    for o in calc.outputs:
        if isinstance(o, Scalar):
            unit = f" [{o.unit}]" if o.unit else ""
            lines.append(f"  {o.name}{unit}  {o.label}: {o.description}")
        else:
            lines.append(f"  {o.name} ({o.kind})  {o.title}")
    return "\n".join(lines)


def parse_flags(calc: Calculator, args: list[str]) -> tuple[dict[str, object], bool]:
    """``--name value`` / ``--name=value`` pairs; ``--json`` switches the output format."""
    raw: dict[str, object] = {}
    given: dict[str, str] = {}
    as_json = False
    queue = list(args)
    while queue:
        arg = queue.pop(0)
        if arg == "--json":
            as_json = True
            continue
        if not arg.startswith("--"):
            raise ValidationError(None, f"arguments must be --PARAM VALUE pairs: got {arg!r}")
        name, eq, value = arg[2:].partition("=")
        if not eq:
            if not queue:
                raise ValidationError(name, f"{name} needs a value: got nothing")
            value = queue.pop(0)
        key = name.replace("-", "_")
        if key in given:
            raise ValidationError(key, f"{key} must be given once: got {shorten(repr(given[key]))} and "
                                       f"{shorten(repr(value))}")
        given[key] = value
        raw[key] = _read_file_param(calc, key, value)
    return raw, as_json


_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def _read_file_param(calc: Calculator, name: str, value: str) -> str:
    """Text parameters declared ``from_file`` take a path on the command line."""
    param: Param | None = next((p for p in calc.params if p.name == name), None)
    if not (isinstance(param, Text) and param.from_file):
        return value
    limit = 4 * param.max_length + 4  # a character is at most 4 bytes, plus a byte-order mark
    try:
        with open(value, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise ValidationError(name, f"{name} must be a readable file: got {shorten(repr(value), 200)} ({exc.strerror})") \
            from None
    if len(data) > limit:
        raise ValidationError(name, f"{name} must be a file of at most {param.max_length} characters: "
                                    f"got {shorten(repr(value), 200)}, larger")
    return _decode(name, value, data)


def _decode(name: str, path: str, data: bytes) -> str:
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), "utf-8")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ValidationError(name, f"{name} must be a UTF-8 file (or UTF-16 or UTF-32 with a byte-order mark): "
                                    f"got {shorten(repr(path), 200)}, whose byte {exc.start + 1} is not {encoding}") \
            from None


def _run(calc: Calculator, args: list[str], lang: str = "en") -> int:
    raw, as_json = parse_flags(calc, args)
    result = i18n.localize(calc, lang).run(raw)
    data = i18n.localize_result(result.to_json(), lang)
    print(json.dumps(data, allow_nan=False) if as_json else render_text(result, lang))
    return 0


def render_text(result: Result, lang: str = "en") -> str:
    """Readable result: inputs, scalar outputs with units, tables; charts are named."""
    calc = result.calculator
    t = i18n.translator(lang)
    topic = i18n.topic_of(calc.func.__module__)
    inputs = " ".join(f"{p.name}={p.display(result.inputs[p.name])}" for p in calc.params
                      if not isinstance(p, Text))
    lines = [f"{calc.name}: {calc.title}", f"{t('inputs:')} {inputs}", ""]
    scalars = [o for o in calc.outputs if isinstance(o, Scalar)]
    width = max((len(o.label) for o in scalars), default=0)
    lines += [f"  {o.label:<{width}}  {i18n.display_text(calc, o.name, result.display(o.name), lang)}" for o in scalars]
    for o in calc.outputs:
        if isinstance(o, Table):
            rows = i18n.table_rows(calc, o.name, result.outcome.tables[o.name], lang)
            lines += ["", f"{o.title}:", *_table_lines(o, rows)]
        elif isinstance(o, Chart):
            count = len(result.outcome.charts[o.name])
            lines += ["", f"{t('chart')} {o.name}: {o.title} ({count} {t('traces; --json for data')})"]
    lines += [f"{t('note:')} {i18n.translate(n, lang, topic)}" for n in result.outcome.notes]
    return "\n".join(lines)


def _table_lines(table: Table, rows: Sequence[Sequence[object]]) -> list[str]:
    heads = [c.label + (f" [{c.unit}]" if c.unit else "") for c in table.columns]
    cells = [[str(v) for v in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(heads)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return ["  " + fmt.format(*heads), *("  " + fmt.format(*r) for r in cells)]


def _export(name: str, args: list[str], lang: str = "en") -> int:
    found = exporters()
    if name not in found:
        raise ValidationError(None, f"unknown export {name!r}; known: {', '.join(found) or 'none'}")
    flags = dict(zip(args[::2], args[1::2]))
    if len(args) % 2 or not all(k.startswith("--") for k in flags):
        raise ValidationError(None, f"export arguments must be --INPUT FILE pairs: got {' '.join(args)[:80]!r}")
    out = flags.pop("--out", None)
    inputs: dict[str, str] = {k[2:].replace("-", "_"): _read_text(k[2:], v) for k, v in flags.items()}
    if lang != "en":  # only the exports that translate their descriptions take a language
        if "lang" not in inspect.signature(found[name].func).parameters:
            raise ValidationError("lang", f"export {name} has no translated descriptions: drop --lang {lang}")
        inputs["lang"] = lang
    try:
        result = found[name].func(**inputs)
    except TypeError:
        raise ValidationError(None, f"export {name} does not take {', '.join(flags) or 'these inputs'}") from None
    if isinstance(result, str):
        sys.stdout.write(result)
        return 0
    if out is None:
        raise ValidationError("out", f"export {name} writes {len(result)} files: give --out DIR")
    _write_files(out, result)
    print(i18n.translate("wrote {count} files to {folder}", lang, i18n.KERNEL).format(count=len(result), folder=out))
    return 0


def _read_text(name: str, path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as exc:
        raise ValidationError(name, f"{name} must be a readable file: got {path!r} ({exc.strerror})") from None


def _write_files(folder: str, files: dict[str, str]) -> None:
    import os

    for path, text in files.items():
        target = os.path.join(folder, *path.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text)
