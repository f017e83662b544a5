#!/usr/bin/env bash
# `make run`: start the app. Without a camera (no /dev/video*), the sample
# video samples/demo.mp4 plays as the camera, with the players' taps of its
# script (samples/demo-taps.txt): a 5-player table set up and played. That
# demo's game goes to a store of its own (demo.db in the user's cache folder,
# emptied at each demo run; or --db if given), never the player's database:
# the app does it for any video played with its taps (mobile.app.demo_database).
# On a machine without a display (a server, CI, a container) the app runs
# on a virtual screen for 10 s and saves a screenshot of the table, so the
# command still shows that everything works.
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
if ! compgen -G "/dev/video*" > /dev/null && [[ " ${args[*]-} " != *" --camera "* ]]; then
    echo "run: no camera found; playing samples/demo.mp4 as the camera (a demo: your games are left alone)"
    args+=(--camera samples/demo.mp4)
fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec .venv/bin/sgs-table app "${args[@]}"
fi
mkdir -p out
echo "run: no display here; running the app on a virtual screen for 10 s and saving out/app.png"
exec xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/sgs-table app --exit-after 10 \
    --screenshot out/app.png "${args[@]}"
