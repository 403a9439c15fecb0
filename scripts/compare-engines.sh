#!/usr/bin/env bash
# Measures this rules engine against the McGill COMP-424 Omweso engine and against the
# engine of an earlier commit (default: 6c6cc80, the base of the second rules core),
# in one run, on identical move sequences, in moves per second of thread CPU time.
#
#   scripts/compare-engines.sh [BASE_COMMIT]
#
# Everything is built outside the repository, under $WORK (default /tmp/mh-compare):
# - the peer: github.com/cryptokrok/mancala.omweso_AI_engine, cloned (or copied from
#   $PEER_SRC if set) and compiled with javac; its code is never committed here;
# - scripts/compare/McGillDriver.java (our own driver) against it;
# - scripts/compare/driver.rs, one small Rust program built twice: against the base
#   commit's engine (a `git archive` of it) and against this working tree;
# - scripts/compare/bare_laps.rs: the McGill sequences replayed with only the laps
#   (sowing, relays, captures), a ceiling for any engine that plays the rules;
# - `mancala-hall bench --sequences` writes the sequences (5,000 random games of the
#   McGill rule subset, random games of every game) and prints this engine's figures
#   with its buffer API.
# Needs java/javac and cargo (offline is fine once the crates are cached). With valgrind
# installed it also counts the instructions per move of both Rust engines (on the first
# 400 games of each set): on a shared machine, timings move by a third from run to run,
# instruction counts not at all.
set -euo pipefail
BASE=${1:-6c6cc80}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/tmp/mh-compare}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/mancala-hall/target-compare}
TARGET=$CARGO_TARGET_DIR
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
mkdir -p "$WORK"

# The peer, built outside the repository.
if [ ! -d "$WORK/peer/src/omweso" ]; then
    rm -rf "$WORK/peer"
    if [ -n "${PEER_SRC:-}" ]; then
        cp -r "$PEER_SRC" "$WORK/peer"
    else
        git clone --depth 1 https://github.com/cryptokrok/mancala.omweso_AI_engine "$WORK/peer"
    fi
fi
mkdir -p "$WORK/peer/classes"
javac -nowarn -d "$WORK/peer/classes" $(find "$WORK/peer/src/boardgame" "$WORK/peer/src/omweso" -name '*.java') 2>/dev/null
javac -cp "$WORK/peer/classes" -d "$WORK/peer/classes" "$ROOT/scripts/compare/McGillDriver.java"

# build PACKAGE MAIN_RS ENGINE_SRC: a small program (its one file MAIN_RS) built under
# $WORK against the engine at ENGINE_SRC, as $TARGET/release/PACKAGE.
build() {
    local dir="$WORK/$1"
    mkdir -p "$dir/src"
    cp "$2" "$dir/src/main.rs"
    cp "$3/Cargo.lock" "$dir/Cargo.lock"
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "$1"
version = "0.1.0"
edition = "2024"
[dependencies]
mancala-hall = { path = "$3", default-features = false }
serde_json = "1"
[workspace]
TOML
    (cd "$dir" && cargo build --release --quiet)
}

# The same Rust driver against the base commit and against this tree.
rm -rf "$WORK/base-src"
mkdir -p "$WORK/base-src"
git -C "$ROOT" archive "$BASE" | tar -x -C "$WORK/base-src"
build compare-driver-base "$ROOT/scripts/compare/driver.rs" "$WORK/base-src"
build compare-driver-new "$ROOT/scripts/compare/driver.rs" "$ROOT"
# A ceiling: the McGill sequences with nothing but the laps, against this tree.
build compare-bare-laps "$ROOT/scripts/compare/bare_laps.rs" "$ROOT"
(cd "$ROOT" && cargo build --release --quiet --no-default-features)

echo "== this engine (bench --sequences, buffer API): set, apply only, legal list + apply (moves/s)"
"$TARGET/release/mancala-hall" bench --sequences "$WORK/seq"
SETS=$(ls "$WORK"/seq/*.txt | grep -v java)
echo "== the same driver on the base commit $BASE and on this tree: set, apply only, legal list + apply"
"$TARGET/release/compare-driver-base" $SETS | sed 's/^/base\t/'
"$TARGET/release/compare-driver-new" $SETS | sed 's/^/new\t/'
echo "== the McGill COMP-424 engine (Java, warmed up), on the McGill sequences"
java -cp "$WORK/peer/classes" McGillDriver "$WORK/seq/mcgill-java.txt"
echo "== a ceiling: the McGill sequences with only the laps (no rule checks, keys or history)"
"$TARGET/release/compare-bare-laps" "$WORK/seq/mcgill.txt"

if command -v valgrind >/dev/null; then
    echo "== instructions per move (valgrind cachegrind, first 400 games of each set): engine, set, apply only, legal list + apply"
    count() { # BIN MODE FILE: instructions, and the moves in $WORK/moves
        valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$1" --once="$2" "$3" 2>&1 |
            awk -v m="$WORK/moves" '/I *refs/ { gsub(",", "", $4); print $4 } /^moves/ { print $2 > m }'
    }
    for set in $SETS; do
        small="$WORK/small-$(basename "$set")"
        head -400 "$set" > "$small"
        for side in base new; do
            bin="$TARGET/release/compare-driver-$side"
            parse=$(count "$bin" parse "$small")
            apply=$(count "$bin" apply "$small")
            listed=$(count "$bin" listed "$small")
            moves=$(cat "$WORK/moves")
            echo -e "$side\t$(basename "$set" .txt)\t$(( (apply - parse) / moves ))\t$(( (listed - parse) / moves ))"
        done
    done
fi
