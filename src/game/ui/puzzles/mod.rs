//! Puzzles on the board (docs/puzzles.md): "find the move", one position after another
//! from the shipped sets ([`puzzle_book`]), every game's or one game's, or the player's
//! own. The mover plays the turn start; right, the rest of the answer's turn is played
//! out and the next puzzle waits; wrong, the move is shown, then the position returns
//! and (with no try left) the answer is played out, with what it wins. The player's
//! rating and streak ([`PlayerPuzzles`]) are kept beside the settings.
//!
//! A puzzle is [`Mode::Puzzle`]: the write path plays its position as a game of two
//! people, and [`OnlyDecisions`] closes the board once the turn start has been played
//! (only the answer's own decisions go through). [`PuzzleRun`] is present from
//! [`StartPuzzles`] until the puzzles are left.

pub mod puzzle_book;
pub mod puzzle_making;
mod puzzle_window;

use crate::ai::puzzles::{Difficulty, KeptPuzzles, Puzzle, PuzzleSet};
use crate::game::play::session::{Begin, DecisionMade, Played, Seat, Seats, StartGame};
use crate::game::shared::{OnlyDecisions, Tr};
use crate::game::show::animation::Animation;
use crate::game::show::board::GuidedPits;
use crate::game::show::camera::View;
use crate::game::{AppState, DataFolder, Mode, ReadOnlyFiles};
use crate::rules::{Decision, GameState, Lot};
use bevy::prelude::*;
use puzzle_book::PuzzleBook;
use std::sync::Arc;

pub use puzzle_window::{set_of, ui_plugin};

/// Which puzzles are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// One set: a game (Nsolo at a width).
    Set(PuzzleSet),
    /// Every shipped set.
    EveryGame,
    /// The player's own, made in the review.
    Mine,
}

/// Start dealing puzzles (the menu's Puzzles, the kiosk's "Can you find it?").
#[derive(Message, Clone, Copy, Debug)]
pub struct StartPuzzles {
    pub choice: PuzzleChoice,
    /// Tries at each puzzle before the answer is shown (a kiosk gives three).
    pub tries: u32,
    /// Only puzzles of this difficulty (the kiosk's easy ones); any if `None`.
    pub difficulty: Option<Difficulty>,
    /// Whether the rating counts (not at a kiosk: visitors come and go).
    pub rated: bool,
    /// Seeds the draws of which puzzle comes next.
    pub seed: u64,
}

impl StartPuzzles {
    /// At home: one try, every difficulty, rated.
    pub fn at_home(choice: PuzzleChoice, seed: u64) -> StartPuzzles {
        StartPuzzles {
            choice,
            tries: 1,
            difficulty: None,
            rated: true,
            seed,
        }
    }
}

/// The next puzzle (or another choice of puzzles: the next from it).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct PuzzleNext(pub Option<PuzzleChoice>);

/// Make the pit to play glow (the rating counts the puzzle as missed).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct PuzzleHint;

/// Leave the puzzles for the menu (or the kiosk's welcome).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct PuzzleExit;

/// The player's puzzles as kept between runs: rating, streak, his own puzzles.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PlayerPuzzles(pub KeptPuzzles);

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the turn start.
    Solving,
    /// The right start played: the answer's turn is being shown.
    Right,
    /// Solved: the next puzzle waits.
    Solved,
    /// A wrong start played: it is being shown, then the position returns.
    Missed,
    /// The answer being played out.
    Answer,
    /// The answer shown: the next puzzle waits.
    Answered,
}

/// The puzzle on the board.
#[derive(Clone, Debug)]
pub struct PuzzleNow {
    pub puzzle: Puzzle,
    /// Its position, as the board starts it.
    pub start: GameState,
    pub phase: Phase,
    pub tries_left: u32,
    /// The hint was asked for (or given by a kiosk's last try).
    pub hinted: bool,
    /// The rating has counted this puzzle.
    counted: bool,
    /// Decisions of the turn played since the position was last put on the board.
    played: usize,
    /// Seconds since a missed move was shown (the position returns after a pause).
    pause: f32,
    /// The answer is to be sent on the next frame (the frame after its position
    /// was put on the board, whose start clears what is queued).
    answer_due: bool,
}

impl PuzzleNow {
    fn new(puzzle: Puzzle, start: GameState, tries: u32) -> PuzzleNow {
        PuzzleNow {
            puzzle,
            start,
            phase: Phase::Solving,
            tries_left: tries,
            hinted: false,
            counted: false,
            played: 0,
            pause: 0.0,
            answer_due: false,
        }
    }

