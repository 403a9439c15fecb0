//! Log lines for automated checks (the browser test, a technician's install check):
//! `MANCALA_BOARD_DRAWN` once a frame has drawn the first board ([`SceneDrawn`]), with
//! where in the window a pit the person may play lies (so that a test can click it),
//! `MANCALA_PLAYED` after every decision, `MANCALA_YOUR_TURN` (with a pit, as above)
//! whenever it becomes a person's turn again (after a move, an undo or a redo), and `MANCALA_COMPUTER_THOUGHT` after each
//! search of the computer: over how many frames it ran and the longest of them;
//! `MANCALA_MENU_BUTTON` with where the HUD's menu button is (again if it moves), and
//! `MANCALA_PUZZLE` with where a puzzle's answer and a wrong pit lie, and
//! `MANCALA_PUZZLE_PHASE` at each of its steps,
//! `MANCALA_SCREEN menu` whenever the menu opens (so a test can tap through the
//! interface itself), and `MANCALA_ONLINE` with the online room's code, this
//! player's seat, the connection and who sits in the room (South's seat, then
//! North's: `Open`, `Here` or `Away`), whether it waits for a quick match
//! (`waiting=yes`) and whether the browser has no network (`network=offline`: online
//! play's screen and room line then say that it needs it) whenever one of them changes.

use crate::game::play::computer::ComputerPlayer;
use crate::game::play::session::{Played, Seats, person_to_decide};
use crate::game::shared::{GameStarted, network_offline};
use crate::game::show::board::PitView;
use crate::game::show::camera::MainCamera;
use crate::game::{AppState, CurrentGame, Flow};
use bevy::ecs::system::SystemParam;
use bevy::pbr::SpecializedMaterialPipelineCache;
use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::sync_world::MainEntity;
use bevy::render::{Extract, ExtractSchedule, Render, RenderApp, RenderSystems};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Reports where the HUD's menu button is whenever that changes.
fn menu_button(at: Res<crate::game::ui::buttons::MenuButtonAt>) {
    if at.is_changed()
        && let Some((x, y)) = at.0
    {
        info!("MANCALA_MENU_BUTTON x={x} y={y}");
    }
}

/// Reports the online room, seat, connection and seats whenever they change.
fn online(game: Option<Res<crate::game::venue::online::OnlineGame>>, mut last: Local<String>) {
    let Some(g) = game else { return };
    let line = format!(
        "MANCALA_ONLINE room={} seat={} link={:?} seq={} seats={:?},{:?} waiting={} network={}",
        g.room.as_deref().unwrap_or("none"),
        g.seat.map_or("none", |p| match p {
            crate::rules::Player::South => "south",
            crate::rules::Player::North => "north",
        }),
        g.link,
        g.seq,
        g.seats[0],
        g.seats[1],
        if g.waiting.is_some() { "yes" } else { "no" },
        if network_offline() {
            "offline"
        } else {
            "online"
        }
    );
    if *last != line {
        info!("{line}");
        *last = line;
    }
}

/// Reports the number of decisions in the game's record (`MANCALA_MOVES n=N`: after
/// a move, an undo or a redo) and the past position viewed (`MANCALA_VIEWING n=N`, or
/// `none` back at the game) whenever they change.
fn records(
    history: Res<crate::game::play::session::History>,
    viewing: Res<crate::game::play::session::Viewing>,
    mut last: Local<Option<(usize, Option<usize>)>>,
) {
    let now = (
        history.record.as_ref().map_or(0, |r| r.decisions.len()),
        viewing.0,
    );
    let Some(before) = last.replace(now) else {
        return;
    };
    if before.0 != now.0 {
        info!("MANCALA_MOVES n={}", now.0);
    }
    if before.1 != now.1 {
        match now.1 {
            Some(n) => info!("MANCALA_VIEWING n={n}"),
            None => info!("MANCALA_VIEWING none"),
        }
    }
}

/// Frames a later game's board (an online room's, say) is shown before its first turn
/// is reported: its pipelines are built by then, with the first board's.
const SHOWN_FRAMES: u32 = 10;

/// Whether the board has been drawn: set after the first frame that drew every pit
/// with its material's pipeline built, while no pipeline was still being built (the
/// depth prepass's, the shadows', the interface's). Shared by both worlds; the render
/// world sets it.
///
/// A software renderer takes most of a second to build the scene's pipelines (the
/// browser builds them while drawing the frame that first needs them), so this is the
/// frame the board first appears in, not a fixed count of frames after the pits exist.
/// (The browser shows that frame when the GPU has drawn it: in headless Chromium its
/// screencast showed the board within a frame of this, docs/performance.md.)
#[derive(Resource, Clone, Default)]
pub struct SceneDrawn(Arc<AtomicBool>);

