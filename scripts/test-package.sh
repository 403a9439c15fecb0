#!/usr/bin/env bash
# The downloads, tried as a player, a museum and an operator get them (issue 65):
# scripts/package.sh with the development build (quick; the release uses the `dist`
# profile, same files), then
#   - the .deb unpacked into a throw-away root (dpkg-deb -x): its binary answers
#     --version and plays a whole game through `engine`, and its systemd service
#     passes `systemd-analyze verify`;
#   - the Linux archive unpacked in another folder, with another HOME and working
#     folder, starts the game under Xvfb and draws the board; its kiosk script starts
#     the kiosk and starts it again when it is killed;
#   - the Windows zip: only Windows' own DLLs imported; under Wine the .exe answers
#     --version, plays a whole game through `engine`, and draws the board in a window;
#   - the server's container image, loaded and run with podman, answers a protocol-2
#     hello and serves /metrics;
#   - the web zip (made from web/pkg, which web/test.sh has just built) holds the page
#     and its wasm, and is served as it unpacks.
# Run by scripts/test.sh (the README's test command) after the browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
cleanup() {
  pkill -f "$work/" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "test-package: FAILED: $*" >&2
  exit 1
}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
mapfile -t made < <(WINDOWS=1 PROFILE=${PROFILE:-dev} bash scripts/package.sh)
archive=${made[0]}
deb=${made[1]}
image_tar=${made[2]}
winzip=${made[3]}
webzip=${made[4]:-}
[ -f dist/SHA256SUMS ] || fail "no SHA256SUMS"
(cd dist && sha256sum --check --quiet SHA256SUMS) || fail "a checksum does not match"

# The Debian package: its fields, then its files in a throw-away root.
dpkg-deb --field "$deb" Package Version Architecture Depends >"$work/fields"
grep -q "^Version: $version$" "$work/fields" || fail "the .deb's version: $(cat "$work/fields")"
grep -q "^Depends: .*libvulkan1" "$work/fields" || fail "the .deb declares no dependencies"
root=$work/root
dpkg-deb -x "$deb" "$root"
for f in usr/bin/mancala-hall usr/bin/mancala-hall-kiosk usr/share/applications/mancala-hall.desktop \
  usr/share/icons/hicolor/256x256/apps/mancala-hall.png usr/lib/systemd/system/mancala-hall-server.service \
  usr/share/mancala-hall/kiosk/mancala-hall-kiosk.desktop usr/share/doc/mancala-hall/copyright \
  usr/share/doc/mancala-hall/kiosk-table.example.json; do
  [ -e "$root/$f" ] || fail "the .deb lacks /$f"
