"""The test server (tests/support/server.py): production headers, HTTPS for the benchmark, and quiet
when a browser hangs up or refuses the run's certificate."""

from __future__ import annotations

import os
import socket
import ssl
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.server import alive, serve


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


def test_over_tls_a_client_asking_for_brotli_gets_the_builds_copy(tmp_path: Path) -> None:
    (tmp_path / "app.js").write_text("let x = 1;\n" * 1000)
    (tmp_path / "app.js.br").write_bytes(b"brotli bytes")  # what the build left beside it
    with serve(tmp_path, tls=True) as url:
        assert url.startswith("https://127.0.0.1:")
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # the run's own certificate
        request = urllib.request.Request(url + "app.js", headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(request, context=context) as response:
            assert (response.headers["Content-Encoding"], response.read()) == ("br", b"brotli bytes")
        port = int(url.rsplit(":", 1)[1].strip("/"))
        with socket.create_connection(("127.0.0.1", port)) as conn, context.wrap_socket(conn) as tls:
            cert = tls.getpeercert(binary_form=True) or b""
    assert bytes([0x87, 4, 127, 0, 0, 1]) in cert  # made for the address it serves (subjectAltName IP:127.0.0.1)


def test_a_browser_refusing_the_certificate_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "index.html").write_text("hello")
    with serve(tmp_path, tls=True) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        with pytest.raises(ssl.SSLCertVerificationError):  # a client that checks: the handshake fails on its side
            with socket.create_connection(("127.0.0.1", port)) as conn:
                ssl.create_default_context().wrap_socket(conn, server_hostname="127.0.0.1")
    assert "Traceback" not in capsys.readouterr().err


def test_a_precompressed_copy_older_than_its_file_is_not_sent(tmp_path: Path) -> None:
    (tmp_path / "app.js.br").write_bytes(b"old brotli bytes")
    (tmp_path / "app.js").write_text("let changed = 1;\n")  # changed after the build made its copy
    os.utime(tmp_path / "app.js.br", ns=(0, 0))
    with serve(tmp_path) as url:
        request = urllib.request.Request(url + "app.js", headers={"Accept-Encoding": "br, gzip"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == "gzip"


def test_a_missing_path_gets_the_sites_404_page_with_status_404(tmp_path: Path) -> None:
    """As Netlify serves it: one 404.html for every missing path, at any depth."""
    (tmp_path / "404.html").write_text("<h1>gone</h1>")
    with serve(tmp_path) as url:
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(url + "zh/no-such-page/")
    assert (caught.value.code, caught.value.read()) == (404, b"<h1>gone</h1>")


def test_a_zip_goes_out_as_its_brotli_copy_or_gzip(tmp_path: Path) -> None:
    """The site's zips store their entries for HTTP to compress (widgets/wheel.py)."""
    import gzip

    (tmp_path / "engine.zip").write_bytes(b"PK stored entries " * 100)
    (tmp_path / "engine.zip.br").write_bytes(b"brotli bytes")
    (tmp_path / "other.zip").write_bytes(b"PK stored entries " * 100)
    with serve(tmp_path) as url:
        for name, expected in (("engine.zip", ("br", b"brotli bytes")), ("other.zip", ("gzip", b"PK stored entries " * 100))):
            request = urllib.request.Request(url + name, headers={"Accept-Encoding": "gzip, br"})
            with urllib.request.urlopen(request) as response:
                encoding, body = response.headers["Content-Encoding"], response.read()
            assert (encoding, gzip.decompress(body) if encoding == "gzip" else body) == expected


def test_the_shared_server_serves_its_folder_and_ends_when_the_run_that_started_it_ends(tmp_path: Path) -> None:
    from tests.conftest import free_port, start_server

    (tmp_path / "index.html").write_text("the built site")
    owner = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    port = free_port()
    try:
        server = start_server(tmp_path, port, tmp_path / "server.log", owner=owner.pid)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            assert response.read() == b"the built site"
        owner.kill()
        owner.wait()
        deadline = time.monotonic() + 10
        while alive(server) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(server), "the server outlived the run that started it"
    finally:
        owner.kill()
        owner.wait()
