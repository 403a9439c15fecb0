//! The board: one entity per pit (and per Anywoli store), placed from the rules'
//! grid and rebuilt for each new game; [`visuals_plugin`] adds the wooden slab, the
//! pit hollows, highlights of the legal pits and clicking.

use super::close_view::{CloseView, Panned, ViewRequest};
use crate::game::look::graphics::Graphics;
use crate::game::look::layout::{self, PIT_RADIUS};
use crate::game::shared::GameStarted;
use crate::game::shared::{ArrangeDraft, Choice, Cursor, HoveredPit, PitClicked};
use crate::game::{CurrentGame, CurrentMode, Deciding, Rebuild};
use crate::rules::{Board, Game, GameState, Pit, Player};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// A pit of the rules' grid, on the board of one game and size.
///
/// A new game's board replaces the old one's entities in [`Rebuild::Board`], and the
/// schedule runs everything that draws after it (see `docs/architecture.md`, "A new
/// board"). Whatever reads the rules state through a pit entity still asks
/// [`PitView::index_on`], which refuses a pit of another board: a system ordered
/// wrongly by a later change then skips a stale pit for a frame instead of reading
/// another game's counts.
#[derive(Component, Clone, Copy, Debug)]
pub struct PitView {
    /// Flat index in the rules' board.
    pub index: usize,
    pub pit: Pit,
    /// The board this pit belongs to (one per game and size, see
    /// [`crate::rules::GameState::board`]).
    board: &'static Board,
}

impl PitView {
    /// The pit at flat `index` of `board`.
    pub fn new(board: &'static Board, index: usize) -> PitView {
        PitView {
            index,
            pit: board.pit(index),
            board,
        }
    }

    /// The pit's flat index in `state`, or `None` if this entity belongs to the board
    /// of another game or size (one being replaced).
    pub fn index_on(&self, state: &GameState) -> Option<usize> {
        std::ptr::eq(self.board, state.board()).then_some(self.index)
    }

    /// The pit, if it is on `state`'s board (see [`PitView::index_on`]).
    pub fn pit_on(&self, state: &GameState) -> Option<Pit> {
        self.index_on(state).map(|_| self.pit)
    }
}

/// An Anywoli store.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreView(pub Player);

/// The board's root entity; the slab, pits and stores are its children.
#[derive(Component)]
pub struct BoardRoot;

/// Pits a guide asks the learner to play (the tutorial's step): they glow.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct GuidedPits(pub Vec<Pit>);

/// Spawns the pit entities for each new game.
pub fn plugin(app: &mut App) {
    app.init_resource::<GuidedPits>().add_systems(
        PostUpdate,
        spawn_board
            .in_set(Rebuild::Board)
            .run_if(on_message::<GameStarted>),
    );
}

fn spawn_board(
    mut commands: Commands,
    game: Res<CurrentGame>,
    old: Query<Entity, With<BoardRoot>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let board = game.0.board();
    commands
        .spawn((BoardRoot, Transform::default(), Visibility::default()))
        .with_children(|root| {
            for i in 0..board.len() {
                let (x, z) = layout::pit_centre(board, i);
                root.spawn((
                    PitView::new(board, i),
                    Transform::from_xyz(x, layout::BOARD_TOP, z),
                    Visibility::default(),
                ));
            }
            if game.0.game() == Game::Anywoli {
                for p in Player::BOTH {
                    let (x, z) = layout::store_centre(board, p);
                    root.spawn((
                        StoreView(p),
                        Transform::from_xyz(x, layout::BOARD_TOP, z),
                        Visibility::default(),
                    ));
                }
            }
        });
}

/// How a pit is lit now.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PitLook {
    #[default]
    Plain,
    Legal,
    Cursor,
    Marked,
    /// Where the hovered pit's first lap would end.
    Preview,
}

