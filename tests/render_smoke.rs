//! Render smoke test: the real game under a virtual display (Xvfb with Mesa's lavapipe
//! Vulkan) saves a screenshot that shows a board (not blank, not one colour). Where no
//! virtual display exists the test says why and passes without checking the picture.
#![cfg(feature = "game")]

use std::path::Path;
use std::process::Command;

fn have(cmd: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {cmd}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Distinct colours and the share of the most common one, from a PNG's raw pixels.
fn colour_spread(path: &Path) -> (usize, f64) {
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
total = sum(counts.values())
print(len(counts), counts.most_common(1)[0][1] / total)
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
    let mut it = text.split_whitespace();
    let colours = it.next().unwrap().parse().unwrap();
    let top = it.next().unwrap().parse().unwrap();
    (colours, top)
}

#[test]
fn every_game_renders_a_board() {
    if !have("xvfb-run") || !have("python3") {
        println!(
            "SKIPPED render smoke test: xvfb-run or python3 is not installed (.ci/run installs them)"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("mancala-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (game, extra) in [
        ("omweso", vec![]),
        ("anywoli", vec![]),
        ("nsolo", vec!["--width", "36"]),
    ] {
        let shot = dir.join(format!("{game}.png"));
        let out = Command::new("xvfb-run")
            .args(["-a", "-s", "-screen 0 1024x640x24"])
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
            println!("SKIPPED {game}: no Vulkan adapter under Xvfb:\n{log}");
            continue;
        }
        assert!(
            out.status.success(),
            "{game} exited with {:?}:\n{log}",
            out.status
        );
        let (colours, top_share) = colour_spread(&shot);
        assert!(
            colours > 50,
            "{game}: only {colours} colours: a blank picture?"
        );
        assert!(
            top_share < 0.9,
            "{game}: one colour covers {top_share:.2} of the picture"
        );
        println!("{game}: {colours} colours, most common {top_share:.2}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
