#!/usr/bin/env python3
"""Draws the browser build's app icons (web/icons/): a mancala board of two rows of four
pits, seeds in some, as the desktop icon shows it, at the sizes browsers ask a web app
for (192 and 512 pixels), and a "maskable" one whose board stands inside the middle 80%
on a full background (phones cut such icons to their own shape).

usage: python3 scripts/web-icons.py   (needs Pillow)
"""
from pathlib import Path
from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"
BACKGROUND = (42, 28, 18, 255)       # the page's own colour, #2a1c12
WOOD = (139, 90, 52, 255)
WOOD_EDGE = (98, 60, 33, 255)
PIT = (74, 44, 24, 255)
SEED = (238, 226, 200, 255)
# Seeds in each pit, top row then bottom row (as on the desktop icon), and where n seeds
# lie in a pit (fractions of its radius): heaped, never in a line.
SEEDS = [[2, 3, 1, 4], [5, 0, 2, 3]]
SPOTS = {
    0: [],
    1: [(0.05, 0.1)],
    2: [(-0.2, 0.25), (0.25, -0.1)],
    3: [(-0.3, 0.25), (0.3, 0.25), (0.0, -0.2)],
    4: [(-0.3, 0.3), (0.3, 0.3), (-0.25, -0.2), (0.3, -0.25)],
    5: [(-0.35, 0.3), (0.3, 0.35), (0.0, -0.05), (-0.3, -0.35), (0.35, -0.3)],
}


def board(size: int, inset: float, background) -> Image.Image:
    """The board drawn within `inset` of each edge (a fraction of the size)."""
    scale = 4  # drawn large, then reduced: smooth edges
    s = size * scale
    img = Image.new("RGBA", (s, s), background)
    d = ImageDraw.Draw(img)
    left, right = s * inset, s * (1 - inset)
    width = right - left
    height = width * 0.64
    top = (s - height) / 2
    radius = width * 0.12
    d.rounded_rectangle((left, top + s * 0.012, right, top + height + s * 0.012), radius,
                        fill=WOOD_EDGE)
    d.rounded_rectangle((left, top, right, top + height), radius, fill=WOOD)
    # The line between the two players' rows.
    mid = top + height / 2
    d.line((left + width * 0.07, mid, right - width * 0.07, mid), fill=WOOD_EDGE,
           width=max(1, int(s * 0.006)))
    pit_r = width * 0.085
    for row, counts in enumerate(SEEDS):
        cy = top + height * (0.27 if row == 0 else 0.73)
        for col, n in enumerate(counts):
            cx = left + width * (0.14 + col * 0.24)
            d.ellipse((cx - pit_r, cy - pit_r, cx + pit_r, cy + pit_r), fill=PIT)
            seed_r = pit_r * 0.22
            for dx, dy in SPOTS[n]:
                x, y = cx + dx * pit_r, cy + dy * pit_r
                d.ellipse((x - seed_r, y - seed_r * 0.8, x + seed_r, y + seed_r * 0.8),
                          fill=SEED)
    return img.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    clear = (0, 0, 0, 0)
    for size in (192, 512):
        board(size, 0.06, clear).save(OUT / f"icon-{size}.png", optimize=True)
    # Maskable: the board inside the middle 80% (its safe zone) on a full background.
    board(512, 0.16, BACKGROUND).save(OUT / "icon-maskable-512.png", optimize=True)
    board(180, 0.1, BACKGROUND).save(OUT / "apple-touch-icon.png", optimize=True)


if __name__ == "__main__":
    main()
