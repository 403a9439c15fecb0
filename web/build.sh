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
# the whole Arabic typeface, with its licence (game::ui::typefaces), the puzzle sets
# (game::ui::puzzles::puzzle_book) and every language's texts but English's, which is
# compiled in (game::ui::language_texts).
mkdir -p web/pkg/assets/fonts web/pkg/assets/puzzles web/pkg/assets/i18n
cp assets/fonts/NotoSansArabic-Regular-MancalaHall.ttf assets/fonts/OFL.txt web/pkg/assets/fonts/
cp assets/puzzles/*.jsonl web/pkg/assets/puzzles/
for language in assets/i18n/*/; do
  code=$(basename "$language")
  [ "$code" = en ] && continue
  mkdir -p "web/pkg/assets/i18n/$code"
  cp "$language"*.ftl "web/pkg/assets/i18n/$code/"
done
# Their list, for the service worker to keep them all (pkg/build-id.js, below).
mapfile -t fetched < <(cd web && find pkg/assets -type f | sort)

if [ "$opt" = 1 ]; then
  # Not its "memory-packing" pass: it splits the data at runs of zeros (the packed
  # tone-mapping table has many), which makes the raw file smaller but the gzipped one
  # 60 KB larger.
  npx --yes -p binaryen@123 wasm-opt -Oz --skip-pass=memory-packing --all-features \
    -o web/pkg/mancala_hall_bg.opt.wasm web/pkg/mancala_hall_bg.wasm
  mv web/pkg/mancala_hall_bg.opt.wasm web/pkg/mancala_hall_bg.wasm
fi

# The program under a name with its content's hash, which a server may keep a year
# (`serve --web` sends such names as immutable): a new build has a new name. The
# page and the service worker read it from pkg/build-id.js, which is checked each time.
wasm_file=mancala_hall_bg.$(sha256sum web/pkg/mancala_hall_bg.wasm | cut -c1-16).wasm
mv web/pkg/mancala_hall_bg.wasm "web/pkg/$wasm_file"
sed -i "s/'mancala_hall_bg\.wasm'/'$wasm_file'/" web/pkg/mancala_hall.js
grep -q "'$wasm_file'" web/pkg/mancala_hall.js ||
  { echo "web/pkg/mancala_hall.js does not name mancala_hall_bg.wasm as expected" >&2; exit 1; }
wasm="web/pkg/$wasm_file"
raw=$(stat -c %s "$wasm")

# The build's name for the service worker (web/sw.js): a new build, a new name, and the
# browser fetches it in the background and offers it (the name is the hash of every file
# the worker keeps; the worker itself the browser compares on its own). With it, the
# program's file and size (the page's progress bar: a compressed download's length is
# not the program's), and the files the page fetches when it needs them.
build_id=$(cd web && cat index.html ./*.webmanifest icons/* pkg/mancala_hall.js "pkg/$wasm_file" "${fetched[@]}" |
  sha256sum | cut -c1-16)
fetched_files=$(printf "'%s'," "${fetched[@]}")
printf "self.BUILD_ID = '%s';\nself.WASM_FILE = '%s';\nself.WASM_BYTES = %s;\nself.FETCHED_FILES = [%s];\n" \
  "$build_id" "$wasm_file" "$raw" "${fetched_files%,}" > web/pkg/build-id.js

# Compressed copies beside the files, which `serve --web` sends to a browser that takes
# them (Brotli first, then gzip); other servers ignore them. Brotli at its best takes
# minutes on the large development build, so only the published one (--release) gets it.
mapfile -t packed < <(find web/pkg -type f \( -name '*.wasm' -o -name 'mancala_hall.js' -o -name '*.jsonl' -o -name '*.ttf' -o -name '*.ftl' \))
gzip -9 -k -f "${packed[@]}"
gz=$(stat -c %s "$wasm.gz")
br=0
if [ "$profile" = wasm-release ]; then
  command -v brotli >/dev/null ||
    { echo "brotli is missing (scripts/setup-debian.sh installs it; Debian: apt-get install brotli)" >&2; exit 1; }
  brotli -q 11 -k -f "${packed[@]}"
  br=$(stat -c %s "$wasm.br")
fi
awk -v p="$profile" -v r="$raw" -v g="$gz" -v b="$br" \
  'BEGIN { printf "web build (%s): wasm %.1f MB, gzip -9 %.1f MB", p, r / 1048576, g / 1048576
           if (b > 0) printf ", Brotli %.1f MB", b / 1048576
           printf "\n" }'
echo "$raw $gz $br" > web/pkg/SIZES
