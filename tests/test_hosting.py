"""The built site served with netlify.toml's headers: CSP, MIME types, caching."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from tests.support.server import header_rules, headers_for

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]


def head(url: str) -> dict[str, str]:
    with urllib.request.urlopen(urllib.request.Request(url, method="HEAD")) as response:
        return {k.lower(): v for k, v in response.headers.items()}


def test_csp_allows_only_the_site_itself_plus_wasm_compilation(site: str) -> None:
    csp = head(site)["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert "unsafe-eval'" not in csp.replace("wasm-unsafe-eval", "")
    assert "http" not in csp


def test_security_headers_are_on_every_page(site: str) -> None:
    headers = head(site + "calculators/")
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"


def test_wasm_is_served_as_application_wasm_and_cached_for_a_year(site: str) -> None:
    headers = head(f"{site}assets/pyodide/{PYODIDE}/pyodide.asm.wasm")
    assert headers["content-type"] == "application/wasm"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


def test_html_is_revalidated(site: str) -> None:
    assert head(site)["cache-control"] == "public, max-age=0, must-revalidate"


def test_embed_pages_may_be_framed_by_any_site_and_others_only_by_this_one(site: str) -> None:
    assert "frame-ancestors *" in head(site + "embed/collective/")["content-security-policy"]
    assert "frame-ancestors *" in head(site + "embed/problems/scale-out/")["content-security-policy"]
    assert "frame-ancestors 'self'" in head(site)["content-security-policy"]


def test_later_rules_override_earlier_ones_like_netlify() -> None:
    rules = header_rules()
    assert headers_for("/assets/calc/abc/x.whl", rules)["Cache-Control"].endswith("immutable")
    assert headers_for("/index.html", rules)["Cache-Control"].endswith("must-revalidate")


@pytest.mark.parametrize("path", ["assets/widgets/config.json", "assets/widgets/runtime.js", "assets/widgets/worker.js"])
def test_runtime_files_are_in_the_site(built_site: Path, path: str) -> None:
    assert (built_site / path).exists()


def test_runtime_config_points_at_files_that_exist(built_site: Path) -> None:
    folder = built_site / "assets/widgets"
    config = json.loads((folder / "config.json").read_text())
    assert config["pyodide"] == f"../pyodide/{PYODIDE}/"
    for key in ("plotly", "wheel"):
        assert (folder / config[key]).resolve().exists()
    assert (folder / config["pyodide"] / "pyodide.mjs").resolve().exists()


def test_no_page_has_an_inline_script(built_site: Path) -> None:
    import re

    for page in built_site.rglob("*.html"):
        for attrs, code in re.findall(r"<script([^>]*)>(.*?)</script>", page.read_text(), re.S):
            assert "src=" in attrs or "application/json" in attrs or not code.strip(), page


def get(url: str, encodings: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encodings})
    with urllib.request.urlopen(request) as response:
        return {k.lower(): v for k, v in response.headers.items()}, response.read()


def runtime_files(built_site: Path) -> list[str]:
    from widgets.offline import manifest

    config = json.loads((built_site / "assets/widgets/config.json").read_text())
    return sorted(manifest(built_site, config)[2])


def test_every_runtime_file_is_served_compressed_or_is_compressed_itself(site: str, built_site: Path) -> None:
    import zipfile

    plain = []
    for path in runtime_files(built_site):
        headers, body = get(site + path, "gzip, deflate, br, zstd")
        if path.endswith((".zip", ".whl")):  # stored entries, for HTTP to compress (widgets/wheel.py)
            with zipfile.ZipFile(built_site / path) as z:
                assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}, path
            assert headers.get("content-encoding") == "br", path
        elif path.endswith(".gz"):  # the snapshot: gzip the worker inflates itself, whatever the host
            assert body[:2] == b"\x1f\x8b", path
        elif headers.get("content-encoding") not in ("br", "gzip"):
            plain.append(path)
        assert headers.get("content-encoding") is None or headers.get("vary") == "Accept-Encoding"
    assert plain == []


def test_the_wasm_goes_out_as_brotli_and_decodes_to_the_pinned_file(site: str, built_site: Path) -> None:
    path = f"assets/pyodide/{PYODIDE}/pyodide.asm.wasm"
    headers, body = get(site + path, "gzip, br")
    assert headers["content-encoding"] == "br"
    assert headers["content-type"] == "application/wasm"
    assert len(body) < 0.3 * (built_site / path).stat().st_size


def test_the_standard_library_zip_goes_out_as_brotli_a_third_of_its_stored_size(site: str, built_site: Path) -> None:
    config = json.loads((built_site / "assets/widgets/config.json").read_text())
    path = (built_site / "assets/widgets" / config["stdlib"]).resolve().relative_to(built_site.resolve()).as_posix()
    headers, body = get(site + path, "gzip, br")
    assert (headers["content-encoding"], headers["content-type"]) == ("br", "application/zip")
    assert len(body) < 0.35 * (built_site / path).stat().st_size


def test_the_engine_wheel_is_served_as_a_zip_like_the_other_parts(site: str, built_site: Path) -> None:
    config = json.loads((built_site / "assets/widgets/config.json").read_text())
    path = (built_site / "assets/widgets" / config["wheel"]).resolve().relative_to(built_site.resolve()).as_posix()
    assert headers_for("/" + path, header_rules())["Content-Type"] == "application/zip"
    assert get(site + path, "br")[0]["content-encoding"] == "br"


def test_config_carries_the_pinned_lock_files_header_and_no_package(built_site: Path) -> None:
    lock = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    config = json.loads((built_site / "assets/widgets/config.json").read_text())
    assert config["lock"] == {"info": lock["info"], "packages": {}}
    assert "inline-lock" in config["levers"]


def test_a_client_without_brotli_gets_gzip_and_one_without_either_gets_the_file(site: str, built_site: Path) -> None:
    import gzip

    headers, body = get(site + "calculators/", "gzip")
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (built_site / "calculators/index.html").read_bytes()
    headers, body = get(site + "calculators/", "identity")
    assert "content-encoding" not in headers and body == (built_site / "calculators/index.html").read_bytes()


def test_the_service_worker_is_at_the_root_revalidated_and_allowed_by_the_csp(site: str) -> None:
    headers = head(site + "sw.js")
    assert headers["cache-control"] == "public, max-age=0, must-revalidate"
    assert "worker-src 'self'" in headers["content-security-policy"]
