//! Seeds as entities: one per seed, resting in a pit, a store, a captured pile or the
//! hand. [`snap_seeds`] makes them equal to a set of seeds at once (start, load, skip);
//! during play the animation moves them event by event.

use crate::game::CurrentGame;
use crate::game::look::carving::{PIT_DEPTH, STORE_HALF_LENGTH, bowl_height, tray_floor};
use crate::game::look::graphics::Graphics;
use crate::game::look::layout::{self, PIT_RADIUS};
use crate::game::look::seed_shapes::Detail;
use crate::rules::{Board, Game, GameState, Player, Tableau};
use bevy::prelude::*;

/// Where a seed rests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A pit, by flat index.
    Pit(usize),
    /// An Anywoli store.
    Store(Player),
    /// Seeds a player has taken off the board, piled on his side of the table.
    Captured(Player),
    /// The hand of a turn in progress.
    Hand,
}

/// One seed and where it rests; `slot` is its place in the pile (0 at the bottom).
#[derive(Component, Clone, Copy, Debug)]
pub struct SeedView {
    pub place: Place,
    pub slot: usize,
}

/// Ask to make the seed entities equal to the rules state at once.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Resync;

/// Mirrors the rules' seeds as entities.
pub fn plugin(app: &mut App) {
    app.add_message::<Resync>().add_systems(
        PostUpdate,
        snap_seeds
            .in_set(crate::game::Rebuild::Seeds)
            .run_if(on_message::<Resync>),
    );
}

/// How many seeds a set of seeds puts in each place.
pub fn places(t: &Tableau) -> Vec<(Place, usize)> {
    let mut out: Vec<(Place, usize)> = t
        .pits
        .iter()
        .enumerate()
        .map(|(i, &n)| (Place::Pit(i), n as usize))
        .collect();
    for p in Player::BOTH {
        out.push((Place::Store(p), t.stores[p as usize] as usize));
        out.push((Place::Captured(p), t.captured[p as usize] as usize));
    }
    out.push((Place::Hand, t.hand as usize));
    out
}

/// Where the hand hovers above a pit.
pub fn hand_above(board: &Board, pit: usize) -> Vec3 {
    let (x, z) = layout::pit_centre(board, pit);
    Vec3::new(x, layout::BOARD_TOP + 1.2, z)
}

/// Where seed `slot` of `place` lies in the world; the hand hovers at `hand`.
pub fn seed_position(board: &Board, game: Game, place: Place, slot: usize, hand: Vec3) -> Vec3 {
    let (cx, cz, radius) = match place {
        Place::Pit(i) => {
            let (x, z) = layout::pit_centre(board, i);
            (x, z, PIT_RADIUS)
        }
        Place::Store(p) => {
            let (x, z) = layout::store_centre(board, p);
            (x, z, PIT_RADIUS)
        }
        Place::Captured(p) => {
            // A heap in the player's tray (or on the ground) beside the board.
            let look = crate::game::look::look(game);
            let r = layout::tray_radius(game.total_seeds(board.cols));
            let (x, z) =
                crate::game::look::framing::tray_centre(board, game == Game::Anywoli, p, r);
            let (dx, dy, dz) = layout::heap_offset(slot, r - 0.06);
            let floor = match look.tray {
                crate::game::look::Tray::Heap => 0.0,
                _ => tray_floor((dx * dx + dz * dz).sqrt(), r),
            };
            return Vec3::new(x + dx, look.table_y() + floor + dy, z + dz);
        }
        Place::Hand => {
            let (dx, dy, dz) = layout::pile_offset(slot, PIT_RADIUS * 0.8);
            return hand + Vec3::new(dx, dy, dz);
        }
    };
    let (dx, dy, mut dz) = layout::pile_offset(slot, radius);
    let floor = match place {
        // Seeds rest on the bowl of a pit or store.
        Place::Pit(_) => bowl_height((dx * dx + dz * dz).sqrt() / PIT_RADIUS, PIT_DEPTH),
        Place::Store(_) => {
            dz *= STORE_HALF_LENGTH / PIT_RADIUS * 0.8;
            let f = ((dx / PIT_RADIUS).powi(2) + (dz / STORE_HALF_LENGTH).powi(2)).sqrt();
            bowl_height(f, PIT_DEPTH + 0.04)
        }
        _ => 0.0,
    };
    Vec3::new(cx + dx, layout::BOARD_TOP + floor + dy, cz + dz)
}

