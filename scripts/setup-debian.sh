#!/usr/bin/env bash
# Installs what Mancala Hall needs on Debian or Ubuntu: the system libraries Bevy
# builds against, and for the tests a virtual display with Mesa's software Vulkan,
# PostgreSQL (the tests start their own throw-away clusters; the system's own is
# left alone) and nginx (the test of the deployment in docs/online.md).
# Safe to run again: it installs only what is missing.
set -euo pipefail

packages=(
  build-essential  # a C compiler: Rust links with it, and the server compiles SQLite
  patch brotli curl  # web/build.sh applies web/patches/*.patch and compresses the published build; web/test.sh asks the server
  pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev  # building Bevy
  xvfb xauth xdotool mesa-vulkan-drivers libvulkan1 libgl1-mesa-dri libxkbcommon-x11-0 python3  # tests
  postgresql postgresql-client nginx-light  # the online server's shared store and its proxy, in tests
  systemd  # systemd-analyze checks the server's service file (scripts/test-package.sh)
  podman  # builds the server's container image (scripts/package.sh)
  gcc-mingw-w64-x86-64 wine64  # the Windows download, cross-compiled, tried under Wine
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    echo "Rust is installed in ~/.cargo/bin: add it to PATH (source ~/.cargo/env)"
  else
    echo "Installing Rust with rustup"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
  fi
  # shellcheck disable=SC1091
  source "$HOME/.cargo/env"
fi
# The Windows download is cross-compiled (scripts/package.sh).
if command -v rustup >/dev/null 2>&1 &&
  ! rustup target list --installed | grep -qx x86_64-pc-windows-gnu; then
  rustup target add x86_64-pc-windows-gnu
fi
rustc --version