impl SceneDrawn {
    /// Whether the board has been drawn.
    pub fn now(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Whether `MANCALA_BOARD_DRAWN` has been reported (the first board).
#[derive(Resource, Default)]
pub struct FirstBoardDrawn(pub bool);

/// The pits the scene shows, in the render world (from the main world's frame).
#[derive(Resource, Default)]
struct ShownPits(Vec<MainEntity>);

/// The probe plugin.
pub fn plugin(app: &mut App) {
    let drawn = SceneDrawn::default();
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(drawn.clone())
            .init_resource::<ShownPits>()
            .add_systems(ExtractSchedule, extract_shown_pits.run_if(not_drawn_yet))
            .add_systems(
                Render,
                check_scene_drawn
                    .after(RenderSystems::Render)
                    .run_if(not_drawn_yet),
            );
    }
    app.insert_resource(drawn)
        .init_resource::<FirstBoardDrawn>()
        .add_systems(
            Last,
            (
                (board_drawn, your_turn).chain(),
                computer_thought,
                menu_button,
                online,
                records,
                review_done,
                puzzle_phase,
                // After the turn is reported: a test reads "your turn", then "resting".
                at_rest.after(crate::game::wake::PaceSet).after(your_turn),
            ),
        )
        .add_systems(Update, played.after(Flow::Decide))
        .add_systems(OnEnter(AppState::Menu), || info!("MANCALA_SCREEN menu"));
}

/// What the probe looks at: the game, whose turn it is, and where the pits are drawn.
#[derive(SystemParam)]
struct BoardView<'w, 's> {
    game: Res<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    anim: Res<'w, crate::game::show::animation::Animation>,
    pits: Query<'w, 's, (&'static PitView, &'static GlobalTransform), With<Mesh3d>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
    windows: Query<'w, 's, &'static Window>,
    only: Option<Res<'w, crate::game::shared::OnlyDecisions>>,
}

impl BoardView<'_, '_> {
    /// Whether a person is to decide now.
    fn persons_turn(&self) -> bool {
        person_to_decide(&self.game.0, &self.seats, &self.anim)
            && self.only.as_ref().is_none_or(|o| !o.these.is_empty())
    }

    /// Where pit `pit` lies in the window.
    fn pit_at(&self, pit: crate::rules::Pit) -> Option<Vec2> {
        let (camera, at) = self.cameras.single().ok()?;
        self.pits
            .iter()
            .find(|(v, _)| v.pit_on(&self.game.0) == Some(pit))
            .and_then(|(_, t)| camera.world_to_viewport(at, t.translation()).ok())
    }

    /// A pit the person may play now, and where it lies in the window (the one
    /// nearest the window's centre).
    fn playable_pit(&self) -> Option<(crate::rules::Pit, Vec2)> {
        let ((camera, at), window) = (self.cameras.single().ok()?, self.windows.single().ok()?);
        let centre = Vec2::new(window.width() / 2.0, window.height() / 2.0);
        let playable: Vec<_> = crate::rules::legal_decisions(&self.game.0)
            .iter()
            .filter_map(|d| d.start_pit())
            .collect();
        self.pits
            .iter()
            .filter(|(v, _)| {
                v.pit_on(&self.game.0)
                    .is_some_and(|p| playable.contains(&p))
            })
            .filter_map(|(v, t)| {
                let p = camera.world_to_viewport(at, t.translation()).ok()?;
                Some((p.distance(centre), v.pit, p))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, pit, p)| (pit, p))
    }

