#!/usr/bin/env bash
# Makes the downloads of a release in dist/ (docs/install.md):
#   mancala-hall-VERSION-linux-x86_64.tar.gz   the game and its tools, to unpack and run
#   mancala-hall_VERSION_amd64.deb             the same for Debian and Ubuntu, with the
#                                              desktop entry, the game server's systemd
#                                              service and the kiosk's autostart
#   mancala-hall-VERSION-web.zip               the browser build (web/index.html and
#                                              web/pkg), for any static web server
#   mancala-hall-VERSION-windows-x86_64.zip    the game for Windows 10 and 11,
#                                              cross-compiled with mingw-w64
#   mancala-hall-server-VERSION-image.tar      the game server's container image (OCI
#                                              archive: `podman load -i`, `docker load -i`;
#                                              packaging/container/Containerfile)
#   SHA256SUMS                                 the checksum of each
# The binary is the game with the online server (`--features server`), built with the
# `dist` profile (Cargo.toml: stripped, thin LTO).
#
# usage: bash scripts/package.sh [VERSION]   (Cargo.toml's version, which it must be;
#                                             needs scripts/setup-debian.sh)
#        PROFILE=dev bash scripts/package.sh   (the development build: quick, for the
#                                               packaging test, scripts/test-package.sh)
#        WINDOWS=0 bash scripts/package.sh     (leaves the Windows zip out: no cross build)
# The web zip holds web/pkg as last built: for a release, `bash web/build.sh --release
# --opt` first (without web/pkg the release is refused; PROFILE=dev leaves the zip out).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v podman >/dev/null || {
  echo "package.sh: podman makes the server's image: run scripts/setup-debian.sh first" >&2
  exit 2
}
# The version is Cargo.toml's (the binary's `--version`); one given must be the same.
cargo_version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
version=${1:-$cargo_version}
if [ "$version" != "$cargo_version" ]; then
  echo "package.sh: Cargo.toml says version $cargo_version, not $version: change it there first" >&2
  exit 2
fi
profile=${PROFILE:-dist}
web_built=0
[ -f web/pkg/build-id.js ] && [ -f web/pkg/mancala_hall.js ] && web_built=1
if [ "$web_built" = 0 ] && [ "$profile" != dev ]; then
  echo "package.sh: no browser build in web/pkg: run bash web/build.sh --release --opt first" >&2
  exit 2
fi
cargo build --profile "$profile" --features server >&2
dir=$profile
[ "$profile" = dev ] && dir=debug
out=dist
mkdir -p "$out"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# A copy: the server's build below (without the game) writes the same path.
bin=$stage/mancala-hall
cp "${CARGO_TARGET_DIR:-target}/$dir/mancala-hall" "$bin"
linux=packaging/linux

# The archive: everything in one folder.
name=mancala-hall-$version-linux-x86_64
mkdir -p "$stage/$name"
cp "$bin" "$stage/$name/mancala-hall"
cp "$linux/mancala-hall-kiosk" "$linux/mancala-hall.desktop" "$linux/mancala-hall-server.service" "$stage/$name/"
cp README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE docs/kiosk.example.json docs/kiosk-table.example.json "$stage/$name/"
cp assets/icons/mancala-hall-256.png "$stage/$name/mancala-hall.png"
tar -C "$stage" -czf "$out/$name.tar.gz" --owner=0 --group=0 "$name"

# The Debian package.
root=$stage/deb
install -D -m 755 "$bin" "$root/usr/bin/mancala-hall"
install -D -m 755 "$linux/mancala-hall-kiosk" "$root/usr/bin/mancala-hall-kiosk"
install -D -m 644 "$linux/mancala-hall.desktop" "$root/usr/share/applications/mancala-hall.desktop"
install -D -m 644 assets/icons/mancala-hall-256.png "$root/usr/share/icons/hicolor/256x256/apps/mancala-hall.png"
install -D -m 644 assets/icons/mancala-hall-64.png "$root/usr/share/icons/hicolor/64x64/apps/mancala-hall.png"
install -D -m 644 "$linux/mancala-hall-server.service" "$root/usr/lib/systemd/system/mancala-hall-server.service"
install -D -m 644 "$linux/mancala-hall-kiosk.desktop" "$root/usr/share/mancala-hall/kiosk/mancala-hall-kiosk.desktop"
doc=$root/usr/share/doc/mancala-hall
for f in README.md CHANGELOG.md docs/kiosk.md docs/online.md docs/kiosk.example.json docs/kiosk-table.example.json; do
  install -D -m 644 "$f" "$doc/$(basename "$f")"
