#!/usr/bin/env bash
# One entry point for maintainers. Each command first installs what is missing:
#   ./dev.sh serve   install everything, build the site and serve it on http://127.0.0.1:8000
#   ./dev.sh test    install everything (Chromium and promtool included) and run all tests
#   ./dev.sh build   install everything and build the site for hosting into site/
#   ./dev.sh bench   install everything and run the benchmarks (prints tables)
#   ./dev.sh emulate FILE.yaml   build the rendered fabric from real FRR in network namespaces (root)
#   ./dev.sh screenshots [FOLDER] [REGEX] [SIZE]  screenshots of every page, en and zh (or those matching), both schemes (for review)
#   ./dev.sh setup   install the Python tools (.venv, from requirements.lock) and the runtime (npm ci)
set -euo pipefail
cd "$(dirname "$0")"
export NO_MKDOCS_2_WARNING=1 PIP_DISABLE_PIP_VERSION_CHECK=1
PY=${PYTHON:-python3}
VENV=.venv

stamp() { sha256sum "$@" | sha256sum | cut -c1-16; }

setup_python() {
  [ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
  local want; want=$(stamp requirements.lock pyproject.toml)
  if [ "$(cat "$VENV/.installed" 2>/dev/null)" != "$want" ]; then
    "$VENV/bin/python" -m pip install --quiet --require-hashes --no-deps -r requirements.lock
    # calc itself, editable, so `python -m calc` works from any folder (no dependencies).
    "$VENV/bin/python" -m pip install --quiet --no-deps --no-build-isolation -e .
    echo "$want" > "$VENV/.installed"
  fi
}

setup_node() {
  local want; want=$(stamp package.json package-lock.json)
  if [ "$(cat node_modules/.installed 2>/dev/null)" != "$want" ]; then
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > node_modules/.installed
  fi
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

setup_system() {
  # Browser tests drive Debian's Chromium; the monitoring tests run the real promtool; the
  # print test reads the PDF with poppler-utils (pdfinfo, pdftotext, pdftoppm); the configuration
  # tests parse with FRR's vtysh and the emulation runs FRR in network namespaces.
  local missing=()
  [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing+=(chromium)
  command -v promtool >/dev/null || missing+=(prometheus)
  command -v pdftoppm >/dev/null || missing+=(poppler-utils)
  [ -x /usr/lib/frr/bgpd ] || missing+=(frr)
  command -v ip >/dev/null || missing+=(iproute2)
  command -v ping >/dev/null || missing+=(iputils-ping)
  if [ ${#missing[@]} -gt 0 ]; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

# Screenshots of the Chinese pages need a CJK font (the site's font stack names common system
# ones; a bare Debian has none and draws boxes).
setup_cjk_font() {
  fc-list :lang=zh 2>/dev/null | grep -q . && return
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fonts-wqy-microhei
}

setup() { setup_python; setup_node; }

case "${1:-}" in
  setup) setup ;;
  serve) setup; exec "$VENV/bin/mkdocs" serve --dev-addr 127.0.0.1:8000 ;;
  build) setup; "$VENV/bin/mkdocs" build --strict ;;
  test)
    setup; setup_system
    "$VENV/bin/mypy" --strict calc widgets   # the engine and the build: strict
    "$VENV/bin/mypy" tests                   # the tests: looser (pyproject's tests.* section), bodies checked
    "$VENV/bin/ruff" check calc widgets tests bench tools
    # Two workers, each test file on one (its module fixtures stay together): most of the suite waits on
    # Chromium, Node or FRR, so two of them nearly halve the wall-clock time on two cores.
    shift; exec "$VENV/bin/pytest" -n 2 --dist loadfile "$@" ;;
  bench) setup; setup_system; shift; exec "$VENV/bin/python" -m bench "$@" ;;
  emulate) setup_python; setup_system; shift; exec "$VENV/bin/python" -m tools.emulate "$@" ;;
  screenshots) setup; setup_system; setup_cjk_font; shift; exec "$VENV/bin/python" -m bench.screenshots "$@" ;;
  *) sed -n '2,10p' "$0"; exit 2 ;;
esac
