"""The test server (tests/support/server.py): production headers, and quiet when a browser hangs up."""

from __future__ import annotations

import socket
import struct
from pathlib import Path

import pytest

from tests.support.server import serve


def test_a_dropped_connection_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "big.bin").write_bytes(b"x" * 8_000_000)
    with serve(tmp_path) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        for _ in range(3):  # ask for a large file, then reset the connection while it is being sent
            with socket.create_connection(("127.0.0.1", port)) as conn:
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                conn.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                conn.recv(1024)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "Error" not in captured.err
