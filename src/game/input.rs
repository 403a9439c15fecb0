//! Input: a click or tap on a pit, or the keyboard cursor, becomes a decision of the
//! person to decide. Several decisions from one pit (Omweso's normal move, reverse
//! capture, opening three) become a choice that the HUD asks.

use super::CurrentGame;
use super::animation::Animation;
use super::play::{DecisionMade, Notice, Seats, person_to_decide};
use crate::rules::{Decision, Pending, Pit, legal_decisions};
use bevy::prelude::*;

/// A pit was clicked, tapped or chosen with the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitClicked(pub Pit);

/// Decisions offered for one pit, waiting for the person to pick one.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice(pub Vec<Decision>);

/// The keyboard cursor (a flat pit index).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor(pub Option<usize>);

/// The pit under the pointer, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredPit(pub Option<Pit>);

/// When pits show their seed count (a setting).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CountDisplay {
    #[default]
    Always,
    OnHover,
    Off,
}

/// Asks to leave the game for the menu.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct OpenMenu;

/// The input plugin (headless-safe: no picking backend here).
pub fn plugin(app: &mut App) {
    app.add_message::<PitClicked>()
        .add_message::<OpenMenu>()
        .init_resource::<Choice>()
        .init_resource::<Cursor>()
        .init_resource::<HoveredPit>()
        .init_resource::<CountDisplay>()
        .add_systems(
            Update,
            (keyboard, clicks_to_decisions)
                .chain()
                .in_set(super::Flow::Input),
        );
}

/// The decisions a click on `pit` can mean now.
pub fn decisions_for_pit(state: &crate::rules::GameState, pit: Pit) -> Vec<Decision> {
    match state.pending() {
        Pending::Turn => legal_decisions(state)
            .into_iter()
            .filter(|d| d.start_pit() == Some(pit))
            .collect(),
        Pending::Strip { .. } => legal_decisions(state)
            .into_iter()
            .filter(|d| *d == Decision::Strip(pit))
            .collect(),
        _ => Vec::new(),
    }
}

fn clicks_to_decisions(
    mut clicks: MessageReader<PitClicked>,
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    anim: Res<Animation>,
    mut choice: ResMut<Choice>,
    mut notice: ResMut<Notice>,
    mut out: MessageWriter<DecisionMade>,
) {
    for PitClicked(pit) in clicks.read() {
        if !person_to_decide(&game.0, &seats, &anim) {
            continue;
        }
        let options = decisions_for_pit(&game.0, *pit);
        match options.len() {
            0 => {
                notice.0 = Some(format!("({},{}) cannot be played now", pit.row, pit.col));
                choice.0.clear();
            }
            1 => {
                choice.0.clear();
                out.write(DecisionMade(options[0].clone()));
            }
            _ => choice.0 = options,
        }
    }
}

fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    game: Res<CurrentGame>,
    mut cursor: ResMut<Cursor>,
    mut anim: ResMut<Animation>,
    mut clicks: MessageWriter<PitClicked>,
    mut menu: MessageWriter<OpenMenu>,
) {
    let Some(keys) = keys else { return };
    let board = game.0.board();
    let (rows, cols) = (board.rows as i32, board.cols as i32);
    let at = cursor.0.unwrap_or(board.len() - 1) as i32;
    let (mut r, mut c) = (at / cols, at % cols);
    let mut moved = false;
    for (key, dr, dc) in [
        (KeyCode::ArrowUp, -1, 0),
        (KeyCode::ArrowDown, 1, 0),
        (KeyCode::ArrowLeft, 0, -1),
        (KeyCode::ArrowRight, 0, 1),
    ] {
        if keys.just_pressed(key) {
            r = (r + dr).clamp(0, rows - 1);
            c = (c + dc).clamp(0, cols - 1);
            moved = true;
        }
    }
    if moved {
        cursor.0 = Some((r * cols + c) as usize);
    }
    if keys.just_pressed(KeyCode::Enter)
        && let Some(i) = cursor.0.filter(|&i| i < board.len())
    {
        clicks.write(PitClicked(board.pit(i)));
    }
    if keys.just_pressed(KeyCode::Space) {
        anim.skip();
    }
    if keys.just_pressed(KeyCode::Escape) {
        menu.write(OpenMenu);
    }
}
