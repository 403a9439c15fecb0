//! Input: a click or tap on a pit, or the keyboard cursor, becomes a decision of the
//! person to decide. Several decisions from one pit (Omweso's normal move, reverse
//! capture, opening three) become a choice that the HUD asks.

use super::session::{DecisionMade, Notice, Played, Redo, Seats, Undo, person_to_decide};
use crate::game::shared::GameStarted;
use crate::game::shared::Tr;
pub use crate::game::shared::{
    ArrangeDraft, Choice, Cursor, HoveredPit, KeyboardTaken, PitClicked,
};
use crate::game::show::animation::Animation;
use crate::game::show::seeds::Resync;
use crate::game::{AppState, CurrentGame, Deciding, Flow};
use crate::rules::{Decision, Pending, Pit, legal_decisions};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub use crate::settings::CountDisplay;

/// The input plugin (headless-safe: no picking backend here).
pub fn plugin(app: &mut App) {
    app.add_message::<PitClicked>()
        .init_resource::<Choice>()
        .init_resource::<Cursor>()
        .init_resource::<HoveredPit>()
        .init_resource::<ArrangeDraft>()
        .init_resource::<CountDisplay>()
        .init_resource::<KeyboardTaken>()
        .add_systems(
            Update,
            (
                keyboard
                    .run_if(in_state(AppState::InGame))
                    .run_if(|taken: Res<KeyboardTaken>| !taken.0),
                clicks_to_decisions
                    .run_if(in_state(Deciding))
                    .run_if(super::long_moves::no_move_in_progress),
            )
                .chain()
                .in_set(Flow::Input),
        )
        .add_systems(
            Update,
            (forget_half_made, show_draft).chain().in_set(Flow::Animate),
        );
}

/// A choice being offered and a set-up being arranged are forgotten whenever the
/// game changes under them (a turn played, a new game, undo or redo); the keyboard's
/// cursor and the hovered pit, whenever a new game (perhaps another board) starts.
fn forget_half_made(
    mut started: MessageReader<GameStarted>,
    mut played: MessageReader<Played>,
    mut resynced: MessageReader<Resync>,
    mut choice: ResMut<Choice>,
    mut draft: ResMut<ArrangeDraft>,
    (mut cursor, mut hovered): (ResMut<Cursor>, ResMut<HoveredPit>),
) {
    let new_game = started.read().count() > 0;
    let changed = new_game || played.read().count() + resynced.read().count() > 0;
    if changed {
        choice.set_if_neq(Choice::default());
        draft.set_if_neq(ArrangeDraft::default());
    }
    if new_game {
        cursor.set_if_neq(Cursor::default());
        hovered.set_if_neq(HoveredPit::default());
    }
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

/// What a click is read against: the game, who decides, whether a turn is shown or
/// a long move worked out.
#[derive(SystemParam)]
pub struct Table<'w> {
    pub game: Res<'w, CurrentGame>,
    pub seats: Res<'w, Seats>,
    pub anim: Res<'w, Animation>,
    pub work: Res<'w, super::long_moves::LongMoveWork>,
    /// A lesson's or a puzzle's gate: with nothing let through, nobody may decide.
    pub only: Option<Res<'w, crate::game::shared::OnlyDecisions>>,
}

impl Table<'_> {
    /// Whether a person may decide now (the board is not closed by a gate that lets
    /// nothing through: a lesson's step done, a puzzle over).
    pub fn persons_turn(&self) -> bool {
        self.work.0.is_none()
            && person_to_decide(&self.game.0, &self.seats, &self.anim)
            && self.only.as_ref().is_none_or(|o| !o.these.is_empty())
    }
}

fn clicks_to_decisions(
    mut clicks: MessageReader<PitClicked>,
    table: Table,
    mut choice: ResMut<Choice>,
    mut notice: ResMut<Notice>,
    mut draft: ResMut<ArrangeDraft>,
    mut out: MessageWriter<DecisionMade>,
    tr: Res<Tr>,
) {
    let game = &table.game;
    for PitClicked(pit) in clicks.read() {
        if !table.persons_turn() {
            continue;
        }
        if matches!(game.0.pending(), Pending::Arrange) {
            arrange_click(&game.0, &mut draft, *pit, &mut notice, *tr);
            continue;
        }
        let options = decisions_for_pit(&game.0, *pit);
        match options.len() {
            0 => {
                notice.0 = Some(tr.t("notice-cannot_play").to_string());
                choice.0.clear();
            }
            1 => {
                choice.0.clear();
                out.write(DecisionMade::here(options[0].clone()));
            }
            _ => choice.0 = options,
        }
    }
}