done
got=$("$root/usr/bin/mancala-hall" --version)
[ "$got" = "mancala-hall $version" ] || fail "--version says '$got'"
# A whole game of Hawalis through the engine (the command given), the computer at
# Beginner on both sides.
cat >"$work/engine-game.py" <<'PY'
import json, subprocess, sys
engine = subprocess.Popen(sys.argv[1:] + ["engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def ask(cmd):
    engine.stdin.write(json.dumps(cmd) + "\n")
    engine.stdin.flush()
    answer = json.loads(engine.stdout.readline())
    assert "error" not in answer, answer
    return answer
ask({"cmd": "new", "game": "hawalis"})
for seed in range(1, 2001):
    position = ask({"cmd": "position"})["position"]
    if "over" in json.dumps(position["pending"]):
        print(f"engine: a game of {seed - 1} decisions, over: {position['pending']}")
        sys.exit(0)
    choice = ask({"cmd": "ai", "level": "beginner", "seed": seed})
    ask({"cmd": "play", "decision": choice["decision"]})
sys.exit("the game did not end")
PY
python3 "$work/engine-game.py" "$root/usr/bin/mancala-hall" || fail "the engine did not play a game to its end"
# The service as the package installs it, its program the one unpacked (systemd
# checks that it is there and executable); any warning about the unit fails too.
if command -v systemd-analyze >/dev/null; then
  unit=$work/mancala-hall-server.service
  sed "s|ExecStart=/usr/bin/mancala-hall |ExecStart=$root/usr/bin/mancala-hall |" \
    "$root/usr/lib/systemd/system/mancala-hall-server.service" >"$unit"
  grep -q "ExecStart=$root/" "$unit" || fail "the service's ExecStart is not /usr/bin/mancala-hall"
  said=$(systemd-analyze verify "$unit" 2>&1) || fail "systemd-analyze verify refuses the service: $said"
  if grep -q "mancala-hall-server" <<<"$said"; then
    fail "systemd-analyze verify warns about the service: $said"
  fi
elif [ -n "${CI:-}" ]; then
  fail "systemd-analyze is not installed (scripts/setup-debian.sh installs it)"
fi

# The archive, unpacked elsewhere and run with another HOME, from another folder.
mkdir -p "$work/unpacked" "$work/home" "$work/elsewhere"
tar -C "$work/unpacked" -xzf "$archive"
dir=$work/unpacked/$(basename "$archive" .tar.gz)
[ -x "$dir/mancala-hall" ] || fail "the archive has no mancala-hall"
for f in README.md LICENSE-MIT LICENSE-APACHE CHANGELOG.md kiosk.example.json kiosk-table.example.json mancala-hall.desktop mancala-hall.png mancala-hall-kiosk; do
  [ -e "$dir/$f" ] || fail "the archive lacks $f"
done
(
  cd "$work/elsewhere"
  HOME=$work/home XDG_DATA_HOME= MANCALA_HALL_DATA= WGPU_BACKEND=vulkan \
    xvfb-run -a -s "-screen 0 1280x720x24" "$dir/mancala-hall" --game hawalis \
    --screenshot "$work/shot.png" >"$work/game.log" 2>&1
) || fail "the unpacked game did not run: $(tail -5 "$work/game.log")"
grep -q "MANCALA_BOARD_DRAWN game=hawalis" "$work/game.log" || fail "no board drawn: $(tail -5 "$work/game.log")"
[ -s "$work/shot.png" ] || fail "no screenshot"
# The kiosk script: the kiosk starts; killed, it starts again.
(
  cd "$work/elsewhere"
  HOME=$work/home WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    "$dir/mancala-hall-kiosk" >"$work/kiosk.log" 2>&1 &
)
started() { grep -c "MANCALA_SCREEN menu" "$work/kiosk.log" 2>/dev/null || true; }
for _ in $(seq 1 1200); do [ "$(started)" -ge 1 ] && break; sleep 0.2; done
[ "$(started)" -ge 1 ] || fail "the kiosk did not start: $(tail -5 "$work/kiosk.log")"
pkill -f "$dir/mancala-hall --kiosk" || fail "no kiosk process to end"
for _ in $(seq 1 1200); do [ "$(started)" -ge 2 ] && break; sleep 0.2; done
[ "$(started)" -ge 2 ] || fail "the kiosk was not started again: $(tail -5 "$work/kiosk.log")"
# The Windows zip: its files, only Windows' own libraries imported (no mingw runtime
# DLL to ship), then under Wine: --version and a whole game through the engine. Wine
# 8 (Debian 12) lacks bcryptprimitives.dll, which Windows 10 has and Rust's standard
# library imports: a stand-in (scripts/wine/) goes into the throw-away Wine folder.
mkdir -p "$work/windows"
python3 -m zipfile -e "$winzip" "$work/windows"
wdir=$work/windows/$(basename "$winzip" .zip)
for f in mancala-hall.exe README.md LICENSE-MIT LICENSE-APACHE CHANGELOG.md kiosk.example.json kiosk-table.example.json; do
  [ -e "$wdir/$f" ] || fail "the Windows zip lacks $f"
done
dlls=$(objdump -p "$wdir/mancala-hall.exe" | sed -n 's/^\s*DLL Name: //p' | tr 'A-Z' 'a-z' | sort -u)
if grep -Eq '^(libgcc|libwinpthread|libstdc)' <<<"$dlls"; then
  fail "the .exe needs mingw's runtime DLLs: $dlls"
fi
if command -v wine >/dev/null; then
  export WINEPREFIX=$work/wine WINEDEBUG=-all
  wine wineboot --init >/dev/null 2>&1 || true
  if [ ! -e "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ]; then
    x86_64-w64-mingw32-gcc -shared -O2 -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
      scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32
  fi
  got=$(wine "$wdir/mancala-hall.exe" --version 2>/dev/null | tr -d '\r')
  [ "$got" = "mancala-hall $version" ] || fail "the .exe under Wine says '$got' to --version"
  python3 "$work/engine-game.py" wine "$wdir/mancala-hall.exe" ||
    fail "the .exe under Wine did not play a game through the engine"
  # The game's window: in a Wine desktop of its own (a bare Wine window asserts in
  # winit under Xvfb) the .exe draws Hawalis with Vulkan (Mesa's lavapipe through
  # Wine's winevulkan), saves a screenshot of it and ends.
  shot=$work/windows-board.png
  WGPU_BACKEND=vulkan timeout 600 xvfb-run -a -s "-screen 0 1280x720x24" \
    wine explorer /desktop=mancala-hall,1280x720 "$wdir/mancala-hall.exe" --game hawalis \
    --data "Z:$(tr / '\\' <<<"$work/windows-data")" --screenshot "Z:$(tr / '\\' <<<"$shot")" \
    >"$work/windows-window.log" 2>&1 || true
  grep -q "MANCALA_BOARD_DRAWN game=hawalis" "$work/windows-window.log" ||
    fail "the .exe under Wine drew no board: $(tail -5 "$work/windows-window.log")"
  # A board is hundreds of kilobytes of PNG; an empty or one-colour window a few.
  [ -f "$shot" ] && [ "$(stat -c %s "$shot")" -gt 200000 ] ||
    fail "the .exe under Wine saved no picture of its board ($shot)"
  wineserver -k 2>/dev/null || true
  unset WINEPREFIX WINEDEBUG
elif [ -n "${CI:-}" ]; then
  fail "wine is not installed (scripts/setup-debian.sh installs it)"
fi

# The server's image: loaded and run with podman as an operator runs it (on the
# host's network, its two ports moved to free ones on the loopback). It must answer a
# protocol-2 hello on its WebSocket port and serve /metrics. Where this sandbox keeps
# crun from running a container, podman runs it through scripts/sandbox/crun, which
# leaves out the container's resource limits and cgroups and nothing else.
loaded=$(podman load --quiet -i "$image_tar") || fail "podman load refuses the image"
image=localhost/mancala-hall-server:$version
podman image inspect --format '{{json .Config}}' "$image" >"$work/image.json" ||
  fail "no image $image after loading: $loaded"
podman_run=(podman run --rm --cgroups=disabled --network=host)
if ! "${podman_run[@]}" --entrypoint /usr/bin/mancala-hall "$image" --version >"$work/podman-probe" 2>&1; then
  cat >"$work/containers.conf" <<CONF
[engine.runtimes]
crun = ["$PWD/scripts/sandbox/crun"]
CONF
  export CONTAINERS_CONF=$work/containers.conf
  "${podman_run[@]}" --entrypoint /usr/bin/mancala-hall "$image" --version >"$work/podman-probe" 2>&1 ||
    fail "podman runs no container here, not even through scripts/sandbox/crun: $(cat "$work/podman-probe")"
fi
[ "$(cat "$work/podman-probe")" = "mancala-hall $version" ] ||
  fail "the image's program says '$(cat "$work/podman-probe")' to --version"
container=mh-package-test-$$
python3 - "$work/image.json" "$container" "$image" "${podman_run[@]}" <<'PY' || fail "the server's image does not serve"
import base64, json, os, socket, subprocess, sys, time, urllib.request
config = json.load(open(sys.argv[1]))
container, image, podman_run = sys.argv[2], sys.argv[3], sys.argv[4:]
assert config["User"] == "10001:10001", config["User"]
assert set(config["ExposedPorts"]) == {"8787/tcp", "9187/tcp"}, config["ExposedPorts"]
assert "/var/lib/mancala-hall" in config["Volumes"], config["Volumes"]
assert config["Entrypoint"] == ["/usr/bin/mancala-hall", "serve"], config["Entrypoint"]
def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port
ws_port, metrics_port = free_port(), free_port()
# The image's own arguments, with its addresses on this machine's loopback.
args = [a.replace("0.0.0.0:8787", f"127.0.0.1:{ws_port}").replace("0.0.0.0:9187", f"127.0.0.1:{metrics_port}") for a in config["Cmd"]]
server = subprocess.Popen(podman_run + ["--name", container, image] + args)
try:
    # The image holds no shell.
    shell = subprocess.run(podman_run + ["--entrypoint", "/bin/sh", image, "-c", "true"],
                           capture_output=True, text=True)
    assert shell.returncode == 127 and "/bin/sh` not found" in shell.stderr, ("a shell?", shell)
    for _ in range(300):
        try:
            sock = socket.create_connection(("127.0.0.1", ws_port), timeout=5); break
        except OSError:
            assert server.poll() is None, "the container ended"
            time.sleep(0.1)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    hello = json.dumps({"type": "hello", "version": 2}).encode()
    mask = os.urandom(4)
    sock.sendall(bytes([0x81, 0x80 | len(hello)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
    head = sock.recv(2)
    size = head[1] & 0x7F
    if size == 126:
        size = int.from_bytes(sock.recv(2), "big")
    body = b""
    while len(body) < size:
        body += sock.recv(size - len(body))
    welcome = json.loads(body)
    assert welcome["type"] == "welcome" and welcome["version"] == 2, welcome
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics").read().decode()
    assert "# EOF" in metrics and "mancala" in metrics, metrics[:300]
    print(f"image: podman run answered hello with {welcome} and served /metrics")
finally:
    subprocess.run(["podman", "stop", "--time", "5", container], capture_output=True)
    server.wait(timeout=60)
PY
unset CONTAINERS_CONF

# The web zip, unpacked and served: the page, the wasm it loads, the files it may fetch
# and what keeps it offline, whole.
if [ -n "$webzip" ]; then
  mkdir -p "$work/site"
  python3 -m zipfile -e "$webzip" "$work/site"
  site=$work/site/$(basename "$webzip" .zip)
  python3 - "$site" <<'PY' || fail "the web zip's site does not serve its page and wasm"
import functools, http.server, os, sys, threading, urllib.request
site = sys.argv[1]
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
handler = functools.partial(Quiet, directory=site)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}/"
page = urllib.request.urlopen(base).read().decode()
assert "pkg/build-id.js" in page and "./pkg/mancala_hall.js" in page, "index.html"
# The program under its hashed name, which pkg/build-id.js gives the page, with its
# compressed copy for `serve --web`.
import re
build_id = urllib.request.urlopen(base + "pkg/build-id.js").read().decode()
wasm = "pkg/" + re.search(r"self\.WASM_FILE = '(mancala_hall_bg\.[0-9a-f]{16}\.wasm)'", build_id).group(1)
assert os.path.getsize(os.path.join(site, wasm + ".gz")) > 0, "the program's gzip copy"
# ...and every file the page fetches when it needs it, as build-id.js lists them for the
# service worker: the Arabic typeface with its licence, the puzzle sets, the languages'
# texts; and what keeps the game for playing offline: the service worker, the build's
# name it imports, the manifest and its icons.
import json
fetched = re.findall(r"'([^']+)'", re.search(r"self\.FETCHED_FILES = \[(.*)\];", build_id).group(1))
for f in ("pkg/assets/fonts/NotoSansArabic-Regular-MancalaHall.ttf", "pkg/assets/fonts/OFL.txt",
          "pkg/assets/puzzles/hawalis.jsonl", "pkg/assets/i18n/fr/ui.ftl", "pkg/assets/i18n/ar/tutorial.ftl"):
    assert f in fetched, f"build-id.js does not list {f}"
manifest = json.loads(urllib.request.urlopen(base + "manifest.webmanifest").read())
for f in (wasm, "pkg/mancala_hall.js", *fetched, "sw.js", "pkg/build-id.js", "kiosk.webmanifest",
          *(i["src"] for i in manifest["icons"])):
    body = urllib.request.urlopen(base + f).read()
    assert len(body) == os.path.getsize(os.path.join(site, f)) > 0, f
assert urllib.request.urlopen(base + wasm).read()[:4] == b"\0asm", "wasm magic"
server.shutdown()
PY
elif [ -n "${CI:-}" ]; then
  fail "no web zip: web/pkg was not built (scripts/test.sh runs web/test.sh first)"
fi
echo "test-package: the .deb, the service, the archive, the kiosk script, the Windows .exe, the server's image and the web zip work (${made[*]})"
