//! Seeds as entities: one per seed, resting in a pit, a store or a captured pile.
//! [`sync_seeds`] keeps them equal to the rules state whenever it changes.

use super::CurrentGame;
use super::layout::{self, PIT_RADIUS, SEED_RADIUS};
use crate::rules::{Game, GameState, Player};
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

/// One seed and where it rests; `slot` is its place in the pile.
#[derive(Component, Clone, Copy, Debug)]
pub struct SeedView {
    pub place: Place,
    pub slot: usize,
}

/// Mirrors the rules' seeds as entities.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, sync_seeds.run_if(resource_changed::<CurrentGame>));
}

/// How many seeds the rules put in each place.
pub fn places(state: &GameState) -> Vec<(Place, usize)> {
    let t = state.seeds();
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

/// Where a seed of `place`, `slot` lies in the world.
pub fn seed_position(state: &GameState, place: Place, slot: usize) -> Vec3 {
    let board = state.board();
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
            let has_stores = state.game() == Game::Anywoli;
            let (w, d) = layout::board_size(board, has_stores);
            let side = if p == Player::South { 1.0 } else { -1.0 };
            (side * (w / 2.0 + 0.8), side * d / 4.0, 0.7)
        }
        Place::Hand => (0.0, 0.0, PIT_RADIUS),
    };
    let (dx, dy, dz) = layout::pile_offset(slot, radius);
    let lift = if place == Place::Hand { 1.5 } else { 0.0 };
    let sink = if matches!(place, Place::Captured(_)) {
        0.3
    } else {
        0.0
    };
    Vec3::new(cx + dx, layout::BOARD_TOP + dy + lift - sink, cz + dz)
}

/// Spawns and despawns seed entities so that every place holds what the rules say.
pub fn sync_seeds(
    mut commands: Commands,
    game: Res<CurrentGame>,
    seeds: Query<(Entity, &SeedView)>,
) {
    let mut have: std::collections::HashMap<Place, Vec<(usize, Entity)>> = Default::default();
    for (e, s) in &seeds {
        have.entry(s.place).or_default().push((s.slot, e));
    }
    for (place, want) in places(&game.0) {
        let mut present = have.remove(&place).unwrap_or_default();
        present.sort_unstable();
        for &(_, e) in present.iter().skip(want) {
            commands.entity(e).despawn();
        }
        for slot in present.len()..want {
            commands.spawn((
                SeedView { place, slot },
                Transform::from_translation(seed_position(&game.0, place, slot)),
                Visibility::default(),
            ));
        }
    }
    for (_, rest) in have {
        for (_, e) in rest {
            commands.entity(e).despawn();
        }
    }
}

/// Checks that the seed entities match the rules state place by place.
pub fn mirror_mismatches(state: &GameState, seeds: &[SeedView]) -> Vec<String> {
    let mut counts: std::collections::HashMap<Place, usize> = Default::default();
    for s in seeds {
        *counts.entry(s.place).or_default() += 1;
    }
    places(state)
        .into_iter()
        .filter_map(|(place, want)| {
            let got = counts.get(&place).copied().unwrap_or(0);
            (got != want).then(|| format!("{place:?}: {got} seed entities, the rules say {want}"))
        })
        .collect()
}

/// Meshes and materials for seeds: small rounded seeds, a look per game, with a
/// little variation in size and tone.
pub fn visuals_plugin(app: &mut App) {
    app.add_systems(PostUpdate, dress_seeds);
}

/// Shared seed assets.
#[derive(Resource)]
struct SeedLook {
    mesh: Handle<Mesh>,
    materials: Vec<Handle<StandardMaterial>>,
}

fn dress_seeds(
    mut commands: Commands,
    game: Res<CurrentGame>,
    new: Query<(Entity, &SeedView), Added<SeedView>>,
    look: Option<Res<SeedLook>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if new.is_empty() {
        return;
    }
    let look = match look {
        Some(l) => SeedLook {
            mesh: l.mesh.clone(),
            materials: l.materials.clone(),
        },
        None => {
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
                mesh: l.mesh.clone(),
                materials: l.materials.clone(),
            });
            l
        }
    };
    for (e, s) in &new {
        let h = (s.slot * 7 + (e.to_bits() % 1009) as usize * 13) % 97;
        let scale = Vec3::new(
            1.0 + (h % 5) as f32 * 0.04,
            0.8 + (h % 3) as f32 * 0.05,
            1.0,
        );
        commands.entity(e).insert((
            Mesh3d(look.mesh.clone()),
            MeshMaterial3d(look.materials[h % look.materials.len()].clone()),
        ));
        let at = seed_position(&game.0, s.place, s.slot);
        commands.entity(e).insert(
            Transform::from_translation(at)
                .with_scale(scale)
                .with_rotation(Quat::from_rotation_y(h as f32)),
        );
    }
}