/// Free set-up: the first click picks a pit up, each further click on another of
/// his pits moves one seed there (at most 10 a pit); clicking the picked pit again
/// puts it down.
fn arrange_click(
    state: &crate::rules::GameState,
    draft: &mut ArrangeDraft,
    pit: Pit,
    notice: &mut Notice,
    tr: Tr,
) {
    let board = state.board();
    let Some(i) = board
        .index(pit)
        .filter(|&i| board.owner(i) == state.to_decide())
    else {
        notice.0 = Some(tr.t("notice-arrange_own_rows").into());
        return;
    };
    let pits = draft.pits.get_or_insert_with(|| state.seeds().pits.clone());
    match draft.selected {
        None if pits[i] > 0 => draft.selected = Some(i),
        None => notice.0 = Some(tr.t("notice-pit_empty").into()),
        Some(from) if from == i => draft.selected = None,
        Some(from) => {
            if pits[i] >= 10 {
                notice.0 = Some(tr.t("notice-at_most_10").into());
            } else {
                pits[from] -= 1;
                pits[i] += 1;
                notice.0 = None;
                if pits[from] == 0 {
                    draft.selected = None;
                }
            }
        }
    }
}

/// What the keyboard can ask for.
#[derive(SystemParam)]
pub struct KeyRequests<'w> {
    clicks: MessageWriter<'w, PitClicked>,
    skip: MessageWriter<'w, crate::game::shared::SkipAnimation>,
    undo: MessageWriter<'w, Undo>,
    redo: MessageWriter<'w, Redo>,
    screen: ResMut<'w, NextState<AppState>>,
    page: Res<'w, State<crate::game::shared::Page>>,
    next_page: ResMut<'w, NextState<crate::game::shared::Page>>,
}

/// Arrows move a cursor over the pits, Enter plays it, Space skips the animation,
/// Escape opens the menu, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo (unless a
/// screen has taken the keyboard: [`KeyboardTaken`]).
pub(super) fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    game: Res<CurrentGame>,
    mut cursor: ResMut<Cursor>,
    mut out: KeyRequests,
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
        cursor.set_if_neq(Cursor(Some((r * cols + c) as usize)));
    }
    if keys.just_pressed(KeyCode::Enter)
        && let Some(i) = cursor.0.filter(|&i| i < board.len())
    {
        out.clicks.write(PitClicked(board.pit(i)));
    }
    if keys.just_pressed(KeyCode::Space) {
        out.skip.write(crate::game::shared::SkipAnimation);
    }
    if keys.just_pressed(KeyCode::Escape) {
        // Escape closes what is on top first: an open page, else the game.
        if out.page.get() == &crate::game::shared::Page::Closed {
            out.screen.set(AppState::Menu);
        } else {
            out.next_page.set(crate::game::shared::Page::Closed);
        }
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        if shift {
            out.redo.write(Redo);
        } else {
            out.undo.write(Undo);
        }
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        out.redo.write(Redo);
    }
}

/// Shows the arrangement being made: the seeds lie as in the draft.
fn show_draft(
    mut commands: Commands,
    game: Res<CurrentGame>,
    draft: Res<ArrangeDraft>,
    mut seeds: Query<(
        Entity,
        &mut crate::game::show::seeds::SeedView,
        &mut Transform,
    )>,
) {
    if !draft.is_changed() || !matches!(game.0.pending(), Pending::Arrange) {
        return;
    }
    if let Some(pits) = &draft.pits {
        let mut t = game.0.seeds().clone();
        t.pits = pits.clone();
        crate::game::show::seeds::snap_to(&mut commands, &game.0, &t, &mut seeds);
    }
}
