"""Serve the built site on 127.0.0.1 with the headers netlify.toml gives in production.

Netlify applies every ``[[headers]]`` rule whose ``for`` pattern matches a path, later
rules overriding earlier ones for the same header; ``*`` matches any characters.
Like the CDN, it compresses: a response of a compressible type goes out with brotli when the
build left a ``.br`` beside the file (widgets/precompress.py) and the client accepts it, else
with gzip made on the fly (kept in memory per file and modification time).
With ``tls=True`` it serves HTTPS with a self-signed certificate made for the run (the
``openssl`` binary): Chromium asks for brotli (``Accept-Encoding: br``) only over HTTPS, as
from the real host, so the benchmark measures brotli bytes (open it with
``ignore_https_errors``).
Run ``python -m tests.support.server [PORT] [--site DIR]`` to browse the built site as deployed;
the test suite runs it that way for all its workers (tests/conftest.py).
"""

from __future__ import annotations

import argparse
import email.utils
import fnmatch
import functools
import gzip
import http.server
import io
import os
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MIME = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json", ".whl": "application/zip", ".yml": "text/yaml; charset=utf-8"}


# application/zip: the site's zips store their entries (widgets/wheel.py), for HTTP to compress.
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/wasm", "application/xml",
                "image/svg+xml", "application/zip")
_GZIPPED: dict[tuple[str, int], bytes] = {}


def compressible(content_type: str) -> bool:
    return content_type.startswith(COMPRESSIBLE)


def _gzipped(path: str, mtime_ns: int) -> bytes:
    key = (path, mtime_ns)
    if key not in _GZIPPED:
        _GZIPPED[key] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
    return _GZIPPED[key]


def header_rules(netlify_toml: Path = ROOT / "netlify.toml") -> list[tuple[str, dict[str, str]]]:
    config = tomllib.loads(netlify_toml.read_text())
    return [(rule["for"], dict(rule["values"])) for rule in config.get("headers", [])]


def headers_for(path: str, rules: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for pattern, values in rules:
        if fnmatch.fnmatchcase(path, pattern):
            merged.update(values)
    return merged


class Handler(http.server.SimpleHTTPRequestHandler):
    rules: list[tuple[str, dict[str, str]]] = []
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def _rule_headers(self) -> dict[str, str]:
        return headers_for(self.path.split("?", 1)[0].split("#", 1)[0], self.rules)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return self._rule_headers().get("Content-Type") or super().guess_type(path)

    def end_headers(self) -> None:
        for name, value in self._rule_headers().items():
            if name.lower() != "content-type":
                self.send_header(name, value)
        super().end_headers()

    @staticmethod
    def _fresh(copy: str, path: str) -> bool:
        """A precompressed copy older than its file (the file changed since the build) is stale."""
        return os.path.isfile(copy) and os.stat(copy).st_mtime_ns >= os.stat(path).st_mtime_ns

    def _encoding(self, path: str) -> tuple[str, bytes] | None:
        """(Content-Encoding, body) for a compressible file the client accepts compressed."""
        if not os.path.isfile(path) or not compressible(self.guess_type(path)):
            return None
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        if "br" in accepted and self._fresh(path + ".br", path):
            return "br", Path(path + ".br").read_bytes()
        if "gzip" in accepted:
            return "gzip", _gzipped(path, os.stat(path).st_mtime_ns)
        return None

    def send_head(self) -> io.BytesIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # type: ignore[return-value]  # the redirect to the folder
            path = os.path.join(path, "index.html")
        encoded = self._encoding(path)
        if encoded is None:
            return super().send_head()  # type: ignore[return-value]
        modified = email.utils.formatdate(os.stat(path).st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.end_headers()
            return None
        encoding, body = encoded
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing path gets the site's 404.html (status 404), as Netlify serves it."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    """Quiet when the browser drops a connection (a navigation, a cancelled fetch) or refuses the
    self-signed certificate: that is no error."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # BrokenPipeError, ConnectionResetError, ...; over TLS, a browser refusing the run's
        # self-signed certificate on a connection (it is told to accept it: it retries)
        if isinstance(sys.exc_info()[1], (ConnectionError, ssl.SSLError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def tls_context(folder: Path) -> ssl.SSLContext:
    """A server context with a fresh self-signed certificate for 127.0.0.1, written in ``folder``."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


@contextmanager
def serve(site: Path, port: int = 0, base: type[Handler] = Handler, tls: bool = False) -> Iterator[str]:
    """Serve ``site`` in a thread; yields the base URL (``http://127.0.0.1:PORT/``, or https with
    ``tls``). ``base``: a subclass of :class:`Handler` (the benchmark's emulated slow link)."""
    handler = functools.partial(type("H", (base,), {"rules": header_rules()}), directory=str(site))
    server = Server(("127.0.0.1", port), handler)
    if tls:
        with tempfile.TemporaryDirectory() as folder:
            context = tls_context(Path(folder))
        # The handshake happens in the request's thread, so a slow client never holds up accept().
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"{'https' if tls else 'http'}://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.support.server",
                                     description="Serve a built site on 127.0.0.1 as production serves it.")
    parser.add_argument("port", nargs="?", type=int, default=8001)
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default: site/)")
    parser.add_argument("--owner", type=int, default=0,
                        help="end when this process has ended (the test run that started the server)")
    args = parser.parse_args(argv)
    with serve(args.site, args.port) as url:
        print(f"serving {args.site} at {url}", flush=True)
        while not args.owner or alive(args.owner):
            time.sleep(0.5)


if __name__ == "__main__":
    main()
