"""``python -m calc problems list`` and ``python -m calc problems make NAME [--seed N] [--json]``.

For trainers writing their own material: the statement, the answer and the worked solution
of a problem for a seed, as text or JSON (the same JSON the browser gets).
"""

from __future__ import annotations

import json

from calc.errors import ValidationError, shorten
from calc.problems import DEFAULT_SEED, Instance, all_problems, get_problem

__all__ = ["USAGE", "problems_main", "render_instance"]

USAGE = """       python -m calc problems list
       python -m calc problems make NAME [--seed N] [--json]"""


def problems_main(args: list[str]) -> int:
    """Dispatch ``problems`` subcommands; returns the exit status (2: usage)."""
    if args == ["list"]:
        return _list()
    if len(args) >= 2 and args[0] == "make":
        seed, as_json = _flags(args[2:])
        instance = get_problem(args[1]).make(seed)
        print(json.dumps(instance.to_json(), allow_nan=False, ensure_ascii=False) if as_json
              else render_instance(instance))
        return 0
    raise ValidationError(None, f"usage:\n{USAGE}")


def _flags(args: list[str]) -> tuple[str, bool]:
    seed, as_json = str(DEFAULT_SEED), False
    queue = list(args)
    while queue:
        arg = queue.pop(0)
        if arg == "--json":
            as_json = True
        elif arg == "--seed" and queue:
            seed = queue.pop(0)
        elif arg.startswith("--seed="):
            seed = arg.partition("=")[2]
        else:
            raise ValidationError(None, f"problems make takes --seed N and --json: got {shorten(arg)!r}")
    return seed, as_json


def _list() -> int:
    problems = all_problems()
    width = max(len(p.name) for p in problems)
    for p in problems:
        print(f"{p.name:<{width}}  {p.page:<22} {p.level:<6}  {p.title}")
    return 0


def render_instance(instance: Instance) -> str:
    """Statement, answer and the working, one step a line."""
    p = instance.problem
    unit = f"; accepted units: {', '.join(p.allowed)}" if p.allowed else ""
    lines = [f"{p.name} (seed {instance.seed}, page {p.page}): {p.title}", "", instance.statement, "",
             f"answer: {instance.answer_text} (within {p.tolerance:.1%}{unit})", "", "solution:",
             *(f"  {line}" for line in instance.solution()[:-1])]
    return "\n".join(lines)
