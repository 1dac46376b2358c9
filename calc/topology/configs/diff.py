"""What a merge request changes on each device: unified diffs of the rendered files, before and after.

A reviewer reads the configuration lines that will change on each switch and
host (``difflib.unified_diff``, the format of ``git diff``), not just the YAML
edit: adding a leaf shows up as a new port and BGP session on every spine.
"""

from __future__ import annotations

import difflib

__all__ = ["diff_files", "Change"]

Change = tuple[str, int, int, str]  # path, lines added, lines removed, unified diff text


def diff_files(before: dict[str, str], after: dict[str, str]) -> list[Change]:
    """Every file that differs: changed files first (what a reviewer checks most closely), then
    new files, then removed ones, each group in path order."""
    out: list[Change] = []
    paths = before.keys() | after.keys()
    for path in sorted(paths, key=lambda p: (p not in before, p not in after, p)):
        old, new = before.get(path, ""), after.get(path, "")
        if old == new:
            continue
        lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(),
                                          f"a/{path}" if path in before else "/dev/null",
                                          f"b/{path}" if path in after else "/dev/null", lineterm="", n=2))
        added = sum(1 for x in lines if x.startswith("+") and not x.startswith("+++"))
        removed = sum(1 for x in lines if x.startswith("-") and not x.startswith("---"))
        out.append((path, added, removed, "\n".join(lines) + "\n"))
    return out