/// What holds for a pit now, for [`PitLook::of`].
#[derive(Clone, Copy, Debug, Default)]
struct PitShows {
    /// Marked: the pit being sown, chosen, hinted or asked for by a lesson.
    marked: bool,
    /// Where the hovered pit's first lap would end.
    preview: bool,
    /// Under the keyboard's cursor.
    cursor: bool,
    /// The person may play it.
    legal: bool,
    /// A lesson's step names the pits to play.
    guided: bool,
}

impl PitLook {
    /// The look of a pit, the strongest reason first. While a lesson's step names the
    /// pits to play, the other legal pits stay plain: the step's text speaks of "the
    /// glowing pit", and the lesson refuses the others anyway.
    fn of(p: PitShows) -> PitLook {
        if p.marked {
            PitLook::Marked
        } else if p.preview {
            PitLook::Preview
        } else if p.cursor {
            PitLook::Cursor
        } else if p.legal && !p.guided {
            PitLook::Legal
        } else {
            PitLook::Plain
        }
    }
}

/// Meshes, materials, highlights and clicking for the board.
pub fn visuals_plugin(app: &mut App) {
    app.init_resource::<SharedHollows>()
        .init_resource::<crate::game::shared::PlayMarks>()
        .add_systems(PostUpdate, dress_board.in_set(Rebuild::Dress))
        .add_systems(
            Update,
            (light_pits, direction_arrows.run_if(in_state(Deciding)))
                .after(crate::game::shared::MarkPits),
        );
}

/// A pit's own shade of the board's finish (no two pits look stamped).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct PitTint(f32);

/// Low graphics: the pits share one material for each way a pit is lit (and for high
/// contrast), so that a software renderer draws the plain pits in one batch rather
/// than one draw each in each of its three passes (Nsolo 4x36 has 144 pits); they
/// lose their own shades of the finish. Made for the look of the game being shown.
#[derive(Resource, Default)]
struct SharedHollows {
    game: Option<Game>,
    made: std::collections::HashMap<(PitLook, bool), Handle<StandardMaterial>>,
}

impl SharedHollows {
    fn get(
        &mut self,
        assets: &crate::game::look::scene::LookAssets,
        look: PitLook,
        high_contrast: bool,
        materials: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        if self.game != Some(assets.game) {
            self.made.clear();
            self.game = Some(assets.game);
        }
        self.made
            .entry((look, high_contrast))
            .or_insert_with(|| {
                materials.add(hollow_material(
                    &assets.board,
                    look,
                    high_contrast,
                    PitTint(1.0),
                ))
            })
            .clone()
    }
}

/// Whether low graphics is on.
fn low_graphics(graphics: &Option<Res<Graphics>>) -> bool {
    graphics.as_ref().is_some_and(|g| g.low)
}