    /// The decisions the board lets through now: none while solving is open (any
    /// legal one), the answer's rest while it is played out, else none at all.
    fn gate(&self, tr: Tr) -> Option<OnlyDecisions> {
        let these = match self.phase {
            Phase::Solving => return None,
            Phase::Right | Phase::Answer => self
                .puzzle
                .answer
                .get(self.played..)
                .unwrap_or_default()
                .to_vec(),
            Phase::Solved | Phase::Missed | Phase::Answered => Vec::new(),
        };
        Some(OnlyDecisions {
            these,
            otherwise: tr.t("puzzle-done_gate").to_string(),
        })
    }

    /// The pit that glows: the answer's, once a hint was given, while solving.
    pub fn glowing(&self) -> Vec<crate::rules::Pit> {
        match (self.phase, self.hinted) {
            (Phase::Solving, true) => self.puzzle.answer[0].start_pit().into_iter().collect(),
            _ => Vec::new(),
        }
    }
}

/// The puzzles being dealt: present from [`StartPuzzles`] until they are left.
#[derive(Resource, Clone, Debug)]
pub struct PuzzleRun {
    pub choice: PuzzleChoice,
    pub tries: u32,
    pub difficulty: Option<Difficulty>,
    pub rated: bool,
    lot: Lot,
    /// The puzzle on the board (none while its set is being fetched).
    pub now: Option<PuzzleNow>,
    /// Why no puzzle can be dealt, if none can.
    pub problem: Option<String>,
}

/// The puzzles' logic (headless-safe): dealing, judging, the gate and the hint.
pub fn plugin(app: &mut App) {
    app.add_plugins((puzzle_book::plugin, puzzle_making::plugin))
        .init_resource::<PlayerPuzzles>()
        .add_message::<StartPuzzles>()
        .add_message::<PuzzleNext>()
        .add_message::<PuzzleHint>()
        .add_message::<PuzzleExit>()
        .add_systems(
            Update,
            (
                start_puzzles,
                (judge, hint, pace, deal, exit_puzzles, keep_gate_and_glow)
                    .chain()
                    .run_if(resource_exists::<PuzzleRun>),
                try_at_once.run_if(resource_exists::<TryAtOnce>),
            )
                .chain()
                .in_set(crate::game::Flow::Input),
        )
        .add_systems(OnExit(Mode::Puzzle), end_puzzles);
}

/// The puzzles' file beside the settings: read at start-up, written when it changes
/// (needs files: not in tests, not at a kiosk).
pub fn files_plugin(app: &mut App) {
    app.add_systems(Startup, load_player_puzzles).add_systems(
        Update,
        save_player_puzzles
            .after(crate::game::Flow::Input)
            .run_if(not(resource_exists::<ReadOnlyFiles>)),
    );
}

/// The file in the data folder.
const PUZZLES_FILE: &str = "puzzles.json";

fn load_player_puzzles(
    mut kept: ResMut<PlayerPuzzles>,
    folder: Res<DataFolder>,
    mut notice: ResMut<crate::game::play::session::Notice>,
) {
    let Some(path) = folder.file(PUZZLES_FILE) else {
        return;
    };
    let (read, problem) = crate::storage::load_kept_puzzles(&path);
    if let Some(p) = problem {
        warn!("{p}");
        notice.0 = Some(p);
    }
    // `bypass_change_detection`: reading it is not a change to write back.
    *kept.bypass_change_detection() = PlayerPuzzles(read);
}

fn save_player_puzzles(kept: Res<PlayerPuzzles>, folder: Res<DataFolder>) {
    if !kept.is_changed() || kept.is_added() {
        return;
    }
    if let Some(path) = folder.file(PUZZLES_FILE)
        && let Err(e) = crate::storage::save_kept_puzzles(&path, &kept.0)
    {
        warn!("{}: {e}", path.display());
    }
}

fn start_puzzles(
    mut asked: MessageReader<StartPuzzles>,
    mut commands: Commands,
    mut book: ResMut<PuzzleBook>,
    assets: Option<Res<AssetServer>>,
) {
    let Some(start) = asked.read().last().copied() else {
        return;
    };
    for set in sets_of(start.choice) {
        book.ask(set, assets.as_deref());
    }
    commands.insert_resource(PuzzleRun {
        choice: start.choice,
        tries: start.tries.max(1),
        difficulty: start.difficulty,
        rated: start.rated,
        lot: Lot(start.seed),
        now: None,
        problem: None,
    });
}

/// The shipped sets a choice draws from.
fn sets_of(choice: PuzzleChoice) -> Vec<PuzzleSet> {
    match choice {
        PuzzleChoice::Set(set) => vec![set],
        PuzzleChoice::EveryGame => PuzzleSet::shipped(),
        PuzzleChoice::Mine => Vec::new(),
    }
}

