//! Game records in play: undo and redo of whole turns, the move list with past
//! positions, autosave after every turn with an offer to resume, replays, and the
//! settings kept between runs. The files themselves are `crate::storage`.

use super::animation::{Animation, Speed};
use super::audio::SoundVolume;
use super::camera::View;
use super::input::{ArrangeDraft, Choice, CountDisplay};
use super::play::{DecisionMade, Notice, Played, Seat, Seats, StartGame};
use super::seeds::{Resync, SeedView, snap_to};
use super::{CurrentGame, Flow};
use crate::rules::{Decision, GameRecord, GameState};
use crate::storage::{
    CountsSetting, SavedGame, Settings, SpeedSetting, data_dir, load_game, write_atomic,
};
use bevy::prelude::*;

/// Every decision since the game started, the state before each, and what was undone.
#[derive(Resource, Clone, Debug, Default)]
pub struct History {
    pub record: Option<GameRecord>,
    pub before: Vec<GameState>,
    pub redo: Vec<Decision>,
}

impl History {
    /// The history of a record: the state before each of its decisions.
    pub fn from_record(record: &GameRecord) -> History {
        let mut before = Vec::new();
        if let Ok(mut s) = record.start_state() {
            for d in &record.decisions {
                before.push(s.clone());
                if crate::rules::apply_quiet(&mut s, d.clone()).is_err() {
                    break;
                }
            }
        }
        History {
            record: Some(record.clone()),
            before,
            redo: Vec::new(),
        }
    }
}

/// Take back the last turn (a person's, with the computer's reply).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Undo;

/// Play again what was taken back.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Redo;

/// A past position shown read-only (the position after decision `n`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Viewing(pub Option<usize>);

/// A saved game being watched: its decisions, how far it has got, and whether it plays.
#[derive(Resource, Clone, Debug, Default)]
pub struct Replay {
    pub decisions: Vec<Decision>,
    pub next: usize,
    pub playing: bool,
    pub active: bool,
}

/// The game records plugin (headless-safe; files only through [`files_plugin`]).
pub fn plugin(app: &mut App) {
    app.add_message::<Undo>()
        .add_message::<SaveGame>()
        .add_message::<Redo>()
        .init_resource::<History>()
        .init_resource::<Viewing>()
        .init_resource::<Replay>()
        .add_systems(
            Update,
            (
                (undo, redo).in_set(Flow::Input),
                feed_replay.in_set(Flow::Input),
                (record_played, show_viewed).in_set(Flow::Animate),
            ),
        )
        .add_systems(PostUpdate, reset_history.run_if(on_message::<StartGame>));
}

fn reset_history(game: Res<CurrentGame>, mut history: ResMut<History>) {
    // Keep a record that was loaded with this very game (resume); else start afresh.
    let fresh = history
        .record
        .as_ref()
        .is_none_or(|r| r.replay().map(|(s, _)| s != game.0).unwrap_or(true));
    if fresh {
        let mut r = GameRecord::new(game.0.game(), *game.0.options());
        r.start = Some(game.0.clone());
        *history = History {
            record: Some(r),
            before: Vec::new(),
            redo: Vec::new(),
        };
    }
}

fn record_played(
    mut played: MessageReader<Played>,
    mut history: ResMut<History>,
    replay: Res<Replay>,
) {
    for p in played.read() {
        if let Some(r) = &mut history.record {
            r.decisions.push(p.decision.clone());
        }
        history.before.push(p.before.clone());
        if !replay.active {
            history.redo.clear();
        }
    }
}

fn restore(
    state: GameState,
    game: &mut CurrentGame,
    anim: &mut Animation,
    choice: &mut Choice,
    draft: &mut ArrangeDraft,
    resync: &mut MessageWriter<Resync>,
) {
    game.0 = state;
    *anim = Animation::default();
    choice.0.clear();
    *draft = ArrangeDraft::default();
    resync.write(Resync);
}