/// A number 0..1 from a pit's index, the same every time.
fn pit_dice(i: usize, salt: u64) -> f32 {
    let h = (i as u64 + 1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(salt.wrapping_mul(0xc2b2_ae3d_27d4_eb4f));
    ((h >> 40) & 0xffff) as f32 / 65_535.0
}

fn dress_board(
    mut commands: Commands,
    (game, assets): (
        Res<CurrentGame>,
        Option<Res<crate::game::look::scene::LookAssets>>,
    ),
    roots: Query<Entity, Added<BoardRoot>>,
    mut pits: Query<(Entity, &PitView, &mut Transform), Added<PitView>>,
    stores: Query<Entity, Added<StoreView>>,
    (graphics, mut shared): (Option<Res<Graphics>>, ResMut<SharedHollows>),
    paint: crate::game::look::scene::Painter,
) {
    let crate::game::look::scene::Painter {
        mut meshes,
        mut materials,
        ..
    } = paint;
    let (Ok(root), Some(assets)) = (roots.single(), assets) else {
        return;
    };
    dress_root(&mut commands, root, &game.0, &assets, &mut meshes);
    let low = low_graphics(&graphics);
    let hollows = (&mut *shared, &mut *meshes, &mut *materials);
    dress_pits(&mut commands, &mut pits, &assets, low, hollows);
    dress_stores(&mut commands, &stores, &assets, &mut meshes, &mut materials);
}

/// The board itself under its root: the carved top plate, and, unless it is dug into
/// the ground, its rounded edge and sides, the line between the halves, and the
/// trays for captured seeds.
fn dress_root(
    commands: &mut Commands,
    root: Entity,
    state: &crate::rules::GameState,
    assets: &crate::game::look::scene::LookAssets,
    meshes: &mut Assets<Mesh>,
) {
    use crate::game::look::carving::to_mesh;
    use crate::game::look::carving::{self, BEVEL};
    let board = state.board();
    let g = state.game();
    let has_stores = g == Game::Anywoli;
    let look = assets.look;
    let (w, d) = layout::board_size(board, has_stores);
    // Dug into the ground, the board's top is the ground itself: no edge, no sides.
    let inset = if look.dug_in_ground { 0.0 } else { BEVEL };
    commands.entity(root).with_children(|r| {
        // The carved top plate, with a hole over every pit and store.
        r.spawn((
            Mesh3d(meshes.add(to_mesh(carving::top_plate(board, has_stores, 48, inset)))),
            MeshMaterial3d(assets.board_handle.clone()),
            Transform::from_xyz(0.0, layout::BOARD_TOP, 0.0),
            Pickable::IGNORE,
        ));
        if !look.dug_in_ground {
            // The rounded edge and the sides down to the table.
            r.spawn((
                Mesh3d(meshes.add(to_mesh(carving::slab_edge(w, d, BEVEL, -look.table_y(), 6)))),
                MeshMaterial3d(assets.board_handle.clone()),
                Transform::from_xyz(0.0, layout::BOARD_TOP, 0.0),
                Pickable::IGNORE,
            ));
            // The inlaid line between the two players' halves.
            r.spawn((
                Mesh3d(meshes.add(carving::one_layout(
                    Cuboid::new(board.cols as f32 * layout::PIT_SPACING, 0.02, 0.05).into(),
                ))),
                MeshMaterial3d(assets.divide.clone()),
                Transform::from_xyz(0.0, layout::BOARD_TOP - 0.008, 0.0),
                Pickable::IGNORE,
            ));
        }
        // Bowls for the captured seeds, on the table beside each player.
        if crate::game::look::layout::has_trays(g) && look.tray != crate::game::look::Tray::Heap {
            let radius = layout::tray_radius(g.total_seeds(board.cols));
            let tray = meshes.add(to_mesh(carving::tray(
                radius,
                look.tray == crate::game::look::Tray::Calabash,
                40,
            )));
            for p in Player::BOTH {
                let (x, z) = crate::game::look::framing::tray_centre(board, has_stores, p, radius);
                r.spawn((
                    Mesh3d(tray.clone()),
                    MeshMaterial3d(assets.tray.clone()),
                    Transform::from_xyz(x, look.table_y(), z)
                        .with_rotation(Quat::from_rotation_y(p as usize as f32 * 2.0)),
                    Pickable::IGNORE,
                ));
            }
        }
    });
}

/// Each pit a bowl with its material (shared in low graphics), turned and shaded a
/// little its own way, clickable at its opening, with its ring and pointer.
fn dress_pits(
    commands: &mut Commands,
    pits: &mut Query<(Entity, &PitView, &mut Transform), Added<PitView>>,
    assets: &crate::game::look::scene::LookAssets,
    low: bool,
    (shared, meshes, materials): (
        &mut SharedHollows,
        &mut Assets<Mesh>,
        &mut Assets<StandardMaterial>,
    ),
) {
    use crate::game::look::carving::to_mesh;
    use crate::game::look::carving::{self, PIT_DEPTH};
    // Each pit is a bowl with its own material, so that it can be lit; each is
    // turned its own way (the grain differs) and shaded a little differently.
    let bowl = meshes.add(to_mesh(carving::bowl(
        PIT_RADIUS, PIT_RADIUS, PIT_DEPTH, 32, 8,
    )));
    // Shape cues, so that a highlight never relies on colour alone: a ring round a
    // pit that may be played, a pointer over the pit that matters now.
    let ring = meshes.add(carving::one_layout(
        Torus::new(PIT_RADIUS + 0.02, PIT_RADIUS + 0.07).into(),
    ));
    // Just under the rim, inside the bowl's bounds (the ray cast culls by them).
    let opening = meshes.add(carving::one_layout(
        Plane3d::new(Vec3::Y, Vec2::splat(PIT_RADIUS))
            .mesh()
            .build()
            .translated_by(Vec3::new(0.0, -0.02, 0.0)),
    ));
    let pointer = meshes.add(carving::one_layout(
        Cone {
            radius: 0.13,
            height: 0.3,
        }
        .into(),
    ));
    let ring_colour = materials.add(marker_material(Color::srgb(0.90, 0.62, 0.0)));
    let pointer_colour = materials.add(marker_material(Color::srgb(0.34, 0.71, 0.91)));
    for (e, view, mut transform) in pits {
        transform.rotation = Quat::from_rotation_y(pit_dice(view.index, 1) * std::f32::consts::TAU);
        let tint = PitTint(0.9 + 0.2 * pit_dice(view.index, 2));
        let material = if low {
            shared.get(assets, PitLook::Plain, false, materials)
        } else {
            materials.add(hollow_material(&assets.board, PitLook::Plain, false, tint))
        };
        commands
            .entity(e)
            .insert((
                Mesh3d(bowl.clone()),
                MeshMaterial3d(material),
                PitLook::Plain,
                tint,
                // Clicks aim at the pit's opening, a flat square at the rim: a
                // pit is hit wherever its opening shows, from any camera angle.
                bevy::picking::mesh_picking::ray_cast::SimplifiedMesh(opening.clone()),
            ))
            .observe(on_pit_click)
            .observe(on_pit_over)
            .observe(on_pit_out)
            .with_children(|pit| {
                pit.spawn((
                    PitMarker::Ring,
                    Mesh3d(ring.clone()),
                    MeshMaterial3d(ring_colour.clone()),
                    Transform::from_xyz(0.0, 0.01, 0.0),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                ));
                pit.spawn((
                    PitMarker::Pointer,
                    Mesh3d(pointer.clone()),
                    MeshMaterial3d(pointer_colour.clone()),
                    // Point down into the pit, above the seeds.
                    Transform::from_xyz(0.0, 0.75, 0.0)
                        .with_rotation(Quat::from_rotation_x(std::f32::consts::PI)),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                ));
            });
    }
}

/// Anywoli's stores: long bowls of the board's finish.
fn dress_stores(
    commands: &mut Commands,
    stores: &Query<Entity, Added<StoreView>>,
    assets: &crate::game::look::scene::LookAssets,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    use crate::game::look::carving::to_mesh;
    use crate::game::look::carving::{self, PIT_DEPTH, STORE_HALF_LENGTH};
    let store_bowl = meshes.add(to_mesh(carving::bowl(
        PIT_RADIUS,
        STORE_HALF_LENGTH,
        PIT_DEPTH + 0.04,
        48,
        10,
    )));
    for e in stores {
        commands.entity(e).insert((
            Mesh3d(store_bowl.clone()),
            MeshMaterial3d(materials.add(hollow_material(
                &assets.board,
                PitLook::Plain,
                false,
                PitTint(0.95),
            ))),
            Pickable::IGNORE,
        ));
    }
}

/// A shape cue's material: lit from within, so that it reads on any wood.
fn marker_material(colour: Color) -> StandardMaterial {
    crate::game::look::carving::smooth(StandardMaterial {
        base_color: colour,
        emissive: colour.to_linear() * 0.8,
        ..default()
    })
}

/// A shape drawn with a highlight, so that it does not rely on colour alone.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PitMarker {
    /// Round a pit that may be played.
    Ring,
    /// Over the pit that matters now (the hint, the tutorial's pit, the keyboard
    /// cursor, the animation's relay or capture).
    Pointer,
}

