#!/usr/bin/env bash
# Serves web/ on http://127.0.0.1:PORT (default 8080); build it first with web/build.sh.
set -euo pipefail
cd "$(dirname "$0")"
[ -f pkg/build-id.js ] || { echo "web/pkg is missing: run bash web/build.sh first" >&2; exit 1; }
port=${1:-8080}
echo "Mancala Hall: http://127.0.0.1:$port/"
exec python3 -m http.server --bind 127.0.0.1 "$port"
