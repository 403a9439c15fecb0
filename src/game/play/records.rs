//! Game records in play: the past position being viewed, a replay playing by
//! itself, the autosave after every turn, saving on request and the saved games the
//! menu offers. The records themselves are [`super::session::History`]; the files
//! are `crate::storage`; the settings file has a module of its own.

use super::review::{GameReview, ReviewFinished};
use super::session::{
    Confirmation, History, Notice, Played, Replay, ReplayControl, Seats, Viewing,
};
use crate::game::DataFolder;
use crate::game::shared::Tr;
use crate::game::show::animation::Speed;
use crate::game::show::seeds::{Resync, SeedView, snap_to};
use crate::game::{AppState, CurrentGame, Flow, Mode, ReadOnlyFiles};
use crate::rules::{GameState, Tableau};
use crate::storage::{SavedGame, load_game, write_atomic};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::time::Stopwatch;

/// The records plugin (headless-safe; files only through [`files_plugin`]).
pub fn plugin(app: &mut App) {
    app.add_message::<SaveGame>()
        .init_resource::<ResumeOffer>()
        .init_resource::<LoadedFrom>()
        .add_systems(
            Update,
            feed_replay
                .in_set(Flow::Input)
                .run_if(in_state(Mode::Watch)),
        )
        .add_systems(Update, show_viewed.in_set(Flow::Animate))
        .add_systems(Update, age_confirmation);
}

/// The position the board and the status panel show: the past position being viewed
/// (after the first `n` decisions of the [`History`]; 0 is the start), else the
/// game's own.
pub fn shown_state<'a>(
    game: &'a GameState,
    history: &'a History,
    viewing: Viewing,
) -> &'a GameState {
    viewing
        .0
        .map_or(game, |n| history.before.get(n).unwrap_or(game))
}

/// The seeds shown, place by place: the past position's while one is viewed, else
/// those the animation has landed so far (the game's own once a turn has been shown).
pub fn shown_counts<'a>(
    game: &'a GameState,
    history: &'a History,
    viewing: Viewing,
    anim: &'a crate::game::show::animation::Animation,
) -> &'a Tableau {
    match viewing.0 {
        Some(_) => shown_state(game, history, viewing).seeds(),
        None => anim.counts(game),
    }
}

/// [`shown_state`] and [`shown_counts`] for a system that reads them.
#[derive(SystemParam)]
pub struct ShownGame<'w> {
    game: Res<'w, CurrentGame>,
    history: Res<'w, History>,
    viewing: Res<'w, Viewing>,
    anim: Res<'w, crate::game::show::animation::Animation>,
}

impl ShownGame<'_> {
    /// The position shown.
    pub fn state(&self) -> &GameState {
        shown_state(&self.game.0, &self.history, *self.viewing)
    }

    /// The seeds shown, place by place.
    pub fn counts(&self) -> &Tableau {
        shown_counts(&self.game.0, &self.history, *self.viewing, &self.anim)
    }
}

/// While a past position is viewed, the seeds lie as they did then.
fn show_viewed(
    mut commands: Commands,
    shown: ShownGame,
    mut seeds: Query<(Entity, &mut SeedView, &mut Transform)>,
    mut resync: MessageWriter<Resync>,
) {
    if !shown.viewing.is_changed() {
        return;
    }
    match shown.viewing.0 {
        Some(_) => {
            let counts = shown.counts().clone();
            snap_to(&mut commands, &shown.game.0, &counts, &mut seeds);
        }
        None => {
            resync.write(Resync);
        }
    }
}

/// A replay that plays by itself asks for its next decision once the last one has
/// been shown and a short pause has passed.
fn feed_replay(
    time: Res<Time>,
    speed: Res<Speed>,
    anim: Res<crate::game::show::animation::Animation>,
    replay: Res<Replay>,
    mut out: MessageWriter<ReplayControl>,
    mut waited: Local<Stopwatch>,
) {
    if !replay.playing || anim.busy() {
        waited.reset();
        return;
    }
    waited.tick(time.delta());
    if waited.elapsed_secs() < 0.4 / speed.factor() {
        return;
    }
    waited.reset();
    out.write(ReplayControl::Forward { animate: true });
}

/// The autosave and the saved games offered (no files in tests).
pub fn files_plugin(app: &mut App) {
    app.init_resource::<DataFolder>()
        .add_systems(OnEnter(AppState::Menu), find_saves)
        .add_systems(
            Update,
            (
                save_game.run_if(not(resource_exists::<ReadOnlyFiles>)),
                cannot_save.run_if(resource_exists::<ReadOnlyFiles>),
            )
                .run_if(on_message::<SaveGame>),
        )
        .add_systems(
            Update,
            keep_review
                .run_if(on_message::<ReviewFinished>)
                .run_if(not(resource_exists::<ReadOnlyFiles>)),
        )
        .add_systems(
            Update,
            autosave
                .after(Flow::Animate)
                .run_if(in_state(Mode::Play))
                .run_if(not(resource_exists::<ReadOnlyFiles>)),
        );
}