impl PitMarker {
    /// Whether this cue shows for a pit lit so.
    fn shows_for(self, look: PitLook) -> bool {
        match self {
            PitMarker::Ring => matches!(look, PitLook::Legal | PitLook::Cursor),
            PitMarker::Pointer => matches!(look, PitLook::Marked | PitLook::Cursor),
        }
    }
}

/// A pit's material: the board's finish in the pit's own shade, tinted and lit from
/// within when highlighted. The colours follow the Okabe–Ito palette (orange,
/// yellow, sky blue, reddish purple), which stays distinct under the common
/// colour-vision deficiencies; high contrast makes every glow much brighter.
fn hollow_material(
    finish: &StandardMaterial,
    look: PitLook,
    high_contrast: bool,
    tint: PitTint,
) -> StandardMaterial {
    let (base, glow) = match look {
        PitLook::Plain => (LinearRgba::rgb(1.0, 1.0, 1.0), LinearRgba::BLACK),
        PitLook::Legal => (
            LinearRgba::rgb(1.25, 0.95, 0.55),
            LinearRgba::rgb(0.16, 0.08, 0.0),
        ),
        PitLook::Cursor => (
            LinearRgba::rgb(1.3, 1.2, 0.5),
            LinearRgba::rgb(0.30, 0.26, 0.03),
        ),
        PitLook::Marked => (
            LinearRgba::rgb(0.55, 0.85, 1.3),
            LinearRgba::rgb(0.03, 0.14, 0.30),
        ),
        PitLook::Preview => (
            LinearRgba::rgb(1.1, 0.6, 0.95),
            LinearRgba::rgb(0.20, 0.05, 0.15),
        ),
    };
    StandardMaterial {
        base_color: Color::LinearRgba(base * tint.0),
        emissive: if high_contrast { glow * 3.0 } else { glow },
        ..finish.clone()
    }
}

