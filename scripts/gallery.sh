#!/usr/bin/env bash
# Renders the gallery: 1280x720 screenshots of the real game under a virtual display
# (Xvfb with Mesa's software Vulkan), into docs/gallery/. Each game at the start,
# mid-game and with seeds in flight; Nsolo at 4x36; the title screen, the kiosk
# welcome, a tutorial step, a story page and a Swahili screen.
#
# usage: bash scripts/gallery.sh [OUT_DIR]     (needs scripts/setup-debian.sh first)
#        PROFILE=dev bash scripts/gallery.sh    (the development build: no release build
#                                                needed; the pictures are the same)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/gallery}
mkdir -p "$out"
profile=${PROFILE:-release}
cargo build --profile "$profile"
dir=$profile
[ "$profile" = dev ] && dir=debug
bin=${CARGO_TARGET_DIR:-target}/$dir/mancala-hall
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

shot() {
  local name=$1
  shift
  echo "== $name: $*"
  MANCALA_HALL_DATA=$data WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    "$bin" --screenshot "$out/$name.png" "$@" >/dev/null 2>"$data/log" ||
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
shot title
shot kiosk-welcome --kiosk docs/kiosk.example.json
shot tutorial --game omweso --page tutorial
shot story --game anywoli --page story
shot swahili --game bao_kigogo --language sw --turns 4
echo "gallery written to $out"
