#!/usr/bin/env bash
# Times the browser build's first board: serves WEB_DIR (a folder holding index.html
# and pkg/, as web/build.sh leaves it) on 127.0.0.1, opens it in headless Chromium
# (SwiftShader WebGL2) and prints when the look's textures were painted and when the
# board had been drawn (the browser test's own lines), then stops. Run it a few times,
# alternating two builds, to compare them (docs/performance.md).
#
# usage: bash scripts/first-board.sh [WEB_DIR]     (default: web)
#        SHOW_START=1 bash scripts/first-board.sh    also prints each log line of the
#                                                    start with its time
set -euo pipefail
cd "$(dirname "$0")/.."
web=${1:-web}
out=$(mktemp -d)
source web/browser.sh
find_browser
web_port=$(free_port)
cdp_port=$(free_port)
python3 -m http.server --bind 127.0.0.1 --directory "$web" "$web_port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; stop_browser "$out"; rm -rf "$out"' EXIT
start_browser "$out" "$cdp_port"
# The test goes on to play; only its first lines are wanted.
CDP_PORT=$cdp_port SHOW_START=${SHOW_START:-} node "${node_flags[@]}" web/browser-test.mjs \
  "http://127.0.0.1:$web_port/?game=hawalis&north=computer&level=expert" "$out/web.png" 120 \
  >"$out/log" 2>&1 &
test_pid=$!
for _ in $(seq 1 1200); do
  grep -q "board drawn\|FAIL" "$out/log" && break
  sleep 0.1
done
kill $test_pid 2>/dev/null || true
grep -E "^start|look painted|board drawn|FAIL" "$out/log" || echo "no board within two minutes"
