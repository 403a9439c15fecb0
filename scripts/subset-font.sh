#!/usr/bin/env bash
# Makes the interface's typeface from Ubuntu Light: the Latin letters only (with their
# accents, and the letters of African orthographies the face has: ŋ, Ɓ, ƙ...), hinting
# kept, so text looks exactly as before, at a third of the download. The Ubuntu Font Licence asks
# that such a copy be named "<the original's name> derivative <the new work>".
# tests/game/fonts.rs checks it has every character the interface shows.
#
# Then the same for the Arabic face (below).
#
# usage: bash scripts/subset-font.sh     (needs fontTools: pip install fonttools)
set -euo pipefail
cd "$(dirname "$0")/../assets/fonts"
out=Ubuntu-Light-derivative-MancalaHall.ttf
pyftsubset Ubuntu-Light.ttf --output-file="$out" --hinting \
  --name-IDs='*' --name-languages='*' \
  --unicodes='U+0020-007E,U+00A0-017F,U+0181,U+018A,U+0198-0199,U+01DD,U+0218-021B,U+02BC,U+02C6-02DD,U+2010-2027,U+2030-203A,U+2044,U+20AC,U+2122,U+2190-2193,U+2212,U+FB01-FB02'
python3 - "$out" <<'PY'
import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
names = {
    1: "Ubuntu Light derivative Mancala Hall",
    3: "0.83;DAMA;Ubuntu-Light-derivative-MancalaHall",
    4: "Ubuntu Light derivative Mancala Hall",
    6: "Ubuntu-Light-derivative-MancalaHall",
    16: "Ubuntu derivative Mancala Hall",
}
for record in font["name"].names:
    if record.nameID in names:
        record.string = names[record.nameID]
font.save(sys.argv[1])
PY
ls -l "$out"

# The Arabic face (issue 61): Noto Sans Arabic (SIL Open Font Licence, fonts/OFL.txt),
# cut to the Arabic block and the joining and direction controls, with every
# OpenType feature kept: egui's shaper joins the letters (initial, medial, final
# forms, lam-alef) from the font's own tables.
arabic=NotoSansArabic-Regular-MancalaHall.ttf
pyftsubset NotoSansArabic-Regular.ttf --output-file="$arabic" --layout-features='*' \
  --name-IDs='*' --name-languages='*' --unicodes='U+0600-06FF,U+200C-200F,U+FD3E-FD3F'
ls -l "$arabic"

# The browser build compiles in only the letters of the language switch's "العربية"
# (with their joined forms) and fetches the whole Arabic face when Arabic is chosen
# (game::ui::typefaces), so that other visitors do not download it.
names=NotoSansArabic-Regular-MancalaHall-names.ttf
pyftsubset NotoSansArabic-Regular.ttf --output-file="$names" --layout-features='*' \
  --name-IDs='*' --name-languages='*' --text="العربية"
ls -l "$names"