fn on_pit_click(
    click: On<Pointer<Click>>,
    pits: Query<&PitView>,
    game: Res<CurrentGame>,
    (close, panned): (Res<CloseView>, Res<Panned>),
    mut out: MessageWriter<PitClicked>,
    mut view: MessageWriter<ViewRequest>,
) {
    // A press that dragged the board along plays nothing.
    if click.button != PointerButton::Primary || panned.0 {
        return;
    }
    if let Some(pit) = pits.get(click.entity).ok().and_then(|p| p.pit_on(&game.0)) {
        if close.takes_taps() {
            // The whole board of a wide one: a tap brings that pit close.
            view.write(ViewRequest::CloseOn(pit));
        } else {
            out.write(PitClicked(pit));
        }
    }
}

fn on_pit_over(
    over: On<Pointer<Over>>,
    pits: Query<&PitView>,
    game: Res<CurrentGame>,
    mut hovered: ResMut<HoveredPit>,
) {
    if let Some(pit) = pits.get(over.entity).ok().and_then(|p| p.pit_on(&game.0)) {
        hovered.0 = Some(pit);
    }
}

fn on_pit_out(out: On<Pointer<Out>>, pits: Query<&PitView>, mut hovered: ResMut<HoveredPit>) {
    if pits.get(out.entity).is_ok_and(|p| hovered.0 == Some(p.pit)) {
        hovered.0 = None;
    }
}

/// Where the first lap from `pit` would end, for the hover preview.
pub fn first_lap_landing(state: &crate::rules::GameState, pit: Pit) -> Option<Pit> {
    use crate::rules::{Direction, Pending, sowing::Sowing};
    let board = state.board();
    let i = board.index(pit)?;
    let n = state.seeds().pits[i] as u32;
    if !matches!(state.pending(), Pending::Turn) || n == 0 || board.owner(i) != state.to_decide() {
        return None;
    }
    let mut pits = state.seeds().pits.clone();
    pits[i] = 0;
    let (landing, _) =
        Sowing::preview_landing(board, state.to_decide(), &pits, i, n, Direction::Ccw);
    Some(board.pit(landing))
}

