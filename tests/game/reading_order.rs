//! The game screen's bars in the reading direction (issue 61): in a right-to-left
//! language their buttons run from the right, in the order they run from the left in
//! English (back, forward, hint, the move list; rules, save, settings, menu).

use crate::common::player::{Player, data_folder};
use std::time::Duration;

/// Whether `xs` rise from left to right (or, `rtl`, from right to left).
fn in_order(xs: &[f32], rtl: bool) -> bool {
    xs.windows(2)
        .all(|w| if rtl { w[0] > w[1] } else { w[0] < w[1] })
}

#[test]
fn the_bars_buttons_follow_the_reading_direction() {
    for (language, rtl) in [("en", false), ("ar", true)] {
        let data = data_folder(&format!("reading-order-{language}"));
        let mut p = Player::start(
            &["--game", "hawalis", "--language", language],
            &data,
            Duration::from_millis(50),
        );
        p.frames(5);
        let bottom: Vec<f32> = ["undo", "redo", "hint", "moves"]
            .iter()
            .map(|b| p.find(b).x)
            .collect();
        assert!(
            in_order(&bottom, rtl),
            "{language}: the records bar {bottom:?}"
        );
        let top: Vec<f32> = ["rules", "save", "settings", "menu"]
            .iter()
            .map(|b| p.find(b).x)
            .collect();
        assert!(in_order(&top, rtl), "{language}: the actions bar {top:?}");
        let _ = std::fs::remove_dir_all(&data);
    }
}
