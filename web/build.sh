#!/usr/bin/env bash
# Builds the browser version of Mancala Hall into web/pkg, ready for any static
# server (web/index.html loads it). Installs what it lacks: the wasm32 target, and
# wasm-bindgen-cli at exactly the version in Cargo.lock.
#
# usage: bash web/build.sh [--release] [--opt]
#   (default)  profile wasm-dev: quick to compile, large (the browser test uses it)
#   --release  profile wasm-release: size-optimised (fat LTO, opt-level z; slow build)
#   --opt      also shrink with wasm-opt -Oz (npm package binaryen, through npx)
set -euo pipefail
cd "$(dirname "$0")/.."
profile=wasm-dev
opt=0
for a in "$@"; do
  case "$a" in
    --release) profile=wasm-release ;;
    --opt) opt=1 ;;
    *) echo "usage: bash web/build.sh [--release] [--opt]" >&2; exit 2 ;;
  esac
done

rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown

want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ] && [ "$(uname -sm)" = "Linux x86_64" ]; then
  # The project's prebuilt binary when GitHub answers (seconds); otherwise compiled.
  name="wasm-bindgen-$want-x86_64-unknown-linux-musl"
  tmp=$(mktemp -d)
  if curl -fsSL --connect-timeout 20 --max-time 180 -o "$tmp/w.tar.gz" \
      "https://github.com/wasm-bindgen/wasm-bindgen/releases/download/$want/$name.tar.gz" &&
    tar -xzf "$tmp/w.tar.gz" -C "$tmp" &&
    [ "$("$tmp/$name/wasm-bindgen" --version 2>/dev/null | awk '{print $2}')" = "$want" ]; then
    mkdir -p "${CARGO_HOME:-$HOME/.cargo}/bin"
    cp "$tmp/$name/wasm-bindgen" "${CARGO_HOME:-$HOME/.cargo}/bin/"
    echo "installed the prebuilt wasm-bindgen $want"
  fi
  rm -rf "$tmp"
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
fi
if [ "$have" != "$want" ]; then
  echo "installing wasm-bindgen-cli $want (found: ${have:-none}); this takes a while once"
  cargo install wasm-bindgen-cli --version "$want"
fi

target_dir=${CARGO_TARGET_DIR:-target}
mkdir -p "$target_dir"
target_dir=$(cd "$target_dir" && pwd)

# The browser build's changes to Bevy, web/patches/CRATE.patch: Bevy's type registry
# registers nothing, so that no type's reflection code is compiled in (1.2 MB of the
# gzipped download), and no compute shaders are made for mip generation, which WebGL2
# cannot run (0.2 s of the start; docs/performance.md). Each is applied to a copy of
# the crate that Cargo.lock names, kept in the build folder (made again only when its
# patch changes, or Bevy would rebuild every time), and given to Cargo for this build
# only; the desktop build and the tests use Bevy as it is. Cargo writes the patched
# copies into Cargo.lock while it builds, so the lock file is put back when this
# script ends.
patch_flags=()
for patch_file in web/patches/*.patch; do
  crate=$(basename "$patch_file" .patch)
  version=$(grep -A1 "^name = \"$crate\"\$" Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
  patched="$target_dir/patched/$crate-$version"
  if ! cmp -s "$patch_file" "$patched.patch" || [ ! -d "$patched" ]; then
    cargo fetch --locked -q
    source_dir=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate-$version" | head -1)
    rm -rf "$patched" "$patched.patch"
    mkdir -p "$target_dir/patched"
    cp -r "$source_dir" "$patched"
    patch -s -p1 -d "$patched" < "$patch_file" ||
      { echo "$patch_file does not apply to $crate $version" >&2; exit 1; }
    cp "$patch_file" "$patched.patch"
  fi
  patch_flags+=(--config "patch.crates-io.$crate.path=\"$patched\"")
done
lock_copy=$(mktemp)
cp Cargo.lock "$lock_copy"
trap 'cp "$lock_copy" Cargo.lock; rm -f "$lock_copy"' EXIT
cargo build --profile "$profile" --target wasm32-unknown-unknown "${patch_flags[@]}"
rm -rf web/pkg
wasm-bindgen --no-typescript --target web --out-dir web/pkg --out-name mancala_hall \
  "$target_dir/wasm32-unknown-unknown/$profile/mancala-hall.wasm"
# The files the page fetches when it needs them (Bevy's asset server reads pkg/assets/):
# the whole Arabic typeface, with its licence (game::ui::typefaces), and the puzzle sets
# (game::ui::puzzles::puzzle_book).
mkdir -p web/pkg/assets/fonts web/pkg/assets/puzzles
cp assets/fonts/NotoSansArabic-Regular-MancalaHall.ttf assets/fonts/OFL.txt web/pkg/assets/fonts/
cp assets/puzzles/*.jsonl web/pkg/assets/puzzles/

if [ "$opt" = 1 ]; then
  # Not its "memory-packing" pass: it splits the data at runs of zeros (the packed
  # tone-mapping table has many), which makes the raw file smaller but the gzipped one
  # 60 KB larger.
  npx --yes -p binaryen@123 wasm-opt -Oz --skip-pass=memory-packing --all-features \
    -o web/pkg/mancala_hall_bg.opt.wasm web/pkg/mancala_hall_bg.wasm
  mv web/pkg/mancala_hall_bg.opt.wasm web/pkg/mancala_hall_bg.wasm
fi

# The build's name for the service worker (web/sw.js): a new build, a new name, and the
# browser fetches it in the background and offers it.
build_id=$(cat web/pkg/mancala_hall.js web/pkg/mancala_hall_bg.wasm | sha256sum | cut -c1-16)
echo "self.BUILD_ID = '$build_id';" > web/pkg/build-id.js

wasm=web/pkg/mancala_hall_bg.wasm
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
awk -v p="$profile" -v r="$raw" -v g="$gz" \
  'BEGIN { printf "web build (%s): wasm %.1f MB, gzip -9 %.1f MB\n", p, r / 1048576, g / 1048576 }'
echo "$raw $gz" > web/pkg/SIZES
