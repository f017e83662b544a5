#!/usr/bin/env bash
# Idempotent set-up for `make run`, `make test` and `make bench`:
# system libraries (apt-get, with sudo when not root), a virtual environment
# in .venv, and the Python packages. A second run with nothing to do takes a
# fraction of a second.
#
#   scripts/setup.sh run     what the app needs
#   scripts/setup.sh test    the app's needs plus what the tests need
set -euo pipefail
cd "$(dirname "$0")/.."

purpose=${1:-run}
venv=.venv

say() { printf 'setup: %s\n' "$*" >&2; }

# --- system libraries ---------------------------------------------------
# scripts/apt-packages.txt lists them, each with why; "test" ones only for
# `make test` and `make bench`.
packages=()
while read -r name needed_for _; do
    case "$name" in ''|'#'*) continue ;; esac
    if [ "$needed_for" = run ] || [ "$purpose" != run ]; then packages+=("$name"); fi
done < scripts/apt-packages.txt

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for p in "${packages[@]}"; do
        # Ubuntu 24.04 and Debian 13 renamed some libraries with a t64 suffix
        # (libzbar0t64, libmtdev1t64); either name counts as installed.
        if ! { dpkg-query -W -f='${Status}\n' "$p" "${p}t64" 2>/dev/null || true; } |
                grep -q 'install ok installed'; then
            missing+=("$p")
        fi
    done
fi

pick_python() {
    if [ -n "${PYTHON:-}" ]; then echo "$PYTHON"; return; fi
    for c in python3.13 python3.12 python3.11 python3; do
        if command -v "$c" >/dev/null 2>&1 &&
           "$c" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
            echo "$c"; return
        fi
    done
    echo ""
}
python=$(pick_python)
if [ -n "$python" ] && [ ! -x "$venv/bin/python" ] && ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
    # Debian and Ubuntu split venv/ensurepip out of the interpreter package.
    ver=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    missing+=("python$ver-venv")
fi
if [ -z "$python" ]; then
    missing+=(python3 python3-venv)
fi

if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=()
        if [ "$(id -u)" -ne 0 ]; then
            if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
                say "need root to install: ${missing[*]} (no sudo found). Install them and run again."
                exit 1
            fi
        fi
        say "installing system packages: ${missing[*]}"
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        say "this machine has no apt-get. Install by hand the equivalents of these Debian packages, then run again:"
        say "  ${missing[*]}"
        say "  (zbar shared library, OpenGL/EGL and Mesa drivers, libmtdev, X11 client libraries, Xvfb, Python >= 3.11 with venv, PostgreSQL server and Chromium with its chromedriver for the tests)"
        exit 1
    fi
    python=$(pick_python)
fi
if [ -z "$python" ]; then
    say "no Python >= 3.11 found; install one (or set PYTHON=/path/to/python3.11) and run again."
    exit 1
fi

# --- virtual environment and Python packages ------------------------------
if [ ! -x "$venv/bin/python" ]; then
    say "creating $venv with $python"
    "$python" -m venv "$venv"
fi
stamp="$venv/.sgs-table-installed"
want=$(cat requirements.lock pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    # Exactly the locked versions (requirements.lock, `make lock` updates it),
    # each checked against its hash; then the project itself, built by the
    # locked setuptools (no build isolation: nothing unlocked is fetched).
    say "installing the locked Python packages into $venv (first run takes a few minutes)"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
        --require-hashes --no-deps -r requirements.lock
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
        --no-deps --no-build-isolation -e .
    echo "$want" > "$stamp"
fi
