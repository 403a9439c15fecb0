//! The end of a game: a short celebration before the result panel. The winner's
//! seeds jump in a wave along the board (all seeds, gently, for a draw) while a banner
//! names the result; then everything settles back. With reduced motion there is no
//! celebration: the result panel comes at once.

use super::animation::Animation;
use super::seeds::{Place, SeedView, default_hand, seed_position};
use crate::game::CurrentGame;
use crate::game::shared::Access;
use crate::game::shared::GameStarted;
use crate::game::shared::PALETTE;
use crate::game::shared::Tr;
use crate::rules::{GameResult, Player};
use bevy::prelude::*;
use bevy::time::Stopwatch;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Length of the celebration.
pub const CELEBRATION_S: f32 = 2.4;

/// The celebration now showing: seconds gone, and whether it has run for this game.
#[derive(Resource, Default, Debug)]
pub struct Celebration {
    /// Time since it began; `None` while none runs.
    pub elapsed: Option<Stopwatch>,
    /// It has run (or was skipped) for the game now over.
    pub done: bool,
}

impl Celebration {
    /// Whether the result panel may show.
    pub fn finished(&self) -> bool {
        self.done && self.elapsed.is_none()
    }
}

/// The celebration plugin (needs a window: it moves seed entities and draws a banner).
pub fn plugin(app: &mut App) {
    app.init_resource::<Celebration>()
        .add_systems(
            PostUpdate,
            (|mut c: ResMut<Celebration>| *c = Celebration::default())
                .in_set(crate::game::Rebuild::Board)
                .run_if(on_message::<GameStarted>),
        )
        .add_systems(Update, celebrate.after(crate::game::Flow::Animate))
        .add_systems(
            EguiPrimaryContextPass,
            banner.in_set(crate::game::DrawInterface),
        );
}

/// Height of a seed's jump at `t` seconds for a wave that reaches it after `delay`.
pub fn jump(t: f32, delay: f32) -> f32 {
    // Two waves, each a quick hop.
    let mut h: f32 = 0.0;
    for start in [0.0, 1.0] {
        let u = (t - start - delay) * 2.8;
        if (0.0..1.0).contains(&u) {
            h = h.max((u * std::f32::consts::PI).sin() * 0.28);
        }
    }
    h
}

fn celebrate(
    time: Res<Time>,
    game: Res<CurrentGame>,
    anim: Res<Animation>,
    access: Res<Access>,
    mut celebration: ResMut<Celebration>,
    mut seeds: Query<(&SeedView, &mut Transform)>,
) {
    let s = &game.0;
    let Some(outcome) = s.outcome() else {
        if celebration.done || celebration.elapsed.is_some() {
            *celebration = Celebration::default();
        }
        return;
    };
    if anim.busy() {
        return;
    }
    if !celebration.done {
        celebration.done = true;
        if !access.reduced_motion {
            celebration.elapsed = Some(Stopwatch::new());
        }
    }
    let Some(watch) = celebration.elapsed.as_mut() else {
        return;
    };
    let t = watch.tick(time.delta()).elapsed_secs();
    let winner = match outcome.result {
        GameResult::Win(p) => Some(p),
        _ => None,
    };
    let board = s.board();
    let hand = default_hand();
    let over = t >= CELEBRATION_S;
    for (view, mut transform) in &mut seeds {
        let (owner, column) = match view.place {
            Place::Pit(i) => (board.owner(i), (i % board.cols as usize) as f32),
            Place::Store(p) | Place::Captured(p) => (p, board.cols as f32 / 2.0),
            Place::Hand => continue,
        };
        // South sees columns left to right; the wave runs along each side's circuit.
        let column = if owner == Player::North {
            board.cols as f32 - 1.0 - column
        } else {
            column
        };
        let delay = column / board.cols as f32 * 0.8;
        let height = match winner {
            Some(w) if w != owner => 0.0,
            Some(_) => jump(t, delay),
            None => jump(t, delay) * 0.4,
        };
        let rest = seed_position(board, s.game(), view.place, view.slot, hand);
        let want = if over { rest } else { rest + Vec3::Y * height };
        if transform.translation != want {
            transform.translation = want;
        }
    }
    if over {
        celebration.elapsed = None;
    }
}

fn banner(
    mut contexts: EguiContexts,
    celebration: Res<Celebration>,
    game: Res<CurrentGame>,
    tr: Res<Tr>,
) -> Result {
    let t = celebration.elapsed.as_ref().map(Stopwatch::elapsed_secs);
    let (Some(t), Some(outcome)) = (t, game.0.outcome()) else {
        return Ok(());
    };
    let text = match outcome.result {
        GameResult::Win(p) => tr.f("over-wins", &[("player", &tr.player(p))]),
        GameResult::Draw => tr.t("over-draw").to_string(),
        GameResult::Annulled => tr.t("over-annulled").to_string(),
    };
    // Grows in over a third of a second, fades out at the end.
    let grow = (t / 0.35).min(1.0);
    let fade = ((CELEBRATION_S - t) / 0.4).clamp(0.0, 1.0);
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("celebration"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 70.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(PALETTE.panel.gamma_multiply(fade))
                .corner_radius(16)
                .inner_margin(egui::Margin::symmetric(28, 12))
                .stroke(egui::Stroke::new(2.0, PALETTE.accent.gamma_multiply(fade)))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(text)
                            // Whole points: each size is a set of glyphs in the atlas.
                            .size((24.0 + 16.0 * grow).round())
                            .color(PALETTE.text.gamma_multiply(fade)),
                    );
                });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_jump_in_a_wave_and_come_to_rest() {
        // Before the wave reaches a seed it rests; then it rises and falls.
        assert_eq!(jump(0.0, 0.5), 0.0);
        assert!(jump(0.5 + 0.18, 0.5) > 0.2);
        assert_eq!(jump(CELEBRATION_S, 0.5), 0.0);
        // A later seed jumps later.
        assert!(jump(0.2, 0.0) > 0.0 && jump(0.2, 0.5) == 0.0);
    }
}