/// The puzzles a choice deals from, once every set it needs is read; or why not.
fn pool(
    choice: PuzzleChoice,
    book: &PuzzleBook,
    kept: &KeptPuzzles,
) -> Option<Result<Vec<Arc<Vec<Puzzle>>>, String>> {
    if choice == PuzzleChoice::Mine {
        return Some(Ok(vec![Arc::new(kept.mine.clone())]));
    }
    let mut out = Vec::new();
    for set in sets_of(choice) {
        if let Some(why) = book.failure(set) {
            return Some(Err(why.to_string()));
        }
        out.push(book.puzzles(set)?);
    }
    Some(Ok(out))
}

/// Deals the next puzzle when there is none on the board (the run's start, Next): the
/// one [`crate::ai::puzzles::PuzzleProgress::next`] draws near the player's rating,
/// not the one just played while another is left.
fn deal(
    mut run: ResMut<PuzzleRun>,
    mut next: MessageReader<PuzzleNext>,
    (mut book, kept, assets): (
        ResMut<PuzzleBook>,
        Res<PlayerPuzzles>,
        Option<Res<AssetServer>>,
    ),
    mut start: MessageWriter<StartGame>,
    (mut screen, view): (ResMut<NextState<AppState>>, Option<ResMut<View>>),
) {
    let mut last_id = None;
    for PuzzleNext(choice) in next.read() {
        let done = run
            .now
            .as_ref()
            .is_some_and(|n| matches!(n.phase, Phase::Solved | Phase::Answered));
        if let Some(choice) = choice {
            run.choice = *choice;
            for set in sets_of(*choice) {
                book.ask(set, assets.as_deref());
            }
        } else if !done {
            continue;
        }
        last_id = run.now.take().map(|n| n.puzzle.id);
        run.problem = None;
    }
    if run.now.is_some() {
        return;
    }
    let Some(found) = pool(run.choice, &book, &kept.0) else {
        return; // still being fetched
    };
    let shelves = match found {
        Ok(shelves) => shelves,
        Err(why) => {
            run.problem.get_or_insert(why);
            return;
        }
    };
    let difficulty = run.difficulty;
    let mut all: Vec<Puzzle> = shelves
        .iter()
        .flat_map(|s| s.iter())
        .filter(|p| difficulty.is_none_or(|d| p.difficulty == d))
        .cloned()
        .collect();
    if all.len() > 1 {
        all.retain(|p| Some(&p.id) != last_id.as_ref());
    }
    let mut lot = run.lot;
    let chosen = kept.0.progress.next(&all, &mut lot).cloned();
    run.lot = lot;
    let Some(puzzle) = chosen else {
        run.problem.get_or_insert_with(String::new);
        return;
    };
    match puzzle.state() {
        Ok(state) => {
            // The mover's side towards the player (as when one sits down at it).
            if let Some(mut view) = view {
                let turned = view.north_seat != (state.to_decide() == crate::rules::Player::North);
                view.yaw = if turned { std::f32::consts::PI } else { 0.0 };
            }
            start.write(puzzle_start(&state));
            NextState::set_if_neq(&mut screen, AppState::InGame);
            run.now = Some(PuzzleNow::new(puzzle, state, run.tries));
        }
        Err(e) => run.problem = Some(format!("{}: {e}", puzzle.id)),
    }
}

/// A puzzle's position on the board, both sides played by people (nobody answers).
fn puzzle_start(state: &GameState) -> StartGame {
    StartGame {
        state: state.clone(),
        seats: Seats {
            south: Seat::Person,
            north: Seat::Person,
        },
        begin: Begin::Puzzle,
    }
}

/// Judges the turn start as it is played, and counts the turn's decisions.
fn judge(
    mut played: MessageReader<Played>,
    mut run: ResMut<PuzzleRun>,
    mut kept: ResMut<PlayerPuzzles>,
    mut decide: MessageWriter<DecisionMade>,
) {
    let rated = run.rated;
    let Some(now) = run.now.as_mut() else {
        played.clear();
        return;
    };
    for p in played.read() {
        if now.phase != Phase::Solving {
            now.played += 1;
            continue;
        }
        if p.before != now.start {
            continue;
        }
        now.played = 1;
        let right = p.decision == now.puzzle.answer[0];
        if !now.counted && rated {
            kept.0.progress.record(&now.puzzle, right && !now.hinted);
        }
        now.counted = true;
        if right {
            now.phase = Phase::Right;
            // The rest of the answer's turn (a direction, strips) is played for him.
            for d in &now.puzzle.answer[1..] {
                decide.write(DecisionMade::here(d.clone()));
            }
        } else {
            now.phase = Phase::Missed;
            now.tries_left = now.tries_left.saturating_sub(1);
            now.pause = 0.0;
        }
    }
}

/// Play the first puzzle's answer (`true`) or another move as soon as it is on the
/// board, as if clicked (`--puzzle-try`: the gallery's pictures of a try).
#[derive(Resource, Clone, Copy, Debug)]
pub struct TryAtOnce(pub bool);