    /// The log line naming a playable pit and where it is.
    fn pit_line(&self, what: &str) -> String {
        let id = self.game.0.game().id();
        match self.playable_pit() {
            Some((pit, p)) if self.persons_turn() => format!(
                "{what} game={id} pit={},{} x={:.0} y={:.0}",
                pit.row, pit.col, p.x, p.y
            ),
            _ => format!("{what} game={id} pit=none"),
        }
    }
}

fn your_turn(
    mut was_persons: Local<bool>,
    mut shown: Local<u32>,
    mut again: Local<bool>,
    mut started: MessageReader<GameStarted>,
    view: BoardView,
    (first_drawn, history): (
        Res<FirstBoardDrawn>,
        Res<crate::game::play::session::History>,
    ),
    (mut moves_before, mut redraw, puzzle): (
        Local<usize>,
        MessageWriter<bevy::window::RequestRedraw>,
        Option<Res<crate::game::ui::puzzles::PuzzleRun>>,
    ),
) {
    // A person's turn again after an undo or a redo (no seeds moved between) is
    // reported as a new turn.
    let moves = history.record.as_ref().map_or(0, |r| r.decisions.len());
    if std::mem::replace(&mut *moves_before, moves) != moves {
        *was_persons = false;
    }
    let persons = view.persons_turn();
    // The first board's first turn is reported by `board_drawn`; a later game's once
    // its board has been shown for SHOWN_FRAMES frames.
    let board_shown = |again: bool, shown: u32| {
        if again {
            shown >= SHOWN_FRAMES
        } else {
            first_drawn.0
        }
    };
    if started.read().count() > 0 && board_shown(*again, *shown) {
        // Another game (an online room's, say): its first turn is reported once its
        // board has been shown, even if a person was to move before it too.
        *shown = 0;
        *again = true;
        *was_persons = false;
    }
    if !board_shown(*again, *shown) {
        if !view.pits.is_empty() {
            *shown += 1;
        }
        if *again {
            // Counting frames: a window that draws only when something changes
            // (`pace`) draws these few for the count.
            redraw.write(bevy::window::RequestRedraw);
        }
        if !*again {
            *was_persons = persons;
        }
        return;
    }
    *again = false;
    if persons && !*was_persons && view.playable_pit().is_some() {
        info!("{}", view.pit_line("MANCALA_YOUR_TURN"));
        if let Some(now) = solving(&puzzle) {
            puzzle_pits(&view, now);
        }
    }
    *was_persons = persons;
}

/// In a puzzle, where its answer's pit and a wrong one lie (`MANCALA_PUZZLE id=...
/// answer=x,y wrong=x,y`), for a test that solves one and fails one.
fn puzzle_pits(view: &BoardView, now: &crate::game::ui::puzzles::PuzzleNow) {
    let answer = now.puzzle.answer[0].start_pit();
    let wrong = crate::rules::legal_decisions(&now.start)
        .iter()
        .filter_map(|d| d.start_pit())
        .find(|p| Some(*p) != answer);
    let at = |pit: Option<crate::rules::Pit>| match pit.and_then(|p| view.pit_at(p)) {
        Some(v) => format!("{:.0},{:.0}", v.x, v.y),
        None => "none".to_string(),
    };
    info!(
        "MANCALA_PUZZLE id={} answer={} wrong={}",
        now.puzzle.id,
        at(answer),
        at(wrong)
    );
}

/// Reports each step of a puzzle (`MANCALA_PUZZLE_PHASE phase=Solved id=...`).
fn puzzle_phase(run: Option<Res<crate::game::ui::puzzles::PuzzleRun>>, mut last: Local<String>) {
    let line = match run.as_ref().and_then(|r| r.now.as_ref()) {
        Some(now) => format!(
            "MANCALA_PUZZLE_PHASE phase={:?} id={}",
            now.phase, now.puzzle.id
        ),
        None => String::new(),
    };
    if *last != line {
        if !line.is_empty() {
            info!("{line}");
        }
        *last = line;
    }
}

/// Reports each search of the computer: frames it spanned and the longest frame.
fn computer_thought(
    mut during: Local<Option<(u32, f32)>>,
    time: Res<Time<Real>>,
    computer: Res<ComputerPlayer>,
) {
    let frame_ms = time.delta_secs() * 1000.0;
    match (computer.thinking(), during.as_mut()) {
        (true, Some((frames, longest))) => {
            *frames += 1;
            *longest = longest.max(frame_ms);
        }
        (true, None) => *during = Some((1, frame_ms)),
        (false, Some((frames, longest))) => {
            info!("MANCALA_COMPUTER_THOUGHT frames={frames} longest_frame_ms={longest:.0}");
            *during = None;
        }
        (false, None) => {}
    }
}

fn board_drawn(
    drawn: Res<SceneDrawn>,
    mut first: ResMut<FirstBoardDrawn>,
    view: BoardView,
    puzzle: Option<Res<crate::game::ui::puzzles::PuzzleRun>>,
) {
    if first.0
        || view.pits.is_empty()
        || !drawn.now()
        || view.cameras.single().is_err()
        || view.windows.single().is_err()
    {
        return;
    }
    first.0 = true;
    info!("{}", view.pit_line("MANCALA_BOARD_DRAWN"));
    if let Some(now) = solving(&puzzle) {
        puzzle_pits(&view, now);
    }
}

/// The puzzle on the board while it waits for its turn start.
fn solving<'a>(
    puzzle: &'a Option<Res<crate::game::ui::puzzles::PuzzleRun>>,
) -> Option<&'a crate::game::ui::puzzles::PuzzleNow> {
    puzzle
        .as_ref()
        .and_then(|r| r.now.as_ref())
        .filter(|n| n.phase == crate::game::ui::puzzles::Phase::Solving)
}

