#!/usr/bin/env bash
# Screenshots of the app in a real (virtual) window: the menu and every registered game with
# a fixed deal, under Xvfb with Mesa's software Vulkan; then shotcheck asserts that each PNG
# exists, has the window's size and is not blank.
#
#   tools/screenshots.sh                  # dev build (the one `cargo test` made), PNGs in screenshots/
#   PROFILE=release OUT=/tmp/shots tools/screenshots.sh
#
# The dev profile is the default because it shares its Bevy build with `cargo test` (a
# second, release build of Bevy takes tens of minutes on two cores). Each run prints
# `frame-stats:` lines: the time from launch to the menu, and frame times while cards fly.
#
# Needs xvfb, xauth and mesa-vulkan-drivers (tools/need-xvfb.sh installs them when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${OUT:-screenshots}
PROFILE=${PROFILE:-dev}
FRAMES=${FRAMES:-150}
SEED=${SEED:-1}
W=1280
H=720

tools/need-xvfb.sh

if [ "$PROFILE" = dev ]; then DIR=debug; FLAG=(); else DIR=$PROFILE; FLAG=(--profile "$PROFILE"); fi
cargo build -q "${FLAG[@]}" -p solitaire-app -p sol-cli
BIN=target/$DIR/solitaire

mkdir -p "$OUT"
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT

shoot() {
    local name=$1
    shift
    rm -f "$OUT/$name.png"
    echo "screenshot $name: $*"
    WGPU_BACKEND=vulkan timeout 300 xvfb-run -a -s "-screen 0 ${W}x${H}x24" \
        "$BIN" --window "${W}x${H}" --data-dir "$DATA" --frame-stats \
        --screenshot "$OUT/$name.png" --exit-after-frames "$FRAMES" "$@"
}

shoot menu
for id in $(target/$DIR/sol list | cut -f1); do
    shoot "$id" --game "$id" --seed "$SEED"
done

cargo run -q --release --manifest-path tools/shotcheck/Cargo.toml -- "$W" "$H" "$OUT"/*.png
