"""widgets/cachelock.py: while one process fills a build cache, another waits for it."""

from __future__ import annotations

import fcntl
import subprocess
import sys
from pathlib import Path

import pytest

from widgets.cachelock import locked

HOLD = """
import sys
from pathlib import Path
from widgets.cachelock import locked
with locked(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_a_second_process_cannot_take_the_lock_until_the_first_releases_it(tmp_path: Path) -> None:
    lock = tmp_path / "cache" / ".lock"
    root = Path(__file__).resolve().parents[1]
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(lock)], cwd=root, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with lock.open("a") as handle, pytest.raises(BlockingIOError):
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        holder.communicate("go\n", timeout=10)
        with locked(lock):
            pass
    finally:
        holder.kill()
        holder.wait()
