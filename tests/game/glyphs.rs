//! New glyphs reach the screen in the frame whose text uses them: egui's font
//! texture is updated before the asset events that make the renderer upload it.
//! Checked in the schedule itself, since which of two unordered systems runs first
//! is up to the executor (the wrong order left letters out of a frame's text), and
//! in the game itself: frame after frame of sowing, menus and words, what the
//! renderer would hold of egui's font texture is egui's own font atlas.

use crate::common::player::{Player, data_folder};
use bevy::asset::AssetEventSystems;
use bevy::ecs::schedule::{NodeId, ScheduleLabel, SystemSet};
use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPostUpdateSet};
use mancala_hall::game::ui::hud::new_glyphs_in_their_own_frame;

/// An app with egui and image assets, headless; `ordered` adds the game's ordering.
fn app(ordered: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default()))
        .init_asset::<Image>()
        .init_asset::<bevy::shader::Shader>()
        .add_plugins(EguiPlugin::default());
    if ordered {
        new_glyphs_in_their_own_frame(&mut app);
    }
    app
}

/// Whether, in `app`'s PostUpdate, the system named `system` is in `set`.
fn in_set(app: &App, system: &str, set: impl SystemSet) -> bool {
    let graph = app.get_schedule(PostUpdate.intern()).unwrap().graph();
    let Some(set) = graph.system_sets.get_key(set.intern()) else {
        return false;
    };
    graph.systems.iter().any(|(key, sys, _)| {
        sys.name().to_string().contains(system)
            && graph
                .hierarchy()
                .contains_edge(NodeId::Set(set), NodeId::System(key))
    })
}

/// Whether `a` is ordered directly before `b` in `app`'s PostUpdate.
fn before(app: &App, a: impl SystemSet, b: impl SystemSet) -> bool {
    let graph = app.get_schedule(PostUpdate.intern()).unwrap().graph();
    match (
        graph.system_sets.get_key(a.intern()),
        graph.system_sets.get_key(b.intern()),
    ) {
        (Some(a), Some(b)) => graph
            .dependency()
            .contains_edge(NodeId::Set(a), NodeId::Set(b)),
        _ => false,
    }
}

#[test]
fn egui_texture_changes_become_asset_events_in_the_same_frame() {
    let app = app(true);
    // Where the two systems live (if bevy or bevy_egui move them, this must be
    // looked at again).
    assert!(in_set(
        &app,
        "update_egui_textures_system",
        EguiPostUpdateSet::PostProcessOutput
    ));
    assert!(in_set(&app, "Image>::asset_events", AssetEventSystems));
    // The game orders them; bevy_egui alone does not.
    assert!(before(
        &app,
        EguiPostUpdateSet::PostProcessOutput,
        AssetEventSystems
    ));
    assert!(!before(
        &self::app(false),
        EguiPostUpdateSet::PostProcessOutput,
        AssetEventSystems
    ));
}

/// What the renderer holds of each image: a copy taken in each frame whose asset
/// events say the image was added or changed, as Bevy's render-asset extraction does
/// (an image changed after that frame's events reaches the GPU a frame late).
#[derive(Resource, Default)]
struct RendererCopies(std::collections::HashMap<AssetId<Image>, Vec<u8>>);

fn copy_as_the_renderer_does(
    mut events: MessageReader<AssetEvent<Image>>,
    images: Res<Assets<Image>>,
    mut copies: ResMut<RendererCopies>,
) {
    for event in events.read() {
        if let AssetEvent::Added { id } | AssetEvent::Modified { id } = event
            && let Some(data) = images.get(*id).and_then(|i| i.data.clone())
        {
            copies.0.insert(*id, data);
        }
    }
}

/// egui's font atlas as it is now, as the bytes of its texture image; and the image
/// bevy_egui keeps it in.
fn font_atlas(app: &mut App) -> (Vec<u8>, AssetId<Image>) {
    let mut contexts = app
        .world_mut()
        .query_filtered::<(Entity, &mut bevy_egui::EguiContext), With<bevy_egui::PrimaryEguiContext>>();
    let (entity, mut ctx) = contexts
        .single_mut(app.world_mut())
        .expect("one egui context");
    let atlas = ctx.get_mut().fonts(|f| f.image());
    let bytes = atlas.pixels.iter().flat_map(|c| c.to_array()).collect();
    let textures = app.world().resource::<bevy_egui::EguiManagedTextures>();
    let image = textures.0[&(entity, 0)].handle.id();
    (bytes, image)
}

#[test]
fn every_frame_the_renderer_has_the_glyphs_egui_laid_out() {
    let data = data_folder("glyphs");
    // The computer against itself, seeds moving, every pit's count shown; then the
    // menu and back, and Swahili: many texts, many sizes, new glyphs now and then.
    let mut player = Player::start(
        &[
            "--game", "nsolo", "--south", "computer", "--north", "computer", "--level", "random",
        ],
        &data,
        std::time::Duration::from_millis(50),
    );
    player
        .app
        .init_resource::<RendererCopies>()
        .add_systems(Last, copy_as_the_renderer_does);
    let mut frames_with_new_glyphs = 0;
    let mut last_atlas = font_atlas(&mut player.app).0;
    let mut check = |player: &mut Player, what: &str| {
        let (atlas, image) = font_atlas(&mut player.app);
        if atlas != last_atlas {
            frames_with_new_glyphs += 1;
            last_atlas = atlas.clone();
        }
        let held = player
            .app
            .world()
            .resource::<RendererCopies>()
            .0
            .get(&image);
        assert!(
            held == Some(&atlas),
            "{what}: the renderer's copy of egui's font texture lacks glyphs laid out this frame"
        );
    };
    for frame in 0..240 {
        player.frames(1);
        check(&mut player, &format!("sowing, frame {frame}"));
    }
    for button in ["menu", "resume"] {
        let at = player.find(button);
        player.click_at(at);
        for frame in 0..10 {
            player.frames(1);
            check(&mut player, &format!("after {button}, frame {frame}"));
        }
    }
    player
        .app
        .world_mut()
        .resource_mut::<mancala_hall::game::ui::language::Tr>()
        .0 = mancala_hall::content::i18n::Language::Swahili;
    for frame in 0..20 {
        player.frames(1);
        check(&mut player, &format!("in Swahili, frame {frame}"));
    }
    // The test saw glyphs added while it ran, not only the atlas of the first frame.
    assert!(frames_with_new_glyphs > 0, "no new glyph was laid out");
}
