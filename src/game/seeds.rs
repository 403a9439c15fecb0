//! Seeds as entities: one per seed, resting in a pit, a store, a captured pile or the
//! hand. [`snap_seeds`] makes them equal to a set of seeds at once (start, load, skip);
//! during play the animation moves them event by event.

use super::CurrentGame;
use super::carving::{PIT_DEPTH, STORE_HALF_LENGTH, bowl_height};
use super::layout::{self, PIT_RADIUS, SEED_RADIUS};
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
    app.add_message::<Resync>()
        .add_systems(PostUpdate, snap_seeds.run_if(on_message::<Resync>));
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
            let (w, d) = layout::board_size(board, game == Game::Anywoli);
            let side = if p == Player::South { 1.0 } else { -1.0 };
            (side * (w / 2.0 + 0.8), side * d / 4.0, 0.7)
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
        // Captured piles lie on the table beside the board.
        _ => -0.3,
    };
    Vec3::new(cx + dx, layout::BOARD_TOP + floor + dy, cz + dz)
}

/// Where the hand is when nothing says otherwise: above the middle of the board.
pub fn default_hand(board: &Board) -> Vec3 {
    let _ = board;
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
            .map_or(default_hand(board), |i| hand_above(board, i)),
        _ => default_hand(board),
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

/// Meshes and materials for seeds: small rounded seeds, a look per game, with a
/// little variation in size and tone.
pub fn visuals_plugin(app: &mut App) {
    app.add_systems(PostUpdate, dress_seeds.after(snap_seeds));
}

/// Shared seed assets, made for the game being played.
#[derive(Resource)]
struct SeedLook {
    game: Game,
    mesh: Handle<Mesh>,
    materials: Vec<Handle<StandardMaterial>>,
}

fn dress_seeds(
    mut commands: Commands,
    game: Res<CurrentGame>,
    new: Query<Entity, (With<SeedView>, Without<Mesh3d>)>,
    all: Query<Entity, With<SeedView>>,
    look: Option<Res<SeedLook>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let stale = look.as_ref().is_some_and(|l| l.game != game.0.game());
    if new.is_empty() && !stale {
        return;
    }
    let look = match look {
        Some(l) if !stale => SeedLook {
            game: l.game,
            mesh: l.mesh.clone(),
            materials: l.materials.clone(),
        },
        _ => {
            let tones: &[(f32, f32, f32)] = if game.0.game() == Game::Omweso {
                &[(0.05, 0.04, 0.04), (0.09, 0.07, 0.06), (0.12, 0.10, 0.08)] // hard black empiki
            } else {
                &[
                    (0.78, 0.70, 0.55),
                    (0.70, 0.62, 0.48),
                    (0.85, 0.78, 0.62),
                    (0.62, 0.55, 0.45),
                ]
            };
            let l = SeedLook {
                game: game.0.game(),
                mesh: meshes.add(Sphere::new(SEED_RADIUS).mesh().uv(16, 10)),
                materials: tones
                    .iter()
                    .map(|&(r, g, b)| {
                        materials.add(StandardMaterial {
                            base_color: Color::srgb(r, g, b),
                            perceptual_roughness: 0.35,
                            reflectance: 0.6,
                            ..default()
                        })
                    })
                    .collect(),
            };
            commands.insert_resource(SeedLook {
                game: l.game,
                mesh: l.mesh.clone(),
                materials: l.materials.clone(),
            });
            l
        }
    };
    let dress = |commands: &mut Commands, e: Entity| {
        // Each seed a little different in size, shape and tone.
        let h = (e.to_bits() % 1009) as usize * 13 % 97;
        let scale = Vec3::new(
            0.96 + (h % 3) as f32 * 0.02,
            0.82 + (h % 3) as f32 * 0.05,
            0.94 + (h % 5) as f32 * 0.02,
        );
        let turn = Quat::from_rotation_y(h as f32 * 0.7);
        commands
            .entity(e)
            .insert((
                Mesh3d(look.mesh.clone()),
                MeshMaterial3d(look.materials[h % look.materials.len()].clone()),
                // A click on a pile goes to its pit, and no ray is cast at 284 seeds.
                Pickable::IGNORE,
            ))
            .entry::<Transform>()
            .and_modify(move |mut t| {
                t.scale = scale;
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
