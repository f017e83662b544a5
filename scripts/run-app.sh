#!/usr/bin/env bash
# `make run`: start the app. On a machine without a display (a server, CI,
# a container) the app runs on a virtual screen for a few seconds and saves
# a screenshot, so the command still shows that everything works.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec .venv/bin/sgs-table app "$@"
fi
mkdir -p out
echo "run: no display here; running the app on a virtual screen for 10 s and saving out/app.png"
exec xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/sgs-table app --exit-after 10 --screenshot out/app.png "$@"
