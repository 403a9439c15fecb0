#!/usr/bin/env bash
# All the tests: the README's test command and CI (.ci/run) both run this file.
# Any failing step fails the whole run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The rules, the AI and the online server on both its stores (SQLite, and PostgreSQL
# in throw-away clusters the tests start), without Bevy (seconds to build).
cargo test --no-default-features --features server,postgres
# The translations: every language complete, its Fluent files without errors.
bash scripts/i18n-check.sh
# The front end with Bevy: the library's unit tests and tests/game (headless apps,
# the real window under Xvfb, the online client; the rules' own test files have run
# above).
cargo test --lib --test game --features server
# The browser build in headless Chromium (web/test.sh installs wasm-bindgen-cli, the
# wasm32 target and Chromium when they are missing).
bash web/test.sh
# The downloads (scripts/package.sh with the development build and the browser build
# just made): the .deb, its service, the Linux archive, its kiosk script, the web zip.
bash scripts/test-package.sh