/// What marks pits besides the legal moves: the cursor, a choice being offered, the
/// hovered pit, a set-up being arranged, a hint and a lesson's guide.
#[derive(SystemParam)]
struct PitMarks<'w> {
    cursor: Res<'w, Cursor>,
    choice: Res<'w, Choice>,
    hovered: Res<'w, HoveredPit>,
    draft: Res<'w, ArrangeDraft>,
    /// The hint's and the review's pits, and whether a person may decide.
    play: Res<'w, crate::game::shared::PlayMarks>,
    guided: Res<'w, GuidedPits>,
    /// Whether someone may decide (no marks of legal pits otherwise).
    mode: CurrentMode<'w>,
    access: Res<'w, crate::game::shared::Access>,
}

/// Lights the pits a person may play now, the keyboard cursor and the pit the
/// animation points at; materials change only when a pit's look changes.
#[allow(clippy::type_complexity)]
fn light_pits(
    (game, anim): (
        Res<CurrentGame>,
        Res<crate::game::show::animation::Animation>,
    ),
    marks: PitMarks,
    assets: Option<Res<crate::game::look::scene::LookAssets>>,
    mut pits: Query<(
        &PitView,
        &mut PitLook,
        &PitTint,
        &mut MeshMaterial3d<StandardMaterial>,
        &Children,
    )>,
    mut markers: Query<(&PitMarker, &mut Visibility)>,
    (mut materials, graphics, mut shared): (
        ResMut<Assets<StandardMaterial>>,
        Option<Res<Graphics>>,
        ResMut<SharedHollows>,
    ),
    mut playable: Local<Vec<Pit>>,
) {
    let contrast_changed = marks.access.is_changed();
    // The legal pits change only with the rules state: work them out then, not per frame.
    if game.is_changed() {
        let arranging = matches!(game.0.pending(), crate::rules::Pending::Arrange);
        let own = game.0.board().own_pits(game.0.to_decide());
        *playable = crate::rules::legal_decisions(&game.0)
            .iter()
            .filter_map(|d| match d {
                crate::rules::Decision::Strip(p) => Some(*p),
                d => d.start_pit(),
            })
            .chain(own.filter(|_| arranging).map(|i| game.0.board().pit(i)))
            .collect();
    }
    let can_play = marks.mode.deciding() && marks.play.person_decides;
    let PitMarks {
        cursor,
        choice,
        hovered,
        draft,
        play,
        guided,
        access,
        ..
    } = marks;
    // The review's moment: the best pit is marked (the pointer over it), the pit
    // played lit as a preview; the review's tags over them say which is which.
    let reviewed_best = play.reviewed_best;
    let reviewed_played = play.reviewed_played.filter(|p| Some(*p) != reviewed_best);
    let preview = hovered
        .0
        .filter(|p| can_play && playable.contains(p))
        .and_then(|p| first_lap_landing(&game.0, p));
    let glowing = &guided.0;
    let Some(assets) = assets else { return };
    let low = low_graphics(&graphics);
    for (view, mut look, tint, mut mat, children) in &mut pits {
        if view.index_on(&game.0).is_none() {
            continue; // a pit of the board being replaced
        }
        let hinted = play.hint == Some(view.pit) || (can_play && glowing.contains(&view.pit));
        let want = PitLook::of(PitShows {
            marked: anim.highlight == Some(view.pit)
                || draft.selected == Some(view.index)
                || hinted
                || choice.0.iter().any(|d| d.start_pit() == Some(view.pit))
                || reviewed_best == Some(view.pit),
            preview: preview == Some(view.pit) || reviewed_played == Some(view.pit),
            cursor: cursor.0 == Some(view.index),
            legal: can_play && playable.contains(&view.pit),
            guided: can_play && !glowing.is_empty(),
        });
        if low {
            // Also the first frame of low graphics decided late (the browser).
            let material = shared.get(&assets, want, access.high_contrast, &mut materials);
            if mat.0 != material {
                mat.0 = material;
            }
        }
        if *look != want || contrast_changed {
            *look = want;
            if !low && let Some(mut m) = materials.get_mut(&mat.0) {
                *m = hollow_material(&assets.board, want, access.high_contrast, *tint);
            }
            for child in children {
                if let Ok((marker, mut shown)) = markers.get_mut(*child) {
                    *shown = if marker.shows_for(want) {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    };
                }
            }
        }
    }
}

