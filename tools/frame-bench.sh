#!/usr/bin/env bash
# The app's launch and frame figures under Xvfb with Mesa's software Vulkan (lavapipe, no
# GPU) at 1280x720, release build. Each run starts the app on a fresh data directory with
# `--frame-stats` and prints, beside the load average when it started: the time from launch
# to the menu (a run without a game), and the mean and 99th-percentile frame time while the
# opening deal flies (a run with the game and deal).
#
#   tools/frame-bench.sh                         # Spider deal 1, three runs
#   RUNS=5 GAME=sixes-and-sevens tools/frame-bench.sh
#   BIN=/path/to/solitaire tools/frame-bench.sh  # another build of the app (no cargo build)
#
# Software rendering shares the CPU with everything else: measure on a quiet machine (load
# average near or below 1) and compare builds at the same load.
#
# Needs xvfb, xauth and mesa-vulkan-drivers (tools/need-xvfb.sh installs them when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
GAME=${GAME:-spider}
SEED=${SEED:-1}
W=1280
H=720

tools/need-xvfb.sh

if [ -z "${BIN:-}" ]; then
    cargo build -q --release -p solitaire-app
    BIN=target/release/solitaire
fi

DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT

# Run the app with these arguments on a fresh data directory; print its frame-stats lines.
stats() {
    rm -rf "${DATA:?}"/*
    WGPU_BACKEND=vulkan timeout 300 xvfb-run -a -s "-screen 0 ${W}x${H}x24" \
        "$BIN" --window "${W}x${H}" --data-dir "$DATA" --frame-stats "$@" 2>/dev/null |
        grep '^frame-stats:' || true
}

for i in $(seq "$RUNS"); do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    menu=$(stats --exit-after-frames 30 | grep -o 'menu shown [0-9]* ms' || echo 'menu: no figure')
    deal=$(stats --game "$GAME" --seed "$SEED" --exit-after-frames 300 |
        grep -o '[0-9]* frames while cards flew: .*' || echo 'deal: no figure')
    echo "run $i, load $load: $menu; $GAME deal $SEED: $deal"
done
