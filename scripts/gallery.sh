#!/usr/bin/env bash
# Renders the gallery: 1280x720 screenshots of the real game under a virtual display
# (Xvfb with Mesa's software Vulkan), into docs/gallery/. Each game at the start,
# mid-game and with seeds in flight; Nsolo at 4x36; the title screen, the kiosk
# welcome, a tutorial step, puzzles (waiting, solved, missed), a story page, a Swahili
# screen, an online room waiting for its second player (a game server of the same
# binary on 127.0.0.1), the online screen's lobby and a finished rated game (players by
# scripts/online-peer.mjs); and a game, the title screen and Omweso's free set-up in a
# small 640x360 window; and the game review of a real game (engine against engine).
# The pictures show high graphics (`--graphics high`), as a graphics card draws them: on this
# software renderer the game would otherwise pick its lighter ones; the `low-*`
# pictures show those, as a machine without a graphics card draws each game.
#
# usage: bash scripts/gallery.sh [OUT_DIR]     (needs scripts/setup-debian.sh first)
#        PROFILE=dev bash scripts/gallery.sh    (the development build: no release build
#                                                needed; the pictures are the same)
#        ONLY="title online" bash scripts/gallery.sh    (only the pictures named)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/gallery}
mkdir -p "$out"
profile=${PROFILE:-release}
cargo build --profile "$profile" --features server
dir=$profile
[ "$profile" = dev ] && dir=debug
data=$(mktemp -d)
# A copy, so that a build running meanwhile (without the game feature) cannot change
# the program halfway through the pictures.
cp "${CARGO_TARGET_DIR:-target}/$dir/mancala-hall" "$data/mancala-hall"
bin=$data/mancala-hall
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$data"' EXIT

shot() {
  local name=$1
  shift
  [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]] && return 0
  echo "== $name: $*"
  MANCALA_HALL_DATA=$data WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    "$bin" --graphics "${graphics:-high}" --screenshot "$out/$name.png" "$@" >/dev/null 2>"$data/log" ||
    { cat "$data/log"; exit 1; }
}

for game in omweso anywoli nsolo hawalis bao_kigogo; do
  shot "$game-start" --game "$game"
  shot "$game-midgame" --game "$game" --turns 12 --seed 7
  # Both seats the computer's: the picture is taken while a turn is being sown
  # (Omweso's seventh turn is short: it has ended by 2.5 s).
  wait=2.5
  [ "$game" = omweso ] && wait=1.5
  shot "$game-sowing" --game "$game" --turns 6 --seed 3 --south computer --north computer --wait "$wait"
done
shot nsolo-4x36 --game nsolo --width 36 --turns 20 --seed 5
# A wide board close up in a small window (issue 64).
shot nsolo-4x36-small --game nsolo --width 36 --turns 20 --seed 5 --window 640x360
# Low graphics (the scene at half the window, scaled up; issue 47), mid-game.
for game in omweso anywoli nsolo hawalis bao_kigogo; do
  graphics=low shot "low-$game" --game "$game" --turns 12 --seed 7
done
graphics=low shot low-nsolo-4x36 --game nsolo --width 36 --turns 20 --seed 5
shot title
# The kiosk's welcome, and a touch table for two (issue 61): the welcome from both
# edges, and a game seen from above between the players' panels, North's turned to face
# North. (The attract loop kept off: a slow first picture, on a busy machine, must not
# find it begun.)
sed 's/"attract_after_s": [0-9]*,/"attract_after_s": 3600,/' docs/kiosk.example.json >"$data/kiosk.json"
shot kiosk-welcome --kiosk "$data/kiosk.json"
sed 's/"table": true,/"table": true, "attract_after_s": 3600,/' docs/kiosk-table.example.json >"$data/table.json"
shot kiosk-table-welcome --kiosk "$data/table.json"
shot kiosk-table-game --kiosk "$data/table.json" --game omweso --turns 9 --seed 4 --north computer
shot tutorial --game omweso --page tutorial
# Puzzles (issue 62): one waiting for its answer, one solved, one missed and its
# answer played out (the try made at once, as if clicked: --puzzle-try).
shot puzzle --game hawalis --page puzzles --wait 3
shot puzzle-right --game omweso --page puzzles --puzzle-try right --wait 14
shot puzzle-wrong --game nsolo --page puzzles --puzzle-try wrong --wait 14
shot story --game anywoli --page story
shot swahili --game bao_kigogo --language sw --turns 4
# Arabic, right to left (issue 61): the title, a game, a rules page; Luganda's story
# page of its own game.
shot arabic-title --language ar
shot arabic-game --game hawalis --language ar --turns 6 --seed 3
shot arabic-rules --game omweso --language ar --page rules
shot luganda-story --game omweso --language lg --page story
shot small-sowing --game hawalis --turns 6 --seed 3 --south computer --north computer --wait 2.5 --window 640x360
shot small-title --window 640x360
# Omweso's free set-up in the small window: its buttons beside the records bar, the
# board above them (the position comes from the engine command line).
printf '%s\n' '{"cmd":"new","game":"omweso","options":{"set_up":"free"}}' '{"cmd":"position"}' |
  "$bin" engine | tail -1 |
  python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)["position"]))' >"$data/free.json"
shot small-setup --position "$data/free.json" --window 640x360
# The game review of a real game: Bao Kigogo, a Player-level South against an Expert
# North, played to the end by the engine; the review opens with the decision that gave
# up the most selected.
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" review "* ]]; then
  python3 scripts/engine-game.py "$bin" bao_kigogo "$data/bao-game.json"
  shot review --review "$data/bao-game.json" --wait 12
  shot arabic-review --review "$data/bao-game.json" --language ar --wait 12
fi
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" online "* ]]; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$bin" serve --addr "127.0.0.1:$port" --data "$data/server" >"$data/server.log" 2>&1 &
  server_pid=$!
  shot online --create hawalis --server "ws://127.0.0.1:$port" --wait 3
fi
# The online screen with a lobby to show, and a finished rated game (players made by
# scripts/online-peer.mjs; this player is "Amina", from player.json).
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" online-lobby "* ]] || [[ " $ONLY " == *" online-rated "* ]]; then
  [ -n "$server_pid" ] || {
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$bin" serve --addr "127.0.0.1:$port" --data "$data/server" >"$data/server.log" 2>&1 &
    server_pid=$!
    sleep 1
  }
  printf '{"key":"%s","name":"Amina"}' 0123456789abcdef0123456789abcdef >"$data/player.json"
  node --experimental-websocket scripts/online-peer.mjs "ws://127.0.0.1:$port" lobby >"$data/lobby.log" 2>&1 &
  lobby_pid=$!
  until grep -q "lobby ready" "$data/lobby.log"; do sleep 0.2; done
  shot online-lobby --online --server "ws://127.0.0.1:$port" --wait 3
  kill "$lobby_pid"
  node --experimental-websocket scripts/online-peer.mjs "ws://127.0.0.1:$port" rated >"$data/rated.log" 2>&1 &
  rated_pid=$!
  until [ -s "$data/rated.log" ]; do sleep 0.2; done
  shot online-rated --room "$(head -1 "$data/rated.log")" --server "ws://127.0.0.1:$port" --wait 8
  kill "$rated_pid"
fi
echo "gallery written to $out"