/// Where the hand is when nothing says otherwise: above the middle of the board.
pub fn default_hand() -> Vec3 {
    Vec3::new(0.0, layout::BOARD_TOP + 1.2, 0.0)
}

/// Makes the seed entities hold exactly `t`: keeps what fits, moves or spawns the
/// rest, despawns what is left over.
pub fn snap_to(
    commands: &mut Commands,
    state: &GameState,
    t: &Tableau,
    seeds: &mut Query<(Entity, &mut SeedView, &mut Transform)>,
) {
    use std::collections::{HashMap, HashSet};
    let board = state.board();
    // Seeds in hand hover above the pit the next lap starts from.
    let hand = match state.pending() {
        crate::rules::Pending::Direction(m) => board
            .index(m.from)
            .map_or(default_hand(), |i| hand_above(board, i)),
        _ => default_hand(),
    };
    let want: HashMap<Place, usize> = places(t).into_iter().collect();
    let mut taken: HashSet<(Place, usize)> = HashSet::new();
    let mut spare: Vec<Entity> = Vec::new();
    for (e, s, mut tf) in seeds.iter_mut() {
        commands.entity(e).try_remove::<bevy_tweening::TweenAnim>();
        let fits = s.slot < want.get(&s.place).copied().unwrap_or(0);
        if fits && taken.insert((s.place, s.slot)) {
            let at = seed_position(board, state.game(), s.place, s.slot, hand);
            if tf.translation != at {
                tf.translation = at;
            }
        } else {
            spare.push(e);
        }
    }
    let mut spare = spare.into_iter();
    for (&place, &n) in &want {
        for slot in (0..n).filter(|&slot| !taken.contains(&(place, slot))) {
            let at = seed_position(board, state.game(), place, slot, hand);
            match spare.next().and_then(|e| seeds.get_mut(e).ok()) {
                Some((_, mut s, mut tf)) => {
                    *s = SeedView { place, slot };
                    tf.translation = at;
                }
                None => {
                    commands.spawn((
                        SeedView { place, slot },
                        Transform::from_translation(at),
                        Visibility::default(),
                    ));
                }
            }
        }
    }
    for e in spare {
        commands.entity(e).despawn();
    }
}

/// Snaps the seeds to the rules state (on [`Resync`]).
pub fn snap_seeds(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut seeds: Query<(Entity, &mut SeedView, &mut Transform)>,
) {
    let t = game.0.seeds().clone();
    snap_to(&mut commands, &game.0, &t, &mut seeds);
}

/// Checks that the seed entities match the rules state place by place.
pub fn mirror_mismatches(state: &GameState, seeds: &[SeedView]) -> Vec<String> {
    let mut counts: std::collections::HashMap<Place, Vec<usize>> = Default::default();
    for s in seeds {
        counts.entry(s.place).or_default().push(s.slot);
    }
    let mut wrong: Vec<String> = places(state.seeds())
        .into_iter()
        .filter_map(|(place, want)| {
            let mut slots = counts.remove(&place).unwrap_or_default();
            slots.sort_unstable();
            let ok = slots.len() == want && slots.iter().enumerate().all(|(i, &s)| i == s);
            (!ok).then(|| format!("{place:?}: slots {slots:?}, the rules say {want} seeds"))
        })
        .collect();
    wrong.extend(
        counts
            .into_iter()
            .map(|(place, s)| format!("{place:?}: {} stray seeds", s.len())),
    );
    wrong
}

/// Meshes and materials for seeds: each game's own kind (see [`crate::game::look`]), in
/// several shapes and tones, every seed turned its own way.
pub fn visuals_plugin(app: &mut App) {
    app.add_systems(PostUpdate, dress_seeds.in_set(crate::game::Rebuild::Dress));
}

