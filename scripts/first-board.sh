#!/usr/bin/env bash
# Times the browser build's first board: serves WEB_DIR (a folder holding index.html
# and pkg/, as web/build.sh leaves it) on 127.0.0.1, opens it in headless Chromium
# (SwiftShader WebGL2) and prints when the look's textures were painted and when the
# board had been drawn (the browser test's own lines), then stops. Run it a few times,
# alternating two builds, to compare them (docs/performance.md).
#
# usage: bash scripts/first-board.sh [WEB_DIR]     (default: web)
set -euo pipefail
cd "$(dirname "$0")/.."
web=${1:-web}
out=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
web_port=$(free_port)
cdp_port=$(free_port)
browser=$(command -v chromium-headless-shell || true)
[ -n "$browser" ] || { [ -x /usr/lib/chromium/headless_shell ] && browser=/usr/lib/chromium/headless_shell; }
[ -n "$browser" ] || browser=$(command -v chromium)
python3 -m http.server --bind 127.0.0.1 --directory "$web" "$web_port" >/dev/null 2>&1 &
server=$!
setsid "$browser" --headless --no-sandbox --disable-dev-shm-usage --disable-gpu-sandbox \
  --use-angle=swiftshader --enable-unsafe-swiftshader --window-size=1280,720 \
  --remote-debugging-port="$cdp_port" --user-data-dir="$out/profile" about:blank \
  >/dev/null 2>&1 &
browser_pid=$!
trap 'kill $server 2>/dev/null || true; kill -- -$browser_pid 2>/dev/null || true; pkill -f -- "--user-data-dir=$out/profile" 2>/dev/null || true; rm -rf "$out"' EXIT
sleep 3
node_flags=()
[ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ] && node_flags+=(--experimental-websocket)
# The test goes on to play; only its first lines are wanted.
CDP_PORT=$cdp_port node "${node_flags[@]}" web/browser-test.mjs \
  "http://127.0.0.1:$web_port/?game=hawalis&north=computer&level=expert" "$out/web.png" 120 \
  >"$out/log" 2>&1 &
test_pid=$!
for _ in $(seq 1 1200); do
  grep -q "board drawn\|FAIL" "$out/log" && break
  sleep 0.1
done
kill $test_pid 2>/dev/null || true
grep -E "look painted|board drawn|FAIL" "$out/log" || echo "no board within two minutes"
