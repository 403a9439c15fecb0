#!/usr/bin/env bash
# The online server's load on its two stores, in one run (docs/performance.md):
# ROOMS rooms (default 1000) for SECONDS (default 20) with THINK_MS (default 1000)
# before each decision, first on one process with SQLite, then on PROCESSES (default
# 3) processes sharing one PostgreSQL, the two players of each room on two different
# processes. PostgreSQL is a throw-away cluster in a temporary folder, with its
# default settings (every commit flushed to disk; PG_OPTIONS="-c synchronous_commit=off"
# changes that), stopped at the end. Usage: scripts/bench-stores.sh [ROOMS [SECONDS
# [THINK_MS]]].
set -euo pipefail
cd "$(dirname "$0")/.."
rooms=${1:-1000} seconds=${2:-20} think=${3:-1000} processes=${PROCESSES:-3}

bin=""
for d in $(command -v initdb >/dev/null && dirname "$(command -v initdb)") $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { bin=$d; break; }
done
[ -n "$bin" ] || { echo "PostgreSQL is not installed: run scripts/setup-debian.sh"; exit 1; }
as_pg=()
[ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)
dir=$(mktemp -d /tmp/mh-bench-pg.XXXXXX)
[ "$(id -u)" -eq 0 ] && chown postgres "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
stop() { "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap stop EXIT
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 ${PG_OPTIONS:-}" start >/dev/null

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/mancala-hall/target}"
cargo build --release --quiet --no-default-features --features server,postgres
exe="$CARGO_TARGET_DIR/release/mancala-hall"
echo "== one process, SQLite"
"$exe" bench --online "$rooms" "$seconds" "$think"
echo "== $processes processes, one PostgreSQL"
"$exe" bench --online "$rooms" "$seconds" "$think" --postgres "postgres://postgres@127.0.0.1:$port/postgres" --processes "$processes"