fn try_at_once(
    run: Option<Res<PuzzleRun>>,
    (at_once, game): (Res<TryAtOnce>, Res<crate::game::CurrentGame>),
    mut decide: MessageWriter<DecisionMade>,
    mut commands: Commands,
) {
    // Once the puzzle is on the board (its start clears what is queued before it).
    let Some(now) = run
        .as_ref()
        .and_then(|r| r.now.as_ref())
        .filter(|n| n.start == game.0)
    else {
        return;
    };
    let answer = &now.puzzle.answer[0];
    let chosen = if at_once.0 {
        Some(answer.clone())
    } else {
        crate::rules::legal_decisions(&now.start)
            .into_iter()
            .find(|d| d != answer)
    };
    if let Some(d) = chosen {
        decide.write(DecisionMade::here(d));
    }
    commands.remove_resource::<TryAtOnce>();
}

fn hint(mut asked: MessageReader<PuzzleHint>, mut run: ResMut<PuzzleRun>) {
    if asked.read().count() == 0 {
        return;
    }
    if let Some(now) = run.now.as_mut().filter(|n| n.phase == Phase::Solving) {
        now.hinted = true;
    }
}

/// Seconds a missed move stays on the board before its position returns.
const MISSED_PAUSE_S: f32 = 1.5;

/// Moves a puzzle on once the board has shown what was played: a played-out answer
/// ends it; a miss returns the position (for another try, or for the answer).
fn pace(
    mut run: ResMut<PuzzleRun>,
    anim: Res<Animation>,
    time: Res<Time>,
    mut start: MessageWriter<StartGame>,
    mut decide: MessageWriter<DecisionMade>,
    mut wake: ResMut<crate::game::wake::WakeAt>,
) {
    let tries = run.tries;
    let Some(now) = run.now.as_mut() else {
        return;
    };
    if now.answer_due {
        now.answer_due = false;
        for d in &now.puzzle.answer {
            decide.write(DecisionMade::here(d.clone()));
        }
        return;
    }
    let shown = !anim.busy() && now.played >= now.puzzle.answer.len();
    match now.phase {
        Phase::Right if shown => now.phase = Phase::Solved,
        Phase::Answer if shown => now.phase = Phase::Answered,
        Phase::Missed if !anim.busy() => {
            now.pause += time.delta_secs();
            if now.pause < MISSED_PAUSE_S {
                wake.within(std::time::Duration::from_millis(100));
                return;
            }
            start.write(puzzle_start(&now.start));
            now.played = 0;
            if now.tries_left > 0 {
                now.phase = Phase::Solving;
                // A kiosk's last try: the pit glows.
                now.hinted |= tries > 1 && now.tries_left == 1;
            } else {
                now.phase = Phase::Answer;
                now.answer_due = true;
            }
        }
        _ => {}
    }
}

fn exit_puzzles(
    mut asked: MessageReader<PuzzleExit>,
    mut next: ResMut<NextState<AppState>>,
    mut commands: Commands,
    mode: crate::game::CurrentMode,
) {
    if asked.read().count() > 0 {
        next.set(AppState::Menu);
        if mode.get() != Some(Mode::Puzzle) {
            // Left while its set was still being fetched.
            commands.remove_resource::<PuzzleRun>();
        }
    }
}

/// The gate and the glowing pit follow the puzzle (and the language of the gate's
/// word).
fn keep_gate_and_glow(
    run: Res<PuzzleRun>,
    tr: Res<Tr>,
    only: Option<ResMut<OnlyDecisions>>,
    mut commands: Commands,
    mut glowing: ResMut<GuidedPits>,
) {
    if !run.is_changed() && !tr.is_changed() {
        return;
    }
    let gate = run.now.as_ref().and_then(|n| n.gate(*tr));
    match (gate, only) {
        (Some(gate), Some(mut only)) => {
            only.set_if_neq(gate);
        }
        (Some(gate), None) => commands.insert_resource(gate),
        (None, Some(_)) => commands.remove_resource::<OnlyDecisions>(),
        (None, None) => {}
    }
    let pits = run.now.as_ref().map(PuzzleNow::glowing).unwrap_or_default();
    glowing.set_if_neq(GuidedPits(pits));
}

fn end_puzzles(
    mut commands: Commands,
    mut glowing: ResMut<GuidedPits>,
    view: Option<ResMut<View>>,
) {
    if let Some(mut view) = view {
        view.yaw = 0.0;
    }
    commands.remove_resource::<PuzzleRun>();
    commands.remove_resource::<OnlyDecisions>();
    glowing.set_if_neq(GuidedPits::default());
}

/// The answer's first decision as the review and the window write it.
pub fn answer_text(puzzle: &Puzzle) -> String {
    puzzle
        .answer
        .first()
        .map(Decision::to_string)
        .unwrap_or_default()
}
