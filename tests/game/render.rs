//! Render smoke test: the real game under a virtual display (Xvfb with Mesa's lavapipe
//! Vulkan) saves a screenshot of every game that shows a board (not blank, not one
//! colour), with texture detail rather than flat fills, and a board of its own (the
//! boards' mean colours differ), drawn by low graphics' own shader. Where no virtual display exists the test says why
//! and passes without checking the picture, except under CI (`CI` set), where that
//! is a failure.
#![cfg(feature = "game")]

use std::path::Path;
use std::process::Command;

fn have(cmd: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {cmd}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// What the test reads from a screenshot.
struct Picture {
    /// Distinct colours (sampled every 4th pixel) and the share of the commonest.
    colours: usize,
    top_share: f64,
    /// Mean colour of the board's region (the middle of the window).
    board_mean: [f64; 3],
    /// Share of neighbouring pixels in that region that differ by 3 to 40 levels:
    /// grain, weave and seeds score high; a flat fill under soft light scores near 0.
    grain: f64,
}

/// Reads a PNG's raw pixels (through Python's zlib, no image crate needed).
fn read_picture(path: &Path) -> Picture {
    let data = std::fs::read(path).expect("screenshot file");
    assert!(data.starts_with(b"\x89PNG"), "not a PNG");
    // Decode with the image crate Bevy already depends on? Keep it dependency-free:
    // use Python's zlib through a tiny script if present, else count compressed bytes.
    let script = r#"
import sys, zlib, struct, collections
d = open(sys.argv[1], 'rb').read()
w, h, depth, ctype = struct.unpack('>IIBB', d[16:26])
idat = b''; i = 8
while i < len(d):
    n = struct.unpack('>I', d[i:i+4])[0]; t = d[i+4:i+8]
    if t == b'IDAT': idat += d[i+8:i+8+n]
    i += 12 + n
raw = zlib.decompress(idat)
bpp = {2: 3, 6: 4}[ctype]
stride = w * bpp
prev = bytearray(stride); counts = collections.Counter(); p = 0
mean = [0, 0, 0]; n = 0; fine = 0; pairs = 0
for y in range(h):
    f = raw[p]; line = bytearray(raw[p+1:p+1+stride]); p += 1 + stride
    for x in range(stride):
        a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = line
    if y % 4 == 0:
        for x in range(0, w, 4):
            counts[bytes(line[x*bpp:x*bpp+3])] += 1
    if 0.35 * h <= y < 0.65 * h and y % 2 == 0:
        for x in range(int(0.3 * w), int(0.7 * w), 2):
            px = line[x*bpp:x*bpp+3]; nx = line[(x+1)*bpp:(x+1)*bpp+3]
            for c in range(3): mean[c] += px[c]
            n += 1
            d = sum(abs(px[c] - nx[c]) for c in range(3))
            pairs += 1
            if 3 <= d <= 40: fine += 1
total = sum(counts.values())
print(len(counts), counts.most_common(1)[0][1] / total, mean[0] / n, mean[1] / n, mean[2] / n, fine / pairs)
"#;
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let v: Vec<f64> = text
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    Picture {
        colours: v[0] as usize,
        top_share: v[1],
        board_mean: [v[2], v[3], v[4]],
        grain: v[5],
    }
}

/// Under CI a missing display is a failure; elsewhere the test says why it skips.
fn skip(why: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "render smoke test cannot run under CI: {why}"
    );
    println!("SKIPPED render smoke test: {why}");
}

#[test]
fn every_game_renders_a_board_of_its_own() {
    if !have("xvfb-run") || !have("python3") {
        skip("xvfb-run or python3 is not installed (.ci/run installs them)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("mancala-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut means: Vec<(&str, [f64; 3])> = Vec::new();
    for (game, extra) in [
        ("omweso", vec![]),
        ("anywoli", vec![]),
        ("nsolo", vec!["--width", "36"]),
        ("hawalis", vec![]),
        ("bao_kigogo", vec![]),
    ] {
        let shot = dir.join(format!("{game}.png"));
        let out = Command::new("xvfb-run")
            .args(["-a", "-s", "-screen 0 1280x720x24"])
            .arg(env!("CARGO_BIN_EXE_mancala-hall"))
            .args(["--game", game, "--turns", "10", "--screenshot"])
            .arg(&shot)
            .args(&extra)
            .env("WGPU_BACKEND", "vulkan")
            .env("MANCALA_HALL_DATA", &dir)
            .output()
            .expect("xvfb-run starts");
        let log = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() && log.contains("Unable to find a GPU") {
            skip(&format!("{game}: no Vulkan adapter under Xvfb:\n{log}"));
            continue;
        }
        assert!(
            out.status.success(),
            "{game} exited with {:?}:\n{log}",
            out.status
        );
        // A software renderer gets low graphics, drawn by the game's own shader
        // (game::look::low_shading), and every shader compiles.
        assert!(
            log.contains("MANCALA_LOW_SHADING in use"),
            "{game}: low graphics' shader not in use:\n{log}"
        );
        assert!(
            !log.contains("failed to process shader") && !log.contains("failed to create shader"),
            "{game}: a shader failed:\n{log}"
        );
        let p = read_picture(&shot);
        let (colours, top_share) = (p.colours, p.top_share);
        assert!(
            colours > 50,
            "{game}: only {colours} colours: a blank picture?"
        );
        assert!(
            top_share < 0.9,
            "{game}: one colour covers {top_share:.2} of the picture"
        );
        assert!(
            p.grain > 0.15,
            "{game}: the board looks like a flat fill ({:.2} of neighbouring pixels differ a little)",
            p.grain
        );
        println!(
            "{game}: {colours} colours, most common {top_share:.2}, board mean {:.0?}, grain {:.2}",
            p.board_mean, p.grain
        );
        means.push((game, p.board_mean));
    }
    // Each game looks like itself: the boards' mean colours are apart.
    for (i, (a, ma)) in means.iter().enumerate() {
        for (b, mb) in &means[i + 1..] {
            let d = ma
                .iter()
                .zip(mb)
                .map(|(x, y)| (x - y).powi(2))
                .sum::<f64>()
                .sqrt();
            assert!(
                d > 8.0,
                "{a} and {b} look alike: mean colours {ma:.0?} and {mb:.0?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
