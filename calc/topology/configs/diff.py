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
    """Every file that differs (added, removed or changed), in path order."""
    out: list[Change] = []
    for path in sorted(before.keys() | after.keys()):
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