/// Whether the render world is still waiting for the first board (then its two
/// systems stop: nothing per frame afterwards).
fn not_drawn_yet(drawn: Res<SceneDrawn>) -> bool {
    !drawn.now()
}

/// The pits' entities once they have a mesh.
type PitMeshes = (With<PitView>, With<Mesh3d>);

/// Copies which pits the scene camera shows into the render world. A pit can be
/// visible to a light's shadow and not to the camera (a wide board seen close up):
/// it is drawn in no camera's pass, so it is not waited for.
fn extract_shown_pits(
    pits: Extract<Query<(Entity, &ViewVisibility), PitMeshes>>,
    cameras: Extract<Query<&bevy::camera::visibility::VisibleEntities, With<MainCamera>>>,
    mut shown: ResMut<ShownPits>,
) {
    let mesh = std::any::TypeId::of::<Mesh3d>();
    let seen: std::collections::HashSet<Entity> = cameras
        .iter()
        .flat_map(|visible| visible.iter(mesh).copied())
        .collect();
    shown.0.clear();
    shown.0.extend(
        pits.iter()
            .filter(|(pit, visibility)| visibility.get() && seen.contains(pit))
            .map(|(pit, _)| MainEntity::from(pit)),
    );
}

/// After the render world has drawn a frame: whether it drew every pit shown, each with
/// its material's pipeline built for some view (the scene camera's), while no pipeline
/// was still being built; if so, sets [`SceneDrawn`] for good.
fn check_scene_drawn(
    shown: Res<ShownPits>,
    specialized: Res<SpecializedMaterialPipelineCache>,
    pipelines: Res<PipelineCache>,
    drawn: Res<SceneDrawn>,
) {
    let built = |pit: &MainEntity| {
        specialized.values().any(|view| {
            view.get(pit).is_some_and(|&id| {
                matches!(
                    pipelines.get_render_pipeline_state(id),
                    CachedPipelineState::Ok(_)
                )
            })
        })
    };
    let building = pipelines
        .pipelines()
        .any(|p| matches!(p.state, CachedPipelineState::Creating(_)));
    if !shown.0.is_empty() && shown.0.iter().all(built) && !building {
        drawn.0.store(true, Ordering::Relaxed);
    }
}

/// Reports each time frames stop (the window drawing only when something changes,
/// `game::pace`), with how many seeds the frame just drawn shows away from their
/// places in the rules state: 0 means the last picture before the pause is the
/// position itself, every move shown to its end.
fn at_rest(
    drawing: Res<crate::game::wake::Drawing>,
    game: Res<CurrentGame>,
    seeds: Query<(&crate::game::show::seeds::SeedView, &Transform)>,
    mut was: Local<bool>,
) {
    if *was && !drawing.0 {
        use crate::game::show::seeds::{default_hand, hand_above, seed_position};
        let s = &game.0;
        let board = s.board();
        let hand = match s.pending() {
            crate::rules::Pending::Direction(m) => board
                .index(m.from)
                .map_or(default_hand(), |i| hand_above(board, i)),
            _ => default_hand(),
        };
        let away = seeds
            .iter()
            .filter(|(v, t)| {
                let at = seed_position(board, s.game(), v.place, v.slot, hand);
                t.translation.distance(at) > 1e-3
            })
            .count();
        info!("MANCALA_RESTING seeds_away={away}");
    }
    *was = drawing.0;
}

/// Reports a game review once it is complete (`scripts/idle.sh` waits for it).
fn review_done(review: Res<crate::game::play::review::GameReview>, mut said: Local<bool>) {
    let done = review.finished();
    if done && !*said {
        info!("MANCALA_REVIEW_DONE decisions={}", review.progress().1);
    }
    *said = done;
}

fn played(mut played: MessageReader<Played>) {
    for p in played.read() {
        info!("MANCALA_PLAYED {}", p.decision);
    }
}