done
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: mancala-hall"
  echo
  echo "Files: *"
  echo "Copyright: 2026 The Mancala Hall developers"
  echo "License: MIT or Apache-2.0"
  echo
  echo "License: MIT"
  sed 's/^/ /; s/^ $/ ./' LICENSE-MIT
  echo
  echo "License: Apache-2.0"
  echo " On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0."
} >"$doc/copyright"
size=$(du -k -s "$root" | cut -f1)
# The C library it was linked against, at least (the newest symbol version it uses).
glibc=$(objdump -T "$bin" | grep -o 'GLIBC_[0-9.]*' | sort -V | tail -1 | cut -d_ -f2)
mkdir -p "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<EOF
Package: mancala-hall
Version: $version
Architecture: amd64
Maintainer: The Mancala Hall developers <mancala-hall@localhost>
Installed-Size: $size
Depends: libc6 (>= $glibc), libgcc-s1, libasound2t64 | libasound2, libudev1, libx11-6, libxcursor1, libxrandr2, libxi6, libxkbcommon-x11-0, libvulkan1, mesa-vulkan-drivers | vulkan-icd
Recommends: x11-xserver-utils
Section: games
Priority: optional
Description: five traditional mancala games of East and Southern Africa, in 3D
 Omweso (Uganda), Anywoli (Ethiopia and South Sudan), Nsolo (Malawi and
 Zambia), Hawalis (Oman and Zanzibar) and Bao Kigogo (Tanzania), played
 against the computer or another person, on one screen or online, with
 lessons, the rules and each game's story. Includes an unattended museum
 kiosk mode (mancala-hall-kiosk) and the online game server
 (mancala-hall serve, systemd service mancala-hall-server).
EOF
deb=$out/mancala-hall_${version}_amd64.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2

# Windows: the same game cross-compiled with mingw-w64 (the target x86_64-pc-windows-gnu,
# scripts/setup-debian.sh), one .exe needing only Windows' own libraries.
# WINDOWS_TARGET_DIR: its build folder, if not CARGO_TARGET_DIR's.
windows=x86_64-pc-windows-gnu
windows_dir=${WINDOWS_TARGET_DIR:-${CARGO_TARGET_DIR:-target}}
win=mancala-hall-$version-windows-x86_64
if [ "${WINDOWS:-1}" != 0 ]; then
  cargo build --profile "$profile" --features server --target "$windows" --target-dir "$windows_dir" >&2
  mkdir -p "$stage/$win"
  cp "$windows_dir/$windows/$dir/mancala-hall.exe" "$stage/$win/"
  cp README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE docs/kiosk.example.json docs/kiosk-table.example.json "$stage/$win/"
  rm -f "$out/$win.zip"
  (cd "$stage" && python3 -m zipfile -c "$OLDPWD/$out/$win.zip" "$win")
fi

# The game server's container image: the server without the game (no Bevy), the C
# libraries it links (as `ldd` finds them here), a user of its own, FROM scratch.
cargo build --profile "$profile" --no-default-features --features server,postgres >&2
ctx=$stage/image
mkdir -p "$ctx/rootfs/usr/bin" "$ctx/rootfs/etc" "$ctx/rootfs/tmp" "$ctx/data"
chmod 1777 "$ctx/rootfs/tmp"
server=$ctx/rootfs/usr/bin/mancala-hall
cp "${CARGO_TARGET_DIR:-target}/$dir/mancala-hall" "$server"
[ "$profile" = dev ] || strip "$server"
for lib in $(ldd "$server" | grep -o '/[^ ]*'); do
  mkdir -p "$ctx/rootfs$(dirname "$lib")"
  cp -L "$lib" "$ctx/rootfs$lib"
done
echo "mancala:x:10001:10001:Mancala Hall server:/var/lib/mancala-hall:/nonexistent" >"$ctx/rootfs/etc/passwd"
echo "mancala:x:10001:" >"$ctx/rootfs/etc/group"
cp packaging/container/Containerfile "$ctx/"
image=localhost/mancala-hall-server:$version
podman build --quiet --label "org.opencontainers.image.version=$version" \
  --label "org.opencontainers.image.title=Mancala Hall game server" \
  --label "org.opencontainers.image.licenses=MIT OR Apache-2.0" \
  -t "$image" -f "$ctx/Containerfile" "$ctx" >&2
image_tar=mancala-hall-server-$version-image.tar
rm -f "$out/$image_tar"
podman save --quiet --format oci-archive -o "$out/$image_tar" "$image"

# The browser build: the page and what it loads, at the zip's top.
made=("$name.tar.gz" "$(basename "$deb")" "$image_tar")
[ "${WINDOWS:-1}" = 0 ] || made+=("$win.zip")
if [ "$web_built" = 1 ]; then
  web=mancala-hall-$version-web
  mkdir -p "$stage/$web/pkg"
  cp web/index.html web/sw.js web/manifest.webmanifest web/kiosk.webmanifest "$stage/$web/"
  cp -r web/icons "$stage/$web/"
  # The program (under its hashed name), with its compressed copies for `serve --web`.
  cp web/pkg/mancala_hall.js* web/pkg/mancala_hall_bg.*.wasm* web/pkg/build-id.js "$stage/$web/pkg/"
  cp -r web/pkg/assets "$stage/$web/pkg/"
  rm -f "$out/$web.zip"
  (cd "$stage" && python3 -m zipfile -c "$OLDPWD/$out/$web.zip" "$web")
  made+=("$web.zip")
fi

# Checksums of every download.
(cd "$out" && sha256sum "${made[@]}" >SHA256SUMS)
ls -l "$out" >&2
for f in "${made[@]}"; do echo "$out/$f"; done