/// One of the two arrows offered at the pit where Omweso's next lap starts.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectionArrow(pub crate::rules::Direction);

/// Omweso's mid-turn choice on the board: two arrows at the lap's start pit, one
/// towards the next pit counter-clockwise, one clockwise (the capture); click one.
fn direction_arrows(
    mut commands: Commands,
    (game, play): (Res<CurrentGame>, Res<crate::game::shared::PlayMarks>),
    arrows: Query<Entity, With<DirectionArrow>>,
    mut shown: Local<Option<Pit>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    use crate::rules::{Direction, Pending};
    let s = &game.0;
    let want = match s.pending() {
        Pending::Direction(m) if play.person_decides => Some(m.from),
        _ => None,
    };
    // (Arrows go when nobody decides any more: DespawnOnExit.)
    if want == *shown && (want.is_none() || !arrows.is_empty()) {
        return;
    }
    *shown = want;
    for e in &arrows {
        commands.entity(e).despawn();
    }
    let Some(from) = want else { return };
    let board = s.board();
    let Some(i) = board.index(from) else { return };
    let circuit = board.circuit(s.to_decide());
    let Some(pos) = board.circuit_position(s.to_decide(), i) else {
        return;
    };
    let (x, z) = layout::pit_centre(board, i);
    let at = Vec3::new(x, layout::BOARD_TOP + 0.35, z);
    let cone = meshes.add(crate::game::look::carving::one_layout(
        Cone {
            radius: 0.16,
            height: 0.42,
        }
        .into(),
    ));
    for (dir, next, colour) in [
        (
            Direction::Ccw,
            circuit[(pos + 1) % circuit.len()],
            Color::srgb(0.35, 0.75, 0.95),
        ),
        (
            Direction::Cw,
            circuit[(pos + circuit.len() - 1) % circuit.len()],
            Color::srgb(0.95, 0.45, 0.25),
        ),
    ] {
        let (nx, nz) = layout::pit_centre(board, next as usize);
        let towards = (Vec3::new(nx, at.y, nz) - at).normalize_or_zero();
        commands
            .spawn((
                DirectionArrow(dir),
                DespawnOnExit(Deciding),
                Mesh3d(cone.clone()),
                MeshMaterial3d(materials.add(crate::game::look::carving::smooth(
                    StandardMaterial {
                        base_color: colour,
                        emissive: colour.to_linear() * 0.6,
                        ..default()
                    },
                ))),
                Transform::from_translation(at + towards * 0.45)
                    .with_rotation(Quat::from_rotation_arc(Vec3::Y, towards)),
            ))
            .observe(
                move |click: On<Pointer<Click>>,
                      mut out: MessageWriter<crate::game::shared::DecisionMade>| {
                    if click.button == PointerButton::Primary {
                        out.write(crate::game::shared::DecisionMade::here(
                            crate::rules::Decision::Direction(dir),
                        ));
                    }
                },
            );
    }
}

#[cfg(test)]
mod look_tests {
    use super::{PitLook, PitShows};

    #[test]
    fn in_a_lesson_only_the_pits_it_asks_for_stand_out() {
        let legal = PitShows {
            legal: true,
            ..Default::default()
        };
        assert_eq!(PitLook::of(legal), PitLook::Legal);
        let in_lesson = PitShows {
            guided: true,
            ..legal
        };
        assert_eq!(PitLook::of(in_lesson), PitLook::Plain);
        let asked_for = PitShows {
            marked: true,
            ..in_lesson
        };
        assert_eq!(PitLook::of(asked_for), PitLook::Marked);
        let hovered_target = PitShows {
            preview: true,
            ..in_lesson
        };
        assert_eq!(PitLook::of(hovered_target), PitLook::Preview);
    }
}
