# Headless Chromium for the browser checks, sourced by web/test.sh and
# scripts/first-board.sh (one launcher for both).
#
#   source web/browser.sh
#   find_browser                      # sets $browser (Debian's headless shell first)
#   start_browser DIR PORT            # DevTools on 127.0.0.1:PORT, profile in DIR;
#                                     # sets $browser_pid and waits until it answers
#   stop_browser DIR                  # ends the browser and every helper it started
#   free_port                         # prints a free TCP port on 127.0.0.1
#   $node_flags                       # what Node needs for its WebSocket client

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

find_browser() {
  browser=$(command -v chromium-headless-shell || true)
  [ -n "$browser" ] || { [ -x /usr/lib/chromium/headless_shell ] && browser=/usr/lib/chromium/headless_shell; }
  [ -n "$browser" ] || browser=$(command -v chromium || true)
  [ -n "$browser" ] || { echo "no Chromium: run scripts/setup-debian.sh" >&2; return 1; }
}

start_browser() {
  local dir=$1 port=$2
  rm -rf "$dir/profile"
  # In a session of its own, so that the browser and every helper process it starts
  # (the GPU process outlives its parent otherwise) can be ended together. SwiftShader
  # is the software WebGL2 of a machine without a graphics card.
  setsid "$browser" --headless --no-sandbox --disable-dev-shm-usage --disable-gpu-sandbox \
    --use-angle=swiftshader --enable-unsafe-swiftshader --window-size=1280,720 \
    --remote-debugging-port="$port" --user-data-dir="$dir/profile" about:blank \
    >"$dir/chromium.log" 2>&1 &
  browser_pid=$!
  python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/json/version", timeout=1)
        break
    except OSError:
        time.sleep(0.2)
PY
}

stop_browser() {
  kill -- -"${browser_pid:-0}" 2>/dev/null || true
  pkill -f -- "--user-data-dir=$1/profile" 2>/dev/null || true
}

node_flags=()
if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  node_flags+=(--experimental-websocket)
fi
