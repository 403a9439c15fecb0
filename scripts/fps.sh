#!/usr/bin/env bash
# Frame rate as a player feels it: every game standing still and while seeds move
# (computer against computer, random moves so that no thinking pauses the sowing), in
# low and high graphics, under Xvfb with Mesa's software Vulkan at 1280x720, each as
# frames per second by the wall clock (rendering included, `--frame-stats`), and as a
# ratio to Bevy's own 3d_scene drawn by the same binary with the same Bevy features
# (`--reference-scene`) in the same run. Prints a Markdown table (docs/performance.md).
#
# usage: bash scripts/fps.sh                 (needs scripts/setup-debian.sh first)
#        FRAMES=40 bash scripts/fps.sh       (frames measured per scene; default 20)
#        PROFILE=dev bash scripts/fps.sh     (the development build; the default is
#                                             the release build players run)
#        GAMES="hawalis omweso" bash scripts/fps.sh
#        GRAPHICS=low SCENES=moving bash scripts/fps.sh  (a part of the table)
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${FRAMES:-20}
profile=${PROFILE:-release}
games=${GAMES:-omweso anywoli nsolo hawalis bao_kigogo nsolo-36}
graphics_list=${GRAPHICS:-low high}
scenes=${SCENES:-idle moving}
cargo build --profile "$profile" --features server >&2
dir=$profile
[ "$profile" = dev ] && dir=debug
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
# A copy, so that a build meanwhile cannot change the program halfway through.
cp "${CARGO_TARGET_DIR:-target}/$dir/mancala-hall" "$data/mancala-hall"

# Frames per second of the program run with these arguments.
fps() {
  WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    "$data/mancala-hall" --data "$data" --window 1280x720 --frame-stats "$frames" "$@" \
    2>"$data/log" | sed -n 's/^MANCALA_FPS fps=\([0-9.]*\).*/\1/p' | tail -1 | grep . ||
    { echo "no figure for: $*" >&2; tail -5 "$data/log" >&2; echo 0; }
}

reference=$(fps --reference-scene)
echo "| scene | graphics | frames/s | ratio to Bevy's 3d_scene |"
echo "|---|---|---|---|"
echo "| Bevy's 3d_scene (reference) | | $reference | 1.00 |"
for spec in $games; do
  game=${spec%-36}
  board=()
  [ "$spec" = nsolo-36 ] && board=(--width 36)
  for graphics in $graphics_list; do
    for what in $scenes; do
      seats=()
      [ "$what" = moving ] && seats=(--south computer --north computer --level random)
      f=$(fps --game "$game" "${board[@]}" --graphics "$graphics" "${seats[@]}")
      ratio=$(python3 -c "print(f'{$f / $reference:.2f}')")
      name=$game
      [ "$spec" = nsolo-36 ] && name="nsolo 4x36"
      echo "| $name, $what | $graphics | $f | $ratio |"
    done
  done
done
