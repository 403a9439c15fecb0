#!/usr/bin/env bash
# What the game costs while it waits (issue 60): the CPU it uses, as a percentage of
# one core (the process's own CPU time, user and system, over SECONDS of wall time
# after a warm-up), in each scene where nothing moves, and for contrast while seeds
# move. The real game under Xvfb with Mesa's software Vulkan at 1280x720, the release
# build (`cargo run --release`), as a player runs it. Prints a Markdown table
# (docs/performance.md).
#
# usage: bash scripts/idle.sh                  (needs scripts/setup-debian.sh first)
#        SECONDS_MEASURED=10 bash scripts/idle.sh
#        PROFILE=dev bash scripts/idle.sh       (the development build)
#        SCENES="title game" bash scripts/idle.sh
set -euo pipefail
cd "$(dirname "$0")/.."
measured=${SECONDS_MEASURED:-20}
warm=${WARM_UP:-8}
profile=${PROFILE:-release}
scenes=${SCENES:-title game online review kiosk moving}
cargo build --profile "$profile" --features server >&2
dir=$profile
[ "$profile" = dev ] && dir=debug
data=$(mktemp -d)
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$data"' EXIT
# A copy, so that a build meanwhile cannot change the program halfway through.
cp "${CARGO_TARGET_DIR:-target}/$dir/mancala-hall" "$data/mancala-hall"
bin=$data/mancala-hall
ticks=$(getconf CLK_TCK)

# CPU time (user + system) of process $1 and its threads so far, in clock ticks.
cpu_ticks() {
  awk '{print $14 + $15}' "/proc/$1/stat"
}

# Starts the game with these arguments under Xvfb, waits until its log has a line
# matching READY (its first board drawn, or its title up), then WARM_UP seconds more,
# and prints the percentage of one core it used over the next SECONDS_MEASURED seconds.
percent() {
  local log=$data/log
  local ready=${READY:-MANCALA_BOARD_DRAWN|MANCALA_SCREEN}
  WGPU_BACKEND=vulkan MANCALA_HALL_DATA="$data/home" xvfb-run -a -s "-screen 0 1280x720x24" \
    "$bin" --window 1280x720 "$@" >"$log" 2>&1 &
  local wrapper=$!
  local pid=""
  for _ in $(seq 1 1500); do
    pid=$(pgrep -f -n "^$bin --window" || true)
    [ -n "$pid" ] && grep -Eq "$ready" "$log" && break
    sleep 0.2
  done
  if [ -z "$pid" ]; then
    echo "the game did not start: $*" >&2
    tail -5 "$log" >&2
    echo "?"
    return
  fi
  sleep "$warm"
  local before after
  before=$(cpu_ticks "$pid")
  sleep "$measured"
  after=$(cpu_ticks "$pid")
  kill "$pid" 2>/dev/null || true
  wait "$wrapper" 2>/dev/null || true
  python3 -c "print(f'{100 * ($after - $before) / $ticks / $measured:.1f}')"
}

# A finished game to review: Hawalis, the engine's Player level against Expert.
python3 scripts/engine-game.py "$bin" hawalis "$data/game.json"

echo "| scene (release build, 1280x720, lavapipe) | CPU, % of one core |"
echo "|---|---|"
for scene in $scenes; do
  case $scene in
  title) echo "| the title screen | $(percent) |" ;;
  game) echo "| Hawalis, waiting for a person's move | $(percent --game hawalis) |" ;;
  online)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$bin" serve --addr "127.0.0.1:$port" --data "$data/server" >"$data/server.log" 2>&1 &
    server_pid=$!
    sleep 1
    echo "| an online room, waiting for the opponent | $(percent --create hawalis --server "ws://127.0.0.1:$port") |"
    kill "$server_pid"
    server_pid=""
    ;;
  review) echo "| the review of a finished game, open (once made) | $(READY=MANCALA_REVIEW_DONE percent --review "$data/game.json") |" ;;
  kiosk) echo "| the kiosk's welcome, before its attract loop | $(percent --kiosk docs/kiosk.example.json) |" ;;
  moving) echo "| for contrast: seeds moving (computer against computer) | $(percent --game hawalis --south computer --north computer --level random) |" ;;
  esac
done