/// Shared seed assets, made for the game being played.
#[derive(Resource)]
struct SeedLook {
    game: Game,
    detail: Detail,
    meshes: Vec<Handle<Mesh>>,
    materials: Vec<Handle<StandardMaterial>>,
}

/// Tones per kind of seed: each of the look's tones in a lighter and a darker shade.
fn seed_materials(look: &crate::game::look::GameLook) -> Vec<StandardMaterial> {
    look.seed_tones
        .iter()
        .flat_map(|&[r, g, b]| {
            [0.92, 1.08].map(|k| {
                crate::game::look::carving::smooth(StandardMaterial {
                    base_color: Color::srgb(r * k, g * k, b * k),
                    perceptual_roughness: look.seed_roughness * k,
                    // Shells and polished seeds catch the light; stones barely.
                    reflectance: 0.5,
                    ..default()
                })
            })
        })
        .collect()
}

fn dress_seeds(
    mut commands: Commands,
    game: Res<CurrentGame>,
    new: Query<Entity, (With<SeedView>, Without<Mesh3d>)>,
    all: Query<Entity, With<SeedView>>,
    (look, graphics): (Option<Res<SeedLook>>, Option<Res<Graphics>>),
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    use crate::game::look::SeedKind;
    use crate::game::look::seed_shapes::{VARIANTS, seed_mesh};
    // Low graphics (known a few frames late in the browser) re-dresses every seed.
    let detail = if graphics.is_some_and(|g| g.low) {
        Detail::Coarse
    } else {
        Detail::Fine
    };
    let stale = look
        .as_ref()
        .is_none_or(|l| l.game != game.0.game() || l.detail != detail);
    if new.is_empty() && !stale {
        return;
    }
    let g = game.0.game();
    let kind = crate::game::look::look(g).seeds;
    let (shapes, tones) = match look {
        Some(l) if !stale => (l.meshes.clone(), l.materials.clone()),
        _ => {
            let shapes: Vec<Handle<Mesh>> = (0..VARIANTS)
                .map(|v| {
                    meshes.add(crate::game::look::carving::to_mesh(seed_mesh(
                        kind, v, detail,
                    )))
                })
                .collect();
            let tones: Vec<Handle<StandardMaterial>> = seed_materials(&crate::game::look::look(g))
                .into_iter()
                .map(|m| materials.add(m))
                .collect();
            commands.insert_resource(SeedLook {
                game: g,
                detail,
                meshes: shapes.clone(),
                materials: tones.clone(),
            });
            (shapes, tones)
        }
    };
    // Stones, shells and beans lie flat; round seeds roll any way.
    let lies_flat = matches!(
        kind,
        SeedKind::Pebble | SeedKind::Cowrie | SeedKind::Nyibare
    );
    let dress = |commands: &mut Commands, e: Entity| {
        // Each seed a little different in shape, size, tone and the way it lies.
        let h = e
            .to_bits()
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(17);
        let pick = |shift: u32, n: usize| ((h >> shift) % n as u64) as usize;
        let unit = |shift: u32| ((h >> shift) & 0xff) as f32 / 255.0;
        let size = 0.9 + 0.2 * unit(8);
        let yaw = unit(16) * std::f32::consts::TAU;
        let turn = if lies_flat {
            Quat::from_rotation_y(yaw) * Quat::from_rotation_x((unit(24) - 0.5) * 0.25)
        } else {
            Quat::from_euler(EulerRot::YXZ, yaw, unit(24) * 6.0, unit(32) * 6.0)
        };
        commands
            .entity(e)
            .insert((
                Mesh3d(shapes[pick(40, shapes.len())].clone()),
                MeshMaterial3d(tones[pick(48, tones.len())].clone()),
                // A click on a pile goes to its pit, and no ray is cast at 284 seeds.
                Pickable::IGNORE,
            ))
            .entry::<Transform>()
            .and_modify(move |mut t| {
                t.scale = Vec3::splat(size);
                t.rotation = turn;
            });
    };
    if stale {
        for e in &all {
            dress(&mut commands, e);
        }
    } else {
        for e in &new {
            dress(&mut commands, e);
        }
    }
}