/// A saved game found on disk: its label, and the game or why it cannot be read.
#[derive(Clone, Debug)]
pub struct Listed {
    /// The file's name (empty for the autosave).
    pub label: String,
    /// Where it is.
    pub path: Option<std::path::PathBuf>,
    /// The game saved after every turn (labelled in the interface's language).
    pub autosave: bool,
    pub loaded: Result<(SavedGame, GameState), String>,
}

/// The saved games offered in the menu: the autosave first, then saved files (newest
/// first).
#[derive(Resource, Clone, Debug, Default)]
pub struct ResumeOffer {
    pub saves: Vec<Listed>,
}

/// The saved file the game on the board was loaded from, if any: a review made of it
/// is written back there, so that opening it again is instant. Set by the menu.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LoadedFrom(pub Option<std::path::PathBuf>);

/// Save the game now under a new name in the saves folder.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveGame;

/// The autosave's file in the data folder.
pub const AUTOSAVE: &str = "autosave.json";

fn find_saves(mut offer: ResMut<ResumeOffer>, folder: Res<DataFolder>) {
    offer.saves.clear();
    if let Some(path) = folder.file(AUTOSAVE).filter(|p| crate::storage::exists(p)) {
        let loaded = load_game(&path);
        if !matches!(&loaded, Ok((_, s)) if s.is_over()) {
            offer.saves.push(Listed {
                label: String::new(),
                path: Some(path),
                autosave: true,
                loaded,
            });
        }
    }
    let Some(dir) = folder.file("saves") else {
        return;
    };
    let mut files = crate::storage::list_json(&dir);
    files.sort();
    files.reverse();
    for path in files.into_iter().take(12) {
        let name = path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let loaded = load_game(&path);
        offer.saves.push(Listed {
            label: name,
            path: Some(path),
            autosave: false,
            loaded,
        });
    }
}

/// Files are not written here ([`ReadOnlyFiles`]): the player is told so.
fn cannot_save(mut notice: ResMut<Notice>, tr: Res<Tr>) {
    notice.0 = Some(tr.t("notice-cannot_save").into());
}

fn save_game(
    history: Res<History>,
    (seats, review): (Res<Seats>, Res<GameReview>),
    game: Res<CurrentGame>,
    (mut notice, mut done): (ResMut<Notice>, ResMut<Confirmation>),
    (tr, folder): (Res<Tr>, Res<DataFolder>),
) {
    let (Some(record), Some(dir)) = (&history.record, folder.file("saves")) else {
        notice.0 = Some(tr.t("notice-cannot_save").into());
        return;
    };
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let path = dir.join(format!("{}-{secs}.json", game.0.game().id()));
    let mut save = SavedGame::new(record.clone(), seats.to_saved());
    save.review = review.saved_for(record);
    match write_atomic(&path, &save.to_json()) {
        // The name the menu lists it under, not a path.
        Ok(()) => {
            let name = path.file_stem().map(|n| n.to_string_lossy().into_owned());
            notice.0 = None;
            done.say(tr.f("notice-saved_as", &[("name", &name.unwrap_or_default())]));
        }
        Err(e) => {
            notice.0 = Some(tr.f(
                "notice-could_not_save",
                &[("path", &path.display()), ("why", &e)],
            ));
        }
    }
}

/// A confirmation grows older, and goes once it has been shown.
fn age_confirmation(time: Res<Time<Real>>, mut done: ResMut<Confirmation>) {
    if done.text.is_none() {
        return;
    }
    done.age_s += time.delta_secs();
    if done.age_s > Confirmation::SHOWN_S {
        *done = Confirmation::default();
    }
}

/// Saves the game after every turn (a kiosk writes no files: see [`ReadOnlyFiles`]).
fn autosave(
    mut played: MessageReader<Played>,
    history: Res<History>,
    (seats, review): (Res<Seats>, Res<GameReview>),
    mut notice: ResMut<Notice>,
    (tr, folder): (Res<Tr>, Res<DataFolder>),
) {
    if played.read().count() == 0 {
        return;
    }
    let (Some(record), Some(path)) = (&history.record, folder.file(AUTOSAVE)) else {
        return;
    };
    let mut save = SavedGame::new(record.clone(), seats.to_saved());
    save.review = review.saved_for(record);
    if let Err(e) = write_atomic(&path, &save.to_json()) {
        notice.0 = Some(tr.f(
            "notice-could_not_save",
            &[("path", &path.display()), ("why", &e)],
        ));
    }
}

/// A finished review of a game loaded from a file is written into that file (the
/// rest of the file as it was), so that the review opens at once next time. A file
/// that has changed since (another game saved over it) is left alone.
fn keep_review(
    history: Res<History>,
    review: Res<GameReview>,
    loaded: Res<LoadedFrom>,
    mut notice: ResMut<Notice>,
    tr: Res<Tr>,
) {
    let (Some(record), Some(path)) = (&history.record, &loaded.0) else {
        return;
    };
    let Some(saved) = review.saved_for(record) else {
        return;
    };
    let Ok((mut save, _)) = load_game(path) else {
        return;
    };
    if &save.record != record {
        return;
    }
    save.review = Some(saved);
    if let Err(e) = write_atomic(path, &save.to_json()) {
        notice.0 = Some(tr.f(
            "notice-could_not_save",
            &[("path", &path.display()), ("why", &e)],
        ));
    }
}
