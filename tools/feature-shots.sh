#!/usr/bin/env bash
# Screenshots of the app's player features (keyboard play, settings, statistics, confirmations,
# expand, locate, replay, finish, saves, pasted positions, worked examples) in a real window
# under Xvfb: the app types its own keys (`--keys`), xdotool clicks where a click is the
# feature, ImageMagick's `import` captures the screen. Timings are sleeps tuned for Mesa's
# software renderer on two cores; look at each PNG.
#
#   tools/feature-shots.sh                 # PNGs in screenshots/features/
#   OUT=/tmp/f ONLY="menu settings" tools/feature-shots.sh
#
# The solver's features are shot too: "is this still winnable?" (a setting), the hint, the
# review after a game (was the deal winnable, the solution from where it went wrong) and
# winnable deals only.
#
# Needs xvfb, xdotool, xclip and imagemagick; builds the dev app.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-screenshots/features}
ONLY=${ONLY:-}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cargo build -q -p solitaire-app
BIN=${CARGO_TARGET_DIR:-target}/debug/solitaire
WORK=$(mktemp -d)
export DISPLAY=:${XDISPLAY:-97}
Xvfb "$DISPLAY" -screen 0 1280x720x24 >/dev/null 2>&1 &
XVFB=$!
APP=
cleanup() {
    [ -n "$APP" ] && kill "$APP" 2>/dev/null
    kill "$XVFB" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
sleep 2

# Fixtures: a Spider position three moves from a win, a Bristol position where automatic
# moves follow, and statistics for the chart.
suit() { for r in K Q J T 9 8 7 6 5 4 3 2 A; do printf '%s%s ' "$r" "$1"; done; }
{
    echo "game: spider"
    i=1
    for s in S S D D C C H; do echo "f$i: $(suit $s)"; i=$((i + 1)); done
    printf 't1: KH QH JH TH 9H 8H\nt2: 7H 6H 5H\nt3: 4H 3H 2H\nt4: AH\n'
} >"$WORK/near-win.txt"
printf 'game: bristol\nf1: AS\nf2: AH\nf3: AD\nf4: AC\nt1: 3S\nt2: 2S 5D\nt3: 6C\nt4: 9H\n' >"$WORK/bristol.txt"
cat >"$WORK/stats.ron" <<'RON'
({
    "spider": (played: 14, won: 6, best: Some(1043), streak: 2, best_streak: 3, best_time: Some(754),
        recent: [false, true, true, false, false, true, true, true, false, false, true, false, true, true]),
    "bristol": (played: 5, won: 1, best: Some(52), best_time: Some(301), best_streak: 1,
        recent: [false, false, true, false, false]),
})
RON

wanted() { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; }
# start SETTINGS ARGS...: a fresh data directory (with those settings and the statistics), the app.
start() {
    local settings=$1
    shift
    rm -rf "$WORK/data"
    mkdir -p "$WORK/data"
    [ -n "$settings" ] && printf '(%s)\n' "$settings" >"$WORK/data/settings.ron"
    cp "$WORK/stats.ron" "$WORK/data/stats.ron"
    WGPU_BACKEND=vulkan "$BIN" --window 1280x720 --data-dir "$WORK/data" "$@" >"$WORK/app.log" 2>&1 &
    APP=$!
}
snap() {
    import -window root "$OUT/$1.png"
    kill "$APP" 2>/dev/null
    wait "$APP" 2>/dev/null || true
    APP=
    echo "$OUT/$1.png"
}
# shot NAME SETTINGS SECONDS ARGS...: start, wait, capture.
shot() {
    local name=$1 settings=$2 wait=$3
    shift 3
    wanted "$name" || return 0
    start "$settings" "$@"
    sleep "$wait"
    snap "$name"
}

shot menu "" 12
shot statistics "" 12 --keys "T"
shot settings "" 14 --keys "S Down Down Down Right"
shot keyboard-held "" 14 --game spider --seed 1 --keys "3 Enter 6"
shot keyboard-won "speed: Off" 20 --position "$WORK/near-win.txt" \
    --keys "2 Enter 1 Space Right Right Enter Left Left Enter 4 Enter Enter"
shot auto-finish "" 12 --position "$WORK/near-win.txt"
shot expand "" 14 --game spider --seed 1 --play "t3>t1" --keys "_ _ _ _ 1 E"
shot locate-entry "" 12 --game spider --seed 1 --keys "L 8"
shot locate-lit "" 6 --game spider --seed 1 --keys "L 8 Enter"
shot replay "" 9 --game spider --seed 1 --play "t3>t1 t9>t8 deal" --keys "_ _ _ _ _ _ _ P"
shot confirm-deal "confirm_deal: true" 12 --game spider --seed 1 --keys "Enter"
shot confirm-undo "confirm_undo: true" 14 --game spider --seed 1 --play "t3>t1" --keys "_ _ _ _ U"
shot four-colour "four_colour: true" 10 --game spider --seed 1
shot large-print "large_print: true" 10 --game spider --seed 1
shot left-handed "left_handed: true" 12 --game spider --seed 1 --keys "3"
shot auto-moves "auto_moves: All" 14 --position "$WORK/bristol.txt" --keys "2 Enter 3 Enter"
shot save-as "" 14 --game spider --seed 1 --play "t3>t1" --keys "_ _ _ S M Y G A M E"
shot open "" 16 --game spider --seed 1 --play "t3>t1" --keys "_ _ _ _ S M Y G A M E Enter Esc F"
# Labyrinth deal 35: the solver wins it; after the first deal, a second deal loses it, and
# LOST goes on from there (the first legal move each time) to the end of the game.
LOST="deal deal deal deal t3>f2 t5>f2 deal t8>f1 t1^>f1 t4>f1"
shot still-winnable "winnable_check: true" 12 --game labyrinth --seed 35 --play "deal"
shot no-longer-winnable "winnable_check: true" 14 --game labyrinth --seed 35 --play "deal deal"
shot undone-to-winnable "winnable_check: true" 16 --game labyrinth --seed 35 --play "deal deal" \
    --keys "_ _ _ _ _ _ W"
shot hint "" 12 --game spider --seed 1 --keys "H"
shot review "" 16 --game labyrinth --seed 35 --play "$LOST"
shot review-solution "" 20 --game labyrinth --seed 35 --play "$LOST" --keys "_ _ _ _ _ _ _ _ _ _ G"
shot winnable-deal "" 16 --keys "W"
shot examples "" 12 --keys "W Down"
shot example-loaded "" 14 --keys "W Down Enter"
if wanted paste; then
    xclip -selection clipboard -i <"$WORK/bristol.txt" &
    CLIP=$!
    shot paste "" 12 --keys "F V"
    kill "$CLIP" 2>/dev/null || true
fi
if wanted suits; then
    start "" --game spider --seed 1
    sleep 10
    xdotool mousemove 420 115 click 1
    sleep 2
    snap suits
fi