#[allow(clippy::too_many_arguments)]
/// Whether moves may be taken back: the game's mode allows it, and a kiosk's
/// configuration does too.
pub fn undo_allowed(game: &crate::rules::GameState, kiosk: Option<&super::kiosk::Kiosk>) -> bool {
    game.options().undo_allowed() && kiosk.is_none_or(|k| k.config.undo)
}

#[allow(clippy::too_many_arguments)]
fn undo(
    mut asked: MessageReader<Undo>,
    mut game: ResMut<CurrentGame>,
    mut history: ResMut<History>,
    seats: Res<Seats>,
    mut anim: ResMut<Animation>,
    mut choice: ResMut<Choice>,
    mut draft: ResMut<ArrangeDraft>,
    mut notice: ResMut<Notice>,
    mut resync: MessageWriter<Resync>,
    tr: Res<super::language::Tr>,
    kiosk: Option<Res<super::kiosk::Kiosk>>,
) {
    for _ in asked.read() {
        if !undo_allowed(&game.0, kiosk.as_deref()) {
            notice.0 = Some(tr.t("notice.no_take_backs").into());
            continue;
        }
        if anim.busy() || seats.paused {
            continue;
        }
        let mut target = None;
        // Back to a person's decision: the computer's replies go with the person's turn.
        while let Some(prev) = history.before.pop() {
            if let Some(d) = history.record.as_mut().and_then(|r| r.decisions.pop()) {
                history.redo.push(d);
            }
            let person = seats.of(prev.to_decide()) == Seat::Person;
            target = Some(prev);
            if person {
                break;
            }
        }
        match target {
            Some(t) => restore(
                t,
                &mut game,
                &mut anim,
                &mut choice,
                &mut draft,
                &mut resync,
            ),
            None => notice.0 = Some(tr.t("notice.nothing_to_undo").into()),
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn redo(
    mut asked: MessageReader<Redo>,
    mut game: ResMut<CurrentGame>,
    mut history: ResMut<History>,
    seats: Res<Seats>,
    mut anim: ResMut<Animation>,
    mut choice: ResMut<Choice>,
    mut draft: ResMut<ArrangeDraft>,
    mut resync: MessageWriter<Resync>,
    kiosk: Option<Res<super::kiosk::Kiosk>>,
) {
    for _ in asked.read() {
        if anim.busy()
            || seats.paused
            || history.redo.is_empty()
            || !undo_allowed(&game.0, kiosk.as_deref())
        {
            continue;
        }
        let mut state = game.0.clone();
        // Forward to the next decision of a person (the computer's replies included).
        while let Some(d) = history.redo.pop() {
            let before = state.clone();
            if crate::rules::apply_quiet(&mut state, d.clone()).is_err() {
                history.redo.clear();
                break;
            }
            history.before.push(before);
            if let Some(r) = &mut history.record {
                r.decisions.push(d);
            }
            if state.is_over() || seats.of(state.to_decide()) == Seat::Person {
                break;
            }
        }
        restore(
            state,
            &mut game,
            &mut anim,
            &mut choice,
            &mut draft,
            &mut resync,
        );
    }
}

/// While a past position is viewed, the seeds lie as they did then.
fn show_viewed(
    mut commands: Commands,
    viewing: Res<Viewing>,
    game: Res<CurrentGame>,
    history: Res<History>,
    mut seeds: Query<(Entity, &mut SeedView, &mut Transform)>,
    mut resync: MessageWriter<Resync>,
) {
    if !viewing.is_changed() {
        return;
    }
    match viewing.0 {
        Some(n) => {
            let state = history.before.get(n + 1).unwrap_or(&game.0);
            snap_to(&mut commands, &game.0, &state.seeds().clone(), &mut seeds);
        }
        None => {
            resync.write(Resync);
        }
    }
}

fn feed_replay(
    time: Res<Time>,
    speed: Res<Speed>,
    anim: Res<Animation>,
    mut replay: ResMut<Replay>,
    mut out: MessageWriter<DecisionMade>,
    mut waited: Local<f32>,
) {
    if !replay.active || !replay.playing || anim.busy() {
        *waited = 0.0;
        return;
    }
    *waited += time.delta_secs();
    if *waited < 0.4 / speed.factor() {
        return;
    }
    *waited = 0.0;
    match replay.decisions.get(replay.next).cloned() {
        Some(d) => {
            replay.next += 1;
            out.write(DecisionMade(d));
        }
        None => replay.playing = false,
    }
}

/// Starts watching a record from its start.
pub fn start_replay(
    record: &GameRecord,
    game: &mut CurrentGame,
    replay: &mut Replay,
    seats: &mut Seats,
) -> Result<(), String> {
    let start = record.start_state().map_err(|e| e.to_string())?;
    record.replay().map_err(|e| e.to_string())?;
    game.0 = start;
    *replay = Replay {
        decisions: record.decisions.clone(),
        next: 0,
        playing: true,
        active: true,
    };
    seats.paused = true;
    Ok(())
}

/// Steps a replay back one decision (the board jumps there).
pub fn replay_step_back(record: &GameRecord, game: &mut CurrentGame, replay: &mut Replay) {
    let n = replay.next.saturating_sub(1);
    let mut r = record.clone();
    r.decisions.truncate(n);
    if let Ok((s, _)) = r.replay() {
        game.0 = s;
        replay.next = n;
        replay.playing = false;
    }
}

/// The autosave, the resume offer and the settings file (desktop; no files in tests).
pub fn files_plugin(app: &mut App) {
    app.init_resource::<ResumeOffer>()
        .add_systems(Startup, load_settings)
        .add_systems(OnEnter(super::AppState::Menu), find_saves)
        .add_systems(Update, save_game.run_if(on_message::<SaveGame>))
        .add_systems(Update, (autosave, save_settings).after(Flow::Animate));
}

/// A saved game found on disk: its label, and the game or why it cannot be read.
#[derive(Clone, Debug)]
pub struct Listed {
    /// The file's name (empty for the autosave).
    pub label: String,
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

/// Files are read but never written (a technician's screenshot check must not touch
/// a visitor's saves or settings).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ReadOnlyFiles;

/// Save the game now under a new name in the saves folder.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveGame;

fn saves_dir() -> Option<std::path::PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

fn autosave_path() -> Option<std::path::PathBuf> {
    data_dir().map(|d| d.join("autosave.json"))
}

fn settings_path() -> Option<std::path::PathBuf> {
    data_dir().map(|d| d.join("settings.json"))
}

fn find_saves(mut offer: ResMut<ResumeOffer>) {
    offer.saves.clear();
    if let Some(path) = autosave_path().filter(|p| crate::storage::exists(p)) {
        let loaded = load_game(&path);
        if !matches!(&loaded, Ok((_, s)) if s.is_over()) {
            offer.saves.push(Listed {
                label: String::new(),
                autosave: true,
                loaded,
            });
        }
    }
    let Some(dir) = saves_dir() else { return };
    let mut files = crate::storage::list_json(&dir);
    files.sort();
    files.reverse();
    for path in files.into_iter().take(12) {
        let name = path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        offer.saves.push(Listed {
            label: name,
            autosave: false,
            loaded: load_game(&path),
        });
    }
}

fn save_game(
    read_only: Option<Res<ReadOnlyFiles>>,
    history: Res<History>,
    seats: Res<Seats>,
    game: Res<CurrentGame>,
    mut notice: ResMut<Notice>,
    tr: Res<super::language::Tr>,
) {
    let (Some(record), Some(dir), None) = (&history.record, saves_dir(), read_only) else {
        notice.0 = Some(tr.t("notice.cannot_save").into());
        return;
    };
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let path = dir.join(format!("{}-{secs}.json", game.0.game().id()));
    let save = SavedGame::new(record.clone(), seats.to_saved());
    notice.0 = Some(match write_atomic(&path, &save.to_json()) {
        Ok(()) => tr.f("notice.saved_as", &[("path", &path.display())]),
        Err(e) => tr.f(
            "notice.could_not_save",
            &[("path", &path.display()), ("why", &e)],
        ),
    });
}

#[allow(clippy::too_many_arguments)]
fn autosave(
    mut played: MessageReader<Played>,
    history: Res<History>,
    seats: Res<Seats>,
    replay: Res<Replay>,
    mut notice: ResMut<Notice>,
    read_only: Option<Res<ReadOnlyFiles>>,
    tr: Res<super::language::Tr>,
    kiosk: Option<Res<super::kiosk::Kiosk>>,
) {
    // A kiosk offers no saved games: nothing to write for weeks on end.
    if played.read().count() == 0 || replay.active || read_only.is_some() || kiosk.is_some() {
        return;
    }
    let (Some(record), Some(path)) = (&history.record, autosave_path()) else {
        return;
    };
    let save = SavedGame::new(record.clone(), seats.to_saved());
    if let Err(e) = write_atomic(&path, &save.to_json()) {
        notice.0 = Some(tr.f(
            "notice.could_not_save",
            &[("path", &path.display()), ("why", &e)],
        ));
    }
}

#[allow(clippy::too_many_arguments)]
fn load_settings(
    mut speed: ResMut<Speed>,
    mut volume: ResMut<SoundVolume>,
    mut counts: ResMut<CountDisplay>,
    mut view: ResMut<View>,
    mut notice: ResMut<Notice>,
    mut tr: ResMut<super::language::Tr>,
    mut access: ResMut<super::access::Access>,
    fixed: Option<Res<super::language::FixedLanguage>>,
) {
    let Some(path) = settings_path() else { return };
    let (s, problem) = Settings::load(&path);
    if problem.is_some() {
        notice.0 = problem;
    }
    *speed = match s.speed {
        SpeedSetting::Slow => Speed::Slow,
        SpeedSetting::Normal => Speed::Normal,
        SpeedSetting::Fast => Speed::Fast,
        SpeedSetting::Instant => Speed::Instant,
    };
    volume.0 = s.volume;
    *counts = match s.counts {
        CountsSetting::Always => CountDisplay::Always,
        CountsSetting::OnHover => CountDisplay::OnHover,
        CountsSetting::Off => CountDisplay::Off,
    };
    view.north_seat = view.north_seat || s.north_seat;
    if fixed.is_none() {
        tr.0 = s.language;
    }
    *access = super::access::Access {
        text_scale: s.text_scale,
        high_contrast: s.high_contrast,
        reduced_motion: s.reduced_motion,
        explain: s.explain,
    };
}

#[allow(clippy::too_many_arguments)]
fn save_settings(
    speed: Res<Speed>,
    volume: Res<SoundVolume>,
    counts: Res<CountDisplay>,
    view: Res<View>,
    tr: Res<super::language::Tr>,
    access: Res<super::access::Access>,
    mut written: Local<Option<Settings>>,
    read_only: Option<Res<ReadOnlyFiles>>,
    kiosk: Option<Res<super::kiosk::Kiosk>>,
) {
    // A kiosk's visitors change settings for themselves, not for the next visitor.
    if read_only.is_some() || kiosk.is_some() {
        return;
    }
    let changed = speed.is_changed()
        || volume.is_changed()
        || counts.is_changed()
        || view.is_changed()
        || tr.is_changed()
        || access.is_changed();
    if !changed || speed.is_added() {
        return;
    }
    let Some(path) = settings_path() else { return };
    let s = Settings {
        speed: match *speed {
            Speed::Slow => SpeedSetting::Slow,
            Speed::Normal => SpeedSetting::Normal,
            Speed::Fast => SpeedSetting::Fast,
            Speed::Instant => SpeedSetting::Instant,
        },
        volume: volume.0,
        counts: match *counts {
            CountDisplay::Always => CountsSetting::Always,
            CountDisplay::OnHover => CountsSetting::OnHover,
            CountDisplay::Off => CountsSetting::Off,
        },
        north_seat: view.north_seat,
        language: tr.0,
        text_scale: access.clamped_scale(),
        high_contrast: access.high_contrast,
        reduced_motion: access.reduced_motion,
        explain: access.explain,
    };
    // Orbiting the camera changes the view every frame: write only real changes.
    if written.as_ref() != Some(&s) {
        let _ = write_atomic(&path, &serde_json::to_string_pretty(&s).unwrap_or_default());
        *written = Some(s);
    }
}
