#!/usr/bin/env bash
# The translations' check (docs/i18n.md): for each language, Fluent syntax errors with
# file and line, keys missing or not in English, and messages whose variables differ
# from English's; exits non-zero on any. With a folder, checks its DIR/<code>/*.ftl
# (a translator's copy of assets/i18n/) instead of the languages compiled in.
# Quick: it builds the program without Bevy.
#   bash scripts/i18n-check.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet --no-default-features -- i18n-check "$@"
