#!/usr/bin/env bash
# Updates requirements.lock, the exact versions (with their hashes) of every
# Python package the set-up installs: `make lock`.
#
#   make lock                       after changing dependencies in pyproject.toml:
#                                   resolves again, keeping every other pin as it is
#   make lock ARGS=--upgrade        on purpose: every package to its newest release
#   make lock ARGS="--upgrade-package babel"   one package to its newest release
#
# Then run `make test` (the set-up installs the new lock) and commit the lock
# with what it needed. The resolver is uv, itself pinned here, in a folder of
# its own (.venv-lock), never in the project's environment.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.8
tools=.venv-lock
python=${PYTHON:-python3}
if [ ! -x "$tools/bin/uv" ] || [ "$("$tools/bin/uv" --version | cut -d' ' -f2)" != "$UV_VERSION" ]; then
    "$python" -m venv "$tools"
    "$tools/bin/python" -m pip install -q "uv==$UV_VERSION"
fi
# --universal: one lock for every platform and Python the project supports
# (markers where they differ); --generate-hashes: pip installs with --require-hashes.
"$tools/bin/uv" pip compile pyproject.toml scripts/lock-tools.in \
    --all-extras --universal --python-version 3.11 --generate-hashes \
    --custom-compile-command "make lock" --quiet -o requirements.lock "$@"
echo "lock: requirements.lock updated; now run make test and commit it"
