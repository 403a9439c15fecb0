#!/usr/bin/env bash
# The browser test: builds the web version, serves it on 127.0.0.1, opens it in
# headless Chromium (SwiftShader WebGL2), waits for the board to be drawn, plays a
# move by clicking a pit, waits for the computer's reply, plays another by a touch,
# takes a screenshot, opens each other game until its board is drawn, and fails on any
# panic or console error or a blank screenshot. Then the installable, offline game
# (web/offline-test.mjs): the service worker and manifest, a game with the network
# cut, a new build offered. Then starts a game server that serves
# the pages too (`serve --web web`) and has two pages it served play each other through
# it (web/online-test.mjs). Installs Debian's
# chromium-headless-shell and Node if absent.
#
# usage: bash web/test.sh [--release]   (--release: the published build, with wasm-opt,
#        and a check of its gzip budget, 5 MB: 5,242,880 bytes)
#   SKIP_BUILD=1: use web/pkg as built; ONLINE_ONLY=1: only the online test
set -euo pipefail
cd "$(dirname "$0")/.."
release=0
[ "${1:-}" = "--release" ] && release=1

need=()
command -v chromium-headless-shell >/dev/null || [ -x /usr/lib/chromium/headless_shell ] ||
  command -v chromium >/dev/null || need+=(chromium-headless-shell)
command -v node >/dev/null || need+=(nodejs)
command -v python3 >/dev/null || need+=(python3)
command -v curl >/dev/null || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
source web/browser.sh
find_browser

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  if [ "$release" = 1 ]; then bash web/build.sh --release --opt; else bash web/build.sh; fi
fi
read -r raw gz br < web/pkg/SIZES
if [ "$release" = 1 ] && [ "$gz" -gt 5242880 ]; then
  echo "FAIL: the gzip-compressed wasm is $gz bytes, over its 5 MB (5,242,880-byte) budget"
  exit 1
fi

# The online test's game server: the same binary without the game (`serve` needs only
# the rules), built before the browser starts drawing (with the features of the
# README's test command, whose build it then shares).
cargo build --no-default-features --features server,postgres --bin mancala-hall

web_port=$(free_port)
cdp_port=$(free_port)
out=${WEB_TEST_OUT:-/tmp/mancala-web-test}
mkdir -p "$out"
cp "${CARGO_TARGET_DIR:-target}/debug/mancala-hall" "$out/mancala-hall-server"
python3 -m http.server --bind 127.0.0.1 --directory web "$web_port" >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; stop_browser "$out"' EXIT
start_browser "$out" "$cdp_port"
if [ "${ONLINE_ONLY:-0}" != 1 ]; then
  CDP_PORT=$cdp_port node "${node_flags[@]}" web/browser-test.mjs \
    "http://127.0.0.1:$web_port/?game=hawalis&north=computer&level=expert" "$out/web.png" "${WEB_TEST_TIMEOUT:-1800}"
  # Installable and offline: the service worker, the manifest, play with the network
  # cut, a new build offered (web/offline-test.mjs).
  CDP_PORT=$cdp_port node "${node_flags[@]}" web/offline-test.mjs \
    "http://127.0.0.1:$web_port/" web "$out/offline" "${WEB_TEST_TIMEOUT:-1800}"
fi

# Online play: a game server on 127.0.0.1 that also serves the pages (`serve --web`),
# and two pages playing each other through it, connecting to where they came from.
game_port=$(free_port)
rm -rf "$out/online-data"
"$out/mancala-hall-server" serve --addr "127.0.0.1:$game_port" --data "$out/online-data" \
  --web web >"$out/game-server.log" 2>&1 &
game_server=$!
trap 'kill $server $game_server 2>/dev/null || true; stop_browser "$out"' EXIT
# The program as the game server sends it: compressed where the browser takes it, and
# kept a year under its hashed name (the page and build-id.js are checked each time).
for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$game_port/" && break; sleep 0.2; done
wasm_file=$(sed -n "s/^self.WASM_FILE = '\(.*\)';$/\1/p" web/pkg/build-id.js)
headers=$(curl -fsS -D - -o /dev/null -H 'Accept-Encoding: gzip' "http://127.0.0.1:$game_port/pkg/$wasm_file")
for want in 'content-encoding: gzip' 'content-type: application/wasm' 'cache-control: public, max-age=31536000, immutable'; do
  grep -qi "^$want" <<<"$headers" || { echo "FAIL: serve --web sent pkg/$wasm_file without '$want':"; echo "$headers"; exit 1; }
done
curl -fsS -D - -o /dev/null "http://127.0.0.1:$game_port/pkg/build-id.js" | grep -qi '^cache-control: no-cache' ||
  { echo "FAIL: serve --web sent pkg/build-id.js to be kept"; exit 1; }
echo "serve --web: pkg/$wasm_file gzipped, immutable; build-id.js checked each time"
CDP_PORT=$cdp_port node "${node_flags[@]}" web/online-test.mjs \
  "http://127.0.0.1:$game_port/" same-origin "$out/online" "${WEB_TEST_TIMEOUT:-1800}"
awk -v r="$raw" -v g="$gz" -v b="$br" 'BEGIN { printf "wasm %.1f MB, gzip -9 %.1f MB", r / 1048576, g / 1048576
  if (b > 0) printf ", Brotli %.1f MB", b / 1048576
  printf "\n" }'
